"""What the rules remember between questions (battle totals, each card's verdict under a
side's permissions) equals a fresh reckoning after every choice of random games, and the
check notices a remembered answer that went wrong."""

from __future__ import annotations

from game.ai import make_agent
from game.core import registry
from game.core.decision import Blocked
from game.core.game import Game
from game.rulesets.fantasy_heroes.battle import permissions, verdict_key, verdicts_for
from game.rulesets.fantasy_heroes.invariants import remembered

SYSTEM = registry.get("fantasy-heroes")


def test_what_is_remembered_equals_a_fresh_reckoning_in_random_games():
    battles = 0
    for seed in range(30):
        seats = 2 + seed % 2
        game = Game.new(SYSTEM, seed, seats)
        agents = [make_agent("random", SYSTEM.id, seed, s) for s in range(seats)]
        while (decision := game.pending()) is not None:
            game.choose(decision.seat, agents[decision.seat].choose({}, decision))
            assert remembered(game.state, SYSTEM.content) == [], f"seed {seed}, turn {game.turn}"
            battles += game.state.battle is not None
    assert battles > 1000


def _at_the_first_window() -> Game:
    """A random two-seat game at its first battle window."""
    game = Game.new(SYSTEM, 4, 2)
    agents = [make_agent("random", SYSTEM.id, 4, s) for s in range(2)]
    while (decision := game.pending()) is not None and decision.kind != "window":
        game.choose(decision.seat, agents[decision.seat].choose({}, decision))
    return game


def _noticed_when_wrong(game: Game, verdicts: dict, card: str) -> bool:
    """Whether the check names ``card`` once its remembered verdict is made wrong (then put back)."""
    kept = verdicts[card]
    try:
        verdicts[card] = Blocked(f"play:{card}", "wrong", "FH-000")
        return any(card in problem for problem in remembered(game.state, SYSTEM.content))
    finally:
        verdicts[card] = kept


def test_a_wrong_remembered_answer_is_noticed():
    game = _at_the_first_window()
    battle = game.state.battle
    assert battle is not None and remembered(game.state, SYSTEM.content) == []
    content = SYSTEM.content
    card = game.state.players[battle.attacker].hand[0]
    verdicts = content.verdict_cache[verdict_key(permissions(content, battle, 0), content.cards[card].type)]
    assert _noticed_when_wrong(game, verdicts, card)


def test_a_wrong_verdict_in_a_windows_table_is_noticed():
    game = _at_the_first_window()
    battle = game.state.battle
    assert battle is not None
    content = SYSTEM.content
    owner = battle.window_owner
    verdicts = verdicts_for(content, permissions(content, battle, owner))
    card = next(c for c in game.state.players[battle.sides[owner].seat].hand if c in verdicts)
    assert _noticed_when_wrong(game, verdicts, card)
