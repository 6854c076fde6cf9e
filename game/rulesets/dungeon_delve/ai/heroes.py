"""The hero side's decisions in the normal Dungeon Delve AI.

Which hero acts next (``hero_order``), each step of his turn (``hero_action``: stand up,
climb out, consumables and trades (:func:`.items.trade_choice`), then the first step of
the best plan from :mod:`.hero_plan`, with the Heroic Feat and the Smoke Pellet when they
pay), the start-of-turn feat, equipping and sharing items (loadout values, in
:mod:`.items`), and which search card Keen Eye keeps (the one worth most to the hero).
"""

from __future__ import annotations

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.board import is_adjacent, neighbours
from game.rulesets.dungeon_delve.ai.common import DANGER_WEIGHT, data, Square, base_id, cheb, parse_sq, sq
from game.rulesets.dungeon_delve.ai.hero_plan import feat_reserve, plan_hero
from game.rulesets.dungeon_delve.ai.items import (CARD_WORTH, best_loadout, card_worth, keep_factor, loadout_value,
                                                  trade_choice)
from game.rulesets.dungeon_delve.ai.world import ActivationOrNone, World, needs_sight


def free_use(w: World, hid: str, decision: Decision) -> str | None:
    """Consumables and trades: not actions (DD-026, DD-114)."""
    hero = w.hero[hid]
    # Healing Draught: a knocked-out ally first, then whoever is low.
    draughts = [o for o in decision.option_ids if o.startswith("use:") and base_id(o.split(":")[1]) == "healing_draught"]
    best = None
    for o in draughts:
        target = w.hero[o.split(":")[2]]
        if target["knocked_out"]:
            score = 100.0
        else:
            dmg = int(target["damage"])
            if dmg < 3 or dmg < int(target["health"]) - 4:
                continue
            score = 10.0 - w.hp_left(target["id"])
        if best is None or score > best[0]:
            best = (score, o)
    if best is not None:
        return best[1]
    for o in decision.option_ids:
        if o.startswith("use:") and base_id(o.split(":")[1]) == "vigor_tonic":
            # nearly spent: the Stamina is back for skills and MP (a Rest would cost an action)
            fatigue = int(hero["fatigue"])
            if fatigue >= max(2, int(hero["stamina"]) - 1) and not (w.act is not None and w.act["rested"]):
                return o
    # Trades (DD-114): the card goes where it helps the party most.
    return trade_choice(w, decision)


def hero_action(w: World, decision: Decision) -> str:
    act: ActivationOrNone = w.act or {}
    hid = act.get("figure") or next(h["id"] for h in w.heroes)
    hero = w.hero[hid]
    ids = decision.option_ids
    if "standup" in ids:
        return "standup"
    climbs = [o for o in ids if o.startswith("climb:")]
    if climbs:
        return max(climbs, key=lambda o: hero_pos_simple(w, hid, parse_sq(o[6:])))
    use = free_use(w, hid, decision)
    if use is not None:
        return use
    actions = int(act.get("actions_left", 0))
    mp = int(act.get("mp", 0))
    kw = dict(moved=bool(act.get("moved")), rested=bool(act.get("rested")),
              immobilized=bool(act.get("held", act.get("immobilized"))), slip=bool(act.get("slip_away")))
    plans = plan_hero(w, hid, actions, mp, decision=decision, **kw)
    if "feat" in ids and not hero["feat_used"]:
        feat = data().feat(hid)
        if any(e.verb == "gain_mp" for e in feat.effects):
            extra = int(hero["speed"])
            boosted = plan_hero(w, hid, actions, mp, decision=None, bonus_mp=extra,
                                **{**kw, "slip": True})
            if boosted and plans:
                gain = boosted[0].score - plans[0].score
                useful = boosted[0].kill >= 0.3 and boosted[0].target == (w.boss["id"] if w.boss else None)
                if gain > feat_reserve(w, useful or gain > 4):
                    return "feat"
    valid = set(ids)
    checked: dict[tuple[Square, Square], bool] = {}
    for plan in plans:
        step = plan.step
        if step in valid:
            if plan.at is not None and plan.aim is not None and plan.at != sq(hero["square"]):
                # an attack after moving: figures may block the line of sight (static sight was used)
                key = (plan.at, plan.aim)
                if key not in checked:
                    checked[key] = not needs_sight(w, plan.at, plan.aim) or w.exact_los(plan.at, plan.aim, hid)
                if not checked[key]:
                    continue
            if step == "end":
                smoke = smoke_pellet(w, hid, decision)
                if smoke:
                    return smoke
            return step
    return "end" if "end" in valid else ids[0]


def smoke_pellet(w: World, hid: str, decision: Decision) -> str | None:
    for o in decision.option_ids:
        if o.startswith("use:") and base_id(o.split(":")[1]) == "smoke_pellet":
            here = w.square_of(hid)
            ranged = 0.0
            total, per = w.danger(hid)
            for mid, contrib in per.items():
                if data().monster_weapon(w.monster[mid]["kind"]).ranged:
                    ranged += contrib.get(here, 0.0)
            # the volleys it blanks against what the pellet is still worth kept (items.CARD_WORTH),
            # which is little once the rounds run out
            if DANGER_WEIGHT * ranged >= 0.25 * CARD_WORTH["smoke_pellet"] * keep_factor(w):
                return o
    return None


def hero_pos_simple(w: World, hid: str, q: Square) -> float:
    dt, _ = w.danger(hid)
    terrain = w.terrain.get(q)
    pen = 200.0 if terrain == "lava" else 6.0 if terrain == "pit" else 0.0
    return -w.objective_weight() * w.progress(hid, q, w.door_open) - DANGER_WEIGHT * dt.get(q, 0.0) - pen


def best_kill_chance(w: World, hid: str) -> float:
    hero = w.hero[hid]
    actions = 1 if "stunned" in hero.get("conditions", []) else 2
    plans = plan_hero(w, hid, actions, 0, immobilized="immobilized" in hero.get("conditions", []),
                      attacks_only=True)
    return max((p.kill for p in plans), default=0.0)


def hero_order(w: World, decision: Decision) -> str:
    """DD-003: revivers, then likely killers, then heroes in danger, then the slowest."""
    ranked = []
    knocked = [h for h in w.heroes if h["knocked_out"]]
    for index, opt in enumerate(decision.options):
        hid = opt.id.split(":", 1)[1]
        hero = w.hero[hid]
        if hero["knocked_out"]:
            ranked.append(((5, 0.0, index), opt.id))
            continue
        here = sq(hero["square"])
        speed = int(hero["speed"])
        room = max(0, int(hero["stamina"]) - int(hero["fatigue"]))
        reviver = False
        if knocked and "immobilized" not in hero.get("conditions", []):
            mr = w.hero_range(hero, speed + room)
            for k in knocked:
                t = sq(k["square"])
                spots = {t} | set(neighbours(w.quest, w.walls, t))
                if here in spots or any(s in mr.ends for s in spots):
                    reviver = True
        if reviver:
            ranked.append(((1, 0.0, index), opt.id))
            continue
        kill = best_kill_chance(w, hid)
        if kill >= 0.3:
            ranked.append(((2, -kill, index), opt.id))
            continue
        dng = w.danger(hid)[0].get(here, 0.0)
        if dng >= w.hp_left(hid) - 2:
            ranked.append(((3, -dng, index), opt.id))
            continue
        ranked.append(((4, float(speed), index), opt.id))
    ranked.sort()
    return ranked[0][1]


def equip(w: World, decision: Decision) -> str:
    act: ActivationOrNone = w.act or {}
    hid = str(act.get("figure"))  # "None" is no hero
    if hid not in w.hero:
        return decision.option_ids[0]
    hero = w.hero[hid]
    here = sq(hero["square"])
    target_def: tuple[str, ...] = ("gray",)
    adjacent_enemy = False
    if w.monsters:
        near = min(w.monsters, key=lambda m: (cheb(here, sq(m["square"])), m["id"]))
        target_def = w.monster_defense(near)
        adjacent_enemy = any(is_adjacent(w.quest, w.walls, here, sq(m["square"])) for m in w.monsters)
    best = None
    for index, opt in enumerate(decision.options):
        items = [i for i in opt.id.split(":", 1)[1].split(",") if i]
        v = loadout_value(w, hid, items, target_def, adjacent_enemy)
        if best is None or v > best[0] + 1e-9:
            best = (v, opt.id)
    return best[1] if best else decision.option_ids[0]


def share(w: World, decision: Decision) -> str:
    best = None
    for opt in decision.options:
        _, card, hid = opt.id.split(":")
        items = list(w.hero[hid]["items"])
        gain = best_loadout(hid, items + [card]) - best_loadout(hid, items)
        if best is None or gain > best[0] + 1e-9:
            best = (gain, opt.id)
    return best[1] if best else decision.option_ids[0]


def keen_eye(w: World, decision: Decision) -> str:
    hid = w.act["figure"] if w.act else ""
    if hid not in w.hero:
        return decision.option_ids[0]
    return max(decision.option_ids, key=lambda o: (card_worth(w, hid, o.split(":", 1)[1]), o))


def start_feat(w: World, decision: Decision) -> str:
    """Radiant Prayer (or any start-of-turn feat): heal when it saves or helps a lot."""
    act: ActivationOrNone = w.act or {}
    hid = str(act.get("figure"))  # "None" is no hero
    feat = data().feat(hid) if hid in w.hero else None
    if feat is None or "feat" not in decision.option_ids:
        return "pass" if "pass" in decision.option_ids else decision.option_ids[0]
    amount = sum(int(e.get("amount", 0) or 0) for e in feat.effects if e.verb == "recover")
    if amount <= 0:
        return "feat" if w.round >= 7 else "pass"
    healed = sum(min(amount, int(h["damage"])) for h in w.heroes)
    if any(h["knocked_out"] for h in w.heroes):
        return "feat"
    if any(w.hp_left(h["id"]) <= 3 for h in w.standing()):
        return "feat"
    if healed >= 7 or (w.round >= 7 and healed >= 3):
        return "feat"
    return "pass"
