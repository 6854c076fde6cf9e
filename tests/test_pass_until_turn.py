""""Pass until my turn" (the action panel's row at a response window): the session passes for
a human seat at every response window that is not about it, decided before those questions
come, until a window is about it (its own fight or check, its own turn: the game's
``concerned_seats``) or it is asked anything else. In Buck: Legacy a human with anything in
the backpack is otherwise asked at every die of every fight: about 480 windows a game."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.core.errors import IllegalChoice
from game.session import Seat, Session


def _to_window_not_about(session: Session, seat: int, limit: int = 20_000) -> bool:
    """Play on (the human seat answered as the normal player would) until ``seat`` may pass
    until its turn; False if the game ended first."""
    stand_in = make_agent("normal", session.system_id, 5, seat)
    for _ in range(limit):
        session.run_ai()
        decision = session.pending()
        if decision is None:
            return False
        if session.may_pass_until_turn(seat):
            return True
        session.choose(seat, stand_in.choose(session.game.view_for(seat), decision))
    return False


@pytest.mark.parametrize("system_id, seats, seed", [("buck-legacy", 3, 2), ("fantasy-heroes", 2, 4),
                                                    ("fantasy-adventures", 3, 3), ("dungeon-delve", 3, 2)])
def test_the_session_passes_for_the_seat_until_a_window_is_about_it(system_id, seats, seed):
    session = Session.new(system_id, [Seat("human", "Ann")] + [Seat("ai", f"AI {n}", "normal")
                                                               for n in range(1, seats)], seed)
    asked: list[tuple[bool, bool]] = []  # each of Ann's answers but forced passes: at a window? about her?
    real_choose = session.game.choose

    def choose(seat, ids):
        decision = session.game.pending()
        if seat == 0 and not decision.forced_pass:
            asked.append((decision.window, 0 in (session.game.concerned_seats() or ())))
        return real_choose(seat, ids)

    session.game.choose = choose
    passed_for = 0
    for _ in range(30):  # (the next window may come only after the seat's own next question)
        if not _to_window_not_about(session, 0):
            break
        concerned = session.game.concerned_seats()
        assert concerned is not None and 0 not in concerned
        before = len(session.choices)
        asked.clear()
        session.pass_until_turn(0)
        assert session.choices[before].option_ids == ("pass",) and session.choices[before].by_human
        session.run_ai()
        passed = [c for c in session.choices[before + 1:] if c.seat == 0]  # (forced passes too)
        # Every question of the seat since was a window's not about it, answered "pass" for it
        # as any pass is ...
        assert all(c.option_ids == ("pass",) and c.window_pass and not c.by_human for c in passed)
        assert asked[0] == (True, False) and set(asked) <= {(True, False)}  # (its own pass first)
        passed_for += len(asked) - 1
        # ... until the one it is asked now: outside a window, or at a window about it.
        decision = session.pending()
        if decision is None:
            break  # (the game ended first)
        assert decision.seat == 0 and 0 not in session.passing
        assert not decision.window or 0 in (session.game.concerned_seats() or ())
    assert passed_for > 0


def test_only_a_human_at_a_window_not_about_him_may_pass_until_his_turn():
    session = Session.new("buck-legacy", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 2)
    decision = session.pending()
    assert decision is not None and not decision.window  # the first question: the setup's
    state = session.game.state_hash()
    with pytest.raises(IllegalChoice):
        session.pass_until_turn(decision.seat)
    assert session.game.state_hash() == state and not session.passing
    assert _to_window_not_about(session, 0) and session.may_pass_until_turn(0)
    assert not session.may_pass_until_turn(1)  # not Bram's question, and an AI seat answers for itself


def test_a_game_without_whose_moments_offers_no_such_pass():
    """Champions of Albion's seats win or lose together: no window is "another's"."""
    session = Session.new("champions-of-albion", [Seat("human", "Ann"), Seat("human", "Bram")], 3)
    assert session.game.concerned_seats() is None
    assert not session.may_pass_until_turn(session.pending().seat)


def test_with_strict_windows_at_a_shared_screen_the_seat_is_not_handed_its_windows_either():
    """Strict windows (hot-seat secrecy) hand a human every window, forced passes too; a player
    who passes until his turn is handed none of those not about him, chosen or forced, and
    the other player at the screen is asked as before."""
    session = Session.new("buck-legacy", [Seat("human", "Ann"), Seat("human", "Bram"), Seat("ai", "Cora", "normal")],
                          2, strict_windows=True)
    stand_ins = [make_agent("normal", "buck-legacy", 5, seat) for seat in range(2)]
    forced_for_her = []  # forced passes the session answered for Ann while she passed on
    real_choose = session.game.choose
    hers = [False]  # the next choice is her own pass ("Pass until my turn")

    def choose(seat, ids):
        if seat == 0 and 0 in session.passing and session.game.pending().forced_pass and not hers[0]:
            forced_for_her.append(ids)
        hers[0] = False
        return real_choose(seat, ids)

    session.game.choose = choose
    passing_since, passed_for, bram_asked = None, 0, 0
    for _ in range(50_000):
        session.run_ai()
        decision = session.pending()
        if decision is None or passed_for and bram_asked and forced_for_her:
            break
        if passing_since is None and session.may_pass_until_turn(0):
            passing_since, hers[0] = len(session.choices), True
            session.pass_until_turn(0)
            continue
        if passing_since is not None and decision.seat == 0:  # Ann is asked again: at her own
            assert 0 not in session.passing
            assert not decision.window or 0 in session.game.concerned_seats()
            after = [c for c in session.choices[passing_since + 1:] if c.seat == 0]
            assert all(c.option_ids == ("pass",) and not c.by_human for c in after)
            passed_for += len(after)
            passing_since = None
        if passed_for and decision.seat == 1 and decision.window:
            bram_asked += 1  # Bram is still handed his windows
        session.choose(decision.seat, stand_ins[decision.seat].choose(session.game.view_for(decision.seat), decision))
    assert passed_for and bram_asked and forced_for_her


@pytest.mark.parametrize("system_id, seats, seed, kinds", [("buck-legacy", 3, 2, ("fight:", "check:")),
                                                           ("fantasy-adventures", 2, 3, ("encounter:",))])
def test_pass_the_rest_of_this_fight_passes_only_at_the_windows_of_that_fight(system_id, seats, seed, kinds):
    """Buck: Legacy asks every Adventurer with a backpack again at every Compare and after every
    change anyone makes (BL-115): about six windows a fight; Fantasy Adventures asks at every
    checkpoint of every round of an Encounter (FA-164). "Pass the rest of this fight" (of this
    Encounter) passes at the windows of that moment alone (``moment_key``), asks the seat's own
    other questions in it as usual, and asks again at every window once it is over."""
    session = Session.new(system_id, [Seat("human", "Ann")] + [Seat("ai", f"AI {n}", "normal")
                                                               for n in range(1, seats)], seed)
    stand_in = make_agent("normal", system_id, 5, 0)
    asked: list[tuple[bool, str | None]] = []  # each of Ann's answers but forced passes: window? its moment
    real_choose = session.game.choose

    def choose(seat, ids):
        decision = session.game.pending()
        if seat == 0 and not decision.forced_pass:
            asked.append((decision.window, session.game.moment_key()))
        return real_choose(seat, ids)

    session.game.choose = choose
    passed_for = kept_through = 0
    for _ in range(50_000):
        session.run_ai()
        decision = session.pending()
        if decision is None or passed_for >= 5 and kept_through:
            break
        if not session.may_pass_moment(0):
            session.choose(0, stand_in.choose(session.game.view_for(0), decision))
            continue
        moment = session.game.moment_key()
        assert moment and moment.startswith(kinds)
        asked.clear()
        session.pass_moment(0)
        session.run_ai()
        assert asked[0] == (True, moment) and set(asked) <= {(True, moment)}  # (her own pass first)
        passed_for += len(asked) - 1
        decision = session.pending()
        if decision is not None:
            if session.game.moment_key() == moment:  # a question of her own in the fight
                assert not decision.window and session.passing == {0: moment}
                kept_through += 1
                session.choose(0, stand_in.choose(session.game.view_for(0), decision))
                session.run_ai()
                assert all(k == moment for w, k in asked if w)
            else:
                assert 0 not in session.passing
    assert passed_for > 0 and kept_through > 0


def test_fh_047_a_battles_defender_is_asked_at_its_windows():
    """FH-047: in a battle's card windows the defender plays cards too. "Pass until my turn"
    was offered to Ann at the windows of Bram's attack on her, and taking it passed her whole
    defence; a battle's windows are now about both its sides, so she is asked at each."""
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 9)
    stand_in = make_agent("normal", "fantasy-heroes", 1, 0)
    defended = 0
    for _ in range(5000):
        session.run_ai()
        decision = session.pending()
        if decision is None or defended >= 3:
            break
        battle = session.game.state.battle
        if decision.window and battle is not None and battle.defender == 0:
            assert 0 in session.game.concerned_seats()
            assert not session.may_pass_until_turn(0), decision.prompt
            defended += 1
        session.choose(0, stand_in.choose(session.game.view_for(0), decision))
    assert defended >= 3
