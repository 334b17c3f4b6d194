"""Sphinx configuration for the tilegames documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``; every
warning is an error in CI. The ``docs`` extra alone is enough: the optional
parts' packages that are not installed are mocked (``autodoc_mock_imports``).
The build needs no network: intersphinx links to the Python and attrs
documentation are only made when ``TILEGAMES_DOCS_INTERSPHINX`` is set (or on
Read the Docs), because fetching their inventories offline warns.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from typing import TYPE_CHECKING

import tilegames

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

# This file imports nothing from Sphinx at module level: pytest collects it
# (``--doctest-modules`` over docs/) in environments without Sphinx.

# -- Project -----------------------------------------------------------------

project = "tilegames"
author = "The tilegames developers"
copyright = f"2026, {author}"  # as in LICENSE
release = tilegames.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------

# docs/_ext/tilegames_pictures.py draws game positions at build time.
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "_ext")))

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "tilegames_pictures",
    "tilegames_rule_pictures",
    "tilegames_contract",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = False

# -- autodoc and napoleon ----------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Show the short type aliases by name in signatures (``cell: Cell``, not
# ``cell: tuple[int, int]``); each is documented, with its drawing, on its page.
# This works because every module uses ``from __future__ import annotations``.
autodoc_type_aliases = {
    name: name
    for name in (
        "Cell",
        "Corner",
        "Vertex",
        "Hex",
        "Direction",
        "Spot",
        "Seed",
        "Tracks",
        "Score",
        "Seat",
    )
}

# The optional parts import their extras (``tilegames.envs`` numpy, gymnasium
# and pettingzoo; the server Starlette and uvicorn; the strategies Hypothesis;
# ...). A build with the ``docs`` extra alone documents them all the same:
# autodoc stands a mock in for each package an extra of ``pyproject.toml``
# installs that is not installed here (an installed one is used as it is). The
# list is read from ``pyproject.toml``, so that a new extra needs no change here;
# ``tests/test_packaging.py`` checks that it covers every package src/ imports.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_IMPORT_NAMES = {"open_spiel": ("pyspiel", "open_spiel")}
"""The import names of a distribution whose import name is not its own name."""


def extras_import_names(pyproject: str = os.path.join(_ROOT, "pyproject.toml")) -> set[str]:
    """The top-level import names of every package that an extra of ``pyproject`` asks for.

    A requirement's name gives its import name (lower case, ``-`` read as ``_``)
    unless :data:`_IMPORT_NAMES` says otherwise; the extras it asks for in
    brackets (``dask[distributed]``) are names of packages it brings too.
    """
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Sphinx itself needs tomli before Python 3.11
        import tomli as tomllib

    with open(pyproject, "rb") as file:
        project = tomllib.load(file)["project"]
    names: set[str] = set()
    for requirements in project.get("optional-dependencies", {}).values():
        for requirement in requirements:
            match = re.match(r"\s*([A-Za-z0-9._-]+)\s*(?:\[([^\]]*)\])?", requirement)
            if match is None or match[1] == project["name"]:
                continue
            for name in [match[1], *(match[2] or "").split(",")]:
                name = name.strip().lower().replace("-", "_").replace(".", "_")
                if name:
                    names.update(_IMPORT_NAMES.get(name, (name,)))
    return names


autodoc_mock_imports = sorted(
    name for name in extras_import_names() if importlib.util.find_spec(name) is None
)

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# -- intersphinx -------------------------------------------------------------

_ONLINE = bool(os.environ.get("TILEGAMES_DOCS_INTERSPHINX") or os.environ.get("READTHEDOCS"))
intersphinx_mapping: dict[str, tuple[str, str | None]] = (
    {
        "python": ("https://docs.python.org/3", None),
        "attrs": ("https://www.attrs.org/en/stable", None),
    }
    if _ONLINE
    else {}
)
intersphinx_timeout = 10

# -- HTML --------------------------------------------------------------------

html_theme = "furo"
html_title = f"tilegames {release}"
html_show_sourcelink = False


# -- Completeness check ------------------------------------------------------

# Every public name (``__all__``) of these modules must be documented somewhere:
# the pages list members explicitly, so a name added to a module and forgotten
# in the docs fails the build instead of silently going missing.
_DOCUMENTED_MODULES = (
    "tilegames",
    "tilegames.testing",
    "tilegames.axio_rota",
    "tilegames.polygon",
    "tilegames.aztack",
    "tilegames.axio",
    "tilegames.serialize",
    "tilegames.render",
    "tilegames.agents",
    "tilegames.simulate",
    "tilegames.testing.strategies",
    "tilegames.rng",
    "tilegames.chance",
    "tilegames.records",
    "tilegames.envs",
    "tilegames._core.encoding",
    "tilegames._core.tracks",
    "tilegames._core.refusal",
    "tilegames._core.checks",
    "tilegames._core.bits",
    "tilegames._core.notation",
    "tilegames._core.svg",
    "tilegames._core.state",
    "tilegames.geometry.square",
    "tilegames.geometry.hexagon",
    "tilegames.geometry.pyramid",
)


def _check_public_names_documented(app: Sphinx, env: BuildEnvironment) -> None:
    from sphinx.ext.autodoc.mock import mock
    from sphinx.util import logging

    logger = logging.getLogger(__name__)
    objects = env.get_domain("py").objects  # type: ignore[attr-defined]
    for module_name in _DOCUMENTED_MODULES:
        with mock(app.config.autodoc_mock_imports):  # as autodoc imported it
            module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            if not name.startswith("__") and f"{module_name}.{name}" not in objects:
                logger.warning("%s.%s is public but not documented", module_name, name)


# -- Docstring and signature tweaks -------------------------------------------


def _napoleon_without_inline_types(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Run napoleon, but never read an attribute's first line as ``type: text``.

    Napoleon reads the text before the first colon of an attribute, data or
    property docstring as its type: the docstring "A corner of a cell: 0 top
    left, ..." would render as the type "A corner of a cell". Our types come
    from annotations and our docstrings use colons as prose, so parse those
    docstrings like any other (sections such as ``Raises:`` still work).
    """
    from sphinx.ext.napoleon import _process_docstring

    if what in {"attribute", "data"} and _is_builtin_doc(obj, lines):
        lines.clear()  # an undocumented constant: not ``int``'s own docstring
        return
    kind = "object" if what in {"attribute", "data", "property"} else what
    _process_docstring(app, kind, name, obj, options, lines)  # type: ignore[arg-type]


def _is_builtin_doc(obj: object, lines: list[str]) -> bool:
    """Whether ``lines`` are just the docstring of the value's builtin type."""
    builtin = type(obj).__doc__ if type(obj).__module__ == "builtins" else None
    if not isinstance(builtin, str) or not builtin:  # a slot's descriptor has no text
        return False
    words = " ".join(lines).split()
    return bool(words) and words == builtin.split()


def _tidy_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show a Protocol as ``class Rules``, not ``class Rules(*args, **kwargs)``.

    Also write a ``...`` default (a Protocol's "the game decides") as ``...``,
    not ``Ellipsis``.
    """
    if what == "class" and getattr(obj, "_is_protocol", False):
        return "", return_annotation
    if signature and "= Ellipsis" in signature:
        return signature.replace("= Ellipsis", "= ..."), return_annotation
    return None


def _name_aliases_inside_generics() -> None:
    """Write an alias nested in a generic (``tuple[Hex, ...]``) by its name too.

    Sphinx stands in a ``TypeAliasForwardRef`` for each name in
    ``autodoc_type_aliases`` and renders it by name at the top level of an
    annotation, but by ``repr`` inside ``tuple[...]`` and the like.
    """
    try:
        from sphinx.util.inspect import TypeAliasForwardRef
    except ImportError:  # another Sphinx: aliases inside generics show expanded
        return
    TypeAliasForwardRef.__repr__ = lambda self: str(self.name)  # type: ignore[method-assign]


def _game_packages_read_their_private_modules() -> None:
    """Let autodoc find the docstrings of a game package's names in its private modules.

    A game is a package whose ``__init__`` re-exports constants and aliases
    from ``_model``, ``_tables`` ... . Sphinx reads the docstring of a module
    attribute (the string right below it) from the source of the module it
    documents, so ``tilegames.axio.RED`` would have none. Merge the
    module-level attribute docstrings of the private modules into the
    package's analysis, where the package does not document the name itself.
    """
    import pkgutil

    from sphinx.pycode import ModuleAnalyzer

    analyze = ModuleAnalyzer.analyze
    if getattr(analyze, "_merges_private_modules", False):
        return

    def merged(self: ModuleAnalyzer) -> None:
        done = self._analyzed
        analyze(self)
        if done or not self.modname.startswith("tilegames."):
            return
        package = importlib.import_module(self.modname)
        if not hasattr(package, "__path__") or self.modname.count(".") != 1:
            return
        for info in pkgutil.iter_modules(package.__path__):
            if not info.name.startswith("_"):
                continue
            private = ModuleAnalyzer.for_module(f"{self.modname}.{info.name}")
            private.analyze()
            for key, lines in private.attr_docs.items():
                if key[0] == "" and key[1] in getattr(package, "__all__", ()):
                    self.attr_docs.setdefault(key, lines)
                    if key in private.annotations:
                        self.annotations.setdefault(key, private.annotations[key])

    merged._merges_private_modules = True  # type: ignore[attr-defined]
    ModuleAnalyzer.analyze = merged  # type: ignore[method-assign]


def setup(app: Sphinx) -> None:
    """Register the tweaks above and the completeness check."""
    from sphinx.ext.napoleon import _process_docstring

    _name_aliases_inside_generics()
    _game_packages_read_their_private_modules()

    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon_without_inline_types)
    app.connect("autodoc-process-signature", _tidy_signature)
    app.connect("env-check-consistency", _check_public_names_documented)
