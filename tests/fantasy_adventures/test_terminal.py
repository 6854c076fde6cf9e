"""Fantasy Adventures in the terminal (issue 14 item 6): the table as text from the seat's view,
numbered options, a save on quitting."""

from __future__ import annotations

from game import saves
from game.rulesets.fantasy_adventures.terminal import describe_adventures
from game.session import Seat, Session
from tests.fantasy_adventures.helpers import player


def test_terminal_play_shows_the_secret_setup_and_saves_on_quit(tmp_path, monkeypatch) -> None:
    """FA-026 to FA-028 at the terminal: the heroes drawn are listed for their owner, the other
    party stays secret; after the discards and the front rank the party shows in its ranks."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["1 2", "1 2 3 4", "v", "q"])
    code = play("fantasy-adventures", "human,normal", 3, None, {}, read=lambda prompt: next(answers),
                write=out.append)
    text = "\n".join(out)
    assert code == 0
    assert "Heroes you drew:" in text and "Your hand:" in text
    assert "(the party stays secret until every party is revealed, FA-027)" in text
    assert "Pick the 4 heroes of your back rank" in text and "    Front: 1. " in text
    assert saves.load_slot(saves.autosave_slot("fantasy-adventures")).system_id == "fantasy-adventures"


def test_the_table_in_combat_shows_ranks_monsters_odds_and_only_ones_own_hand() -> None:
    scenario = {"player": [player(["thorn_oakheart", "harbor_shieldman"], ["byron"], items={"byron": ["iron_helm"]},
                                  hand=["heal"], feared=["harbor_shieldman"]),
                           player(["reef_guard"], hand=["skulker"])],
                "monster": 1, "target": 0, "start": "combat",
                "monsters": [{"card": "lesser_demon", "hero": "thorn_oakheart"}]}
    session = Session.new("fantasy-adventures", [Seat("human", "Ann"), Seat("human", "Bram")], 1, None, scenario)
    while not session.game.view_for(0)["melees"]:  # to the melees (after the Assignment)
        d = session.pending()
        assert d is not None
        session.choose(d.seat, "pass" if "pass" in d.option_ids else d.option_ids[0])
    text = describe_adventures(session, 0)
    assert "Front: 1. Thorn Oakheart M5  2. Harbor Shieldman M2 (FEARED)" in text
    assert "Back:  1. Byron M2 [Iron Helm]" in text
    assert "Monster: Lesser Demon (Melee 5) attacks Thorn Oakheart (meleeing)" in text
    assert "Melee: Thorn Oakheart 5 = 5 against Lesser Demon 5 = 5: win 42%" in text
    assert "Your hand: Heal" in text and "Skulker" not in text
    assert "Your hand: Skulker" in describe_adventures(session, 1)
