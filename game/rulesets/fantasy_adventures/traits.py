"""What a card can do and what applies to it right now: flying, the trap ability, saves,
immunities, Ranged attacks, and the melee and duel totals with every bonus that applies
(FA-086, FA-109, FA-138, FA-181 to FA-183, FA-188, FA-194, FA-203 to FA-209, FA-215 to FA-219,
FA-226 to FA-231, FA-233, FA-234, FA-240).

Automatic abilities are always on (FA-155): they are read here from the cards in play, never
stored, so they cannot go stale. A feared hero has none (FA-188). A hero's items lend it
their automatic abilities (FA-168). Effects that last until the end of the Encounter (a spell's
Flying, a +2 Melee) are in the Encounter's ``gained`` list, read here the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Monster
from game.rulesets.fantasy_adventures.totals import Total, horde_bonus

ARMOR_GROUPS = ("armor", "helms")
"""Items of these groups, and shields, give an armor save even with no numbers (FA-215, FA-233)."""


@dataclass(frozen=True)
class Save:
    label: str
    low: int
    high: int


# -- reading abilities -------------------------------------------------------------------------------

def _flat(abilities: Any) -> Iterator[Any]:
    """Abilities with AND pairs opened up (FA-211); an OR pair is read by its callers (FA-212)."""
    for ability in abilities:
        if ability.verb == "and":
            yield from _flat((ability.params["first"], ability.params["second"]))
        else:
            yield ability


def automatic(ctx: Ctx, card: str, verb: str) -> list[Any]:
    """The automatic abilities ``verb`` of ``card`` itself, restrictions respected (FA-155, FA-210)."""
    out = []
    for ability in _flat(ctx.card(card).abilities):
        if ability.verb == verb and ability.timing == "automatic" and _allowed(ctx, ability):
            out.append(ability)
    return out


def _allowed(ctx: Ctx, ability: Any) -> bool:
    """A Multiplayer-only ability works only while 3 or more players remain (FA-210)."""
    return not getattr(ability, "multiplayer_only", False) or len(ctx.state.remaining()) >= 3


def _hero_sources(ctx: Ctx, hero: str) -> list[str]:
    """The cards whose automatic abilities a hero has: itself and its items (FA-168); none while
    it is feared (FA-188)."""
    player = ctx.owner_of_hero(hero)
    if hero in player.feared:
        return []
    return [hero] + player.items.get(hero, [])


def hero_has(ctx: Ctx, hero: str, verb: str) -> list[Any]:
    out = [a for source in _hero_sources(ctx, hero) for a in automatic(ctx, source, verb)]
    encounter = ctx.state.encounter
    if encounter is not None and hero not in ctx.owner_of_hero(hero).feared:
        for source in encounter.gained.get(hero, []):
            out += [a for a in _flat(ctx.card(source).abilities) if a.verb == verb]
    return out


# -- flying, the trap ability, undead (FA-004, FA-194, FA-227) -----------------------------------------

def hero_flies(ctx: Ctx, hero: str) -> bool:
    return bool(ctx.card(hero).flying or hero_has(ctx, hero, "flying"))


def monster_flies(ctx: Ctx, monster: str) -> bool:
    return bool(ctx.card(monster).flying or automatic(ctx, monster, "flying"))


def trap_ability(ctx: Ctx, hero: str) -> bool:
    return bool(ctx.card(hero).trap_ability)


def undead(ctx: Ctx, monster: str) -> bool:
    return "undead" in ctx.card(monster).groups


def disarm_bonus(ctx: Ctx, hero: str) -> int:
    """Bonuses to disarm rolls (AK-24): the entering hero's own and its items' (FA-070, FA-181)."""
    return sum(a.params["amount"] for a in hero_has(ctx, hero, "roll_bonus") if a.params["roll"] == "disarm")


def surprise_bonus(ctx: Ctx, monsters: list[str]) -> int:
    """Bonuses to the surprise roll from the Encounter's monsters (AK-24, FA-081, A-15)."""
    return sum(a.params["amount"] for m in monsters for a in automatic(ctx, m, "roll_bonus")
               if a.params["roll"] == "surprise")


# -- saves (FA-214 to FA-219, FA-233) -----------------------------------------------------------------

def saves(ctx: Ctx, card: str) -> list[Save]:
    """Every save source of a defeated card, one roll each (FA-218). A save with no numbers
    succeeds at or below the card's basic Melee (FA-217); Armor-group, Helms-group and shield
    items always give one (FA-215, FA-233)."""
    info = ctx.card(card)
    basic = info.melee
    out = []
    if info.type == "hero":
        player = ctx.owner_of_hero(card)
        for item in player.items.get(card, []):
            item_info = ctx.card(item)
            printed = automatic(ctx, item, "armor_save")
            if printed:
                out += [Save(f"{item_info.name}'s armor save", a.params.get("low", 1), a.params.get("high", basic))
                        for a in printed]
            elif set(item_info.groups) & set(ARMOR_GROUPS) or "shield" in item_info.classes:
                out.append(Save(f"{item_info.name}'s armor save", 1, basic))
        intrinsic = hero_has(ctx, card, "save")
    else:
        intrinsic = automatic(ctx, card, "save")
    out += [Save(f"{info.name}'s save", a.params.get("low", 1), a.params.get("high", basic)) for a in intrinsic]
    return out


def save_bonus(ctx: Ctx, card: str) -> int:
    """Bonuses to saves (AK-07), including other heroes' save leadership (FA-216, FA-209)."""
    if ctx.card(card).type != "hero":
        return sum(a.params["amount"] for a in automatic(ctx, card, "save_bonus"))
    own = sum(a.params["amount"] for a in hero_has(ctx, card, "save_bonus"))
    return own + _leadership(ctx, card, "saves")


# -- immunity (FA-203 to FA-206, FA-240) ---------------------------------------------------------------

def immune_to(ctx: Ctx, card: str, what: str) -> bool:
    """Whether ``card`` is immune to ``what``: an element, "fear" or "ranged"."""
    abilities = hero_has(ctx, card, "immune") if ctx.card(card).type == "hero" else automatic(ctx, card, "immune")
    return any(a.params["to"] == what for a in abilities)


def can_defeat(ctx: Ctx, winner: str, loser: str) -> bool:
    """Whether ``winner`` can defeat ``loser`` in melee or duel: not if the loser is immune to
    the winner's element (FA-204); a hero benefiting from a spell of that element still can
    (FA-205), as its element is its own."""
    element = ctx.card(winner).element
    return not (element and immune_to(ctx, loser, element))


def ranged_can_defeat(ctx: Ctx, shooters: list[str], target: str) -> bool:
    """Ranged hits cannot defeat a card immune to Ranged attacks, nor one immune to the element
    of every hero that hit it (FA-204, FA-240)."""
    if immune_to(ctx, target, "ranged"):
        return False
    return any(not immune_to(ctx, target, ctx.card(s).element) for s in shooters)


# -- Ranged attacks (FA-117 to FA-121) ------------------------------------------------------------------

def ranged_sources(ctx: Ctx, hero: str) -> list[str]:
    """The cards that give ``hero`` a Ranged attack: itself or its items; "Spell caster can make a
    Ranged attack" only for a hero with an orb (FA-117, plan I06)."""
    out = []
    for source in _hero_sources(ctx, hero):
        for ability in automatic(ctx, source, "ranged_attack"):
            if not ability.params.get("casters_only") or ctx.card(hero).orb:
                out.append(source)
                break
    return out


def ranged_bonus(ctx: Ctx, hero: str, source: str) -> int:
    return max((a.params.get("bonus", 0) for a in automatic(ctx, source, "ranged_attack")), default=0)


# -- melee and duel totals (FA-086, FA-087, FA-138, FA-208, FA-209, FA-228 to FA-231, FA-234) ----------

def _in_group(ctx: Ctx, card: str, group: str) -> bool:
    """Whether ``card`` is of a "vs." group: an element's heroes or monsters, undead, demons,
    devils, flying, or a Melee-Value bound on the basic Melee (FA-228, FA-230)."""
    info = ctx.card(card)
    if group.startswith("melee>="):
        return bool(info.melee >= int(group.partition(">=")[2]))
    if group.startswith("melee<="):
        return bool(info.melee <= int(group.partition("<=")[2]))
    if group == "flying":
        return hero_flies(ctx, card) if info.type == "hero" else monster_flies(ctx, card)
    return group == info.element or group in info.groups


def _vs(ctx: Ctx, sources: list[str], opponent: str) -> int:
    """"+N Melee vs. <group>" of ``sources`` against the one being fought (FA-229); of an OR pair
    of automatics the larger that applies (FA-212, D-24)."""
    total = 0
    for source in sources:
        for ability in ctx.card(source).abilities:
            if ability.timing != "automatic" or not _allowed(ctx, ability):
                continue
            if ability.verb == "or":
                halves = (ability.params["first"], ability.params["second"])
                total += max((_vs_one(ctx, a, opponent) for a in halves), default=0)
            else:
                for part in _flat((ability,)):
                    total += _vs_one(ctx, part, opponent)
    return total


def _vs_one(ctx: Ctx, ability: Any, opponent: str) -> int:
    if ability.verb != "vs_bonus" or not _in_group(ctx, opponent, ability.params["against"]):
        return 0
    return int(ability.params["amount"])


def _leadership(ctx: Ctx, hero: str, what: str) -> int:
    """Leadership of the other heroes in play of the party: "+N <what> to other <element>
    heroes" (FA-208); a feared leader leads nobody (FA-189)."""
    player = ctx.owner_of_hero(hero)
    total = 0
    for leader in player.heroes():
        if leader == hero or leader in player.feared:
            continue
        for ability in automatic(ctx, leader, "leadership"):
            if ability.params.get("what", "melee") == what and _in_group(ctx, hero, ability.params["of"]):
                total += ability.params["amount"]
    return total


def _flat_melee(ctx: Ctx, sources: list[str]) -> int:
    return sum(a.params["amount"] for s in sources for a in automatic(ctx, s, "melee_bonus"))


def _penalty_from(ctx: Ctx, opponent: str) -> int:
    """An opponent's own automatic penalty on whoever melees it (AK-23, FA-182, FA-234)."""
    return sum(a.params["amount"] for a in automatic(ctx, opponent, "opponent_penalty"))


def melee_total(ctx: Ctx, hero: str, monster: str) -> Total:
    """A hero's melee total without the die (FA-138): Melee, support, its own and its items'
    bonuses (vs. the meleeing monster), leadership, Encounter-long gains and penalties."""
    encounter = ctx.state.encounter
    sources = _hero_sources(ctx, hero)
    parts = [("Melee", ctx.card(hero).melee)]
    support = sum(ctx.card(s).support for s in encounter.supports.get(hero, [])) if encounter else 0
    extras = [("support", support), ("abilities and items", _flat_melee(ctx, sources) + _vs(ctx, sources, monster)),
              ("leadership", _leadership(ctx, hero, "melee"))]
    if encounter is not None:
        extras.append(("spells and effects", encounter.hero_bonus.get(hero, 0)
                       - encounter.party_penalty))
    extras.append((f"{ctx.name(monster)}'s penalty", -_penalty_from(ctx, monster)))
    return Total(tuple(parts + [(label, value) for label, value in extras if value]))


def monster_melee_total(ctx: Ctx, monster: Monster, hero: str, horde_size: int) -> Total:
    """The meleeing monster's total without the die (FA-138): Melee, Horde bonus, its own
    abilities (vs. the hero), monster leadership, Encounter-long and current-melee changes."""
    card = monster.card
    parts = [("Melee", ctx.card(card).melee)]
    leaders = [m.card for m in ctx.encounter.monsters if m.card != card and not m.pending]
    lead = sum(a.params["amount"] for other in leaders for a in automatic(ctx, other, "leadership")
               if _in_group(ctx, card, a.params["of"]))
    extras = [("Horde", horde_bonus(horde_size)),
              ("abilities", _flat_melee(ctx, [card]) + _vs(ctx, [card], hero)),
              ("leadership", lead), ("effects", monster.bonus + monster.melee_bonus),
              (f"{ctx.name(hero)}'s penalty", -_penalty_from(ctx, hero))]
    return Total(tuple(parts + [(label, value) for label, value in extras if value]))


def duel_total(ctx: Ctx, fighter: str, opponent: str) -> Total:
    """A duel total without the die: Melee and the fighter's own automatic abilities (a hero's
    items' too), the opponent's own penalty on it, and nothing else (FA-086, FA-087, FA-234)."""
    sources = _hero_sources(ctx, fighter) if ctx.card(fighter).type == "hero" else [fighter]
    parts = [("Melee", ctx.card(fighter).melee),
             ("abilities", _flat_melee(ctx, sources) + _vs(ctx, sources, opponent)),
             (f"{ctx.name(opponent)}'s penalty", -_penalty_from(ctx, opponent))]
    return Total(tuple((label, value) for i, (label, value) in enumerate(parts) if value or i == 0))
