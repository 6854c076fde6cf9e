"""What one seat may know of a Buck: Legacy game (checklist section 7).

Public: every Adventurer's record (Gold, Mana, Tesla, Medals, Combat Strength, Protection,
Magic Rank, maximum values, Active or Stunned: BL-033), equipment, Gifts and Curses, the
Dungeon cards in front of them, Distance Decks, the Zone or Boss, the fight and its dice,
the shop (unless the Blind shop option hides it, A-02), every discard pile and deck sizes.
Private: a backpack's cards (its size is public, BL-073), the Scout's look at the Dungeon deck.
"""

from __future__ import annotations

from typing import Any

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.state import BLState


def _adventurer(state: BLState, content: BLContent, seat: int, viewer: int | None) -> dict[str, Any]:
    adv = state.adventurers[seat]
    own = viewer is None or viewer == seat
    return {
        "seat": seat,
        "name": adv.name,
        "race": adv.race,
        "class": adv.klass,
        "gold": adv.gold,
        "mana": adv.mana,
        "max_mana": stats.max_mana(state, content, seat),
        "tesla": adv.tesla,
        "max_tesla": stats.max_tesla(state, content, seat),
        "medals": adv.medals,
        "stunned": adv.stunned,
        "strength": stats.combat_strength(state, content, seat),
        "protection": stats.protection(state, content, seat),
        "magic_rank": stats.magic_rank(state, content, seat),
        "flight": stats.has_flight(state, content, seat),
        "backpack_limit": stats.backpack_limit(state, content, seat),
        "large_limit": stats.large_limit(state, content, seat),
        "slots": dict(adv.slots),
        "coatings": dict(adv.coatings),
        # a transmuted item in the backpack is private like the rest of it (BL-073)
        "transmuted": {top: bottom for top, bottom in adv.transmuted.items() if own or top in adv.slots.values()},
        "backpack": list(adv.backpack) if own else None,
        "backpack_size": len(adv.backpack),
        "attached": list(adv.attached),
        "in_front": list(adv.in_front),
        "distance_deck": list(adv.distance_deck),
        "defeated": list(adv.defeated),
        "actions_left": adv.actions_left,
        "done": adv.done,
        "drew_monster": adv.drew_monster,
        "supported": adv.supported,
        "support_received": adv.support_received,
        "peeked": adv.peeked if own else "",
    }


def view(state: BLState, content: BLContent, seat: int | None) -> dict[str, Any]:
    fight = state.fight
    return {
        "seat": seat,
        "seats": state.seats,
        "part": state.part,
        "adventure": state.adventure,
        "dealer": state.dealer,
        "priority": state.priority(),
        "quick": state.quick,
        "target": state.target,
        "bosses_defeated": state.bosses_defeated,
        "adventurers": [_adventurer(state, content, s, seat) for s in range(state.seats)],
        "shop": [] if state.blind_shop else list(state.shop),
        "shop_size": len(state.shop),
        "blind_shop": state.blind_shop,
        "zone": state.zone,
        "boss_up": state.boss_up,
        "boss_hp": state.boss_hp,
        "purple": list(state.purple),
        "decks": {"items": len(state.items_deck), "dungeon": len(state.dungeon_deck),
                  "treasure": len(state.treasure_deck)},
        "discards": {"items": list(state.items_discard), "dungeon": list(state.dungeon_discard),
                     "treasure": list(state.treasure_discard)},
        "fight": None if fight is None else {
            "fighter": fight.fighter, "monster": fight.monster, "boss": fight.boss, "white": fight.white,
            "black": fight.black, "red": fight.red, "white_mod": fight.white_mod, "black_mod": fight.black_mod,
            "red_mod": fight.red_mod, "instant_damage": fight.instant_damage, "hp": fight.hp, "attack": fight.attack,
        },
        "check": None if state.check is None else {
            "seat": state.check.seat, "kind": state.check.kind, "need": state.check.need, "die": state.check.die,
            "change": state.check.change,
        },
        "null_zone": state.null_zone,
        "acid_storm": state.acid_storm,
        "fortitude": list(state.fortitude),
        "winners": state.winners,
    }
