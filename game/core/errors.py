"""One root error class for the project, and the typed errors below it.

Every error carries a sentence a player (or a content author) can understand; code
that shows errors to people prints ``str(error)`` and nothing else.
"""

from __future__ import annotations


class FiveRealmsError(Exception):
    """Root of every error the project raises on purpose."""


class IllegalChoice(FiveRealmsError):
    """A choice that is not legal now. The game state is left untouched."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class RulesError(FiveRealmsError):
    """The rules engine reached a state it cannot continue from (a bug, not a player error)."""


class ContentError(FiveRealmsError):
    """Content data (cards, maps, scenarios) is malformed: names file, card and field."""


class ScenarioError(ContentError):
    """A scenario position is malformed or impossible."""


class SaveError(FiveRealmsError):
    """A save file cannot be read or written. The message is meant for a player."""
