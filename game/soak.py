"""``python -m game soak RULESET``: long AI-vs-AI play with every check made after every choice.

For each choice of each game (seeds from ``--seed`` on; seat counts, AI levels and game
options varied unless ``--agents`` fixes the seats):

- illegal choices are tried first and must be refused with IllegalChoice, leaving the
  state exactly as it was (same ``state_hash``, same pending decision): the right option
  from a wrong seat, an option id that does not exist, the same option twice, and one
  option more than the question allows;
- the AI seat to move answers, through the same checked ``Session.choose`` the app uses;
- the rule system's own invariants (``RuleSystem.invariants``: cards conserved, values
  within bounds, one figure per square...) must all hold;
- the position is snapshot to JSON and restored, and must give the same hash and question.

At the end of each game (or when the time is up) the choice log is replayed from the
seed and must reach the same hash. Any exception is counted (with where it came from) and
the next game starts. The summary prints games, choices, exceptions and failures of each
kind; the exit status is 1 if anything failed. No pygame here.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.ai import LEVELS

VARIED_LEVELS = ("random", "easy", "normal")
"""The levels a soak varies its seats over; ``hard`` (a second of search per decision) only
when ``--agents`` asks for it."""
from game.core import registry
from game.core.decision import Decision
from game.core.errors import FiveRealmsError, IllegalChoice
from game.core.game import Game
from game.core.rng import Rng
from game.core.ruleset import RuleSystem
from game.session import Seat, Session

MAX_CHOICES = 50_000
"""A game that has not ended after this many choices counts as a failure (it would never end)."""

SHOWN_FAILURES = 20


@dataclass
class SoakReport:
    """What a soak run found."""

    system_id: str
    games: int = 0
    cut_short: int = 0
    choices: int = 0
    refusals: int = 0
    exceptions: int = 0
    invariant_failures: int = 0
    refusal_failures: int = 0
    snapshot_mismatches: int = 0
    replay_mismatches: int = 0
    endless_games: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def failed(self) -> int:
        return (self.exceptions + self.invariant_failures + self.refusal_failures + self.snapshot_mismatches
                + self.replay_mismatches + self.endless_games)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    def summary(self) -> str:
        short = f" ({self.cut_short} cut short by the time limit)" if self.cut_short else ""
        return (f"soak {self.system_id}: {self.games} games{short}, {self.choices} choices, "
                f"{self.refusals} illegal choices refused, in {self.seconds:.1f} s; "
                f"{self.exceptions} exceptions, {self.invariant_failures} invariant failures, "
                f"{self.refusal_failures} refusal failures, {self.snapshot_mismatches} snapshot mismatches, "
                f"{self.replay_mismatches} replay mismatches, {self.endless_games} endless games: "
                + ("OK" if self.ok else "FAILED"))


class _Run:
    def __init__(self, report: SoakReport, write: Callable[[str], None]) -> None:
        self.report = report
        self.write = write

    def fail(self, counter: str, where: str, text: str) -> None:
        setattr(self.report, counter, getattr(self.report, counter) + 1)
        if len(self.report.failures) < SHOWN_FAILURES:
            self.report.failures.append(f"{where}: {text}")
            self.write(f"  FAIL {where}: {text}")


def game_setup(system: RuleSystem, index: int, agents: Sequence[str] | None,
               seed: int) -> tuple[list[str], dict[str, Any]]:
    """Seats and options for the ``index``-th game (played with ``seed``): the given agents, or
    a seat count and AI levels that vary from game to game; options with a fixed list of
    values vary too, and an option that can draw a value (GameOption.sample) is drawn from the
    game's seed in every other game and left at its default in the others."""
    if agents:
        levels = list(agents)
    else:
        count = system.min_seats + index % (system.max_seats - system.min_seats + 1)
        levels = [VARIED_LEVELS[(index + seat) % len(VARIED_LEVELS)] for seat in range(count)]
    options: dict[str, Any] = {}
    for n, option in enumerate(system.game_options):
        if option.choices:
            options[option.id] = option.choices[(index + n) % len(option.choices)]
        elif isinstance(option.default, bool):
            options[option.id] = (index // 2 + n) % 2 == 1
        elif option.sample is not None and (index + n) % 2 == 1:
            options[option.id] = option.sample(Rng.seeded(seed), len(levels))
    if "random" in levels:  # aimless play ends only under the game's own playout limit, if it has one
        options.update(system.playout_options)
    return levels, options


def _illegal_choices(decision: Decision, seats: int) -> list[tuple[str, int, tuple[str, ...]]]:
    """(what, seat, choice) for choices the game must refuse now."""
    ids = decision.option_ids
    out: list[tuple[str, int, tuple[str, ...]]] = [("an unknown option", decision.seat, ("soak:no-such-option",))]
    if seats > 1:
        out.append(("the right option from the wrong seat", (decision.seat + 1) % seats, (ids[0],)))
    out.append(("the same option twice", decision.seat, (ids[0], ids[0])))
    if len(ids) > decision.max_choices:
        out.append(("one option too many", decision.seat, ids[:decision.max_choices + 1]))
    return out


def _check_refusals(run: _Run, game: Game, decision: Decision, before: str, where: str) -> None:
    """Each illegal choice must raise IllegalChoice; together they must change nothing
    (``before`` is the state's hash before them)."""
    tried = []
    for what, seat, choice in _illegal_choices(decision, game.seats):
        tried.append(what)
        try:
            game.choose(seat, choice)
        except IllegalChoice:
            run.report.refusals += 1
        except Exception as exc:  # noqa: BLE001 - any other error is what soak looks for
            run.fail("refusal_failures", where, f"{what} raised {type(exc).__name__} ({exc}), not IllegalChoice")
            return
        else:
            run.fail("refusal_failures", where, f"{what} {choice} was accepted")
            return
    if game.state_hash() != before or game.pending() != decision:
        run.fail("refusal_failures", where, f"refusing {', '.join(tried)} changed the game")


def _check_snapshot(run: _Run, game: Game, now: str, where: str) -> None:
    """The position as JSON, restored, must have the same hash (``now``) and question."""
    data = json.loads(json.dumps(game.snapshot()))
    restored = Game.restore(game.system, data)
    if restored.state_hash() != now:
        run.fail("snapshot_mismatches", where, "the restored snapshot has another hash")
    elif restored.pending() != game.pending():
        run.fail("snapshot_mismatches", where, "the restored snapshot asks another question")


def _shown(value: Any) -> str:
    """An option's value in a game's label: a drawn structured value (every seat's deck list)
    would fill lines, and the game's seed gives it again."""
    return "drawn" if isinstance(value, tuple) else str(value)


def _play_one(run: _Run, system: RuleSystem, seed: int, levels: list[str], options: dict[str, Any],
              deadline: float | None) -> None:
    seats = [Seat("ai", f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    shown = "".join(f" {k}={_shown(v)}" for k, v in options.items())
    label = f"{system.id} seed {seed} ({','.join(levels)}{shown})"
    # Soak steps every question itself, response windows included, so each one is checked.
    session = Session.new(system.id, seats, seed, options, answers_windows=False)
    game_checked = False
    now = session.game.state_hash()
    try:
        for step in range(MAX_CHOICES):
            if deadline is not None and time.monotonic() > deadline:
                run.report.cut_short += 1
                break
            decision = session.pending()
            if decision is None:
                game_checked = True
                break
            where = f"{label}, choice {step + 1}"
            _check_refusals(run, session.game, decision, now, where)
            picked = (decision.seat, ("pass",)) if decision.forced_pass else session.ai_choice()
            assert picked is not None
            session.choose(*picked)
            run.report.choices += 1
            now = session.game.state_hash()
            for problem in system.invariants(session.game.state):
                run.fail("invariant_failures", where, problem)
            _check_snapshot(run, session.game, now, where)
        else:
            run.fail("endless_games", label, f"no end after {MAX_CHOICES} choices")
    except Exception as exc:  # noqa: BLE001 - counted and shown; the next game goes on
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        run.fail("exceptions", f"{label}, after {len(session.choices)} choices",
                 f"{type(exc).__name__}: {exc} (at {frame.filename.rsplit('game', 1)[-1]}:{frame.lineno})")
        return
    finally:
        run.report.games += 1
    replayed = Session.replay(system.id, seats, seed, options, None,
                              [(c.seat, c.option_ids) for c in session.choices])
    if replayed.game.state_hash() != session.game.state_hash():
        run.fail("replay_mismatches", label, f"replaying {len(session.choices)} choices gives another hash")
    if game_checked and session.game.outcome() is None:
        run.fail("exceptions", label, "the game asks nothing but has no outcome")


def soak(system_id: str, *, games: int | None = None, minutes: float | None = None,
         agents: Sequence[str] | None = None, seed: int = 1,
         write: Callable[[str], None] = print) -> SoakReport:
    """Play and check games until ``games`` are played or ``minutes`` have passed."""
    if games is None and minutes is None:
        games = 10
    if games is not None and games < 1:
        raise FiveRealmsError(f"--games must be 1 or more, not {games}.")
    if minutes is not None and not minutes > 0:
        raise FiveRealmsError(f"--minutes must be more than 0, not {minutes}.")
    system = registry.get(system_id)
    if agents:
        unknown = [a for a in agents if a not in LEVELS]
        if unknown:
            raise FiveRealmsError(f"Unknown agent '{unknown[0][:24]}'. Agents: {', '.join(LEVELS)}.")
        if not system.min_seats <= len(agents) <= system.max_seats:
            raise FiveRealmsError(f"{system.title} is for {system.min_seats} to {system.max_seats} seats, "
                                  f"not {len(agents)}.")
    report = SoakReport(system_id)
    run = _Run(report, write)
    started = time.monotonic()
    deadline = started + minutes * 60 if minutes is not None else None
    index = 0
    while (games is None or index < games) and (deadline is None or time.monotonic() < deadline):
        levels, options = game_setup(system, index, agents, seed + index)
        _play_one(run, system, seed + index, levels, options, deadline)
        index += 1
    report.seconds = time.monotonic() - started
    return report


def main(system_id: str, games: int | None, minutes: float | None, agents: str | None, seed: int) -> int:
    """The command: prints failures as they happen and the summary; 1 if anything failed."""
    names = [a.strip() for a in agents.split(",") if a.strip()] if agents else None
    report = soak(system_id, games=games, minutes=minutes, agents=names, seed=seed)
    print(report.summary())
    return 0 if report.ok else 1
