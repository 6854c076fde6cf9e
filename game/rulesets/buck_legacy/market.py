"""The Market Part (BL-050 to BL-075, A-11, A-13, A-49).

The rule text has every Adventurer act at once, with no turn order (BL-051). One question at a
time, that becomes a round of *market turns* in Buck priority order: on their turn an
Adventurer takes as many Market Actions (up to 3 in the Market Part), Ingenuity uses, equipment
changes and gifts as they like, then either **waits** (the turn passes on; they may act again
when it comes back) or declares **Done** (A-49). A Done Adventurer is asked again only to answer
an interrupt. The Market Part ends when everyone is Done, or when the turn has gone once round
everyone not Done without anybody doing anything (all are waiting on each other).

Each market turn is private: at one screen it is handed to its player, and what the others see
of it is what the rules make public (a purchase from the open shop, a sale to the face-up
discard pile, equipment, Gold and counts; never the backpack, BL-073).

A purchase is declared first; every Adventurer with higher priority who has an action left is
then asked whether to interrupt (a window: asked whether or not they could pay, so nobody learns
who holds what), the highest first, so the first to interrupt takes the card (BL-063, BL-064).

With the Blind shop option (A-02) the shop's cards are hidden from everyone and a bought card is
shown to its buyer only. Nobody knows a price before buying, so anyone may declare or interrupt;
a buyer who then cannot raise the Gold (A-13) buys nothing: a failed interrupt leaves the
purchase to the declarer, a failed declaration is called off, and no action is spent.
"""

from __future__ import annotations

from game.core.decision import Blocked, Decision, Option
from game.core.window import register_window
from game.core.words import counted
from game.rulesets.buck_legacy import equipment, stats
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.items import usable_now, use_item, use_options
from game.rulesets.buck_legacy.state import MARKET_ACTIONS
from game.rulesets.buck_legacy.steps import (
    ChooseZoneStep,
    InterruptStep,
    MarketEndStep,
    MarketStartStep,
    MarketStep,
    PurchaseStep,
    RaiseFundsStep,
)
from game.rulesets.buck_legacy.vocabulary import DIFFICULTIES

SIDE_JOB_GOLD = 20
"""A Side Job pays 20 Gold (BL-056)."""
DIFFICULTY_NAMES = {"starting": "Starting", "mid": "Mid-Level", "advanced": "Advanced"}

WAIT = Option("wait", "Wait: let the others act")
DONE = Option("end", "Done with the Market")


def shop_size(seats: int) -> int:
    """4 cards with 2-3 players, 6 with 4-6 (BL-050, A-02)."""
    return 4 if seats <= 3 else 6


def required_difficulty(seats: int, bosses_defeated: int) -> str:
    """The first Boss is Starting with 2 players, Mid-Level with 3-6; each defeated Boss moves
    the ladder one step, which then stays at Advanced (BL-005 to BL-007, A-54)."""
    first = 0 if seats == 2 else 1
    return DIFFICULTIES[min(len(DIFFICULTIES) - 1, first + bosses_defeated)]


# -- opening the Market ---------------------------------------------------------------------------

@FLOW.automatic(MarketStartStep)
def market_start(ctx: Ctx, step: MarketStartStep) -> None:
    """Open the shop (BL-050), reset everyone's actions (BL-051), and ask the Dealer for the Zone
    at once (A-11: the app prompts at the start of the Market Part)."""
    state = ctx.state
    state.stack.pop()
    state.part = "market"
    state.idle_turns = 0
    for adv in state.adventurers:
        adv.actions_left = MARKET_ACTIONS
        adv.done = False
    while len(state.shop) < shop_size(state.seats):
        card = ctx.draw("items")
        if card is None:
            break
        state.shop.append(card)
    ctx.emit("market", "BL-050", f"The Market opens: {counted(len(state.shop), 'card')} in the shop.",
             headline="Market Part", shop=[] if state.blind_shop else list(state.shop))
    ctx.push({"step": "market_end"})
    ctx.push({"step": "market", "turn": state.dealer, "acted": False})
    if not state.zone:
        ctx.push({"step": "choose_zone"})


def ask_zone(ctx: Ctx, step: ChooseZoneStep) -> Decision:
    state = ctx.state
    difficulty = required_difficulty(state.seats, state.bosses_defeated)
    options = []
    for zone_id in state.purple:
        zone = ctx.content.zones[zone_id]
        if zone.difficulty == difficulty:
            boss = zone.boss
            assert boss is not None
            options.append(Option(f"zone:{zone_id}", f"{zone.name} (Distance {zone.distance}; Boss {boss.name}, "
                                  f"Level {boss.level}, HP {boss.hp})", ("card", zone_id), zone.text))
    return Decision(state.dealer, "zone", f"Place the Zone: a {DIFFICULTY_NAMES[difficulty]} Zone.", tuple(options),
                    rule="BL-053")


def answer_zone(ctx: Ctx, step: ChooseZoneStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    zone_id = choice[0].partition(":")[2]
    ctx.state.zone = zone_id
    ctx.state.purple.remove(zone_id)
    zone = ctx.content.zones[zone_id]
    ctx.emit("zone", "BL-053", f"{ctx.who(seat)} places the Zone {zone.name} ({DIFFICULTY_NAMES[zone.difficulty]}, "
             f"Distance {zone.distance}).", seat=seat, card=zone_id, headline=zone.name)


FLOW.question(ChooseZoneStep, ask_zone, answer_zone)


# -- a market turn ----------------------------------------------------------------------------------

def market_options(ctx: Ctx, seat: int) -> tuple[list[Option], list[Blocked]]:
    """Everything ``seat`` may do on its market turn (BL-051 to BL-062)."""
    state, content = ctx.state, ctx.content
    adv = ctx.adventurer(seat)
    options: list[Option] = []
    blocked: list[Blocked] = []
    if adv.actions_left > 0:
        options.append(Option("side_job", f"Side Job: +{SIDE_JOB_GOLD} Gold (an action)", None, "BL-056"))
        top = stats.max_mana(state, content, seat)
        if adv.mana < top:
            options.append(Option("restore_mana", f"Restore Mana to {top} (an action)", None, "BL-055"))
        else:
            blocked.append(Blocked("restore_mana", "Your Mana is already at its maximum.", "BL-055"))
        for position, card in enumerate(state.shop, 1):
            gear = content.gear(card)
            name = f"shop card {position}" if state.blind_shop else gear.name
            target = ("shop", str(position))
            cost = "?" if state.blind_shop else str(gear.cost)
            if state.blind_shop or adv.gold >= gear.cost:
                options.append(Option(f"buy:{position}", f"Buy {name} for {cost} Gold (an action)", target, "BL-057"))
            else:
                blocked.append(Blocked(f"buy:{position}", f"{name} costs {gear.cost} Gold; you have {adv.gold}.",
                                       "BL-057", target))
    else:
        blocked.append(Blocked("side_job", "You have used your 3 Market Actions.", "BL-051"))
    price = stats.tesla_price(state, content, seat)
    if adv.tesla >= stats.max_tesla(state, content, seat):
        blocked.append(Blocked("tesla", "Your Tesla is at its maximum.", "BL-228"))
    elif adv.gold < price:
        blocked.append(Blocked("tesla", f"A unit of Tesla costs {price} Gold.", "BL-062"))
    else:
        options.append(Option("tesla", f"Buy 1 Tesla for {price} Gold", None, "BL-062"))
    cards, cards_blocked = equipment.card_options(ctx, seat, market=True)
    options += cards
    blocked += cards_blocked
    for card in adv.backpack:
        if usable_now(ctx, seat, card):
            options += use_options(ctx, seat, card)
    options += equipment.gold_options(ctx, seat)
    return options, blocked


def ask_market(ctx: Ctx, step: MarketStep) -> Decision | None:
    if _market_over(ctx):
        return None
    seat = step["turn"]
    adv = ctx.adventurer(seat)
    with stats.unchanging(ctx.state, ctx.content):  # (only read here)
        options, blocked = market_options(ctx, seat)
    options += [WAIT, DONE]
    return Decision(seat, "market", f"{adv.name}'s market turn: {adv.actions_left} action"
                    f"{'s' if adv.actions_left != 1 else ''} left, {adv.gold} Gold.", tuple(options),
                    rule="BL-051", blocked=tuple(blocked))


def answer_market(ctx: Ctx, step: MarketStep, seat: int, choice: tuple[str, ...]) -> None:
    picked = choice[0]
    if picked in ("wait", "end"):
        end_turn(ctx, step, done=picked == "end")
        return
    step["acted"] = True
    apply_market_option(ctx, seat, picked)


def apply_market_option(ctx: Ctx, seat: int, picked: str) -> None:
    adv = ctx.adventurer(seat)
    kind, _, arg = picked.partition(":")
    if kind == "side_job":
        side_job(ctx, seat)
    elif kind == "restore_mana":
        adv.actions_left -= 1
        adv.mana = stats.max_mana(ctx.state, ctx.content, seat)
        ctx.emit("restore_mana", "BL-055", f"{adv.name} restores Mana to {adv.mana}.", seat=seat, mana=adv.mana)
    elif kind == "buy":
        declare_purchase(ctx, seat, int(arg))
    elif kind == "tesla":
        price = stats.tesla_price(ctx.state, ctx.content, seat)
        adv.gold -= price
        adv.tesla += 1
        ctx.emit("tesla", "BL-059, BL-062, BL-227", f"{adv.name} buys 1 Tesla for {price} Gold ({adv.tesla} Tesla).", seat=seat,
                 amount=1, gold=price)
    elif kind == "use":
        card, _, subject = arg.partition(":")
        use_item(ctx, seat, card, subject)
    elif not equipment.apply_card_option(ctx, seat, picked):
        raise ValueError(f"unknown market option {picked}")


def side_job(ctx: Ctx, seat: int) -> None:
    adv = ctx.adventurer(seat)
    adv.actions_left -= 1
    adv.gold += SIDE_JOB_GOLD
    ctx.emit("side_job", "BL-056", f"{adv.name} takes a Side Job: +{SIDE_JOB_GOLD} Gold ({adv.gold}).", seat=seat,
             amount=SIDE_JOB_GOLD, via=ctx.setting())


def end_turn(ctx: Ctx, step: MarketStep, *, done: bool) -> None:
    """Pass the turn to the next Adventurer in priority order who is not Done (A-49).

    ``idle_turns`` counts the turns in a row, since anyone last did anything, of Adventurers
    still in the Market: one who turns Done without acting leaves it and is not counted, so the
    Market cannot close before every Adventurer still in it has had a turn to act (A-49)."""
    state = ctx.state
    seat = step["turn"]
    if step["acted"]:
        state.idle_turns = 0
    elif not done:
        state.idle_turns += 1
    if done:
        ctx.adventurer(seat).done = True
        ctx.emit("market_done", "BL-054", f"{ctx.who(seat)} is done with the Market.", seat=seat)
    order = state.priority()
    start = order.index(seat)
    for offset in range(1, state.seats + 1):
        nxt = order[(start + offset) % state.seats]
        if not ctx.adventurer(nxt).done:
            step["turn"] = nxt
            break
    step["acted"] = False


def _market_over(ctx: Ctx) -> bool:
    """Everyone Done, or everyone not Done waited in a row without acting (BL-054, A-49)."""
    waiting = sum(1 for a in ctx.state.adventurers if not a.done)
    return waiting == 0 or ctx.state.idle_turns >= waiting


def run_market(ctx: Ctx, step: MarketStep) -> None:
    ctx.state.stack.pop()


FLOW.question(MarketStep, ask_market, answer_market)
FLOW.automatic(MarketStep)(run_market)


# -- purchases and interrupts (BL-057, BL-063 to BL-066) --------------------------------------------

def declare_purchase(ctx: Ctx, seat: int, position: int) -> None:
    """Declare a purchase: every higher-priority Adventurer with an action left may interrupt
    (BL-063), highest priority first (BL-064). Whoever has no action left cannot interrupt, as
    everyone sees, so is not asked."""
    state = ctx.state
    card = state.shop[position - 1]
    name = f"shop card {position}" if state.blind_shop else ctx.name(card)
    ctx.emit("declare", "BL-063", f"{ctx.who(seat)} declares a purchase: {name}.", seat=seat, position=position,
             card="" if state.blind_shop else card)
    higher = state.priority()[:state.rank(seat)]
    asked = [s for s in higher if ctx.adventurer(s).active and ctx.adventurer(s).actions_left > 0]
    ctx.push({"step": "interrupt", "seats": asked, "buyer": seat, "declarer": seat, "position": position})


def fundable(ctx: Ctx, seat: int, cost: int) -> bool:
    """Whether an interrupter can pay: Gold now, plus every card they could sell, plus a Side Job
    for each action beyond the one the purchase takes (BL-066, A-13)."""
    adv = ctx.adventurer(seat)
    if adv.actions_left < 1:
        return False
    could = adv.gold + sum(equipment.sale_value(ctx, c) for c in equipment.sellable(ctx, seat))
    return could + SIDE_JOB_GOLD * (adv.actions_left - 1) >= cost


def interrupt_responses(ctx: Ctx, step: InterruptStep, seat: int) -> list[Option]:
    card = ctx.state.shop[step["position"] - 1]
    # In the blind shop nobody knows the price: whether the interrupter can pay is found out
    # when they have to (interrupt_done), so the question tells them nothing about the card.
    if not ctx.state.blind_shop and not fundable(ctx, seat, ctx.content.gear(card).cost):
        return []
    return [Option("interrupt", "Interrupt: buy it yourself (an action)", ("shop", str(step["position"])), "BL-063")]


def interrupt_prompt(ctx: Ctx, step: InterruptStep, seat: int) -> str:
    state = ctx.state
    card = state.shop[step["position"] - 1]
    what = f"shop card {step['position']}" if state.blind_shop else \
        f"{ctx.name(card)} ({ctx.content.gear(card).cost} Gold)"
    return f"{ctx.who(step['declarer'])} declares a purchase of {what}. Interrupt?"


def respond_interrupt(ctx: Ctx, step: InterruptStep, seat: int, choice: tuple[str, ...]) -> None:
    """The first to interrupt has the highest priority of all who could: the card is theirs (BL-064)."""
    step["buyer"] = seat
    step["seats"].clear()
    ctx.emit("interrupt", "BL-063, BL-064", f"{ctx.who(seat)} interrupts and takes over the purchase.", seat=seat,
             declarer=step["declarer"])


def interrupt_done(ctx: Ctx, step: InterruptStep) -> None:
    buyer, declarer = step["buyer"], step["declarer"]
    cost = ctx.content.gear(ctx.state.shop[step["position"] - 1]).cost
    if buyer != declarer and not fundable(ctx, buyer, cost):
        # Only in the blind shop, where the price was unknown: the interrupt fails and the
        # declarer's purchase stands (A-02, A-13: an interrupt must be fundable).
        ctx.emit("interrupt_fails", "BL-066", f"{ctx.who(buyer)} cannot pay: {ctx.who(declarer)}'s purchase "
                 "stands.", seat=buyer)
        buyer = declarer
    ctx.push({"step": "purchase", "seat": buyer, "position": step["position"]})


register_window(FLOW, InterruptStep, rule="BL-063", responses=interrupt_responses, respond=respond_interrupt,
                prompt=interrupt_prompt, pass_label="Let it go", done=interrupt_done)


@FLOW.automatic(PurchaseStep)
def purchase(ctx: Ctx, step: PurchaseStep) -> None:
    """Pay, take the card into the backpack and refill the shop position (BL-057); only the buyer
    spends an action (BL-065). An interrupter short of Gold raises it first (BL-066)."""
    state = ctx.state
    seat, position = step["seat"], step["position"]
    adv = ctx.adventurer(seat)
    card = state.shop[position - 1]
    gear = ctx.content.gear(card)
    if adv.gold < gear.cost:
        if not fundable(ctx, seat, gear.cost):
            # Only in the blind shop can a buyer declare what they cannot pay: the purchase is
            # called off, nobody spends an action and the card stays hidden (A-02, BL-065).
            state.stack.pop()
            ctx.emit("purchase_off", "BL-057", f"{adv.name} cannot pay for shop card {position}: the purchase "
                     "is called off.", seat=seat, position=position)
            return
        ctx.push({"step": "raise_funds", "seat": seat, "position": position})
        return
    state.stack.pop()
    adv.gold -= gear.cost
    adv.actions_left -= 1
    refill = ctx.draw("items")
    if refill is None:
        del state.shop[position - 1]
    else:
        state.shop[position - 1] = refill
    ctx.emit("buy", "BL-057, BL-065", f"{adv.name} buys {gear.name} for {gear.cost} Gold.", seat=seat,
             card=card, position=position, refill="" if state.blind_shop else (refill or ""),
             seats=(seat,) if state.blind_shop else None)
    if state.blind_shop:
        ctx.emit("buy", "BL-057, BL-065", f"{adv.name} buys shop card {position}.", seat=seat, position=position)
    ctx.to_backpack(seat, card)


def ask_raise_funds(ctx: Ctx, step: RaiseFundsStep) -> Decision:
    seat = step["seat"]
    adv = ctx.adventurer(seat)
    cost = ctx.content.gear(ctx.state.shop[step["position"] - 1]).cost
    options = [Option(f"sell:{c}", f"Sell {ctx.name(c)} for {equipment.sale_value(ctx, c)} Gold", ("card", c))
               for c in equipment.sellable(ctx, seat)]
    if adv.actions_left >= 2:
        options.append(Option("side_job", f"Side Job: +{SIDE_JOB_GOLD} Gold (an action)"))
    what = "purchase" if ctx.state.blind_shop else "interrupt"
    return Decision(seat, "raise_funds", f"Raise the Gold for your {what}: {adv.gold} of {cost}.", tuple(options),
                    rule="BL-066")


def answer_raise_funds(ctx: Ctx, step: RaiseFundsStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    ctx.emit("raise_funds", "BL-066", f"{ctx.who(seat)} raises Gold for the interrupted purchase.", seat=seat)
    if choice[0] == "side_job":
        side_job(ctx, seat)
    else:
        equipment.sell(ctx, seat, choice[0].partition(":")[2])


FLOW.question(RaiseFundsStep, ask_raise_funds, answer_raise_funds)


# -- closing the Market ------------------------------------------------------------------------------

@FLOW.automatic(MarketEndStep)
def market_end(ctx: Ctx, step: MarketEndStep) -> None:
    """The cards left in the shop are discarded (BL-054); the Adventure Part begins."""
    state = ctx.state
    state.stack.pop()
    state.items_discard.extend(state.shop)
    ctx.emit("market_end", "BL-054", f"The Market closes: {len(state.shop)} shop cards are discarded.",
             cards=list(state.shop))
    state.shop.clear()
    ctx.push({"step": "adventure_start"})
