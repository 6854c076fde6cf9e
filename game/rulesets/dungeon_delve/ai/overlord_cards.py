"""The overlord's card play in the normal Dungeon Delve AI.

At each card moment the overlord weighs only the cards the decision offers (never its
hidden hand): :func:`card_value` says what playing each one now is worth (> 0: play),
card by card as section 6 describes, and :func:`overlord_card` plays the best or passes.
"""

from __future__ import annotations

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.attack_steps import attack_facts, defense_total
from game.rulesets.dungeon_delve.ai.board import neighbours
from game.rulesets.dungeon_delve.ai.common import data, base_id, cheb, sq
from game.rulesets.dungeon_delve.ai.estimates import (attack_eval, best_damage, range_fix, surges_of,
                                                      test_fail_chance)
from game.rulesets.dungeon_delve.ai.overlord import plan_monster
from game.rulesets.dungeon_delve.ai.world import ActivationOrNone, AttackOrNone, World
from game.rulesets.dungeon_delve.view_types import HeroView


def overlord_card(w: World, decision: Decision) -> str:
    best = None
    for opt in decision.options:
        if not opt.id.startswith("card:"):
            continue
        card = base_id(opt.id.split(":", 1)[1])
        v = card_value(w, card, card_subject(w, decision))
        if v > 0 and (best is None or v > best[0]):
            best = (v, opt.id)
    return best[1] if best else "pass"


def card_subject(w: World, decision: Decision) -> str:
    """The figure the card moment is about, named at the end of the prompt ("… (Bone Warden)?")."""
    prompt = decision.prompt
    if "(" in prompt and ")" in prompt:
        name = prompt[prompt.rindex("(") + 1:prompt.rindex(")")]
        for figure in w.heroes + w.monsters:
            if figure.get("name") == name:
                return str(figure["id"])
    return ""


def card_value(w: World, card: str, subject: str = "") -> float:
    """How much playing the card now is worth (> 0: play). Section 6, Overlord cards."""
    late = w.round >= 9
    act: ActivationOrNone = w.act or {}
    fig = subject if subject in w.hero or subject in w.monster else act.get("figure", "")
    if card == "vicious_blow":
        shot = w.attack
        if not shot or shot["attacker"] not in w.monster:
            return 0.0
        target = w.figure_at(sq(shot["target"]))
        if target is None or target not in w.hero:
            return 0.0
        m = w.monster[shot["attacker"]]
        h = w.hero[target]
        weapon = data().monster_weapon(m["kind"])
        need = cheb(sq(m["square"]), sq(shot["target"])) if weapon.ranged else 0
        hp = max(1, w.hp_left(target))
        dfn = w.hero_defense(h)
        bonus = 1 if w.shield_ready(h) else 0
        e0, ko0, _ = attack_eval(tuple(shot["dice"]), dfn, surges_of(weapon), int(shot.get("pierce", 0)), need,
                                 int(shot.get("range_bonus", 0)), hp, bonus)
        e1, ko1, _ = attack_eval(tuple(shot["dice"]) + ("red",), dfn, surges_of(weapon),
                                 int(shot.get("pierce", 0)), need, int(shot.get("range_bonus", 0)), hp, bonus)
        if ko1 - ko0 >= 0.15 and ko0 < 0.5:
            return 1.0 + ko1 - ko0
        if late and e1 > e0:
            return 0.5
        return 0.0
    if card == "dark_resilience":
        facts = attack_facts(w)
        if facts is None or not w.attack:
            return 0.0
        target = subject if subject in w.monster else w.figure_at(facts["target"])
        if target is None or target not in w.monster:
            return 0.0
        m = w.monster[target]
        if not (m["master"] or m["kind"] == w.boss_kind):
            return 0.0
        shields = defense_total(w, target) or 0
        srg = surges_of(facts["weapon"])
        left = facts["surges_left"]
        weapon = facts["weapon"]
        if weapon.ranged:
            short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
            fix = range_fix(srg, short, left)
            if fix is None:
                return 0.0
            left -= fix
        hp = w.hp_left(target)
        now = best_damage(facts["hearts"], shields, facts["pierce"], srg, facts["used"], left)
        with_card = best_damage(facts["hearts"], shields + 1, facts["pierce"], srg, facts["used"], left)
        if now >= hp > with_card:
            return 5.0
        if m["kind"] == w.boss_kind and with_card < now and (hp <= 8 or late):
            return 1.0
        return 0.0
    if card in ("crumbling_ceiling", "creeping_dread"):
        if fig not in w.hero:
            return 0.0
        h = w.hero[fig]
        if h["knocked_out"]:
            return 0.0
        if card == "creeping_dread" and w.warden.cards_for_the_charge:
            return _dread_against_the_charge(w, h)
        attr = "awareness" if card == "crumbling_ceiling" else "willpower"
        fail = test_fail_chance(data().attribute(fig, attr))
        hp = w.hp_left(fig)
        if card == "crumbling_ceiling":
            damage = 2
        else:
            room = int(h["stamina"]) - int(h["fatigue"])
            damage = max(0, 2 - room)
        ko = fail if damage >= hp else 0.0
        value = fail * (damage + (0.5 if card == "creeping_dread" else 0.0)) + 6.0 * ko
        others = [x for x in w.standing() if x["id"] != fig]
        lower = any(test_fail_chance(data().attribute(x["id"], attr)) > fail + 0.05 for x in others)
        threshold = 2.5 if w.round <= 4 else 1.2 if w.round <= 7 else 0.3
        if lower and not ko:
            threshold += 0.6
        return value if value >= threshold else 0.0
    if card == "snare_wire":
        if fig not in w.hero:
            return 0.0
        h = w.hero[fig]
        if data().attribute(fig, "awareness") > 3 or "immobilized" in h.get("conditions", []):
            return 0.0
        here = sq(h["square"])
        mp = int(act.get("mp", 0))
        # the hard overlord keeps it for the heroes' charge at the Warden, once the door is open
        progressing = w.door_open or (not w.warden.cards_for_the_charge and (here[0] >= 8 or w.round >= 6))
        lava_near = any(w.terrain.get(n) == "lava" for n in neighbours(w.quest, w.walls, here))
        if (progressing or lava_near) and (mp >= 2 or int(act.get("actions_left", 0)) >= 1):
            return 1.0 + test_fail_chance(data().attribute(fig, "awareness"))
        return 0.0
    if card == "poisoned_barb":
        a: AttackOrNone = w.attack or {}
        target = subject if subject in w.hero else (w.figure_at(sq(a["target"])) if a.get("target") else None)
        if target is None or target not in w.hero:
            candidates = [x for x in a.get("affected", []) if x in w.hero]
            target = candidates[0] if candidates else None
        if target is None:
            return 0.0
        h = w.hero[target]
        if h["knocked_out"] or "poisoned" in h.get("conditions", []):
            return 0.0
        if data().attribute(target, "might") <= 2 or late:
            return 1.0
        return 0.0
    if card == "bloodlust":
        if fig not in w.monster:
            return 0.0
        m = w.monster[fig]
        if "stunned" in m.get("conditions", []):
            return 0.0
        weapon = data().monster_weapon(m["kind"])
        here = sq(m["square"])
        targets = [h for h in w.standing() if w.can_strike(weapon, here, sq(h["square"])) is not None]
        if len(targets) >= 2 or any(w.hp_left(h["id"]) <= 4 for h in targets) or (late and targets):
            return 1.0
        return 0.0
    if card == "scurry":
        if fig not in w.monster:
            return 0.0
        # worth it when one more Move action makes the activation clearly better
        # (to reach a hero, or to step away after attacking)
        without = plan_monster(w, fig, extra_moves=0)
        plans_with_card = plan_monster(w, fig, extra_moves=1)
        gain = (plans_with_card[0].score if plans_with_card else 0.0) - (without[0].score if without else 0.0)
        threshold = 0.3 if late else 1.5
        return gain if gain >= threshold else 0.0
    return 0.0


def _dread_against_the_charge(w: World, hero: HeroView) -> float:
    """Creeping Dread as the hard overlord plays it: once the Vault door is open, on a hero
    with at least 2 Stamina still to spend (2 fatigue take the free MP he would charge with)."""
    room = int(hero["stamina"]) - int(hero["fatigue"])
    return 1.0 if w.door_open and room >= 2 else 0.0
