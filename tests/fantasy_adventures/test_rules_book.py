"""The Fantasy Adventures rules book (issue 14, item 6): it cites every rule of the checklist.

The rule system is not registered yet, so the book is read from its file rather than
through the package. The checklist (../shared/rules/fantasy-adventures.md) numbers its
rules FA-001 to FA-242 without gaps and its rulings A-01 to A-50; when the checklist sits
beside the project, the test also checks that it still defines exactly those rules.
"""

import re
from pathlib import Path

import pytest

from game.core.rulebook import rule_ids

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "game" / "rulesets" / "fantasy_adventures" / "rules.md"
CHECKLIST = ROOT.parent / "shared" / "rules" / "fantasy-adventures.md"
CHECKLIST_IDS = [f"FA-{number:03d}" for number in range(1, 243)]
RULINGS = [f"A-{number:02d}" for number in range(1, 51)]

# A rule is defined where its ID opens a list item of the checklist: "- **FA-070** ...".
_DEFINED = re.compile(r"^- \*\*(FA-\d{3})\*\*", re.MULTILINE)


@pytest.fixture(scope="module")
def book() -> str:
    return BOOK.read_text(encoding="utf-8")


def cited_ids(text: str) -> list[str]:
    """The rule IDs named in the book's bracketed citations, "[FA-070, FA-071]"."""
    return rule_ids(" ".join(re.findall(r"\[([^\]]*)\]", text)))


def test_the_book_cites_every_checklist_rule_and_no_other(book):
    assert cited_ids(book) == CHECKLIST_IDS
    assert rule_ids(book) == CHECKLIST_IDS


def test_the_rulings_section_explains_every_ruling(book):
    rulings = book[book.index("# 21. The app's rulings"):]
    assert re.findall(r"^- (A-\d{2}):", rulings, re.MULTILINE) == RULINGS


def test_the_book_uses_only_what_the_rules_scene_renders(book):
    """Headings, paragraphs and bullets: no tables, numbered lists, bold or code marks."""
    for line in book.splitlines():
        assert not line.lstrip().startswith("|"), line
        assert not re.match(r"\s*\d+\.\s", line), line
        assert "**" not in line and "`" not in line, line


def test_the_checklist_still_defines_the_rules_the_book_cites():
    if not CHECKLIST.exists():
        pytest.skip("the rules checklist is not beside this checkout")
    assert _DEFINED.findall(CHECKLIST.read_text(encoding="utf-8")) == CHECKLIST_IDS
