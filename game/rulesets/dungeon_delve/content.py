"""Dungeon Delve content: dice, heroes, classes, items, monsters, overlord cards,
conditions and quests, loaded from TOML and checked (checklist 2.2-2.10; a quest's own
definitions and checks are quests.py's).

Loaded once per process (content is immutable) and checked on load: unknown keys are
refused, every effect verb must be in the vocabulary with valid parameters, every
reference is resolved (dice, conditions, items, monsters, groups, weapon tags), overlord
timings come from the six hooks of 2.10, and a quest's map, doors, tokens and placements
must fit its map. Every error is a ContentError naming the file, the record and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, cast

from game.core.cards import (
    Field,
    Schema,
    check_record,
    instances,
    list_of_ids,
    list_of_tables,
    load_cards,
    load_tables,
    not_negative,
    positive,
)
from game.core.dice import Die
from game.core.effects import Effect as CoreEffect
from game.core.errors import ContentError
from game.rulesets.dungeon_delve.quests import (
    HERO_COUNTS,
    OFF_MAP,
    RANKS,
    TERRAIN_SYMBOLS,
    AreaDef,
    DoorDef,
    ObjectiveDef,
    PlacementDef,
    QuestDef,
    ReinforcementDef,
    Square,
    load_quest,
)
from game.rulesets.dungeon_delve.vocabulary import (
    ATTACK_TYPES,
    CONDITION_WHEN,
    DICE_PARAMS,
    MOMENTS,
    SURGE_EFFECTS,
    SURGE_PARAMS,
    TIMINGS,
    VERBS,
    describe,
    describe_surge,
)

CONTENT_DIR = Path(__file__).parent / "content"

DIE_KINDS = ("attack", "power", "defense")
DIE_SYMBOLS = {
    "attack": ("range", "hearts", "surge", "miss"),
    "power": ("range", "hearts", "surge", "miss"),
    "defense": ("shields",),
}
FACES_PER_DIE = 6

ITEM_CATEGORIES = ("starting", "shop", "relic", "search")
SLOTS = ("hand", "armor", "other", "none")
EQUIP_LIMITS = {"hand": 2, "armor": 1, "other": 2}
"""At most 2 hand icons, 1 Armor and 2 Other items equipped (DD-020 to DD-022)."""

ITEM_MOMENTS = ("passive", "after_defense_roll", "attribute_test", "own_turn", "drawn")
ABILITY_MOMENTS = ("passive", "rest", "revive")
FEAT_MOMENTS = ("action", "turn_start", "own_turn")
SKILL_USES = ("action", "passive")


# ---- definitions ------------------------------------------------------------------------

@dataclass(frozen=True)
class Effect(CoreEffect):
    """One effect record (the kernel's), with its player-facing sentence (nested lists as tuples)."""

    @property
    def text(self) -> str:
        return describe(self)


@dataclass(frozen=True)
class DieDef:
    """One custom die (2.2): ``kind`` is attack, power or defense; ``die`` has its six faces;
    ``colour`` is its body colour as drawn ('#rrggbb')."""

    id: str
    name: str
    kind: str
    die: Die
    colour: str = "#f0e6d2"


@dataclass(frozen=True)
class AbilityDef:
    """A named ability (hero ability, heroic feat, monster ability), used at ``when``."""

    name: str
    text: str
    when: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class HeroDef:
    """A hero sheet (2.3)."""

    id: str
    name: str
    archetype: str
    speed: int
    health: int
    stamina: int
    defense: tuple[str, ...]
    might: int
    knowledge: int
    willpower: int
    awareness: int
    ability: AbilityDef
    feat: AbilityDef
    short: str = ""
    """The name a list of heroes shows (New game's party), where the first word of ``name``
    is a title ("Sister Elowen" is "Elowen"); empty: that first word."""

    @property
    def short_name(self) -> str:
        return self.short or self.name.split()[0]

    def attribute(self, name: str) -> int:
        """Might, Knowledge, Willpower or Awareness, by lower-case name."""
        if name not in ("might", "knowledge", "willpower", "awareness"):
            raise KeyError(name)
        return int(getattr(self, name))


@dataclass(frozen=True)
class SkillDef:
    """A class skill (2.4): an action (DD-029) or passive, with its fatigue cost (DD-053)."""

    id: str
    name: str
    text: str
    use: str
    fatigue: int
    effects: tuple[Effect, ...]

    @property
    def is_action(self) -> bool:
        return self.use == "action"


@dataclass(frozen=True)
class ClassDef:
    """A class (2.4): its archetype, starting equipment (item ids) and starting skill."""

    id: str
    name: str
    archetype: str
    equipment: tuple[str, ...]
    skill: SkillDef


@dataclass(frozen=True)
class SurgeAbility:
    """A surge ability of a weapon or monster (DD-089, DD-090): ``cost`` surges buy ``effect``.

    ``amount`` is used by hearts, range and pierce; ``condition`` by condition.
    """

    cost: int
    effect: str
    amount: int = 0
    condition: str = ""

    @property
    def text(self) -> str:
        """The card's words: price and effect ("2 surges: Blast.")."""
        return describe_surge(self.cost, self.effect, self._params())

    @property
    def buys(self) -> str:
        """What the surges buy, without their price ("+1 heart", "Blast"): an answer says the price itself."""
        return SURGE_EFFECTS[self.effect].describe(self._params()).rstrip(".")

    def _params(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        if "amount" in SURGE_EFFECTS[self.effect].params:
            params["amount"] = self.amount
        if "condition" in SURGE_EFFECTS[self.effect].params:
            params["condition"] = self.condition
        return params


@dataclass(frozen=True)
class ItemDef:
    """A starting item, shop card, relic or search card (2.4, 2.5)."""

    id: str
    name: str
    category: str
    text: str
    count: int
    price: int | None
    slot: str
    hands: int
    attack_type: str | None
    dice: tuple[str, ...]
    reach: bool
    pierce: int
    blast: bool
    surges: tuple[SurgeAbility, ...]
    tags: tuple[str, ...]
    when: str
    exhaust: bool
    discard: bool
    effects: tuple[Effect, ...]

    @property
    def is_weapon(self) -> bool:
        return self.attack_type is not None

    @property
    def is_equipment(self) -> bool:
        """Whether the card is equipped to be used (its slot is not "none")."""
        return self.slot != "none"


@dataclass(frozen=True)
class MonsterDef:
    """One monster figure type, minion or master (2.7)."""

    id: str
    name: str
    rank: str
    attack_type: str
    speed: int
    health: int
    health_per_hero: int
    defense: tuple[str, ...]
    dice: tuple[str, ...]
    reach: bool
    pierce: int
    blast: bool
    surges: tuple[SurgeAbility, ...]
    abilities: tuple[AbilityDef, ...]
    unique: bool

    def health_for(self, heroes: int) -> int:
        """Health in a game with this many heroes (the Bone Warden: 4 + 2 x heroes)."""
        return self.health + self.health_per_hero * heroes

    def has_verb(self, verb: str) -> bool:
        return any(e.verb == verb for a in self.abilities for e in a.effects)


@dataclass(frozen=True)
class MonsterGroup:
    """A monster group (2.7): one master plus minions, their number by hero count."""

    id: str
    name: str
    master: str
    minion: str
    minions_by_heroes: Mapping[int, int]

    def minions_for(self, heroes: int) -> int:
        return self.minions_by_heroes[heroes]

    def size_for(self, heroes: int) -> int:
        """The group size: the master plus the minions."""
        return 1 + self.minions_by_heroes[heroes]


@dataclass(frozen=True)
class OverlordCard:
    """An overlord card (2.8), played only at its ``timing`` hook (DD-124)."""

    id: str
    name: str
    count: int
    timing: str
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class ConditionSide:
    """What a condition does to a hero, or to a monster (2.6)."""

    text: str
    when: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class ConditionDef:
    id: str
    name: str
    hero: ConditionSide
    monster: ConditionSide


@dataclass(frozen=True)
class DDContent:
    """All Dungeon Delve content, by id."""

    dice: Mapping[str, DieDef]
    heroes: Mapping[str, HeroDef]
    classes: Mapping[str, ClassDef]
    items: Mapping[str, ItemDef]
    monsters: Mapping[str, MonsterDef]
    groups: Mapping[str, MonsterGroup]
    overlord: Mapping[str, OverlordCard]
    conditions: Mapping[str, ConditionDef]
    quests: Mapping[str, QuestDef]

    def die(self, die_id: str) -> Die:
        return self.dice[die_id].die

    def pool(self, die_ids: Iterable[str]) -> list[Die]:
        return [self.dice[d].die for d in die_ids]

    def class_for(self, hero_id: str) -> ClassDef:
        """The class a hero uses: the one of his archetype (DD-148)."""
        archetype = self.heroes[hero_id].archetype
        return next(c for c in self.classes.values() if c.archetype == archetype)

    def group_of(self, monster_id: str) -> MonsterGroup:
        return next(g for g in self.groups.values() if monster_id in (g.master, g.minion))

    def items_in(self, category: str) -> tuple[str, ...]:
        return tuple(i for i, item in self.items.items() if item.category == category)

    def search_deck(self) -> list[str]:
        """Instance ids of the search deck, unshuffled ("healing_draught#2", …)."""
        ids = self.items_in("search")
        return instances(ids, {i: self.items[i].count for i in ids})

    def shop_deck(self) -> list[str]:
        ids = self.items_in("shop")
        return instances(ids, {i: self.items[i].count for i in ids})

    def overlord_deck(self) -> list[str]:
        """Instance ids of the overlord deck, unshuffled ("vicious_blow#3", …)."""
        return instances(self.overlord, {c.id: c.count for c in self.overlord.values()})

    def monster_setup(self, quest_id: str, heroes: int) -> tuple[tuple[str, str, Square], ...]:
        """(group id, monster id, square) of every monster placed at setup (DD-007)."""
        if heroes not in HERO_COUNTS:
            raise ContentError(f"a game has 2 to 4 heroes, not {heroes}")
        out: list[tuple[str, str, Square]] = []
        for placement in self.quests[quest_id].placements:
            group = self.groups[placement.group]
            out.append((group.id, group.master, placement.master))
            out.extend((group.id, group.minion, s) for s in placement.minions[: group.minions_for(heroes)])
        return tuple(out)


# ---- loading helpers --------------------------------------------------------------------


_EFFECTS = Field((list,), check=list_of_tables)
_OPT_EFFECTS = Field((list,), required=False, check=list_of_tables)


class _Refs:
    """What effect parameters may name; filled in as files load."""

    def __init__(self) -> None:
        self.dice: dict[str, DieDef] = {}
        self.conditions: set[str] = set()
        self.tags: set[str] = set()


def _parse_effects(raw: list[Any], where: str, refs: _Refs, *, in_condition: bool = False) -> tuple[Effect, ...]:
    def refine(effect: CoreEffect, record: Mapping[str, Any], here: str) -> None:
        if effect.verb == "discard_condition" and not in_condition:
            raise ContentError(f"{here}: 'discard_condition' may only be used by a condition")
        _resolve(effect, here, refs)

    return cast("tuple[Effect, ...]", VERBS.read(raw, where, refine=refine, make=Effect))


def _resolve(effect: CoreEffect, where: str, refs: _Refs) -> None:
    for key in DICE_PARAMS:
        if isinstance(effect.get(key), tuple):
            wanted = "defense" if effect.verb == "add_dice" and effect.get("pool") == "defense" else "power"
            for die in effect.get(key):
                _check_die(die, wanted, where, key, refs)
    condition = effect.get("condition")
    if condition is not None and condition not in refs.conditions:
        raise ContentError(f"{where}: field 'condition' names unknown condition '{condition}'")
    tag = effect.get("weapon_tag")
    if tag is not None and tag not in refs.tags:
        raise ContentError(f"{where}: field 'weapon_tag' is '{tag}', which no item has")


def _check_die(die: str, kind: str, where: str, key: str, refs: _Refs) -> None:
    if die not in refs.dice:
        raise ContentError(f"{where}: field '{key}' names unknown die '{die}'")
    if refs.dice[die].kind != kind:
        raise ContentError(f"{where}: field '{key}' lists '{die}', which is not a {kind} die")


def _check_attack_pool(dice: list[str], where: str, refs: _Refs) -> None:
    """An attack pool is the blue attack die first, then power dice (DD-082)."""
    for die in dice:
        if die not in refs.dice:
            raise ContentError(f"{where}: field 'dice' names unknown die '{die}'")
    kinds = [refs.dice[d].kind for d in dice]
    if kinds[:1] != ["attack"] or "attack" in kinds[1:] or "defense" in kinds:
        raise ContentError(f"{where}: field 'dice' must be one attack die first, then power dice")


def _check_defense_pool(dice: list[str], where: str, refs: _Refs, key: str = "defense") -> None:
    for die in dice:
        _check_die(die, "defense", where, key, refs)


_SURGE_SCHEMA: Schema = {
    "cost": Field((int,), check=positive),
    "effect": Field((str,), choices=tuple(SURGE_EFFECTS)),
    **SURGE_PARAMS,
}


def _parse_surges(raw: list[dict[str, Any]], where: str, refs: _Refs) -> tuple[SurgeAbility, ...]:
    out = []
    for index, record in enumerate(raw, 1):
        here = f"{where}: surge {index}"
        check_record(record, _SURGE_SCHEMA, here)
        spec = SURGE_EFFECTS[record["effect"]]
        params = {k: v for k, v in record.items() if k not in ("cost", "effect")}
        check_record(params, spec.params, f"{here} ({record['effect']})")
        if "condition" in params and params["condition"] not in refs.conditions:
            raise ContentError(f"{here}: field 'condition' names unknown condition '{params['condition']}'")
        if "amount" in params and params["amount"] < 1:
            raise ContentError(f"{here}: field 'amount' must be 1 or more")
        out.append(SurgeAbility(record["cost"], record["effect"], params.get("amount", 0),
                                params.get("condition", "")))
    return tuple(out)


_KEYWORDS: Schema = {
    "reach": Field((bool,), required=False),
    "pierce": Field((int,), required=False, check=positive),
    "blast": Field((bool,), required=False),
}


def _keywords(record: Mapping[str, Any], where: str) -> tuple[bool, int, bool]:
    keywords = record.get("keywords", {})
    check_record(keywords, _KEYWORDS, f"{where}: keywords")
    return keywords.get("reach", False), keywords.get("pierce", 0), keywords.get("blast", False)


def _ability(record: Mapping[str, Any], where: str, moments: tuple[str, ...], refs: _Refs) -> AbilityDef:
    schema: Schema = {"name": Field((str,)), "text": Field((str,)), "when": Field((str,), choices=moments),
                      "effects": _EFFECTS}
    check_record(record, schema, where)
    return AbilityDef(record["name"], record["text"], record["when"],
                      _parse_effects(record["effects"], where, refs))


# ---- dice ------------------------------------------------------------------------------

def _hex_colour(value: Any) -> str | None:
    """A die's body colour: '#rrggbb'."""
    if isinstance(value, str) and len(value) == 7 and value[0] == "#" and \
            all(c in "0123456789abcdefABCDEF" for c in value[1:]):
        return None
    return "must be a colour written #rrggbb"


_DIE_SCHEMA: Schema = {
    "id": Field((str,)),
    "name": Field((str,)),
    "kind": Field((str,), choices=DIE_KINDS),
    "colour": Field((str,), check=_hex_colour),
    "faces": Field((list,), check=list_of_tables),
}


def _load_dice(directory: Path) -> dict[str, DieDef]:
    out: dict[str, DieDef] = {}
    for record in load_cards(directory / "dice.toml", lambda r: _DIE_SCHEMA, table="die"):
        where = f"dice.toml: die {record['id']}"
        faces = record["faces"]
        if len(faces) != FACES_PER_DIE:
            raise ContentError(f"{where}: field 'faces' must list {FACES_PER_DIE} faces, not {len(faces)}")
        allowed = DIE_SYMBOLS[record["kind"]]
        clean = []
        for index, face in enumerate(faces, 1):
            here = f"{where}: face {index}"
            check_record(face, {s: Field((int,), required=False, check=not_negative) for s in allowed}, here)
            shown = {s: n for s, n in face.items() if n}
            if "miss" in shown and (shown != {"miss": 1}):
                raise ContentError(f"{here}: a miss face shows only 'miss = 1'")
            clean.append(shown)
        out[record["id"]] = DieDef(record["id"], record["name"], record["kind"],
                                   Die.from_faces(record["id"], record["name"], clean), record["colour"])
    return out


# ---- conditions ------------------------------------------------------------------------

_CONDITION_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "hero": Field((dict,)), "monster": Field((dict,)),
}
_CONDITION_SIDE: Schema = {
    "text": Field((str,)), "when": Field((str,), choices=tuple(CONDITION_WHEN)), "effects": _EFFECTS,
}


def _load_conditions(directory: Path, refs: _Refs) -> dict[str, ConditionDef]:
    records = load_cards(directory / "conditions.toml", lambda r: _CONDITION_SCHEMA, table="condition")
    refs.conditions.update(r["id"] for r in records)
    out: dict[str, ConditionDef] = {}
    for record in records:
        where = f"conditions.toml: condition {record['id']}"
        sides = []
        for side in ("hero", "monster"):
            here = f"{where}: {side}"
            check_record(record[side], _CONDITION_SIDE, here)
            sides.append(ConditionSide(record[side]["text"], record[side]["when"],
                                       _parse_effects(record[side]["effects"], here, refs, in_condition=True)))
        out[record["id"]] = ConditionDef(record["id"], record["name"], sides[0], sides[1])
    return out


# ---- items -----------------------------------------------------------------------------

_ITEM_SCHEMA: Schema = {
    "id": Field((str,)),
    "name": Field((str,)),
    "category": Field((str,), choices=ITEM_CATEGORIES),
    "text": Field((str,)),
    "count": Field((int,), required=False, check=positive),
    "price": Field((int,), required=False, check=not_negative),
    "slot": Field((str,), choices=SLOTS),
    "hands": Field((int,), required=False, choices=(1, 2)),
    "attack_type": Field((str,), required=False, choices=ATTACK_TYPES),
    "dice": Field((list,), required=False, check=list_of_ids),
    "keywords": Field((dict,), required=False),
    "surges": Field((list,), required=False, check=list_of_tables),
    "tags": Field((list,), required=False, check=list_of_ids),
    "when": Field((str,), required=False, choices=ITEM_MOMENTS),
    "exhaust": Field((bool,), required=False),
    "discard": Field((bool,), required=False),
    "effects": _OPT_EFFECTS,
}
_WEAPON_FIELDS = ("dice", "keywords", "surges", "tags")


def _load_items(directory: Path, refs: _Refs) -> dict[str, ItemDef]:
    records = load_cards(directory / "items.toml", lambda r: _ITEM_SCHEMA, table="item")
    for record in records:
        refs.tags.update(record.get("tags", ()))
    out: dict[str, ItemDef] = {}
    for r in records:
        where = f"items.toml: item {r['id']}"
        if (r["category"] == "shop") != ("price" in r):
            raise ContentError(f"{where}: field 'price' is " + ("missing" if r["category"] == "shop"
                                                                 else "only for shop cards"))
        if (r["slot"] == "hand") != ("hands" in r):
            raise ContentError(f"{where}: field 'hands' is " + ("missing" if r["slot"] == "hand"
                                                                 else "only for hand items"))
        if "count" in r and r["category"] != "search" and r["count"] != 1:
            raise ContentError(f"{where}: field 'count' may exceed 1 only for search cards")
        if "attack_type" in r:
            if "dice" not in r:
                raise ContentError(f"{where}: missing field 'dice' (a weapon needs its attack pool)")
            if r["slot"] != "hand":
                raise ContentError(f"{where}: field 'slot' must be 'hand' for a weapon")
            _check_attack_pool(r["dice"], where, refs)
        else:
            for key in _WEAPON_FIELDS:
                if key in r:
                    raise ContentError(f"{where}: field '{key}' is only for weapons (with 'attack_type')")
        effects = _parse_effects(r.get("effects", []), where, refs)
        when = r.get("when", "passive")
        if effects and when == "passive" and r["slot"] == "none":
            raise ContentError(f"{where}: field 'when' is 'passive', but a card with slot 'none' is never equipped")
        if r.get("discard") and when != "own_turn":
            raise ContentError(f"{where}: field 'discard' is only for cards used in your turn ('own_turn')")
        reach, pierce, blast = _keywords(r, where)
        out[r["id"]] = ItemDef(
            id=r["id"], name=r["name"], category=r["category"], text=r["text"], count=r.get("count", 1),
            price=r.get("price"), slot=r["slot"], hands=r.get("hands", 0), attack_type=r.get("attack_type"),
            dice=tuple(r.get("dice", ())), reach=reach, pierce=pierce, blast=blast,
            surges=_parse_surges(r.get("surges", []), where, refs), tags=tuple(r.get("tags", ())),
            when=when, exhaust=r.get("exhaust", False), discard=r.get("discard", False), effects=effects,
        )
    return out


def equip_problem(items: Iterable[ItemDef]) -> str | None:
    """Why these items cannot all be equipped together (DD-020 to DD-022), or None."""
    chosen = list(items)
    hands = sum(i.hands for i in chosen if i.slot == "hand")
    if hands > EQUIP_LIMITS["hand"]:
        return f"they need {hands} hands (at most {EQUIP_LIMITS['hand']})"
    for slot in ("armor", "other"):
        n = sum(i.slot == slot for i in chosen)
        if n > EQUIP_LIMITS[slot]:
            return f"they hold {n} {slot.title()} items (at most {EQUIP_LIMITS[slot]})"
    return None


# ---- heroes and classes ----------------------------------------------------------------

_STAT = Field((int,), check=positive)
_ATTRIBUTE = Field((int,), check=not_negative)
_HERO_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "archetype": Field((str,)),
    "speed": _STAT, "health": _STAT, "stamina": _STAT,
    "defense": Field((list,), check=list_of_ids),
    "might": _ATTRIBUTE, "knowledge": _ATTRIBUTE, "willpower": _ATTRIBUTE, "awareness": _ATTRIBUTE,
    "ability": Field((dict,)), "feat": Field((dict,)), "short": Field((str,), required=False),
}


def _load_heroes(directory: Path, refs: _Refs) -> dict[str, HeroDef]:
    out: dict[str, HeroDef] = {}
    for r in load_cards(directory / "heroes.toml", lambda r: _HERO_SCHEMA, table="hero"):
        where = f"heroes.toml: hero {r['id']}"
        _check_defense_pool(r["defense"], where, refs)
        out[r["id"]] = HeroDef(
            id=r["id"], name=r["name"], archetype=r["archetype"], speed=r["speed"], health=r["health"],
            stamina=r["stamina"], defense=tuple(r["defense"]), might=r["might"], knowledge=r["knowledge"],
            willpower=r["willpower"], awareness=r["awareness"],
            ability=_ability(r["ability"], f"{where}: ability", ABILITY_MOMENTS, refs),
            feat=_ability(r["feat"], f"{where}: feat", FEAT_MOMENTS, refs), short=r.get("short", ""),
        )
    return out


_CLASS_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "archetype": Field((str,)),
    "equipment": Field((list,), check=list_of_ids), "skill": Field((dict,)),
}
_SKILL_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "text": Field((str,)),
    "use": Field((str,), choices=SKILL_USES), "fatigue": Field((int,), check=not_negative),
    "effects": _EFFECTS,
}


def _load_classes(directory: Path, refs: _Refs, items: Mapping[str, ItemDef],
                  heroes: Mapping[str, HeroDef]) -> dict[str, ClassDef]:
    out: dict[str, ClassDef] = {}
    skills: set[str] = set()
    for r in load_cards(directory / "classes.toml", lambda r: _CLASS_SCHEMA, table="class"):
        where = f"classes.toml: class {r['id']}"
        if any(c.archetype == r["archetype"] for c in out.values()):
            raise ContentError(f"{where}: field 'archetype' is '{r['archetype']}', which another class has")
        for item_id in r["equipment"]:
            if item_id not in items:
                raise ContentError(f"{where}: field 'equipment' names unknown item '{item_id}'")
        problem = equip_problem(items[i] for i in r["equipment"])
        if problem:
            raise ContentError(f"{where}: field 'equipment' cannot all be equipped: {problem}")
        here = f"{where}: skill"
        s = r["skill"]
        check_record(s, _SKILL_SCHEMA, here)
        if s["id"] in skills:
            raise ContentError(f"{here}: id '{s['id']}' is used twice")
        skills.add(s["id"])
        if s["use"] == "passive" and s["fatigue"]:
            raise ContentError(f"{here}: field 'fatigue' must be 0 for a passive skill")
        skill = SkillDef(s["id"], s["name"], s["text"], s["use"], s["fatigue"], _parse_effects(s["effects"], here, refs))
        for effect in skill.effects:
            if effect.verb == "attack" and not any(
                    items[i].attack_type == effect.get("attack_type")
                    and (not effect.has("weapon_tag") or effect.get("weapon_tag") in items[i].tags)
                    for i in r["equipment"]):
                raise ContentError(f"{here}: its attack needs a weapon the starting 'equipment' does not hold")
        out[r["id"]] = ClassDef(r["id"], r["name"], r["archetype"], tuple(r["equipment"]), skill)
    archetypes = {c.archetype for c in out.values()}
    for hero in heroes.values():
        if hero.archetype not in archetypes:
            raise ContentError(f"heroes.toml: hero {hero.id}: field 'archetype' is '{hero.archetype}', "
                               "which no class in classes.toml has")
    return out


# ---- monsters --------------------------------------------------------------------------

_MONSTER_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "rank": Field((str,), choices=RANKS),
    "attack_type": Field((str,), choices=ATTACK_TYPES), "speed": _STAT, "health": _STAT,
    "health_per_hero": Field((int,), required=False, check=not_negative),
    "defense": Field((list,), check=list_of_ids), "dice": Field((list,), check=list_of_ids),
    "keywords": Field((dict,), required=False), "surges": Field((list,), required=False, check=list_of_tables),
    "abilities": Field((list,), required=False, check=list_of_tables), "unique": Field((bool,), required=False),
}
_GROUP_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "master": Field((str,)), "minion": Field((str,)),
    "minions": Field((dict,)),
}
_MONSTER_ABILITY: Schema = {"name": Field((str,)), "text": Field((str,)), "effects": _EFFECTS}


def _load_monsters(directory: Path, refs: _Refs) -> tuple[dict[str, MonsterDef], dict[str, MonsterGroup]]:
    tables = load_tables(directory / "monsters.toml", ("monster", "group"))
    monsters: dict[str, MonsterDef] = {}
    for r in tables["monster"]:
        where = f"monsters.toml: monster {r['id']}"
        check_record(r, _MONSTER_SCHEMA, where)
        _check_attack_pool(r["dice"], where, refs)
        _check_defense_pool(r["defense"], where, refs)
        abilities = []
        for index, a in enumerate(r.get("abilities", []), 1):
            here = f"{where}: ability {index}"
            check_record(a, _MONSTER_ABILITY, here)
            abilities.append(AbilityDef(a["name"], a["text"], "passive", _parse_effects(a["effects"], here, refs)))
        reach, pierce, blast = _keywords(r, where)
        monsters[r["id"]] = MonsterDef(
            id=r["id"], name=r["name"], rank=r["rank"], attack_type=r["attack_type"], speed=r["speed"],
            health=r["health"], health_per_hero=r.get("health_per_hero", 0), defense=tuple(r["defense"]),
            dice=tuple(r["dice"]), reach=reach, pierce=pierce, blast=blast,
            surges=_parse_surges(r.get("surges", []), where, refs), abilities=tuple(abilities),
            unique=r.get("unique", False),
        )
    groups: dict[str, MonsterGroup] = {}
    grouped: dict[str, str] = {}
    for r in tables["group"]:
        where = f"monsters.toml: group {r['id']}"
        check_record(r, _GROUP_SCHEMA, where)
        for rank in RANKS:
            monster = monsters.get(r[rank])
            if monster is None:
                raise ContentError(f"{where}: field '{rank}' names unknown monster '{r[rank]}'")
            if monster.rank != rank:
                raise ContentError(f"{where}: field '{rank}' names '{monster.id}', which is a {monster.rank}")
            if monster.id in grouped:
                raise ContentError(f"{where}: field '{rank}' names '{monster.id}', already in group "
                                   f"'{grouped[monster.id]}'")
            grouped[monster.id] = r["id"]
        sizes = r["minions"]
        if set(sizes) != {str(n) for n in HERO_COUNTS}:
            raise ContentError(f"{where}: field 'minions' must give the minions for exactly "
                               f"{', '.join(map(str, HERO_COUNTS))} heroes")
        for key, value in sizes.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ContentError(f"{where}: field 'minions' for {key} heroes must be a whole number, 0 or more")
        groups[r["id"]] = MonsterGroup(r["id"], r["name"], r["master"], r["minion"],
                                       {int(k): v for k, v in sorted(sizes.items())})
    for monster_id in monsters:
        if monster_id not in grouped:
            raise ContentError(f"monsters.toml: monster {monster_id}: belongs to no group")
    return monsters, groups


# ---- overlord cards --------------------------------------------------------------------

_OVERLORD_SCHEMA: Schema = {
    "id": Field((str,)), "name": Field((str,)), "count": Field((int,), check=positive),
    "timing": Field((str,), choices=tuple(TIMINGS)), "text": Field((str,)), "effects": _EFFECTS,
}


def _load_overlord(directory: Path, refs: _Refs) -> dict[str, OverlordCard]:
    out: dict[str, OverlordCard] = {}
    for r in load_cards(directory / "overlord.toml", lambda r: _OVERLORD_SCHEMA):
        where = f"overlord.toml: card {r['id']}"
        effects = _parse_effects(r["effects"], where, refs)
        if not effects:
            raise ContentError(f"{where}: field 'effects' must not be empty")
        out[r["id"]] = OverlordCard(r["id"], r["name"], r["count"], r["timing"], r["text"], effects)
    return out


# ---- quests ----------------------------------------------------------------------------

# ---- the whole set ---------------------------------------------------------------------

def load_content(directory: Path = CONTENT_DIR) -> DDContent:
    """Load and check every content file in ``directory`` (see checklist 2.10)."""
    refs = _Refs()
    refs.dice = _load_dice(directory)
    conditions = _load_conditions(directory, refs)
    items = _load_items(directory, refs)
    heroes = _load_heroes(directory, refs)
    classes = _load_classes(directory, refs, items, heroes)
    monsters, groups = _load_monsters(directory, refs)
    overlord = _load_overlord(directory, refs)
    quest_files = sorted((directory / "quests").glob("*.toml"))
    if not quest_files:
        raise ContentError("quests/: no quest files")
    known = {"items": items, "monsters": monsters, "groups": groups}
    quests = {}
    for path in quest_files:
        quest = load_quest(path, known)
        quests[quest.id] = quest
    return DDContent(
        dice=refs.dice, heroes=heroes, classes=classes, items=items, monsters=monsters, groups=groups,
        overlord=overlord, conditions=conditions, quests=quests,
    )


@lru_cache(maxsize=1)
def standard_content() -> DDContent:
    """The shipped content, loaded once."""
    return load_content()


def text_of(effects: Iterable[Effect]) -> str:
    """The player-facing sentences of a list of effects."""
    return " ".join(describe(e) for e in effects)


__all__ = [
    "AbilityDef", "AreaDef", "ClassDef", "ConditionDef", "ConditionSide", "CONTENT_DIR", "DDContent", "DieDef",
    "DoorDef", "Effect", "HERO_COUNTS", "HeroDef", "ItemDef", "MOMENTS", "MonsterDef", "MonsterGroup",
    "OFF_MAP", "ObjectiveDef", "OverlordCard", "PlacementDef", "QuestDef", "ReinforcementDef", "SkillDef",
    "SurgeAbility", "TERRAIN_SYMBOLS",
    "equip_problem", "load_content", "standard_content", "text_of",
]
