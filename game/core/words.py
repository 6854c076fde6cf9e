"""Small helpers for the words the rules and the tables write for people."""

from __future__ import annotations

from typing import Iterable


def counted(n: int, word: str, plural: str | None = None) -> str:
    """"1 card", "5 cards", "2 dice" (``plural`` where adding an s is wrong): never "card(s)"."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def a_or_an(word: str) -> str:
    """"a might test", "an awareness test", "an Earth hero": the article by the first letter
    (a vowel's sound; the rules' words have no silent h or long u)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def listed(items: Iterable[str]) -> str:
    """"Ann", "Ann and Bram", "Ann, Bram and Cora": a list as people say it."""
    things = list(items)
    return " and ".join(things) if len(things) <= 2 else ", ".join(things[:-1]) + " and " + things[-1]
