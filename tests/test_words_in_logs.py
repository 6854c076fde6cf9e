"""What the log, the prompts and the answers say reads as words in every game: no "card(s)",
no "1 cards", no card id or empty value where a name belongs (tests/ui/test_table_polish.py
reads the tables' tooltips the same way)."""

from __future__ import annotations

import re

import pytest

from game.ai.agents import agent_choice, make_agent
from game.core import registry
from game.core.game import Game

ODD_WORDS = {
    "a count with (s)": r"\w\(s\)",
    "one thing in the plural": r"(?<![A-Za-z] )\b1 (cards|shields|hearts|items|heroes|turns|rounds|actions|tokens"
                               r"|Medals|monsters|traps|players|counters|dice|territories)\b",
    "an id for a name": r"\b[a-z]+_[a-z_]+\b|#\d|\b\d/[a-z]",
    "a value the code left empty": r"\bNone\b|\{|\}",
    "a name twice": r"\b([A-Z][\w ]{2,30})'s \1's\b",
    # A player's name is anyone's and heroes are women and men: "Ann discards their whole hand",
    # "Sister Elowen stands up again" (they said "his").
    "a player or hero made a man": r"\b(discards|shuffles) his\b|\bfrom his hand\b|\bon his feet\b",
}


@pytest.mark.parametrize("ruleset, seats", [("fantasy-heroes", 3), ("dungeon-delve", 2), ("champions-of-albion", 2),
                                            ("buck-legacy", 3), ("fantasy-adventures", 3)])
def test_log_lines_prompts_and_answers_read_as_words(ruleset, seats):
    odd = {name: re.compile(pattern) for name, pattern in ODD_WORDS.items()}
    system = registry.get(ruleset)
    found: list[tuple[str, str]] = []
    for seed in (1, 2):
        game = Game.new(system, seed, seats)
        agents = [make_agent("normal", ruleset, seed, seat) for seat in range(seats)]
        texts = [e.text for e in game.initial_events]
        while not game.over:
            decision = game.pending()
            texts += [decision.prompt] + [b.reason for b in decision.blocked]
            texts += [o.label for o in decision.options] + [o.detail for o in decision.options]
            texts += [e.text for e in game.choose(decision.seat, agent_choice(agents[decision.seat], game, decision))]
        found += [(name, text) for text in set(texts) for name, pattern in odd.items() if pattern.search(text)]
    assert not found, found[:5]
