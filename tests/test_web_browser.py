"""End to end: the web example in headless Chromium, played by clicking, for every game.

Chromium is driven through its DevTools protocol over a WebSocket, with a
small client written here on the standard library (no driver, no extra
package). It runs in the deep tier (``python -m pytest --deep``), and is
skipped there only when no Chromium binary exists; CI installs Debian's
``chromium`` where it can (as root, with apt). Set
``TILEGAMES_WEB_SCREENSHOTS`` to a folder to keep the screenshots (the docs'
pictures are made that way).
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

pytestmark = [
    pytest.mark.deep_only("drives headless Chromium through whole games"),
    pytest.mark.skipif(BROWSER is None, reason="no chromium binary on this machine"),
]


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


# Runs the server with every game's choices wired into its Rules, as the
# games' faces do once they import them (a no-op for a game that has them).
LAUNCH = """
import runpy, sys
import attrs, tilegames
from tilegames.axio._choices import choices as axio
from tilegames.axio_rota._choices import choices as axio_rota
from tilegames.aztack._choices import choices as aztack
from tilegames.polygon._choices import choices as polygon
for name, found in (("axio", axio), ("axio-rota", axio_rota), ("aztack", aztack),
                    ("polygon", polygon)):
    rules = tilegames.get(name)
    if rules.choices is None:
        tilegames.register(attrs.evolve(rules, choices=found), replace=True)
sys.argv = [sys.argv[1], *sys.argv[2:]]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """The web example's server on a free loopback port, stopped afterwards."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, str(SERVER), "--port", str(port)],
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


def _text(browser: DevTools, element: str) -> str:
    return str(browser.evaluate(f"document.getElementById({json.dumps(element)}).textContent"))


def _updates(browser: DevTools) -> int:
    return int(browser.evaluate("Number(document.body.dataset.updates || 0)"))


def _settled(browser: DevTools, before: int) -> None:
    """Wait for the page to show a new position (or an error) and nothing in flight."""
    browser.wait_for(
        f"(Number(document.body.dataset.updates || 0) > {before}"
        " && document.body.dataset.busy !== 'yes')"
        " || document.getElementById('error').textContent"
    )
    assert _text(browser, "error") == ""


def _visible_options(browser: DevTools) -> dict[str, Any]:
    """What the page offers now: the option buttons, the board's targets, a confirm button."""
    found: dict[str, Any] = browser.evaluate(
        "(() => ({"
        " buttons: [...document.querySelectorAll('#options .option')]"
        "   .map((b) => Number(b.dataset.index)),"
        " cells: [...document.querySelectorAll('#board .target')]"
        "   .map((t) => t.getAttribute('data-cell')),"
        " confirm: document.querySelectorAll('#confirm-bar .confirm').length,"
        " kind: document.body.dataset.kind }))()"
    )
    return found


def _api(server_url: str, path: str) -> Any:
    with urllib.request.urlopen(server_url.rstrip("/") + path, timeout=TIMEOUT) as response:
        return json.load(response)


def _game_id(browser: DevTools) -> str:
    return str(browser.evaluate("new URLSearchParams(location.search).get('game')"))


def _check_visible(browser: DevTools, server_url: str, picked: list[int]) -> None:
    """Every visible choice is an option the server offers, and each leads to a legal move."""
    key = _game_id(browser)
    query = "?picked=" + ",".join(map(str, picked)) if picked else ""
    choice = _api(server_url, f"/api/games/{key}/choices{query}")
    shown = _visible_options(browser)
    offered_cells = {o["cell"]: o["index"] for o in choice["options"] if o["cell"] is not None}
    offered_buttons = {o["index"] for o in choice["options"] if o["cell"] is None}
    assert set(shown["cells"]) == set(offered_cells)
    assert set(shown["buttons"]) == offered_buttons
    legal = {m["notation"] for m in _api(server_url, f"/api/games/{key}/moves")}
    for index in [*offered_buttons, *offered_cells.values()]:
        step = ",".join(map(str, [*picked, index]))
        after = _api(server_url, f"/api/games/{key}/choices?picked={step}")
        while after["move"] is None:  # follow the first option down to a move
            step += ",0"
            after = _api(server_url, f"/api/games/{key}/choices?picked={step}")
        assert after["move"]["notation"] in legal


def _play_one_move(browser: DevTools, server_url: str, check: bool) -> list[str]:
    """Pick a move part by part through the page's controls, confirm it; return the kinds."""
    kinds = []
    picked: list[int] = []
    for _ in range(8):
        shown = _visible_options(browser)
        kinds.append(shown["kind"])
        if check:
            _check_visible(browser, server_url, picked)
        before = _updates(browser)
        if shown["confirm"]:
            browser.click("#confirm-bar .confirm")
            _settled(browser, before)
            return kinds
        if shown["cells"]:
            cell = shown["cells"][len(shown["cells"]) // 2]
            picked.append(_visible_index(browser, server_url, picked, cell))
            browser.click(f"#board .target[data-cell='{cell}']")
        else:
            index = shown["buttons"][-1]
            picked.append(index)
            browser.click(f"#options .option[data-index='{index}']")
        _settled(browser, before)
    pytest.fail(f"no move to confirm after picking {kinds}")


def _visible_index(browser: DevTools, server_url: str, picked: list[int], cell: str) -> int:
    key = _game_id(browser)
    query = "?picked=" + ",".join(map(str, picked)) if picked else ""
    choice = _api(server_url, f"/api/games/{key}/choices{query}")
    return int(next(o["index"] for o in choice["options"] if o["cell"] == cell))


def _open(browser: DevTools, server_url: str, game: str) -> None:
    browser.call("Page.navigate", url=server_url + "?frame_ms=0")
    browser.wait_for("document.body && document.body.dataset.ready === 'yes'")
    browser.evaluate(
        f"(() => {{ const s = document.getElementById('game'); s.value = {json.dumps(game)};"
        " s.dispatchEvent(new Event('change')); document.getElementById('seed').value = '11';"
        " return true; })()"
    )
    before = _updates(browser)
    browser.click("#new")
    _settled(browser, before)
    browser.wait_for("document.getElementById('status').textContent.includes('Your turn')")


def _keep(browser: DevTools, tmp_path: Path, name: str) -> None:
    shot = base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"])
    assert shot.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(shot) > 10_000
    (tmp_path / name).write_bytes(shot)
    keep = os.environ.get("TILEGAMES_WEB_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / name).write_bytes(shot)


FIRST_KINDS = {
    "axio": ["tile", "cell", "second_cell", "done"],
    "axio-rota": ["cell", "rotation"],
    "aztack": ["stone", "cell", "second_cell"],
    "polygon": ["tile", "cell", "done"],
}
"""The parts of the first move in each game, as a person picks them (seed 11)."""


class TestPlayInTheBrowser:
    """A person's game in the page: parts picked by clicks, confirmed, the bots' answers."""

    @pytest.fixture(autouse=True)
    def _desktop(self, browser: DevTools) -> None:
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            width=1400,
            height=1000,
            deviceScaleFactor=1,
            mobile=False,
        )

    @pytest.mark.parametrize("game", GAMES)
    def test_clicks_play_moves(
        self, game: str, browser: DevTools, server_url: str, tmp_path: Path
    ) -> None:
        """Picking parts through the controls plays moves; every visible choice is legal."""
        _open(browser, server_url, game)
        assert _text(browser, "status").startswith(
            browser.evaluate("document.getElementById('game').selectedOptions[0].textContent")
        )
        first = _text(browser, "scores")
        assert "You" in first
        assert "Bot 1" in first
        kinds = _play_one_move(browser, server_url, check=True)
        assert kinds[: len(FIRST_KINDS[game])] == FIRST_KINDS[game]
        played = 1
        while played < 3 or _text(browser, "scores") == first:
            assert played < 12, f"the scores never changed from {first!r}"
            if "Game over" in _text(browser, "status"):
                break
            _play_one_move(browser, server_url, check=False)
            played += 1
        assert _text(browser, "scores") != first
        assert len(_text(browser, "log").split()) >= played
        assert "You" in _text(browser, "recent")
        assert browser.evaluate("document.querySelectorAll('#board g.recent').length") > 0
        _keep(browser, tmp_path, f"frontend-{game}.png")

    def test_reload_resumes_and_undo(self, browser: DevTools, server_url: str) -> None:
        """The game id is in the address: a reload shows the same game; undo takes a move back."""
        _open(browser, server_url, "axio-rota")
        _play_one_move(browser, server_url, check=False)
        key = _game_id(browser)
        log = _text(browser, "log")
        browser.call("Page.reload")
        browser.wait_for("document.body && document.body.dataset.ready === 'yes'")
        browser.wait_for("document.getElementById('log').textContent")
        assert _game_id(browser) == key
        assert _text(browser, "log") == log
        before = _updates(browser)
        browser.click("#undo")
        _settled(browser, before)
        assert _text(browser, "log") == ""
        before = _updates(browser)
        browser.click("#download")
        browser.wait_for("document.body.dataset.record")
        assert browser.evaluate("document.body.dataset.record").startswith("tilegames record")

    def test_wrong_cell_feedback(self, browser: DevTools, server_url: str) -> None:
        """Clicking the board away from a highlighted cell says so, and picks nothing."""
        _open(browser, server_url, "polygon")
        before = _visible_options(browser)
        if before["kind"] == "tile":
            index = before["buttons"][0]
            count = _updates(browser)
            browser.click(f"#options .option[data-index='{index}']")
            _settled(browser, count)
        browser.evaluate(
            "document.getElementById('board').querySelector('svg').dispatchEvent("
            "new MouseEvent('click', {bubbles: true}))"
        )
        assert "highlighted" in _text(browser, "feedback")

    def test_buttons_disabled_in_flight(self, browser: DevTools, server_url: str) -> None:
        """While a request is in flight every button is disabled (no double sending)."""
        _open(browser, server_url, "aztack")
        states = browser.evaluate(
            "(async () => { const b = document.querySelector('#options .option');"
            " b.click(); const during = [...document.querySelectorAll('#options .option')]"
            "   .every((x) => x.disabled);"
            " return during; })()"
        )
        assert states is True


class TestPhone:
    """At 390 x 844 (a phone) and in a narrow window the page stays usable."""

    @pytest.mark.parametrize("game", GAMES)
    def test_phone(self, game: str, browser: DevTools, server_url: str, tmp_path: Path) -> None:
        """The viewport tag holds: the layout is 390 wide, the board fills it, targets are big."""
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            width=390,
            height=844,
            deviceScaleFactor=2,
            mobile=True,
        )
        try:
            _open(browser, server_url, game)
            assert browser.evaluate("window.innerWidth") == 390
            width = browser.evaluate(
                "document.querySelector('#board svg').getBoundingClientRect().width"
            )
            assert width >= 340
            heights = browser.evaluate(
                "[...document.querySelectorAll('button:not([hidden])')]"
                ".map((b) => b.getBoundingClientRect().height)"
            )
            assert min(heights) >= 44
            _play_one_move(browser, server_url, check=False)
            browser.evaluate("window.scrollTo(0, 0)")
            _keep(browser, tmp_path, f"frontend-{game}-phone.png")
        finally:
            browser.call("Emulation.clearDeviceMetricsOverride")

    def test_narrow_window(self, browser: DevTools, server_url: str) -> None:
        """In a 600 px window the board keeps the width instead of collapsing."""
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            width=600,
            height=900,
            deviceScaleFactor=1,
            mobile=False,
        )
        try:
            _open(browser, server_url, "axio")
            width = browser.evaluate(
                "document.querySelector('#board svg').getBoundingClientRect().width"
            )
            assert width >= 500
        finally:
            browser.call("Emulation.clearDeviceMetricsOverride")
