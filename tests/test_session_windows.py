"""The session answers response windows fairly (issue 11 item 1): a forced pass is answered
at once for every seat, an AI seat's window question is answered in the same call as the
choice that opened the window, nothing about a window depends on whether a hand held an
answer (pending questions, undo, the log), strict windows hand a human every window, and
replays and saves give the same game.

A toy rule system keeps the test about the session alone: two seats take turns to
"strike"; after each strike a window asks the other seat whether to play a hidden
"parry" card from its hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import pytest

from game import saves
from game.core import registry
from game.core.decision import Decision, Option
from game.core.events import Event, EventLog
from game.core.flow import Flow, Step
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.ruleset import RuleSystem
from game.core.window import open_window, register_window
from game.session import Seat, Session


@dataclass
class DuelState:
    seats: int
    rng: Rng
    hands: list[list[str]]
    strikes: list[int] = field(default_factory=lambda: [0, 0])
    parried: list[int] = field(default_factory=lambda: [0, 0])
    active: int = 0
    turn: int = 1
    stack: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Ctx:
    state: DuelState
    log: EventLog


FLOW: Flow[Ctx] = Flow()
TURNS = 6


def ask_strike(ctx: Ctx, step: Step) -> Decision:
    seat = ctx.state.active
    return Decision(seat, "strike", "Strike or rest?", (Option("strike", "Strike"), Option("rest", "Rest")),
                    rule="T-1")


def answer_strike(ctx: Ctx, step: Step, seat: int, choice: tuple[str, ...]) -> None:
    state = ctx.state
    state.stack.pop()
    state.stack.append({"step": "next_turn"})
    if choice == ("strike",):
        state.strikes[seat] += 1
        ctx.log.emit("strike", "T-1", f"Seat {seat + 1} strikes.")
        open_window(state.stack, "parry_window", [1 - seat])


FLOW.question("strike", ask_strike, answer_strike)


def parry_responses(ctx: Ctx, step: Step, seat: int) -> list[Option]:
    return [Option("parry", "Play a parry")] if "parry" in ctx.state.hands[seat] else []


def parry(ctx: Ctx, step: Step, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.hands[seat].remove("parry")
    ctx.state.parried[seat] += 1
    ctx.log.emit("parry", "T-2", f"Seat {seat + 1} parries.")
    step["seats"].pop(0)


register_window(FLOW, "parry_window", rule="T-2", responses=parry_responses, respond=parry,
                prompt=lambda ctx, step, seat: "Parry the strike?")


@FLOW.automatic("next_turn")
def next_turn(ctx: Ctx, step: Step) -> None:
    state = ctx.state
    state.stack.pop()
    if state.turn < TURNS:
        state.turn += 1
        state.active = 1 - state.active
        state.stack.append({"step": "strike"})


class Duel(RuleSystem):
    id = "test-duel"
    title = "Duel"
    summary = "A toy game for the session's window tests."
    min_seats = 2
    max_seats = 2
    state_type = DuelState
    hidden_information = True
    has_chance = True

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[DuelState, list[Event]]:
        rng = Rng.seeded(seed)
        hands = [["parry"] * rng.below(3) for _ in range(seats)]  # hidden: 0 to 2 parries
        state = DuelState(seats, rng, hands, stack=[{"step": "strike"}])
        return state, []

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[DuelState, list[Event]]:
        raise NotImplementedError

    def pending(self, state: DuelState) -> Decision | None:
        return FLOW.pending(Ctx(state, EventLog()), state.stack)

    def apply(self, state: DuelState, seat: int, choice: tuple[str, ...]) -> list[Event]:
        ctx = Ctx(state, EventLog())
        FLOW.answer(ctx, state.stack, seat, choice)
        FLOW.advance(ctx, state.stack)
        return ctx.log.events

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.stack:
            return None
        scores = tuple(state.strikes[s] - state.parried[1 - s] for s in range(2))
        best = max(scores)
        return Outcome(tuple(s for s in range(2) if scores[s] == best), scores, "the duel is over")

    def view(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        return {"strikes": list(state.strikes), "parried": list(state.parried), "turn": state.turn,
                "hand": list(state.hands[seat]) if seat is not None else None}

    def seat_count(self, state: DuelState) -> int:
        return state.seats

    def turn_number(self, state: DuelState) -> int:
        return state.turn


@pytest.fixture(autouse=True)
def duel_registered(monkeypatch):
    # The toy game has no heuristic player, table or terminal drawing: its AI seats play at random.
    registry.register(registry.Registration(Duel.id, rules="tests.test_session_windows:Duel"))
    yield
    registry.unregister(Duel.id)


def _seed_with_parries(wanted: list[int]) -> int:
    for seed in range(200):
        state, _ = Duel().new_state(seed, 2, {})
        if [len(h) for h in state.hands] == wanted:
            return seed
    raise AssertionError(wanted)


def _strike_all(session: Session, human: int) -> list[tuple[int, str]]:
    """Play the human seat (always strike); returns every question the human was shown."""
    shown = []
    while (decision := session.pending()) is not None:
        assert decision.seat == human, "only the human's questions stay pending"
        shown.append((decision.seat, decision.kind))
        session.choose(human, "strike" if decision.kind == "strike" else decision.option_ids[0])
    return shown


def _session(seed: int, strict: bool = False) -> Session:
    return Session.new("test-duel", [Seat("human", "Ann"), Seat("ai", "Bot", "random")], seed,
                       strict_windows=strict)


def test_forced_passes_and_ai_windows_are_answered_within_the_choice():
    for parries in ([0, 0], [0, 2]):
        session = _session(_seed_with_parries(parries))
        assert session.pending().kind == "strike"
        session.choose(0, "strike")
        # The AI's window (forced or real) was answered inside that call.
        pending = session.pending()
        assert pending is not None and pending.seat == 1 and pending.kind == "strike"


def test_what_the_human_is_shown_does_not_depend_on_the_hidden_hands():
    shown = {}
    for parries in ([0, 0], [0, 2]):
        session = _session(_seed_with_parries(parries))
        human_questions = []
        while (decision := session.pending()) is not None:
            if session.seats[decision.seat].is_ai:
                session.step_ai()
                continue
            human_questions.append(decision.kind)
            session.choose(0, "strike" if decision.kind == "strike" else "pass")
        shown[tuple(parries)] = human_questions
    # Ann holds no parry in either game: she is never asked about a window, whatever Bot holds.
    assert shown[(0, 0)] == shown[(0, 2)] and "parry_window" not in shown[(0, 0)]


def _always_strikes(view, decision):
    return ("strike",) if decision.kind == "strike" else ("pass",)


def test_a_human_with_a_real_answer_is_asked_and_strict_windows_ask_every_window():
    session = _session(_seed_with_parries([2, 0]))
    session.agents[1].choose = _always_strikes
    session.choose(0, "strike")
    while session.pending() is not None and session.pending().kind != "parry_window":
        decision = session.pending()
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            session.choose(0, "strike")
    decision = session.pending()
    assert decision is not None and decision.kind == "parry_window" and decision.option_ids == ("parry", "pass")

    strict = _session(_seed_with_parries([0, 0]), strict=True)
    strict.agents[1].choose = _always_strikes
    while (decision := strict.pending()) is not None and decision.kind != "parry_window":
        if strict.seats[decision.seat].is_ai:
            strict.step_ai()
        else:
            strict.choose(0, "strike")
    assert decision is not None and decision.forced_pass and decision.seat == 0  # asked by hand


def test_undo_is_offered_alike_after_a_forced_and_after_a_chosen_ai_pass():
    for parries in ([0, 0], [0, 2]):
        session = _session(_seed_with_parries(parries))
        # Make the AI pass when it could parry, so both games differ only in the hidden hand.
        session.agents[1].choose = lambda view, decision: ("pass",) if decision.window else ("rest",)
        session.choose(0, "strike")
        assert session.choices[-1].window_pass and session.choices[-1].seat == 1
        assert session.can_undo(0), parries
        session.undo(0)
        assert session.pending().kind == "strike" and session.pending().seat == 0
        assert len(session.choices) == 0


def test_replays_and_saves_give_the_same_game(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    session = _session(_seed_with_parries([1, 2]))
    while (decision := session.pending()) is not None:
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            session.choose(0, "strike" if decision.kind == "strike" else decision.option_ids[0])
    assert any(c.window_pass or c.option_ids == ("parry",) for c in session.choices)
    again = Session.replay("test-duel", session.seats, session.seed, {}, None,
                           [(c.seat, c.option_ids) for c in session.choices])
    assert again.game.state_hash() == session.game.state_hash()
    loaded = saves.load(saves.save(session, "duel"))
    assert loaded.game.state_hash() == session.game.state_hash() and loaded.strict_windows is False
