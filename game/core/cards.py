"""Card definitions loaded from TOML, and piles of card instance ids.

Content is data (STYLE 9, 10). A rule system describes the fields each card type has
with :class:`Field` records; :func:`load_cards` reads a TOML file of ``[[card]]``
tables, checks every field, rejects unknown keys, and names file, card and field in
every error. Effects are validated separately by the rule system's effect vocabulary.

In a game, a card is an *instance id* (a string). When every definition appears once
(as in Fantasy Heroes) the instance id is the definition id; duplicates are written
``"<definition>#<n>"``. Where each player brings a deck of their own (Fantasy Adventures),
an instance is qualified by its owner's seat, ``"<seat>/<definition>#<n>"``, so two players'
copies of one card never share an id. Piles are plain lists of instance ids, top of the
pile last.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from game.core.errors import ContentError
from game.core.rng import Rng


@dataclass(frozen=True)
class Field:
    """One allowed key of a card record."""

    types: tuple[type, ...]
    required: bool = True
    choices: tuple[Any, ...] = ()
    check: Callable[[Any], str | None] | None = None


Schema = Mapping[str, Field]


# Checks shared by the rule systems' content schemas (a message, or None when the value is fine).

def positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def not_negative(value: Any) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def between(low: int, high: int) -> Callable[[Any], str | None]:
    """A check that a number lies from ``low`` to ``high``."""
    def check(value: Any) -> str | None:
        return None if low <= value <= high else f"must be between {low} and {high}"
    return check


def all_of(choices: tuple[str, ...]) -> Callable[[Any], str | None]:
    """A check that every entry of a list is one of ``choices``."""
    def check(value: Any) -> str | None:
        bad = [v for v in value if v not in choices]
        return None if not bad else f"has '{str(bad[0])[:30]}'; allowed: {', '.join(choices)}"
    return check


def list_of_ids(value: Any) -> str | None:
    return None if all(isinstance(v, str) and v for v in value) else "must list ids (text)"


def list_of_tables(value: Any) -> str | None:
    return None if all(isinstance(v, dict) for v in value) else "must list tables"


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; syntax errors become ContentError naming the file."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ContentError(f"{path.name}: cannot be read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML ({exc})") from None


def check_record(record: Mapping[str, Any], schema: Schema, where: str) -> None:
    """Check one record against a schema; raise ContentError naming ``where`` and the field."""
    for key in record:
        if key not in schema:
            raise ContentError(f"{where}: unknown field '{key}'")
    for key, spec in schema.items():
        if key not in record:
            if spec.required:
                raise ContentError(f"{where}: missing field '{key}'")
            continue
        value = record[key]
        if isinstance(value, bool) and bool not in spec.types:
            raise ContentError(f"{where}: field '{key}' must be {_type_names(spec.types)}, not true/false")
        if not isinstance(value, spec.types):
            raise ContentError(f"{where}: field '{key}' must be {_type_names(spec.types)}")
        if spec.choices and value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise ContentError(f"{where}: field '{key}' is {value!r}; allowed: {allowed}")
        if spec.check is not None:
            problem = spec.check(value)
            if problem:
                raise ContentError(f"{where}: field '{key}' {problem}")


def _type_names(types: tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a table"}
    return " or ".join(names.get(t, t.__name__) for t in types)


def load_tables(path: Path, tables: tuple[str, ...], *, optional: tuple[str, ...] = (),
                keyed: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Read a TOML file of one or more kinds of ``[[table]]``: each of ``tables`` must be a
    non-empty list of tables, ``optional`` keys may stand beside them, and nothing else may.

    The records of the ``keyed`` tables (all of ``tables`` unless given) must each have an
    ``id`` used once in its table. Fields are checked by the caller (:func:`check_record`).
    """
    data = read_toml(path)
    extra = set(data) - set(tables) - set(optional)
    if extra:
        raise ContentError(f"{path.name}: unknown top-level key '{str(sorted(extra)[0])[:40]}'")
    for table in tables:
        records = data.get(table)
        if not isinstance(records, list) or not records or not all(isinstance(r, dict) for r in records):
            raise ContentError(f"{path.name}: expected a list of [[{table}]] tables")
        if table in (tables if keyed is None else keyed):
            _check_ids(path, table, records)
    return data


def _check_ids(path: Path, table: str, records: list[dict[str, Any]]) -> None:
    seen: set[str] = set()
    for index, record in enumerate(records, 1):
        card_id = record.get("id")
        where = f"{path.name}: {table} {str(card_id)[:40] if card_id else '#' + str(index)}"
        if not isinstance(card_id, str) or not card_id:
            raise ContentError(f"{where}: missing field 'id'")
        if card_id in seen:
            raise ContentError(f"{where}: id '{card_id}' is used twice")
        seen.add(card_id)


def load_cards(
    path: Path,
    schema_for: Callable[[Mapping[str, Any]], Schema],
    *,
    table: str = "card",
) -> list[dict[str, Any]]:
    """Load ``[[card]]`` records from ``path`` (unique ids); each is checked with ``schema_for(record)``.

    ``schema_for`` picks the schema from the record (usually by its ``type``); it may
    raise ContentError for a record whose type it does not know.
    """
    records = load_tables(path, (table,))[table]
    out = []
    for record in records:
        check_record(record, schema_for(record), f"{path.name}: {table} {record['id']}")
        out.append(dict(record))
    return out


def definition_id(instance: str) -> str:
    """The definition id of a card instance id ("orc#2" -> "orc", "1/orc#2" -> "orc")."""
    return instance.rpartition("/")[2].partition("#")[0]


def owner_of(instance: str) -> int | None:
    """The seat that owns an owner-qualified instance ("1/orc#2" -> 1), else None."""
    owner, slash, _ = instance.partition("/")
    return int(owner) if slash and owner.isdecimal() else None


def instances(definition_ids: Iterable[str], copies: Mapping[str, int] | None = None, *,
              owner: int | None = None) -> list[str]:
    """Instance ids for definitions, ``copies[d]`` of each (default one, named by the id);
    with ``owner``, each id is qualified by that seat ("1/orc#2")."""
    prefix = "" if owner is None else f"{owner}/"
    out = []
    for def_id in definition_ids:
        n = (copies or {}).get(def_id, 1)
        out.extend([prefix + def_id] if n == 1 else [f"{prefix}{def_id}#{i}" for i in range(1, n + 1)])
    return out


def draw(pile: list[str]) -> str | None:
    """Take the top card of a pile (the last element), or None if it is empty."""
    return pile.pop() if pile else None


def shuffle_into(rng: Rng, pile: list[str], cards: Iterable[str]) -> None:
    """Add cards to a pile and shuffle the whole pile."""
    pile.extend(cards)
    rng.shuffle(pile)


def remove(pile: list[str], card: str, where: str = "pile") -> None:
    """Remove one card from a pile; a missing card is a rules bug."""
    try:
        pile.remove(card)
    except ValueError:
        raise ContentError(f"card '{card}' is not in the {where}") from None
