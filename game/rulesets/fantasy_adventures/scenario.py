"""Fantasy Adventures positions written as data (DESIGN "Scenario positions"): rule tests set up
exact situations with them, and ``simulate --scenario`` plays on from one.

A scenario names the players (``[[player]]``: the party's front and back ranks left to right,
"" for an open position; the items each hero owns; the hand; the decks, first listed on top; the
discard piles; flipped and feared heroes), the game turn, the monster player, the stacks placed
(``stacks``: target seat -> cards, top first), fixed dice, and where play starts:

- ``turn``: the monster player's turn from stage I;
- ``placement``: stage II, the hands as given;
- ``encounter``: the Encounter against ``target`` (its stack from ``stacks``) from window W1;
- ``combat``: the combat stage of that Encounter, with ``monsters`` already in play
  (``[{card = "skulker", hero = "fire-champion"}]``; "" for unassigned) from round ``round`` + 1;
- ``recovery``: stage VI.

Cards are definition ids; each is made the instance of the player whose zone it is in (the monster
player's for stacks and monsters), a second copy of a definition getting "#2" and so on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.errors import ScenarioError
from game.core.events import Event, EventLog
from game.core.rng import Rng
from game.rulesets.fantasy_adventures.context import FLOW
from game.rulesets.fantasy_adventures.state import RANK_SIZE, Encounter, FAState, Monster, Player
from game.rulesets.fantasy_adventures.steps import (
    CombatStartStep,
    EndTurnStep,
    NextEncounterStep,
    OrderStep,
    PlaceStep,
    PlayerTurnStep,
    RoundStep,
)

if TYPE_CHECKING:
    from game.rulesets.fantasy_adventures.system import FantasyAdventures

STARTS = ("turn", "placement", "encounter", "combat", "recovery")
PLAYER_KEYS = {"name", "front", "back", "items", "hand", "hero_deck", "encounter_deck", "hero_discard",
               "encounter_discard", "flipped", "feared", "attacked", "retreated", "used"}
KEYS = {"seats", "player", "game_turn", "monster", "first", "stacks", "dice", "start", "target", "monsters",
        "round", "lair"}


class _Namer:
    """Instance ids for a player's cards: "<seat>/<definition>", "#2" on for further copies."""

    def __init__(self, system: "FantasyAdventures") -> None:
        self.system = system
        self.used: set[str] = set()

    def __call__(self, seat: int, definition: str, kind: str | None = None) -> str:
        try:
            card = self.system.content.card(definition)
        except Exception:
            raise ScenarioError(f"unknown card '{definition}'") from None
        if kind is not None and card.kind != kind:
            raise ScenarioError(f"'{definition}' is a {card.kind}, not a {kind}")
        instance = f"{seat}/{definition}"
        n = 1
        while instance in self.used:
            n += 1
            instance = f"{seat}/{definition}#{n}"
        self.used.add(instance)
        return instance


def build_state(system: "FantasyAdventures", scenario: Mapping[str, Any], seed: int) -> tuple[FAState, list[Event]]:
    unknown = set(scenario) - KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key '{sorted(unknown)[0]}'")
    records = scenario.get("player", [])
    seats = int(scenario.get("seats", len(records)))
    if not 2 <= seats <= 4 or len(records) != seats:
        raise ScenarioError(f"a scenario needs 2 to 4 [[player]] tables, one per seat (found {len(records)})")
    start = str(scenario.get("start", "turn"))
    if start not in STARTS:
        raise ScenarioError(f"start must be one of {', '.join(STARTS)}, not '{start}'")
    name = _Namer(system)
    state = FAState(seats=seats, rng=Rng.seeded(seed), players=[])
    state.game_turn = int(scenario.get("game_turn", 1))
    state.monster = int(scenario.get("monster", 0))
    state.first = int(scenario.get("first", state.monster))
    state.dice_script = list(scenario.get("dice", []))
    for seat, record in enumerate(records):
        state.players.append(_player(seat, record, name))
    for target, cards in dict(scenario.get("stacks", {})).items():
        state.stacks[str(int(target))] = [name(state.monster, c) for c in cards]
        if any(system.content.card(c).kind == "trap" for c in cards):
            state.lairs.append(int(target))
        state.order.append(int(target))
    log = EventLog()
    ctx = system.context(state, log)
    state.stage = "cards"
    if start == "turn":
        ctx.push(PlayerTurnStep(step="player_turn"))
    else:
        ctx.push(EndTurnStep(step="end_turn"))
        ctx.push(NextEncounterStep(step="next_encounter"))
        if start == "placement":
            state.stage = "placement"
            ctx.push(OrderStep(step="encounter_order", declared=0))
            ctx.push(PlaceStep(step="place", target=-1))
        elif start in ("encounter", "combat"):
            _encounter(ctx, scenario, start, name)
    FLOW.advance(ctx, state.stack)
    return state, log.events


def _player(seat: int, record: Mapping[str, Any], name: _Namer) -> Player:
    extra = set(record) - PLAYER_KEYS
    if extra:
        raise ScenarioError(f"player {seat + 1}: unknown key '{sorted(extra)[0]}'")
    player = Player(seat, str(record.get("name", f"Player {seat + 1}")))
    heroes: dict[str, str] = {}
    for rank_name in ("front", "back"):
        rank = list(record.get(rank_name, []))
        if len(rank) > RANK_SIZE:
            raise ScenarioError(f"player {seat + 1}: a rank holds at most {RANK_SIZE} heroes (FA-029)")
        cells: list[str | None] = [None] * RANK_SIZE
        for i, hero in enumerate(rank):
            if hero:
                cells[i] = heroes[hero] = name(seat, hero, "hero")
        setattr(player, rank_name, cells)
    for hero, items in dict(record.get("items", {})).items():
        if hero not in heroes:
            raise ScenarioError(f"player {seat + 1}: items for '{hero}', who is not in the party")
        player.items[heroes[hero]] = [name(seat, i, "item") for i in items]
    player.hand = [name(seat, c) for c in record.get("hand", [])]
    player.hero_deck = [name(seat, c, "hero") for c in reversed(record.get("hero_deck", []))]
    player.encounter_deck = [name(seat, c) for c in reversed(record.get("encounter_deck", []))]
    player.hero_discard = [name(seat, c, "hero") for c in record.get("hero_discard", [])]
    player.encounter_discard = [name(seat, c) for c in record.get("encounter_discard", [])]
    player.flipped = [heroes[h] for h in record.get("flipped", [])]
    player.feared = [heroes[h] for h in record.get("feared", [])]
    player.attacked = bool(record.get("attacked", False))
    player.retreated = bool(record.get("retreated", False))
    return player


def _encounter(ctx: Any, scenario: Mapping[str, Any], start: str, name: _Namer) -> None:
    state: FAState = ctx.state
    target = int(scenario.get("target", -1))
    if target < 0 or target >= state.seats or target == state.monster:
        raise ScenarioError("an Encounter scenario names its target: another player's seat")
    state.stage = "traps"
    if start == "encounter":
        if str(target) not in state.stacks:
            raise ScenarioError(f"no stack is placed on seat {target} (stacks)")
        state.order.remove(target)
        state.order.insert(0, target)
        return  # next_encounter begins it
    stack = state.stacks.pop(str(target), [])
    if str(target) in [str(t) for t in state.order]:
        state.order.remove(target)
    encounter = state.encounter = Encounter(target=target, stack=stack,
                                            lair=bool(scenario.get("lair", target in state.lairs)), stage="combat")
    state.stage = encounter.stage
    encounter.round = int(scenario.get("round", 0))
    heroes = {h.partition("/")[2]: h for h in state.players[target].heroes()}
    for record in scenario.get("monsters", []):
        monster = Monster(card=name(state.monster, str(record["card"]), "monster"), controller=state.monster)
        hero = str(record.get("hero", ""))
        if hero and hero not in heroes:
            raise ScenarioError(f"monster {record['card']} attacks '{hero}', who is not in the party")
        monster.hero = heroes.get(hero, "")
        encounter.monsters.append(monster)
    state.players[target].attacked = True
    if stack:
        ctx.push(CombatStartStep(step="combat_start"))
    else:
        ctx.push(RoundStep(step="combat_round"))
