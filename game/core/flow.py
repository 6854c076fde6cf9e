"""Flow as data: an explicit stack of pending steps, each a plain record.

A rule system's state holds ``stack``, a list of dicts with a ``"step"`` key (top of
the stack last). The rule system registers, per step name, either an automatic
handler (``run``) or a question (``ask`` returning a Decision, and ``answer``).
:func:`advance` runs automatic steps until a question is pending or the stack is
empty. Because the stack is plain data, a game can be saved, cloned and restored at
any point, mid-battle included; nothing suspends inside Python frames.

A guard stops a loop that runs many automatic steps without asking anyone anything
(STYLE 8): that is always a bug in the rules, and an error beats a hung program.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Protocol, TypeVar

from game.core.decision import Decision
from game.core.errors import RulesError

Step = dict[str, Any]
C = TypeVar("C")

MAX_AUTOMATIC_STEPS = 20_000


class HasStack(Protocol):
    stack: list[Step]


@dataclass(frozen=True)
class StepKind(Generic[C]):
    """How one step name is handled.

    Either ``run`` (automatic: do the work, pop or replace itself, push follow-ups),
    or ``ask`` + ``answer``. ``ask`` may return None to mean "nobody needs to be asked
    after all"; then ``run`` is called, so a question step can resolve itself.
    """

    run: Callable[[C, Step], None] | None = None
    ask: Callable[[C, Step], Decision | None] | None = None
    answer: Callable[[C, Step, int, tuple[str, ...]], None] | None = None
    # A closing question (see Flow.closing): when ``ask`` finds nobody left to ask, the
    # loop pops the step itself and then calls ``done`` (if any) with the popped step.
    closes: bool = False
    done: Callable[[C, Step], None] | None = None


class Flow(Generic[C]):
    """A table of step kinds, and the loop that runs them."""

    def __init__(self) -> None:
        self.kinds: dict[str, StepKind[C]] = {}

    def automatic(self, name: str) -> Callable[[Callable[[C, Step], None]], Callable[[C, Step], None]]:
        """Decorator: register an automatic step."""

        def register(fn: Callable[[C, Step], None]) -> Callable[[C, Step], None]:
            old = self.kinds.get(name, StepKind())
            self.kinds[name] = StepKind(fn, old.ask, old.answer)
            return fn

        return register

    def closing(
        self,
        name: str,
        ask: Callable[[C, Step], Decision | None],
        answer: Callable[[C, Step, int, tuple[str, ...]], None],
        done: Callable[[C, Step], None] | None = None,
    ) -> None:
        """Register a question step that removes itself once ``ask`` finds nobody left to
        ask, then calls ``done`` (the kernel's response windows are made of these)."""
        self.kinds[name] = StepKind(None, ask, answer, closes=True, done=done)

    def question(
        self,
        name: str,
        ask: Callable[[C, Step], Decision | None],
        answer: Callable[[C, Step, int, tuple[str, ...]], None],
    ) -> None:
        old = self.kinds.get(name, StepKind())
        self.kinds[name] = StepKind(old.run, ask, answer)

    def kind(self, step: Step) -> StepKind[C]:
        try:
            return self.kinds[step["step"]]
        except KeyError:
            raise RulesError(f"unknown step '{step.get('step')}'") from None

    def pending(self, ctx: C, stack: list[Step]) -> Decision | None:
        """The question on top of the stack, if the top step is a question."""
        if not stack:
            return None
        kind = self.kind(stack[-1])
        if kind.ask is None:
            return None
        return kind.ask(ctx, stack[-1])

    def advance(self, ctx: C, stack: list[Step]) -> Decision | None:
        """Run automatic steps until a question is pending (returned) or the stack is empty."""
        kinds = self.kinds  # looked up directly: this loop runs for every step of every choice
        for _ in range(MAX_AUTOMATIC_STEPS):
            if not stack:
                return None
            step = stack[-1]
            kind = kinds.get(step.get("step", "")) or self.kind(step)
            if kind.ask is not None:
                decision = kind.ask(ctx, step)
                if decision is not None:
                    return decision
            if kind.closes:
                stack.pop()
                if kind.done is not None:
                    kind.done(ctx, step)
                continue
            if kind.run is None:
                raise RulesError(f"step '{step['step']}' asked nobody and cannot run by itself")
            kind.run(ctx, step)
        raise RulesError(f"{MAX_AUTOMATIC_STEPS} automatic steps without asking anyone: the rules loop")

    def answer(self, ctx: C, stack: list[Step], seat: int, choice: tuple[str, ...]) -> None:
        kind = self.kinds.get(stack[-1].get("step", "")) or self.kind(stack[-1])
        if kind.answer is None:
            raise RulesError(f"step '{stack[-1]['step']}' takes no answers")
        kind.answer(ctx, stack[-1], seat, choice)
