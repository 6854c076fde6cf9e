"""Damage and kill-chance estimates for the normal Dungeon Delve AI (floats, exact over the faces).

The distribution of an attack pool and of a defense pool, the surge packages an attacker
can afford, and :func:`attack_eval`: expected damage, kill chance and damage
distribution of one attack, spending surges as section 6 says (range first when short,
then the hearts/pierce that deal the most once the defense is known).
:func:`combine_kill` joins two attacks on one target, :func:`best_damage` reads the most
damage left in an attack in progress, :func:`test_fail_chance` is an attribute test.
Everything is cached; the display's exact odds (fractions) are in
:mod:`game.rulesets.dungeon_delve.odds`, not here.
"""

from __future__ import annotations

from functools import lru_cache

from game.rulesets.dungeon_delve.ai.common import CLEARERS, content
from game.rulesets.dungeon_delve.rulesdata import Weapon


@lru_cache(maxsize=None)
def die_faces(die_id: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """Faces as (miss, range, hearts, surges, shields)."""
    out = []
    for face in content().die(die_id).faces:
        f = dict(face)
        out.append((f.get("miss", 0), f.get("range", 0), f.get("hearts", 0), f.get("surge", 0), f.get("shields", 0)))
    return tuple(out)


@lru_cache(maxsize=None)
def attack_pool(dice: tuple[str, ...]) -> tuple[tuple[float, int, int, int, int], ...]:
    """The outcome distribution of an attack pool: (p, miss, range, hearts, surges)."""
    dist: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 1.0}
    for die in dice:
        faces = die_faces(die)
        share = 1.0 / len(faces)
        nxt: dict[tuple[int, int, int, int], float] = {}
        for (m, r, h, s), p in dist.items():
            for fm, fr, fh, fs, _ in faces:
                key = (min(1, m + fm), r + fr, h + fh, s + fs)
                nxt[key] = nxt.get(key, 0.0) + p * share
        dist = nxt
    return tuple((p, m, r, h, s) for (m, r, h, s), p in sorted(dist.items()))


@lru_cache(maxsize=None)
def shield_pool(dice: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
    dist: dict[int, float] = {0: 1.0}
    for die in dice:
        faces = die_faces(die)
        share = 1.0 / len(faces)
        nxt: dict[int, float] = {}
        for s, p in dist.items():
            for face in faces:
                nxt[s + face[4]] = nxt.get(s + face[4], 0.0) + p * share
        dist = nxt
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=None)
def expected_shields(dice: tuple[str, ...]) -> float:
    return sum(s * p for s, p in shield_pool(dice))


Surges = tuple[tuple[int, str, int], ...]  # (cost, effect, amount)


def surges_of(weapon: Weapon) -> Surges:
    return tuple((a.cost, a.effect, a.amount) for a in weapon.surges)


@lru_cache(maxsize=None)
def _surge_packages(surges: Surges, available: int) -> tuple[tuple[int, int, int], ...]:
    """(cost, extra hearts, extra pierce) of every affordable subset of hearts/pierce abilities."""
    useful = [(c, e, a) for c, e, a in surges if e in ("hearts", "pierce")]
    out = {(0, 0, 0)}
    for mask in range(1, 1 << len(useful)):
        cost = hearts = pierce = 0
        for i, (c, e, a) in enumerate(useful):
            if mask >> i & 1:
                cost += c
                if e == "hearts":
                    hearts += a
                else:
                    pierce += a
        if cost <= available:
            out.add((cost, hearts, pierce))
    return tuple(sorted(out))


def range_fix(surges: Surges, short: int, available: int) -> int | None:
    """Surges needed to cover a range shortfall with range abilities (None if impossible)."""
    if short <= 0:
        return 0
    best: int | None = None
    ranges = [(c, a) for c, e, a in surges if e == "range"]
    for mask in range(1, 1 << len(ranges)):
        cost = amount = 0
        for i, (c, a) in enumerate(ranges):
            if mask >> i & 1:
                cost += c
                amount += a
        if amount >= short and cost <= available and (best is None or cost < best):
            best = cost
    return best


@lru_cache(maxsize=200_000)
def attack_eval(att: tuple[str, ...], dfn: tuple[str, ...], surges: Surges, pierce: int, range_needed: int,
                range_bonus: int, hp: int, bonus_shields: int = 0) -> tuple[float, float, tuple[float, ...]]:
    """(expected damage capped at hp, chance of dealing >= hp, damage distribution 0..hp).

    The attacker spends surges as section 6 says: range first when short, then the
    hearts/pierce package that deals the most damage once the defense is known.
    """
    hp = max(1, hp)
    dist = [0.0] * (hp + 1)
    shields = shield_pool(dfn)
    for p, miss, rng, hearts, surge in attack_pool(att):
        if miss:
            dist[0] += p
            continue
        left = surge
        if range_needed > 0:
            need = range_fix(surges, range_needed - rng - range_bonus, surge)
            if need is None:
                dist[0] += p
                continue
            left -= need
        packages = _surge_packages(surges, left)
        for s, ps in shields:
            blocked = s + bonus_shields
            best = 0
            for _, ph, pp in packages:
                d = hearts + ph - max(0, blocked - pierce - pp)
                if d > best:
                    best = d
            dist[min(hp, best)] += p * ps
    expected = sum(d * p for d, p in enumerate(dist))
    return expected, dist[hp], tuple(dist)


def combine_kill(d1: tuple[float, ...], d2: tuple[float, ...]) -> tuple[float, float]:
    """Two attacks on one target: (expected damage capped, chance the total reaches hp)."""
    hp = len(d1) - 1
    kill = 0.0
    expected = 0.0
    for a, pa in enumerate(d1):
        if pa == 0.0:
            continue
        for b, pb in enumerate(d2):
            t = min(hp, a + b)
            expected += t * pa * pb
            if t >= hp:
                kill += pa * pb
    return expected, kill


@lru_cache(maxsize=None)
def test_fail_chance(attribute: int) -> float:
    """The chance to fail an attribute test (gray + black shields > attribute, DD-117)."""
    return sum(p for s, p in shield_pool(("gray", "black")) if s > attribute)


def best_damage(hearts: int, shields: int, pierce: int, surges: Surges, used: list[str], left: int) -> int:
    """The most damage the attacker can still get out of his unused surges."""
    avail = tuple(s for i, s in enumerate(surges) if f"surge:{i}" not in used)
    best = 0
    for _, ph, pp in _surge_packages(avail, left):
        best = max(best, hearts + ph - max(0, shields - pierce - pp))
    return best


CLEARERS.extend(cached.cache_clear for cached in (die_faces, attack_pool, shield_pool, expected_shields,
                                                  _surge_packages, attack_eval, test_fail_chance))
