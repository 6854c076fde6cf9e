"""The hard player (issue 15): it decides from its seat's knowledge alone, the same way for the
same knowledge, seed and budget; it answers every question legally; the tournament counts."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from game.ai.agents import agent_choice, make_agent
from game.ai.hard import SearchAgent, settings_for
from game.ai.search import Budget
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.game import Game
from game.core.rng import Rng
from game.tournament import run_tournament, wilson
from tests.test_conformance import random_choice

BUDGET = Budget(iterations=6)


def _search_positions(system_id: str, seed: int, wanted: int, limit: int = 600):
    """Positions of a random game where a seat has a real question (not a window's, nor one the
    game leaves to the heuristic) to search."""
    system = registry.get(system_id)
    unsearched = settings_for(system_id).heuristic_questions
    game = Game.new(system, seed, system.min_seats, system.playout_options)
    rng = Rng.seeded(seed, 5)
    found = 0
    for step in range(limit):
        decision = game.pending()
        if decision is None or found >= wanted:
            return
        if not decision.window and decision.kind not in unsearched and len(decision.options) > 1 and step % 7 == 3:
            found += 1
            yield game
        game.choose(decision.seat, random_choice(decision, rng))


def _hard(system_id: str, seed: int) -> SearchAgent:
    agent = make_agent("hard", system_id, seed, 0)
    assert isinstance(agent, SearchAgent)
    agent.budget = BUDGET
    return agent


@pytest.mark.parametrize("system_id", registry.ids())
def test_the_hard_player_cannot_tell_apart_what_its_seat_cannot(system_id):
    """No cheating: two games the seat cannot tell apart (equal ``info_key``: the other hands
    and the deck dealt otherwise, other dice to come) give the same answer for the same seed
    and iteration budget, and the same visits at the root."""
    checked = 0
    for game in _search_positions(system_id, 11, 3):
        decision = game.pending()
        seat = decision.seat
        one, other = game.determinize(seat, 101), game.determinize(seat, 202)
        assert one.info_key(seat) == other.info_key(seat) == game.info_key(seat)
        answers = []
        for sample in (one, other):
            agent = _hard(system_id, 5)
            answer = agent_choice(agent, sample, sample.pending())
            answers.append((answer, agent.last.visits))
        assert answers[0] == answers[1]
        checked += 1
    assert checked == 3


@pytest.mark.parametrize("system_id", registry.ids())
def test_the_hard_player_answers_legally_and_replays_alike(system_id):
    """Its answers are legal (the game accepts them) and a seed gives the same answers again."""
    def play(seed: int) -> list[tuple[str, ...]]:
        system = registry.get(system_id)
        game = Game.new(system, seed, system.min_seats, system.playout_options)
        agent = _hard(system_id, seed)
        other = make_agent("random", system_id, seed, 1)
        answers = []
        for _ in range(40):
            decision = game.pending()
            if decision is None:
                break
            picked = agent_choice(agent if decision.seat == 0 else other, game, decision)
            game.choose(decision.seat, picked)  # an illegal answer would raise here
            if decision.seat == 0:
                answers.append(picked)
        return answers

    assert play(3) == play(3)


def test_a_budget_is_iterations_or_seconds():
    assert Budget.parse("200") == Budget(iterations=200)
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("0.25s") == Budget(seconds=0.25)
    for bad in ("", "0", "-3", "fast", "0s"):
        with pytest.raises(ValueError, match="search budget"):
            Budget.parse(bad)


def test_a_time_budget_stops_the_search_in_time():
    """With a time budget the search stops once the time is spent: with a clock that moves a
    tenth of a second per reading and a budget of 1.5 s, within 15 readings; only whole rounds
    count (a round tries every answer compared at the root once, on one deal), and every answer
    compared was tried."""
    from game.ai.search import Search
    from game.ai.agents import heuristic_for

    game = next(_search_positions("fantasy-heroes", 4, 1))
    decision = game.pending()
    root = game.determinize(decision.seat, 1)
    readings = []

    def clock() -> float:
        readings.append(0.1 * len(readings))
        return readings[-1]

    result = Search(root, decision.seat, heuristic_for("fantasy-heroes"), Rng.seeded(1, 1)).run(
        Budget(seconds=1.5), clock=clock)
    assert len(readings) <= 18  # the readings of the rounds, then the result's own
    assert 0 < result.iterations <= 16
    assert min(result.visits.values()) >= 1 and sum(result.visits.values()) == result.iterations
    assert result.iterations <= result.played <= result.iterations + len(result.visits)  # a cut round's too


def test_a_search_whose_iterations_are_slow_stops_on_time_with_the_heuristics_answer():
    """Where one round of every answer takes longer than the screening's part of the time (an
    iteration here costs a quarter of the 1 s budget, ten answers compared), the search stops
    within one iteration of its time, not a round later, and gives the heuristic's answer: no
    round was whole, so nothing may be trusted over it."""
    from game.ai.search import Search
    from game.ai.agents import heuristic_for

    game = next(g for g in _search_positions("dungeon-delve", 2, 40) if len(g.pending().options) >= 6)
    decision = game.pending()
    root = game.determinize(decision.seat, 1)
    search = Search(root, decision.seat, heuristic_for("dungeon-delve"), Rng.seeded(1, 1))
    now = [0.0]
    iterate = search.iterate

    def slow_iterate(seed, answer):
        now[0] += 0.25
        return iterate(seed, answer)

    search.iterate = slow_iterate  # type: ignore[method-assign]
    result = search.run(Budget(seconds=1.0), clock=lambda: now[0])
    favourite = Search(root, decision.seat, heuristic_for("dungeon-delve"), Rng.seeded(1, 1)).policy(root, decision)
    assert now[0] <= 1.25
    assert result.iterations == 0 and result.answer == favourite
    assert result.played == 4  # the work done is counted all the same (bench --hard's iterations/s)


def test_wilson_interval():
    low, high = wilson(13, 20)
    assert 0.43 < low < 0.44 and 0.81 < high < 0.82  # 65%: (0.433, 0.819)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] > 0.69  # (0.722, 1)


def test_a_tournament_rotates_the_seats_and_counts_each_role():
    results = run_tournament("dungeon-delve", ["random", "normal"], 4, 1, budget=None)
    summary = results.summary()
    assert summary["games_played"] == 4
    assert [g["agents"] for g in results.games] == [["random", "normal"], ["normal", "random"]] * 2
    assert [g["seed"] for g in results.games] == [1, 1, 2, 2]  # each deal with every seating
    for agent in ("random", "normal"):
        assert summary["win_rate"][agent]["played"] == 4
        roles = summary["win_rate_by_role"][agent]
        assert sorted(roles) == ["Heroes", "Overlord"]
        assert all(r["played"] == 2 for r in roles.values())
    won = sum(summary["win_rate"][a]["won"] for a in ("random", "normal"))
    assert won == sum(len(g["winners"]) for g in results.games)


def test_games_played_in_worker_processes_count_exactly_as_one_at_a_time():
    """``--jobs``: every game has its own seed and agents, so the same games come back, in order."""
    args = ("fantasy-heroes", ["hard", "random"], 4, 3)
    alone = run_tournament(*args, budget=Budget(iterations=2))
    reported: list[int] = []
    together = run_tournament(*args, budget=Budget(iterations=2), jobs=2, report=lambda i, _: reported.append(i))
    assert together.games == alone.games and reported == [0, 1, 2, 3]
    summary, again = alone.summary(), together.summary()
    assert summary["win_rate"] == again["win_rate"] and summary["win_rate_by_role"] == again["win_rate_by_role"]
    assert again["decision_time"]["hard"]["decisions"] == summary["decision_time"]["hard"]["decisions"] > 0
    with pytest.raises(FiveRealmsError, match="--jobs must be 1 or more"):
        run_tournament(*args, jobs=0)


def test_a_tournament_cut_off_goes_on_from_its_record_file_to_the_same_results(tmp_path):
    """``--record``: each game is written as it ends; started again with the file, only the
    games not in it are played (a line cut off as it was written is played again), and the
    results are those of the tournament played at one go. Other settings are refused."""
    args = ("fantasy-heroes", ["normal", "random"], 6, 3)
    whole = run_tournament(*args)
    record = tmp_path / "row.jsonl"
    run_tournament("fantasy-heroes", ["normal", "random"], 3, 3, record_file=record)
    lines = record.read_text().splitlines()
    assert len(lines) == 3
    record.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40])  # the third game cut off mid-line
    played: list[int] = []
    import game.tournament as tournament

    real = tournament._played
    try:
        tournament._played = lambda *a: played.append(a[2]) or real(*a)  # type: ignore[assignment]
        again = run_tournament(*args, record_file=record)
    finally:
        tournament._played = real
    assert played == [4, 4, 5, 5]  # the cut-off game (seed 4) and the three not yet played
    assert again.games == whole.games and again.summary()["win_rate"] == whole.summary()["win_rate"]
    assert again.summary()["decision_time"]["normal"]["decisions"] == whole.summary()["decision_time"]["normal"]["decisions"]
    assert len(record.read_text().splitlines()) == 7  # the cut-off line stays, each game after on its own
    with pytest.raises(FiveRealmsError, match="another file"):
        run_tournament(*args, budget=Budget(iterations=3), record_file=record)


def test_a_recorded_game_counts_as_played_its_steered_answers_too(tmp_path):
    """A game read from a record file counts as it did when played: its wins, roles, decision
    times and the answers the repeat guard changed (whose seats JSON keeps as text)."""
    record = tmp_path / "row.jsonl"
    game = {"returns": [0.0, 1.0], "turns": 9, "times": [[0.5], [0.25, 0.25]], "steered": {"1": 2},
            "roles": ["Seat 1", "Seat 2"]}
    record.write_text(json.dumps({"ruleset": "fantasy-heroes", "budget": None, "options": {}, "seed": 3,
                                  "agents": ["normal", "random"], "game": game}) + "\n")
    results = run_tournament("fantasy-heroes", ["normal", "random"], 1, 3, record_file=record)
    assert results.games == [{"seed": 3, "agents": ["normal", "random"], "winners": [1], "turns": 9,
                              "roles": ["Seat 1", "Seat 2"]}]
    assert results.steered == [(3, "random", 2)]
    summary = results.summary()
    assert summary["win_rate"]["random"]["won"] == 1 and summary["decision_time"]["random"]["decisions"] == 2


def test_a_game_with_a_hard_seat_saves_and_loads_with_its_level(tmp_path, monkeypatch):
    """A hard seat is saved as one and comes back as a searching player, its generator where it
    was, so the loaded game goes on as the original would have (an iteration budget)."""
    from game import saves
    from game.session import Seat, Session

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    session = Session.new("buck-legacy", [Seat("ai", "Ann", "hard"), Seat("ai", "Bram", "normal")], 5)
    session.agents[0].budget = BUDGET
    for _ in range(30):
        session.step_ai()
    loaded = saves.load(saves.save(session, "hard-seat"))
    assert loaded.seats[0].level == "hard" and isinstance(loaded.agents[0], SearchAgent)
    loaded.agents[0].budget = BUDGET
    for _ in range(30):
        session.step_ai()
        loaded.step_ai()
    assert loaded.game.state_hash() == session.game.state_hash()


def test_a_hard_seats_memory_of_the_turn_is_saved_with_the_game(tmp_path, monkeypatch):
    """The positions the hard seat was searched from this turn (the search avoids answers that
    lead back to one) are saved, and both ways of loading give them back: the next search
    from the loaded game is asked exactly as the unbroken game's is."""
    from game import saves
    from game.session import Seat, Session

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    session = Session.new("buck-legacy", [Seat("ai", "Ann", "hard"), Seat("ai", "Bram", "normal")], 5)
    hard = session.agents[0]
    hard.budget = BUDGET
    while len(hard.turn_positions.get(0, (0, {}))[1]) < 2:  # mid-turn, searched from twice or more
        session.step_ai()
    path = saves.save(session, "mid-turn")
    loaded = saves.load(path)
    opened = saves.open_data(json.loads(path.read_text())).session
    for other in (loaded, opened):
        assert other.agents[0].turn_positions == hard.turn_positions
        other.agents[0].budget = BUDGET
    while not hard.searches(decision := session.pending()) or decision.seat != 0:
        for each in (session, loaded, opened):
            each.step_ai()
    asked = [each.agents[0].request(each.game, decision) for each in (session, loaded, opened)]
    assert asked[0].been and asked[1] == asked[0] == asked[2]


def _undoable_choice_after_which(changes: Callable[[Any], Any]) -> tuple[Any, Any, tuple[str, ...], int]:
    """A human (seat 0) against a hard seat (4 iterations) in Fantasy Heroes, played at random up
    to a human choice after which ``changes(session)`` differs from before it (the hard seat
    answered what came next) and that can still be undone. Returns the session, what
    ``changes`` gave before the choice, the choice, and how many choices stood before it."""
    import copy

    from game.ai.agents import random_choice
    from game.session import Seat, Session

    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "hard")], 1)
    session.agents[1].budget = Budget(iterations=4)
    rng = Rng.seeded(1, 3)
    for _ in range(100):
        session.run_ai()
        decision = session.pending()
        before = copy.deepcopy(changes(session))
        choice = random_choice(decision, rng)
        made = len(session.choices)
        session.choose(decision.seat, choice)
        session.run_ai()
        if changes(session) != before and session.can_undo(0):
            return session, before, choice, made
    pytest.fail("no undoable choice after which the hard seat's searches changed that")


def test_undo_gives_the_hard_seat_back_its_memory_of_the_turn_as_it_was():
    """The positions a human's undo takes back are no longer ones the hard seat has been in:
    it remembers the turn as it did before the choice taken back (else, in the same position
    again, it could not give the answer it gave then)."""
    session, before, _, _ = _undoable_choice_after_which(lambda s: s.agents[1].turn_positions)
    session.undo(0)
    assert session.agents[1].turn_positions == before


def test_undo_puts_back_the_ai_seats_generator_so_the_same_choice_gets_the_same_answers():
    """What an AI seat drew after a human's choice (here the hard seat's searches of the battle
    windows it answered with a pass, which undo takes back with the choice) is drawn again
    after an undo: the same choice again gets the same answers, so undoing cannot be used to
    fish for other ones."""
    session, drawn_before, choice, made = _undoable_choice_after_which(lambda s: s.agent_states())
    answers = [(c.seat, c.option_ids) for c in session.choices[made:]]
    session.undo(0)
    assert session.agent_states() == drawn_before
    session.choose(0, choice)
    session.run_ai()
    assert [(c.seat, c.option_ids) for c in session.choices[made:]] == answers


def test_a_role_restricted_hard_player_searches_only_its_roles_questions():
    """``hard:monster`` in Fantasy Adventures searches the monster player's questions and
    answers a hero player's with the heuristic, as ``normal`` would (the tournament measures
    the search in each role apart)."""
    system = registry.get("fantasy-adventures")
    game = Game.new(system, 2, 2, system.playout_options)
    monster = make_agent("hard:monster", "fantasy-adventures", 2, 0)
    normal = make_agent("normal", "fantasy-adventures", 2, 0)
    assert monster.level == "hard:monster"
    monster.budget = BUDGET
    seen = {"monster": 0, "hero": 0}
    rng = Rng.seeded(2, 9)
    for _ in range(400):
        decision = game.pending()
        if decision is None or min(seen.values()) >= 3:
            break
        if decision.seat == 0 and not decision.window and len(decision.options) > 1:
            role = system.decision_role(game.view_for(0), decision)
            monster.last = None
            monster.rng = Rng.seeded(5, 5)
            picked = agent_choice(monster, game, decision)
            assert (monster.last is not None) == (role == "monster")
            if role == "hero":
                normal.rng = Rng.seeded(5, 5)
                assert picked == tuple(normal.choose(game.view_for(0), decision))
            seen[role] += 1
            game.choose(0, picked)
        else:
            game.choose(decision.seat, random_choice(decision, rng))
    assert min(seen.values()) >= 3


def _buck_legacy_questions_put_to_hard(seed: int, kinds: tuple[str, ...]) -> dict[str, tuple]:
    """A Buck: Legacy game of normal players in which the first question of each of ``kinds``
    that has a choice is also put to a hard player: per kind, the asked seat's view, the
    question, the hard player's answer and whether it searched."""
    system_id = "buck-legacy"
    system = registry.get(system_id)
    game = Game.new(system, seed, 2, system.playout_options)
    normal = make_agent("normal", system_id, seed, 0)
    found: dict[str, tuple] = {}
    for _ in range(3000):
        decision = game.pending()
        if decision is None or len(found) == len(kinds):
            break
        if decision.kind in kinds and len(decision.options) > 1 and decision.kind not in found:
            hard = _hard(system_id, seed)
            hard.rng = Rng.seeded(7, 7)
            picked = agent_choice(hard, game, decision)
            found[decision.kind] = (game.view_for(decision.seat), decision, picked, hard.last is not None)
        game.choose(decision.seat, agent_choice(normal, game, decision) if not decision.forced_pass else ("pass",))
    assert set(found) == set(kinds)
    return found


def test_a_question_the_game_leaves_to_the_heuristic_is_answered_as_normal_would_unsearched():
    """Buck: Legacy leaves the Parry (keep it or accept the loss) to the heuristic
    (``heuristic_questions``): the hard player answers it as normal does without a search, and
    still searches its other questions (a Market's)."""
    assert "parry_choice" in SearchAgent("buck-legacy", Rng.seeded(1)).settings.heuristic_questions
    found = _buck_legacy_questions_put_to_hard(1, ("parry_choice", "market"))
    view, decision, picked, searched = found["parry_choice"]
    normal = make_agent("normal", "buck-legacy", 1, 0)
    normal.rng = Rng.seeded(7, 7)  # type: ignore[attr-defined]
    assert not searched and picked == tuple(normal.choose(view, decision))
    assert found["market"][3]


def test_buck_legacys_hard_player_keeps_its_tactics_plans_for_the_zone_unsearched():
    """Buck: Legacy leaves the draft, the Zone and "Our Weapons Are Useless!" to the hard
    player's tactics (``heuristic_questions``): a plan for the Medal race whose worth shows only
    Adventures later. The hard Dealer answers the Zone as its tactics do (ai.choose_hard: by the
    Medal lead), without a search, and still searches the Market."""
    from game.rulesets.buck_legacy import ai as bl_ai

    assert {"create", "zone", "useless"} <= set(SearchAgent("buck-legacy", Rng.seeded(1)).settings.heuristic_questions)
    found = _buck_legacy_questions_put_to_hard(2, ("zone", "market"))
    view, decision, picked, searched = found["zone"]
    assert not searched and picked == tuple(bl_ai.choose_hard(view, decision, Rng.seeded(7)))
    assert found["market"][3]


def _rigged_search(gains: list[float], seed: int, **settings):
    """A search whose root compares ``len(gains)`` answers (the heuristic's first) and whose
    iterations score answer k at ``gains[k]`` plus the deal's luck (shared by the round's
    answers: common random numbers) plus a little noise of the answer's own."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, SearchSettings

    game = next(_search_positions("fantasy-heroes", 4, 1))
    decision = game.pending()
    search = Search(game.determinize(decision.seat, 1), decision.seat, heuristic_for("fantasy-heroes"),
                    Rng.seeded(seed, 3), SearchSettings(**{"undo_check": 0, **settings}))  # its answers are not played
    answers = [(f"answer-{k}",) for k in range(len(gains))]
    noise = Rng.seeded(seed, 9)
    search.policy = lambda game, decision: answers[0]  # type: ignore[method-assign]
    search.root_answers = lambda decision, favourite: list(answers)  # type: ignore[method-assign]

    def iterate(deal: int, answer: tuple[str, ...]) -> tuple[float, ...]:
        luck = (deal % 1000) / 1000 * 0.6
        score = 0.2 + luck + gains[answers.index(answer)] + noise.below(1000) / 1000 * 0.1
        return tuple(score if seat == search.seat else 1 - score for seat in range(2))

    search.iterate = iterate  # type: ignore[method-assign]
    return search, answers


def test_the_root_screens_many_answers_then_trusts_a_finalist_only_on_fresh_rounds():
    """With eight answers, a third of the budget screens them all and the two that did best go on
    against the heuristic's answer on fresh rounds: one answer truly better (by 0.08 a round)
    is found, and it and the other finalist are tried more often than the screened-out ones;
    when no answer is better, the heuristic's is kept all but rarely (false_switch 0.1)."""
    found = 0
    for seed in range(10):
        search, answers = _rigged_search([0.0] * 5 + [0.08] + [0.0] * 2, seed)
        result = search.run(Budget(iterations=120))
        found += result.answer == answers[5]
        finalists = sorted(result.visits, key=lambda a: -result.visits[a])[:3]
        assert answers[0] in finalists and sum(result.visits.values()) == result.iterations <= 120
        assert len({result.visits[a] for a in finalists}) == 1 and result.visits[finalists[0]] > min(
            result.visits.values())
    assert found >= 8
    switched = 0
    for seed in range(40):
        search, answers = _rigged_search([0.0] * 8, seed)
        switched += search.run(Budget(iterations=120)).answer != answers[0]
    assert switched <= 6  # about 4 expected at a 10% family-wise rate


def test_without_a_screening_every_answer_is_compared_for_the_whole_budget():
    """``screening`` 0 (Fantasy Heroes' few answers): every answer is tried in every round, and
    the better one is still found."""
    search, answers = _rigged_search([0.0] * 5 + [0.08] + [0.0] * 2, 1, screening=0.0)
    result = search.run(Budget(iterations=120))
    assert set(result.visits.values()) == {15} and result.answer == answers[5]


def test_the_tree_grows_below_a_root_answer_only_after_enough_visits():
    """``expand_after``: with 0 the question after a root answer becomes a node of the tree at its
    first visit (its answers are then tried one by one); with more visits needed than the budget
    gives, no node grows below the root and the policy plays every question after the answer;
    in between, only the answers visited that often have grown one."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, SearchSettings

    game = next(_search_positions("fantasy-heroes", 4, 1))
    decision = game.pending()

    def grown(expand_after: int) -> dict[int, int]:
        """Per root answer's visits: how many of those answers have nodes below them."""
        search = Search(game.determinize(decision.seat, 1), decision.seat, heuristic_for("fantasy-heroes"),
                        Rng.seeded(2, 3), SearchSettings(expand_after=expand_after, screening=0.0))
        search.run(Budget(iterations=40))
        counts: dict[int, int] = {}
        for child in search.tree.children.values():
            counts[child.visits] = counts.get(child.visits, 0) + bool(child.children)
        return counts

    at_once, never = grown(0), grown(1000)
    assert sum(at_once.values()) > 0 and sum(never.values()) == 0
    visits = max(at_once)
    assert sum(grown(visits - 1).values()) > 0 and sum(grown(visits + 1).values()) == 0


def test_a_rollout_counted_in_turns_stops_where_the_next_turn_begins_whatever_the_answer():
    """``rollout_turns`` 1 (Dungeon Delve): every root answer's rollout plays on to the start of
    the next round, however many questions the answer asked, so the answers are scored at the
    same point of the game; counted in questions (3 here), a rollout stops inside the round."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, SearchSettings

    checked = 0
    for game in _search_positions("dungeon-delve", 2, 6):
        decision = game.pending()
        root = game.determinize(decision.seat, 1)
        by_turns = Search(root, decision.seat, heuristic_for("dungeon-delve"), Rng.seeded(1, 3),
                          SearchSettings(rollout_turns=1, rollout_choices=500))
        by_questions = Search(root, decision.seat, heuristic_for("dungeon-delve"), Rng.seeded(1, 3),
                              SearchSettings(rollout_choices=3))
        for option_id in decision.option_ids[:3]:
            played = root.clone()
            played.choose(decision.seat, (option_id,))
            if played.turn > root.turn or played.pending() is None:
                continue  # the answer itself ended the round: nothing left to roll out
            short = played.clone()
            by_turns.rollout(played)
            # the next round has begun (or the game ended in this one), and no more
            assert played.turn == root.turn + 1 or (played.pending() is None and played.turn == root.turn)
            by_questions.rollout(short)
            checked += short.turn == root.turn
    assert checked >= 3


def test_a_rollout_to_the_seats_own_question_lets_every_other_seat_answer_first():
    """``rollout_to_own_question``: once the next round has begun, the rollout plays on to the
    searching seat's own next question (not a window's), so the Overlord, who acts last in a
    round, sees the heroes strike back; without it his rollout ends as the round begins, at a
    question of the heroes."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, SearchSettings
    from game.rulesets.dungeon_delve.state import OVERLORD

    ended_at = {True: set(), False: set()}
    for seed in (2, 3, 4):
        for game in _search_positions("dungeon-delve", seed, 12, limit=900):
            decision = game.pending()
            if decision.seat != OVERLORD:
                continue
            root = game.determinize(decision.seat, 1)
            for own in (True, False):
                search = Search(root, decision.seat, heuristic_for("dungeon-delve"), Rng.seeded(1, 3),
                                SearchSettings(rollout_turns=1, rollout_choices=2000, rollout_to_own_question=own))
                played = root.clone()
                search.rollout(played)
                end = played.pending()
                if end is None:
                    continue  # the game ended first: scored by its returns either way
                assert played.turn == root.turn + 1
                ended_at[own].add((end.seat, end.window))
    assert ended_at[True] == {(OVERLORD, False)}
    assert ended_at[False] and all(seat != OVERLORD for seat, _ in ended_at[False])


def test_an_answer_the_heuristic_undoes_at_once_is_not_compared():
    """``undo_check``: in Buck: Legacy's Preparation, putting on the Leather Cap in place of the
    Great Barbute is taken back by the heuristic's next answer, and so is starting to give a card
    away; such an answer only moves where its rollout stops, so the root does not compare it
    (a hard seat once swapped its helmets dozens of times in one Preparation). Taking the
    weapon off is not undone, and is compared."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, SearchSettings
    from tests.buck_legacy.helpers import adventurer, pending, position

    game = position([adventurer("A", gold=30, backpack=["leather_cap"],
                                slots={"weapon": "studded_cudgel", "headgear": "great_barbute"}),
                     adventurer("B", stunned=True, gold=50), adventurer("C", gold=10)],
                    start="exploration", zone="ebony_bloody_rose",
                    dungeon_top=["collapsing_flagstones", "giant_bog_leech"], dice=["plain:6"])
    decision = pending(game, "preparation")
    assert {"equip:leather_cap", "give:leather_cap", "unequip:weapon", "end"} <= set(decision.option_ids)
    search = Search(game.determinize(0, 1), 0, heuristic_for("buck-legacy"), Rng.seeded(1, 3))
    assert search.undone(("equip:leather_cap",)) and search.undone(("give:leather_cap",))
    assert not search.undone(("unequip:weapon",)) and not search.undone(("end",))
    result = search.run(Budget(iterations=60))
    assert set(result.visits) == {("end",), ("unequip:weapon",)}
    unchecked = Search(game.determinize(0, 1), 0, heuristic_for("buck-legacy"), Rng.seeded(1, 3),
                       SearchSettings(undo_check=0)).run(Budget(iterations=60))
    assert ("equip:leather_cap",) in unchecked.visits


class _FakeHelpers:
    """Helpers (game.ai.search.Helpers) whose rounds find ``better`` ahead of the rest by 0.08."""

    def __init__(self, better: tuple[str, ...]) -> None:
        self.better, self.phases = better, []

    def start(self, answers, seconds, first_round_within):
        self.phases.append((list(answers), seconds))

    def collect(self):
        answers = self.phases[-1][0]
        rounds = [[0.3 + k % 7 / 20 + (0.08 if a == self.better else 0.0) for a in answers] for k in range(60)]
        return rounds, 60 * len(answers)


def test_helpers_rounds_are_compared_with_the_searchs_own_on_a_budget_of_time_alone():
    """Rounds played by helpers in other processes (the window's second on several processors)
    count as the search's own: the search's own rounds find no answer better, the helpers'
    find one, and it is chosen, through the screening and the finalists both. An iteration
    budget is never shared (it must give the same answer wherever it runs)."""
    search, answers = _rigged_search([0.0] * 8, 2)
    helpers = search.helpers = _FakeHelpers(answers[5])
    ticks = iter(range(10**6))
    result = search.run(Budget(seconds=0.2), clock=lambda: next(ticks) / 1000)  # (a clock of its own: 1 ms a look)
    assert [len(phase[0]) for phase in helpers.phases] == [8, 3] and answers[5] in helpers.phases[1][0]
    assert all(0 < seconds <= 0.2 for _, seconds in helpers.phases)
    assert result.answer == answers[5]
    assert result.helped == 60 * 8 + 60 * 3 and result.iterations > result.helped  # (its own rounds too)
    assert result.visits[answers[5]] > 120  # the helpers' rounds and its own

    search, answers = _rigged_search([0.0] * 8, 2)
    helpers = search.helpers = _FakeHelpers(answers[5])
    result = search.run(Budget(iterations=120))
    assert helpers.phases == [] and result.helped == 0 and result.iterations <= 120


def _a_way_back(system_id: str, seed: int, limit: int = 400):
    """In a game of normal players: a position ``before`` of a seat's own question, the position
    ``after`` one of its answers there, with the seat asked again, and an answer at
    ``after`` that leads straight back to ``before`` (not the heuristic's answer there, nor
    one the heuristic's next answers would undo)."""
    from game.ai.agents import heuristic_for
    from game.ai.search import Search, seat_position

    system = registry.get(system_id)
    game = Game.new(system, seed, 2, system.playout_options)
    agents = [make_agent("normal", system_id, seed, s) for s in range(2)]
    for _ in range(limit):
        decision = game.pending()
        if decision is None:
            break
        if not decision.window and decision.min_choices == decision.max_choices == 1:
            for first in decision.option_ids:
                after = game.clone()
                after.choose(decision.seat, (first,))
                asked = after.pending()
                if asked is None or asked.seat != decision.seat or asked.window or asked.max_choices != 1:
                    continue
                search = Search(after.determinize(asked.seat, 1), asked.seat, heuristic_for(system_id),
                                Rng.seeded(1, 3))
                for back in asked.option_ids:
                    again = after.clone()
                    again.choose(asked.seat, (back,))
                    if (back != "back" and again.pending() is not None
                            and seat_position(again, asked.seat) == seat_position(game, asked.seat)
                            and search.policy(search.root, asked) != (back,) and not search.undone((back,))):
                        return game, after, (back,)
        game.choose(decision.seat, agent_choice(agents[decision.seat], game, decision))
    raise AssertionError("no way back found")


def test_an_answer_back_to_a_position_of_the_same_turn_is_not_compared():
    """``undo_check`` with ``been``: a row of switches, each "better" than the heuristic's answer
    on its own, can come round (a hard Buck: Legacy seat at 300 iterations swapped its weapon,
    swapped it back, put on a harness, then a shield, and again, in one Boss Preparation). An
    answer that leads straight back to a position the seat was asked at earlier in the turn is
    not compared; without that memory it is. The hard player keeps those positions per seat for
    the turn and sends them with each search; a new turn starts afresh."""
    from dataclasses import replace

    from game.ai.agents import heuristic_for
    from game.ai.hard import settings_for
    from game.ai.search import Search, seat_position
    from game.ai.worker import _request_data, _request_from

    before, after, back = _a_way_back("buck-legacy", 1)
    seat = after.pending().seat
    every_answer = replace(settings_for("buck-legacy"), root_answers=len(after.pending().options))
    search = lambda been: Search(after.determinize(seat, 1), seat, heuristic_for("buck-legacy"),  # noqa: E731
                                 Rng.seeded(1, 3), every_answer, been=been)
    assert not search(()).undone(back)
    assert search([seat_position(before, seat)]).undone(back)
    assert back in search(()).run(Budget(iterations=60)).visits
    assert back not in search([seat_position(before, seat)]).run(Budget(iterations=60)).visits

    agent = _hard("buck-legacy", 5)
    assert agent.request(before, before.pending()).been == ()
    request = agent.request(after, after.pending())
    assert request.been == (seat_position(before, seat),)
    assert _request_from(json.loads(json.dumps(_request_data(request)))) == request  # as the worker gets it
    later = after.clone()
    while later.turn == after.turn:
        decision = later.pending()
        later.choose(decision.seat, agent_choice(make_agent("normal", "buck-legacy", 1, decision.seat), later, decision))
    while later.pending().seat != seat or later.pending().window:
        decision = later.pending()
        later.choose(decision.seat, agent_choice(make_agent("normal", "buck-legacy", 1, decision.seat), later, decision))
    assert agent.request(later, later.pending()).been == ()


def _warden_to_move() -> Game:
    """The Warden's activation, both heroes four squares off: the normal overlord steps up
    and strikes, the hard player's own overlord walks away (tests/dungeon_delve/test_ai.py)."""
    system = registry.get("dungeon-delve")
    return Game.from_scenario(system, {
        "scenario": {"players": 2, "turn": "bone_warden", "round": 6, "open_doors": ["vault_door"]},
        "hero": [{"id": "sister_elowen", "square": [13, 4]}, {"id": "brakka_stonehide", "square": [12, 5]}],
        "monster": [{"kind": "bone_warden", "square": [18, 4]}]}, 1)


def test_the_search_plays_its_own_seat_as_the_hard_player_and_the_others_as_normal() -> None:
    """A game with a hard player of its own (``hard_ai``: Dungeon Delve's overlord) has the
    search expect that play of its own seat, at the root and in its rollouts, and normal's of
    every other seat; a game without one searches over normal's play for every seat."""
    from game.ai.agents import hard_heuristic_for, heuristic_for, searching_policy

    game = _warden_to_move()
    for _ in range(3):  # both take the Move action; then the one steps up, the other away
        decision = game.pending()
        view, rng = game.view_for(decision.seat), Rng(1)
        normal = heuristic_for("dungeon-delve")(view, decision, rng)
        hard = hard_heuristic_for("dungeon-delve")(view, decision, rng)
        if normal != hard:
            break
        game.choose(decision.seat, normal)
    assert decision.seat == 0 and decision.kind == "action" and normal != hard
    assert searching_policy("dungeon-delve", 0)(view, decision, rng) == hard
    assert searching_policy("dungeon-delve", 1)(view, decision, rng) == normal
    # a budget too small for a whole round of comparisons keeps the search's first guess
    agent = SearchAgent("dungeon-delve", Rng(1), Budget(iterations=1))
    assert agent.search_here(game, decision) == hard
    # a hard player given one role plays its seat's other questions as normal does (Dungeon
    # Delve's seats have one role, ""; a role the game never names stands for "another role")
    assert searching_policy("dungeon-delve", 0, "another")(view, decision, rng) == normal
    assert SearchAgent("dungeon-delve", Rng(1), role="another").choose(view, decision) == normal
    assert agent.choose(view, decision) == hard
    assert searching_policy("fantasy-heroes", 0) is heuristic_for("fantasy-heroes")
    assert hard_heuristic_for("fantasy-heroes") is heuristic_for("fantasy-heroes")
