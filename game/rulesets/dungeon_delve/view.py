"""What a seat may know (checklist section 7): the whole map, every figure and sheet,
dice results and counts are public; the overlord's hand is the overlord's; deck orders
are nobody's."""

from __future__ import annotations

from game.core.serial import to_data
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import OVERLORD, DDState, Hero, Monster
from game.rulesets.dungeon_delve.view_types import CardMomentView, DDView, HeroView, MonsterView


def _card_moment(state: DDState) -> CardMomentView | None:
    """The overlord-card moment being asked about, if any: its timing and the figure concerned."""
    step = state.stack[-1] if state.stack else None
    if step is not None and step["step"] == "overlord_card":  # (narrows the record for mypy)
        return {"timing": step["timing"], "figure": step.get("hero") or step.get("monster")}
    return None


def _hero(state: DDState, data: Data, hero: Hero) -> HeroView:
    """A hero's fields as data (a copy of each list: JSON-safe, faster than to_data), then
    what the rules data works out from them."""
    return {"id": hero.id, "seat": hero.seat, "square": list(hero.square), "damage": hero.damage,
            "fatigue": hero.fatigue, "knocked_out": hero.knocked_out, "activated": hero.activated,
            "feat_used": hero.feat_used, "conditions": list(hero.conditions), "items": list(hero.items),
            "equipped": list(hero.equipped), "exhausted": list(hero.exhausted), "new_items": list(hero.new_items),
            "effects": list(hero.effects), "gold": hero.gold,
            "name": data.figure_name(state, hero.id), "health": data.health(state, hero.id),
            "stamina": data.stamina(state, hero.id), "speed": data.speed(state, hero.id)}


def _monster(state: DDState, data: Data, monster: Monster) -> MonsterView:
    """A monster's fields as data (as :func:`_hero`), its name and its health."""
    return {"id": monster.id, "group": monster.group, "kind": monster.kind, "master": monster.master,
            "square": list(monster.square), "damage": monster.damage, "conditions": list(monster.conditions),
            "activated": monster.activated,
            "name": data.figure_name(state, monster.id), "number": data.figure_number(state, monster.id),
            "health": data.health(state, monster.id)}


def view(state: DDState, data: Data, seat: int | None) -> DDView:
    heroes = [_hero(state, data, hero) for hero in state.heroes]
    monsters = [_monster(state, data, monster) for monster in state.monsters]
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

def _square(figure: HeroView | MonsterView) -> tuple[int, int]:
    return figure["square"][0], figure["square"][1]


def figure_squares(view: DDView) -> frozenset[tuple[int, int]]:
    """Every square a figure stands in (knocked-out heroes are tokens, not figures: DD-111)."""
    return frozenset({_square(h) for h in view["heroes"] if not h["knocked_out"]}
                     | {_square(m) for m in view["monsters"]})


def reach(data: Data, view: DDView, figure: str, mp: int) -> geo.MoveRange:
    """Where ``figure`` could go with ``mp`` MP now (4.3), as the rules would move it."""
    heroes = {h["id"]: _square(h) for h in view["heroes"] if not h["knocked_out"]}
    monsters = {m["id"]: (_square(m), m["kind"]) for m in view["monsters"]}
    hero_squares = frozenset(heroes.values())
    monster_squares = frozenset(square for square, _ in monsters.values())
    act = view["activation"]
    if figure in heroes:
        here, kind = heroes[figure], None
        friends, enemies = hero_squares - {here}, monster_squares
        slip_away = act is not None and act["figure"] == figure and act["slip_away"]
    else:
        here, kind = monsters[figure]
        friends, enemies, slip_away = monster_squares - {here}, hero_squares, False
    return data.move_range(view["quest"], view["open_doors"], figure, here, mp, friends=friends, enemies=enemies,
                           monster_kind=kind, slip_away=slip_away)


def sight(data: Data, view: DDView, a: tuple[int, int], t: tuple[int, int]) -> geo.Sight:
    """Line of sight from the figure in ``a`` to ``t`` (4.4), past every other figure."""
    standing = figure_squares(view)
    terrain = data.board(view["quest"]).terrain
    return data.sight(view["quest"], view["open_doors"], a, t, standing - {a, t},
                      a_in_pit=terrain.get(a) == "pit", t_in_pit=terrain.get(t) == "pit" and t in standing)


def sight_set(data: Data, view: DDView, a: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """Every square the figure in ``a`` can see (as :func:`sight` says, asked yes or no: the
    table draws the set after every move, and why a square is out of sight costs the most)."""
    standing = figure_squares(view)
    terrain = data.board(view["quest"]).terrain
    a_in_pit = terrain.get(a) == "pit"
    return frozenset(t for t in terrain if t != a and data.sees(
        view["quest"], view["open_doors"], a, t, standing, a_in_pit=a_in_pit,
        t_in_pit=terrain.get(t) == "pit" and t in standing))
