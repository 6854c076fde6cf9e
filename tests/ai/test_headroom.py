"""The headroom figures of ``bench --headroom`` (game.bench_headroom): the held-out choice, the
common deals, and the figures of a short run (what they print is in bench, not here)."""

import pytest

from game.ai.agents import agent_choice, make_agent
from game.bench_headroom import held_out_gain, measure_question, measured, run_headroom
from game.cli import main
from game.core import registry
from game.core.game import Game
from game.core.rng import Rng


def test_the_answer_best_on_the_first_half_is_measured_on_the_second():
    heuristic = [0.0, 1.0, 0.0, 1.0]
    lucky = [1.0, 1.0, 0.0, 0.0]    # best on the first half, no better on the second
    steady = [1.0, 1.0, 1.0, 1.0]   # best on both
    assert held_out_gain([heuristic, lucky]) == -0.5
    assert held_out_gain([heuristic, steady]) == 0.5
    assert held_out_gain([heuristic, lucky, steady]) == -0.5   # ties go to the earlier answer
    assert held_out_gain([steady, lucky]) == 0.0               # the heuristic's kept on a tie


def _question(system_id: str, seed: int):
    """A question of a normal game the headroom would measure, and the game at it."""
    system = registry.get(system_id)
    game = Game.new(system, seed, len(system.default_seats), system.resolve_options(None))
    players = [make_agent("normal", system_id, seed, s) for s in range(game.seats)]
    while (decision := game.pending()) is not None:
        if measured(decision, search_windows=False) and len(decision.options) >= 3:
            return game, decision
        game.choose(decision.seat, ("pass",) if decision.forced_pass else agent_choice(players[decision.seat], game, decision))
    raise AssertionError("no question with three answers")


def test_every_answer_is_scored_on_the_same_deals():
    game, decision = _question("champions-of-albion", 3)
    before = game.state_hash()
    first, second = (decision.option_ids[0],), (decision.option_ids[1],)
    scores = measure_question(game, decision, "champions-of-albion", [first, second, first], 4, Rng.seeded(1, 2))
    assert scores[0] == scores[2]                     # the same answer on the same deals: the same returns
    assert all(v in (0.0, 1.0) for row in scores for v in row) and all(len(row) == 4 for row in scores)
    assert game.state_hash() == before                # the position measured is left as it was


def test_a_short_run_counts_every_measured_question():
    out = run_headroom("champions-of-albion", games=1, seed=2, every=25, continuations=2, answers=2, budget=None)
    rows = [figures.row() for figures in out.by_kind.values()]
    assert sum(row["questions"] for row in rows) >= 1
    for figures, row in zip(out.by_kind.values(), rows):
        assert 0.0 <= row["normal"] <= 1.0 and 0 <= figures.no_effect <= figures.questions
        assert row["best_seen_gain"] >= 0.0                      # the best seen includes the heuristic's
        assert figures.hard_switches == 0                        # no budget: the hard player is not asked


@pytest.mark.parametrize("flag", ["--every", "--continuations", "--answers"])
def test_the_headroom_counts_are_checked(flag, capsys):
    assert main(["bench", "champions-of-albion", "--headroom", flag, "0"]) != 0
    assert f"{flag} must be" in capsys.readouterr().err
