"""Artifacts and spells: checklist FH-114 to FH-132 (sections 3.14 and 3.15)."""

from __future__ import annotations

import pytest

from tests.fantasy_heroes.helpers import (
    attack,
    battle_side,
    choose,
    decision,
    events_of,
    fh_game,
    finish_battle,
    hand,
    last_result,
    options,
    pass_,
    play,
    refused,
    skip_instants,
    state,
    totals,
    window_of,
)

ATT, DEF = 0, 1


# -- local helpers ------------------------------------------------------------------------


def play_battle(attacker: list[str], defender: list[str], target: str, home: str, seed: int = 1):
    """Attacker plays all his cards in W1 (hero first), the defender all of his in W2, then both pass."""
    g = fh_game([
        {"hand": list(attacker), "territories": [home]},
        {"hand": list(defender), "territories": [target]},
    ], seed=seed)
    attack(g, target, attacker[0])
    play(g, *attacker[1:])
    pass_(g, 1)
    play(g, *defender)
    pass_(g, 2)
    return g


# -- 3.14 Artifacts --------------------------------------------------------------------------


def test_fh_114_artifact_needs_a_hero_on_the_side():
    g = fh_game([
        {"hand": ["warrior", "celestial-sword", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["knight", "titans-armor", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    # The attacker always has his hero: the artifact is offered at once.
    assert "play:celestial-sword" in options(g)
    play(g, "celestial-sword")
    pass_(g, 1)
    window_of(g, 2)
    # The defender has no hero yet: his artifact is refused, even after a minion.
    refused(g, "play:titans-armor", seat=2)
    play(g, "peasants")
    refused(g, "play:titans-armor", seat=2)
    play(g, "knight")
    assert "play:titans-armor" in options(g)
    play(g, "titans-armor")
    assert battle_side(g, DEF).artifact == "titans-armor"


def test_fh_115_rune_staff_draws_one_card_when_played():
    g = fh_game([
        {"hand": ["warrior", "rune-staff"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ], deck=["griffins", "ogres"])
    attack(g, "castle#1", "warrior")
    play(g, "rune-staff")
    staff_draws = [e for e in events_of(g, "draw") if e.rule == "FH-115"]
    assert [(e.data["seat"], e.data["count"]) for e in staff_draws] == [(ATT, 1)]
    assert hand(g, 1) == ["griffins"]          # the top card, and only it
    assert state(g).deck[-1] == "ogres"
    assert battle_side(g, ATT).artifact == "rune-staff"


@pytest.mark.parametrize("defender_extra, expected", [([], (9, 5)), (["celestial-sword"], (4, 9))])
def test_fh_116_celestial_sword_av_plus_one_only_when_attacking(defender_extra, expected):
    if not defender_extra:
        # Attacking: Warrior AV 4 +1 (Sword) + Sword BV 4 = 9 against Knight DV 5.
        g = play_battle(["warrior", "celestial-sword"], ["knight"], "castle#1", "mountain#1")
    else:
        # Defending: Knight DV 5 + Sword BV 4 = 9 (no +1 to DV) against Warrior 4.
        g = play_battle(["warrior"], ["knight", *defender_extra], "castle#1", "mountain#1")
    assert finish_battle(g) == expected


def test_fht_16_sword_and_armor_by_role():
    """FHT-16."""
    g = play_battle(["warrior", "celestial-sword"], ["knight", "titans-armor"], "castle#1", "mountain#1")
    assert finish_battle(g) == (9, 9)
    g = play_battle(["warrior", "titans-armor"], ["knight", "celestial-sword"], "castle#1", "mountain#1")
    assert finish_battle(g) == (7, 9)


@pytest.mark.parametrize("role", ["defending", "attacking"])
def test_fh_117_titans_armor_dv_plus_one_only_when_defending(role):
    if role == "defending":
        # Knight DV 5 +1 (Armor) + Armor BV 3 = 9.
        g = play_battle(["warrior"], ["knight", "titans-armor"], "castle#1", "mountain#1")
        assert finish_battle(g) == (4, 9)
    else:
        # Warrior AV 4 + Armor BV 3 = 7 (the DV +1 does nothing for an attacker).
        g = play_battle(["warrior", "titans-armor"], ["knight"], "castle#1", "mountain#1")
        assert finish_battle(g) == (7, 5)


def test_fh_118_spell_shield_gives_one_negation_charge():
    g = fh_game([
        {"hand": ["wizard", "demon", "illusions", "invisibility"], "territories": ["tower#1"]},
        {"hand": ["warrior", "spell-shield", "ogres"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "wizard")
    play(g, "demon", "illusions", "invisibility")
    window_of(g, 2)
    assert not [o for o in options(g) if o.startswith("negate:")]   # no charge yet
    play(g, "warrior", "spell-shield")
    negations = {o for o in options(g) if o.startswith("negate:")}
    assert negations == {"negate:illusions:spell-shield", "negate:invisibility:spell-shield"}
    choose(g, "negate:illusions:spell-shield")
    # One charge only: nothing more to negate with.
    assert not [o for o in options(g) if o.startswith("negate:")]
    refused(g, "negate:invisibility:spell-shield", seat=2)
    play(g, "ogres")
    # Wizard 1 + Demon 6 + Illusions 0 (negated) + Invisibility 3 = 10;
    # Warrior 4 + Spell Shield 2 + Ogres 3 = 9.
    assert finish_battle(g) == (10, 9)


def test_fh_119_ring_of_the_magi_gives_plus_one_spell_level():
    g = fh_game([
        {"hand": ["warrior", "ring-of-the-magi", "invisibility"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    assert g.view_for(ATT)["battle"]["spell_levels"][ATT] == 0
    refused(g, "play:invisibility", seat=1)     # Warrior has spell level 0
    play(g, "ring-of-the-magi")
    assert g.view_for(ATT)["battle"]["spell_levels"][ATT] == 1
    play(g, "invisibility")
    assert battle_side(g, ATT).spells == ["invisibility"]
    assert totals(g)[0] == 4 + 1 + 3


# -- 3.15 Spells ---------------------------------------------------------------------------------


def test_fh_120_bless_boosts_later_and_charmed_minions():
    g = fh_game([
        {"hand": ["necromancer", "skeletons", "bless", "zombies", "charm"], "territories": ["swamp#1"]},
        {"hand": ["knight", "griffins"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    play(g, "skeletons")
    assert totals(g)[0] == 1 + 2            # Skeletons 1 +1 Necromancer
    play(g, "bless")
    assert totals(g)[0] == 1 + 3            # +1 Bless
    play(g, "zombies")                      # arrives after Bless
    assert totals(g)[0] == 1 + 3 + 4        # Zombies 2 +1 Necromancer +1 Bless
    pass_(g, 1)
    play(g, "knight", "griffins")
    play(g, "charm")                        # takes Griffins, the only opposing minion
    assert [e.data["card"] for e in events_of(g, "control")] == ["griffins"]
    # Necromancer 1 + Skeletons 3 + Zombies 4 + Griffins 5 (4 +1 Bless) ; Knight 5.
    assert last_result(g) == (13, 5)


def test_fh_120_negated_bless_gives_nothing():
    g = fh_game([
        {"hand": ["necromancer", "skeletons", "bless"], "territories": ["swamp#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    play(g, "skeletons")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    play(g, "bless")
    choose(g, "negate:bless:priest")        # in response
    # Necromancer 1 + Skeletons 2 (no Bless) ; Priest 1 + Peasants 2 later.
    assert totals(g) == (3, 1)


def test_fh_121_cone_of_cold_opponent_discards_one_random_card():
    defender_hand = ["peasants", "archers", "pikemen", "griffins"]
    g = fh_game([
        {"hand": ["shaman", "cone-of-cold"], "territories": ["mountain#1"]},
        {"hand": list(defender_hand), "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "shaman")
    discard_before = list(state(g).discard)
    play(g, "cone-of-cold")
    cone = [e for e in events_of(g, "discard") if e.rule == "FH-121"]
    assert len(cone) == 1 and cone[0].data["seat"] == DEF
    (lost,) = cone[0].data["cards"]
    assert lost in defender_hand
    assert state(g).discard == discard_before + [lost]
    assert sorted(hand(g, 2)) == sorted(c for c in defender_hand if c != lost)
    assert totals(g)[0] == 3 + 2            # Cone of Cold's BV 2 counts


def test_fh_122_lightning_bolt_destroys_the_current_artifact():
    g = fh_game([
        {"hand": ["wizard", "lightning-bolt"], "territories": ["tower#1"]},
        {"hand": ["warrior", "titans-armor"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "wizard")
    pass_(g, 1)
    play(g, "warrior", "titans-armor")
    play(g, "lightning-bolt")
    destroyed = [e for e in events_of(g, "destroy") if e.rule == "FH-122"]
    assert [e.data["card"] for e in destroyed] == ["titans-armor"]
    # Wizard 1 + Bolt 3 ; Warrior 4 (no Armor any more).
    assert last_result(g) == (4, 4)


def test_fh_122_lightning_bolt_only_hits_current_artifact():
    g = fh_game([
        {"hand": ["wizard", "lightning-bolt"], "territories": ["tower#1"]},
        {"hand": ["warrior", "titans-armor"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "wizard")
    play(g, "lightning-bolt")               # nothing to hit yet
    play(g, "warrior", "titans-armor")      # played later: not affected
    finish_battle(g)
    assert events_of(g, "destroy") == []
    # Wizard 1 + Bolt 3 (its BV still counts) ; Warrior 4 +1 Armor + Armor 3.
    assert last_result(g) == (4, 8)


def test_fh_123_fireball_hits_later_minions_and_floors_at_zero():
    g = fh_game([
        {"hand": ["lich", "skeletons", "zombies"], "territories": ["swamp#1"]},
        {"hand": ["cleric", "fireball"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "lich")
    play(g, "skeletons")
    pass_(g, 1)
    assert totals(g) == (3 + 1, 0)
    play(g, "cleric", "fireball")
    # Skeletons 1 -1 = 0 (not below). Cleric 3 +3 (Swamp minion) + Fireball 3.
    assert totals(g) == (3 + 0, 9)
    play(g, "zombies")                      # arrives after Fireball: 2 -1
    assert last_result(g) == (3 + 0 + 1, 9)


def test_fh_123_fireball_makes_pikemen_weaker_fht_17():
    g = play_battle(["knight", "pikemen"], ["necromancer", "skeletons", "fireball"], "castle#1", "castle#2")
    # Knight 1 + Pikemen 2 (3 -1 attacking +1 Knight -1 Fireball) ; Necromancer 1 + Skeletons 2 + Fireball 3.
    assert finish_battle(g) == (3, 6)


@pytest.mark.parametrize("spell, bv, rule", [("disintegrate", 5, "FH-124"), ("invisibility", 3, "FH-125")])
def test_fh_124_fh_125_pure_bv_spells(spell, bv, rule):
    other = "invisibility" if spell == "disintegrate" else "disintegrate"
    g = fh_game([
        {"hand": ["cleric", spell, other, "griffins"], "territories": ["castle#1"]},
        {"hand": ["peasants"], "territories": ["castle#2"]},
    ])
    attack(g, "castle#2", "cleric")
    n_events = len(g.events)
    play(g, spell)
    assert totals(g) == (1 + bv, 0)
    # No effect beyond the BV: nothing drawn, discarded, destroyed or moved.
    assert not [e for e in g.events[n_events:] if e.kind in ("draw", "discard", "destroy", "control", "steal")]
    # It used the Cleric's only spell slot.
    assert battle_side(g, ATT).spells_cast == 1
    refused(g, f"play:{other}", seat=1)


@pytest.mark.parametrize("spell", ["disintegrate", "invisibility"])
def test_fh_124_fh_125_pure_bv_spells_can_be_negated(spell):
    g = fh_game([
        {"hand": ["cleric", spell, "griffins"], "territories": ["castle#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#2"]},
    ])
    attack(g, "castle#2", "cleric")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    play(g, spell)
    d = decision(g)
    assert (d.kind, d.seat) == ("negate", DEF)
    choose(g, f"negate:{spell}:priest")
    assert totals(g) == (1, 1)
    assert battle_side(g, ATT).spells_cast == 1


def test_fh_126_illusions_x_at_totals_and_zero_when_negated():
    g = fh_game([
        {"hand": ["wizard", "illusions", "djinn"], "territories": ["castle#1"]},
        {"hand": ["warrior", "golems", "gnomes"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    play(g, "illusions")
    assert totals(g)[0] == 1 + 4            # X = 1 + 3
    play(g, "djinn")                        # raises the level after Illusions was cast
    assert totals(g)[0] == 1 + 5 + 4        # X = 1 + 4, Djinn 4
    pass_(g, 1)
    play(g, "warrior", "golems")
    choose(g, "negate:illusions:golems")
    assert totals(g)[0] == 1 + 0 + 4
    assert finish_battle(g) == (5, 4 + 3)


def test_fh_127_petrification_destroys_the_chosen_opposing_minion():
    g = fh_game([
        {"hand": ["necromancer", "petrification"], "territories": ["swamp#1"]},
        {"hand": ["knight", "archers", "griffins"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    pass_(g, 1)
    play(g, "knight", "archers", "griffins")
    play(g, "petrification")
    d = decision(g)
    assert (d.kind, d.seat) == ("target", ATT)
    assert set(d.option_ids) == {"target:archers", "target:griffins"}
    choose(g, "target:archers")
    assert [(e.data["card"], e.rule) for e in events_of(g, "destroy")] == [("archers", "FH-127")]
    assert "archers" in state(g).discard
    # Necromancer 1 ; Knight 5 + Griffins 5 (4 +1 Knight). Archers count for nothing.
    assert last_result(g) == (1, 10)


def test_fh_128_charm_takes_a_minion_which_changes_role():
    g = fh_game([
        {"hand": ["necromancer", "charm"], "territories": ["swamp#1"]},
        {"hand": ["pikemen", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    pass_(g, 1)
    play(g, "pikemen", "peasants")
    assert totals(g) == (1, 4 + 2)          # Pikemen 3 +1 defending, Peasants 1 +1
    window_of(g, 1)
    play(g, "charm")
    d = decision(g)
    assert (d.kind, d.seat) == ("target", ATT)
    choose(g, "target:pikemen")
    assert [(e.data["card"], e.rule) for e in events_of(g, "control")] == [("pikemen", "FH-128")]
    # Pikemen now attack: 3 -1. Necromancer 1 + Pikemen 2 + Charm 0 ; Peasants 2.
    assert last_result(g) == (3, 2)


def test_fh_129_cataclysm_destroys_only_minions_so_far():
    g = fh_game([
        {"hand": ["warrior", "trolls", "ogres", "orcs"], "territories": ["mountain#1"]},
        {"hand": ["cleric", "archangel", "cataclysm", "griffins"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    play(g, "trolls", "ogres")
    pass_(g, 1)
    play(g, "cleric", "archangel", "cataclysm")
    destroyed = [e.data["card"] for e in events_of(g, "destroy") if e.rule == "FH-129"]
    assert sorted(destroyed) == ["archangel", "ogres", "trolls"]
    assert battle_side(g, ATT).minions == [] and battle_side(g, DEF).minions == []
    pass_(g, 2)
    play(g, "orcs")                         # later minions stay
    assert battle_side(g, ATT).minions == ["orcs"]
    play(g, "griffins")
    # Warrior 4 + Orcs 3 ; Cleric 3 + Griffins 4 + Cataclysm 0.
    assert last_result(g) == (7, 7)


def test_fh_130_summon_ignores_matching_fht_21():
    g = fh_game([
        {"hand": ["cleric", "summon", "dragon"], "territories": ["castle#1"]},
        {"hand": ["gnomes", "myrmidons", "demon"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "cleric")
    refused(g, "play:dragon", seat=1)       # Forest minion for a Castle hero
    play(g, "summon")
    d = decision(g)
    assert (d.kind, d.seat) == ("summon", ATT)
    assert "play:dragon" in d.option_ids
    choose(g, "play:dragon")
    assert battle_side(g, ATT).minions == ["dragon"]
    # Dragon's own on-play effect happens: the defender discards one random card.
    assert len([e for e in events_of(g, "discard") if e.rule == "FH-106"]) == 1
    assert len(hand(g, 2)) == 2
    assert totals(g)[0] == 1 + 5 + 0


def test_fh_130_summoned_minion_does_not_use_sorcerer_allowance():
    g = fh_game([
        {"hand": ["sorcerer", "summon", "giant", "orcs", "trolls", "myrmidons"], "territories": ["tower#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "sorcerer")
    play(g, "summon")
    choose(g, "play:giant")
    skip_instants(g)
    assert battle_side(g, ATT).minions == ["giant"]
    assert battle_side(g, ATT).sorcerer_allowance_used is False
    play(g, "orcs")                         # the Sorcerer's one non-Tower minion is still free
    assert battle_side(g, ATT).sorcerer_allowance_used is True
    err = refused(g, "play:trolls", seat=1)   # and now it is used
    assert err.rule == "FH-091"


def test_fh_131_scrye_in_battle_shows_the_battle_opponents_hand():
    g = fh_game([
        {"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
        {"hand": ["griffins", "ogres"], "territories": ["castle#1"]},
        {"hand": ["trolls"], "territories": ["swamp#1"]},
    ])
    attack(g, "castle#1", "warrior")
    window_of(g, 1)
    choose(g, "play:scrye")
    # No choice of opponent in a battle: it is the battle opponent.
    assert g.view_for(ATT)["reveals"] == [{"of": 1, "cards": ["griffins", "ogres"]}]
    assert g.view_for(1)["reveals"] == [] and g.view_for(2)["reveals"] == []
    reveal = [e for e in events_of(g, "reveal") if e.rule == "FH-131"]
    assert len(reveal) == 1 and reveal[0].seats == (ATT,)
    assert "scrye" in state(g).discard and "scrye" not in hand(g, 1)


def test_fh_131_scrye_outside_battle_chooses_any_opponent():
    g = fh_game([
        {"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
        {"hand": ["griffins"], "territories": ["castle#1"]},
        {"hand": ["trolls", "ogres"], "territories": ["swamp#1"]},
    ])
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", ATT)
    choose(g, "play:scrye")
    d = decision(g)
    assert (d.kind, d.seat) == ("scrye_target", ATT)
    assert set(d.option_ids) == {"seat:1", "seat:2"}
    choose(g, "seat:2")
    assert g.view_for(ATT)["reveals"] == [{"of": 2, "cards": ["trolls", "ogres"]}]


def test_fh_132_fortune_draws_three_cards():
    g = fh_game([
        {"hand": ["warrior", "fortune"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ], deck=["griffins", "ogres", "trolls", "zombies"])
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", ATT)
    choose(g, "play:fortune")
    draws = [e for e in events_of(g, "draw") if e.rule == "FH-132"]
    assert [(e.data["seat"], e.data["count"]) for e in draws] == [(ATT, 3)]
    assert hand(g, 1) == ["warrior", "griffins", "ogres", "trolls"]
    assert "fortune" in state(g).discard
    assert decision(g).kind == "attack"


def test_fh_132_fortune_needs_no_hero_and_no_slot_in_battle():
    g = fh_game([
        {"hand": ["warrior", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["fortune", "peasants"], "territories": ["castle#1"]},
    ], deck=["griffins", "ogres", "zombies"])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    window_of(g, 2)
    choose(g, "play:fortune")               # defender without a hero, spell level 0
    assert sorted(hand(g, 2)) == ["griffins", "ogres", "peasants", "zombies"]
    assert battle_side(g, DEF).spells_cast == 0


# -- further cases ---------------------------------------------------------------------------------


def test_fh_122_lightning_bolt_on_ring_lowers_the_spell_level_and_illusions():
    g = fh_game([
        {"hand": ["cleric", "lightning-bolt", "griffins"], "territories": ["castle#1"]},
        {"hand": ["wizard", "ring-of-the-magi", "illusions", "invisibility", "disintegrate", "bless",
                  "ogres"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "cleric")
    pass_(g, 1)
    play(g, "wizard", "ring-of-the-magi", "illusions", "invisibility", "disintegrate")
    assert g.view_for(DEF)["battle"]["spell_levels"][DEF] == 4
    # Wizard 1 + Ring 1 + Illusions 5 + Invisibility 3 + Disintegrate 5.
    assert totals(g)[1] == 15
    pass_(g, 2)
    play(g, "lightning-bolt")
    assert [e.data["card"] for e in events_of(g, "destroy")] == ["ring-of-the-magi"]
    # Level 3 now: Illusions X = 4, and the three spells stay (FH-038).
    assert totals(g)[1] == 1 + 4 + 3 + 5
    assert battle_side(g, DEF).spells == ["illusions", "invisibility", "disintegrate"]
    pass_(g, 1)
    refused(g, "play:bless", seat=2)


def test_fh_128_charmed_golems_bring_their_unspent_charge():
    g = fh_game([
        {"hand": ["wizard", "charm", "myrmidons"], "territories": ["castle#1"]},
        {"hand": ["cleric", "golems", "disintegrate"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play(g, "cleric", "golems")
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:charm")
    d = decision(g)
    assert (d.kind, d.seat) == ("negate", DEF)      # the Golems could stop it
    choose(g, "pass")
    skip_instants(g)
    assert battle_side(g, ATT).minions == ["golems"]
    pass_(g, 1)
    window_of(g, 2)
    choose(g, "play:disintegrate")
    d = decision(g)
    assert (d.kind, d.seat) == ("negate", ATT)      # the charge moved with the Golems
    assert d.option_ids == ("negate:disintegrate:golems", "pass")


def test_fh_128_charmed_elves_give_their_spell_level_to_the_new_side():
    g = fh_game([
        {"hand": ["necromancer", "charm", "invisibility", "disintegrate", "skeletons"],
         "territories": ["swamp#1"]},
        {"hand": ["elves", "dwarves"], "territories": ["forest#1"]},
    ])
    attack(g, "forest#1", "necromancer")
    pass_(g, 1)
    play(g, "elves")
    pass_(g, 2)
    assert g.view_for(ATT)["battle"]["spell_levels"] == [2, 0]
    play(g, "charm")                           # takes the Elves, the only opposing minion
    assert battle_side(g, ATT).minions == ["elves"]
    assert g.view_for(ATT)["battle"]["spell_levels"][ATT] == 3
    play(g, "invisibility", "disintegrate")    # a third spell for a level-2 Necromancer
    assert battle_side(g, ATT).spells_cast == 3


def test_fh_130_summon_works_after_the_sorcerer_allowance_is_used():
    g = fh_game([
        {"hand": ["sorcerer", "orcs", "summon", "giant", "myrmidons"], "territories": ["tower#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "sorcerer")
    play(g, "orcs")                             # the allowance
    refused(g, "play:giant", seat=1)
    play(g, "summon")
    d = decision(g)
    assert (d.kind, d.seat) == ("summon", ATT)
    choose(g, "play:giant")
    skip_instants(g)
    assert battle_side(g, ATT).minions == ["orcs", "giant"]


def test_fh_131_bystander_scrye_during_a_battle_chooses_any_opponent():
    g = fh_game([
        {"hand": ["warrior", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["griffins"], "territories": ["castle#1"]},
        {"hand": ["scrye"], "territories": ["swamp#1"]},
    ])
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", 2)
    choose(g, "pass")
    choose(g, "attack:castle#1")
    choose(g, "play:warrior")
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", 2)
    choose(g, "play:scrye")
    d = decision(g)
    assert (d.kind, d.seat) == ("scrye_target", 2)
    assert set(d.option_ids) == {"seat:0", "seat:1"}
    choose(g, "seat:0")
    assert g.view_for(2)["reveals"] == [{"of": 0, "cards": ["trolls"]}]
    assert g.view_for(1)["reveals"] == []


def test_fh_132_fortune_with_nothing_left_to_draw():
    g = fh_game([
        {"hand": ["warrior", "fortune"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ], deck=["griffins"], unlisted="aside")
    choose(g, "play:fortune")
    draws = [e for e in events_of(g, "draw") if e.rule == "FH-132"]
    # One card in the deck and an empty discard pile (Fortune is discarded once it has
    # resolved): the other two draws give nothing (FH-018), without an error.
    assert [e.data["count"] for e in draws] == [1]
    assert hand(g, 1) == ["warrior", "griffins"]
    assert "fortune" in state(g).discard
