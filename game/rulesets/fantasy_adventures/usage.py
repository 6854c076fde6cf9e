"""What Fantasy Adventures content and which acts a game used, read from its events (issue 14,
item 4: the normal AI "uses every ability kind at least once in 100 games"; ``simulate
--rule-counts`` prints it through RuleSystem.content_usage).

The labels:

- ``ability kind: <AK>``: each ability kind of the catalogue (2.7.7) that the card pool has.
  A used ability counts the kinds it writes (``ability`` and ``anytime_card`` events name the
  card and the ability's index): one half of an OR pair also counts AK-20, an AND pair AK-21, a
  scroll AK-22, an item's anytime ability AK-27, a monster's anytime ability from the hand
  AK-26 (AK-11c when it joins). A spell cast and a trap that goes off count every kind they
  have. Automatic abilities are always on (FA-155): their kinds count where the events show
  them at work: a melee or a duel counts the fighters' bonuses (AK-01, AK-02) when their totals
  hold the fighter's "abilities", leadership (AK-03) and penalties (AK-23) when the totals hold
  them, and the fighters' Flying and groups (AK-14 to AK-16, which decide who is attacked, the
  bonuses against them and the undead tie); a save counts an item's armor save (AK-05), a card's
  own save (AK-06) and save bonuses (AK-07); a Ranged roll AK-04, an immunity that stops a
  defeat AK-13, a disarm or surprise roll with a bonus AK-24, Byron's free spell AK-25; a Lair
  or Wandering only monster revealed or joining AK-17 or AK-18.
- ``spell: <name>``: each spell cast (FA-127).
- ``<moment>: <act>``: each kind of act a player chooses (:data:`ACTS`): the Action phase's uses
  (FA-160, FA-162), the windows' (FA-156, FA-131, FA-133, FA-157), heals at a defeat (FA-201),
  and the choices of combat, surprise and recovery.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from game.core.events import Event
from game.rulesets.fantasy_adventures.content import FAContent, Item, Spell, ability_kinds, kinds_on

ACTS = ("action: use a hero's ability", "action: use an item's ability", "action: use a monster's ability",
        "action: cast an offensive spell", "window: use a hero's anytime ability",
        "window: use an item's anytime ability", "window: play a monster from the hand",
        "window: cast a protection spell", "window: cast an anytime spell", "heal window: heal a defeated card",
        "combat: make a Ranged attack", "combat: support a hero", "combat: retreat", "surprise: duel",
        "recovery: grant an item", "recovery: rearrange the party")
"""The kinds of act a player chooses that play should use at least once."""
EVENT_ACTS = {"ranged_roll": "combat: make a Ranged attack", "support": "combat: support a hero",
              "retreat": "combat: retreat", "duel": "surprise: duel", "rearrange": "recovery: rearrange the party"}
"""An act told by its event's kind alone."""
MOMENT_OF_RULE = {"FA-160": "action", "FA-156": "window", "FA-201": "heal window"}
"""The moment of an ``ability`` event, by the rule it names (uses.perform)."""
FIGHT_KINDS = frozenset({"AK-14", "AK-15", "AK-16"})
"""Automatic kinds at work whenever their card fights (who may be attacked, vs. bonuses, the undead tie)."""


def catalogue(content: FAContent) -> list[str]:
    """Every label that play should use at least once (see the module text)."""
    kinds: set[str] = set().union(*(kinds_on(card) for card in content.pool()))
    out = [f"ability kind: {kind}" for kind in sorted(kinds, key=_kind_order)]
    out += [f"spell: {spell.name}" for spell in content.spells.values()]
    return out + list(ACTS)


def _kind_order(kind: str) -> tuple[int, str]:
    number = kind.removeprefix("AK-")
    return int(number.rstrip("bc")), number


def usage(content: FAContent, events: Iterable[Event]) -> Counter[str]:
    """How often ``events`` used each label of :func:`catalogue`."""
    counts: Counter[str] = Counter()
    for event in events:
        kind, data = event.kind, event.data
        found: set[str] = set()
        if kind in ("ability", "anytime_card"):
            found = _used_kinds(content, str(data["card"]), str(data["ability"]), kind == "anytime_card")
            counts[_use_act(content, kind, event.rule, str(data["card"]))] += 1
        elif kind == "cast":
            spell = content.card(str(data["card"]))
            assert isinstance(spell, Spell)
            found = set(kinds_on(spell))
            counts[f"spell: {spell.name}"] += 1
            counts["action: cast an offensive spell" if spell.type == "offensive"
                   else f"window: cast a{'n' if spell.type == 'anytime' else ''} {spell.type} spell"] += 1
        elif kind == "trap_fires":
            found = set(kinds_on(content.card(str(data["card"]))))
        elif kind in ("melee", "duel_roll"):
            found = _fight_kinds(content, data)
        elif kind == "save":
            found = _save_kinds(content, data)
        elif kind == "ranged_roll":
            found = {"AK-04"}
        elif kind == "immune":
            found = {"AK-13"}
        elif kind in ("disarm", "surprise_roll") and data.get("bonus"):
            found = {"AK-24"}
        elif kind == "not_flipped":
            found = {"AK-25"}
        elif kind in ("stack_revealed", "joins"):
            for card in map(content.card, data.get("cards", [data.get("card")])):
                found |= kinds_on(card) & {"AK-17", "AK-18"} if card.kind == "monster" else set()
        elif kind == "grant" and event.rule in ("FA-177", "FA-178"):
            counts["recovery: grant an item"] += 1
        if kind in EVENT_ACTS:
            counts[EVENT_ACTS[kind]] += 1
        for ability_kind in found:
            counts[f"ability kind: {ability_kind}"] += 1
    return counts


def _used_kinds(content: FAContent, card_id: str, index: str, from_hand: bool) -> set[str]:
    """The kinds an ability used by its index writes (uses.py: "<n>" or "<n>.<k>", FA-211 to
    FA-213), with what the card adds: a scroll, an item's or a monster's anytime ability."""
    card = content.card(card_id)
    n, _, half = index.partition(".")
    ability = card.abilities[int(n)]
    used = [ability.get("abilities")[int(half)]] if half else [ability]
    kinds = ability_kinds(used) | ({"AK-20"} if half else set())
    timing = {a.get("timing") for a in used} | {a.get("timing") for a in ability.get("abilities", ())}
    if isinstance(card, Item):
        kinds |= {"AK-22"} if card.scroll else set()
        kinds |= {"AK-27"} if "anytime" in timing else set()
    if from_hand and "AK-11c" not in kinds:
        kinds.add("AK-26")
    return kinds


def _use_act(content: FAContent, kind: str, rule: str, card_id: str) -> str:
    if kind == "anytime_card":
        return "window: play a monster from the hand"
    moment = MOMENT_OF_RULE.get(rule, "")
    if moment == "heal window":
        return "heal window: heal a defeated card"
    card = content.card(card_id).kind
    article = "an" if card == "item" else "a"
    return f"{moment}: use {article} {card}'s {'anytime ' if moment == 'window' else ''}ability"


def _fight_kinds(content: FAContent, data: dict[str, Any]) -> set[str]:
    """The automatic kinds a melee or a duel shows at work (see the module text)."""
    hero_cards = [str(data["hero"]), *data.get("items", [])]
    monster = str(data["monster"])
    kinds: set[str] = set()
    for cards, parts in ((hero_cards, data.get("hero_parts", [])), ([monster], data.get("monster_parts", []))):
        held = set().union(*(kinds_on(content.card(c)) for c in cards))
        kinds |= held & FIGHT_KINDS
        if any(part.startswith("abilities") for part in parts):
            kinds |= held & {"AK-01", "AK-02"}
        if "leadership" in parts:
            kinds.add("AK-03")
        if any(part.endswith("'s penalty") for part in parts):
            kinds.add("AK-23")
    return kinds


def _save_kinds(content: FAContent, data: dict[str, Any]) -> set[str]:
    source = str(data.get("source", ""))
    kinds = {"AK-07"} if data.get("bonus") else set()
    if source:
        kinds.add("AK-05" if content.card(source).kind == "item" else "AK-06")
    return kinds
