"""A game being played: seats (human or AI), stepping AI seats, the choice log, undo.

No pygame here: the UI drives a Session, and so do the command line and the tests.
The choice log plus the seed (and scenario, if any) rebuild the game exactly; saves
store them and replays check them (undo puts back kept positions instead, see below).

Undo policy: a human seat takes back only its own last choices, one at a time, and
never across another seat's choice (an AI's, or in hot-seat play the other human's), a
draw, a reveal, a shuffle or another random result (an event marked ``irreversible``, or
any use of the game's generator: see :attr:`Game.last_choice_irreversible`). The seat
asking is the one at the screen: the human to move, or the only human of the game.
Other seats' passes in response windows after it do not count as moves in between (they
are taken back with it): whether such a pass was forced must not show.

Undo costs the same at any length of game: before each human choice the session keeps a
snapshot (a clone of the game and the length of the log) of the position, the last
``UNDO_DEPTH`` of them, dropped once an irreversible choice puts them out of reach. Undo
puts the snapshot back; it equals what replaying the choices before it from the seed would
give (only when the snapshot is gone, after ``UNDO_DEPTH`` take-backs in a row, does undo
replay). The snapshot also keeps where the AI seats' own generators stood, and undo puts them
back too: what an AI seat drew since (a search begun and cancelled by the undo, a window's
answer) is drawn again, so the same choice again gets the same answers and a human cannot
undo to fish for another. (A replay from the seed cannot know them: there they go on.)

A session opened from a save's snapshot (``saves.open_data``) has its position at once but
not yet its history: until the replay of its moves from the seed has been checked and
handed over (:meth:`Session.adopt_history`), its log holds only what happened since, and
undo waits.

Response windows (game.core.window) are answered by the session wherever nobody may be
seen to ponder: forced passes for every seat, and every window question of an AI seat,
inside the call that opened the window (see ``_answer_windows``).

Every answer of an AI seat passes through the session's repeat guard (game.ai.repeats), which
steers a seat out of a loop of its own answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.ai import LEVELS, Agent, make_agent
from game.ai.agents import agent_choice, view_for
from game.ai.repeats import RepeatGuard
from game.core import registry
from game.core.decision import Decision
from game.core.errors import FiveRealmsError, IllegalChoice
from game.core.events import Event
from game.core.game import Game
from game.core.rng import Rng

Choice = tuple[int, tuple[str, ...]]

UNDO_DEPTH = 50
"""How many positions before human choices a session keeps for undo."""


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human at this screen, or an AI of a level."""

    kind: str = "human"
    name: str = ""
    level: str = "normal"

    def __post_init__(self) -> None:
        if self.kind not in ("human", "ai"):
            raise FiveRealmsError(f"A seat is 'human' or 'ai', not '{self.kind}'.")
        if self.kind == "ai" and self.level not in LEVELS:
            raise FiveRealmsError(f"Unknown AI level '{self.level}'. Levels: {', '.join(LEVELS)}.")

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@dataclass
class LoggedChoice:
    seat: int
    option_ids: tuple[str, ...]
    by_human: bool
    irreversible: bool
    turn_before: int
    window_pass: bool = False  # a pass in a response window (forced or chosen)


@dataclass
class UndoPoint:
    """The position before a human choice: ``choices`` logged choices stood before it, the
    log was ``log_length`` events long, ``game`` is a clone nobody plays on, ``memories`` what
    the hard AI seats remembered of the turn then (:meth:`Session.agent_memories`), and
    ``agent_states`` where the AI seats' own random generators stood then
    (:meth:`Session.agent_states`; None where that is not known: a replay's agents are fresh)
    and ``guard`` the repeat guard then (None where not known, as the generators)."""

    choices: int
    log_length: int
    game: Game
    memories: dict[int, list[Any]] = field(default_factory=dict)
    agent_states: dict[int, list[int]] | None = None
    guard: RepeatGuard | None = None


@dataclass
class Session:
    """A game in progress with its seats, log and agents."""

    system_id: str
    seats: list[Seat]
    seed: int
    options: dict[str, Any]
    scenario: dict[str, Any] | None
    game: Game
    choices: list[LoggedChoice] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    agents: dict[int, Agent] = field(default_factory=dict)
    on_turn_end: Callable[["Session"], None] | None = None
    # Hot-seat players who want full secrecy: a human answers every response window
    # himself, forced passes included, so the screen goes round at every window.
    strict_windows: bool = False
    # False for a caller that steps every window question itself (soak checks each one).
    answers_windows: bool = True
    # Human seats whose players chose to pass on, and how long: "" for "Pass until my turn"
    # (every response window not about them, until one is or they are asked anything else),
    # or the key of the moment for "Pass the rest of this fight" (its windows, until it ends);
    # see pass_until_turn and pass_moment. A table habit, not game state: not saved, cleared
    # by an undo.
    passing: dict[int, str] = field(default_factory=dict)
    # Positions before the last human choices, oldest first (see the module docstring).
    undo_points: list[UndoPoint] = field(default_factory=list)
    # False while a session opened from a save's snapshot waits for the check of its moves.
    history_checked: bool = True
    # Replays keep undo points only from this many choices on (the rest are out of reach).
    _undo_from: int = field(default=0, repr=False)
    # Steers AI seats out of loops of their own answers (not saved: see game.ai.repeats).
    repeat_guard: RepeatGuard = field(default_factory=RepeatGuard, repr=False, compare=False)

    # -- making sessions ---------------------------------------------------------------------

    @classmethod
    def new(cls, system_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None = None,
            scenario: Mapping[str, Any] | None = None, strict_windows: bool = False,
            *, answers_windows: bool = True, _replaying: bool = False) -> "Session":
        system = registry.get(system_id)
        named = [s if s.name else Seat(s.kind, f"Player {i + 1}", s.level) for i, s in enumerate(seats)]
        if scenario is not None:
            game = Game.from_scenario(system, scenario, seed)  # a scenario names its own players
            resolved: dict[str, Any] = {}
        else:
            resolved = system.resolve_options(options)
            game = Game.new(system, seed, len(seats), resolved, [s.name for s in named])
        if game.seats != len(seats):
            raise FiveRealmsError(f"The game has {game.seats} seats but {len(seats)} were given.")
        session = cls(system_id, named, seed, resolved, dict(scenario) if scenario is not None else None, game)
        session.log = list(game.initial_events)
        session.agents = {i: make_agent(s.level, system_id, seed, i) for i, s in enumerate(named) if s.is_ai}
        session.strict_windows = strict_windows
        session.answers_windows = answers_windows
        if not _replaying:
            session.log.extend(session._answer_windows())
        return session

    @classmethod
    def replay(cls, system_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None,
               scenario: Mapping[str, Any] | None, choices: Iterable[tuple[int, Iterable[str]]],
               strict_windows: bool = False, *, undo_from: int | None = None) -> "Session":
        """Rebuild a session from its seed and choice log (every choice checked again).

        Undo points are kept for the human choices from the ``undo_from``-th on (default: the
        last UNDO_DEPTH human choices when ``choices`` is a list, else every one, bounded)."""
        session = cls.new(system_id, seats, seed, options, scenario, strict_windows, _replaying=True)
        if undo_from is None and isinstance(choices, (list, tuple)):
            undo_from = cls.undo_start(session.seats, [seat for seat, _ in choices])
        session._undo_from = undo_from or 0
        for seat, ids in choices:
            session.choose(seat, tuple(ids), _replaying=True)
        session._undo_from = 0
        return session

    @classmethod
    def at_position(cls, system_id: str, seats: list[Seat], seed: int, options: Mapping[str, Any] | None,
                    scenario: Mapping[str, Any] | None, game: Game, choices: Iterable[tuple[int, Iterable[str]]],
                    strict_windows: bool = False) -> "Session":
        """A session at ``game``, the position its ``choices`` from the seed are said to reach
        (a save's snapshot), without replaying them: its history waits for
        :meth:`adopt_history` (until then its log is empty and undo waits)."""
        system = registry.get(system_id)
        named = [s if s.name else Seat(s.kind, f"Player {i + 1}", s.level) for i, s in enumerate(seats)]
        resolved = {} if scenario is not None else system.resolve_options(options)
        session = cls(system_id, named, seed, resolved, dict(scenario) if scenario is not None else None, game)
        session.choices = [LoggedChoice(seat, tuple(ids), False, True, 0) for seat, ids in choices]
        session.agents = {i: make_agent(s.level, system_id, seed, i) for i, s in enumerate(named) if s.is_ai}
        session.strict_windows = strict_windows
        session.history_checked = False
        return session

    @staticmethod
    def undo_start(seats: list[Seat], choice_seats: list[int]) -> int:
        """The index of the first of the last UNDO_DEPTH choices a replay logs as human ones."""
        human = [n for n, seat in enumerate(choice_seats) if 0 <= seat < len(seats) and not seats[seat].is_ai]
        return human[-UNDO_DEPTH] if len(human) >= UNDO_DEPTH else 0

    # -- playing ---------------------------------------------------------------------------------

    def pending(self) -> Decision | None:
        return self.game.pending()

    @property
    def over(self) -> bool:
        return self.game.pending() is None

    def seat_to_move(self) -> int | None:
        decision = self.pending()
        return decision.seat if decision else None

    def is_ai_turn(self) -> bool:
        seat = self.seat_to_move()
        return seat is not None and self.seats[seat].is_ai

    def choose(self, seat: int, option_ids: Iterable[str] | str, *, _replaying: bool = False) -> list[Event]:
        """Make a choice (checked by the game); logs it and fires the end-of-turn hook."""
        ids = (option_ids,) if isinstance(option_ids, str) else tuple(option_ids)
        turn_before = self.game.turn
        # A forced pass is the session's own answer (see _answer_windows), in a replay too.
        decision = self.game.pending()
        forced = decision is not None and decision.forced_pass and not self.strict_windows
        events = self._record(seat, ids, by_human=not self.seats[seat].is_ai and not forced,
                              agents_known=not _replaying)
        if not _replaying:
            events += self._answer_windows()
        self.log.extend(events)
        if not _replaying and self.on_turn_end is not None and (self.game.turn != turn_before or self.over):
            self.on_turn_end(self)
        return events

    def _record(self, seat: int, ids: tuple[str, ...], by_human: bool, agents_known: bool = True) -> list[Event]:
        decision = self.game.pending()
        turn_before = self.game.turn
        point = None
        if by_human and len(self.choices) >= self._undo_from:
            point = UndoPoint(len(self.choices), len(self.log), self.game.clone(), self.agent_memories(),
                              self.agent_states() if agents_known else None,
                              self.repeat_guard.copy() if agents_known else None)
            point.game.initial_events = self.game.initial_events
        events = self.game.choose(seat, ids)  # an illegal choice raises here: nothing kept
        irreversible = self.game.last_choice_irreversible
        window_pass = decision is not None and decision.window and ids == ("pass",)
        self.choices.append(LoggedChoice(seat, ids, by_human, irreversible, turn_before, window_pass))
        if irreversible:
            self.undo_points.clear()  # undo never crosses this choice
        elif point is not None:
            self.undo_points.append(point)
            del self.undo_points[:-UNDO_DEPTH]
        return events

    def _answer_windows(self) -> list[Event]:
        """Answer at once the response-window questions nobody may be seen to ponder: a
        forced pass (the seat holds nothing that answers), for every seat, and every window
        question of an AI seat. So a window shows no hand-off, no "thinking" and no pause
        that would tell the other seats whether a hand held an answer (issue 11, fair
        questions). A human with a real choice is asked as usual; with strict windows a
        human answers his forced passes too; a human who chose "Pass until my turn"
        (:meth:`pass_until_turn`) is passed for. The answers are logged like any choice, so a
        replay gives them again. A hard seat in a game whose windows it searches
        (game.ai.hard) is left every window question, forced passes too, for its driver: the
        window's controller gives each the same thinking time."""
        events: list[Event] = []
        while self.answers_windows and (decision := self.game.pending()) is not None:
            moment = self.passing.get(decision.seat)
            if moment is not None and not self._still_passing(decision, moment):
                del self.passing[decision.seat]  # his turn has come, or the fight is over: he is asked again
            if not decision.window:
                break
            seat = self.seats[decision.seat]
            if getattr(self.agents.get(decision.seat), "searches_windows", False):
                break  # a hard seat of a game whose windows it searches: each is given the same time
            if decision.forced_pass and (seat.is_ai or not self.strict_windows) or decision.seat in self.passing:
                picked: tuple[str, ...] = ("pass",)
            elif seat.is_ai:
                agent = self.agents[decision.seat]
                picked = self.steer_ai(decision, tuple(agent.choose(view_for(agent, self.game, decision.seat), decision)))
            else:
                break
            events += self._record(decision.seat, picked, by_human=False)
        return events

    def _passes(self, decision: Decision, moment: str) -> bool:
        """Whether a seat passing on (``moment``: "" until his turn, else the moment's key) is
        passed for at ``decision``: a response window's question with "pass" among its
        answers, at a window not about him (the game's ``concerned_seats``), or of the same
        moment (its ``moment_key``)."""
        return decision.window and decision.option("pass") is not None and self._still_passing(decision, moment)

    def _still_passing(self, decision: Decision, moment: str) -> bool:
        """Whether a seat passing on still does at ``decision``, its own question: until his
        turn, while it is a window not about him; for the rest of a moment, while the moment
        lasts (a question of his own in it, the fighter's Parry, is asked as usual)."""
        if moment:
            return self.game.moment_key() == moment
        concerned = self.game.concerned_seats()
        return decision.window and concerned is not None and decision.seat not in concerned

    def _may_pass_on(self, seat: int, moment: str | None) -> bool:
        decision = self.pending()
        return (decision is not None and decision.seat == seat and not self.seats[seat].is_ai
                and moment is not None and self._passes(decision, moment))

    def may_pass_until_turn(self, seat: int) -> bool:
        """Whether ``seat``'s player may choose "Pass until my turn" now: a human asked at a
        response window not about him, in a game that says whose moments are whose."""
        return self._may_pass_on(seat, "")

    def may_pass_moment(self, seat: int) -> bool:
        """Whether ``seat``'s player may choose "Pass the rest of this fight" now: a human asked
        at a response window of a moment of many windows (the game's ``moment_key``)."""
        return self._may_pass_on(seat, self.game.moment_key())

    def pass_until_turn(self, seat: int) -> list[Event]:
        """``seat``'s player passes at this window and lets the session pass for him at every
        response window after it until one is about him (the game's ``concerned_seats``: his
        own fight, his turn) or he is asked anything else. Decided before those questions come,
        so nothing answers a question he has seen; a pass so made is the same choice as his
        own, seen by everybody as any pass is."""
        if not self.may_pass_until_turn(seat):
            raise IllegalChoice("There is no response window to pass now.")
        return self._pass_on(seat, "")

    def pass_moment(self, seat: int) -> list[Event]:
        """``seat``'s player passes at this window and at every other window of the same moment
        (the rest of this fight: every Compare and every change anyone makes asks again) until
        it ends; his other questions in it are asked as usual. As :meth:`pass_until_turn`
        otherwise."""
        moment = self.game.moment_key()
        if moment is None or not self.may_pass_moment(seat):
            raise IllegalChoice("There is no fight whose windows could be passed now.")
        return self._pass_on(seat, moment)

    def _pass_on(self, seat: int, moment: str) -> list[Event]:
        self.passing[seat] = moment
        return self.choose(seat, ("pass",))

    def ai_choice(self) -> tuple[int, tuple[str, ...]] | None:
        """What the AI seat to move chooses now, to be made next (no change to the game; the
        repeat guard counts it as answered)."""
        decision = self.pending()
        if decision is None or not self.seats[decision.seat].is_ai:
            return None
        return decision.seat, self.steer_ai(decision, agent_choice(self.agents[decision.seat], self.game, decision))

    def steer_ai(self, decision: Decision, picked: tuple[str, ...]) -> tuple[str, ...]:
        """The answer an AI seat gives to ``decision`` (the question pending now) when its agent
        picked ``picked``: the same, unless the repeat guard steers it out of a loop."""
        return self.repeat_guard.steer(self.game, decision, picked)

    def step_ai(self) -> list[Event] | None:
        """Let the AI seat to move make its choice; None if a human (or nobody) is to move."""
        picked = self.ai_choice()
        if picked is None:
            return None
        return self.choose(*picked)

    def run_ai(self, max_choices: int = 100_000) -> list[Event]:
        """Step AI seats until a human must decide or the game ends."""
        events: list[Event] = []
        for _ in range(max_choices):
            step = self.step_ai()
            if step is None:
                return events
            events.extend(step)
        raise FiveRealmsError(f"AI seats made {max_choices} choices without the game ending.")

    # -- undo ----------------------------------------------------------------------------------

    def screen_seat(self) -> int | None:
        """The human seat at the screen when the caller does not say: the human to move, else
        the only human seat (None in a hot-seat game while no human is to move)."""
        seat = self.seat_to_move()
        if seat is not None and not self.seats[seat].is_ai:
            return seat
        humans = [i for i, s in enumerate(self.seats) if not s.is_ai]
        return humans[0] if len(humans) == 1 else None

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why ``seat`` (default: :meth:`screen_seat`) may not undo now, or None if it may."""
        if seat is None:
            seat = self.screen_seat()
        if not self.choices:
            return "Nothing to undo yet."
        if not self.history_checked:
            return "The loaded game's moves are still being checked; undo is possible in a moment."
        last = self.choices[self._undo_point(seat) - 1]
        if seat is None or self.seats[seat].is_ai or not last.by_human or last.seat != seat:
            return "That cannot be undone: another seat has moved since your last choice."
        if last.irreversible:
            return "That cannot be undone: it drew, revealed, shuffled or rolled something."
        return None

    def _undo_point(self, seat: int | None) -> int:
        """How many logged choices stand before the one an undo takes back: the last, passing
        over other seats' passes in response windows that turned up nothing (whether such a
        pass was forced or chosen must not decide whether undo is offered)."""
        end = len(self.choices)
        while end > 1:
            last = self.choices[end - 1]
            if not (last.window_pass and last.seat != seat and not last.irreversible):
                break
            end -= 1
        return end

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat at the screen) may take back the last choice:
        its own, with nothing hidden or random turned up by it."""
        return self.undo_refusal(seat) is None

    def undo(self, seat: int | None = None) -> None:
        """Take back the last choice, ``seat``'s own (see the module docstring for the policy)."""
        if seat is None:
            seat = self.screen_seat()
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise IllegalChoice(refusal)
        keep = self._undo_point(seat) - 1
        self.passing.clear()  # (the choice that set it may be the one taken back)
        while self.undo_points and self.undo_points[-1].choices > keep:
            self.undo_points.pop()  # positions after the one going back to
        if self.undo_points and self.undo_points[-1].choices == keep:
            point = self.undo_points.pop()
            self.game = point.game
            del self.choices[keep:]
            del self.log[point.log_length:]
            self.set_agent_memories(point.memories)  # the positions taken back are not "been"
            if point.agent_states is not None:
                # The AI seats draw again what they drew since (a search begun and cancelled, a
                # window's answer): the same choice again gets the same answers, and an undo
                # cannot be used to fish for another one.
                self.set_agent_states(point.agent_states)
            # The positions the AI seats answered since are not "tried" when they come round
            # again after the same choice (the guard would steer their answers otherwise).
            self.repeat_guard = point.guard if point.guard is not None else RepeatGuard()
        else:  # beyond the kept positions: rebuild from the seed
            rebuilt = Session.replay(self.system_id, self.seats, self.seed, self.options, self.scenario,
                                     [(c.seat, c.option_ids) for c in self.choices[:keep]], self.strict_windows)
            self.game, self.choices, self.log = rebuilt.game, rebuilt.choices, rebuilt.log
            self.undo_points = rebuilt.undo_points
            self.set_agent_memories({})  # what they remembered then is not known: nothing
            self.repeat_guard = RepeatGuard()  # nor what the guard had seen: it starts again, as after a load
        self.log.extend(self._answer_windows())

    # -- a session opened from a save's snapshot ---------------------------------------------------

    def adopt_history(self, replayed: "Session") -> None:
        """Take the history of a replay of this session's first moves from the seed (the check
        of a save opened from its snapshot, done on a worker thread): its logged choices, log
        and undo points, before what was played here since. The replay must have reached this
        session's position as it was opened (the caller checked it against the save)."""
        count = len(replayed.choices)
        if ([(c.seat, c.option_ids) for c in replayed.choices]
                != [(c.seat, c.option_ids) for c in self.choices[:count]]):
            raise FiveRealmsError("The replay is not of this game's moves.")
        shift = len(replayed.log)
        for point in self.undo_points:
            point.log_length += shift
        self.choices[:count] = replayed.choices
        self.log[:0] = replayed.log
        irreversible_since = any(c.irreversible for c in self.choices[count:])
        earlier = [] if irreversible_since else replayed.undo_points
        self.undo_points = (earlier + self.undo_points)[-UNDO_DEPTH:]
        self.history_checked = True

    # -- agents' own randomness, so a loaded game goes on exactly as it would have ----------------

    def agent_states(self) -> dict[int, list[int]]:
        out = {}
        for seat, agent in self.agents.items():
            rng: Rng = agent.rng  # type: ignore[attr-defined]
            out[seat] = [rng.state, rng.inc]
        return out

    def set_agent_states(self, states: Mapping[int, list[int]]) -> None:
        for seat, (state, inc) in states.items():
            if seat in self.agents:
                rng: Rng = self.agents[seat].rng  # type: ignore[attr-defined]
                rng.state, rng.inc = state, inc

    def agent_memories(self) -> dict[int, list[Any]]:
        """What searching agents remember of the current turn (game.ai.hard), per seat, so a
        loaded game goes on as the unbroken one would there too."""
        out = {}
        for seat, agent in self.agents.items():
            memory = getattr(agent, "memory", None)
            kept = memory(seat) if memory is not None else None
            if kept is not None:
                out[seat] = kept
        return out

    def set_agent_memories(self, memories: Mapping[int, Sequence[Any]]) -> None:
        """Give every searching agent what ``memories`` holds for its seat (nothing if none)."""
        for seat, agent in self.agents.items():
            recall = getattr(agent, "recall", None)
            if recall is not None:
                recall(seat, memories.get(seat))

    def log_for(self, seat: int | None) -> list[Event]:
        """The log lines ``seat`` may see."""
        return [e for e in self.log if e.visible_to(seat)]
