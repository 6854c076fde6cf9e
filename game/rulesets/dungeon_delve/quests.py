"""Dungeon Delve quests (checklist 2.9): a quest's map, walls, doors, tokens, areas,
placements, objective and reinforcement, and how a quest file is loaded and checked: its map
must parse, its doors fill their doorways, its tokens and placements stand on its map. Every
error is a ContentError naming the file, the record and the field.

The quest map is parsed into terrain only; adjacency, movement and line of sight belong to the
geometry module. content.py loads the quests with the rest of the set (and re-exports these).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.core.cards import Field, Schema, check_record, list_of_tables, not_negative, positive, read_toml
from game.core.errors import ContentError

HERO_COUNTS = (2, 3, 4)
"""How many heroes a game may have (DD-001, DD-148)."""
RANKS = ("minion", "master")
TERRAIN_SYMBOLS = {".": "floor", "#": "obstacle", "~": "water", "o": "pit", "^": "lava"}
"""The map legend of 2.9; ``X`` marks a square off the map."""
OFF_MAP = "X"

Square = tuple[int, int]
Edge = tuple[Square, Square]
"""An edge is written as the two orthogonally neighbouring squares sharing it, in sorted order."""


@dataclass(frozen=True)
class DoorDef:
    """A door: a straight run of unit edges (2.1), closed or open at setup."""

    id: str
    name: str
    edges: tuple[Edge, ...]
    open: bool


@dataclass(frozen=True)
class AreaDef:
    """A named rectangle of the map, inclusive on both ends."""

    id: str
    name: str
    x0: int
    y0: int
    x1: int
    y1: int

    def contains(self, square: Square) -> bool:
        return self.x0 <= square[0] <= self.x1 and self.y0 <= square[1] <= self.y1

    def squares(self) -> tuple[Square, ...]:
        return tuple((x, y) for y in range(self.y0, self.y1 + 1) for x in range(self.x0, self.x1 + 1))


@dataclass(frozen=True)
class PlacementDef:
    """Where a group starts: the master's square, then the minions' squares in order."""

    group: str
    master: Square
    minions: tuple[Square, ...]


@dataclass(frozen=True)
class ObjectiveDef:
    """Victory (3.17): the heroes win when the monster is defeated (DD-137); the overlord
    wins when round ``round_limit`` ends first (DD-138) or, if set, when every hero is
    knocked out at once (DD-139)."""

    text: str
    heroes_win_when_defeated: str
    round_limit: int
    overlord_wins_when_all_knocked_out: bool


@dataclass(frozen=True)
class ReinforcementDef:
    """At ``when``, if fewer of the group are on the map than its size, up to
    ``max_per_turn`` figures of ``rank`` are placed on ``square`` or the nearest empty
    square (DD-140, DD-147)."""

    text: str
    when: str
    group: str
    rank: str
    square: Square
    max_per_turn: int


@dataclass(frozen=True)
class QuestDef:
    """A quest (2.9): its map, doors, walls, tokens, placements and objective."""

    id: str
    name: str
    text: str
    rows: tuple[str, ...]
    width: int
    height: int
    terrain: Mapping[Square, str]
    walls: tuple[Edge, ...]
    doors: tuple[DoorDef, ...]
    hero_starts: tuple[Square, ...]
    search_tokens: tuple[Square, ...]
    areas: tuple[AreaDef, ...]
    placements: tuple[PlacementDef, ...]
    objective: ObjectiveDef
    reinforcement: ReinforcementDef | None
    starting_shop_cards: int
    reward: str | None

    def on_map(self, square: Square) -> bool:
        return square in self.terrain

    def terrain_at(self, square: Square) -> str | None:
        """The terrain of an on-map square, or None off the map."""
        return self.terrain.get(square)

    def squares_of(self, terrain: str) -> tuple[Square, ...]:
        """Every square with this terrain, in reading order (y, then x)."""
        return tuple(sorted((s for s, t in self.terrain.items() if t == terrain), key=lambda s: (s[1], s[0])))

    def area_of(self, square: Square) -> AreaDef | None:
        for area in self.areas:
            if area.contains(square):
                return area
        return None

    def placement(self, group: str) -> PlacementDef | None:
        for placement in self.placements:
            if placement.group == group:
                return placement
        return None


# ---- loading ----------------------------------------------------------------------------

_QUEST_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "text": Field((str,)),
    "starting_shop_cards": Field((int,), check=not_negative),
    "reward": Field((str,), required=False),
    "rows": Field((list,)),
    "walls": Field((list,)),
    "hero_starts": Field((list,)),
    "search_tokens": Field((list,)),
    "door": Field((list,), required=False, check=list_of_tables),
    "area": Field((list,), check=list_of_tables),
    "placement": Field((list,), check=list_of_tables),
    "objective": Field((dict,)),
    "reinforcement": Field((dict,), required=False),
}
_DOOR_SCHEMA: Schema = {"id": Field((str,)), "name": Field((str,)), "open": Field((bool,)), "edges": Field((list,))}
_AREA_SCHEMA: Schema = {"id": Field((str,)), "name": Field((str,)), "x": Field((list,)), "y": Field((list,))}
_PLACEMENT_SCHEMA: Schema = {"group": Field((str,)), "master": Field((list,)), "minions": Field((list,))}
_OBJECTIVE_SCHEMA: Schema = {
    "text": Field((str,)), "heroes_win_when_defeated": Field((str,)),
    "round_limit": Field((int,), check=positive), "overlord_wins_when_all_knocked_out": Field((bool,)),
}
_REINFORCEMENT_SCHEMA: Schema = {
    "text": Field((str,)), "when": Field((str,), choices=("overlord_turn_end",)), "group": Field((str,)),
    "rank": Field((str,), choices=RANKS), "square": Field((list,)), "max_per_turn": Field((int,), check=positive),
}

Segment = tuple[tuple[int, int], tuple[int, int]]
"""A unit edge as its two lattice end points, in sorted order."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _square(value: Any, where: str, field: str) -> Square:
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise ContentError(f"{where}: field '{field}' must hold squares written [x, y], not {value!r}")
    return value[0], value[1]


def _squares(value: Any, where: str, field: str) -> tuple[Square, ...]:
    if not isinstance(value, list):
        raise ContentError(f"{where}: field '{field}' must be a list of squares [x, y]")
    out = tuple(_square(v, where, field) for v in value)
    if len(set(out)) != len(out):
        raise ContentError(f"{where}: field '{field}' lists a square twice")
    return out


def _segment(edge: Edge) -> Segment:
    (ax, ay), (bx, by) = edge
    if ay == by:  # east-west neighbours share a vertical edge at x = max
        x = max(ax, bx)
        return (x, ay), (x, ay + 1)
    y = max(ay, by)
    return (ax, y), (ax + 1, y)


def _edge(value: Any, where: str, field: str, terrain: Mapping[Square, str]) -> Edge:
    if not (isinstance(value, list) and len(value) == 2):
        raise ContentError(f"{where}: field '{field}' must hold edges written [[x, y], [x, y]], not {value!r}")
    a, b = (_square(v, where, field) for v in value)
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ContentError(f"{where}: field '{field}': {list(a)} and {list(b)} do not share an edge")
    for s in (a, b):
        if s not in terrain:
            raise ContentError(f"{where}: field '{field}': square {list(s)} is off the map")
    return (a, b) if a <= b else (b, a)


def _parse_map(rows: Any, where: str) -> dict[Square, str]:
    if not rows or not all(isinstance(r, str) for r in rows):
        raise ContentError(f"{where}: field 'rows' must be a list of text rows")
    width = len(rows[0])
    terrain: dict[Square, str] = {}
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ContentError(f"{where}: field 'rows': row {y} is {len(row)} squares wide, not {width}")
        for x, char in enumerate(row):
            if char == OFF_MAP:
                continue
            if char not in TERRAIN_SYMBOLS:
                raise ContentError(f"{where}: field 'rows': row {y} column {x} has unknown symbol '{char}'")
            terrain[(x, y)] = TERRAIN_SYMBOLS[char]
    if not terrain:
        raise ContentError(f"{where}: field 'rows': the map has no squares")
    return terrain


def _boundary(terrain: Mapping[Square, str]) -> set[Segment]:
    """Every unit edge between an on-map and an off-map square (the map edge)."""
    out: set[Segment] = set()
    for (x, y) in terrain:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in terrain:
                out.add(_segment(((x, y), n) if (x, y) <= n else (n, (x, y))))
    return out


def _check_door_run(edges: tuple[Edge, ...], where: str, walls: set[Segment]) -> None:
    """A door is a straight run of unit edges whose two end points touch a wall (2.1)."""
    segments = sorted(_segment(e) for e in edges)
    if len(set(segments)) != len(segments):
        raise ContentError(f"{where}: field 'edges' lists an edge twice")
    for first, second in zip(segments, segments[1:]):
        if first[1] != second[0] or (first[0][0] == first[1][0]) != (second[0][0] == second[1][0]):
            raise ContentError(f"{where}: field 'edges' is not one straight run of edges")
    ends = (segments[0][0], segments[-1][1])
    touched = {p for seg in walls for p in seg}
    for point in ends:
        if point not in touched:
            raise ContentError(f"{where}: field 'edges': the end point P{point} touches no wall or map edge, "
                               "so the door does not fill its doorway")


def _on_floor(square: Square, terrain: Mapping[Square, str], where: str, field: str) -> None:
    if square not in terrain:
        raise ContentError(f"{where}: field '{field}': square {list(square)} is off the map")
    if terrain[square] != "floor":
        raise ContentError(f"{where}: field '{field}': square {list(square)} is {terrain[square]}, not floor")


def load_quest(path: Path, content: Mapping[str, Any]) -> QuestDef:
    """The quest in ``path``, checked against the loaded ``content`` ("items", "groups")."""
    name = f"quests/{path.name}"
    r = read_toml(path)
    where = f"{name}: quest {r.get('id') or path.stem}"
    check_record(r, _QUEST_SCHEMA, where)
    if r["id"] != path.stem:
        raise ContentError(f"{where}: field 'id' must match the file name '{path.stem}'")
    items, groups = content["items"], content["groups"]
    rows = r["rows"]
    terrain = _parse_map(rows, where)

    walls = tuple(_edge(e, where, "walls", terrain) for e in r["walls"])
    if len(set(walls)) != len(walls):
        raise ContentError(f"{where}: field 'walls' lists an edge twice")
    blocking = _boundary(terrain) | {_segment(e) for e in walls}

    doors: list[DoorDef] = []
    door_edges: set[Edge] = set()
    for index, d in enumerate(r.get("door", []), 1):
        here = f"{where}: door {d.get('id') or '#' + str(index)}"
        check_record(d, _DOOR_SCHEMA, here)
        if not d["edges"]:
            raise ContentError(f"{here}: field 'edges' must list one or more edges")
        edges = tuple(_edge(e, here, "edges", terrain) for e in d["edges"])
        for e in edges:
            if e in walls or e in door_edges:
                raise ContentError(f"{here}: field 'edges': {[list(s) for s in e]} is already a wall or door")
        door_edges.update(edges)
        _check_door_run(edges, here, blocking)
        if any(x.id == d["id"] for x in doors):
            raise ContentError(f"{here}: id '{d['id']}' is used twice")
        doors.append(DoorDef(d["id"], d["name"], edges, d["open"]))

    hero_starts = _squares(r["hero_starts"], where, "hero_starts")
    for s in hero_starts:
        _on_floor(s, terrain, where, "hero_starts")
    if len(hero_starts) < max(HERO_COUNTS):
        raise ContentError(f"{where}: field 'hero_starts' needs {max(HERO_COUNTS)} squares, one per hero")
    tokens = _squares(r["search_tokens"], where, "search_tokens")
    for s in tokens:
        if terrain.get(s) in (None, "obstacle"):
            raise ContentError(f"{where}: field 'search_tokens': square {list(s)} is off the map or an obstacle")

    areas: list[AreaDef] = []
    for index, a in enumerate(r["area"], 1):
        here = f"{where}: area {a.get('id') or '#' + str(index)}"
        check_record(a, _AREA_SCHEMA, here)
        bounds = []
        for axis in ("x", "y"):
            v = a[axis]
            if not (len(v) == 2 and all(_is_int(n) for n in v) and v[0] <= v[1]):
                raise ContentError(f"{here}: field '{axis}' must be [from, to] with from <= to")
            bounds.append(v)
        area = AreaDef(a["id"], a["name"], bounds[0][0], bounds[1][0], bounds[0][1], bounds[1][1])
        for s in area.squares():
            if s not in terrain:
                raise ContentError(f"{here}: square {list(s)} is off the map")
            for other in areas:
                if other.contains(s):
                    raise ContentError(f"{here}: square {list(s)} is also in area '{other.id}'")
        if any(x.id == area.id for x in areas):
            raise ContentError(f"{here}: id '{area.id}' is used twice")
        areas.append(area)

    placements: list[PlacementDef] = []
    taken: dict[Square, str] = {s: "a hero start square" for s in hero_starts}
    for index, p in enumerate(r["placement"], 1):
        here = f"{where}: placement {p.get('group') or '#' + str(index)}"
        check_record(p, _PLACEMENT_SCHEMA, here)
        group = groups.get(p["group"])
        if group is None:
            raise ContentError(f"{here}: field 'group' names unknown group '{p['group']}'")
        if any(x.group == group.id for x in placements):
            raise ContentError(f"{here}: group '{group.id}' is placed twice")
        master = _square(p["master"], here, "master")
        minions = _squares(p["minions"], here, "minions")
        need = max(group.minions_for(n) for n in HERO_COUNTS)
        if len(minions) < need:
            raise ContentError(f"{here}: field 'minions' lists {len(minions)} squares; 4 heroes need {need}")
        for field, squares in (("master", (master,)), ("minions", minions)):
            for s in squares:
                _on_floor(s, terrain, here, field)
                if s in taken:
                    raise ContentError(f"{here}: field '{field}': square {list(s)} is already {taken[s]}")
                taken[s] = f"used by group '{group.id}'"
        placements.append(PlacementDef(group.id, master, minions))
    placed = {m for p in placements for m in (groups[p.group].master, groups[p.group].minion)}

    o = r["objective"]
    check_record(o, _OBJECTIVE_SCHEMA, f"{where}: objective")
    if o["heroes_win_when_defeated"] not in placed:
        raise ContentError(f"{where}: objective: field 'heroes_win_when_defeated' names "
                           f"'{o['heroes_win_when_defeated']}', which is not a monster placed in this quest")
    objective = ObjectiveDef(o["text"], o["heroes_win_when_defeated"], o["round_limit"],
                             o["overlord_wins_when_all_knocked_out"])

    reinforcement = None
    if "reinforcement" in r:
        f = r["reinforcement"]
        here = f"{where}: reinforcement"
        check_record(f, _REINFORCEMENT_SCHEMA, here)
        if f["group"] not in {p.group for p in placements}:
            raise ContentError(f"{here}: field 'group' names '{f['group']}', which is not a group placed in this quest")
        square = _square(f["square"], here, "square")
        _on_floor(square, terrain, here, "square")
        reinforcement = ReinforcementDef(f["text"], f["when"], f["group"], f["rank"], square, f["max_per_turn"])

    reward = r.get("reward")
    if reward is not None and (reward not in items or items[reward].category != "relic"):
        raise ContentError(f"{where}: field 'reward' names '{reward}', which is not a relic in items.toml")
    shop = sum(i.count for i in items.values() if i.category == "shop")
    if r["starting_shop_cards"] > shop:
        raise ContentError(f"{where}: field 'starting_shop_cards' is more than the {shop} shop cards")

    return QuestDef(
        id=r["id"], name=r["name"], text=r["text"], rows=tuple(rows), width=len(rows[0]), height=len(rows),
        terrain=terrain, walls=walls, doors=tuple(doors), hero_starts=hero_starts, search_tokens=tokens,
        areas=tuple(areas), placements=tuple(placements), objective=objective, reinforcement=reinforcement,
        starting_shop_cards=r["starting_shop_cards"], reward=reward,
    )
