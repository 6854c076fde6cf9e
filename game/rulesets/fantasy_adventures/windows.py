"""Response windows (checklist 6.1, from FA-164, FA-156, FA-131, FA-201, FA-202).

At each checkpoint of an Encounter (W1 to W10) every player still in the game is asked, in
priority order: the hero player, the monster player, then the non-involved players clockwise
from the monster player. Each may play one eligible effect or pass; after an effect, priority
starts again with the next player in that order, and the window closes when every player has
passed in succession. After every defeat a heal window (WD) asks the same players, offering only
healing (FA-202).

The kernel's fair windows (core.window) ask every player whether or not he holds an answer, so
the sequence of questions never tells anyone what is in a hand; a player with nothing to play is
asked with "pass" as the only answer, which whoever plays the seat answers at once.

What a player may play at a window is listed by responses.py.
"""

from __future__ import annotations

from typing import Sequence

from game.core.decision import Option
from game.core.window import register_window
from game.rulesets.fantasy_adventures import responses
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.steps import HealWindowStep, ResponseWindowStep

CHECKPOINTS = {
    "W1": "At the start of the Encounter",
    "W2": "In the trap round",
    "W3": "At the end of the trap round",
    "W4": "Before the surprise roll",
    "W5": "After the surprise stage's duel",
    "W6": "After Assignment",
    "W7": "In the Ranged phase",
    "W8": "In the Melee phase",
    "W9": "After an action",
    "W10": "At the end of the combat round",
}


def priority(ctx: Ctx) -> list[int]:
    """The hero player, the monster player, then the others clockwise from the monster player (6.1)."""
    state = ctx.state
    hero, monster = ctx.hero_player, state.monster
    return [hero, monster] + [s for s in state.clockwise_from(monster) if s not in (hero, monster)]


def open_response(ctx: Ctx, checkpoint: str) -> None:
    """Push the response window of ``checkpoint`` (it runs before the steps under it)."""
    ctx.push(ResponseWindowStep(step="response", seats=priority(ctx), checkpoint=checkpoint))


def open_heal_window(ctx: Ctx, card: str) -> None:
    ctx.push(HealWindowStep(step="heal_window", seats=priority(ctx), card=card))


def _restart_after(ctx: Ctx, seat: int) -> list[int]:
    """After ``seat`` played an effect, every player is asked again, the next one first (6.1)."""
    order = priority(ctx)
    i = order.index(seat)
    return order[i + 1:] + order[:i + 1]


def _responses(ctx: Ctx, step: ResponseWindowStep, seat: int) -> Sequence[Option]:
    return responses.window_responses(ctx, seat, step["checkpoint"])


def _respond(ctx: Ctx, step: ResponseWindowStep, seat: int, choice: tuple[str, ...]) -> None:
    step["seats"] = _restart_after(ctx, seat)
    responses.play(ctx, seat, choice[0])


def _prompt(ctx: Ctx, step: ResponseWindowStep, seat: int) -> str:
    return f"{CHECKPOINTS[step['checkpoint']]}: play a spell or an anytime ability, or pass."


register_window(FLOW, ResponseWindowStep, rule="FA-164", responses=_responses, respond=_respond, prompt=_prompt)


def _heal_responses(ctx: Ctx, step: HealWindowStep, seat: int) -> Sequence[Option]:
    return responses.heal_responses(ctx, seat, step["card"])


def _heal_respond(ctx: Ctx, step: HealWindowStep, seat: int, choice: tuple[str, ...]) -> None:
    responses.play_heal(ctx, seat, choice[0], step["card"])
    # A healed card is no longer defeated: nobody needs to heal it again (FA-199).
    step["seats"] = [] if responses.healed(ctx, step["card"]) else _restart_after(ctx, seat)


def _heal_prompt(ctx: Ctx, step: HealWindowStep, seat: int) -> str:
    return f"{ctx.name(step['card'])} was defeated: heal it, or pass."


register_window(FLOW, HealWindowStep, rule="FA-202", responses=_heal_responses, respond=_heal_respond,
                prompt=_heal_prompt)
