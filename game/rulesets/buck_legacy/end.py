"""The End of the Adventure Turn and of the game (BL-189 to BL-201, BL-008, BL-009, BL-049).

Medals are counted the moment the Adventure Part ends, from the Distance Decks and the Curses
as they are then (BL-189). A tie for the most gives each tied Adventurer a Medal (BL-191);
nobody with 0 is "the most" (BL-192, A-27); a Boss is never counted (BL-193).

From the final actions until the next Market Part opens the game is in the part ``end``: the
Treasures are handed out there, so a card overflowing a backpack is discarded or used, never
sold (BL-075, A-48). Then the game ends, or the Buck token passes (BL-008, BL-049, BL-201).
"""

from __future__ import annotations

from game.core.words import listed
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.steps import AdventureEndStep

CATEGORIES = ("Distance counters", "Trophy counters", "Curses", "defeated Monsters")


def counts(ctx: Ctx, seat: int) -> dict[str, int]:
    """An Adventurer's standing in each Medal category (BL-106, BL-197)."""
    adv = ctx.adventurer(seat)
    content = ctx.content
    return {
        "Distance counters": sum(1 for c in adv.distance_deck if content.dungeon_card(c).counter == "distance"),
        "Trophy counters": sum(1 for c in adv.distance_deck if content.dungeon_card(c).counter == "trophy"),
        "Curses": sum(1 for c in adv.attached if content.card(c).kind == "curse"),
        "defeated Monsters": len(adv.defeated),
    }


def award(ctx: Ctx, category: str, rule: str) -> list[int]:
    """1 Medal to each Adventurer with the most in ``category``, if that most is at least 1
    (``rule``: the procedure giving it, BL-194 or BL-197)."""
    standing = {s: counts(ctx, s)[category] for s in range(ctx.state.seats)}
    best = max(standing.values())
    if best < 1:
        ctx.emit("medal_none", "BL-192", f"Nobody has any {category}: no Medal for them.", category=category)
        return []
    winners = [s for s, n in standing.items() if n == best]
    for seat in winners:
        ctx.adventurer(seat).medals += 1
    ctx.emit("medal", "BL-191" if len(winners) > 1 else rule,
             f"Most {category} ({best}): a Medal for {listed(ctx.who(s) for s in winners)}.",
             seats_won=winners, category=category)
    return winners


@FLOW.automatic(AdventureEndStep)
def adventure_end(ctx: Ctx, step: AdventureEndStep) -> None:
    state = ctx.state
    state.stack.pop()
    defeated = step["boss_defeated"]
    ctx.emit("adventure_end", "BL-077", "The Adventure ends: " + ("the Boss is defeated." if defeated else
             "every Adventurer is Stunned."), headline="The Adventure ends")
    rule = "BL-197" if defeated else "BL-194"
    award(ctx, "Distance counters", rule)
    award(ctx, "Trophy counters", rule)
    if defeated:
        award(ctx, "Curses", rule)
        award(ctx, "defeated Monsters", rule)
        for adv in state.adventurers:
            if adv.active:
                adv.medals += 1
        active = [a.name for a in state.adventurers if a.active]
        ctx.emit("medal", "BL-197", f"A Medal for every Active Adventurer: {listed(active) or 'nobody'}.")
        state.bosses_defeated += 1
        state.removed.append(state.zone)  # BL-199
    else:
        state.purple.append(state.zone)  # back to the purple deck, Zone side up, HP reset (BL-195)
        ctx.emit("zone_back", "BL-195", f"{ctx.name(state.zone)} goes back to the purple deck.")
    cleanup(ctx)
    if defeated:
        for seat in reversed(state.priority()):  # Treasure in priority order, the Dealer first (BL-198)
            ctx.push({"step": "treasure", "seat": seat})
    # The Adventure's ``next_part`` step, still beneath, then goes on to the next part.


def cleanup(ctx: Ctx) -> None:
    """Every Dungeon card in play and in every Distance Deck is discarded, all are revived, all
    temporary effects end (BL-196, BL-199, BL-200)."""
    state = ctx.state
    for adv in state.adventurers:
        for pile in (adv.in_front, adv.distance_deck, adv.attached):
            for card in pile:
                ctx.discard(card)
            pile.clear()
        adv.defeated.clear()
        adv.stunned = False
        adv.flight_until = ""
        adv.temp_protection = 0
        adv.support_received = 0
        adv.weapon_types.clear()
        adv.used_once.clear()
        adv.drew_monster = False
        adv.peeked = ""
        adv.supported = False           # the per-phase marks end with the Adventure too (BL-200)
        adv.spells_this_phase.clear()
        adv.uses_this_phase.clear()
        adv.fought_this_phase = False
    for card in state.unfought:
        ctx.discard(card)
    state.unfought.clear()
    state.zone = ""
    state.boss_up = False
    state.boss_hp = 0
    state.fight = None
    state.checks.clear()
    state.null_zone = False
    state.acid_storm = 0
    state.fortitude.clear()
    state.part = "end"  # not yet the Market: a Treasure overflowing the backpack cannot be sold (BL-075)


def game_over(ctx: Ctx) -> bool:
    """After the final actions: the game ends once the target of Bosses is met (BL-008, BL-201);
    the most Medals win, ties sharing the win (BL-009)."""
    state = ctx.state
    limited = bool(state.adventure_limit) and state.adventure >= state.adventure_limit
    if state.bosses_defeated < state.target and not limited:
        return False
    best = max(a.medals for a in state.adventurers)
    state.winners = [a.seat for a in state.adventurers if a.medals == best]
    state.part = "over"
    if state.bosses_defeated >= state.target:
        state.end_reason = f"{state.bosses_defeated} Boss{'es' if state.bosses_defeated > 1 else ''} defeated"
    else:
        state.end_reason = f"the limit of {state.adventure_limit} Adventures (a house rule)"
    ctx.emit("game_over", "BL-009", f"The game ends. Most Medals ({best}): "
             f"{listed(ctx.who(s) for s in state.winners)}.", headline="Game over")
    return True


def pass_buck(ctx: Ctx) -> None:
    """The Buck token passes one seat to the left (BL-049, A-12), unless the host chose "Buck stays"."""
    state = ctx.state
    if state.buck_stays:
        return
    state.dealer = (state.dealer + 1) % state.seats
    ctx.emit("buck", "BL-049", f"The Buck token passes to {ctx.who(state.dealer)}.", seat=state.dealer)
