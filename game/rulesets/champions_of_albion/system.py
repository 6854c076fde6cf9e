"""Champions of Albion as a RuleSystem: 1-4 seats, one champion each, against a main enemy (G-01)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.errors import FiveRealmsError
from game.core.events import Event, EventLog
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.ruleset import FlowRuleSystem, GameOption
from game.core.zones import Zone
from game.rulesets.champions_of_albion import actions as _actions  # noqa: F401  (registers steps)
from game.rulesets.champions_of_albion import combat as _combat  # noqa: F401
from game.rulesets.champions_of_albion import rounds as _rounds  # noqa: F401
from game.rulesets.champions_of_albion import stories as _stories  # noqa: F401
from game.rulesets.champions_of_albion.content import standard_content
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.search import determinize, features, zones
from game.rulesets.champions_of_albion.setup import setup
from game.rulesets.champions_of_albion.state import CAState, Seat
from game.rulesets.champions_of_albion.view import view
from game.rulesets.champions_of_albion.view_types import CAView

MAIN_ENEMY_CHOICES = ("dragon", "arawn", "morrigan")


class ChampionsOfAlbion(FlowRuleSystem):
    flow = FLOW
    id = "champions-of-albion"
    title = "Champions of Albion"
    summary = ("Champions travel the roads and deeps of Albion through two acts: five rounds of stories, quests "
               "and spreading shadow, then at most five rounds to defeat the Dragon, Arawn or Morrigan together.")
    min_seats = 1
    max_seats = 4
    # Rollouts of 40 questions play out a champion's turn and its partners' (10 ended mid-turn:
    # the estimate then counted a card just gathered and not the shadow left unbanished), and
    # the policy plays every question after the root's answer (no tree grows at the budgets
    # used: 60 iterations, about 50 in a second). With the tree, the few visits of each root
    # answer tried the next question's answers one by one, and two champions' searches,
    # averaging over them, won 22 seats of 60 where normal won 40; now 41 (README).
    search_tuning = {"rollout_choices": 40, "expand_after": 200}
    game_options = (
        GameOption("main_enemy", "Main enemy", "dragon", "The enemy the champions face (CA-003).",
                   choices=MAIN_ENEMY_CHOICES),
    )
    state_type = CAState
    turn_word = "round"
    score_word = ""  # the champions win or lose together (CA-160, CA-161)
    default_seats = ("human", "normal")
    # Deck orders, token backs and face-down enemies are hidden from every seat alike; dice and
    # shuffles are chance; the champions win or lose together (CA-160, CA-161).
    hidden_information = True
    has_chance = True
    cooperative = True
    one_team = True

    def __init__(self) -> None:
        self.content = standard_content()

    def secret_of(self, seat: int) -> str:
        return ""  # the champions keep nothing from one another (the Hand lies face up, CA-016)

    def seat_label(self, index: int, seats: int) -> str:
        return f"Champion {index + 1}"

    def tournament_role(self, state: CAState, seat: int) -> str:
        """Every champion plays for the team: what differs from game to game is the main enemy."""
        return f"Champions vs {self.content.main_enemies[state.main_enemy].name}"

    def option_label(self, option_id: str, value: Any) -> str:
        if option_id == "main_enemy" and value in self.content.main_enemies:
            return self.content.main_enemies[value].name
        return str(value)

    def context(self, state: CAState, log: EventLog) -> Ctx:
        return Ctx(state, self.content, log)

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[CAState, list[Event]]:
        main = str(options.get("main_enemy", "dragon"))
        if main not in self.content.main_enemies:
            raise FiveRealmsError(f"Choose the main enemy from: {', '.join(MAIN_ENEMY_CHOICES)}.")
        players = [Seat(names[i] if names else f"Player {i + 1}") for i in range(seats)]
        state = CAState(seats=seats, main_enemy=main, rng=Rng.seeded(seed), players=players)
        log = EventLog()
        ctx = self.context(state, log)
        setup(ctx)
        FLOW.advance(ctx, state.stack)
        return state, log.events

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[CAState, list[Event]]:
        from game.rulesets.champions_of_albion.scenario import build_state

        log = EventLog()
        return build_state(self.content, scenario, seed, log), log.events

    def outcome(self, state: CAState) -> Outcome | None:
        if not state.outcome:
            return None
        # Only champions still in play win (CA-131, CA-160); a seat whose champion fell in Act 2 loses.
        winners = tuple(s for s, p in enumerate(state.players) if state.outcome == "victory" and p.champion)
        scores = tuple(1 if s in winners else 0 for s in range(state.seats))
        return Outcome(winners, scores, state.end_reason, state.end_rule)

    def random_state(self, state: CAState) -> tuple[int, ...]:
        """The one generator, a field of the state (the kernel's default finds it, slower)."""
        return state.rng.state, state.rng.inc

    def zones(self, state: CAState) -> list[Zone]:
        return zones(state)

    def determinize(self, state: CAState, seat: int, rng: Rng) -> CAState:
        """Every pile's order and every face-down back dealt again (search.py); all seats
        know the same, so ``seat`` changes nothing."""
        return determinize(state, rng)

    def evaluate(self, state: CAState, seat: int) -> float:
        """The fitted estimate's chance that ``seat`` wins (content/estimate.json, from
        :meth:`features`); none for a seat whose champion fell in Act 2 (CA-129)."""
        if state.players[seat].lost:
            return 0.0
        return super().evaluate(state, seat)

    def features(self, state: CAState, seat: int) -> dict[str, float]:
        return features(state, self.content, seat)

    def view(self, state: CAState, seat: int | None) -> CAView:
        return view(state, self.content, seat)

    def seat_count(self, state: CAState) -> int:
        return state.seats

    def turn_number(self, state: CAState) -> int:
        return state.round + (5 if state.act == 2 else 0)

    def invariants(self, state: CAState) -> list[str]:
        """What must always hold (see invariants.py); soak checks it after every choice."""
        from game.rulesets.champions_of_albion.invariants import problems

        return problems(state, self.content)
