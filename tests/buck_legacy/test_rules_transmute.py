"""Buck: Legacy rule tests: Transmutation (BL-237 to BL-243, A-35) and its worked case BLT-47."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.rulesets.buck_legacy import stats
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pending, position

GULCH = "brassworks_gulch"  # Starting Zone, Distance 8, Level +0


def alchemist(name: str = "A", **fields):
    """A Cogborn Alchemist (CS 1) with a Studded Cudgel (CS 1): Combat Strength 2."""
    return adventurer(name, **{"class": "alchemist"}, **fields)


def market(*seats):
    return position(list(seats), start="market_turn", zone=GULCH)


def transmute(g, top: str, bottom: str):
    return do(g, "transmute", f"top:{top}", f"bottom:{bottom}")


def test_transmutation_example_blt47():
    """BLT-47, BL-237 to BL-243: in Preparation an Alchemist puts a Leather Cap (equipped) on top
    of a Galvanic Halberd (CS +3, Large, a Tesla ability: +1 to a roll). The Cap gains the
    ability but neither the CS nor the weight; the pair is one card. A second Transmutation is
    refused; unequipping the Cap separates the two cards into the backpack."""
    a = alchemist(slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, backpack=["galvanic_halberd"],
                  tesla=3, in_front=["nagapon_scout"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["forgotten_purse", "nagapon_payroll_chest"], dice=["white:3", "black:3"])
    d = pending(g, "preparation")
    assert d.seat == 0 and "transmute" in d.option_ids
    do(g, "transmute")
    d = pending(g, "transmute_top")
    assert set(d.option_ids) == {"top:leather_cap", "top:galvanic_halberd", "back"}
    do(g, "top:leather_cap")
    assert pending(g, "transmute_bottom").option_ids == ("bottom:galvanic_halberd", "back")
    events = do(g, "bottom:galvanic_halberd")
    state = g.state
    a = state.adventurers[0]
    assert a.transmuted == {"leather_cap": "galvanic_halberd"} and a.backpack == []
    assert a.slots["headgear"] == "leather_cap" and "transmute" in kinds(events)
    assert stats.combat_strength(state, CONTENT, 0) == 2 and stats.large_cards(state, CONTENT, 0) == []
    assert stats.protection(state, CONTENT, 0) == 1

    d = pending(g, "preparation")                            # a second one is refused (BL-237, BL-241)
    assert "transmute" not in d.option_ids
    assert any(b.option_id == "transmute" and b.rule == "BL-237" for b in d.blocked)
    with pytest.raises(IllegalChoice):
        g.choose(0, "transmute")
    assert a.transmuted == {"leather_cap": "galvanic_halberd"}

    do(g, "end")                                              # the fight: the Cap's new ability is offered
    d = pending(g, "help")
    assert d.seat == 0 and "use:galvanic_halberd:white" in d.option_ids
    events = do(g, "use:galvanic_halberd:white")
    assert a.tesla == 2 and state.fight.white_mod == 1 and "use" in kinds(events)


def test_unequipping_separates_the_pair_into_the_backpack_blt47_bl242():
    """BLT-47, BL-242, A-35: unequipping a transmuted item sends both of its cards separately to
    the backpack; the Large bottom card counts toward the Large limit again."""
    a = alchemist(slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, backpack=["galvanic_halberd"])
    g = market(a, adventurer("B"))
    transmute(g, "leather_cap", "galvanic_halberd")
    events = do(g, "unequip:headgear")
    a = g.state.adventurers[0]
    assert a.transmuted == {} and sorted(a.backpack) == ["galvanic_halberd", "leather_cap"]
    assert "transmute_apart" in kinds(events) and stats.large_cards(g.state, CONTENT, 0) == ["galvanic_halberd"]
    assert "transmute" in pending(g, "market").option_ids   # apart, the cards may be transmuted again


def test_only_an_alchemist_transmutes_bl237():
    """BL-237, AK-33, BLT-47: an Adventurer without the Alchemist's ability is not offered
    Transmutation, and asking for it is refused with the state untouched."""
    g = market(adventurer("A", slots={"weapon": "studded_cudgel", "headgear": "leather_cap"},
                          backpack=["scholars_hood"]), adventurer("B"))
    assert "transmute" not in pending(g, "market").option_ids
    before = g.state_hash()
    with pytest.raises(IllegalChoice):
        g.choose(0, "transmute")
    assert g.state_hash() == before


def test_transmutation_in_the_market_and_preparation_only_bl238():
    """BL-238, BL-084: an Alchemist may Transmute at any time of the Market Part; in the Combat
    Phase's windows it is not offered. An Alchemist with two blue cards equipped (and nothing in
    the backpack) is asked in Preparation for it (BL-083)."""
    a = alchemist(slots={"weapon": "serrated_falchion", "headgear": "leather_cap"})
    assert "transmute" in pending(market(a, adventurer("B")), "market").option_ids
    a = alchemist(slots={"weapon": "serrated_falchion", "headgear": "leather_cap"}, in_front=["nagapon_scout"],
                  backpack=["jolt_capsule"])
    g = position([a, adventurer("B")], start="combat", zone=GULCH, dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 0 and "transmute" not in d.option_ids
    a = alchemist(slots={"weapon": "serrated_falchion", "headgear": "leather_cap"})
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["forgotten_purse", "nagapon_payroll_chest"])
    d = pending(g, "preparation")
    assert d.seat == 0 and "transmute" in d.option_ids


def test_only_blue_equipment_can_be_transmuted_bl239():
    """BL-239: Treasures (Golden Eye), Starting Weapons (the Cudgel) and single-use Items cannot be
    used: with one blue equipment card only, Transmutation is refused; with two, only they are
    offered."""
    a = alchemist(slots={"weapon": "studded_cudgel", "glasses": "golden_eye"},
                  backpack=["leather_cap", "viper_venom_oil"])
    g = market(a, adventurer("B"))
    d = pending(g, "market")
    assert "transmute" not in d.option_ids and any(b.option_id == "transmute" and b.rule == "BL-239"
                                                   for b in d.blocked)
    a["backpack"] = ["leather_cap", "viper_venom_oil", "smoked_goggles"]
    g = market(a, adventurer("B"))
    do(g, "transmute")
    assert set(pending(g, "transmute_top").option_ids) == {"top:leather_cap", "top:smoked_goggles", "back"}
    do(g, "back")
    assert pending(g, "market").seat == 0 and g.state.adventurers[0].transmuted == {}


def test_only_special_abilities_pass_to_the_top_card_bl240():
    """BL-240: an Iron Sallet (Protection 2) on top of a Scholar's Hood (Protection 1, +2 maximum
    Mana): Protection stays 2 and maximum Mana becomes 12; a Spiked Cuirass (CS +1, Protection
    3, no ability) underneath gives nothing."""
    a = alchemist(slots={"weapon": "studded_cudgel", "headgear": "iron_sallet"},
                  backpack=["scholars_hood", "spiked_cuirass"])
    g = market(a, adventurer("B"))
    transmute(g, "iron_sallet", "scholars_hood")
    state = g.state
    assert stats.protection(state, CONTENT, 0) == 2 and stats.max_mana(state, CONTENT, 0) == 12

    g = market(a, adventurer("B"))
    transmute(g, "iron_sallet", "spiked_cuirass")
    assert stats.protection(g.state, CONTENT, 0) == 2 and stats.combat_strength(g.state, CONTENT, 0) == 2


def test_a_transmuted_ward_protects_its_wearer_bl240_bl024():
    """BL-240, BL-024: Veilglass Spectacles (blocks "Choose") underneath a Leather Cap give the Cap
    the ward: another's Protection spell (Choose) can no longer be cast on the wearer."""
    a = alchemist(slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, backpack=["veilglass_spectacles"])
    caster = adventurer("C", mana=10, in_front=["nagapon_scout"], **{"class": "cleric"})
    g = position([caster, a], start="combat", zone=GULCH, dice=["white:3", "black:3"])
    assert "cast:protection:1" in pending(g, "help").option_ids
    g.state.adventurers[1].backpack.remove("veilglass_spectacles")
    g.state.adventurers[1].transmuted["leather_cap"] = "veilglass_spectacles"   # as in the Market before
    g._pending_known = False
    assert "cast:protection:1" not in pending(g, "help").option_ids


def test_a_transmuted_item_in_the_backpack_is_one_card_and_not_in_play_bl243():
    """BL-243, BL-021: two backpack cards transmuted count as one backpack card (5 cards become
    4); the top card's weight counts, the bottom's not; in the backpack the item gives nothing,
    equipped it gives the bottom card's ability."""
    backpack = ["leather_cap", "scholars_hood", "pavise_of_the_last_wall", "smoked_goggles", "jolt_capsule"]
    g = market(alchemist(backpack=backpack), adventurer("B"))
    transmute(g, "smoked_goggles", "pavise_of_the_last_wall")
    state = g.state
    a = state.adventurers[0]
    assert len(a.backpack) == 4 and stats.large_cards(state, CONTENT, 0) == []
    transmute_top_large = market(alchemist(backpack=backpack), adventurer("B"))
    transmute(transmute_top_large, "pavise_of_the_last_wall", "smoked_goggles")
    assert stats.large_cards(transmute_top_large.state, CONTENT, 0) == ["pavise_of_the_last_wall"]

    g = market(alchemist(backpack=backpack), adventurer("B"))
    transmute(g, "leather_cap", "scholars_hood")
    assert stats.max_mana(g.state, CONTENT, 0) == 10
    do(g, "equip:leather_cap")
    assert stats.max_mana(g.state, CONTENT, 0) == 12 and g.state.adventurers[0].transmuted == {
        "leather_cap": "scholars_hood"}


def test_selling_or_discarding_discards_both_cards_bl242():
    """BL-242, BL-026, A-35: selling a transmuted item discards both cards and pays only the top
    card's sale value; discarding it (backpack overflow) discards both too."""
    a = alchemist(gold=0, slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, backpack=["siege_maul"])
    g = market(a, adventurer("B"))
    transmute(g, "leather_cap", "siege_maul")
    do(g, "sell:leather_cap")
    assert g.state.adventurers[0].gold == 10 and set(g.state.items_discard) == {"leather_cap", "siege_maul"}
    assert g.state.adventurers[0].transmuted == {}

    full = ["leather_cap", "scholars_hood", "iron_sallet", "smoked_goggles", "jolt_capsule"]
    g = position([alchemist(gold=100, backpack=full), adventurer("B")], start="market_turn", zone=GULCH,
                 shop=["quilted_gambeson", "owl_eye_lenses"])
    transmute(g, "leather_cap", "scholars_hood")              # 5 cards make 4
    do(g, "buy:1", "buy:2")                                   # 6: one too many
    d = pending(g, "overflow")
    assert "discard:leather_cap" in d.option_ids and "discard:scholars_hood" not in d.option_ids
    do(g, "discard:leather_cap")
    assert {"leather_cap", "scholars_hood"} <= set(g.state.items_discard)
    assert len(g.state.adventurers[0].backpack) == 5 and g.state.adventurers[0].transmuted == {}


def test_a_traded_card_comes_apart_first_bl242():
    """BL-242, BL-014: giving away the top card of a transmuted item separates the pair first:
    the chosen card goes to the receiver, the other stays in the Alchemist's backpack, whether
    the item was equipped or in the backpack."""
    a = alchemist(slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, backpack=["scholars_hood"])
    g = market(a, adventurer("B"))
    transmute(g, "leather_cap", "scholars_hood")
    do(g, "give:leather_cap", "to:1")
    a, b = g.state.adventurers
    assert b.backpack == ["leather_cap"] and a.backpack == ["scholars_hood"] and a.transmuted == {}

    g = market(alchemist(backpack=["leather_cap", "scholars_hood"]), adventurer("B"))
    transmute(g, "leather_cap", "scholars_hood")
    assert g.state.adventurers[0].backpack == ["leather_cap"]
    do(g, "give:leather_cap", "to:1")
    a, b = g.state.adventurers
    assert b.backpack == ["leather_cap"] and a.backpack == ["scholars_hood"] and a.transmuted == {}


def test_a_transmuted_item_in_the_backpack_stays_private_bl073():
    """BL-073, section 7: two backpack cards transmuted are the Alchemist's secret: the others'
    view and the public log do not name them; an equipped transmuted item is public."""
    g = market(alchemist(backpack=["leather_cap", "scholars_hood"]), adventurer("B"))
    events = transmute(g, "leather_cap", "scholars_hood")
    assert g.view_for(1)["adventurers"][0]["transmuted"] == {}
    assert g.view_for(0)["adventurers"][0]["transmuted"] == {"leather_cap": "scholars_hood"}
    public = [e for e in events if e.seats is None]
    assert public and not any("Leather Cap" in e.text or "Scholar" in e.text for e in public)
    do(g, "equip:leather_cap")
    assert g.view_for(1)["adventurers"][0]["transmuted"] == {"leather_cap": "scholars_hood"}
