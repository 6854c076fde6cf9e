"""Transmutation (BL-237 to BL-243, A-35).

Only an Adventurer whose cards say so (the Alchemist class, AK-33) may Transmute, in the
Market Part or in a Preparation step (BL-237, BL-238): they pick two blue (Items-deck)
equipment cards from their backpack and equipped gear, a *top* card and a *bottom* card, and
attach them (BL-239). The top card keeps its place, slot and weight; the bottom card leaves
its place and from now on lies under the top card, so the pair counts as one card (BL-243).
The top card gains the bottom card's Special Abilities only: the bottom card's cost, weight
and characteristics (its printed Combat Strength, Protection and damage types) are ignored
(BL-240; stats.py reads ``Adventurer.transmuted``, top -> bottom). An Alchemist has at most one
transmuted item, and a transmuted item is never transmuted again (BL-237, BL-241).

The pair comes apart when it is removed (BL-242): unequipped, or about to be traded, both
cards go separately to the backpack (context.py ``unequip``, :func:`separate`); discarded or
sold, both are discarded and only the top card's sale value is paid (context.py
``throw_away``, equipment.py ``sell``).

Option id: ``transmute`` (equipment.py offers it), then ``top:<card>`` and ``bottom:<card>``.
"""

from __future__ import annotations

from game.core.decision import Blocked, Decision, Option
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.steps import TransmuteStep

BACK = Option("back", "Back")


def may_transmute(ctx: Ctx, seat: int) -> bool:
    """Whether ``seat``'s cards let them Transmute (the Alchemist's ability, BL-237, AK-33)."""
    return ctx.adventurer(seat).active and stats.has(ctx.state, ctx.content, seat, "transmute")


def candidates(ctx: Ctx, seat: int) -> list[str]:
    """Blue equipment cards in the backpack or equipped (BL-239): never a Treasure, a Starting
    Weapon or a single-use card, nor a card that is already part of a transmuted item (BL-241)."""
    adv = ctx.adventurer(seat)
    out = []
    for card in list(adv.slots.values()) + adv.backpack:
        gear = ctx.content.gear(card)
        if gear.deck == "items" and gear.kind == "equipment" and card not in adv.transmuted:
            out.append(card)
    return out


def options(ctx: Ctx, seat: int) -> tuple[list[Option], list[Blocked]]:
    """The ``transmute`` option (or why it is refused) for an Alchemist; nothing for anyone else."""
    if not may_transmute(ctx, seat):
        return [], []
    adv = ctx.adventurer(seat)
    if adv.transmuted:
        top = next(iter(adv.transmuted))
        return [], [Blocked("transmute", f"You already have a transmuted item ({ctx.name(top)}): only one at a "
                                         "time, and it cannot be transmuted again.", "BL-237")]
    if len(candidates(ctx, seat)) < 2:
        return [], [Blocked("transmute", "Transmuting needs two blue equipment cards from your backpack or "
                                         "equipped gear.", "BL-239")]
    return [Option("transmute", "Transmute two blue equipment cards…", None, "BL-239")], []


def start(ctx: Ctx, seat: int) -> None:
    ctx.push({"step": "transmute", "seat": seat, "top": ""})


def ask_transmute(ctx: Ctx, step: TransmuteStep) -> Decision:
    seat, top = step["seat"], step["top"]
    found = candidates(ctx, seat)
    if not top:
        picks = tuple(Option(f"top:{c}", f"{ctx.name(c)} on top", ("card", c), ctx.content.card(c).text)
                      for c in found)
        return Decision(seat, "transmute_top", "Transmute: which card goes on top? It keeps its slot, weight "
                        "and characteristics.", picks + (BACK,), rule="BL-239")
    picks = tuple(Option(f"bottom:{c}", f"{ctx.name(c)} underneath", ("card", c), ctx.content.card(c).text)
                  for c in found if c != top)
    return Decision(seat, "transmute_bottom", f"Transmute: which card goes under {ctx.name(top)}? Only its "
                    "Special Abilities pass to the top card.", picks + (BACK,), rule="BL-240")


def answer_transmute(ctx: Ctx, step: TransmuteStep, seat: int, choice: tuple[str, ...]) -> None:
    kind, _, card = choice[0].partition(":")
    if kind == "back":
        ctx.state.stack.remove(step)
    elif kind == "top":
        step["top"] = card
    else:
        ctx.state.stack.remove(step)
        transmute(ctx, seat, step["top"], card)


FLOW.question(TransmuteStep, ask_transmute, answer_transmute)


def transmute(ctx: Ctx, seat: int, top: str, bottom: str) -> None:
    """Attach ``bottom`` under ``top`` (BL-239): the bottom card leaves its slot or the backpack,
    the top card stays where it is, and the pair counts as one card (BL-243)."""
    from game.rulesets.buck_legacy.equipment import settle_maximums

    adv = ctx.adventurer(seat)
    bottom_worn = bottom in adv.slots.values()
    for slot, held in list(adv.slots.items()):
        if held == bottom:
            ctx.unequip(seat, slot, to_backpack=False)  # a coating on it falls off (BL-027)
            break
    else:
        adv.backpack.remove(bottom)
    adv.transmuted[top] = bottom
    if top in adv.slots.values():  # in play: both cards' part in it is public (BL-020)
        ctx.emit("transmute", "BL-239", f"{adv.name} transmutes {ctx.name(top)} with {ctx.name(bottom)}.",
                 seat=seat, card=top, bottom=bottom, via=ctx.setting())
    else:  # the pair lies in the backpack as one card: what it is stays private (BL-073)
        worn = f"their {ctx.name(bottom)} with a card" if bottom_worn else "two cards"
        ctx.emit("transmute", "BL-239", f"{adv.name} transmutes {worn} of the backpack.", seat=seat,
                 via=ctx.setting())
        ctx.emit("transmute_private", "BL-239", f"You transmute {ctx.name(top)} with {ctx.name(bottom)}.",
                 seats=(seat,), card=top, bottom=bottom)
    settle_maximums(ctx, seat)


def separate(ctx: Ctx, seat: int, card: str) -> None:
    """A transmuted item in the backpack that is about to be traded comes apart first: both
    cards lie separately in the backpack, and the trade goes on with the chosen one (BL-242)."""
    adv = ctx.adventurer(seat)
    bottom = adv.transmuted.pop(card, None)
    if bottom is not None:
        adv.backpack.append(bottom)
        ctx.emit("transmute_apart", "BL-242", f"{adv.name}'s transmuted {ctx.name(card)} comes apart.", seat=seat,
                 card=card)
