"""Dice as data: a die is a tuple of faces; a face is a mapping of symbol to count.

A plain d6 has faces ``{"pips": 1}`` … ``{"pips": 6}``. Custom dice (Dungeon Delve's
attack and power dice, Buck's coloured dice) list their faces the same way, e.g.
``{"range": 3, "hearts": 1, "surge": 1}`` or ``{"miss": 1}``. Rolls draw from the
game's own :class:`~game.core.rng.Rng`, so they replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Iterable, Mapping

from game.core.errors import ContentError
from game.core.rng import Rng

Face = Mapping[str, int]


@dataclass(frozen=True)
class Die:
    """One die: its id, a display name and its faces (each face equally likely)."""

    id: str
    name: str
    faces: tuple[tuple[tuple[str, int], ...], ...]

    @classmethod
    def from_faces(cls, die_id: str, name: str, faces: Iterable[Face]) -> "Die":
        frozen = tuple(tuple(sorted((str(k), int(v)) for k, v in face.items())) for face in faces)
        if not frozen:
            raise ContentError(f"die '{die_id}': a die needs at least one face")
        return cls(die_id, name, frozen)

    def face(self, index: int) -> dict[str, int]:
        """The face at ``index`` as a fresh dict."""
        return dict(self.faces[index])


def d6() -> Die:
    """The ordinary six-sided die."""
    return Die.from_faces("d6", "d6", ({"pips": n} for n in range(1, 7)))


def roll(rng: Rng, die: Die) -> int:
    """Roll ``die`` and return the index of the face that came up."""
    return rng.below(len(die.faces))


def roll_pool(rng: Rng, dice: Iterable[Die]) -> list[int]:
    """Roll several dice in order; returns the face indices."""
    return [roll(rng, die) for die in dice]


def total(dice: Iterable[Die], face_indices: Iterable[int]) -> dict[str, int]:
    """Sum the symbols of the given faces."""
    out: dict[str, int] = {}
    for die, index in zip(dice, face_indices, strict=True):
        for symbol, count in die.faces[index]:
            out[symbol] = out.get(symbol, 0) + count
    return out


def distribution(dice: Iterable[Die], symbol: str) -> dict[int, Fraction]:
    """Exact probability of each total of ``symbol`` over the pool (for odds displays)."""
    pool = list(dice)
    counts: dict[int, int] = {}
    outcomes = 0
    for faces in product(*(die.faces for die in pool)):
        value = sum(count for face in faces for sym, count in face if sym == symbol)
        counts[value] = counts.get(value, 0) + 1
        outcomes += 1
    return {value: Fraction(n, outcomes) for value, n in sorted(counts.items())}
