"""Buck: Legacy rule tests: checks and Fear (BL-091 to BL-098), the check threshold (BLT-03) and
the Fear example (BLT-20).

Most positions give one Adventurer a card in the backpack: whoever may hold an answer is asked
in every window and in Preparation, so play stops where the test looks."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.errors import RulesError
from game.core.game import Game
from game.rulesets.buck_legacy.system import BuckLegacy
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pass_windows, pending, position

GULCH = "brassworks_gulch"  # Starting Zone, Distance 8, Level +0: no rule touches checks


def checks(events):
    return [(e.data["check"], e.data["final"], e.data["passed"]) for e in events if e.kind == "check"]


def trap(card: str, die: int, a: dict | None = None, b_backpack=("leather_cap",)) -> Game:
    """A (the Dealer) draws ``card``, B a Forgotten Purse; B holds a card, so is asked in
    Preparation and in the windows. Play stops at B's Preparation."""
    a = a or adventurer("A")
    return position([a, adventurer("B", backpack=list(b_backpack))], start="exploration", zone=GULCH,
                    dungeon_top=[card, "forgotten_purse"], dice=[f"plain:{die}"])


def until_check_window(g: Game) -> list:
    """Say ready in Preparation until the check die is on the table; the events on the way."""
    events = []
    while pending(g).kind == "preparation":
        events += do(g, "end")
    assert pending(g, "help").rule == "BL-094" and g.state.check is not None
    return events


def pass_until_check(g: Game) -> list:
    """Pass in every window until a check die is on the table; the events on the way."""
    events = []
    while g.state.check is None:
        assert pending(g).window
        events += do(g, "pass")
    return events


STOPPER = adventurer("B", backpack=["leather_cap"])
"""An Adventurer with a card in the backpack: asked in every window and in Preparation."""


def test_check_threshold_blt03():
    """BLT-03, BL-091, BL-092: a 4+ check passes on a 4, fails on a 3; a 3 with +1 to that kind of
    check (the Scout's +1 to Trap checks) is a final 4 and passes."""
    for die, klass, passed in ((4, "ranger", True), (3, "ranger", False), (3, "scout", True)):
        g = trap("collapsing_flagstones", die, adventurer("A", **{"class": klass}))
        until_check_window(g)
        events = pass_windows(g)
        assert checks(events) == [("trap", die + (klass == "scout"), passed)]
        assert g.state.adventurers[0].stunned is (not passed)  # this Trap's printed failure: Stunned


def test_modifiers_apply_to_their_own_kind_of_check_only_bl092():
    """BL-092, AK-09: a Charisma bonus (Fae-Touched, Plumed Cavalier Hat) does not help a Trap
    check; the Trap bonus of Tinker's Loupe does."""
    charming = adventurer("A", race="fae_touched",
                         slots={"weapon": "studded_cudgel", "headgear": "plumed_cavalier_hat"})
    g = trap("collapsing_flagstones", 3, charming)
    until_check_window(g)
    assert checks(pass_windows(g)) == [("trap", 3, False)]
    g = trap("wandering_tinker", 3, charming)
    until_check_window(g)
    assert checks(pass_windows(g)) == [("charisma", 5, True)]
    careful = adventurer("A", slots={"weapon": "studded_cudgel", "glasses": "tinkers_loupe"})
    g = trap("collapsing_flagstones", 3, careful)
    until_check_window(g)
    assert checks(pass_windows(g)) == [("trap", 4, True)]


def test_rule_of_six_on_check_dice_bl093():
    """BL-093, A-47, BL-117: a check die's final value stays between 1 and 6. A Felinar Rogue
    (+2 to Escape checks) who rolls 6 has a final 6, so an Escape requirement pushed to 7 (a
    Nagapon Warcamp's +1 on an Escape 6+ Nagapon: a test variant of the Blademaster) fails; a 1
    with Leaden Boots' -1 is a final 1, not 0."""
    blademaster = dataclasses.replace(CONTENT.dungeon["nagapon_blademaster"], escape=6)
    system = BuckLegacy(dataclasses.replace(CONTENT, dungeon={**CONTENT.dungeon, "nagapon_blademaster": blademaster}))
    rogue = adventurer("A", race="felinar", in_front=["nagapon_blademaster"], backpack=["leather_cap"],
                       **{"class": "rogue"})
    g = Game.from_scenario(system, {"adventurer": [rogue, STOPPER], "start": "combat",
                                    "zone": "nagapon_warcamp", "dice": ["white:1", "black:6", "plain:6"]})
    events = pass_windows(g)
    escape = next(e for e in events if e.kind == "check")
    assert (escape.data["final"], escape.data["passed"]) == (6, False) and "7+" in escape.text
    assert g.state.adventurers[0].stunned

    slow = adventurer("A", attached=["leaden_boots"], in_front=["nagapon_scout"], backpack=["leather_cap"])
    g = position([slow, STOPPER], start="combat", zone=GULCH, dice=["white:1", "black:6", "plain:1"])
    events = pass_windows(g)
    assert checks(events)[0] == ("escape", 1, False)


def test_the_checker_changes_a_failed_check_die_bl094():
    """BL-094, BL-013: in the check's window the checker may change the die: a Gambler's Token
    rerolls a failed Trap die (3 to 2, still failing), then a Chronometer Shard rerolls it again
    (to 5): as many rerolls as there are sources; each is logged."""
    a = adventurer("A", backpack=["gamblers_token", "chronometer_shard"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH, dungeon_top=["collapsing_flagstones",
                 "forgotten_purse"], dice=["plain:3", "plain:2", "plain:5"])
    until_check_window(g)
    d = pending(g, "help")
    assert d.seat == 0 and {"use:gamblers_token:check", "use:chronometer_shard:check"} <= set(d.option_ids)
    events = do(g, "use:gamblers_token:check")
    assert [e.data["value"] for e in events if e.kind == "reroll"] == [2]
    assert pending(g, "help").seat == 0                       # who acted may act again
    events = do(g, "use:chronometer_shard:check") + pass_windows(g)
    assert [e.data["value"] for e in events if e.kind == "reroll"] == [5]
    assert checks(events)[0] == ("trap", 5, True) and not g.state.adventurers[0].stunned
    assert {"gamblers_token", "chronometer_shard"} <= set(g.state.items_discard)


def test_another_adventurer_may_change_the_check_die_bl094():
    """BL-094, BL-202, BL-222: any eligible Adventurer may act in a check's window: B, a Rank 3
    caster, casts Voltage Surge (+1) on A's Trap die of 3, which passes the 4+."""
    b = adventurer("B", mana=10, slots={"weapon": "studded_cudgel", "headgear": "circlet_of_the_third_eye"},
                   **{"class": "cleric"})
    g = position([adventurer("A"), b], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:3"])
    until_check_window(g)
    d = pending(g, "help")
    assert d.seat == 1 and "cast:voltage_surge:check" in d.option_ids
    events = do(g, "cast:voltage_surge:check") + pass_windows(g)
    assert checks(events)[0] == ("trap", 4, True) and g.state.adventurers[1].mana == 7


def test_check_only_items_fit_their_kind_bl094():
    """BL-094, AK-09: Smoke Pellets (+2 to an Escape check) are offered for an Escape die, not for
    a Trap die; a Jolt Capsule (+1 to any roll) is offered for both."""
    a = adventurer("A", backpack=["smoke_pellets", "jolt_capsule"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:3"])
    until_check_window(g)
    assert "use:jolt_capsule:check" in pending(g).option_ids
    assert "use:smoke_pellets:check" not in pending(g).option_ids

    a = adventurer("A", backpack=["smoke_pellets", "jolt_capsule"], in_front=["nagapon_scout"])
    g = position([a, adventurer("B")], start="combat", zone=GULCH, dice=["white:1", "black:6", "plain:1"])
    pass_until_check(g)                                       # nobody changes the Compare: A loses
    assert pending(g, "help").rule == "BL-094" and g.state.check.kind == "escape"
    assert {"use:smoke_pellets:check", "use:jolt_capsule:check"} <= set(pending(g).option_ids)
    events = do(g, "use:smoke_pellets:check") + pass_windows(g)
    assert checks(events)[0] == ("escape", 3, True)


def test_flash_rerolls_a_failed_escape_die_bl094_bl219():
    """BL-094, BL-219: Flash is cast right after an Escape check fails: the die is rolled again
    (1, then 4 against 2+ after the reroll: passed)."""
    caster = adventurer("A", mana=5, in_front=["nagapon_scout"], **{"class": "cleric"})
    g = position([caster, adventurer("B")], start="combat", zone=GULCH, dice=["white:1", "black:6", "plain:1",
                 "plain:4"])
    pass_until_check(g)                                       # nobody changes the Compare: A loses
    d = pending(g, "help")
    assert g.state.check.kind == "escape" and "cast:flash" in d.option_ids
    events = do(g, "cast:flash") + pass_windows(g)
    assert checks(events)[0] == ("escape", 4, True) and not g.state.adventurers[0].stunned


def test_failures_are_as_printed_and_only_escape_stuns_bl095():
    """BL-095, A-10: a failed Trap check does what its card says (Coin-Eating Lock: lose 15
    Gold) and no more; a failed Fear Event (Howls in the Dark) costs 10 Gold; a failed Charisma
    check of a Companion discards it (BL-087). Nobody is Stunned by these."""
    for card, gold in (("coin_eating_lock", 25), ("howls_in_the_dark", 30), ("bat_companion", 40)):
        g = trap(card, 1, adventurer("A", gold=40))
        until_check_window(g)
        pass_windows(g)
        a = g.state.adventurers[0]
        assert a.gold == gold and not a.stunned and a.attached == []


def test_losing_a_battle_calls_an_escape_check_whose_failure_stuns_bl096_bl095():
    """BL-096, BL-129, BL-095: losing a battle makes the Adventurer flee with an Escape check
    against the Monster's Escape value; failing it Stuns (BL-130), passing it does not."""
    for die, stunned in ((2, False), (1, True)):
        g = position([adventurer("A", in_front=["nagapon_scout"]), STOPPER],
                     start="combat", zone=GULCH, dice=["white:1", "black:6", f"plain:{die}"])
        events = pass_windows(g)
        assert pending(g, "preparation")                      # (the next Exploration Phase)
        order = [k for k in kinds(events) if k in ("lose", "check", "escape", "stun")]
        assert order == (["lose", "check", "stun"] if stunned else ["lose", "check", "escape"])
        assert checks(events)[0] == ("escape", die, not stunned) and "2+" in next(
            e for e in events if e.kind == "check").text


def test_fear_failed_skips_the_combat_dice_blt20():
    """BLT-20, BL-097, BL-098, BL-112: an Adventurer Encountering a frightening Monster (Barrow
    Wight, Fear, Level 5, Escape 4+) first makes a 4+ Fear check; with a 3 they lose at once:
    no combat dice, straight to the Escape check."""
    g = position([adventurer("A", in_front=["barrow_wight"]), STOPPER],
                 start="combat", zone=GULCH, dice=["plain:3", "plain:4"])
    assert g.state.check.kind == "fear" and g.state.check.need == 4
    events = pass_windows(g)
    assert checks(events) == [("fear", 3, False), ("escape", 4, True)]
    assert "dice" not in kinds(events) and "fear_lost" in kinds(events)
    a = g.state.adventurers[0]
    assert a.distance_deck == ["barrow_wight"] and a.defeated == []   # escaped: horizontally (BL-102)


def test_fear_passed_fights_normally_and_modifiers_count_bl097_bl098():
    """BL-097, BL-098, BL-092: the Mountain Ogrekin's +2 to Fear checks turns a 2 into a 4: the
    battle is fought normally with combat dice."""
    g = position([adventurer("A", race="ogrekin", in_front=["barrow_wight"]), STOPPER], start="combat", zone=GULCH,
                 dice=["plain:2", "white:6", "black:1"])
    events = pass_windows(g)
    assert checks(events)[0] == ("fear", 4, True)
    assert "dice" in kinds(events) and "win" in kinds(events)


def test_conditional_fear_frightens_only_the_flightless_bl097():
    """BL-097, BL-244, AK-24: the Crypt Wisp frightens only Adventurers without Flight: a Skyling
    (Flight) is not asked for a Fear check."""
    g = position([adventurer("A", race="skyling", in_front=["crypt_wisp"]), STOPPER], start="combat", zone=GULCH,
                 dice=["white:6", "black:1"])
    assert g.state.check is None and g.state.fight.white == 6
    assert "fear" not in kinds(g.initial_events)


def test_checks_roll_the_plain_die_bl037():
    """BL-037: a check rolls the plain die (not the white, black or red one): the roll is logged
    as the plain die, and a script that offers a white die for it is refused."""
    g = trap("collapsing_flagstones", 4)
    rolled = [e for e in until_check_window(g) if e.kind == "roll"]
    assert [(e.data["die"], e.data["value"]) for e in rolled] == [("plain", 4)]
    with pytest.raises(RulesError):
        position([adventurer("A"), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["white:4"])
