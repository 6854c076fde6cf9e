"""How each rule system lays out its table and maps options to things on it."""

from __future__ import annotations

from typing import Any

from game.core import registry
from game.core.errors import FiveRealmsError
from game.ui.tables.base import Table


def table_for(system_id: str) -> type[Table[Any]]:
    """The table class the rule system registered for the window."""
    cls: type[Table[Any]] | None = registry.part(system_id, "table")
    if cls is None:
        raise FiveRealmsError(f"{registry.get(system_id).title} has no table for the window yet.")
    return cls
