"""Rule tests of Fantasy Adventures' Melee phase (FA-137 to FA-143) and support (FA-144 to
FA-148), with the worked cases FAT-040 to FAT-044 of the checklist. (The melee order, FA-137,
is also tested with FA-104 in test_rules_combat.) Seat 0 is the hero player, seat 1 the monster
player (combat_helpers).
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.game import Game
from tests.fantasy_adventures.combat_helpers import H, M, fight, of, play, used_up
from tests.fantasy_adventures.helpers import pending, player, position

HORDE_OF_THREE = [{"card": "rimefang_fiend", "hero": "reef_guard"}, {"card": "merloit", "hero": "reef_guard"},
                  {"card": "mud_grub", "hero": "reef_guard"}]


def supports(g: Game) -> set[str]:
    """The supports the hero player may declare now (the support question's options)."""
    return set(pending(g, "support").option_ids) - {"end"}


def support(supporter: str, hero: str) -> str:
    return f"support:{H(supporter)}:{H(hero)}"


# -- FA-137 to FA-143: melee ------------------------------------------------------------------------

def test_fa_138_fa_139_fat_040_the_higher_total_wins_and_the_hero_player_picks_the_monster_it_defeats():
    """FA-138, FA-139, FAT-040: a Melee 4 hero supported by 2 against a Horde of three whose
    meleeing monster has Melee 5, dice 3 and 2: the hero totals 9, the monster 8 (Horde +1).
    The hero wins, and the hero player may defeat a monster that is not the meleeing one."""
    g = fight(["windwall_sentinel", "reef_guard"], monsters=HORDE_OF_THREE, dice=[3, 2])
    events = play(g, f"melee:{M('rimefang_fiend')}", support("windwall_sentinel", "reef_guard"))
    melee = of(events, "melee")[0]
    assert (melee.data["hero_total"], melee.data["monster_total"]) == (3 + 4 + 2, 2 + 5 + 1)
    d = pending(g, "melee_win")
    assert d.seat == 0 and set(d.option_ids) == {f"defeat:{M(m['card'])}" for m in HORDE_OF_THREE}
    play(g, f"defeat:{M('mud_grub')}")
    assert M("mud_grub") in g.state.players[1].encounter_discard
    assert {m.card for m in g.state.encounter.monsters} == {M("rimefang_fiend"), M("merloit")}
    used_up(g)


def test_fa_140_fa_142_fat_040_a_hero_that_loses_is_defeated_and_its_monsters_lose_their_assignment():
    """FA-140, FA-142, FAT-040: with dice 2 and 3 the totals are 8 and 9: the hero is defeated;
    with no save or heal it is discarded, and all three monsters of its Horde are unassigned."""
    g = fight(["windwall_sentinel", "reef_guard"], monsters=HORDE_OF_THREE, dice=[2, 3])
    events = play(g, f"melee:{M('rimefang_fiend')}", support("windwall_sentinel", "reef_guard"), at="W10:0")
    assert [e.rule for e in of(events, "melee_lost")] == ["FA-140"]
    assert H("reef_guard") in g.state.players[0].hero_discard
    assert [m.hero for m in g.state.encounter.monsters] == ["", "", ""]
    used_up(g)


@pytest.mark.parametrize("monsters,meleeing,hero_survives", [
    (["skulker"], "skulker", True),
    (["undead_firebrand"], "undead_firebrand", False),
    (["skulker", "undead_deckhand"], "skulker", True),
])
def test_fa_141_fat_041_a_tie_leaves_both_unless_the_meleeing_monster_is_undead(monsters, meleeing, hero_survives):
    """FA-141, FAT-041: a tie has no result; if the meleeing monster is undead it wins the tie;
    an undead monster in the Horde that does not melee changes nothing."""
    g = fight(["gale_spearman"], monsters=[{"card": m, "hero": "gale_spearman"} for m in monsters], dice=[3, 3])
    events = play(g, *([f"melee:{M(meleeing)}"] if len(monsters) > 1 else []), at="W10:0")
    melee = of(events, "melee")[0]
    assert melee.data["hero_total"] == melee.data["monster_total"] == 3 + 4
    assert (H("gale_spearman") in g.state.players[0].heroes()) is hero_survives
    assert len(g.state.encounter.monsters) == len(monsters)
    assert [e.rule for e in of(events, "melee_tie" if hero_survives else "melee_lost")] == ["FA-141"]
    used_up(g)


def test_fa_143_a_hero_whose_monsters_were_all_removed_before_its_melee_has_none():
    """FA-143: the Reef Guard's only monster is shot down in the Ranged phase; of the two melees
    declared, only the Flame Lancer's is fought."""
    g = fight(["flame_lancer", "reef_guard"], ["briar_ranger"],
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "reef_guard"}],
              dice=[1, 6, 3, 3])
    events = play(g, f"next:{H('reef_guard')}", f"target:{M('mud_grub')}", "end")
    assert of(events, "melee_order")[0].data["order"] == [H("reef_guard"), H("flame_lancer")]
    assert [e.data["hero"] for e in of(events, "melee")] == [H("flame_lancer")]
    used_up(g)


def test_fat_043_a_vs_bonus_counts_only_against_the_meleeing_monster():
    """FAT-043, FA-229, FA-138: a hero with "+2 Melee vs. demons" against a Horde of a demon and
    a meleeing non-demon gets nothing; with the demon declared the meleeing monster it gets +2."""
    horde = [{"card": "skulker", "hero": "stonefist_brawler"}, {"card": "brimstone_hound", "hero": "stonefist_brawler"}]
    totals = {}
    for meleeing in ("skulker", "brimstone_hound"):
        g = fight(["stonefist_brawler"], monsters=horde, dice=[6, 1])
        totals[meleeing] = of(play(g, f"melee:{M(meleeing)}"), "melee")[0].data["hero_total"]
    assert totals == {"skulker": 6 + 4, "brimstone_hound": 6 + 4 + 2}


@pytest.mark.parametrize("hero,items,monster,hero_total", [
    ("stonefist_brawler", [], "lesser_demon", 6 + 4 + 2),   # "Lesser Demon" is a demon
    ("granite_guard", ["orlows_infernal_ring"], "lesser_devil", 6 + 3 + 1 - 1),  # a devil (and its -1)
    ("flame_lancer", [], "barrow_ghoul", 6 + 4 + 1),        # undead in bold, not in its name
])
def test_fat_044_a_monster_s_groups_come_from_its_name_or_its_bold_tag(hero, items, monster, hero_total):
    """FAT-044, FA-010, FA-227: Lesser Demon counts as a demon and Lesser Devil as a devil by
    their names; the Barrow Ghoul, undead in bold only, counts as undead (+1 vs. undead)."""
    g = fight([hero], hero={"items": {hero: items}} if items else None,
              monsters=[{"card": monster, "hero": hero}], dice=[6, 1])
    assert of(play(g, at="W10:0"), "melee")[0].data["hero_total"] == hero_total
    used_up(g)


def test_fat_044_an_undead_by_its_bold_tag_wins_ties():
    """FAT-044, FA-141, FA-227: the Barrow Ghoul (undead in bold) wins a tied melee."""
    g = fight(["reef_guard"], monsters=[{"card": "barrow_ghoul", "hero": "reef_guard"}], dice=[2, 3])
    events = play(g, at="W10:0")
    assert [e.rule for e in of(events, "melee_lost")] == ["FA-141"]
    used_up(g)


# -- FA-144 to FA-148: support ---------------------------------------------------------------------

def fat_042(**scenario: Any) -> Game:
    """FAT-042's front rank: S1 (Support 2), H (a monster on it), S2 (Support 1, a monster on
    it); a hero with a monster in the back rank behind S1, and a Briar Ranger beside it."""
    return fight(["windwall_sentinel", "flame_lancer", "reef_guard"], ["byron", "briar_ranger"],
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "reef_guard"},
                           {"card": "dragonette", "hero": "byron"}], **scenario)


def test_fa_145_fa_146_fat_042_who_may_support_whom():
    """FA-145, FA-146, FAT-042: S1 may support H beside it; S2, with a monster of its own, may
    not; S1 may not support the back-rank hero behind it, whom only a neighbour in its own rank
    (the Briar Ranger) may support."""
    g = fat_042(dice=[6])
    play(g, f"next:{H('flame_lancer')}", f"next:{H('reef_guard')}", f"target:{M('dragonette')}")
    assert supports(g) == {support("windwall_sentinel", "flame_lancer"), support("briar_ranger", "byron")}


def test_fa_145_fat_042_a_supporter_supports_one_hero_a_round():
    """FA-145, FAT-042: a supporter between two attacked heroes may support one of them only."""
    g = fight(["flame_lancer", "windwall_sentinel", "reef_guard"],
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}])
    play(g, f"next:{H('flame_lancer')}")
    assert supports(g) == {support("windwall_sentinel", "flame_lancer"), support("windwall_sentinel", "reef_guard")}
    events = play(g, support("windwall_sentinel", "flame_lancer"), at="W8:0")  # no second question
    assert len(of(events, "support")) == 1
    assert g.state.encounter.supports == {H("flame_lancer"): [H("windwall_sentinel")]}


def test_fa_146_fa_147_fat_042_a_hero_freed_by_a_ranged_attack_may_support_and_two_supporters_add_up():
    """FA-146, FA-147, FAT-042: the Ranged attack removes S2's only monster before supports are
    declared, so S2 may support H too: H is supported by both neighbours, +3 in all."""
    g = fat_042(dice=[1, 6, 2, 1, 3, 3])
    play(g, f"next:{H('flame_lancer')}", f"next:{H('byron')}", f"target:{M('mud_grub')}")
    assert support("reef_guard", "flame_lancer") in supports(g)
    events = play(g, support("windwall_sentinel", "flame_lancer"), support("reef_guard", "flame_lancer"), "end",
                  at="W10:0")
    melees = {e.data["hero"]: e.data["hero_total"] for e in of(events, "melee")}
    assert melees[H("flame_lancer")] == 2 + 4 + 2 + 1
    used_up(g)


@pytest.mark.parametrize("supporter,why", [("gale_spearman", "Support 0"), ("windwall_sentinel", "feared")])
def test_fa_145_fa_146_no_support_from_a_hero_without_support_value_or_a_feared_one(supporter, why):
    """FA-145, FA-146: a hero with Support 0 cannot support, nor can a feared hero."""
    g = fight([supporter, "flame_lancer"], monsters=[{"card": "skulker", "hero": "flame_lancer"}],
              hero={"feared": [supporter]} if why == "feared" else None, dice=[3, 3])
    events = play(g, at="W10:0")
    assert "support" not in [e.kind for e in events] and of(events, "melee")


def test_fa_144_fa_147_supports_are_declared_before_any_melee_and_last_for_this_round_only():
    """FA-144, FA-147: the supports of the round are all declared before its first melee; in the
    next round they are declared anew and last round's no longer count."""
    g = fight(["flame_lancer", "windwall_sentinel", "reef_guard"],
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}],
              dice=[3, 3, 3, 6] + [3, 3, 3, 4])
    events = play(g, f"next:{H('flame_lancer')}", support("windwall_sentinel", "reef_guard"))
    kinds = [e.kind for e in events]
    assert kinds.index("support") < kinds.index("melee")
    melees = [(e.data["hero"], e.data["hero_total"]) for e in of(events, "melee")]
    assert melees == [(H("flame_lancer"), 3 + 4), (H("reef_guard"), 3 + 4 + 2)]
    assert g.state.encounter.round == 2 and pending(g, "melee_order")
    events = play(g, f"next:{H('flame_lancer')}", "end")
    assert [e.data["hero_total"] for e in of(events, "melee")] == [3 + 4, 3 + 4]
    used_up(g)


def test_fa_148_support_does_not_help_a_save():
    """FA-148, FA-217: the supported Granite Guard (save on 1-2) loses its melee; its save roll
    of 3 fails: the support of 2 is no bonus to the save."""
    g = fight(["windwall_sentinel", "granite_guard"], monsters=[{"card": "lesser_demon", "hero": "granite_guard"}],
              dice=[1, 6, 3])
    events = play(g, support("windwall_sentinel", "granite_guard"))
    assert [e.data["saved"] for e in of(events, "save")] == [False]
    assert H("granite_guard") in g.state.players[0].hero_discard
    used_up(g)


def test_fa_148_support_does_not_help_in_a_duel():
    """FA-148, FA-087: the surprising Skulker duels a hero beside a Support 2 hero: the hero's
    duel total is its die and Melee only."""
    g = position([player(["windwall_sentinel", "flame_lancer"]), player(["granite_guard"])], start="encounter",
                 monster=1, target=0, stacks={0: ["skulker"]}, dice=[6, 3, 2])
    events = play(g, f"duel:{M('skulker')}:{H('flame_lancer')}", at="W5:0")
    duel = of(events, "duel_roll")[0]
    assert duel.data["hero_total"] == 3 + 4
    used_up(g)
