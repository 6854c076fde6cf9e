"""A battle: who may play what, the windows, effects as cards resolve, and the result.

Checklist sections 3.5-3.10 and the card abilities of 3.12-3.15. Arithmetic (totals,
spell levels, charges) is in ``effects.py``.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from game.core.decision import Blocked, Decision, Option
from game.core.effects import Effect
from game.rulesets.fantasy_heroes.content import ANY_TIME, CARD_TYPES, ELSEWHERE, CardDef, Content
from game.rulesets.fantasy_heroes.context import FLOW, Ctx
from game.rulesets.fantasy_heroes.effects import (
    CARD_RULES,
    TableCards,
    both_totals,
    charge_sources,
    hero_of,
    negatable_spells,
    opposing,
    spell_level,
    table_cards,
    table_totals,
    totals,
)
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, Battle, Side
from game.rulesets.fantasy_heroes.steps import (
    AttackHeroStep, ChooseSummonStep, ChooseTargetStep, EndOfPlayStep, GoblinsDiscardStep, NegationResponseStep,
    OnPlayStep, ResolveBattleStep, WindowStep,
)
from game.rulesets.fantasy_heroes.turn import instant_options, open_instant_point, play_instant
from game.rulesets.fantasy_heroes.vocabulary import VERBS

ATTACKER_REWARD = 2
DEFENDER_REWARD = 3
ROLE = ("attacker", "defender")
# A window's last answer, one or the other at every window question (an Option never changes).
END_WINDOW = Option("pass", "End your window")
PASS_WINDOW = Option("pass", "Pass")


def begin_battle(ctx: Ctx, territory: str) -> None:
    """Declare an attack on ``territory`` (FH-027, FH-029) and push the battle's steps."""
    state = ctx.state
    defender = next(p.seat for p in state.players if territory in p.territories)
    battle_type = ctx.content.territory_type(territory)
    state.battle = Battle(state.active, defender, territory, battle_type,
                          [Side(state.active), Side(defender)])
    headline = f"{ctx.who(state.active)} attacks {ctx.who(defender)}'s {battle_type}"
    ctx.emit("attack", "FH-027", f"{headline}.", attacker=state.active, defender=defender, territory=territory,
             headline=headline)
    ctx.push({"step": "resolve_battle"})
    ctx.push({"step": "end_of_play"})
    open_instant_point(ctx, "card play has ended", False)
    ctx.push({"step": "window"})
    ctx.push({"step": "attack_hero"})


def _battle(ctx: Ctx) -> Battle:
    battle = ctx.state.battle
    assert battle is not None, "no battle in progress"
    return battle


# -- what may be played (FH-031 to FH-044, FH-084, FH-091, FH-138) ------------------------------


def minion_matches(content: Content, battle: Battle, side_index: int, territory: str | None) -> bool:
    """The ordinary matching rule, without the Sorcerer's allowance or Summon."""
    return _matches(hero_of(content, battle.sides[side_index]), battle.battle_type, side_index, territory)


def _matches(hero: CardDef | None, battle_type: str, side_index: int, territory: str | None) -> bool:
    """:func:`minion_matches` with the side's hero already looked up."""
    if side_index == ATTACKER:
        return hero is not None and territory == hero.territory  # FH-034
    if hero is None:
        return territory == battle_type  # FH-043
    return territory in (hero.territory, battle_type)  # FH-042


def uses_allowance(content: Content, battle: Battle, side_index: int, card_id: str) -> bool:
    """Whether playing this minion would use the Sorcerer's allowance (FH-091, FH-138)."""
    card = content.cards[card_id]
    return not minion_matches(content, battle, side_index, card.territory)


class Permissions(NamedTuple):
    """Everything that decides which cards a side may play now: :func:`judge` reads nothing
    else, so a card's verdict under one Permissions stays the same for as long as it holds."""

    side_index: int
    battle_type: str
    hero: str | None
    artifact_played: bool
    sorcerer_allowance_used: bool
    spells_cast: int
    spell_level: int


def permissions(content: Content, battle: Battle, side_index: int) -> Permissions:
    side = battle.sides[side_index]
    # Made by tuple.__new__, not by the named tuple's own __new__ (a Python function that then
    # calls it): the same tuple, half the time, at every window question.
    return tuple.__new__(Permissions, (side_index, battle.battle_type, side.hero, side.artifact_played,
                                       side.sorcerer_allowance_used, side.spells_cast,
                                       spell_level(content, battle, side_index)))


def why_not(content: Content, battle: Battle, side_index: int, card_id: str) -> tuple[str, str] | None:
    """None if ``card_id`` may be played now by this side; else (reason, rule)."""
    return judge(content, permissions(content, battle, side_index), content.cards[card_id])


def judge(content: Content, side: Permissions, card: CardDef) -> tuple[str, str] | None:
    """:func:`why_not` for a side's permissions."""
    hero = content.cards[side.hero] if side.hero else None
    if card.type == "hero":
        if side.hero is not None:
            return "This side already has its hero in the battle.", ("FH-032" if side.side_index == ATTACKER
                                                                       else "FH-039")
        return None
    if card.type == "artifact":
        if hero is None:
            return "An artifact needs a hero on your side.", "FH-040"
        if hero.verb("no_artifacts"):
            return f"{hero.name} cannot use artifacts.", "FH-084"
        if side.artifact_played:
            return "Each side may play only one artifact per battle.", "FH-033"
        return None
    if card.type == "minion":
        if _matches(hero, side.battle_type, side.side_index, card.territory):
            return None
        allowance = hero.verb("sorcerer_allowance") if hero else None
        if (allowance and not side.sorcerer_allowance_used
                and card.territory != allowance.get("excluded_territory")):
            return None
        if side.side_index == ATTACKER:
            assert hero is not None
            extra = " The Sorcerer's one non-Tower minion is used." if allowance else ""
            return (f"{card.name} ({card.territory}) does not match your hero's territory ({hero.territory})."
                    + extra, "FH-035" if not allowance else "FH-091")
        if hero is None:
            return (f"Without a hero you may play only {side.battle_type} minions, the attacked "
                    "territory's.", "FH-043")
        extra = " The Sorcerer's one non-Tower minion is used." if allowance else ""
        return (f"{card.name} ({card.territory}) matches neither your hero ({hero.territory}) nor the "
                f"battle territory ({side.battle_type})." + extra, "FH-042" if not allowance else "FH-091")
    if card.is_battle_spell:
        if hero is None:
            return "Battle spells need a hero on your side to cast them.", "FH-041"
        level = side.spell_level
        if side.spells_cast >= level:
            return (f"Your spell level is {level} and you have cast {side.spells_cast} spell"
                    f"{'s' if side.spells_cast != 1 else ''}.", "FH-037")
        return None
    if card.verb("wall_of_fire"):
        return f"{card.name} is played only at the start of another player's Attack Phase.", "FH-134"
    if card.verb("fly"):
        return f"{card.name} is played only after your first battle of the turn has resolved.", "FH-135"
    return None  # Scrye and Fortune: instants, playable at any instant point


# -- the attacker's hero (FH-031) and the windows (FH-045 to FH-049, FH-137) ------------------------


def ask_attack_hero(ctx: Ctx, step: AttackHeroStep) -> Decision | None:
    battle = _battle(ctx)
    hand = ctx.state.players[battle.attacker].hand
    content = ctx.content
    cards, play_options = content.cards, content.play_options
    heroes = [c for c in hand if cards[c].type == "hero"]
    blocked = tuple([content.blocked_play(c, "Your first card in a battle must be a hero.", "FH-031")
                     for c in hand if c not in heroes])
    return Decision(battle.attacker, "hero", f"Attack on the {battle.battle_type}: play your hero.",
                    tuple([play_options[c] for c in heroes]), "FH-031", 1, 1, blocked)  # (fields in order)


def answer_attack_hero(ctx: Ctx, step: AttackHeroStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    play_card(ctx, _battle(ctx), ATTACKER, choice[0].split(":", 1)[1])


FLOW.question(AttackHeroStep, ask_attack_hero, answer_attack_hero)


def _card_option(ctx: Ctx, card_id: str) -> Option:
    return ctx.content.play_options[card_id]


VERDICT_CACHE_SIZE = 4096
"""Verdict keys remembered at most (the cache starts again when full): a few hundred come up."""


def verdict_key(side: Permissions, card_type: str) -> tuple[object, ...]:
    """What :func:`judge` reads of ``side`` for a card of ``card_type``: the key its verdict is
    remembered under, so that one verdict serves all permissions that agree on it (a minion's
    verdict does not change as spells are cast, nor a spell's as minions are played)."""
    if card_type == "minion":
        return ("minion", side.side_index, side.battle_type, side.hero, side.sorcerer_allowance_used)
    if card_type == "spell":  # battle spells, and instants, whose verdicts never change
        return ("spell", side.hero is None, side.spell_level, side.spells_cast)
    if card_type == "artifact":
        return ("artifact", side.hero, side.artifact_played)
    return ("hero", side.side_index, side.hero is None)


def verdict(content: Content, side: Permissions, card_id: str) -> Option | Blocked:
    """The card's play option if ``side`` may play it, else why not: :func:`judge`'s answer,
    remembered by its :func:`verdict_key` in ``content.verdict_cache``."""
    card = content.cards[card_id]
    key = verdict_key(side, card.type)
    verdicts = content.verdict_cache.get(key)  # the verdicts reached so far under this key, by card
    if verdicts is None:
        if len(content.verdict_cache) >= VERDICT_CACHE_SIZE:
            content.verdict_cache.clear()
        verdicts = content.verdict_cache[key] = {}
    found = verdicts.get(card_id)
    if found is None:
        reason = judge(content, side, card)
        found = verdicts[card_id] = (content.play_options[card_id] if reason is None
                                     else content.blocked_play(card_id, *reason))
    return found


def verdicts_for(content: Content, side: Permissions) -> dict[str, Option | Blocked]:
    """The verdicts of battle cards under ``side``'s permissions met so far, by card: each one
    :func:`verdict`'s, kept here too so that a window finds a card's with one look-up."""
    verdicts = content.verdict_tables.get(side)
    if verdicts is None:
        if len(content.verdict_tables) >= VERDICT_CACHE_SIZE:
            content.verdict_tables.clear()
        verdicts = content.verdict_tables[side] = {}
    return verdicts


def window_options(ctx: Ctx, battle: Battle) -> tuple[list[Option], list[Blocked]]:
    """Everything the window's owner may do now, and why the other cards in hand can't be played."""
    index = battle.window_owner
    side = battle.sides[index]
    hand = ctx.state.players[side.seat].hand
    content = ctx.content
    allowed = permissions(content, battle, index)
    judged = verdicts_for(content, allowed)
    options: list[Option] = []
    blocked: list[Blocked] = []
    # One pass over the hand sorts it: battle cards are judged now; instants are offered
    # (Scrye, Fortune) or shown blocked (Wall of Fire, Fly) after the other answers.
    any_time: list[str] = []
    elsewhere: list[str] = []
    for card_id in hand:
        found = judged.get(card_id)
        if found is None:
            role = content.window_roles[card_id]
            if role == ANY_TIME:
                any_time.append(card_id)
                continue
            if role == ELSEWHERE:
                elsewhere.append(card_id)
                continue
            if role not in CARD_TYPES:
                continue  # an instant a window neither offers nor shows
            found = judged[card_id] = verdict(content, allowed, card_id)
        if isinstance(found, Option):
            options.append(found)
        else:
            blocked.append(found)
    # (Most windows have no opposing spell and no Goblins on the owner's side: nothing to look at.)
    spells = negatable_spells(content, battle, index) if battle.sides[opposing(index)].spells else ()
    sources = charge_sources(content, battle, index) if spells else []  # no spell to negate: no need
    for spell in spells:
        for source in sources:
            options.append(Option(f"negate:{spell}:{source}", f"Negate {ctx.name(spell)} with {ctx.name(source)}",
                                  ("card", spell), "FH-058"))
    if hand and not content.cards_with_verb["pay_discard_for_bv"].isdisjoint(side.minions):
        for minion in side.minions:
            if content.cards[minion].verb("pay_discard_for_bv") and minion not in battle.goblins_paid:
                options.append(Option(f"pay:{minion}", f"{ctx.name(minion)}: discard a card for +1 BV",
                                      ("card", minion), "FH-101"))
    if any_time:
        options.extend(instant_options(ctx, any_time))
    for card_id in elsewhere:
        found = verdict(content, allowed, card_id)
        assert isinstance(found, Blocked)
        blocked.append(found)
    return options, blocked


def ask_window(ctx: Ctx, step: WindowStep) -> Decision | None:
    battle = _battle(ctx)
    options, blocked = window_options(ctx, battle)
    seat = battle.sides[battle.window_owner].seat
    options.append(END_WINDOW if battle.window_active else PASS_WINDOW)
    # The prompt shows the totals, written when it is first read (from the table as it is now).
    prompt = partial(window_prompt, ctx.content, table_cards(battle), battle.window_number, battle.window_owner)
    # (Its fields in order, one to pick, window question: named arguments cost more at every window.)
    return Decision(seat, "window", prompt, tuple(options), "FH-047", 1, 1, tuple(blocked), True)


def window_prompt(content: Content, table: TableCards, number: int, owner: int) -> str:
    attack, defense = table_totals(content, table)
    return (f"Battle for the {table.battle_type}, window {number} ({ROLE[owner]}): attack {attack.value}, "
            f"defense {defense.value}. Play a card or pass.")


def answer_window(ctx: Ctx, step: WindowStep, seat: int, choice: tuple[str, ...]) -> None:
    battle = _battle(ctx)
    picked = choice[0]
    kind, _, rest = picked.partition(":")
    if kind == "pass":
        end_window(ctx, battle)
    elif kind == "play":
        if ctx.content.cards[rest].is_instant:
            play_instant(ctx, seat, rest)  # FH-137: instants alone leave the window a pass
        else:
            battle.window_active = True
            play_card(ctx, battle, battle.window_owner, rest)
    elif kind == "negate":
        spell, _, source = rest.partition(":")
        battle.window_active = True
        negate(ctx, battle.window_owner, spell, source, "FH-058")
    elif kind == "pay":
        ctx.push({"step": "goblins_discard", "goblins": rest, "side": battle.window_owner})


FLOW.question(WindowStep, ask_window, answer_window)


def end_window(ctx: Ctx, battle: Battle) -> None:
    """Close the current window; two passes in a row, one by each side, end card play (FH-049)."""
    seat = battle.sides[battle.window_owner].seat
    if not battle.window_active:
        ctx.emit("pass", "FH-048", f"{ctx.who(seat)} passes.", seat=seat)
        if battle.previous_window_passed:
            battle.play_ended = True
            ctx.state.stack.pop()
            attack, defense = totals(ctx.content, battle)
            ctx.emit("play_ends", "FH-049", f"Both sides have passed: card play ends at attack {attack}, "
                     f"defense {defense}.")
            return
        battle.previous_window_passed = True
    else:
        battle.previous_window_passed = False
    battle.window_owner = opposing(battle.window_owner)
    battle.window_number += 1
    battle.window_active = False


# -- playing a card and its effects (FH-050 to FH-060) -------------------------------------------


def play_card(ctx: Ctx, battle: Battle, side_index: int, card_id: str, *, summoned: bool = False) -> None:
    """Put a battle card on its side of the table and queue what follows it."""
    side = battle.sides[side_index]
    card = ctx.content.cards[card_id]
    ctx.state.players[side.seat].hand.remove(card_id)
    ctx.forget(side.seat, [card_id])
    note = ""
    if card.type == "hero":
        side.hero = card_id
    elif card.type == "minion":
        if not summoned and uses_allowance(ctx.content, battle, side_index, card_id):
            side.sorcerer_allowance_used = True
            note = " (the Sorcerer's one non-Tower minion)"
        elif summoned:
            note = " (summoned)"
        side.minions.append(card_id)
    elif card.type == "artifact":
        side.artifact = card_id
        side.artifact_played = True
    else:
        side.spells.append(card_id)
        side.spells_cast += 1
    ctx.emit("play", "FH-050" if not summoned else "FH-130",
             f"{ctx.who(side.seat)} plays {card.name}{note}.", seat=side.seat, card=card_id, side=side_index)
    if summoned:
        ctx.push({"step": "on_play", "card": card_id, "side": side_index})
        return
    open_instant_point(ctx, f"after {card.name}", False, but=side.seat)
    ctx.push({"step": "on_play", "card": card_id, "side": side_index})
    if card.is_battle_spell:
        ctx.push({"step": "negation_response", "card": card_id, "side": side_index})


def negate(ctx: Ctx, side_index: int, spell: str, source: str, rule: str) -> None:
    """Spend ``source``'s charge to negate an opposing battle spell (FH-055 to FH-058)."""
    battle = _battle(ctx)
    battle.charges_spent.append(source)
    battle.negated.append(spell)
    seat = battle.sides[side_index].seat
    ctx.emit("negate", rule, f"{ctx.who(seat)} negates {ctx.name(spell)} with {ctx.name(source)}.",
             seat=seat, card=spell, source=source)


def negate_instant(ctx: Ctx, seat: int, card: str, source: str) -> None:
    """Spend ``source``'s charge on a Scrye or Fortune the other side casts in this battle: it
    has no effect, uses no spell slot, and leaves a window that was a pass a pass (FH-055, FH-137)."""
    battle = _battle(ctx)
    battle.charges_spent.append(source)
    ctx.emit("negate", "FH-055", f"{ctx.who(seat)} negates {ctx.name(card)} with {ctx.name(source)}: it has "
             "no effect.", seat=seat, card=card, source=source)


def ask_negation(ctx: Ctx, step: NegationResponseStep) -> Decision | None:
    battle = _battle(ctx)
    spell = step["card"]
    responder = opposing(step["side"])
    if spell in battle.negated or spell not in battle.sides[step["side"]].spells:
        return None
    sources = charge_sources(ctx.content, battle, responder)
    if not sources:
        return None
    seat = battle.sides[responder].seat
    options = tuple(Option(f"negate:{spell}:{s}", f"Negate it with {ctx.name(s)}", ("card", s)) for s in sources)
    return Decision(seat, "negate", f"{ctx.who(battle.sides[step['side']].seat)} casts {ctx.name(spell)}: "
                    "negate it before it takes effect?",
                    options + (Option("pass", "Let it take effect"),), rule="FH-057")


def answer_negation(ctx: Ctx, step: NegationResponseStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice[0] != "pass":
        spell, _, source = choice[0].split(":", 1)[1].partition(":")
        negate(ctx, opposing(step["side"]), spell, source, "FH-057")


@FLOW.automatic(NegationResponseStep)
def negation_none(ctx: Ctx, step: NegationResponseStep) -> None:
    ctx.state.stack.pop()


FLOW.question(NegationResponseStep, ask_negation, answer_negation)


def destroy(ctx: Ctx, card_id: str, rule: str, by: str) -> None:
    """A destroyed card goes to the discard pile at once and stops counting (FH-054)."""
    battle = _battle(ctx)
    for side in battle.sides:
        if card_id in side.minions:
            side.minions.remove(card_id)
        elif side.artifact == card_id:
            side.artifact = None
        else:
            continue
        ctx.state.discard.append(card_id)
        ctx.emit("destroy", rule, f"{ctx.name(by)} destroys {ctx.name(card_id)}.", card=card_id, by=by)
        return


def take_control(ctx: Ctx, side_index: int, minion: str, rule: str, by: str) -> None:
    """Move an opposing minion to ``side_index``'s side; it is judged there from now on (FH-053)."""
    battle = _battle(ctx)
    battle.sides[opposing(side_index)].minions.remove(minion)
    battle.sides[side_index].minions.append(minion)
    seat = battle.sides[side_index].seat
    ctx.emit("control", rule, f"{ctx.name(by)}: {ctx.who(seat)} takes control of {ctx.name(minion)}.",
             card=minion, side=side_index, by=by)


class Played(NamedTuple):
    """A card being played in a battle, as its one-shot effects see it."""

    card_id: str
    card: CardDef
    side: int
    me: int
    foe: int
    rule: str


@FLOW.automatic(OnPlayStep)
def on_play(ctx: Ctx, step: OnPlayStep) -> None:
    """One-shot effects of a card as it is played; a negated spell has none (FH-057).

    Each verb with a handler (below) acts; the card's other verbs are read where they count
    (totals, permissions, charges: their ``read_by`` in the vocabulary)."""
    ctx.state.stack.pop()
    battle = _battle(ctx)
    card_id, side_index = step["card"], step["side"]
    if card_id in battle.negated:
        return
    card = ctx.content.cards[card_id]
    played: Played | None = None
    for effect in card.effects:
        if VERBS.handler(effect.verb) is not None:
            if played is None:  # (made only for a card with a one-shot effect: most have none)
                played = Played(card_id, card, side_index, battle.sides[side_index].seat,
                                battle.sides[opposing(side_index)].seat, _rule(card_id))
            VERBS.apply(ctx, effect, played)


@VERBS.handles("steal_random")
def _steal_random(ctx: Ctx, effect: Effect, played: Played) -> None:
    state, card, me, foe, rule = ctx.state, played.card, played.me, played.foe, played.rule
    stolen = ctx.random_card(foe)
    if stolen is None:
        ctx.emit("effect", rule, f"{card.name}: {ctx.who(foe)}'s hand is empty; nothing is stolen.")
        return
    state.players[foe].hand.remove(stolen)
    state.players[me].hand.append(stolen)
    # The thief and his victim know which card moved; the others only that one did.
    ctx.forget(foe, [stolen])
    for other in range(state.seats):
        if other not in (me, foe):
            ctx.forget_hand(other, foe)
    ctx.remember(foe, me, stolen, "stolen")
    ctx.emit("steal", rule, f"{card.name} steals a random card from {ctx.who(foe)}'s hand.",
             seat=me, victim=foe, irreversible=True)
    ctx.emit("steal_private", rule, f"{card.name} took {ctx.name(stolen)}.", seats=(me, foe),
             card=stolen, irreversible=True)


@VERBS.handles("opponent_discards_random")
def _opponent_discards_random(ctx: Ctx, effect: Effect, played: Played) -> None:
    state, card, foe, rule = ctx.state, played.card, played.foe, played.rule
    lost = ctx.random_card(foe)
    if lost is None:
        ctx.emit("effect", rule, f"{card.name}: {ctx.who(foe)}'s hand is empty; nothing is discarded.")
        return
    state.players[foe].hand.remove(lost)
    ctx.forget(foe, [lost])
    state.discard.append(lost)
    ctx.emit("discard", rule, f"{card.name}: {ctx.who(foe)} discards {ctx.name(lost)} at random.",
             seat=foe, cards=[lost], irreversible=True)


@VERBS.handles("draw")
def _draw(ctx: Ctx, effect: Effect, played: Played) -> None:
    ctx.draw(played.me, int(effect.get("count")), played.rule)


@VERBS.handles("destroy_opposing_minion")
def _destroy_opposing_minion(ctx: Ctx, effect: Effect, played: Played) -> None:
    ctx.push({"step": "choose_target", "card": played.card_id, "side": played.side, "action": "destroy"})


@VERBS.handles("take_minion")
def _take_minion(ctx: Ctx, effect: Effect, played: Played) -> None:
    if effect.get("timing") == "on_play":  # the end-of-play timing is read when card play ends
        ctx.push({"step": "choose_target", "card": played.card_id, "side": played.side, "action": "take"})


@VERBS.handles("destroy_opposing_artifact")
def _destroy_opposing_artifact(ctx: Ctx, effect: Effect, played: Played) -> None:
    artifact = _battle(ctx).sides[opposing(played.side)].artifact
    if artifact is None:
        ctx.emit("effect", played.rule, f"{played.card.name} finds no artifact to destroy.")
    else:
        destroy(ctx, artifact, played.rule, played.card_id)


@VERBS.handles("destroy_all_minions")
def _destroy_all_minions(ctx: Ctx, effect: Effect, played: Played) -> None:
    battle = _battle(ctx)
    everything = battle.sides[ATTACKER].minions + battle.sides[DEFENDER].minions
    if not everything:
        ctx.emit("effect", played.rule, f"{played.card.name} finds no minion on the table.")
    for minion in list(everything):
        destroy(ctx, minion, played.rule, played.card_id)


@VERBS.handles("summon")
def _summon(ctx: Ctx, effect: Effect, played: Played) -> None:
    ctx.push({"step": "choose_summon", "side": played.side})


def target_candidates(ctx: Ctx, step: ChooseTargetStep) -> list[str]:
    battle = _battle(ctx)
    card = ctx.content.cards[step["card"]]
    minions = battle.sides[opposing(step["side"])].minions
    effect = card.verb("destroy_opposing_minion")
    if effect is not None and effect.has("printed_bv"):
        return [m for m in minions if ctx.content.cards[m].bv == effect.get("printed_bv")]  # FH-110
    return list(minions)


def _apply_target(ctx: Ctx, step: ChooseTargetStep, minion: str) -> None:
    rule = _rule(step["card"])
    if step["action"] == "destroy":
        destroy(ctx, minion, rule, step["card"])
    else:
        take_control(ctx, step["side"], minion, rule, step["card"])


def ask_target(ctx: Ctx, step: ChooseTargetStep) -> Decision | None:
    candidates = target_candidates(ctx, step)
    if len(candidates) <= 1:
        return None
    battle = _battle(ctx)
    verb = "destroy" if step["action"] == "destroy" else "take control of"
    return Decision(battle.sides[step["side"]].seat, "target",
                    f"{ctx.name(step['card'])}: choose a minion to {verb}.",
                    tuple(Option(f"target:{m}", ctx.name(m), ("card", m)) for m in candidates),
                    rule=_rule(step["card"]))


def answer_target(ctx: Ctx, step: ChooseTargetStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    _apply_target(ctx, step, choice[0].split(":", 1)[1])


@FLOW.automatic(ChooseTargetStep)
def target_forced(ctx: Ctx, step: ChooseTargetStep) -> None:
    """With one candidate there is nothing to choose; with none the effect does nothing (FH-136)."""
    ctx.state.stack.pop()
    candidates = target_candidates(ctx, step)
    if candidates:
        _apply_target(ctx, step, candidates[0])
    else:
        ctx.emit("effect", _rule(step["card"]), f"{ctx.name(step['card'])} finds no minion to affect.")


FLOW.question(ChooseTargetStep, ask_target, answer_target)


def _summonable(ctx: Ctx, step: ChooseSummonStep) -> list[str]:
    seat = _battle(ctx).sides[step["side"]].seat
    return [c for c in ctx.state.players[seat].hand if ctx.content.cards[c].type == "minion"]


def ask_summon(ctx: Ctx, step: ChooseSummonStep) -> Decision | None:
    """Asked whether or not the caster holds a minion (then "pass" is his only answer, and
    FH-136: Summon does nothing), so that nobody learns from it what his hand holds."""
    minions = _summonable(ctx, step)
    seat = _battle(ctx).sides[step["side"]].seat
    return Decision(seat, "summon", "Summon: play one minion from your hand, whatever its territory.",
                    tuple(_card_option(ctx, m) for m in minions) + (Option("pass", "Summon nothing"),),
                    rule="FH-130", window=True)


def answer_summon(ctx: Ctx, step: ChooseSummonStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice[0] != "pass":
        play_card(ctx, _battle(ctx), step["side"], choice[0].split(":", 1)[1], summoned=True)
    else:
        ctx.emit("effect", "FH-136", f"Summon: {ctx.who(seat)} plays no minion.", seat=seat)


FLOW.question(ChooseSummonStep, ask_summon, answer_summon)


def ask_goblins(ctx: Ctx, step: GoblinsDiscardStep) -> Decision | None:
    seat = _battle(ctx).sides[step["side"]].seat
    hand = ctx.state.players[seat].hand
    return Decision(seat, "goblins", f"{ctx.name(step['goblins'])}: discard which card for +1 BV?",
                    tuple(ctx.content.discard_options[c] for c in hand), rule="FH-101")


def answer_goblins(ctx: Ctx, step: GoblinsDiscardStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    battle = _battle(ctx)
    ctx.discard_from_hand(seat, [choice[0].split(":", 1)[1]], "FH-101", f"paid for {ctx.name(step['goblins'])}")
    battle.goblins_paid.append(step["goblins"])
    battle.window_active = True  # FH-137: paying the Goblins makes the window active


FLOW.question(GoblinsDiscardStep, ask_goblins, answer_goblins)


# -- the end of card play, totals and the result (FH-051, FH-064 to FH-076) --------------------------


def _enchanting_side(ctx: Ctx) -> int | None:
    battle = _battle(ctx)
    for index, side in enumerate(battle.sides):
        hero = hero_of(ctx.content, side)
        effect = hero.verb("take_minion") if hero else None
        if effect and effect.get("timing") == "end_of_play" and battle.sides[opposing(index)].minions:
            return index
    return None


def ask_end_of_play(ctx: Ctx, step: EndOfPlayStep) -> Decision | None:
    index = _enchanting_side(ctx)
    if index is None:
        return None
    battle = _battle(ctx)
    hero = ctx.name(battle.sides[index].hero or "")
    return Decision(battle.sides[index].seat, "enchant",
                    f"{hero}: take control of one enemy minion before totals are compared?",
                    tuple(Option(f"target:{m}", ctx.name(m), ("card", m))
                          for m in battle.sides[opposing(index)].minions) + (Option("pass", "Take none"),),
                    rule="FH-089")


def answer_end_of_play(ctx: Ctx, step: EndOfPlayStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    index = _enchanting_side(ctx)
    assert index is not None
    if choice[0] != "pass":
        battle = _battle(ctx)
        take_control(ctx, index, choice[0].split(":", 1)[1], "FH-089", battle.sides[index].hero or "")


@FLOW.automatic(EndOfPlayStep)
def end_of_play_nothing(ctx: Ctx, step: EndOfPlayStep) -> None:
    ctx.state.stack.pop()


FLOW.question(EndOfPlayStep, ask_end_of_play, answer_end_of_play)


@FLOW.automatic(ResolveBattleStep)
def resolve_battle(ctx: Ctx, step: ResolveBattleStep) -> None:
    """Compare, transfer, reward, discard, eliminate (FH-074)."""
    state = ctx.state
    state.stack.pop()
    battle = _battle(ctx)
    attack, defense = both_totals(ctx.content, battle)
    ctx.emit("totals", "FH-064", f"Total Attack Score {attack.value}: {attack.terms()}.",
             side=ATTACKER, value=attack.value)
    ctx.emit("totals", "FH-065", f"Total Defense Score {defense.value}: {defense.terms() or 'no cards'}.",
             side=DEFENDER, value=defense.value)
    attacker, defender = state.players[battle.attacker], state.players[battle.defender]
    if attack.value > defense.value:
        defender.territories.remove(battle.territory)
        attacker.territories.append(battle.territory)
        headline = f"{attacker.name} wins {attack.value} to {defense.value} and takes the {battle.battle_type}"
        ctx.emit("battle_won", "FH-070", f"{headline}.", winner=attacker.seat, territory=battle.territory,
                 headline=headline)
        ctx.draw(attacker.seat, ATTACKER_REWARD, "FH-070")
    else:
        headline = f"{defender.name} holds the {battle.battle_type}, {defense.value} against {attack.value}"
        ctx.emit("battle_won", "FH-069", f"{headline}.", winner=defender.seat, territory=battle.territory,
                 headline=headline)
        ctx.draw(defender.seat, DEFENDER_REWARD, "FH-071")
    played = [c for side in battle.sides for c in side.cards()]
    state.discard.extend(played)
    ctx.emit("battle_discard", "FH-073", ("The card left in the battle is discarded." if len(played) == 1
             else f"The {len(played)} cards left in the battle are discarded."),
             cards=played)
    state.battle = None
    state.battles_this_turn += 1
    if not defender.territories:
        defender.eliminated = True
        state.discard.extend(defender.hand)
        held = len(defender.hand)
        hand = ("their hand is empty" if held == 0 else "the card in their hand is discarded" if held == 1
                else f"the {held} cards in their hand are discarded")
        ctx.emit("eliminated", "FH-075", f"{defender.name} has no territory left and is out; {hand}.",
                 seat=defender.seat,
                 cards=list(defender.hand), headline=f"{defender.name} has no territory left and is out")
        ctx.forget(defender.seat, list(defender.hand))
        defender.hand.clear()
        state.reveals = [r for r in state.reveals if r.of != defender.seat]
        alive = state.alive()
        if len(alive) == 1:
            ctx.end_game(alive, "they control every territory card in play", "FH-076")


def _rule(card_id: str) -> str:
    return CARD_RULES.get(card_id, "FH-052")
