"""The hard player's search: information-set Monte Carlo tree search (issue 15).

One tree for the seat that searches (single-observer ISMCTS, Cowling, Powley and Whitehouse
2012). Every iteration:

1. deals a fresh *determinization*: a full game consistent with what the seat knows, the
   unseen cards dealt again and a generator of its own (``Game.determinize``), so the search
   neither sees a hidden card nor foresees a die;
2. answers the root question (the seat's own) with one of the answers compared there, then
   descends the tree, at each question choosing among the answers legal *in this sample* by
   UCB1 with availability counts (an answer unseen in most samples is not favoured for being
   rarely tried); every seat's question is a node, and each seat picks for its own returns;
3. expands one answer not yet tried (the rollout policy's own answer first: it is the best
   first guess there is), but only below a node visited often enough to try the next
   question's answers to some purpose (``SearchSettings.expand_after``; until then the policy
   answers it), then
4. rolls out with the game's heuristic player (``normal``; for the searching seat its own
   hard one where the game has it, game.ai.agents.searching_policy) for a fixed number of real
   questions, or to the start of a later turn (``SearchSettings.rollout_turns``: every answer
   scored at the same point of the game; with ``rollout_to_own_question`` on to the seat's own
   next question, so the other seats have answered it), and scores the position with the game's
   ``evaluate`` (or its returns, once over): in every game but Fantasy Heroes a logistic model of the seat's chance of winning,
   fitted to games between normal players (game.core.estimate, ``fit-estimate``), and
5. adds the scores of every seat to each node on the path.

At the root the iterations go in *rounds*: one determinization seed per round, and every
answer compared is tried once with it: the same hidden cards and, as far as the lines agree,
the same dice for each (common random numbers). A game of chance scores one line of play very
differently from deal to deal; compared on the same deal, two answers differ by what the
answer changes. With many answers, a first part of the budget screens them all and keeps the
two that did best; the rest of the budget compares those finalists with the heuristic's answer
on fresh rounds. The heuristic's own answer is kept unless a finalist beat it round by round
clearly enough that chance alone would seldom explain it (``SearchSettings.false_switch``): a
small budget plays like ``normal``, a larger one better.

Questions nobody can ponder are not nodes: forced passes are answered at once, a question
with one answer is answered, and a response window's question is answered by the rollout
policy (windows come after every action in some games; branching on each would spend the
budget on passes) unless the game's settings say its windows hold its main decisions.

In the window the rounds are also played by helpers (game.ai.worker): other processes with
the same determinization and generators of their own, which play rounds at the same time
and hand them over; the answers are compared over all the rounds. Only a budget of time is
shared so: with one helper the window's second holds twice the rounds.

The search reads nothing but the determinization it was handed (the caller makes it from the
seat's own knowledge) and its own generator: the same knowledge, seed and iteration budget
give the same answer (``tests/ai/test_search_agent.py``).
"""

from __future__ import annotations

import math
import time
from statistics import NormalDist
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable, Protocol

from game.ai.agents import HeuristicFn, random_choice
from game.core.decision import Decision
from game.core.game import Game
from game.core.rng import Rng
from game.core.serial import stable_hash

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
    """How one game is searched (its rule system may tune these: ``RuleSystem.search_tuning``)."""

    rollout_choices: int = 24
    """Real questions (not forced passes) played by the rollout policy before the position is scored."""
    rollout_turns: int = 0
    """With more than 0: a rollout plays on until this many turns (the game's turn number: a
    round in Dungeon Delve) have begun after the root's, ``rollout_choices`` then only a cap,
    so every answer is scored at the same point of the game. Counted in questions, answers
    are scored at different points: one that asks more questions of its own (a monster that
    moves, against one that stays) is scored earlier in the game, before the blows that the
    other answer's rollout already saw land."""
    rollout_to_own_question: bool = False
    """With ``rollout_turns``: once that turn has begun, play on to the searching seat's next
    question outside a response window, so every other seat has answered what the searched
    answer did. Where the seat acts last in a turn (Dungeon Delve's Overlord), a rollout that
    ends as the next turn begins scores its moves before anyone has struck back: a monster left
    open to the heroes' blows looks as good as one that stayed out of reach."""
    exploration: float = 0.5
    """UCB1's exploration constant (returns lie in [0, 1])."""
    sampled_answers: int = 6
    """Answers tried at a question that picks several options (the heuristic's and random ones)."""
    root_answers: int = 10
    """Answers compared at the root at most (the heuristic's and others drawn at random)."""
    false_switch: float = 0.1
    """How often the search may leave the heuristic's answer for one that is in truth no better:
    an answer must beat it round by round by so many standard errors that, if none were better,
    all the others together would pass that mark this rarely (a Bonferroni bound: the more
    answers compared, the higher the mark)."""
    min_rounds: int = 4
    """Rounds needed before any answer may replace the heuristic's (fewer say too little)."""
    finalists: int = 2
    """With more answers than this beside the heuristic's, a first part of the budget screens
    them all and only this many of the best go on to be compared with the heuristic's."""
    screening: float = 1 / 3
    """The part of the budget the screening takes (the rest compares the finalists); 0: no
    screening, every answer compared with the heuristic's for the whole budget."""
    expand_after: int = 0
    """Visits a node of the tree needs before the question that follows it becomes a node too
    (its answers tried one by one, then chosen by UCB1); until then the rollout policy answers
    it. With a few dozen visits a node can try each answer of the next question about once, so
    its score would average over answers mostly worse than the policy's: a small budget
    compares the root's answers better when the policy plays every question after them."""
    heuristic_questions: tuple[str, ...] = ()
    """Kinds of question the search leaves to the heuristic (the hard player's own answer, its
    tactics where it has them): where its switches were found to lose (``bench --headroom``-like
    probes: each switch scored against the heuristic's answer by full games of normal play):
    Buck: Legacy's Parry, whose rollouts score a Parry kept earlier in the Adventure than a loss
    accepted; and where the answer is a tactic's plan whose worth shows only beyond the rollout's
    reach (Buck: Legacy's draft, Zone and "Our Weapons Are Useless!")."""
    undo_check: int = 3
    """Own questions in a row the heuristic answers after a root answer, to see whether they
    lead straight back to the root's position (the same view, asked the same options) or to
    another the seat was asked at earlier in the turn (``Search.been``): an answer the
    heuristic at once undoes (a helmet taken off and put on again, an item handed over and
    back) changes nothing but the point where its rollout stops, and a rollout that stops a few
    questions earlier in the game can score better by that alone; the search would leave the
    heuristic's answer for it question after question, and the seat would take its gear off
    and on without end. Each of a row of switches can also be "better" than the heuristic's
    answer on its own and the row come round (a weapon swapped, swapped back, a harness on, a
    shield on, and again: Buck: Legacy's Boss Preparation at 300 iterations). Such answers are
    not compared (0: no check)."""
    search_windows: bool = False
    """Whether response windows are searched too: for a game whose windows hold its main
    decisions (Fantasy Heroes' battle windows). The window then gives a hard seat every window
    question, forced passes included, for the same thinking time (game.ai.hard)."""


class Helpers(Protocol):
    """Other processes that play rounds of the same search at the same time, each from the same
    determinization with a generator of its own (game.ai.worker): a time budget then holds as
    many rounds as there are processors to play them."""

    def start(self, answers: list[tuple[str, ...]], seconds: float, first_round_within: float | None) -> None:
        """Begin rounds of ``answers`` for ``seconds`` from now (the first round within
        ``first_round_within``, as :meth:`Search.compare`)."""

    def collect(self) -> tuple[list[list[float]], int]:
        """Wait for the rounds begun: the whole rounds played, and every iteration played."""


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
    """A search's answer, its iterations (of the whole rounds its answer was chosen from) and
    time, how many rounds tried each answer compared at the root, and every iteration played
    (``played``: a round cut short by the time too, its iterations spent but not compared)."""

    answer: tuple[str, ...]
    iterations: int
    seconds: float
    visits: dict[tuple[str, ...], int]
    played: int = 0
    helped: int = 0
    """Of the iterations played, those its helpers played (game.ai.worker)."""


class Search:
    """One decision's search from ``root``, a determinization made for ``seat``."""

    def __init__(self, root: Game, seat: int, heuristic: HeuristicFn, rng: Rng,
                 settings: SearchSettings = SearchSettings(), helpers: Helpers | None = None,
                 been: Iterable[str] = ()) -> None:
        self.root, self.seat, self.heuristic, self.rng, self.settings = root, seat, heuristic, rng, settings
        self.been = frozenset(been)
        """Positions (:func:`seat_position`) the seat was asked at earlier in this turn: an
        answer that leads back to one is not compared (``SearchSettings.undo_check``)."""
        # Only a budget of time alone is shared with helpers: an iteration budget gives the same
        # answer for the same seed wherever it runs, and a split of it would not.
        self.helpers = helpers
        self.tree = Node()
        self.seats = root.seats
        self.played = 0  # iterations run, whole rounds or not (SearchResult.played)
        self.helped = 0  # of them, by the helpers

    # -- policy ------------------------------------------------------------------------------

    def policy(self, game: Game, decision: Decision) -> tuple[str, ...]:
        """The rollout policy's answer: the game's heuristic player (``heuristic``, which may
        play the searching seat by other tactics than the rest), from the seat's own view."""
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

    def iterate(self, seed: int, root_answer: tuple[str, ...]) -> tuple[float, ...]:
        """One iteration from the determinization of ``seed`` that answers the root question
        with ``root_answer``; returns every seat's score at its end."""
        self.played += 1
        game = self.root.determinize(self.seat, seed)
        game.choose(self.seat, root_answer)
        node = self.tree.children.setdefault((self.seat, root_answer), Node(scores=[0.0] * self.seats))
        node.available += 1
        path = [self.tree, node]
        expanded = False
        while not expanded:
            decision = game.pending()
            if decision is None or node.visits < self.settings.expand_after:
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
            first = self.policy(game, decision) if fresh else None
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
        return scores

    def _ucb(self, child: Node, seat: int) -> float:
        return (child.scores[seat] / child.visits
                + self.settings.exploration * math.sqrt(math.log(child.available) / child.visits))

    def rollout(self, game: Game) -> tuple[float, ...]:
        """Play on with the policy for the settings' number of real questions, or until the
        settings' turn after the root's has begun; score the end."""
        left = self.settings.rollout_choices
        until = self.root.turn + self.settings.rollout_turns if self.settings.rollout_turns else None
        while left > 0 and (decision := game.pending()) is not None:
            if until is not None and game.turn >= until and self._rollout_may_end(decision):
                break
            if decision.forced_pass:
                game.choose(decision.seat, FORCED_PASS)
                continue
            game.choose(decision.seat, self.policy(game, decision))
            left -= 1
        if game.pending() is None:
            return game.returns()
        return tuple(game.evaluate(s) for s in range(self.seats))

    def _rollout_may_end(self, decision: Decision) -> bool:
        """Whether a rollout whose last turn has begun may end at ``decision``."""
        if not self.settings.rollout_to_own_question:
            return True
        return decision.seat == self.seat and not decision.window  # a forced pass is a window's too

    # -- the decision ------------------------------------------------------------------------

    def root_answers(self, decision: Decision, favourite: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The answers compared at the root: the heuristic's first, then every other option of a
        one-pick question (at most ``root_answers`` in all, the others drawn at random), or for
        a many-pick question a few drawn at random."""
        if decision.min_choices == decision.max_choices == 1:
            others = [(o,) for o in decision.option_ids if (o,) != favourite]
            room = self.settings.root_answers - 1
            if len(others) > room:
                self.rng.shuffle(others)
                others = sorted(others[:room], key=lambda a: decision.option_ids.index(a[0]))
            return [favourite, *others]
        return self.answers(self.tree, decision, favourite)

    def run(self, budget: Budget, clock: Callable[[], float] = time.perf_counter) -> SearchResult:
        """Answer the root question within ``budget``. With many answers, in two parts: a
        screening compares them all for a part of the budget and keeps the few that did best;
        then, on fresh rounds, those finalists are compared with the heuristic's answer. The
        choice is made on the fresh rounds alone, so the screening's luck cannot favour an
        answer, and with two finalists instead of ten the test needs a far smaller lead to
        trust one (``best``): the same budget finds a better answer more often."""
        decision = self.root.pending()
        assert decision is not None and decision.seat == self.seat, "the search root is the seat's own question"
        started = clock()
        if len(decision.options) == 1 and decision.min_choices == 1:
            # One answer (a window's forced pass): nothing to search, but the time is taken as
            # for any other question, so how long the seat thinks cannot tell it held nothing.
            return self._unsearched(decision.option_ids, budget, started, clock)
        favourite = self.policy(self.root, decision)
        answers = [a for a in self.root_answers(decision, favourite) if a == favourite or not self.undone(a)]
        if len(answers) == 1:  # every other answer undone at once: nothing to compare
            return self._unsearched(favourite, budget, started, clock)
        visits: dict[tuple[str, ...], int] = {}
        iterations = 0
        if self.settings.screening > 0 and len(answers) > self.settings.finalists + 1:
            part = self.settings.screening
            screened = self.rounds_of(answers, Budget(
                None if budget.iterations is None else max(len(answers), int(budget.iterations * part)),
                None if budget.seconds is None else budget.seconds * part), started, clock,
                first_round_within=budget.seconds)
            iterations += len(screened) * len(answers)
            visits.update((a, len(screened)) for a in answers)
            answers = self.finalists(answers, screened)
        left = Budget(None if budget.iterations is None else max(len(answers), budget.iterations - iterations),
                      budget.seconds)
        rounds = self.rounds_of(answers, left, started, clock)
        iterations += len(rounds) * len(answers)
        for a in answers:
            visits[a] = visits.get(a, 0) + len(rounds)
        return SearchResult(self.best(answers, rounds), iterations, clock() - started, visits, self.played,
                            self.helped)

    def undone(self, answer: tuple[str, ...]) -> bool:
        """Whether ``answer`` leads straight back to the root's position as the seat sees it, or
        to one it was asked at earlier in the turn: at once, or with the heuristic answering
        the seat's next questions (``undo_check`` at most, while no other seat is asked)."""
        if self.settings.undo_check <= 0:
            return False
        game = self.root.clone()
        game.choose(self.seat, answer)
        for _ in range(self.settings.undo_check):
            decision = game.pending()
            if decision is None or decision.seat != self.seat or decision.window:
                return False
            if seat_position(game, self.seat) in self._earlier:
                return True
            game.choose(self.seat, self.policy(game, decision))
        decision = game.pending()
        return decision is not None and decision.seat == self.seat and not decision.window \
            and seat_position(game, self.seat) in self._earlier

    @cached_property
    def _earlier(self) -> frozenset[str]:
        """The root's position and those of :attr:`been`, as :meth:`undone` compares them
        (worked out once per search)."""
        return self.been | {seat_position(self.root, self.seat)}

    @staticmethod
    def _unsearched(answer: tuple[str, ...], budget: Budget, started: float,
                    clock: Callable[[], float]) -> SearchResult:
        """``answer`` without a search, after the budget's time (if it has one) as for any other."""
        if budget.seconds is not None:
            time.sleep(max(0.0, budget.seconds - (clock() - started)))
        return SearchResult(answer, 0, clock() - started, {})

    def rounds_of(self, answers: list[tuple[str, ...]], budget: Budget, started: float,
                  clock: Callable[[], float], first_round_within: float | None = None) -> list[list[float]]:
        """Rounds of the root answers within ``budget`` (see :meth:`compare`): played here and,
        with a budget of time alone, by the helpers at the same time. Every round is one deal
        for every answer, so a helper's rounds are compared with these as they are."""
        helpers = self.helpers if budget.iterations is None and budget.seconds is not None else None
        if helpers is not None:
            assert budget.seconds is not None
            spent = clock() - started
            helpers.start(answers, budget.seconds - spent,
                          None if first_round_within is None else first_round_within - spent)
        rounds = self.compare(answers, budget, started, clock, first_round_within)
        if helpers is not None:
            more, played = helpers.collect()
            rounds.extend(more)
            self.played += played
            self.helped += played
        return rounds

    def compare(self, answers: list[tuple[str, ...]], budget: Budget, started: float,
                clock: Callable[[], float], first_round_within: float | None = None) -> list[list[float]]:
        """Rounds of the root answers within ``budget`` (its time counted from ``started``):
        per round, the seat's score after each answer, every answer on the same deal. The
        screening's first round may take the whole budget's time (``first_round_within``), so
        every answer is tried once where the time allows it. The time is checked before every
        iteration, so a search overruns its time by one iteration at most: where one round of
        every answer takes longer than the whole budget (Dungeon Delve's Overlord early on, in
        the window's second: ten answers at over a tenth of a second each), no round is whole,
        nothing may be trusted over the heuristic's answer, and that is given when the time is
        up, not a round later."""
        rounds: list[list[float]] = []
        while True:
            seconds = first_round_within if first_round_within is not None and not rounds else budget.seconds
            if budget.iterations is not None and (len(rounds) + 1) * len(answers) > budget.iterations:
                break
            if seconds is not None and clock() - started >= seconds:
                break
            seed = self.rng.below(2**31)  # one deal and one generator for every answer of the round
            scores: list[float] = []
            for answer in answers:
                if seconds is not None and scores and clock() - started >= seconds:
                    break  # out of time in mid-round: the round is dropped (its answers unpaired)
                scores.append(self.iterate(seed, answer)[self.seat])
            if len(scores) < len(answers):
                break
            rounds.append(scores)
        return rounds

    def finalists(self, answers: list[tuple[str, ...]], rounds: list[list[float]]) -> list[tuple[str, ...]]:
        """The heuristic's answer (first) and the ``finalists`` others that scored best against
        it in the screening's rounds (in the options' order where they tie; with no round
        played, the first ones)."""
        lead = {i: sum(r[i] - r[0] for r in rounds) for i in range(1, len(answers))}
        best = sorted(lead, key=lambda i: (-lead[i], i))[: self.settings.finalists]
        return [answers[0], *(answers[i] for i in sorted(best))]

    def best(self, answers: list[tuple[str, ...]], rounds: list[list[float]]) -> tuple[str, ...]:
        """The answer whose scores beat the heuristic's own (``answers[0]``) by the most, round
        by round (the same deal and dice for both: common random numbers), if the advantage is
        clear (see ``SearchSettings.false_switch``); else the heuristic's."""
        n = len(rounds)
        if n < max(2, self.settings.min_rounds) or len(answers) < 2:
            return answers[0]
        mark = NormalDist().inv_cdf(1 - self.settings.false_switch / (len(answers) - 1))
        best, best_mean = answers[0], 0.0
        for i in range(1, len(answers)):
            diffs = [r[i] - r[0] for r in rounds]
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            if mean > best_mean and mean > mark * spread:
                best, best_mean = answers[i], mean
        return best


def seat_position(game: Game, seat: int) -> str:
    """The position as ``seat`` sees it, with the options asked in any order (a slot emptied and
    filled again lists its options in another order): a determinization for the seat has the
    same one as the game it was made from."""
    decision = game.pending()
    asked = None if decision is None else [decision.seat, decision.kind, sorted(decision.option_ids)]
    return stable_hash([game.view_for(seat), asked])


SEARCH_STREAM = 77
"""The sequence of the search's own generator (a helper's is this plus its number)."""


def search_decision(root: Game, seat: int, heuristic: HeuristicFn, seed: int, budget: Budget,
                    settings: SearchSettings = SearchSettings(), helpers: Helpers | None = None,
                    been: Iterable[str] = ()) -> SearchResult:
    """Search ``root`` (a determinization for ``seat``, whose question is pending) and answer;
    ``been``: the positions the seat was asked at earlier in the turn (:attr:`Search.been`)."""
    return Search(root, seat, heuristic, Rng.seeded(seed, SEARCH_STREAM), settings, helpers, been).run(budget)
