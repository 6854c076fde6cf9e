"""Buck: Legacy rule tests: Treasure (BL-230 to BL-233) and Single-use Items used outside the
battles' windows (BL-234 to BL-236)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.game import Game
from game.rulesets.buck_legacy.content import Effect
from game.rulesets.buck_legacy.system import BuckLegacy
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pass_windows, pending, position

SHOP = ["leather_cap", "iron_sallet", "smoked_goggles", "owl_eye_lenses"]


def at_market(advs, **scenario):
    return position(advs, start="market_turn", zone="ebony_bloody_rose", shop=SHOP, **scenario)


# -- receiving a Treasure (BL-230) ---------------------------------------------------------------------

def test_draw_two_keep_one_the_other_shuffled_back_blt40():
    """BLT-40, BL-230, BL-232: with 10 cards in the Treasure deck, a Treasure Table 5 gives a Treasure:
    the receiver sees 2 and keeps 1; the deck then holds 9, the rejected card shuffled into it. Only
    the receiver learns which cards they were."""
    g = at_market([adventurer("A", backpack=["ironbound_coffer"]), adventurer("B")], dice=["plain:5"])
    state = g.state
    del state.treasure_deck[:-10]
    events = do(g, "use:ironbound_coffer")
    d = pending(g, "keep_treasure")
    assert d.seat == 0 and len(d.option_ids) == 2 and len(state.treasure_deck) == 8
    seen = [o.partition(":")[2] for o in d.option_ids]
    before = list(state.treasure_deck)
    events += do(g, d.option_ids[1])
    kept, other = seen[1], seen[0]
    assert state.adventurers[0].backpack == [kept] and len(state.treasure_deck) == 9
    assert other in state.treasure_deck and state.treasure_deck != before + [other]
    for e in events:
        if e.seats is None:
            assert kept not in str(e.data) and CONTENT.card(kept).name not in e.text
    assert any(e.seats == (0,) and e.data.get("card") == kept for e in events)
    assert "ironbound_coffer" in state.treasure_discard       # the used chest goes to its discard (BL-236)


def test_with_one_treasure_left_it_is_kept_bl230():
    """BL-230, BL-032: if only 1 Treasure card can be drawn (deck and discard pile hold just one), the
    receiver keeps it without a choice."""
    g = at_market([adventurer("A", backpack=["ironbound_coffer"]), adventurer("B")], dice=["plain:5"])
    state = g.state
    last = state.treasure_deck[-1]
    del state.treasure_deck[:-1]
    state.treasure_discard.clear()
    do(g, "use:ironbound_coffer")
    assert state.adventurers[0].backpack == [last] and not state.treasure_deck
    assert pending(g, "market").seat == 0


# -- the Treasure Table (BL-232, BL-233) -----------------------------------------------------------------

@pytest.mark.parametrize("face,gold,items,treasures", [
    (1, 40, 0, 0), (2, 20, 1, 0), (3, 40, 1, 0), (4, 20, 2, 0), (5, 0, 0, 1), (6, 20, 0, 1)])
def test_the_treasure_table_bl232(face, gold, items, treasures):
    """BL-232, A-33, BL-233, BL-037: the plain die's final value picks the reward in printed order;
    Items come from the top of the Items deck (not the shop), Treasures by draw 2, keep 1."""
    g = at_market([adventurer("A", gold=5, backpack=["gilded_reliquary"]), adventurer("B")], dice=[f"plain:{face}"],
                  items_top=["welding_visor", "tinkers_loupe"])
    events = do(g, "use:gilded_reliquary")
    roll = [e for e in events if e.kind == "roll"][0]
    assert (roll.data["die"], roll.data["final"], roll.rule) == ("plain", face, "BL-232")
    if treasures:
        do(g, pending(g, "keep_treasure").option_ids[0])
    a = g.state.adventurers[0]
    assert a.gold == 5 + gold
    assert a.backpack[:items] == ["welding_visor", "tinkers_loupe"][:items]
    assert sum(CONTENT.card(c).deck == "items" for c in a.backpack) == items
    assert sum(CONTENT.card(c).deck == "treasure" for c in a.backpack) == treasures
    assert g.state.shop == SHOP


def test_treasure_table_modifiers_keep_the_rule_of_six_bl232():
    """BL-232, BL-117, A-47: modifiers apply after the roll and the final value stays within 1-6:
    +2 on a 5 gives 6 (20 Gold and a Treasure), not 7. (A test-only Race with +2 to Treasure Table
    rolls: no shipped card has one.)"""
    lucky = dataclasses.replace(CONTENT.races["cogborn"], abilities=(
        Effect("treasure_table_bonus", (("amount", 2),)),))
    system = BuckLegacy(dataclasses.replace(CONTENT, races={**CONTENT.races, "cogborn": lucky}, memo={}))
    g = Game.from_scenario(system, {"adventurer": [adventurer("A", backpack=["gilded_reliquary"]), adventurer("B")],
                                    "start": "market_turn", "zone": "ebony_bloody_rose", "shop": SHOP,
                                    "dice": ["plain:5"]})
    events = do(g, "use:gilded_reliquary")
    roll = [e for e in events if e.kind == "roll"][0]
    assert (roll.data["value"], roll.data["final"]) == (5, 6)
    assert g.state.adventurers[0].gold == 20 and pending(g, "keep_treasure").seat == 0


def test_treasure_table_items_can_overflow_the_backpack_blt39():
    """BLT-39, BL-233, BL-075: with 4 cards in the backpack besides the chest, a 4 on the Treasure
    Table gives 20 Gold and 2 Items: 6 cards, so one must go at once. Outside the Market (here in
    Preparation) it cannot be sold, only discarded or used."""
    four = ["leather_cap", "iron_sallet", "smoked_goggles", "quilted_gambeson"]
    g = position([adventurer("A", backpack=four + ["barnacled_strongbox"]), adventurer("B")], start="exploration",
                 zone="ebony_bloody_rose", dungeon_top=["giant_bog_leech", "cave_rat_swarm"],
                 items_top=["welding_visor", "tinkers_loupe"], dice=["plain:4"])
    assert pending(g, "preparation").seat == 0
    do(g, "use:barnacled_strongbox")
    a = g.state.adventurers[0]
    assert a.gold == 20 and len(a.backpack) == 6 and a.backpack[-2:] == ["welding_visor", "tinkers_loupe"]
    d = pending(g, "overflow")
    assert d.seat == 0 and not any(o.startswith("sell:") for o in d.option_ids)
    assert set(d.option_ids) == {f"discard:{c}" for c in a.backpack}
    do(g, "discard:leather_cap")
    assert len(a.backpack) == 5 and "leather_cap" in g.state.items_discard
    assert pending(g, "preparation").seat == 0


def test_treasures_are_used_like_items_bl231():
    """BL-231, BL-068, BL-067, BL-014: a Treasure is given, equipped and counted like an Item: a Large
    Treasure given to an Adventurer with a Large Armour is a second Large card, so one must go."""
    g = at_market([adventurer("A", slots={"weapon": "studded_cudgel", "armour": "ironclad_harness"},
                             backpack=["golden_eye"]), adventurer("B", backpack=["quartermasters_greataxe"])])
    do(g, "equip:golden_eye")
    a = g.state.adventurers[0]
    assert a.slots["glasses"] == "golden_eye" and g.view_for(1)["adventurers"][0]["protection"] == 4 + 2
    do(g, "wait", "give:quartermasters_greataxe", "to:0")
    d = pending(g, "overflow")
    assert d.seat == 0 and d.rule == "BL-068"
    do(g, "sell:ironclad_harness")
    assert a.backpack == ["quartermasters_greataxe"] and a.gold == 35


# -- Single-use Items outside the windows (BL-234 to BL-236) ---------------------------------------------

def test_a_single_use_item_is_used_at_will_without_an_action_bl235_bl236():
    """BL-234, BL-235, BL-236, BL-211: in the Market a Mana potion is used from the backpack without
    spending an action; Mana rises by 5 but not beyond the maximum; the card is discarded. It is not
    offered when it could do nothing."""
    g = at_market([adventurer("A", mana=8, backpack=["azure_draught", "azure_draught#2"],
                             **{"class": "necromancer"}), adventurer("B")])
    events = do(g, "use:azure_draught")
    a = g.state.adventurers[0]
    assert (a.mana, a.actions_left) == (10, 3) and a.backpack == ["azure_draught#2"]
    assert "azure_draught" in g.state.items_discard and "use" in kinds(events)
    assert "use:azure_draught#2" not in pending(g, "market").option_ids


def preparation(a, b):
    return position([a, b], start="exploration", zone="ebony_bloody_rose",
                    dungeon_top=["giant_bog_leech", "cave_rat_swarm"])


def test_a_curse_is_lifted_and_a_stunned_ally_revived_in_preparation_bl235():
    """BL-235, BL-236, AK-21, AK-19: in Preparation a Vial of Absolution discards the Curse its user
    chooses, and Smelling Salts revive the Stunned ally the user chooses (C, not B, here); both
    cards go to the Items discard pile."""
    g = position([adventurer("A", attached=["curse_of_frailty", "trembling_hands"],
                             backpack=["vial_of_absolution", "smelling_salts", "leather_cap"]),
                  adventurer("B", stunned=True), adventurer("C", stunned=True)], start="exploration",
                 zone="ebony_bloody_rose", dungeon_top=["giant_bog_leech", "cave_rat_swarm", "nagapon_scout"])
    d = pending(g, "preparation")
    assert {"use:vial_of_absolution:curse_of_frailty", "use:vial_of_absolution:trembling_hands",
            "use:smelling_salts:1", "use:smelling_salts:2"} <= set(d.option_ids)
    assert "use:smelling_salts:0" not in d.option_ids
    do(g, "use:vial_of_absolution:trembling_hands", "use:smelling_salts:2")
    a, b, c = g.state.adventurers
    assert a.attached == ["curse_of_frailty"] and "trembling_hands" in g.state.dungeon_discard
    assert c.active and b.stunned and a.backpack == ["leather_cap"]
    assert {"vial_of_absolution", "smelling_salts"} <= set(g.state.items_discard)


def test_flight_from_a_single_use_item_lasts_to_the_next_exploration_bl235():
    """BL-235, BL-244, AK-25: a Bottled Updraft used in Preparation gives Flight until the start of
    the next Exploration Phase."""
    g = preparation(adventurer("A", backpack=["bottled_updraft", "leather_cap"]), adventurer("B"))
    do(g, "use:bottled_updraft")
    assert g.view_for(1)["adventurers"][0]["flight"]
    assert "use:bottled_updraft" not in pending(g, "preparation").option_ids
    do(g, "end")
    pass_windows(g)
    while (d := g.pending()) is not None and g.state.part != "exploration":
        g.choose(d.seat, "pass" if "pass" in d.option_ids else d.option_ids[-1])
    assert g.state.adventure == 1 and not g.state.adventurers[0].flight_until


def test_a_stunned_adventurer_uses_nothing_bl235():
    """BL-235, BL-145: only an Active Adventurer uses Single-use Items: a Stunned one with a backpack
    is not asked in Preparation."""
    g = preparation(adventurer("A", backpack=["leather_cap"]), adventurer("B", stunned=True,
                                                                           backpack=["azure_draught"]))
    assert pending(g, "preparation").seat == 0
    events = do(g, "end")
    d = g.pending()
    assert d is None or (d.kind, d.seat) != ("preparation", 1)
    assert not any(e.data.get("seat") == 1 and e.kind == "use" for e in events)
    assert g.state.adventurers[1].backpack == ["azure_draught"]


def test_a_single_use_item_during_anothers_battle_bl235():
    """BL-235: any Active Adventurer may use a Single-use Item at any time, during another
    Adventurer's battle too: A drinks a Mana potion in B's Compare window."""
    g = position([adventurer("A", mana=2, backpack=["azure_draught"], **{"class": "necromancer"}),
                  adventurer("B", in_front=["giant_bog_leech"])], start="combat", zone="ebony_bloody_rose",
                 dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 0 and d.rule == "BL-115" and g.state.fight.fighter == 1
    do(g, "use:azure_draught")
    assert g.state.adventurers[0].mana == 7 and "azure_draught" in g.state.items_discard
