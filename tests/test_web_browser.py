"""End to end: the player's page of ``tilegames serve`` in headless Chromium, through playwright.

Two browser sessions (separate storage, as two people's browsers) take the
two seats of a room and play a whole game of each game against each other
by clicking; a third session watches. Every move shows up live in the
other two (the WebSocket). A phone-sized window checks the layout the issue
asks for. Playwright drives the system Chromium (``/usr/bin/chromium`` or
the ``chromium`` on the path; ``playwright install`` is not needed); the
tests run in the deep tier (``python -m pytest --deep``) and skip without
playwright, the server extra or a Chromium. Set ``TILEGAMES_WEB_SCREENSHOTS``
to a folder to keep screenshots (the docs' pictures are made that way).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import string
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_support import SERVER_MISSING

BROWSER = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name)) is not None
    ),
    None,
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAMES = ("axio-rota", "axio", "aztack", "polygon")
WAIT = 20_000  # milliseconds for any one wait
SHOTS = os.environ.get("TILEGAMES_WEB_SCREENSHOTS")

pytestmark = [
    pytest.mark.deep_only("drives headless Chromium through whole games"),
    pytest.mark.skipif(BROWSER is None, reason="no chromium binary on this machine"),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None or SERVER_MISSING,
        reason='needs playwright and the server extra: pip install "tilegames[server,browser]"',
    ),
]


# The smallest text of the side panel in CSS px: HTML text, and SVG text (a picture's
# score bars, racks and option pictures) at the scale it is drawn; text cut off by its
# picture's viewBox is not shown and does not count.
SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('#side *')].flatMap((e) => {
    const svgText = e instanceof SVGTextContentElement;
    if (e instanceof SVGElement && !svgText) { return []; }
    if (!svgText && e.offsetParent === null) { return []; }
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) { return []; }
    let size = parseFloat(getComputedStyle(e).fontSize);
    if (svgText) {
        const r = e.getBoundingClientRect(), o = e.ownerSVGElement.getBoundingClientRect();
        if (!r.width || r.right <= o.left || r.left >= o.right || r.bottom <= o.top ||
            r.top >= o.bottom) { return []; }
        const m = e.getScreenCTM();
        size *= Math.hypot(m.a, m.b);
    }
    return [size];
}))"""
# The smallest side of a target cell, in CSS px.
SMALLEST_TARGET = """() => Math.min(...[...document.querySelectorAll('#board .target')]
    .map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)))"""
# The widest empty band at the foot of the board's picture or of the picture's panel in the
# side panel, in CSS px: what a picture shows against its height (its background aside).
EMPTY_BELOW = """() => Math.max(...['#board svg', '#panel-box svg'].map((selector) => {
    const picture = document.querySelector(selector);
    if (!picture) { return 0; }
    const o = picture.getBoundingClientRect();
    const bottoms = [...picture.querySelectorAll('rect, circle, polygon, path, text')]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width && r.bottom > o.top && r.top < o.bottom && r.right > o.left &&
                       r.left < o.right &&
                       !(r.width >= 0.9 * o.width && r.height >= 0.9 * o.height))
        .map((r) => Math.min(r.bottom, o.bottom));
    return o.bottom - Math.max(...bottoms);
}))"""
# Score bars whose frame is drawn in the colour of their fill (their colour key at 0 too).
BAR_KEYS = """() => [...document.querySelectorAll('#panel-box g.score')].flatMap((g) => {
    const rects = [...g.querySelectorAll('rect')];
    return rects.filter((r, i) => i % 2 === 0 && rects[i + 1] &&
                        r.getAttribute('stroke') === rects[i + 1].getAttribute('fill'));
}).length"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from test_server_process import Process

    process = Process(tmp_path_factory.mktemp("web") / "rooms.sqlite3")
    try:
        yield f"http://127.0.0.1:{process.port}"
    finally:
        process.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One Chromium (playwright gives each launch a fresh, temporary user data dir)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=BROWSER, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


VIOLATIONS: dict[Any, list[str]] = {}
"""Each page's Content-Security-Policy violations, as its console reports them."""


def _session(chromium: Any, width: int = 1280, height: int = 900) -> Any:
    """A page in a fresh context: its own storage, as another person's browser.

    Its console is listened to: a script, style, picture or connection the
    server's Content-Security-Policy blocks is reported there (see
    :func:`_no_violation`).
    """
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    seen = VIOLATIONS[page] = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return page


@pytest.fixture(scope="module")
def people(chromium: Any) -> Iterator[dict[str, Any]]:
    """Four people's browsers for the module's tests: Ann, Bob and Cleo at a desk, and a phone.

    Each is a page in a context of its own (its own storage); starting one
    takes about half a second, so the tests share them rather than start
    two or three each. What a page keeps is kept per room (its seat and
    token), and every test makes rooms of its own and begins by loading a
    page; each test starts with no console message kept (see :func:`_fresh`).
    """
    pages = {name: _session(chromium) for name in ("ann", "bob", "cleo")}
    pages["phone"] = _session(chromium, 390, 844)
    try:
        yield pages
    finally:
        for page in pages.values():
            VIOLATIONS.pop(page, None)
            page.context.close()


def _fresh(*pages: Any) -> None:
    """Forget what the pages' consoles reported before this test."""
    for page in pages:
        VIOLATIONS[page].clear()


def _no_violation(*pages: Any) -> None:
    """No page's console reported a Content-Security-Policy violation."""
    for page in pages:
        seen = list(VIOLATIONS[page])
        VIOLATIONS[page].clear()
        assert seen == []


# Wait, in the page, until $expression is true; then [true, the value of $then] (or [false]
# after $wait ms). Checked at once and after every change to the document: a MutationObserver
# wakes it, and all these tests wait for is in the DOM (the body's data-* attributes, texts).
UNTIL = string.Template("""new Promise((resolve, reject) => {
    const watch = new MutationObserver(() => check(false));
    const timer = setTimeout(() => check(true), $wait);
    function check(last) {
        try {
            const done = Boolean($expression);
            if (!done && !last) { return; }
            resolve(done ? [true, $then] : [false]);
        } catch (error) { reject(error); }
        watch.disconnect();
        clearTimeout(timer);
    }
    const all = {subtree: true, childList: true, attributes: true, characterData: true};
    watch.observe(document, all);
    check(false);
})""")


def _until(page: Any, expression: str, then: str = "null") -> Any:
    """Wait until a JavaScript expression is true in the page; then the value of ``then``.

    One call: the page checks the expression at once and after each change
    to its document (:data:`UNTIL`), so the wait ends as soon as it is true.
    It goes through ``page.evaluate`` (the browser's debugging protocol runs
    it): Playwright's ``wait_for_function`` runs its text through ``eval``
    inside the page, which the page's Content-Security-Policy forbids, as it should.
    """
    found = page.evaluate(UNTIL.substitute(wait=WAIT, expression=expression, then=then))
    assert found[0], f"not true in time: {expression}"
    return found[1]


def _ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready='yes']")


def _turn(page: Any) -> int:
    return int(page.get_attribute("body", "data-turn") or "-1")


def _create(page: Any, server: str, game: str, setup: int = 0) -> str:
    """Create a room in the lobby; the page moves to seat 0's join screen. The room id."""
    page.goto(server + "/")
    _ready(page)
    page.select_option("#game", game)
    page.select_option("#setup", str(setup))
    page.fill("#seed", "5")
    page.click("#create")
    page.wait_for_selector("body[data-screen='join']")
    return str(page.evaluate("new URLSearchParams(location.search).get('room')"))


# The whole-game test plays AXIO, Polygon and Aztack on small custom sets (rooms made with
# options through the API; the lobby is driven in test_phone), so that a whole game is 12, 9
# and 8 moves rather than about 40, 50 and 20: every kind of step and the end of the game
# still pass through the page. AXIO Rota plays its standard set (about 24 moves): every
# player places all 12 tiles of their stack whatever the set (ROTA-8, ROTA-18).
SMALL_AZTACK = (
    "GfRd OwBt YdRd BtOw RdOw GfRd OwBt YdOw BtGf RdOw BtRd GfBt "
    "BtRd RdGf RdOw BtRd GfRd RdYd GfBt RdYd GfRd RdOw BtRd YdGf "
    "YdGf YdOw BtGf OwYd GfBt GfYd GfRd RdBt BtOw RdOw RdGf YdRd"
)
"""36 stones, the fewest for two players (12 for the base, 12 each), each colour with one glyph
(red and yellow share the deer): few stones fit, so the players are soon stuck (AZT-16). The
test's game places stones, passes (AZT-14) and discards for a stone that matches both colours
and both glyphs (AZT-13): more kinds of step than its game on the standard set had (a stone,
two cells and the confirmation, 20 times)."""
SMALL_SETS: dict[str, dict[str, Any]] = {
    "axio": {"tiles": ["RG", "BO", "YP", "RR", "GB", "OY", "PR", "GG", "RB", "RO", "YY", "GP"]},
    "polygon": {"tiles": ["1", "2", "3", "4", "5", "W", "X2", "3", "2", "1"]},
    "aztack": {"stones": SMALL_AZTACK.split()},
}


def _create_with(server: str, game: str, options: dict[str, Any]) -> str:
    """Create a room with options through ``POST /api/rooms``. The room id."""
    body = json.dumps({"game": game, "players": 2, "seed": 5, "options": options})
    request = urllib.request.Request(
        server + "/api/rooms", body.encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=WAIT / 1000) as answer:
        assert answer.status == 201
        return str(json.load(answer)["room"])


def _join(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("#join-button")
    page.wait_for_selector("body[data-screen='room']")
    _ready(page)
    page.wait_for_selector("body[data-turn]")


# Once the page is not busy with a pick: its count of updates, and what a player may click
# (the button that confirms the move, the cells on the board, the option buttons); one call.
CONTROLS = (
    "[document.body.dataset.updates ?? null]"
    ".concat(['#confirm-bar .confirm', '#board .target', '#options .option']"
    ".map((selector) => document.querySelectorAll(selector).length))"
)


# The index-th element of a selector, scrolled into view: its centre in the window if a click
# there reaches it (it is drawn, and nothing over it takes the click), else null.
CENTRE = """([selector, index]) => {
    const element = document.querySelectorAll(selector)[index];
    element.scrollIntoView({block: "nearest", inline: "nearest"});
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    return box.width && box.height && hit && element.contains(hit) ? [x, y] : null;
}"""


def _click(page: Any, selector: str, index: int) -> None:
    """A real click (the mouse's) at the centre of the index-th element of ``selector``.

    What Playwright's ``click`` checks first, in one call (:data:`CENTRE`):
    the element is in view and drawn, and the click reaches it. Its other
    checks wait for the page to settle, which ``_play_one_move`` has
    waited for (the page is not busy; it draws without animation).
    """
    centre = page.evaluate(CENTRE, [selector, index])
    assert centre, f"a click at its centre does not reach {selector} number {index}"
    page.mouse.click(*centre)


IDLE = "document.body.dataset.busy !== 'yes'"


def _play_one_move(page: Any, chooser: random.Random) -> None:
    """Pick the parts of a move by clicking (cells on the board, option buttons), then confirm."""
    shown = _until(page, IDLE, CONTROLS)
    for _ in range(12):
        before, confirms, count_cells, count_buttons = shown
        if confirms:
            _click(page, "#confirm-bar .confirm", 0)
            return
        if not count_cells and not count_buttons:
            page.wait_for_timeout(50)
            shown = _until(page, IDLE, CONTROLS)
            continue
        if count_buttons and (not count_cells or chooser.random() < 0.5):
            _click(page, "#options .option", chooser.randrange(count_buttons))
        else:
            _click(page, "#board .target", chooser.randrange(count_cells))
        # the pick shown (the page updated) and done with: the next part to pick
        shown = _until(page, f"document.body.dataset.updates !== '{before}' && {IDLE}", CONTROLS)
    raise AssertionError("no move after 12 picks")


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        page.evaluate("window.scrollTo(0, 0)")  # a click may have scrolled the page
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


@pytest.mark.parametrize("game", GAMES)
def test_two_players_and_a_spectator(people: dict[str, Any], server: str, game: str) -> None:
    """Ann and Bob play a whole game from their own browsers; Cleo watches; all see every move.

    AXIO, Polygon and Aztack play a small custom set (:data:`SMALL_SETS`).
    """
    ann, bob, cleo = people["ann"], people["bob"], people["cleo"]
    _fresh(ann, bob, cleo)
    if game in SMALL_SETS:
        room = _create_with(server, game, SMALL_SETS[game])
        ann.goto(f"{server}/?room={room}&seat=0")
    else:
        room = _create(ann, server, game)
    _join(ann, "Ann")
    bob.goto(f"{server}/?room={room}&seat=1")
    _join(bob, "Bob")
    cleo.goto(f"{server}/?room={room}")
    _ready(cleo)
    cleo.wait_for_selector("body[data-turn]")
    assert "You are watching" in cleo.inner_text("#prompt")
    chooser = random.Random(game)
    players = (ann, bob)
    statuses = [p.inner_text("#status") for p in players]
    turn, moves = _turn(cleo), 0
    while cleo.get_attribute("body", "data-over") != "yes":
        page = next(
            (p for p, text in zip(players, statuses, strict=True) if "your turn" in text), None
        )
        if page is None:
            cleo.wait_for_timeout(50)
            statuses, turn = [p.inner_text("#status") for p in players], _turn(cleo)
            continue
        if moves == 3:
            _shot(page, f"{game}-desktop")
        _play_one_move(page, chooser)
        moves += 1
        # live: the move reaches every browser (each player's status line read as it does)
        after = f"Number(document.body.dataset.turn) > {turn}"
        statuses = [
            _until(p, after, "document.getElementById('status').innerText") for p in players
        ]
        turn = _until(cleo, after, "Number(document.body.dataset.turn)")
        assert moves < 400
    for page in (ann, bob, cleo):
        page.wait_for_selector("#end:not([hidden])")
    assert cleo.locator("#history li").count() == _turn(cleo)
    last = cleo.locator("#history li").last
    notation, words = last.get_attribute("title"), last.inner_text().split(": ", 1)[-1]
    assert notation  # the notation on hover, ...
    assert words != notation  # ... the move in words
    assert "Game over" in cleo.inner_text("#end")
    if game == "aztack":  # the small set's game: a pass and a discard too (SMALL_AZTACK)
        played = cleo.evaluate("[...document.querySelectorAll('#history li')].map((e) => e.title)")
        assert any(move.endswith(":pass") for move in played)
        assert any(re.fullmatch(r"\d+:\d+@\d+,\d+/\d+,\d+x\d+", move) for move in played)
    _shot(cleo, f"{game}-over")
    cleo.locator("#seats input").first.click()  # a link to share: selected whole
    assert cleo.evaluate("document.activeElement.selectionEnd") > 0
    _no_violation(ann, bob, cleo)


@pytest.mark.parametrize("game", GAMES)
def test_phone(people: dict[str, Any], server: str, game: str) -> None:
    """At 390 by 844: the board fills the width, the side panel below, taps and text big enough."""
    desk, phone = people["ann"], people["phone"]
    _fresh(desk, phone)
    room = _create(desk, server, game)
    _join(desk, "Ann")
    phone.goto(f"{server}/?room={room}&seat=1")
    _join(phone, "Bob")
    for number in range(5):  # play into the game, from the desk and the phone, ...
        mover = phone if "your turn" in phone.inner_text("#status") else desk
        if number == 4 and mover is phone:
            break  # ... until it is the phone's turn
        turn = _turn(mover)
        _until(mover, "document.getElementById('status').textContent.includes('your turn')")
        _play_one_move(mover, random.Random(turn))
        for page in (desk, phone):
            _until(page, f"Number(document.body.dataset.turn) > {turn} && {IDLE}")
    _until(phone, "document.getElementById('status').textContent.includes('your turn')")
    phone.wait_for_selector("#options .option, #board .target")
    board = phone.locator("#board svg").first.bounding_box()
    wrap = phone.locator("#board-wrap").bounding_box()
    side = phone.locator("#side").bounding_box()
    assert board["width"] >= 380  # the whole width but the page's 4 px margins
    assert side["y"] >= wrap["y"] + wrap["height"] - 1  # the side panel below the board
    assert phone.evaluate(SMALLEST_TEXT) >= 12  # HTML and SVG text of the side panel
    assert phone.evaluate(EMPTY_BELOW) <= 16  # the board and the panel below: no empty area
    if game in ("axio", "axio-rota"):
        tracks = 6 if game == "axio" else 5
        assert phone.locator("#scores .key").count() >= 2 * tracks
        assert phone.evaluate(BAR_KEYS) >= 2 * tracks  # each bar framed in its colour
    if game == "polygon":
        legend = phone.inner_text("#legend")
        assert "printed on the board" in legend
        assert "WILD" in legend
        assert "X2" in legend
    for _ in range(3):  # pick the parts before the cell (a tile, a stone)
        if phone.locator("#board .target").count():
            break
        before = phone.get_attribute("body", "data-updates")
        phone.locator("#options .option").first.click()
        _until(phone, f"document.body.dataset.updates !== '{before}'")
    cells = phone.locator("#board .target")
    assert cells.count()
    _shot(phone, f"{game}-phone")
    smallest = phone.evaluate(SMALLEST_TARGET)
    assert smallest >= 32, smallest  # every cell to tap, on a 390 px screen
    assert phone.evaluate(SMALLEST_TEXT) >= 12
    before = phone.get_attribute("body", "data-updates")
    cells.first.click()  # a tap at the centre of a cell picks it
    _until(phone, f"document.body.dataset.updates !== '{before}'")
    _no_violation(desk, phone)
