"""Stage III: Traps (FA-065 to FA-074).

One trap round per trap. The monster player says whether traps remain (FA-066); if so, the hero
player picks an entering hero from the front rank (FA-067, FA-074), the top trap is revealed
(FA-068), and a trap that could have no effect is discarded at once (FA-069). Otherwise the hero
player rolls to disarm: 1-2, or 1-4 for a hero with the trap ability, bonuses to disarm rolls
helping (FA-070, FA-181). A disarmed trap is discarded (FA-071); a trap that is not goes off on
the entering hero unless it names another target (FA-072, A-12), then is discarded. After a
round in which a hero of the party was defeated, the party may retreat (FA-073).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import effects, party, totals, traits, windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.encounter import end_encounter, enter_stage, party_gone
from game.rulesets.fantasy_adventures.steps import (
    DisarmStep,
    EnteringStep,
    LoseItemStep,
    RetreatStep,
    RevealTrapStep,
    TrapRoundStep,
)

DISARM = 2
DISARM_WITH_TRAP_ABILITY = 4


@FLOW.automatic(TrapRoundStep)
def run_trap_round(ctx: Ctx, step: TrapRoundStep) -> None:
    encounter = ctx.encounter
    if party_gone(ctx):
        end_encounter(ctx, "the party has no heroes left", "FA-237")
        return
    encounter.defeats = 0
    encounter.entering = ""
    traps_left = bool(encounter.stack) and ctx.card(encounter.stack[0]).kind == "trap"
    # What the face-down stack holds, told (yes or no): the choice that led here cannot be undone.
    ctx.emit("traps_remain", "FA-066", f"{ctx.who(ctx.state.monster)}: " + ("a trap remains." if traps_left else
                                                                          "no traps remain."), traps=traps_left,
             irreversible=True)
    if not traps_left:
        ctx.state.stack.pop()  # the surprise stage is next (it is under this step)
        enter_stage(ctx, "surprise")
        return
    # This step stays below: the next trap round follows this one.
    windows.open_response(ctx, "W3")
    ctx.push(RetreatStep(step="retreat", when="trap"))
    ctx.push(RevealTrapStep(step="reveal_trap"))
    windows.open_response(ctx, "W2")
    ctx.push(EnteringStep(step="entering"))


def ask_entering(ctx: Ctx, step: EnteringStep) -> Decision | None:
    player = ctx.player(ctx.hero_player)
    candidates = party.entering_candidates(player)
    if not candidates:
        return None
    options = tuple(Option(f"hero:{h}", ctx.name(h), ("card", h)) for h in candidates)
    return Decision(ctx.hero_player, "entering", "A trap remains: choose the entering hero.", options, rule="FA-067")


def answer_entering(ctx: Ctx, step: EnteringStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    hero = choice[0].partition(":")[2]
    player = ctx.player(seat)
    ctx.encounter.entering = hero
    if hero in player.feared:
        player.feared.remove(hero)  # picking a feared hero ends its fear (FA-074, A-13)
        ctx.emit("fear_ends", "FA-074", f"{ctx.name(hero)} is no longer feared.", hero=hero)
    ctx.emit("entering", "FA-067", f"{ctx.name(hero)} enters first.", hero=hero)


@FLOW.automatic(EnteringStep)
def run_entering(ctx: Ctx, step: EnteringStep) -> None:
    ctx.state.stack.pop()


FLOW.question(EnteringStep, ask_entering, answer_entering)


@FLOW.automatic(RevealTrapStep)
def run_reveal_trap(ctx: Ctx, step: RevealTrapStep) -> None:
    ctx.state.stack.pop()
    encounter = ctx.encounter
    trap = encounter.stack.pop(0)
    ctx.emit("trap_revealed", "FA-068", f"The trap is revealed: {ctx.name(trap)}.", card=trap, irreversible=True)
    if not encounter.entering or not effects.trap_could_act(ctx, trap, encounter.entering):
        ctx.discard(trap)
        ctx.emit("trap_no_effect", "FA-069", f"{ctx.name(trap)} could have no effect and is discarded.", card=trap)
        return
    encounter.trap = trap
    ctx.push(DisarmStep(step="disarm", trap=trap))
    windows.open_response(ctx, "W2")


@FLOW.automatic(DisarmStep)
def run_disarm(ctx: Ctx, step: DisarmStep) -> None:
    ctx.state.stack.pop()
    trap, hero = step["trap"], ctx.encounter.entering
    need = DISARM_WITH_TRAP_ABILITY if traits.trap_ability(ctx, hero) else DISARM
    bonuses = traits.disarm_bonuses(ctx, hero)
    bonus = sum(bonuses)
    die = ctx.roll()
    disarmed = totals.succeeds(die, 1, need, bonuses)
    rule = "FA-071" if disarmed else "FA-072"
    ctx.emit("disarm", "FA-070", f"{ctx.name(hero)} tries to disarm {ctx.name(trap)} (1-{need}"
             + (f", bonus {bonus}" if bonus else "") + f"): rolled {die}.", die=die, need=need, bonus=bonus, hero=hero)
    if disarmed:
        ctx.encounter.trap = ""
        ctx.discard(trap)
        ctx.emit("disarmed", rule, f"{ctx.name(trap)} is disarmed and discarded.", card=trap)
        return
    ctx.emit("trap_fires", rule, f"{ctx.name(trap)} goes off on {ctx.name(hero)}.", card=trap, hero=hero)
    effects.trap_fires(ctx, trap, hero)
    # Discarded only after its effect (FA-072): a summon it makes searches the deck while the
    # trap is still on the table, so a deck made again from the discard pile never takes it in.
    ctx.encounter.trap = ""
    ctx.discard(trap)


def ask_lose_item(ctx: Ctx, step: LoseItemStep) -> Decision | None:
    hero = step["hero"]
    owned = ctx.owner_of_hero(hero).items.get(hero, [])
    if not owned:
        return None
    options = tuple(Option(f"item:{i}", ctx.name(i), ("card", i)) for i in owned)
    return Decision(ctx.state.monster, "lose_item", f"The trap makes {ctx.name(hero)} lose one item: which?",
                    options, rule="FA-072")


def answer_lose_item(ctx: Ctx, step: LoseItemStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    item = choice[0].partition(":")[2]
    ctx.owner_of_hero(step["hero"]).items[step["hero"]].remove(item)
    ctx.discard(item)
    ctx.emit("item_lost", "FA-072", f"{ctx.name(step['hero'])} loses {ctx.name(item)}.", card=item)


@FLOW.automatic(LoseItemStep)
def run_lose_item(ctx: Ctx, step: LoseItemStep) -> None:
    ctx.state.stack.pop()


FLOW.question(LoseItemStep, ask_lose_item, answer_lose_item)
