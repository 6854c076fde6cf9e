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
from typing import Any, Callable, Generic, Literal, Mapping, Protocol, TypeVar, get_args, get_origin, get_type_hints

from game.core.decision import Decision
from game.core.errors import RulesError

Step = Mapping[str, Any]
"""A step record of any kind as the loop sees it: ``"step"`` names its kind, and the kind's
own TypedDict (registered with it, see :func:`step_name`) declares the rest."""
C = TypeVar("C")
R = TypeVar("R", bound=Step)
"""A rule system's step record: the union of the TypedDicts of all its step kinds."""
K = TypeVar("K", bound=Step)
"""One step kind's record: its TypedDict."""

MAX_AUTOMATIC_STEPS = 20_000


class HasStack(Protocol[R]):
    stack: list[R]


def step_name(kind: str | type[Any]) -> str:
    """The step name a registration names: a kind's TypedDict names it by the Literal type of
    its ``"step"`` field (so the record and the name cannot disagree); a bare name is for
    small flows with undeclared records (the kernel's own tests)."""
    if isinstance(kind, str):
        return kind
    literal = get_type_hints(kind).get("step")
    if get_origin(literal) is not Literal or len(get_args(literal)) != 1:
        raise TypeError(f"{kind.__name__} declares no 'step: Literal[\"name\"]' field")
    name: str = get_args(literal)[0]
    return name


@dataclass(frozen=True)
class StepKind(Generic[C]):
    """How one step name is handled.

    Either ``run`` (automatic: do the work, pop or replace itself, push follow-ups),
    or ``ask`` + ``answer``. ``ask`` may return None to mean "nobody needs to be asked
    after all"; then ``run`` is called, so a question step can resolve itself.

    The handlers take ``Any`` for the record: each was registered with its kind's own
    TypedDict (see :class:`Flow`), which this table of all kinds cannot spell.
    """

    run: Callable[[C, Any], None] | None = None
    ask: Callable[[C, Any], Decision | None] | None = None
    answer: Callable[[C, Any, int, tuple[str, ...]], None] | None = None
    # A closing question (see Flow.closing): when ``ask`` finds nobody left to ask, the
    # loop pops the step itself and then calls ``done`` (if any) with the popped step.
    closes: bool = False
    done: Callable[[C, Any], None] | None = None


class Flow(Generic[C]):
    """A table of step kinds, and the loop that runs them.

    Each kind is registered with its TypedDict (``kind``), whose ``step: Literal[...]``
    field names it; the handlers registered for it take that TypedDict, so mypy checks
    the fields each handler reads. ``records`` keeps the TypedDict of every name: the one
    declaration the tests check the records of random games against (test_step_records).

    The one unchecked step in the typing is the loop's: it hands the record on top of the
    stack to the handlers registered under that record's ``"step"`` name. That is safe as
    long as every record pushed under a name is that name's TypedDict, which mypy checks
    where records are built (a rule system's stack is typed as the union of its records,
    tagged by ``"step"``) and test_step_records checks at run time.
    """

    def __init__(self) -> None:
        self.kinds: dict[str, StepKind[C]] = {}
        self.records: dict[str, type[Any]] = {}

    def _declare(self, kind: str | type[Any]) -> str:
        name = step_name(kind)
        if not isinstance(kind, str):
            if self.records.setdefault(name, kind) is not kind:
                raise TypeError(f"step '{name}' is declared by both {self.records[name].__name__} and {kind.__name__}")
        return name

    def automatic(self, kind: type[K] | str) -> Callable[[Callable[[C, K], None]], Callable[[C, K], None]]:
        """Decorator: register an automatic step."""
        name = self._declare(kind)

        def register(fn: Callable[[C, K], None]) -> Callable[[C, K], None]:
            old = self.kinds.get(name, StepKind())
            self.kinds[name] = StepKind(fn, old.ask, old.answer)
            return fn

        return register

    def closing(
        self,
        kind: type[K] | str,
        ask: Callable[[C, K], Decision | None],
        answer: Callable[[C, K, int, tuple[str, ...]], None],
        done: Callable[[C, K], None] | None = None,
    ) -> None:
        """Register a question step that removes itself once ``ask`` finds nobody left to
        ask, then calls ``done`` (the kernel's response windows are made of these)."""
        self.kinds[self._declare(kind)] = StepKind(None, ask, answer, closes=True, done=done)

    def question(
        self,
        kind: type[K] | str,
        ask: Callable[[C, K], Decision | None],
        answer: Callable[[C, K, int, tuple[str, ...]], None],
    ) -> None:
        name = self._declare(kind)
        old = self.kinds.get(name, StepKind())
        self.kinds[name] = StepKind(old.run, ask, answer)

    def kind(self, step: Step) -> StepKind[C]:
        try:
            return self.kinds[step["step"]]
        except KeyError:
            raise RulesError(f"unknown step '{step.get('step')}'") from None

    def pending(self, ctx: C, stack: list[R]) -> Decision | None:
        """The question on top of the stack, if the top step is a question."""
        if not stack:
            return None
        kind = self.kind(stack[-1])
        if kind.ask is None:
            return None
        return kind.ask(ctx, stack[-1])

    def advance(self, ctx: C, stack: list[R]) -> Decision | None:
        """Run automatic steps until a question is pending (returned) or the stack is empty."""
        kinds = self.kinds  # looked up directly: this loop runs for every step of every choice
        for _ in range(MAX_AUTOMATIC_STEPS):
            if not stack:
                return None
            step = stack[-1]
            try:
                kind = kinds[step["step"]]
            except KeyError:
                kind = self.kind(step)  # (raises the error that names the step)
            ask = kind.ask
            if ask is not None:
                decision = ask(ctx, step)
                if decision is not None:
                    return decision
            if kind.closes:
                stack.pop()
                if kind.done is not None:
                    kind.done(ctx, step)
                continue
            run = kind.run
            if run is None:
                raise RulesError(f"step '{step['step']}' asked nobody and cannot run by itself")
            run(ctx, step)
        raise RulesError(f"{MAX_AUTOMATIC_STEPS} automatic steps without asking anyone: the rules loop")

    def answer(self, ctx: C, stack: list[R], seat: int, choice: tuple[str, ...]) -> None:
        step = stack[-1]
        try:
            answer = self.kinds[step["step"]].answer
        except KeyError:
            answer = self.kind(step).answer  # (raises the error that names the step)
        if answer is None:
            raise RulesError(f"step '{step['step']}' takes no answers")
        answer(ctx, step, seat, choice)
