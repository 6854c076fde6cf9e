"""Saves: round trips at random points; damaged, hostile and foreign files refused with a
sentence a player understands; a good save never overwritten by a failed write."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import saves
from game.core.errors import SaveError
from game.core.rng import Rng
from game.session import Seat, Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def ai_session(seed: int, seats: int = 2) -> Session:
    levels = ["normal", "random", "easy"][:seats]
    return Session.new("fantasy-heroes", [Seat("ai", f"P{i}", lvl) for i, lvl in enumerate(levels)], seed)


def test_round_trip_at_random_points_of_random_games():
    for seed in range(12):
        session = ai_session(seed, 2 + seed % 2)
        stop = Rng.seeded(seed).below(120)
        for _ in range(stop):
            if session.step_ai() is None:
                break
        path = saves.save(session, f"slot{seed}")
        loaded = saves.load(path)
        assert loaded.game.state_hash() == session.game.state_hash()
        assert loaded.game.state == session.game.state
        assert [c.option_ids for c in loaded.choices] == [c.option_ids for c in session.choices]
        # The loaded game goes on exactly as the original would have (AI generators saved too).
        session.run_ai()
        loaded.run_ai()
        assert loaded.game.state_hash() == session.game.state_hash()


def test_mid_battle_save_loads_mid_battle():
    session = ai_session(3)
    while session.game.state.battle is None:
        session.step_ai()
    loaded = saves.load(saves.save(session, "battle"))
    assert loaded.game.state.battle == session.game.state.battle
    assert loaded.pending() == session.pending()


def _good_file(tmp_path: Path) -> tuple[Path, dict]:
    session = ai_session(4)
    for _ in range(40):
        session.step_ai()
    path = saves.save(session, "good")
    return path, json.loads(path.read_text())


def _write(path: Path, data) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, (str, bytes)) else data) if not isinstance(
        data, bytes) else path.write_bytes(data)
    return path


def _refused(path: Path, fragment: str) -> None:
    with pytest.raises(SaveError) as err:
        saves.load(path)
    message = str(err.value)
    assert fragment in message
    assert "Traceback" not in message and len(message) < 300


def test_truncated_files_are_refused(tmp_path):
    path, _ = _good_file(tmp_path)
    text = path.read_text()
    for cut in (1, len(text) // 3, len(text) - 1):
        _refused(_write(tmp_path / "cut.json", text[:cut]), "damaged or cut short")
    _refused(_write(tmp_path / "empty.json", ""), "empty")


def test_bit_flipped_files_are_refused_or_identical(tmp_path):
    path, _ = _good_file(tmp_path)
    raw = bytearray(path.read_bytes())
    rng = Rng.seeded(8)
    for _ in range(60):
        flipped = bytearray(raw)
        i = rng.below(len(flipped))
        flipped[i] ^= 1 << rng.below(8)
        target = _write(tmp_path / "flip.json", bytes(flipped))
        try:
            loaded = saves.load(target)
        except SaveError as exc:
            assert str(exc)
        else:  # a flip that changed nothing that matters (e.g. in the date) loads the same game
            assert loaded.game.state_hash() == json.loads(path.read_text())["hash"]


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d.update(seed="seven"), "seed is damaged"),
    (lambda d: d.update(seed=-1), "seed is damaged"),
    (lambda d: d.update(choices={"a": 1}), "list of moves is damaged"),
    (lambda d: d["choices"].append([9, ["pass"]]), "list of moves is damaged"),
    (lambda d: d["choices"].append([0, [7]]), "list of moves is damaged"),
    (lambda d: d.update(seats="two"), "seats are damaged"),
    (lambda d: d["seats"][0].update(kind=3), "seats are damaged"),
    (lambda d: d.update(turn=True), "turn number is damaged"),
    (lambda d: d.update(snapshot=[]), "saved position is damaged"),
    (lambda d: d.update(ruleset="chess"), "does not know"),
    (lambda d: d.update(version=99), "newer version"),
    (lambda d: d.update(version="1"), "version is missing or damaged"),
    (lambda d: d.update(format="other"), "not a Five Realms save"),
    (lambda d: d.update(sneaky=1), "unexpected field 'sneaky'"),
    (lambda d: d.pop("hash"), "missing its 'hash'"),
    (lambda d: d.update(hash="0" * 16), "does not match its own moves"),
    (lambda d: d["snapshot"]["players"][0]["hand"].append("knight"), "does not match its own moves"),
    (lambda d: d["choices"].pop(), "does not match its own moves"),
    (lambda d: d["choices"].__setitem__(5, [d["choices"][5][0], ["attack:nowhere"]]), "do not replay"),
    (lambda d: d.update(agents={"0": [1, "x"]}), "AI seats are damaged"),
])
def test_wrong_typed_and_tampered_saves_are_refused(tmp_path, mutate, fragment):
    _, data = _good_file(tmp_path)
    mutate(data)
    _refused(_write(tmp_path / "bad.json", data), fragment)


def test_hostile_files_are_refused(tmp_path):
    _refused(_write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000), "nested too deeply")
    _refused(_write(tmp_path / "deep2.json", '{"a":' * 200 + "1" + "}" * 200), "nested too deeply")
    _refused(_write(tmp_path / "huge-number.json", '{"format": "five-realms-save", "version": 1' + "0" * 5000 + "}"),
             "damaged")
    _refused(_write(tmp_path / "nan.json", '{"format": NaN}'), "damaged")
    _refused(_write(tmp_path / "binary.json", bytes(range(256))), "not text")
    _refused(_write(tmp_path / "list.json", "[1, 2, 3]"), "not a Five Realms save")
    _refused(_write(tmp_path / "pickle.json", b"\x80\x04\x95\x00\x00cos\nsystem\n"), "not text")


def test_oversized_file_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.seek(50 * 1024 * 1024)
        fh.write(b"}")
    _refused(big, "too large")


def test_a_failed_write_never_harms_the_good_save(tmp_path, monkeypatch):
    session = ai_session(5)
    path = saves.save(session, "keep")
    good = path.read_bytes()
    for _ in range(30):
        session.step_ai()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError, match="previous save is unchanged"):
        saves.save(session, "keep")
    monkeypatch.undo()
    assert path.read_bytes() == good
    assert [p.name for p in path.parent.iterdir()] == ["keep.json"]  # no temporary file left behind
    assert saves.load(path).game.state_hash() != session.game.state_hash()


def test_slot_names_are_checked():
    for bad in ("", "../escape", "a/b", "x" * 41, ".hidden"):
        with pytest.raises(SaveError):
            saves.slot_path(bad)
    assert saves.slot_path("My game 2").name == "My game 2.json"


def test_list_shows_unreadable_files_with_a_reason_and_delete_works(data_dir):
    session = ai_session(6)
    saves.save(session, "first")
    saves.autosave(session)
    (saves.saves_dir() / "broken.json").write_text("{not json")
    listing = {info.slot: info for info in saves.list_saves()}
    assert listing["first"].ok and listing["autosave-fantasy-heroes"].ok
    assert listing["first"].ruleset == "fantasy-heroes" and listing["first"].seats == ("P0", "P1")
    assert not listing["broken"].ok and "damaged" in listing["broken"].reason
    saves.delete("first")
    assert "first" not in {i.slot for i in saves.list_saves()}
    with pytest.raises(SaveError):
        saves.delete("first")
    with pytest.raises(SaveError, match="no save called"):
        saves.load_slot("nothing")


def test_dungeon_delve_saves_mid_attack_and_loads_the_same_game():
    """DD saves at any point, mid-attack included (issue 4), and play goes on identically."""
    session = Session.new("dungeon-delve", [Seat("ai", "O", "normal"), Seat("ai", "H", "normal")], 6)
    for _ in range(3000):
        if session.game.state.attack is not None or session.over:
            break
        session.step_ai()
    assert session.game.state.attack is not None, "no attack reached"
    loaded = saves.load(saves.save(session, "dd-attack"))
    assert loaded.game.state == session.game.state and loaded.pending() == session.pending()
    session.run_ai()
    loaded.run_ai()
    assert loaded.game.state_hash() == session.game.state_hash()
