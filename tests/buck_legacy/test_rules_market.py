"""Buck: Legacy rule tests: the Market Part (BL-050 to BL-075) and the rulebook's Market example."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pending, position


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


# -- helpers of the tests below ------------------------------------------------------------------

SHOP4 = ["serrated_falchion", "leather_cap", "iron_sallet", "smoked_goggles"]


def market(advs, **scenario):
    """A market turn of the Dealer (seat 0 unless given), the shop as given, a Zone in place."""
    scenario.setdefault("shop", SHOP4)
    scenario.setdefault("zone", "ebony_bloody_rose")
    return position(advs, start="market_turn", **scenario)


def seat_of(g):
    return pending(g).seat


# -- opening the shop (BL-050, BL-053, A-11) --------------------------------------------------------

def test_shop_holds_four_cards_with_three_players_and_six_with_four_blt11():
    """BLT-11, BL-050: the shop holds 4 cards with 2-3 players and 6 with 4-6, and everyone sees it."""
    three = position([adventurer("A"), adventurer("B"), adventurer("C")], start="market")
    assert len(three.state.shop) == 4
    four = position([adventurer(n) for n in "ABCD"], start="market")
    assert len(four.state.shop) == 6
    for seat in range(4):
        assert four.view_for(seat)["shop"] == four.state.shop  # face up (A-02)


def test_dealer_places_a_zone_of_the_required_difficulty_at_the_start_bl053():
    """BL-053, A-11, BL-005: the Buck Dealer is asked for the Zone as the Market opens, offered only
    Zones of the difficulty the ladder requires; the Zone leaves the purple deck."""
    g = position([adventurer("A"), adventurer("B"), adventurer("C")], dealer=1, start="market")
    d = pending(g, "zone")
    assert d.seat == 1
    offered = [o.partition(":")[2] for o in d.option_ids]
    assert offered and all(CONTENT.zones[z].difficulty == "mid" for z in offered)
    assert {z for z, zone in CONTENT.zones.items() if zone.difficulty == "mid"} == set(offered)
    do(g, "zone:sunken_cathedral")
    assert g.state.zone == "sunken_cathedral" and "sunken_cathedral" not in g.state.purple
    assert pending(g, "market").seat == 1


# -- Market Actions (BL-051, BL-055 to BL-058) -------------------------------------------------------

def test_the_same_action_three_times_then_no_fourth_bl051_bl056():
    """BL-051, BL-056: any action may be taken more than once, up to 3 in all; a Side Job pays 20."""
    g = market([adventurer("A", gold=5), adventurer("B")])
    do(g, "side_job", "side_job", "side_job")
    a = g.state.adventurers[0]
    assert (a.gold, a.actions_left) == (65, 0)
    d = pending(g, "market")
    assert "side_job" not in d.option_ids and not any(o.startswith("buy:") for o in d.option_ids)
    with pytest.raises(IllegalChoice, match="3 Market Actions"):
        g.choose(0, "side_job")
    assert a.gold == 65


def test_unused_actions_do_not_carry_over_bl051():
    """BL-051: a new Market Part gives 3 actions again, whatever was left unused before."""
    g = position([adventurer("A", actions_left=2), adventurer("B", actions_left=0)], start="market",
                 zone="ebony_bloody_rose")
    assert [a.actions_left for a in g.state.adventurers] == [3, 3]


def test_restore_mana_fills_to_the_current_maximum_bl055_bl209():
    """BL-055, BL-209, BL-211: Restore Mana sets Mana to the current maximum (10 plus bonuses) and
    never beyond; at the maximum it is refused."""
    g = market([adventurer("A", mana=1, slots={"weapon": "apprentices_staff"}, **{"class": "necromancer"}),
                adventurer("B")])
    do(g, "restore_mana")
    a = g.state.adventurers[0]
    assert (a.mana, a.actions_left) == (12, 2)
    with pytest.raises(IllegalChoice, match="maximum"):
        g.choose(0, "restore_mana")


def test_a_purchase_goes_to_the_backpack_unequipped_and_the_shop_refills_bl057_bl058():
    """BL-057, BL-058: the buyer pays the cost, the card goes to the backpack (not equipped), and the
    shop position is refilled from the top of the Items deck at once."""
    g = market([adventurer("A", gold=50), adventurer("B")], items_top=["welding_visor"])
    do(g, "buy:2")                             # Leather Cap, 20 Gold; B has lower priority: no window
    a = g.state.adventurers[0]
    assert a.backpack == ["leather_cap"] and "headgear" not in a.slots
    assert (a.gold, a.actions_left) == (30, 2)
    assert g.state.shop[1] == "welding_visor" and len(g.state.shop) == 4
    do(g, "equip:leather_cap")                 # equipping is free, at any time of the Market
    assert a.slots["headgear"] == "leather_cap" and a.actions_left == 2


def test_a_purchase_the_buyer_cannot_pay_is_refused_bl036_bl057():
    """BL-057, BL-036: a shop card costing more than the buyer's Gold is not offered; Gold never
    goes below 0."""
    g = market([adventurer("A", gold=30), adventurer("B")])
    d = pending(g, "market")
    assert "buy:1" not in d.option_ids            # Serrated Falchion, 40 Gold
    with pytest.raises(IllegalChoice, match="40 Gold"):
        g.choose(0, "buy:1")
    assert g.state.adventurers[0].gold == 30 and g.state.shop[0] == "serrated_falchion"


# -- Ingenuity (BL-059 to BL-062, BL-227, BL-228) -----------------------------------------------------

def test_ingenuity_needs_no_action_bl059_bl060():
    """BL-059, BL-060: with no action left an Adventurer may still sell (from the backpack or from
    equipped gear) and buy Tesla; a sold card goes to its discard pile for its sale value."""
    g = market([adventurer("A", gold=10, actions_left=0, backpack=["iron_sallet"],
                           slots={"weapon": "studded_cudgel", "armour": "quilted_gambeson"}), adventurer("B")])
    d = pending(g, "market")
    assert {"sell:iron_sallet", "sell:quilted_gambeson", "tesla"} <= set(d.option_ids)
    do(g, "sell:iron_sallet", "sell:quilted_gambeson", "tesla")
    a = g.state.adventurers[0]
    assert (a.gold, a.tesla, a.actions_left) == (10 + 15 + 10 - 5, 1, 0)
    assert "armour" not in a.slots and not a.backpack
    assert g.state.items_discard[-2:] == ["iron_sallet", "quilted_gambeson"]


def test_a_treasure_sells_to_the_treasure_discard_pile_bl060_bl231():
    """BL-060, BL-231: a Treasure sells like an Item, to the Treasure discard pile."""
    g = market([adventurer("A", backpack=["starfall_blade"]), adventurer("B")])
    do(g, "sell:starfall_blade")
    assert g.state.adventurers[0].gold == 90 and g.state.treasure_discard == ["starfall_blade"]


def test_only_items_and_treasures_can_be_sold_or_given_blt16():
    """BLT-16, BL-061, BL-015, A-43: a Starting Weapon cannot be sold or given (refused with the
    reason); Gifts and Curses are never offered for sale or trade; unequipping the Starting Weapon
    removes it from the game (BL-069)."""
    g = market([adventurer("A", attached=["blessing_of_valour", "curse_of_frailty"]), adventurer("B")])
    d = pending(g, "market")
    assert not any(o.endswith(("studded_cudgel", "blessing_of_valour", "curse_of_frailty"))
                   for o in d.option_ids if o.startswith(("sell:", "give:")))
    for attempt in ("sell:studded_cudgel", "give:studded_cudgel"):
        with pytest.raises(IllegalChoice, match="Starting Weapon"):
            g.choose(0, attempt)
    do(g, "unequip:weapon")
    a = g.state.adventurers[0]
    assert "weapon" not in a.slots and "studded_cudgel" not in a.backpack
    assert "studded_cudgel" in g.state.removed and "studded_cudgel" not in g.state.items_discard


def test_tesla_costs_five_gold_and_stops_at_the_maximum_blt17():
    """BLT-17, BL-062, BL-227, BL-228: with 7 Tesla of 8 and 20 Gold only 1 unit can be bought
    (15 Gold left); the 2nd is refused."""
    g = market([adventurer("A", race="felinar", tesla=7, gold=20), adventurer("B")])
    do(g, "tesla")
    a = g.state.adventurers[0]
    assert (a.tesla, a.gold) == (8, 15)
    with pytest.raises(IllegalChoice, match="maximum"):
        g.choose(0, "tesla")
    assert (a.tesla, a.gold) == (8, 15)


def test_a_card_outranks_the_rule_the_steam_mechanics_tesla_bl012():
    """BL-012, BL-062: card text wins over the rulebook: the Steam Mechanic pays 3 Gold a Tesla, not
    5, and holds up to 12 (8 + 4, BL-035)."""
    g = market([adventurer("A", race="felinar", tesla=11, gold=10, **{"class": "steam_mechanic"}),
                adventurer("B")])
    do(g, "tesla")
    a = g.state.adventurers[0]
    assert (a.tesla, a.gold) == (12, 7)
    assert "tesla" not in pending(g, "market").option_ids


# -- interrupts (BL-063 to BL-066) ---------------------------------------------------------------------

def four_at_the_market(d_gold=50, d_actions=2, a_gold=50, d_backpack=()):
    """Seats A, B, C, D; C holds the Buck token: priority C, D, A, B (BLT-12)."""
    return market([adventurer("A", gold=a_gold), adventurer("B", gold=50), adventurer("C", gold=50),
                   adventurer("D", gold=d_gold, actions_left=d_actions, backpack=list(d_backpack))],
                  dealer=2, shop=["serrated_falchion", "leather_cap", "iron_sallet", "smoked_goggles",
                                  "owl_eye_lenses", "tinkers_loupe"])


def to_b(g):
    do(g, "wait", "wait", "wait")     # C, D and A wait: B's market turn
    assert seat_of(g) == 1


def test_the_highest_interrupter_takes_the_card_blt12():
    """BLT-12, BL-063, BL-064, BL-065, BL-047: B declares buying the Serrated Falchion (40); C lets
    it go, D interrupts: D buys it and spends 1 action; A, lower than D, is not asked again; B and A
    spend nothing."""
    g = four_at_the_market()
    to_b(g)
    do(g, "buy:1")
    d = pending(g, "interrupt")
    assert d.seat == 2 and d.window
    do(g, "pass")
    assert pending(g, "interrupt").seat == 3
    events = do(g, "interrupt")
    assert "interrupt" in kinds(events) and "buy" in kinds(events)
    a, b, dd = g.state.adventurers[0], g.state.adventurers[1], g.state.adventurers[3]
    assert "serrated_falchion" in dd.backpack and (dd.gold, dd.actions_left) == (10, 1)
    assert (b.actions_left, b.gold, a.actions_left) == (3, 50, 3)
    assert pending(g, "market").seat == 1          # B goes on with their turn
    # A, asked after C and D, would have been too late: the card is gone from the shop.
    assert "serrated_falchion" not in g.state.shop


def test_a_lower_interrupter_takes_it_only_when_those_above_let_it_go_bl064():
    """BL-064: interrupters are asked highest priority first; when C and D let it go, A may take it."""
    g = four_at_the_market()
    to_b(g)
    do(g, "buy:1", "pass", "pass")
    assert pending(g, "interrupt").seat == 0
    do(g, "interrupt")
    assert "serrated_falchion" in g.state.adventurers[0].backpack
    assert g.state.adventurers[1].actions_left == 3


def test_nobody_below_can_interrupt_the_dealer_bl063_bl064():
    """BL-063, BL-064: only higher priority may interrupt, so the Dealer's purchase asks nobody."""
    g = four_at_the_market()
    events = do(g, "buy:1")
    assert "buy" in kinds(events) and pending(g, "market").seat == 2
    assert "serrated_falchion" in g.state.adventurers[2].backpack


def test_an_interrupt_that_cannot_be_funded_is_not_offered_blt13():
    """BLT-13, BL-066, A-13: D has 10 Gold, 1 action and nothing to sell: a Side Job would use the
    action the purchase needs, so D may only let the 40-Gold purchase go (a forced pass)."""
    g = four_at_the_market(d_gold=10, d_actions=1)
    to_b(g)
    do(g, "buy:1", "pass")
    d = pending(g, "interrupt")
    assert d.seat == 3 and d.forced_pass
    with pytest.raises(IllegalChoice):
        g.choose(3, "interrupt")


def test_an_interrupter_raises_the_gold_with_a_side_job_bl066():
    """BL-066, A-13: D has 20 Gold and 2 actions: the interrupt is allowed, D must take a Side Job
    at once (selling is not possible), then pays; D spends both actions."""
    g = four_at_the_market(d_gold=20, d_actions=2)
    to_b(g)
    do(g, "buy:1", "pass", "interrupt")
    d = pending(g, "raise_funds")
    assert d.seat == 3 and d.option_ids == ("side_job",)
    do(g, "side_job")
    dd = g.state.adventurers[3]
    assert "serrated_falchion" in dd.backpack and (dd.gold, dd.actions_left) == (0, 0)


def test_an_interrupter_raises_the_gold_by_selling_bl066():
    """BL-066, A-13: selling is free Ingenuity: D (10 Gold, 1 action, a Welding Visor worth 20 and
    a Leather Cap worth 10 in the backpack) may interrupt and sells to pay."""
    g = four_at_the_market(d_gold=10, d_actions=1, d_backpack=["welding_visor", "leather_cap"])
    to_b(g)
    do(g, "buy:1", "pass", "interrupt")
    d = pending(g, "raise_funds")
    assert set(d.option_ids) == {"sell:welding_visor", "sell:leather_cap"}   # no Side Job: 1 action
    do(g, "sell:welding_visor", "sell:leather_cap")
    dd = g.state.adventurers[3]
    assert dd.backpack == ["serrated_falchion"] and (dd.gold, dd.actions_left) == (0, 0)


def test_a_done_adventurer_is_still_asked_to_interrupt_a49():
    """A-49, BL-063: an Adventurer who declared Done may still answer an interrupt."""
    g = four_at_the_market()
    do(g, "end", "end", "end")                 # C, D and A are done: B's turn
    assert seat_of(g) == 1
    do(g, "buy:1")
    assert pending(g, "interrupt").seat == 2
    do(g, "interrupt")
    assert "serrated_falchion" in g.state.adventurers[2].backpack


# -- the end of the Market (BL-054, A-49) -----------------------------------------------------------------

def test_the_market_waits_for_everyone_still_in_it_a49():
    """A-49, BL-054: A waits, B is Done without acting: C still gets a turn. The Market closes once
    every Adventurer not Done has waited in a row since the last thing anybody did."""
    g = market([adventurer("A", gold=50), adventurer("B", gold=50), adventurer("C", gold=50)])
    do(g, "wait", "end")
    assert g.state.part == "market" and seat_of(g) == 2
    do(g, "side_job")                          # C acts: everyone still in must pass once more
    do(g, "wait")
    assert g.state.part == "market" and seat_of(g) == 0
    do(g, "wait")
    assert g.state.part == "market" and seat_of(g) == 2
    events = do(g, "wait")
    assert kinds(events)[0] == "market_end"


def test_the_market_ends_when_everyone_is_done_bl054():
    """BL-054, A-49: when every Adventurer is Done, the shop's cards are discarded and the Adventure
    Part begins."""
    g = market([adventurer("A"), adventurer("B")])
    shop = list(g.state.shop)
    do(g, "end")
    assert g.state.part == "market"
    events = do(g, "end")
    assert kinds(events)[:3] == ["market_done", "market_end", "adventure"]
    assert events[1].data["cards"] == shop and all(c in g.state.items_discard for c in shop)


# -- equipment and the backpack (BL-067 to BL-075) --------------------------------------------------------

def test_one_card_a_slot_equipping_swaps_bl067_bl070():
    """BL-067, BL-070: equipping a Headgear over another puts the old one in the backpack."""
    g = market([adventurer("A", slots={"weapon": "studded_cudgel", "headgear": "leather_cap"},
                           backpack=["iron_sallet"]), adventurer("B")])
    do(g, "equip:iron_sallet")
    a = g.state.adventurers[0]
    assert a.slots["headgear"] == "iron_sallet" and a.backpack == ["leather_cap"]


def test_single_use_items_are_never_equipped_bl071_bl234():
    """BL-071, BL-234: a Single-use Item stays in the backpack: equipping it is refused."""
    g = market([adventurer("A", backpack=["azure_draught"]), adventurer("B")])
    with pytest.raises(IllegalChoice, match="single-use"):
        g.choose(0, "equip:azure_draught")
    assert g.state.adventurers[0].backpack == ["azure_draught"]


def test_mana_above_a_lowered_maximum_is_destroyed_blt09():
    """BLT-09, BL-069, BL-072, BL-210: Apprentice's Staff (+2) swapped for Dragon's Tongue: maximum
    and Mana drop to 10 and the Staff leaves the game."""
    g = market([adventurer("A", mana=12, slots={"weapon": "apprentices_staff"}, backpack=["dragons_tongue"],
                           **{"class": "necromancer"}), adventurer("B")])
    events = do(g, "equip:dragons_tongue")
    a = g.state.adventurers[0]
    assert a.mana == 10 and "mana_lost" in kinds(events)
    assert g.view_for(0)["adventurers"][0]["max_mana"] == 10
    assert "apprentices_staff" in g.state.removed
    assert "apprentices_staff" not in a.backpack + g.state.items_discard + g.state.treasure_discard


def test_a_swap_for_an_equal_or_larger_mana_bonus_loses_nothing_blt09():
    """BLT-09, BL-072, BL-209: the Staff swapped for Lightning Rod (+2) keeps 12 of 12; Lightning Rod
    swapped for Sunspire Staff (+3) gives a maximum of 13 with Mana still 12 (no refill)."""
    g = market([adventurer("A", mana=12, slots={"weapon": "apprentices_staff"},
                           backpack=["lightning_rod", "sunspire_staff"], **{"class": "necromancer"}),
                adventurer("B")])
    events = do(g, "equip:lightning_rod")
    a = g.state.adventurers[0]
    assert a.mana == 12 and "mana_lost" not in kinds(events) and "apprentices_staff" in g.state.removed
    do(g, "equip:sunspire_staff")
    assert a.mana == 12 and g.view_for(1)["adventurers"][0]["max_mana"] == 13
    assert a.backpack == ["lightning_rod"]


def test_backpack_cards_do_not_raise_maximums_bl021_bl035():
    """BL-021, BL-035: a card in the backpack is not in play: a Scholar's Hood there gives no Mana."""
    g = market([adventurer("A", backpack=["scholars_hood", "bottomless_satchel"]), adventurer("B")])
    seen = g.view_for(0)["adventurers"][0]
    assert (seen["max_mana"], seen["max_tesla"], seen["backpack_limit"], seen["large_limit"]) == (10, 10, 5, 1)
    do(g, "equip:scholars_hood", "equip:bottomless_satchel")
    seen = g.view_for(0)["adventurers"][0]
    assert (seen["max_mana"], seen["backpack_limit"]) == (12, 6)


def test_overflowing_the_backpack_must_be_settled_at_once_blt14():
    """BLT-14, BL-074, BL-075, A-48: with 5 cards in the backpack a purchase makes 6: before anything
    else the owner uses a Single-use Item, discards or (in the Market) sells a card."""
    full = ["leather_cap", "iron_sallet", "smoked_goggles", "azure_draught", "quilted_gambeson"]
    g = market([adventurer("A", gold=50, mana=2, backpack=full, **{"class": "necromancer"}), adventurer("B")])
    do(g, "buy:1")
    d = pending(g, "overflow")
    assert d.seat == 0 and d.rule == "BL-075"
    ids = set(d.option_ids)
    assert {"discard:leather_cap", "sell:leather_cap", "use:azure_draught", "sell:serrated_falchion"} <= ids
    assert not ids - {f"{k}:{c}" for k in ("discard", "sell", "use") for c in full + ["serrated_falchion"]}
    with pytest.raises(IllegalChoice):
        g.choose(0, "side_job")
    do(g, "use:azure_draught")
    a = g.state.adventurers[0]
    assert len(a.backpack) == 5 and a.mana == 7 and "azure_draught" in g.state.items_discard
    assert pending(g, "market").seat == 0


def test_a_second_large_card_must_go_at_once_blt15():
    """BLT-15, BL-068, A-14: a Large Armour equipped and a Large Weapon bought: one Large card must
    be disposed of at once (either one, equipped or not)."""
    g = market([adventurer("A", gold=100, slots={"weapon": "studded_cudgel", "armour": "ironclad_harness"}),
                adventurer("B")], shop=["siege_maul", "leather_cap", "iron_sallet", "smoked_goggles"])
    do(g, "buy:1")
    d = pending(g, "overflow")
    assert d.rule == "BL-068"
    assert set(d.option_ids) == {"discard:siege_maul", "sell:siege_maul", "discard:ironclad_harness",
                                 "sell:ironclad_harness"}
    do(g, "sell:ironclad_harness")
    a = g.state.adventurers[0]
    assert "armour" not in a.slots and a.backpack == ["siege_maul"] and a.gold == 10 + 35


def test_large_limit_counting_equipped_cards_only_option_a14():
    """A-14 option "large_equipped_only": a Large card in the backpack does not count; two Large
    cards equipped still do (BL-068)."""
    g = market([adventurer("A", gold=100, slots={"weapon": "studded_cudgel", "armour": "ironclad_harness"}),
                adventurer("B")], shop=["siege_maul", "leather_cap", "iron_sallet", "smoked_goggles"],
               options={"large_equipped_only": True})
    do(g, "buy:1")
    assert pending(g, "market").seat == 0
    do(g, "equip:siege_maul")
    d = pending(g, "overflow")
    assert set(d.option_ids) == {"discard:siege_maul", "sell:siege_maul", "discard:ironclad_harness",
                                 "sell:ironclad_harness"}


def test_a_raised_large_limit_is_the_holders_own_bl035_bl068():
    """BL-035, BL-068: the Warrior carries 2 Large cards; another Adventurer only 1."""
    g = market([adventurer("A", gold=100, slots={"weapon": "studded_cudgel", "armour": "ironclad_harness"},
                           **{"class": "warrior"}),
                adventurer("B", gold=100, slots={"weapon": "studded_cudgel", "armour": "ironclad_harness"})],
               shop=["siege_maul", "abyssal_scythe", "iron_sallet", "smoked_goggles"])
    do(g, "buy:1")
    assert pending(g, "market").seat == 0
    do(g, "wait", "buy:2", "pass")             # A may interrupt B's purchase, and lets it go
    assert pending(g, "overflow").seat == 1


def test_selling_a_backpack_raising_card_keeps_the_limit_bl075():
    """BL-075, BL-035: selling an equipped Bottomless Satchel (+1 backpack) with 6 cards in the
    backpack brings the limit back to 5: one card must go at once."""
    cards = ["leather_cap", "iron_sallet", "smoked_goggles", "quilted_gambeson", "owl_eye_lenses", "tinkers_loupe"]
    g = market([adventurer("A", slots={"weapon": "studded_cudgel", "other": "bottomless_satchel"}, backpack=cards),
                adventurer("B")])
    do(g, "sell:bottomless_satchel")
    assert pending(g, "overflow").seat == 0


def test_the_backpack_is_private_but_its_size_is_public_bl073():
    """BL-073, BL-033: others see an Adventurer's Gold, Mana, equipment and the backpack's size, never
    its cards."""
    g = market([adventurer("A", gold=40, backpack=["iron_sallet", "azure_draught"]), adventurer("B")])
    mine, theirs = g.view_for(0)["adventurers"][0], g.view_for(1)["adventurers"][0]
    assert mine["backpack"] == ["iron_sallet", "azure_draught"]
    assert theirs["backpack"] is None and theirs["backpack_size"] == 2
    assert theirs["gold"] == 40 and theirs["slots"] == {"weapon": "studded_cudgel"}


# -- the blind shop (A-02) ----------------------------------------------------------------------------------

def test_blind_shop_hides_the_cards_until_bought_a02():
    """A-02 option "blind_shop": the shop's cards are hidden from everyone; a bought card is known to
    its buyer only (the public log says only that shop card 2 was bought)."""
    g = market([adventurer("A", gold=50), adventurer("B", gold=50)], options={"blind_shop": True})
    for seat in (0, 1):
        assert g.view_for(seat)["shop"] == [] and g.view_for(seat)["shop_size"] == 4
    d = pending(g, "market")
    assert "leather_cap" not in " ".join(o.label for o in d.options)
    events = do(g, "buy:2")
    public = [e for e in events if e.seats is None]
    assert not any("leather_cap" in str(e.data) or "Leather Cap" in e.text for e in public)
    private = [e for e in events if e.seats == (0,)]
    assert any(e.data.get("card") == "leather_cap" for e in private)
    assert g.view_for(0)["adventurers"][0]["backpack"] == ["leather_cap"]
    assert g.view_for(1)["adventurers"][0]["backpack"] is None


def test_blind_purchase_the_buyer_cannot_pay_is_called_off_a02():
    """A-02, BL-036, BL-065: in the blind shop the price is unknown before buying; a buyer who cannot
    pay it, even by selling or a Side Job, buys nothing and spends no action."""
    g = market([adventurer("A", gold=5, actions_left=1), adventurer("B")], options={"blind_shop": True})
    events = do(g, "buy:1")                    # Serrated Falchion, 40 Gold
    a = g.state.adventurers[0]
    assert (a.gold, a.actions_left, a.backpack) == (5, 1, [])
    assert g.state.shop[0] == "serrated_falchion" and pending(g, "market").seat == 0
    assert "buy" not in kinds(events)


def test_blind_purchase_raises_the_gold_like_an_interrupt_a02():
    """A-02, BL-066: a blind buyer short of Gold may raise it at once (Side Job with a spare action)."""
    g = market([adventurer("A", gold=20), adventurer("B")], options={"blind_shop": True})
    do(g, "buy:1")
    assert pending(g, "raise_funds").seat == 0
    do(g, "side_job")
    a = g.state.adventurers[0]
    assert a.backpack == ["serrated_falchion"] and (a.gold, a.actions_left) == (0, 1)


def test_blind_interrupter_who_cannot_pay_leaves_the_purchase_to_the_declarer_a02():
    """A-02, BL-063, BL-066: in the blind shop an interrupt is offered without the price (so the
    question tells nothing); an interrupter who then cannot pay loses it, and the declarer buys."""
    g = market([adventurer("A", gold=0, actions_left=1), adventurer("B", gold=50)], options={"blind_shop": True})
    do(g, "wait")
    do(g, "buy:1")
    d = pending(g, "interrupt")
    assert d.seat == 0 and "interrupt" in d.option_ids
    events = do(g, "interrupt")
    assert "interrupt_fails" in kinds(events)
    a, b = g.state.adventurers
    assert b.backpack == ["serrated_falchion"] and (b.gold, b.actions_left) == (10, 2)
    assert (a.actions_left, a.backpack) == (1, [])


def test_a_curse_lowering_maximum_mana_destroys_the_excess_blt46():
    """BLT-46, BL-210, BL-209: maximum Mana 10 and Mana 10; a "-2 maximum Mana" Curse attached:
    Mana is 8 and the maximum 8."""
    g = position([adventurer("A", mana=10, backpack=["leather_cap"], **{"class": "cleric"}), adventurer("B")],
                 start="exploration", zone="ebony_bloody_rose", dungeon_top=["hollowing_hex", "giant_bog_leech"])
    events = g.initial_events + do(g, "end")     # A is ready: the Curse is played
    a = g.state.adventurers[0]
    assert "hollowing_hex" in a.attached and a.mana == 8
    assert g.view_for(1)["adventurers"][0]["max_mana"] == 8
    lost = [e for e in events if e.kind == "mana_lost"]
    assert lost and lost[0].data["amount"] == 2
