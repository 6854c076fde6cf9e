"""The controller: the only part of the UI that talks to the Session (STYLE 14).

Scenes turn input into intents (choose these options, undo, save) and call the
controller; the controller checks them through the session, records the events for
the table's animations and log, runs AI seats on a worker thread so the window keeps
drawing, and autosaves after every turn.

A game opened from a save's snapshot comes with the check of its moves (a replay from the
seed, ``saves.OpenedSave.check``), which the controller runs on a worker thread of its own
while the game is shown and played. When it passes, the session takes the replay's history
(log and undo); until then undo and saving wait, and an autosave owed is written then. When
it fails, nothing is saved and ``on_check_failed`` is told the sentence (the table goes back
to the Load screen).

Each save gets the table's latest picture (``keep_picture``) beside it, encoded and written on
the autosave's worker thread. A save made before the table has drawn its position (the
turn-end autosave runs inside the move) gets the picture the player last saw, and the picture
of the saved position when the table hands it over.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Mapping

from game import save_pictures, saves
from game.core.decision import Decision
from game.core.errors import FiveRealmsError
from game.core.events import Event
from game.session import Session

# Shortest time an AI move stays "thinking" on screen at normal animation speed, so
# that a player can follow the game.
AI_PACE_SECONDS = 0.45


def _shown_to(event: Event, seat: int | None) -> bool:
    """Whether the screen may show ``event`` while ``seat`` sits at it. Nobody at the screen
    (an all-AI table) is a spectator who sees public events only, not the all-seeing
    observer that ``Event.visible_to(None)`` means."""
    return event.seats is None or (seat is not None and seat in event.seats)


class Controller:
    def __init__(self, session: Session, speed_factor: float = 1.0,
                 autosave: bool = True,
                 check: Callable[[Callable[[int, int], None]], Session] | None = None) -> None:
        self._writer: ThreadPoolExecutor | None = None  # the thread writing autosaves and pictures, in order
        self._writing: Future[Path] | None = None  # the turn-end autosave being written
        self._last_write: Future[Any] | None = None  # the last job given to the writer
        self._picture: save_pictures.Picture | None = None  # the table's latest picture
        self._picture_at: tuple[int, int, int] | None = None  # the position it shows
        self._pictures_owed: list[Path] = []  # saves written since, of a position it does not show
        self._view_key: tuple[int, int, int, int | None] | None = None
        self._view: Mapping[str, Any] | None = None
        self.session = session
        self.speed_factor = speed_factor
        self.new_events: deque[Event] = deque()
        self._log_source: list[Event] | None = None
        self._log_seat: int | None = None
        self._log_read = 0
        self._visible_log: list[Event] = []
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[tuple[str, ...]] | None = None
        self._future_decision: Decision | None = None
        self._think_started = 0.0
        self._search_worker: Any = None  # game.ai.worker.SearchWorker, made for the first hard seat's search
        self.search_seconds: float | None = None  # the hard players' thinking time (the settings'), if set
        self.search_helpers: int | None = None  # the worker's helper processes; None: as the machine allows
        humans = self.humans
        self.shown_seat: int | None = humans[0] if humans else None
        self.autosave_enabled = autosave
        self._autosave_problem: str | None = None
        self._autosave_said: str | None = None
        if autosave:
            session.on_turn_end = self._autosave_soon
        # The check of a game opened from a save's snapshot (see the module docstring).
        self.on_check_failed: Callable[[str], None] | None = None
        self.check_failure: str | None = None
        self.check_progress = (0, 0)
        self._check_thread: threading.Thread | None = None
        self._check_done = threading.Event()
        self._checked: Session | None = None
        self._check_error = ""
        self._failure_told = False
        self._autosave_owed = False
        self._autosave_wait = 0  # updates until the autosave owed for a turn's end is made (0: none)
        self._closing = threading.Event()
        self._opened_at = len(session.choices)
        if check is not None:
            self._check_thread = threading.Thread(target=self._run_check, args=(check,), name="five-realms-check",
                                                  daemon=True)
            self._check_thread.start()

    # -- the check of a game opened from a save's snapshot ---------------------------------------------

    @property
    def checking(self) -> bool:
        """Whether the moves of the game opened from a save are still being checked."""
        return self._check_thread is not None

    def _check_step(self, done: int, total: int) -> None:
        self.check_progress = (done, total)
        if self._closing.is_set():
            raise saves.LoadCancelled("The check was stopped.")

    def _run_check(self, check: Callable[[Callable[[int, int], None]], Session]) -> None:
        try:
            self._checked = check(self._check_step)
        except saves.LoadCancelled:
            self._check_error = "The check of the loaded game was stopped."
        except FiveRealmsError as exc:
            self._check_error = str(exc)
        except Exception:  # whatever the file holds, a sentence and never a crash of the window
            self._check_error = "The save's moves could not be checked: it may be damaged."
        finally:
            self._check_done.set()

    def _settle_check(self, wait: bool = False) -> None:
        """Take the finished check's result (on the window's thread): the replay's history, or
        the failure."""
        if self._check_thread is None:
            return
        if wait:
            self._check_thread.join()
        if not self._check_done.is_set():
            return
        self._check_thread = None
        replayed, self._checked = self._checked, None
        if replayed is None:
            self.check_failure = self._check_error or "The save's moves could not be checked."
            return
        try:
            self.session.adopt_history(replayed)
        except FiveRealmsError as exc:
            self.check_failure = str(exc)
            return
        if self._autosave_owed:
            self._autosave_owed = False
            self._autosave_quietly(self.session)

    # -- who is at the screen ------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.session.seats) if not seat.is_ai]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def decision(self) -> Decision | None:
        return self.session.pending()

    def needs_handoff(self) -> bool:
        """A different human must take the screen before their private view is drawn."""
        decision = self.decision()
        return (self.hot_seat and decision is not None and not self.session.seats[decision.seat].is_ai
                and decision.seat != self.shown_seat)

    def hand_over(self) -> None:
        decision = self.decision()
        if decision is not None:
            self.shown_seat = decision.seat

    def show_seat(self, seat: int) -> None:
        """A human seat's player takes the screen for a moment of their own (a hot-seat story)."""
        if self.session.seats[seat].is_ai:
            raise FiveRealmsError(f"Seat {seat + 1} is played by the computer.")
        self.shown_seat = seat

    def my_decision(self) -> Decision | None:
        """The pending decision if the seat at the screen must answer it now."""
        decision = self.decision()
        if decision is None or decision.seat != self.shown_seat or self.session.seats[decision.seat].is_ai:
            return None
        if self.check_failure is not None:
            return None  # a refused save is not played on
        if self.needs_handoff():
            return None
        return decision

    def position(self) -> tuple[int, int, int]:
        """A key that changes with every move and undo (not a hash: it costs nothing to ask)."""
        session = self.session
        return id(session.game), len(session.choices), len(session.log)

    def view(self) -> Mapping[str, Any]:
        """What the seat at the screen sees, built once per position (a frame asks for it more
        than once; the tables only read it)."""
        session = self.session
        key = (*self.position(), self.shown_seat)
        if key != self._view_key or self._view is None:
            self._view_key, self._view = key, session.game.view_for(self.shown_seat)
        return self._view

    # -- what the seat at the screen may see of what happened --------------------------------------

    def _arrived(self, events: list[Event]) -> None:
        """Events for the table's animations: only those the seat at the screen may see."""
        self.new_events.extend(e for e in events if _shown_to(e, self.shown_seat))

    def visible_log(self) -> list[Event]:
        """The log lines the seat at the screen may see (a spectator: the public ones), kept up
        to date as the log grows, so a frame never filters the whole log again."""
        log = self.session.log
        if log is not self._log_source or self._log_seat != self.shown_seat or len(log) < self._log_read:
            self._log_source, self._log_seat, self._log_read = log, self.shown_seat, 0
            self._visible_log = []
        if self._log_read < len(log):
            self._visible_log += [e for e in log[self._log_read:] if _shown_to(e, self.shown_seat)]
            self._log_read = len(log)
        return self._visible_log

    # -- intents -----------------------------------------------------------------------------------

    def choose(self, option_ids: tuple[str, ...]) -> str | None:
        """Answer the pending decision for the seat at the screen; returns an error sentence or None."""
        decision = self.my_decision()
        if decision is None:
            return "It is not your decision now."
        try:
            events = self.session.choose(decision.seat, option_ids)
        except FiveRealmsError as exc:
            return str(exc)
        self._arrived(events)
        return None

    def may_pass_until_turn(self) -> bool:
        """Whether the seat at the screen may choose "Pass until my turn" now."""
        decision = self.my_decision()
        return decision is not None and self.session.may_pass_until_turn(decision.seat)

    def may_pass_moment(self) -> bool:
        """Whether the seat at the screen may choose "Pass the rest of this fight" now."""
        decision = self.my_decision()
        return decision is not None and self.session.may_pass_moment(decision.seat)

    def pass_on(self, moment: bool) -> str | None:
        """Pass now and let the session pass for the seat at the screen until its turn
        (Session.pass_until_turn) or, with ``moment``, for the rest of this fight
        (Session.pass_moment); returns an error sentence or None."""
        decision = self.my_decision()
        if decision is None:
            return "It is not your decision now."
        try:
            events = (self.session.pass_moment if moment else self.session.pass_until_turn)(decision.seat)
        except FiveRealmsError as exc:
            return str(exc)
        self._arrived(events)
        return None

    def can_undo(self) -> bool:
        """Whether the seat at the screen may take back its own last choice (session policy)."""
        return self._future is None and self.session.can_undo(self.shown_seat)

    def undo(self) -> str | None:
        if self._future is not None:
            return "Wait until the AI has moved."
        refusal = self.session.undo_refusal(self.shown_seat)
        if refusal is not None:
            return refusal
        try:
            self.session.undo(self.shown_seat)
        except FiveRealmsError as exc:
            return str(exc)
        self.new_events.clear()
        return None

    def save(self, slot: str) -> str:
        """Save to ``slot``; returns a sentence for the player (saved, or why not)."""
        self._settle_check()
        if self.checking:
            return "The loaded game's moves are still being checked; save it in a moment."
        if self.check_failure is not None:
            return f"Not saved: {self.check_failure}"
        try:
            path = saves.save(self.session, slot)
        except FiveRealmsError as exc:
            return str(exc)
        self._write_picture(path)
        return f"Saved as '{path.stem}'."

    def autosave(self) -> str | None:
        """Save in the autosave slot now; None, or why not. A game opened from a save and
        played on waits for the check of its moves first (one not played on yet is in its
        file already: the autosave is owed until the check passes), and is never saved if the
        check fails."""
        self._settle_check(wait=len(self.session.choices) > self._opened_at)
        if self.checking:
            self._autosave_owed = True
            return None
        if self.check_failure is not None:
            return f"Not saved: {self.check_failure}"
        if self.session.over and not self.session.choices:
            return None
        self._finish_writing()
        try:
            path = saves.autosave(self.session)
        except FiveRealmsError as exc:
            return str(exc)
        self._write_picture(path)
        return None

    def _autosave_in_background(self) -> str | None:
        """The turn-end autosave: the text is made now (it reads the game), the file is written
        and flushed to disk on a worker thread so the window keeps its frames; a failure is told
        when it is known (``take_autosave_problem``)."""
        if self.check_failure is not None or (self.session.over and not self.session.choices):
            return None
        try:
            path, text = saves.prepare(self.session, saves.autosave_slot(self.session.system_id))
        except FiveRealmsError as exc:
            return str(exc)
        self._tell(self._finish_writing())  # one write at a time, in order
        self._writing = self._submit(self._write_with_picture, path, text, self._picture_for(path))
        return None

    @staticmethod
    def _write_with_picture(path: Path, text: str, picture: save_pictures.Picture | None) -> Path:
        """The writer's job for an autosave: the save, then (if it was written) its picture."""
        saves.write_save(path, text)
        if picture is not None:
            save_pictures.write(path, picture)
        return path

    def _submit(self, job: Callable[..., Any], *args: Any) -> Future[Any]:
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._last_write = self._writer.submit(job, *args)
        return self._last_write

    # -- the table's picture beside each save ---------------------------------------------------------

    @property
    def wants_picture(self) -> bool:
        """Whether the table should hand over a picture: the position changed since its last.
        Never at a shared screen: the table is drawn for the player at it, hand and all, and the
        Load screen shows the picture to whoever opens it (hot-seat saves keep the icon)."""
        return not self.hot_seat and self._picture_at != self.position()

    def keep_picture(self, picture: save_pictures.Picture) -> None:
        """The table's picture of the current position (taken on the window's thread); the saves
        written since its last picture get this one, on the writer's thread."""
        self._picture, self._picture_at = picture, self.position()
        owed, self._pictures_owed = self._pictures_owed, []
        for path in owed:
            self._submit(save_pictures.write, path, picture)

    def _picture_for(self, path: Path) -> save_pictures.Picture | None:
        """The picture for a save just made at ``path``: the latest one, and if that shows an
        earlier position, the next one too when the table hands it over."""
        if self.wants_picture and path not in self._pictures_owed:
            self._pictures_owed.append(path)
        return self._picture

    def _write_picture(self, path: Path) -> None:
        """Write the picture beside a save the window's thread just wrote, on the writer's thread."""
        picture = self._picture_for(path)
        if picture is not None:
            self._submit(save_pictures.write, path, picture)

    def finish_writes(self) -> None:
        """Wait until every save and picture given to the writer is on disk (or failed: an
        autosave's failure is told by ``take_autosave_problem``)."""
        if self._last_write is not None:
            wait([self._last_write])

    def _finish_writing(self) -> str | None:
        """Wait for a background autosave still being written; None, or why it failed."""
        writing, self._writing = self._writing, None
        if writing is None:
            return None
        try:
            writing.result()
        except FiveRealmsError as exc:
            return str(exc)
        return None

    def _poll_writing(self) -> None:
        if self._writing is not None and self._writing.done():
            self._tell(self._finish_writing())

    def _tell(self, problem: str | None) -> None:
        if problem != self._autosave_said:  # a failure is told once, not after every turn
            self._autosave_problem = problem
        self._autosave_said = problem

    def _autosave_soon(self, session: Session) -> None:
        self.autosave_soon()

    @property
    def autosave_due(self) -> bool:
        """Whether an autosave waits for the next update (a turn or the game ended)."""
        return self._autosave_wait > 0

    def autosave_soon(self) -> None:
        """Autosave in the frame after the one that shows the end of the turn or the game
        (written on the writer's thread): that frame is the busiest there is (the move's events
        arrive, the table redraws what changed); closing in between saves at once. The count
        is of updates: this one (if the choice came from a click before it) and the next."""
        self._autosave_wait = 2

    def _autosave_quietly(self, session: Session) -> None:
        self._settle_check()
        if self.checking:
            self._autosave_owed = True  # written when the check passes, never if it fails
            return
        if self.check_failure is not None:
            return
        if self.autosave_enabled:
            self._settle_check(wait=len(self.session.choices) > self._opened_at)
            if self.checking:
                self._autosave_owed = True
                return
            problem = self._autosave_in_background()
            if problem is not None:
                self._tell(problem)

    def take_autosave_problem(self) -> str | None:
        """A new autosave failure for the table to show (then forgotten), or None."""
        problem, self._autosave_problem = self._autosave_problem, None
        return problem

    # -- AI seats and automatic answers --------------------------------------------------------------

    @property
    def thinking_seat(self) -> int | None:
        decision = self.decision()
        if decision is not None and self.session.seats[decision.seat].is_ai:
            return decision.seat
        return None

    def update(self, busy: bool) -> None:
        """Settle the check of a loaded game; advance AI seats (one choice at a time, when
        the table is not animating)."""
        self._settle_check()
        self._poll_writing()
        if self._autosave_wait:
            self._autosave_wait -= 1
            if not self._autosave_wait:
                self._autosave_quietly(self.session)
        if self.check_failure is not None:
            if not self._failure_told:
                self._failure_told = True
                if self.on_check_failed is not None:
                    self.on_check_failed(self.check_failure)
            return
        decision = self.decision()
        if decision is None:
            return
        seat = self.session.seats[decision.seat]
        if not seat.is_ai:
            return
        if self._future is None:
            if busy:
                return
            self._future = self._ai_thread().submit(self._ai_job(decision))
            self._future_decision = decision
            self._think_started = time.monotonic()
            return
        if not self._future.done():
            return
        if time.monotonic() - self._think_started < AI_PACE_SECONDS * self.speed_factor:
            return
        future, expected = self._future, self._future_decision
        self._future = None
        self._future_decision = None
        if expected != decision:
            return  # the game changed under the AI (undo or load): think again
        picked = self.session.steer_ai(decision, future.result())
        self._arrived(self.session.choose(decision.seat, picked))

    def _ai_job(self, decision: Decision) -> Callable[[], tuple[str, ...]]:
        """What the AI thread runs for the AI seat to move: a searching player's search goes to
        the worker process (game.ai.worker: a search on a thread would take the window's
        frames), made here from the seat's own knowledge; another player's choice runs on the
        thread from the seat's view."""
        from game.ai.hard import SearchAgent

        agent = self.session.agents[decision.seat]
        if isinstance(agent, SearchAgent) and agent.searches(decision) and (
                len(decision.options) > 1 or decision.window):  # (a window's forced pass takes the same time)
            from game.ai.worker import SearchWorker

            if self._search_worker is None:
                self._search_worker = SearchWorker(self.search_helpers)
            if self.search_seconds is not None:
                from game.ai.search import Budget

                agent.budget = Budget(seconds=self.search_seconds)
            request = agent.request(self.session.game, decision)
            worker = self._search_worker
            return lambda: worker.search(request).answer
        view = self.session.game.view_for(decision.seat)
        return lambda: tuple(agent.choose(view, decision))

    def prepare_search(self) -> None:
        """Start the worker as the table opens if a seat is a hard player, and have it load the
        rule system (on the AI thread: the window does not wait), so that the first hard move
        thinks no longer than the others. Call once the table has set ``search_helpers``."""
        from game.ai.hard import SearchAgent

        if self._search_worker is not None or not any(isinstance(a, SearchAgent) for a in self.session.agents.values()):
            return
        from game.ai.worker import SearchWorker

        self._search_worker = worker = SearchWorker(self.search_helpers)
        # A failure here is left for the first search to meet and tell (it would fail the same way).
        self._ai_thread().submit(worker.warm_up, self.session.system_id)

    def _ai_thread(self) -> ThreadPoolExecutor:
        """The one thread AI choices (and the worker's warm-up, before them) run on, in order."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        return self._executor

    @property
    def thinking_seconds(self) -> float:
        """How long the AI seat to move has been thinking (0 when none is)."""
        return time.monotonic() - self._think_started if self._future is not None else 0.0

    def finish_ai_now(self) -> None:
        """Settle a running AI choice before saving or quitting: a quick one is waited for, a
        search (it may take its whole budget) is dropped, to be thought again when play goes on."""
        if self._future is None:
            return
        if self._search_worker is not None and not self._future.done():
            self._future = None
            self._future_decision = None
            return
        self._future.result()

    def close(self) -> None:
        if self._autosave_wait:  # a turn ended in the last frames: its autosave is still made
            self._autosave_wait = 0
            self._autosave_quietly(self.session)
        self._closing.set()  # a check still running stops at its next move
        self._finish_writing()  # an autosave being written is finished, never cut off
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None
        if self._search_worker is not None:
            self._search_worker.stop()  # first: the AI thread waiting on it then ends at once
            self._search_worker = None
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
