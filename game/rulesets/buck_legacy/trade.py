"""Trades: an Item or Treasure offered to another Adventurer for Gold, which they accept or decline
(BL-014, BL-016, BL-018, BL-019; section 7, negotiations).

Cards change hands only in the Market Part and in a Preparation step (BL-018), between Active
Adventurers (BL-019). An offer names the card, whom it goes to and the price; the one offered
it accepts or declines. Only the exchange itself is enforced, at once and whole: the card goes
over and the Gold comes back, or nothing happens (BL-016: nothing is owed before or after).

What the others see (section 7): that an offer was made and whether it was taken, and on a
trade the Gold moving; the card only if it was worn (the table saw it), else only its owners
know it. A card whose offer was declined is not offered again in the same Market Part or
Preparation step, so nobody is asked the same thing twice and offers cannot go round for ever;
the step keeps the refusals in ``declined`` ("<from>><card>"). It may still be given or sold.

Option ids: ``offer:<card>`` (card_options), then ``to:<seat>`` and ``price:<gold>`` (the
``offer`` question), then ``accept:<gold>`` or ``decline`` (the ``trade`` question).
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision, Option
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.equipment import BACK, hand_over, sellable
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.steps import OfferStep, TradeStep

OFFER_PRICES = (5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150)
"""The prices an offer may ask (a card for nothing is a gift: ``give``)."""


def _part_step(ctx: Ctx) -> Any:
    """The Market or Preparation step the trade happens in (it keeps the refusals)."""
    return next(s for s in reversed(ctx.state.stack) if s["step"] in ("market", "preparation"))


def _refused(ctx: Ctx, seat: int, card: str) -> bool:
    return f"{seat}>{card}" in _part_step(ctx).get("declined", ())


def recipients(ctx: Ctx, seat: int) -> list[int]:
    """Whom ``seat`` may offer a card: every other Active Adventurer with Gold to pay (BL-019)."""
    return [s for s in ctx.state.priority() if s != seat and ctx.adventurer(s).active
            and ctx.adventurer(s).gold >= OFFER_PRICES[0]]


def offer_options(ctx: Ctx, seat: int) -> list[Option]:
    """``offer:<card>`` for each Item or Treasure not yet declined in this part (BL-014)."""
    if not recipients(ctx, seat):
        return []
    return [Option(f"offer:{card}", f"Offer {ctx.name(card)} to another Adventurer for Gold…", ("card", card),
                   "BL-014") for card in sellable(ctx, seat) if not _refused(ctx, seat, card)]


def start(ctx: Ctx, seat: int, card: str) -> None:
    ctx.push({"step": "offer", "seat": seat, "card": card, "to": -1})


def ask_offer(ctx: Ctx, step: OfferStep) -> Decision:
    seat, card = step["seat"], step["card"]
    if step["to"] < 0:
        options = tuple(Option(f"to:{s}", f"Offer it to {ctx.who(s)} ({ctx.adventurer(s).gold} Gold)",
                               ("seat", str(s))) for s in recipients(ctx, seat))
        return Decision(seat, "offer", f"Offer {ctx.name(card)} to whom?", options + (BACK,), rule="BL-014")
    gold = ctx.adventurer(step["to"]).gold
    options = tuple(Option(f"price:{p}", f"Ask {p} Gold") for p in OFFER_PRICES if p <= gold)
    return Decision(seat, "offer", f"Ask {ctx.who(step['to'])} how much Gold for {ctx.name(card)}?",
                    options + (BACK,), rule="BL-014")


def answer_offer(ctx: Ctx, step: OfferStep, seat: int, choice: tuple[str, ...]) -> None:
    kind, _, value = choice[0].partition(":")
    if kind == "back":
        ctx.state.stack.pop()
    elif kind == "to":
        step["to"] = int(value)
    else:
        ctx.state.stack.pop()
        to, card, price = step["to"], step["card"], int(value)
        ctx.emit("offer", "BL-014", f"{ctx.who(seat)} makes {ctx.who(to)} an offer.", seat=seat, to=to,
                 via=ctx.setting())
        ctx.emit("offer_private", "BL-014", f"{ctx.who(seat)} offers {ctx.name(card)} to {ctx.who(to)} for "
                 f"{price} Gold.", seats=(seat, to), seat=seat, to=to, card=card, price=price)
        ctx.push({"step": "trade", "seat": seat, "to": to, "card": card, "price": price})


FLOW.question(OfferStep, ask_offer, answer_offer)


def ask_trade(ctx: Ctx, step: TradeStep) -> Decision:
    seat, card, price = step["seat"], step["card"], step["price"]
    gear = ctx.content.gear(card)
    what = f"{gear.name} ({gear.slot or 'single-use'}{', Large' if gear.large else ''})"
    options = (Option(f"accept:{price}", f"Accept: pay {price} Gold for {gear.name}", ("card", card), gear.text),
               Option("decline", "Decline", ("seat", str(seat))))
    return Decision(step["to"], "trade", f"{ctx.who(seat)} offers you {what} for {price} Gold.", options,
                    rule="BL-014")


def answer_trade(ctx: Ctx, step: TradeStep, seat: int, choice: tuple[str, ...]) -> None:
    """Accept: the card goes over and the Gold comes back, at once (BL-016); decline: nothing
    happens, and the offer is not made again in this part (see the module text)."""
    ctx.state.stack.pop()
    giver, card, price = step["seat"], step["card"], step["price"]
    if choice[0] == "decline" or ctx.adventurer(seat).gold < price:
        part = _part_step(ctx)
        part.setdefault("declined", []).append(f"{giver}>{card}")
        ctx.emit("offer_declined", "BL-016", f"{ctx.who(seat)} declines {ctx.who(giver)}'s offer.", seat=seat,
                 to=giver)
        return
    worn = card in ctx.adventurer(giver).slots.values()
    ctx.adventurer(seat).gold -= price
    ctx.adventurer(giver).gold += price
    what = ctx.name(card) if worn else "a card"  # a backpack card stays private to the two (section 7)
    ctx.emit("trade", "BL-014, BL-016", f"{ctx.who(giver)} trades {what} to {ctx.who(seat)} for {price} Gold.",
             seat=giver, to=seat, price=price, card=card if worn else "", via=ctx.setting())
    if not worn:
        ctx.emit("trade_private", "BL-014", f"The card is {ctx.name(card)}.", seats=(giver, seat), card=card)
    hand_over(ctx, giver, card, seat)


FLOW.question(TradeStep, ask_trade, answer_trade)


def offered_to(state: BLState, viewer: int) -> frozenset[str]:
    """The cards of others' backpacks that ``viewer`` has been shown in an offer still open
    (search.py: a determinized state keeps them where they are)."""
    return frozenset(s["card"] for s in state.stack if s["step"] == "trade" and s["to"] == viewer)
