"""Items: who may own what (FA-166, FA-169, FA-172 to FA-175).

A hero may own any number of items but at most one of each class (the class noun in the
item's name, FA-172) and at most one of each item group (FA-173); a grant that would break
either limit is never offered (FA-175). Classes and groups come from the content (the class
nouns are matched as whole words when the content is loaded, A-29).
"""

from __future__ import annotations

from typing import Any

from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Player


def may_own(ctx: Ctx, player: Player, hero: str, item: str) -> bool:
    """Whether ``hero`` may be granted ``item`` next to what it owns (FA-172, FA-173)."""
    owned = player.items.get(hero)
    if not owned:
        return True
    limits = ctx.content.per_card("classes and item groups", _limits)
    classes, groups = limits[item]
    return not any(classes & limits[old][0] or groups & limits[old][1] for old in owned)


def _limits(item: Any) -> tuple[frozenset[str], frozenset[str]]:
    """An item's classes and item groups, of which a hero owns at most one each."""
    return frozenset(item.classes), frozenset(item.item_groups)
