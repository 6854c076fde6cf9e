"""The action phase (3.4): each seat's turn of up to three actions (CA-035 to CA-065).

The turn is one question asked again after every action: the legal actions now, each an
option id ("travel:<space>", "rest", "gather:<card>", "cast:<spell>", "give:<champion>",
"take:<champion>", "unique", "banish", "bane:<bane>", "cleanse:<champion>:<bane>"), the
free things that cost no action ("use:<card>"), and "end". Illegal actions are listed as
blocked with their reason and rule, for tooltips.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import permutations
from typing import Any

from game.core.decision import Blocked, Decision, Option
from game.core.flow import Step
from game.rulesets.champions_of_albion import board, combat, piles
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.context import FLOW, MAX_ACTIONS, Ctx
from game.rulesets.champions_of_albion.effects import (attach, banished_on, choose_bane, handles, me, offer_hand_discard,
                                                       push_effects, record, roll_test)
from game.rulesets.champions_of_albion.state import MAIN, ChampionState, Turn
from game.rulesets.champions_of_albion.steps import ActionPhaseStep, TurnStep

MARKETS = ("capital", "country")
TRANSFERABLE = ("weapon", "armour", "item", "relic")  # CA-060, CA-062


@FLOW.automatic(ActionPhaseStep)
def _action_phase(ctx: Ctx, step: ActionPhaseStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.phase = "action"
    ctx.emit("phase", "CA-035", "Action phase.")
    for c in reversed(ctx.in_play()):
        ctx.push({"step": "turn", "seat": c.seat})


def champion_of_turn(ctx: Ctx, step: TurnStep) -> ChampionState | None:
    return ctx.state.seat_champion(step["seat"])


# ---- legality -----------------------------------------------------------------------------------


def travel_targets(ctx: Ctx, c: ChampionState) -> list[str]:
    """Route-adjacent spaces (CA-041, CA-042); the Tempest closes surface routes between wilderness."""
    m = ctx.content.map
    out = []
    storm = "no_wild_surface_travel_next_round" in ctx.state.round_rules
    for there, kind in m.links.get(c.space, ()):
        if storm and kind == "surface" and m.spaces[there].kind == "wilderness" \
                and m.spaces[c.space].kind == "wilderness":
            continue
        if there not in out:
            out.append(there)
    return sorted(out)


def price(ctx: Ctx, rid: str, change: int = 0) -> int | None:
    r = ctx.content.resources[rid]
    if r.cost is None:
        return None
    cut = 1 if "resources_cost_one_less_next_round" in ctx.state.round_rules else 0
    return max(0, r.cost + change - cut)


def gather_block(ctx: Ctx, c: ChampionState, rid: str, *, cost_change: int = 0, kind: str = "") -> str:
    """Why this Hand card cannot be gathered now ("" if it can)."""
    r = ctx.content.resources[rid]
    if r.kind == "relic":
        return "Relics come only from stories (CA-058)."
    if kind and r.kind != kind:
        return f"Only a {kind.replace('_', ' ')} may be gathered this way."
    if r.kind == "spell" and not ctx.card(c).spirit_touched:
        return "Only spirit-touched champions may gain spells (CA-059)."
    cost = price(ctx, rid, cost_change)
    if r.test is None and (cost is None or cost > c.gold):
        return f"It costs {cost} gold; {ctx.short(c.id)} has {c.gold} (CA-051)."
    return ""


def castable(ctx: Ctx, c: ChampionState) -> list[str]:
    if not ctx.card(c).spirit_touched or ctx.has_rule(c, "no_spells"):
        return []
    return [r for r in c.resources if ctx.content.resources[r].kind == "spell"]


def _usable_items(ctx: Ctx, c: ChampionState) -> list[str]:
    """Once-per-round card effects that heal or restore will, used at no action."""
    out = []
    for rid in c.resources:
        r = ctx.content.resources[rid]
        if rid in c.used_this_round or not ctx.usable(c, rid) or r.kind in ("spell", "combat_skill"):
            continue
        if any(e.verb in ("heal", "gain_will") and e.get("limit") == "once_per_round" for e in r.effects):
            out.append(rid)
    return out


def _unique_free(ctx: Ctx, c: ChampionState) -> bool:
    return any(e.verb == "cast_spell" and e.get("free") for e in ctx.card(c).unique.effects)


def _unique_possible(ctx: Ctx, c: ChampionState) -> str:
    """Why the unique action cannot be used now ("" if it can)."""
    if c.unique_used:
        return "The unique action is used once per round (CA-039)."
    for effect in ctx.card(c).unique.effects:
        verb = effect.verb
        if verb == "ambush" and not board.enemies_at(ctx, c.space):
            return "There is no enemy on your space to ambush."
        if verb == "heal" and not [o for o in ctx.at(c.space) if o.id != c.id]:
            return "No other champion is on your space."
        if verb == "remove_shadow":
            near = set(ctx.content.map.neighbours(c.space)) | {c.space}
            if not any(s in near for s in ctx.state.shadows):
                return "There is no shadow on your space or next to it."
        if verb == "gather" and not any(not gather_block(ctx, c, r, cost_change=int(effect.get("cost_change", 0)),
                                                         kind=effect.get("kind", "")) for r in ctx.state.hand):
            return "No card of the Hand can be gathered this way."
        if verb == "cast_spell" and not castable(ctx, c):
            return "You have no spell to cast."
    return ""


# ---- the turn question ---------------------------------------------------------------------------


_CITED = re.compile(r" \((CA-\d{3})\)\.$")
"""A reason that ends by citing its rule."""


def _ask_turn(ctx: Ctx, step: TurnStep) -> Decision | None:
    state = ctx.state
    c = champion_of_turn(ctx, step)
    if c is None or ctx.over:
        return None
    turn = state.turn
    if turn is None or turn.seat != c.seat:
        state.turn = turn = Turn(c.seat)
    options: list[Option] = []
    blocked: list[Blocked] = []
    left = MAX_ACTIONS - turn.actions
    name = ctx.short(c.id)
    m = ctx.content.map

    def offer(option_id: str, label: str, target: tuple[str, str] | None = None, why: str = "", rule: str = "",
              detail: str = "") -> None:
        if left <= 0 and option_id not in ("end",) and not option_id.startswith("use:"):
            why, rule = why or "You have taken all three actions.", "CA-035"
        cited = _CITED.search(why) if why.endswith(").") else None
        if cited:  # the rule goes with the reason, not inside it (the table shows it once)
            why, rule = why[: cited.start()] + ".", cited.group(1)
        if why:
            blocked.append(Blocked(option_id, why, rule, target))
        else:
            options.append(Option(option_id, label, target, detail))

    limit = 2 if ctx.has_rule(c, "travel_limit_two") else None
    for space in travel_targets(ctx, c):
        why = "A bane allows only 2 travel actions per turn." if limit and turn.travels >= limit else ""
        offer(f"travel:{space}", f"Travel to {m.spaces[space].name}", ("space", space), why, "CA-041",
              f"{m.spaces[space].kind}")
    heal = 3 if ctx.has_rule(c, "rest_heals_three") else 2
    offer("rest", f"Rest (+{heal} life)", ("champion", c.id),
          detail=f"Heal up to {heal} life, never above the card's maximum; no will comes back (CA-045 to CA-047).")
    market = ctx.space_kind(c.space) in MARKETS
    for rid in state.hand:
        r = ctx.content.resources[rid]
        why = "" if market else "Gathering is allowed only on a capital or country space (CA-050)."
        why = why or gather_block(ctx, c, rid)
        ways = ([f"{price(ctx, rid)} gold"] if r.cost is not None else []) + \
            ([f"test {r.test.attribute} {r.test.difficulty}"] if r.test else [])  # either, the gatherer's choice (CA-051)
        offer(f"gather:{rid}", f"Gather {r.name}" + (f" ({' or '.join(ways)})" if ways else ""), ("resource", rid), why,
              "CA-050" if not market else "CA-051")
    for rid in castable(ctx, c):
        offer(f"cast:{rid}", f"Cast {ctx.content.resources[rid].name}", ("resource", rid),
              detail=ctx.content.resources[rid].text)
    for other in ctx.at(c.space):
        if other.id != c.id:
            offer(f"give:{other.id}", f"Give to {ctx.short(other.id)}", ("champion", other.id))
            offer(f"take:{other.id}", f"Take from {ctx.short(other.id)}", ("champion", other.id))
    card = ctx.card(c)
    why = _unique_possible(ctx, c)
    if _unique_free(ctx, c) and not why:
        options.append(Option("unique", f"{card.unique.name} (free)", ("champion", c.id), card.unique.text))
    else:
        offer("unique", card.unique.name, ("champion", c.id), why, "CA-039", card.unique.text)
    offer("banish", "Banish the shadow here", ("space", c.space),
          "" if c.space in state.shadows else "There is no shadow token on your space (CA-065).", "CA-065")
    for bane in sorted(set(c.banes)):
        removal = ctx.content.banes[bane].removal
        b = ctx.content.banes[bane]
        if removal.condition == "pass_test":
            offer(f"bane:{bane}", f"Shake off {b.name} ({removal.attribute} {removal.difficulty})", ("bane", bane),
                  detail="CA-176")
        elif removal.condition == "pay_gold_at_market":
            why = "" if market and c.gold >= (removal.amount or 0) else \
                f"Pay {removal.amount} gold on a capital or country space."
            offer(f"bane:{bane}", f"Pay {removal.amount} gold to be rid of {b.name}", ("bane", bane), why, "CA-176")
    if card.spirit_touched:
        for other in ctx.at(c.space):
            for bane in sorted(set(other.banes)):
                if ctx.content.banes[bane].removal.condition == "spirit_touched_action":
                    offer(f"cleanse:{other.id}:{bane}", f"Lift {ctx.content.banes[bane].name} from "
                          f"{ctx.short(other.id)}", ("bane", bane), detail="CA-176")
    for rid in _usable_items(ctx, c):
        options.append(Option(f"use:{rid}", f"Use {ctx.content.resources[rid].name}", ("resource", rid),
                              ctx.content.resources[rid].text))
    options.extend(_token_options(ctx, c))
    options.append(Option("end", "End the turn" if turn.actions else "End the turn without acting"))
    prompt = f"{name}'s turn: {left} action{'s' if left != 1 else ''} left." if left > 0 else \
        f"{name} has taken three actions."
    return Decision(c.seat, "action", prompt, tuple(options), "CA-035", blocked=tuple(blocked))


def _answer_turn(ctx: Ctx, step: TurnStep, seat: int, choice: tuple[str, ...]) -> None:
    state = ctx.state
    c = champion_of_turn(ctx, step)
    turn = state.turn
    assert c is not None and turn is not None
    pick = choice[0]
    verb, _, arg = pick.partition(":")
    if verb == "end":
        state.stack.pop()
        state.turn = None
        return
    if verb == "token":
        _spend_token(ctx, c, arg)
        return
    if verb == "use":
        c.used_this_round.append(arg)
        push_effects(ctx, ctx.content.resources[arg].effects, c.id, "CA-164", ctx.content.resources[arg].name)
        return
    if not (verb == "unique" and _unique_free(ctx, c)):
        turn.actions += 1
    ACTIONS[verb](ctx, c, arg)


def _token_options(ctx: Ctx, c: ChampionState) -> list[Option]:
    """Act 2 quest tokens that can be spent outside a combat round, at no action (CA-159):
    Morrigan's "restore 2 will" and Arawn's "remove an ordinary enemy from his space"."""
    state = ctx.state
    main = state.enemy(MAIN)
    if state.act != 2 or not c.quest_tokens or main is None:
        return []
    if state.main_enemy == "morrigan" and c.will < ctx.card(c).will:
        return [Option("token:will", "Spend a quest token: restore 2 will", ("champion", c.id), "CA-159")]
    if state.main_enemy == "arawn" and main.space == c.space:
        return [Option(f"token:remove:{e.uid}", f"Spend a quest token: remove {board.enemy_name(ctx, e)}",
                       ("enemy", e.uid), "CA-159") for e in board.enemies_at(ctx, c.space) if e.kind == "ordinary"]
    return []


def _spend_token(ctx: Ctx, c: ChampionState, what: str) -> None:
    c.quest_tokens -= 1
    ctx.emit("quest", "CA-159", f"{ctx.short(c.id)} spends a quest token.", champion=c.id)
    if what == "will":
        ctx.restore_will(c, 2, "CA-159", "quest token")
        return
    enemy = ctx.state.enemy(what.split(":", 1)[1])
    if enemy is not None:
        board.remove_enemy(ctx, enemy, "CA-159", "driven off by the quest token")


@FLOW.automatic(TurnStep)
def _turn_over(ctx: Ctx, step: TurnStep) -> None:
    ctx.state.stack.pop()
    ctx.state.turn = None


FLOW.question(TurnStep, _ask_turn, _answer_turn)


# ---- the actions -----------------------------------------------------------------------------------


def _travel(ctx: Ctx, c: ChampionState, space: str) -> None:
    assert ctx.state.turn is not None
    ctx.state.turn.travels += 1
    old = c.space
    combat.move(ctx, c, space)
    ctx.emit("travel", "CA-041", f"{ctx.short(c.id)} travels from {ctx.space_name(old)} to {ctx.space_name(space)}.",
             champion=c.id, space=space, origin=old)


def _rest(ctx: Ctx, c: ChampionState, _: str) -> None:
    turn = ctx.state.turn
    assert turn is not None
    turn.rests += 1
    ctx.heal(c, 3 if ctx.has_rule(c, "rest_heals_three") else 2, "CA-045", "rest")
    if ctx.space_kind(c.space) == "capital" and ctx.removable_banes(c, "rest_on_capital"):
        choose_bane(ctx, c, ctx.removable_banes(c, "rest_on_capital"), "CA-176", "rest on a capital")
    if turn.rests == 2 and ctx.removable_banes(c, "rest_twice"):
        choose_bane(ctx, c, ctx.removable_banes(c, "rest_twice"), "CA-176", "two rests in one turn")


def _gather(ctx: Ctx, c: ChampionState, rid: str, *, cost_change: int = 0, difficulty_change: int = 0) -> None:
    r = ctx.content.resources[rid]
    cost = price(ctx, rid, cost_change)
    options = []
    if cost is not None and cost <= c.gold:
        options.append(option("pay", f"Pay {cost} gold"))
    if r.test is not None:
        options.append(option("test", f"Test {r.test.attribute} at {r.test.difficulty + difficulty_change}"))
    ask(ctx, c.seat, "gather_how", f"{ctx.short(c.id)}: pay for {r.name} or test for it?", "CA-051", options,
        "gather_how", {"champion": c.id, "card": rid, "cost": cost, "dc": difficulty_change})


@then("gather_how")
def _gather_how(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    state = ctx.state
    c = state.champion(args["champion"])
    rid = args["card"]
    r = ctx.content.resources[rid]
    got = False
    if choice[0] == "pay":
        c.gold -= args["cost"]
        ctx.emit("gold", "CA-051", f"{ctx.short(c.id)} pays {args['cost']} gold for {r.name}.", champion=c.id,
                 amount=-args["cost"])
        got = True
    else:
        assert r.test is not None
        got = roll_test(ctx, c, r.test.attribute, r.test.difficulty + args["dc"], f"to win {r.name}", "other")
        if not got:
            ctx.emit("resource", "CA-053", f"{r.name} stays in the Hand.")
    if got:
        state.hand.remove(rid)
        attach(ctx, c, rid, "CA-052", "gathered")
        ctx.refill_hand()
    # Taken or not, the gatherer may discard from the Hand (CA-055); Jory up to 2 (CA-040).
    offer_hand_discard(ctx, c, 2 if ctx.has_rule(c, "discard_two_after_gather") else 1)


def _cast(ctx: Ctx, c: ChampionState, rid: str) -> None:
    spell = ctx.content.resources[rid]
    ctx.emit("spell", "CA-048", f"{ctx.short(c.id)} casts {spell.name}.", champion=c.id, spell=rid)
    push_effects(ctx, [{**record(e), "spell": rid} for e in spell.effects], c.id, "CA-048", spell.name)


def _transferable(ctx: Ctx, c: ChampionState) -> list[list[Any]]:
    """What can change hands (CA-060, CA-062): weapons, armour, items, relics, gold (one option a
    coin, so any amount can be picked) and quest tokens."""
    out = [option(f"card:{r}", ctx.content.resources[r].name, ("resource", r)) for r in c.resources
           if ctx.content.resources[r].kind in TRANSFERABLE]
    out += [option(f"gold:{n}", f"Gold coin {n} of {c.gold}") for n in range(1, c.gold + 1)]
    out += [option(f"quest_token:{n}", f"Quest token {n}") for n in range(1, c.quest_tokens + 1)]
    return out


def _give(ctx: Ctx, c: ChampionState, other_id: str) -> None:
    giver = c
    items = _transferable(ctx, giver)
    if not items:
        ctx.emit("give", "CA-060", f"{ctx.short(c.id)} has nothing that can be given.")
        return
    ask(ctx, c.seat, "give", f"{ctx.short(c.id)}: give what to {ctx.short(other_id)}?", "CA-060", items, "transfer",
        {"source": c.id, "dest": other_id}, least=1, most=len(items))


def _take(ctx: Ctx, c: ChampionState, other_id: str) -> None:
    other = ctx.state.champion(other_id)
    items = _transferable(ctx, other)
    if not items:
        ctx.emit("give", "CA-061", f"{ctx.short(other_id)} has nothing that can be taken.")
        return
    ask(ctx, c.seat, "take", f"{ctx.short(c.id)}: take what from {ctx.short(other_id)}?", "CA-061", items,
        "take_consent", {"source": other_id, "dest": c.id}, least=1, most=len(items))


@then("take_consent")
def _take_consent(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    """Taking needs the other player's agreement (CA-061); one's own seats agree by choosing (G-15)."""
    source = ctx.state.champion(args["source"])
    dest = ctx.state.champion(args["dest"])
    args = {**args, "items": list(choice)}
    if source.seat == dest.seat:
        _transfer(ctx, args, choice)
        return
    ask(ctx, source.seat, "consent", f"{ctx.short(dest.id)} asks to take "
        f"{', '.join(_item_name(ctx, i) for i in choice)} from {ctx.short(source.id)}: agree?", "CA-061",
        [option("agree", "Agree"), option("refuse", "Refuse")], "consent", args)


def _item_name(ctx: Ctx, item: str) -> str:
    kind, _, arg = item.partition(":")
    if kind == "card":
        return ctx.content.resources[arg].name
    if kind == "gold":
        return "1 gold"
    return "a quest token"


@then("consent")
def _consent(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    if choice[0] == "agree":
        _transfer(ctx, args, tuple(args["items"]))
    else:
        ctx.emit("give", "CA-061", f"{ctx.short(args['source'])} refuses.")


@then("transfer")
def _transfer(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    source = ctx.state.champion(args["source"])
    dest = ctx.state.champion(args["dest"])
    moved = []
    for item in choice:
        kind, _, arg = item.partition(":")
        if kind == "card" and arg in source.resources:
            source.resources.remove(arg)
            dest.resources.append(arg)
        elif kind == "gold" and source.gold:
            source.gold -= 1
            dest.gold += 1
        elif kind == "quest_token" and source.quest_tokens:
            source.quest_tokens -= 1
            dest.quest_tokens += 1
        moved.append(_item_name(ctx, item))
    coins = moved.count("1 gold")
    moved = [m for m in moved if m != "1 gold"] + ([f"{coins} gold"] if coins else [])
    ctx.emit("give", "CA-060", f"{ctx.short(source.id)} hands {', '.join(moved)} to {ctx.short(dest.id)}.",
             source=source.id, dest=dest.id)


def _unique(ctx: Ctx, c: ChampionState, _: str) -> None:
    c.unique_used = True
    card = ctx.card(c)
    ctx.emit("unique", "CA-064", f"{ctx.short(c.id)} uses {card.unique.name}.", champion=c.id)
    push_effects(ctx, card.unique.effects, c.id, "CA-064", card.unique.name)


def _banish(ctx: Ctx, c: ChampionState, _: str) -> None:
    board.banish_shadow(ctx, c.space, "CA-065", ctx.short(c.id))
    banished_on(ctx, c, c.space)


def _bane(ctx: Ctx, c: ChampionState, bane: str) -> None:
    removal = ctx.content.banes[bane].removal
    if removal.condition == "pay_gold_at_market":
        ctx.lose_gold(c, removal.amount or 0, "CA-176", ctx.content.banes[bane].name)
        ctx.discard_bane(c, bane, "CA-176", "paid off")
        return
    assert removal.attribute and removal.difficulty
    if roll_test(ctx, c, removal.attribute, removal.difficulty, f"to shake off {ctx.content.banes[bane].name}",
                 "other"):
        ctx.discard_bane(c, bane, "CA-176", "test passed")


def _cleanse(ctx: Ctx, c: ChampionState, arg: str) -> None:
    other_id, _, bane = arg.partition(":")
    other = ctx.state.champion(other_id)
    if bane in other.banes:
        ctx.discard_bane(other, bane, "CA-176", f"{ctx.short(c.id)}'s care")


ACTIONS = {"travel": _travel, "rest": _rest, "gather": lambda ctx, c, a: _gather(ctx, c, a), "cast": _cast,
           "give": _give, "take": _take, "unique": _unique, "banish": _banish, "bane": _bane, "cleanse": _cleanse}


# ---- verbs of uniques and spells -------------------------------------------------------------------------


@handles("travel")
def _long_stride(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    spaces = sorted(_stride_paths(ctx, c, int(effect["steps"])))
    ask(ctx, c.seat, "travel", f"{ctx.short(c.id)}: move up to {effect['steps']} spaces to where?", "CA-064",
        [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in spaces], "stride",
        {"champion": c.id, "steps": int(effect["steps"])})


def _stride_paths(ctx: Ctx, c: ChampionState, steps: int) -> dict[str, str]:
    """The spaces a stride reaches over routes open to travel (the Tempest too, CA-041), each
    with the space it is entered from."""
    came: dict[str, str] = {}
    frontier = [c.space]
    for _ in range(steps):
        reached = []
        for here in frontier:
            for there in travel_targets(ctx, replace(c, space=here)):
                if there != c.space and there not in came:
                    came[there] = here
                    reached.append(there)
        frontier = reached
    return came


@then("stride")
def _stride(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    space = choice[0].split(":", 1)[1]
    middle = _stride_paths(ctx, c, int(args.get("steps", 2))).get(space, c.space)
    old = c.space
    if middle != c.space:  # through a middle space: that becomes the previous space (CA-044)
        combat.move(ctx, c, middle)
    combat.move(ctx, c, space)
    ctx.emit("travel", "CA-041", f"{ctx.short(c.id)} strides from {ctx.space_name(old)} to {ctx.space_name(space)}.",
             champion=c.id, space=space, origin=old)


@handles("gather")
def _gather_effect(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    change = int(effect.get("cost_change", 0))
    kind = effect.get("kind", "")
    cards = [r for r in ctx.state.hand if not gather_block(ctx, c, r, cost_change=change, kind=kind)]
    ask(ctx, c.seat, "gather", f"{ctx.short(c.id)}: gather which card?", "CA-051",
        [option(f"gather:{r}", ctx.content.resources[r].name, ("resource", r)) for r in cards], "gather_pick",
        {"champion": c.id, "cost_change": change, "dc": int(effect.get("difficulty_change", 0))})


@then("gather_pick")
def _gather_pick(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    _gather(ctx, c, choice[0].split(":", 1)[1], cost_change=args["cost_change"], difficulty_change=args["dc"])


@handles("peek_deck")
def _peek(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    decks = [k for k, pile in sorted(ctx.state.world_decks.items()) if pile]
    if ctx.state.quest_deck:
        decks.append("quest")
    ask(ctx, c.seat, "deck", f"{ctx.short(c.id)}: look at the top {effect['count']} cards of which deck?", "CA-064",
        [option(f"deck:{d}", f"The {d} deck", ("deck", d)) for d in decks], "peek",
        {"champion": c.id, "count": int(effect["count"])})


def _pile(ctx: Ctx, deck: str) -> list[str]:
    return ctx.state.quest_deck if deck == "quest" else ctx.state.world_decks[deck]


@then("peek")
def _peeked(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    deck = choice[0].split(":", 1)[1]
    pile = _pile(ctx, deck)
    top = piles.top(pile, args["count"])
    titles = {cid: (ctx.content.quests if deck == "quest" else ctx.content.stories)[cid].title for cid in top}
    ctx.emit("peek", "CA-064", f"{ctx.short(c.id)} looks at the top of the {deck} deck: "
             + ", ".join(titles[t] for t in top) + ".", seats=(c.seat,), cards=top)
    orders = list(dict.fromkeys(permutations(top)))
    ask(ctx, c.seat, "order", f"{ctx.short(c.id)}: put them back in which order (top first)?", "CA-064",
        [option("order:" + ",".join(o), " / ".join(titles[t] for t in o)) for o in orders], "reorder",
        {"deck": deck, "count": len(top)})


@then("reorder")
def _reorder(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    pile = _pile(ctx, args["deck"])
    order = choice[0].split(":", 1)[1].split(",")
    piles.put_on_top(pile, order)
    ctx.emit("peek", "CA-064", f"The cards go back on the {args['deck']} deck.")


@handles("cast_spell")
def _free_cast(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    ask(ctx, c.seat, "spell", f"{ctx.short(c.id)}: cast which spell?", "CA-048",
        [option(f"cast:{r}", ctx.content.resources[r].name, ("resource", r)) for r in castable(ctx, c)],
        "free_cast", {"champion": c.id})


@then("free_cast")
def _free_cast_pick(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    _cast(ctx, ctx.state.champion(args["champion"]), choice[0].split(":", 1)[1])


@handles("ambush")
def _ambush(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    if effect["target"] == "enemy_here":
        pool = board.enemies_at(ctx, c.space)
    else:
        near = set(ctx.content.map.neighbours(c.space))
        pool = [e for e in ctx.state.enemies if e.space in near]
    if not pool:
        ctx.emit("fight", step["rule"], "There is no enemy within reach to ambush.")
        return
    ask(ctx, c.seat, "target", f"{ctx.short(c.id)}: ambush which enemy?", "CA-111",
        [option(f"enemy:{e.uid}", f"{board.enemy_name(ctx, e)} on {ctx.space_name(e.space)}", ("enemy", e.uid))
         for e in pool], "ambush_target", {"champion": c.id, "rule": step["rule"]})


@then("ambush_target")
def _ambush_target(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    enemy = ctx.state.enemy(choice[0].split(":", 1)[1])
    if enemy is not None:
        combat.champion_ambush(ctx, c, enemy, "CA-115")


@handles("bonus")
def _spell_bonus(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    """A spell's bonus on a champion of the caster's space until the round ends (CA-167, CA-168)."""
    c = me(ctx, step)
    if c is None:
        return
    pool = ctx.at(c.space)
    ask(ctx, c.seat, "champion", f"{ctx.short(c.id)}: on whom ({_bonus_word(effect)})?", "CA-167",
        [option(f"champion:{o.id}", ctx.short(o.id), ("champion", o.id)) for o in pool], "spell_bonus",
        {"caster": c.id, "effect": effect})


def _bonus_word(effect: dict[str, Any]) -> str:
    return f"+{effect['amount']} {effect['attribute']}"


@then("spell_bonus")
def _spell_bonus_on(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    effect = args["effect"]
    caster = ctx.state.champion(args["caster"])
    target = ctx.state.champion(choice[0].split(":", 1)[1])
    spell = effect.get("spell", "")
    amount = int(effect["amount"]) + (1 if ctx.has_rule(caster, "spell_bonus_plus_one") else 0)
    if any(s[0] == spell for s in target.spells_on):
        ctx.emit("spell", "CA-167", f"{ctx.short(target.id)} already has this spell's bonus: it applies once only.")
        return
    target.spells_on.append([spell, effect["attribute"], amount])
    ctx.emit("spell", "CA-168", f"{ctx.short(target.id)} has +{amount} {effect['attribute']} until the end of the round.",
             champion=target.id)
