"""Property tests: seeded random games of every main enemy with 1-4 champions end with an
ending, replay to the same state, and keep the game's invariants at every decision:
cards and tokens are neither lost nor duplicated, tracks stay within their bounds, an
ordinary enemy's card is in the camp exactly while one of its standees is on the map."""

from __future__ import annotations

import pytest

from game.ai.agents import random_choice
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.champions_of_albion.content import standard_content
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()
CONTENT = standard_content()
MAX_CHOICES = 6000
"""The bound: no random game has needed more than about 1,500 choices; 6,000 leaves room."""


def check_invariants(game: Game) -> None:
    """The game's own invariants (game.rulesets.champions_of_albion.invariants, also what
    ``soak`` checks after every choice): cards and tokens conserved, tracks in bounds, the camp."""
    problems = SYSTEM.invariants(game.state)
    assert not problems, problems


def play(seed: int, seats: int, main: str, check_every: int = 1) -> tuple[Game, list[tuple[int, tuple[str, ...]]]]:
    game = Game.new(SYSTEM, seed, seats, {"main_enemy": main})
    rng = Rng.seeded(seed, 7)
    log = []
    for step in range(MAX_CHOICES):
        decision = game.pending()
        if decision is None:
            break
        if step % check_every == 0:
            check_invariants(game)
        choice = random_choice(decision, rng)
        game.choose(decision.seat, choice)
        log.append((decision.seat, choice))
    return game, log


@pytest.mark.parametrize("main", ["dragon", "arawn", "morrigan"])
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_end_with_an_ending_and_replay(main, seats):
    """CA-028, CA-160 to CA-162, CA-195: every game ends, its ending card is the main enemy's."""
    for seed in range(3):
        game, log = play(seed * 11 + seats, seats, main)
        assert game.pending() is None, f"no end after {MAX_CHOICES} choices"
        check_invariants(game)
        state = game.state
        outcome = game.outcome()
        assert outcome is not None and outcome.reason and state.outcome in ("victory", "defeat")
        ending = CONTENT.endings[state.ending]
        assert ending.main_enemy == main and ending.outcome == state.outcome
        if state.outcome == "victory":
            assert outcome.winners and all(state.players[s].champion for s in outcome.winners)
        else:
            assert outcome.winners == ()
        replay = Game.new(SYSTEM, seed * 11 + seats, seats, {"main_enemy": main})
        for seat, choice in log:
            replay.choose(seat, choice)
        assert replay.state_hash() == game.state_hash()


def test_the_same_seed_and_choices_give_the_same_game():
    """Determinism: all randomness comes from the game's seeded generator."""
    a, log = play(99, 3, "morrigan", check_every=50)
    b = Game.new(SYSTEM, 99, 3, {"main_enemy": "morrigan"})
    for seat, choice in log:
        b.choose(seat, choice)
    assert a.state == b.state
    c = Game.new(SYSTEM, 100, 3, {"main_enemy": "morrigan"})
    assert c.state != Game.new(SYSTEM, 99, 3, {"main_enemy": "morrigan"}).state
