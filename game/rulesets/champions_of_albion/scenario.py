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

import math
import unicodedata
from typing import Any, Mapping

from game.core.errors import FiveRealmsError, ScenarioError
from game.core.events import EventLog
from game.core.rng import Rng
from game.rulesets.champions_of_albion import piles
from game.rulesets.champions_of_albion.content import CAContent
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.setup import enter, setup
from game.rulesets.champions_of_albion.state import CAState, EnemyState, Seat

KEYS = {"main_enemy", "champions", "dice", "positions", "enemies", "shadows", "quest_tokens", "hand", "gold",
        "resources", "banes", "aid", "names"}
ENEMY_KEYS = {"card", "space", "damage"}
MAX_NAME = 24
MAX_DICE = 1000
MAX_LIST = 64
QUOTE = 40


def _q(value: Any) -> str:
    """A short printable excerpt of a value from the scenario, for a refusal."""
    if isinstance(value, bool) or value is None:
        text = str(value).lower()
    elif isinstance(value, float) and not math.isfinite(value):
        return "a number too large to use" if value == value else "not a number"
    elif isinstance(value, int) and value.bit_length() > 128:
        return "a number too large to use"
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, str):
        text = value
    else:
        text = {"list": "a list", "dict": "a table"}.get(type(value).__name__, "a value")
        return text
    cut = "".join(ch if ch.isprintable() else "?" for ch in text[:QUOTE])
    return f"'{cut}…'" if len(text) > QUOTE else f"'{cut}'"


def _visible(word: str) -> bool:
    """A word that draws something: not made of combining marks alone."""
    return any(not unicodedata.category(ch).startswith("M") for ch in word)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(scenario: Mapping[str, Any], key: str, limit: int = MAX_LIST) -> list[Any]:
    value = scenario.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"The scenario's '{key}' must be a list, not {_q(value)}.")
    if len(value) > limit:
        raise ScenarioError(f"The scenario's '{key}' has {len(value)} entries; at most {limit} make sense.")
    return value


def _ids(scenario: Mapping[str, Any], key: str, known: Mapping[str, Any], what: str,
         limit: int = MAX_LIST) -> list[str]:
    out = []
    for n, item in enumerate(_list(scenario, key, limit), 1):
        if not isinstance(item, str) or item not in known:
            raise ScenarioError(f"The scenario's '{key}' entry {n} is {_q(item)}, which is not {what}.")
        out.append(item)
    return out


def _table(scenario: Mapping[str, Any], key: str, champions: list[str]) -> dict[str, Any]:
    value = scenario.get(key, {})
    if not isinstance(value, Mapping):
        raise ScenarioError(f"The scenario's '{key}' must be a table of champion ids, not {_q(value)}.")
    for cid in value:
        if cid not in champions:
            raise ScenarioError(f"The scenario's '{key}' names {_q(cid)}, which is not one of its champions.")
    return dict(value)


def check(content: CAContent, scenario: Mapping[str, Any]) -> None:
    """Refuse a malformed scenario with a sentence that names the field (never a Python error)."""
    if not isinstance(scenario, Mapping):
        raise ScenarioError("A scenario is a table of fields.")
    unknown = sorted(str(k) for k in scenario if k not in KEYS)
    if unknown:
        raise ScenarioError(f"The scenario has an unknown field {_q(unknown[0])}; the fields are "
                            f"{', '.join(sorted(KEYS))}.")
    main = scenario.get("main_enemy", "dragon")
    if not isinstance(main, str) or main not in content.main_enemies:
        raise ScenarioError(f"The scenario's 'main_enemy' is {_q(main)}; it must be one of "
                            f"{', '.join(sorted(content.main_enemies))}.")
    champions = _ids(scenario, "champions", content.champions, "a champion id", 4)
    if not 1 <= len(champions) <= 4 or len(set(champions)) != len(champions):
        raise ScenarioError("The scenario's 'champions' names 1 to 4 different champions by id.")
    if "names" in scenario:
        names = _list(scenario, "names", 4)
        if len(names) != len(champions):
            raise ScenarioError(f"The scenario's 'names' has {len(names)} names for {len(champions)} champions.")
        for n, name in enumerate(names, 1):
            if (not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable()
                    or not name.split() or not all(_visible(word) for word in name.split())):
                raise ScenarioError(f"The scenario's 'names' entry {n} must be printable text of 1 to {MAX_NAME} "
                                    "characters.")
    for n, die in enumerate(_list(scenario, "dice", MAX_DICE), 1):
        if not _is_int(die) or not 1 <= die <= 6:
            raise ScenarioError(f"The scenario's 'dice' entry {n} is {_q(die)}; a die is a whole number "
                                "from 1 to 6.")
    spaces = content.map.spaces
    for cid, space in _table(scenario, "positions", champions).items():
        if not isinstance(space, str) or space not in spaces:
            raise ScenarioError(f"The scenario's 'positions' puts {cid} on {_q(space)}, which is not a space "
                                "of the map.")
    for n, entry in enumerate(_list(scenario, "enemies"), 1):
        if not isinstance(entry, Mapping):
            raise ScenarioError(f"The scenario's 'enemies' entry {n} must be a table with card and space.")
        extra = sorted(str(k) for k in entry if k not in ENEMY_KEYS)
        if extra:
            raise ScenarioError(f"The scenario's 'enemies' entry {n} has an unknown field {_q(extra[0])}.")
        card = entry.get("card")
        definition = (content.enemies.get(card) or content.dangerous.get(card)) if isinstance(card, str) else None
        if definition is None:
            raise ScenarioError(f"The scenario's 'enemies' entry {n} has the card {_q(card)}, which is not an "
                                "enemy.")
        space = entry.get("space")
        if not isinstance(space, str) or space not in spaces:
            raise ScenarioError(f"The scenario's 'enemies' entry {n} has the space {_q(space)}, which is not a "
                                "space of the map.")
        damage = entry.get("damage", 0)
        if not _is_int(damage) or not 0 <= damage < definition.life:
            raise ScenarioError(f"The scenario's 'enemies' entry {n} has damage {_q(damage)}; it must be a whole "
                                f"number from 0 to {definition.life - 1}.")
    shadows = _ids(scenario, "shadows", spaces, "a space of the map")
    if len(shadows) > len(content.map.shadow_backs):
        raise ScenarioError(f"The scenario's 'shadows' lists {len(shadows)} shadows; there are only "
                            f"{len(content.map.shadow_backs)} shadow tokens.")
    _ids(scenario, "quest_tokens", spaces, "a space of the map", len(content.map.quest_backs))
    hand = _ids(scenario, "hand", content.resources, "a resource card id", 5)
    if len(set(hand)) != len(hand):
        raise ScenarioError("The scenario's 'hand' names a card twice.")
    for cid, gold in _table(scenario, "gold", champions).items():
        if not _is_int(gold) or not 0 <= gold <= 999:
            raise ScenarioError(f"The scenario's 'gold' for {cid} is {_q(gold)}; it must be a whole number from "
                                "0 to 999.")
    for key, known, what in (("resources", content.resources, "a resource card id"),
                             ("banes", content.banes, "a bane card id")):
        for cid, cards in _table(scenario, key, champions).items():
            if not isinstance(cards, list) or len(cards) > 16:
                raise ScenarioError(f"The scenario's '{key}' for {cid} must be a list of at most 16 card ids.")
            for card in cards:
                if not isinstance(card, str) or card not in known:
                    raise ScenarioError(f"The scenario's '{key}' for {cid} names {_q(card)}, which is not {what}.")
    for cid, tokens in _table(scenario, "aid", champions).items():
        if not isinstance(tokens, list) or not all(_is_int(t) and t in (1, 2) for t in tokens):
            raise ScenarioError(f"The scenario's 'aid' for {cid} must be a list of aid tokens, each 1 or 2.")


def build_state(content: CAContent, scenario: Mapping[str, Any], seed: int, log: EventLog) -> CAState:
    """The position a scenario describes, run to its first question; a malformed one is refused
    with a ScenarioError that names the field."""
    check(content, scenario)
    at = ["champions"]  # the field being applied, for a refusal the checks above did not foresee
    try:
        return _build(content, scenario, seed, log, at)
    except FiveRealmsError:
        raise
    except Exception:
        where = f"'{at[0]}'" if at[0] != "play" else "position"
        raise ScenarioError(f"The scenario's {where} cannot be set up: it does not fit the rest of the "
                            "position.") from None


def _build(content: CAContent, scenario: Mapping[str, Any], seed: int, log: EventLog, at: list[str]) -> CAState:
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
    piles.deal(state.rng, state.enemy_deck)
    state.shadow_supply.extend(state.shadow_backs)
    state.shadows, state.shadow_backs = [], []
    state.quest_supply.extend(state.quest_tokens)
    state.quest_tokens = []
    at[0] = "shadows"
    for space in scenario.get("shadows", []):
        # A stacked shadow takes any supply token, whose own back it keeps (G-27).
        back = space if space in state.shadow_supply else state.shadow_supply[-1]
        state.shadow_supply.remove(back)
        state.shadows.append(space)
        state.shadow_backs.append(back)
    at[0] = "quest_tokens"
    for space in scenario.get("quest_tokens", []):
        if space in state.quest_supply:
            state.quest_supply.remove(space)
        state.quest_tokens.append(space)
    at[0] = "positions"
    for cid, space in dict(scenario.get("positions", {})).items():
        state.champion(cid).space = space
    at[0] = "enemies"
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
    at[0] = "gold"
    for cid, gold in dict(scenario.get("gold", {})).items():
        state.champion(cid).gold = int(gold)
    at[0] = "resources"
    for cid, cards in dict(scenario.get("resources", {})).items():
        c = state.champion(cid)
        for rid in cards:
            if rid in state.resource_deck:
                state.resource_deck.remove(rid)
            c.resources.append(rid)
    at[0] = "banes"
    for cid, banes in dict(scenario.get("banes", {})).items():
        c = state.champion(cid)
        for bane in banes:
            if bane in state.bane_deck:
                state.bane_deck.remove(bane)
            c.banes.append(bane)
    at[0] = "aid"
    for cid, tokens in dict(scenario.get("aid", {})).items():
        c = state.champion(cid)
        for value in tokens:
            if value not in state.aid_supply:
                raise ScenarioError(f"The scenario's 'aid' gives more +{value} tokens than the supply holds "
                                    "(8 of +1, 4 of +2).")
            state.aid_supply.remove(int(value))
            c.aid.append(int(value))
    at[0] = "hand"
    if "hand" in scenario:
        piles.to_bottom(state.resource_deck, state.hand)
        state.hand = []
        for rid in scenario["hand"]:
            if rid not in state.resource_deck:
                raise ScenarioError(f"The scenario's 'hand' names {_q(rid)}, which a champion already has.")
            state.resource_deck.remove(rid)
            state.hand.append(rid)
    at[0] = "dice"
    state.dice_script = [int(d) for d in scenario.get("dice", [])]
    at[0] = "play"
    FLOW.advance(ctx, state.stack)
    return state
