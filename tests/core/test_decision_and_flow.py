"""Decision validation and the flow engine's loop guard."""

import pytest

from game.core.decision import Blocked, Decision, Option
from game.core.errors import IllegalChoice, RulesError
from game.core.flow import Flow


def _decision(**kw):
    base = dict(seat=0, kind="k", prompt="?", options=(Option("a", "A"), Option("b", "B"), Option("c", "C")))
    base.update(kw)
    return Decision(**base)


def test_validate_accepts_legal_choices():
    assert _decision().validate(0, ["b"]) == ("b",)
    assert _decision(min_choices=2, max_choices=2).validate(0, ["a", "c"]) == ("a", "c")


@pytest.mark.parametrize("seat, choice, kw, fragment", [
    (1, ["a"], {}, "seat 1's decision, not seat 2's"),
    (0, ["z"], {}, "'z' is not one of the options"),
    (0, ["a", "a"], {"max_choices": 2}, "picked twice"),
    (0, ["a"], {"min_choices": 2, "max_choices": 2}, "Pick exactly 2 options, not 1."),  # (was "option(s)")
    (0, [], {}, "Pick exactly 1 option, not 0."),
    (0, [], {"min_choices": 1, "max_choices": 3}, "Pick between 1 and 3 options, not 0."),
    (0, ["x"], {"blocked": (Blocked("x", "X needs a hero.", "R-1"),)}, "X needs a hero. (R-1)"),
])
def test_validate_refuses_with_a_reason(seat, choice, kw, fragment):
    with pytest.raises(IllegalChoice) as err:
        _decision(**kw).validate(seat, choice)
    assert fragment in str(err.value)


def test_a_prompt_given_as_a_function_is_written_once_when_first_read():
    written = []

    def prompt() -> str:
        written.append(1)
        return "Which one?"

    deferred = _decision(prompt=prompt)
    assert written == [] and deferred.validate(0, ["a"]) == ("a",) and written == []
    assert deferred.prompt == "Which one?" and deferred.prompt == "Which one?" and written == [1]
    assert deferred == _decision(prompt="Which one?") and hash(deferred) == hash(_decision(prompt="Which one?"))
    assert "Which one?" in repr(_decision(prompt=prompt))
    with pytest.raises(AttributeError):
        deferred.no_such_field  # noqa: B018


def test_flow_guard_stops_a_loop_that_asks_nobody():
    flow: Flow[None] = Flow()

    @flow.automatic("spin")
    def spin(ctx, step):
        stack.append({"step": "spin"})
        stack.pop(0)

    stack = [{"step": "spin"}]
    with pytest.raises(RulesError, match="without asking anyone"):
        flow.advance(None, stack)


def test_flow_runs_automatic_steps_until_a_question():
    flow: Flow[list] = Flow()
    seen = []

    @flow.automatic("note")
    def note(ctx, step):
        stack.pop()
        seen.append(step["n"])

    flow.question("ask", lambda ctx, step: _decision(), lambda ctx, step, seat, choice: stack.pop())
    stack = [{"step": "ask"}, {"step": "note", "n": 2}, {"step": "note", "n": 1}]
    decision = flow.advance(seen, stack)
    assert seen == [1, 2] and decision is not None and decision.kind == "k"
    flow.answer(seen, stack, 0, ("a",))
    assert flow.advance(seen, stack) is None


def test_answers_of_the_same_words_are_told_apart_for_a_person():
    """``told_apart``: labels stay as they are unless two are the same words; those then say
    where their targets lie when the table's words tell every one apart, else are numbered
    (inside a closing bracket, not a second pair of brackets)."""
    from game.core.decision import told_apart

    options = [Option("a", "Attack X", ("card", "1")), Option("b", "Attack X", ("card", "2")),
               Option("c", "Sell S (20 Gold)", ("card", "3")), Option("d", "Sell S (20 Gold)", ("card", "4")),
               Option("e", "Pass")]
    assert told_apart(options[4:]) == ["Pass"]
    assert told_apart(options) == ["Attack X (1 of 2)", "Attack X (2 of 2)", "Sell S (20 Gold; 1 of 2)",
                                   "Sell S (20 Gold; 2 of 2)", "Pass"]
    places = {"1": "front rank, position 4", "2": "back rank, position 2", "3": "in hand", "4": "in hand"}
    assert told_apart(options, lambda t: places[t[1]]) == [
        "Attack X (front rank, position 4)", "Attack X (back rank, position 2)",
        "Sell S (20 Gold; 1 of 2)", "Sell S (20 Gold; 2 of 2)", "Pass"]  # the same place tells nothing
    assert [o.label for o in options][:2] == ["Attack X", "Attack X"]  # the rules' labels are untouched
