"""Dice as data: a die is a tuple of faces; a face is a mapping of symbol to count.

A plain d6 has faces ``{"pips": 1}`` … ``{"pips": 6}``. Custom dice (Dungeon Delve's
attack and power dice, Buck's coloured dice) list their faces the same way, e.g.
``{"range": 3, "hearts": 1, "surge": 1}`` or ``{"miss": 1}``. Rolls draw from the
game's own :class:`~game.core.rng.Rng`, so they replay.

A written position (a scenario, a rule test) may fix the next rolls with a *dice script*,
one format for every rule system: a list whose entries are taken in order, each a face
number counted from 1 (``4``, or ``"4"``: face 4 of whichever die is rolled) or a die id
and a face number (``"red:5"``: face 5, and the rules must be rolling the red die). When the
script runs out the generator rolls again.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from game.core.errors import ContentError, RulesError
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


def roll(rng: Rng, die: Die, script: list[int] | list[str] | None = None) -> int:
    """Roll ``die`` and return the index of the face that came up: the next entry of the
    dice ``script`` if it holds one (it is used up), else from the generator."""
    if script:
        return _scripted(script.pop(0), die)
    return rng.below(len(die.faces))


def _scripted(entry: int | str, die: Die) -> int:
    wanted, _, face = str(entry).rpartition(":")
    if wanted and wanted != die.id:
        raise RulesError(f"the dice script says {entry} but the rules roll the {die.id} die")
    if not face.isdecimal() or not 1 <= int(face) <= len(die.faces):
        raise RulesError(f"the dice script's entry {str(entry)[:20]} is not a face of the {die.id} die")
    return int(face) - 1


def roll_pool(rng: Rng, dice: Iterable[Die], script: list[int] | list[str] | None = None) -> list[int]:
    """Roll several dice in order; returns the face indices."""
    return [roll(rng, die, script) for die in dice]


def total(dice: Iterable[Die], face_indices: Iterable[int]) -> dict[str, int]:
    """Sum the symbols of the given faces."""
    out: dict[str, int] = {}
    for die, index in zip(dice, face_indices, strict=True):
        for symbol, count in die.faces[index]:
            out[symbol] = out.get(symbol, 0) + count
    return out


def _face_count(face: Iterable[tuple[str, int]], symbol: str) -> int:
    return sum(count for sym, count in face if sym == symbol)


def pool_distribution(dice: Iterable[Die], symbols: Sequence[str]) -> dict[tuple[int, ...], Fraction]:
    """The exact joint distribution of the totals of ``symbols`` over a pool of dice.

    Keys are tuples of totals in the order of ``symbols``; each die's faces are equally
    likely. The per-die distributions are convolved (no enumeration of every combination,
    no floating point). An empty pool gives ``{(0, …, 0): 1}``.
    """
    dist: dict[tuple[int, ...], Fraction] = {tuple(0 for _ in symbols): Fraction(1)}
    for die in dice:
        share = Fraction(1, len(die.faces))
        step: dict[tuple[int, ...], Fraction] = {}
        for face in die.faces:
            add = tuple(_face_count(face, s) for s in symbols)
            for key, p in dist.items():
                new = tuple(a + b for a, b in zip(key, add))
                step[new] = step.get(new, Fraction(0)) + p * share
        dist = step
    return dict(sorted(dist.items()))


def distribution(dice: Iterable[Die], symbol: str) -> dict[int, Fraction]:
    """Exact probability of each total of ``symbol`` over the pool (for odds displays)."""
    return {key[0]: p for key, p in pool_distribution(dice, (symbol,)).items()}
