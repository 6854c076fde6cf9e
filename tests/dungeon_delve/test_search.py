"""Dungeon Delve search hooks (issue 11 item 2): a hero seat's determinization keeps the
heroes' own cards and everything on the board, and deals the overlord's hand again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from game.ai.agents import make_agent
from game.ai.hard import SearchAgent
from game.ai.search import Budget
from game.core.decision import Decision
from game.core.game import Game
from game.core.serial import to_data
from game.rulesets.dungeon_delve.state import OVERLORD
from game.rulesets.dungeon_delve.system import DungeonDelve

SYSTEM = DungeonDelve()


def test_a_hero_determinization_keeps_the_heroes_cards_and_varies_the_overlords_hand() -> None:
    game = Game.new(SYSTEM, 5, 3, {"heroes": "brakka_stonehide,sister_elowen,tamsin_reedfoot"})
    hands = set()
    for k in range(12):
        other = game.determinize(1, k)
        assert [to_data(h) for h in other.state.heroes] == [to_data(h) for h in game.state.heroes]
        assert other.state.party_cards == game.state.party_cards
        assert other.state.overlord_discard == game.state.overlord_discard
        assert len(other.state.overlord_hand) == len(game.state.overlord_hand)
        assert sorted(other.state.overlord_hand + other.state.overlord_deck) == \
            sorted(game.state.overlord_hand + game.state.overlord_deck)
        assert sorted(other.state.search_deck) == sorted(game.state.search_deck)
        hands.add(tuple(sorted(other.state.overlord_hand)))
    assert len(hands) > 1


def test_the_overlord_keeps_his_hand_when_determinized() -> None:
    game = Game.new(SYSTEM, 5, 2)
    for k in range(4):
        assert game.determinize(OVERLORD, k).state.overlord_hand == game.state.overlord_hand


def test_evaluate_is_the_heroes_prospects_against_the_overlords() -> None:
    game = Game.new(SYSTEM, 5, 2)
    assert 0.0 < game.evaluate(1) < 1.0
    assert abs(game.evaluate(0) + game.evaluate(1) - 1.0) < 1e-9


def test_evaluate_counts_the_heroes_steps_toward_the_bone_warden() -> None:
    """The estimate is fitted to games between normal players (content/estimate.json). The
    heroes win only by reaching the Bone Warden in time (DD-137, DD-138): the same
    position with a hero nearer to it (through the closed vault door: doors open) is better for
    the heroes and worse for the overlord; a hero farther back than the start counts as at it."""
    game = Game.new(SYSTEM, 5, 2, {"heroes": "brakka_stonehide,sister_elowen"})
    start = game.evaluate(1)
    nearer = game.clone()
    nearer.state.heroes[0].square = [14, 4]
    assert nearer.evaluate(1) > start and nearer.evaluate(0) < game.evaluate(0)
    beside = game.clone()
    beside.state.heroes[0].square = [17, 4]
    assert beside.evaluate(1) > nearer.evaluate(1)
    beside.state.heroes[0].knocked_out = True  # a knocked-out hero reaches nothing
    assert beside.evaluate(1) < start


def test_the_fitted_estimate_counts_the_warden_worn_and_the_rounds_left() -> None:
    """Wounds on the Bone Warden raise the heroes' chance and a round gone lowers it."""
    game = Game.new(SYSTEM, 5, 2, {"heroes": "brakka_stonehide,sister_elowen"})
    warden = next(m for m in game.state.monsters if m.kind == "bone_warden")
    start = game.evaluate(1)
    worn = game.clone()
    next(m for m in worn.state.monsters if m.id == warden.id).damage += 3
    assert worn.evaluate(1) > start
    later = game.clone()
    later.state.round += 2
    assert later.evaluate(1) < start and later.evaluate(0) > game.evaluate(0)


FREE_TRADES = Path(__file__).parent / "positions" / "free_trades.json"
"""Round 2 of seed 3 (Brakka and Elowen against a normal Overlord), where Brakka, his actions
spent, stands beside Elowen: the game's own snapshot, taken where the hard heroes of an earlier
tuning were handing a ring back and forth (502 trades in that round)."""


def _trades_until_brakka_ends() -> list[tuple[str, ...]]:
    game = Game.restore(SYSTEM, json.loads(FREE_TRADES.read_text(encoding="utf-8")))
    hard = make_agent("hard", SYSTEM.id, 1, 1)
    assert isinstance(hard, SearchAgent)
    hard.budget = Budget(iterations=40)
    answers: list[tuple[str, ...]] = []
    while len(answers) < 12 and (d := game.pending()) is not None and game.state.activation is not None \
            and game.state.activation.figure == "brakka_stonehide":
        answers.append(hard.search_here(game, d))
        game.choose(d.seat, answers[-1])
    return answers


def test_hard_heroes_end_a_turn_instead_of_trading_for_ever_dd_114(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trades are free (DD-114), so a search that scores a rollout after a fixed number of
    questions scores a trade, which asks one question more, earlier in the game: before the
    Overlord's blows land. Counted in questions, the hard heroes traded on every question;
    with the game's tuning (rollouts to the heroes' own next question in the next round) Brakka
    ends his turn."""
    assert _trades_until_brakka_ends() == [("end",)]
    monkeypatch.setattr(DungeonDelve, "search_tuning", {"rollout_choices": 6})  # as the search read it before
    counted_in_questions = _trades_until_brakka_ends()
    assert len(counted_in_questions) == 12
    assert all(a[0].startswith(("give:", "take:")) for a in counted_in_questions)


def _each_seats_first_question(game: Game) -> Iterator[Decision]:
    """Play ``game`` with normal players, stopping at each seat's first question outside a
    window with a choice in it (the caller looks at the game there before play goes on)."""
    players = [make_agent("normal", SYSTEM.id, 3, seat) for seat in range(game.seats)]
    asked: set[int] = set()
    while len(asked) < game.seats and (decision := game.pending()) is not None:
        if not decision.window and len(decision.options) > 1 and decision.seat not in asked:
            asked.add(decision.seat)
            yield decision
        game.choose(decision.seat, tuple(players[decision.seat].choose(game.view_for(decision.seat), decision)))


def test_neither_sides_search_grows_a_tree_below_its_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both sides' searches compare their answers with the heuristic playing every question
    after them (the game's ``expand_after``); with the search's default a tree grows below
    the answers of either side."""
    from game.ai.agents import heuristic_for
    from game.ai.hard import settings_for
    from game.ai.search import Search, SearchSettings
    from game.core.rng import Rng

    def deepest_below_each_seats_first_answers() -> dict[int, int]:
        game = Game.new(SYSTEM, 3, 2, {"heroes": "brakka_stonehide,sister_elowen"})
        deepest: dict[int, int] = {}
        for decision in _each_seats_first_question(game):
            search = Search(game.determinize(decision.seat, 1), decision.seat, heuristic_for(SYSTEM.id),
                            Rng.seeded(1, 77), settings_for(SYSTEM.id))
            search.run(Budget(iterations=24))
            deepest[decision.seat] = max(len(child.children) for child in search.tree.children.values())
        return deepest

    assert deepest_below_each_seats_first_answers() == {OVERLORD: 0, 1: 0}
    monkeypatch.setattr(DungeonDelve, "search_tuning", {**DungeonDelve.search_tuning,
                                                        "expand_after": SearchSettings().expand_after})
    grown = deepest_below_each_seats_first_answers()
    assert grown[OVERLORD] > 0 and grown[1] > 0
