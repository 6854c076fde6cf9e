"""Declared zones (issue 11 item 5): what a view says of each, and the redeal that every
game's determinization is built on."""

from __future__ import annotations

from game.core.rng import Rng
from game.core.zones import Zone, facts, redeal


def _table() -> tuple[list[str], list[str], list[str], list[str]]:
    return ["d1", "d2", "d3", "d4"], ["a1", "a2"], ["b1", "b2", "b3"], ["s1", "s2"]


def test_facts_say_whose_a_zone_is_who_sees_in_and_how_many_cards_it_holds():
    deck, mine, yours, discard = _table()
    zones = [Zone("deck", deck, seen_by=()), Zone("hand:0", mine, owner=0, seen_by=(0,)), Zone("discard", discard)]
    assert facts(zones, 0) == [
        {"name": "deck", "owner": None, "face_up": False, "seen": False, "count": 4},
        {"name": "hand:0", "owner": 0, "face_up": False, "seen": True, "count": 2},
        {"name": "discard", "owner": None, "face_up": True, "seen": True, "count": 2}]
    assert [f["seen"] for f in facts(zones, 1)] == [False, False, True]
    assert [f["seen"] for f in facts(zones, None)] == [False, False, True]


def test_redeal_deals_unseen_cards_again_within_their_pool_and_keeps_what_is_known():
    deck, mine, yours, search = _table()
    zones = [Zone("deck", deck, seen_by=(), pool="battle"),
             Zone("hand:0", mine, owner=0, seen_by=(0,), pool="battle"),
             Zone("hand:1", yours, owner=1, seen_by=(1,), pool="battle", known=lambda seat: frozenset({"b2"}) if seat == 0 else frozenset()),
             Zone("search", search, seen_by=())]
    before = {z.name: list(z.cards) for z in zones}
    outcomes = set()
    for seed in range(20):
        for zone in zones:
            zone.cards[:] = before[zone.name]
        replaced = redeal(zones, 0, Rng.seeded(seed))
        assert mine == before["hand:0"]  # seat 0 sees its own hand
        assert len(yours) == 3 and yours[1] == "b2"  # it knows b2 is there, in its place
        assert sorted(deck + yours) == sorted(before["deck"] + before["hand:1"])  # one pool
        assert sorted(search) == sorted(before["search"])  # never mixed with the battle pool
        for old, new in replaced.items():
            assert old != new
        outcomes.add((tuple(deck), tuple(yours), tuple(search)))
    assert len(outcomes) > 10
