"""The context a rule system's flow steps run in: its state, the event log of the call,
and the two things every step does: tell what happened (:meth:`emit`) and push the
steps that follow (:meth:`push`). Each rule system's own context subclasses it and adds
its content and its rules' helpers."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from game.core.events import Event, EventLog
from game.core.flow import HasStack, Step

S = TypeVar("S", bound=HasStack[Any])
R = TypeVar("R", bound=Step)


class BaseContext(Generic[S, R]):
    """``S`` is the rule system's state, ``R`` its step record (the union of its step
    kinds' TypedDicts, which its state's ``stack`` holds)."""

    def __init__(self, state: S, log: EventLog) -> None:
        self.state = state
        self.log = log

    def emit(self, kind: str, rule: str, text: str, /, *, seats: tuple[int, ...] | None = None,
             irreversible: bool = False, headline: str = "", **data: Any) -> None:
        """Add an event: what happened, under which rule (``seats=`` for a private one)."""
        # What EventLog.emit does, without a second call with the keywords packed again:
        # every step emits. (The first three are positional only: a call matches each keyword
        # of ``data`` against every parameter that could take it by name, string by string.)
        self.log.events.append(Event(kind, rule, text, data, seats, irreversible, headline))

    def push(self, step: R) -> None:
        """Push the flow step ``step`` (it runs before the steps under it); mypy checks the
        record against the TypedDict its ``"step"`` names."""
        self.state.stack.append(step)
