"""Dungeon Delve grid geometry: the board, adjacency, movement, line of sight, range, reach, blast.

This module is the text of checklist section 4 ("Geometry: definitions, algorithms and
test cases") written as code, for the rules it serves: DD-041 to DD-049 (movement),
DD-057 to DD-067 (terrain), DD-074 (doors), DD-087 (range), DD-095 (blast), DD-099
(reach), DD-100 to DD-106 (line of sight and adjacency).

- 4.1 coordinates and map data: :data:`Square`, :data:`Point`, :data:`Edge`,
  :class:`Board`, :func:`parse_board`, :meth:`Board.blocking_edges` (the set ``W``);
- 4.2 adjacency: :func:`direction_class`, :func:`same_side`, :func:`adjacent`;
- 4.3 movement: :func:`movement_range`, :class:`MoveRange`;
- 4.4 line of sight: :func:`line_of_sight`, :class:`Sight`;
- 4.5 range, reach, blast: :func:`distance`, :func:`within_range`, :func:`reach_ok`,
  :func:`blast_squares`.

Everything is exact: integers, and :class:`fractions.Fraction` where a ratio is needed
(4.1, last point). There is no floating point, no I/O and no pygame here.

Speed. The AI and the UI ask these questions often, so the work that does not depend on
the question is done once:

- per board: the map edges, the obstacle squares, ``W`` for each set of closed doors;
- per board and ``W``: the rays ``R(p)`` of every lattice point (4.2) and the adjacent
  squares of every square;
- per segment *shape* ``t - a`` (segments are translation invariant): the squares whose
  interior the segment meets (C1), the unit edges it runs along (C2), the grid-line
  crossings (C3) and its lattice points (C4). A query then only looks up the squares
  and edges the segment really touches, a subset of the bounding box grown by one that
  4.4 allows; :func:`segment_meets_interior` is the literal C1 test, kept for checking.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from heapq import heappop, heappush
from math import gcd
from typing import NamedTuple
from types import MappingProxyType

from game.core.errors import ContentError, RulesError

Square = tuple[int, int]
"""A space ``(x, y)``: x grows east, y grows south; it covers ``x..x+1 × y..y+1`` (2.1)."""

Point = tuple[int, int]
"""A lattice corner ``P(x, y)`` (4.1)."""

Edge = tuple[Point, Point]
"""A unit edge between two neighbouring lattice points, end points sorted (min first)."""

TERRAINS = ("floor", "obstacle", "water", "pit", "lava")
"""The five terrain types of 2.1 (DD-056)."""

LEGEND: Mapping[str, str | None] = MappingProxyType(
    {".": "floor", "#": "obstacle", "~": "water", "o": "pit", "^": "lava", "X": None}
)
"""Map characters of 4.6 (and 2.9): terrain name, or None for off the map. Any other
letter is a figure or token letter standing on floor."""

# The eight direction classes of 4.2, in cyclic (clockwise on screen) order.
E, SE, S, SW, W, NW, N, NE = range(8)
DIRECTION_NAMES = ("E", "SE", "S", "SW", "W", "NW", "N", "NE")

_CLASS_BY_SIGNS: dict[tuple[int, int], int] = {
    (1, 0): E, (1, 1): SE, (0, 1): S, (-1, 1): SW,
    (-1, 0): W, (-1, -1): NW, (0, -1): N, (1, -1): NE,
}


class GeometryError(RulesError, ValueError):
    """A geometry question that makes no sense (a square off the map, a bad edge)."""


# ---------------------------------------------------------------------------------------
# 4.1 Coordinates and map data
# ---------------------------------------------------------------------------------------


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def normalise_edge(edge: Edge) -> Edge:
    """``edge`` with its end points sorted, after checking it is a unit edge (4.1)."""
    (px, py), (qx, qy) = edge
    p, q = (int(px), int(py)), (int(qx), int(qy))
    if abs(p[0] - q[0]) + abs(p[1] - q[1]) != 1:
        raise GeometryError(f"{p}–{q} is not a unit edge between neighbouring lattice points.")
    return (p, q) if p < q else (q, p)


def edge_between(a: Square, b: Square) -> Edge:
    """The unit edge shared by orthogonal neighbours ``a`` and ``b`` (4.1).

    ``(x,y)``/``(x+1,y)`` share ``P(x+1,y)–P(x+1,y+1)``; ``(x,y)``/``(x,y+1)`` share
    ``P(x,y+1)–P(x+1,y+1)``. The checklist writes edges this way, as "(2,1)–(3,1)".
    """
    (ax, ay), (bx, by) = a, b
    if ay == by and abs(ax - bx) == 1:
        x = max(ax, bx)
        return ((x, ay), (x, ay + 1))
    if ax == bx and abs(ay - by) == 1:
        y = max(ay, by)
        return ((ax, y), (ax + 1, y))
    raise GeometryError(f"Squares {a} and {b} are not orthogonal neighbours, so they share no edge.")


def edge_squares(edge: Edge) -> tuple[Square, Square]:
    """The two squares that share a unit edge (west/north one first)."""
    (px, py), (qx, qy) = normalise_edge(edge)
    if px == qx:  # vertical edge at x = px
        return (px - 1, py), (px, py)
    return (px, py - 1), (px, py)


def square_edges(sq: Square) -> tuple[Edge, Edge, Edge, Edge]:
    """The four unit edges of a square: north, east, south, west."""
    x, y = sq
    return (((x, y), (x + 1, y)), ((x + 1, y), (x + 1, y + 1)),
            ((x, y + 1), (x + 1, y + 1)), ((x, y), (x, y + 1)))


def corners(sq: Square) -> tuple[Point, Point, Point, Point]:
    """The corners of a square in the order of 4.1: NW, NE, SW, SE."""
    x, y = sq
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def _edge_rays(edge: Edge) -> tuple[tuple[Point, int], tuple[Point, int]]:
    """An edge seen from its two end points: (p, direction of the edge from p), twice."""
    p, q = edge
    if p[0] == q[0]:  # vertical: from the north end it points S, from the south end N
        return (p, S), (q, N)
    return (p, E), (q, W)


@dataclass(frozen=True)
class WallData:
    """What one blocking edge set ``W`` means on one board (4.2), computed once."""

    edges: frozenset[Edge]
    """``W`` with its end points sorted, always including the map edges."""
    rays: Mapping[Point, int]
    """``R(p)`` as a bit mask over the direction indices (only even bits), non-empty only."""
    neighbours: Mapping[Square, tuple[Square, ...]]
    """For every on-map square, the squares adjacent to it (4.2), in reading order."""
    steps: Mapping[Square, tuple[MoveStep, ...]] = field(default_factory=lambda: MappingProxyType({}))
    """For every on-map square, the steps of 4.3 a figure there may take whatever the
    figures: to the adjacent squares that are not obstacles, none out of a pit."""


class MoveStep(NamedTuple):
    """A step of 4.3 into an adjacent square, with what entering it means."""

    to: Square
    water: bool
    pit: bool
    hazard: bool
    """Lava or pit: the path's count of such spaces grows (DD-063, DD-059)."""
    diagonal: bool


@dataclass(frozen=True)
class Board:
    """An on-map set of squares with terrain, internal walls and doors (4.1).

    - ``terrain`` maps every on-map square to one of :data:`TERRAINS`; off-map squares
      are simply absent (2.1 "off the map (void)").
    - ``internal_walls`` are unit edges between two on-map squares (2.1 "Walls").
    - ``doors`` maps a door id to its unit edges: a straight run between on-map squares
      whose two end points each touch a wall or the map edge (2.1 "Map validity").

    The board is checked and frozen when built (a :class:`ContentError` names the
    problem). Which doors are closed is game state, not board data: pass it to
    :meth:`blocking_edges`.
    """

    terrain: Mapping[Square, str]
    internal_walls: frozenset[Edge] = frozenset()
    doors: Mapping[str, frozenset[Edge]] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        terrain: dict[Square, str] = {}
        for sq, kind in self.terrain.items():
            if kind not in TERRAINS:
                raise ContentError(f"Square {sq} has terrain '{kind}'; known: {', '.join(TERRAINS)}.")
            terrain[(int(sq[0]), int(sq[1]))] = kind
        object.__setattr__(self, "terrain", MappingProxyType(terrain))
        try:
            walls = frozenset(normalise_edge(e) for e in self.internal_walls)
            doors = {str(name): frozenset(normalise_edge(e) for e in run) for name, run in self.doors.items()}
        except GeometryError as err:
            raise ContentError(f"Map walls and doors must be unit edges: {err}") from None
        object.__setattr__(self, "internal_walls", walls)
        object.__setattr__(self, "doors", MappingProxyType(doors))
        for wall in walls:
            self._check_inner_edge(wall, "internal wall")
        seen: set[Edge] = set()
        for name, run in doors.items():
            self._check_door(name, run)
            if run & walls:
                raise ContentError(f"Door '{name}' lies on an internal wall.")
            if run & seen:
                raise ContentError(f"Door '{name}' overlaps another door.")
            seen |= run

    def _check_inner_edge(self, edge: Edge, what: str) -> None:
        a, b = edge_squares(edge)
        if a not in self.terrain or b not in self.terrain:
            raise ContentError(f"The {what} {edge[0]}–{edge[1]} must lie between two on-map squares.")

    def _check_door(self, name: str, run: frozenset[Edge]) -> None:
        """2.1 Doors: a straight run of unit edges between on-map squares that fills its
        doorway (each end point touches a wall or the map edge)."""
        if not run:
            raise ContentError(f"Door '{name}' has no edges.")
        for edge in run:
            self._check_inner_edge(edge, f"edge of door '{name}'")
        vertical = {e[0][0] == e[1][0] for e in run}
        lines = {e[0][0] if e[0][0] == e[1][0] else e[0][1] for e in run}
        if len(vertical) != 1 or len(lines) != 1:
            raise ContentError(f"Door '{name}' is not a straight run of edges.")
        axis = 1 if vertical.pop() else 0
        starts = sorted(e[0][axis] for e in run)
        if starts[-1] - starts[0] != len(starts) - 1:
            raise ContentError(f"Door '{name}' has a gap: its edges must form one run.")
        first, last = min(e[0] for e in run), max(e[1] for e in run)
        touching = {p for e in self.map_edges | self.internal_walls for p in e}
        for end in (first, last):
            if end not in touching:
                raise ContentError(
                    f"Door '{name}' does not fill its doorway: its end P{end} touches no wall or map edge."
                )

    def __hash__(self) -> int:
        """Boards are values: equal boards hash alike, so a board can key a cache."""
        return hash((frozenset(self.terrain.items()), self.internal_walls, frozenset(self.doors.items())))

    # -- queries ---------------------------------------------------------------------------

    def on_map(self, sq: Square) -> bool:
        """Whether ``sq`` is a space of the map (2.1)."""
        return sq in self.terrain

    @cached_property
    def squares(self) -> tuple[Square, ...]:
        """Every on-map square in reading order (y, then x)."""
        return tuple(sorted(self.terrain, key=lambda s: (s[1], s[0])))

    @cached_property
    def obstacles(self) -> frozenset[Square]:
        """The obstacle squares: blocked spaces for movement and LoS (DD-057)."""
        return frozenset(s for s, kind in self.terrain.items() if kind == "obstacle")

    @cached_property
    def see_through(self) -> frozenset[Square]:
        """The on-map squares that are not obstacles: the ones only a figure can make
        block a line of sight (4.1)."""
        return frozenset(s for s, kind in self.terrain.items() if kind != "obstacle")

    @cached_property
    def map_edges(self) -> frozenset[Edge]:
        """Every unit edge between an on-map and an off-map square (4.1, first item of W)."""
        out: set[Edge] = set()
        for (x, y) in self.terrain:
            for other in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if other not in self.terrain:
                    out.add(edge_between((x, y), other))
        return frozenset(out)

    @cached_property
    def door_of_edge(self) -> Mapping[Edge, str]:
        """Door id by unit edge."""
        return MappingProxyType({e: name for name, run in self.doors.items() for e in run})

    def doors_touching(self, sq: Square) -> frozenset[str]:
        """The doors lying on an edge of ``sq``: the ones a hero there may open or close
        (DD-073, DDA-18 "a door on an edge of the hero's space")."""
        return frozenset(self.door_of_edge[e] for e in square_edges(sq) if e in self.door_of_edge)

    @cached_property
    def _blocking_cache(self) -> dict[frozenset[str], frozenset[Edge]]:
        return {}

    @cached_property
    def _walls_cache(self) -> dict[frozenset[Edge], WallData]:
        return {}

    def blocking_edges(self, closed_doors: Iterable[str]) -> frozenset[Edge]:
        """The blocking edge set ``W`` of 4.1: map edges, internal walls, closed doors.

        The same object is returned for the same closed doors, so the per-``W`` data
        below is found again at the cost of one dictionary look-up.
        """
        if isinstance(closed_doors, str):
            raise TypeError("closed_doors is a collection of door ids, not one id string")
        key = frozenset(closed_doors)
        found = self._blocking_cache.get(key)
        if found is None:
            unknown = key - set(self.doors)
            if unknown:
                raise GeometryError(f"Unknown door(s): {', '.join(sorted(unknown))}.")
            found = self.map_edges | self.internal_walls
            for name in key:
                found |= self.doors[name]
            self._blocking_cache[key] = found
        return found

    def walls_data(self, walls: frozenset[Edge]) -> WallData:
        """Rays ``R(p)`` and adjacency for this ``W`` (4.2), computed once per ``W``.

        The map edges belong to ``W`` by definition (4.1), so they are added if the
        caller's set lacks them.
        """
        data = self._walls_cache.get(walls)
        if data is None:
            edges = frozenset(normalise_edge(e) for e in walls) | self.map_edges
            rays: dict[Point, int] = {}
            for edge in edges:
                for p, direction in _edge_rays(edge):
                    rays[p] = rays.get(p, 0) | (1 << direction)
            neighbours: dict[Square, tuple[Square, ...]] = {}
            for (x, y) in self.terrain:
                neighbours[(x, y)] = tuple(
                    q for q in ((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
                    if q != (x, y) and _adjacent(self, edges, rays, (x, y), q)
                )
            terrain = self.terrain
            steps = {sq: () if kind == "pit" else tuple(
                MoveStep(q, terrain[q] == "water", terrain[q] == "pit", terrain[q] in _DAMAGE_ON_ENTERING,
                         q[0] != sq[0] and q[1] != sq[1])
                for q in neighbours[sq] if terrain[q] != "obstacle") for sq, kind in terrain.items()}
            data = WallData(edges, MappingProxyType(rays), MappingProxyType(neighbours), MappingProxyType(steps))
            self._walls_cache[walls] = data
        return data


def _require_on_map(board: Board, sq: Square, what: str) -> None:
    if sq not in board.terrain:
        raise GeometryError(f"The {what} square {sq} is not on the map.")


def parse_board(
    rows: Sequence[str],
    *,
    internal_walls: Iterable[Edge] = (),
    doors: Mapping[str, Iterable[Edge]] | None = None,
) -> Board:
    """A board from map rows in the legend of 4.6 (and 2.9).

    ``rows[y][x]`` is square ``(x, y)``: ``.`` floor, ``#`` obstacle, ``~`` water,
    ``o`` pit, ``^`` lava, ``X`` off the map. Any other letter (A, T, H, M, K, S …) is a
    floor square; the caller reads figure and token letters itself. Rows may differ in
    length; squares past a row's end are off the map.

    ``internal_walls`` and ``doors`` are unit edges as lattice-point pairs; the
    checklist's "(2,1)–(3,1)" notation is ``edge_between((2, 1), (3, 1))``.
    """
    terrain: dict[Square, str] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in LEGEND:
                kind = LEGEND[ch]
                if kind is not None:
                    terrain[(x, y)] = kind
            elif ch.isalpha():
                terrain[(x, y)] = "floor"
            else:
                raise ContentError(f"Map row {y}, column {x}: unknown map character {ch!r}.")
    door_runs = {name: frozenset(run) for name, run in (doors or {}).items()}
    return Board(terrain, frozenset(internal_walls), MappingProxyType(door_runs))


# ---------------------------------------------------------------------------------------
# 4.2 Adjacency (DD-106)
# ---------------------------------------------------------------------------------------


def direction_class(dx: int, dy: int) -> int:
    """The direction class of 4.2 of the vector ``(dx, dy)``, from the signs alone.

    0 E, 1 SE quadrant, 2 S, 3 SW quadrant, 4 W, 5 NW quadrant, 6 N, 7 NE quadrant
    (y grows south). Rays (wall edges) always fall on the even indices.
    """
    if dx == 0 and dy == 0:
        raise GeometryError("A zero vector has no direction.")
    return _CLASS_BY_SIGNS[(_sign(dx), _sign(dy))]


def _centre_direction(p: Point, sq: Square) -> int:
    """The direction from lattice point ``p`` to the centre of ``sq`` (never zero)."""
    return _CLASS_BY_SIGNS[(_sign(2 * sq[0] + 1 - 2 * p[0]), _sign(2 * sq[1] + 1 - 2 * p[1]))]


@lru_cache(maxsize=None)
def _same_side_mask(u: int, v: int, mask: int) -> bool:
    if (mask >> u) & 1 or (mask >> v) & 1:
        return False
    if u == v:
        return True
    for step in (1, -1):  # clockwise, then counter-clockwise
        i = (u + step) % 8
        while i != v and not (mask >> i) & 1:
            i = (i + step) % 8
        if i == v:
            return True
    return False


def same_side(u: int, v: int, rays: Collection[int]) -> bool:
    """``same_side(u, v, R)`` of 4.2.

    Directions ``u`` and ``v`` (class indices) are on the same side of the rays ``R`` if
    walking round the circle from u to v, one way or the other, meets no index of R
    strictly between them. ``u == v`` is true; u or v being itself a ray is false.
    """
    mask = 0
    for r in rays:
        mask |= 1 << (r % 8)
    return _same_side_mask(u % 8, v % 8, mask)


def rays_at(board: Board, walls: frozenset[Edge], p: Point) -> frozenset[int]:
    """``R(p)`` of 4.2: the directions (E 0, S 2, W 4, N 6) of the edges of W ending at p."""
    mask = board.walls_data(walls).rays.get(p, 0)
    return frozenset(i for i in range(8) if (mask >> i) & 1)


def _adjacent(board: Board, edges: frozenset[Edge], rays: Mapping[Point, int], a: Square, b: Square) -> bool:
    """The adjacency test of 4.2 on precomputed ``W`` and ``R``."""
    if a == b or a not in board.terrain or b not in board.terrain:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) != 1:
        return False
    if dx == 0 or dy == 0:  # orthogonal: the shared edge must not be in W
        return edge_between(a, b) not in edges
    p = (max(a[0], b[0]), max(a[1], b[1]))  # the shared corner
    mask = rays.get(p, 0)
    return not mask or _same_side_mask(_centre_direction(p, a), _centre_direction(p, b), mask)


def adjacent(board: Board, walls: frozenset[Edge], a: Square, b: Square) -> bool:
    """Whether spaces ``a`` and ``b`` are adjacent (DD-106, algorithm 4.2).

    Two different on-map spaces at distance 1 are adjacent if, orthogonally, their
    shared edge is not in ``W``; diagonally, if the directions from their shared corner
    p to the two centres are on the same side of the rays ``R(p)``. So a diagonal step
    round a single wall corner or past a wall's end is allowed, one through a straight
    wall junction or a "+" is not (DDA-10, DDA-11). Obstacles and figures do not matter.
    (The test itself is :func:`_adjacent`; its answers are in ``neighbours``.)
    """
    return b in board.walls_data(walls).neighbours.get(a, ())


# ---------------------------------------------------------------------------------------
# 4.3 Movement
# ---------------------------------------------------------------------------------------

_DAMAGE_ON_ENTERING: Mapping[str, int] = MappingProxyType({"lava": 1, "pit": 2})  # DD-063, DD-059


@dataclass(frozen=True)
class MoveRange:
    """The movement range of 4.3, as reported to the UI and the AI.

    - ``costs``: the minimum MP to reach every reachable square within the MP (the start
      included at 0), passable-only squares included;
    - ``ends``: the legal end spaces: reachable, holding no other figure, not the start
      (DD-046, DD-047; a knocked-out token is no figure, DD-049);
    - ``pass_only``: reachable squares that may only be passed through (friendly figures,
      DD-044; enemies passed with Nimble or Slip Away).
    """

    costs: Mapping[Square, int]
    ends: frozenset[Square]
    pass_only: frozenset[Square]
    paths: Mapping[Square, tuple[Square, ...]] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False
    )
    damages: Mapping[Square, int] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False
    )

    def path(self, sq: Square) -> tuple[Square, ...]:
        """The path from the start to ``sq`` (both included): the cheapest, ties broken by
        fewest lava/pit spaces, then fewest diagonal steps, then lexicographic order (4.3)."""
        if sq not in self.paths:
            raise KeyError(f"Square {sq} is not reachable.")
        return self.paths[sq]

    def damage(self, sq: Square) -> int:
        """The damage :meth:`path` causes: 1 per lava space entered (DD-063), 2 for
        entering a pit (DD-059)."""
        if sq not in self.damages:
            raise KeyError(f"Square {sq} is not reachable.")
        return self.damages[sq]


def movement_range(
    board: Board,
    walls: frozenset[Edge],
    start: Square,
    mp: int,
    *,
    friends: frozenset[Square] = frozenset(),
    enemies: frozenset[Square] = frozenset(),
    pass_enemies: bool = False,
    water_cost: int = 2,
) -> MoveRange:
    """Where a figure at ``start`` with ``mp`` movement points can go (4.3).

    A uniform-cost search over spaces, keyed by (MP, lava/pit spaces, diagonal steps,
    path) so that the path reported is the one 4.3 asks for. A step s → q is allowed if:

    - q is on the map and not an obstacle (DD-043, DD-048, DD-057);
    - q holds no enemy figure, unless ``pass_enemies`` (Nimble, Slip Away) (DD-043);
      friendly figures may be passed (DD-044);
    - s and q are adjacent (4.2), so no wall, map edge or closed door is crossed and a
      diagonal may pass between two blocked spaces (DD-045, DD-048, DD-074);
    - s is not a pit: a figure in a pit cannot move (DD-061), and entering a pit ends
      the movement (DD-059), so a pit is only ever the last space of a path;
    - q is not a pit holding another figure (DD-046, DD-059).

    A step costs ``water_cost`` MP into water (DD-058; 1 for Tamsin), else 1 MP,
    diagonal or not (DD-041). ``friends`` and ``enemies`` are the squares of the other
    figures (the start square is ignored in both); knocked-out tokens are not figures.
    """
    _require_on_map(board, start, "starting")
    if mp < 0:
        raise GeometryError("mp must be a non-negative number of movement points")
    if water_cost < 1:
        raise GeometryError("water_cost must be at least 1")
    terrain = board.terrain
    steps = board.walls_data(walls).steps  # none into an obstacle, none out of a pit (DD-059, DD-061)
    others = (friends | enemies) - {start}
    blocking_enemies: frozenset[Square] = frozenset() if pass_enemies else enemies - {start}
    costs: dict[Square, int] = {}
    paths: dict[Square, tuple[Square, ...]] = {}
    best: dict[Square, tuple[int, int, int, tuple[Square, ...]]] = {start: (0, 0, 0, (start,))}
    heap: list[tuple[int, int, int, tuple[Square, ...]]] = [(0, 0, 0, (start,))]
    while heap:
        key = heappop(heap)
        cost, hazards, diagonals, path = key
        sq = path[-1]
        if sq in costs:
            continue
        costs[sq] = cost
        paths[sq] = path
        for q, water, pit, hazard, diagonal in steps[sq]:
            if q in costs or q in blocking_enemies or (pit and q in others):
                continue
            new_cost = cost + (water_cost if water else 1)
            if new_cost > mp:
                continue
            old = best.get(q)
            if old is not None and old[0] < new_cost:
                continue  # already reached for fewer MP: no need to build this key
            new = (new_cost, hazards + hazard, diagonals + diagonal, path + (q,))
            if old is None or new < old:
                best[q] = new
                heappush(heap, new)
    # A path's damage is 1 per lava or pit space entered (its hazards) and 1 more for a pit,
    # which can only be its last space (no step leads out of a pit) and never the start.
    damages = {sq: best[sq][1] + (sq != start and terrain[sq] == "pit") for sq in paths}
    return MoveRange(
        costs=MappingProxyType(costs),
        ends=frozenset(sq for sq in costs if sq != start and sq not in others),
        pass_only=frozenset(sq for sq in costs if sq in others),
        paths=MappingProxyType(paths),
        damages=MappingProxyType(damages),
    )


# ---------------------------------------------------------------------------------------
# 4.4 Line of sight
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sight:
    """The answer to a line-of-sight question (DD-100 to DD-105, 4.4).

    ``segment`` is one clear corner-to-corner segment when ``visible`` (for drawing), or
    None (also for a square looking at itself). ``reason`` is a short sentence for
    players when not visible, else empty.
    """

    visible: bool
    segment: tuple[Point, Point] | None
    reason: str


@dataclass(frozen=True)
class _Pattern:
    """Everything 4.4 needs of a segment from P(0,0) to P(dx,dy); translate by ``a``."""

    squares: tuple[Square, ...]
    """C1: the squares whose open interior the segment meets, in order along it."""
    run: tuple[tuple[Edge, Square, Square], ...]
    """C2: for an axis-parallel segment, each unit edge it runs along with its two squares."""
    crossings: tuple[Edge, ...]
    """C3: the unit edges whose relative interior the segment crosses (not at a lattice point)."""
    points: tuple[Point, ...]
    """C4: the lattice points on the segment, ``k (dx, dy) / g`` for k = 0..g."""
    forward: int
    """The direction class from any point of the segment towards t."""
    back: int
    """The direction class from any point of the segment back towards a."""


@lru_cache(maxsize=None)
def _pattern(dx: int, dy: int) -> _Pattern:
    """The shape of the segment P(0,0)→P(dx,dy), cached (segments are translation invariant)."""
    squares: list[Square] = []
    run: list[tuple[Edge, Square, Square]] = []
    crossings: list[tuple[Fraction, Edge]] = []
    if dx and dy:
        # C1. Column c (c < x < c+1) holds the open piece of the segment with y strictly
        # between c·dy/dx and (c+1)·dy/dx; square (c, r) is met iff r < hi and r + 1 > lo.
        den = abs(dx)
        columns = range(0, dx) if dx > 0 else range(-1, dx - 1, -1)
        for c in columns:
            n0, n1 = c * dy * _sign(dx), (c + 1) * dy * _sign(dx)
            lo, hi = min(n0, n1), max(n0, n1)
            first, last = lo // den, -(-hi // den) - 1
            rows = range(first, last + 1) if dy > 0 else range(last, first - 1, -1)
            squares.extend((c, r) for r in rows)
        # C3. Grid lines crossed strictly between the ends, away from lattice points.
        for c in range(1, abs(dx)):
            x = c * _sign(dx)
            y = Fraction(x * dy, dx)
            if y.denominator != 1:
                fy = y.numerator // y.denominator
                crossings.append((Fraction(c, abs(dx)), ((x, fy), (x, fy + 1))))
        for r in range(1, abs(dy)):
            y_line = r * _sign(dy)
            x_at = Fraction(y_line * dx, dy)
            if x_at.denominator != 1:
                fx = x_at.numerator // x_at.denominator
                crossings.append((Fraction(r, abs(dy)), ((fx, y_line), (fx + 1, y_line))))
    elif dy == 0:
        # C2, horizontal: the unit edges along y = 0 and the squares above and below.
        for i in range(abs(dx)):
            x0 = i if dx > 0 else -i - 1
            run.append((((x0, 0), (x0 + 1, 0)), (x0, -1), (x0, 0)))
    else:
        # C2, vertical: the unit edges along x = 0 and the squares west and east.
        for i in range(abs(dy)):
            y0 = i if dy > 0 else -i - 1
            run.append((((0, y0), (0, y0 + 1)), (-1, y0), (0, y0)))
    g = gcd(abs(dx), abs(dy))
    sx, sy = dx // g, dy // g
    crossings.sort()
    return _Pattern(
        squares=tuple(squares),
        run=tuple(run),
        crossings=tuple(e for _, e in crossings),
        points=tuple((k * sx, k * sy) for k in range(g + 1)),
        forward=direction_class(dx, dy),
        back=direction_class(-dx, -dy),
    )


def segment_meets_interior(a: Point, t: Point, q: Square) -> bool:
    """C1's literal test (4.4): does segment [a, t] meet the open interior of square q?

    Write s as ``a + λ(t − a)``, λ in [0, 1]. Per axis with a nonzero component, the
    open λ-interval where that coordinate lies strictly inside the square; per axis with
    a zero component, the coordinate must lie strictly inside or there is no hit. Hit iff
    ``max(lower bounds, 0) < min(upper bounds, 1)``. (The engine uses the equivalent
    cached traversal in :func:`_pattern`; this is kept to check it.)
    """
    lower, upper = [Fraction(0)], [Fraction(1)]
    for start, end, low in ((a[0], t[0], q[0]), (a[1], t[1], q[1])):
        d = end - start
        if d == 0:
            if not low < start < low + 1:
                return False
            continue
        l0, l1 = Fraction(low - start, d), Fraction(low + 1 - start, d)
        lower.append(min(l0, l1))
        upper.append(max(l0, l1))
    return max(lower) < min(upper)


def segment_interior_squares(a: Point, t: Point) -> tuple[Square, ...]:
    """The squares whose open interior segment [a, t] meets, in order from a (C1 of 4.4).

    Equal to the squares q of the bounding box grown by one for which
    :func:`segment_meets_interior` holds, found without scanning the box. A single
    point meets no interior.
    """
    if a == t:
        return ()
    pat = _pattern(t[0] - a[0], t[1] - a[1])
    return tuple((a[0] + x, a[1] + y) for x, y in pat.squares)


class _Cause(NamedTuple):
    """What blocks one segment: a square ("figure", "obstacle", "offmap"), an edge of W
    ("edge") or a lattice point where walls meet ("point"). A named tuple: one is made
    for every blocked segment, and a tuple is made several times faster than a frozen
    dataclass."""

    kind: str
    square: Square = (0, 0)
    edge: Edge = ((0, 0), (0, 0))


def _square_cause(board: Board, figures: frozenset[Square], q: Square) -> _Cause | None:
    """Why ``q`` blocks a segment, if it does. Callers first test the cheaper ``q in
    figures or q not in board.see_through``, true exactly when this returns a cause."""
    if q not in board.terrain:
        return _Cause("offmap", q)
    if q in board.obstacles:
        return _Cause("obstacle", q)
    if q in figures:
        return _Cause("figure", q)
    return None


def _segment_cause(
    board: Board, data: WallData, figures: frozenset[Square], A: Square, T: Square, a: Point, t: Point
) -> _Cause | None:
    """Checks C1–C4 of 4.4 for segment [a, t] from a corner of A to a corner of T.

    Returns None if the segment is clear, else the first thing found that blocks it.
    ``B(A,T)`` is: off-map squares, obstacles and ``figures``, except A and T.
    """
    ax, ay = a
    pat = _pattern(t[0] - ax, t[1] - ay)
    edges = data.edges
    see_through = board.see_through
    # (C1) interiors of blocked squares
    for rx, ry in pat.squares:
        q = (ax + rx, ay + ry)
        if (q in figures or q not in see_through) and q != A and q != T:
            return _square_cause(board, figures, q)
    # (C2) running along an edge of W or an edge of a blocked square
    for (p0, p1), s0, s1 in pat.run:
        for rq in (s0, s1):
            q = (ax + rq[0], ay + rq[1])
            if (q in figures or q not in see_through) and q != A and q != T:
                return _square_cause(board, figures, q)
        edge = ((ax + p0[0], ay + p0[1]), (ax + p1[0], ay + p1[1]))
        if edge in edges:
            return _Cause("edge", edge=edge)
    return _wall_cause(data, pat, A, T, a)


def _wall_cause(data: WallData, pat: _Pattern, A: Square, T: Square, a: Point) -> _Cause | None:
    """Checks C3 and C4 of 4.4 for the segment of shape ``pat`` from corner ``a`` of A to a
    corner of T: what blocks it there, or None. Walls only: figures play no part."""
    ax, ay = a
    edges = data.edges
    # (C3) crossing an edge of W in mid-edge
    for p0, p1 in pat.crossings:
        edge = ((ax + p0[0], ay + p0[1]), (ax + p1[0], ay + p1[1]))
        if edge in edges:
            return _Cause("edge", edge=edge)
    # (C4) wall end points and junctions: u (back towards a) and v (on towards t) must be
    # on the same side of R(p); at a and t the square's own centre stands in (DDA-09).
    rays = data.rays
    last = len(pat.points) - 1
    for k, (rx, ry) in enumerate(pat.points):
        p = (ax + rx, ay + ry)
        mask = rays.get(p)
        if mask:
            u = _centre_direction(p, A) if k == 0 else pat.back
            v = _centre_direction(p, T) if k == last else pat.forward
            if not _same_side_mask(u, v, mask):
                return _Cause("point", square=p)
    return None


def segment_walled(data: WallData, A: Square, T: Square, a: Point, t: Point) -> bool:
    """Whether segment [a, t] from a corner of A to a corner of T is blocked by walls
    alone: it runs along an edge of W (C2), crosses one (C3) or passes a wall point the
    wrong way (C4). The squares it meets (C1, C2) are not looked at."""
    ax, ay = a
    pat = _pattern(t[0] - ax, t[1] - ay)
    edges = data.edges
    for (p0, p1), _, _ in pat.run:
        if ((ax + p0[0], ay + p0[1]), (ax + p1[0], ay + p1[1])) in edges:
            return True
    return _wall_cause(data, pat, A, T, a) is not None


def segment_squares(a: Point, t: Point) -> tuple[Square, ...]:
    """The squares C1 and C2 of 4.4 look at for segment [a, t]: those whose interior it
    meets and, running along grid lines, those on both sides of it (A and T included)."""
    ax, ay = a
    pat = _pattern(t[0] - ax, t[1] - ay)
    return tuple((ax + rx, ay + ry) for rx, ry in pat.squares) + tuple(
        (ax + rq[0], ay + rq[1]) for _, s0, s1 in pat.run for rq in (s0, s1))


def segment_is_clear(
    board: Board,
    walls: frozenset[Edge],
    a: Square,
    t: Square,
    segment: tuple[Point, Point],
    *,
    blockers: frozenset[Square] = frozenset(),
) -> bool:
    """Whether one segment from a corner of ``a`` to a different corner of ``t`` passes
    checks C1–C4 of 4.4 (blocked squares as in :func:`line_of_sight`)."""
    pa, pt = segment
    if pa not in corners(a) or pt not in corners(t) or pa == pt:
        raise GeometryError(f"{pa}->{pt} is not a segment between different corners of {a} and {t}.")
    data = board.walls_data(walls)
    return _segment_cause(board, data, frozenset(blockers), a, t, pa, pt) is None


def corner_pairs(a: Square, t: Square) -> list[tuple[Point, Point]]:
    """The corner pairs of 4.4 step 2 with ``a ≠ t``: the four parallel pairs (NW–NW,
    NE–NE, SW–SW, SE–SE) first, as they draw best, then the others."""
    ax, ay = a
    return [((ax + i, ay + j), (ax + k, ay + m)) for (i, j), (k, m) in _corner_offsets(t[0] - ax, t[1] - ay)]


@lru_cache(maxsize=None)
def _corner_offsets(dx: int, dy: int) -> tuple[tuple[Point, Point], ...]:
    """:func:`corner_pairs` from (0, 0) to (dx, dy), remembered (it is translation invariant)."""
    ca, ct = corners((0, 0)), corners((dx, dy))
    pairs = [(ca[i], ct[i]) for i in range(4)]
    pairs += [(ca[i], ct[j]) for i in range(4) for j in range(4) if i != j]
    return tuple((p, q) for p, q in pairs if p != q)


def _adjacent_segment(a: Square, t: Square) -> tuple[Point, Point]:
    """A segment that is always clear between adjacent squares: the shared edge
    (orthogonal) or the long diagonal through the shared corner (diagonal)."""
    if a[0] == t[0] or a[1] == t[1]:
        p, q = edge_between(a, t)
        return (p, q)
    ca, ct = corners(a), corners(t)
    shared = (max(a[0], t[0]), max(a[1], t[1]))
    far_a = next(c for c in ca if c[0] != shared[0] and c[1] != shared[1])
    far_t = next(c for c in ct if c[0] != shared[0] and c[1] != shared[1])
    return (far_a, far_t)


def _edge_kind(board: Board, edge: Edge) -> str:
    if edge in board.door_of_edge:
        return "door"
    if edge in board.internal_walls:
        return "wall"
    return "map edge"


def _reason(board: Board, data: WallData, a: Square, causes: list[_Cause]) -> str:
    """A short sentence for players: the figure or obstacle that blocks the most lines
    (nearest first on ties); otherwise the kind of wall that does."""
    squares = Counter(c.square for c in causes if c.kind in ("figure", "obstacle"))
    if squares:
        best = min(squares, key=lambda q: (-squares[q], distance(a, q), q[1], q[0]))
        kind = next(c.kind for c in causes if c.kind in ("figure", "obstacle") and c.square == best)
        where = f"({best[0]},{best[1]})"
        return f"a figure at {where} is in the way" if kind == "figure" else f"the obstacle at {where} is in the way"
    kinds: set[str] = set()
    for cause in causes:
        if cause.kind == "edge":
            kinds.add(_edge_kind(board, cause.edge))
        elif cause.kind == "point":
            p = cause.square
            kinds |= {_edge_kind(board, e) for e in data.edges if p in e}
        else:
            kinds.add("map edge")
    if "door" in kinds:
        return "a closed door is in the way"
    if "wall" in kinds:
        return "a wall blocks every line"
    return "the edge of the map is in the way"


def line_of_sight(
    board: Board,
    walls: frozenset[Edge],
    a: Square,
    t: Square,
    *,
    blockers: frozenset[Square] = frozenset(),
    a_in_pit: bool = False,
    t_in_pit: bool = False,
) -> Sight:
    """Line of sight from space ``a`` to space ``t``: the exact algorithm of 4.4.

    1. Pit rule (DD-060): if the figure concerned at A or at T stands in a pit
       (``a_in_pit`` / ``t_in_pit``), LoS exists exactly when A and T are adjacent (4.2).
    2. Otherwise LoS exists if some segment from a corner of A to a different corner of
       T is clear (DD-100): it meets no interior of a blocked square (C1), runs along no
       edge of W or of a blocked square (C2), crosses no edge of W in mid-edge (C3), and
       at every lattice point on it the way back and the way on are on the same side of
       the wall rays there, with A's and T's centres standing in at the ends (C4).

    Blocked squares ``B(A,T)`` (4.1) are the off-map squares, the obstacles (DD-057) and
    ``blockers`` (squares holding figures; a knocked-out token is not a figure, DD-103),
    never A and T themselves (DD-104). Water, lava and empty pits block nothing
    (DD-067). A square sees itself (no segment).
    """
    _require_on_map(board, a, "looking")
    _require_on_map(board, t, "target")
    for flag, sq, who in ((a_in_pit, a, "looking"), (t_in_pit, t, "target")):
        if flag and board.terrain[sq] != "pit":
            raise GeometryError(f"The {who} figure cannot be in a pit: {sq} is {board.terrain[sq]}.")
    if a == t:
        return Sight(True, None, "")
    data = board.walls_data(walls)
    if a_in_pit or t_in_pit:  # step 1, DD-060
        if _adjacent(board, data.edges, data.rays, a, t):
            return Sight(True, _adjacent_segment(a, t), "")
        reason = ("a figure in a pit sees only adjacent squares" if a_in_pit
                  else "only adjacent figures see into a pit")
        return Sight(False, None, reason)
    figures = blockers if isinstance(blockers, frozenset) else frozenset(blockers)
    causes: list[_Cause] = []
    for pa, pt in corner_pairs(a, t):  # step 2
        cause = _segment_cause(board, data, figures, a, t, pa, pt)
        if cause is None:
            return Sight(True, (pa, pt), "")
        causes.append(cause)
    return Sight(False, None, _reason(board, data, a, causes))


# ---------------------------------------------------------------------------------------
# 4.5 Range, reach, blast (DD-087, DD-099, DD-095)
# ---------------------------------------------------------------------------------------


def distance(a: Square, b: Square) -> int:
    """The range distance of DD-087 (DDA-12): the Chebyshev distance ``max(|dx|, |dy|)``,
    the number of king moves, ignoring terrain, figures and walls."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def within_range(a: Square, t: Square, total_range: int) -> bool:
    """DD-086 step 3: the range rolled plus modifiers reaches the target's distance."""
    return total_range >= distance(a, t)


def reach_ok(
    board: Board,
    walls: frozenset[Edge],
    a: Square,
    t: Square,
    blockers: frozenset[Square] = frozenset(),
    *,
    a_in_pit: bool = False,
    t_in_pit: bool = False,
) -> bool:
    """Whether a Reach melee attack from ``a`` may target ``t`` (DD-079, DD-099, 4.5).

    An adjacent target needs only adjacency; otherwise distance ≤ 2 and line of sight
    (DDA-15: no walkable path is needed).
    """
    if adjacent(board, walls, a, t):
        return True
    return 0 < distance(a, t) <= 2 and line_of_sight(
        board, walls, a, t, blockers=blockers, a_in_pit=a_in_pit, t_in_pit=t_in_pit
    ).visible


def blast_squares(board: Board, walls: frozenset[Edge], target: Square) -> frozenset[Square]:
    """The spaces a Blast attack on ``target`` affects (DD-095, 4.5): the target space
    and every space adjacent to it (4.2), so walls and closed doors shield the spaces
    behind them (DDA-14)."""
    _require_on_map(board, target, "target")
    return frozenset((target, *board.walls_data(walls).neighbours[target]))
