"""The Buck: Legacy AI hinders its rivals in the Medal race (D-18, BL-202), but not where the party
needs them against the Boss (section 6, cooperation stance)."""

from __future__ import annotations

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai
from tests.buck_legacy.helpers import adventurer, pending, position

QUIET_ZONE = "mossgrave_hollows"  # the Matron, Level 6: anyone can win her rounds
FORGE = "ashen_forge"             # the Colossus, Level 12: only the strong can


def _b_asked(medals: tuple[int, int, int], b_cards: list[str], dice: list[str], zone: str = QUIET_ZONE,
             monster: str = "hungry_grey_wolf") -> tuple[Game, tuple[str, ...]]:
    """A (an Ogrekin Warrior with a Studded Cudgel: CS 5) fights ``monster``; the window comes to B
    (seat 1): B's answer."""
    a = adventurer("A", medals=medals[0], in_front=[monster], backpack=["vial_of_absolution"], race="ogrekin",
                   **{"class": "warrior"})
    b = adventurer("B", medals=medals[1], drew_monster=True, backpack=b_cards)
    c = adventurer("C", medals=medals[2], drew_monster=True)
    g = position([a, b, c], start="combat", zone=zone, dice=dice)
    while (d := pending(g)).seat != 1:
        assert d.window
        g.choose(d.seat, "pass")
    return g, ai.choose(g.view_for(1), d, Rng.seeded(1))


def test_hinders_the_leader_it_chases_d18():
    """D-18, BL-202: A (2 Medals) leads B (1), who is second: A beats the Nagapon Soldier (Level 6)
    by one (10 against 9), and B's Jolt Capsule on the black die makes it a Parry, rolled again,
    where A wins only one time in three."""
    g, answer = _b_asked((2, 1, 0), ["jolt_capsule"], ["white:5", "black:3"], monster="nagapon_soldier")
    view = g.view_for(1)["fight"]
    assert view["fighter_cp"] - view["monster_cp"] == 1  # type: ignore[index]
    assert answer == ("use:jolt_capsule:black",)


def test_no_hindering_when_not_in_the_race_d18():
    """D-18: with C between them (A 2, C 1, B 0) B is not the one chasing A, and a leader by one
    Medal is not the runaway leader: B lets A win."""
    _, answer = _b_asked((2, 0, 1), ["jolt_capsule"], ["white:5", "black:3"], monster="nagapon_soldier")
    assert answer == ("pass",)


def test_a_rival_the_party_needs_against_the_boss_is_not_sent_to_an_escape_d18():
    """D-18, cooperation stance: A, the runaway leader (3 Medals to 1), beats the Nagapon Soldier
    (Level 6) by one with a 6; a reroll of A's white die (a Chronometer Shard) would most likely
    make it a loss. Where B and C can win the Matron's rounds without A, B rerolls; against the
    Colossus only A could, so B would only hold A to a Parry, which the Shard cannot: B lets A win."""
    _, easy = _b_asked((3, 1, 0), ["chronometer_shard"], ["white:6", "black:4"], monster="nagapon_soldier")
    _, hard = _b_asked((3, 1, 0), ["chronometer_shard"], ["white:6", "black:4"], zone=FORGE,
                       monster="nagapon_soldier")
    assert easy == ("use:chronometer_shard:white",)
    assert hard == ("pass",)
