"""Fantasy Adventures hot seat through the window (issue 14), as the Fantasy Heroes hand-off test
does it (test_play_through_ui.py): two human seats and an AI play at one screen; the screen is
handed over only when a human has a real choice (with strict windows, at every window too); the
hand-off screen draws nothing of the next player's hand before he says he is there, and his
table then shows no card of the other human's hand.

The humans' answers are the normal AI's, given through the table's controller.
"""

from __future__ import annotations

from game.ai import make_agent
from game.session import Seat, Session
from game.ui.scenes.handoff import HandOffScene
from tests.ui.driver import frames, open_table, press

RULESET = "fantasy-adventures"


def _hand_offs(app, monkeypatch, strict: bool, wanted: int) -> list[bool]:
    """Play until ``wanted`` hand-offs have happened; for each, whether the question it handed
    over was a window's forced pass. Checks what is drawn around every hand-off."""
    session = Session.new(RULESET, [Seat("human", "Ann"), Seat("human", "Bram"), Seat("ai", "Cora", "normal")], 4,
                          strict_windows=strict)
    table = open_table(app, session)
    controller = table.controller
    drawn: list[str] = []
    real_face = table.table.face_image
    monkeypatch.setattr(table.table, "face_image",
                        lambda card, size, named=True: (drawn.append(card), real_face(card, size, named))[1])
    real_strip = table.table.hand.name_strip  # (a big hand shows most of its cards as name strips)
    monkeypatch.setattr(table.table.hand, "name_strip",
                        lambda surface, rect, card: (drawn.append(card), real_strip(surface, rect, card))[1])
    stand_ins = {s: make_agent("normal", RULESET, 4 + s, s) for s in (0, 1)}
    handed: list[bool] = []
    for _ in range(4000):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            seat = top.seat
            hand = set(session.game.state.players[seat].hand)
            drawn.clear()
            frames(app, 2)
            assert not hand & set(drawn), "the next player's hand was drawn before the hand-off"
            press(app, "I am")
            assert controller.shown_seat == seat
            decision = controller.my_decision()
            assert decision is not None and decision.seat == seat
            handed.append(decision.forced_pass)
            drawn.clear()
            table.table.forget_layers()
            frames(app, 2)
            assert not hand or hand & set(drawn)  # his own hand, now that he is there
            others = {c for p in session.game.state.players if p.seat != seat for c in p.hand}
            assert not any(t[0] == "card" and t[1] in others for _, t in table.table.hits)
            if len(handed) >= wanted:
                return handed
            continue
        decision = controller.my_decision()
        if decision is not None and top is table and not table.busy:
            picked = ("pass",) if decision.forced_pass else \
                tuple(stand_ins[decision.seat].choose(controller.view(), decision))
            assert controller.choose(picked) is None
        else:
            frames(app)
    raise AssertionError(f"only {len(handed)} hand-offs")


def test_the_screen_is_handed_over_only_for_a_real_choice(make_app, monkeypatch):
    handed = _hand_offs(make_app(), monkeypatch, strict=False, wanted=6)
    assert not any(handed)  # never for a window that held nothing for the hand


def test_strict_windows_hand_the_screen_round_at_every_window(make_app, monkeypatch):
    handed = _hand_offs(make_app(), monkeypatch, strict=True, wanted=12)
    assert any(handed)  # a forced pass handed over, answered by its own player
