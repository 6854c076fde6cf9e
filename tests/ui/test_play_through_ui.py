"""The real UI, driven by synthetic clicks: title -> New game (one human, one AI) -> a
whole game -> the game-over scene; save, load and continue give the same game; a
corrupt save shows as unreadable; hot-seat hand-off hides the next player's hand."""

from __future__ import annotations

import time

import pygame

from game import saves
from game.ai import make_agent
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.handoff import HandOffScene
from game.ui.scenes.table import TableScene
from tests.ui.driver import click_option, frames, key, press, type_text, wait_for


def start_game(app, seed: str = "11"):
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    frames(app)
    press(app, "New game")
    assert app.stack.top.name == "new-game"
    scene = app.stack.top
    scene.seed_field.focused = True
    type_text(app, seed)
    press(app, "Start")
    assert isinstance(app.stack.top, TableScene)
    return app.stack.top


def play_until(app, table, stop, max_frames=20000):
    stand_in = make_agent("normal", "fantasy-heroes", 3, 0)
    for _ in range(max_frames):
        if stop():
            return
        decision = table.controller.my_decision() if app.stack.top is table else None
        if decision is not None and not table.animations.busy:
            picked = stand_in.choose(table.controller.view(), decision)
            click_option(app, table, picked)
        else:
            frames(app)
            if table.controller._future is not None:
                time.sleep(0.0005)
    raise AssertionError("the game did not get there")


def test_ui_plays_a_whole_game_from_title_to_game_over(make_app):
    app = make_app()
    table = start_game(app)
    session = table.controller.session
    assert [s.is_ai for s in session.seats] == [False, True]
    play_until(app, table, lambda: isinstance(app.stack.top, GameOverScene))
    assert session.over and session.game.outcome().winners
    assert len([c for c in session.choices if c.by_human]) > 5


def test_save_from_pause_load_from_browser_and_continue_from_title(make_app):
    app = make_app()
    table = start_game(app, "21")
    session = table.controller.session
    play_until(app, table, lambda: session.game.turn >= 4 and table.controller.my_decision() is not None)
    expected = session.game.state_hash()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "pause"
    press(app, "Save")
    assert app.stack.top.name == "saveload"
    type_text(app, "my game")
    press(app, "Save")
    assert saves.slot_path("my game").exists()
    table.controller.finish_writes()  # the picture is encoded and written on the writer's thread
    assert (saves.saves_dir() / "my game.png").exists()  # the thumbnail
    press(app, "Quit to title")
    assert app.stack.top.name == "title"
    press(app, "Load")
    browser = app.stack.top
    browser.selected = next(i for i, info in enumerate(browser.slots) if info.slot == "my game")
    pushed: list[str] = []
    real_push = app.stack.push
    app.stack.push = lambda scene: (pushed.append(scene.name), real_push(scene))[1]
    press(app, "Load")
    # The file is read on a worker thread behind the loading scene; a fast read may already
    # have opened the table within the same frame, so look at what was pushed, not at the top.
    assert pushed[:1] == ["loading"]
    app.stack.push = real_push
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.controller.session.game.state_hash() == expected
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to title")  # autosaves
    press(app, "Continue")
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    assert app.stack.top.controller.session.game.state_hash() == expected


def test_corrupt_file_in_the_saves_folder_shows_as_unreadable(make_app):
    app = make_app()
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_bytes(b"\x00\x01garbage")
    from game.ui.scenes.saveload import SaveLoadScene
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    app.stack.push(SaveLoadScene(app, "load"))
    frames(app, 2)
    browser = app.stack.top
    info = browser.slots[0]
    assert info.slot == "broken" and not info.ok and "damaged" in info.reason
    press(app, "Load")
    assert app.stack.top is browser and "cannot be loaded" in app.toast[0]


def test_hot_seat_hand_off_hides_the_next_players_hand(make_app, monkeypatch):
    app = make_app()
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    press(app, "New game")
    scene = app.stack.top
    scene.set_kind(1, "human")
    scene.seed_field.focused = True
    type_text(app, "5")
    press(app, "Start")
    table = app.stack.find(TableScene)
    assert table.controller.hot_seat
    drawn: list[str] = []
    real_face = table.renderer.face
    monkeypatch.setattr(table.renderer, "face", lambda card, size: (drawn.append(card.key), real_face(card, size))[1])
    handoffs = 0
    stand_in = {0: make_agent("normal", "fantasy-heroes", 1, 0), 1: make_agent("normal", "fantasy-heroes", 2, 1)}
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            seat = top.seat
            hand = set(table.controller.session.game.state.players[seat].hand)
            drawn.clear()
            frames(app, 2)
            assert not (set(drawn) & hand - set(table.controller.session.game.state.discard)), \
                "the next player's hand was drawn before the hand-off"
            press(app, "I am")
            handoffs += 1
            assert table.controller.shown_seat == seat
            if handoffs >= 4:
                break
            continue
        decision = table.controller.my_decision()
        if decision is not None and top is table and not table.animations.busy:
            click_option(app, table, stand_in[decision.seat].choose(table.controller.view(), decision))
        else:
            frames(app)
    assert handoffs >= 4
