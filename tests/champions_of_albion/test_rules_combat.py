"""Champions of Albion rule tests: tests and aid tokens (3.5), combat (3.6), ambush and duel
(3.7), the defeat of enemies and champions (3.8), the enemies' special abilities, the
stalemate rule (G-43), and the worked cases CAT-01, CAT-03 to CAT-07, CAT-14, CAT-15,
CAT-18, CAT-20 to CAT-26, CAT-31, CAT-32, CAT-37 and CAT-38.

Every test plays a written position (``Game.from_scenario``) through ``Game.choose`` with
fixed dice, and checks the state, the decisions offered and the events. Banes and the
enemy deck and camp (CAT-16, CAT-17, CAT-27, CAT-28) are in test_rules_banes.py.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import pytest

from game.core.game import Game
from game.rulesets.champions_of_albion import combat
from game.rulesets.champions_of_albion.state import MAIN, EnemyState
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()

DEFAULTS = {"action": "end", "reroll": "keep", "retreat": "stay", "skill": "skill:none", "story_roll": "accept",
            "join": "stay_out", "accept_fight": "decline", "champion": "decline", "quest_token": "token:none"}
"""How the helper answers a question the test does not script: the passive choice."""


def new(champions: list[str], *, main: str = "dragon", seed: int = 7, quiet: bool = True, **scenario: Any) -> Game:
    """A written position, stopped at the first action of round 1. ``quiet`` takes away the
    story decks and makes the event a harmless one, so nothing after the combat phase
    blurs what a test checks (champions are kept on capitals or country spaces, where the
    main enemy's event-phase placements cannot reach them in round 1)."""
    g = Game.from_scenario(SYSTEM, {"main_enemy": main, "champions": champions, **scenario}, seed)
    if quiet:
        hush(g)
    return g


def hush(g: Game) -> None:
    st = g.state
    for kind in st.world_decks:
        st.world_decks[kind] = []
    st.quest_deck = []
    st.event_deck = ["portent"]


def strip(g: Game, champion: str, *keep: str) -> None:
    """Take a champion's starting resources away (back into the deck), keeping ``keep``."""
    c = g.state.champion(champion)
    for rid in list(c.resources):
        if rid not in keep:
            c.resources.remove(rid)
            g.state.resource_deck.insert(0, rid)  # at the bottom


def give(g: Game, champion: str, *cards: str) -> None:
    c = g.state.champion(champion)
    for rid in cards:
        for pile in (g.state.resource_deck, g.state.hand):
            if rid in pile:
                pile.remove(rid)
                break
        c.resources.append(rid)


def enemy_on(g: Game, card: str) -> EnemyState:
    return next(e for e in g.state.enemies if e.card == card)


class Play:
    """Answers the game's questions: scripted answers in order (matched by decision kind),
    the passive default otherwise; stops at a decision of a ``stop`` kind once the script
    is used up. Keeps every decision and event, in order, in ``timeline``."""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.events: list[Any] = []
        self.decisions: list[Any] = []
        self.timeline: list[tuple[str, Any]] = []

    def run(self, *script: tuple[str, Any], stop: Iterable[str] = ("action",), limit: int = 500) -> Any:
        todo = list(script)
        stops = set(stop)
        for _ in range(limit):
            d = self.g.pending()
            if d is None:
                assert not todo, f"the game ended with {todo} still to play"
                return None
            if d.kind in stops:
                if not todo:
                    return d
                assert todo[0][0] == d.kind, f"asked {d.kind} ({d.prompt}) while {todo[0]} was expected"
            if todo and todo[0][0] == d.kind:
                choice = todo.pop(0)[1]
                if callable(choice):
                    choice = choice(d)
            else:
                choice = default(d)
            self.decisions.append(d)
            self.timeline.append(("decision", d))
            events = self.g.choose(d.seat, choice)
            self.events.extend(events)
            self.timeline.extend(("event", e) for e in events)
        raise AssertionError("the game did not stop")

    def of(self, rule: str | None = None, kind: str | None = None, **data: Any) -> list[Any]:
        return [e for e in self.events if (rule is None or e.rule == rule) and (kind is None or e.kind == kind)
                and all(e.data.get(k) == v for k, v in data.items())]

    def asked(self, kind: str) -> list[Any]:
        return [d for d in self.decisions if d.kind == kind]


def default(d: Any) -> Any:
    if d.kind == "discard":
        return "keep"
    want = DEFAULTS.get(d.kind)
    return want if want in d.option_ids else d.option_ids[0]


def ends(n: int) -> list[tuple[str, str]]:
    """End the action-phase turns of ``n`` champions."""
    return [("action", "end")] * n


def attacks(p: Play, champion: str | None = None) -> list[Any]:
    return [e for e in p.of("CA-084", "attack") if champion is None or e.data["champion"] == champion]


def defences(p: Play, champion: str | None = None) -> list[Any]:
    return [e for e in p.of("CA-088", "defence") if champion is None or e.data["champion"] == champion]


def rolls(p: Play, test: str) -> list[Any]:
    return [e for e in p.events if e.kind == "roll" and e.data.get("test") == test]


# ---- 3.5 tests and aid tokens --------------------------------------------------------------------------


def story_game(champion: str, space: str, deck: str, story: str, dice: list[int], **kw: Any) -> Game:
    """``champion`` on ``space`` draws ``story`` from the ``deck`` world deck in round 1's story phase."""
    g = new([champion], positions={champion: space}, dice=dice, **kw)
    g.state.world_decks[deck] = [story]
    return g


def test_cat_37_ca_066_ca_067_ca_068_a_total_equal_to_the_difficulty_passes():
    """CAT-37: a perception test at difficulty 7, Perception 3 and a roll of 4 is passed."""
    g = story_game("cadoc", "fennick", "country", "the_false_shepherd", [4])
    assert SYSTEM.content.champions["cadoc"].perception == 3
    p = Play(g)
    p.run(*ends(1))
    roll = p.of("CA-067")[0]
    assert "perception" in roll.text and "7" in roll.text  # CA-066: the attribute and the difficulty
    assert roll.data["die"] == 4 and roll.data["total"] == 7 and roll.data["target"] == 7
    assert p.of("CA-068", passed=True)
    assert g.state.champion("cadoc").gold == 1 + 3  # the pass outcome: 3 gold


def test_ca_067_the_test_adds_the_modified_attribute():
    """d6 + the modified value: Cadoc's Wayfinder's Lantern (+1 perception) counts."""
    g = story_game("cadoc", "fennick", "country", "the_false_shepherd", [3])
    give(g, "cadoc", "wayfinders_lantern")
    p = Play(g)
    p.run(*ends(1))
    roll = p.of("CA-067")[0]
    assert roll.data["total"] == 3 + 3 + 1
    assert p.of("CA-068", passed=True)


def test_ca_068_ca_069_a_failed_test_applies_the_failure_part():
    """Below the difficulty fails, and the card's negative effect follows (The Tithe-Reeve: lose 2 gold)."""
    g = story_game("gareth", "caer_aldon", "capital", "the_tithe_reeve", [4], gold={"gareth": 3})
    p = Play(g)
    p.run(*ends(1))
    assert p.of("CA-067")[0].data["total"] == 4 + 1 < 6
    assert p.of("CA-068", passed=False)
    attribute = SYSTEM.content.stories["the_tithe_reeve"].parts[0].test.attribute
    assert [e.text for e in p.of("CA-068")] == [f"Gareth fails the {attribute} test: 5 against 6."]
    assert g.state.champion("gareth").gold == 1


def test_ca_068_a_total_above_the_difficulty_passes():
    g = story_game("gareth", "caer_aldon", "capital", "the_tithe_reeve", [6], gold={"gareth": 3})
    p = Play(g)
    p.run(*ends(1))
    assert p.of("CA-068", passed=True)
    assert g.state.champion("gareth").gold == 5


def test_ca_070_a_story_without_a_failure_part_has_no_penalty():
    g = story_game("gareth", "caer_aldon", "capital", "the_heralds_riddle", [1], gold={"gareth": 2})
    assert SYSTEM.content.stories["the_heralds_riddle"].parts[0].on_fail is None
    c = g.state.champion("gareth")
    before = (c.life, c.will, c.gold, list(c.banes), list(c.resources))
    p = Play(g)
    p.run(*ends(1))
    assert p.of("CA-068", passed=False) and p.of("CA-070")
    assert (c.life, c.will, c.gold, list(c.banes), list(c.resources)) == before


def test_cat_14_ca_072_ca_073_aid_caps_the_die_at_six_and_goes_back_to_the_supply():
    """CAT-14: a story test, a roll of 5 and a +2 aid token: the die counts 6, the token is spent."""
    g = story_game("gareth", "caer_aldon", "capital", "the_heralds_riddle", [5], aid={"gareth": [2]})
    supply = list(g.state.aid_supply)
    p = Play(g)
    d = p.run(*ends(1), stop=("story_roll",))
    assert set(d.option_ids) == {"aid:2", "accept"}  # CA-071: offered after the roll is seen
    p.run(("story_roll", "aid:2"))
    after = p.of("CA-067")[-1]
    assert after.data["die"] == 6 and after.data["total"] == 6  # 5 + 2 = 7, but the die counts 6 at most
    assert "counts 6" in p.of("CA-072")[0].text
    assert g.state.champion("gareth").aid == []
    assert sorted(g.state.aid_supply) == sorted(supply + [2])  # CA-073: back to the supply
    assert p.of("CA-068", passed=False)  # Gareth's intuition 0: 6 is still below 7


def test_ca_071_ca_073_any_number_of_aid_tokens_may_be_spent_each_adding_its_value():
    g = story_game("gareth", "caer_aldon", "capital", "the_tithe_reeve", [3], aid={"gareth": [1, 1]},
                   gold={"gareth": 3})
    p = Play(g)
    p.run(*ends(1), ("story_roll", "aid:1"), ("story_roll", "aid:1"))
    totals = [e.data["total"] for e in p.of("CA-067")]
    assert totals == [4, 5, 6]  # 3 + 1 persuasion, then +1 and +1
    assert p.of("CA-068", passed=True)
    c = g.state.champion("gareth")
    assert c.aid == [] and c.gold == 5


@pytest.mark.parametrize("supply, got", [([1, 2], [1]), ([2], [2]), ([], [])])
def test_ca_073_aid_tokens_come_from_the_limited_supply(supply, got):
    """Blessing grants a +1 token; with none left a +2 comes instead; with none at all, nothing (G-40)."""
    g = new(["gareth"])
    g.state.event_deck = ["blessing"]
    g.state.aid_supply = list(supply)
    Play(g).run(*ends(1))
    assert g.state.champion("gareth").aid == got
    assert sorted(g.state.aid_supply + got) == sorted(supply)


def test_ca_071_a_passed_story_test_asks_nothing():
    g = story_game("gareth", "caer_aldon", "capital", "the_tithe_reeve", [6], aid={"gareth": [1]})
    p = Play(g)
    p.run(*ends(1))
    assert not p.asked("story_roll")
    assert g.state.champion("gareth").aid == [1]


def test_ca_076_no_will_reroll_in_a_story_test():
    """A failed story test offers aid tokens but never a will reroll (G-18)."""
    g = story_game("gareth", "caer_aldon", "capital", "the_heralds_riddle", [1], aid={"gareth": [1]})
    p = Play(g)
    p.run(*ends(1))
    assert [d.option_ids for d in p.asked("story_roll")] == [("aid:1", "accept")]
    assert not p.asked("reroll")
    assert g.state.champion("gareth").will == 5


def test_ca_076_no_will_reroll_in_a_resource_test():
    g = new(["tamsin"], dice=[1])
    g.state.hand = ["shieldmaiden"] + [r for r in g.state.hand if r != "shieldmaiden"][:4]
    if "shieldmaiden" in g.state.resource_deck:
        g.state.resource_deck.remove("shieldmaiden")
    p = Play(g)
    p.run(("action", "gather:shieldmaiden"))  # no cost: the test is the only way (no question)
    assert p.of("CA-068", passed=False)
    assert not p.asked("reroll") and not p.asked("story_roll")
    assert g.state.champion("tamsin").will == 6


def test_cat_15_ca_074_no_aid_tokens_in_combat_tests():
    """CAT-15: a champion with aid tokens in a fight is never offered to spend them."""
    g = new(["gareth"], aid={"gareth": [1, 2]}, dice=[1, 1, 1, 1],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert p.asked("reroll")
    for d in p.decisions:
        assert not any(o.startswith("aid:") for o in d.option_ids)
    assert g.state.champion("gareth").aid == [1, 2]


def test_ca_074_no_aid_tokens_in_a_story_fight():
    """Even a fight that a story starts (The False Shepherd's ambush) offers no aid tokens."""
    g = story_game("cadoc", "fennick", "country", "the_false_shepherd", [1, 1, 1, 1, 1, 1],
                   aid={"cadoc": [1, 2]})
    g.state.enemy_deck.remove("ash_imp")
    g.state.enemy_deck.append("ash_imp")  # on top
    p = Play(g)
    d = p.run(*ends(1), stop=("story_roll",))
    p.run(("story_roll", "accept"), stop=("retreat",))
    assert g.state.fight is not None and g.state.fight.kind == "story"
    fight_questions = [q for q in p.decisions if q.kind not in ("action", "story_roll")]
    assert fight_questions and all(not any(o.startswith("aid:") for o in q.option_ids) for q in fight_questions)
    assert d.kind == "story_roll"  # aid was offered in the story test itself
    assert g.state.champion("cadoc").aid == [1, 2]


def test_ca_074_no_aid_tokens_in_resource_or_bane_tests():
    g = new(["tamsin"], aid={"tamsin": [1, 2]}, banes={"tamsin": ["despair"]}, dice=[1, 1])
    g.state.hand = ["shieldmaiden"] + [r for r in g.state.hand if r != "shieldmaiden"][:4]
    if "shieldmaiden" in g.state.resource_deck:
        g.state.resource_deck.remove("shieldmaiden")
    p = Play(g)
    p.run(("action", "gather:shieldmaiden"), ("discard", "keep"), ("action", "bane:despair"),
          stop=("action",))
    assert len(p.of("CA-068", passed=False)) == 2  # the companion's test and the bane's test
    assert all(not any(o.startswith("aid:") for o in d.option_ids) for d in p.decisions)
    assert g.state.champion("tamsin").aid == [1, 2]


def test_ca_075_the_modified_attribute_adds_printed_cards_banes_and_spells():
    """Ysolde (strength 1) with an Iron Mace (+2), a Wrenched Arm (-1) and her own Oak
    Strength (+1): her attack is d6 + 3."""
    g = new(["ysolde"], positions={"ysolde": "caer_aldon"}, dice=[2, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}], banes={"ysolde": ["wrenched_arm"]})
    give(g, "ysolde", "iron_mace", "oak_strength")
    p = Play(g)
    p.run(("action", "cast:oak_strength"), ("action", "end"), stop=("retreat",))
    assert attacks(p)[0].data["total"] == 2 + 1 + 2 - 1 + 1
    assert g.view_for(0)["champions"][0]["attributes"]["strength"] == 3


# ---- 3.6 combat: who fights, structure (CA-077 to CA-081) --------------------------------------------
#
# Gareth: strength 4 + Bearded Axe 2 = 6 (+1 against treasure 3 or more), speed 2 + Ringmail 2 = 4.
# Elin: strength 2 + Yew Longbow 1 = 3, speed 4 + 1 = 5 (she wins the initiative against Gareth).
# On capitals and country spaces the Dragon's Act 1 ability (+1 AV on wilderness) does not apply.


def test_ca_077_a_champion_sharing_a_space_with_an_enemy_must_fight():
    g = new(["gareth", "elin"], dice=[1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    d = p.run(*ends(2), stop=("reroll",))
    fight = g.state.fight
    assert g.state.phase == "combat" and fight.kind == "phase"
    assert fight.fighters == ["gareth"]  # Elin, on Stonebridge with no enemy, does not fight
    assert d.seat == 0 and "attack" in d.prompt  # no way to decline: the first question is the roll
    assert "Gareth must fight on Caer Aldon" in p.of("CA-077")[0].text


def test_ca_077_no_enemy_no_fight():
    g = new(["gareth"], enemies=[{"card": "wyrmblood_brute", "space": "fennick"}])
    p = Play(g)
    p.run(*ends(1))
    assert "no champion shares a space" in p.of("CA-077")[0].text
    assert not rolls(p, "attack")


def test_ca_078_ca_080_combat_rounds_run_in_initiative_order_over_all_spaces():
    """Elin (first in initiative) fights on Stonebridge, Gareth on Caer Aldon, Tamsin (not
    fighting) is skipped; each space resolves its attacks and strikes before the next."""
    g = new(["gareth", "elin", "tamsin"], dice=[1, 6, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                     {"card": "wyrmblood_brute", "space": "stonebridge"}])
    p = Play(g)
    p.run(*ends(3), stop=("retreat",))
    assert g.state.initiative == [1, 2, 0]  # Elin, Tamsin, Gareth
    fight = g.state.fight
    assert sorted(fight.spaces) == ["caer_aldon", "stonebridge"] and fight.round == 1
    order = [(e.kind, e.data.get("champion")) for k, e in p.timeline
             if k == "event" and e.kind in ("attack", "defence")]
    assert order == [("attack", "elin"), ("defence", "elin"), ("attack", "gareth"), ("defence", "gareth")]
    assert "tamsin" not in fight.fighters
    assert len(p.of("CA-078")) == 1  # one combat round for both spaces together


def test_ca_079_combat_goes_on_until_the_enemy_falls():
    """Scale-Raider (DV 6, life 4): 1 damage, 1 damage, then the rest in round 3; no round 4."""
    g = new(["gareth"], dice=[1, 6, 1, 6, 6, 6], enemies=[{"card": "scale_raider", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("retreat", "stay"), ("retreat", "stay"))
    assert [e.data["damage"] for e in attacks(p)] == [1, 1, 6]
    assert len(p.of("CA-078")) == 3
    assert p.of("CA-079") and g.state.fight is None
    assert not [e for e in g.state.enemies if e.space == "caer_aldon"]


def test_ca_079_a_space_whose_enemies_have_fallen_leaves_the_combat_while_others_go_on():
    g = new(["gareth", "elin"], dice=[6, 6, 1, 6, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}, {"card": "ash_imp", "space": "stonebridge"}])
    p = Play(g)
    d = p.run(*ends(2), ("retreat", "stay"), stop=("retreat",))
    rounds = p.of("CA-078")
    assert "Stonebridge" in rounds[0].text and "Caer Aldon" in rounds[0].text
    assert "Stonebridge" not in rounds[1].text and "Caer Aldon" in rounds[1].text
    assert [e.data["champion"] for e in attacks(p)] == ["elin", "gareth", "gareth"]
    assert d.seat == 0  # only Gareth is asked to retreat after round 2


def test_ca_081_everyone_declares_cards_and_skills_before_any_roll():
    g = new(["gareth", "elin"], dice=[1, 1, 6, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}], positions={"elin": "caer_aldon"})
    give(g, "gareth", "twin_knives", "mighty_blow")
    give(g, "elin", "iron_mace")
    p = Play(g)
    p.run(*ends(2), ("loadout", "use:iron_mace"), ("loadout", "use:bearded_axe"), ("skill", "skill:mighty_blow"),
          stop=("retreat",))
    first_roll = next(i for i, (k, x) in enumerate(p.timeline) if k == "event" and x.kind == "roll")
    declared = [(i, x) for i, (k, x) in enumerate(p.timeline) if k == "decision" and x.kind in ("loadout", "skill")]
    assert [(x.kind, x.seat) for _, x in declared] == [("loadout", 1), ("loadout", 0), ("skill", 0)]
    assert all(i < first_roll for i, _ in declared)
    assert {o for d in p.asked("loadout") for o in d.option_ids} == {
        "use:iron_mace", "use:yew_longbow", "use:bearded_axe", "use:twin_knives"}
    # the choices hold: Elin 1 + 2 + Iron Mace 2; Gareth 1 + 4 + axe 2 + Mighty Blow 2 + Bounty Hunter 1
    assert [e.data["total"] for e in attacks(p)] == [5, 10]


def test_ca_082_the_opponent_is_one_enemy_on_the_champions_own_space():
    g = new(["gareth"], dice=[1, 6, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}, {"card": "ash_imp", "space": "caer_aldon"},
                     {"card": "hollow_knight", "space": "fennick"}])
    brute, imp = enemy_on(g, "wyrmblood_brute"), enemy_on(g, "ash_imp")
    p = Play(g)
    d = p.run(*ends(1), stop=("target",))
    assert set(d.option_ids) == {f"enemy:{brute.uid}", f"enemy:{imp.uid}"}
    p.run(("target", f"enemy:{imp.uid}"), stop=("retreat",))
    assert attacks(p)[0].data["enemy"] == imp.uid


# ---- attack and defence (CA-083 to CA-089) -------------------------------------------------------------


def test_cat_03_ca_083_ca_084_ca_086_attack_damage_is_the_excess_and_the_fallen_strike_back():
    """CAT-03: strength 3 (Hollis), a +2 weapon, DV 6 and life 4 (Scale-Raider), a roll of 5:
    10 takes 4 life and defeats it; it still makes its last attack."""
    g = new(["hollis"], dice=[5, 2], enemies=[{"card": "scale_raider", "space": "thornwick"}])
    give(g, "hollis", "bearded_axe")
    raider = enemy_on(g, "scale_raider")
    p = Play(g)
    p.run(*ends(1))
    hit = attacks(p)[0]
    assert hit.data["total"] == 10 and hit.data["dv"] == 6 and hit.data["damage"] == 4
    fall = p.of("CA-123", enemy=raider.uid)
    assert fall
    strike = defences(p)[0]
    assert strike.data["enemy"] == raider.uid and strike.data["total"] == 2 + 1 + 1 and strike.data["damage"] == 3
    assert p.events.index(fall[0]) < p.events.index(strike)
    assert g.state.champion("hollis").life == 12 - 3


def test_cat_04_ca_084_a_result_equal_to_the_dv_succeeds_for_no_damage():
    """CAT-04: Elin's 2 + 3 equals the Ash Imp's DV 5: passed, and it loses 0 life."""
    g = new(["elin"], dice=[2, 6], enemies=[{"card": "ash_imp", "space": "stonebridge"}])
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    hit = attacks(p)[0]
    assert hit.data["total"] == hit.data["dv"] == 5 and hit.data["damage"] == 0
    assert "0 damage" in hit.text
    assert enemy_on(g, "ash_imp").damage == 0


def test_ca_084_a_result_below_the_dv_deals_nothing():
    g = new(["elin"], dice=[2, 6], enemies=[{"card": "scale_raider", "space": "stonebridge"}])
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    hit = attacks(p)[0]
    assert hit.data["total"] == 5 < hit.data["dv"] == 6 and hit.data["damage"] == 0 and "no damage" in hit.text
    assert enemy_on(g, "scale_raider").damage == 0


@pytest.mark.parametrize("die, lost", [(3, 2), (5, 0)])
def test_cat_05_ca_087_ca_088_the_defence_shortfall_is_lost(die, lost):
    """CAT-05: speed 2 (Ysolde), armour +1, AV 8 (Firedrake Whelp): 3 gives 6 and 2 life lost; 5 gives 8 and none."""
    g = new(["ysolde"], dice=[1, die], enemies=[{"card": "firedrake_whelp", "space": "wellbrook"}])
    give(g, "ysolde", "padded_jerkin")
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    d = defences(p)[0]
    assert d.data["total"] == die + 3 and d.data["av"] == 8 and d.data["damage"] == lost
    assert g.state.champion("ysolde").life == 9 - lost


@pytest.mark.parametrize("pick, attack, defence", [("sword_of_dawn", 11, 4), ("twin_knives", 8, 5)])
def test_cat_01_ca_089_one_weapon_a_relic_among_them_for_attack_and_defence(pick, attack, defence):
    """CAT-01, with the nearest real cards: Hollis (strength 3, speed 1, no armour) holds an
    Iron Mace (+2), Twin Knives (+1 strength, +1 speed) and the relic Sword of Dawn, which
    counts as a weapon (+4). Hollow Knight: DV 7, AV 7. Rolls 4 and 3. Only the chosen
    weapon counts, in the attack and the defence alike; the relic shares the weapon slot."""
    g = new(["hollis"], dice=[4, 3], enemies=[{"card": "hollow_knight", "space": "thornwick"}])
    strip(g, "hollis")
    give(g, "hollis", "iron_mace", "twin_knives", "sword_of_dawn")
    p = Play(g)
    d = p.run(*ends(1), stop=("loadout",))
    assert "weapon" in d.prompt and "use:sword_of_dawn" in d.option_ids and "use:twin_knives" in d.option_ids
    p.run(("loadout", f"use:{pick}"), stop=("retreat",))
    assert len(p.asked("loadout")) == 1  # one choice, for the one weapon slot
    assert attacks(p)[0].data["total"] == attack and attacks(p)[0].data["damage"] == attack - 7
    assert defences(p)[0].data["total"] == defence and defences(p)[0].data["damage"] == 7 - defence


def test_cat_18_ca_089_companions_do_not_stack_and_the_chosen_one_serves_both_tests():
    """CAT-18: The Shieldmaiden (+1/+1) and the Mercenary Captain (+2 strength): with the
    Captain chosen Elin's attack has +2 and her defence +0."""
    g = new(["elin"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "stonebridge"}])
    give(g, "elin", "shieldmaiden", "mercenary_captain")
    p = Play(g)
    d = p.run(*ends(1), stop=("loadout",))
    assert set(d.option_ids) == {"use:shieldmaiden", "use:mercenary_captain"} and "companion" in d.prompt
    p.run(("loadout", "use:mercenary_captain"), stop=("retreat",))
    assert attacks(p)[0].data["total"] == 1 + 2 + 1 + 2
    assert defences(p)[0].data["total"] == 1 + 4 + 1


def test_ca_085_damage_is_kept_per_standee_and_persists():
    """Two Wyrmblood Brutes: the one hit keeps its 2 damage after Gareth retreats, into the next round."""
    g = new(["gareth"], dice=[3, 6, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                     {"card": "wyrmblood_brute", "space": "caer_aldon"}])
    first, second = [e for e in g.state.enemies if e.card == "wyrmblood_brute"]
    p = Play(g)
    p.run(*ends(1), ("target", f"enemy:{second.uid}"), ("retreat", "retreat:wellbrook"))
    assert (first.damage, second.damage) == (0, 3 + 7 - 8)
    assert g.state.round == 2 and g.state.enemy(second.uid).damage == 2
    assert g.view_for(0)["enemies"][1]["life"] == 6 - 2


# ---- the will reroll (CA-090 to CA-093) ---------------------------------------------------------------


def test_cat_06_ca_090_one_will_reroll_per_combat_round():
    """CAT-06: with will 4 Gareth rerolls his attack for 1 will; no reroll is offered for his
    defence in that combat round, and one is offered again in the next."""
    g = new(["gareth"], dice=[1, 2, 1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").will = 4
    p = Play(g)
    d = p.run(*ends(1), ("reroll", "reroll"), ("retreat", "stay"), stop=("reroll",))
    assert g.state.champion("gareth").will == 3
    assert len(p.asked("reroll")) == 1  # round 1: the attack only, not the defence (die 1, 3 damage)
    assert defences(p)[0].data["damage"] == 9 - 5
    assert g.state.fight.round == 2 and "attack" in d.prompt and "1 will" in d.prompt
    assert p.of("CA-090", kind="will")[0].data["amount"] == -1


def test_ca_090_the_defence_die_may_be_rerolled_if_the_attack_was_not():
    g = new(["gareth"], dice=[1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), ("reroll", "reroll"), stop=("retreat",))
    assert ["attack" in d.prompt for d in p.asked("reroll")] == [True, False]
    assert defences(p)[0].data["total"] == 6 + 4 and defences(p)[0].data["damage"] == 0
    assert g.state.champion("gareth").will == 4


def test_ca_092_the_reroll_replaces_the_die_even_when_lower():
    g = new(["gareth"], dice=[6, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("reroll", "reroll"), stop=("retreat",))
    assert p.of("CA-092")[0].data["die"] == 1
    assert attacks(p)[0].data["total"] == 1 + 7 and attacks(p)[0].data["damage"] == 0  # not 6 + 7


def test_ca_091_a_reroll_replaces_exactly_one_die():
    """CA-091: a will reroll applies to one die only. No card of this content rolls two dice
    (G-02: such a card would say how its dice combine), so every test rolls one die and the
    reroll replaces that die: the script's dice are used attack 1, reroll 6, defence 5."""
    from game.rulesets.champions_of_albion.vocabulary import VERBS

    assert not any("dice" in verb.params for verb in VERBS.values())
    g = new(["gareth"], dice=[1, 6, 5], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("reroll", "reroll"), stop=("retreat",))
    assert attacks(p)[0].data["total"] == 6 + 7
    assert defences(p)[0].data["total"] == 5 + 4
    assert g.state.dice_script == [] and g.state.champion("gareth").will == 4


@pytest.mark.parametrize("will", [1, 2])
def test_cat_07_ca_093_the_last_point_of_will_may_pay_a_reroll_with_a_warning(will):
    """CAT-07, CA-093: the rule text overrides the checklist's "not with 1 will" (p.5 "everyone
    may reroll one of their dice once, for 1 will" has no lower limit). With will 1 or 2 the
    reroll is offered for the attack, then for the failed defence; with will 1 the offer says
    the champion will be defeated. Kept, nothing is paid."""
    g = new(["gareth"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").will = will
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    asked = p.asked("reroll")
    assert len(asked) == 2
    for d in asked:
        reroll = d.option("reroll")
        assert d.option("keep") is not None
        if will == 1:
            assert d.rule == "CA-093" and reroll.label == "Reroll (defeats Gareth)" and "defeated" in d.prompt
            assert "last point of will" in reroll.detail and "still counts" in reroll.detail
        else:
            assert d.rule == "CA-090" and "defeat" not in reroll.label + reroll.detail
    assert g.state.champion("gareth").will == will and g.state.players[0].champion == "gareth"


def test_ca_093_ca_126_a_reroll_paid_with_the_last_will_counts_then_the_champion_is_defeated():
    """CA-093, CA-126 (rules.md "Will rerolls"): Gareth (will 1) rerolls a miss against a wounded
    Brute (4 life left) for his last will. The new die (6 + 7 = 13 against DV 8) still counts:
    the Brute falls to him and pays its treasure; then, at 0 will, he loses heart and is
    defeated before any strike, so the Brute's last strike finds no defender."""
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon", "damage": 2}])
    g.state.champion("gareth").will = 1
    brute = enemy_on(g, "wyrmblood_brute")
    p = Play(g)
    d = p.run(*ends(1), stop=("reroll",))
    assert d.rule == "CA-093"
    p.run(("reroll", "reroll"), stop=("champion",))
    assert attacks(p)[0].data["total"] == 6 + 7 and attacks(p)[0].data["damage"] == 5
    rules = [e.rule for e in p.events]
    fell = next(i for i, e in enumerate(p.events) if e.rule == "CA-123" and e.data.get("enemy") == brute.uid)
    lost_heart = next(i for i, e in enumerate(p.events) if e.rule == "CA-126")
    assert fell < lost_heart and "will" in p.events[lost_heart].text
    assert p.of("CA-108", kind="gold")  # the treasure was his before he fell
    assert not defences(p) and "CA-088" not in rules
    assert g.state.players[0].champion == "" and g.state.enemy(brute.uid) is None
    assert not g.state.outcome  # Act 1: a new champion may come (CA-128)


def test_ca_093_a_defence_reroll_paid_with_the_last_will_counts_then_the_champion_is_defeated():
    """CA-093: the defence die rerolled with the last will is resolved (6 + 4 = 10 against AV 9,
    no damage), then Gareth is defeated at 0 will."""
    g = new(["gareth"], dice=[1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").will = 1
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), ("reroll", "reroll"), stop=("champion",))
    assert defences(p)[0].data["total"] == 6 + 4 and defences(p)[0].data["damage"] == 0
    assert g.state.champion("gareth").life == SYSTEM.content.champions["gareth"].life
    assert p.of("CA-126") and g.state.players[0].champion == ""


def test_ca_093_the_warden_ignoring_the_will_loss_is_not_warned_nor_defeated():
    """CA-093, CA-040: Hollis's passive ignores the first will loss each round, so at will 1 his
    reroll costs nothing that round: no warning, and he stays in play."""
    g = new(["hollis"], dice=[1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "thornwick"}])
    g.state.champion("hollis").will = 1
    p = Play(g)
    d = p.run(*ends(1), stop=("reroll",))
    assert d.rule == "CA-090" and "ignores" in d.option("reroll").label
    p.run(("reroll", "reroll"), stop=("retreat",))
    assert g.state.champion("hollis").will == 1 and g.state.players[0].champion == "hollis"


# ---- with united strength (CA-094 to CA-100) ---------------------------------------------------------------


def test_cat_25_ca_094_ca_096_two_champions_wear_down_one_enemy_which_attacks_once():
    """CAT-25 with the nearest real enemy, Raven Reaver (DV 6, AV 6, life 5): Elin attacks
    first (result 8: 2 damage), then Gareth (result 7: 1 damage), leaving 2 life; it attacks
    once, and the players name Gareth or Elin to defend."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[5, 1, 1],
            enemies=[{"card": "raven_reaver", "space": "caer_aldon"}])
    reaver = enemy_on(g, "raven_reaver")
    p = Play(g)
    d = p.run(*ends(2), stop=("defender",))
    assert [(e.data["champion"], e.data["total"], e.data["damage"]) for e in attacks(p)] == [
        ("elin", 8, 2), ("gareth", 7, 1)]
    assert reaver.damage == 3 and 5 - reaver.damage == 2
    assert set(d.option_ids) == {"champion:gareth", "champion:elin"} and d.rule == "CA-096"
    p.run(("defender", "champion:gareth"), stop=("retreat",))
    assert [e.data["champion"] for e in defences(p)] == ["gareth"]  # one enemy, one strike


def test_ca_095_every_enemy_strikes_once_a_round_the_fallen_included():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[6, 1, 6, 6],
            enemies=[{"card": "ash_imp", "space": "caer_aldon"}, {"card": "wyrmblood_brute", "space": "caer_aldon"}])
    imp, brute = enemy_on(g, "ash_imp"), enemy_on(g, "wyrmblood_brute")
    p = Play(g)
    p.run(*ends(2), ("target", f"enemy:{imp.uid}"), stop=("retreat",))
    assert p.of("CA-123", enemy=imp.uid)  # Elin's 9 against DV 5 defeats the imp
    assert sorted(e.data["enemy"] for e in defences(p)) == sorted([imp.uid, brute.uid])
    assert len(p.asked("defender")) == 2
    assert g.state.enemy(imp.uid) is None  # gone at the end of the combat round


def test_ca_097_one_champion_named_against_several_enemies_has_one_reroll_in_all():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 1, 6, 1],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                     {"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), ("reroll", "keep"), ("reroll", "keep"),
          ("defender", "champion:gareth"), ("reroll", "reroll"), ("defender", "champion:gareth"), stop=("retreat",))
    assert [e.data["champion"] for e in defences(p)] == ["gareth", "gareth"]  # a separate roll for each
    assert [e.data["total"] for e in defences(p)] == [6 + 4, 1 + 4]
    gareth_rerolls = [d for d in p.asked("reroll") if d.seat == 0]
    assert len(gareth_rerolls) == 2  # his attack, then his first defence; none for the second
    assert g.state.champion("gareth").will == 4


def test_ca_098_a_lone_champion_attacks_one_enemy_and_defends_against_each():
    g = new(["gareth"], dice=[1, 6, 6, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}, {"card": "ash_imp", "space": "caer_aldon"},
                     {"card": "barrow_wight", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert len(attacks(p)) == 1
    assert len(defences(p, "gareth")) == 3 and not p.asked("defender")


def test_ca_099_ca_109_lowest_life_target_overrides_the_players_choice():
    """Cinder Hound attacks the champion with the lowest life: no defender question."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6],
            enemies=[{"card": "cinder_hound", "space": "caer_aldon"}])
    g.state.champion("gareth").life = 9  # Elin has 10
    p = Play(g)
    p.run(*ends(2), stop=("retreat",))
    assert not p.asked("defender")
    assert [e.data["champion"] for e in defences(p)] == ["gareth"]


def test_ca_099_ca_109_highest_strength_target_overrides_the_players_choice():
    """Pale Huntsman attacks the champion with the highest strength (Gareth's 6 against Elin's 3)."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6],
            enemies=[{"card": "pale_huntsman", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), stop=("retreat",))
    assert not p.asked("defender")
    assert [e.data["champion"] for e in defences(p)] == ["gareth"]


def test_ca_096_without_a_target_ability_the_players_name_the_defender():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), ("defender", "champion:elin"), stop=("retreat",))
    assert [e.data["champion"] for e in defences(p)] == ["elin"]


def test_ca_100_no_attack_once_every_enemy_has_fallen_but_the_last_strike_comes():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[6, 1],
            enemies=[{"card": "ash_imp", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), ("defender", "champion:gareth"))
    assert [e.data["champion"] for e in attacks(p)] == ["elin"]
    assert p.of("CA-100") and "Gareth" in p.of("CA-100")[0].text
    assert [(e.data["champion"], e.data["damage"]) for e in defences(p)] == [("gareth", 0)]
    assert len(p.of("CA-078")) == 1 and p.of("CA-079")


# ---- retreat (CA-101 to CA-107) ----------------------------------------------------------------------------


def test_ca_101_each_fighter_may_retreat_at_the_end_of_each_round_in_initiative_order():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6, 1, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), ("retreat", "stay"), ("retreat", "stay"), stop=("retreat",))
    asked = p.asked("retreat")
    assert [d.seat for d in asked] == [1, 0]  # Elin, then Gareth
    assert "stay" in asked[0].option_ids
    # combat round 2 followed; the retreat question comes again at its end
    assert g.state.fight.round == 2 and len(attacks(p)) == 4


def test_cat_21_ca_102_ca_105_retreat_goes_back_and_ends_the_champions_part():
    """CAT-21: Gareth travelled Caer Aldon -> Fennick; with no enemy on Caer Aldon he retreats
    there and takes no further part, while Elin fights on."""
    g = new(["gareth", "elin"], positions={"elin": "fennick"}, dice=[1, 1, 6, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "fennick"}])
    g.state.champion("elin").previous = "westwold"
    p = Play(g)
    d = p.run(("action", "end"), ("action", "travel:fennick"), ("action", "end"), ("retreat", "stay"),
              stop=("retreat",))
    assert d.seat == 0 and set(d.option_ids) == {"retreat:caer_aldon", "stay"}
    p.run(("retreat", "retreat:caer_aldon"), stop=("retreat",))
    gareth = g.state.champion("gareth")
    assert gareth.space == "caer_aldon"
    assert "gareth" not in g.state.fight.fighters and "gareth" in g.state.fight.left
    assert [e.data["champion"] for e in attacks(p)] == ["elin", "gareth", "elin"]  # round 2: Elin alone


def test_cat_21_ca_103_no_retreat_onto_an_enemy():
    g = new(["gareth"], positions={"gareth": "fennick"}, dice=[1, 1, 1, 1],
            enemies=[{"card": "wyrmblood_brute", "space": "fennick"}, {"card": "ash_imp", "space": "caer_aldon"}])
    g.state.champion("gareth").previous = "caer_aldon"
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), ("reroll", "keep"), stop=("reroll",))
    assert not p.asked("retreat")
    assert g.state.fight.round == 2


def test_ca_079_ca_105_a_lone_champion_who_retreats_ends_the_fight():
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("retreat", "retreat:fennick"))
    assert p.of("CA-102") and p.of("CA-079")
    assert len(p.of("CA-078")) == 1
    assert g.state.fight is None and enemy_on(g, "wyrmblood_brute").space == "caer_aldon"
    assert g.state.champion("gareth").space == "fennick"


def test_cat_22_ca_106_without_a_previous_space_any_enemy_free_neighbour():
    """CAT-22: Gareth has never moved; an enemy is on his start space and one on Fennick."""
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                                               {"card": "ash_imp", "space": "fennick"}])
    assert g.state.champion("gareth").previous == ""
    p = Play(g)
    d = p.run(*ends(1), stop=("retreat",))
    assert set(d.option_ids) == {"retreat:ashby_cross", "retreat:wellbrook", "stay"}


def test_ca_107_retreat_costs_no_action_and_updates_the_previous_space():
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    d = p.run(*ends(1), ("retreat", "retreat:wellbrook"))
    gareth = g.state.champion("gareth")
    assert (gareth.space, gareth.previous) == ("wellbrook", "caer_aldon")
    assert d.kind == "action" and "3 actions left" in d.prompt


def test_ca_104_ca_109_an_enemy_can_forbid_retreat():
    """Hound of the Hunt: no retreat while fighting it, though Fennick is free."""
    g = new(["gareth"], dice=[1, 1, 1, 1], enemies=[{"card": "hound_of_the_hunt", "space": "caer_aldon"}],
            main="arawn")
    p = Play(g)
    p.run(*ends(1), stop=("reroll",))
    p.run(("reroll", "keep"), ("reroll", "keep"), stop=("reroll",))
    assert g.state.fight.round == 2 and not p.asked("retreat")


def test_ca_104_a_bane_can_forbid_retreat():
    """Cracked Ribs: 'You may not retreat.'"""
    g = new(["gareth"], dice=[1, 1, 1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}],
            banes={"gareth": ["cracked_ribs"]})
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), ("reroll", "keep"), stop=("reroll",))
    assert g.state.fight.round == 2 and not p.asked("retreat")


# ---- rewards (CA-108) -------------------------------------------------------------------------------------


def test_cat_26_ca_108_the_treasure_goes_to_the_killing_blow():
    """CAT-26: Firedrake Whelp (treasure 3) with 2 life left: Elin deals 1, Gareth 2; Gareth gets 3 gold."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[4, 1, 6],
            enemies=[{"card": "firedrake_whelp", "space": "caer_aldon", "damage": 1}])
    p = Play(g)
    p.run(*ends(2), ("defender", "champion:gareth"))
    assert [(e.data["champion"], e.data["damage"]) for e in attacks(p)] == [("elin", 1), ("gareth", 2)]
    assert p.of("CA-108")[0].data == {"champion": "gareth", "amount": 3}
    assert (g.state.champion("gareth").gold, g.state.champion("elin").gold) == (3, 2)


def test_ca_123_an_enemy_whose_life_reaches_exactly_zero_is_defeated():
    """Scale-Raider with 1 life left: Gareth's 7 against DV 6 deals exactly 1."""
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "scale_raider", "space": "caer_aldon", "damage": 3}])
    raider = enemy_on(g, "scale_raider")
    p = Play(g)
    p.run(*ends(1))
    assert attacks(p)[0].data["damage"] == 1 and p.of("CA-123", enemy=raider.uid)
    assert g.state.enemy(raider.uid) is None


# ---- combat skills (CAT-20) -------------------------------------------------------------------------------


def test_cat_20_a_combat_skill_lasts_one_combat_round_and_is_used_once_a_round():
    """CAT-20: Mighty Blow (+2 attack) activated at the start of combat round 1 adds +2 only
    there, is not offered again that game round, and is never offered after a roll."""
    g = new(["gareth"], dice=[1, 6, 1, 6, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    give(g, "gareth", "mighty_blow")
    p = Play(g)
    p.run(*ends(1), ("skill", "skill:mighty_blow"), ("retreat", "stay"), ("retreat", "retreat:wellbrook"),
          ("action", "travel:caer_aldon"), ("action", "end"), stop=("skill",))
    assert [e.data["total"] for e in attacks(p)] == [1 + 7 + 2, 1 + 7]
    assert len(p.asked("skill")) == 1  # not offered in combat round 2
    for i, (k, x) in enumerate(p.timeline):
        if k == "decision" and x.kind == "skill":
            later = [y for kk, y in p.timeline[i:] if kk == "event" and y.kind in ("roll", "fight")]
            assert later[0].kind == "roll"  # declared before the round's first roll
    assert g.state.round == 2  # the next game round: offered again (CA-170)


# ---- 3.7 ambush (CA-110 to CA-116) ------------------------------------------------------------------------


def test_cat_23_ca_110_ca_111_ca_113_ca_115_a_champions_ambush_is_one_attack_and_nothing_more():
    """CAT-23: Gareth's unique action ambushes the Wyrmblood Brute: one attack test, no
    defence, and no combat follows although it survives; his turn goes on."""
    g = new(["gareth"], dice=[2], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    brute = enemy_on(g, "wyrmblood_brute")
    p = Play(g)
    d = p.run(("action", "unique"))
    assert len(attacks(p)) == 1 and attacks(p)[0].data["damage"] == 2 + 7 - 8
    assert not defences(p) and not rolls(p, "defence") and not p.asked("retreat")
    assert len(p.of("CA-078")) == 1  # exactly one combat round (CA-110, CA-113)
    assert g.state.fight is None and g.state.enemy(brute.uid).damage == 1
    assert d.kind == "action" and "2 actions left" in d.prompt and g.state.phase == "action"


def test_ca_115_an_ambush_by_a_spell_is_never_followed_by_combat():
    """Idris's Spirit Lance ambushes the Scale-Raider on adjacent Millford: one attack, and
    no fight follows then or in the combat phase (they are not on one space)."""
    g = new(["idris"], dice=[6], enemies=[{"card": "scale_raider", "space": "millford"}])
    raider = enemy_on(g, "scale_raider")
    p = Play(g)
    p.run(("action", "cast:spirit_lance"), ("action", "end"))
    assert [(e.data["enemy"], e.data["damage"]) for e in attacks(p)] == [(raider.uid, 6 + 1 - 6)]
    assert not defences(p)
    assert "no champion shares a space" in p.of("CA-077")[0].text
    assert g.state.enemy(raider.uid).damage == 1


def test_ca_116_skills_and_the_will_reroll_may_be_used_in_an_ambush():
    g = new(["gareth"], dice=[1, 5], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    give(g, "gareth", "mighty_blow")
    p = Play(g)
    p.run(("action", "unique"), ("skill", "skill:mighty_blow"), ("reroll", "reroll"))
    assert attacks(p)[0].data["total"] == 5 + 7 + 2
    assert g.state.champion("gareth").will == 4


def test_cat_23_ca_112_ca_114_a_story_ambush_is_one_defence_then_full_combat():
    """CAT-23: The False Shepherd failed: an enemy ambushes Cadoc (a defence test only), then
    the card's full fight follows under the combat rules."""
    g = story_game("cadoc", "fennick", "country", "the_false_shepherd", [1, 6, 1, 6])
    g.state.enemy_deck.remove("ash_imp")
    g.state.enemy_deck.append("ash_imp")  # on top
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    ambush = p.of("CA-112")[0]
    after = [e for e in p.events[p.events.index(ambush) + 1:] if e.kind in ("roll", "fight")]
    assert [(e.kind, e.data.get("test")) for e in after] == [
        ("fight", None), ("roll", "defence"), ("fight", None), ("roll", "attack"), ("roll", "defence")]
    assert g.state.fight.kind == "story" and g.state.fight.round == 1


def test_ca_109_ca_112_ca_115_an_enemy_that_ambushes_on_placement():
    """The Dragon's event phase puts a Scale-Raider on Gareth's space: it ambushes him (a
    defence only), and no combat follows the ambush."""
    g = new(["gareth"], positions={"gareth": "fennick"}, dice=[2])
    g.state.shadow_supply = ["fennick"]
    g.state.enemy_deck.remove("scale_raider")
    g.state.enemy_deck.append("scale_raider")  # on top
    p = Play(g)
    d = p.run(*ends(1))
    raider = enemy_on(g, "scale_raider")
    assert raider.space == "fennick" and p.of("CA-112")
    assert [e.data["test"] for e in rolls(p, "defence") + rolls(p, "attack")] == ["defence"]
    assert defences(p)[0].data["damage"] == 7 - (2 + 4)
    assert len(p.of("CA-078")) == 1 and g.state.fight is None
    assert d.kind == "action" and g.state.round == 2


# ---- duels (CA-117 to CA-122) ----------------------------------------------------------------------------


def duel_game(**kw: Any) -> Game:
    """Gareth (first in initiative, with The Shieldmaiden) and Cadoc on Caer Aldon with the
    duelling Ember Tyrant (DV 9, AV 10, treasure 6) and a Wyrmblood Brute."""
    g = new(["gareth", "cadoc"], positions={"cadoc": "caer_aldon"},
            enemies=[{"card": "ember_tyrant", "space": "caer_aldon", "damage": kw.pop("damage", 0)},
                     {"card": "wyrmblood_brute", "space": "caer_aldon"}], **kw)
    give(g, "gareth", "shieldmaiden")
    return g


def test_cat_24_ca_117_ca_118_ca_119_ca_120_ca_122_a_duel():
    """CAT-24: Gareth duels the Ember Tyrant: his companion adds nothing, he cannot switch to
    the Brute, Cadoc cannot attack the Tyrant, and each enemy strikes only its own foe."""
    g = duel_game(dice=[2, 1, 6, 6])
    tyrant, brute = enemy_on(g, "ember_tyrant"), enemy_on(g, "wyrmblood_brute")
    p = Play(g)
    p.run(*ends(2), stop=("retreat",))
    assert g.state.fight.duels == {tyrant.uid: "gareth"} and p.of("CA-117")
    assert not p.asked("target") and not p.asked("defender") and not p.asked("loadout")
    # 2 + strength 4 + axe 2 + Bounty Hunter 1; the Shieldmaiden's +1 is not counted
    assert [(e.data["champion"], e.data["enemy"], e.data["total"]) for e in attacks(p)] == [
        ("gareth", tyrant.uid, 9), ("cadoc", brute.uid, 2)]
    assert [(e.data["champion"], e.data["enemy"], e.data["total"]) for e in defences(p)] == [
        ("gareth", tyrant.uid, 6 + 2 + 2), ("cadoc", brute.uid, 6 + 1)]


def test_ca_122_other_enemies_wait_while_the_only_champion_duels():
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "ember_tyrant", "space": "caer_aldon"},
                                               {"card": "wyrmblood_brute", "space": "caer_aldon"}])
    tyrant = enemy_on(g, "ember_tyrant")
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert [e.data["enemy"] for e in defences(p)] == [tyrant.uid]


def test_ca_121_a_duel_ends_when_the_duellist_retreats():
    g = duel_game(dice=[1, 1, 6, 6, 1])
    tyrant, brute = enemy_on(g, "ember_tyrant"), enemy_on(g, "wyrmblood_brute")
    p = Play(g)
    d = p.run(*ends(2), ("retreat", "retreat:fennick"), ("retreat", "stay"), stop=("target",))
    assert g.state.fight.duels == {} and g.state.fight.round == 2
    assert d.seat == 1 and set(d.option_ids) == {f"enemy:{tyrant.uid}", f"enemy:{brute.uid}"}


def test_ca_121_a_duel_ends_when_the_duellist_defeats_the_enemy():
    g = duel_game(damage=8, dice=[4, 1, 6, 6, 1, 1])
    tyrant = enemy_on(g, "ember_tyrant")
    p = Play(g)
    d = p.run(*ends(2), ("retreat", "stay"), ("retreat", "stay"), stop=("defender",))
    assert p.of("CA-123", enemy=tyrant.uid) and p.of("CA-108")[0].data == {"champion": "gareth", "amount": 6}
    assert g.state.fight.duels == {} and g.state.fight.round == 2
    assert set(d.option_ids) == {"champion:gareth", "champion:cadoc"}  # the Brute faces either now


def test_ca_121_a_duel_ends_when_the_duellist_is_defeated():
    g = duel_game(dice=[1, 1, 1, 6, 1])
    g.state.champion("gareth").life = 2
    tyrant = enemy_on(g, "ember_tyrant")
    p = Play(g)
    d = p.run(*ends(2), ("retreat", "stay"), stop=("target",))
    assert p.of("CA-126") and g.state.players[0].champion == ""
    assert g.state.fight.duels == {} and d.seat == 1 and f"enemy:{tyrant.uid}" in d.option_ids


# ---- 3.8 defeat of champions (CA-126 to CA-131) --------------------------------------------------------------


def test_ca_126_ca_127_a_champion_at_0_life_is_defeated_and_loses_everything():
    g = new(["gareth"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}],
            banes={"gareth": ["dread"]}, aid={"gareth": [1, 2]}, gold={"gareth": 4})
    gareth = g.state.champion("gareth")
    gareth.life, gareth.quest_tokens = 2, 1
    banes_before = len(g.state.bane_deck)
    p = Play(g)
    p.run(*ends(1), stop=("champion",))
    assert p.of("CA-126")[0].data == {"champion": "gareth"}
    assert g.state.players[0].champion == "" and not g.view_for(0)["champions"]
    assert (gareth.resources, gareth.banes, gareth.aid, gareth.gold, gareth.quest_tokens) == ([], [], [], 0, 0)
    pool = g.state.resource_deck + g.state.hand
    assert "bearded_axe" in pool and "ringmail_coat" in pool
    assert len(g.state.bane_deck) == banes_before + 1 and "dread" in g.state.bane_deck
    assert sorted(g.state.aid_supply) == [1] * 8 + [2] * 4
    assert enemy_on(g, "wyrmblood_brute").space == "caer_aldon"  # the enemy stays


def test_ca_126_ca_109_a_champion_at_0_will_is_defeated():
    """Nightmare Mare drains 1 will from a champion who fails a defence test against it."""
    g = new(["gareth"], main="morrigan", dice=[1, 1], enemies=[{"card": "nightmare_mare", "space": "caer_aldon"}])
    g.state.champion("gareth").will = 1
    p = Play(g)
    p.run(*ends(1), stop=("champion",))
    assert defences(p)[0].data["damage"] == 9 - 5
    assert [e.data["amount"] for e in p.of("CA-109", kind="will")] == [-1]
    assert p.of("CA-126") and "will" in p.of("CA-126")[0].text
    assert g.state.players[0].champion == ""


def test_ca_109_drain_will_on_a_failed_defence_only():
    g = new(["gareth"], main="morrigan", dice=[1, 1, 1, 6],
            enemies=[{"card": "nightmare_mare", "space": "caer_aldon"}])
    gareth = g.state.champion("gareth")
    p = Play(g)
    p.run(*ends(1), ("retreat", "stay"), stop=("retreat",))
    assert gareth.will == 4 and gareth.life == 13 - 4  # round 2's defence of 10 against 9 costs nothing


@pytest.mark.parametrize("die, gold", [(1, 1), (6, 2)])
def test_ca_109_steal_gold_on_a_failed_defence(die, gold):
    """Kobold Scavenger (AV 5) takes 1 gold from Tamsin (speed 3, no armour) when her defence fails."""
    g = new(["tamsin"], dice=[1, die], enemies=[{"card": "kobold_scavenger", "space": "glasmere"}])
    strip(g, "tamsin")
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert g.state.champion("tamsin").gold == gold


def test_ca_109_regenerate_at_the_end_of_each_combat_round():
    """The Unquiet King (DV 10, life 10, regenerate 1): 3 damage becomes 2."""
    g = new(["gareth"], main="arawn", dice=[6, 6], enemies=[{"card": "unquiet_king", "space": "caer_aldon"}])
    king = enemy_on(g, "unquiet_king")
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert attacks(p)[0].data["damage"] == 6 + 7 - 10
    assert p.of("CA-109", kind="enemy") and king.damage == 2


def test_cat_31_ca_128_a_champion_defeated_in_act_1_is_replaced_next_round():
    """CAT-31: Gareth falls in round 1; Elin plays on; at the start of round 2, before the
    initiative, his player takes an unused champion, set up at its starting location."""
    g = new(["gareth", "elin"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").life = 2
    g.state.world_decks["capital"] = ["the_tithe_reeve"]
    p = Play(g)
    d = p.run(*ends(2), stop=("champion",))
    assert p.of("CA-126") and not p.of("CA-133")  # no story for the fallen Gareth in the rest of round 1
    assert g.state.round == 2 and d.seat == 0 and d.rule == "CA-128"
    assert "champion:gareth" not in d.option_ids and "champion:elin" not in d.option_ids
    assert {"champion:jory", "decline"} <= set(d.option_ids)
    from_hand = "pedlars_blade" in g.state.hand
    unshuffled = [r for r in g.state.resource_deck if r != "pedlars_blade"][:-1 if from_hand else None]
    events = g.choose(0, "champion:jory")
    assert g.state.resource_deck != unshuffled  # the deck is shuffled (G-05)
    rules = [e.rule for e in events]
    assert rules.index("CA-128") < rules.index("CA-031")  # chosen before the initiative
    jory = g.state.champion("jory")
    card = SYSTEM.content.champions["jory"]
    assert (jory.space, jory.life, jory.will, jory.gold) == (card.start, card.life, card.will, card.gold)
    assert jory.resources == list(card.equipment) and g.state.players[0].champion == "jory"
    assert len(g.state.hand) == 5


def test_ca_128_a_declined_replacement_is_offered_again_next_round():
    g = new(["gareth", "elin"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").life = 2
    p = Play(g)
    p.run(*ends(2), ("champion", "decline"), ("action", "end"), stop=("champion",))
    assert g.state.round == 3 and g.state.players[0].champion == ""


def test_ca_131_act_1_with_no_unused_champion_left_the_champions_lose_at_once():
    g = new(["gareth"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").life = 2
    g.state.used_champions = list(SYSTEM.content.champions)
    p = Play(g)
    assert p.run(*ends(1)) is None
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-131"
    assert g.outcome().winners == ()


def test_ca_131_act_1_with_an_unused_champion_the_game_goes_on():
    g = new(["gareth"], dice=[1, 1], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    g.state.champion("gareth").life = 2
    p = Play(g)
    d = p.run(*ends(1), stop=("champion",))
    assert not g.state.outcome and d.rule == "CA-128"


# ---- enemy deck bookkeeping on defeat (CA-124, CA-125) --------------------------------------------------------


def test_ca_125_a_defeated_more_dangerous_enemy_leaves_the_game():
    g = new(["gareth"], dice=[6, 6], enemies=[{"card": "scorch_wing", "space": "caer_aldon", "damage": 5}])
    wing = enemy_on(g, "scorch_wing")
    p = Play(g)
    p.run(*ends(1))
    assert p.of("CA-125", enemy=wing.uid)
    st = g.state
    assert st.enemy(wing.uid) is None and all(e.card != "scorch_wing" for e in st.enemies)
    assert "scorch_wing" not in st.enemy_deck + st.camp + st.dangerous_waiting
    assert st.champion("gareth").gold == 4  # its treasure still goes to the killing blow


# ---- G-43: stalemate ------------------------------------------------------------------------------------------


def stalemate_game(dice: list[int]) -> Game:
    """Tamsin (strength 1 + Mercenary Captain 2, speed 3 + Knight's Plate 3, no retreat with
    Cracked Ribs) against a Barrow Wight (DV 5, AV 6, life 3): with 1s nobody is hurt."""
    g = new(["tamsin"], dice=dice, enemies=[{"card": "barrow_wight", "space": "glasmere"}],
            banes={"tamsin": ["cracked_ribs"]})
    give(g, "tamsin", "mercenary_captain", "knights_plate")
    return g


def test_g43_a_fight_ends_after_ten_quiet_combat_rounds():
    g = stalemate_game([1] * 20)
    wight = enemy_on(g, "barrow_wight")
    p = Play(g)
    d = p.run(*ends(1))
    assert len(p.of("CA-078")) == 10 and p.of("G-43") and g.state.fight is None
    assert d.kind == "action" and g.state.round == 2
    assert g.state.champion("tamsin").space == "glasmere" and g.state.enemy(wight.uid).space == "glasmere"


def test_g43_the_count_is_configurable_and_restarts_after_a_loss(monkeypatch):
    monkeypatch.setattr(combat, "STALEMATE_ROUNDS", 3)
    g = stalemate_game([1, 1, 3, 1] + [1] * 10)  # round 2's attack of 6 deals 1 damage
    p = Play(g)
    p.run(*ends(1))
    assert [e.data["damage"] for e in attacks(p)] == [0, 1, 0, 0, 0]
    assert len(p.of("CA-078")) == 5 and p.of("G-43")


# ---- Act 2 (CA-129, CA-130, CAT-32, CAT-38) ---------------------------------------------------------------


def act2(champions: list[str], dice: list[int]) -> Game:
    """Act 1 played with every turn ended (the champions wait on Caer Aldon, where the
    Dragon's placements cannot reach them), then the ordinary enemies are cleared away:
    Act 2 round 1, at the first action decision."""
    g = new(champions, positions={c: "caer_aldon" for c in champions})
    Play(g).run(*ends(5 * len(champions)))
    st = g.state
    assert (st.act, st.round) == (2, 1) and st.enemy(MAIN) is not None
    st.enemies = [st.enemy(MAIN)]
    st.enemy_deck[:0] = reversed(st.camp)  # under the deck
    st.camp = []
    st.dice_script = list(dice)
    return g


def test_cat_32_ca_129_a_champion_defeated_in_act_2_loses_while_the_others_win():
    """CAT-32: Elin falls to the Dragon in Act 2 round 1; Gareth defeats it in round 2.
    Gareth's player wins, Elin's player loses and takes no further part."""
    g = act2(["gareth", "elin"], dice=[1, 1, 1, 6, 6])
    st = g.state
    dragon = st.enemy(MAIN)
    dragon.space = "westwold"
    dragon.damage = st.main_life - 2
    st.champion("elin").life = 1
    p = Play(g)
    travel = [("action", "travel:fennick"), ("action", "travel:westwold"), ("action", "end")]
    p.run(*travel, *travel, ("defender", "champion:elin"), ("retreat", "retreat:fennick"),
          ("space", "space:millford"), ("action", "travel:westwold"), ("action", "travel:millford"), ("action", "end"))
    assert p.of("CA-129") and st.players[1].lost and st.players[1].champion == ""
    assert not p.asked("champion")  # no replacement in Act 2
    assert st.round == 2 and st.outcome == "victory" and st.end_rule == "CA-160"
    assert defences(p, "gareth")[-1].data["enemy"] == MAIN  # the fallen Dragon's last strike
    assert g.outcome().winners == (0,)


def test_ca_130_a_main_enemy_condition_met_ends_the_game_in_defeat():
    """The Dragon ends an Act 2 round on a capital."""
    g = act2(["gareth"], dice=[6])
    g.state.enemy(MAIN).space = "fennick"
    p = Play(g)
    assert p.run(*ends(1)) is None
    assert g.state.enemy(MAIN).space == "caer_aldon"
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
    assert g.outcome().winners == () and g.state.ending == "dragon_defeat"


def test_cat_38_an_effect_on_enemies_reaches_the_main_enemy():
    """CAT-38 with the nearest real card: Sweeping Cut ('another enemy on your space loses 1
    life') strikes the Dragon beside the Ash Imp Gareth attacks in Act 2 (CA-157)."""
    g = act2(["gareth"], dice=[1, 6, 6])
    st = g.state
    dragon = st.enemy(MAIN)
    dragon.space = "fennick"
    imp = EnemyState("e90", "ash_imp", "ordinary", "fennick")
    st.enemies.append(imp)
    st.enemy_deck.remove("ash_imp")
    st.camp.append("ash_imp")
    give(g, "gareth", "sweeping_cut")
    p = Play(g)
    p.run(("action", "travel:fennick"), ("action", "end"), ("skill", "skill:sweeping_cut"),
          ("target", f"enemy:{imp.uid}"), stop=("retreat",))
    assert p.of("CA-123", enemy=imp.uid)
    assert dragon.damage == 1 and g.view_for(0)["main_enemy"]["on_map"]


def test_ca_104_a_story_can_forbid_retreat():
    """The Scorched Orchard quest: part 2's fight against the Scorch-Wing allows no retreat
    (the card's no_retreat; the Scorch-Wing also has the ability, the nearest real case)."""
    g = new(["elin"], dice=[4, 1, 1, 1, 1], quest_tokens=["stonebridge"])
    g.state.quest_deck = ["the_scorched_orchard"]
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), ("reroll", "keep"), stop=("reroll",))
    fight = g.state.fight
    assert fight.kind == "story" and fight.no_retreat and fight.round == 2
    assert not p.asked("retreat") and combat.retreat_spaces


def test_ca_128_a_champion_defeated_in_act_1_round_5_is_replaced_in_act_2_round_1():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"})
    Play(g).run(*ends(8))
    st = g.state
    assert (st.act, st.round) == (1, 5)
    st.champion("elin").space = "dun_corra"
    st.champion("gareth").life = 2
    st.enemies.append(EnemyState("e90", "wyrmblood_brute", "ordinary", "caer_aldon"))
    if "wyrmblood_brute" in st.enemy_deck:
        st.enemy_deck.remove("wyrmblood_brute")
        st.camp.append("wyrmblood_brute")
    st.dice_script = [1, 1]
    p = Play(g)
    d = p.run(*ends(2), stop=("champion",))
    assert p.of("CA-126") and st.players[0].defeated_at == 15
    assert (st.act, st.round) == (2, 1) and d.seat == 0 and d.rule == "CA-128"
    g.choose(0, "champion:hollis")
    assert st.players[0].champion == "hollis" and st.champion("hollis").space == "thornwick"


def _everyone_falls_in_act_1_round_5() -> Game:
    """Gareth alone, in Act 1 round 5, at 2 life on Caer Aldon with a Wyrmblood Brute: his
    attack (die 1) does nothing and the Brute's strike (die 1) defeats him."""
    g = new(["gareth"])
    Play(g).run(*ends(4))
    st = g.state
    assert (st.act, st.round) == (1, 5)
    st.champion("gareth").life = 2
    st.enemies.append(EnemyState("e90", "wyrmblood_brute", "ordinary", "caer_aldon"))
    if "wyrmblood_brute" in st.enemy_deck:
        st.enemy_deck.remove("wyrmblood_brute")
        st.camp.append("wyrmblood_brute")
    st.dice_script = [1, 1]
    return g


def test_ca_128_g_05_every_champion_defeated_in_act_1_round_5_the_game_goes_on_into_act_2():
    """CA-128, G-05 (p.6 "the player of a defeated champion may choose a new champion at the
    start of the next round"): every champion falls in Act 1 round 5; the game does not end.
    Act 2 begins, and at the start of its round 1 the player chooses a new champion, who
    counts in the main enemy's life (C) like a champion in play at the flip."""
    g = _everyone_falls_in_act_1_round_5()
    st = g.state
    p = Play(g)
    d = p.run(*ends(1), stop=("champion",))
    assert p.of("CA-126") and st.players[0].champion == "" and not st.outcome
    assert (st.act, st.round) == (2, 1) and d.seat == 0 and d.rule == "CA-128"
    assert st.enemy(MAIN) is not None  # the flip came first (G-05)
    dragon = SYSTEM.content.main_enemies["dragon"].act2
    life_at_flip = st.main_life
    assert life_at_flip == dragon.life_for(0) + len(st.shadows)
    d = p.run(("champion", "champion:hollis"))
    assert st.players[0].champion == "hollis" and st.champion("hollis").space == "thornwick"
    assert st.main_life == life_at_flip + dragon.life_per_champion
    assert d is not None and d.kind == "action" and st.initiative == [0] and not st.outcome


def test_ca_131_every_champion_defeated_in_act_1_round_5_and_no_new_one_taken_loses():
    """CA-131, CA-128: after every champion fell in Act 1 round 5, a player who declines a new
    champion at the start of Act 2 round 1 leaves nobody in play: the champions lose."""
    g = _everyone_falls_in_act_1_round_5()
    p = Play(g)
    p.run(*ends(1), stop=("champion",))
    assert p.run(("champion", "decline")) is None
    assert g.state.outcome == "defeat" and g.state.act == 2 and g.outcome().winners == ()


# ---- choosing the order on a shared space (CA-094, CA-096) ------------------------------------------------------


def _manual(g: Game, pick: Callable[[Any, list[Any]], str | None], until: Callable[[list[Any]], bool]) -> list[Any]:
    """Answer with ``pick(decision, events so far)`` or the default, until ``until(events)``."""
    events: list[Any] = []
    for _ in range(100):
        d = g.pending()
        if d is None or until(events):
            return events
        choice = pick(d, events) or default(d)
        events += g.choose(d.seat, choice)
    return events


def test_ca_094_the_players_may_choose_the_attack_order():
    """Gareth (second in initiative) is to attack before Elin, if the players so choose."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    offered = []

    def pick(d: Any, events: list[Any]) -> str | None:
        if d.kind == "action":
            return "end"
        if not any(e.kind == "attack" for e in events) and {"champion:gareth", "champion:elin"} <= set(d.option_ids):
            offered.append(d)
            return "champion:gareth"
        return None

    events = _manual(g, pick, lambda ev: sum(e.kind == "attack" for e in ev) >= 2)
    assert offered, "no choice of the attack order was offered (CA-094)"
    assert [e.data["champion"] for e in events if e.kind == "attack"] == ["gareth", "elin"]


def test_ca_094_any_order_of_three_attackers_may_be_chosen():
    """CA-094 (p.5 "their players may even decide the order in which they attack"): the order is
    wholly the players' choice. Elin, Tamsin and Gareth share Caer Aldon (initiative: Elin,
    Tamsin, Gareth); the players pick Gareth, then Tamsin, so Elin goes last. Each question
    offers only those still to attack, and none is asked once one is left."""
    g = new(["gareth", "elin", "tamsin"], positions={"elin": "caer_aldon", "tamsin": "caer_aldon"},
            dice=[1, 1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(3), ("attack_order", "champion:gareth"), ("attack_order", "champion:tamsin"), stop=("defender",))
    asked = p.asked("attack_order")
    assert [sorted(d.option_ids) for d in asked] == [
        ["champion:elin", "champion:gareth", "champion:tamsin"], ["champion:elin", "champion:tamsin"]]
    assert all(d.rule == "CA-094" for d in asked)
    assert [e.data["champion"] for e in attacks(p)] == ["gareth", "tamsin", "elin"]
    # Each choice comes after the previous attack is resolved: the next is picked knowing it.
    order = [(kind, x.kind) for kind, x in p.timeline if (kind, getattr(x, "kind", "")) in
             (("decision", "attack_order"), ("event", "attack"))]
    assert order == [("decision", "attack_order"), ("event", "attack"), ("decision", "attack_order"),
                     ("event", "attack"), ("event", "attack")]


def test_ca_094_an_illegal_attacker_leaves_the_game_untouched():
    """CA-094: a champion who already attacked this combat round cannot be picked again; the
    refused choice changes nothing."""
    g = new(["gareth", "elin", "tamsin"], positions={"elin": "caer_aldon", "tamsin": "caer_aldon"},
            dice=[1, 1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(3), ("attack_order", "champion:gareth"), stop=("attack_order",))
    d = g.pending()
    assert d.kind == "attack_order" and "champion:gareth" not in d.option_ids
    before = g.snapshot()
    with pytest.raises(Exception):
        g.choose(d.seat, ["champion:gareth"])
    assert g.snapshot() == before


def test_ca_096_the_players_may_choose_the_order_of_the_enemy_attacks():
    """The Barrow Wight (placed second) is to strike before the Brute, if the players so choose."""
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, dice=[1, 1, 6, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                     {"card": "barrow_wight", "space": "caer_aldon"}])
    brute, wight = enemy_on(g, "wyrmblood_brute"), enemy_on(g, "barrow_wight")
    offered = []

    def pick(d: Any, events: list[Any]) -> str | None:
        if d.kind == "action":
            return "end"
        if d.kind == "target":
            return f"enemy:{brute.uid}"
        both = {f"enemy:{brute.uid}", f"enemy:{wight.uid}"} <= set(d.option_ids)
        if both and sum(e.kind == "attack" for e in events) == 2 and not any(e.kind == "defence" for e in events):
            offered.append(d)
            return f"enemy:{wight.uid}"
        return None

    events = _manual(g, pick, lambda ev: any(e.kind == "defence" for e in ev))
    assert offered, "no choice of the enemies' order was offered (CA-096)"
    assert [e.data["enemy"] for e in events if e.kind == "defence"][0] == wight.uid


def test_ca_112_a_story_ambush_strikes_the_champion_whose_story_it_is():
    """The False Shepherd drawn and failed by Gareth while Cadoc shares his space: the enemy
    ambushes Gareth ("the gorse looks back" at you); the players do not redirect it."""
    g = new(["gareth", "cadoc"], positions={"cadoc": "fennick", "gareth": "fennick"}, dice=[1, 6, 1, 6])
    g.state.world_decks["country"] = ["the_tithe_reeve", "the_false_shepherd"]  # the top card last
    g.state.enemy_deck.remove("ash_imp")
    g.state.enemy_deck.append("ash_imp")  # on top
    p = Play(g)
    d = p.run(*ends(2), stop=("join",))
    assert not p.asked("defender")
    assert [e.data["champion"] for e in defences(p)] == ["gareth"]
    assert d.seat == 1  # then the story's full fight: Cadoc may join it (CA-141)


def test_ca_090_no_reroll_is_offered_for_a_defence_that_holds():
    """A defence that reaches the AV takes no harm, so the reroll (which could only make it worse)
    is not offered; the attack's reroll still is."""
    g = new(["gareth"], dice=[1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("reroll", "keep"), stop=("retreat",))
    assert defences(p)[0].data["damage"] == 0
    assert ["attack" in d.prompt for d in p.asked("reroll")] == [True]
