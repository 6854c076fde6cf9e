"""The Attack Phase and the battle: declaring, who may play what, windows, totals and what follows
(FH-023 to FH-074), with the worked cases FHT-01, FHT-02, FHT-04 and FHT-28."""

from __future__ import annotations

import pytest

from game.core.game import Game
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER
from tests.fantasy_heroes.helpers import (
    attack,
    choose,
    decision,
    events_of,
    fh_game,
    finish_battle,
    hand,
    last_result,
    pass_,
    play,
    refused,
    skip_instants,
    state,
    territories,
)


def blocked_rule(g: Game, option: str) -> str:
    d = decision(g)
    assert d.option(option) is None, f"{option} is offered"
    [b] = [b for b in d.blocked if b.option_id == option]
    return b.rule


def attack_options(g: Game) -> set[str]:
    d = decision(g)
    assert d.kind == "attack", f"expected the attack menu, got {d.kind}"
    return {o.id for o in d.options if o.id.startswith("attack:")}


def windows_until_end(g: Game, plays: dict[int, list[list[str]]]) -> list[tuple[int, int]]:
    """Run the battle's windows. ``plays[seat]`` lists, per window of that seat (0-based), the cards
    to play in it ([] = pass). Returns (window number, seat) for each window asked."""
    seen: list[tuple[int, int]] = []
    count = {0: 0, 1: 0}
    while state(g).battle is not None:
        d = decision(g)
        if d.kind != "window":
            g.choose(d.seat, ["pass"])
            continue
        b = state(g).battle
        seen.append((b.window_number, d.seat))
        todo = plays.get(d.seat, [])
        cards = todo[count[d.seat]] if count[d.seat] < len(todo) else []
        count[d.seat] += 1
        for card in cards:
            play(g, card)
        pass_(g, d.seat + 1)
    return seen


# -- 3.4 Declaring an attack ----------------------------------------------------------------------


def test_fh_023_wall_of_fire_window_before_attack_decision():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["wall-of-fire"], "territories": ["castle#1"]}])
    d = decision(g)
    assert (d.kind, d.seat, d.rule) == ("instant", 1, "FH-023")
    assert {o.id for o in d.options} == {"play:wall-of-fire", "pass"}
    assert state(g).phase == "attack" and state(g).battle is None
    assert not events_of(g, "attack")
    choose(g, "pass")
    d = decision(g)
    assert (d.kind, d.seat) == ("attack", 0)
    assert "attack:castle#1" in {o.id for o in d.options}


def test_fh_023_wall_window_asks_other_players_in_turn_order():
    """3 players: P2 (holding Fortune) is asked before P3 (holding Wall of Fire), then P1 decides."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["fortune"], "territories": ["castle#1"]},
                 {"hand": ["wall-of-fire"], "territories": ["tower#1"]}])
    asked = []
    while (d := decision(g)).kind == "instant":
        asked.append(d.seat)
        g.choose(d.seat, ["pass"])
    assert asked == [1, 2]
    assert decision(g).kind == "attack"


def test_fh_024_no_hero_no_attack():
    g = fh_game([{"hand": ["scrye", "ogres"], "territories": ["mountain#1"]},
                 {"hand": ["knight"], "territories": ["castle#1"]}])
    skip_instants(g)
    assert attack_options(g) == set()
    assert [b.rule for b in decision(g).blocked if b.option_id == "attack"] == ["FH-024"]
    refused(g, "attack:castle#1")


def test_fh_024_no_hero_attack_phase_ends_by_itself():
    g = fh_game([{"hand": ["ogres"], "territories": ["mountain#1"]},
                 {"hand": ["knight"], "territories": ["castle#1"]}],
                unlisted="aside", deck=["trolls", "giant", "elves"])
    assert not events_of(g, "attack")
    d = decision(g)
    assert (d.kind, d.seat) == ("attack", 1)  # P2's turn has come
    assert state(g).active == 1


def test_fh_024_no_legal_target_no_attack():
    """Two players: P2's Wall of Fire leaves P1 no territory to target (also FH-028)."""
    g = fh_game([{"hand": ["warrior", "scrye"], "territories": ["mountain#1"]},
                 {"hand": ["wall-of-fire"], "territories": ["castle#1"]}])
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", 0)  # P1's own Scrye comes first at this instant point
    choose(g, "pass")
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", 1)
    choose(g, "play:wall-of-fire")
    skip_instants(g)
    assert attack_options(g) == set()
    assert refused(g, "attack:castle#1").rule == "FH-028"


def test_fh_025_attack_is_optional():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["knight"], "territories": ["castle#1"]}],
                unlisted="aside", deck=["trolls", "giant", "elves"])
    d = decision(g)
    assert d.kind == "attack" and d.option("pass") is not None
    choose(g, "pass")
    assert not events_of(g, "attack")
    assert [e.rule for e in events_of(g, "phase") if "ends the Attack Phase" in e.text] == ["FH-025"]
    assert state(g).active == 1 and hand(g, 1) == ["warrior"]
    assert territories(g, 2) == ["castle#1"]


def test_fh_026_one_attack_per_attack_phase():
    g = fh_game([{"hand": ["warrior", "barbarian", "scrye"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1", "castle#2"]}], unlisted="aside",
                deck=["trolls", "giant", "elves", "dwarves"])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    skip_instants(g)
    assert state(g).battles_this_turn == 1
    assert attack_options(g) == set()
    refused(g, "attack:castle#2")
    assert len(events_of(g, "attack")) == 1


def test_fh_027_targets_are_exactly_the_opponents_territories():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1", "forest#1"]},
                 {"territories": ["castle#1", "castle#2"]},
                 {"territories": ["tower#1"]}])
    assert attack_options(g) == {"attack:castle#1", "attack:castle#2", "attack:tower#1"}
    refused(g, "attack:mountain#1")
    refused(g, "attack:swamp#1")  # a territory out of the game


def test_fh_027_territories_alike_are_told_apart_by_their_place():
    """Two or three territories of one type and owner are each named by their place among them
    as they lie on the table, so the attack list never shows the same words twice."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"territories": ["castle#3", "forest#1", "castle#1", "castle#2"]},
                 {"territories": ["tower#1", "swamp#1"]}])
    labels = {o.id: o.label for o in decision(g).options if o.id.startswith("attack:")}
    assert labels == {"attack:castle#3": "Attack Player 2's Castle (1st of 3)",
                      "attack:forest#1": "Attack Player 2's Forest",
                      "attack:castle#1": "Attack Player 2's Castle (2nd of 3)",
                      "attack:castle#2": "Attack Player 2's Castle (3rd of 3)",
                      "attack:tower#1": "Attack Player 3's Tower",
                      "attack:swamp#1": "Attack Player 3's Swamp"}
    choose(g, "attack:castle#1")
    assert state(g).battle is not None and state(g).battle.territory == "castle#1"


def test_fh_028_wall_of_fire_caster_cannot_be_targeted():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]},
                 {"hand": ["wall-of-fire"], "territories": ["tower#1"]}])
    d = decision(g)
    assert (d.kind, d.seat) == ("instant", 2)
    choose(g, "play:wall-of-fire")
    skip_instants(g)
    assert attack_options(g) == {"attack:castle#1"}
    assert refused(g, "attack:tower#1").rule == "FH-028"


def test_fh_029_defender_is_controller_and_battle_territory_is_card_type():
    g = fh_game([{"hand": ["warrior", "orcs"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]},
                 {"territories": ["tower#2", "swamp#3"]}])
    attack(g, "tower#2", "warrior")
    b = state(g).battle
    assert (b.attacker, b.defender, b.territory, b.battle_type) == (0, 2, "tower#2", "Tower")
    [ev] = events_of(g, "attack")
    assert (ev.data["attacker"], ev.data["defender"], ev.data["territory"]) == (0, 2, "tower#2")


def test_fh_030_only_attacker_and_defender_play_battle_cards():
    g = fh_game([{"hand": ["warrior", "orcs"], "territories": ["mountain#1"]},
                 {"hand": ["archers"], "territories": ["castle#1"]},
                 {"hand": ["fortune", "peasants", "knight", "bless"], "territories": ["castle#2"]}])
    skip_instants(g)
    g.choose(0, ["attack:castle#1"])
    choose(g, "play:warrior")
    asked = []
    while state(g).battle is not None:
        d = decision(g)
        asked.append((d.seat, d.kind, {o.id for o in d.options}))
        if d.kind == "window" and d.seat == 0 and d.option("play:orcs"):
            choose(g, "play:orcs")
        elif d.kind == "window" and d.seat == 1 and d.option("play:archers"):
            choose(g, "play:archers")
        else:
            g.choose(d.seat, ["pass"])
    for seat, kind, options in asked:
        if seat == 2:
            assert kind == "instant" and options <= {"play:fortune", "pass"}
        else:
            assert seat in (0, 1)
    assert any(seat == 2 for seat, _, _ in asked)  # P3 was offered his instant, nothing more
    assert {"peasants", "knight", "bless"} <= set(hand(g, 3))
    sides = [e.data["seat"] for e in events_of(g, "play")]
    assert set(sides) == {0, 1}


# -- 3.5 What the attacker may play ------------------------------------------------------------------


def test_fh_031_attackers_first_card_must_be_a_hero():
    g = fh_game([{"hand": ["warrior", "knight", "orcs", "celestial-sword", "bless"],
                  "territories": ["mountain#1"]}, {"territories": ["castle#1"]}])
    choose(g, "attack:castle#1")
    d = decision(g)
    assert (d.kind, d.seat, d.rule) == ("hero", 0, "FH-031")
    assert {o.id for o in d.options} == {"play:warrior", "play:knight"}
    for card in ("orcs", "celestial-sword", "bless"):
        assert refused(g, f"play:{card}").rule == "FH-031"
    choose(g, "play:knight")
    assert state(g).battle.sides[ATTACKER].hero == "knight"
    assert events_of(g, "play")[0].data["card"] == "knight"


def test_fh_032_attacker_plays_exactly_one_hero():
    g = fh_game([{"hand": ["warrior", "barbarian", "orcs"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    assert blocked_rule(g, "play:barbarian") == "FH-032"
    assert refused(g, "play:barbarian").rule == "FH-032"
    finish_battle(g)
    assert "barbarian" in hand(g, 1)


def test_fh_033_one_artifact_per_side_per_battle():
    """A destroyed artifact still used the side's one artifact for this battle."""
    g = fh_game([{"hand": ["warrior", "celestial-sword", "titans-armor", "orcs", "ogres"],
                  "territories": ["mountain#1"]},
                 {"hand": ["cleric", "lightning-bolt", "spell-shield", "ring-of-the-magi", "archers"],
                  "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    assert decision(g).option("play:titans-armor") is not None
    play(g, "celestial-sword")
    assert blocked_rule(g, "play:titans-armor") == "FH-033"
    assert refused(g, "play:titans-armor").rule == "FH-033"
    play(g, "orcs")
    pass_(g, 1)
    play(g, "cleric", "lightning-bolt")  # destroys the Celestial Sword
    assert state(g).battle.sides[ATTACKER].artifact is None
    assert "celestial-sword" in state(g).discard
    play(g, "spell-shield")
    assert blocked_rule(g, "play:ring-of-the-magi") == "FH-033"
    assert refused(g, "play:ring-of-the-magi").rule == "FH-033"
    pass_(g, 2)
    # W3: the attacker's artifact was destroyed, but he has played his one artifact.
    assert decision(g).seat == 0
    assert blocked_rule(g, "play:titans-armor") == "FH-033"
    assert refused(g, "play:titans-armor").rule == "FH-033"
    finish_battle(g)


def test_fh_034_attacker_may_play_any_number_of_matching_minions():
    g = fh_game([{"hand": ["barbarian", "giant", "orcs", "ogres", "trolls", "goblins"],
                  "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    play(g, "giant", "orcs", "ogres", "trolls")
    assert state(g).battle.sides[ATTACKER].minions == ["giant", "orcs", "ogres", "trolls"]
    pass_(g, 1)
    # Barbarian 6 + Giant 5 + Orcs 3 + Ogres 3 + Trolls 4
    assert finish_battle(g) == (21, 0)


@pytest.mark.parametrize("minion", ["vampire", "peasants", "elves", "demon"])
def test_fh_035_attacker_may_not_play_other_minions(minion):
    g = fh_game([{"hand": ["barbarian", "giant", minion], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    assert decision(g).option("play:giant") is not None
    assert blocked_rule(g, f"play:{minion}") == "FH-035"
    assert refused(g, f"play:{minion}").rule == "FH-035"
    play(g, "giant")
    finish_battle(g)
    assert not [e for e in events_of(g, "play") if e.data["card"] == minion]
    assert minion in hand(g, 1)


def test_fh_036_instant_spells_need_no_hero_use_no_slot_and_are_discarded_at_once():
    """Warrior (spell level 0) plays Fortune in a window. The defender's Priest may negate it
    (the rule text over the checklist, FH-055) but lets it take effect."""
    g = fh_game([{"hand": ["warrior", "fortune", "orcs"], "territories": ["mountain#1"]},
                 {"hand": ["priest"], "territories": ["castle#1"]}],
                deck=["ogres", "trolls", "giant"])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    play(g, "priest")
    pass_(g, 2)
    d = decision(g)
    assert (d.kind, d.seat) == ("window", 0) and d.option("play:fortune") is not None
    g.choose(0, ["play:fortune"])
    d = decision(g)
    assert (d.kind, d.seat, d.option_ids) == ("negate_instant", 1, ("negate:fortune:priest", "pass"))
    g.choose(1, ["pass"])
    assert decision(g).kind == "window"
    side = state(g).battle.sides[ATTACKER]
    assert side.spells == [] and side.spells_cast == 0
    assert "fortune" in state(g).discard
    assert {"ogres", "trolls", "giant"} <= set(hand(g, 1))


def test_fh_037_spell_limit_is_the_spell_level():
    """Cleric (level 1) casts one battle spell; a second is refused."""
    g = fh_game([{"hand": ["cleric", "invisibility", "disintegrate", "peasants"], "territories": ["castle#1"]},
                 {"territories": ["mountain#1"]}])
    attack(g, "mountain#1", "cleric")
    assert decision(g).option("play:disintegrate") is not None
    play(g, "invisibility")
    assert blocked_rule(g, "play:disintegrate") == "FH-037"
    assert refused(g, "play:disintegrate").rule == "FH-037"
    assert "disintegrate" in hand(g, 1)
    finish_battle(g)
    assert last_result(g) == (1 + 3, 0)


def test_fh_037_spell_level_raised_mid_battle_allows_another_spell():
    """Priest (level 2) casts 2 battle spells; a third is refused until Ring of the Magi makes it 3."""
    g = fh_game([{"hand": ["priest", "invisibility", "disintegrate", "illusions", "ring-of-the-magi"],
                  "territories": ["castle#1"]}, {"territories": ["mountain#1", "tower#1"]}])
    attack(g, "mountain#1", "priest")
    play(g, "invisibility", "disintegrate")
    assert blocked_rule(g, "play:illusions") == "FH-037"
    assert refused(g, "play:illusions").rule == "FH-037"
    play(g, "ring-of-the-magi")
    play(g, "illusions")
    # Priest 1 + Invisibility 3 + Disintegrate 5 + Ring 1 + Illusions 4 (1 + level 3)
    assert finish_battle(g) == (14, 0)


def test_fh_038_spell_level_drop_keeps_cast_spells_but_allows_no_more():
    """Enchantress + Elves (level 2) cast 2 spells; the defender petrifies the Elves (level 1)."""
    g = fh_game([{"hand": ["enchantress", "elves", "invisibility", "disintegrate", "bless", "dwarves"],
                  "territories": ["forest#1"]},
                 {"hand": ["cleric", "petrification", "archers"], "territories": ["castle#1", "tower#1"]}])
    attack(g, "castle#1", "enchantress")
    play(g, "elves", "invisibility", "disintegrate")
    pass_(g, 1)
    play(g, "cleric", "petrification")  # the Elves are the only target
    assert state(g).battle.sides[ATTACKER].minions == []
    pass_(g, 2)
    d = decision(g)
    assert (d.kind, d.seat) == ("window", 0)
    assert state(g).battle.sides[ATTACKER].spells == ["invisibility", "disintegrate"]
    assert blocked_rule(g, "play:bless") == "FH-037"
    assert refused(g, "play:bless").rule == "FH-037"
    finish_battle(g)
    # Enchantress 1 + Invisibility 3 + Disintegrate 5 against Cleric 3 + Petrification 0
    assert last_result(g) == (9, 3)


# -- 3.6 What the defender may play -------------------------------------------------------------------


def test_fh_039_defender_one_hero_in_any_window():
    g = fh_game([{"hand": ["warrior", "orcs"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "cleric", "archers"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    pass_(g, 1)
    pass_(g, 2)         # W2: the defender passes
    play(g, "orcs")     # W3
    pass_(g, 1)
    play(g, "knight")   # W4: the hero comes late
    assert blocked_rule(g, "play:cleric") == "FH-039"
    assert refused(g, "play:cleric").rule == "FH-039"
    play(g, "archers")
    finish_battle(g)
    # Warrior 4 + Orcs 3 against Knight 5 + Archers 4 (2 +1 defending +1 Knight)
    assert last_result(g) == (7, 9)


def test_fh_040_defender_artifact_only_with_hero():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["titans-armor", "knight"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    d = decision(g)
    assert (d.kind, d.seat) == ("window", 1)
    assert blocked_rule(g, "play:titans-armor") == "FH-040"
    assert refused(g, "play:titans-armor").rule == "FH-040"
    play(g, "knight", "titans-armor")
    finish_battle(g)
    assert last_result(g) == (4, 5 + 1 + 3)


def test_fh_041_defender_spells_only_with_hero():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["invisibility", "cleric"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    assert blocked_rule(g, "play:invisibility") == "FH-041"
    assert refused(g, "play:invisibility").rule == "FH-041"
    play(g, "cleric", "invisibility")
    finish_battle(g)
    assert last_result(g) == (4, 3 + 3)


def test_fh_042_defender_with_hero_plays_hero_or_battle_territory_minions():
    """Wizard (Tower) defends a Castle: Tower and Castle minions are allowed, a Swamp one is not."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["wizard", "myrmidons", "griffins", "zombies"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    play(g, "wizard")
    d = decision(g)
    assert d.option("play:myrmidons") and d.option("play:griffins")
    assert blocked_rule(g, "play:zombies") == "FH-042"
    assert refused(g, "play:zombies").rule == "FH-042"
    play(g, "myrmidons", "griffins")
    finish_battle(g)
    assert last_result(g) == (4, 1 + 2 + 4)


def test_fh_043_defender_without_hero_plays_only_battle_territory_minions():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["griffins", "myrmidons", "giant"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    assert decision(g).option("play:griffins") is not None
    for minion in ("myrmidons", "giant"):
        assert blocked_rule(g, f"play:{minion}") == "FH-043"
        assert refused(g, f"play:{minion}").rule == "FH-043"
    play(g, "griffins")
    finish_battle(g)
    assert last_result(g) == (4, 4)


def test_fh_044_defender_may_play_nothing_defense_zero():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "griffins"], "territories": ["castle#1", "tower#1"]}])
    attack(g, "castle#1", "warrior")
    pass_(g, 2)
    assert finish_battle(g) == (4, 0)
    assert "castle#1" in territories(g, 1)
    assert not [e for e in events_of(g, "play") if e.data["seat"] == 1]
    assert {"griffins", "knight"} <= set(hand(g, 2))


# -- 3.7 Windows -------------------------------------------------------------------------------------


def test_fh_045_first_window_is_the_attackers():
    g = fh_game([{"hand": ["warrior", "orcs", "ogres"], "territories": ["mountain#1"]},
                 {"hand": ["griffins"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    d = decision(g)
    b = state(g).battle
    assert (d.kind, d.seat, b.window_number, b.window_owner) == ("window", 0, 1, ATTACKER)
    play(g, "orcs")
    assert (decision(g).seat, state(g).battle.window_number) == (0, 1)  # still W1
    pass_(g, 1)
    b = state(g).battle
    assert (decision(g).seat, b.window_number, b.window_owner) == (1, 2, DEFENDER)


def test_fh_046_windows_alternate():
    """Also FH-047: several cards one at a time in one window."""
    g = fh_game([{"hand": ["warrior", "orcs", "ogres", "trolls"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "archers", "griffins", "pikemen"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    seen = windows_until_end(g, {0: [["orcs"], ["ogres"], ["trolls"]], 1: [["knight", "archers"], ["griffins"],
                                                                            ["pikemen"]]})
    assert seen == [(1, 0), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1)]
    plays = [(e.data["seat"], e.data["card"]) for e in events_of(g, "play")]
    assert plays == [(0, "warrior"), (0, "orcs"), (1, "knight"), (1, "archers"), (0, "ogres"),
                     (1, "griffins"), (0, "trolls"), (1, "pikemen")]


def test_fht_28_windows_play_then_two_passes():
    """FHT-28: FH-045, FH-046, FH-048, FH-049: W1 attacker plays, W2 defender passes, W3 attacker passes: play ends."""
    g = fh_game([{"hand": ["warrior", "orcs", "ogres"], "territories": ["mountain#1"]},
                 {"hand": ["griffins"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    play(g, "orcs")
    pass_(g, 1)
    assert (decision(g).seat, state(g).battle.window_number) == (1, 2)
    pass_(g, 2)
    assert (decision(g).seat, state(g).battle.window_number) == (0, 3)
    assert not events_of(g, "play_ends")
    pass_(g, 1)
    assert [e.data["seat"] for e in events_of(g, "pass")] == [1, 0]
    assert len(events_of(g, "play_ends")) == 1
    assert last_result(g) == (4 + 3, 0)
    assert [e.data["card"] for e in events_of(g, "play")] == ["warrior", "orcs"]


def test_fht_28_windows_pass_does_not_lock_out():
    """FHT-28: W1 plays, W2 defender passes, W3 attacker plays, W4 defender plays, W5 and W6 pass: 6 windows."""
    g = fh_game([{"hand": ["warrior", "orcs", "ogres", "trolls"], "territories": ["mountain#1"]},
                 {"hand": ["griffins", "archers"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    seen = windows_until_end(g, {0: [["orcs"], ["ogres"], []], 1: [[], ["griffins"], []]})
    assert seen == [(1, 0), (2, 1), (3, 0), (4, 1), (5, 0), (6, 1)]
    assert [e.data["seat"] for e in events_of(g, "pass")] == [1, 0, 1]
    assert [(e.data["seat"], e.data["card"]) for e in events_of(g, "play")] == \
        [(0, "warrior"), (0, "orcs"), (0, "ogres"), (1, "griffins")]
    # Warrior 4 + Orcs 3 + Ogres 3 against Griffins 4
    assert last_result(g) == (10, 4)


def test_fh_049_auto_pass_windows_end_play():
    """Neither side can do anything after the hero: W1 is not a pass (the hero), W2 and W3 pass."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["myrmidons"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    assert state(g).battle is None
    assert [e.data["seat"] for e in events_of(g, "pass")] == [1, 0]
    assert last_result(g) == (4, 0)


def test_fh_050_played_cards_stay_face_up_until_battle_ends():
    g = fh_game([{"hand": ["warrior", "orcs", "ogres"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "archers", "griffins"], "territories": ["castle#1"]}])
    attack(g, "castle#1", "warrior")
    play(g, "orcs")
    pass_(g, 1)
    play(g, "knight", "archers")
    for viewer in (0, 1, None):
        sides = g.view_for(viewer)["battle"]["sides"]
        assert (sides[0]["hero"], sides[0]["minions"]) == ("warrior", ["orcs"])
        assert (sides[1]["hero"], sides[1]["minions"]) == ("knight", ["archers"])
    pass_(g, 2)
    b = state(g).battle
    assert b.sides[ATTACKER].cards() == ["warrior", "orcs"]
    assert b.sides[DEFENDER].cards() == ["knight", "archers"]
    finish_battle(g)


def test_fh_051_end_of_play_effect_before_totals():
    g = fh_game([{"hand": ["enchantress", "elves"], "territories": ["forest#1"]},
                 {"hand": ["giant"], "territories": ["mountain#1", "tower#1"]}])
    attack(g, "mountain#1", "enchantress")
    play(g, "elves")
    pass_(g, 1)
    play(g, "giant")
    pass_(g, 2)
    pass_(g, 1)
    d = decision(g)
    assert (d.kind, d.seat) == ("enchant", 0)
    assert not events_of(g, "totals")
    choose(g, "target:giant")
    # Enchantress 1 + Elves 2 + Giant 5 (not defending any more) against nothing
    assert last_result(g) == (8, 0)


# -- 3.9 Totals and outcome ------------------------------------------------------------------------


def test_fh_064_fh_065_totals_are_the_described_sums():
    """FH-064, FH-065, FH-067 at Swamp.
    Attack 16: Lich AV 3 +1 Celestial Sword +3 (at Swamp) + Zombies 2 + Sword BV 4 + Invisibility 3.
    Defense 18: Warlock DV 3 +1 Titans Armor + Skeletons 1 + Wraiths 5 + Armor BV 3 + Disintegrate 5."""
    g = fh_game([{"hand": ["lich", "celestial-sword", "zombies", "invisibility"], "territories": ["forest#1"]},
                 {"hand": ["warlock", "titans-armor", "skeletons", "wraiths", "disintegrate"],
                  "territories": ["swamp#1", "tower#1"]}])
    attack(g, "swamp#1", "lich")
    play(g, "celestial-sword", "zombies", "invisibility")
    # Every seat's view carries both totals written out term by term (the table draws its
    # badges and tooltips from them and computes nothing): the lines add up to the totals.
    for seat in (0, 1):
        battle = g.view_for(seat)["battle"]
        assert battle["totals"] == [16, 0]
        for side, lines in enumerate(battle["total_lines"]):
            assert sum(line["amount"] for line in lines) == battle["totals"][side]
            assert all(line["rule"].startswith("FH-") and line["card"] for line in lines)
        assert {line["card"] for line in battle["total_lines"][0]} == {"lich", "celestial-sword", "zombies",
                                                                       "invisibility"}
    pass_(g, 1)
    play(g, "warlock", "titans-armor", "skeletons", "wraiths", "disintegrate")
    assert finish_battle(g) == (16, 18)
    [att, dfn] = events_of(g, "totals")
    assert (att.rule, att.data["side"], dfn.rule, dfn.data["side"]) == ("FH-064", ATTACKER, "FH-065", DEFENDER)


def test_fh_066_attacker_counts_av_defender_counts_dv():
    """Knight attacks (AV 1, not DV 5); Barbarian defends (DV 3, not AV 6)."""
    g = fh_game([{"hand": ["knight"], "territories": ["castle#1"]},
                 {"hand": ["barbarian"], "territories": ["mountain#1", "tower#1"]}])
    attack(g, "mountain#1", "knight")
    play(g, "barbarian")
    assert finish_battle(g) == (1, 3)


def test_fh_068_higher_attack_wins():
    """Warrior 4 against Archers 3 (2 +1 defending): the attacker wins by one."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["archers"], "territories": ["castle#1", "tower#1"]}])
    attack(g, "castle#1", "warrior")
    play(g, "archers")
    assert finish_battle(g) == (4, 3)
    assert [e.rule for e in events_of(g, "battle_won")] == ["FH-070"]
    assert events_of(g, "battle_won")[0].data["winner"] == 0


def test_fht_04_tie_goes_to_defender():
    """FHT-04: FH-069, FH-081, FH-071, FH-072: Warrior + Trolls 8 against Knight + Peasants 8 at Castle."""
    g = fh_game([{"hand": ["warrior", "trolls"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "peasants"], "territories": ["castle#1"]}],
                deck=["ogres", "giant", "elves", "dwarves"])
    attack(g, "castle#1", "warrior")
    play(g, "trolls")
    pass_(g, 1)
    play(g, "knight", "peasants")
    assert finish_battle(g) == (8, 8)
    [won] = events_of(g, "battle_won")
    assert (won.rule, won.data["winner"]) == ("FH-069", 1)
    assert territories(g, 2) == ["castle#1"] and territories(g, 1) == ["mountain#1"]
    rewards = [e for e in events_of(g, "draw") if e.rule in ("FH-070", "FH-071")]
    assert [(e.data["seat"], e.data["count"], e.rule) for e in rewards] == [(1, 3, "FH-071")]
    [private] = [e for e in events_of(g, "draw_private") if e.rule == "FH-071"]
    assert private.data["cards"] == ["ogres", "giant", "elves"]
    # The attacker drew nothing before the next turn began.
    after = g.events[g.events.index(won):]
    after = after[:next(i for i, e in enumerate(after) if e.kind == "turn")]
    assert [e.data["seat"] for e in after if e.kind == "draw"] == [1]


def test_fh_070_attacker_takes_territory_draws_two_and_it_can_be_attacked_back():
    """FH-070, FH-072."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["knight"], "territories": ["castle#1", "tower#1"]}],
                unlisted="aside", deck=["ogres", "trolls", "elves", "dwarves", "pixies"])
    attack(g, "castle#1", "warrior")
    pass_(g, 2)
    finish_battle(g)
    assert territories(g, 1) == ["mountain#1", "castle#1"] and territories(g, 2) == ["tower#1"]
    rewards = [e for e in events_of(g, "draw") if e.rule in ("FH-070", "FH-071")]
    assert [(e.data["seat"], e.data["count"], e.rule) for e in rewards] == [(0, 2, "FH-070")]
    assert hand(g, 1) == ["ogres", "trolls"]
    # P2's turn: the captured Castle is now one of P1's territories and a legal target.
    assert state(g).active == 1
    assert attack_options(g) == {"attack:mountain#1", "attack:castle#1"}
    attack(g, "castle#1", "knight")
    second = events_of(g, "attack")[1]
    assert (second.data["attacker"], second.data["defender"], second.data["territory"]) == (1, 0, "castle#1")


def test_fh_073_all_battle_cards_discarded():
    """Including a minion that changed side (Charm) and a negated spell (Fireball, by the Priest)."""
    g = fh_game([{"hand": ["necromancer", "zombies", "charm", "fireball"], "territories": ["swamp#1"]},
                 {"hand": ["priest", "griffins"], "territories": ["castle#1", "tower#1"]}])
    attack(g, "castle#1", "necromancer")
    play(g, "zombies")
    pass_(g, 1)
    play(g, "priest", "griffins")
    pass_(g, 2)
    choose(g, "play:charm")
    d = decision(g)
    assert (d.kind, d.seat) == ("negate", 1)
    choose(g, "pass")  # let Charm resolve: it takes the Griffins
    assert state(g).battle.sides[ATTACKER].minions == ["zombies", "griffins"]
    choose(g, "play:fireball")
    choose(g, "negate:fireball:priest")
    assert [(e.rule, e.data["card"], e.data["source"]) for e in events_of(g, "negate")] == \
        [("FH-057", "fireball", "priest")]
    # Necromancer 1 + Zombies 3 + Griffins 4 + Charm 0 + Fireball 0 against Priest 1
    assert finish_battle(g) == (8, 1)
    played = {"necromancer", "zombies", "charm", "fireball", "priest", "griffins"}
    assert played <= set(state(g).discard)
    [ev] = events_of(g, "battle_discard")
    assert set(ev.data["cards"]) == played and ev.rule == "FH-073"
    assert ev.text == "The 6 cards left in the battle are discarded."


def test_fh_073_a_lone_hero_is_the_card_left_in_the_battle():
    """A battle of one card (the attacker's hero, no defender's card) discards that card, and says
    so in the singular."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": [], "territories": ["castle#1", "tower#1"]}])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    [ev] = events_of(g, "battle_discard")
    assert ev.data["cards"] == ["warrior"] and "warrior" in state(g).discard
    assert ev.text == "The card left in the battle is discarded."


def test_fh_074_post_battle_steps_in_order():
    """Compare, transfer, reward draw (which reshuffles a discard pile not yet holding the battle
    cards: FHA-13), discard the battle cards, then offer Fly."""
    g = fh_game([{"hand": ["warrior", "orcs", "knight", "fly"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1", "tower#1"]}],
                unlisted="aside", deck=[], discard=["ogres", "trolls", "giant"])
    attack(g, "castle#1", "warrior")
    play(g, "orcs")
    finish_battle(g)
    kinds = [e.kind for e in g.events]
    start = kinds.index("play_ends")
    tail = [k for k in kinds[start:] if k in ("totals", "battle_won", "reshuffle", "draw", "battle_discard")]
    assert tail == ["totals", "totals", "battle_won", "reshuffle", "draw", "battle_discard"]
    drawn = hand(g, 1)[2:]
    assert len(drawn) == 2 and set(drawn) <= {"ogres", "trolls", "giant"}
    assert not {"warrior", "orcs"} & set(state(g).deck)
    assert {"warrior", "orcs"} <= set(state(g).discard)
    assert "castle#1" in territories(g, 1)
    skip_instants(g)
    d = decision(g)
    assert (d.kind, d.seat) == ("attack", 0) and d.option("play:fly") is not None


# -- worked cases ------------------------------------------------------------------------------------


def test_fht_01_minion_matching():
    """FHT-01: FH-034, FH-035: Barbarian may take a Giant, not a Vampire (refused with a message)."""
    g = fh_game([{"hand": ["barbarian", "giant", "vampire"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    d = decision(g)
    assert d.option("play:giant") is not None
    assert blocked_rule(g, "play:vampire") == "FH-035"
    err = refused(g, "play:vampire")
    assert err.rule == "FH-035"
    assert "Vampire" in str(err) and "Swamp" in str(err)
    play(g, "giant")
    finish_battle(g)
    assert [e.data["card"] for e in events_of(g, "play")] == ["barbarian", "giant"]
    assert "vampire" in hand(g, 1)
    assert last_result(g) == (6 + 5, 0)


def test_fht_02_barbarian_attacker_cannot_use_artifacts():
    """FHT-02: FH-084."""
    g = fh_game([{"hand": ["barbarian", "celestial-sword", "orcs"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1"]}])
    attack(g, "castle#1", "barbarian")
    d = decision(g)
    assert d.option("play:celestial-sword") is None
    assert blocked_rule(g, "play:celestial-sword") == "FH-084"
    err = refused(g, "play:celestial-sword")
    assert err.rule == "FH-084"
    finish_battle(g)
    assert "celestial-sword" in hand(g, 1)


def test_fht_02_barbarian_defender_cannot_use_artifacts():
    """FHT-02: FH-084."""
    g = fh_game([{"hand": ["warrior"], "territories": ["castle#1"]},
                 {"hand": ["barbarian", "titans-armor", "ogres"], "territories": ["mountain#1", "tower#1"]}])
    attack(g, "mountain#1", "warrior")
    play(g, "barbarian")
    assert blocked_rule(g, "play:titans-armor") == "FH-084"
    assert refused(g, "play:titans-armor").rule == "FH-084"
    finish_battle(g)
    assert "titans-armor" in hand(g, 2)
