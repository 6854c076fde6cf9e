"""Fantasy Adventures decks: a player's deck list, the deck-building rules with a reason for
every violation, and deck files.

A deck list names the cards of a player's Hero deck and Encounter deck by definition id, with
a count of copies each (FA-001). :func:`check_deck` applies the deck-building rules (FA-016 to
FA-021, FA-023) and returns every violation with the rule it breaks and a sentence a player
understands; the game refuses a deck with any (FA-023). The rulebook's "maximum average"
figures are no limit of their own (FA-022), so nothing checks them.

A deck file is JSON::

    {"format": "five-realms-deck", "version": 1, "game": "fantasy-adventures",
     "name": "Starter deck", "hero": {"byron": 1, ...}, "encounter": {"merloit": 1, ...}}

It is read as strictly as a save (game/saves.py): a size limit before parsing, then text,
JSON, and every field's type and range; unknown fields and a name given twice are refused.
Every refusal is a DeckError with a sentence for the player that quotes nothing longer than a
card id. A well-formed id the card pool does not know is not a damaged file but a deck this
version cannot play: check_deck reports it (FA-023). Saving writes a temporary file and then
replaces the old one (core.files.write_atomic), after checking that the text it writes reads
back, so a good deck file is never replaced by a bad one.

In a game each copy is an owner-qualified card instance (:func:`deck_instances`): the kernel's
``"<seat>/<definition>"``, and ``"<seat>/<definition>#<n>"`` for a card with several copies,
so two players' copies of one card never share an id (core.cards.instances).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.core.cards import instances
from game.core.errors import ContentError, FiveRealmsError
from game.core.files import write_atomic
from game.core.words import a_or_an, counted
from game.rulesets.fantasy_adventures.content import CONTENT_DIR, FAContent, Item

FORMAT = "five-realms-deck"
VERSION = 1
GAME = "fantasy-adventures"
MAX_BYTES = 64 * 1024
"""The largest file read as a deck (the whole starter deck is under 3 KB)."""
MAX_ENTRIES = 500
"""The most different cards one part of a deck file may name."""
MAX_COPIES = 999
MAX_NAME = 40
CARD_ID = re.compile(r"[a-z0-9_]{1,64}")
"""The shape of a card's definition id; anything else in a deck file is damage."""
GAME_ID = re.compile(r"[a-z0-9-]{1,40}")
PARTS = {"hero": "Hero deck", "encounter": "Encounter deck"}
STARTER_FILE = CONTENT_DIR / "starter_deck.json"

HERO_DECK_MIN = 25
HERO_DECK_GP = 8000
ENCOUNTER_DECK_MIN = 60
ENCOUNTER_DECK_GP = 15000
ITEM_GP = 5000


class DeckError(FiveRealmsError):
    """A deck file cannot be read or written. The message is meant for a player."""


@dataclass(frozen=True)
class DeckList:
    """A player's two decks: (definition id, copies) pairs, in the order the player listed them."""

    name: str
    hero: tuple[tuple[str, int], ...]
    encounter: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, name: str, hero: Mapping[str, int], encounter: Mapping[str, int]) -> DeckList:
        return cls(name, tuple(hero.items()), tuple(encounter.items()))

    def part(self, which: str) -> tuple[tuple[str, int], ...]:
        """The ``hero`` or ``encounter`` part."""
        return self.hero if which == "hero" else self.encounter

    def size(self, which: str) -> int:
        return sum(n for _, n in self.part(which))


@dataclass(frozen=True)
class Violation:
    """One broken deck-building rule: its ID and a sentence for the player."""

    rule: str
    text: str


@dataclass(frozen=True)
class DeckTotals:
    """What the deck-building rules count (cards of the right type only, FA-001)."""

    hero_cards: int
    hero_gp: int
    encounter_cards: int
    encounter_gp: int
    item_gp: int


# ---- the deck-building rules ------------------------------------------------------------

def totals(deck: DeckList, content: FAContent) -> DeckTotals:
    """Cards and GP of each deck, counting only the known cards of the right type."""
    def of(which: str, *, items: bool = False) -> tuple[int, int]:
        cards = gp = 0
        for card_id, n in deck.part(which):
            card = content.find(card_id)
            if card is None or card.deck != which or (items and not isinstance(card, Item)):
                continue
            cards += n
            gp += n * card.gp
        return cards, gp

    hero_cards, hero_gp = of("hero")
    encounter_cards, encounter_gp = of("encounter")
    return DeckTotals(hero_cards, hero_gp, encounter_cards, encounter_gp, of("encounter", items=True)[1])


def check_deck(deck: DeckList, content: FAContent) -> list[Violation]:
    """Every deck-building rule ``deck`` breaks, each with its reason (empty: the deck is legal)."""
    out: list[Violation] = []
    for which, part in PARTS.items():
        for card_id, n in deck.part(which):
            card = content.find(card_id)
            if card is None:
                out.append(Violation("FA-023", f"The {part} lists '{card_id}', a card this version does not know "
                                               "(FA-023)."))
            elif card.deck != which and which == "hero":
                out.append(Violation("FA-020", f"'{card.name}' is {a_or_an(card.kind)}: the Hero deck holds only "
                                               "heroes (FA-020)."))
            elif card.deck != which:
                out.append(Violation("FA-001", f"'{card.name}' is a hero: heroes belong in the Hero deck, not the "
                                               "Encounter deck (FA-001)."))
            elif card.unique and n > 1:
                out.append(Violation("FA-016", f"'{card.name}' is unique, but the {part} has {n} copies; a deck may "
                                               "hold only one (FA-016)."))
    t = totals(deck, content)
    if t.hero_cards < HERO_DECK_MIN:
        out.append(Violation("FA-020", f"The Hero deck has {counted(t.hero_cards, 'hero', 'heroes')}; it needs at "
                                       f"least {HERO_DECK_MIN} (FA-020)."))
    if t.hero_gp > HERO_DECK_GP:
        out.append(Violation("FA-021", f"The Hero deck's heroes total {t.hero_gp:,} GP; the limit is "
                                       f"{HERO_DECK_GP:,} GP (FA-021)."))
    if t.encounter_cards < ENCOUNTER_DECK_MIN:
        out.append(Violation("FA-017", f"The Encounter deck has {counted(t.encounter_cards, 'card')}; it needs at "
                                       f"least {ENCOUNTER_DECK_MIN} (FA-017)."))
    if t.encounter_gp > ENCOUNTER_DECK_GP:
        out.append(Violation("FA-018", f"The Encounter deck's cards total {t.encounter_gp:,} GP; the limit is "
                                       f"{ENCOUNTER_DECK_GP:,} GP (FA-018)."))
    if t.item_gp > ITEM_GP:
        out.append(Violation("FA-019", f"The Encounter deck's items total {t.item_gp:,} GP; the limit is "
                                       f"{ITEM_GP:,} GP (FA-019)."))
    return out


def deck_instances(deck: DeckList, seat: int) -> tuple[list[str], list[str]]:
    """The card instance ids of seat ``seat``'s Hero deck and Encounter deck, in list order."""
    def part(which: str) -> list[str]:
        pairs = deck.part(which)
        return instances([card_id for card_id, _ in pairs], dict(pairs), owner=seat)
    return part("hero"), part("encounter")


# ---- a deck list as a game option ---------------------------------------------------------------

def to_option(deck: DeckList) -> tuple[str, ...]:
    """A deck list as the short names a structured game option holds (core.ruleset): its name
    as "name:<name>", then "hero:<card id>:<copies>" and "encounter:<card id>:<copies>" in list
    order. Saves keep it as JSON like every option."""
    return ((f"name:{deck.name}",) + tuple(f"hero:{card_id}:{n}" for card_id, n in deck.hero)
            + tuple(f"encounter:{card_id}:{n}" for card_id, n in deck.encounter))


def from_option(entries: Sequence[str]) -> DeckList:
    """The deck list a game option's names give (see :func:`to_option`); no names at all is the
    starter deck. A damaged name is refused with a DeckError sentence; whether the deck is legal
    is :func:`check_deck`'s to say."""
    if not entries:
        return starter_deck()
    name = "Deck"
    parts: dict[str, dict[str, int]] = {"hero": {}, "encounter": {}}
    for entry in entries:
        kind, _, rest = entry.partition(":")
        if kind == "name" and rest.strip() and len(rest) <= MAX_NAME:
            name = rest
            continue
        card_id, _, copies = rest.partition(":")
        if kind not in parts or not CARD_ID.fullmatch(card_id) or not copies.isascii() or not copies.isdigit() \
                or not 1 <= int(copies) <= MAX_COPIES:
            raise DeckError("A deck in the game options is damaged: each entry is name:<name>, "
                            "hero:<card id>:<copies> or encounter:<card id>:<copies>.")
        if card_id in parts[kind]:
            raise DeckError(f"A deck in the game options names '{card_id}' twice in its {PARTS[kind]}.")
        parts[kind][card_id] = int(copies)
    return DeckList.of(name, parts["hero"], parts["encounter"])


def check_option(decks: Sequence[Sequence[str]]) -> None:
    """The ``decks`` game option's shape: every seat's entries read as a deck list."""
    for entries in decks:
        from_option(entries)


# ---- deck files ---------------------------------------------------------------------------

def to_data(deck: DeckList) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "game": GAME, "name": deck.name,
            "hero": dict(deck.hero), "encounter": dict(deck.encounter)}


def to_text(deck: DeckList) -> str:
    """The deck file's text (checked: it reads back as the same deck, or DeckError)."""
    if len({card_id for card_id, _ in deck.hero}) != len(deck.hero) or \
            len({card_id for card_id, _ in deck.encounter}) != len(deck.encounter):
        raise DeckError("The deck names a card twice in one part; give it one count instead.")
    text = json.dumps(to_data(deck), indent=2, ensure_ascii=False) + "\n"
    if parse_deck(text.encode("utf-8")) != deck:
        raise DeckError("The deck cannot be written: it does not read back the same.")
    return text


def save_deck(path: Path, deck: DeckList) -> Path:
    """Write ``deck`` to ``path`` atomically; a failed write leaves the old file whole."""
    text = to_text(deck)
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise DeckError(f"The deck could not be saved: {exc.strerror or exc}. The previous file is unchanged.") from None
    return path


def load_deck(path: Path) -> DeckList:
    """Read a deck file, refusing a broken or hostile one with a DeckError sentence."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise DeckError(f"This file is too large to be a deck ({size // 1024} KB; a deck file is at most "
                            f"{MAX_BYTES // 1024} KB).")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DeckError(f"The deck file cannot be read ({exc.strerror or 'unknown error'}).") from None
    return parse_deck(raw)


def _no_constants(name: str) -> Any:
    raise ValueError(f"not a number: {name}")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            shown = f" '{key}'" if CARD_ID.fullmatch(key) else ""
            raise DeckError(f"The deck file is damaged: it names{shown} twice in one place.")
        out[key] = value
    return out


def parse_deck(raw: bytes) -> DeckList:
    """A deck list from a deck file's bytes (see the module text for what is refused)."""
    if len(raw) > MAX_BYTES:
        raise DeckError(f"This file is too large to be a deck (a deck file is at most {MAX_BYTES // 1024} KB).")
    if not raw.strip():
        raise DeckError("The deck file is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckError("The deck file is damaged: it is not text.") from None
    try:
        data = json.loads(text, parse_constant=_no_constants, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise DeckError("The deck file is damaged: it is nested too deeply.") from None
    except ValueError:
        raise DeckError("The deck file is damaged or cut short (it is not readable JSON).") from None
    return _from_data(data)


_KEYS = ("format", "version", "game", "name", "hero", "encounter")


def _from_data(data: Any) -> DeckList:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DeckError("This is not a Five Realms deck file.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckError("The deck file's version is missing or damaged.")
    if version > VERSION:
        raise DeckError(f"This deck was made by a newer version of Five Realms (deck format {version}); update the "
                        "game to load it.")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        shown = f" '{unknown[0]}'" if CARD_ID.fullmatch(unknown[0]) else ""
        raise DeckError(f"The deck file has an unexpected field{shown}.")
    missing = [key for key in _KEYS if key not in data]
    if missing:
        raise DeckError(f"The deck file is missing its '{missing[0]}'.")
    if data["game"] != GAME:
        shown = f" ('{data['game']}')" if isinstance(data["game"], str) and GAME_ID.fullmatch(data["game"]) else ""
        raise DeckError(f"This deck is for another game{shown}, not Fantasy Adventures.")
    name = data["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise DeckError(f"The deck's name must be printable text of 1 to {MAX_NAME} characters.")
    return DeckList(name, _part(data["hero"], PARTS["hero"]), _part(data["encounter"], PARTS["encounter"]))


def _part(value: Any, part: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, dict):
        raise DeckError(f"The deck file's {part} is damaged: it must map card ids to counts.")
    if len(value) > MAX_ENTRIES:
        raise DeckError(f"The deck file's {part} names more than {MAX_ENTRIES} different cards.")
    out = []
    for card_id, n in value.items():
        if not CARD_ID.fullmatch(card_id):
            raise DeckError(f"The deck file's {part} names a card with a damaged id.")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_COPIES:
            raise DeckError(f"The deck file's {part} gives '{card_id}' a count that is not a whole number from 1 "
                            f"to {MAX_COPIES}.")
        out.append((card_id, n))
    return tuple(out)


@lru_cache(maxsize=1)
def starter_deck() -> DeckList:
    """The starter deck every player may use (content plan 2.7): the default deck."""
    try:
        return load_deck(STARTER_FILE)
    except DeckError as exc:
        raise ContentError(f"{STARTER_FILE.name}: {exc}") from None
