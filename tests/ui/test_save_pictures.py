"""Each save's picture of the table (issue 12 item 6): made from the table's own frame without
the menus over it, encoded and written on the writer's thread, shown by the Load screen in
place of the generic icon (read lazily, one a frame), ignored safely when missing, broken or
hostile, and deleted with its save."""

from __future__ import annotations

import io
import struct
import threading
import zlib

import pygame

from game import save_pictures, saves
from game.session import Seat, Session
from game.ui.controller import Controller
from game.ui.scenes.saveload import SaveLoadScene, picture_of
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, key, open_table, press, type_text, wait_for


def _session(seed: int = 3, steps: int = 12) -> Session:
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "AI 1", "normal")], seed)
    for _ in range(steps):
        decision = session.pending()
        if decision is None:
            break
        session.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
    return session


def _decoded(slot: str) -> pygame.Surface:
    data = save_pictures.read(saves.slot_path(slot))
    assert data is not None, f"'{slot}' has no picture that can be read"
    return pygame.image.load(io.BytesIO(data), "picture.png")


def _colours(surface: pygame.Surface) -> set[tuple[int, ...]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 4) for y in range(0, h, 4)}


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """The mean difference of two same-sized pictures' channels (0 to 255)."""
    raw_a, raw_b = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    assert len(raw_a) == len(raw_b)
    return sum(abs(x - y) for x, y in zip(raw_a[::7], raw_b[::7])) / len(raw_a[::7])


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


def _as_surface(picture: save_pictures.Picture) -> pygame.Surface:
    return pygame.image.frombytes(picture.rgb, (picture.width, picture.height), "RGB")


def test_a_save_from_the_pause_menu_keeps_the_table_as_it_was_drawn_without_the_menu(make_app):
    app = make_app()
    app.stack.replace(TitleScene(app))
    table = open_table(app, _session())
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "pause"
    session = table.controller.session
    decision = session.pending()  # a move while the menu is open (as an AI seat's would be)
    session.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
    frames(app, 2)  # the table draws under the pause menu, and hands over its picture
    assert not table.controller.wants_picture
    with_menu = _as_surface(picture_of(app.screen))
    table_alone = pygame.Surface(app.size)
    table.draw(table_alone)
    press(app, "Save")
    type_text(app, "picture")
    press(app, "Save")
    assert app.stack.top.name == "pause" and saves.slot_path("picture").exists()
    table.controller.finish_writes()
    picture = _decoded("picture")
    assert picture.get_size() == (save_pictures.WIDTH, round(save_pictures.WIDTH * 720 / 1280)) == (240, 135)
    assert len(_colours(picture)) > 20  # a table, not a blank picture
    assert _difference(picture, _as_surface(picture_of(table_alone))) < 2  # the table's own frame...
    assert _difference(picture, with_menu) > 10  # ...without the pause menu drawn over it


def test_the_load_screen_shows_each_saves_picture_in_place_of_the_icon(make_app):
    app = make_app()
    app.stack.replace(TitleScene(app))
    table = open_table(app, _session())
    assert table.controller.save("with picture").startswith("Saved")
    table.controller.finish_writes()
    saves.save(_session(4), "without picture")  # the terminal's save: no picture
    assert not save_pictures.path_for(saves.slot_path("without picture")).exists()
    app.stack.replace(TitleScene(app))
    app.stack.push(SaveLoadScene(app, "load"))
    browser = app.stack.top
    frames(app, 3)
    shown = {browser.slots[index].slot: browser.thumb_rect(row, app.scale) for row, index in browser.rows}
    with_rect, without_rect = shown["with picture"], shown["without picture"]
    assert with_rect.size == without_rect.size
    picture = app.screen.subsurface(with_rect).copy()
    icon = app.screen.subsurface(without_rect).copy()
    assert _difference(picture, icon) > 20 and len(_colours(picture)) > 3 * len(_colours(icon))
    saved = pygame.transform.smoothscale(_decoded("with picture"), with_rect.size)
    assert _difference(picture, saved) < 4  # the saved picture itself, scaled to the row


def test_the_load_screen_reads_one_picture_a_frame(make_app, monkeypatch):
    app = make_app()
    app.stack.replace(TitleScene(app))
    table = open_table(app, _session())
    for n in range(5):
        table.controller.save(f"game {n}")
    table.controller.finish_writes()
    app.stack.replace(TitleScene(app))
    decoded: list[int] = []
    real_read = save_pictures.read
    monkeypatch.setattr(save_pictures, "read", lambda path: (decoded.append(1), real_read(path))[1])
    app.stack.push(SaveLoadScene(app, "load"))
    browser = app.stack.top
    shown = []
    for _ in range(7):
        frames(app)
        shown.append(len(decoded))
    rows = len(browser.rows)
    assert rows >= 4
    assert shown[:rows] == list(range(1, rows + 1)) and shown[-1] == rows  # one a frame, each once
    assert all(browser._thumbs[browser.slots[i].path] is not None for _, i in browser.rows)


def test_saves_without_a_picture_or_with_a_broken_or_hostile_one_still_list_and_load(make_app, monkeypatch):
    app = make_app()
    good = saves.save(_session(), "plain")
    good_picture = save_pictures.encode_png(save_pictures.Picture(4, 2, bytes(range(24))))
    hostile = {
        "truncated": good_picture[:40],
        "not a png": b"GIF89a" + b"\x00" * 100,
        "enormous": _png_header(30_000, 30_000) + b"\x00" * 64,
        "zero wide": _png_header(0, 10),
        "huge file": _png_header(200, 100) + b"\x00" * (save_pictures.MAX_BYTES + 10),
        "empty": b"",
    }
    for slot, picture in {**hostile, "folder": None}.items():
        path = saves.slot_path(slot)
        path.write_bytes(good.read_bytes())
        if picture is None:
            save_pictures.path_for(path).mkdir()  # a folder where the picture would be
        else:
            save_pictures.path_for(path).write_bytes(picture)
    for slot in ("not a png", "enormous", "zero wide", "huge file", "empty", "folder", "plain"):
        assert save_pictures.read(saves.slot_path(slot)) is None, slot  # never handed to a decoder
    decoded: list[str] = []
    real_load = pygame.image.load

    def load(source, hint=""):
        if hint == "picture.png":  # a save's picture (not one of the window's icons)
            decoded.append(hint)
        return real_load(source, hint) if hint else real_load(source)

    monkeypatch.setattr(pygame.image, "load", load)
    app.stack.replace(TitleScene(app))
    press(app, "Load")
    browser = app.stack.top
    assert {info.slot for info in browser.slots} == {"plain", "folder", *hostile} and all(
        info.ok for info in browser.slots)
    for index in range(len(browser.slots)):
        browser.selected = index
        frames(app, 2)
    assert len(decoded) == 1  # only the truncated PNG reached the decoder, which refused it
    assert all(picture is None for picture in browser._thumbs.values())
    browser.selected = next(i for i, info in enumerate(browser.slots) if info.slot == "enormous")
    press(app, "Load")
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.controller.session.game.state_hash() == saves.load(good).game.state_hash()


def test_the_autosave_writes_its_picture_on_the_writers_thread_and_then_the_saved_position(make_app,
                                                                                              monkeypatch):
    app = make_app()
    app.stack.replace(TitleScene(app))
    session = _session()
    controller = Controller(session, 0.0)  # autosaves at the end of each turn
    table = TableScene(app, controller)
    app.stack.push(table)
    frames(app, 2)
    threads: list[str] = []
    real_write = save_pictures.write

    def write(path, picture):
        threads.append(threading.current_thread().name)
        return real_write(path, picture)

    monkeypatch.setattr(save_pictures, "write", write)
    slot = saves.autosave_slot("fantasy-heroes")
    controller._autosave_quietly(session)  # what the end of a turn does
    controller.finish_writes()
    first = save_pictures.read(saves.slot_path(slot))
    assert first is not None and pygame.image.load(io.BytesIO(first), "p.png").get_size() == (240, 135)
    assert threads and all(name != threading.main_thread().name for name in threads)
    # A move, then the autosave before the table has drawn it: the picture the player last saw
    # is written at once, and the picture of the saved position when the table has drawn it.
    decision = session.pending()
    session.choose(decision.seat, decision.option_ids[: max(1, decision.min_choices)])
    assert controller.wants_picture
    controller._autosave_quietly(session)
    controller.finish_writes()
    assert save_pictures.read(saves.slot_path(slot)) == first
    wait_for(app, lambda: not controller.wants_picture)
    controller.finish_writes()
    assert save_pictures.read(saves.slot_path(slot)) not in (None, first)
    assert all(name != threading.main_thread().name for name in threads)


def test_deleting_or_rewriting_a_save_removes_its_picture(make_app):
    app = make_app()
    app.stack.replace(TitleScene(app))
    table = open_table(app, _session())
    for slot in ("doomed", "kept", "rewritten"):
        table.controller.save(slot)
    table.controller.finish_writes()
    pictures = {slot: save_pictures.path_for(saves.slot_path(slot)) for slot in ("doomed", "kept", "rewritten")}
    assert all(path.exists() for path in pictures.values())
    app.stack.replace(TitleScene(app))
    app.stack.push(SaveLoadScene(app, "load"))
    browser = app.stack.top
    browser.selected = next(i for i, info in enumerate(browser.slots) if info.slot == "doomed")
    frames(app)
    press(app, "Delete")
    press(app, "Delete")  # the confirmation
    assert not saves.slot_path("doomed").exists() and not pictures["doomed"].exists()
    assert pictures["kept"].exists()
    saves.save(_session(5), "rewritten")  # another game in the slot: the old picture would mislead
    assert not pictures["rewritten"].exists()


def test_mutated_pictures_never_reach_the_screen_as_anything_but_a_picture_or_the_icon(make_app):
    """A seeded fuzz of the picture beside a save: flipped bytes, cut files, other sizes in the
    header; the Load screen shows a picture or the icon, never an error."""
    import random

    app = make_app()
    app.stack.replace(TitleScene(app))
    table = open_table(app, _session())
    table.controller.save("fuzzed")
    table.controller.finish_writes()
    path = saves.slot_path("fuzzed")
    original = save_pictures.path_for(path).read_bytes()
    app.stack.replace(TitleScene(app))
    app.stack.push(SaveLoadScene(app, "load"))
    browser = app.stack.top
    box = pygame.Rect(0, 0, 160, 90)
    rng = random.Random(12)
    for n in range(150):
        data = bytearray(original)
        if n % 3 == 0:
            for _ in range(rng.randint(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif n % 3 == 1:
            data = data[: rng.randrange(len(data))]
        else:
            data[16:24] = struct.pack(">II", rng.choice([0, 1, 240, 5000, 2**31]), rng.choice([0, 1, 135, 2**32 - 1]))
        save_pictures.path_for(path).write_bytes(bytes(data))
        browser.refresh()
        browser._loads_left = 1
        shown = browser._thumb(browser.slots[0], box)
        assert shown is None or box.contains(shown.get_rect(center=box.center))


def test_a_hot_seat_save_keeps_no_picture_of_a_players_hand(make_app):
    """Fair play: at a shared screen the table is drawn for the player at it, hand and all, and
    the Load screen shows the picture to whoever opens it, so a hot-seat save keeps the icon."""
    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("human", "Ben")], 3)
    table = open_table(app, session)
    frames(app, 3)
    assert table.controller.hot_seat and not table.controller.wants_picture
    assert table.controller.save("shared") == "Saved as 'shared'."
    table.controller.finish_writes()
    assert saves.slot_path("shared").exists() and save_pictures.read(saves.slot_path("shared")) is None
