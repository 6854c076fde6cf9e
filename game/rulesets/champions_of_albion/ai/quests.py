"""Quests (D-15, and the pull of quest tokens in D-03): what drawing from the quest deck is
worth to a champion standing on a quest token, against the world story it gives up.

Only public knowledge goes in. The drawn card is unknown, so a quest is judged by the make-up
of every quest deck (plan 2.4.6, the same for the three main enemies): part 1 is a test at
difficulty 7-9 on varied attributes; part 2 of the eleven two-part quests is a fight with a
more dangerous enemy (4), a duel (1), a harder test at 9-11 (4) or a costly choice (2); one
quest in twelve has a single part. The more dangerous enemies a quest may bring are the
public set of the chosen main enemy (which one lies where is never read), fought on the
token's space with the main enemy's Act 1 combat ability, by the champion and the allies
standing there (who may join, D-17), or alone in a duel without companions.

A completed quest is worth its token (spent in Act 2 on the main enemy's side: -2 DV, an
ordinary enemy off Arawn's space, Terror ignored or 2 will) plus the reward printed with it
(gold, aid tokens, shadows banished); a failed part costs life, will, gold or a bane, and a
fight lost leaves the more dangerous enemy on the map.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.rulesets.champions_of_albion.ai.common import (Seen, attr, combat_stats, content, has_rule, kind_of,
                                                         life_fraction, passive_defence_bonus)

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import ChampionView

ATTRS = ("strength", "speed", "intuition", "perception", "persuasion", "resolve")
FIRST_TEST = 8      # part 1: difficulty 7-9
HARD_TEST = 10      # a part-2 test: difficulty 9-11
# Part 2 of a deck's eleven two-part quests (plan 2.4.6), and the one-part share of twelve.
FIGHTS, DUELS, TESTS, CHOICES = 4, 1, 4, 2
ONE_PART = 1 / 12

# A token kept for Act 2, with the reward printed beside it (gold 2-5, aid tokens, shadows).
# High on purpose: a quest is completed about one time in ten, so only a champion whose odds
# are clearly better than the others' should find it worth the risk.
TOKEN = {"dragon": 13.5, "arawn": 12.0, "morrigan": 13.5}
REWARD = 2.0
FAIL_FIRST = 1.4    # a part-1 failure: 1-2 life, 1 will, a gold coin or a bane
FAIL_TEST = 2.2     # a part-2 test failed: usually a bane or will
FAIL_FIGHT = 3.5    # a quest fight lost: life, a bane or will, and the enemy stays on the map
FAIL_CHOICE = 1.2   # a costly choice refused: 1 will
FALL = 25.0         # the champion falls in the quest's fight (a replacement starts with nothing)
SMALL_PARTY = 0.25  # the costs weigh this much more per champion fewer than four
STORY = {"capital": 0.8, "country": 0.5, "wilderness": -0.2, "depths": -0.6}  # a world story drawn there
BIAS = 0.8          # the edge added to every quest (tuned on fixed seeds: see below)


def aided(value: int, aid: int, target: int) -> float:
    """P(value + min(6, d6 + aid) >= target): aid tokens raise a story roll, to 6 at most (CA-071)."""
    if value + 6 < target:
        return 0.0
    need = target - value - aid
    return min(6, max(0, 7 - need)) / 6.0


def test_chance(c: ChampionView, target: int, aid: int) -> float:
    """The chance of passing a test of an unknown attribute (the mean over the six)."""
    return sum(aided(attr(c, a), aid, target) for a in ATTRS) / len(ATTRS)


@lru_cache(maxsize=None)
def fight_odds(strengths: tuple[int, ...], dv: int, speed: int, hp: int, av: int, life: int,
               flee: bool = True) -> tuple[float, float]:
    """(won, fallen): the chances that the fighters (their attack strengths) bring down an
    enemy of this DV and life, and that its strikes (AV, on a defender of this speed and
    life) fell the defender first. They leave when the next strike could be deadly, as a
    retreat (D-13) would, unless ``flee`` is False (an enemy that forbids retreat)."""
    hits: dict[int, float] = {0: 1.0}
    for s in strengths:
        nxt: dict[int, float] = {}
        for total, p in hits.items():
            for r in range(1, 7):
                d = min(life, total + max(0, r + s - dv))
                nxt[d] = nxt.get(d, 0.0) + p / 6
        hits = nxt
    strikes: dict[int, float] = {}
    for r in range(1, 7):
        d = max(0, av - r - speed)
        strikes[d] = strikes.get(d, 0.0) + 1 / 6
    worst = max(strikes)
    memo: dict[tuple[int, int, int], tuple[float, float]] = {}

    def fight(left: int, health: int, rounds: int) -> tuple[float, float]:
        if rounds >= 8:
            return 0.0, 0.0
        key = (left, health, rounds)
        if key in memo:
            return memo[key]
        won = fallen = 0.0
        for d, p in hits.items():
            if d >= left:
                won += p
                continue
            for s, q in strikes.items():
                after = health - s
                if after <= 0:
                    fallen += p * q
                elif not flee or after > min(worst, 0.6 * hp):
                    w, f = fight(left - d, after, rounds + 1)
                    won += p * q * w
                    fallen += p * q * f
        memo[key] = (won, fallen)
        return won, fallen

    return fight(life, hp, 0)


def _bonuses(main: str, space: str) -> tuple[int, int]:
    """(DV, AV) the main enemy's Act 1 combat ability adds to enemies on this space."""
    dv = av = 0
    if main in content().main_enemies:
        for e in content().main_enemies[main].act1.combat_effects:
            if e.verb == "enemy_bonus" and e.get("on") == kind_of(space):
                if e.get("stat") == "dv":
                    dv += int(e.get("amount"))
                else:
                    av += int(e.get("amount"))
    return dv, av


def _team_odds(c: ChampionView, team: list[ChampionView], space: str, main: str,
               duel: bool) -> tuple[float, float]:
    """(won, fallen) against the main enemy's more dangerous enemies, on average."""
    pool = [d for d in content().dangerous.values() if d.main_enemy == main] or list(content().dangerous.values())
    plus_dv, plus_av = _bonuses(main, space)
    fighters = [c] if duel else [c] + team
    strengths = tuple(sorted(combat_stats(f, duel)[0] for f in fighters))
    guard = max(fighters, key=lambda f: (combat_stats(f, duel)[1] + passive_defence_bonus(f, space), f["life"]))
    speed = combat_stats(guard, duel)[1] + passive_defence_bonus(guard, space)
    odds = [fight_odds(strengths, d.dv + plus_dv, speed, int(guard["life"]), d.av + plus_av, d.life,
                       not any(a.verb == "enemy_rule" and a.get("rule") == "no_retreat" for a in d.abilities))
            for d in pool]
    return sum(w for w, _ in odds) / len(odds), sum(f for _, f in odds) / len(odds)


def quest_odds(seen: Seen, c: ChampionView, space: str | None = None) -> tuple[float, float, float, float]:
    """(P part 1 passed, P part 2 passed once reached, P completed, P the champion falls in
    the quest's fight) for the champion drawing a quest on the space (its own by default),
    with the allies standing there."""
    space = space or c["space"]
    aid = sum(c.get("aid", []))
    if has_rule(c, "no_aid_tokens"):
        aid = 0
    first = test_chance(c, FIRST_TEST, aid)
    team = [a for a in seen.allies(c) if a["space"] == space]
    fight, fight_falls = _team_odds(c, team, space, seen.main_id, False)
    duel, duel_falls = _team_odds(c, team, space, seen.main_id, True)
    hard = test_chance(c, HARD_TEST, max(0, aid - 1))
    choice = 0.8 if c["gold"] >= 4 or c["will"] >= 4 else 0.4
    parts = FIGHTS + DUELS + TESTS + CHOICES
    second = (FIGHTS * fight + DUELS * duel + TESTS * hard + CHOICES * choice) / parts
    falls = first * (1 - ONE_PART) * (FIGHTS * fight_falls + DUELS * duel_falls) / parts
    done = ONE_PART * first + (1 - ONE_PART) * first * second
    return first, second, done, falls


def quest_worth(seen: Seen, c: ChampionView, space: str | None = None) -> float:
    """The expected worth of drawing a quest there: the token and its reward when completed,
    less what a failed part costs and the chance of falling in its fight. A loss weighs more
    in a smaller party (each champion carries more of the main enemy's fight), and nothing is
    worth the risk when badly hurt."""
    first, second, done, falls = quest_odds(seen, c, space)
    token = TOKEN.get(seen.main_id, 4.0)
    fail_second = (FIGHTS + DUELS) * FAIL_FIGHT + TESTS * FAIL_TEST + CHOICES * FAIL_CHOICE
    fail_second /= FIGHTS + DUELS + TESTS + CHOICES
    cost = (1 - first) * FAIL_FIRST + first * (1 - ONE_PART) * (1 - second) * fail_second + FALL * falls
    cost *= 1 + SMALL_PARTY * max(0, 4 - len(seen.champions))
    value = done * (token + REWARD) - cost
    if life_fraction(c) < 0.5:
        value -= 3.0
    return value


def quest_edge(seen: Seen, c: ChampionView, space: str | None = None) -> float:
    """How much better a quest drawn on the space is than its world story (D-15); above 0
    the champion draws it, and the planner pulls it towards the token (D-03)."""
    space = space or c["space"]
    return quest_worth(seen, c, space) - STORY.get(kind_of(space), 0.0) + BIAS
