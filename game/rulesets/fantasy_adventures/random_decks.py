"""Random legal Fantasy Adventures decks from the whole card pool, for property tests and soak
runs (issue 14): games with decks nobody chose, so the rules meet card mixes the starter deck
never deals (no monsters at all, twenty copies of one trap, a deck of only items and spells...).

:func:`random_deck` draws everything from the seeded generator it is given, so a seed names a
deck. Every deck it makes passes :func:`decks.check_deck`: it keeps to the rules check_deck
enforces as it picks, one card at a time:

- the Hero deck holds heroes only and at least 25 of them, worth at most 8000 GP (FA-020, FA-021);
- the Encounter deck holds the other card types and at least 60 cards, worth at most 15000 GP,
  of which items at most 5000 GP (FA-001, FA-017 to FA-019);
- a unique card at most once; other cards as often as the GP limits allow (FA-016, A-03).

A card is picked only if the cards still needed can be paid for with the cheapest card that
may be repeated and is no item (the *filler*), so the deck can always be finished.

Each deck favours some cards and leaves others out: in the Encounter deck every card type
(monster, trap, item, spell) gets a weight of 0 to :data:`MAX_WEIGHT`, and every card a weight
of 0 to MAX_WEIGHT times its type's; cards are picked in proportion to their weights, and when
no weighted card fits, the filler is taken. So some decks hold no spells, or no monsters but
the filler, and one card may fill half a deck.
"""

from __future__ import annotations

from collections import Counter

from game.core.errors import ContentError
from game.core.rng import Rng
from game.rulesets.fantasy_adventures.content import Card, FAContent, Item, standard_content
from game.rulesets.fantasy_adventures.decks import (
    ENCOUNTER_DECK_GP, ENCOUNTER_DECK_MIN, HERO_DECK_GP, HERO_DECK_MIN, ITEM_GP, DeckList, to_option,
)

EXTRA_CARDS = 6
"""The most cards a random deck holds above its part's minimum size."""
MAX_WEIGHT = 3
"""A card's weight in one deck is 0 (left out) to this."""


def random_deck(rng: Rng, content: FAContent, name: str = "Random deck") -> DeckList:
    """A legal deck list (check_deck finds nothing) drawn from ``rng``, cards listed in pool order."""
    hero = _random_part(rng, content, "hero", HERO_DECK_MIN, HERO_DECK_GP)
    encounter = _random_part(rng, content, "encounter", ENCOUNTER_DECK_MIN, ENCOUNTER_DECK_GP, ITEM_GP)
    return DeckList(name, hero, encounter)


def random_decks_option(rng: Rng, seats: int) -> tuple[tuple[str, ...], ...]:
    """The ``decks`` game option giving every seat its own random legal deck of the shipped
    pool, "Random deck 1" and on (GameOption.sample: soak runs play it)."""
    content = standard_content()
    return tuple(to_option(random_deck(rng, content, f"Random deck {seat + 1}")) for seat in range(seats))


def _random_part(rng: Rng, content: FAContent, which: str, minimum: int, gp_limit: int,
                 item_limit: int | None = None) -> tuple[tuple[str, int], ...]:
    """One part of a deck: ``minimum`` to ``minimum + EXTRA_CARDS`` cards within the GP limits."""
    pool = [card for card in content.pool() if card.deck == which]
    filler = _filler(pool, which)
    size = minimum + rng.below(EXTRA_CARDS + 1)
    if size * filler.gp > gp_limit:
        raise ContentError(f"no legal random {which} deck: {size} copies of '{filler.id}' exceed {gp_limit} GP")
    kinds = list(dict.fromkeys(card.kind for card in pool))
    # A part of one card type (the Hero deck) gets no type weight: a 0 would leave only filler.
    kind_weights = {kind: rng.below(MAX_WEIGHT + 1) if len(kinds) > 1 else 1 for kind in kinds}
    weights = [kind_weights[card.kind] * rng.below(MAX_WEIGHT + 1) for card in pool]
    copies: Counter[str] = Counter()
    gp = item_gp = 0
    for picked in range(size):
        # What is left once this card is paid must still buy the rest of the deck in filler.
        budget = gp_limit - gp - (size - picked - 1) * filler.gp

        def fits(card: Card) -> bool:
            return card.gp <= budget and not (card.unique and copies[card.id]) and \
                (item_limit is None or not isinstance(card, Item) or item_gp + card.gp <= item_limit)

        card = _weighted(rng, [(c, w) for c, w in zip(pool, weights) if w and fits(c)]) or filler
        copies[card.id] += 1
        gp += card.gp
        if isinstance(card, Item):
            item_gp += card.gp
    return tuple((card.id, copies[card.id]) for card in pool if copies[card.id])


def _filler(pool: list[Card], which: str) -> Card:
    """The cheapest card of ``pool`` that may be repeated and counts against no item limit."""
    repeatable = [card for card in pool if not card.unique and not isinstance(card, Item)]
    if not repeatable:
        raise ContentError(f"no legal random {which} deck: the pool has no non-unique card to repeat")
    return min(repeatable, key=lambda card: (card.gp, card.id))


def _weighted(rng: Rng, weighted: list[tuple[Card, int]]) -> Card | None:
    """One card picked in proportion to its weight, or None when there is none."""
    if not weighted:
        return None
    pick = rng.below(sum(w for _, w in weighted))
    for card, weight in weighted:
        if pick < weight:
            return card
        pick -= weight
    raise AssertionError("unreachable: pick is below the total weight")
