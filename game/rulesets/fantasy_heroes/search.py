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

from functools import partial

from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.fantasy_heroes.state import FHState, Seen


def _remembered(state: FHState, owner: int, viewer: int) -> frozenset[str]:
    """The cards of ``owner``'s hand that ``viewer`` knows (its memory: seen by Scrye, stolen)."""
    return frozenset(m.card for m in state.memory[viewer] if m.seat == owner) if viewer != owner else frozenset()


def zones(state: FHState) -> list[Zone]:
    """Where the cards lie and who sees them: the Battle deck and any cards a scenario set
    aside face down, each hand (its owner's; another seat knows the cards in its memory), the
    discard pile and the territories face up. The deck, the set-aside cards and the hands draw
    on one pool: a seat cannot tell an unseen card in one from an unseen card in another."""
    out = [Zone("deck", state.deck, seen_by=(), pool="battle"),
           Zone("set_aside", state.set_aside, seen_by=(), pool="battle"),
           Zone("discard", state.discard)]
    for p in state.players:
        out += [Zone(f"hand:{p.seat}", p.hand, owner=p.seat, seen_by=(p.seat,), pool="battle",
                     known=partial(_remembered, state, p.seat)),
                Zone(f"territories:{p.seat}", p.territories, owner=p.seat)]
    return out


def determinize(state: FHState, seat: int, rng: Rng) -> FHState:
    """``state`` (a private copy) with every card ``seat`` has not seen dealt again from the
    cards it has not seen (the kernel's redeal over :func:`zones`): each other hand keeps its
    size and the cards ``seat`` knows in it, the deck and the set-aside cards keep their
    sizes. Other seats' memories and reveals of the re-dealt cards follow their replacements,
    so every seat's knowledge stays true."""
    replaced = redeal(zones(state), seat, rng)
    for viewer, memory in enumerate(state.memory):
        if viewer != seat:
            state.memory[viewer] = [Seen(m.seat, replaced.get(m.card, m.card), m.how) for m in memory]
    for reveal in state.reveals:
        if reveal.viewer != seat:
            reveal.cards = [replaced.get(c, c) for c in reveal.cards]
    return state
