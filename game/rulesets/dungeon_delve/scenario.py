"""Scenario positions for Dungeon Delve, written in TOML (or a dict), for rule tests and
``simulate --scenario``. Seats: 0 is the overlord, 1.. hero seats.

    [scenario]
    players = 2                  # seats: the overlord plus hero seats
    quest = "wardens_vault"
    round = 1
    turn = "brakka_stonehide"    # a hero id (his turn) or a monster id (its activation)
    stage = "actions"            # "start" (step 1 of a hero turn) or "actions"
    actions_left = 2
    mp = 0
    open_doors = ["vault_door"]
    dice = ["blue:3", "red:2", "gray:2"]   # the next faces rolled, die by die (faces of 2.2, from 1)
    overlord_hand = ["vicious_blow#1"]
    search_deck = ["healing_draught#1"]   # top card first; unlisted search cards follow, shuffled
    search_tokens = [[7, 1]]             # default: the quest's

    [[hero]]                     # heroes not listed are not in the game
    id = "brakka_stonehide"
    square = [3, 4]
    damage = 0                   # also: fatigue, seat, knocked_out, activated, feat_used,
    items = ["broadsword"]       # conditions, effects, exhausted, items, equipped (default: class kit)

    [[monster]]                  # monsters not listed are not on the map
    kind = "bone_warrior"
    id = "bone_warrior#1"        # default: kind#n
    square = [5, 4]
    damage = 0
    conditions = []
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.cards import Field, check_record, definition_id
from game.core.errors import ContentError, ScenarioError
from game.core.events import EventLog
from game.core.rng import Rng
from game.rulesets.dungeon_delve.context import FLOW, Ctx
from game.rulesets.dungeon_delve.rounds import begin_activation
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.state import Activation, DDState, Hero, Monster

_LIST = Field((list,), required=False)
_META = {"players": Field((int,)), "quest": Field((str,), required=False), "round": Field((int,), required=False),
         "turn": Field((str,)), "stage": Field((str,), required=False, choices=("start", "actions")),
         "actions_left": Field((int,), required=False), "mp": Field((int,), required=False),
         "open_doors": _LIST, "dice": _LIST, "overlord_hand": _LIST, "search_deck": _LIST,
         "search_tokens": _LIST, "title": Field((str,), required=False)}
_HERO = {"id": Field((str,)), "square": Field((list,)), "seat": Field((int,), required=False),
         "damage": Field((int,), required=False), "fatigue": Field((int,), required=False),
         "knocked_out": Field((bool,), required=False), "activated": Field((bool,), required=False),
         "feat_used": Field((bool,), required=False), "conditions": _LIST, "effects": _LIST,
         "exhausted": _LIST, "items": _LIST, "equipped": _LIST}
_MONSTER = {"kind": Field((str,)), "id": Field((str,), required=False), "square": Field((list,)),
            "damage": Field((int,), required=False), "conditions": _LIST, "activated": Field((bool,), required=False)}


def build_state(data: Data, scenario: Mapping[str, Any], seed: int, log: EventLog) -> DDState:
    try:
        check_record(scenario, {"scenario": Field((dict,)), "hero": Field((list,)), "monster": _LIST}, "scenario")
        meta = scenario["scenario"]
        check_record(meta, _META, "[scenario]")
        for i, record in enumerate(scenario["hero"], 1):
            check_record(record, _HERO, f"[[hero]] {i}")
        for i, record in enumerate(scenario.get("monster", []), 1):
            check_record(record, _MONSTER, f"[[monster]] {i}")
    except ContentError as exc:
        raise ScenarioError(str(exc)) from None
    content = data.content
    quest_id = meta.get("quest", "wardens_vault")
    if quest_id not in content.quests:
        raise ScenarioError(f"[scenario]: there is no quest '{quest_id}'")
    quest = content.quests[quest_id]
    seats = meta["players"]
    state = DDState(seats=seats, quest=quest_id, rng=Rng.seeded(seed), heroes=[], round=meta.get("round", 1))
    board = data.board(quest_id)

    def square(value: Any, where: str) -> list[int]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
            raise ScenarioError(f"{where}: a square is written [x, y]")
        if not board.on_map((value[0], value[1])):
            raise ScenarioError(f"{where}: ({value[0]},{value[1]}) is off the map")
        return [value[0], value[1]]

    for i, record in enumerate(scenario["hero"], 1):
        hero_id = record["id"]
        if hero_id not in content.heroes:
            raise ScenarioError(f"[[hero]] {i}: there is no hero '{hero_id}'")
        kit = list(content.class_for(hero_id).equipment)
        items = list(record.get("items", kit))
        for item in items:
            if definition_id(item) not in content.items:
                raise ScenarioError(f"[[hero]] {i}: there is no item '{item}'")
        hero = Hero(hero_id, record.get("seat", 1 + (i - 1) % max(1, seats - 1)), square(record["square"],
                    f"[[hero]] {i}"), damage=record.get("damage", 0), fatigue=record.get("fatigue", 0),
                    knocked_out=record.get("knocked_out", False), activated=record.get("activated", False),
                    feat_used=record.get("feat_used", False), conditions=list(record.get("conditions", [])),
                    items=items, equipped=list(record.get("equipped", [i for i in items if i in kit])),
                    exhausted=list(record.get("exhausted", [])), effects=list(record.get("effects", [])))
        state.heroes.append(hero)
    counts: dict[str, int] = {}
    for i, record in enumerate(scenario.get("monster", []), 1):
        kind = record["kind"]
        if kind not in content.monsters:
            raise ScenarioError(f"[[monster]] {i}: there is no monster '{kind}'")
        group = content.group_of(kind)
        counts[kind] = counts.get(kind, 0) + 1
        master = group.master == kind
        monster_id = record.get("id", kind if master else f"{kind}#{counts[kind]}")
        state.monsters.append(Monster(monster_id, group.id, kind, master, square(record["square"], f"[[monster]] {i}"),
                                      damage=record.get("damage", 0), conditions=list(record.get("conditions", [])),
                                      activated=record.get("activated", False)))
    state.open_doors = list(meta.get("open_doors", []))
    state.dice_script = [str(d) for d in meta.get("dice", [])]
    state.overlord_hand = list(meta.get("overlord_hand", []))
    deck = data.overlord_deck()
    state.overlord_deck = [c for c in deck if c not in state.overlord_hand]
    state.rng.shuffle(state.overlord_deck)
    top = list(meta.get("search_deck", []))
    rest = [c for c in content.search_deck() if c not in top]
    state.rng.shuffle(rest)
    state.search_deck = rest + list(reversed(top))
    state.search_tokens = [list(t) for t in meta.get("search_tokens", [list(t) for t in quest.search_tokens])]
    ctx = Ctx(state, data, log)
    turn = meta["turn"]
    stage = meta.get("stage", "actions")
    ctx.push({"step": "round_start"})
    if any(h.id == turn for h in state.heroes):
        ctx.push({"step": "overlord_turn"})
        ctx.push({"step": "hero_pick"})
        hero = state.hero(turn)
        stunned = "stunned" in hero.conditions
        held = "immobilized" in hero.conditions
        default_actions = 1 if hero.knocked_out or stunned else 2
        state.activation = Activation(turn, actions_left=meta.get("actions_left", default_actions),
                                      mp=meta.get("mp", 0), stunned=stunned, immobilized=held, held=held)
        state.phase = "heroes"
        ctx.push({"step": "hero_end", "hero": turn})
        ctx.push({"step": "actions", "figure": turn})
        if stage == "start":
            ctx.push({"step": "equip", "hero": turn})
            ctx.push({"step": "hero_start", "hero": turn})
    elif state.monster(turn) is not None:
        state.phase = "overlord"
        ctx.push({"step": "overlord_end"})
        ctx.push({"step": "group_pick"})
        monster = state.monster(turn)
        assert monster is not None
        begin_activation(ctx, monster)
        state.activation.actions_left = meta.get("actions_left", state.activation.actions_left)  # type: ignore[union-attr]
        state.activation.mp = meta.get("mp", 0)  # type: ignore[union-attr]
    else:
        raise ScenarioError(f"[scenario] turn: '{turn}' is neither a hero nor a monster in the scenario")
    FLOW.advance(ctx, state.stack)
    return state
