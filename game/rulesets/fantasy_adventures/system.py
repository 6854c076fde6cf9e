"""Fantasy Adventures as a RuleSystem: 2 to 4 players, four game turns (FA-001, FA-037, A-01)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from game.core.decision import Decision
from game.core.events import Event, EventLog
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.errors import FiveRealmsError
from game.core.ruleset import FlowRuleSystem, GameOption
from game.core.zones import Zone
from game.rulesets.fantasy_adventures import actions as _actions  # noqa: F401  (registers steps)
from game.rulesets.fantasy_adventures import combat as _combat  # noqa: F401
from game.rulesets.fantasy_adventures import defeat as _defeat  # noqa: F401
from game.rulesets.fantasy_adventures import encounter as _encounter  # noqa: F401
from game.rulesets.fantasy_adventures import melee as _melee  # noqa: F401
from game.rulesets.fantasy_adventures import placement as _placement  # noqa: F401
from game.rulesets.fantasy_adventures import surprise as _surprise  # noqa: F401
from game.rulesets.fantasy_adventures import traps as _traps  # noqa: F401
from game.rulesets.fantasy_adventures import turn as _turn  # noqa: F401
from game.rulesets.fantasy_adventures import windows as _windows  # noqa: F401
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.decks import DeckList, check_deck, check_option, from_option
from game.rulesets.fantasy_adventures.random_decks import random_decks_option
from game.rulesets.fantasy_adventures.setup import setup
from game.rulesets.fantasy_adventures.state import FAState, Player
from game.rulesets.fantasy_adventures.turn import END_RULES, score
from game.rulesets.fantasy_adventures.view import view
from game.rulesets.fantasy_adventures.view_types import FAView


MONSTER_PLAYER_QUESTIONS = frozenset({"mulligan", "place", "encounter_order", "assign", "meleeing", "melee_order",
                                      "duel", "lose_item", "retreat_item"})
"""The questions only the monster player is asked (see FantasyAdventures.decision_role)."""


class FantasyAdventures(FlowRuleSystem):
    flow = FLOW
    id = "fantasy-adventures"
    title = "Fantasy Adventures"
    summary = ("Lead a party of eight heroes against the monsters and traps your rivals send, and send "
               "your own against theirs: the richest party after four game turns wins.")
    min_seats = 2
    max_seats = 4
    game_options = (
        GameOption("decks", "Decks", (),
                   "Each player's deck, one per seat in seat order (name:<name>, hero:<card>:<copies>, "
                   "encounter:<card>:<copies>); a seat with none, or past the end, plays the starter deck. "
                   "An illegal deck is refused with every reason (FA-016 to FA-023).",
                   validate=check_option, per_seat=True, sample=random_decks_option),
    )
    state_type = FAState
    turn_word = "game turn"
    score_word = "GP"
    default_seats = ("human", "normal")
    hidden_information = True
    has_chance = True
    cooperative = False

    def __init__(self, content: Any = None) -> None:
        if content is None:
            from game.rulesets.fantasy_adventures.content import standard_content

            content = standard_content()
        self.content = content

    decision_roles = ("monster", "hero")
    # The search leaves normal's answer only when chance alone would explain the lead once in
    # twenty decisions (the default: once in ten): here its switches lost on average (README,
    # headroom). Against normal, the hard monster player won 33 of 48 deals so (29 at 0.1, and
    # 20 of 32 at 0.3 on the deals where 0.1 won 22), the hard hero player 19 of 32 (18).
    search_tuning = {"false_switch": 0.05}

    def decision_role(self, view: Mapping[str, Any], decision: Decision) -> str:
        """The monster player's questions (its mulligan, placements, the Encounters' order, the
        monsters' assignment, meleeing monster and melee order, duels, what a trap or a retreat
        takes) against a hero player's (setting up and arranging its party, its heroes' fights);
        in the Action phase and the response windows, whichever of the two the seat is now."""
        if decision.kind in MONSTER_PLAYER_QUESTIONS:
            return "monster"
        if decision.kind == "action" or decision.window:
            return "monster" if view.get("monster") == decision.seat else "hero"
        return "hero"

    own_moments = "the Encounters your party fights and your own player turn"

    def concerned_seats(self, state: FAState) -> tuple[int, ...]:
        """A response window (FA-164) or heal window (FA-202) is about the player whose party
        the Encounter attacks and the monster player of this player turn (FA-035)."""
        encounter = state.encounter
        return (state.monster,) if encounter is None else (encounter.target, state.monster)

    def moment_key(self, state: FAState) -> str | None:
        """An Encounter asks at every checkpoint of every round (W1 to W10, FA-164); there is
        one a party and player turn (FA-051)."""
        encounter = state.encounter
        return None if encounter is None else (f"encounter:{state.game_turn}:{state.turns_this_game_turn}:"
                                               f"{state.monster}:{encounter.target}")

    def moment_words(self, key: str) -> str:
        return "this Encounter"

    def seat_label(self, index: int, seats: int) -> str:
        return f"Player {index + 1}"

    def context(self, state: FAState, log: EventLog) -> Ctx:
        return Ctx(state, self.content, log)

    def seat_decks(self, option: Any, seats: int) -> list[DeckList]:
        """Each seat's deck from the ``decks`` option (the starter deck where it names none),
        refused unless every one is legal (FA-023)."""
        given = list(option or ())
        if len(given) > seats:
            raise FiveRealmsError(f"The decks option names {len(given)} decks for {seats} players.")
        decks = [from_option(entries) for entries in given] + [from_option(())] * (seats - len(given))
        for seat, deck in enumerate(decks):
            violations = check_deck(deck, self.content)
            if violations:
                reasons = " ".join(v.text for v in violations)
                raise FiveRealmsError(f"{self.seat_label(seat, seats)}'s deck '{deck.name}' is illegal: {reasons}")
        return decks

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[FAState, list[Event]]:
        from game.rulesets.fantasy_adventures.decks import deck_instances

        players = []
        for s, deck in enumerate(self.seat_decks(options.get("decks", ()), seats)):
            player = Player(s, names[s] if names else f"Player {s + 1}")
            player.hero_deck, player.encounter_deck = deck_instances(deck, s)
            players.append(player)
        state = FAState(seats=seats, rng=Rng.seeded(seed), players=players,
                        card_counts=[len(p.hero_deck) + len(p.encounter_deck) for p in players])
        log = EventLog()
        ctx = self.context(state, log)
        setup(ctx)
        FLOW.advance(ctx, state.stack)
        return state, log.events

    def random_state(self, state: FAState) -> tuple[int, ...]:
        return (state.rng.state, state.rng.inc)

    def outcome(self, state: FAState) -> Outcome | None:
        if state.winners is None:
            return None
        ctx = self.context(state, EventLog())
        scores = tuple(score(ctx, s) if not state.players[s].eliminated else 0 for s in range(state.seats))
        return Outcome(tuple(state.winners), scores, state.end_reason, END_RULES[state.end_reason])

    def view(self, state: FAState, seat: int | None) -> FAView:
        return view(state, self.content, seat)

    def seat_count(self, state: FAState) -> int:
        return state.seats

    def turn_number(self, state: FAState) -> int:
        return state.game_turn

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[FAState, list[Event]]:
        from game.rulesets.fantasy_adventures.scenario import build_state

        return build_state(self, scenario, seed)

    def zones(self, state: FAState) -> list[Zone]:
        from game.rulesets.fantasy_adventures.search import zones

        return zones(state, self.content)

    def determinize(self, state: FAState, seat: int, rng: Rng) -> FAState:
        """Other hands, decks' orders and stacks dealt again from what ``seat`` has not seen (search.py)."""
        from game.rulesets.fantasy_adventures.search import determinize

        return determinize(state, self.content, seat, rng)

    def features(self, state: FAState, seat: int) -> dict[str, float]:
        """What the fitted estimate (content/estimate.json) weighs for ``seat``."""
        from game.rulesets.fantasy_adventures.search import features

        return features(state, self.content, seat)

    def content_catalogue(self) -> list[str]:
        """Every ability kind, spell and kind of act play should use (usage.py)."""
        from game.rulesets.fantasy_adventures.usage import catalogue

        return catalogue(self.content)

    def content_usage(self, events: Iterable[Event]) -> Counter[str]:
        from game.rulesets.fantasy_adventures.usage import usage

        return usage(self.content, events)

    def invariants(self, state: FAState) -> list[str]:
        from game.rulesets.fantasy_adventures.invariants import problems

        return problems(state, self.content)
