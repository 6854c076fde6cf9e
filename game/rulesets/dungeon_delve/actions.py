"""Actions in a hero's turn or a monster's activation (checklist 3.5 to 3.9, 3.12, 3.13).

One question, "what now?", lists every legal action for the figure: take a Move action,
spend MP on a square, suffer fatigue for MP, attack, use a skill or feat, rest, search,
open or close a door, revive, stand up, climb out, use a consumable, trade, or end.
Moving walks the path square by square, so terrain and Snare Wire act where they are.
"""

from __future__ import annotations

from functools import lru_cache

from game.core.cards import draw
from game.core.decision import Blocked, Decision, Option
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.context import FLOW, Ctx, parse_sq, recovery_words, sq, sq_id
from game.rulesets.dungeon_delve.state import OVERLORD, Activation, Hero
from game.rulesets.dungeon_delve.steps import ActionsStep, KeenEyeStep, WalkStep

RED_PAIR = ("red", "red")


def seat_of(ctx: Ctx, figure: str) -> int:
    return ctx.state.hero(figure).seat if ctx.is_hero(figure) else OVERLORD


def move_range(ctx: Ctx, figure: str, mp: int) -> geo.MoveRange:
    """Where the figure can go with ``mp`` MP (4.3): its side's figures are friends."""
    hero = ctx.is_hero(figure)
    act = ctx.state.activation
    mover = None if hero else ctx.state.monster(figure)
    return ctx.data.move_range(ctx.state.quest, ctx.state.open_doors, figure, ctx.figure_square(figure), mp,
                               friends=ctx.figure_squares(heroes=hero, monsters=not hero, exclude=figure),
                               enemies=ctx.figure_squares(heroes=not hero, monsters=hero),
                               monster_kind=mover.kind if mover is not None else None,
                               slip_away=bool(hero and act is not None and act.slip_away))


def _in_pit(ctx: Ctx, figure: str) -> bool:
    return ctx.terrain(ctx.figure_square(figure)) == "pit"


def climb_squares(ctx: Ctx, figure: str) -> list[tuple[int, int]]:
    """Climb out: an adjacent on-map space, empty, not obstacle, not pit (DD-062)."""
    here = ctx.figure_square(figure)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            q = (here[0] + dx, here[1] + dy)
            if q != here and ctx.board.on_map(q) and ctx.terrain(q) not in ("obstacle", "pit") \
                    and ctx.figure_at(q) is None and ctx.adjacent(here, q):
                out.append(q)
    return sorted(out, key=lambda s: (s[1], s[0]))


def action_options(ctx: Ctx, figure: str) -> tuple[list[Option], list[Blocked]]:
    from game.rulesets.dungeon_delve.attack import attack_options

    state = ctx.state
    act = state.activation
    assert act is not None and act.figure == figure
    options: list[Option] = []
    blocked: list[Blocked] = []
    hero = state.hero(figure) if ctx.is_hero(figure) else None
    if hero is not None and hero.knocked_out:
        if act.actions_left > 0:
            options.append(Option("standup", "Stand up (roll 2 red dice)", ("figure", figure),
                                  "Recover damage equal to the hearts and fatigue equal to the surges."))
        return options, blocked
    if _in_pit(ctx, figure):
        if act.actions_left > 0:
            for q in climb_squares(ctx, figure):
                options.append(Option(f"climb:{sq_id(q)}", f"Climb out to {sq_id(q)}", ("square", sq_id(q))))
        blocked.append(Blocked("act:move", "A figure in a pit may only climb out.", "DD-061"))
        options.append(Option("end", "End the turn" if hero is not None else "End the activation"))  # DD-016
        return options, blocked
    can_move = not act.held
    if act.actions_left > 0 or act.extra_moves > 0:
        if can_move:
            speed = ctx.data.speed(state, figure)
            extra = " (Scurry)" if act.actions_left == 0 else ""
            options.append(Option("act:move", f"Move action{extra} (+{speed} MP)", None, "DD-027"))
        else:
            blocked.append(Blocked("act:move", "Immobilized: no Move actions and no MP.", "DD-135"))
    if act.mp > 0 and can_move:
        reach = move_range(ctx, figure, act.mp)
        for q in sorted(reach.ends, key=lambda s: (s[1], s[0])):
            options.append(_move_option(q, reach.costs[q], reach.damage(q)))
    if hero is not None and can_move and hero.fatigue < ctx.data.stamina(state, hero.id):
        options.append(Option("fatigue", "Suffer 1 fatigue: +1 MP", None, "DD-050"))
    if act.actions_left > 0:
        options.extend(attack_options(ctx, figure))
    if hero is not None:
        options.extend(_hero_options(ctx, hero, act))
    options.append(Option("end", "End the turn" if hero is not None else "End the activation"))
    return options, blocked


@lru_cache(maxsize=4096)
def _move_option(q: tuple[int, int], cost: int, harm: int) -> Option:
    """Moving to ``q`` for ``cost`` MP and ``harm`` damage on the way: the same option
    whoever moves, so one (immutable) object serves every menu that offers it."""
    note = f"{cost} MP" + (f", {harm} damage on the way" if harm else "")
    return Option(f"move:{sq_id(q)}", f"Move to {sq_id(q)} ({note})", ("square", sq_id(q)), note)


def _hero_options(ctx: Ctx, hero: Hero, act: Activation) -> list[Option]:
    state = ctx.state
    here = sq(hero.square)
    out: list[Option] = []
    stamina = ctx.data.stamina(state, hero.id)
    if act.actions_left > 0:
        skill = ctx.data.skill(hero.id)
        if skill is not None and skill.use == "action" and hero.fatigue + skill.fatigue <= stamina:
            for skill_effect in skill.effects:
                if skill_effect.verb == "recover":
                    for other in state.heroes:
                        if sq(other.square) == here or ctx.adjacent(here, sq(other.square)) or other.id == hero.id:
                            if other.damage > 0:
                                out.append(Option(f"skill:{skill.id}:{other.id}",
                                                  f"{skill.name} on {ctx.name(other.id)}", ("figure", other.id),
                                                  skill.text))
        out.append(Option("rest", "Rest (recover all fatigue at the end of the turn)", None, "DD-030"))
        for token in state.search_tokens:
            t = sq(token)
            if t == here or ctx.adjacent(here, t):
                out.append(Option(f"search:{sq_id(t)}", f"Search the token at {sq_id(t)}", ("square", sq_id(t))))
        for door, edges in ctx.board.doors.items():
            if any(_edge_touches(edge, here) for edge in edges):
                verb = "Close" if door in state.open_doors else "Open"
                out.append(Option(f"door:{door}", f"{verb} the door", ("door", door), "DD-073"))
        for other in state.heroes:
            t = sq(other.square)
            if other.knocked_out and (t == here or ctx.adjacent(here, t)):
                out.append(Option(f"revive:{other.id}", f"Revive {ctx.name(other.id)}", ("figure", other.id),
                                  "Roll 2 red dice: he recovers the hearts as damage and the surges as fatigue."))
        feat = ctx.data.feat(hero.id)
        if not hero.feat_used and feat.when == "action" and any(e.verb == "area_damage" for e in feat.effects):
            for q in _cinder_squares(ctx, hero, feat):
                hit = [f for f in (ctx.figure_at(s) for s in geo.blast_squares(ctx.board, ctx.walls(), q)) if f]
                allies = [ctx.name(f) for f in hit if ctx.is_hero(f)]
                who = f" It hits {', '.join(ctx.name(f) for f in hit)}" + (
                    f", and so hurts {' and '.join(allies)} of your own side." if allies else ".")
                out.append(Option(f"feat:{sq_id(q)}", f"{feat.name} at {sq_id(q)}", ("square", sq_id(q)),
                                  feat.text + who))
    feat = ctx.data.feat(hero.id)
    if not hero.feat_used and feat.when == "own_turn" and not act.held:
        out.append(Option("feat", f"Heroic feat: {feat.name}", None, feat.text))
    for item in hero.items:
        definition = ctx.data.item(item)
        if definition.when == "own_turn" and definition.discard:
            for target in _use_targets(ctx, hero, item):
                label = f"Use {definition.name}" + ("" if target == hero.id else f" on {ctx.name(target)}")
                out.append(Option(f"use:{item}:{target}", label, ("item", item), definition.text))
    if act.moved:
        for other in state.heroes:
            if other.id != hero.id and not other.knocked_out and ctx.adjacent(here, sq(other.square)):
                for giver, taker, verb in ((hero, other, "give"), (other, hero, "take")):
                    for item in giver.items:
                        keeps = [i for i in giver.equipped if i != item]
                        if ctx.data.tradeable(item) and ctx.data.stamina_with(giver.id, keeps) >= giver.fatigue:
                            label = (f"Give {ctx.data.item(item).name} to {ctx.name(taker.id)}" if verb == "give"
                                     else f"Take {ctx.data.item(item).name} from {ctx.name(giver.id)}")
                            out.append(Option(f"{verb}:{item}:{other.id}", label, ("item", item),
                                              "DD-114, DD-149"))
    return out


def _edge_touches(edge: geo.Edge, square: tuple[int, int]) -> bool:
    (x1, y1), (x2, y2) = edge
    x, y = square
    corners = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
    return (x1, y1) in corners and (x2, y2) in corners


def _cinder_squares(ctx: Ctx, hero: Hero, feat: object) -> list[tuple[int, int]]:
    here = sq(hero.square)
    rng = next(e.get("max_distance", 4) for e in feat.effects if e.verb == "area_damage")  # type: ignore[attr-defined]
    out = []
    figures = ctx.figure_squares()  # the squares figure_at finds a figure on
    walls = ctx.walls()
    for q in ctx.board.terrain:
        if geo.distance(here, q) <= rng and any(s in figures for s in geo.blast_squares(ctx.board, walls, q)) \
                and (q == here or ctx.sees(here, q, hero.id, figures=figures)):
            out.append(q)
    return sorted(out, key=lambda s: (s[1], s[0]))


def _use_targets(ctx: Ctx, hero: Hero, item: str) -> list[str]:
    definition = ctx.data.item(item)
    effects = definition.effects
    if any(e.get("target") == "self_or_adjacent_hero" for e in effects):
        here = sq(hero.square)
        return [h.id for h in ctx.state.heroes
                if h.id == hero.id or sq(h.square) == here or ctx.adjacent(here, sq(h.square))]
    return [hero.id]


def ask_actions(ctx: Ctx, step: ActionsStep) -> Decision | None:
    figure = step["figure"]
    act = ctx.state.activation
    if act is None or act.figure != figure:
        return None
    options, blocked = action_options(ctx, figure)
    if len(options) <= 1 and all(o.id in ("end",) for o in options):
        return None
    name = ctx.name(figure)
    prompt = (f"{name}: {act.actions_left} action{'s' if act.actions_left != 1 else ''} left, {act.mp} MP. "
              "Choose an action, a square to move to, or end.")
    return Decision(seat_of(ctx, figure), "action", prompt, tuple(options), rule="DD-015", blocked=tuple(blocked))


def answer_actions(ctx: Ctx, step: ActionsStep, seat: int, choice: tuple[str, ...]) -> None:
    from game.rulesets.dungeon_delve.attack import begin_attack_from_option

    state = ctx.state
    figure = step["figure"]
    act = state.activation
    assert act is not None
    picked = choice[0]
    kind, _, rest = picked.partition(":")
    hero = state.hero(figure) if ctx.is_hero(figure) else None
    if kind == "end":
        state.stack.pop()
        return
    if kind == "act" and rest == "move":
        if act.actions_left > 0:
            act.actions_left -= 1
        else:
            act.extra_moves -= 1  # Scurry's extra Move action
        gained = ctx.data.speed(state, figure)
        act.mp += gained
        act.moved = True
        ctx.emit("move_action", "DD-037", f"{ctx.name(figure)} takes a Move action: +{gained} MP ({act.mp} MP).",
                 figure=figure, mp=act.mp)
    elif kind == "move":
        target = parse_sq(rest)
        reach = move_range(ctx, figure, act.mp)
        origin, *path = reach.path(target)
        act.mp -= reach.costs[target]
        ctx.emit("move", "DD-041", f"{ctx.name(figure)} moves to {rest} ({reach.costs[target]} MP).",
                 figure=figure, path=[list(p) for p in path], origin=list(origin))
        ctx.push({"step": "walk", "figure": figure, "path": [list(p) for p in path]})
    elif kind == "fatigue":
        assert hero is not None
        hero.fatigue += 1
        act.mp += 1
        ctx.emit("fatigue_mp", "DD-050", f"{ctx.name(figure)} suffers 1 fatigue for 1 MP ({act.mp} MP).",
                 figure=figure)
    elif kind in ("attack", "fury") or (kind == "skill" and _is_attack_skill(ctx, figure, rest)):
        begin_attack_from_option(ctx, figure, picked)
    elif kind == "skill":
        assert hero is not None
        _mend(ctx, hero, rest)
    elif kind == "feat":
        assert hero is not None
        if rest:
            act.actions_left -= 1
            resolve_feat(ctx, hero, parse_sq(rest))
        else:
            resolve_feat(ctx, hero, None)
    elif kind == "rest":
        act.actions_left -= 1
        act.rested = True
        ctx.emit("rest", "DD-030", f"{ctx.name(figure)} rests.", figure=figure)
    elif kind == "search":
        assert hero is not None
        act.actions_left -= 1
        _search(ctx, hero, parse_sq(rest))
    elif kind == "door":
        act.actions_left -= 1
        if rest in state.open_doors:
            state.open_doors.remove(rest)
            ctx.emit("door", "DD-073", f"{ctx.name(figure)} closes the door.", door=rest, open=False)
        else:
            state.open_doors.append(rest)
            ctx.emit("door", "DD-073", f"{ctx.name(figure)} opens the door.", door=rest, open=True)
    elif kind == "revive":
        assert hero is not None
        act.actions_left -= 1
        _revive(ctx, hero, state.hero(rest))
    elif kind == "standup":
        assert hero is not None
        act.actions_left = 0
        _, sums = ctx.roll(RED_PAIR, ctx.name(figure), "standing up", "DD-069")
        hero.damage = max(0, hero.damage - sums.get("hearts", 0))
        hero.fatigue = max(0, hero.fatigue - sums.get("surge", 0))
        state.stack.pop()  # Stand Up is the whole action step: the turn ends (DD-070)
        ctx.stand_up_in_place(hero, "DD-069")
        ctx.emit("recover", "DD-069", f"{ctx.name(figure)} stands up: {ctx.health(figure) - hero.damage} health, "
                 f"{hero.fatigue} fatigue.", hero=figure)
    elif kind == "climb":
        act.actions_left -= 1
        landing = parse_sq(rest)
        _place(ctx, figure, landing)
        ctx.emit("climb", "DD-062", f"{ctx.name(figure)} climbs out to {rest}.", figure=figure)
        _enter_effects(ctx, figure, landing, climbing=True)
    elif kind == "use":
        assert hero is not None
        item, _, user_id = rest.partition(":")
        _use_item(ctx, hero, item, state.hero(user_id))
    elif kind in ("give", "take"):
        assert hero is not None
        item, _, other_id = rest.partition(":")
        other = state.hero(other_id)
        giver, receiver = (hero, other) if kind == "give" else (other, hero)
        giver.items.remove(item)
        if item in giver.equipped:
            giver.equipped.remove(item)
        receiver.items.append(item)
        receiver.new_items.append(item)  # equipped from his next Equip step (DD-025)
        ctx.emit("trade", "DD-114", f"{ctx.name(giver.id)} hands {ctx.data.item(item).name} to "
                 f"{ctx.name(receiver.id)}.", item=item, giver=giver.id, receiver=receiver.id)


def _is_attack_skill(ctx: Ctx, figure: str, rest: str) -> bool:
    skill = ctx.data.skill(figure)
    return skill is not None and any(e.verb == "attack" for e in skill.effects) and rest.startswith(skill.id)


FLOW.question(ActionsStep, ask_actions, answer_actions)


@FLOW.automatic(ActionsStep)
def actions_done(ctx: Ctx, step: ActionsStep) -> None:
    ctx.state.stack.pop()


# -- walking, entering and placing (DD-041 to DD-049, DD-059, DD-063, DD-065) -------------------------


def _place(ctx: Ctx, figure: str, square: tuple[int, int]) -> None:
    if ctx.is_hero(figure):
        ctx.state.hero(figure).square = [square[0], square[1]]
    else:
        monster = ctx.state.monster(figure)
        assert monster is not None
        monster.square = [square[0], square[1]]


@FLOW.automatic(WalkStep)
def walk(ctx: Ctx, step: WalkStep) -> None:
    """Take the next square of the path; effects of entering it apply there."""
    from game.rulesets.dungeon_delve.cards import push_card_window

    state = ctx.state
    act = state.activation
    figure = step["figure"]
    alive = ctx.is_hero(figure) and not state.hero(figure).knocked_out or state.monster(figure) is not None
    if not step["path"] or act is None or act.figure != figure or act.held or not alive:
        state.stack.pop()
        return
    square = sq(step["path"].pop(0))
    occupied_by_other = ctx.figure_at(square) not in (None, figure)
    _place(ctx, figure, square)
    stopped = _enter_effects(ctx, figure, square)
    if stopped:
        if state.stack and state.stack[-1] is step:  # a defeat may already have ended the turn (DD-144)
            state.stack.pop()
        return
    if ctx.is_hero(figure) and not occupied_by_other:
        push_card_window(ctx, "hero_enters_space", hero=figure)


def _enter_effects(ctx: Ctx, figure: str, square: tuple[int, int], climbing: bool = False) -> bool:
    """Lava and pits act on the figure entering (DD-059, DD-063); returns True if movement stops."""
    terrain = ctx.terrain(square)
    act = ctx.state.activation
    if terrain == "lava":
        ctx.suffer_damage(figure, 1, "DD-063", "lava")
    elif terrain == "pit":
        if act is not None:
            act.mp = 0
        ctx.emit("pit", "DD-059", f"{ctx.name(figure)} falls into the pit.", figure=figure)
        ctx.suffer_damage(figure, 2, "DD-059", "the pit")
        _check_own_defeat(ctx, figure)
        return True
    return _check_own_defeat(ctx, figure)


def _check_own_defeat(ctx: Ctx, figure: str) -> bool:
    """A figure defeated in its own turn ends it at once (DD-144)."""
    from game.rulesets.dungeon_delve.rounds import end_dead_activation

    dead = (ctx.is_hero(figure) and ctx.state.hero(figure).knocked_out) or \
        (not ctx.is_hero(figure) and ctx.state.monster(figure) is None)
    act = ctx.state.activation
    if dead and act is not None and act.figure == figure:
        if ctx.is_hero(figure):
            hero = ctx.state.hero(figure)
            stack = ctx.state.stack
            while stack and stack[-1]["step"] != "hero_end":
                stack.pop()
            if stack:
                stack.pop()
            hero.activated = True
            ctx.state.activation = None
            ctx.emit("turn_end", "DD-144", f"{ctx.name(figure)}'s turn ends.", figure=figure)
        else:
            end_dead_activation(ctx, figure)
        return True
    return dead


# -- search, revive, mend, feats, consumables -----------------------------------------------------------


def _search(ctx: Ctx, hero: Hero, token: tuple[int, int]) -> None:
    """Reveal the token: it is removed and the hero draws the top search card (DD-068)."""
    state = ctx.state
    state.search_tokens = [t for t in state.search_tokens if sq(t) != token]
    draws = 2 if ctx.data.keen_eye(hero.id) else 1
    drawn = [card for card in (draw(state.search_deck) for _ in range(draws)) if card is not None]
    ctx.emit("search", "DD-068", f"{ctx.name(hero.id)} searches at {sq_id(token)}.", hero=hero.id,
             square=list(token), irreversible=True)
    if not drawn:
        ctx.emit("search", "DD-068", "The search deck is empty.")
        return
    if len(drawn) == 1:
        _take_search_card(ctx, hero, drawn[0])
    else:
        ctx.push({"step": "keen_eye", "hero": hero.id, "cards": drawn})


def _take_search_card(ctx: Ctx, hero: Hero, card: str) -> None:
    definition = ctx.data.item(card)
    gold = ctx.data.gold(card)
    ctx.emit("search_card", "DD-068", f"{ctx.name(hero.id)} finds {definition.name}.", hero=hero.id, card=card)
    if gold:
        hero.gold += gold
        ctx.state.search_discard.append(card)
        return
    if definition.effects or definition.slot != "none":
        hero.items.append(card)
        hero.new_items.append(card)  # DD-025: equipped from the next Equip step
    else:
        ctx.state.search_discard.append(card)


def ask_keen_eye(ctx: Ctx, step: KeenEyeStep) -> Decision | None:
    hero = ctx.state.hero(step["hero"])
    return Decision(hero.seat, "keen_eye", "Keen Eye: keep one of the two search cards.",
                    tuple(Option(f"keep:{c}", ctx.data.item(c).name, ("item", c), ctx.data.item(c).text)
                          for c in step["cards"]), rule="DD-068")


def answer_keen_eye(ctx: Ctx, step: KeenEyeStep, seat: int, choice: tuple[str, ...]) -> None:
    state = ctx.state
    state.stack.pop()
    keep = choice[0].split(":", 1)[1]
    hero = state.hero(step["hero"])
    others = [c for c in step["cards"] if c != keep]
    state.search_deck.extend(others)
    state.rng.shuffle(state.search_deck)
    _take_search_card(ctx, hero, keep)


FLOW.question(KeenEyeStep, ask_keen_eye, answer_keen_eye)


def _revive(ctx: Ctx, reviver: Hero, target: Hero) -> None:
    """Two red dice: hearts become recovered damage, surges recovered fatigue (DD-072)."""
    _, sums = ctx.roll(RED_PAIR, ctx.name(reviver.id), f"reviving {ctx.name(target.id)}", "DD-072")
    extra = sum(e.get("amount", 0) for e in ctx.data.ability_effects(reviver.id, "revive") if e.verb == "recover")
    hearts = sums.get("hearts", 0) + extra
    healed, rested = min(target.damage, hearts), min(target.fatigue, sums.get("surge", 0))
    target.damage -= healed
    target.fatigue -= rested
    ctx.emit("recover", "DD-072", f"{ctx.name(target.id)} {recovery_words(healed, rested)}.", hero=target.id)
    ctx.stand_up_in_place(target, "DD-072")


def _mend(ctx: Ctx, hero: Hero, rest: str) -> None:
    skill_id, _, target_id = rest.partition(":")
    skill = ctx.data.skill(hero.id)
    assert skill is not None and skill.id == skill_id
    act = ctx.state.activation
    assert act is not None
    act.actions_left -= 1
    hero.fatigue += skill.fatigue
    target = ctx.state.hero(target_id)
    for effect in skill.effects:
        if effect.verb == "recover":
            _, sums = ctx.roll(effect.get("dice", ["red"]), ctx.name(hero.id), skill.name, "DD-029")
            ctx.recover(target, sums.get("hearts", 0), 0, "DD-029", skill.name)


def resolve_feat(ctx: Ctx, hero: Hero, square: tuple[int, int] | None) -> None:
    """A heroic feat, once per encounter (DD-116)."""
    feat = ctx.data.feat(hero.id)
    hero.feat_used = True
    ctx.emit("feat", "DD-116", f"{ctx.name(hero.id)} uses the heroic feat {feat.name}.", hero=hero.id)
    act = ctx.state.activation
    for effect in feat.effects:
        if effect.verb == "recover":
            for other in ctx.state.heroes:
                ctx.recover(other, effect.get("amount", 0), 0, "DD-116", feat.name)
        elif effect.verb == "area_damage" and square is not None:
            hit = sorted(geo.blast_squares(ctx.board, ctx.walls(), square), key=lambda s: (s[1], s[0]))
            for q in hit:
                figure = ctx.figure_at(q)
                if figure is not None:
                    ctx.suffer_damage(figure, effect.get("amount", 2), "DD-116", feat.name)
            _check_own_defeat(ctx, hero.id)
        elif effect.verb == "gain_mp" and act is not None:
            amount = effect.get("amount")
            act.mp += ctx.data.speed(ctx.state, hero.id) if amount == "speed" else int(amount)
        elif effect.verb == "move_through_enemies" and act is not None:
            act.slip_away = True


def _use_item(ctx: Ctx, hero: Hero, item: str, target: Hero) -> None:
    """A consumable, during the holder's turn and not an action (DD-026)."""
    definition = ctx.data.item(item)
    hero.items.remove(item)
    if item in hero.equipped:
        hero.equipped.remove(item)
    ctx.state.search_discard.append(item)
    ctx.emit("use", "DD-026", f"{ctx.name(hero.id)} uses {definition.name}.", hero=hero.id, item=item)
    for effect in definition.effects:
        if effect.verb == "recover":
            what = effect.get("what", "damage")
            amount = effect.get("amount", 0)
            if what == "fatigue":
                ctx.recover(target, 0, target.fatigue if amount == "all" else int(amount), "DD-026", definition.name)
            else:
                ctx.recover(target, target.damage if amount == "all" else int(amount), 0, "DD-026",
                            definition.name)
        elif effect.verb == "untargetable":
            target.effects.append("untargetable_ranged@start")
