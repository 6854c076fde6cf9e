"""The hard player's search: information-set Monte Carlo tree search (issue 15).

One tree for the seat that searches (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012). Every iteration:

1. deals a fresh *determinization*: a full game consistent with what the seat knows, the
   unseen cards dealt again and a generator of its own (``Game.determinize``), so the search
   neither sees a hidden card nor foresees a die;
2. descends the tree from the root, at each question choosing among the answers that are
   legal *in this sample* by UCB1 with availability counts (an answer unseen in most samples
   is not favoured for being rarely tried); every seat's question is a node, and each seat
   picks for its own returns;
3. expands one answer not yet tried (the rollout policy's own answer first: it is the best
   first guess there is), then
4. rolls out with the game's heuristic player (``normal``) for a fixed number of real
   questions and scores the position with the game's ``evaluate`` (or its returns, once
   over), and
5. adds the scores of every seat to each node on the path.

The answer is the root's most visited child. The heuristic's own answer starts with a head
start of ``prior_visits`` visits at its own mean, so the search leaves it only for an answer
that proved better: a small budget plays like ``normal``, a larger one better.

Questions nobody can ponder are not nodes: forced passes are answered at once, a question
with one answer is answered, and a response window's question is answered by the rollout
policy (windows come after every action in some games; branching on each would spend the
budget on passes) unless the game's settings say its windows hold its main decisions.

The search reads nothing but the determinization it was handed (the caller makes it from the
seat's own knowledge) and its own generator: the same knowledge, seed and iteration budget
give the same answer (``tests/ai/test_search_agent.py``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.ai.agents import HeuristicFn, random_choice
from game.core.decision import Decision
from game.core.game import Game
from game.core.rng import Rng

Move = tuple[int, tuple[str, ...]]
"""One answer in the tree: the seat that gives it and the option ids it picks."""

FORCED_PASS = ("pass",)


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: a number of iterations (reproducible: tests and
    tournaments), or a time in seconds (play), whichever is given; both: the first reached."""

    iterations: int | None = None
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str) -> "Budget":
        """"200" is 200 iterations, "1s" or "0.5s" a time."""
        text = text.strip().lower()
        try:
            if text.endswith("s"):
                seconds = float(text[:-1])
                if seconds > 0:
                    return cls(seconds=seconds)
            else:
                iterations = int(text)
                if iterations > 0:
                    return cls(iterations=iterations)
        except ValueError:
            pass
        raise ValueError(f"A search budget is a number of iterations (200) or of seconds (1s), not '{text}'.")

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)


@dataclass(frozen=True)
class SearchSettings:
    """How one game is searched (its registration may tune these: ``RuleSystem.search_settings``)."""

    rollout_choices: int = 24
    """Real questions (not forced passes) played by the rollout policy before the position is scored."""
    exploration: float = 0.5
    """UCB1's exploration constant (returns lie in [0, 1])."""
    prior_visits: int = 4
    """The head start of the heuristic's own answer at the root (visits at its own mean)."""
    sampled_answers: int = 6
    """Answers tried at a question that picks several options (the heuristic's and random ones)."""
    search_windows: bool = False
    """Whether response windows are searched too: for a game whose windows hold its main
    decisions (Fantasy Heroes' battle windows). The window then gives a hard seat every window
    question, forced passes included, for the same thinking time (game.ai.hard)."""


@dataclass
class Node:
    """A question's answers as the search has met them: each child's visits, the sum of every
    seat's scores through it, and how often it was legal when its parent was reached."""

    visits: int = 0
    scores: list[float] = field(default_factory=list)
    available: int = 0
    children: dict[Move, "Node"] = field(default_factory=dict)
    sampled: list[tuple[str, ...]] = field(default_factory=list)
    """A many-pick question's answers drawn so far (see Search.answers)."""


@dataclass
class SearchResult:
    answer: tuple[str, ...]
    iterations: int
    seconds: float
    visits: dict[tuple[str, ...], int]


class Search:
    """One decision's search from ``root``, a determinization made for ``seat``."""

    def __init__(self, root: Game, seat: int, heuristic: HeuristicFn, rng: Rng,
                 settings: SearchSettings = SearchSettings()) -> None:
        self.root, self.seat, self.heuristic, self.rng, self.settings = root, seat, heuristic, rng, settings
        self.tree = Node()
        self.seats = root.seats
        self.favourite: tuple[str, ...] | None = None  # the heuristic's answer at the root

    # -- policy ------------------------------------------------------------------------------

    def policy(self, game: Game, decision: Decision) -> tuple[str, ...]:
        """The rollout policy's answer: the game's heuristic player, from the seat's own view."""
        return tuple(self.heuristic(game.view_for(decision.seat), decision, self.rng))

    def answers(self, node: Node, decision: Decision, first: tuple[str, ...] | None) -> list[tuple[str, ...]]:
        """The answers the tree tries at ``decision``: every option of a one-pick question.
        A many-pick question has too many answers to try them all: the node keeps the
        heuristic's answer and a few random ones, drawn when it is first reached, and tries
        those that are legal in this sample (drawing more when fewer than two are)."""
        if decision.min_choices == decision.max_choices == 1:
            return [(option_id,) for option_id in decision.option_ids]
        legal = set(decision.option_ids)
        low, high = decision.min_choices, decision.max_choices
        found = [a for a in node.sampled if low <= len(a) <= high and legal.issuperset(a)]
        if first is not None and first not in found:
            found.insert(0, first)
        for _ in range(self.settings.sampled_answers * 2):
            if len(found) >= self.settings.sampled_answers:
                break
            answer = random_choice(decision, self.rng)
            if answer not in found:
                found.append(answer)
        node.sampled.extend(a for a in found if a not in node.sampled)
        return found

    # -- one iteration -----------------------------------------------------------------------

    def iterate(self) -> None:
        game = self.root.determinize(self.seat, self.rng.below(2**31))
        node, path = self.tree, [self.tree]
        expanded = False
        while not expanded:
            decision = game.pending()
            if decision is None:
                break
            if decision.forced_pass:
                game.choose(decision.seat, FORCED_PASS)
                continue
            if len(decision.options) == 1 and decision.min_choices == 1:
                game.choose(decision.seat, decision.option_ids)
                continue
            if decision.window and not self.settings.search_windows:
                game.choose(decision.seat, self.policy(game, decision))
                continue
            fresh = not node.children
            first = None
            if fresh:
                first = self.favourite if node is self.tree else self.policy(game, decision)
            moves = [(decision.seat, answer) for answer in self.answers(node, decision, first)]
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [move for move in moves if move not in node.children]
            if untried:
                move = (decision.seat, first) if fresh and first is not None and (decision.seat, first) in untried \
                    else untried[self.rng.below(len(untried))]
                child = node.children[move] = Node(scores=[0.0] * self.seats, available=1)
                expanded = True
            else:
                move = max(moves, key=lambda m: self._ucb(node.children[m], decision.seat))
                child = node.children[move]
            game.choose(decision.seat, move[1])
            node = child
            path.append(node)
        scores = self.rollout(game)
        for visited in path:
            visited.visits += 1
            if not visited.scores:
                visited.scores = [0.0] * self.seats
            for s in range(self.seats):
                visited.scores[s] += scores[s]

    def _ucb(self, child: Node, seat: int) -> float:
        return (child.scores[seat] / child.visits
                + self.settings.exploration * math.sqrt(math.log(child.available) / child.visits))

    def rollout(self, game: Game) -> tuple[float, ...]:
        """Play on with the policy for the settings' number of real questions; score the end."""
        left = self.settings.rollout_choices
        while left > 0 and (decision := game.pending()) is not None:
            if decision.forced_pass:
                game.choose(decision.seat, FORCED_PASS)
                continue
            game.choose(decision.seat, self.policy(game, decision))
            left -= 1
        if game.pending() is None:
            return game.returns()
        return tuple(game.evaluate(s) for s in range(self.seats))

    # -- the decision ------------------------------------------------------------------------

    def run(self, budget: Budget, clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        decision = self.root.pending()
        assert decision is not None and decision.seat == self.seat, "the search root is the seat's own question"
        started = clock()
        if len(decision.options) == 1 and decision.min_choices == 1:
            # One answer (a window's forced pass): nothing to search, but the time is taken as
            # for any other question, so how long the seat thinks cannot tell it held nothing.
            if budget.seconds is not None:
                time.sleep(max(0.0, budget.seconds - (clock() - started)))
            return SearchResult(decision.option_ids, 0, clock() - started, {})
        favourite = self.favourite = self.policy(self.root, decision)
        iterations = 0
        while True:
            if budget.iterations is not None and iterations >= budget.iterations:
                break
            if budget.seconds is not None and clock() - started >= budget.seconds:
                break
            self.iterate()
            iterations += 1
        answer = self.best(decision, favourite)
        visits = {move[1]: child.visits for move, child in self.tree.children.items() if move[0] == self.seat}
        return SearchResult(answer, iterations, clock() - started, visits)

    def best(self, decision: Decision, favourite: tuple[str, ...]) -> tuple[str, ...]:
        """The most visited answer at the root, the heuristic's own with its head start; ties go
        to the heuristic's, then to the first in option order (no dependence on dict order)."""
        prior = self.settings.prior_visits
        order = {option_id: i for i, option_id in enumerate(decision.option_ids)}

        def weight(item: tuple[Move, Node]) -> tuple[int, bool, tuple[int, ...]]:
            (_, answer), child = item
            is_favourite = answer == favourite
            return (child.visits + (prior if is_favourite else 0), is_favourite,
                    tuple(-order.get(o, 0) for o in answer))

        children = [(m, c) for m, c in self.tree.children.items() if m[0] == self.seat]
        if not children:
            return favourite
        move, _ = max(children, key=weight)
        return move[1]


def search_decision(root: Game, seat: int, heuristic: HeuristicFn, seed: int, budget: Budget,
                    settings: SearchSettings = SearchSettings()) -> SearchResult:
    """Search ``root`` (a determinization for ``seat``, whose question is pending) and answer."""
    return Search(root, seat, heuristic, Rng.seeded(seed, 77), settings).run(budget)


def describe_visits(result: SearchResult, labels: Mapping[str, str]) -> list[str]:
    """The root's answers by visits, for logs and tests: "label: visits"."""
    ranked = sorted(result.visits.items(), key=lambda kv: -kv[1])
    return [f"{', '.join(labels.get(o, o) for o in answer)}: {n}" for answer, n in ranked]


__all__: list[Any] = ["Budget", "SearchSettings", "Search", "SearchResult", "search_decision", "describe_visits"]
