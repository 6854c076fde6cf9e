"""``python -m game fit-estimate``: fit a game's position estimate to how games end (issue 15).

Games between normal players are played from consecutive seeds. At every ``every``-th real
question (not a forced pass) the features of every seat are noted (``RuleSystem.features``),
and once the game is over each note gets that seat's return (1 won, 0 lost). A logistic
model is fitted to the notes of four games in five by Newton's method (features scaled to
unit spread while fitting, a small ridge penalty against weights that only fit the sample);
the fifth game of each five is held out and predicted, and the held-out log loss is written
beside the weights: of the fitted model, of the estimate the game used before the fit, and of
the base rate (one chance for every position). Same seed, same games, same weights.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.ai.agents import agent_choice, make_agent
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.estimate import Estimate, logistic, predicted_log_loss
from game.core.game import Game
from game.core.ruleset import RuleSystem

RIDGE = 1.0
"""The penalty on the (scaled) weights: small beside thousands of notes, enough that a feature
that barely varies cannot take a huge weight."""

HELD_OUT = 5
"""Every fifth game is held out of the fit and predicted."""


@dataclass
class Note:
    """One seat's features at one position, the estimate the game gave it then, and (once the
    game is over) the seat's return."""

    game: int
    features: list[float]
    before: float | None
    outcome: float = 0.0


Setup = tuple[int, Mapping[str, Any]]
"""A game's seats and options."""


def setups(seats: Sequence[int], options: Mapping[str, Any], vary: Mapping[str, Sequence[Any]]) -> list[Setup]:
    """Every combination of the seat counts and the varied options' values (game ``i`` is
    played with the ``i``-th, cycling), so one estimate is fitted over all of them."""
    out: list[Setup] = [(n, dict(options)) for n in seats]
    for key, values in vary.items():
        out = [(n, {**given, key: value}) for n, given in out for value in values]
    return out


def collect(system_id: str, games: int, seed: int, played: Sequence[Setup],
            every: int = 4, max_choices: int = 50_000) -> tuple[tuple[str, ...], list[Note]]:
    """Notes from ``games`` games between normal players (the names of the features first),
    game ``i`` with setup ``i mod len(played)``."""
    system = registry.get(system_id)
    names: tuple[str, ...] = ()
    notes: list[Note] = []
    for i in range(games):
        seats, options = played[i % len(played)]
        game = Game.new(system, seed + i, seats, system.resolve_options(options))
        agents = [make_agent("normal", system_id, seed + i, s) for s in range(game.seats)]
        mine: list[tuple[int, Note]] = []
        asked = 0
        for _ in range(max_choices):
            decision = game.pending()
            if decision is None:
                break
            if not decision.forced_pass:
                asked += 1
                if asked % every == 0:
                    for s in system.estimated_seats(game.state):
                        features = system.features(game.state, s)
                        if not names:
                            names = tuple(features)
                        mine.append((s, Note(i, [float(features[n]) for n in names], _before(game, s))))
            game.choose(decision.seat, agent_choice(agents[decision.seat], game, decision))
        else:
            raise FiveRealmsError(f"Game {seed + i} did not end within {max_choices} choices.")
        returns = game.returns()
        for s, note in mine:
            note.outcome = returns[s]
            notes.append(note)
    return names, notes


def _before(game: Game, seat: int) -> float | None:
    try:
        return game.evaluate(seat)
    except NotImplementedError:
        return None


def fit(rows: Sequence[Sequence[float]], outcomes: Sequence[float], ridge: float = RIDGE,
        rounds: int = 25) -> tuple[float, list[float]]:
    """Logistic regression by Newton's method: the bias and one weight per column, in the
    columns' own units. Columns are scaled to mean 0 and spread 1 while fitting (so the ridge
    treats them alike and Newton's steps are well conditioned); a column that never varies
    gets weight 0."""
    n, d = len(rows), len(rows[0]) if rows else 0
    if n == 0:
        raise FiveRealmsError("No positions to fit: play more games.")
    means = [sum(r[j] for r in rows) / n for j in range(d)]
    spreads = [math.sqrt(sum((r[j] - means[j]) ** 2 for r in rows) / n) for j in range(d)]
    live = [j for j in range(d) if spreads[j] > 1e-12]
    scaled = [[1.0] + [(r[j] - means[j]) / spreads[j] for j in live] for r in rows]
    k = len(live) + 1
    beta = [0.0] * k
    for _ in range(rounds):
        gradient = [0.0] * k
        hessian = [[0.0] * k for _ in range(k)]
        for x, y in zip(scaled, outcomes):
            p = logistic(sum(b * v for b, v in zip(beta, x)))
            w = max(p * (1 - p), 1e-9)
            residual = p - y
            for a in range(k):
                xa = x[a]
                gradient[a] += residual * xa
                row = hessian[a]
                wa = w * xa
                for b in range(a, k):
                    row[b] += wa * x[b]
        for a in range(k):
            for b in range(a):
                hessian[a][b] = hessian[b][a]
            if a > 0:  # (the bias goes unpenalised)
                gradient[a] += ridge * beta[a]
                hessian[a][a] += ridge
        step = _solve(hessian, gradient)
        beta = [b - s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-8:
            break
    weights = [0.0] * d
    bias = beta[0]
    for slot, j in enumerate(live, start=1):
        weights[j] = beta[slot] / spreads[j]
        bias -= beta[slot] * means[j] / spreads[j]
    return bias, weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, positive definite system)."""
    k = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        for r in range(col + 1, k):
            factor = m[r][col] / lead
            if factor:
                for c in range(col, k + 1):
                    m[r][c] -= factor * m[col][c]
    out = [0.0] * k
    for r in range(k - 1, -1, -1):
        out[r] = (m[r][k] - sum(m[r][c] * out[c] for c in range(r + 1, k))) / m[r][r]
    return out


def fit_estimate(system_id: str, games: int, seed: int, played: Sequence[Setup],
                 every: int = 4) -> tuple[Estimate, list[str]]:
    """Collect, fit on four games in five, judge on the fifth; the estimate and a report."""
    names, notes = collect(system_id, games, seed, played, every)
    train = [n for n in notes if n.game % HELD_OUT != HELD_OUT - 1]
    test = [n for n in notes if n.game % HELD_OUT == HELD_OUT - 1]
    bias, weights = fit([n.features for n in train], [n.outcome for n in train])
    estimate = Estimate(names, tuple(weights), bias)
    outcomes = [n.outcome for n in test]
    base = sum(n.outcome for n in train) / len(train)
    losses = {"fitted": predicted_log_loss([estimate(dict(zip(names, n.features))) for n in test], outcomes),
              "base_rate": predicted_log_loss([base] * len(test), outcomes)}
    if test and all(n.before is not None for n in test):
        losses["before"] = predicted_log_loss([n.before or 0.0 for n in test], outcomes)
    fitted = {"games": games, "seed": seed, "setups": [{"seats": n, "options": dict(o)} for n, o in played],
              "players": "normal", "every": every, "positions": len(train), "held_out_positions": len(test),
              "held_out_log_loss": {k: round(v, 4) for k, v in losses.items()}}
    estimate = Estimate(names, tuple(round(w, 6) for w in weights), round(bias, 6), fitted)
    report = [f"{len(notes)} positions from {games} games ({len(test)} held out, from every {HELD_OUT}th game)"]
    report += [f"  {name:<28s} {weight:+.4f}" for name, weight in zip(names, estimate.weights)]
    report.append(f"  {'(bias)':<28s} {estimate.bias:+.4f}")
    report.append("held-out log loss (lower is better; a coin's is 0.693): "
                  + ", ".join(f"{k} {v:.4f}" for k, v in losses.items()))
    return estimate, report


def write_estimate(system: RuleSystem, estimate: Estimate, path: Path | None = None) -> Path:
    path = path or system.estimate_path()
    path.write_text(json.dumps(estimate.to_data(), indent=2) + "\n", encoding="utf-8")
    return path
