"""Rule tests of Fantasy Adventures' combat stage: its rounds and the end of an Encounter
(FA-091 to FA-098), Assignment and Hordes (FA-099 to FA-108) and the Horde bonus (FA-109 to
FA-112), with the worked cases FAT-024 to FAT-028, FAT-079 and FAT-085 of the checklist.

Each test sets up a written position, answers the questions through the decision protocol
and checks what happened. Seat 0 is the hero player, seat 1 the monster player (combat_helpers).
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.core.game import Game
from tests.fantasy_adventures.combat_helpers import (
    H,
    M,
    fight,
    finish_encounter,
    monsters_in_play,
    of,
    play,
    rounds,
    used_up,
)
from tests.fantasy_adventures.helpers import pending, player, position

# -- FA-091 to FA-098: the combat stage, its rounds, the end of an Encounter --------------------------


def test_fa_091_the_stack_is_revealed_its_monsters_fight_its_items_and_spells_are_discarded():
    """FA-091: the face-down cards left are revealed at the start of the combat stage; its
    monsters come into play and its items and spells are discarded with no effect."""
    g = fight(["flame_lancer"], stacks={0: ["skulker", "footmans_sword", "searing_bolt"]})
    revealed = of(g.initial_events, "stack_revealed")
    assert [e.rule for e in revealed] == ["FA-091"]
    assert monsters_in_play(g) == [M("skulker")]
    assert g.state.players[1].encounter_discard == [M("footmans_sword"), M("searing_bolt")]
    assert pending(g, "assign").option_ids == (f"assign:{M('skulker')}:{H('flame_lancer')}",)


def test_fa_092_each_round_runs_assignment_ranged_melee_action_in_that_order():
    """FA-092: a combat round's phases come in the order Assignment, Ranged, Melee, Action; then
    the next round begins with its own Assignment and Ranged phases."""
    g = fight(["briar_ranger", "flame_lancer"], monsters=[{"card": "skulker"}], dice=[6, 4, 4])
    events = play(g, f"assign:{M('skulker')}:{H('flame_lancer')}", f"target:{M('skulker')}", "end")
    phases = [e.kind for e in events if e.kind in ("assign", "ranged_roll", "support", "melee", "action_pass",
                                                   "unflip", "combat_round")]
    assert phases == ["assign", "ranged_roll", "melee", "action_pass", "action_pass", "unflip", "combat_round"]
    assert rounds(events) == [2]
    assert pending(g).kind == "ranged_target"  # round 2: its Assignment had nothing to ask
    used_up(g)


def test_fa_093_after_the_action_phase_heroes_unflip_then_a_defeated_party_may_retreat():
    """FA-093, FA-116, FA-076: once the Action phase is over the flipped heroes turn back; then,
    as a hero was defeated this round, the hero player may retreat, which ends the Encounter."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "skulker", "hero": "flame_lancer"}],
              hero={"flipped": ["reef_guard"]}, dice=[1, 6])
    events = play(g, "end")
    assert pending(g, "retreat").seat == 0
    assert H("flame_lancer") in g.state.players[0].hero_discard
    assert g.state.players[0].flipped == []
    kinds = [e.kind for e in events]
    assert kinds.index("action_pass") < kinds.index("unflip")
    # The party owns no items, so its player gives up a hero (FA-078); the Encounter ends.
    events = play(g, "retreat", f"hero:{H('reef_guard')}")
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-076"]
    assert M("skulker") in g.state.players[1].encounter_discard  # FA-098
    used_up(g)


def test_fa_093_fa_096_a_round_without_a_defeat_offers_no_retreat_and_the_next_round_begins():
    """FA-093, FA-096: no hero was defeated and nobody is wiped out: no retreat is offered and
    a new combat round begins."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=[3, 3])
    events = play(g, "end")
    assert of(events, "melee_tie")
    assert rounds(events) == [2]
    assert pending(g).kind == "support"  # round 2's supports: no retreat question came first
    used_up(g)


def test_fa_094_fa_098_a_party_with_no_heroes_left_ends_the_encounter_and_its_monsters_are_discarded():
    """FA-094, FA-098: the last hero loses its melee; the Encounter ends after the round without
    a retreat question, and every monster goes to its owner's discard pile."""
    g = fight(["flame_lancer"], monsters=[{"card": "skulker", "hero": "flame_lancer"},
                                          {"card": "mud_grub", "hero": "flame_lancer"}], dice=[1, 6])
    events = play(g, f"melee:{M('skulker')}")
    assert g.state.encounter is None
    assert "retreat" not in [e.kind for e in events]
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-094"]
    assert [e.rule for e in of(events, "encounter_discard")] == ["FA-098"]
    assert {M("skulker"), M("mud_grub")} <= set(g.state.players[1].encounter_discard)
    used_up(g)


def test_fa_095_all_monsters_defeated_ends_the_encounter_in_victory():
    """FA-095: the only monster loses its melee; at the end of the round the heroes are victorious."""
    g = fight(["flame_lancer"], monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=[6, 1])
    events = play(g)
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-095"]
    assert of(events, "encounter_ends")[0].text.endswith(": every monster is defeated, and the heroes are victorious.")
    assert H("flame_lancer") in g.state.players[0].heroes()
    used_up(g)


def test_fa_095_a_monster_waiting_beside_the_party_still_counts_as_remaining():
    """FA-095, A-19: the only monster in play is defeated, but one that joined during the round
    waits beside the party (FA-224): the Encounter goes on and next round it is assigned."""
    g = fight(["flame_lancer"], monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=[6, 1],
              foe={"front": ["granite_guard"], "hand": ["tunnel_goblin"]})
    events = play(g, at="W8:1", skip=1)  # the window after the melee
    assert monsters_in_play(g) == []
    events += play(g, f"hand:{M('tunnel_goblin')}:0:")
    assert not of(events, "encounter_ends")
    assert rounds(events) == [2]
    assert pending(g, "assign").option_ids == (f"assign:{M('tunnel_goblin')}:{H('flame_lancer')}",)
    used_up(g)


def test_fa_097_when_an_encounter_ends_the_next_in_the_declared_order_begins_then_recovery():
    """FA-097: after the Encounter against seat 1 ends, the one placed against seat 2 begins;
    when it ends none remain and the recovery stage begins."""
    g = position([player(["granite_guard"]), player(["flame_lancer"]), player(["reef_guard"])],
                 start="combat", monster=0, target=1, monsters=[{"card": "mud_grub", "hero": "flame_lancer"}],
                 stacks={2: ["cinder_rat"]}, dice=[6, 1])
    events = finish_encounter(g)
    assert [e.data["target"] for e in of(events, "encounter_ends")] == [1]
    assert g.state.encounter is not None and g.state.encounter.target == 2
    # The second Encounter: no surprise (a 6), then the Reef Guard beats the Cinder Rat.
    g.state.dice_script.extend([6, 6, 1])
    events = finish_encounter(g)
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-095"]
    assert g.state.stage == "recovery"
    used_up(g)


# -- FA-099 to FA-108: Assignment -------------------------------------------------------------------

def test_fa_099_fa_100_fat_026_a_non_flying_monster_attacks_only_the_front_rank():
    """FA-099, FA-100, FAT-026: each monster is assigned to one hero; a non-flying monster may
    be assigned only to a front-rank hero; a flying one also to the back rank while the party
    has no flying hero."""
    g = fight(["flame_lancer", "reef_guard"], ["byron"], monsters=[{"card": "skulker"}, {"card": "dragonette"}])
    front = {f"assign:{M('skulker')}:{H('flame_lancer')}", f"assign:{M('skulker')}:{H('reef_guard')}"}
    assert front <= set(pending(g, "assign").option_ids)
    with pytest.raises(IllegalChoice):
        g.choose(1, f"assign:{M('skulker')}:{H('byron')}")
    events = play(g, f"assign:{M('skulker')}:{H('flame_lancer')}", f"assign:{M('dragonette')}:{H('byron')}")
    assert [(e.data["card"], e.data["hero"]) for e in of(events, "assign")] == [
        (M("skulker"), H("flame_lancer")), (M("dragonette"), H("byron"))]


def test_fa_100_fat_026_fat_079_a_flying_hero_keeps_flying_monsters_off_the_non_flying_back_rank():
    """FA-100, FAT-026, FAT-079: with a flying hero in the party a flying monster may attack the
    front rank or a flying back-rank hero, but not a non-flying back-rank hero."""
    g = fight(["aeris_skyhelm", "reef_guard"], ["byron", "ilsa_hawkeye"], monsters=[{"card": "dragonette"}])
    assert set(pending(g, "assign").option_ids) == {
        f"assign:{M('dragonette')}:{H(h)}" for h in ("aeris_skyhelm", "reef_guard", "ilsa_hawkeye")}


def test_fat_079_the_flying_spell_makes_a_flying_monster_leave_a_back_rank_hero():
    """FAT-079, FA-106, FA-105: the dragonette attacks Byron in the back rank; the Flying spell
    makes a front-rank hero fly, so Byron becomes ineligible: next round the dragonette must be
    assigned again, and not to Byron."""
    g = fight(["flame_lancer", "reef_guard"], ["byron"], monsters=[{"card": "dragonette", "hero": "byron"}],
              hero={"hand": ["flying"]}, dice=[3, 3])
    play(g, at="W10:0")
    # Byron casts his own element: no chart roll; he is not flipped by his first spell (FA-136).
    play(g, f"cast:{H('flying')}:{H('byron')}:{H('flame_lancer')}")
    d = pending(g, "assign")
    assert set(d.option_ids) == {f"assign:{M('dragonette')}:{H('flame_lancer')}",
                                 f"assign:{M('dragonette')}:{H('reef_guard')}"}


def test_fa_101_fa_102_a_horde_fights_with_its_declared_meleeing_monster_a_lone_monster_is_its_own():
    """FA-101, FA-102: two monsters on one hero are a Horde, and the monster player names the one
    that melees; a monster alone on its hero melees without being named."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"},
        {"card": "mud_grub", "hero": "reef_guard"}], dice=[3, 3, 3, 3])
    d = pending(g, "meleeing")
    assert d.seat == 1 and set(d.option_ids) == {f"melee:{M('skulker')}", f"melee:{M('merloit')}"}
    events = play(g, f"melee:{M('merloit')}", f"next:{H('flame_lancer')}", f"defeat:{M('skulker')}")
    melees = {e.data["hero"]: e.data["monster"] for e in of(events, "melee")}
    assert melees == {H("flame_lancer"): M("merloit"), H("reef_guard"): M("mud_grub")}
    assert len(of(events, "meleeing")) == 1  # the Mud Grub was never named
    used_up(g)


def test_fa_103_fa_111_fat_027_a_meleeing_monster_shot_down_is_replaced_at_once_and_the_horde_recounted():
    """FA-103, FA-111, FAT-027, FA-126: the meleeing monster of a Horde of three is defeated by a
    Ranged attack; the monster player must at once declare another of the Horde, and that one's
    Horde bonus counts the two left (+0)."""
    g = fight(["briar_ranger", "flame_lancer"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"},
        {"card": "mud_grub", "hero": "flame_lancer"}], dice=[1, 6, 2, 2])
    play(g, f"melee:{M('skulker')}", f"target:{M('skulker')}")
    d = pending(g, "meleeing")  # before any window: "immediately"
    assert d.seat == 1 and d.rule == "FA-103"
    assert set(d.option_ids) == {f"melee:{M('merloit')}", f"melee:{M('mud_grub')}"}
    assert M("skulker") in g.state.players[1].encounter_discard
    events = play(g, f"melee:{M('mud_grub')}", "end")
    melee = of(events, "melee")[0]
    assert melee.data["monster"] == M("mud_grub")
    assert melee.data["monster_total"] == 2 + 1  # die + Melee 1; a Horde of two has no bonus
    used_up(g)


def test_fa_103_a_horde_left_with_one_monster_needs_no_declaration():
    """FA-103, FA-102: when the meleeing monster of a Horde of two is shot down the one left is
    the meleeing monster without a question."""
    g = fight(["briar_ranger", "flame_lancer"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"}],
        dice=[1, 6, 2, 2])
    events = play(g, f"melee:{M('skulker')}", f"target:{M('skulker')}", "end")
    after_the_shot = events[[e.kind for e in events].index("ranged_save"):]
    assert not of(after_the_shot, "meleeing")
    assert of(events, "melee")[0].data["monster"] == M("merloit")
    used_up(g)


def test_fa_104_fa_137_the_monster_player_declares_the_order_of_the_melees():
    """FA-104, FA-137: after the meleeing monsters, the monster player declares the order of all
    melees, and they are resolved in that order."""
    g = fight(["flame_lancer", "reef_guard", "gale_spearman"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"},
        {"card": "mud_grub", "hero": "gale_spearman"}], dice=[3, 3] * 3)
    d = pending(g, "melee_order")
    assert d.seat == 1 and len(d.option_ids) == 3
    events = play(g, f"next:{H('gale_spearman')}", f"next:{H('flame_lancer')}")
    assert of(events, "melee_order")[0].data["order"] == [H("gale_spearman"), H("flame_lancer"), H("reef_guard")]
    assert [e.data["hero"] for e in of(events, "melee")] == [H("gale_spearman"), H("flame_lancer"),
                                                             H("reef_guard")]
    used_up(g)


def test_fa_105_fa_107_fat_028_a_later_monster_must_take_a_hero_without_one():
    """FA-105, FA-107, FAT-028: in round 2 a newly joined monster must be assigned; H1 has a
    monster and H2 none, so it must go to H2; the monster already on H1 stays where it is."""
    g = fight(["flame_lancer", "reef_guard"], round=1, monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "tunnel_goblin", "hero": ""}])
    d = pending(g, "assign")
    assert d.rule == "FA-107"
    assert d.option_ids == (f"assign:{M('tunnel_goblin')}:{H('reef_guard')}",)


def test_fa_107_fat_028_with_no_free_hero_a_later_monster_may_join_a_horde():
    """FA-107, FAT-028: when the only other front-rank hero is gone, the new monster may join the
    Horde of the hero who already has one."""
    g = fight(["flame_lancer", ""], round=1, monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "tunnel_goblin", "hero": ""}])
    assert pending(g, "assign").option_ids == (f"assign:{M('tunnel_goblin')}:{H('flame_lancer')}",)


def test_fa_107_the_first_assignment_forms_hordes_freely():
    """FA-107: in the first Assignment phase a second monster may join a hero who has one even
    while another hero has none."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "skulker"}, {"card": "merloit"}])
    play(g, f"assign:{M('skulker')}:{H('flame_lancer')}")
    assert f"assign:{M('merloit')}:{H('flame_lancer')}" in pending(g, "assign").option_ids


def test_fa_107_the_monster_player_chooses_which_new_monster_takes_the_free_hero():
    """FA-107, FA-099: two monsters need a hero in round 2 and one hero is free; the monster
    player may send either to the free hero, and then the other may join a Horde."""
    g = fight(["flame_lancer", "reef_guard"], round=1, monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": ""},
        {"card": "mud_grub", "hero": ""}])
    assert set(pending(g, "assign").option_ids) == {f"assign:{M('merloit')}:{H('reef_guard')}",
                                                    f"assign:{M('mud_grub')}:{H('reef_guard')}"}
    play(g, f"assign:{M('mud_grub')}:{H('reef_guard')}")
    assert set(pending(g, "assign").option_ids) == {f"assign:{M('merloit')}:{H('flame_lancer')}",
                                                    f"assign:{M('merloit')}:{H('reef_guard')}"}


def test_fa_106_fa_142_a_monster_whose_hero_was_discarded_is_assigned_again_the_others_stay():
    """FA-106, FA-142, FA-105: the Skulker defeats its hero, who is discarded; next round only
    the Skulker is assigned again, the Merloit keeping its living hero."""
    g = fight(["flame_lancer", "reef_guard", "gale_spearman"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}],
        dice=[1, 6, 2, 3])
    play(g, f"next:{H('flame_lancer')}")
    assert H("flame_lancer") in g.state.players[0].hero_discard
    play(g, "continue")
    d = pending(g, "assign")
    assert {o.partition(":")[2].partition(":")[0] for o in d.option_ids} == {M("skulker")}
    assert set(d.option_ids) == {f"assign:{M('skulker')}:{H('gale_spearman')}"}
    used_up(g)


def test_fa_106_a_monster_whose_hero_became_feared_is_assigned_again():
    """FA-106, FA-105: a hero stricken with fear cannot be attacked: its monster must be assigned
    again in the next Assignment phase."""
    g = fight(["flame_lancer", "reef_guard"], round=1, hero={"feared": ["flame_lancer"]},
              monsters=[{"card": "skulker", "hero": "flame_lancer"}])
    assert pending(g, "assign").option_ids == (f"assign:{M('skulker')}:{H('reef_guard')}",)


def test_fa_108_the_meleeing_monster_and_the_melee_order_are_declared_again_every_round():
    """FA-108: round 2's Assignment names the Horde's meleeing monster and the melee order anew."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[
        {"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"},
        {"card": "mud_grub", "hero": "reef_guard"}], dice=[3, 3, 1, 4] + [1, 4, 3, 4])
    events = play(g, f"melee:{M('skulker')}", f"next:{H('flame_lancer')}")
    assert rounds(events) == [2]
    d = pending(g, "meleeing")
    assert set(d.option_ids) == {f"melee:{M('skulker')}", f"melee:{M('merloit')}"}
    events = play(g, f"melee:{M('merloit')}", f"next:{H('reef_guard')}")
    assert [e.data["monster"] for e in of(events, "melee")] == [M("mud_grub"), M("merloit")]
    used_up(g)


# -- FA-109 to FA-112: the Horde bonus ----------------------------------------------------------------

@pytest.mark.parametrize("n,bonus", [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4),
                                     (10, 4)])
def test_fa_109_fa_110_fat_024_fat_025_the_horde_bonus_table(n, bonus):
    """FA-109, FA-110, FAT-024, FAT-025: the meleeing monster (Melee 3) of a Horde of n gains
    +floor((n - 1) / 2): n = 4 gives die + 3 + 1."""
    horde = [{"card": "merloit", "hero": "flame_lancer"}] + [{"card": "mud_grub", "hero": "flame_lancer"}] * (n - 1)
    g = fight(["flame_lancer"], monsters=horde, dice=[6, 2])
    events = play(g, f"melee:{M('merloit')}") if n > 1 else play(g)
    melee = of(events, "melee")[0]
    assert melee.data["monster"] == M("merloit")
    assert melee.data["monster_total"] == 2 + 3 + bonus


def test_fa_111_a_horde_member_defeated_earlier_in_the_round_no_longer_counts():
    """FA-111: the Horde of three loses a Mud Grub to an anytime wand before the melees; the
    meleeing monster's bonus counts the two left at the roll (+0, not +1)."""
    g = fight(["flame_lancer"], hero={"items": {"flame_lancer": ["wand_of_unmaking"]}}, monsters=[
        {"card": "merloit", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "flame_lancer"},
        {"card": "cinder_rat", "hero": "flame_lancer"}], dice=[2, 6, 2])
    play(g, f"melee:{M('merloit')}", at="W6:0")
    events = play(g, f"use:{H('wand_of_unmaking')}:0:{M('mud_grub')}")
    assert M("mud_grub") in g.state.players[1].encounter_discard
    events += play(g)
    melee = of(events, "melee")[0]
    assert melee.data["monster_total"] == 2 + 3
    used_up(g)


def test_fa_112_fat_033_a_ranged_save_uses_the_basic_melee_without_horde_or_leadership():
    """FA-112, FAT-033, FA-122: a Melee 3 meleeing monster in a Horde of five (+2) under a monster
    leader (+1) is hit once: it saves on 3 or less, with neither bonus."""
    horde = ([{"card": "brimstone_hound", "hero": "flame_lancer"}, {"card": "lesser_demon", "hero": "flame_lancer"}]
             + [{"card": "mud_grub", "hero": "flame_lancer"}] * 3)

    def shoot(save_die: int) -> Game:
        return fight(["briar_ranger", "flame_lancer"], monsters=horde, dice=[1, save_die, 1, 1])

    g = shoot(3)
    saved = play(g, f"melee:{M('brimstone_hound')}", f"target:{M('brimstone_hound')}", "end")
    assert [e.data["saved"] for e in of(saved, "ranged_save")] == [True]
    # Its melee shows what the save left out: Horde +2 and leadership +1 (die 1 + 3 + 2 + 1).
    assert of(saved, "melee")[0].data["monster_total"] == 1 + 3 + 2 + 1
    failed = play(shoot(4), f"melee:{M('brimstone_hound')}", f"target:{M('brimstone_hound')}")
    assert [e.data["saved"] for e in of(failed, "ranged_save")] == [False]


def test_fa_094_fat_085_a_summoned_hero_waiting_beside_the_party_keeps_the_encounter_going():
    """FA-094, FAT-085: the Earth champion, the party's last hero, summons an Earth hero in the
    Action phase (it waits beside the party), then the monster's "defeat one hero on a 1"
    discards the champion; the party does not retreat, and in round 2 the summoned hero is in
    play and the monster is assigned to it."""
    g = fight(["thorn_oakheart"], hero={"hero_deck": ["stonefist_brawler"]},
              monsters=[{"card": "vortex_horror", "hero": "thorn_oakheart"}], dice=[6, 4, 1, 1])
    events = play(g, f"use:{H('thorn_oakheart')}:0:", "place:front:1")  # FA-223: the hero player places it
    assert g.state.players[0].waiting == [H("stonefist_brawler")]
    events += play(g, f"use:{M('vortex_horror')}:0:{H('thorn_oakheart')}")
    assert H("thorn_oakheart") in g.state.players[0].hero_discard
    events += play(g, "continue")
    assert not of(events, "encounter_ends")
    assert rounds(events) == [2]
    assert g.state.players[0].waiting == []
    assert pending(g, "assign").option_ids == (f"assign:{M('vortex_horror')}:{H('stonefist_brawler')}",)
    used_up(g)


def test_fat_085_when_the_monsters_are_gone_the_summoned_hero_enters_the_party():
    """FAT-085, FA-095: the summoned hero waits beside the party, then the last monster is
    defeated in the same Action phase: the Encounter ends and the summoned hero is in the party."""
    g = fight(["thorn_oakheart"], ["pyra_vell"], hero={"hero_deck": ["stonefist_brawler"]},
              monsters=[{"card": "merloit", "hero": "thorn_oakheart"}], dice=[1, 3, 1, 1])
    events = play(g, f"use:{H('thorn_oakheart')}:0:", "place:front:1", f"use:{H('pyra_vell')}:0:{M('merloit')}")
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-095"]
    hero_player = g.state.players[0]
    assert H("stonefist_brawler") in hero_player.heroes() and hero_player.waiting == []
    used_up(g)
