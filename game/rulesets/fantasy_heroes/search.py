"""Search hooks of Fantasy Heroes (issue 11, item 2): a state dealt again as one seat may
believe it to be, and the game's own estimate of how well a seat stands.

What a seat knows (checklist section 7): its own hand, every card on the table and in the
discard pile, every territory (dealt face up; the undealt ones are listed), the hand and
deck sizes, and the cards it knows to be in another hand now (``state.memory``: seen
through Scrye, or stolen from it; an entry goes when its card leaves that hand). The rest,
the other hands' unknown cards, the Battle deck's order and any cards a scenario set aside
unseen, is one pool it has not seen.

One simplification: after the discard pile has been shuffled into a new deck (FH-017) a
seat could in principle tell which of the unseen cards were in that pile; the pool here
treats all unseen cards alike.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.rulesets.fantasy_heroes.state import FHState, Seen


def known_cards(state: FHState, seat: int, other: int) -> list[str]:
    """The cards of ``other``'s hand that ``seat`` knows to be there, in hand order."""
    remembered = {m.card for m in state.memory[seat] if m.seat == other}
    return [c for c in state.players[other].hand if c in remembered]


def determinize(state: FHState, seat: int, rng: Rng) -> FHState:
    """``state`` (a private copy) with every card ``seat`` has not seen dealt again from the
    cards it has not seen: each other hand keeps its size and the cards ``seat`` knows in it,
    the deck and the set-aside cards keep their sizes. Other seats' memories and reveals of
    the re-dealt hands follow their cards' replacements, so every seat's knowledge stays true."""
    others = [p for p in state.players if p.seat != seat]
    kept = {p.seat: known_cards(state, seat, p.seat) for p in others}
    pool: list[str] = []
    for p in others:
        pool += [c for c in p.hand if c not in kept[p.seat]]
    pool += state.deck + state.set_aside
    if not pool:
        return state
    rng.shuffle(pool)
    replaced: dict[int, dict[str, str]] = {}
    for p in others:
        mapping: dict[str, str] = {}
        hand = []
        for c in p.hand:
            if c in kept[p.seat]:
                hand.append(c)
            else:
                mapping[c] = pool.pop()
                hand.append(mapping[c])
        p.hand = hand
        replaced[p.seat] = mapping
    state.set_aside = [pool.pop() for _ in state.set_aside]
    state.deck = pool
    for viewer, memory in enumerate(state.memory):
        if viewer != seat:
            state.memory[viewer] = [Seen(m.seat, replaced.get(m.seat, {}).get(m.card, m.card), m.how)
                                    for m in memory]
    for reveal in state.reveals:
        if reveal.viewer != seat:
            reveal.cards = [replaced.get(reveal.of, {}).get(c, c) for c in reveal.cards]
    return state
