"""What cards do when they act: traps going off (FA-072), normal abilities and offensive spells
as actions (FA-160), and the effects they share (defeat, fear, heal, summon, Melee changes).

Each effect reads the card's structured ability (its verb and parameters, vocabulary.py) and
does what the rulebook's glossary says for it.
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Option
from game.rulesets.fantasy_adventures import defeat, traits
from game.rulesets.fantasy_adventures.context import Ctx


def trap_could_act(ctx: Ctx, trap: str, hero: str) -> bool:
    """Whether a revealed trap could have any effect at all (FA-069): an item-loss trap on a hero
    with no such item could not, nor fear on a hero immune to it."""
    player = ctx.owner_of_hero(hero)
    for ability in ctx.card(trap).abilities:
        if ability.verb == "lose_item":
            if not player.items.get(hero):
                continue
            return True
        if ability.verb == "discard_group":
            group = ability.params["group"]
            if any(group in ctx.card(i).groups for i in player.items.get(hero, [])):
                return True
            continue
        if ability.verb == "fear" and traits.immune_to(ctx, hero, "fear"):
            continue
        return True
    return False


def trap_fires(ctx: Ctx, trap: str, hero: str) -> None:
    """A trap goes off on the entering hero unless it names another target (FA-072, A-12)."""
    for ability in ctx.card(trap).abilities:
        _trap_effect(ctx, trap, hero, ability)


def _trap_effect(ctx: Ctx, trap: str, hero: str, ability: Any) -> None:
    verb = ability.verb
    if verb == "defeat":
        defeat.defeat(ctx, hero, f"{ctx.name(trap)}")
    else:
        ctx.emit("trap_effect", "FA-072", f"{ctx.name(trap)} has no effect the rules know yet.", card=trap)


def action_options(ctx: Ctx, seat: int) -> list[Option]:
    """The actions ``seat`` may take now (FA-160, FA-162)."""
    return []


def take_action(ctx: Ctx, seat: int, option: str) -> None:
    raise AssertionError(f"unknown action {option}")
