"""The overlord's cards: played only at the moment their "Play when" names (DD-124).

At each such moment a card window (a kernel response window, game.core.window) is opened
and the overlord is asked whether or not he holds a card for it: with none, "pass" is his
only answer (a forced pass), so who is asked, and what the heroes see, never tells what is
in his hand. He is left out only when everyone can see he holds nothing (an empty hand).
One copy of a card per moment; a played card is discarded after it resolves.
"""

from __future__ import annotations

from game.core.decision import Option
from game.core.effects import Effect
from game.core.window import register_window
from game.rulesets.dungeon_delve.context import FLOW, Ctx
from game.rulesets.dungeon_delve.state import OVERLORD
from game.rulesets.dungeon_delve.steps import OverlordCardStep
from game.rulesets.dungeon_delve.vocabulary import VERBS


def push_card_window(ctx: Ctx, timing: str, *, hero: str | None = None, monster: str | None = None) -> None:
    if ctx.state.winner or not ctx.state.overlord_hand:
        return
    window: OverlordCardStep = {"step": "overlord_card", "seats": [OVERLORD], "timing": timing, "played": []}
    if hero is not None:
        window["hero"] = hero
    if monster is not None:
        window["monster"] = monster
    ctx.push(window)


def _playable(ctx: Ctx, step: OverlordCardStep) -> list[str]:
    """Cards in the overlord's hand for this moment, one per card name, not yet played now."""
    state = ctx.state
    timing = step["timing"]
    if not _moment_holds(ctx, step):
        return []
    seen: dict[str, str] = {}
    for card in state.overlord_hand:
        name = ctx.data.card_def(card).id
        if ctx.data.card_def(card).timing == timing and name not in step["played"] and name not in seen:
            seen[name] = card
    return list(seen.values())


def _moment_holds(ctx: Ctx, step: OverlordCardStep) -> bool:
    state = ctx.state
    if "hero" in step:
        hero = state.hero(step["hero"])
        if hero.knocked_out:
            return False
    if "monster" in step and state.monster(step["monster"]) is None:
        return False
    if step["timing"] in ("before_attack_roll", "after_monster_defense_roll") and state.attack is None:
        return False
    return True


def card_responses(ctx: Ctx, step: OverlordCardStep, seat: int) -> list[Option]:
    """The cards the overlord may play now (none: he is asked anyway, "pass" only)."""
    return [Option(f"card:{c}", f"Play {ctx.data.card_def(c).name}", ("card", c), ctx.data.card_def(c).text)
            for c in _playable(ctx, step)]


def card_prompt(ctx: Ctx, step: OverlordCardStep, seat: int) -> str:
    about = step.get("hero") or step.get("monster") or ""
    subject = f" ({ctx.name(about)})" if about else ""
    return f"Overlord: play a card now{subject}?"


def answer_card(ctx: Ctx, step: OverlordCardStep, seat: int, choice: tuple[str, ...]) -> None:
    card = choice[0].split(":", 1)[1]
    state = ctx.state
    state.overlord_hand.remove(card)
    definition = ctx.data.card_def(card)
    step["played"].append(definition.id)
    ctx.emit("card", "DD-124", f"The overlord plays {definition.name}.", card=card)
    for effect in definition.effects:
        VERBS.apply(ctx, effect, step)
    state.overlord_discard.append(card)


register_window(FLOW, OverlordCardStep, rule="DD-124", responses=card_responses, respond=answer_card,
                prompt=card_prompt, pass_label="Play nothing")


# The overlord cards' one-shot effects (DD-124): each acts on the attack, activation, hero or
# monster that the card's moment names, and does nothing where that is absent.

@VERBS.handles("add_dice")
def _add_dice(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if ctx.state.attack is not None:
        ctx.state.attack.dice.extend(effect.get("dice", []))


@VERBS.handles("extra_action")
def _extra_action(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if ctx.state.activation is not None:
        ctx.state.activation.extra_moves += 1


@VERBS.handles("action_limit")
def _action_limit(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    act = ctx.state.activation
    if act is not None:
        act.attacks_allowed = max(act.attacks_allowed, int(effect.get("max", 2)))


@VERBS.handles("bonus")
def _bonus(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if ctx.state.attack is not None and "monster" in step:
        bonus = ctx.state.attack.shield_bonus
        bonus[step["monster"]] = (bonus.get(step["monster"]) or 0) + int(effect.get("amount", 1))


@VERBS.handles("gain_condition")
def _gain_condition(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if "hero" in step:
        ctx.give_condition(step["hero"], effect.get("condition"), "DD-124")


@VERBS.handles("suffer")
def _suffer(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if "hero" not in step:
        return
    hero = ctx.state.hero(step["hero"])
    amount = int(effect.get("amount", 1))
    if effect.get("what") == "fatigue":
        ctx.suffer_fatigue(hero, amount, "DD-124", "an overlord card")
    else:
        ctx.suffer_damage(hero.id, amount, "DD-124", "an overlord card")


@VERBS.handles("attribute_test")
def _attribute_test(ctx: Ctx, effect: Effect, step: OverlordCardStep) -> None:
    if "hero" not in step:
        return
    passed = ctx.attribute_test(ctx.state.hero(step["hero"]), effect.get("attribute"), "an overlord card")
    for nested in effect.get("on_pass" if passed else "on_fail", []) or []:
        VERBS.apply(ctx, nested, step)