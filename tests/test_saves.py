"""Saves: round trips at random points; damaged, hostile and foreign files refused with a
sentence a player understands; a good save never overwritten by a failed write."""

from __future__ import annotations

import json
import re
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
    _refused(_write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000), "more entries than any game needs")
    _refused(_write(tmp_path / "deep1.json", "[" * 5_000 + "]" * 5_000), "nested too deeply")
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


# -- issue 10: hostile folders, names, quotes, caps, leftovers, autosaves, reserved names ------------


def test_every_check_ends_in_a_save_error_sentence_never_another_exception(tmp_path):
    """Item 1: an AI-seat key of "²" (isdigit() but not int()) and every other wrong type."""
    _, data = _good_file(tmp_path)
    odd_values = ["²", "٣", "", None, True, 1e308, -1, 2**70, [], {}, [[]], {"": None}, "\ud800", "x" * 100]
    fields = sorted(data)
    for key in fields:
        for value in odd_values:
            broken = json.loads(json.dumps(data))
            broken[key] = value
            try:
                saves.session_from_data(broken)
            except SaveError as exc:
                assert str(exc) and len(str(exc)) < 300 and "Error" not in str(exc)
    broken = json.loads(json.dumps(data))
    broken["agents"] = {"²": [1, 2]}
    _refused(_write(tmp_path / "sup.json", broken), "AI seats are damaged")
    for seats in ([{"kind": "ai", "name": "A", "level": ["normal"]}], [{"kind": [], "name": "A", "level": "x"}]):
        broken["seats"] = seats
        with pytest.raises(SaveError):
            saves.check_shape(broken)


def test_a_hard_seats_memory_in_a_save_is_checked_and_a_format_3_save_has_none(tmp_path):
    """Format 4 keeps a hard seat's memory of the turn (game.ai.hard); a damaged one is refused
    with a sentence, and a format 3 save, which had none, loads as before."""
    _, data = _good_file(tmp_path)
    assert data["version"] == 4 and data["agent_memory"] == {}  # its AI seats are normal ones
    for memory in ({"9": [1, ["ab"]]}, {"0": [1, "ab"]}, {"0": [-1, []]}, {"0": [1, ["x" * 65]]},
                   {"0": [1, ["ab"] * 5001]}, {"0": [1, [7]]}, [], {"0": [1]}):
        _refused(_write(tmp_path / "memory.json", {**data, "agent_memory": memory}), "memory is damaged")
    older = {key: value for key, value in data.items() if key != "agent_memory"}
    loaded = saves.load(_write(tmp_path / "format3.json", {**older, "version": 3}))
    assert loaded.game.state_hash() == data["hash"] and loaded.agent_memories() == {}


@pytest.mark.parametrize("name, fragment", [
    ("\ud800", "cannot be used"), ("a\x00b", "cannot be used"), ("n" * 25, "at most 24"), ("", "empty"),
    ("  ", "empty"), ("tab\there", "cannot be used"), ("\u034f\ufe00", "can be seen"), ("\u0301 ", "can be seen"), ("Ann \ufe00", "can be seen"),
])
def test_seat_names_are_checked_when_loaded(tmp_path, name, fragment):
    """Item 2: printable, at most 24 characters; the same check as the New game scene."""
    _, data = _good_file(tmp_path)
    data["seats"][0]["name"] = name
    path = tmp_path / "name.json"
    path.write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    _refused(path, fragment)
    assert saves.name_problem("Ann") == "" and saves.name_problem("Élodie Ærø 12") == ""


def test_refusals_quote_at_most_a_few_dozen_characters_and_read_size_is_capped(tmp_path):
    """Item 3: a field of a million characters is not put into the message."""
    _, data = _good_file(tmp_path)
    data["y" * 1_000_000] = 1
    with pytest.raises(SaveError) as err:
        saves.load(_write(tmp_path / "long.json", data))
    assert len(str(err.value)) < 120 and "yyyy" in str(err.value)
    _, data = _good_file(tmp_path)
    data["choices"][3] = [data["choices"][3][0], ["\ud800" + "q" * 127]]
    path = tmp_path / "id.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert len(str(err.value)) < 300 and str(err.value).isprintable()
    assert saves.quote("z" * 10_000) == "z" * saves.QUOTE + "…"
    assert saves.quote("a \ufe00 b\x00") == "a ? b?" and saves.quote("e\u0301") == "e\u0301"
    assert saves.MAX_BYTES <= 8 * 1024 * 1024 and saves.MAX_CHOICES <= 50_000


def test_a_save_with_too_many_moves_is_refused_and_never_written(tmp_path):
    """Item 12: a save's choice count has a cap, when read and when written."""
    _, data = _good_file(tmp_path)
    data["choices"] = data["choices"] * (saves.MAX_CHOICES // len(data["choices"]) + 1)
    _refused(_write(tmp_path / "many.json", data), "more than")
    session = ai_session(2)
    for _ in range(5):
        session.step_ai()
    session.choices = session.choices * (saves.MAX_CHOICES // len(session.choices) + 1)
    with pytest.raises(SaveError, match="too many"):
        saves.save(session, "toolong")
    assert not saves.slot_path("toolong").exists()


def test_listing_reads_only_the_header_of_a_save(tmp_path, monkeypatch):
    """Item 12: the list shows game, seats, turn and date from the first kilobytes."""
    session = ai_session(7)
    for _ in range(60):
        session.step_ai()
    path = saves.save(session, "big")
    data = json.loads(path.read_text())
    data["snapshot"]["padding"] = "p" * 2_000_000  # as if the game were very long
    path.write_text(json.dumps(data))
    opened: list[int] = []
    real_open = open

    def counting_open(file, mode="r", *args, **kw):
        handle = real_open(file, mode, *args, **kw)
        if "b" in mode and str(file).endswith(".json"):
            real_read = handle.read
            handle.read = lambda n=-1: (opened.append(n), real_read(n))[1]
        return handle

    monkeypatch.setattr("builtins.open", counting_open)
    (info,) = saves.list_saves()
    assert info.ok and info.ruleset == "fantasy-heroes" and info.seats == ("P0", "P1") and info.turn == session.game.turn
    assert opened and max(opened) <= saves.HEADER_BYTES
    monkeypatch.undo()
    _refused(path, "does not match")  # the load checks it all


def test_a_load_reports_progress_and_can_be_stopped(tmp_path):
    path, data = _good_file(tmp_path)
    seen: list[tuple[int, int]] = []
    saves.load(path, lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(data["choices"]), len(data["choices"])) and len(seen) >= 2

    def stop(done, total):
        if done:
            raise saves.LoadCancelled("stopped")

    with pytest.raises(saves.LoadCancelled):
        saves.load(path, stop)


def test_files_left_by_killed_saves_are_cleaned_up(data_dir):
    """Item 8: a write killed between mkstemp and os.replace leaves '.slot.xxxx.tmp'."""
    session = ai_session(8)
    saves.save(session, "kept")
    folder = saves.saves_dir()
    old = []
    for i in range(243):
        leftover = folder / f".kept.{i:04d}abcd.tmp"
        leftover.write_text("{")
        os.utime(leftover, (1, 1))
        old.append(leftover)
    fresh = folder / ".kept.fresh.tmp"  # a save being written this moment by another window
    fresh.write_text("{")
    listing = saves.list_saves()
    assert [i.slot for i in listing] == ["kept"]
    assert not any(p.exists() for p in old) and fresh.exists()
    os.utime(fresh, (1, 1))
    saves.save(session, "kept")
    assert sorted(p.name for p in folder.iterdir()) == ["kept.json"]


def test_each_rule_system_has_its_own_autosave_and_the_old_slot_still_loads(data_dir):
    """Item 10: quitting Dungeon Delve no longer overwrites the Fantasy Heroes autosave."""
    heroes = ai_session(9)
    for _ in range(20):
        heroes.step_ai()
    delve = Session.new("dungeon-delve", [Seat("ai", "O", "normal"), Seat("ai", "H", "normal")], 3)
    for _ in range(20):
        delve.step_ai()
    assert saves.autosave(heroes).stem == "autosave-fantasy-heroes"
    assert saves.autosave(delve).stem == "autosave-dungeon-delve"
    os.utime(saves.slot_path("autosave-fantasy-heroes"), (1, 1))
    assert saves.load_slot("autosave-fantasy-heroes").game.state_hash() == heroes.game.state_hash()
    assert saves.load_slot("autosave").system_id == saves.latest_autosave().ruleset
    # An old single-slot autosave (saved by an earlier version) lists and loads.
    legacy = saves.slot_path("autosave")
    legacy.write_text(saves.slot_path("autosave-fantasy-heroes").read_text())
    infos = {i.slot: i for i in saves.list_saves()}
    assert infos["autosave"].ok and infos["autosave"].autosave
    assert saves.load_slot("autosave").system_id in ("fantasy-heroes", "dungeon-delve")


@pytest.mark.parametrize("name", ["con", "CON", "nul", "Aux", "prn", "com1", "COM9", "lpt1", "lpt9", "game ",
                                  "con ", "a."])
def test_windows_reserved_slot_names_are_refused_with_a_sentence(name):
    """Item 11: names Windows keeps for devices, and names ending in a space or a dot."""
    with pytest.raises(SaveError) as err:
        saves.save(ai_session(1), name)
    assert err.value.args[0].endswith(".") and len(str(err.value)) < 200
    assert not saves.saves_dir().exists() or not list(saves.saves_dir().glob("*.json"))
    assert saves.slot_path("console").name == "console.json" and saves.slot_path("com10").name == "com10.json"


def test_a_refused_save_never_overwrites_a_good_one(tmp_path):
    path = saves.save(ai_session(4), "mine")
    good = path.read_bytes()
    (tmp_path / "hostile.json").write_text("[" * 10_000)
    with pytest.raises(SaveError):
        saves.load(tmp_path / "hostile.json")
    assert path.read_bytes() == good and saves.load(path)


def test_fuzz_saves_is_deterministic_from_its_seed_and_exits_1_on_a_crash(monkeypatch, capsys):
    from game import fuzz_saves
    from game.cli import main

    def figures(seed: int) -> list[str]:
        """What the run found, without what depends on the machine's speed: the first line
        carries the time taken, and a file is "slow" by the clock (a loaded machine makes more)."""
        lines: list[str] = []
        fuzz_saves.run("fantasy-heroes", len(fuzz_saves.KINDS), seed, write=lines.append)
        return [re.sub(r" · slow \d+", "", line) for line in lines[1:] if not line.lstrip().startswith("slow file")]

    assert figures(4) == figures(4)
    base = fuzz_saves.base_saves("fantasy-heroes", 4)[1]
    rng = lambda: Rng.seeded(9, 1)  # noqa: E731
    assert all(fuzz_saves.mutate(rng(), base, kind) == fuzz_saves.mutate(rng(), base, kind)
               for kind in fuzz_saves.KINDS)
    assert main(["fuzz-saves", "fantasy-heroes", "--files", "3", "--seed", "2"]) == 0
    assert "crashed 0" in capsys.readouterr().out

    def broken(path, progress=None):
        raise KeyError("boom")

    monkeypatch.setattr(saves, "load", broken)
    assert main(["fuzz-saves", "fantasy-heroes", "--files", "3", "--seed", "2"]) == 1
    assert "CRASH" in capsys.readouterr().out


def test_a_crowded_saves_folder_lists_only_the_newest_files(data_dir, monkeypatch):
    monkeypatch.setattr(saves, "MAX_LISTED", 5)
    path = saves.save(ai_session(3), "keep")
    for i in range(12):
        copy = path.with_name(f"copy{i}.json")
        copy.write_bytes(path.read_bytes())
        os.utime(copy, (100 + i, 100 + i))
    listed = {info.slot for info in saves.list_saves()}
    assert len(listed) == 5 and "keep" in listed and "copy11" in listed and "copy0" not in listed


# -- opening a save at its snapshot (issue 11, item 3) ---------------------------------------------


def _long_session(seed: int = 6, choices: int = 300) -> Session:
    """A human against an AI, the human answering at random, ``choices`` choices long."""
    from game.ai.agents import random_choice

    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], seed)
    rng = Rng.seeded(seed, 3)
    while len(session.choices) < choices and session.pending() is not None:
        session.run_ai()
        decision = session.pending()
        if decision is not None:
            session.choose(decision.seat, random_choice(decision, rng))
    return session


def _rehash(data: dict) -> dict:
    from game.core.serial import stable_hash

    data["hash"] = stable_hash(data["snapshot"])
    return data


def test_opening_a_save_restores_its_snapshot_and_the_check_gives_its_history():
    session = _long_session()
    data = saves.session_to_data(session)
    opened = saves.open_data(json.loads(json.dumps(data)))
    mine = opened.session
    assert mine.game.state == session.game.state and mine.game.state_hash() == data["hash"]
    assert mine.pending() == session.pending() and mine.seats == session.seats
    assert [(c.seat, c.option_ids) for c in mine.choices] == [(c.seat, c.option_ids) for c in session.choices]
    assert mine.agent_states() == session.agent_states()
    assert not mine.history_checked and mine.log == []
    assert "still being checked" in mine.undo_refusal()
    replayed = opened.check()
    mine.adopt_history(replayed)
    assert mine.history_checked and mine.log == session.log
    assert mine.choices == session.choices and mine.can_undo() == session.can_undo()
    # It plays on exactly as the original does.
    session.seats[0] = mine.seats[0] = Seat("ai", "Ann", "random")
    from game.ai import make_agent

    session.agents[0] = make_agent("random", "fantasy-heroes", 1, 0)
    mine.agents[0] = make_agent("random", "fantasy-heroes", 1, 0)
    session.run_ai()
    mine.run_ai()
    assert mine.game.state_hash() == session.game.state_hash()


def test_moves_played_before_the_check_ends_keep_their_place_in_the_history():
    session = _long_session(7, 200)
    data = saves.session_to_data(session)
    opened = saves.open_data(data)
    mine = opened.session
    rng = Rng.seeded(7, 9)
    from game.ai.agents import random_choice

    for _ in range(20):  # played on while the check runs
        mine.run_ai()
        session.run_ai()
        decision = mine.pending()
        if decision is None:
            break
        picked = random_choice(decision, rng)
        mine.choose(decision.seat, picked)
        session.choose(decision.seat, picked)
    mine.adopt_history(opened.check())
    assert mine.game.state_hash() == session.game.state_hash()
    assert mine.log == session.log and mine.choices == session.choices
    assert mine.can_undo() == session.can_undo()
    if mine.can_undo():
        mine.undo()
        session.undo()
        assert mine.game.state_hash() == session.game.state_hash() and mine.log == session.log


def test_a_snapshot_that_the_moves_do_not_reach_opens_but_its_check_refuses_it():
    session = _long_session(8, 200)
    data = saves.session_to_data(session)
    data["choices"] = data["choices"][:-6]  # the snapshot and its hash agree; the moves do not
    opened = saves.open_data(data)
    with pytest.raises(SaveError, match="does not match its own moves"):
        opened.check()


def test_a_snapshot_that_is_not_its_hash_or_breaks_the_rules_is_refused_at_once():
    session = _long_session(9, 120)
    data = saves.session_to_data(session)
    edited = json.loads(json.dumps(data))
    edited["snapshot"]["players"][0]["hand"].append("dragon")
    with pytest.raises(SaveError, match="does not match the save's own check"):
        saves.open_data(edited)
    with pytest.raises(SaveError, match="breaks the rules"):  # a card made twice, hash made to fit
        saves.open_data(_rehash(edited))
    odd = _rehash(json.loads(json.dumps(data)))
    odd["snapshot"]["players"] = "nobody"
    with pytest.raises(SaveError):
        saves.open_data(_rehash(odd))
    with pytest.raises(SaveError, match="players"):
        other = json.loads(json.dumps(data))
        other["seats"].append({"kind": "human", "name": "Cai", "level": "normal"})
        saves.open_data(other)
    assert saves.open_data(data).session.game.state_hash() == session.game.state_hash()
