"""Issue 9, item 8: in 100 normal-vs-normal games every card and every action kind of
Fantasy Heroes appears at least once (the choice of whose hand to Scrye needs three seats;
see the rules book, "What comes up in play"). Counted with tests/fantasy_heroes/usage_counts.py."""

from __future__ import annotations

from tests.fantasy_heroes.usage_counts import Counts


def test_every_card_and_action_kind_appears_in_100_normal_games():
    counts = Counts(2)
    for seed in range(1, 101):
        counts.play(seed, ["normal", "normal"])
    assert counts.missing() == []
    assert counts.seen["card:scrye"] >= 20   # the known gap: it was 0 in 90 games
