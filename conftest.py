"""Collection rules and the test tiers of the whole repository (doctests included).

The suite has two tiers (the development guide describes them):

* ``python -m pytest``, the everyday tier: every test file and every test,
  with the heavy parametrisations run smaller (fewer random games, a sample
  of the paths, fewer Hypothesis examples);
* ``python -m pytest --deep``, the deep tier: the same tests at full size,
  plus the tests marked ``deep_only`` (the browser test and the package
  build), which the everyday tier skips with a reason that names ``--deep``.

The learning environments (``tilegames.envs``) and their guide need the ``rl``
extra (numpy, gymnasium, pettingzoo), and the OpenSpiel bridge the
``openspiel`` extra, and the game server (``tilegames.server``) the ``server``
extra; without them these modules cannot be imported, so their doctests are
left out of the collection. Their tests (``tests/envs``, ``tests/test_server*.py``)
skip themselves in the same case.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_RL = ("numpy", "gymnasium", "pettingzoo")
_SERVER = ("starlette", "uvicorn")

collect_ignore_glob: list[str] = []
if not all(importlib.util.find_spec(name) for name in _RL):
    collect_ignore_glob += ["src/tilegames/envs/*", "docs/guides/rl.rst"]
elif not importlib.util.find_spec("pyspiel"):  # the openspiel extra
    collect_ignore_glob.append("src/tilegames/envs/_openspiel.py")
if not all(importlib.util.find_spec(name) for name in _SERVER):
    collect_ignore_glob.append("src/tilegames/server/*")


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--deep``: the deep tier, every test at full size."""
    parser.addoption(
        "--deep",
        action="store_true",
        default=False,
        help="run the deep tier: every test at full size, the browser test and the "
        "package build included (the everyday tier runs smaller sizes)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Declare the ``deep_only`` marker."""
    config.addinivalue_line(
        "markers",
        "deep_only(why): a test that only makes sense at full size; it runs with --deep",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the ``deep_only`` tests in the everyday tier, saying how to run them."""
    if config.getoption("deep"):
        return
    for item in items:
        marker = item.get_closest_marker("deep_only")
        if marker is not None:
            why = marker.args[0] if marker.args else "a full-size test"
            # First among the item's skip conditions, so that the reason names --deep.
            skip = pytest.mark.skipif(True, reason=f"{why}: runs with --deep")
            item.add_marker(skip, append=False)


def pytest_collection(session: pytest.Session) -> None:
    """On a worker of ``-n``, rewrite the test modules' asserts from its own share onwards.

    pytest rewrites the asserts of each test module on import (about 1 ms an
    assert) and caches the result in ``__pycache__``. In a fresh clone every
    worker would rewrite every module (about 5 s of CPU each, as long as a
    tenth of the everyday tier); started at different places, each worker
    finds the others' shares cached by the time it imports them. Only for a
    whole run (no paths given) and only where pytest's own functions are as
    this knows them: otherwise pytest rewrites as usual.
    """
    config = session.config
    workerinput = getattr(config, "workerinput", None)
    if (
        workerinput is None
        or sys.dont_write_bytecode
        or config.args_source is not pytest.Config.ArgsSource.TESTPATHS
    ):
        return
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )
    except ImportError:
        return
    paths = sorted(Path(config.rootpath, "tests").rglob("test_*.py"))
    worker, workers = int(workerinput["workerid"].removeprefix("gw")), workerinput["workercount"]
    share = worker * len(paths) // workers
    for path in paths[share:] + paths[:share]:
        pyc = get_cache_dir(path) / (path.name[:-3] + PYC_TAIL)
        if pyc.exists() and pyc.stat().st_mtime >= path.stat().st_mtime:
            continue  # cached by another worker, or by an earlier run
        pyc.parent.mkdir(exist_ok=True)
        source_hash, code = _rewrite_test(path, config)
        _write_pyc(config.stash[assertstate_key], code, source_hash, pyc)
