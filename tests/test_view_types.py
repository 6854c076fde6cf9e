"""Every view a game builds matches its TypedDict exactly (game.core.views): over positions of
seeded games played by the game's own agents, each seat's view and a spectator's has every
required key, no undeclared one, and each value of its declared type, nested records too.
mypy checks the builders against these types; this checks what reaches them through ``Any``.
Also: the checker (game.core.typecheck) refuses a missing key, an extra key and a wrong type.
"""

# No ``from __future__ import annotations``: Python 3.11 would not see NotRequired in Record.
from typing import Any, Literal, NotRequired, TypedDict

import pytest

from game.ai.agents import make_agent
from game.core import registry
from game.core.game import Game
from game.core.typecheck import DataTypeError, check_data
from game.rulesets.buck_legacy.view_types import BLView
from game.rulesets.champions_of_albion.view_types import CAView
from game.rulesets.dungeon_delve.view_types import DDView
from game.rulesets.fantasy_adventures.view_types import FAView
from game.rulesets.fantasy_heroes.view_types import FHView

VIEW_TYPES: dict[str, Any] = {"fantasy-heroes": FHView, "dungeon-delve": DDView, "champions-of-albion": CAView,
                              "buck-legacy": BLView, "fantasy-adventures": FAView}
GAMES = [(seed, level) for seed, level in enumerate(("easy", "random", "easy"))]
CHECK_EVERY = 5
"""Views are checked at every fifth decision (every one would add time, not kinds of position)."""
MAX_CHOICES = 20_000


def test_every_registered_game_has_a_view_type():
    assert set(registry.ids()) <= set(VIEW_TYPES)


@pytest.mark.parametrize("system_id", sorted(VIEW_TYPES))
@pytest.mark.parametrize("seed,level", GAMES)
def test_views_match_their_types(system_id, seed, level):
    system = registry.get(system_id)
    seats = system.min_seats + seed % (system.max_seats - system.min_seats + 1)
    game = Game.new(system, seed, seats, system.playout_options)
    agents = [make_agent(level, system_id, seed, seat) for seat in range(seats)]
    for step in range(MAX_CHOICES):
        decision = game.pending()
        if step % CHECK_EVERY == 0 or decision is None:
            for seat in [*range(seats), None]:
                check_data(game.view_for(seat), VIEW_TYPES[system_id], f"{system_id} seed {seed} step {step} view")
        if decision is None:
            break
        game.choose(decision.seat, agents[decision.seat].choose(game.view_for(decision.seat), decision))
    assert game.pending() is None


# ---- the checker itself -----------------------------------------------------------------------

class Inner(TypedDict):
    count: int


class Record(TypedDict):
    name: str
    kind: Literal["a", "b"]
    owner: int | None
    inner: list[Inner]
    scores: dict[str, float]
    note: NotRequired[str]


GOOD: Record = {"name": "x", "kind": "a", "owner": None, "inner": [{"count": 1}], "scores": {"s": 1.5}}


def test_the_checker_accepts_a_good_record_with_or_without_its_optional_key():
    check_data(GOOD, Record)
    check_data({**GOOD, "note": "n"}, Record)


@pytest.mark.parametrize("bad,message", [
    ({k: v for k, v in GOOD.items() if k != "owner"}, "missing key 'owner'"),
    ({**GOOD, "colour": "red"}, "undeclared key 'colour'"),
    ({**GOOD, "name": 3}, "expected str"),
    ({**GOOD, "kind": "c"}, "'c' is not one of"),
    ({**GOOD, "owner": True}, "none of"),
    ({**GOOD, "inner": [{"count": "1"}]}, "inner[0].count: expected int"),
    ({**GOOD, "inner": [{"count": 1, "extra": 0}]}, "undeclared key 'extra'"),
    ({**GOOD, "inner": [{}]}, "missing key 'count'"),
    ({**GOOD, "scores": {"s": "high"}}, "expected float"),
    ({**GOOD, "note": None}, "expected str"),
])
def test_the_checker_refuses_a_missing_key_an_extra_key_and_a_wrong_type(bad, message):
    with pytest.raises(DataTypeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check_data(bad, Record, "record")
