"""A damaged settings.json (issue 10, item 5) never stops the game: the defaults are used,
the damaged file is kept beside it as settings.damaged.json, and the player is told once."""

from __future__ import annotations

import json

import pytest

from game.ui.settings import BACKUP, Settings, config_dir


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                       # deep nesting (a RecursionError in json)
    '{"animation_speed": ["fast"], "fullscreen": true}',  # a list where a word belongs
    '{"window_size": {"w": 1}, "last_seats": "human"}',
    '{"last_seats": [["human"]]}',
    '{"fullscreen": "yes"}',
    "{not json",
    '"just a string"',
    "\udcff",
    " " * 70_000,                                         # larger than any settings file
])
def test_damaged_settings_fall_back_to_the_defaults_keep_a_backup_and_say_so_once(folders, text):
    path = folders / "settings.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    raw = path.read_bytes()
    settings = Settings.load()
    assert settings.animation_speed == "normal" and settings.last_seats == ["human", "normal"]
    assert settings.window_size == [1280, 720]
    assert "damaged" in settings.notice and BACKUP in settings.notice
    assert (folders / BACKUP).read_bytes() == raw and not path.exists()
    again = Settings.load()
    assert again.notice == "" and again == Settings()  # said once
    settings.save()
    assert json.loads(path.read_text())["animation_speed"] == "normal" and "notice" not in path.read_text()


def test_good_fields_of_a_damaged_file_are_kept(folders):
    (folders / "settings.json").write_text('{"fullscreen": true, "animation_speed": 5}')
    settings = Settings.load()
    assert settings.fullscreen is True and settings.animation_speed == "normal" and settings.notice


def test_a_good_file_loads_silently(folders):
    Settings(animation_speed="fast", last_seats=["human", "easy", "random"]).save()
    settings = Settings.load()
    assert settings.animation_speed == "fast" and settings.last_seats == ["human", "easy", "random"]
    assert settings.notice == "" and not (folders / BACKUP).exists()


def test_the_title_screen_says_it_once_and_the_app_starts(folders):
    (folders / "settings.json").write_text("[" * 50_000)
    from game.ui.app import App
    from game.ui.scenes.title import TitleScene

    app = App((1280, 720))
    try:
        assert config_dir() == folders
        app.stack.replace(TitleScene(app))
        app.step([], 1 / 60)
        assert app.toast is not None and "damaged" in app.toast[0]
        app.toast = None
        app.stack.replace(TitleScene(app))
        assert app.toast is None
    finally:
        import pygame

        pygame.quit()


def test_an_older_file_with_auto_pass_still_loads(folders):
    """Auto-pass left the settings when the game began answering forced passes itself; a file
    that still has it is neither damaged nor set aside."""
    (folders / "settings.json").write_text(json.dumps({"auto_pass": False, "fullscreen": True}))
    settings = Settings.load()
    assert settings.fullscreen is True and settings.notice == ""
    assert not (folders / BACKUP).exists()


def test_the_hard_players_thinking_time_is_kept_and_checked(folders):
    """The hard AI's thinking time (issue 15) is one of the offered times; another is damage."""
    Settings(thinking_seconds=2.0, last_seats=["human", "hard"]).save()
    settings = Settings.load()
    assert settings.thinking_seconds == 2.0 and settings.last_seats == ["human", "hard"] and not settings.notice
    (folders / "settings.json").write_text('{"thinking_seconds": 30, "fullscreen": true}')
    settings = Settings.load()
    assert settings.thinking_seconds == 1.0 and settings.fullscreen is True and settings.notice
