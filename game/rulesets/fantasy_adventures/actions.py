"""The Action phase (FA-160 to FA-165).

The hero player acts first, then the monster player, alternately: a hero player's action is a
hero's or an item's normal ability (a scroll included) or an offensive spell; the monster
player's is a monster's normal ability; either may pass (FA-160, FA-162). After a pass the other
player has exactly one more action, which he may pass too, and the phase ends (FA-163). After
every action every player may respond (window W9, FA-164).

An action question whose only answer is to pass is asked like a window's: the hero player's
actions include spells in his hidden hand, so asking him only when he holds one would tell the
table what he holds; whoever plays the seat answers a pass-only question at once.
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import uses, windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.steps import ActionStep


def ask_action(ctx: Ctx, step: ActionStep) -> Decision:
    seat = step["turn"]
    options = tuple(uses.options(ctx, seat, "action")) + (Option("pass", "Pass"),)
    last = " (your last action this phase)" if step["last"] else ""
    return Decision(seat, "action", f"Action phase: take an action{last}, or pass.", options, rule="FA-162",
                    window=True)


def answer_action(ctx: Ctx, step: ActionStep, seat: int, choice: tuple[str, ...]) -> None:
    other = ctx.state.monster if seat == ctx.hero_player else ctx.hero_player
    if choice == ("pass",):
        ctx.emit("action_pass", "FA-163", f"{ctx.who(seat)} passes.", seat=seat)
        if step["last"]:
            ctx.state.stack.pop()
        else:
            step["turn"], step["last"] = other, True
        return
    if step["last"]:
        ctx.state.stack.pop()
    else:
        step["turn"] = other
    windows.open_response(ctx, "W9")
    uses.perform(ctx, seat, choice[0], "action")


FLOW.question(ActionStep, ask_action, answer_action)
