"""Sphinx directives that print a game's declared options and words, from its ``Rules``.

Usage in a game's page, once ``conf.py`` loads this extension::

    .. tilegames-options:: polygon

    .. tilegames-words:: polygon

The first prints a table of ``RULES.options`` (name, the type of the
written form, default, the values allowed, what the option does), the
second a table of ``RULES.words``. Both are built from the declaration at
build time, so a page cannot disagree with the code.

Register it in ``conf.py`` with::

    sys.path.insert(0, os.path.abspath("_ext"))
    extensions.append("tilegames_contract")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

# Sphinx is imported inside setup() only: pytest collects docs/ in environments without it.


def _type_text(kind: Any) -> str:
    """A declared type as it is written: ``str``, ``tuple[str, ...]``."""
    return kind.__name__ if isinstance(kind, type) else str(kind).replace("typing.", "")


def _cell(text: str) -> str:
    """Text for one cell of a list-table: literal, on one line."""
    return text.replace("\n", " ")


def options_table(game: str) -> list[str]:
    """The reStructuredText lines of a game's options table."""
    import tilegames

    rules = tilegames.get(game)
    lines = [
        f".. list-table:: The options of ``{rules.name}``'s ``new_game`` (``RULES.options``)",
        "   :header-rows: 1",
        "   :widths: 12 22 10 20 36",
        "",
        "   * - option",
        "     - written as",
        "     - default",
        "     - allowed",
        "     - what it does",
    ]
    for option in rules.options or ():
        allowed = ", ".join(f"``{value!r}``" for value in option.choices or ()) or "see the doc"
        lines += [
            f"   * - ``{option.name}``",
            f"     - ``{_type_text(option.type)}``",
            f"     - ``{option.default!r}``",
            f"     - {allowed}",
            f"     - {_cell(option.doc)}",
        ]
    fixed = [f"``{o.name}``" for o in rules.options or () if not o.room]
    note = f" A server's room takes {', '.join(fixed)} at its default only." if fixed else ""
    return [
        *lines,
        "",
        "Records, the server and the command line keep every form ``new_game`` takes in its "
        f"written form (:func:`tilegames.check_options`).{note}",
        "",
    ]


def words_table(game: str) -> list[str]:
    """The reStructuredText lines of a game's words table."""
    import tilegames

    rules = tilegames.get(game)
    words = rules.words
    if words is None:
        return [f"``{rules.name}`` declares no words.", ""]

    def letters(letters: tuple[str, ...]) -> str:
        return ", ".join(f"``{letter}`` {words.word(letter)}" for letter in letters) or "none"

    rows = [
        ("letters", ", ".join(f"``{letter}`` {word}" for letter, word in words.letters) or "none"),
        ("colours, by number", letters(words.colours)),
        ("score tracks, in a score's order", letters(words.tracks)),
        ("a one-number score counts", words.score if not words.tracks else "(tracks)"),
        ("the lowest score ranks first", "yes" if words.lower_is_better else "no"),
        ("choices that pick a piece", ", ".join(f"``{k}``" for k in words.pieces) or "none"),
        ("choices that pick a cell", ", ".join(f"``{k}``" for k in words.cells) or "none"),
    ]
    lines = [
        f".. list-table:: The words of ``{rules.name}`` (``RULES.words``)",
        "   :header-rows: 0",
        "   :widths: 30 70",
        "",
    ]
    for name, value in rows:
        lines += [f"   * - {name}", f"     - {value}"]
    return [*lines, ""]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``tilegames-options`` and ``tilegames-words`` directives."""
    from docutils import nodes
    from docutils.statemachine import StringList
    from sphinx.util.docutils import SphinxDirective

    def directive(build: Any) -> type[SphinxDirective]:
        class TableDirective(SphinxDirective):
            required_arguments = 1
            has_content = False

            def run(self) -> list[nodes.Node]:
                import tilegames

                game = self.arguments[0]
                if game not in tilegames.names():
                    known = ", ".join(tilegames.names())
                    raise self.error(f"unknown game {game!r}: one of {known}")
                container = nodes.container()
                source = StringList(build(game), source=f"<{game}'s declaration>")
                self.state.nested_parse(source, self.content_offset, container)
                return list(container.children)

        return TableDirective

    app.add_directive("tilegames-options", directive(options_table))
    app.add_directive("tilegames-words", directive(words_table))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
