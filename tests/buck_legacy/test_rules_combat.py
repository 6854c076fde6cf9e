"""Buck: Legacy rule tests: the Combat Phase (BL-108 to BL-142, BL-146), Instant Damage and
Protection (BL-154 to BL-159), and the rulebook's Combat Phase example (BLT-05).

Positions start at a Combat Phase with the Monsters in front of their Adventurers. Unless a
test says otherwise the Zone is the Mossgrave Hollows (Starting: Level +0, Loot +0; its rule
only touches Undead Monsters) and every Adventurer is the helpers' quiet Cogborn Ranger with a
Studded Cudgel (CS 2, Crushing, Magic Rank 0).
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from tests.buck_legacy.helpers import SYSTEM, adventurer, ctx_of, do, kinds, pass_windows, pending, position

QUIET_ZONE = "mossgrave_hollows"


def combat(advs, **scenario):
    scenario.setdefault("zone", QUIET_ZONE)
    return position(advs, start="combat", **scenario)


def watcher(name="B", **fields):
    """An Adventurer holding a backpack card, so they are asked in every window and at every
    Preparation: play then stops at the next Exploration's Preparation instead of running on."""
    fields.setdefault("backpack", ["azure_draught"])
    return adventurer(name, **fields)


def cp(g):
    """(fighter's CP, Monster's CP) as the rules count them now (BL-114)."""
    from game.rulesets.buck_legacy import monsters

    return monsters.combat_points(ctx_of(g))


def texts(events):
    return [e.text for e in events]


def through_phase(g):
    """Pass every window until this Combat Phase is over (the next Exploration begins, or the
    Adventure ends) or a question that is not a window's is asked; the events on the way."""
    ends = ("exploration", "adventure_end", "boss")
    events = []
    while (d := g.pending()) is not None and d.window:
        events += g.choose(d.seat, "pass")
        if any(e.kind in ends for e in events):
            break
    cut = next((i for i, e in enumerate(events) if e.kind in ends), len(events))
    return events[:cut + 1]  # (play may run on by itself when nobody has anything to answer)


def moment(g):
    """The moment of the help window asked now (``compare``, ``check`` or ``red``), else None."""
    top = g.state.stack[-1] if g.state.stack else None
    return top["moment"] if top is not None and top["step"] == "help" else None


def to_compare(g):
    """Pass every window until a battle's Compare window is open; the events on the way."""
    events = []
    while moment(g) != "compare":
        d = pending(g)
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        events += g.choose(d.seat, "pass")
    return events


def next_fight(g):
    """Pass every window until the next battle's Compare window is open; the events on the way."""
    now = g.state.fight.monster
    events = []
    while not (g.state.fight is not None and g.state.fight.monster != now and moment(g) == "compare"):
        d = pending(g)
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        events += g.choose(d.seat, "pass")
    return events


def until(g, kind):
    """Pass every window until a question of ``kind``; the events on the way."""
    events = []
    while True:
        d = pending(g)
        if d.kind == kind:
            return events
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        events += g.choose(d.seat, "pass")


# -- BLT-05: the rulebook's Combat Phase example ------------------------------------------------

def test_combat_phase_example_blt05():
    """BLT-05 (A-26), BL-108, BL-112 to BL-116, BL-126, BL-128, BL-101, BL-109, BL-137, BL-139,
    BL-140, BL-157: F (CS 4) fights the Nagapon Soldier (Level 6) and rolls 4 against 3: 8 to 9.
    E's Magic Missile is refused (immune to Instant Damage); E Supports with a CS +1 weapon: 9
    to 9, a Parry; the new roll 6 against 3 gives 11 to 9 and F wins 20 Gold; the Soldier goes
    vertically into F's Distance Deck; E cannot Support again; the next Exploration begins."""
    f = adventurer("F", race="ogrekin", drew_monster=True, in_front=["nagapon_soldier"])  # CS 2 + 1 + 1
    e = adventurer("E", mana=3, **{"class": "necromancer"})  # Magic Rank 1; weapon: Studded Cudgel, CS +1
    g = combat([f, e], dice=["white:4", "black:3", "white:6", "black:3"],
               dungeon_top=["giant_bog_leech", "hungry_grey_wolf"])
    fight = g.state.fight
    assert fight is not None and fight.fighter == 0 and fight.monster == "nagapon_soldier"
    assert cp(g) == (8, 9)
    d = pending(g, "help")
    assert d.seat == 1 and d.rule == "BL-115"
    assert "cast:magic_missile" not in d.option_ids          # immune: not offered (BL-157)
    with pytest.raises(IllegalChoice):
        g.choose(1, "cast:magic_missile")
    assert g.state.adventurers[1].mana == 3
    events = do(g, "support")
    assert g.state.adventurers[0].support_received == 1 and cp(g) == (9, 9)
    assert "support" not in pending(g, "help").option_ids   # once per Combat Phase (BL-137)
    events += pass_windows(g)
    assert "parry" in kinds(events) and "win" in kinds(events)
    parry_at = kinds(events).index("parry")
    dice = [e for e in events if e.kind == "dice"]
    assert dice[-1].data["fighter_cp"] == 11 and dice[-1].data["monster_cp"] == 9
    assert kinds(events).index("win") > parry_at
    f_now = g.state.adventurers[0]
    assert f_now.gold == 20
    assert f_now.distance_deck == ["nagapon_soldier"] and f_now.defeated == ["nagapon_soldier"]
    assert "exploration" in kinds(events)                     # BL-109: no Monsters left
    assert g.state.dice_script == []


# -- the order of fights (BL-108, A-44) ----------------------------------------------------------

def test_fights_in_priority_order_and_owner_picks_monster_order_bl108():
    """BL-108, A-44, BL-048: in priority order (the Dealer, seat 1, first), each Active Adventurer
    fights their own Monsters one at a time; with two, the owner chooses which comes first. A
    Stunned Adventurer is skipped."""
    a = adventurer("A", in_front=["giant_bog_leech"])
    b = adventurer("B", in_front=["nagapon_scout", "cave_rat_swarm"])
    c = adventurer("C", stunned=True, in_front=[])
    g = combat([a, b, c], dealer=1, dice=["white:6", "black:1"] * 3)
    d = pending(g, "choose_monster")
    assert d.seat == 1 and d.rule == "BL-108"
    assert set(d.option_ids) == {"fight:nagapon_scout", "fight:cave_rat_swarm"}
    do(g, "fight:cave_rat_swarm")
    assert g.state.fight.monster == "cave_rat_swarm"
    events = through_phase(g)
    # B's second Monster follows without a question, then A (the last in priority) fights.
    wins = [e.data["card"] for e in events if e.kind == "win"]
    assert wins == ["cave_rat_swarm", "nagapon_scout", "giant_bog_leech"]
    assert g.state.adventurers[1].defeated == ["cave_rat_swarm", "nagapon_scout"]
    assert g.state.adventurers[0].defeated == ["giant_bog_leech"]


# -- effective Level and Combat Strength (BL-110, BL-111, BL-162) ------------------------------------

def test_effective_level_adds_the_zone_and_floors_at_zero_bl110():
    """BL-110, BL-162, A-37: effective Level = printed + the Zone's Level + other modifiers (here
    the Thornveil Conservatory, +1: the Nagapon Scout, Level 1, fights at 2); two Acid Storms
    (-2) put a Level 1 Monster at 0, never below."""
    a = adventurer("A", in_front=["nagapon_scout"])
    b = adventurer("B", mana=10, race="aelvari", **{"class": "runeweaver"})   # Rank 3
    c = adventurer("C", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = combat([a, b, c], zone="ebony_bloody_rose", dice=["white:1", "black:1"])
    from game.rulesets.buck_legacy import monsters

    assert monsters.level(ctx_of(g)) == 2 and cp(g) == (3, 3)
    d = pending(g, "help")        # A has nothing anyone could see: B is asked first
    assert d.seat == 1
    do(g, "cast:acid_storm")
    assert monsters.level(ctx_of(g)) == 1
    assert "cast:acid_storm" not in pending(g, "help").option_ids  # once per Combat Phase for B
    do(g, "pass")
    d = pending(g, "help")
    assert d.seat == 2
    do(g, "cast:acid_storm")                                      # C's own cast (A-22)
    assert monsters.level(ctx_of(g)) == 0 and cp(g)[1] == 1     # 1 + 0, not 1 - 1


def test_combat_strength_sums_every_source_bl111():
    """BL-111: Race (Ironscale Saurian +1), Class (Warrior +2), the weapon (Miner's Warpick +2),
    other equipment (Spiked Cuirass +1), a Gift (Blessing of Valour +1) and a Curse (Curse of
    Frailty -1) make CS 6; B's Support adds B's weapon (+1) for the phase: 7."""
    a = adventurer("A", race="ironscale_saurian", slots={"weapon": "miners_warpick", "armour": "spiked_cuirass"},
                   attached=["blessing_of_valour", "curse_of_frailty"], in_front=["giant_bog_leech"],
                   drew_monster=True, **{"class": "warrior"})
    b = adventurer("B")
    g = combat([a, b], dice=["white:1", "black:6"])
    assert cp(g) == (1 + 6, 6 + 1)
    do(g, "support")
    assert cp(g) == (1 + 7, 6 + 1)


# -- the battle steps and the Compare window (BL-112 to BL-116) -------------------------------------

def test_compare_window_asks_in_priority_order_from_the_fighter_and_closes_when_all_decline_bl115():
    """BL-115, BL-113, BL-114: the Compare window asks every Adventurer who might act, in priority
    order starting with the fighter (here C, the third in priority, then A, then B); when one
    acts, everyone is asked again from the actor on, and the window closes only once all have
    declined in turn. Only then is the outcome decided (BL-116)."""
    a = adventurer("A", mana=10, race="aelvari", **{"class": "runeweaver"})
    b = adventurer("B", backpack=["jolt_capsule"])
    c = adventurer("C", backpack=["gamblers_token"], in_front=["hungry_grey_wolf"], drew_monster=True)
    g = combat([a, b, c], dice=["white:3", "black:3"])          # 5 against 5
    d = pending(g, "help")
    assert d.seat == 2
    do(g, "pass")
    d = pending(g, "help")
    assert d.seat == 0
    do(g, "cast:voltage_surge:white")                           # A acts: 6 against 5
    assert cp(g) == (6, 5)
    order = []
    while (d := pending(g)).kind == "help":
        order.append(d.seat)
        g.choose(d.seat, "pass")
        if len(order) > 5:
            break
    assert order[:3] == [0, 1, 2]                               # from A on, everyone again
    assert g.state.fight is None or g.state.fight.monster != "hungry_grey_wolf"


def test_outcomes_win_parry_lose_bl116():
    """BL-116, BL-126, BL-129: equal CP is a Parry (the dice are rolled again), higher wins, lower
    loses and leads to the Escape check."""
    g = combat([adventurer("A", in_front=["hungry_grey_wolf"], drew_monster=True), adventurer("B")],
               dice=["white:4", "black:4", "white:1", "black:6", "plain:6"])  # 6-6, then 3-8
    events = pass_windows(g)
    assert kinds(events).count("parry") == 1
    lose = next(e for e in events if e.kind == "lose")
    assert "3 against 8" in lose.text
    check = next(e for e in events if e.kind == "check")
    assert check.data["check"] == "escape" and check.data["passed"]


# -- the Rule of Six (BL-117 to BL-119, BLT-08, A-45) --------------------------------------------------

def final_white(g):
    from game.rulesets.buck_legacy.dice_changes import final_white as fw

    return fw(ctx_of(g))


def test_rule_of_six_caps_an_ordinary_bonus_blt08():
    """BLT-08, BL-117: +2 to combat rolls from ordinary sources (a Battle Metronome, +1, and the
    Skyreach Spires' +1 for a flier) on a white 5 gives 6, not 7."""
    a = adventurer("A", race="skyling", slots={"weapon": "studded_cudgel", "other": "battle_metronome"},
                   in_front=["giant_bog_leech"])
    g = combat([a, adventurer("B")], zone="skyreach_spires", dice=["white:5", "black:1"])
    assert final_white(g) == 6


def test_unlimited_drill_bonus_goes_above_six_blt08():
    """BLT-08, BL-118, A-45: Unlimited Drill's +2 is exempt: a white 5 gives 7."""
    a = adventurer("A", slots={"weapon": "unlimited_drill"}, in_front=["giant_bog_leech"])
    g = combat([a, adventurer("B")], dice=["white:5", "black:1"])
    assert final_white(g) == 7


def test_berserker_exempt_bonus_is_added_after_the_cap_blt08():
    """BLT-08, BL-118, A-45: a Berserker (+1, exempt) with an ordinary +2 rolling 5 gets
    min(6, 5 + 2) + 1 = 7, not 8; a Berserker with no other modifier rolling 6 gets 7."""
    a = adventurer("A", race="skyling", slots={"weapon": "studded_cudgel", "other": "battle_metronome"},
                   in_front=["giant_bog_leech"], **{"class": "berserker"})
    g = combat([a, adventurer("B")], zone="skyreach_spires", dice=["white:5", "black:1"])
    assert final_white(g) == 7
    b = adventurer("A", in_front=["giant_bog_leech"], **{"class": "berserker"})
    g = combat([b, adventurer("B")], dice=["white:6", "black:1"])
    assert final_white(g) == 7


def test_rule_of_six_floor_of_one_still_holds_for_the_exempt_a45():
    """BL-117, A-45: a combat-roll penalty never takes a die below 1 (Trembling Hands, -1, on a
    white 1 gives 1); a Berserker with it gets max(1, 1 - 1) + 1 = 2."""
    a = adventurer("A", attached=["trembling_hands"], in_front=["giant_bog_leech"])
    g = combat([a, adventurer("B")], dice=["white:1", "black:1"])
    assert final_white(g) == 1
    b = adventurer("A", attached=["trembling_hands"], in_front=["giant_bog_leech"], **{"class": "berserker"})
    g = combat([b, adventurer("B")], dice=["white:1", "black:1"])
    assert final_white(g) == 2


def test_voltage_surge_on_a_six_stays_six_bl117():
    """BL-117, BL-222: +1 to a white 6 by Voltage Surge leaves the final value at 6 (its Mana is
    still spent)."""
    a = adventurer("A", in_front=["giant_bog_leech"])
    b = adventurer("B", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = combat([a, b], dice=["white:6", "black:1"])
    do(g, "cast:voltage_surge:white")
    assert final_white(g) == 6 and g.state.adventurers[1].mana == 7


def test_values_that_are_not_dice_are_never_capped_bl119():
    """BL-119: Combat Strength, Level, Support and Instant Damage are not dice: a CS 9 fighter
    (Mountain Ogrekin +2, Warrior +2, Starfall Blade +5) rolling 6 has 15 CP, and a
    Blackpowder Bomb (2 Instant Damage) takes a Level 1 Monster that rolled 1 to 0 CP."""
    a = adventurer("A", race="ogrekin", slots={"weapon": "starfall_blade"}, in_front=["giant_bog_leech"],
                   backpack=["blackpowder_bomb"], **{"class": "warrior"})        # 2 + 2 + 5 = 9
    g = combat([a, adventurer("B")], dice=["white:6", "black:1"])
    assert cp(g) == (15, 2)
    do(g, "use:blackpowder_bomb")
    assert cp(g) == (15, 0)


# -- resistance and vulnerability (BL-120 to BL-125, BLT-07, BLT-21 to BLT-23, A-19, A-20) -------------

def variant(advs, *, dungeon=None, seed=0, **scenario):
    """A written position played with a test-only copy of the content in which some Dungeon
    cards are changed (``dungeon``: id -> changed fields), for a property no shipped card has."""
    from dataclasses import replace

    from game.core.game import Game
    from game.rulesets.buck_legacy.content import Effect
    from game.rulesets.buck_legacy.system import BuckLegacy
    from tests.buck_legacy.helpers import CONTENT

    cards = dict(CONTENT.dungeon)
    for card_id, fields in (dungeon or {}).items():
        fields = dict(fields)
        if "abilities" in fields:
            fields["abilities"] = tuple(Effect(v, tuple(sorted(p.items()))) for v, p in fields["abilities"])
        cards[card_id] = replace(cards[card_id], **fields)
    system = BuckLegacy(replace(CONTENT, dungeon=cards))
    scenario.setdefault("zone", QUIET_ZONE)
    return Game.from_scenario(system, {"adventurer": advs, **scenario}, seed)


def strength(g, seat=None):
    """The fighter's Combat Strength against the Monster fought now (BL-111)."""
    from game.core.events import EventLog
    from game.rulesets.buck_legacy import monsters, stats
    from game.rulesets.buck_legacy.context import Ctx

    ctx = Ctx(g.state, g.system.content, EventLog())
    resist, vulnerable = monsters.resist_and_vulnerable(ctx)
    return stats.combat_strength(g.state, g.system.content, g.state.fight.fighter if seat is None else seat,
                                 resist, vulnerable)


def test_resistance_makes_the_weapon_count_zero_blt07():
    """BLT-07, BL-120: Race + Class give 3 (Ogrekin +2, Ranger +1); Dragon's Tongue (Fire, +1)
    makes 4 against a Monster without resistance, but 3 against the Enraged Fire Elemental,
    which resists Fire. A Gift giving "+1 Combat Strength to your weapon" (a test variant of
    Blessing of Valour) is part of the weapon: 5 against others, still 3 against the Elemental."""
    weapon_gift = {"blessing_of_valour": {"abilities": [("combat_strength", {"amount": 1, "weapon": True})]}}
    found = {}
    for monster in ("giant_bog_leech", "enraged_fire_elemental"):
        for gift in ([], ["blessing_of_valour"]):
            a = adventurer("A", race="ogrekin", slots={"weapon": "dragons_tongue"}, attached=gift, in_front=[monster])
            g = variant([a, adventurer("B")], dungeon=weapon_gift, start="combat", dice=["white:6", "black:1"])
            assert g.state.fight.monster == monster
            found[monster, bool(gift)] = strength(g)
    assert found == {("giant_bog_leech", False): 4, ("giant_bog_leech", True): 5,
                     ("enraged_fire_elemental", False): 3, ("enraged_fire_elemental", True): 3}


def test_vulnerability_does_not_stack_blt21():
    """BLT-21, BL-121, BL-122: the Thunderforge Blade (Fire and Electric, +2) against the Glacial
    Revenant (vulnerable to both) counts +3, not +4: CS 2 (Warrior) + 3 = 5."""
    a = adventurer("A", slots={"weapon": "thunderforge_blade"}, in_front=["glacial_revenant"],
                   **{"class": "warrior"})
    g = combat([a, adventurer("B")], dice=["white:2", "black:2"])
    assert strength(g) == 5


def test_vulnerability_turns_a_loss_into_a_parry_blt22():
    """BLT-22, BL-121, BL-124, A-19: the same weapon and Monster at 7 CP against 9: the fighter is
    offered the automatic Parry; keeping it rolls the dice again (no Escape check)."""
    a = adventurer("A", slots={"weapon": "thunderforge_blade"}, in_front=["glacial_revenant"],
                   **{"class": "warrior"})
    g = combat([a, adventurer("B")], dice=["white:2", "black:2", "white:6", "black:1"])
    assert cp(g) == (7, 9)
    until(g, "parry_choice")
    d = pending(g, "parry_choice")
    assert d.seat == 0 and d.rule == "BL-124" and set(d.option_ids) == {"parry", "accept"}
    events = do(g, "parry")
    assert "parry" in kinds(events) and "check" not in kinds(events)
    assert "win" in kinds(events + pass_windows(g))


def test_the_automatic_parry_may_be_waived_a19():
    """BL-124, A-19: the fighter may give up the automatic Parry and accept the loss: the Escape
    check follows."""
    a = adventurer("A", slots={"weapon": "thunderforge_blade"}, in_front=["glacial_revenant"],
                   **{"class": "warrior"})
    g = combat([a, adventurer("B")], dice=["white:2", "black:2", "plain:6"])
    until(g, "parry_choice")
    events = do(g, "accept")
    events += pass_windows(g)
    assert "waive" in kinds(events) and "lose" in kinds(events) and "parry" not in kinds(events)
    check = next(e for e in events if e.kind == "check")
    assert check.data["check"] == "escape"


def test_resist_one_type_and_vulnerable_to_another_blt23():
    """BLT-23, BL-123: the Sanctified Brand (Fire and Holy, +2) against the Brimstone Hound (resists
    Fire, vulnerable to Holy) counts +0, and a lower result still becomes a Parry."""
    a = adventurer("A", slots={"weapon": "sanctified_brand"}, in_front=["brimstone_hound"],
                   **{"class": "warrior"})
    g = combat([a, adventurer("B")], dice=["white:1", "black:6", "white:6", "black:1"])
    assert strength(g) == 2 and cp(g) == (3, 11)
    until(g, "parry_choice")
    assert "parry" in kinds(do(g, "parry"))


def test_spell_added_type_meets_vulnerability_and_support_ignores_resistance_bl125():
    """BL-125, A-20, BL-212, BL-139: Spark adds Electric to A's Crushing cudgel, so against the
    Brass Scuttler (vulnerable to Electric) the weapon counts +2 and parries automatically. Against
    the Enraged Fire Elemental, B's Support from a Fire weapon still adds its printed +1 while
    A's own Fire weapon counts +0."""
    a = adventurer("A", in_front=["brass_scuttler"], drew_monster=True)
    b = adventurer("B", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = combat([a, b], dice=["white:1", "black:6"])
    assert strength(g) == 2
    do(g, "cast:spark:0")
    assert strength(g) == 3
    assert g.state.adventurers[0].weapon_types == ["electric"]
    pass_windows(g)
    assert pending(g, "parry_choice").seat == 0               # 4 against 7: parried

    a = adventurer("A", slots={"weapon": "dragons_tongue"}, in_front=["enraged_fire_elemental"], drew_monster=True)
    b = adventurer("B", slots={"weapon": "dragons_tongue"})
    g = combat([a, b], dice=["white:1", "black:6"])
    assert strength(g) == 1
    do(g, "support")
    assert strength(g) == 2


# -- Monsters with HP (BL-133 to BL-136, BLT-24) -------------------------------------------------------

def test_monster_with_hp_blt24():
    """BLT-24, BL-133, BL-134, BL-140, BL-156: a Monster with 2 HP and Fear (a test variant of the
    Ironpelt Bear, Level 6, Loot 25). F passes the Fear check, is Supported by E and E's Magic
    Missile deals 1: F wins, the Bear has 1 HP, the Instant Damage is gone, the Support stays
    and new dice are rolled with no second Encounter (no second Fear check). The next win
    defeats it: the Loot is paid once and the card lies vertically in the Distance Deck."""
    fearful = {"ironpelt_bear": {"abilities": [("fear", {})]}}
    f = adventurer("F", race="ogrekin", in_front=["ironpelt_bear"], drew_monster=True)   # CS 4
    e = adventurer("E", mana=10, race="aelvari", **{"class": "runeweaver"})
    g = variant([f, e], dungeon=fearful, start="combat",
                dice=["plain:5", "white:3", "black:2", "white:5", "black:2"])
    events = to_compare(g)
    assert [e.data["passed"] for e in events if e.kind == "check"] == [True]   # the one Fear check
    assert cp(g) == (7, 8)
    do(g, "support", "cast:magic_missile")
    assert cp(g) == (8, 7) and g.state.fight.instant_damage == 1
    events = pass_windows(g)
    hit = next(e for e in events if e.kind == "monster_hit")
    assert hit.data["hp"] == 1
    assert kinds(events).count("fear") == 0 and "check" not in kinds(events)
    win = next(e for e in events if e.kind == "win")
    dice = [e for e in events if e.kind == "dice"]
    assert dice[0].data["fighter_cp"] == 10 and dice[0].data["monster_cp"] == 8   # Support kept, damage gone
    assert win.data["gold"] == 25 and g.state.adventurers[0].gold == 25
    assert g.state.adventurers[0].distance_deck == ["ironpelt_bear"]
    assert g.state.adventurers[0].defeated == ["ironpelt_bear"]


def test_losing_to_a_wounded_monster_is_a_normal_loss_bl136():
    """BL-136, A-36, BL-133: the Ironpelt Bear (2 HP, Distance) loses 1 HP, then beats A in the
    restarted battle: the ordinary loss follows (Escape check passed: the card lies
    horizontally, not as a defeated Monster)."""
    a = adventurer("A", race="ogrekin", in_front=["ironpelt_bear"])   # CS 4
    g = combat([a, watcher()], dice=["white:6", "black:1", "white:1", "black:6", "plain:6"])
    events = through_phase(g)
    assert "monster_hit" in kinds(events) and "lose" in kinds(events) and "win" not in kinds(events)
    adv = g.state.adventurers[0]
    assert adv.distance_deck == ["ironpelt_bear"] and adv.defeated == [] and adv.gold == 0


# -- losing: the Escape check and where the card goes (BL-129 to BL-132, BLT-26, BLT-27) -----------------

def lost_to(monster, escape_die, **fields):
    """A (CS 2) loses to ``monster`` (white 1 against black 6) and rolls ``escape_die`` to flee."""
    a = adventurer("A", in_front=[monster], **fields)
    g = combat([a, watcher()], dice=["white:1", "black:6", f"plain:{escape_die}"])
    return g, through_phase(g)


def test_passed_escape_places_distance_monster_horizontally_and_discards_trophy_monster_blt26():
    """BLT-26, BL-131, BL-102, BL-103: after a passed Escape check the Adventurer stays Active; a
    Distance Monster (Hungry Grey Wolf) goes horizontally into the Distance Deck, a Trophy
    Monster (Tusked Boar) is discarded."""
    g, events = lost_to("hungry_grey_wolf", 6)
    adv = g.state.adventurers[0]
    assert "escape" in kinds(events) and adv.active
    assert adv.distance_deck == ["hungry_grey_wolf"] and adv.defeated == [] and adv.gold == 0
    g, events = lost_to("tusked_boar", 6)
    adv = g.state.adventurers[0]
    assert adv.active and adv.distance_deck == [] and "tusked_boar" in g.state.dungeon_discard


def test_failed_escape_stuns_and_the_card_goes_the_same_way_bl130():
    """BL-130, BL-129: a failed Escape check (2 against the Rusted Sentry's 3+) Stuns the
    Adventurer; the Distance Monster lies horizontally, a Trophy Monster is discarded."""
    g, events = lost_to("rusted_sentry", 2)
    adv = g.state.adventurers[0]
    assert adv.stunned and "stun" in kinds(events)
    assert adv.distance_deck == ["rusted_sentry"] and adv.defeated == []
    g, events = lost_to("tusked_boar", 2)
    adv = g.state.adventurers[0]
    assert adv.stunned and adv.distance_deck == [] and "tusked_boar" in g.state.dungeon_discard


def test_escape_requirement_is_the_monster_value_plus_modifiers_bl129():
    """BL-129: the Escape check needs the Monster's value plus Escape modifiers: the Nagapon
    Warcamp's rule adds +1 for Nagapon Monsters, so the Nagapon Slinger (2+) needs 3+ and a
    roll of 2 fails."""
    a = adventurer("A", in_front=["nagapon_slinger"])
    g = combat([a, watcher()], zone="nagapon_warcamp", dice=["white:1", "black:6", "plain:2"])
    events = through_phase(g)
    roll = next(e for e in events if e.kind == "roll" and e.data.get("check") == "escape")
    assert roll.data["need"] == 3 and g.state.adventurers[0].stunned


def test_rogue_gains_gold_for_escaping_a_monster_blt27():
    """BLT-27, BL-132: a Rogue who passes an Escape check against a normal Monster gains 10 Gold
    (the Boss half of BLT-27 is in test_rules_boss.py)."""
    g, events = lost_to("hungry_grey_wolf", 6, gold=5, **{"class": "rogue"})
    assert g.state.adventurers[0].gold == 15
    g, events = lost_to("rusted_sentry", 1, gold=5, **{"class": "rogue"})   # 1 + 1 (Rogue) < 3: failed
    assert g.state.adventurers[0].gold == 5 and g.state.adventurers[0].stunned


def test_stunned_fighter_forfeits_the_second_monster_blt49():
    """BLT-49, BL-146, A-28: A has two Monsters and is Stunned in the first battle; the second is
    not fought and is discarded at the end of the Combat Phase, with no Distance."""
    a = adventurer("A", in_front=["rusted_sentry", "hungry_grey_wolf"])
    g = combat([a, watcher()], dice=["white:1", "black:6", "plain:1"])
    events = do(g, "fight:rusted_sentry")
    events += through_phase(g)
    adv = g.state.adventurers[0]
    assert adv.stunned
    assert [e.data["card"] for e in events if e.kind == "battle"] == ["rusted_sentry"]
    assert "hungry_grey_wolf" in g.state.dungeon_discard
    assert adv.distance_deck == ["rusted_sentry"]


# -- Support (BL-137 to BL-141) ---------------------------------------------------------------------

def test_support_needs_no_monster_drawn_and_an_active_supporter_bl137():
    """BL-137, BL-145: only an Active Adventurer who drew no Monster in the last Exploration Phase
    may Support: B (drew a Monster) is not offered it; C (Stunned) is not asked; D may."""
    a = adventurer("A", in_front=["hungry_grey_wolf"], drew_monster=True)
    b = watcher("B", drew_monster=True, in_front=["giant_bog_leech"])
    c = watcher("C", stunned=True)
    d = adventurer("D")
    g = combat([a, b, c, d], dice=["white:3", "black:3"])
    asked = {}
    while moment(g) == "compare" and pending(g).seat not in asked:
        q = pending(g)
        asked[q.seat] = q.option_ids
        g.choose(q.seat, "pass")
    assert 2 not in asked
    assert "support" not in asked[1] and "support" in asked[3]


def test_support_is_declared_by_the_supporter_alone_and_lasts_the_phase_bl138_bl140():
    """BL-138, BL-140, BL-141: the fighter is never asked to accept Support; Support declared in
    A's first battle still counts in A's second battle of the same Combat Phase; two supporters
    add both weapons (+1 and +2)."""
    a = adventurer("A", in_front=["giant_bog_leech", "hungry_grey_wolf"], drew_monster=True)
    b = watcher("B")
    c = adventurer("C", slots={"weapon": "serrated_falchion"})
    g = combat([a, b, c], dice=["white:4", "black:1", "white:4", "black:1"])
    do(g, "fight:giant_bog_leech")
    d = pending(g, "help")
    assert d.seat == 1
    do(g, "support")
    assert pending(g).kind == "help"                 # no question to A: Support needs no consent
    do(g, "pass")
    assert pending(g).seat == 2
    do(g, "support")
    assert g.state.adventurers[0].support_received == 3 and strength(g) == 5
    events = next_fight(g)
    assert "win" in kinds(events)
    assert g.state.fight.monster == "hungry_grey_wolf" and strength(g) == 5   # still in force
    q = pending(g, "help")
    assert "support" not in q.option_ids


def test_support_adds_the_printed_weapon_strength_or_nothing_bl139():
    """BL-139, A-25: the supporter adds the printed CS of their own equipped weapon (Serrated
    Falchion: +2); a supporter without a weapon adds 0."""
    a = adventurer("A", in_front=["giant_bog_leech"], drew_monster=True)
    g = combat([a, adventurer("B", slots={})], dice=["white:4", "black:1"])
    do(g, "support")
    assert g.state.adventurers[0].support_received == 0


def test_support_counts_double_or_is_forbidden_by_a_card_ak34():
    """AK-34, BL-137, BL-139: with Bond of Brotherhood the supporter's +1 counts +2; Mark of the
    Outcast forbids Support altogether."""
    a = adventurer("A", in_front=["giant_bog_leech"], drew_monster=True)
    g = combat([a, adventurer("B", attached=["bond_of_brotherhood"]), watcher("C", attached=["mark_of_the_outcast"])],
               dice=["white:4", "black:1"])
    assert "support" in pending(g, "help").option_ids and pending(g).seat == 1
    do(g, "support")
    assert g.state.adventurers[0].support_received == 2
    while pending(g).seat != 2:
        do(g, "pass")
    assert "support" not in pending(g).option_ids


def test_support_ends_with_the_combat_phase_bl140():
    """BL-140, BL-200: Support lasts until the end of the Combat Phase: in the next Combat Phase
    the fighter's CS is back to normal and the supporter may Support again."""
    a = adventurer("A", in_front=["giant_bog_leech"], drew_monster=True)
    g = combat([a, watcher("B")], dice=["white:6", "black:1"], dungeon_top=["hungry_grey_wolf", "forgotten_purse"])
    do(g, "support")
    assert g.state.adventurers[0].support_received == 1
    through_phase(g)
    assert g.state.adventurers[0].support_received == 0 and not g.state.adventurers[1].supported


# -- Instant Damage (BL-154 to BL-157, BLT-25) -------------------------------------------------------

def test_instant_damage_lowers_monster_points_and_a_parry_clears_it_blt25():
    """BLT-25, BL-155, BL-156, BL-126: a Blackpowder Bomb deals 2 Instant Damage (7 against 7: a
    Parry); after the Parry the new dice count without the 2 (Monster CP = Level + black)."""
    a = adventurer("A", in_front=["rusted_sentry"], backpack=["blackpowder_bomb"])   # Level 3
    g = combat([a, watcher()], dice=["white:5", "black:6", "white:6", "black:1"])
    assert cp(g) == (7, 9)
    assert pending(g, "help").seat == 0                       # the fighter is asked first
    do(g, "use:blackpowder_bomb")
    assert cp(g) == (7, 7) and "blackpowder_bomb" in g.state.items_discard
    events = []
    while "parry" not in kinds(events):
        q = pending(g)
        events += g.choose(q.seat, "pass")
    assert g.state.fight.instant_damage == 0
    dice = [e for e in events if e.kind == "dice"][-1]
    assert dice.data["monster_cp"] == 3 + 1


def test_ranger_kinetic_weapon_instant_damage_once_per_phase_bl154():
    """BL-154, BL-155, AK-13: a kinetic weapon (Hunter's Shortbow, 1 Instant Damage once per Combat
    Phase) in a Ranger's hands (+1 with kinetic weapons) deals 2; it is offered in the Compare
    step but not again this phase, and never in a check's window (BL-154: only in the Compare
    step)."""
    a = adventurer("A", slots={"weapon": "hunters_shortbow"}, in_front=["charnel_ghouls"])
    g = combat([a, watcher()], dice=["white:1", "black:6", "plain:6"])
    q = pending(g, "help")
    assert q.seat == 0 and "use:hunters_shortbow" in q.option_ids
    do(g, "use:hunters_shortbow")
    assert g.state.fight.instant_damage == 2
    assert "use:hunters_shortbow" not in pending(g).option_ids
    while moment(g) == "compare":
        do(g, "pass")
    assert moment(g) == "check"                               # the Escape check after the loss
    assert all("hunters_shortbow" not in o for o in pending(g).option_ids)


def test_no_instant_damage_against_an_immune_monster_bl157():
    """BL-157: against the Nagapon Soldier (immune to Instant Damage) no Instant Damage is
    offered: not a bomb, a kinetic weapon, Magic Missile nor Magic Arrow; the attempt is refused."""
    a = adventurer("A", slots={"weapon": "hunters_shortbow"}, in_front=["nagapon_soldier"],
                   backpack=["blackpowder_bomb"], mana=10, race="aelvari", **{"class": "cleric"})  # Rank 3
    g = combat([a, watcher()], dice=["white:1", "black:6"])
    q = pending(g, "help")
    assert q.seat == 0
    for refused in ("use:hunters_shortbow", "use:blackpowder_bomb", "cast:magic_missile", "cast:magic_arrow"):
        assert refused not in q.option_ids
        with pytest.raises(IllegalChoice):
            g.choose(0, refused)
    assert "cast:voltage_surge:black" in q.option_ids          # other help stays possible
    assert g.state.fight.instant_damage == 0 and a["mana"] == g.state.adventurers[0].mana


# -- Protection (BL-144, BL-158, BL-159, BLT-10) --------------------------------------------------------

def test_cumulative_protection_keeps_trophies_up_to_the_printed_level_blt10():
    """BLT-10, BL-158, BL-144, BL-110: Headgear 3 + Armour 4 + Glasses 3 give Protection 10. Losing
    to the Dreadnought Automaton (printed Level 10; 12 in the Ashen Forge) and failing the
    Escape check Stuns, but both Trophy cards are kept (10 <= 10). Against the Nagapon Warlord
    (printed Level 11) they are both discarded."""
    from game.rulesets.buck_legacy import stats

    gear = {"weapon": "studded_cudgel", "headgear": "great_barbute", "armour": "cogwork_chainmail",
            "glasses": "welding_visor"}
    found = {}
    for monster in ("dreadnought_automaton", "nagapon_warlord"):
        a = adventurer("A", slots=gear, in_front=[monster], distance_deck=["tusked_boar", "chain_devil"],
                       defeated=["tusked_boar", "chain_devil"])
        g = combat([a, watcher()], zone="ashen_forge", dice=["white:1", "black:6", "plain:1"])
        assert stats.protection(g.state, g.system.content, 0) == 10
        if monster == "dreadnought_automaton":
            from game.rulesets.buck_legacy import monsters

            assert monsters.level(ctx_of(g)) == 12
        events = through_phase(g)
        adv = g.state.adventurers[0]
        assert adv.stunned
        found[monster] = [c for c in adv.distance_deck if c in ("tusked_boar", "chain_devil")]
        if monster == "nagapon_warlord":
            assert {"tusked_boar", "chain_devil"} <= set(g.state.dungeon_discard)
            assert "trophies_lost" in kinds(events)
        else:
            assert "stun_kept" in kinds(events)
    assert found == {"dreadnought_automaton": ["tusked_boar", "chain_devil"], "nagapon_warlord": []}


def test_protection_has_no_other_effect_bl159():
    """BL-159: Protection changes neither Combat Points nor checks: a fighter with Protection 10
    has the same CP as without it."""
    gear = {"weapon": "studded_cudgel", "headgear": "great_barbute", "armour": "cogwork_chainmail",
            "glasses": "welding_visor"}
    for slots in (gear, {"weapon": "studded_cudgel"}):
        a = adventurer("A", slots=slots, in_front=["hungry_grey_wolf"])
        g = combat([a, watcher()], dice=["white:3", "black:3"])
        assert cp(g) == (5, 5)


def test_a_monster_won_is_in_one_place_while_its_win_ability_asks_bl128_bl075():
    """BL-128, BL-075: F defeats the Nagapon Paymaster ("beat him and an Item is yours") with a
    full backpack. The Paymaster goes into F's Distance Deck at once; the Item drawn overflows
    the backpack, so F is asked to dispose of a card while the battle is not yet over. Every card
    is then in exactly one place (the invariants), and stays so once F has answered. (A soak
    found the Paymaster counted twice there: in the Distance Deck and in the battle.)"""
    full = ["leather_cap", "iron_sallet", "smoked_goggles", "azure_draught#1", "quilted_gambeson"]
    f = adventurer("F", drew_monster=True, in_front=["nagapon_paymaster"], backpack=full)
    b = adventurer("B", race="aelvari", slots={"weapon": "notched_shortsword"}, **{"class": "rogue"})
    g = combat([f, b], dice=["white:6", "black:1"], items_top=["serrated_falchion"])
    assert SYSTEM.invariants(g.state) == []               # every card of the game dealt once
    assert g.state.fight is not None and g.state.fight.monster == "nagapon_paymaster"
    events = []
    while (d := pending(g)).kind != "overflow":
        assert d.window, f"stuck at {d.kind}: {d.prompt}"
        events += g.choose(d.seat, "pass")
    assert "win" in kinds(events)
    a = g.state.adventurers[0]
    assert a.distance_deck == ["nagapon_paymaster"] and "serrated_falchion" in a.backpack
    assert g.state.fight is not None                      # the battle is not over yet
    assert SYSTEM.invariants(g.state) == []
    do(g, "discard:leather_cap")
    assert g.state.adventurers[0].distance_deck == ["nagapon_paymaster"]
    assert "leather_cap" in g.state.items_discard and len(g.state.adventurers[0].backpack) == 5
    assert SYSTEM.invariants(g.state) == []
