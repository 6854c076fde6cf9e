"""What must hold in every Fantasy Adventures state, whatever is played (``soak`` and the
property tests check it after every choice): every card of every player lies in exactly one
place, no rank holds more than four heroes (FA-029), items lie only under heroes of their
owner's party (FA-166), marks name heroes in play, hands hold Encounter cards only (FA-001),
and during an Encounter the game's stage is the Encounter's (FA-043).
"""

from __future__ import annotations

from typing import Any

from game.core.cards import owner_of
from game.rulesets.fantasy_adventures.state import RANK_SIZE, FAState


def places(state: FAState) -> dict[str, list[str]]:
    """Every list of cards in the state, by a name for messages."""
    out: dict[str, list[str]] = {}
    for p in state.players:
        tag = f"player {p.seat + 1}"
        out[f"{tag} hero deck"] = p.hero_deck
        out[f"{tag} hero discard"] = p.hero_discard
        out[f"{tag} encounter deck"] = p.encounter_deck
        out[f"{tag} encounter discard"] = p.encounter_discard
        out[f"{tag} hand"] = p.hand
        out[f"{tag} drawn"] = p.drawn
        out[f"{tag} party"] = [h for h in p.front + p.back if h is not None]
        out[f"{tag} items"] = [i for owned in p.items.values() for i in owned]
    for target, stack in state.stacks.items():
        out[f"stack on {int(target) + 1}"] = stack
    if state.encounter is not None:
        out["encounter stack"] = state.encounter.stack
        out["encounter monsters"] = [m.card for m in state.encounter.monsters]
        out["revealed trap"] = [state.encounter.trap] if state.encounter.trap else []
    out["removed"] = state.removed
    return out


def problems(state: FAState, content: Any) -> list[str]:
    out: list[str] = []
    seen: dict[str, str] = {}
    counts = [0] * state.seats
    for where, cards in places(state).items():
        for card in cards:
            if card in seen:
                out.append(f"{card} is both in the {seen[card]} and in the {where}")
            seen[card] = where
            owner = owner_of(card)
            if owner is None or not 0 <= owner < state.seats:
                out.append(f"{card} in the {where} has no owner")
            else:
                counts[owner] += 1
    if state.card_counts and counts != state.card_counts:
        out.append(f"cards per player {counts}, expected {state.card_counts}")
    if state.encounter is not None and state.stage != state.encounter.stage:
        out.append(f"the game's stage is {state.stage} during the Encounter's {state.encounter.stage} stage")
    for p in state.players:
        if len(p.front) != RANK_SIZE or len(p.back) != RANK_SIZE:
            out.append(f"player {p.seat + 1}'s ranks are not {RANK_SIZE} positions each")
        heroes = set(p.heroes())
        for hero in p.items:
            if hero not in heroes:
                out.append(f"items lie under {hero}, who is not in player {p.seat + 1}'s party")
        for mark, name in ((p.flipped, "flipped"), (p.feared, "feared")):
            for hero in mark:
                if hero not in heroes:
                    out.append(f"{hero} is marked {name} but is not in player {p.seat + 1}'s party")
        for card in p.hand:
            if content.card(card).kind == "hero":
                out.append(f"hero {card} is in player {p.seat + 1}'s hand")
        for hero in heroes:
            if owner_of(hero) != p.seat:
                out.append(f"{hero} is in player {p.seat + 1}'s party but belongs to another")
    return out
