"""What always holds in a Fantasy Heroes game, whatever is played (soak and tests check it
after every choice): every battle card and territory is in exactly one place, and the
counters and seat numbers stay within their bounds."""

from __future__ import annotations

from collections import Counter

from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.state import FHState


def _conserved(what: str, found: list[str], expected: list[str] | tuple[str, ...]) -> list[str]:
    have, want = Counter(found), Counter(expected)
    if have == want:
        return []
    lost = sorted((want - have).elements())[:5]
    extra = sorted((have - want).elements())[:5]
    return [f"{what} not conserved: {len(found)} found, {len(expected)} expected"
            + (f"; missing {', '.join(lost)}" if lost else "") + (f"; extra {', '.join(extra)}" if extra else "")]


def problems(state: FHState, content: Content) -> list[str]:
    out: list[str] = []
    battle_cards = state.deck + state.discard + state.set_aside
    for player in state.players:
        battle_cards += player.hand
    if state.battle is not None:
        for side in state.battle.sides:
            battle_cards += side.cards()
    out += _conserved("battle cards (FH-001)", battle_cards, tuple(content.cards))
    territories = state.territories_out + [t for p in state.players for t in p.territories]
    out += _conserved("territories", territories, content.territory_instances)
    if len(state.players) != state.seats or [p.seat for p in state.players] != list(range(state.seats)):
        out.append(f"players {[p.seat for p in state.players]} do not match {state.seats} seats")
    seats = range(state.seats)
    if state.active not in seats:
        out.append(f"the active seat {state.active} is not a seat")
    if sorted(state.order) != list(seats):
        out.append(f"the turn order {state.order} is not every seat once")
    for name in ("turn", "attacks_left", "battles_this_turn"):
        if getattr(state, name) < 0:
            out.append(f"{name} is negative ({getattr(state, name)})")
    if any(w not in seats for w in state.walls):
        out.append(f"walls name a seat that does not exist: {state.walls}")
    if state.winners is not None and any(w not in seats for w in state.winners):
        out.append(f"winners name a seat that does not exist: {state.winners}")
    battle = state.battle
    if battle is not None:
        if battle.attacker not in seats or battle.defender not in seats or battle.attacker == battle.defender:
            out.append(f"the battle's sides are seats {battle.attacker} and {battle.defender}")
        elif [s.seat for s in battle.sides] != [battle.attacker, battle.defender]:
            out.append("the battle's sides are not the attacker's and the defender's")
    return out
