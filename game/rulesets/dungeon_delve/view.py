"""What a seat may know (checklist section 7): the whole map, every figure and sheet,
dice results and counts are public; the overlord's hand is the overlord's; deck orders
are nobody's."""

from __future__ import annotations

from typing import Any

from game.core.serial import to_data
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import OVERLORD, DDState


def _card_moment(state: DDState) -> dict[str, Any] | None:
    """The overlord-card moment being asked about, if any: its timing and the figure concerned."""
    if state.stack and state.stack[-1].get("step") == "overlord_card":
        step = state.stack[-1]
        return {"timing": step["timing"], "figure": step.get("hero") or step.get("monster")}
    return None


def _figure(figure: Any) -> dict[str, Any]:
    """A hero's or monster's fields as data (their values are ints, strings, booleans and
    lists of those: a shallow copy of each list is a JSON-safe copy, faster than to_data)."""
    return {name: list(value) if isinstance(value, list) else value for name, value in vars(figure).items()}


def view(state: DDState, data: Data, seat: int | None) -> dict[str, Any]:
    heroes = []
    for hero in state.heroes:
        entry = _figure(hero)
        entry["name"] = data.figure_name(state, hero.id)
        entry["health"] = data.health(state, hero.id)
        entry["stamina"] = data.stamina(state, hero.id)
        entry["speed"] = data.speed(state, hero.id)
        heroes.append(entry)
    monsters = []
    for monster in state.monsters:
        entry = _figure(monster)
        entry["name"] = data.figure_name(state, monster.id)
        entry["health"] = data.health(state, monster.id)
        monsters.append(entry)
    return {
        "ruleset": "dungeon-delve",
        "seat": seat,
        "quest": state.quest,
        "round": state.round,
        "phase": state.phase,
        "heroes": heroes,
        "monsters": monsters,
        "open_doors": list(state.open_doors),
        "search_tokens": [list(t) for t in state.search_tokens],
        "search_deck_count": len(state.search_deck),
        "overlord_hand_count": len(state.overlord_hand),
        "overlord_hand": list(state.overlord_hand) if seat == OVERLORD else None,
        "overlord_deck_count": len(state.overlord_deck),
        "overlord_discard": list(state.overlord_discard),
        "party_cards": list(state.party_cards),
        "activation": to_data(state.activation) if state.activation else None,
        "attack": to_data(state.attack) if state.attack else None,
        "card_moment": _card_moment(state),
        "winner": state.winner or None,
        "end_reason": state.end_reason,
    }
