"""The Buck: Legacy AI against the Boss (issue 13: standard games end in a sensible number of
Adventures): acts that outlast a Parry planned as such (D-16), the party's spells at hand counted
before giving up (D-20), and Mana kept for the Boss (D-14, D-16)."""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai
from game.rulesets.buck_legacy.ai_fight import spell_cost
from game.rulesets.buck_legacy.ai_tools import mana_reserve, me_of
from tests.buck_legacy.helpers import adventurer, pending, position

FORGE = "ashen_forge"  # the Cinder Colossus: Level 12, HP 5, resists Fire and Crushing, vulnerable to Electric
STRONG = {"race": "ogrekin", "class": "warrior", "slots": {"weapon": "reliquary_morningstar"}}  # CS 2 + 2 + 3 = 7
CASTER = {"race": "aelvari", "class": "runeweaver", "mana": 12}  # Magic Rank 3: Spark, Acid Storm


def _to_compare(g: Game, seat: int) -> Decision:
    while True:
        d = pending(g)
        top = g.state.stack[-1]
        if d.window and top["step"] == "help" and top["moment"] == "compare" and d.seat == seat:
            return d
        assert d.window, f"stuck at {d.kind}"
        g.choose(d.seat, "pass")


def test_spark_that_lasts_through_the_parries_is_cast_for_the_fighter_d16():
    """D-16, BL-121, BL-124, BL-126: A (CS 7) fights the Colossus (Level 12) and stands at 10 against
    16; 7 + 6 never beats 12 + 1, so the round is lost as it stands. Spark on A's weapon adds
    Electric, the Colossus's weakness: +1 for the rest of the round and the automatic parry, so
    every loss is rolled again and 8 + 6 can beat 12 + 1. B casts it, though it changes nothing
    on these dice: what outlasts a Parry is counted on the fresh dice after it."""
    a = adventurer("A", backpack=["vial_of_absolution"], **STRONG)
    b = adventurer("B", **CASTER)
    g = position([a, b], start="boss", zone=FORGE, dice=["red:2", "white:3", "black:4"], dealer=0)
    _to_compare(g, 1)
    view = g.view_for(1)
    assert view["fight"]["fighter_cp"] == 10 and view["fight"]["monster_cp"] == 16  # type: ignore[index]
    assert ai.choose(view, pending(g), Rng.seeded(1)) == ("cast:spark:0",)


def _useless(seat: int) -> Decision:
    return Decision(seat, "useless", "Our Weapons Are Useless!", (Option("roll", "Roll"), Option("fail", "Fail")),
                    rule="BL-180")


def test_rolls_when_an_ally_spell_would_make_a_win_possible_d20():
    """D-20, BL-180: A (CS 7) cannot beat the Colossus alone (7 + 6 against 12 + 1); with B, a caster
    who can add Electric by Spark (+1: 8 + 6 against 13), A rolls to stay Active instead of
    failing on purpose. Without a caster in the party, A fails."""
    a = adventurer("A", backpack=["vial_of_absolution"], **STRONG)
    with_caster = position([a, adventurer("B", **CASTER)], start="boss", zone=FORGE)
    alone = position([a, adventurer("B")], start="boss", zone=FORGE)
    assert ai.choose(with_caster.view_for(0), _useless(0), Rng.seeded(1)) == ("roll",)
    assert ai.choose(alone.view_for(0), _useless(0), Rng.seeded(1)) == ("fail",)


def test_a_caster_without_the_mana_for_a_weapon_spell_gives_up_a_hopeless_boss_fight_d20():
    """D-20, BL-180, BL-203: A, a Runeweaver (CS 2 + 0 + 5 = 7), cannot beat the Colossus (7 + 6
    against 12 + 1) unless a Spark on its own blade adds Electric, the Colossus's weakness (+1 and
    the automatic parry). With 1 Mana it rolls to stay Active; with none (Mana comes back only in
    the Market) it fails on purpose, as a fighter without spells does. (Counting the spell it
    could not pay for, a Runeweaver whose Escape cannot fail rolled against a Boss it could not
    harm for ever: a tournament game that never ended.)"""
    def runeweaver(mana: int) -> dict[str, object]:
        return adventurer("A", race="ogrekin", slots={"weapon": "starfall_blade"}, mana=mana, **{"class": "runeweaver"})
    with_mana = position([runeweaver(1), adventurer("B")], start="boss", zone=FORGE)
    without = position([runeweaver(0), adventurer("B")], start="boss", zone=FORGE)
    assert without.view_for(0)["adventurers"][0]["strength"] == 7
    assert ai.choose(with_mana.view_for(0), _useless(0), Rng.seeded(1)) == ("roll",)
    assert ai.choose(without.view_for(0), _useless(0), Rng.seeded(1)) == ("fail",)


def test_a_caster_keeps_mana_for_the_boss_d16():
    """D-16, BL-055: Mana comes back only in the Market, so before the Boss a Rank 3 caster keeps
    what the Boss round will need of it: a Spark for each fighter (the Colossus is weak to
    Electric), an Acid Storm and a Protection (2 + 2 + 4 = 8). A spell that dips into that
    reserve costs four times as much a point; once the Boss is up, Mana costs 3 a point."""
    before = position([adventurer("B", **CASTER), adventurer("A", **STRONG)], start="exploration", zone=FORGE,
                      dungeon_top=["hungry_grey_wolf", "hungry_grey_wolf#2"])
    view = before.view_for(0)
    me = me_of(view, 0)
    assert mana_reserve(view, me) == 8
    assert spell_cost(view, me, 3) == 9.0                    # 12 - 3 = 9 Mana left: above the reserve
    low = dict(me, mana=9)
    assert spell_cost(view, low, 3) == 9.0 + 9.0 * 2          # 2 of the 3 points come from the reserve
    boss = position([adventurer("B", **{**CASTER, "mana": 9}), adventurer("A", **STRONG)], start="boss", zone=FORGE)
    boss_view = boss.view_for(0)
    assert mana_reserve(boss_view, me_of(boss_view, 0)) == 0


ROSE = "ebony_bloody_rose"  # Ebony Bloody Rose: Level 8


def test_flight_from_a_device_is_taken_once_the_boss_is_up_d21():
    """D-21, BL-186, BL-244: once the Boss is up, Flight lasts the Adventure; A (CS 7, able to win
    the Rose's rounds) wears an Ornithopter Harness (Flight for 2 Tesla) and takes it at the first
    window of the fight, though this red die is harmless: no Ground Slam will cost it 2 again."""
    a = adventurer("A", tesla=4, race="ogrekin", backpack=["vial_of_absolution"],
                   **{"class": "warrior", "slots": {"weapon": "reliquary_morningstar", "other": "ornithopter_harness"}})
    g = position([a, adventurer("B")], start="boss", zone=ROSE, dice=["red:2"], dealer=0)
    d = pending(g, "help")
    assert d.seat == 0 and d.rule == "BL-173"
    assert ai.choose(g.view_for(0), d, Rng.seeded(1)) == ("use:ornithopter_harness",)


def test_a_mana_device_refills_a_caster_in_the_boss_fight_d16():
    """D-16, AK-15, BL-229: in the Boss fight a caster wearing the Perpetual Dynamo (3 Mana for 2
    Tesla) with Mana to spare under its maximum turns Tesla into Mana when it has nothing better to do."""
    b = adventurer("B", tesla=4, backpack=["vial_of_absolution"],
                   **{**CASTER, "mana": 5, "slots": {"weapon": "studded_cudgel", "other": "perpetual_dynamo"}})
    g = position([adventurer("A", backpack=["vial_of_absolution"]), b], start="boss", zone=ROSE,
                 dice=["red:2"], dealer=0)
    d = _to_window_of(g, 1)
    assert ai.choose(g.view_for(1), d, Rng.seeded(1)) == ("use:perpetual_dynamo",)


def _to_window_of(g: Game, seat: int) -> Decision:
    while (d := pending(g)).seat != seat:
        assert d.window, f"stuck at {d.kind}"
        g.choose(d.seat, "pass")
    return d


def test_the_dealer_picks_the_boss_the_party_can_make_weak_and_reach_d08():
    """D-08, BL-079, BL-121: the second Boss of a party of three must be Advanced. Against each the
    party wins little on its Combat Strength alone; but its casters can give any weapon Electric
    (Spark), the Cinder Colossus's weakness, whose automatic parry makes its rounds winnable, and
    the Ashen Forge is 10 Distance deep where the Skyreach Spires are 14: the Dealer places the
    Ashen Forge, not the lower-Level Tempest Wyrm's Spires."""
    g = position([adventurer("A", **STRONG), adventurer("B", **CASTER), adventurer("C", **{"class": "cleric"})],
                 start="market", dealer=0, bosses_defeated=1)
    d = pending(g, "zone")
    assert {"zone:ashen_forge", "zone:skyreach_spires"} <= set(d.option_ids)
    assert ai.choose(g.view_for(0), d, Rng.seeded(1)) == ("zone:ashen_forge",)


def test_flight_gear_is_worth_the_boss_rounds_it_saves_d07():
    """D-07, BL-186: an Ornithopter Harness is worth its device's 6, and to an Adventurer who wins
    the Rose's rounds also what Flight adds to them: no Ground Slam (-2 on the roll) on a red 5."""
    from game.rulesets.buck_legacy.ai_worth import piece_worth
    from game.rulesets.buck_legacy.ai_tools import zone_foe

    weak = position([adventurer("A"), adventurer("B")], start="market", zone=ROSE, dealer=0)
    strong = position([adventurer("A", **STRONG), adventurer("B")], start="market", zone=ROSE, dealer=0)
    foe = zone_foe(ROSE)
    assert piece_worth("ornithopter_harness", me_of(weak.view_for(0), 0), foe) == 6.0
    assert piece_worth("ornithopter_harness", me_of(strong.view_for(0), 0), foe) > 8.0


def test_worn_flight_gear_is_worth_what_it_adds_without_it_d07():
    """D-07, BL-186: Phoenix Pinions worn (the Adventurer flies thanks to them) are worth what they
    are worth in the backpack, Flight weighed for the Adventurer without them. Counted as adding
    no Flight once worn, they were swapped for a Communicator, which made them worth Flight again,
    and back, for ever."""
    from game.rulesets.buck_legacy.ai_worth import slot_worth
    from game.rulesets.buck_legacy.ai_tools import zone_foe

    foe = zone_foe(ROSE)
    worths = []
    for other, spare in (("phoenix_pinions", "communicator"), ("communicator", "phoenix_pinions")):
        slots = {**STRONG["slots"], "other": other}
        g = position([adventurer("A", **dict(STRONG, slots=slots), backpack=[spare]), adventurer("B")],
                     start="market", zone=ROSE, dealer=0)
        me = me_of(g.view_for(0), 0)
        assert me["flight"] == (other == "phoenix_pinions")
        worths.append((slot_worth("phoenix_pinions", me, foe), slot_worth("communicator", me, foe)))
    assert worths[0] == worths[1] and worths[0][0] > 6.0


def test_a_weapons_own_roll_bonus_goes_with_it_when_weapons_are_weighed_d07():
    """D-07, BL-118: the Unlimited Drill (CS 3, +2 on its wielder's combat rolls after the Rule of
    Six) against the Hexfang Dagger (CS 1), weighed for the Boss of the Nagapon Warcamp in the
    Preparation. Each weapon is judged with its own roll bonus, not the held one's: each is worth
    the same whichever is held, and the Drill is kept or taken up again. Judged with the held
    Drill's +2, the Dagger looked the better weapon, and once held, the Drill did again: a hard
    seat swapped them for ever (a game at 300 iterations a decision never ended)."""
    from game.rulesets.buck_legacy.ai_market import equip_choice
    from game.rulesets.buck_legacy.ai_tools import adventurer_round, zone_foe

    foe = zone_foe("nagapon_warcamp")
    worths, picks = [], []
    for held, spare in (("unlimited_drill", "hexfang_dagger"), ("hexfang_dagger", "unlimited_drill")):
        a = adventurer("A", race="felinar", slots={"weapon": held, "armour": "bastion_plate", "headgear": "horned_helm"},
                       backpack=[spare], **{"class": "rogue"})
        g = position([a, adventurer("B")], start="market", zone="nagapon_warcamp", dealer=0)
        me = me_of(g.view_for(0), 0)
        worths.append({weapon: adventurer_round(me, foe, weapon) for weapon in ("unlimited_drill", "hexfang_dagger")})
        prepare = Decision(0, "preparation", "Prepare", (Option(f"equip:{spare}", "Equip"), Option("end", "End")))
        picks.append(equip_choice(g.view_for(0), prepare, me, True))
    assert worths[0] == worths[1] and worths[0]["unlimited_drill"] > worths[0]["hexfang_dagger"]
    assert picks == [None, "equip:unlimited_drill"]
