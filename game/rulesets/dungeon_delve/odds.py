"""Exact odds of Dungeon Delve rolls, for the odds display and the AI (no pygame).

Everything is computed from the dice's faces (:class:`game.core.dice.Die`, each face a
mapping of symbol to count: ``range``, ``hearts``, ``surge``, ``miss``, ``shields``) by
convolving the per-die distributions, with :class:`fractions.Fraction` only: no floating
point anywhere (checklist 4.1).

What is modelled (checklist 3.10):

* **DD-083** the attack misses if any die shows the X (``miss``);
* **DD-086** a Ranged attack misses if the rolled range plus modifiers is below the
  distance to the target (``range_needed``; 0 means no range check, as for Melee);
* **DD-093/DD-094** ``damage = max(0, hearts - max(0, shields - pierce))`` with hearts and
  shields including their bonuses;
* **DD-117** attribute tests (one gray and one black die, pass if shields <= attribute);
* **DD-142** the results of a pool are added per symbol.

Surge abilities are **ignored**: surges are counted (``surge_chance``) but never spent, so
the real damage can be higher than these odds say. The display should say so ("surges can
add more").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from game.core.dice import Die, pool_distribution

__all__ = [
    "AttackOdds",
    "attack_odds",
    "attribute_distribution",
    "expected_symbol",
    "pool_distribution",
    "shield_distribution",
    "test_pass_chance",
]

ONE = Fraction(1)
ZERO = Fraction(0)


def _face_count(face: Iterable[tuple[str, int]], symbol: str) -> int:
    return sum(count for sym, count in face if sym == symbol)


def expected_symbol(dice: Iterable[Die], symbol: str) -> Fraction:
    """The exact mean of the total of ``symbol`` over a pool."""
    return sum((Fraction(sum(_face_count(f, symbol) for f in die.faces), len(die.faces)) for die in dice), ZERO)


def shield_distribution(defense_dice: Iterable[Die]) -> dict[int, Fraction]:
    """The distribution of the shields total of a defense pool."""
    return {key[0]: p for key, p in pool_distribution(defense_dice, ("shields",)).items()}


@dataclass(frozen=True)
class AttackOdds:
    """The outcome odds of one attack against one defender (surges not spent).

    ``damage`` is the full distribution of damage dealt, so its values sum to 1: a miss
    counts as 0 damage, and the key 0 is always present. ``hit = 1 - miss``.
    """

    miss: Fraction
    damage: dict[int, Fraction]
    expected_damage: Fraction
    surge_chance: Fraction = ZERO  # chance of a hit with at least one surge (surges can add more)
    hit: Fraction = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hit", ONE - self.miss)

    def at_least(self, n: int) -> Fraction:
        """The chance of dealing ``n`` or more damage (1 for n <= 0)."""
        if n <= 0:
            return ONE
        return sum((p for d, p in self.damage.items() if d >= n), ZERO)

    @property
    def max_damage(self) -> int:
        return max((d for d, p in self.damage.items() if p > 0), default=0)


def attack_odds(attack_dice: Iterable[Die], defense_dice: Iterable[Die], *, pierce: int = 0,
                range_needed: int = 0, range_bonus: int = 0, bonus_hearts: int = 0,
                bonus_shields: int = 0) -> AttackOdds:
    """Exact odds of an attack (checklist 3.10; surge abilities ignored).

    * ``miss``: any die shows X (DD-083), or ``range rolled + range_bonus < range_needed``
      (DD-086; pass the distance for a Ranged attack, 0 for Melee).
    * ``damage[d]``: the chance of exactly ``d`` damage, where on a hit
      ``d = max(0, hearts + bonus_hearts - max(0, shields + bonus_shields - pierce))``
      (DD-093, DD-094) and a miss deals 0.
    * ``surge_chance``: the chance of a hit that shows at least one surge; surge abilities
      (extra hearts, range, pierce…) are not applied, so the display should note that
      surges can add more.
    """
    attack = pool_distribution(attack_dice, ("miss", "range", "hearts", "surge"))
    shields = shield_distribution(defense_dice)
    # Effective shields after pierce and bonuses (DD-093, DD-094).
    blocked: dict[int, Fraction] = {}
    for s, p in shields.items():
        b = max(0, s + bonus_shields - pierce)
        blocked[b] = blocked.get(b, ZERO) + p
    miss = ZERO
    surge = ZERO
    hearts: dict[int, Fraction] = {}
    for (x, rng, h, sg), p in attack.items():
        if x > 0 or (range_needed > 0 and rng + range_bonus < range_needed):
            miss += p
            continue
        if sg > 0:
            surge += p
        hearts[h + bonus_hearts] = hearts.get(h + bonus_hearts, ZERO) + p
    damage: dict[int, Fraction] = {0: miss}
    for h, ph in hearts.items():
        for b, pb in blocked.items():
            d = max(0, h - b)
            damage[d] = damage.get(d, ZERO) + ph * pb
    damage = dict(sorted(damage.items()))
    expected = sum((d * p for d, p in damage.items()), ZERO)
    return AttackOdds(miss=miss, damage=damage, expected_damage=expected, surge_chance=surge)


def attribute_distribution(gray: Die, black: Die) -> dict[int, Fraction]:
    """The distribution of the shields total of an attribute test roll (DD-117)."""
    return shield_distribution((gray, black))


def test_pass_chance(attribute: int, gray: Die, black: Die) -> Fraction:
    """The chance to pass an attribute test: gray + black shields <= ``attribute`` (DD-117).

    Cards that change defense rolls do not apply (DD-118), so there are no modifiers.
    """
    return sum((p for s, p in attribute_distribution(gray, black).items() if s <= attribute), ZERO)


# pytest would otherwise try to collect ``test_pass_chance`` when a test imports it.
test_pass_chance.__test__ = False  # type: ignore[attr-defined]
