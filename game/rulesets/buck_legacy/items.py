"""Single-use Items used outside a die's window (BL-234 to BL-236, AK-15, AK-18, AK-19, AK-21,
AK-25, AK-30): restoring Mana, rolling on the Treasure Table, reviving, lifting a Curse,
Flight, coating a weapon. What changes a die or a fight (rerolls, +1, Instant Damage) is used
in the windows of the fight and the checks (windows.py).

A Stunned Adventurer uses nothing (BL-145). A used card goes to its discard pile when its
effect ends (BL-236); a coating stays on the weapon until it leaves (BL-026, BL-027). A card
that Chooses is offered once per subject: ``use:<card>:<seat>`` (whom to revive) or
``use:<card>:<curse>`` (which Curse to discard).
"""

from __future__ import annotations

from game.core.decision import Option
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.context import Ctx

ANY_TIME = ("restore_mana", "treasure_table", "remove_curse", "revive", "grant_flight", "weapon_coating")
"""Single-use verbs an Adventurer may use whenever they may act (BL-235)."""


def single_use_verb(ctx: Ctx, card: str) -> str | None:
    """The verb that using this single-use card carries out, or None for other cards."""
    gear = ctx.content.gear(card)
    if gear.kind != "single_use":
        return None
    for ability in gear.abilities:
        if ability.kind == "action" or ability.verb == "weapon_coating":
            return ability.verb
    return None


def usable_now(ctx: Ctx, seat: int, card: str) -> bool:
    """Whether a backpack card can be used at this moment, outside any die's window."""
    adv = ctx.adventurer(seat)
    if adv.stunned or card not in adv.backpack:
        return False
    verb = single_use_verb(ctx, card)
    if verb not in ANY_TIME:
        return False
    if verb == "restore_mana":
        return adv.mana < stats.max_mana(ctx.state, ctx.content, seat)
    if verb == "remove_curse":
        return any(ctx.content.card(c).kind == "curse" for c in adv.attached)
    if verb == "revive":
        return any(a.stunned for a in ctx.state.adventurers)
    if verb == "grant_flight":
        return not stats.has_flight(ctx.state, ctx.content, seat)
    if verb == "weapon_coating":
        weapon = adv.slots.get("weapon")
        return weapon is not None and weapon not in adv.coatings
    return True


def use_options(ctx: Ctx, seat: int, card: str) -> list[Option]:
    """The ways to use a backpack card now (call only when :func:`usable_now`): ``use:<card>``, or
    ``use:<card>:<subject>`` for a card that Chooses, one option a subject: which Stunned
    Adventurer to revive (AK-19), which of one's Curses to discard (AK-21)."""
    adv = ctx.adventurer(seat)
    name = ctx.name(card)
    verb = single_use_verb(ctx, card)
    gear = ctx.content.gear(card)
    if verb == "revive" and not any(a.get("all") for a in gear.verbs("revive")):
        # A Stunned Adventurer's own cards do nothing (BL-145), so no ward of theirs blocks this.
        return [Option(f"use:{card}:{s}", f"Use {name} on {ctx.who(s)}", ("seat", str(s)), "BL-235")
                for s in ctx.state.priority() if ctx.adventurer(s).stunned]
    if verb == "remove_curse":
        return [Option(f"use:{card}:{c}", f"Use {name}: discard {ctx.name(c)}", ("card", c), "BL-235")
                for c in adv.attached if ctx.content.card(c).kind == "curse"]
    return [Option(f"use:{card}", f"Use {name}", ("card", card), "BL-235")]


def use_item(ctx: Ctx, seat: int, card: str, subject: str = "") -> None:
    """Use a single-use card from the backpack (BL-235) on ``subject`` (a seat to revive, a Curse to
    discard: see :func:`use_options`; the first one if none is named) and discard it (BL-236)."""
    from game.rulesets.buck_legacy.treasure import treasure_table

    adv = ctx.adventurer(seat)
    gear = ctx.content.gear(card)
    verb = single_use_verb(ctx, card)
    ability = next(a for a in gear.abilities if a.verb == verb)
    adv.backpack.remove(card)
    ctx.emit("use", "BL-235", f"{adv.name} uses {gear.name}.", seat=seat, card=card, via=ctx.setting())
    if verb == "weapon_coating":
        adv.coatings[adv.slots["weapon"]] = card  # attached, not discarded (BL-026, AK-30)
        return
    if verb == "restore_mana":
        top = stats.max_mana(ctx.state, ctx.content, seat)
        gained = min(int(ability.get("amount")), top - adv.mana)
        adv.mana += gained
        ctx.emit("mana", "BL-211", f"{adv.name} gains {gained} Mana.", seat=seat, amount=gained)
    elif verb == "treasure_table":
        treasure_table(ctx, seat)
    elif verb == "remove_curse":
        curses = [c for c in adv.attached if ctx.content.card(c).kind == "curse"]
        remove_attached(ctx, seat, subject if subject in curses else curses[0], "BL-235")
    elif verb == "revive":
        from game.rulesets.buck_legacy.stun import revive

        stunned = [s for s in ctx.state.priority() if ctx.adventurer(s).stunned]
        if ability.get("all"):
            chosen = stunned
        else:
            chosen = [int(subject)] if subject.isdecimal() and int(subject) in stunned else stunned[:1]
        for other in chosen:
            revive(ctx, other, "BL-235")
    elif verb == "grant_flight":
        adv.flight_until = "adventure" if ctx.state.boss_up else "exploration"
        ctx.emit("flight", "BL-244", f"{adv.name} has Flight until the next Exploration Phase.", seat=seat)
    # Discarded once its effect is over (BL-236): a chest cannot draw itself back from its discard
    # pile through a reshuffle (BL-032).
    ctx.discard(card)


def remove_attached(ctx: Ctx, seat: int, card: str, rule: str) -> None:
    """A Gift or Curse leaves play: discarded, its effect gone (BL-223)."""
    from game.rulesets.buck_legacy.equipment import settle_maximums

    ctx.adventurer(seat).attached.remove(card)
    ctx.discard(card)
    ctx.emit("discard", rule, f"{ctx.name(card)} is discarded from {ctx.who(seat)}.", seat=seat, card=card)
    settle_maximums(ctx, seat)
