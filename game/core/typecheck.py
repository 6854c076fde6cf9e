"""Check plain data against its type annotations at run time (TypedDicts, lists, unions, ...).

mypy checks the code that builds a view against the view's TypedDict, but not what flows in
through ``Any`` (state read back by ``vars``, a rule's step record). Tests call
:func:`check_data` on real views to close that gap: every required key present, no key the
type does not declare, and each value of its declared type, all the way down. It knows the
types views and step records are made of; any other type is refused, not waved through.
"""

from __future__ import annotations

import functools
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


class DataTypeError(TypeError):
    """A value that does not match its declared type; the message says where (``view.battle.sides[0]``)."""


_PLAIN: dict[Any, tuple[str, tuple[type, ...]]] = {
    bool: ("true or false", (bool,)), int: ("a whole number", (int,)), float: ("a number", (int, float)),
    str: ("text", (str,))}


def check_data(value: Any, tp: Any, where: str = "data") -> None:
    """Raise :class:`DataTypeError` unless ``value`` is of type ``tp``."""
    origin = get_origin(tp)
    if tp is Any:
        return
    if is_typeddict(tp):
        _check_record(value, tp, where)
    elif origin in (Union, types.UnionType):
        _check_union(value, get_args(tp), where)
    elif origin is Literal:
        if value not in get_args(tp):
            raise DataTypeError(f"{where}: {value!r} is not one of {get_args(tp)}")
    elif origin is list:
        _expect(value, list, "a list", where)
        (item,) = get_args(tp) or (Any,)
        for index, element in enumerate(value):
            check_data(element, item, f"{where}[{index}]")
    elif origin is tuple:
        _check_tuple(value, get_args(tp), where)
    elif origin is dict:
        _expect(value, dict, "an object", where)
        key_type, value_type = get_args(tp) or (Any, Any)
        for key, element in value.items():
            check_data(key, key_type, f"{where} key {key!r}")
            check_data(element, value_type, f"{where}[{key!r}]")
    elif tp is type(None):
        if value is not None:
            raise DataTypeError(f"{where}: expected None, found {value!r}")
    elif tp in _PLAIN:
        name, kinds = _PLAIN[tp]
        # A bool is an int to Python, but no number of a view's is a bool.
        if not isinstance(value, kinds) or (isinstance(value, bool) and tp is not bool):
            raise DataTypeError(f"{where}: expected {name}, found {value!r}")
    else:
        raise DataTypeError(f"{where}: cannot check the type {tp!r}")


def _expect(value: Any, kind: type, name: str, where: str) -> None:
    if not isinstance(value, kind):
        raise DataTypeError(f"{where}: expected {name}, found {value!r}")


def _check_record(value: Any, tp: Any, where: str) -> None:
    _expect(value, dict, f"a {tp.__name__} record", where)
    hints = _hints(tp)
    missing = sorted(tp.__required_keys__ - value.keys())
    if missing:
        raise DataTypeError(f"{where}: {tp.__name__} lacks the key {missing[0]!r}")
    extra = sorted(value.keys() - hints.keys(), key=str)
    if extra:
        raise DataTypeError(f"{where}: {tp.__name__} declares no key {extra[0]!r}")
    for key, element in value.items():
        check_data(element, hints[key], f"{where}.{key}")


@functools.cache
def _hints(tp: Any) -> dict[str, Any]:
    """A TypedDict's declared keys and their types (its own and those it inherits)."""
    return get_type_hints(tp)


def _check_union(value: Any, options: tuple[Any, ...], where: str) -> None:
    errors = []
    for option in options:
        try:
            check_data(value, option, where)
            return
        except DataTypeError as exc:
            errors.append(str(exc))
    raise DataTypeError(" / ".join(errors))


def _check_tuple(value: Any, args: tuple[Any, ...], where: str) -> None:
    _expect(value, tuple, "a tuple", where)
    if len(args) == 2 and args[1] is Ellipsis:
        args = (args[0],) * len(value)
    if len(args) != len(value):
        raise DataTypeError(f"{where}: expected {len(args)} items, found {len(value)}")
    for index, (element, arg) in enumerate(zip(value, args)):
        check_data(element, arg, f"{where}[{index}]")
