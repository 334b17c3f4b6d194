"""A real PostgreSQL server for the tests, started in a temporary folder (deep tier).

:func:`postgres_server` (a session fixture) runs ``initdb`` and ``pg_ctl
start`` from Debian's ``postgresql`` package (``/usr/lib/postgresql/*/bin``,
or ``initdb`` on ``PATH``) into a fresh folder, listening on a unix socket in
that folder only (no TCP port), with ``trust`` authentication for the one
user ``tilegames``; it is stopped and the folder removed at the end.
PostgreSQL refuses to run as root: as root, the folder is given to the
unprivileged user ``nobody`` and every PostgreSQL command runs as ``nobody``
through ``runuser``. :func:`postgres_url` gives each test the database emptied.

The tests that use it skip, saying why, in the everyday tier (PostgreSQL runs
behind ``--deep``), without psycopg (the ``postgres`` extra), or where no
PostgreSQL server program is installed (``.ci/run`` installs Debian's
``postgresql`` when it runs as root).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tiers import DEEP

_USER = "tilegames"


def postgres_bin() -> Path | None:
    """The folder of PostgreSQL's server programs, the newest installed, or ``None``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def why_no_postgres() -> str | None:
    """Why the PostgreSQL tests cannot run here, or ``None`` when they can."""
    if not DEEP:
        return "PostgreSQL runs in the deep tier only (python -m pytest --deep)"
    if importlib.util.find_spec("psycopg") is None:
        return 'the PostgreSQL tests need psycopg: pip install "tilegames[server,postgres]"'
    if postgres_bin() is None:
        return "no PostgreSQL server installed (initdb): apt-get install postgresql"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "PostgreSQL refuses root, and runuser (to run it as nobody) is missing"
    return None


def _run(command: list[str], owner: str | None) -> None:
    """Run a PostgreSQL program, as ``owner`` through runuser when one is named."""
    full = ["runuser", "-u", owner, "--", *command] if owner else command
    done = subprocess.run(full, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The folder of a running PostgreSQL server's unix socket (the server stopped at the end)."""
    reason = why_no_postgres()
    if reason is not None:
        pytest.skip(reason)
    programs = postgres_bin()
    assert programs is not None
    folder = tempfile.mkdtemp(prefix="tilegames-pg-")
    owner = "nobody" if os.geteuid() == 0 else None
    if owner is not None:
        shutil.chown(folder, user=owner)
    data = os.path.join(folder, "data")
    try:
        _run(
            [
                *(str(programs / "initdb"), "-D", data, "-U", _USER, "--auth=trust"),
                *("-E", "UTF8", "--no-sync", "--no-instructions"),
            ],
            owner,
        )
        settings = f"-k {folder} -c listen_addresses='' -c max_connections=200"
        _run(
            [
                *(str(programs / "pg_ctl"), "-D", data, "-l", os.path.join(folder, "log")),
                *("-w", "-t", "60", "-o", settings, "start"),
            ],
            owner,
        )
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"PostgreSQL did not start: {error}")
    try:
        yield folder
    finally:
        _run([str(programs / "pg_ctl"), "-D", data, "-m", "immediate", "stop"], owner)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """The URL of the test server's database, emptied (every table dropped) for this test."""
    import psycopg

    url = f"postgresql://{_USER}@/postgres?host={postgres_server}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("DROP SCHEMA public CASCADE")
        connection.execute("CREATE SCHEMA public")
    return url
