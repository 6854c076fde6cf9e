"""Buck: Legacy rule tests: trades, a card offered for Gold and accepted or declined (BL-014,
BL-016, BL-018, BL-019; section 7)."""

from __future__ import annotations

from game.core.rng import Rng
from game.rulesets.buck_legacy.search import determinize
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pending, position

SHOP = ["great_barbute", "iron_sallet", "smoked_goggles", "owl_eye_lenses"]


def market(a_fields=None, b_fields=None):
    a = adventurer("A", **{"backpack": ["leather_cap"], **(a_fields or {})})
    b = adventurer("B", gold=30, **(b_fields or {}))
    return position([a, b], start="market_turn", zone="ebony_bloody_rose", shop=SHOP)


def test_an_accepted_offer_swaps_the_card_and_the_gold_at_once_bl014_bl016():
    """BL-014, BL-016: A offers B a Leather Cap for 10 Gold; B accepts: the card goes to B's
    backpack and the Gold to A, at once. The table sees the trade and the Gold; only A and B
    learn which backpack card it was (section 7)."""
    g = market()
    do(g, "offer:leather_cap")
    d = pending(g, "offer")
    assert d.option_ids == ("to:1", "back")
    do(g, "to:1")
    d = pending(g, "offer")
    assert "price:30" in d.option_ids and "price:40" not in d.option_ids   # B has 30 Gold
    events = do(g, "price:10")
    d = pending(g, "trade")
    assert d.seat == 1 and d.option_ids == ("accept:10", "decline")
    events += do(g, "accept:10")
    a, b = g.state.adventurers
    assert (a.gold, b.gold, a.backpack, b.backpack) == (10, 20, [], ["leather_cap"])
    public = [e for e in events if e.seats is None]
    assert "trade" in kinds(public) and not any("Leather Cap" in e.text for e in public)
    private = [e for e in events if e.kind in ("offer_private", "trade_private")]
    assert private and all(e.seats == (0, 1) and "Leather Cap" in e.text for e in private)
    assert pending(g, "market").seat == 0                                   # still A's market turn


def test_a_declined_offer_is_not_made_again_in_that_part_bl016():
    """BL-016: B declines; nothing changes hands, and A cannot offer the card again in this Market
    Part (nobody is asked the same thing twice); A may still give or sell it."""
    g = market()
    do(g, "offer:leather_cap", "to:1", "price:20", "decline")
    a, b = g.state.adventurers
    assert (a.gold, b.gold, a.backpack, b.backpack) == (0, 30, ["leather_cap"], [])
    d = pending(g, "market")
    assert "offer:leather_cap" not in d.option_ids
    assert {"give:leather_cap", "sell:leather_cap"} <= set(d.option_ids)


def test_no_offer_to_a_stunned_adventurer_and_no_starting_weapon_offered_bl019_bl061():
    """BL-019, BL-061: in Preparation A may offer only to C (B is Stunned); a Starting Weapon is
    never offered."""
    g = position([adventurer("A", gold=30, backpack=["leather_cap"]), adventurer("B", stunned=True, gold=50),
                  adventurer("C", gold=10)], start="exploration", zone="ebony_bloody_rose",
                 dungeon_top=["collapsing_flagstones", "giant_bog_leech"], dice=["plain:6"])
    d = pending(g, "preparation")
    assert "offer:leather_cap" in d.option_ids and "offer:studded_cudgel" not in d.option_ids
    do(g, "offer:leather_cap")
    assert pending(g, "offer").option_ids == ("to:2", "back")


def test_a_card_offered_stays_known_to_whom_it_was_offered_section_7():
    """Section 7: B has seen the card A offers; a state dealt again for B keeps it in A's backpack."""
    g = market(a_fields={"backpack": ["leather_cap", "horned_helm", "quilted_gambeson"]})
    do(g, "offer:leather_cap", "to:1", "price:10")
    assert pending(g, "trade").seat == 1
    for seed in range(5):
        other = determinize(g.clone().state, CONTENT, 1, Rng.seeded(seed))
        assert "leather_cap" in other.adventurers[0].backpack
