"""The registry of rule systems, by id.

Rule systems are imported lazily so that importing the kernel stays cheap and a
broken rule system cannot stop the others from loading.
"""

from __future__ import annotations

import importlib

from game.core.errors import FiveRealmsError
from game.core.ruleset import RuleSystem

# id -> "module:attribute" of the rule system class.
_KNOWN: dict[str, str] = {
    "fantasy-heroes": "game.rulesets.fantasy_heroes.system:FantasyHeroes",
    "dungeon-delve": "game.rulesets.dungeon_delve.system:DungeonDelve",
    "champions-of-albion": "game.rulesets.champions_of_albion.system:ChampionsOfAlbion",
}

_LOADED: dict[str, RuleSystem] = {}


def ids() -> tuple[str, ...]:
    """Every registered rule system id."""
    return tuple(_KNOWN)


def get(system_id: str) -> RuleSystem:
    """The rule system with this id (one shared, stateless instance)."""
    system = _LOADED.get(system_id)
    if system is not None:
        return system
    target = _KNOWN.get(system_id)
    if target is None:
        raise FiveRealmsError(
            f"There is no rule system called '{system_id}'. Known: {', '.join(sorted(_KNOWN))}."
        )
    module_name, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module_name), attr)
    system = cls()
    _LOADED[system_id] = system
    return system  # type: ignore[no-any-return]
