"""The repeat guard (game.ai.repeats): an AI seat whose answers undo each other is steered out
of the loop, in every driver of AI seats, and ordinary play is never steered."""

from __future__ import annotations

import time
from typing import Any, Mapping

import pytest

from game.ai import repeats
from game.ai.agents import HeuristicAgent
from game.core.decision import Decision
from game.core.errors import FiveRealmsError
from game.core.rng import Rng
from game.session import Seat, Session

BUCK = "buck-legacy"


class Fidget(HeuristicAgent):
    """Buck: Legacy's normal player, except that in the Preparation it always takes a card off
    or puts one on when it can: each answer undoes the one before, the loop that the weapon
    swap of session 22 made (the heuristic then judged each weapon with the other's bonus)."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> tuple[str, ...]:
        swaps = [o for o in decision.option_ids if o.startswith(("equip:", "unequip:"))]
        if decision.kind == "preparation" and swaps:
            return (swaps[0],)
        return super().choose(view, decision)


def _fidgeting_session(seed: int = 5) -> Session:
    session = Session.new(BUCK, [Seat("ai", "Ann", "normal"), Seat("ai", "Bram", "normal")], seed, {})
    session.agents[0] = Fidget(BUCK, Rng.seeded(seed, 7))
    return session


def test_a_seat_whose_answers_undo_each_other_is_steered_out_and_the_game_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Back in a position, the seat is steered to the Preparation's "end" (an ENDING answer)
    before anything else it has not tried there; the game ends."""
    steered_to: list[tuple[str, ...]] = []
    least_tried = repeats._least_tried

    def noting(*args: Any) -> tuple[str, ...]:
        answer = least_tried(*args)
        steered_to.append(answer)
        return answer

    monkeypatch.setattr(repeats, "_least_tried", noting)
    session = _fidgeting_session(seed=1)  # (a deal where "end" leads to the seat's next Preparation question:
    session.run_ai(max_choices=3_000)     # without "end" first, the guard wanders for over 6,000 choices)
    assert session.over
    assert session.repeat_guard.steered[0] > 0 and 1 not in session.repeat_guard.steered
    assert ("end",) in steered_to
    first_steer = next(a for a in steered_to if not a[0].startswith(("equip:", "unequip:")))
    assert first_steer == ("end",)  # the first time it is steered off its swaps, to the end


def test_without_the_guard_the_same_seat_never_gets_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(repeats, "WATCH_AFTER", 10**9)
    session = _fidgeting_session()
    with pytest.raises(FiveRealmsError, match="without the game ending"):
        session.run_ai(max_choices=3_000)
    assert not session.repeat_guard.steered


def test_the_steered_game_is_the_same_for_the_same_seed() -> None:
    first, second = _fidgeting_session(), _fidgeting_session()
    first.run_ai(max_choices=3_000)
    second.run_ai(max_choices=3_000)
    assert [(c.seat, c.option_ids) for c in first.choices] == [(c.seat, c.option_ids) for c in second.choices]
    assert first.game.state_hash() == second.game.state_hash()


@pytest.mark.parametrize("system_id, seats", [(BUCK, 3), ("fantasy-adventures", 2)])
def test_ordinary_play_is_watched_but_never_steered(system_id: str, seats: int) -> None:
    """Long turns of normal players come round to positions they saw (a fight round in which
    nothing happened) only with the dice moved on: the guard looks, and leaves them be."""
    watched = 0
    for seed in (1, 2):
        session = Session.new(system_id, [Seat("ai", f"P{i}", "normal") for i in range(seats)], seed, {})
        session.run_ai()
        assert session.over
        assert not session.repeat_guard.steered
        watched += session.repeat_guard.watched
    assert watched > 0


def test_the_windows_controller_steers_the_seat_too() -> None:
    from game.ui.controller import Controller

    session = _fidgeting_session()
    controller = Controller(session, 0.0, autosave=False)
    try:
        for _ in range(20_000):  # two frames a choice once each thought is done
            if session.over:
                break
            controller.update(busy=False)
            time.sleep(0.002)  # the AI thread's turn
        assert session.over
        assert session.repeat_guard.steered[0] > 0
    finally:
        controller.close()


def test_a_question_of_several_picks_is_answered_legally_when_steered() -> None:
    """The guard's other answers to a question of several picks are drawn within its counts."""
    session = Session.new("fantasy-heroes", [Seat("ai", "Ann", "normal"), Seat("ai", "Bram", "normal")], 3, {})
    guard = session.repeat_guard
    for _ in range(400):
        decision = session.pending()
        if decision is None or decision.max_choices > 1:
            break
        session.step_ai()
    decision = session.pending()
    assert decision is not None and decision.max_choices > 1, "a question of several picks comes up"
    picked = session.agents[decision.seat].choose(session.game.view_for(decision.seat), decision)
    answers = repeats._candidates(decision, tuple(picked), repeats.position_key(session.game), 1)
    assert len(answers) > 1
    for answer in answers:
        assert decision.min_choices <= len(answer) <= decision.max_choices
        assert set(answer) <= set(decision.option_ids)
        session.game.clone().choose(decision.seat, answer)  # legal: raises otherwise
    assert not guard.steered


def test_back_in_a_position_the_seat_keeps_an_answer_it_has_not_tried_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard steers only away from answers already tried more often than another; a seat
    that comes back and wants something new here gets it."""
    monkeypatch.setattr(repeats, "WATCH_AFTER", 0)
    session = _fidgeting_session()
    for _ in range(2_000):
        decision = session.pending()
        if decision.seat == 0 and decision.kind == "preparation" and len(decision.options) >= 3:
            break
        session.choose(*session.ai_choice())
    guard, game = repeats.RepeatGuard(), session.game
    first, second, third = [(o,) for o in decision.option_ids[:3]]
    assert guard.steer(game, decision, first) == first  # (the same position each time: nothing is played)
    steered = guard.steer(game, decision, first)
    assert steered != first and guard.steered == {decision.seat: 1}  # the same answer again: another, tried less
    fresh = third if steered == second else second
    assert guard.steer(game, decision, fresh) == fresh and guard.steered == {decision.seat: 1}  # untried here: kept
    assert session.game.pending() == decision


def test_the_tournament_steers_and_says_on_which_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import tournament

    made = tournament.make_agent

    def fidget_first(level: str, system_id: str, seed: int, seat: int):  # type: ignore[no-untyped-def]
        return Fidget(system_id, Rng.seeded(seed, 7)) if seat == 0 else made(level, system_id, seed, seat)

    monkeypatch.setattr(tournament, "make_agent", fidget_first)
    results = tournament.run_tournament(BUCK, ["normal", "random"], 1, 5)
    assert len(results.games) == 1 and (5, "normal") in [(seed, agent) for seed, agent, _ in results.steered]
    lines = tournament.describe(results)
    assert any(line.startswith("  seed 5: normal went round in circles") and "worth a look" in line for line in lines)
    # (the random seat may come round to a position too: its note says that chance does that)
    assert all("at random" in line for line in lines if line.startswith("  seed 5: random"))
    monkeypatch.setattr(tournament, "make_agent", made)
    plain = tournament.run_tournament(BUCK, ["normal", "random"], 1, 5)
    assert plain.steered == [] and not any("circles" in line for line in tournament.describe(plain))


def test_simulate_says_on_stderr_where_an_ai_went_round_in_circles(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from game import session as session_module
    from game.cli import main

    made = session_module.make_agent

    def fidget_first(level: str, system_id: str, seed: int, seat: int):  # type: ignore[no-untyped-def]
        return Fidget(system_id, Rng.seeded(seed, 7)) if seat == 0 else made(level, system_id, seed, seat)

    monkeypatch.setattr(session_module, "make_agent", fidget_first)
    assert main(["simulate", BUCK, "--agents", "normal,normal", "--games", "1", "--seed", "5", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"][0]["seed"] == 5  # the JSON as always
    assert "seed 5: seat 1" in out.err and "(normal) went round in circles" in out.err and "worth a look" in out.err
    monkeypatch.setattr(session_module, "make_agent", made)
    assert main(["simulate", BUCK, "--agents", "normal,normal", "--games", "1", "--seed", "5"]) == 0
    assert "circles" not in capsys.readouterr().err


@pytest.mark.parametrize("system_id", [BUCK, "champions-of-albion"])
def test_an_undo_puts_the_guard_back_so_the_same_choice_gets_the_same_answer(
        system_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window asks an AI seat for its answer as soon as it is to move (the guard counts
    that answer as given); the human may still take back the choice before it. Made again, the
    choice must get the same answer: the guard is put back as it was, not left thinking the
    seat has been here before (it would steer the seat to another answer, as it did before the
    undo put the guard back, when a long stretch without dice had it watching)."""
    monkeypatch.setattr(repeats, "WATCH_AFTER", 0)  # (a stretch long enough to be watched, from its start)
    session = Session.new(system_id, [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 1, {})
    for _ in range(100):
        session.run_ai()
        decision = session.pending()
        assert decision is not None and decision.seat == 0
        answer = (decision.option_ids[0],) if decision.min_choices <= 1 else decision.option_ids[:decision.min_choices]
        session.choose(0, answer)
        following = session.pending()
        if following is not None and following.seat == 1 and len(following.option_ids) > 1 and session.can_undo(0):
            break
    else:
        pytest.fail("no undoable human choice followed by an AI question with a choice to make")
    first = session.ai_choice()
    session.undo(0)
    session.choose(0, answer)
    assert session.ai_choice() == first
    assert not session.repeat_guard.steered
    session.choose(*first)  # and the game goes on from there
