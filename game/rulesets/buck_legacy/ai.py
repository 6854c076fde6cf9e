"""The normal-level Buck: Legacy player (checklist section 6), deciding from its view only.

``choose(view, decision, rng)`` answers every decision kind for the seat that owns it. It reads
the seat's view (its own backpack, everyone's public record, the shop, the fight with its Combat
Points and exact odds) and the public card data of the registered rule system's content.

How it decides, by decision (the D-numbers of section 6):

* **create** (D-02): Combat Strength first, then what a trait adds (Magic Rank with a Mana
  weapon, Protection, Flight), and a Cleric at 3 or more players when nobody has one.
* **market** (D-04, D-06, D-07, D-26): equip what beats the slot's card; restore Mana at 60% or
  less; buy the shop card with the best worth per Gold (at least 0.3 of its price); a Side Job
  with any action left; sell what is dominated; buy Tesla for a device; then Done.
* **interrupt** (D-05): take over a purchase the AI would have made itself.
* **zone** (D-08): the Boss the party is likeliest to beat (lowest Level and HP), then Loot.
* **help** windows (D-16 to D-18, D-21, D-22): the fighter spends only to change the outcome
  (a loss to a Parry or a win), cheapest first; others Support a fighter who needs it and is not
  the runaway leader; in a Boss fight everyone helps; against a Volley that would stun, the
  Protection spell or a reroll of the red die.
* **parry_choice** (D-19): keep the Parry unless winning is impossible; **useless** (D-20): roll.
* **overflow** (D-11), **keep_treasure** (D-03), **play_order** (D-12), **choose_monster** (D-15):
  the card values of :func:`card_value`.
"""

from __future__ import annotations

from typing import Callable

from game.core import registry
from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy.content import BLContent, Card, Gear
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView, FightView
from game.rulesets.buck_legacy.vocabulary import VOCABULARY

SYSTEM_ID = "buck-legacy"
_CONTENT = registry.Follow(SYSTEM_ID, "content")
BUY_RATIO = 0.3
"""Buy when a card's worth is at least this share of its price (D-04)."""

View = BLView


def content() -> BLContent:
    found: BLContent = _CONTENT()
    return found


# -- card values (section 6, "Card value") ----------------------------------------------------------

def card_value(card_id: str, me: AdventurerView | None = None) -> float:
    """V: 10 per Combat Strength, 4 per Protection, what its abilities are worth, a fifth of its
    sale value; Mana counts only for a caster (Magic Rank 1 or more)."""
    card: Card = content().card(card_id)
    value = 0.0
    if isinstance(card, Gear):
        value += 10 * card.cs + 4 * card.protection + card.sale / 5
    caster = me is not None and me["magic_rank"] >= 1
    for ability in card.abilities:
        if ability.verb == "max_mana" and not caster:
            continue
        worth = VOCABULARY.worth(ability.verb)
        amount = ability.get("amount", 1)
        value += worth * (amount if isinstance(amount, int) else 1)
    return value


def _slot_of(card_id: str) -> str:
    card = content().card(card_id)
    return card.slot if isinstance(card, Gear) else ""


def _equipped_value(me: AdventurerView, slot: str) -> float:
    held = me["slots"].get(slot)
    return card_value(held, me) if held else 0.0


def _fit(card_id: str, view: View | None) -> float:
    """A weapon against the Boss of the Zone in play (D-07): nothing of its Combat Strength if the
    Boss resists one of its types, +1 and the automatic parry if the Boss is vulnerable."""
    card = content().card(card_id)
    if view is None or not view.get("zone") or not isinstance(card, Gear) or card.slot != "weapon":
        return 0.0
    boss = content().zones[view["zone"]].boss
    assert boss is not None
    if any(t in boss.resist for t in card.types):
        return -10.0 * card.cs
    if any(t in boss.vulnerable for t in card.types):
        return 25.0
    return 0.0


def _gain(card_id: str, me: AdventurerView, view: View | None = None) -> float:
    """What equipping a card would add over the slot's card now (weapons judged against the Boss)."""
    slot = _slot_of(card_id)
    if not slot:
        return card_value(card_id, me)
    held = me["slots"].get(slot)
    before = card_value(held, me) + _fit(held, view) if held else 0.0
    return card_value(card_id, me) + _fit(card_id, view) - before


# -- the decisions --------------------------------------------------------------------------------------

def _me(view: View, seat: int) -> AdventurerView:
    return view["adventurers"][seat]


def _ids(decision: Decision) -> tuple[str, ...]:
    return decision.option_ids


def _first(decision: Decision, *prefixes: str) -> str | None:
    for prefix in prefixes:
        for oid in decision.option_ids:
            if oid == prefix or oid.startswith(prefix + ":"):
                return oid
    return None


def _ending(decision: Decision) -> tuple[str, ...]:
    for oid in ("end", "pass", "back", "roll", "parry"):
        if oid in decision.option_ids:
            return (oid,)
    return (decision.option_ids[0],)


def create(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-02: Combat Strength, then a useful trait."""
    seats = view["seats"]
    taken_classes = {a["klass"] for a in view["adventurers"]}

    def score(oid: str) -> float:
        card = content().card(oid.partition(":")[2])
        value = 10.0 * getattr(card, "cs", 0) + card_value(card.id) * 0.5
        if getattr(card, "keyword", "") == "cleric" and seats >= 3 and "cleric" not in taken_classes:
            value += 30
        return value
    return (max(decision.option_ids, key=score),)


def market(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    me = _me(view, decision.seat)
    ids = decision.option_ids
    for oid in ids:  # D-07: wear what is better
        if oid.startswith("equip:"):
            card = oid.partition(":")[2]
            held = me["slots"].get(_slot_of(card))
            if _gain(card, me, view) > (5 if held and content().card(held).deck == "character" else 0):
                return (oid,)
    if "restore_mana" in ids and me["magic_rank"] >= 1 and me["mana"] <= 0.6 * me["max_mana"]:
        return ("restore_mana",)
    best, best_ratio = None, BUY_RATIO
    for oid in ids:
        if oid.startswith("buy:") and view["shop"]:
            card = view["shop"][int(oid.partition(":")[2]) - 1]
            gear = content().gear(card)
            if gear.cost > me["gold"]:
                continue
            ratio = _gain(card, me, view) / max(1, gear.cost) * 10
            if ratio >= best_ratio:
                best, best_ratio = oid, ratio
    if best is not None:
        return (best,)
    if "side_job" in ids:
        return ("side_job",)
    for oid in ids:  # D-06: sell what is dominated in its slot
        if oid.startswith("sell:"):
            card = oid.partition(":")[2]
            if card in (me["backpack"] or []) and _slot_of(card) and _gain(card, me, view) <= 0 \
                    and _fit(card, view) <= 0:
                return (oid,)
    if "tesla" in ids and _wants_tesla(me):
        return ("tesla",)
    return ("end",)


def _wants_tesla(me: AdventurerView) -> bool:
    devices = [c for c in me["slots"].values() if any(a.get("tesla") for a in content().card(c).abilities)]
    return bool(devices) and me["tesla"] < min(me["max_tesla"], 4 * len(devices))


def interrupt(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-05: interrupt for a card the AI would buy itself."""
    if "interrupt" in decision.option_ids and view["shop"]:
        option = decision.option("interrupt")
        assert option is not None and option.target is not None
        card = view["shop"][int(option.target[1]) - 1]
        me = _me(view, decision.seat)
        if _gain(card, me) / max(1, content().gear(card).cost) * 10 >= BUY_RATIO * 2:
            return ("interrupt",)
    return ("pass",)


def zone(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-08: the Boss the party is likeliest to beat (its Level and HP, and how many of the party's
    weapons it resists or is vulnerable to), then the higher Loot."""
    weapons = [content().gear(a["slots"]["weapon"]) for a in view["adventurers"] if "weapon" in a["slots"]]

    def score(oid: str) -> tuple[float, int]:
        z = content().zones[oid.partition(":")[2]]
        assert z.boss is not None
        resisted = sum(1 for w in weapons if any(t in z.boss.resist for t in w.types))
        weak = sum(1 for w in weapons if any(t in z.boss.vulnerable for t in w.types))
        return (-(z.boss.level * 2 + z.boss.hp) - 2 * resisted + 2 * weak, z.loot_mod)
    return (max(decision.option_ids, key=score),)


def lowest_value(decision: Decision, me: AdventurerView, prefixes: tuple[str, ...]) -> str | None:
    found = [o for o in decision.option_ids if o.partition(":")[0] in prefixes]
    if not found:
        return None
    return min(found, key=lambda o: card_value(o.split(":")[1], me))


def overflow(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-11: use a single-use card that helps now, else sell, else discard the least worth."""
    me = _me(view, decision.seat)
    for prefixes in (("use",), ("sell",), ("discard",)):
        found = lowest_value(decision, me, prefixes)
        if found is not None:
            return (found,)
    return (decision.option_ids[0],)


def raise_funds(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    me = _me(view, decision.seat)
    found = lowest_value(decision, me, ("sell",))
    if "side_job" in decision.option_ids:
        return ("side_job",)
    return (found or decision.option_ids[0],)


def keep_treasure(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    me = _me(view, decision.seat)
    return (max(decision.option_ids, key=lambda o: card_value(o.partition(":")[2], me)),)


def preparation(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    me = _me(view, decision.seat)
    for oid in decision.option_ids:
        if oid.startswith("equip:") and _gain(oid.partition(":")[2], me, view) > 0:
            card = oid.partition(":")[2]
            held = me["slots"].get(_slot_of(card))
            if not (held and content().card(held).deck == "character" and _gain(card, me, view) <= 5):
                return (oid,)
    if me["mana"] < me["max_mana"]:
        found = _first(decision, "use")
        if found and _verb_of(found) == "restore_mana":
            return (found,)
    return ("end",)


def _verb_of(oid: str) -> str:
    card = content().card(oid.split(":")[1])
    for ability in card.abilities:
        if ability.kind == "action" or ability.verb == "weapon_coating":
            return ability.verb
    return ""


def play_order(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-12: Gifts first, then Events, then Curses."""
    order = {"gift": 0, "event": 1, "curse": 2}
    return (min(decision.option_ids, key=lambda o: order.get(content().card(o.partition(":")[2]).kind, 3)),)


def choose_monster(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-15: the easiest first (the lowest Level), Support lasting the phase for the harder."""
    return (min(decision.option_ids, key=lambda o: content().dungeon_card(o.partition(":")[2]).level),)


def parry_choice(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-19: keep the Parry unless a win is impossible on fresh dice."""
    fight = view["fight"]
    if fight is not None and fight["win"] == 0:  # with the auto-parry a tie only rerolls again
        return ("accept",)
    return ("parry",)


def help_window(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    seat = decision.seat
    fight = view["fight"]
    check = view["check"]
    ids = decision.option_ids
    if decision.rule == "BL-094" and check is not None and check["seat"] == seat and check["final"] < check["need"]:
        for prefix in ("cast:flash", "cast:voltage_surge:check", "use"):
            found = _first(decision, prefix)
            if found and (not found.startswith("use") or found.endswith(":check")):
                return (found,)
        return ("pass",)
    if fight is None:
        return ("pass",)
    me = _me(view, seat)
    if decision.rule == "BL-173":
        return _red(view, decision, me, fight)
    if decision.rule != "BL-115":
        return ("pass",)
    behind = fight["monster_cp"] - fight["fighter_cp"]
    if fight["fighter"] == seat:
        if fight["white"] and behind >= 0:
            for oid in ids:
                if oid.startswith("use:") and _verb_of(oid) == "instant_damage":
                    return (oid,)
            for oid in ("cast:magic_arrow", "cast:magic_missile"):
                if oid in ids and behind <= 1:
                    return (oid,)
            if behind == 0 and "cast:voltage_surge:white" in ids and fight["white_final"] < 6:
                return ("cast:voltage_surge:white",)
            found = _first(decision, "cast:power_shunt:white")
            if found and fight["white_final"] <= 3:
                return (found,)
            for oid in ids:
                if oid.startswith("use:") and oid.endswith(":white") and fight["white_final"] <= 3:
                    return (oid,)
        return ("pass",)
    if "support" in ids and fight["white"] and behind >= 0 and not _runaway(view, fight["fighter"]):
        return ("support",)
    return ("pass",)


def _red(view: View, decision: Decision, me: AdventurerView, fight: FightView) -> tuple[str, ...]:
    """D-21: against a Volley that would stun, Protection or a reroll of the red die."""
    ids = decision.option_ids
    fighter = view["adventurers"][fight["fighter"]]
    red = fight["red_final"]
    if red == 4 and fighter["protection"] < fight["level"]:
        target = f"cast:protection:{fight['fighter']}"
        if target in ids and fighter["protection"] + 4 >= fight["level"]:
            return (target,)
        for oid in ids:
            if oid.endswith(":red") and (oid.startswith("use:") or oid.startswith("cast:power_shunt")):
                return (oid,)
    if red == 5 and not fighter["flight"]:
        target = f"cast:crystal_wings:{fight['fighter']}"
        if target in ids:
            return (target,)
    return ("pass",)


def _runaway(view: View, seat: int) -> bool:
    """The runaway leader: 2 Medals or more ahead of everyone else (section 6, "Standing")."""
    medals = [a["medals"] for a in view["adventurers"]]
    others = [m for s, m in enumerate(medals) if s != seat]
    return bool(others) and medals[seat] - max(others) >= 2


def lose_equipped(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    me = _me(view, decision.seat)
    return (min(decision.option_ids, key=lambda o: card_value(o.partition(":")[2], me)),)


def useless(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """D-20: fail the Escape on purpose only when no Active Adventurer can win a Boss round (the
    fighter cannot, or it would not be asked): a hopeless Boss fight then ends (A-55) instead of
    going round for ever; otherwise roll, to stay Active for the Medal."""
    fight = view["fight"]
    if fight is None:
        return ("roll",)
    others = [a for a in view["adventurers"] if not a["stunned"] and a["seat"] != decision.seat]
    if all(a["strength"] + 6 <= fight["level"] + 1 for a in others):
        return ("fail",)
    return ("roll",)


HANDLERS: dict[str, Callable[[View, Decision, Rng], tuple[str, ...]]] = {
    "create": create, "market": market, "interrupt": interrupt, "zone": zone, "overflow": overflow,
    "raise_funds": raise_funds, "keep_treasure": keep_treasure, "preparation": preparation,
    "play_order": play_order, "choose_monster": choose_monster, "parry_choice": parry_choice,
    "help": help_window, "lose_equipped": lose_equipped, "useless": useless,
}


def choose(view: View, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The normal player's answer; a kind without a heuristic gets the safe ending answer."""
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _ending(decision)
    return handler(view, decision, rng)
