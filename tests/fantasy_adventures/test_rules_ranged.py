"""Rule tests of Fantasy Adventures' Ranged phase (FA-117 to FA-126) with the worked cases
FAT-029 to FAT-032 of the checklist (FAT-033, the save without the Horde bonus, is in
test_rules_combat). Seat 0 is the hero player, seat 1 the monster player (combat_helpers).
"""

from __future__ import annotations

import pytest

from tests.fantasy_adventures.combat_helpers import H, M, fight, of, play, used_up
from tests.fantasy_adventures.helpers import pending

def test_fa_117_fa_118_fat_029_bows_and_a_caster_s_staff_give_ranged_attacks_that_neither_flip_nor_act():
    """FA-117, FA-118, FAT-029: a hero with "Ranged attack at +1" (a crossbow) and a caster with
    a staff reading "Spell caster can make a Ranged attack at +1" both fire in the Ranged phase;
    neither is flipped, and the caster's own ability is still there for the Action phase."""
    g = fight(["ash_tracker"], ["pyra_vell"], monsters=[{"card": "merloit", "hero": "ash_tracker"}],
              hero={"items": {"ash_tracker": ["thunderclap_crossbow"], "pyra_vell": ["sparkwood_staff"]}},
              dice=[6, 6, 1, 1])
    play(g)
    d = pending(g, "ranged_target")
    assert d.seat == 0 and d.rule == "FA-119"
    events = play(g, f"target:{M('merloit')}", f"target:{M('merloit')}", "roll:0")
    assert [e.data["hero"] for e in of(events, "ranged_roll")] == [H("ash_tracker"), H("pyra_vell")]
    assert g.state.players[0].flipped == [] and g.state.players[0].used == []
    action = pending(g, "action")
    assert action.seat == 0 and f"use:{H('pyra_vell')}:0:{M('merloit')}" in action.option_ids
    used_up(g)


def test_fat_029_the_staff_gives_no_ranged_attack_to_a_hero_without_an_orb():
    """FAT-029, FA-117: the staff's Ranged attack is the spell caster's; its owner has no orb."""
    g = fight(["flame_lancer"], monsters=[{"card": "merloit", "hero": "flame_lancer"}],
              hero={"items": {"flame_lancer": ["sparkwood_staff"]}}, dice=[1, 1])
    events = play(g)
    assert not of(events, "ranged_roll") and "ranged_target" not in [e.kind for e in events]
    assert of(events, "melee")


@pytest.mark.parametrize("weapon,die,hit", [
    ("hunting_bow", 3, True), ("hunting_bow", 4, False),
    ("thunderclap_crossbow", 4, True), ("thunderclap_crossbow", 5, False)])
def test_fa_120_fa_121_fat_030_a_ranged_hit_counts_only_bonuses_to_ranged_attacks(weapon, die, hit):
    """FA-120, FA-121, FAT-030: a Melee 3 hero with a +1 Melee sword, beside a Support 2 hero
    and a same-element leader (+1), hits with a plain Ranged attack on 3 or less: sword,
    support and leadership are ignored. With "Ranged attack at +1" it hits on 4 or less."""
    g = fight(["windwall_sentinel", "ash_tracker", "kaelen_emberward"],
              monsters=[{"card": "merloit", "hero": "kaelen_emberward"}],
              hero={"items": {"ash_tracker": ["footmans_sword", weapon]}}, dice=[die] + ([1] if hit else []))
    events = play(g, f"target:{M('merloit')}", at="W7:0", skip=1)
    assert [e.data["hit"] for e in of(events, "ranged_roll")] == [hit]
    assert len(of(events, "ranged_save")) == (1 if hit else 0)
    used_up(g)


def test_fa_119_each_attack_names_a_target_then_the_hero_player_declares_the_order_of_the_rolls():
    """FA-119, FA-120: every Ranged attack must name a monster in play (any of them, two may name
    the same); then the hero player declares the order in which they are rolled, and the dice
    go to the attacks in that order."""
    g = fight(["briar_ranger", "flame_lancer"], ["ilsa_hawkeye"],
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "briar_ranger"}],
              dice=[4, 1, 5])
    play(g, f"next:{H('flame_lancer')}")
    d = pending(g, "ranged_target")
    assert set(d.option_ids) == {f"target:{M('skulker')}", f"target:{M('merloit')}"}
    assert "pass" not in d.option_ids  # a target MUST be named
    play(g, f"target:{M('skulker')}", f"target:{M('skulker')}")
    order = pending(g, "ranged_order")
    assert order.seat == 0 and set(order.option_ids) == {"roll:0", "roll:1"}
    first = [o.id for o in order.options if "Ilsa" in o.label]
    events = play(g, *first, at="W7:0", skip=1)
    rolls = of(events, "ranged_roll")
    assert [e.data["hero"] for e in rolls] == [H("ilsa_hawkeye"), H("briar_ranger")]
    assert [(e.data["die"], e.data["hit"]) for e in rolls] == [(4, True), (1, True)]
    used_up(g)


@pytest.mark.parametrize("save_die,saved", [(2, True), (3, False)])
def test_fa_123_fa_125_fat_031_three_hits_make_one_save_at_minus_two(save_die, saved):
    """FA-123, FA-125, FAT-031: a Melee 4 monster hit by three Ranged attacks in one round makes
    a single save, after all three rolls, with modified roll die + 2: a 2 (4) saves, a 3 (5)
    does not."""
    g = fight(["briar_ranger", "ash_tracker", "flame_lancer"], ["ilsa_hawkeye"],
              hero={"items": {"ash_tracker": ["hunting_bow"]}},
              monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=[1, 1, 1, save_die])
    events = play(g, *[f"target:{M('skulker')}"] * 3, "roll:0", "roll:1", at="W7:0", skip=1)
    kinds = [e.kind for e in events if e.kind in ("ranged_roll", "ranged_save")]
    assert kinds == ["ranged_roll"] * 3 + ["ranged_save"]
    assert [e.data["saved"] for e in of(events, "ranged_save")] == [saved]
    assert (M("skulker") in g.state.players[1].encounter_discard) is not saved
    used_up(g)


@pytest.mark.parametrize("save_die,saved", [(1, True), (2, False)])
def test_fa_124_fat_032_an_unmodified_1_always_saves(save_die, saved):
    """FA-124, FAT-032: a Melee 1 monster hit three times (die + 2) is saved by a die of 1 and
    defeated by a 2."""
    g = fight(["briar_ranger", "ash_tracker", "flame_lancer"], ["ilsa_hawkeye"],
              hero={"items": {"ash_tracker": ["hunting_bow"]}},
              monsters=[{"card": "mud_grub", "hero": "flame_lancer"}], dice=[1, 1, 1, save_die])
    events = play(g, *[f"target:{M('mud_grub')}"] * 3, "roll:0", "roll:1", at="W7:0", skip=1)
    assert [e.data["saved"] for e in of(events, "ranged_save")] == [saved]
    assert (M("mud_grub") in g.state.players[1].encounter_discard) is not saved
    used_up(g)


@pytest.mark.parametrize("own_save_die,stays", [(2, True), (3, False)])
def test_fa_122_fa_126_a_failed_ranged_save_is_a_defeat_with_the_monster_s_other_saves(own_save_die, stays):
    """FA-122, FA-126: the Undead Deckhand (Melee 2, "save") hit once fails its Ranged save on a
    6 and is defeated; it still rolls its own save, at or below its Melee 2."""
    g = fight(["briar_ranger", "flame_lancer"], monsters=[{"card": "undead_deckhand", "hero": "flame_lancer"}],
              dice=[1, 6, own_save_die])
    events = play(g, f"target:{M('undead_deckhand')}", at="W7:0", skip=1)
    assert [e.data["saved"] for e in of(events, "ranged_save")] == [False]
    assert [e.data["saved"] for e in of(events, "save")] == [stays]
    assert (M("undead_deckhand") in [m.card for m in g.state.encounter.monsters]) is stays
    used_up(g)
