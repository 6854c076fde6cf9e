"""The Buck: Legacy AI's trades and gifts (D-09, section 6 cooperation stance; ai_trade.py)."""

from __future__ import annotations

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai
from tests.buck_legacy.helpers import adventurer, do, pending, position

QUIET_ZONE = "mossgrave_hollows"  # the Matron: Level 6, resists nothing


def _answer(g: Game) -> tuple[str, ...]:
    d = pending(g)
    return ai.choose(g.view_for(d.seat), d, Rng.seeded(1))


def _offered(card: str, price: int, a_fields: dict, b_fields: dict) -> Game:
    """A (seat 0, the Dealer) offers B ``card`` for ``price`` in the Market: B is asked."""
    a = adventurer("A", **{"backpack": [card], **a_fields})
    g = position([a, adventurer("B", **b_fields)], start="market", zone=QUIET_ZONE, dealer=0)
    do(g, f"offer:{card}", "to:1", f"price:{price}")
    assert pending(g, "trade").seat == 1
    return g


def test_accepts_a_card_it_would_buy_at_that_price_d09():
    """D-09, BL-014: B (60 Gold, a Studded Cudgel) is offered a Siege Maul (+4) for 60 Gold, a
    price it would pay in the shop: it accepts; the card and the Gold change hands."""
    g = _offered("siege_maul", 60, {}, {"gold": 60})
    assert _answer(g) == ("accept:60",)
    do(g, "accept:60")
    assert g.state.adventurers[1].backpack == ["siege_maul"] and g.state.adventurers[0].gold == 60


def test_declines_a_card_it_has_no_use_for_d09():
    """D-09: B, wearing a Great Barbute, is offered a Leather Cap: it adds nothing, so B declines."""
    g = _offered("leather_cap", 10, {}, {"gold": 60, "slots": {"weapon": "studded_cudgel", "headgear": "great_barbute"}})
    assert _answer(g) == ("decline",)


def test_declines_the_runaway_leader_unless_it_gains_twice_as_much_d09():
    """D-09, section 6: a Leather Cap for 20 Gold is a small gain to B; from A, two Medals ahead (the
    runaway leader), who gains the Gold, B declines; from A level with B it accepts."""
    assert _answer(_offered("leather_cap", 20, {"medals": 2}, {"gold": 40})) == ("decline",)
    assert _answer(_offered("leather_cap", 20, {}, {"gold": 40})) == ("accept:20",)


def test_offers_a_spare_weapon_to_an_ally_for_its_sale_value_d09():
    """D-09: A wears a Siege Maul; the Miner's Warpick in its backpack is dominated (A would sell it
    for 15). B, a Medal behind A, has a weaker Studded Cudgel (+1): A offers B the Warpick for its
    sale value."""
    a = adventurer("A", medals=1, slots={"weapon": "siege_maul"}, backpack=["miners_warpick"], **{"class": "warrior"})
    g = position([a, adventurer("B", gold=40)], start="market", zone=QUIET_ZONE, dealer=0)
    assert _answer(g) == ("offer:miners_warpick",)
    do(g, "offer:miners_warpick")
    assert _answer(g) == ("to:1",)
    do(g, "to:1")
    assert _answer(g) == ("price:15",)


def test_no_offer_to_an_ally_not_behind_in_medals_d09():
    """D-09, section 6: the same spare Warpick is sold, not offered, when B is level with A in
    Medals: what A gives must not lift a rival in the race."""
    a = adventurer("A", medals=1, slots={"weapon": "siege_maul"}, backpack=["miners_warpick"], **{"class": "warrior"})
    g = position([a, adventurer("B", gold=40, medals=1)], start="market", zone=QUIET_ZONE, dealer=0)
    assert _answer(g) == ("sell:miners_warpick",)


def test_a_rich_adventurer_funds_an_ally_gear_d09():
    """D-09, cooperation stance: A has 400 Gold and no action left to buy with; B (a Medal behind,
    10 Gold, a Studded Cudgel, an action left) cannot pay for the Siege Maul in the shop: A gives
    B Gold, the least gift that covers the 80 B is short of (50, then more)."""
    a = adventurer("A", gold=400, actions_left=0, medals=1, slots={"weapon": "siege_maul"}, **{"class": "warrior"})
    g = position([a, adventurer("B", gold=10)], start="market_turn", zone=QUIET_ZONE, dealer=0,
                 shop=["siege_maul#2", "leather_cap", "smoked_goggles", "quilted_gambeson"])
    assert _answer(g) == ("give_gold:1",)
    do(g, "give_gold:1")
    assert _answer(g) == ("gold:50",)


def test_gold_about_to_be_taken_goes_to_an_ally_bl017():
    """BL-017: A (15 Gold) loses to the Nagapon Warlord, who takes 20 Gold from whoever he beats:
    with nothing to turn the fight, A gives its 15 Gold to B (a Medal behind) rather than lose them."""
    a = adventurer("A", gold=15, medals=1, in_front=["nagapon_warlord"], backpack=["vial_of_absolution"])
    g = position([a, adventurer("B", drew_monster=True)], start="combat", zone=QUIET_ZONE,
                 dice=["white:1", "black:6"])
    d = pending(g, "help")
    assert d.seat == 0 and _answer(g) == ("give_gold:1",)
    do(g, "give_gold:1")
    assert _answer(g) == ("gold:15",)
