"""The normal AI plays Scrye where it should and uses what it saw (FH-131; checklist section 6),
and answers a Scrye or Fortune it may negate (FH-055). Positions are written as scenarios and
the agent answers from its view through the Game API."""

from __future__ import annotations

from game.ai import make_agent
from tests.fantasy_heroes.helpers import attack, decision, expect, fh_game, pass_, play, skip_instants

ATT, DEF = 0, 1


def ai_choose(g, seat: int) -> tuple[str, ...]:
    """What the normal agent of ``seat`` (1-based) answers to the pending decision, which is then made."""
    d = decision(g)
    assert d.seat == seat - 1, f"expected a decision of P{seat}, got {d.kind} for P{d.seat + 1}"
    picked = tuple(make_agent("normal", "fantasy-heroes", 7, d.seat).choose(g.view_for(d.seat), d))
    g.choose(d.seat, picked)
    return picked


def test_fh_131_ai_scries_before_a_doubtful_attack_and_attacks_the_hand_it_saw_cannot_hold():
    g = fh_game([
        {"hand": ["warrior", "scrye", "orcs"], "territories": ["mountain#1"]},
        {"hand": ["ogres", "trolls", "zombies", "skeletons", "myrmidons", "dwarves", "fly"],
         "territories": ["castle#1", "swamp#1"]},
    ])
    expect(g, "instant", 1)
    assert ai_choose(g, 1) == ("pass",)          # the start of the phase: wait for the attack menu
    expect(g, "attack", 1)
    assert ai_choose(g, 1) == ("play:scrye",)
    assert g.view_for(0)["reveals"][0]["of"] == 1
    d = expect(g, "attack", 1)
    # No hero and no Castle or Swamp minion in that hand: the Warrior with Orcs (7) takes a territory.
    picked = ai_choose(g, 1)
    assert picked[0].startswith("attack:") and picked[0] in d.option_ids


def test_fh_131_ai_does_not_attack_a_hand_it_saw_can_hold():
    defender = {"hand": ["knight", "griffins", "archangel", "titans-armor", "pikemen", "zombies", "fly"],
                "territories": ["castle#1", "castle#2"]}
    blind = fh_game([{"hand": ["warrior", "orcs"], "territories": ["mountain#1"]}, dict(defender)])
    skip_instants(blind)
    assert ai_choose(blind, 1)[0].startswith("attack:")   # without Scrye the estimate says attack
    g = fh_game([{"hand": ["warrior", "scrye", "orcs"], "territories": ["mountain#1"]}, dict(defender)])
    skip_instants(g)
    assert ai_choose(g, 1) == ("play:scrye",)
    assert ai_choose(g, 1) == ("pass",)          # Knight 5 + Griffins 5 + Archangel 6 + ... > 7


def test_fh_131_ai_defender_scries_before_committing_cards():
    g = fh_game([
        {"hand": ["barbarian", "giant", "trolls"], "territories": ["mountain#1"]},
        {"hand": ["knight", "griffins", "scrye"], "territories": ["castle#1", "swamp#1"]},
    ])
    attack(g, "castle#1", "barbarian")
    play(g, "giant")
    pass_(g, 1)
    expect(g, "window", 2)
    assert ai_choose(g, 2) == ("play:scrye",)    # losing 0 to 11, and the attacker holds a card
    assert g.view_for(1)["reveals"] == [{"of": 0, "cards": ["trolls"]}]


def test_fh_055_ai_negates_a_fortune_but_keeps_its_charge_for_spells_against_a_scrye():
    g = fh_game([
        {"hand": ["wizard", "fortune", "scrye"], "territories": ["mountain#1"]},
        {"hand": ["priest", "golems"], "territories": ["tower#1", "swamp#1"]},
    ], deck=["ogres", "griffins", "zombies"])
    attack(g, "tower#1", "wizard")
    pass_(g, 1)
    play(g, "priest", "golems")
    pass_(g, 2)
    g.choose(0, ["play:scrye"])
    expect(g, "negate_instant", 2)
    assert ai_choose(g, 2) == ("pass",)          # the Wizard may still cast three battle spells
    skip_instants(g)
    g.choose(0, ["play:fortune"])
    expect(g, "negate_instant", 2)
    assert ai_choose(g, 2)[0].startswith("negate:fortune:")


def test_fh_131_ai_scries_the_owner_of_its_best_target_with_three_players():
    g = fh_game([
        {"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
        {"hand": ["ogres", "trolls", "zombies", "skeletons"], "territories": ["castle#1"]},
        {"hand": ["griffins", "knight", "archers", "pikemen", "vampire", "fly", "bless"],
         "territories": ["castle#2", "swamp#1", "swamp#2"]},
    ])
    skip_instants(g)
    assert ai_choose(g, 1) == ("play:scrye",)
    expect(g, "scrye_target", 1)
    # P2's Castle is the likelier conquest (fewer cards to defend it), though P3 leads in territories.
    assert ai_choose(g, 1) == ("seat:1",)
    assert g.view_for(0)["reveals"] == [{"of": 1, "cards": ["ogres", "trolls", "zombies", "skeletons"]}]
