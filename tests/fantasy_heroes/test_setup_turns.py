"""Players, components, setup, turn order, the turn, drawing and the hand limit (FH-001 to FH-022),
with the worked cases FHT-23 to FHT-26."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalChoice, ScenarioError
from game.core.game import Game
from tests.fantasy_heroes.helpers import (
    SYSTEM,
    attack,
    choose,
    decision,
    events_of,
    fh_game,
    finish_battle,
    hand,
    play,
    state,
    territories,
)

TYPES = ("Castle", "Mountain", "Forest", "Tower", "Swamp")

# Section 2.3-2.6, copied from the checklist: id -> field values.
HEROES = {  # name, territory, AV, DV, Spells, notes
    "knight": ("Knight", "Castle", 1, 5, 0, "Castle Minions get +1BV"),
    "priest": ("Priest", "Castle", 1, 1, 2, "negate 1 spell cast by opponent during battle."),
    "cleric": ("Cleric", "Castle", 1, 3, 1, "+3 BV versus Swamp Minions"),
    "barbarian": ("Barbarian", "Mountain", 6, 3, 0, "Cannot use Artifacts"),
    "warrior": ("Warrior", "Mountain", 4, 4, 0, ""),
    "shaman": ("Shaman", "Mountain", 3, 1, 1, "Mountain Minions get +1BV"),
    "druid": ("Druid", "Forest", 1, 3, 1, "Forest Minions get +1BV"),
    "ranger": ("Ranger", "Forest", 2, 4, 0, "+3 BV when battle at Forest"),
    "enchantress": ("Enchantress", "Forest", 1, 1, 1, "Control 1 enemy minion before totals compared."),
    "wizard": ("Wizard", "Tower", 1, 1, 3, ""),
    "sorcerer": ("Sorcerer", "Tower", 3, 1, 1, "The Sorcerer may use one non-tower minion."),
    "rogue": ("Rogue", "Tower", 3, 3, 0, "Steal 1 random card from opponents hand when played."),
    "warlock": ("Warlock", "Swamp", 1, 3, 1, "+3 BV versus Forest Minions"),
    "necromancer": ("Necromancer", "Swamp", 1, 1, 2, "Swamp Minions get +1BV"),
    "lich": ("Lich", "Swamp", 3, 1, 1, "+3 BV when battle at Swamp"),
}
MINIONS = {  # name, territory, BV, special
    "peasants": ("Peasants", "Castle", 1, "+1 BV if Defending Castle"),
    "archers": ("Archers", "Castle", 2, "+1 BV if Defending"),
    "pikemen": ("Pikemen", "Castle", 3, "+1 BV if Defending, -1 BV if Attacking"),
    "griffins": ("Griffins", "Castle", 4, ""),
    "archangel": ("Archangel", "Castle", 5, "+1 BV versus Swamp Minions & Heroes"),
    "goblins": ("Goblins", "Mountain", 1, "Discard a card to get +1 BV"),
    "orcs": ("Orcs", "Mountain", 2, "+1 BV if Attacking"),
    "ogres": ("Ogres", "Mountain", 3, ""),
    "trolls": ("Trolls", "Mountain", 4, ""),
    "giant": ("Giant", "Mountain", 5, "+1 BV if Defending Mountain"),
    "pixies": ("Pixies", "Forest", 1, "Hero gets +1 Spell Level"),
    "elves": ("Elves", "Forest", 2, "Hero gets +1 Spell Level"),
    "dwarves": ("Dwarves", "Forest", 3, "+1 BV versus Mountain Minions"),
    "unicorns": ("Unicorns", "Forest", 4, "Hero gets +1 Spell Level"),
    "dragon": ("Dragon", "Forest", 5, "Opponent must discard one random card"),
    "gnomes": ("Gnomes", "Tower", 1, "+1 BV if Defending Tower"),
    "myrmidons": ("Myrmidons", "Tower", 2, ""),
    "golems": ("Golems", "Tower", 3, "Negate one of opponents spells"),
    "djinn": ("Djinn", "Tower", 4, "Hero gets +1 Spell Level"),
    "demon": ("Demon", "Tower", 5, "+1 BV if Attacking"),
    "skeletons": ("Skeletons", "Swamp", 1, ""),
    "zombies": ("Zombies", "Swamp", 2, ""),
    "swarm": ("Swarm", "Swamp", 3, "Destroy level 1 Minion"),
    "wraiths": ("Wraiths", "Swamp", 4, "+1 BV at Swamp"),
    "vampire": ("Vampire", "Swamp", 5, "+1 BV versus Castle Minions"),
}
ARTIFACTS = {  # name, BV, notes
    "rune-staff": ("Rune Staff", 5, "Draw one card when played"),
    "celestial-sword": ("Celestial Sword", 4, "AV +1"),
    "titans-armor": ("Titans Armor", 3, "DV +1"),
    "spell-shield": ("Spell Shield", 2, "Negate one of opponents spells during battle"),
    "ring-of-the-magi": ("Ring of the Magi", 1, "Hero gets +1 Spell Level"),
}
SPELLS = {  # name, BV (None = X), effect
    "bless": ("Bless", 0, "All of your minions get +1 BV"),
    "cone-of-cold": ("Cone of Cold", 2, "Opponent must discard one random card."),
    "lightning-bolt": ("Lightning Bolt", 3, "Destroy opponents Artifact."),
    "fireball": ("Fireball", 3, "All of your opponents Minions are -1 BV"),
    "disintegrate": ("Disintegrate", 5, ""),
    "illusions": ("Illusions", None, "X = 1+ Casters spell level"),
    "invisibility": ("Invisibility", 3, ""),
    "petrification": ("Petrification", 0, "Destroy one of opponents Minions."),
    "charm": ("Charm", 0, "Take control of one of opponents Minions."),
    "cataclysm": ("Cataclysm", 0, "Destroy all Minions in battle so far."),
    "scrye": ("Scrye", 0, "Look at opponents hand."),
    "fortune": ("Fortune", 0, "Draw 3 cards."),
    "summon": ("Summon", 0, "During battle use any Minion card in your hand."),
    "wall-of-fire": ("Wall of Fire", 0, "Your opponent may not attack you on his turn."),
    "fly": ("Fly", 0, "You may make a second attack this turn."),
}

# Filler cards with no instant, no hero and no on-draw effect: they never cause a decision by
# themselves outside a battle, so a test controls exactly which decisions come up.
FILLER = ["peasants", "archers", "pikemen", "griffins", "archangel", "goblins", "orcs", "ogres", "trolls",
          "giant", "pixies", "elves", "dwarves", "unicorns", "dragon", "gnomes", "myrmidons", "golems",
          "djinn", "demon", "skeletons", "zombies", "swarm", "wraiths", "vampire"]


def setup_game(deck: list[str], players: int = 3, seed: int = 1) -> Game:
    """A game starting at setup (FH-004 onwards), with the turn-order draw taking ``deck`` in order."""
    return fh_game([{} for _ in range(players)], start="setup", deck=deck, seed=seed)


def order_of(g: Game) -> list[int]:
    [order] = events_of(g, "order")
    return list(order.data["order"])


def all_battle_cards(g: Game) -> list[str]:
    s = state(g)
    cards = list(s.deck) + list(s.discard) + list(s.set_aside)
    for p in s.players:
        cards += p.hand
    return cards


def decision_seats_until(g: Game, count: int) -> list[tuple[str, int]]:
    """Answer ``count`` hand-limit decisions with their first options; list (kind, seat) of each."""
    seen = []
    for _ in range(count):
        d = decision(g)
        seen.append((d.kind, d.seat))
        assert d.kind == "discard", f"unexpected decision {d.kind}: {d.prompt}"
        g.choose(d.seat, [o.id for o in d.options[: d.min_choices]])
    return seen


# -- 3.1 Players and components ---------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_fh_001_two_or_three_players_accepted(seats):
    g = Game.new(SYSTEM, 7, seats)
    assert g.seats == seats
    assert len(g.state.players) == seats
    assert g.pending() is not None
    assert (SYSTEM.min_seats, SYSTEM.max_seats) == (2, 3)


@pytest.mark.parametrize("seats", [1, 4])
def test_fh_001_other_player_counts_refused(seats):
    with pytest.raises(IllegalChoice):
        Game.new(SYSTEM, 7, seats)


def test_fh_001_scenario_with_four_players_refused():
    with pytest.raises(ScenarioError):
        fh_game([{"territories": [f"castle#{i}"]} for i in (1, 2, 3)] + [{"territories": ["tower#1"]}])


def test_fh_002_territory_deck_fifteen_cards_three_of_each():
    content = SYSTEM.content
    instances = content.territory_instances
    assert len(instances) == 15 and len(set(instances)) == 15
    assert Counter(content.territory_type(t) for t in instances) == {t: 3 for t in TYPES}


def test_fh_002_battle_deck_sixty_cards_exact_content():
    cards = SYSTEM.content.cards
    assert len(cards) == 60
    assert set(cards) == set(HEROES) | set(MINIONS) | set(ARTIFACTS) | set(SPELLS)
    assert (len(HEROES), len(MINIONS), len(ARTIFACTS), len(SPELLS)) == (15, 25, 5, 15)
    for cid, (name, territory, av, dv, spells, text) in HEROES.items():
        c = cards[cid]
        assert (c.name, c.type, c.territory, c.av, c.dv, c.spell_level, c.text) == \
            (name, "hero", territory, av, dv, spells, text), cid
    for cid, (name, territory, bv, text) in MINIONS.items():
        c = cards[cid]
        assert (c.name, c.type, c.territory, c.bv, c.text) == (name, "minion", territory, bv, text), cid
    for cid, (name, bv, text) in ARTIFACTS.items():
        c = cards[cid]
        assert (c.name, c.type, c.bv, c.text) == (name, "artifact", bv, text), cid
    for cid, (name, bv, text) in SPELLS.items():
        c = cards[cid]
        assert (c.name, c.type, c.text) == (name, "spell", text), cid
        if bv is None:
            assert c.bv_is_x and c.printed_bv_text == "X", cid
        else:
            assert not c.bv_is_x and c.bv == bv, cid


def test_fh_002_new_game_uses_every_battle_card_once():
    for seats in (2, 3):
        g = Game.new(SYSTEM, 3, seats)
        cards = all_battle_cards(g)
        assert len(cards) == 60
        assert set(cards) == set(SYSTEM.content.cards)


def test_fh_003_every_card_has_one_type_and_heroes_minions_one_territory():
    for cid, c in SYSTEM.content.cards.items():
        assert c.type in ("hero", "minion", "artifact", "spell"), cid
        if c.type in ("hero", "minion"):
            assert c.territory in TYPES, cid
        else:
            assert c.territory is None, cid
    assert Counter(c.type for c in SYSTEM.content.cards.values()) == \
        {"hero": 15, "minion": 25, "artifact": 5, "spell": 15}


# -- 3.2 Setup and turn order ---------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_fh_004_four_territories_each_public(seats):
    g = Game.new(SYSTEM, 11, seats)
    dealt = [list(p.territories) for p in g.state.players]
    assert all(len(ts) == 4 for ts in dealt)
    flat = [t for ts in dealt for t in ts]
    assert len(set(flat)) == 4 * seats
    assert set(flat) <= set(SYSTEM.content.territory_instances)
    for viewer in list(range(seats)) + [None]:
        view = g.view_for(viewer)
        assert [p["territories"] for p in view["players"]] == dealt


@pytest.mark.parametrize("seats,left_out", [(2, 7), (3, 3)])
def test_fh_005_undealt_territories_leave_the_game(seats, left_out):
    g = Game.new(SYSTEM, 11, seats)
    out = list(g.state.territories_out)
    assert len(out) == left_out
    dealt = {t for p in g.state.players for t in p.territories}
    assert not dealt & set(out)
    assert dealt | set(out) == set(SYSTEM.content.territory_instances)
    [note] = [e for e in g.initial_events if e.rule == "FH-005"]
    assert str(left_out) in note.text


def test_fh_006_battle_deck_is_shuffled():
    """Without a shuffle the first turn-order card would be the same in every game."""
    first_cards = set()
    for seed in range(1, 7):
        g = Game.new(SYSTEM, seed, 2)
        first_cards.add([e for e in g.initial_events if e.kind == "order_draw"][0].data["card"])
    assert len(first_cards) > 1
    # Same seed, same game.
    a, b = Game.new(SYSTEM, 42, 3), Game.new(SYSTEM, 42, 3)
    assert a.state_hash() == b.state_hash()


def test_fh_007_each_player_draws_one_card_shown():
    g = setup_game(["ogres", "demon", "skeletons"])
    draws = events_of(g, "order_draw")
    assert [(e.data["seat"], e.data["card"], e.rule) for e in draws] == \
        [(0, "ogres", "FH-007"), (1, "demon", "FH-007"), (2, "skeletons", "FH-007")]
    assert all(e.seats is None for e in draws)  # shown to everyone


@pytest.mark.parametrize("deck,expected", [
    (["knight", "zombies"], [1, 0]),        # hero scores AV 1 (not DV 5) < BV 2
    (["barbarian", "demon"], [0, 1]),       # AV 6 > BV 5
    (["disintegrate", "warrior"], [0, 1]),  # spell BV 5 > AV 4
    (["rune-staff", "trolls"], [0, 1]),     # artifact BV 5 > BV 4
    (["illusions", "zombies"], [1, 0]),     # Illusions 1 < 2
    (["illusions", "fortune"], [0, 1]),     # Illusions 1 > 0
])
def test_fh_008_order_draw_scores(deck, expected):
    g = setup_game(deck, players=2)
    assert not events_of(g, "order_tie")
    assert order_of(g) == expected


def test_fh_008_illusions_scores_exactly_one():
    """Illusions (1) ties with Pixies (BV 1): both redraw, Giant beats Skeletons."""
    g = setup_game(["illusions", "pixies", "skeletons", "giant"], players=2)
    assert len(events_of(g, "order_tie")) == 1
    assert order_of(g) == [1, 0]


def test_fh_009_highest_first_then_next_highest():
    g = setup_game(["ogres", "demon", "skeletons"])
    assert order_of(g) == [1, 0, 2]
    assert state(g).order == [1, 0, 2]
    [first_turn] = events_of(g, "turn")
    assert first_turn.data["seat"] == 1


def test_fh_010_tie_at_bottom_only_tied_players_redraw():
    # P1 Giant 5; P2 Ogres 3 and P3 Pikemen 3 tie. P2 redraws Skeletons 1, P3 Zombies 2.
    g = setup_game(["giant", "ogres", "pikemen", "skeletons", "zombies"])
    redraws = [e for e in events_of(g, "order_draw") if e.rule == "FH-010"]
    assert [(e.data["seat"], e.data["card"]) for e in redraws] == [(1, "skeletons"), (2, "zombies")]
    assert order_of(g) == [0, 2, 1]


def test_fh_010_repeated_tie_redraws_again():
    # P2 and P3 tie at 3, then again at 1 (Goblins, Gnomes), then Trolls 4 beats Orcs 2.
    g = setup_game(["giant", "ogres", "pikemen", "goblins", "gnomes", "trolls", "orcs"])
    assert len(events_of(g, "order_tie")) == 2
    redraws = [e for e in events_of(g, "order_draw") if e.rule == "FH-010"]
    assert [e.data["seat"] for e in redraws] == [1, 2, 1, 2]
    assert order_of(g) == [0, 1, 2]


def test_fh_010_three_way_tie_then_partial_tie():
    # All three tie at 4; the redraw gives 5, 2, 2; P2 and P3 draw once more (Gnomes 1, Ogres 3).
    g = setup_game(["griffins", "trolls", "djinn", "demon", "zombies", "myrmidons", "gnomes", "ogres"])
    redraws = [e.data["seat"] for e in events_of(g, "order_draw") if e.rule == "FH-010"]
    assert redraws == [0, 1, 2, 1, 2]
    assert order_of(g) == [0, 2, 1]


def test_fh_010_untied_player_keeps_his_place_whatever_the_redraw():
    # P1 and P2 tie at 4 for places 1-2; they redraw low cards (1 and 2), P3 (3) stays third.
    g = setup_game(["griffins", "warrior", "pikemen", "skeletons", "zombies"])
    assert order_of(g) == [1, 0, 2]
    redraws = [e for e in events_of(g, "order_draw") if e.rule == "FH-010"]
    assert {e.data["seat"] for e in redraws} == {0, 1}


def test_fh_011_drawn_cards_return_and_deck_is_reshuffled_before_deal():
    drawn = ["griffins", "warrior", "pikemen", "goblins", "archangel"]
    for seed in (1, 2, 3):
        g = setup_game(drawn, seed=seed)
        kinds = [(e.kind, e.rule) for e in g.events]
        shuffle_at = kinds.index(("shuffle", "FH-011"))
        first_deal = kinds.index(("draw", "FH-012"))
        assert kinds.index(("order", "FH-009")) < shuffle_at < first_deal
        cards = all_battle_cards(g)
        assert len(cards) == 60 and set(cards) == set(SYSTEM.content.cards)
        # Unshuffled, the 5 returned cards would sit on top and all go to the first player dealt.
        first_hand = [e for e in g.events if e.kind == "draw_private" and e.rule == "FH-012"][0].data["cards"]
        assert not set(drawn) <= set(first_hand)


def test_fh_012_seven_cards_dealt_to_each_player_in_turn_order():
    g = setup_game(["ogres", "demon", "skeletons"])
    deals = [e for e in events_of(g, "draw") if e.rule == "FH-012"]
    assert [(e.data["seat"], e.data["count"]) for e in deals] == [(1, 7), (0, 7), (2, 7)]
    assert len(hand(g, 1)) == 7 and len(hand(g, 3)) == 7  # not the active player (seat 2)


def rotation_game() -> Game:
    """3 players, order 2, 3, 1 (1-based), P2 active at the start of his Draw Phase. Everyone holds
    7 cards and no hero, so each turn asks only the active player's end-of-Draw-Phase discard."""
    players = [{"hand": FILLER[7 * i: 7 * i + 7], "territories": [f"{t}#{i + 1}"]}
               for i, t in enumerate(["castle", "tower", "swamp"])]
    return fh_game(players, start="draw", active=2, order=[2, 3, 1], unlisted="aside",
                   deck=FILLER[21:] + ["bless", "charm", "cataclysm", "petrification", "disintegrate",
                                       "invisibility", "illusions", "summon"])


def test_fh_013_turn_order_kept_for_the_whole_game():
    g = rotation_game()
    assert decision_seats_until(g, 4) == [("discard", 1), ("discard", 2), ("discard", 0), ("discard", 1)]
    assert [e.data["seat"] for e in events_of(g, "turn")][:3] == [2, 0, 1]


def test_fh_013_eliminated_player_is_skipped():
    """P1 takes P2's last territory; afterwards turns go P3, P1, P3 (also FH-075)."""
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": [], "territories": ["castle#1"]},
        {"hand": FILLER[:7], "territories": ["tower#1"]},
    ], unlisted="aside", deck=FILLER[7:25])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    assert [e.data["seat"] for e in events_of(g, "eliminated")] == [1]
    # P3 draws to 10 and discards; P1 (no hero, 5 cards) just passes his turn; P3 discards again;
    # P1 reaches 8 cards and discards.
    assert decision_seats_until(g, 3) == [("discard", 2), ("discard", 2), ("discard", 0)]
    assert [e.data["seat"] for e in events_of(g, "turn")][:4] == [2, 0, 2, 0]


# -- 3.3 Turn structure, drawing and the hand limit ---------------------------------------------


def test_fh_014_draw_phase_then_attack_phase():
    """In every turn: the turn starts, the Draw Phase draw, then the Attack Phase."""
    g = rotation_game()
    decision_seats_until(g, 4)
    seq = [(e.kind, e.rule) for e in g.events
           if (e.kind, e.rule) in (("turn", "FH-014"), ("draw", "FH-015"), ("phase", "FH-014"))]
    # The scenario starts in P2's Draw Phase (no "turn" event for it).
    assert seq[:2] == [("draw", "FH-015"), ("phase", "FH-014")]
    rest = seq[2:]
    assert len(rest) >= 9
    for i in range(0, 9, 3):
        assert rest[i:i + 3] == [("turn", "FH-014"), ("draw", "FH-015"), ("phase", "FH-014")]


def test_fh_015_first_player_draws_three_on_first_turn():
    for seed in (1, 2, 3):
        g = Game.new(SYSTEM, seed, 3)
        first = g.state.order[0]
        events = list(g.initial_events)
        while g.state.phase == "draw" and g.pending().kind == "instant":  # Scrye/Fortune offers
            events += g.choose(g.pending().seat, ["pass"])
        draws = [e for e in events if e.kind == "draw" and e.rule == "FH-015"]
        assert [(e.data["seat"], e.data["count"]) for e in draws] == [(first, 3)]
        assert [e for e in events if e.kind == "turn"][0].data == {"seat": first, "turn": 1}


def test_fh_015_draw_three_every_turn():
    """Over three turns of a 2-player game each active player draws exactly 3."""
    players = [{"hand": FILLER[:7], "territories": ["castle#1"]},
               {"hand": FILLER[7:14], "territories": ["tower#1"]}]
    g = fh_game(players, start="draw", unlisted="aside", deck=FILLER[14:25])
    decision_seats_until(g, 3)
    draws = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert [(e.data["seat"], e.data["count"]) for e in draws][:3] == [(0, 3), (1, 3), (0, 3)]


def test_fh_016_draws_one_at_a_time_from_the_top():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", deck=["ogres", "trolls", "giant", "orcs", "elves"])
    [private] = [e for e in events_of(g, "draw_private") if e.rule == "FH-015"]
    assert private.data["cards"] == ["ogres", "trolls", "giant"]
    assert hand(g, 1) == ["warrior", "ogres", "trolls", "giant"]
    assert state(g).deck[-2:] == ["elves", "orcs"]  # the top (last) is now Orcs
    assert decision(g).kind == "attack"


def test_fh_016_reward_draw_takes_top_cards():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"territories": ["castle#1", "tower#1"]}], deck=["elves", "orcs", "giant"])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    [private] = [e for e in events_of(g, "draw_private") if e.rule == "FH-070"]
    assert private.data["cards"] == ["elves", "orcs"]


def test_fh_017_discard_reshuffled_when_deck_empty():
    discard = FILLER[:6]
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", unlisted="aside", deck=[], discard=discard)
    assert len(events_of(g, "reshuffle")) == 1
    [d] = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert d.data["count"] == 3
    got = hand(g, 1)[1:]
    assert len(got) == 3 and set(got) <= set(discard)
    assert sorted(state(g).deck + got) == sorted(discard)
    assert state(g).discard == []


def test_fh_018_deck_and_discard_both_empty_draw_gives_nothing():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", unlisted="aside", deck=[], discard=[])
    [d] = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert d.data["count"] == 0
    assert not events_of(g, "reshuffle")
    assert hand(g, 1) == ["warrior"]
    assert decision(g).kind == "attack"  # play went on without an error


def test_fh_019_discard_pile_public_in_every_view():
    g = fh_game([{"hand": FILLER[:7], "territories": ["castle#1"]},
                 {"hand": ["knight"], "territories": ["tower#1"]}],
                start="draw", discard=["bless", "fly"], deck=["trolls", "giant", "elves"])
    d = decision(g)
    assert d.kind == "discard" and d.seat == 0
    g.choose(0, ["discard:peasants", "discard:trolls", "discard:giant"])
    pile = list(state(g).discard)
    assert {"bless", "fly", "peasants", "trolls", "giant"} <= set(pile)
    for viewer in (0, 1, None):
        assert g.view_for(viewer)["discard"] == pile
    # Hands, by contrast, are private: the other seat sees only a count.
    assert g.view_for(1)["hand"] == hand(g, 2)
    assert "hand" not in g.view_for(1)["players"][0]
    assert g.view_for(1)["players"][0]["hand_count"] == len(hand(g, 1))


def test_fh_020_hand_may_exceed_seven_during_a_phase():
    """At the start of the Attack Phase P1 holds 10 cards: no discard until the phase ends (also FH-021)."""
    g = fh_game([{"hand": ["warrior", "rune-staff"] + FILLER[:8], "territories": ["mountain#1"]},
                 {"territories": ["castle#1", "tower#1"]}], deck=["elves", "dwarves", "skeletons"])
    assert decision(g).kind == "attack"
    attack(g, "castle#1", "warrior")
    play(g, "rune-staff")  # draws 1
    assert len(hand(g, 1)) == 9
    assert decision(g).kind == "window"
    finish_battle(g)  # attacker wins, draws 2: 11 cards
    d = decision(g)
    assert (d.kind, d.seat, d.min_choices, d.max_choices) == ("discard", 0, 4, 4)
    assert len(hand(g, 1)) == 11


def test_fh_021_non_active_player_discards_at_end_of_draw_phase():
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": FILLER[:9], "territories": ["castle#1"]}], start="draw",
                unlisted="aside", deck=["wraiths", "vampire", "zombies"])
    d = decision(g)
    assert (d.kind, d.seat, d.min_choices, d.max_choices, d.rule) == ("discard", 1, 2, 2, "FH-021")
    choose(g, "discard:peasants", "discard:archers")
    assert len(hand(g, 2)) == 7
    assert state(g).phase == "attack"


def test_fh_022_end_of_phase_discards_in_turn_order_from_active():
    """3 players, P2 active: P2 (10 after drawing), then P3 (8), then P1 (9)."""
    g = fh_game([
        {"hand": FILLER[:9], "territories": ["castle#1"]},
        {"hand": FILLER[9:16], "territories": ["tower#1"]},
        {"hand": FILLER[16:24], "territories": ["swamp#1"]},
    ], start="draw", active=2, unlisted="aside", deck=["bless", "charm", "cataclysm"])
    counts = []
    for _ in range(3):
        d = decision(g)
        assert d.kind == "discard"
        counts.append((d.seat, d.min_choices))
        g.choose(d.seat, [o.id for o in d.options[: d.min_choices]])
    assert counts == [(1, 3), (2, 1), (0, 2)]


# -- worked cases ----------------------------------------------------------------------------------


def test_fht_23_turn_order_tie():
    """FHT-23: FH-008, FH-010, FH-011, FH-012."""
    drawn = ["griffins", "warrior", "pikemen", "goblins", "archangel"]
    g = setup_game(drawn)
    first = [e for e in events_of(g, "order_draw") if e.rule == "FH-007"]
    assert [(e.data["seat"], e.data["card"]) for e in first] == \
        [(0, "griffins"), (1, "warrior"), (2, "pikemen")]
    [tie] = events_of(g, "order_tie")
    assert "4" in tie.text
    redraws = [e for e in events_of(g, "order_draw") if e.rule == "FH-010"]
    assert [(e.data["seat"], e.data["card"]) for e in redraws] == [(0, "goblins"), (1, "archangel")]
    assert order_of(g) == [1, 0, 2]
    # All 5 drawn cards are back in the 60-card deck before 7 cards each are dealt.
    cards = all_battle_cards(g)
    assert len(cards) == 60 and set(drawn) <= set(cards)
    seq = [(e.kind, e.rule) for e in g.events]
    assert seq.index(("shuffle", "FH-011")) < seq.index(("draw", "FH-012"))
    deals = [e for e in events_of(g, "draw") if e.rule == "FH-012"]
    assert [(e.data["seat"], e.data["count"]) for e in deals] == [(1, 7), (0, 7), (2, 7)]


def test_fht_24_hand_limit_at_end_of_draw_phase():
    """FHT-24: FH-015, FH-021."""
    seven = FILLER[:7]
    g = fh_game([{"hand": seven, "territories": ["castle#1"]}, {"territories": ["tower#1"]}],
                start="draw", deck=["trolls", "wraiths", "vampire"])
    assert len(hand(g, 1)) == 10
    d = decision(g)
    assert (d.kind, d.seat, d.min_choices, d.max_choices) == ("discard", 0, 3, 3)
    assert sorted(o.id for o in d.options) == sorted(f"discard:{c}" for c in hand(g, 1))
    before = g.state_hash()
    for wrong in (["discard:peasants", "discard:archers"],
                  ["discard:peasants", "discard:archers", "discard:pikemen", "discard:orcs"]):
        with pytest.raises(IllegalChoice):
            g.choose(0, wrong)
        assert g.state_hash() == before
    g.choose(0, ["discard:peasants", "discard:trolls", "discard:wraiths"])
    assert sorted(hand(g, 1)) == sorted(seven[1:] + ["vampire"])
    assert {"peasants", "trolls", "wraiths"} <= set(state(g).discard)
    [ev] = [e for e in events_of(g, "discard") if e.rule == "FH-021"][:1]
    assert ev.data["seat"] == 0 and sorted(ev.data["cards"]) == ["peasants", "trolls", "wraiths"]


def test_fht_25_hand_limit_for_the_defender():
    """FHT-25: FH-071, FH-021, FH-020: the defender plays 3 of his 9 cards, wins, draws 3 (9) and discards 2
    only at the end of the attacker's Attack Phase; no discard is asked during the battle."""
    filler = ["elves", "dwarves", "unicorns", "pixies", "myrmidons", "demon"]
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]},
                 {"hand": ["knight", "griffins", "archers"] + filler, "territories": ["castle#1", "tower#1"]}],
                deck=["ogres", "giant", "trolls", "zombies"])
    attack(g, "castle#1", "warrior")
    kinds = []
    while state(g).battle is not None:
        d = decision(g)
        kinds.append(d.kind)
        if d.seat == 1 and d.kind == "window":
            legal = [c for c in ("knight", "griffins", "archers") if d.option(f"play:{c}")]
            g.choose(1, [f"play:{legal[0]}"] if legal else ["pass"])
        else:
            g.choose(d.seat, ["pass"])
    assert "discard" not in kinds
    assert events_of(g, "totals")[-1].data["value"] == 14  # Knight 5 + Griffins 5 + Archers 4
    rewards = [e for e in events_of(g, "draw") if e.rule in ("FH-070", "FH-071")]
    assert [(e.data["seat"], e.data["count"], e.rule) for e in rewards] == [(1, 3, "FH-071")]
    assert len(hand(g, 2)) == 9
    d = decision(g)
    assert (d.kind, d.seat, d.min_choices, d.max_choices) == ("discard", 1, 2, 2)
    events = g.choose(1, ["discard:elves", "discard:pixies"])
    [limit] = [e for e in events if e.kind == "discard"]
    assert (limit.rule, limit.data["seat"], sorted(limit.data["cards"])) == ("FH-021", 1, ["elves", "pixies"])
    # The game moved on to P2's own turn, which began with 7 cards (then his Draw Phase draw).
    assert [e.data["seat"] for e in events if e.kind == "turn"] == [1]
    assert [e.data["count"] for e in events if e.kind == "draw"] == [3] and len(hand(g, 2)) == 10


def test_fht_26_reshuffle():
    """FHT-26: FH-017: deck 1 card, discard 12: draw 3 gives the 1 card, then 2 from the reshuffled 12."""
    discard = FILLER[:12]
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", unlisted="aside", deck=["vampire"], discard=discard)
    [private] = [e for e in events_of(g, "draw_private") if e.rule == "FH-015"]
    assert private.data["cards"][0] == "vampire"
    assert len(private.data["cards"]) == 3 and set(private.data["cards"][1:]) <= set(discard)
    [reshuffle] = events_of(g, "reshuffle")
    assert reshuffle.rule == "FH-017" and "12" in reshuffle.text
    assert len(state(g).deck) == 10 and state(g).discard == []
    assert sorted(state(g).deck + private.data["cards"][1:]) == sorted(discard)


def test_fht_26_both_empty_draw_gives_nothing_without_error():
    """FHT-26: FH-018."""
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", unlisted="aside", deck=[])
    [d] = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert d.data["count"] == 0
    assert hand(g, 1) == ["warrior"] and state(g).deck == [] and state(g).discard == []
    assert decision(g).kind == "attack"
    assert territories(g, 1) == ["mountain#1"]
