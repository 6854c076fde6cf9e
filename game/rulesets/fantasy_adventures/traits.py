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
from typing import Any, Iterable, Iterator

from game.core.effects import Effect

from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Monster
from game.rulesets.fantasy_adventures.totals import Total, horde_bonus

@dataclass(frozen=True)
class Save:
    label: str
    """What it is, after the saving card's name in the log: "armor save (Iron Helm)", "own save"."""
    low: int
    high: int
    source: str = ""  # the card that gives it: an item (an armor save) or the saving card itself


# -- reading abilities -------------------------------------------------------------------------------

def _flat(abilities: Iterable[Effect]) -> Iterator[Effect]:
    """Abilities with AND pairs opened up (FA-211); an OR pair is read by its callers (FA-212)."""
    for ability in abilities:
        if ability.verb == "and":
            yield from _flat(ability.get("abilities"))
        else:
            yield ability


def _by_verb(card: Any) -> dict[str, tuple[Effect, ...]]:
    """A card's abilities with AND pairs opened up (:func:`_flat`), by verb."""
    out: dict[str, tuple[Effect, ...]] = {}
    for ability in _flat(card.abilities):
        out[ability.verb] = out.get(ability.verb, ()) + (ability,)
    return out


def automatic(ctx: Ctx, card: str, verb: str) -> list[Effect]:
    """The automatic abilities ``verb`` of ``card`` itself, restrictions respected (FA-155, FA-210)."""
    # (Read from the content's table of each card's abilities by verb: totals, saves and who
    # may be attacked ask this of every card in play many times a combat round.)
    found = ctx.content.per_card("abilities by verb", _by_verb)[card].get(verb, ())
    return [a for a in found if allowed(ctx, a)]


def allowed(ctx: Ctx, ability: Effect) -> bool:
    """A Multiplayer-only ability works only while 3 or more players remain (FA-210)."""
    return not ability.get("multiplayer", False) or len(ctx.state.remaining()) >= 3


def _hero_sources(ctx: Ctx, hero: str) -> list[str]:
    """The cards whose automatic abilities a hero has: itself and its items (FA-168); none while
    it is feared (FA-188)."""
    player = ctx.owner_of_hero(hero)
    if hero in player.feared:
        return []
    return [hero] + player.items.get(hero, [])


def hero_has(ctx: Ctx, hero: str, verb: str) -> list[Effect]:
    """The automatic abilities ``verb`` a hero has: its own, its items', and those an effect gave
    it until the end of the Encounter (``Encounter.gained``)."""
    out = [a for source in _hero_sources(ctx, hero) for a in automatic(ctx, source, verb)]
    encounter = ctx.state.encounter
    if encounter is not None and hero not in ctx.owner_of_hero(hero).feared:
        for given in encounter.gained.get(hero, []):
            out += [a for a in _flat(gift(ctx, given)) if a.verb == verb]
    return out


def gift(ctx: Ctx, given: str) -> tuple[Effect, ...]:
    """The abilities a "grant" gave: ``given`` is "<card>:<n>", the n-th grant of that card's
    abilities, opened up (the card's text is the one place they are written)."""
    card, _, index = given.rpartition(":")
    grants = [a for a in ctx.card(card).all_abilities() if a.verb == "grant"]
    return tuple(grants[int(index)].get("gives"))


# -- flying, the trap ability, undead (FA-004, FA-194, FA-227) -----------------------------------------

def hero_flies(ctx: Ctx, hero: str) -> bool:
    """Flying of its own, of an item (the coat) or given by a spell (FA-194, FA-189: not while feared)."""
    return bool(hero_has(ctx, hero, "flying"))


def monster_flies(ctx: Ctx, monster: str) -> bool:
    return bool(automatic(ctx, monster, "flying"))


def trap_ability(ctx: Ctx, hero: str) -> bool:
    return bool(ctx.card(hero).trap)


def undead(ctx: Ctx, monster: str) -> bool:
    return "undead" in ctx.card(monster).groups  # by name or in bold (FA-227)


def disarm_bonuses(ctx: Ctx, hero: str) -> list[int]:
    """Bonuses to disarm rolls (AK-24): the entering hero's own, its items' and the party's
    (FA-070, FA-181), each on its own as each is added or subtracted whole (FA-184)."""
    own = [int(a.get("amount")) for a in hero_has(ctx, hero, "roll_bonus") if a.get("roll") == "disarm"]
    encounter = ctx.state.encounter
    party_wide = []
    if encounter is not None:
        party_wide = [int(a.get("amount")) for given in encounter.gained.get("party", [])
                      for a in _flat(gift(ctx, given)) if a.verb == "roll_bonus" and a.get("roll") == "disarm"]
    return own + party_wide


def surprise_bonus(ctx: Ctx, monsters: list[str]) -> int:
    """Bonuses to the surprise roll from the Encounter's monsters (AK-24, FA-081, A-15)."""
    return sum(int(a.get("amount")) for m in monsters for a in automatic(ctx, m, "roll_bonus")
               if a.get("roll") == "surprise")


# -- saves (FA-214 to FA-219, FA-233) -----------------------------------------------------------------

def saves(ctx: Ctx, card: str) -> list[Save]:
    """Every save source of a defeated card, one roll each (FA-218). A save with no numbers
    succeeds at or below the card's basic Melee (FA-217); Armor-group, Helms-group and shield
    items always give one (FA-215, FA-233)."""
    info = ctx.card(card)
    basic = info.melee
    out = []
    if info.kind == "hero":
        player = ctx.owner_of_hero(card)
        for item in player.items.get(card, []) if card not in player.feared else []:
            item_info = ctx.card(item)
            printed = automatic(ctx, item, "armor_save")
            if printed:
                out += [_save(f"armor save ({item_info.name})", a, basic, item) for a in printed]
            elif item_info.armor_save:
                out.append(Save(f"armor save ({item_info.name})", 1, basic, item))
        intrinsic = hero_has(ctx, card, "save")
    else:
        intrinsic = automatic(ctx, card, "save")
    out += [_save("own save", a, basic, card) for a in intrinsic]
    return out


def _save(label: str, ability: Effect, basic: int, source: str) -> Save:
    """A save "on X-Y", or with no numbers at or below the basic Melee (FA-217)."""
    low, high = ability.get("on", (1, basic))
    return Save(label, int(low), int(high), source)


def save_bonus(ctx: Ctx, card: str) -> int:
    """Bonuses to saves (AK-07), including other heroes' save leadership (FA-216, FA-209)."""
    return sum(save_bonuses(ctx, card))


def save_bonuses(ctx: Ctx, card: str) -> list[int]:
    """Each bonus to saves on its own, as each is added or subtracted whole (FA-184)."""
    if ctx.card(card).kind != "hero":
        return [int(a.get("amount")) for a in automatic(ctx, card, "save_bonus") if not a.has("element")]
    own = [int(a.get("amount")) for a in hero_has(ctx, card, "save_bonus") if not a.has("element")]
    return own + _leaders(ctx, card, "save_bonus")


# -- immunity (FA-203 to FA-206, FA-240) ---------------------------------------------------------------

def immune_to(ctx: Ctx, card: str, what: str) -> bool:
    """Whether ``card`` is immune to ``what``: an element, "fear" or "ranged"."""
    abilities = hero_has(ctx, card, "immune") if ctx.card(card).kind == "hero" else automatic(ctx, card, "immune")
    encounter = ctx.state.encounter
    if encounter is not None and ctx.card(card).kind == "hero":  # a spell on the whole party (S03)
        abilities = abilities + [a for given in encounter.gained.get("party", []) for a in _flat(gift(ctx, given))
                                 if a.verb == "immune"]
    return any(a.get("to") == what for a in abilities)


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
        for ability in automatic(ctx, source, "ranged"):
            if not ability.get("caster_only") or ctx.card(hero).orb:
                out.append(source)
                break
    return out


def ranged_bonus(ctx: Ctx, hero: str, source: str) -> int:
    return max((int(a.get("bonus", 0)) for a in automatic(ctx, source, "ranged")), default=0)


# -- melee and duel totals (FA-086, FA-087, FA-138, FA-208, FA-209, FA-228 to FA-231, FA-234) ----------

def _vs_applies(ctx: Ctx, ability: Effect, opponent: str) -> bool:
    """Whether a "vs." ability meets its group in the one being fought: a monster group, an
    element's heroes or monsters, flyers, or a bound on the basic Melee (FA-228, FA-230)."""
    info = ctx.card(opponent)
    side = ability.get("side")
    if side is not None and side != ("heroes" if info.kind == "hero" else "monsters"):
        return False
    if ability.has("min_melee"):
        return bool(info.melee >= int(ability.get("min_melee")))
    if ability.has("max_melee"):
        return bool(info.melee <= int(ability.get("max_melee")))
    vs = ability.get("vs")
    if vs == "flying":
        return hero_flies(ctx, opponent) if info.kind == "hero" else monster_flies(ctx, opponent)
    return bool(vs == info.element or vs in getattr(info, "groups", ()))


def _vs(ctx: Ctx, sources: list[str], opponent: str) -> int:
    """"+N Melee vs. <group>" of ``sources`` against the one being fought (FA-229); of an OR pair
    of automatics the larger that applies (FA-212, D-24)."""
    total = 0
    for source in sources:
        for ability in ctx.card(source).abilities:
            if not allowed(ctx, ability):
                continue
            if ability.verb == "or":
                total += max((_vs_one(ctx, a, opponent) for a in ability.get("abilities")), default=0)
            else:
                total += sum(_vs_one(ctx, part, opponent) for part in _flat((ability,)))
    return total


def _vs_one(ctx: Ctx, ability: Effect, opponent: str) -> int:
    if ability.verb != "melee_vs" or not allowed(ctx, ability) or not _vs_applies(ctx, ability, opponent):
        return 0
    return int(ability.get("amount"))


def _leadership(ctx: Ctx, hero: str, verb: str) -> int:
    """Leadership of the other heroes in play of the party: "Other <element> heroes in this party
    +N Melee" (``leadership``) or "+N to saves" (``save_bonus`` with an element) (FA-208, FA-209);
    the leader itself gains nothing, and a feared leader leads nobody (FA-189)."""
    return sum(_leaders(ctx, hero, verb))


def _leaders(ctx: Ctx, hero: str, verb: str) -> list[int]:
    """The amount of each leadership of :func:`_leadership` on its own."""
    player = ctx.owner_of_hero(hero)
    element = ctx.card(hero).element
    return [int(a.get("amount")) for leader in player.heroes() if leader != hero and leader not in player.feared
            for a in automatic(ctx, leader, verb) if a.get("element") == element]


def _flat_melee(ctx: Ctx, sources: list[str]) -> int:
    """"+N Melee" (AK-01) of the sources; Multiplayer-only ones while 3 or more remain (FA-210)."""
    return sum(int(a.get("amount")) for s in sources for a in automatic(ctx, s, "melee"))


def _penalty_from(ctx: Ctx, opponent: str) -> int:
    """An opponent's own automatic penalty on whoever melees it (AK-23, FA-182, FA-234)."""
    return sum(int(a.get("amount")) for a in automatic(ctx, opponent, "opponent_penalty")
               if a.get("whom", "meleeing") == "meleeing")


def melee_total(ctx: Ctx, hero: str, monster: str) -> Total:
    """A hero's melee total without the die (FA-138): Melee, support, its own and its items'
    bonuses (vs. the meleeing monster), leadership, Encounter-long gains and penalties."""
    encounter = ctx.state.encounter
    sources = _hero_sources(ctx, hero)
    parts = [("Melee", ctx.card(hero).melee)]
    support = sum(ctx.card(s).support for s in encounter.supports.get(hero, [])) if encounter else 0
    given = sum(int(a.get("amount")) for a in hero_has(ctx, hero, "melee")) - _flat_melee(ctx, sources)
    extras = [("support", support), ("abilities and items", _flat_melee(ctx, sources) + _vs(ctx, sources, monster)),
              ("leadership", _leadership(ctx, hero, "leadership")), ("spells and effects", given)]
    if encounter is not None:
        extras.append(("trap penalty", -encounter.party_penalty))
        extras.append(("current melee", encounter.melee_change.get(hero, 0)))
    extras.append((f"{ctx.name(monster)}'s penalty", -_penalty_from(ctx, monster)))
    return Total(tuple(parts + [(label, value) for label, value in extras if value]))


def monster_melee_total(ctx: Ctx, monster: Monster, hero: str, horde_size: int) -> Total:
    """The meleeing monster's total without the die (FA-138): Melee, Horde bonus, its own
    abilities (vs. the hero), monster leadership, Encounter-long and current-melee changes."""
    card = monster.card
    parts = [("Melee", ctx.card(card).melee)]
    leaders = [m.card for m in ctx.encounter.monsters if m.card != card and not m.pending]
    groups = ctx.card(card).groups
    lead = sum(int(a.get("amount")) for other in leaders for a in automatic(ctx, other, "leadership")
               if a.get("group") in groups)
    extras = [("Horde", horde_bonus(horde_size)),
              ("abilities", _flat_melee(ctx, [card]) + _vs(ctx, [card], hero)),
              ("leadership", lead), ("effects", monster.bonus + monster.melee_bonus),
              (f"{ctx.name(hero)}'s penalty", -_penalty_from(ctx, hero))]
    return Total(tuple(parts + [(label, value) for label, value in extras if value]))


def duel_total(ctx: Ctx, fighter: str, opponent: str) -> Total:
    """A duel total without the die: Melee and the fighter's own automatic abilities (a hero's
    items' too), the opponent's own penalty on it, and nothing else (FA-086, FA-087, FA-234)."""
    sources = _hero_sources(ctx, fighter) if ctx.card(fighter).kind == "hero" else [fighter]
    parts = [("Melee", ctx.card(fighter).melee),
             ("abilities", _flat_melee(ctx, sources) + _vs(ctx, sources, opponent)),
             (f"{ctx.name(opponent)}'s penalty", -_penalty_from(ctx, opponent))]
    return Total(tuple((label, value) for i, (label, value) in enumerate(parts) if value or i == 0))
