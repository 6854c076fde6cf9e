"""Fair questions (issue 11, item 1): who is asked, and what kind of question, never depends
on a hidden card. Two games that differ only in hidden hands, played with the same public
choices, ask the same seats the same kinds of question in the same order; a seat that holds
nothing to answer with is asked anyway, with "pass" as its only option (a forced pass).

Covers the instant points and the Wall of Fire window (FH-023, FH-133), the attack menu
(FH-024, FH-025), the battle windows (FH-047, FH-048) and Summon (FH-130, FH-136).
"""

from __future__ import annotations

from typing import Any

from game.core.game import Game
from game.core.rng import Rng
from tests.fantasy_heroes.helpers import SYSTEM, fh_game
from tests.test_conformance import random_choice


def _public_choice(d: Any) -> tuple[str, ...]:
    """The same public choice whatever the hand: pass when passing is offered, else the first
    options (a hero for the attack, the first cards of a hand-limit discard)."""
    if "pass" in d.option_ids:
        return ("pass",)
    return d.option_ids[:d.min_choices]


def _lockstep(a: Game, b: Game, limit: int) -> int:
    """Play ``a`` and ``b`` on with the same public choices while everything public is the same
    in both (a spectator's view: a discard shows different cards, say, and then the two games
    have parted openly); at every step the same seat must be asked the same kind of question.
    Returns how many questions were compared."""
    compared = 0
    for _ in range(limit):
        da, db = a.pending(), b.pending()
        if da is None or db is None:
            assert da is None and db is None
            break
        if a.view_for(None) != b.view_for(None):
            break
        assert (da.seat, da.kind) == (db.seat, db.kind), f"after {compared} questions"
        compared += 1
        a.choose(da.seat, _public_choice(da))
        b.choose(db.seat, _public_choice(db))
    return compared


def _battle(defender_hand: list[str], attacker_hand: list[str] | None = None) -> Game:
    return fh_game([
        {"hand": attacker_hand or ["cleric", "summon", "djinn", "dwarves"], "territories": ["castle#1"]},
        {"hand": defender_hand, "territories": ["tower#1", "swamp#3"]},
        {"hand": ["zombies", "skeletons", "swarm"], "territories": ["forest#1"]},
    ], forced_passes=False)


def test_fh_133_the_same_questions_whether_or_not_a_hand_holds_instants_or_playable_cards():
    # P2 holds Scrye, Fortune, Wall of Fire and a Tower minion he could play in defense;
    # the other P2 holds only cards he can do nothing with. P1 holds a minion to Summon, or not.
    holding = _battle(["scrye", "fortune", "wall-of-fire", "gnomes"])
    empty = _battle(["ogres", "trolls", "vampire", "wraiths"])
    no_minion = _battle(["ogres", "trolls", "vampire", "wraiths"], ["cleric", "summon", "bless", "fireball"])
    # The public choices: every seat passes at the first instant point, P1 attacks P2's Tower
    # with his Cleric, casts Summon (his spell level is 1) and then everyone passes.
    runs = []
    for g in (holding, empty, no_minion):
        asked = []
        while (d := g.pending()) is not None and d.kind == "instant":
            asked.append((d.seat, d.kind, d.window))
            g.choose(d.seat, ("pass",))
        for choice in (("attack:tower#1",), ("play:cleric",)):
            d = g.pending()
            assert d is not None
            asked.append((d.seat, d.kind, d.window))
            g.choose(d.seat, choice)
        while (d := g.pending()) is not None and d.kind == "instant":
            asked.append((d.seat, d.kind, d.window))
            g.choose(d.seat, ("pass",))
        d = g.pending()
        assert d is not None and d.kind == "window" and d.seat == 0
        asked.append((d.seat, d.kind, d.window))
        g.choose(0, ("play:summon",))
        runs.append(asked)
    assert runs[0] == runs[1] == runs[2]
    # Each instant point asks all three seats (the card's player excepted after a battle card).
    assert sum(1 for seat, kind, _ in runs[0][:3] if kind == "instant") == 3
    # Then on through the battle and the next turns, as long as nothing public differs.
    assert _lockstep(holding.clone(), empty.clone(), 200) >= 20
    assert _lockstep(empty, no_minion, 200) >= 20


def test_a_seat_holding_nothing_is_asked_with_pass_its_only_option():
    g = _battle(["ogres", "trolls", "vampire", "wraiths"], ["cleric", "summon", "bless", "fireball"])
    d = g.pending()
    assert d is not None and (d.kind, d.seat, d.rule) == ("instant", 0, "FH-023")   # the Attack Phase opens
    assert d.forced_pass and d.window
    g.choose(0, ("pass",))
    g.choose(1, ("pass",))
    g.choose(2, ("pass",))
    d = g.pending()
    assert d is not None and (d.kind, d.seat) == ("attack", 0) and not d.forced_pass
    g.choose(0, ("attack:tower#1",))
    g.choose(0, ("play:cleric",))
    for seat in (1, 2):                                    # the instant point after the Cleric
        d = g.pending()
        assert d is not None and (d.kind, d.seat) == ("instant", seat) and d.forced_pass
        g.choose(seat, ("pass",))
    g.choose(0, ("pass",))                                 # P1 ends his window
    d = g.pending()
    assert d is not None and (d.kind, d.seat) == ("window", 1) and d.forced_pass   # nothing to play at a Tower
    g.choose(1, ("pass",))
    g.choose(0, ("play:summon",))
    while (d := g.pending()) is not None and d.kind in ("instant", "negate"):
        g.choose(d.seat, ("pass",))
    d = g.pending()
    assert d is not None and (d.kind, d.seat) == ("summon", 0) and d.forced_pass   # no minion in hand
    events = g.choose(0, ("pass",))
    assert [e.rule for e in events if e.kind == "effect"][:1] == ["FH-136"]


def test_fh_023_the_wall_of_fire_window_asks_every_seat_in_turn_order():
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": ["wall-of-fire"], "territories": ["castle#1"]},
        {"hand": ["trolls"], "territories": ["swamp#1"]},
    ], forced_passes=False)
    asked = []
    while (d := g.pending()) is not None and d.kind == "instant":
        asked.append((d.seat, d.rule, d.forced_pass))
        g.choose(d.seat, ("pass",))
    assert asked == [(0, "FH-023", True), (1, "FH-023", False), (2, "FH-023", True)]


def test_the_sequence_of_questions_does_not_depend_on_hidden_hands_over_whole_turns():
    """From random positions, the game and a determinization of it (other hands and the deck
    dealt again) are played on with the same public choices: the same seats are asked the
    same kinds of question for as long as nothing public tells the two games apart."""
    compared = 0
    for seed in range(10):
        game = Game.new(SYSTEM, seed, 2 + seed % 2)
        rng = Rng.seeded(seed, 5)
        for _ in range(40 + 13 * seed):
            d = game.pending()
            if d is None:
                break
            game.choose(d.seat, random_choice(d, rng))
        if game.pending() is None:
            continue
        for seat in range(game.seats):
            compared += _lockstep(game.clone(), game.determinize(seat, seed), 150)
    assert compared >= 60
