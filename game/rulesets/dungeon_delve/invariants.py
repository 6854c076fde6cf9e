"""What always holds in a Dungeon Delve game, whatever is played (soak and tests check it
after every choice): one figure per square, every figure on the map, damage, fatigue and
gold within their bounds, and the overlord's cards each in one place."""

from __future__ import annotations

from collections import Counter

from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import DDState


def problems(state: DDState, data: Data) -> list[str]:
    out: list[str] = []
    board = data.board(state.quest)
    standing: dict[tuple[int, int], str] = {}
    figures = [(h.id, h.square) for h in state.heroes if not h.knocked_out]  # a knocked-out hero is a token
    figures += [(m.id, m.square) for m in state.monsters]
    for figure, square in figures:
        at = (square[0], square[1])
        if at in standing:
            out.append(f"{standing[at]} and {figure} stand on the same square {at}")
        standing[at] = figure
        if at not in board.terrain:
            out.append(f"{figure} stands off the map at {at}")
    for hero in state.heroes:
        health, stamina = data.health(state, hero.id), data.stamina(state, hero.id)
        if not 0 <= hero.damage <= health:
            out.append(f"{hero.id} has {hero.damage} damage of {health} health")
        if not 0 <= hero.fatigue <= stamina:
            out.append(f"{hero.id} has {hero.fatigue} fatigue of {stamina} stamina")
        if hero.gold < 0:
            out.append(f"{hero.id} has {hero.gold} gold")
        if not 1 <= hero.seat < state.seats:
            out.append(f"{hero.id} is played by seat {hero.seat}, not a hero seat")
    for monster in state.monsters:
        health = data.health(state, monster.id)
        if not 0 <= monster.damage <= health:
            out.append(f"{monster.id} has {monster.damage} damage of {health} health")
    cards = state.overlord_deck + state.overlord_hand + state.overlord_discard
    if Counter(cards) != Counter(data.overlord_deck()):
        out.append(f"overlord cards not conserved: {len(cards)} in deck, hand and discard, "
                   f"{len(data.overlord_deck())} expected")
    if state.round < 0 or state.reinforcements < 0:
        out.append(f"round {state.round}, reinforcements {state.reinforcements}: negative")
    if len(state.search_tokens) != len({tuple(t) for t in state.search_tokens}):
        out.append("two search tokens on one square")
    return out
