"""An Encounter from its start to its end, and retreat (FA-059, FA-075 to FA-079, FA-094 to
FA-098, FA-191, FA-237).

An Encounter runs its trap stage, its surprise stage and its combat stage in order (FA-043).
It ends when the party retreats (FA-076), when the party has no heroes left (FA-094, FA-237)
or when no monsters are left (FA-095). Whenever it ends, every card of the monster player
still on the table from it is discarded (FA-098), fear ends (FA-191), flipped heroes unflip
(FA-116, A-21) and pending summoned heroes enter their positions (FA-237).

The Encounter's steps sit above the player turn's ``next_encounter`` step on the flow stack;
ending the Encounter removes them all at once, whatever stage it is in.
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.state import Encounter, Stage
from game.rulesets.fantasy_adventures.steps import (
    CombatStartStep,
    EncounterEndStep,
    RetreatPenaltyStep,
    RetreatStep,
    SurpriseStep,
    TrapRoundStep,
)


def begin_encounter(ctx: Ctx, target: int) -> None:
    """Start the Encounter against ``target``'s party (its steps go above next_encounter)."""
    state = ctx.state
    stack = state.stacks.pop(str(target))
    encounter = state.encounter = Encounter(target=target, stack=stack, lair=target in state.lairs)
    state.stage = encounter.stage  # (its trap stage)
    ctx.player(target).attacked = True
    kind = "a lair" if encounter.lair else "a wandering Encounter"
    ctx.emit("encounter", "FA-056", f"{ctx.who(state.monster)}'s stack of {len(stack)} card{'s' if len(stack) != 1 else ''} attacks "
             f"{ctx.who(target)}'s party: {kind}.", headline=f"Encounter: {ctx.who(target)}",
             seat=state.monster, target=target, lair=encounter.lair)
    ctx.push(CombatStartStep(step="combat_start"))
    ctx.push(SurpriseStep(step="surprise"))
    ctx.push(TrapRoundStep(step="trap_round"))
    windows.open_response(ctx, "W1")


def enter_stage(ctx: Ctx, stage: Stage) -> None:
    """The Encounter goes on to its ``stage`` (III Traps, IV Surprise, V Combat, FA-043), which is
    also the game's stage while the Encounter lasts: the views say what the game is doing."""
    ctx.encounter.stage = stage
    ctx.state.stage = stage


def party_gone(ctx: Ctx) -> bool:
    """The party has no heroes left, in play or feared (FA-094, FA-237)."""
    return not ctx.player(ctx.hero_player).heroes()


def end_encounter(ctx: Ctx, reason: str, rule: str) -> None:
    """End the Encounter now: its remaining steps go, and its cards are cleared away (FA-098).
    The caller returns at once: its own step is gone too."""
    state = ctx.state
    while state.stack and state.stack[-1]["step"] != "next_encounter":
        state.stack.pop()
    ctx.push(EncounterEndStep(step="encounter_end", reason=reason))
    ctx.emit("encounter_ends", rule, f"The Encounter against {ctx.who(ctx.hero_player)}'s party ends: {reason}.",
             target=ctx.hero_player)


@FLOW.automatic(EncounterEndStep)
def run_encounter_end(ctx: Ctx, step: EncounterEndStep) -> None:
    state = ctx.state
    state.stack.pop()
    encounter = ctx.encounter
    leftovers = encounter.stack + [m.card for m in encounter.monsters] + ([encounter.trap] if encounter.trap else [])
    encounter.trap = ""
    for card in leftovers:
        ctx.discard(card)
    if leftovers:
        names = ", ".join(ctx.name(c) for c in leftovers)
        # Cards still face down in the stack are turned up as they go: no undo past that.
        ctx.emit("encounter_discard", "FA-098", f"The monster player's cards of this Encounter are discarded: {names}.",
                 cards=leftovers, irreversible=bool(encounter.stack))
    encounter.stack, encounter.monsters = [], []
    for player in state.players:
        player.flipped.clear()  # (FA-116, A-21)
        player.waiting.clear()  # a summoned hero enters its position (FA-237)
    hero_player = ctx.player(encounter.target)
    if hero_player.feared:
        ctx.emit("fear_ends", "FA-191", "Fear ends: the feared heroes turn face up.", target=encounter.target)
        hero_player.feared.clear()
    state.encounter = None


# -- retreat (FA-073, FA-075 to FA-079, FA-084, FA-093) ---------------------------------------------

def ask_retreat(ctx: Ctx, step: RetreatStep) -> Decision | None:
    encounter = ctx.encounter
    if encounter.defeats == 0 or party_gone(ctx):
        return None
    return Decision(ctx.hero_player, "retreat",
                    "A hero of your party was defeated: retreat (and pay the penalty), or fight on?",
                    (Option("continue", "Fight on"), Option("retreat", "Retreat")), rule="FA-075")


def answer_retreat(ctx: Ctx, step: RetreatStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice == ("retreat",):
        ctx.player(seat).retreated = True
        ctx.emit("retreat", "FA-075", f"{ctx.who(seat)}'s party retreats.", headline="Retreat", seat=seat)
        ctx.push(RetreatPenaltyStep(step="retreat_penalty"))


@FLOW.automatic(RetreatStep)
def run_retreat(ctx: Ctx, step: RetreatStep) -> None:
    ctx.state.stack.pop()


FLOW.question(RetreatStep, ask_retreat, answer_retreat)


def ask_penalty(ctx: Ctx, step: RetreatPenaltyStep) -> Decision | None:
    player = ctx.player(ctx.hero_player)
    owned = [(hero, item) for hero in player.heroes() for item in player.items.get(hero, [])]
    if owned:
        options = tuple(Option(f"item:{item}", f"{ctx.name(item)} ({ctx.name(hero)})", ("card", item))
                        for hero, item in owned)
        return Decision(ctx.state.monster, "retreat_item", "The party retreats: choose one of its items to discard.",
                        options, rule="FA-077")
    heroes = player.heroes()
    if not heroes:
        return None
    options = tuple(Option(f"hero:{h}", ctx.name(h), ("card", h)) for h in heroes)
    return Decision(ctx.hero_player, "retreat_hero", "Your party owns no items: choose a hero to discard.",
                    options, rule="FA-078")


def answer_penalty(ctx: Ctx, step: RetreatPenaltyStep, seat: int, choice: tuple[str, ...]) -> None:
    kind, _, card = choice[0].partition(":")
    player = ctx.player(ctx.hero_player)
    if kind == "item":
        for owned in player.items.values():
            if card in owned:
                owned.remove(card)
        ctx.discard(card)
        ctx.emit("retreat_item", "FA-077", f"{ctx.who(seat)} has {player.name} discard {ctx.name(card)}.", card=card)
    else:
        ctx.remove_hero(card)
        ctx.emit("retreat_hero", "FA-078", f"{player.name} discards {ctx.name(card)}.", card=card)
    _after_retreat(ctx)


@FLOW.automatic(RetreatPenaltyStep)
def run_penalty(ctx: Ctx, step: RetreatPenaltyStep) -> None:
    _after_retreat(ctx)


def _after_retreat(ctx: Ctx) -> None:
    end_encounter(ctx, "the party retreated", "FA-076")


FLOW.question(RetreatPenaltyStep, ask_penalty, answer_penalty)
