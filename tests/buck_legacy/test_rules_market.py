"""Buck: Legacy rule tests: the Market Part (BL-050 to BL-075) and the rulebook's Market example."""

from __future__ import annotations

from tests.buck_legacy.helpers import adventurer, do, pending, position


def market_example():
    """BLT-01/BLT-02: seats A, B, C, D clockwise, C holds the Buck token, so priority is C, D, A,
    B. The shop holds 6 cards, among them a Scholar's Hood (Headgear, +2 maximum Mana; cost 35 in
    our content, so B starts with 25 Gold where the example's item cost 30 and B had 20)."""
    shop = ["scholars_hood", "leather_cap", "iron_sallet", "great_barbute", "horned_helm", "brass_diving_helm"]
    b = adventurer("B", gold=25, mana=3, **{"class": "necromancer"})  # Magic Rank 1, maximum Mana 10
    return position([adventurer("A", gold=50), b, adventurer("C", gold=50), adventurer("D", gold=50)],
                    dealer=2, start="market_turn", shop=shop, zone="ebony_bloody_rose")


def test_priority_order_from_the_dealer_blt01():
    """BLT-01, BL-045: with C holding the Buck token the order is C, D, A, B."""
    g = market_example()
    assert g.state.priority() == [2, 3, 0, 1]
    assert pending(g, "market").seat == 2


def test_market_example_blt02():
    """BLT-02, BL-051, BL-055 to BL-058, BL-063, BL-065, BL-054: B takes a Side Job, buys the
    Headgear (A, C and D let it go), equips it, restores Mana; a 4th action is refused; the
    Market waits for the others, and the shop's leftovers are discarded when it closes."""
    g = market_example()
    do(g, "wait", "wait", "wait")               # C, D and A let B act first
    assert pending(g, "market").seat == 1
    do(g, "side_job")
    b = g.state.adventurers[1]
    assert (b.gold, b.actions_left) == (45, 2)
    do(g, "buy:1")
    asked = []
    while (d := g.pending()).kind == "interrupt":  # every higher-priority seat with an action left
        asked.append(d.seat)
        do(g, "pass")
    assert asked == [2, 3, 0]
    assert "scholars_hood" in b.backpack and (b.gold, b.actions_left) == (10, 1)
    assert len(g.state.shop) == 6 and "scholars_hood" not in g.state.shop   # refilled at once (BL-057)
    do(g, "equip:scholars_hood")
    assert b.slots["headgear"] == "scholars_hood" and b.actions_left == 1 and "scholars_hood" not in b.backpack
    do(g, "restore_mana")
    assert (b.mana, b.actions_left) == (12, 0)
    d = pending(g, "market")
    assert "side_job" not in d.option_ids and "restore_mana" not in d.option_ids
    assert any(x.option_id == "side_job" and "3 Market Actions" in x.reason for x in d.blocked)
    assert "tesla" in d.option_ids or any(x.option_id == "tesla" for x in d.blocked)  # Ingenuity stays open
    leftover = list(g.state.shop)
    do(g, "end")                                 # B is done; the others are not
    assert g.state.part == "market"
    assert pending(g).seat == 2
    do(g, "end", "end", "end")
    assert g.state.part != "market"
    assert all(card in g.state.items_discard for card in leftover)
