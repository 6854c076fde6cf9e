"""Rolls and totals: dependent rolls and saves with their bonuses and penalties (FA-181 to
FA-187), the Horde bonus (FA-109 to FA-112), melee totals (FA-138) and duel totals (FA-086,
FA-087, FA-234).

A bonus works for its controlling player and a penalty against him: each number is applied
whole, added or subtracted, the controller choosing the bonuses' directions and his opponent
the penalties' (FA-181, FA-182, FA-184). The engine chooses the best direction for each
(A-31): a roll succeeds if some choice of the bonuses' directions succeeds whatever the
penalties' directions. In melee and duel totals bonuses are simply added and penalties
subtracted (FA-183).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

Amounts = int | Sequence[int]
"""One bonus (or penalty), or several: each is a separate effect's number (FA-184)."""


def _sums(amounts: Amounts) -> set[int]:
    """What some effects can add to a roll, each number applied whole, added or subtracted
    (FA-184): +1 and +1 can make +2, 0 or -2, which matters when a roll must stay in "1-2"."""
    sums = {0}
    for amount in ([amounts] if isinstance(amounts, int) else amounts):
        sums = {s + signed for s in sums for signed in (amount, -amount)}
    return sums


def succeeds(die: int, low: int, high: int, bonus: Amounts = 0, penalty: Amounts = 0) -> bool:
    """Whether a roll of ``die`` "on low-high" succeeds with bonuses and penalties (FA-181 to FA-185)."""
    return any(all(low <= die + b + p <= high for p in _sums(penalty)) for b in _sums(bonus))


def chance(low: int, high: int, bonus: Amounts = 0, penalty: Amounts = 0) -> float:
    """The chance of :func:`succeeds` on one die."""
    return sum(succeeds(d, low, high, bonus, penalty) for d in range(1, 7)) / 6


def horde_bonus(monsters: int) -> int:
    """The meleeing monster's Horde bonus: +floor((n - 1) / 2) (FA-109, FA-110)."""
    return max(0, (monsters - 1) // 2)


@dataclass(frozen=True)
class Total:
    """A side's total without the die: its parts as (label, value), for the log and the table."""

    parts: tuple[tuple[str, int], ...] = field(default=())

    @property
    def value(self) -> int:
        return sum(v for _, v in self.parts)

    def text(self) -> str:
        """"Melee 4, support +2, horde +1"."""
        return ", ".join(f"{label} {value}" if i == 0 else f"{label} {value:+d}"
                         for i, (label, value) in enumerate(self.parts))


@lru_cache(maxsize=1024)  # (a few small numbers; the view and the AI's playouts ask again and again)
def melee_win_chance(hero: int, monster: int, monster_wins_ties: bool) -> tuple[float, float, float]:
    """(hero wins, tie with no result, monster wins) for two dice added to the totals (FA-138 to FA-141)."""
    win = tie = lose = 0
    for a in range(1, 7):
        for b in range(1, 7):
            diff = (hero + a) - (monster + b)
            if diff > 0:
                win += 1
            elif diff < 0 or monster_wins_ties:
                lose += 1
            else:
                tie += 1
    return win / 36, tie / 36, lose / 36
