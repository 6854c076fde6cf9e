"""Property tests of Fantasy Adventures over random games (issue 14, "Tests"): with 2 to 4 seats,
every choice keeps the invariants (every card in exactly one place, ranks of at most four,
FA-029; items under their owners' heroes, FA-166), every game ends after four game turns or
when one player is left (FA-037, FA-041), and the same seed and choices replay to the same game.
"""

from __future__ import annotations

import pytest

from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.fantasy_adventures.system import FantasyAdventures

SYSTEM = FantasyAdventures()


def random_game(seed: int, seats: int) -> tuple[Game, list[tuple[int, tuple[str, ...]]]]:
    """A game played to its end by random answers, checking the invariants after every choice."""
    game = Game.new(SYSTEM, seed, seats)
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
    game, _ = random_game(seed, seats)
    outcome = game.outcome()
    assert outcome is not None
    state = game.state
    assert state.game_turn == 4 or len(state.remaining()) <= 1
    best = max(outcome.scores)
    assert outcome.winners and all(outcome.scores[w] == best for w in outcome.winners)


def test_a_game_replays_from_its_seed_and_choices() -> None:
    """Determinism: the same seed and the same choices give the same game, state hash for state hash."""
    game, choices = random_game(7, 3)
    again = Game.new(SYSTEM, 7, 3)
    for seat, choice in choices:
        again.choose(seat, choice)
    assert again.state_hash() == game.state_hash()
    assert again.outcome() == game.outcome()
