"""A rule system's rules book (its ``rules.md``) and the rule IDs it covers.

The rules book ships inside each rule system's package. It names every rule ID of the
system's checklist, singly ("CA-084") or as a range ("FH-064–FH-069"), so it is also
the list of rule IDs that a game can be checked against: ``simulate --rule-counts``
reports which of them never showed up in the events of AI play.
"""

from __future__ import annotations

import importlib.resources
import re
from collections import Counter
from typing import Iterable

from game.core.events import Event
from game.core.ruleset import RuleSystem

# "CA-084", or a range "FH-064–FH-069" (en dash or hyphen between the two IDs).
_RULE_ID = re.compile(r"\b([A-Z]{2})-(\d{3})(?:\s*[–-]\s*\1-(\d{3}))?\b")


def rules_text(system: RuleSystem) -> str | None:
    """The text of the system's rules book, or None when it has none."""
    package = type(system).__module__.rpartition(".")[0]
    try:
        return (importlib.resources.files(package) / "rules.md").read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError):
        return None


def rule_ids(text: str) -> list[str]:
    """Every rule ID the text names, ranges spelled out, in order."""
    found: set[str] = set()
    for match in _RULE_ID.finditer(text):
        prefix, first, last = match.group(1), int(match.group(2)), match.group(3)
        for number in range(first, int(last) + 1 if last else first + 1):
            found.add(f"{prefix}-{number:03d}")
    return sorted(found)


def checklist_ids(system: RuleSystem) -> list[str]:
    """The rule IDs of the system's checklist, as its rules book names them."""
    text = rules_text(system)
    return rule_ids(text) if text else []


# Any rule reference an event may carry: checklist IDs and rulings such as "G-05".
_EVENT_RULE = re.compile(r"\b[A-Z]+-\d+\b")


def count_rules(events: Iterable[Event]) -> Counter[str]:
    """How many events named each rule (an event may name several: "CA-055, CA-056")."""
    counts: Counter[str] = Counter()
    for event in events:
        counts.update(set(_EVENT_RULE.findall(event.rule)))
    return counts
