"""The Buck: Legacy AI's trades and gifts (D-09; section 6, cooperation stance; BL-014 to BL-019),
deciding from the seat's view only.

Buck: Legacy is semi-cooperative: the Medals are each Adventurer's own, but a Boss defeated gives
everyone a Treasure and every Active Adventurer a Medal (BL-197, BL-198). So the AI:

- **accepts** a card offered for Gold when it would buy that card at that price in the shop (its
  worth to the AI beats the price, as in D-04), unless the one offering is the runaway leader
  and gains more from the deal than the AI (D-09);
- **offers** a card it would sell (dominated in its slot, not kept for the Boss) to the ally who
  gains most from it, for its sale value: the AI gets what selling pays, the ally a card at half
  its price, and the party is stronger against the Boss (D-09);
- **gives** such a card away in Preparation, where it cannot be sold, or in the Market when the
  ally who needs it cannot pay and the AI has Gold it cannot spend (150 or more);
- **funds** an ally's purchase in the Market: with Gold it cannot spend, it gives an ally the
  Gold a shop card they would gain much from is short of;
- **shelters** Gold in a window: Gold about to be taken (a Monster's "lose 20 Gold", a Trap's or a
  Boss's theft) that is all the AI has goes to an ally rather than to nobody (BL-017).

It gives, offers and funds only allies behind it in Medals, so the party grows stronger against
the Boss without a rival in the race passing it; it never pays in advance for promised help
(BL-016, D-09).
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy.ai_market import price_factor, shop_pick
from game.rulesets.buck_legacy.ai_worth import gain, keep_worth
from game.rulesets.buck_legacy.ai_tools import content, is_starting, me_of, runaway
from game.rulesets.buck_legacy.trade import OFFER_PRICES
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView

Answer = tuple[str, ...]
RICH = 150
"""Gold from which the AI has more than the shop can turn into strength (ai_market.price_factor)."""
ALLY_GAIN = 8.0
"""What a card must be worth to an ally for the AI to offer or give it."""
FUNDED_GAIN = 15.0
"""What a shop card must be worth to an ally for the AI to pay part of it."""


def _allies(view: BLView, seat: int) -> list[AdventurerView]:
    """Active Adventurers behind ``seat`` in Medals: what the AI gives makes the party stronger
    against the Boss without lifting a rival in the Medal race past it (section 6, D-09)."""
    mine = view["adventurers"][seat]["medals"]
    return [a for a in view["adventurers"] if a["seat"] != seat and not a["stunned"] and a["medals"] < mine]


def _would_buy(card: str, ally: AdventurerView, view: BLView, price: int) -> bool:
    """Whether ``ally`` gains from ``card`` at ``price`` by what the table sees of them (their
    backpack is hidden, so only their worn gear counts against it)."""
    worth = gain(card, ally, view)
    return worth >= ALLY_GAIN and ally["gold"] >= price and worth - price * price_factor(ally["gold"]) > 0


def sale_price(card: str) -> int:
    """The offer's price: the card's sale value, what selling it would pay (at least the lowest price)."""
    sale = content().gear(card).sale
    return next((p for p in OFFER_PRICES if p >= sale), OFFER_PRICES[-1])


def _spare(me: AdventurerView, view: BLView) -> list[str]:
    """Backpack cards the AI would part with: dominated in their slot and not kept for the Boss."""
    found = []
    for card in me["backpack"] or []:
        gear = content().gear(card)
        if gear.deck in ("items", "treasure") and not is_starting(card) and gear.kind == "equipment" \
                and keep_worth(card, me, view) <= gear.sale / 10 + 0.01:
            found.append(card)
    return found


def offer_plan(view: BLView, me: AdventurerView) -> tuple[str, int, int] | None:
    """D-09: (card, ally, price) of the best offer at the sale value, or None."""
    best: tuple[float, str, int, int] | None = None
    for card in _spare(me, view):
        price = sale_price(card)
        for ally in _allies(view, me["seat"]):
            if _would_buy(card, ally, view, price):
                worth = gain(card, ally, view)
                if best is None or worth > best[0]:
                    best = (worth, card, ally["seat"], price)
    return (best[1], best[2], best[3]) if best else None


def gift_plan(view: BLView, me: AdventurerView, market: bool) -> tuple[str, int] | None:
    """(card, ally) to give a spare card to: in Preparation (no selling there) to the ally it helps
    most, in the Market only when the AI is rich and the ally cannot pay for it."""
    if market and me["gold"] < RICH:
        return None
    best: tuple[float, str, int] | None = None
    for card in _spare(me, view):
        for ally in _allies(view, me["seat"]):
            worth = gain(card, ally, view)
            if worth < ALLY_GAIN or (market and ally["gold"] >= sale_price(card)):
                continue
            if best is None or worth > best[0]:
                best = (worth, card, ally["seat"])
    return (best[1], best[2]) if best else None


def funding_plan(view: BLView, me: AdventurerView) -> tuple[int, int] | None:
    """(ally, Gold) to fund an ally's purchase: the AI is rich and wants nothing in the shop at its
    price; the ally has an action left and is short of the Gold for a shop card worth much to them."""
    if me["gold"] < RICH or view["blind_shop"]:
        return None
    if me["actions_left"] > 0 and shop_pick(view, me, me["gold"])[0] is not None:
        return None  # its own purchase first
    best: tuple[float, int, int] | None = None
    for ally in _allies(view, me["seat"]):
        if ally["actions_left"] < 1 or ally["done"]:
            continue
        for card in view["shop"]:
            cost = content().gear(card).cost
            short = cost - ally["gold"]
            worth = gain(card, ally, view)
            if 0 < short <= me["gold"] - RICH // 2 and worth >= FUNDED_GAIN and (best is None or worth > best[0]):
                best = (worth, ally["seat"], short)
    return (best[1], best[2]) if best else None


# -- the questions -------------------------------------------------------------------------------------------

def trade(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-09: accept when the AI would buy the card at this price; from the runaway leader only if the
    AI gains twice what the leader does (the Gold, to them)."""
    accept = next((o for o in decision.option_ids if o.startswith("accept:")), None)
    option = decision.option(accept) if accept else None
    refuse = decision.option("decline")
    if option is None or option.target is None or refuse is None or refuse.target is None:
        return ("decline",)
    card, price, giver = option.target[1], int(accept.partition(":")[2]), int(refuse.target[1])  # type: ignore[union-attr]
    me = me_of(view, decision.seat)
    worth = gain(card, me, view)
    room = len(me["backpack"] or []) < me["backpack_limit"] or worth >= 15
    net = worth - price * price_factor(me["gold"])
    if not room or worth < 4 or net <= 0:
        return ("decline",)
    giver_view = me_of(view, giver)
    if runaway(view, giver) and net < 2 * price * price_factor(giver_view["gold"]):
        return ("decline",)
    return (accept,)  # type: ignore[return-value]


def offer(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """The offer's questions: to the planned ally, for the card's sale value."""
    me = me_of(view, decision.seat)
    plan = offer_plan(view, me)
    ids = decision.option_ids
    if plan is not None:
        _, ally, price = plan
        for oid in (f"to:{ally}", f"price:{price}"):
            if oid in ids:
                return (oid,)
    return ("back",)


def give_card(view: BLView, decision: Decision, rng: Rng) -> Answer:
    me = me_of(view, decision.seat)
    plan = gift_plan(view, me, view["part"] == "market")
    if plan is not None and f"to:{plan[1]}" in decision.option_ids:
        return (f"to:{plan[1]}",)
    return ("back",)


def give_gold(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """How much: all of it to shelter Gold about to be taken; in the Market, the least gift that
    covers what the funded ally is short of, or, when only giving everything would, the largest
    below it (the next gift covers the rest)."""
    amounts = sorted(int(o.partition(":")[2]) for o in decision.option_ids if o.startswith("gold:"))
    if not amounts:
        return ("back",)
    if view["fight"] is not None or view["check"] is not None:
        return (f"gold:{amounts[-1]}",)
    plan = funding_plan(view, me_of(view, decision.seat))
    if plan is None:
        return ("back",)
    short = plan[1]
    fits = [a for a in amounts if short <= a <= short + 20]
    return (f"gold:{min(fits) if fits else max(a for a in amounts if a < short)}",)


def market_gift(view: BLView, decision: Decision, me: AdventurerView) -> str | None:
    """The trade or gift to make on a market turn, if any (D-09): an offer first, then a gift of a
    spare card, then funding an ally; in Preparation, an offer or a gift of a spare card."""
    ids = decision.option_ids
    market = view["part"] == "market"
    plan = offer_plan(view, me)
    if plan is not None and f"offer:{plan[0]}" in ids:
        return f"offer:{plan[0]}"
    gift = gift_plan(view, me, market)
    if gift is not None and f"give:{gift[0]}" in ids:
        return f"give:{gift[0]}"
    if market:
        funded = funding_plan(view, me)
        if funded is not None and f"give_gold:{funded[0]}" in ids:
            return f"give_gold:{funded[0]}"
    return None


def shelter(view: BLView, decision: Decision, at_risk: int) -> str | None:
    """BL-017: Gold about to be taken that is all the AI has goes to the ally furthest behind in
    Medals (it would otherwise go to nobody)."""
    me = me_of(view, decision.seat)
    if at_risk <= 0 or me["gold"] <= 0 or me["gold"] > at_risk:
        return None
    allies = [a for a in _allies(view, me["seat"]) if f"give_gold:{a['seat']}" in decision.option_ids]
    if not allies:
        return None
    return f"give_gold:{min(allies, key=lambda a: (a['medals'], a['seat']))['seat']}"
