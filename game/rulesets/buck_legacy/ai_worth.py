"""What the Buck: Legacy AI thinks a card is worth to an Adventurer, and Transmutation (D-10),
from the seat's view only: the measure ai_market, ai_trade and ai_fight buy, sell, keep, give
and transmute by.

Worth is counted in Gold-like points (section 6, "Card value"): 10 a point of Combat Strength,
Protection by how near it brings the Boss's Level (a Volley stuns below it, BL-185), a weapon
also by how much likelier it makes a Boss round won (ai_tools.boss_round), a single-use card by
what it does in a fight.
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy.ai_tools import (
    Foe,
    action_of,
    action_verb,
    adventurer_round,
    boss_foe,
    content,
    gear,
    is_single_use,
    me_of,
    own_effects,
    slot_of,
    with_in_slot,
)
from game.rulesets.buck_legacy.content import Effect
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView

Answer = tuple[str, ...]

SINGLE_WORTH = {
    "instant_damage": 9.0, "reroll": 9.0, "add_to_roll": 6.0, "set_die": 14.0, "revive": 10.0,
    "restore_mana": 6.0, "grant_protection": 8.0, "grant_flight": 5.0, "remove_curse": 6.0,
    "weapon_coating": 10.0, "treasure_table": 25.0, "boss_damage": 40.0,
}
"""What a single-use card is worth by what it does (section 6: a reroll 8, Instant Damage 8 a point)."""
DEVICE_WORTH = {"reroll": 10.0, "instant_damage": 8.0, "grant_protection": 10.0, "add_to_roll": 6.0,
                "grant_flight": 6.0, "restore_mana": 5.0}
"""An equipped card's action, paid in Tesla or Mana or once a phase (AK-16)."""
TRANSMUTATION_WORTH = max(DEVICE_WORTH.values())
"""What the Alchemist's Transmutation is worth to a new Adventurer (D-02): a second card's
Special Ability without its slot (D-10). The AI puts the best ability it owns underneath, so
this is about the best device action: a Communicator's reroll under worn armour."""
MAX_SINGLES = 3
"""Single-use cards the AI keeps at most, so the backpack keeps room for gear; one more for an
AI with Gold the gear in the shop cannot use (they are what it can still buy for the Boss)."""


# -- worth -----------------------------------------------------------------------------------------------

def caster(me: AdventurerView) -> bool:
    return me["magic_rank"] >= 1


def _rank_without(me: AdventurerView, slot: str) -> int:
    """Magic Rank without the card now in ``slot``: a card's worth must not hang on the card it
    would replace, or two cards would swap for ever."""
    held = me["slots"].get(slot)
    return me["magic_rank"] - (content().card(held).total("magic_rank") if held else 0)


def protection_worth(total: int, foe: Foe | None) -> float:
    """Protection: 4 a point up to 14, and 20 more once it reaches the Boss's Level (a Volley then
    does nothing, BL-185) or 10 once a Protection spell or card (+4) would reach it."""
    value = 4.0 * min(total, 14)
    if foe is not None:
        if total >= foe.level:
            value += 20
        elif total + 4 >= foe.level:
            value += 10
    return value


def ability_worth(card_id: str, me: AdventurerView, rank: int | None = None) -> float:
    """What a card's abilities add (not its Combat Strength or Protection), for an Adventurer of
    Magic Rank ``rank`` without it (by default the rank without its slot's card)."""
    if rank is None:
        rank = _rank_without(me, slot_of(card_id)) if slot_of(card_id) else me["magic_rank"]
    return sum(one_ability_worth(ability, rank) for ability in content().card(card_id).abilities)


def one_ability_worth(ability: Effect, rank: int) -> float:
    """What one ability adds (not Combat Strength or Protection, counted as feature values) for an
    Adventurer of Magic Rank ``rank``."""
    verb = ability.verb
    amount = ability.get("amount", 1)
    count = amount if isinstance(amount, int) else 1
    if verb in ("combat_strength", "protection"):
        return 0.0
    if verb == "max_mana":
        return 2.0 * count if rank >= 1 else 0.0
    if verb == "magic_rank":
        return 16.0 * count if 1 <= rank < 3 else (8.0 if rank == 0 else 2.0)
    if verb == "combat_roll":
        return (8.0 if ability.get("exempt") else 7.0) * count
    if verb == "check_bonus":
        return {"escape": 6.0, "fear": 2.0, "trap": 2.0, "charisma": 1.0}[str(ability.get("check"))] * count
    if verb == "instant_damage":
        value = 8.0 * count if ability.get("uses") == "phase" and not ability.has("tesla") else 0.0
        return value + (DEVICE_WORTH["instant_damage"] if ability.has("tesla") else 0.0)
    if ability.kind == "action":
        return DEVICE_WORTH.get(verb, 3.0)
    if verb in ("max_tesla", "backpack", "large_limit", "flight", "ward", "instant_damage_bonus",
                "treasure_table_bonus"):
        return {"max_tesla": 1.0, "backpack": 3.0, "large_limit": 2.0, "flight": 6.0, "ward": 1.0,
                "instant_damage_bonus": 4.0, "treasure_table_bonus": 2.0}[verb] * count
    if verb == "gold":
        return 3.0
    if verb == "mana":
        return 3.0 if rank >= 1 else 0.0
    return 0.0


def weapon_worth(card_id: str | None, me: AdventurerView, foe: Foe | None) -> float:
    """A weapon: 10 a point of Combat Strength against the Dungeon's Monsters, its abilities, and
    80 a unit of the chance of winning a Boss round against the Zone's Boss (D-07)."""
    if card_id is None:
        return 0.0
    value = 12.0 * content().gear(card_id).cs + ability_worth(card_id, me)
    if foe is not None:
        value += 80.0 * adventurer_round(me, foe, card_id)
    return value


def piece_worth(card_id: str, me: AdventurerView, foe: Foe | None) -> float:
    """A piece of equipment other than a weapon: Combat Strength, abilities, and the Protection it
    adds over the slot's card; Flight (worn, or from a device) also by how much likelier it makes
    a Boss round won (no Ground Slam, BL-186, nor a Boss's "loses without Flight")."""
    found = content().gear(card_id)
    value = 12.0 * found.cs + ability_worth(card_id, me)
    if found.has("flight") or found.has("grant_flight"):
        value += flight_edge(me, foe, found.slot)
    return value


def flight_edge(me: AdventurerView, foe: Foe | None, slot: str | None) -> float:
    """What Flight adds against ``foe`` (no Ground Slam, BL-186) to the Adventurer without the
    card of ``slot``: a worn Flight card weighed against an Adventurer who flies thanks to it
    would count for nothing, and be swapped out and back in for ever."""
    if foe is None or _flies_without(me, slot):
        return 0.0
    return 80.0 * (adventurer_round(dict(me, flight=True), foe)  # type: ignore[arg-type]
                   - adventurer_round(dict(me, flight=False), foe))  # type: ignore[arg-type]


def _flies_without(me: AdventurerView, slot: str | None) -> bool:
    """Whether the Adventurer flies without the card in ``slot`` (and one transmuted under it):
    yes if another card gives Flight, or if no card does (a spell or a single-use card)."""
    held = me["slots"].get(slot) if slot else None
    if slot is None or held is None or not me["flight"]:
        return me["flight"]
    return any(e.verb == "flight" for e in own_effects(with_in_slot(me, slot, None))) \
        or not any(e.verb == "flight" for e in own_effects(me))


def _protection_without(me: AdventurerView, slot: str) -> int:
    held = me["slots"].get(slot)
    return me["protection"] - (content().gear(held).protection if held else 0)


def slot_worth(card_id: str, me: AdventurerView, foe: Foe | None) -> float:
    """What ``card_id`` is worth in its slot, Protection counted as the total it would give."""
    slot = slot_of(card_id)
    if slot == "weapon":
        return weapon_worth(card_id, me, foe)
    found = content().gear(card_id)
    base = _protection_without(me, slot)
    return piece_worth(card_id, me, foe) + protection_worth(base + found.protection, foe) - protection_worth(base, foe)


def owned(me: AdventurerView) -> list[str]:
    return list(me["slots"].values()) + list(me["backpack"] or [])


def best_in_slot(me: AdventurerView, slot: str, foe: Foe | None, without: str = "") -> tuple[str | None, float]:
    """The best card the Adventurer owns for ``slot`` and its worth."""
    best: str | None = None
    worth = 0.0 if slot != "weapon" else -1.0
    for card in owned(me):
        if card == without or slot_of(card) != slot or is_single_use(card):
            continue
        value = slot_worth(card, me, foe)
        if value > worth:
            best, worth = card, value
    return best, max(0.0, worth)


def single_worth(card_id: str, me: AdventurerView, view: BLView) -> float:
    verb = action_verb(card_id)
    value = SINGLE_WORTH.get(verb, 3.0)
    ability = action_of(card_id)
    foe = boss_foe(view)
    if verb == "restore_mana":
        value = 6.0 if caster(me) else 0.0
    elif verb == "instant_damage" and ability is not None:
        value = 8.0 * int(ability.get("amount", 1))
    elif verb == "grant_protection":
        value = 14.0 if foe is not None and me["protection"] < foe.level else 4.0
    elif verb == "revive":
        value = 10.0 if view["seats"] >= 3 else 5.0
    elif verb == "grant_flight":
        value = 3.0 if me["flight"] else 6.0
    elif verb == "add_to_roll" and ability is not None and ability.has("check"):
        value = 5.0
    elif verb == "weapon_coating":
        weapon = me["slots"].get("weapon")
        value = 10.0 if weapon is not None and weapon not in me["coatings"] else 4.0
    return value


def gain(card_id: str, me: AdventurerView, view: BLView) -> float:
    """What owning ``card_id`` too would add (D-04): over the best card of its slot, or, for a
    single-use card, what it does, while there is room for it."""
    foe = boss_foe(view)
    found = content().gear(card_id)
    if found.kind == "single_use":
        singles = sum(1 for c in me["backpack"] or [] if is_single_use(c))
        if singles >= MAX_SINGLES + (1 if me["gold"] >= 150 else 0):
            return 0.0
        return single_worth(card_id, me, view) * (1.0 if singles < 2 else 0.6)
    if found.large and _larges(me) >= me["large_limit"]:
        carried = [c for c in owned(me) if content().gear(c).large]
        if not any(slot_of(c) == found.slot for c in carried):
            return 0.0  # it would push out another slot's Large card
    if found.slot == "weapon":
        current = max((weapon_worth(c, me, foe) for c in owned(me) if slot_of(c) == "weapon"), default=0.0)
        if foe is None:
            return max(0.0, weapon_worth(card_id, me, None) - current)
        # the best weapon against Monsters, and the best against the Boss, may be two cards (D-07)
        monsters_now = max((12.0 * content().gear(c).cs for c in owned(me) if slot_of(c) == "weapon"), default=0.0)
        boss_now = max((adventurer_round(me, foe, c) for c in owned(me) if slot_of(c) == "weapon"), default=0.0)
        monsters = max(0.0, 12.0 * found.cs - monsters_now)
        boss = max(0.0, adventurer_round(me, foe, card_id) - boss_now) * 80.0
        extra = ability_worth(card_id, me) if found.cs * 12 >= monsters_now else 0.0
        return monsters + boss + extra
    _, held = best_in_slot(me, found.slot, foe)
    worth = max(0.0, slot_worth(card_id, me, foe) - held)
    return max(worth, transmute_gain(card_id, me, foe) - 1)  # its abilities under a worn card (D-10)


def _larges(me: AdventurerView) -> int:
    return sum(1 for c in owned(me) if content().gear(c).large)


def keep_worth(card_id: str, me: AdventurerView, view: BLView) -> float:
    """What a card in hand is worth keeping (D-11): a single-use card what it does, equipment its
    gain over the rest (a dominated card only its sale value), a weapon kept for the Boss too."""
    found = gear(card_id)
    if found is None:
        return 0.0
    if found.kind == "single_use":
        return single_worth(card_id, me, view) + found.sale / 10
    foe = boss_foe(view)
    if found.slot == "weapon" and foe is not None:
        best = max(owned(me), key=lambda c: adventurer_round(me, foe, c) if slot_of(c) == "weapon" else -1.0)
        if best == card_id:
            return 30.0 + found.sale / 10
    best_card, _ = best_in_slot(me, found.slot, foe)
    if best_card == card_id:
        return slot_worth(card_id, me, foe) + found.sale / 10
    under = transmute_gain(card_id, me, foe)
    return under if under >= TRANSMUTE_AT_LEAST else found.sale / 10


# -- Transmutation (D-10) -------------------------------------------------------------------------------------

TRANSMUTE_AT_LEAST = 4.0
"""What a Transmutation must add, in worth points, before the AI makes it: +1 to Escape checks
(a Grappling Hook's ability) is about the least worth carrying on another card."""
REPLACE_BY = 4.0
"""How much more a card's abilities must be worth than the transmuted bottom card's before the
AI takes its one transmuted item apart (BL-237, BL-242) to put that card underneath instead."""


def _may_transmute(me: AdventurerView) -> bool:
    """Whether the Adventurer may Transmute now: an Alchemist (BL-237) without a transmuted item."""
    return bonus_has(me, "transmute") and not me["transmuted"]


def bonus_has(me: AdventurerView, verb: str) -> bool:
    return any(e.verb == verb for e in own_effects(me))


def _transmute_value(card_id: str, me: AdventurerView, foe: Foe | None = None, worn_in: str | None = None) -> float:
    """What a card's Special Abilities would add on top of another card (BL-240), worth what they
    are worth worn (:func:`one_ability_worth`), a Tesla action nothing without Tesla; Flight, or
    an action granting it, also by how much likelier it makes a round won against ``foe``. A
    card worn in slot ``worn_in`` is weighed, as :func:`slot_worth` weighs it, for the Adventurer
    without it."""
    rank = _rank_without(me, worn_in) if worn_in else me["magic_rank"]
    value = 0.0
    for ability in content().card(card_id).abilities:
        if ability.tag != "ability" or (ability.has("tesla") and me["max_tesla"] <= 0):
            continue
        value += one_ability_worth(ability, rank)
        if ability.verb in ("flight", "grant_flight"):
            value += flight_edge(me, foe, worn_in)
    return value


def _transmutable(card_id: str) -> bool:
    """A blue equipment card (BL-239): not a Treasure, a Starting Weapon or a single-use card."""
    return content().card(card_id).deck == "items" and not is_single_use(card_id)


def _bottom_gain(bottom: str, me: AdventurerView, foe: Foe | None) -> float | None:
    """What putting ``bottom`` under a worn card adds: all its abilities' worth if it lies in the
    backpack (it adds nothing there); if it is worn, what the best backpack card of its slot adds
    there over it, its abilities kept on the top card (a Circlet of the Third Eye goes under the
    armour, its Magic Rank with it, so that a Great Barbute's Protection 3 takes its place).
    None if its slot would stand empty, or if it is the weapon (D-07 weighs weapons against the
    Monsters and the Boss apart, so their worth in :func:`slot_worth` may not say which is worn)
    or has no ability to keep (a card is worth more in its own slot than under another)."""
    if bottom in (me["backpack"] or []):
        return _transmute_value(bottom, me, foe)
    slot = slot_of(bottom)
    kept = _transmute_value(bottom, me, foe, worn_in=slot)
    refills = [c for c in me["backpack"] or [] if slot_of(c) == slot and not is_single_use(c)]
    if slot == "weapon" or kept <= 0 or not refills:
        return None
    return kept + max(slot_worth(c, me, foe) for c in refills) - slot_worth(bottom, me, foe)


def _best_transmutation(me: AdventurerView, foe: Foe | None) -> tuple[float, str, str] | None:
    """The (gain, top, bottom) that adds the most, whatever it adds: the top a worn blue card
    without the bottom's action (the weapon last, the card most often swapped, D-07, and a swap
    takes the pair apart, BL-242), the bottom another blue card of the backpack or, if that
    adds more, of the slots."""
    tops = [c for c in me["slots"].values() if _transmutable(c)]
    best: tuple[float, str, str] | None = None
    for bottom in [c for c in list(me["backpack"] or []) + list(me["slots"].values()) if _transmutable(c)]:
        value = _bottom_gain(bottom, me, foe)
        if value is None:
            continue
        for top in tops:
            if top == bottom or content().card(top).has(action_verb(bottom) or "-"):
                continue
            score = value - (1.0 if slot_of(top) == "weapon" else 0.0)
            if best is None or score > best[0]:
                best = (score, top, bottom)
    return best


def transmute_plan(me: AdventurerView, foe: Foe | None = None) -> tuple[str, str] | None:
    """D-10: the (top, bottom) to Transmute now, if it adds at least :data:`TRANSMUTE_AT_LEAST`."""
    if not _may_transmute(me):
        return None
    best = _best_transmutation(me, foe)
    return (best[1], best[2]) if best is not None and best[0] >= TRANSMUTE_AT_LEAST else None


def retransmute_slot(me: AdventurerView, foe: Foe | None) -> str | None:
    """D-10: the slot whose transmuted item to take off (``unequip:<slot>``; its two cards come
    apart into the backpack, BL-242, and the AI wears the top card again) when a backpack card's
    abilities would add :data:`REPLACE_BY` more underneath than the bottom card's do, and the
    backpack has room for both cards. Both worths are counted for the Adventurer as it is, so
    the new bottom card is never taken out again for the old one."""
    if not bonus_has(me, "transmute") or len(me["transmuted"]) != 1:
        return None
    top, bottom = next(iter(me["transmuted"].items()))
    slot = next((s for s, c in me["slots"].items() if c == top), None)
    backpack = list(me["backpack"] or [])
    if slot is None or len(backpack) + 2 > me["backpack_limit"]:
        return None
    apart: AdventurerView = dict(me, transmuted={}, backpack=backpack + [bottom])  # type: ignore[assignment]
    best = _best_transmutation(apart, foe)
    if best is None or best[2] not in backpack \
            or _transmute_value(best[2], me, foe) < _transmute_value(bottom, me, foe) + REPLACE_BY:
        return None
    return f"unequip:{slot}"


def transmute_gain(card_id: str, me: AdventurerView, foe: Foe | None) -> float:
    """What ``card_id``'s abilities would add under a worn card (D-10): over the transmuted bottom
    card's, and only when that is worth taking the item apart for."""
    if not bonus_has(me, "transmute") or not _transmutable(card_id) \
            or not any(_transmutable(c) for c in me["slots"].values()):
        return 0.0
    value = _transmute_value(card_id, me, foe)
    if me["transmuted"]:
        now = max(_transmute_value(bottom, me, foe) for bottom in me["transmuted"].values())
        return value - now if value >= now + REPLACE_BY else 0.0
    return value


def transmute_choice(view: BLView, decision: Decision, me: AdventurerView) -> str | None:
    """D-10 in the Market or Preparation: Transmute if a pair adds enough, or take the
    transmuted item apart for a better one."""
    foe = boss_foe(view)
    if "transmute" in decision.option_ids and transmute_plan(me, foe) is not None:
        return "transmute"
    found = retransmute_slot(me, foe)
    return found if found in decision.option_ids else None


def transmute_top(view: BLView, decision: Decision, rng: Rng) -> Answer:
    plan = transmute_plan(me_of(view, decision.seat), boss_foe(view))
    if plan is not None and f"top:{plan[0]}" in decision.option_ids:
        return (f"top:{plan[0]}",)
    return ("back",)


def transmute_bottom(view: BLView, decision: Decision, rng: Rng) -> Answer:
    me = me_of(view, decision.seat)
    foe = boss_foe(view)
    plan = transmute_plan(me, foe)
    if plan is not None and f"bottom:{plan[1]}" in decision.option_ids:
        return (f"bottom:{plan[1]}",)
    picks = [o for o in decision.option_ids if o.startswith("bottom:")]
    if picks:
        return (max(picks, key=lambda o: _transmute_value(o.partition(":")[2], me, foe)),)
    return ("back",)
