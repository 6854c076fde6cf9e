"""Plain-data conversion of game states: dataclasses <-> JSON-safe dicts.

States are dataclasses of ints, strings, bools, lists, dicts with string keys, and
other such dataclasses (STYLE 11). ``to_data`` turns one into JSON-safe data,
``from_data`` rebuilds it from its type hints, checking types as it goes so that a
tampered snapshot is refused rather than half-loaded. ``state_hash`` is a hash of the
canonical JSON form, the same on every machine.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from game.core.errors import FiveRealmsError

T = TypeVar("T")


class DataShapeError(FiveRealmsError):
    """Data does not have the shape a state type needs."""


_PLAIN = (bool, int, str, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type (found once per type), or None for other types."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            return None
        names = tuple(f.name for f in dataclasses.fields(cls))
        _FIELD_NAMES[cls] = names
    return names


def to_data(obj: Any) -> Any:
    """A JSON-safe copy of ``obj`` (dataclasses become dicts with their field names)."""
    if isinstance(obj, _PLAIN):
        return obj
    if isinstance(obj, (list, tuple)):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    names = _field_names(type(obj))
    if names is not None:
        return {name: to_data(getattr(obj, name)) for name in names}
    raise TypeError(f"cannot store a {type(obj).__name__} in a game state")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = get_type_hints(cls)
        _HINTS[cls] = hints
    return hints


def from_data(tp: Any, data: Any, where: str = "state") -> Any:
    """Rebuild a value of type ``tp`` from JSON-safe ``data``; raises DataShapeError."""
    origin = get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data, where)
            except DataShapeError as exc:
                errors.append(str(exc))
        raise DataShapeError(errors[0] if errors else f"{where}: unexpected null")
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(data, dict):
            raise DataShapeError(f"{where}: expected an object")
        hints = _hints(tp)
        names = {f.name for f in dataclasses.fields(tp)}
        unknown = set(data) - names
        if unknown:
            raise DataShapeError(f"{where}: unknown field '{sorted(unknown)[0]}'")
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name not in data:
                raise DataShapeError(f"{where}: missing field '{f.name}'")
            kwargs[f.name] = from_data(hints[f.name], data[f.name], f"{where}.{f.name}")
        return tp(**kwargs)
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        if not isinstance(data, list):
            raise DataShapeError(f"{where}: expected a list")
        return [from_data(item, x, f"{where}[{i}]") for i, x in enumerate(data)]
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list):
            raise DataShapeError(f"{where}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], x, f"{where}[{i}]") for i, x in enumerate(data))
        if len(args) != len(data):
            raise DataShapeError(f"{where}: expected {len(args)} items")
        return tuple(from_data(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, data)))
    if origin is dict:
        key_type, value_type = get_args(tp) or (str, Any)
        if not isinstance(data, dict):
            raise DataShapeError(f"{where}: expected an object")
        out = {}
        for k, v in data.items():
            key: Any = k
            if key_type is int:
                try:
                    key = int(k)
                except ValueError:
                    raise DataShapeError(f"{where}: key '{k}' is not a number") from None
            out[key] = from_data(value_type, v, f"{where}[{k}]")
        return out
    if tp is bool:
        if not isinstance(data, bool):
            raise DataShapeError(f"{where}: expected true or false")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DataShapeError(f"{where}: expected a whole number")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise DataShapeError(f"{where}: expected text")
        return data
    if tp is type(None):
        if data is not None:
            raise DataShapeError(f"{where}: expected null")
        return None
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise DataShapeError(f"{where}: unexpected value {data!r}")
        return data
    if typing.is_typeddict(tp):
        # A flow step record (a union of them is a rule system's stack): loaded as the plain
        # dict it is, as before its kinds were declared; the conformance tests check records
        # against their TypedDicts. (Only the first kind of a union is ever tried.)
        return from_data(dict[str, Any], data, where)
    raise TypeError(f"{where}: unsupported type {tp!r}")


def canonical_json(data: Any) -> str:
    """The one JSON spelling of ``data`` used for hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def stable_hash(data: Any) -> str:
    """A short, stable hash of JSON-safe data (its canonical JSON form)."""
    return hashlib.sha256(canonical_json(data).encode("ascii")).hexdigest()[:16]


def state_hash(state: Any) -> str:
    """A short, stable hash of a state (its canonical JSON form)."""
    return stable_hash(to_data(state))


def restore(tp: type[T], data: Any) -> T:
    """``from_data`` with a typed result."""
    return typing.cast(T, from_data(tp, data))
