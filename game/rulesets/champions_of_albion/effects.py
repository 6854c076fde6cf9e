"""Carrying out effect records (vocabulary.py) on the flow stack.

``push_effects`` puts a list of effects on the stack as ``effect`` steps, first effect on
top, each holding its record as plain data. A verb's handler does the work and may ask a
question (``choose``). Verbs of actions, spells and fights register their handlers from
``actions.py``, ``spells.py`` and ``combat.py``; this module has the verbs stories,
events and main enemies share.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from game.core.flow import Step
from game.core.vocabulary import as_record
from game.rulesets.champions_of_albion import board, piles
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.content import Effect
from game.rulesets.champions_of_albion.context import FLOW, Ctx, half
from game.rulesets.champions_of_albion.state import ChampionState
from game.rulesets.champions_of_albion.steps import EffectStep
from game.rulesets.champions_of_albion.vocabulary import VERBS, describe

Handler = Callable[[Ctx, dict[str, Any], Step], None]
handles = VERBS.handles
"""Register the handler of a verb (the kernel vocabulary dispatches it)."""
record = as_record
"""An effect as plain data (nested effect lists too), for the stack and saves."""


def push_effects(ctx: Ctx, effects: Iterable[Effect | dict[str, Any]], champion: str, rule: str, why: str,
                 *, story: bool = False) -> None:
    """Queue effects so the first runs first. ``champion`` is "you" on the card."""
    for effect in reversed(list(effects)):
        ctx.push({"step": "effect", "effect": record(effect), "champion": champion, "rule": rule, "why": why,
                  "story": story})


@FLOW.automatic(EffectStep)
def _run(ctx: Ctx, step: EffectStep) -> None:
    ctx.state.stack.pop()
    if ctx.over:
        return
    effect = step["effect"]
    VERBS.apply(ctx, effect, step)


def me(ctx: Ctx, step: Step) -> ChampionState | None:
    """The champion the card speaks to, if still in play."""
    cid = step.get("champion", "")
    if not cid:
        return None
    champion = ctx.state.champion(cid) if any(c.id == cid for c in ctx.state.champions) else None
    if champion is None or ctx.state.players[champion.seat].champion != cid:
        return None
    return champion


def chooser(ctx: Ctx, step: Step) -> int:
    """The seat that makes "players choose" decisions: the card's champion, else the initiative winner."""
    champion = me(ctx, step)
    if champion is not None:
        return champion.seat
    return ctx.state.initiative[0] if ctx.state.initiative else 0


def whom(ctx: Ctx, effect: dict[str, Any], step: Step) -> list[ChampionState] | None:
    """The champions an effect reaches (vocabulary.WHO); None means a choice was pushed."""
    who = effect.get("who", "self")
    mine = me(ctx, step)
    everyone = ctx.in_play()
    if who == "self":
        return [mine] if mine else []
    if who == "every":
        return everyone
    if who == "each_on_capital":
        return [c for c in everyone if ctx.space_kind(c.space) == "capital"]
    if who == "each_on_wilderness":
        return [c for c in everyone if ctx.space_kind(c.space) == "wilderness"]
    if who == "each_without_aid":
        return [c for c in everyone if not c.aid]
    if mine is None:
        if who == "least_gold":
            pool = everyone
        else:
            return []
    else:
        here = ctx.at(mine.space)
        pool = {"one_here": here, "other_here": [c for c in here if c.id != mine.id], "each_here": here,
                "least_gold": everyone}[who]
        if who == "each_here":
            return pool
    if who == "least_gold" and pool:
        low = min(c.gold for c in pool)
        pool = [c for c in pool if c.gold == low]
    if len(pool) <= 1:
        return pool
    ask(ctx, chooser(ctx, step), "champion", f"Who? {effect_text(effect)}", step["rule"],
        [option(f"champion:{c.id}", ctx.short(c.id), ("champion", c.id)) for c in pool],
        "effect_on", {"effect": effect, "step": {k: v for k, v in step.items() if k != "step"}})
    return None


@then("effect_on")
def _effect_on(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    target = ctx.state.champion(choice[0].split(":", 1)[1])
    apply_to(ctx, args["effect"], args["step"], [target])


def effect_text(effect: dict[str, Any]) -> str:
    return describe(effect)


def for_each(verb: str) -> Callable[[Callable[[Ctx, dict[str, Any], Step, ChampionState], None]], Handler]:
    """Register a verb that acts on each champion it reaches."""
    def register(fn: Callable[[Ctx, dict[str, Any], Step, ChampionState], None]) -> Handler:
        def handler(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
            targets = whom(ctx, effect, step)
            if targets is not None:
                apply_to(ctx, effect, step, targets)
        PER_CHAMPION[verb] = fn
        VERBS.handles(verb)(handler)
        return handler
    return register


PER_CHAMPION: dict[str, Callable[[Ctx, dict[str, Any], Step, ChampionState], None]] = {}


def apply_to(ctx: Ctx, effect: dict[str, Any], step: Step, targets: list[ChampionState]) -> None:
    for champion in targets:
        if ctx.over:
            return
        if ctx.state.players[champion.seat].champion == champion.id:
            PER_CHAMPION[effect["verb"]](ctx, effect, step, champion)


# ---- tracks, gold, aid, banes ----------------------------------------------------------------


@for_each("gain_gold")
def _gain_gold(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.gain_gold(c, int(effect["amount"]), "CA-148" if step.get("story") else step["rule"], step["why"],
                  story=bool(step.get("story")))


@for_each("lose_gold")
def _lose_gold(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.lose_gold(c, int(effect["amount"]), step["rule"], step["why"])


@for_each("heal")
def _heal(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.heal(c, int(effect["amount"]), step["rule"], step["why"])


@for_each("lose_life")
def _lose_life(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.lose_life(c, int(effect["amount"]), step["rule"], step["why"])


@for_each("gain_will")
def _gain_will(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.restore_will(c, int(effect["amount"]), step["rule"], step["why"])


@for_each("lose_will")
def _lose_will(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.lose_will(c, int(effect["amount"]), "CA-178", step["why"])


@for_each("gain_aid")
def _gain_aid(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.give_aid(c, int(effect.get("value", 1)), int(effect.get("count", 1)), "CA-073")


@for_each("draw_bane")
def _draw_bane(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    ctx.draw_bane(c, effect["kind"], "CA-173")


@for_each("remove_bane")
def _remove_bane(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    kind = effect.get("kind")
    banes = sorted({b for b in c.banes if kind is None or ctx.content.banes[b].kind == kind})
    choose_bane(ctx, c, banes, step["rule"], step["why"])


def choose_bane(ctx: Ctx, c: ChampionState, banes: list[str], rule: str, why: str) -> None:
    """Remove exactly one of these banes; the player picks when they differ (CA-177, CAT-17)."""
    ask(ctx, c.seat, "bane", f"{ctx.short(c.id)}: which bane is removed ({why})?", "CA-177",
        [option(f"bane:{b}", ctx.content.banes[b].name, ("bane", b), ctx.content.banes[b].removal.words)
         for b in banes], "remove_bane", {"champion": c.id, "rule": rule, "why": why})


@then("remove_bane")
def _remove_chosen(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    bane = choice[0].split(":", 1)[1]
    if bane in c.banes:
        ctx.discard_bane(c, bane, args["rule"], args["why"])


# ---- resources from stories (CA-147, CA-172, G-30) -----------------------------------------------


@for_each("gain_resource")
def _gain_resource(ctx: Ctx, effect: dict[str, Any], step: Step, c: ChampionState) -> None:
    content = ctx.content
    state = ctx.state
    spirit = ctx.card(c).spirit_touched

    def allowed(rid: str) -> bool:
        return content.resources[rid].kind != "spell" or spirit  # CA-049

    if "resource" in effect:
        rid = effect["resource"]
        if not allowed(rid):
            return
        if rid in state.hand:
            state.hand.remove(rid)
            attach(ctx, c, rid, "CA-147", "from the Hand")
            ctx.refill_hand()
            offer_hand_discard(ctx, c)  # every take from the Hand (CA-055, p.9)
        elif rid in state.resource_deck:
            state.resource_deck.remove(rid)
            piles.shuffle(state.rng, state.resource_deck)
            attach(ctx, c, rid, "CA-147", "searched from the resource deck, which is shuffled")
        else:
            ctx.emit("resource", "G-40", f"{content.resources[rid].name} is neither in the deck nor in the Hand.")
        return
    kind = effect["kind"]
    if effect.get("source", "hand") == "deck":
        found = next((r for r in reversed(state.resource_deck) if content.resources[r].kind == kind and allowed(r)),
                     None)  # the first from the top
        if found is None:
            ctx.emit("resource", "G-40", f"No {kind.replace('_', ' ')} is left in the resource deck.")
            return
        state.resource_deck.remove(found)
        piles.shuffle(state.rng, state.resource_deck)
        attach(ctx, c, found, "CA-147", "searched from the resource deck, which is shuffled")
        return
    discount = int(effect.get("discount", 0))
    options = []
    for rid in state.hand:
        r = content.resources[rid]
        if r.kind != kind or not allowed(rid):
            continue
        price = max(0, (r.cost or 0) - discount) if discount else 0
        if price <= c.gold:
            options.append(option(f"take:{rid}", f"{r.name}" + (f" ({price} gold)" if price else ""),
                                  ("resource", rid)))
    if not options:
        ctx.emit("resource", "CA-147", f"The Hand holds no {kind.replace('_', ' ')} {ctx.short(c.id)} can take.")
        return
    ask(ctx, c.seat, "resource", f"{ctx.short(c.id)}: take which {kind.replace('_', ' ')} from the Hand?", "CA-147",
        options, "take_from_hand", {"champion": c.id, "discount": discount})


@then("take_from_hand")
def _take_from_hand(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    rid = choice[0].split(":", 1)[1]
    r = ctx.content.resources[rid]
    if args["discount"]:
        price = max(0, (r.cost or 0) - args["discount"])
        if price:
            c.gold -= price
            ctx.emit("gold", "CA-147", f"{ctx.short(c.id)} pays {price} gold.", champion=c.id, amount=-price)
    ctx.state.hand.remove(rid)
    attach(ctx, c, rid, "CA-147", "from the Hand")
    ctx.refill_hand()
    offer_hand_discard(ctx, c)  # every take from the Hand (CA-055, p.9)


# ---- the optional discard (CA-055, CA-171, G-13) ----------------------------------------------------


KEEP_HAND = "Keep the Hand"


def offer_hand_discard(ctx: Ctx, c: ChampionState, count: int = 1, again: bool = False) -> None:
    """p.9: "When someone takes a resource card from the Hand (or fails an attempt to take one),
    they may afterwards discard a card from there" (CA-055): a gather, taken or failed, and a
    story's take alike. One question per card, each with a "Keep the Hand" answer; ``count``
    is how many may go (Jory's passive: 2 after gathering, CA-040)."""
    state = ctx.state
    if not state.hand or count < 1:
        return
    what = "another card" if again else ("a card" if count == 1 else f"a card (up to {count})")
    cards = [ctx.content.resources[h] for h in state.hand]
    # "Keep the Hand" first, so it leads the answers.
    ask(ctx, c.seat, "discard", f"{ctx.short(c.id)} may discard {what} from the Hand (shuffled into the deck and "
        "replaced), or keep the Hand.", "CA-055",
        [option("keep", KEEP_HAND, None, "Discard nothing: the Hand stays as it is.")]
        + [option(f"discard:{r.id}", f"Discard {r.name}", ("resource", r.id), f"{r.name}: {r.text}") for r in cards],
        "hand_discard", {"champion": c.id, "left": count - 1})


@then("hand_discard")
def _hand_discard(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    state = ctx.state
    c = state.champion(args["champion"])
    rid = choice[0].split(":", 1)[1] if choice and choice[0].startswith("discard:") else ""
    if rid not in state.hand:
        ctx.emit("hand", "CA-055", f"{ctx.short(c.id)} keeps the Hand.", champion=c.id)
        return
    state.hand.remove(rid)
    ctx.emit("hand", "CA-055", f"{ctx.content.resources[rid].name} is discarded from the Hand.", card=rid)
    ctx.return_resource(rid)  # shuffled in first, then the Hand is refilled (G-13)
    if args.get("left", 0) > 0:
        offer_hand_discard(ctx, c, int(args["left"]), again=True)


def attach(ctx: Ctx, c: ChampionState, rid: str, rule: str, how: str) -> None:
    c.resources.append(rid)
    ctx.emit("resource", rule, f"{ctx.short(c.id)} gains {ctx.content.resources[rid].name} ({how}).",
             champion=c.id, resource=rid)


# ---- tokens and enemies --------------------------------------------------------------------------


def count_of(ctx: Ctx, value: Any) -> int:
    if value == "half":
        return half(ctx.count() or ctx.state.seats)
    if value == "half_plus_one":
        return half(ctx.count() or ctx.state.seats) + 1
    return int(value)


@handles("place_quest_token")
def _place_quest(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    for _ in range(int(effect["count"])):
        board.place_random_quest_token(ctx, "CA-180")


@handles("place_shadow")
def _place_shadow(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    count = effect["count"]
    # The Dragon's "rounds 3, 4 and 5" is judged by the round number (plan 2.4.3).
    if "from_round" in effect and ctx.state.round >= int(effect["from_round"]):
        count = effect["later_count"]
    n = count_of(ctx, count)
    where = effect["where"]
    mine = me(ctx, step)
    placed: list[str] = []
    for _ in range(n):
        if where == "random":
            space = board.place_random_shadow(ctx, "CA-181")
            if space is None:
                return  # darkness fell
            placed.append(space)
        elif mine is not None:
            if where == "here":
                if board.place_shadow_at(ctx, mine.space, step["rule"]):
                    placed.append(mine.space)
            else:
                spaces = ctx.content.map.neighbours(mine.space)
                ask(ctx, mine.seat, "space", "Place a shadow on which adjacent space?", step["rule"],
                    [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in spaces], "shadow_on", {})
    for index in range(min(int(effect.get("enemy_on_first", 0)), len(placed))):
        enemy = board.place_random_enemy(ctx, placed[index], "CA-189")
        if enemy is not None:
            after_placement(ctx, enemy)
    if effect.get("bane"):
        for space in placed:
            for c in ctx.at(space):
                ctx.draw_bane(c, effect["bane"], "CA-173")


@then("shadow_on")
def _shadow_on(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    board.place_shadow_at(ctx, choice[0].split(":", 1)[1], "CA-181")


@handles("remove_shadow")
def _remove_shadow(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    mine = me(ctx, step)
    where = effect["where"]
    n = count_of(ctx, effect["count"])
    if where == "anywhere":
        spaces = list(ctx.state.shadows)
    elif mine is None:
        return
    else:
        near = set(ctx.content.map.neighbours(mine.space))
        ok = {"here": {mine.space}, "adjacent": near, "here_or_adjacent": near | {mine.space}}[where]
        spaces = [s for s in ctx.state.shadows if s in ok]
    options = []
    seen: dict[str, int] = {}
    for s in spaces:
        seen[s] = seen.get(s, 0) + 1
        options.append(option(f"shadow:{s}:{seen[s]}", ctx.space_name(s) + (f" ({seen[s]})" if seen[s] > 1 else ""),
                              ("space", s)))
    if not options:
        ctx.emit("shadow", step["rule"], "There is no shadow to banish there.")
        return
    ask(ctx, chooser(ctx, step), "shadows", f"Banish up to {n} shadow token{'s' if n > 1 else ''}: which?",
        step["rule"], options, "banish", {"champion": mine.id if mine else "", "rule": step["rule"]},
        least=1, most=n)


@then("banish")
def _banish(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    who = ctx.short(args["champion"]) if args["champion"] else ""
    for option_id in choice:
        space = option_id.split(":")[1]
        if space in ctx.state.shadows:
            board.banish_shadow(ctx, space, args["rule"], who)
            if args["champion"]:
                banished_on(ctx, ctx.state.champion(args["champion"]), space)


def banished_on(ctx: Ctx, c: ChampionState, space: str) -> None:
    """A shadow banished on a champion's own space lifts one such bane (plan 2.4.8)."""
    if c.space == space:
        banes = ctx.removable_banes(c, "banish_shadow_here")
        if banes:
            choose_bane(ctx, c, banes, "CA-176", "a shadow banished on its space")


def nearest(ctx: Ctx, candidates: list[str], sources: list[str]) -> list[str]:
    """The candidates at the least distance (over all routes) from any source."""
    best: dict[str, int] = {}
    for source in sources:
        dist = ctx.content.map.distances(source)
        for s in candidates:
            if s in dist:
                best[s] = min(best.get(s, 99), dist[s])
    if not best:
        return []
    low = min(best.values())
    return sorted(s for s, d in best.items() if d == low)


def centre_order(ctx: Ctx, spaces: list[str]) -> list[str]:
    """Spaces nearest the centre of the map: the fewest steps from the central country space."""
    centre = ctx.content.main_enemies["morrigan"].lair
    dist = ctx.content.map.distances(centre)
    if not spaces:
        return []
    low = min(dist.get(s, 99) for s in spaces)
    return sorted(s for s in spaces if dist.get(s, 99) == low)


@handles("place_enemy")
def _place_enemy(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    state = ctx.state
    m = ctx.content.map
    where = effect["where"]
    count = int(effect.get("count", 1))
    mine = me(ctx, step)
    starting = set(m.starting)
    if where == "here":
        targets = [mine.space] * count if mine else []
    elif where == "random_country":
        targets = [state.rng.choice(sorted(m.of_kind("country"))) for _ in range(count)]
    elif where == "random_entrance":
        pool = [s for s in m.entrances() if s not in starting]
        state.rng.shuffle(pool)
        targets = pool[:count]
    elif where == "country_with_shadow":
        with_shadow = sorted({s for s in state.shadows if m.spaces[s].kind == "country"})
        state.rng.shuffle(with_shadow)
        targets = with_shadow[:count]
        others = [s for s in m.of_kind("country") if s not in starting and s not in targets]
        state.rng.shuffle(others)
        targets += others[: count - len(targets)]
    elif where == "each_depths_with_shadow":
        targets = sorted({s for s in state.shadows if m.spaces[s].kind == "depths"})
    elif where in ("depths_nearest_champion", "country_shadow_nearest_centre", "country", "adjacent",
                   "here_or_adjacent", "anywhere", "random"):
        if where == "depths_nearest_champion":
            pool = nearest(ctx, list(m.of_kind("depths")), [c.space for c in ctx.in_play()])
        elif where == "country_shadow_nearest_centre":
            shadowed = sorted({s for s in state.shadows if m.spaces[s].kind == "country"})
            pool = centre_order(ctx, shadowed or list(m.of_kind("country")))
        elif where == "random":
            pool = [state.rng.choice(sorted(m.spaces))]
        elif where in ("adjacent", "here_or_adjacent") and mine is not None:
            pool = list(m.neighbours(mine.space)) + ([mine.space] if where == "here_or_adjacent" else [])
        else:
            pool = sorted(m.of_kind("country")) if where == "country" else sorted(m.spaces)
        for _ in range(count):
            ask(ctx, chooser(ctx, step), "space", "Players choose: place the enemy on which space?", "D-20",
                [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in pool], "enemy_on",
                {"enemy": effect["enemy"]})
        return
    else:
        targets = []
    for space in targets:
        place_one(ctx, effect["enemy"], space)


@then("enemy_on")
def _enemy_on(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    place_one(ctx, args["enemy"], choice[0].split(":", 1)[1])


def place_one(ctx: Ctx, enemy_id: str, space: str) -> None:
    if enemy_id == "random":
        enemy = board.place_random_enemy(ctx, space, "CA-189")
    else:
        enemy = board.place_specific_enemy(ctx, enemy_id, space, "CA-187")
    if enemy is not None:
        after_placement(ctx, enemy)


def after_placement(ctx: Ctx, enemy: Any) -> None:
    """An enemy with the ambush ability ambushes a champion on the space it is placed on."""
    if board.has_rule(ctx, enemy, "ambush_on_placement") and ctx.at(enemy.space):
        ctx.push({"step": "enemy_ambush", "enemy": enemy.uid})


@handles("remove_enemy")
def _remove_enemy(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    m = ctx.content.map
    where = effect["where"]
    mine = me(ctx, step)
    pool = [e for e in ctx.state.enemies if e.kind == "ordinary"
            and (where != "country" or m.spaces[e.space].kind == "country")
            and (where != "here" or (mine is not None and e.space == mine.space))]
    ask(ctx, chooser(ctx, step), "enemy", "Remove which enemy?", step["rule"],
        [option(f"enemy:{e.uid}", f"{board.enemy_name(ctx, e)} on {ctx.space_name(e.space)}", ("enemy", e.uid))
         for e in pool], "remove_enemy", {"rule": step["rule"]})


@then("remove_enemy")
def _removed(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    enemy = ctx.state.enemy(choice[0].split(":", 1)[1])
    if enemy is not None:
        board.remove_enemy(ctx, enemy, args["rule"], "removed from the map")


# ---- event rules ---------------------------------------------------------------------------------


@handles("rule")
def _rule(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    state = ctx.state
    rule = effect["rule"]
    if rule in ("no_wild_surface_travel_next_round", "resources_cost_one_less_next_round"):
        state.next_rules.append(rule)
    elif rule == "refresh_hand":
        piles.shuffle_in(state.rng, state.resource_deck, state.hand)
        state.hand.clear()
        ctx.emit("hand", step["rule"], "The Hand is shuffled into the resource deck.")
        ctx.refill_hand()
    elif rule == "quest_card_to_bottom" and state.quest_deck:
        piles.to_bottom(state.quest_deck, [state.quest_deck.pop()])
        ctx.emit("quest", step["rule"], "The top quest card goes to the bottom of the quest deck, face down.")


# ---- story costs and the quest token --------------------------------------------------------------


def can_pay(ctx: Ctx, c: ChampionState, effect: Effect | dict[str, Any]) -> bool:
    e = record(effect)
    if e["what"] == "gold":
        return c.gold >= int(e["amount"])
    if e["what"] == "will":
        return c.will > int(e["amount"])  # paying the last will would defeat the champion
    return any(ctx.content.resources[r].kind == e.get("kind", ctx.content.resources[r].kind) for r in c.resources)


@handles("pay")
def _pay(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    if c is None:
        return
    if effect["what"] == "gold":
        ctx.lose_gold(c, int(effect["amount"]), step["rule"], step["why"])
    elif effect["what"] == "will":
        ctx.lose_will(c, int(effect["amount"]), step["rule"], step["why"])
    else:
        kind = effect.get("kind")
        cards = [r for r in c.resources if kind is None or ctx.content.resources[r].kind == kind]
        ask(ctx, c.seat, "resource", f"{ctx.short(c.id)}: discard which card?", step["rule"],
            [option(f"discard:{r}", ctx.content.resources[r].name, ("resource", r)) for r in cards],
            "pay_card", {"champion": c.id})


@then("pay_card")
def _pay_card(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    c = ctx.state.champion(args["champion"])
    rid = choice[0].split(":", 1)[1]
    c.resources.remove(rid)
    ctx.emit("resource", "CA-171", f"{ctx.short(c.id)} gives up {ctx.content.resources[rid].name}.",
             champion=c.id, resource=rid)
    ctx.return_resource(rid)


@handles("take_quest_token")
def _take_token(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    c = me(ctx, step)
    story = ctx.state.story
    space = c.space if c else ""
    if story is not None and story.quest and story.space:
        space = story.space
    if c is None or space not in ctx.state.quest_tokens:
        return
    ctx.state.quest_tokens.remove(space)
    c.quest_tokens += 1
    ctx.emit("quest", "CA-145", f"{ctx.short(c.id)} completes the quest: the quest token of "
             f"{ctx.space_name(space)} moves onto the champion card.", champion=c.id, space=space)


@handles("test")
def _test(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    """A plain test printed on a card (not a story test): no aid tokens (CA-074)."""
    c = me(ctx, step)
    if c is None:
        return
    passed = roll_test(ctx, c, effect["attribute"], int(effect["difficulty"]), step["why"], "other")
    follow = effect.get("on_pass" if passed else "on_fail", [])
    push_effects(ctx, follow, c.id, step["rule"], step["why"], story=bool(step.get("story")))


def roll_test(ctx: Ctx, c: ChampionState, attribute: str, difficulty: int, why: str, test: str) -> bool:
    """d6 + the modified attribute against the difficulty (CA-066 to CA-068); no aid, no reroll."""
    value, parts = ctx.attribute(c, attribute, test=test)
    die = ctx.d6()
    total = die + value
    passed = total >= difficulty
    if not passed and test == "other" and ctx.has_rule(c, "aid_outside_stories") and c.aid \
            and "aid_outside_stories" not in c.used_this_round and not ctx.has_rule(c, "no_aid_tokens"):
        # The Seer's passive: one aid token in a test that is not a story test, once per round.
        # Spending can only help, so the smallest token that makes the test pass is spent.
        useful = sorted(v for v in set(c.aid) if min(6, die + v) + value >= difficulty)
        if useful:
            c.aid.remove(useful[0])
            ctx.state.aid_supply.append(useful[0])
            c.used_this_round.append("aid_outside_stories")
            die = min(6, die + useful[0])
            total, passed = die + value, True
            ctx.emit("aid", "CA-040", f"{ctx.short(c.id)} spends a +{useful[0]} aid token "
                     f"({ctx.card(c).passive.name}).", champion=c.id)
    ctx.state.last_roll = {"champion": c.id, "attribute": attribute, "die": die, "total": total,
                           "difficulty": difficulty, "passed": passed, "why": why}
    ctx.emit("test", "CA-068", f"{ctx.short(c.id)} tests {attribute} at {difficulty} ({why}): rolls {die} + "
             f"{value} = {total}, {'passed' if passed else 'failed'}.", champion=c.id, die=die, total=total,
             passed=passed, irreversible=True)
    return passed
