"""Helpers for Fantasy Heroes rule tests: build a position, make choices, read the result.

A test writes the position as a scenario dict (see game/rulesets/fantasy_heroes/scenario.py),
then plays through the public Game API only:

    g = fh_game(players=[{"hand": ["barbarian", "giant"], "territories": ["mountain#1"]},
                         {"hand": ["peasants"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    play(g, "giant"); pass_(g)          # attacker's window W1 ends
    ...
"""

from __future__ import annotations

from typing import Any

from game.core import registry
from game.core.decision import Decision
from game.core.events import Event
from game.core.game import Game
from game.rulesets.fantasy_heroes.effects import side_total
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, FHState

SYSTEM = registry.get("fantasy-heroes")


class RecordingGame(Game):
    """A Game that keeps every event it has produced, so tests can read results from the log."""

    events: list[Event]

    def choose(self, seat: int, option_ids: Any) -> list[Event]:
        events = super().choose(seat, option_ids)
        self.events.extend(events)
        return events


def fh_game(players: list[dict[str, Any]], *, seed: int = 1, start: str = "attack", active: int = 1,
            deck: list[str] | None = None, discard: list[str] | None = None, **scenario: Any) -> Game:
    """A game from a written position. Seats in ``players`` are 1, 2, (3); ``active`` is 1-based."""
    meta: dict[str, Any] = {"players": len(players), "start": start, "active": active}
    meta.update(scenario)
    data: dict[str, Any] = {"scenario": meta, "player": players}
    if deck is not None:
        data["deck"] = deck
    if discard is not None:
        data["discard"] = discard
    base = Game.from_scenario(SYSTEM, data, seed)
    g = RecordingGame(SYSTEM, base.state)
    g.events = list(base.initial_events)
    return g


def state(g: Game) -> FHState:
    assert isinstance(g.state, FHState)
    return g.state


def decision(g: Game) -> Decision:
    d = g.pending()
    assert d is not None, "the game is over"
    return d


def choose(g: Game, *option_ids: str) -> list:
    """Answer the pending decision (for whoever must answer it)."""
    return g.choose(decision(g).seat, option_ids)


def skip_instants(g: Game) -> None:
    """Pass any instant-point questions (Scrye/Fortune/Wall of Fire offers) now pending."""
    while (d := g.pending()) is not None and d.kind == "instant":
        g.choose(d.seat, ["pass"])


def attack(g: Game, territory: str, hero: str) -> None:
    """From the attack menu: attack ``territory`` with ``hero`` (passing instant offers first)."""
    skip_instants(g)
    d = decision(g)
    assert d.kind == "attack", f"expected the attack menu, got {d.kind}: {d.prompt}"
    g.choose(d.seat, [f"attack:{territory}"])
    choose(g, f"play:{hero}")
    skip_instants(g)


def play(g: Game, *cards: str) -> None:
    """Play cards, one at a time, in the current window (answering no negation prompts)."""
    for card in cards:
        skip_instants(g)
        d = decision(g)
        assert d.kind == "window", f"expected a window, got {d.kind}: {d.prompt}"
        g.choose(d.seat, [f"play:{card}"])
        skip_instants(g)


def pass_(g: Game, seat: int | None = None) -> None:
    """End the current window (a pass if nothing was done in it).

    The engine ends a window by itself when its owner has nothing legal to do. So with
    ``seat`` (1-based) given, this does nothing unless a window of that seat is pending;
    without it, it does nothing if no window is pending (the battle may have resolved).
    """
    skip_instants(g)
    d = g.pending()
    if d is None or d.kind != "window" or (seat is not None and d.seat != seat - 1):
        return
    g.choose(d.seat, ["pass"])
    skip_instants(g)


def totals(g: Game) -> tuple[int, int]:
    """(attack, defense) of the battle in progress."""
    b = state(g).battle
    assert b is not None, "no battle in progress"
    return side_total(SYSTEM.content, b, ATTACKER).value, side_total(SYSTEM.content, b, DEFENDER).value


def finish_battle(g: Game) -> tuple[int, int]:
    """Pass every remaining window (and decline negations, Enchantress, Summon) until the
    battle resolves; return the compared (attack, defense) totals of the last battle."""
    while state(g).battle is not None:
        d = decision(g)
        if d.kind in ("instant", "window", "negate", "enchant", "summon"):
            g.choose(d.seat, ["pass"])
        else:
            raise AssertionError(f"unexpected decision while finishing a battle: {d.kind}: {d.prompt}")
    return last_result(g)


def last_result(g: Game) -> tuple[int, int]:
    """The (attack, defense) totals compared in the most recent battle, from the event log."""
    results: dict[int, int] = {}
    for e in reversed(g.events):  # type: ignore[attr-defined]
        if e.kind == "totals" and e.data["side"] not in results:
            results[e.data["side"]] = e.data["value"]
        if len(results) == 2:
            return results[ATTACKER], results[DEFENDER]
    raise AssertionError("no battle has been resolved yet")


def events_of(g: Game, kind: str) -> list[Event]:
    """Every recorded event of one kind."""
    return [e for e in g.events if e.kind == kind]  # type: ignore[attr-defined]


def hand(g: Game, seat: int) -> list[str]:
    """Seat is 1-based here, as in the scenario."""
    return list(state(g).players[seat - 1].hand)


def territories(g: Game, seat: int) -> list[str]:
    return list(state(g).players[seat - 1].territories)
