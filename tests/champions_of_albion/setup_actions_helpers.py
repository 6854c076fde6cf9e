"""Shared helpers of test_rules_setup_actions.py and test_rules_resources.py: build written
positions, play choices through the real decision protocol, and an auto-player that ends
every turn and answers every other question in a fixed way."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from game.core.decision import Decision
from game.core.events import Event, EventLog
from game.core.game import Game
from game.rulesets.champions_of_albion.context import Ctx
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()
CONTENT = SYSTEM.content
MAP = CONTENT.map

SPEED = {"gareth": 4, "elin": 5, "tamsin": 4, "ysolde": 2, "cadoc": 1, "hollis": 2, "idris": 3, "jory": 4}
"""Effective starting speed (printed + starting armour/weapon speed) of each champion."""


def position(champions: list[str], seed: int = 0, main_enemy: str = "dragon", **kw: Any) -> Game:
    """A written position (Game.from_scenario) stopped at its first question."""
    return Game.from_scenario(SYSTEM, {"main_enemy": main_enemy, "champions": champions, **kw}, seed)


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


def do(g: Game, *choices: str | list[str] | tuple[str, ...]) -> list[Event]:
    """Make each choice in turn for whichever seat is asked; return every event."""
    events: list[Event] = []
    for choice in choices:
        d = pending(g)
        events += g.choose(d.seat, [choice] if isinstance(choice, str) else list(choice))
    return events


def blocked_reason(d: Decision, option_id: str) -> str:
    for b in d.blocked:
        if b.option_id == option_id:
            return f"{b.reason} [{b.rule}]"
    return ""


def auto_choice(d: Decision) -> list[str]:
    """Ends every turn, never rerolls, keeps the Hand, retreats when it can, stays out of others' fights,
    takes what a story offers first, accepts a story roll."""
    ids = d.option_ids
    if d.kind == "action":
        return ["end"]
    if d.kind in ("reroll", "discard"):
        return ["keep"]
    if d.kind == "retreat":
        return [next((i for i in ids if i.startswith("retreat:")), ids[0])]
    if d.kind == "join" and "stay_out" in ids:
        return ["stay_out"]
    if d.kind == "story_roll" and "accept" in ids:
        return ["accept"]
    if d.kind == "champion" and "decline" in ids and len(ids) > 1:
        return [ids[0]]
    if d.min_choices == 0:
        return []
    return [ids[0]]


def play(g: Game, stop: Callable[[Game, Decision], bool], *, limit: int = 2000,
         answer: Callable[[Game, Decision], list[str] | None] | None = None,
         log: list[tuple[dict[str, Any], Event]] | None = None) -> list[Event]:
    """Auto-play until ``stop`` is true for the pending decision (or the game ends).
    ``answer`` may override the auto choice (return None to use it). ``log`` collects
    (state snapshot, event) pairs, the snapshot taken right after the choice."""
    events: list[Event] = []
    for _ in range(limit):
        d = g.pending()
        if d is None or stop(g, d):
            return events
        pick = answer(g, d) if answer else None
        new = g.choose(d.seat, pick if pick is not None else auto_choice(d))
        events += new
        if log is not None:
            snap = {"act": g.state.act, "round": g.state.round, "fate": g.state.fate, "phase": g.state.phase}
            log += [(snap, e) for e in new]
    raise AssertionError("the game did not reach the wanted point")


def until_kind(kind: str, seat: int | None = None) -> Callable[[Game, Decision], bool]:
    return lambda g, d: d.kind == kind and (seat is None or d.seat == seat)


def end_turns(g: Game) -> list[Event]:
    """End every action-phase turn still to come this phase (nothing else is answered)."""
    events: list[Event] = []
    while (d := g.pending()) is not None and d.kind == "action":
        events += g.choose(d.seat, ["end"])
    return events


def rules_of(events: Iterable[Event]) -> list[str]:
    return [e.rule for e in events]


def first_index(events: list[Event], pred: Callable[[Event], bool]) -> int:
    for i, e in enumerate(events):
        if pred(e):
            return i
    raise AssertionError("no such event")


def fate_in_text(text: str) -> int:
    m = re.search(r"fate marker is on (\d)", text)
    assert m, text
    return int(m.group(1))


def champion_ids(d: Decision) -> list[str]:
    return [i.split(":", 1)[1] for i in d.option_ids if i.startswith("champion:")]


def uid(g: Game, card: str) -> str:
    """The standee id of the (first) enemy of this card on the map."""
    return next(e.uid for e in g.state.enemies if e.card == card)
