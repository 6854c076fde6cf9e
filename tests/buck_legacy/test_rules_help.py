"""Buck: Legacy rule tests: the windows in which Adventurers change what happens (BL-094, BL-115,
BL-173): who is asked and in what order, fair questions, and what may be done in them: single-
use items (BL-234 to BL-236), equipped devices paid in Tesla (BL-229, AK-16), companions'
rerolls (AK-10) and kinetic weapons (AK-13), helping and hindering (BL-202).
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.rulesets.buck_legacy import monsters
from tests.buck_legacy.helpers import adventurer, ctx_of, do, kinds, pending, position

QUIET_ZONE = "mossgrave_hollows"


def combat(advs, **scenario):
    scenario.setdefault("zone", QUIET_ZONE)
    return position(advs, start="combat", **scenario)


def moment(g):
    top = g.state.stack[-1] if g.state.stack else None
    return top["moment"] if top is not None and top["step"] == "help" else None


def cp(g):
    return monsters.combat_points(ctx_of(g))


def asked_in_window(g):
    """Pass the open window through, noting who is asked, until it closes."""
    window = g.state.stack[-1]
    seats = []
    while g.state.stack and g.state.stack[-1] is window and pending(g).window:
        d = pending(g)
        seats.append(d.seat)
        g.choose(d.seat, "pass")
        if len(seats) > 10:
            break
    return seats


# -- who is asked (BL-115, BL-094, BL-145) -----------------------------------------------------------

def test_compare_window_starts_with_the_fighter_and_goes_round_in_priority_order_bl115():
    """BL-115, BL-045: 4 Adventurers, the Dealer is B (seat 1); C (seat 2) fights: asked are C, D,
    A, B in that order, each once, then the window closes."""
    advs = [adventurer(n, backpack=["azure_draught"]) for n in "ABCD"]
    advs[2]["in_front"] = ["hungry_grey_wolf"]
    g = combat(advs, dealer=1, dice=["white:4", "black:3"])
    assert g.state.fight.fighter == 2
    assert asked_in_window(g) == [2, 3, 0, 1]


def test_a_seat_with_nothing_anyone_can_see_is_not_asked_and_a_backpack_always_is():
    """BL-115, fair questions: a seat with an empty backpack and nothing public to do (no Mana, no
    device, no Support) is not asked; a seat with any backpack card is asked, even when its only
    answer is "pass" (a forced pass), so that being asked tells nothing about the backpack."""
    a = adventurer("A", in_front=["hungry_grey_wolf"])
    b = adventurer("B", drew_monster=True)                           # nothing public
    c = adventurer("C", drew_monster=True, backpack=["vial_of_absolution"])   # nothing usable
    g = combat([a, b, c], dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 2 and d.forced_pass
    assert asked_in_window(g) == [2]


def test_stunned_adventurers_are_never_asked_bl145():
    """BL-145: a Stunned Adventurer helps nobody: even with a backpack and Mana, not asked."""
    a = adventurer("A", in_front=["hungry_grey_wolf"])
    b = adventurer("B", stunned=True, backpack=["jolt_capsule"], mana=10, **{"class": "cleric"})
    c = adventurer("C", backpack=["jolt_capsule"])
    g = combat([a, b, c], dice=["white:3", "black:3"])
    assert asked_in_window(g) == [2]


def test_acting_reopens_the_round_for_everyone_bl115():
    """BL-115: the window closes once A, B and C have each declined in turn; but when A acts
    (a Jolt Capsule on the white die), A is asked again at once, then B and C once more."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], backpack=["jolt_capsule"])
    b = adventurer("B", backpack=["azure_draught"])
    c = adventurer("C", backpack=["azure_draught"])
    g = combat([a, b, c], dice=["white:3", "black:3"])              # 5 against 5
    assert asked_in_window(g) == [0, 1, 2]
    g = combat([a, b, c], dice=["white:3", "black:3"])
    do(g, "use:jolt_capsule:white")
    assert asked_in_window(g) == [0, 1, 2]
    assert g.state.adventurers[0].defeated == ["hungry_grey_wolf"]   # 6 against 5 once all declined


def test_check_window_asks_the_checker_first_bl094():
    """BL-094: after an Escape die is rolled, the window asks the one who checks first, then the
    others in priority order."""
    a = adventurer("A", backpack=["azure_draught"])
    b = adventurer("B", in_front=["hungry_grey_wolf"], backpack=["azure_draught"])
    c = adventurer("C", backpack=["azure_draught"])
    g = combat([a, b, c], dice=["white:1", "black:6", "plain:1"])
    while moment(g) != "check":
        g.choose(pending(g).seat, "pass")
    assert asked_in_window(g) == [1, 2, 0]


# -- single-use items (BL-234 to BL-236) ---------------------------------------------------------------

def test_single_use_item_used_in_anothers_battle_and_discarded_bl235_bl236():
    """BL-234, BL-235, BL-236: B uses a Jolt Capsule (+1 to any one roll) from the backpack on A's
    white die during A's battle; the card goes to the Items discard pile."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], drew_monster=True)
    b = adventurer("B", backpack=["jolt_capsule"], drew_monster=True)
    g = combat([a, b], dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 1 and {"use:jolt_capsule:white", "use:jolt_capsule:black"} <= set(d.option_ids)
    do(g, "use:jolt_capsule:white")
    assert cp(g) == (6, 5)
    assert g.state.adventurers[1].backpack == [] and "jolt_capsule" in g.state.items_discard


def test_own_die_reroll_only_for_the_owner_of_the_die_ak10():
    """AK-10: a Gambler's Token rerolls one of its user's own dice: the fighter may reroll the
    white die (not the black), another Adventurer has no die of their own in this battle."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], backpack=["gamblers_token"])
    b = adventurer("B", backpack=["gamblers_token"])
    g = combat([a, b], dice=["white:1", "black:3", "white:6"], items_top=[])
    d = pending(g, "help")
    assert d.seat == 0 and "use:gamblers_token:white" in d.option_ids
    assert "use:gamblers_token:black" not in d.option_ids
    g.choose(0, "pass")
    d = pending(g, "help")
    assert d.seat == 1 and not any(o.startswith("use:gamblers_token") for o in d.option_ids)
    g = combat([a, b], dice=["white:1", "black:3", "white:6"])
    do(g, "use:gamblers_token:white")
    assert g.state.fight.white == 6 and cp(g) == (8, 5)


def test_set_a_die_and_reroll_any_die_bl013():
    """BL-013: a die may be changed any number of times after it is rolled: Fate's Loaded Die sets
    the black die to 6, a Chronometer Shard (reroll any die) rolls it again."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], backpack=["fates_loaded_die"])
    b = adventurer("B", backpack=["chronometer_shard"])
    g = combat([a, b], dice=["white:3", "black:1", "black:2"])
    do(g, "use:fates_loaded_die:black")
    assert g.state.fight.black == 6 and "fates_loaded_die" in g.state.treasure_discard
    do(g, "pass")                                                    # A may act again: declines
    do(g, "use:chronometer_shard:black")
    assert g.state.fight.black == 2 and cp(g) == (5, 4)


def test_check_only_item_works_only_on_its_check_ak09():
    """AK-09, BL-094: Smoke Pellets (+2 to an Escape check) are not offered in the Compare step,
    only on the Escape check's die (2 becomes 4 against 3+)."""
    a = adventurer("A", in_front=["drowned_sailor"], backpack=["smoke_pellets"])
    g = combat([a, adventurer("B")], dice=["white:1", "black:6", "plain:2"])
    d = pending(g, "help")
    assert not any(o.startswith("use:smoke_pellets") for o in d.option_ids)
    while moment(g) == "compare":
        g.choose(pending(g).seat, "pass")
    assert moment(g) == "check"
    do(g, "use:smoke_pellets:check")
    events = []
    while pending(g).window and moment(g) == "check":
        events += g.choose(pending(g).seat, "pass")
    check = next(e for e in events if e.kind == "check")
    assert check.data["final"] == 4 and check.data["passed"]


# -- devices, companions, kinetic weapons (BL-229, AK-10, AK-13, AK-16) ---------------------------------

def test_tesla_devices_pay_their_cost_and_need_the_tesla_bl229():
    """BL-229, AK-16: a Galvanic Amplifier (+1 to any roll, 2 Tesla) spends Tesla each use; with
    less than 2 Tesla it is not offered and refused."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], tesla=3,
                   slots={"weapon": "studded_cudgel", "other": "galvanic_amplifier"})
    g = combat([a, adventurer("B")], dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert "use:galvanic_amplifier:white" in d.option_ids
    do(g, "use:galvanic_amplifier:white")
    assert g.state.adventurers[0].tesla == 1 and cp(g) == (6, 5)
    d = pending(g, "help")
    assert d.seat == 0 and "use:galvanic_amplifier:white" not in d.option_ids
    with pytest.raises(IllegalChoice):
        g.choose(0, "use:galvanic_amplifier:white")
    assert g.state.adventurers[0].tesla == 1


def test_shield_device_gives_protection_in_the_combat_phase_ak07():
    """AK-07, BL-158, AK-16: the Aether Shield Generator (3 Tesla) gives +4 Protection until the
    end of the Combat Phase, usable in a Boss round's red window against a Volley (Protection 4 +
    Brigandine 3 + Barbute 3 = 10 against Level 8)."""
    from game.rulesets.buck_legacy import stats

    f = adventurer("F", tesla=3, backpack=["azure_draught"],
                   slots={"weapon": "studded_cudgel", "other": "aether_shield_generator",
                          "armour": "riveted_brigandine"})
    g = position([f, adventurer("E", backpack=["azure_draught"])], start="boss", zone="ebony_bloody_rose",
                 dice=["red:4", "white:3", "black:3"])
    assert moment(g) == "red"
    do(g, "use:aether_shield_generator")
    assert stats.protection(g.state, g.system.content, 0) == 7 and g.state.adventurers[0].tesla == 0
    barbute = dict(f, slots=dict(f["slots"], headgear="great_barbute"))
    g = position([barbute, adventurer("E", backpack=["azure_draught"])], start="boss", zone="ebony_bloody_rose",
                 dice=["red:4", "white:3", "black:3"])
    do(g, "use:aether_shield_generator")
    events = []
    while moment(g) == "red":
        events += g.choose(pending(g).seat, "pass")
    assert not g.state.adventurers[0].stunned and "dice" in kinds(events)


def test_companion_reroll_once_per_phase_and_blessing_once_only_ak10():
    """AK-10: the Lucky Ferret (a Companion) rerolls one of its holder's dice once per Combat
    Phase; Fortune's Favour gives one reroll while it is attached (once only)."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], attached=["lucky_ferret", "fortunes_favour"])
    g = combat([a, adventurer("B")], dice=["white:1", "black:3", "white:2", "white:5"])
    d = pending(g, "help")
    assert {"use:lucky_ferret:white", "use:fortunes_favour:white"} <= set(d.option_ids)
    do(g, "use:lucky_ferret:white")
    assert g.state.fight.white == 2
    d = pending(g, "help")
    assert "use:lucky_ferret:white" not in d.option_ids and "use:fortunes_favour:white" in d.option_ids
    do(g, "use:fortunes_favour:white")
    assert g.state.fight.white == 5
    assert not any(o.startswith("use:") for o in pending(g).option_ids)
    assert g.state.adventurers[0].used_once == ["fortunes_favour"]


def test_tesla_kinetic_device_once_per_phase_ak13():
    """AK-13, AK-16, BL-155: the Voltaic Discharger deals 1 Instant Damage for 2 Tesla, once per
    Combat Phase, even with Tesla left."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], tesla=6,
                   slots={"weapon": "studded_cudgel", "other": "voltaic_discharger"})
    g = combat([a, adventurer("B")], dice=["white:3", "black:3"])
    do(g, "use:voltaic_discharger")
    assert cp(g) == (5, 4) and g.state.adventurers[0].tesla == 4
    assert "use:voltaic_discharger" not in pending(g).option_ids


# -- helping and hindering (BL-202) ------------------------------------------------------------------

def test_help_is_never_forced_and_hindering_is_allowed_bl202():
    """BL-202, BL-138: nobody is made to help: B may simply pass instead of Supporting, and C may
    hinder A with a Jolt Capsule on the Monster's black die (a Parry becomes a loss)."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], drew_monster=True)
    b = adventurer("B")
    c = adventurer("C", backpack=["jolt_capsule"], drew_monster=True)
    g = combat([a, b, c], dice=["white:3", "black:3", "plain:6"])
    d = pending(g, "help")
    assert d.seat == 1 and "support" in d.option_ids and "pass" in d.option_ids
    g.choose(1, "pass")
    do(g, "use:jolt_capsule:black")
    assert cp(g) == (5, 6)
    events = []
    while moment(g) == "compare":
        events += g.choose(pending(g).seat, "pass")
    assert "lose" in kinds(events) and g.state.adventurers[0].support_received == 0


def test_a_mana_device_restores_mana_for_its_tesla_ak15_bl229():
    """AK-15, BL-229: the Perpetual Dynamo (equipped Treasure: 3 Mana for 2 Tesla) is offered in a
    window while its wearer's Mana is below the maximum and they hold the Tesla; using it pays the
    Tesla and gives the Mana (never above the maximum)."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], tesla=2, mana=8,
                   slots={"weapon": "studded_cudgel", "other": "perpetual_dynamo"})
    g = combat([a, adventurer("B")], dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 0 and "use:perpetual_dynamo" in d.option_ids
    do(g, "use:perpetual_dynamo")
    adv = g.state.adventurers[0]
    assert (adv.tesla, adv.mana) == (0, 10)  # 8 + 3, kept at the maximum of 10
    assert "use:perpetual_dynamo" not in pending(g, "help").option_ids


# -- Gold, which may change hands at any time (BL-017) ----------------------------------------------------

def test_gold_may_be_given_in_a_fight_window_bl017():
    """BL-017: in the Compare window the fighter may give Gold (asked how much above the window,
    which then asks the fighter again); cards may not change hands there (BL-018)."""
    a = adventurer("A", gold=20, in_front=["hungry_grey_wolf"], backpack=["azure_draught"])
    g = combat([a, adventurer("B", drew_monster=True)], dice=["white:3", "black:3"])
    d = pending(g, "help")
    assert d.seat == 0 and "give_gold:1" in d.option_ids and not any(o.startswith("give:") for o in d.option_ids)
    do(g, "give_gold:1")
    assert pending(g, "give_gold").seat == 0
    do(g, "gold:10")
    assert [x.gold for x in g.state.adventurers] == [10, 10]
    d = pending(g, "help")
    assert d.seat == 0 and d.rule == "BL-115"


def test_gold_alone_makes_nobody_asked_in_a_window_bl017():
    """BL-017, fair questions: B, with Gold but nothing else to do that anyone can see (no backpack
    card, no Mana, a Monster of its own), is not asked in A's Compare window: Gold changes no die."""
    a = adventurer("A", gold=20, in_front=["hungry_grey_wolf"], backpack=["azure_draught"])
    g = combat([a, adventurer("B", gold=50, drew_monster=True)], dice=["white:3", "black:3"])
    seats = []
    while (d := pending(g)).window:
        seats.append(d.seat)
        g.choose(d.seat, "pass")
    assert 1 not in seats
