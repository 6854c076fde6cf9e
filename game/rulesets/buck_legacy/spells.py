"""Magic: who may cast which spell, on what, and what it does (BL-203 to BL-226).

A caster must be Active, have a Magic Rank of at least the spell's level and Mana of at least
its cost (BL-203); Retribution and Healing are for Clerics (BL-206); spells "of the Combat
Phase" only during one (BL-207); a once-per-Combat-Phase spell once per caster (BL-208, A-22).
A spell that Targets or Chooses an Adventurer is blocked by a ward of that kind on them (BL-024,
AK-22), except their own; Magic Missile cannot hit a Monster that cannot be Targeted, nor Magic
Arrow one that cannot be Chosen, and neither a Monster immune to Instant Damage (BL-157).

Option ids: ``cast:<spell>`` or ``cast:<spell>:<subject>``, the subject a seat number, a die
(``white``, ``black``, ``red``, ``check``), a Curse or a Monster.
"""

from __future__ import annotations

from typing import Iterator

from game.core.decision import Option
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import Spell
from game.rulesets.buck_legacy.context import Ctx
from game.rulesets.buck_legacy.dice_changes import DIE_NAMES, add_to_die, dice_now, final_check, reroll
from game.rulesets.buck_legacy.monsters import keyword

WEAPON_TYPE = {"spark": "electric", "ember": "fire", "retribution": "holy"}
"""The damage type each weapon spell adds (BL-212 to BL-214, A-20)."""


def in_combat(ctx: Ctx) -> bool:
    """During a Combat Phase, Boss Combat Phases included (BL-207): the Boss's Exploration Phase,
    its Preparation, is not one."""
    return ctx.state.part in ("combat", "boss")


def why_not(ctx: Ctx, seat: int, spell: Spell, rank: int | None = None) -> str | None:
    """None if ``seat`` may cast ``spell`` now, else the reason (BL-203, BL-206 to BL-208).
    ``rank`` is the seat's Magic Rank if already worked out (it is the same for every spell)."""
    state, content = ctx.state, ctx.content
    adv = ctx.adventurer(seat)
    if adv.stunned:
        return "A Stunned Adventurer casts nothing (BL-145)."
    if rank is None:
        rank = stats.magic_rank(state, content, seat)
    if rank < spell.level:
        return f"{spell.name} needs Magic Rank {spell.level}; yours is {rank} (BL-203)."
    if spell.cleric_only and content.classes[adv.klass].keyword != "cleric":
        return f"Only a Cleric may cast {spell.name} (BL-206)."
    if adv.mana < spell.mana:
        return f"{spell.name} costs {spell.mana} Mana; you have {adv.mana} (BL-203)."
    if spell.combat_only and not in_combat(ctx):
        return f"{spell.name} is cast only during a Combat Phase (BL-207)."
    if spell.once_per_phase and spell.id in adv.spells_this_phase:
        return f"You have cast {spell.name} this Combat Phase (BL-208)."
    return None


Wards = dict[int, frozenset[str]]
"""The selections each seat is warded against (stats.wards), as far as worked out yet: the
spells of one question ask the same seats the same thing."""


def _warded(ctx: Ctx, caster: int, seat: int, selection: str, wards: Wards) -> bool:
    """A ward against this kind of selection blocks another's spell on ``seat`` (AK-22)."""
    if seat == caster:
        return False
    found = wards.get(seat)
    if found is None:
        found = wards[seat] = stats.wards(ctx.state, ctx.content, seat)
    return selection in found


def subjects(ctx: Ctx, seat: int, spell: Spell, moment: str, wards: Wards | None = None) -> list[tuple[str, str]]:
    """(subject id, words) of everything the spell may be cast on now; [("", "")] for a spell with
    no subject; [] when it has nothing to act on."""
    if wards is None:
        wards = {}
    state = ctx.state
    sid = spell.id
    if sid in WEAPON_TYPE:
        return [(str(s), f"{ctx.who(s)}'s weapon") for s in state.active_in_priority()
                if "weapon" in state.adventurers[s].slots and not _warded(ctx, seat, s, "target", wards)]
    if sid in ("protection", "crystal_wings"):
        return [(str(s), ctx.who(s)) for s in state.active_in_priority() if not _warded(ctx, seat, s, "choose", wards)]
    if sid == "healing":  # it Chooses, so a Choose ward keeps others' Healing off (BL-220, BL-024)
        return [(str(s), ctx.who(s)) for s in state.priority()
                if state.adventurers[s].stunned and not _warded(ctx, seat, s, "choose", wards)]
    if sid == "dispel":
        return [(c, f"{ctx.name(c)} on {ctx.who(a.seat)}") for a in state.adventurers for c in a.attached
                if ctx.content.card(c).kind == "curse" and not _warded(ctx, seat, a.seat, "choose", wards)]
    if sid in ("magic_missile", "magic_arrow"):
        if moment != "compare" or keyword(ctx, "immune_instant_damage"):
            return []
        if keyword(ctx, "untargetable" if sid == "magic_missile" else "unchoosable"):
            return []
        return [("", "")]
    if sid in ("power_shunt", "voltage_surge"):
        return [(die, DIE_NAMES[die]) for die in dice_now(ctx, moment)]
    if sid == "flash":
        check = state.check
        if moment == "check" and check is not None and check.kind == "escape" and final_check(ctx) < check.need:
            return [("", "")]
        return []
    if sid == "fortitude":
        found = []
        if state.fight is not None and state.fight.monster not in state.fortitude:
            found.append(state.fight.monster)
        for adv in state.adventurers:
            found += [c for c in adv.in_front if ctx.content.card(c).kind == "monster" and c not in state.fortitude]
        return [(m, _monster_name(ctx, m)) for m in found if not _unchoosable(ctx, m)]
    if sid == "null_zone":
        return [] if state.null_zone else [("", "")]
    return [("", "")]  # Acid Storm


def _monster_name(ctx: Ctx, card: str) -> str:
    if card == ctx.state.zone:
        from game.rulesets.buck_legacy.monsters import boss_of

        return boss_of(ctx).name
    return ctx.name(card)


def _unchoosable(ctx: Ctx, card: str) -> bool:
    if card == ctx.state.zone:
        return False
    return ctx.content.dungeon_card(card).has("unchoosable")


def castable(ctx: Ctx, seat: int, moment: str) -> Iterator[tuple[Spell, str, str]]:
    """(spell, subject id, words) of every spell ``seat`` may cast now, on every subject it may
    take (``moment``: ``any`` outside a window, or the window's moment), in the spells' order."""
    adv = ctx.adventurer(seat)
    if adv.stunned or adv.mana < ctx.content.cheapest_spell:
        return  # (what why_not would find for every spell, without working out the Rank)
    rank = stats.magic_rank(ctx.state, ctx.content, seat)
    wards: Wards = {}
    for spell in ctx.content.spells.values():
        if rank < spell.level or adv.mana < spell.mana:
            continue  # (why_not's first refusals, found without the call)
        if why_not(ctx, seat, spell, rank) is None:
            for subject, words in subjects(ctx, seat, spell, moment, wards):
                yield spell, subject, words


def may_cast(ctx: Ctx, seat: int, moment: str) -> bool:
    """Whether ``seat`` may cast anything now (stops at the first spell found)."""
    return next(castable(ctx, seat, moment), None) is not None


def spell_options(ctx: Ctx, seat: int, moment: str) -> list[Option]:
    """The options of :func:`castable`: ``cast:<spell>`` or ``cast:<spell>:<subject>``."""
    out: list[Option] = []
    for spell, subject, words in castable(ctx, seat, moment):
        oid = f"cast:{spell.id}" + (f":{subject}" if subject else "")
        label = f"Cast {spell.name}" + (f" on {words}" if words else "") + f" ({spell.mana} Mana)"
        out.append(Option(oid, label, _target(ctx, subject), spell.text))
    return out


def _target(ctx: Ctx, subject: str) -> tuple[str, str] | None:
    if subject.isdecimal():
        return ("seat", subject)
    if subject in DIE_NAMES:
        return ("die", subject)
    if subject:
        return ("card", subject)
    return None


def cast(ctx: Ctx, seat: int, spell_id: str, subject: str) -> None:
    """Pay the Mana and carry out the spell (BL-203)."""
    from game.rulesets.buck_legacy.items import remove_attached
    from game.rulesets.buck_legacy.stun import revive

    state = ctx.state
    spell = ctx.content.spells[spell_id]
    adv = ctx.adventurer(seat)
    adv.mana -= spell.mana
    if spell.once_per_phase:
        adv.spells_this_phase.append(spell_id)
    on = f" on {_subject_words(ctx, subject)}" if subject else ""
    ctx.emit("cast", _rule(spell_id), f"{adv.name} casts {spell.name}{on}.", seat=seat, spell=spell_id,
             subject=subject, via=ctx.setting())
    if spell_id in WEAPON_TYPE:
        target = ctx.adventurer(int(subject))
        if WEAPON_TYPE[spell_id] not in target.weapon_types:
            target.weapon_types.append(WEAPON_TYPE[spell_id])
    elif spell_id == "protection":
        ctx.adventurer(int(subject)).temp_protection += 4
    elif spell_id in ("magic_missile", "magic_arrow"):
        fight = state.fight
        assert fight is not None
        fight.instant_damage += 1 + stats.total(state, ctx.content, seat, "instant_damage_bonus", kinetic=False)
    elif spell_id in ("power_shunt", "flash"):
        die = subject or "check"
        value = reroll(ctx, die)
        ctx.emit("reroll", _rule(spell_id), f"{DIE_NAMES[die].capitalize()} is rerolled: {value}.", die=die,
                 value=value)
    elif spell_id == "crystal_wings":
        ctx.adventurer(int(subject)).flight_until = "adventure" if state.boss_up else "exploration"
    elif spell_id == "healing":
        revive(ctx, int(subject), "BL-220")
    elif spell_id == "voltage_surge":
        add_to_die(ctx, subject, 1)
    elif spell_id == "dispel":
        owner = next(a.seat for a in state.adventurers if subject in a.attached)
        remove_attached(ctx, owner, subject, "BL-223")
    elif spell_id == "null_zone":
        state.null_zone = True
    elif spell_id == "fortitude":
        state.fortitude.append(subject)
    elif spell_id == "acid_storm":
        state.acid_storm -= 1


def _subject_words(ctx: Ctx, subject: str) -> str:
    if subject.isdecimal():
        return ctx.who(int(subject))
    if subject in DIE_NAMES:
        return DIE_NAMES[subject]
    return _monster_name(ctx, subject) if subject == ctx.state.zone or ctx.content.card(subject).kind == "monster" \
        else ctx.name(subject)


SPELL_RULES = {
    "spark": "BL-212", "ember": "BL-213", "retribution": "BL-214", "protection": "BL-215",
    "magic_missile": "BL-216", "power_shunt": "BL-217", "crystal_wings": "BL-218", "flash": "BL-219",
    "healing": "BL-220", "magic_arrow": "BL-221", "voltage_surge": "BL-222", "dispel": "BL-223",
    "null_zone": "BL-224", "fortitude": "BL-225", "acid_storm": "BL-226",
}


def _rule(spell_id: str) -> str:
    return SPELL_RULES[spell_id]
