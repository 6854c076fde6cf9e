"""Fantasy Adventures at a shared screen (issue 14), under the session's policies that the other
games' tests hold (tests/test_session.py, test_session_windows.py, the Champions of Albion undo
test): a human is handed the screen only for a real choice, and with strict windows for every
window too, which changes who answers, never the game; a seat's view and log never show another
player's hand, the heroes he drew, or a stack (but to its monster player; section 7); and undo
takes back a human's own choice only while nothing hidden or random has turned up since: no
die, no draw, and no face-down card or fact about it (a trap revealed, whether traps remain,
the stack revealed or discarded, cards passed over in a summon search).

Hot-seat games are played by normal AIs standing in for the humans, one choice at a time.
"""

from __future__ import annotations

from collections import Counter

from game.ai import make_agent
from game.core.events import IRREVERSIBLE_KINDS
from game.core.rng import Rng
from game.session import Seat, Session

RULESET = "fantasy-adventures"
NAMES = ["Ann", "Bram", "Cora", "Dain"]
REVEALS = {"trap_revealed", "traps_remain", "stack_revealed", "summon_search"}
"""Event kinds that turn up something face down: no undo may cross them."""


def _hot_seat(seed: int, humans: int, ais: int = 0, strict: bool = False) -> Session:
    seats = [Seat("human", NAMES[i]) for i in range(humans)] + [Seat("ai", NAMES[humans + i], "normal")
                                                                  for i in range(ais)]
    return Session.new(RULESET, seats, seed, strict_windows=strict)


def _play(session: Session, choices: int, look=None) -> None:
    """Answer ``choices`` questions of the human seats (AI seats step on their own); a forced
    pass a human is shown is answered "pass" without asking the stand-in; ``look(session,
    decision)`` sees every question a human is shown before it is answered."""
    stand_ins = {i: make_agent("normal", RULESET, session.seed + i, i) for i, s in enumerate(session.seats)
                 if not s.is_ai}
    for _ in range(choices):
        decision = session.pending()
        if decision is None:
            return
        if session.seats[decision.seat].is_ai:
            session.step_ai()
            continue
        if look is not None:
            look(session, decision)
        picked = ("pass",) if decision.forced_pass else \
            stand_ins[decision.seat].choose(session.game.view_for(decision.seat), decision)
        session.choose(decision.seat, picked)


def test_a_human_is_handed_the_screen_only_for_a_real_choice():
    """Every question a human is shown has an answer besides passing; the window questions
    whose only answer was to pass (the hidden hand held nothing) were answered by the session
    for humans and AIs alike, so no hand-off tells the table what a hand holds."""
    for seed in (1, 2):
        session = _hot_seat(seed, humans=3)
        shown: list[tuple[int, str]] = []

        def look(s: Session, decision) -> None:
            assert not decision.forced_pass, decision
            shown.append((decision.seat, decision.kind))

        _play(session, 500, look)
        handed_over = sum(1 for a, b in zip(shown, shown[1:]) if a[0] != b[0])
        answered_for = [c for c in session.choices if c.window_pass and not c.by_human]
        assert handed_over >= 10 and {seat for seat, _ in shown} == {0, 1, 2}
        assert {c.seat for c in answered_for} == {0, 1, 2}  # every human had forced passes, unseen
        assert any(kind == "response" for _, kind in shown)  # and real window answers were asked


def test_strict_windows_hand_every_window_to_its_human_and_play_the_same_game():
    """With strict windows a human answers his forced passes too (the screen goes round at
    every window); the AI's are still answered at once. Answered "pass", they make the very
    game the fair windows make."""
    fair = _hot_seat(3, humans=2, ais=1)
    strict = _hot_seat(3, humans=2, ais=1, strict=True)
    forced: Counter[int] = Counter()

    def look(s: Session, decision) -> None:
        forced[decision.seat] += decision.forced_pass

    _play(fair, 300)
    _play(strict, 300 + sum(1 for c in fair.choices if c.window_pass and not c.by_human and c.seat != 2), look)
    assert forced[0] and forced[1] and not forced[2]
    assert all(c.by_human for c in strict.choices if c.seat != 2)
    assert not any(c.by_human for c in strict.choices if c.seat == 2)
    played = min(len(fair.choices), len(strict.choices))
    assert played > 250
    assert [(c.seat, c.option_ids) for c in fair.choices[:played]] == \
        [(c.seat, c.option_ids) for c in strict.choices[:played]]
    again = Session.replay(RULESET, strict.seats, strict.seed, strict.options, None,
                           [(c.seat, c.option_ids) for c in strict.choices], strict_windows=True)
    assert again.game.state_hash() == strict.game.state_hash()


def test_a_seat_never_sees_another_players_hand_or_a_stack_it_did_not_build():
    """At every question of a hot-seat game, the asking seat's view holds only its own hand
    and drawn heroes (the others' as counts), a stack's cards only for its monster player, and
    its log only lines meant for it."""
    session = _hot_seat(5, humans=3)
    checked = Counter()

    def look(s: Session, decision) -> None:
        seat, state = decision.seat, s.game.state
        view = s.game.view_for(seat)
        for p in view["players"]:
            mine = p["seat"] == seat
            assert p["hand_size"] == len(state.players[p["seat"]].hand)
            assert (p["hand"] == list(state.players[p["seat"]].hand)) if mine else p["hand"] == []
            assert mine or p["drawn"] == []
        for stack in view["stacks"].values():
            assert stack["cards"] == [] or seat == state.monster
        if view["encounter"] is not None and seat != state.monster:
            assert view["encounter"]["stack"] == []
        assert all(e.seats is None or seat in e.seats for e in s.log_for(seat))
        checked[seat != state.monster] += bool(state.stacks or state.encounter is not None)

    _play(session, 400, look)
    assert checked[True] >= 20 and checked[False] >= 5  # asked with stacks about, as hero and as monster player


def test_undo_is_refused_past_a_die_a_draw_or_a_face_down_card_and_allowed_otherwise():
    """Random hot-seat games: after every choice that rolled, drew, shuffled or turned up a
    face-down card, its maker may not undo it; after others he may, and undo puts the game
    back as it was, the same question pending."""
    turned_up: Counter[str] = Counter()
    undone = 0
    for seed in (1, 2, 3):
        session = _hot_seat(seed, humans=2)
        stand_ins = [make_agent("normal", RULESET, seed + i, i) for i in range(2)]
        rng = Rng.seeded(seed, 11)
        for _ in range(700):
            decision = session.pending()
            if decision is None:
                break
            seat, before, made = decision.seat, session.game.state_hash(), len(session.choices)
            generator = (session.game.state.rng.state, session.game.state.rng.inc)
            events = session.choose(seat, stand_ins[seat].choose(session.game.view_for(seat), decision))
            kinds = {e.kind for e in events} & (REVEALS | IRREVERSIBLE_KINDS)
            rolled = (session.game.state.rng.state, session.game.state.rng.inc) != generator
            if kinds or rolled:
                turned_up.update(kinds | ({"die or shuffle"} if rolled else set()))
                # (the choice, or a window's pass the session answered after it in the same call)
                assert any(c.irreversible for c in session.choices[made:]), (decision.kind, kinds)
                assert not session.can_undo(seat)
            elif session.can_undo(seat) and rng.below(4) == 0:
                session.undo(seat)
                undone += 1
                assert session.game.state_hash() == before and session.pending() == decision
    assert undone >= 10
    assert {"die or shuffle", "draw", "trap_revealed", "traps_remain", "stack_revealed"} <= set(turned_up), turned_up
