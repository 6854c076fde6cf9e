"""Game options can hold structured data: a list of ids (a deck list), or one per seat."""

import pytest

from game.cli import _parse_option
from game.core.errors import FiveRealmsError
from game.core.ruleset import GameOption


def _no_unknown_cards(deck):
    unknown = [card for card in deck if card not in ("knight", "archer", "scout")]
    if unknown:
        raise FiveRealmsError(f"The deck names a card this game does not have: '{unknown[0]}'.")


def test_a_deck_list_option_is_checked_by_shape_then_by_the_rule_system():
    deck = GameOption("deck", "Deck", ("knight", "archer"), validate=_no_unknown_cards)
    assert deck.structured
    assert deck.check(["scout", "scout", "knight"]) == ("scout", "scout", "knight")
    with pytest.raises(FiveRealmsError, match="list of at most"):
        deck.check("knight")
    with pytest.raises(FiveRealmsError, match="list of at most"):
        deck.check(["knight", 3])
    with pytest.raises(FiveRealmsError, match="list of at most"):
        deck.check(["x" * 65])
    with pytest.raises(FiveRealmsError, match="does not have: 'dragon'"):
        deck.check(["knight", "dragon"])


def test_one_deck_per_seat():
    decks = GameOption("decks", "Decks", (), per_seat=True)
    assert decks.check([["knight"], ["archer", "scout"]]) == (("knight",), ("archer", "scout"))
    with pytest.raises(FiveRealmsError, match="one list of names per seat"):
        decks.check("knight")
    with pytest.raises(FiveRealmsError, match="list of at most"):
        decks.check([["knight"], "archer"])


def test_plain_options_still_check_as_before():
    assert GameOption("short", "Short game", False).check(True) is True
    with pytest.raises(FiveRealmsError, match="on or off"):
        GameOption("short", "Short game", False).check(["x"])


def test_the_command_line_writes_lists():
    assert _parse_option("deck=knight,archer, scout") == ("deck", ["knight", "archer", "scout"])
    assert _parse_option("decks=[knight,archer];[scout]") == ("decks", [["knight", "archer"], ["scout"]])
    assert _parse_option("main_enemy=arawn") == ("main_enemy", "arawn")


def test_a_save_may_hold_a_structured_option(tmp_path, monkeypatch):
    from game import saves
    from game.core.errors import SaveError
    from game.session import Seat, Session

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    session = Session.new("fantasy-heroes", [Seat("ai", level="random"), Seat("ai", level="random")], 3)
    data = saves.session_to_data(session)
    data["options"]["deck"] = ["knight", "archer"]
    data["options"]["decks"] = [["knight"], ["archer", "scout"]]
    assert saves.check_shape(data)["options"]["decks"] == [["knight"], ["archer", "scout"]]
    data["options"]["decks"] = [[["too", "deep"]]]
    with pytest.raises(SaveError, match="game options are damaged"):
        saves.check_shape(data)
