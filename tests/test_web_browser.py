"""End to end: the web example in headless Chromium, played by clicking, for every game.

Chromium is driven through its DevTools protocol over a WebSocket, with a
small client written here on the standard library (no driver, no extra
package). The test is skipped only when no Chromium binary exists; CI
installs Debian's ``chromium``. Set ``TILEGAMES_WEB_SCREENSHOTS`` to a folder
to keep the screenshots (the docs' pictures are made that way).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "examples" / "web" / "server.py"
BROWSER = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name)) is not None
    ),
    None,
)
TIMEOUT = 20.0  # seconds for any one wait
GAMES = ("axio-rota", "axio", "aztack", "polygon")

pytestmark = pytest.mark.skipif(BROWSER is None, reason="no chromium binary on this machine")


class DevTools:
    """A minimal client of the Chrome DevTools protocol over one WebSocket (RFC 6455)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        self.sock = socket.create_connection((host, port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {parts.path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"WebSocket handshake refused: {head[:200]!r}")
        self.next_id = 0

    def close(self) -> None:
        self.sock.close()

    def _send(self, text: str) -> None:
        payload = text.encode()
        size = len(payload)
        if size < 126:
            header = bytes([0x81, 0x80 | size])
        elif size < 1 << 16:
            header = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
        else:
            header = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _exactly(self, count: int) -> bytes:
        data = bytearray()
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise ConnectionError("the browser closed the WebSocket")
            data += chunk
        return bytes(data)

    def _message(self) -> dict[str, Any]:
        parts = bytearray()
        while True:
            first, second = self._exactly(2)
            size = second & 0x7F
            if size == 126:
                size = int.from_bytes(self._exactly(2), "big")
            elif size == 127:
                size = int.from_bytes(self._exactly(8), "big")
            payload = self._exactly(size)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise ConnectionError("the browser closed the WebSocket")
            if opcode in (0x9, 0xA):  # ping, pong: nothing to do for the protocol
                continue
            parts += payload
            if first & 0x80:
                message: dict[str, Any] = json.loads(parts.decode())
                return message

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send a command and wait for its answer (events on the way are dropped)."""
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            message = self._message()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
        raise TimeoutError(f"no answer to {method}")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises are awaited)."""
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str) -> Any:
        """Poll a JavaScript expression until it is truthy; return its value."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"still false after {TIMEOUT}s: {expression}")

    def click(self, selector: str) -> None:
        """Click the middle of the first element matching ``selector``, as a mouse would."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " e.scrollIntoView({block: 'center', inline: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """The web example's server on a free loopback port, stopped afterwards."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stderr is not None
        line = process.stdout.readline()  # printed once the socket listens
        assert line.startswith("serving on http://127.0.0.1:"), line + process.stderr.read()
        yield f"http://127.0.0.1:{port}/"
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevTools]:
    """Headless Chromium with a fresh profile, driven over DevTools, stopped afterwards."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    process = subprocess.Popen(
        [
            str(BROWSER),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            f"--user-data-dir={profile}",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            "--window-size=1400,1000",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client: DevTools | None = None
    try:
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + TIMEOUT
        while not (active.exists() and len(active.read_text().split()) >= 2):
            if time.monotonic() > deadline or process.poll() is not None:
                pytest.fail("Chromium did not open its DevTools port")
            time.sleep(0.05)
        port = active.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=TIMEOUT) as r:
            targets = json.load(r)
        page = next(target for target in targets if target["type"] == "page")
        client = DevTools(page["webSocketDebuggerUrl"])
        client.call("Page.enable")
        client.call("Runtime.enable")
        yield client
    finally:
        if client is not None:
            client.close()
        _stop(process)


def _scores(browser: DevTools) -> str:
    return str(browser.evaluate("document.getElementById('scores').textContent"))


def _updates(browser: DevTools) -> int:
    return int(browser.evaluate("Number(document.body.dataset.updates || 0)"))


def _play_one_move(browser: DevTools) -> None:
    """Click cells until moves are offered, then click the best-scoring one."""
    before = _updates(browser)
    for _ in range(4):
        has_button = browser.evaluate("document.querySelectorAll('#choices .move').length > 0")
        if has_button:
            break
        browser.click("#board .target:not(.selected):not([style*='display: none'])")
    best = browser.evaluate(
        "(() => { const buttons = [...document.querySelectorAll('#choices .move')];"
        " const value = (b) => { const m = b.textContent.match(/score (.*)\\)$/);"
        " const s = m ? JSON.parse(m[1]) : 0;"
        " return Array.isArray(s) ? s.reduce((a, c) => a + c, 0)"
        " : (typeof s === 'number' ? s : 0); };"
        " let best = 0;"
        " buttons.forEach((b, i) => { if (value(b) > value(buttons[best])) best = i; });"
        " return best + 1; })()"
    )
    browser.click(f"#choices .move:nth-of-type({best})")
    browser.wait_for(
        f"Number(document.body.dataset.updates || 0) > {before}"
        " || document.getElementById('error').textContent"
    )
    assert browser.evaluate("document.getElementById('error').textContent") == ""


class TestPlayInTheBrowser:
    """A person's game in the page: clicks on the board, the bots' answers, the scores."""

    @pytest.mark.parametrize("game", GAMES)
    def test_clicks_play_moves(
        self, game: str, browser: DevTools, server_url: str, tmp_path: Path
    ) -> None:
        """Clicking legal cells and moves plays them; the scores move; a screenshot is taken."""
        browser.call("Page.navigate", url=server_url)
        browser.wait_for("document.body && document.body.dataset.ready === 'yes'")
        browser.evaluate(
            f"(() => {{ const s = document.getElementById('game'); s.value = {json.dumps(game)};"
            " s.dispatchEvent(new Event('change')); document.getElementById('seed').value = '11';"
            " return true; })()"
        )
        browser.click("#new")
        status = browser.wait_for(
            "document.getElementById('status').textContent.includes('Your move')"
            " && document.getElementById('status').textContent"
        )
        assert status.startswith(
            browser.evaluate("document.getElementById('game').selectedOptions[0].textContent")
        )
        first = _scores(browser)
        played = 0
        while played < 3 or _scores(browser) == first:
            assert played < 12, f"the scores never changed from {first!r}"
            if "Game over" in browser.evaluate("document.getElementById('status').textContent"):
                break
            browser.wait_for("document.getElementById('status').textContent.includes('Your move')")
            _play_one_move(browser)
            played += 1
        assert _scores(browser) != first
        log = browser.evaluate("document.getElementById('log').textContent")
        assert len(log.split()) >= played  # each human move and the bots' are listed
        assert browser.evaluate("document.getElementById('error').textContent") == ""
        shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
        assert shot.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(shot) > 10_000
        (tmp_path / f"{game}.png").write_bytes(shot)
        keep = os.environ.get("TILEGAMES_WEB_SCREENSHOTS")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            (Path(keep) / f"frontend-{game}.png").write_bytes(shot)
