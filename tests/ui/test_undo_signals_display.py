"""The window's side of issue 10: hot-seat undo through the controller (item 6), signals that
save before the app exits (item 9) and no window without a usable display (item 13)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.session import Seat, Session
from game.ui.controller import Controller
from tests.test_session import _hot_seat_after_a_reversible_move


def test_the_human_at_the_screen_cannot_undo_the_other_humans_move():
    """Item 6 in the window: after the hand-over, the new player's undo is refused and the
    game is unchanged; before it, the player who moved may still take the move back."""
    session = _hot_seat_after_a_reversible_move("fantasy-heroes", 1)
    controller = Controller(session, 0.0, autosave=False)
    mover, last = session.pending().seat, session.choices[-1].seat
    controller.shown_seat = last
    assert controller.needs_handoff() and controller.can_undo()
    controller.hand_over()
    assert controller.shown_seat == mover
    before = session.game.state_hash()
    assert not controller.can_undo()
    assert "another seat" in controller.undo()
    assert session.game.state_hash() == before
    controller.close()


def test_against_an_ai_the_human_undoes_only_its_own_move():
    session = Session.new("fantasy-heroes", [Seat("human"), Seat("ai", level="normal")], 4)
    controller = Controller(session, 0.0, autosave=False)
    decision = controller.my_decision()
    assert decision is not None and not controller.can_undo()
    controller.close()


ROOT = Path(__file__).resolve().parents[2]
SCENARIO = {"scenario": {"players": 2, "start": "attack", "active": 1},
            "player": [{"hand": ["warrior", "trolls", "ogres"], "territories": ["castle#1", "tower#1"]},
                       {"hand": ["griffins"], "territories": ["swamp#1", "forest#1"]}]}
WINDOW_CHILD = """
import json, sys
from game.session import Seat, Session
from game.ui.app import App
from game.ui.controller import Controller
from game.ui.main import run_app
from game.ui.scenes.table import TableScene
from game.ui.settings import Settings

session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "AI", "normal")], 1,
                      scenario=json.loads(sys.argv[1]))
app = App((1280, 720), Settings(animation_speed="off"))
controller = Controller(session, 0.0)
table = TableScene(app, controller)
for choice in ("attack:swamp#1", "play:warrior"):  # moves since the last turn end
    assert controller.choose((choice,)) is None
print(len(session.choices), session.game.state_hash(), flush=True)
sys.exit(run_app(app, table))
"""


def newest_save(folder: Path) -> Path:
    found = sorted(folder.rglob("*.json"), key=lambda p: p.stat().st_mtime)
    assert found, "nothing was saved"
    return found[-1]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_the_window_autosaves_before_it_quits(tmp_path, signum):
    """Item 9: SIGINT (Ctrl+C in the starting terminal) and SIGTERM save the moves made since
    the last turn end, then the window quits with status 128 + the signal (child process)."""
    env = {**os.environ, "FIVE_REALMS_DATA_DIR": str(tmp_path / "data"),
           "FIVE_REALMS_CONFIG_DIR": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    child = subprocess.Popen([sys.executable, "-c", WINDOW_CHILD, json.dumps(SCENARIO)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        count, digest = child.stdout.readline().split()
        time.sleep(0.5)  # the loop is running
        child.send_signal(signum)
        code = child.wait(timeout=60)
    finally:
        child.kill()
    assert code == 128 + signum, child.stderr.read()
    from game import saves

    loaded = saves.load(newest_save(tmp_path / "data"))
    assert len(loaded.choices) == int(count) and loaded.game.state_hash() == digest


def test_an_unwritable_saves_folder_is_said_when_the_window_closes(make_app, tmp_path, monkeypatch):
    """Item 9: the autosave on closing fails (a file stands where the saves folder should be):
    the window stays open with the reason; closing it again quits without saving."""
    blocker = tmp_path / "blocked"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(blocker / "data"))
    from game.ui.scenes.table import TableScene

    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "AI", "normal")], 1,
                          scenario=SCENARIO)
    controller = Controller(session, 0.0)
    table = TableScene(app, controller)
    app.stack.replace(table)
    controller.choose(("attack:swamp#1",))
    app.quit()
    assert app.running and app.toast and "could not be saved" in app.toast[0]
    app.quit()
    assert not app.running


def test_a_failed_autosave_during_play_is_shown_once(make_app, tmp_path, monkeypatch):
    blocker = tmp_path / "blocked"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(blocker / "data"))
    session = Session.new("fantasy-heroes", [Seat("ai", "A", "normal"), Seat("ai", "B", "normal")], 2)
    controller = Controller(session, 0.0)
    for _ in range(2):
        controller._autosave_quietly(session)  # what the session calls at each turn end
    problem = controller.take_autosave_problem()
    assert problem and "could not be saved" in problem
    controller._autosave_quietly(session)
    assert controller.take_autosave_problem() is None  # the same failure is not repeated
    controller.close()


def test_the_turn_end_autosave_is_written_off_the_window_thread(make_app, tmp_path, monkeypatch):
    """Issue 12 benchmark: the autosave wrote and flushed its file on the window's thread."""
    import threading

    from game import saves

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path / "data"))
    session = Session.new("fantasy-heroes", [Seat("ai", "A", "normal"), Seat("ai", "B", "normal")], 2)
    controller = Controller(session, 0.0)
    threads: list[str] = []
    real = saves.write_save

    def write(path, text):
        threads.append(threading.current_thread().name)
        return real(path, text)

    monkeypatch.setattr(saves, "write_save", write)
    controller._autosave_quietly(session)
    controller._autosave_quietly(session)
    controller.close()  # finishes what is being written
    assert len(threads) == 2 and all(name.startswith("autosave") for name in threads)
    assert saves.load_slot(saves.autosave_slot("fantasy-heroes")).game.state_hash() == session.game.state_hash()


def _without_display_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(FIVE_REALMS_DATA_DIR=str(tmp_path / "data"), FIVE_REALMS_CONFIG_DIR=str(tmp_path / "config"),
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_without_a_display_the_window_gives_a_hint_and_status_2(tmp_path):
    """Item 13: with no display SDL would pick its invisible offscreen driver and run forever;
    the app prints the one-line hint and exits 2 instead."""
    result = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=_without_display_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    hints = [line for line in result.stderr.splitlines() if line.startswith("five-realms:")]
    assert len(hints) == 1 and "python -m game play" in hints[0] and "Traceback" not in result.stderr


def test_a_driver_asked_for_by_name_still_runs_headless(tmp_path):
    """Item 13: SDL_VIDEODRIVER=dummy, as tests, the self-test and screenshots set it, still opens
    the (invisible) window."""
    env = {**_without_display_env(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "game", "--first-frame"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
