"""The kernel's type for a view: what one seat may know, as the game's rule system builds it.

Each rule system describes its own view exactly, as a TypedDict in its ``view_types`` module
(every key, nested records as their own TypedDicts). The kernel cannot name those types, yet
it writes one key itself: :meth:`Game.view_for` adds ``zones`` (:func:`game.core.zones.facts`).
So the kernel's type is :class:`SeatView`, a TypedDict holding just that key, and every game's
view type extends it. Why this and not ``Mapping[str, Any]`` or a generic rule system:

- a TypedDict is a plain dict at run time, so views stay exactly what they were (saves,
  hashes and speed unaffected);
- a game's view type that extends SeatView *is* a SeatView, so a rule system's ``view``
  returns its own type where :meth:`RuleSystem.view` promises SeatView, with no cast, and
  ``view_for`` writes ``view["zones"]`` checked against :class:`~game.core.zones.ZoneFacts`;
  a ``Mapping[str, Any]`` could be neither written to nor checked;
- making ``RuleSystem`` and ``Game`` generic in their view type would thread a type
  parameter through every place that holds a game, for nothing: those places get their
  game from the registry, by id, so they would all say ``Game[Any]``.

Code that serves every game (the agents, the controller, the table scene) reads no game's
keys and passes views along as ``Mapping[str, Any]`` (a SeatView is one). Code that serves one
game (its AI, table and terminal) takes that game's view type, so mypy checks each key it
reads. The two meet where the registry hands over a game's part by id (``registry.part``
gives ``Any``), or through the game's ``is_..._view`` type guard, which checks ``ruleset``.
"""

# No ``from __future__ import annotations`` here: Python 3.11 sees ``NotRequired`` only in an
# annotation evaluated when the class is made, and otherwise counts ``zones`` as required
# (``__required_keys__``, which the runtime view check reads).
from typing import NotRequired, TypedDict

from game.core.zones import ZoneFacts


class SeatView(TypedDict):
    """The part of every view the kernel writes: what it says of each declared zone."""

    zones: NotRequired[list[ZoneFacts]]
