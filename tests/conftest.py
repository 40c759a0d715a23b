"""Settings for every test: property tests have no deadline (tests never time things; speed is
measured in benchmarks/, docs/performance.md), so a busy machine cannot fail a correct test."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("bridgescore", deadline=None)
settings.load_profile("bridgescore")
