"""The run-time checker of plain data against annotations (game.core.typecheck)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

import pytest

from game.core.flow import Flow, step_name
from game.core.typecheck import problems


class _Move(TypedDict):
    step: Literal["move"]
    figure: str
    path: list[list[int]]
    rule: NotRequired[str]
    extra: dict[str, Any]


def _move(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {"step": "move", "figure": "h1", "path": [[1, 2], [2, 2]], "extra": {"any": object()}}
    record.update(changes)
    return record


def test_a_record_of_its_typeddict_passes_with_or_without_its_optional_keys():
    assert problems(_move(), _Move) == []
    assert problems(_move(rule="DD-1"), _Move) == []


def test_a_missing_key_fails():
    record = _move()
    del record["figure"]
    assert problems(record, _Move, "top") == ["top: missing key 'figure' (_Move)"]


def test_an_undeclared_key_fails():
    assert problems(_move(stage=0), _Move, "top") == ["top: undeclared key 'stage' (_Move)"]


@pytest.mark.parametrize("key, value", [("figure", 3), ("path", [[1, "2"]]), ("path", [1, 2]), ("rule", None),
                                        ("step", "walk"), ("path", ([1, 2],))])
def test_a_value_of_the_wrong_type_fails(key, value):
    found = problems(_move(**{key: value}), _Move, "top")
    assert found and all(p.startswith(f"top.{key}") for p in found)


def test_plain_types_unions_literals_and_containers():
    assert problems(True, int) and not problems(3, int) and not problems(3, float)
    assert problems(1, Literal[True]) and not problems(True, Literal[True])
    assert not problems(None, str | None) and problems(3, str | None)
    assert not problems({"a": [1]}, dict[str, list[int]]) and problems({1: [1]}, dict[str, list[int]])
    assert not problems((1, "a"), tuple[int, str]) and problems((1, 2, 3), tuple[int, ...]) == []
    assert problems((1,), tuple[int, str]) == ["value: expected 2 items, got 1"]


def test_a_step_kind_is_named_by_its_typeddict_and_declared_once():
    assert step_name(_Move) == "move" and step_name("move") == "move"
    flow: Flow[None] = Flow()
    flow.automatic(_Move)(lambda ctx, step: None)
    flow.question(_Move, lambda ctx, step: None, lambda ctx, step, seat, choice: None)
    assert flow.records == {"move": _Move} and flow.kinds["move"].run is not None

    class _OtherMove(TypedDict):
        step: Literal["move"]

    with pytest.raises(TypeError):
        flow.automatic(_OtherMove)

    class _Nameless(TypedDict):
        figure: str

    with pytest.raises(TypeError):
        step_name(_Nameless)
