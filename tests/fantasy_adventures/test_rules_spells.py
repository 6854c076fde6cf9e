"""Rule tests of Fantasy Adventures' flipping (FA-113 to FA-116) and spells (FA-127 to
FA-136), with the worked cases FAT-034 to FAT-039 and FAT-086 of the checklist.
Seat 0 is the hero player and seat 1 the monster player unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.game import Game
from tests.fantasy_adventures.combat_helpers import H, M, fight, of, play, rounds, used_up
from tests.fantasy_adventures.helpers import inst, pending, player, position


def casts(g: Game, seat: int) -> set[str]:
    """The spells ``seat`` is offered in the question asking him now."""
    d = pending(g)
    assert d.seat == seat
    return {o.split(":")[1] for o in d.option_ids if o.startswith("cast:")}


# -- FA-113 to FA-116: flipping ----------------------------------------------------------------------

def test_fa_113_fa_127_casting_flips_the_caster_and_discards_the_spell():
    """FA-113, FA-127, FA-128: Pyra Vell (Fire orb) casts a Fire offensive spell: she is flipped,
    the spell goes to her player's discard pile, and it takes effect with no chart roll."""
    g = fight(["flame_lancer"], ["pyra_vell"], hero={"hand": ["searing_bolt"]},
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"}],
              dice=[1, 1, 2])
    events = play(g, f"melee:{M('skulker')}", f"cast:{H('searing_bolt')}:{H('pyra_vell')}:{M('merloit')}",
                  at="W9:0")
    assert g.state.players[0].flipped == [H("pyra_vell")]
    assert g.state.players[0].hand == [] and H("searing_bolt") in g.state.players[0].encounter_discard
    assert not of(events, "spell_works") and not of(events, "spell_fails")  # no chart roll
    assert M("merloit") in g.state.players[1].encounter_discard  # its "on 1-4" rolled a 2
    used_up(g)


@pytest.mark.parametrize("flipped", [False, True])
def test_fa_114_a_flipped_hero_casts_nothing_and_uses_no_ability_nor_scroll(flipped):
    """FA-114: a flipped caster is offered no spell, and a flipped hero neither its anytime
    ability, nor its normal ability, nor its scroll; the same heroes unflipped are offered each."""
    g = fight(["flame_lancer", "cinder_warden"], ["pyra_vell"],
              hero={"hand": ["searing_bolt"], "items": {"flame_lancer": ["scroll_of_banishing"]},
                    "flipped": ["pyra_vell", "cinder_warden", "flame_lancer"] if flipped else []},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}], dice=[1, 2])
    play(g, at="W6:0")
    anytime = [o for o in pending(g).option_ids if o.startswith(f"use:{H('cinder_warden')}:")]
    assert bool(anytime) is not flipped
    play(g, "end", at="action:0")  # the melee is a tie: 1 + 4 against 2 + 3
    offered = set(pending(g, "action").option_ids)
    actions = {f"use:{H('pyra_vell')}:0:{M('merloit')}", f"use:{H('scroll_of_banishing')}:0:{M('merloit')}",
               f"cast:{H('searing_bolt')}:{H('pyra_vell')}:{M('merloit')}"}
    assert offered == ({"pass"} if flipped else actions | {"pass"})
    used_up(g)


def test_fa_115_a_flipped_hero_still_shoots_supports_melees_and_keeps_its_automatic_abilities():
    """FA-115: a flipped Briar Ranger still makes its Ranged attack and supports; a flipped Gale
    Spearman still melees, with its automatic "+1 Melee vs. flying monsters"."""
    g = fight(["briar_ranger", "gale_spearman"], monsters=[{"card": "dragonette", "hero": "gale_spearman"}],
              hero={"flipped": ["briar_ranger", "gale_spearman"]}, dice=[6, 1, 1])
    play(g)
    assert pending(g, "ranged_target").prompt.startswith("Ranged: Briar Ranger")
    play(g, f"target:{M('dragonette')}")
    assert pending(g, "support").option_ids == (f"support:{H('briar_ranger')}:{H('gale_spearman')}", "end")
    events = play(g, f"support:{H('briar_ranger')}:{H('gale_spearman')}", "end")
    melee = of(events, "melee")[0]
    assert melee.data["hero"] == H("gale_spearman")
    assert melee.data["hero_total"] == 1 + 4 + 1 + 1  # die, Melee, support, vs. flying
    used_up(g)


def test_fa_115_a_flipped_hero_may_be_the_entering_hero():
    """FA-115, FA-067: a flipped front-rank hero may still be chosen as the entering hero."""
    g = position([player(["ash_tracker", "flame_lancer"], flipped=["ash_tracker"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={0: ["spiked_pit_trap", "skulker"]})
    play(g)
    assert f"hero:{H('ash_tracker')}" in pending(g, "entering").option_ids


def encounter_with_a_trap(front: list[str], back: list[str], hand: list[str], dice: list[int]) -> Game:
    """Seat 0's party attacked by a Spiked Pit Trap and a Skulker, from the start of the Encounter."""
    return position([player(front, back, hand=hand), player(["granite_guard"])], start="encounter",
                    monster=1, target=0, stacks={0: ["spiked_pit_trap", "skulker"]}, dice=dice)


def test_fa_116_fat_039_a_hero_flipped_in_the_trap_stage_stays_flipped_until_the_end_of_round_1():
    """FA-116, FAT-039: Sister Oona casts a protection spell in the trap stage; she stays flipped
    through the surprise stage and combat round 1, and unflips at the end of round 1."""
    g = encounter_with_a_trap(["ash_tracker"], ["sister_oona"], ["tidal_ward"], dice=[1, 1, 2, 1])
    play(g, f"hero:{H('ash_tracker')}", at="W2:0")
    play(g, f"cast:{H('tidal_ward')}:{H('sister_oona')}:party", at="W2:1")  # her own element: no chart roll
    assert g.state.players[0].flipped == [H("sister_oona")]
    play(g, at="W4:0")  # before the surprise roll
    assert g.state.players[0].flipped == [H("sister_oona")]
    play(g, f"assign:{M('skulker')}:{H('ash_tracker')}", at="action:0")
    assert g.state.encounter.round == 1 and g.state.players[0].flipped == [H("sister_oona")]
    events = play(g, at="W10:0")
    assert of(events, "unflip") and g.state.players[0].flipped == []
    used_up(g)


def test_fa_116_fat_039_a_retreat_before_combat_unflips_at_the_end_of_the_encounter():
    """FA-116, FAT-039, A-21: the trap discards the entering hero and the party retreats before
    combat; the hero flipped in the trap stage unflips when the Encounter ends."""
    g = encounter_with_a_trap(["ash_tracker", "flame_lancer"], ["sister_oona"], ["tidal_ward"], dice=[6])
    play(g, f"hero:{H('ash_tracker')}", at="W2:0")
    play(g, f"cast:{H('tidal_ward')}:{H('sister_oona')}:party")
    assert pending(g, "retreat") and g.state.players[0].flipped == [H("sister_oona")]
    events = play(g, "retreat", f"hero:{H('flame_lancer')}")
    assert [e.rule for e in of(events, "encounter_ends")] == ["FA-076"]
    assert g.state.players[0].flipped == []
    used_up(g)


def test_fa_116_any_hero_still_flipped_unflips_at_the_end_of_the_player_turn():
    """FA-116, A-21: heroes still flipped in the recovery stage turn back when the player turn
    ends, in every party."""
    g = position([player(["flame_lancer"], flipped=["flame_lancer"]),
                  player(["granite_guard"], flipped=["granite_guard"])], start="recovery", monster=1)
    assert [p.flipped for p in g.state.players] == [[H("flame_lancer")], [inst(1, "granite_guard")]]
    events = play(g, "end", "end")  # neither party is rearranged
    assert of(events, "player_turn") and [p.flipped for p in g.state.players] == [[], []]


# -- FA-127 to FA-136: spells ------------------------------------------------------------------------

def off_element(die: int | None, caster: str = "sister_oona") -> tuple[Game, list[Any]]:
    """``caster`` casts Battle Fury (Fire, "+2 Melee" to a hero) on the Flame Lancer in the
    Action phase after a tied melee; ``die`` is the chart roll (None: no roll expected)."""
    g = fight(["flame_lancer"], [caster], hero={"hand": ["battle_fury"]},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}], dice=[1, 2] + ([die] if die else []))
    events = play(g, f"cast:{H('battle_fury')}:{H(caster)}:{H('flame_lancer')}", at="W9:0")
    return g, events


@pytest.mark.parametrize("die,result", [(1, "effect"), (3, "effect"), (4, "hand"), (5, "hand"), (6, "lost")])
def test_fa_128_fa_129_fat_034_an_off_element_spell_rolls_on_the_chart(die, result):
    """FA-129, FAT-034: a Water-orb caster casting a Fire spell rolls: 1-3 it takes effect, 4-5
    it has no effect and goes back to the hand, 6 no effect and it stays discarded. The caster
    is flipped whatever the result."""
    g, events = off_element(die)
    hero_player = g.state.players[0]
    assert hero_player.flipped == [H("sister_oona")]
    assert (H("flame_lancer") in g.state.encounter.gained) is (result == "effect")
    assert (H("battle_fury") in hero_player.hand) is (result == "hand")
    assert (H("battle_fury") in hero_player.encounter_discard) is (result != "hand")
    assert [e.rule for e in events if e.kind in ("spell_works", "spell_fails")] == ["FA-129"]
    used_up(g)


def test_fa_128_fat_034_a_spell_of_the_caster_s_orb_element_works_without_a_roll():
    """FA-128, FAT-034: a Fire-orb caster casting a Fire spell rolls nothing; the spell works."""
    g, events = off_element(None, caster="pyra_vell")
    assert H("flame_lancer") in g.state.encounter.gained
    assert not of(events, "spell_works") and not of(events, "spell_fails")
    assert g.state.players[0].flipped == [H("pyra_vell")]
    used_up(g)


def test_fa_130_fat_035_a_returned_spell_may_be_tried_again_this_round_by_another_unflipped_caster():
    """FA-130, FAT-035, FA-114: the spell comes back to the hand on a 5; later in the same round
    another unflipped caster of the party may try it (it works on a 2); the first caster,
    flipped, may not."""
    g = fight(["flame_lancer"], ["sister_oona", "elder_fenwick"], hero={"hand": ["battle_fury"]},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}], dice=[1, 2, 5, 2])
    play(g, f"cast:{H('battle_fury')}:{H('sister_oona')}:{H('flame_lancer')}", at="action:0")
    d = pending(g, "action")
    assert f"cast:{H('battle_fury')}:{H('elder_fenwick')}:{H('flame_lancer')}" in d.option_ids
    assert not [o for o in d.option_ids if o.startswith(f"cast:{H('battle_fury')}:{H('sister_oona')}")]
    assert g.state.encounter.round == 1
    events = play(g, f"cast:{H('battle_fury')}:{H('elder_fenwick')}:{H('flame_lancer')}", at="W9:0")
    assert [e.data["die"] for e in of(events, "spell_works")] == [2]
    assert H("flame_lancer") in g.state.encounter.gained
    used_up(g)


def three_players(**scenario: Any) -> Game:
    """P1 (seat 0) attacks P2 (seat 1) with a Merloit on the Flame Lancer; P3 (seat 2) is not
    involved. Each has Pyra Vell (Fire orb) and the hand given in ``scenario``'s hands."""
    hands = scenario.pop("hands", [[], [], []])
    return position([player(["granite_guard"], ["pyra_vell"], hand=hands[0]),
                     player(["flame_lancer", "reef_guard"], ["pyra_vell"], hand=hands[1]),
                     player(["windwall_sentinel"], ["pyra_vell"], hand=hands[2])],
                    start="combat", monster=0, target=1, monsters=[{"card": "merloit", "hero": "flame_lancer"}],
                    **scenario)


def test_fa_131_to_fa_134_fat_037_a_non_involved_player_casts_only_anytime_spells():
    """FA-131, FA-132, FA-133, FA-134, FAT-037: at a window of P2's Encounter, non-involved P3 is
    offered neither his protection nor his offensive spell, only his anytime spell; cast on the
    monster attacking P2 it works and flips his caster."""
    g = three_players(hands=[[], [], ["stoneskin", "searing_bolt", "blinding_ash"]])
    play(g, at="W6:2")
    assert casts(g, 2) == {inst(2, "blinding_ash")}
    events = play(g, f"cast:{inst(2, 'blinding_ash')}:{inst(2, 'pyra_vell')}:{inst(0, 'merloit')}")
    assert g.state.players[2].flipped == [inst(2, "pyra_vell")]
    assert [e.data["amount"] for e in of(events, "melee_change")] == [-2]


def test_fa_133_fa_134_fat_037_the_monster_player_casts_an_anytime_spell_on_the_hero_player_s_hero():
    """FA-133, FA-134, FAT-037: the monster player P1 casts an anytime spell with his own hero on
    a hero of P2's party; his caster is flipped."""
    g = three_players(hands=[["blinding_ash", "battle_fury"], [], []])
    play(g, at="W6:0")
    assert casts(g, 0) == {inst(0, "blinding_ash")}
    play(g, f"cast:{inst(0, 'blinding_ash')}:{inst(0, 'pyra_vell')}:{inst(1, 'flame_lancer')}")
    assert g.state.players[0].flipped == [inst(0, "pyra_vell")]
    assert g.state.encounter.melee_change == {inst(1, "flame_lancer"): -2}


def test_fa_131_fa_132_fa_134_fat_037_the_hero_player_s_protection_spells_at_windows_offensive_as_actions():
    """FA-131, FA-132, FA-134, FAT-037: the hero player P2 may cast a protection spell in the
    Ranged phase, on his own heroes only, but not his offensive spell; in the Action phase his
    offensive spell is an action and his protection spell is not."""
    hands = [[], ["stoneskin", "searing_bolt"], []]
    g = three_players(hands=hands, dice=[1])
    play(g, at="W7:1")
    assert casts(g, 1) == {inst(1, "stoneskin")}
    targets = {o.split(":")[3] for o in pending(g).option_ids if o != "pass"}
    assert targets == {inst(1, h) for h in ("flame_lancer", "reef_guard", "pyra_vell")}
    play(g, f"cast:{inst(1, 'stoneskin')}:{inst(1, 'pyra_vell')}:{inst(1, 'reef_guard')}")  # Earth: chart 1
    assert inst(1, "reef_guard") in g.state.encounter.gained
    used_up(g)
    g = three_players(hands=hands, dice=[1, 2])  # a tied melee: 1 + 4 against 2 + 3
    play(g, "end", at="action:1")
    assert casts(g, 1) == {inst(1, "searing_bolt")}
    used_up(g)


def test_fa_156_fa_164_fat_038_anytime_abilities_across_parties_flip_their_heroes_and_are_no_actions():
    """FAT-038, FA-156, FA-164: in P1's attack on P2, non-involved P3 uses his Cinder Warden's
    anytime ability on the monster attacking P2; P1 answers with the anytime ability of an item
    of one of his own heroes (the wand). Both heroes are flipped, and neither use is an action:
    the Action phase then begins with the hero player's first action.

    The starter set has no anytime item ability aimed at heroes, so P1's wand aims at a
    monster here, where the rulebook's example aims at P3's hero."""
    g = position([player(["granite_guard"], items={"granite_guard": ["wand_of_unmaking"]}),
                  player(["flame_lancer", "reef_guard"]), player(["cinder_warden"])],
                 start="combat", monster=0, target=1, dice=[1, 6, 1],
                 monsters=[{"card": "merloit", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "reef_guard"}])
    play(g, f"next:{inst(1, 'flame_lancer')}", at="W6:2")
    play(g, f"use:{inst(2, 'cinder_warden')}:0:{inst(0, 'merloit')}", at="W6:0")
    assert g.state.players[2].flipped == [inst(2, "cinder_warden")]
    events = play(g, f"use:{inst(0, 'wand_of_unmaking')}:0:{inst(0, 'mud_grub')}", at="W6:1")
    assert g.state.players[0].flipped == [inst(0, "granite_guard")]
    assert inst(0, "mud_grub") in g.state.players[0].encounter_discard
    assert {e.rule for e in of(events, "ability")} == {"FA-156"}  # not "FA-160", an action
    # The Merloit fights at -1 (1 + 3 - 1); the Action phase then opens with the hero player.
    events = play(g, "end", at="action:1")
    assert of(events, "melee")[0].data["monster_total"] == 1 + 3 - 1
    assert not of(events, "action_pass")
    used_up(g)


@pytest.mark.parametrize("lair", [True, False])
def test_fa_135_lair_only_and_wandering_only_spells(lair):
    """FA-135: the Lair-only Tremor Sense is offered only in a lair Encounter, the Wandering-only
    Howling Gale only in a wandering one."""
    g = fight(["flame_lancer"], ["byron"], hero={"hand": ["tremor_sense", "howling_gale"]}, lair=lair,
              monsters=[{"card": "merloit", "hero": "flame_lancer"}], dice=[1, 2])
    play(g, at="W6:0")
    assert (H("tremor_sense") in casts(g, 0)) is lair
    play(g, at="action:0")
    assert (H("howling_gale") in casts(g, 0)) is not lair
    used_up(g)


def test_fa_136_fa_150_fat_036_byron_is_not_flipped_by_his_first_spell_each_round():
    """FA-136, FA-150, FAT-036: Byron casts a spell in the Action phase: it is discarded and
    works, and he stays unflipped; his second spell that round flips him; in the next round his
    first spell again leaves him unflipped."""
    g = fight(["flame_lancer"], ["byron"], hero={"hand": ["howling_gale", "flying", "howling_gale"]},
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"}],
              dice=[1, 1, 1, 2])
    events = play(g, f"melee:{M('skulker')}", f"cast:{H('howling_gale')}:{H('byron')}:{M('skulker')}", at="W9:0")
    assert [e.rule for e in of(events, "not_flipped")] == ["FA-136"]
    assert of(events, "not_flipped")[0].text == "Byron is not flipped by its first spell this round."
    said = [e.kind for e in events if e.kind in ("cast", "not_flipped")]
    assert said == ["cast", "not_flipped"]  # the cast first, then what it did not do
    assert g.state.players[0].flipped == []
    assert H("howling_gale") in g.state.players[0].encounter_discard
    assert M("skulker") in g.state.players[1].encounter_discard  # stricken with fear: it ran away
    play(g, f"cast:{H('flying')}:{H('byron')}:{H('flame_lancer')}", at="W9:1")
    assert g.state.players[0].flipped == [H("byron")]
    events = play(g, f"cast:{H('howling_gale', 2)}:{H('byron')}:{M('merloit')}", at="W9:0")
    assert rounds(events) == [2]
    assert of(events, "not_flipped") and g.state.players[0].flipped == []
    used_up(g)


def test_fa_136_fat_086_byron_s_round_outside_combat_runs_from_the_trap_stage_to_the_end_of_round_1():
    """FA-136, FAT-086, FA-116, FA-236: Byron casts a protection spell in trap round 1 (not
    flipped) and another in trap round 2, which flips him; he stays flipped through the surprise
    stage and combat round 1; his first spell in combat round 2 again does not flip him."""
    g = position([player(["ash_tracker"], ["byron"], hand=["flying", "stoneskin", "tidal_ward"]),
                  player(["granite_guard"])], start="encounter", monster=1, target=0,
                 stacks={0: ["spiked_pit_trap", "spiked_pit_trap", "skulker"]},
                 dice=[1, 1, 1, 1, 2, 1, 1])
    play(g, f"hero:{H('ash_tracker')}", f"cast:{H('flying')}:{H('byron')}:{H('ash_tracker')}", at="W2:1")
    assert g.state.players[0].flipped == []
    play(g, f"hero:{H('ash_tracker')}", f"cast:{H('stoneskin')}:{H('byron')}:{H('ash_tracker')}", at="W2:1")
    assert g.state.players[0].flipped == [H("byron")]
    play(g, at="W4:0")
    assert g.state.players[0].flipped == [H("byron")]
    play(g, f"assign:{M('skulker')}:{H('ash_tracker')}", at="action:0")  # round 1's melee is a tie
    assert g.state.players[0].flipped == [H("byron")]
    play(g, at="W6:0")
    assert g.state.encounter.round == 2 and g.state.players[0].flipped == []
    play(g, f"cast:{H('tidal_ward')}:{H('byron')}:party", at="W6:1")
    assert g.state.players[0].flipped == []
    used_up(g)
