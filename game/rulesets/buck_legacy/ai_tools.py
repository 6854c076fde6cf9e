"""The Buck: Legacy AI's shared tools (checklist section 6, "Shared AI tools"), read from a
seat's view and the public card data only.

- the cards an Adventurer has in play (public for everyone: Race, Class, equipment, Gifts and
  Curses) and the static bonuses they give (:func:`bonus`, :func:`roll_mods`);
- the *foe* to plan against: the Boss of the Zone in play, or the Monster being fought
  (:class:`Foe`), and a weapon's Combat Strength and automatic parry against it (BL-120 to
  BL-124);
- battle odds (odds.py) and the chance of winning a Boss round over the six Boss Attacks
  (:func:`boss_round`, BL-182 to BL-187);
- standing: the runaway leader (2 Medals or more ahead, section 6);
- :class:`Tactics`: how the seat plays the Medal race, section 6's (the normal player) or the
  hard player's own (``ai.choose_hard``), set for the length of one answer (:func:`playing`).
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from game.core import registry
from game.rulesets.buck_legacy.content import BLContent, Card, Effect, Gear, Zone
from game.rulesets.buck_legacy.odds import battle_odds, outpaced_by_healing
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView

SYSTEM_ID = "buck-legacy"
_CONTENT = registry.Follow(SYSTEM_ID, "content")

SPELL_TYPES = {"spark": "electric", "ember": "fire", "retribution": "holy"}
"""The damage type each weapon spell adds (BL-212 to BL-214)."""


@dataclass(frozen=True)
class Tactics:
    """How a seat plays the Medal race. Most Adventures end in a wipe, after which only the
    Distance and Trophy Medals are given (and Trophies are mostly lost to the Stun), so the
    Distance Medal, won by the cards an Active Adventurer draws, is where Medals come from:
    staying Active is worth more than section 6's player weighs it."""

    draft_to_stay_active: bool = False
    """Drafting after another Adventurer (who took the strongest fighter): Combat Strength and
    Escape bonuses first, Magic Rank for nothing (D-02)."""
    draft_weapon_by_foes: float = 0.0
    """In a two-seat game's draft, what each Monster card or Boss of the Dungeon that is weak to a
    Starting Weapon's damage type, less each that resists it, adds to the weapon (D-02)."""
    draft_spells: float = 0.0
    """In a two-seat game's draft, first pick or second, what Magic Rank 2 adds to an Adventurer
    (Gold-like points): its spells Flash and Power Shunt reroll a failed Escape check (D-02)."""
    zone_by_lead: bool = False
    """Level or ahead in Medals, the shortest Zone (the game ends sooner, the lead kept); behind,
    the longest (more draws to catch up); the Zone's section 6 score only breaks ties (D-08)."""
    two_seat_rivalry: bool = False
    """With two Adventurers the other one is the rival in the whole Medal race: no Support
    outside a Boss fight, and its won battles hindered to a loss, not only to a Parry (D-16, D-18)."""
    escape_stake: float = 30.0
    """What passing one's own Escape or Fear check is worth (Gold-like points; D-21): a Stun
    ends the Adventurer's draws."""
    spoil_the_last_boss: bool = False
    """In a two-seat game, when the last Boss's defeat would leave the rival ahead, the Boss is
    left standing: no help, the rival's winning rounds hindered (ai_race.spoiling)."""


NORMAL_TACTICS = Tactics()
HARD_TACTICS = Tactics(draft_to_stay_active=True, zone_by_lead=True, two_seat_rivalry=True, escape_stake=80.0,
                       spoil_the_last_boss=True, draft_weapon_by_foes=1.0, draft_spells=40.0)
"""The hard player's own. Against a normal opponent in 2-seat games (each deal played from both
seats), it led in 487 of 600 games on deals none of them was chosen on (3001-3300), where the
tactics before the draft's Runeweaver and weapon led in 420 (game/ai/EXPERIMENTS.md)."""

_TACTICS: ContextVar[Tactics] = ContextVar("buck_legacy_tactics", default=NORMAL_TACTICS)


def tactics() -> Tactics:
    """The tactics of the seat answering now."""
    return _TACTICS.get()


@contextmanager
def playing(chosen: Tactics) -> Iterator[None]:
    """Answer with ``chosen`` tactics inside the block (one answer of one seat)."""
    token = _TACTICS.set(chosen)
    try:
        yield
    finally:
        _TACTICS.reset(token)


def content() -> BLContent:
    found: BLContent = _CONTENT()
    return found


def gear(card_id: str) -> Gear | None:
    card = content().card(card_id)
    return card if isinstance(card, Gear) else None


def slot_of(card_id: str) -> str:
    found = gear(card_id)
    return found.slot if found is not None else ""


def is_single_use(card_id: str) -> bool:
    found = gear(card_id)
    return found is not None and found.kind == "single_use"


def is_starting(card_id: str) -> bool:
    return content().card(card_id).deck == "character"


def action_verb(card_id: str) -> str:
    """The verb a card acts with (its action, or a coating), "" for none."""
    for ability in content().card(card_id).abilities:
        if ability.kind == "action" or ability.verb == "weapon_coating":
            return ability.verb
    return ""


def action_of(card_id: str) -> Effect | None:
    for ability in content().card(card_id).abilities:
        if ability.kind == "action":
            return ability
    return None


# -- an Adventurer's cards in play (public, BL-020) ---------------------------------------------------

def own_cards(adv: AdventurerView) -> Iterator[Card]:
    c = content()
    if adv["race"]:
        yield c.card(adv["race"])
    if adv["klass"]:
        yield c.card(adv["klass"])
    for card in adv["slots"].values():
        yield c.card(card)
    for card in adv["coatings"].values():
        yield c.card(card)
    for card in adv["attached"]:
        yield c.card(card)


def own_effects(adv: AdventurerView) -> Iterator[Effect]:
    for card in own_cards(adv):
        yield from card.abilities
    for top, bottom in adv["transmuted"].items():
        if top in adv["slots"].values():
            yield from (a for a in content().card(bottom).abilities if a.tag == "ability")


def bonus(adv: AdventurerView, verb: str, **match: object) -> int:
    """The sum of the unconditional ``verb`` bonuses of the Adventurer's own cards."""
    out = 0
    for effect in own_effects(adv):
        if effect.verb != verb or effect.get("scope", "holder") != "holder":
            continue
        if any(effect.get(k) != v for k, v in match.items()):
            continue
        if effect.get("creature") is not None or effect.get("flying") is not None:
            continue
        out += int(effect.get("amount", 0))
    return out


def roll_mods(adv: AdventurerView) -> tuple[int, int]:
    """(ordinary, exempt) bonuses to the Adventurer's own combat rolls (BL-117, BL-118)."""
    ordinary = exempt = 0
    for effect in own_effects(adv):
        if effect.verb == "combat_roll" and effect.get("flying") is None:
            if effect.get("exempt"):
                exempt += int(effect.get("amount"))
            else:
                ordinary += int(effect.get("amount"))
    return ordinary, exempt


def is_cleric(adv: AdventurerView) -> bool:
    return bool(adv["klass"]) and content().classes[adv["klass"]].keyword == "cleric"


def weapon_bonus(adv: AdventurerView) -> int:
    """The equipped weapon's Combat Strength as counted now (printed plus its coating)."""
    weapon = adv["slots"].get("weapon")
    if weapon is None:
        return 0
    value = content().gear(weapon).cs
    coating = adv["coatings"].get(weapon)
    if coating is not None:
        value += content().card(coating).total("weapon_coating")
    return value


def bare_strength(adv: AdventurerView) -> int:
    """Combat Strength without the weapon (the public record less the weapon's part)."""
    return adv["strength"] - weapon_bonus(adv)


def spell_types(adv: AdventurerView, now: bool = False) -> tuple[str, ...]:
    """Damage types the Adventurer can add to a weapon by a spell (BL-212 to BL-214); ``now``, in
    a fight, only with the Mana to cast one (a Mana each), which comes back only in the Market."""
    if adv["magic_rank"] < 1 or (now and adv["mana"] < 1):
        return ()
    return ("electric", "fire", "holy") if is_cleric(adv) else ("electric", "fire")


# -- the foe -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Foe:
    """What a weapon is judged against: Level, resistances, vulnerabilities, and for a Boss its
    HP, Escape and Red-6 ability; ``aid`` are the damage types the party's casters can add to
    any fighter's weapon (Spark, Ember, Retribution), since in a Boss fight everyone helps, and
    ``drop`` the Level their Acid Storm takes off in the combat rolls (not against a Volley,
    which comes first: BL-173, A-41)."""

    level: int
    resist: tuple[str, ...] = ()
    vulnerable: tuple[str, ...] = ()
    boss: bool = False
    hp: int = 1
    escape: int = 4
    special: str = ""
    aid: tuple[str, ...] = ()
    drop: int = 0


@dataclass(frozen=True)
class PartyAid:
    """What the party's casters can do for every Boss fighter (section 6, cooperation stance: in a
    Boss fight everyone helps): the damage types a weapon spell adds (BL-212 to BL-214), which
    bring a vulnerability and its automatic parry, and the Level Acid Storm takes off (BL-226)."""

    types: tuple[str, ...] = ()
    level_drop: int = 0


NO_AID = PartyAid()


def party_aid(view: BLView, now: bool = False) -> PartyAid:
    """The party's aid: by Magic Rank when planning (casters restore their Mana in the Market,
    BL-055), or, ``now`` in a fight, by the Active casters' Mana; Acid Storm counts only while
    the Boss's Level is not lowered yet."""
    types: set[str] = set()
    drop = 0
    for adv in view["adventurers"]:
        if now and adv["stunned"]:
            continue
        types.update(spell_types(adv, now))
        if adv["magic_rank"] >= 3 and (not now or (adv["mana"] >= 4 and view["acid_storm"] == 0)):
            drop = 1
    return PartyAid(tuple(sorted(types)), drop)


def zone_foe(zone_id: str, aid: PartyAid = NO_AID) -> Foe | None:
    if not zone_id:
        return None
    zone: Zone = content().zones[zone_id]
    boss = zone.boss
    if boss is None:
        return None
    special = next((e.verb for e in boss.special if e.kind != "static"), "")
    return Foe(boss.level, boss.resist, boss.vulnerable, True, boss.hp, boss.escape, special, aid.types,
               aid.level_drop)


def boss_foe(view: BLView) -> Foe | None:
    """The Boss of the Zone in play. Planned for without the party's aid: the spells others may
    cast come only if they have the Mana and are asked in time, and gear bought, a Zone chosen or
    a weapon worn in the hope of them proved worse than counting on one's own (the fighter counts
    the aid at hand in the fight itself, ai_fight.useless)."""
    return zone_foe(view["zone"])


def weapon_against(card_id: str | None, foe: Foe | None, extra: tuple[str, ...] = ()) -> tuple[int, bool]:
    """(Combat Strength, automatic parry) of a weapon against ``foe`` (BL-120 to BL-124)."""
    if card_id is None:
        return 0, False
    found = content().gear(card_id)
    types = tuple(found.types) + extra
    if foe is None:
        return found.cs, False
    vulnerable = any(t in foe.vulnerable for t in types)
    if any(t in foe.resist for t in types):
        return 0, vulnerable
    return found.cs + (1 if vulnerable else 0), vulnerable


def best_spell_weapon(card_id: str | None, foe: Foe | None, adv: AdventurerView,
                      now: bool = False) -> tuple[int, bool]:
    """A weapon's best showing against ``foe`` with or without a weapon spell the Adventurer, or
    the party (``foe.aid``), could cast on it (Spark, Ember, Retribution); ``now``: see spell_types."""
    best = weapon_against(card_id, foe)
    if card_id is None or foe is None:
        return best
    for kind in sorted(set(spell_types(adv, now)) | set(foe.aid)):
        found = weapon_against(card_id, foe, (kind,))
        if found[1] and not best[1] and found[0] >= best[0] - 2:
            best = found
    return best


@lru_cache(maxsize=8192)
def eventual(strength: int, level: int, white_mod: int = 0, exempt: int = 0, black_mod: int = 0,
             parry: bool = False) -> float:
    """The chance of winning a battle in the end (odds.py)."""
    return float(battle_odds(strength, level, white_mod, exempt, black_mod, 0, parry).eventual)


@lru_cache(maxsize=8192)
def boss_round(strength: int, level: int, white_mod: int, exempt: int, parry: bool, flight: bool,
               protection: int, special: str = "", volley: int = 0) -> float:
    """The chance of winning one Boss round, over the six Boss Attacks (BL-182 to BL-187): a
    Volley stuns when Protection is below the Level (``volley``, if not ``level``: the Level
    before an Acid Storm cast in the Compare step), a Ground Slam costs 2 on the roll without
    Flight; the Special Ability is taken as its effect on the dice where it has one."""
    total = 0.0
    for red in range(1, 7):
        wm, bm = white_mod, 0
        if red == 1:
            bm = -1
        elif red == 3:
            bm = 1
        elif red == 4 and protection < (volley or level):
            continue
        elif red == 5 and not flight:
            wm -= 2
        elif red == 6:
            if special == "boss_roll":
                bm = 3
            elif special == "lose_unless_flight" and not flight:
                continue
            elif special == "check":
                total += 0.5 * eventual(strength, level, wm, exempt, bm, parry)
                continue
        total += eventual(strength, level, wm, exempt, bm, parry)
    return total / 6


def with_in_slot(adv: AdventurerView, slot: str, card: str | None) -> AdventurerView:
    """The Adventurer as it would be with ``card`` in ``slot`` instead of the card there (the
    slot empty for None), for what the cards in its slots give: a card's worth must not hang on
    the card it would replace, or two cards would swap for ever."""
    slots = {s: c for s, c in adv["slots"].items() if s != slot}
    if card is not None:
        slots[slot] = card
    return dict(adv, slots=slots)  # type: ignore[return-value]


def adventurer_round(adv: AdventurerView, foe: Foe, weapon: str | None = "", with_spells: bool = True) -> float:
    """The chance that ``adv`` wins a Boss round against ``foe`` with ``weapon`` (the equipped one
    by default), counting a weapon spell they could cast themselves."""
    held = adv["slots"].get("weapon")
    if weapon == "":
        weapon = held
    # judged with its own roll bonus, not the held weapon's (the Unlimited Drill's +2): with it,
    # any other weapon looked better by that much, and was swapped in and out for ever
    wielder = adv if weapon == held else with_in_slot(adv, "weapon", weapon)
    cs, parry = best_spell_weapon(weapon, foe, wielder) if with_spells else weapon_against(weapon, foe)
    strength = bare_strength(adv) - adv["support_received"] + cs
    ordinary, exempt = roll_mods(wielder)
    return boss_round(strength, foe.level - foe.drop, ordinary, exempt, parry, adv["flight"], adv["protection"],
                      foe.special, foe.level)


def can_ever_win(adv: AdventurerView, foe: Foe, now: bool = False) -> bool:
    """Whether the best roll against the Boss's lowest can win (BL-180's test, with the roll's own
    bonuses and the Combat Strength a weapon spell would give; ``now``, one it has the Mana for)."""
    cs, _ = best_spell_weapon(adv["slots"].get("weapon"), foe, adv, now)
    ordinary, exempt = roll_mods(adv)
    best = bare_strength(adv) - adv["support_received"] + cs + max(1, min(6, 6 + ordinary)) + exempt
    return best > foe.level - foe.drop + 1


def heal_on_six(zone_id: str) -> int:
    """The HP the Zone's Boss heals on a red 6 (0 for a Boss that does not heal)."""
    boss = content().zones[zone_id].boss if zone_id else None
    return boss.heal_on_six if boss else 0


def outheals(adv: AdventurerView, foe: Foe, heal: int, now: bool = False) -> bool:
    """Whether a Boss that heals ``heal`` HP on a red 6 heals faster than ``adv`` can wound it
    (A-55, odds.outpaced_by_healing), with the Combat Strength a weapon spell would give (``now``:
    one it has the Mana for)."""
    cs, _ = best_spell_weapon(adv["slots"].get("weapon"), foe, adv, now)
    ordinary, exempt = roll_mods(adv)
    strength = bare_strength(adv) - adv["support_received"] + cs
    return outpaced_by_healing(strength, foe.level - foe.drop, ordinary, exempt, heal)


def mana_reserve(view: BLView, me: AdventurerView) -> int:
    """The Mana a caster keeps for the Boss fight at the end of the Adventure (section 6, cooperation
    stance), since Mana comes back only in the Market (BL-055): a weapon spell for each fighter when
    it brings the Boss's vulnerability, Acid Storm at Rank 3, a Protection against a Volley."""
    if view["boss_up"] or me["magic_rank"] < 1:
        return 0
    foe = zone_foe(view["zone"])
    if foe is None:
        return 0
    need = 2
    if set(spell_types(me)) & set(foe.vulnerable):
        need += view["seats"]
    if me["magic_rank"] >= 3:
        need += 4
    return max(0, min(need, me["max_mana"] - 2))


# -- standing (section 6) ---------------------------------------------------------------------------------

def lead(view: BLView, seat: int) -> int:
    medals = [a["medals"] for a in view["adventurers"]]
    others = [m for s, m in enumerate(medals) if s != seat]
    return medals[seat] - max(others) if others else 0


def runaway(view: BLView, seat: int) -> bool:
    """The runaway leader: 2 Medals or more ahead of everyone else."""
    return lead(view, seat) >= 2


def me_of(view: BLView, seat: int) -> AdventurerView:
    return view["adventurers"][seat]


@lru_cache(maxsize=64)
def foes_weak_to(damage_type: str) -> int:
    """How many of the Dungeon's Monster cards and Bosses are weak to ``damage_type``, less how many
    resist it (the published card list, the same for every player)."""
    c = content()
    net = 0
    for card_id, card in c.dungeon.items():
        if getattr(card, "kind", "") == "monster":
            net += c.copies.get(card_id, 1) * ((damage_type in card.vulnerable) - (damage_type in card.resist))
    for zone in c.zones.values():
        if zone.boss is not None:
            net += (damage_type in zone.boss.vulnerable) - (damage_type in zone.boss.resist)
    return net
