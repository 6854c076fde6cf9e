"""simulate --rule-counts counts the rule IDs that the games' events name (issue 9, item 7)."""

import json
from collections import Counter

from game.cli import main
from game.core import registry
from game.core.rulebook import checklist_ids, count_rules, rule_ids
from game.core.events import Event
from game.session import Seat, Session


def test_rule_ids_spell_out_ranges_and_single_ids():
    text = "Setup [FH-001–FH-003]. Fights (FH-064-FH-066, FH-070) and a ruling G-05."
    assert rule_ids(text) == ["FH-001", "FH-002", "FH-003", "FH-064", "FH-065", "FH-066", "FH-070"]


def test_every_registered_rules_book_names_a_whole_checklist():
    sizes = {"fantasy-heroes": 138, "dungeon-delve": 149, "champions-of-albion": 195}
    for system_id in registry.ids():
        ids = checklist_ids(registry.get(system_id))
        assert ids, f"{system_id} has no rules book with rule IDs"
        if system_id in sizes:
            assert len(ids) == sizes[system_id]


def test_count_rules_counts_each_rule_an_event_names_once():
    events = [Event("a", "CA-055, CA-056", "x"), Event("b", "CA-055", "y"), Event("c", "G-05", "z"),
              Event("d", "", "no rule")]
    assert count_rules(events) == Counter({"CA-055": 2, "CA-056": 1, "G-05": 1})


def test_simulate_rule_counts_are_the_rules_the_events_name(capsys):
    argv = ["simulate", "fantasy-heroes", "--games", "2", "--seed", "11", "--agents", "normal,random"]
    assert main(argv + ["--rule-counts", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]

    expected: Counter[str] = Counter()
    for seed in (11, 12):
        session = Session.new("fantasy-heroes", [Seat("ai", level="normal"), Seat("ai", level="random")], seed)
        session.run_ai()
        expected.update(count_rules(session.log))
    assert summary["rule_counts"] == dict(expected)
    checklist = checklist_ids(registry.get("fantasy-heroes"))
    assert summary["rules_never_seen"] == [r for r in checklist if r not in expected]
    assert "FH-021" in summary["rule_counts"] and "FH-021" not in summary["rules_never_seen"]
    assert sum(summary["choice_counts"].values()) > 0

    assert main(argv + ["--rule-counts"]) == 0
    text = capsys.readouterr().out
    seen = len(checklist) - len(summary["rules_never_seen"])
    assert f"({seen} of {len(checklist)} checklist rules appeared" in text
    assert "never appeared" in text and "choices made" in text


def test_a_game_without_a_content_catalogue_reports_none(capsys):
    system = registry.get("fantasy-heroes")
    assert list(system.content_catalogue()) == [] and system.content_usage([Event("a", "", "x")]) == Counter()
    argv = ["simulate", "fantasy-heroes", "--games", "1", "--seed", "11", "--agents", "normal,random", "--rule-counts"]
    assert main(argv + ["--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["content_counts"] == {} and summary["content_never_used"] == []
    assert main(argv) == 0
    assert "content used" not in capsys.readouterr().out


def test_simulate_reports_the_content_and_acts_play_used(capsys):
    """Issue 13, item 4: --rule-counts shows which spells, item kinds and acts a game used (the
    rule system's content_usage over each game's events) and which of its catalogue it never used."""
    system = registry.get("buck-legacy")
    catalogue = list(system.content_catalogue())
    spells = [f"spell: {s.name}" for s in system.content.spells.values()]
    assert len(spells) == 15 and set(spells) <= set(catalogue)
    assert {"item kind: weapon", "item kind: armour", "Tesla device: Communicator", "companion: Bat Companion",
            "single-use: revive", "market: Side Job", "preparation: cast a spell", "help: Support"} <= set(catalogue)
    argv = ["simulate", "buck-legacy", "--games", "2", "--seed", "5", "--agents", "normal,normal", "--rule-counts"]
    assert main(argv + ["--json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]

    expected: Counter[str] = Counter()
    for seed in (5, 6):
        session = Session.new("buck-legacy", [Seat("ai", level="normal"), Seat("ai", level="normal")], seed)
        session.run_ai()
        expected.update(system.content_usage(session.log))
    assert summary["content_counts"] == dict(expected)
    assert summary["content_never_used"] == [label for label in catalogue if not expected[label]]
    assert expected["market: Side Job"] > 0 and any(label.startswith("spell: ") for label in expected)

    assert main(argv) == 0
    text = capsys.readouterr().out
    used = len(catalogue) - len(summary["content_never_used"])
    assert f"content used ({used} of {len(catalogue)} catalogue labels)" in text
    assert f"never used ({len(summary['content_never_used'])})" in text
