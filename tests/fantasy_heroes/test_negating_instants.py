"""Issue 9, items 5 and 6: the rule text over the checklist.

Item 5: the Priest "negate[s] 1 spell cast by opponent during battle", so a negation charge
(Priest, Golems, Spell Shield) may be spent on a Scrye or Fortune that the other side of the
battle casts while the battle is in progress (FH-055, FH-082, FH-108, FH-118; FH-036 no
longer exempts them). They still need no hero and use no spell slot.

Item 6: Wall of Fire is offered to its holder at the start of the opponent's Attack Phase
(FH-023, FH-134), and neither the AI nor the table answers it for him.
"""

from __future__ import annotations

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
    pass_,
    play_as,
    refused,
    state,
    window_of,
)

ATT, DEF = 0, 1


def test_fh_082_priest_negates_a_scrye_the_attacker_casts_during_the_battle():
    """FH-082, FH-055, FH-036: the Priest's charge stops the attacker's Scrye; no hand is shown,
    no spell slot is used, the charge is gone, and a window with only that Scrye is a pass."""
    g = fh_game([
        {"hand": ["warrior", "scrye", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["priest", "peasants"], "territories": ["castle#1", "swamp#1"]},
    ])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    play_as(g, 2, "priest")
    pass_(g, 2)
    window_of(g, 1)
    choose(g, "play:scrye")
    d = expect(g, "negate_instant", 2)
    assert d.rule == "FH-055"
    assert d.option_ids == ("negate:scrye:priest", "pass")
    assert "scrye" in state(g).discard and "scrye" not in hand(g, 1)
    refused(g, "negate:scrye:golems", seat=2)            # not a source on the table: nothing changes
    mark = len(g.events)
    choose(g, "negate:scrye:priest")
    assert not events_of(g, "reveal")
    assert g.view_for(0)["reveals"] == [] and g.view_for(0)["memory"] == []
    assert [(e.rule, e.data["card"], e.data["source"]) for e in g.events[mark:] if e.kind == "negate"] == [
        ("FH-055", "scrye", "priest")]
    assert state(g).battle.charges_spent == ["priest"]
    assert battle_side(g, ATT).spells_cast == 0          # still no spell slot (FH-036)
    window_of(g, 1)                                      # back in his window
    choose(g, "pass")                                    # W3: a pass though Scrye was cast (FH-137)
    assert [e.data["seat"] for e in g.events[mark:] if e.kind == "pass"] == [ATT]
    window_of(g, 2)
    choose(g, "pass")                                    # W4: two passes in a row end card play
    assert events_of(g, "play_ends")
    finish_battle(g)


def test_fh_108_golems_negate_a_fortune_the_attacker_casts_without_a_hero_on_their_side():
    """FH-108, FH-055, FH-132: a defender with Golems and no hero stops the attacker's Fortune."""
    g = fh_game([
        {"hand": ["wizard", "fortune"], "territories": ["mountain#1"]},
        {"hand": ["golems", "gnomes"], "territories": ["tower#1", "swamp#1"]},
    ], deck=["ogres", "griffins", "zombies"])
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play_as(g, 2, "golems")
    pass_(g, 2)
    window_of(g, 1)
    deck_before = len(state(g).deck)
    choose(g, "play:fortune")
    expect(g, "negate_instant", 2)
    choose(g, "negate:fortune:golems")
    assert not [e for e in events_of(g, "draw") if e.rule == "FH-132"]
    assert len(state(g).deck) == deck_before and hand(g, 1) == []
    assert "fortune" in state(g).discard
    # The Golems' charge is spent: the Wizard's next spell cannot be negated with it.
    assert "golems" in state(g).battle.charges_spent


def test_fh_118_spell_shield_holder_may_let_a_fortune_at_an_instant_point_take_effect():
    """FH-118, FH-133: the defender casts Fortune at the instant point after the attacker's card;
    the attacker's Spell Shield may negate it, and he lets it resolve."""
    g = fh_game([
        {"hand": ["warrior", "spell-shield"], "territories": ["mountain#1"]},
        {"hand": ["fortune", "peasants"], "territories": ["castle#1", "swamp#1"]},
    ], deck=["ogres", "griffins", "zombies"])
    attack(g, "castle#1", "warrior")
    window_of(g, 1)
    choose(g, "play:spell-shield")
    d = expect(g, "instant", 2)
    assert "after Spell Shield" in d.prompt
    choose(g, "play:fortune")
    expect(g, "negate_instant", 1)
    choose(g, "pass")
    assert [e.data["count"] for e in events_of(g, "draw") if e.rule == "FH-132"] == [3]
    assert sorted(hand(g, 2)) == sorted(["peasants", "ogres", "griffins", "zombies"])
    assert state(g).battle.charges_spent == []           # the charge is still there for a spell


def test_fh_055_a_bystander_instant_and_instants_outside_battle_cannot_be_negated():
    """FH-055, FH-030: only the opposing side of the battle may negate; a third player's Fortune
    during the battle, and any instant outside a battle, are never offered to a charge."""
    g = fh_game([
        {"hand": ["priest", "scrye"], "territories": ["castle#1"]},
        {"hand": ["golems"], "territories": ["tower#1", "swamp#1"]},
        {"hand": ["fortune"], "territories": ["forest#1"]},
    ], deck=["ogres", "griffins", "zombies", "trolls"])
    expect(g, "instant", 1)
    choose(g, "pass")
    expect(g, "instant", 3)
    choose(g, "pass")
    expect(g, "attack", 1)
    choose(g, "attack:tower#1")
    choose(g, "play:priest")
    expect(g, "instant", 3)
    choose(g, "pass")
    pass_(g, 1)
    window_of(g, 2)
    choose(g, "play:golems")
    d = expect(g, "instant", 1)                          # after Golems: P1 then P3
    choose(g, "pass")
    expect(g, "instant", 3)
    choose(g, "play:fortune")                            # the bystander: no negation offered
    assert decision(g).kind != "negate_instant"
    assert [e.data["seat"] for e in events_of(g, "draw") if e.rule == "FH-132"] == [2]
    assert state(g).battle.charges_spent == []
    assert d.kind == "instant"


def test_fh_023_wall_of_fire_is_offered_to_its_holder_when_the_opponents_attack_phase_begins():
    """FH-023, FH-134: at the start of the opponent's Attack Phase the holder is asked, plays it,
    and the opponent may not attack him this turn."""
    g = fh_game([
        {"hand": ["barbarian", "giant"], "territories": ["mountain#1"]},
        {"hand": ["wall-of-fire", "peasants"], "territories": ["castle#1", "swamp#1"]},
    ], start="draw", deck=["ogres", "trolls", "zombies"])
    d = expect(g, "instant", 2)
    assert d.rule == "FH-023" and "start of the Attack Phase" in d.prompt
    assert d.option_ids == ("play:wall-of-fire", "pass")
    choose(g, "play:wall-of-fire")
    assert [e.rule for e in events_of(g, "instant")] == ["FH-134"]
    # With two players P1 has nothing left to attack: his Attack Phase ends without a battle.
    assert not events_of(g, "attack") and state(g).active == 1
