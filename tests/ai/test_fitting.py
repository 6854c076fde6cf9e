"""The fitted position estimate (issue 15): the fit finds the weights that made the outcomes,
an estimate file is checked when read, and every game's file weighs what the game gives."""

from __future__ import annotations

import json
import math

import pytest

from game.ai.agents import random_choice
from game.ai.fitting import collect, fit, fit_estimate, setups
from game.core import registry
from game.core.errors import ContentError
from game.core.estimate import Estimate, logistic, predicted_log_loss
from game.core.game import Game
from game.core.rng import Rng


def test_the_fit_finds_the_weights_that_made_the_outcomes():
    rng = Rng.seeded(5, 1)
    true_bias, true_weights = -0.5, [1.5, -2.0, 0.0]
    rows, outcomes = [], []
    for _ in range(6000):
        # Columns on different scales (the fit scales them itself) and one that never varies.
        x = [rng.below(1000) / 100 - 5, rng.below(1000) / 1000, 3.0]
        z = true_bias + sum(w * v for w, v in zip(true_weights, x))
        outcomes.append(1.0 if rng.below(10**6) / 10**6 < logistic(z) else 0.0)
        rows.append(x)
    bias, weights = fit(rows, outcomes, ridge=0.0)
    assert weights[2] == 0.0  # a column that never varies is given no weight
    assert abs(weights[0] - 1.5) < 0.15 and abs(weights[1] + 2.0) < 0.4 and abs(bias + 0.5) < 0.3
    fitted = [logistic(bias + sum(w * v for w, v in zip(weights, x))) for x in rows]
    assert predicted_log_loss(fitted, outcomes) < predicted_log_loss([sum(outcomes) / len(outcomes)] * len(rows), outcomes)


def test_an_estimate_reads_back_what_it_wrote_and_scores_by_name():
    estimate = Estimate(("a", "b"), (2.0, -1.0), 0.5, {"games": 3})
    again = Estimate.from_data(json.loads(json.dumps(estimate.to_data())), "estimate.json")
    assert again == estimate
    assert again({"b": 1.0, "a": 0.25}) == pytest.approx(logistic(0.5 + 0.5 - 1.0))


@pytest.mark.parametrize("data, says", [
    ([], "a JSON object"),
    ({"weights": {"a": 1}}, "'bias' must be a number"),
    ({"bias": 0, "weights": {}}, "'weights' must map"),
    ({"bias": 0, "weights": {"a": "1"}}, "the weight of 'a'"),
    ({"bias": True, "weights": {"a": 1}}, "'bias' must be a number"),
    ({"bias": 0, "weights": {"a": math.inf}}, "the weight of 'a'"),
])
def test_a_broken_estimate_file_is_refused_with_a_reason(data, says):
    with pytest.raises(ContentError, match=says):
        Estimate.from_data(data, "estimate.json")


def test_an_estimate_fitted_to_other_features_is_refused():
    estimate = Estimate(("a", "b"), (1.0, 1.0), 0.0)
    with pytest.raises(ContentError, match="run fit-estimate again"):
        estimate.check_names({"a": 1.0, "c": 2.0}, "estimate.json")


FITTED = [s for s in registry.ids() if registry.get(s).estimate_path().exists()]


@pytest.mark.parametrize("system_id", FITTED)
def test_every_fitted_estimate_weighs_exactly_what_its_game_gives(system_id):
    system = registry.get(system_id)
    estimate = system.fitted_estimate()
    assert estimate is not None and estimate.fitted["held_out_log_loss"]["fitted"] < \
        estimate.fitted["held_out_log_loss"]["base_rate"], "the fit predicts no better than the base rate"
    game = Game.new(system, 3, 2, system.playout_options)
    rng = Rng.seeded(3, 9)
    for _ in range(60):
        decision = game.pending()
        if decision is None:
            break
        for seat in range(game.seats):
            estimate.check_names(system.features(game.state, seat), system_id)
            assert 0.0 <= game.evaluate(seat) <= 1.0
        game.choose(decision.seat, random_choice(decision, rng))


def test_the_fit_is_the_same_for_the_same_games():
    played = setups([1], {}, {"main_enemy": ["morrigan", "arawn"]})
    assert [s[1]["main_enemy"] for s in played] == ["morrigan", "arawn"]
    first, report = fit_estimate("champions-of-albion", 10, 7, played)
    second, _ = fit_estimate("champions-of-albion", 10, 7, played)
    assert first == second
    assert first.fitted["held_out_positions"] > 0 and "held-out log loss" in report[-1]
    names, notes = collect("champions-of-albion", 2, 7, played, every=4)
    assert names == first.names and {n.outcome for n in notes} <= {0.0, 1.0}


def test_the_command_prints_the_fit_and_writes_only_when_asked(capsys, tmp_path):
    from game.ai.fitting import write_estimate
    from game.cli import main

    before = registry.get("champions-of-albion").estimate_path().read_bytes()
    assert main(["fit-estimate", "champions-of-albion", "--games", "5", "--seats", "1",
                 "--vary", "main_enemy=arawn", "--vary", "main_enemy=morrigan"]) == 0
    out = capsys.readouterr().out
    assert "positions from 5 games" in out and "held-out log loss" in out and "Wrote" not in out
    assert registry.get("champions-of-albion").estimate_path().read_bytes() == before
    estimate = Estimate(("a",), (1.0,), 0.0, {"games": 1})
    path = write_estimate(registry.get("champions-of-albion"), estimate, tmp_path / "estimate.json")
    assert Estimate.load(path) == estimate


@pytest.mark.parametrize("args, says", [
    (["--games", "4"], "--games"),
    (["--seats", "one"], "--seats takes seat counts"),
    (["--every", "0"], "--every"),
])
def test_the_command_refuses_bad_numbers(capsys, args, says):
    from game.cli import main

    assert main(["fit-estimate", "champions-of-albion", *args]) != 0
    assert says in capsys.readouterr().err
