"""Fantasy Heroes as a RuleSystem: the static description and the protocol functions."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.events import Event, EventLog
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.ruleset import FlowRuleSystem, GameOption
from game.core.zones import Zone
from game.rulesets.fantasy_heroes.search import zones as search_zones
from game.rulesets.fantasy_heroes import battle as _battle  # noqa: F401  (registers the battle steps)
from game.rulesets.fantasy_heroes.content import Content, standard_content
from game.rulesets.fantasy_heroes.context import FLOW, Ctx
from game.rulesets.fantasy_heroes.scenario import build_state
from game.rulesets.fantasy_heroes.state import FHState, Player
from game.rulesets.fantasy_heroes.turn import setup
from game.rulesets.fantasy_heroes.view import view
from game.rulesets.fantasy_heroes.view_types import FHView


class FantasyHeroes(FlowRuleSystem):
    flow = FLOW
    id = "fantasy-heroes"
    title = "Fantasy Heroes"
    summary = ("Territory conquest for 2-3 players: attack with heroes, minions, artifacts and spells; "
               "take every territory to win.")
    min_seats = 2
    max_seats = 3
    # The battle windows hold the game's main decisions (which card to play, when to stop); a
    # window has few answers (three on average) and a battle's end shows what a card did
    # within a short rollout, so the search may leave the heuristic's answer more readily.
    # Its battle windows hold its main decisions; its questions have few answers (four on
    # average), all compared for the whole budget: on the same 10 deals a screening first
    # (game.ai.search) won fewer games against the normal player (13 of 20 against 17 of 20).
    search_tuning = {"search_windows": True, "false_switch": 0.3, "screening": 0.0}
    game_options = (
        GameOption("short_game", "Short game", False,
                   "When the Battle deck runs out, the player with the most territories wins (FH-077)."),
        GameOption("turn_limit", "Turn limit", 0,
                   "Not in the rulebook: end the game after this many turns, most territories winning. "
                   "0 means no limit."),
    )
    state_type = FHState
    score_word = "territories"
    own_moments = "your own turn, and every battle you fight in"

    def concerned_seats(self, state: FHState) -> tuple[int, ...]:
        """An instant point (FH-133; the Wall of Fire window, FH-023) belongs to the turn it
        falls in: its player's; a battle's card windows (FH-047) also to its defender, who
        plays cards in them (both public)."""
        battle = state.battle
        if battle is None:
            return (state.active,)
        return tuple(sorted({state.active, battle.attacker, battle.defender}))

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or standard_content()

    def context(self, state: FHState, log: EventLog) -> Ctx:
        return Ctx(state, self.content, log)

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[FHState, list[Event]]:
        state = FHState(
            seats=seats,
            short_game=bool(options.get("short_game", False)),
            turn_limit=int(options.get("turn_limit", 0)),
            rng=Rng.seeded(seed),
            players=[Player(s, names[s] if names else f"Player {s + 1}") for s in range(seats)],
            deck=list(self.content.cards),
            memory=[[] for _ in range(seats)],
        )
        log = EventLog()
        ctx = self.context(state, log)
        setup(ctx)
        FLOW.advance(ctx, state.stack)
        return state, log.events

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[FHState, list[Event]]:
        log = EventLog()
        state = build_state(self.content, scenario, seed, log)
        return state, log.events

    def random_state(self, state: FHState) -> tuple[int, ...]:
        return (state.rng.state, state.rng.inc)

    def before_answer(self, state: FHState, seat: int) -> None:
        # A Scrye reveal lasts until its viewer's next decision ends (FH-131): a decision he
        # makes, not a forced pass (a question with "pass" as its only answer, answered for him).
        if state.reveals and any(r.viewer == seat for r in state.reveals):
            decision = self.pending(state)
            if decision is not None and decision.forced_pass:
                return
            state.reveals = [r for r in state.reveals if r.viewer != seat]

    def outcome(self, state: FHState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(state.winners), tuple(len(p.territories) for p in state.players),
                       state.end_reason, state.end_rule)

    def view(self, state: FHState, seat: int | None) -> FHView:
        return view(state, self.content, seat)

    def seat_count(self, state: FHState) -> int:
        return state.seats

    def turn_number(self, state: FHState) -> int:
        return state.turn

    def zones(self, state: FHState) -> list[Zone]:
        return search_zones(state)

    def determinize(self, state: FHState, seat: int, rng: Rng) -> FHState:
        """Other hands (but the cards ``seat`` knows in them), the deck order and set-aside cards
        dealt again from what ``seat`` has not seen (see search.py)."""
        from game.rulesets.fantasy_heroes.search import determinize

        return determinize(state, seat, rng)

    def evaluate(self, state: FHState, seat: int) -> float:
        """How well ``seat`` stands, from what its view shows (the AI's heuristics, ai.py)."""
        from game.rulesets.fantasy_heroes.ai import position_value

        return position_value(view(state, self.content, seat))

    def invariants(self, state: FHState) -> list[str]:
        """What must always hold (see invariants.py); soak checks it after every choice."""
        from game.rulesets.fantasy_heroes.invariants import problems

        return problems(state, self.content)
