"""Shared helpers of the story, event and Act 2 rule tests: written positions, stacked
decks, and a player that gives fixed answers (end every turn, never reroll or spend)."""

from __future__ import annotations

from game.core.game import Game
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()
CONTENT = SYSTEM.content

DEFAULTS = {"action": "end", "reroll": "keep", "discard": "keep", "join": "stay_out", "retreat": "stay", "skill": "skill:none",
            "quest_token": "token:none", "accept_fight": "decline", "story_roll": "accept"}
"""The fixed answers of the helper: end every turn, never reroll or spend, stay in fights."""


# ---- helpers ---------------------------------------------------------------------------------------


def scenario(seed: int = 0, **fields) -> Game:
    base = {"main_enemy": "dragon", "champions": ["gareth"]}
    base.update(fields)
    return Game.from_scenario(SYSTEM, base, seed)


def fresh(g: Game) -> None:
    """The position was changed by hand: the pending question must be asked again."""
    g._pending_known = False


def on_top(pile: list[str], card: str) -> None:
    pile.remove(card)
    pile.append(card)  # the top is the last card


def answer(g: Game, d, policy=None):
    pick = policy(d) if policy else None
    if pick is None:
        pick = DEFAULTS.get(d.kind)
        if pick not in d.option_ids:
            pick = d.option_ids[0]
    return g.choose(d.seat, pick)


def play(g: Game, until=None, policy=None, limit: int = 400):
    """Answer questions (``policy`` first, then DEFAULTS) until ``until(decision)`` holds or
    the game ends. Returns the decision stopped at (None if over) and the events."""
    events = []
    for _ in range(limit):
        d = g.pending()
        if d is None or (until is not None and until(d)):
            return d, events
        events += answer(g, d, policy)
    raise AssertionError("the game did not reach the expected point")
