"""The windows in which anyone may change what happens: a battle's Compare step (BL-115), a
check die (BL-094) and the Boss Attack's red die (BL-173).

Each is a kernel response window: the Adventurers are asked in priority order, starting with the
one concerned (the fighter, or whoever checks), whether or not they hold an answer, so the
questions never tell what is in a backpack. Whoever acts is asked again at once (they may act
again), then everyone else once more: the window closes only when everyone has declined in turn
(BL-115: "when every Active Adventurer in turn declines to make further changes"). An Adventurer
who, as everyone can see, has nothing that could answer (Stunned, or an empty backpack and no
spell, device or Support within reach) is not asked.

What may be done: declare Support (BL-137 to BL-142), cast spells (spells.py), use single-use
items (BL-235) and the actions of equipped cards and attached Gifts (devices paid in Tesla,
kinetic weapons, companions' rerolls: AK-10, AK-11, AK-13, AK-16), and give Gold, which an
Active Adventurer may do at any time (BL-017; cards only in the Market and Preparation, BL-018).
Option ids: ``support``, ``cast:...`` (spells.py), ``use:<card>`` or ``use:<card>:<die>``,
``give_gold:<seat>`` (equipment.py). Giving Gold changes no die, so it makes nobody asked who
would not be asked anyway, nor turns anyone's forced pass into a question at every die: it is
offered to the one the window is about (the fighter or whoever checks, who may want to pay for
help, BL-016) and to whoever has another answer.
"""

from __future__ import annotations

from typing import Iterable

from game.core.decision import Option
from game.core.window import register_window
from game.rulesets.buck_legacy import equipment, stats
from game.rulesets.buck_legacy.content import Effect
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.dice_changes import DIE_NAMES, add_to_die, dice_now, own_dice, reroll, set_die
from game.rulesets.buck_legacy.items import ANY_TIME, single_use_verb, usable_now, use_item, use_options
from game.rulesets.buck_legacy.monsters import keyword
from game.rulesets.buck_legacy.spells import cast, may_cast, spell_options
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.steps import HelpStep

DIE_VERBS = ("reroll", "add_to_roll", "set_die")
PROMPTS = {
    "compare": "Compare: change the outcome, Support the fighter, or pass.",
    "check": "The check die is rolled: change it, or pass.",
    "red": "The Boss Attack is rolled: change it, help the fighter, or pass.",
}
RULES = {"compare": "BL-115", "check": "BL-094", "red": "BL-173"}


def open_help(ctx: Ctx, moment: str, first: int) -> None:
    """Open the window of ``moment``, asking from ``first`` on in priority order."""
    ctx.push({"step": "help", "seats": helpers(ctx, moment, first), "moment": moment})  # type: ignore[typeddict-item]


def helpers(ctx: Ctx, moment: str, first: int) -> list[int]:
    """Who is asked, from ``first`` on in priority order: every Active Adventurer who, by what
    everyone can see, might have an answer."""
    order = ctx.state.priority()
    start = order.index(first)
    rotated = order[start:] + order[:start]
    with stats.unchanging(ctx.state, ctx.content):  # (only read here)
        return [s for s in rotated if might_help(ctx, s, moment)]


def might_help(ctx: Ctx, seat: int, moment: str) -> bool:
    """Judged on public facts only (a backpack's size, equipment, Mana, Rank), never on the
    backpack's contents, so leaving a seat out tells nobody anything (issue 11, fair questions)."""
    adv = ctx.adventurer(seat)
    if adv.stunned:
        return False
    if adv.backpack:
        return True
    return bool(support_options(ctx, seat, moment) or may_cast(ctx, seat, moment)
                or card_actions(ctx, seat, moment, public=True))


# -- Support (BL-137 to BL-142) ----------------------------------------------------------------------

def support_options(ctx: Ctx, seat: int, moment: str) -> list[Option]:
    state = ctx.state
    fight = state.fight
    if moment != "compare" or fight is None or fight.boss or seat == fight.fighter:
        return []
    adv = ctx.adventurer(seat)
    if adv.stunned or adv.drew_monster or adv.supported:
        return []
    if stats.has(state, ctx.content, seat, "support", mode="none"):
        return []
    amount = support_amount(ctx, seat)
    return [Option("support", f"Support {ctx.who(fight.fighter)} (+{amount} Combat Strength for the phase)",
                   ("seat", str(fight.fighter)), "BL-137")]


def support_amount(ctx: Ctx, seat: int) -> int:
    """The printed CS of the supporter's weapon (BL-139, A-25); double with a card that says so (AK-34)."""
    amount = stats.weapon_printed_strength(ctx.state, ctx.content, seat)
    if stats.has(ctx.state, ctx.content, seat, "support", mode="double"):
        amount *= 2
    return amount


def declare_support(ctx: Ctx, seat: int) -> None:
    fight = ctx.state.fight
    assert fight is not None
    amount = support_amount(ctx, seat)
    again = ", BL-141" if ctx.adventurer(fight.fighter).support_received else ""  # a second supporter
    ctx.adventurer(seat).supported = True
    ctx.adventurer(fight.fighter).support_received += amount
    ctx.emit("support", f"BL-137, BL-138, BL-139, BL-140{again}", f"{ctx.who(seat)} Supports {ctx.who(fight.fighter)}: +{amount} Combat Strength "
             "until the end of the Combat Phase.", seat=seat, fighter=fight.fighter, amount=amount)


# -- cards that act: single-use items, devices, kinetic weapons, companions ---------------------------

def _actions(ctx: Ctx, seat: int, *, public: bool) -> Iterable[tuple[str, Effect, bool]]:
    """(card, action ability, single-use?) of every card ``seat`` could act with: equipped cards
    and attached Gifts (public), and backpack cards (unless ``public``)."""
    adv = ctx.adventurer(seat)
    for card in list(adv.slots.values()) + adv.attached:
        for ability in ctx.content.card(card).abilities:
            if ability.kind == "action":
                yield card, ability, False
        for ability in stats.transmuted_abilities(ctx.content, adv, card):  # BL-240: offered by the card
            if ability.kind == "action":                                     # underneath, used on its own
                yield adv.transmuted[card], ability, False
    if not public:
        for card in adv.backpack:
            gear = ctx.content.gear(card)
            if gear.kind == "single_use":
                for ability in gear.abilities:
                    if ability.kind == "action":
                        yield card, ability, True


def _can_pay(ctx: Ctx, seat: int, card: str, ability: Effect) -> bool:
    adv = ctx.adventurer(seat)
    if ability.get("uses") == "phase" and card in adv.uses_this_phase:
        return False
    if ability.get("uses") == "once" and card in adv.used_once:
        return False
    return adv.mana >= int(ability.get("mana", 0)) and adv.tesla >= int(ability.get("tesla", 0))


def card_actions(ctx: Ctx, seat: int, moment: str, *, public: bool = False) -> list[Option]:
    """The options the seat's cards give at this moment (``public``: only those everyone can see)."""
    state = ctx.state
    fight = state.fight
    out: list[Option] = []
    for card, ability, single in _actions(ctx, seat, public=public):
        if not _can_pay(ctx, seat, card, ability):
            continue
        name = ctx.name(card)
        verb = ability.verb
        if verb in DIE_VERBS:
            if verb == "reroll" and ability.get("die") == "own":
                dice = own_dice(ctx, seat, moment)
            elif verb == "add_to_roll" and ability.has("check"):
                check = state.check
                dice = ("check",) if moment == "check" and check and check.kind == ability.get("check") else ()
            else:
                dice = dice_now(ctx, moment)
            for die in dice:
                out.append(Option(f"use:{card}:{die}", f"{name}: {ability.text.rstrip('.')} ({DIE_NAMES[die]})",
                                  ("die", die), ability.text))
        elif verb == "instant_damage":
            if moment == "compare" and fight is not None and not keyword(ctx, "immune_instant_damage"):
                out.append(Option(f"use:{card}", f"{name}: {ability.text}", ("card", card), "BL-154"))
        elif verb == "boss_damage":
            if moment == "compare" and fight is not None and fight.boss:
                out.append(Option(f"use:{card}", f"{name}: {ability.text}", ("card", card)))
        elif verb == "grant_protection":
            if state.part in ("combat", "boss"):
                out.append(Option(f"use:{card}", f"{name}: {ability.text}", ("card", card)))
        elif single and verb in ANY_TIME and usable_now(ctx, seat, card):
            out += use_options(ctx, seat, card)
        elif not single and verb == "grant_flight" and not stats.has_flight(state, ctx.content, seat):
            out.append(Option(f"use:{card}", f"{name}: {ability.text}", ("card", card)))
        elif not single and verb == "restore_mana" and \
                ctx.adventurer(seat).mana < stats.max_mana(state, ctx.content, seat):
            out.append(Option(f"use:{card}", f"{name}: {ability.text}", ("card", card)))  # a Mana device (AK-15)
    return out


def use_card(ctx: Ctx, seat: int, card: str, die: str) -> None:
    """Act with a card: pay its costs, mark its limits, carry out its action (BL-235, AK-16)."""
    adv = ctx.adventurer(seat)
    gear_card = ctx.content.card(card)
    single = card in adv.backpack
    if single and single_use_verb(ctx, card) in ANY_TIME:
        use_item(ctx, seat, card, die)  # (``die`` holds the subject: whom to revive, which Curse)
        return
    ability = next(a for a in gear_card.abilities if a.kind == "action")
    adv.mana -= int(ability.get("mana", 0))
    adv.tesla -= int(ability.get("tesla", 0))
    if ability.get("uses") == "phase":
        adv.uses_this_phase.append(card)
    elif ability.get("uses") == "once":
        adv.used_once.append(card)
    if single:
        adv.backpack.remove(card)
        ctx.discard(card)  # BL-236
    device = ", BL-229" if ability.get("tesla") else ""  # a steampunk device paid in Tesla
    ctx.emit("use", f"BL-235{device}", f"{adv.name} uses {gear_card.name}.", seat=seat, card=card,
             via=ctx.setting())
    _act(ctx, seat, card, ability, die)


def _act(ctx: Ctx, seat: int, card: str, ability: Effect, die: str) -> None:
    state = ctx.state
    fight = state.fight
    verb = ability.verb
    if verb == "reroll":
        value = reroll(ctx, die)
        ctx.emit("reroll", "BL-013", f"{DIE_NAMES[die].capitalize()} is rerolled: {value}.", die=die, value=value)
    elif verb == "add_to_roll":
        add_to_die(ctx, die, int(ability.get("amount")))
        ctx.emit("die_change", "BL-013", f"{int(ability.get('amount')):+d} to {DIE_NAMES[die]}.", die=die,
                 amount=int(ability.get("amount")))
    elif verb == "set_die":
        set_die(ctx, die, int(ability.get("value")))
        ctx.emit("die_change", "BL-013", f"{DIE_NAMES[die].capitalize()} is set to {ability.get('value')}.", die=die)
    elif verb == "instant_damage":
        assert fight is not None
        gear = ctx.content.card(card)
        bonus = stats.total(state, ctx.content, seat, "instant_damage_bonus", kinetic=False)
        if getattr(gear, "kinetic", False):
            bonus += stats.total(state, ctx.content, seat, "instant_damage_bonus", kinetic=True)
        amount = int(ability.get("amount")) + bonus
        fight.instant_damage += amount
        ctx.emit("instant_damage", "BL-155", f"{amount} Instant Damage to the Monster.", seat=seat, amount=amount)
    elif verb == "boss_damage":
        from game.rulesets.buck_legacy.fight import damage_boss

        damage_boss(ctx, int(ability.get("amount")), "BL-235")
    elif verb == "grant_protection":
        ctx.adventurer(seat).temp_protection += int(ability.get("amount"))
        ctx.emit("protection", "BL-158", f"{ctx.who(seat)} has +{ability.get('amount')} Protection for the "
                 "Combat Phase.", seat=seat)
    elif verb == "grant_flight":
        ctx.adventurer(seat).flight_until = "adventure" if state.boss_up else "exploration"
        ctx.emit("flight", "BL-244", f"{ctx.who(seat)} has Flight.", seat=seat)
    elif verb == "restore_mana":
        adv = ctx.adventurer(seat)
        gained = min(int(ability.get("amount")), stats.max_mana(state, ctx.content, seat) - adv.mana)
        adv.mana += gained
        ctx.emit("mana", "BL-211", f"{adv.name} gains {gained} Mana.", seat=seat, amount=gained)


# -- the window ---------------------------------------------------------------------------------------

def help_options(ctx: Ctx, seat: int, moment: str) -> list[Option]:
    found = support_options(ctx, seat, moment) + spell_options(ctx, seat, moment) + card_actions(ctx, seat, moment)
    if found or seat == concerned(ctx.state, moment):
        # Pointing at no one on the table: an Adventurer there stands for the Support or the
        # spell they would receive, which a click answers at once.
        found += [Option(o.id, o.label, None, o.detail) for o in equipment.gold_options(ctx, seat)]
    return found


def concerned(state: BLState, moment: str) -> int | None:
    """The Adventurer the window is about: the fighter, or whoever checks."""
    if moment == "check":
        return state.check.seat if state.check is not None else None
    return state.fight.fighter if state.fight is not None else None


def responses(ctx: Ctx, step: HelpStep, seat: int) -> list[Option]:
    with stats.unchanging(ctx.state, ctx.content):  # (only read here)
        return help_options(ctx, seat, step["moment"])


def prompt(ctx: Ctx, step: HelpStep, seat: int) -> str:
    return PROMPTS[step["moment"]]


def respond(ctx: Ctx, step: HelpStep, seat: int, choice: tuple[str, ...]) -> None:
    """Carry out the act; then the actor may act again, and everyone must decline once more."""
    apply_help(ctx, seat, choice[0])
    step["seats"] = helpers(ctx, step["moment"], seat)
    if seat not in step["seats"]:
        step["seats"].insert(0, seat)


def apply_help(ctx: Ctx, seat: int, picked: str) -> None:
    kind, _, rest = picked.partition(":")
    if kind == "support":
        declare_support(ctx, seat)
    elif kind == "cast":
        spell, _, subject = rest.partition(":")
        cast(ctx, seat, spell, subject)
    elif kind == "use":
        card, _, die = rest.partition(":")
        use_card(ctx, seat, card, die)
    elif kind == "give_gold":
        equipment.apply_card_option(ctx, seat, picked)  # asks how much, above the window (BL-017)
    else:
        raise ValueError(f"unknown help option {picked}")


def rule_of(ctx: Ctx, step: HelpStep) -> str:
    return RULES[step["moment"]]


register_window(FLOW, HelpStep, rule=rule_of, responses=responses, respond=respond, prompt=prompt,
                pass_label="Pass")


def window_about(state: BLState) -> tuple[int, ...]:
    """Whom the window open now is about, by what everyone sees: the fighter (a battle's Compare,
    the Boss Attack), whoever checks (BL-094), or whoever declared the purchase and whoever
    took it over (BL-063). A player who passes until his turn is asked again at his own."""
    step = state.stack[-1] if state.stack else None
    if step is None:
        return ()
    if step["step"] == "interrupt":
        return (step["buyer"], step["declarer"])
    who = concerned(state, step["moment"]) if step["step"] == "help" else None
    return () if who is None else (who,)


def window_moment(state: BLState) -> str | None:
    """Which fight or check is on now (public facts), so that an Adventurer may pass at the rest
    of its windows: a battle asks again at every Compare and after every change anyone makes
    (BL-115), and a check's die after every change (BL-094). A fight's checks (an Escape) are
    part of the fight. None when neither is on."""
    fight = state.fight
    if fight is not None:
        return f"fight:{state.adventure}:{fight.fighter}:{fight.monster}"
    check = state.check
    return None if check is None else f"check:{state.adventure}:{len(state.checks)}:{check.seat}:{check.kind}"
