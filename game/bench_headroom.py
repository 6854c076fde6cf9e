"""How much a search anchored on the heuristic player can gain, and how much the hard player
does gain, question by question (issue 15, item 5): ``python -m game bench RULESET --headroom``.
Printed, never asserted in tests.

A tournament measures the ladder, but it needs hundreds of CPU-minutes to tell a few points
apart. This looks at the questions themselves. Normal players play ``games`` games; at every
``every``-th question a hard seat would search (not a response window, more than one answer,
one pick), up to ``answers`` answers are scored by ``continuations`` full games of normal play
from that position, each continuation dealt afresh from the deciding seat's own knowledge
(``Game.determinize``) and the same deals used for every answer (common random numbers):

- *normal*: the seat's chance of winning after the heuristic's own answer;
- *best seen*: the best answer's chance (biased upwards: the best of several noisy means);
- *held out*: the answer that did best on the first half of the deals, measured against the
  heuristic's on the second half: what a search with that many samples would gain, unbiased;
- *no effect*: questions where every answer scored alike on every deal (the outcome did not
  hang on the question at all);
- with ``--budget``, the hard player's own answer (searched at that budget) is scored too, on
  the same deals: how often it leaves the heuristic and what its switches gain.

The one-step headroom bounds what this kind of search can add: it plays the heuristic after
every answer it compares, so where no answer beats the heuristic's by much, neither can it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.ai.agents import agent_choice, make_agent
from game.ai.hard import SearchAgent, settings_for
from game.ai.search import Budget
from game.core import registry
from game.core.decision import Decision
from game.core.game import Game
from game.core.rng import Rng

MAX_CHOICES = 100_000
"""Choices a continuation may make before it is given up as endless (none has come near)."""


@dataclass
class KindFigures:
    """The figures of one seat role and kind of question."""

    questions: int = 0
    normal: float = 0.0
    best_seen: float = 0.0
    held_out: float = 0.0
    no_effect: int = 0
    hard_switches: int = 0
    hard_gain: float = 0.0

    def row(self) -> dict[str, float]:
        n = max(1, self.questions)
        return {"questions": self.questions, "normal": self.normal / n, "best_seen_gain": (self.best_seen - self.normal) / n,
                "held_out_gain": self.held_out / n, "no_effect": self.no_effect / n,
                "hard_switches": self.hard_switches,
                "hard_gain_per_switch": self.hard_gain / max(1, self.hard_switches)}


@dataclass
class Headroom:
    by_kind: dict[tuple[str, str], KindFigures] = field(default_factory=lambda: defaultdict(KindFigures))


def finish(game: Game, system_id: str) -> tuple[float, ...]:
    """Play ``game`` to its end with normal players; its returns."""
    agents = [make_agent("normal", system_id, 0, s) for s in range(game.seats)]
    for _ in range(MAX_CHOICES):
        decision = game.pending()
        if decision is None:
            return game.returns()
        if decision.forced_pass:
            game.choose(decision.seat, ("pass",))
        else:
            game.choose(decision.seat, agent_choice(agents[decision.seat], game, decision))
    raise RuntimeError(f"a continuation of {system_id} made {MAX_CHOICES} choices without ending")


def held_out_gain(scores: Sequence[Sequence[float]]) -> float:
    """``scores[a][d]``: answer ``a``'s return on deal ``d`` (answer 0 the heuristic's). The
    answer best on the first half of the deals (the heuristic's where none beats it), measured
    against the heuristic's on the second half."""
    half = len(scores[0]) // 2
    first = [sum(row[:half]) for row in scores]
    pick = max(range(len(scores)), key=lambda a: (first[a], -a))
    rest = len(scores[0]) - half
    return (sum(scores[pick][half:]) - sum(scores[0][half:])) / max(1, rest)


def measure_question(game: Game, decision: Decision, system_id: str, answers: list[tuple[str, ...]],
                     continuations: int, rng: Rng) -> list[list[float]]:
    """Each answer's return for the deciding seat on the same ``continuations`` deals."""
    seeds = [rng.below(2**31) for _ in range(continuations)]
    scores = []
    for answer in answers:
        row = []
        for seed in seeds:
            sample = game.determinize(decision.seat, seed)
            sample.choose(decision.seat, answer)
            row.append(finish(sample, system_id)[decision.seat])
        scores.append(row)
    return scores


def measured(decision: Decision, search_windows: bool) -> bool:
    """Whether the hard player would search ``decision`` (a one-pick question only: a many-pick
    one has too many answers to score them all)."""
    return ((search_windows or not decision.window) and decision.min_choices == decision.max_choices == 1
            and len(decision.options) > 1)


def run_headroom(system_id: str, games: int, seed: int, every: int, continuations: int, answers: int,
                 budget: Budget | None, options: dict[str, Any] | None = None) -> Headroom:
    """Play ``games`` games of normal players (seeds from ``seed``) and measure every
    ``every``-th question a hard seat would search (see the module docstring)."""
    system = registry.get(system_id)
    seats = len(system.default_seats)
    search_windows = settings_for(system_id).search_windows
    out = Headroom()
    for g in range(games):
        game = Game.new(system, seed + g, seats, system.resolve_options(options))  # as a tournament plays
        players = [make_agent("normal", system_id, seed + g, s) for s in range(seats)]
        hard = [SearchAgent(system_id, Rng.seeded(seed + g, 40 + s), budget) for s in range(seats)] if budget else []
        rng = Rng.seeded(seed + g, 41)
        count = 0
        while (decision := game.pending()) is not None:
            if decision.forced_pass:
                game.choose(decision.seat, ("pass",))
                continue
            heuristic = tuple(agent_choice(players[decision.seat], game, decision))
            if measured(decision, search_windows):
                count += 1
                if count % every == 0:
                    measure(out, system_id, game, decision, heuristic, hard, answers, continuations, rng)
                    if count // every % 10 == 0:
                        print(f"  game {g + 1}: {count // every} questions measured", flush=True)
            game.choose(decision.seat, heuristic)
        print(f"  game {g + 1} of {games} (seed {seed + g}) measured", flush=True)
    return out


def measure(out: Headroom, system_id: str, game: Game, decision: Decision, heuristic: tuple[str, ...],
            hard: list[SearchAgent], answers: int, continuations: int, rng: Rng) -> None:
    """Score one question's answers and add them to ``out``."""
    system = registry.get(system_id)
    view = game.view_for(decision.seat)
    role = system.decision_role(view, decision) or system.tournament_role(game.state, decision.seat)
    others = [(o,) for o in decision.option_ids if (o,) != heuristic]
    rng.shuffle(others)
    compared = [heuristic, *others[: answers - 1]]
    searched = tuple(hard[decision.seat].search_here(game, decision)) if hard else heuristic
    if searched not in compared:
        compared.append(searched)
    scores = measure_question(game, decision, system_id, compared, continuations, rng)
    means = [sum(row) / continuations for row in scores]
    figures = out.by_kind[(role, decision.kind)]
    figures.questions += 1
    figures.normal += means[0]
    figures.best_seen += max(means)
    figures.held_out += held_out_gain(scores)
    figures.no_effect += all(row == scores[0] for row in scores)
    if searched != heuristic:
        figures.hard_switches += 1
        figures.hard_gain += means[compared.index(searched)] - means[0]


def describe(out: Headroom, budget: Budget | None) -> list[str]:
    lines = [f"  {'role':<16s} {'question':<16s} {'asked':>5s} {'normal':>6s} {'best seen':>9s} "
             f"{'held out':>8s} {'no effect':>9s}" + (f" {'hard switches':>13s} {'gain each':>9s}" if budget else "")]
    total = KindFigures()
    for (role, kind), figures in sorted(out.by_kind.items()):
        for name in ("questions", "normal", "best_seen", "held_out", "no_effect", "hard_switches", "hard_gain"):
            setattr(total, name, getattr(total, name) + getattr(figures, name))
        lines.append(_line(role, kind, figures.row(), budget))
    lines.append(_line("all", "", total.row(), budget))
    return lines


def _line(role: str, kind: str, row: dict[str, float], budget: Budget | None) -> str:
    text = (f"  {role[:16]:<16s} {kind[:16]:<16s} {row['questions']:5.0f} {row['normal']:6.3f} "
            f"{row['best_seen_gain']:+9.3f} {row['held_out_gain']:+8.3f} {100 * row['no_effect']:8.0f}%")
    if budget:
        text += f" {row['hard_switches']:13.0f} {row['hard_gain_per_switch']:+9.3f}"
    return text


def run_headroom_bench(system_id: str, games: int, seed: int, every: int, continuations: int, answers: int,
                       budget: Budget | None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    title = registry.get(system_id).title
    print(f"{title}: one-step headroom over normal play ({games} games, every {every}th question, "
          f"up to {answers} answers, {continuations} continuations each"
          + (f"; hard at {budget.describe()}" if budget else "") + ")", flush=True)
    out = run_headroom(system_id, games, seed, every, continuations, answers, budget, options)
    for line in describe(out, budget):
        print(line)
    return {f"{role}/{kind}": figures.row() for (role, kind), figures in out.by_kind.items()}
