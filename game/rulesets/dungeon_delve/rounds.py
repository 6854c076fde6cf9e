"""Rounds, hero turns and the overlord's turn (checklist 3.1, 3.3, 3.14, 3.15, 3.17).

A round: the hero side picks heroes one at a time until every activation card is face
down, then the overlord draws, activates each group's monsters one by one, reinforces,
and checks victory. The actions inside a turn or activation are in ``actions.py``.
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.words import counted
from game.rulesets.dungeon_delve.context import FLOW, Ctx, sq, sq_id
from game.rulesets.dungeon_delve.state import OVERLORD, Activation, Hero, Monster
from game.rulesets.dungeon_delve.steps import (
    EquipStep, GroupPickStep, HeroEndStep, HeroPickStep, HeroRefreshStep, HeroStartStep, MonsterEndStep,
    MonsterPickStep, MonsterPoisonStep, OverlordEndStep, OverlordTurnStep, PoisonTestStep, ReinforceChoiceStep,
    RoundStartStep, StartCheckStep, StartFeatStep,
)


def first_hero_seat(ctx: Ctx) -> int:
    return min(h.seat for h in ctx.state.heroes)


# -- the round (DD-002 to DD-006) ---------------------------------------------------------------


@FLOW.automatic(RoundStartStep)
def round_start(ctx: Ctx, step: RoundStartStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.round += 1
    state.phase = "heroes"
    for hero in state.heroes:
        hero.activated = False
    for monster in state.monsters:
        monster.activated = False
    ctx.emit("round", "DD-002", f"Round {state.round} begins: the heroes act, then the overlord.",
             round=state.round, headline=f"Round {state.round} begins")
    ctx.push({"step": "round_start"})
    ctx.push({"step": "overlord_turn"})
    ctx.push({"step": "hero_pick"})


def ask_hero_pick(ctx: Ctx, step: HeroPickStep) -> Decision | None:
    waiting = [h for h in ctx.state.heroes if not h.activated]
    if not waiting:
        return None
    if len(waiting) == 1:
        return None  # nothing to choose: the last hero acts
    options = tuple(Option(f"hero:{h.id}", ctx.name(h.id) + (" (knocked out)" if h.knocked_out else ""),
                           ("figure", h.id)) for h in waiting)
    return Decision(first_hero_seat(ctx), "hero_order", "Which hero acts next?", options, rule="DD-003")


def answer_hero_pick(ctx: Ctx, step: HeroPickStep, seat: int, choice: tuple[str, ...]) -> None:
    begin_hero_turn(ctx, ctx.state.hero(choice[0].split(":", 1)[1]))


@FLOW.automatic(HeroPickStep)
def hero_pick_auto(ctx: Ctx, step: HeroPickStep) -> None:
    waiting = [h for h in ctx.state.heroes if not h.activated]
    if not waiting:
        ctx.state.stack.pop()
        return
    begin_hero_turn(ctx, waiting[0])


FLOW.question(HeroPickStep, ask_hero_pick, answer_hero_pick)


# -- the hero turn (DD-011 to DD-019) ------------------------------------------------------------


def begin_hero_turn(ctx: Ctx, hero: Hero) -> None:
    ctx.state.activation = Activation(hero.id, actions_left=2)
    ctx.emit("turn", "DD-002", f"{ctx.name(hero.id)}'s turn (round {ctx.state.round}).", figure=hero.id)
    ctx.push({"step": "hero_end", "hero": hero.id})
    ctx.push({"step": "actions", "figure": hero.id})
    ctx.push({"step": "equip", "hero": hero.id})
    ctx.push({"step": "hero_start", "hero": hero.id, "stage": 0})


@FLOW.automatic(HeroStartStep)
def hero_start(ctx: Ctx, step: HeroStartStep) -> None:
    """Step 1: effects end, start-of-turn abilities, Poisoned, overlord cards, refresh."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    state = ctx.state
    state.stack.pop()
    hero = state.hero(step["hero"])
    act = state.activation
    assert act is not None
    # DD-011: "until the start of your next turn" effects end.
    hero.effects = [e for e in hero.effects if not e.endswith("@start")]
    hero.new_items = []  # cards received before this turn may be equipped in this step 2 (DD-025)
    # Conditions present now are the ones this turn is "next turn" for (DD-146).
    act.stunned = "stunned" in hero.conditions
    act.immobilized = act.held = "immobilized" in hero.conditions
    if hero.knocked_out:
        act.actions_left = 1  # Stand Up only (DD-070)
    elif act.stunned:
        act.actions_left = 1  # DD-134
    ctx.push({"step": "hero_refresh", "hero": hero.id})
    if not hero.knocked_out:
        ctx.push({"step": "start_check", "hero": hero.id})
        push_card_window(ctx, "hero_turn_start", hero=hero.id)  # DD-012, DDA-30
        if "poisoned" in hero.conditions:
            ctx.push({"step": "poison_test", "hero": hero.id})
        ctx.push({"step": "start_feat", "hero": hero.id})


@FLOW.automatic(StartCheckStep)
def start_check(ctx: Ctx, step: StartCheckStep) -> None:
    """Knocked out by a start-of-turn effect: the turn ends at once (DD-144)."""
    from game.rulesets.dungeon_delve.actions import _check_own_defeat

    ctx.state.stack.pop()
    _check_own_defeat(ctx, step["hero"])


@FLOW.automatic(PoisonTestStep)
def poison_test(ctx: Ctx, step: PoisonTestStep) -> None:
    """A poisoned hero tests Might: pass, discard; fail, 1 damage and it stays (DD-133)."""
    ctx.state.stack.pop()
    hero = ctx.state.hero(step["hero"])
    if hero.knocked_out or "poisoned" not in hero.conditions:
        return
    if ctx.attribute_test(hero, "might", "Poisoned"):
        hero.conditions.remove("poisoned")
        ctx.emit("condition", "DD-133", f"{ctx.name(hero.id)} shakes off the poison.", figure=hero.id)
    else:
        ctx.suffer_damage(hero.id, 1, "DD-133", "poison")


def ask_start_feat(ctx: Ctx, step: StartFeatStep) -> Decision | None:
    hero = ctx.state.hero(step["hero"])
    feat = ctx.data.feat(hero.id)
    if hero.knocked_out or hero.feat_used or feat.when != "turn_start":
        return None
    return Decision(hero.seat, "feat", f"{ctx.name(hero.id)}: use the heroic feat {feat.name} now? ({feat.text})",
                    (Option("feat", f"Use {feat.name}"), Option("pass", "Not now")), rule="DD-116")


def answer_start_feat(ctx: Ctx, step: StartFeatStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.dungeon_delve.actions import resolve_feat

    ctx.state.stack.pop()
    if choice[0] == "feat":
        resolve_feat(ctx, ctx.state.hero(step["hero"]), None)


@FLOW.automatic(StartFeatStep)
def start_feat_none(ctx: Ctx, step: StartFeatStep) -> None:
    ctx.state.stack.pop()


FLOW.question(StartFeatStep, ask_start_feat, answer_start_feat)


@FLOW.automatic(HeroRefreshStep)
def hero_refresh(ctx: Ctx, step: HeroRefreshStep) -> None:
    ctx.state.stack.pop()
    hero = ctx.state.hero(step["hero"])
    if hero.exhausted:
        ctx.emit("refresh", "DD-013", f"{ctx.name(hero.id)} refreshes {counted(len(hero.exhausted), 'exhausted card')}.",
                 hero=hero.id)
    hero.exhausted = []


@FLOW.automatic(HeroEndStep)
def hero_end(ctx: Ctx, step: HeroEndStep) -> None:
    """End-of-turn effects in DD-019's order, then the activation card is flipped (DD-018)."""
    state = ctx.state
    state.stack.pop()
    hero = state.hero(step["hero"])
    act = state.activation
    if act is not None and not hero.knocked_out:
        if act.rested:
            hero.fatigue = 0  # DD-055
            ctx.emit("rest", "DD-055", f"{ctx.name(hero.id)} rests and recovers all fatigue.", hero=hero.id)
            for effect in ctx.data.ability_effects(hero.id, "rest"):
                if effect.verb == "recover":
                    ctx.recover(hero, effect.get("amount", 0), 0, "DD-055", ctx.data.ability(hero.id).name)
        if ctx.terrain(sq(hero.square)) == "lava":
            ctx.emit("lava", "DD-064", f"{ctx.name(hero.id)} ends the turn in lava.", hero=hero.id)
            ctx.knock_out(hero)
        expire_turn_conditions(ctx, hero.id, act)
    hero.activated = True
    state.activation = None
    ctx.emit("turn_end", "DD-018", f"{ctx.name(hero.id)} flips the activation card.", figure=hero.id)


def expire_turn_conditions(ctx: Ctx, figure: str, act: Activation) -> None:
    """Stunned and Immobilized last through the holder's next turn, then go (DD-134, DD-135)."""
    holder = ctx.state.hero(figure) if ctx.is_hero(figure) else ctx.state.monster(figure)
    if holder is None:
        return
    for condition, was in (("stunned", act.stunned), ("immobilized", act.immobilized)):
        if was and condition in holder.conditions:
            holder.conditions.remove(condition)
            ctx.emit("condition", "DD-146", f"{ctx.name(figure)} is no longer {condition.capitalize()}.",
                     figure=figure)


# -- equipping (DD-014, DD-020 to DD-024, DD-149) -------------------------------------------------


def legal_loadouts(ctx: Ctx, hero: Hero) -> list[tuple[str, ...]]:
    """Every set of the hero's equippable items that respects the slot limits."""
    items = [i for i in hero.items if ctx.data.item(i).slot != "none" and i not in hero.new_items]
    out: list[tuple[str, ...]] = []
    for mask in range(1 << len(items)):
        chosen = tuple(items[k] for k in range(len(items)) if mask >> k & 1)
        if ctx.data.loadout_ok(chosen) and ctx.data.stamina_with(hero.id, chosen) >= hero.fatigue:
            out.append(chosen)
    return out


def ask_equip(ctx: Ctx, step: EquipStep) -> Decision | None:
    hero = ctx.state.hero(step["hero"])
    loadouts = legal_loadouts(ctx, hero)
    current = tuple(i for i in hero.items if i in hero.equipped and ctx.data.item(i).slot != "none")
    if not loadouts or all(set(l) <= set(current) for l in loadouts):
        return None  # nothing else to equip
    options = []
    for loadout in sorted(loadouts, key=lambda l: (-len(l), l)):
        label = " + ".join(ctx.data.item(i).name for i in loadout) or "Nothing"
        options.append(Option("equip:" + ",".join(loadout), label))
    keep = "equip:" + ",".join(current)
    options.sort(key=lambda o: o.id != keep)
    return Decision(hero.seat, "equip", f"{ctx.name(hero.id)}: choose what to equip (2 hands, 1 armor, 2 other).",
                    tuple(options), rule="DD-014")


def answer_equip(ctx: Ctx, step: EquipStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    hero = ctx.state.hero(step["hero"])
    chosen = [i for i in choice[0].split(":", 1)[1].split(",") if i]
    unequippable = [i for i in hero.equipped if ctx.data.item(i).slot == "none"]
    hero.equipped = unequippable + chosen
    ctx.emit("equip", "DD-014", f"{ctx.name(hero.id)} equips " + (", ".join(ctx.data.item(i).name for i in chosen)
                                                                 or "nothing") + ".", hero=hero.id)


@FLOW.automatic(EquipStep)
def equip_nothing(ctx: Ctx, step: EquipStep) -> None:
    ctx.state.stack.pop()


FLOW.question(EquipStep, ask_equip, answer_equip)


# -- the overlord's turn (DD-119 to DD-122) -------------------------------------------------------


@FLOW.automatic(OverlordTurnStep)
def overlord_turn(ctx: Ctx, step: OverlordTurnStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.phase = "overlord"
    ctx.emit("turn", "DD-119", f"The overlord's turn (round {state.round}).", figure="overlord")
    for hero in state.heroes:
        hero.effects = [e for e in hero.effects if not e.endswith("@overlord")]
    ctx.draw_overlord(1, "DD-120")
    ctx.push({"step": "overlord_end"})
    ctx.push({"step": "group_pick"})


def _groups_waiting(ctx: Ctx) -> list[str]:
    seen: list[str] = []
    for monster in ctx.state.monsters:
        if not monster.activated and monster.group not in seen:
            seen.append(monster.group)
    return seen


def ask_group_pick(ctx: Ctx, step: GroupPickStep) -> Decision | None:
    groups = _groups_waiting(ctx)
    if len(groups) <= 1:
        return None
    return Decision(OVERLORD, "group_order", "Which monster group activates next?",
                    tuple(Option(f"group:{g}", ctx.data.group_name(g)) for g in groups), rule="DD-121")


def answer_group_pick(ctx: Ctx, step: GroupPickStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.push({"step": "monster_pick", "group": choice[0].split(":", 1)[1]})


@FLOW.automatic(GroupPickStep)
def group_pick_auto(ctx: Ctx, step: GroupPickStep) -> None:
    groups = _groups_waiting(ctx)
    if not groups:
        ctx.state.stack.pop()
        return
    ctx.push({"step": "monster_pick", "group": groups[0]})


FLOW.question(GroupPickStep, ask_group_pick, answer_group_pick)


def _monsters_waiting(ctx: Ctx, group: str) -> list[Monster]:
    return [m for m in ctx.state.monsters if m.group == group and not m.activated]


def ask_monster_pick(ctx: Ctx, step: MonsterPickStep) -> Decision | None:
    waiting = _monsters_waiting(ctx, step["group"])
    if len(waiting) <= 1:
        return None
    return Decision(OVERLORD, "monster_order", "Which monster activates next?",
                    tuple(Option(f"monster:{m.id}", f"{ctx.name(m.id)} at {sq_id(sq(m.square))}", ("figure", m.id))
                          for m in waiting), rule="DD-125")


def answer_monster_pick(ctx: Ctx, step: MonsterPickStep, seat: int, choice: tuple[str, ...]) -> None:
    begin_activation(ctx, ctx.state.monster(choice[0].split(":", 1)[1]))  # type: ignore[arg-type]


@FLOW.automatic(MonsterPickStep)
def monster_pick_auto(ctx: Ctx, step: MonsterPickStep) -> None:
    waiting = _monsters_waiting(ctx, step["group"])
    if not waiting:
        ctx.state.stack.pop()
        return
    begin_activation(ctx, waiting[0])


FLOW.question(MonsterPickStep, ask_monster_pick, answer_monster_pick)


def begin_activation(ctx: Ctx, monster: Monster) -> None:
    """A monster's activation: two actions, at most one attack (DD-125 to DD-127)."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    monster.activated = True
    act = Activation(monster.id, actions_left=2)
    act.stunned = "stunned" in monster.conditions
    act.immobilized = act.held = "immobilized" in monster.conditions
    if act.stunned:
        act.actions_left = 1
    ctx.state.activation = act
    ctx.emit("activation", "DD-125", f"{ctx.name(monster.id)} activates.", figure=monster.id)
    ctx.push({"step": "monster_end", "monster": monster.id})
    ctx.push({"step": "actions", "figure": monster.id})
    push_card_window(ctx, "monster_activation_start", monster=monster.id)
    if "poisoned" in monster.conditions:
        ctx.push({"step": "monster_poison", "monster": monster.id})


@FLOW.automatic(MonsterPoisonStep)
def monster_poison(ctx: Ctx, step: MonsterPoisonStep) -> None:
    """A poisoned monster suffers 1 damage at the start of its activation, then discards it (DD-133)."""
    ctx.state.stack.pop()
    monster = ctx.state.monster(step["monster"])
    if monster is None:
        return
    monster.conditions.remove("poisoned")
    ctx.suffer_damage(monster.id, 1, "DD-133", "poison")
    if ctx.state.monster(step["monster"]) is None:
        end_dead_activation(ctx, step["monster"])


def end_dead_activation(ctx: Ctx, figure: str) -> None:
    """A figure defeated during its own activation ends it at once (DD-144)."""
    stack = ctx.state.stack
    while stack and stack[-1].get("figure", stack[-1].get("monster")) == figure:
        stack.pop()
    ctx.state.activation = None


@FLOW.automatic(MonsterEndStep)
def monster_end(ctx: Ctx, step: MonsterEndStep) -> None:
    state = ctx.state
    state.stack.pop()
    monster = state.monster(step["monster"])
    act = state.activation
    state.activation = None
    if monster is None:
        return
    if act is not None:
        expire_turn_conditions(ctx, monster.id, act)
    if ctx.terrain(sq(monster.square)) == "lava":
        ctx.emit("lava", "DD-064", f"{ctx.name(monster.id)} ends its activation in lava.", figure=monster.id)
        ctx.defeat_monster(monster)


@FLOW.automatic(OverlordEndStep)
def overlord_end(ctx: Ctx, step: OverlordEndStep) -> None:
    """Quest events (reinforcement), then the round limit (DD-122, DD-138, DD-140)."""
    state = ctx.state
    state.stack.pop()
    reinforce(ctx)
    limit = ctx.data.round_limit(state.quest)
    if state.round >= limit and not state.winner:
        ctx.end_game("overlord", f"round {limit} ended with the {ctx.data.boss_name()} still standing", "DD-138")


def reinforce(ctx: Ctx) -> None:
    """At most one Goblin minion a turn while the group is below its size (DD-140)."""
    state = ctx.state
    rule = ctx.data.reinforcement(state.quest, len(state.heroes))
    if rule is None:
        return
    group, kind, square, size = rule
    present = sum(1 for m in state.monsters if m.group == group)
    if present >= size:
        return
    if ctx.figure_at(square) is None:
        place_reinforcement(ctx, group, kind, square)
        return
    nearest = ctx.nearest_empty(square)
    if len(nearest) == 1:
        place_reinforcement(ctx, group, kind, nearest[0])
    elif nearest:
        ctx.push({"step": "reinforce_choice", "group": group, "kind": kind, "squares": [list(q) for q in nearest]})


def ask_reinforce(ctx: Ctx, step: ReinforceChoiceStep) -> Decision | None:
    """The overlord chooses among the nearest empty squares (DD-147)."""
    return Decision(OVERLORD, "place", "The reinforcement square is taken: where does the new monster arrive?",
                    tuple(Option(f"place:{sq_id(sq(q))}", f"Arrive at {sq_id(sq(q))}", ("square", sq_id(sq(q))))
                          for q in step["squares"]), rule="DD-147")


def answer_reinforce(ctx: Ctx, step: ReinforceChoiceStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.dungeon_delve.context import parse_sq

    ctx.state.stack.pop()
    place_reinforcement(ctx, step["group"], step["kind"], parse_sq(choice[0].split(":", 1)[1]))


FLOW.question(ReinforceChoiceStep, ask_reinforce, answer_reinforce)


def place_reinforcement(ctx: Ctx, group: str, kind: str, target: tuple[int, int]) -> None:
    state = ctx.state
    state.reinforcements += 1
    # "#r1", "#r2", …: its name numbers it on from the minions placed at setup (figure_number).
    monster = Monster(f"{kind}#r{state.reinforcements}", group, kind, False, [target[0], target[1]],
                      activated=True)
    state.monsters.append(monster)
    ctx.emit("reinforce", "DD-140", f"{ctx.name(monster.id)} arrives at {sq_id(target)}.",
             figure=monster.id, square=list(target))
