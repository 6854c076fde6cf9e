"""The record of the Monster being fought (BL-034, BL-110, BL-162, BL-164 to BL-166): its
effective Level, Loot, Escape requirement, resistances and keywords, for a Dungeon Monster or
the Dungeon Boss (which counts as a Monster, BL-165).

Modifiers of a Monster's record come from the Monster's own card (unless Null Zone silences
its Special Abilities, BL-224), from auras of Dungeon cards in play (``scope = "all"``), from
the Zone while its Zone side is up (BL-162), and from the fighter's own cards. A modifier for a
creature type or for fighters with or without Flight holds only then.
"""

from __future__ import annotations

from typing import Iterator

from game.core.cards import definition_id
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import Boss, DungeonCard, Effect
from game.rulesets.buck_legacy.context import Ctx
from game.rulesets.buck_legacy.vocabulary import MONSTER_VERBS


def boss_of(ctx: Ctx) -> Boss:
    boss = ctx.content.zones[ctx.state.zone].boss
    assert boss is not None
    return boss


def fought(ctx: Ctx) -> DungeonCard | None:
    """The Dungeon Monster being fought (None in a Boss round or out of battle)."""
    fight = ctx.state.fight
    if fight is None or fight.boss:
        return None
    return ctx.content.dungeon_card(fight.monster)


def _modifiers(ctx: Ctx) -> Iterator[Effect]:
    state, content = ctx.state, ctx.content
    fight = state.fight
    assert fight is not None
    monster = fought(ctx)
    if monster is not None:
        for effect in monster.abilities:
            if effect.kind == "static" and effect.verb in MONSTER_VERBS and effect.get("scope") != "all":
                if not stats.silenced(state, content, monster, effect):
                    yield effect
    for card_id in stats.cards_in_play(state):
        card = content.dungeon[definition_id(card_id)]
        for effect in card.abilities:
            if effect.kind == "static" and effect.verb in MONSTER_VERBS and effect.get("scope") == "all":
                if not (card.kind == "monster" and stats.silenced(state, content, card, effect)):
                    yield effect
    for effect in stats.zone_effects(state, content):
        if effect.verb in MONSTER_VERBS:
            yield effect
    for own in stats.own_cards(content, state.adventurers[fight.fighter]):
        for effect in own.abilities:
            if effect.kind == "static" and effect.verb in MONSTER_VERBS:
                yield effect


def creature(ctx: Ctx) -> str:
    fight = ctx.state.fight
    assert fight is not None
    return boss_of(ctx).creature if fight.boss else ctx.content.dungeon_card(fight.monster).creature


def monster_modifier(ctx: Ctx, verb: str) -> int:
    """The sum of the Monster-record modifiers of ``verb`` that hold in this fight."""
    fight = ctx.state.fight
    assert fight is not None
    kind = creature(ctx)
    out = 0
    for effect in _modifiers(ctx):
        if effect.verb != verb:
            continue
        wanted = effect.get("creature")
        if wanted is not None and wanted != kind:
            continue
        flying = effect.get("flying")
        if flying is not None and stats.has_flight(ctx.state, ctx.content, fight.fighter) != flying:
            continue
        out += int(effect.get("amount"))
    return out


def printed_level(ctx: Ctx) -> int:
    """The unmodified Level (BL-110): what the Protection exception compares (BL-144)."""
    fight = ctx.state.fight
    assert fight is not None
    return boss_of(ctx).level if fight.boss else ctx.content.dungeon_card(fight.monster).level


def level(ctx: Ctx) -> int:
    """Printed Level + the Zone's Level (while its Zone side is up) + other modifiers + Acid
    Storm, at least 0 (BL-110, BL-162, BL-226, A-37)."""
    state = ctx.state
    value = printed_level(ctx) + monster_modifier(ctx, "monster_level") + state.acid_storm
    if state.zone and not state.boss_up:
        value += ctx.content.zones[state.zone].level_mod
    return max(0, value)


def loot(ctx: Ctx) -> int:
    """The Monster's Loot + the Zone's Loot + other modifiers, at least 0 (BL-128, A-37)."""
    state = ctx.state
    monster = fought(ctx)
    if monster is None:
        return 0  # a Boss gives no Loot (BL-176)
    zone = ctx.content.zones[state.zone].loot_mod if state.zone and not state.boss_up else 0
    return max(0, monster.loot + zone + monster_modifier(ctx, "loot"))


def escape_need(ctx: Ctx) -> int:
    """The Escape value (N+) plus Escape-requirement modifiers (BL-129)."""
    fight = ctx.state.fight
    assert fight is not None
    base = boss_of(ctx).escape if fight.boss else ctx.content.dungeon_card(fight.monster).escape
    return base + monster_modifier(ctx, "escape_requirement")


def resist_and_vulnerable(ctx: Ctx) -> tuple[tuple[str, ...], tuple[str, ...]]:
    fight = ctx.state.fight
    assert fight is not None
    if fight.boss:
        boss = boss_of(ctx)
        return boss.resist, boss.vulnerable
    card = ctx.content.dungeon_card(fight.monster)
    return card.resist, card.vulnerable


def keyword(ctx: Ctx, verb: str) -> bool:
    """Whether the Monster being fought has a keyword (``immune_instant_damage``, ``untargetable``,
    ``unchoosable``, ``mana_drain``, ``fear``), unless Null Zone silences it (BL-224)."""
    fight = ctx.state.fight
    if fight is None:
        return False
    if fight.boss:
        return any(e.verb == verb for e in boss_of(ctx).special)
    monster = ctx.content.dungeon_card(fight.monster)
    return any(e.verb == verb and not stats.silenced(ctx.state, ctx.content, monster, e) for e in monster.abilities)


def frightens(ctx: Ctx) -> bool:
    """Whether the Monster frightens its fighter: Fear, and the fighter meets its condition (BL-097)."""
    fight = ctx.state.fight
    if fight is None or fight.boss:
        return False
    monster = ctx.content.dungeon_card(fight.monster)
    for effect in monster.abilities:
        if effect.verb == "fear" and not stats.silenced(ctx.state, ctx.content, monster, effect):
            flying = effect.get("flying")
            if flying is None or stats.has_flight(ctx.state, ctx.content, fight.fighter) == flying:
                return True
    return False


def combat_points(ctx: Ctx) -> tuple[int, int]:
    """(the fighter's CP, the Monster's CP): final white + Combat Strength against final black +
    effective Level - Instant Damage (BL-114)."""
    from game.rulesets.buck_legacy.dice_changes import final_black, final_white

    fight = ctx.state.fight
    assert fight is not None
    resist, vulnerable = resist_and_vulnerable(ctx)
    strength = stats.combat_strength(ctx.state, ctx.content, fight.fighter, resist, vulnerable)
    return final_white(ctx) + strength, final_black(ctx) + level(ctx) - fight.instant_damage
