"""One generic question step for the many small choices of cards and effects.

An effect that needs a choice (which champion, which space, which card) pushes a
``choose`` step holding its options as data and the name of what to do with the answer
(``then``, a function registered in ``THEN``). A question with exactly one possible
answer is answered by the engine itself, so nobody clicks through a dead prompt.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.decision import Decision, Option
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.steps import ChooseStep

THEN: dict[str, Callable[[Ctx, dict[str, Any], tuple[str, ...]], None]] = {}


def then(name: str) -> Callable[[Callable[[Ctx, dict[str, Any], tuple[str, ...]], None]],
                                Callable[[Ctx, dict[str, Any], tuple[str, ...]], None]]:
    def register(fn: Callable[[Ctx, dict[str, Any], tuple[str, ...]], None]) -> Callable[
            [Ctx, dict[str, Any], tuple[str, ...]], None]:
        THEN[name] = fn
        return fn
    return register


def option(option_id: str, label: str, target: tuple[str, str] | None = None, detail: str = "") -> list[Any]:
    return [option_id, label, list(target) if target else None, detail]


def ask(ctx: Ctx, seat: int, kind: str, prompt: str, rule: str, options: list[list[Any]], then_name: str,
        args: dict[str, Any] | None = None, *, least: int = 1, most: int = 1) -> None:
    """Push a question (``options`` from :func:`option`). With no options nothing is asked:
    ``then`` runs at once with no answer if none was required, and not at all otherwise."""
    if not options:
        if least == 0:
            THEN[then_name](ctx, args or {}, ())
        return
    ctx.push({"step": "choose", "seat": seat, "kind": kind, "prompt": prompt, "rule": rule, "options": options,
              "then": then_name, "args": args or {}, "least": least, "most": min(most, len(options))})


def _ask(ctx: Ctx, step: ChooseStep) -> Decision | None:
    options = step["options"]
    if len(options) == 1 and step["least"] == 1 and step["most"] == 1:
        return None
    return Decision(step["seat"], step["kind"], step["prompt"],
                    tuple(Option(o[0], o[1], tuple(o[2]) if o[2] else None, o[3]) for o in options),
                    step["rule"], min_choices=step["least"], max_choices=step["most"])


def _answer(ctx: Ctx, step: ChooseStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    THEN[step["then"]](ctx, step["args"], choice)


@FLOW.automatic(ChooseStep)
def _only(ctx: Ctx, step: ChooseStep) -> None:
    ctx.state.stack.pop()
    THEN[step["then"]](ctx, step["args"], (step["options"][0][0],))


FLOW.question(ChooseStep, _ask, _answer)
