"""Helpers for Dungeon Delve rule tests: build a position, make choices, read the result.

A test writes the position as a scenario dict (see game/rulesets/dungeon_delve/scenario.py)
and then plays through the public Game API only:

    g = dd_game("brakka_stonehide", [hero("brakka_stonehide", (3, 4))],
                [monster("bone_warrior", (4, 4))], dice=["blue:3", "red:2", "gray:2"])
    choose(g, "attack:broadsword:4,4")
    choose(g, "pass")                     # keep the Round Shield ready

Dice are scripted as faces of checklist 2.2, counted from 1 ("red:6" is 3 hearts + surge).
Seat 0 is the overlord; hero seats are 1.. .
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import pytest

from game.core.decision import Decision
from game.core.errors import IllegalChoice
from game.core.events import Event
from game.core.game import Game
from game.rulesets.dungeon_delve.system import DungeonDelve

SYSTEM = DungeonDelve()
OVERLORD = 0

# Faces of 2.2, by what they show (1-based face numbers for the dice script).
BLUE_X, BLUE_R2_2H_S, BLUE_R3_2H, BLUE_R4_2H, BLUE_R5_1H, BLUE_R6_1H_S = (f"blue:{i}" for i in range(1, 7))
RED_1H, RED_2H, RED_3H, RED_3H_S = "red:1", "red:2", "red:5", "red:6"
GRAY = {0: "gray:1", 1: "gray:2", 2: "gray:5", 3: "gray:6"}
BLACK = {0: "black:1", 2: "black:2", 3: "black:5", 4: "black:6"}
BROWN = {0: "brown:1", 1: "brown:4", 2: "brown:6"}


class FairGame(Game):
    """A Game that, like the session, answers at once every forced pass (an overlord-card
    window asked of an overlord who holds no card for the moment, issue 11): a test meets
    only real choices. Set ``forced_passes`` to False to see them."""

    forced_passes = True

    def choose(self, seat: int, option_ids: Any) -> list[Event]:
        events = self._record(super().choose(seat, option_ids))
        if self.forced_passes:
            events = events + self.answer_forced_passes()
        return events

    def _record(self, events: list[Event]) -> list[Event]:
        return events

    def answer_forced_passes(self) -> list[Event]:
        """Pass for every seat whose only answer is "pass", as the session does; returns their events."""
        out: list[Event] = []
        while (d := self.pending()) is not None and d.forced_pass:
            out += self._record(Game.choose(self, d.seat, ("pass",)))
        return out


class RecordingGame(FairGame):
    """A FairGame that keeps every event it produced, so a test can read results from the log."""

    events: list[Event]

    def _record(self, events: list[Event]) -> list[Event]:
        self.events.extend(events)
        return events


def hero(hero_id: str, square: Sequence[int], **fields: Any) -> dict[str, Any]:
    return {"id": hero_id, "square": [square[0], square[1]], **fields}


def monster(kind: str, square: Sequence[int], **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "square": [square[0], square[1]], **fields}


def dd_game(turn: str, heroes: list[dict[str, Any]], monsters: Iterable[dict[str, Any]] = (), *,
            players: int = 2, stage: str = "actions", dice: Iterable[str] = (), seed: int = 1,
            **meta: Any) -> RecordingGame:
    """A game from a written position, at ``turn``'s turn (hero) or activation (monster)."""
    scenario_meta: dict[str, Any] = {"players": players, "turn": turn, "stage": stage, "dice": list(dice)}
    scenario_meta.setdefault("overlord_hand", [])
    scenario_meta.update(meta)
    data: dict[str, Any] = {"scenario": scenario_meta, "hero": heroes, "monster": list(monsters)}
    base = Game.from_scenario(SYSTEM, data, seed)
    g = RecordingGame(SYSTEM, base.state)
    g.events = list(base.initial_events)
    g.answer_forced_passes()
    return g


def new_game(seed: int = 1, seats: int = 2, heroes: str = "brakka_stonehide,sister_elowen") -> RecordingGame:
    base = Game.new(SYSTEM, seed, seats, {"heroes": heroes})
    g = RecordingGame(SYSTEM, base.state)
    g.events = list(base.initial_events)
    g.answer_forced_passes()
    return g


# -- the pending decision --------------------------------------------------------------------------


def decision(g: Game) -> Decision:
    d = g.pending()
    assert d is not None, "the game is over: no decision is pending"
    return d


def options(g: Game) -> tuple[str, ...]:
    return decision(g).option_ids


def kind(g: Game) -> str | None:
    d = g.pending()
    return None if d is None else d.kind


def choose(g: Game, option_id: str) -> list[Event]:
    """Answer the pending decision (whoever's it is) with ``option_id``."""
    d = decision(g)
    assert option_id in d.option_ids, f"{option_id!r} is not offered in {d.kind}: {d.option_ids}"
    return g.choose(d.seat, [option_id])


def refused(g: Game, option_id: str, seat: int | None = None) -> None:
    """The choice is illegal now: IllegalChoice, and the state is exactly as before."""
    before = g.state_hash()
    d = g.pending()
    with pytest.raises(IllegalChoice):
        g.choose(d.seat if (d is not None and seat is None) else (seat or 0), [option_id])
    assert g.state_hash() == before


def move_options(g: Game) -> set[str]:
    return {o[len("move:"):] for o in options(g) if o.startswith("move:")}


def with_prefix(g: Game, prefix: str) -> list[str]:
    return [o for o in options(g) if o.startswith(prefix)]


def events(g: RecordingGame, kind_: str | None = None, rule: str | None = None) -> list[Event]:
    return [e for e in g.events if (kind_ is None or e.kind == kind_) and (rule is None or e.rule == rule)]


def kinds_in_order(g: RecordingGame) -> list[tuple[str, str]]:
    return [(e.kind, e.rule) for e in g.events]


def pass_(g: Game) -> list[Event]:
    return choose(g, "pass")


def answer_until(g: Game, wanted: str | None = None, limit: int = 200) -> None:
    """Answer decisions neutrally (end, pass, first option) until a decision of kind ``wanted``
    (or the end of the game if None)."""
    for _ in range(limit):
        d = g.pending()
        if d is None:
            return
        if wanted is not None and d.kind == wanted:
            return
        for neutral in ("end", "pass"):
            if neutral in d.option_ids:
                g.choose(d.seat, [neutral])
                break
        else:
            g.choose(d.seat, [d.option_ids[0]])
    raise AssertionError(f"no {wanted} decision within {limit} answers")


def h(g: Game, hero_id: str) -> Any:
    return g.state.hero(hero_id)


def m(g: Game, monster_id: str) -> Any:
    return g.state.monster(monster_id)
