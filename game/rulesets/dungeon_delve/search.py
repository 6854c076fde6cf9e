"""Search hooks for Dungeon Delve (issue 11 item 2): determinization and a position estimate.

What a seat knows follows view.py: the map, every figure and sheet, dice results and the
counts of every pile are public; the overlord's hand is the overlord's; the orders of the
overlord deck and the search deck are nobody's.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import OVERLORD, DDState, Monster


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


def approach(state: DDState, data: Data, target: Monster) -> float:
    """How near the standing heroes have come to ``target``, from 0 (as far as the start
    squares, or farther) to 1 (beside it): the mean over them of the steps still to go
    (figures and doors ignored) against the steps from the first start square. The
    heroes win only by reaching the monster in time, so a move toward it is worth something
    before a blow lands, and a monster that bars the way is worth something to the overlord."""
    from game.rulesets.dungeon_delve.ai.board import dist_to, walls_of

    walls = walls_of(state.quest, tuple(sorted(data.board(state.quest).doors)))  # every door open: they open
    steps = dist_to(state.quest, walls, frozenset({(target.square[0], target.square[1])}), 2)
    start = data.quest(state.quest).hero_starts[0]
    far = max(1, steps.get((start[0], start[1]), 1))
    standing = [h for h in state.heroes if not h.knocked_out]
    if not standing:
        return 0.0
    left = [min(far, steps.get((h.square[0], h.square[1]), far)) for h in standing]
    return 1.0 - sum(left) / (far * len(left))


def features(state: DDState, data: Data) -> dict[str, float]:
    """What the position estimate weighs, from the heroes' side (the Overlord's chance is the
    rest; fitted by ``python -m game fit-estimate`` to games between normal players,
    content/estimate.json): how far the monster they must defeat (DD-137) is worn down and how
    near they have come to it, their wounds, fatigue and fallen, the monsters still standing,
    the Overlord's hand, and the rounds left before the Overlord wins (DD-138)."""
    objective = data.quest(state.quest).objective
    target = state.monster(objective.heroes_win_when_defeated)
    health = {h.id: data.health(state, h.id) for h in state.heroes}
    total = sum(health.values())
    standing = [h for h in state.heroes if not h.knocked_out]
    # Wounds of the heroes standing only: a knocked-out hero counts once, as fallen (he stands
    # up again later), not also as a hero with every heart lost.
    hurt = sum(min(h.damage, health[h.id]) for h in standing)
    limit = max(1, objective.round_limit)
    out = {"worn": 0.0, "target_health_left": 0.0,
           "wounds": hurt / total if total else 1.0,
           "fallen": sum(h.knocked_out for h in state.heroes) / max(1, len(state.heroes)),
           "heroes_standing": float(len(standing)),
           "fatigue": float(sum(h.fatigue for h in standing)),
           "items": float(sum(len(h.items) for h in state.heroes)),
           "time_left": max(0.0, (limit - state.round) / limit),
           "monsters_standing": float(sum(m is not target for m in state.monsters)),
           "overlord_hand": float(len(state.overlord_hand)),
           "doors_open": float(len(state.open_doors)),
           "near": 0.0}
    if target is not None:
        left = max(0, data.health(state, target.id) - target.damage)
        out["worn"] = min(1.0, target.damage / max(1, data.health(state, target.id)))
        out["target_health_left"] = float(left)
        out["near"] = approach(state, data, target)
    return out
