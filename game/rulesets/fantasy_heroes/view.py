"""What one seat may know (checklist section 7).

Public: territories, the battle table, the discard pile, hand and deck sizes, the turn
order. Private: each hand (its owner only) and the deck order (nobody). Scrye shows a
hand to one seat until that seat's next decision ends; each seat's memory of cards it
has seen in other hands is its own.
"""

from __future__ import annotations

from typing import Any

from game.core.serial import to_data
from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.effects import side_total, spell_level
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, FHState


def view(state: FHState, content: Content, seat: int | None) -> dict[str, Any]:
    players = []
    for p in state.players:
        entry: dict[str, Any] = {"seat": p.seat, "name": p.name, "territories": list(p.territories),
                                 "hand_count": len(p.hand), "eliminated": p.eliminated}
        players.append(entry)
    battle: dict[str, Any] | None = None
    if state.battle is not None:
        b = state.battle
        battle = to_data(b)
        battle["totals"] = [side_total(content, b, ATTACKER).value, side_total(content, b, DEFENDER).value]
        battle["spell_levels"] = [spell_level(content, b, ATTACKER), spell_level(content, b, DEFENDER)]
    return {
        "ruleset": "fantasy-heroes",
        "seat": seat,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "order": list(state.order),
        "short_game": state.short_game,
        "players": players,
        "hand": list(state.players[seat].hand) if seat is not None else None,
        "deck_count": len(state.deck),
        "discard": list(state.discard),
        "territories_out": list(state.territories_out),
        "set_aside_count": len(state.set_aside),
        "walls": list(state.walls),
        "attacks_left": state.attacks_left,
        "battles_this_turn": state.battles_this_turn,
        "battle": battle,
        "reveals": [{"of": r.of, "cards": list(r.cards)} for r in state.reveals if r.viewer == seat],
        "memory": [to_data(m) for m in state.memory[seat]] if seat is not None else [],
        "winners": list(state.winners) if state.winners is not None else None,
        "end_reason": state.end_reason,
    }
