"""JSON for every state, move, view and outcome of every game: versioned, strict, safe.

Every document is one JSON object, an *envelope* around the value::

    {"format": "tilegames", "version": 2, "game": "axio-rota", "type": "Place",
     "data": {"cell": [1, -1], "rotation": 3, "named": 2}}

``format`` and ``version`` say what the document is (:data:`FORMAT`,
:data:`VERSION`); ``game`` is the registry name of the game
(:func:`tilegames.get`); ``type`` is the name of the class in the game's module
(``"State"``, ``"View"``, ``"Place"``, ``"Draw"`` ...) or ``"Outcome"``;
``data`` holds the class's fields, named as the attributes are. The fields of
a class are written as their declared types say: an int or a string as itself,
``None`` as ``null``, a tuple as an array, a frozenset as an array sorted by
the JSON text of its items, an attrs class as an object of its fields.
Every document is safe for JavaScript's ``JSON.parse``: a 64-bit seed
beyond :data:`MAX_SAFE_INT` (``2**53 - 1``) either way, which a browser
would silently round, is written as a string of its decimal digits
(``"seed": "12345678901234567890"``), and every other int is a number within
it. :func:`json_schema` gives the JSON Schema of each kind of document. The
documentation page "JSON and pictures for frontends" lists the fields of
every class; golden files in ``tests/data/json/`` pin the format.

>>> from tilegames import axio_rota
>>> from tilegames.serialize import from_json, to_json
>>> move = axio_rota.Place((1, -1), 3, axio_rota.BLUE)
>>> text = to_json(move)
>>> text
'{"format":"tilegames","version":2,"game":"axio-rota","type":"Place","data":{"cell":[1,-1],"rotation":3,"named":2}}'
>>> from_json(text, axio_rota.Move) == move
True

A game's ``Move`` is the union of its move classes: reading as ``Move``
accepts a document of any of them.

Loading is strict: the envelope and every field must be exactly as written
here (no unknown or missing field, no ``true`` for a number, no ``1.0`` for an
int), constructors refuse bad moves, and the game's
:attr:`~tilegames.Rules.validate` refuses a state, view or outcome that the
game could not reach: out-of-range coordinates, a tile that appears twice or
is not in the set, a score over its cap, a player count the game does not
allow. Every such problem is an :class:`~tilegames.InvalidStateError` naming
the field:

>>> from_json('{"format":"tilegames","version":2,"game":"axio-rota","type":"Place",'
...           '"data":{"cell":[1,-1],"rotation":"3","named":null}}', axio_rota.Move)
Traceback (most recent call last):
...
tilegames.errors.InvalidStateError: Place.rotation: expected an int, got "3"

Nothing is evaluated or unpickled: a document only ever becomes the classes
it names, through their constructors. Before any field is read, a document
is measured without recursion against three limits, each far above any
document the games write and each adjustable per call: at most
:data:`MAX_DOCUMENT_CHARS` characters of text (``max_chars=``), values
nested at most :data:`MAX_DEPTH` deep (``max_depth=``) and at most
:data:`MAX_ENTRIES` values in all (``max_entries=``); a document over one is
refused at once with an :class:`~tilegames.InvalidStateError` naming the
limit and the keyword that raises it. A view (``rules.view(state, seat)``)
holds only what its seat may see, so its JSON is what a frontend may send to
that seat.

A name renamed since a document was written still reads for one release,
with a :class:`DeprecationWarning`, and is written under its new name:
AXIO Rota's and Polygon's ``"type": "Move"`` (now ``"Place"``), Aztack's
``"turn"`` (now ``"whose_turn"``), AXIO Rota's view's ``"turn"`` (now
``"drawer"``) and Polygon's ``"drawing"`` (now ``"first_drawn"``).
"""

from __future__ import annotations

from typing import Final

from tilegames.serialize import _format, _schema
from tilegames.serialize._format import game_of
from tilegames.serialize._read import check_size, from_dict, from_json
from tilegames.serialize._schema import json_schema
from tilegames.serialize._write import to_dict, to_json

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_DOCUMENT_CHARS",
    "MAX_ENTRIES",
    "MAX_SAFE_INT",
    "SCHEMA_KINDS",
    "VERSION",
    "VERSIONS",
    "check_size",
    "from_dict",
    "from_json",
    "game_of",
    "json_schema",
    "to_dict",
    "to_json",
]

FORMAT: Final = _format.FORMAT
"""The ``format`` of every document."""

VERSION: Final = _format.VERSION
"""The ``version`` of the format written; loading accepts every one of :data:`VERSIONS`.

A change that makes old documents load differently or not at all raises it.
Version 2 writes an int beyond :data:`MAX_SAFE_INT` as a string of its
digits; version 1 wrote it as a JSON number, which JavaScript rounds.
"""

VERSIONS: Final = _format.VERSIONS
"""The versions :func:`from_json` reads: a version-1 document loads as it always did."""

MAX_SAFE_INT: Final = _format.MAX_SAFE_INT
"""The largest int JavaScript's numbers hold exactly (``Number.MAX_SAFE_INTEGER``).

A document of version 2 writes an int beyond it (or below ``-MAX_SAFE_INT``)
as a string of its decimal digits, and reads such a string back as the int;
a smaller int is always a JSON number (a string of its digits is refused).
Only a seed (a field marked ``WIDE_INT``) may be beyond it: any other int
beyond it either way is refused, written or read. Reading also takes a big
seed written as a number, as Python's JSON parser reads it exactly.
"""

SCHEMA_KINDS: Final = _schema.KINDS
"""The kinds of document :func:`json_schema` describes: ``"state"``, ``"view"``, ``"move"``,
``"outcome"`` and ``"record"``."""

MAX_DEPTH: Final = _format.MAX_DEPTH
"""How deep the values of a document may nest, by default (``max_depth=`` sets another).

The document object is at depth 1 and each array or object inside adds one:
``{"data": {"cell": [1, -1]}}`` nests 3 deep. The games write documents at
most 7 deep; the JSON parser itself gives up near 1000.
"""

MAX_ENTRIES: Final = _format.MAX_ENTRIES
"""How many values a document may hold in all, by default (``max_entries=`` sets another).

Every object, array, number, string, boolean and ``null`` counts once, the
document object included: the AXIO Rota move
``{"format": ..., "version": ..., "game": ..., "type": ..., "data":
{"cell": [1, -1], "rotation": 3, "named": 2}}`` holds 11. A state of the
standard sets holds under 1,000; one of the largest custom sets the games
allow (4,096 Polygon tiles, in the set and in the bag) 8,292.
"""

MAX_DOCUMENT_CHARS: Final = _format.MAX_DOCUMENT_CHARS
"""How long the text given to :func:`from_json` may be, by default (``max_chars=`` sets another).

Counted in characters for ``str`` and in bytes for ``bytes``. The games'
documents take a few kilobytes; a Polygon state with a custom set of the
largest size (4,096 tiles) takes 35,283 characters, 93,489 pretty-printed.
"""
