"""Derived values: what an Adventurer's record shows and what a Monster's record shows, worked
out from the cards in play every time they are needed, so they never go stale (BL-033, BL-034).

Where a static modifier (vocabulary.py) counts:

- an Adventurer's own cards: Race, Class, equipped cards (with a weapon's coating and a
  transmuted item's Special Abilities, BL-240), attached Gifts and Curses (BL-020), and the
  Gifts, Curses and Events revealed in front of them (BL-082, A-32);
- the Zone's special rule, during the Adventure Part while its Zone side is up (BL-161);
- Dungeon cards in play whose modifier reaches everyone (``scope = "all"``: an aura, AK-23);
- the Monster being fought, for its fighter (``scope = "fighter"``), unless Null Zone silences
  its Special Abilities (BL-224).

A modifier may hold only against a creature type, with a weapon of a damage type, or with or
without Flight; :func:`applies` reads those conditions.

Speed: each card knows once which of its modifiers reach whom (content.py), and where the
rules read many numbers of a state that does not change meanwhile (a view, a question's
options) they do it in an :class:`unchanging` block, which gathers each Adventurer's modifiers
once; nothing is kept beyond the block, so nothing can go stale.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Iterator, Sequence

from game.rulesets.buck_legacy.content import BLContent, Card, DungeonCard, Effect, Gear
from game.rulesets.buck_legacy.state import Adventurer, BLState

BASE_BACKPACK = 5
BASE_TESLA = 8
BASE_MANA = 10
BASE_LARGE = 1
"""The maximum values every Adventurer starts with (BL-035)."""
TESLA_PRICE = 5
"""Gold per unit of Tesla in Ingenuity (BL-062)."""

ADVENTURE_PARTS = ("exploration", "combat", "boss")


def own_cards(content: BLContent, adv: Adventurer) -> Iterator[Card]:
    """The cards in play in front of an Adventurer that are theirs (BL-020)."""
    if adv.race:
        yield content.races[adv.race]
    if adv.klass:
        yield content.classes[adv.klass]
    for card in adv.slots.values():
        yield content.card(card)
    for coating in adv.coatings.values():
        yield content.card(coating)
    for card in adv.attached:
        yield content.card(card)


def transmuted_abilities(content: BLContent, adv: Adventurer, top: str) -> tuple[Effect, ...]:
    """What a transmuted top card gains from the card under it: its Special Abilities only
    (BL-240); nothing if ``top`` is not the top of a transmuted item."""
    bottom = adv.transmuted.get(top)
    if bottom is None:
        return ()
    return content.card(bottom).special_abilities


def zone_effects(state: BLState, content: BLContent) -> tuple[Effect, ...]:
    """The Zone's special rule, while it applies (BL-161, BL-166)."""
    if state.zone and not state.boss_up and state.part in ADVENTURE_PARTS:
        return content.zones[state.zone].abilities
    return ()


def silenced(state: BLState, content: BLContent, monster: DungeonCard, effect: Effect) -> bool:
    """Null Zone ignores a Monster's Special Abilities, but not a Mana Drain Monster's, and never
    Special Rules (BL-224, A-24)."""
    return state.null_zone and effect.tag == "ability" and not monster.has("mana_drain")


def cards_in_play(state: BLState) -> Iterator[str]:
    """Dungeon cards in play: in front of an Adventurer, and the Monster being fought (BL-020)."""
    for adv in state.adventurers:
        yield from adv.in_front
    if state.fight is not None and not state.fight.boss:
        yield state.fight.monster


def fought_monster(state: BLState, content: BLContent, seat: int) -> DungeonCard | None:
    fight = state.fight
    if fight is None or fight.fighter != seat or fight.boss:
        return None
    return content.dungeon_card(fight.monster)


def fought_creature(state: BLState, content: BLContent, seat: int) -> str | None:
    """The creature type of whatever ``seat`` is fighting, a Boss included (a Boss counts as a
    Monster, BL-165); None out of battle or for a Monster of no type."""
    fight = state.fight
    if fight is None or fight.fighter != seat:
        return None
    if fight.boss:
        boss = content.zones[state.zone].boss
        return boss.creature or None if boss is not None else None
    return content.dungeon_card(fight.monster).creature or None


_UNCHANGING: ContextVar[tuple[BLState, BLContent, dict[int, Sequence[Effect]]] | None] = \
    ContextVar("buck_legacy_unchanging", default=None)
"""The state being read in an :func:`unchanging` block, and the modifiers gathered in it so far."""


class unchanging:
    """``with unchanging(state, content):`` a block in which ``state`` does not change (a seat's
    view is built, a question's options are listed: many numbers of the Adventurers' records are
    read, BL-033): each Adventurer's modifiers are gathered once for the block instead of once
    per number. Kept in a context variable, so each thread has its own; a block inside another
    on the same state keeps what the outer one gathered."""

    def __init__(self, state: BLState, content: BLContent) -> None:
        self.state, self.content = state, content
        self.token: Token[tuple[BLState, BLContent, dict[int, Sequence[Effect]]] | None] | None = None

    def __enter__(self) -> None:
        held = _UNCHANGING.get()
        if held is None or held[0] is not self.state or held[1] is not self.content:
            self.token = _UNCHANGING.set((self.state, self.content, {}))

    def __exit__(self, *exc: object) -> None:
        if self.token is not None:
            _UNCHANGING.reset(self.token)
            self.token = None


def adventurer_effects(state: BLState, content: BLContent, seat: int) -> Sequence[Effect]:
    """Every static modifier that may reach the Adventurer at ``seat`` (conditions unread), in
    this order: their own cards' (Race, Class, equipped cards, coatings, attached Gifts and
    Curses, what transmuted items gain, BL-240), the revealed Dungeon cards' in front of them
    (BL-082), the Zone's rule (BL-161), then the auras of the Dungeon cards in play and the
    fought Monster's modifiers of its fighter. Each card knows its own modifiers by whom they
    reach (content.py), so this reads no ability that cannot count."""
    held = _UNCHANGING.get()
    if held is not None and held[0] is state and held[1] is content:
        found = held[2].get(seat)
        if found is None:
            found = held[2][seat] = _gather(state, content, seat)
        return found
    return _gather(state, content, seat)


def _gather(state: BLState, content: BLContent, seat: int) -> list[Effect]:
    adv = state.adventurers[seat]
    # (definitions looked up in content's tables of instances first: this runs at nearly every
    # choice, and a dict lookup costs less than a call)
    known, card = content.instance_cards, content.card
    out: list[Effect] = []
    if adv.race:
        out += content.races[adv.race].holder_statics
    if adv.klass:
        out += content.classes[adv.klass].holder_statics
    slots = adv.slots
    for held in slots.values():
        out += (known.get(held) or card(held)).holder_statics
    for coating in adv.coatings.values():
        out += (known.get(coating) or card(coating)).holder_statics
    for attached in adv.attached:
        out += (known.get(attached) or card(attached)).holder_statics
    if adv.transmuted:  # a transmuted item in play: only equipped (BL-021, BL-240)
        for top in slots.values():
            bottom = adv.transmuted.get(top)
            if bottom is not None:
                out += card(bottom).special_holder_statics
    dungeon_known, dungeon_card = content.dungeon_instances, content.dungeon_card
    for revealed in adv.in_front:
        out += (dungeon_known.get(revealed) or dungeon_card(revealed)).revealed_statics
    if state.zone and not state.boss_up and state.part in ADVENTURE_PARTS:
        out += content.zones[state.zone].adventurer_statics
    fight = state.fight
    fought = fight.monster if fight is not None and fight.fighter == seat and not fight.boss else None
    for other in state.adventurers:
        for card_id in other.in_front:
            found = dungeon_known.get(card_id) or dungeon_card(card_id)
            if found.reaches:
                _reaching(state, content, found, card_id == fought, out)
    if fight is not None and not fight.boss:
        _reaching(state, content, dungeon_card(fight.monster), fight.monster == fought, out)
    return out


def _reaching(state: BLState, content: BLContent, card: DungeonCard, fought: bool, out: list[Effect]) -> None:
    """Add the modifiers of a Dungeon card in play that reach beyond its holder: an aura reaches
    everyone (AK-23), a Monster's ``fighter`` modifier whoever fights it; Null Zone silences a
    Monster's Special Abilities (BL-224)."""
    if not card.aura_statics and not (fought and card.fighter_statics):
        return  # (most cards: their modifiers reach their holder only)
    for effect in card.adventurer_statics:
        scope = effect.get("scope", "holder")
        if scope == "all" or (scope == "fighter" and fought):
            if not (card.kind == "monster" and silenced(state, content, card, effect)):
                out.append(effect)


def has_flight(state: BLState, content: BLContent, seat: int) -> bool:
    """Flight from a card in play or from a spell or item until its time runs out (BL-244, BL-218)."""
    if state.adventurers[seat].flight_until:
        return True
    return any(e.verb == "flight" for e in adventurer_effects(state, content, seat))


def weapon_types(state: BLState, content: BLContent, seat: int) -> tuple[str, ...]:
    """The damage types the equipped weapon deals: printed, plus those spells add (BL-125, A-20)."""
    adv = state.adventurers[seat]
    weapon = adv.slots.get("weapon")
    if weapon is None:
        return ()
    return tuple(dict.fromkeys(content.gear(weapon).types + tuple(adv.weapon_types)))


def applies(state: BLState, content: BLContent, seat: int, effect: Effect, creature: str | None) -> bool:
    """Whether a modifier's conditions hold for this Adventurer (fighting a Monster of
    ``creature`` type, or None)."""
    wanted = effect.get("creature")
    if wanted is not None and wanted != creature:
        return False
    damage = effect.get("damage")
    if damage is not None and damage not in weapon_types(state, content, seat):
        return False
    flying = effect.get("flying")
    if flying is not None and has_flight(state, content, seat) != flying:
        return False
    return True


def total(state: BLState, content: BLContent, seat: int, verb: str, **match: object) -> int:
    """The sum of ``amount`` over the modifiers of ``verb`` that hold for this Adventurer now
    (``match``: parameters that must be equal, e.g. ``check="escape"``; a flag left out of a
    record counts as False)."""
    out = 0
    for effect in adventurer_effects(state, content, seat):
        if effect.verb != verb or (match and any(effect.get(k, False if isinstance(v, bool) else None) != v
                                                 for k, v in match.items())):
            continue
        if _holds(state, content, seat, effect):
            out += int(effect.get("amount", 0))
    return out


def has(state: BLState, content: BLContent, seat: int, verb: str, **match: object) -> bool:
    return any(e.verb == verb and all(e.get(k) == v for k, v in match.items()) and _holds(state, content, seat, e)
               for e in adventurer_effects(state, content, seat))


def wards(state: BLState, content: BLContent, seat: int) -> frozenset[str]:
    """The kinds of selection (``choose``, ``target``) a ward of this Adventurer's blocks (AK-22):
    ``has(..., "ward", selection=kind)`` for each kind at once."""
    return frozenset(e.get("selection") for e in adventurer_effects(state, content, seat)
                     if e.verb == "ward" and _holds(state, content, seat, e))


def _holds(state: BLState, content: BLContent, seat: int, effect: Effect) -> bool:
    """:func:`applies`, with the fought creature worked out only for a modifier that has conditions."""
    return not effect.conditional or applies(state, content, seat, effect, fought_creature(state, content, seat))


# -- the Adventurer's record (BL-033) -------------------------------------------------------------

def magic_rank(state: BLState, content: BLContent, seat: int) -> int:
    """Magic Rank starts at 0 and rises with Race, Class and equipment, without limit (BL-204)."""
    return max(0, total(state, content, seat, "magic_rank"))


def max_mana(state: BLState, content: BLContent, seat: int) -> int:
    return max(0, BASE_MANA + total(state, content, seat, "max_mana"))


def max_tesla(state: BLState, content: BLContent, seat: int) -> int:
    return max(0, BASE_TESLA + total(state, content, seat, "max_tesla"))


def backpack_limit(state: BLState, content: BLContent, seat: int) -> int:
    return max(0, BASE_BACKPACK + total(state, content, seat, "backpack"))


def large_limit(state: BLState, content: BLContent, seat: int) -> int:
    return max(0, BASE_LARGE + total(state, content, seat, "large_limit"))


def tesla_price(state: BLState, content: BLContent, seat: int) -> int:
    """Gold for one unit of Tesla (BL-062; the Steam Mechanic pays less, plan 2.3)."""
    prices = [int(e.get("gold")) for e in adventurer_effects(state, content, seat) if e.verb == "tesla_price"]
    return min(prices) if prices else TESLA_PRICE


def protection(state: BLState, content: BLContent, seat: int) -> int:
    """The sum of Protection over every source, temporary ones included (BL-158, A-04)."""
    adv = state.adventurers[seat]
    printed = sum(content.gear(c).protection for c in adv.slots.values())
    return max(0, printed + total(state, content, seat, "protection") + adv.temp_protection)


def large_cards(state: BLState, content: BLContent, seat: int) -> list[str]:
    """The Large cards an Adventurer carries (BL-068; option A-14: equipped ones only)."""
    adv = state.adventurers[seat]
    carried = list(adv.slots.values()) + ([] if state.large_equipped_only else adv.backpack)
    return [c for c in carried if content.gear(c).large]


def over_limits(state: BLState, content: BLContent, seat: int) -> bool:
    """Whether the backpack or the Large limit is exceeded (BL-068, BL-075)."""
    adv = state.adventurers[seat]
    return (len(adv.backpack) > backpack_limit(state, content, seat)
            or len(large_cards(state, content, seat)) > large_limit(state, content, seat))


def weapon_strength(state: BLState, content: BLContent, seat: int, monster: DungeonCard | None = None,
                    resist: tuple[str, ...] = (), vulnerable: tuple[str, ...] = ()) -> int:
    """The weapon's Combat Strength: printed, its coating, and bonuses "to your weapon"; +0
    against a Monster resisting one of its types (BL-120, BL-123), +1 against one vulnerable to
    any of them, never more (BL-121, BL-122)."""
    adv = state.adventurers[seat]
    weapon = adv.slots.get("weapon")
    if weapon is None:
        return 0
    value = content.gear(weapon).cs
    for coating in ([adv.coatings[weapon]] if weapon in adv.coatings else []):
        value += sum(int(e.get("amount")) for e in content.card(coating).verbs("weapon_coating"))
    value += total(state, content, seat, "combat_strength", weapon=True)
    types = weapon_types(state, content, seat)
    if any(t in resist for t in types):
        return 0
    if any(t in vulnerable for t in types):
        return value + 1
    return value


def auto_parry(state: BLState, content: BLContent, seat: int, vulnerable: tuple[str, ...]) -> bool:
    """A weapon dealing a type the Monster is vulnerable to parries a loss (BL-121, BL-123, BL-124)."""
    return any(t in vulnerable for t in weapon_types(state, content, seat))


def combat_strength(state: BLState, content: BLContent, seat: int, resist: tuple[str, ...] = (),
                    vulnerable: tuple[str, ...] = ()) -> int:
    """Race, Class and equipped cards (the weapon adjusted, BL-120 to BL-123), Gifts, Curses,
    temporary effects and Support received (BL-111, BL-139)."""
    adv = state.adventurers[seat]
    value = 0
    if adv.race:
        value += content.races[adv.race].cs
    if adv.klass:
        value += content.classes[adv.klass].cs
    for slot, card in adv.slots.items():
        if slot != "weapon":
            value += content.gear(card).cs
    value += weapon_strength(state, content, seat, None, resist, vulnerable)
    value += total(state, content, seat, "combat_strength", weapon=False)
    return value + adv.support_received


def weapon_printed_strength(state: BLState, content: BLContent, seat: int) -> int:
    """What a supporter adds: the printed CS of their equipped weapon, unadjusted (BL-139, A-25)."""
    weapon = state.adventurers[seat].slots.get("weapon")
    return content.gear(weapon).cs if weapon is not None else 0


def roll_modifiers(state: BLState, content: BLContent, seat: int) -> tuple[int, int]:
    """(ordinary, exempt) changes to the Adventurer's own combat rolls: the exempt ones (the
    Berserker's, Unlimited Drill's) are added after the Rule of Six (BL-118, A-45)."""
    ordinary = exempt = 0
    for effect in adventurer_effects(state, content, seat):
        if effect.verb == "combat_roll" and _holds(state, content, seat, effect):
            if effect.get("exempt"):
                exempt += int(effect.get("amount"))
            else:
                ordinary += int(effect.get("amount"))
    return ordinary, exempt


def check_bonus(state: BLState, content: BLContent, seat: int, kind: str) -> int:
    """All modifiers to one kind of check (BL-092)."""
    return total(state, content, seat, "check_bonus", check=kind)


def gear(content: BLContent, card: str) -> Gear:
    return content.gear(card)
