"""Kernel response windows and simultaneous choices (fair questions, issue 11 item 1)."""

from dataclasses import dataclass, field

from game.core.decision import Option
from game.core.flow import Flow
from game.core.window import open_window, register_simultaneous, register_window
from game.core.decision import Decision


@dataclass
class _State:
    hands: list[list[str]]
    stack: list = field(default_factory=list)
    played: list = field(default_factory=list)
    resolved: dict = field(default_factory=dict)


@dataclass
class _Ctx:
    state: _State


FLOW: Flow[_Ctx] = Flow()


def _responses(ctx, step, seat):
    return [Option(f"play:{c}", f"Play {c}") for c in ctx.state.hands[seat]]


def _respond(ctx, step, seat, choice):
    card = choice[0].split(":", 1)[1]
    ctx.state.hands[seat].remove(card)
    ctx.state.played.append((seat, card))


register_window(FLOW, "instant_point", rule="T-1", responses=_responses, respond=_respond,
                prompt=lambda ctx, step, seat: f"Seat {seat + 1}: respond to {step['moment']}?")


def _sealed_bid(ctx, step, seat):
    return Decision(seat, "bid", "Your secret bid", (Option("1", "1"), Option("2", "2")), rule="T-2")


register_simultaneous(FLOW, "bids", question=_sealed_bid,
                      resolve=lambda ctx, step, answers: ctx.state.resolved.update(answers))


def _asked(hands):
    """Who is asked, in order, and of what kind, answering pass each time."""
    ctx = _Ctx(_State(hands))
    open_window(ctx.state.stack, "instant_point", [1, 2, 0], moment="the attack")
    asked = []
    while (decision := FLOW.advance(ctx, ctx.state.stack)) is not None:
        asked.append((decision.seat, decision.kind, decision.window, decision.forced_pass))
        FLOW.answer(ctx, ctx.state.stack, decision.seat, ("pass",))
    return asked, ctx


def test_a_window_asks_every_named_seat_in_order_whatever_they_hold():
    empty, _ = _asked([[], [], []])
    holding, _ = _asked([["wall"], [], ["fly", "scrye"]])
    assert [a[:3] for a in empty] == [a[:3] for a in holding] == [(1, "instant_point", True), (2, "instant_point", True),
                                                                   (0, "instant_point", True)]
    assert [a[3] for a in empty] == [True, True, True]          # nothing held: a forced pass
    assert [a[3] for a in holding] == [True, False, False]      # seat 2 holds nothing


def test_a_response_keeps_the_seat_asked_and_the_window_closes_when_all_pass():
    ctx = _Ctx(_State([["wall"], [], ["fly", "scrye"]]))
    ctx.state.stack.append({"step": "after"})
    FLOW.automatic("after")(lambda c, step: (c.state.stack.pop(), c.state.played.append("after")))
    open_window(ctx.state.stack, "instant_point", [2, 0], moment="the attack")
    decision = FLOW.advance(ctx, ctx.state.stack)
    assert decision.seat == 2 and decision.option_ids == ("play:fly", "play:scrye", "pass")
    FLOW.answer(ctx, ctx.state.stack, 2, ("play:fly",))
    decision = FLOW.advance(ctx, ctx.state.stack)
    assert decision.seat == 2 and decision.option_ids == ("play:scrye", "pass")   # may respond again
    FLOW.answer(ctx, ctx.state.stack, 2, ("pass",))
    decision = FLOW.advance(ctx, ctx.state.stack)
    assert decision.seat == 0 and not decision.forced_pass
    FLOW.answer(ctx, ctx.state.stack, 0, ("pass",))
    assert FLOW.advance(ctx, ctx.state.stack) is None
    assert ctx.state.played == [(2, "fly"), "after"] and ctx.state.stack == []


def test_simultaneous_choices_are_resolved_together_after_every_seat_chose():
    ctx = _Ctx(_State([[], [], []]))
    ctx.state.stack.append({"step": "bids", "seats": [0, 2, 1]})
    order = []
    while (decision := FLOW.advance(ctx, ctx.state.stack)) is not None:
        assert decision.prompt == "Your secret bid" and ctx.state.resolved == {}  # nothing shown before all chose
        order.append(decision.seat)
        FLOW.answer(ctx, ctx.state.stack, decision.seat, (str(1 + decision.seat % 2),))
    assert order == [0, 2, 1]
    assert ctx.state.resolved == {0: ("1",), 2: ("1",), 1: ("2",)} and ctx.state.stack == []
