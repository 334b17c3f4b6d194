"""Any text, drawn without Hypothesis's UTF-8 codec table.

``st.text()`` draws from ``st.characters(codec="utf-8")``, and Hypothesis builds
that codec's table by encoding every code point once per process (3 to 5 s in
each test process of a fresh clone, before its cache file exists). Every code
point but the surrogates encodes in UTF-8, so the same characters come from
the Unicode categories less ``Cs``, which Hypothesis reads from its (cheaper)
category table. Tests draw arbitrary text with :func:`text`.
"""

from __future__ import annotations

from hypothesis import strategies as st

CHARACTERS = st.characters(exclude_categories=["Cs"])
"""Every character that UTF-8 encodes: all but the surrogates."""


def text(*, min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    """``st.text(min_size=, max_size=)``: the same characters, without the codec table."""
    return st.text(CHARACTERS, min_size=min_size, max_size=max_size)
