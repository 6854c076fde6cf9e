"""Card loading with clear errors, piles, and plain-data state conversion."""

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.core.cards import Field, definition_id, draw, instances, load_cards, owner_of
from game.core.errors import ContentError
from game.core.serial import DataShapeError, from_data, state_hash, to_data

SCHEMA = {"id": Field((str,)), "name": Field((str,)), "bv": Field((int,)), "kind": Field((str,), choices=("a", "b"))}


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_load_cards_reads_valid_records(tmp_path):
    path = _write(tmp_path, '[[card]]\nid = "x"\nname = "X"\nbv = 2\nkind = "a"\n')
    assert load_cards(path, lambda r: SCHEMA) == [{"id": "x", "name": "X", "bv": 2, "kind": "a"}]


@pytest.mark.parametrize("text, message", [
    ('[[card]]\nid = "x"\nname = "X"\nbv = 2\nkind = "a"\ncolour = "red"\n', "cards.toml: card x: unknown field 'colour'"),
    ('[[card]]\nid = "x"\nname = "X"\nkind = "a"\n', "cards.toml: card x: missing field 'bv'"),
    ('[[card]]\nid = "x"\nname = "X"\nbv = "two"\nkind = "a"\n', "cards.toml: card x: field 'bv' must be a whole number"),
    ('[[card]]\nid = "x"\nname = "X"\nbv = true\nkind = "a"\n', "field 'bv' must be a whole number, not true/false"),
    ('[[card]]\nid = "x"\nname = "X"\nbv = 1\nkind = "c"\n', "field 'kind' is 'c'; allowed: a, b"),
    ('[[card]]\nid = "x"\nname = "X"\nbv = 1\nkind = "a"\n[[card]]\nid = "x"\nname = "Y"\nbv = 1\nkind = "a"\n',
     "id 'x' is used twice"),
    ('[[card]]\nid = "x"\nname = \n', "not valid TOML"),
    ('[[other]]\nid = "x"\n', "unknown top-level key 'other'"),
])
def test_load_cards_errors_name_file_card_and_field(tmp_path, text, message):
    with pytest.raises(ContentError) as err:
        load_cards(_write(tmp_path, text), lambda r: SCHEMA)
    assert message in str(err.value)


def test_instances_and_piles():
    assert instances(["a", "b"], {"b": 2}) == ["a", "b#1", "b#2"]
    assert definition_id("b#2") == "b"
    # Issue 11 item 6: a player's own deck has owner-qualified instances.
    mine, theirs = instances(["a", "b"], {"b": 2}, owner=0), instances(["b"], owner=1)
    assert mine == ["0/a", "0/b#1", "0/b#2"] and theirs == ["1/b"] and not set(mine) & set(theirs)
    assert [definition_id(c) for c in mine + theirs] == ["a", "b", "b", "b"]
    assert [owner_of(c) for c in ("0/b#2", "1/b", "b#2")] == [0, 1, None]
    pile = ["bottom", "top"]
    assert draw(pile) == "top" and draw(pile) == "bottom" and draw(pile) is None


@dataclass
class Inner:
    n: int
    tags: list[str] = field(default_factory=list)


@dataclass
class Outer:
    name: str
    inner: Inner
    maybe: Inner | None
    table: dict[int, list[int]]


def test_to_data_from_data_round_trip_and_hash_is_stable():
    value = Outer("x", Inner(1, ["a"]), None, {2: [3]})
    data = to_data(value)
    assert data == {"name": "x", "inner": {"n": 1, "tags": ["a"]}, "maybe": None, "table": {"2": [3]}}
    assert from_data(Outer, data) == value
    assert state_hash(value) == state_hash(from_data(Outer, data))
    assert state_hash(value) != state_hash(Outer("y", Inner(1, ["a"]), None, {2: [3]}))


@pytest.mark.parametrize("data, fragment", [
    ({"name": "x", "inner": {"n": "1", "tags": []}, "maybe": None, "table": {}}, "inner.n: expected a whole number"),
    ({"name": "x", "inner": {"n": 1, "tags": []}, "maybe": None, "table": {}, "extra": 1}, "unknown field 'extra'"),
    ({"name": "x", "inner": {"n": 1, "tags": []}, "maybe": None}, "missing field 'table'"),
    ({"name": "x", "inner": {"n": True, "tags": []}, "maybe": None, "table": {}}, "expected a whole number"),
    ({"name": "x", "inner": {"n": 1, "tags": []}, "maybe": None, "table": {"k": []}}, "is not a number"),
    ([], "expected an object"),
])
def test_from_data_refuses_wrong_shapes(data, fragment):
    with pytest.raises(DataShapeError) as err:
        from_data(Outer, data)
    assert fragment in str(err.value)
