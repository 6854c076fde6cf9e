"""A small run-time check of plain data against a type annotation.

mypy checks the records and views the code builds; this checks the data a run actually
produced, where values came through ``Any``, a saved game or a dict built field by field.
The tests use it on the flow step records and the views of random games (each step kind's
and each game's view TypedDict).

It knows what plain game data is made of: TypedDicts (required, optional and undeclared
keys), ``Literal``, unions, ``list``, ``dict``, ``tuple``, ``Any`` and plain classes.
"""

from __future__ import annotations

import types
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints, is_typeddict

_FIELDS: dict[type, tuple[dict[str, Any], frozenset[str]]] = {}


class DataTypeError(TypeError):
    """A value that does not match its declared type; the message says where (``view.battle.sides[0]``)."""


def check_data(value: object, expected: Any, where: str = "data") -> None:
    """Raise :class:`DataTypeError` naming every problem, unless ``value`` is an ``expected``."""
    found = problems(value, expected, where)
    if found:
        raise DataTypeError("; ".join(found))


def typeddict_fields(td: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A TypedDict's field types (Required/NotRequired taken off) and its required keys.

    Not from ``__required_keys__``: in Python 3.11 a TypedDict declared under ``from
    __future__ import annotations`` counts its ``NotRequired`` keys as required there (the
    annotations are still strings when the class is made), so they are read from the hints.
    """
    found = _FIELDS.get(td)
    if found is None:
        fields: dict[str, Any] = {}
        required = set()
        total = getattr(td, "__total__", True)
        for key, hint in get_type_hints(td, include_extras=True).items():
            wrapper = get_origin(hint)
            if wrapper in (NotRequired, Required):
                hint = get_args(hint)[0]
            if wrapper is Required or (wrapper is not NotRequired and total):
                required.add(key)
            fields[key] = hint
        found = _FIELDS[td] = (fields, frozenset(required))
    return found


def problems(value: object, expected: Any, where: str = "value") -> list[str]:
    """What is wrong with ``value`` as an ``expected`` (one sentence each; empty when nothing)."""
    if expected is Any:
        return []
    origin = get_origin(expected)
    if origin is Literal:
        # (an exact type match too: True == 1, but a bool is not the number 1)
        if any(value == choice and type(value) is type(choice) for choice in get_args(expected)):
            return []
        return [f"{where}: {value!r} is not one of {list(get_args(expected))}"]
    if origin in (Union, types.UnionType):
        if any(not problems(value, arm, where) for arm in get_args(expected)):
            return []
        return [f"{where}: {value!r} is none of {expected}"]
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: expected a {expected.__name__} record, got {type(value).__name__}"]
        fields, required = typeddict_fields(expected)
        found = [f"{where}: missing key '{key}' ({expected.__name__})" for key in sorted(required - value.keys())]
        found += [f"{where}: undeclared key '{key}' ({expected.__name__})" for key in sorted(value.keys() - fields)]
        for key, hint in fields.items():
            if key in value:
                found += problems(value[key], hint, f"{where}.{key}")
        return found
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: expected a list, got {type(value).__name__}"]
        (item,) = get_args(expected) or (Any,)
        return [p for i, x in enumerate(value) for p in problems(x, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: expected a dict, got {type(value).__name__}"]
        key_type, value_type = get_args(expected) or (Any, Any)
        return [p for k, v in value.items()
                for p in problems(k, key_type, f"{where} key {k!r}") + problems(v, value_type, f"{where}[{k!r}]")]
    if origin is tuple:
        if not isinstance(value, tuple):
            return [f"{where}: expected a tuple, got {type(value).__name__}"]
        args = get_args(expected)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        elif len(args) != len(value):
            return [f"{where}: expected {len(args)} items, got {len(value)}"]
        return [p for i, (x, arg) in enumerate(zip(value, args)) for p in problems(x, arg, f"{where}[{i}]")]
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: expected None, got {value!r}"]
    if expected is float:  # (an int is a float too, as for mypy)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(expected, type):
        ok = isinstance(value, expected)
    else:
        raise TypeError(f"{where}: cannot check against {expected!r}")
    return [] if ok else [f"{where}: expected {expected.__name__}, got {type(value).__name__} {value!r}"]
