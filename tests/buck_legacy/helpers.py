"""Shared helpers of the Buck: Legacy rule tests: build written positions (scenario.py), play
choices through the real decision protocol, and look at the state.

A position is a dict like a scenario file: ``position(adventurers=[...], start="combat", ...)``.
``adventurer(...)`` fills in a valid Adventurer record (a Race, a Class, a Starting Weapon) so a
test names only what matters to it. Dice are scripted with ``dice=[...]`` ("white:5" or 5).
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision
from game.core.events import Event, EventLog
from game.core.game import Game
from game.rulesets.buck_legacy.context import Ctx
from game.rulesets.buck_legacy.system import BuckLegacy

SYSTEM = BuckLegacy()
CONTENT = SYSTEM.content


def adventurer(name: str, **fields: Any) -> dict[str, Any]:
    """An Adventurer record with the quietest Race, Class and Starting Weapon unless given: a
    Cogborn (CS 0, +2 maximum Tesla) Ranger (CS 1, a bonus only with kinetic weapons) with a
    Studded Cudgel (CS 1, Crushing): Combat Strength 2, Magic Rank 0."""
    record: dict[str, Any] = {"name": name, "race": "cogborn", "class": "ranger",
                              "slots": {"weapon": "studded_cudgel"}, "gold": 0}
    record.update(fields)
    return record


def position(adventurers: list[dict[str, Any]], seed: int = 0, **scenario: Any) -> Game:
    """A written position (Game.from_scenario) stopped at its first question."""
    return Game.from_scenario(SYSTEM, {"adventurer": adventurers, **scenario}, seed)


def refresh(g: Game) -> None:
    """Forget the cached pending decision after the state was edited directly."""
    g._pending_known = False


def ctx_of(g: Game) -> Ctx:
    return Ctx(g.state, CONTENT, EventLog())


def pending(g: Game, kind: str | None = None) -> Decision:
    d = g.pending()
    assert d is not None, "the game is over"
    if kind is not None:
        assert d.kind == kind, f"expected a {kind!r} question, got {d.kind!r}: {d.prompt} {d.option_ids}"
    return d


def do(g: Game, *choices: str) -> list[Event]:
    """Make each choice in turn for whichever seat is asked; return every event."""
    events: list[Event] = []
    for choice in choices:
        d = pending(g)
        events += g.choose(d.seat, choice)
    return events


def pass_windows(g: Game) -> list[Event]:
    """Answer "pass" to every window question until a question that is not a window's."""
    events: list[Event] = []
    while (d := g.pending()) is not None and d.window:
        events += g.choose(d.seat, "pass")
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
