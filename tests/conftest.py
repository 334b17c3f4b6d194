"""Shared test configuration: the hypothesis profiles.

``default`` runs 200 examples per property with no deadline (the first call
of a cached table builder may be slow). ``ci`` is the same, derandomized so
that a CI run is reproducible; it is loaded when the ``CI`` environment
variable is set.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=200, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True)
settings.load_profile("ci" if "CI" in os.environ else "default")
