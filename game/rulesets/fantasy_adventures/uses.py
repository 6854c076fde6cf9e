"""Who may use which ability or spell, when and on whom; and using it (FA-009, FA-113, FA-114,
FA-127 to FA-136, FA-149 to FA-165, FA-171, FA-190, FA-201, FA-202, FA-210 to FA-213, FA-239,
FA-241).

A *use* is offered as an option id:
- ``use:<card>:<n>:<target>``: the n-th ability of a hero, an item or a monster in play
  (an AND pair is one use, FA-211; ``<n>.<k>`` picks half k of an OR pair, FA-212, FA-213);
- ``hand:<card>:<n>:<target>``: a monster's anytime ability used from its owner's hand (FA-157);
- ``cast:<spell>:<caster>:<target>``: a spell cast by an unflipped hero with an orb (FA-127).
``<target>`` is a card, "party", or "" when the effect needs none.

The *moment* says where the question is asked: ``action`` (the Action phase, as an action),
``window`` (a response window, between actions, FA-164) or ``heal`` (the heal window of a
defeat, where only healing is offered, FA-201, FA-202).

Timing: normal abilities are actions, used by the hero player for heroes and items and by the
monster player for monsters, once per player turn each (FA-152 to FA-154); a heal may be used at
any defeat instead (FA-201). Anytime abilities and spells may be used by any player at any window
(FA-133, FA-156). Protection spells are the hero player's, at windows (FA-131); offensive spells
his actions (FA-132). Nothing is used during a duel (FA-085: no window opens in one). Using a
hero's or an item's non-automatic ability, or casting, flips the hero (FA-113, FA-149), and a
flipped hero can do neither (FA-114), except that a scroll never flips its user (FA-171) and Byron
is not flipped by his first spell each round (FA-136).
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Iterable, Iterator, NamedTuple

from game.core.decision import Option
from game.core.effects import Effect
from game.rulesets.fantasy_adventures import effects, party, totals, traits, vocabulary
from game.rulesets.fantasy_adventures.content import PerCard
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Player

HEAL = "heal"
ACTIVE = ("heal", "current_melee", "fear", "defeat", "summon_monster", "join", "summon_hero", "grant")
"""The verbs a player uses (the vocabulary's active kind); every other verb is automatic."""


class Use(NamedTuple):
    option: str
    label: str
    source: str           # the card whose ability (or spell) it is
    actor: str            # the hero that flips ("" for a monster or a hand card)
    parts: tuple[Effect, ...]  # the active abilities that take effect together
    target: str


# -- the abilities a card offers --------------------------------------------------------------------

def _actives(card_abilities: tuple[Effect, ...]) -> Iterator[tuple[str, tuple[Effect, ...]]]:
    """(index, the active abilities used together) for each use a card offers: an ability, the
    active halves of an AND pair together (FA-211), each half of an OR pair alone (FA-212)."""
    for n, ability in enumerate(card_abilities):
        if ability.verb == "and":
            parts = tuple(a for a in ability.get("abilities") if a.verb in ACTIVE)
            if parts:
                yield str(n), parts
        elif ability.verb == "or":
            for k, half in enumerate(ability.get("abilities")):
                if half.verb in ACTIVE:
                    yield f"{n}.{k}", (half,)
        elif ability.verb in ACTIVE:
            yield str(n), (ability,)


def _timing(parts: tuple[Effect, ...]) -> str:
    return "anytime" if any(p.get("timing") == "anytime" for p in parts) else "normal"


CardUses = tuple[tuple[str, tuple[Effect, ...], str], ...]


def _card_uses(card: Any) -> CardUses:
    """(index, abilities used together, timing) of each use ``card`` offers (:func:`_actives`).
    Worked out once per card definition and kept on it: the content never changes, and every
    window asks every player what he may use."""
    found: CardUses | None = card.__dict__.get("_uses")
    if found is None:
        found = tuple((index, parts, _timing(parts)) for index, parts in _actives(card.abilities))
        object.__setattr__(card, "_uses", found)  # (a frozen definition: beside its fields)
    return found


MOMENTS = ("action", "window", "heal")
SPELL_MOMENTS = {"anytime": ("window", "heal"), "protection": ("window", "heal"), "offensive": ("action",)}
"""When each type of spell may be cast: by anyone, by the hero player at windows (and heal
windows), by the hero player as an action (FA-131 to FA-133)."""


def _for_moment(every: CardUses, moment: str) -> CardUses:
    """The uses that ever have a target at ``moment``: heals only at a heal window, everything
    else only outside one (FA-201, see :func:`_targets`)."""
    return tuple(use for use in every if (use[1][0].verb == HEAL) == (moment == "heal"))


def _party_card_uses(card: Any, moment: str) -> CardUses:
    """The uses a hero or an item in a party may ever make at ``moment``: anytime ones at a window,
    normal ones as actions, heals of either timing at a heal window (see :func:`_may_act`)."""
    if card is None:
        return ()  # (an open position)
    every = _card_uses(card)
    if moment != "heal":
        every = tuple(use for use in every if (use[2] == "anytime") == (moment == "window"))
    return _for_moment(every, moment)


def _hand_card_uses(card: Any, moment: str) -> CardUses:
    """The uses a card in its owner's hand may ever offer at ``moment``: a spell's whose type
    allows the moment (FA-131 to FA-133), a monster's anytime abilities at a window (FA-157)."""
    if card.kind == "spell":
        return _for_moment(_card_uses(card), moment) if moment in SPELL_MOMENTS[card.type] else ()
    if card.kind == "monster" and moment == "window":
        return _for_moment(tuple(use for use in _card_uses(card) if use[2] == "anytime"), moment)
    return ()


# Every window asks every player what he may use, and most players hold nothing for most
# windows: what each card could offer at each moment is read from tables of the content by card
# id (content.PerCard, each entry worked out once), so that a player who holds nothing is
# answered by a quick look at his cards.
_PARTY_TABLES = {moment: (f"uses of a hero or an item at {moment}",
                          lambda card, moment=moment: _party_card_uses(card, moment)) for moment in MOMENTS}
_HAND_TABLES = {moment: (f"uses from the hand at {moment}",
                         lambda card, moment=moment: _hand_card_uses(card, moment)) for moment in MOMENTS}


def _party_table(ctx: Ctx, moment: str) -> PerCard[CardUses]:
    table: PerCard[CardUses] = ctx.content.per_card(*_PARTY_TABLES[moment])
    return table


def _hand_table(ctx: Ctx, moment: str) -> PerCard[CardUses]:
    table: PerCard[CardUses] = ctx.content.per_card(*_HAND_TABLES[moment])
    return table


def _any_offers(table: PerCard[CardUses], cards: Iterable[str | None]) -> bool:
    return any(map(table.__getitem__, cards))


# -- targets (FA-134, FA-153, FA-154, FA-156, FA-190, FA-239) ----------------------------------------

def _attacking_monsters(ctx: Ctx, max_melee: int | None = None) -> list[str]:
    encounter = ctx.state.encounter
    if encounter is None:
        return []
    return [m.card for m in encounter.monsters if not m.pending
            and (max_melee is None or ctx.card(m.card).melee <= max_melee)]


def _heroes_targetable(ctx: Ctx, seat: int) -> list[str]:
    """A party's heroes an effect may target: those in play; feared ones only if none is (FA-190)."""
    player = ctx.player(seat)
    return party.in_play(player) or party.last_resort(player)


def _unrolled_melees(ctx: Ctx) -> list[tuple[str, str]]:
    """(hero, meleeing monster) of each melee of this round not yet rolled (FA-239)."""
    encounter = ctx.state.encounter
    if encounter is None or encounter.stage != "combat":
        return []
    from game.rulesets.fantasy_adventures.combat import hordes

    attacked = hordes(ctx)
    out = []
    for hero in encounter.melee_order:
        leader = next((m.card for m in attacked.get(hero, []) if m.meleeing), None)
        if leader is not None:
            out.append((hero, leader))
    return out


def _targets(ctx: Ctx, seat: int, source: str, ability: Effect, moment: str, defeated: str) -> list[str]:
    """Whom ``ability`` used by ``seat`` may target now."""
    verb, target = ability.verb, ability.get("target", "")
    encounter = ctx.state.encounter
    if verb == HEAL:
        if moment != "heal":
            return []
        info = ctx.card(defeated)
        if target == "self":
            owner_card = source if ctx.card(source).kind != "item" else _owner(ctx, source)
            return [defeated] if defeated == owner_card else []
        if info.kind != "hero":
            return []
        if target == "hero_of_party":
            return [defeated] if defeated in ctx.player(seat).heroes() else []
        return [defeated]  # hero_any_party (anytime)
    if moment == "heal":
        return []
    if encounter is None:
        return []
    if verb in ("defeat", "fear"):
        if target in ("monster_attacking", "monster_any"):
            return _attacking_monsters(ctx, ability.get("max_melee"))
        if target == "hero_attacked":
            return _heroes_targetable(ctx, encounter.target)
        return []
    if verb == "current_melee":
        melees = _unrolled_melees(ctx)
        kinds = {"monster": (1,), "hero": (0,), "hero_or_monster": (0, 1)}[target]
        return [pair[k] for pair in melees for k in kinds]
    if verb == "grant":
        if target == "hero_of_party":
            return _heroes_targetable(ctx, seat)
        return ["party"]
    if verb == "summon_hero":  # only into an open position of the summoner's party (FA-223)
        return [""] if party.open_positions(ctx.player(seat)) else []
    if verb == "summon_monster":
        return [""]
    if verb == "join":
        return [""]
    return []


def _owner(ctx: Ctx, item: str) -> str:
    player = ctx.player(int(item.partition("/")[0]))
    for hero, owned in player.items.items():
        if item in owned:
            return hero
    return ""


# -- listing the uses ----------------------------------------------------------------------------------

def uses(ctx: Ctx, seat: int, moment: str, defeated: str = "") -> list[Use]:
    """Every use ``seat`` may make now; ``moment`` is "action", "window" or "heal"."""
    encounter = ctx.state.encounter
    if encounter is None:
        return []  # (and inside a duel no question is asked at all, FA-085)
    out: list[Use] = []
    out += _hero_uses(ctx, seat, moment, defeated)
    out += _monster_uses(ctx, seat, moment, defeated)
    hand_uses = _hand_table(ctx, moment)
    held = [(card, hand_uses[card]) for card in ctx.player(seat).hand if hand_uses[card]]
    if held:
        out += _hand_monster_uses(ctx, seat, held)
        out += _spell_uses(ctx, seat, moment, defeated, held)
    return out


def _may_act(ctx: Ctx, seat: int, timing: str, moment: str, heal: bool, hero_player_only: bool) -> bool:
    if moment == "heal":
        return heal and (timing == "anytime" or not hero_player_only or seat == ctx.hero_player)
    if timing == "anytime":
        return moment == "window"
    return moment == "action" and (not hero_player_only or seat == ctx.hero_player)


def _hero_uses(ctx: Ctx, seat: int, moment: str, defeated: str) -> list[Use]:
    player = ctx.player(seat)
    offering = _offering(player, _party_table(ctx, moment))
    if not offering:
        return []
    playing = party.in_play(player)
    out: list[Use] = []
    for hero, source, offered in offering:
        # A defeated hero may still use a healing ability of its own or of its items, on
        # itself only: at its heal window every heal targets the defeated card (FA-241).
        healing_self = moment == "heal" and hero == defeated
        if hero not in playing and not healing_self:
            continue
        if hero in player.flipped:  # flipped: no ability, no scroll (FA-114, FA-171)
            continue
        out += _source_uses(ctx, seat, moment, defeated, hero, source, offered)
    return out


def _offering(player: Player, offered_by: PerCard[CardUses]) -> list[tuple[str, str, CardUses]]:
    """(hero, source, its uses) for each hero and item of the party that offers a use at the
    moment of ``offered_by``, as the party lists them: rank by rank, each hero before its items.
    Few cards offer any at a given moment, so they are picked out before the party is walked."""
    items = player.items
    if not _any_offers(offered_by, [*player.front, *player.back, *chain.from_iterable(items.values())]):
        return []
    heroes = [hero for hero in player.front + player.back if hero is not None and offered_by[hero]]
    if not _any_offers(offered_by, chain.from_iterable(items.values())):
        return [(hero, hero, offered_by[hero]) for hero in heroes]
    out = []
    for hero in player.heroes():
        if hero in heroes:
            out.append((hero, hero, offered_by[hero]))
        out += [(hero, item, offered_by[item]) for item in items.get(hero, ()) if offered_by[item]]
    return out


def _source_uses(ctx: Ctx, seat: int, moment: str, defeated: str, hero: str, source: str,
                 offered: CardUses) -> list[Use]:
    """The uses the hero ``hero`` may make now of its own or its item ``source``'s abilities."""
    info = ctx.card(source)
    scroll = info.kind == "item" and info.scroll
    out = []
    for index, parts, timing in offered:
        heal = parts[0].verb == HEAL
        if not _may_act(ctx, seat, timing, moment, heal, hero_player_only=True):
            continue
        if f"{source}:{index}" in ctx.player(seat).used or not all(traits.allowed(ctx, p) for p in parts):
            continue
        for target in _targets(ctx, seat, source, parts[0], moment, defeated):
            via = "" if source == hero else f"{ctx.name(hero)}'s "
            label = f"{via}{ctx.name(source)}: {_describe(ctx, parts, target, source)}"
            out.append(Use(f"use:{source}:{index}:{target}", label, source, "" if scroll else hero, parts, target))
    return out


def _monster_uses(ctx: Ctx, seat: int, moment: str, defeated: str) -> list[Use]:
    encounter = ctx.state.encounter
    if encounter is None or seat != ctx.state.monster or moment == "window":
        return []  # (a monster's own normal abilities are actions and heals, FA-152, FA-157)
    out = []
    player = ctx.player(seat)
    for monster in encounter.monsters:
        if monster.pending or monster.controller != seat:
            continue
        for index, parts, timing in _card_uses(ctx.card(monster.card)):
            if f"{monster.card}:{index}" in player.used or not all(traits.allowed(ctx, p) for p in parts):
                continue
            if timing == "anytime":
                continue  # a monster's anytime ability works only from its owner's hand (FA-157)
            heal = parts[0].verb == HEAL
            if moment == "heal" and not (heal and defeated == monster.card):
                continue
            if moment != "heal" and not _may_act(ctx, seat, "normal", moment, heal, hero_player_only=False):
                continue
            for target in _targets(ctx, seat, monster.card, parts[0], moment, defeated):
                label = f"{ctx.name(monster.card)}: {_describe(ctx, parts, target, monster.card)}"
                out.append(Use(f"use:{monster.card}:{index}:{target}", label, monster.card, "", parts, target))
    return out


def _hand_monster_uses(ctx: Ctx, seat: int, held: list[tuple[str, CardUses]]) -> list[Use]:
    """A monster's anytime ability from its owner's hand (FA-157 to FA-159); ``held`` lists the
    hand's cards that offer uses now, with those uses."""
    out = []
    for card, offered in held:
        info = ctx.card(card)
        if info.kind != "monster":
            continue
        for index, parts, _ in offered:
            if not all(traits.allowed(ctx, p) for p in parts):
                continue
            if parts[0].verb == "join" and not _may_join(ctx, seat, card):
                continue
            for target in _targets(ctx, seat, card, parts[0], "window", ""):
                out.append(Use(f"hand:{card}:{index}:{target}", f"{info.name} from your hand: "
                               f"{_describe(ctx, parts, target, card)}", card, "", parts, target))
    return out


def _may_join(ctx: Ctx, seat: int, card: str) -> bool:
    """A join card joins an Encounter attacking another player's party; the hero player of that
    Encounter may not use it (FA-158, A-28), nor may a monster that could not be used in it."""
    encounter = ctx.state.encounter
    info = ctx.card(card)
    return (encounter is not None and seat != encounter.target
            and not (info.lair_only and not encounter.lair) and not (info.wandering_only and encounter.lair))


def _casters(ctx: Ctx, seat: int) -> list[str]:
    """Unflipped heroes in play with an orb in the caster's own party (FA-127, FA-003)."""
    player = ctx.player(seat)
    orb = ctx.content.per_card("orb", lambda card: card.orb)
    return [h for h in party.in_play(player) if orb[h] and h not in player.flipped]


def _spell_uses(ctx: Ctx, seat: int, moment: str, defeated: str, held: list[tuple[str, CardUses]]) -> list[Use]:
    """The spells of ``held`` (the hand's cards that offer uses now, with those uses) that
    ``seat`` may cast now, with each caster and target."""
    spells = [(card, offered) for card, offered in held if ctx.card(card).kind == "spell"]
    # A defeated hero casts nothing (FA-241).
    casters = [c for c in _casters(ctx, seat) if c != defeated] if spells else []
    if not casters:
        return []
    out = []
    for spell, offered in spells:
        info = ctx.card(spell)
        if not _spell_allowed(ctx, seat, info, moment):
            continue
        for index, parts, _ in offered:
            for target in _targets(ctx, seat, spell, parts[0], moment, defeated):
                for caster in casters:
                    label = f"Cast {info.name} with {ctx.name(caster)}: {_describe(ctx, parts, target, spell)}"
                    out.append(Use(f"cast:{spell}:{caster}:{target}", label, spell, caster, parts, target))
    return out


def _spell_allowed(ctx: Ctx, seat: int, info: object, moment: str) -> bool:
    """A spell's type decides who casts it and when (FA-131 to FA-133); Lair only, Wandering only
    and Multiplayer only restrict it (FA-135, FA-210)."""
    encounter = ctx.state.encounter
    assert encounter is not None
    kind = getattr(info, "type")
    if getattr(info, "lair_only") and not encounter.lair or getattr(info, "wandering_only") and encounter.lair:
        return False
    if getattr(info, "multiplayer_only") and len(ctx.state.remaining()) < 3:
        return False
    return moment in SPELL_MOMENTS[kind] and (kind == "anytime" or seat == ctx.hero_player)


def _describe(ctx: Ctx, parts: tuple[Effect, ...], target: str, user: str) -> str:
    """What ``user``'s use does to ``target`` (a card, "party" or "" for none), in an answer's words."""
    grant = parts[0].get("target", "") if parts[0].verb == "grant" else ""
    whom = {"party": "the party", "heroes_of_party": "the party's heroes"}.get(grant, "")
    if not whom and target:
        whom = ctx.name(target) if target != user else "itself" if ctx.card(user).kind == "monster" else "himself"
    return vocabulary.use_phrase(parts, whom)


# -- using -----------------------------------------------------------------------------------------------

def options(ctx: Ctx, seat: int, moment: str, defeated: str = "") -> list[Option]:
    return [Option(u.option, u.label, ("card", u.target or u.source)) for u in uses(ctx, seat, moment, defeated)]


def perform(ctx: Ctx, seat: int, option: str, moment: str, defeated: str = "") -> None:
    """Carry out the use ``option`` (one of :func:`uses`)."""
    use = next(u for u in uses(ctx, seat, moment, defeated) if u.option == option)
    player = ctx.player(seat)
    _targeted(ctx, use.target)
    if option.startswith("cast:"):
        _cast(ctx, seat, use)
        return
    kind, source, index, _ = option.split(":", 3)
    if kind == "hand":
        player.hand.remove(source)
        ctx.emit("anytime_card", "FA-157", f"{ctx.who(seat)} plays {ctx.name(source)} from their hand.", card=source,
                 ability=index, seat=seat)
        if use.parts[0].verb == "join":
            effects.monster_joins(ctx, source)
            return
        _apply(ctx, seat, use)
        ctx.discard(source)  # its other traits ignored, the card is discarded (FA-159)
        return
    player.used.append(f"{source}:{index}")
    if use.actor:
        _flip(ctx, seat, use.actor)
    ctx.emit("ability", "FA-160" if moment == "action" else ("FA-201" if moment == "heal" else "FA-156"),
             f"{use.label}.", card=source, ability=index, seat=seat)
    _apply(ctx, seat, use)
    if ctx.card(source).kind == "item" and ctx.card(source).scroll:
        owner = _owner(ctx, source)
        player.items[owner].remove(source)
        ctx.discard(source)  # a scroll is discarded after use (FA-171)


def _flip(ctx: Ctx, seat: int, hero: str) -> None:
    player = ctx.player(seat)
    if hero not in player.flipped:
        player.flipped.append(hero)


def _cast(ctx: Ctx, seat: int, use: Use) -> None:
    """Cast a spell: flip the caster (not Byron's first spell each round) and discard the spell;
    on the caster's own orb element it works, otherwise roll: 1-3 it works, 4-5 it comes back to
    hand, 6 it is lost (FA-127 to FA-129, FA-136)."""
    player = ctx.player(seat)
    spell, caster = use.source, use.actor
    player.hand.remove(spell)
    player.encounter_discard.append(spell)
    free = (traits.hero_has(ctx, caster, "first_spell_free") and caster not in ctx.encounter.cast_this_round)
    ctx.encounter.cast_this_round.append(caster)
    ctx.emit("cast", "FA-127", f"{ctx.name(caster)} casts {ctx.name(spell)}.", card=spell, caster=caster, seat=seat)
    if free:  # (said after the cast it belongs to)
        ctx.emit("not_flipped", "FA-136", f"{ctx.name(caster)} is not flipped by its first spell this round.",
                 hero=caster)
    else:
        _flip(ctx, seat, caster)
    element, orb = ctx.card(spell).element, ctx.card(caster).orb
    if element != orb:
        die = ctx.roll()
        if die >= 4:
            back = die <= 5
            if back:
                player.encounter_discard.remove(spell)
                player.hand.append(spell)
            ctx.emit("spell_fails", "FA-129", f"Off its element: rolled {die}, no effect; "
                     + ("the spell goes back to the hand." if back else "the spell is lost."), die=die)
            return
        ctx.emit("spell_works", "FA-129", f"Off its element: rolled {die}, the spell takes effect.", die=die)
    _apply(ctx, seat, use)


def _apply(ctx: Ctx, seat: int, use: Use) -> None:
    """The effect of each part, one dependent roll each (FA-185, FA-211)."""
    for ability in use.parts:
        if not effects.dependent(ctx, ability, use.source):
            continue
        verb, target = ability.verb, use.target
        if verb == "defeat":
            effects.do_defeat(ctx, use.source, target)
        elif verb == "fear":
            effects.do_fear(ctx, use.source, target)
        elif verb == "heal":
            effects.do_heal(ctx, use.source, target)
        elif verb == "grant":
            index = [a for a in ctx.card(use.source).all_abilities() if a.verb == "grant"].index(ability)
            effects.do_grant(ctx, use.source, index, target)
        elif verb == "current_melee":
            effects.do_current_melee(ctx, use.source, int(ability.get("amount")), target)
        elif verb == "summon_monster":
            effects.do_summon_monster(ctx, use.source, ability.get("group"), ctx.state.monster)
        elif verb == "summon_hero":
            effects.do_summon_hero(ctx, use.source, str(ability.get("element")), seat)


def _targeted(ctx: Ctx, target: str) -> None:
    """A feared hero that is targeted (only as the last resort) is no longer feared (FA-190, A-13)."""
    if not target or target == "party" or ctx.card(target).kind != "hero":
        return
    player = ctx.owner_of_hero(target)
    if target in player.feared:
        player.feared.remove(target)
        ctx.emit("fear_ends", "FA-190", f"{ctx.name(target)} is targeted: its fear ends.", hero=target)


def chance_text(low: int, high: int) -> str:
    return f"{round(100 * totals.chance(low, high))}%"
