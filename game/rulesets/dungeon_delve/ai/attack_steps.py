"""Answers inside an attack in progress, for either side, in the normal Dungeon Delve AI.

What the attack has rolled so far (:func:`attack_facts`, :func:`defense_total`), whether
a hero exhausts a shield item, which range surge to spend, and which surge ability to
spend next (section 6: a kill first; then Pierce, Stun, hearts for heroes, the largest
damage gain for the overlord; a Blast only when it helps on balance).
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.board import neighbours
from game.rulesets.dungeon_delve.ai.common import data, KILL_WEIGHT, cheb, sq
from game.rulesets.dungeon_delve.ai.estimates import best_damage, die_faces, range_fix, shield_pool, surges_of
from game.rulesets.dungeon_delve.ai.world import AttackOrNone, World
from game.rulesets.dungeon_delve.rulesdata import Data, Weapon


def attack_facts(w: World) -> dict[str, Any] | None:
    a = w.attack
    if not a:
        return None
    attacker = a["attacker"]
    if attacker in w.hero:
        weapon = hero_weapon(a["weapon"])
    elif attacker in w.monster:
        weapon = data().monster_weapon(w.monster[attacker]["kind"])
    else:
        return None
    dice = list(a["dice"])
    faces = list(a["faces"])
    hearts = surges = rng = 0
    for die, face in zip(dice, faces):
        m, r, h, s, _ = die_faces(die)[face]
        hearts += h
        surges += s
        rng += r
    return {"weapon": weapon, "hearts": hearts + int(a.get("bonus_hearts", 0)), "surges_left": surges - int(
        a.get("surges_spent", 0)), "range": rng + int(a.get("range_bonus", 0)), "pierce": int(a.get("pierce", 0)),
            "target": sq(a["target"]), "attacker": attacker, "used": list(a.get("used", []))}


def hero_weapon(weapon_id: str) -> Weapon:
    """A hero's weapon profile by item id (or bare hands), as ``Data.weapon_of`` builds it."""
    if weapon_id == "bare":
        return Weapon("bare", "bare hands", False, ("blue",))
    return Data._from_item(weapon_id, data().item(weapon_id))


def defense_total(w: World, figure: str) -> int | None:
    a: AttackOrNone = w.attack or {}
    rolled = a.get("defense", {}).get(figure)
    if rolled is None:
        return None
    total = 0
    for die, face in rolled:
        total += die_faces(die)[face][4]
    return total + int((a.get("shield_bonus") or {}).get(figure) or 0)


def shield_choice(w: World, decision: Decision) -> str:
    """Exhaust a shield when it prevents damage (the overlord spending surges at his best)."""
    facts = attack_facts(w)
    options = [o for o in decision.option_ids if o.startswith("shield:")]
    if facts is None or not options:
        return "pass"
    item = options[0].split(":", 1)[1]
    hero = next((h for h in w.heroes if item in h["equipped"]), None)
    if hero is None:
        return options[0]
    weapon = facts["weapon"]
    srg = surges_of(weapon)
    left = facts["surges_left"]
    if weapon.ranged:
        short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
        need = range_fix(srg, short, left)
        if need is None:
            return "pass"
        left -= need
    shields = defense_total(w, hero["id"])
    if shields is None:
        return options[0]
    now = best_damage(facts["hearts"], shields, facts["pierce"], srg, facts["used"], left)
    better = best_damage(facts["hearts"], shields + 1, facts["pierce"], srg, facts["used"], left)
    return options[0] if better < now else "pass"


def range_surge(w: World, decision: Decision) -> str:
    facts = attack_facts(w)
    options = [o for o in decision.option_ids if o.startswith("surge:")]
    if facts is None or not options:
        return "pass"
    weapon = facts["weapon"]
    short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
    total = sum(weapon.surges[int(o.split(":")[1])].amount for o in options)
    if total < short:
        return "pass"  # it cannot reach anyway: keep nothing, lose nothing
    return max(options, key=lambda o: (weapon.surges[int(o.split(":")[1])].amount, o))


def surge_choice(w: World, decision: Decision) -> str:
    """Section 6: a kill first, then Pierce, Stun, hearts, surge rest (heroes); the largest
    damage gain (overlord). Blast only when it helps on balance."""
    facts = attack_facts(w)
    ids = decision.option_ids
    if facts is None:
        return "pass"
    weapon = facts["weapon"]
    srg = surges_of(weapon)
    used = facts["used"]
    left = facts["surges_left"]
    target = w.figure_at(facts["target"])
    hero_attacking = facts["attacker"] in w.hero
    if target is None:
        return "surge_rest" if "surge_rest" in ids else "pass"
    shields = defense_total(w, target)
    if shields is None:
        shields = 0
    hp = w.hp_left(target)
    hearts, pierce = facts["hearts"], facts["pierce"]
    now = max(0, hearts - max(0, shields - pierce))
    candidates = [o for o in ids if o.startswith("surge:")]

    def effect(o: str) -> tuple[int, str, int]:
        a = weapon.surges[int(o.split(":")[1])]
        return a.cost, a.effect, a.amount

    def damage_with(o: str) -> int:
        cost, eff, amount = effect(o)
        if eff == "hearts":
            return int(max(0, hearts + amount - max(0, shields - pierce)))
        if eff == "pierce":
            return int(max(0, hearts - max(0, shields - pierce - amount)))
        return int(now)

    # (2) an ability that turns a non-kill into a kill (possibly with the rest of the surges)
    if now < hp:
        best_total = best_damage(hearts, shields, pierce, srg, used, left)
        if best_total >= hp:
            for o in sorted(candidates, key=lambda o: effect(o)[0]):
                cost, eff, _ = effect(o)
                if eff not in ("hearts", "pierce"):
                    continue
                rest = best_damage(damage_with(o) + max(0, shields - pierce) if eff == "hearts" else hearts,
                                   shields, pierce + (effect(o)[2] if eff == "pierce" else 0), srg,
                                   used + [o], left - cost)
                if damage_with(o) >= hp or rest >= hp:
                    return o
    gains: list[tuple[float, float, str]] = []
    for o in candidates:
        cost, eff, amount = effect(o)
        gain = min(hp, damage_with(o)) - min(hp, now)
        if eff == "pierce" and gain > 0:
            gains.append((3, gain, o))
        elif eff == "hearts" and gain > 0:
            gains.append((1, gain, o))
        elif eff == "condition" and hero_attacking and now < hp:
            gains.append((2, 0.5, o))
        elif eff == "blast":
            val = blast_value(w, facts, hearts, pierce)
            if val > 0.5:
                gains.append((2.5, val, o))
    if gains:
        if hero_attacking:
            gains.sort(key=lambda g: (-g[0], -g[1], g[2]))
        else:
            gains.sort(key=lambda g: (-g[1], -g[0], g[2]))
        return gains[0][2]
    if "surge_rest" in ids:
        return "surge_rest"
    return "pass"


def blast_value(w: World, facts: dict[str, Any], hearts: int, pierce: int) -> float:
    centre = facts["target"]
    hero_attacking = facts["attacker"] in w.hero
    val = 0.0
    for s in neighbours(w.quest, w.walls, centre):
        fig = w.figure_at(s)
        if fig is None:
            continue
        if w.is_hero(fig):
            dfn = w.hero_defense(w.hero[fig])
        else:
            dfn = w.monster_defense(w.monster[fig])
        hp = w.hp_left(fig)
        exp = sum(p * min(hp, max(0, hearts - max(0, sh - pierce))) for sh, p in shield_pool(dfn))
        kill = sum(p for sh, p in shield_pool(dfn) if hearts - max(0, sh - pierce) >= hp)
        if w.is_hero(fig):
            v = exp + 4.0 * kill
            val += -v if hero_attacking else v
        else:
            m = w.monster[fig]
            v = exp + KILL_WEIGHT * kill * w.monster_value(m)
            val += v if hero_attacking else -v
    return val
