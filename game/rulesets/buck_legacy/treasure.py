"""Treasure: draw 2, keep 1 (BL-230), and the Treasure Table (BL-232, BL-233).

What the receiver draws and keeps is theirs alone to see (section 7): the log tells the
others only that a Treasure was received; the card shuffled back is known to the receiver.
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.context import FLOW, Ctx, clamp_die
from game.rulesets.buck_legacy.steps import KeepTreasureStep, TreasureStep

TREASURE_TABLE: dict[int, tuple[int, int, int]] = {
    1: (40, 0, 0), 2: (20, 1, 0), 3: (40, 1, 0), 4: (20, 2, 0), 5: (0, 0, 1), 6: (20, 0, 1),
}
"""The Treasure Table (BL-232, A-33): final die -> (Gold, Items, Treasures)."""


@FLOW.automatic(TreasureStep)
def draw_treasure(ctx: Ctx, step: TreasureStep) -> None:
    ctx.state.stack.pop()
    receive(ctx, step["seat"])


def receive(ctx: Ctx, seat: int) -> None:
    """Draw 2 Treasure cards (1 if only 1 can be drawn) and keep one (BL-230)."""
    drawn = [c for c in (ctx.draw("treasure"), ctx.draw("treasure")) if c is not None]
    if not drawn:
        ctx.emit("no_treasure", "BL-032", f"The Treasure deck is empty: {ctx.who(seat)} receives nothing.",
                 seat=seat)
        return
    ctx.emit("treasure_draw", "BL-230", f"{ctx.who(seat)} draws {len(drawn)} Treasure card"
             f"{'s' if len(drawn) > 1 else ''}.", seat=seat, count=len(drawn), irreversible=True)
    if len(drawn) == 1:
        keep(ctx, seat, drawn[0], None)
    else:
        ctx.push({"step": "keep_treasure", "seat": seat, "cards": drawn})


def ask_keep(ctx: Ctx, step: KeepTreasureStep) -> Decision:
    options = tuple(Option(f"keep:{card}", f"Keep {ctx.name(card)}", ("card", card), ctx.content.card(card).text)
                    for card in step["cards"])
    return Decision(step["seat"], "keep_treasure", "Keep one Treasure; the other goes back into the deck.",
                    options, rule="BL-230")


def answer_keep(ctx: Ctx, step: KeepTreasureStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    kept = choice[0].partition(":")[2]
    other = next(c for c in step["cards"] if c != kept)
    keep(ctx, seat, kept, other)


FLOW.question(KeepTreasureStep, ask_keep, answer_keep)


def keep(ctx: Ctx, seat: int, card: str, other: str | None) -> None:
    state = ctx.state
    if other is not None:
        state.treasure_deck.append(other)
        state.rng.shuffle(state.treasure_deck)
    ctx.emit("treasure", "BL-230", f"{ctx.who(seat)} keeps a Treasure"
             f"{' and shuffles the other back' if other else ''}.", seat=seat)
    ctx.emit("treasure_private", "BL-230", f"You keep {ctx.name(card)}"
             f"{f' and shuffle {ctx.name(other)} back' if other else ''}.", seats=(seat,), card=card)
    ctx.to_backpack(seat, card)


def treasure_table(ctx: Ctx, seat: int) -> None:
    """Roll on the Treasure Table: Gold now, Items from the top of the Items deck, Treasures by
    draw 2 keep 1 (BL-232, BL-233); the Rule of Six keeps the final value 1 to 6 (A-47)."""
    die = ctx.roll("plain")
    final = clamp_die(die + stats.total(ctx.state, ctx.content, seat, "treasure_table_bonus"))
    gold, items, treasures = TREASURE_TABLE[final]
    ctx.emit("roll", "BL-232", f"{ctx.who(seat)} rolls {die} on the Treasure Table"
             f"{f' ({final} after modifiers)' if final != die else ''}.", seat=seat, die="plain", value=die,
             final=final)
    adv = ctx.adventurer(seat)
    adv.gold += gold
    if gold:
        ctx.emit("gold", "BL-232", f"{adv.name} gains {gold} Gold.", seat=seat, amount=gold)
    for _ in range(items):
        card = ctx.draw("items")
        if card is None:
            continue
        ctx.emit("item_draw", "BL-233", f"{adv.name} draws an Item into the backpack.", seat=seat)
        ctx.emit("item_private", "BL-233", f"You draw {ctx.name(card)}.", seats=(seat,), card=card)
        ctx.to_backpack(seat, card)
    for _ in range(treasures):
        receive(ctx, seat)  # drawn now, while the card that called for it is still in use (BL-236)
