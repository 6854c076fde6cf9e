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
