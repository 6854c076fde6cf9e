"""Stage V: the combat stage's rounds and Assignment (FA-091 to FA-111, FA-116, FA-224).

At the start of the combat stage every card left in the stack is revealed; its monsters come
into play and its items and spells are discarded with no effect (FA-091, A-09). Each combat
round has four phases: Assignment, Ranged, Melee, Action (FA-092). Then flipped heroes unflip
(FA-116), and after a round in which a hero of the party was defeated the party may retreat
(FA-093). The Encounter ends when one side has nobody left (FA-094, FA-095; a pending card
still counts).

Assignment: the monster player assigns every unassigned monster to a hero it may attack
(FA-099, FA-100, FA-105); in later rounds a monster joins a hero who already has one only if
no eligible hero is free (FA-107, A-20). Several monsters on one hero are a Horde; he names
the meleeing monster of each Horde (FA-101, FA-108) and the order of the melees (FA-104).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import party, traits, windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.encounter import end_encounter, enter_stage, party_gone
from game.rulesets.fantasy_adventures.state import Monster
from game.rulesets.fantasy_adventures.steps import (
    ActionStep,
    AssignStep,
    CombatStartStep,
    MeleeingStep,
    MeleeOrderStep,
    MeleeStep,
    RangedRollStep,
    RangedTargetStep,
    RetreatStep,
    RoundEndStep,
    RoundStep,
    SupportStep,
)


STANDOFF_ROUNDS = 10
"""Combat rounds in a row in which no card leaves the fight after which the Encounter ends as a
stand-off. The rulebook has no such rule: a hero immune to its only monster's element that can
never beat it would otherwise fight for ever (neither side can be defeated, and retreat needs a
defeat, FA-075). Ten quiet rounds in a row never happen while either side has a real chance."""


@FLOW.automatic(CombatStartStep)
def run_combat_start(ctx: Ctx, step: CombatStartStep) -> None:
    state = ctx.state
    state.stack.pop()
    if party_gone(ctx):  # emptied in the trap or surprise stage: no combat stage at all (FA-237)
        end_encounter(ctx, "the party has no heroes left", "FA-237")
        return
    encounter = ctx.encounter
    enter_stage(ctx, "combat")
    revealed = list(encounter.stack)
    encounter.stack.clear()
    for card in revealed:
        if ctx.card(card).kind == "monster":
            encounter.monsters.append(Monster(card=card, controller=state.monster))
        else:
            ctx.discard(card)  # items, spells (and any trap left) have no effect here
    if revealed:
        names = ", ".join(ctx.name(c) for c in revealed)
        # Face-down cards turned up: the choice that led here cannot be undone (section 7).
        ctx.emit("stack_revealed", "FA-091", f"The stack is revealed: {names}.", cards=revealed, irreversible=True)
    ctx.push(RoundStep(step="combat_round"))


@FLOW.automatic(RoundStep)
def run_round(ctx: Ctx, step: RoundStep) -> None:
    encounter = ctx.encounter
    player = ctx.player(ctx.hero_player)
    if not player.heroes():
        end_encounter(ctx, "the party has no heroes left", "FA-094")
        return
    if not encounter.monsters:
        end_encounter(ctx, "every monster is defeated, and the heroes are victorious", "FA-095")
        return
    if encounter.quiet_rounds >= STANDOFF_ROUNDS:
        end_encounter(ctx, f"a stand-off: {STANDOFF_ROUNDS} combat rounds without anyone leaving the fight", "FA-096")
        return
    encounter.round += 1
    encounter.defeats = 0
    encounter.round_start = [len(encounter.monsters), len(player.heroes())]
    encounter.supports.clear()
    encounter.ranged.clear()
    player.waiting.clear()  # heroes summoned last round are in play now (FA-224)
    encounter.melee_change.clear()
    for monster in encounter.monsters:
        if monster.pending:
            monster.pending = False  # summoned last round: in play now (FA-224)
        monster.melee_bonus = 0
    ctx.emit("combat_round", "FA-092", f"Combat round {encounter.round}.", headline=f"Round {encounter.round}",
             round=encounter.round)
    # This step stays below: after the round, the next begins (FA-096).
    ctx.push(RoundEndStep(step="round_end"))
    ctx.push(ActionStep(step="action", turn=ctx.hero_player, last=False))
    ctx.push(MeleeStep(step="melee"))
    windows.open_response(ctx, "W8")
    ctx.push(SupportStep(step="support"))
    windows.open_response(ctx, "W7")
    ctx.push(RangedRollStep(step="ranged_roll"))
    windows.open_response(ctx, "W7")
    ctx.push(RangedTargetStep(step="ranged_target", attacks=[], order=[]))
    windows.open_response(ctx, "W6")
    ctx.push(MeleeOrderStep(step="melee_order", declared=[]))
    ctx.push(MeleeingStep(step="meleeing", hero=""))
    ctx.push(AssignStep(step="assign", first=encounter.round == 1))


# -- Assignment (FA-099 to FA-108) ------------------------------------------------------------------

def _unassigned(ctx: Ctx) -> list[Monster]:
    """Monsters in play needing a hero: none yet, or one they may no longer attack (FA-105, FA-106)."""
    player = ctx.player(ctx.hero_player)
    out = []
    for monster in ctx.encounter.monsters:
        if monster.pending:
            continue
        # A monster on a feared hero is assigned again: it stays on him only as the last resort,
        # and that attack ends his fear (FA-106, FA-190).
        if (monster.hero and monster.hero not in player.feared
                and monster.hero in party.attackable(ctx, player, traits.monster_flies(ctx, monster.card))):
            continue
        out.append(monster)
    return out


def eligible_heroes(ctx: Ctx, monster: Monster, first: bool) -> list[str]:
    """The heroes ``monster`` may be assigned to now (FA-100, FA-107, A-20)."""
    player = ctx.player(ctx.hero_player)
    heroes = party.attackable(ctx, player, traits.monster_flies(ctx, monster.card))
    if first:
        return heroes
    taken = {m.hero for m in ctx.encounter.monsters if m.hero and m is not monster}
    free = [h for h in heroes if h not in taken]
    return free or heroes


def ask_assign(ctx: Ctx, step: AssignStep) -> Decision | None:
    # Every waiting monster is offered, not only the first: after the first Assignment the
    # monster player decides which monster takes a free hero and which joins a Horde (FA-107).
    waiting = _unassigned(ctx)
    options = tuple(Option(f"assign:{monster.card}:{h}", f"{ctx.name(monster.card)} attacks {ctx.name(h)}",
                           ("card", h)) for monster in waiting for h in eligible_heroes(ctx, monster, step["first"]))
    if not options:
        return None
    whom = f"whom does {ctx.name(waiting[0].card)} attack?" if len(waiting) == 1 else "which monster attacks whom?"
    return Decision(ctx.state.monster, "assign", f"Assignment: {whom}", options,
                    rule="FA-107" if not step["first"] else "FA-099")


def answer_assign(ctx: Ctx, step: AssignStep, seat: int, choice: tuple[str, ...]) -> None:
    _, card, hero = choice[0].split(":")
    monster = ctx.monster(card)
    assert monster is not None
    monster.hero, monster.meleeing = hero, False
    player = ctx.player(ctx.hero_player)
    if hero in player.feared:
        player.feared.remove(hero)  # attacked: its fear ends (FA-190, A-13)
    ctx.emit("assign", "FA-099", f"{ctx.name(card)} attacks {ctx.name(hero)}.", card=card, hero=hero)


@FLOW.automatic(AssignStep)
def run_assign(ctx: Ctx, step: AssignStep) -> None:
    ctx.state.stack.pop()


FLOW.question(AssignStep, ask_assign, answer_assign)


def hordes(ctx: Ctx) -> dict[str, list[Monster]]:
    """Each attacked hero and the monsters assigned to it, in play order."""
    out: dict[str, list[Monster]] = {}
    for monster in ctx.encounter.monsters:
        if monster.hero and not monster.pending:
            out.setdefault(monster.hero, []).append(monster)
    return out


def ask_meleeing(ctx: Ctx, step: MeleeingStep) -> Decision | None:
    for hero, horde in hordes(ctx).items():
        if step["hero"] not in ("", hero):
            continue
        if len(horde) > 1 and not any(m.meleeing for m in horde):
            options = tuple(Option(f"melee:{m.card}", ctx.name(m.card), ("card", m.card)) for m in horde)
            return Decision(ctx.state.monster, "meleeing",
                            f"Which monster of the Horde on {ctx.name(hero)} melees it?", options,
                            rule="FA-103" if step["hero"] else "FA-101")
    return None


def answer_meleeing(ctx: Ctx, step: MeleeingStep, seat: int, choice: tuple[str, ...]) -> None:
    monster = ctx.monster(choice[0].partition(":")[2])
    assert monster is not None
    monster.meleeing = True
    ctx.emit("meleeing", "FA-101", f"{ctx.name(monster.card)} leads the Horde on {ctx.name(monster.hero)}.",
             card=monster.card, hero=monster.hero)


@FLOW.automatic(MeleeingStep)
def run_meleeing(ctx: Ctx, step: MeleeingStep) -> None:
    ctx.state.stack.pop()
    for horde in hordes(ctx).values():
        if len(horde) == 1:
            horde[0].meleeing = True  # alone: the meleeing monster (FA-102)


def declare_meleeing_again(ctx: Ctx) -> None:
    """Every Assignment phase names the meleeing monsters anew (FA-108)."""
    for monster in ctx.encounter.monsters:
        monster.meleeing = False


FLOW.question(MeleeingStep, ask_meleeing, answer_meleeing)


def ask_melee_order(ctx: Ctx, step: MeleeOrderStep) -> Decision | None:
    attacked = [h for h in hordes(ctx) if h not in step["declared"]]
    if len(attacked) <= 1:
        return None
    options = tuple(Option(f"next:{h}", f"{ctx.name(h)}'s melee next", ("card", h)) for h in attacked)
    return Decision(ctx.state.monster, "melee_order", "Declare the order of the melees: which comes next?",
                    options, rule="FA-104")


def answer_melee_order(ctx: Ctx, step: MeleeOrderStep, seat: int, choice: tuple[str, ...]) -> None:
    step["declared"].append(choice[0].partition(":")[2])


@FLOW.automatic(MeleeOrderStep)
def run_melee_order(ctx: Ctx, step: MeleeOrderStep) -> None:
    ctx.state.stack.pop()
    order = step["declared"] + [h for h in hordes(ctx) if h not in step["declared"]]
    ctx.encounter.melee_order = order
    if order:
        ctx.emit("melee_order", "FA-104", "Melees: " + ", then ".join(ctx.name(h) for h in order) + ".",
                 order=list(order))  # a copy: the melees use up the Encounter's list


FLOW.question(MeleeOrderStep, ask_melee_order, answer_melee_order)


# -- the end of the round (FA-093, FA-116) ----------------------------------------------------------

@FLOW.automatic(RoundEndStep)
def run_round_end(ctx: Ctx, step: RoundEndStep) -> None:
    ctx.state.stack.pop()
    for player in ctx.state.players:
        player.flipped.clear()
    encounter = ctx.encounter
    encounter.cast_this_round.clear()
    now = [len(encounter.monsters), len(ctx.player(encounter.target).heroes())]
    encounter.quiet_rounds = encounter.quiet_rounds + 1 if now == encounter.round_start else 0
    ctx.emit("unflip", "FA-116", "The combat round ends: every flipped hero turns back.")
    declare_meleeing_again(ctx)
    ctx.push(RetreatStep(step="retreat", when="combat"))
    windows.open_response(ctx, "W10")
