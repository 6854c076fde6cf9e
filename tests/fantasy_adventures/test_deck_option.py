"""A deck chosen per seat (issue 14 item 3): the ``decks`` game option holds one deck list per
seat, the starter deck by default; every deck is checked when the game is made and an illegal
one is refused with the reason for each violation (FA-016 to FA-023); saves keep it as JSON."""

from __future__ import annotations

import json

import pytest

from game import saves
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.game import Game
from game.rulesets.fantasy_adventures.decks import DeckList, from_option, starter_deck, to_option
from game.session import Seat, Session

SYSTEM = registry.get("fantasy-adventures")


def _lean_deck() -> DeckList:
    """The starter deck with one Flame Lancer fewer: still legal (27 heroes, FA-020)."""
    starter = starter_deck()
    hero = dict(starter.hero)
    hero["flame_lancer"] = 1
    return DeckList.of("Lean", hero, dict(starter.encounter))


def _cards(game: Game, seat: int) -> list[str]:
    p = game.state.players[seat]
    return sorted(p.hero_deck + p.hero_discard + p.drawn + p.heroes() + p.hand + p.encounter_deck
                  + p.encounter_discard + [i for owned in p.items.values() for i in owned])


def test_a_deck_list_reads_back_from_its_option():
    deck = _lean_deck()
    assert from_option(to_option(deck)) == deck
    assert from_option(()) == starter_deck()


def test_every_seat_plays_the_starter_deck_by_default_FA_001():
    game = Game.new(SYSTEM, 3, 2)
    assert SYSTEM.resolve_options(None)["decks"] == ()
    starter_size = starter_deck().size("hero") + starter_deck().size("encounter")
    assert len(_cards(game, 0)) == len(_cards(game, 1)) == starter_size


def test_each_seat_plays_its_own_deck_and_a_seat_past_the_list_the_starter():
    lean = to_option(_lean_deck())
    game = Game.new(SYSTEM, 3, 3, {"decks": [list(lean), []]})
    heroes = [sum(1 for c in _cards(game, s) if "flame_lancer" in c) for s in range(3)]
    assert heroes == [1, 2, 2]


def test_an_illegal_deck_is_refused_with_every_reason_FA_023():
    starter = starter_deck()
    hero = dict(starter.hero)
    hero["byron"] = 2  # unique (FA-016)
    bad = DeckList.of("Twin Byrons", hero, {"merloit": 1})  # far too few Encounter cards (FA-017)
    with pytest.raises(FiveRealmsError) as refused:
        Game.new(SYSTEM, 1, 2, {"decks": [[], list(to_option(bad))]})
    text = str(refused.value)
    assert "Player 2's deck 'Twin Byrons' is illegal" in text and "(FA-016)" in text and "(FA-017)" in text
    with pytest.raises(FiveRealmsError, match="a card this version does not know"):
        Game.new(SYSTEM, 1, 2, {"decks": [["hero:no_such_hero:1"]]})


@pytest.mark.parametrize("entries", [["hero:byron"], ["monster:merloit:1"], ["hero:Byron:1"], ["hero:byron:0"],
                                     ["hero:byron:1", "hero:byron:2"]])
def test_a_damaged_deck_option_is_refused_with_a_sentence(entries):
    with pytest.raises(FiveRealmsError, match="deck in the game options"):
        SYSTEM.resolve_options({"decks": [entries]})


def test_more_decks_than_seats_are_refused():
    with pytest.raises(FiveRealmsError, match="3 decks for 2 players"):
        Game.new(SYSTEM, 1, 2, {"decks": [[], [], []]})


def test_a_save_keeps_the_decks_and_replays(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    lean = list(to_option(_lean_deck()))
    session = Session.new("fantasy-adventures", [Seat("ai", "Ann", "random"), Seat("ai", "Bram", "random")], 5,
                          {"decks": [lean]})
    for _ in range(40):
        session.step_ai()
    path = saves.save(session, "decks")
    assert json.loads(path.read_text())["options"]["decks"] == [lean]
    loaded = saves.load(path)
    assert loaded.game.state_hash() == session.game.state_hash()
