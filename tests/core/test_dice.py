"""Dice as data: faces with symbols, rolls from the game's PRNG, exact distributions."""

from fractions import Fraction

import pytest

from game.core.dice import Die, d6, distribution, roll, roll_pool, total
from game.core.errors import ContentError
from game.core.rng import Rng


def test_d6_faces_and_rolls_replay():
    die = d6()
    assert [die.face(i)["pips"] for i in range(6)] == [1, 2, 3, 4, 5, 6]
    assert roll_pool(Rng.seeded(5), [die] * 10) == roll_pool(Rng.seeded(5), [die] * 10)
    assert 0 <= roll(Rng.seeded(1), die) < 6


def test_custom_die_totals_and_exact_distribution():
    blue = Die.from_faces("blue", "Blue", [{"miss": 1}, {"range": 2, "hearts": 2}, {"range": 3, "hearts": 1, "surge": 1}])
    assert total([blue, blue], [1, 2]) == {"range": 5, "hearts": 3, "surge": 1}
    dist = distribution([blue, blue], "hearts")
    assert dist == {0: Fraction(1, 9), 1: Fraction(2, 9), 2: Fraction(3, 9), 3: Fraction(2, 9), 4: Fraction(1, 9)}
    assert sum(dist.values()) == 1


def test_a_die_needs_faces():
    with pytest.raises(ContentError):
        Die.from_faces("none", "None", [])
