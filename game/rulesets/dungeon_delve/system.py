"""Dungeon Delve as a RuleSystem: seat 0 is the overlord, seats 1.. the hero seats."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping, Sequence

from game.core.errors import FiveRealmsError
from game.core.events import Event, EventLog
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.ruleset import FlowRuleSystem, GameOption
from game.core.zones import Zone
from game.rulesets.dungeon_delve.search import zones as search_zones
from game.rulesets.dungeon_delve import actions as _actions  # noqa: F401  (registers steps)
from game.rulesets.dungeon_delve import attack as _attack  # noqa: F401
from game.rulesets.dungeon_delve import cards as _cards  # noqa: F401
from game.rulesets.dungeon_delve import rounds as _rounds  # noqa: F401
from game.rulesets.dungeon_delve.content import standard_content
from game.rulesets.dungeon_delve.context import FLOW, Ctx
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.setup import setup
from game.rulesets.dungeon_delve.state import OVERLORD, DDState
from game.rulesets.dungeon_delve.view import view
from game.rulesets.dungeon_delve.view_types import DDView

_HERO_IDS = ("brakka_stonehide", "sister_elowen", "vessarin_ashmark", "tamsin_reedfoot")
ALL_HEROES = ",".join(_HERO_IDS)
# Every party of 2-4 different heroes (DD-148), largest first.
HERO_PARTIES = tuple(",".join(c) for n in (4, 3, 2) for c in combinations(_HERO_IDS, n))


class DungeonDelve(FlowRuleSystem):
    flow = FLOW
    id = "dungeon-delve"
    title = "Dungeon Delve"
    summary = ("Heroes against an overlord on a square grid: move, fight with custom dice, open the vault "
               "and defeat the Bone Warden within ten rounds. Seat 1 is the overlord.")
    min_seats = 2
    max_seats = 5
    # Rollouts end in the next round at the searching seat's own first question, so every
    # answer is scored at the same point of the game and after the other side has answered it.
    # Counted in questions (6 before), an answer that asked one more question was scored
    # earlier: hard heroes traded an item back and forth for ever (trades are free, DD-114) and
    # the hard Overlord moved monsters that had better stayed. Ended as the round begins, the
    # Overlord (who acts last) was scored before the heroes struck back: 15 of 40 deals won
    # against normal heroes, 24 of 40 played on to his next turn (README, ladder).
    # No tree below the root answers (``expand_after``): the heuristic plays every question
    # after the answer searched. With a tree, an answer's later visits tried the next
    # question's answers one by one, most of them a monster's worse step or a hero's aimless
    # one (random monster actions win 1% of games), so an answer was scored by a random next
    # move as much as by itself: without it the Overlord won 51 of 80 deals (the tree: 24 of
    # the first 40, where now 29) and the heroes 67 of 80 (63), in about 55 s a game, not 75-95.
    search_tuning = {"rollout_turns": 1, "rollout_to_own_question": True, "rollout_choices": 200,
                     "expand_after": 200}
    game_options = (
        GameOption("heroes", "Heroes", ALL_HEROES, "The party: 2-4 different heroes (DD-148), placed on the "
                   "start squares in this order (DD-007).", suggestions=HERO_PARTIES),
        GameOption("quest", "Quest", "wardens_vault", "The quest to play.", choices=("wardens_vault",)),
    )
    state_type = DDState
    hidden_information = True  # the overlord's hand; the orders of the overlord and search decks
    has_chance = True
    cooperative = True  # the hero seats win or lose together
    turn_word = "round"
    score_word = ""  # the heroes win or lose together against the overlord

    def __init__(self) -> None:
        self.data = Data(standard_content())

    default_seats = ("normal", "human")

    own_moments = "the overlord's own turn"

    def concerned_seats(self, state: DDState) -> tuple[int, ...]:
        """Only the overlord is asked at a window (DD-124): in the heroes' turns it is theirs
        (public: the phase), in his own turn his."""
        return (OVERLORD,) if state.phase == "overlord" else tuple(range(1, state.seats))

    def secret_of(self, seat: int) -> str:
        return "cards" if seat == OVERLORD else ""  # only the overlord holds cards unseen (DD-123)

    def seat_label(self, index: int, seats: int) -> str:
        if index == 0:
            return "Overlord"
        return "Heroes" if seats == 2 else f"Heroes {index}"

    def option_label(self, option_id: str, value: Any) -> str:
        if option_id == "heroes":
            names = [self.data.content.heroes[h].short_name for h in str(value).split(",")]
            return ", ".join(names)
        if option_id == "quest" and value in self.data.content.quests:
            return self.data.content.quests[value].name
        return str(value)

    def context(self, state: DDState, log: EventLog) -> Ctx:
        return Ctx(state, self.data, log)

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[DDState, list[Event]]:
        chosen = options.get("heroes", ALL_HEROES)  # "a,b" from the New game screen, [a, b] from the command line
        names_given = chosen.split(",") if isinstance(chosen, str) else [str(h) for h in chosen]
        hero_ids = [h.strip() for h in names_given if h.strip()]
        known = self.data.content.heroes
        if not 2 <= len(hero_ids) <= 4 or len(set(hero_ids)) != len(hero_ids) or any(h not in known for h in hero_ids):
            raise FiveRealmsError(f"Choose 2 to 4 different heroes from: {', '.join(known)}.")
        if seats - 1 > len(hero_ids):
            raise FiveRealmsError("Each hero seat needs at least one hero.")
        state = DDState(seats=seats, quest=str(options.get("quest", "wardens_vault")), rng=Rng.seeded(seed),
                        heroes=[])
        log = EventLog()
        ctx = self.context(state, log)
        setup(ctx, hero_ids, seats - 1)
        FLOW.advance(ctx, state.stack)
        return state, log.events

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[DDState, list[Event]]:
        from game.rulesets.dungeon_delve.scenario import build_state

        log = EventLog()
        return build_state(self.data, scenario, seed, log), log.events

    def outcome(self, state: DDState) -> Outcome | None:
        if not state.winner:
            return None
        heroes_won = state.winner == "heroes"
        winners = tuple(range(1, state.seats)) if heroes_won else (0,)
        scores = tuple([0 if heroes_won else 1] + [1 if heroes_won else 0] * (state.seats - 1))
        return Outcome(winners, scores, state.end_reason, state.end_rule)

    def view(self, state: DDState, seat: int | None) -> DDView:
        return view(state, self.data, seat)

    def seat_count(self, state: DDState) -> int:
        return state.seats

    def turn_number(self, state: DDState) -> int:
        return state.round

    def random_state(self, state: DDState) -> tuple[int, ...]:
        """The one generator, a field of the state (the kernel's default finds it, slower)."""
        return state.rng.state, state.rng.inc

    def zones(self, state: DDState) -> list[Zone]:
        return search_zones(state)

    def determinize(self, state: DDState, seat: int, rng: Rng) -> DDState:
        """The overlord's hand dealt again for a hero seat, the deck orders for all (search.py)."""
        from game.rulesets.dungeon_delve.search import determinize

        return determinize(state, seat, rng)

    def evaluate(self, state: DDState, seat: int) -> float:
        """The fitted estimate's chance that the heroes win (content/estimate.json, from
        :meth:`features`; a finished game, its outcome); the Overlord's is the rest."""
        heroes = super().evaluate(state, OVERLORD + 1)
        return heroes if seat != OVERLORD else 1.0 - heroes

    def features(self, state: DDState, seat: int) -> dict[str, float]:
        """The heroes' side's (search.py): every seat of theirs shares it."""
        from game.rulesets.dungeon_delve.search import features

        return features(state, self.data)

    def estimated_seats(self, state: DDState) -> range:
        """The heroes' seats: the Overlord's chance is the rest of theirs."""
        return range(OVERLORD + 1, state.seats)

    def invariants(self, state: DDState) -> list[str]:
        """What must always hold (see invariants.py); soak checks it after every choice."""
        from game.rulesets.dungeon_delve.invariants import problems

        return problems(state, self.data)
