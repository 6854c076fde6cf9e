"""The result of a finished game (STYLE 7)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """Winners (seats; several share a win), a score per seat, and why the game ended."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    rule: str = ""
