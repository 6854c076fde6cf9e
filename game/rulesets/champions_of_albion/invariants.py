"""What always holds in a Champions of Albion game, whatever is played (soak and the
property tests check it after every choice): cards and tokens are neither lost nor
duplicated, tracks stay within their bounds, and an ordinary enemy's card is in the camp
exactly while one of its standees is on the map."""

from __future__ import annotations

from collections import Counter

from game.rulesets.champions_of_albion.content import CAContent
from game.rulesets.champions_of_albion.state import CAState

AID_TOKENS = Counter({1: 8, 2: 4})
SHADOW_TOKENS = 18
QUEST_TOKENS = 12
HAND_SIZE = 5


def problems(state: CAState, content: CAContent) -> list[str]:
    out: list[str] = []
    playing = [c for c in state.champions if state.players[c.seat].champion == c.id]
    # CA-171, CA-127 (G-26): every resource card is in the deck, the Hand or on a champion in play.
    places = Counter(state.resource_deck) + Counter(state.hand)
    for c in playing:
        places += Counter(c.resources)
    if places != Counter(list(content.resources)):
        out.append("resource cards lost or duplicated (CA-171)")
    # CA-176: banes are in the deck or attached.
    banes = Counter(state.bane_deck)
    for c in playing:
        banes += Counter(c.banes)
    if banes != Counter({b.id: b.count for b in content.banes.values()}):
        out.append("bane cards lost or duplicated (CA-176)")
    # CA-073, G-40: the twelve aid tokens.
    aid = Counter(state.aid_supply)
    for c in playing:
        aid += Counter(c.aid)
    if aid != AID_TOKENS:
        out.append(f"aid tokens lost or duplicated: {dict(aid)} (CA-073)")
    # CA-181, G-27: eighteen shadow tokens, on the map or in the face-down supply.
    if len(state.shadows) + len(state.shadow_supply) != SHADOW_TOKENS:
        out.append(f"{len(state.shadows)} shadows on the map and {len(state.shadow_supply)} in the supply, "
                   f"not {SHADOW_TOKENS} (CA-181)")
    if len(state.shadows) != len(state.shadow_backs):
        out.append("a shadow on the map without its back, or a back without its shadow")
    # CA-180: quest tokens are in the supply, on the map, on champion cards or removed.
    if len(state.quest_tokens) + len(state.quest_supply) > QUEST_TOKENS:
        out.append(f"more than {QUEST_TOKENS} quest tokens (CA-180)")
    # CA-191: an ordinary enemy's card is in the camp exactly while a standee is on the map.
    on_map = {e.card for e in state.enemies if e.kind == "ordinary"}
    if set(state.camp) != on_map:
        out.append("the camp does not hold exactly the cards of the ordinary enemies on the map (CA-191)")
    if set(state.camp) & set(state.enemy_deck):
        out.append("an enemy card is both in the camp and in the deck")
    if set(state.camp) | set(state.enemy_deck) != set(content.enemies):
        out.append("enemy cards lost (not in the camp nor in the deck)")
    for card in on_map:
        standees = sum(1 for e in state.enemies if e.card == card)
        if standees > content.enemies[card].standees:
            out.append(f"{standees} standees of {card} on the map, more than it has")
    # CA-046, CA-126: tracks within bounds; a champion at 0 is no longer in play.
    for c in playing:
        sheet = content.champions[c.id]
        if not (0 < c.life <= sheet.life and 0 < c.will <= sheet.will):
            out.append(f"{c.id} in play with life {c.life}/{sheet.life}, will {c.will}/{sheet.will} (CA-046)")
        if c.gold < 0:
            out.append(f"{c.id} has {c.gold} gold")
    # CA-129: a seat that lost in Act 2 has no champion.
    if any(p.champion for p in state.players if p.lost):
        out.append("a seat that lost still has a champion (CA-129)")
    if len(state.hand) > HAND_SIZE:
        out.append(f"the Hand holds {len(state.hand)} cards, more than {HAND_SIZE} (CA-054)")
    return out
