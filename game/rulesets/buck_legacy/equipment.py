"""Equipment, the backpack, selling and giving: what an Adventurer does with their cards in the
Market Part and in a Preparation step (BL-014 to BL-019, BL-060, BL-061, BL-067 to BL-075).

Options here are shared by the Market's question and Preparation's: ``equip:<card>``,
``unequip:<slot>``, ``sell:<card>``, ``give:<card>``, ``offer:<card>`` (trade.py),
``give_gold:<seat>``, ``transmute`` (transmute.py). The backpack's limits are kept by the ``overflow`` question, which the rules
push the moment a card arrives (BL-075: "at once, before anything else happens").
"""

from __future__ import annotations

from game.core.decision import Blocked, Decision, Option
from game.rulesets.buck_legacy import stats, transmute
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.steps import GiveCardStep, GiveGoldStep, OverflowStep

GOLD_GIFTS = (5, 10, 20, 50)
BACK = Option("back", "Back")


def settle_maximums(ctx: Ctx, seat: int) -> None:
    """Mana and Tesla above a lowered maximum are destroyed at once (BL-210, BL-228). Called after
    a whole swap, so a swap for an equal or larger bonus loses nothing (BL-072)."""
    adv = ctx.adventurer(seat)
    top = stats.max_mana(ctx.state, ctx.content, seat)
    if adv.mana > top:
        ctx.emit("mana_lost", "BL-210", f"{adv.name}'s maximum Mana is now {top}: {adv.mana - top} Mana "
                 "is destroyed.", seat=seat, amount=adv.mana - top)
        adv.mana = top
    tesla_top = stats.max_tesla(ctx.state, ctx.content, seat)
    if adv.tesla > tesla_top:
        adv.tesla = tesla_top


# -- what a seat may do with its cards ---------------------------------------------------------

def sellable(ctx: Ctx, seat: int) -> list[str]:
    """Item and Treasure cards in the backpack or equipped (BL-060, BL-061): never a Starting
    Weapon, Race, Class, Gift or Curse."""
    adv = ctx.adventurer(seat)
    return [c for c in adv.backpack + list(adv.slots.values()) if ctx.content.card(c).deck in ("items", "treasure")]


def sale_value(ctx: Ctx, card: str) -> int:
    return ctx.content.gear(card).sale


def card_options(ctx: Ctx, seat: int, *, market: bool) -> tuple[list[Option], list[Blocked]]:
    """Equip, unequip, sell (Market only), give: the options a seat's cards give it now."""
    adv = ctx.adventurer(seat)
    content = ctx.content
    options: list[Option] = []
    blocked: list[Blocked] = []
    for card in adv.backpack:
        gear = content.gear(card)
        if gear.kind == "equipment":
            held = adv.slots.get(gear.slot)
            swap = f" (instead of {ctx.name(held)})" if held else ""
            options.append(Option(f"equip:{card}", f"Equip {gear.name}{swap}", ("card", card), gear.text))
        else:
            blocked.append(Blocked(f"equip:{card}", f"{gear.name} is single-use: it stays in the backpack.",
                                   "BL-071", ("card", card)))
    for slot, card in adv.slots.items():
        gear = content.gear(card)
        gone = " (it leaves the game)" if gear.is_starting_weapon else ""
        options.append(Option(f"unequip:{slot}", f"Unequip {gear.name}{gone}", ("card", card)))
    if market:
        for card in sellable(ctx, seat):
            gear = content.gear(card)
            options.append(Option(f"sell:{card}", f"Sell {gear.name} for {gear.sale} Gold", ("card", card), "BL-060"))
    found, refused = transmute.options(ctx, seat)  # the Alchemist's Transmutation (BL-237, BL-238)
    options += found
    blocked += refused
    others = [s for s in range(ctx.state.seats) if s != seat and ctx.adventurer(s).active]
    if others:
        for card in sellable(ctx, seat):
            options.append(Option(f"give:{card}", f"Give {ctx.name(card)} to…", ("card", card), "BL-014"))
        from game.rulesets.buck_legacy.trade import offer_options  # trade.py builds on this module

        options += offer_options(ctx, seat)
    # What may never be sold or traded, refused with the reason (BL-015, BL-061, A-43).
    kinds = ("sell", "give", "offer") if market else ("give", "offer")
    starting = adv.slots.get("weapon")
    if starting and content.gear(starting).is_starting_weapon:
        blocked += [Blocked(f"{kind}:{starting}", "A Starting Weapon cannot be sold or traded.", "BL-061",
                            ("card", starting)) for kind in kinds]
    for card in adv.attached:
        blocked += [Blocked(f"{kind}:{card}", "Gifts and Curses cannot be sold or traded.", "BL-015",
                            ("card", card)) for kind in kinds]
    return options, blocked


def gold_options(ctx: Ctx, seat: int) -> list[Option]:
    """Give Gold to another Active Adventurer (BL-017; a Stunned one may not receive, BL-019)."""
    if ctx.adventurer(seat).gold <= 0:
        return []
    return [Option(f"give_gold:{s}", f"Give Gold to {ctx.who(s)}…", ("seat", str(s)), "BL-017")
            for s in range(ctx.state.seats) if s != seat and ctx.adventurer(s).active]


def apply_card_option(ctx: Ctx, seat: int, option: str) -> bool:
    """Carry out one of :func:`card_options` / :func:`gold_options`; False if it is not one."""
    kind, _, arg = option.partition(":")
    if kind == "equip":
        equip(ctx, seat, arg)
    elif kind == "unequip":
        card = ctx.unequip(seat, arg)
        ctx.emit("unequip", "BL-070", f"{ctx.who(seat)} unequips {ctx.name(card)}.", seat=seat, card=card,
                 via=ctx.setting())
        settle_maximums(ctx, seat)
        ctx.check_limits(seat)
    elif kind == "sell":
        sell(ctx, seat, arg)
    elif kind == "give":
        ctx.push({"step": "give_card", "seat": seat, "card": arg})
    elif kind == "give_gold":
        ctx.push({"step": "give_gold", "seat": seat, "to": int(arg)})
    elif kind == "offer":
        from game.rulesets.buck_legacy.trade import start

        start(ctx, seat, arg)
    elif kind == "transmute":
        transmute.start(ctx, seat)
    else:
        return False
    return True


def equip(ctx: Ctx, seat: int, card: str) -> None:
    """Put a backpack card in its slot, the card there going to the backpack (BL-067, BL-070):
    one event, maximum values worked out after it (BL-072)."""
    adv = ctx.adventurer(seat)
    gear = ctx.content.gear(card)
    adv.backpack.remove(card)
    held = adv.slots.get(gear.slot)
    if held is not None:
        ctx.unequip(seat, gear.slot)
    adv.slots[gear.slot] = card
    swap = f" in place of {ctx.name(held)}" if held else ""
    rule = ("BL-072" if held else "BL-070") + (", BL-058" if ctx.state.part == "market" else "")  # no action spent
    ctx.emit("equip", rule, f"{adv.name} equips {gear.name}{swap}.", seat=seat,
             card=card, slot=gear.slot, via=ctx.setting())
    settle_maximums(ctx, seat)
    ctx.check_limits(seat)


def sell(ctx: Ctx, seat: int, card: str) -> None:
    """Discard a card for its sale value (BL-060); a transmuted item pays its top card's (BL-242)."""
    adv = ctx.adventurer(seat)
    value = sale_value(ctx, card)
    equipped = card in adv.slots.values()
    ctx.throw_away(seat, card)
    adv.gold += value
    ctx.emit("sell", "BL-059, BL-060", f"{adv.name} sells {ctx.name(card)} for {value} Gold.", seat=seat, card=card,
             amount=value, via=ctx.setting())
    if equipped:  # its bonuses are gone: the maximums and the limits are worked out again (BL-075)
        settle_maximums(ctx, seat)
        ctx.check_limits(seat)


# -- giving (BL-014, BL-017 to BL-019) --------------------------------------------------------------

def ask_give_card(ctx: Ctx, step: GiveCardStep) -> Decision:
    card = step["card"]
    options = tuple(Option(f"to:{s}", f"Give it to {ctx.who(s)}", ("seat", str(s)))
                    for s in range(ctx.state.seats) if s != step["seat"] and ctx.adventurer(s).active)
    return Decision(step["seat"], "give_card", f"Give {ctx.name(card)} to whom?", options + (BACK,), rule="BL-014")


def answer_give_card(ctx: Ctx, step: GiveCardStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice[0] == "back":
        return
    to = int(choice[0].partition(":")[2])
    card = step["card"]
    ctx.emit("give", "BL-014", f"{ctx.who(seat)} gives {ctx.name(card)} to {ctx.who(to)}.", seat=seat, to=to,
             card=card, via=ctx.setting())
    hand_over(ctx, seat, card, to)


def hand_over(ctx: Ctx, seat: int, card: str, to: int) -> None:
    """Move ``card`` from ``seat`` (worn or in the backpack) into ``to``'s backpack: a transmuted item
    comes apart first, the card going on alone (BL-242); both then keep their limits (BL-075)."""
    adv = ctx.adventurer(seat)
    for slot, held in list(adv.slots.items()):
        if held == card:
            ctx.unequip(seat, slot)  # a transmuted item comes apart first (BL-242)
            settle_maximums(ctx, seat)
    transmute.separate(ctx, seat, card)  # so does one in the backpack (BL-242)
    adv.backpack.remove(card)
    ctx.to_backpack(to, card)
    ctx.check_limits(seat)  # the giver's limits: the other half of a transmuted item stays behind (BL-242),
    #                         and the card may have raised them (BL-075)


FLOW.question(GiveCardStep, ask_give_card, answer_give_card)


def ask_give_gold(ctx: Ctx, step: GiveGoldStep) -> Decision:
    gold = ctx.adventurer(step["seat"]).gold
    amounts = sorted({a for a in GOLD_GIFTS if a < gold} | {gold})
    options = tuple(Option(f"gold:{a}", f"Give {a} Gold" + (" (all)" if a == gold else "")) for a in amounts)
    return Decision(step["seat"], "give_gold", f"Give how much Gold to {ctx.who(step['to'])}?", options + (BACK,),
                    rule="BL-017")


def answer_give_gold(ctx: Ctx, step: GiveGoldStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice[0] == "back":
        return
    amount = int(choice[0].partition(":")[2])
    ctx.adventurer(seat).gold -= amount
    ctx.adventurer(step["to"]).gold += amount
    ctx.emit("give_gold", "BL-017", f"{ctx.who(seat)} gives {amount} Gold to {ctx.who(step['to'])}.", seat=seat,
             to=step["to"], amount=amount, via=ctx.setting())


FLOW.question(GiveGoldStep, ask_give_gold, answer_give_gold)


# -- the backpack's limits (BL-068, BL-075) -----------------------------------------------------------

def ask_overflow(ctx: Ctx, step: OverflowStep) -> Decision | None:
    seat = step["seat"]
    state, content = ctx.state, ctx.content
    adv = ctx.adventurer(seat)
    too_large = len(stats.large_cards(state, content, seat)) > stats.large_limit(state, content, seat)
    too_many = len(adv.backpack) > stats.backpack_limit(state, content, seat)
    if not (too_large or too_many):
        return None
    candidates = stats.large_cards(state, content, seat) if too_large else list(adv.backpack)
    options: list[Option] = []
    for card in candidates:
        options.append(Option(f"discard:{card}", f"Discard {ctx.name(card)}", ("card", card)))
        if state.part == "market" and content.card(card).deck in ("items", "treasure"):
            options.append(Option(f"sell:{card}", f"Sell {ctx.name(card)} for {sale_value(ctx, card)} Gold",
                                  ("card", card)))
    from game.rulesets.buck_legacy.items import usable_now, use_options  # items use the windows' machinery

    for card in adv.backpack:
        if card in candidates and usable_now(ctx, seat, card):
            options += use_options(ctx, seat, card)
    what = (f"more Large cards than you may carry ({stats.large_limit(state, content, seat)})" if too_large
            else f"more cards in your backpack than it holds ({stats.backpack_limit(state, content, seat)})")
    return Decision(seat, "overflow", f"You carry {what}: get rid of one now.", tuple(options),
                    rule="BL-068" if too_large else "BL-075")


def answer_overflow(ctx: Ctx, step: OverflowStep, seat: int, choice: tuple[str, ...]) -> None:
    kind, _, card = choice[0].partition(":")
    if kind == "sell":
        sell(ctx, seat, card)
    elif kind == "use":
        from game.rulesets.buck_legacy.items import use_item

        card, _, subject = card.partition(":")
        use_item(ctx, seat, card, subject)
    else:
        ctx.throw_away(seat, card)
        ctx.emit("discard", "BL-075", f"{ctx.who(seat)} discards {ctx.name(card)} to keep within the limits.",
                 seat=seat, card=card)
        settle_maximums(ctx, seat)


def run_overflow(ctx: Ctx, step: OverflowStep) -> None:
    ctx.state.stack.remove(step)


FLOW.question(OverflowStep, ask_overflow, answer_overflow)
FLOW.automatic(OverflowStep)(run_overflow)
