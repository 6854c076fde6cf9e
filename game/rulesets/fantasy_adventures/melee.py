"""The Ranged and Melee phases, and support (FA-117 to FA-126, FA-137 to FA-148).

Ranged: the hero player names a target for each Ranged attack his heroes have (FA-119); all
hit rolls are made first, in the declared order: a hit is a roll at or below the firing
hero's Melee Value, only bonuses to Ranged attacks counting (FA-120, FA-121). Then each monster
hit makes one save at or below its basic Melee, -1 for each hit after the first, an unmodified
1 always saving (FA-122 to FA-125, A-23); a failed save is a defeat (FA-126).

Support: before the melees the hero player declares his supports: a hero with a Support Value,
in play and with no monster of its own, supports one adjacent hero of its rank (FA-144 to
FA-147).

Melee: in the declared order each attacked hero fights its meleeing monster; both roll a die
(FA-137, FA-138). The higher total wins: the hero defeats one monster assigned to it that it
can defeat, which the hero player picks (FA-139, FA-206); the monster defeats the hero
(FA-140); a tie has no result unless the meleeing monster is undead (FA-141, FA-226).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import defeat, party, totals, traits, windows
from game.rulesets.fantasy_adventures.combat import hordes
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.steps import (
    MeleeingStep,
    MeleeStep,
    MeleeWinStep,
    RangedRollStep,
    RangedTargetStep,
    SupportStep,
)

# -- Ranged (FA-117 to FA-126) ---------------------------------------------------------------------


def ranged_attacks(ctx: Ctx) -> list[list[str]]:
    """Every Ranged attack the party has now: [firing hero, source card] (FA-117, FA-188)."""
    player = ctx.player(ctx.hero_player)
    return [[hero, source] for hero in party.in_play(player) for source in traits.ranged_sources(ctx, hero)]


def ask_ranged(ctx: Ctx, step: RangedTargetStep) -> Decision | None:
    attacks = ranged_attacks(ctx)
    declared = len(step["attacks"])
    targets = [m.card for m in ctx.encounter.monsters if not m.pending]
    if declared >= len(attacks) or not targets:
        return _ask_ranged_order(ctx, step)
    hero, source = attacks[declared]
    via = "" if source == hero else f" with {ctx.name(source)}"
    options = tuple(Option(f"target:{m}", f"Shoot {ctx.name(m)}", ("card", m)) for m in targets)
    return Decision(ctx.hero_player, "ranged_target", f"Ranged: {ctx.name(hero)}{via} shoots at which monster?",
                    options, rule="FA-119")


def _ask_ranged_order(ctx: Ctx, step: RangedTargetStep) -> Decision | None:
    """Once every target is named, the hero player declares the order of the rolls (FA-119)."""
    unordered = [i for i in range(len(step["attacks"])) if i not in step["order"]]
    if len(unordered) <= 1:
        return None
    options = []
    for i in unordered:
        hero, source, target = step["attacks"][i]
        via = "" if source == hero else f" with {ctx.name(source)}"
        options.append(Option(f"roll:{i}", f"{ctx.name(hero)}{via} at {ctx.name(target)}", ("card", hero)))
    return Decision(ctx.hero_player, "ranged_order", "Ranged: which attack is rolled next?", tuple(options),
                    rule="FA-119")


def answer_ranged(ctx: Ctx, step: RangedTargetStep, seat: int, choice: tuple[str, ...]) -> None:
    if choice[0].startswith("roll:"):
        step["order"].append(int(choice[0].partition(":")[2]))
        return
    hero, source = ranged_attacks(ctx)[len(step["attacks"])]
    target = choice[0].partition(":")[2]
    step["attacks"].append([hero, source, target])
    ctx.emit("ranged_target", "FA-119", f"{ctx.name(hero)} aims at {ctx.name(target)}.", hero=hero, target=target)


@FLOW.automatic(RangedTargetStep)
def run_ranged_target(ctx: Ctx, step: RangedTargetStep) -> None:
    ctx.state.stack.pop()
    order = step["order"] + [i for i in range(len(step["attacks"])) if i not in step["order"]]
    ctx.encounter.ranged = [step["attacks"][i] for i in order]  # rolled in the declared order (FA-119)


FLOW.question(RangedTargetStep, ask_ranged, answer_ranged)


@FLOW.automatic(RangedRollStep)
def run_ranged_roll(ctx: Ctx, step: RangedRollStep) -> None:
    ctx.state.stack.pop()
    encounter = ctx.encounter
    hits: dict[str, list[str]] = {}
    for hero, source, target in encounter.ranged:
        if ctx.monster(target) is None or hero not in party.in_play(ctx.player(ctx.hero_player)):
            continue
        need = ctx.card(hero).melee
        bonus = traits.ranged_bonus(ctx, hero, source)
        die = ctx.roll()
        hit = totals.succeeds(die, 1, need, bonus)
        ctx.emit("ranged_roll", "FA-120", f"{ctx.name(hero)} shoots at {ctx.name(target)}: rolled {die}"
                 + (f" (bonus {bonus})" if bonus else "") + f", needs {need} or less: " + ("hit." if hit else "miss."),
                 hero=hero, source=source, target=target, die=die, hit=hit)
        if hit:
            hits.setdefault(target, []).append(hero)
    encounter.ranged = []
    for target, shooters in hits.items():
        if not traits.ranged_can_defeat(ctx, shooters, target):
            ctx.emit("immune", "FA-240", f"{ctx.name(target)} cannot be defeated by these Ranged attacks.")
            continue
        die = ctx.roll()
        extra = len(shooters) - 1
        need = ctx.card(target).melee
        saved = die == 1 or totals.succeeds(die + extra, 1, need, traits.save_bonuses(ctx, target))
        ctx.emit("ranged_save", "FA-122", f"{ctx.name(target)} saves against {len(shooters)} hit"
                 f"{'s' if len(shooters) != 1 else ''}: rolled {die}" + (f" +{extra}" if extra else "")
                 + f", needs {need} or less: " + ("saved." if saved else "failed."), card=target, die=die, saved=saved)
        if not saved:
            defeat.defeat(ctx, target, "Ranged attacks")


# -- support (FA-144 to FA-148) --------------------------------------------------------------------

def support_options(ctx: Ctx) -> list[tuple[str, str]]:
    """(supporter, supported) pairs the hero player may still declare (FA-145 to FA-147)."""
    player = ctx.player(ctx.hero_player)
    attacked = hordes(ctx)
    declared = {s for supporters in ctx.encounter.supports.values() for s in supporters}
    pairs = []
    for supporter in party.in_play(player):
        if supporter in declared or supporter in attacked or ctx.card(supporter).support <= 0:
            continue
        for hero in party.adjacent(player, supporter):
            if hero in attacked and hero not in player.feared:
                pairs.append((supporter, hero))
    return pairs


def ask_support(ctx: Ctx, step: SupportStep) -> Decision | None:
    pairs = support_options(ctx)
    if not pairs:
        return None
    options = tuple(Option(f"support:{s}:{h}", f"{ctx.name(s)} supports {ctx.name(h)} (+{ctx.card(s).support})",
                           ("card", s)) for s, h in pairs)
    return Decision(ctx.hero_player, "support", "Declare supports for this round's melees, or end.",
                    options + (Option("end", "No more supports"),), rule="FA-144")


def answer_support(ctx: Ctx, step: SupportStep, seat: int, choice: tuple[str, ...]) -> None:
    if choice == ("end",):
        ctx.state.stack.pop()
        return
    _, supporter, hero = choice[0].split(":")
    ctx.encounter.supports.setdefault(hero, []).append(supporter)
    ctx.emit("support", "FA-147", f"{ctx.name(supporter)} supports {ctx.name(hero)} "
             f"(+{ctx.card(supporter).support}).", supporter=supporter, hero=hero)


@FLOW.automatic(SupportStep)
def run_support(ctx: Ctx, step: SupportStep) -> None:
    ctx.state.stack.pop()


FLOW.question(SupportStep, ask_support, answer_support)


# -- melee (FA-137 to FA-143) ----------------------------------------------------------------------

@FLOW.automatic(MeleeStep)
def run_melee(ctx: Ctx, step: MeleeStep) -> None:
    encounter = ctx.encounter
    attacked = hordes(ctx)
    while encounter.melee_order and encounter.melee_order[0] not in attacked:
        encounter.melee_order.pop(0)  # its monsters are gone: no melee (FA-143)
    if not encounter.melee_order:
        ctx.state.stack.pop()
        return
    hero = encounter.melee_order[0]
    horde = attacked[hero]
    leader = next((m for m in horde if m.meleeing), None)
    if leader is None:
        # The meleeing monster left the fight: the monster player declares another, and this
        # step runs again once he has (FA-103).
        ctx.push(MeleeingStep(step="meleeing", hero=hero))
        return
    encounter.melee_order.pop(0)
    hero_total = traits.melee_total(ctx, hero, leader.card)
    monster_total = traits.monster_melee_total(ctx, leader, hero, len(horde))
    hero_die, monster_die = ctx.roll(), ctx.roll()
    h, m = hero_die + hero_total.value, monster_die + monster_total.value
    encounter.melee_change.pop(hero, None)  # "for its current melee" lapses once it is rolled (FA-239)
    leader.melee_bonus = 0
    ctx.emit("melee", "FA-138", f"{ctx.name(hero)}: {hero_die} + {hero_total.text()} = {h}; "
             f"{ctx.name(leader.card)}: {monster_die} + {monster_total.text()} = {m}.",
             hero=hero, monster=leader.card, hero_die=hero_die, monster_die=monster_die, hero_total=h, monster_total=m,
             hero_parts=[label for label, _ in hero_total.parts], monster_parts=[label for label, _ in monster_total.parts],
             items=list(ctx.player(ctx.hero_player).items.get(hero, [])))
    windows.open_response(ctx, "W8")  # after the melee (under the defeat it may bring)
    if h > m:
        ctx.push(MeleeWinStep(step="melee_win", hero=hero))
    elif m > h or traits.undead(ctx, leader.card):
        rule = "FA-140" if m > h else "FA-141"
        if traits.can_defeat(ctx, leader.card, hero):
            ctx.emit("melee_lost", rule, f"{ctx.name(leader.card)} beats {ctx.name(hero)}.", hero=hero)
            defeat.defeat(ctx, hero, f"it lost its melee to {ctx.name(leader.card)}")
        else:
            ctx.emit("immune", "FA-203", f"{ctx.name(hero)} cannot be defeated by {ctx.name(leader.card)}.")
    else:
        ctx.emit("melee_tie", "FA-141", "A tie: both survive.")


def _defeatable(ctx: Ctx, hero: str) -> list[str]:
    return [m.card for m in hordes(ctx).get(hero, []) if traits.can_defeat(ctx, hero, m.card)]


def ask_melee_win(ctx: Ctx, step: MeleeWinStep) -> Decision | None:
    choices = _defeatable(ctx, step["hero"])
    if len(choices) <= 1:
        return None
    options = tuple(Option(f"defeat:{m}", f"Defeat {ctx.name(m)}", ("card", m)) for m in choices)
    return Decision(ctx.hero_player, "melee_win", f"{ctx.name(step['hero'])} wins: which monster does it defeat?",
                    options, rule="FA-139")


def answer_melee_win(ctx: Ctx, step: MeleeWinStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    _win(ctx, step["hero"], choice[0].partition(":")[2])


@FLOW.automatic(MeleeWinStep)
def run_melee_win(ctx: Ctx, step: MeleeWinStep) -> None:
    ctx.state.stack.pop()
    choices = _defeatable(ctx, step["hero"])
    if choices:
        _win(ctx, step["hero"], choices[0])
    else:
        ctx.emit("immune", "FA-206", f"{ctx.name(step['hero'])} wins, but can defeat none of its monsters.")


def _win(ctx: Ctx, hero: str, monster: str) -> None:
    ctx.emit("melee_won", "FA-139", f"{ctx.name(hero)} wins its melee against {ctx.name(monster)}.",
             hero=hero, monster=monster)
    defeat.defeat(ctx, monster, f"it lost to {ctx.name(hero)}")


FLOW.question(MeleeWinStep, ask_melee_win, answer_melee_win)
