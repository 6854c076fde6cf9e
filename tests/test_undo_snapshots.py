"""Undo from kept positions (issue 11, item 3): it costs the same at any length of game, and
the game it puts back is the one a replay of the choices before it from the seed gives."""

from __future__ import annotations

import pytest

from game import session as session_module
from game.ai.agents import random_choice
from game.core.registry import get as get_system
from game.core.registry import ids as registry_ids
from game.core.rng import Rng
from game.session import Seat, Session


def _replayed(session: Session, keep: int) -> Session:
    """What the old undo built: the choices before the one taken back, replayed from the seed."""
    ref = Session.replay(session.system_id, session.seats, session.seed, session.options, session.scenario,
                         [(c.seat, c.option_ids) for c in session.choices[:keep]], session.strict_windows)
    ref.log.extend(ref._answer_windows())
    return ref


def _same(session: Session, ref: Session) -> None:
    assert session.game.state_hash() == ref.game.state_hash()
    assert session.game.state == ref.game.state
    assert session.pending() == ref.pending()
    assert [(c.seat, c.option_ids) for c in session.choices] == [(c.seat, c.option_ids) for c in ref.choices]
    assert [(e.rule, e.text, e.seats) for e in session.log] == [(e.rule, e.text, e.seats) for e in ref.log]


def _undo_and_check(session: Session, seat: int) -> None:
    keep = session._undo_point(seat) - 1
    ref = _replayed(session, keep)
    session.undo(seat)
    _same(session, ref)


def _seats(system_id: str, with_ai: bool) -> list[Seat]:
    count = len(get_system(system_id).default_seats)
    if with_ai:
        return [Seat("human", "Ann")] + [Seat("ai", f"AI {i}", "random") for i in range(1, count)]
    return [Seat("human", f"Player {i + 1}") for i in range(count)]


@pytest.mark.parametrize("with_ai", [False, True], ids=["hot-seat", "against-ai"])
@pytest.mark.parametrize("system_id", registry_ids())
def test_undo_puts_back_the_game_a_replay_gives(system_id, with_ai):
    """Random games of every rule system: at random points where the seat at the screen may
    undo, undo (sometimes several times in a row) equals replaying the choices before it."""
    undone = 0
    for seed in (1, 2):
        session = Session.new(system_id, _seats(system_id, with_ai), seed)
        rng = Rng.seeded(seed, 17)
        for _ in range(150):
            session.run_ai()
            if session.pending() is None:
                break
            decision = session.pending()
            assert decision is not None
            session.choose(decision.seat, random_choice(decision, rng))
            for _ in range(rng.between(0, 3)):
                seat = session.choices[-1].seat if session.choices else None
                if seat is None or not session.can_undo(seat) or rng.below(3) == 0:
                    break
                _undo_and_check(session, seat)
                undone += 1
            if session.over:
                break
    assert undone >= 3


@pytest.mark.parametrize("system_id", registry_ids())
def test_undo_after_the_kept_positions_replays_and_still_equals_a_replay(system_id, monkeypatch):
    """Past UNDO_DEPTH take-backs in a row the kept positions are used up: undo then rebuilds
    from the seed (and keeps positions again for the next undo). With one position kept, the
    second of two undos in a row replays."""
    monkeypatch.setattr(session_module, "UNDO_DEPTH", 1)
    def undoable_twice_in_a_row(seed: int) -> Session | None:
        session = Session.new(system_id, _seats(system_id, False), seed)
        rng = Rng.seeded(seed, 5)
        streak: list[int] = []
        while (decision := session.pending()) is not None:
            session.choose(decision.seat, random_choice(decision, rng))
            last = session.choices[-1]
            if last.irreversible or not last.by_human or (streak and last.seat != streak[0]):
                streak = []
            if session.can_undo(last.seat):
                streak.append(last.seat)
            if len(streak) >= 2:
                return session
        return None

    found = (undoable_twice_in_a_row(seed) for seed in range(3, 13))
    session = next((s for s in found if s is not None), None)
    if session is None:
        pytest.skip("no two undoable choices in a row")
    assert len(session.undo_points) == 1
    replays: list[int] = []
    real = Session.replay.__func__  # type: ignore[attr-defined]

    def counted(cls, *args, **kwargs):
        replays.append(1)
        return real(cls, *args, **kwargs)

    undone = 0
    for _ in range(2):
        seat = session.choices[-1].seat
        if not session.can_undo(seat):
            break
        before = len(replays)
        monkeypatch.setattr(Session, "replay", classmethod(counted))
        session.undo(seat)
        assert len(replays) - before == undone  # the first from the kept position, the second replays
        monkeypatch.undo()
        undone += 1
        monkeypatch.setattr(session_module, "UNDO_DEPTH", 1)
        keep = len(session.choices)
        _same(session, _replayed(session, keep))
    assert undone == 2


def test_undo_points_are_bounded_and_dropped_at_an_irreversible_choice():
    session = Session.new("fantasy-heroes", _seats("fantasy-heroes", False), 4)
    rng = Rng.seeded(4, 9)
    for _ in range(600):
        decision = session.pending()
        if decision is None:
            break
        session.choose(decision.seat, random_choice(decision, rng))
        assert len(session.undo_points) <= session_module.UNDO_DEPTH
        if session.choices[-1].irreversible:
            assert not session.undo_points
        for point in session.undo_points:
            assert session.choices[point.choices].by_human and point.game is not session.game


def test_an_illegal_choice_keeps_no_undo_point():
    session = Session.new("fantasy-heroes", _seats("fantasy-heroes", False), 5)
    decision = session.pending()
    assert decision is not None
    before = list(session.undo_points)
    with pytest.raises(Exception):
        session.choose(decision.seat, ("no-such-option",))
    assert session.undo_points == before
