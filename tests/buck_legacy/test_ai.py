"""The Buck: Legacy normal AI (checklist section 6; issue 13, item 4).

- The goal: normal seats beat random ones in at least 80% of games (a win is counted only when
  every winner is a normal seat; a tie with a random seat is not a win), with 2, 4 and 6 seats.
  Random seats end only under the playout option ``adventure_limit``; these games are measured
  under a limit of ``LIMIT`` (bench.VERSUS_LIMIT, 10) Adventures, not the playout limit of 3:
  in 3 Adventures most Medals are Distance Medals, and Distance counters come from the draws
  (a Distance Monster counts beaten or not), so the race is mostly luck (the normal AI wins
  about 60% there); 10 Adventures is about the length of a whole standard game between normal
  seats. The test plays the first seeds of the benchmark's games (``python -m game bench
  buck-legacy`` prints the full figures, under 10, 6 and 3 Adventures).
- Every decision kind is answered legally, over positions reached by random and normal play.
- The AI decides from its own view only (section 7): the answer is the same in a game that
  differs in what the seat cannot see (Game.determinize).
- Specific heuristics, each test naming the D-number it proves.
"""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.ai.agents import view_for
from game.core.decision import Decision, Option
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai, stats
from game.rulesets.buck_legacy.bench import VERSUS_LIMIT, versus
from tests.buck_legacy.helpers import CONTENT, SYSTEM, adventurer, do, pending, position

LIMIT = VERSUS_LIMIT


def _answer(g: Game, seat: int) -> tuple[str, ...]:
    d = pending(g)
    assert d.seat == seat
    return ai.choose(g.view_for(seat), d, Rng.seeded(1))


def _legal(d: Decision, picked: tuple[str, ...]) -> bool:
    return (d.min_choices <= len(picked) <= d.max_choices and len(set(picked)) == len(picked)
            and all(p in d.option_ids for p in picked))


# -- the 80% goal ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats,games", [(2, 30), (4, 12), (6, 8)])
def test_normal_beats_random_in_four_games_of_five(seats: int, games: int) -> None:
    """D-01 to D-26 together: seats alternate normal and random (seat 0 normal in even games);
    a game counts as won only if every winner is a normal seat. Under the limit of LIMIT
    Adventures, normal seats win at least 80% of the first ``games`` seeds."""
    won, played = versus(seats, games, seed=1, limit=LIMIT)
    assert played == games
    assert won >= 0.8 * games, f"{won}/{games} won with {seats} seats"


# -- legal answers, hidden information -------------------------------------------------------------------

EXPECTED_KINDS = {"create", "zone", "market", "interrupt", "preparation", "help", "keep_treasure",
                  "parry_choice", "useless", "raise_funds", "give_card", "give_gold"}


def test_every_decision_kind_is_answered_legally() -> None:
    """Every decision (D-02 to D-26): over games of 2 to 6 seats in which each answer is the
    normal AI's or a random one's (so play wanders into odd positions), the normal AI's answer
    to every question asked is legal, and the game accepts it when it is played."""
    seen: set[str] = set()
    for i in range(10):
        seats = 2 + i % 5
        g = Game.new(SYSTEM, 100 + i, seats, {"adventure_limit": 2, "quick": i % 2 == 1})
        rng = Rng.seeded(100 + i)
        randoms = [make_agent("random", "buck-legacy", 100 + i, s) for s in range(seats)]
        steps = 0
        while (d := g.pending()) is not None and steps < 4000:
            steps += 1
            picked = ai.choose(g.view_for(d.seat), d, rng)
            assert _legal(d, picked), f"{d.kind} {d.option_ids} -> {picked}"
            seen.add(d.kind)
            if rng.chance(1, 2):
                picked = randoms[d.seat].choose({}, d)
            g.choose(d.seat, picked)
    missing = EXPECTED_KINDS - seen
    assert not missing, f"never asked: {missing}"


def test_the_choice_is_the_same_whatever_the_others_hide() -> None:
    """Section 7, BL-073: the AI reads only its own view. At many moments of normal play, the AI's
    answer is the same in a game dealt again from what the seat has not seen (other backpacks,
    the decks' order: Game.determinize), whose view for that seat is the same."""
    compared = 0
    for seats, seed in ((2, 7), (4, 8), (6, 9)):
        g = Game.new(SYSTEM, seed, seats, {"adventure_limit": 2})
        agents = [make_agent("normal", "buck-legacy", seed, s) for s in range(seats)]
        steps = 0
        while (d := g.pending()) is not None and steps < 1500:
            steps += 1
            if steps % 7 == 0:
                other = g.determinize(d.seat, seed + steps)
                od = other.pending()
                assert od is not None and od.option_ids == d.option_ids
                assert other.view_for(d.seat) == g.view_for(d.seat)
                mine = ai.choose(g.view_for(d.seat), d, Rng.seeded(3))
                theirs = ai.choose(other.view_for(d.seat), od, Rng.seeded(3))
                assert mine == theirs
                if any(a.backpack for s, a in enumerate(g.state.adventurers) if s != d.seat):
                    compared += 1
            g.choose(d.seat, agents[d.seat].choose(view_for(agents[d.seat], g, d.seat), d))
    assert compared >= 20


# -- specific heuristics ------------------------------------------------------------------------------------

ROSE = "ebony_bloody_rose"  # Ebony Bloody Rose: Level 8, HP 4, resists Cutting, vulnerable to Fire


def _to_window(g: Game, moment: str, seat: int) -> None:
    """Pass windows until ``seat`` is asked in the help window of ``moment``."""
    while True:
        d = pending(g)
        top = g.state.stack[-1]
        if d.window and top["step"] == "help" and top["moment"] == moment and d.seat == seat:
            return
        assert d.window, f"stuck at {d.kind}"
        g.choose(d.seat, "pass")


@pytest.mark.parametrize("gear,reaches", [("cogwork_chainmail", True), ("great_barbute", False)])
def test_protection_against_a_volley_only_when_it_reaches_the_level_d21(gear: str, reaches: bool) -> None:
    """D-21, BL-185, BL-215: a red 4 (Volley) against E with Protection below the Rose's Level 8:
    F casts Protection (+4) on E when that reaches the Level (4 + 4); when it falls short (3 + 4)
    F rerolls the red die instead (Power Shunt: a 4 in 6 chance of a harmless face)."""
    slot = "armour" if gear == "cogwork_chainmail" else "headgear"
    f = adventurer("F", mana=10, race="aelvari", **{"class": "necromancer"})
    e = adventurer("E", slots={"weapon": "studded_cudgel", slot: gear}, backpack=["vial_of_absolution"])
    g = position([f, e], start="boss", zone=ROSE, dice=["red:4"], dealer=1)
    _to_window(g, "red", 0)
    assert _answer(g, 0) == (("cast:protection:1",) if reaches else ("cast:power_shunt:red",))


def test_red_die_rerolled_when_protection_cannot_reach_d21() -> None:
    """D-21: the Volley would stun and no Protection reaches the Level: the fighter rerolls the
    red die with a reroll of any die (a Chronometer Shard)."""
    e = adventurer("E", slots={"weapon": "studded_cudgel"}, backpack=["chronometer_shard"])
    g = position([e, adventurer("F", backpack=["vial_of_absolution"])], start="boss", zone=ROSE,
                 dice=["red:4"], dealer=0)
    _to_window(g, "red", 0)
    assert _answer(g, 0) == ("use:chronometer_shard:red",)


def _parry_game(weapon: str, monster: str, klass: str) -> Game:
    a = adventurer("A", slots={"weapon": weapon}, in_front=[monster], **{"class": klass})
    g = position([a, adventurer("B", backpack=["azure_draught"])], start="combat", zone="mossgrave_hollows",
                 dice=["white:2", "black:2", "white:2", "black:2"])
    while pending(g).kind != "parry_choice":
        do(g, "pass")
    return g


def test_keeps_the_automatic_parry_while_a_win_is_possible_d19() -> None:
    """D-19, BL-124: the Thunderforge Blade against the Glacial Revenant (vulnerable to Fire and
    Electric): 7 against 9 is parried, and with a win possible on fresh dice the AI keeps it."""
    g = _parry_game("thunderforge_blade", "glacial_revenant", "warrior")
    assert _answer(g, 0) == ("parry",)


def test_waives_the_automatic_parry_when_no_win_is_possible_d19() -> None:
    """D-19, BL-124, A-19: a Cleric (CS 0) with the Pilgrim's Mace (Holy, +1, +1 more against a
    Holy-vulnerable Monster) against the Brimstone Tormentor (Level 8): 2 + 6 can never beat
    8 + 1, so the Parry would repeat for ever; the AI accepts the loss."""
    g = _parry_game("pilgrims_mace", "brimstone_tormentor", "cleric")
    assert g.view_for(0)["fight"]["win"] == 0  # type: ignore[index]
    assert _answer(g, 0) == ("accept",)


@pytest.mark.parametrize("weapon,avoided", [("serrated_falchion", {"ebony_bloody_rose", "nagapon_warcamp"}),
                                            ("pilgrims_mace", {"sunken_cathedral"})])
def test_the_dealer_avoids_a_boss_resisting_the_party_weapons_d08(weapon: str, avoided: set[str]) -> None:
    """D-08, BL-053, BL-120: three Adventurers with Cutting weapons: the Dealer passes over the
    Rose and Warqueen Sithra (both resist Cutting); with Holy weapons, over the Drowned Bishop
    (resists Holy)."""
    advs = [adventurer(n, slots={"weapon": weapon}, race="ogrekin", **{"class": "warrior"}) for n in ("A", "B", "C")]
    g = position(advs, start="market", dealer=0)
    d = pending(g, "zone")
    picked = _answer(g, 0)[0]
    assert picked in d.option_ids and picked.partition(":")[2] not in avoided


def test_spends_its_gold_on_the_stronger_weapon_d04() -> None:
    """D-04, D-07: with 200 Gold and a Siege Maul (+4, Large) in the shop, the AI buys it rather
    than take a Side Job; bought, it is worn at once."""
    a = adventurer("A", gold=200, **{"class": "warrior"})
    g = position([a, adventurer("B")], start="market", zone="mossgrave_hollows", dealer=0,
                 shop=["siege_maul", "leather_cap", "smoked_goggles", "quilted_gambeson"])
    d = pending(g, "market")
    assert d.seat == 0
    assert _answer(g, 0) == ("buy:1",)
    do(g, "buy:1")
    while pending(g).kind != "market" or pending(g).seat != 0:
        d = pending(g)
        g.choose(d.seat, "pass" if d.window else ai.choose(g.view_for(d.seat), d, Rng.seeded(1)))
    assert _answer(g, 0) == ("equip:siege_maul",)


def test_the_alchemist_transmutes_an_ability_card_under_worn_armour_d10() -> None:
    """D-10, BL-239: an Alchemist wearing a Battle Metronome (Other) with a Grappling Hook (+1 to
    Escape checks) in the backpack puts the Hook under the armour: Transmute, top the armour,
    bottom the Hook."""
    a = adventurer("A", slots={"weapon": "studded_cudgel", "armour": "boiled_leather_jerkin",
                               "other": "battle_metronome"},
                   backpack=["grappling_hook"], **{"class": "alchemist"})
    g = position([a, adventurer("B")], start="market", zone="mossgrave_hollows", dealer=0)
    assert _answer(g, 0) == ("transmute",)
    do(g, "transmute")
    assert _answer(g, 0) == ("top:boiled_leather_jerkin",)
    do(g, "top:boiled_leather_jerkin")
    assert _answer(g, 0) == ("bottom:grappling_hook",)


def _alchemist_market(slots: dict[str, str], backpack: list[str]) -> Game:
    """An Alchemist (D-10) with a Studded Cudgel and ``slots``, ``backpack``, on their Market turn."""
    a = adventurer("A", slots={"weapon": "studded_cudgel", **slots}, backpack=backpack, **{"class": "alchemist"})
    return position([a, adventurer("B")], start="market", zone="mossgrave_hollows", dealer=0)


def test_the_alchemist_moves_a_worn_ability_under_its_armour_to_wear_a_spare_card_d10() -> None:
    """D-10, BL-239, BL-240: an Alchemist wearing a Circlet of the Third Eye (Magic Rank +1,
    Protection 1) with a Great Barbute (Protection 3, no ability) in the backpack puts the Circlet
    under its armour, which takes the Magic Rank, and wears the Barbute: Magic Rank 1 and 2 more
    Protection, where without Transmutation one of the two helms must stay in the backpack."""
    g = _alchemist_market({"armour": "boiled_leather_jerkin", "headgear": "circlet_of_the_third_eye"},
                          ["great_barbute"])
    assert _answer(g, 0) == ("transmute",)
    do(g, "transmute")
    assert _answer(g, 0) == ("top:boiled_leather_jerkin",)
    do(g, "top:boiled_leather_jerkin")
    assert _answer(g, 0) == ("bottom:circlet_of_the_third_eye",)
    do(g, "bottom:circlet_of_the_third_eye")
    assert _answer(g, 0) == ("equip:great_barbute",)
    do(g, "equip:great_barbute")
    a = g.state.adventurers[0]
    assert a.transmuted == {"boiled_leather_jerkin": "circlet_of_the_third_eye"}
    assert stats.magic_rank(g.state, CONTENT, 0) == 1 and stats.protection(g.state, CONTENT, 0) == 2 + 3


def test_the_alchemist_takes_a_weaker_transmuted_item_apart_for_a_better_one_d10() -> None:
    """D-10, BL-237, BL-242: an Alchemist may have one transmuted item. With a Tinker's Loupe (+1
    to Trap checks) under its armour, a Welding Visor worn, a Pavise in the Other slot and a Communicator (a reroll of
    any die for Tesla, worth less than the Pavise's Protection there) in the backpack, it unequips
    the armour (the pair comes apart), wears it again and puts the Communicator underneath."""
    g = _alchemist_market({"armour": "boiled_leather_jerkin", "other": "pavise_of_the_last_wall",
                           "glasses": "welding_visor"}, ["tinkers_loupe", "communicator"])
    do(g, "transmute", "top:boiled_leather_jerkin", "bottom:tinkers_loupe")
    assert _answer(g, 0) == ("unequip:armour",)
    do(g, "unequip:armour")
    assert _answer(g, 0) == ("equip:boiled_leather_jerkin",)
    do(g, "equip:boiled_leather_jerkin")
    assert _answer(g, 0) == ("transmute",)
    do(g, "transmute", "top:boiled_leather_jerkin")
    assert _answer(g, 0) == ("bottom:communicator",)
    do(g, "bottom:communicator")
    assert g.state.adventurers[0].transmuted == {"boiled_leather_jerkin": "communicator"}
    assert _answer(g, 0) != ("unequip:armour",)  # and no more: the Loupe is worth less than the Communicator


@pytest.mark.parametrize("slots,backpack,expected", [
    ({"armour": "boiled_leather_jerkin"}, ["grappling_hook"], "equip:grappling_hook"),
    ({"armour": "boiled_leather_jerkin", "headgear": "great_barbute"}, ["iron_sallet"], None),
])
def test_the_alchemist_does_not_transmute_where_it_adds_nothing_d10(
        slots: dict[str, str], backpack: list[str], expected: str | None) -> None:
    """D-10, BL-240: no Transmutation when the spare card's slot is empty (the AI wears it: its
    Protection or Combat Strength counts too), nor for a card without Special Abilities (only
    those pass to the top card: an Iron Sallet underneath adds nothing)."""
    g = _alchemist_market(slots, backpack)
    assert "transmute" in pending(g).option_ids
    answer = _answer(g, 0)
    assert answer != ("transmute",)
    if expected is not None:
        assert answer == (expected,)


def _useless_decision(seat: int) -> Decision:
    return Decision(seat, "useless", "Our Weapons Are Useless!", (Option("roll", "Roll"), Option("fail", "Fail")),
                    rule="BL-180")


@pytest.mark.parametrize("ally,expected", [("studded_cudgel", "fail"), ("siege_maul", "roll")])
def test_fails_on_purpose_only_when_nobody_can_win_d20(ally: str, expected: str) -> None:
    """D-20, BL-180: a weak fighter (CS 2) against the Rose (Level 8): with an ally who cannot win
    either (CS 2), failing ends a hopeless fight; with an ally who can (a Warrior with a Siege
    Maul, CS 7: 7 + 6 > 8 + 1), the AI rolls to stay Active for the Medal."""
    b = adventurer("B", slots={"weapon": ally}, **({"class": "warrior"} if ally == "siege_maul" else {}))
    g = position([adventurer("A", backpack=["vial_of_absolution"]), b], start="boss", zone=ROSE)
    assert ai.choose(g.view_for(0), _useless_decision(0), Rng.seeded(1)) == (expected,)


def test_flash_after_a_failed_escape_d22() -> None:
    """D-22, BL-219: a Runeweaver (Rank 2) loses to the Nagapon Soldier and rolls a 1 for the
    Escape check: the AI casts Flash to reroll it."""
    a = adventurer("A", mana=10, in_front=["nagapon_soldier"], **{"class": "runeweaver", "race": "aelvari"})
    g = position([a, adventurer("B", backpack=["azure_draught"])], start="combat", zone="mossgrave_hollows",
                 dice=["white:1", "black:6", "plain:1", "plain:6"])
    while not (g.state.check is not None and pending(g).seat == 0 and pending(g).window):
        d = pending(g)
        g.choose(d.seat, "pass")
    assert _answer(g, 0) == ("cast:flash",)


def test_support_turns_a_loss_into_a_win_d17() -> None:
    """D-17, BL-137, BL-139: B drew no Monster; A fights at 5 against 6 and B's Blacksmith's Hammer
    (+2) would make it 7: B Supports A (who is not the runaway leader)."""
    a = adventurer("A", in_front=["nagapon_scout"])
    b = adventurer("B", slots={"weapon": "blacksmiths_hammer"}, backpack=["vial_of_absolution"])
    g = position([a, b], start="combat", zone="mossgrave_hollows", dice=["white:3", "black:5"])
    _to_window(g, "compare", 1)
    assert _answer(g, 1) == ("support",)


def test_a_benchmark_game_that_never_ends_is_told_not_waited_for(monkeypatch):
    """The benchmark's games stop at a cap of choices with a sentence naming the seed (an AI
    that loops fails the bench instead of hanging it)."""
    import pytest

    from game.core.errors import FiveRealmsError
    from game.rulesets.buck_legacy import bench

    monkeypatch.setattr(bench, "MAX_CHOICES", 5)
    with pytest.raises(FiveRealmsError, match="seed 1.*loop"):
        bench.versus(2, 1, 1)
