"""The built package: its page on PyPI, its metadata, and what the page promises."""

from __future__ import annotations

import email.message
import email.parser
import importlib.util
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "pypi.md"

# Words that only make sense in a clone of the repository, not on the package page.
REPOSITORY_ONLY = ("from a clone", ".ci/run", "examples/", "](docs/", "`docs/`", "](./")


def _python_blocks(markdown: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", markdown, re.DOTALL)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and wheel, built once into a temporary directory, without network."""
    pytest.importorskip("build", reason="needs the dev extra (build)")
    pytest.importorskip("twine", reason="needs the dev extra (twine)")
    pytest.importorskip("hatchling", reason="needs the dev extra (hatchling)")
    out = tmp_path_factory.mktemp("dist")
    command = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    return out


@pytest.fixture(scope="module")
def metadata(dist: Path) -> email.message.Message:
    """The wheel's METADATA file, parsed."""
    (wheel,) = dist.glob("tilegames-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(name).decode("utf-8")
    return email.parser.Parser().parsestr(text)


@pytest.mark.deep_only("builds the sdist and the wheel")
class TestBuild:
    def test_twine_check_strict(self, dist: Path) -> None:
        """twine check --strict passes on the sdist and the wheel (the page renders)."""
        files = sorted(str(path) for path in dist.iterdir())
        assert len(files) == 2, files
        result = subprocess.run(
            [sys.executable, "-m", "twine", "check", "--strict", *files],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr

    def test_long_description_is_the_package_page(self, metadata: email.message.Message) -> None:
        """The long description is docs/pypi.md, as Markdown, not the contributor README."""
        assert metadata["Description-Content-Type"] == "text/markdown"
        body = metadata.get_payload()
        assert isinstance(body, str)
        assert body.strip() == PAGE.read_text(encoding="utf-8").strip()

    def test_project_urls(self, metadata: email.message.Message) -> None:
        """Source, Issues, Documentation and Changelog are listed, each an https address."""
        urls = dict(entry.split(", ", 1) for entry in metadata.get_all("Project-URL", []))
        assert {"Source", "Issues", "Documentation", "Changelog"} <= set(urls)
        assert all(url.startswith("https://") for url in urls.values()), urls

    def test_keywords_and_classifiers(self, metadata: email.message.Message) -> None:
        """Keywords are present and the classifiers name the typed, board-game library."""
        keywords = metadata["Keywords"]
        assert keywords is not None
        assert "board games" in keywords.split(",")
        classifiers = metadata.get_all("Classifier", [])
        assert "Typing :: Typed" in classifiers
        assert "Topic :: Games/Entertainment :: Board Games" in classifiers

    def test_classifiers_are_known(self, metadata: email.message.Message) -> None:
        """Every classifier is a current trove classifier, none deprecated."""
        trove = pytest.importorskip("trove_classifiers", reason="comes with hatchling")
        classifiers = metadata.get_all("Classifier", [])
        assert [c for c in classifiers if c not in trove.classifiers] == []
        assert [c for c in classifiers if c in trove.deprecated_classifiers] == []

    def test_runtime_dependencies_unchanged(self, metadata: email.message.Message) -> None:
        """Installing tilegames pulls in attrs and typing-extensions only; the rest are extras."""
        required = [
            entry for entry in metadata.get_all("Requires-Dist", []) if "extra ==" not in entry
        ]
        assert sorted(re.split(r"[<>=!~ ;\[]", entry)[0] for entry in required) == [
            "attrs",
            "typing-extensions",
        ]
        extras = set(metadata.get_all("Provides-Extra", []))
        assert {"test", "plot", "progress", "dask", "dev"} <= extras


class TestPackagePage:
    def test_no_repository_paths(self) -> None:
        """The page speaks to someone who ran pip: no clone, no repository paths."""
        text = PAGE.read_text(encoding="utf-8")
        assert [word for word in REPOSITORY_ONLY if word in text] == []

    def test_links_are_absolute(self) -> None:
        """Every link on the page is an https address, so it works on PyPI."""
        links = re.findall(r"\]\(([^)]*)\)", PAGE.read_text(encoding="utf-8"))
        assert links
        assert [link for link in links if not link.startswith("https://")] == []

    def test_install_and_extras(self) -> None:
        """The page says how to install with pip, and each extra with its command."""
        text = PAGE.read_text(encoding="utf-8")
        assert "pip install tilegames\n" in text
        for extra in ("test", "plot", "progress", "dask"):
            assert f'pip install "tilegames[{extra}]"' in text

    def test_example_runs(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The Python example is at most ten lines and plays a whole game."""
        (code,) = _python_blocks(PAGE.read_text(encoding="utf-8"))
        assert len(code.strip().splitlines()) <= 10
        exec(compile(code, str(PAGE), "exec"), {})
        assert "winners:" in capsys.readouterr().out


def _docs_conf() -> Any:
    """``docs/conf.py``, loaded as a module (it imports nothing from Sphinx at module level)."""
    spec = importlib.util.spec_from_file_location("tilegames_docs_conf", ROOT / "docs" / "conf.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_IMPORT = re.compile(
    r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\w[\w.]*)[ \t]+import\b)", re.M
)
"""An import statement's module names (a line of a docstring that reads as one counts too:
the check is then stricter, never looser)."""


def _third_party_imports() -> dict[str, set[str]]:
    """The top-level packages outside the standard library that each module of src/ imports."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "src" / "tilegames").rglob("*.py")):
        for plain, source in _IMPORT.findall(path.read_text(encoding="utf-8")):
            names = [source] if source else [n.split()[0] for n in plain.split(",") if n.strip()]
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top != "tilegames":
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


class TestDocsWithTheDocsExtraAlone:
    """``pip install -e '.[docs]'`` builds the docs: autodoc mocks every extra's packages."""

    RUNTIME = frozenset({"attrs", "attr", "typing_extensions"})
    """The runtime dependencies' import names, always installed."""

    def test_every_imported_package_is_a_dependency_or_mocked(self) -> None:
        """Each package src/ imports is a runtime dependency or one that an extra installs."""
        mocked = _docs_conf().extras_import_names()
        missing = {
            name: paths
            for name, paths in _third_party_imports().items()
            if name not in self.RUNTIME and name not in mocked
        }
        assert missing == {}

    def test_the_list_comes_from_the_extras(self, tmp_path: Path) -> None:
        """A new extra's package is mocked with no change to docs/conf.py."""
        pyproject = tmp_path / "pyproject.toml"
        pyproject.write_text(
            '[project]\nname = "tilegames"\n[project.optional-dependencies]\n'
            'new = ["Some-Package>=1", "dask[distributed, diagnostics] >= 2"]\n'
            'all = ["tilegames[new]", "open_spiel"]\n',
            encoding="utf-8",
        )
        names = _docs_conf().extras_import_names(str(pyproject))
        assert names == {
            "some_package",
            "dask",
            "distributed",
            "diagnostics",
            "pyspiel",
            "open_spiel",
        }

    def test_the_server_extra_is_mocked_where_missing(self) -> None:
        """The server's packages (autodoc imports tilegames.server) are among the mocked ones."""
        assert {"starlette", "uvicorn"} <= _docs_conf().extras_import_names()
