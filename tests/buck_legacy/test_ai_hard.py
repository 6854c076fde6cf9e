"""The hard player's own tactics in Buck: Legacy (ai.choose_hard, ai_tools.HARD_TACTICS): the
normal player's answers but where the Medal race says otherwise (game/ai/EXPERIMENTS.md has
the games that chose them). Each test sets up the position, asks both players and checks
where they part."""

from __future__ import annotations

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai
from tests.buck_legacy.helpers import CONTENT, SYSTEM, adventurer, pending, position
from tests.buck_legacy.test_ai import _to_window


def _both(g: Game, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    decision, view = pending(g), g.view_for(seat)
    return ai.choose(view, decision, Rng(1)), ai.choose_hard(view, decision, Rng(1))


def _supporter_asked(others: int) -> Game:
    """D-17's position (A fights at 5 against 6; B's Hammer would make it 7), with ``others``
    quiet Adventurers more."""
    a = adventurer("A", in_front=["nagapon_scout"])
    b = adventurer("B", slots={"weapon": "blacksmiths_hammer"}, backpack=["vial_of_absolution"])
    g = position([a, b] + [adventurer(f"C{n}") for n in range(others)], start="combat", zone="mossgrave_hollows",
                 dice=["white:3", "black:5"])
    _to_window(g, "compare", 1)
    return g


def test_the_hard_player_never_supports_its_one_rival_of_a_two_seat_game_d17() -> None:
    """D-17: the normal player Supports A's battle into a win; the hard one, with A its only rival
    for the Medals, passes. With a third Adventurer at the table it Supports, as normal does."""
    assert _both(_supporter_asked(0), 1) == (("support",), ("pass",))
    assert _both(_supporter_asked(1), 1) == (("support",), ("support",))


def test_the_hard_dealer_picks_the_zone_by_the_medal_race_d08() -> None:
    """D-08: the normal Dealer picks the Zone whose Boss the party beats likeliest (here the
    Mossgrave Hollows) whatever the Medals; the hard one picks the shortest Zone when level or
    ahead (the game ends sooner) and the longest when behind (more draws to catch up)."""
    distance = {zone_id: zone.distance for zone_id, zone in CONTENT.zones.items()}
    for medals, wanted in (((0, 0), min), ((1, 0), min), ((0, 1), max)):
        g = position([adventurer(name, medals=m) for name, m in zip("AB", medals)], start="market", dealer=0)
        decision = pending(g, "zone")
        offered = [oid.partition(":")[2] for oid in decision.option_ids]
        normal, hard = _both(g, 0)
        assert normal == ("zone:mossgrave_hollows",)
        assert hard == (f"zone:{wanted(offered, key=lambda z: distance[z])}",)
    assert len({distance[z] for z in offered}) == len(offered)  # no tie for the shortest or the longest


def test_the_hard_player_drafting_second_builds_an_adventurer_that_stays_active_d02() -> None:
    """D-02: after the first seat has drafted the Ogrekin Warrior, the normal player takes the
    Aelvari Runeweaver (Magic Rank 3, Combat Strength 2); the hard one the Felinar Rogue, whose
    Combat Strength and Escape bonus keep it drawing cards (the Distance Medal). Drafting first,
    both take the Ogrekin Warrior."""
    g = Game.new(SYSTEM, 3, 2, SYSTEM.resolve_options(None))
    picks: dict[int, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {0: [], 1: []}
    while (decision := g.pending()) is not None and decision.kind == "create":
        normal, hard = _both(g, decision.seat)
        picks[decision.seat].append((normal, hard))
        g.choose(decision.seat, normal)
    first, second = picks[1], picks[0]  # seat 2 drafts first in this deal
    assert [n for n, _ in first] == [h for _, h in first] and ("race:ogrekin",) in [n for n, _ in first]
    assert [n[0] for n, _ in second][:2] == ["race:aelvari", "class:runeweaver"]
    assert [h[0] for _, h in second][:2] == ["race:felinar", "class:rogue"]
