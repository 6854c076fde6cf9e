"""Helpers of the combat rule tests (test_rules_combat, _ranged, _spells, _melee, _actions):
a party attacked in a combat round, short names for the cards of the two sides, and a driver
that answers the questions a test cares about and passes every window in between.

``play(g, "assign:...", "end")`` answers with the next given answer every question that offers
it, a window's included (but a given "pass" is kept for an action question). It passes every
other response and heal window and every action question whose only answer is to pass, and
answers each other question (an action with real options included) with the next given answer.
It stops before the first question that needs an answer once the answers are used up, or, given
``at="W8:1"``, before that window asks that seat. Every answer goes through Game.choose, so an
illegal one raises IllegalChoice.
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision
from game.core.events import Event
from game.core.game import Game
from tests.fantasy_adventures.helpers import inst, player, position

HERO_SEAT, MONSTER_SEAT = 0, 1


def fight(front: list[str], back: list[str] | None = None, monsters: list[dict[str, str]] | None = None,
          dice: list[int] | None = None, hero: dict[str, Any] | None = None,
          foe: dict[str, Any] | None = None, **scenario: Any) -> Game:
    """Seat 0's party (front and back rank; ``hero`` adds its other scenario keys) attacked by
    seat 1's ``monsters`` from a combat round; seat 1's own party is ``foe`` (a Granite Guard
    unless given)."""
    foe_record = player(["granite_guard"]) if foe is None else player(**foe)
    return position([player(front, back, **(hero or {})), foe_record], start="combat",
                    monster=MONSTER_SEAT, target=HERO_SEAT, monsters=monsters or [], dice=dice or [], **scenario)


def H(card: str, copy: int = 1) -> str:
    """A card of the hero player (seat 0)."""
    return inst(HERO_SEAT, card, copy)


def M(card: str, copy: int = 1) -> str:
    """A card of the monster player (seat 1)."""
    return inst(MONSTER_SEAT, card, copy)


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def passes_itself(d: Decision) -> bool:
    """A window's question, or an action question with nothing to do but pass."""
    return d.window and (d.kind != "action" or d.option_ids == ("pass",))


def play(g: Game, *answers: str, at: str = "", skip: int = 0) -> list[Event]:
    """Pass windows; answer the other questions with ``answers`` in order (module docstring).
    With ``at`` stop instead before the question it names, once the answers are used up and
    ``skip`` earlier such questions were passed: "W8:1" is window W8 asking seat 1, "action:0"
    seat 0's action question (even one with nothing but "pass" in it)."""
    events: list[Event] = []
    queue = list(answers)
    while (d := g.pending()) is not None:
        if queue and queue[0] in d.option_ids and not (queue[0] == "pass" and passes_itself(d)):
            events += g.choose(d.seat, queue.pop(0))
            continue
        if at and not queue and f"{checkpoint(g) or d.kind}:{d.seat}" == at:
            if skip == 0:
                return events
            skip -= 1
        if passes_itself(d):
            events += g.choose(d.seat, "pass")
        elif queue:
            events += g.choose(d.seat, queue.pop(0))
        else:
            break
    assert not queue, f"the game ended with answers left: {queue}"
    assert not at, f"window {at} never came: stopped at {d.kind if d else 'the end'}"
    return events


def checkpoint(g: Game) -> str:
    """The checkpoint (W1 to W10) of the response window asking now, "" if none is."""
    top = g.state.stack[-1] if g.state.stack else {}
    return str(top.get("checkpoint", "")) if top.get("step") == "response" else ""


def finish_encounter(g: Game, *answers: str) -> list[Event]:
    """Play on until the Encounter ends: as :func:`play`, and once the answers are used up each
    question is answered with "continue" or its last option ("end", "pass" come last)."""
    events: list[Event] = []
    queue = list(answers)
    while not of(events, "encounter_ends") and (d := g.pending()) is not None:
        if queue and queue[0] in d.option_ids:
            events += g.choose(d.seat, queue.pop(0))
        elif passes_itself(d):
            events += g.choose(d.seat, "pass")
        elif queue:
            events += g.choose(d.seat, queue.pop(0))
        else:
            events += g.choose(d.seat, "continue" if "continue" in d.option_ids else d.option_ids[-1])
    return events


def used_up(g: Game) -> None:
    """Every scripted die was rolled (a roll beyond the script comes from the generator, so a
    test checks its outcomes only where its own dice decide them)."""
    assert g.state.dice_script == [], f"dice left unrolled: {g.state.dice_script}"


def monsters_in_play(g: Game) -> list[str]:
    assert g.state.encounter is not None
    return [m.card for m in g.state.encounter.monsters]


def rounds(events: list[Event]) -> list[int]:
    return [e.data["round"] for e in of(events, "combat_round")]
