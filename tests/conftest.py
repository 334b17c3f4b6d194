"""Shared test configuration: the tier (``--deep``) and the Hypothesis profiles.

``tiers.DEEP`` is set from ``--deep`` (defined in the repository's root
``conftest.py``) before any test module is imported, so the sizes that test
modules declare with :func:`tiers.size` and :func:`tiers.examples` follow
the tier.

The Hypothesis profiles: ``everyday`` runs 10 examples per property that does
not set its own count, ``deep`` runs 50 (half Hypothesis's own default: the
mutation runs of the suite found no fault with the deep sizes that the
everyday ones missed, and 100 took a tenth of the deep tier); neither
has a deadline (the first call of a cached table builder may be slow). With the ``CI`` environment
variable set, the profile is derandomized (``everyday-ci``, ``deep-ci``), so
that a CI run is reproducible. ``--hypothesis-profile NAME`` still wins.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import Phase, settings

import tiers

# The everyday profile leaves out Hypothesis's explain phase: after a failure it runs a
# hundred more examples to say which parts of the input mattered, which is what made the
# first failure-reporting tests of a fresh clone take seconds. The deep tier keeps it.
EVERYDAY_PHASES = tuple(phase for phase in Phase if phase is not Phase.explain)
settings.register_profile("everyday", max_examples=10, deadline=None, phases=EVERYDAY_PHASES)
settings.register_profile("deep", max_examples=50, deadline=None)
settings.register_profile("everyday-ci", settings.get_profile("everyday"), derandomize=True)
settings.register_profile("deep-ci", settings.get_profile("deep"), derandomize=True)
settings.register_profile("default", settings.get_profile("everyday"))


def _profile(deep: bool) -> str:
    name = "deep" if deep else "everyday"
    return f"{name}-ci" if "CI" in os.environ else name


def pytest_configure(config: pytest.Config) -> None:
    """Set the tier and load its Hypothesis profile (unless one is named on the command line)."""
    tiers.DEEP = bool(config.getoption("deep", default=False))
    if config.getoption("hypothesis_profile", default=None) is None:
        settings.load_profile(_profile(tiers.DEEP))


settings.load_profile(_profile(deep=False))  # before pytest_configure, for plain imports
