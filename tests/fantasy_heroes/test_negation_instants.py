"""Negation (FH-055 to FH-060), instants (FH-133 to FH-135), targets, passes and the
Sorcerer's allowance (FH-136 to FH-138), and the worked cases FHT-27 to FHT-30 and
FHT-33 to FHT-36."""

from __future__ import annotations

import json

import pytest

from tests.fantasy_heroes.helpers import (
    attack,
    battle_side,
    choose,
    decision,
    events_of,
    expect,
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


def negations(g) -> set[str]:
    return {o for o in options(g) if o.startswith("negate:")}


def advance_until(g, wanted, limit: int = 80):
    """Answer every decision with "pass" (discards: the first cards) until ``wanted(decision)``."""
    for _ in range(limit):
        d = decision(g)
        if wanted(d):
            return d
        if d.kind == "discard":
            g.choose(d.seat, list(d.option_ids[:d.min_choices]))
        else:
            assert "pass" in d.option_ids, f"cannot pass {d.kind}: {d.prompt}"
            g.choose(d.seat, ["pass"])
    raise AssertionError("the wanted decision never came")


def events_since(g, n: int, kind: str | None = None) -> list:
    return [e for e in g.events[n:] if kind is None or e.kind == kind]


# -- FH-055 to FH-060: negation and random effects --------------------------------------------------


def test_fh_055_priest_golems_and_spell_shield_each_give_one_charge():
    g = fh_game([
        {"hand": ["wizard", "illusions", "invisibility", "disintegrate"], "territories": ["castle#1"]},
        {"hand": ["priest", "golems", "spell-shield"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    play(g, "illusions", "invisibility", "disintegrate")   # no charge on the table yet
    window_of(g, 2)
    assert negations(g) == set()
    play(g, "priest", "golems", "spell-shield")
    spells = ("illusions", "invisibility", "disintegrate")
    sources = ("priest", "golems", "spell-shield")
    assert negations(g) == {f"negate:{s}:{c}" for s in spells for c in sources}
    choose(g, "negate:illusions:priest")
    assert negations(g) == {f"negate:{s}:{c}" for s in spells[1:] for c in sources[1:]}
    choose(g, "negate:invisibility:golems")
    assert negations(g) == {"negate:disintegrate:spell-shield"}
    choose(g, "negate:disintegrate:spell-shield")
    used = [(e.data["card"], e.data["source"]) for e in events_of(g, "negate")]
    assert used == [("illusions", "priest"), ("invisibility", "golems"), ("disintegrate", "spell-shield")]
    # Wizard 1 + three negated spells at 0 ; Priest 1 + Golems 3 + Spell Shield 2.
    assert last_result(g) == (1, 6)


def test_fh_055_a_charge_negates_only_opposing_spells():
    g = fh_game([
        {"hand": ["wizard", "spell-shield", "myrmidons"], "territories": ["castle#1"]},
        {"hand": ["priest", "invisibility", "peasants"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    play(g, "spell-shield")
    pass_(g, 1)
    play(g, "priest", "invisibility")
    d = expect(g, "negate", 1)               # the attacker may answer the defender's spell
    assert d.option_ids == ("negate:invisibility:spell-shield", "pass")
    choose(g, "pass")
    window_of(g, 2)
    assert negations(g) == set()             # the Priest's charge cannot hit his own side's spell
    refused(g, "negate:invisibility:priest", seat=2)


def test_fh_056_negated_spell_counts_zero_but_uses_its_slot_and_is_discarded():
    g = fh_game([
        {"hand": ["cleric", "invisibility", "disintegrate", "griffins"], "territories": ["castle#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#2"]},
    ])
    attack(g, "castle#2", "cleric")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    play(g, "invisibility")
    expect(g, "negate", 2)
    choose(g, "negate:invisibility:priest")
    assert totals(g) == (1, 1)               # Invisibility counts 0
    err = refused(g, "play:disintegrate", seat=1)   # the Cleric's one slot is used
    assert err.rule == "FH-037"
    finish_battle(g)
    discarded = [e for e in events_of(g, "battle_discard")][-1].data["cards"]
    assert "invisibility" in discarded
    assert "invisibility" in state(g).discard


def test_fh_057_negation_in_response_stops_the_one_shot_effect():
    g = fh_game([
        {"hand": ["wizard", "lightning-bolt", "myrmidons"], "territories": ["tower#1"]},
        {"hand": ["warrior", "spell-shield"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "wizard")
    pass_(g, 1)
    play(g, "warrior", "spell-shield")
    window_of(g, 1)
    play_id = len(g.events)
    choose(g, "play:lightning-bolt")
    d = expect(g, "negate", 2)               # asked before the Bolt resolves
    assert events_since(g, play_id, "destroy") == []
    assert "negate:lightning-bolt:spell-shield" in d.option_ids
    choose(g, "negate:lightning-bolt:spell-shield")
    assert events_of(g, "destroy") == []
    assert battle_side(g, DEF).artifact == "spell-shield"
    # Wizard 1 + Bolt 0 ; Warrior 4 + Spell Shield 2.
    assert totals(g) == (1, 6)


def test_fh_058_later_negation_stops_bv_and_continuous_effects_but_not_one_shots():
    g = fh_game([
        {"hand": ["necromancer", "fireball", "charm", "skeletons"], "territories": ["swamp#1"]},
        {"hand": ["priest", "spell-shield", "archers", "griffins"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    pass_(g, 1)
    play(g, "priest", "spell-shield", "archers", "griffins")
    window_of(g, 1)
    choose(g, "play:fireball")
    expect(g, "negate", 2)
    choose(g, "pass")                         # let it take effect
    skip_instants(g)
    choose(g, "play:charm")
    expect(g, "negate", 2)
    choose(g, "pass")
    expect(g, "target", 1)
    choose(g, "target:griffins")
    skip_instants(g)
    # Necromancer 1 + Griffins 4 + Fireball 3 + Charm 0 ; Priest 1 + Shield 2 + Archers 2 (2 +1 -1).
    assert totals(g) == (8, 5)
    pass_(g, 1)
    window_of(g, 2)
    choose(g, "negate:fireball:priest")
    skip_instants(g)
    choose(g, "negate:charm:spell-shield")
    window_of(g, 1)                           # the defender had nothing more to do
    # Fireball's BV and -1 are gone; Charm's control is not undone.
    assert battle_side(g, ATT).minions == ["griffins"]
    assert totals(g) == (1 + 4, 1 + 2 + 3)


def test_fh_059_each_charge_is_spent_once():
    g = fh_game([
        {"hand": ["necromancer", "invisibility", "disintegrate", "skeletons"], "territories": ["swamp#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:invisibility")
    expect(g, "negate", 2)
    choose(g, "negate:invisibility:priest")
    skip_instants(g)
    choose(g, "play:disintegrate")
    skip_instants(g)
    window_of(g, 1)                           # no second negation offer
    pass_(g, 1)
    window_of(g, 2)
    assert negations(g) == set()
    refused(g, "negate:disintegrate:priest", seat=2)
    assert state(g).battle.negated == ["invisibility"]


def test_fh_059_destroyed_source_loses_its_charge():
    g = fh_game([
        {"hand": ["wizard", "petrification", "illusions", "myrmidons"], "territories": ["castle#1"]},
        {"hand": ["warrior", "golems"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play(g, "warrior", "golems")
    window_of(g, 1)
    choose(g, "play:petrification")
    expect(g, "negate", 2)
    choose(g, "pass")                         # Golems keep their charge... for now
    skip_instants(g)
    assert [e.data["card"] for e in events_of(g, "destroy")] == ["golems"]
    choose(g, "play:illusions")
    skip_instants(g)
    window_of(g, 1)                           # no negation offer: the charge went with the Golems
    assert state(g).battle.negated == []
    mark = len(g.events)
    pass_(g, 1)
    # The defender's W4 had nothing to do (no charge left), so it passed by itself.
    assert [e.data["seat"] for e in events_since(g, mark, "pass")] == [DEF]
    window_of(g, 1)
    assert not events_of(g, "negate")


def test_fh_059_applied_negation_stays_when_its_source_leaves():
    g = fh_game([
        {"hand": ["wizard", "illusions", "lightning-bolt", "myrmidons"], "territories": ["tower#1"]},
        {"hand": ["warrior", "spell-shield"], "territories": ["mountain#1"]},
    ])
    attack(g, "mountain#1", "wizard")
    pass_(g, 1)
    play(g, "warrior", "spell-shield")
    window_of(g, 1)
    choose(g, "play:illusions")
    expect(g, "negate", 2)
    choose(g, "negate:illusions:spell-shield")
    skip_instants(g)
    choose(g, "play:lightning-bolt")          # destroys the Spell Shield
    skip_instants(g)
    assert [e.data["card"] for e in events_of(g, "destroy")] == ["spell-shield"]
    assert "illusions" in state(g).battle.negated
    # Wizard 1 + Illusions 0 + Bolt 3 ; Warrior 4.
    assert totals(g) == (4, 4)


def _cone_game(seed: int, defender_hand: list[str]):
    g = fh_game([
        {"hand": ["shaman", "cone-of-cold"], "territories": ["mountain#1"]},
        {"hand": list(defender_hand), "territories": ["castle#1"]},
    ], seed=seed)
    attack(g, "castle#1", "shaman")
    play(g, "cone-of-cold")
    return g


def _cone_discards(g) -> list[str]:
    return [c for e in events_of(g, "discard") if e.rule == "FH-121" for c in e.data["cards"]]


def test_fh_060_random_card_uses_the_seeded_rng():
    defender_hand = ["peasants", "archers", "pikemen", "griffins"]
    first = _cone_discards(_cone_game(7, defender_hand))
    again = _cone_discards(_cone_game(7, defender_hand))
    assert len(first) == 1 and first == again          # same seed, same choices, same card
    seen = {_cone_discards(_cone_game(seed, defender_hand))[0] for seed in range(1, 31)}
    assert seen == set(defender_hand)                   # any card of the hand can be hit


def test_fh_060_random_effect_on_an_empty_hand_does_nothing():
    g = fh_game([
        {"hand": ["druid", "dragon", "cone-of-cold"], "territories": ["forest#1"]},
        {"hand": [], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "druid")
    discard_before = list(state(g).discard)
    play(g, "dragon")
    window_of(g, 1)
    play(g, "cone-of-cold")
    assert not [e for e in events_of(g, "discard") if e.rule in ("FH-106", "FH-121")]
    assert {e.rule for e in events_of(g, "effect")} >= {"FH-106", "FH-121"}
    # Druid 1 + Dragon 6 (5 +1 Druid) + Cone of Cold 2 ; nothing.
    assert last_result(g) == (1 + 6 + 2, 0)
    played = events_of(g, "battle_discard")[-1].data["cards"]
    assert sorted(state(g).discard) == sorted(discard_before + played)


# -- FH-133 to FH-135: instants ------------------------------------------------------------------


def test_fh_133_instant_points_at_phase_start_in_turn_order_from_active():
    g = fh_game([
        {"hand": ["scrye"], "territories": ["castle#1"]},
        {"hand": ["fortune"], "territories": ["mountain#1"]},
        {"hand": ["trolls"], "territories": ["swamp#1"]},
    ], start="draw", active=2, deck=["ogres", "griffins", "zombies"])
    d = expect(g, "instant", 2)                          # the active player first
    assert "start of the Draw Phase" in d.prompt
    assert not [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    choose(g, "pass")
    d = expect(g, "instant", 1)                          # then P3 (none), then P1
    assert "start of the Draw Phase" in d.prompt
    choose(g, "pass")
    assert [e.data["seat"] for e in events_of(g, "draw") if e.rule == "FH-015"] == [1]
    d = expect(g, "instant", 2)                          # the Attack Phase starts
    assert "start of the Attack Phase" in d.prompt
    choose(g, "pass")
    expect(g, "instant", 1)


def test_fh_133_instant_point_after_each_battle_card_resolves():
    g = fh_game([
        {"hand": ["shaman", "cone-of-cold", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["peasants", "archers"], "territories": ["castle#1"]},
        {"hand": ["fortune", "ogres"], "territories": ["swamp#1"]},
    ])
    expect(g, "instant", 3)                              # start of the Attack Phase
    choose(g, "pass")
    expect(g, "attack", 1)
    choose(g, "attack:castle#1")
    choose(g, "play:shaman")
    d = expect(g, "instant", 3)                          # FH-030: a bystander, instants only
    assert "after Shaman" in d.prompt
    choose(g, "pass")
    expect(g, "window", 1)
    choose(g, "play:cone-of-cold")
    d = expect(g, "instant", 3)
    assert "after Cone of Cold" in d.prompt
    # The card has resolved: its discard already happened.
    assert len([e for e in events_of(g, "discard") if e.rule == "FH-121"]) == 1
    choose(g, "pass")
    expect(g, "window", 1)


def test_fh_133_instant_point_after_card_play_ends_before_end_of_play_and_totals():
    g = fh_game([
        {"hand": ["enchantress"], "territories": ["forest#1"]},
        {"hand": ["griffins"], "territories": ["castle#1"]},
        {"hand": ["fortune"], "territories": ["swamp#1"]},
    ])
    advance_until(g, lambda d: d.kind == "attack")
    choose(g, "attack:castle#1")
    choose(g, "play:enchantress")
    advance_until(g, lambda d: d.kind == "window" and d.seat == DEF)
    choose(g, "play:griffins")
    advance_until(g, lambda d: d.kind == "instant" and "card play has ended" in d.prompt)
    d = decision(g)
    assert d.seat == 2
    assert events_of(g, "play_ends") and not events_of(g, "totals")
    choose(g, "pass")
    expect(g, "enchant", 1)                              # END-OF-PLAY after the instant point
    assert not events_of(g, "totals")
    choose(g, "target:griffins")
    assert last_result(g) == (1 + 4, 0)


def test_fh_133_holder_may_play_instants_in_his_own_window():
    g = fh_game([
        {"hand": ["warrior", "fortune", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ], deck=["ogres", "griffins", "zombies"])
    attack(g, "castle#1", "warrior")
    d = window_of(g, 1)
    assert "play:fortune" in d.option_ids
    choose(g, "play:fortune")
    assert [e.data["count"] for e in events_of(g, "draw") if e.rule == "FH-132"] == [3]
    window_of(g, 1)                                      # still his window
    assert battle_side(g, ATT).spells_cast == 0          # no slot used (FH-036)


def test_fh_134_wall_of_fire_only_in_the_wall_window_by_a_non_active_player():
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": ["wall-of-fire", "peasants"], "territories": ["castle#1"]},
    ], start="draw", deck=["ogres", "trolls", "zombies"])
    # Not offered at the start of the Draw Phase: the first question is the Wall window.
    d = expect(g, "instant", 2)
    assert [e.rule for e in events_of(g, "draw")][-1] == "FH-015"
    assert "start of the Attack Phase" in d.prompt and d.rule == "FH-023"
    assert "play:wall-of-fire" in d.option_ids
    choose(g, "pass")
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    err = refused(g, "play:wall-of-fire", seat=2)   # not in a battle window
    assert err.rule == "FH-134"


def test_fh_134_active_player_cannot_play_wall_of_fire():
    g = fh_game([
        {"hand": ["warrior", "wall-of-fire"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1"]},
    ])
    expect(g, "attack", 1)
    err = refused(g, "play:wall-of-fire", seat=1)
    assert err.rule == "FH-134"


def test_fh_134_wall_of_fire_two_players_blocks_every_attack():
    g = fh_game([
        {"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
        {"hand": ["wall-of-fire"], "territories": ["castle#1", "swamp#1"]},
    ])
    expect(g, "instant", 1)
    choose(g, "pass")
    expect(g, "instant", 2)
    choose(g, "play:wall-of-fire")
    d = expect(g, "attack", 1)
    assert not [o for o in d.option_ids if o.startswith("attack:")]
    refused(g, "attack:castle#1", seat=1, rule="FH-028")
    refused(g, "attack:swamp#1", seat=1)


def test_fh_135_fly_needs_a_legal_target():
    g = fh_game([
        {"hand": ["warrior", "knight", "fly", "scrye"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1"]},
        {"hand": ["wall-of-fire"], "territories": ["swamp#1"]},
    ], deck=["ogres", "trolls"])
    expect(g, "instant", 1)
    choose(g, "pass")
    expect(g, "instant", 3)
    choose(g, "play:wall-of-fire")
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    assert state(g).players[1].eliminated and not g.over
    # A hero in hand, but P3's Wall leaves nothing to attack: no Fly.
    skip_instants(g)
    err = refused(g, "play:fly", seat=1)
    assert err.rule == "FH-135"
    assert "fly" in hand(g, 1)


# -- FH-136 to FH-138 ----------------------------------------------------------------------------


def test_fh_136_petrification_and_charm_without_target_may_be_played():
    g = fh_game([
        {"hand": ["necromancer", "petrification", "charm", "skeletons"], "territories": ["swamp#1"]},
        {"hand": ["knight"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    assert {"play:petrification", "play:charm"} <= set(options(g))
    play(g, "petrification", "charm")
    assert battle_side(g, ATT).spells_cast == 2
    assert {e.rule for e in events_of(g, "effect")} >= {"FH-127", "FH-128"}
    assert not events_of(g, "destroy") and not events_of(g, "control")


def test_fh_136_cataclysm_and_summon_without_target_may_be_played():
    g = fh_game([
        {"hand": ["priest", "cataclysm", "summon", "titans-armor"], "territories": ["castle#1"]},
        {"hand": ["peasants"], "territories": ["castle#2"]},
    ])
    attack(g, "castle#2", "priest")
    play(g, "cataclysm")                     # no minion on the table
    play(g, "summon")                        # no minion in hand: no summon question
    window_of(g, 1)
    assert battle_side(g, ATT).spells == ["cataclysm", "summon"] and battle_side(g, ATT).spells_cast == 2
    assert {e.rule for e in events_of(g, "effect")} >= {"FH-129", "FH-136"}


def test_fh_136_scrye_on_an_empty_hand():
    g = fh_game([
        {"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1"]},
    ])
    expect(g, "instant", 1)
    choose(g, "play:scrye")
    assert g.view_for(ATT)["reveals"] == [{"of": 1, "cards": []}]
    assert "scrye" in state(g).discard


def test_fh_136_negation_needs_an_unnegated_opposing_spell():
    g = fh_game([
        {"hand": ["wizard", "illusions", "myrmidons"], "territories": ["castle#1"]},
        {"hand": ["priest", "spell-shield", "gnomes", "golems"], "territories": ["tower#1"]},
    ])
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play(g, "priest", "spell-shield")
    assert negations(g) == set()              # nothing to negate yet
    refused(g, "negate:illusions:priest", seat=2)
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:illusions")
    expect(g, "negate", 2)
    choose(g, "negate:illusions:priest")
    skip_instants(g)
    pass_(g, 1)
    window_of(g, 2)
    assert negations(g) == set()              # already negated: the Shield's charge has no target
    refused(g, "negate:illusions:spell-shield", seat=2)


def test_fh_136_goblins_discard_needs_a_card_in_hand():
    g = fh_game([
        {"hand": ["warrior", "goblins", "spell-shield"], "territories": ["mountain#1"]},
        {"hand": ["cleric", "invisibility"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    play(g, "goblins")
    assert "pay:goblins" in options(g)        # a card in hand to pay with
    play(g, "spell-shield")                   # hand now empty
    window_of(g, 2)
    play(g, "cleric")
    window_of(g, 2)
    choose(g, "play:invisibility")
    expect(g, "negate", 1)
    choose(g, "pass")
    d = window_of(g, 1)
    assert "negate:invisibility:spell-shield" in d.option_ids
    assert "pay:goblins" not in d.option_ids
    refused(g, "pay:goblins", seat=1)


def test_fh_137_negation_in_own_window_is_not_a_pass():
    g = fh_game([
        {"hand": ["necromancer", "bless", "skeletons"], "territories": ["swamp#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "necromancer")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:bless")
    expect(g, "negate", 2)
    choose(g, "pass")
    pass_(g, 1)                               # W3 ends (it was active)
    window_of(g, 2)
    mark = len(g.events)
    choose(g, "negate:bless:priest")          # W4: only a negation
    skip_instants(g)
    choose(g, "pass")                         # ends W4
    assert not [e for e in events_since(g, mark, "pass") if e.data["seat"] == DEF]
    window_of(g, 1)                           # W5
    pass_(g, 1)
    assert state(g).battle is not None and not events_since(g, mark, "play_ends")
    window_of(g, 2)                           # W6: the defender still gets a window
    pass_(g, 2)
    assert len(events_since(g, mark, "play_ends")) == 1


def test_fh_137_goblins_payment_is_not_a_pass():
    g = fh_game([
        {"hand": ["warrior", "goblins", "vampire", "orcs"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    play(g, "goblins")
    pass_(g, 1)
    window_of(g, 2)
    pass_(g, 2)                               # W2: a pass
    window_of(g, 1)
    mark = len(g.events)
    choose(g, "pay:goblins")
    expect(g, "goblins", 1)
    choose(g, "discard:vampire")
    skip_instants(g)
    choose(g, "pass")                         # ends W3
    assert not events_since(g, mark, "play_ends")
    assert not [e for e in events_since(g, mark, "pass") if e.data["seat"] == ATT]
    window_of(g, 2)                           # W4: the defender may answer


def test_fh_137_scrye_or_fortune_alone_is_a_pass():
    g = fh_game([
        {"hand": ["warrior", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["fortune", "peasants"], "territories": ["castle#1"]},
    ], deck=["ogres", "zombies", "skeletons"])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    window_of(g, 2)
    choose(g, "play:fortune")
    window_of(g, 2)
    mark = len(g.events)
    choose(g, "pass")                         # W2 ends: a pass despite Fortune
    assert [e.data["seat"] for e in events_since(g, mark, "pass")] == [DEF]
    window_of(g, 1)
    pass_(g, 1)                               # W3 pass: two in a row, play ends
    assert len(events_of(g, "play_ends")) == 1


def test_fh_138_defending_sorcerer_matching_minions_do_not_use_the_allowance():
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": ["sorcerer", "griffins", "gnomes", "trolls", "ogres", "peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    window_of(g, 2)
    play(g, "sorcerer", "griffins", "gnomes")  # battle territory and Tower: both match
    assert battle_side(g, DEF).sorcerer_allowance_used is False
    play(g, "trolls")                         # the one non-Tower minion
    assert battle_side(g, DEF).sorcerer_allowance_used is True
    err = refused(g, "play:ogres", seat=2)
    assert err.rule in ("FH-091", "FH-042")
    assert "play:peasants" in options(g)      # matching minions are still fine


def test_fh_138_attacking_sorcerer_tower_minions_do_not_use_the_allowance():
    g = fh_game([
        {"hand": ["sorcerer", "myrmidons", "demon", "giant", "orcs"], "territories": ["tower#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "sorcerer")
    play(g, "myrmidons")
    assert battle_side(g, ATT).sorcerer_allowance_used is False
    play(g, "giant")
    assert battle_side(g, ATT).sorcerer_allowance_used is True
    refused(g, "play:orcs", seat=1)
    assert "play:demon" in options(g)


# -- worked cases -------------------------------------------------------------------------------------


def test_fht_27_spell_limit_priest_and_ring():
    """FHT-27."""
    g = fh_game([
        {"hand": ["priest", "bless", "invisibility", "disintegrate", "ring-of-the-magi"],
         "territories": ["castle#1"]},
        {"hand": ["peasants"], "territories": ["castle#2"]},
    ])
    attack(g, "castle#2", "priest")
    play(g, "bless", "invisibility")
    refused(g, "play:disintegrate", seat=1, rule="FH-037")
    play(g, "ring-of-the-magi")
    assert "play:disintegrate" in options(g)
    play(g, "disintegrate")
    assert battle_side(g, ATT).spells_cast == 3


def test_fht_27_spell_level_drop_keeps_spells_but_allows_no_more():
    """FHT-27."""
    g = fh_game([
        {"hand": ["enchantress", "elves", "bless", "invisibility", "disintegrate", "dwarves"],
         "territories": ["forest#1"]},
        {"hand": ["warlock", "petrification"], "territories": ["forest#2"]},
    ])
    attack(g, "forest#2", "enchantress")
    play(g, "elves", "bless", "invisibility")
    refused(g, "play:disintegrate", seat=1)
    pass_(g, 1)
    play(g, "warlock", "petrification")       # destroys the Elves, the only target
    assert [e.data["card"] for e in events_of(g, "destroy")] == ["elves"]
    window_of(g, 1)
    assert battle_side(g, ATT).spells == ["bless", "invisibility"]
    assert g.view_for(ATT)["battle"]["spell_levels"][ATT] == 1
    refused(g, "play:disintegrate", seat=1, rule="FH-037")


def test_fht_28_windows_short_sequence():
    """FHT-28."""
    g = fh_game([
        {"hand": ["warrior", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)                               # W1: played the hero
    window_of(g, 2)
    pass_(g, 2)                               # W2: pass
    window_of(g, 1)
    assert state(g).battle.window_number == 3
    pass_(g, 1)                               # W3: pass, play ends
    assert [e.data["seat"] for e in events_of(g, "pass")] == [DEF, ATT]
    assert len(events_of(g, "play_ends")) == 1
    assert last_result(g) == (4, 0)


def test_fht_28_windows_pass_does_not_lock_out():
    """FHT-28."""
    g = fh_game([
        {"hand": ["warrior", "trolls", "ogres"], "territories": ["mountain#1"]},
        {"hand": ["peasants", "archers"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)                               # W1
    pass_(g, 2)                               # W2 pass
    window_of(g, 1)
    play(g, "trolls")                         # W3
    pass_(g, 1)
    window_of(g, 2)
    play(g, "peasants")                       # W4: the earlier pass did not lock him out
    pass_(g, 2)
    pass_(g, 1)                               # W5 pass
    assert not events_of(g, "play_ends")
    window_of(g, 2)
    assert state(g).battle.window_number == 6
    pass_(g, 2)                               # W6 pass: play ends
    assert len(events_of(g, "play_ends")) == 1
    assert [e.data["seat"] for e in events_of(g, "pass")] == [DEF, ATT, DEF]
    assert last_result(g) == (8, 2)


def test_fht_29_wall_of_fire_two_players_and_next_turn():
    """FHT-29."""
    g = fh_game([
        {"hand": ["warrior", "scrye", "fly"], "territories": ["mountain#1"]},
        {"hand": ["wall-of-fire"], "territories": ["castle#1"]},
    ], deck=["ogres", "trolls", "griffins", "zombies", "skeletons", "myrmidons"])
    expect(g, "instant", 1)
    choose(g, "pass")
    expect(g, "instant", 2)
    choose(g, "play:wall-of-fire")
    d = expect(g, "attack", 1)
    assert not [o for o in d.option_ids if o.startswith("attack:")]
    assert "play:fly" not in d.option_ids
    refused(g, "attack:castle#1", seat=1)
    choose(g, "pass")
    # P2's turn, then P1's next turn: the Wall has ended.
    d = advance_until(g, lambda d: d.kind == "attack" and d.seat == ATT)
    assert state(g).turn == 3 and state(g).walls == []
    assert "attack:castle#1" in d.option_ids


def test_fht_29_wall_of_fire_three_players():
    """FHT-29."""
    g = fh_game([
        {"hand": ["warrior", "knight", "fly"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1", "forest#1"]},
        {"hand": ["wall-of-fire"], "territories": ["swamp#1"]},
    ], deck=["ogres", "trolls"])
    expect(g, "instant", 3)
    choose(g, "play:wall-of-fire")
    d = expect(g, "attack", 1)
    assert {o for o in d.option_ids if o.startswith("attack:")} == {"attack:castle#1", "attack:forest#1"}
    refused(g, "attack:swamp#1", seat=1, rule="FH-028")
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    d = expect(g, "attack", 1)
    choose(g, "play:fly")
    d = expect(g, "attack", 1)
    # The Fly attack is covered too.
    assert {o for o in d.option_ids if o.startswith("attack:")} == {"attack:forest#1"}
    refused(g, "attack:swamp#1", seat=1)


@pytest.mark.parametrize("defender_hand, first_winner", [([], ATT), (["knight"], DEF)])
def test_fht_30_fly_after_first_battle_won_or_lost(defender_hand, first_winner):
    """FHT-30."""
    g = fh_game([
        {"hand": ["warrior", "ranger", "fly"], "territories": ["mountain#1"]},
        {"hand": list(defender_hand), "territories": ["castle#1", "swamp#1"]},
    ], deck=["ogres", "trolls", "zombies"])
    expect(g, "attack", 1)
    refused(g, "play:fly", seat=1, rule="FH-135")   # not before the first battle
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    play(g, *defender_hand)
    finish_battle(g)
    assert events_of(g, "battle_won")[-1].data["winner"] == first_winner
    d = expect(g, "attack", 1)
    assert "play:fly" in d.option_ids
    choose(g, "play:fly")
    d = expect(g, "attack", 1)
    assert "attack:swamp#1" in d.option_ids               # the same opponent again
    attack(g, "swamp#1", "ranger")
    finish_battle(g)
    assert len(events_of(g, "attack")) == 2
    assert "fly" in state(g).discard


def test_fht_30_no_fly_without_a_hero_left():
    """FHT-30."""
    g = fh_game([
        {"hand": ["warrior", "fly", "scrye"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1", "swamp#1"]},
    ], deck=["ogres", "trolls"])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    skip_instants(g)
    expect(g, "attack", 1)
    refused(g, "play:fly", seat=1, rule="FH-135")


def _rogue_game(seed: int):
    g = fh_game([
        {"hand": ["rogue"], "territories": ["tower#1"]},
        {"hand": ["peasants", "archers", "griffins"], "territories": ["castle#1"]},
    ], seed=seed)
    attack(g, "castle#1", "rogue")
    return g


def test_fht_33_rogue_steals_exactly_one_card_seeded():
    """FHT-33."""
    g = _rogue_game(5)
    (steal,) = events_of(g, "steal_private")
    stolen = steal.data["card"]
    assert steal.seats == (ATT, DEF)
    assert hand(g, 1) == [stolen]
    assert sorted(hand(g, 2) + [stolen]) == ["archers", "griffins", "peasants"]
    again = events_of(_rogue_game(5), "steal_private")[0].data["card"]
    assert again == stolen
    assert len({events_of(_rogue_game(s), "steal_private")[0].data["card"] for s in range(1, 21)}) > 1


def _dragon_cone_game(seed: int):
    g = fh_game([
        {"hand": ["druid", "dragon", "cone-of-cold"], "territories": ["forest#1"]},
        {"hand": ["peasants", "archers", "pikemen", "griffins"], "territories": ["castle#1"]},
    ], seed=seed)
    attack(g, "castle#1", "druid")
    play(g, "dragon", "cone-of-cold")
    return g


def test_fht_33_dragon_and_cone_of_cold_each_discard_one_card_seeded():
    """FHT-33."""
    g = _dragon_cone_game(3)
    dragon = [e.data["cards"] for e in events_of(g, "discard") if e.rule == "FH-106"]
    cone = [e.data["cards"] for e in events_of(g, "discard") if e.rule == "FH-121"]
    assert len(dragon) == 1 and len(dragon[0]) == 1
    assert len(cone) == 1 and len(cone[0]) == 1
    lost = dragon[0] + cone[0]
    assert len(set(lost)) == 2 and set(lost) <= {"peasants", "archers", "pikemen", "griffins"}
    assert state(g).discard[-2:] == lost       # face up in the discard pile
    assert len(hand(g, 2)) == 2
    g2 = _dragon_cone_game(3)
    assert [e.data["cards"] for e in events_of(g2, "discard")] == [e.data["cards"] for e in events_of(g, "discard")]


def test_fht_33_rune_staff_and_fortune_draws_same_seed_same_cards():
    """FHT-33."""
    def run(seed: int):
        g = fh_game([
            {"hand": ["warrior", "fortune", "rune-staff"], "territories": ["mountain#1"]},
            {"hand": ["peasants"], "territories": ["castle#1"]},
        ], seed=seed)
        expect(g, "instant", 1)
        choose(g, "play:fortune")
        attack(g, "castle#1", "warrior")
        play(g, "rune-staff")
        return g

    g = run(11)
    fortune = [e for e in events_of(g, "draw_private") if e.rule == "FH-132"]
    staff = [e for e in events_of(g, "draw_private") if e.rule == "FH-115"]
    assert len(fortune) == 1 and len(fortune[0].data["cards"]) == 3
    assert len(staff) == 1 and len(staff[0].data["cards"]) == 1
    g2 = run(11)
    assert [e.data["cards"] for e in events_of(g2, "draw_private")] == \
        [e.data["cards"] for e in events_of(g, "draw_private")]


def test_fht_33_empty_hand_effects_do_nothing():
    """FHT-33."""
    g = fh_game([
        {"hand": ["rogue"], "territories": ["tower#1"]},
        {"hand": [], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "rogue")
    assert not events_of(g, "steal") and not events_of(g, "steal_private")
    assert "FH-092" in {e.rule for e in events_of(g, "effect")}
    g = fh_game([
        {"hand": ["druid", "dragon", "cone-of-cold"], "territories": ["forest#1"]},
        {"hand": [], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "druid")
    play(g, "dragon", "cone-of-cold")
    assert not [e for e in events_of(g, "discard") if e.rule in ("FH-106", "FH-121")]


def test_fht_34_goblins_pay_once():
    """FHT-34."""
    g = fh_game([
        {"hand": ["warrior", "goblins", "vampire", "zombies", "orcs"], "territories": ["mountain#1"]},
        {"hand": ["peasants"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "warrior")
    play(g, "goblins")
    assert totals(g)[0] == 4 + 1
    window_of(g, 1)
    choose(g, "pay:goblins")
    d = expect(g, "goblins", 1)
    assert set(d.option_ids) == {"discard:vampire", "discard:zombies", "discard:orcs"}
    choose(g, "discard:vampire")
    skip_instants(g)
    assert totals(g)[0] == 4 + 2
    (paid,) = [e for e in events_of(g, "discard") if e.rule == "FH-101"]
    assert paid.data["cards"] == ["vampire"] and paid.seats is None      # public
    assert "vampire" in g.view_for(DEF)["discard"]
    refused(g, "pay:goblins", seat=1)                                  # no second offer
    pass_(g, 1)
    pass_(g, 2)
    d = window_of(g, 1)
    assert "pay:goblins" not in d.option_ids                           # nor in a later window
    assert totals(g)[0] == 4 + 2


def _cone_against_priest(negate_in_response: bool):
    g = fh_game([
        {"hand": ["shaman", "cone-of-cold"], "territories": ["mountain#1"]},
        {"hand": ["priest", "peasants", "archers"], "territories": ["castle#1"]},
    ])
    attack(g, "castle#1", "shaman")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:cone-of-cold")
    expect(g, "negate", 2)
    choose(g, "negate:cone-of-cold:priest" if negate_in_response else "pass")
    skip_instants(g)
    return g


def test_fht_35_negation_timing_in_response():
    """FHT-35."""
    g = _cone_against_priest(True)
    assert not [e for e in events_of(g, "discard") if e.rule == "FH-121"]
    assert sorted(hand(g, 2)) == ["archers", "peasants"]
    assert totals(g) == (3 + 0, 1)


def test_fht_35_negation_timing_later():
    """FHT-35."""
    g = _cone_against_priest(False)
    (cone,) = [e for e in events_of(g, "discard") if e.rule == "FH-121"]
    (lost,) = cone.data["cards"]
    assert totals(g) == (3 + 2, 1)
    window_of(g, 2)
    choose(g, "negate:cone-of-cold:priest")
    skip_instants(g)
    assert totals(g)[0] == 3 + 0              # BV 2 removed
    assert lost in state(g).discard and lost not in hand(g, 2)   # the discard is not undone


def test_fht_36_scrye_and_hidden_information():
    """FHT-36."""
    g = fh_game([
        {"hand": ["scrye", "warrior"], "territories": ["mountain#1"]},
        {"hand": ["griffins", "bless", "fly"], "territories": ["castle#1"]},
        {"hand": ["trolls"], "territories": ["swamp#1"]},
    ])
    expect(g, "instant", 1)
    choose(g, "play:scrye")
    expect(g, "scrye_target", 1)
    choose(g, "seat:1")
    assert g.view_for(0)["reveals"] == [{"of": 1, "cards": ["griffins", "bless", "fly"]}]
    assert {(m["seat"], m["card"]) for m in g.view_for(0)["memory"]} == {(1, "griffins"), (1, "bless"), (1, "fly")}
    # P3 sees only a count.
    v3 = g.view_for(2)
    assert v3["reveals"] == [] and v3["memory"] == []
    assert v3["players"][1]["hand_count"] == 3
    text = json.dumps(v3)
    assert "griffins" not in text and "bless" not in text and '"fly"' not in text
    (reveal,) = events_of(g, "reveal")
    assert not reveal.visible_to(2) and reveal.visible_to(0)
    # The reveal lasts until P1's next decision ends; the memory stays.
    expect(g, "attack", 1)
    choose(g, "pass")
    assert g.view_for(0)["reveals"] == []
    assert len(g.view_for(0)["memory"]) == 3
