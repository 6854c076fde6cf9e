"""Zones: the places where a game's cards and tokens lie, as its rules declare them.

A rule system names its zones (:meth:`RuleSystem.zones`): a deck, the discard pile, each
player's hand, the tokens face down beside the board. Each says whose it is, who may see
what lies in it (everyone, its owner, nobody), and which *pool* of cards it draws on: zones
of one pool hold cards that a seat who cannot see them could mistake for one another (the
Battle deck and the other players' hands), while cards of two pools (search cards and
overlord cards) are never confused. A seat may also *know* some cards of a zone it cannot see
(a hand it looked at with a spell).

Two things follow from the declaration, the same for every game:

- :func:`facts`: what a view says of each zone (its size, whether the seat sees inside);
- :func:`redeal`: the heart of determinization (issue 11): every card a seat neither sees nor
  knows is dealt again, at random, from the unseen cards of its pool, into the same places,
  so each zone keeps its size and everything the seat knows stays true.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, TypedDict

from game.core.rng import Rng


def nobody_knows(seat: int) -> frozenset[str]:
    """The cards of a zone that ``seat`` knows without seeing it: by default none."""
    return frozenset()


class Zone(NamedTuple):
    """One declared zone. ``cards`` is the state's own list (``redeal`` writes into it).

    ``seen_by`` is None when everyone sees its cards (face up), else the seats that do (a
    hand: its owner; a face-down deck: nobody, ``()``). ``known(seat)`` gives the cards of the
    zone that ``seat`` knows are there without seeing the zone, worked out only when a
    determinization asks. (A named tuple: every view declares its zones, so making one must
    cost next to nothing.)
    """

    name: str
    cards: list[str]
    owner: int | None = None
    seen_by: tuple[int, ...] | None = None
    pool: str = ""
    known: Callable[[int], frozenset[str]] = nobody_knows

    def visible_to(self, seat: int | None) -> bool:
        return self.seen_by is None or (seat is not None and seat in self.seen_by)

    @property
    def pool_name(self) -> str:
        return self.pool or self.name


class ZoneFacts(TypedDict):
    """What a view says of one zone (:func:`facts`)."""

    name: str
    owner: int | None
    face_up: bool
    seen: bool
    count: int


def facts(zones: Iterable[Zone], seat: int | None) -> list[ZoneFacts]:
    """What a view tells ``seat`` of each zone: its name, owner, whether its cards lie face
    up for everyone, whether this seat sees them, and how many there are."""
    return [{"name": name, "owner": owner, "face_up": seen_by is None,
             "seen": seen_by is None or (seat is not None and seat in seen_by), "count": len(cards)}
            for name, cards, owner, seen_by, _pool, _known in zones]


def redeal(zones: Iterable[Zone], seat: int, rng: Rng) -> dict[str, str]:
    """Deal again every card ``seat`` cannot see and does not know, from the unseen cards of
    its pool, into the places they held. Returns what replaced what (old card -> new card)
    for the cards that moved, so a rule system can carry other seats' knowledge along."""
    hidden = [z for z in zones if not z.visible_to(seat)]
    by_pool: dict[str, list[Zone]] = {}
    for zone in hidden:
        by_pool.setdefault(zone.pool_name, []).append(zone)
    replaced: dict[str, str] = {}
    for pool_zones in by_pool.values():
        knowledge = [zone.known(seat) for zone in pool_zones]
        unseen = [c for z, known in zip(pool_zones, knowledge) for c in z.cards if c not in known]
        # Sorted before the shuffle: where the unseen cards really lie must not show in the
        # deal, so two games the seat cannot tell apart give the same determinization for a
        # seed (a search reads nothing of the real position, issue 15).
        unseen.sort()
        rng.shuffle(unseen)
        for zone, known in zip(pool_zones, knowledge):
            for index, card in enumerate(zone.cards):
                if card in known:
                    continue
                new = unseen.pop()
                zone.cards[index] = new
                if new != card:
                    replaced[card] = new
    return replaced
