"""Walking a combat round of a written position to the question a rule test looks at: the
shared steps of the rule tests of items, recovery, saves, summons and the glossary.

Every window passes; Assignment, the meleeing monster and the melee order are answered with
their first option unless the test answers them itself; supports are declared as given.
"""

from __future__ import annotations

from game.core.events import Event
from game.core.game import Game

from tests.fantasy_adventures.helpers import pending

ROUND_QUESTIONS = ("assign", "meleeing", "melee_order", "ranged_target", "melee_win", "retreat")


def to(g: Game, kind: str, supports: tuple[str, ...] = ()) -> list[Event]:
    """Play on to the next question of ``kind``: windows pass, supports are ``supports`` then
    "end", other round questions take their first option."""
    events: list[Event] = []
    while (d := g.pending()) is not None and d.kind != kind:
        if d.kind == "support":
            choice = next((s for s in supports if s in d.option_ids), "end")
        elif d.window and "pass" in d.option_ids:
            choice = "pass"
        elif d.kind in ROUND_QUESTIONS:
            choice = "continue" if d.kind == "retreat" else d.option_ids[0]
        else:
            raise AssertionError(f"waiting for {kind!r}, asked {d.kind!r}: {d.prompt} {d.option_ids}")
        events += g.choose(d.seat, choice)
    assert g.pending() is not None, f"the game ended before a {kind!r} question"
    return events


def to_action(g: Game, supports: tuple[str, ...] = ()) -> list[Event]:
    """Play the round's Assignment, Ranged and Melee phases; stop at the first action question."""
    return to(g, "action", supports)


def act(g: Game, option: str) -> list[Event]:
    """Take ``option`` at the action question now pending (it must be offered)."""
    d = pending(g, "action")
    assert option in d.option_ids, f"{option} not offered: {d.option_ids}"
    return g.choose(d.seat, option)


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
