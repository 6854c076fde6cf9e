"""A position estimate fitted to how games end (issue 15).

A rule system names what it weighs in a position (``RuleSystem.features``: a seat's Medals
against the best other's, the main enemy's life left, the rounds to go...). How much each
counts is not guessed by hand: ``python -m game fit-estimate`` plays games between normal
players, notes the features of every seat at many positions and who won in the end, and fits
a logistic model to them (game.ai.fitting). The result is data in the game's ``content/``
(``estimate.json``): the features' names, a weight each and a bias, with a note of how the
fit was made and how well it predicted games it was not fitted on.

The estimate of a position is then the chance the model gives the seat of winning, which is
what a search wants to compare: a move is worth what it changes in that chance.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from game.core.errors import ContentError

LIMIT = 30.0
"""Beyond this the logistic curve is 0 or 1 to the float's precision (and exp() overflows)."""


def logistic(z: float) -> float:
    z = max(-LIMIT, min(LIMIT, z))
    return 1.0 / (1.0 + math.exp(-z))


@dataclass(frozen=True)
class Estimate:
    """A fitted logistic model: P(seat wins) = logistic(bias + sum of weight x feature)."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    fitted: Mapping[str, Any] = field(default_factory=dict)
    """How it was fitted (games, seed, players) and how well it predicted held-out games."""

    def __call__(self, features: Mapping[str, float]) -> float:
        z = self.bias
        for name, weight in zip(self.names, self.weights):
            z += weight * features[name]
        return logistic(z)

    def to_data(self) -> dict[str, Any]:
        return {"bias": self.bias, "weights": dict(zip(self.names, self.weights)), "fitted": dict(self.fitted)}

    @classmethod
    def from_data(cls, data: Any, where: str) -> "Estimate":
        """Read and check an estimate; a broken file is refused with a sentence that says why."""
        if not isinstance(data, dict):
            raise ContentError(f"{where}: an estimate is a JSON object with 'bias' and 'weights'.")
        bias, weights = data.get("bias"), data.get("weights")
        if not isinstance(bias, (int, float)) or not _is_number(bias):
            raise ContentError(f"{where}: 'bias' must be a number.")
        if not isinstance(weights, dict) or not weights:
            raise ContentError(f"{where}: 'weights' must map each feature's name to a number.")
        for name, weight in weights.items():
            if not _is_number(weight):
                raise ContentError(f"{where}: the weight of '{name}' must be a number.")
        fitted = data.get("fitted", {})
        if not isinstance(fitted, dict):
            raise ContentError(f"{where}: 'fitted' must be a JSON object.")
        return cls(tuple(weights), tuple(float(w) for w in weights.values()), float(bias), fitted)

    @classmethod
    def load(cls, path: Path) -> "Estimate":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ContentError(f"{path.name}: the position estimate cannot be read ({exc}).") from None
        return cls.from_data(data, path.name)

    def check_names(self, features: Mapping[str, float], where: str) -> None:
        """Refuse an estimate fitted to other features than the game now gives (refit it)."""
        if set(self.names) != set(features):
            missing = sorted(set(features) - set(self.names))
            extra = sorted(set(self.names) - set(features))
            raise ContentError(f"{where}: the estimate was fitted to other features (not weighed: {missing}, "
                               f"no longer given: {extra}); run fit-estimate again.")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def predicted_log_loss(predictions: list[float], outcomes: list[float]) -> float:
    """Mean cross-entropy of predicted chances against outcomes in [0, 1] (lower is better;
    ln 2 = 0.693 is a coin's)."""
    eps = 1e-9
    total = 0.0
    for p, y in zip(predictions, outcomes):
        p = min(1 - eps, max(eps, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(predictions))
