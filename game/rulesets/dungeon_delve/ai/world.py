"""The position as the normal Dungeon Delve AI reads it from a seat's view.

:class:`World` is rebuilt from the view at every decision (never from the state): the
figures and their squares, the doors and walls, the activation and the attack in
progress, and the questions the heuristics ask of them: defense pools and weapons, move
ranges, exact sight with figures as blockers, whether a weapon can strike a square,
progress toward the objective, the danger a hero would be in at each square in the next
overlord turn, and a monster's exposure to the heroes' next turn.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.ai.board import (board_of, dist_to, door_squares, is_adjacent, move_range,
                                                  neighbours, static_los, strike_times, visible_within, walls_of,
                                                  weapons_of)
from game.rulesets.dungeon_delve.ai.common import (NORMAL_WARDEN, WardenTactics, content, data, hand_reach,
                                                   MONSTER_VALUE, OBJECTIVE_WEIGHT, Square, cheb, sq)
from game.rulesets.dungeon_delve.ai.estimates import attack_eval, surges_of
from game.rulesets.dungeon_delve.rulesdata import Weapon
from game.rulesets.dungeon_delve.view_types import ActivationView, AttackView, DDView, HeroView, MonsterView

ActivationOrNone = ActivationView | dict[str, Any]
"""The activation in progress, or ``{}`` outside one: the heuristics read it with ``.get`` and a default."""
AttackOrNone = AttackView | dict[str, Any]
"""The attack being resolved, or ``{}`` (as :data:`ActivationOrNone`)."""


class World:
    """The view, parsed once per decision, with the questions the heuristics ask."""

    def __init__(self, view: DDView, warden: WardenTactics = NORMAL_WARDEN) -> None:
        self.view = view
        self.warden = warden  # how the overlord's side plays the Warden (normal or hard)
        self.quest = view["quest"]
        self.board = board_of(self.quest)
        self.terrain = self.board.terrain
        self.round = int(view.get("round", 1) or 1)
        self.open_doors = tuple(sorted(view.get("open_doors", [])))
        self.walls = walls_of(self.quest, self.open_doors)
        self.walls_open = walls_of(self.quest, tuple(sorted(self.board.doors)))
        self.door_open = all(d in self.open_doors for d in self.board.doors)
        self.heroes: list[HeroView] = list(view["heroes"])
        self.monsters: list[MonsterView] = list(view["monsters"])
        self.hero = {h["id"]: h for h in self.heroes}
        self.monster = {m["id"]: m for m in self.monsters}
        self.act = view.get("activation")
        self.attack = view.get("attack")
        self.tokens = [sq(t) for t in view.get("search_tokens", [])]
        self.boss_kind = data().boss(self.quest)
        self.boss = next((m for m in self.monsters if m["kind"] == self.boss_kind), None)
        self.hero_squares = {sq(h["square"]): h["id"] for h in self.heroes if not h["knocked_out"]}
        self.monster_squares = {sq(m["square"]): m["id"] for m in self.monsters}
        self.door_squares = door_squares(self.quest)
        # The walls the Warden weighs his squares by: the hard one's as if the doors were open.
        self.walls_for_warden = self.walls_open if warden.door_as_open else self.walls
        self._cache: dict[Any, Any] = {}

    # -- figures -----------------------------------------------------------------------

    def standing(self) -> list[HeroView]:
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

    def hero_defense(self, hero: HeroView) -> tuple[str, ...]:
        dice = list(content().heroes[hero["id"]].defense)
        for item in hero["equipped"]:
            d = data().item(item)
            if d.when == "passive":
                for e in d.effects:
                    if e.verb == "add_dice" and e.get("pool") == "defense":
                        dice.extend(e.get("dice"))
        return tuple(dice)

    def shield_ready(self, hero: HeroView) -> int:
        return sum(1 for i in hero["equipped"] if i not in hero.get("exhausted", [])
                   and data().item(i).when == "after_defense_roll")

    def hero_weapons(self, hero: HeroView) -> list[Weapon]:
        return list(weapons_of(tuple(hero["equipped"])))

    def monster_value(self, m: MonsterView) -> float:
        if m["kind"] == self.boss_kind:
            return MONSTER_VALUE["boss"]
        return MONSTER_VALUE["master" if m["master"] else "minion"]

    def monster_defense(self, m: MonsterView) -> tuple[str, ...]:
        key = ("defense", m["kind"])  # asked for every square of every plan: once a kind
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = tuple(content().monsters[m["kind"]].defense)
        return found

    # -- movement ------------------------------------------------------------------------

    def hero_range(self, hero: HeroView, mp: int, pass_enemies: bool = False,
                   walls: frozenset[Any] | None = None) -> geo.MoveRange:
        here = sq(hero["square"])
        friends = frozenset(s for s, f in self.hero_squares.items() if f != hero["id"])
        enemies = frozenset(self.monster_squares)
        return move_range(self.quest, walls or self.walls, here, mp, friends, enemies, pass_enemies,
                          data().water_cost(hero["id"]))

    def monster_range(self, m: MonsterView, mp: int, ignore_hero: str = "") -> geo.MoveRange:
        here = sq(m["square"])
        friends = frozenset(s for s, f in self.monster_squares.items() if f != m["id"])
        enemies = frozenset(s for s, f in self.hero_squares.items() if f != ignore_hero)
        nimble = data().monster_has(m["kind"], "nimble")
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
        limit = hand_reach(weapon)
        if limit is not None and cheb(a, t) > limit:
            return None  # out of a hand weapon's reach, whatever the walls (asked for every square)
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
        key = ("boss_goal", ranged)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._boss_goal(ranged)
        return found

    def _boss_goal(self, ranged: bool) -> frozenset[Square]:
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
        steps, beyond = self._progress_map(hero_id, door_open)
        return float(steps.get(q, 40) + beyond)

    def _progress_map(self, hero_id: str, door_open: bool) -> tuple[Mapping[Square, int], int]:
        """The steps from each square toward the Warden (to the door when it is shut) and the
        steps beyond the door: asked for every square of every plan, worked out once a hero."""
        key = ("progress", hero_id, door_open)
        found = self._cache.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        water = data().water_cost(hero_id)
        ranged = any(w.ranged for w in self.hero_weapons(self.hero[hero_id]))
        open_map = dist_to(self.quest, self.walls_open, self.boss_goal(ranged), water)
        if door_open:
            found = (open_map, 0)
        else:
            door_map = dist_to(self.quest, self.walls, frozenset(self.door_squares), water)
            d0 = min((open_map.get(s, 40) for s in self.door_squares if s in door_map and door_map[s] == 0),
                     default=40)
            found = (door_map, d0)
        self._cache[key] = found
        return found

    def objective_weight(self) -> float:
        return OBJECTIVE_WEIGHT + 0.04 * self.round

    # -- danger to a hero (expected damage in the coming overlord turn) ---------------------

    def threat_shape(self, m: MonsterView, ignore_hero: str, walls: frozenset[Any]) -> dict[Square, int]:
        """Squares the monster could attack after one Move action, with the range needed."""
        kind = m["kind"]
        weapon = data().monster_weapon(kind)
        immobile = "immobilized" in m.get("conditions", []) or "stunned" in m.get("conditions", [])
        speed = 0 if immobile else content().monsters[kind].speed
        # The heroes by square, not their squares alone: which square is ``ignore_hero``'s (out
        # of the monster's way) depends on who stands where.
        key = (m["id"], sq(m["square"]), speed, ignore_hero, walls, frozenset(self.hero_squares.items()),
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
                                  data().monster_has(kind, "nimble"), 2).ends) | {here}
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
            cached: tuple[dict[Square, float], dict[str, dict[Square, float]]] = self._cache[key]
            return cached
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
            weapon = data().monster_weapon(m["kind"])
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

    def nearest_hero_dist(self, q: Square, walls: frozenset[Any] | None = None) -> int:
        """Steps from ``q`` to the nearest standing hero by his own paths (through ``walls``,
        the doors as they are if None)."""
        walls = self.walls if walls is None else walls
        key = ("near", walls)
        maps = self._cache.get(key)
        if maps is None:
            maps = [dist_to(self.quest, walls, frozenset({sq(h["square"])}), data().water_cost(h["id"]))
                    for h in self.standing()]
            self._cache[key] = maps
        return min((d.get(q, 40) for d in maps), default=0)

    def exposure_terms(self, m: MonsterView) -> list[list[tuple[float, dict[Square, int]]]]:
        """For each hero and weapon: (expected damage to ``m``, attacks-next-turn map)."""
        key = ("expo", m["id"])
        cached: list[list[tuple[float, dict[Square, int]]]] | None = self._cache.get(key)
        if cached is not None:
            return cached
        dfn = self.monster_defense(m)
        hp = max(1, self.hp_left(m["id"]))
        walls = self.walls_for_warden if m["kind"] == self.boss_kind else self.walls
        found: list[list[tuple[float, dict[Square, int]]]] = []
        for h in self.standing():
            here = sq(h["square"])
            speed = int(h["speed"]) + 1
            water = data().water_cost(h["id"])
            per: list[tuple[float, dict[Square, int]]] = []
            for w in self.hero_weapons(h):
                if w.id == "bare" and len(h["equipped"]) > 0:
                    continue
                e, _, _ = attack_eval(w.dice, dfn, surges_of(w), w.pierce, 2 if w.ranged else 0,
                                      data().range_bonus(h["id"]) if w.ranged else 0, hp)
                per.append((e, strike_times(self.quest, walls, here, speed, water, w.ranged, w.reach)))
            found.append(per)
        self._cache[key] = found
        return found

    def exposure(self, m: MonsterView, q: Square) -> float:
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


def needs_sight(w: World, a: Square, t: Square) -> bool:
    """Adjacent targets need no sight (melee); everything else does."""
    return not is_adjacent(w.quest, w.walls, a, t)
