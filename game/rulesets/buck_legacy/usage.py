"""What Buck: Legacy content and which acts a game used, read from its events (issue 13, item 4:
the normal AI "plays every spell, item kind and action kind at least once in 100 games";
``simulate --rule-counts`` prints it through RuleSystem.content_usage).

The labels:

- ``spell: <name>``: each of the fifteen spells cast (BL-212 to BL-226);
- ``item kind: <slot>``, ``item kind: Large``, ``item kind: Treasure``: an Item or Treasure of
  that kind equipped; ``item kind: kinetic weapon``: a kinetic weapon's Instant Damage (AK-13);
- ``single-use: <what it does>``: each kind of single-use card used (BL-235);
- ``Tesla device: <name>``: each card with an action paid in Tesla used (AK-16, BL-229);
- ``companion: <name>``: each Companion attached, its Charisma check passed (BL-087);
- ``<setting>: <act>``: each act an Adventurer may choose in the Market, in Preparation and in
  the windows of fights and checks (``help``), by the ``via`` the rules write on the act's event
  (Ctx.setting). Unequipping is not listed: equipping swaps and giving takes the card off
  itself, so taking gear off by hand helps nobody; nor is giving Gold in Preparation, where
  Gold buys nothing until the Market (the AI gives it in the Market, or in a window to keep it
  from a thief).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from game.core.events import Event
from game.rulesets.buck_legacy.content import BLContent, Gear
from game.rulesets.buck_legacy.vocabulary import SLOTS

ACTS = {
    "market": ("Side Job", "restore Mana", "buy", "interrupt", "buy Tesla", "sell", "equip", "give a card",
               "trade a card", "give Gold", "transmute", "use a single-use item"),
    "preparation": ("equip", "give a card", "trade a card", "transmute", "use a single-use item", "cast a spell"),
    "help": ("Support", "cast a spell", "use a single-use item", "use an equipped card", "give Gold"),
}
"""The acts each setting offers that play should choose at least once."""
ACT_WORDS = {"side_job": "Side Job", "restore_mana": "restore Mana", "buy": "buy", "interrupt": "interrupt",
             "tesla": "buy Tesla", "sell": "sell", "equip": "equip", "unequip": "unequip", "give": "give a card",
             "give_gold": "give Gold", "trade": "trade a card", "transmute": "transmute", "cast": "cast a spell",
             "support": "Support"}
"""An act's words by its event's kind (``use`` is told apart by the card, :func:`usage`)."""
MARKET_ONLY = ("restore_mana", "buy", "interrupt", "tesla")
"""Acts of the Market alone: their events carry no ``via``."""


def _gear(content: BLContent, card: str) -> Gear | None:
    found = content.card(card)
    return found if isinstance(found, Gear) else None


def single_use_kind(gear: Gear) -> str:
    """What a single-use card does, in a few words: its action's verb and what qualifies it
    ("reroll (own die)", "add to roll (escape check)", "revive (all)")."""
    ability = next(a for a in gear.abilities if a.kind == "action" or a.verb == "weapon_coating")
    qualifiers = []
    if ability.get("all"):
        qualifiers.append("all")
    if ability.has("check"):
        qualifiers.append(f"{ability.get('check')} check")
    if ability.has("die"):
        qualifiers.append(f"{ability.get('die')} die")
    words = ability.verb.replace("_", " ")
    return words + (f" ({', '.join(qualifiers)})" if qualifiers else "")


def tesla_device(gear: Gear) -> bool:
    """A card with an action paid in Tesla (AK-16)."""
    return any(a.kind == "action" and a.has("tesla") for a in gear.abilities)


def catalogue(content: BLContent) -> list[str]:
    """Every label that play should use at least once (see the module text)."""
    out = [f"spell: {spell.name}" for spell in content.spells.values()]
    out += [f"item kind: {slot}" for slot in SLOTS]
    out += ["item kind: Large", "item kind: Treasure", "item kind: kinetic weapon"]
    cards = list(content.items.values()) + list(content.treasures.values())
    out += sorted({f"single-use: {single_use_kind(g)}" for g in cards if g.kind == "single_use"})
    out += [f"Tesla device: {g.name}" for g in cards if tesla_device(g)]
    out += [f"companion: {d.name}" for d in content.dungeon.values() if d.kind == "gift" and d.companion]
    out += [f"{setting}: {act}" for setting, acts in ACTS.items() for act in acts]
    return out


def usage(content: BLContent, events: Iterable[Event]) -> Counter[str]:
    """How often ``events`` used each label of :func:`catalogue` (and of acts it leaves out)."""
    counts: Counter[str] = Counter()
    for event in events:
        kind, data = event.kind, event.data
        if kind == "cast":
            counts[f"spell: {content.spells[data['spell']].name}"] += 1
        elif kind == "attach":
            card = content.card(data["card"])
            if card.deck == "dungeon" and content.dungeon_card(data["card"]).companion:
                counts[f"companion: {card.name}"] += 1
        elif kind == "equip":
            gear = _gear(content, data["card"])
            if gear is not None and gear.deck in ("items", "treasure"):
                counts[f"item kind: {gear.slot}"] += 1
                if gear.large:
                    counts["item kind: Large"] += 1
                if gear.deck == "treasure":
                    counts["item kind: Treasure"] += 1
        elif kind == "use":
            _count_use(content, data, counts)
        if kind == "buy" and "card" not in data:
            continue  # the blind shop's public line: its buyer's own event counts the purchase
        if kind in ACT_WORDS:
            setting = "market" if kind in MARKET_ONLY else "help" if kind == "support" else data.get("via", "")
            if setting:
                counts[f"{setting}: {ACT_WORDS[kind]}"] += 1
    return counts


def _count_use(content: BLContent, data: dict[str, object], counts: Counter[str]) -> None:
    card = str(data["card"])
    gear = _gear(content, card)
    via = data.get("via", "")
    if gear is not None and gear.kind == "single_use":
        counts[f"single-use: {single_use_kind(gear)}"] += 1
        if via:
            counts[f"{via}: use a single-use item"] += 1
        return
    if via:
        counts[f"{via}: use an equipped card"] += 1
    if gear is None:
        return  # a Gift's action (a Companion's reroll)
    if tesla_device(gear):
        counts[f"Tesla device: {gear.name}"] += 1
    elif gear.kinetic:
        counts["item kind: kinetic weapon"] += 1
