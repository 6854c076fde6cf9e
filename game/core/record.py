"""Immutable records that are cheap to make and to read.

``@record`` declares a class as a frozen dataclass for the type checker: mypy --strict
refuses any assignment to one of its fields after construction, which is what keeps the
kernel's questions, options and events unchanged while the rules, the session, the AIs and
the tables share them. At run time it makes a plain dataclass, compared and hashed by its
fields as a frozen one is.

Why not a frozen dataclass at run time: CPython (3.11 on) keeps a plain object's attributes
inline and sets and reads them through specialised instructions. A frozen dataclass sets
each field through ``object.__setattr__`` (a call per field), and writing the instance's
``__dict__`` directly, the old way round that, turns every later read of the object into a
dictionary look-up. Events and questions are made and read at every choice of every game:
together that was a tenth of a random game's time.

A record whose ``__init__`` is written by hand (to compute a field, or to take a default of
another type) begins it with ``if TYPE_CHECKING: return``: mypy checks its signature and its
callers, and the plain stores after it, which mypy would refuse on a frozen record, run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """A frozen dataclass as mypy sees it; a plain one, hashed by its fields, at run time."""
    return dataclass(unsafe_hash=True)(cls)
