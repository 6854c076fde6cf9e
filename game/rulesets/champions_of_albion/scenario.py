"""Written positions: a game set up normally, then changed as a scenario says.

A scenario is a table (TOML or a dict in a test)::

    main_enemy = "dragon"
    champions = ["gareth", "elin"]        # one per seat, chosen at setup
    dice = [4, 3]                         # fixed rolls, used before the seeded generator
    [positions]  gareth = "caer_aldon"    # champion spaces
    [[enemies]]  card = "barrow_wight"  space = "caer_aldon"
    shadows = ["..."]  quest_tokens = ["..."]  hand = ["..."]

The game then runs to its first question after setup (round 1's replacements, initiative
and so on). Tests use it to set up the positions of the checklist's worked cases.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.errors import FiveRealmsError
from game.core.events import EventLog
from game.core.rng import Rng
from game.rulesets.champions_of_albion.content import CAContent
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.setup import enter, setup
from game.rulesets.champions_of_albion.state import CAState, EnemyState, Seat

KEYS = {"main_enemy", "champions", "dice", "positions", "enemies", "shadows", "quest_tokens", "hand", "gold",
        "resources", "banes", "aid", "names"}


def build_state(content: CAContent, scenario: Mapping[str, Any], seed: int, log: EventLog) -> CAState:
    unknown = set(scenario) - KEYS
    if unknown:
        raise FiveRealmsError(f"Unknown scenario keys: {', '.join(sorted(unknown))}.")
    champions = list(scenario.get("champions", []))
    if not 1 <= len(champions) <= 4 or any(c not in content.champions for c in champions):
        raise FiveRealmsError("A scenario names 1 to 4 champions by id.")
    names = list(scenario.get("names", [f"Player {i + 1}" for i in range(len(champions))]))
    state = CAState(seats=len(champions), main_enemy=str(scenario.get("main_enemy", "dragon")), rng=Rng.seeded(seed),
                    players=[Seat(n) for n in names])
    ctx = Ctx(state, content, log)
    setup(ctx)
    # Run the setup up to the champion choices, then make them as written.
    FLOW.advance(ctx, state.stack)
    if not state.stack or state.stack[-1]["step"] != "choose_champion":
        raise FiveRealmsError("The scenario's setup asked a question before the champions were chosen.")
    for seat, cid in enumerate(champions):
        state.stack.pop()
        enter(ctx, seat, cid, replacement=False)
    state.enemies = []
    state.camp = []
    state.enemy_deck = sorted(content.enemies)
    state.rng.shuffle(state.enemy_deck)
    state.shadow_supply.extend(state.shadow_backs)
    state.shadows, state.shadow_backs = [], []
    state.quest_supply.extend(state.quest_tokens)
    state.quest_tokens = []
    for space in scenario.get("shadows", []):
        # A stacked shadow takes any supply token, whose own back it keeps (G-27).
        back = space if space in state.shadow_supply else state.shadow_supply[-1]
        state.shadow_supply.remove(back)
        state.shadows.append(space)
        state.shadow_backs.append(back)
    for space in scenario.get("quest_tokens", []):
        if space in state.quest_supply:
            state.quest_supply.remove(space)
        state.quest_tokens.append(space)
    for cid, space in dict(scenario.get("positions", {})).items():
        state.champion(cid).space = space
    for entry in scenario.get("enemies", []):
        card = entry["card"]
        kind = "dangerous" if card in content.dangerous else "ordinary"
        enemy = EnemyState(f"e{state.next_enemy}", card, kind, entry["space"], int(entry.get("damage", 0)))
        state.next_enemy += 1
        state.enemies.append(enemy)
        if kind == "ordinary":
            if card in state.enemy_deck:
                state.enemy_deck.remove(card)
            if card not in state.camp:
                state.camp.append(card)
        elif card in state.dangerous_waiting:
            state.dangerous_waiting.remove(card)
    for cid, gold in dict(scenario.get("gold", {})).items():
        state.champion(cid).gold = int(gold)
    for cid, cards in dict(scenario.get("resources", {})).items():
        c = state.champion(cid)
        for rid in cards:
            if rid in state.resource_deck:
                state.resource_deck.remove(rid)
            c.resources.append(rid)
    for cid, banes in dict(scenario.get("banes", {})).items():
        c = state.champion(cid)
        for bane in banes:
            if bane in state.bane_deck:
                state.bane_deck.remove(bane)
            c.banes.append(bane)
    for cid, tokens in dict(scenario.get("aid", {})).items():
        c = state.champion(cid)
        for value in tokens:
            state.aid_supply.remove(int(value))
            c.aid.append(int(value))
    if "hand" in scenario:
        state.resource_deck.extend(state.hand)
        state.hand = []
        for rid in scenario["hand"]:
            state.resource_deck.remove(rid)
            state.hand.append(rid)
    state.dice_script = [int(d) for d in scenario.get("dice", [])]
    FLOW.advance(ctx, state.stack)
    return state
