"""Acts and rounds (3.2, 3.3, 3.10, 3.11): the start of a round and its initiative, the
event phase, the end of a round, the start of Act 2 and the main enemy's Act 2 behaviour
and defeat conditions (plan 2.4.3, G-42).
"""

from __future__ import annotations

from typing import Any

from game.rulesets.champions_of_albion import board, piles
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.context import FLOW, LAST_ROUND, Ctx
from game.rulesets.champions_of_albion.effects import push_effects, roll_test
from game.rulesets.champions_of_albion.state import MAIN, EnemyState
from game.rulesets.champions_of_albion.steps import (
    Act2NextStep, Act2RoundEndStep, Act2StartStep, CAStep, EventAfterStep, EventPhaseStep, InitiativeStep,
    MainAfterMoveStep, MainConditionsStep, MainMoveStep, RoundEffectsStep, RoundEndStep, RoundStartStep,
)

ACT_ROUNDS = LAST_ROUND  # CA-019, CA-026


@FLOW.automatic(RoundStartStep)
def _round_start(ctx: Ctx, step: RoundStartStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.round += 1
    state.phase = "start"
    state.round_rules, state.next_rules = state.next_rules, []
    for c in state.champions:
        c.unique_used = False
        c.skills_used = []  # combat skills turned upright (CA-170)
        c.used_this_round = []
        c.will_loss_ignored = False
    ctx.emit("round", "CA-018", f"Act {state.act}, round {state.round} (the fate marker is on {state.fate}).",
             act=state.act, round=state.round, headline=f"Act {state.act} · Round {state.round}")
    sequence: list[CAStep] = [{"step": "replacement", "seat": s} for s in range(state.seats)]
    sequence += [{"step": "initiative"}, {"step": "action_phase"}, {"step": "combat_phase"}]
    if state.act == 1:
        sequence += [{"step": "story_phase"}, {"step": "event_phase"}, {"step": "round_end"}]  # CA-020
    else:
        sequence += [{"step": "act2_round_end"}]  # CA-025
    for record in reversed(sequence):
        ctx.push(record)


# ---- initiative (CA-029 to CA-034) ----------------------------------------------------------------------


def initiative_speed(ctx: Ctx, champion: Any) -> int:
    """Effective speed: printed, best card per kind, banes and active spells (G-06)."""
    return ctx.attribute(champion, "speed", test="other")[0]


@FLOW.automatic(InitiativeStep)
def _initiative(ctx: Ctx, step: InitiativeStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.initiative = []
    playing = [c for c in state.champions if state.players[c.seat].champion == c.id]
    if not playing:
        ctx.check_all_defeated()
        state.initiative = list(range(state.seats))
        return
    speeds = {c.seat: initiative_speed(ctx, c) for c in playing}
    top = max(speeds.values())
    tied = sorted(s for s, v in speeds.items() if v == top)
    while len(tied) > 1:  # only the tied roll; ties roll again (CA-032, G-07)
        rolls = {s: ctx.d6() for s in tied}
        ctx.emit("roll", "CA-032", "Initiative tie: " + ", ".join(
            f"{state.players[s].name} rolls {r}" for s, r in rolls.items()) + ".", irreversible=True)
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    winner = tied[0]
    # Clockwise from the winner; seats without a champion are skipped (CA-033, CA-034).
    order = [(winner + k) % state.seats for k in range(state.seats)]
    state.initiative = [s for s in order if state.players[s].champion]
    ctx.emit("initiative", "CA-031", "Initiative: " + ", ".join(
        f"{state.players[s].name} ({ctx.short(state.players[s].champion)}, speed {speeds[s]})"
        for s in state.initiative) + ".", order=list(state.initiative))


# ---- the event phase (CA-150 to CA-153) ------------------------------------------------------------------


@FLOW.automatic(EventPhaseStep)
def _event_phase(ctx: Ctx, step: EventPhaseStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.phase = "event"
    event_id = state.event_deck.pop()  # the top card
    event = ctx.content.events[event_id]
    state.events_seen.append(event_id)
    reader = state.initiative[0] if state.initiative else 0
    ctx.emit("event", "CA-151", f"{state.players[reader].name} reveals the event {event.name}"
             + (" (catastrophic)" if event.catastrophic else "") + f": {event.text}", event=event_id,
             irreversible=True)
    ctx.push({"step": "event_after", "event": event_id})
    push_effects(ctx, event.effects, state.players[reader].champion, "CA-153" if event.catastrophic else "CA-151",
                 event.name)


@FLOW.automatic(EventAfterStep)
def _event_after(ctx: Ctx, step: EventAfterStep) -> None:
    """The card goes face down to the bottom, the marker advances, the main enemy places (CA-151)."""
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    piles.to_bottom(state.event_deck, [step["event"]])
    state.fate = state.fate % 5 + 1  # the star is a cycle (G-04)
    ctx.emit("fate", "CA-021", f"The fate marker moves to {state.fate}.", fate=state.fate)
    main = ctx.content.main_enemies[state.main_enemy]
    push_effects(ctx, main.act1.event_effects, "", "CA-194", f"{main.name}'s event phase")


def _end_of_round_effects(ctx: Ctx) -> None:
    """Banes "at the end of each round", in initiative order (G-42)."""
    for c in ctx.in_play():
        for bane in list(c.banes):
            for effect in ctx.content.banes[bane].effects:
                if effect.verb == "round_end_loss":
                    name = ctx.content.banes[bane].name
                    if effect.get("what") == "life":
                        ctx.lose_life(c, int(effect.get("amount")), "CA-178", name)
                    else:
                        ctx.lose_will(c, int(effect.get("amount")), "CA-178", name)
    for c in ctx.state.champions:
        c.spells_on = []  # spell effects last until the end of the round (CA-168)


@FLOW.automatic(RoundEndStep)
def _round_end(ctx: Ctx, step: RoundEndStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    _end_of_round_effects(ctx)
    if ctx.over:
        return
    if state.round >= ACT_ROUNDS:  # CA-022, CA-023
        ctx.push({"step": "act2_start"})
    else:
        ctx.push({"step": "round_start"})  # CA-152


# ---- Act 2 (CA-154 to CA-162) -------------------------------------------------------------------------------


@FLOW.automatic(Act2StartStep)
def _act2_start(ctx: Ctx, step: Act2StartStep) -> None:
    state = ctx.state
    state.stack.pop()
    state.act, state.round = 2, 0
    state.fate = 1  # CA-027
    main = ctx.content.main_enemies[state.main_enemy]
    ctx.emit("act", "CA-154", f"Act 2 begins: {main.name}'s card is flipped. {main.act2.start}", act=2,
             headline="Act 2 begins")
    if not any(ctx.replaced_in_act2(s) for s in range(state.seats)):
        # Champions who fell in Act 1 round 5 come back at the start of round 1 (CA-128, G-05):
        # only with none to come does an empty board end the game here.
        ctx.check_all_defeated()
    if ctx.over:
        return
    shadows = len(state.shadows)
    state.main_life = main.act2.life_for(ctx.count())
    ctx.push({"step": "round_start"})
    if state.main_enemy == "dragon":
        state.main_life += shadows
        board.place_main_enemy(ctx, main.lair, "CA-154")
    elif state.main_enemy == "arawn":
        state.main_dv_bonus = shadows // 4
        m = ctx.content.map
        depths = m.of_kind("depths")
        score = {d: sum(1 for s in state.shadows if s == d or s in m.neighbours(d)) for d in depths}
        best = max(score.values())
        pool = sorted(d for d in depths if score[d] == best) if best else [main.lair]
        ask(ctx, state.initiative[0] if state.initiative else 0, "space", "Players choose: where does Arawn appear?",
            "CA-154", [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in pool], "main_at", {})
    else:
        state.main_av_bonus = shadows // 4
        counts: dict[str, int] = {}
        for c in ctx.in_play():
            counts[c.space] = counts.get(c.space, 0) + 1
        best = max(counts.values(), default=0)
        top = [s for s, n in counts.items() if n == best]
        board.place_main_enemy(ctx, top[0] if len(top) == 1 else main.lair, "CA-154")
    ctx.emit("act", "CA-156", f"{main.name}: DV {main.act2.dv + state.main_dv_bonus}, AV "
             f"{main.act2.av + state.main_av_bonus}, life {state.main_life}.", headline=main.name)


@then("main_at")
def _main_at(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    board.place_main_enemy(ctx, choice[0].split(":", 1)[1], "CA-154")


@FLOW.automatic(Act2RoundEndStep)
def _act2_round_end(ctx: Ctx, step: Act2RoundEndStep) -> None:
    """G-42: behaviour, other end-of-round effects, defeat conditions, the fifth round, the marker."""
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.phase = "end"
    sequence: list[CAStep] = [{"step": "main_move"}, {"step": "main_after_move"}, {"step": "round_effects"},
                              {"step": "main_conditions"}, {"step": "act2_next"}]
    for record in reversed(sequence):
        ctx.push(record)


def _main(ctx: Ctx) -> EnemyState | None:
    return ctx.state.enemy(MAIN)


@FLOW.automatic(MainMoveStep)
def _main_move(ctx: Ctx, step: MainMoveStep) -> None:
    state = ctx.state
    state.stack.pop()
    main = _main(ctx)
    if main is None or ctx.over:
        return
    m = ctx.content.map
    seat = state.initiative[0] if state.initiative else 0
    if state.main_enemy == "dragon":
        # One step along surface routes toward the nearest capital (players choose on ties).
        dist = {cap: m.distances(cap, "surface") for cap in m.of_kind("capital")}
        here = min(d.get(main.space, 99) for d in dist.values())
        if here == 0:
            return
        steps = [n for n in m.neighbours(main.space, "surface")
                 if min(d.get(n, 99) for d in dist.values()) == here - 1]
        ask(ctx, seat, "space", "Players choose: where does the Dragon fly?", "G-38",
            [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in steps], "main_step", {})
    elif state.main_enemy == "arawn":
        # Wild Hunt, then one underground step toward the nearest champion (underground routes only).
        board.place_random_enemy(ctx, main.space, "G-38")
        if board.place_random_shadow(ctx, "G-38") is None:
            return
        if ctx.at(main.space):
            return
        below = m.distances(main.space, "underground")
        reachable = [below[c.space] for c in ctx.in_play() if c.space in below]
        if not reachable:
            return
        goal = min(reachable)
        targets = [c.space for c in ctx.in_play() if below.get(c.space) == goal]
        steps = sorted({n for n in m.neighbours(main.space, "underground")
                        if any(m.distances(n, "underground").get(t, 99) == goal - 1 for t in targets)})
        ask(ctx, seat, "space", "Players choose: where does Arawn go?", "G-38",
            [option(f"space:{s}", ctx.space_name(s), ("space", s)) for s in steps], "main_step", {})
    else:
        champions = ctx.in_play()
        if champions:
            low = min(c.will for c in champions)
            target = next(c for c in champions if c.will == low)  # ties: initiative order
            if target.space != main.space:
                main.space = target.space
                ctx.emit("enemy", "G-38", f"Morrigan flies to {ctx.space_name(target.space)}, where "
                         f"{ctx.short(target.id)}'s will is lowest.", enemy=MAIN, space=target.space)


@then("main_step")
def _main_step(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    main = _main(ctx)
    if main is None:
        return
    main.space = choice[0].split(":", 1)[1]
    ctx.emit("enemy", "G-38", f"{board.enemy_name(ctx, main)} moves to {ctx.space_name(main.space)}.", enemy=MAIN,
             space=main.space)


@FLOW.automatic(MainAfterMoveStep)
def _after_move(ctx: Ctx, step: MainAfterMoveStep) -> None:
    """The Dragon's Fire: a speed test at 7 or lose 2 life, for every champion on its space."""
    ctx.state.stack.pop()
    main = _main(ctx)
    if main is None or ctx.over or ctx.state.main_enemy != "dragon":
        return
    for c in ctx.at(main.space):
        if not roll_test(ctx, c, "speed", 7, "the Dragon's Fire", "other"):
            ctx.lose_life(c, 2, "G-38", "the Dragon's Fire")


@FLOW.automatic(RoundEffectsStep)
def _round_effects(ctx: Ctx, step: RoundEffectsStep) -> None:
    ctx.state.stack.pop()
    if not ctx.over:
        _end_of_round_effects(ctx)


@FLOW.automatic(MainConditionsStep)
def _conditions(ctx: Ctx, step: MainConditionsStep) -> None:
    """Defeat conditions timed "at the end of a round" (CA-130, G-42 step 3)."""
    state = ctx.state
    state.stack.pop()
    main = _main(ctx)
    if ctx.over or main is None:
        return
    if state.main_enemy == "dragon" and ctx.space_kind(main.space) == "capital":
        ctx.end("defeat", f"The Dragon ends the round on {ctx.space_name(main.space)}, a capital.", "CA-130")
    elif state.main_enemy == "arawn":
        others = [e for e in state.enemies if e.space == main.space and e.uid != MAIN]
        if len(others) >= 4:
            ctx.end("defeat", f"{len(others)} enemies gather around Arawn.", "CA-130")
    elif state.main_enemy == "morrigan":
        total = sum(c.will for c in ctx.in_play())
        if total < 2 * ctx.count():
            ctx.end("defeat", f"The champions' will ({total}) is less than twice their number.", "CA-130")


@FLOW.automatic(Act2NextStep)
def _act2_next(ctx: Ctx, step: Act2NextStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    if state.round >= ACT_ROUNDS:  # CA-161
        name = ctx.content.main_enemies[state.main_enemy].name
        ctx.end("defeat", f"The fifth round of Act 2 ends and {name} still stands.", "CA-161")
        return
    state.fate = state.fate % 5 + 1  # CA-027
    ctx.emit("fate", "CA-027", f"The fate marker moves to {state.fate}.", fate=state.fate)
    ctx.push({"step": "round_start"})
