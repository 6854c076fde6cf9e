"""What one seat may know of a Fantasy Adventures game (section 7, Hidden information).

Everyone sees the parties (heroes, positions, flipped and feared marks, owned items, FA-167),
the discard piles (A-38), the size of every deck and hand, each stack's target and size, the
Encounter's revealed cards and everything declared in it, and the odds of each melee. A hand
and the heroes drawn at setup are seen by their owner only, a stack's contents and which
monsters achieved surprise by the monster player only; nobody sees a deck's order. During setup
a party, its items and its discarded heroes are its owner's secret until all are revealed
(FA-027). A spectator (seat None) sees only what everyone sees.
"""

from __future__ import annotations

from typing import Any

from game.core.events import EventLog
from game.rulesets.fantasy_adventures import traits
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.placement import stack_limit
from game.rulesets.fantasy_adventures.state import Encounter, FAState, Player
from game.rulesets.fantasy_adventures.totals import Total, melee_win_chance
from game.rulesets.fantasy_adventures.view_types import (
    EncounterView,
    FAView,
    MeleeView,
    PlayerView,
    StackView,
    TotalPart,
)


def _player(ctx: Ctx, player: Player, seat: int | None) -> PlayerView:
    state = ctx.state
    own = seat == player.seat
    secret = state.stage == "setup" and not own
    return {
        "seat": player.seat,
        "name": player.name,
        "eliminated": player.eliminated,
        "hand": list(player.hand) if own else [],
        "hand_size": len(player.hand),
        "drawn": list(player.drawn) if own else [],
        "drawn_size": len(player.drawn),
        "front": [None] * len(player.front) if secret else list(player.front),
        "back": [None] * len(player.back) if secret else list(player.back),
        "items": {} if secret else {h: list(i) for h, i in player.items.items()},
        "flipped": list(player.flipped),
        "feared": list(player.feared),
        "waiting": list(player.waiting),
        "used": list(player.used),
        "hero_deck": len(player.hero_deck),
        "encounter_deck": len(player.encounter_deck),
        # The two heroes set aside at setup are as secret as the party until it is revealed (FA-027).
        "hero_discard": [] if secret else list(player.hero_discard),
        "encounter_discard": list(player.encounter_discard),
        "attacked": player.attacked,
        "retreated": player.retreated,
        "score": 0 if secret or player.eliminated else _score(ctx, player),
    }


def _score(ctx: Ctx, player: Player) -> int:
    """GP of the party's heroes and their items (FA-038)."""
    return sum(ctx.card(h).gp + sum(ctx.card(i).gp for i in player.items.get(h, [])) for h in player.heroes())


def _encounter(encounter: Encounter, monster_player: bool) -> EncounterView:
    return {
        "target": encounter.target,
        "stage": encounter.stage,
        "lair": encounter.lair,
        "stack_size": len(encounter.stack),
        "stack": list(encounter.stack) if monster_player else [],
        "entering": encounter.entering,
        "trap": encounter.trap,
        "round": encounter.round,
        "defeats": encounter.defeats,
        "party_penalty": encounter.party_penalty,
        "melee_change": dict(encounter.melee_change),
        "melee_order": list(encounter.melee_order),
        "supports": {h: list(s) for h, s in encounter.supports.items()},
        "ranged": [list(r) for r in encounter.ranged],
        "surprise_roll": encounter.surprise_roll,
        "surprised": list(encounter.surprised) if monster_player else [],
        "quiet_rounds": encounter.quiet_rounds,
        "round_start": list(encounter.round_start),
        "cast_this_round": list(encounter.cast_this_round),
        "healed": list(encounter.healed),
        "gained": {h: list(g) for h, g in encounter.gained.items()},
        "monsters": [{"card": m.card, "controller": m.controller, "hero": m.hero, "meleeing": m.meleeing,
                      "pending": m.pending, "bonus": m.bonus, "melee_bonus": m.melee_bonus}
                     for m in encounter.monsters],
    }


def _parts(total: Total) -> list[TotalPart]:
    return [{"label": label, "value": value} for label, value in total.parts]


def melees(ctx: Ctx) -> list[MeleeView]:
    """The melees of this combat round still to be rolled, in the declared order (hordes whose
    meleeing monster is not named yet are left out): totals and odds (FA-138 to FA-141)."""
    from game.rulesets.fantasy_adventures.combat import hordes

    encounter = ctx.state.encounter
    if encounter is None or encounter.stage != "combat":
        return []
    attacked = hordes(ctx)
    order = [h for h in encounter.melee_order if h in attacked] + [h for h in attacked
                                                                   if h not in encounter.melee_order]
    out: list[MeleeView] = []
    for hero in order:
        horde = attacked[hero]
        leader = next((m for m in horde if m.meleeing), horde[0] if len(horde) == 1 else None)
        if leader is None:
            continue
        hero_total = traits.melee_total(ctx, hero, leader.card)
        monster_total = traits.monster_melee_total(ctx, leader, hero, len(horde))
        win, tie, lose = melee_win_chance(hero_total.value, monster_total.value, traits.undead(ctx, leader.card))
        out.append({"hero": hero, "monster": leader.card, "horde": len(horde), "hero_total": hero_total.value,
                    "monster_total": monster_total.value, "hero_parts": _parts(hero_total),
                    "monster_parts": _parts(monster_total), "win": win, "tie": tie, "lose": lose})
    return out


def view(state: FAState, content: Any, seat: int | None) -> FAView:
    ctx = Ctx(state, content, EventLog())
    monster_player = seat is not None and seat == state.monster
    stacks: dict[str, StackView] = {
        t: {"size": len(cards), "cards": list(cards) if monster_player else [],
            "lair": int(t) in state.lairs if monster_player else None}
        for t, cards in state.stacks.items()}
    return {
        "ruleset": "fantasy-adventures",
        "seat": seat,
        "seats": state.seats,
        "stage": state.stage,
        "game_turn": state.game_turn,
        "first": state.first,
        "monster": state.monster,
        "stack_limit": stack_limit(max(1, state.game_turn)),
        "players": [_player(ctx, p, seat) for p in state.players],
        "stacks": stacks,
        "order": list(state.order),
        "encounter": None if state.encounter is None else _encounter(state.encounter, monster_player),
        "melees": melees(ctx),
        "removed": len(state.removed),
        "winners": None if state.winners is None else list(state.winners),
        "end_reason": state.end_reason,
    }
