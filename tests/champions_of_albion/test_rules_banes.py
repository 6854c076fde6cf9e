"""Champions of Albion rule tests: banes (3.13, CA-173 to CA-178, CAT-16, CAT-17), and the
enemy deck and the camp (3.15, CA-124, CA-186 to CA-191, CAT-27, CAT-28).

The positions are written scenarios played through ``Game.choose`` with fixed dice, using
the helpers of test_rules_combat.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.game import Game
from game.rulesets.champions_of_albion.state import MAIN
from tests.champions_of_albion.test_rules_combat import SYSTEM, Play, attacks, default, enemy_on, ends, give, new

CONTENT = SYSTEM.content


# ---- banes (CA-173 to CA-178) ----------------------------------------------------------------------------------


def test_ca_173_ca_175_a_bane_received_is_attached_to_the_champion():
    """Sweating Sickness: every champion on a capital draws a mental bane."""
    g = new(["gareth"])
    g.state.event_deck = ["sweating_sickness"]
    deck = len(g.state.bane_deck)
    p = Play(g)
    p.run(*ends(1))
    gareth = g.state.champion("gareth")
    assert len(gareth.banes) == 1 and CONTENT.banes[gareth.banes[0]].kind == "mental"
    assert len(g.state.bane_deck) == deck - 1
    assert p.of("CA-173")[0].data["bane"] == gareth.banes[0]
    assert g.view_for(0)["champions"][0]["banes"] == gareth.banes


def test_ca_175_there_are_exactly_three_bane_kinds():
    assert {b.kind for b in CONTENT.banes.values()} == {"mental", "physical", "magical"}
    for kind in ("mental", "physical", "magical"):
        assert any(b.kind == kind for b in CONTENT.banes.values())


def test_cat_16_ca_174_identical_banes_add_up():
    """CAT-16: two Wrenched Arms (-1 strength each): Gareth's strength is 4 - 2 (+2 axe)."""
    g = new(["gareth"], banes={"gareth": ["wrenched_arm", "wrenched_arm"]}, dice=[1, 6],
            enemies=[{"card": "ash_imp", "space": "caer_aldon"}])
    assert g.view_for(0)["champions"][0]["attributes"]["strength"] == 4 - 2 + 2
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert attacks(p)[0].data["total"] == 1 + 4 - 2 + 2


def test_ca_174_different_banes_add_up_too():
    """Dread (-1 resolve) and Nightmares (-1 resolve, -1 persuasion)."""
    g = new(["gareth"], banes={"gareth": ["dread", "nightmares"]})
    attributes = g.view_for(0)["champions"][0]["attributes"]
    assert attributes["resolve"] == 3 - 2 and attributes["persuasion"] == 1 - 1


def test_ca_176_a_bane_whose_condition_is_met_goes_back_into_the_bane_deck():
    """Dread is lifted by a rest on a capital."""
    g = new(["gareth"], banes={"gareth": ["dread"]})
    deck = len(g.state.bane_deck)
    p = Play(g)
    p.run(("action", "rest"), stop=("action",))
    assert g.state.champion("gareth").banes == []
    assert len(g.state.bane_deck) == deck + 1 and "dread" in g.state.bane_deck
    assert p.of("CA-176")


def test_ca_176_a_bane_stays_while_its_condition_is_not_met():
    """A rest on a country space does not lift Dread."""
    g = new(["gareth"], banes={"gareth": ["dread"]}, positions={"gareth": "fennick"})
    p = Play(g)
    p.run(("action", "rest"), stop=("action",))
    assert g.state.champion("gareth").banes == ["dread"] and not p.of("CA-176")


def test_ca_176_paying_gold_at_a_market_lifts_a_bane():
    g = new(["gareth"], banes={"gareth": ["wrenched_arm"]}, gold={"gareth": 3})
    p = Play(g)
    p.run(("action", "bane:wrenched_arm"), stop=("action",))
    gareth = g.state.champion("gareth")
    assert gareth.banes == [] and gareth.gold == 1 and "wrenched_arm" in g.state.bane_deck


def test_ca_176_passing_the_printed_test_lifts_a_bane():
    """Despair: a resolve test at 7 (Gareth's resolve 3): 3 fails, 4 passes."""
    g = new(["gareth"], banes={"gareth": ["despair"]}, dice=[3, 4])
    p = Play(g)
    p.run(("action", "bane:despair"), stop=("action",))
    assert g.state.champion("gareth").banes == ["despair"]
    p.run(("action", "bane:despair"), stop=("action",))
    assert g.state.champion("gareth").banes == []
    assert [e.data["passed"] for e in p.of("CA-068")] == [False, True]


def test_ca_176_a_spirit_touched_action_lifts_a_magical_bane():
    g = new(["gareth", "ysolde"], positions={"ysolde": "caer_aldon"}, banes={"gareth": ["hex_of_dimming"]})
    p = Play(g)
    p.run(("action", "end"), ("action", "cleanse:gareth:hex_of_dimming"), stop=("action",))
    assert g.state.champion("gareth").banes == [] and "hex_of_dimming" in g.state.bane_deck


def test_cat_17_ca_177_one_bane_at_a_time_the_player_chooses():
    """CAT-17: Dread and Shaken Nerve are both lifted by a rest on a capital; one rest lifts
    exactly one, the one the player picks."""
    g = new(["gareth"], banes={"gareth": ["dread", "shaken_nerve"]})
    p = Play(g)
    d = p.run(("action", "rest"), stop=("bane",))
    assert set(d.option_ids) == {"bane:dread", "bane:shaken_nerve"} and d.rule == "CA-177"
    # each answer says how that bane is removed, in words (it said "rest_on_capital")
    assert {o.detail for o in d.options} == {"Take the Rest action on a capital."}
    p.run(("bane", "bane:shaken_nerve"), stop=("action",))
    assert g.state.champion("gareth").banes == ["dread"]


def test_ca_177_of_two_identical_banes_one_is_lifted():
    g = new(["gareth"], banes={"gareth": ["dread", "dread"]})
    p = Play(g)
    p.run(("action", "rest"), stop=("action",))
    assert g.state.champion("gareth").banes == ["dread"]
    assert len(p.of("CA-176")) == 1


def test_ca_178_will_is_lost_through_banes():
    """Despair: 1 will at the end of each round."""
    g = new(["gareth"], banes={"gareth": ["despair"]})
    p = Play(g)
    p.run(*ends(1))
    assert g.state.champion("gareth").will == 4
    assert [e.data["amount"] for e in p.of("CA-178", kind="will")] == [-1]


def test_ca_173_ca_178_will_is_lost_through_failed_stories():
    """The Whispering Dark failed: lose 2 will and draw a mental bane."""
    g = new(["gareth"], positions={"gareth": "wormway"}, dice=[1])
    g.state.world_decks["depths"] = ["the_whispering_dark"]
    p = Play(g)
    p.run(*ends(1))
    gareth = g.state.champion("gareth")
    story_loss = p.of("CA-178", kind="will")[0]
    assert story_loss.data["amount"] == -2 and "Whispering Dark" in story_loss.text
    assert len(gareth.banes) == 1 and CONTENT.banes[gareth.banes[0]].kind == "mental"
    assert gareth.will == 5 - 2 - (1 if gareth.banes == ["despair"] else 0)  # Despair also bites at the round's end


def test_ca_178_will_is_lost_through_combat_rerolls():
    g = new(["gareth"], dice=[1, 1, 6], enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(1), ("reroll", "reroll"), stop=("retreat",))
    assert g.state.champion("gareth").will == 4 and p.of("CA-090", kind="will")


# ---- the enemy deck and the camp (CA-124, CA-186 to CA-191) -------------------------------------------------------


def ordinary_invariant(g: Game) -> None:
    """CA-191, G-33: an ordinary enemy's card is in the camp exactly while a standee of it is
    on the board, and in the enemy deck otherwise."""
    st = g.state
    on_board = {e.card for e in st.enemies if e.kind == "ordinary"}
    assert set(st.camp) == on_board
    assert not set(st.camp) & set(st.enemy_deck)
    assert sorted(st.camp + st.enemy_deck) == sorted(CONTENT.enemies)
    for card, enemy in CONTENT.enemies.items():
        assert sum(1 for e in st.enemies if e.card == card) <= enemy.standees


def test_cat_27_ca_124_ca_191_the_card_returns_to_the_deck_with_its_last_standee():
    """CAT-27: two Ash Imp standees; after the first falls its card stays in the camp, after
    the second it is shuffled into the enemy deck."""
    g = new(["gareth"], dice=[1, 6, 6, 1, 6], enemies=[{"card": "ash_imp", "space": "caer_aldon"},
                                                        {"card": "ash_imp", "space": "caer_aldon"}])
    st = g.state
    assert st.camp == ["ash_imp"] and "ash_imp" not in st.enemy_deck
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert len([e for e in st.enemies if e.card == "ash_imp"]) == 1
    assert st.camp == ["ash_imp"] and "ash_imp" not in st.enemy_deck
    ordinary_invariant(g)
    deck = list(st.enemy_deck)
    p.run(("retreat", "stay"))
    assert not [e for e in st.enemies if e.card == "ash_imp"]
    assert "ash_imp" not in st.camp and "ash_imp" in st.enemy_deck
    assert st.enemy_deck[-len(deck):] != deck  # shuffled in, not laid on the bottom (index 0)
    assert [e.rule for e in p.events if "goes back into the enemy deck" in e.text] == ["CA-124"]
    ordinary_invariant(g)


def test_ca_186_more_dangerous_enemies_wait_face_down_beside_the_main_enemy():
    for main in ("dragon", "arawn", "morrigan"):
        g = Game.new(SYSTEM, 3, 1, {"main_enemy": main})
        st = g.state
        mine = {d.id for d in CONTENT.dangerous.values() if d.main_enemy == main}
        assert len(mine) == 4 and set(st.dangerous_waiting) == mine
        assert not mine & set(st.enemy_deck) and not mine & set(st.camp)
        assert all(e.kind != "dangerous" for e in st.enemies)
        view = g.view_for(0)
        assert view["dangerous_waiting"] == 4  # face down: a count, not which is which
        assert not any(d in str(view) for d in mine)


def sleeping_knight(dice: list[int], enemies: list[dict[str, Any]] | None = None) -> Game:
    """Cadoc on The Wormway draws The Sleeping Knight; part 1 (intuition 9) is passed with a
    5, and part 2 places the Hollow Knight on his space for a duel."""
    g = new(["cadoc"], positions={"cadoc": "wormway"}, dice=dice, enemies=enemies or [])
    g.state.world_decks["depths"] = ["the_sleeping_knight"]
    return g


def test_cat_28_ca_187_placing_a_specific_enemy_searches_the_deck():
    """CAT-28: the Hollow Knight is third from the top: 3 cards are turned up, it goes to the
    camp and its standee onto Cadoc's space, and the other 2 are shuffled back."""
    g = sleeping_knight([5, 1])
    st = g.state
    st.enemy_deck.remove("hollow_knight")
    st.enemy_deck.insert(len(st.enemy_deck) - 2, "hollow_knight")  # the top is the last card
    others = st.enemy_deck[-2:]
    size = len(st.enemy_deck)
    unshuffled = [c for c in st.enemy_deck if c != "hollow_knight"]
    p = Play(g)
    p.run(*ends(1), stop=("reroll",))
    assert p.of("CA-187")[0].data["turned"] == 3
    assert st.camp == ["hollow_knight"] and "hollow_knight" not in st.enemy_deck
    assert enemy_on(g, "hollow_knight").space == "wormway"
    assert len(st.enemy_deck) == size - 1 and set(others) <= set(st.enemy_deck)
    assert st.enemy_deck != unshuffled  # the deck is shuffled afterwards
    ordinary_invariant(g)


def test_ca_188_a_specific_enemy_already_in_the_camp_gets_another_standee_without_a_search():
    g = sleeping_knight([5, 1], enemies=[{"card": "hollow_knight", "space": "fennick"}])
    deck = list(g.state.enemy_deck)
    p = Play(g)
    p.run(*ends(1), stop=("reroll",))
    assert not [e for e in p.events if "turned" in e.data]  # no search of the deck
    assert g.state.enemy_deck == deck
    assert sorted(e.space for e in g.state.enemies if e.card == "hollow_knight") == ["fennick", "wormway"]
    ordinary_invariant(g)


def test_ca_188_with_no_free_standee_nothing_is_placed():
    g = sleeping_knight([5], enemies=[{"card": "hollow_knight", "space": "fennick"},
                                       {"card": "hollow_knight", "space": "westwold"}])
    p = Play(g)
    p.run(*ends(1))
    assert p.of("CA-188")
    assert sorted(e.space for e in g.state.enemies if e.card == "hollow_knight") == ["fennick", "westwold"]
    assert not attacks(p)
    ordinary_invariant(g)


def test_ca_189_ca_190_a_random_enemy_is_the_top_card_and_the_camp_holds_many():
    """Border Raids places a random enemy on a random country space: the top card of the deck."""
    g = new(["gareth"], enemies=[{"card": "ash_imp", "space": "westwold"},
                                 {"card": "deep_troll", "space": "owlbarrow"},
                                 {"card": "bog_hag", "space": "root_halls"}])
    st = g.state
    st.event_deck = ["border_raids"]
    top = st.enemy_deck[-1]
    p = Play(g)
    p.run(*ends(1))
    placed = p.of("CA-189")[0]
    new_enemy = st.enemy(placed.data["enemy"])
    assert new_enemy.card == top and CONTENT.map.spaces[new_enemy.space].kind == "country"
    assert {"ash_imp", "deep_troll", "bog_hag", top} <= set(st.camp) and len(st.camp) >= 4
    ordinary_invariant(g)


def test_ca_189_an_empty_enemy_deck_places_nothing():
    g = new(["gareth"])
    st = g.state
    st.event_deck = ["border_raids"]
    st.camp = sorted(CONTENT.enemies)
    st.enemy_deck = []
    p = Play(g)
    p.run(*ends(1))
    assert not st.enemies and p.of("G-40")


@pytest.mark.parametrize("seed, main", [(11, "dragon"), (12, "arawn"), (13, "morrigan")])
def test_ca_191_the_camp_matches_the_board_throughout_a_game(seed, main):
    """A two-champion game with stories, events and fights, played with plain answers (join
    every fight, never retreat, take every replacement); checked after every decision."""
    g = Game.new(SYSTEM, seed, 2, {"main_enemy": main})
    g.choose(0, "champion:gareth")
    g.choose(1, "champion:elin")
    answers = {"join": "join", "champion": None, "accept_fight": "accept"}
    seen_fight = False
    for _ in range(1500):
        d = g.pending()
        if d is None:
            break
        pick = answers.get(d.kind, "") if d.kind in answers else ""
        choice = pick if pick in d.option_ids else default(d)
        if d.kind == "champion":
            choice = next(o for o in d.option_ids if o != "decline")
        g.choose(d.seat, choice)
        seen_fight = seen_fight or g.state.fight is not None
        ordinary_invariant(g)
        if g.state.act == 2 and g.state.enemy(MAIN) is None and not g.state.outcome:
            break
    assert seen_fight


# ---- what attached banes do (CA-173: attached, they act as printed) ------------------------------------------------


def test_ca_173_shadow_marked_enemies_attack_the_marked_champion_first():
    g = new(["gareth", "elin"], positions={"elin": "caer_aldon"}, banes={"elin": ["shadow_mark"]}, dice=[1, 1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    p = Play(g)
    p.run(*ends(2), stop=("retreat",))
    assert not p.asked("defender")
    assert [e.data["champion"] for e in p.of("CA-088", "defence")] == ["elin"]


def test_ca_173_relic_blight_keeps_a_relic_out_of_use():
    g = new(["hollis"], banes={"hollis": ["relic_blight"]}, dice=[1, 6],
            enemies=[{"card": "wyrmblood_brute", "space": "thornwick"}])
    give(g, "hollis", "iron_mace", "sword_of_dawn")
    p = Play(g)
    p.run(*ends(1), stop=("retreat",))
    assert not p.asked("loadout")
    assert attacks(p)[0].data["total"] == 1 + 3 + 2  # the Iron Mace, not the Sword of Dawn's +4


def test_ca_173_silenced_casts_no_spells():
    g = new(["ysolde"], banes={"ysolde": ["silenced"]})
    d = g.pending()
    assert not [o for o in d.option_ids if o.startswith("cast:")]
    g2 = new(["ysolde"])
    assert "cast:healing_light" in g2.pending().option_ids


def test_ca_173_shaken_nerve_spends_no_aid_tokens():
    g = new(["gareth"], banes={"gareth": ["shaken_nerve"]}, aid={"gareth": [2]}, dice=[4])
    g.state.world_decks["capital"] = ["the_tithe_reeve"]
    p = Play(g)
    p.run(*ends(1))
    assert not p.asked("story_roll") and p.of("CA-068", passed=False)
    assert g.state.champion("gareth").aid == [2]


def test_ca_173_hobbled_allows_two_travels_a_turn():
    g = new(["gareth"], banes={"gareth": ["hobbled"]})
    p = Play(g)
    d = p.run(("action", "travel:fennick"), ("action", "travel:caer_aldon"), stop=("action",))
    assert not [o for o in d.option_ids if o.startswith("travel:")]
    assert any(b.option_id.startswith("travel:") for b in d.blocked)


def test_ca_173_poison_costs_a_life_at_the_end_of_each_round():
    g = new(["gareth"], banes={"gareth": ["poison"]})
    p = Play(g)
    p.run(*ends(1))
    assert g.state.champion("gareth").life == 12 and p.of("CA-178", kind="wound")
