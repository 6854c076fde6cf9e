"""Champions of Albion content: the map, champions, main enemies, enemies, resources,
banes, events, endings, world stories and quests, loaded from TOML and checked (checklist 2.2, plan 2.4).
The story cards' definitions and loader are in story_cards.py and the shared effect parser in
records.py; their names are re-exported here, so the rules read every content name from one place.

Loaded once per process (content is immutable) and checked on load: unknown keys are
refused, every effect verb must be in the vocabulary with valid parameters, every
reference is resolved (spaces, resources, main enemies), every route joins two existing
spaces of the right kinds, no route is listed twice, every space is reachable, and drawn
positions lie on the board and do not overlap. Every error is a ContentError naming the
file, the record and the field. The counts the checklist gives are checked by the tests.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Mapping

from game.core.cards import (
    Field,
    Schema,
    check_record,
    list_of_ids,
    load_cards,
    load_tables,
    not_negative,
    positive,
)
from game.core.errors import ContentError
from game.rulesets.champions_of_albion.records import (
    EFFECTS,
    OPT_EFFECTS,
    Effect,
    attribute_bonuses,
    between,
    parse_effects,
    prose,
    text_of,
)
from game.rulesets.champions_of_albion.story_cards import (
    Choice,
    Outcome,
    Story,
    StoryFight,
    StoryPart,
    StoryRefs,
    StoryTest,
    load_stories,
)
from game.rulesets.champions_of_albion.vocabulary import (
    ATTRIBUTES,
    BANE_KINDS,
    MAIN_ENEMIES,
    RELIC_COUNTS_AS,
    REMOVALS,
    RESOURCE_KINDS,
    SPACE_KINDS,
)

CONTENT_DIR = Path(__file__).parent / "content"
BOARD_WIDTH = 1000
BOARD_HEIGHT = 700
SPACE_RADIUS = 30
"""Spaces are drawn as circles of this radius; no two may overlap."""
ROUTE_KINDS = ("surface", "underground")
SURFACE_KINDS = ("capital", "country", "wilderness")
ENEMY_TIERS = ("weak", "medium", "strong")
EVENT_GROUPS = ("samhain", "harmful", "mixed", "helpful")


# ---- definitions ------------------------------------------------------------------------

@dataclass(frozen=True)
class Space:
    """A map space (2.4.1): kind capital, country, wilderness or depths; x, y drawn position."""

    id: str
    name: str
    kind: str
    x: int
    y: int


@dataclass(frozen=True)
class Route:
    """A route between two spaces, ``surface`` (solid) or ``underground`` (dashed) (CA-042)."""

    a: str
    b: str
    kind: str

    def joins(self, space: str) -> bool:
        return space in (self.a, self.b)

    def other(self, space: str) -> str:
        return self.b if space == self.a else self.a


@dataclass(frozen=True)
class MapDef:
    """The board: spaces, routes, starting spaces and the backs of quest and shadow tokens."""

    spaces: Mapping[str, Space]
    routes: tuple[Route, ...]
    starting: tuple[str, ...]
    quest_backs: tuple[str, ...]
    shadow_backs: tuple[str, ...]

    def of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(s for s, space in self.spaces.items() if space.kind == kind)

    @cached_property
    def links(self) -> Mapping[str, tuple[tuple[str, str], ...]]:
        """Per space, the (other space, route kind) of every route that joins it, in route
        order: worked out once per map, so no question has to scan every route."""
        out: dict[str, list[tuple[str, str]]] = {s: [] for s in self.spaces}
        for r in self.routes:
            out.setdefault(r.a, []).append((r.b, r.kind))
            out.setdefault(r.b, []).append((r.a, r.kind))
        return {s: tuple(v) for s, v in out.items()}

    @cached_property
    def _neighbours(self) -> Mapping[tuple[str, str | None], tuple[str, ...]]:
        out: dict[tuple[str, str | None], tuple[str, ...]] = {}
        for space, links in self.links.items():
            for kind in (None, *ROUTE_KINDS):
                out[space, kind] = tuple(sorted(o for o, k in links if kind is None or k == kind))
        return out

    def neighbours(self, space: str, kind: str | None = None) -> tuple[str, ...]:
        """Spaces one route away (``kind`` = only surface or only underground routes)."""
        found = self._neighbours.get((space, kind))
        if found is None:  # a route kind the map does not use
            return tuple(sorted(o for o, k in self.links.get(space, ()) if kind is None or k == kind))
        return found

    def distances(self, source: str, kind: str | None = None) -> dict[str, int]:
        """Steps from ``source`` to every space reachable over routes (of ``kind``); a new dict."""
        known = self._distance_cache.get((source, kind))
        if known is None:
            known = self._distance_cache[source, kind] = self._search(source, kind)
        return dict(known)

    @cached_property
    def _distance_cache(self) -> dict[tuple[str, str | None], dict[str, int]]:
        return {}

    def _search(self, source: str, kind: str | None) -> dict[str, int]:
        out = {source: 0}
        queue = deque([source])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, kind):
                if there not in out:
                    out[there] = out[here] + 1
                    queue.append(there)
        return out

    @cached_property
    def _entrances(self) -> tuple[str, ...]:
        return tuple(sorted(s for s, space in self.spaces.items() if space.kind != "depths"
                            and any(k == "underground" for _, k in self.links.get(s, ()))))

    def entrances(self) -> tuple[str, ...]:
        """Surface spaces with an underground route into the depths."""
        return self._entrances


@dataclass(frozen=True)
class Ability:
    """A champion's unique action or passive: name, card text and effects."""

    name: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Champion:
    """A champion card (2.2, plan 2.4.2)."""

    id: str
    name: str
    archetype: str
    description: str
    start: str
    life: int
    will: int
    strength: int
    speed: int
    intuition: int
    perception: int
    persuasion: int
    resolve: int
    spirit_touched: bool
    equipment: tuple[str, ...]
    gold: int
    unique: Ability
    passive: Ability

    def attribute(self, name: str) -> int:
        if name not in ATTRIBUTES:
            raise KeyError(name)
        return int(getattr(self, name))


@dataclass(frozen=True)
class TestDef:
    """A test: an attribute and a difficulty (CA-066)."""

    attribute: str
    difficulty: int


@dataclass(frozen=True)
class Resource:
    """A resource card (2.2, plan 2.4.7). ``bonuses`` are (attribute, amount) pairs."""

    id: str
    name: str
    kind: str
    counts_as: str | None
    cost: int | None
    test: TestDef | None
    bonuses: tuple[tuple[str, int], ...]
    starting: bool
    text: str
    effects: tuple[Effect, ...]

    @property
    def slot(self) -> str:
        """The kind whose one slot the card uses (a relic: the kind it counts as, CA-166)."""
        return self.counts_as or self.kind

    def bonus(self, attribute: str) -> int:
        for name, amount in reversed(self.bonuses):  # the last pair of a name counts, as in a dict
            if name == attribute:
                return amount
        return 0


@dataclass(frozen=True)
class Enemy:
    """An ordinary enemy card (plan 2.4.4)."""

    id: str
    name: str
    allegiance: str
    tier: str
    dv: int
    av: int
    life: int
    treasure: int
    standees: int
    abilities: tuple[Effect, ...]


@dataclass(frozen=True)
class DangerousEnemy:
    """A more dangerous enemy of one main enemy (plan 2.4.3), one standee."""

    id: str
    name: str
    main_enemy: str
    dv: int
    av: int
    life: int
    treasure: int
    abilities: tuple[Effect, ...]


@dataclass(frozen=True)
class Act1Side:
    setup: str
    setup_effects: tuple[Effect, ...]
    event_phase: str
    event_effects: tuple[Effect, ...]
    combat_ability: str
    combat_effects: tuple[Effect, ...]
    defeat: str


@dataclass(frozen=True)
class Act2Side:
    start: str
    dv: int
    av: int
    life_base: int
    life_per_champion: int
    behaviour: str
    quest_token_use: str
    defeat: str

    def life_for(self, champions: int) -> int:
        """Act 2 life with C champions in play when Act 2 starts (plan 2.4.3)."""
        return self.life_base + self.life_per_champion * champions


@dataclass(frozen=True)
class MainEnemy:
    """A two-sided main enemy card (CA-192) and its lair."""

    id: str
    name: str
    lair: str
    act1: Act1Side
    act2: Act2Side


@dataclass(frozen=True)
class Removal:
    """How a bane is removed (REMOVALS); a test names attribute and difficulty, a payment an amount."""

    condition: str
    attribute: str | None
    difficulty: int | None
    amount: int | None

    @property
    def words(self) -> str:
        """How it is removed, for people, with the card's own numbers: "Rest twice in one turn.",
        "As an action, pass an intuition test of difficulty 7.", "Pay 2 gold on a capital or
        country space." """
        if self.condition == "pass_test" and self.attribute:
            article = "an" if self.attribute[0] in "aeiou" else "a"
            return f"As an action, pass {article} {self.attribute} test of difficulty {self.difficulty}."
        if self.condition == "pay_gold_at_market" and self.amount:
            return f"Pay {self.amount} gold on a capital or country space."
        return REMOVALS.get(self.condition, self.condition)


@dataclass(frozen=True)
class Bane:
    """A bane card (plan 2.4.8); ``count`` identical copies are in the deck."""

    id: str
    name: str
    kind: str
    count: int
    modifiers: tuple[tuple[str, int], ...]
    effects: tuple[Effect, ...]
    removal: Removal


@dataclass(frozen=True)
class Event:
    """An event card (plan 2.4.9)."""

    id: str
    name: str
    group: str
    catastrophic: bool
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Ending:
    """An ending card (plan 2.4.11; CA-028, CA-195): one main enemy's victory or defeat text."""

    id: str
    main_enemy: str
    outcome: str
    title: str
    text: str


@dataclass(frozen=True)
class CAContent:
    """All Champions of Albion content, by id."""

    map: MapDef
    champions: Mapping[str, Champion]
    resources: Mapping[str, Resource]
    enemies: Mapping[str, Enemy]
    dangerous: Mapping[str, DangerousEnemy]
    main_enemies: Mapping[str, MainEnemy]
    banes: Mapping[str, Bane]
    events: Mapping[str, Event]
    endings: Mapping[str, Ending]
    stories: Mapping[str, Story]
    quests: Mapping[str, Story]

    @cached_property
    def memo(self) -> dict[Any, Any]:
        """Values worked out from this content and a few plain facts of a position, kept so
        views do not work them out again (view.py keys each by everything it depends on)."""
        return {}

    def ending(self, main_enemy: str, outcome: str) -> Ending:
        """The ending card read at the end of the game (CA-028)."""
        return next(e for e in self.endings.values() if e.main_enemy == main_enemy and e.outcome == outcome)

    def world_deck(self, kind: str) -> tuple[str, ...]:
        """The world story ids of one space kind's deck, unshuffled (CA-134)."""
        return tuple(s for s, story in self.stories.items() if story.deck == kind)

    def quest_deck(self, main_enemy: str) -> tuple[str, ...]:
        """The quest ids of one main enemy's deck, unshuffled (CA-008)."""
        return tuple(q for q, quest in self.quests.items() if quest.deck == main_enemy)

    def resources_of(self, kind: str) -> tuple[str, ...]:
        return tuple(r for r, res in self.resources.items() if res.kind == kind)

    def dangerous_of(self, main_enemy: str) -> tuple[str, ...]:
        return tuple(d for d, e in self.dangerous.items() if e.main_enemy == main_enemy)

    def bane_deck(self) -> list[str]:
        """Instance ids of the bane deck, unshuffled ("dread#1", …)."""
        return [f"{b.id}#{n}" for b in self.banes.values() for n in range(1, b.count + 1)]


# ---- the map ------------------------------------------------------------------------------

_SPACE_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "kind": Field((str,), choices=SPACE_KINDS),
    "x": Field((int,), check=between(SPACE_RADIUS, BOARD_WIDTH - SPACE_RADIUS)),
    "y": Field((int,), check=between(SPACE_RADIUS, BOARD_HEIGHT - SPACE_RADIUS)),
}
_ROUTE_SCHEMA: Schema = {"from": Field((str,)), "to": Field((str,)), "kind": Field((str,), choices=ROUTE_KINDS)}
_TOKENS_SCHEMA: Schema = {
    "starting": Field((list,), check=list_of_ids),
    "quest_backs": Field((list,), check=list_of_ids),
    "shadow_backs": Field((list,), check=list_of_ids),
}


def _load_map(directory: Path) -> MapDef:
    name = "map.toml"
    data = load_tables(directory / name, ("space", "route"), optional=("tokens",), keyed=())
    spaces: dict[str, Space] = {}
    for index, r in enumerate(data["space"], 1):
        where = f"{name}: space {r.get('id') or '#' + str(index)}"
        check_record(r, _SPACE_SCHEMA, where)
        if r["id"] in spaces:
            raise ContentError(f"{where}: id '{r['id']}' is used twice")
        for other in spaces.values():
            if math.dist((r["x"], r["y"]), (other.x, other.y)) < 2 * SPACE_RADIUS:
                raise ContentError(f"{where}: field 'x': its circle overlaps the circle of '{other.id}'")
        spaces[r["id"]] = Space(r["id"], r["name"], r["kind"], r["x"], r["y"])

    routes: list[Route] = []
    seen: set[frozenset[str]] = set()
    for index, r in enumerate(data["route"], 1):
        where = f"{name}: route #{index} ({r.get('from')} - {r.get('to')})"
        check_record(r, _ROUTE_SCHEMA, where)
        for field in ("from", "to"):
            if r[field] not in spaces:
                raise ContentError(f"{where}: field '{field}' names unknown space '{r[field]}'")
        if r["from"] == r["to"]:
            raise ContentError(f"{where}: field 'to': a route must join two different spaces")
        pair = frozenset((r["from"], r["to"]))
        if pair in seen:
            raise ContentError(f"{where}: field 'to': this route is listed twice")
        seen.add(pair)
        depths = [spaces[r[f]].kind == "depths" for f in ("from", "to")]
        if r["kind"] == "surface" and any(depths):
            raise ContentError(f"{where}: field 'kind': a depths space is reached only by underground routes")
        if r["kind"] == "underground" and not any(depths):
            raise ContentError(f"{where}: field 'kind': an underground route must lead into the depths")
        routes.append(Route(r["from"], r["to"], r["kind"]))

    tokens = data.get("tokens")
    if not isinstance(tokens, dict):
        raise ContentError(f"{name}: expected a [tokens] table")
    check_record(tokens, _TOKENS_SCHEMA, f"{name}: tokens")
    for field in _TOKENS_SCHEMA:
        for space in tokens[field]:
            if space not in spaces:
                raise ContentError(f"{name}: tokens: field '{field}' names unknown space '{space}'")
        if len(set(tokens[field])) != len(tokens[field]):
            raise ContentError(f"{name}: tokens: field '{field}' lists a space twice")
    for field in ("quest_backs", "shadow_backs"):
        clash = sorted(set(tokens[field]) & set(tokens["starting"]))
        if clash:
            raise ContentError(f"{name}: tokens: field '{field}' names the starting space '{clash[0]}'")

    board = MapDef(spaces, tuple(routes), tuple(tokens["starting"]), tuple(tokens["quest_backs"]),
                   tuple(tokens["shadow_backs"]))
    first = next(iter(spaces))
    reached = board.distances(first)
    for space in spaces:
        if space not in reached:
            raise ContentError(f"{name}: space {space}: cannot be reached over routes from '{first}'")
    return board


# ---- resources ----------------------------------------------------------------------------

_TEST_SCHEMA: Schema = {"attribute": Field((str,), choices=ATTRIBUTES), "difficulty": Field((int,), check=positive)}
_RESOURCE_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "kind": Field((str,), choices=RESOURCE_KINDS),
    "counts_as": Field((str,), required=False, choices=RELIC_COUNTS_AS),
    "cost": Field((int,), required=False, check=not_negative),
    "test": Field((dict,), required=False),
    "bonuses": Field((dict,), required=False),
    "starting": Field((bool,), required=False),
    "text": Field((str,)),
    "effects": OPT_EFFECTS,
}


def _load_resources(directory: Path) -> dict[str, Resource]:
    out: dict[str, Resource] = {}
    for r in load_cards(directory / "resources.toml", lambda r: _RESOURCE_SCHEMA, table="resource"):
        where = f"resources.toml: resource {r['id']}"
        kind = r["kind"]
        if (kind == "relic") != ("counts_as" in r):
            raise ContentError(f"{where}: field 'counts_as' is " + ("required for" if kind == "relic" else "only for")
                               + " a relic")
        test = None
        if "test" in r:
            check_record(r["test"], _TEST_SCHEMA, f"{where}: test")
            test = TestDef(r["test"]["attribute"], r["test"]["difficulty"])
        if kind == "relic" and ("cost" in r or test):
            raise ContentError(f"{where}: field 'cost': a relic comes only from stories (CA-058)")
        if kind != "relic" and "cost" not in r and test is None:
            raise ContentError(f"{where}: field 'cost': needs a gold cost or a test")
        if kind == "companion" and (test is None or test.attribute != "persuasion" or "cost" in r):
            raise ContentError(f"{where}: field 'test': a companion is won by a persuasion test only (CA-057)")
        if kind == "spell" and test is not None and test.attribute != "intuition":
            raise ContentError(f"{where}: field 'test': a spell's test is an intuition test")
        bonuses = attribute_bonuses(r.get("bonuses", {}), where, "bonuses", +1)
        effects = parse_effects(r.get("effects", []), where, kinds=("gain", "modifier", "action", "board", "rule"))
        out[r["id"]] = Resource(r["id"], r["name"], kind, r.get("counts_as"), r.get("cost"), test, bonuses,
                                r.get("starting", False), r["text"], effects)
    return out


# ---- champions ----------------------------------------------------------------------------

_ABILITY_SCHEMA: Schema = {"name": Field((str,)), "text": Field((str,)), "effects": EFFECTS}
_CHAMPION_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "archetype": Field((str,)), "description": Field((str,)),
    "start": Field((str,)),
    "life": Field((int,), check=positive), "will": Field((int,), check=positive),
    **{a: Field((int,), check=not_negative) for a in ATTRIBUTES},
    "spirit_touched": Field((bool,)),
    "equipment": Field((list,), check=list_of_ids),
    "gold": Field((int,), check=not_negative),
    "unique": Field((dict,)), "passive": Field((dict,)),
}


def _load_champions(directory: Path, board: MapDef, resources: Mapping[str, Resource]) -> dict[str, Champion]:
    out: dict[str, Champion] = {}
    owner: dict[str, str] = {}
    for r in load_cards(directory / "champions.toml", lambda r: _CHAMPION_SCHEMA, table="champion"):
        where = f"champions.toml: champion {r['id']}"
        if r["start"] not in board.spaces:
            raise ContentError(f"{where}: field 'start' names unknown space '{r['start']}'")
        if r["start"] not in board.starting:
            raise ContentError(f"{where}: field 'start' names '{r['start']}', which is not a starting space")
        for item in r["equipment"]:
            if item not in resources:
                raise ContentError(f"{where}: field 'equipment' names unknown resource '{item}'")
            if not resources[item].starting:
                raise ContentError(f"{where}: field 'equipment' names '{item}', which is not a starting resource")
            if resources[item].kind == "spell" and not r["spirit_touched"]:
                raise ContentError(f"{where}: field 'equipment' names the spell '{item}', but the champion "
                                   "is not spirit-touched (CA-049)")
            if item in owner:
                raise ContentError(f"{where}: field 'equipment' names '{item}', already held by '{owner[item]}'")
            owner[item] = r["id"]
        abilities = []
        for field in ("unique", "passive"):
            here = f"{where}: {field}"
            check_record(r[field], _ABILITY_SCHEMA, here)
            abilities.append(Ability(r[field]["name"], r[field]["text"],
                                     parse_effects(r[field]["effects"], here, resources=resources)))
        out[r["id"]] = Champion(
            id=r["id"], name=r["name"], archetype=r["archetype"], description=r["description"], start=r["start"],
            life=r["life"], will=r["will"], **{a: r[a] for a in ATTRIBUTES}, spirit_touched=r["spirit_touched"],
            equipment=tuple(r["equipment"]), gold=r["gold"], unique=abilities[0], passive=abilities[1],
        )
    return out


# ---- enemies and main enemies -------------------------------------------------------------

_STATS: Schema = {
    "dv": Field((int,), check=positive), "av": Field((int,), check=positive),
    "life": Field((int,), check=positive), "treasure": Field((int,), check=not_negative),
    "abilities": OPT_EFFECTS,
}
_ENEMY_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "allegiance": Field((str,), choices=MAIN_ENEMIES),
    "tier": Field((str,), choices=ENEMY_TIERS), "standees": Field((int,), check=positive), **_STATS,
}
_DANGEROUS_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "main_enemy": Field((str,), choices=MAIN_ENEMIES), **_STATS,
}


def _load_enemies(directory: Path) -> tuple[dict[str, Enemy], dict[str, DangerousEnemy]]:
    path = directory / "enemies.toml"
    data = load_tables(path, ("enemy", "dangerous"))
    enemies: dict[str, Enemy] = {}
    dangerous: dict[str, DangerousEnemy] = {}
    for table, schema in (("enemy", _ENEMY_SCHEMA), ("dangerous", _DANGEROUS_SCHEMA)):
        for index, r in enumerate(data[table], 1):
            where = f"{path.name}: {table} {r.get('id') or '#' + str(index)}"
            check_record(r, schema, where)
            if r["id"] in enemies or r["id"] in dangerous:
                raise ContentError(f"{where}: id '{r['id']}' is used twice")
            abilities = parse_effects(r.get("abilities", []), where, kinds=("enemy",))
            if table == "enemy":
                enemies[r["id"]] = Enemy(r["id"], r["name"], r["allegiance"], r["tier"], r["dv"], r["av"],
                                         r["life"], r["treasure"], r["standees"], abilities)
            else:
                dangerous[r["id"]] = DangerousEnemy(r["id"], r["name"], r["main_enemy"], r["dv"], r["av"],
                                                    r["life"], r["treasure"], abilities)
    return enemies, dangerous


_MAIN_SCHEMA: Schema = {
    "id": Field((str,), choices=MAIN_ENEMIES), "name": Field((str,)), "lair": Field((str,)),
    "act1": Field((dict,)), "act2": Field((dict,)),
}
_ACT1_SCHEMA: Schema = {
    "setup": Field((str,)), "setup_effects": EFFECTS, "event_phase": Field((str,)), "event_effects": EFFECTS,
    "combat_ability": Field((str,)), "combat_effects": EFFECTS, "defeat": Field((str,)),
}
_ACT2_SCHEMA: Schema = {
    "start": Field((str,)), "dv": Field((int,), check=positive), "av": Field((int,), check=positive),
    "life_base": Field((int,), check=positive), "life_per_champion": Field((int,), check=positive),
    "behaviour": Field((str,)), "quest_token_use": Field((str,)), "defeat": Field((str,)),
}
LAIR_KINDS = {"dragon": "wilderness", "arawn": "depths", "morrigan": "country"}
"""The kind of space each main enemy's lair must be (plan 2.4.3)."""


def _load_main_enemies(directory: Path, board: MapDef) -> dict[str, MainEnemy]:
    out: dict[str, MainEnemy] = {}
    for r in load_cards(directory / "main_enemies.toml", lambda r: _MAIN_SCHEMA, table="main_enemy"):
        where = f"main_enemies.toml: main_enemy {r['id']}"
        lair = board.spaces.get(r["lair"])
        if lair is None:
            raise ContentError(f"{where}: field 'lair' names unknown space '{r['lair']}'")
        if lair.kind != LAIR_KINDS[r["id"]]:
            raise ContentError(f"{where}: field 'lair' names a {lair.kind} space, not a {LAIR_KINDS[r['id']]} space")
        a1, a2 = r["act1"], r["act2"]
        check_record(a1, _ACT1_SCHEMA, f"{where}: act1")
        check_record(a2, _ACT2_SCHEMA, f"{where}: act2")
        act1 = Act1Side(
            a1["setup"], parse_effects(a1["setup_effects"], f"{where}: act1: setup_effects"),
            a1["event_phase"], parse_effects(a1["event_effects"], f"{where}: act1: event_effects"),
            a1["combat_ability"], parse_effects(a1["combat_effects"], f"{where}: act1: combat_effects",
                                                 kinds=("enemy",)),
            a1["defeat"],
        )
        act2 = Act2Side(a2["start"], a2["dv"], a2["av"], a2["life_base"], a2["life_per_champion"],
                        a2["behaviour"], a2["quest_token_use"], a2["defeat"])
        out[r["id"]] = MainEnemy(r["id"], r["name"], r["lair"], act1, act2)
    missing = [m for m in MAIN_ENEMIES if m not in out]
    if missing:
        raise ContentError(f"main_enemies.toml: main enemy '{missing[0]}' is missing")
    return out


# ---- banes and events ---------------------------------------------------------------------

_REMOVAL_SCHEMA: Schema = {
    "condition": Field((str,), choices=tuple(REMOVALS)),
    "attribute": Field((str,), required=False, choices=ATTRIBUTES),
    "difficulty": Field((int,), required=False, check=positive),
    "amount": Field((int,), required=False, check=positive),
}
_BANE_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "kind": Field((str,), choices=BANE_KINDS),
    "count": Field((int,), check=positive), "modifiers": Field((dict,), required=False),
    "effects": OPT_EFFECTS, "removal": Field((dict,)),
}


def _load_banes(directory: Path) -> dict[str, Bane]:
    out: dict[str, Bane] = {}
    for r in load_cards(directory / "banes.toml", lambda r: _BANE_SCHEMA, table="bane"):
        where = f"banes.toml: bane {r['id']}"
        here = f"{where}: removal"
        removal = r["removal"]
        check_record(removal, _REMOVAL_SCHEMA, here)
        is_test = removal["condition"] == "pass_test"
        if is_test != ("attribute" in removal and "difficulty" in removal):
            raise ContentError(f"{here}: field 'attribute': 'attribute' and 'difficulty' go with pass_test only")
        if (removal["condition"] == "pay_gold_at_market") != ("amount" in removal):
            raise ContentError(f"{here}: field 'amount': 'amount' goes with pay_gold_at_market only")
        modifiers = attribute_bonuses(r.get("modifiers", {}), where, "modifiers", -1)
        effects = parse_effects(r.get("effects", []), where, kinds=("loss", "rule"))
        if not modifiers and not effects:
            raise ContentError(f"{where}: field 'modifiers': a bane needs modifiers or effects")
        out[r["id"]] = Bane(r["id"], r["name"], r["kind"], r["count"], modifiers, effects,
                            Removal(removal["condition"], removal.get("attribute"), removal.get("difficulty"),
                                    removal.get("amount")))
    return out


_EVENT_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "group": Field((str,), choices=EVENT_GROUPS),
    "catastrophic": Field((bool,), required=False), "text": Field((str,)), "effects": EFFECTS,
}


def _load_events(directory: Path) -> dict[str, Event]:
    out: dict[str, Event] = {}
    for r in load_cards(directory / "events.toml", lambda r: _EVENT_SCHEMA, table="event"):
        where = f"events.toml: event {r['id']}"
        catastrophic = r.get("catastrophic", False)
        if catastrophic != (r["group"] == "samhain"):
            raise ContentError(f"{where}: field 'catastrophic': only Samhain is catastrophic")
        out[r["id"]] = Event(r["id"], r["name"], r["group"], catastrophic, r["text"],
                             parse_effects(r["effects"], where))
    return out


# ---- endings --------------------------------------------------------------------------------

OUTCOMES = ("victory", "defeat")
_ENDING_SCHEMA: Schema = {
    "id": Field((str,)), "main_enemy": Field((str,)), "outcome": Field((str,), choices=OUTCOMES),
    "title": Field((str,)), "text": Field((str,)),
}


def _load_endings(directory: Path, main_enemies: Mapping[str, MainEnemy]) -> dict[str, Ending]:
    """One victory and one defeat ending per main enemy (G-34)."""
    out: dict[str, Ending] = {}
    seen: dict[tuple[str, str], str] = {}
    for r in load_cards(directory / "endings.toml", lambda r: _ENDING_SCHEMA, table="ending"):
        where = f"endings.toml: ending {r['id']}"
        if r["main_enemy"] not in main_enemies:
            raise ContentError(f"{where}: field 'main_enemy' names unknown main enemy '{r['main_enemy']}'")
        key = (r["main_enemy"], r["outcome"])
        if key in seen:
            raise ContentError(f"{where}: field 'outcome': '{key[0]}' already has a {key[1]} ending ('{seen[key]}')")
        seen[key] = r["id"]
        out[r["id"]] = Ending(r["id"], r["main_enemy"], r["outcome"], r["title"], prose(r["text"]))
    for main in main_enemies:
        for outcome in OUTCOMES:
            if (main, outcome) not in seen:
                raise ContentError(f"endings.toml: main enemy '{main}' has no {outcome} ending")
    return out


# ---- the whole set ---------------------------------------------------------------------

def load_content(directory: Path = CONTENT_DIR) -> CAContent:
    """Load and check every content file in ``directory``."""
    board = _load_map(directory)
    resources = _load_resources(directory)
    champions = _load_champions(directory, board, resources)
    enemies, dangerous = _load_enemies(directory)
    main_enemies = _load_main_enemies(directory, board)
    banes = _load_banes(directory)
    events = _load_events(directory)
    endings = _load_endings(directory, main_enemies)
    refs = StoryRefs(resources, enemies, dangerous)
    stories = load_stories(directory, "stories.toml", SPACE_KINDS, refs)
    quests = load_stories(directory, "quests.toml", MAIN_ENEMIES, refs)
    return CAContent(board, champions, resources, enemies, dangerous, main_enemies, banes, events,
                     endings, stories, quests)


@lru_cache(maxsize=1)
def standard_content() -> CAContent:
    """The shipped content, loaded once."""
    return load_content()


__all__ = [
    "Ability", "Act1Side", "Act2Side", "Bane", "CAContent", "CONTENT_DIR", "Champion", "Choice", "DangerousEnemy",
    "Effect", "Ending", "Enemy", "Event", "MainEnemy", "MapDef", "Outcome", "Removal", "Resource", "Route", "Space",
    "Story", "StoryFight", "StoryPart", "StoryTest", "TestDef",
    "load_content", "standard_content", "text_of",
]
