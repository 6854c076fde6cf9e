"""Buck: Legacy rule tests: Zone and Dungeon Boss cards (BL-160 to BL-188), the rulebook's Boss
example (BLT-06) and the derived Boss cases (BLT-27, BLT-31 to BLT-35).

A Boss round rolls the red die first (its window may change it), then the white and black dice;
dice scripts list them in that order: "red:n", "white:n", "black:n", then "plain:n" for an
Escape check after a loss.
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.rulesets.buck_legacy import monsters, stats
from game.rulesets.buck_legacy.vocabulary import describe
from tests.buck_legacy.helpers import adventurer, ctx_of, do, kinds, pending, position

ROSE = "ebony_bloody_rose"   # Thornveil Conservatory / Ebony Bloody Rose: Level 8, HP 4, Escape 4+,
#                              resists Cutting, vulnerable to Fire; red 6 attaches a Curse


def boss(advs, zone=ROSE, **scenario):
    """A Boss Combat Phase about to begin (the Boss is up)."""
    return position(advs, start="boss", zone=zone, **scenario)


def moment(g):
    top = g.state.stack[-1] if g.state.stack else None
    return top["moment"] if top is not None and top["step"] == "help" else None


def passing(g, stop=None):
    """Pass every window (until ``stop``(events) says so); the events on the way."""
    events = []
    while (d := g.pending()) is not None and d.window:
        events += g.choose(d.seat, "pass")
        if stop is not None and stop(events):
            break
    return events


def to(g, wanted):
    """Pass windows until the help window of moment ``wanted`` is open."""
    events = []
    while moment(g) != wanted:
        d = pending(g)
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        events += g.choose(d.seat, "pass")
    return events


def holder(name, **fields):
    """An Adventurer with a card in the backpack that helps nobody here (a Vial of Absolution,
    with no Curse to lift): they are asked in every window and at Preparation, so play waits."""
    fields.setdefault("backpack", ["vial_of_absolution"])
    return adventurer(name, **fields)


def cp(g):
    return monsters.combat_points(ctx_of(g))


# -- BLT-06: the rulebook's Boss example -----------------------------------------------------------

def rose_example(e_protection_gear="great_barbute"):
    """F (Dealer, CS 4, Protection 2) and E (Protection 3, one Trophy card); 8 Distance counters."""
    f = holder("F", race="ogrekin", slots={"weapon": "studded_cudgel", "armour": "boiled_leather_jerkin"},
               distance_deck=["nagapon_scout", "nagapon_slinger", "rattlebone_shambler", "giant_bog_leech"])
    e = holder("E", slots={"weapon": "studded_cudgel", "headgear": e_protection_gear},
               distance_deck=["hungry_grey_wolf", "cinder_sprite", "brass_scuttler", "rusted_sentry", "tusked_boar"],
               defeated=["tusked_boar"])
    return f, e


def test_boss_battle_example_blt06():
    """BLT-06, BL-079, BL-166, BL-167, BL-168, BL-169, BL-170, BL-171, BL-172, BL-173, BL-176,
    BL-178, BL-179, BL-182, BL-183, BL-185, BL-144: with 8 Distance counters the Zone turns to
    Ebony Bloody Rose (Level 8, HP 4, Escape 4+); no Dungeon card is drawn; after Preparation
    the Boss Combat Phase begins. F: red 1 (Stumble), white 3, black 6: 7 against 8 + 5 = 13, F
    loses and escapes on a 4 (no Gold). E: red 4 (Volley), Protection 3 < 8: Stunned at once, no
    combat dice, his Trophy card lost. Phase 2, only F, with no Exploration between: red 2,
    white 6, black 1: 10 against 9, the Boss drops to 3 HP, no Loot, and Phase 3 begins."""
    f, e = rose_example()
    g = position([f, e], start="exploration", zone=ROSE, dealer=0,
                 dice=["red:1", "white:3", "black:6", "plain:4", "red:4", "red:2", "white:6", "black:1"])
    events = list(g.initial_events)
    assert "boss" in kinds(events) and "boss_up" in kinds(events)
    assert "dungeon_draw" not in kinds(events)                         # BL-167
    assert g.state.boss_up and g.state.boss_hp == 4
    ctx = ctx_of(g)
    boss_card = monsters.boss_of(ctx)
    assert (boss_card.name, boss_card.level, boss_card.hp, boss_card.escape) == ("Ebony Bloody Rose", 8, 4, 4)
    assert not stats.zone_effects(g.state, g.system.content)            # the Zone's rule is off (BL-166)
    d = pending(g, "preparation")                                        # BL-168
    assert d.rule == "BL-168"
    do(g, "end", "end")
    events = passing(g, stop=lambda ev: sum(1 for x in ev if x.kind == "boss_phase") >= 2)
    f_adv, e_adv = g.state.adventurers
    dice = [x for x in events if x.kind == "dice"]
    assert dice[0].data["fighter_cp"] == 7 and dice[0].data["monster_cp"] == 13   # black 6 - 1 (Stumble)
    assert "escape" in kinds(events) and f_adv.active and f_adv.gold == 0
    volley = [x for x in events if x.kind == "volley"]
    assert volley and e_adv.stunned
    assert len(dice) == 2                                                  # E rolled no combat dice
    assert e_adv.distance_deck == ["hungry_grey_wolf", "cinder_sprite", "brass_scuttler", "rusted_sentry"]
    assert "tusked_boar" in g.state.dungeon_discard
    assert dice[1].data["fighter_cp"] == 10 and dice[1].data["monster_cp"] == 9
    assert "boss_hit" in kinds(events) and g.state.boss_hp == 3
    assert f_adv.gold == 0                                                  # no Loot from a Boss (BL-176)
    assert kinds(events).count("boss_phase") == 2 and g.state.dice_script == []
    assert not g.over and g.state.boss_up


def test_protection_spell_against_volley_needs_enough_to_reach_the_level_blt06_a21():
    """BLT-06 variants, BL-215, BL-185, A-21: F casts Protection (+4) on E in the red die's window:
    E's 3 becomes 7, still below the Rose's Level 8, and E is Stunned; with 4 Protection of his
    own, the spell gives 8 and the Volley does nothing."""
    for headgear, stunned in (("great_barbute", True), ("cogwork_chainmail", False)):
        slot = "headgear" if headgear == "great_barbute" else "armour"
        f = adventurer("F", mana=10, race="aelvari", **{"class": "necromancer"})
        e = holder("E", slots={"weapon": "studded_cudgel", slot: headgear})
        g = boss([f, e], dice=["red:4"], dealer=1)                           # E fights first
        to(g, "red")
        while pending(g).seat != 0:
            do(g, "pass")
        do(g, "cast:protection:1")
        assert g.state.adventurers[1].temp_protection == 4
        events = passing(g, stop=lambda ev: "boss_attack" in kinds(ev) and len(ev) > 3)
        assert g.state.adventurers[1].stunned is stunned
        assert next(x for x in events if x.kind == "volley")


def test_no_support_against_a_boss_bl142():
    """BL-142, BL-174: in a Boss round nobody is offered Support, even an Adventurer who drew no
    Monster; the attempt is refused."""
    f = holder("F")
    e = holder("E", drew_monster=False)
    g = boss([f, e], dice=["red:2", "white:3", "black:3"])
    to(g, "compare")
    while pending(g).seat != 1:
        do(g, "pass")
    assert "support" not in pending(g).option_ids
    with pytest.raises(IllegalChoice):
        g.choose(1, "support")


# -- the Boss Attack table (BL-182 to BL-188, BLT-31 to BLT-33) ---------------------------------------

def first_round(red, white, black, *, zone=ROSE, fighter=None, **scenario):
    f = fighter or holder("F")
    g = boss([f, holder("E")], zone=zone, dice=[f"red:{red}", f"white:{white}", f"black:{black}"], **scenario)
    return g


def test_stumble_minus_one_and_floor_bl182_blt08():
    """BL-182, BL-117, BLT-08: Stumble gives the Boss -1 on its roll: black 4 counts 3, and black
    1 stays 1."""
    from game.rulesets.buck_legacy.dice_changes import final_black

    g = first_round(1, 3, 4)
    to(g, "compare")
    assert final_black(ctx_of(g)) == 3 and cp(g)[1] == 8 + 3
    g = first_round(1, 3, 1)
    to(g, "compare")
    assert final_black(ctx_of(g)) == 1


def test_regular_strike_and_furious_attack_bl183_bl184():
    """BL-183, BL-184: Regular Strike changes nothing; Furious Attack gives +1 to the Boss's roll."""
    g = first_round(2, 3, 4)
    to(g, "compare")
    assert cp(g) == (2 + 3, 8 + 4)
    g = first_round(3, 3, 4)
    to(g, "compare")
    assert cp(g) == (2 + 3, 8 + 5)


def test_volley_blocked_by_protection_equal_to_level_blt31():
    """BLT-31, BL-185: Protection 8 (Wyrmhide Hauberk 5 + Great Barbute 3) against the Rose's Level
    8: the Volley does nothing and the combat dice are rolled."""
    f = holder("F", slots={"weapon": "studded_cudgel", "armour": "wyrmhide_hauberk", "headgear": "great_barbute"})
    g = first_round(4, 3, 4, fighter=f)
    events = to(g, "compare")
    assert not g.state.adventurers[0].stunned and "dice" in kinds(events)


def test_volley_compares_with_the_current_level_a41():
    """BL-185, A-41, BL-226: the Volley compares Protection with the Boss's current Level: after an
    Acid Storm this phase (Level 7), Protection 7 holds."""
    f = holder("F", mana=10, race="aelvari", slots={"weapon": "studded_cudgel", "armour": "cogwork_chainmail",
                                                       "headgear": "great_barbute"}, **{"class": "runeweaver"})
    g = first_round(4, 3, 4, fighter=f)
    to(g, "red")
    assert pending(g).seat == 0
    do(g, "cast:acid_storm")
    assert monsters.level(ctx_of(g)) == 7
    events = to(g, "compare")
    assert not g.state.adventurers[0].stunned and "dice" in kinds(events)


def test_ground_slam_and_flight_blt32():
    """BLT-32, BL-186, BL-218: red 5 and white 5: without Flight the final white is 3; after E
    casts Crystal Wings on the fighter in the red die's window it stays 5."""
    from game.rulesets.buck_legacy.dice_changes import final_white

    g = first_round(5, 5, 1)
    to(g, "compare")
    assert final_white(ctx_of(g)) == 3
    e = holder("E", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F"), e], dice=["red:5", "white:5", "black:1"])
    to(g, "red")
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:crystal_wings:0")
    assert g.state.adventurers[0].flight_until == "adventure"           # the Boss is up (BL-218)
    to(g, "compare")
    assert final_white(ctx_of(g)) == 5


def test_parry_keeps_the_red_die_blt33():
    """BLT-33, BL-175, BL-127: red 3 (Furious Attack) and a Parry: the red die is not rolled
    again and the +1 stays on the new black die."""
    f = holder("F", race="ogrekin")                                   # CS 4
    g = boss([f, holder("E")], dice=["red:3", "white:6", "black:1", "white:6", "black:1"])
    events = to(g, "compare")
    assert cp(g) == (10, 10)
    events = passing(g, stop=lambda ev: "parry" in kinds(ev) and "dice" in kinds(ev))
    assert [x for x in events if x.kind == "roll" and x.data.get("die") == "red"] == []
    assert g.state.fight.attack == 3 and cp(g) == (10, 10)             # black 1 + 1 again
    assert g.state.dice_script == []


def test_red_six_special_abilities_bl187():
    """BL-187, BL-165, plan 2.3: a red 6 makes each Boss use its own Special Ability on the fighter:
    +3 to its roll (Mossgrave Matron), steal 20 Gold (Mother of Eels), heal 1 HP never above its
    start (the Scrap Tyrant, at 2 and at 3 of 3: BL-135), attach a Curse from the Dungeon discard pile
    (Ebony Bloody Rose), drain Mana (the Ossuary King), lose without Flight (the Tempest Wyrm),
    and a check that Stuns on failure (the Drowned Bishop's Fear 5+)."""
    g = first_round(6, 3, 2, zone="mossgrave_hollows")
    to(g, "compare")
    assert cp(g)[1] == 6 + 2 + 3
    g = first_round(6, 3, 2, zone="saltmarsh_fens", fighter=holder("F", gold=25))
    to(g, "compare")
    assert g.state.adventurers[0].gold == 5
    for hp, healed in ((2, 3), (3, 3)):
        g = first_round(6, 3, 2, zone="brassworks_gulch", boss_hp=hp)
        to(g, "compare")
        assert g.state.boss_hp == healed
    g = boss([holder("F"), holder("E")], dice=["red:6", "white:3", "black:2"])
    assert moment(g) == "red"
    g.state.dungeon_discard.append("trembling_hands")   # (set up while the red die's window is open)
    to(g, "compare")
    assert g.state.adventurers[0].attached == ["trembling_hands"] and "trembling_hands" not in g.state.dungeon_discard
    g = first_round(6, 3, 2, zone="ossuary_of_kings", fighter=holder("F", mana=7, race="aelvari"))
    to(g, "compare")
    assert g.state.adventurers[0].mana == 0
    g = first_round(6, 6, 1, zone="skyreach_spires", fighter=holder("F", race="ogrekin"))
    events = passing(g, stop=lambda ev: "check" in kinds(ev) or "useless" in kinds(ev))
    assert "dice" not in kinds(events) and ("check" in kinds(events) or pending(g).kind == "useless")
    g = boss([holder("F"), holder("E")], zone="sunken_cathedral", dice=["red:6", "plain:4"])
    events = passing(g, stop=lambda ev: "stun" in kinds(ev))
    assert g.state.adventurers[0].stunned


def test_red_die_window_communicator_power_shunt_and_voltage_surge_bl188():
    """BL-188, BL-173, BL-229, BL-217, BL-222: in the red die's window the die may be changed: a
    Communicator (2 Tesla) rerolls a Volley (4) into a 2; Power Shunt rerolls it too; Voltage
    Surge adds 1 (a 3 becomes a 4). The result is what the final value says."""
    f = holder("F", tesla=3, slots={"weapon": "studded_cudgel", "other": "communicator"})
    g = boss([f, holder("E")], dice=["red:4", "red:2", "white:3", "black:3"])
    assert moment(g) == "red" and pending(g).seat == 0
    assert "use:communicator:red" in pending(g).option_ids
    do(g, "use:communicator:red")
    assert g.state.adventurers[0].tesla == 1 and g.state.fight.red == 2
    assert "use:communicator:red" not in pending(g).option_ids        # 1 Tesla left: cannot pay
    events = to(g, "compare")
    assert g.state.fight.attack == 2 and not g.state.adventurers[0].stunned

    caster = holder("E", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F"), caster], dice=["red:4", "red:1", "white:3", "black:3"])
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:power_shunt:red")
    assert g.state.fight.red == 1 and g.state.adventurers[1].mana == 7
    assert "cast:power_shunt:red" not in pending(g).option_ids         # once per Combat Phase
    to(g, "compare")
    assert g.state.fight.attack == 1

    g = boss([holder("F"), holder("E", mana=10, race="aelvari", **{"class": "runeweaver"})],
             dice=["red:3"])
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:voltage_surge:red")
    events = passing(g, stop=lambda ev: "boss_attack" in kinds(ev))
    attack = next(x for x in events if x.kind == "boss_attack")
    assert attack.data["value"] == 4 and g.state.adventurers[0].stunned   # Volley: Protection 0 < 8


def test_rogue_leaving_a_boss_round_gains_nothing_blt27():
    """BLT-27, BL-132, BL-179, BL-178: a Rogue who loses a Boss round and passes the Escape check
    leaves the round (Active, to fight next phase) but gains no Gold: it is not an escape."""
    f = holder("F", gold=5, **{"class": "rogue"})
    g = boss([f, holder("E")], dice=["red:2", "white:1", "black:6", "plain:6"])
    events = passing(g, stop=lambda ev: "check" in kinds(ev))
    if pending(g).kind == "useless":
        events += do(g, "roll")
        events += passing(g, stop=lambda ev: "check" in kinds(ev))
    assert next(x for x in events if x.kind == "check").data["passed"]
    assert g.state.adventurers[0].active and g.state.adventurers[0].gold == 5


def test_failed_escape_from_the_boss_stuns_bl178():
    """BL-178, BL-144: failing the Escape check against the Boss Stuns; Protection at least the
    Boss's printed Level (8) keeps the Trophy cards."""
    gear = {"weapon": "studded_cudgel", "armour": "wyrmhide_hauberk", "headgear": "great_barbute"}   # 8
    for slots, kept in ((gear, True), ({"weapon": "studded_cudgel"}, False)):
        f = holder("F", race="ogrekin", slots=slots, distance_deck=["tusked_boar"], defeated=["tusked_boar"])
        g = boss([f, holder("E")], dice=["red:2", "white:1", "black:6", "plain:1"])
        events = passing(g, stop=lambda ev: "stun" in kinds(ev))
        if pending(g).kind == "useless":
            events += do(g, "roll") + passing(g, stop=lambda ev: "stun" in kinds(ev))
        assert g.state.adventurers[0].stunned
        assert (g.state.adventurers[0].distance_deck == ["tusked_boar"]) is kept


@pytest.mark.parametrize("race, weapon, allowed", [
    ("ironscale_saurian", "studded_cudgel", True),        # CS 1 + 1 + 1 = 3: 9 <= 10
    ("ironscale_saurian", "blacksmiths_hammer", True),    # CS 1 + 1 + 2 = 4: 10 <= 10
    ("ogrekin", "blacksmiths_hammer", False),             # CS 2 + 1 + 2 = 5: 11 > 10
])
def test_our_weapons_are_useless_blt34(race, weapon, allowed):
    """BLT-34, BL-180, A-42: against a Level 9 Boss (the Drowned Bishop) an Adventurer with CS 3 or
    4 may fail the Escape check on purpose (CS + 6 <= 10); with CS 5 they may not and roll it."""
    f = holder("F", race=race, slots={"weapon": weapon})
    dice = ["red:2", "white:1", "black:6"] + ([] if allowed else ["plain:6"])
    g = boss([f, holder("E")], zone="sunken_cathedral", dice=dice)
    passing(g, stop=lambda ev: "lose" in kinds(ev))
    d = pending(g)
    if allowed:
        assert d.kind == "useless" and d.rule == "BL-180" and set(d.option_ids) == {"roll", "fail"}
        events = do(g, "fail")
        assert g.state.adventurers[0].stunned and "useless" in kinds(events)
        assert not any(x.kind == "roll" and x.data.get("check") == "escape" for x in events)
    else:
        assert d.kind != "useless"
        assert moment(g) == "check"


def test_useless_counts_the_resistance_adjusted_weapon_a42():
    """A-42: the test uses the current CS, the weapon adjusted for resistance: a Notched Shortsword
    (Cutting, +2) counts +0 against the Rose (resists Cutting), so CS 1 + 2 (Ogrekin) ... here
    Ranger 1 + Ogrekin 2 + 0 = 3 and 3 + 6 <= 9: allowed; with a Crushing weapon of +2 (CS 5)
    it is not (11 > 9)."""
    for weapon, allowed in (("notched_shortsword", True), ("blacksmiths_hammer", False)):
        f = holder("F", race="ogrekin", slots={"weapon": weapon})
        g = boss([f, holder("E")], dice=["red:2", "white:1", "black:6", "plain:6"])
        passing(g, stop=lambda ev: "lose" in kinds(ev))
        assert (pending(g).kind == "useless") is allowed


def test_roll_penalties_can_make_weapons_useless_unless_literal_a55():
    """BL-180, A-55: CS 5 against Level 9 is not useless by the printed test (11 > 10), but with
    Trembling Hands (-1 to combat rolls) the best white is 5 and 5 + 5 <= 10: the voluntary
    failure is allowed, unless the host chose the literal test ("literal_useless")."""
    for options, allowed in (({}, True), ({"literal_useless": True}, False)):
        f = holder("F", race="ogrekin", slots={"weapon": "blacksmiths_hammer"}, attached=["trembling_hands"])
        g = boss([f, holder("E")], zone="sunken_cathedral", options=options,
                 dice=["red:2", "white:1", "black:6", "plain:6"])
        passing(g, stop=lambda ev: "lose" in kinds(ev))
        assert (pending(g).kind == "useless") is allowed


TYRANT = "brassworks_gulch"  # Brassworks Gulch / the Scrap Tyrant: Level 6, HP 3, Escape 3+,
#                             resists Crushing; red 6 heals it 1 HP


@pytest.mark.parametrize("race, cs, allowed", [
    ("cogborn", 3, True),    # 1 win in 11 rolls (3 of 36, ties rolled again) against 1 heal in 6
    ("ogrekin", 5, False),   # 10 wins in 31 rolls: faster than the Boss heals
])
def test_a_boss_that_heals_faster_than_the_fighter_wounds_it_makes_weapons_useless_a55(race, cs, allowed):
    """BL-180, A-55: against the Scrap Tyrant (Level 6, heals 1 HP on a red 6) a Ranger with a
    Notched Shortsword (CS 3) can win a round (9 > 7), so the printed test does not let them fail
    on purpose; but they win only 3 rolls in 36 (a tie, 3 in 36, is rolled again), fewer than the
    1 in 6 the Boss heals, and as the last Active fighter they would fight it for thousands of
    rounds: the voluntary failure is allowed, unless the host chose the literal test. With CS 5
    (an Ogrekin) they outpace the healing and roll the Escape check."""
    for options, literal in (({}, False), ({"literal_useless": True}, True)):
        f = holder("F", race=race, slots={"weapon": "notched_shortsword"})
        g = boss([f, holder("E", stunned=True)], zone=TYRANT, options=options,
                 dice=["red:2", "white:1", "black:6", "plain:6"])
        assert stats.combat_strength(g.state, g.system.content, 0, *monsters.resist_and_vulnerable(ctx_of(g))) == cs
        passing(g, stop=lambda ev: "lose" in kinds(ev))
        assert (pending(g).kind == "useless") is (allowed and not literal)


def test_the_last_fighter_outpaced_by_a_healing_boss_ends_the_fight_a55():
    """A-55, BL-181, D-20: the last Active Adventurer (CS 3) against the Scrap Tyrant loses a round;
    the normal AI fails the Escape check on purpose, the whole party is Stunned, the Adventure
    ends and the Boss card goes back to the deck (BL-181): the game goes on instead of a fight that would last thousands of
    rounds without a question to anyone."""
    from game.core.rng import Rng
    from game.rulesets.buck_legacy import ai

    f = holder("F", slots={"weapon": "notched_shortsword"})
    g = boss([f, holder("E", stunned=True)], zone=TYRANT, boss_hp=2, dice=["red:2", "white:1", "black:6"])
    passing(g, stop=lambda ev: "lose" in kinds(ev))
    d = pending(g, "useless")
    answer = ai.choose(g.view_for(0), d, Rng.seeded(1))
    assert answer == ("fail",)
    events = g.choose(0, answer)
    assert [k for k in kinds(events) if k in ("useless", "stun", "zone_back", "adventure_end")] == \
        ["useless", "stun", "adventure_end", "zone_back"]
    assert not g.state.boss_up and g.state.part == "market"


def test_a_win_takes_one_hp_and_the_next_adventurer_fights_blt35():
    """BLT-35, BL-176: the Boss at 3 HP loses a round: 2 HP; the winner does not roll again, the
    next Adventurer in priority fights."""
    g = boss([holder("F", race="ogrekin"), holder("E")], boss_hp=3,
             dice=["red:2", "white:6", "black:1", "red:2"])
    events = passing(g, stop=lambda ev: "boss_hit" in kinds(ev))
    assert g.state.boss_hp == 2
    to(g, "red")
    assert g.state.fight.fighter == 1
    assert kinds(events).count("dice") == 1


def test_boss_defeat_ends_the_adventure_at_once_bl177():
    """BL-177, BL-197, BL-198: the Boss's last HP falls in F's round: the Adventure ends at once
    (E does not fight), the Boss-defeated Medals are given and every Adventurer takes a
    Treasure."""
    g = boss([holder("F", race="ogrekin"), holder("E")], boss_hp=1, dice=["red:2", "white:6", "black:1"])
    events = passing(g, stop=lambda ev: "adventure_end" in kinds(ev))
    assert "boss_defeated" in kinds(events)
    assert "battle" not in kinds(events)                                 # E's round never starts
    assert g.state.bosses_defeated == 1 and ROSE in g.state.removed
    assert [a.medals for a in g.state.adventurers] == [1, 1]            # both Active
    assert pending(g).kind == "keep_treasure" and pending(g).seat == 0


def test_kingslayer_bolt_can_fell_the_boss_in_the_compare_window_bl177():
    """BL-177, BL-165, BL-235: a single-use Boss -1 HP card used in the Compare step takes the
    Boss's last HP: the Adventure ends at once, before the comparison."""
    f = holder("F", backpack=["kingslayer_bolt"])
    g = boss([f, holder("E")], boss_hp=1, dice=["red:2", "white:1", "black:6"])
    to(g, "compare")
    assert pending(g).seat == 0
    events = do(g, "use:kingslayer_bolt")
    assert "boss_defeated" in kinds(events) and "lose" not in kinds(events)
    assert g.state.bosses_defeated == 1


def test_whole_party_stunned_heals_the_boss_and_returns_its_card_bl181():
    """BL-181, BL-195, BL-148: F is the last Active Adventurer and is Stunned: the Adventure ends,
    the Rose's card goes back to the purple deck (Zone side up), and when it appears again it
    has all 4 HP."""
    f = holder("F")
    e = holder("E", stunned=True)
    g = boss([f, e], boss_hp=2, dice=["red:4"])                         # Volley: Protection 0 < 8
    events = passing(g, stop=lambda ev: "adventure_end" in kinds(ev))
    assert "adventure_end" in kinds(events) and g.state.bosses_defeated == 0
    assert ROSE in g.state.purple and ROSE not in g.state.removed and not g.state.boss_up
    distance = ["nagapon_scout", "nagapon_slinger", "rattlebone_shambler", "giant_bog_leech",
                "hungry_grey_wolf", "cinder_sprite", "brass_scuttler", "rusted_sentry"]
    again = position([holder("F", distance_deck=distance), holder("E")], start="exploration", zone=ROSE)
    assert again.state.boss_up and again.state.boss_hp == 4


def test_revived_in_a_boss_phase_fights_from_the_next_one_bl153():
    """BL-153, BL-220, BL-171: E, Stunned, is revived by F's Healing in F's round: E does not
    fight in this Boss Combat Phase; the next phase begins with F, then E."""
    f = holder("F", race="ogrekin", mana=10, slots={"weapon": "blacksmiths_hammer"}, **{"class": "cleric"})  # CS 4
    e = holder("E", stunned=True)
    g = boss([f, e], dice=["red:2", "white:6", "black:1", "red:2", "white:6", "black:1", "red:2"])
    assert pending(g).seat == 0 and "cast:healing:1" in pending(g).option_ids
    do(g, "cast:healing:1")
    assert g.state.adventurers[1].active
    events = passing(g, stop=lambda ev: sum(1 for x in ev if x.kind == "battle") >= 2)
    # F's round ends and E sits out the rest of this phase; the next phase has F, then E.
    assert [x.data["seat"] for x in events if x.kind == "battle"] == [0, 1]
    assert kinds(events).index("boss_phase") < kinds(events).index("battle")


# -- Zone and Boss cards (BL-160 to BL-166) --------------------------------------------------------

def test_zone_rule_and_modifiers_hold_only_while_the_zone_is_up_bl161_bl162_bl166():
    """BL-160, BL-161, BL-162, BL-166: in the Thornveil Conservatory (Level +1, Loot +5, "-1 CS with
    a Fire weapon") a Fire weapon loses 1 CS and Monsters are one Level higher and pay 5 more
    Loot; once the card has turned to Ebony Bloody Rose, none of that applies."""
    a = adventurer("A", slots={"weapon": "dragons_tongue"}, in_front=["hungry_grey_wolf"])
    g = position([a, holder("B")], start="combat", zone=ROSE, dice=["white:6", "black:1"])
    ctx = ctx_of(g)
    assert monsters.level(ctx) == 3 and monsters.loot(ctx) == 15
    assert cp(g)[0] == 6 + 2 - 1
    g = boss([adventurer("A", slots={"weapon": "dragons_tongue"}), holder("B")], dice=["red:2", "white:6", "black:1"])
    to(g, "compare")
    assert monsters.level(ctx_of(g)) == 8
    assert cp(g)[0] == 6 + 1 + (1 + 1)                                   # Fire: vulnerable, +1; no Zone -1


def test_boss_counts_as_a_monster_for_spells_and_instant_damage_bl165():
    """BL-165, BL-154, BL-226, BL-225, BL-216: Acid Storm (-1 Level), Fortitude (-1 to its rolls)
    and Magic Missile (1 Instant Damage) all reach the Boss."""
    caster = holder("E", mana=20, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F"), caster], dice=["red:2", "white:3", "black:4"])
    to(g, "compare")
    assert cp(g) == (5, 12)
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:acid_storm", f"cast:fortitude:{ROSE}", "cast:magic_missile")
    assert cp(g) == (5, 12 - 1 - 1 - 1)


def test_null_zone_ignores_a_red_six_but_not_the_mana_drain_boss_bl224():
    """BL-224, A-24, BL-187: under Null Zone the Mossgrave Matron's red 6 (+3) is ignored; the
    Ossuary King has Mana Drain, so its red 6 still drains the fighter's Mana."""
    caster = holder("E", mana=20, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F"), caster], zone="mossgrave_hollows", dice=["red:6", "white:3", "black:2"])
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:null_zone")
    events = to(g, "compare")
    assert "null_zone" in kinds(events) and cp(g)[1] == 6 + 2
    caster = holder("E", mana=20, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F", mana=5, race="aelvari"), caster], zone="ossuary_of_kings",
             dice=["red:6", "white:3", "black:2"])
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:null_zone")
    to(g, "compare")
    assert g.state.adventurers[0].mana == 0


def test_mana_drain_boss_drains_only_by_its_red_six_vocabulary():
    """BL-224, A-24, AK-27: a Boss card's Mana Drain does not empty Mana on Encounter (that is for
    Dungeon Monsters); the Ossuary King drains Mana only with its red 6; its sentence says so."""
    g = boss([holder("F", mana=5, race="aelvari"), holder("E")], zone="ossuary_of_kings",
             dice=["red:2", "white:3", "black:2"])
    to(g, "compare")
    assert g.state.adventurers[0].mana == 5
    sentence = describe(next(e for e in monsters.boss_of(ctx_of(g)).special if e.verb == "mana_drain"))
    assert "Encounter" in sentence and "Boss" in sentence and "Null Zone" in sentence


def test_flight_saves_from_the_flightless_loss_red_six_bl187_bl244():
    """BL-187, BL-244, BL-218: the Tempest Wyrm's red 6 makes a fighter without Flight lose the
    round with no combat roll; Crystal Wings cast on the fighter in the red die's window saves
    them and the dice are rolled."""
    e = holder("E", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = boss([holder("F"), e], zone="skyreach_spires", dice=["red:6", "white:3", "black:3"])
    while pending(g).seat != 1:
        do(g, "pass")
    do(g, "cast:crystal_wings:0")
    events = to(g, "compare")
    assert "boss_special" not in kinds(events) and "dice" in kinds(events)


def test_a_curse_lowering_maximum_mana_destroys_the_excess_bl210():
    """BL-210, BL-209, BL-187: the Rose's red 6 attaches Hollowing Hex (-2 maximum Mana) to a
    fighter with 12 of 12 Mana: the maximum is 10 and the 2 extra Mana are destroyed at once."""
    f = holder("F", mana=12, race="aelvari", **{"class": "necromancer"})      # maximum 10 + 2
    g = boss([f, holder("E")], dice=["red:6", "white:3", "black:3"])
    assert stats.max_mana(g.state, g.system.content, 0) == 12
    g.state.dungeon_discard.append("hollowing_hex")   # (set up while the red die's window is open)
    to(g, "compare")
    assert g.state.adventurers[0].attached == ["hollowing_hex"]
    assert stats.max_mana(g.state, g.system.content, 0) == 10 and g.state.adventurers[0].mana == 10


def test_zone_difficulties_order_their_bosses_bl163():
    """BL-163, BL-164: every purple card is Starting, Mid-Level or Advanced, and the Bosses get
    harder up the ladder (every Mid-Level Boss outranks every Starting one in Level and HP, and
    every Advanced one outranks every Mid-Level one); each Boss has a Level, HP, an Escape value
    and a Special Ability."""
    zones = ctx_of(boss([holder("F"), holder("E")], dice=["red:2"])).content.zones.values()
    by = {d: [z.boss for z in zones if z.difficulty == d] for d in ("starting", "mid", "advanced")}
    assert all(by.values()) and sum(len(v) for v in by.values()) == len(list(zones))
    for low, high in (("starting", "mid"), ("mid", "advanced")):
        assert max(b.level for b in by[low]) < min(b.level for b in by[high])
        assert max(b.hp for b in by[low]) < min(b.hp for b in by[high])
    assert all(b.level and b.hp and b.escape and b.special for v in by.values() for b in v)


def test_a_boss_counts_as_a_monster_for_a_creature_condition_bl165():
    """BL-165: a Dungeon Boss counts as a Monster, so a bonus "against Undead Monsters" holds
    against the Undead Mossgrave Matron and not against the typeless Ebony Bloody Rose (a
    test-only Gift carrying such a bonus, attached to the fighter)."""
    from dataclasses import replace

    from game.core.game import Game
    from game.rulesets.buck_legacy.content import Effect
    from game.rulesets.buck_legacy.system import BuckLegacy
    from tests.buck_legacy.helpers import CONTENT

    gift = CONTENT.dungeon["bat_companion"]
    bonus = Effect("combat_strength", (("amount", 3), ("creature", "undead")))
    system = BuckLegacy(replace(CONTENT, dungeon={**CONTENT.dungeon, gift.id: replace(gift, abilities=(bonus,))}))
    for zone, expected in (("mossgrave_hollows", 5), (ROSE, 2)):
        g = Game.from_scenario(system, {"adventurer": [adventurer("F", attached=[gift.id]), adventurer("E")],
                                        "start": "boss", "zone": zone, "dice": ["red:2", "white:1", "black:1"]}, 0)
        events = list(g.initial_events)
        while not any(e.kind == "dice" for e in events):
            d = g.pending()
            assert d.window, (d.kind, d.option_ids)
            events += g.choose(d.seat, "pass")
        rolled = next(e for e in events if e.kind == "dice")
        assert rolled.data["fighter_cp"] == 1 + expected, zone  # the white die shows 1
