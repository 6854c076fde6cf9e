"""The normal-level Dungeon Delve player (checklist section 6), deciding from its view only.

``choose(view, decision, rng)`` answers every decision kind of the rule system for the
seat that owns it: the hero side (``hero_order``, ``equip``, ``action``, ``shield``,
``surge``, ``range_surge``, ``feat``, ``keen_eye``, ``share``, ``place``) and the overlord
(``group_order``, ``monster_order``, ``action``, ``surge``, ``range_surge``,
``overlord_card``, ``place``). An unknown kind gets a safe answer ("pass", "end" or the
first option).

It never sees the state. Everything it uses is public (checklist 7): the view's figures,
doors, activation and attack in progress, the content (dice, sheets, monster cards) and
the quest's board, with the geometry module's adjacency, movement and line of sight. It
never reads ``view["overlord_hand"]`` (None for hero seats): the overlord side only weighs
the cards a decision offers it, so no seat's answer depends on the hidden hand.

How it decides (a simplified form of section 6):

* **Odds** are exact over the dice faces (floats, cached) and include the surge abilities
  the attacker would spend once the defense dice are known (range first, then the
  hearts/pierce that give the most damage).
* **A turn** (hero) or **activation** (monster) is planned afresh at every "what now?"
  question: every reachable end square (with the MP it costs, the Move actions and the
  fatigue it needs) is combined with what can be done there (attack each target with each
  weapon, skill or feat, rest, search, open the door, revive, mend, or nothing), each end
  state is scored, and the first step of the best plan is answered ("act:move",
  "fatigue", "move:x,y", or the action itself). Because it re-plans after every step, a
  Snare Wire or a lucky roll simply changes the next step.
* **Scores** for heroes: expected damage dealt + 3 x kill chance x monster value (minion 1,
  master 2, Warden 5, plus the win) - 1.2 x expected damage taken in the next overlord
  turn (each monster's threat from where it can move and see, shared among the heroes it
  threatens) - a knock-out risk term - 0.3+ per step of distance to the objective (the
  door while it is closed, the Warden once it is open) + rest, search, revive and door
  bonuses. For monsters: expected damage + 4 x knock-out chance - the damage the heroes
  could deal to it next turn (heavily weighted for the Warden, whose death loses the
  game), never ending in lava or a pit, Bone Warriors staying near the Warden.
"""

from __future__ import annotations

from functools import lru_cache
from heapq import heappop, heappush
from typing import Any, Iterable

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.content import standard_content
from game.rulesets.dungeon_delve.rulesdata import Data, Weapon

CONTENT = standard_content()
DATA = Data(CONTENT)

Square = tuple[int, int]

# When True, an exception inside a heuristic propagates (tests); otherwise the AI falls
# back to a safe legal answer so a changing engine never crashes a game in the UI.
STRICT = False

# ---- weights (section 6) ------------------------------------------------------------------

KILL_WEIGHT = 3.0  # 3 x kill chance x monster value
DANGER_WEIGHT = 1.2  # per point of expected damage taken in the overlord turn
OBJECTIVE_WEIGHT = 0.3  # per step of distance to the objective (grows with the rounds)
SEARCH_VALUE = 0.8
REVIVE_VALUE = 9.0
WIN_VALUE = 25.0  # the Warden's defeat wins the game at once
FATIGUE_MP_COST = 0.45
SKILL_FATIGUE_COST = 0.35
KO_VALUE = 4.0  # overlord: 4 x knock-out chance (a knock-out draws a card)

MONSTER_VALUE = {"minion": 1.0, "master": 2.0, "boss": 5.0}

KEEP_PRIORITY = ("healing_draught", "vigor_tonic", "warding_amulet", "smoke_pellet", "treasure_pouch",
                 "dust_and_cobwebs")


# ---- small helpers --------------------------------------------------------------------------


def sq(value: Iterable[int]) -> Square:
    x, y = value
    return int(x), int(y)


def sq_id(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def parse_sq(text: str) -> Square:
    x, _, y = text.partition(",")
    return int(x), int(y)


def base_id(instance: str) -> str:
    return instance.partition("#")[0]


def cheb(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# ---- dice and odds (floats; exact over the faces) -------------------------------------------


@lru_cache(maxsize=None)
def _faces(die_id: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """Faces as (miss, range, hearts, surges, shields)."""
    out = []
    for face in CONTENT.die(die_id).faces:
        f = dict(face)
        out.append((f.get("miss", 0), f.get("range", 0), f.get("hearts", 0), f.get("surge", 0), f.get("shields", 0)))
    return tuple(out)


@lru_cache(maxsize=None)
def attack_pool(dice: tuple[str, ...]) -> tuple[tuple[float, int, int, int, int], ...]:
    """The outcome distribution of an attack pool: (p, miss, range, hearts, surges)."""
    dist: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 1.0}
    for die in dice:
        faces = _faces(die)
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
        faces = _faces(die)
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


def _range_fix(surges: Surges, short: int, available: int) -> int | None:
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
            need = _range_fix(surges, range_needed - rng - range_bonus, surge)
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


# ---- board, movement, sight (cached) ---------------------------------------------------------


def board_of(quest: str) -> geo.Board:
    return DATA.board(quest)


@lru_cache(maxsize=64)
def walls_of(quest: str, open_doors: tuple[str, ...]) -> frozenset:
    board = board_of(quest)
    return board.blocking_edges([d for d in board.doors if d not in open_doors])


def neighbours(quest: str, walls: frozenset[Any], square: Square) -> tuple[Square, ...]:
    return board_of(quest).walls_data(walls).neighbours.get(square, ())


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
    out = [Data._from_item(i, DATA.item(i)) for i in equipped if DATA.item(i).is_weapon]
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


# ---- the world as the view shows it ---------------------------------------------------------


class World:
    """The view, parsed once per decision, with the questions the heuristics ask."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.quest = view["quest"]
        self.board = board_of(self.quest)
        self.terrain = self.board.terrain
        self.round = int(view.get("round", 1) or 1)
        self.open_doors = tuple(sorted(view.get("open_doors", [])))
        self.walls = walls_of(self.quest, self.open_doors)
        self.walls_open = walls_of(self.quest, tuple(sorted(self.board.doors)))
        self.door_open = all(d in self.open_doors for d in self.board.doors)
        self.heroes: list[dict[str, Any]] = list(view["heroes"])
        self.monsters: list[dict[str, Any]] = list(view["monsters"])
        self.hero = {h["id"]: h for h in self.heroes}
        self.monster = {m["id"]: m for m in self.monsters}
        self.act = view.get("activation")
        self.attack = view.get("attack")
        self.tokens = [sq(t) for t in view.get("search_tokens", [])]
        self.boss_kind = DATA.boss(self.quest)
        self.boss = next((m for m in self.monsters if m["kind"] == self.boss_kind), None)
        self.hero_squares = {sq(h["square"]): h["id"] for h in self.heroes if not h["knocked_out"]}
        self.monster_squares = {sq(m["square"]): m["id"] for m in self.monsters}
        self.door_squares = tuple(sorted({s for s in self.board.squares if self.board.doors_touching(s)}))
        self._cache: dict[Any, Any] = {}

    # -- figures -----------------------------------------------------------------------

    def standing(self) -> list[dict[str, Any]]:
        return [h for h in self.heroes if not h["knocked_out"]]

    def figure_at(self, square: Square) -> str | None:
        return self.hero_squares.get(square) or self.monster_squares.get(square)

    def is_hero(self, figure: str) -> bool:
        return figure in self.hero

    def square_of(self, figure: str) -> Square:
        return sq(self.hero[figure]["square"] if figure in self.hero else self.monster[figure]["square"])

    def hp_left(self, figure: str) -> int:
        f = self.hero.get(figure) or self.monster[figure]
        return int(f["health"]) - int(f["damage"])

    def all_figure_squares(self) -> frozenset[Square]:
        return frozenset(self.hero_squares) | frozenset(self.monster_squares)

    # -- heroes ------------------------------------------------------------------------

    def hero_defense(self, hero: dict[str, Any]) -> tuple[str, ...]:
        dice = list(CONTENT.heroes[hero["id"]].defense)
        for item in hero["equipped"]:
            d = DATA.item(item)
            if d.when == "passive":
                for e in d.effects:
                    if e.verb == "add_dice" and e.get("pool") == "defense":
                        dice.extend(e.get("dice"))
        return tuple(dice)

    def shield_ready(self, hero: dict[str, Any]) -> int:
        return sum(1 for i in hero["equipped"] if i not in hero.get("exhausted", [])
                   and DATA.item(i).when == "after_defense_roll")

    def hero_weapons(self, hero: dict[str, Any]) -> list[Weapon]:
        return list(weapons_of(tuple(hero["equipped"])))

    def monster_value(self, m: dict[str, Any]) -> float:
        if m["kind"] == self.boss_kind:
            return MONSTER_VALUE["boss"]
        return MONSTER_VALUE["master" if m["master"] else "minion"]

    def monster_defense(self, m: dict[str, Any]) -> tuple[str, ...]:
        return tuple(CONTENT.monsters[m["kind"]].defense)

    # -- movement ------------------------------------------------------------------------

    def hero_range(self, hero: dict[str, Any], mp: int, pass_enemies: bool = False,
                   walls: frozenset[Any] | None = None) -> geo.MoveRange:
        here = sq(hero["square"])
        friends = frozenset(s for s, f in self.hero_squares.items() if f != hero["id"])
        enemies = frozenset(self.monster_squares)
        return move_range(self.quest, walls or self.walls, here, mp, friends, enemies, pass_enemies,
                          DATA.water_cost(hero["id"]))

    def monster_range(self, m: dict[str, Any], mp: int, ignore_hero: str = "") -> geo.MoveRange:
        here = sq(m["square"])
        friends = frozenset(s for s, f in self.monster_squares.items() if f != m["id"])
        enemies = frozenset(s for s, f in self.hero_squares.items() if f != ignore_hero)
        nimble = DATA.monster_has(m["kind"], "nimble")
        return move_range(self.quest, self.walls, here, mp, friends, enemies, nimble, 2)

    def exact_los(self, a: Square, t: Square, mover: str = "") -> bool:
        """Sight with figures as blockers, the mover standing at ``a`` instead of his square."""
        blockers = set(self.all_figure_squares())
        if mover:
            blockers.discard(self.square_of(mover))
        blockers -= {a, t}
        a_pit = self.terrain.get(a) == "pit"
        t_pit = self.terrain.get(t) == "pit"
        if a_pit or t_pit:
            return is_adjacent(self.quest, self.walls, a, t)
        return geo.line_of_sight(self.board, self.walls, a, t, blockers=frozenset(blockers)).visible

    def can_strike(self, weapon: Weapon, a: Square, t: Square, walls: frozenset[Any] | None = None) -> int | None:
        """Whether ``weapon`` may target ``t`` from ``a`` (static sight); the range needed, or None."""
        walls = walls or self.walls
        if a == t:
            return None
        if self.terrain.get(t) == "pit" or self.terrain.get(a) == "pit":
            return (cheb(a, t) if weapon.ranged else 0) if is_adjacent(self.quest, walls, a, t) else None
        if weapon.ranged:
            return cheb(a, t) if static_los(self.quest, walls, a, t) else None
        if is_adjacent(self.quest, walls, a, t):
            return 0
        if weapon.reach and cheb(a, t) <= 2 and static_los(self.quest, walls, a, t):
            return 0
        return None

    # -- objective ------------------------------------------------------------------------

    def boss_goal(self, ranged: bool) -> frozenset[Square]:
        if self.boss is None:
            return frozenset()
        b = sq(self.boss["square"])
        goal = set(neighbours(self.quest, self.walls_open, b))
        if ranged:
            goal |= {t for t, d in visible_within(self.quest, self.walls_open, b, 3)}
        return frozenset(g for g in goal if self.terrain.get(g) not in ("obstacle", "lava", "pit"))

    def progress(self, hero_id: str, q: Square, door_open: bool) -> float:
        """Steps from ``q`` to where the hero can strike the Warden (through the door)."""
        if self.boss is None:
            return 0.0
        hero = self.hero[hero_id]
        water = DATA.water_cost(hero_id)
        ranged = any(w.ranged for w in self.hero_weapons(hero))
        goal = self.boss_goal(ranged)
        open_map = dist_to(self.quest, self.walls_open, goal, water)
        if door_open:
            return float(open_map.get(q, 40))
        door_map = dist_to(self.quest, self.walls, frozenset(self.door_squares), water)
        d0 = min((open_map.get(s, 40) for s in self.door_squares if s in door_map and door_map[s] == 0),
                 default=40)
        return float(door_map.get(q, 40) + d0)

    def objective_weight(self) -> float:
        return OBJECTIVE_WEIGHT + 0.04 * self.round

    # -- danger to a hero (expected damage in the coming overlord turn) ---------------------

    def threat_shape(self, m: dict[str, Any], ignore_hero: str, walls: frozenset[Any]) -> dict[Square, int]:
        """Squares the monster could attack after one Move action, with the range needed."""
        kind = m["kind"]
        weapon = DATA.monster_weapon(kind)
        immobile = "immobilized" in m.get("conditions", []) or "stunned" in m.get("conditions", [])
        speed = 0 if immobile else CONTENT.monsters[kind].speed
        key = (m["id"], sq(m["square"]), speed, ignore_hero, walls, frozenset(self.hero_squares),
               frozenset(self.monster_squares))
        cached = _THREATS.get(key)
        if cached is not None:
            return cached
        here = sq(m["square"])
        if walls is self.walls:
            ends = set(self.monster_range(m, speed, ignore_hero).ends) | {here}
        else:
            friends = frozenset(s for s, f in self.monster_squares.items() if f != m["id"])
            enemies = frozenset(s for s, f in self.hero_squares.items() if f != ignore_hero)
            ends = set(move_range(self.quest, walls, here, speed, friends, enemies,
                                  DATA.monster_has(kind, "nimble"), 2).ends) | {here}
        ends = {e for e in ends if self.terrain.get(e) not in ("lava", "pit")} | {here}
        out: dict[Square, int] = {}
        if weapon.ranged:
            for r in ends:
                for t, d in visible_within(self.quest, walls, r, 7):
                    if d < out.get(t, 99):
                        out[t] = d
        else:
            for r in ends:
                for t in neighbours(self.quest, walls, r):
                    out[t] = 0
                if weapon.reach:
                    for t, d in visible_within(self.quest, walls, r, 2):
                        out[t] = 0
        if len(_THREATS) > 20000:
            _THREATS.clear()
        _THREATS[key] = out
        return out

    def danger(self, hero_id: str, walls: frozenset[Any] | None = None) -> tuple[dict[Square, float],
                                                                           dict[str, dict[Square, float]]]:
        """Expected damage the hero would take at each square, total and per monster."""
        walls = walls or self.walls
        key = (hero_id, walls)
        if key in self._cache:
            return self._cache[key]
        hero = self.hero[hero_id]
        dfn = self.hero_defense(hero)
        hp = max(1, self.hp_left(hero_id))
        bonus = 1 if self.shield_ready(hero) else 0
        total: dict[Square, float] = {}
        per: dict[str, dict[Square, float]] = {}
        others = [h for h in self.standing() if h["id"] != hero_id]
        for m in self.monsters:
            shape = self.threat_shape(m, hero_id, walls)
            if not shape:
                continue
            weapon = DATA.monster_weapon(m["kind"])
            srg = surges_of(weapon)
            share = 1 + sum(1 for h in others if sq(h["square"]) in shape)
            contrib: dict[Square, float] = {}
            for t, d in shape.items():
                e, _, _ = attack_eval(weapon.dice, dfn, srg, weapon.pierce, d if weapon.ranged else 0, 0, hp, bonus)
                v = e / share
                contrib[t] = v
                total[t] = total.get(t, 0.0) + v
            per[m["id"]] = contrib
        self._cache[key] = (total, per)
        return total, per

    # -- exposure of a monster (damage heroes could deal to it next hero turn) --------------

    def hero_dist(self, hero: dict[str, Any]) -> dict[Square, int]:
        key = ("dist", hero["id"])
        found = self._cache.get(key)
        if found is None:
            found = dist_to(self.quest, self.walls, frozenset({sq(hero["square"])}), DATA.water_cost(hero["id"]))
            self._cache[key] = found
        return found

    def nearest_hero_dist(self, q: Square) -> int:
        key = ("near",)
        maps = self._cache.get(key)
        if maps is None:
            maps = [self.hero_dist(h) for h in self.standing()]
            self._cache[key] = maps
        return min((d.get(q, 40) for d in maps), default=0)

    def exposure_terms(self, m: dict[str, Any]) -> list[list[tuple[float, dict[Square, int]]]]:
        """For each hero and weapon: (expected damage to ``m``, attacks-next-turn map)."""
        key = ("expo", m["id"])
        found = self._cache.get(key)
        if found is not None:
            return found
        dfn = self.monster_defense(m)
        hp = max(1, self.hp_left(m["id"]))
        found: list[list[tuple[float, dict[Square, int]]]] = []
        for h in self.standing():
            here = sq(h["square"])
            speed = int(h["speed"]) + 1
            water = DATA.water_cost(h["id"])
            per: list[tuple[float, dict[Square, int]]] = []
            for w in self.hero_weapons(h):
                if w.id == "bare" and len(h["equipped"]) > 0:
                    continue
                e, _, _ = attack_eval(w.dice, dfn, surges_of(w), w.pierce, 2 if w.ranged else 0,
                                      DATA.range_bonus(h["id"]) if w.ranged else 0, hp)
                per.append((e, strike_times(self.quest, self.walls, here, speed, water, w.ranged, w.reach)))
            found.append(per)
        self._cache[key] = found
        return found

    def exposure(self, m: dict[str, Any], q: Square) -> float:
        total = 0.0
        for per in self.exposure_terms(m):
            best = 0.0
            for e, times in per:
                v = e * times.get(q, 0)
                if v > best:
                    best = v
            total += best
        return total


_THREATS: dict[Any, dict[Square, int]] = {}


# ---- the hero's turn planner ---------------------------------------------------------------


class Plan:
    __slots__ = ("score", "step", "what", "kill", "target", "at", "aim")

    def __init__(self, score: float, step: str, what: str, kill: float = 0.0, target: str = "",
                 at: Square | None = None, aim: Square | None = None) -> None:
        self.score = score
        self.step = step
        self.what = what
        self.kill = kill
        self.target = target
        self.at = at  # where the attack is made from
        self.aim = aim  # the square attacked

    def __repr__(self) -> str:
        return f"Plan({self.score:.2f}, {self.step}, {self.what})"


def first_step(here: Square, q: Square, cost: int, mp: int, k: int, action: str) -> str:
    if q != here:
        if cost > mp:
            return "act:move" if k > 0 else "fatigue"
        return "move:" + sq_id(q)
    return action


def attack_kinds(w: World, hero: dict[str, Any], weapon: Weapon, fatigue_room: int
                 ) -> list[tuple[str, tuple[str, ...], int, int, float]]:
    """(option prefix, dice, pierce, fatigue cost, reserve cost) of each way to attack with ``weapon``."""
    hid = hero["id"]
    out = [("attack", tuple(weapon.dice), weapon.pierce, 0, 0.0)]
    if weapon.id == "bare":
        return out
    skill = DATA.skill(hid)
    if skill is not None and skill.use == "action" and skill.fatigue <= fatigue_room:
        spec = next((e for e in skill.effects if e.verb == "attack"), None)
        if spec is not None and _fits(weapon, spec):
            out.append((f"skill:{skill.id}", tuple(weapon.dice) + tuple(spec.get("add_dice", []) or ()),
                        weapon.pierce + int(spec.get("pierce", 0) or 0), skill.fatigue, 0.0))
    feat = DATA.feat(hid)
    if not hero["feat_used"] and feat.when == "action":
        spec = next((e for e in feat.effects if e.verb == "attack"), None)
        if spec is not None and _fits(weapon, spec):
            out.append(("fury", tuple(weapon.dice) + tuple(spec.get("add_dice", []) or ()),
                        weapon.pierce + int(spec.get("pierce", 0) or 0), 0, -1.0))
    return out


def _fits(weapon: Weapon, spec: Any) -> bool:
    kind = spec.get("attack_type")
    if kind and (kind == "ranged") != weapon.ranged:
        return False
    tag = spec.get("weapon_tag")
    return not tag or tag in weapon.tags


def feat_reserve(w: World, useful: bool) -> float:
    """What keeping the once-per-quest feat is worth (section 6: use it on the Warden, to
    save a hero, or from round 7 on)."""
    if w.round >= 7:
        return 0.3
    return 1.0 if useful else 5.0


def plan_hero(w: World, hid: str, actions: int, mp: int, *, moved: bool = False, rested: bool = False,
              immobilized: bool = False, slip: bool = False, decision: Decision | None = None,
              bonus_mp: int = 0) -> list[Plan]:
    """Every sensible plan for the rest of this hero's turn, best first."""
    hero = w.hero[hid]
    here = sq(hero["square"])
    speed = int(hero["speed"])
    stamina = int(hero["stamina"])
    fatigue = int(hero["fatigue"])
    room = max(0, stamina - fatigue)
    hp = w.hp_left(hid)
    mp = mp + bonus_mp
    danger_total, danger_per = w.danger(hid)
    here_danger = danger_total.get(here, 0.0)
    escaping = here_danger >= hp - 1
    wobj = w.objective_weight()
    skill = DATA.skill(hid)
    keep_room = 1 if skill is not None and skill.use == "action" else 0  # a Stamina point kept for the skill
    if immobilized:
        budget = 0
        mr = None
        reach: dict[Square, tuple[int, int]] = {here: (0, 0)}
    else:
        budget = mp + actions * speed + room
        mr = w.hero_range(hero, budget, slip)
        reach = {here: (0, 0)}
        for q in mr.ends:
            reach[q] = (mr.costs[q], mr.damage(q))
    # Moves and fatigue each end square needs: the fewest Move actions, then fatigue.
    needs: dict[Square, list[tuple[int, int]]] = {}
    for q, (cost, _) in reach.items():
        opts = []
        for k in range(0, actions + 1):
            f = max(0, cost - mp - k * speed)
            if f <= room and (k == 0 or cost > mp + (k - 1) * speed):
                opts.append((k, f))
                if f == 0:
                    break
        if opts:
            needs[q] = opts
    pos_cache: dict[tuple[Square, bool], float] = {}

    def pos(q: Square, open_after: bool = False, minus: float = 0.0) -> float:
        key = (q, open_after)
        base = pos_cache.get(key)
        if base is None:
            if open_after:
                dt, _ = w.danger(hid, w.walls_open)
            else:
                dt = danger_total
            dng = dt.get(q, 0.0)
            terrain = w.terrain.get(q)
            pen = 200.0 if terrain == "lava" else 6.0 if terrain == "pit" else 0.0
            pen += 1.5 * reach.get(q, (0, 0))[1]
            prog = w.progress(hid, q, w.door_open or open_after)
            base = -wobj * prog - DANGER_WEIGHT * dng - ko_risk(dng, hp) - pen
            pos_cache[key] = base
        if minus:
            # a killed monster no longer threatens: give back part of the danger
            dng = (w.danger(hid, w.walls_open)[0] if open_after else danger_total).get(q, 0.0)
            new = max(0.0, dng - minus)
            base += DANGER_WEIGHT * (dng - new) + ko_risk(dng, hp) - ko_risk(new, hp)
        return base

    plans: list[Plan] = []
    here_pos = pos(here)

    def fatigue_cost(f: int, kill: float = 0.0, revive: bool = False, rest: bool = False) -> float | None:
        if f == 0:
            return 0.0
        if rest or rested:  # a Rest this turn clears the fatigue at the end of it (DD-055)
            return 0.05 * f
        if kill >= 0.4 or revive or escaping:
            extra = 0.3 if fatigue + f > stamina - keep_room else 0.0
            return FATIGUE_MP_COST * f + extra
        return None

    # End the turn (or stay) here.
    plans.append(Plan(here_pos, "end", "end"))
    # Rest (needs an action): fatigue clears at the end of the turn, fatigue MP included.
    rest_ok = not rested
    brakka_heal = 0.0
    for e in DATA.ability_effects(hid, "rest"):
        if e.verb == "recover":
            brakka_heal = 0.8 * min(int(e.get("amount", 0)), int(hero["damage"]))

    weapons = w.hero_weapons(hero)
    monsters = list(w.monsters)
    # Move-only and move + rest / search / door / revive plans.
    for q, opts in needs.items():
        for k, f in opts:
            left = actions - k
            cost = reach[q][0]
            if q != here:
                fc = fatigue_cost(f)
                if fc is not None:
                    val = pos(q) - fc
                    plans.append(Plan(val, first_step(here, q, cost, mp, k, "end"), f"move {sq_id(q)}"))
            if left >= 1:
                if rest_ok and (fatigue + f > 0 or brakka_heal > 0):
                    fc = fatigue_cost(f, rest=True)
                    gain = 0.45 * fatigue + brakka_heal
                    if fatigue >= stamina - 1:
                        gain += 0.6
                    plans.append(Plan(pos(q) - fc + gain, first_step(here, q, cost, mp, k, "rest"),
                                      f"rest at {sq_id(q)}"))
                for t in w.tokens:
                    if t == q or is_adjacent(w.quest, w.walls, q, t):
                        fc = fatigue_cost(f)
                        dng = danger_total.get(q, 0.0)
                        if fc is None or dng >= 3:
                            continue
                        val = SEARCH_VALUE + (0.3 if DATA.keen_eye(hid) else 0.0)
                        plans.append(Plan(pos(q) - fc + val, first_step(here, q, cost, mp, k, f"search:{sq_id(t)}"),
                                          f"search {sq_id(t)}"))
                if not w.door_open:
                    for door in sorted(w.board.doors_touching(q)):
                        if door in w.open_doors:
                            continue
                        fc = fatigue_cost(f)
                        if fc is None:
                            continue
                        near = sum(1 for h in w.standing()
                                   if min(cheb(sq(h["square"]), s) for s in w.door_squares) <= 3
                                   or h["id"] == hid)
                        # The quest cannot be won behind a closed door: open it once the party
                        # is gathered (>= 2 heroes within 3 spaces), or when time runs short.
                        gathered = near >= 2 or w.round >= 5
                        bonus = 3.0 + 0.3 * w.round if gathered else -1.0
                        plans.append(Plan(pos(q, True) - fc + bonus, first_step(here, q, cost, mp, k, f"door:{door}"),
                                          f"open {door}"))
                for other in w.heroes:
                    if other["knocked_out"] and other["id"] != hid:
                        t = sq(other["square"])
                        if t == q or is_adjacent(w.quest, w.walls, q, t):
                            fc = fatigue_cost(f, revive=True)
                            if fc is None:
                                continue
                            plans.append(Plan(pos(q) - fc + REVIVE_VALUE,
                                              first_step(here, q, cost, mp, k, f"revive:{other['id']}"),
                                              f"revive {other['id']}"))
                if skill is not None and skill.use == "action" and skill.fatigue <= room - f and \
                        any(e.verb == "recover" for e in skill.effects):
                    for other in w.heroes:
                        t = sq(other["square"])
                        if other["damage"] <= 0 or not (other["id"] == hid or t == q or
                                                        is_adjacent(w.quest, w.walls, q, t)):
                            continue
                        if other["knocked_out"]:
                            val = REVIVE_VALUE - 1.0
                        else:
                            dmg = int(other["damage"])
                            val = 0.8 * min(2.17, dmg) * (1 + 2 * dmg / int(other["health"]))
                        fc = fatigue_cost(f, revive=other["knocked_out"])
                        if fc is None:
                            continue
                        val -= SKILL_FATIGUE_COST * skill.fatigue
                        plans.append(Plan(pos(q) - fc + val,
                                          first_step(here, q, cost, mp, k, f"skill:{skill.id}:{other['id']}"),
                                          f"mend {other['id']}"))
    # Attack plans.
    for q, opts in needs.items():
        for k, f in opts:
            left = actions - k
            if left < 1:
                continue
            cost = reach[q][0]
            for m in monsters:
                t = sq(m["square"])
                m_hp = max(1, w.hp_left(m["id"]))
                dfn = w.monster_defense(m)
                value = w.monster_value(m)
                is_boss = m["kind"] == w.boss_kind
                for weapon in weapons:
                    need = w.can_strike(weapon, q, t)
                    if need is None:
                        continue
                    rb = DATA.range_bonus(hid) if weapon.ranged else 0
                    srg = surges_of(weapon)
                    plain = attack_eval(weapon.dice, dfn, srg, weapon.pierce, need, rb, m_hp)
                    for prefix, dice, pierce, fat, reserve in attack_kinds(w, hero, weapon, room - f):
                        if prefix == "attack":
                            res = plain
                        else:
                            res = attack_eval(dice, dfn, srg, pierce, need, rb, m_hp)
                        exp, kill, dist = res
                        if left >= 2:
                            exp, kill = combine_kill(dist, plain[2])
                        fc = fatigue_cost(f, kill=kill)
                        if fc is None:
                            continue
                        score = exp * (1.5 if is_boss else 1.0) + KILL_WEIGHT * kill * value
                        if is_boss:
                            score += WIN_VALUE * kill
                        if fat:
                            score -= SKILL_FATIGUE_COST * fat
                            if fatigue + f + fat > stamina - 1:
                                score -= 0.2
                        if reserve < 0:  # the heroic feat
                            score -= feat_reserve(w, is_boss or kill >= 0.5)
                        threat = danger_per.get(m["id"], {}).get(q, 0.0)
                        score += pos(q, minus=kill * threat) - fc
                        option = f"{prefix}:{weapon.id}:{sq_id(t)}"
                        plans.append(Plan(score, first_step(here, q, cost, mp, k, option),
                                          f"{prefix} {m['id']} from {sq_id(q)}", kill, m["id"], q, t))
    # Cinder Storm: only offered from where the hero stands.
    if decision is not None and actions >= 1:
        for opt in decision.options:
            if opt.id.startswith("feat:"):
                centre = parse_sq(opt.id[5:])
                val = cinder_value(w, hid, centre)
                useful = val >= 8
                plans.append(Plan(here_pos + val - feat_reserve(w, useful), opt.id, "cinder storm"))
    plans.sort(key=lambda p: -p.score)
    return plans


def ko_risk(danger: float, hp: int) -> float:
    """A penalty growing as the expected damage approaches the health left."""
    over = danger - (hp - 2)
    if over <= 0:
        return 0.0
    return min(6.0, 2.0 * over)


def cinder_value(w: World, hid: str, centre: Square) -> float:
    area = [centre] + list(neighbours(w.quest, w.walls, centre))
    val = 0.0
    for s in area:
        fig = w.figure_at(s)
        if fig is None:
            continue
        left = w.hp_left(fig)
        if w.is_hero(fig):
            val -= 2.0 if left > 2 else 12.0
        else:
            m = w.monster[fig]
            is_boss = m["kind"] == w.boss_kind
            if left <= 2:
                val += KILL_WEIGHT * w.monster_value(m) + left + (WIN_VALUE if is_boss else 0.0)
            else:
                val += 2.0 * (1.5 if is_boss else 1.0)
    return val


# ---- hero decisions ---------------------------------------------------------------------------


def free_use(w: World, hid: str, decision: Decision) -> str | None:
    """Consumables and trades: not actions (DD-026, DD-114)."""
    hero = w.hero[hid]
    # Healing Draught: a knocked-out ally first, then whoever is low.
    draughts = [o for o in decision.option_ids if o.startswith("use:") and base_id(o.split(":")[1]) == "healing_draught"]
    best = None
    for o in draughts:
        target = w.hero[o.split(":")[2]]
        if target["knocked_out"]:
            score = 100.0
        else:
            dmg = int(target["damage"])
            if dmg < 3 or dmg < int(target["health"]) - 4:
                continue
            score = 10.0 - w.hp_left(target["id"])
        if best is None or score > best[0]:
            best = (score, o)
    if best is not None:
        return best[1]
    for o in decision.option_ids:
        if o.startswith("use:") and base_id(o.split(":")[1]) == "vigor_tonic":
            if int(hero["fatigue"]) >= int(hero["stamina"]) and not (w.act or {}).get("rested"):
                return o
    # Trades: Healing Draughts to the neediest adjacent hero (DD-114).
    mine = w.hp_left(hid)
    for o in decision.option_ids:
        if o.startswith("give:") and base_id(o.split(":")[1]) == "healing_draught":
            other = w.hero[o.split(":")[2]]
            has = any(base_id(i) == "healing_draught" for i in other["items"])
            if not has and w.hp_left(other["id"]) + 3 <= mine:
                return o
    return None


def hero_action(w: World, decision: Decision) -> str:
    act = w.act or {}
    hid = act.get("figure") or next(h["id"] for h in w.heroes)
    hero = w.hero[hid]
    ids = decision.option_ids
    if "standup" in ids:
        return "standup"
    climbs = [o for o in ids if o.startswith("climb:")]
    if climbs:
        return max(climbs, key=lambda o: hero_pos_simple(w, hid, parse_sq(o[6:])))
    use = free_use(w, hid, decision)
    if use is not None:
        return use
    actions = int(act.get("actions_left", 0))
    mp = int(act.get("mp", 0))
    kw = dict(moved=bool(act.get("moved")), rested=bool(act.get("rested")),
              immobilized=bool(act.get("held", act.get("immobilized"))), slip=bool(act.get("slip_away")))
    plans = plan_hero(w, hid, actions, mp, decision=decision, **kw)
    if "feat" in ids and not hero["feat_used"]:
        feat = DATA.feat(hid)
        if any(e.verb == "gain_mp" for e in feat.effects):
            extra = int(hero["speed"])
            boosted = plan_hero(w, hid, actions, mp, decision=None, bonus_mp=extra,
                                **{**kw, "slip": True})
            if boosted and plans:
                gain = boosted[0].score - plans[0].score
                useful = boosted[0].kill >= 0.3 and boosted[0].target == (w.boss or {}).get("id")
                if gain > feat_reserve(w, useful or gain > 4):
                    return "feat"
    valid = set(ids)
    checked: dict[tuple[Square, Square], bool] = {}
    for plan in plans:
        step = plan.step
        if step in valid:
            if plan.at is not None and plan.aim is not None and plan.at != sq(hero["square"]):
                # an attack after moving: figures may block the line of sight (static sight was used)
                key = (plan.at, plan.aim)
                if key not in checked:
                    checked[key] = not needs_sight(w, plan.at, plan.aim) or w.exact_los(plan.at, plan.aim, hid)
                if not checked[key]:
                    continue
            if step == "end":
                smoke = smoke_pellet(w, hid, decision)
                if smoke:
                    return smoke
            return step
    return "end" if "end" in valid else ids[0]


def needs_sight(w: World, a: Square, t: Square) -> bool:
    """Adjacent targets need no sight (melee); everything else does."""
    return not is_adjacent(w.quest, w.walls, a, t)


def smoke_pellet(w: World, hid: str, decision: Decision) -> str | None:
    for o in decision.option_ids:
        if o.startswith("use:") and base_id(o.split(":")[1]) == "smoke_pellet":
            here = w.square_of(hid)
            ranged = 0.0
            total, per = w.danger(hid)
            for mid, contrib in per.items():
                if DATA.monster_weapon(w.monster[mid]["kind"]).ranged:
                    ranged += contrib.get(here, 0.0)
            if ranged >= 2.0:
                return o
    return None


def hero_pos_simple(w: World, hid: str, q: Square) -> float:
    dt, _ = w.danger(hid)
    terrain = w.terrain.get(q)
    pen = 200.0 if terrain == "lava" else 6.0 if terrain == "pit" else 0.0
    return -w.objective_weight() * w.progress(hid, q, w.door_open) - DANGER_WEIGHT * dt.get(q, 0.0) - pen


def best_kill_chance(w: World, hid: str) -> float:
    hero = w.hero[hid]
    actions = 1 if "stunned" in hero.get("conditions", []) else 2
    plans = plan_hero(w, hid, actions, 0, immobilized="immobilized" in hero.get("conditions", []))
    return max((p.kill for p in plans), default=0.0)


def hero_order(w: World, decision: Decision) -> str:
    """DD-003: revivers, then likely killers, then heroes in danger, then the slowest."""
    ranked = []
    knocked = [h for h in w.heroes if h["knocked_out"]]
    for index, opt in enumerate(decision.options):
        hid = opt.id.split(":", 1)[1]
        hero = w.hero[hid]
        if hero["knocked_out"]:
            ranked.append(((5, 0.0, index), opt.id))
            continue
        here = sq(hero["square"])
        speed = int(hero["speed"])
        room = max(0, int(hero["stamina"]) - int(hero["fatigue"]))
        reviver = False
        if knocked and "immobilized" not in hero.get("conditions", []):
            mr = w.hero_range(hero, speed + room)
            for k in knocked:
                t = sq(k["square"])
                spots = {t} | set(neighbours(w.quest, w.walls, t))
                if here in spots or any(s in mr.ends for s in spots):
                    reviver = True
        if reviver:
            ranked.append(((1, 0.0, index), opt.id))
            continue
        kill = best_kill_chance(w, hid)
        if kill >= 0.3:
            ranked.append(((2, -kill, index), opt.id))
            continue
        dng = w.danger(hid)[0].get(here, 0.0)
        if dng >= w.hp_left(hid) - 2:
            ranked.append(((3, -dng, index), opt.id))
            continue
        ranked.append(((4, float(speed), index), opt.id))
    ranked.sort()
    return ranked[0][1]


def loadout_value(w: World | None, hero_id: str, items: Iterable[str], target_def: tuple[str, ...] = ("gray",),
                  adjacent_enemy: bool = True) -> float:
    items = list(items)
    health = CONTENT.heroes[hero_id].health
    best = 0.0
    reach_bonus = 0.0
    skill = DATA.skill(hero_id)
    for i in items:
        d = DATA.item(i)
        if not d.is_weapon:
            continue
        weapon = Data._from_item(i, d)
        e, _, _ = attack_eval(weapon.dice, target_def, surges_of(weapon), weapon.pierce, 3 if weapon.ranged else 0,
                              DATA.range_bonus(hero_id) if weapon.ranged else 0, 12)
        if skill is not None and skill.use == "action":
            spec = next((x for x in skill.effects if x.verb == "attack"), None)
            if spec is not None and _fits(weapon, spec):
                e += 0.4
        best = max(best, e)
        if (weapon.reach or weapon.ranged) and not adjacent_enemy:
            reach_bonus = 0.3
    if best == 0.0:
        best = attack_eval(("blue",), target_def, (), 0, 0, 0, 12)[0]
    shields = 0.0
    extra: list[str] = []
    shield_items = 0
    other = 0.0
    for i in items:
        d = DATA.item(i)
        for effect in d.effects:
            if d.when == "passive" and effect.verb == "add_dice" and effect.get("pool") == "defense":
                extra.extend(effect.get("dice"))
            if d.when == "passive" and effect.verb == "stat_bonus":
                other += (0.6 if effect.get("stat") == "speed" else 0.3) * int(effect.get("amount", 0))
            if d.when == "after_defense_roll" and effect.verb == "bonus":
                shield_items += 1
            if d.when == "attribute_test":
                other += 0.1
    shields += expected_shields(tuple(extra)) if extra else 0.0
    shields += min(shield_items, 1) * 1.0 + max(0, shield_items - 1) * 0.4
    return 0.6 * best + 0.4 * shields * (12.0 / health) + reach_bonus + other


def equip(w: World, decision: Decision) -> str:
    act = w.act or {}
    hid = act.get("figure")
    if hid not in w.hero:
        return decision.option_ids[0]
    hero = w.hero[hid]
    here = sq(hero["square"])
    target_def: tuple[str, ...] = ("gray",)
    adjacent_enemy = False
    if w.monsters:
        near = min(w.monsters, key=lambda m: (cheb(here, sq(m["square"])), m["id"]))
        target_def = w.monster_defense(near)
        adjacent_enemy = any(is_adjacent(w.quest, w.walls, here, sq(m["square"])) for m in w.monsters)
    best = None
    for index, opt in enumerate(decision.options):
        items = [i for i in opt.id.split(":", 1)[1].split(",") if i]
        v = loadout_value(w, hid, items, target_def, adjacent_enemy)
        if best is None or v > best[0] + 1e-9:
            best = (v, opt.id)
    return best[1] if best else decision.option_ids[0]


def best_loadout(hero_id: str, items: list[str]) -> float:
    equippable = [i for i in items if DATA.item(i).slot != "none"]
    best = 0.0
    for mask in range(1 << len(equippable)):
        chosen = [equippable[k] for k in range(len(equippable)) if mask >> k & 1]
        if DATA.loadout_ok(chosen):
            best = max(best, loadout_value(None, hero_id, chosen))
    return best


def share(w: World, decision: Decision) -> str:
    best = None
    for opt in decision.options:
        _, card, hid = opt.id.split(":")
        items = list(w.hero[hid]["items"])
        gain = best_loadout(hid, items + [card]) - best_loadout(hid, items)
        if best is None or gain > best[0] + 1e-9:
            best = (gain, opt.id)
    return best[1] if best else decision.option_ids[0]


def keen_eye(w: World, decision: Decision) -> str:
    def rank(option: str) -> int:
        card = base_id(option.split(":", 1)[1])
        return KEEP_PRIORITY.index(card) if card in KEEP_PRIORITY else len(KEEP_PRIORITY)

    return min(decision.option_ids, key=rank)


def start_feat(w: World, decision: Decision) -> str:
    """Radiant Prayer (or any start-of-turn feat): heal when it saves or helps a lot."""
    act = w.act or {}
    hid = act.get("figure")
    feat = DATA.feat(hid) if hid in w.hero else None
    if feat is None or "feat" not in decision.option_ids:
        return "pass" if "pass" in decision.option_ids else decision.option_ids[0]
    amount = sum(int(e.get("amount", 0) or 0) for e in feat.effects if e.verb == "recover")
    if amount <= 0:
        return "feat" if w.round >= 7 else "pass"
    healed = sum(min(amount, int(h["damage"])) for h in w.heroes)
    if any(h["knocked_out"] for h in w.heroes):
        return "feat"
    if any(w.hp_left(h["id"]) <= 3 for h in w.standing()):
        return "feat"
    if healed >= 7 or (w.round >= 7 and healed >= 3):
        return "feat"
    return "pass"


# ---- attack steps: shields and surges --------------------------------------------------------


def attack_facts(w: World) -> dict[str, Any] | None:
    a = w.attack
    if not a:
        return None
    attacker = a["attacker"]
    if attacker in w.hero:
        weapon = hero_weapon(a["weapon"])
    elif attacker in w.monster:
        weapon = DATA.monster_weapon(w.monster[attacker]["kind"])
    else:
        return None
    dice = list(a["dice"])
    faces = list(a["faces"])
    hearts = surges = rng = 0
    for die, face in zip(dice, faces):
        m, r, h, s, _ = _faces(die)[face]
        hearts += h
        surges += s
        rng += r
    return {"weapon": weapon, "hearts": hearts + int(a.get("bonus_hearts", 0)), "surges_left": surges - int(
        a.get("surges_spent", 0)), "range": rng + int(a.get("range_bonus", 0)), "pierce": int(a.get("pierce", 0)),
            "target": sq(a["target"]), "attacker": attacker, "used": list(a.get("used", []))}


def hero_weapon(weapon_id: str) -> Weapon:
    """A hero's weapon profile by item id (or bare hands), as ``Data.weapon_of`` builds it."""
    if weapon_id == "bare":
        return Weapon("bare", "bare hands", False, ("blue",))
    return Data._from_item(weapon_id, DATA.item(weapon_id))


def defense_total(w: World, figure: str) -> int | None:
    a = w.attack or {}
    rolled = a.get("defense", {}).get(figure)
    if rolled is None:
        return None
    total = 0
    for die, face in rolled:
        total += _faces(die)[face][4]
    return total + int((a.get("shield_bonus") or {}).get(figure) or 0)


def best_damage(hearts: int, shields: int, pierce: int, surges: Surges, used: list[str], left: int) -> int:
    """The most damage the attacker can still get out of his unused surges."""
    avail = tuple(s for i, s in enumerate(surges) if f"surge:{i}" not in used)
    best = 0
    for _, ph, pp in _surge_packages(avail, left):
        best = max(best, hearts + ph - max(0, shields - pierce - pp))
    return best


def shield_choice(w: World, decision: Decision) -> str:
    """Exhaust a shield when it prevents damage (the overlord spending surges at his best)."""
    facts = attack_facts(w)
    options = [o for o in decision.option_ids if o.startswith("shield:")]
    if facts is None or not options:
        return "pass"
    item = options[0].split(":", 1)[1]
    hero = next((h for h in w.heroes if item in h["equipped"]), None)
    if hero is None:
        return options[0]
    weapon = facts["weapon"]
    srg = surges_of(weapon)
    left = facts["surges_left"]
    if weapon.ranged:
        short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
        need = _range_fix(srg, short, left)
        if need is None:
            return "pass"
        left -= need
    shields = defense_total(w, hero["id"])
    if shields is None:
        return options[0]
    now = best_damage(facts["hearts"], shields, facts["pierce"], srg, facts["used"], left)
    better = best_damage(facts["hearts"], shields + 1, facts["pierce"], srg, facts["used"], left)
    return options[0] if better < now else "pass"


def range_surge(w: World, decision: Decision) -> str:
    facts = attack_facts(w)
    options = [o for o in decision.option_ids if o.startswith("surge:")]
    if facts is None or not options:
        return "pass"
    weapon = facts["weapon"]
    short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
    total = sum(weapon.surges[int(o.split(":")[1])].amount for o in options)
    if total < short:
        return "pass"  # it cannot reach anyway: keep nothing, lose nothing
    return max(options, key=lambda o: (weapon.surges[int(o.split(":")[1])].amount, o))


def surge_choice(w: World, decision: Decision) -> str:
    """Section 6: a kill first, then Pierce, Stun, hearts, surge rest (heroes); the largest
    damage gain (overlord). Blast only when it helps on balance."""
    facts = attack_facts(w)
    ids = decision.option_ids
    if facts is None:
        return "pass"
    weapon = facts["weapon"]
    srg = surges_of(weapon)
    used = facts["used"]
    left = facts["surges_left"]
    target = w.figure_at(facts["target"])
    hero_attacking = facts["attacker"] in w.hero
    if target is None:
        return "surge_rest" if "surge_rest" in ids else "pass"
    shields = defense_total(w, target)
    if shields is None:
        shields = 0
    hp = w.hp_left(target)
    hearts, pierce = facts["hearts"], facts["pierce"]
    now = max(0, hearts - max(0, shields - pierce))
    candidates = [o for o in ids if o.startswith("surge:")]

    def effect(o: str) -> tuple[int, str, int]:
        a = weapon.surges[int(o.split(":")[1])]
        return a.cost, a.effect, a.amount

    def damage_with(o: str) -> int:
        cost, eff, amount = effect(o)
        if eff == "hearts":
            return max(0, hearts + amount - max(0, shields - pierce))
        if eff == "pierce":
            return max(0, hearts - max(0, shields - pierce - amount))
        return now

    # (2) an ability that turns a non-kill into a kill (possibly with the rest of the surges)
    if now < hp:
        best_total = best_damage(hearts, shields, pierce, srg, used, left)
        if best_total >= hp:
            for o in sorted(candidates, key=lambda o: effect(o)[0]):
                cost, eff, _ = effect(o)
                if eff not in ("hearts", "pierce"):
                    continue
                rest = best_damage(damage_with(o) + max(0, shields - pierce) if eff == "hearts" else hearts,
                                   shields, pierce + (effect(o)[2] if eff == "pierce" else 0), srg,
                                   used + [o], left - cost)
                if damage_with(o) >= hp or rest >= hp:
                    return o
    gains = []
    for o in candidates:
        cost, eff, amount = effect(o)
        gain = min(hp, damage_with(o)) - min(hp, now)
        if eff == "pierce" and gain > 0:
            gains.append((3, gain, o))
        elif eff == "hearts" and gain > 0:
            gains.append((1, gain, o))
        elif eff == "condition" and hero_attacking and now < hp:
            gains.append((2, 0.5, o))
        elif eff == "blast":
            val = blast_value(w, facts, hearts, pierce)
            if val > 0.5:
                gains.append((2.5, val, o))
    if gains:
        if hero_attacking:
            gains.sort(key=lambda g: (-g[0], -g[1], g[2]))
        else:
            gains.sort(key=lambda g: (-g[1], -g[0], g[2]))
        return gains[0][2]
    if "surge_rest" in ids:
        return "surge_rest"
    return "pass"


def blast_value(w: World, facts: dict[str, Any], hearts: int, pierce: int) -> float:
    centre = facts["target"]
    hero_attacking = facts["attacker"] in w.hero
    val = 0.0
    for s in neighbours(w.quest, w.walls, centre):
        fig = w.figure_at(s)
        if fig is None:
            continue
        if w.is_hero(fig):
            dfn = w.hero_defense(w.hero[fig])
        else:
            dfn = w.monster_defense(w.monster[fig])
        hp = w.hp_left(fig)
        exp = sum(p * min(hp, max(0, hearts - max(0, sh - pierce))) for sh, p in shield_pool(dfn))
        kill = sum(p for sh, p in shield_pool(dfn) if hearts - max(0, sh - pierce) >= hp)
        if w.is_hero(fig):
            v = exp + 4.0 * kill
            val += -v if hero_attacking else v
        else:
            m = w.monster[fig]
            v = exp + KILL_WEIGHT * kill * w.monster_value(m)
            val += v if hero_attacking else -v
    return val


# ---- the overlord ------------------------------------------------------------------------------


def monster_pos(w: World, m: dict[str, Any], q: Square, path_damage: int = 0) -> float:
    kind = m["kind"]
    is_boss = kind == w.boss_kind
    ranged = DATA.monster_weapon(kind).ranged
    terrain = w.terrain.get(q)
    hp = w.hp_left(m["id"])
    pen = 0.0
    if terrain == "lava" or path_damage >= hp:
        pen += 1000.0 if is_boss else 200.0
    elif terrain == "pit":
        pen += 4.0
    pen += (4.0 if is_boss else 1.5) * path_damage
    expo = w.exposure(m, q)
    if is_boss:
        pen += 1.2 * min(expo, hp + 2) + 15.0 * min(1.0, max(0.0, (expo - hp + 3) / 5))
    elif m["master"]:
        pen += 0.45 * min(expo, hp + 2)
    else:
        pen += 0.3 * min(expo, hp + 2)
    heroes = w.standing()
    near = w.nearest_hero_dist(q)
    if is_boss:
        approach = 0.0
    elif ranged:
        approach = -0.2 * abs(near - 3)
    elif w.boss is not None and m.get("group") == w.boss.get("group"):
        # Bone Warriors: hold the Vault just inside the doorway until a hero is inside (they
        # still strike whatever comes within reach), then fight, staying within 2 of the Warden.
        lair = boss_area(w)
        inside = lair is not None and any(lair.contains(sq(h["square"])) for h in heroes)
        if inside:
            approach = -0.25 * near
            pen += 0.5 * max(0, cheb(q, sq(w.boss["square"])) - 2)
        else:
            # hold the line just inside the doorway, so heroes must come in a few at a time
            line = holding_line(w)
            dd = dist_to(w.quest, w.walls_open, line, 2)
            approach = -0.3 * dd.get(q, 10)
            pen += 0.5 * max(0, cheb(q, sq(w.boss["square"])) - 2)
    else:
        approach = -0.25 * near
    return approach - pen


def holding_line(w: World) -> frozenset[Square]:
    """The squares of the Warden's room next to the doorway (or the doorway itself)."""
    lair = boss_area(w)
    doorway = set(w.door_squares)
    if lair is None:
        return frozenset(doorway)
    inner = {n for s in doorway for n in neighbours(w.quest, w.walls_open, s)
             if lair.contains(n) and n not in doorway and w.terrain.get(n) == "floor"}
    return frozenset(inner or doorway)


def boss_area(w: World) -> Any:
    if w.boss is None:
        return None
    return DATA.quest(w.quest).area_of(sq(w.boss["square"]))


def monster_attack_value(w: World, m: dict[str, Any], q: Square, attacks: int) -> tuple[float, str, float]:
    """The best attack from ``q``: (value, target square id, ko chance)."""
    weapon = DATA.monster_weapon(m["kind"])
    srg = surges_of(weapon)
    best = (-1.0, "", 0.0)
    for h, t, dfn, hp, bonus, extra in target_facts(w, weapon.ranged):
        need = w.can_strike(weapon, q, t)
        if need is None:
            continue
        exp, ko, dist = attack_eval(weapon.dice, dfn, srg, weapon.pierce, need, 0, hp, bonus)
        if attacks >= 2:
            exp, ko = combine_kill(dist, dist)
        val = exp + KO_VALUE * ko + extra
        if val > best[0]:
            best = (val, sq_id(t), ko)
    return best


def target_facts(w: World, ranged: bool) -> list[tuple[dict[str, Any], Square, tuple[str, ...], int, int, float]]:
    key = ("targets", ranged)
    found = w._cache.get(key)
    if found is None:
        found = []
        for h in w.standing():
            if ranged and any(str(e).startswith("untargetable_ranged") for e in h.get("effects", [])):
                continue
            dfn = w.hero_defense(h)
            skill = DATA.skill(h["id"])
            healer = skill is not None and any(e.verb == "recover" for e in skill.effects)
            # ties: the lowest defense, then a healer (section 6)
            extra = -0.05 * len(dfn) + (0.2 if healer else 0.0)
            found.append((h, sq(h["square"]), dfn, max(1, w.hp_left(h["id"])), 1 if w.shield_ready(h) else 0,
                          extra))
        w._cache[key] = found
    return found


def plan_monster(w: World, mid: str, extra_moves: int | None = None) -> list[Plan]:
    """Every sensible plan for the rest of this monster's activation, best first."""
    m = w.monster[mid]
    act = w.act or {}
    mine = act.get("figure") == mid
    here = sq(m["square"])
    speed = CONTENT.monsters[m["kind"]].speed
    actions = int(act.get("actions_left", 2)) if mine else (1 if "stunned" in m.get("conditions", []) else 2)
    mp = int(act.get("mp", 0)) if mine else 0
    extra = int(act.get("extra_moves", 0) or 0) if mine else 0
    if extra_moves is not None:
        extra = extra_moves
    held = bool(act.get("held", act.get("immobilized"))) if mine else "immobilized" in m.get("conditions", [])
    attacks_left = (int(act.get("attacks_allowed", 1)) - int(act.get("attacks_made", 0))) if mine else 1
    weapon = DATA.monster_weapon(m["kind"])
    moves = actions + extra  # Move actions still possible (Scurry's extra one included)
    reach: dict[Square, tuple[int, int]] = {here: (0, 0)}
    if not held:
        mr = w.monster_range(m, mp + moves * speed)
        for q in mr.ends:
            reach[q] = (mr.costs[q], mr.damage(q))
    plans: list[Plan] = []
    pos_cache: dict[Square, float] = {}

    def pos(q: Square) -> float:
        if q not in pos_cache:
            pos_cache[q] = monster_pos(w, m, q, reach.get(q, (0, 0))[1])
        return pos_cache[q]

    here_pos = pos(here)
    plans.append(Plan(here_pos, "end", "end"))
    retreat = None
    for q, (cost, dmg) in reach.items():
        k = 0 if cost <= mp else -(-(cost - mp) // speed)
        if k > moves:
            continue
        if q != here:
            plans.append(Plan(pos(q), first_step(here, q, cost, mp, k, "end"), f"move {sq_id(q)}"))
        # The engine spends a normal action on a Move before Scurry's extra one, so an
        # attack after k Move actions needs k < actions.
        left = actions - k
        if left >= 1 and attacks_left >= 1:
            n = min(attacks_left, left)
            val, target, ko = monster_attack_value(w, m, q, n)
            if not target:
                continue
            after = pos(q)
            if q == here and (left - n) + extra >= 1 and not held:
                if retreat is None:
                    mr2 = w.monster_range(m, mp + speed)
                    retreat = max([here_pos] + [monster_pos(w, m, s, mr2.damage(s)) for s in mr2.ends])
                after = max(after, retreat)
            option = f"attack:{weapon.id}:{target}"
            plans.append(Plan(val + after, first_step(here, q, cost, mp, k, option), f"attack {target} from {sq_id(q)}",
                              ko, target, q, parse_sq(target)))
    plans.sort(key=lambda p: -p.score)
    return plans


def monster_action(w: World, decision: Decision) -> str:
    act = w.act or {}
    mid = act.get("figure")
    ids = decision.option_ids
    if mid not in w.monster:
        return "end" if "end" in ids else ids[0]
    m = w.monster[mid]
    climbs = [o for o in ids if o.startswith("climb:")]
    if climbs:
        return max(climbs, key=lambda o: (monster_pos(w, m, parse_sq(o[6:])), o))
    valid = set(ids)
    checked: dict[tuple[Square, Square], bool] = {}
    for plan in plan_monster(w, mid):
        if plan.step in valid:
            if plan.at is not None and plan.aim is not None and plan.at != sq(m["square"]):
                key = (plan.at, plan.aim)
                if key not in checked:
                    checked[key] = not needs_sight(w, plan.at, plan.aim) or w.exact_los(plan.at, plan.aim, mid)
                if not checked[key]:
                    continue
            return plan.step
    return "end" if "end" in valid else ids[0]


def best_attack_soon(w: World, m: dict[str, Any]) -> float:
    """The best attack value the monster could get this activation (Move + Attack)."""
    here = sq(m["square"])
    speed = CONTENT.monsters[m["kind"]].speed
    immobile = "immobilized" in m.get("conditions", [])
    squares = [here] + ([] if immobile or "stunned" in m.get("conditions", []) else
                        sorted(w.monster_range(m, speed).ends))
    best = -99.0
    for q in squares:
        if w.terrain.get(q) in ("lava", "pit"):
            continue
        val, target, _ = monster_attack_value(w, m, q, 1)
        if target and val > best:
            best = val
    return best


def group_order(w: World, decision: Decision) -> str:
    """DD-121: the Goblins (ranged) first, then the Bone Warriors."""
    def rank(option: str) -> tuple[int, str]:
        group = option.split(":", 1)[1]
        members = [m for m in w.monsters if m.get("group") == group]
        ranged = any(DATA.monster_weapon(m["kind"]).ranged for m in members)
        return (0 if ranged else 1, option)

    return min(decision.option_ids, key=rank)


def monster_order(w: World, decision: Decision) -> str:
    """DD-125: the monster with the best attack first; the Warden after its minions."""
    best = None
    for index, opt in enumerate(decision.options):
        mid = opt.id.split(":", 1)[1]
        if mid not in w.monster:
            continue
        attack = best_attack_soon(w, w.monster[mid])
        is_boss = w.monster[mid]["kind"] == w.boss_kind
        key = (attack > -99.0, not is_boss, attack, -index)
        if best is None or key > best[0]:
            best = (key, opt.id)
    return best[1] if best else decision.option_ids[0]


# ---- overlord cards ----------------------------------------------------------------------------


def overlord_card(w: World, decision: Decision) -> str:
    best = None
    for opt in decision.options:
        if not opt.id.startswith("card:"):
            continue
        card = base_id(opt.id.split(":", 1)[1])
        v = card_value(w, card, card_subject(w, decision))
        if v > 0 and (best is None or v > best[0]):
            best = (v, opt.id)
    return best[1] if best else "pass"


def card_subject(w: World, decision: Decision) -> str:
    """The figure the card moment is about, named at the end of the prompt ("… (Bone Warden)?")."""
    prompt = decision.prompt
    if "(" in prompt and ")" in prompt:
        name = prompt[prompt.rindex("(") + 1:prompt.rindex(")")]
        for figure in w.heroes + w.monsters:
            if figure.get("name") == name:
                return str(figure["id"])
    return ""


def card_value(w: World, card: str, subject: str = "") -> float:
    """How much playing the card now is worth (> 0: play). Section 6, Overlord cards."""
    late = w.round >= 9
    act = w.act or {}
    fig = subject if subject in w.hero or subject in w.monster else act.get("figure", "")
    if card == "vicious_blow":
        facts = w.attack
        if not facts or facts["attacker"] not in w.monster:
            return 0.0
        target = w.figure_at(sq(facts["target"]))
        if target is None or target not in w.hero:
            return 0.0
        m = w.monster[facts["attacker"]]
        h = w.hero[target]
        weapon = DATA.monster_weapon(m["kind"])
        need = cheb(sq(m["square"]), sq(facts["target"])) if weapon.ranged else 0
        hp = max(1, w.hp_left(target))
        dfn = w.hero_defense(h)
        bonus = 1 if w.shield_ready(h) else 0
        e0, ko0, _ = attack_eval(tuple(facts["dice"]), dfn, surges_of(weapon), int(facts.get("pierce", 0)), need,
                                 int(facts.get("range_bonus", 0)), hp, bonus)
        e1, ko1, _ = attack_eval(tuple(facts["dice"]) + ("red",), dfn, surges_of(weapon),
                                 int(facts.get("pierce", 0)), need, int(facts.get("range_bonus", 0)), hp, bonus)
        if ko1 - ko0 >= 0.15 and ko0 < 0.5:
            return 1.0 + ko1 - ko0
        if late and e1 > e0:
            return 0.5
        return 0.0
    if card == "dark_resilience":
        facts = attack_facts(w)
        a = w.attack
        if facts is None or not a:
            return 0.0
        target = subject if subject in w.monster else w.figure_at(facts["target"])
        if target is None or target not in w.monster:
            return 0.0
        m = w.monster[target]
        if not (m["master"] or m["kind"] == w.boss_kind):
            return 0.0
        shields = defense_total(w, target) or 0
        srg = surges_of(facts["weapon"])
        left = facts["surges_left"]
        weapon = facts["weapon"]
        if weapon.ranged:
            short = cheb(w.square_of(facts["attacker"]), facts["target"]) - facts["range"]
            need = _range_fix(srg, short, left)
            if need is None:
                return 0.0
            left -= need
        hp = w.hp_left(target)
        now = best_damage(facts["hearts"], shields, facts["pierce"], srg, facts["used"], left)
        with_card = best_damage(facts["hearts"], shields + 1, facts["pierce"], srg, facts["used"], left)
        if now >= hp > with_card:
            return 5.0
        if m["kind"] == w.boss_kind and with_card < now and (hp <= 8 or late):
            return 1.0
        return 0.0
    if card in ("crumbling_ceiling", "creeping_dread"):
        if fig not in w.hero:
            return 0.0
        h = w.hero[fig]
        if h["knocked_out"]:
            return 0.0
        attr = "awareness" if card == "crumbling_ceiling" else "willpower"
        fail = test_fail_chance(DATA.attribute(fig, attr))
        hp = w.hp_left(fig)
        if card == "crumbling_ceiling":
            damage = 2
        else:
            room = int(h["stamina"]) - int(h["fatigue"])
            damage = max(0, 2 - room)
        ko = fail if damage >= hp else 0.0
        value = fail * (damage + (0.5 if card == "creeping_dread" else 0.0)) + 6.0 * ko
        others = [x for x in w.standing() if x["id"] != fig]
        lower = any(test_fail_chance(DATA.attribute(x["id"], attr)) > fail + 0.05 for x in others)
        threshold = 2.5 if w.round <= 4 else 1.2 if w.round <= 7 else 0.3
        if lower and not ko:
            threshold += 0.6
        return value if value >= threshold else 0.0
    if card == "snare_wire":
        if fig not in w.hero:
            return 0.0
        h = w.hero[fig]
        if DATA.attribute(fig, "awareness") > 3 or "immobilized" in h.get("conditions", []):
            return 0.0
        here = sq(h["square"])
        mp = int(act.get("mp", 0))
        progressing = w.door_open or here[0] >= 8 or w.round >= 6
        lava_near = any(w.terrain.get(n) == "lava" for n in neighbours(w.quest, w.walls, here))
        if (progressing or lava_near) and (mp >= 2 or int(act.get("actions_left", 0)) >= 1):
            return 1.0 + test_fail_chance(DATA.attribute(fig, "awareness"))
        return 0.0
    if card == "poisoned_barb":
        a = w.attack or {}
        target = subject if subject in w.hero else (w.figure_at(sq(a["target"])) if a.get("target") else None)
        if target is None or target not in w.hero:
            candidates = [x for x in a.get("affected", []) if x in w.hero]
            target = candidates[0] if candidates else None
        if target is None:
            return 0.0
        h = w.hero[target]
        if h["knocked_out"] or "poisoned" in h.get("conditions", []):
            return 0.0
        if DATA.attribute(target, "might") <= 2 or late:
            return 1.0
        return 0.0
    if card == "bloodlust":
        if fig not in w.monster:
            return 0.0
        m = w.monster[fig]
        if "stunned" in m.get("conditions", []):
            return 0.0
        weapon = DATA.monster_weapon(m["kind"])
        here = sq(m["square"])
        targets = [h for h in w.standing() if w.can_strike(weapon, here, sq(h["square"])) is not None]
        if len(targets) >= 2 or any(w.hp_left(h["id"]) <= 4 for h in targets) or (late and targets):
            return 1.0
        return 0.0
    if card == "scurry":
        if fig not in w.monster:
            return 0.0
        # worth it when one more Move action makes the activation clearly better
        # (to reach a hero, or to step away after attacking)
        without = plan_monster(w, fig, extra_moves=0)
        with_card = plan_monster(w, fig, extra_moves=1)
        gain = (with_card[0].score if with_card else 0.0) - (without[0].score if without else 0.0)
        threshold = 0.3 if late else 1.5
        return gain if gain >= threshold else 0.0
    return 0.0


def place(w: World, decision: Decision) -> str:
    """Where a standing hero or a reinforcement is placed among the nearest empty spaces."""
    squares = [(parse_sq(o.split(":", 1)[1]), o) for o in decision.option_ids if o.startswith("place:")]
    if not squares:
        return decision.option_ids[0]
    if decision.seat == 0:
        # a Goblin minion arrives: judge the squares as one would for it
        group = DATA.quest(w.quest).reinforcement
        kind = CONTENT.groups[group.group].minion if group is not None else next(iter(CONTENT.monsters))
        ghost = {"id": "ghost", "kind": kind, "master": False, "square": list(squares[0][0]), "damage": 0,
                 "health": CONTENT.monsters[kind].health_for(len(w.heroes)), "conditions": [], "group": ""}
        w.monster["ghost"] = ghost
        return max(squares, key=lambda x: (monster_pos(w, ghost, x[0]), x[1]))[1]
    knocked = [h for h in w.heroes if h["knocked_out"]] or list(w.heroes)
    hero = min(knocked, key=lambda h: (min(cheb(sq(h["square"]), s) for s, _ in squares), h["id"]))
    return max(squares, key=lambda x: (hero_pos_simple(w, hero["id"], x[0]), x[1]))[1]


# ---- entry point -----------------------------------------------------------------------------


def _hero_action_or_monster(w: World, decision: Decision) -> str:
    act = w.act or {}
    if act.get("figure") in w.monster:
        return monster_action(w, decision)
    return hero_action(w, decision)


HANDLERS = {
    "hero_order": hero_order,
    "equip": equip,
    "action": _hero_action_or_monster,
    "shield": shield_choice,
    "range_surge": range_surge,
    "surge": surge_choice,
    "overlord_card": overlord_card,
    "group_order": group_order,
    "monster_order": monster_order,
    "feat": start_feat,
    "keen_eye": keen_eye,
    "share": share,
    "place": place,
}


def _fallback(decision: Decision) -> tuple[str, ...]:
    ids = decision.option_ids
    for safe in ("pass", "end"):
        if safe in ids:
            return (safe,)
    return tuple(ids[: max(1, decision.min_choices)])


def choose(view: dict[str, Any], decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The normal player's answer, from the seat's view only (deterministic; ``rng`` unused)."""
    ids = decision.option_ids
    if not ids:
        return ()
    if len(ids) == 1 and decision.min_choices >= 1:
        return (ids[0],)
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _fallback(decision)
    try:
        picked = handler(World(view), decision)
    except Exception:
        if STRICT:
            raise
        return _fallback(decision)
    if picked not in ids:
        if STRICT:
            raise AssertionError(f"the AI picked {picked!r}, not an option of {decision.kind}")
        return _fallback(decision)
    return (picked,)
