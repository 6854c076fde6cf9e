"""What a player may play at a response window (checklist 6.1, FA-131, FA-133, FA-156 to
FA-159, FA-164, FA-201, FA-202): protection spells (the hero player), anytime spells and
abilities (anyone), a monster's anytime card from hand, and at a heal window only healing.
The uses themselves are listed and carried out by uses.py.
"""

from __future__ import annotations

from game.core.decision import Option
from game.rulesets.fantasy_adventures import uses
from game.rulesets.fantasy_adventures.context import Ctx


def window_responses(ctx: Ctx, seat: int, checkpoint: str) -> list[Option]:
    return uses.options(ctx, seat, "window")


def play(ctx: Ctx, seat: int, option: str) -> None:
    uses.perform(ctx, seat, option, "window")


def heal_responses(ctx: Ctx, seat: int, card: str) -> list[Option]:
    return uses.options(ctx, seat, "heal", card)


def play_heal(ctx: Ctx, seat: int, option: str, card: str) -> None:
    uses.perform(ctx, seat, option, "heal", card)


def healed(ctx: Ctx, card: str) -> bool:
    encounter = ctx.state.encounter
    return encounter is not None and card in encounter.healed
