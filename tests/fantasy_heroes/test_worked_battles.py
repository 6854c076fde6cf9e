"""Worked battles FHT-01 to FHT-22 of the Fantasy Heroes checklist (section 4.1-4.2).

Each test sets up the position of one worked case, plays the windows as the case says
and checks the totals and the result it gives. Seats are 1-based in the scenario and in
``play_as``; event data seats are 0-based.
"""

from __future__ import annotations

from game.rulesets.fantasy_heroes.effects import charge_sources, spell_level
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER
from tests.fantasy_heroes.helpers import (
    SYSTEM,
    attack,
    battle_game,
    battle_side,
    choose,
    decision,
    events_of,
    finish_battle,
    hand,
    last_result,
    pass_,
    play_as,
    refused,
    state,
    territories,
    totals,
    window_of,
)

# -- local helpers -----------------------------------------------------------------------


def rewards(g):
    return [(e.data["seat"], e.data["count"], e.rule)
            for e in events_of(g, "draw") if e.rule in ("FH-070", "FH-071")]


# -- 4.1 the example in the text -----------------------------------------------------------


def test_fht_01_minion_matching_barbarian_giant_not_vampire():
    """FHT-01: FH-034, FH-035 (a Barbarian may take a Giant, not a Vampire)."""
    g = battle_game(["barbarian", "giant", "vampire"], ["griffins"], "castle#1")
    attack(g, "castle#1", "barbarian")
    d = window_of(g, 1)
    assert "play:giant" in d.option_ids
    err = refused(g, "play:vampire", seat=1, rule="FH-035")
    assert "Vampire" in str(err)
    play_as(g, 1, "giant")
    assert battle_side(g, ATTACKER).minions == ["giant"]
    assert "vampire" in hand(g, 1)


# -- 4.2 battle computations ------------------------------------------------------------


def test_fht_02_barbarian_cannot_use_artifacts_attacking():
    """FHT-02: FH-084 (attacking Barbarian: Celestial Sword not offered, refused)."""
    g = battle_game(["barbarian", "celestial-sword", "giant"], ["griffins"], "castle#1")
    attack(g, "castle#1", "barbarian")
    window_of(g, 1)
    refused(g, "play:celestial-sword", seat=1, rule="FH-084")
    play_as(g, 1, "giant")
    pass_(g, 1)
    attack_total, _ = finish_battle(g)
    assert attack_total == 6 + 5  # the sword never reached the table


def test_fht_02_barbarian_cannot_use_artifacts_defending():
    """FHT-02 (And): FH-084, FH-040 (a defending Barbarian may not play an artifact either)."""
    g = battle_game(["warrior", "trolls"], ["barbarian", "titans-armor", "ogres"], "mountain#1")
    attack(g, "mountain#1", "warrior")
    play_as(g, 1, "trolls")
    pass_(g, 1)
    play_as(g, 2, "barbarian")
    window_of(g, 2)
    refused(g, "play:titans-armor", seat=2, rule="FH-084")
    play_as(g, 2, "ogres")
    assert finish_battle(g) == (8, 3 + 3)


def test_fht_03_undefended_by_a_hero_attacker_wins():
    """FHT-03: FH-064, FH-097, FH-099, FH-102, FH-070, FH-073."""
    g = battle_game(["barbarian", "giant", "orcs"], ["peasants", "pikemen", "griffins", "trolls"], "castle#1")
    attack(g, "castle#1", "barbarian")
    play_as(g, 1, "giant", "orcs")
    pass_(g, 1)
    play_as(g, 2, "peasants", "pikemen", "griffins")
    assert finish_battle(g) == (14, 10)
    assert "castle#1" in territories(g, 1) and "castle#1" not in territories(g, 2)
    assert rewards(g) == [(0, 2, "FH-070")]
    for card in ["barbarian", "giant", "orcs", "peasants", "pikemen", "griffins"]:
        assert card in state(g).discard


def test_fht_04_tie_goes_to_the_defender():
    """FHT-04: FH-069, FH-081, FH-071, FH-072."""
    g = battle_game(["warrior", "trolls"], ["knight", "peasants"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "trolls")
    pass_(g, 1)
    play_as(g, 2, "knight", "peasants")
    assert finish_battle(g) == (8, 8)
    assert "castle#1" in territories(g, 2) and "castle#1" not in territories(g, 1)
    assert rewards(g) == [(1, 3, "FH-071")]  # the attacker draws nothing
    assert [e.data["winner"] for e in events_of(g, "battle_won")] == [1]


def test_fht_05_knights_army_against_the_lich_at_swamp():
    """FHT-05: FH-081, FH-100, FH-095, FH-111, FH-099."""
    g = battle_game(["knight", "archers", "pikemen", "archangel"], ["lich", "wraiths", "zombies"], "swamp#1")
    attack(g, "swamp#1", "knight")
    play_as(g, 1, "archers", "pikemen", "archangel")
    pass_(g, 1)
    play_as(g, 2, "lich", "wraiths", "zombies")
    assert finish_battle(g) == (14, 11)
    assert "swamp#1" in territories(g, 1)
    assert rewards(g) == [(0, 2, "FH-070")]


def _fht_06_opening(bolt_first):
    g = battle_game(["wizard", "djinn", "myrmidons", "illusions", "disintegrate", "fireball", "lightning-bolt",
                     "invisibility", "gnomes"],
                    ["warrior", "titans-armor", "giant", "ogres"], "mountain#1")
    attack(g, "mountain#1", "wizard")
    play_as(g, 1, "djinn", "myrmidons", "illusions", "disintegrate")
    if bolt_first:
        play_as(g, 1, "lightning-bolt")
    pass_(g, 1)
    play_as(g, 2, "warrior", "titans-armor", "giant", "ogres")
    return g


def test_fht_06_spell_level_illusions_fireball_lightning_bolt():
    """FHT-06: FH-061, FH-104, FH-037, FH-126, FH-123, FH-122, FH-117."""
    g = _fht_06_opening(bolt_first=False)
    assert spell_level(SYSTEM.content, state(g).battle, ATTACKER) == 4
    play_as(g, 1, "fireball", "lightning-bolt")  # W3: the Bolt destroys Titans Armor
    assert battle_side(g, DEFENDER).artifact is None
    assert "titans-armor" in state(g).discard
    assert [e.data["card"] for e in events_of(g, "destroy")] == ["titans-armor"]
    # 4 spells cast at spell level 4: a 5th is refused.
    window_of(g, 1)
    refused(g, "play:invisibility", seat=1, rule="FH-037")
    assert totals(g) == (23, 11)
    pass_(g, 1)
    assert finish_battle(g) == (23, 11)
    assert "mountain#1" in territories(g, 1)


def test_fht_06_variant_lightning_bolt_before_the_armor_exists():
    """FHT-06 (Variant): FH-122, FH-117, FH-136 (a Bolt with no artifact destroys nothing, later ones stay)."""
    g = _fht_06_opening(bolt_first=True)
    assert battle_side(g, DEFENDER).artifact == "titans-armor"
    play_as(g, 1, "fireball")
    pass_(g, 1)
    assert finish_battle(g) == (23, 15)
    assert events_of(g, "destroy") == []
    assert "mountain#1" in territories(g, 1)


def test_fht_07_priest_negates_fireball_as_it_is_cast():
    """FHT-07: FH-082, FH-057, FH-056, FH-037, FH-120, FH-112, FH-094."""
    g = battle_game(["necromancer", "vampire", "skeletons", "bless", "fireball", "disintegrate", "zombies"],
                    ["priest", "peasants", "archers", "invisibility"], "castle#1")
    attack(g, "castle#1", "necromancer")
    play_as(g, 1, "vampire", "skeletons", "bless")
    pass_(g, 1)
    play_as(g, 2, "priest", "peasants", "archers", "invisibility")
    pass_(g, 2)  # the Priest's charge is kept (Bless could have been negated here)
    window_of(g, 1)
    g.choose(0, ["play:fireball"])
    d = decision(g)
    assert d.kind == "negate" and d.seat == 1
    assert "negate:fireball:priest" in d.option_ids
    g.choose(1, ["negate:fireball:priest"])
    assert state(g).battle.negated == ["fireball"]
    # Fireball used the second of the Necromancer's 2 spell slots.
    window_of(g, 1)
    refused(g, "play:disintegrate", seat=1, rule="FH-037")
    assert totals(g) == (12, 9)
    pass_(g, 1)
    assert finish_battle(g) == (12, 9)
    assert "castle#1" in territories(g, 1)


def test_fht_08_enchantress_takes_the_giant():
    """FHT-08: FH-089, FH-051, FH-053, FH-103, FH-105."""
    g = battle_game(["enchantress", "elves", "dwarves"], ["barbarian", "giant", "trolls"], "mountain#1")
    attack(g, "mountain#1", "enchantress")
    play_as(g, 1, "elves", "dwarves")
    pass_(g, 1)
    play_as(g, 2, "barbarian", "giant", "trolls")
    pass_(g, 2)
    pass_(g, 1)
    pass_(g, 2)
    d = decision(g)
    assert d.kind == "enchant" and d.seat == 0
    assert state(g).battle.play_ended
    assert totals(g) == (7, 13)  # before the take
    choose(g, "target:giant")
    assert last_result(g) == (12, 7)
    assert "mountain#1" in territories(g, 1)


def test_fht_09_swarm_destroys_the_printed_bv1_peasants():
    """FHT-09: FH-110, FH-054."""
    g = battle_game(["lich", "zombies", "swarm"], ["peasants", "griffins"], "castle#1")
    attack(g, "castle#1", "lich")
    play_as(g, 1, "zombies")
    pass_(g, 1)
    play_as(g, 2, "peasants", "griffins")
    play_as(g, 1, "swarm")
    assert [(e.data["card"], e.rule) for e in events_of(g, "destroy")] == [("peasants", "FH-110")]
    assert "peasants" in state(g).discard
    assert finish_battle(g) == (8, 4)
    assert "castle#1" in territories(g, 1)


def test_fht_09_also_swarm_in_w1_destroys_nothing_then_or_later():
    """FHT-09 (Also): FH-110, FH-136."""
    g = battle_game(["lich", "zombies", "swarm"], ["peasants", "griffins"], "castle#1")
    attack(g, "castle#1", "lich")
    play_as(g, 1, "zombies", "swarm")
    pass_(g, 1)
    play_as(g, 2, "peasants", "griffins")
    assert finish_battle(g) == (8, 2 + 4)
    assert events_of(g, "destroy") == []


def test_fht_10_cataclysm_destroys_only_minions_so_far():
    """FHT-10: FH-129, FH-101, FH-083, FH-069, FH-071."""
    g = battle_game(["warrior", "trolls", "ogres", "goblins", "vampire"],
                    ["cleric", "archangel", "cataclysm", "griffins"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "trolls", "ogres")
    pass_(g, 1)
    play_as(g, 2, "cleric", "archangel", "cataclysm")
    assert sorted(e.data["card"] for e in events_of(g, "destroy")) == ["archangel", "ogres", "trolls"]
    assert battle_side(g, ATTACKER).minions == [] and battle_side(g, DEFENDER).minions == []
    pass_(g, 2)
    play_as(g, 1, "goblins")
    choose(g, "pay:goblins")
    d = decision(g)
    assert d.kind == "goblins"
    choose(g, "discard:vampire")
    assert "vampire" in state(g).discard
    pass_(g, 1)
    play_as(g, 2, "griffins")
    assert finish_battle(g) == (6, 7)
    assert "castle#1" in territories(g, 2)
    assert rewards(g) == [(1, 3, "FH-071")]


def test_fht_11_stacked_spell_level():
    """FHT-11: FH-061, FH-119, FH-104, FH-126, FH-120, FH-043, FH-087, FH-111."""
    g = battle_game(["druid", "ring-of-the-magi", "unicorns", "pixies", "illusions", "bless"],
                    ["wraiths", "vampire", "zombies"], "swamp#1")
    attack(g, "swamp#1", "druid")
    play_as(g, 1, "ring-of-the-magi", "unicorns", "pixies")
    assert spell_level(SYSTEM.content, state(g).battle, ATTACKER) == 4
    play_as(g, 1, "illusions", "bless")
    pass_(g, 1)
    play_as(g, 2, "wraiths", "vampire", "zombies")
    assert finish_battle(g) == (16, 12)
    assert "swamp#1" in territories(g, 1)


def test_fht_12_sorcerers_one_non_tower_minion():
    """FHT-12: FH-091, FH-106, FH-109, FH-044."""
    g = battle_game(["sorcerer", "demon", "dragon", "giant", "myrmidons"], ["trolls", "ogres"], "castle#1")
    attack(g, "castle#1", "sorcerer")
    play_as(g, 1, "demon", "dragon")
    discards = [e for e in events_of(g, "discard") if e.rule == "FH-106"]
    assert len(discards) == 1 and discards[0].data["seat"] == 1 and len(discards[0].data["cards"]) == 1
    assert len(hand(g, 2)) == 1
    assert discards[0].data["cards"][0] in state(g).discard
    window_of(g, 1)
    refused(g, "play:giant", seat=1, rule="FH-091")
    pass_(g, 1)
    assert finish_battle(g) == (14, 0)
    assert "castle#1" in territories(g, 1)


def _fht_13_game():
    """The Rogue's steal is random: find a seed where it takes Invisibility, so the defender keeps
    Gnomes, Golems, Djinn, Demon and Spell Shield as the case needs (the case does not name the card)."""
    for seed in range(1, 400):
        g = battle_game(["rogue", "myrmidons"],
                        ["gnomes", "golems", "djinn", "demon", "spell-shield", "invisibility", "disintegrate"],
                        "tower#1", seed=seed, attacker_territories=("castle#2",))
        attack(g, "tower#1", "rogue")
        stolen = [e.data["card"] for e in events_of(g, "steal_private")]
        assert len(stolen) == 1
        if stolen == ["invisibility"]:
            return g
    raise AssertionError("no seed found")


def test_fht_13_defender_without_a_hero():
    """FHT-13: FH-043, FH-040, FH-041, FH-061, FH-108, FH-107, FH-092."""
    g = _fht_13_game()
    assert len(hand(g, 2)) == 6 and "invisibility" in hand(g, 1)
    play_as(g, 1, "myrmidons")
    pass_(g, 1)
    play_as(g, 2, "gnomes", "golems", "djinn")
    window_of(g, 2)
    refused(g, "play:spell-shield", seat=2, rule="FH-040")
    refused(g, "play:disintegrate", seat=2, rule="FH-041")
    assert spell_level(SYSTEM.content, state(g).battle, DEFENDER) == 0
    assert charge_sources(SYSTEM.content, state(g).battle, DEFENDER) == ["golems"]
    pass_(g, 2)
    assert finish_battle(g) == (5, 9)
    assert "tower#1" in territories(g, 2)
    assert rewards(g) == [(1, 3, "FH-071")]


def _fht_14(with_invisibility):
    defender = ["ranger", "elves", "dwarves", "vampire"] + (["invisibility"] if with_invisibility else [])
    g = battle_game(["shaman", "orcs", "trolls", "cone-of-cold"], defender, "forest#1")
    attack(g, "forest#1", "shaman")
    play_as(g, 1, "orcs", "trolls")
    pass_(g, 1)
    play_as(g, 2, "ranger")
    if with_invisibility:
        window_of(g, 2)
        refused(g, "play:invisibility", seat=2, rule="FH-037")  # the Ranger alone has spell level 0
    play_as(g, 2, "elves", "dwarves")
    if with_invisibility:
        play_as(g, 2, "invisibility")  # spell level 0 + 1 (Elves)
    pass_(g, 2)
    play_as(g, 1, "cone-of-cold")  # the defender's only card left in hand is discarded
    cold = [e for e in events_of(g, "discard") if e.rule == "FH-121"]
    assert [(e.data["seat"], e.data["cards"]) for e in cold] == [(1, ["vampire"])]
    return g


def test_fht_14_ranger_at_forest_elves_give_a_spell_level():
    """FHT-14: FH-088, FH-105, FH-086, FH-102, FH-121, FH-104."""
    g = _fht_14(with_invisibility=False)
    assert finish_battle(g) == (14, 13)
    assert "forest#1" in territories(g, 1)


def test_fht_14_variant_ranger_casts_invisibility_thanks_to_elves():
    """FHT-14 (Variant): FH-104, FH-061, FH-041, FH-125."""
    g = _fht_14(with_invisibility=True)
    assert finish_battle(g) == (14, 16)
    assert "forest#1" in territories(g, 2)


def test_fht_15_warlock_versus_forest_minions():
    """FHT-15: FH-093, FH-111, FH-087."""
    g = battle_game(["warlock", "wraiths", "skeletons"], ["druid", "pixies", "elves"], "forest#1")
    attack(g, "forest#1", "warlock")
    play_as(g, 1, "wraiths", "skeletons")
    pass_(g, 1)
    play_as(g, 2, "druid", "pixies", "elves")
    assert finish_battle(g) == (9, 8)
    assert "forest#1" in territories(g, 1)


def test_fht_16_sword_and_armor_depend_on_the_role():
    """FHT-16: FH-116, FH-117, FH-069."""
    g = battle_game(["warrior", "celestial-sword"], ["knight", "titans-armor"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "celestial-sword")
    pass_(g, 1)
    play_as(g, 2, "knight", "titans-armor")
    assert finish_battle(g) == (9, 9)
    assert "castle#1" in territories(g, 2)


def test_fht_16_roles_swapped():
    """FHT-16 (Roles swapped): FH-116, FH-117."""
    g = battle_game(["warrior", "titans-armor"], ["knight", "celestial-sword"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "titans-armor")
    pass_(g, 1)
    play_as(g, 2, "knight", "celestial-sword")
    assert finish_battle(g) == (7, 9)
    assert "castle#1" in territories(g, 2)


def test_fht_17_fireball_against_attacking_pikemen():
    """FHT-17: FH-123, FH-099, FH-081, FH-094."""
    g = battle_game(["knight", "pikemen"], ["necromancer", "skeletons", "fireball"], "castle#1")
    attack(g, "castle#1", "knight")
    play_as(g, 1, "pikemen")
    pass_(g, 1)
    play_as(g, 2, "necromancer", "skeletons", "fireball")
    assert finish_battle(g) == (3, 6)
    assert "castle#1" in territories(g, 2)


def test_fht_18_pikemen_defending_without_a_hero():
    """FHT-18: FH-043, FH-099, FH-097."""
    g = battle_game(["warrior"], ["pikemen", "peasants"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 2, "pikemen", "peasants")
    assert finish_battle(g) == (4, 6)
    assert "castle#1" in territories(g, 2)


def _fht_19(negate):
    g = battle_game(["wizard", "demon", "illusions"], ["warrior", "spell-shield", "ogres"], "mountain#1")
    attack(g, "mountain#1", "wizard")
    play_as(g, 1, "demon", "illusions")
    pass_(g, 1)
    play_as(g, 2, "warrior", "spell-shield", "ogres")
    d = window_of(g, 2)
    assert "negate:illusions:spell-shield" in d.option_ids
    if negate:
        choose(g, "negate:illusions:spell-shield")
    return g


def test_fht_19_spell_shield_negates_illusions_later():
    """FHT-19: FH-118, FH-058, FH-056, FH-126."""
    g = _fht_19(negate=True)
    assert [(e.data["card"], e.data["source"], e.rule) for e in events_of(g, "negate")] == [
        ("illusions", "spell-shield", "FH-058")]
    assert finish_battle(g) == (7, 9)
    assert "mountain#1" in territories(g, 2)


def test_fht_19_without_the_negation():
    """FHT-19 (Without the negation): FH-126, FH-090."""
    g = _fht_19(negate=False)
    assert finish_battle(g) == (11, 9)
    assert "mountain#1" in territories(g, 1)


def _fht_20(extra):
    g = battle_game(["necromancer", "zombies", "charm"] + extra, ["knight", "archers", "griffins"], "castle#1")
    attack(g, "castle#1", "necromancer")
    play_as(g, 1, "zombies")
    pass_(g, 1)
    play_as(g, 2, "knight", "archers", "griffins")
    play_as(g, 1, "charm")
    d = decision(g)
    assert d.kind == "target" and d.seat == 0
    assert set(d.option_ids) == {"target:archers", "target:griffins"}
    choose(g, "target:griffins")
    assert [(e.data["card"], e.data["side"], e.rule) for e in events_of(g, "control")] == [
        ("griffins", ATTACKER, "FH-128")]
    play_as(g, 1, *extra)
    return g


def test_fht_20_charm_takes_the_griffins():
    """FHT-20: FH-128, FH-053, FH-081, FH-094, FH-098."""
    g = _fht_20([])
    assert finish_battle(g) == (8, 9)
    assert "castle#1" in territories(g, 2)


def test_fht_20_variant_with_invisibility_in_the_second_slot():
    """FHT-20 (Variant): FH-128, FH-125, FH-037."""
    g = _fht_20(["invisibility"])
    assert finish_battle(g) == (11, 9)
    assert "castle#1" in territories(g, 1)


def test_fht_21_summon_brings_in_the_dragon():
    """FHT-21: FH-130, FH-035, FH-106, FH-107."""
    g = battle_game(["cleric", "summon", "dragon"], ["gnomes", "trolls"], "tower#1",
                    attacker_territories=("castle#2",))
    attack(g, "tower#1", "cleric")
    window_of(g, 1)
    refused(g, "play:dragon", seat=1, rule="FH-035")  # also: without Summon, Dragon is refused for a Cleric
    pass_(g, 1)
    play_as(g, 2, "gnomes")
    play_as(g, 1, "summon")
    d = decision(g)
    assert d.kind == "summon" and d.seat == 0 and "play:dragon" in d.option_ids
    choose(g, "play:dragon")
    summoned = [e for e in events_of(g, "play") if e.rule == "FH-130"]
    assert [(e.data["card"], e.data["side"]) for e in summoned] == [("dragon", ATTACKER)]
    lost = [e for e in events_of(g, "discard") if e.rule == "FH-106"]
    assert [(e.data["seat"], e.data["cards"]) for e in lost] == [(1, ["trolls"])]
    assert finish_battle(g) == (6, 2)
    assert "tower#1" in territories(g, 1)


def test_fht_22_archangel_versus_a_swamp_hero():
    """FHT-22: FH-100, FH-083, FH-093."""
    g = battle_game(["cleric", "archangel"], ["warlock"], "swamp#1")
    attack(g, "swamp#1", "cleric")
    play_as(g, 1, "archangel")
    pass_(g, 1)
    play_as(g, 2, "warlock")
    assert finish_battle(g) == (7, 3)
    assert "swamp#1" in territories(g, 1)
