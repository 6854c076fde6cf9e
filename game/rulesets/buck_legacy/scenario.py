"""Buck: Legacy positions written as data (DESIGN "Scenario positions"): rule tests set up exact
situations with them, and ``simulate --scenario`` plays on from one.

A scenario names the seats and their Adventurers (Race, Class, equipment by slot, backpack,
attached Gifts and Curses, Dungeon cards in front, Distance Deck, Gold, Mana, Tesla, Medals,
Stunned), the Buck Dealer, the Zone (and whether its Boss is up), the shop, the cards on top of
each deck (first listed on top), fixed dice, and where play starts: ``market`` (a new Market
Part), ``market_turn`` (the Dealer's market turn, the shop as given), ``exploration``, ``combat``
(the Combat Phase, with the Monsters in front) or ``boss`` (a Boss Combat Phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.errors import FiveRealmsError, ScenarioError
from game.core.events import Event, EventLog
from game.core.rng import Rng
from game.rulesets.buck_legacy.context import FLOW
from game.rulesets.buck_legacy.setup import boss_target
from game.rulesets.buck_legacy.state import Adventurer, BLState

if TYPE_CHECKING:
    from game.rulesets.buck_legacy.system import BuckLegacy

STARTS = ("market", "market_turn", "exploration", "combat", "boss")
ADVENTURER_KEYS = {"name", "race", "class", "slots", "backpack", "attached", "in_front", "distance_deck", "defeated",
                   "gold", "mana", "tesla", "medals", "stunned", "actions_left", "drew_monster", "coatings"}
KEYS = {"seats", "quick", "dealer", "zone", "boss_up", "boss_hp", "shop", "items_top", "dungeon_top", "treasure_top",
        "dice", "start", "adventurer", "bosses_defeated", "options", "adventure"}


def build_state(system: "BuckLegacy", scenario: Mapping[str, Any], seed: int) -> tuple[BLState, list[Event]]:
    content = system.content
    unknown = set(scenario) - KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key '{sorted(unknown)[0]}'")
    records = scenario.get("adventurer", [])
    seats = int(scenario.get("seats", len(records)))
    if not 2 <= seats <= 6 or len(records) != seats:
        raise ScenarioError(f"a scenario needs 2 to 6 [[adventurer]] tables, one per seat (found {len(records)})")
    options = dict(scenario.get("options", {}))
    quick = bool(scenario.get("quick", False))
    try:
        target = boss_target(content, seats, quick, int(options.get("bosses", 0)))
    except FiveRealmsError as error:
        raise ScenarioError(str(error)) from None
    state = BLState(seats=seats, quick=quick, rng=Rng.seeded(seed), adventurers=[], target=target,
                    blind_shop=bool(options.get("blind_shop", False)), buck_stays=bool(options.get("buck_stays", False)),
                    large_equipped_only=bool(options.get("large_equipped_only", False)),
                    protection_every_stun=bool(options.get("protection_every_stun", False)),
                    literal_useless=bool(options.get("literal_useless", False)))
    placed: list[str] = []
    for seat, record in enumerate(records):
        extra = set(record) - ADVENTURER_KEYS
        if extra:
            raise ScenarioError(f"adventurer {seat + 1}: unknown key '{sorted(extra)[0]}'")
        adv = Adventurer(seat, str(record.get("name", f"Adventurer {seat + 1}")))
        adv.race = str(record.get("race", ""))
        adv.klass = str(record.get("class", ""))
        adv.slots = {str(k): str(v) for k, v in dict(record.get("slots", {})).items()}
        for key in ("backpack", "attached", "in_front", "distance_deck", "defeated"):
            setattr(adv, key, [str(c) for c in record.get(key, [])])
        adv.coatings = {str(k): str(v) for k, v in dict(record.get("coatings", {})).items()}
        for key in ("gold", "mana", "tesla", "medals", "actions_left"):
            if key in record:
                setattr(adv, key, int(record[key]))
        adv.stunned = bool(record.get("stunned", False))
        adv.drew_monster = bool(record.get("drew_monster", False))
        state.adventurers.append(adv)
        placed += list(adv.slots.values()) + adv.backpack + adv.attached + adv.in_front + adv.distance_deck
        placed += list(adv.coatings.values())
    for card in placed:
        try:
            content.card(card)
        except Exception:
            raise ScenarioError(f"no card '{card}'") from None
    state.dealer = int(scenario.get("dealer", 0))
    state.zone = str(scenario.get("zone", ""))
    if state.zone and state.zone not in content.zones:
        raise ScenarioError(f"no Zone '{state.zone}'")
    state.boss_up = bool(scenario.get("boss_up", False))
    state.bosses_defeated = int(scenario.get("bosses_defeated", 0))
    state.adventure = int(scenario.get("adventure", 1))
    boss = content.zones[state.zone].boss if state.zone else None
    state.boss_hp = int(scenario.get("boss_hp", boss.hp if boss else 0))
    state.shop = [str(c) for c in scenario.get("shop", [])]
    placed += state.shop
    state.purple = [z for z in content.zones if z != state.zone]
    taken = {a.race for a in state.adventurers} | {a.klass for a in state.adventurers} | set(placed)
    state.characters = [c for c in list(content.races) + list(content.classes) + list(content.starting_weapons)
                        if c not in taken]
    for deck, table, top in (("items_deck", content.items, "items_top"), ("dungeon_deck", content.dungeon, "dungeon_top"),
                             ("treasure_deck", content.treasures, "treasure_top")):
        wanted = [str(c) for c in scenario.get(top, [])]
        pile = [c for c in content.deck(table) if c not in placed and c not in wanted]
        state.rng.shuffle(pile)
        pile.extend(reversed(wanted))  # the first listed on top (the end of the list)
        setattr(state, deck, pile)
    state.dice_script = [d for d in scenario.get("dice", [])]
    start = str(scenario.get("start", "market"))
    if start not in STARTS:
        raise ScenarioError(f"start must be one of {', '.join(STARTS)}, not '{start}'")
    stack = state.stack
    if start == "market":
        stack.append({"step": "market_start"})
    elif start == "market_turn":
        state.part = "market"
        stack.append({"step": "market_end"})
        stack.append({"step": "market", "turn": state.dealer, "acted": False})
    else:
        state.part = "exploration"
        stack.append({"step": "next_part"})
        if start == "exploration":
            stack.append({"step": "exploration"})
        elif start == "combat":
            stack.append({"step": "combat_phase", "seats": state.priority()})
        else:
            state.boss_up = True
            stack.append({"step": "boss_phase", "seats": []})
    log = EventLog()
    FLOW.advance(system.context(state, log), stack)
    return state, log.events
