"""The kernel every rule system shares. Nothing here imports pygame, reads a clock or
touches files other than the content files a rule system asks it to load."""

from game.core.errors import (
    ContentError,
    FiveRealmsError,
    IllegalChoice,
    RulesError,
    SaveError,
    ScenarioError,
)

__all__ = [
    "ContentError",
    "FiveRealmsError",
    "IllegalChoice",
    "RulesError",
    "SaveError",
    "ScenarioError",
]
