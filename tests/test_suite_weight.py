"""Guards on the test suite's own weight (see "The weight of the everyday tier" in the guide)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given

import texts

TESTS = Path(__file__).parent
"""The test suite's folder."""

_CALL = re.compile(r"\b(?:st|strategies)\.(text|from_regex)\(")


def _arguments(source: str, start: int) -> str:
    """The text between the parenthesis before ``start`` and the one that closes it."""
    depth = 1
    for end in range(start, len(source)):
        depth += {"(": 1, ")": -1}.get(source[end], 0)
        if depth == 0:
            return source[start:end]
    return source[start:]


def _without_alphabet(path: Path, root: Path = TESTS) -> list[str]:
    """``st.text(...)`` and ``st.from_regex(...)`` calls in ``path`` given no alphabet."""
    source = path.read_text(encoding="utf-8")
    found = []
    for call in _CALL.finditer(source):
        arguments = _arguments(source, call.end())
        given_one = "alphabet" in arguments or (
            call.group(1) == "text" and arguments.strip() and "=" not in arguments.split(",")[0]
        )
        if not given_one:
            line = source.count("\n", 0, call.start()) + 1
            found.append(f"{path.relative_to(root)}:{line}: {call.group(0)}{arguments})")
    return found


def test_no_test_draws_text_through_the_codec_table() -> None:
    """Arbitrary text comes from ``texts.text()``, never Hypothesis's UTF-8 codec table.

    ``st.text()`` and ``st.from_regex()`` without an alphabet build that table
    by encoding every code point, once in each test process: 3 to 14 s on a
    fresh clone.
    """
    found = [
        call
        for path in sorted(TESTS.rglob("*.py"))
        if "__pycache__" not in path.parts
        and path.name not in ("test_suite_weight.py", "texts.py")
        for call in _without_alphabet(path)
    ]
    assert found == []


def test_the_scan_finds_a_call_without_an_alphabet(tmp_path: Path) -> None:
    """The scan above sees the calls it is there to catch, and passes the ones with an alphabet."""
    text = (
        "a = st.text()\n"
        "b = st.text(max_size=3)\n"
        "c = st.from_regex(r'[a-z]{1,3}', fullmatch=True)\n"
        "d = st.text(texts.CHARACTERS, max_size=3)\n"
        "e = st.text(alphabet='abc')\n"
        "f = st.from_regex(r'(x)', alphabet=texts.CHARACTERS)\n"
    )
    copy = tmp_path / "sample_for_the_scan.py"
    copy.write_text(text, encoding="utf-8")
    found = _without_alphabet(copy, tmp_path)
    assert [entry.split(": ", 1)[0] for entry in found] == [
        "sample_for_the_scan.py:1",
        "sample_for_the_scan.py:2",
        "sample_for_the_scan.py:3",
    ]


@given(texts.text(max_size=50))
def test_the_text_encodes_in_utf8(text: str) -> None:
    """Every text drawn is one UTF-8 encodes (no surrogate), as ``st.text()``'s own."""
    assert text.encode("utf-8").decode("utf-8") == text
