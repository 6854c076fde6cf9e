"""The face-down piles of Champions of Albion, top last (the kernel's convention, game.core.cards).

The resource, bane, quest, enemy and event decks, each world deck and the more dangerous
enemies waiting beside the main enemy are lists whose last element is the top (drawn next,
:func:`game.core.cards.draw`) and whose first is the bottom.

These piles were once kept top first. A game is its seed and its choices (a save replays
them), so every shuffle here gives the top card that the old order gave: a new pile is
shuffled in the order it was built and then turned over (:func:`deal`); a pile in play is
turned back, shuffled and turned over again (:func:`shuffle`). That is why the kernel's
``shuffle_into``, which shuffles the list as it lies, is not used.
"""

from __future__ import annotations

from typing import Iterable

from game.core.rng import Rng
from game.rulesets.champions_of_albion.state import CAState


def deal(rng: Rng, pile: list[str]) -> None:
    """Shuffle a newly built pile (its cards in the order they were gathered), top last."""
    rng.shuffle(pile)
    pile.reverse()


def shuffle(rng: Rng, pile: list[str]) -> None:
    """Shuffle a pile in play (top last before and after)."""
    pile.reverse()
    deal(rng, pile)


def to_bottom(pile: list[str], cards: Iterable[str]) -> None:
    """Cards go under the pile one after another (the last of them ends at the bottom)."""
    pile[:0] = reversed(list(cards))


def shuffle_in(rng: Rng, pile: list[str], cards: Iterable[str]) -> None:
    """Cards go under the pile and the whole pile is shuffled."""
    to_bottom(pile, cards)
    shuffle(rng, pile)


def top(pile: list[str], count: int) -> list[str]:
    """The top ``count`` cards, the top one first (as a player lifts them)."""
    return pile[::-1][:count]


def put_on_top(pile: list[str], cards: list[str]) -> None:
    """Lay ``cards`` (the top one first) in place of the pile's top ``len(cards)`` cards."""
    pile[len(pile) - len(cards):] = reversed(cards)


def from_top(pile: list[str], card: str) -> int:
    """How many cards are turned up from the top to reach ``card`` (it included)."""
    return len(pile) - pile.index(card)


def face_down(state: CAState) -> list[list[str]]:
    """Every face-down pile of the state (the state's own lists)."""
    return [state.resource_deck, state.bane_deck, state.quest_deck, state.enemy_deck, state.dangerous_waiting,
            state.event_deck, *state.world_decks.values()]
