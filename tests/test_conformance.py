"""The conformance suite every registered rule system passes (STYLE 16): seeded random
playouts finish; clone() is equal and independent; snapshot/restore round-trips; an
illegal choice (unknown option, wrong seat) raises IllegalChoice and changes nothing; every
seat's view is JSON data; replaying the choices reproduces the hash. What each view may hide
is checked by each rule system's own tests (section 7 of each checklist).
"""

from __future__ import annotations

import json

import pytest

from game.core import registry
from game.core.errors import IllegalChoice
from game.core.game import Game
from game.core.rng import Rng

SEEDS = range(6)
MAX_CHOICES = 30_000


def random_choice(decision, rng: Rng) -> tuple[str, ...]:
    ids = list(decision.option_ids)
    # Random play that ends: prefer doing something over ending a turn or passing when possible.
    preferred = [i for i in ids if i not in ("end", "pass")] or ids
    count = rng.between(decision.min_choices, min(decision.max_choices, len(ids)))
    if count == 1:
        return (rng.choice(preferred if rng.below(4) else ids),)
    rng.shuffle(ids)
    return tuple(ids[:count])


@pytest.mark.parametrize("system_id", registry.ids())
def test_random_playouts_keep_the_protocol(system_id):
    system = registry.get(system_id)
    for seed in SEEDS:
        seats = system.min_seats + seed % (system.max_seats - system.min_seats + 1)
        game = Game.new(system, seed, seats, system.playout_options)
        rng = Rng.seeded(seed, 31)
        log: list[tuple[int, tuple[str, ...]]] = []
        for step in range(MAX_CHOICES):
            decision = game.pending()
            if decision is None:
                break
            if step % 97 == 0:
                _check_position(system, game, decision, seats)
            choice = random_choice(decision, rng)
            game.choose(decision.seat, choice)
            log.append((decision.seat, choice))
        assert game.pending() is None, f"{system_id} seed {seed}: no end after {MAX_CHOICES} choices"
        outcome = game.outcome()
        # A cooperative game can end with nobody winning (every champion lost).
        assert outcome is not None and outcome.reason and set(outcome.winners) <= set(range(seats))
        replay = Game.new(system, seed, seats, system.playout_options)
        for seat, choice in log:
            replay.choose(seat, choice)
        assert replay.state_hash() == game.state_hash()


def _check_position(system, game: Game, decision, seats: int) -> None:
    # clone: equal and independent
    copy = game.clone()
    assert copy.state == game.state and copy.state_hash() == game.state_hash()
    copy.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
    assert game.pending() == decision
    # snapshot / restore: a JSON round trip gives the same state
    restored = Game.restore(system, json.loads(json.dumps(game.snapshot())))
    assert restored.state == game.state and restored.pending() == decision
    # an illegal choice is refused and changes nothing
    before = game.state_hash()
    with pytest.raises(IllegalChoice):
        game.choose(decision.seat, ("no-such-option",))
    if seats > 1:  # a one-seat game has no other seat to choose out of turn
        with pytest.raises(IllegalChoice):
            game.choose((decision.seat + 1) % seats, decision.option_ids[:1])
    assert game.state_hash() == before and game.pending() == decision
    # every seat's view is plain JSON data
    for seat in list(range(seats)) + [None]:
        json.dumps(game.view_for(seat))


@pytest.mark.parametrize("system_id", registry.ids())
def test_fuzzed_saves_are_refused_with_a_sentence_or_load_never_crash(system_id):
    """Issue 10: a short ``fuzz-saves`` run for every registered rule system (each mutation
    kind twice) through the save list, the window's loader and ``replay --verify``."""
    from game.fuzz_saves import KINDS, run

    report = run(system_id, 2 * len(KINDS), 5, write=lambda line: None)
    assert report.crashed == 0, report.crashes
    assert report.files == 2 * len(KINDS) and report.refused > 0
    assert report.by_kind["good-prefix"]["loaded"] == 2  # good saves of earlier points load


# -- soak (issue 10): the project's own long-play check, held to every registered system ----------


@pytest.mark.parametrize("system_id", registry.ids())
def test_a_short_soak_finds_nothing(system_id):
    """Two varied AI games: illegal and wrong-seat choices refused with the state unchanged,
    the system's invariants after every choice, snapshot/restore and replay hashes equal."""
    from game.soak import soak

    report = soak(system_id, games=2, seed=5, write=lambda line: None)
    assert report.ok, report.failures
    assert report.games == 2 and report.choices > 0 and report.refusals >= 2 * report.choices


@pytest.mark.parametrize("system_id", registry.ids())
def test_the_invariants_see_a_lost_card_or_token(system_id):
    """A rule system's invariants notice a broken position (here: one list in the state
    loses its last item, or a number goes far out of range)."""
    system = registry.get(system_id)
    game = Game.new(system, 2, system.min_seats + 1 if system.max_seats > system.min_seats else system.min_seats)
    assert system.invariants(game.state) == []
    state = game.state
    broken = {"fantasy-heroes": lambda: state.deck.pop(),
              "dungeon-delve": lambda: setattr(state.heroes[0], "damage", 999),
              "champions-of-albion": lambda: state.resource_deck.pop()}
    if system_id not in broken:
        pytest.skip("no breakage written for this system yet")
    broken[system_id]()
    assert system.invariants(state)


def test_soak_counts_failures_and_exits_1(monkeypatch, capsys):
    from game import soak as soak_module
    from game.cli import main

    system = registry.get("fantasy-heroes")
    monkeypatch.setattr(type(system), "invariants", lambda self, state: ["a card went missing"])
    code = main(["soak", "fantasy-heroes", "--games", "1"])
    out = capsys.readouterr().out
    assert code == 1 and "FAIL" in out and "a card went missing" in out and "FAILED" in out
    report = soak_module.soak("fantasy-heroes", games=1, write=lambda line: None)
    assert report.invariant_failures == report.choices > 0 and len(report.failures) == soak_module.SHOWN_FAILURES


def test_soak_refuses_bad_arguments(capsys):
    from game.cli import main

    for argv, words in ((["--games", "0"], "--games must be 1 or more"), (["--minutes", "-1"], "--minutes must be"),
                        (["--agents", "normal,godlike"], "Unknown agent 'godlike'"),
                        (["--agents", "normal"], "not 1")):
        assert main(["soak", "fantasy-heroes", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1


def test_soak_counts_an_exception_and_goes_on_to_the_next_game(monkeypatch):
    from game import soak as soak_module

    system = registry.get("fantasy-heroes")
    real_apply = type(system).apply_and_ask
    calls = {"n": 0}

    def flaky(self, state, seat, choice):
        calls["n"] += 1
        if calls["n"] == 5:
            raise RuntimeError("a rules bug")
        return real_apply(self, state, seat, choice)

    monkeypatch.setattr(type(system), "apply_and_ask", flaky)
    report = soak_module.soak("fantasy-heroes", games=2, write=lambda line: None)
    assert report.exceptions == 1 and report.games == 2 and "RuntimeError: a rules bug" in report.failures[0]
