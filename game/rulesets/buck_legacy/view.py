"""What one seat may know of a Buck: Legacy game (checklist section 7).

Public: every Adventurer's record (Gold, Mana, Tesla, Medals, Combat Strength, Protection,
Magic Rank, maximum values, Active or Stunned: BL-033), equipment, Gifts and Curses, the
Dungeon cards in front of them, Distance Decks, the Zone or Boss, the fight and its dice,
the shop (unless the Blind shop option hides it, A-02), every discard pile and deck sizes.
Private: a backpack's cards (its size is public, BL-073), the Scout's look at the Dungeon deck.
"""

from __future__ import annotations

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView, CheckView, FightView


def _adventurer(state: BLState, content: BLContent, seat: int, viewer: int | None) -> AdventurerView:
    adv = state.adventurers[seat]
    own = viewer is None or viewer == seat
    return {
        "seat": seat,
        "name": adv.name,
        "race": adv.race,
        "klass": adv.klass,
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


def _fight(state: BLState, content: BLContent) -> FightView:
    """The battle as the table shows it: dice, Combat Points term by term, and the exact odds
    (odds.py) of the rolls to come and of the fight as it stands (issue 13, item 5)."""
    from game.core.events import EventLog
    from game.rulesets.buck_legacy import monsters
    from game.rulesets.buck_legacy.context import Ctx
    from game.rulesets.buck_legacy.dice_changes import final_black, final_red, final_white, monster_roll_modifier
    from game.rulesets.buck_legacy.odds import battle_odds, settled_odds

    fight = state.fight
    assert fight is not None
    ctx = Ctx(state, content, EventLog())
    resist, vulnerable = monsters.resist_and_vulnerable(ctx)
    strength = stats.combat_strength(state, content, fight.fighter, resist, vulnerable)
    level = monsters.level(ctx)
    ordinary, exempt = stats.roll_modifiers(state, content, fight.fighter)
    if fight.boss and fight.attack == 5 and not stats.has_flight(state, content, fight.fighter):
        ordinary -= 2
    black_mod = monster_roll_modifier(ctx)
    parry = stats.auto_parry(state, content, fight.fighter, vulnerable)
    fresh = battle_odds(strength, level, ordinary, exempt, black_mod, fight.instant_damage, parry)
    rolled = bool(fight.white)
    ours = final_white(ctx) + strength if rolled else 0
    theirs = final_black(ctx) + level - fight.instant_damage if rolled else 0
    chance = settled_odds(ours, theirs, strength, level, ordinary, exempt, black_mod, parry) if rolled \
        else fresh.eventual
    return {
        "fighter": fight.fighter, "monster": fight.monster, "boss": fight.boss,
        "name": monsters.boss_of(ctx).name if fight.boss else content.card(fight.monster).name,
        "white": fight.white, "black": fight.black, "red": fight.red,
        "white_final": final_white(ctx) if rolled else 0, "black_final": final_black(ctx) if rolled else 0,
        "red_final": final_red(ctx) if fight.red else 0,
        "instant_damage": fight.instant_damage, "hp": state.boss_hp if fight.boss else fight.hp,
        "attack": fight.attack, "strength": strength, "level": level, "escape": monsters.escape_need(ctx),
        "resist": list(resist), "vulnerable": list(vulnerable), "auto_parry": parry,
        "fighter_cp": ours, "monster_cp": theirs,
        "win": float(fresh.win), "tie": float(fresh.tie), "lose": float(fresh.lose),
        "chance": float(chance),
    }


def _check(state: BLState, content: BLContent) -> CheckView:
    from game.core.events import EventLog
    from game.rulesets.buck_legacy.context import Ctx
    from game.rulesets.buck_legacy.dice_changes import final_check

    check = state.check
    assert check is not None
    return {"seat": check.seat, "kind": check.kind, "need": check.need, "die": check.die, "change": check.change,
            "final": final_check(Ctx(state, content, EventLog()))}


def view(state: BLState, content: BLContent, seat: int | None) -> BLView:
    return {
        "ruleset": "buck-legacy",
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
        "fight": None if state.fight is None else _fight(state, content),
        "check": None if state.check is None else _check(state, content),
        "null_zone": state.null_zone,
        "acid_storm": state.acid_storm,
        "fortitude": list(state.fortitude),
        "winners": state.winners,
    }
