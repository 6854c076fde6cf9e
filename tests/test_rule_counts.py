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
