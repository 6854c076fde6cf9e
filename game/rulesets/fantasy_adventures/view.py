"""What one seat may know of a Fantasy Adventures game (section 7, Hidden information).

Everyone sees the parties (heroes, positions, flipped and feared marks, owned items, FA-167),
the discard piles (A-38), the size of every deck and hand, each stack's target and size, the
Encounter's revealed cards, and the declared orders. A hand, the heroes drawn at setup and a
stack's contents are seen by their owner only; nobody sees a deck's order. During setup a
party is its owner's secret until all are revealed (FA-027).
"""

from __future__ import annotations

from typing import Any

from game.rulesets.fantasy_adventures.state import FAState, Player


def _player(state: FAState, player: Player, seat: int | None) -> dict[str, Any]:
    own = seat is None or seat == player.seat
    secret_setup = state.stage == "setup" and not own
    return {
        "seat": player.seat,
        "name": player.name,
        "eliminated": player.eliminated,
        "hand": list(player.hand) if own else [],
        "hand_size": len(player.hand),
        "drawn": list(player.drawn) if own else [],
        "front": [None] * len(player.front) if secret_setup else list(player.front),
        "back": [None] * len(player.back) if secret_setup else list(player.back),
        "items": {} if secret_setup else {h: list(i) for h, i in player.items.items()},
        "flipped": list(player.flipped),
        "feared": list(player.feared),
        "hero_deck": len(player.hero_deck),
        "encounter_deck": len(player.encounter_deck),
        # The two heroes set aside at setup are as secret as the party until it is revealed (FA-027).
        "hero_discard": [] if secret_setup else list(player.hero_discard),
        "encounter_discard": list(player.encounter_discard),
        "attacked": player.attacked,
        "retreated": player.retreated,
    }


def view(state: FAState, content: Any, seat: int | None) -> dict[str, Any]:
    monster_player = seat is None or seat == state.monster
    encounter = state.encounter
    return {
        "ruleset": "fantasy-adventures",
        "seat": seat,
        "seats": state.seats,
        "stage": state.stage,
        "game_turn": state.game_turn,
        "monster": state.monster,
        "players": [_player(state, p, seat) for p in state.players],
        "stacks": {t: {"size": len(cards), "cards": list(cards) if monster_player else [],
                       "lair": int(t) in state.lairs if monster_player else None}
                   for t, cards in state.stacks.items()},
        "order": list(state.order),
        "encounter": None if encounter is None else {
            "target": encounter.target,
            "stage": encounter.stage,
            "lair": encounter.lair,
            "stack_size": len(encounter.stack),
            "stack": list(encounter.stack) if monster_player else [],
            "entering": encounter.entering,
            "round": encounter.round,
            "monsters": [{"card": m.card, "hero": m.hero, "meleeing": m.meleeing, "pending": m.pending,
                          "bonus": m.bonus + m.melee_bonus} for m in encounter.monsters],
            "melee_order": list(encounter.melee_order),
            "supports": {h: list(s) for h, s in encounter.supports.items()},
            "surprise_roll": encounter.surprise_roll,
            "surprised": list(encounter.surprised) if monster_player else [],
        },
        "winners": state.winners,
    }
