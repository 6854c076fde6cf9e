"""The agents: random, easy, normal and hard."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol

from game.core import registry
from game.core.decision import Decision
from game.core.errors import FiveRealmsError
from game.core.rng import Rng

LEVELS = ("random", "easy", "normal", "hard")

# How often the easy agent answers at random instead of by heuristic (numerator / 100).
EASY_NOISE_PERCENT = 30

HeuristicFn = Callable[[Mapping[str, Any], Decision, Rng], tuple[str, ...]]


class Agent(Protocol):
    level: str
    reads_view: bool
    """False for an agent that answers from the decision alone (the random one): whoever
    drives it may skip building the view, the costliest part of a headless choice."""

    def choose(self, view: Mapping[str, Any], decision: Decision) -> tuple[str, ...]: ...


def view_for(agent: Agent, game: Any, seat: int) -> Mapping[str, Any]:
    """The view ``agent`` reads for ``seat`` (empty for one that reads none)."""
    return game.view_for(seat) if agent.reads_view else {}


def agent_choice(agent: Agent, game: Any, decision: Decision) -> tuple[str, ...]:
    """What ``agent`` answers to ``decision`` of ``game``, searched in this process if it is a
    searching agent (see game.ai.hard): how every headless driver (bench, simulate,
    tournament, soak) asks an agent."""
    search = getattr(agent, "search_here", None)
    if search is not None:
        return tuple(search(game, decision))
    return tuple(agent.choose(view_for(agent, game, decision.seat), decision))


def random_choice(decision: Decision, rng: Rng) -> tuple[str, ...]:
    """A uniformly random legal answer: a random count in [min, max], random distinct options."""
    if decision.min_choices == decision.max_choices == 1:
        options = decision.options  # most questions: one pick, one draw (no shuffle of every option)
        return (options[rng.below(len(options))].id,)
    ids = list(decision.option_ids)
    count = rng.between(decision.min_choices, min(decision.max_choices, len(ids)))
    rng.shuffle(ids)
    return tuple(ids[:count])


class RandomAgent:
    level = "random"
    reads_view = False

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, view: Mapping[str, Any], decision: Decision) -> tuple[str, ...]:
        return random_choice(decision, self.rng)


def heuristic_for(system_id: str) -> HeuristicFn:
    """The rule system's heuristic player (its registration's ``ai`` part)."""
    fn: HeuristicFn | None = registry.part(system_id, "ai")
    if fn is None:
        raise FiveRealmsError(f"{registry.get(system_id).title} has no computer player yet.")
    return fn


def hard_heuristic_for(system_id: str) -> HeuristicFn:
    """The hard player's own answers before any search: the rule system's ``hard_ai`` where it
    has one, else its heuristic player's."""
    own: HeuristicFn | None = registry.part(system_id, "hard_ai")
    return own if own is not None else heuristic_for(system_id)


def searching_policy(system_id: str, seat: int, role: str = "") -> HeuristicFn:
    """How the hard player of ``seat`` expects the game to be played: its own questions as it
    answers them itself (:func:`hard_heuristic_for`; with a ``role``, only that role's, see
    ``RuleSystem.decision_role``), every other question as the heuristic player does. The
    search's first guess at every question and its rollouts: what the seat will in truth play
    later, against the opponents it meets."""
    normal = heuristic_for(system_id)
    own = hard_heuristic_for(system_id)
    if own is normal:
        return normal
    system = registry.get(system_id)

    def policy(view: Mapping[str, Any], decision: Decision, rng: Rng) -> tuple[str, ...]:
        mine = decision.seat == seat and (not role or system.decision_role(view, decision) == role)
        return (own if mine else normal)(view, decision, rng)

    return policy


class HeuristicAgent:
    """The normal player; with ``noise_percent`` > 0, the easy player."""

    reads_view = True

    def __init__(self, system_id: str, rng: Rng, noise_percent: int = 0) -> None:
        self.heuristic = heuristic_for(system_id)
        self.rng = rng
        self.noise_percent = noise_percent
        self.level = "easy" if noise_percent else "normal"

    def choose(self, view: Mapping[str, Any], decision: Decision) -> tuple[str, ...]:
        if self.noise_percent and self.rng.chance(self.noise_percent, 100):
            return random_choice(decision, self.rng)
        return self.heuristic(view, decision, self.rng)


def make_agent(level: str, system_id: str, seed: int, seat: int) -> Agent:
    """An agent of ``level`` for ``seat``, seeded from the game seed and the seat."""
    rng = Rng.seeded(seed, 1000 + seat)
    if level == "hard" or level.startswith("hard:"):
        from game.ai.hard import SearchAgent  # (the search is imported only by games that use it)

        return SearchAgent(system_id, rng, role=level.partition(":")[2])
    if level == "random":
        return RandomAgent(rng)
    if level == "normal":
        return HeuristicAgent(system_id, rng)
    if level == "easy":
        return HeuristicAgent(system_id, rng, EASY_NOISE_PERCENT)
    raise FiveRealmsError(f"Unknown AI level '{level}'. Levels: {', '.join(LEVELS)}.")
