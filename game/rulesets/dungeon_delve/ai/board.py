"""The quest's board for the normal Dungeon Delve AI: walls, sight, movement and distances.

Thin cached wrappers over :mod:`game.rulesets.dungeon_delve.geometry` keyed by the quest
and the walls (closed doors included): adjacency, static line of sight (figures ignored,
an upper bound), the squares visible within a radius, movement ranges, distance maps to a
set of goal squares, and the rough "attacks next turn" map of a hero
(:func:`strike_times`). Also the weapon profiles of an equipped set (:func:`weapons_of`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from heapq import heappop, heappush
from typing import Any

from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.ai.common import CLEARERS, Square, cheb, data
from game.rulesets.dungeon_delve.rulesdata import Data, Weapon


def board_of(quest: str) -> geo.Board:
    return data().board(quest)


@lru_cache(maxsize=64)
def walls_of(quest: str, open_doors: tuple[str, ...]) -> frozenset[Any]:
    board = board_of(quest)
    return board.blocking_edges([d for d in board.doors if d not in open_doors])


_NEIGHBOURS: dict[tuple[str, frozenset[Any]], Mapping[Square, tuple[Square, ...]]] = {}
"""The adjacency of each quest's board and walls: the planners ask it hundreds of thousands
of times a game, too often to find the board through the registry every time."""


def neighbours(quest: str, walls: frozenset[Any], square: Square) -> tuple[Square, ...]:
    found = _NEIGHBOURS.get((quest, walls))
    if found is None:
        found = _NEIGHBOURS[(quest, walls)] = board_of(quest).walls_data(walls).neighbours
    return found.get(square, ())


def is_adjacent(quest: str, walls: frozenset[Any], a: Square, b: Square) -> bool:
    return b in neighbours(quest, walls, a)


_LOS: dict[tuple[int, Square, Square], bool] = {}
_WALL_KEYS: dict[frozenset[Any], int] = {}


def static_los(quest: str, walls: frozenset[Any], a: Square, t: Square) -> bool:
    """Line of sight ignoring figures (an upper bound: figures only remove sight)."""
    if a == t:
        return True
    wk = _WALL_KEYS.setdefault(walls, len(_WALL_KEYS))
    key = (wk, a, t) if a <= t else (wk, t, a)
    found = _LOS.get(key)
    if found is None:
        found = geo.line_of_sight(board_of(quest), walls, key[1], key[2]).visible
        _LOS[key] = found
    return found


@lru_cache(maxsize=64)
def door_squares(quest: str) -> tuple[Square, ...]:
    """The squares with a door on an edge (in order): the same for every position of a quest."""
    board = board_of(quest)
    return tuple(sorted(s for s in board.squares if board.doors_touching(s)))


@lru_cache(maxsize=4096)
def visible_within(quest: str, walls: frozenset[Any], a: Square, radius: int) -> tuple[tuple[Square, int], ...]:
    """Squares within ``radius`` of ``a`` with (static) line of sight, with their distance."""
    board = board_of(quest)
    out = []
    for t in board.squares:
        d = cheb(a, t)
        if 0 < d <= radius and board.terrain[t] != "obstacle" and static_los(quest, walls, a, t):
            out.append((t, d))
    return tuple(out)


@lru_cache(maxsize=8192)
def move_range(quest: str, walls: frozenset[Any], start: Square, mp: int, friends: frozenset[Any], enemies: frozenset[Any],
               pass_enemies: bool, water: int) -> geo.MoveRange:
    return geo.movement_range(board_of(quest), walls, start, mp, friends=friends, enemies=enemies,
                              pass_enemies=pass_enemies, water_cost=water)


@lru_cache(maxsize=4096)
def dist_to(quest: str, walls: frozenset[Any], goals: frozenset[Any], water: int) -> dict[Square, int]:
    """MP cost from every square to the nearest goal square, ignoring figures (pits cost 4)."""
    board = board_of(quest)
    terrain = board.terrain
    nb = board.walls_data(walls).neighbours
    out: dict[Square, int] = {}
    heap: list[tuple[int, Square]] = []
    for g in sorted(goals):
        if g in terrain and terrain[g] != "obstacle":
            heappush(heap, (0, g))
    while heap:
        cost, s = heappop(heap)
        if s in out:
            continue
        out[s] = cost
        enter = water if terrain[s] == "water" else 4 if terrain[s] == "pit" else 1
        for q in nb[s]:
            if q not in out and terrain[q] != "obstacle":
                heappush(heap, (cost + enter, q))
    return out


@lru_cache(maxsize=1024)
def weapons_of(equipped: tuple[str, ...]) -> tuple[Weapon, ...]:
    out = [Data._from_item(i, data().item(i)) for i in equipped if data().item(i).is_weapon]
    out.append(Weapon("bare", "bare hands", False, ("blue",)))
    return tuple(out)


@lru_cache(maxsize=4096)
def strike_times(quest: str, walls: frozenset[Any], start: Square, speed: int, water: int, ranged: bool,
                 reach: bool) -> dict[Square, int]:
    """For a hero at ``start``: how many attacks he could make next turn on each square
    (2 without moving, 1 after a Move action, 0 out of reach); a rough, cached estimate."""
    board = board_of(quest)
    dist = dist_to(quest, walls, frozenset({start}), water)
    out: dict[Square, int] = {}
    for q in board.squares:
        if ranged:
            if cheb(start, q) <= 4 and static_los(quest, walls, start, q):
                times = 2
            elif dist.get(q, 99) <= speed + 4:
                times = 1
            else:
                times = 0
        else:
            near = min((dist.get(n, 99) for n in neighbours(quest, walls, q)), default=99)
            if reach:
                near = min(near, max(0, dist.get(q, 99) - 2))
            times = 2 if near == 0 else 1 if near <= speed else 0
        if times:
            out[q] = times
    return out


def _clear() -> None:
    _LOS.clear()
    _NEIGHBOURS.clear()
    _WALL_KEYS.clear()
    for cached in (walls_of, door_squares, visible_within, move_range, dist_to, weapons_of, strike_times):
        cached.cache_clear()


CLEARERS.append(_clear)
