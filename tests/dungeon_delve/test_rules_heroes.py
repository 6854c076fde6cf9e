"""Rule tests for Dungeon Delve: rounds, setup, the hero turn, equipment, actions, movement,
fatigue, terrain, search / stand up / revive / doors (checklist DD-001 to DD-075, DD-147 to
DD-149) and the scripted-dice cases DDT-01 to DDT-16 (checklist 4.7).

Every test builds a position (a scenario, or a new game), makes the choices through the
public Game API and checks the outcome. Dice are scripted as faces of checklist 2.2, counted
from 1 (see dd_helpers for the named faces). The map is Quest 1 (2.9): door on the edges
(14,4)-(15,4) and (14,5)-(15,5), water (9..10, 2..3), obstacles (11,5) and (8,7), pit (12,7),
lava (18,3) and (17,6), search tokens (7,1), (14,8), (19,3).
"""

from __future__ import annotations

import pytest

from game.core.errors import FiveRealmsError, IllegalChoice
from game.core.game import Game

from tests.dungeon_delve.dd_helpers import (
    BLACK,
    BLUE_R2_2H_S,
    BLUE_R3_2H,
    BLUE_R4_2H,
    BLUE_X,
    BROWN,
    GRAY,
    OVERLORD,
    RED_1H,
    RED_2H,
    RED_3H_S,
    SYSTEM,
    answer_until,
    choose,
    dd_game,
    decision,
    events,
    h,
    hero,
    kind,
    m,
    monster,
    move_options,
    new_game,
    options,
    refused,
    with_prefix,
)

BRAKKA, ELOWEN, VESSARIN, TAMSIN = "brakka_stonehide", "sister_elowen", "vessarin_ashmark", "tamsin_reedfoot"
KIT = {BRAKKA: ["broadsword", "round_shield"], ELOWEN: ["iron_mace"], VESSARIN: ["ember_staff"],
       TAMSIN: ["hunting_bow"]}
HEALTH = {BRAKKA: 14, ELOWEN: 12, VESSARIN: 9, TAMSIN: 10}
STAMINA = {BRAKKA: 4, ELOWEN: 4, VESSARIN: 5, TAMSIN: 5}
SPEED = {BRAKKA: 3, ELOWEN: 4, VESSARIN: 4, TAMSIN: 5}
FAR = (0, 5)  # a start square, far from everything: a bystander hero stands here
OTHER = hero(ELOWEN, FAR)  # a second hero, so that a knock-out never ends the game



def settle_placement(g):
    """Answer a pending choice among tied nearest spaces (DD-071, DD-147) with the first one."""
    d = g.pending()
    if d is not None and d.kind == "place":
        g.choose(d.seat, [d.option_ids[0]])

def equip_sets(g: Game) -> set[frozenset[str]]:
    assert kind(g) == "equip", decision(g)
    return {frozenset(i for i in o[len("equip:"):].split(",") if i) for o in options(g)}


def squares_in(g: Game) -> set[str]:
    """Every square an option of the pending decision names (by id or target)."""
    out = set()
    for o in decision(g).options:
        if o.target is not None and o.target[0] == "square":
            out.add(o.target[1])
        tail = o.id.rsplit(":", 1)[-1]
        if "," in tail and all(p.lstrip("-").isdigit() for p in tail.split(",")):
            out.add(tail)
    return out


def index_of(g, kind_: str, rule: str | None = None) -> int:
    for i, e in enumerate(g.events):
        if e.kind == kind_ and (rule is None or e.rule == rule):
            return i
    raise AssertionError(f"no {kind_} {rule or ''} event in {[(e.kind, e.rule) for e in g.events]}")


def skip_start(g) -> None:
    """Decline a start-of-turn feat (Radiant Prayer) and keep the equipment, up to the action step."""
    while kind(g) in ("feat", "equip"):
        choose(g, "pass" if kind(g) == "feat" else options(g)[0])


def end_turn(g) -> None:
    skip_start(g)
    choose(g, "end")


def to_round_two_hero_pick(g) -> None:
    """Answer neutrally until the hero side picks the first hero of the next round."""
    answer_until(g, "hero_order")


# =============================================================================================
# 3.1 Round structure
# =============================================================================================


def test_dd_001_one_overlord_seat_and_hero_seats_controlling_heroes():
    g = new_game(seats=3, heroes=f"{BRAKKA},{ELOWEN},{VESSARIN},{TAMSIN}")
    seats = {hr.id: hr.seat for hr in g.state.heroes}
    assert seats == {BRAKKA: 1, ELOWEN: 2, VESSARIN: 1, TAMSIN: 2}  # one seat, several heroes
    assert OVERLORD not in seats.values()
    assert decision(g).seat == 1  # the hero side is asked by a hero seat
    # A solo player may play all heroes from one seat.
    solo = new_game(seats=2, heroes=f"{BRAKKA},{ELOWEN},{VESSARIN}")
    assert {hr.seat for hr in solo.state.heroes} == {1}
    # Every hero seat needs a hero; at most 4 heroes + the overlord.
    with pytest.raises(FiveRealmsError):
        Game.new(SYSTEM, 1, 4, {"heroes": f"{BRAKKA},{ELOWEN}"})
    with pytest.raises(IllegalChoice):
        Game.new(SYSTEM, 1, 6, {"heroes": f"{BRAKKA},{ELOWEN},{VESSARIN},{TAMSIN}"})
    # Overlord decisions are asked of seat 0.
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (4, 4))])
    assert decision(g2).seat == OVERLORD and kind(g2) == "action"


def test_dd_002_round_is_every_hero_then_the_overlord():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4))])
    end_turn(g)                       # Brakka
    assert decision(g).seat == 1 and g.state.activation.figure == ELOWEN
    end_turn(g)                       # Elowen: the overlord's turn follows
    flow = [(e.kind, e.data.get("figure")) for e in g.events if e.kind in ("turn", "turn_end", "round")]
    assert flow[:5] == [("turn_end", BRAKKA), ("turn", ELOWEN), ("turn_end", ELOWEN), ("turn", "overlord"),
                        ("round", None)]
    assert g.state.round == 2 and kind(g) == "hero_order"


def test_dd_003_hero_side_picks_the_next_hero_before_each_turn():
    heroes = [hero(ELOWEN, (2, 4)), hero(BRAKKA, (3, 4)), hero(VESSARIN, (3, 5))]
    g = dd_game(ELOWEN, heroes, players=3)
    assert {hr.id: hr.seat for hr in g.state.heroes} == {ELOWEN: 1, BRAKKA: 2, VESSARIN: 1}
    end_turn(g)
    d = decision(g)
    assert d.kind == "hero_order" and d.seat == 1  # the first hero seat answers
    assert set(d.option_ids) == {f"hero:{BRAKKA}", f"hero:{VESSARIN}"}
    choose(g, f"hero:{VESSARIN}")
    assert g.state.activation.figure == VESSARIN
    end_turn(g)
    assert g.state.activation.figure == BRAKKA  # the last hero needs no choice
    end_turn(g)
    to_round_two_hero_pick(g)
    # A different order in the next round.
    assert set(options(g)) == {f"hero:{ELOWEN}", f"hero:{BRAKKA}", f"hero:{VESSARIN}"}
    choose(g, f"hero:{BRAKKA}")
    assert g.state.activation.figure == BRAKKA
    end_turn(g)
    assert set(options(g)) == {f"hero:{ELOWEN}", f"hero:{VESSARIN}"}


def test_dd_004_each_hero_takes_exactly_one_turn_knocked_out_heroes_included():
    heroes = [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4)),
              hero(VESSARIN, (2, 5), knocked_out=True, damage=9, fatigue=5)]
    g = dd_game(BRAKKA, heroes, dice=[RED_2H, RED_2H])
    end_turn(g)
    assert set(options(g)) == {f"hero:{ELOWEN}", f"hero:{VESSARIN}"}  # Brakka is done
    choose(g, f"hero:{VESSARIN}")
    assert options(g) == ("standup",)  # his turn is Stand Up only
    choose(g, "standup")
    assert g.state.activation.figure == ELOWEN
    end_turn(g)
    assert [e.data["figure"] for e in events(g, "turn_end")] == [BRAKKA, VESSARIN, ELOWEN]
    assert index_of(g, "turn_end") < index_of(g, "turn", "DD-119")  # then the overlord
    assert g.state.round == 2 and set(options(g)) == {f"hero:{BRAKKA}", f"hero:{ELOWEN}", f"hero:{VESSARIN}"}


def test_dd_005_overlord_turn_begins_when_every_card_is_face_down():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4))], [monster("bone_warrior", (17, 4))])
    end_turn(g)
    assert not events(g, "turn", "DD-119") and g.state.phase == "heroes"
    end_turn(g)
    assert all(hr.activated for hr in g.state.heroes)
    assert events(g, "turn", "DD-119") and g.state.phase == "overlord"
    answer_until(g, "action")
    assert decision(g).seat == OVERLORD and g.state.activation.figure == "bone_warrior#1"


def test_dd_006_after_the_overlord_turn_cards_face_up_and_round_plus_one():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4), activated=True)],
                [monster("bone_warrior", (17, 4))], round=3)
    end_turn(g)
    answer_until(g, "action")          # the Bone Warrior's activation
    assert g.state.round == 3
    end_turn(g)
    answer_until(g, "hero_order")
    assert g.state.round == 4
    assert not any(hr.activated for hr in g.state.heroes)
    assert g.state.phase == "heroes"


# =============================================================================================
# 3.2 Setup
# =============================================================================================


@pytest.mark.parametrize("heroes,goblins,bones", [
    (f"{BRAKKA},{ELOWEN}", [(13, 4)], [(16, 4)]),
    (f"{BRAKKA},{ELOWEN},{VESSARIN}", [(13, 4), (12, 6)], [(16, 4), (16, 5)]),
    (f"{BRAKKA},{ELOWEN},{VESSARIN},{TAMSIN}", [(13, 4), (12, 6), (14, 7)], [(16, 4), (16, 5)]),
])
def test_dd_007_setup_places_map_doors_tokens_monsters_and_heroes(heroes, goblins, bones):
    g = new_game(heroes=heroes)
    st = g.state
    assert st.open_doors == []  # doors closed
    assert sorted(map(tuple, st.search_tokens)) == [(7, 1), (14, 8), (19, 3)]
    by_kind: dict[str, list] = {}
    for mo in st.monsters:
        by_kind.setdefault(mo.kind, []).append(tuple(mo.square))
    assert by_kind["goblin_skulker_master"] == [(12, 2)]
    assert sorted(by_kind["goblin_skulker"]) == sorted(goblins)
    assert by_kind["bone_warden"] == [(18, 4)]
    assert sorted(by_kind["bone_warrior"]) == sorted(bones)
    ids = heroes.split(",")
    starts = [(0, 4), (0, 5), (1, 4), (1, 5)]
    assert [(hr.id, tuple(hr.square)) for hr in st.heroes] == list(zip(ids, starts))


def test_dd_007_hero_side_chooses_the_order_on_the_start_squares():
    """DD-007: heroes are placed on the start squares "in the order the hero side chooses"."""
    swapped = new_game(heroes=f"{ELOWEN},{BRAKKA}")
    assert tuple(swapped.state.hero(ELOWEN).square) == (0, 4)
    assert tuple(swapped.state.hero(BRAKKA).square) == (0, 5)


def test_dd_148_two_to_four_different_heroes_set_counts_and_classes():
    for bad in (BRAKKA, f"{BRAKKA},{BRAKKA}", f"{BRAKKA},nobody", ""):
        with pytest.raises(FiveRealmsError):
            Game.new(SYSTEM, 1, 2, {"heroes": bad})
    for n, ids in ((2, [BRAKKA, TAMSIN]), (3, [BRAKKA, ELOWEN, VESSARIN]), (4, [BRAKKA, ELOWEN, VESSARIN, TAMSIN])):
        g = new_game(heroes=",".join(ids))
        assert [hr.id for hr in g.state.heroes] == ids
        warden = next(e for e in g.view_for(1)["monsters"] if e["kind"] == "bone_warden")
        assert warden["health"] == 4 + 2 * n
        for hr in g.state.heroes:
            assert hr.items[: len(KIT[hr.id])] == KIT[hr.id]  # the class of his archetype
    # the command line gives the party as a list (--option heroes=a,b): the same game
    listed = Game.new(SYSTEM, 1, 2, {"heroes": [BRAKKA, TAMSIN]})
    assert listed.state_hash() == Game.new(SYSTEM, 1, 2, {"heroes": f"{BRAKKA},{TAMSIN}"}).state_hash()
    with pytest.raises(FiveRealmsError):
        Game.new(SYSTEM, 1, 2, {"heroes": [BRAKKA]})


def test_dd_008_heroes_start_fresh_and_the_party_shares_two_shop_cards():
    g = new_game(seed=7)
    for hr in g.state.heroes:
        assert (hr.damage, hr.fatigue, hr.activated, hr.feat_used, hr.knocked_out) == (0, 0, False, False, False)
        assert hr.equipped == KIT[hr.id]
    cards = list(g.state.party_cards)
    assert len(cards) == 2 and len(set(cards)) == 2
    assert all(SYSTEM.data.item(c).category == "shop" for c in cards)
    for card in cards:
        d = decision(g)
        assert d.kind == "share" and d.seat == 1
        assert set(d.option_ids) == {f"give:{card}:{BRAKKA}", f"give:{card}:{ELOWEN}"}
        choose(g, f"give:{card}:{BRAKKA}")
    assert set(cards) <= set(h(g, BRAKKA).items)
    assert not set(cards) & set(h(g, BRAKKA).equipped)  # equipped at his first Equip step
    choose(g, f"hero:{BRAKKA}")
    sets = equip_sets(g)
    for card in cards:
        assert any(card in s for s in sets)
    pick = max((s for s in sets if any(c in s for c in cards)), key=len)
    choose(g, "equip:" + ",".join(i for i in h(g, BRAKKA).items if i in pick))
    assert set(h(g, BRAKKA).equipped) == set(pick)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_dd_009_decks_shuffled_and_overlord_draws_one_card_per_hero(n):
    ids = [BRAKKA, ELOWEN, VESSARIN, TAMSIN][:n]
    g = new_game(heroes=",".join(ids))
    assert len(g.state.overlord_hand) == n
    assert len(g.state.overlord_deck) == 15 - n
    assert len(g.state.search_deck) == 12
    assert g.view_for(1)["overlord_hand_count"] == n and g.view_for(1)["overlord_hand"] is None
    orders = {tuple(new_game(seed=s, heroes=",".join(ids)).state.search_deck) for s in range(1, 6)}
    hands = {tuple(new_game(seed=s, heroes=",".join(ids)).state.overlord_deck) for s in range(1, 6)}
    assert len(orders) > 1 and len(hands) > 1


def test_dd_010_round_one_begins_with_the_heroes():
    g = new_game()
    for card in list(g.state.party_cards):
        choose(g, f"give:{card}:{ELOWEN}")
    assert g.state.round == 1 and g.state.phase == "heroes"
    d = decision(g)
    assert d.kind == "hero_order" and d.seat == 1
    assert not events(g, "turn", "DD-119")


# =============================================================================================
# 3.3 The hero turn
# =============================================================================================


def test_dd_011_until_start_of_next_turn_effects_end_in_step_1():
    g = dd_game(TAMSIN, [hero(TAMSIN, (3, 4), items=["hunting_bow", "smoke_pellet"]), hero(ELOWEN, (0, 5))],
                [monster("goblin_skulker", (6, 4))])
    choose(g, f"use:smoke_pellet:{TAMSIN}")
    assert h(g, TAMSIN).effects  # until the start of her next turn
    end_turn(g)                    # Tamsin
    end_turn(g)                    # Elowen
    answer_until(g, "action")      # the goblin activates
    assert g.state.activation.figure == "goblin_skulker#1"
    assert "attack:goblin_skulker:3,4" not in options(g)  # the pellet still works
    end_turn(g)
    answer_until(g, "hero_order")
    choose(g, f"hero:{TAMSIN}")
    assert h(g, TAMSIN).effects == []  # ended at step 1 of her next turn


def test_dd_012_start_abilities_then_poison_then_overlord_cards():
    g = dd_game(ELOWEN, [hero(ELOWEN, (3, 4), damage=4, conditions=["poisoned"]), hero(BRAKKA, (2, 4))],
                stage="start", overlord_hand=["crumbling_ceiling"], dice=[GRAY[0], BLACK[0]])
    d = decision(g)
    assert d.kind == "feat" and d.seat == 1  # the start-of-turn feat is offered first
    assert not events(g, "test")
    choose(g, "feat")
    assert h(g, ELOWEN).damage == 1
    d = decision(g)
    assert d.kind == "overlord_card" and d.seat == OVERLORD and "card:crumbling_ceiling" in d.option_ids
    assert index_of(g, "feat") < index_of(g, "test", "DD-117")  # Poisoned came before the card
    assert "poisoned" not in h(g, ELOWEN).conditions           # test passed: 0 <= Might 2
    choose(g, "pass")
    assert kind(g) == "action"


def test_dd_013_exhausted_cards_refresh_after_start_of_turn_effects():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), exhausted=["round_shield"]), OTHER], stage="start",
                overlord_hand=["creeping_dread"])
    assert kind(g) == "overlord_card"
    assert h(g, BRAKKA).exhausted == ["round_shield"]  # not yet: start-of-turn cards come first
    choose(g, "pass")
    assert h(g, BRAKKA).exhausted == []
    assert events(g, "refresh", "DD-013")


def test_dd_014_equipment_changes_only_in_step_2():
    items = ["broadsword", "round_shield", "halberd"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), OTHER], [monster("bone_warrior", (5, 4))],
                stage="start")
    d = decision(g)
    assert d.kind == "equip" and d.seat == 1
    choose(g, "equip:halberd")
    assert h(g, BRAKKA).equipped == ["halberd"]
    assert kind(g) == "action"
    assert not with_prefix(g, "equip")
    refused(g, "equip:broadsword,round_shield")
    assert "attack:halberd:5,4" in options(g)  # Reach, distance 2
    # A turn that starts in the action step offers no equip choice at all.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), OTHER])
    assert kind(g2) == "action" and not with_prefix(g2, "equip")


def test_dd_015_up_to_two_actions():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (9, 4))])
    assert g.state.activation.actions_left == 2
    choose(g, "act:move")
    choose(g, "act:move")
    opts = options(g)
    assert "act:move" not in opts and "rest" not in opts and not with_prefix(g, "attack")
    assert "end" in opts and move_options(g)  # MP may still be spent
    refused(g, "rest")


def test_dd_016_actions_in_any_order_same_twice_or_none():
    # The same action twice.
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=2), OTHER])
    choose(g, "rest")
    choose(g, "rest")
    assert g.state.activation.actions_left == 0
    # No action at all.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4))])
    end_turn(g2)
    assert h(g2, BRAKKA).activated and not events(g2, "move_action") and not events(g2, "rest")
    assert g2.state.activation.figure == ELOWEN
    # Attack first, then move.
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (4, 4))],
                 dice=[BLUE_X, RED_2H, GRAY[0]])
    choose(g3, "attack:broadsword:4,4")
    choose(g3, "act:move")
    assert g3.state.activation.mp == 3 and g3.state.activation.actions_left == 0


def test_dd_016_hero_in_a_pit_need_not_climb_out():
    """DD-016: a hero need not perform any action; DD-061 only limits which action he *may* take."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7)), OTHER])
    assert with_prefix(g, "climb:")
    assert "end" in options(g)


def test_dd_017_an_action_resolves_completely_before_the_next():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=1), OTHER], [monster("bone_warden", (4, 4))],
                dice=[BLUE_R2_2H_S, RED_2H, GRAY[0], BROWN[0]])
    choose(g, "attack:broadsword:4,4")
    assert kind(g) == "surge"        # the attack is still resolving
    refused(g, "act:move")
    refused(g, "rest")
    choose(g, "pass")
    assert kind(g) == "action" and "act:move" in options(g)


def test_dd_018_step_4_flips_the_activation_card():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4))])
    assert not h(g, BRAKKA).activated
    end_turn(g)
    assert h(g, BRAKKA).activated
    assert events(g, "turn_end", "DD-018")[0].data["figure"] == BRAKKA
    assert g.state.activation.figure == ELOWEN


def test_dd_019_end_of_turn_rest_recovery_before_lava_check():
    g = dd_game(BRAKKA, [hero(BRAKKA, (18, 3), damage=5, fatigue=2), OTHER])
    choose(g, "rest")
    end_turn(g)
    assert index_of(g, "rest", "DD-055") < index_of(g, "recover", "DD-055") < index_of(g, "lava", "DD-064")
    assert h(g, BRAKKA).knocked_out


def test_dd_019_conditions_expire_after_rest_and_mp_are_lost():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=3, conditions=["stunned"]), hero(ELOWEN, (2, 4))],
                stage="start")
    assert g.state.activation.actions_left == 1
    choose(g, "fatigue")                      # 1 MP, never spent
    choose(g, "rest")
    end_turn(g)
    assert index_of(g, "rest", "DD-055") < index_of(g, "condition", "DD-146")
    assert h(g, BRAKKA).conditions == [] and h(g, BRAKKA).fatigue == 0
    assert g.state.activation.figure == ELOWEN and g.state.activation.mp == 0


# =============================================================================================
# 3.4 Equipment
# =============================================================================================


def test_dd_020_hand_icons_total_at_most_two():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "halberd"]), OTHER],
                stage="start")
    hands = {s for s in equip_sets(g)}
    assert hands == {frozenset(), frozenset({"broadsword"}), frozenset({"round_shield"}),
                     frozenset({"broadsword", "round_shield"}), frozenset({"halberd"})}
    labels = {o.id: o.label for o in decision(g).options}
    assert labels["equip:"] == "Nothing" and labels["equip:broadsword,round_shield"] == "Broadsword + Round Shield"
    refused(g, "equip:broadsword,halberd")
    refused(g, "equip:broadsword,round_shield,halberd")


def test_dd_021_at_most_one_armor():
    items = ["broadsword", "round_shield", "chain_shirt#1", "chain_shirt#2"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), OTHER], stage="start")
    sets = equip_sets(g)
    assert any("chain_shirt#1" in s for s in sets) and any("chain_shirt#2" in s for s in sets)
    assert not any({"chain_shirt#1", "chain_shirt#2"} <= s for s in sets)
    refused(g, "equip:broadsword,round_shield,chain_shirt#1,chain_shirt#2")


def test_dd_022_at_most_two_other_items():
    items = ["broadsword", "round_shield", "swift_boots", "ring_of_focus", "warding_amulet"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), OTHER], stage="start")
    sets = equip_sets(g)
    others = {"swift_boots", "ring_of_focus", "warding_amulet"}
    assert max(len(s & others) for s in sets) == 2
    assert frozenset({"broadsword", "round_shield", "swift_boots", "ring_of_focus"}) in sets
    refused(g, "equip:broadsword,round_shield,swift_boots,ring_of_focus,warding_amulet")


def test_dd_023_cards_without_icons_need_no_slot():
    items = ["broadsword", "round_shield", "halberd", "healing_draught#1", "healing_draught#2",
             "healing_draught#3", "vigor_tonic#1"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, damage=9, fatigue=2), OTHER], stage="start")
    assert not any("healing" in o or "tonic" in o for o in options(g))  # not part of the slot choice
    choose(g, "equip:halberd")
    for i in (1, 2, 3):
        assert f"use:healing_draught#{i}:{BRAKKA}" in options(g)
    assert f"use:vigor_tonic#1:{BRAKKA}" in options(g)
    for i in (1, 2, 3):
        choose(g, f"use:healing_draught#{i}:{BRAKKA}")
    assert h(g, BRAKKA).damage == 0


def test_dd_024_unequipped_items_give_nothing_and_bad_equips_are_refused():
    items = ["broadsword", "round_shield", "halberd", "swift_boots", "chain_shirt"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, equipped=["round_shield"]), OTHER],
                [monster("bone_warrior", (4, 4))])
    assert not with_prefix(g, "attack:broadsword") and not with_prefix(g, "attack:halberd")
    assert "attack:bare:4,4" in options(g)
    choose(g, "act:move")
    assert g.state.activation.mp == 3  # Swift Boots not equipped: Speed 3
    # No Chain Shirt die in defense.
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (3, 4), items=items, equipped=["broadsword"]), OTHER],
                 [monster("bone_warrior", (4, 4))], dice=[BLUE_R3_2H, RED_2H, GRAY[1]])
    choose(g2, "attack:bone_warrior:3,4")
    assert kind(g2) != "shield"  # the unequipped Round Shield cannot be exhausted
    defense = [e for e in events(g2, "dice") if e.rule == "DD-084"]
    assert [e.data["dice"] for e in defense] == [["gray"]]
    assert h(g2, BRAKKA).damage == 3
    # Equip choices that break DD-020 to DD-022 are refused.
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), OTHER], stage="start")
    refused(g3, "equip:broadsword,round_shield,halberd")
    refused(g3, "equip:nonsense")


def test_dd_025_searched_equipment_is_equipped_from_the_next_step_2():
    g = dd_game(BRAKKA, [hero(BRAKKA, (7, 2)), hero(ELOWEN, (2, 4))], search_deck=["warding_amulet"])
    choose(g, "search:7,1")
    assert "warding_amulet" in h(g, BRAKKA).items and "warding_amulet" not in h(g, BRAKKA).equipped
    assert not with_prefix(g, "equip")
    end_turn(g)
    end_turn(g)  # Elowen
    answer_until(g, "hero_order")
    choose(g, f"hero:{BRAKKA}")
    assert any("warding_amulet" in s for s in equip_sets(g))


def test_dd_025_traded_item_is_equippable_at_the_receivers_next_step_2():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "hand_axe"]),
                         hero(VESSARIN, (4, 4))])
    choose(g, "act:move")
    choose(g, f"give:hand_axe:{VESSARIN}")
    assert "hand_axe" in h(g, VESSARIN).items
    end_turn(g)                       # Vessarin's next turn starts now
    assert g.state.activation.figure == VESSARIN
    assert kind(g) == "equip", f"no Equip step offering the Hand Axe: {decision(g).kind} {options(g)}"
    assert any("hand_axe" in s for s in equip_sets(g))


def test_dd_026_use_cards_are_not_equipment_and_are_used_in_the_holders_turn():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "healing_draught#1"],
                              damage=4),
                         hero(ELOWEN, (4, 4), damage=5)])
    assert "healing_draught#1" not in h(g, BRAKKA).equipped
    choose(g, f"use:healing_draught#1:{BRAKKA}")
    assert h(g, BRAKKA).damage == 1
    assert g.state.activation.actions_left == 2  # not an action
    assert "healing_draught#1" not in h(g, BRAKKA).items
    # In another hero's turn the holder's card is not offered.
    g2 = dd_game(ELOWEN, [hero(ELOWEN, (4, 4), damage=5),
                          hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "healing_draught#1"])])
    assert not with_prefix(g2, "use:healing_draught")


# =============================================================================================
# 3.5 Actions
# =============================================================================================


@pytest.mark.parametrize("hero_id", [BRAKKA, ELOWEN, TAMSIN])
def test_dd_027_move_action_gives_speed_mp(hero_id):
    g = dd_game(hero_id, [hero(hero_id, (3, 4)), hero(VESSARIN, FAR)])
    choose(g, "act:move")
    assert g.state.activation.mp == SPEED[hero_id]
    assert g.state.activation.actions_left == 1


def test_dd_028_attack_targets_monsters_only():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (3, 5))], [monster("bone_warrior", (4, 4))])
    attacks = with_prefix(g, "attack:")
    assert attacks and all(o.endswith(":4,4") for o in attacks)
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (3, 5))])
    assert not with_prefix(g2, "attack:")


def test_dd_029_skill_marked_as_an_action():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (4, 4))],
                dice=[BLUE_R3_2H, RED_2H, RED_2H, GRAY[0]])
    choose(g, "skill:power_strike:broadsword:4,4")
    assert g.state.activation.actions_left == 1
    assert h(g, BRAKKA).fatigue == 2
    roll = [e for e in events(g, "dice") if e.rule == "DD-082"][0]
    assert roll.data["dice"] == ["blue", "red", "red"]  # one red die added
    assert m(g, "bone_warrior#1") is None  # 6 hearts against 0 shields
    # Keen Eye is passive: never offered as an action.
    g2 = dd_game(TAMSIN, [hero(TAMSIN, (8, 2)), OTHER])
    assert not with_prefix(g2, "skill:")


def test_dd_030_rest_recovers_all_fatigue_at_the_end_of_the_turn():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=3, damage=5), hero(ELOWEN, (2, 4))])
    choose(g, "rest")
    assert g.state.activation.actions_left == 1
    assert h(g, BRAKKA).fatigue == 3
    end_turn(g)
    assert h(g, BRAKKA).fatigue == 0
    assert h(g, BRAKKA).damage == 3  # Unyielding (2.3): 2 damage too


def test_dd_031_search_is_an_action():
    g = dd_game(BRAKKA, [hero(BRAKKA, (8, 2)), OTHER], search_deck=["treasure_pouch#1"])
    choose(g, "search:7,1")
    assert g.state.activation.actions_left == 1
    assert [7, 1] not in g.state.search_tokens
    assert h(g, BRAKKA).gold == 25


def test_dd_032_stand_up_is_the_only_action_and_only_for_knocked_out_heroes():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), knocked_out=True, damage=14, fatigue=4), OTHER],
                [monster("bone_warrior", (4, 4))], search_tokens=[[3, 4]])
    assert options(g) == ("standup",)
    for other in ("act:move", "fatigue", "rest", "search:3,4", "attack:bare:4,4", "end"):
        refused(g, other)
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER])
    assert "standup" not in options(g2)
    refused(g2, "standup")


def test_dd_033_revive_is_an_action():
    g = dd_game(ELOWEN, [hero(ELOWEN, (3, 4)), hero(BRAKKA, (4, 4), knocked_out=True, damage=14, fatigue=4)],
                dice=[RED_2H, RED_2H])
    choose(g, f"revive:{BRAKKA}")
    assert g.state.activation.actions_left == 1
    assert not h(g, BRAKKA).knocked_out


def test_dd_034_opening_and_closing_a_door_is_an_action():
    g = dd_game(BRAKKA, [hero(BRAKKA, (14, 4)), OTHER])
    choose(g, "door:vault_door")
    assert g.state.open_doors == ["vault_door"]
    assert g.state.activation.actions_left == 1
    choose(g, "door:vault_door")
    assert g.state.open_doors == []
    assert g.state.activation.actions_left == 0


def test_dd_035_special_actions_heroic_feats_as_an_action():
    g = dd_game(VESSARIN, [hero(VESSARIN, (8, 4)), OTHER], [monster("goblin_skulker", (12, 4))])
    choose(g, "feat:12,4")  # Cinder Storm
    assert g.state.activation.actions_left == 1
    assert m(g, "goblin_skulker#1") is None
    assert h(g, VESSARIN).feat_used
    assert not with_prefix(g, "feat")


def test_dd_035_battle_fury_is_an_attack_used_as_an_action():
    """Battle Fury: as an action, a melee attack with 1 red die added and Pierce 2."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warden", (4, 4))],
                dice=[BLUE_R4_2H, RED_2H, RED_2H, GRAY[3], BROWN[0]])
    choose(g, "fury:broadsword:4,4")
    assert g.state.activation.actions_left == 1, "choosing Battle Fury did nothing"
    assert h(g, BRAKKA).feat_used
    roll = [e for e in events(g, "dice") if e.rule == "DD-082"]
    assert roll and roll[0].data["dice"] == ["blue", "red", "red"]
    assert m(g, "bone_warden").damage == 6 - max(0, 3 - 2)
    assert not with_prefix(g, "fury:")


def test_dd_036_climb_out_is_the_only_action_in_a_pit():
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7), fatigue=0), OTHER], [monster("bone_warrior", (13, 8))])
    climbs = with_prefix(g, "climb:")
    assert climbs
    assert not [o for o in options(g) if not o.startswith("climb:") and o != "end"]
    choose(g, "climb:11,6")
    assert tuple(h(g, BRAKKA).square) == (11, 6)
    assert g.state.activation.actions_left == 1


# =============================================================================================
# 3.6 Movement
# =============================================================================================


def test_dd_037_move_action_fills_an_mp_pool_that_moving_spends():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER])
    assert not move_options(g)  # no MP yet
    choose(g, "act:move")
    assert g.state.activation.mp == 3
    choose(g, "move:4,4")
    assert tuple(h(g, BRAKKA).square) == (4, 4)
    assert g.state.activation.mp == 2
    choose(g, "move:6,4")
    assert g.state.activation.mp == 0 and tuple(h(g, BRAKKA).square) == (6, 4)


def test_dd_038_two_move_actions_give_twice_the_speed():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER])
    choose(g, "act:move")
    choose(g, "act:move")
    assert g.state.activation.mp == 6
    assert "9,4" in move_options(g) and "10,4" not in move_options(g)
    choose(g, "move:9,4")
    assert g.state.activation.mp == 0


def test_dd_039_move_may_be_interrupted_by_another_action():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (6, 4))],
                dice=[BLUE_X, RED_2H, GRAY[0]])
    choose(g, "act:move")
    choose(g, "move:5,4")
    assert g.state.activation.mp == 1
    choose(g, "attack:broadsword:6,4")
    assert kind(g) == "action"
    assert g.state.activation.mp == 1 and g.state.activation.actions_left == 0
    assert "5,5" in move_options(g)
    choose(g, "move:5,5")
    assert tuple(h(g, BRAKKA).square) == (5, 5) and g.state.activation.mp == 0


def test_dd_040_unspent_mp_are_lost_at_the_end_of_the_turn():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (2, 4), activated=True)])
    choose(g, "act:move")
    choose(g, "act:move")
    assert g.state.activation.mp == 6
    end_turn(g)
    answer_until(g, "hero_order")
    choose(g, f"hero:{BRAKKA}")
    assert g.state.activation.mp == 0
    assert not move_options(g)


def test_dd_040_monster_mp_are_lost_at_the_end_of_its_activation():
    g = dd_game("goblin_skulker#1", [hero(BRAKKA, (0, 4)), OTHER],
                [monster("goblin_skulker", (8, 4)), monster("goblin_skulker", (8, 5))])
    choose(g, "act:move")
    assert g.state.activation.mp == 5
    end_turn(g)
    answer_until(g, "action")
    assert g.state.activation.figure == "goblin_skulker#2" and g.state.activation.mp == 0


def test_dd_041_diagonal_step_costs_one():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], mp=1)
    assert {"4,5", "4,4", "2,3", "2,5", "3,3", "3,5", "2,4"} <= move_options(g)
    choose(g, "move:4,5")
    assert g.state.activation.mp == 0 and tuple(h(g, BRAKKA).square) == (4, 5)


def test_dd_041_water_costs_two_mp():
    g = dd_game(BRAKKA, [hero(BRAKKA, (8, 2)), OTHER], mp=2)
    assert "9,2" in move_options(g) and "10,2" not in move_options(g)
    choose(g, "move:9,2")
    assert g.state.activation.mp == 0


def test_dd_042_a_blocked_space_holds_a_figure_or_an_obstacle():
    g = dd_game(BRAKKA, [hero(BRAKKA, (10, 4)), hero(ELOWEN, (10, 5))], [monster("bone_warrior", (11, 4))],
                mp=2)
    ends = move_options(g)
    assert "11,5" not in ends   # obstacle
    assert "11,4" not in ends   # monster
    assert "10,5" not in ends   # hero
    assert {"9,3", "10,3", "11,3", "9,4", "9,5"} <= ends


def test_dd_043_no_moving_into_or_through_blocked_spaces():
    g = dd_game(BRAKKA, [hero(BRAKKA, (4, 4)), OTHER],
                [monster("bone_warrior", (5, 4)), monster("bone_warrior", (5, 5))], mp=10)
    ends = move_options(g)
    assert ends and all(int(s.split(",")[0]) <= 4 for s in ends)  # the corridor is shut
    refused(g, "move:6,4")
    refused(g, "move:5,4")
    # Heroes block monsters the same way.
    g1 = dd_game("bone_warrior#1", [hero(BRAKKA, (5, 4)), hero(ELOWEN, (5, 5))], [monster("bone_warrior", (4, 4))],
                 mp=10)
    assert move_options(g1) and all(int(s.split(",")[0]) <= 4 for s in move_options(g1))
    # Obstacles are never entered, even with MP to spare.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (10, 5)), OTHER], mp=10)
    assert "11,5" not in move_options(g2) and "8,7" not in move_options(g2)


def test_dd_044_moving_through_friendly_figures():
    g = dd_game(BRAKKA, [hero(BRAKKA, (4, 4)), hero(ELOWEN, (5, 4)), hero(VESSARIN, (5, 5))], mp=2)
    ends = move_options(g)
    assert "6,4" in ends and "6,5" in ends
    assert "5,4" not in ends and "5,5" not in ends
    choose(g, "move:6,4")
    assert g.state.activation.mp == 0
    # Monsters are friends to monsters.
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (0, 4)), OTHER],
                 [monster("bone_warrior", (4, 4)), monster("bone_warrior", (5, 4)),
                  monster("goblin_skulker", (5, 5))], mp=2)
    assert "6,4" in move_options(g2) and "5,4" not in move_options(g2)


def test_dd_045_diagonal_between_blocked_spaces_and_round_corners():
    g = dd_game(BRAKKA, [hero(BRAKKA, (4, 4)), OTHER],
                [monster("bone_warrior", (5, 4)), monster("bone_warrior", (4, 5))], mp=1)
    assert "5,5" in move_options(g)
    choose(g, "move:5,5")
    assert g.state.activation.mp == 0
    # Round the map-edge corner at P(4,4): (3,3) -> (4,4) in one step.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 3)), OTHER], mp=1)
    assert "4,4" in move_options(g2)


def test_dd_046_a_move_cannot_end_in_an_occupied_space():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (4, 4))], [monster("bone_warrior", (4, 5))],
                mp=3)
    assert "4,4" not in move_options(g) and "4,5" not in move_options(g)
    refused(g, "move:4,4")
    refused(g, "move:4,5")


def test_dd_047_no_stopping_in_a_friends_space_to_act():
    g = dd_game(BRAKKA, [hero(BRAKKA, (4, 4)), hero(ELOWEN, (5, 4))], [monster("bone_warrior", (6, 4))],
                mp=3)
    refused(g, "move:5,4")           # pausing there to attack would end the movement there
    assert "attack:broadsword:6,4" not in options(g)
    choose(g, "move:5,5")            # beside the friend instead
    assert "attack:broadsword:6,4" in options(g)


def test_dd_048_no_crossing_walls_map_edges_or_closed_doors():
    g = dd_game(BRAKKA, [hero(BRAKKA, (14, 4)), OTHER], mp=10)
    ends = move_options(g)
    assert not any(int(s.split(",")[0]) >= 15 for s in ends)
    assert "15,3" not in ends and "6,3" not in ends  # off the map
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (14, 4)), OTHER], mp=10, open_doors=["vault_door"])
    assert {"15,4", "15,5", "16,4", "19,5"} <= move_options(g2)
    # The map edge: (3,3) and (4,4) are neighbours round the corner, but (3,3) -> (4,3) is off the map.
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (3, 3)), OTHER], mp=10)
    assert "4,3" not in move_options(g3)


def test_dd_049_a_knocked_out_token_is_an_empty_space_for_movement():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(ELOWEN, (4, 4), knocked_out=True, damage=12, fatigue=4)],
                mp=3)
    assert "4,4" in move_options(g)
    assert "6,4" in move_options(g)
    choose(g, "move:4,4")
    assert tuple(h(g, BRAKKA).square) == (4, 4)
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (3, 4), knocked_out=True, damage=14, fatigue=4), OTHER],
                 [monster("bone_warrior", (5, 4))], mp=2)
    assert "3,4" in move_options(g2)
    choose(g2, "move:3,4")
    assert tuple(m(g2, "bone_warrior#1").square) == (3, 4)


def test_dd_050_fatigue_for_mp_repeatedly_within_stamina():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=2), OTHER])
    choose(g, "fatigue")
    choose(g, "fatigue")
    assert (h(g, BRAKKA).fatigue, g.state.activation.mp) == (4, 2)
    assert "fatigue" not in options(g)
    refused(g, "fatigue")


def test_dd_051_fatigue_mp_without_a_move_action_and_around_actions():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (4, 4))],
                dice=[BLUE_X, RED_2H, GRAY[0]])
    choose(g, "fatigue")
    assert g.state.activation.mp == 1 and g.state.activation.actions_left == 2
    choose(g, "move:3,5")
    assert tuple(h(g, BRAKKA).square) == (3, 5)
    choose(g, "attack:broadsword:4,4")
    assert "fatigue" in options(g)      # after an action
    choose(g, "act:move")
    choose(g, "move:2,5")
    choose(g, "fatigue")                # during a move action
    assert g.state.activation.mp == 3


def test_dd_052_monsters_never_gain_mp_from_fatigue():
    g = dd_game("bone_warrior#1", [hero(BRAKKA, (0, 4)), OTHER], [monster("bone_warrior", (8, 4))])
    assert "fatigue" not in options(g)
    choose(g, "act:move")
    assert "fatigue" not in options(g)
    refused(g, "fatigue")


# =============================================================================================
# 3.7 Fatigue
# =============================================================================================


def test_dd_053_voluntary_fatigue_never_beyond_stamina():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=3), OTHER], [monster("bone_warrior", (4, 4))])
    assert not with_prefix(g, "skill:power_strike")  # 3 + 2 > 4
    choose(g, "fatigue")
    assert h(g, BRAKKA).fatigue == 4 and "fatigue" not in options(g)
    g2 = dd_game(ELOWEN, [hero(ELOWEN, (3, 4), fatigue=4, damage=3), OTHER])
    assert not with_prefix(g2, "skill:mend")          # 4 + 1 > 4
    g3 = dd_game(ELOWEN, [hero(ELOWEN, (3, 4), fatigue=3, damage=3), OTHER])
    assert f"skill:mend:{ELOWEN}" in options(g3)      # 3 + 1 = 4 is allowed


def test_dd_054_unchosen_fatigue_beyond_stamina_becomes_damage():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=4, damage=1), OTHER], stage="start",
                overlord_hand=["creeping_dread"], dice=[GRAY[3], BLACK[4]])
    choose(g, "card:creeping_dread")  # Willpower 3 against 7: fails, 2 fatigue
    assert h(g, BRAKKA).fatigue == 4
    assert h(g, BRAKKA).damage == 3


def test_dd_055_rest_recovers_fatigue_suffered_later_in_the_turn():
    g = dd_game(ELOWEN, [hero(ELOWEN, (3, 4), fatigue=1), hero(BRAKKA, (2, 4))])
    choose(g, "rest")
    choose(g, "fatigue")
    choose(g, "fatigue")
    choose(g, "fatigue")
    assert h(g, ELOWEN).fatigue == 4
    end_turn(g)
    assert h(g, ELOWEN).fatigue == 0


def test_dd_149_equip_choice_may_not_lower_stamina_below_fatigue():
    items = ["broadsword", "round_shield", "ring_of_focus", "swift_boots"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, equipped=["broadsword", "round_shield",
                                                                    "ring_of_focus"], fatigue=5), OTHER],
                stage="start")
    sets = equip_sets(g)
    assert sets and all("ring_of_focus" in s for s in sets)
    refused(g, "equip:broadsword,round_shield,swift_boots")
    # At fatigue 4 the Ring may come off.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, equipped=["broadsword", "round_shield",
                                                                     "ring_of_focus"], fatigue=4), OTHER],
                 stage="start")
    assert frozenset({"broadsword", "round_shield", "swift_boots"}) in equip_sets(g2)


def test_dd_149_trade_may_not_lower_stamina_below_fatigue():
    items = ["broadsword", "round_shield", "ring_of_focus"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, equipped=items, fatigue=5), hero(ELOWEN, (4, 4))])
    choose(g, "act:move")
    assert f"give:ring_of_focus:{ELOWEN}" not in options(g)
    refused(g, f"give:ring_of_focus:{ELOWEN}")
    assert "ring_of_focus" in h(g, BRAKKA).equipped


# =============================================================================================
# 3.8 Terrain
# =============================================================================================


def test_dd_056_the_four_terrain_types_of_the_map():
    """Obstacle (11,5), water (9,2), pit (12,7) and lava (18,3) each act as their type says."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (10, 6)), OTHER], mp=20, open_doors=["vault_door"])
    labels = {o.id: o.label for o in decision(g).options}
    assert "move:11,5" not in labels                        # obstacle
    assert "move:10,5" in labels and "move:11,6" in labels  # floor
    assert "2 damage" in labels["move:12,7"]                # pit
    assert "1 damage" in labels["move:18,3"]                # lava
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (8, 2)), OTHER], mp=2)
    assert "9,2" in move_options(g2) and "8,1" in move_options(g2) and "10,2" not in move_options(g2)


def test_dd_057_obstacles_block_movement_and_line_of_sight():
    g = dd_game(VESSARIN, [hero(VESSARIN, (10, 5)), OTHER], [monster("goblin_skulker", (12, 5))], mp=5)
    assert "11,5" not in move_options(g)
    assert "attack:ember_staff:12,5" not in options(g)
    g2 = dd_game(VESSARIN, [hero(VESSARIN, (10, 4)), OTHER], [monster("goblin_skulker", (12, 4))])
    assert "attack:ember_staff:12,4" in options(g2)


def test_dd_058_entering_water_costs_two_mp():
    g = dd_game(BRAKKA, [hero(BRAKKA, (8, 3)), OTHER], mp=1)
    assert "9,3" not in move_options(g) and "9,2" not in move_options(g)
    assert "9,4" in move_options(g)
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (8, 3)), OTHER], mp=3)
    assert "9,3" in move_options(g2)
    choose(g2, "move:9,3")
    assert g2.state.activation.mp == 1
    assert "10,3" not in move_options(g2) and "10,4" in move_options(g2)
    g3 = dd_game(TAMSIN, [hero(TAMSIN, (8, 3)), OTHER], mp=2)
    assert "10,3" in move_options(g3)  # Light-footed (2.3): 1 MP per water space


def test_dd_059_entering_a_pit_two_damage_and_the_move_ends():
    g = dd_game(BRAKKA, [hero(BRAKKA, (11, 7)), OTHER])
    choose(g, "act:move")
    choose(g, "fatigue")
    assert g.state.activation.mp == 4
    choose(g, "move:12,7")
    assert tuple(h(g, BRAKKA).square) == (12, 7)
    assert h(g, BRAKKA).damage == 2
    assert g.state.activation.mp == 0
    assert not move_options(g)
    g1 = dd_game(BRAKKA, [hero(BRAKKA, (11, 7)), OTHER], mp=1)
    assert "12,7" in move_options(g1)  # entering costs 1 MP
    # A pit is never passed through: it ends the move.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (11, 7)), OTHER],
                 [monster("bone_warrior", (12, 6)), monster("bone_warrior", (12, 8))], mp=2)
    assert "13,7" not in move_options(g2)


def test_dd_060_only_adjacent_figures_see_into_a_pit():
    g = dd_game(VESSARIN, [hero(VESSARIN, (10, 7)), OTHER], [monster("goblin_skulker", (12, 7))])
    assert "attack:ember_staff:12,7" not in options(g)
    g2 = dd_game(VESSARIN, [hero(VESSARIN, (11, 6)), OTHER], [monster("goblin_skulker", (12, 7))])
    assert "attack:ember_staff:12,7" in options(g2)
    # The same for a monster aiming at a hero in the pit.
    g3 = dd_game("goblin_skulker#1", [hero(VESSARIN, (12, 7)), hero(BRAKKA, (0, 4))],
                 [monster("goblin_skulker", (10, 7))])
    assert "attack:goblin_skulker:12,7" not in options(g3)
    choose(g3, "act:move")
    choose(g3, "move:11,7")
    assert "attack:goblin_skulker:12,7" in options(g3)


def test_dd_061_a_figure_in_a_pit_may_only_climb_out():
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7), items=["broadsword", "round_shield", "healing_draught#1"]),
                         OTHER], [monster("bone_warrior", (13, 7))], search_tokens=[[11, 8]])
    assert all(o.startswith("climb:") or o == "end" for o in options(g))
    for illegal in ("act:move", "fatigue", "attack:broadsword:13,7", "search:11,8", "rest",
                    "skill:power_strike:broadsword:13,7"):
        refused(g, illegal)
    assert any(b.option_id == "act:move" for b in decision(g).blocked)


def test_dd_062_climb_out_to_an_adjacent_empty_non_pit_space():
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7)), hero(ELOWEN, (11, 8))], [monster("bone_warrior", (13, 7))])
    climbs = {o.split(":")[1] for o in with_prefix(g, "climb:")}
    assert climbs == {"11,6", "12,6", "13,6", "11,7", "12,8", "13,8"}
    choose(g, "climb:13,6")
    assert tuple(h(g, BRAKKA).square) == (13, 6)
    assert g.state.activation.mp == 0 and g.state.activation.actions_left == 1
    assert h(g, BRAKKA).damage == 0
    assert "act:move" in options(g)  # out of the pit, he acts normally


def test_dd_062_no_climb_out_without_a_free_space():
    ring = [(11, 6), (12, 6), (13, 6), (11, 7), (13, 7), (11, 8), (12, 8), (13, 8)]
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7)), hero(ELOWEN, FAR, activated=True)],
                [monster("bone_warrior", sqr) for sqr in ring])
    assert not events(g, "climb")
    assert h(g, BRAKKA).activated  # nothing he may do: the turn is over
    assert tuple(h(g, BRAKKA).square) == (12, 7)


def test_dd_063_entering_lava_deals_one_damage():
    g = dd_game(BRAKKA, [hero(BRAKKA, (17, 4)), OTHER], mp=3)
    choose(g, "move:18,3")
    assert h(g, BRAKKA).damage == 1
    choose(g, "move:19,4")
    assert h(g, BRAKKA).damage == 1 and not h(g, BRAKKA).knocked_out


def test_dd_064_ending_the_turn_in_lava_defeats_the_figure():
    g = dd_game(BRAKKA, [hero(BRAKKA, (17, 4)), OTHER], mp=3)
    choose(g, "move:18,3")
    end_turn(g)
    assert h(g, BRAKKA).knocked_out and h(g, BRAKKA).damage == HEALTH[BRAKKA]
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (0, 4)), OTHER],
                 [monster("bone_warrior", (16, 6)), monster("bone_warrior", (16, 3))])
    choose(g2, "act:move")
    choose(g2, "move:17,6")
    assert m(g2, "bone_warrior#1").damage == 1
    end_turn(g2)
    assert m(g2, "bone_warrior#1") is None
    assert events(g2, "lava", "DD-064")


def test_dd_065_being_placed_is_not_entering():
    """Standing up on a knocked-out token in a pit deals no pit damage."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7), knocked_out=True, damage=14, fatigue=4), OTHER],
                dice=[RED_2H, RED_2H])
    choose(g, "standup")
    assert h(g, BRAKKA).damage == 14 - 4
    assert not events(g, "pit")


def test_dd_066_terrain_affects_monsters_too():
    g = dd_game("goblin_skulker#1", [hero(BRAKKA, (0, 4)), OTHER], [monster("goblin_skulker", (8, 2))])
    choose(g, "act:move")
    choose(g, "move:9,2")
    assert g.state.activation.mp == 3  # water: 2 MP
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (0, 4)), OTHER], [monster("bone_warrior", (11, 7))], mp=3)
    choose(g2, "move:12,7")
    assert m(g2, "bone_warrior#1").damage == 2 and g2.state.activation.mp == 0
    assert with_prefix(g2, "climb:") and not with_prefix(g2, "act:move")


def test_dd_067_water_lava_and_empty_pits_block_neither_movement_nor_sight():
    g = dd_game(VESSARIN, [hero(VESSARIN, (8, 3)), OTHER], [monster("goblin_skulker", (11, 3))])
    assert "attack:ember_staff:11,3" in options(g)           # across water
    g2 = dd_game(VESSARIN, [hero(VESSARIN, (11, 7)), OTHER], [monster("goblin_skulker", (13, 7))])
    assert "attack:ember_staff:13,7" in options(g2)          # across an empty pit
    g3 = dd_game(VESSARIN, [hero(VESSARIN, (17, 3)), OTHER], [monster("goblin_skulker", (19, 3))],
                 open_doors=["vault_door"])
    assert "attack:ember_staff:19,3" in options(g3)          # across lava
    g4 = dd_game(BRAKKA, [hero(BRAKKA, (17, 3)), OTHER], [monster("bone_warrior", (18, 4))], mp=2)
    assert "19,3" in move_options(g4)                        # only through the lava
    choose(g4, "move:19,3")
    assert h(g4, BRAKKA).damage == 1
    g5 = dd_game(BRAKKA, [hero(BRAKKA, (8, 3)), OTHER], mp=4)
    assert "10,3" in move_options(g5)                        # through water


# =============================================================================================
# 3.9 Search, Stand Up, Revive, doors
# =============================================================================================


def test_dd_068_search_a_token_in_or_adjacent_to_the_space():
    g = dd_game(BRAKKA, [hero(BRAKKA, (9, 1)), OTHER], search_deck=["healing_draught#2"])
    assert not with_prefix(g, "search:")  # two spaces away
    g = dd_game(BRAKKA, [hero(BRAKKA, (8, 2)), OTHER], search_deck=["healing_draught#2"])
    choose(g, "search:7,1")
    assert [7, 1] not in g.state.search_tokens
    assert "healing_draught#2" in h(g, BRAKKA).items
    assert not with_prefix(g, "search:")
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (7, 1)), OTHER], search_deck=["treasure_pouch#2"])
    assert "search:7,1" in options(g2)  # in the space
    choose(g2, "search:7,1")
    assert h(g2, BRAKKA).gold == 25
    assert "treasure_pouch#2" not in h(g2, BRAKKA).items
    # Adjacency respects the closed door (DD-106).
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (14, 4)), OTHER], search_tokens=[[15, 4]])
    assert "search:15,4" not in options(g3)


def test_dd_069_stand_up_hearts_heal_damage_surges_heal_fatigue():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), knocked_out=True, damage=14, fatigue=4), OTHER],
                dice=[RED_3H_S, RED_3H_S])
    choose(g, "standup")
    hr = h(g, BRAKKA)
    assert not hr.knocked_out
    assert (hr.damage, hr.fatigue) == (14 - 6, 4 - 2)
    assert tuple(hr.square) == (3, 4)
    assert [e.data["dice"] for e in events(g, "dice")] == [["red", "red"]]


def test_dd_070_knocked_out_turn_is_stand_up_only_with_steps_1_2_4():
    items = ["broadsword", "round_shield", "halberd"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), knocked_out=True, damage=14, fatigue=4, items=items,
                              exhausted=["round_shield"]), hero(ELOWEN, (2, 4), activated=True)],
                [monster("bone_warrior", (17, 4))], stage="start", dice=[RED_2H, RED_2H])
    assert h(g, BRAKKA).exhausted == []  # step 1
    assert kind(g) == "equip"            # step 2
    choose(g, "equip:broadsword,round_shield")
    assert options(g) == ("standup",)
    choose(g, "standup")
    assert not h(g, BRAKKA).knocked_out
    assert h(g, BRAKKA).activated        # step 4: no second action
    assert g.state.phase == "overlord"


def test_dd_071_occupied_token_space_places_him_in_the_nearest_empty_space():
    ring = [(0, 3), (1, 3), (2, 3), (0, 4), (2, 4), (0, 5), (1, 5)]
    g = dd_game(VESSARIN, [hero(VESSARIN, (1, 4), knocked_out=True, damage=9, fatigue=5),
                           hero(ELOWEN, (1, 4))],
                [monster("bone_warrior", sqr) for sqr in ring], dice=[RED_2H, RED_2H])
    choose(g, "standup")
    assert tuple(h(g, VESSARIN).square) == (2, 5)


def test_dd_071_token_in_lava_stands_on_the_nearest_non_lava_space():
    g = dd_game(BRAKKA, [hero(BRAKKA, (18, 3), knocked_out=True, damage=14, fatigue=4), OTHER],
                dice=[RED_2H, RED_2H])
    choose(g, "standup")
    assert decision(g).option("place:17,3").label == "Stand up at 17,3"
    settle_placement(g)
    assert tuple(h(g, BRAKKA).square) in {(17, 3), (19, 3), (17, 4), (18, 4), (19, 4)}
    assert h(g, BRAKKA).damage == 10


def test_dd_071_token_in_a_pit_stands_in_the_pit():
    """DD-071 moves a standing hero only if his token's space holds a figure or is lava."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (12, 7), knocked_out=True, damage=14, fatigue=4), OTHER],
                dice=[RED_2H, RED_2H])
    choose(g, "standup")
    assert tuple(h(g, BRAKKA).square) == (12, 7)


def test_dd_071_hero_side_chooses_among_tied_nearest_spaces():
    g = dd_game(VESSARIN, [hero(VESSARIN, (1, 4), knocked_out=True, damage=9, fatigue=5),
                           hero(ELOWEN, (1, 4))], dice=[RED_2H, RED_2H])
    choose(g, "standup")
    ties = {"0,3", "1,3", "2,3", "0,4", "2,4", "0,5", "1,5", "2,5"}
    d = g.pending()
    assert d is not None and d.seat == 1 and ties <= squares_in(g), \
        f"no choice among the tied spaces; placed at {h(g, VESSARIN).square}"


def test_dd_072_revive_an_adjacent_knocked_out_hero():
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(VESSARIN, (4, 5), knocked_out=True, damage=9, fatigue=5)],
                dice=[RED_3H_S, RED_2H])
    assert f"revive:{VESSARIN}" in options(g)
    choose(g, f"revive:{VESSARIN}")
    v = h(g, VESSARIN)
    assert not v.knocked_out and (v.damage, v.fatigue) == (9 - 5, 5 - 1)
    assert tuple(v.square) == (4, 5)
    assert [e.text for e in events(g, "recover")] == ["Vessarin Ashmark recovers 5 damage and 1 fatigue."]
    assert [e.text for e in events(g, "stand")] == ["Vessarin Ashmark stands up again at 4,5."]
    assert events(g, "dice")[0].data["dice"] == ["red", "red"]
    # In his space counts too; two spaces away does not.
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(VESSARIN, (3, 4), knocked_out=True, damage=9, fatigue=5)],
                 dice=[RED_2H, RED_2H])
    assert f"revive:{VESSARIN}" in options(g2)
    choose(g2, f"revive:{VESSARIN}")
    settle_placement(g2)
    x, y = h(g2, VESSARIN).square
    assert (x, y) != (3, 4) and max(abs(x - 3), abs(y - 4)) == 1  # his space holds the reviver (DD-071)
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(VESSARIN, (5, 4), knocked_out=True, damage=9, fatigue=5)])
    assert f"revive:{VESSARIN}" not in options(g3)
    refused(g3, f"revive:{VESSARIN}")


def test_dd_073_open_or_close_a_door_on_an_edge_of_ones_space():
    for sqr in ((14, 4), (14, 5)):
        g = dd_game(BRAKKA, [hero(BRAKKA, sqr), OTHER])
        assert "door:vault_door" in options(g)
    for sqr in ((13, 4), (14, 3), (14, 6)):
        g = dd_game(BRAKKA, [hero(BRAKKA, sqr), OTHER])
        assert "door:vault_door" not in options(g)
    g = dd_game(BRAKKA, [hero(BRAKKA, (15, 5)), OTHER], open_doors=["vault_door"])
    choose(g, "door:vault_door")
    assert g.state.open_doors == []
    assert events(g, "door")[0].data["open"] is False


def test_dd_074_a_closed_door_blocks_movement_sight_and_adjacency():
    g = dd_game(BRAKKA, [hero(BRAKKA, (14, 4)), OTHER], [monster("bone_warrior", (15, 4))], mp=3)
    assert not with_prefix(g, "attack:")
    assert not any(s.startswith("15,") for s in move_options(g))
    g2 = dd_game(VESSARIN, [hero(VESSARIN, (12, 4)), OTHER], [monster("bone_warrior", (17, 4))])
    assert not with_prefix(g2, "attack:ember_staff")
    choose(g, "door:vault_door")  # opening it: no effect any more
    assert "attack:broadsword:15,4" in options(g)
    assert "15,5" in move_options(g)
    g3 = dd_game(VESSARIN, [hero(VESSARIN, (12, 4)), OTHER], [monster("bone_warrior", (17, 4))],
                 open_doors=["vault_door"])
    assert "attack:ember_staff:17,4" in options(g3)


def test_dd_075_monsters_cannot_open_or_close_doors():
    g = dd_game("bone_warrior#1", [hero(BRAKKA, (13, 4)), OTHER], [monster("bone_warrior", (15, 4))])
    assert not with_prefix(g, "door:")
    choose(g, "act:move")
    assert not with_prefix(g, "door:")
    assert not any(int(s.split(",")[0]) <= 14 for s in move_options(g))
    g2 = dd_game("bone_warrior#1", [hero(BRAKKA, (12, 4)), OTHER], [monster("bone_warrior", (15, 4))],
                 open_doors=["vault_door"])
    assert not with_prefix(g2, "door:")


def test_dd_147_nearest_counts_steps_between_adjacent_spaces_and_skips_pits():
    ring = [(12, 6), (13, 6), (14, 6), (14, 7), (12, 8), (13, 8), (14, 8)]
    g = dd_game(VESSARIN, [hero(VESSARIN, (13, 7), knocked_out=True, damage=9, fatigue=5),
                           hero(ELOWEN, (13, 7))],
                [monster("bone_warrior", sqr) for sqr in ring], dice=[RED_2H, RED_2H])
    choose(g, "standup")
    settle_placement(g)
    x, y = h(g, VESSARIN).square
    assert (x, y) != (12, 7)                       # not the pit, though it is one step away
    assert max(abs(x - 13), abs(y - 7)) == 2       # two steps: figures do not lengthen the route
    # Across the closed door a space is not one step away.
    west = [(13, 4), (14, 4), (13, 5), (13, 6), (14, 6)]
    g2 = dd_game(VESSARIN, [hero(VESSARIN, (14, 5), knocked_out=True, damage=9, fatigue=5),
                            hero(ELOWEN, (14, 5))],
                 [monster("bone_warrior", sqr) for sqr in west], dice=[RED_2H, RED_2H])
    choose(g2, "standup")
    settle_placement(g2)
    x, y = h(g2, VESSARIN).square
    assert x <= 14 and max(abs(x - 14), abs(y - 5)) == 2


def test_dd_147_the_overlord_chooses_among_tied_nearest_spaces():
    g = dd_game("goblin_skulker_master", [hero(BRAKKA, (14, 1)), OTHER],
                [monster("goblin_skulker_master", (12, 5))])
    while True:
        d = decision(g)
        if d.kind == "overlord_card" or (d.kind == "action" and g.state.activation is not None
                                         and g.state.activation.figure == "goblin_skulker_master"):
            choose(g, "pass" if d.kind == "overlord_card" else "end")
            continue
        break
    d = decision(g)
    assert d.seat == OVERLORD and {"13,1", "14,2", "13,2"} <= squares_in(g), \
        f"no choice for the overlord; placed at {[mo.square for mo in g.state.monsters if '#r' in mo.id]}"
    assert d.option("place:13,1").label == "Arrive at 13,1"


# =============================================================================================
# 4.7 Attack, fatigue and knock-out test cases (scripted dice)
# =============================================================================================


def test_ddt_01_melee_hit():
    """DDT-01: Broadsword against a Bone Warrior minion; blue r3 2♥, red 2♥, gray 1: 3 damage."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER], [monster("bone_warrior", (4, 4))],
                dice=[BLUE_R3_2H, RED_2H, GRAY[1]])
    choose(g, "attack:broadsword:4,4")
    assert kind(g) == "action"
    assert m(g, "bone_warrior#1").damage == 3
    assert SYSTEM.data.health(g.state, "bone_warrior#1") - 3 == 1
    assert [e.data["damage"] for e in events(g, "hit")] == [3]


def test_ddt_02_miss():
    """DDT-02: blue X, red 3♥⚡: no damage, no surge to spend, no surge rest."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=2), OTHER], [monster("bone_warrior", (4, 4))],
                dice=[BLUE_X, RED_3H_S, GRAY[1]])
    choose(g, "attack:broadsword:4,4")
    assert kind(g) == "action"               # no surge decision
    assert m(g, "bone_warrior#1").damage == 0
    assert h(g, BRAKKA).fatigue == 2         # no surge rest
    assert not events(g, "hit") and events(g, "miss", "DD-083")


def test_ddt_03_out_of_range():
    """DDT-03: Tamsin's Hunting Bow at distance 5: r3+r1 = 4 misses; r2⚡+r2, ⚡ for +2 range, hits for 3♥."""
    g = dd_game(TAMSIN, [hero(TAMSIN, (7, 4)), OTHER], [monster("bone_warrior", (12, 4))],
                dice=["blue:3", "yellow:2", GRAY[0]])
    choose(g, "attack:hunting_bow:12,4")
    assert kind(g) == "action"
    assert m(g, "bone_warrior#1").damage == 0 and events(g, "miss", "DD-086")
    g2 = dd_game(TAMSIN, [hero(TAMSIN, (7, 4)), OTHER], [monster("bone_warrior", (12, 4))],
                 dice=["blue:2", "yellow:3", GRAY[0]])
    choose(g2, "attack:hunting_bow:12,4")
    d = decision(g2)
    assert d.kind == "range_surge"
    choose(g2, "surge:1")                     # +2 range: 6 >= 5
    assert kind(g2) == "action"               # the surge is used up
    assert m(g2, "bone_warrior#1").damage == 3


def test_ddt_04_pierce():
    """DDT-04: Searing Bolt (Pierce 2) at the Warden: hearts 5, gray 3 + brown 1: 3 damage."""
    g = dd_game(VESSARIN, [hero(VESSARIN, (15, 4)), OTHER], [monster("bone_warden", (18, 4))],
                open_doors=["vault_door"], dice=["blue:3", "yellow:6", GRAY[3], BROWN[1]])
    choose(g, "skill:searing_bolt:ember_staff:18,4")
    choose(g, "surge:0")                      # +1 heart: 2 + 2 + 1 = 5
    if kind(g) == "surge":
        choose(g, "pass")
    assert m(g, "bone_warden").damage == 3


def test_ddt_05_blast():
    """DDT-05: Ember Staff, blue r2 2♥⚡ + yellow 2♥⚡, ⚡⚡ Blast: Goblin (brown 0) takes 4 and is defeated,
    an adjacent hero (gray 1) takes 3, an adjacent Bone minion (gray 2) takes 2."""
    g = dd_game(VESSARIN, [hero(VESSARIN, (10, 4)), hero(ELOWEN, (13, 4))],
                [monster("goblin_skulker", (12, 4)), monster("bone_warrior", (12, 3))],
                dice=["blue:2", "yellow:6", BROWN[0], GRAY[2], GRAY[1]])
    choose(g, "attack:ember_staff:12,4")
    assert kind(g) == "surge"
    choose(g, "surge:1")                      # Blast, both surges
    assert kind(g) == "action"
    assert m(g, "goblin_skulker#1") is None
    assert m(g, "bone_warrior#1").damage == 2
    assert h(g, ELOWEN).damage == 3
    assert {e.data["figure"]: e.data["damage"] for e in events(g, "hit")} == {
        "goblin_skulker#1": 4, "bone_warrior#1": 2, ELOWEN: 3}


def test_ddt_06_surge_rest():
    """DDT-06: 2 unused surges at fatigue 2: surge rest recovers 1 fatigue (not 2), ending at fatigue 1."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=2), OTHER], [monster("bone_warden", (4, 4))],
                dice=[BLUE_R2_2H_S, RED_3H_S, GRAY[0], BROWN[0]])
    choose(g, "attack:broadsword:4,4")
    choose(g, "surge_rest")
    assert h(g, BRAKKA).fatigue == 1
    assert kind(g) == "surge" and "surge_rest" not in options(g)  # one surge remains, no second rest
    refused(g, "surge_rest")
    choose(g, "pass")
    assert h(g, BRAKKA).fatigue == 1


def test_ddt_07_fatigue_overflow():
    """DDT-07: Stamina 4, fatigue 3, Creeping Dread fails: fatigue 4 and 1 damage."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=3), OTHER], stage="start",
                overlord_hand=["creeping_dread"], dice=[GRAY[3], BLACK[4]])
    choose(g, "card:creeping_dread")
    assert h(g, BRAKKA).fatigue == 4
    assert h(g, BRAKKA).damage == 1


def test_ddt_08_voluntary_limit():
    """DDT-08: at fatigue 3 of 4, Power Strike (2 fatigue) is not offered, but 1 fatigue MP is."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=3), OTHER], [monster("bone_warrior", (4, 4))])
    assert "skill:power_strike:broadsword:4,4" not in options(g)
    refused(g, "skill:power_strike:broadsword:4,4")
    assert "fatigue" in options(g)
    choose(g, "fatigue")
    assert h(g, BRAKKA).fatigue == 4 and g.state.activation.mp == 1


def test_ddt_09_knock_out():
    """DDT-09: Health 10, damage 8, fatigue 1, Poisoned, takes 3 damage: knocked out (Tamsin: Stamina 5)."""
    g = dd_game("bone_warrior#1", [hero(TAMSIN, (3, 4), damage=8, fatigue=1, conditions=["poisoned"]), OTHER],
                [monster("bone_warrior", (4, 4))], dice=[BLUE_R3_2H, RED_1H, GRAY[0]])
    assert len(g.state.overlord_hand) == 0
    choose(g, "attack:bone_warrior:3,4")
    t = h(g, TAMSIN)
    assert t.knocked_out
    assert (t.damage, t.fatigue) == (10, STAMINA[TAMSIN])
    assert t.conditions == []
    assert len(g.state.overlord_hand) == 1
    assert "attack:bone_warrior:3,4" not in options(g)  # a token, not a figure


def test_ddt_10_stand_up():
    """DDT-10: red 3♥⚡ and 2♥: 5 damage and 1 fatigue recovered, the figure is back, the turn ends."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), knocked_out=True, damage=14, fatigue=4),
                         hero(ELOWEN, (2, 4), activated=True)],
                [monster("bone_warrior", (17, 4))], dice=[RED_3H_S, RED_2H])
    choose(g, "standup")
    b = h(g, BRAKKA)
    assert (b.damage, b.fatigue, b.knocked_out) == (9, 3, False)
    assert b.activated and g.state.phase == "overlord", \
        f"his turn goes on after Stand Up: {decision(g).kind} {options(g)}"


def test_ddt_11_revive():
    """DDT-11: red 1♥ and 2♥: the revived hero recovers 3 damage; with Elowen reviving, 2 more."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), hero(VESSARIN, (4, 4), knocked_out=True, damage=9, fatigue=5)],
                dice=[RED_1H, RED_2H])
    choose(g, f"revive:{VESSARIN}")
    assert h(g, VESSARIN).damage == 6 and not h(g, VESSARIN).knocked_out
    g2 = dd_game(ELOWEN, [hero(ELOWEN, (3, 4)), hero(VESSARIN, (4, 4), knocked_out=True, damage=9, fatigue=5)],
                 dice=[RED_1H, RED_2H])
    choose(g2, f"revive:{VESSARIN}")
    assert h(g2, VESSARIN).damage == 4


def test_ddt_12_potion_on_a_knocked_out_hero():
    """DDT-12: a Healing Draught on an adjacent token: 3 damage recovered, he stands at once, two actions next turn."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "healing_draught#1"]),
                         hero(ELOWEN, (4, 4), knocked_out=True, damage=12, fatigue=4)])
    choose(g, f"use:healing_draught#1:{ELOWEN}")
    e = h(g, ELOWEN)
    assert (e.damage, e.knocked_out) == (9, False)
    assert g.state.activation.actions_left == 2
    end_turn(g)
    assert g.state.activation.figure == ELOWEN
    skip_start(g)
    assert g.state.activation.actions_left == 2
    assert "act:move" in options(g) and "standup" not in options(g)


def test_ddt_13_attribute_test():
    """DDT-13: attribute 3 (no hero has Might 3, so Brakka's Willpower 3 via Creeping Dread):
    gray 1 + black 2 = 3 passes, gray 2 + black 2 = 4 fails; the Round Shield cannot be used."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=0), OTHER], stage="start",
                overlord_hand=["creeping_dread"], dice=[GRAY[1], BLACK[2]])
    choose(g, "card:creeping_dread")
    assert events(g, "test")[0].data["passed"] is True
    assert h(g, BRAKKA).fatigue == 0 and kind(g) == "action"
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), fatigue=0), OTHER], stage="start",
                 overlord_hand=["creeping_dread"], dice=[GRAY[2], BLACK[2]])
    choose(g2, "card:creeping_dread")
    assert events(g2, "test")[0].data["passed"] is False
    assert kind(g2) == "action"               # no shield was offered
    assert h(g2, BRAKKA).fatigue == 2 and h(g2, BRAKKA).exhausted == []


def test_ddt_14_equip_limits():
    """DDT-14: Broadsword, Round Shield, Halberd: nothing, Broadsword, Shield, both, or Halberd alone;
    at most 1 Armor and 2 Other items; unequipped items give no dice."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=["broadsword", "round_shield", "halberd"]), OTHER],
                [monster("bone_warrior", (4, 4))], stage="start")
    assert equip_sets(g) == {frozenset(), frozenset({"broadsword"}), frozenset({"round_shield"}),
                             frozenset({"broadsword", "round_shield"}), frozenset({"halberd"})}
    refused(g, "equip:broadsword,halberd")
    refused(g, "equip:round_shield,halberd")
    refused(g, "equip:broadsword,round_shield,halberd")
    choose(g, "equip:broadsword,round_shield")
    assert not with_prefix(g, "attack:halberd")
    items = ["chain_shirt#1", "chain_shirt#2", "swift_boots", "ring_of_focus", "warding_amulet"]
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items, equipped=[]), OTHER], stage="start")
    sets = equip_sets(g2)
    assert max(len(s & {"chain_shirt#1", "chain_shirt#2"}) for s in sets) == 1
    assert max(len(s & {"swift_boots", "ring_of_focus", "warding_amulet"}) for s in sets) == 2


def test_ddt_15_trading():
    """DDT-15: after a Move action, a Hand Axe and a Healing Draught go to an adjacent hero: he equips
    the Axe in his next step 2 and may use the Draught in his turn; no trade before a Move action."""
    items = ["broadsword", "round_shield", "hand_axe", "healing_draught#1"]
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4), items=items), hero(VESSARIN, (4, 4), damage=5)])
    assert not with_prefix(g, "give:")
    refused(g, f"give:hand_axe:{VESSARIN}")
    choose(g, "act:move")
    choose(g, f"give:hand_axe:{VESSARIN}")
    choose(g, f"give:healing_draught#1:{VESSARIN}")
    assert g.state.activation.actions_left == 1 and g.state.activation.mp == 3  # free
    assert "hand_axe" in h(g, VESSARIN).items and "healing_draught#1" in h(g, VESSARIN).items
    end_turn(g)
    assert g.state.activation.figure == VESSARIN
    if kind(g) == "action":  # the Draught may be used in his turn (checked before the Axe)
        probe = g.clone()
        probe.choose(1, [f"use:healing_draught#1:{VESSARIN}"])
        assert probe.state.hero(VESSARIN).damage == 2
    assert kind(g) == "equip", f"no Equip step offering the Hand Axe: {decision(g).kind} {options(g)}"
    choose(g, next(o for o in options(g) if "hand_axe" in o))
    assert "hand_axe" in h(g, VESSARIN).equipped
    choose(g, f"use:healing_draught#1:{VESSARIN}")
    assert h(g, VESSARIN).damage == 2


def test_ddt_16_two_actions():
    """DDT-16: Move + Move (2 x Speed), Attack + Attack and Search + Rest are legal; a third action is refused."""
    g = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER])
    choose(g, "act:move")
    choose(g, "act:move")
    assert g.state.activation.mp == 2 * SPEED[BRAKKA]
    refused(g, "act:move")
    refused(g, "rest")
    g2 = dd_game(BRAKKA, [hero(BRAKKA, (3, 4)), OTHER],
                 [monster("bone_warrior", (4, 4)), monster("bone_warrior", (4, 5))],
                 dice=[BLUE_X, RED_2H, GRAY[0], BLUE_X, RED_2H, GRAY[0]])
    choose(g2, "attack:broadsword:4,4")
    choose(g2, "attack:broadsword:4,5")
    assert len(events(g2, "attack")) == 2
    assert not with_prefix(g2, "attack:")
    refused(g2, "attack:broadsword:4,4")
    g3 = dd_game(BRAKKA, [hero(BRAKKA, (8, 2), fatigue=2), OTHER], search_deck=["dust_and_cobwebs#1"])
    choose(g3, "search:7,1")
    choose(g3, "rest")
    assert g3.state.activation.actions_left == 0
    refused(g3, "act:move")
    refused(g3, "search:7,1")
