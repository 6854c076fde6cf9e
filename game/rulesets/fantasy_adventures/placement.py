"""Stage II: Placement (FA-051 to FA-058).

The monster player builds his Encounter stacks one card at a time: he picks a party to attack
(never his own, at most one stack per party per turn, FA-051), then adds cards from his hand,
then closes the stack and may start the next. The printed Melee of a stack's monsters may
total at most 6 + 3 x the game turn (FA-053); traps, items and spells do not count. Traps sit
above every other card, in the order he adds them, and are revealed top first (FA-055). A stack
with a trap is a lair, one without a wandering Encounter (FA-056): a "Lair only" monster needs
a trap in its stack and a "Wandering only" monster none (FA-057), so a trap cannot join a stack
holding a Wandering-only monster, and a Lair-only monster joins only a stack that holds a
trap (the app asks for the trap first, so a stack can always be closed). Then he declares the order of the Encounters (FA-058).

Stacks are face down: everyone sees which party a stack targets and how many cards it holds;
only the monster player sees what is in it (section 7).
"""

from __future__ import annotations

from game.core.decision import Blocked, Decision, Option
from game.core.words import counted
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.steps import OrderStep, PlaceStep


def stack_limit(game_turn: int) -> int:
    """The Melee limit of one stack: 9, 12, 15, 18 in game turns 1 to 4 (FA-053)."""
    return 6 + 3 * game_turn


def stack_melee(ctx: Ctx, stack: list[str]) -> int:
    return sum(ctx.card(c).melee for c in stack if ctx.card(c).kind == "monster")


def _has_trap(ctx: Ctx, stack: list[str]) -> bool:
    return any(ctx.card(c).kind == "trap" for c in stack)


def _why_not(ctx: Ctx, stack: list[str], card: str) -> tuple[str, str] | None:
    """Why ``card`` may not join ``stack`` now (reason, rule), or None."""
    info = ctx.card(card)
    if info.kind == "hero":
        return "Heroes never go in a stack.", "FA-001"
    if info.kind == "monster":
        room = stack_limit(ctx.state.game_turn) - stack_melee(ctx, stack)
        if info.melee > room:
            return (f"{info.name} (Melee {info.melee}) would take the stack over its limit of "
                    f"{stack_limit(ctx.state.game_turn)} ({room} left)."), "FA-053"
        if info.wandering_only and _has_trap(ctx, stack):
            return f"{info.name} is Wandering only, and this stack holds a trap.", "FA-057"
        if info.lair_only and not _has_trap(ctx, stack):
            # Asked for before the monster, the trap keeps the stack closable at every step.
            return f"{info.name} is Lair only: add a trap to this stack first.", "FA-057"
    if info.kind == "trap" and any(ctx.card(c).kind == "monster" and ctx.card(c).wandering_only for c in stack):
        return "A Wandering-only monster is in this stack, so it cannot hold a trap.", "FA-057"
    return None


def ask_place(ctx: Ctx, step: PlaceStep) -> Decision | None:
    state = ctx.state
    seat = state.monster
    player = ctx.player(seat)
    if step["target"] < 0:
        targets = [s for s in state.remaining() if s != seat and str(s) not in state.stacks]
        if not targets or not player.hand:
            return None
        parties = tuple(Option(f"attack:{t}", f"Place a stack on {ctx.who(t)}'s party", ("seat", str(t)))
                        for t in targets)
        return Decision(seat, "place", "Stage II: place an Encounter stack on a party, or end placement.",
                        parties + (Option("end", "Place no more stacks"),), rule="FA-051")
    stack = state.stacks[str(step["target"])]
    options: list[Option] = []
    blocked: list[Blocked] = []
    for card in player.hand:
        reason = _why_not(ctx, stack, card)
        if reason is None:
            options.append(Option(f"add:{card}", f"Add {ctx.name(card)}", ("card", card)))
        else:
            blocked.append(Blocked(f"add:{card}", reason[0], reason[1], ("card", card)))
    limit, used = stack_limit(state.game_turn), stack_melee(ctx, stack)
    if not stack:
        close = Option("end", "Place no stack after all")
    else:
        close = Option("end", f"Close this stack ({counted(len(stack), 'card')})")
    prompt = (f"Stack on {ctx.who(step['target'])}'s party: {counted(len(stack), 'card')}, Melee {used} of {limit}. "
              "Add a card or close the stack.")
    return Decision(seat, "place", prompt, tuple(options) + (close,), rule="FA-053",
                    blocked=tuple(blocked))


def answer_place(ctx: Ctx, step: PlaceStep, seat: int, choice: tuple[str, ...]) -> None:
    state = ctx.state
    player = ctx.player(seat)
    picked = choice[0]
    if step["target"] < 0:
        if picked == "end":
            state.stack.pop()
            return
        target = int(picked.partition(":")[2])
        step["target"] = target
        state.stacks[str(target)] = []
        return
    stack = state.stacks[str(step["target"])]
    if picked == "end":
        _close(ctx, step)
        return
    card = picked.partition(":")[2]
    player.hand.remove(card)
    traps = [c for c in stack if ctx.card(c).kind == "trap"]
    if ctx.card(card).kind == "trap":
        stack.insert(len(traps), card)  # below the traps added before it: they are revealed first
    else:
        stack.append(card)
    ctx.emit("stack_card", "FA-051", f"{player.name} adds a card to the stack on {ctx.who(step['target'])}'s party.",
             seat=seat, target=step["target"], count=len(stack))
    ctx.emit("stack_card_private", "FA-055", f"You add {ctx.name(card)} to the stack.", seats=(seat,), card=card)


def _close(ctx: Ctx, step: PlaceStep) -> None:
    state = ctx.state
    target = step["target"]
    stack = state.stacks[str(target)]
    step["target"] = -1
    if not stack:
        del state.stacks[str(target)]
        return
    if _has_trap(ctx, stack):
        state.lairs.append(target)
    state.order.append(target)
    ctx.emit("stack_placed", "FA-051",
             f"{ctx.who(state.monster)} places a stack of {len(stack)} card{'s' if len(stack) != 1 else ''} "
             f"on {ctx.who(target)}'s party.", seat=state.monster, target=target, count=len(stack))


@FLOW.automatic(PlaceStep)
def run_place(ctx: Ctx, step: PlaceStep) -> None:
    if step["target"] >= 0:
        _close(ctx, step)
        return
    ctx.state.stack.pop()


FLOW.question(PlaceStep, ask_place, answer_place)


# -- the order of the Encounters (FA-058) -------------------------------------------------------------

def ask_order(ctx: Ctx, step: OrderStep) -> Decision | None:
    state = ctx.state
    undeclared = state.order[step["declared"]:]
    if len(undeclared) <= 1:
        return None
    options = tuple(Option(f"next:{t}", f"{ctx.who(t)}'s Encounter next", ("seat", str(t))) for t in undeclared)
    return Decision(state.monster, "encounter_order", "Declare the order of the Encounters: which comes next?",
                    options, rule="FA-058")


def answer_order(ctx: Ctx, step: OrderStep, seat: int, choice: tuple[str, ...]) -> None:
    state = ctx.state
    target = int(choice[0].partition(":")[2])
    done = step["declared"]
    state.order.remove(target)
    state.order.insert(done, target)
    step["declared"] = done + 1


@FLOW.automatic(OrderStep)
def run_order(ctx: Ctx, step: OrderStep) -> None:
    state = ctx.state
    state.stack.pop()
    if state.order:
        order = ", then ".join(ctx.who(t) for t in state.order)
        ctx.emit("encounter_order", "FA-058", f"The Encounters will be resolved in this order: {order}.",
                 order=list(state.order))


FLOW.question(OrderStep, ask_order, answer_order)
