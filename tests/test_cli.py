"""The command line: simulate (text and JSON, deterministic), replay --verify, bad input."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import saves
from game.cli import main
from game.session import Seat, Session


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_json_shape_and_determinism(capsys):
    code, out, _ = run(capsys, "simulate", "fantasy-heroes", "--games", "3", "--seed", "4", "--agents",
                       "normal,random", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "summary"}
    assert [g["seed"] for g in data["games"]] == [4, 5, 6]
    for g in data["games"]:
        assert set(g) == {"seed", "winners", "turns", "hash"}
    assert set(data["summary"]) == {"win_rate", "games_won", "mean_turns", "games_per_second"}
    assert set(data["summary"]["win_rate"]) == {"seat 1 (normal)", "seat 2 (random)"}
    _, again, _ = run(capsys, "simulate", "fantasy-heroes", "--games", "3", "--seed", "4", "--agents",
                      "normal,random", "--json")
    assert [g for g in json.loads(again)["games"]] == data["games"]


def test_simulate_text_output_and_scenario(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "fantasy-heroes", "--games", "2", "--agents", "normal,easy,random")
    assert code == 0 and out.count("hash ") == 2 and "summary: 2 games" in out and "games/s" in out
    scenario = tmp_path / "s.toml"
    scenario.write_text('[scenario]\nplayers = 2\nstart = "attack"\n'
                        '[[player]]\nhand = ["warrior", "trolls"]\nterritories = ["castle#1"]\n'
                        '[[player]]\nhand = ["griffins"]\nterritories = ["swamp#1"]\n')
    code, out, _ = run(capsys, "simulate", "fantasy-heroes", "--games", "2", "--scenario", str(scenario))
    assert code == 0 and "summary" in out


def test_replay_verify_and_bad_files(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    session = Session.new("fantasy-heroes", [Seat("ai", level="normal"), Seat("ai", level="random")], 9)
    for _ in range(60):
        session.step_ai()
    path = saves.save(session, "cli")
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and session.game.state_hash() in out and "OK" in out
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "[FH-" in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "five-realms-save", "version": 1}')
    code, out, err = run(capsys, "replay", str(bad), "--verify")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"), "--verify")
    assert code == 2 and "cannot be read" in err


def test_unknown_ruleset_and_bad_scenario_get_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", "chess")
    assert code == 2 and "no rule system called 'chess'" in err
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nplayers = 5\n')
    code, _, err = run(capsys, "simulate", "fantasy-heroes", "--scenario", str(bad))
    assert code == 2 and err.count("\n") == 1


def test_terminal_play_runs_a_few_moves_and_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-m", "game", "play", "--seed", "2"], input="1\n1\n1\n1\nq\n",
                            capture_output=True, text=True, cwd=root, timeout=120,
                            env={**__import__("os").environ, "FIVE_REALMS_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "Saved to 'autosave-fantasy-heroes'" in result.stdout
    assert saves.load_slot(saves.autosave_slot("fantasy-heroes")).system_id == "fantasy-heroes"


def test_terminal_play_of_champions_of_albion_shows_the_table(tmp_path, monkeypatch):
    """The terminal game of Champions of Albion: choose a champion, see the table as text
    (champions, enemies, shadows, the Hand), travel, and save on quit."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["1", "v", "1", "q"])
    code = play("champions-of-albion", "human,normal", 5, None, {"main_enemy": "morrigan"},
                read=lambda prompt: next(answers), write=out.append)
    text = "\n".join(out)
    assert code == 0
    assert "--- Act 1 · round 1" in text and "The Hand:" in text and "Shadows (" in text
    assert "Morrigan" in text and "life " in text and "will " in text
    assert saves.load_slot(saves.autosave_slot("champions-of-albion")).system_id == "champions-of-albion"


def test_terminal_dungeon_delve_by_default_seats_an_ai_overlord_and_draws_a_readable_map(tmp_path, monkeypatch):
    """Issue 12 item 7: with no --seats the overlord is an AI and the start says which seat is
    which; the map has coordinates and a legend, one letter per monster group (masters in
    capitals) and hero numbers that stay the party's order."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["1", "q"])
    assert play("dungeon-delve", None, 2, None, {}, read=lambda prompt: next(answers), write=out.append) == 0
    text = "\n".join(out)
    assert "Seats: 1. Overlord: Normal AI 1; 2. Heroes: Player 2 (you)." in text
    assert "     01234567890123456789" in text and "Map: . floor" in text
    assert "G Goblin Skulker Master" in text and "g Goblin Skulker 1" in text and "B Bone Warden" in text
    assert "1 Brakka Stonehide" in text
    assert "Player 2: Player 2:" not in text


def test_terminal_hot_seat_clears_the_screen_before_the_hand_off(tmp_path, monkeypatch):
    from game.terminal import CLEAR, play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["", "1 2 3", "5", "", "q"] + ["q"] * 5)

    def read(prompt: str) -> str:
        out.append("PROMPT:" + prompt)
        return next(answers)

    play("fantasy-heroes", "human,human", 3, None, {}, read=read, write=out.append)
    handoffs = [i for i, line in enumerate(out) if line.startswith("PROMPT:Pass the screen to")]
    assert len(handoffs) >= 2  # to Player 1, then to Player 2
    for i in handoffs:  # the last player's table and hand scrolled away first
        assert out[i - 1] in (CLEAR, "\n" * 60)


# -- issue 10: arguments, signals, packaging ---------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("argv, words", [
    (["bench", "--games", "0"], "--games must be 1 or more, not 0"),
    (["bench", "--games", "-1"], "--games must be 1 or more, not -1"),
    (["bench", "--ui", "--frames", "0"], "--frames must be 1 or more"),
    (["simulate", "fantasy-heroes", "--games", "-1"], "--games must be 1 or more, not -1"),
    (["simulate", "fantasy-heroes", "--games", "0"], "--games must be 1 or more"),
    (["simulate", "fantasy-heroes", "--agents", ","], "--agents needs at least one agent"),
    (["screenshot", "--out", "x.png", "--size", "10x10"], "The size must be from 1024x640"),
    (["screenshot", "--out", "x.png", "--size", "99999x720"], "The size must be from 1024x640"),
    (["screenshot", "--out", "x.jpgz"], "--out must end in .png"),
    (["screenshot", "--out", "noending"], "--out must end in .png"),
    (["screenshot", "--out", "x.png", "--steps", "-2"], "--steps must be 0 or more"),
    (["screenshot", "--out", "x.png", "--ruleset", "buck-legacy", "--seats", "7"], "played by 2 to 6 seats, not 7"),
    (["screenshot", "--out", "x.png", "--option", "blind_shop"], "Options are written key=value"),
])
def test_bad_arguments_get_one_line_and_status_2(capsys, argv, words):
    """Item 14: each bad number or file name is one sentence and status 2, never a traceback,
    a negative rate or a silently different picture."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and words in err and not out


def test_screenshot_to_an_unwritable_place_is_one_line(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, _, err = run(capsys, "screenshot", "--out", str(blocker / "shot.png"))
    assert code == 2 and err.count("\n") == 1 and "Cannot write the screenshot" in err


def test_screenshot_keeps_the_players_settings_and_writes_the_asked_format(capsys, tmp_path, monkeypatch):
    """Item 14: screenshot uses its own throwaway settings (the player's settings.json is left as
    it was) and writes the format its file name asks for."""
    config = tmp_path / "config"
    config.mkdir()
    mine = '{"window_size": [1600, 900], "animation_speed": "slow"}'
    (config / "settings.json").write_text(mine)
    monkeypatch.setenv("FIVE_REALMS_CONFIG_DIR", str(config))
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "pics" / "title.jpg"
    code, _, err = run(capsys, "screenshot", "--scene", "title", "--out", str(out), "--size", "1024x640")
    assert code == 0, err
    assert (config / "settings.json").read_text() == mine and sorted(p.name for p in config.iterdir()) == [
        "settings.json"]
    assert out.read_bytes()[:3] == b"\xff\xd8\xff"  # JPEG, not TGA
    import pygame

    assert pygame.image.load(str(out)).get_size() == (1024, 640)


def test_version(capsys):
    from game import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"five-realms {__version__}"


def _every_command(parser):
    """Each command line's words, from the top level down (``deck check`` and the like)."""
    import argparse

    yield []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from ([name, *rest] for rest in _every_command(sub))


def test_every_help_page_prints(capsys):
    # A "%" in a help text is a format directive to argparse: "95% intervals" once made
    # `python -m game --help` crash with a TypeError instead of listing the commands.
    from game.cli import build_parser

    commands = list(_every_command(build_parser()))
    assert ["tournament"] in commands and ["deck", "check"] in commands
    for words in commands:
        with pytest.raises(SystemExit) as stop:
            main([*words, "--help"])
        out = capsys.readouterr().out
        assert stop.value.code == 0 and out.startswith("usage: five-realms"), words
        if not words:
            assert "win rates with 95% intervals" in " ".join(out.split())  # the percent sign as written


def test_simulate_win_rates_name_each_seats_role(capsys):
    """Item 15: win rates are per seat and say its role: Dungeon Delve's overlord and heroes are
    told apart even when both are 'normal'."""
    code, out, _ = run(capsys, "simulate", "dungeon-delve", "--games", "1", "--agents", "normal,normal", "--json")
    assert code == 0
    assert set(json.loads(out)["summary"]["win_rate"]) == {"seat 1: Overlord (normal)", "seat 2: Heroes (normal)"}
    code, out, _ = run(capsys, "simulate", "fantasy-heroes", "--games", "1", "--agents", "normal,normal")
    assert code == 0 and "seat 1 (normal)" in out and "seat 2 (normal)" in out


def test_terminal_play_refuses_zero_and_negative_numbers():
    """Item 14: 0 and negative numbers are not options (Python's -1 would be the last one)."""
    from game.terminal import parse_picks

    assert parse_picks("1 3", 3) == [0, 2]
    for answer in ("0", "-1", "4", "1 -2", "x", "１", ""):
        message = parse_picks(answer, 3)
        assert isinstance(message, str) and "1 to 3" in message


def test_terminal_play_with_an_unwritable_saves_folder_says_so(tmp_path, monkeypatch):
    """Item 9: autosave failures are said (once per turn-end failure, and on quit), not silent;
    q then offers q! to leave without saving."""
    from game.terminal import play

    blocker = tmp_path / "blocked"
    blocker.write_text("")
    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(blocker / "data"))
    out: list[str] = []
    answers = iter(["1", "q", "q!"])
    code = play("fantasy-heroes", "human,normal", 2, None, {}, read=lambda prompt: next(answers), write=out.append)
    assert code == 0
    text = "\n".join(out)
    assert "Not saved: The game could not be saved" in text and "'q!' to quit without saving" in text


TERMINAL_CHILD = ["-m", "game", "play", "--seed", "2", "--seats", "human,normal"]


def _read_until(stream, marker: str, count: int, timeout: float = 60.0) -> str:
    import os
    import select

    text = ""
    deadline = time.monotonic() + timeout
    while text.count(marker) < count:
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"no '{marker}' in: {text[-300:]}"
        chunk = os.read(stream.fileno(), 65536).decode()
        assert chunk, f"the game ended: {text[-300:]}"
        text += chunk
    return text


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_in_terminal_play_autosaves_first(tmp_path, signum):
    """Item 9: Ctrl+C (SIGINT) or SIGTERM while the game waits for input saves the moves since
    the last turn end to the autosave slot, then exits 128 + the signal (child process)."""
    import os

    env = {**os.environ, "FIVE_REALMS_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, *TERMINAL_CHILD], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _read_until(child.stdout, "\n> ", 1)
        child.stdin.write(b"1\n")
        child.stdin.flush()
        _read_until(child.stdout, "\n> ", 1)  # the next question: the first choice is made
        child.send_signal(signum)
        code = child.wait(timeout=60)
        rest = child.stdout.read().decode()
    finally:
        child.kill()
    assert code == 128 + signum and "Saved to 'autosave" in rest
    found = sorted(tmp_path.rglob("*.json"), key=lambda p: p.stat().st_mtime)
    loaded = saves.load(found[-1])
    expected = Session.new("fantasy-heroes", [Seat("human", "Player 1"), Seat("ai", "Normal AI 2", "normal")], 2)
    expected.run_ai()
    first = expected.pending()
    expected.choose(first.seat, first.options[0].id)
    expected.run_ai()
    assert [(c.seat, c.option_ids) for c in loaded.choices] == [(c.seat, c.option_ids) for c in expected.choices]


SLOW_SAVE_CHILD = """
import sys, time
from game import saves, terminal

real_write = saves.write_atomic

def slow_write(path, text):
    print("SAVING", flush=True)
    time.sleep(1.0)  # the signal arrives during this write
    real_write(path, text)

saves.write_atomic = slow_write
sys.exit(terminal.play("fantasy-heroes", "human,normal", 2, None, {}))
"""


def test_a_signal_during_a_save_lets_it_finish_then_saves_and_exits(tmp_path):
    """Item 9, killed mid-save (child process): SIGTERM during the turn-end autosave does not
    cut the write short; the save finishes, the game is saved again and the program exits 143."""
    import os

    env = {**os.environ, "FIVE_REALMS_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, "-c", SLOW_SAVE_CHILD], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _read_until(child.stdout, "\n> ", 1)
        child.stdin.write(b"1\n")  # this choice ends a turn: the autosave starts
        child.stdin.flush()
        _read_until(child.stdout, "SAVING", 1)
        child.send_signal(signal.SIGTERM)
        code = child.wait(timeout=60)
        rest = child.stdout.read().decode()
    finally:
        child.kill()
    assert code == 128 + signal.SIGTERM and "Saved to 'autosave" in rest, child.stderr.read().decode()
    files = list(tmp_path.rglob("*.json"))
    assert len(files) == 1 and not list(tmp_path.rglob("*.tmp"))
    loaded = saves.load(files[0])
    assert any(c.seat == 0 and c.by_human for c in loaded.choices)  # the human's choice made it


def test_tournament_json_shape_text_and_bad_budgets(capsys):
    """``tournament`` (issue 15): the seats rotated, the summary's shape, the same games again
    for the same arguments, and budgets and agents checked with one line."""
    argv = ("tournament", "champions-of-albion", "--agents", "hard,random", "--games", "2", "--seed", "3",
            "--budget", "1", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    # A cooperative game: one team a game, all its seats played by one agent.
    assert [g["agents"] for g in data["games"]] == [["hard", "hard"], ["random", "random"]]
    assert [g["seed"] for g in data["games"]] == [3, 3]  # both teams on the same deal
    for g in data["games"]:
        assert set(g) == {"seed", "agents", "winners", "turns", "roles"}
    summary = data["summary"]
    assert set(summary) == {"games_played", "win_rate", "win_rate_by_role", "decision_time", "games_per_second"}
    assert set(summary["win_rate"]) == {"hard", "random"}
    assert set(summary["win_rate"]["hard"]) == {"played", "won", "rate", "ci95"}
    roles = summary["win_rate_by_role"]["hard"]
    assert all(role.startswith("Champions vs ") for role in roles)
    assert summary["decision_time"]["hard"]["decisions"] > 0
    _, again, _ = run(capsys, *argv)
    assert json.loads(again)["games"] == data["games"]
    code, out, _ = run(capsys, "tournament", "fantasy-heroes", "--agents", "random,normal", "--games", "2")
    assert code == 0 and "95% CI" in out and "as Seat 1" in out
    for bad in (["--budget", "soon"], ["--agents", "hard,genius"], ["--agents", "hard"], ["--games", "0"],
                ["--agents", "hard:monster,normal"], ["--agents", "normal:hero,normal"], ["--jobs", "0"]):
        code, _, err = run(capsys, "tournament", "fantasy-heroes", *bad)
        assert code == 2 and len(err.strip().splitlines()) == 1


def test_terminal_offers_pass_until_my_turn_at_a_window_not_about_the_player(tmp_path, monkeypatch):
    """At a response window not about him ("p. Pass until my turn") the player types p: the
    game passes for him until his turn, then asks him again, and the game goes on; in a fight
    ("f. Pass the rest of this fight") f passes its windows."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    typed: list[str] = []

    def read(prompt: str) -> str:
        asked = out[max((i for i, line in enumerate(out) if line.startswith("> ")), default=-1) + 1:]
        offered = any(line.startswith("  p. Pass until my turn") for line in asked)  # (this question's)
        fight = any(line.startswith("  f. Pass the rest of this fight") for line in asked)
        done = typed.count("p") >= 3 and typed.count("f") >= 1
        answer = "q!" if len(typed) > 3000 or done else "p" if offered else "f" if fight else "1"
        typed.append(answer)
        out.append(f"> {answer}")
        return answer

    code = play("buck-legacy", "human,normal,normal", 2, None, {}, read=read, write=out.append)
    assert code == 0 and typed.count("p") >= 3 and typed.count("f") >= 1, typed[-5:]
    after = out.index("> p")
    assert any(line.startswith("> ") for line in out[after + 1:])  # asked again later
    assert "Not allowed" not in "\n".join(out)


def test_terminal_game_over_says_who_won_or_that_nobody_did(tmp_path, monkeypatch):
    """A lost game of Champions of Albion ended with "Game over:  won (Every champion has
    fallen.)." in the terminal: a game nobody wins says so, and a reason is one sentence."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    lines: dict[int, list[str]] = {}
    for seed in (1, 3):
        out: list[str] = []
        assert play("champions-of-albion", "normal,normal", seed, None, {"main_enemy": "dragon"},
                    read=lambda prompt: "q", write=out.append) == 0
        lines[seed] = [line for line in out if line.startswith("Game over")]
    assert lines[1] == ["Game over: nobody wins (Every champion has fallen)."]
    assert lines[3] == ["Game over: Normal AI 1 and Normal AI 2 won (The Dragon is defeated)."]


def test_terminal_says_how_to_type_a_pick_of_several(tmp_path, monkeypatch):
    """Fantasy Adventures' setup asks to discard 2 heroes, then to pick 4 for the front rank; one
    number was refused with "Pick exactly 2 option(s), not 1." and nothing said how to type two.
    A pick of several now says so, and a refusal says it in words."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["1", "1 2", "q"])
    assert play("fantasy-adventures", "human,normal", 5, None, {}, read=lambda prompt: next(answers),
                write=out.append) == 0
    text = "\n".join(out)
    assert "  Type 2 numbers, separated by spaces (say, 1 2)." in text
    assert "Pick exactly 2 options, not 1." in text and "(s)" not in text
    assert "  Type 4 numbers, separated by spaces (say, 1 2 3 4)." in text


def test_terminal_names_the_player_once(tmp_path, monkeypatch):
    """Buck: Legacy's market turn read "Player 1: Player 1's market turn: …": a prompt that
    names its player first stands alone."""
    from game.terminal import play

    monkeypatch.setenv("FIVE_REALMS_DATA_DIR", str(tmp_path))
    out: list[str] = []
    answers = iter(["1"] * 12 + ["q"])
    play("buck-legacy", "human,normal", 5, None, {}, read=lambda prompt: next(answers), write=out.append)
    text = "\n".join(out)
    assert "Player 1's market turn" in text and "Player 1: Player 1" not in text
