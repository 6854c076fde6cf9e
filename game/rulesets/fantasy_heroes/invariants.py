"""What always holds in a Fantasy Heroes game, whatever is played (soak and tests check it
after every choice): every battle card and territory is in exactly one place, the
counters and seat numbers stay within their bounds, and what the rules remember between
questions (battle totals, which cards a side may play) equals a fresh reckoning."""

from __future__ import annotations

from collections import Counter

from game.core.decision import Blocked
from game.rulesets.fantasy_heroes.battle import judge, permissions, verdict, verdicts_for
from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.effects import both_totals, side_total, table_cards
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, FHState


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
    return out + remembered(state, content)


def remembered(state: FHState, content: Content) -> list[str]:
    """What the rules remember equals what they would work out afresh now: the battle totals
    (effects.both_totals) and each card's verdict for both sides (battle.verdict)."""
    battle = state.battle
    if battle is None:
        return []
    out: list[str] = []
    fresh = (side_total(content, battle, ATTACKER), side_total(content, battle, DEFENDER))
    if both_totals(content, battle) != fresh:
        out.append("the remembered battle totals differ from the totals worked out afresh")
    rebuilt = table_cards(battle).battle()  # what a question's prompt works its totals out on
    if (side_total(content, rebuilt, ATTACKER), side_total(content, rebuilt, DEFENDER)) != fresh:
        out.append("the battle's totals depend on more than its TableCards snapshot")
    for index, side in enumerate(battle.sides):
        if index == ATTACKER and side.hero is None:
            continue  # the attacker plays nothing but his hero until it is in (FH-031)
        allowed = permissions(content, battle, index)
        for card_id in state.players[side.seat].hand:
            reason = judge(content, allowed, content.cards[card_id])
            afresh = (content.play_options[card_id] if reason is None
                      else Blocked(f"play:{card_id}", *reason, ("card", card_id)))
            if verdict(content, allowed, card_id) != afresh:
                out.append(f"the remembered verdict on {card_id} differs from the rules' now")
            if verdicts_for(content, allowed).get(card_id, afresh) != afresh:
                out.append(f"the verdict a window finds on {card_id} differs from the rules' now")
    return out
