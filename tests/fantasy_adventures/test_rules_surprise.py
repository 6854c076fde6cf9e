"""Fantasy Adventures rule tests: stage IV, Surprise (FA-080 to FA-084) and the duel (FA-085 to
FA-090, FA-234), with the worked cases FAT-017 to FAT-023, FAT-079 and FAT-081.

P1 (seat 0) is the monster player and P2 (seat 1) the hero player. The Encounters start from
written positions at window W1; the dice are scripted: the surprise roll first, then the duel's
hero die and monster die, then any save.
"""

from __future__ import annotations

from game.core.game import Game
from tests.fantasy_adventures.helpers import (
    do,
    inst,
    kinds,
    pending,
    player,
    position,
    until,
)


def encounter(front: list[str], stack: list[str], dice: list[int], back: list[str] | None = None,
              others: list[dict] | None = None, **fields) -> Game:
    """P1's stack on P2's party, from the start of the Encounter; ``others`` are more players."""
    parties = [player(["byron"]), player(front, back, **fields)] + (others or [])
    return position(parties, start="encounter", monster=0, target=1, stacks={"1": stack}, dice=dice)


def duel(game: Game, monster: str, hero: str) -> list:
    """Pass the windows up to the duel question and start the duel of P1's ``monster`` against
    P2's ``hero``."""
    return until(game, "duel") + do(game, f"duel:{inst(0, monster)}:{inst(1, hero)}")


def duel_roll(events: list) -> tuple[int, int]:
    roll = next(e for e in events if e.kind == "duel_roll")
    return roll.data["hero_total"], roll.data["monster_total"]


def pass_windows_and_heals(game: Game) -> list:
    events: list = []
    while (d := game.pending()) is not None and d.window:
        events += game.choose(d.seat, "pass")
    return events


# -- the surprise roll (FA-080, FA-081, FAT-017) ------------------------------------------------------

def test_fat_017_fa_080_fa_081_monsters_at_or_below_the_roll_surprise():
    """FAT-017, FA-080, FA-081: monsters of Melee 2, 3 and 4 and a surprise roll of 3: the
    Dragonette (2) and the Merloit (3) achieve surprise, the Skulker (4) does not. Only the
    monster player learns which."""
    game = encounter(["reef_guard", "flame_lancer"], ["dragonette", "merloit", "skulker"], dice=[3])
    events = until(game, "duel")
    roll = next(e for e in events if e.kind == "surprise_roll")
    assert roll.data["die"] == 3
    surprised = next(e for e in events if e.kind == "surprised")
    assert surprised.data["cards"] == [inst(0, "dragonette"), inst(0, "merloit")] and surprised.seats == (0,)
    d = pending(game, "duel")
    assert d.seat == 0 and "pass" in d.option_ids
    assert {o.split(":")[1] for o in d.option_ids if o != "pass"} == {"0/dragonette", "0/merloit"}


def test_fat_017_fa_082_the_monster_player_may_decline_the_duel():
    """FAT-017, FA-082: surprise achieved, the monster player is never made to duel: he passes and
    the combat stage follows with no duel, every card of the stack revealed only then."""
    game = encounter(["reef_guard"], ["merloit", "skulker"], dice=[6])
    events = until(game, "duel") + do(game, "pass") + until(game, "assign")
    assert "duel_roll" not in kinds(events) and "no_duel" in kinds(events)
    assert kinds(events).index("no_duel") < kinds(events).index("stack_revealed")


def test_fat_017_fa_083_only_the_duelling_monster_is_revealed():
    """FAT-017, FA-083: the Merloit duels a front-rank hero: it alone is turned up; the Dragonette
    and the Skulker stay face down in the stack until the combat stage."""
    game = encounter(["reef_guard", "flame_lancer"], ["dragonette", "merloit", "skulker"], dice=[3, 3, 1])
    events = duel(game, "merloit", "reef_guard")
    shown = next(e for e in events if e.kind == "duel")
    assert shown.seats is None and shown.data["card"] == inst(0, "merloit")
    assert game.state.encounter.stack == [inst(0, "dragonette"), inst(0, "skulker")]
    assert [m.card for m in game.state.encounter.monsters] == [inst(0, "merloit")]


def test_fa_081_the_basic_melee_against_the_roll_changed_only_by_surprise_bonuses():
    """FA-081, A-15: the roll is compared with each monster's basic Melee: the Lesser Demon's
    leadership (+1 to other demons) does not lift the Brimstone Hound (3) above a roll of 3, and
    the Cloud Stalker's "+1 to surprise rolls" lifts the roll itself: a 3 counts as 4."""
    game = encounter(["reef_guard"], ["lesser_demon", "brimstone_hound"], dice=[3])
    events = until(game, "duel")
    assert next(e for e in events if e.kind == "surprised").data["cards"] == [inst(0, "brimstone_hound")]
    game = encounter(["reef_guard"], ["cloud_stalker", "skulker", "lesser_devil"], dice=[3])
    events = until(game, "duel")
    roll = next(e for e in events if e.kind == "surprise_roll")
    assert (roll.data["die"], roll.data["bonus"]) == (3, 1)
    assert next(e for e in events if e.kind == "surprised").data["cards"] == [inst(0, "cloud_stalker"),
                                                                               inst(0, "skulker")]


def test_fa_081_a_monster_summoned_in_the_trap_stage_may_surprise_and_duel():
    """FA-081, FA-224: a monster the Summoning Circle brought in during the trap stage is in play
    at once, a monster of the Encounter: it achieves surprise like the stack's and may duel."""
    parties = [player(["byron"], encounter_deck=["mud_grub"]), player(["reef_guard"])]
    game = position(parties, start="encounter", monster=0, target=1,
                    stacks={"1": ["summoning_circle_trap", "skulker"]}, dice=[6, 1, 6, 1])
    until(game, "entering")
    do(game, f"hero:{inst(1, 'reef_guard')}")
    events = until(game, "duel")
    assert next(e for e in events if e.kind == "surprised").data["cards"] == [inst(0, "mud_grub")]
    events = do(game, f"duel:{inst(0, 'mud_grub')}:{inst(1, 'reef_guard')}")
    assert duel_roll(events) == (6 + 4, 1 + 1)
    assert game.state.encounter.stack == [inst(0, "skulker")]
    events = pass_windows_and_heals(game)  # the Mud Grub's defeat: nobody heals it
    assert inst(0, "mud_grub") in game.state.players[0].encounter_discard
    assert [m.card for m in game.state.encounter.monsters] == [inst(0, "skulker")]


# -- duel targets (FA-082, FAT-079, FAT-018) ----------------------------------------------------------------

def test_fa_082_a_walking_monster_duels_the_front_rank_a_flyer_the_back_rank_too():
    """FA-082, A-16: the Merloit may duel any hero of the front rank only; the Dragonette (flying)
    also the back rank's."""
    game = encounter(["reef_guard", "flame_lancer"], ["merloit", "dragonette"], dice=[6], back=["mist_runner"])
    until(game, "duel")
    options = pending(game, "duel").option_ids
    front, back = [inst(1, "reef_guard"), inst(1, "flame_lancer")], [inst(1, "mist_runner")]
    assert [o.rpartition(":")[2] for o in options if o.startswith(f"duel:{inst(0, 'merloit')}")] == front
    assert [o.rpartition(":")[2] for o in options if o.startswith(f"duel:{inst(0, 'dragonette')}")] == front + back


def test_fat_079_fa_082_the_flying_spell_keeps_a_flyer_from_duelling_the_back_rank():
    """FAT-079, FA-082, FA-194, FA-195: Flying cast at W1 on a front-rank hero: the Dragonette,
    having surprise, may no longer duel the non-flying back-rank Mist Runner, but still the front
    rank and the back rank's flyer (Ilsa Hawkeye flies)."""
    game = encounter(["reef_guard", "byron"], ["dragonette"], dice=[6], back=["mist_runner", "ilsa_hawkeye"],
                     hand=["flying"])
    do(game, f"cast:{inst(1, 'flying')}:{inst(1, 'byron')}:{inst(1, 'reef_guard')}")
    until(game, "duel")
    targets = [o.rpartition(":")[2] for o in pending(game, "duel").option_ids if o != "pass"]
    assert targets == [inst(1, "reef_guard"), inst(1, "byron"), inst(1, "ilsa_hawkeye")]
    # Nor, at Assignment, may it be assigned to him.
    do(game, "pass")
    until(game, "assign")
    targets = [o.rpartition(":")[2] for o in pending(game, "assign").option_ids]
    assert targets == [inst(1, "reef_guard"), inst(1, "byron"), inst(1, "ilsa_hawkeye")]


def test_fat_079_fa_082_with_every_hero_flying_a_flyer_may_duel_anyone():
    """FAT-079 variant: FA-195 protects only non-flying heroes: if every hero flies, a flying
    monster may duel any back-rank hero."""
    game = encounter(["aeris_skyhelm"], ["dragonette"], dice=[6], back=["ilsa_hawkeye"])
    until(game, "duel")
    targets = [o.rpartition(":")[2] for o in pending(game, "duel").option_ids if o != "pass"]
    assert targets == [inst(1, "aeris_skyhelm"), inst(1, "ilsa_hawkeye")]


def test_fat_018_fa_085_no_spell_between_the_duels_announcement_and_its_end():
    """FAT-018, FA-085 (rulebook example): once the flying Dragonette is announced against the
    back-rank Mist Runner, the hero player holding Flying is asked nothing until the duel is
    resolved: the announcement and the dice come in one go, with no window between."""
    game = encounter(["reef_guard", "byron"], ["dragonette"], dice=[6, 6, 1], back=["mist_runner"], hand=["flying"])
    until(game, "duel")
    events = do(game, f"duel:{inst(0, 'dragonette')}:{inst(1, 'mist_runner')}")
    assert kinds(events)[:3] == ["duel", "duel_roll", "defeated"]
    assert inst(1, "flying") in game.state.players[1].hand
    # Before the announcement (W4, before the surprise roll) the spell could still be cast.
    game = encounter(["reef_guard", "byron"], ["dragonette"], dice=[6, 6, 1], back=["mist_runner"], hand=["flying"])
    until(game, "response")
    d = pending(game)
    while not any(o.startswith("cast:") for o in d.option_ids) or game.state.encounter.stage != "surprise":
        game.choose(d.seat, "pass")
        d = pending(game)
    do(game, f"cast:{inst(1, 'flying')}:{inst(1, 'byron')}:{inst(1, 'reef_guard')}")
    until(game, "duel")
    assert f"duel:{inst(0, 'dragonette')}:{inst(1, 'mist_runner')}" not in pending(game).option_ids


# -- the duel (FA-084 to FA-090, FAT-019 to FAT-023, FAT-081) ----------------------------------------------

def test_fat_020_fa_086_the_heros_own_weapon_counts_in_a_duel():
    """FAT-020, FA-086 (rulebook example): a Melee 3 hero with a +1 sword against the Skulker
    (4), dice 4 and 4: 8 against 8, a tie with no result; with a hero die of 5: 9 against 8,
    and the Skulker is defeated."""
    def fight(hero_die: int) -> list:
        game = encounter(["windwall_sentinel"], ["skulker"], dice=[6, hero_die, 4],
                         items={"windwall_sentinel": ["footmans_sword"]})
        return duel(game, "skulker", "windwall_sentinel") + pass_windows_and_heals(game)

    events = fight(4)
    assert duel_roll(events) == (8, 8) and "duel_tie" in kinds(events) and "defeated" not in kinds(events)
    events = fight(5)
    assert duel_roll(events) == (9, 8)
    assert [e.data["card"] for e in events if e.kind == "defeated"] == [inst(0, "skulker")]


def test_fat_021_fa_087_no_support_leadership_or_horde_in_a_duel():
    """FAT-021, FA-087, A-17: the Gale Spearman (4) stands beside the Windwall Sentinel (support 2)
    under Aeris Skyhelm's Air leadership (+1), and the Skulker would lead a Horde of five: the
    duel totals are die + basic Melee, nothing else, on both sides."""
    game = encounter(["gale_spearman", "windwall_sentinel", "aeris_skyhelm"],
                     ["skulker", "merloit", "dragonette", "cinder_rat", "mud_grub"], dice=[6, 2, 2])
    events = duel(game, "skulker", "gale_spearman")
    assert duel_roll(events) == (2 + 4, 2 + 4)


def test_fat_022_fa_088_an_undead_monster_wins_a_tied_duel():
    """FAT-022, FA-088, FA-226: the Undead Firebrand (4) and the Gale Spearman (4) both total 7:
    the undead wins and the hero is defeated. The Skulker (4, not undead) at 7 against 7: no
    result."""
    game = encounter(["gale_spearman", "reef_guard"], ["undead_firebrand"], dice=[6, 3, 3])
    events = duel(game, "undead_firebrand", "gale_spearman") + pass_windows_and_heals(game)
    assert duel_roll(events) == (7, 7)
    assert [e.data["card"] for e in events if e.kind == "defeated"] == [inst(1, "gale_spearman")]
    assert inst(1, "gale_spearman") in game.state.players[1].hero_discard
    game = encounter(["gale_spearman", "reef_guard"], ["skulker"], dice=[6, 3, 3])
    events = duel(game, "skulker", "gale_spearman") + pass_windows_and_heals(game)
    assert duel_roll(events) == (7, 7) and "defeated" not in kinds(events)


def test_fat_019_fa_089_a_heal_spell_after_the_duel_saves_the_loser_with_its_items():
    """FAT-019, FA-089, FA-199 (rulebook example): the hero loses the duel and fails his save;
    the duel over, the heal window opens: the Heal spell is cast and he stays, with his items."""
    game = encounter(["reef_guard", "sister_oona"], ["skulker"], dice=[6, 1, 6, 5], hand=["heal"],
                     items={"reef_guard": ["chain_armor"]})
    events = duel(game, "skulker", "reef_guard")
    assert [e.data["saved"] for e in events if e.kind == "save"] == [False]
    d = pending(game, "heal_window")
    heal = f"cast:{inst(1, 'heal')}:{inst(1, 'sister_oona')}:{inst(1, 'reef_guard')}"
    assert heal in d.option_ids
    events = do(game, heal) + until(game, "assign")
    p2 = game.state.players[1]
    assert inst(1, "reef_guard") in p2.heroes() and p2.items[inst(1, "reef_guard")] == [inst(1, "chain_armor")]
    assert "discarded" not in kinds(events)


def test_fat_023_fa_085_a_non_involved_players_anytime_spell_waits_for_the_duels_end():
    """FAT-023, FA-085, FA-133: non-involved P3 holds an anytime spell (Mercy of the Deep) and
    a caster: nobody is asked anything between the duel's announcement and its end; once it is
    resolved, P3 may cast it (healing P2's fallen hero)."""
    p3 = player(["sister_oona"], hand=["mercy_of_the_deep"])
    game = encounter(["reef_guard", "flame_lancer"], ["skulker"], dice=[6, 1, 6], others=[p3])
    until(game, "duel")
    events = do(game, f"duel:{inst(0, 'skulker')}:{inst(1, 'reef_guard')}")
    assert kinds(events)[:2] == ["duel", "duel_roll"] and "defeated" in kinds(events)
    mercy = f"cast:{inst(2, 'mercy_of_the_deep')}:{inst(2, 'sister_oona')}:{inst(1, 'reef_guard')}"
    while (d := pending(game, "heal_window")).seat != 2:
        game.choose(d.seat, "pass")
    assert mercy in d.option_ids
    do(game, mercy)
    assert inst(1, "reef_guard") in game.state.players[1].heroes()


def test_fa_084_after_a_lost_duel_the_party_may_retreat():
    """FA-084: a hero defeated in the duel (and discarded) lets the hero player retreat at the end
    of the surprise stage; declining, the combat stage follows."""
    game = encounter(["reef_guard", "flame_lancer"], ["skulker", "merloit"], dice=[6, 1, 6])
    duel(game, "skulker", "reef_guard")
    until(game, "retreat")
    d = pending(game, "retreat")
    assert d.seat == 1 and d.option_ids == ("continue", "retreat")
    events = do(game, "continue") + until(game, "assign")
    assert "stack_revealed" in kinds(events) and "combat_round" in kinds(events)
    # Had he retreated, the Encounter would have ended, the unrevealed Merloit discarded.
    game = encounter(["reef_guard", "flame_lancer"], ["skulker", "merloit"], dice=[6, 1, 6])
    duel(game, "skulker", "reef_guard")
    until(game, "retreat")
    events = do(game, "retreat", f"hero:{inst(1, 'flame_lancer')}")
    assert "encounter_ends" in kinds(events) and inst(0, "merloit") in game.state.players[0].encounter_discard


def test_fa_084_a_duel_with_no_defeat_offers_no_retreat():
    """FA-084: a tied duel defeats nobody: no retreat; the combat stage follows."""
    game = encounter(["reef_guard"], ["skulker"], dice=[6, 3, 3])
    events = duel(game, "skulker", "reef_guard") + until(game, "assign")  # (until stops at a retreat question)
    assert "duel_tie" in kinds(events)


def test_fat_081_fa_234_a_traps_melee_penalty_does_not_reach_the_duel_but_the_melee():
    """FAT-081, FA-087, FA-234: the Miasma Trap (every hero -1 Melee this Encounter) has gone off;
    the Gale Spearman (4) duels the Skulker (4) with dice 3 and 3: 7 against 7, the trap ignored.
    In the melee that follows, the same dice make 6 against 7: the hero is defeated."""
    game = encounter(["gale_spearman"], ["miasma_trap", "skulker"], dice=[6, 6, 3, 3, 3, 3])
    until(game, "entering")
    do(game, f"hero:{inst(1, 'gale_spearman')}")
    events = duel(game, "skulker", "gale_spearman")
    assert duel_roll(events) == (7, 7)
    events = until(game, "assign") + do(game, f"assign:{inst(0, 'skulker')}:{inst(1, 'gale_spearman')}")
    events += until(game, "action")
    melee = next(e for e in events if e.kind == "melee")
    assert (melee.data["hero_total"], melee.data["monster_total"]) == (6, 7)
    assert [e.data["card"] for e in events if e.kind == "defeated"] == [inst(1, "gale_spearman")]


def test_fat_081_fa_234_the_opponents_own_penalty_applies_in_a_duel():
    """FAT-081, FA-086, FA-234: the Lesser Devil (5; "a hero meleeing this monster has -1 Melee")
    duels a Melee 5 hero, dice hero 4 and monster 3: 8 against 8 (its own penalty counts): no
    result."""
    game = encounter(["marisol_tidecaller"], ["lesser_devil"], dice=[6, 4, 3])
    events = duel(game, "lesser_devil", "marisol_tidecaller")
    assert duel_roll(events) == (8, 8) and "duel_tie" in kinds(events)


def test_fat_081_fa_234_saves_after_a_duel_take_every_save_bonus():
    """FAT-081, FA-234, A-42: an Earth hero owning armor ("Armor save on 1-2") loses a duel while
    Thorn Oakheart's "+1 to saves" for other Earth heroes is in play: a save die of 3, made 2,
    saves him."""
    game = encounter(["stonefist_brawler", "thorn_oakheart"], ["skulker"], dice=[6, 1, 6, 3],
                     items={"stonefist_brawler": ["chain_armor"]})
    events = duel(game, "skulker", "stonefist_brawler")
    save = next(e for e in events if e.kind == "save")
    assert save.data["die"] == 3 and save.data["saved"]
    assert inst(1, "stonefist_brawler") in game.state.players[1].heroes()


def test_fa_090_fa_231_vs_abilities_meet_the_duel_opponent():
    """FA-090, FA-231: in a duel each combatant's abilities against the other's kind reach its
    opponent: the Gale Spearman's "+1 Melee vs. flying monsters" against the Dragonette, the
    Brimstone Hound's "+1 Melee vs. Water heroes" against the Reef Guard."""
    game = encounter(["gale_spearman"], ["dragonette"], dice=[6, 2, 2])
    assert duel_roll(duel(game, "dragonette", "gale_spearman")) == (2 + 4 + 1, 2 + 2)
    game = encounter(["reef_guard"], ["brimstone_hound"], dice=[6, 2, 2])
    assert duel_roll(duel(game, "brimstone_hound", "reef_guard")) == (2 + 4, 2 + 3 + 1)
