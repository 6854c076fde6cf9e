"""The controller: the only part of the UI that talks to the Session (STYLE 14).

Scenes turn input into intents (choose these options, undo, save) and call the
controller; the controller checks them through the session, records the events for
the table's animations and log, runs AI seats on a worker thread so the window keeps
drawing, and autosaves after every turn.
"""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game import saves
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
    def __init__(self, session: Session, speed_factor: float = 1.0, auto_pass: bool = True,
                 autosave: bool = True) -> None:
        self.session = session
        self.speed_factor = speed_factor
        self.auto_pass = auto_pass
        self.new_events: deque[Event] = deque()
        self._log_source: list[Event] | None = None
        self._log_seat: int | None = None
        self._log_read = 0
        self._visible_log: list[Event] = []
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future[tuple[str, ...]] | None = None
        self._future_decision: Decision | None = None
        self._think_started = 0.0
        self._drawn: Decision | None = None  # the last question handed to the screen
        humans = self.humans
        self.shown_seat: int | None = humans[0] if humans else None
        self.autosave_enabled = autosave
        self._autosave_problem: str | None = None
        self._autosave_said: str | None = None
        if autosave:
            session.on_turn_end = self._autosave_quietly

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
                and decision.seat != self.shown_seat and not self.auto_passes(decision))

    def hand_over(self) -> None:
        decision = self.decision()
        if decision is not None:
            self.shown_seat = decision.seat

    def my_decision(self) -> Decision | None:
        """The pending decision if the seat at the screen must answer it now."""
        decision = self.decision()
        if decision is None or decision.seat != self.shown_seat or self.session.seats[decision.seat].is_ai:
            return None
        if self.auto_passes(decision):
            return None  # Auto-pass answers it before it is ever drawn
        if self.needs_handoff():
            return None
        self._drawn = decision
        return decision

    def view(self) -> dict[str, Any]:
        return self.session.game.view_for(self.shown_seat)

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
        try:
            path = saves.save(self.session, slot)
        except FiveRealmsError as exc:
            return str(exc)
        return f"Saved as '{path.stem}'."

    def autosave(self) -> str | None:
        if self.session.over and not self.session.choices:
            return None
        try:
            saves.autosave(self.session)
        except FiveRealmsError as exc:
            return str(exc)
        return None

    def _autosave_quietly(self, session: Session) -> None:
        if self.autosave_enabled:
            problem = self.autosave()
            if problem != self._autosave_said:  # a failure is told once, not after every turn
                self._autosave_problem = problem
            self._autosave_said = problem

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

    def auto_passes(self, decision: Decision) -> bool:
        """Whether Auto-pass (a setting) declines this question for a human seat: an offer to play
        an instant spell that no card in that seat's own hand could answer. It is decided from
        the decision and that seat's hand alone, before the question is drawn or handed over;
        an offer naming a card the seat holds (Wall of Fire, Scrye, Fortune) is always asked."""
        if not self.auto_pass or decision.kind != "instant" or self.session.seats[decision.seat].is_ai:
            return False
        if decision == self._drawn:
            return False  # already handed to the screen (Auto-pass was switched on since): he answers
        if decision.option("pass") is None:
            return False
        hand = set(self.session.game.view_for(decision.seat).get("hand") or ())
        return not any(o.target is not None and o.target[0] == "card" and o.target[1] in hand
                       for o in decision.options if o.id != "pass")

    def update(self, busy: bool) -> None:
        """Advance AI seats (one choice at a time, when the table is not animating)."""
        decision = self.decision()
        if decision is None:
            return
        seat = self.session.seats[decision.seat]
        if not seat.is_ai:
            if self.auto_passes(decision):
                self._arrived(self.session.choose(decision.seat, ("pass",)))
            return
        if self._future is None:
            if busy:
                return
            agent = self.session.agents[decision.seat]
            view = self.session.game.view_for(decision.seat)
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
            self._future = self._executor.submit(agent.choose, view, decision)
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
        picked = future.result()
        self._arrived(self.session.choose(decision.seat, picked))

    def finish_ai_now(self) -> None:
        """Wait for a running AI choice (used before saving a thumbnail or quitting)."""
        if self._future is not None:
            self._future.result()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
