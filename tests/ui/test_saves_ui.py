"""The title, Load and Save scenes whatever the saves folder holds (issue 10, items 1, 2, 3,
10, 11, 12): damaged files are listed in red with their reason and never crash the list,
the Continue tooltip or a load; names the font cannot draw never reach the screen; loads
run on a worker thread with progress (Esc stops them); Continue picks the latest game of
any rule system; the Save scene refuses Windows-reserved names with a sentence."""

from __future__ import annotations

import json
import os
import struct
import threading
import zlib

import pygame

from game import saves
from game.session import Seat, Session
from game.ui.scenes.saveload import DAMAGED, LoadingScene, SaveLoadScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, key, press, type_text, wait_for


def _session(system: str = "fantasy-heroes", seed: int = 3, steps: int = 12) -> Session:
    n = 2
    session = Session.new(system, [Seat("human", "Ann"), *[Seat("ai", f"AI {i}", "normal") for i in range(1, n)]],
                          seed)
    for _ in range(steps):
        if session.pending() is None:
            break
        decision = session.pending()
        session.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
    return session


def _hostile_folder() -> None:
    """A saves folder with every kind of damage the issue names."""
    good = saves.save(_session(), "good")
    folder = saves.saves_dir()
    base = json.loads(good.read_text())
    variants = {
        "superscript": lambda d: d.update(agents={"²": [1, 2]}),
        "surrogate name": lambda d: d["seats"][0].update(name="\ud800"),
        "nul name": lambda d: d["seats"][0].update(name="a\x00b"),
        "long name": lambda d: d["seats"][0].update(name="n" * 500),
        "huge key": lambda d: d["options"].update({"k" * 1_000_000: 1}),
        "huge field": lambda d: d.update({"z" * 1_000_000: 1}),
    }
    for slot, mutate in variants.items():
        data = json.loads(json.dumps(base))
        mutate(data)
        (folder / f"{slot}.json").write_text(json.dumps(data))
    (folder / "con.json").write_text("{}")
    (folder / "deep.json").write_text("[" * 100_000)
    os.makedirs(folder / "folder.json", exist_ok=True)
    (folder / b"\xff\xfe name.json".decode("utf-8", "surrogateescape")).write_bytes(good.read_bytes())
    # A thumbnail that claims 30,000 x 30,000 pixels is never decoded.
    ihdr = struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    (folder / "good.png").write_bytes(png)


def test_the_app_starts_and_lists_whatever_the_saves_folder_holds(make_app):
    app = make_app()
    _hostile_folder()
    app.stack.replace(TitleScene(app))
    frames(app, 2)
    continue_button = next(w for w in app.stack.top.widgets if getattr(w, "label", "") == "Continue")
    assert continue_button.enabled and continue_button.tooltip.startswith("Go on with")
    assert continue_button.tooltip.isprintable() and len(continue_button.tooltip) < 120
    press(app, "Load")
    browser = app.stack.top
    assert isinstance(browser, SaveLoadScene)
    listing = {info.slot: info for info in browser.slots}
    for slot in ("superscript", "surrogate name", "nul name", "long name", "con", "deep"):
        assert not listing[slot].ok and listing[slot].reason, slot
        assert len(listing[slot].reason) < 300 and listing[slot].reason.isprintable()
    assert "name that cannot be used" in listing["surrogate name"].reason
    assert all(info.slot.isprintable() for info in browser.slots)  # the undecodable file name too
    # Every row draws (names in red for the damaged ones), with random scrolling and clicks.
    for index in range(len(browser.slots)):
        browser.selected = index
        frames(app)
    red = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 3) for y in range(100, 640, 3)}
    assert DAMAGED in red or any(abs(c[0] - DAMAGED[0]) < 8 and abs(c[1] - DAMAGED[1]) < 8 for c in red)


def test_a_save_found_damaged_on_load_turns_red_with_its_reason(make_app):
    app = make_app()
    _hostile_folder()
    app.stack.replace(TitleScene(app))
    app.stack.push(SaveLoadScene(app, "load"))
    frames(app)
    browser = app.stack.top
    browser.selected = next(i for i, info in enumerate(browser.slots) if info.slot == "huge field")
    assert browser.current().ok  # the list read only the header
    press(app, "Load")
    wait_for(app, lambda: app.stack.top is browser)
    info = next(i for i in browser.slots if i.slot == "huge field")
    assert not info.ok and "unexpected field" in info.reason and len(info.reason) < 200
    assert app.toast and len(app.toast[0]) < 300


def test_a_load_reads_the_file_on_a_worker_thread_and_esc_stops_it(make_app, monkeypatch):
    app = make_app()
    session = _session("dungeon-delve", 2, 200)
    path = saves.save(session, "long")
    app.stack.replace(TitleScene(app))
    gate = threading.Event()
    real = saves.open_save

    def slow(p):
        assert threading.current_thread() is not threading.main_thread()
        gate.wait(10)
        return real(p)

    monkeypatch.setattr(saves, "open_save", slow)
    app.stack.push(LoadingScene(app, path, "long"))
    frames(app, 3)  # the window keeps drawing while the file is read
    assert app.stack.top.name == "loading"
    key(app, pygame.K_ESCAPE)
    gate.set()
    wait_for(app, lambda: app.stack.top.name == "title")
    assert "stopped" in app.toast[0]
    monkeypatch.setattr(saves, "open_save", real)
    app.stack.push(LoadingScene(app, path, "long"))
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.controller.session.game.state_hash() == session.game.state_hash()


def _gated_check(monkeypatch) -> tuple[threading.Event, list[str]]:
    """Hold the check of an opened save (its replay) until the event is set; the list gets the
    name of each thread the replay ran on."""
    gate = threading.Event()
    threads: list[str] = []
    real = saves.session_from_data

    def held(data, progress=None):
        threads.append(threading.current_thread().name)
        gate.wait(20)
        return real(data, progress)

    monkeypatch.setattr(saves, "session_from_data", held)
    return gate, threads


def test_a_long_save_opens_at_its_snapshot_before_its_moves_are_checked(make_app, monkeypatch):
    """Issue 11, item 3: the table shows a long save at once, from its snapshot; the replay of
    its moves runs on a worker thread, and when it has passed the log and undo are there."""
    app = make_app()
    session = _session("dungeon-delve", 2, 400)
    assert not session.over
    path = saves.save(session, "long")
    gate, threads = _gated_check(monkeypatch)
    app.stack.replace(TitleScene(app))
    app.stack.push(LoadingScene(app, path, "long"))
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    controller = table.controller
    assert controller.session.game.state_hash() == session.game.state_hash()
    frames(app, 3)  # the table draws (and an AI seat plays) while the check waits
    assert controller.checking and not controller.session.history_checked
    assert threads and threads[0] != threading.main_thread().name
    assert "still being checked" in controller.save("early")
    assert not saves.slot_path("early").exists()
    assert not controller.can_undo()
    gate.set()
    wait_for(app, lambda: not controller.checking)
    assert app.stack.find(TableScene) is table and controller.check_failure is None
    n = len(session.choices)
    assert controller.session.history_checked and controller.session.log[:len(session.log)] == session.log
    assert controller.session.choices[:n] == session.choices
    assert controller.save("later").startswith("Saved")


def test_a_save_whose_moves_do_not_reach_its_snapshot_goes_back_to_the_load_screen(make_app, monkeypatch):
    """The snapshot and its hash agree, the moves do not: the table opens, the check refuses
    it, the player is told, the Load screen shows it in red, and nothing was saved."""
    app = make_app()
    session = _session("dungeon-delve", 2, 300)
    path = saves.save(session, "edited")
    data = json.loads(path.read_text())
    data["choices"] = data["choices"][:-5]
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    gate, _ = _gated_check(monkeypatch)
    app.stack.replace(TitleScene(app))
    app.stack.push(LoadingScene(app, path, "edited"))
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    controller = app.stack.top.controller
    decision = controller.my_decision()
    if decision is not None:  # a move made while the check runs is never saved either
        controller.choose(decision.option_ids[: max(1, decision.min_choices)])
        frames(app, 2)
    gate.set()
    wait_for(app, lambda: isinstance(app.stack.top, SaveLoadScene))
    browser = app.stack.top
    assert browser.mode == "load"
    info = next(i for i in browser.slots if i.slot == "edited")
    assert not info.ok and "does not match its own moves" in info.reason
    assert app.toast and "was not loaded" in app.toast[0] and "does not match its own moves" in app.toast[0]
    assert path.read_bytes() == before
    assert not any(saves.is_autosave(i.slot) for i in saves.list_saves())
    assert controller.autosave() is not None and controller.save("x").startswith("Not saved")
    app.stack.pop()
    title = app.stack.top
    assert isinstance(title, TitleScene) and path in title.refused


def test_each_rule_system_keeps_its_own_autosave_and_continue_picks_the_latest(make_app):
    app = make_app()
    first = _session("fantasy-heroes", 4)
    saves.autosave(first)
    second = _session("dungeon-delve", 5, 30)
    saves.autosave(second)
    os.utime(saves.slot_path("autosave-fantasy-heroes"), (1, 1))
    assert {i.slot for i in saves.list_saves()} == {"autosave-fantasy-heroes", "autosave-dungeon-delve"}
    app.stack.replace(TitleScene(app))
    press(app, "Continue")
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.controller.session.system_id in ("fantasy-heroes", "dungeon-delve")
    latest = saves.list_saves()[0]
    assert app.stack.top.controller.session.system_id == latest.ruleset


def test_the_save_scene_refuses_windows_reserved_names(make_app):
    from game.ui.main import build_scene

    app = make_app()
    build_scene(app, "save", "fantasy-heroes", 3, 10)
    scene = app.stack.top
    scene.name_field.focused = True
    type_text(app, "\ufe00é/\\:")  # only the letters a save name may use are taken
    assert scene.name_field.text == ""
    frames(app)
    for bad in ("con", "NUL", "com3", "lpt9", "aux"):
        scene.name_field.text = ""
        scene.name_field.focused = True
        type_text(app, bad)
        press(app, "Save")
        assert "Windows" in app.toast[0] and app.stack.top is scene
    assert not list(saves.saves_dir().glob("*.json")) if saves.saves_dir().exists() else True


def test_seat_names_are_checked_when_typed_and_on_start(make_app):
    app = make_app()
    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    field = next(w for w in scene.widgets if getattr(w, "placeholder", "") == "Player 1")
    field.text = ""
    field.focused = True
    type_text(app, "\ufe00a\x00b\ud800 \u034f" + "c" * 40)
    assert field.text.isprintable() and len(field.text) == saves.MAX_NAME and field.text.startswith("ab c")
    frames(app)  # the field draws what was typed
    field.text = ""
    type_text(app, "\ufe00\u0301")  # marks alone have no width: not taken
    frames(app)
    assert field.text == ""
    type_text(app, "e\u0301")
    assert field.text == "e\u0301"
    scene.names[0] = "x" * 30  # e.g. a remembered name from elsewhere
    press(app, "Start")
    assert app.stack.top is scene and "24" in app.toast[0]
    scene.names[0] = "Ann"
    press(app, "Start")
    assert isinstance(app.stack.top, TableScene)


def test_load_and_delete_are_greyed_out_with_no_save_and_come_back_with_one(make_app):
    """No dead buttons: with no save listed, Load and Delete are disabled and say why; once a
    save is listed they act on it; deleting the last greys them out again."""
    from game.ui.scenes.base import ConfirmScene

    app = make_app((1024, 640))
    browser = SaveLoadScene(app, "load")
    app.stack.push(browser)
    frames(app)
    buttons = {w.label: w for w in browser.widgets if getattr(w, "label", "") in ("Load", "Delete")}
    assert not browser.slots and not any(b.enabled for b in buttons.values())
    assert all(b.tooltip == "No saved game yet" for b in buttons.values())
    saves.save(_session(), "good")
    browser.refresh()
    assert all(b.enabled for b in buttons.values()) and buttons["Delete"].tooltip.startswith("Delete the selected")
    press(app, "Delete")
    assert isinstance(app.stack.top, ConfirmScene)
    press(app, "Delete")  # the confirmation's own Delete
    assert app.stack.top is browser and not browser.slots
    buttons = {w.label: w for w in browser.widgets if getattr(w, "label", "") in ("Load", "Delete")}
    assert len(buttons) == 2 and not any(b.enabled for b in buttons.values())
