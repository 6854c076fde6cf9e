"""Stun and Revival (BL-143 to BL-153).

A Stunned Adventurer keeps their place in priority order but is out of play (BL-145, BL-048):
they draw, fight, help and trade no more until revived or until the Adventure Part ends. The
stun penalty discards the Trophy cards of their Distance Deck (BL-143), unless a failed Escape
against a Monster whose unmodified Level is at most their Protection caused it (BL-144, A-52);
with the host's option "Protection covers every Monster stun", any stun a Monster or the Boss
caused (Volley, a Special Ability) is compared with its unmodified Level in the same way.
"""

from __future__ import annotations

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.context import Ctx


def stun(ctx: Ctx, seat: int, rule: str, *, escaped_from_level: int | None = None,
         monster_level: int | None = None) -> None:
    """Stun ``seat`` and apply the stun penalty. ``escaped_from_level`` is the unmodified Level of
    the Monster or Boss whose Escape check failed: the only stun the Protection exception covers
    (BL-144, A-52). ``monster_level`` is the unmodified Level of a Monster or Boss whose ability
    (Volley, a Special Ability) caused the stun: compared with Protection only when the host chose
    "Protection covers every Monster stun" (option A-52). Both are None for any other stun."""
    state, content = ctx.state, ctx.content
    adv = ctx.adventurer(seat)
    if adv.stunned:
        return
    adv.stunned = True
    ctx.emit("stun", rule, f"{adv.name} is Stunned.", seat=seat, headline=f"{adv.name} is Stunned")
    level = escaped_from_level
    if level is None and state.protection_every_stun:
        level = monster_level
    protection = stats.protection(state, content, seat)
    if level is not None and level <= protection:
        ctx.emit("stun_kept", "BL-144", f"{adv.name}'s Protection ({protection}) is at least the Monster's "
                 f"unmodified Level ({level}): the Trophy cards are kept.", seat=seat)
    else:
        trophies = [c for c in adv.distance_deck if content.dungeon_card(c).counter == "trophy"]
        for card in trophies:
            adv.distance_deck.remove(card)
            if card in adv.defeated:
                adv.defeated.remove(card)
            ctx.discard(card)
        if trophies:
            ctx.emit("trophies_lost", "BL-143", f"{adv.name} discards {len(trophies)} Trophy card"
                     f"{'s' if len(trophies) > 1 else ''}.", seat=seat, cards=trophies)
    if adv.in_front:
        # Monsters not yet fought are not fought; discarded at the end of the Combat Phase (BL-146, A-28),
        # also when the stun came in the Exploration Phase (a Trap after an extra card).
        monsters = [c for c in adv.in_front if content.dungeon_card(c).kind == "monster"]
        for card in monsters:
            adv.in_front.remove(card)
            state.unfought.append(card)


def revive(ctx: Ctx, seat: int, rule: str) -> None:
    """Revival: Active again; nothing lost to the stun penalty returns (BL-149). Revived during a
    Combat Phase, they fight nothing more in it (BL-151, BL-153)."""
    state = ctx.state
    adv = ctx.adventurer(seat)
    if not adv.stunned:
        return
    adv.stunned = False
    adv.fought_this_phase = state.part in ("combat", "boss")
    ctx.emit("revive", rule, f"{adv.name} is revived.", seat=seat, headline=f"{adv.name} is back")
    if state.part == "exploration" and not state.boss_up:
        # Revived after their draw in this Exploration Phase: they draw at once (BL-150, A-30).
        waiting = any(s["step"] == "draw_cards" and seat in s["seats"] for s in state.stack)
        if not waiting and not adv.in_front:
            ctx.push({"step": "draw_cards", "seats": [seat]})
