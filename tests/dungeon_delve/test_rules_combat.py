"""Dungeon Delve rule tests, checklist sections 3.10 to 3.18 (DD-076 … DD-146), the scripted
attack / fatigue / knock-out cases DDT-17 … DDT-33 (4.7), and a property test over whole
random games (DD-141, section 7).

Every test builds a position with ``Game.from_scenario`` (Quest 1's map, "The Warden's
Vault"), makes the choices through the public Game API and checks the outcome against the
checklist. Dice are scripted as faces of checklist 2.2, counted from 1: blue 2 = "r2 2♥⚡",
blue 3 = "r3 2♥", red 6 = "3♥⚡", yellow 6 = "2♥⚡", gray 1 = "0", gray 2 = "1",
gray 5 = "2", gray 6 = "3", brown 1 = "0", brown 4 = "1", black 2 = "2", black 6 = "4".

Map reminders (2.9): obstacle (11,5), water (9..10, 2..3), pit (12,7), lava (18,3) and
(17,6), vault door on the edges (14,4)–(15,4) and (14,5)–(15,5), reinforcement square (14,1),
search tokens (7,1), (14,8), (19,3).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, Callable, Iterable

import pytest

from game.core.decision import Decision
from game.core.errors import IllegalChoice
from game.core.events import Event
from game.core.game import Game
from game.rulesets.dungeon_delve.context import recovery_words
from game.rulesets.dungeon_delve.system import DungeonDelve
from tests.dungeon_delve.dd_helpers import FairGame

SYS = DungeonDelve()
HAND_ALL = SYS.data.overlord_deck()  # the 15 overlord card instances

# -- helpers ------------------------------------------------------------------------------------


def hero(hero_id: str, x: int, y: int, **kw: Any) -> dict[str, Any]:
    return {"id": hero_id, "square": [x, y], **kw}


def bystander(hero_id: str = "sister_elowen", x: int = 0, y: int = 6, **kw: Any) -> dict[str, Any]:
    """A second hero far away who has already acted this round (so the active hero's end
    of turn leads straight to the overlord's turn, and not every hero is knocked out)."""
    kw.setdefault("activated", True)
    return hero(hero_id, x, y, **kw)


def mon(kind: str, x: int, y: int, **kw: Any) -> dict[str, Any]:
    return {"kind": kind, "square": [x, y], **kw}


def knocked(hero_id: str, x: int, y: int, **kw: Any) -> dict[str, Any]:
    """A knocked-out hero's token: damage = Health, fatigue = Stamina (DD-109)."""
    definition = SYS.data.content.heroes[hero_id]
    kw.setdefault("damage", definition.health)
    kw.setdefault("fatigue", definition.stamina)
    return hero(hero_id, x, y, knocked_out=True, **kw)


def game(turn: str, heroes: Iterable[dict[str, Any]], monsters: Iterable[dict[str, Any]] = (), seed: int = 11,
         **meta: Any) -> Game:
    meta.setdefault("players", 2)
    g = FairGame.from_scenario(SYS, {"scenario": {"turn": turn, **meta}, "hero": list(heroes),
                                     "monster": list(monsters)}, seed)
    assert isinstance(g, FairGame)
    g.answer_forced_passes()
    return g


def pending(g: Game) -> Decision:
    d = g.pending()
    assert d is not None, "the game has no pending decision"
    return d


def opts(g: Game) -> tuple[str, ...]:
    return pending(g).option_ids


def pick(g: Game, option: str, *, kind: str | None = None, seat: int | None = None) -> list[Event]:
    d = pending(g)
    if kind is not None:
        assert d.kind == kind, f"expected a '{kind}' decision, got '{d.kind}' with {d.option_ids}"
    if seat is not None:
        assert d.seat == seat, f"expected seat {seat} to decide, got seat {d.seat} ({d.kind})"
    assert option in d.option_ids, f"'{option}' is not offered; the {d.kind} options are {d.option_ids}"
    return g.choose(d.seat, option)


def refuse(g: Game, option: str, seat: int | None = None) -> None:
    """The choice raises IllegalChoice and leaves the state exactly as it was."""
    d = pending(g)
    before = g.state_hash()
    with pytest.raises(IllegalChoice):
        g.choose(d.seat if seat is None else seat, option)
    assert g.state_hash() == before


def of(events: Iterable[Event], kind: str, rule: str | None = None) -> list[Event]:
    return [e for e in events if e.kind == kind and (rule is None or e.rule == rule)]


def dice_rolled(events: Iterable[Event]) -> list[list[str]]:
    return [list(e.data["dice"]) for e in of(events, "dice")]


def default_choice(d: Decision) -> str:
    ids = d.option_ids
    if "end" in ids:
        return "end"
    if "pass" in ids:
        return "pass"
    return ids[0]


def settle(g: Game, stop: Callable[[Decision], bool], limit: int = 400) -> tuple[Decision | None, list[Event]]:
    """Answer with a passive default (end, pass, first option) until ``stop`` holds or the
    game ends; returns the decision stopped at and every event on the way."""
    log: list[Event] = []
    for _ in range(limit):
        d = g.pending()
        if d is None or stop(d):
            return d, log
        log.extend(g.choose(d.seat, default_choice(d)))
    raise AssertionError("settle: too many decisions")


def acting(g: Game) -> str | None:
    act = g.state.activation
    return act.figure if act is not None else None


def turn_of(g: Game, figure: str) -> Callable[[Decision], bool]:
    return lambda d: d.kind == "action" and acting(g) == figure


def monster_ids(g: Game) -> set[str]:
    return {m.id for m in g.state.monsters}


def monster(g: Game, monster_id: str):  # noqa: ANN201
    m = g.state.monster(monster_id)
    assert m is not None, f"{monster_id} is not on the map"
    return m


def attacks(g: Game) -> set[str]:
    return {o for o in opts(g) if o.split(":", 1)[0] in ("attack", "skill", "fury")}


def moves(g: Game) -> set[str]:
    return {o for o in opts(g) if o.startswith("move:")}


def script_used(g: Game) -> None:
    assert g.state.dice_script == [], f"unused scripted dice: {g.state.dice_script}"


# ==============================================================================================
# 3.10 Attacks
# ==============================================================================================


def test_dd_076_heroes_attack_only_monsters():
    """DD-076 / DDA-28: a hero's attack options name monster spaces only, never a hero's."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), hero("sister_elowen", 11, 4, activated=True)],
             [mon("bone_warrior", 10, 5)])
    targets = {o.rsplit(":", 1)[1] for o in attacks(g)}
    assert targets == {"10,5"}
    refuse(g, "attack:broadsword:11,4")
    refuse(g, "attack:bare:11,4")


def test_dd_076_monsters_attack_standing_heroes_not_knocked_out_ones():
    """DD-076 / DD-110: a monster may target a standing hero, never a knocked-out token nor a monster."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), knocked("sister_elowen", 9, 4)],
             [mon("bone_warrior", 10, 4), mon("bone_warrior", 10, 5)])
    assert attacks(g) == {"attack:bone_warrior:11,4"}
    refuse(g, "attack:bone_warrior:9,4")
    refuse(g, "attack:bone_warrior:10,5")


def test_dd_077_declare_equipped_weapon_or_bare_hands_and_an_enemy_space():
    """DD-077: the attacker picks an equipped weapon or bare hands, and a space with an enemy."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["broadsword", "round_shield", "hand_axe"],
                                       equipped=["broadsword", "round_shield"]), bystander()],
             [mon("bone_warrior", 11, 4)], dice=["blue:3", "red:2", "gray:1"])
    assert {o for o in opts(g) if o.startswith("attack:")} == {"attack:broadsword:11,4", "attack:bare:11,4"}
    refuse(g, "attack:hand_axe:11,4")  # carried, not equipped
    refuse(g, "attack:broadsword:12,4")  # an empty space
    refuse(g, "attack:broadsword:10,5")
    events = pick(g, "attack:broadsword:11,4")
    declared = of(events, "attack", "DD-077")
    assert len(declared) == 1
    assert declared[0].data["weapon"] == "broadsword" and declared[0].data["target"] == [11, 4]
    script_used(g)


def test_dd_078_every_weapon_and_monster_attack_is_melee_or_ranged():
    """DD-078: content types, and the engine treats melee and ranged differently."""
    content = SYS.data.content
    weapons = [i for i in content.items.values() if i.is_weapon]
    assert weapons
    assert all(i.attack_type in ("melee", "ranged") for i in weapons)
    assert all(m.attack_type in ("melee", "ranged") for m in content.monsters.values())
    # The melee Broadsword cannot reach a monster 3 spaces away; the ranged Hunting Bow can.
    g = game("brakka_stonehide", [hero("brakka_stonehide", 7, 4), bystander()], [mon("bone_warrior", 10, 4)])
    assert attacks(g) == set()
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warrior", 10, 4)])
    assert "attack:hunting_bow:10,4" in attacks(g)


def test_dd_079_melee_needs_adjacency_or_reach():
    """DD-079: melee targets an adjacent space, or with Reach a space within 2 in LoS; no range check."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()],
             [mon("bone_warrior", 12, 4), mon("bone_warrior", 11, 3)])
    assert {o for o in attacks(g) if o.endswith(":12,4")} == set()
    assert "attack:broadsword:11,3" in attacks(g)
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["halberd"], equipped=["halberd"]),
                                  bystander()], [mon("bone_warden", 12, 4)],
             dice=["blue:2", "red:2", "gray:1", "brown:1"])
    assert "attack:halberd:12,4" in attacks(g)
    assert "attack:bare:12,4" not in attacks(g)
    events = pick(g, "attack:halberd:12,4")
    pick(g, "pass", kind="surge")
    assert not of(events, "miss") and not of(events, "miss", "DD-086")
    assert monster(g, "bone_warden").damage == 4  # 2 + 2 hearts, no shields: no range was checked
    script_used(g)


def test_dd_080_ranged_target_must_be_in_line_of_sight():
    """DD-080: a ranged attack may only declare a space in LoS (obstacle (11,5) hides (13,5))."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 8, 5), bystander()],
             [mon("goblin_skulker", 13, 5), mon("goblin_skulker_master", 12, 2)])
    assert "attack:hunting_bow:12,2" in attacks(g)
    assert "attack:hunting_bow:13,5" not in attacks(g)
    refuse(g, "attack:hunting_bow:13,5")


def test_dd_081_bare_hands_adjacent_blue_die_only_no_weapon_abilities():
    """DD-081 / DDA-16: bare hands rolls only the blue die, adjacent only; surges only for surge rest."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 10, 4, fatigue=1), bystander()],
             [mon("goblin_skulker_master", 11, 4), mon("goblin_skulker", 12, 4)],
             dice=["blue:2", "brown:1"])
    assert "attack:bare:11,4" in attacks(g)
    assert "attack:bare:12,4" not in attacks(g)
    refuse(g, "attack:bare:12,4")
    events = pick(g, "attack:bare:11,4")
    assert dice_rolled(events)[0] == ["blue"]
    d = pending(g)
    assert d.kind == "surge" and set(d.option_ids) == {"surge_rest", "pass"}
    pick(g, "pass")
    assert monster(g, "goblin_skulker_master").damage == 2
    script_used(g)


def test_dd_082_pool_is_blue_plus_weapon_dice_plus_added_dice_rolled_with_defense():
    """DD-082: Power Strike adds a red die to blue + red; the defender rolls at the same time."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:3", "red:2", "red:5", "gray:1", "brown:1"])
    events = pick(g, "skill:power_strike:broadsword:11,4")
    rolls = of(events, "dice")
    assert [e.data["dice"] for e in rolls] == [["blue", "red", "red"], ["gray", "brown"]]
    assert rolls[0].rule == "DD-082"
    assert g.state.hero("brakka_stonehide").fatigue == 2
    assert monster(g, "bone_warden").damage == 7  # 2 + 2 + 3 hearts, no shields
    script_used(g)


def test_dd_082_card_dice_join_the_monster_pool():
    """DD-082: dice added by a card (Vicious Blow) are rolled in the same pool."""
    g = game("bone_warrior#1", [hero("sister_elowen", 11, 4), bystander("brakka_stonehide")],
             [mon("bone_warrior", 10, 4)], overlord_hand=["vicious_blow#1"],
             dice=["blue:3", "red:2", "red:1", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    events = pick(g, "card:vicious_blow#1", kind="overlord_card")
    assert dice_rolled(events)[:2] == [["blue", "red", "red"], ["gray"]]
    assert g.state.hero("sister_elowen").damage == 5
    script_used(g)


def test_dd_083_blue_x_misses_and_nothing_else_happens():
    """DD-083 / DDA-25: X = miss; defense dice are rolled but ignored; no surges, no damage."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, fatigue=2), bystander()],
             [mon("bone_warrior", 11, 4)], dice=["blue:1", "red:6", "gray:1"])
    events = pick(g, "attack:broadsword:11,4")
    assert [e.rule for e in of(events, "miss")] == ["DD-083"]
    assert len(of(events, "dice")) == 2  # the defender rolled too
    assert not of(events, "hit") and not of(events, "damage") and not of(events, "surge")
    d = pending(g)
    assert d.kind == "action"  # no surge decision
    assert monster(g, "bone_warrior#1").damage == 0
    assert g.state.hero("brakka_stonehide").fatigue == 2
    script_used(g)


def test_dd_083_ranged_miss_on_x_makes_no_range_check():
    """DD-083: a ranged X at a far target is a DD-083 miss; step 3 (range) never runs."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 13, 4)],
             dice=["blue:1", "yellow:6", "gray:1", "brown:1"])
    events = pick(g, "attack:hunting_bow:13,4")
    assert [e.rule for e in of(events, "miss")] == ["DD-083"]
    assert pending(g).kind == "action"
    assert monster(g, "bone_warden").damage == 0
    script_used(g)


# A Blast attack used by DD-084, DD-096 and DDT-05: Vessarin's Ember Staff from (8,4) at a
# Goblin minion on (11,4) (distance 3; range 2 + Far Sight 1), a Bone minion on (12,4) and
# Tamsin on (10,5), both adjacent to the target.
BLAST_DICE = ["blue:2", "yellow:6",  # r2 2♥⚡ + 2♥⚡: 4 hearts, 2 surges
              "brown:1",  # the target Goblin: "0"
              "gray:5",  # the Bone minion (12,4), reading order first: "2"
              "gray:2"]  # Tamsin (10,5): "1"


def blast_game() -> Game:
    return game("vessarin_ashmark", [hero("vessarin_ashmark", 8, 4), hero("tamsin_reedfoot", 10, 5),
                                     bystander("brakka_stonehide")],
                [mon("goblin_skulker", 11, 4), mon("bone_warrior", 12, 4)], dice=list(BLAST_DICE))


def test_dd_084_each_affected_figure_rolls_its_own_defense():
    """DD-084: with Blast, each affected figure rolls its own defense dice."""
    g = blast_game()
    events = pick(g, "attack:ember_staff:11,4")
    d = pending(g)  # (each answer says its price once and what it buys: DD-089)
    assert d.prompt == "2 surges to spend." and d.option("surge:1").label == "Spend 2 surges: Blast"
    events += pick(g, "surge:1", kind="surge")
    defense = [e for e in of(events, "dice") if e.rule == "DD-084"]
    assert [e.data["dice"] for e in defense] == [["brown"], ["gray"], ["gray"]]
    assert len({e.text.split(" rolls")[0] for e in defense}) == 3
    script_used(g)


def test_dd_085_hero_defense_is_sheet_plus_equipped_items():
    """DD-085: Brakka's gray die plus an equipped Chain Shirt's brown die; unequipped it adds nothing."""
    worn = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, items=["broadsword", "round_shield", "chain_shirt"],
                                        equipped=["broadsword", "round_shield", "chain_shirt"]), bystander()],
                [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1", "brown:1"])
    events = pick(worn, "attack:bone_warrior:11,4")
    assert dice_rolled(events)[1] == ["gray", "brown"]
    pick(worn, "pass", kind="shield")
    assert worn.state.hero("brakka_stonehide").damage == 4
    script_used(worn)
    carried = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, items=["broadsword", "round_shield",
                                                                             "chain_shirt"],
                                           equipped=["broadsword", "round_shield"]), bystander()],
                   [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    events = pick(carried, "attack:bone_warrior:11,4")
    assert dice_rolled(events)[1] == ["gray"]
    script_used(carried)


def test_dd_085_monster_defense_is_its_card():
    """DD-085: the Bone Warden rolls gray + brown, from its monster card."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:3", "red:2", "gray:2", "brown:4"])
    events = pick(g, "attack:broadsword:11,4")
    assert dice_rolled(events)[1] == ["gray", "brown"]
    assert monster(g, "bone_warden").damage == 2  # 4 hearts − (1 + 1) shields
    script_used(g)


@pytest.mark.parametrize("shooter, target, hits", [
    ("tamsin_reedfoot", (11, 4), True),  # range 3 + 1 = 4 = distance 4
    ("tamsin_reedfoot", (12, 4), False),  # range 4 < distance 5
    ("vessarin_ashmark", (12, 4), True),  # range 4 + Far Sight 1 = 5 = distance 5
])
def test_dd_086_ranged_range_must_reach_the_distance(shooter, target, hits):
    """DD-086: range rolled plus modifiers must be at least the distance, else a miss."""
    weapon = "hunting_bow" if shooter == "tamsin_reedfoot" else "ember_staff"
    g = game(shooter, [hero(shooter, 7, 4), bystander()], [mon("bone_warden", *target)],
             dice=["blue:3", "yellow:2", "gray:1", "brown:1"])
    events = pick(g, f"attack:{weapon}:{target[0]},{target[1]}")
    if hits:
        assert not of(events, "miss")
        assert monster(g, "bone_warden").damage == 3
    else:
        assert [e.rule for e in of(events, "miss")] == ["DD-086"]
        assert monster(g, "bone_warden").damage == 0
    script_used(g)


def test_dd_087_distance_is_chebyshev():
    """DD-087: (7,4) to (11,2) is distance 4 (king moves), not 6: range 4 hits, range 3 misses."""
    hit = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 11, 2)],
               dice=["blue:4", "yellow:5", "gray:1", "brown:1"])
    events = pick(hit, "attack:hunting_bow:11,2")
    assert not of(events, "miss")
    assert monster(hit, "bone_warden").damage == 4
    miss = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 11, 2)],
                dice=["blue:3", "yellow:5", "gray:1", "brown:1"])
    events = pick(miss, "attack:hunting_bow:11,2")
    assert [e.rule for e in of(events, "miss")] == ["DD-086"]
    script_used(hit)
    script_used(miss)


def test_dd_088_range_surges_are_spent_before_the_range_check_and_not_reused():
    """DD-088 / DDA-13: +2 range bought in step 3; that surge and ability are gone in step 4."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 12, 4)],
             dice=["blue:2", "yellow:1", "gray:1", "brown:1"])  # range 3, 2 hearts, 2 surges; distance 5
    pick(g, "attack:hunting_bow:12,4")
    d = pending(g)
    assert d.kind == "range_surge" and set(d.option_ids) == {"surge:1", "pass"}
    pick(g, "surge:1")
    d = pending(g)
    assert d.kind == "surge" and "surge:1" not in d.option_ids and "surge:0" in d.option_ids
    assert d.option("surge:0").label == "Spend 1 surge: +1 heart"
    refuse(g, "surge:1")
    pick(g, "surge:0")
    assert pending(g).kind == "action"  # both surges are spent
    assert monster(g, "bone_warden").damage == 3
    script_used(g)


@pytest.mark.parametrize("spend, damage", [("surge:0", 5), ("pass", 4)])
def test_dd_089_attacker_spends_surges_on_weapon_abilities(spend, damage):
    """DD-089: the Broadsword's ⚡: +1♥ is the attacker's choice."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:2", "red:2", "gray:1", "brown:1"])
    pick(g, "attack:broadsword:11,4")
    d = pending(g)
    assert d.kind == "surge" and d.seat == 1 and "surge:0" in d.option_ids
    pick(g, spend)
    assert monster(g, "bone_warden").damage == damage
    script_used(g)


def test_dd_090_an_ability_costs_its_surges_and_triggers_once():
    """DD-090 / DDA-24: ⚡⚡ Blast needs 2 surges; +1♥ can be bought once per attack."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 8, 4, fatigue=1), bystander()],
             [mon("bone_warden", 11, 4)], dice=["blue:2", "yellow:6", "gray:1", "brown:1"])
    pick(g, "attack:ember_staff:11,4")
    assert set(opts(g)) == {"surge:0", "surge:1", "surge_rest", "pass"}
    pick(g, "surge:0", kind="surge")
    assert set(opts(g)) == {"surge_rest", "pass"}  # 1 surge left: no Blast, and +1♥ is used
    refuse(g, "surge:0")
    refuse(g, "surge:1")
    pick(g, "pass")
    assert monster(g, "bone_warden").damage == 5
    one = game("vessarin_ashmark", [hero("vessarin_ashmark", 8, 4), bystander()], [mon("bone_warden", 11, 4)],
               dice=["blue:2", "yellow:5", "gray:1", "brown:1"])
    pick(one, "attack:ember_staff:11,4")
    assert set(opts(one)) == {"surge:0", "pass"}
    refuse(one, "surge:1")
    script_used(g)


def test_dd_091_surge_rest_recovers_one_fatigue_at_most_once():
    """DD-091: at most one unused surge becomes 1 recovered fatigue."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, fatigue=2), bystander()],
             [mon("bone_warden", 11, 4)], dice=["blue:2", "red:6", "gray:1", "brown:1"])
    pick(g, "attack:broadsword:11,4")
    pick(g, "surge_rest", kind="surge")
    assert g.state.hero("brakka_stonehide").fatigue == 1
    assert "surge_rest" not in opts(g)
    refuse(g, "surge_rest")
    pick(g, "pass")
    assert g.state.hero("brakka_stonehide").fatigue == 1
    script_used(g)


@pytest.mark.parametrize("shield, damage", [("pass", 4), ("shield:round_shield", 3)])
def test_dd_092_uncancelled_damage_is_applied(shield, damage):
    """DD-092: 5 hearts against 1 shield (+1 with the exhausted Round Shield)."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()], [mon("bone_warrior", 10, 4)],
             dice=["blue:3", "red:5", "gray:2"])
    pick(g, "attack:bone_warrior:11,4")
    pick(g, shield, kind="shield", seat=1)
    assert g.state.hero("brakka_stonehide").damage == damage
    assert ("round_shield" in g.state.hero("brakka_stonehide").exhausted) == (shield != "pass")
    script_used(g)


@pytest.mark.parametrize("attacker, option, dice, damage", [
    # hearts 3 (2 + 1) against 5 shields (3 + 2): 0, never negative
    ("brakka_stonehide", "attack:broadsword:11,4", ["blue:3", "red:1", "gray:6", "brown:6"], 0),
    # hearts 4 against 1 shield with Pierce 2: max(0, 1 − 2) = 0, so 4 (pierce adds no hearts)
    ("vessarin_ashmark", "skill:searing_bolt:ember_staff:11,4", ["blue:3", "yellow:5", "gray:1", "brown:4"], 4),
    # hearts 4 against 1 shield: 3
    ("brakka_stonehide", "attack:broadsword:11,4", ["blue:3", "red:2", "gray:2", "brown:1"], 3),
    # hearts 4 (the ⚡ left unspent) against 4 shields with Pierce 2: 4 − 2 = 2
    ("vessarin_ashmark", "skill:searing_bolt:ember_staff:11,4", ["blue:3", "yellow:6", "gray:6", "brown:4"], 2),
])
def test_dd_093_damage_formula(attacker, option, dice, damage):
    """DD-093: damage = max(0, hearts − max(0, shields − pierce))."""
    x = 10 if attacker == "brakka_stonehide" else 8
    g = game(attacker, [hero(attacker, x, 4), bystander()], [mon("bone_warden", 11, 4)], dice=dice)
    events = pick(g, option)
    if pending(g).kind == "surge":
        events += pick(g, "pass")
    hit = of(events, "hit", "DD-093")
    assert len(hit) == 1 and hit[0].data["damage"] == damage
    if dice[2:] == ["gray:2", "brown:1"]:  # one shield: said so, not "1 shields"
        assert hit[0].text == "Bone Warden: 4 hearts against 1 shield: 3 damage.", hit[0].text
    assert monster(g, "bone_warden").damage == damage
    script_used(g)


def test_dd_094_pierce_from_a_weapon_keyword():
    """DD-094: the Light Crossbow (Pierce 1) ignores 1 of 3 shields: 4 − 2 = 2."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4, items=["light_crossbow"], equipped=["light_crossbow"]),
                                 bystander()], [mon("bone_warden", 10, 4)],
             dice=["blue:3", "yellow:5", "gray:5", "brown:4"])
    pick(g, "attack:light_crossbow:10,4")
    assert monster(g, "bone_warden").damage == 2
    script_used(g)


def test_dd_094_pierce_from_a_surge_ability():
    """DD-094: the Warden's ⚡: Pierce 2 against Brakka's 3 shields: 4 − 1 = 3."""
    g = game("bone_warden", [hero("brakka_stonehide", 10, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:2", "red:2", "gray:6"])
    pick(g, "attack:bone_warden:10,4")
    pick(g, "pass", kind="shield")
    d = pending(g)
    assert d.kind == "surge" and d.seat == 0 and {"surge:0", "surge:1"} <= set(d.option_ids)
    pick(g, "surge:1")
    assert g.state.hero("brakka_stonehide").damage == 3
    script_used(g)


def test_dd_095_blast_hits_adjacent_spaces_only_and_not_through_a_closed_door():
    """DD-095 / DDA-14: Blast hits the spaces adjacent (4.2) to the target: not distance 2, not behind the door."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 11, 4), bystander()],
             [mon("goblin_skulker", 14, 4), mon("bone_warrior", 13, 5), mon("bone_warrior", 15, 4),
              mon("bone_warrior", 14, 2)],
             dice=["blue:2", "yellow:6", "brown:1", "gray:5"])
    pick(g, "attack:ember_staff:14,4")
    events = pick(g, "surge:1", kind="surge")
    hit = {e.data["figure"] for e in of(events, "hit")}
    assert hit == {"goblin_skulker#1", "bone_warrior#1"}
    assert "goblin_skulker#1" not in monster_ids(g)
    assert monster(g, "bone_warrior#1").damage == 2
    assert monster(g, "bone_warrior#2").damage == 0  # (15,4): behind the closed vault door
    assert monster(g, "bone_warrior#3").damage == 0  # (14,2): distance 2
    script_used(g)


def test_dd_096_blast_rolls_the_attack_once_and_applies_it_to_each_figure():
    """DD-096: one attack roll (4 hearts) for all; each figure subtracts its own shields."""
    g = blast_game()
    events = pick(g, "attack:ember_staff:11,4")
    d = pending(g)  # (each answer says its price once and what it buys: DD-089)
    assert d.prompt == "2 surges to spend." and d.option("surge:1").label == "Spend 2 surges: Blast"
    events += pick(g, "surge:1", kind="surge")
    assert len([e for e in of(events, "dice") if e.rule == "DD-082"]) == 1
    hits = {e.data["figure"]: e.data["damage"] for e in of(events, "hit", "DD-093")}
    assert hits == {"goblin_skulker#1": 4, "bone_warrior#1": 2, "tamsin_reedfoot": 3}
    assert all("4 hearts" in e.text for e in of(events, "hit"))
    script_used(g)


def test_dd_096_a_hero_caught_by_a_blast_rolls_his_pool_and_may_use_his_shield():
    """DD-096 / DD-085: Brakka, next to the target, rolls his own gray die and may exhaust his
    Round Shield: 4 hearts − (1 + 1) shields = 2."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 8, 4), hero("brakka_stonehide", 10, 5, activated=True)],
             [mon("goblin_skulker", 11, 4)], dice=["blue:2", "yellow:6", "brown:1", "gray:2"])
    pick(g, "attack:ember_staff:11,4")
    pick(g, "surge:1", kind="surge")
    pick(g, "shield:round_shield", kind="shield", seat=1)
    assert g.state.hero("brakka_stonehide").damage == 2
    assert "goblin_skulker#1" not in monster_ids(g)
    script_used(g)


def test_dd_097_blast_only_the_target_needs_range_and_line_of_sight():
    """DD-097: range 7 reaches the target at distance 7; the Bone minion at distance 8 is hit too."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 0, 4), bystander(x=0, y=3)],
             [mon("goblin_skulker_master", 7, 4), mon("bone_warrior", 8, 3)],
             dice=["blue:6", "yellow:6", "brown:1", "gray:1"])  # range 6 + 1, 3 hearts, 2 surges
    pick(g, "attack:ember_staff:7,4")
    pick(g, "surge:1", kind="surge")
    assert monster(g, "goblin_skulker_master").damage == 3
    assert monster(g, "bone_warrior#1").damage == 3
    script_used(g)


def test_dd_098_blast_hits_friends_and_the_attacker_but_not_knocked_out_heroes():
    """DD-098 / DDA-14: Vessarin (adjacent) and Tamsin are hit; Brakka's token is not."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 10, 4), hero("tamsin_reedfoot", 11, 3, activated=True),
                                  knocked("brakka_stonehide", 12, 4)],
             [mon("goblin_skulker", 11, 4)],
             dice=["blue:2", "yellow:6", "brown:1", "gray:2", "gray:5"])  # goblin; Tamsin (11,3); Vessarin (10,4)
    pick(g, "attack:ember_staff:11,4")
    events = pick(g, "surge:1", kind="surge")
    assert g.state.hero("tamsin_reedfoot").damage == 3
    assert g.state.hero("vessarin_ashmark").damage == 2
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.knocked_out and brakka.damage == 14 and brakka.fatigue == 4
    assert not [e for e in events if e.data.get("figure") == "brakka_stonehide"]
    assert "goblin_skulker#1" not in monster_ids(g)
    script_used(g)


def test_dd_099_reach_melee_within_two_in_line_of_sight():
    """DD-099 / DDA-15: the Halberd reaches distance 2 with LoS; a figure in between blocks it."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["halberd"], equipped=["halberd"]),
                                  bystander()], [mon("bone_warden", 12, 4), mon("bone_warrior", 13, 6)])
    assert "attack:halberd:12,4" in attacks(g)
    assert "attack:halberd:13,6" not in attacks(g)  # distance 3
    blocked = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["halberd"], equipped=["halberd"]),
                                        bystander()], [mon("bone_warden", 12, 4), mon("bone_warrior", 11, 4)])
    assert "attack:halberd:11,4" in attacks(blocked)
    assert "attack:halberd:12,4" not in attacks(blocked)
    refuse(blocked, "attack:halberd:12,4")


# ==============================================================================================
# 3.11 Line of sight and adjacency
# ==============================================================================================


def test_dd_100_one_clear_corner_segment_is_enough():
    """DD-100: the centre line from (7,4) to (11,3) crosses the figure on (9,4), yet a corner
    segment is clear, so the ranged attack is allowed."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()],
             [mon("bone_warden", 11, 3), mon("bone_warrior", 9, 4)])
    assert "attack:hunting_bow:11,3" in attacks(g)


@pytest.mark.parametrize("shooter, target, blockers, doors", [
    ((7, 4), (11, 4), [(9, 4)], []),  # a figure on the row
    ((13, 4), (16, 4), [], []),  # the closed vault door
    ((3, 3), (7, 2), [], []),  # the map edge (off-map squares (4..6, 1..3))
    ((8, 5), (13, 5), [], []),  # the obstacle (11,5)
])
def test_dd_101_walls_doors_figures_and_obstacles_block(shooter, target, blockers, doors):
    """DD-101: segments through or along walls, closed doors and blocked spaces are blocked."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", *shooter), bystander()],
             [mon("bone_warden", *target)] + [mon("bone_warrior", *b) for b in blockers], open_doors=doors)
    assert f"attack:hunting_bow:{target[0]},{target[1]}" not in attacks(g)


def test_dd_101_an_open_door_does_not_block():
    """DD-101 / DD-074: the same shot through the vault door once it is open."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 13, 4), bystander()], [mon("bone_warden", 16, 4)],
             open_doors=["vault_door"])
    assert "attack:hunting_bow:16,4" in attacks(g)


def test_dd_102_touching_a_blocked_corner_does_not_block():
    """DD-102: like DDG-03, with figures on (12,2) and (13,3) between (11,1) and (14,4)."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 11, 1), bystander()],
             [mon("bone_warden", 14, 4), mon("bone_warrior", 12, 2), mon("bone_warrior", 13, 3)])
    assert "attack:hunting_bow:14,4" in attacks(g)


def test_dd_103_a_knocked_out_token_does_not_block_line_of_sight():
    """DD-103: Brakka's token on (9,4) leaves the row open; standing, he blocks it."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), knocked("brakka_stonehide", 9, 4)],
             [mon("bone_warden", 11, 4)])
    assert "attack:hunting_bow:11,4" in attacks(g)
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander("brakka_stonehide", 9, 4)],
             [mon("bone_warden", 11, 4)])
    assert "attack:hunting_bow:11,4" not in attacks(g)


def test_dd_104_the_attacker_and_target_spaces_never_block():
    """DD-104: a ranged shot at an adjacent figure: every segment runs along or through the
    attacker's and target's own (occupied) squares, which must not block."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 10, 4), bystander()],
             [mon("bone_warden", 11, 4), mon("bone_warrior", 10, 5)])
    assert "attack:hunting_bow:11,4" in attacks(g)
    assert "attack:hunting_bow:10,5" in attacks(g)


def test_dd_105_quest_map_checked_line_of_sight_fact():
    """DD-105 / 2.9: there is LoS from (3,4) to (12,2) on the Quest 1 map."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 3, 4), bystander()], [mon("goblin_skulker_master", 12, 2)])
    assert "attack:hunting_bow:12,2" in attacks(g)


def test_dd_105_attack_options_follow_the_geometry_line_of_sight():
    """DD-105: the ranged options agree with the 4.4 algorithm for every square of the hall."""
    from game.rulesets.dungeon_delve import geometry as geo

    board = SYS.data.board("wardens_vault")
    walls = board.blocking_edges(list(board.doors))
    shooter = (8, 6)
    for x in range(7, 20):
        for y in range(1, 9):
            q = (x, y)
            if q == shooter or board.terrain.get(q) not in ("floor", "water"):
                continue
            g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", *shooter), bystander()],
                     [mon("bone_warden", x, y), mon("bone_warrior", 10, 5)])
            expected = geo.line_of_sight(board, walls, shooter, q, blockers=frozenset({(10, 5)})).visible
            assert (f"attack:hunting_bow:{x},{y}" in attacks(g)) == expected, q


def test_dd_106_a_closed_door_breaks_adjacency():
    """DD-106 / DD-074: across the closed vault door there is no melee; open, there is."""
    closed = game("brakka_stonehide", [hero("brakka_stonehide", 14, 4), bystander()], [mon("bone_warrior", 15, 4)])
    assert attacks(closed) == set()
    opened = game("brakka_stonehide", [hero("brakka_stonehide", 14, 4), bystander()], [mon("bone_warrior", 15, 4)],
                  open_doors=["vault_door"])
    assert "attack:broadsword:15,4" in attacks(opened)


def test_dd_106_diagonal_past_a_wall_corner_and_a_door():
    """DD-106 / 4.2: (14,3)–(15,4): walls N and E of P(15,4), the closed door S: not adjacent;
    with the door open only the wall corner remains, and they are adjacent."""
    closed = game("brakka_stonehide", [hero("brakka_stonehide", 14, 3), bystander()], [mon("bone_warrior", 15, 4)])
    assert "attack:broadsword:15,4" not in attacks(closed)
    opened = game("brakka_stonehide", [hero("brakka_stonehide", 14, 3), bystander()], [mon("bone_warrior", 15, 4)],
                  open_doors=["vault_door"])
    assert "attack:broadsword:15,4" in attacks(opened)


def test_dd_106_obstacles_and_figures_do_not_affect_adjacency():
    """DD-106: (10,5)–(11,6) are adjacent though the obstacle (11,5) and a figure on (10,6) flank them."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 5), bystander()],
             [mon("bone_warrior", 11, 6), mon("bone_warrior", 10, 6)])
    assert {"attack:broadsword:11,6", "attack:broadsword:10,6"} <= attacks(g)


# ==============================================================================================
# 3.12 Damage, defeat, knock-outs
# ==============================================================================================


def test_dd_107_defeat_at_health_and_damage_capped():
    """DD-107: a monster at its Health is defeated; a hero's damage never exceeds his Health."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()],
             [mon("bone_warrior", 11, 4, damage=3)], dice=["blue:3", "red:2", "gray:1"])
    pick(g, "attack:broadsword:11,4")
    assert "bone_warrior#1" not in monster_ids(g)
    h = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, damage=12), bystander()],
             [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:5", "gray:1"])
    pick(h, "attack:bone_warrior:11,4")
    pick(h, "pass", kind="shield")
    brakka = h.state.hero("brakka_stonehide")
    assert brakka.damage == 14 and brakka.knocked_out
    script_used(g)
    script_used(h)


def test_dd_107_recovery_never_below_zero():
    """DD-107: Mend rolls 3♥ for a hero with 1 damage: damage 0, not −2."""
    g = game("sister_elowen", [hero("sister_elowen", 10, 4, damage=1), bystander("brakka_stonehide")],
             dice=["red:5"])
    events = pick(g, "skill:mend:sister_elowen")
    assert g.state.hero("sister_elowen").damage == 0
    assert of(events, "recover")[0].data["hearts"] == 1
    assert of(events, "recover")[0].text == "Sister Elowen recovers 1 damage (Mend)."
    script_used(g)
    # Nothing to recover: the log says so, not "recovers 0 damage and 0 fatigue".
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()])
    events = pick(g, "rest") + pick(g, "end")  # Unyielding's 2 damage come at the turn's end (DD-055)
    assert [e.text for e in of(events, "recover")] == ["Brakka Stonehide has nothing to recover (Unyielding)."]
    assert recovery_words(0, 2) == "recovers 2 fatigue"


def test_dd_108_a_defeated_monster_is_removed():
    """DD-108: the defeated Bone minion leaves the map; its space is free to enter."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()],
             [mon("bone_warrior", 11, 4, damage=3)], dice=["blue:3", "red:2", "gray:1"])
    events = pick(g, "attack:broadsword:11,4")
    assert of(events, "defeated", "DD-108")
    assert g.state.monsters == []
    pick(g, "act:move")
    assert "move:11,4" in moves(g)
    script_used(g)


def test_dd_109_knock_out():
    """DD-109: damage = Health, fatigue = Stamina, token, conditions gone, the overlord draws 1."""
    g = game("goblin_skulker#1", [hero("sister_elowen", 11, 4, damage=10, fatigue=1, conditions=["stunned"]),
                                  bystander("brakka_stonehide")], [mon("goblin_skulker", 13, 4)],
             dice=["blue:3", "yellow:5", "gray:1"])
    before = g.view_for(1)["overlord_hand_count"]
    events = pick(g, "attack:goblin_skulker:11,4")
    elowen = g.state.hero("sister_elowen")
    assert elowen.knocked_out and elowen.damage == 12 and elowen.fatigue == 4 and elowen.conditions == []
    assert of(events, "knocked_out", "DD-109") and of(events, "draw", "DD-109")
    assert g.view_for(1)["overlord_hand_count"] == before + 1
    script_used(g)


def test_dd_110_knocked_out_hero_takes_no_damage_from_cinder_storm():
    """DD-110: Cinder Storm over Brakka's token: the Goblin is hit, the token is not."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 9, 4), knocked("brakka_stonehide", 13, 4)],
             [mon("goblin_skulker_master", 12, 4)])
    events = pick(g, "feat:12,4")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.damage == 14 and brakka.fatigue == 4 and brakka.knocked_out
    assert [e.data["figure"] for e in of(events, "damage")] == ["goblin_skulker_master"]


def test_dd_110_knocked_out_hero_no_skills_no_start_cards():
    """DD-110: his turn offers no skill; the overlord may not play Crumbling Ceiling on him."""
    g = game("sister_elowen", [knocked("sister_elowen", 10, 4), bystander("brakka_stonehide", 11, 4, damage=3)],
             stage="start", overlord_hand=["crumbling_ceiling", "creeping_dread"])
    d = pending(g)
    assert d.kind == "action" and d.option_ids == ("standup",)
    assert g.state.overlord_hand == ["crumbling_ceiling", "creeping_dread"]


def test_dd_111_a_knocked_out_space_is_empty_for_movement():
    """DD-111 / DD-049: heroes and monsters may pass through and stop on a token's space."""
    g = game("sister_elowen", [hero("sister_elowen", 8, 4), knocked("brakka_stonehide", 9, 4)], mp=3)
    assert {"move:9,4", "move:10,4"} <= moves(g)
    pick(g, "move:9,4")
    assert g.state.hero("sister_elowen").square == [9, 4]
    m = game("bone_warrior#1", [knocked("brakka_stonehide", 9, 4), hero("sister_elowen", 0, 4)],
             [mon("bone_warrior", 8, 4)])
    pick(m, "act:move")
    assert "move:9,4" in moves(m)


def test_dd_112_knocked_out_hero_may_only_stand_up():
    """DD-112: on his next turn the only option is Stand Up."""
    g = game("brakka_stonehide", [knocked("brakka_stonehide", 10, 4, items=["broadsword", "round_shield",
                                                                            "healing_draught#1"]),
                                  hero("sister_elowen", 11, 4)], [mon("bone_warrior", 10, 5)], stage="start")
    assert opts(g) == ("standup",)
    refuse(g, "act:move")
    refuse(g, "end")


def test_dd_113_mend_on_a_knocked_out_hero_stands_him_up():
    """DD-113: Mend for 2♥ on Brakka's adjacent token: he stands at once and acts normally next."""
    g = game("sister_elowen", [hero("sister_elowen", 10, 4), knocked("brakka_stonehide", 11, 4)], dice=["red:2"])
    pick(g, "skill:mend:brakka_stonehide")
    brakka = g.state.hero("brakka_stonehide")
    assert not brakka.knocked_out and brakka.damage == 12 and brakka.square == [11, 4]
    pick(g, "end")
    d, _ = settle(g, turn_of(g, "brakka_stonehide"))
    assert d is not None and g.state.activation.actions_left == 2
    assert "act:move" in d.option_ids and "standup" not in d.option_ids
    script_used(g)


def test_dd_144_knocked_out_by_own_cinder_storm_ends_the_turn():
    """DD-144: Vessarin (1 Health left) hits himself: knocked out, turn over, card flipped."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 10, 4, damage=8),
                                  hero("sister_elowen", 0, 6, feat_used=True)],
             [mon("goblin_skulker_master", 11, 4)], mp=2)
    events = pick(g, "feat:11,4")
    vessarin = g.state.hero("vessarin_ashmark")
    assert vessarin.knocked_out and vessarin.activated
    assert of(events, "turn_end")
    assert acting(g) == "sister_elowen"  # the next hero's turn, not Vessarin's second action


@pytest.mark.parametrize("how", ["crumbling_ceiling", "poison"])
def test_dd_144_knocked_out_by_a_start_of_turn_effect_ends_the_turn(how):
    """DD-144: knocked out in step 1 (Crumbling Ceiling, or Poisoned), the turn ends at once:
    no Stand Up until his next turn (DD-112)."""
    if how == "poison":
        g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, damage=13, conditions=["poisoned"]),
                                      hero("sister_elowen", 0, 6, feat_used=True)],
                 stage="start", dice=["gray:6", "black:6"])
    else:
        g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, damage=13),
                                      hero("sister_elowen", 0, 6, feat_used=True)],
                 stage="start", overlord_hand=["crumbling_ceiling"], dice=["gray:6", "black:6"])
        pick(g, "card:crumbling_ceiling", kind="overlord_card")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.knocked_out
    assert brakka.activated, "his activation card should be flipped"
    assert acting(g) != "brakka_stonehide", f"Brakka is still offered {opts(g)} in the same turn"
    script_used(g)


def test_dd_144_knocked_out_by_pit_damage_the_round_goes_on():
    """DD-144: Brakka (2 Health left) falls into the pit and is knocked out: his turn ends, and
    Elowen, who has not acted, still takes her turn in this round."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 12, 6, damage=12),
                                  hero("sister_elowen", 0, 6, feat_used=True)], mp=3)
    pick(g, "move:12,7")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.knocked_out
    assert g.state.round == 1 and acting(g) == "sister_elowen", \
        f"after Brakka's knock-out the game is in round {g.state.round}, acting: {acting(g)}"
    assert brakka.activated


def test_dd_144_monster_defeated_by_lava_mid_move_the_next_monster_activates():
    """DD-144: a Bone minion with 1 Health left dies entering lava; the other minion activates."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()],
             [mon("bone_warrior", 16, 5, damage=3), mon("bone_warrior", 16, 4)])
    pick(g, "end")
    pick(g, "monster:bone_warrior#1", kind="monster_order")
    pick(g, "act:move")
    pick(g, "move:17,6")
    assert "bone_warrior#1" not in monster_ids(g)
    assert g.state.round == 1 and acting(g) == "bone_warrior#2"


def test_dd_144_monster_defeated_at_activation_start_ends_its_activation():
    """DD-144: a Poisoned Bone minion with 1 Health left dies at its start; the next monster activates."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()],
             [mon("bone_warrior", 10, 4, damage=3, conditions=["poisoned"]), mon("bone_warrior", 10, 6)])
    assert "bone_warrior#1" not in monster_ids(g)
    assert acting(g) == "bone_warrior#2" and pending(g).kind == "action"


def test_dd_145_knocked_out_hero_uses_no_cards_and_gains_no_mp():
    """DD-145: with potions in hand and fatigue room, a token is offered nothing but Stand Up."""
    g = game("tamsin_reedfoot", [knocked("tamsin_reedfoot", 10, 4, fatigue=0,
                                         items=["hunting_bow", "healing_draught#1", "vigor_tonic#1"]),
                                 hero("sister_elowen", 11, 4)], stage="start")
    assert opts(g) == ("standup",)
    refuse(g, "use:healing_draught#1:tamsin_reedfoot")
    refuse(g, "fatigue")
    refuse(g, "feat")


# ==============================================================================================
# 3.13 Trading, heroic feats, attribute tests
# ==============================================================================================


def test_dd_114_trade_during_the_move_action_costs_nothing():
    """DD-114: after a Move action, Brakka gives the Hand Axe to adjacent Elowen: no MP, no action.
    His starting Broadsword is not a Shop, Relic or Search card."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["broadsword", "round_shield", "hand_axe"]),
                                  bystander("sister_elowen", 11, 4)])
    assert not [o for o in opts(g) if o.startswith("give:")]
    pick(g, "act:move")
    assert "give:hand_axe:sister_elowen" in opts(g)
    assert "give:broadsword:sister_elowen" not in opts(g)
    pick(g, "give:hand_axe:sister_elowen")
    assert "hand_axe" in g.state.hero("sister_elowen").items
    assert "hand_axe" not in g.state.hero("brakka_stonehide").items
    assert g.state.activation.actions_left == 1 and g.state.activation.mp == 3


def test_dd_114_trade_in_either_direction():
    """DD-114: the trade goes "in either direction": the moving hero may also take a card
    from the adjacent hero."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4),
                                  bystander("sister_elowen", 11, 4, items=["iron_mace", "healing_draught#1"])])
    pick(g, "act:move")
    takes = [o for o in opts(g) if o.startswith("give:healing_draught#1") or
             (o.split(":", 1)[0] in ("take", "trade") and "healing_draught#1" in o)]
    assert takes, f"no option moves Elowen's Healing Draught to Brakka: {opts(g)}"


def test_dd_115_the_trade_window():
    """DD-115: fatigue MP alone open no window; after a Move action it stays open past another
    action; no trade with a knocked-out hero; none with a hero not adjacent."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["broadsword", "round_shield", "hand_axe"]),
                                  bystander("sister_elowen", 10, 3)], [mon("bone_warden", 11, 4)],
             dice=["blue:3", "red:2", "gray:1", "brown:1"])
    pick(g, "fatigue")
    assert not [o for o in opts(g) if o.startswith("give:")]
    pick(g, "act:move")
    pick(g, "attack:broadsword:11,4")
    assert pending(g).kind == "action"
    assert "give:hand_axe:sister_elowen" in opts(g)
    script_used(g)
    far = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4, items=["broadsword", "round_shield", "hand_axe"]),
                                    bystander("sister_elowen", 12, 4), knocked("tamsin_reedfoot", 10, 3)])
    pick(far, "act:move")
    assert not [o for o in opts(far) if o.startswith("give:")]


def test_dd_116_heroic_feat_once_per_encounter():
    """DD-116: Slip Away is used once (not an action): MP = Speed, then the sheet is flipped."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()])
    pick(g, "feat")
    tamsin = g.state.hero("tamsin_reedfoot")
    assert tamsin.feat_used and g.state.activation.mp == 5 and g.state.activation.actions_left == 2
    assert "feat" not in opts(g)
    refuse(g, "feat")
    used = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4, feat_used=True), bystander()])
    assert "feat" not in opts(used)


def test_dd_116_radiant_prayer_at_the_start_of_the_turn():
    """DD-116 / 2.3: Radiant Prayer in step 1 heals every hero by 3, the token too (DD-113)."""
    g = game("sister_elowen", [hero("sister_elowen", 10, 4, damage=5), knocked("brakka_stonehide", 0, 4),
                               bystander("tamsin_reedfoot", damage=1)], stage="start")
    pick(g, "feat", kind="feat")
    assert g.state.hero("sister_elowen").damage == 2
    assert g.state.hero("tamsin_reedfoot").damage == 0
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.damage == 11 and not brakka.knocked_out
    assert g.state.hero("sister_elowen").feat_used


@pytest.mark.parametrize("gray, black, passed", [
    ("gray:5", "black:2", True),  # 2 + 2 = 4 ≤ Might 4
    ("gray:6", "black:2", False),  # 3 + 2 = 5 > 4
    ("gray:1", "black:1", True),  # 0
])
def test_dd_117_attribute_test_gray_plus_black_at_most_the_attribute(gray, black, passed):
    """DD-117: Brakka (Might 4) tests Might for Poisoned."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, conditions=["poisoned"]), bystander()],
             stage="start", dice=[gray, black])
    test = [e for e in g.initial_events if e.kind == "test"]
    assert len(test) == 1 and test[0].data["passed"] is passed
    shields = {"gray:5": "4 shields", "gray:6": "5 shields", "gray:1": "0 shields"}[gray]
    assert test[0].text == (f"Brakka Stonehide {'passes' if passed else 'fails'} the might test: {shields}, "
                            f"{'not ' if passed else ''}more than might 4.")
    roll = next(e for e in g.initial_events if e.kind == "dice")
    assert roll.text.startswith("Brakka Stonehide rolls for a might test (Poisoned): ")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.damage == (0 if passed else 1)
    assert ("poisoned" in brakka.conditions) is not passed
    script_used(g)


def test_dd_118_defense_cards_do_not_affect_attribute_tests():
    """DD-118 / DDA-22: a Might test rolls gray + black only: no Chain Shirt die, no Round
    Shield, no Dark Resilience."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, conditions=["poisoned"],
                                       items=["broadsword", "round_shield", "chain_shirt"],
                                       equipped=["broadsword", "round_shield", "chain_shirt"]), bystander()],
             stage="start", overlord_hand=["dark_resilience#1"], dice=["gray:6", "black:2"])
    rolls = [e for e in g.initial_events if e.kind == "dice"]
    assert [e.data["dice"] for e in rolls] == [["gray", "black"]]
    assert pending(g).kind == "action"
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.damage == 1 and "round_shield" not in brakka.exhausted
    assert g.state.overlord_hand == ["dark_resilience#1"]
    script_used(g)


def test_dd_118_a_card_that_names_attribute_tests_does_apply():
    """DD-118 / DDA-22: the Lucky Stone rerolls one die of a failed test (gray 3 → 0: 0 + 2 ≤ 4)."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, conditions=["poisoned"],
                                       items=["broadsword", "round_shield", "lucky_stone"],
                                       equipped=["broadsword", "round_shield", "lucky_stone"]), bystander()],
             stage="start", dice=["gray:6", "black:2", "gray:1"])
    rolls = [e for e in g.initial_events if e.kind == "dice"]
    assert [e.data["dice"] for e in rolls] == [["gray", "black"], ["gray"]]
    test = [e for e in g.initial_events if e.kind == "test"]
    assert test[-1].data["passed"] is True
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.damage == 0 and brakka.conditions == []
    script_used(g)


# ==============================================================================================
# 3.14 Overlord turn
# ==============================================================================================


def test_dd_119_overlord_turn_ends_until_overlord_turn_effects():
    """DD-119: effects lasting until the start of the overlord's turn end in its step 1; others stay."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, effects=["warded@overlord",
                                                                          "untargetable_ranged@start"]),
                                  bystander()])
    pick(g, "end")
    settle(g, lambda d: g.state.round == 2)
    assert g.state.hero("brakka_stonehide").effects == ["untargetable_ranged@start"]


def test_dd_120_overlord_draws_one_card_in_step_2():
    """DD-120: the overlord's hand grows by one in his turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=["scurry#1"])
    events = pick(g, "end")
    assert len(of(events, "draw", "DD-120")) == 1
    assert len(g.state.overlord_hand) == 2


def test_dd_143_draws_reshuffle_the_discard_when_the_deck_is_empty():
    """DD-143: an empty deck is rebuilt from the discard pile before a draw."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], stage="start",
             overlord_hand=list(HAND_ALL), dice=["gray:1", "black:1"])
    assert g.state.overlord_deck == []
    pick(g, "card:crumbling_ceiling", kind="overlord_card")
    pick(g, "pass", kind="overlord_card")
    assert g.state.overlord_discard == ["crumbling_ceiling"]
    events = pick(g, "end")
    assert of(events, "reshuffle", "DD-143") and of(events, "draw", "DD-120")
    assert sorted(g.state.overlord_hand) == sorted(HAND_ALL)
    assert g.state.overlord_discard == [] and g.state.overlord_deck == []
    script_used(g)


def test_dd_121_each_group_activates_once_in_the_overlords_order():
    """DD-121: the overlord picks the group order; each monster activates once."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()],
             [mon("goblin_skulker_master", 12, 2), mon("bone_warden", 18, 4)])
    pick(g, "end")
    d = pending(g)
    assert d.kind == "group_order" and d.seat == 0
    assert set(d.option_ids) == {"group:goblin_skulkers", "group:bone_warriors"}
    log = pick(g, "group:bone_warriors")
    assert acting(g) == "bone_warden"
    log += pick(g, "end")
    assert acting(g) == "goblin_skulker_master"
    log += pick(g, "end")
    activations = Counter(e.data["figure"] for e in of(log, "activation"))
    assert activations == {"bone_warden": 1, "goblin_skulker_master": 1}
    assert g.state.round == 2


def test_dd_122_reinforcement_then_the_victory_check():
    """DD-122: in step 4 the quest's reinforcement comes before the round-limit check."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("bone_warden", 18, 4)],
             round=10)
    _, log = settle(g, lambda d: False)
    kinds = [e.kind for e in log]
    assert "reinforce" in kinds and "game_over" in kinds
    assert kinds.index("reinforce") < kinds.index("game_over")


def test_dd_123_no_hand_limit_and_the_hand_is_hidden():
    """DD-123: 14 cards plus a draw is 15 (no discard); heroes see the count, not the cards."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=HAND_ALL[:14])
    events = pick(g, "end")
    assert len(g.state.overlord_hand) == 15 and g.state.overlord_discard == []
    hero_view = g.view_for(1)
    assert hero_view["overlord_hand"] is None and hero_view["overlord_hand_count"] == 15
    assert sorted(g.view_for(0)["overlord_hand"]) == sorted(HAND_ALL)
    private = of(events, "draw_private")
    assert private and all(e.seats == (0,) for e in private)


def test_dd_124_a_card_only_at_its_moment_one_copy_then_discarded():
    """DD-124: before the attack roll only Vicious Blow is playable, one copy; it is discarded."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()], [mon("bone_warrior", 10, 4)],
             overlord_hand=["vicious_blow#1", "vicious_blow#2", "dark_resilience#1", "crumbling_ceiling"],
             dice=["blue:3", "red:2", "red:2", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    d = pending(g)
    assert d.kind == "overlord_card" and len([o for o in d.option_ids if o.startswith("card:vicious_blow")]) == 1
    assert not [o for o in d.option_ids if "dark_resilience" in o or "crumbling" in o]
    pick(g, d.option_ids[0])
    assert pending(g).kind == "shield"  # no second Vicious Blow at the same moment
    pick(g, "pass")
    assert g.state.overlord_discard == ["vicious_blow#1"]
    assert g.state.hero("brakka_stonehide").damage == 6
    script_used(g)


def test_dd_124_not_playable_outside_its_moment():
    """DD-124: Vicious Blow is not offered at the start of a hero's turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], stage="start",
             overlord_hand=["vicious_blow#1", "dark_resilience#1", "bloodlust#1"])
    assert pending(g).kind == "action"


# ==============================================================================================
# 3.15 Monsters
# ==============================================================================================


def test_dd_125_monsters_of_a_group_activate_one_at_a_time_in_the_overlords_order():
    """DD-125: the overlord picks which Goblin goes first; each finishes before the next."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()],
             [mon("goblin_skulker_master", 12, 2), mon("goblin_skulker", 13, 4)])
    pick(g, "end")
    d = pending(g)
    assert d.kind == "monster_order" and d.seat == 0
    assert set(d.option_ids) == {"monster:goblin_skulker_master", "monster:goblin_skulker#1"}
    pick(g, "monster:goblin_skulker#1")
    assert acting(g) == "goblin_skulker#1"
    pick(g, "act:move")
    pick(g, "move:13,5")
    assert acting(g) == "goblin_skulker#1"
    pick(g, "end")
    assert acting(g) == "goblin_skulker_master"


def test_dd_126_a_monster_performs_up_to_two_actions():
    """DD-126: Move, then Attack: no third action (MP may still be spent)."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 12, 4), bystander()], [mon("bone_warrior", 10, 4)],
             dice=["blue:3", "red:2", "gray:1"])
    pick(g, "act:move")
    pick(g, "move:11,4")
    pick(g, "attack:bone_warrior:12,4")
    pick(g, "pass", kind="shield")
    assert g.state.activation.actions_left == 0
    assert "act:move" not in opts(g) and not attacks(g)
    assert moves(g)  # 2 MP left
    script_used(g)


def test_dd_126_a_monster_in_a_pit_may_climb_out():
    """DD-126 / DD-062: climb out is a monster action; nothing else is offered in a pit."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 13, 7), bystander()], [mon("bone_warrior", 12, 7)])
    ids = set(opts(g)) - {"end"}  # ending the activation is not an action
    assert ids and all(o.startswith("climb:") for o in ids)
    assert "climb:13,7" not in ids


def test_dd_126_scurry_gives_one_extra_move_action():
    """DD-126 / 2.8 Scurry: "it may perform one extra Move action this activation": after two
    actions, a third (Move) action is still offered."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()], [mon("bone_warrior", 10, 4)],
             overlord_hand=["scurry#1"])
    pick(g, "card:scurry#1", kind="overlord_card")
    pick(g, "act:move")
    pick(g, "act:move")
    assert g.state.activation.actions_left == 0
    assert "act:move" in opts(g), f"no extra Move action after Scurry: {opts(g)}"


@pytest.mark.parametrize("card", [None, "bloodlust#1"])
def test_dd_127_one_attack_per_activation_unless_bloodlust(card):
    """DD-127: a second Attack action is offered only with Bloodlust."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()], [mon("bone_warrior", 10, 4)],
             overlord_hand=[card] if card else [], dice=["blue:3", "red:2", "gray:1"])
    if card:
        pick(g, f"card:{card}", kind="overlord_card")
    pick(g, "attack:bone_warrior:11,4")
    pick(g, "pass", kind="shield")
    assert g.state.activation.actions_left == 1
    assert ("attack:bone_warrior:11,4" in attacks(g)) == bool(card)
    script_used(g)


def test_dd_128_monster_move_speed_and_figures():
    """DD-128: a Move gives Speed MP; heroes block, other monsters are friends to pass through."""
    blocked = game("bone_warrior#1", [hero("brakka_stonehide", 5, 4), hero("sister_elowen", 5, 5)],
                   [mon("bone_warrior", 4, 4)])
    pick(blocked, "act:move")
    assert blocked.state.activation.mp == 3
    assert not {"move:6,4", "move:6,5", "move:5,4", "move:5,5"} & moves(blocked)
    friends = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()],
                   [mon("bone_warrior", 4, 4), mon("bone_warrior", 5, 4), mon("bone_warrior", 5, 5)])
    pick(friends, "act:move")
    assert {"move:6,4", "move:6,5"} <= moves(friends)
    assert not {"move:5,4", "move:5,5"} & moves(friends)
    assert "move:7,4" in moves(friends) and "move:8,4" not in moves(friends)  # 3 MP


def test_dd_129_monsters_have_no_hero_only_actions():
    """DD-129: no fatigue, rest, search, door, revive or trade for a monster."""
    g = game("bone_warrior#1", [knocked("brakka_stonehide", 13, 6), hero("sister_elowen", 0, 4)],
             [mon("bone_warrior", 14, 7)])
    pick(g, "act:move")
    ids = opts(g)
    for prefix in ("fatigue", "rest", "search:", "door:", "revive:", "give:", "use:", "feat", "skill:"):
        assert not [o for o in ids if o.startswith(prefix)], prefix
    door = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()], [mon("bone_warrior", 15, 4)])
    assert not [o for o in opts(door) if o.startswith("door:")]


def test_dd_129_monsters_have_no_surge_rest():
    """DD-129: the overlord's surge options hold no surge rest."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, items=["broadsword"], equipped=["broadsword"]),
                                bystander()], [mon("bone_warrior", 10, 4)], dice=["blue:2", "red:2", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    d = pending(g)
    assert d.kind == "surge" and d.seat == 0
    assert set(d.option_ids) == {"surge:0", "pass"}
    script_used(g)


def test_dd_130_monster_attack_steps_hero_defends_overlord_spends_surges():
    """DD-130: the hero rolls his defense pool and may exhaust his shield; the overlord spends the surge."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()], [mon("bone_warrior", 10, 4)],
             dice=["blue:2", "red:2", "gray:2"])
    events = pick(g, "attack:bone_warrior:11,4")
    assert dice_rolled(events) == [["blue", "red"], ["gray"]]
    pick(g, "shield:round_shield", kind="shield", seat=1)
    pick(g, "surge:0", kind="surge", seat=0)
    assert g.state.hero("brakka_stonehide").damage == 3  # 2 + 2 + 1 hearts − (1 + 1) shields
    script_used(g)


def test_dd_131_nimble_moves_through_heroes_but_never_stops_there():
    """DD-131: a Goblin passes the heroes in the corridor; a Bone Warrior (DD-128) cannot."""
    g = game("goblin_skulker#1", [hero("brakka_stonehide", 5, 4), hero("sister_elowen", 5, 5)],
             [mon("goblin_skulker", 4, 4)])
    pick(g, "act:move")
    assert {"move:6,4", "move:6,5", "move:7,4"} <= moves(g)
    assert not {"move:5,4", "move:5,5"} & moves(g)
    refuse(g, "move:5,4")


# ==============================================================================================
# 3.16 Conditions
# ==============================================================================================


def test_dd_132_a_condition_is_held_at_most_once():
    """DD-132: Poisoned Barb on a Poisoned hero changes nothing."""
    g = game("bone_warrior#1", [hero("sister_elowen", 11, 4, conditions=["poisoned"]), bystander("brakka_stonehide")],
             [mon("bone_warrior", 10, 4)], overlord_hand=["poisoned_barb#1"], dice=["blue:3", "red:2", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    pick(g, "card:poisoned_barb#1", kind="overlord_card")
    assert g.state.hero("sister_elowen").conditions == ["poisoned"]
    script_used(g)


def test_dd_133_poisoned_monster_suffers_one_and_discards():
    """DD-133: a Poisoned Goblin master suffers 1 damage as it activates, then discards Poisoned."""
    g = game("goblin_skulker_master", [hero("brakka_stonehide", 0, 4), bystander()],
             [mon("goblin_skulker_master", 12, 2, conditions=["poisoned"])])
    master = monster(g, "goblin_skulker_master")
    assert master.damage == 1 and master.conditions == []
    assert pending(g).kind == "action" and acting(g) == "goblin_skulker_master"


def test_dd_134_stunned_monster_one_action_next_activation():
    """DD-134 / DD-146: the Mace's ⚡ stuns the Goblin master; in its next activation it has
    one action, then the condition is discarded."""
    g = game("sister_elowen", [hero("sister_elowen", 11, 2), bystander("brakka_stonehide", 0, 4)],
             [mon("goblin_skulker_master", 12, 2)], dice=["blue:2", "yellow:4", "brown:1"])
    pick(g, "attack:iron_mace:12,2")
    pick(g, "surge:1", kind="surge")
    pick(g, "pass", kind="surge")
    master = monster(g, "goblin_skulker_master")
    assert master.damage == 3 and master.conditions == ["stunned"]
    pick(g, "end")
    settle(g, turn_of(g, "goblin_skulker_master"))
    assert g.state.activation.actions_left == 1
    pick(g, "act:move")
    assert "act:move" not in opts(g) and not attacks(g)
    pick(g, "end")
    assert master.conditions == []
    script_used(g)


def test_dd_135_immobilized_monster_cannot_move_but_may_attack():
    """DD-135: no Move action and no MP for an Immobilized monster; discarded at the end."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()],
             [mon("bone_warrior", 10, 4, conditions=["immobilized"])], dice=["blue:3", "red:2", "gray:1"])
    assert "act:move" not in opts(g)
    refuse(g, "act:move")
    pick(g, "attack:bone_warrior:11,4")
    events = pick(g, "pass", kind="shield")
    # Nothing is left to do (no Move, no second attack): the activation ends by itself.
    assert of(events, "condition", "DD-146")
    assert monster(g, "bone_warrior#1").conditions == []
    script_used(g)


def test_dd_136_knocked_out_heroes_discard_conditions_and_get_none():
    """DD-136: the blow that knocks Elowen out leaves no moment for Poisoned Barb."""
    g = game("bone_warrior#1", [hero("sister_elowen", 11, 4, damage=10, conditions=["immobilized", "stunned"]),
                                bystander("brakka_stonehide")], [mon("bone_warrior", 10, 4)],
             overlord_hand=["poisoned_barb#1"], dice=["blue:3", "red:2", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    elowen = g.state.hero("sister_elowen")
    assert elowen.knocked_out and elowen.conditions == []
    assert pending(g).kind == "action"  # no overlord_card decision
    assert g.state.overlord_hand[0] == "poisoned_barb#1"
    script_used(g)


def test_dd_146_a_condition_takes_effect_at_once():
    """DD-146: Immobilized by Snare Wire mid-move: he stops there and his MP are gone at once."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=["snare_wire#1"],
             dice=["gray:6", "black:6"])
    pick(g, "act:move")
    pick(g, "move:5,4")
    pick(g, "card:snare_wire#1", kind="overlord_card")
    assert g.state.hero("brakka_stonehide").square == [3, 4]
    assert g.state.activation.mp == 0
    assert not moves(g) and "act:move" not in opts(g) and "fatigue" not in opts(g)
    script_used(g)


def test_dd_146_snare_wire_lasts_through_the_following_turn():
    """DD-146: Immobilized during his own turn, the hero stays Immobilized through his
    following turn and discards it at the end of that turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=["snare_wire#1"],
             dice=["gray:6", "black:6"])
    pick(g, "act:move")
    pick(g, "move:5,4")
    pick(g, "card:snare_wire#1", kind="overlord_card")
    pick(g, "end")
    assert g.state.hero("brakka_stonehide").conditions == ["immobilized"], \
        "Immobilized was discarded at the end of the turn it was gained in"
    settle(g, lambda d: d.kind == "hero_order")
    pick(g, "hero:brakka_stonehide")
    settle(g, turn_of(g, "brakka_stonehide"))
    assert "act:move" not in opts(g) and "fatigue" not in opts(g)
    pick(g, "end")
    assert g.state.hero("brakka_stonehide").conditions == []


# ==============================================================================================
# 3.17 Quest 1 victory
# ==============================================================================================


def test_dd_137_heroes_win_at_once_when_the_warden_falls():
    """DD-137: the Warden's defeat ends the game at once, mid-turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()],
             [mon("bone_warden", 11, 4, damage=7), mon("goblin_skulker", 13, 2)], dice=["blue:3", "red:2", "gray:1",
                                                                                       "brown:1"])
    events = pick(g, "attack:broadsword:11,4")
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert g.pending() is None
    assert of(events, "game_over", "DD-137")
    script_used(g)


def test_dd_138_overlord_wins_when_round_ten_ends():
    """DD-138: round 9 ends with no winner; round 10 ends with the overlord's victory."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("bone_warden", 18, 4)],
             round=9)
    settle(g, lambda d: g.state.round == 10)
    assert g.outcome() is None and g.state.round == 10
    settle(g, lambda d: False)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and g.state.end_rule == "DD-138"
    assert g.state.round == 10


def test_dd_139_overlord_wins_at_once_when_every_hero_is_knocked_out():
    """DD-139: Elowen's token is down; knocking out Brakka ends the game at once."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, damage=13), knocked("sister_elowen", 0, 4)],
             [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    pick(g, "attack:bone_warrior:11,4")
    pick(g, "pass", kind="shield")
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and g.state.end_rule == "DD-139"
    assert g.pending() is None
    script_used(g)


def test_dd_140_one_goblin_minion_reinforces_per_overlord_turn():
    """DD-140: two Goblins missing, one minion arrives on (14,1); at full size none does."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("bone_warden", 18, 4)])
    pick(g, "end")
    settle(g, lambda d: g.state.round == 2)
    goblins = [m for m in g.state.monsters if m.group == "goblin_skulkers"]
    assert len(goblins) == 1 and goblins[0].kind == "goblin_skulker" and goblins[0].square == [14, 1]
    full = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()],
                [mon("goblin_skulker_master", 12, 2), mon("goblin_skulker", 13, 4)])
    pick(full, "end")
    _, log = settle(full, lambda d: full.state.round == 2)
    assert not of(log, "reinforce")
    assert len(full.state.monsters) == 2


def test_dd_140_a_reinforcement_is_numbered_on_from_the_minions_placed_at_setup():
    """DD-140: with four heroes three Goblin minions are placed (1-3); one is gone, so the one
    that arrives is Goblin Skulker 4, named so in the log and numbered so on its token, and no
    figure of the game shares its name."""
    heroes = [hero("brakka_stonehide", 2, 4), bystander(), bystander("vessarin_ashmark", 1, 6),
              bystander("tamsin_reedfoot", 0, 5)]
    g = game("brakka_stonehide", heroes, [mon("goblin_skulker_master", 12, 2), mon("goblin_skulker", 13, 4),
                                          mon("goblin_skulker", 12, 6), mon("bone_warden", 18, 4)])
    pick(g, "end")
    _, log = settle(g, lambda d: g.state.round == 2)
    assert [e.text for e in of(log, "reinforce", "DD-140")] == ["Goblin Skulker 4 arrives at 14,1."]
    view = g.view_for(0)
    numbers = {m["id"]: (m["name"], m["number"]) for m in view["monsters"] if m["kind"] == "goblin_skulker"}
    assert numbers == {"goblin_skulker#1": ("Goblin Skulker 1", "1"), "goblin_skulker#2": ("Goblin Skulker 2", "2"),
                       "goblin_skulker#r1": ("Goblin Skulker 4", "4")}
    master = next(m for m in view["monsters"] if m["kind"] == "goblin_skulker_master")
    assert master["number"] == "" and master["name"] == "Goblin Skulker Master"


def test_dd_077_a_monster_attacks_with_its_own_attack_unnamed():
    """DD-077: a monster's attack is declared without naming a weapon ("… attacks Brakka
    Stonehide."), a hero's names his ("… with Broadsword")."""
    g = game("goblin_skulker#1", [hero("brakka_stonehide", 2, 4), bystander()], [mon("goblin_skulker", 3, 4)])
    events = pick(g, "attack:goblin_skulker:2,4", kind="action")
    assert [e.text for e in of(events, "attack", "DD-077")] == ["Goblin Skulker attacks Brakka Stonehide."]
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("goblin_skulker", 3, 4)])
    events = pick(g, "attack:broadsword:3,4", kind="action")
    assert [e.text for e in of(events, "attack", "DD-077")] == \
        ["Brakka Stonehide attacks Goblin Skulker with Broadsword."]


# ==============================================================================================
# 3.18 Dice
# ==============================================================================================

FACES_2_2 = {
    "blue": [{"miss": 1}, {"range": 2, "hearts": 2, "surge": 1}, {"range": 3, "hearts": 2}, {"range": 4, "hearts": 2},
             {"range": 5, "hearts": 1}, {"range": 6, "hearts": 1, "surge": 1}],
    "red": [{"hearts": 1}, {"hearts": 2}, {"hearts": 2}, {"hearts": 2}, {"hearts": 3}, {"hearts": 3, "surge": 1}],
    "yellow": [{"range": 1, "surge": 1}, {"range": 1, "hearts": 1}, {"range": 2, "hearts": 1}, {"hearts": 1, "surge": 1},
               {"hearts": 2}, {"hearts": 2, "surge": 1}],
    "brown": [{"shields": s} for s in (0, 0, 0, 1, 1, 2)],
    "gray": [{"shields": s} for s in (0, 1, 1, 1, 2, 3)],
    "black": [{"shields": s} for s in (0, 2, 2, 2, 3, 4)],
}


def test_dd_141_each_die_has_the_six_faces_of_2_2():
    """DD-141: the content dice, face by face."""
    for die_id, faces in FACES_2_2.items():
        die = SYS.data.die(die_id)
        assert len(die.faces) == 6
        for face, expected in zip(die.faces, faces):
            assert {k: v for k, v in dict(face).items() if v} == {k: v for k, v in expected.items() if v}, die_id


def test_dd_141_rolls_are_seeded_uniform_and_logged():
    """DD-141: unscripted rolls use the seeded RNG (same seed, same faces), every face comes up
    about equally often, and each roll is an event with its dice and faces."""
    def stand_up_faces(seed: int) -> list[int]:
        g = game("brakka_stonehide", [knocked("brakka_stonehide", 2, 4), bystander()], seed=seed, stage="start")
        events = pick(g, "standup")
        rolls = of(events, "dice")
        assert len(rolls) == 1 and rolls[0].data["dice"] == ["red", "red"]
        return list(rolls[0].data["faces"])

    assert stand_up_faces(5) == stand_up_faces(5)
    counts: Counter[int] = Counter()
    for seed in range(600):
        counts.update(stand_up_faces(seed))
    assert set(counts) == set(range(6))
    expected = sum(counts.values()) / 6  # 200 a face
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 20.5, counts  # p ≈ 0.001 for 5 degrees of freedom


def test_dd_142_pool_results_are_summed_per_symbol():
    """DD-142: blue r2 2♥⚡ + yellow r2 1♥ = range 4, 3 hearts, 1 surge; X is a flag."""
    g = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:2", "yellow:3", "gray:1", "brown:1"])
    events = pick(g, "attack:hunting_bow:11,4")
    totals = of(events, "dice")[0].data["totals"]
    assert {k: v for k, v in totals.items() if v} == {"range": 4, "hearts": 3, "surge": 1}
    x = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 7, 4), bystander()], [mon("bone_warden", 11, 4)],
             dice=["blue:1", "yellow:6", "gray:1", "brown:1"])
    events = pick(x, "attack:hunting_bow:11,4")
    assert of(events, "dice")[0].data["totals"].get("miss") == 1
    script_used(g)
    script_used(x)


# ==============================================================================================
# 4.7 Scripted cases DDT-17 … DDT-33
# ==============================================================================================


def test_ddt_17_pit():
    """DDT-17 (DD-059, DD-061, DD-062): a hero with 3 MP enters the pit: 2 damage, MP 0; then
    only climb out, to an empty adjacent non-pit space."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 12, 6), bystander()], [mon("bone_warrior", 13, 6)],
             mp=3, actions_left=1)
    pick(g, "move:12,7")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.square == [12, 7] and brakka.damage == 2 and g.state.activation.mp == 0
    ids = set(opts(g)) - {"end"}  # ending the turn is not an action
    assert ids == {"climb:11,6", "climb:12,6", "climb:11,7", "climb:13,7", "climb:11,8", "climb:12,8",
                   "climb:13,8"}
    for refused in ("act:move", "fatigue", "attack:broadsword:13,6", "climb:13,6", "rest"):
        refuse(g, refused)
    pick(g, "climb:12,6")
    assert brakka.square == [12, 6] and brakka.damage == 2


def test_ddt_18_lava():
    """DDT-18 (DD-063, DD-064): a hero enters lava (1 damage) and ends his turn there: knocked
    out. A monster ending its activation in lava is removed."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 16, 6), bystander()], mp=1)
    pick(g, "move:17,6")
    assert g.state.hero("brakka_stonehide").damage == 1
    events = pick(g, "end")
    assert g.state.hero("brakka_stonehide").knocked_out
    assert of(events, "lava", "DD-064")
    m = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()], [mon("bone_warrior", 16, 5)])
    pick(m, "act:move")
    pick(m, "move:17,6")
    assert monster(m, "bone_warrior#1").damage == 1
    events = pick(m, "end")
    assert "bone_warrior#1" not in monster_ids(m)
    assert of(events, "lava", "DD-064")


def test_ddt_19_rest():
    """DDT-19 (DD-055): fatigue 2, Rest, then 2 fatigue MP: fatigue 0 at the end of the turn."""
    g = game("sister_elowen", [hero("sister_elowen", 2, 4, fatigue=2), bystander("brakka_stonehide")])
    pick(g, "rest")
    pick(g, "fatigue")
    pick(g, "fatigue")
    assert g.state.hero("sister_elowen").fatigue == 4
    pick(g, "end")
    assert g.state.hero("sister_elowen").fatigue == 0


def test_ddt_20_heroic_feat():
    """DDT-20 (DD-116): Battle Fury works once; a second use in the quest is not offered."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), hero("sister_elowen", 0, 6, activated=True)],
             [mon("bone_warden", 11, 4)], dice=["blue:3", "red:2", "red:2", "gray:1", "brown:1"])
    assert "fury:broadsword:11,4" in attacks(g)
    pick(g, "fury:broadsword:11,4")
    assert monster(g, "bone_warden").damage == 6  # 2 + 2 + 2 hearts, Pierce 2 against 0 shields
    assert g.state.hero("brakka_stonehide").feat_used
    assert not [o for o in opts(g) if o.startswith("fury:")]
    refuse(g, "fury:broadsword:11,4")
    script_used(g)
    pick(g, "end")
    settle(g, lambda d: d.kind == "hero_order")
    pick(g, "hero:brakka_stonehide")
    settle(g, turn_of(g, "brakka_stonehide"))
    assert g.state.round == 2 and "attack:broadsword:11,4" in opts(g)
    assert not [o for o in opts(g) if o.startswith("fury:")]


def test_ddt_21_monster_actions():
    """DDT-21 (DD-126, DD-127): Move + Attack and Attack + Move, not Attack + Attack; with
    Bloodlust, Attack + Attack."""
    move_attack = game("bone_warrior#1", [hero("brakka_stonehide", 12, 4), bystander()],
                       [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    pick(move_attack, "act:move")
    pick(move_attack, "move:11,4")
    pick(move_attack, "attack:bone_warrior:12,4")
    pick(move_attack, "pass", kind="shield")
    script_used(move_attack)
    attack_move = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()],
                       [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    pick(attack_move, "attack:bone_warrior:11,4")
    pick(attack_move, "pass", kind="shield")
    assert "attack:bone_warrior:11,4" not in opts(attack_move)
    refuse(attack_move, "attack:bone_warrior:11,4")
    pick(attack_move, "act:move")
    pick(attack_move, "move:9,4")
    script_used(attack_move)
    bloodlust = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4), bystander()],
                     [mon("bone_warrior", 10, 4)], overlord_hand=["bloodlust#1"],
                     dice=["blue:3", "red:2", "gray:1", "blue:3", "red:2", "gray:1"])
    pick(bloodlust, "card:bloodlust#1", kind="overlord_card")
    pick(bloodlust, "attack:bone_warrior:11,4")
    pick(bloodlust, "pass", kind="shield")
    pick(bloodlust, "attack:bone_warrior:11,4")
    pick(bloodlust, "pass", kind="shield")
    assert bloodlust.state.hero("brakka_stonehide").damage == 8
    script_used(bloodlust)


def test_ddt_22_overlord_draws():
    """DDT-22 (DD-120, DD-109): +1 card each overlord turn and +1 for each knock-out."""
    g = game("bone_warrior#1", [hero("sister_elowen", 11, 4, damage=10), bystander("brakka_stonehide", 0, 4)],
             [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    hand = lambda: g.view_for(1)["overlord_hand_count"]  # noqa: E731
    start = hand()
    pick(g, "attack:bone_warrior:11,4")
    assert hand() == start + 1  # the knock-out
    script_used(g)
    pick(g, "end")
    assert hand() == start + 1  # round 1's overlord turn had already drawn
    settle(g, lambda d: g.state.round == 3)
    assert hand() == start + 2


def test_ddt_23_quest_end():
    """DDT-23 (DD-137, DD-138, DD-139): the Warden falls in round 7: heroes win at once; alive at
    the end of round 10: overlord wins; every hero knocked out at once: overlord wins at once."""
    win = game("brakka_stonehide", [hero("brakka_stonehide", 10, 4), bystander()], [mon("bone_warden", 11, 4,
                                                                                        damage=6)],
               round=7, dice=["blue:3", "red:2", "gray:1", "brown:1"])
    pick(win, "attack:broadsword:11,4")
    assert win.outcome() is not None and win.outcome().winners == (1,) and win.state.round == 7
    assert win.pending() is None
    late = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("bone_warden", 18, 4)],
                round=10)
    pick(late, "end")
    settle(late, lambda d: False)
    assert late.outcome() is not None and late.outcome().winners == (0,) and late.state.end_rule == "DD-138"
    wiped = game("bone_warrior#1", [hero("brakka_stonehide", 11, 4, damage=13), knocked("sister_elowen", 0, 4)],
                 [mon("bone_warrior", 10, 4)], dice=["blue:3", "red:2", "gray:1"])
    pick(wiped, "attack:bone_warrior:11,4")
    pick(wiped, "pass", kind="shield")
    assert wiped.outcome() is not None and wiped.outcome().winners == (0,) and wiped.state.end_rule == "DD-139"
    assert wiped.pending() is None
    script_used(win)
    script_used(wiped)


def test_ddt_24_bare_hands():
    """DDT-24 (DD-081): only the blue die; only adjacent targets; distance 2 is refused."""
    g = game("vessarin_ashmark", [hero("vessarin_ashmark", 10, 4), bystander()],
             [mon("bone_warrior", 11, 4), mon("bone_warden", 12, 4)], dice=["blue:3", "gray:1"])
    bare = {o for o in opts(g) if o.startswith("attack:bare:")}
    assert bare == {"attack:bare:11,4"}
    refuse(g, "attack:bare:12,4")
    events = pick(g, "attack:bare:11,4")
    assert dice_rolled(events)[0] == ["blue"]
    assert monster(g, "bone_warrior#1").damage == 2
    script_used(g)


def test_ddt_25_wardens_reach():
    """DDT-25 (DD-099): the Warden on (18,4) reaches a hero on (16,4) over a free (17,4); a
    monster on (17,4) blocks the LoS, and so the Reach attack (DDG-43)."""
    free = game("bone_warden", [hero("brakka_stonehide", 16, 4), bystander()], [mon("bone_warden", 18, 4)])
    assert "attack:bone_warden:16,4" in attacks(free)
    blocked = game("bone_warden", [hero("brakka_stonehide", 16, 4), bystander()],
                   [mon("bone_warden", 18, 4), mon("bone_warrior", 17, 4)])
    assert "attack:bone_warden:16,4" not in attacks(blocked)
    refuse(blocked, "attack:bone_warden:16,4")


def test_ddt_26_doors_and_monsters():
    """DDT-26 (DD-075, DD-073): a monster next to the closed door has no door option, and its
    movement stops at the door."""
    g = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()], [mon("bone_warrior", 15, 4)])
    assert not [o for o in opts(g) if o.startswith("door:")]
    pick(g, "act:move")
    assert not [o for o in opts(g) if o.startswith("door:")]
    assert moves(g) and all(int(o[5:].split(",")[0]) >= 15 for o in moves(g))
    opened = game("bone_warrior#1", [hero("brakka_stonehide", 0, 4), bystander()], [mon("bone_warrior", 15, 4)],
                  open_doors=["vault_door"])
    pick(opened, "act:move")
    assert "move:14,4" in moves(opened)


def test_ddt_27_search():
    """DDT-27 (DD-068): the token is removed and one card gained; with Keen Eye two are drawn,
    one kept, the other shuffled back."""
    g = game("sister_elowen", [hero("sister_elowen", 8, 2), bystander("brakka_stonehide")],
             search_deck=["healing_draught#1"])
    pick(g, "search:7,1")
    assert [7, 1] not in g.state.search_tokens
    assert "healing_draught#1" in g.state.hero("sister_elowen").items
    assert len(g.state.search_deck) == 11
    k = game("tamsin_reedfoot", [hero("tamsin_reedfoot", 8, 2), bystander()],
             search_deck=["healing_draught#1", "vigor_tonic#1"])
    pick(k, "search:7,1")
    d = pending(k)
    assert d.kind == "keen_eye" and set(d.option_ids) == {"keep:healing_draught#1", "keep:vigor_tonic#1"}
    pick(k, "keep:vigor_tonic#1")
    tamsin = k.state.hero("tamsin_reedfoot")
    assert "vigor_tonic#1" in tamsin.items and "healing_draught#1" not in tamsin.items
    assert len(k.state.search_deck) == 11 and "healing_draught#1" in k.state.search_deck
    assert [7, 1] not in k.state.search_tokens


def test_ddt_28_stunned():
    """DDT-28 (DD-134): a Stunned hero is offered one action; then the condition is discarded."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, conditions=["stunned"]), bystander()],
             stage="start")
    assert g.state.activation.actions_left == 1
    pick(g, "act:move")
    assert "act:move" not in opts(g) and "rest" not in opts(g)
    pick(g, "end")
    assert g.state.hero("brakka_stonehide").conditions == []


@pytest.mark.parametrize("gray, black, passed", [("gray:2", "black:2", False), ("gray:1", "black:1", True)])
def test_ddt_29_poisoned(gray, black, passed):
    """DDT-29 (DD-133): Elowen (Might 2) fails: 1 damage and Poisoned stays; passes: discarded."""
    g = game("sister_elowen", [hero("sister_elowen", 2, 4, conditions=["poisoned"], feat_used=True),
                               bystander("brakka_stonehide")], stage="start", dice=[gray, black])
    elowen = g.state.hero("sister_elowen")
    if passed:
        assert elowen.damage == 0 and elowen.conditions == []
    else:
        assert elowen.damage == 1 and elowen.conditions == ["poisoned"]
    assert pending(g).kind == "action"
    script_used(g)


def test_ddt_30_immobilized():
    """DDT-30 (DD-135): no Move action and no fatigue MP; discarded at the end of the turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4, conditions=["immobilized"]), bystander()],
             stage="start")
    assert "act:move" not in opts(g) and "fatigue" not in opts(g)
    assert any(b.option_id == "act:move" for b in pending(g).blocked)
    refuse(g, "act:move")
    refuse(g, "fatigue")
    pick(g, "end")
    assert g.state.hero("brakka_stonehide").conditions == []


def test_ddt_30_immobilized_by_snare_wire():
    """DDT-30 (DD-135, DD-146): failing Snare Wire's Awareness test mid-move loses the MP; no Move
    action or fatigue MP for the rest of this turn nor in the following turn; discarded at the
    end of that following turn."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=["snare_wire#1"],
             dice=["gray:6", "black:6"])
    pick(g, "act:move")
    pick(g, "move:5,4")
    pick(g, "card:snare_wire#1", kind="overlord_card")
    assert g.state.activation.mp == 0
    assert not moves(g) and "act:move" not in opts(g) and "fatigue" not in opts(g)
    script_used(g)
    pick(g, "end")
    assert "immobilized" in g.state.hero("brakka_stonehide").conditions, \
        "Immobilized was discarded at the end of the turn it was gained in"
    settle(g, lambda d: d.kind == "hero_order")
    pick(g, "hero:brakka_stonehide")
    settle(g, turn_of(g, "brakka_stonehide"))
    assert "act:move" not in opts(g) and "fatigue" not in opts(g)
    pick(g, "end")
    assert "immobilized" not in g.state.hero("brakka_stonehide").conditions


def test_ddt_31_empty_overlord_deck():
    """DDT-31 (DD-143): deck empty and 1 card discarded: the step-2 draw reshuffles it and draws
    it. Deck and discard both empty: the step-2 draw and a knock-out draw are skipped."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], stage="start",
             overlord_hand=list(HAND_ALL), dice=["gray:1", "black:1"])
    pick(g, "card:crumbling_ceiling", kind="overlord_card")
    pick(g, "pass", kind="overlord_card")
    assert g.state.overlord_deck == [] and g.state.overlord_discard == ["crumbling_ceiling"]
    events = pick(g, "end")
    assert of(events, "reshuffle", "DD-143")
    assert "crumbling_ceiling" in g.state.overlord_hand and len(g.state.overlord_hand) == 15
    script_used(g)

    empty = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], overlord_hand=list(HAND_ALL))
    events = pick(empty, "end")
    assert of(events, "draw", "DD-143") and not of(events, "draw", "DD-120")
    assert len(empty.state.overlord_hand) == 15

    ko = game("bone_warrior#1", [hero("sister_elowen", 11, 4, damage=10), bystander("brakka_stonehide")],
              [mon("bone_warrior", 10, 4)], overlord_hand=list(HAND_ALL), dice=["blue:3", "red:2", "gray:1"])
    pick(ko, "pass", kind="overlord_card")  # no Scurry or Bloodlust
    pick(ko, "attack:bone_warrior:11,4")
    events = pick(ko, "pass", kind="overlord_card")  # no Vicious Blow; Elowen has no shield
    assert ko.state.hero("sister_elowen").knocked_out
    assert of(events, "draw", "DD-143") and not of(events, "draw", "DD-109")
    assert len(ko.state.overlord_hand) == 15 and ko.state.overlord_deck == []
    script_used(ko)


def test_ddt_32_knocked_out_during_his_own_turn():
    """DDT-32 (DD-144, DD-145): with 1 Health, 3 MP and an action left, Brakka enters lava: knocked
    out at once, MP lost, nothing more offered, card flipped; next turn only Stand Up."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 16, 6, damage=13,
                                       items=["broadsword", "round_shield", "healing_draught#1"]),
                                  hero("sister_elowen", 0, 6, feat_used=True)], mp=3, actions_left=1)
    assert "use:healing_draught#1:brakka_stonehide" in opts(g)
    events = pick(g, "move:17,6")
    brakka = g.state.hero("brakka_stonehide")
    assert brakka.knocked_out and of(events, "knocked_out", "DD-109")
    assert g.state.activation is None or acting(g) != "brakka_stonehide"  # nothing more for Brakka
    # The round goes on with the hero who has not acted yet.
    assert g.state.round == 1 and acting(g) == "sister_elowen", \
        f"after Brakka's knock-out the game is in round {g.state.round}, acting: {acting(g)}"
    assert brakka.activated
    assert "healing_draught#1" in brakka.items
    pick(g, "end")
    settle(g, lambda d: d.kind == "hero_order")
    pick(g, "hero:brakka_stonehide")
    assert opts(g) == ("standup",)


def test_ddt_33_reinforcement_placement():
    """DDT-33 (DD-140, DD-147): (14,1) is occupied: the minion goes one step away, to (13,1),
    (14,2) or (13,2); with all three occupied, two steps away."""
    def reinforce(blockers: list[tuple[int, int]]) -> list[int]:
        g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()],
                 [mon("bone_warrior", *b) for b in blockers])
        pick(g, "end")
        _, log = settle(g, lambda d: g.state.round == 2)
        arrived = of(log, "reinforce", "DD-140")
        assert len(arrived) == 1
        return list(arrived[0].data["square"])

    assert reinforce([(14, 1)]) in ([13, 1], [14, 2], [13, 2])
    assert reinforce([(14, 1), (13, 1), (14, 2), (13, 2)]) in ([12, 1], [12, 2], [12, 3], [13, 3], [14, 3])


def test_ddt_33_the_overlord_chooses_among_the_nearest_squares():
    """DDT-33 (DD-147): the new minion's square among the three tied nearest squares is
    "chosen by the overlord": he is asked."""
    g = game("brakka_stonehide", [hero("brakka_stonehide", 2, 4), bystander()], [mon("bone_warrior", 14, 1)])
    pick(g, "end")
    while g.pending() is not None and g.state.round == 1:
        d = pending(g)
        targets = {o.target[1]: o.id for o in d.options if o.target and o.target[0] == "square"}
        if d.seat == 0 and d.kind != "action" and {"13,1", "14,2", "13,2"} <= set(targets):
            assert set(targets) == {"13,1", "14,2", "13,2"}
            events = g.choose(0, targets["14,2"])
            assert [e.data["square"] for e in of(events, "reinforce", "DD-140")] == [[14, 2]]
            return
        g.choose(d.seat, default_choice(d))
    pytest.fail("the reinforcement square was chosen without asking the overlord")


# ==============================================================================================
# DD-141 and section 7: whole random games
# ==============================================================================================

ROUND_LIMIT = SYS.data.round_limit("wardens_vault")
PARTIES = [("brakka_stonehide,sister_elowen", 2), ("vessarin_ashmark,tamsin_reedfoot", 3),
           ("brakka_stonehide,sister_elowen,vessarin_ashmark", 2),
           ("brakka_stonehide,sister_elowen,vessarin_ashmark,tamsin_reedfoot", 3),
           ("brakka_stonehide,sister_elowen,vessarin_ashmark,tamsin_reedfoot", 5)]


def random_choice(d: Decision, rng: random.Random) -> str:
    ids = d.option_ids
    others = [o for o in ids if o != "end"]
    if "end" in ids and others and rng.random() < 0.85:
        return rng.choice(others)
    if "end" in ids and rng.random() < 0.5:
        return "end"
    return rng.choice(ids)


@pytest.mark.parametrize("seed", range(30))
def test_dd_141_section_7_random_games_finish_replay_and_hide_the_hand(seed):
    """DD-141 / section 7: a whole game of random legal choices (biased away from "end") ends
    with an outcome within the round limit; replaying the choices from the same seed gives the
    same state_hash at every step; the heroes' view never shows the overlord's hand."""
    heroes, seats = PARTIES[seed % len(PARTIES)]
    g = Game.new(SYS, seed, seats, {"heroes": heroes})
    rng = random.Random(1000 + seed)
    choices: list[tuple[int, str]] = []
    hashes: list[str] = []
    for _ in range(20_000):
        if g.outcome() is not None:
            break
        d = g.pending()
        assert d is not None
        for seat in range(1, seats):
            view = g.view_for(seat)
            assert view["overlord_hand"] is None
            assert view["overlord_hand_count"] == len(g.state.overlord_hand)
            text = json.dumps(view)
            for card in g.state.overlord_hand:
                assert f'"{card}"' not in text, f"seat {seat} sees {card}"
        assert g.view_for(0)["overlord_hand"] == g.state.overlord_hand
        option = random_choice(d, rng)
        g.choose(d.seat, option)
        choices.append((d.seat, option))
        hashes.append(g.state_hash())
        assert g.state.round <= ROUND_LIMIT
    outcome = g.outcome()
    assert outcome is not None, "the game did not finish"
    assert 1 <= g.state.round <= ROUND_LIMIT
    assert outcome.winners in ((0,), tuple(range(1, seats)))

    replay = Game.new(SYS, seed, seats, {"heroes": heroes})
    for (seat, option), expected in zip(choices, hashes):
        replay.choose(seat, option)
        assert replay.state_hash() == expected
    assert replay.outcome() == outcome
