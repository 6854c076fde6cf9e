"""Exact odds from the dice faces of checklist 2.2, against hand-computed values.

The dice are built here from the 2.2 tables with ``Die.from_faces`` (no content loader),
so these tests check the odds code, not the content files.
"""

from fractions import Fraction as F

import pytest

from game.core.dice import Die, total
from game.rulesets.dungeon_delve.odds import (
    attack_odds,
    attribute_distribution,
    expected_symbol,
    pool_distribution,
    test_pass_chance,
)


def _attack(r: int, h: int, s: int) -> dict[str, int]:
    return {k: v for k, v in (("range", r), ("hearts", h), ("surge", s)) if v}


BLUE = Die.from_faces("blue", "Blue", [{"miss": 1}, _attack(2, 2, 1), _attack(3, 2, 0), _attack(4, 2, 0),
                                       _attack(5, 1, 0), _attack(6, 1, 1)])
RED = Die.from_faces("red", "Red", [_attack(0, 1, 0), _attack(0, 2, 0), _attack(0, 2, 0), _attack(0, 2, 0),
                                    _attack(0, 3, 0), _attack(0, 3, 1)])
YELLOW = Die.from_faces("yellow", "Yellow", [_attack(1, 0, 1), _attack(1, 1, 0), _attack(2, 1, 0),
                                             _attack(0, 1, 1), _attack(0, 2, 0), _attack(0, 2, 1)])


def _defense(die_id: str, shields: list[int]) -> Die:
    return Die.from_faces(die_id, die_id.title(), [{"shields": s} if s else {} for s in shields])


BROWN = _defense("brown", [0, 0, 0, 1, 1, 2])
GRAY = _defense("gray", [0, 1, 1, 1, 2, 3])
BLACK = _defense("black", [0, 2, 2, 2, 3, 4])


def _fixed(die_id: str, **face: int) -> Die:
    """A one-faced die, to script a roll (checklist 4.7)."""
    return Die.from_faces(die_id, die_id, [face])


# -- DD-141, DD-142: the six dice and per-symbol totals ---------------------------------------


def test_dd141_every_die_has_six_faces_and_the_2_2_expected_values():
    for die in (BLUE, RED, YELLOW, BROWN, GRAY, BLACK):
        assert len(die.faces) == 6
    assert expected_symbol([BLUE], "hearts") == F(8, 6)
    assert expected_symbol([BLUE], "range") == F(20, 6)
    assert expected_symbol([BLUE], "surge") == F(2, 6)
    assert expected_symbol([BLUE], "miss") == F(1, 6)
    assert expected_symbol([RED], "hearts") == F(13, 6)
    assert expected_symbol([RED], "surge") == F(1, 6)
    assert expected_symbol([YELLOW], "hearts") == F(7, 6)
    assert expected_symbol([YELLOW], "range") == F(4, 6)
    assert expected_symbol([YELLOW], "surge") == F(3, 6)
    assert expected_symbol([BROWN], "shields") == F(4, 6)
    assert expected_symbol([GRAY], "shields") == F(8, 6)
    assert expected_symbol([BLACK], "shields") == F(13, 6)


def test_dd142_two_red_dice_hearts_and_surges_as_in_2_2():
    dist = pool_distribution([RED, RED], ("hearts", "surge"))
    expected = {(2, 0): 1, (3, 0): 6, (4, 0): 11, (4, 1): 2, (5, 0): 6, (5, 1): 6, (6, 0): 1, (6, 1): 2, (6, 2): 1}
    assert dist == {k: F(n, 36) for k, n in expected.items()}
    assert sum(dist.values()) == 1


def test_dd142_pool_distribution_agrees_with_core_total():
    # Every combination of blue + yellow: the joint distribution counts what total() adds up.
    counts: dict[tuple[int, ...], int] = {}
    for i in range(6):
        for j in range(6):
            t = total([BLUE, YELLOW], [i, j])
            key = (t.get("range", 0), t.get("hearts", 0), t.get("surge", 0), t.get("miss", 0))
            counts[key] = counts.get(key, 0) + 1
    assert pool_distribution([BLUE, YELLOW], ("range", "hearts", "surge", "miss")) == {
        k: F(n, 36) for k, n in sorted(counts.items())}


# -- DD-093: damage = max(0, hearts - max(0, shields - pierce)) -------------------------------


def test_dd093_blue_alone_against_no_defense():
    odds = attack_odds([BLUE], [])
    assert odds.miss == F(1, 6)
    assert odds.hit == F(5, 6)
    # Faces: X -> 0; 2, 3, 4 -> 2 hearts; 5, 6 -> 1 heart.
    assert odds.damage == {0: F(1, 6), 1: F(2, 6), 2: F(3, 6)}
    assert odds.expected_damage == F(8, 6)
    assert odds.at_least(0) == 1
    assert odds.at_least(1) == F(5, 6)
    assert odds.at_least(2) == F(1, 2)
    assert odds.at_least(3) == 0
    assert odds.surge_chance == F(2, 6)  # faces 2 and 6
    assert odds.max_damage == 2


def test_dd093_blue_and_red_against_gray():
    # Hand count over 216 combinations: hearts (blue+red, of 36) 2:2, 3:9, 4:13, 5:6, miss 6;
    # gray shields 0:1, 1:3, 2:1, 3:1 (of 6).
    odds = attack_odds([BLUE, RED], [GRAY])
    assert odds.miss == F(1, 6)
    assert odds.damage == {0: F(49, 216), 1: F(28, 216), 2: F(48, 216), 3: F(54, 216), 4: F(31, 216),
                           5: F(6, 216)}
    assert sum(odds.damage.values()) == 1
    assert odds.expected_damage == F(440, 216) == F(55, 27)
    assert odds.at_least(3) == F(91, 216)
    assert odds.at_least(5) == F(6, 216)


def test_dd093_includes_zero_damage_when_shields_cover_everything():
    odds = attack_odds([_fixed("h1", hearts=1)], [_fixed("s3", shields=3)])
    assert odds.miss == 0
    assert odds.damage == {0: F(1)}
    assert odds.expected_damage == 0


def test_dd093_ddt01_scripted_melee_hit():
    # Blue "r3 2♥", red "2♥", gray "1": 4 - 1 = 3.
    odds = attack_odds([_fixed("b", range=3, hearts=2), _fixed("r", hearts=2)], [_fixed("g", shields=1)])
    assert odds.damage == {0: F(0), 3: F(1)}  # the key 0 is always there


def test_dd093_bonus_hearts_and_bonus_shields():
    odds = attack_odds([BLUE], [], bonus_hearts=1, bonus_shields=1)
    assert odds.damage == {0: F(1, 6), 1: F(2, 6), 2: F(3, 6)}  # the bonuses cancel out
    odds = attack_odds([BLUE], [], bonus_hearts=2)
    assert odds.damage == {0: F(1, 6), 3: F(2, 6), 4: F(3, 6)}  # a miss stays a miss (DD-083)


# -- DD-094: pierce ---------------------------------------------------------------------------


def test_dd094_ddt04_scripted_pierce():
    # Hearts 5 against gray "3" + brown "1" with Pierce 2: 5 - max(0, 4 - 2) = 3.
    odds = attack_odds([_fixed("h5", hearts=5)], [_fixed("g3", shields=3), _fixed("b1", shields=1)], pierce=2)
    assert odds.damage == {0: F(0), 3: F(1)}  # the key 0 is always there


def test_dd094_blue_against_brown_with_and_without_pierce():
    # Brown 0,0,0,1,1,2. Of 36: miss 6 -> 0; 1 heart (2 faces); 2 hearts (3 faces).
    assert attack_odds([BLUE], [BROWN]).damage == {0: F(15, 36), 1: F(12, 36), 2: F(9, 36)}
    # Pierce 1: brown counts 0 (5 faces) or 1 (1 face).
    assert attack_odds([BLUE], [BROWN], pierce=1).damage == {0: F(8, 36), 1: F(13, 36), 2: F(15, 36)}
    # Pierce never adds hearts: pierce 5 is the same as no defense.
    assert attack_odds([BLUE], [BROWN], pierce=5).damage == attack_odds([BLUE], []).damage


def test_dd094_blue_and_red_against_gray_with_pierce_1():
    odds = attack_odds([BLUE, RED], [GRAY], pierce=1)
    assert odds.damage == {0: F(38, 216), 1: F(11, 216), 2: F(30, 216), 3: F(55, 216), 4: F(58, 216),
                           5: F(24, 216)}


# -- DD-086: range ----------------------------------------------------------------------------


def test_dd086_range_misses_blue_alone_at_distance_4():
    odds = attack_odds([BLUE], [], range_needed=4)
    # X, r2 and r3 miss; r4 (2♥), r5 (1♥), r6 (1♥) hit.
    assert odds.miss == F(1, 2)
    assert odds.damage == {0: F(3, 6), 1: F(2, 6), 2: F(1, 6)}
    assert odds.surge_chance == F(1, 6)  # only the r6 face's surge counts on a hit
    # A range bonus of 1 lets r3 reach.
    assert attack_odds([BLUE], [], range_needed=4, range_bonus=1).miss == F(2, 6)


def test_dd086_blue_and_yellow_at_distance_5():
    # Blue r2 never; r3 with yellow r2 (1); r4 with yellow r1+ (3); r5, r6 always (12): 16 of 36 hit.
    odds = attack_odds([BLUE, YELLOW], [], range_needed=5)
    assert odds.miss == F(20, 36)
    # Hits: r3+y(r2 1♥) = 3; r4 + y(r1 0♥, r1 1♥, r2 1♥) = 2, 3, 3;
    # r5 and r6 (1♥ each) + yellow hearts 0,1,1,1,2,2 = 1,2,2,2,3,3 twice.
    assert odds.damage == {0: F(20, 36), 1: F(2, 36), 2: F(7, 36), 3: F(7, 36)}
    assert odds.at_least(1) == F(16, 36)


def test_dd086_melee_never_checks_range():
    assert attack_odds([BLUE], [], range_needed=0).miss == F(1, 6)


# -- DD-117: attribute tests ------------------------------------------------------------------


def test_dd117_gray_plus_black_sums():
    assert attribute_distribution(GRAY, BLACK) == {s: F(n, 36) for s, n in
                                                  enumerate([1, 3, 4, 11, 7, 7, 2, 1])}


@pytest.mark.parametrize("attribute, chance", [(0, F(1, 36)), (1, F(4, 36)), (2, F(8, 36)), (3, F(19, 36)),
                                               (4, F(26, 36)), (5, F(33, 36)), (6, F(35, 36)), (7, F(1)),
                                               (9, F(1))])
def test_dd117_attribute_pass_chance(attribute, chance):
    assert test_pass_chance(attribute, GRAY, BLACK) == chance


def test_dd117_negative_attribute_never_passes():
    assert test_pass_chance(-1, GRAY, BLACK) == 0
