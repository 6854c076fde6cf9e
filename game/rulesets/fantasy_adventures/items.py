"""Items: who may own what (FA-166, FA-169, FA-172 to FA-175).

A hero may own any number of items but at most one of each class (the class noun in the
item's name, FA-172) and at most one of each item group (FA-173); a grant that would break
either limit is never offered (FA-175). Classes and groups come from the content (the class
nouns are matched as whole words when the content is loaded, A-29).
"""

from __future__ import annotations

from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Player


def may_own(ctx: Ctx, player: Player, hero: str, item: str) -> bool:
    """Whether ``hero`` may be granted ``item`` next to what it owns (FA-172, FA-173)."""
    new = ctx.card(item)
    for owned in player.items.get(hero, []):
        old = ctx.card(owned)
        if set(old.classes) & set(new.classes) or set(old.item_groups) & set(new.item_groups):
            return False
    return True
