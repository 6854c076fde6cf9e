"""Fantasy Adventures rule tests from the glossary: bonuses and penalties and who controls them
(FA-181 to FA-184, FA-234, FA-235), dependent effects (FA-185 to FA-187), Lair only and Wandering
only (FA-207, FA-232), leadership (FA-208, FA-209), Multiplayer only (FA-210), OR and AND (FA-211
to FA-213), undead (FA-226, FA-227), vs. abilities (FA-228 to FA-231), what a round is (FA-236)
and "current melee" effects (FA-239); worked cases FAT-055, FAT-063, FAT-073, FAT-074, FAT-081,
FAT-082 and FAT-086. Played through the decision protocol from written positions.
"""

from __future__ import annotations

from game.core.game import Game
from game.rulesets.fantasy_adventures.totals import succeeds

from tests.fantasy_adventures.helpers import do, inst, pending, player, position, refresh, texts
from tests.fantasy_adventures.round_play import act, of, to, to_action

TIE = [3, 3]


def combat(front: list[str], back: list[str], monsters: list[dict], dice: list[int] | None = None,
           others: list[dict] | None = None, **fields: object) -> Game:
    """Seat 0's party (``front``, ``back``) attacked by ``monsters`` of seat 1; ``others`` are
    further seats, non-involved players."""
    return position([player(front, back, **fields), player(["granite_guard"])] + (others or []),
                    start="combat", monster=1, target=0, monsters=monsters, dice=dice or [])


def melees(events: list) -> dict[str, tuple[int, int, str]]:
    """hero definition -> (hero total, monster total, the log line) of each melee rolled."""
    return {e.data["hero"].partition("/")[2]: (e.data["hero_total"], e.data["monster_total"], e.text)
            for e in of(events, "melee")}


# -- bonuses and penalties (FA-181 to FA-184, FA-234, FA-235) --------------------------------------------

def test_fa_181_fa_182_fat_055_bonuses_are_chosen_for_the_roller_penalties_against_him():
    """FAT-055, FA-181, FA-182, FA-184 (A-31): on a roll "on 1-2" a die of 2 under a -1 penalty
    fails, the opponent choosing +1; a die of 3 with a +1 bonus succeeds, its controller choosing -1;
    the bonus is chosen first, then the penalty against it ("on 5-6", die 4, +1 and -1: fails)."""
    assert not succeeds(2, 1, 2, penalty=1)
    assert succeeds(2, 1, 2)
    assert succeeds(3, 1, 2, bonus=1) and succeeds(4, 5, 6, bonus=1)
    assert not succeeds(4, 5, 6, bonus=1, penalty=1)
    assert succeeds(4, 1, 6, bonus=1, penalty=1)


def test_fa_184_two_disarm_bonuses_are_each_added_or_subtracted_whole():
    """FA-184 (A-31), FA-070: Flame Lancer (no trap ability: disarms on 1-2) owns the Stoic Mask (+1 to
    disarm) and the party has Tremor Sense (+2 to disarm rolls): a die of 2 disarms, as 2 + 1 - 2 = 1
    is in 1-2, though the two bonuses taken as one +3 or -3 would both miss."""
    g = position([player(["flame_lancer"], ["byron"], hand=["tremor_sense"], items={"flame_lancer": ["stoic_mask"]}),
                  player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["spiked_pit_trap", "skulker"]},
                 dice=[1, 2])  # Tremor Sense off Byron's element works on 1; the disarm rolls 2
    do(g, f"cast:{inst(0, 'tremor_sense')}:{inst(0, 'byron')}:party")
    to(g, "entering")
    events = do(g, f"hero:{inst(0, 'flame_lancer')}") + to(g, "duel")
    assert of(events, "disarmed"), texts(events)


def test_fa_183_in_melee_bonuses_are_added_and_penalties_subtracted():
    """FA-183: Flame Lancer (Melee 4, +1 vs. Melee 5 or more) with a +1 sword against Lesser Devil
    (Melee 5, "a hero meleeing this monster has -1 Melee"): 3 + 4 + 1 + 1 - 1."""
    g = combat(["flame_lancer"], [], [{"card": "lesser_devil", "hero": "flame_lancer"}], dice=[3, 3],
               items={"flame_lancer": ["footmans_sword"]})
    hero, monster, text = melees(to_action(g))["flame_lancer"]
    assert (hero, monster) == (3 + 4 + 1 + 1 - 1, 3 + 5), text


def test_fa_235_fat_082_a_penalty_on_the_meleeing_monster_is_against_its_controller():
    """FAT-082 (FA-181, FA-182, FA-235, FA-239): P2's Cinder Warden gives the meleeing Lesser Demon
    (Melee 5) -1 Melee before its melee: with a die of 4 it totals 4 + 5 - 1 = 8. Non-involved P3's
    Cinder Warden may do the same. P3's Squall Piper card gives it +2 instead, which its controller
    adds: 4 + 5 + 2."""
    def melee_after(seat: int, option: str) -> int:
        g = combat(["reef_guard", "cinder_warden"], [], [{"card": "lesser_demon", "hero": "reef_guard"}],
                   dice=[1, 4], others=[player(["cinder_warden"], hand=["squall_piper"])])
        to(g, "response")
        while pending(g).seat != seat:
            do(g, "pass")
        do(g, option)
        return melees(to_action(g))["reef_guard"][1]

    demon = inst(1, "lesser_demon")
    assert melee_after(0, f"use:{inst(0, 'cinder_warden')}:0:{demon}") == 4 + 5 - 1
    assert melee_after(2, f"use:{inst(2, 'cinder_warden')}:0:{demon}") == 4 + 5 - 1
    assert melee_after(2, f"hand:{inst(2, 'squall_piper')}:0:{demon}") == 4 + 5 + 2


def test_fa_234_fa_087_fat_081_duel_totals_ignore_outside_penalties_but_not_the_opponents_own():
    """FAT-081 (FA-086, FA-087, FA-234): the Miasma Trap (-1 Melee to every hero for the Encounter)
    went off; Flame Lancer (Melee 4) duels Skulker (Melee 4), dice 3 and 3: 7 and 7, no result. In
    the melee that follows, with the same dice, he totals 6 against 7 and is defeated."""
    g = position([player(["flame_lancer"], ["reef_guard"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["miasma_trap", "skulker"]},
                 dice=[6, 4, 3, 3, 3, 3])  # the disarm fails; surprise 4; duel 3 and 3; melee 3 and 3
    to(g, "entering")
    do(g, f"hero:{inst(0, 'flame_lancer')}")
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}")
    duel = of(events, "duel_roll")[0]
    assert (duel.data["hero_total"], duel.data["monster_total"]) == (7, 7), duel.text
    assert of(events, "duel_tie")
    events = to(g, "action")
    hero, monster, text = melees(events)["flame_lancer"]
    assert (hero, monster) == (6, 7), text
    assert of(events, "defeated")[0].data["card"] == inst(0, "flame_lancer")


def test_fa_234_fat_081_a_duellists_own_penalty_on_its_opponent_applies():
    """FAT-081 (FA-234): Lesser Devil (Melee 5, "-1 Melee to a hero meleeing it") duels Marisol
    Tidecaller (Melee 5) with dice 4 (hero) and 3: 8 and 8, no result."""
    g = position([player(["marisol_tidecaller"], ["reef_guard"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["lesser_devil"]}, dice=[5, 4, 3])
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'lesser_devil')}:{inst(0, 'marisol_tidecaller')}")
    duel = of(events, "duel_roll")[0]
    assert (duel.data["hero_total"], duel.data["monster_total"]) == (8, 8), duel.text


# -- dependent effects (FA-185 to FA-187) --------------------------------------------------------------

def test_fa_185_fa_186_a_failed_dependent_roll_still_flips_spends_the_action_and_the_use():
    """FA-185, FA-186: Vesk Howlmane's "fear ... on 1-2" rolls 3: no effect, yet he is flipped, the
    monster player acts next (the action is spent) and in round 2 the ability is not offered again
    this player turn. Rolled 2 instead, the monster runs away."""
    g = combat(["vesk_howlmane", "reef_guard"], [], [{"card": "skulker", "hero": "vesk_howlmane"},
                                                     {"card": "skulker", "hero": "reef_guard"}],
               dice=TIE + TIE + [3] + TIE + TIE)
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'vesk_howlmane')}")
    to_action(g)
    events = act(g, f"use:{inst(0, 'vesk_howlmane')}:0:{inst(1, 'skulker')}")
    assert of(events, "dependent_roll")[0].data == {"card": inst(0, "vesk_howlmane"), "die": 3, "happened": False}
    assert inst(0, "vesk_howlmane") in g.state.players[0].flipped
    to(g, "action")
    assert pending(g).seat == 1
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'vesk_howlmane')}")
    to_action(g)
    assert inst(0, "vesk_howlmane") not in g.state.players[0].flipped
    assert not [o for o in pending(g).option_ids if "vesk_howlmane" in o]

    g = combat(["vesk_howlmane", "reef_guard"], [], [{"card": "skulker", "hero": "vesk_howlmane"}],
               dice=TIE + [2])
    to_action(g)
    events = act(g, f"use:{inst(0, 'vesk_howlmane')}:0:{inst(1, 'skulker')}")
    assert of(events, "flees")


def test_fa_187_on_a_1_needs_exactly_1():
    """FA-187: Vortex Horror's "defeat one hero ... on a 1" does nothing on a 2 and defeats on a 1."""
    for die, defeated in ((2, False), (1, True)):
        g = combat(["flame_lancer", "reef_guard"], [], [{"card": "vortex_horror", "hero": "flame_lancer"}],
                   dice=[3, 1, die])  # Flame Lancer 3 + 4 + 1 (vs. Melee 5 or more) ties Vortex Horror 1 + 7
        to_action(g)
        do(g, "pass")
        to(g, "action")
        events = act(g, f"use:{inst(1, 'vortex_horror')}:0:{inst(0, 'reef_guard')}")
        assert bool(of(events, "defeated")) is defeated, texts(events)


# -- Lair only, Wandering only (FA-207, FA-232) --------------------------------------------------------

def test_fa_207_a_lair_only_spell_is_cast_only_in_a_lair():
    """FA-207: Tremor Sense (Lair only, protection) may be cast in a lair Encounter, not in a wandering
    one."""
    for stack, lair in ((["spiked_pit_trap", "skulker"], True), (["skulker"], False)):
        g = position([player(["flame_lancer"], ["byron"], hand=["tremor_sense"]), player(["granite_guard"])],
                     start="encounter", monster=1, target=0, stacks={"0": stack})
        offered = [o for o in pending(g, "response").option_ids if "tremor_sense" in o]
        assert bool(offered) is lair


def test_fa_232_a_wandering_only_spell_is_cast_only_without_traps():
    """FA-232: Howling Gale (Wandering only, offensive) is offered in a wandering Encounter's Action
    phase, not in a lair's."""
    for lair in (False, True):
        g = position([player(["flame_lancer"], ["byron"], hand=["howling_gale"]), player(["granite_guard"])],
                     start="combat", monster=1, target=0, lair=lair,
                     monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=TIE)
        to_action(g)
        offered = [o for o in pending(g).option_ids if "howling_gale" in o]
        assert bool(offered) is not lair


# -- leadership (FA-208, FA-209) ----------------------------------------------------------------------

def test_fa_208_fa_209_fat_063_leadership_counts_in_melee_for_other_heroes_of_its_element():
    """FAT-063 (FA-208, FA-209): Kaelen Emberward (Fire leader, +1 Melee to other Fire heroes), Flame
    Lancer (Fire, Melee 4) and Reef Guard (Water, Melee 4): in melee Flame Lancer adds 1, Reef Guard
    nothing, and Kaelen himself nothing."""
    g = combat(["kaelen_emberward", "flame_lancer", "reef_guard"], [],
               [{"card": "skulker", "hero": "kaelen_emberward"}, {"card": "merloit", "hero": "flame_lancer"},
                {"card": "mud_grub", "hero": "reef_guard"}], dice=[6, 1] * 3)
    events = to_action(g)
    totals = {hero: total for hero, (total, _, _) in melees(events).items()}
    assert totals == {"kaelen_emberward": 6 + 6, "flame_lancer": 6 + 4 + 1, "reef_guard": 6 + 4}


def test_fa_209_fat_063_no_leadership_in_a_duel():
    """FAT-063 (FA-209, FA-087): in a surprise duel Flame Lancer gets no +1 from Kaelen Emberward."""
    g = position([player(["flame_lancer", "kaelen_emberward"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["skulker"]}, dice=[4, 2, 2])
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}")
    assert of(events, "duel_roll")[0].data["hero_total"] == 2 + 4


def test_fa_209_no_leadership_on_a_ranged_hit_roll():
    """FA-209, FA-121: Ilsa Hawkeye (Air, Melee 4, Ranged attack at +1) with Aeris Skyhelm's Air
    leadership in the party: a 6 misses (6 - 1 = 5 is over 4); the leadership is no Ranged bonus."""
    g = combat(["reef_guard"], ["ilsa_hawkeye", "aeris_skyhelm"], [{"card": "skulker", "hero": "reef_guard"}],
               dice=[6])
    to(g, "ranged_target")
    events = do(g, f"target:{inst(1, 'skulker')}") + to_action(g)
    assert of(events, "ranged_roll")[0].data["hit"] is False, texts(events)


# -- Multiplayer only (FA-210) ------------------------------------------------------------------------

def test_fa_210_fat_074_multiplayer_only_needs_three_players_remaining():
    """FAT-074 (FA-210): with three players remaining Magda Deepdelver's Multiplayer-only anytime fear,
    the Multiplayer-only spell Rumbling Dread and Thicket Bandit's Multiplayer-only +1 Melee all
    work; once one of the three is eliminated (two remain) none does."""
    def game(eliminated: bool) -> Game:
        g = combat(["magda_deepdelver", "reef_guard"], ["sister_oona"], [{"card": "thicket_bandit", "hero": "reef_guard"}],
                   dice=[1, 1], hand=["rumbling_dread"], others=[player(["byron"])])
        if eliminated:  # the written position: seat 2 was eliminated earlier in the game
            g.state.players[2].eliminated = True
            refresh(g)
        return g

    g = game(eliminated=False)
    options = pending(g, "response").option_ids
    assert f"use:{inst(0, 'magda_deepdelver')}:0:{inst(1, 'thicket_bandit')}" in options
    assert [o for o in options if "rumbling_dread" in o]
    assert melees(to_action(g))["reef_guard"][1] == 1 + 3 + 1

    g = game(eliminated=True)
    options = pending(g, "response").option_ids
    assert not [o for o in options if "magda_deepdelver" in o or "rumbling_dread" in o]
    assert melees(to_action(g))["reef_guard"][1] == 1 + 3


# -- OR and AND (FA-211 to FA-213) ------------------------------------------------------------------------

def test_fa_212_fat_073_of_two_automatic_or_bonuses_only_one_applies():
    """FAT-073 (FA-212, D-24): Flame Lancer's "+1 vs. undead OR +1 vs. Melee 5 or more" against
    Sunken Lich (undead, Melee 6) gives +1, not +2. Barrow Ghoul's "+1 vs. Air heroes OR +2 vs.
    heroes of Melee 2 or less" against Byron (Air, Melee 2) gives +2, not +3."""
    g = combat(["flame_lancer", "byron"], [], [{"card": "sunken_lich", "hero": "flame_lancer"},
                                               {"card": "barrow_ghoul", "hero": "byron"}], dice=[6, 1, 6, 1])
    found = melees(to_action(g))
    assert found["flame_lancer"][0] == 6 + 4 + 1
    assert found["byron"][1] == 1 + 3 + 2


def test_fa_211_fat_073_an_and_pair_is_one_action_one_flip_and_both_effects():
    """FAT-073 (FA-211): Captain Thessaly Wren's "+1 Melee AND Save on 1" on Flame Lancer is one action
    and one flip, and both happen: in round 2 he melees at +1 and, losing, saves on a 1."""
    g = combat(["flame_lancer", "thessaly_wren"], [], [{"card": "skulker", "hero": "flame_lancer"}],
               dice=TIE + [1, 6, 1])
    to_action(g)
    events = act(g, f"use:{inst(0, 'thessaly_wren')}:0:{inst(0, 'flame_lancer')}")
    assert len(of(events, "granted")) == 2 and len(of(events, "ability")) == 1
    assert [e.text for e in of(events, "granted")] == [  # the abilities' words, not their verbs' ids
        'Flame Lancer has +1 Melee until the end of the Encounter (Captain Thessaly Wren).',
        'Flame Lancer has "Save on 1" until the end of the Encounter (Captain Thessaly Wren).']
    me = g.state.players[0]
    assert me.flipped == [inst(0, "thessaly_wren")] and me.used == [f"{inst(0, 'thessaly_wren')}:0"]
    to(g, "action")
    assert pending(g).seat == 1  # the action is spent
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    events = to_action(g)
    assert melees(events)["flame_lancer"][0] == 1 + 4 + 1
    assert [(e.data["die"], e.data["saved"]) for e in of(events, "save")] == [(1, True)]


def test_fa_213_fat_073_after_one_half_of_an_or_pair_the_other_is_not_used_that_round():
    """FAT-073 (FA-213): Elder Fenwick uses "can give one hero +1 Melee" (one half of his OR pair) in
    the Action phase; when Flame Lancer is then defeated, his other half, the heal, is not offered
    this round."""
    g = combat(["flame_lancer", "reef_guard"], ["elder_fenwick"], [{"card": "vortex_horror", "hero": "flame_lancer"}],
               dice=[3, 1, 1])  # Flame Lancer 3 + 4 + 1 ties Vortex Horror 1 + 7; the Horror's roll 1
    to_action(g)
    act(g, f"use:{inst(0, 'elder_fenwick')}:0.1:{inst(0, 'flame_lancer')}")
    to(g, "action")
    act(g, f"use:{inst(1, 'vortex_horror')}:0:{inst(0, 'flame_lancer')}")
    to(g, "heal_window")
    assert pending(g).seat == 0 and pending(g).option_ids == ("pass",)


# -- undead (FA-226, FA-227) --------------------------------------------------------------------------------

def test_fa_226_fa_227_an_undead_meleeing_monster_wins_ties_a_non_meleeing_one_gives_nothing():
    """FA-226, FA-227: Barrow Ghoul (undead in bold) ties Reef Guard and wins; Undead Firebrand (undead
    by its name) in a Horde led by Skulker gives no tie advantage."""
    g = combat(["reef_guard", "flame_lancer"], [], [{"card": "barrow_ghoul", "hero": "reef_guard"}], dice=[2, 3])
    events = to_action(g)
    assert melees(events)["reef_guard"][:2] == (6, 6)
    assert of(events, "melee_lost")[0].rule == "FA-141"

    g = combat(["reef_guard", "flame_lancer"], [], [{"card": "skulker", "hero": "reef_guard"},
                                                   {"card": "undead_firebrand", "hero": "reef_guard"}], dice=TIE)
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    events = to_action(g)
    assert of(events, "melee_tie") and not of(events, "defeated")


def test_fa_226_an_undead_monster_wins_a_tied_duel():
    """FA-226, FA-088: Undead Deckhand (Melee 2) ties Reef Guard's duel total and wins it."""
    g = position([player(["reef_guard"], ["mist_runner"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["undead_deckhand"]}, dice=[2, 1, 3])
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'undead_deckhand')}:{inst(0, 'reef_guard')}")
    duel = of(events, "duel_roll")[0]
    assert duel.data["hero_total"] == duel.data["monster_total"] == 5
    assert of(events, "duel_won")[0].rule == "FA-226" and of(events, "defeated")


# -- vs. abilities (FA-228 to FA-231) ---------------------------------------------------------------------

def test_fa_228_fa_229_a_vs_bonus_counts_only_against_the_meleeing_opponent():
    """FA-228, FA-229: Stonefist Brawler (+2 vs. demons) gets nothing when Lesser Demon is in the Horde
    but Skulker melees; +2 when Lesser Demon melees. Brimstone Hound (+1 vs. Water heroes) adds 1
    meleeing Reef Guard, nothing when it is not the meleeing monster."""
    def stonefist(leader: str) -> int:
        g = combat(["stonefist_brawler"], [], [{"card": "skulker", "hero": "stonefist_brawler"},
                                              {"card": "lesser_demon", "hero": "stonefist_brawler"}], dice=[1, 6])
        to(g, "meleeing")
        do(g, f"melee:{inst(1, leader)}")
        return melees(to_action(g))["stonefist_brawler"][0]

    assert stonefist("skulker") == 1 + 4
    assert stonefist("lesser_demon") == 1 + 4 + 2

    def hound(leader: str) -> int:
        g = combat(["reef_guard"], [], [{"card": "brimstone_hound", "hero": "reef_guard"},
                                       {"card": "merloit", "hero": "reef_guard"}], dice=[6, 1])
        to(g, "meleeing")
        do(g, f"melee:{inst(1, leader)}")
        return melees(to_action(g))["reef_guard"][1]

    assert hound("brimstone_hound") == 1 + 3 + 1
    assert hound("merloit") == 1 + 3


def test_fa_230_melee_value_groups_use_the_basic_melee():
    """FA-230 (A-15): Flame Lancer's "+1 vs. monsters of Melee 5 or more" does not count against
    Skulker (Melee 4) though a Horde of five lifts its total by 2; it counts against Lesser Devil."""
    horde = ["skulker", "merloit", "mud_grub", "cinder_rat", "wild_boar"]
    g = combat(["flame_lancer"], [], [{"card": m, "hero": "flame_lancer"} for m in horde], dice=[6, 1])
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    hero, monster, text = melees(to_action(g))["flame_lancer"]
    assert (hero, monster) == (6 + 4, 1 + 4 + 2), text


def test_fa_231_vs_abilities_apply_in_a_duel():
    """FA-231 (FA-086): Stonefist Brawler duels Brimstone Hound (a demon): his +2 vs. demons counts."""
    g = position([player(["stonefist_brawler"], ["reef_guard"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["brimstone_hound"]}, dice=[3, 2, 2])
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'brimstone_hound')}:{inst(0, 'stonefist_brawler')}")
    duel = of(events, "duel_roll")[0]
    assert (duel.data["hero_total"], duel.data["monster_total"]) == (2 + 4 + 2, 2 + 3)


# -- a round outside combat rounds (FA-236) ---------------------------------------------------------------

def test_fa_236_fat_086_the_trap_stage_surprise_and_combat_round_1_are_one_round_for_byron():
    """FAT-086 (FA-136, FA-116, FA-236): Byron casts Flying in trap round 1 and is not flipped; his
    Stoneskin in trap round 2 flips him, and he stays flipped through the surprise stage and combat
    round 1; his first spell in combat round 2, Tidal Ward, again does not flip him."""
    g = position([player(["ash_tracker", "reef_guard"], ["byron"], hand=["flying", "stoneskin", "tidal_ward"]),
                  player(["granite_guard"])],
                 start="encounter", monster=1, target=0,
                 stacks={"0": ["spiked_pit_trap", "haunting_glyph_trap", "skulker"]},
                 # Disarm, Stoneskin's roll off its element, disarm, surprise, a tie in round 1 (Ash
                 # Tracker 4 + 3 to Skulker 3 + 4), Tidal Ward's roll.
                 dice=[1, 1, 1, 1, 4, 3, 1])
    me = g.state.players[0]
    byron = inst(0, "byron")
    to(g, "entering")
    do(g, f"hero:{inst(0, 'ash_tracker')}")
    events = do(g, f"cast:{inst(0, 'flying')}:{byron}:{inst(0, 'ash_tracker')}")
    assert of(events, "not_flipped") and byron not in me.flipped
    to(g, "entering")
    do(g, f"hero:{inst(0, 'ash_tracker')}")
    events = do(g, f"cast:{inst(0, 'stoneskin')}:{byron}:{inst(0, 'reef_guard')}")
    assert not of(events, "not_flipped") and byron in me.flipped
    to(g, "assign")
    do(g, f"assign:{inst(1, 'skulker')}:{inst(0, 'ash_tracker')}")
    assert g.state.encounter.round == 1 and byron in me.flipped
    assert not [o for o in pending(g, "response").option_ids if o.startswith("cast:")]
    to(g, "action")
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    while g.state.encounter.round < 2:  # to round 2's first window, W6
        do(g, "pass")
    assert pending(g, "response").seat == 0 and byron not in me.flipped
    events = do(g, f"cast:{inst(0, 'tidal_ward')}:{byron}:party")
    assert of(events, "not_flipped") and byron not in me.flipped, texts(events)


# -- "current melee" effects (FA-239) --------------------------------------------------------------------

def test_fa_239_a_current_melee_effect_targets_an_unrolled_melee_only_and_then_lapses():
    """FA-239 (A-47): Cinder Warden's anytime "-1 Melee for its current melee" may target only the
    meleeing monster of a melee not yet rolled (not the Horde's other monster), in the windows
    before it; never in the Action phase. It changes that melee only."""
    g = combat(["flame_lancer", "cinder_warden", "reef_guard"], [],
               [{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"},
                {"card": "mud_grub", "hero": "reef_guard"}], dice=[2, 3, 6, 1] + TIE + [6, 1])
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'flame_lancer')}")
    to(g, "response")
    warden = f"use:{inst(0, 'cinder_warden')}:0:"
    targets = {o[len(warden):] for o in pending(g).option_ids if o.startswith(warden)}
    assert targets == {inst(1, "skulker"), inst(1, "mud_grub")}
    events = do(g, f"{warden}{inst(1, 'skulker')}")
    events += to(g, "action")
    found = melees(events)
    assert found["flame_lancer"][:2] == (2 + 4, 3 + 4 - 1) and found["reef_guard"][1] == 1 + 1
    assert not [o for o in pending(g).option_ids if o.startswith(warden)]
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    events = to_action(g)  # round 2: the change has lapsed
    assert melees(events)["flame_lancer"][1] == 3 + 4
