"""Fair questions: response windows and simultaneous choices, as kernel flow steps.

A *response window* is a moment at which the rules let some seats respond ("any player
may now play an instant"). Whether a seat holds an answer is hidden information, so the
window asks **every** seat the rules name, in the rules' order, whether or not it can
respond: a seat with nothing to play is still asked, with "pass" as its only option. The
sequence of questions (who is asked, and what kind of question) therefore never depends
on hidden cards. Such a forced pass is answered at once by whoever plays the seat (the
session does it for AI and human seats alike, see :meth:`Decision.forced_pass`), and the
events of a pass are the same whether it was forced or chosen.

A *simultaneous choice* asks every named seat the same kind of question, one after the
other, keeping each answer inside the step until all have chosen; only then are the
answers resolved together, so no seat's question or view depends on another's answer.

A rule system registers a window once with :func:`register_window` (or
:func:`register_simultaneous`) and opens it with :func:`open_window`. The step is plain
data on the stack like every other step, so it saves, clones and restores mid-window.
"""

from __future__ import annotations

from typing import Any, Callable, NotRequired, Sequence, TypedDict, TypeVar

from game.core.decision import Decision, Option
from game.core.flow import Flow, step_name

C = TypeVar("C")


class WindowRecord(TypedDict):
    """What every window's step record holds: the seats still to be asked, front first. A
    rule system's window TypedDict adds its ``step: Literal[...]`` and its own data."""

    seats: list[int]


class SimultaneousRecord(TypedDict):
    """What every simultaneous choice's step record holds: the seats that choose, and the
    answers given so far (a seat's number as text -> its choice)."""

    seats: list[int]
    answers: NotRequired[dict[str, list[str]]]


W = TypeVar("W", bound=WindowRecord)
M = TypeVar("M", bound=SimultaneousRecord)

PASS = "pass"

FORCED_PASSES_KEPT = 1024
"""Forced-pass questions a window keeps to ask again at most (it starts again when full)."""

Responses = Callable[[C, W, int], Sequence[Option]]
"""The answers ``seat`` holds at this window (may be empty: the seat is asked anyway)."""
Respond = Callable[[C, W, int, tuple[str, ...]], None]
"""Apply a response; it may change ``step["seats"]`` (who is still to be asked)."""
Prompt = Callable[[C, W, int], str]
RuleOf = Callable[[C, W], str]
"""The rule ID of a window that depends on the step's (public) data."""


def open_window(stack: list[Any], name: str, seats: Sequence[int], **data: Any) -> None:
    """Push the window ``name`` asking ``seats`` in this order (extra data rides in the step).
    This is for flows without declared records; a rule system whose records are TypedDicts
    pushes its window's record itself, so that mypy checks it."""
    stack.append({"step": name, "seats": list(seats), **data})


def register_window(flow: Flow[C], kind: type[W] | str, *, rule: str | RuleOf[C, W], responses: Responses[C, W],
                    respond: Respond[C, W], prompt: Prompt[C, W], pass_label: str = "Pass",
                    done: Callable[[C, W], None] | None = None) -> None:
    """Register the response window ``kind`` (its TypedDict, or a bare name) on ``flow``.

    The seat at the front of ``step["seats"]`` is asked; "pass" takes it off the front.
    A response is applied by ``respond``; the seat stays at the front (it may respond
    again) unless ``respond`` changes the queue. The window closes when nobody is left.
    ``rule`` may be a function of the step, for one window that the rules name differently
    at different moments (it must read only public data: every seat sees the question's rule).
    ``done`` (if given) runs once the window has closed, with its record (what the responses
    decided, such as who takes over a purchase).
    """
    name = step_name(kind)

    pass_option = (Option(PASS, pass_label),)  # made once: every question of the window ends with it
    fixed_rule, rule_of = (rule, None) if isinstance(rule, str) else ("", rule)
    # Most seats hold no answer: their question (a forced pass) is the same whenever the seat,
    # prompt and rule are, and a Decision never changes, so each is made once and asked again.
    forced_passes: dict[tuple[int, str, str], Decision] = {}

    def ask(ctx: C, step: W) -> Decision | None:
        seats = step["seats"]
        if not seats:
            return None
        seat = seats[0]
        found = responses(ctx, step, seat)
        rule_id = fixed_rule if rule_of is None else rule_of(ctx, step)
        text = prompt(ctx, step, seat)
        if found:
            return Decision(seat, name, text, (*found, *pass_option), rule_id, 1, 1, (), True)
        key = (seat, text, rule_id)
        decision = forced_passes.get(key)
        if decision is None:
            if len(forced_passes) >= FORCED_PASSES_KEPT:
                forced_passes.clear()
            decision = forced_passes[key] = Decision(seat, name, text, pass_option, rule_id, 1, 1, (), True)
        return decision

    def answer(ctx: C, step: W, seat: int, choice: tuple[str, ...]) -> None:
        if choice == (PASS,):
            step["seats"].pop(0)
        else:
            respond(ctx, step, seat, choice)

    flow.closing(kind, ask, answer, done)


Choices = Callable[[C, M, int], Decision]
"""The question ``seat`` is asked in a simultaneous choice (made without the others' answers)."""
Resolve = Callable[[C, M, dict[int, tuple[str, ...]]], None]


def register_simultaneous(flow: Flow[C], kind: type[M] | str, *, question: Choices[C, M],
                          resolve: Resolve[C, M]) -> None:
    """Register the simultaneous choice ``kind`` (its TypedDict, or a bare name): each seat of
    ``step["seats"]`` answers in turn, the answers are kept in the step (no view shows them),
    then ``resolve`` gets them all at once and the step closes."""

    def ask(ctx: C, step: M) -> Decision | None:
        if "answers" not in step:  # (not setdefault: mypy cannot see the key's type through M)
            step["answers"] = {}
        waiting = [s for s in step["seats"] if str(s) not in step["answers"]]
        return question(ctx, step, waiting[0]) if waiting else None

    def answer(ctx: C, step: M, seat: int, choice: tuple[str, ...]) -> None:
        step["answers"][str(seat)] = list(choice)

    def done(ctx: C, step: M) -> None:
        answers = step["answers"] if "answers" in step else {}
        resolve(ctx, step, {int(s): tuple(c) for s, c in answers.items()})

    flow.closing(kind, ask, answer, done)
