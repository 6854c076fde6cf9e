"""The command line: simulate (text and JSON, deterministic), replay --verify, bad input."""

import json
import subprocess
import sys
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
    assert set(data["summary"]["win_rate"]) == {"normal", "random"}
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
    assert "Saved to 'autosave'" in result.stdout
    assert saves.load_slot("autosave").system_id == "fantasy-heroes"


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
    assert saves.load_slot("autosave").system_id == "champions-of-albion"
