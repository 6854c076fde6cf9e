"""Fantasy Adventures rule tests from the glossary: fear (FA-188 to FA-193), flying and the ranks
(FA-194 to FA-198, FA-242), immunity and the elements of effects (FA-203 to FA-206, FA-240);
worked cases FAT-061, FAT-062, FAT-064 to FAT-068, FAT-079 and FAT-088. Played through the
decision protocol from written positions with scripted dice.
"""

from __future__ import annotations

from game.core.game import Game

from tests.fantasy_adventures.helpers import do, inst, pending, player, position, texts
from tests.fantasy_adventures.round_play import act, of, to, to_action

TIE = [3, 3]


def assign_targets(g: Game) -> set[str]:
    """The heroes (definition ids) the pending assign question offers the first waiting monster
    (the question offers every waiting monster's assignments, FA-107)."""
    d = pending(g, "assign")
    first = d.option_ids[0].split(":")[1]
    return {o.rpartition(":")[2].partition("/")[2] for o in d.option_ids if o.split(":")[1] == first}


def combat(front: list[str], back: list[str], monsters: list[dict], dice: list[int] | None = None,
           **fields: object) -> Game:
    return position([player(front, back, **fields), player(["granite_guard"])],
                    start="combat", monster=1, target=0, monsters=monsters, dice=dice or [])


# -- flying and the ranks (FA-194 to FA-198, FA-242) --------------------------------------------------

def test_fa_194_a_flying_monster_may_attack_the_back_rank_a_walking_one_may_not():
    """FA-194, FA-100: with no flying hero in the party, Dragonette (flying) may be assigned to any
    hero; Skulker only to the front rank."""
    g = combat(["flame_lancer"], ["reef_guard", "byron"], [{"card": "skulker", "hero": ""},
                                                          {"card": "dragonette", "hero": ""}])
    assert assign_targets(g) == {"flame_lancer"}
    do(g, pending(g).option_ids[0])
    assert assign_targets(g) == {"flame_lancer", "reef_guard", "byron"}


def test_fa_195_fa_196_fat_065_a_flying_hero_protects_the_back_rank_until_it_is_gone():
    """FAT-065 (FA-195, FA-196): with Aeris Skyhelm (flying) in the front rank, a Dragonette may not be
    assigned to the non-flying back rank. Once she is defeated, the Dragonette that attacked her may."""
    g = combat(["aeris_skyhelm", "flame_lancer"], ["reef_guard", "byron"],
               [{"card": "skulker", "hero": "aeris_skyhelm"}, {"card": "dragonette", "hero": "aeris_skyhelm"},
                {"card": "dragonette", "hero": ""}],
               dice=[1, 6, 3, 3])  # Aeris loses to Skulker; Flame Lancer ties the second Dragonette
    assert assign_targets(g) == {"aeris_skyhelm", "flame_lancer"}
    do(g, f"assign:{inst(1, 'dragonette', 2)}:{inst(0, 'flame_lancer')}")
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'aeris_skyhelm')}")
    to(g, "action")
    assert inst(0, "aeris_skyhelm") in g.state.players[0].hero_discard
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    to(g, "assign")  # round 2: Skulker and the first Dragonette lost their hero
    assert assign_targets(g) == {"flame_lancer"}
    do(g, f"assign:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}")
    assert pending(g).option_ids[0].startswith(f"assign:{inst(1, 'dragonette')}:")
    assert assign_targets(g) == {"reef_guard", "byron"}  # free heroes first in later rounds (FA-107)


def test_fat_065_a_flying_coat_protects_the_back_rank_and_a_feared_flyer_does_not():
    """FAT-065, FA-195, FA-189: a hero flying by the Featherweave Coat also keeps Dragonette off the
    non-flying back rank; a feared flying hero protects nobody (it is not in play)."""
    g = combat(["flame_lancer"], ["reef_guard", "byron"], [{"card": "dragonette", "hero": ""}],
               items={"flame_lancer": ["featherweave_coat"]})
    assert assign_targets(g) == {"flame_lancer"}
    g = combat(["flame_lancer"], ["reef_guard", "aeris_skyhelm"], [{"card": "dragonette", "hero": ""}],
               feared=["aeris_skyhelm"])
    assert assign_targets(g) == {"flame_lancer", "reef_guard"}


def test_fa_195_fat_079_the_flying_spell_keeps_a_flyer_from_duelling_or_attacking_the_back_rank():
    """FAT-079 (FA-082, FA-194, FA-195): P2 has no flying hero and casts Flying on a front-rank hero
    at W1 (Byron, Air on Air: no roll). Dragonette achieves surprise but may not duel the non-flying
    back rank; at Assignment it may attack only the front rank."""
    g = position([player(["flame_lancer", "reef_guard"], ["byron", "mist_runner"], hand=["flying"]),
                  player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["dragonette"]}, dice=[2])
    d = pending(g, "response")
    cast = f"cast:{inst(0, 'flying')}:{inst(0, 'byron')}:{inst(0, 'flame_lancer')}"
    assert d.seat == 0 and cast in d.option_ids
    do(g, cast)
    to(g, "duel")
    duels = {o.rpartition(":")[2].partition("/")[2] for o in pending(g).option_ids if o != "pass"}
    assert duels == {"flame_lancer", "reef_guard"}
    do(g, "pass")
    to(g, "assign")
    assert assign_targets(g) == {"flame_lancer", "reef_guard"}


def test_fat_079_a_party_whose_back_rank_all_flies_is_not_protected():
    """FAT-079, variant (FA-195): flying heroes in the back rank are still open to flying monsters;
    the Flying rules protect only non-flying back-rank heroes."""
    g = combat(["flame_lancer"], ["aeris_skyhelm", "ilsa_hawkeye"], [{"card": "dragonette", "hero": ""}])
    assert assign_targets(g) == {"flame_lancer", "aeris_skyhelm", "ilsa_hawkeye"}


def test_fa_197_fa_030_a_single_rank_counts_as_the_front_rank():
    """FA-197 (FA-030): a party whose only heroes stand in the back rank: a walking monster may attack
    each of them, and the flying hero among them protects none from a flyer."""
    g = combat([], ["reef_guard", "aeris_skyhelm"], [{"card": "skulker", "hero": ""},
                                                    {"card": "dragonette", "hero": ""}])
    assert assign_targets(g) == {"reef_guard", "aeris_skyhelm"}
    do(g, f"assign:{inst(1, 'skulker')}:{inst(0, 'aeris_skyhelm')}")
    assert assign_targets(g) == {"reef_guard", "aeris_skyhelm"}


def test_fa_198_fat_064_when_the_front_rank_falls_the_back_rank_is_the_only_rank():
    """FAT-064 (FA-030, FA-197, FA-198): the only front-rank hero is discarded in round 1; at round
    2's Assignment Skulker may attack the back rank, and Dragonette (flying) may attack the
    non-flying Reef Guard there though Aeris Skyhelm flies."""
    g = combat(["flame_lancer"], ["reef_guard", "aeris_skyhelm"],
               [{"card": "skulker", "hero": "flame_lancer"}, {"card": "dragonette", "hero": "flame_lancer"}],
               dice=[1, 6])
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    to(g, "action")
    assert inst(0, "flame_lancer") in g.state.players[0].hero_discard
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    to(g, "assign")
    assert assign_targets(g) == {"reef_guard", "aeris_skyhelm"}
    do(g, f"assign:{inst(1, 'skulker')}:{inst(0, 'aeris_skyhelm')}")
    assert assign_targets(g) == {"reef_guard"}  # a free hero first in later rounds (FA-107)


def test_fa_198_fa_242_fat_066_feared_front_rank_opens_the_back_rank_and_the_fear_ends_if_attacked():
    """FAT-066 (FA-189, FA-190, FA-198, FA-242): with every front-rank hero feared, Skulker may be
    assigned to the back rank, not to the feared hero. A party whose only hero is feared is
    attacked anyway, and that ends its fear."""
    g = combat(["flame_lancer"], ["reef_guard"], [{"card": "skulker", "hero": ""}], feared=["flame_lancer"])
    assert assign_targets(g) == {"reef_guard"}
    g = combat(["flame_lancer"], [], [{"card": "skulker", "hero": ""}], feared=["flame_lancer"])
    assert assign_targets(g) == {"flame_lancer"}
    do(g, f"assign:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}")
    assert g.state.players[0].feared == []


def test_fa_242_the_back_rank_stands_in_for_the_entering_hero_and_the_duel_target():
    """FA-242 (A-50): with the front-rank hero feared, the entering hero is picked from the back rank,
    and a walking monster's surprise duel targets the back rank too; the feared hero is eligible
    for neither while a hero is in play."""
    g = position([player(["flame_lancer"], ["reef_guard", "byron"], feared=["flame_lancer"]),
                  player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["spiked_pit_trap", "skulker"]},
                 dice=[1, 4])  # the trap is disarmed; surprise 4
    to(g, "entering")
    options = {o.partition(":")[2] for o in pending(g).option_ids}
    assert options == {inst(0, "reef_guard"), inst(0, "byron")}
    do(g, f"hero:{inst(0, 'reef_guard')}")
    to(g, "duel")
    duels = {o.rpartition(":")[2] for o in pending(g).option_ids if o != "pass"}
    assert duels == {inst(0, "reef_guard"), inst(0, "byron")}


# -- fear (FA-188 to FA-193) --------------------------------------------------------------------------------

def test_fa_188_fa_189_fat_067_a_feared_hero_does_nothing():
    """FAT-067 (FA-188, FA-189): feared Kaelen Emberward leads nobody (Flame Lancer gets no +1),
    feared Windwall Sentinel gives no support, feared Pyra Vell casts nothing and her wand is not
    offered, feared Briar Ranger makes no Ranged attack; each card is face down (the view marks it)."""
    g = combat(["windwall_sentinel", "flame_lancer", "kaelen_emberward", "reef_guard"], ["briar_ranger", "pyra_vell"],
               [{"card": "skulker", "hero": "flame_lancer"}], dice=TIE,
               feared=["kaelen_emberward", "windwall_sentinel", "pyra_vell", "briar_ranger"],
               hand=["searing_bolt", "blinding_ash"], items={"pyra_vell": ["wand_of_unmaking"]})
    asked = []
    events = []
    while (d := g.pending()) is not None and d.kind != "action":
        asked += [(d.kind, o) for o in d.option_ids]
        events += g.choose(d.seat, "pass" if "pass" in d.option_ids else "end" if "end" in d.option_ids
                           else d.option_ids[0])
    asked += [(pending(g).kind, o) for o in pending(g).option_ids]
    assert not [k for k, _ in asked if k in ("support", "ranged_target")]
    assert not [o for _, o in asked if "pyra_vell" in o or "wand" in o]
    assert of(events, "melee")[0].data["hero_total"] == 3 + 4
    view = g.system.view(g.state, 1)
    assert set(view["players"][0]["feared"]) == {inst(0, h) for h in ("kaelen_emberward", "windwall_sentinel",
                                                                      "pyra_vell", "briar_ranger")}


def test_fa_191_fear_ends_with_the_encounter_and_after_a_retreat():
    """FA-191 (A-13): fear lasts to the end of the combat stage: the feared hero is face up again in
    recovery. If the Encounter ends by a retreat instead, the fear ends with it."""
    g = combat(["flame_lancer"], ["reef_guard"], [{"card": "skulker", "hero": "flame_lancer"}],
               dice=[6, 1], feared=["reef_guard"])
    events = to(g, "rearrange")
    assert of(events, "fear_ends") and g.state.players[0].feared == []

    g = combat(["flame_lancer", "mist_runner"], ["reef_guard"], [{"card": "skulker", "hero": "flame_lancer"}],
               dice=[1, 6], feared=["reef_guard"])
    to(g, "retreat")
    events = do(g, "retreat", f"hero:{inst(0, 'mist_runner')}")  # no items: a hero is discarded (FA-078)
    events += to(g, "rearrange")
    assert of(events, "encounter_ends")[0].rule == "FA-076"
    assert g.state.players[0].feared == []


def test_fa_190_a_feared_hero_is_targeted_only_as_a_last_resort_and_being_targeted_ends_its_fear():
    """FA-190 (A-13): Vesk Howlmane, P2's only hero, is struck with fear by Shrieking Harpy in the
    Action phase; Vortex Horror's "defeat one hero" may then target him, the last resort, and being
    targeted ends his fear though the roll fails."""
    g = combat(["vesk_howlmane"], [], [{"card": "shrieking_harpy", "hero": "vesk_howlmane"},
                                       {"card": "vortex_horror", "hero": "vesk_howlmane"}],
               dice=[1, 2, 6, 1, 2])  # a tie (5 to 5); Vesk's fear fails (6); the Harpy's works (1); the Horror 2
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'shrieking_harpy')}")
    to_action(g)
    act(g, f"use:{inst(0, 'vesk_howlmane')}:0:{inst(1, 'vortex_horror')}")
    to(g, "action")
    act(g, f"use:{inst(1, 'shrieking_harpy')}:0:{inst(0, 'vesk_howlmane')}")
    me = g.state.players[0]
    assert me.feared == [inst(0, "vesk_howlmane")]
    to(g, "action")
    do(g, "pass")  # the feared hero's player has nothing to do
    to(g, "action")
    events = act(g, f"use:{inst(1, 'vortex_horror')}:0:{inst(0, 'vesk_howlmane')}")
    assert of(events, "dependent_roll")[0].data["happened"] is False
    assert me.feared == [], texts(events)


def test_fa_190_a_monster_staying_on_its_feared_hero_attacks_it_and_ends_the_fear():
    """FA-190, FA-106: Shoal Banshee strikes its own hero, Granite Guard, P2's only hero, with fear.
    At the next Assignment the Banshee may stay on him only as the last resort, and that attack ends
    his fear before the melee, so his "Save on 1-2" works again."""
    g = combat(["granite_guard"], [], [{"card": "shoal_banshee", "hero": "granite_guard"}],
               dice=[4, 3, 1, 1, 6, 2])  # a tie (7 to 7); the Banshee's fear works (1); round 2: he loses, saves on 2
    to_action(g)
    do(g, "pass")
    to(g, "action")
    act(g, f"use:{inst(1, 'shoal_banshee')}:1:{inst(0, 'granite_guard')}")
    assert g.state.players[0].feared == [inst(0, "granite_guard")]
    to(g, "assign")
    assert assign_targets(g) == {"granite_guard"}
    do(g, pending(g).option_ids[0])
    assert g.state.players[0].feared == []
    events = to(g, "action")
    assert [(e.data["die"], e.data["saved"]) for e in of(events, "save")] == [(2, True)], texts(events)


def test_fa_192_fat_068_a_feared_monster_runs_away_without_save_or_heal():
    """FAT-068 (FA-192, FA-103): Magda Deepdelver's anytime fear (on a 1) strikes Undead Deckhand, the
    meleeing monster of a Horde, before the melee: it is discarded at once, with no save (it has
    one) and no heal window; another monster of the Horde melees instead."""
    g = position([player(["magda_deepdelver", "reef_guard"]), player(["granite_guard"]), player(["byron"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "undead_deckhand", "hero": "reef_guard"}, {"card": "skulker", "hero": "reef_guard"}],
                 dice=[1, 3, 3])
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'undead_deckhand')}")
    to(g, "response")
    events = do(g, f"use:{inst(0, 'magda_deepdelver')}:0:{inst(1, 'undead_deckhand')}")
    assert of(events, "flees") and not of(events, "save") and not of(events, "defeated")
    assert inst(1, "undead_deckhand") in g.state.players[1].encounter_discard
    assert pending(g).kind != "heal_window"
    events = to_action(g)
    assert of(events, "melee")[0].data["monster"] == inst(1, "skulker")


def test_fa_193_a_card_immune_to_fear_ignores_it():
    """FA-193: Shoal Banshee's fear succeeds on a hero owning the Stoic Mask (immune to fear): nothing
    happens; the same roll on another hero fears it."""
    g = combat(["flame_lancer", "reef_guard"], [], [{"card": "shoal_banshee", "hero": "flame_lancer"}],
               dice=TIE + [1], items={"flame_lancer": ["stoic_mask"]})
    to_action(g)
    do(g, "pass")
    to(g, "action")
    events = act(g, f"use:{inst(1, 'shoal_banshee')}:1:{inst(0, 'flame_lancer')}")
    assert of(events, "immune")[0].rule == "FA-193" and g.state.players[0].feared == []


# -- immunity and the elements of effects (FA-203 to FA-206, FA-240) ------------------------------------

FIEND = {"card": "rimefang_fiend", "hero": "reef_guard"}
"""Rimefang Fiend: Water, Melee 5, a devil, immune to Fire (the checklist's M13)."""


def test_fa_204_fat_061a_a_fire_spell_that_works_cannot_defeat_a_fire_immune_monster():
    """FAT-061 (a), FA-203, FA-204: Pyra Vell casts Searing Bolt (Fire, "defeat on 1-4") at Rimefang
    Fiend: the roll succeeds, but the Fiend is not defeated and no save is rolled."""
    g = combat(["reef_guard"], ["pyra_vell"], [FIEND], dice=[4, 4, 1], hand=["searing_bolt"])
    to_action(g)
    events = act(g, f"cast:{inst(0, 'searing_bolt')}:{inst(0, 'pyra_vell')}:{inst(1, 'rimefang_fiend')}")
    assert of(events, "dependent_roll")[0].data["happened"]
    assert of(events, "immune")[0].rule == "FA-204" and not of(events, "defeated")
    assert [m.card for m in g.state.encounter.monsters] == [inst(1, "rimefang_fiend")]


def test_fa_206_fat_061b_a_fire_hero_wins_but_cannot_defeat_a_fire_immune_monster():
    """FAT-061 (b), FA-206: Flame Lancer (Fire) wins its melee against Rimefang Fiend: the win has no
    effect, and no save is rolled."""
    g = combat(["flame_lancer"], [], [{"card": "rimefang_fiend", "hero": "flame_lancer"}], dice=[6, 1])
    events = to_action(g)
    assert of(events, "melee")[0].data["hero_total"] > of(events, "melee")[0].data["monster_total"]
    assert of(events, "immune")[0].rule == "FA-206" and not of(events, "defeated")


def test_fa_205_fat_061c_fat_080_a_water_hero_under_a_fire_spell_defeats_it():
    """FAT-061 (c), FAT-080 (FA-205, FA-132, FA-138): Pyra Vell casts Battle Fury (Fire, +2 Melee until
    the end of the Encounter) on Mist Runner (Water, Melee 3) in round 1's Action phase; in round 2
    Mist Runner's total is die + 3 + 2, he wins, and the Fiend is defeated."""
    g = combat(["mist_runner"], ["pyra_vell"], [{"card": "rimefang_fiend", "hero": "mist_runner"}],
               dice=[6, 4, 6, 4, 6], hand=["battle_fury"])  # round 1: 9 to 9 a tie; round 2: 11 to 9
    events = to_action(g)
    assert of(events, "melee_tie")
    act(g, f"cast:{inst(0, 'battle_fury')}:{inst(0, 'pyra_vell')}:{inst(0, 'mist_runner')}")
    to(g, "action")
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    events = to_action(g)
    melee = of(events, "melee")[0]
    assert melee.data["hero_total"] == 6 + 3 + 2, melee.text
    assert of(events, "defeated")[0].data["card"] == inst(1, "rimefang_fiend")


def test_fa_206_fat_062_the_winner_must_defeat_a_monster_it_can():
    """FAT-062 (FA-206): Flame Lancer (Fire) beats a Horde led by Rimefang Fiend (immune to Fire) with
    Skulker: the hero player is not asked which to defeat: only Skulker can be, and is."""
    g = combat(["flame_lancer"], [], [{"card": "rimefang_fiend", "hero": "flame_lancer"},
                                      {"card": "skulker", "hero": "flame_lancer"}], dice=[6, 1])
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'rimefang_fiend')}")
    events = to_action(g)
    assert of(events, "defeated")[0].data["card"] == inst(1, "skulker")
    assert [m.card for m in g.state.encounter.monsters] == [inst(1, "rimefang_fiend")]


def test_fa_203_fa_240_a_hero_immune_to_an_element_is_not_defeated_by_its_monster_but_by_a_trap():
    """FA-203, FA-240: Reef Guard (immune to Fire) loses its melee to Brimstone Hound (Fire): it is
    not defeated. A trap's effect has no element, so the Spiked Pit Trap defeats him."""
    g = combat(["reef_guard"], [], [{"card": "brimstone_hound", "hero": "reef_guard"}], dice=[1, 6])
    events = to_action(g)
    assert of(events, "immune") and not of(events, "defeated")
    g = position([player(["reef_guard", "flame_lancer"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["spiked_pit_trap", "skulker"]}, dice=[6])
    to(g, "entering")
    events = do(g, f"hero:{inst(0, 'reef_guard')}") + to(g, "retreat")
    assert of(events, "defeated")[0].data["card"] == inst(0, "reef_guard")


def test_fa_240_fat_088_item_effects_have_no_element_ranged_immunity_and_fear_is_no_defeat():
    """FAT-088 (FA-204, FA-240, FA-192): against Rimefang Fiend (immune to Fire): Flame Lancer's
    Ranged hit with the Hunting Bow cannot defeat it, so no Ranged save is rolled; Flame Lancer's
    Scroll of Banishing (an item: no element) defeats it; Vesk Howlmane's (Fire) fear makes it run."""
    g = combat(["reef_guard"], ["flame_lancer"], [FIEND], dice=[1, 4, 4, 1],
               items={"flame_lancer": ["hunting_bow", "scroll_of_banishing"]})
    to(g, "ranged_target")
    do(g, f"target:{inst(1, 'rimefang_fiend')}")
    events = to_action(g)
    assert of(events, "ranged_roll")[0].data["hit"] and not of(events, "ranged_save")
    assert of(events, "immune")[0].rule == "FA-240"
    events = act(g, f"use:{inst(0, 'scroll_of_banishing')}:0:{inst(1, 'rimefang_fiend')}")
    assert of(events, "defeated")[0].data["card"] == inst(1, "rimefang_fiend"), texts(events)

    g = combat(["reef_guard"], ["vesk_howlmane"], [FIEND], dice=[4, 4, 2])
    to_action(g)
    events = act(g, f"use:{inst(0, 'vesk_howlmane')}:0:{inst(1, 'rimefang_fiend')}")
    assert of(events, "flees") and g.state.encounter.monsters == []
