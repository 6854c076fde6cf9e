"""What the rules need to know about content, in one place: stats with equipment applied,
weapons as attack profiles, the quest's board and objectives.

The flow modules ask these questions instead of reading content records directly, so a
change in the content format touches only this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Iterable

from game.core.cards import definition_id, instances
from game.core.dice import Die
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.geometry import Square
from game.rulesets.dungeon_delve.sightmask import SightMasks
from game.rulesets.dungeon_delve.content import (
    AbilityDef,
    DDContent,
    Effect,
    ItemDef,
    OverlordCard,
    SkillDef,
    SurgeAbility,
    equip_problem,
)

if TYPE_CHECKING:
    from game.rulesets.dungeon_delve.state import DDState

BARE_HANDS = "bare"
TEST_DICE = ("gray", "black")
MEMO_LIMIT = 200_000
"""Entries a memo below holds before it starts afresh (a bound on memory in long sessions)."""
MOVE_MEMO_LIMIT = 256
"""The same for movement ranges, which are bigger (every square's path, some 13 kB for 10 MP)
and rarely asked again once the figure has moved: the repeat that counts is a move asked
and then answered, one right after the other."""


@dataclass(frozen=True)
class Weapon:
    """An attack profile: a hero's weapon, bare hands, or a monster's attack."""

    id: str
    name: str
    ranged: bool
    dice: tuple[str, ...]
    reach: bool = False
    pierce: int = 0
    blast: bool = False
    surges: tuple[SurgeAbility, ...] = ()
    tags: tuple[str, ...] = ()


class Data:
    def __init__(self, content: DDContent) -> None:
        self.content = content
        # Line of sight by (quest, blocking edges, from, to, blockers, pits): the answer
        # depends on nothing else, and an attack menu asks the same questions over and over.
        self.sight_memo: dict[tuple[Any, ...], Any] = {}
        # Movement ranges by (quest, blocking edges, start, MP, friends, enemies, passing
        # enemies, water cost), for the same reason: a move is asked, then answered, from
        # the same range. A range is immutable, so sharing it is safe.
        self.move_memo: dict[tuple[Any, ...], geo.MoveRange] = {}
        self._walls: dict[tuple[str, tuple[str, ...]], frozenset[geo.Edge]] = {}
        self._sight_masks: dict[tuple[str, frozenset[geo.Edge]], SightMasks] = {}
        self._monster_weapons: dict[str, Weapon] = {}  # a Weapon is frozen, so sharing it is safe
        self._placed: dict[tuple[str, int, str], int] = {}  # minions of a kind placed at setup

    # -- names -------------------------------------------------------------------------------

    def figure_name(self, state: "DDState", figure: str) -> str:
        if figure == "overlord":
            return "The overlord"
        for hero in state.heroes:
            if hero.id == figure:
                return self.content.heroes[figure].name
        monster = state.monster(figure)
        if monster is None:
            kind = definition_id(figure)
            return self.content.monsters[kind].name if kind in self.content.monsters else figure
        name = self.content.monsters[monster.kind].name
        number = self.figure_number(state, figure)
        return f"{name} {number}" if number else name

    def figure_number(self, state: "DDState", figure: str) -> str:
        """The number a minion's name and token carry while others of its kind are on the map
        ("2" of "Goblin Skulker 2"), else ""."""
        monster = state.monster(figure)
        if monster is None or monster.master or "#" not in figure:
            return ""
        if sum(1 for m in state.monsters if m.kind == monster.kind) < 2:
            return ""
        number = figure.rsplit("#", 1)[-1]
        if number.startswith("r"):
            # A reinforcement ("#r1") is numbered on from the minions of its kind placed at
            # setup, so no two figures of a game share a name, the fallen included (DD-140).
            # Its id stays as it is: saves replay to the same ids.
            return str(self._placed_at_setup(state.quest, len(state.heroes), monster.kind) + int(number[1:]))
        return number

    def _placed_at_setup(self, quest: str, heroes: int, kind: str) -> int:
        key = (quest, heroes, kind)
        found = self._placed.get(key)
        if found is None:
            found = self._placed[key] = sum(1 for _, placed, _ in self.content.monster_setup(quest, heroes)
                                            if placed == kind)
        return found

    def monster_name(self, kind: str) -> str:
        return self.content.monsters[kind].name

    def group_name(self, group: str) -> str:
        return self.content.groups[group].name

    # -- heroes ----------------------------------------------------------------------------------

    def hero_def(self, hero_id: str) -> Any:
        return self.content.heroes[hero_id]

    def attribute(self, hero_id: str, name: str) -> int:
        return int(self.content.heroes[hero_id].attribute(name))

    def test_dice(self) -> tuple[str, ...]:
        return TEST_DICE

    def item(self, item: str) -> ItemDef:
        return self.content.items[definition_id(item)]

    def _passive(self, items: Iterable[str]) -> list[Effect]:
        out: list[Effect] = []
        for i in items:
            definition = self.item(i)
            if definition.when == "passive":
                out.extend(definition.effects)
        return out

    def stamina_with(self, hero_id: str, equipped: Iterable[str]) -> int:
        base = self.content.heroes[hero_id].stamina
        return base + int(sum(e.get("amount", 0) for e in self._passive(equipped)
                              if e.verb == "stat_bonus" and e.get("stat") == "stamina"))

    def stamina(self, state: "DDState", hero_id: str) -> int:
        return self.stamina_with(hero_id, state.hero(hero_id).equipped)

    def speed(self, state: "DDState", figure: str) -> int:
        if figure in self.content.heroes and any(h.id == figure for h in state.heroes):
            base = self.content.heroes[figure].speed
            return base + int(sum(e.get("amount", 0) for e in self._passive(state.hero(figure).equipped)
                                  if e.verb == "stat_bonus" and e.get("stat") == "speed"))
        monster = state.monster(figure)
        assert monster is not None
        return self.content.monsters[monster.kind].speed

    def health(self, state: "DDState", figure: str) -> int:
        if any(h.id == figure for h in state.heroes):
            return self.content.heroes[figure].health
        monster = state.monster(figure)
        kind = monster.kind if monster is not None else definition_id(figure)
        return self.content.monsters[kind].health_for(len(state.heroes))

    def ability(self, hero_id: str) -> AbilityDef:
        return self.content.heroes[hero_id].ability

    def ability_effects(self, hero_id: str, when: str) -> tuple[Effect, ...]:
        ability = self.ability(hero_id)
        return ability.effects if ability.when == when else ()

    def feat(self, hero_id: str) -> AbilityDef:
        return self.content.heroes[hero_id].feat

    def skill(self, hero_id: str) -> SkillDef | None:
        if hero_id not in self.content.heroes:
            return None
        return self.content.class_for(hero_id).skill

    def keen_eye(self, hero_id: str) -> bool:
        skill = self.skill(hero_id)
        return skill is not None and skill.use == "passive" and any(e.verb == "search_draw" for e in skill.effects)

    def water_cost(self, figure: str) -> int:
        if figure in self.content.heroes:
            for effect in self.ability(figure).effects:
                if effect.verb == "terrain_cost" and effect.get("terrain") == "water":
                    return int(effect.get("cost"))
        return 2

    def range_bonus(self, figure: str) -> int:
        if figure not in self.content.heroes:
            return 0
        ability = self.ability(figure)
        return sum(e.get("amount", 0) for e in ability.effects if ability.when == "passive" and e.verb == "bonus"
                   and e.get("symbol") == "range")

    def loadout_ok(self, items: Iterable[str]) -> bool:
        return equip_problem(self.item(i) for i in items) is None

    def tradeable(self, item: str) -> bool:
        return self.item(item).category in ("shop", "relic", "search")

    def gold(self, card: str) -> int:
        return sum(int(e.get("amount", 0)) for e in self.item(card).effects if e.verb == "gold")

    def defense_dice(self, state: "DDState", figure: str) -> list[str]:
        if any(h.id == figure for h in state.heroes):
            dice = list(self.content.heroes[figure].defense)
            for effect in self._passive(state.hero(figure).equipped):
                if effect.verb == "add_dice" and effect.get("pool") == "defense":
                    dice.extend(effect.get("dice"))
            return dice
        monster = state.monster(figure)
        assert monster is not None
        return list(self.content.monsters[monster.kind].defense)

    # -- weapons -----------------------------------------------------------------------------------

    @staticmethod
    def _from_item(item_id: str, d: ItemDef) -> Weapon:
        return Weapon(item_id, d.name, d.attack_type == "ranged", tuple(d.dice), d.reach, d.pierce, d.blast,
                      tuple(d.surges), tuple(d.tags))

    def hero_weapons(self, state: "DDState", hero_id: str) -> list[Weapon]:
        """Equipped weapons, then bare hands (DD-077, DD-081)."""
        hero = state.hero(hero_id)
        out = [self._from_item(i, self.item(i)) for i in hero.equipped if self.item(i).is_weapon]
        out.append(Weapon(BARE_HANDS, "bare hands", False, ("blue",)))
        return out

    def monster_weapon(self, kind: str) -> Weapon:
        found = self._monster_weapons.get(kind)
        if found is None:  # made once per kind: the AI asks for it hundreds of times a question
            m = self.content.monsters[kind]
            found = self._monster_weapons[kind] = Weapon(kind, f"{m.name}'s attack", m.attack_type == "ranged",
                                                         tuple(m.dice), m.reach, m.pierce, m.blast, tuple(m.surges))
        return found

    def is_monster_attack(self, weapon: Weapon) -> bool:
        """Whether ``weapon`` is a monster's own attack (its id is the monster's kind)."""
        return weapon.id in self.content.monsters

    def weapon_of(self, state: "DDState", figure: str, weapon_id: str) -> Weapon:
        if any(h.id == figure for h in state.heroes):
            if weapon_id == BARE_HANDS:
                return Weapon(BARE_HANDS, "bare hands", False, ("blue",))
            return self._from_item(weapon_id, self.item(weapon_id))
        monster = state.monster(figure)
        assert monster is not None
        return self.monster_weapon(monster.kind)

    # -- movement and sight on a quest's map (4.3, 4.4): the one place that says how a figure
    # moves and what it sees; the rules, the view's lookups for the table and the AI ask here.

    def walls(self, quest: str, open_doors: Iterable[str]) -> frozenset[geo.Edge]:
        """The edges that block movement and sight with these doors open (remembered)."""
        key = (quest, tuple(open_doors))
        found = self._walls.get(key)
        if found is None:
            board = self.board(quest)
            found = self._walls[key] = board.blocking_edges([d for d in board.doors if d not in key[1]])
        return found

    def move_range(self, quest: str, open_doors: Iterable[str], figure: str, here: Square, mp: int, *,
                   friends: frozenset[Square], enemies: frozenset[Square], monster_kind: str | None = None,
                   slip_away: bool = False) -> geo.MoveRange:
        """Where ``figure`` can go from ``here`` with ``mp`` MP (4.3): its side's figures are
        friends; it passes enemies if it is a Nimble monster or a hero slipping away (DD-047),
        and water costs what its ability says (DD-055)."""
        passes = self.monster_has(monster_kind, "nimble") if monster_kind is not None else slip_away
        walls = self.walls(quest, open_doors)
        water_cost = self.water_cost(figure)
        key = (quest, walls, here, mp, friends, enemies, passes, water_cost)
        found = self.move_memo.get(key)
        if found is None:
            if len(self.move_memo) > MOVE_MEMO_LIMIT:
                self.move_memo.clear()
            found = self.move_memo[key] = geo.movement_range(self.board(quest), walls, here, mp, friends=friends,
                                                             enemies=enemies, pass_enemies=passes,
                                                             water_cost=water_cost)
        return found

    def sight(self, quest: str, open_doors: Iterable[str], a: Square, t: Square, blockers: frozenset[Square],
              *, a_in_pit: bool = False, t_in_pit: bool = False) -> geo.Sight:
        """Line of sight from ``a`` to ``t`` past the ``blockers`` (4.4), remembered."""
        walls = self.walls(quest, open_doors)
        key = (quest, walls, a, t, blockers, a_in_pit, t_in_pit)
        found = self.sight_memo.get(key)
        if found is None:
            if len(self.sight_memo) > MEMO_LIMIT:
                self.sight_memo.clear()
            clear = self._first_clear(quest, walls, a, t, blockers) \
                if self._plain_sight(quest, a, t, a_in_pit, t_in_pit) else None
            # The masks find a clear segment fast; with none, line of sight also says why.
            found = self.sight_memo[key] = geo.Sight(True, geo.corner_pairs(a, t)[clear], "") \
                if clear is not None else geo.line_of_sight(self.board(quest), walls, a, t, blockers=blockers,
                                                            a_in_pit=a_in_pit, t_in_pit=t_in_pit)
        assert isinstance(found, geo.Sight)
        return found

    def sees(self, quest: str, open_doors: Iterable[str], a: Square, t: Square, blockers: frozenset[Square],
             *, a_in_pit: bool = False, t_in_pit: bool = False) -> bool:
        """Whether there is line of sight from ``a`` to ``t`` past the ``blockers`` (4.4):
        :meth:`sight` without the reason why not, which is most of the cost of a no.
        ``blockers`` may hold ``a`` and ``t``: they never block (DD-104)."""
        if not self._plain_sight(quest, a, t, a_in_pit, t_in_pit):
            return self.sight(quest, open_doors, a, t, blockers - {a, t}, a_in_pit=a_in_pit,
                              t_in_pit=t_in_pit).visible
        return self._first_clear(quest, self.walls(quest, open_doors), a, t, blockers) is not None

    def _plain_sight(self, quest: str, a: Square, t: Square, a_in_pit: bool, t_in_pit: bool) -> bool:
        """Step 2 of 4.4 decides: two different squares of the map, no pit rule (DD-060).
        Otherwise :func:`geometry.line_of_sight` answers (or says what is wrong)."""
        terrain = self.board(quest).terrain
        return not a_in_pit and not t_in_pit and a != t and a in terrain and t in terrain

    def _first_clear(self, quest: str, walls: frozenset[geo.Edge], a: Square, t: Square,
                     blockers: frozenset[Square]) -> int | None:
        """In plain sight (above), which segment line of sight is drawn on from ``a`` to
        ``t``: the index in :func:`geometry.corner_pairs` of the first one clear of
        ``blockers`` and walls (4.4 step 2); None if none is."""
        masks = self._sight_masks.get((quest, walls))
        if masks is None:
            masks = self._sight_masks[(quest, walls)] = SightMasks(self.board(quest), walls)
        return masks.first_clear(a, t, blockers)

    def monster_has(self, kind: str, keyword: str) -> bool:
        verb = {"nimble": "move_through_enemies"}.get(keyword, keyword)
        return self.content.monsters[kind].has_verb(verb)

    def die(self, die_id: str) -> Die:
        return self.content.die(die_id)

    # -- the overlord's cards ---------------------------------------------------------------------

    def card_def(self, card: str) -> OverlordCard:
        return self.content.overlord[definition_id(card)]

    def card_name(self, card: str) -> str:
        return self.card_def(card).name

    def overlord_deck(self) -> list[str]:
        ids = list(self.content.overlord)
        return instances(ids, {i: self.content.overlord[i].count for i in ids})

    # -- the quest -----------------------------------------------------------------------------------

    def quest(self, quest: str) -> Any:
        return self.content.quests[quest]

    @cached_property
    def _boards(self) -> dict[str, geo.Board]:
        return {}

    def board(self, quest: str) -> geo.Board:
        board = self._boards.get(quest)
        if board is None:
            q = self.quest(quest)
            # Content names an edge by the two squares that share it; geometry by its end points.
            board = geo.Board(dict(q.terrain), frozenset(geo.edge_between(a, b) for a, b in q.walls),
                              {d.id: frozenset(geo.edge_between(a, b) for a, b in d.edges) for d in q.doors})
            self._boards[quest] = board
        return board

    def round_limit(self, quest: str) -> int:
        return int(self.quest(quest).objective.round_limit)

    def boss(self, quest: str = "wardens_vault") -> str:
        return str(self.quest(quest).objective.heroes_win_when_defeated)

    def boss_name(self, quest: str = "wardens_vault") -> str:
        return self.monster_name(self.boss(quest))

    def is_boss(self, kind: str, quest: str = "wardens_vault") -> bool:
        return kind == self.boss(quest)

    def reinforcement(self, quest: str, heroes: int) -> tuple[str, str, tuple[int, int], int] | None:
        r = self.quest(quest).reinforcement
        if r is None:
            return None
        group = self.content.groups[r.group]
        kind = group.minion if r.rank == "minion" else group.master
        return r.group, kind, r.square, group.size_for(heroes)
