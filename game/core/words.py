"""Small helpers for the words the rules and the tables write for people."""

from __future__ import annotations


def counted(n: int, word: str, plural: str | None = None) -> str:
    """"1 card", "5 cards", "2 dice" (``plural`` where adding an s is wrong): never "card(s)"."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"
