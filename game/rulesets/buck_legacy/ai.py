"""The normal-level Buck: Legacy player (checklist section 6), deciding from its view only.

``choose(view, decision, rng)`` answers every decision kind for the seat that owns it. It reads
the seat's view (its own backpack, everyone's public record, the shop, the fight with its Combat
Points and exact odds) and the public card data of the registered rule system's content; never
the state, so another seat's backpack or the decks' order cannot sway it (section 7). The easy
player is this one with noise (game/ai/agents.py).

By decision (the D-numbers of section 6):

* **create** (D-02, ai_market): the best Race, Class and Starting Weapon together.
* **zone** (D-08): the Boss the party is likeliest to defeat, round chances over its HP.
* **market** (D-04 to D-07, D-10, D-26), **interrupt** (D-05), **raise_funds** (BL-066):
  equip, transmute, sell dominated cards, restore Mana, buy the best card for its price (the
  richer, the less it asks), Side Jobs with the actions left, Tesla for a device.
* **preparation** (D-07, D-10, D-23, D-24): gear against the Boss once it is up, revive allies,
  lift Curses, Crystal Wings for the Boss fight.
* **help** windows (D-14, D-16 to D-18, D-21, D-22, D-25, ai_fight): planned in Combat Points.
* **parry_choice** (D-19), **useless** (D-20), **choose_monster** (D-15), **play_order** (D-12),
  **overflow** (D-11), **keep_treasure** (D-03), **pick_seat** (D-23), **transmute_top** /
  **transmute_bottom** (D-10, ai_worth: what each card is worth), **lose_equipped**.
* **trade**, **offer**, **give_card**, **give_gold** (D-09, ai_trade): accept a card at a price
  it would pay in the shop, offer spare cards to allies at their sale value, give them where
  they cannot be sold, fund an ally's Boss gear with Gold it cannot spend, shelter Gold about
  to be taken; never to the runaway leader, never paying in advance.
"""

from __future__ import annotations

from typing import Callable

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy import ai_fight, ai_market, ai_trade, ai_worth
from game.rulesets.buck_legacy.ai_tools import HARD_TACTICS, content, playing
from game.rulesets.buck_legacy.view_types import BLView

View = BLView

__all__ = ["choose", "choose_hard", "content", "HANDLERS"]


def _ending(decision: Decision) -> tuple[str, ...]:
    for oid in ("end", "pass", "back", "roll", "parry"):
        if oid in decision.option_ids:
            return (oid,)
    return (decision.option_ids[0],)


HANDLERS: dict[str, Callable[[View, Decision, Rng], tuple[str, ...]]] = {
    "create": ai_market.create, "market": ai_market.market, "interrupt": ai_market.interrupt,
    "zone": ai_market.zone, "overflow": ai_market.overflow, "raise_funds": ai_market.raise_funds,
    "keep_treasure": ai_market.keep_treasure, "preparation": ai_market.preparation,
    "transmute_top": ai_worth.transmute_top, "transmute_bottom": ai_worth.transmute_bottom,
    "lose_equipped": ai_market.lose_equipped, "pick_seat": ai_market.pick_seat,
    "play_order": ai_fight.play_order, "choose_monster": ai_fight.choose_monster,
    "parry_choice": ai_fight.parry_choice, "useless": ai_fight.useless, "help": ai_fight.help_window,
    "trade": ai_trade.trade, "offer": ai_trade.offer, "give_card": ai_trade.give_card,
    "give_gold": ai_trade.give_gold,
}


def choose(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The normal player's answer; a kind without a heuristic (a trade) gets the safe ending answer."""
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _ending(decision)
    return handler(view, decision, rng)


def choose_hard(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The hard player's own answer before its search: the normal player's, played with the
    hard player's tactics in the Medal race (ai_tools.HARD_TACTICS)."""
    with playing(HARD_TACTICS):
        return choose(view, decision, rng)
