"""How each rule system lays out its table and maps options to things on it."""

from __future__ import annotations

import importlib

from game.ui.tables.base import Table


def table_for(system_id: str) -> type[Table]:
    module = importlib.import_module(f"game.ui.tables.{system_id.replace('-', '_')}")
    cls: type[Table] = module.TABLE
    return cls
