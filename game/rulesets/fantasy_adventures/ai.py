"""The normal-level Fantasy Adventures player (checklist section 6), deciding from its view only.

``choose(view, decision, rng)`` answers every decision kind for the seat that owns it. It reads
the seat's view (its own hand and setup draws, the stacks it built as the monster player, every
public fact of the parties and the Encounter, the odds of each melee) and the public card data
of the registered rule system's content; never the state, so another hand, another player's
stack or a deck's order cannot sway it (section 7). The easy player is this one with noise
(game/ai/agents.py).

By decision (the D-numbers of section 6):

* as a party's owner (ai_party): **setup_discard** (D-01), **setup_rank** and **rearrange**
  (D-02, D-25, D-27), **grant** (D-03, D-27), **entering** (D-08), **retreat** (D-09),
  **retreat_hero** (D-10), **ranged_target** (D-14), **support** (D-15), **melee_win** (D-16);
* as the monster player (ai_monster): **mulligan** (D-04), **place** (D-05, D-06),
  **encounter_order** (D-07), **duel** (D-11), **assign**, **meleeing** and **melee_order**
  (D-12, D-13), **retreat_item** and **lose_item** (D-10);
* abilities and spells (ai_uses): **action** (D-17 to D-19), **response** windows (D-20,
  D-21, D-26), **heal_window** (D-22).

The hard player (game.ai.hard) searches from these answers, with one tactic of its own
(``choose_hard``): it rearranges its party with as few heroes in front as the back rank allows.

D-23 and D-24 (directions of bonuses, the better half of an OR pair of automatics) are the
engine's (A-31, traits.py); a summoned hero enters the first open position and is moved in
recovery (D-25); after a spell comes back on a 4-5 it is simply offered again (D-28).
"""

from __future__ import annotations

from typing import Callable

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import ai_monster, ai_party, ai_uses
from game.rulesets.fantasy_adventures.ai_tools import content
from game.rulesets.fantasy_adventures.view_types import FAView

__all__ = ["choose", "choose_hard", "content", "HANDLERS"]

Handler = Callable[[FAView, Decision, Rng], tuple[str, ...]]

HANDLERS: dict[str, Handler] = {
    "setup_discard": ai_party.setup_discard, "setup_rank": ai_party.setup_rank, "grant": ai_party.grant,
    "rearrange": ai_party.rearrange, "entering": ai_party.entering, "retreat": ai_party.retreat,
    "retreat_hero": ai_party.retreat_hero, "ranged_target": ai_party.ranged_target, "support": ai_party.support,
    "melee_win": ai_party.melee_win,
    "mulligan": ai_monster.mulligan, "place": ai_monster.place, "encounter_order": ai_monster.encounter_order,
    "duel": ai_monster.duel, "assign": ai_monster.assign, "meleeing": ai_monster.meleeing,
    "melee_order": ai_monster.melee_order, "retreat_item": ai_monster.discard_item,
    "lose_item": ai_monster.discard_item,
    "action": ai_uses.action, "response": ai_uses.response, "heal_window": ai_uses.heal_window,
}


def _ending(decision: Decision) -> tuple[str, ...]:
    for oid in ("end", "pass", "continue", "keep"):
        if oid in decision.option_ids:
            return (oid,)
    return decision.option_ids[:max(1, decision.min_choices)]


def choose(view: FAView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The normal player's answer; a kind without a heuristic gets the safe ending answer."""
    if decision.forced_pass:
        return ("pass",)
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _ending(decision)
    return handler(view, decision, rng)


HARD_HANDLERS: dict[str, Handler] = {"rearrange": ai_party.rearrange_thin}
"""The hard player's own tactics (game.ai.agents.hard_heuristic_for): where it answers otherwise
than the normal player before any search."""


def choose_hard(view: FAView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The hard player's own answer before its search: the normal player's, but its party
    rearranged with as few heroes in front as the back rank allows (ai_party.rearrange_thin)."""
    handler = HARD_HANDLERS.get(decision.kind)
    if handler is None or decision.forced_pass:
        return choose(view, decision, rng)
    return handler(view, decision, rng)
