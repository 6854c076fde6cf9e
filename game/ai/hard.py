"""The hard player: the game's heuristic player improved by search (game.ai.search).

Its heuristic is the game's hard one where it has one (the registry's ``hard_ai``: tactics of
its own that beat the normal player's), else the normal player's; the search expects that play
of its own seat and the normal player's of every other (game.ai.agents.searching_policy).

It searches only from what its seat knows: before anything else it asks the game for a
determinization for its seat (``Game.determinize``), a full game in which every card the
seat has not seen is dealt again, and from then on it reads nothing else. That sample is
all that goes to the search, in this process (:meth:`SearchAgent.search_here`, for
headless play) or in a worker process (:class:`SearchRequest`, for the window, see
game.ai.worker), as JSON-safe data.

Response windows are answered by the heuristic at once, like the session answers every
window question of an AI seat (issue 11): a search there would show, by the time it took,
that the seat held an answer. A game whose windows hold its main decisions (Fantasy Heroes'
battle) asks for them to be searched (``search_windows``): the session then leaves every
window question of a hard seat to whoever drives it, forced passes too, and the window's
controller gives each the same thinking time, so how long the seat thinks tells nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from game.ai.agents import hard_heuristic_for, heuristic_for, searching_policy
from game.ai.search import Budget, Helpers, SearchResult, SearchSettings, search_decision, seat_position
from game.core import registry
from game.core.decision import Decision
from game.core.game import Game
from game.core.rng import Rng

DEFAULT_BUDGET = Budget(seconds=1.0)
"""The hard player's thinking time per decision unless the settings say otherwise."""


@dataclass(frozen=True)
class SearchRequest:
    """One decision's search, as data a worker process can take: the determinization as a
    snapshot, the seat, the search's own seed and the budget."""

    system_id: str
    snapshot: Mapping[str, Any]
    seat: int
    seed: int
    budget: Budget
    been: tuple[str, ...] = ()
    """The positions the seat was asked at earlier in this turn (game.ai.search.Search.been)."""
    role: str = ""
    """The seat's role the hard player plays ("": all its questions; SearchAgent.role)."""

    def root(self) -> Game:
        return Game.restore(registry.get(self.system_id), self.snapshot)


def settings_for(system_id: str) -> SearchSettings:
    """The search settings the rule system asks for (its ``search_tuning``), else the defaults."""
    return SearchSettings(**registry.get(system_id).search_tuning)


def run_request(request: SearchRequest, helpers: Helpers | None = None) -> SearchResult:
    """Answer a request: the search itself, wherever it runs (with ``helpers``, processes that
    play rounds of it at the same time: game.ai.worker)."""
    policy = searching_policy(request.system_id, request.seat, request.role)
    return search_decision(request.root(), request.seat, policy, request.seed, request.budget,
                           settings_for(request.system_id), helpers, request.been)


class SearchAgent:
    """The hard level. ``budget`` is per decision; ``last`` is the last search made here (for
    benchmarks and tests). Per seat it keeps the positions it searched from in the current
    turn (``turn_positions``: the search compares no answer that leads back to one); nothing is
    kept from earlier turns, so a long game costs no more."""

    reads_view = True

    def __init__(self, system_id: str, rng: Rng, budget: Budget = DEFAULT_BUDGET, role: str = "") -> None:
        self.system_id = system_id
        self.role = role  # search only the questions of this role (RuleSystem.decision_role); "": all
        self.level = f"hard:{role}" if role else "hard"
        self.heuristic = hard_heuristic_for(system_id)  # its own answers where it does not search
        self.normal = heuristic_for(system_id)  # with a role, its answers to the other role's questions
        self.rng = rng
        self.budget = budget
        self.settings = settings_for(system_id)
        self.last: SearchResult | None = None
        self.turn_positions: dict[int, tuple[int, dict[str, None]]] = {}  # seat: (turn, its positions in order)

    @property
    def searches_windows(self) -> bool:
        return self.settings.search_windows

    def searches(self, decision: Decision) -> bool:
        """Whether this question is searched (a window's only where the game says so; none of
        the kinds the game leaves to the heuristic)."""
        return ((not decision.window or self.settings.search_windows)
                and decision.kind not in self.settings.heuristic_questions)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> tuple[str, ...]:
        """Without the game to search (a response window, a stand-in): the hard player's own
        heuristic answer (the normal player's for a question of another role than its own)."""
        if self.role and registry.get(self.system_id).decision_role(view, decision) != self.role:
            return tuple(self.normal(view, decision, self.rng))
        return tuple(self.heuristic(view, decision, self.rng))

    def request(self, game: Game, decision: Decision) -> SearchRequest:
        """The search of ``decision``, from this seat's own knowledge only (made on the
        caller's thread: a determinization and the position's key cost a fraction of a
        millisecond each)."""
        seed = self.rng.below(2**31)
        sample = game.determinize(decision.seat, seed)
        return SearchRequest(self.system_id, sample.snapshot(), decision.seat, seed, self.budget,
                             self.remember(game, decision.seat), self.role)

    def remember(self, game: Game, seat: int) -> tuple[str, ...]:
        """The positions ``seat`` was searched from earlier in this turn; the current one joins
        them. The turn and the seat's view are what the seat itself knows."""
        turn, positions = self.turn_positions.get(seat, (None, {}))
        if turn != game.turn:
            positions = {}
            self.turn_positions[seat] = (game.turn, positions)
        earlier = tuple(positions)
        positions[seat_position(game, seat)] = None
        return earlier

    def memory(self, seat: int) -> list[Any] | None:
        """What this agent remembers for ``seat`` (its turn and the positions it was searched
        from in that turn), as data a save keeps: a loaded game searches as the unbroken one."""
        kept = self.turn_positions.get(seat)
        return None if kept is None else [kept[0], list(kept[1])]

    def recall(self, seat: int, memory: Sequence[Any] | None) -> None:
        """Take back what :meth:`memory` gave for ``seat`` (None: remember nothing)."""
        if memory is None:
            self.turn_positions.pop(seat, None)
            return
        turn, positions = memory
        self.turn_positions[seat] = (turn, dict.fromkeys(positions))

    def search_here(self, game: Game, decision: Decision) -> tuple[str, ...]:
        """Search ``decision`` in this process and answer it (nobody watches the time here:
        a question with one answer is answered at once)."""
        if len(decision.options) == 1 and decision.min_choices == 1:
            return decision.option_ids  # nothing to think about (and no draw from the generator)
        if not self.searches(decision):
            return self.choose(game.view_for(decision.seat), decision)
        if self.role:
            view = game.view_for(decision.seat)
            if registry.get(self.system_id).decision_role(view, decision) != self.role:
                return self.choose(view, decision)
        started = time.perf_counter()
        result = run_request(self.request(game, decision))
        self.last = replace(result, seconds=time.perf_counter() - started)  # the request's making too
        return result.answer
