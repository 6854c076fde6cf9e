"""Champions of Albion rules by real play: resources (CA-163 to CA-172), tokens (CA-179 to
CA-185), the champions' unique actions (CA-039, CA-064) and passives (CA-040), with the
worked cases CAT-02 and CAT-19.

Setup, rounds, initiative and the general action rules are in test_rules_setup_actions.py.
"""

from __future__ import annotations

import pytest

from game.core.game import Game
from game.rulesets.champions_of_albion.context import half
from game.rulesets.champions_of_albion.state import MAIN
from tests.champions_of_albion.setup_actions_helpers import (
    CONTENT,
    MAP,
    SYSTEM,
    blocked_reason,
    ctx_of,
    do,
    pending,
    play,
    position,
    refresh,
    uid,
    until_kind,
)

KINDS = {"combat_skill", "spell", "companion", "weapon", "armour", "item", "relic"}


def quiet(g: Game, event: str = "pilgrims") -> None:
    """No stories this round (every world deck exhausted, CA-137) and a harmless event on top."""
    for kind in g.state.world_decks:
        g.state.world_decks[kind] = []
    g.state.event_deck.remove(event)
    g.state.event_deck.append(event)  # on top
    refresh(g)


def attack_totals(events) -> list[int]:
    return [e.data["total"] for e in events if e.kind == "attack"]


def defence_totals(events) -> list[int]:
    return [e.data["total"] for e in events if e.kind == "defence"]


def rolled(events) -> list[str]:
    return [e.text for e in events if e.rule == "CA-068" and e.kind == "test"]


# ---- 3.12 resources ------------------------------------------------------------------------------


def test_ca_163_there_are_exactly_seven_resource_kinds():
    """CA-163: combat skill, spell, companion, weapon, armour, item, relic; relics count as one
    of weapon, armour or item (CA-166)."""
    kinds = {r.kind for r in CONTENT.resources.values()}
    assert kinds == KINDS
    for r in CONTENT.resources.values():
        if r.kind == "relic":
            assert r.slot in ("weapon", "armour", "item")


def test_ca_164_attached_resources_modify_a_test():
    """CA-164: Tamsin (persuasion 4) with the Silver Torc (+2) rolls 2 for the Shieldmaiden
    (persuasion 8): 2 + 6 = 8, passed; without the torc the same roll fails."""
    hand = ["shieldmaiden", "iron_mace", "rowan_charm", "parry", "hunting_spear"]
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=hand, resources={"tamsin": ["silver_tongue_torc"]},
                 dice=[2])
    events = do(g, "gather:shieldmaiden")
    assert any("2 + 6 = 8, passed" in t for t in rolled(events))
    assert "shieldmaiden" in g.state.champion("tamsin").resources
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=hand, dice=[2])
    events = do(g, "gather:shieldmaiden")
    assert any("2 + 4 = 6, failed" in t for t in rolled(events))


def test_ca_165_ca_166_one_card_per_kind_and_a_relic_shares_its_kinds_slot():
    """CA-165: bonuses of one kind never add up; CA-166: a relic (the Horn, an item, +1
    persuasion) shares the item slot with the Silver Torc (+2): persuasion 4 + 2, not + 3.
    A companion is another kind and adds (+2 from the Minstrel)."""
    hand = ["shieldmaiden", "iron_mace", "rowan_charm", "parry", "hunting_spear"]
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=hand,
                 resources={"tamsin": ["silver_tongue_torc", "stag_horn"]}, dice=[1])
    events = do(g, "gather:shieldmaiden")
    assert any("1 + 6 = 7, failed" in t for t in rolled(events))
    assert g.view_for(0)["champions"][0]["attributes"]["persuasion"] == 6
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=hand,
                 resources={"tamsin": ["silver_tongue_torc", "stag_horn", "wandering_minstrel"]}, dice=[1])
    events = do(g, "gather:shieldmaiden")
    assert any("1 + 8 = 9, passed" in t for t in rolled(events))


def test_ca_165_only_the_best_weapon_counts_in_an_attack():
    """CA-165: Gareth with the Bearded Axe (+2) and the War Hammer (+3) attacks with +3, not +5:
    an ambush roll of 1 is 1 + 4 + 3 = 8 against the wight's DV 5."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, resources={"gareth": ["war_hammer"]},
                 enemies=[{"card": "barrow_wight", "space": "caer_aldon"}], dice=[1])
    events = do(g, "unique", "keep")
    assert attack_totals(events) == [8]


def test_ca_166_a_relic_counts_as_its_printed_kind_for_speed():
    """CA-166: the Mail of the Giant-Slayer (a relic counting as armour, +3 speed) and the
    Ringmail (+2) share one slot: Gareth's speed is 2 + 3 = 5, not 7, and he wins the
    initiative over Tamsin (4). A relic weapon adds to armour: the Sword of Dawn (+4) and
    the Ringmail both count."""
    g = position(["tamsin", "gareth"], resources={"gareth": ["giants_mail"]})
    text = [e for e in g.initial_events if e.kind == "initiative"][-1].text
    assert "Gareth, speed 5" in text and g.state.initiative == [1, 0]
    g = position(["gareth"], resources={"gareth": ["sword_of_dawn"]})
    attributes = g.view_for(0)["champions"][0]["attributes"]
    assert attributes["strength"] == 4 + 4 and attributes["speed"] == 2 + 2


def test_ca_167_cat_19_the_same_spell_twice_gives_its_bonus_once():
    """CAT-19, CA-167: Ysolde and Cadoc both cast Oak Strength (+1 strength) on Gareth: he has
    +1, not +2. (There is one Oak Strength card; the scenario attaches a copy to each caster,
    the closest the content allows.)"""
    g = position(["gareth", "ysolde", "cadoc"], positions={c: "wellbrook" for c in ("gareth", "ysolde", "cadoc")},
                 resources={"ysolde": ["oak_strength"], "cadoc": ["oak_strength"]})
    assert g.state.initiative == [0, 1, 2]
    do(g, "end", "cast:oak_strength", "champion:gareth")
    assert g.view_for(0)["champions"][0]["attributes"]["strength"] == 4 + 2 + 1
    events = do(g, "end", "cast:oak_strength", "champion:gareth")
    assert any(e.rule == "CA-167" for e in events)
    gareth = g.state.champion("gareth")
    assert gareth.spells_on == [["oak_strength", "strength", 1]]
    assert {c["id"]: c for c in g.view_for(0)["champions"]}["gareth"]["attributes"]["strength"] == 7


def test_ca_168_a_spell_bonus_lasts_until_the_end_of_the_round():
    """CA-168 (G-17): Ysolde's Wind Step (+1 speed) on herself is gone in the next round."""
    g = position(["ysolde"], positions={"ysolde": "wellbrook"}, resources={"ysolde": ["wind_step"]})
    quiet(g)
    do(g, "cast:wind_step")
    assert g.view_for(0)["champions"][0]["attributes"]["speed"] == 3
    do(g, "end")
    play(g, until_kind("action"))
    assert g.state.round == 2
    assert g.state.champion("ysolde").spells_on == [] and g.view_for(0)["champions"][0]["attributes"]["speed"] == 2


def test_ca_169_ca_170_a_combat_skill_is_declared_before_the_roll_once_a_round_for_one_combat_round():
    """CA-169: Gareth activates Mighty Blow (+2) before the roll of his Sudden Strike; it counts
    only in that combat round and is not offered again in the combat phase of the same round.
    CA-170 (G-17): next round it is upright and offered again."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, resources={"gareth": ["mighty_blow"]},
                 enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}], dice=[3, 1, 6])
    quiet(g)
    do(g, "unique")
    d = pending(g, "skill")
    assert set(d.option_ids) == {"skill:mighty_blow", "skill:none"}
    assert g.state.dice_script == [3, 1, 6]  # asked before any die is rolled
    events = do(g, "skill:mighty_blow", "keep")
    # 3 + 4 (strength) + 2 (axe) + 2 (skill) + 1 (Bounty Hunter: treasure 4) = 12 against DV 8.
    assert attack_totals(events) == [12]
    assert g.state.champion("gareth").skills_used == ["mighty_blow"]
    # The combat phase of the same round: no skill question, and no +2: 1 + 4 + 2 + 1 = 8.
    events = do(g, "end")
    events += play(g, until_kind("retreat"))
    assert attack_totals(events) == [8]
    assert not any(e.rule == "CA-169" and e.kind == "skill" for e in events)
    do(g, pending(g, "retreat").option_ids[0])
    play(g, until_kind("action"))
    assert g.state.round == 2 and g.state.champion("gareth").skills_used == []
    do(g, "travel:caer_aldon", "unique")
    assert "skill:mighty_blow" in pending(g, "skill").option_ids


def test_ca_171_a_discarded_card_is_shuffled_into_the_deck_at_once():
    """CA-171: the card discarded after a gather is in the resource deck (or turned up again
    straight away), never in a separate pile."""
    hand = ["iron_mace", "shieldmaiden", "oak_strength", "rowan_charm", "parry"]
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand, gold={"gareth": 5}, seed=9)
    do(g, "gather:iron_mace")
    deck = len(g.state.resource_deck)
    g.choose(0, ["discard:parry"])
    assert "parry" in g.state.resource_deck + g.state.hand
    assert len(g.state.resource_deck) == deck and len(g.state.hand) == 5


def test_ca_172_ca_183_a_story_gives_gold_and_a_resource_from_the_hand():
    """CA-172, CA-183, CA-147 (G-30): the Drowned Cart (country, strength 7) passed: 2 gold and
    an item of the player's choice from the Hand, which is refilled."""
    hand = ["rowan_charm", "herb_satchel", "iron_mace", "parry", "shieldmaiden"]
    g = position(["gareth"], positions={"gareth": "ashby_cross"}, hand=hand, dice=[3])
    quiet(g)
    g.state.world_decks["country"] = ["the_drowned_cart"]
    refresh(g)
    do(g, "end")
    d = pending(g, "resource")
    assert set(d.option_ids) == {"take:rowan_charm", "take:herb_satchel"}
    do(g, "take:herb_satchel")
    c = g.state.champion("gareth")
    assert "herb_satchel" in c.resources and c.gold == 2
    assert "herb_satchel" not in g.state.hand and len(g.state.hand) == 5


def test_ca_055_a_story_take_from_the_hand_is_followed_by_the_optional_discard():
    """CA-055 (p.9 "When someone takes a resource card from the Hand ... they may afterwards
    discard a card from there"): the rule holds for a story's take too. After the Drowned
    Cart's item, Gareth may discard a Hand card (shuffled in, replaced) or keep the Hand."""
    hand = ["rowan_charm", "herb_satchel", "iron_mace", "parry", "shieldmaiden"]
    g = position(["gareth"], positions={"gareth": "ashby_cross"}, hand=hand, dice=[3])
    quiet(g)
    g.state.world_decks["country"] = ["the_drowned_cart"]
    refresh(g)
    do(g, "end", "take:herb_satchel")
    d = pending(g, "discard")
    assert d.rule == "CA-055" and d.seat == 0 and (d.min_choices, d.max_choices) == (1, 1)
    assert {o.id: o.label for o in d.options}["keep"] == "Keep the Hand"
    assert {f"discard:{r}" for r in g.state.hand} | {"keep"} == set(d.option_ids)
    deck = len(g.state.resource_deck)
    events = g.choose(0, ["discard:parry"])
    assert any(e.rule == "CA-055" and e.data.get("card") == "parry" for e in events)
    assert "parry" in g.state.resource_deck + g.state.hand
    assert len(g.state.hand) == 5 and len(g.state.resource_deck) == deck
    assert "herb_satchel" in g.state.champion("gareth").resources


@pytest.mark.parametrize("how", ["gathered", "failed", "story"])
def test_ca_055_every_optional_discard_can_be_declined_with_keep_the_hand(how):
    """CA-055: a bought card, a failed gather test and a story's take each offer the discard
    with a "Keep the Hand" answer, which leaves the Hand exactly as it was."""
    hand = ["rowan_charm", "herb_satchel", "iron_mace", "parry", "shieldmaiden"]
    if how == "story":
        g = position(["gareth"], positions={"gareth": "ashby_cross"}, hand=hand, dice=[3])
        quiet(g)
        g.state.world_decks["country"] = ["the_drowned_cart"]
        refresh(g)
        do(g, "end", "take:herb_satchel")
    elif how == "gathered":
        g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand, gold={"gareth": 5})
        do(g, "gather:iron_mace")
    else:
        g = position(["tamsin"], positions={"tamsin": "brackenby"}, hand=hand, dice=[1])
        do(g, "gather:shieldmaiden")
        assert "shieldmaiden" in g.state.hand
    d = pending(g, "discard")
    assert "keep" in d.option_ids and d.option("keep").label == "Keep the Hand"
    before, deck = list(g.state.hand), list(g.state.resource_deck)
    events = g.choose(d.seat, ["keep"])
    assert g.state.hand == before and g.state.resource_deck == deck
    assert any(e.rule == "CA-055" and "keeps the Hand" in e.text for e in events)
    assert not any(e.rule == "CA-055" and e.data.get("card") for e in events)


def test_ca_172_ca_058_a_relic_comes_from_a_story():
    """CA-172, CA-058: the Giant's Grave (wilderness, strength 9) passed with 3 + 4 + 2: the
    Mail of the Giant-Slayer is searched out of the resource deck and attached."""
    g = position(["gareth"], positions={"gareth": "grey_downs"}, dice=[3])
    quiet(g)
    g.state.world_decks["wilderness"] = ["the_giants_grave"]
    refresh(g)
    assert "giants_mail" in g.state.resource_deck
    do(g, "end")
    play(g, until_kind("action"))
    assert "giants_mail" in g.state.champion("gareth").resources
    assert "giants_mail" not in g.state.resource_deck + g.state.hand


# ---- 3.14 tokens ------------------------------------------------------------------------------------


def test_ca_179_cat_02_half_as_many_rounds_up():
    """CA-179, CAT-02: 1 -> 1, 2 -> 1, 3 -> 2, 4 -> 2, 5 -> 3."""
    assert [half(c) for c in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]


@pytest.mark.parametrize("seats,shadows", [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_ca_179_cat_02_arawn_places_half_the_champions_in_shadows(seats, shadows):
    """CA-179, CAT-02: Arawn's setup places half(C) random shadows (C = seats at setup, G-03)."""
    g = Game.new(SYSTEM, 30 + seats, seats, {"main_enemy": "arawn"})
    assert len(g.state.shadows) == shadows


@pytest.mark.parametrize("defeated,placed", [(False, 2), (True, 1)])
def test_ca_179_c_is_the_number_of_champions_in_play(defeated, placed):
    """CA-179 (G-03): in round 3 the Dragon's event phase places half(C) shadows. With 3 seats
    that is 2; with one of the 3 champions defeated (C = 2) it is 1."""
    g = position(["hollis", "cadoc", "ysolde"], seed=12)
    quiet(g)
    if defeated:
        ctx_of(g).defeat(g.state.champion("cadoc"), "CA-126", "life")
    g.state.round = 3
    refresh(g)
    before = len(g.state.shadows)
    events = play(g, lambda g, d: g.state.round == 4)
    assert len([e for e in events if e.rule == "CA-181"]) == placed
    assert len(g.state.shadows) == before + placed


def test_ca_180_ca_181_random_tokens_go_to_the_location_on_their_back():
    """CA-180, CA-181: a random quest or shadow token is drawn from the supply, turned over and
    placed on the space its back shows; different games draw different tokens."""
    placements = set()
    for seed in range(4):
        g = Game.new(SYSTEM, seed, 2, {"main_enemy": "dragon"})
        state = g.state
        assert len(set(state.quest_tokens)) == 3 and set(state.quest_tokens) <= set(MAP.quest_backs)
        assert not set(state.quest_tokens) & set(state.quest_supply)
        assert state.shadow_backs == state.shadows and set(state.shadows) <= set(MAP.shadow_backs)
        assert not set(state.shadows) & set(state.shadow_supply)
        assert [e.data["space"] for e in g.initial_events if e.rule == "CA-180"] == state.quest_tokens
        placements.add(tuple(state.quest_tokens + state.shadows))
    assert len(placements) > 1


def _to_act_2(g: Game) -> None:
    """Make round 1 the last round of Act 1 and play on to Act 2's first question."""
    quiet(g)
    g.state.round = 5
    refresh(g)
    play(g, lambda g, d: g.state.act == 2)


def test_ca_182_shadows_strengthen_the_dragon_in_act_2():
    """CA-182: the Dragon gains +1 life per shadow on the board when Act 2 starts."""
    shadows = ["ashby_cross", "fennick", "harrowfield", "elderholt", "millford"]
    g = position(["hollis", "ysolde"], shadows=shadows, seed=4)
    _to_act_2(g)
    act2 = CONTENT.main_enemies["dragon"].act2
    assert g.state.enemy(MAIN) is not None
    assert len(g.state.shadows) >= 5
    assert g.state.main_life == act2.life_base + 2 * act2.life_per_champion + len(g.state.shadows)


def test_ca_182_shadows_raise_arawns_defence_in_act_2():
    """CA-182: Arawn has +1 DV per 4 shadows on the board (rounded down) at the start of Act 2."""
    shadows = ["ashby_cross", "fennick", "harrowfield", "elderholt", "millford", "hollins_end", "saltmarsh",
               "carrow_cross"]
    g = position(["hollis"], main_enemy="arawn", shadows=shadows, seed=4)
    _to_act_2(g)
    assert g.state.main_dv_bonus == len(g.state.shadows) // 4 >= 2
    assert g.view_for(0)["main_enemy"]["act2"]["dv"] == CONTENT.main_enemies["arawn"].act2.dv + g.state.main_dv_bonus


def test_ca_183_gold_from_an_enemy_is_spent_on_the_hand():
    """CA-183: gold comes from a defeated enemy's treasure and buys a card from the Hand."""
    hand = ["rowan_charm", "iron_mace", "parry", "shieldmaiden", "herb_satchel"]
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand,
                 enemies=[{"card": "barrow_wight", "space": "caer_aldon"}], dice=[6])
    d = pending(g, "action")
    assert "gather:rowan_charm" not in d.option_ids  # costs 1, Gareth has 0
    do(g, "unique", "keep")
    assert g.state.champion("gareth").gold == 1
    do(g, "gather:rowan_charm")
    assert g.state.champion("gareth").gold == 0 and "rowan_charm" in g.state.champion("gareth").resources


def test_ca_184_life_and_will_tracks_show_the_current_values():
    """CA-184: the view shows each champion's current life and will next to the maximums."""
    g = position(["hollis"], positions={"hollis": "thornwick"})
    c = g.state.champion("hollis")
    c.life, c.will = 5, 4
    refresh(g)
    do(g, "rest")
    view = g.view_for(0)["champions"][0]
    assert (view["life"], view["max_life"], view["will"], view["max_will"]) == (7, 12, 4, 7)


# ---- unique actions (CA-039, CA-064) and passives (CA-040) -------------------------------------------


def test_ca_064_warrior_sudden_strike_is_an_attack_only_ambush_with_no_combat_after():
    """CA-064, CA-111, CA-115: Gareth ambushes the brute on his space: one attack test (2
    damage), no defence, no fight follows; his turn goes on with 2 actions left."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"},
                 enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"},
                          {"card": "barrow_wight", "space": "caer_aldon"}], dice=[3])
    do(g, "unique")
    d = pending(g, "target")
    assert len(d.option_ids) == 2
    events = do(g, f"enemy:{uid(g, 'wyrmblood_brute')}", "keep")
    assert attack_totals(events) == [10] and not defence_totals(events)
    brute = g.state.enemy(uid(g, "wyrmblood_brute"))
    assert brute.damage == 2 and g.state.champion("gareth").life == 13
    assert g.state.fight is None and pending(g, "action").seat == 0 and g.state.turn.actions == 1
    # With no enemy on his space the unique action is not offered.
    g = position(["gareth"], positions={"gareth": "caer_aldon"})
    assert "no enemy" in blocked_reason(pending(g, "action"), "unique")


def test_ca_040_warrior_bounty_hunter_plus_1_against_treasure_3_or_more():
    """CA-040: +1 to attack tests against enemies with treasure >= 3: the same roll of 3 gives
    10 against the Wyrmblood Brute (treasure 4) but 9 against the Barrow Wight (treasure 1)."""
    for card, total in (("wyrmblood_brute", 10), ("barrow_wight", 9)):
        g = position(["gareth"], positions={"gareth": "caer_aldon"}, enemies=[{"card": card, "space": "caer_aldon"}],
                     dice=[3])
        events = do(g, "unique", "keep")
        assert attack_totals(events) == [total], card


def test_ca_064_ranger_long_stride_moves_up_to_two_spaces_as_one_action():
    """CA-064: Elin's Long Stride reaches spaces 1 or 2 steps away for one action; the middle
    space becomes her previous space (CA-044)."""
    g = position(["elin"], positions={"elin": "stonebridge"})
    do(g, "unique")
    d = pending(g, "travel")
    reach = {i.split(":", 1)[1] for i in d.option_ids}
    dist = MAP.distances("stonebridge")
    assert reach == {s for s, n in dist.items() if 1 <= n <= 2}
    assert "ravenscar" in reach and "carrow_cross" not in reach
    do(g, "space:ravenscar")
    c = g.state.champion("elin")
    assert (c.space, c.previous) == ("ravenscar", "elderholt") and g.state.turn.actions == 1


def test_ca_064_ca_041_long_stride_uses_only_routes_open_to_travel():
    """CA-064, CA-041: under the Tempest (no surface travel between two wilderness spaces) Elin's
    Long Stride from Wyrmscar Tor cannot cross to Bleakwater Mere or beyond it; it still
    reaches two steps through Carrow Cross."""
    g = position(["elin"], positions={"elin": "wyrmscar_tor"})
    g.state.round_rules = ["no_wild_surface_travel_next_round"]
    refresh(g)
    assert [i for i in pending(g, "action").option_ids if i.startswith("travel:")] == ["travel:carrow_cross"]
    do(g, "unique")
    reach = {i.split(":", 1)[1] for i in pending(g, "travel").option_ids}
    assert reach == {"carrow_cross", "blackthorn_wood", "owlbarrow", "ravenscar"}
    do(g, "space:owlbarrow")
    c = g.state.champion("elin")
    assert (c.space, c.previous) == ("owlbarrow", "carrow_cross")


def test_ca_040_ranger_woodcraft_plus_1_defence_on_wilderness_only():
    """CA-040: Elin defends with +1 on a wilderness space: the same defence roll of 2 totals 8
    on Grey Downs (2 + 4 + 1 bow + 1) and 7 on Ashby Cross; her attack is not changed."""
    totals = {}
    for space in ("grey_downs", "ashby_cross"):
        g = position(["elin"], positions={"elin": space}, enemies=[{"card": "barrow_wight", "space": space}],
                     dice=[1, 2])
        quiet(g)
        events = do(g, "end", "keep")
        events += play(g, until_kind("retreat"))
        totals[space] = (attack_totals(events), defence_totals(events))
    assert totals == {"grey_downs": ([4], [8]), "ashby_cross": ([4], [7])}
    # Initiative is not a defence test: her speed there is still 5.
    g = position(["elin"], positions={"elin": "grey_downs"})
    assert "speed 5" in [e for e in g.initial_events if e.kind == "initiative"][-1].text


def test_ca_064_bard_fellowship_wins_a_companion_anywhere_at_2_less_difficulty():
    """CA-064: on a wilderness space (no gathering there) Tamsin takes the Shieldmaiden
    (persuasion 8) at difficulty 6: 2 + 4 = 6 passes. Only companions are offered."""
    hand = ["shieldmaiden", "iron_mace", "old_huntsman", "parry", "rowan_charm"]
    g = position(["tamsin"], positions={"tamsin": "grey_downs"}, hand=hand, gold={"tamsin": 9}, dice=[2])
    d = pending(g, "action")
    assert "CA-050" in blocked_reason(d, "gather:iron_mace")
    do(g, "unique")
    d = pending(g, "gather")
    assert set(d.option_ids) == {"gather:shieldmaiden", "gather:old_huntsman"}
    events = do(g, "gather:shieldmaiden")
    assert any("persuasion at 6" in t and "2 + 4 = 6, passed" in t for t in rolled(events))
    assert "shieldmaiden" in g.state.champion("tamsin").resources and g.state.champion("tamsin").gold == 9
    g = position(["tamsin"], hand=["iron_mace", "parry", "rowan_charm", "hunting_spear", "oath_ring"])
    assert "No card of the Hand" in blocked_reason(pending(g, "action"), "unique")


def test_ca_040_bard_open_hands_plus_1_story_gold():
    """CA-040: the Tithe-Reeve (capital, persuasion 6) pays 2 gold; Tamsin takes 3."""
    for champion, gain in (("tamsin", 3), ("gareth", 2)):
        g = position([champion], positions={champion: "glasmere"}, gold={champion: 0}, dice=[5])
        quiet(g)
        g.state.world_decks["capital"] = ["the_tithe_reeve"]
        refresh(g)
        do(g, "end")
        play(g, until_kind("action"))
        assert g.state.champion(champion).gold == gain, champion


def test_ca_064_healer_laying_on_of_hands_heals_another_champion_3():
    """CA-064: Ysolde heals Gareth on her space 3 life; alone, she cannot use it."""
    g = position(["gareth", "ysolde"], positions={"gareth": "wellbrook", "ysolde": "wellbrook"})
    g.state.champion("gareth").life = 6
    g.state.champion("ysolde").life = 4
    refresh(g)
    do(g, "end", "unique")
    assert g.state.champion("gareth").life == 9 and g.state.champion("ysolde").life == 4
    g = position(["ysolde"])
    assert "No other champion" in blocked_reason(pending(g, "action"), "unique")


def test_ca_040_healer_deep_rest_heals_3():
    """CA-040: Ysolde's Rest heals 3 life."""
    g = position(["ysolde"])
    g.state.champion("ysolde").life = 3
    refresh(g)
    do(g, "rest")
    assert g.state.champion("ysolde").life == 6
    do(g, "rest")
    assert g.state.champion("ysolde").life == 9 == CONTENT.champions["ysolde"].life


def test_ca_064_seer_reading_the_threads_reorders_the_top_3_of_a_deck_in_secret():
    """CA-064: Cadoc looks at the top 3 cards of the depths deck (only his seat sees them) and
    puts them back in the order he chooses; the rest of the deck is untouched."""
    g = position(["cadoc", "hollis"], positions={"cadoc": "dun_corra"})
    while pending(g).seat != 0:
        do(g, "end")
    deck = g.state.world_decks["depths"][::-1]  # the top card first
    events = do(g, "unique", "deck:depths")
    peek = [e for e in events if e.kind == "peek" and e.data.get("cards")]
    assert peek and peek[0].data["cards"] == deck[:3]
    assert peek[0].visible_to(0) and not peek[0].visible_to(1)
    d = pending(g, "order")
    assert len(d.option_ids) == 6
    new = [deck[2], deck[0], deck[1]]
    do(g, "order:" + ",".join(new))
    assert g.state.world_decks["depths"][::-1] == new + deck[3:]
    assert g.state.turn.actions == 1


def test_ca_040_seer_foresight_one_aid_token_in_a_non_story_test_once_a_round():
    """CA-040: Cadoc may use one aid token in a test that is not a story test, once a round.
    His gather test for Wind Step (intuition 6) rolls 1 (1 + 4 = 5): a +1 token makes it 6 and
    he wins the spell. His next gather test this round (Unbinding, intuition 7, rolls 1) gets
    no token, though his +2 would have made it pass. (The engine spends the smallest token that
    turns a failure into a pass, without asking.)"""
    hand = ["wind_step", "unbinding", "parry", "rowan_charm", "hunting_spear"]
    g = position(["cadoc"], positions={"cadoc": "dun_corra"}, hand=hand, gold={"cadoc": 0}, aid={"cadoc": [1, 2]},
                 dice=[1, 1])
    supply = sorted(g.state.aid_supply)
    c = g.state.champion("cadoc")
    events = do(g, "gather:wind_step")
    assert any(e.rule == "CA-040" and e.kind == "aid" for e in events)
    assert any("rolls 2 + 4 = 6, passed" in t for t in rolled(events))
    assert "wind_step" in c.resources and c.aid == [2] and sorted(g.state.aid_supply) == sorted(supply + [1])
    do(g, "keep", "gather:unbinding")
    assert "unbinding" not in c.resources and c.aid == [2]
    # Other champions may not do this: Tamsin's failed gather test spends no token (CA-074).
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=hand[:1] + ["shieldmaiden"] + hand[2:],
                 aid={"tamsin": [2]}, dice=[3])
    events = do(g, "gather:shieldmaiden")  # 3 + 4 = 7 against 8
    assert any("7, failed" in t for t in rolled(events)) and g.state.champion("tamsin").aid == [2]


def test_ca_064_warden_hold_the_line_banishes_up_to_2_shadows_here_or_adjacent():
    """CA-064: Hollis may banish shadows on Thornwick or on adjacent Millford, not the one on
    Hollins End (2 steps away); he banishes the 2 on Millford, which go back to the supply.
    (Both tokens come from one space, so the test holds whether "your space or an adjacent
    space" means one space or each token's own space.)"""
    g = position(["hollis"], positions={"hollis": "thornwick"},
                 shadows=["thornwick", "millford", "millford", "hollins_end"])
    supply = len(g.state.shadow_supply)
    do(g, "unique")
    d = pending(g, "shadows")
    assert d.max_choices == 2 and {o.split(":")[1] for o in d.option_ids} == {"thornwick", "millford"}
    do(g, ["shadow:millford:1", "shadow:millford:2"])
    assert sorted(g.state.shadows) == ["hollins_end", "thornwick"] and len(g.state.shadow_supply) == supply + 2
    assert g.state.turn.actions == 1
    g = position(["hollis"], positions={"hollis": "thornwick"}, shadows=["hollins_end"])
    assert "no shadow" in blocked_reason(pending(g, "action"), "unique")


def test_ca_040_warden_unbowed_ignores_the_first_will_loss_each_round():
    """CA-040: Hollis's first reroll of a round costs no will, his second does; a will loss at
    the end of the round (Ill Omens) then counts; next round the first loss is ignored again."""
    g = position(["hollis"], positions={"hollis": "thornwick"}, enemies=[{"card": "barrow_wight", "space": "thornwick"}],
                 dice=[1, 1, 4, 1, 1, 4])
    quiet(g, "ill_omens")  # every champion with no aid token loses 1 will
    c = g.state.champion("hollis")
    events = do(g, "end", "reroll")
    assert c.will == 7 and any(e.rule == "CA-040" for e in events)
    do(g, "stay", "reroll")
    assert c.will == 6
    events = do(g, pending(g, "retreat").option_ids[0])  # the round goes on to its event phase
    events += play(g, until_kind("action"))
    assert "ill_omens" in [e.data.get("event") for e in events]
    assert g.state.round == 2 and c.will == 5  # Ill Omens in round 1 counted
    quiet(g, "ill_omens")
    do(g, "end")
    play(g, until_kind("action"))
    assert g.state.round == 3 and c.will == 5  # round 2's first loss was ignored


def test_ca_064_ca_039_sorcerer_quickened_words_casts_a_spell_for_no_action():
    """CA-064, CA-039 (G-09): Idris's unique action casts Spirit Lance (an ambush on an adjacent
    enemy) without using an action, once a round; it is allowed after three actions."""
    g = position(["idris"], positions={"idris": "penvarrow"},
                 enemies=[{"card": "barrow_wight", "space": "millford"}], dice=[6])
    do(g, "travel:millford", "travel:penvarrow", "rest")
    d = pending(g, "action")
    assert "unique" in d.option_ids and "cast:spirit_lance" not in d.option_ids
    events = do(g, "unique", "keep")
    assert attack_totals(events) == [7]  # 6 + 1 against DV 5
    assert g.state.enemy(uid(g, "barrow_wight")).damage == 2
    assert g.state.turn.actions == 3
    assert "CA-039" in blocked_reason(pending(g, "action"), "unique")


def test_ca_040_sorcerer_kindled_power_spell_bonuses_plus_1():
    """CA-040: Idris's Oak Strength gives +2 strength instead of +1."""
    g = position(["idris"], resources={"idris": ["oak_strength"]})
    do(g, "cast:oak_strength")
    c = g.state.champion("idris")
    assert c.spells_on == [["oak_strength", "strength", 2]]
    assert g.view_for(0)["champions"][0]["attributes"]["strength"] == 1 + 2


def test_ca_064_merchant_a_fair_deal_gathers_anywhere_for_1_gold_less():
    """CA-064: on a wilderness space Jory buys the Iron Mace (3) for 2 gold."""
    hand = ["iron_mace", "shieldmaiden", "old_huntsman", "parry", "rowan_charm"]
    g = position(["jory"], positions={"jory": "grey_downs"}, hand=hand, gold={"jory": 2})
    d = pending(g, "action")
    assert "CA-050" in blocked_reason(d, "gather:iron_mace")
    do(g, "unique", "gather:iron_mace")
    c = g.state.champion("jory")
    assert c.gold == 0 and "iron_mace" in c.resources and g.state.turn.actions == 1


def test_ca_040_merchant_eye_for_bargains_discards_up_to_two():
    """CA-040: after gathering Jory may discard up to 2 Hand cards, one question each (each with
    "Keep the Hand"); both go back into the deck and the Hand is refilled to 5. Gareth is
    asked once."""
    hand = ["iron_mace", "shieldmaiden", "old_huntsman", "parry", "rowan_charm"]
    g = position(["jory"], positions={"jory": "brackenby"}, hand=hand, gold={"jory": 5})
    do(g, "gather:rowan_charm")
    d = pending(g, "discard")
    assert (d.min_choices, d.max_choices) == (1, 1) and "keep" in d.option_ids and "up to 2" in d.prompt
    deck = len(g.state.resource_deck)
    g.choose(0, ["discard:parry"])
    d = pending(g, "discard")
    assert "keep" in d.option_ids and "another" in d.prompt
    g.choose(0, ["discard:old_huntsman"])
    assert pending(g).kind == "action"
    assert len(g.state.hand) == 5 and len(g.state.resource_deck) == deck
    assert {"parry", "old_huntsman"} <= set(g.state.hand + g.state.resource_deck)
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand, gold={"gareth": 5})
    do(g, "gather:rowan_charm", "discard:parry")
    assert pending(g).kind == "action"
