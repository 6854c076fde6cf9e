"""Search hooks of Buck: Legacy (issue 11, item 2): where the cards lie and who sees them, a
state dealt again as one seat may believe it to be, and the game's own estimate of a seat.

What a seat knows (checklist section 7): everything in play, every Distance Deck, the discard
piles, the purple deck and the Character Creation cards, the shop (unless the Blind shop hides
it, A-02), its own backpack, a card offered to it (trade.py) and, a Scout, the top Dungeon card
it looked at. Hidden: the order
of the Items, Dungeon and Treasure decks, the other backpacks' cards. A backpack's cards show
their backs, so everyone knows how many of them are Items and how many Treasures: the two are
declared as two zones of two pools, never dealt into each other.

One simplification: a card that entered a backpack in public (bought from the open shop) could
be remembered by the others; here it counts as unseen, which only hides from a search what it
might have known, never the other way.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.state import BLState
from game.rulesets.buck_legacy.trade import offered_to


def _peeked(state: BLState, viewer: int) -> frozenset[str]:
    """The top Dungeon card a Scout looked at, while it is still on top (section 7)."""
    peek = state.adventurers[viewer].peeked
    return frozenset({peek}) if peek and state.dungeon_deck and state.dungeon_deck[-1] == peek else frozenset()


def zones(state: BLState, content: BLContent, *, by_weight: bool = False) -> list[Zone]:
    """Every place a hidden card may lie, and the public ones beside them. A backpack is split
    by deck (``items`` / ``treasure``): lists made for the declaration, written back by
    :func:`determinize`. ``by_weight`` splits the Items and Treasure pools into Light and Large
    (determinize's last resort)."""
    def pool(deck: str, cards: list[str]) -> list[tuple[str, list[str]]]:
        if not by_weight:
            return [(deck, cards)]
        return [(deck, [c for c in cards if not content.gear(c).large]),
                (deck + "_large", [c for c in cards if content.gear(c).large])]

    out = []
    for name, cards in pool("items", state.items_deck):
        out.append(Zone(f"{name}_deck", cards, seen_by=(), pool=name))
    for name, cards in pool("items", state.shop):
        out.append(Zone(f"shop_{name}", cards, seen_by=() if state.blind_shop else None, pool=name))
    out.append(Zone("dungeon_deck", state.dungeon_deck, seen_by=(), pool="dungeon",
                    known=lambda seat: _peeked(state, seat)))
    for name, cards in pool("treasure", state.treasure_deck):
        out.append(Zone(f"{name}_deck", cards, seen_by=(), pool=name))
    out += [Zone("items_discard", state.items_discard), Zone("dungeon_discard", state.dungeon_discard),
            Zone("treasure_discard", state.treasure_discard)]
    for adv in state.adventurers:
        for deck in ("items", "treasure"):
            for name, cards in pool(deck, [c for c in adv.backpack if content.card(c).deck == deck]):
                out.append(Zone(f"backpack_{name}:{adv.seat}", cards, owner=adv.seat, seen_by=(adv.seat,),
                                pool=name, known=lambda seat: offered_to(state, seat)))
        out.append(Zone(f"distance:{adv.seat}", adv.distance_deck, owner=adv.seat))
    return out


DEALS = 60
"""Deals tried before the last resort of keeping each backpack's Large cards Large."""


def determinize(state: BLState, content: BLContent, seat: int, rng: Rng) -> BLState:
    """``state`` (a private copy) with every card ``seat`` has not seen dealt again from the
    unseen cards of its pool; each backpack keeps its size and its mix of Items and Treasures.

    A deal that leaves another Adventurer over a limit they must keep (too many Large cards,
    BL-068) cannot be the real state, so it is dealt again; after many such deals (rare: a
    backpack full of Large cards) the Large cards of each backpack are dealt among Large cards."""
    saved = {"items_deck": list(state.items_deck), "dungeon_deck": list(state.dungeon_deck),
             "treasure_deck": list(state.treasure_deck), "shop": list(state.shop)}
    backpacks = [list(a.backpack) for a in state.adventurers]
    peeks = [a.peeked for a in state.adventurers]
    for attempt in range(DEALS + 1):
        for name, cards in saved.items():
            setattr(state, name, list(cards))
        for adv, cards, peek in zip(state.adventurers, backpacks, peeks):
            adv.backpack, adv.peeked = list(cards), peek
        _deal(state, content, seat, rng, by_weight=attempt == DEALS)
        if not any(stats.over_limits(state, content, a.seat) and a.seat != seat for a in state.adventurers):
            break
    return state


def _deal(state: BLState, content: BLContent, seat: int, rng: Rng, *, by_weight: bool) -> None:
    declared = zones(state, content, by_weight=by_weight)
    replaced = redeal(declared, seat, rng)
    by_name = {z.name: z for z in declared}
    for adv in state.adventurers:  # another Scout's look follows the card dealt in its place
        if adv.seat != seat and adv.peeked:
            adv.peeked = replaced.get(adv.peeked, adv.peeked)
    for adv in state.adventurers:
        fresh = {part: list(by_name[f"backpack_{part}:{adv.seat}"].cards) for part in _parts(by_weight)}
        adv.backpack = [fresh[_part(content, c, by_weight)].pop(0) for c in adv.backpack]
    if by_weight:  # the decks and the shop were declared in parts too: put them back together
        for attr, zone_of in (("items_deck", "{}_deck"), ("treasure_deck", "{}_deck"), ("shop", "shop_{}")):
            parts = {p: list(by_name[zone_of.format(p)].cards) for p in _parts(True) if zone_of.format(p) in by_name}
            setattr(state, attr, [parts[_part(content, c, True)].pop(0) for c in getattr(state, attr)])


def _parts(by_weight: bool) -> tuple[str, ...]:
    return ("items", "treasure", "items_large", "treasure_large") if by_weight else ("items", "treasure")


def _part(content: BLContent, card: str, by_weight: bool) -> str:
    deck = content.card(card).deck
    return deck + "_large" if by_weight and content.gear(card).large else deck


def features(state: BLState, content: BLContent, seat: int) -> dict[str, float]:
    """What the position estimate weighs for ``seat`` (fitted by ``python -m game fit-estimate``
    to games between normal players; content/estimate.json): its Medals, Distance, Trophies,
    Combat Strength and Gold, each on its own and against the best of the others' (the race is
    for the most Medals), and how far the party is toward the Bosses that end the game."""
    def own(s: int) -> tuple[float, ...]:
        adv = state.adventurers[s]
        return (adv.medals, len(adv.distance_deck), len(adv.defeated),
                stats.combat_strength(state, content, s), adv.gold, len(adv.backpack) + len(adv.slots))

    names = ("medals", "distance", "trophies", "strength", "gold", "gear")
    mine = own(seat)
    others = [own(s) for s in range(state.seats) if s != seat] or [mine]
    out = {f"own_{n}": float(v) for n, v in zip(names, mine)}
    for i, n in enumerate(names):
        out[f"{n}_lead"] = float(mine[i] - max(o[i] for o in others))
    out["medals_tied_first"] = float(mine[0] == max(o[0] for o in others))
    out["bosses_to_go"] = float(max(0, state.target - state.bosses_defeated))
    out["boss_up"] = float(state.boss_up)
    out["stunned"] = float(state.adventurers[seat].stunned)
    out["adventures"] = float(state.adventure)
    # A Medal lead counts for more with fewer Bosses left to turn it round.
    out["medals_lead_late"] = out["medals_lead"] / (1.0 + out["bosses_to_go"])
    out["medals_tied_first_late"] = out["medals_tied_first"] / (1.0 + out["bosses_to_go"])
    return out
