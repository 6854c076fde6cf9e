"""The exact odds of a battle (checklist section 6, "Battle odds"), for the table and the AI.

For fighter Combat Strength ``C``, the Monster's effective Level ``L``, the white die's
ordinary and exempt modifiers, the black die's modifier and Instant Damage ``I``, all 36
(white, black) pairs are enumerated with the Rule of Six (BL-117; an exempt bonus is added
after the clamp, A-45):

- ``p_win = P(C + W > L + B - I)``, ``p_tie = P(C + W = L + B - I)``, ``p_lose`` the rest;
- a Parry rerolls and clears ``I`` (BL-126), so the chance of winning in the end is
  ``p_win + p_tie * p_win' / (p_win' + p_lose')`` with the primed values at ``I = 0``; with
  an automatic parry (BL-124) any chance of winning means the fight is won in the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

ODDS_KEPT = 4096
"""Odds worked out and kept (they depend on a few small numbers only, and the table's view and
the AI's playouts ask for the same ones again and again)."""


def _clamp(value: int) -> int:
    return max(1, min(6, value))


@dataclass(frozen=True)
class Odds:
    win: Fraction
    tie: Fraction
    lose: Fraction
    eventual: Fraction
    """The chance of winning the battle in the end, Parries included."""


@lru_cache(maxsize=ODDS_KEPT)
def roll_odds(strength: int, level: int, white_mod: int = 0, white_exempt: int = 0, black_mod: int = 0,
              instant_damage: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, lose) of one pair of fresh combat rolls."""
    win = tie = 0
    for white in range(1, 7):
        ours = strength + _clamp(white + white_mod) + white_exempt
        for black in range(1, 7):
            theirs = level + _clamp(black + black_mod) - instant_damage
            if ours > theirs:
                win += 1
            elif ours == theirs:
                tie += 1
    return Fraction(win, 36), Fraction(tie, 36), Fraction(36 - win - tie, 36)


@lru_cache(maxsize=ODDS_KEPT)
def battle_odds(strength: int, level: int, white_mod: int = 0, white_exempt: int = 0, black_mod: int = 0,
                instant_damage: int = 0, auto_parry: bool = False) -> Odds:
    """The odds of a battle about to be rolled."""
    win, tie, lose = roll_odds(strength, level, white_mod, white_exempt, black_mod, instant_damage)
    again_win, _, again_lose = roll_odds(strength, level, white_mod, white_exempt, black_mod, 0)
    if auto_parry:  # a tie or a loss rerolls: any chance of a win on fresh dice is a win in the end
        return Odds(win, tie, lose, win + (tie + lose) * (1 if again_win > 0 else 0))
    settle = again_win / (again_win + again_lose) if again_win + again_lose else Fraction(0)
    return Odds(win, tie, lose, win + tie * settle)


def settled_odds(ours: int, theirs: int, strength: int, level: int, white_mod: int = 0, white_exempt: int = 0,
                 black_mod: int = 0, auto_parry: bool = False) -> Fraction:
    """The chance of winning in the end once the dice are on the table: ``ours`` against
    ``theirs`` now; a tie (or an automatic parry) leads to fresh rolls without Instant Damage."""
    if ours > theirs:
        return Fraction(1)
    again = battle_odds(strength, level, white_mod, white_exempt, black_mod, 0, auto_parry)
    if ours == theirs or auto_parry:
        return again.eventual
    return Fraction(0)


def outpaced_by_healing(strength: int, level: int, white_mod: int, white_exempt: int, heal_on_six: int) -> bool:
    """A-55, the Boss that heals: whether a fighter's chance of winning a Boss round on the dice
    alone (their standing roll modifiers, the Boss's plain die, a tie rolled again as a Parry) is
    no more than the Boss's chance of healing in the round (its red-6 heal, ``heal_on_six`` HP on
    a 1 in 6). Such a fighter wounds the Boss more slowly than it heals: alone, they would fight
    it for thousands of rounds (a Level 6 Scrap Tyrant healing 1 HP on a red 6 against CS 2:
    1 win in 34 rolls against 1 heal in 6)."""
    if heal_on_six <= 0:
        return False
    return battle_odds(strength, level, white_mod, white_exempt).eventual <= Fraction(heal_on_six, 6)
