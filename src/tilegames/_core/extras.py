"""Optional dependencies: an import that fails says which extra installs it.

tilegames needs only ``attrs`` and ``typing-extensions``; the Hypothesis
strategies, the plots, the progress bar and the cluster runs need more, each
from an extra (``pip install "tilegames[test]"``). Wrap the imports of an
optional part in :func:`optional_imports`: when the dependency is missing,
the :class:`ModuleNotFoundError` names the part, the module and the command
that installs it, in one line.

>>> import sys
>>> sys.modules["no_such_dependency"] = None  # blocks the import, as if not installed
>>> with optional_imports("tilegames.example", "plot", "no_such_dependency"):
...     import no_such_dependency
Traceback (most recent call last):
...
ModuleNotFoundError: tilegames.example needs no_such_dependency, which is not installed: pip install "tilegames[plot]"
>>> del sys.modules["no_such_dependency"]
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["install_command", "missing_extra", "optional_imports"]


def install_command(extra: str) -> str:
    """The command that installs tilegames with ``extra``.

    Double quotes work in every shell, Windows' included.

    >>> print(install_command("test"))
    pip install "tilegames[test]"
    """
    return f'pip install "tilegames[{extra}]"'


def missing_extra(feature: str, extra: str, module: str) -> ModuleNotFoundError:
    """The error for ``feature`` used without ``module``, which ``extra`` installs.

    Args:
        feature: what needs the dependency, as the user named it (a module, an option).
        extra: the extra of tilegames that installs it.
        module: the missing top-level module.

    Returns:
        A :class:`ModuleNotFoundError` (an :class:`ImportError`) whose message is
        one line ending with the install command, and whose ``name`` is ``module``.
    """
    msg = f"{feature} needs {module}, which is not installed: {install_command(extra)}"
    return ModuleNotFoundError(msg, name=module)


@contextmanager
def optional_imports(feature: str, extra: str, *modules: str) -> Iterator[None]:
    """Turn a failed import of one of ``modules`` into :func:`missing_extra`'s error.

    Only a missing module of ``modules`` (or a submodule of one) is translated;
    any other import error, such as a broken installation of the dependency
    itself, passes through unchanged.

    Args:
        feature: what needs the dependency (``"tilegames.testing.strategies"``).
        extra: the extra that installs it (``"test"``).
        modules: the top-level modules that the extra provides.

    Raises:
        ModuleNotFoundError: naming ``feature``, the module and the install command.
    """
    try:
        yield
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in modules:
            raise
        raise missing_extra(feature, extra, missing) from error
