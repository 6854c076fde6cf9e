"""The hard player's searches for the window run in a worker process (issue 15, item 3): the
worker answers as the search in this process would, the table's controller hands the search
over and keeps answering frames, and neither saving nor quitting waits for a search."""

from __future__ import annotations

import time

import pytest

from game.ai.agents import random_choice
from game.ai.hard import SearchAgent, SearchRequest, run_request
from game.ai.search import Budget
from game.ai.worker import SearchWorker
from game.core.game import Game
from game.core import registry
from game.session import Seat, Session
from game.ui.controller import Controller
from game.core.errors import FiveRealmsError
from game.core.rng import Rng

RNG = Rng.seeded(3, 3)  # the human seats' answers


def _searchable(game: Game):
    """Play first options until a seat has a real (non-window) question."""
    while (decision := game.pending()) is not None and (decision.window or len(decision.options) < 2):
        game.choose(decision.seat, decision.option_ids[:max(1, decision.min_choices)])
    return decision


def test_the_worker_answers_as_the_search_here_would():
    game = Game.new(registry.get("fantasy-heroes"), 8, 2)
    decision = _searchable(game)
    agent = SearchAgent("fantasy-heroes", __import__("game.core.rng", fromlist=["Rng"]).Rng.seeded(8, 1),
                        Budget(iterations=8))
    request = agent.request(game, decision)
    worker = SearchWorker(helpers=1)  # (an iteration budget is never shared with a helper)
    try:
        there = worker.search(request)
        again = worker.search(request)  # one process answers request after request
    finally:
        worker.stop()
    here = run_request(request)
    assert there.answer == again.answer == here.answer
    assert there.iterations == here.iterations > 0 and there.played == here.played >= here.iterations
    assert there.helped == again.helped == 0
    assert not worker.running


def test_a_helper_process_plays_rounds_of_a_search_with_a_budget_of_time():
    """In the window's second the worker's helper (another processor's process) plays rounds of
    the same search, counted in the answer's iterations; the answer is still a legal one; a
    helper that stops is done without; stopping the worker stops its helper too."""
    game = Game.new(registry.get("fantasy-heroes"), 8, 2)
    decision = _searchable(game)
    agent = SearchAgent("fantasy-heroes", Rng.seeded(8, 1), Budget(seconds=0.3))
    worker = SearchWorker(helpers=1)
    try:
        worker.start()
        helper = worker._helper_processes[0]
        results = [worker.search(agent.request(game, decision)) for _ in range(2)]
        helper.terminate()  # a helper that stops is left out, and the worker searches on alone
        helper.join(5)
        alone = worker.search(agent.request(game, decision))
    finally:
        worker.stop()
    for result in results:
        decision.validate(decision.seat, result.answer)
        assert 0 < result.helped < result.played and result.iterations <= result.played
    decision.validate(decision.seat, alone.answer)
    assert alone.helped == 0 < alone.played
    assert not worker.running and not helper.is_alive()


def test_the_controller_searches_in_the_worker_and_frames_go_on():
    """A hard seat to move: the controller hands its search to the worker and each update
    returns at once while it thinks (the table keeps drawing); the move arrives later."""
    session = Session.new("dungeon-delve", [Seat("ai", "Morgath", "hard"), Seat("human", "Ann")], 4)
    controller = Controller(session, 0.0, autosave=False)
    controller.search_seconds = 0.3
    try:
        for _ in range(400):  # to the first question of the hard seat with something to think over
            decision = session.pending()
            if not session.seats[decision.seat].is_ai:
                controller.choose(random_choice(decision, RNG))
                continue
            if len(decision.options) > 1 and not decision.window:
                break
            session.step_ai()
        else:
            raise AssertionError("the hard seat was never asked anything to think over")
        before = len(session.choices)
        controller.update(busy=False)
        assert controller.thinking_seat == decision.seat
        updates = 0
        deadline = time.monotonic() + 30
        while len(session.choices) == before and time.monotonic() < deadline:
            controller.update(busy=False)  # returns at once: the search is not on this thread
            updates += 1
            time.sleep(0.01)
        assert len(session.choices) > before, "the hard seat never moved"
        assert updates > 5  # frames went on while it thought
        assert session.choices[before].seat == decision.seat
        assert isinstance(session.agents[decision.seat], SearchAgent)
        assert session.agents[decision.seat].budget == Budget(seconds=0.3)
    finally:
        controller.close()
    assert controller._search_worker is None


def test_saving_or_quitting_does_not_wait_for_a_search():
    """``finish_ai_now`` (before a save or quitting) drops a search under way instead of
    waiting for it; the seat thinks again afterwards, and closing stops the worker at once."""
    session = Session.new("fantasy-heroes", [Seat("ai", "Ann", "hard"), Seat("human", "Bram")], 2)
    controller = Controller(session, 0.0, autosave=False)
    controller.search_seconds = 4.0
    try:
        for _ in range(400):
            decision = session.pending()
            if session.seats[decision.seat].is_ai and len(decision.options) > 1 and not decision.window:
                break
            if session.seats[decision.seat].is_ai:
                session.step_ai()
            else:
                controller.choose(random_choice(decision, RNG))
        before = len(session.choices)
        controller.update(busy=False)
        assert controller.thinking_seat is not None and controller._future is not None
        controller.finish_ai_now()
        assert controller._future is None and len(session.choices) == before
        started = time.monotonic()
    finally:
        controller.close()
    assert time.monotonic() - started < 3.0  # not the 4 s the search had (a generous margin)


def test_a_hard_seat_is_left_every_window_question_where_it_searches_windows():
    """Fantasy Heroes' battle windows are searched: the session leaves a hard seat's window
    questions, forced passes too, to whoever drives the seat (the window's controller gives
    each the same thinking time), where it answers a normal seat's at once."""
    def first_forced_pass(level: str):
        session = Session.new("fantasy-heroes", [Seat("ai", "Ann", level), Seat("human", "Bram")], 6)
        for _ in range(3000):
            decision = session.pending()
            if decision is None:
                break
            if decision.seat == 0 and decision.window and decision.forced_pass:
                return session, decision
            if session.seats[decision.seat].is_ai:
                if level == "hard":
                    session.agents[0].budget = Budget(iterations=2)
                session.step_ai()
            else:
                session.choose(decision.seat, random_choice(decision, RNG))
        return session, None

    session, decision = first_forced_pass("hard")
    assert decision is not None, "the hard seat was never left a forced pass"
    request = session.agents[0].request(session.game, decision)
    result = run_request(SearchRequest(request.system_id, request.snapshot, request.seat, request.seed,
                                       Budget(seconds=0.05)))
    assert result.answer == ("pass",) and result.iterations == 0
    _, normal_decision = first_forced_pass("normal")
    assert normal_decision is None  # a normal seat's forced passes never wait for anyone


def test_a_table_with_a_hard_seat_has_the_worker_load_the_game_as_it_opens():
    """``prepare_search`` (the table calls it as it opens) starts the worker and has it load the
    rule system and search a fresh deal of its own on the AI thread, so the first hard move
    thinks no longer than the others; a table without a hard seat starts nothing."""
    plain = Controller(Session.new("champions-of-albion", [Seat("ai", "Ann", "normal")], 3), 0.0, autosave=False)
    plain.prepare_search()
    assert plain._search_worker is None and plain._executor is None
    plain.close()
    session = Session.new("champions-of-albion", [Seat("ai", "Ann", "hard")], 3)
    controller = Controller(session, 0.0, autosave=False)
    try:
        controller.prepare_search()
        worker = controller._search_worker
        assert worker is not None
        controller._executor.submit(lambda: None).result(timeout=60)  # the warm-up, queued first, is done
        assert worker.running
        assert session.choices == []  # the table's game is untouched
        assert worker.warm_up("champions-of-albion") >= 0  # again: answered (its iterations, within its time)
        controller.prepare_search()  # once is enough
        assert controller._search_worker is worker
    finally:
        controller.close()
    assert not worker.running


def test_a_warm_up_that_fails_says_so():
    worker = SearchWorker(helpers=0)
    try:
        with pytest.raises(FiveRealmsError, match="search failed"):
            worker.warm_up("no-such-game")
        assert worker.warm_up("fantasy-heroes") >= 0  # the worker goes on
    finally:
        worker.stop()


def test_the_warm_up_plays_to_a_question_and_searches_it(monkeypatch):
    """What the worker does to warm up (in this process, with time enough whatever the load):
    a fresh deal of the game's own, played on by its heuristic to a question worth searching,
    searched a few iterations."""
    from game.ai import worker as worker_module

    monkeypatch.setattr(worker_module, "WARM_UP_SECONDS", 60.0)
    for system_id in ("champions-of-albion", "dungeon-delve"):
        assert worker_module.warm_up(system_id) >= worker_module.WARM_UP_ITERATIONS
