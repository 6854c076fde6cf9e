"""The player's own Fantasy Adventures decks: the ``decks`` folder of the user data folder, and
the card pool's filters the deck builder offers. No pygame here: the window's deck builder
(game/ui/scenes/deck_builder.py) and the New game screen's deck picker read it, and tests
drive it headless.

A deck is kept as ``<name>.json`` in the decks folder, its name checked as a save's name is
(saves.check_slot_name): the name is the file's, so it must be a file name on every system.
Listing reads each file as strictly as :func:`decks.load_deck` does; a file it refuses is
listed with the sentence saying why, never raised, so a damaged or hostile file in the folder
cannot stop the builder or the New game screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from game import saves
from game.core.errors import FiveRealmsError
from game.rulesets.fantasy_adventures.content import CARD_TYPES, Card, FAContent, Item
from game.rulesets.fantasy_adventures.decks import DeckError, DeckList, load_deck, save_deck

MAX_LISTED = 200
"""The most deck files listed (a folder of thousands: the first by name)."""
GP_BANDS = (("all", "Any GP", 0, 10**9), ("low", "GP up to 150", 0, 150), ("mid", "GP 160 to 250", 160, 250),
            ("high", "GP 260 to 350", 260, 350), ("top", "GP 360 and more", 360, 10**9))
"""The GP filter's bands (id, label, lowest, highest), chosen so the starter pool splits
roughly evenly."""


@dataclass(frozen=True)
class DeckFile:
    """One file of the decks folder: its deck, or the sentence saying why it cannot be read."""

    name: str
    path: Path
    deck: DeckList | None
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.deck is not None


def decks_dir() -> Path:
    return saves.data_dir() / "decks"


def check_name(name: str) -> None:
    """Refuse a deck name that cannot be a file name here or on Windows (a DeckError sentence)."""
    try:
        saves.check_slot_name(name, noun="deck")
    except FiveRealmsError as exc:
        raise DeckError(str(exc)) from None


def deck_path(name: str) -> Path:
    check_name(name)
    return decks_dir() / f"{name}.json"


def list_decks() -> list[DeckFile]:
    """Every deck file in the folder, by name; the unreadable ones carry the reason."""
    folder = decks_dir()
    try:
        if not folder.is_dir():
            return []
        saves.clean_temporary(folder)
        paths = sorted((p for p in folder.glob("*.json") if p.is_file()), key=lambda p: p.name.lower())
    except OSError:
        return []
    return [read_file(path) for path in paths[:MAX_LISTED]]


def read_file(path: Path) -> DeckFile:
    name = saves.quote(path.stem, 40)
    try:
        return DeckFile(name, path, load_deck(path))
    except DeckError as exc:
        return DeckFile(name, path, None, str(exc))
    except Exception:  # whatever the file holds, a sentence and never a crash
        return DeckFile(name, path, None, "The deck file cannot be read: it may be damaged.")


def find(name: str) -> DeckFile | None:
    """The listed deck file called ``name`` (read again now: it may have changed)."""
    try:
        path = deck_path(name)
    except DeckError:
        return None
    return read_file(path) if path.is_file() else None


def save_named(name: str, deck: DeckList) -> Path:
    """Save ``deck`` as ``name`` (its name becomes ``name``); the old file stays whole on failure."""
    return save_deck(deck_path(name), DeckList(name, deck.hero, deck.encounter))


# ---- the card pool's filters --------------------------------------------------------------

def element_of(card: Card) -> str:
    return str(getattr(card, "element", ""))


def classes_of(card: Card) -> tuple[str, ...]:
    return card.classes if isinstance(card, Item) else ()


def elements(content: FAContent) -> list[str]:
    return sorted({element_of(card) for card in content.pool() if element_of(card)})


def item_classes(content: FAContent) -> list[str]:
    return sorted({c for card in content.pool() for c in classes_of(card)})


def matches(card: Card, *, kind: str = "all", element: str = "all", item_class: str = "all", gp: str = "all",
            words: Iterable[str] = ()) -> bool:
    """Whether ``card`` passes the filters: its type, element, item class, GP band, and every
    word of a search found in its name, type or full text."""
    if kind != "all" and card.kind != kind:
        return False
    if element != "all" and element_of(card) != element:
        return False
    if item_class != "all" and item_class not in classes_of(card):
        return False
    low, high = next(((lo, hi) for band, _, lo, hi in GP_BANDS if band == gp), (0, 10**9))
    if not low <= card.gp <= high:
        return False
    haystack = f"{card.name} {card.kind} {element_of(card)} {' '.join(classes_of(card))} {card.text}".lower()
    return all(word.lower() in haystack for word in words)


def pool(content: FAContent, *, kind: str = "all", element: str = "all", item_class: str = "all",
         gp: str = "all", words: Iterable[str] = ()) -> list[Card]:
    """The cards passing the filters (see :func:`matches`), by type then name."""
    order = {card_type: i for i, card_type in enumerate(CARD_TYPES)}
    words = tuple(words)
    found = [card for card in content.pool()
             if matches(card, kind=kind, element=element, item_class=item_class, gp=gp, words=words)]
    return sorted(found, key=lambda card: (order[card.kind], card.name))


def describe_card(card: Card) -> str:
    """A card's whole face in one paragraph: name, type, element or classes, values, GP,
    uniqueness, and its full generated text (the deck builder's tooltip)."""
    facts = [card.kind.title()]
    if element_of(card):
        facts.append(element_of(card))
    if classes_of(card):
        facts.append(", ".join(classes_of(card)))
    for value in ("melee", "support"):
        if getattr(card, value, 0):
            facts.append(f"{value.title()} {getattr(card, value)}")
    facts.append(f"{card.gp} GP")
    if card.unique:
        facts.append("unique (one per deck)")
    text = f" {card.text}" if card.text else ""
    return f"{card.name} · {' · '.join(facts)}.{text}"
