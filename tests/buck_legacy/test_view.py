"""The Buck: Legacy view carries the record's derived values, worked out by the rules, so the
table and the terminal only show them (STYLE.md 20): each Adventurer's Combat Strength term by
term, adding up to the rules' Combat Strength (BL-111, BL-139), the fighter's against the
Monster's resistances and vulnerabilities (BL-120 to BL-123); each Distance Deck's Distance and
Trophy counters (BL-101) and the party's Distance toward the Boss (BL-079, A-09). Checked over
random games with 2 to 6 seats at many positions."""

from __future__ import annotations

import pytest

from game.core.events import EventLog
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import monsters, stats
from game.rulesets.buck_legacy.adventure import distance_total
from game.rulesets.buck_legacy.context import Ctx
from game.rulesets.buck_legacy.system import BuckLegacy
from game.rulesets.buck_legacy.view import OTHER_SOURCE
from tests.buck_legacy.helpers import adventurer, position
from tests.test_conformance import random_choice

SYSTEM = BuckLegacy()
CHECK_EVERY = 7


@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 4), (3, 6), (4, 3), (5, 5)])
def test_the_views_combat_strength_parts_and_distance_counters_match_the_rules(seed, seats):
    """BL-111, BL-120, BL-121, BL-122, BL-123, BL-139, BL-079, BL-101"""
    game = Game.new(SYSTEM, seed, seats, SYSTEM.playout_options)
    content = SYSTEM.content
    rng = Rng.seeded(seed, 9)
    fights = 0
    for step in range(20_000):
        decision = game.pending()
        if decision is None:
            break
        if step % CHECK_EVERY == 0:
            state = game.state
            view = game.view_for(step % seats)
            for a in view["adventurers"]:
                seat = a["seat"]
                assert sum(v for _, v in a["strength_parts"]) == a["strength"] \
                    == stats.combat_strength(state, content, seat), (step, a["strength_parts"])
                adv = state.adventurers[seat]
                counters = [content.dungeon_card(c).counter for c in adv.distance_deck]
                assert (a["distance"], a["trophies"]) == (counters.count("distance"), counters.count("trophy"))
                assert OTHER_SOURCE not in {n for n, _ in a["strength_parts"]}  # every modifier's card is named
            assert view["distance_total"] == (distance_total(Ctx(state, content, EventLog())) if state.zone else 0)
            fight = view["fight"]
            if fight is not None:
                fights += 1
                resist, vulnerable = monsters.resist_and_vulnerable(Ctx(state, content, EventLog()))
                assert sum(v for _, v in fight["strength_parts"]) == fight["strength"] == stats.combat_strength(
                    state, content, fight["fighter"], resist, vulnerable)
        choice = ("pass",) if decision.forced_pass else random_choice(decision, rng)
        game.choose(decision.seat, choice)
    assert fights > 0


def test_each_part_names_the_card_that_gives_it():
    """BL-111, BL-139: a Curse attached and Support received are parts of their own, by name."""
    game = position([adventurer("Ann", attached=["curse_of_frailty"]), adventurer("Bram")], start="market")
    game.state.adventurers[0].support_received = 2
    parts = game.view_for(1)["adventurers"][0]["strength_parts"]
    assert parts == [("Cogborn", 0), ("Ranger", 1), ("Studded Cudgel", 1), ("Curse of Frailty", -1), ("Support", 2)]
