"""Hero and minion abilities, FH-081 to FH-113 (and FH-138), one battle or more per rule.

Each test sets up a battle in which the ability changes a total (often the result), and
checks the exact numbers; where a rule has a condition, a second battle checks that it
does NOT apply outside it. Seats are 1-based in the scenario and in ``play_as``; event
data seats are 0-based.
"""

from __future__ import annotations

from game.rulesets.fantasy_heroes.effects import spell_level
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER
from tests.fantasy_heroes.helpers import (
    SYSTEM,
    attack,
    battle_game,
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
    totals,
    window_of,
)

# -- local helpers -----------------------------------------------------------------------


def duel(target, attacker, defender, *, attacker_extra=(), defender_extra=(), seed=1,
         attacker_territories=("tower#3",)):
    """Seat 1 attacks ``target`` with attacker[0] and plays the rest of ``attacker`` in W1; seat 2
    plays all of ``defender`` in W2; then every window passes. Returns (game, (attack, defense))."""
    g = battle_game(list(attacker) + list(attacker_extra), list(defender) + list(defender_extra), target,
                    seed=seed, attacker_territories=attacker_territories)
    attack(g, target, attacker[0])
    play_as(g, 1, *attacker[1:])
    pass_(g, 1)
    play_as(g, 2, *defender)
    pass_(g, 2)
    return g, finish_battle(g)


def winner(g):
    return [e.data["winner"] for e in events_of(g, "battle_won")][-1] + 1


def destroyed(g):
    return [e.data["card"] for e in events_of(g, "destroy")]


# -- heroes (3.12) ---------------------------------------------------------------------------


def test_fh_081_knight_boosts_castle_minions():
    """FH-081, FH-062: Archers 2+1, Pikemen 3-1+1; the defender's Castle minions get nothing."""
    g, result = duel("castle#1", ["knight", "archers", "pikemen"], ["peasants", "griffins"])
    assert result == (1 + 3 + 3, 2 + 4)
    assert winner(g) == 1  # without the Knight it would be 5 against 6


def test_fh_081_knight_boosts_only_castle_minions_on_his_own_side():
    """FH-081: a defending Knight boosts his Griffins, not his Giant; an enemy Castle minion gets nothing."""
    _, result = duel("mountain#1", ["warrior", "trolls"], ["knight", "giant", "griffins"])
    assert result == (8, 5 + 6 + 5)
    _, result = duel("castle#1", ["cleric", "griffins"], ["knight", "archers"])
    assert result == (1 + 4, 5 + 4)


def test_fh_082_priest_has_one_negation_charge():
    """FH-082, FH-055, FH-058, FH-059: the Priest negates one spell; the next one goes through."""
    g = battle_game(["wizard", "disintegrate", "invisibility"], ["priest", "griffins"], "castle#1")
    attack(g, "castle#1", "wizard")
    play_as(g, 1, "disintegrate")
    pass_(g, 1)
    play_as(g, 2, "priest", "griffins")
    d = window_of(g, 2)
    assert "negate:disintegrate:priest" in d.option_ids
    choose(g, "negate:disintegrate:priest")
    play_as(g, 1, "invisibility")  # no negation offered: the charge is spent
    assert state(g).battle is None
    assert [(e.data["card"], e.data["source"]) for e in events_of(g, "negate")] == [("disintegrate", "priest")]
    assert last_result(g) == (1 + 0 + 3, 1 + 4)  # 9 against 5 without the negation


def test_fh_082_attacking_priest_negates_in_response():
    """FH-082, FH-057: the charge works for an attacking Priest too, as the spell is cast."""
    g = battle_game(["priest", "griffins"], ["wizard", "disintegrate"], "castle#1")
    attack(g, "castle#1", "priest")
    play_as(g, 1, "griffins")
    pass_(g, 1)
    play_as(g, 2, "wizard", "disintegrate")
    d = decision(g)
    assert d.kind == "negate" and d.seat == 0 and "negate:disintegrate:priest" in d.option_ids
    choose(g, "negate:disintegrate:priest")
    assert finish_battle(g) == (1 + 4, 1 + 0)


def test_fh_083_cleric_plus_three_versus_swamp_minions():
    """FH-083, FH-096: +3 (once, with two Swamp minions opposite) turns a tie into a win."""
    g, result = duel("swamp#1", ["cleric", "archers", "griffins"], ["wraiths", "zombies"])
    assert result == (1 + 3 + 2 + 4, 5 + 2)
    assert winner(g) == 1


def test_fh_083_cleric_no_bonus_without_swamp_minions():
    """FH-083: a defending Cleric facing only Mountain minions gets no +3."""
    _, result = duel("castle#1", ["warrior", "trolls"], ["cleric"])
    assert result == (8, 3)


def test_fh_084_barbarian_side_may_not_play_artifacts():
    """FH-084, FH-116: the Warrior may play Celestial Sword; the defending Barbarian may not play Titans Armor."""
    g = battle_game(["warrior", "celestial-sword"], ["barbarian", "titans-armor", "giant"], "mountain#1")
    attack(g, "mountain#1", "warrior")
    assert "play:celestial-sword" in window_of(g, 1).option_ids
    play_as(g, 1, "celestial-sword")
    play_as(g, 2, "barbarian")
    window_of(g, 2)
    refused(g, "play:titans-armor", seat=2, rule="FH-084")
    play_as(g, 2, "giant")
    assert finish_battle(g) == (4 + 1 + 4, 3 + 6)  # with the Armor it would have been 13


def test_fh_084_attacking_barbarian_may_not_play_artifacts():
    """FH-084: the attacking Barbarian is refused Rune Staff."""
    g = battle_game(["barbarian", "rune-staff", "orcs"], ["griffins"], "castle#1")
    attack(g, "castle#1", "barbarian")
    refused(g, "play:rune-staff", seat=1, rule="FH-084")
    play_as(g, 1, "orcs")
    pass_(g, 1)
    play_as(g, 2, "griffins")
    assert finish_battle(g) == (6 + 3, 4)


def test_fh_085_warrior_has_no_special_ability():
    """FH-085: AV 4 attacking, DV 4 defending, nothing added; spell level 0."""
    g = battle_game(["warrior", "trolls", "invisibility"], ["giant", "ogres"], "mountain#1")
    attack(g, "mountain#1", "warrior")
    assert spell_level(SYSTEM.content, state(g).battle, ATTACKER) == 0
    refused(g, "play:invisibility", seat=1, rule="FH-037")
    play_as(g, 1, "trolls")
    play_as(g, 2, "giant", "ogres")
    assert finish_battle(g) == (4 + 4, 6 + 3)
    _, result = duel("castle#1", ["barbarian", "orcs"], ["warrior", "ogres"])
    assert result == (6 + 3, 4 + 3)


def test_fh_086_shaman_boosts_mountain_minions():
    """FH-086: Ogres 4, Goblins 2 for the Shaman; the defender's Giant and Orcs get nothing from him."""
    g, result = duel("mountain#1", ["shaman", "ogres", "goblins"], ["giant", "orcs"])
    assert result == (3 + 4 + 2, 6 + 2)
    assert winner(g) == 1  # 7 against 8 without the boost


def test_fh_086_defending_shaman_boosts_only_mountain_minions():
    """FH-086: defending a Castle, the Shaman's Trolls get +1, his Peasants do not."""
    _, result = duel("castle#1", ["warrior", "ogres"], ["shaman", "trolls", "peasants"])
    assert result == (4 + 3, 1 + 5 + 2)


def test_fh_087_druid_boosts_forest_minions():
    """FH-087: Elves 3, Dwarves 4 for the Druid; the defender's Unicorns stay 4."""
    _, result = duel("forest#1", ["druid", "elves", "dwarves"], ["unicorns"])
    assert result == (1 + 3 + 4, 4)


def test_fh_087_defending_druid_boosts_only_forest_minions():
    """FH-087: defending a Castle, the Druid's Unicorns get +1, his Peasants do not."""
    g, result = duel("castle#1", ["warrior", "trolls"], ["druid", "unicorns", "peasants"])
    assert result == (8, 3 + 5 + 2)
    assert winner(g) == 2


def test_fh_088_ranger_plus_three_at_forest():
    """FH-088: Ranger AV 2 +3 at a Forest beats Dwarves 3."""
    g, result = duel("forest#1", ["ranger"], ["dwarves"])
    assert result == (2 + 3, 3)
    assert winner(g) == 1


def test_fh_088_ranger_no_bonus_elsewhere():
    """FH-088: at a Castle the Ranger counts AV 2 only, and ties lose."""
    g, result = duel("castle#1", ["ranger"], ["peasants"])
    assert result == (2, 2)
    assert winner(g) == 2


def test_fh_089_enchantress_takes_a_minion_at_end_of_play():
    """FH-089, FH-051, FH-053, FH-099: a defending Enchantress takes the attacking Pikemen,
    which now count +1 defending instead of -1 attacking, and the result flips."""
    g = battle_game(["knight", "pikemen", "griffins"], ["enchantress", "peasants"], "castle#1")
    attack(g, "castle#1", "knight")
    play_as(g, 1, "pikemen", "griffins")
    pass_(g, 1)
    play_as(g, 2, "enchantress", "peasants")
    pass_(g, 2)
    d = decision(g)
    assert d.kind == "enchant" and d.seat == 1
    assert state(g).battle.play_ended  # only after both sides have passed
    assert set(d.option_ids) == {"target:pikemen", "target:griffins", "pass"}
    assert totals(g) == (1 + 3 + 5, 1 + 2)
    choose(g, "target:pikemen")
    assert last_result(g) == (1 + 5, 1 + 2 + 4)
    assert winner(g) == 2


def test_fh_089_enchantress_take_is_optional():
    """FH-089: declining the take leaves the totals as they were."""
    g = battle_game(["knight", "pikemen", "griffins"], ["enchantress", "peasants"], "castle#1")
    attack(g, "castle#1", "knight")
    play_as(g, 1, "pikemen", "griffins")
    play_as(g, 2, "enchantress", "peasants")
    assert decision(g).kind == "enchant"
    choose(g, "pass")
    assert last_result(g) == (9, 3)
    assert events_of(g, "control") == []
    assert winner(g) == 1


def test_fh_089_enchantress_without_opposing_minions_does_nothing():
    """FH-089: no minion on the other side, so no question is asked."""
    g = battle_game(["enchantress"], ["warrior"], "mountain#1")
    attack(g, "mountain#1", "enchantress")
    play_as(g, 2, "warrior")
    pass_(g, 2)
    assert state(g).battle is None  # resolved without an "enchant" decision
    assert last_result(g) == (1, 4)


def test_fh_090_wizard_casts_three_spells():
    """FH-090, FH-037, FH-126: level 3: three spells, a fourth refused; Illusions = 1 + 3."""
    g = battle_game(["wizard", "invisibility", "disintegrate", "illusions", "fireball", "myrmidons"], ["djinn"],
                    "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "wizard")
    play_as(g, 1, "invisibility", "disintegrate", "illusions")
    refused(g, "play:fireball", seat=1, rule="FH-037")
    pass_(g, 1)
    play_as(g, 2, "djinn")
    assert finish_battle(g) == (1 + 3 + 5 + 4, 4)


def test_fh_091_sorcerer_one_non_tower_minion_attacking():
    """FH-091, FH-138: Tower minions freely, one non-Tower minion (Trolls), a second (Ogres) refused."""
    g = battle_game(["sorcerer", "myrmidons", "gnomes", "trolls", "ogres", "djinn"], ["griffins"], "castle#1")
    attack(g, "castle#1", "sorcerer")
    play_as(g, 1, "myrmidons", "gnomes")
    d = window_of(g, 1)
    assert {"play:trolls", "play:ogres"} <= set(d.option_ids)  # Tower minions did not use the allowance
    play_as(g, 1, "trolls")
    d = window_of(g, 1)
    assert "play:djinn" in d.option_ids
    refused(g, "play:ogres", seat=1, rule="FH-091")
    pass_(g, 1)
    play_as(g, 2, "griffins")
    assert finish_battle(g) == (3 + 2 + 1 + 4, 4)


def test_fh_091_sorcerers_extra_minion_keeps_its_territory():
    """FH-091 (FHA-17), FH-112: Archers under the Sorcerer are still a Castle minion for the Vampire."""
    g, result = duel("swamp#1", ["sorcerer", "archers"], ["vampire"])
    assert result == (3 + 2, 5 + 1)
    assert winner(g) == 2


def test_fh_138_defending_sorcerer_matching_minion_does_not_use_allowance():
    """FH-138, FH-091, FH-042: Peasants and Archers match the Castle; the Ogres use the allowance; Giant refused."""
    g = battle_game(["warrior", "trolls"], ["sorcerer", "peasants", "archers", "ogres", "giant", "myrmidons"],
                    "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "trolls")
    play_as(g, 2, "sorcerer", "peasants", "archers")
    d = window_of(g, 2)
    assert {"play:ogres", "play:giant"} <= set(d.option_ids)
    play_as(g, 2, "ogres")
    d = window_of(g, 2)
    assert "play:myrmidons" in d.option_ids
    refused(g, "play:giant", seat=2)
    pass_(g, 2)
    assert finish_battle(g) == (8, 1 + 2 + 3 + 3)
    assert winner(g) == 2


def test_fh_138_summoned_minion_does_not_use_the_allowance():
    """FH-138, FH-130: Trolls brought by Summon leave the Sorcerer's allowance for the Ogres."""
    g = battle_game(["sorcerer", "summon", "trolls", "ogres", "giant", "djinn"], ["griffins"], "castle#1")
    attack(g, "castle#1", "sorcerer")
    play_as(g, 1, "summon")
    assert decision(g).kind == "summon"
    choose(g, "play:trolls")
    d = window_of(g, 1)
    assert {"play:ogres", "play:giant"} <= set(d.option_ids)
    play_as(g, 1, "ogres")
    refused(g, "play:giant", seat=1, rule="FH-091")
    pass_(g, 1)
    play_as(g, 2, "griffins")
    assert finish_battle(g) == (3 + 4 + 3 + 0, 4)


def test_fh_092_rogue_steals_a_card_and_may_play_it():
    """FH-092, FH-060: the defender's only card moves to the Rogue's hand, and is then played."""
    g = battle_game(["rogue"], ["myrmidons"], "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "rogue")
    assert hand(g, 1) == ["myrmidons"] and hand(g, 2) == []
    steals = events_of(g, "steal")
    assert [(e.data["seat"], e.data["victim"]) for e in steals] == [(0, 1)]
    play_as(g, 1, "myrmidons")
    assert finish_battle(g) == (3 + 2, 0)


def test_fh_092_defending_rogue_steals_from_the_attacker():
    """FH-092: the defending Rogue takes the attacker's Gnomes and plays them at the Tower."""
    g = battle_game(["warrior", "trolls", "gnomes"], ["rogue"], "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "warrior")
    play_as(g, 1, "trolls")
    play_as(g, 2, "rogue")
    assert hand(g, 1) == [] and hand(g, 2) == ["gnomes"]
    play_as(g, 2, "gnomes")
    assert finish_battle(g) == (8, 3 + 2)


def test_fh_093_warlock_plus_three_versus_forest_minions_once():
    """FH-093, FH-096: four Forest minions opposite still give +3 once."""
    g, result = duel("forest#1", ["druid", "elves", "pixies", "unicorns"], ["warlock", "wraiths"])
    assert result == (1 + 3 + 2 + 5, 3 + 3 + 4)
    assert winner(g) == 1


def test_fh_093_warlock_no_bonus_without_forest_minions():
    """FH-093: Mountain minions opposite give the Warlock nothing."""
    _, result = duel("swamp#1", ["warrior", "trolls"], ["warlock", "zombies"])
    assert result == (8, 3 + 2)


def test_fh_094_necromancer_boosts_swamp_minions():
    """FH-094: Zombies 3, Skeletons 2 for the attacking Necromancer."""
    g, result = duel("castle#1", ["necromancer", "zombies", "skeletons"], ["peasants", "archers"])
    assert result == (1 + 3 + 2, 2 + 3)
    assert winner(g) == 1


def test_fh_094_defending_necromancer_boosts_only_swamp_minions():
    """FH-094: defending a Mountain, his Skeletons get +1, his Ogres do not."""
    _, result = duel("mountain#1", ["warrior", "trolls"], ["necromancer", "skeletons", "ogres"])
    assert result == (8, 1 + 2 + 3)


def test_fh_095_lich_plus_three_at_swamp():
    """FH-095: Lich AV 3 +3 at a Swamp; defending, DV 1 +3."""
    g, result = duel("swamp#1", ["lich"], ["zombies", "skeletons"])
    assert result == (3 + 3, 2 + 1)
    assert winner(g) == 1
    _, result = duel("swamp#1", ["warrior", "trolls"], ["lich", "zombies"])
    assert result == (8, 1 + 3 + 2)


def test_fh_095_lich_no_bonus_elsewhere():
    """FH-095: at a Castle the Lich counts AV 3 only."""
    g, result = duel("castle#1", ["lich"], ["griffins"])
    assert result == (3, 4)
    assert winner(g) == 2


def test_fh_096_cleric_and_archangel_bonuses_are_flat():
    """FH-096, FH-083, FH-100: against a Swamp hero and three Swamp minions, Cleric +3 once, Archangel +1 once."""
    g, result = duel("swamp#1", ["cleric", "archangel"], ["necromancer", "zombies", "skeletons", "wraiths"])
    assert result == (1 + 3 + 5 + 1, 1 + 3 + 2 + 6)
    assert winner(g) == 2


def test_fh_096_vampire_bonus_is_flat():
    """FH-096, FH-112: three Castle minions opposite give the Vampire +1, not +3."""
    g, result = duel("castle#1", ["necromancer", "vampire"], ["peasants", "archers", "griffins"])
    assert result == (1 + 7, 2 + 3 + 4)
    assert winner(g) == 2


def test_fh_096_dwarves_bonus_is_flat():
    """FH-096, FH-105: two Mountain minions opposite give the Dwarves +1 once."""
    _, result = duel("forest#1", ["druid", "dwarves"], ["warrior", "ogres", "trolls"])
    assert result == (1 + 5, 4 + 3 + 4)


# -- minions (3.13) -------------------------------------------------------------------------


def test_fh_097_peasants_plus_one_defending_castle():
    """FH-097: Peasants 2 defending a Castle (with Archers 3, the Warrior's 4 is beaten)."""
    g, result = duel("castle#1", ["warrior"], ["peasants", "archers"])
    assert result == (4, 2 + 3)
    assert winner(g) == 2


def test_fh_097_peasants_no_bonus_attacking_or_defending_elsewhere():
    """FH-097: Peasants 1 when attacking a Castle, and 1 defending a Mountain."""
    _, result = duel("castle#1", ["cleric", "peasants"], ["archers"])
    assert result == (1 + 1, 3)
    _, result = duel("mountain#1", ["warrior"], ["cleric", "peasants"])
    assert result == (4, 3 + 1)


def test_fh_098_archers_plus_one_defending():
    """FH-098: Archers 3 defending (even at a Tower), 2 attacking."""
    _, result = duel("tower#1", ["warrior"], ["cleric", "archers"], attacker_territories=("castle#2",))
    assert result == (4, 3 + 3)
    _, result = duel("castle#1", ["cleric", "archers"], ["griffins"])
    assert result == (1 + 2, 4)


def test_fh_099_pikemen_plus_one_defending_minus_one_attacking():
    """FH-099: Pikemen 4 defending a Mountain, 2 attacking."""
    g, result = duel("mountain#1", ["warrior"], ["cleric", "pikemen"])
    assert result == (4, 3 + 4)
    assert winner(g) == 2
    _, result = duel("castle#1", ["cleric", "pikemen"], ["archers"])
    assert result == (1 + 2, 3)


def test_fh_100_archangel_plus_one_versus_swamp_minion():
    """FH-100, FH-083: a Swamp minion (no Swamp hero) opposite: Archangel 6 and Cleric +3."""
    _, result = duel("swamp#1", ["cleric", "archangel"], ["warrior", "zombies"])
    assert result == (1 + 3 + 6, 4 + 2)


def test_fh_100_archangel_no_bonus_without_swamp_cards():
    """FH-100: no Swamp hero or minion opposite: Archangel 5, and the attack falls short."""
    g, result = duel("mountain#1", ["cleric", "archangel"], ["warrior", "ogres"])
    assert result == (1 + 5, 4 + 3)
    assert winner(g) == 2


def test_fh_101_goblins_pay_once_for_plus_one():
    """FH-101, FH-136, FHT-34: pay:goblins then discard:<card> gives +1; no second offer, in this
    window or a later one; the discarded card is in the discard pile."""
    g = battle_game(["warrior", "goblins", "vampire", "zombies", "ogres"], ["griffins"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "goblins")
    assert "pay:goblins" in window_of(g, 1).option_ids
    choose(g, "pay:goblins")
    d = decision(g)
    assert d.kind == "goblins" and d.seat == 0
    assert set(d.option_ids) == {"discard:vampire", "discard:zombies", "discard:ogres"}
    choose(g, "discard:vampire")
    assert "vampire" in state(g).discard and "vampire" not in hand(g, 1)
    assert [(e.data["seat"], e.data["cards"]) for e in events_of(g, "discard") if e.rule == "FH-101"] == [
        (0, ["vampire"])]
    window_of(g, 1)
    refused(g, "pay:goblins", seat=1)
    assert totals(g) == (4 + 2, 0)
    pass_(g, 1)
    play_as(g, 2, "griffins")
    d = window_of(g, 1)  # W3: still no second offer
    assert "pay:goblins" not in d.option_ids
    pass_(g, 1)
    assert finish_battle(g) == (6, 4)
    assert len([e for e in events_of(g, "discard") if e.rule == "FH-101"]) == 1


def test_fh_101_goblins_pay_in_a_later_window_flips_the_result():
    """FH-101: Goblins played in W1 unpaid; paying in W3 turns a 5-5 tie into a 6-5 win."""
    g = battle_game(["warrior", "goblins", "zombies"], ["peasants", "archers"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "goblins")
    pass_(g, 1)
    play_as(g, 2, "peasants", "archers")
    assert totals(g) == (5, 5)
    d = window_of(g, 1)
    assert "pay:goblins" in d.option_ids
    choose(g, "pay:goblins")
    choose(g, "discard:zombies")
    assert finish_battle(g) == (6, 5)
    assert winner(g) == 1


def test_fh_101_paying_goblins_is_not_a_pass():
    """FH-101, FH-137: the defender passed in W2; the attacker's paying in W3 gives the defender W4."""
    g = battle_game(["warrior", "goblins", "zombies"], ["griffins"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "goblins")
    pass_(g, 1)
    window_of(g, 2)
    pass_(g, 2)
    choose(g, "pay:goblins")
    choose(g, "discard:zombies")
    play_as(g, 2, "griffins")  # W4 exists
    assert finish_battle(g) == (6, 4)


def test_fh_101_goblins_need_a_card_in_hand():
    """FH-101, FH-136: with an empty hand there is no Goblins offer, so the window ends by itself."""
    g = battle_game(["warrior", "goblins"], ["griffins"], "castle#1")
    attack(g, "castle#1", "warrior")
    play_as(g, 1, "goblins")
    window_of(g, 2)  # W1 ended: nothing was left to do
    play_as(g, 2, "griffins")
    assert finish_battle(g) == (4 + 1, 4)


def test_fh_102_orcs_plus_one_attacking_only():
    """FH-102: Orcs 3 attacking; 2 defending."""
    _, result = duel("castle#1", ["barbarian", "orcs"], ["peasants", "pikemen"])
    assert result == (6 + 3, 2 + 4)
    g, result = duel("mountain#1", ["warrior", "trolls"], ["orcs", "ogres"])
    assert result == (8, 2 + 3)


def test_fh_102_orcs_taken_by_the_enchantress_become_attackers():
    """FH-102, FH-053, FH-089: defending Orcs (2) taken by an attacking Enchantress count 3."""
    g = battle_game(["enchantress"], ["barbarian", "orcs"], "mountain#1")
    attack(g, "mountain#1", "enchantress")
    play_as(g, 2, "barbarian", "orcs")
    assert decision(g).kind == "enchant"
    assert totals(g) == (1, 3 + 2)
    choose(g, "target:orcs")
    assert last_result(g) == (1 + 3, 3)
    assert winner(g) == 1


def test_fh_103_giant_plus_one_defending_mountain():
    """FH-103: Giant 6 defending a Mountain: 7 against 7, so the attack (7 > 6 without it) fails."""
    g, result = duel("mountain#1", ["warrior", "ogres"], ["giant", "goblins"])
    assert result == (4 + 3, 6 + 1)
    assert winner(g) == 2


def test_fh_103_giant_no_bonus_attacking_or_elsewhere():
    """FH-103: Giant 5 attacking a Mountain, and 5 defending a Castle."""
    _, result = duel("mountain#1", ["barbarian", "giant"], ["ogres"])
    assert result == (6 + 5, 3)
    _, result = duel("castle#1", ["cleric"], ["warrior", "giant"])
    assert result == (1, 4 + 5)


def test_fh_104_spell_level_minions_stack():
    """FH-104, FH-061, FH-037, FH-126, FH-120: Druid 1 + Pixies + Elves = 3 spells, the 4th refused
    until Unicorns make it 4; Illusions = 1 + 4."""
    g = battle_game(["druid", "pixies", "elves", "illusions", "bless", "invisibility", "disintegrate", "unicorns"],
                    ["trolls"], "forest#1")
    attack(g, "forest#1", "druid")
    play_as(g, 1, "pixies", "elves")
    assert spell_level(SYSTEM.content, state(g).battle, ATTACKER) == 3
    play_as(g, 1, "illusions", "bless", "invisibility")
    refused(g, "play:disintegrate", seat=1, rule="FH-037")
    play_as(g, 1, "unicorns", "disintegrate")
    assert finish_battle(g) == (1 + 3 + 4 + 6 + 5 + 0 + 3 + 5, 0)


def test_fh_104_djinn_gives_the_sorcerer_a_second_spell():
    """FH-104: Sorcerer level 1 + Djinn = 2: Illusions (1 + 2) and Invisibility."""
    g = battle_game(["sorcerer", "djinn", "illusions", "invisibility"], ["myrmidons"], "tower#1",
                    attacker_territories=("castle#2",))
    attack(g, "tower#1", "sorcerer")
    play_as(g, 1, "illusions")
    refused(g, "play:invisibility", seat=1, rule="FH-037")
    play_as(g, 1, "djinn", "invisibility")
    play_as(g, 2, "myrmidons")
    assert finish_battle(g) == (3 + 4 + 3 + 3, 2)


def test_fh_104_spell_level_minions_do_nothing_without_a_hero():
    """FH-104, FH-061, FH-041: a heroless defender with Pixies still has spell level 0."""
    g = battle_game(["ranger"], ["pixies", "elves", "invisibility"], "forest#1")
    attack(g, "forest#1", "ranger")
    play_as(g, 2, "pixies")
    window_of(g, 2)
    assert spell_level(SYSTEM.content, state(g).battle, DEFENDER) == 0
    refused(g, "play:invisibility", seat=2, rule="FH-041")
    play_as(g, 2, "elves")
    assert finish_battle(g) == (5, 1 + 2)


def test_fh_105_dwarves_plus_one_versus_mountain_minions():
    """FH-105: Dwarves 3 +1 Druid +1 versus Mountain minions."""
    _, result = duel("forest#1", ["druid", "dwarves"], ["warrior", "ogres"])
    assert result == (1 + 5, 4 + 3)


def test_fh_105_dwarves_no_bonus_without_mountain_minions():
    """FH-105: a Mountain hero alone is not a Mountain minion: Dwarves 3 +1 Druid."""
    _, result = duel("forest#1", ["druid", "dwarves"], ["warrior", "elves"])
    assert result == (1 + 4, 4 + 2)


def test_fh_106_dragon_makes_the_opponent_discard_one_random_card():
    """FH-106, FH-060: the defender's only card goes face up to the discard pile."""
    g = battle_game(["druid", "dragon"], ["ogres"], "castle#1")
    attack(g, "castle#1", "druid")
    play_as(g, 1, "dragon")
    lost = [e for e in events_of(g, "discard") if e.rule == "FH-106"]
    assert [(e.data["seat"], e.data["cards"]) for e in lost] == [(1, ["ogres"])]
    assert "ogres" in state(g).discard
    assert last_result(g) == (1 + 6, 0)


def test_fh_106_dragon_with_an_empty_hand_does_nothing():
    """FH-106, FH-060: nothing to discard, nothing happens."""
    g = battle_game(["druid", "dragon", "elves"], [], "castle#1")
    attack(g, "castle#1", "druid")
    play_as(g, 1, "dragon")
    assert [e for e in events_of(g, "discard") if e.rule == "FH-106"] == []
    play_as(g, 1, "elves")
    assert finish_battle(g) == (1 + 6 + 3, 0)


def test_fh_107_gnomes_plus_one_defending_tower():
    """FH-107: Gnomes 2 defending a Tower; 1 defending a Castle; 1 attacking a Tower."""
    g, result = duel("tower#1", ["cleric"], ["gnomes"], attacker_territories=("castle#2",))
    assert result == (1, 2)
    assert winner(g) == 2
    _, result = duel("castle#1", ["cleric"], ["wizard", "gnomes"])
    assert result == (1, 1 + 1)
    _, result = duel("tower#1", ["wizard", "gnomes"], ["myrmidons"], attacker_territories=("castle#2",))
    assert result == (1 + 1, 2)


def test_fh_108_golems_negate_for_a_defender_without_a_hero():
    """FH-108, FH-058: the heroless defender's Golems negate Disintegrate already on the table."""
    g = battle_game(["wizard", "disintegrate"], ["golems"], "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "wizard")
    play_as(g, 1, "disintegrate")
    play_as(g, 2, "golems")
    d = window_of(g, 2)
    assert "negate:disintegrate:golems" in d.option_ids
    choose(g, "negate:disintegrate:golems")
    assert finish_battle(g) == (1 + 0, 3)
    assert winner(g) == 2  # 6 against 3 without the negation


def test_fh_108_golems_negate_in_response_once():
    """FH-108, FH-057, FH-059: Golems negate Disintegrate as it is cast; Invisibility then goes through."""
    g = battle_game(["wizard", "disintegrate", "invisibility"], ["golems"], "tower#1",
                    attacker_territories=("castle#2",))
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play_as(g, 2, "golems")
    play_as(g, 1, "disintegrate")
    d = decision(g)
    assert d.kind == "negate" and d.seat == 1
    choose(g, "negate:disintegrate:golems")
    play_as(g, 1, "invisibility")
    assert state(g).battle is None  # no second negation was offered
    assert last_result(g) == (1 + 0 + 3, 3)


def test_fh_109_demon_plus_one_attacking_only():
    """FH-109: Demon 6 attacking, 5 defending."""
    _, result = duel("tower#1", ["wizard", "demon"], ["myrmidons"], attacker_territories=("castle#2",))
    assert result == (1 + 6, 2)
    _, result = duel("tower#1", ["warrior", "trolls"], ["demon"], attacker_territories=("castle#2",))
    assert result == (8, 5)


def test_fh_110_swarm_with_no_candidate_does_nothing_then_or_later():
    """FH-110, FH-136: no printed-BV-1 minion opposite when Swarm is played; Peasants arriving later stay."""
    g = battle_game(["lich", "swarm"], ["archers", "griffins", "peasants"], "castle#1")
    attack(g, "castle#1", "lich")
    pass_(g, 1)
    play_as(g, 2, "archers", "griffins")
    pass_(g, 2)
    play_as(g, 1, "swarm")
    assert destroyed(g) == []
    play_as(g, 2, "peasants")
    assert finish_battle(g) == (3 + 3, 3 + 4 + 2)
    assert destroyed(g) == []


def test_fh_110_swarm_one_candidate_by_printed_bv():
    """FH-110: Fireball makes the Orcs worth 1, but only the Goblins (printed 1) are destroyed, without a question."""
    g = battle_game(["necromancer", "fireball", "swarm"], ["orcs", "goblins"], "mountain#1")
    attack(g, "mountain#1", "necromancer")
    play_as(g, 1, "fireball")
    pass_(g, 1)
    play_as(g, 2, "orcs", "goblins")
    assert totals(g) == (1 + 3, 1 + 0)
    play_as(g, 1, "swarm")
    assert destroyed(g) == ["goblins"]
    assert finish_battle(g) == (1 + 3 + 4, 1)


def test_fh_110_swarm_two_candidates_player_chooses():
    """FH-110: Peasants and Goblins (printed 1) are offered, Archers (printed 2) are not."""
    g = battle_game(["lich", "swarm"], ["knight", "peasants", "goblins", "archers"], "mountain#1")
    attack(g, "mountain#1", "lich")
    pass_(g, 1)
    play_as(g, 2, "knight", "peasants", "goblins", "archers")
    play_as(g, 1, "swarm")
    d = decision(g)
    assert d.kind == "target" and d.seat == 0
    assert set(d.option_ids) == {"target:peasants", "target:goblins"}
    refused(g, "target:archers", seat=1)
    choose(g, "target:goblins")
    assert destroyed(g) == ["goblins"]
    assert finish_battle(g) == (3 + 3, 5 + 2 + 4)


def test_fh_111_wraiths_plus_one_at_swamp_on_either_side():
    """FH-111: Wraiths 5 at a Swamp attacking or defending, 4 elsewhere."""
    _, result = duel("swamp#1", ["warlock", "wraiths"], ["zombies"])
    assert result == (1 + 5, 2)
    _, result = duel("swamp#1", ["warrior", "trolls"], ["wraiths"])
    assert result == (8, 5)
    _, result = duel("castle#1", ["warlock", "wraiths"], ["peasants"])
    assert result == (1 + 4, 2)


def test_fh_112_vampire_plus_one_versus_castle_minions():
    """FH-112: the defending Vampire (6) ties the Knight's Griffins (5) + AV 1, so the defender wins."""
    g, result = duel("swamp#1", ["knight", "griffins"], ["vampire"])
    assert result == (1 + 5, 6)
    assert winner(g) == 2


def test_fh_112_vampire_no_bonus_without_castle_minions():
    """FH-112: only Mountain minions opposite: Vampire 5 +1 Necromancer."""
    _, result = duel("mountain#1", ["necromancer", "vampire"], ["ogres"])
    assert result == (1 + 6, 3)


def test_fh_113_minions_without_abilities_count_their_printed_bv():
    """FH-113: Griffins 4, Ogres 3, Trolls 4, Myrmidons 2, Skeletons 1, Zombies 2, attacking or defending."""
    _, result = duel("tower#1", ["lich", "skeletons", "zombies"], ["myrmidons"], attacker_territories=("castle#2",))
    assert result == (3 + 1 + 2, 2)
    _, result = duel("castle#1", ["warrior", "ogres", "trolls"], ["griffins"])
    assert result == (4 + 3 + 4, 4)
    _, result = duel("mountain#1", ["cleric"], ["ogres", "trolls"])
    assert result == (1, 3 + 4)
    _, result = duel("swamp#1", ["wizard", "myrmidons"], ["skeletons", "zombies"])
    assert result == (1 + 2, 1 + 2)
    _, result = duel("castle#1", ["cleric", "griffins"], [])
    assert result == (1 + 4, 0)


# -- abilities when cards change side, leave, or have nothing to act on ------------------------


def test_fh_083_cleric_bonus_judged_at_totals_after_petrification():
    """FH-083, FH-063, FH-127: the only Swamp minion opposite is petrified, so the Cleric gets no +3."""
    g = battle_game(["cleric", "petrification"], ["zombies"], "swamp#1")
    attack(g, "swamp#1", "cleric")
    pass_(g, 1)
    play_as(g, 2, "zombies")
    assert totals(g) == (1 + 3, 2)
    play_as(g, 1, "petrification")
    assert destroyed(g) == ["zombies"]
    assert finish_battle(g) == (1, 0)


def test_fh_092_rogue_with_an_empty_opposing_hand_steals_nothing():
    """FH-092, FH-060: nothing to steal, nothing happens."""
    g = battle_game(["rogue"], [], "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "rogue")
    assert events_of(g, "steal") == []
    assert last_result(g) == (3, 0)


def test_fh_101_unpaid_goblins_option_moves_with_charm():
    """FH-101, FH-053, FH-128: Goblins taken by Charm before they were paid for: the new owner may pay."""
    g = battle_game(["necromancer", "charm", "trolls"], ["goblins", "giant", "ogres"], "mountain#1")
    attack(g, "mountain#1", "necromancer")
    pass_(g, 1)
    play_as(g, 2, "goblins", "giant")
    assert "pay:goblins" in window_of(g, 2).option_ids
    pass_(g, 2)
    play_as(g, 1, "charm")
    d = decision(g)
    assert d.kind == "target" and set(d.option_ids) == {"target:goblins", "target:giant"}
    choose(g, "target:goblins")
    assert "pay:goblins" in window_of(g, 1).option_ids
    choose(g, "pay:goblins")
    choose(g, "discard:trolls")
    assert finish_battle(g) == (1 + 2 + 0, 6)


def test_fh_101_paid_goblins_keep_their_plus_one_when_taken():
    """FH-101, FH-053, FH-089: the defender paid for his Goblins; taken by the Enchantress they count 2 for her."""
    g = battle_game(["enchantress"], ["barbarian", "goblins", "zombies"], "mountain#1")
    attack(g, "mountain#1", "enchantress")
    play_as(g, 2, "barbarian", "goblins")
    choose(g, "pay:goblins")
    choose(g, "discard:zombies")
    assert decision(g).kind == "enchant"
    assert totals(g) == (1, 3 + 2)
    choose(g, "target:goblins")
    assert last_result(g) == (1 + 2, 3)


def test_fh_104_elves_taken_by_the_enchantress_raise_her_spell_level():
    """FH-104, FH-053, FH-126: the Elves' +1 spell level moves with them; Illusions = 1 + 2 at totals."""
    g = battle_game(["enchantress", "illusions"], ["druid", "elves"], "forest#1")
    attack(g, "forest#1", "enchantress")
    play_as(g, 1, "illusions")
    play_as(g, 2, "druid", "elves")
    assert decision(g).kind == "enchant"
    assert totals(g) == (1 + 2, 3 + 3)
    choose(g, "target:elves")
    assert last_result(g) == (1 + 3 + 2, 3)


def test_fh_108_golems_charge_moves_with_charm():
    """FH-108, FH-053, FH-057: once Charm takes the Golems, the defender has no charge left for Disintegrate."""
    g = battle_game(["wizard", "charm", "disintegrate"], ["golems"], "tower#1", attacker_territories=("castle#2",))
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play_as(g, 2, "golems")
    window_of(g, 1)
    g.choose(0, ["play:charm"])
    d = decision(g)
    assert d.kind == "negate" and d.seat == 1  # the Golems could stop the Charm...
    choose(g, "pass")
    assert [e.data["card"] for e in events_of(g, "control")] == ["golems"]
    play_as(g, 1, "disintegrate")  # ...but now no negation is offered
    assert state(g).battle is None
    assert events_of(g, "negate") == []
    assert last_result(g) == (1 + 3 + 0 + 5, 0)


def test_fh_110_swarm_brought_by_summon_still_destroys():
    """FH-110, FH-130: Swarm summoned by a Cleric destroys the Peasants as it is played."""
    g = battle_game(["cleric", "summon", "swarm"], ["peasants", "griffins"], "castle#1")
    attack(g, "castle#1", "cleric")
    pass_(g, 1)
    play_as(g, 2, "peasants", "griffins")
    play_as(g, 1, "summon")
    choose(g, "play:swarm")
    assert destroyed(g) == ["peasants"]
    assert finish_battle(g) == (1 + 3 + 0, 4)
