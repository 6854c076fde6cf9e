"""Attacks (checklist 3.10): declare, roll, range, surges, damage; Reach, Blast, Pierce.

Heroes attack monsters and monsters attack heroes (DD-076). Each step that may need a
choice (a shield to exhaust, a surge to spend, an overlord card to play) is a step on
the flow stack, so an attack can be saved and loaded half-way.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.core.decision import Decision, Option
from game.core.words import counted
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.context import FLOW, Ctx, parse_sq, sq, sq_id
from game.rulesets.dungeon_delve.content import SurgeAbility
from game.rulesets.dungeon_delve.rulesdata import Weapon
from game.rulesets.dungeon_delve.state import OVERLORD, Attack
from game.rulesets.dungeon_delve.steps import (
    AttackDamageStep, AttackEndStep, AttackRangeStep, AttackRollStep, AttackShieldsStep, AttackSurgesStep,
)

BLUE = "blue"


def can_target(ctx: Ctx, attacker: str, weapon: Weapon, target: tuple[int, int]) -> bool:
    """Melee: adjacent, or with Reach within 2 in sight (DD-079, DD-099); Ranged: in sight (DD-080)."""
    here = ctx.figure_square(attacker)
    return _can_target_from(ctx, attacker, here, ctx.figure_squares(), ctx.neighbours(here), weapon, target)


def _can_target_from(ctx: Ctx, attacker: str, here: tuple[int, int], figures: frozenset[tuple[int, int]],
                     near: tuple[tuple[int, int], ...], weapon: Weapon, target: tuple[int, int]) -> bool:
    """:func:`can_target` with the attacker's square, every figure's square and the squares
    adjacent to the attacker given (the same for every target in a menu)."""
    if weapon.ranged:
        return here != target and ctx.sees(here, target, attacker, "target", figures=figures)
    if target in near:
        return True
    return weapon.reach and geo.distance(here, target) <= 2 and \
        ctx.sees(here, target, attacker, "target", figures=figures)


def targets_for(ctx: Ctx, attacker: str, weapon: Weapon) -> list[tuple[int, int]]:
    hero_attacking = ctx.is_hero(attacker)
    if hero_attacking:
        candidates = [sq(m.square) for m in ctx.state.monsters]  # DD-076, DDA-28
    else:
        candidates = [sq(h.square) for h in ctx.state.heroes if not h.knocked_out
                      and not (weapon.ranged and any(e.startswith("untargetable_ranged") for e in h.effects))]
    here, figures = ctx.figure_square(attacker), ctx.figure_squares()
    near = ctx.neighbours(here)
    out = [target for target in candidates if _can_target_from(ctx, attacker, here, figures, near, weapon, target)]
    return sorted(out, key=lambda s: (s[1], s[0]))


def attack_options(ctx: Ctx, figure: str) -> list[Option]:
    act = ctx.state.activation
    assert act is not None
    out: list[Option] = []
    if not ctx.is_hero(figure):
        if act.attacks_made >= act.attacks_allowed:
            return out
        weapon = ctx.data.monster_weapon(ctx.state.monster(figure).kind)  # type: ignore[union-attr]
        for t in targets_for(ctx, figure, weapon):
            out.append(Option(f"attack:{weapon.id}:{sq_id(t)}", f"Attack {ctx.name(ctx.figure_at(t) or '')}",
                              ("square", sq_id(t)), _odds_note(ctx, figure, weapon, t)))
        return out
    hero = ctx.state.hero(figure)
    stamina = ctx.data.stamina(ctx.state, figure)
    skill = ctx.data.skill(figure)
    feat = ctx.data.feat(figure)
    for weapon in ctx.data.hero_weapons(ctx.state, figure):
        for t in targets_for(ctx, figure, weapon):
            name = ctx.name(ctx.figure_at(t) or "")
            out.append(Option(f"attack:{weapon.id}:{sq_id(t)}", f"Attack {name} with {weapon.name}",
                              ("square", sq_id(t)), _odds_note(ctx, figure, weapon, t)))
            if skill is not None and skill.use == "action" and hero.fatigue + skill.fatigue <= stamina:
                spec = next((e for e in skill.effects if e.verb == "attack"), None)
                if spec is not None and _fits(weapon, spec):
                    out.append(Option(f"skill:{skill.id}:{weapon.id}:{sq_id(t)}",
                                      f"{skill.name} on {name} with {weapon.name}", ("square", sq_id(t)), skill.text))
            if not hero.feat_used and feat.when == "action":
                spec = next((e for e in feat.effects if e.verb == "attack"), None)
                if spec is not None and _fits(weapon, spec):
                    out.append(Option(f"fury:{weapon.id}:{sq_id(t)}", f"{feat.name} on {name}",
                                      ("square", sq_id(t)), feat.text))
    return out


def _fits(weapon: Weapon, spec: object) -> bool:
    get = spec.get  # type: ignore[attr-defined]
    if get("attack_type") and (get("attack_type") == "ranged") != weapon.ranged:
        return False
    if weapon.id == "bare":
        return False
    tag = get("weapon_tag")
    return not tag or tag in weapon.tags


def _odds_note(ctx: Ctx, attacker: str, weapon: Weapon, target: tuple[int, int]) -> str:
    """The exact odds shown before an attack is chosen (issue: odds of each outcome)."""
    defender = ctx.figure_at(target)
    if defender is None:
        return ""
    needed = geo.distance(ctx.figure_square(attacker), target) if weapon.ranged else 0
    health_left = ctx.health(defender) - _damage_of(ctx, defender)
    return _odds_text(ctx.data, tuple(weapon.dice), tuple(ctx.data.defense_dice(ctx.state, defender)),
                      weapon.pierce, needed, ctx.data.range_bonus(attacker) if weapon.ranged else 0, health_left)


@lru_cache(maxsize=4096)
def _odds(data: Any, dice: tuple[str, ...], defense: tuple[str, ...], pierce: int, needed: int,
          range_bonus: int) -> Any:
    from game.rulesets.dungeon_delve.odds import attack_odds

    return attack_odds([data.die(d) for d in dice], [data.die(d) for d in defense], pierce=pierce,
                       range_needed=needed, range_bonus=range_bonus)


@lru_cache(maxsize=4096)
def _odds_text(data: Any, dice: tuple[str, ...], defense: tuple[str, ...], pierce: int, needed: int,
               range_bonus: int, health_left: int) -> str:
    odds = _odds(data, dice, defense, pierce, needed, range_bonus)
    spread = ", ".join(f"{n}: {float(p):.0%}" for n, p in sorted(odds.damage.items()) if p)
    return (f"Hit {float(1 - odds.miss):.0%}, expected damage {float(odds.expected_damage):.1f}, "
            f"defeat {float(odds.at_least(health_left)):.0%}. Damage {spread} (before surges).")


def _alive(ctx: Ctx, figure: str) -> bool:
    if ctx.is_hero(figure):
        return not ctx.state.hero(figure).knocked_out
    return ctx.state.monster(figure) is not None


def _damage_of(ctx: Ctx, figure: str) -> int:
    if ctx.is_hero(figure):
        return ctx.state.hero(figure).damage
    monster = ctx.state.monster(figure)
    return monster.damage if monster else 0


def begin_attack_from_option(ctx: Ctx, figure: str, option_id: str) -> None:
    kind, _, rest = option_id.partition(":")
    act = ctx.state.activation
    assert act is not None
    extra: list[str] = []
    pierce = 0
    label = ""
    if kind == "skill":
        skill_id, _, rest = rest.partition(":")
        skill = ctx.data.skill(figure)
        assert skill is not None and skill.id == skill_id
        spec = next(e for e in skill.effects if e.verb == "attack")
        ctx.state.hero(figure).fatigue += skill.fatigue  # paid under DD-053
        extra, pierce, label = list(spec.get("add_dice", [])), int(spec.get("pierce", 0)), skill.name
    elif kind == "fury":
        feat = ctx.data.feat(figure)
        spec = next(e for e in feat.effects if e.verb == "attack")
        ctx.state.hero(figure).feat_used = True
        extra, pierce, label = list(spec.get("add_dice", [])), int(spec.get("pierce", 0)), feat.name
    weapon_id, _, target_text = rest.partition(":")
    act.actions_left -= 1
    act.attacks_made += 1
    begin_attack(ctx, figure, weapon_id, parse_sq(target_text), extra, pierce, label)


def begin_attack(ctx: Ctx, attacker: str, weapon_id: str, target: tuple[int, int], extra_dice: list[str],
                 extra_pierce: int, label: str) -> None:
    """Step 1, declare (DD-077): the weapon and the target space."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    weapon = ctx.data.weapon_of(ctx.state, attacker, weapon_id)
    defender = ctx.figure_at(target)
    assert defender is not None
    attack = Attack(attacker, weapon.id, [target[0], target[1]], weapon.ranged, list(weapon.dice) + extra_dice,
                    affected=[defender], pierce=weapon.pierce + extra_pierce, blast=weapon.blast, skill=label)
    if weapon.ranged:
        attack.range_bonus = ctx.data.range_bonus(attacker)
    ctx.state.attack = attack
    how = f" ({label})" if label else ""
    # A monster's own attack is no weapon to name ("Goblin Skulker attacks Tamsin Reedfoot.").
    using = "" if ctx.data.is_monster_attack(weapon) else f" with {weapon.name}"
    ctx.emit("attack", "DD-077", f"{ctx.name(attacker)} attacks {ctx.name(defender)}{using}{how}.",
             attacker=attacker, target=list(target), weapon=weapon.id)
    ctx.push({"step": "attack_end"})
    ctx.push({"step": "attack_damage"})
    ctx.push({"step": "attack_surges"})
    ctx.push({"step": "attack_range"})
    ctx.push({"step": "attack_shields"})
    ctx.push({"step": "attack_roll"})
    if not ctx.is_hero(attacker):
        push_card_window(ctx, "before_attack_roll", monster=attacker)


def _attack(ctx: Ctx) -> Attack:
    attack = ctx.state.attack
    assert attack is not None
    return attack


def _totals(ctx: Ctx, attack: Attack) -> dict[str, int]:
    from game.core.dice import total

    return total([ctx.die(d) for d in attack.dice], attack.faces)


def _roll_defense(ctx: Ctx, attack: Attack, figure: str) -> None:
    dice = ctx.data.defense_dice(ctx.state, figure)
    faces, sums = ctx.roll(dice, ctx.name(figure), "defense", "DD-084")
    attack.defense[figure] = [[d, f] for d, f in zip(dice, faces)]


@FLOW.automatic(AttackRollStep)
def attack_roll(ctx: Ctx, step: AttackRollStep) -> None:
    """Step 2 (DD-082, DD-083): both pools together; a blue X is a miss."""
    ctx.state.stack.pop()
    attack = _attack(ctx)
    attack.faces, sums = ctx.roll(attack.dice, ctx.name(attack.attacker), "the attack", "DD-082")
    for figure in attack.affected:
        _roll_defense(ctx, attack, figure)
    if sums.get("miss"):
        attack.missed = True
        attack.reason = "the blue die shows X"
        ctx.emit("miss", "DD-083", f"{ctx.name(attack.attacker)} misses: the blue die shows X.")
        _skip_to_end(ctx)


def _skip_to_end(ctx: Ctx) -> None:
    stack = ctx.state.stack
    while stack and stack[-1]["step"] != "attack_end":
        stack.pop()


def shield_items(ctx: Ctx, figure: str) -> list[str]:
    if not ctx.is_hero(figure):
        return []
    hero = ctx.state.hero(figure)
    return [i for i in hero.equipped if i not in hero.exhausted and ctx.data.item(i).when == "after_defense_roll"]


def ask_shields(ctx: Ctx, step: AttackShieldsStep) -> Decision | None:
    attack = _attack(ctx)
    for figure in attack.affected:
        if attack.shield_bonus.get(figure) is None and _alive(ctx, figure) and shield_items(ctx, figure):
            items = shield_items(ctx, figure)
            hero = ctx.state.hero(figure)
            return Decision(hero.seat, "shield", f"{ctx.name(figure)}: exhaust a shield for +1 shield?",
                            tuple(Option(f"shield:{i}", f"Exhaust {ctx.data.item(i).name}", ("item", i))
                                  for i in items) + (Option("pass", "Keep it ready"),), rule="DD-085")
    return None


def answer_shields(ctx: Ctx, step: AttackShieldsStep, seat: int, choice: tuple[str, ...]) -> None:
    attack = _attack(ctx)
    figure = next(f for f in attack.affected
                  if attack.shield_bonus.get(f) is None and _alive(ctx, f) and shield_items(ctx, f))
    if choice[0] == "pass":
        attack.shield_bonus[figure] = 0
        return
    item = choice[0].split(":", 1)[1]
    ctx.state.hero(figure).exhausted.append(item)
    bonus = sum(e.get("amount", 0) for e in ctx.data.item(item).effects if e.verb == "bonus")
    attack.shield_bonus[figure] = bonus
    ctx.emit("shield", "DD-085", f"{ctx.name(figure)} exhausts {ctx.data.item(item).name}: +{bonus} shield.",
             figure=figure)


@FLOW.automatic(AttackShieldsStep)
def shields_done(ctx: Ctx, step: AttackShieldsStep) -> None:
    """After defense rolls: shields exhausted (heroes), Dark Resilience (monsters)."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    ctx.state.stack.pop()
    attack = _attack(ctx)
    for figure in attack.affected:
        if figure in attack.defended:
            continue
        attack.defended.append(figure)
        if not ctx.is_hero(figure) and ctx.state.monster(figure) is not None:
            push_card_window(ctx, "after_monster_defense_roll", monster=figure)


FLOW.question(AttackShieldsStep, ask_shields, answer_shields)


def _range_short(ctx: Ctx, attack: Attack) -> int:
    if not attack.ranged:
        return 0
    needed = geo.distance(ctx.figure_square(attack.attacker), sq(attack.target))
    rolled = _totals(ctx, attack).get("range", 0) + attack.range_bonus
    return max(0, needed - rolled)


def _surges_left(ctx: Ctx, attack: Attack) -> int:
    return _totals(ctx, attack).get("surge", 0) - attack.surges_spent


def _abilities(ctx: Ctx, attack: Attack) -> list[tuple[int, SurgeAbility]]:
    weapon = ctx.data.weapon_of(ctx.state, attack.attacker, attack.weapon)
    return list(enumerate(weapon.surges))


def ask_range(ctx: Ctx, step: AttackRangeStep) -> Decision | None:
    """Step 3 (DD-086, DD-088): too short, the attacker may buy range with surges first."""
    attack = _attack(ctx)
    short = _range_short(ctx, attack)
    if short <= 0:
        return None
    options = [Option(f"surge:{i}", f"Spend {counted(a.cost, 'surge')}: +{a.amount} range", None, "DD-088")
               for i, a in _abilities(ctx, attack)
               if a.effect == "range" and f"surge:{i}" not in attack.used and a.cost <= _surges_left(ctx, attack)]
    # Offer only when the range surges still affordable could close the gap; else it just misses.
    reachable = sum(a.amount for i, a in _abilities(ctx, attack)
                    if a.effect == "range" and f"surge:{i}" not in attack.used)
    if not options or reachable < short:
        return None
    return Decision(_seat(ctx, attack.attacker), "range_surge",
                    f"The attack is {short} short of the range it needs.", tuple(options) + (
                        Option("pass", "Let it miss"),), rule="DD-088")


def answer_range(ctx: Ctx, step: AttackRangeStep, seat: int, choice: tuple[str, ...]) -> None:
    attack = _attack(ctx)
    if choice[0] == "pass":
        return _range_miss(ctx, attack)
    _spend(ctx, attack, int(choice[0].split(":")[1]))


def _range_miss(ctx: Ctx, attack: Attack) -> None:
    attack.missed = True
    attack.reason = "out of range"
    ctx.emit("miss", "DD-086", f"{ctx.name(attack.attacker)}'s attack falls short: out of range.")
    _skip_to_end(ctx)


@FLOW.automatic(AttackRangeStep)
def range_check(ctx: Ctx, step: AttackRangeStep) -> None:
    attack = _attack(ctx)
    ctx.state.stack.pop()
    if _range_short(ctx, attack) > 0:
        _range_miss(ctx, attack)


FLOW.question(AttackRangeStep, ask_range, answer_range)


def _seat(ctx: Ctx, figure: str) -> int:
    return ctx.state.hero(figure).seat if ctx.is_hero(figure) else OVERLORD


def _spend(ctx: Ctx, attack: Attack, index: int) -> None:
    """Spend a surge ability: n surges, once per attack (DD-089, DD-090)."""
    ability = ctx.data.weapon_of(ctx.state, attack.attacker, attack.weapon).surges[index]
    attack.used.append(f"surge:{index}")
    attack.surges_spent += ability.cost
    if ability.effect == "hearts":
        attack.bonus_hearts += ability.amount
    elif ability.effect == "range":
        attack.range_bonus += ability.amount
    elif ability.effect == "pierce":
        attack.pierce += ability.amount
    elif ability.effect == "blast":
        attack.blast = True
        _blast_defenders(ctx, attack)
    elif ability.effect == "condition":
        attack.stun = True
    what = ability.text.split(":", 1)[-1].strip().rstrip(".")
    ctx.emit("surge", "DD-089", f"{ctx.name(attack.attacker)} spends {ability.cost} surge"
             f"{'s' if ability.cost > 1 else ''}: {what}.", ability=index, headline=f"Surge: {what}")


def _blast_defenders(ctx: Ctx, attack: Attack) -> None:
    """Blast: every figure next to the target is affected too and rolls its own defense
    (DD-095, DD-096); their shields and cards get their moment before damage."""
    hit = sorted(geo.blast_squares(ctx.board, ctx.walls(), sq(attack.target)), key=lambda s: (s[1], s[0]))
    new = [f for f in (ctx.figure_at(s) for s in hit) if f is not None and f not in attack.affected]
    for figure in new:
        attack.affected.append(figure)
        _roll_defense(ctx, attack, figure)
    if new:
        ctx.push({"step": "attack_shields"})


def ask_surges(ctx: Ctx, step: AttackSurgesStep) -> Decision | None:
    """Step 4 (DD-089 to DD-091): spend surges on abilities, or one on surge rest."""
    attack = _attack(ctx)
    left = _surges_left(ctx, attack)
    if left <= 0:
        return None
    options = [Option(f"surge:{i}", f"Spend {counted(a.cost, 'surge')}: {a.buys}", None)
               for i, a in _abilities(ctx, attack)
               if f"surge:{i}" not in attack.used and a.cost <= left and attack.weapon != "bare"]
    if ctx.is_hero(attack.attacker) and "rest" not in attack.used and ctx.state.hero(attack.attacker).fatigue > 0:
        options.append(Option("surge_rest", "Spend 1 surge: recover 1 fatigue (surge rest)", None, "DD-091"))
    if not options:
        return None
    return Decision(_seat(ctx, attack.attacker), "surge", f"{counted(left, 'surge')} to spend.",
                    tuple(options) + (Option("pass", "Done"),), rule="DD-089")


def answer_surges(ctx: Ctx, step: AttackSurgesStep, seat: int, choice: tuple[str, ...]) -> None:
    attack = _attack(ctx)
    if choice[0] == "pass":
        ctx.state.stack.pop()
        return
    if choice[0] == "surge_rest":
        attack.used.append("rest")
        attack.surges_spent += 1
        hero = ctx.state.hero(attack.attacker)
        hero.fatigue = max(0, hero.fatigue - 1)
        ctx.emit("surge", "DD-091", f"{ctx.name(hero.id)} spends a surge to recover 1 fatigue.", hero=hero.id,
                 headline="Surge: recover 1 fatigue")
        return
    _spend(ctx, attack, int(choice[0].split(":")[1]))


@FLOW.automatic(AttackSurgesStep)
def surges_done(ctx: Ctx, step: AttackSurgesStep) -> None:
    ctx.state.stack.pop()


FLOW.question(AttackSurgesStep, ask_surges, answer_surges)


@FLOW.automatic(AttackDamageStep)
def attack_damage(ctx: Ctx, step: AttackDamageStep) -> None:
    """Step 5 (DD-092 to DD-098): damage = hearts − max(0, shields − pierce), per figure."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    state = ctx.state
    state.stack.pop()
    attack = _attack(ctx)
    target = sq(attack.target)
    affected = sorted((f for f in attack.affected if _alive(ctx, f)),
                      key=lambda f: (ctx.figure_square(f)[1], ctx.figure_square(f)[0]))  # DDA-29: reading order
    hearts = _totals(ctx, attack).get("hearts", 0) + attack.bonus_hearts
    for figure in affected:
        if figure not in attack.defense:
            _roll_defense(ctx, attack, figure)
        from game.core.dice import total

        dice = [ctx.die(d) for d, _ in attack.defense[figure]]
        shields = total(dice, [f for _, f in attack.defense[figure]]).get("shields", 0)
        shields += attack.shield_bonus.get(figure, 0) or 0
        damage = max(0, hearts - max(0, shields - attack.pierce))
        ctx.emit("hit", "DD-093", f"{ctx.name(figure)}: {counted(hearts, 'heart')} against {counted(shields, 'shield')}"
                 + (f" (pierce {attack.pierce})" if attack.pierce else "") + f": {damage} damage.",
                 figure=figure, damage=damage)
        was_hero = ctx.is_hero(figure)
        ctx.suffer_damage(figure, damage, "DD-092", "the attack")
        if state.winner:
            return
        if attack.stun and figure == ctx.figure_at(target):
            ctx.give_condition(figure, "stunned", "DD-089")
        if was_hero and damage >= 1 and not ctx.is_hero(attack.attacker):
            push_card_window(ctx, "after_monster_damage", hero=figure)


@FLOW.automatic(AttackEndStep)
def attack_end(ctx: Ctx, step: AttackEndStep) -> None:
    from game.rulesets.dungeon_delve.actions import _check_own_defeat

    ctx.state.stack.pop()
    attack = ctx.state.attack
    ctx.state.attack = None
    if attack is not None:
        _check_own_defeat(ctx, attack.attacker)
