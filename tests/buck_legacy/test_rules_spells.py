"""Buck: Legacy rule tests: Magic (BL-202 to BL-226, BLT-42 to BLT-45): who may cast what and
when, and each of the fifteen spells by its own test.

Casters: a Necromancer is Rank 1; a Cleric Rank 2; an Aelvari (Rank 1, +2 maximum Mana)
Runeweaver (Rank 2) is Rank 3. Spells cast in a window are options ``cast:<spell>[:<subject>]``.
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.rulesets.buck_legacy import monsters, stats
from tests.buck_legacy.helpers import adventurer, ctx_of, do, kinds, pending, position

QUIET_ZONE = "mossgrave_hollows"


def mage(name, mana=12, **fields):
    """A Rank 3 caster (Aelvari Runeweaver)."""
    return adventurer(name, mana=mana, race="aelvari", **{"class": "runeweaver"}, **fields)


def cleric(name, mana=10, **fields):
    return adventurer(name, mana=mana, **{"class": "cleric"}, **fields)


def holder(name, **fields):
    """An Adventurer with a backpack card that helps nobody here: asked in every window."""
    fields.setdefault("backpack", ["vial_of_absolution"])
    return adventurer(name, **fields)


def combat(advs, **scenario):
    scenario.setdefault("zone", QUIET_ZONE)
    return position(advs, start="combat", **scenario)


def moment(g):
    top = g.state.stack[-1] if g.state.stack else None
    return top["moment"] if top is not None and top["step"] == "help" else None


def ask(g, seat):
    """Pass window questions until ``seat`` is asked; its Decision."""
    for _ in range(30):
        d = pending(g)
        if d.seat == seat and d.window:
            return d
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        g.choose(d.seat, "pass")
    raise AssertionError(f"seat {seat} was never asked")


def passing(g, stop):
    events = []
    while (d := g.pending()) is not None and d.window:
        events += g.choose(d.seat, "pass")
        if stop(events):
            break
    return events


def cp(g):
    return monsters.combat_points(ctx_of(g))


def refused(g, seat, option):
    """The option is not offered and choosing it is refused, leaving the state as it was."""
    d = pending(g)
    assert d.seat == seat and option not in d.option_ids
    before = [a.mana for a in g.state.adventurers]
    with pytest.raises(IllegalChoice):
        g.choose(seat, option)
    assert [a.mana for a in g.state.adventurers] == before


def spells_offered(d):
    return {o.split(":")[1] for o in d.option_ids if o.startswith("cast:")}


# -- who may cast (BL-203 to BL-208, BLT-42, BLT-43) ------------------------------------------------

def test_rank_and_class_limits_blt42():
    """BLT-42, BL-203, BL-204, BL-206: a Rank 1 non-Cleric with 10 Mana may cast Rank 1 spells
    (Magic Missile) but not Power Shunt (Rank 2) nor Healing (Clerics only): both are refused."""
    a = adventurer("A", in_front=["hungry_grey_wolf"])
    b = adventurer("B", mana=10, **{"class": "necromancer"})
    c = holder("C", stunned=True)
    g = combat([a, b, c], dice=["white:3", "black:3"])
    d = ask(g, 1)
    offered = spells_offered(d)
    assert {"magic_missile", "spark", "ember", "protection"} <= offered
    assert "power_shunt" not in offered and "healing" not in offered and "retribution" not in offered
    refused(g, 1, "cast:power_shunt:white")
    refused(g, 1, "cast:healing:2")


def test_rank_two_and_three_bl204():
    """BL-204: Rank 2 (a Cleric) reaches level 2 spells (Power Shunt, Healing) but not level 3
    (Voltage Surge); Rank 3 reaches all three levels."""
    a = adventurer("A", in_front=["hungry_grey_wolf"])
    g = combat([a, cleric("B"), mage("C"), holder("D", stunned=True)], dice=["white:3", "black:3"])
    offered = spells_offered(ask(g, 1))
    assert {"power_shunt", "healing", "magic_arrow", "retribution"} <= offered
    assert not offered & {"voltage_surge", "null_zone", "fortitude", "acid_storm"}
    g.choose(1, "pass")
    offered = spells_offered(ask(g, 2))
    assert {"power_shunt", "voltage_surge", "null_zone", "fortitude", "acid_storm"} <= offered


def test_not_enough_mana_or_stunned_casts_nothing_bl203():
    """BL-203, BL-145: Magic Missile costs 3: with 2 Mana it is refused; a Stunned caster is not
    even asked."""
    a = adventurer("A", in_front=["hungry_grey_wolf"])
    g = combat([a, adventurer("B", mana=2, **{"class": "necromancer"}), mage("C", stunned=True)],
               dice=["white:3", "black:3"])
    d = ask(g, 1)
    assert "cast:spark:0" in d.option_ids
    refused(g, 1, "cast:magic_missile")
    g.choose(1, "pass")
    assert moment(g) != "compare" or pending(g).seat != 2


def test_spells_are_not_cards_any_number_of_casts_bl205():
    """BL-205, BL-222: a spell is not a card and has no use limit of its own unless it says so:
    the same caster casts Voltage Surge twice in one Compare step (6 Mana)."""
    a = adventurer("A", in_front=["rusted_sentry"])
    g = combat([a, mage("B")], dice=["white:2", "black:2"])
    d = ask(g, 1)
    do(g, "cast:voltage_surge:white", "cast:voltage_surge:white")
    assert cp(g) == (2 + 4, 3 + 2) and g.state.adventurers[1].mana == 6


def test_combat_only_spells_wait_for_a_combat_phase_a23():
    """BL-207, A-23: in Preparation a Rank 3 caster may cast Spark, Ember or Crystal Wings but none
    of the spells of the Combat Phase (Protection, Magic Missile, Power Shunt, Magic Arrow, Null
    Zone, Fortitude, Acid Storm). Spark cast then lasts through the next Combat Phase and ends
    with it."""
    c = mage("C", backpack=["azure_draught"])
    g = position([c, adventurer("B")], start="exploration", zone=QUIET_ZONE,
                 dungeon_top=["giant_bog_leech", "nagapon_scout"], dice=["white:6", "black:1", "white:6", "black:1"])
    d = pending(g, "preparation")
    offered = spells_offered(d)
    assert {"spark", "ember", "crystal_wings"} <= offered
    assert not offered & {"protection", "magic_missile", "power_shunt", "magic_arrow", "null_zone", "fortitude",
                          "acid_storm"}
    do(g, "cast:spark:0")
    assert stats.weapon_types(g.state, g.system.content, 0) == ("crushing", "electric")
    do(g, "end")
    assert g.state.part == "combat" and "electric" in stats.weapon_types(g.state, g.system.content, 0)
    passing(g, stop=lambda ev: "exploration" in kinds(ev))
    assert stats.weapon_types(g.state, g.system.content, 0) == ("crushing",)


def test_once_per_phase_is_per_caster_and_per_spell_blt43():
    """BLT-43, BL-208, A-22, A-51: Magic Missile cast once in a Combat Phase cannot be cast again
    by the same caster, but a second caster may, and Magic Arrow (a separate spell) still may;
    the limit resets in the next Combat Phase."""
    a = adventurer("A", in_front=["rusted_sentry", "nagapon_scout"])
    g = combat([a, mage("B", mana=20), mage("C", mana=20)],
               dice=["white:1", "black:6", "plain:6", "white:1", "black:6", "plain:6", "white:3", "black:3"],
               dungeon_top=["giant_bog_leech", "hungry_grey_wolf", "cave_rat_swarm"])
    do(g, "fight:rusted_sentry")
    ask(g, 1)
    do(g, "cast:magic_missile")
    refused(g, 1, "cast:magic_missile")
    do(g, "cast:magic_arrow")
    assert g.state.fight.instant_damage == 2
    ask(g, 2)
    do(g, "cast:magic_missile")
    assert g.state.fight.instant_damage == 3
    while g.state.fight is None or g.state.fight.monster != "nagapon_scout" or moment(g) != "compare":
        g.choose(pending(g).seat, "pass")
    assert "cast:magic_missile" not in ask(g, 1).option_ids      # the same Combat Phase, another battle
    while pending(g).kind != "preparation":
        g.choose(pending(g).seat, "pass")
    while pending(g).kind == "preparation":
        do(g, "end")
    assert g.state.fight.monster == "giant_bog_leech"
    assert "cast:magic_missile" in ask(g, 1).option_ids          # a new Combat Phase


# -- the fifteen spells (BL-212 to BL-226) -----------------------------------------------------------

def test_spark_adds_electric_and_a_target_ward_blocks_others_bl212():
    """BL-212, BL-024, AK-22: Spark (1 Mana) Targets an Adventurer's weapon, which also deals
    Electric until the end of the Combat Phase: against the Brass Scuttler (vulnerable to
    Electric) the cudgel counts +2. Golden Eye (blocks Target effects on its wearer) keeps B
    from casting it on A, but A may cast it on A's own weapon."""
    a = adventurer("A", in_front=["brass_scuttler"])
    g = combat([a, mage("B")], dice=["white:1", "black:1"])
    ask(g, 1)
    do(g, "cast:spark:0")
    assert g.state.adventurers[1].mana == 11 and "electric" in stats.weapon_types(g.state, g.system.content, 0)
    assert cp(g)[0] == 1 + 1 + 2
    warded = mage("A", slots={"weapon": "studded_cudgel", "glasses": "golden_eye"}, in_front=["brass_scuttler"])
    g = combat([warded, mage("B")], dice=["white:1", "black:1"])
    d = ask(g, 0)
    assert "cast:spark:0" in d.option_ids
    g.choose(0, "pass")
    refused(g, 1, "cast:spark:0")
    assert "cast:spark:1" in pending(g).option_ids


def test_ember_adds_fire_bl213():
    """BL-213, BL-121: Ember adds Fire: against the Webspinner Matriarch (vulnerable to Fire) the
    weapon counts +1 more and a loss becomes a Parry."""
    a = adventurer("A", in_front=["webspinner_matriarch"])      # Fear 4+ for the Flightless: passed
    g = combat([a, mage("B")], dice=["plain:6", "white:1", "black:6"])
    while moment(g) != "compare":
        g.choose(pending(g).seat, "pass")
    ask(g, 1)
    do(g, "cast:ember:0")
    assert cp(g) == (1 + 1 + 2, 4 + 6)
    passing(g, stop=lambda ev: False)
    assert pending(g, "parry_choice").seat == 0


def test_retribution_is_for_clerics_and_adds_holy_bl214():
    """BL-214, BL-206: only a Cleric may cast Retribution; it adds Holy (the Barrow Wight is
    vulnerable to Holy: +1); a Rank 3 Runeweaver is refused."""
    a = adventurer("A", race="ogrekin", in_front=["barrow_wight"])   # Fear 4+: the die is scripted
    g = combat([a, mage("B"), cleric("C")], dice=["plain:6", "white:3", "black:3"])
    while moment(g) != "compare":
        g.choose(pending(g).seat, "pass")
    ask(g, 1)
    refused(g, 1, "cast:retribution:0")
    g.choose(1, "pass")
    ask(g, 2)
    do(g, "cast:retribution:0")
    assert "holy" in stats.weapon_types(g.state, g.system.content, 0) and cp(g)[0] == 3 + 2 + 1 + 2


def test_protection_spell_adds_four_and_stacks_bl215():
    """BL-215, A-21, BL-158, BL-144: Protection (2 Mana) Chooses an Adventurer: +4 Protection to
    the end of the Combat Phase, added to their own (Leather Cap 1: 5). With it, a fighter who
    fails to escape the Charnel Ghouls (printed Level 4) keeps the Trophy card. A Choose ward
    (Veilglass Spectacles) refuses another caster's Protection."""
    a = adventurer("A", slots={"weapon": "studded_cudgel", "headgear": "leather_cap"}, in_front=["charnel_ghouls"],
                   distance_deck=["tusked_boar"], defeated=["tusked_boar"])
    g = combat([a, holder("B", mana=10, **{"class": "necromancer"})], dice=["white:1", "black:6", "plain:1"])
    ask(g, 1)
    do(g, "cast:protection:0")
    assert stats.protection(g.state, g.system.content, 0) == 5 and g.state.adventurers[1].mana == 8
    events = passing(g, stop=lambda ev: "stun" in kinds(ev))
    assert g.state.adventurers[0].stunned and "stun_kept" in kinds(events)
    assert "tusked_boar" in g.state.adventurers[0].distance_deck
    a = adventurer("A", slots={"weapon": "studded_cudgel", "glasses": "veilglass_spectacles"},
                   in_front=["charnel_ghouls"])
    g = combat([a, mage("B")], dice=["white:1", "black:6"])
    d = ask(g, 1)
    assert "cast:protection:0" not in d.option_ids and "cast:protection:1" in d.option_ids


def test_magic_missile_targets_and_magic_arrow_chooses_a51():
    """BL-216, BL-221, A-51, BL-024: both deal 1 Instant Damage; the Shoal Siren cannot be Targeted
    (Missile refused, Arrow allowed); the Brine Hag cannot be Chosen (Arrow refused, Missile
    allowed)."""
    for monster, blocked, allowed in (("shoal_siren", "magic_missile", "magic_arrow"),
                                      ("brine_hag", "magic_arrow", "magic_missile")):
        g = combat([adventurer("A", in_front=[monster]), mage("B")], dice=["white:3", "black:3"])
        ask(g, 1)
        refused(g, 1, f"cast:{blocked}")
        before = cp(g)[1]
        do(g, f"cast:{allowed}")
        assert cp(g)[1] == before - 1 and g.state.adventurers[1].mana == 12 - 3


def test_power_shunt_rerolls_a_chosen_die_bl217():
    """BL-217: Power Shunt (Rank 2, 3 Mana) rerolls any one rolled die: the Monster's black 6
    becomes a 1."""
    g = combat([adventurer("A", in_front=["rusted_sentry"]), cleric("B")], dice=["white:3", "black:6", "black:1"])
    ask(g, 1)
    d = pending(g)
    assert {"cast:power_shunt:white", "cast:power_shunt:black"} <= set(d.option_ids)
    do(g, "cast:power_shunt:black")
    assert g.state.fight.black == 1 and cp(g) == (5, 4) and g.state.adventurers[1].mana == 7


def test_crystal_wings_flight_until_the_next_exploration_bl218():
    """BL-218, BL-244, BL-186: Crystal Wings (2 Mana) Chooses an Adventurer: Flight from now until
    the next Exploration Phase starts (the Shrieking Cave Bat frightens only those without
    Flight, so A's Fear check is skipped)."""
    a = adventurer("A", in_front=["giant_bog_leech", "shrieking_cave_bat"])
    g = combat([a, mage("B", backpack=["azure_draught"])], dice=["white:6", "black:1", "white:6", "black:1"],
               dungeon_top=["hungry_grey_wolf", "cave_rat_swarm"])
    do(g, "fight:giant_bog_leech")
    ask(g, 1)
    do(g, "cast:crystal_wings:0")
    assert stats.has_flight(g.state, g.system.content, 0)
    events = passing(g, stop=lambda ev: "exploration" in kinds(ev))
    assert "fear" not in kinds(events) and g.state.adventurers[0].defeated == ["giant_bog_leech", "shrieking_cave_bat"]
    assert not stats.has_flight(g.state, g.system.content, 0)


def test_flash_rerolls_only_a_failed_escape_bl219():
    """BL-219, BL-094: Flash (Rank 2, 2 Mana) is offered only once an Escape die has failed; any
    Adventurer may cast it for the one who flees; the die is rolled again (here 5: escaped)."""
    a = adventurer("A", in_front=["charnel_ghouls"])
    g = combat([a, cleric("B")], dice=["white:1", "black:6", "plain:2", "plain:5"])
    while moment(g) != "check":
        g.choose(pending(g).seat, "pass")
    assert "cast:flash" in ask(g, 1).option_ids
    events = do(g, "cast:flash")
    assert g.state.check.die == 5 and "reroll" in kinds(events)
    assert "cast:flash" not in pending(g).option_ids               # 5 passes 3+: nothing to flash
    events = passing(g, stop=lambda ev: "escape" in kinds(ev))
    assert g.state.adventurers[0].active
    g = combat([adventurer("A", in_front=["charnel_ghouls"]), cleric("B")], dice=["white:1", "black:6", "plain:4"])
    while moment(g) != "check":
        g.choose(pending(g).seat, "pass")
    assert "cast:flash" not in ask(g, 1).option_ids                 # a passed Escape: no Flash


def test_healing_revives_and_the_revived_fight_nothing_this_phase_bl220():
    """BL-220, BL-206, BL-151: a Cleric's Healing (2 Mana) Chooses a Stunned Adventurer and revives
    them; revived in the Combat Phase, they fight nothing in it."""
    a = adventurer("A", in_front=["giant_bog_leech"])
    c = holder("C", stunned=True)
    g = combat([a, cleric("B"), c], dice=["white:6", "black:1"])
    d = ask(g, 1)
    assert "cast:healing:2" in d.option_ids and "cast:healing:0" not in d.option_ids
    events = do(g, "cast:healing:2")
    assert "revive" in kinds(events) and g.state.adventurers[2].active and g.state.adventurers[1].mana == 8
    assert g.state.adventurers[2].fought_this_phase


def test_voltage_surge_on_any_die_helps_or_hinders_bl222_bl202():
    """BL-222, BL-202: Voltage Surge (Rank 3, 3 Mana) adds 1 to any die: a rival raises the
    Monster's black die (hindering: a Parry becomes a loss), another raises a check die."""
    a = adventurer("A", in_front=["drowned_sailor"])            # Level 4, Escape 3+
    g = combat([a, mage("B")], dice=["white:6", "black:4", "plain:2"])
    assert cp(g) == (8, 8)
    ask(g, 1)
    do(g, "cast:voltage_surge:black")
    assert cp(g) == (8, 9)
    events = passing(g, stop=lambda ev: "roll" in kinds(ev))
    assert "lose" in kinds(events)
    ask(g, 1)
    do(g, "cast:voltage_surge:check")
    from game.rulesets.buck_legacy.dice_changes import final_check

    assert final_check(ctx_of(g)) == 3
    events = passing(g, stop=lambda ev: "check" in kinds(ev))
    assert next(x for x in events if x.kind == "check").data["passed"]


def test_dispel_discards_a_curse_and_it_no_longer_counts_blt45():
    """BLT-45, BL-223, BL-197: P has 2 Curses; Dispel (Rank 3, 2 Mana) Chooses one: it is
    discarded, and at the Boss's defeat P counts 1 Curse (tied with Q's 1: both get the Medal)."""
    p = mage("P", attached=["curse_of_frailty", "leaden_boots"], backpack=["azure_draught"],
             slots={"weapon": "starfall_blade"})
    q = adventurer("Q", attached=["trembling_hands"])
    g = position([p, q], start="boss", zone="ebony_bloody_rose", boss_hp=1,
                 dice=["red:2", "white:6", "black:1"])
    d = ask(g, 0)
    assert "cast:dispel:curse_of_frailty" in d.option_ids and "cast:dispel:trembling_hands" in d.option_ids
    do(g, "cast:dispel:curse_of_frailty")
    assert g.state.adventurers[0].attached == ["leaden_boots"] and "curse_of_frailty" in g.state.dungeon_discard
    while pending(g).kind != "keep_treasure":
        g.choose(pending(g).seat, "pass")
    assert [a.medals for a in g.state.adventurers] == [2, 2]          # Curses tie (1 each) + Active


def test_null_zone_ignores_special_abilities_but_not_mana_drain_or_rules_blt44():
    """BLT-44, BL-224, A-24, BL-025: D casts Null Zone in the Combat Phase's first battle. Then the
    Barrow Wight's Fear is ignored (no Fear check); the Bone Archivist has Mana Drain, so its
    ability still drains its fighter's Mana; the Nagapon Soldier's immunity to Instant Damage is
    a Special Rule and stays; the Nagapon Warlord's "lose 20 Gold" is a Special Ability and is
    ignored."""
    d_ = mage("D", mana=20, in_front=["giant_bog_leech"])
    a = adventurer("A", race="ogrekin", in_front=["barrow_wight"])
    b = adventurer("B", mana=5, race="aelvari", in_front=["bone_archivist"])
    c = adventurer("C", gold=30, in_front=["nagapon_soldier", "nagapon_warlord"])
    g = combat([d_, a, b, c], dice=["white:6", "black:1", "white:6", "black:1", "white:1", "black:6", "plain:6",
                                    "white:6", "black:1", "white:1", "black:6", "plain:6"])
    ask(g, 0)
    do(g, "cast:null_zone")
    assert g.state.adventurers[0].mana == 16
    events = []
    while g.state.fight is None or g.state.fight.monster != "nagapon_soldier" or moment(g) != "compare":
        d = pending(g)
        if d.kind == "choose_monster":
            events += do(g, "fight:nagapon_soldier")
            continue
        events += g.choose(d.seat, "pass")
    assert "fear" not in kinds(events)
    assert g.state.adventurers[2].mana == 0 and any(e.kind == "mana" and e.rule == "BL-012" for e in events)
    d = ask(g, 0)
    assert "cast:magic_missile" not in d.option_ids and "cast:magic_arrow" not in d.option_ids
    while g.state.fight is None or g.state.fight.monster != "nagapon_warlord":
        g.choose(pending(g).seat, "pass")
    events = passing(g, stop=lambda ev: "escape" in kinds(ev) or "stun" in kinds(ev))
    assert "lose" in kinds(events) and g.state.adventurers[3].gold == 30 + 20     # the Soldier's Loot only


def test_fortitude_on_a_monster_for_the_phase_bl225():
    """BL-225: Fortitude (Rank 3, 3 Mana) Chooses a Monster, here one still waiting in front of
    another Adventurer: -1 to its combat rolls until the end of the Combat Phase."""
    g = combat([adventurer("A", in_front=["giant_bog_leech"]), mage("B", in_front=["rusted_sentry"])],
               dice=["white:6", "black:1", "white:3", "black:4"])
    d = ask(g, 1)
    assert {"cast:fortitude:giant_bog_leech", "cast:fortitude:rusted_sentry"} <= set(d.option_ids)
    do(g, "cast:fortitude:rusted_sentry")
    while g.state.fight is None or g.state.fight.monster != "rusted_sentry" or moment(g) != "compare":
        g.choose(pending(g).seat, "pass")
    assert cp(g) == (3 + 1, 3 + 3)
    assert "cast:fortitude:rusted_sentry" not in ask(g, 1).option_ids


def test_acid_storm_lowers_every_monster_this_phase_bl226():
    """BL-226, BL-110: Acid Storm (Rank 3, 4 Mana, once per phase) gives every Monster -1 Level
    until the end of the Combat Phase: the one fought now and the next one."""
    g = combat([adventurer("A", in_front=["giant_bog_leech"]), mage("B", in_front=["rusted_sentry"])],
               dice=["white:6", "black:1", "white:3", "black:4"])
    ask(g, 1)
    do(g, "cast:acid_storm")
    assert monsters.level(ctx_of(g)) == 0
    while g.state.fight is None or g.state.fight.monster != "rusted_sentry" or moment(g) != "compare":
        g.choose(pending(g).seat, "pass")
    assert monsters.level(ctx_of(g)) == 2 and g.state.adventurers[1].mana == 8


def test_mana_never_above_the_maximum_bl209_bl211():
    """BL-209, BL-211: Mana gained from a card never goes above the maximum: a Necromancer at 9 of
    10 gains 2 when a Monster is defeated and has 10."""
    g = combat([adventurer("A", in_front=["giant_bog_leech"]), holder("B", mana=9, **{"class": "necromancer"})],
               dice=["white:6", "black:1"])
    passing(g, stop=lambda ev: "win" in kinds(ev))
    assert g.state.adventurers[1].mana == 10


def test_a_choose_ward_keeps_others_healing_off_bl220_bl024():
    """BL-220, BL-024, AK-22: Healing Chooses its Stunned Adventurer, so Veilglass Spectacles (which
    block Choose effects on their wearer) keep a Cleric's Healing off them; a Target ward (Golden
    Eye) does not."""
    a = adventurer("A", in_front=["giant_bog_leech"])
    warded = holder("C", stunned=True, slots={"weapon": "studded_cudgel", "glasses": "veilglass_spectacles"})
    eyed = holder("D", stunned=True, slots={"weapon": "studded_cudgel", "glasses": "golden_eye"})
    g = combat([a, cleric("B"), warded, eyed], dice=["white:6", "black:1"])
    d = ask(g, 1)
    assert "cast:healing:3" in d.option_ids
    refused(g, 1, "cast:healing:2")
