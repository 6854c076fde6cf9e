"""Property tests of Fantasy Adventures over random games (issue 14, "Tests"): with 2 to 4 seats,
every choice keeps the invariants (every card in exactly one place, ranks of at most four,
FA-029; items under their owners' heroes, FA-166), every game ends after four game turns or
when one player is left (FA-037, FA-041), and the same seed and choices replay to the same game;
with the starter deck at every seat, and with a random legal deck of its own at every seat
(random_decks.py), so the rules meet card mixes the starter deck never deals.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.fantasy_adventures.decks import from_option
from game.rulesets.fantasy_adventures.random_decks import random_decks_option
from game.rulesets.fantasy_adventures.system import FantasyAdventures

SYSTEM = FantasyAdventures()


def random_decks(seed: int, seats: int) -> dict[str, Any]:
    """The game options giving every seat its own random legal deck."""
    return {"decks": random_decks_option(Rng.seeded(seed, sequence=seats), seats)}


def random_game(seed: int, seats: int, options: dict[str, Any] | None = None,
                ) -> tuple[Game, list[tuple[int, tuple[str, ...]]]]:
    """A game played to its end by random answers, checking the invariants after every choice."""
    game = Game.new(SYSTEM, seed, seats, options)
    rng = Rng.seeded(seed)
    choices = []
    while (decision := game.pending()) is not None:
        count = rng.between(decision.min_choices, min(decision.max_choices, len(decision.options)))
        ids = list(decision.option_ids)
        rng.shuffle(ids)
        choice = tuple(ids[:count])
        game.choose(decision.seat, choice)
        choices.append((decision.seat, choice))
        problems = SYSTEM.invariants(game.state)
        assert not problems, f"seed {seed}, choice {len(choices)} ({decision.kind} {choice}): {problems}"
        assert len(choices) < 20_000, "the game does not end"
    return game, choices


@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_random_games_keep_the_invariants_and_end_after_four_game_turns(seed: int, seats: int) -> None:
    """FA-029, FA-037, FA-040, FA-041, FA-166: cards conserved in every state; the game ends, after
    game turn 4 unless all but one player were eliminated, with the highest score among the winners."""
    assert_ended_by_the_rules(random_game(seed, seats)[0])


@pytest.mark.parametrize("seed,seats", [(11, 2), (12, 3), (13, 4), (14, 4), (15, 3), (16, 2)])
def test_random_games_with_random_legal_decks_keep_the_invariants_and_end(seed: int, seats: int) -> None:
    """FA-001, FA-023, FA-029, FA-037, FA-040, FA-041, FA-166: every seat plays its own random legal
    deck; every card of every deck stays in exactly one place, and the game ends as above."""
    options = random_decks(seed, seats)
    game, _ = random_game(seed, seats, options)
    decks = [from_option(entries) for entries in options["decks"]]
    assert game.state.card_counts == [deck.size("hero") + deck.size("encounter") for deck in decks]
    assert_ended_by_the_rules(game)


def assert_ended_by_the_rules(game: Game) -> None:
    outcome = game.outcome()
    assert outcome is not None
    state = game.state
    assert state.game_turn == 4 or len(state.remaining()) <= 1
    best = max(outcome.scores)
    assert outcome.winners and all(outcome.scores[w] == best for w in outcome.winners)


@pytest.mark.parametrize("seats,decks", [(3, False), (4, True)])
def test_a_game_replays_from_its_seed_and_choices(seats: int, decks: bool) -> None:
    """Determinism: the same seed, decks and choices give the same game, state hash for state hash."""
    options = random_decks(7, seats) if decks else None
    game, choices = random_game(7, seats, options)
    again = Game.new(SYSTEM, 7, seats, options)
    for seat, choice in choices:
        again.choose(seat, choice)
    assert again.state_hash() == game.state_hash()
    assert again.outcome() == game.outcome()
