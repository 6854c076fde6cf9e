"""What one seat may know of a Buck: Legacy game (checklist section 7).

Public: every Adventurer's record (Gold, Mana, Tesla, Medals, Combat Strength, Protection,
Magic Rank, maximum values, Active or Stunned: BL-033), equipment, Gifts and Curses, the
Dungeon cards in front of them, Distance Decks, the Zone or Boss, the fight and its dice,
the shop (unless the Blind shop option hides it, A-02), every discard pile and deck sizes.
Private: a backpack's cards (its size is public, BL-073), the Scout's look at the Dungeon deck.
"""

from __future__ import annotations

from game.core.events import EventLog
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.adventure import distance_total
from game.rulesets.buck_legacy.content import BLContent, Effect
from game.rulesets.buck_legacy.context import Ctx
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView, CheckView, FightView
from game.rulesets.buck_legacy.vocabulary import SLOTS

OTHER_SOURCE = "Other effects"
"""The part of Combat Strength whose card could not be named (none in the shipped content)."""


def _sources(state: BLState, content: BLContent, seat: int) -> dict[int, str]:
    """The card each modifier that may reach ``seat`` is printed on, by the modifier's identity
    (content effects are shared objects): the Adventurer's own cards, a transmuted item's
    bottom card, the Dungeon cards in play and the Zone. Which modifiers reach the Adventurer
    is still ``stats.adventurer_effects``'s answer; this only names where each comes from."""
    adv = state.adventurers[seat]
    names: dict[int, str] = {}

    def add(name: str, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            names.setdefault(id(effect), name)

    for card in stats.own_cards(content, adv):
        add(card.name, card.abilities)
    for top, bottom in adv.transmuted.items():
        if top in adv.slots.values():
            add(content.card(bottom).name, stats.transmuted_abilities(content, adv, top))
    for card_id in stats.cards_in_play(state):
        found = content.dungeon_card(card_id)
        add(found.name, found.abilities)
    if state.zone:
        zone = content.zones[state.zone]
        add(zone.name, zone.abilities)
    return names


def strength_parts(state: BLState, content: BLContent, seat: int, resist: tuple[str, ...] = (),
                   vulnerable: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """Combat Strength term by term, each with the name of what gives it: Race, Class, each
    equipped card (the weapon with its coating and bonuses to it, adjusted against ``resist``
    and ``vulnerable``, BL-120 to BL-123), each other card whose modifier holds now, and
    Support (BL-111, BL-139). The terms add up to ``stats.combat_strength`` (a test holds the
    two together); that one stays a bare sum, as the rules and the search call it in their
    inner loops, and the view takes its total from these terms instead, at the same cost."""
    adv = state.adventurers[seat]
    parts: dict[str, int] = {}

    def add(name: str, value: int, always: bool = False) -> None:
        if value or always:
            parts[name] = parts.get(name, 0) + value

    if adv.race:
        add(content.races[adv.race].name, content.races[adv.race].cs, always=True)
    if adv.klass:
        add(content.classes[adv.klass].name, content.classes[adv.klass].cs, always=True)
    for slot in SLOTS:
        card = adv.slots.get(slot)
        if card is None:
            continue
        if slot == "weapon":
            add(content.gear(card).name, stats.weapon_strength(state, content, seat, None, resist, vulnerable),
                always=True)
        else:
            add(content.gear(card).name, content.gear(card).cs)
    creature = stats.fought_creature(state, content, seat)
    sources: dict[int, str] | None = None
    for effect in stats.adventurer_effects(state, content, seat):
        if effect.verb != "combat_strength" or effect.get("weapon", False) \
                or not stats.applies(state, content, seat, effect, creature):
            continue
        if sources is None:  # named only when a modifier holds (most Adventurers have none)
            sources = _sources(state, content, seat)
        add(sources.get(id(effect), OTHER_SOURCE), int(effect.get("amount", 0)))
    add("Support", adv.support_received)
    return list(parts.items())


def _counters(content: BLContent, cards: list[str]) -> tuple[int, int]:
    """(Distance, Trophy) counters among the cards of a Distance Deck (BL-101)."""
    distance = trophy = 0
    for card in cards:
        counter = content.dungeon_card(card).counter
        distance += counter == "distance"
        trophy += counter == "trophy"
    return distance, trophy


def _adventurer(state: BLState, content: BLContent, seat: int, viewer: int | None) -> AdventurerView:
    adv = state.adventurers[seat]
    own = viewer is None or viewer == seat
    parts = strength_parts(state, content, seat)
    distance, trophies = _counters(content, adv.distance_deck)
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
        "strength": sum(value for _, value in parts),
        "strength_parts": parts,
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
        "distance": distance,
        "trophies": trophies,
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
    from game.rulesets.buck_legacy import monsters
    from game.rulesets.buck_legacy.dice_changes import final_black, final_red, final_white, monster_roll_modifier
    from game.rulesets.buck_legacy.odds import battle_odds, settled_odds

    fight = state.fight
    assert fight is not None
    ctx = Ctx(state, content, EventLog())
    resist, vulnerable = monsters.resist_and_vulnerable(ctx)
    parts = strength_parts(state, content, fight.fighter, resist, vulnerable)
    strength = sum(value for _, value in parts)
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
        "attack": fight.attack, "strength": strength, "strength_parts": parts, "level": level, "escape": monsters.escape_need(ctx),
        "resist": list(resist), "vulnerable": list(vulnerable), "auto_parry": parry,
        "fighter_cp": ours, "monster_cp": theirs,
        "win": float(fresh.win), "tie": float(fresh.tie), "lose": float(fresh.lose),
        "chance": float(chance),
    }


def _check(state: BLState, content: BLContent) -> CheckView:
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
        "distance_total": distance_total(Ctx(state, content, EventLog())) if state.zone else 0,
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
