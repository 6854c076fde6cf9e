"""The context a rule system's flow steps run in: its state, the event log of the call,
and the two things every step does: tell what happened (:meth:`emit`) and push the
steps that follow (:meth:`push`). Each rule system's own context subclasses it and adds
its content and its rules' helpers."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from game.core.events import EventLog
from game.core.flow import HasStack, Step

S = TypeVar("S", bound=HasStack[Any])
R = TypeVar("R", bound=Step)


class BaseContext(Generic[S, R]):
    """``S`` is the rule system's state, ``R`` its step record (the union of its step
    kinds' TypedDicts, which its state's ``stack`` holds)."""

    def __init__(self, state: S, log: EventLog) -> None:
        self.state = state
        self.log = log

    def emit(self, kind: str, rule: str, text: str, **kw: Any) -> None:
        """Add an event: what happened, under which rule (``seats=`` for a private one)."""
        self.log.emit(kind, rule, text, **kw)

    def push(self, step: R) -> None:
        """Push the flow step ``step`` (it runs before the steps under it); mypy checks the
        record against the TypedDict its ``"step"`` names."""
        self.state.stack.append(step)
