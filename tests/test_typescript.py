"""The page's TypeScript types (examples/web/types/) are current, and its JavaScript type-checks.

``python tools/typescript.py`` writes the types from the JSON Schemas with
``json-schema-to-typescript``; ``--check`` compares the committed ones to a
fresh generation and ``--tsc`` runs ``tsc --noEmit --checkJs`` on the page's
script. Both need node and npm (the tool installs the pinned packages into
``.typescript/`` the first time) and take seconds: deep tier only, skipped
where node or npm is missing. ``.ci/run`` runs both as a step of their own.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from server_support import needs_server

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node") is not None and shutil.which("npm") is not None
NO_NODE = 3  # tools/typescript.py's exit status without node or npm

pytestmark = [
    needs_server,  # the API's types come from the server's OpenAPI description
    pytest.mark.skipif(not NODE, reason="node and npm are needed to generate and check types"),
]


def typescript(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "typescript.py"), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.deep_only("json-schema-to-typescript runs for about 10 s")
def test_types_are_current() -> None:
    """The committed types are what the schemas generate now."""
    done = typescript("--check")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.deep_only("tsc runs for a few seconds")
def test_page_type_checks() -> None:
    """The page's JavaScript type-checks against the types (tsc --noEmit --checkJs)."""
    done = typescript("--tsc")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "type-checks" in done.stdout
