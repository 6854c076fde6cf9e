"""What every part of the normal Champions of Albion AI shares: the static content, the
odds of section 6 (``p_pass``, ``e_atk``, ``e_def``) and :class:`Seen`, the position as a
seat's view shows it (its champion, allies, enemies, tokens, distances on the map).

Nothing here reads the game state: a :class:`Seen` is built from the view dictionary only,
plus the public card data of the registered rule system's own content (checklist section 7):
:func:`content` looks it up in the registry, so a system built with other content has the
AI reading that one (the caches that depend on it are cleared when it changes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict

from game.core import registry

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.content import CAContent, Effect, MapDef, Resource
    from game.rulesets.champions_of_albion.view_types import (CAView, ChampionView, EnemyView, FightView, StoryView,
                                                              TurnView)

SYSTEM_ID = "champions-of-albion"
MARKETS = ("capital", "country")
SLOTS = ("weapon", "armour", "item", "companion")
COMBAT = ("strength", "speed")


# ---- the content -------------------------------------------------------------------------------------

_CONTENT = registry.Follow(SYSTEM_ID, "content")
CLEARERS = _CONTENT.clearers
"""What clears a cache that depends on the content (run when the registered content changes)."""


def content() -> CAContent:
    """The card data of the registered Champions of Albion rule system (its own instance's)."""
    found: CAContent = _CONTENT()
    return found


def board() -> MapDef:
    """The map of :func:`content`."""
    return content().map


# ---- odds (section 6) ---------------------------------------------------------------------------


def p_pass(value: int, target: int) -> float:
    """P(d6 + value >= target)."""
    need = target - value
    return min(6, max(0, 7 - need)) / 6.0


def e_atk(strength: int, dv: int, life: float = 99) -> float:
    """Expected damage of one attack: sum over the die of max(0, r + Str - DV), capped at life."""
    return sum(min(life, max(0, r + strength - dv)) for r in range(1, 7)) / 6.0


def p_kill(strength: int, dv: int, life: int) -> float:
    """The chance that one attack deals at least ``life`` damage."""
    return sum(1 for r in range(1, 7) if r + strength - dv >= life) / 6.0


def e_def(speed: int, av: int) -> float:
    """Expected damage taken from one strike: sum over the die of max(0, AV - r - Spd)."""
    return sum(max(0, av - r - speed) for r in range(1, 7)) / 6.0


def p_lethal(speed: int, av: int, life: int) -> float:
    """The chance that one strike deals ``life`` damage or more."""
    return sum(1 for r in range(1, 7) if av - r - speed >= life) / 6.0


# ---- the map ----------------------------------------------------------------------------------------


def distances(source: str, kind: str | None = None) -> dict[str, int]:
    board()  # clears the cache below when the content has changed
    return _distances(source, kind)


@lru_cache(maxsize=None)
def _distances(source: str, kind: str | None) -> dict[str, int]:
    return board().distances(source, kind)


def dist(a: str, b: str) -> int:
    """Steps from ``a`` to ``b`` (99: no way). The hottest call of a rollout, so it skips the
    check that the content is still the registered one: ``choose`` makes it once per question,
    before any of this is asked, and a change clears these caches."""
    return _distances(a, None).get(b, 99)


@lru_cache(maxsize=None)
def kind_of(space: str) -> str:
    """The kind of a space (a cache as ``dist``'s: the content is checked once per question)."""
    return board().spaces[space].kind


def surface_route(a: str, b: str) -> bool:
    return any(o == b and k == "surface" for o, k in board().links.get(a, ()))


# ---- resources -------------------------------------------------------------------------------------


def resource(rid: str) -> Resource:
    return content().resources[rid]


# ---- the position as the view shows it ---------------------------------------------------------------


@dataclass(frozen=True)
class Foe:
    """The main enemy's Act 2 DV and AV (public, both sides of its card), and ``late`` (Act 1
    round 4 or later, or Act 2: gold has little time left to be spent), read from one view,
    so card values follow the enemy the party must finally beat."""

    dv: int = 9
    av: int = 10
    late: bool = False

    @classmethod
    def of(cls, view: CAView) -> "Foe":
        main = view.get("main_enemy")
        act2 = main.get("act2") if main else None
        late = bool(view.get("act", 1) == 2 or view.get("round", 1) >= 4)
        if not act2:
            return cls(late=late)
        return cls(dv=int(act2.get("dv", 9)), av=int(act2.get("av", 10)), late=late)


class Seen:
    """A seat's view, with the helpers the decisions need. It reads the view with defaults
    (``get``), so a view cut down to a few keys still gets an answer."""

    def __init__(self, view: CAView, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.act: int = view.get("act", 1)
        self.round: int = view.get("round", 1)
        self.fate: int = view.get("fate", 1)
        self.phase: str = view.get("phase", "")
        self.champions: list[ChampionView] = list(view.get("champions", []))
        self.by_id = {c["id"]: c for c in self.champions}
        self.me: ChampionView | None = next((c for c in self.champions if c["seat"] == seat), None)
        self.enemies: list[EnemyView] = list(view.get("enemies", []))
        self.shadows: list[str] = list(view.get("shadows", []))
        self.quest_tokens: list[str] = list(view.get("quest_tokens", []))
        main = view.get("main_enemy")
        self.main_id: str = main.get("id", "") if main else ""
        self.main = next((e for e in self.enemies if e["kind"] == "main"), None)
        self.hand: list[str] = list(view.get("hand", []))
        self.fight: FightView | None = view.get("fight")
        self.story: StoryView | None = view.get("story")
        self.turn: TurnView | None = view.get("turn")
        self.rules: list[str] = list(view.get("round_rules", []))
        self.foe = Foe.of(view)

    # -- champions ----------------------------------------------------------------------------------

    def champion(self, cid: str) -> ChampionView | None:
        return self.by_id.get(cid)

    def allies(self, c: ChampionView | None = None) -> list[ChampionView]:
        c = c or self.me
        return [o for o in self.champions if c is None or o["id"] != c["id"]]

    def at(self, space: str) -> list[ChampionView]:
        return [c for c in self.champions if c["space"] == space]

    # -- enemies ------------------------------------------------------------------------------------

    def enemies_at(self, space: str) -> list[EnemyView]:
        return [e for e in self.enemies if e["space"] == space]

    def enemy(self, uid: str) -> EnemyView | None:
        return next((e for e in self.enemies if e["uid"] == uid), None)

    def av(self, uid: str) -> int:
        """The AV of the enemy (0 for one no longer on the map)."""
        e = self.enemy(uid)
        return e["av"] if e else 0

    def enemy_spaces(self) -> set[str]:
        return {e["space"] for e in self.enemies}

    def shadow_count(self, space: str) -> int:
        return self.shadows.count(space)


class Target(TypedDict):
    """What an attack's bonuses read of the enemy attacked: a view's enemy (:class:`EnemyView`)
    or one the planner follows through a fight (:class:`.plan.Planned`) is one."""

    treasure: int


# ---- a champion's numbers ----------------------------------------------------------------------------


def attr(c: ChampionView, name: str) -> int:
    return int(c["attributes"].get(name, 0))


def usable_cards(c: ChampionView, slot: str) -> list[Resource]:
    out = []
    no_relics = "relic_blight" in c.get("banes", [])
    for rid in c.get("resources", []):
        r = resource(rid)
        if r.slot == slot and not (r.kind == "relic" and no_relics):
            out.append(r)
    return out


def slot_best(c: ChampionView, slot: str, attribute: str) -> int:
    return max((r.bonus(attribute) for r in usable_cards(c, slot)), default=0)


def base_without(c: ChampionView, slot: str, attribute: str) -> int:
    """The attribute without any card of this slot (the view counts the best one per slot)."""
    return attr(c, attribute) - slot_best(c, slot, attribute)


_STATS: dict[tuple[Any, ...], tuple[int, int]] = {}
CLEARERS += [_STATS.clear, _distances.cache_clear, kind_of.cache_clear]


def combat_stats(c: ChampionView, duel: bool = False) -> tuple[int, int]:
    """(strength, speed) for a combat round, with one card per slot chosen for both (cached
    by what they depend on)."""
    key = (tuple(c.get("resources", [])), tuple(c.get("banes", [])), c["attributes"].get("strength", 0),
           c["attributes"].get("speed", 0), duel)
    value = _STATS.get(key)
    if value is None:
        if len(_STATS) > 50000:
            _STATS.clear()
        value = _STATS[key] = _combat_stats(c, duel)
    return value


def _combat_stats(c: ChampionView, duel: bool) -> tuple[int, int]:
    strength, speed = attr(c, "strength"), attr(c, "speed")
    for slot in SLOTS:
        cards = usable_cards(c, slot)
        if not cards:
            continue
        s0, d0 = slot_best(c, slot, "strength"), slot_best(c, slot, "speed")
        if duel and slot == "companion":
            strength -= s0
            speed -= d0
            continue
        best = max(cards, key=lambda r: (r.bonus("strength") + r.bonus("speed"), r.bonus("strength")))
        strength += best.bonus("strength") - s0
        speed += best.bonus("speed") - d0
    return strength, speed


def passive_attack_bonus(c: ChampionView, enemy: Target | None) -> int:
    """Gareth's Bounty Hunter: +1 attack against treasure 3 or more (a public passive); none
    against no enemy in particular (``None``)."""
    card = content().champions[c["id"]]
    bonus = 0
    for e in card.passive.effects:
        if e.verb == "bonus" and e.get("attribute") == "strength" and e.get("against") == "treasure_3":
            if enemy is not None and enemy["treasure"] >= 3:
                bonus += int(e.get("amount"))
    return bonus


def passive_defence_bonus(c: ChampionView, space: str) -> int:
    """Elin's Woodcraft: +1 defence on wilderness spaces."""
    card = content().champions[c["id"]]
    return sum(int(e.get("amount")) for e in card.passive.effects
               if e.verb == "bonus" and e.get("attribute") == "speed" and e.get("on")
               and kind_of(space) == e.get("on"))


def attack_vs(c: ChampionView, enemy: Target | None, duel: bool = False) -> int:
    """The champion's attack strength against the enemy (``None``: no enemy in particular)."""
    return combat_stats(c, duel)[0] + passive_attack_bonus(c, enemy)


def defence_vs(c: ChampionView, space: str, duel: bool = False) -> int:
    return combat_stats(c, duel)[1] + passive_defence_bonus(c, space)


def has_rule(c: ChampionView, rule: str) -> bool:
    card = content().champions[c["id"]]
    if any(e.verb == "rule" and e.get("rule") == rule for e in card.passive.effects):
        return True
    return any(e.verb == "rule" and e.get("rule") == rule for b in c.get("banes", [])
               for e in content().banes[b].effects)


def life_fraction(c: ChampionView) -> float:
    return float(c["life"]) / max(1, int(c["max_life"]))


def rest_amount(c: ChampionView) -> int:
    return 3 if has_rule(c, "rest_heals_three") else 2


def enemy_abilities(e: EnemyView) -> tuple[Effect, ...]:
    if e["kind"] == "ordinary":
        return content().enemies[e["card"]].abilities
    if e["kind"] == "dangerous":
        return content().dangerous[e["card"]].abilities
    return ()


def enemy_rule(e: EnemyView, rule: str) -> bool:
    return any(a.verb == "enemy_rule" and a.get("rule") == rule for a in enemy_abilities(e))


def number_in(text: str, after: str) -> int | None:
    """The first integer following ``after`` in ``text`` (e.g. "AV 9")."""
    m = re.search(re.escape(after) + r"\s*(-?\d+)", text)
    return int(m.group(1)) if m else None


# ---- the clock of Act 2 -------------------------------------------------------------------------------------


def capital_steps(space: str) -> int:
    """Surface steps from the space to the nearest capital (the Dragon's flight)."""
    d = distances(space, "surface")
    return min((d.get(s, 99) for s in board().of_kind("capital")), default=99)


def last_chance(seen: Seen) -> bool:
    """Act 2, and the main enemy wins when this round ends unless it falls now: round 5, or
    the Dragon one surface step from a capital (it ends the round on it). Nothing kept back
    then (will, tokens, a retreat) is worth anything."""
    if seen.act != 2 or seen.main is None:
        return False
    if seen.round >= 5:
        return True
    return seen.main_id == "dragon" and capital_steps(seen.main["space"]) <= 1
