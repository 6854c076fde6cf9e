"""Fair questions (issue 11 item 1): the overlord is asked at every card moment the rules name
(DD-124), whether or not he holds a card for it; with none, "pass" is his only answer (a forced
pass). Two games that differ only in the overlord's hidden hand ask the same seats the same kinds
of question and show the heroes the same views and the same public log over the same choices."""

from __future__ import annotations

import random
from collections import Counter

from game.core.game import Game
from game.rulesets.dungeon_delve.state import OVERLORD
from game.rulesets.dungeon_delve.system import DungeonDelve

SYSTEM = DungeonDelve()


def _hands(game: Game) -> tuple[list[str], list[str]]:
    """Two hands of the same size from the overlord's cards: one card per timing, and cards of one timing only."""
    state = game.state
    cards = state.overlord_deck + state.overlord_hand
    by_timing: dict[str, list[str]] = {}
    for card in cards:
        by_timing.setdefault(SYSTEM.data.card_def(card).timing, []).append(card)
    varied = [group[0] for group in by_timing.values()]
    commonest = sorted(by_timing, key=lambda t: -len(by_timing[t]))
    narrow = [c for t in commonest for c in by_timing[t][1:]][:len(varied)]
    assert len(narrow) == len(varied)
    return varied, narrow


def _with_hand(seed: int, hand: list[str]) -> Game:
    game = Game.new(SYSTEM, seed, 2, {"heroes": "brakka_stonehide,sister_elowen"})
    state = game.state
    cards = state.overlord_deck + state.overlord_hand
    deck = list(cards)
    for card in hand:
        deck.remove(card)
    state.overlord_hand = list(hand)
    state.overlord_deck = deck
    game._pending_known = False
    return game


def test_dd_124_every_card_moment_is_asked_whatever_the_hand() -> None:
    for seed in (1, 2, 3):
        varied, narrow = _hands(Game.new(SYSTEM, seed, 2, {"heroes": "brakka_stonehide,sister_elowen"}))
        assert Counter(varied) != Counter(narrow)
        a, b = _with_hand(seed, varied), _with_hand(seed, narrow)
        rng = random.Random(seed)
        real_a = real_b = 0
        for _ in range(600):
            da, db = a.pending(), b.pending()
            if da is None or db is None:
                assert da is None and db is None
                break
            assert (da.seat, da.kind, da.prompt, da.rule) == (db.seat, db.kind, db.prompt, db.rule)
            assert a.view_for(1) == b.view_for(1)
            if da.kind == "overlord_card":
                assert da.seat == OVERLORD and da.window and db.window and da.rule == "DD-124"
                assert a.view_for(1)["card_moment"] is not None
                real_a += not da.forced_pass
                real_b += not db.forced_pass
                choice = "pass"  # the overlord keeps his cards, so the public positions stay alike
            else:
                assert da.option_ids == db.option_ids
                choice = rng.choice(da.option_ids)
            ea, eb = a.choose(da.seat, [choice]), b.choose(db.seat, [choice])
            assert [e for e in ea if e.visible_to(1)] == [e for e in eb if e.visible_to(1)]
        assert real_a > real_b >= 0, (seed, real_a, real_b)

