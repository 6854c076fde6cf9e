"""The hero's turn planner of the normal Dungeon Delve AI.

:func:`plan_hero` lists every sensible way to finish the current hero's turn, best first:
each reachable end square (with the Move actions and fatigue it needs) combined with what
can be done there (attack each monster with each weapon, skill or feat, rest, search, open
the door, revive, mend, the Cinder Storm, or nothing), each scored by damage, kill chance,
danger in the next overlord turn and progress toward the objective. The hero decisions
answer the first step of the best plan.
"""

from __future__ import annotations

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.board import is_adjacent, neighbours
from game.rulesets.dungeon_delve.ai.common import (DANGER_WEIGHT, data, FATIGUE_MP_COST, hand_reach, KILL_WEIGHT,
                                                   REVIVE_VALUE, SKILL_FATIGUE_COST, WIN_VALUE, Plan, Square, cheb,
                                                   first_step, parse_sq, sq, sq_id, weapon_fits)
from game.rulesets.dungeon_delve.ai.estimates import attack_eval, combine_kill, surges_of
from game.rulesets.dungeon_delve.ai.items import search_value
from game.rulesets.dungeon_delve.ai.world import World
from game.rulesets.dungeon_delve.rulesdata import Weapon
from game.rulesets.dungeon_delve.view_types import DDView, HeroView


REVIVE_FLOOR, REVIVE_CAP = 2.0, 10.0  # the range of an ally's turn's worth (revive_value)
SEARCH_DETOUR = 2  # the most steps a search may take the hero away from the objective
SEARCH_DANGER = 3.0  # no search where the next overlord turn threatens this much damage


def attack_kinds(w: World, hero: HeroView, weapon: Weapon, fatigue_room: int
                 ) -> list[tuple[str, tuple[str, ...], int, int, float]]:
    """(option prefix, dice, pierce, fatigue cost, reserve cost) of each way to attack with ``weapon``."""
    hid = hero["id"]
    out = [("attack", tuple(weapon.dice), weapon.pierce, 0, 0.0)]
    if weapon.id == "bare":
        return out
    skill = data().skill(hid)
    if skill is not None and skill.use == "action" and skill.fatigue <= fatigue_room:
        spec = next((e for e in skill.effects if e.verb == "attack"), None)
        if spec is not None and weapon_fits(weapon, spec):
            out.append((f"skill:{skill.id}", tuple(weapon.dice) + tuple(spec.get("add_dice", []) or ()),
                        weapon.pierce + int(spec.get("pierce", 0) or 0), skill.fatigue, 0.0))
    feat = data().feat(hid)
    if not hero["feat_used"] and feat.when == "action":
        spec = next((e for e in feat.effects if e.verb == "attack"), None)
        if spec is not None and weapon_fits(weapon, spec):
            out.append(("fury", tuple(weapon.dice) + tuple(spec.get("add_dice", []) or ()),
                        weapon.pierce + int(spec.get("pierce", 0) or 0), 0, -1.0))
    return out


def feat_reserve(w: World, useful: bool) -> float:
    """What keeping the once-per-quest feat is worth (section 6: use it on the Warden, to
    save a hero, or from round 7 on)."""
    if w.round >= 7:
        return 0.3
    return 1.0 if useful else 5.0


def plan_hero(w: World, hid: str, actions: int, mp: int, *, moved: bool = False, rested: bool = False,
              immobilized: bool = False, slip: bool = False, decision: Decision | None = None,
              bonus_mp: int = 0, attacks_only: bool = False) -> list[Plan]:
    """Every sensible plan for the rest of this hero's turn, best first; with ``attacks_only``
    only those that attack (the order of the heroes asks each hero's best kill chance, and the
    turn's other plans, a revive's worth above all, cost more to weigh than its attacks)."""
    hero = w.hero[hid]
    here = sq(hero["square"])
    speed = int(hero["speed"])
    stamina = int(hero["stamina"])
    fatigue = int(hero["fatigue"])
    room = max(0, stamina - fatigue)
    hp = w.hp_left(hid)
    mp = mp + bonus_mp
    danger_total, danger_per = w.danger(hid)
    here_danger = danger_total.get(here, 0.0)
    escaping = here_danger >= hp - 1
    wobj = w.objective_weight()
    skill = data().skill(hid)
    keep_room = 1 if skill is not None and skill.use == "action" else 0  # a Stamina point kept for the skill
    if immobilized:
        budget = 0
        mr = None
        reach: dict[Square, tuple[int, int]] = {here: (0, 0)}
    else:
        budget = mp + actions * speed + room
        mr = w.hero_range(hero, budget, slip)
        reach = {here: (0, 0)}
        for q in mr.ends:
            reach[q] = (mr.costs[q], mr.damage(q))
    # Moves and fatigue each end square needs: the fewest Move actions, then fatigue.
    needs: dict[Square, list[tuple[int, int]]] = {}
    for q, (cost, _) in reach.items():
        opts = []
        for k in range(0, actions + 1):
            f = max(0, cost - mp - k * speed)
            if f <= room and (k == 0 or cost > mp + (k - 1) * speed):
                opts.append((k, f))
                if f == 0:
                    break
        if opts:
            needs[q] = opts
    pos_cache: dict[tuple[Square, bool], float] = {}

    def pos(q: Square, open_after: bool = False, minus: float = 0.0) -> float:
        key = (q, open_after)
        base = pos_cache.get(key)
        if base is None:
            if open_after:
                dt, _ = w.danger(hid, w.walls_open)
            else:
                dt = danger_total
            dng = dt.get(q, 0.0)
            terrain = w.terrain.get(q)
            pen = 200.0 if terrain == "lava" else 6.0 if terrain == "pit" else 0.0
            pen += 1.5 * reach.get(q, (0, 0))[1]
            prog = w.progress(hid, q, w.door_open or open_after)
            base = -wobj * prog - DANGER_WEIGHT * dng - ko_risk(dng, hp) - pen
            pos_cache[key] = base
        if minus:
            # a killed monster no longer threatens: give back part of the danger
            dng = (w.danger(hid, w.walls_open)[0] if open_after else danger_total).get(q, 0.0)
            new = max(0.0, dng - minus)
            base += DANGER_WEIGHT * (dng - new) + ko_risk(dng, hp) - ko_risk(new, hp)
        return base

    plans: list[Plan] = []
    here_pos = pos(here)

    def fatigue_cost(f: int, kill: float = 0.0, revive: bool = False, rest: bool = False) -> float | None:
        if f == 0:
            return 0.0
        if rest or rested:  # a Rest this turn clears the fatigue at the end of it (DD-055)
            return 0.05 * f
        if kill >= 0.4 or revive or escaping:
            extra = 0.3 if fatigue + f > stamina - keep_room else 0.0
            return FATIGUE_MP_COST * f + extra
        return None

    weapons = w.hero_weapons(hero)
    monsters = list(w.monsters)
    # One-action plans (search, revive) that leave an action: scored once the attacks are known.
    singles: list[tuple[Square, int, int, str, str, float]] = []
    one_attack: dict[Square, float] = {}  # the best single attack from each end square
    if not attacks_only:
        # End the turn (or stay) here.
        plans.append(Plan(here_pos, "end", "end"))
        # Rest (needs an action): fatigue clears at the end of the turn, fatigue MP included.
        rest_ok = not rested
        brakka_heal = 0.0
        for e in data().ability_effects(hid, "rest"):
            if e.verb == "recover":
                brakka_heal = 0.8 * min(int(e.get("amount", 0)), int(hero["damage"]))
        search_worth = search_value(w, hid) if w.tokens else 0.0
        here_progress = w.progress(hid, here, w.door_open) if w.tokens else 0.0
        # Move-only and move + rest / search / door / revive plans.
        for q, opts in needs.items():
            for k, f in opts:
                left = actions - k
                cost = reach[q][0]
                if q != here:
                    fc = fatigue_cost(f)
                    if fc is not None:
                        val = pos(q) - fc
                        plans.append(Plan(val, first_step(here, q, cost, mp, k, "end"), f"move {sq_id(q)}"))
                if left >= 1:
                    if rest_ok and (fatigue + f > 0 or brakka_heal > 0):
                        fc = fatigue_cost(f, rest=True) or 0.0  # a Rest always has a cost (never None)
                        gain = 0.45 * fatigue + brakka_heal
                        if fatigue >= stamina - 1:
                            gain += 0.6
                        plans.append(Plan(pos(q) - fc + gain, first_step(here, q, cost, mp, k, "rest"),
                                          f"rest at {sq_id(q)}"))
                    for t in w.tokens:
                        if t == q or is_adjacent(w.quest, w.walls, q, t):
                            fc = fatigue_cost(f)
                            dng = danger_total.get(q, 0.0)
                            # not where the next overlord turn would likely knock him out, and
                            # only on his way or a short detour from it (he has to come back)
                            if fc is None or dng >= SEARCH_DANGER or \
                                    w.progress(hid, q, w.door_open) > here_progress + SEARCH_DETOUR:
                                continue
                            singles.append((q, k, left, f"search:{sq_id(t)}", f"search {sq_id(t)}",
                                            pos(q) - fc + search_worth))
                    if not w.door_open:
                        for door in sorted(w.board.doors_touching(q)):
                            if door in w.open_doors:
                                continue
                            fc = fatigue_cost(f)
                            if fc is None:
                                continue
                            near = sum(1 for h in w.standing()
                                       if min(cheb(sq(h["square"]), s) for s in w.door_squares) <= 3
                                       or h["id"] == hid)
                            # The quest cannot be won behind a closed door: open it once the party
                            # is gathered (>= 2 heroes within 3 spaces), or when time runs short.
                            gathered = near >= 2 or w.round >= 5
                            bonus = 3.0 + 0.3 * w.round if gathered else -1.0
                            plans.append(Plan(pos(q, True) - fc + bonus,
                                              first_step(here, q, cost, mp, k, f"door:{door}"), f"open {door}"))
                    for other in w.heroes:
                        if other["knocked_out"] and other["id"] != hid:
                            t = sq(other["square"])
                            if t == q or is_adjacent(w.quest, w.walls, q, t):
                                fc = fatigue_cost(f, revive=True)
                                if fc is None:
                                    continue
                                singles.append((q, k, left, f"revive:{other['id']}", f"revive {other['id']}",
                                                pos(q) - fc + revive_value(w, hid, other)))
                    if skill is not None and skill.use == "action" and skill.fatigue <= room - f and \
                            any(e.verb == "recover" for e in skill.effects):
                        for other in w.heroes:
                            t = sq(other["square"])
                            if other["damage"] <= 0 or not (other["id"] == hid or t == q or
                                                            is_adjacent(w.quest, w.walls, q, t)):
                                continue
                            if other["knocked_out"]:
                                val = revive_value(w, hid, other) - 1.0
                            else:
                                dmg = int(other["damage"])
                                val = 0.8 * min(2.17, dmg) * (1 + 2 * dmg / int(other["health"]))
                            fc = fatigue_cost(f, revive=other["knocked_out"])
                            if fc is None:
                                continue
                            val -= SKILL_FATIGUE_COST * skill.fatigue
                            option = f"skill:{skill.id}:{other['id']}"
                            if other["knocked_out"]:
                                singles.append((q, k, left, option, f"mend {other['id']}", pos(q) - fc + val))
                            else:
                                plans.append(Plan(pos(q) - fc + val, first_step(here, q, cost, mp, k, option),
                                                  f"mend {other['id']}"))
    # Attack plans. What each weapon can strike from an end square, and how well, does not
    # depend on the Move actions and fatigue that reach it: worked out once a square.
    targets = [(m, sq(m["square"]), max(1, w.hp_left(m["id"])), w.monster_defense(m), w.monster_value(m),
                m["kind"] == w.boss_kind, danger_per.get(m["id"], {})) for m in monsters]
    reach_of = [(weapon, hand_reach(weapon)) for weapon in weapons]
    kinds_for: dict[tuple[str, int], list[tuple[str, tuple[str, ...], int, int, float]]] = {}
    for q, opts in needs.items():
        if all(actions - k < 1 for k, _ in opts):
            continue
        strikes = []
        for m, t, m_hp, dfn, value, is_boss, threats in targets:
            near = cheb(q, t)
            for weapon, limit in reach_of:
                if limit is not None and near > limit:
                    continue  # out of a hand weapon's reach, whatever the walls
                need = w.can_strike(weapon, q, t)
                if need is None:
                    continue
                rb = data().range_bonus(hid) if weapon.ranged else 0
                srg = surges_of(weapon)
                plain = attack_eval(weapon.dice, dfn, srg, weapon.pierce, need, rb, m_hp)
                strikes.append((m, t, m_hp, dfn, value, is_boss, threats.get(q, 0.0), weapon, need, rb, srg, plain))
        if not strikes:
            continue
        cost = reach[q][0]
        for k, f in opts:
            left = actions - k
            if left < 1:
                continue
            for m, t, m_hp, dfn, value, is_boss, threat, weapon, need, rb, srg, plain in strikes:
                kinds = kinds_for.get((weapon.id, room - f))
                if kinds is None:
                    kinds = kinds_for[(weapon.id, room - f)] = attack_kinds(w, hero, weapon, room - f)
                for prefix, dice, pierce, fat, reserve in kinds:
                    if prefix == "attack":
                        res = plain
                    else:
                        res = attack_eval(dice, dfn, srg, pierce, need, rb, m_hp)
                    exp, kill, dist = res
                    if left >= 2:
                        exp, kill = combine_kill(dist, plain[2])
                    fc = fatigue_cost(f, kill=kill)
                    if fc is None:
                        continue
                    score = exp * (1.5 if is_boss else 1.0) + KILL_WEIGHT * kill * value
                    if is_boss:
                        score += WIN_VALUE * kill
                    if fat:
                        score -= SKILL_FATIGUE_COST * fat
                        if fatigue + f + fat > stamina - 1:
                            score -= 0.2
                    if reserve < 0:  # the heroic feat
                        score -= feat_reserve(w, is_boss or kill >= 0.5)
                    if left >= 2 and f == 0:
                        # one of the two actions: what it adds beside a search there
                        one = res[0] * (1.5 if is_boss else 1.0) + KILL_WEIGHT * res[1] * value + \
                            (WIN_VALUE * res[1] if is_boss else 0.0) - SKILL_FATIGUE_COST * fat + \
                            (-feat_reserve(w, is_boss or res[1] >= 0.5) if reserve < 0 else 0.0)
                        if one > one_attack.get(q, 0.0):
                            one_attack[q] = one
                    score += pos(q, minus=kill * threat) - fc
                    option = f"{prefix}:{weapon.id}:{sq_id(t)}"
                    plans.append(Plan(score, first_step(here, q, cost, mp, k, option),
                                      f"{prefix} {m['id']} from {sq_id(q)}", kill, m["id"], q, t))
    # Search or revive (one action) with what the other action left can do there: an attack
    # from the same square, or a Move action on toward the objective.
    for q, k, left, option, what, val in singles:
        extra = 0.0
        if left >= 2:
            onward = 0.0 if immobilized else wobj * min(speed, w.progress(hid, q, w.door_open))
            extra = max(one_attack.get(q, 0.0), onward)
        plans.append(Plan(val + extra, first_step(here, q, reach[q][0], mp, k, option), what))
    # Cinder Storm: only offered from where the hero stands.
    if decision is not None and actions >= 1 and not attacks_only:
        for opt in decision.options:
            if opt.id.startswith("feat:"):
                centre = parse_sq(opt.id[5:])
                val = cinder_value(w, hid, centre)
                useful = val >= 8
                plans.append(Plan(here_pos + val - feat_reserve(w, useful), opt.id, "cinder storm"))
    plans.sort(key=lambda p: -p.score)
    return plans


def revive_value(w: World, hid: str, other: HeroView) -> float:
    """What getting a knocked-out ally up now is worth, against his own Stand Up later.

    Either way he gets up with about 4 health (two red dice, DD-069, DD-072), so a revive
    buys one thing: his next turn is a whole turn instead of the Stand Up (DD-070). That
    turn is worth what his own best plan would gain, standing on his token with 4 health,
    over staying put (at least 2: he can always move on), and in the last round only his
    chance to finish the Warden; Steady Hands adds its 2 health.
    An ally who has already taken his turn this round would also stand through the coming
    overlord turn instead of lying immune (DD-110), so that revive is worth less, in the
    last round little; but if the reviver is the only hero standing, the ally would lie
    down through that overlord turn, where one more knock-out loses the game (DD-139).
    """
    value = ally_turn_value(w, other)
    extra = sum(int(e.get("amount", 0) or 0) for e in data().ability_effects(hid, "revive") if e.verb == "recover")
    value += 0.3 * extra
    if not other.get("activated"):
        return value  # he gets up before the overlord turn either way
    if w.round >= data().round_limit(w.quest):
        value = 1.0
    else:
        value -= 1.0
    if len(w.standing()) <= 1:
        value += 4.0
    return value


def ally_turn_value(w: World, other: HeroView) -> float:
    """What a whole turn is worth to a knocked-out ally once up (his plan's gain), cached."""
    key = ("ally_turn", other["id"])
    found = w._cache.get(key)
    if found is not None:
        return float(found)
    if w._cache.get("nested"):
        return REVIVE_VALUE  # already inside such an estimate: no deeper
    health = int(other["health"])
    up: HeroView = {**other, "knocked_out": False, "damage": max(0, health - 4), "conditions": []}
    view: DDView = {**w.view, "heroes": [up if h["id"] == other["id"] else h for h in w.heroes], "activation": None}
    ally = World(view)
    ally._cache["nested"] = True
    plans = plan_hero(ally, other["id"], 2, 0)
    if w.round >= data().round_limit(w.quest):
        # the last round: only a blow at the Warden still counts (DD-138)
        boss = w.boss["id"] if w.boss else None
        value = max((p.kill for p in plans if boss and p.target == boss), default=0.0) * WIN_VALUE
    else:
        stay = next((p.score for p in plans if p.step == "end"), plans[-1].score if plans else 0.0)
        value = min(REVIVE_CAP, max(REVIVE_FLOOR, (plans[0].score if plans else 0.0) - stay))
    w._cache[key] = value
    return value


def ko_risk(danger: float, hp: int) -> float:
    """A penalty growing as the expected damage approaches the health left."""
    over = danger - (hp - 2)
    if over <= 0:
        return 0.0
    return min(6.0, 2.0 * over)


def cinder_value(w: World, hid: str, centre: Square) -> float:
    area = [centre] + list(neighbours(w.quest, w.walls, centre))
    val = 0.0
    for s in area:
        fig = w.figure_at(s)
        if fig is None:
            continue
        left = w.hp_left(fig)
        if w.is_hero(fig):
            val -= 2.0 if left > 2 else 12.0
        else:
            m = w.monster[fig]
            is_boss = m["kind"] == w.boss_kind
            if left <= 2:
                val += KILL_WEIGHT * w.monster_value(m) + left + (WIN_VALUE if is_boss else 0.0)
            else:
                val += 2.0 * (1.5 if is_boss else 1.0)
    return val
