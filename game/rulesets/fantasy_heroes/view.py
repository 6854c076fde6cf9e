"""What one seat may know (checklist section 7).

Public: territories, the battle table, the discard pile, hand and deck sizes, the turn
order. Private: each hand (its owner only) and the deck order (nobody). Scrye shows a
hand to one seat until that seat's next decision ends (a forced pass does not end it); each
seat's memory of the cards it knows to be in other hands now is its own.
"""

from __future__ import annotations

from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.effects import both_totals, spell_level
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, Battle, FHState, Side
from game.rulesets.fantasy_heroes.view_types import BattleView, FHView, PlayerView, SideView


def _side_data(side: Side) -> SideView:
    return {"seat": side.seat, "hero": side.hero, "minions": list(side.minions), "artifact": side.artifact,
            "artifact_played": side.artifact_played, "spells": list(side.spells),
            "spells_cast": side.spells_cast, "sorcerer_allowance_used": side.sorcerer_allowance_used}


DERIVED = ("totals", "total_lines", "spell_levels")
"""What a view's battle adds to the fields of :class:`Battle` (read from the rules, not state)."""


def battle_data(content: Content, b: Battle) -> BattleView:
    """The battle table as plain data (the fields of :class:`Battle`, as ``to_data`` gives
    them, written out: a view is built for every choice), with both totals, their lines and
    spell levels."""
    both = both_totals(content, b)
    return {
        "attacker": b.attacker, "defender": b.defender, "territory": b.territory, "battle_type": b.battle_type,
        "sides": [_side_data(side) for side in b.sides],
        "negated": list(b.negated), "charges_spent": list(b.charges_spent), "goblins_paid": list(b.goblins_paid),
        "window_owner": b.window_owner, "window_number": b.window_number, "window_active": b.window_active,
        "previous_window_passed": b.previous_window_passed, "play_ended": b.play_ended,
        "totals": [total.value for total in both],
        # Each total written out, term by term, for the table's badges and tooltips (FH-062).
        "total_lines": [[{"card": line.card, "label": line.label, "amount": line.amount, "rule": line.rule}
                         for line in total.lines] for total in both],
        "spell_levels": [spell_level(content, b, ATTACKER), spell_level(content, b, DEFENDER)],
    }


def view(state: FHState, content: Content, seat: int | None) -> FHView:
    players: list[PlayerView] = [{"seat": p.seat, "name": p.name, "territories": list(p.territories), "hand_count": len(p.hand),
                "eliminated": p.eliminated} for p in state.players]
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
        "battle": battle_data(content, state.battle) if state.battle is not None else None,
        "reveals": [{"of": r.of, "cards": list(r.cards)} for r in state.reveals if r.viewer == seat],
        "memory": ([{"seat": m.seat, "card": m.card, "how": m.how} for m in state.memory[seat]]
                   if seat is not None else []),
        "winners": list(state.winners) if state.winners is not None else None,
        "end_reason": state.end_reason,
    }
