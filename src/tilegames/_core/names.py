r"""The one rule for the name of a seat or of a bot, as the server and records keep it.

A name is text of at most :data:`MAX_NAME` characters; whitespace at either
end is dropped (``" greedy "`` is ``"greedy"``, ``"random\n"`` is
``"random"``), and what is left must be printable: no line break, tab or
other control character inside. The server reads a player's name and a
bot's description through :func:`player_name`, and a record's ``Seat N``
tags must be names as it returns them, so that the record of every room
the server accepted loads back.

>>> player_name("  Ada Lovelace\n")
'Ada Lovelace'
>>> player_name("two\nlines")
Traceback (most recent call last):
...
tilegames.errors.ConfigurationError: a name is printable text of at most 40 characters
(no line break or control character inside), not 'two\nlines'
"""

from __future__ import annotations

from typing import Final

from tilegames._core.checks import shown
from tilegames._core.errors import ConfigurationError

__all__ = ["MAX_NAME", "player_name"]

MAX_NAME: Final = 40
"""The longest name, in characters, once the whitespace at its ends is dropped."""


def player_name(text: object) -> str:
    """The name ``text`` gives: without the whitespace at its ends; ``""`` for none.

    Raises:
        ConfigurationError: for text that is no str, longer than
            :data:`MAX_NAME` characters once stripped, or with a character
            inside that is not printable (a line break, a tab, ...).
    """
    name = text.strip() if isinstance(text, str) else None
    if name is None or len(name) > MAX_NAME or not name.isprintable():
        msg = (
            f"a name is printable text of at most {MAX_NAME} characters (no line break or "
            f"control character inside), not {shown(text)}"
        )
        raise ConfigurationError(msg)
    return name
