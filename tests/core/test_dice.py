"""Dice as data: faces with symbols, rolls from the game's PRNG, exact distributions."""

from fractions import Fraction

import pytest

from game.core.dice import Die, d6, distribution, roll, roll_pool, total
from game.core.errors import ContentError, RulesError
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


def test_a_dice_script_fixes_the_next_rolls_in_one_format_for_every_game():
    """Issue 11 item 4: one scripted-dice format. A face number fits any die, "id:face" names
    the die; the script is used up in order, then the generator rolls again."""
    red = Die.from_faces("red", "Red", ({"hearts": n} for n in range(6)))
    script: list[str] = ["red:5", "2"]
    rng = Rng.seeded(3)
    assert roll_pool(rng, [red, red], script) == [4, 1]
    assert script == [] and rng == Rng.seeded(3)  # the generator was not touched
    assert roll(rng, red, script) == Rng.seeded(3).below(6)
    numbers: list[int] = [6, 1]
    assert [roll(rng, d6(), numbers) + 1 for _ in range(2)] == [6, 1]


@pytest.mark.parametrize("entry, message", [
    ("blue:2", "the dice script says blue:2 but the rules roll the red die"),
    ("red:7", "is not a face of the red die"),
    ("0", "is not a face of the red die"),
    ("x", "is not a face of the red die"),
])
def test_a_dice_script_entry_that_does_not_fit_the_roll_is_a_rules_error(entry, message):
    red = Die.from_faces("red", "Red", ({"hearts": n} for n in range(6)))
    with pytest.raises(RulesError, match=message):
        roll(Rng.seeded(1), red, [entry])
