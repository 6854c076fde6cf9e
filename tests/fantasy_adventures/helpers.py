"""Shared helpers of the Fantasy Adventures rule tests: build written positions (scenario.py),
play choices through the real decision protocol, and look at the state.

A position is a dict like a scenario file: ``position(players=[...], start="combat", ...)``.
``player(...)`` fills in a party of the given heroes (front rank first) so a test names only
what matters to it. Cards are definition ids; in the state they are the instances
"<seat>/<definition>" (a second copy "#2"), see :func:`inst`. Dice are scripted with
``dice=[...]`` (faces 1 to 6, taken in order by every roll of the rules).
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision
from game.core.events import Event, EventLog
from game.core.game import Game
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.system import FantasyAdventures

SYSTEM = FantasyAdventures()
CONTENT = SYSTEM.content


def player(front: list[str], back: list[str] | None = None, **fields: Any) -> dict[str, Any]:
    """A player record: the front and back ranks left to right ("" for an open position), plus
    any other scenario keys (items, hand, encounter_deck, hero_deck, feared, flipped, ...)."""
    record: dict[str, Any] = {"front": front, "back": back or []}
    record.update(fields)
    return record


def position(players: list[dict[str, Any]], seed: int = 0, **scenario: Any) -> Game:
    """A written position (Game.from_scenario) stopped at its first question."""
    return Game.from_scenario(SYSTEM, {"player": players, **scenario}, seed)


def inst(seat: int, definition: str, copy: int = 1) -> str:
    """The instance id of a card of ``seat`` in a written position."""
    return f"{seat}/{definition}" if copy == 1 else f"{seat}/{definition}#{copy}"


def ctx_of(g: Game) -> Ctx:
    return Ctx(g.state, CONTENT, EventLog())


def refresh(g: Game) -> None:
    """Forget the cached pending decision after the state was edited directly."""
    g._pending_known = False


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
    """Answer "pass" to every window question (response and heal windows, and pass-only action
    questions) until a question that is not a window's."""
    events: list[Event] = []
    while (d := g.pending()) is not None and d.window and d.option_ids == ("pass",):
        events += g.choose(d.seat, "pass")
    return events


def until(g: Game, kind: str) -> list[Event]:
    """Pass every window (and pass-only action) until a question of ``kind``."""
    events: list[Event] = []
    while (d := g.pending()) is not None and d.kind != kind:
        assert d.window, f"waiting for {kind!r}, asked {d.kind!r}: {d.prompt} {d.option_ids}"
        events += g.choose(d.seat, "pass")
    return events


def decline(g: Game) -> list[Event]:
    """Answer the pending question with its ending answer: "end", or "pass" where that is the
    only answer (a forced pass, such as the grant question of a player with nothing to grant)."""
    d = pending(g)
    return g.choose(d.seat, "end" if "end" in d.option_ids else "pass")


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def texts(events: list[Event]) -> str:
    return "\n".join(f"[{e.rule}] {e.text}" for e in events)
