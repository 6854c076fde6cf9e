"""The Adventure Part: Exploration Phases and Combat Phases until the Boss appears (BL-076 to
BL-109), checks (BL-091 to BL-098), and the end of the Adventure and of the game (BL-189 to
BL-201, BL-008, BL-009).

Everything of an Adventure Part runs above one ``next_part`` step: ending the Adventure at once
(the Boss defeated, everyone Stunned: BL-077, BL-148, BL-177) clears everything above it.
"""

from __future__ import annotations

from game.core.decision import Blocked, Decision, Option
from game.rulesets.buck_legacy import equipment, stats, transmute
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.dice_changes import final_check
from game.rulesets.buck_legacy.effects import check_outcome, resolve
from game.rulesets.buck_legacy.help import open_help
from game.rulesets.buck_legacy.spells import may_cast, spell_options
from game.rulesets.buck_legacy.steps import (
    AdventureStartStep,
    CheckStep,
    DrawCardsStep,
    ExplorationStep,
    NextPartStep,
    PlayCardsStep,
    PreparationStep,
    SettleCardStep,
)

READY = Option("end", "Ready")
CHECK_NAMES = {"escape": "Escape", "charisma": "Charisma", "fear": "Fear", "trap": "Trap"}


@FLOW.automatic(AdventureStartStep)
def adventure_start(ctx: Ctx, step: AdventureStartStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.adventure += 1
    state.dungeon_dry = False
    ctx.emit("adventure", "BL-076", f"Adventure {state.adventure} begins in {ctx.name(state.zone)}.",
             headline=f"Adventure {state.adventure}")
    ctx.push({"step": "next_part"})
    ctx.push({"step": "exploration"})


def end_adventure(ctx: Ctx, boss_defeated: bool) -> None:
    """End the Adventure Part at once (BL-077, BL-148, BL-177): every step above ``next_part`` goes."""
    stack = ctx.state.stack
    base = max(i for i, s in enumerate(stack) if s["step"] == "next_part")
    del stack[base + 1:]
    ctx.state.fight = None
    ctx.state.checks.clear()
    ctx.push({"step": "adventure_end", "boss_defeated": boss_defeated})


def everyone_stunned(ctx: Ctx) -> bool:
    return all(a.stunned for a in ctx.state.adventurers)


# -- Exploration (BL-079 to BL-090) -------------------------------------------------------------------

def distance_total(ctx: Ctx) -> int:
    """Distance counters in every Distance Deck, Stunned Adventurers' too (BL-079, BL-080, A-09); with
    the Zone rule that says so, an Event's counts double (toward the Boss only)."""
    state, content = ctx.state, ctx.content
    double = any(e.verb == "events_distance_double" for e in stats.zone_effects(state, content))
    out = 0
    for adv in state.adventurers:
        for card in adv.distance_deck:
            definition = content.dungeon_card(card)
            if definition.counter == "distance":
                out += 2 if double and definition.kind == "event" else 1
    return out


@FLOW.automatic(ExplorationStep)
def exploration(ctx: Ctx, step: ExplorationStep) -> None:
    """Step 1: the Boss appears if the Distance total reaches the Zone's (BL-079); else draw,
    prepare, play (BL-081 to BL-085), then fight (BL-108)."""
    state, content = ctx.state, ctx.content
    state.stack.pop()
    state.part = "exploration"
    for adv in state.adventurers:
        adv.drew_monster = False
        if adv.flight_until == "exploration":
            adv.flight_until = ""  # Crystal Wings and the like end here (BL-218)
    total = distance_total(ctx)
    zone = content.zones[state.zone]
    if total >= zone.distance or state.dungeon_dry:
        why = (f"the Distance total is {total} of {zone.distance}" if total >= zone.distance
               else "the Dungeon deck is exhausted (A-53)")
        ctx.emit("boss", "BL-079", f"The Boss appears: {why}.", total=total)
        ctx.push({"step": "boss_appears"})
        return
    ctx.emit("exploration", "BL-079", f"Exploration: Distance {total} of {zone.distance}.", total=total,
             headline="Exploration")
    ctx.push({"step": "combat_phase", "seats": state.priority()})
    ctx.push({"step": "play_cards", "seats": state.priority()})
    ctx.push({"step": "preparation", "seats": state.priority()})
    ctx.push({"step": "draw_cards", "seats": state.active_in_priority()})
    for seat in reversed(state.active_in_priority()):
        for card in stats.own_cards(content, state.adventurers[seat]):
            resolve(ctx, seat, card.id, "exploration_start")


@FLOW.automatic(DrawCardsStep)
def draw_cards(ctx: Ctx, step: DrawCardsStep) -> None:
    """Step 2: each Active Adventurer in priority order draws 1 Dungeon card, face up (BL-081);
    its continuous abilities act from now on (BL-082)."""
    state = ctx.state
    if not step["seats"]:
        state.stack.remove(step)
        return
    seat = step["seats"].pop(0)
    adv = ctx.adventurer(seat)
    if adv.stunned:
        return
    card = ctx.draw("dungeon")
    if card is None:
        # the Boss comes at the next Exploration Phase. A-53 names the case in which nobody
        # can draw; this also covers the one in which only some could, since the last few cards
        # could otherwise go round through the discard pile for ever without adding Distance.
        state.dungeon_dry = True
        ctx.emit("dungeon_empty", "BL-032", f"The Dungeon deck is empty: {adv.name} draws nothing.", seat=seat)
        return
    adv.in_front.append(card)
    if adv.peeked == card or adv.peeked:
        adv.peeked = ""
    definition = ctx.content.dungeon_card(card)
    equipment.settle_maximums(ctx, seat)  # a lowered maximum bites from the reveal (BL-082, BL-210)
    if definition.kind == "monster":
        adv.drew_monster = True
    ctx.emit("dungeon_draw", "BL-081", f"{adv.name} draws {definition.name} ({definition.kind}).", seat=seat,
             card=card, card_kind=definition.kind)
    late = [s for s in state.stack if s["step"] == "play_cards"]
    if definition.kind != "monster" and late and seat not in late[-1]["seats"] and state.stack[-1] is not late[-1]:
        # Their turn to play cards has passed (a late revival, an extra card): played at once (BL-150, A-30).
        play_card(ctx, seat, card)


# -- Preparation (BL-083, BL-168) -------------------------------------------------------------------

def preparation_options(ctx: Ctx, seat: int) -> tuple[list[Option], list[Blocked]]:
    options, blocked = equipment.card_options(ctx, seat, market=False)
    from game.rulesets.buck_legacy.items import usable_now, use_options

    adv = ctx.adventurer(seat)
    options += [o for c in adv.backpack if usable_now(ctx, seat, c) for o in use_options(ctx, seat, c)]
    options += spell_options(ctx, seat, "any")
    options += equipment.gold_options(ctx, seat)
    return options, blocked


def _prepares(ctx: Ctx, seat: int) -> bool:
    """Asked in Preparation: an Active Adventurer with backpack cards, a spell to cast or
    equipped cards to Transmute (public facts); the others could only take gear off or give it
    away, which waits for the Market."""
    adv = ctx.adventurer(seat)
    return adv.active and (bool(adv.backpack) or may_cast(ctx, seat, "any")
                           or bool(transmute.options(ctx, seat)[0]))


def ask_preparation(ctx: Ctx, step: PreparationStep) -> Decision | None:
    with stats.unchanging(ctx.state, ctx.content):  # (the Adventurers are only read here)
        while step["seats"] and step.get("acting") != step["seats"][0] and not _prepares(ctx, step["seats"][0]):
            step["seats"].pop(0)  # (only public facts decide this: see _prepares)
        if not step["seats"]:
            return None
        seat = step["seats"][0]
        options, blocked = preparation_options(ctx, seat)
    rule = "BL-168" if ctx.state.boss_up else "BL-083"
    return Decision(seat, "preparation", "Preparation: change your gear, trade, use items or cast spells, "
                    "then say you are ready.", tuple(options) + (READY,), rule=rule, blocked=tuple(blocked))


def answer_preparation(ctx: Ctx, step: PreparationStep, seat: int, choice: tuple[str, ...]) -> None:
    picked = choice[0]
    if picked == "end":
        step["seats"].pop(0)
        return
    step["acting"] = seat  # begun: asked again until ready, even with nothing left to do but that
    kind, _, rest = picked.partition(":")
    if kind == "cast":
        from game.rulesets.buck_legacy.spells import cast

        spell, _, subject = rest.partition(":")
        cast(ctx, seat, spell, subject)
    elif kind == "use":
        from game.rulesets.buck_legacy.items import use_item

        card, _, subject = rest.partition(":")
        use_item(ctx, seat, card, subject)
    else:
        equipment.apply_card_option(ctx, seat, picked)


def run_preparation(ctx: Ctx, step: PreparationStep) -> None:
    ctx.state.stack.remove(step)


FLOW.question(PreparationStep, ask_preparation, answer_preparation)
FLOW.automatic(PreparationStep)(run_preparation)


# -- Step 4: playing Gifts, Curses and Events (BL-084 to BL-090) ---------------------------------------

def _to_play(ctx: Ctx, seat: int) -> list[str]:
    return [c for c in ctx.adventurer(seat).in_front if ctx.content.dungeon_card(c).kind != "monster"]


def ask_play_cards(ctx: Ctx, step: PlayCardsStep) -> Decision | None:
    while step["seats"] and (ctx.adventurer(step["seats"][0]).stunned or not _to_play(ctx, step["seats"][0])):
        step["seats"].pop(0)
    if not step["seats"]:
        return None
    seat = step["seats"][0]
    cards = _to_play(ctx, seat)
    if len(cards) == 1:
        return None
    options = tuple(Option(f"play:{c}", f"Play {ctx.name(c)}", ("card", c), ctx.content.card(c).text) for c in cards)
    return Decision(seat, "play_order", "Which of your Dungeon cards do you play next?", options, rule="BL-084")


def answer_play_cards(ctx: Ctx, step: PlayCardsStep, seat: int, choice: tuple[str, ...]) -> None:
    play_card(ctx, seat, choice[0].partition(":")[2])


def run_play_cards(ctx: Ctx, step: PlayCardsStep) -> None:
    if not step["seats"]:
        ctx.state.stack.remove(step)
        return
    play_card(ctx, step["seats"][0], _to_play(ctx, step["seats"][0])[0])


FLOW.question(PlayCardsStep, ask_play_cards, answer_play_cards)
FLOW.automatic(PlayCardsStep)(run_play_cards)


def play_card(ctx: Ctx, seat: int, card: str) -> None:
    """Play a Gift, Curse or Event: resolve its text, checks included, then it goes where it
    belongs (BL-084, BL-086 to BL-089)."""
    adv = ctx.adventurer(seat)
    adv.in_front.remove(card)
    definition = ctx.content.dungeon_card(card)
    ctx.emit("play", "BL-084", f"{adv.name} plays {definition.name}.", seat=seat, card=card, card_kind=definition.kind)
    ctx.push({"step": "settle_card", "seat": seat, "card": card, "failed": False})
    if definition.kind == "curse":
        adv.attached.append(card)  # attached at once: its penalty holds while the rest resolves (BL-088)
        equipment.settle_maximums(ctx, seat)
    resolve(ctx, seat, card, "play")


@FLOW.automatic(SettleCardStep)
def settle_card(ctx: Ctx, step: SettleCardStep) -> None:
    """A Gift is attached unless its check failed (BL-086, BL-087); an Event goes into the Distance
    Deck if it has a Distance counter, else to the discard pile (BL-089, BL-100, BL-104)."""
    state = ctx.state
    state.stack.remove(step)
    seat, card = step["seat"], step["card"]
    adv = ctx.adventurer(seat)
    definition = ctx.content.dungeon_card(card)
    if definition.kind == "gift":
        if step["failed"] or adv.stunned:
            ctx.discard(card)
            ctx.emit("discard", "BL-087", f"{definition.name} is discarded.", seat=seat, card=card)
        else:
            adv.attached.append(card)
            ctx.emit("attach", "BL-086", f"{definition.name} is attached to {adv.name}.", seat=seat, card=card)
            equipment.settle_maximums(ctx, seat)
    elif definition.kind == "event":
        if definition.counter == "distance":
            adv.distance_deck.append(card)
            ctx.emit("distance", "BL-089", f"{definition.name} goes into {adv.name}'s Distance Deck.", seat=seat,
                     card=card)
        else:
            ctx.discard(card)
            ctx.emit("discard", "BL-104", f"{definition.name} is discarded.", seat=seat, card=card)
    if everyone_stunned(ctx):
        end_adventure(ctx, False)


# -- checks (BL-091 to BL-095) --------------------------------------------------------------------------

@FLOW.automatic(CheckStep)
def run_check(ctx: Ctx, step: CheckStep) -> None:
    """Roll the check die and open its window (BL-094); when the window closes, judge it: the
    final value must reach N (BL-092, BL-093)."""
    from game.rulesets.buck_legacy.state import Check

    state = ctx.state
    seat = step["seat"]
    if not step["rolled"]:
        step["rolled"] = True
        die = ctx.roll("plain")
        state.checks.append(Check(seat, step["kind"], step["need"], die, 0, step["card"]))
        ctx.emit("roll", "BL-092", f"{ctx.who(seat)} rolls {die} for {'an' if step['kind'] == 'escape' else 'a'} "
                 f"{CHECK_NAMES[step['kind']]} check "
                 f"({step['need']}+).", seat=seat, die="plain", value=die, check=step["kind"], need=step["need"])
        open_help(ctx, "check", seat)
        return
    state.stack.remove(step)
    final = final_check(ctx)
    passed = final >= step["need"]
    state.checks.pop()
    ctx.emit("check", "BL-092", f"{ctx.who(seat)}'s {CHECK_NAMES[step['kind']]} check: {final} against "
             f"{step['need']}+, {'passed' if passed else 'failed'}.", seat=seat, final=final, passed=passed,
             check=step["kind"])
    if step["purpose"] == "card":
        check_outcome(ctx, seat, step["card"], step["index"], passed)
    else:
        from game.rulesets.buck_legacy.fight import after_check

        after_check(ctx, step["purpose"], passed)


@FLOW.automatic(NextPartStep)
def next_part(ctx: Ctx, step: NextPartStep) -> None:
    """After an Adventure's End procedure and its Treasures: the game is over, or the Buck token
    passes and a new Market Part begins (BL-049, BL-196, BL-201)."""
    from game.rulesets.buck_legacy.end import game_over, pass_buck

    ctx.state.stack.pop()
    if game_over(ctx):
        return
    pass_buck(ctx)
    ctx.push({"step": "market_start"})
