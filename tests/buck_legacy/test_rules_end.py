"""Buck: Legacy rule tests: the End of the Adventure Turn and of the game (BL-189 to BL-201,
BL-008, BL-009, BL-049, A-12, A-27, A-50)."""

from __future__ import annotations

from game.core.game import Game
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pass_windows, pending, position

WIN = ["red:2", "white:6", "black:1"]     # a Regular Strike, then 2 + 6 against the Matron's 6 + 1


def keep_treasures(g: Game) -> list[int]:
    """Answer every Treasure question (keeping the first card); return who was asked, in order."""
    asked = []
    while (d := g.pending()) is not None and d.kind == "keep_treasure":
        asked.append(d.seat)
        g.choose(d.seat, d.option_ids[0])
    return asked


def blt36(**extra):
    """BLT-36's table: P3 (the Buck Dealer) wounds the Mossgrave Matron at 1 HP, so the Boss falls.
    P1: Distance 4, Trophy 1, Curses 0, 3 vertical, Active. P2: Distance 4, Trophy 0, Curses 2,
    2 vertical, Stunned. P3: Distance 2, Trophy 1, Curses 0, 1 vertical, Active."""
    p1 = adventurer("P1", distance_deck=["nagapon_scout", "nagapon_war_drummer", "nagapon_slinger",
                                         "collapsing_flagstones", "reef_snapper"],
                    defeated=["nagapon_scout", "nagapon_war_drummer", "reef_snapper"])
    p2 = adventurer("P2", stunned=True, attached=["curse_of_frailty", "trembling_hands"],
                    distance_deck=["rattlebone_shambler", "crypt_wisp", "poison_dart_corridor",
                                   "swinging_scythe_blades"], defeated=["rattlebone_shambler", "crypt_wisp"])
    p3 = adventurer("P3", distance_deck=["giant_bog_leech", "coin_eating_lock", "tusked_boar"],
                    defeated=["tusked_boar"], **extra)
    return position([p1, p2, p3], dealer=2, start="boss", zone="mossgrave_hollows", boss_hp=1, dice=list(WIN))


def test_medals_when_the_boss_falls_blt36():
    """BLT-36, BL-197, BL-191, BL-190, BL-193, BL-189: P1 gets 4 Medals (Distance tie, Trophy tie,
    defeated Monsters, Active), P2 2 (Distance tie, Curses; Stunned, so no Active Medal), P3 2
    (Trophy tie, Active). The Boss P3 defeated counts for nothing."""
    g = blt36()
    assert [a.medals for a in g.state.adventurers] == [4, 2, 2]
    medals = [e for e in g.initial_events if e.kind == "medal" and e.data.get("category")]
    won = {e.data["category"]: sorted(e.data["seats_won"]) for e in medals}
    assert won == {"Distance counters": [0, 1], "Trophy counters": [0, 2], "Curses": [1],
                   "defeated Monsters": [0]}
    assert [e.rule for e in medals] == ["BL-191", "BL-191", "BL-197", "BL-197"]
    assert medals[0].text == "Most Distance counters (4): a Medal for P1 and P2."  # (was "P1, P2")


def test_everyone_takes_a_treasure_from_the_dealer_on_bl198():
    """BL-198, BL-046, BL-047, BL-230: each Adventurer, Active or Stunned, takes a Treasure (draw 2,
    keep 1) in priority order from the Buck Dealer (P3, then P1, then the Stunned P2)."""
    g = blt36()
    assert keep_treasures(g) == [2, 0, 1]
    for adv in g.state.adventurers:
        assert len(adv.backpack) == 1 and CONTENT.card(adv.backpack[0]).deck == "treasure"


def test_after_the_boss_falls_everything_is_cleared_and_the_buck_passes_bl199_bl201():
    """BL-199, BL-201, BL-049, BL-196: the defeated Boss leaves the game; every Dungeon card in play
    and in the Distance Decks (Gifts and Curses too) is discarded; everyone is revived; the Buck token
    passes left and, with a Boss still to defeat, a new Market Part begins at the next difficulty."""
    g = blt36()
    keep_treasures(g)
    state = g.state
    assert "mossgrave_hollows" in state.removed and "mossgrave_hollows" not in state.purple
    assert state.bosses_defeated == 1 and state.winners is None
    for adv in state.adventurers:
        assert (adv.stunned, adv.distance_deck, adv.defeated, adv.attached, adv.in_front) == (False, [], [], [], [])
    for card in ("nagapon_scout", "reef_snapper", "curse_of_frailty", "coin_eating_lock", "tusked_boar"):
        assert card in state.dungeon_discard
    assert state.dealer == 0 and state.part == "market" and not state.zone and not state.boss_up
    d = pending(g, "zone")
    assert d.seat == 0 and {CONTENT.zones[o[5:]].difficulty for o in d.option_ids} == {"advanced"}


def test_temporary_effects_end_with_the_adventure_bl200():
    """BL-200: Flight and Protection granted for the fight (a Bottled Updraft, an Ironbark Salve used
    in the Boss Attack's window) end with the Adventure Part."""
    g = blt36(backpack=["bottled_updraft", "ironbark_salve"])
    d = pending(g, "help")
    assert d.seat == 2 and d.rule == "BL-173"
    do(g, "use:bottled_updraft", "use:ironbark_salve")
    p3 = g.view_for(0)["adventurers"][2]
    assert p3["flight"] and p3["protection"] == 4
    pass_windows(g)
    keep_treasures(g)
    p3 = g.view_for(0)["adventurers"][2]
    assert not p3["flight"] and p3["protection"] == 0
    adv = g.state.adventurers[2]
    assert (adv.temp_protection, adv.flight_until, adv.support_received) == (0, "", 0)


def blt37(**scenario):
    """BLT-37: everyone Stunned. P1 (Active) fights the Mother of Eels (2 of 3 HP left) and meets a
    Volley its Protection cannot stop. P1: Distance 3, Trophy 0. P2 (Stunned): Distance 1, Trophy 0,
    2 Curses, 1 defeated Monster."""
    p1 = adventurer("P1", distance_deck=["nagapon_scout", "collapsing_flagstones", "poison_dart_corridor"])
    p2 = adventurer("P2", stunned=True, distance_deck=["crypt_wisp"], defeated=["crypt_wisp"],
                    attached=["curse_of_frailty", "trembling_hands"])
    return position([p1, p2], start="boss", zone="saltmarsh_fens", boss_hp=2, dice=["red:4"], **scenario)


def test_all_stunned_medals_only_for_distance_and_trophies_blt37():
    """BLT-37, BL-194, BL-192, A-27, BL-148: P1 gets 1 Medal (most Distance); nobody has a Trophy, so
    no Trophy Medal; Curses and defeated Monsters give nothing; nobody gets a Treasure."""
    g = blt37()
    events = g.initial_events
    assert "stun" in kinds(events) and "adventure_end" in kinds(events)
    assert [a.medals for a in g.state.adventurers] == [1, 0]
    medal = [e for e in events if e.kind == "medal"]
    assert len(medal) == 1 and medal[0].data["category"] == "Distance counters" and medal[0].rule == "BL-194"
    assert [e.data["category"] for e in events if e.kind == "medal_none"] == ["Trophy counters"]
    assert "treasure_draw" not in kinds(events)
    assert all(not a.backpack for a in g.state.adventurers)


def test_all_stunned_the_zone_returns_to_the_purple_deck_bl195_bl196():
    """BL-195, BL-196, BL-007, A-50, BL-049: after the wipe the Zone goes back to the purple deck, the
    Boss's HP is reset, every Dungeon card is discarded, all are revived, the Buck token passes and
    the next Market Part offers Zones of the same difficulty, this one included."""
    g = blt37()
    state = g.state
    assert state.bosses_defeated == 0 and "saltmarsh_fens" in state.purple
    assert (state.boss_hp, state.boss_up, state.zone) == (0, False, "")
    assert all(a.active and not a.distance_deck and not a.attached for a in state.adventurers)
    assert {"nagapon_scout", "crypt_wisp", "curse_of_frailty"} <= set(state.dungeon_discard)
    d = pending(g, "zone")
    assert d.seat == 1 and "zone:saltmarsh_fens" in d.option_ids
    assert {CONTENT.zones[o[5:]].difficulty for o in d.option_ids} == {"starting"}
    do(g, "zone:saltmarsh_fens")
    assert state.zone == "saltmarsh_fens"


def test_the_buck_passes_left_at_the_end_of_every_adventure_blt50():
    """BLT-50, BL-049, A-12: with C (3rd of A, B, C, D) the Dealer, the next Market Part starts with
    D holding the Buck token."""
    advs = [adventurer(n, stunned=n != "C") for n in "ABCD"]
    g = position(advs, dealer=2, start="boss", zone="ebony_bloody_rose", dice=["red:4"])
    assert g.state.dealer == 3 and g.state.priority() == [3, 0, 1, 2]
    assert [e for e in g.initial_events if e.kind == "buck"][0].rule == "BL-049"
    assert pending(g, "zone").seat == 3


def test_buck_stays_option_a12():
    """A-12 option "buck_stays": the Buck token never moves."""
    advs = [adventurer(n, stunned=n != "C") for n in "ABCD"]
    g = position(advs, dealer=2, start="boss", zone="ebony_bloody_rose", dice=["red:4"],
                 options={"buck_stays": True})
    assert g.state.dealer == 2 and pending(g, "zone").seat == 2
    assert "buck" not in kinds(g.initial_events)


def test_quick_game_ends_after_its_one_boss_with_a_single_winner_bl008_bl009():
    """BL-008, BL-009, BL-201: in a Quick game the Adventure Part in which the Boss falls is the last:
    after its Medals and Treasures the game is over and the most Medals win."""
    g = position([adventurer("A", medals=1), adventurer("B", medals=1, stunned=True)], quick=True,
                 start="boss", zone="mossgrave_hollows", boss_hp=1, dice=list(WIN))
    assert g.state.target == 1
    keep_treasures(g)
    assert g.pending() is None and g.state.part == "over"
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (2, 1)
    assert g.state.dealer == 0 and not g.state.shop


def test_a_boss_short_of_the_target_lets_the_game_go_on_bl008():
    """BL-008: a Standard game does not end with its first Boss."""
    g = position([adventurer("A"), adventurer("B", stunned=True)], start="boss", zone="mossgrave_hollows",
                 boss_hp=1, dice=list(WIN))
    keep_treasures(g)
    assert g.outcome() is None and pending(g, "zone").seat == 1


def test_an_overflowing_treasure_at_the_end_cannot_be_sold_bl198_bl075():
    """BL-198, BL-075, A-48: a Treasure received at the End of the Adventure into a full backpack
    must be disposed of at once, and selling is not yet possible (that is the Market's Ingenuity)."""
    full = ["leather_cap", "iron_sallet", "smoked_goggles", "quilted_gambeson", "owl_eye_lenses"]
    g = position([adventurer("A", backpack=full), adventurer("B", stunned=True)], start="boss",
                 zone="mossgrave_hollows", boss_hp=1, dice=list(WIN))
    pass_windows(g)                                # A holds cards: asked (a forced pass) in the windows
    d = pending(g, "keep_treasure")
    do(g, d.option_ids[0])
    d = pending(g, "overflow")
    assert d.seat == 0 and g.state.part == "end"
    assert d.option_ids and all(o.startswith(("discard:", "use:")) for o in d.option_ids)
    do(g, "discard:leather_cap")
    assert len(g.state.adventurers[0].backpack) == 5 and pending(g, "keep_treasure").seat == 1


def test_a_shared_win_is_said_as_people_say_it_bl009():
    """BL-009: players tied for the most Medals all win; the last log line names them as "A and
    B" (it said "A, B")."""
    g = position([adventurer("A", medals=1), adventurer("B", medals=2, stunned=True)], quick=True,
                 start="boss", zone="mossgrave_hollows", boss_hp=1, dice=list(WIN))
    events = []
    while (d := g.pending()) is not None and d.kind == "keep_treasure":
        events += g.choose(d.seat, d.option_ids[0])
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    [over] = [e for e in events if e.kind == "game_over"]
    assert over.text == "The game ends. Most Medals (2): A and B."
