"""The overlord's monster decisions in the normal Dungeon Delve AI.

Where a monster would like to stand (:func:`monster_pos`: its approach to the heroes
against its exposure to their next turn, never lava or a pit, the Warden kept safe, the
Bone Warriors holding the Vault doorway), the best attack from a square, the plans for the
rest of an activation (:func:`plan_monster`) and its first step (:func:`monster_action`),
and the order of groups and of monsters within a group.
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.board import dist_to, neighbours
from game.rulesets.dungeon_delve.ai.common import (content, data, KO_VALUE, Plan, Square, cheb, first_step,
                                                   parse_sq, sq, sq_id)
from game.rulesets.dungeon_delve.ai.estimates import attack_eval, combine_kill, surges_of
from game.rulesets.dungeon_delve.ai.world import ActivationOrNone, World, needs_sight
from game.rulesets.dungeon_delve.view_types import MonsterView


def monster_pos(w: World, m: MonsterView, q: Square, path_damage: int = 0) -> float:
    is_boss, ranged, hp, exposure_weight, bone_warrior, inside, lair_line = _stance(w, m)
    terrain = w.terrain.get(q)
    pen = 0.0
    if terrain == "lava" or path_damage >= hp:
        pen += 1000.0 if is_boss else 200.0
    elif terrain == "pit":
        pen += 4.0
    pen += (4.0 if is_boss else 1.5) * path_damage
    expo = w.exposure(m, q)
    if is_boss:
        pen += w.warden.exposure_weight * min(expo, hp + 2) + 15.0 * min(1.0, max(0.0, (expo - hp + 3) / 5))
    else:
        pen += exposure_weight * min(expo, hp + 2)
    if is_boss:
        approach = w.warden.keep_away * w.nearest_hero_dist(q, w.walls_for_warden) if w.warden.keep_away else 0.0
    elif ranged:
        approach = -0.2 * abs(w.nearest_hero_dist(q) - 3)
    elif bone_warrior:
        assert w.boss is not None
        # Bone Warriors: hold the Vault just inside the doorway until a hero is inside (they
        # still strike whatever comes within reach), then fight, staying within 2 of the Warden.
        if inside:
            approach = -0.25 * w.nearest_hero_dist(q)
        else:  # hold the line just inside the doorway, so heroes must come in a few at a time
            approach = -0.3 * lair_line.get(q, 10)
        pen += 0.5 * max(0, cheb(q, sq(w.boss["square"])) - 2)
    else:
        approach = -0.25 * w.nearest_hero_dist(q)
    return approach - pen


def _stance(w: World, m: MonsterView) -> tuple[bool, bool, int, float, bool, bool, dict[Square, int]]:
    """What :func:`monster_pos` weighs for ``m`` whatever the square, worked out once per monster
    and decision (it is asked for every square the monster can reach): whether it is the boss,
    ranged, its health left, the weight of its exposure, whether it is one of the boss's Bone
    Warriors, whether a hero is inside the boss's room, and the distances to the line they hold."""
    key = ("stance", m["id"])
    found = w._cache.get(key)
    if found is None:
        kind = m["kind"]
        is_boss = kind == w.boss_kind
        ranged = data().monster_weapon(kind).ranged
        bone_warrior = not is_boss and w.boss is not None and m.get("group") == w.boss.get("group")
        inside, lair_line = False, {}
        if bone_warrior and not ranged:
            lair = boss_area(w)
            inside = lair is not None and any(lair.contains(sq(h["square"])) for h in w.standing())
            if not inside:
                lair_line = dist_to(w.quest, w.walls_open, holding_line(w), 2)
        found = (is_boss, ranged, w.hp_left(m["id"]),
                 0.45 if m["master"] else 0.3, bone_warrior, inside, lair_line)
        w._cache[key] = found
    return found


def holding_line(w: World) -> frozenset[Square]:
    """The squares of the Warden's room next to the doorway (or the doorway itself)."""
    lair = boss_area(w)
    doorway = set(w.door_squares)
    if lair is None:
        return frozenset(doorway)
    inner = {n for s in doorway for n in neighbours(w.quest, w.walls_open, s)
             if lair.contains(n) and n not in doorway and w.terrain.get(n) == "floor"}
    return frozenset(inner or doorway)


def boss_area(w: World) -> Any:
    if w.boss is None:
        return None
    return data().quest(w.quest).area_of(sq(w.boss["square"]))


def monster_attack_value(w: World, m: MonsterView, q: Square, attacks: int) -> tuple[float, str, float]:
    """The best attack from ``q``: (value, target square id, ko chance)."""
    weapon = data().monster_weapon(m["kind"])
    srg = surges_of(weapon)
    best = (-1.0, "", 0.0)
    for h, t, dfn, hp, bonus, extra in target_facts(w, weapon.ranged):
        need = w.can_strike(weapon, q, t)
        if need is None:
            continue
        exp, ko, dist = attack_eval(weapon.dice, dfn, srg, weapon.pierce, need, 0, hp, bonus)
        if attacks >= 2:
            exp, ko = combine_kill(dist, dist)
        val = exp + KO_VALUE * ko + extra
        if val > best[0]:
            best = (val, sq_id(t), ko)
    return best


def target_facts(w: World, ranged: bool) -> list[tuple[dict[str, Any], Square, tuple[str, ...], int, int, float]]:
    key = ("targets", ranged)
    found = w._cache.get(key)
    if found is None:
        found = []
        for h in w.standing():
            if ranged and any(str(e).startswith("untargetable_ranged") for e in h.get("effects", [])):
                continue
            dfn = w.hero_defense(h)
            skill = data().skill(h["id"])
            healer = skill is not None and any(e.verb == "recover" for e in skill.effects)
            # ties: the lowest defense, then a healer (section 6)
            extra = -0.05 * len(dfn) + (0.2 if healer else 0.0)
            found.append((h, sq(h["square"]), dfn, max(1, w.hp_left(h["id"])), 1 if w.shield_ready(h) else 0,
                          extra))
        w._cache[key] = found
    return found


def plan_monster(w: World, mid: str, extra_moves: int | None = None) -> list[Plan]:
    """Every sensible plan for the rest of this monster's activation, best first."""
    m = w.monster[mid]
    act: ActivationOrNone = w.act or {}
    mine = act.get("figure") == mid
    here = sq(m["square"])
    speed = content().monsters[m["kind"]].speed
    actions = int(act.get("actions_left", 2)) if mine else (1 if "stunned" in m.get("conditions", []) else 2)
    mp = int(act.get("mp", 0)) if mine else 0
    extra = int(act.get("extra_moves", 0) or 0) if mine else 0
    if extra_moves is not None:
        extra = extra_moves
    held = bool(act.get("held", act.get("immobilized"))) if mine else "immobilized" in m.get("conditions", [])
    attacks_left = (int(act.get("attacks_allowed", 1)) - int(act.get("attacks_made", 0))) if mine else 1
    weapon = data().monster_weapon(m["kind"])
    moves = actions + extra  # Move actions still possible (Scurry's extra one included)
    reach: dict[Square, tuple[int, int]] = {here: (0, 0)}
    if not held:
        mr = w.monster_range(m, mp + moves * speed)
        for q in mr.ends:
            reach[q] = (mr.costs[q], mr.damage(q))
    plans: list[Plan] = []
    pos_cache: dict[Square, float] = {}

    def pos(q: Square) -> float:
        if q not in pos_cache:
            pos_cache[q] = monster_pos(w, m, q, reach.get(q, (0, 0))[1])
        return pos_cache[q]

    here_pos = pos(here)
    plans.append(Plan(here_pos, "end", "end"))
    retreat = None
    for q, (cost, dmg) in reach.items():
        k = 0 if cost <= mp else -(-(cost - mp) // speed)
        if k > moves:
            continue
        if q != here:
            plans.append(Plan(pos(q), first_step(here, q, cost, mp, k, "end"), f"move {sq_id(q)}"))
        # The engine spends a normal action on a Move before Scurry's extra one, so an
        # attack after k Move actions needs k < actions.
        left = actions - k
        if left >= 1 and attacks_left >= 1:
            n = min(attacks_left, left)
            val, target, ko = monster_attack_value(w, m, q, n)
            if not target:
                continue
            after = pos(q)
            if q == here and (left - n) + extra >= 1 and not held:
                if retreat is None:
                    mr2 = w.monster_range(m, mp + speed)
                    retreat = max([here_pos] + [monster_pos(w, m, s, mr2.damage(s)) for s in mr2.ends])
                after = max(after, retreat)
            option = f"attack:{weapon.id}:{target}"
            plans.append(Plan(val + after, first_step(here, q, cost, mp, k, option), f"attack {target} from {sq_id(q)}",
                              ko, target, q, parse_sq(target)))
    plans.sort(key=lambda p: -p.score)
    return plans


def monster_action(w: World, decision: Decision) -> str:
    act: ActivationOrNone = w.act or {}
    mid = str(act.get("figure"))  # "None" is no monster
    ids = decision.option_ids
    if mid not in w.monster:
        return "end" if "end" in ids else ids[0]
    m = w.monster[mid]
    climbs = [o for o in ids if o.startswith("climb:")]
    if climbs:
        return max(climbs, key=lambda o: (monster_pos(w, m, parse_sq(o[6:])), o))
    valid = set(ids)
    checked: dict[tuple[Square, Square], bool] = {}
    for plan in plan_monster(w, mid):
        if plan.step in valid:
            if plan.at is not None and plan.aim is not None and plan.at != sq(m["square"]):
                key = (plan.at, plan.aim)
                if key not in checked:
                    checked[key] = not needs_sight(w, plan.at, plan.aim) or w.exact_los(plan.at, plan.aim, mid)
                if not checked[key]:
                    continue
            return plan.step
    return "end" if "end" in valid else ids[0]


def best_attack_soon(w: World, m: MonsterView) -> float:
    """The best attack value the monster could get this activation (Move + Attack)."""
    here = sq(m["square"])
    speed = content().monsters[m["kind"]].speed
    immobile = "immobilized" in m.get("conditions", [])
    squares = [here] + ([] if immobile or "stunned" in m.get("conditions", []) else
                        sorted(w.monster_range(m, speed).ends))
    best = -99.0
    for q in squares:
        if w.terrain.get(q) in ("lava", "pit"):
            continue
        val, target, _ = monster_attack_value(w, m, q, 1)
        if target and val > best:
            best = val
    return best


def group_order(w: World, decision: Decision) -> str:
    """DD-121: the Goblins (ranged) first, then the Bone Warriors."""
    def rank(option: str) -> tuple[int, str]:
        group = option.split(":", 1)[1]
        members = [m for m in w.monsters if m.get("group") == group]
        ranged = any(data().monster_weapon(m["kind"]).ranged for m in members)
        return (0 if ranged else 1, option)

    return min(decision.option_ids, key=rank)


def monster_order(w: World, decision: Decision) -> str:
    """DD-125: the monster with the best attack first; the Warden after its minions."""
    best = None
    for index, opt in enumerate(decision.options):
        mid = opt.id.split(":", 1)[1]
        if mid not in w.monster:
            continue
        attack = best_attack_soon(w, w.monster[mid])
        is_boss = w.monster[mid]["kind"] == w.boss_kind
        key = (attack > -99.0, not is_boss, attack, -index)
        if best is None or key > best[0]:
            best = (key, opt.id)
    return best[1] if best else decision.option_ids[0]
