"""Trigger abilities: what cards do by themselves at a moment (AK-31), and the step that carries
out a card's triggers of one moment in order (``resolve``), checks included (BL-091 to BL-095).

A card's triggers of a moment are resolved one at a time, each fully before the next (BL-084).
A ``check`` ability rolls a check (its window opens, BL-094); its ``on_pass`` or ``on_fail``
list is then resolved in turn. Triggers of the same moment on several Adventurers' cards are
resolved in priority order (BL-047).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.words import counted
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import DungeonCard, Effect
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.steps import LoseEquippedStep, PickSeatStep, ResolveStep
from game.rulesets.buck_legacy.vocabulary import VOCABULARY


def triggers(ctx: Ctx, card: str, when: str) -> tuple[Effect, ...]:
    """A card's trigger abilities of one moment; a Zone's ``red_six`` ones are its Boss's (BL-187)."""
    if card == ctx.state.zone and when == "red_six":
        from game.rulesets.buck_legacy.monsters import boss_of

        return tuple(e for e in boss_of(ctx).special if e.kind == "trigger" and e.get("when") == when)
    return tuple(e for e in ctx.content.card(card).abilities if e.kind == "trigger" and e.get("when") == when)


def _effects_of(ctx: Ctx, step: ResolveStep) -> tuple[Effect, ...]:
    listed = triggers(ctx, step["card"], step["when"])
    if not step["branch"]:
        return listed
    nested: tuple[Effect, ...] = listed[step["parent"]].get(step["branch"], ())
    return nested


def resolve(ctx: Ctx, seat: int, card: str, when: str) -> None:
    """Queue a card's triggers of ``when`` for ``seat`` (nothing happens if it has none)."""
    if triggers(ctx, card, when):
        ctx.push({"step": "resolve", "seat": seat, "card": card, "when": when, "index": 0, "branch": "",
                  "parent": -1})


@FLOW.automatic(ResolveStep)
def run_resolve(ctx: Ctx, step: ResolveStep) -> None:
    effects = _effects_of(ctx, step)
    if step["index"] >= len(effects) or ctx.adventurer(step["seat"]).stunned and step["when"] != "stun":
        ctx.state.stack.remove(step)
        return
    index = step["index"]
    step["index"] += 1
    effect = effects[index]
    if _silenced(ctx, step["card"], effect):
        return  # Null Zone: a Monster's Special Ability is ignored (BL-224)
    if effect.verb == "check":
        need = int(effect.get("n"))
        ctx.push({"step": "check", "seat": step["seat"], "kind": str(effect.get("check")), "need": need,
                  "purpose": "card", "card": step["card"], "index": index, "rolled": False})
        return
    VOCABULARY.apply(ctx, effect, step["seat"], step["card"])


def _silenced(ctx: Ctx, card: str, effect: Effect) -> bool:
    """Whether Null Zone silences this ability of a Dungeon Monster (BL-224, A-24; a Boss's red 6
    is judged where it is rolled, fight.py)."""
    if card == ctx.state.zone:
        return False
    definition = ctx.content.card(card)
    return (isinstance(definition, DungeonCard) and definition.kind == "monster"
            and stats.silenced(ctx.state, ctx.content, definition, effect))


def check_outcome(ctx: Ctx, seat: int, card: str, index: int, passed: bool) -> None:
    """After a card's check: its ``on_pass`` or ``on_fail`` effects, resolved before the card's
    next ability (the ``resolve`` step of the card is still below)."""
    below = next(s for s in reversed(ctx.state.stack) if s["step"] == "resolve" and s["card"] == card
                 and s["seat"] == seat)
    branch = "on_pass" if passed else "on_fail"
    if not passed and ctx.content.card(card).kind == "gift":
        _mark_failed(ctx, seat, card)
    if triggers(ctx, card, below["when"])[index].get(branch):
        ctx.push({"step": "resolve", "seat": seat, "card": card, "when": below["when"], "index": 0,
                  "branch": branch, "parent": index})


def _mark_failed(ctx: Ctx, seat: int, card: str) -> None:
    """A Gift whose check failed is discarded, not attached (BL-087)."""
    for s in ctx.state.stack:
        if s["step"] == "settle_card" and s["card"] == card:
            s["failed"] = True


# -- the trigger verbs -----------------------------------------------------------------------------

@VOCABULARY.handles("gold")
def gold(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """Gain Gold, or lose it, never below 0 (BL-036, A-37)."""
    adv = ctx.adventurer(seat)
    printed = int(effect.get("amount"))
    amount = -min(adv.gold, -printed) if printed < 0 else printed
    adv.gold += amount
    if printed < 0:
        what = f"loses {-amount} Gold" if amount else "has no Gold to lose"
    else:
        what = f"gains {amount} Gold"
    ctx.emit("gold", "BL-036" if printed < 0 else "BL-023", f"{adv.name} {what} ({ctx.name_or_boss(card)}).",
             seat=seat, amount=amount)


@VOCABULARY.handles("mana")
def mana(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    adv = ctx.adventurer(seat)
    amount = int(effect.get("amount"))
    before = adv.mana
    adv.mana = max(0, min(stats.max_mana(ctx.state, ctx.content, seat), adv.mana + amount))
    ctx.emit("mana", "BL-209", f"{adv.name} {'gains' if amount > 0 else 'loses'} {abs(adv.mana - before)} Mana "
             f"({ctx.name_or_boss(card)}).", seat=seat, amount=adv.mana - before)


@VOCABULARY.handles("drain_mana")
def drain_mana(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    ctx.adventurer(seat).mana = 0
    ctx.emit("mana", "BL-023", f"{ctx.who(seat)}'s Mana drops to 0 ({ctx.name_or_boss(card)}).", seat=seat)


@VOCABULARY.handles("stun")
def stun_effect(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """Stunned by a card (a Trap, a Monster's or a Boss's ability): always the stun penalty,
    unless the host chose "Protection covers every Monster stun" and a Monster or the Boss
    did it (BL-143, BL-144, A-52)."""
    from game.rulesets.buck_legacy.stun import stun

    state = ctx.state
    level: int | None = None
    if card == state.zone and state.boss_up:
        from game.rulesets.buck_legacy.monsters import boss_of

        level = boss_of(ctx).level
    elif ctx.content.card(card).kind == "monster":
        level = ctx.content.dungeon_card(card).level
    stun(ctx, seat, "BL-143", monster_level=level)


@VOCABULARY.handles("draw_item")
def draw_item(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    for _ in range(int(effect.get("count", 1))):
        item = ctx.draw("items")
        if item is None:
            return
        ctx.emit("item_draw", "BL-233", f"{ctx.who(seat)} draws an Item into the backpack.", seat=seat)
        ctx.emit("item_private", "BL-233", f"You draw {ctx.name(item)}.", seats=(seat,), card=item)
        ctx.to_backpack(seat, item)


@VOCABULARY.handles("treasure")
def treasure(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    ctx.push({"step": "treasure", "seat": seat})


@VOCABULARY.handles("draw_dungeon")
def draw_dungeon(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """Draw another Dungeon card, placed in front like the first (AK-20)."""
    ctx.push({"step": "draw_cards", "seats": [seat]})


@VOCABULARY.handles("campfire")
def campfire(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """The Dungeon discard pile goes back into the deck, shuffled; Distance Decks are not
    discard piles and stay as they are (BL-105, AK-29)."""
    state = ctx.state
    count = len(state.dungeon_discard)
    state.dungeon_deck.extend(state.dungeon_discard)
    state.dungeon_discard.clear()
    state.rng.shuffle(state.dungeon_deck)
    ctx.emit("shuffle", "BL-105", f"{counted(count, 'card')} of the Dungeon discard pile {'is' if count == 1 else 'are'} "
             "shuffled back into the deck.",
             count=count)


@VOCABULARY.handles("unequip_weapon")
def unequip_weapon(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    from game.rulesets.buck_legacy.equipment import settle_maximums

    if "weapon" in ctx.adventurer(seat).slots:
        weapon = ctx.adventurer(seat).slots["weapon"]
        # Said before it is taken off: taking off a Starting Weapon says next that it leaves the game.
        ctx.emit("unequip", "BL-069", f"{ctx.who(seat)} must unequip {ctx.name(weapon)}.", seat=seat, card=weapon)
        taken = ctx.unequip(seat, "weapon")
        assert taken == weapon
        settle_maximums(ctx, seat)
        ctx.check_limits(seat)


@VOCABULARY.handles("discard_equipped")
def discard_equipped(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    if ctx.adventurer(seat).slots:
        ctx.push({"step": "lose_equipped", "seat": seat})


@VOCABULARY.handles("revive_other")
def revive_other(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    stunned = [s for s in ctx.state.priority() if ctx.adventurer(s).stunned]
    if not stunned:
        mana(ctx, Effect("mana", (("amount", 5),)), seat, card)
    else:
        ctx.push({"step": "pick_seat", "seat": seat, "purpose": "revive", "seats": stunned})


@VOCABULARY.handles("peek_dungeon")
def peek_dungeon(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """The Scout looks at the top Dungeon card in secret (section 7)."""
    deck = ctx.state.dungeon_deck
    if deck:
        ctx.adventurer(seat).peeked = deck[-1]
        ctx.emit("peek", "BL-016", f"{ctx.who(seat)} looks at the top Dungeon card.", seat=seat)
        ctx.emit("peek_private", "BL-016", f"The top Dungeon card is {ctx.name(deck[-1])}.", seats=(seat,),
                 card=deck[-1])


@VOCABULARY.handles("boss_roll")
def boss_roll(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    fight = ctx.state.fight
    if fight is not None:
        fight.boss_roll += int(effect.get("amount"))
        ctx.emit("boss_roll", "BL-187", f"The Boss has {int(effect.get('amount')):+d} to its roll this round.")


@VOCABULARY.handles("boss_heal")
def boss_heal(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    """The Boss heals, never above its starting HP (BL-135)."""
    from game.rulesets.buck_legacy.monsters import boss_of

    state = ctx.state
    healed = min(boss_of(ctx).hp, state.boss_hp + int(effect.get("amount"))) - state.boss_hp
    state.boss_hp += healed
    ctx.emit("boss_heal", "BL-135", f"The Boss heals {healed} HP ({state.boss_hp}).", amount=healed)


@VOCABULARY.handles("attach_curse")
def attach_curse(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    discard = ctx.state.dungeon_discard
    curses = [c for c in discard if ctx.content.card(c).kind == "curse"]
    if curses:
        curse = curses[-1]
        discard.remove(curse)
        ctx.adventurer(seat).attached.append(curse)
        ctx.emit("attach", "BL-088", f"{ctx.name(curse)} is attached to {ctx.who(seat)}.", seat=seat, card=curse)
        from game.rulesets.buck_legacy.equipment import settle_maximums

        settle_maximums(ctx, seat)
        resolve(ctx, seat, curse, "play")


@VOCABULARY.handles("lose_unless_flight")
def lose_unless_flight(ctx: Ctx, effect: Effect, seat: int, card: str) -> None:
    fight = ctx.state.fight
    if fight is not None and not stats.has_flight(ctx.state, ctx.content, seat):
        fight.boss_lost = True
        ctx.emit("boss_special", "BL-187", f"{ctx.who(seat)} has no Flight and loses this round.", seat=seat)


# -- the questions some effects ask ----------------------------------------------------------------

def ask_pick_seat(ctx: Ctx, step: PickSeatStep) -> Decision:
    options = tuple(Option(f"seat:{s}", f"Revive {ctx.who(s)}", ("seat", str(s))) for s in step["seats"])
    return Decision(step["seat"], "pick_seat", "Choose a Stunned Adventurer to revive.", options, rule="BL-149")


def answer_pick_seat(ctx: Ctx, step: PickSeatStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.buck_legacy.stun import revive

    ctx.state.stack.remove(step)
    revive(ctx, int(choice[0].partition(":")[2]), "BL-149")


FLOW.question(PickSeatStep, ask_pick_seat, answer_pick_seat)


def ask_lose_equipped(ctx: Ctx, step: LoseEquippedStep) -> Decision | None:
    slots = ctx.adventurer(step["seat"]).slots
    if not slots:
        return None
    options = tuple(Option(f"discard:{c}", f"Discard {ctx.name(c)}", ("card", c)) for c in slots.values())
    return Decision(step["seat"], "lose_equipped", "Discard one of your equipped items.", options, rule="BL-023")


def answer_lose_equipped(ctx: Ctx, step: LoseEquippedStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.buck_legacy.equipment import settle_maximums

    ctx.state.stack.remove(step)
    card = choice[0].partition(":")[2]
    adv = ctx.adventurer(seat)
    slot = next(s for s, c in adv.slots.items() if c == card)
    ctx.unequip(seat, slot, to_backpack=False)
    if not ctx.content.gear(card).is_starting_weapon:
        ctx.discard(card)
        bottom = adv.transmuted.pop(card, None)
        if bottom is not None:
            ctx.discard(bottom)
    ctx.emit("discard", "BL-023", f"{adv.name} discards {ctx.name(card)}.", seat=seat, card=card)
    settle_maximums(ctx, seat)


def run_lose_equipped(ctx: Ctx, step: LoseEquippedStep) -> None:
    ctx.state.stack.remove(step)


FLOW.question(LoseEquippedStep, ask_lose_equipped, answer_lose_equipped)
FLOW.automatic(LoseEquippedStep)(run_lose_equipped)

