"""What a seat may know (checklist section 7): the whole map, every figure and sheet,
dice results and counts are public; the overlord's hand is the overlord's; deck orders
are nobody's."""

from __future__ import annotations

from typing import Any

from game.core.serial import to_data
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import OVERLORD, DDState


def _card_moment(state: DDState) -> dict[str, Any] | None:
    """The overlord-card moment being asked about, if any: its timing and the figure concerned."""
    step = state.stack[-1] if state.stack else None
    if step is not None and step["step"] == "overlord_card":  # (narrows the record for mypy)
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


# ---- lookups on a view (what the table shows on hover and selection) ------------------------
# They read only the view (public, DD section 7) and ask the rules data the same questions the
# rules ask (Data.move_range, Data.sight), so the table draws ranges and sight lines without
# computing any rule itself.

def _square(figure: dict[str, Any]) -> tuple[int, int]:
    return figure["square"][0], figure["square"][1]


def figure_squares(view: dict[str, Any]) -> frozenset[tuple[int, int]]:
    """Every square a figure stands in (knocked-out heroes are tokens, not figures: DD-111)."""
    return frozenset({_square(h) for h in view["heroes"] if not h["knocked_out"]}
                     | {_square(m) for m in view["monsters"]})


def reach(data: Data, view: dict[str, Any], figure: str, mp: int) -> geo.MoveRange:
    """Where ``figure`` could go with ``mp`` MP now (4.3), as the rules would move it."""
    heroes = {h["id"]: _square(h) for h in view["heroes"] if not h["knocked_out"]}
    monsters = {m["id"]: (_square(m), m["kind"]) for m in view["monsters"]}
    hero_squares = frozenset(heroes.values())
    monster_squares = frozenset(square for square, _ in monsters.values())
    act = view.get("activation") or {}
    if figure in heroes:
        here, kind = heroes[figure], None
        friends, enemies = hero_squares - {here}, monster_squares
        slip_away = bool(act.get("figure") == figure and act.get("slip_away"))
    else:
        here, kind = monsters[figure]
        friends, enemies, slip_away = monster_squares - {here}, hero_squares, False
    return data.move_range(view["quest"], view["open_doors"], figure, here, mp, friends=friends, enemies=enemies,
                           monster_kind=kind, slip_away=slip_away)


def sight(data: Data, view: dict[str, Any], a: tuple[int, int], t: tuple[int, int]) -> geo.Sight:
    """Line of sight from the figure in ``a`` to ``t`` (4.4), past every other figure."""
    standing = figure_squares(view)
    terrain = data.board(view["quest"]).terrain
    return data.sight(view["quest"], view["open_doors"], a, t, standing - {a, t},
                      a_in_pit=terrain.get(a) == "pit", t_in_pit=terrain.get(t) == "pit" and t in standing)


def sight_set(data: Data, view: dict[str, Any], a: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """Every square the figure in ``a`` can see."""
    return frozenset(t for t in data.board(view["quest"]).terrain if t != a and sight(data, view, a, t).visible)
