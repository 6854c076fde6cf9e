"""`bench RULESET --hard` gives that game's figures only, its table drawing the frames (issue 15's
benchmark; before, the ruleset was ignored and every game was measured)."""

from __future__ import annotations

import pytest

from game.ai.search import Budget
from game.bench_hard import run_hard_bench
from game.core.errors import FiveRealmsError


def test_the_hard_bench_of_one_game_measures_that_game_only(capsys):
    out = run_hard_bench(1, 3, Budget(iterations=4), "buck-legacy")
    assert set(out) == {"buck-legacy", "frame_gap"}
    assert out["buck-legacy"]["decisions"] == 1 and out["frame_gap"]["frames"] > 0
    printed = capsys.readouterr().out
    assert "buck-legacy" in printed and "fantasy-heroes" not in printed


def test_the_hard_bench_refuses_an_unknown_game_by_name():
    with pytest.raises(FiveRealmsError, match="chess"):
        run_hard_bench(1, 3, Budget(iterations=4), "chess")


def test_a_budget_of_time_is_benched_as_the_window_searches_it_with_the_helpers_asked_for(capsys):
    """`--budget 1s` (the default) measures the window's way: the worker process and, with
    `--helpers 1`, a helper beside it, whose iterations count in the figures."""
    out = run_hard_bench(1, 3, Budget(seconds=0.2), "fantasy-heroes", helpers=1)
    assert out["fantasy-heroes"]["processes"] == 2 and out["fantasy-heroes"]["iterations_per_second"] > 0
    assert "2 search processes" in capsys.readouterr().out
