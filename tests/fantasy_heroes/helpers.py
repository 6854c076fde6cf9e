"""Helpers for Fantasy Heroes rule tests: build a position, make choices, read the result.

A test writes the position as a scenario dict (see game/rulesets/fantasy_heroes/scenario.py),
then plays through the public Game API only:

    g = fh_game(players=[{"hand": ["barbarian", "giant"], "territories": ["mountain#1"]},
                         {"hand": ["peasants"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    play(g, "giant"); pass_(g)          # attacker's window W1 ends
    ...

Seats are 1-based in every helper here (as in the scenario); event data, ``Decision.seat`` and
battle side indexes (ATTACKER, DEFENDER) are 0-based.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core import registry
from game.core.decision import Decision
from game.core.errors import IllegalChoice
from game.core.events import Event
from game.core.game import Game
from game.rulesets.fantasy_heroes.effects import side_total
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, FHState, Side

SYSTEM = registry.get("fantasy-heroes")


# -- building a position ---------------------------------------------------------------------------


class RecordingGame(Game):
    """A Game that keeps every event it has produced, so tests can read results from the log.

    Like the session, it answers at once every forced pass (a fair question asked of a seat
    that holds nothing to answer it with, issue 11): a test meets only real choices. Set
    ``forced_passes`` to False to see them.
    """

    events: list[Event]
    forced_passes = True

    def choose(self, seat: int, option_ids: Any) -> list[Event]:
        """Make the choice and record the events it produced (and those of the forced passes after it)."""
        events = super().choose(seat, option_ids)
        self.events.extend(events)
        if self.forced_passes:
            events = events + self.answer_forced_passes()
        return events

    def answer_forced_passes(self) -> list[Event]:
        """Pass for every seat whose only answer is "pass", as the session does; returns their events."""
        out: list[Event] = []
        while (d := self.pending()) is not None and d.forced_pass:
            events = Game.choose(self, d.seat, ("pass",))
            self.events.extend(events)
            out += events
        return out


def fh_game(players: list[dict[str, Any]], *, seed: int = 1, start: str = "attack", active: int = 1,
            deck: list[str] | None = None, discard: list[str] | None = None, forced_passes: bool = True,
            **scenario: Any) -> Game:
    """A game from a written position. Seats in ``players`` are 1, 2, (3); ``active`` is 1-based.
    With ``forced_passes`` False, the game stops at every forced pass too."""
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
    if forced_passes:
        g.answer_forced_passes()
    else:
        g.forced_passes = False
    return g


def battle_game(attacker_hand: list[str], defender_hand: list[str], target: str, *, seed: int = 1,
                attacker_territories: tuple[str, ...] | list[str] = ("tower#3",),
                defender_territories: list[str] | None = None, **scenario: Any) -> Game:
    """Two players, seat 1 to attack seat 2's ``target``; by default seat 2 also holds a second
    territory (so a lost battle does not eliminate him)."""
    if defender_territories is None:
        defender_territories = [target, "castle#3" if not target.startswith("castle") else "swamp#3"]
    return fh_game([
        {"hand": list(attacker_hand), "territories": list(attacker_territories)},
        {"hand": list(defender_hand), "territories": list(defender_territories)},
    ], seed=seed, **scenario)


# -- the pending decision --------------------------------------------------------------------------


def decision(g: Game) -> Decision:
    """The pending decision (the game must not be over)."""
    d = g.pending()
    assert d is not None, "the game is over"
    return d


def options(g: Game) -> tuple[str, ...]:
    """The option ids of the pending decision, after passing any instant offers."""
    skip_instants(g)
    return decision(g).option_ids


def expect(g: Game, kind: str, seat: int) -> Decision:
    """The pending decision, which must be of ``kind`` for ``seat`` (1-based); nothing is skipped."""
    d = decision(g)
    assert (d.kind, d.seat) == (kind, seat - 1), f"expected {kind} for P{seat}, got {d.kind} for P{d.seat + 1}"
    return d


def window_of(g: Game, seat: int) -> Decision:
    """The pending decision, after passing any instant offers; it must be ``seat``'s battle window."""
    skip_instants(g)
    return expect(g, "window", seat)


def refused(g: Game, option_id: str, seat: int | None = None, rule: str | None = None) -> IllegalChoice:
    """Choosing ``option_id`` now is not offered, raises IllegalChoice and changes nothing; returns the error.

    Instant offers are passed first. With ``seat`` (1-based) the pending decision must be that
    seat's; with ``rule`` the refusal must name that rule.
    """
    skip_instants(g)
    d = decision(g)
    if seat is not None:
        assert d.seat == seat - 1, f"expected a decision of P{seat}, got {d.kind} for P{d.seat + 1}"
    assert option_id not in d.option_ids, f"{option_id} is offered"
    before = g.state_hash()
    with pytest.raises(IllegalChoice) as info:
        g.choose(d.seat, [option_id])
    assert g.state_hash() == before
    assert g.pending() == d
    assert str(info.value)  # a message for the player
    if rule is not None:
        assert info.value.rule == rule, (info.value.rule, str(info.value))
    return info.value


# -- making choices --------------------------------------------------------------------------------


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


def play_as(g: Game, seat: int, *cards: str) -> None:
    """Play ``cards`` one at a time in a window that must belong to ``seat`` (1-based)."""
    for card in cards:
        skip_instants(g)
        d = decision(g)
        assert d.kind == "window" and d.seat == seat - 1, (
            f"expected seat {seat}'s window to play {card}, got {d.kind} for seat {d.seat + 1}: {d.prompt}")
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


# -- reading the state and the results -------------------------------------------------------------


def state(g: Game) -> FHState:
    """The game state, as a Fantasy Heroes state."""
    assert isinstance(g.state, FHState)
    return g.state


def battle_side(g: Game, index: int) -> Side:
    """One side (ATTACKER or DEFENDER, 0-based) of the battle in progress."""
    b = state(g).battle
    assert b is not None, "no battle in progress"
    return b.sides[index]


def totals(g: Game) -> tuple[int, int]:
    """(attack, defense) of the battle in progress."""
    b = state(g).battle
    assert b is not None, "no battle in progress"
    return side_total(SYSTEM.content, b, ATTACKER).value, side_total(SYSTEM.content, b, DEFENDER).value


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
    """The hand of ``seat`` (1-based, as in the scenario)."""
    return list(state(g).players[seat - 1].hand)


def territories(g: Game, seat: int) -> list[str]:
    """The territories of ``seat`` (1-based, as in the scenario)."""
    return list(state(g).players[seat - 1].territories)
