"""What must always hold in a Buck: Legacy game, whatever is played (soak and the conformance
suite check it after every choice): every card is in exactly one place, nothing is made or
lost; Gold never below 0 (BL-036); Mana and Tesla within their maxima (BL-209, BL-228);
Market Actions between 0 and 3 (BL-051); a backpack over its limits only while its owner is
being asked to dispose of a card (BL-068, BL-075); the Boss's HP within 0 and its start (BL-135).
"""

from __future__ import annotations

from collections import Counter

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.state import MARKET_ACTIONS, BLState


def everywhere(state: BLState) -> Counter[str]:
    """Every card instance in the state, counted wherever it lies."""
    found: Counter[str] = Counter()
    for pile in (state.items_deck, state.items_discard, state.dungeon_deck, state.dungeon_discard,
                 state.treasure_deck, state.treasure_discard, state.shop, state.removed, state.purple,
                 state.characters, state.unfought):
        found.update(pile)
    if state.zone:
        found[state.zone] += 1
    if (monster := state.monster_in_battle()) is not None:
        found[monster] += 1
    for step in state.stack:  # cards between two places while a question is pending
        if step["step"] == "keep_treasure":
            found.update(step["cards"])
        elif step["step"] == "settle_card" and step["card"] not in state.adventurers[step["seat"]].attached:
            found[step["card"]] += 1
    for adv in state.adventurers:
        found.update(c for c in (adv.race, adv.klass) if c)
        found.update(adv.slots.values())
        found.update(adv.coatings.values())
        found.update(adv.transmuted.values())
        for pile in (adv.backpack, adv.attached, adv.in_front, adv.distance_deck):
            found.update(pile)
    return found


def expected(content: BLContent) -> Counter[str]:
    cards: Counter[str] = Counter()
    for table in (content.items, content.treasures, content.dungeon):
        cards.update(content.deck(table))
    cards.update(list(content.zones))
    cards.update(list(content.races))
    cards.update(list(content.classes))
    cards.update(list(content.starting_weapons))
    return cards


def problems(state: BLState, content: BLContent) -> list[str]:
    out: list[str] = []
    found, wanted = everywhere(state), expected(content)
    for card in sorted(set(found) | set(wanted)):
        if found[card] != wanted[card]:
            out.append(f"card {card} is in {found[card]} places, not {wanted[card]}")
    overflowing = {s["seat"] for s in state.stack if s["step"] == "overflow"}
    for adv in state.adventurers:
        who = adv.name
        if adv.gold < 0:
            out.append(f"{who} has {adv.gold} Gold")
        if not 0 <= adv.mana <= stats.max_mana(state, content, adv.seat):
            out.append(f"{who} has {adv.mana} Mana of {stats.max_mana(state, content, adv.seat)}")
        if not 0 <= adv.tesla <= stats.max_tesla(state, content, adv.seat):
            out.append(f"{who} has {adv.tesla} Tesla of {stats.max_tesla(state, content, adv.seat)}")
        if not 0 <= adv.actions_left <= MARKET_ACTIONS:
            out.append(f"{who} has {adv.actions_left} Market Actions")
        if stats.over_limits(state, content, adv.seat) and adv.seat not in overflowing:
            out.append(f"{who} is over the backpack or Large limit with nobody asking them to fix it")
        if set(adv.defeated) - set(adv.distance_deck):
            out.append(f"{who} has defeated Monsters outside the Distance Deck")
    if state.zone and state.boss_up:
        boss = content.zones[state.zone].boss
        assert boss is not None
        if not 0 <= state.boss_hp <= boss.hp:
            out.append(f"the Boss has {state.boss_hp} HP of {boss.hp}")
    return out
