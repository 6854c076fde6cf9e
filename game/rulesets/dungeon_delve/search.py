"""Search hooks for Dungeon Delve (issue 11 item 2): determinization and a position estimate.

What a seat knows follows view.py: the map, every figure and sheet, dice results and the
counts of every pile are public; the overlord's hand is the overlord's; the orders of the
overlord deck and the search deck are nobody's.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import OVERLORD, DDState


def zones(state: DDState) -> list[Zone]:
    """The overlord's hand (his), his deck and the search deck (nobody's, face down), and the
    two discard piles face up. Overlord cards and search cards are two pools."""
    return [Zone("overlord_hand", state.overlord_hand, owner=OVERLORD, seen_by=(OVERLORD,), pool="overlord"),
            Zone("overlord_deck", state.overlord_deck, seen_by=(), pool="overlord"),
            Zone("overlord_discard", state.overlord_discard),
            Zone("search_deck", state.search_deck, seen_by=(), pool="search"),
            Zone("search_discard", state.search_discard)]


def determinize(state: DDState, seat: int, rng: Rng) -> DDState:
    """``state`` (a private copy) made into one ``seat`` cannot tell from it (the kernel's
    redeal over :func:`zones`): for a hero seat the overlord's hand is dealt again, with his
    deck, from the cards the heroes have not seen (the hand keeping its size); for every seat
    the overlord deck's and the search deck's orders are dealt again. Scripted dice are
    dropped (a search rolls its own). Everything the seat sees (its view) is kept."""
    redeal(zones(state), seat, rng)
    state.dice_script = []
    return state


def evaluate(state: DDState, data: Data, seat: int) -> float:
    """The heroes' prospects from 0 to 1 (the overlord's are the rest): how far the monster
    they must defeat (DD-137) is worn down, against the heroes' own wounds and the rounds left
    before the overlord wins (DD-138). A finished game scores its outcome."""
    if state.winner:
        heroes = 1.0 if state.winner == "heroes" else 0.0
    else:
        objective = data.quest(state.quest).objective
        target = state.monster(objective.heroes_win_when_defeated)
        worn = 0.0
        if target is not None:
            worn = min(1.0, target.damage / max(1, data.health(state, target.id)))
        total = sum(data.health(state, h.id) for h in state.heroes)
        hurt = sum(min(h.damage, data.health(state, h.id)) for h in state.heroes)
        standing = 1.0 - (hurt / total if total else 1.0)
        standing -= 0.5 * sum(h.knocked_out for h in state.heroes) / max(1, len(state.heroes))
        limit = max(1, objective.round_limit)
        time_left = max(0.0, (limit - state.round) / limit)
        heroes = 0.15 + 0.5 * worn + 0.2 * max(0.0, standing) + 0.15 * time_left
        heroes = min(0.95, max(0.05, heroes))
    return heroes if seat != OVERLORD else 1.0 - heroes
