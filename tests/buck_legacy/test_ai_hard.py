"""The hard player's own tactics in Buck: Legacy (ai.choose_hard, ai_tools.HARD_TACTICS): the
normal player's answers but where the Medal race says otherwise (game/ai/EXPERIMENTS.md has
the games that chose them). Each test sets up the position, asks both players and checks
where they part."""

from __future__ import annotations

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai
from tests.buck_legacy.helpers import CONTENT, SYSTEM, adventurer, pending, position
from tests.buck_legacy.test_ai import ROSE, _to_window


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


def _drafted(seats: int, hard: set[int]) -> list[tuple[str, str, str]]:
    """The Adventurers of deal 3 in drafting order (Race, Class, Starting Weapon), the ``hard``
    places of that order (0: the first to draft) played by the hard player, the others by normal."""
    g = Game.new(SYSTEM, 3, seats, SYSTEM.resolve_options(None))
    order = g.state.priority()
    while (decision := g.pending()) is not None and decision.kind == "create":
        player = ai.choose_hard if order.index(decision.seat) in hard else ai.choose
        g.choose(decision.seat, player(g.view_for(decision.seat), decision, Rng(1)))
    return [(a.race, a.klass, a.slots["weapon"]) for a in (g.state.adventurers[s] for s in order)]


def test_the_hard_player_drafts_a_runeweaver_that_stays_active_with_the_likeliest_weapon_d02() -> None:
    """D-02: normal drafting first takes the Ogrekin Warrior with the Notched Shortsword, and normal
    drafting second the Aelvari Runeweaver (Magic Rank 3). The hard player drafting second takes
    the Felinar Runeweaver: Combat Strength and an Escape bonus keep it drawing cards (the
    Distance Medal), and Magic Rank 2 brings Flash and Power Shunt, which reroll a failed Escape.
    Drafting first it takes the Ogrekin Runeweaver, leaving the rival neither the Ogrekin nor the
    Runeweaver. Its weapon, among those of equal Combat Strength, is the Warped Hexblade: Chaos
    is resisted by the fewest of the Dungeon's Monsters and Bosses for those weak to it (Cutting,
    the Shortsword's, by the most). With three seats its draft has no Runeweaver of its own."""
    assert _drafted(2, set()) == [("ogrekin", "warrior", "notched_shortsword"),
                                  ("aelvari", "runeweaver", "blacksmiths_hammer")]
    assert _drafted(2, {1})[1] == ("felinar", "runeweaver", "warped_hexblade")
    assert _drafted(2, {0})[0] == ("ogrekin", "runeweaver", "warped_hexblade")
    assert _drafted(3, {1})[1][:2] == ("felinar", "rogue")


def _volley_on_the_rival(bosses_defeated: int, medals: tuple[int, int]) -> Game:
    """D-21's position (test_ai): a red 4 (Volley) against E, whose Protection falls 4 short of
    the Rose's Level; F, the caster, could shield E with Protection. F is seat 0, E seat 1."""
    f = adventurer("F", mana=10, race="aelvari", medals=medals[0], **{"class": "necromancer"})
    e = adventurer("E", slots={"weapon": "studded_cudgel", "armour": "cogwork_chainmail"},
                   backpack=["vial_of_absolution"], medals=medals[1])
    g = position([f, e], start="boss", zone=ROSE, dice=["red:4"], dealer=1, bosses_defeated=bosses_defeated)
    _to_window(g, "red", 0)
    return g


def test_the_hard_player_leaves_the_last_boss_standing_when_its_fall_loses_the_race_d21() -> None:
    """D-21, BL-008, BL-197, BL-202: with two seats the second Boss is the last; were it defeated
    now, E (3 Medals, Active) would end ahead of F (0). The normal F shields E from the Volley
    with Protection, as the party's Boss fight asks; the hard F lets it fall: the Boss left
    standing, the game goes on (ai_race.spoiling). Before the last Boss, or with F ahead, the
    hard F shields E as normal does."""
    shield = ("cast:protection:1",)
    assert _both(_volley_on_the_rival(1, (0, 3)), 0) == (shield, ("pass",))
    assert _both(_volley_on_the_rival(0, (0, 3)), 0) == (shield, shield)
    assert _both(_volley_on_the_rival(1, (5, 3)), 0) == (shield, shield)


def test_the_hard_player_hinders_the_rivals_winning_round_against_the_last_boss_d18() -> None:
    """D-18, BL-202: E (Combat Strength 7) wins its round against the last Boss by one point, 11
    against 10; its fall would leave E ahead. The normal F never hinders in a Boss fight; the
    hard F does, since the Boss standing keeps the game going: Power Shunt rerolls E's white 4
    (a win only on 4 or more again). Before the last Boss it passes too."""
    f = adventurer("F", mana=10, race="aelvari", **{"class": "necromancer"})
    e = adventurer("E", race="ogrekin", slots={"weapon": "reliquary_morningstar"}, medals=3, **{"class": "warrior"})
    g = position([f, e], start="boss", zone=ROSE, dice=["red:2", "white:4", "black:2"], dealer=1,
                 bosses_defeated=1)
    _to_window(g, "compare", 0)
    view = g.view_for(0)
    fight = view["fight"]
    assert fight is not None and fight["fighter"] == 1 and fight["fighter_cp"] == fight["monster_cp"] + 1
    assert _both(g, 0) == (("pass",), ("cast:power_shunt:white",))
    g.state.bosses_defeated = 0
    assert _both(g, 0) == (("pass",), ("pass",))


def _harness_at_the_boss(bosses_defeated: int, medals: tuple[int, int]) -> Game:
    """test_ai_boss's Flight position (A, able to win the Rose's rounds, wears an Ornithopter
    Harness: Flight for 2 Tesla), with B Active and the Medals and Bosses given."""
    a = adventurer("A", tesla=4, race="ogrekin", backpack=["vial_of_absolution"], medals=medals[0],
                   **{"class": "warrior", "slots": {"weapon": "reliquary_morningstar", "other": "ornithopter_harness"}})
    g = position([a, adventurer("B", medals=medals[1])], start="boss", zone=ROSE, dice=["red:2"], dealer=0,
                 bosses_defeated=bosses_defeated)
    assert pending(g, "help").seat == 0
    return g


def test_the_hard_player_takes_no_flight_against_the_last_boss_it_leaves_standing_d21() -> None:
    """D-21, BL-186, BL-202: once the Boss is up the normal A takes Flight from its harness (no
    Ground Slam will cost it 2 again). The hard A, 3 Medals behind B at the last Boss, leaves that
    Boss standing (ai_race), so Flight would only win it rounds against it, for Tesla: it passes.
    Before the last Boss, or ahead, the hard A takes Flight as normal does."""
    fly = ("use:ornithopter_harness",)
    assert _both(_harness_at_the_boss(1, (0, 3)), 0) == (fly, ("pass",))
    assert _both(_harness_at_the_boss(0, (0, 3)), 0) == (fly, fly)
    assert _both(_harness_at_the_boss(1, (5, 3)), 0) == (fly, fly)
