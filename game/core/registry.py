"""The registry of rule systems: one registration record per system, by id.

A record names where each part of a rule system lives (its rules, its heuristic AI, its
table in the window, its terminal drawing, its benchmark) as "module:attribute" strings,
imported on first use. So importing the kernel stays cheap, a broken rule system cannot
stop the others from loading, the kernel never imports pygame (the table is imported by
the UI alone), and nothing outside a game's own packages has to branch on its id.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from game.core.errors import FiveRealmsError
from game.core.ruleset import RuleSystem


@dataclass(frozen=True)
class Registration:
    """Where one rule system's parts live ("module:attribute"; "" where it has none).

    - ``rules``: the RuleSystem class.
    - ``ai``: the heuristic player, ``choose(view, decision, rng) -> option ids``.
    - ``hard_ai``: the hard player's own answers where they are not the heuristic player's
      (the same shape as ``ai``): what the search plays for its own seat, at the root and in
      its rollouts, while it still models every other seat as the heuristic player.
    - ``table``: the UI's Table class for the window (a pygame module).
    - ``terminal``: ``describe(session, seat) -> str``, the table as text for terminal play.
    - ``bench``: ``bench(games, seed) -> None``, the game's own benchmark lines.
    - ``deck_builder``: the UI's deck builder scene class, for a game whose players build their
      own decks (the title offers it; the New game screen picks a deck per seat through it).
    """

    id: str
    rules: str
    ai: str = ""
    hard_ai: str = ""
    table: str = ""
    terminal: str = ""
    bench: str = ""
    deck_builder: str = ""


def _record(system_id: str, package: str, **extra: str) -> Registration:
    table = extra.pop("table", f"game.ui.tables.{package}:TABLE")
    return Registration(system_id, rules=f"game.rulesets.{package}.system:{extra.pop('rules')}",
                        ai=f"game.rulesets.{package}.ai:choose", table=table, **extra)


_KNOWN: dict[str, Registration] = {
    record.id: record for record in (
        _record("fantasy-heroes", "fantasy_heroes", rules="FantasyHeroes",
                terminal="game.rulesets.fantasy_heroes.terminal:describe_territories"),
        _record("dungeon-delve", "dungeon_delve", rules="DungeonDelve",
                hard_ai="game.rulesets.dungeon_delve.ai:choose_hard",
                terminal="game.rulesets.dungeon_delve.terminal:describe_grid",
                bench="game.rulesets.dungeon_delve.bench:dungeon_delve_bench"),
        _record("champions-of-albion", "champions_of_albion", rules="ChampionsOfAlbion",
                terminal="game.rulesets.champions_of_albion.terminal:describe_albion",
                bench="game.rulesets.champions_of_albion.bench:albion_bench"),
        _record("buck-legacy", "buck_legacy", rules="BuckLegacy",
                hard_ai="game.rulesets.buck_legacy.ai:choose_hard",
                terminal="game.rulesets.buck_legacy.terminal:describe_buck",
                bench="game.rulesets.buck_legacy.bench:buck_bench"),
        _record("fantasy-adventures", "fantasy_adventures", rules="FantasyAdventures",
                hard_ai="game.rulesets.fantasy_adventures.ai:choose_hard",
                terminal="game.rulesets.fantasy_adventures.terminal:describe_adventures",
                bench="game.rulesets.fantasy_adventures.bench:adventures_bench",
                deck_builder="game.ui.scenes.deck_builder:DeckBuilderScene"),
    )
}

_LOADED: dict[str, RuleSystem] = {}


class Follow:
    """One part of a registered rule system (its content, its rules data) as a computer player
    reads it: the registered instance's own, never a module-level copy, with the caches worked
    out from it (``clearers``) cleared whenever it changes (a test swaps in other content)."""

    def __init__(self, system_id: str, attribute: str) -> None:
        self.system_id, self.attribute = system_id, attribute
        self.clearers: list[Callable[[], None]] = []
        self._current: object = None

    def __call__(self) -> Any:
        found = getattr(get(self.system_id), self.attribute)
        if found is not self._current:
            self._current = found
            for clear in self.clearers:
                clear()
        return found


def ids() -> tuple[str, ...]:
    """Every registered rule system id."""
    return tuple(_KNOWN)


def window_ids() -> tuple[str, ...]:
    """The rule systems the window can show: those with a table (the others play headless and
    in the terminal)."""
    return tuple(system_id for system_id, record in _KNOWN.items() if record.table)


def deck_builder_ids() -> tuple[str, ...]:
    """The rule systems whose players build their own decks (those with a deck builder)."""
    return tuple(system_id for system_id, record in _KNOWN.items() if record.deck_builder)


def register(record: Registration) -> None:
    """Add a rule system (tests add toy games this way; the shipped ones are listed above)."""
    _KNOWN[record.id] = record
    _LOADED.pop(record.id, None)


def unregister(system_id: str) -> None:
    _KNOWN.pop(system_id, None)
    _LOADED.pop(system_id, None)


def registration(system_id: str) -> Registration:
    """The registration record of ``system_id``."""
    record = _KNOWN.get(system_id)
    if record is None:
        raise FiveRealmsError(
            f"There is no rule system called '{system_id}'. Known: {', '.join(sorted(_KNOWN))}."
        )
    return record


def part(system_id: str, name: str) -> Any:
    """One named part of a rule system ("ai", "hard_ai", "table", "terminal", "bench", "deck_builder"),
    imported now; None when the system has no such part."""
    target: str = getattr(registration(system_id), name)
    if not target:
        return None
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def get(system_id: str) -> RuleSystem:
    """The rule system with this id (one shared, stateless instance)."""
    system = _LOADED.get(system_id)
    if system is not None:
        return system
    cls = part(system_id, "rules")
    system = cls()
    _LOADED[system_id] = system
    return system  # type: ignore[no-any-return]
