"""The action phase's planner (D-03, D-04): the best way to spend the actions left.

:class:`Planner` scores the rest of the turn (travel, rest, banish, gather) by the position
it ends in, :meth:`Planner.terminal`: the champion's life (worth more when low), the pull
of the nearest goals (shadows to banish, markets while there is gold, quest tokens when
fit, favourable fights, in Act 1 rounds 4 and 5 the place where the main enemy will
appear, in Act 2 the main enemy itself, reached together with the allies), the fight that
follows on that space and, in Act 1, the story drawn there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict

from game.rulesets.champions_of_albion.ai.common import (MARKETS, Seen, attack_vs, board, content, defence_vs, dist, distances,
                                                         e_atk, e_def, enemy_rule, has_rule, kind_of, last_chance,
                                                         life_fraction, resource, rest_amount, surface_route)
from game.rulesets.champions_of_albion.ai.fight import death_chance, defence_cost, will_spent
from game.rulesets.champions_of_albion.ai.misc import bane_cost
from game.rulesets.champions_of_albion.ai.quests import STORY, quest_edge
from game.rulesets.champions_of_albion.ai.values import JUNK, gather_score, party_value

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import ChampionView, EnemyView

W_BANISH = 3.0         # a shadow banished (more from fate 3 and against the Dragon, whose life grows with them)
W_QUEST = 0.3          # the pull of a quest token, per point of the quest's edge over the world story
STEP = 0.9             # a goal's pull fades by this much per step away
W_MAIN = 12.0          # Act 2: standing in the fight against the main enemy with the allies
GOLD = 0.9             # a gold coin won
KILL = 1.0             # an enemy off the map
DEATH = 25.0           # a champion lost
CYCLE = 1.0            # a Hand card nobody wants, discarded after a gather (a new one is turned up)


class Planned(TypedDict):
    """An enemy as :meth:`Planner.fight_value` follows it through a fight: its life goes down
    by the expected damage of each combat round, a fraction."""

    kind: str
    dv: int
    av: int
    life: float
    treasure: int


def planned(e: EnemyView) -> Planned:
    return {"kind": e["kind"], "dv": e["dv"], "av": e["av"], "life": e["life"], "treasure": e["treasure"]}


class Planner:
    def __init__(self, seen: Seen, c: ChampionView) -> None:
        self.seen = seen
        self.c = c
        self.max_life = c["max_life"]
        self.heal = rest_amount(c)
        self.travels = seen.turn.get("travels", 0) if seen.turn else 0
        self.limit = 2 if has_rule(c, "travel_limit_two") else 99
        self.storm = "no_wild_surface_travel_next_round" in seen.rules
        self.cut = 1 if "resources_cost_one_less_next_round" in seen.rules else 0
        self.allies = seen.allies(c)
        self.market = self._market_value()
        self.quests = self._quests()
        self.banish = W_BANISH + (1.0 if seen.fate >= 3 else 0.0) + (0.5 if seen.main_id == "dragon" else 0.0)
        if seen.act == 2:  # the main enemy's bonuses are fixed; only an empty supply still matters
            self.banish = 2.0 if seen.view.get("shadow_supply", 18) <= 4 else 0.5
        self.acted = self._acted()
        self.memo: dict[tuple[Any, ...], float] = {}
        self.fights: dict[tuple[str, int, str], float] = {}
        self.pull = self._potential()

    def _quests(self) -> dict[str, float]:
        """The quest tokens worth a quest to this champion (Act 1), by their edge over the
        world story there."""
        seen = self.seen
        if seen.act != 1 or not seen.view.get("quest_deck", 0):
            return {}
        edges = {s: quest_edge(seen, self.c, s) for s in sorted(set(seen.quest_tokens))}
        return {s: e for s, e in edges.items() if e > 0}

    # -- who has moved already -------------------------------------------------------------------------

    def _acted(self) -> set[str]:
        """Allies whose turn this round is over (before this seat in initiative order)."""
        order = list(self.seen.view.get("initiative", []))
        if self.seen.phase != "action" or self.c["seat"] not in order:
            return set()
        before = order[: order.index(self.c["seat"])]
        return {a["id"] for a in self.allies if a["seat"] in before}

    # -- values of a position -----------------------------------------------------------------------------

    def life_value(self, life: int) -> float:
        return _life_value(self.max_life, max(0, min(life, self.max_life)))

    def _market_value(self) -> float:
        """A gather here: the best card for this champion (or one it can hand on), plus the
        worth of cycling the Hand when it holds cards nobody wants (CA-055)."""
        best = 0.0
        cheapest: int | None = None
        for rid in self.seen.hand:
            r = resource(rid)
            if r.kind == "relic" or (r.kind == "spell" and not self.c.get("spirit_touched")):
                continue
            price = max(0, r.cost - self.cut) if r.cost is not None else None
            best = max(best, gather_score(self.seen.foe, self.c, rid, price, allies=self.allies))
            if r.test is not None:
                cheapest = 0
            elif price is not None and price <= self.c["gold"]:
                cheapest = price if cheapest is None else min(cheapest, price)
        self.cycle = 0.0
        if cheapest is not None:
            junk = sum(1 for rid in self.seen.hand if party_value(self.seen.foe, self.seen.champions, rid) < JUNK)
            room = 2 if has_rule(self.c, "discard_two_after_gather") else 1
            self.cycle = CYCLE * min(junk, room) - (0.3 * cheapest if self.c["gold"] <= 5 else 0.05 * cheapest)
        best = max(best, self.cycle)
        return best if best >= 0.6 else 0.0

    def _staging(self) -> str | None:
        """Where the main enemy will stand when Act 2 starts (public rules and tokens)."""
        seen = self.seen
        lair = content().main_enemies[seen.main_id].lair if seen.main_id else None
        if seen.main_id != "arawn" or lair is None:
            return lair
        depths = board().of_kind("depths")
        score = {d: sum(1 for s in seen.shadows if s == d or s in board().neighbours(d)) for d in depths}
        best = max(score.values(), default=0)
        if not best:
            return lair
        pool = sorted(d for d in depths if score[d] == best)
        return min(pool, key=lambda d: (sum(dist(c["space"], d) for c in seen.champions), d))

    def _potential(self) -> dict[str, float]:
        """The pull of the goals on every space: max over goals of (value - STEP x distance)."""
        seen, c = self.seen, self.c
        goals: list[tuple[str, float, float]] = []  # (space, value, cost per step)
        if seen.act == 1:
            for s in sorted(set(seen.shadows)):
                value = self.banish * seen.shadow_count(s)
                mine = dist(c["space"], s)
                if any(dist(a["space"], s) < mine for a in self.allies):
                    value *= 0.5
                goals.append((s, value, STEP))
            for s, edge in self.quests.items():
                goals.append((s, W_QUEST * edge, STEP))
            if self.market:
                for s in board().spaces:
                    if kind_of(s) in MARKETS:
                        goals.append((s, self.market * 0.8, STEP))
            staging = self._staging()
            if staging and seen.round >= 4:
                goals.append((staging, 6.0 if seen.round == 4 else 14.0, 1.2 if seen.round == 4 else 2.4))
            if life_fraction(c) >= 0.6:
                for e in seen.enemies:
                    if e["kind"] != "main":
                        value = self.fight_value(e["space"], c["life"], pull=True)
                        if value > 0.5:
                            goals.append((e["space"], value, STEP))
        elif seen.main is not None:
            goals.append((seen.main["space"], 7.0, 1.4))
        out = {}
        for s in board().spaces:
            steps = distances(s)
            out[s] = max([0.0] + [v - k * steps.get(g, 99) for g, v, k in goals])
        return out

    def can_retreat(self, space: str, prev: str) -> bool:
        """Whether a retreat will be possible from the fight on ``space`` (CA-102 to CA-106)."""
        enemies = self.seen.enemies_at(space)
        if has_rule(self.c, "no_retreat") or any(enemy_rule(e, "no_retreat") for e in enemies):
            return False
        occupied = self.seen.enemy_spaces()
        if prev and prev != space:
            return prev not in occupied
        return any(n not in occupied for n in board().neighbours(space))

    def fight_value(self, space: str, life: int, pull: bool = False, prev: str | None = None) -> float:
        """The expected worth of the fight on the space: gold and kills against life lost,
        retreating when the next round would be deadly (an expected-value simulation)."""
        if prev is None:
            prev = self.c.get("previous", "") if space == self.c["space"] else ""
        key = (space, life, prev)
        if not pull and key in self.fights:
            return self.fights[key]
        seen, c = self.seen, self.c
        enemies = [planned(e) for e in seen.enemies_at(space)]
        if not enemies or any(e["kind"] == "main" for e in enemies):
            return 0.0  # the main enemy's fight: see main_value
        allies = [a for a in seen.at(space) if a["id"] != c["id"]]
        fighters = [c] + allies
        speed = defence_vs(c, space)
        can_retreat = self.can_retreat(space, prev)
        hp = float(life)
        lost = gold = kills = 0.0
        dead = False
        for _ in range(8):
            alive = [e for e in enemies if e["life"] > 0]
            if not alive:
                break
            incoming = sum(e_def(speed, e["av"]) for e in alive) / len(fighters)
            if can_retreat and hp - incoming <= 1.5:
                lost += 0.5
                break
            alive.sort(key=lambda e: (e["life"], -e["av"]))
            focus = alive[0]
            mine = e_atk(attack_vs(c, focus), focus["dv"], focus["life"])
            team = mine + sum(e_atk(attack_vs(a, focus), focus["dv"], focus["life"]) for a in allies)
            hp -= incoming
            lost += incoming
            if hp <= 0:
                dead = True
                break
            focus["life"] -= team
            if focus["life"] <= 0:
                kills += 1
                share = mine / team if team > 0 else 0
                gold += focus["treasure"] * share
                if focus["kind"] == "main":
                    kills += 20
            if team <= 0.05 and not allies:
                if can_retreat:
                    break
        life_after = int(round(max(0.0, life - lost)))
        value = GOLD * gold + KILL * kills - (self.life_value(life) - self.life_value(life_after))
        first = [e["av"] for e in seen.enemies_at(space)] if not allies else []
        risk = death_chance(speed, first, life)
        if dead:
            value -= DEATH
        else:
            value -= DEATH * risk
        if not pull:
            self.fights[key] = value
        return value

    def story_value(self, space: str) -> float:
        seen = self.seen
        if seen.act != 1:
            return 0.0
        kind = kind_of(space)
        world = STORY.get(kind, 0.0) if seen.view.get("world_decks", {}).get(kind, 1) else 0.0
        if life_fraction(self.c) < 0.4 and kind in ("wilderness", "depths"):
            world -= 1.0
        return world + max(0.0, self.quests.get(space, 0.0))

    def main_value(self, space: str, life: int, prev: str | None = None) -> float:
        """Act 2: be in the fight against the main enemy, arriving together with the allies
        (those already there and those still to act who can reach it this round). Without a
        way to retreat, the fight is to the end: weigh whether the team outlasts the enemy."""
        seen = self.seen
        main = seen.main
        if seen.act != 2 or main is None or space != main["space"]:
            return 0.0
        here = main["space"]
        team = [a for a in self.allies if a["space"] == here
                or (a["id"] not in self.acted and dist(a["space"], here) <= 3)]
        if self.allies and not team and seen.round < 3:
            return -3.0  # wait one step away for the others
        value = W_MAIN + 1.5 * len(team)
        if last_chance(seen):
            return value  # the enemy wins when this round ends: every attack counts, no risk is too high
        if will_spent(seen):
            return -5.0
        if life <= 0.3 * self.max_life and team:
            value *= 0.5
        if prev is None:
            prev = self.c.get("previous", "") if space == self.c["space"] else ""
        me = self.c.copy()
        me["life"] = life
        if not self.can_retreat(space, prev):
            value -= DEATH * self._exhaustion(main, [me] + team)
        # The first combat round cannot be left: its strikes fall on the best defender.
        avs = [e["av"] for e in self.seen.enemies_at(here)]
        if team:
            best = min([me] + team, key=lambda x: (defence_cost(self.seen, x, main["av"]), x["id"] != me["id"]))
            avs = avs if best["id"] == me["id"] else []
        value -= DEATH * death_chance(defence_vs(me, here), avs, life)
        return value

    def _exhaustion(self, main: EnemyView, team: list[ChampionView]) -> float:
        """The chance that the team, taking turns to defend, runs out of life before the main
        enemy (and the enemies with it) falls: a rough ratio of rounds."""
        others = [e for e in self.seen.enemies_at(main["space"]) if e["kind"] != "main"]
        damage = sum(e_atk(attack_vs(x, main), main["dv"], main["life"]) for x in team)
        speed = max(defence_vs(x, main["space"]) for x in team)
        taken = e_def(speed, main["av"]) + sum(e_def(speed, e["av"]) for e in others)
        budget = sum(max(0, x["life"] - 3) for x in team)
        kill = (main["life"] + sum(e["life"] for e in others)) / max(0.05, damage)
        last = budget / max(0.3, taken)
        return float(min(1.0, max(0.0, (kill / max(0.1, last) - 0.6) / 0.8)))

    def terminal(self, space: str, life: int, rests: int = 0, prev: str | None = None) -> float:
        value = self.life_value(life) + self.pull.get(space, 0.0) + self.fight_value(space, life, prev=prev)
        value += self.story_value(space) + self.main_value(space, life, prev)
        return value

    # -- the rest of the turn --------------------------------------------------------------------------

    def neighbours(self, space: str) -> list[str]:
        out = []
        for n in board().neighbours(space):
            if self.storm and kind_of(space) == "wilderness" and kind_of(n) == "wilderness" \
                    and surface_route(space, n) and not _underground(space, n):
                continue
            out.append(n)
        return out

    def continuation(self, space: str, life: int, left: int, travels: int | None = None,
                     banished: tuple[str, ...] = (), gathered: bool = False, rests: int = 0,
                     prev: str | None = None) -> float:
        """The best value of the rest of the turn from here (``prev``: the space the last
        travel came from, None if the champion has not moved this turn)."""
        travels = self.travels if travels is None else travels
        key = (space, life, left, travels, banished, gathered, rests, prev)
        if key in self.memo:
            return self.memo[key]
        best = self.terminal(space, life, rests, prev)
        if left > 0:
            bonus = self._rest_bonus(space, rests + 1)
            if life < self.max_life or bonus:
                best = max(best, bonus + self.continuation(space, min(self.max_life, life + self.heal), left - 1,
                                                           travels, banished, gathered, rests + 1, prev))
            if self.seen.shadow_count(space) > banished.count(space):
                best = max(best, self.banish + self.continuation(space, life, left - 1, travels,
                                                                 tuple(sorted(banished + (space,))), gathered, rests,
                                                                 prev))
            if not gathered and self.market and kind_of(space) in MARKETS:
                best = max(best, self.market + self.continuation(space, life, left - 1, travels, banished, True,
                                                                 rests, prev))
            if travels < self.limit:
                for n in self.neighbours(space):
                    best = max(best, self.continuation(n, life, left - 1, travels + 1, banished, gathered, rests,
                                                       space))
        self.memo[key] = best
        return best

    def _rest_bonus(self, space: str, rests: int) -> float:
        banes = self.c.get("banes", [])
        bonus = 0.0
        if kind_of(space) == "capital" and rests == 1:
            bonus += max((bane_cost(b) for b in banes if content().banes[b].removal.condition == "rest_on_capital"),
                         default=0.0)
        if rests == 2:
            bonus += max((bane_cost(b) for b in banes if content().banes[b].removal.condition == "rest_twice"),
                         default=0.0)
        return bonus


@lru_cache(maxsize=None)
def _life_value(max_life: int, life: int) -> float:
    total = 0.0
    for i in range(1, life + 1):
        total += 2.2 if i <= 0.4 * max_life else 1.1 if i <= 0.7 * max_life else 0.5
    return total


def _underground(a: str, b: str) -> bool:
    return any(o == b and k == "underground" for o, k in board().links.get(a, ()))
