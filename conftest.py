"""Collection rules for the whole repository (doctests of src/ and docs/ included).

The learning environments (``tilegames.envs``) and their guide need the ``rl``
extra (numpy, gymnasium, pettingzoo), and the OpenSpiel bridge the
``openspiel`` extra; without them these modules cannot be imported, so their
doctests are left out of the collection. Their tests in
``tests/envs`` skip themselves in the same case.
"""

from __future__ import annotations

import importlib.util

_RL = ("numpy", "gymnasium", "pettingzoo")

collect_ignore_glob: list[str] = []
if not all(importlib.util.find_spec(name) for name in _RL):
    collect_ignore_glob += ["src/tilegames/envs/*", "docs/guides/rl.rst"]
elif not importlib.util.find_spec("pyspiel"):  # the openspiel extra
    collect_ignore_glob.append("src/tilegames/envs/_openspiel.py")
