"""Cards in a hero's hand in the normal Dungeon Delve AI: what they are worth, and to whom.

* :func:`loadout_value` and :func:`best_loadout`: what a set of equipment gives a hero
  (attack, shields, Speed, Stamina), used to equip, to share the party's shop cards and to
  trade equipment;
* :data:`CARD_WORTH` and :func:`card_worth`: what a search card kept in hand is worth to a
  given hero (a Healing Draught most to a hurt front-line hero, a Vigor Tonic to a hero
  whose skill costs fatigue);
* :func:`search_value`: what searching a token is worth now, the expected worth of the card
  drawn (Keen Eye keeps the better of two), less in late rounds;
* :func:`trade_choice`: the give or take (DD-114) that helps the party most, if any helps
  enough: the receiver's gain against the giver's loss, counted on the same scale.

Everything is read from the view: hero sheets, items in hand, damage, fatigue, the round
and the size of the search deck (the deck's order stays hidden; its contents are the
public card list).
"""

from __future__ import annotations

from typing import Iterable

from game.core.decision import Decision
from game.rulesets.dungeon_delve.ai.common import content, data, base_id, weapon_fits
from game.rulesets.dungeon_delve.ai.estimates import attack_eval, expected_shields, surges_of
from game.rulesets.dungeon_delve.ai.world import ActivationOrNone, World
from game.rulesets.dungeon_delve.rulesdata import Data

# What a search card is worth in hand, on the turn planner's scale (an attack's expected
# damage is ~2, a Mend on a half-hurt hero ~3.5): a Healing Draught heals 3 at no action, a
# Vigor Tonic saves a Rest action, a Smoke Pellet blanks the goblins' volleys for a round,
# the Warding Amulet is a brown defense die for the rest of the quest; gold only adds to
# the score (DD-068).
CARD_WORTH = {"healing_draught": 3.0, "vigor_tonic": 2.0, "smoke_pellet": 2.2, "warding_amulet": 3.5,
              "treasure_pouch": 0.2, "dust_and_cobwebs": 0.0}
TRADE_MARGIN = 0.35  # the least gain for which a card changes hands (no ping-pong on small differences)
EQUIP_SCALE = 2.5  # loadout units (0.6 x expected damage + shields) to planner points
SEARCH_SCALE = 1.0


def loadout_value(w: World | None, hero_id: str, items: Iterable[str], target_def: tuple[str, ...] = ("gray",),
                  adjacent_enemy: bool = True) -> float:
    items = list(items)
    health = content().heroes[hero_id].health
    best = 0.0
    reach_bonus = 0.0
    skill = data().skill(hero_id)
    for i in items:
        d = data().item(i)
        if not d.is_weapon:
            continue
        weapon = Data._from_item(i, d)
        e, _, _ = attack_eval(weapon.dice, target_def, surges_of(weapon), weapon.pierce, 3 if weapon.ranged else 0,
                              data().range_bonus(hero_id) if weapon.ranged else 0, 12)
        if skill is not None and skill.use == "action":
            spec = next((x for x in skill.effects if x.verb == "attack"), None)
            if spec is not None and weapon_fits(weapon, spec):
                e += 0.4
        best = max(best, e)
        if (weapon.reach or weapon.ranged) and not adjacent_enemy:
            reach_bonus = 0.3
    if best == 0.0:
        best = attack_eval(("blue",), target_def, (), 0, 0, 0, 12)[0]
    shields = 0.0
    extra: list[str] = []
    shield_items = 0
    other = 0.0
    for i in items:
        d = data().item(i)
        for effect in d.effects:
            if d.when == "passive" and effect.verb == "add_dice" and effect.get("pool") == "defense":
                extra.extend(effect.get("dice"))
            if d.when == "passive" and effect.verb == "stat_bonus":
                other += (0.6 if effect.get("stat") == "speed" else 0.3) * int(effect.get("amount", 0))
            if d.when == "after_defense_roll" and effect.verb == "bonus":
                shield_items += 1
            if d.when == "attribute_test":
                other += 0.1
    shields += expected_shields(tuple(extra)) if extra else 0.0
    shields += min(shield_items, 1) * 1.0 + max(0, shield_items - 1) * 0.4
    return 0.6 * best + 0.4 * shields * (12.0 / health) + reach_bonus + other


def best_loadout(hero_id: str, items: list[str]) -> float:
    equippable = [i for i in items if data().item(i).slot != "none"]
    best = 0.0
    for mask in range(1 << len(equippable)):
        chosen = [equippable[k] for k in range(len(equippable)) if mask >> k & 1]
        if data().loadout_ok(chosen):
            best = max(best, loadout_value(None, hero_id, chosen))
    return best


def _skill_fatigue(hero_id: str) -> int:
    skill = data().skill(hero_id)
    return skill.fatigue if skill is not None and skill.use == "action" else 0


def card_worth(w: World, hero_id: str, card: str, copies_before: int = 0) -> float:
    """What one search card kept in ``hero_id``'s hand is worth to him (not equipment)."""
    kind = base_id(card)
    hero = w.hero[hero_id]
    worth = CARD_WORTH.get(kind, 0.0)
    if kind == "healing_draught":
        hurt = int(hero["damage"]) / max(1, int(hero["health"]))
        front = any(not weapon.ranged for weapon in w.hero_weapons(hero) if weapon.id != "bare")
        worth += 1.5 * hurt + (0.4 if front else 0.0)
    elif kind == "vigor_tonic":
        worth += 0.35 * _skill_fatigue(hero_id) + 0.5 * int(hero["fatigue"]) / max(1, int(hero["stamina"])) - 0.5
    return worth * 0.7 ** copies_before


def hand_value(w: World, hero_id: str, items: list[str]) -> float:
    """Equipment (its best legal loadout) plus the consumables kept in hand."""
    value = EQUIP_SCALE * best_loadout(hero_id, items)
    seen: dict[str, int] = {}
    for item in items:
        if data().item(item).slot != "none":
            continue
        kind = base_id(item)
        value += card_worth(w, hero_id, item, seen.get(kind, 0))
        seen[kind] = seen.get(kind, 0) + 1
    return value


def trade_choice(w: World, decision: Decision) -> str | None:
    """The give or take that helps the party most, if it beats the margin (DD-114)."""
    best: tuple[float, str] | None = None
    act: ActivationOrNone = w.act or {}
    me = str(act.get("figure") or "")
    for option in decision.option_ids:
        verb, _, rest = option.partition(":")
        if verb not in ("give", "take") or me not in w.hero:
            continue
        item, _, other = rest.partition(":")
        if other not in w.hero:
            continue
        giver, receiver = (me, other) if verb == "give" else (other, me)
        g_items = list(w.hero[giver]["items"])
        r_items = list(w.hero[receiver]["items"])
        kept = [i for i in g_items if i != item]
        gain = (hand_value(w, receiver, r_items + [item]) - hand_value(w, receiver, r_items)) - \
            (hand_value(w, giver, g_items) - hand_value(w, giver, kept))
        if gain > TRADE_MARGIN and (best is None or gain > best[0] + 1e-9):
            best = (gain, option)
    return best[1] if best is not None else None


def _expected_draw(deck: list[str], keen: bool) -> float:
    values = sorted((CARD_WORTH.get(c, 0.0) for c in deck), reverse=True)
    n = len(values)
    if n == 0:
        return 0.0
    if not keen or n == 1:
        return sum(values) / n
    # the better of two cards drawn without replacement: the k-th best is kept when it is
    # drawn with one of the n-1-k worse cards
    pairs = n * (n - 1) / 2
    return sum(v * (n - 1 - k) for k, v in enumerate(values)) / pairs


def search_value(w: World, hero_id: str) -> float:
    """The expected worth of searching now (DD-068): the card drawn, less as rounds run out."""
    if int(w.view.get("search_deck_count", 1) or 0) <= 0:
        return 0.0
    deck = [c for c, d in content().items.items() if d.category == "search" for _ in range(d.count)]
    return SEARCH_SCALE * _expected_draw(deck, data().keen_eye(hero_id)) * keep_factor(w)


def keep_factor(w: World) -> float:
    """How much of a card's worth in hand is still to come: less as the rounds run out."""
    rounds_left = max(0, data().round_limit(w.quest) - w.round)
    return min(1.0, 0.25 + rounds_left / 8)
