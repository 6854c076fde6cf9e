"""Buck: Legacy content: races, classes, starting weapons, items, treasures, the Dungeon deck,
the Zone/Boss cards, the Boss Attack table, the spells and the dice (checklist 2.2, plan 2.3).

Loaded once per process (content is immutable) and checked on load: unknown keys are
refused, every ability verb must be in the vocabulary with valid parameters (triggers name
their moment unless nested in a check), equipment names its slot and single-use items do
not, and every damage type, creature type and slot is one the rules know. Every error is a
ContentError naming the file, the record and the field. The counts, ranges and required
kinds of the content plan are checked by the tests (tests/buck_legacy/test_content.py).

Cards are *instances* in a game: a definition id, or ``"<definition>#<n>"`` for a card the
plan prints more than once (``copies``), as everywhere in the kernel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from game.core.cards import (
    Field,
    Schema,
    all_of,
    between,
    check_record,
    definition_id,
    instances,
    load_tables,
    not_negative,
    positive,
)
from game.core.dice import Die
from game.core.effects import Effect as CoreEffect
from game.core.errors import ContentError
from game.rulesets.buck_legacy.vocabulary import (
    CREATURE_TYPES,
    DAMAGE_TYPES,
    DIFFICULTIES,
    MONSTER_VERBS,
    NESTED_PARAMS,
    SLOTS,
    VERBS,
    VOCABULARY,
    describe,
    tag_of,
)

CONTENT_DIR = Path(__file__).parent / "content"
COUNTERS = ("distance", "trophy", "none")
BANDS = ("low", "mid", "high", "elite")
DUNGEON_TYPES = ("monster", "event", "gift", "curse")
SELECTIONS = ("choose", "target", "none")


# ---- definitions ------------------------------------------------------------------------

def _remembered_text(definition: object, write: Callable[[], str]) -> str:
    """A definition's sentence, written when first read and kept beside its fields (it never
    changes; options show it at nearly every question)."""
    fields = definition.__dict__
    text: str | None = fields.get("_text")
    if text is None:
        text = fields["_text"] = write()
    return text


@dataclass(frozen=True)
class Effect(CoreEffect):
    """One ability record (the kernel's effect), with its sentence and its Rule/Ability tag.

    ``kind`` (``static``, ``action`` or ``trigger``, vocabulary.py) and ``tag`` (``rule`` or
    ``ability``, BL-025) are worked out once: the rules read them for every modifier they sum."""

    kind: str = field(init=False, repr=False, compare=False)
    tag: str = field(init=False, repr=False, compare=False)
    conditional: bool = field(init=False, repr=False, compare=False)
    """Whether the modifier holds only against a creature type, with a weapon of a damage type,
    or with or without Flight (stats.applies reads these conditions)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "kind", VERBS[self.verb].kind)
        object.__setattr__(self, "tag", tag_of(self.verb, self.by_key))
        object.__setattr__(self, "conditional", any(k in self.by_key for k in ("creature", "damage", "flying")))

    @property
    def text(self) -> str:
        return _remembered_text(self, lambda: describe(self))


@dataclass(frozen=True)
class Card:
    """Any card: its id, name, which deck it belongs to and its abilities.

    ``deck`` is one of ``character`` (races, classes, starting weapons), ``items``, ``treasure``,
    ``dungeon`` or ``zone`` (BL-029); ``kind`` says what the card is within its deck."""

    id: str
    name: str
    deck: str
    kind: str
    abilities: tuple[Effect, ...] = ()
    flavour: str = ""
    # Derived once from the abilities, as stats.py sums modifiers at nearly every choice: the
    # static modifiers of an Adventurer's record (not of a Monster's, MONSTER_VERBS) by whom they
    # reach (vocabulary.py, ``scope``), the Special Abilities (BL-025) a transmuted top card gains
    # from this one underneath (BL-240), and the verbs the card has.
    adventurer_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    holder_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    aura_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    fighter_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    special_abilities: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    special_holder_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    revealed_statics: tuple[Effect, ...] = field(init=False, repr=False, compare=False)
    reaches: bool = field(init=False, repr=False, compare=False)
    """Whether a modifier of this card reaches beyond its holder (an aura or a fighter's)."""
    verb_names: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mine = tuple(a for a in self.abilities if a.kind == "static" and a.verb not in MONSTER_VERBS)
        holder = tuple(a for a in mine if a.get("scope", "holder") == "holder")
        verb_names = frozenset(a.verb for a in self.abilities)
        # A Dungeon card revealed in front of an Adventurer acts from the reveal, except a Monster
        # and a Gift that waits on a check (BL-082, BL-087, A-32; stats.revealed).
        waits = self.kind == "monster" or (self.kind == "gift" and "check" in verb_names)
        derived = {
            "adventurer_statics": mine,
            "holder_statics": holder,
            "aura_statics": tuple(a for a in mine if a.get("scope") == "all"),
            "fighter_statics": tuple(a for a in mine if a.get("scope") == "fighter"),
            "special_abilities": tuple(a for a in self.abilities if a.tag == "ability"),
            "special_holder_statics": tuple(a for a in holder if a.tag == "ability"),
            "revealed_statics": () if waits else holder,
            "reaches": any(a.get("scope") in ("all", "fighter") for a in mine),
            "verb_names": verb_names,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def verbs(self, verb: str) -> tuple[Effect, ...]:
        return tuple(a for a in self.abilities if a.verb == verb)

    def has(self, verb: str) -> bool:
        return verb in self.verb_names

    def total(self, verb: str) -> int:
        """The sum of ``amount`` over this card's ``verb`` abilities (an unconditional bonus)."""
        return sum(int(a.get("amount", 0)) for a in self.abilities if a.verb == verb)

    @property
    def text(self) -> str:
        return _remembered_text(self, lambda: " ".join(a.text for a in self.abilities))


@dataclass(frozen=True)
class Character(Card):
    """A Race or Class card (kind ``race`` / ``class``): its Combat Strength and, for a Class,
    the class keyword rules check (Cleric-only spells, Transmutation: AK-33)."""

    cs: int = 0
    keyword: str = ""


@dataclass(frozen=True)
class Gear(Card):
    """A card that can sit in a backpack or a slot: a starting weapon, an Item or a Treasure.

    ``kind`` is ``equipment`` or ``single_use`` (BL-071); ``slot`` is empty for single-use
    cards. ``cs`` and ``protection`` are the printed feature values; ``types`` the damage
    types a weapon deals (BL-120). ``cost`` is the shop price (Items only), ``sale`` what
    selling pays (Items and Treasures; 0 for a starting weapon, which cannot be sold)."""

    slot: str = ""
    large: bool = False
    cost: int = 0
    sale: int = 0
    cs: int = 0
    protection: int = 0
    types: tuple[str, ...] = ()

    @property
    def is_starting_weapon(self) -> bool:
        return self.deck == "character"

    @property
    def kinetic(self) -> bool:
        """A kinetic weapon deals Instant Damage (AK-13)."""
        return self.slot == "weapon" and self.has("instant_damage")


@dataclass(frozen=True)
class DungeonCard(Card):
    """A Dungeon card (kind ``monster``, ``event``, ``gift`` or ``curse``; 2.2).

    Monsters: ``level`` (unmodified), ``escape`` (N+), ``loot``, ``hp`` (0: one win defeats
    it), ``creature`` (secondary type), resistances and vulnerabilities, and the ``band`` of
    the content plan. Every card may carry a ``counter`` (Distance or Trophy; Gifts and Curses
    never do, BL-100). ``trap`` marks an Event that is a Trap, ``companion`` a Gift that is a
    Companion (2.2)."""

    counter: str = "none"
    level: int = 0
    escape: int = 0
    loot: int = 0
    hp: int = 0
    creature: str = ""
    band: str = ""
    resist: tuple[str, ...] = ()
    vulnerable: tuple[str, ...] = ()
    trap: bool = False
    companion: bool = False


@dataclass(frozen=True)
class Boss:
    """The Dungeon Boss side of a purple card (BL-164)."""

    name: str
    level: int
    hp: int
    escape: int
    creature: str
    resist: tuple[str, ...]
    vulnerable: tuple[str, ...]
    special: tuple[Effect, ...]
    flavour: str = ""

    @property
    def heal_on_six(self) -> int:
        """The HP its Special Ability heals on a red 6 (0 for a Boss that does not heal, A-55)."""
        return sum(int(effect.get("amount", 1)) for effect in self.special if effect.verb == "boss_heal")


@dataclass(frozen=True)
class Zone(Card):
    """A purple card, Zone side (BL-160 to BL-163): its difficulty, Distance threshold, Loot
    and Level modifiers and special rule (``abilities``), and its Boss side."""

    difficulty: str = "starting"
    distance: int = 0
    loot_mod: int = 0
    level_mod: int = 0
    boss: Boss | None = None


@dataclass(frozen=True)
class Spell:
    """One of the fifteen spells (BL-212 to BL-226). Spells are not cards (BL-205): this is
    their printed level, Mana cost, limits and how they select (BL-024); what each does is
    the rules' (spells.py), by id."""

    id: str
    name: str
    level: int
    mana: int
    text: str
    selection: str = "none"
    cleric_only: bool = False
    combat_only: bool = False
    once_per_phase: bool = False


@dataclass(frozen=True)
class BossAttack:
    """One line of the Boss Attack table (BL-182 to BL-187): the red die's face and its result."""

    face: int
    name: str
    text: str
    rule: str


@dataclass(frozen=True)
class DieLook:
    """A die's role and look: ``role`` is what the rules roll it for (BL-037)."""

    die: Die
    role: str
    colour: str
    pips: str


@dataclass(frozen=True)
class BLContent:
    """Everything a game of Buck: Legacy is played with."""

    races: Mapping[str, Character]
    classes: Mapping[str, Character]
    starting_weapons: Mapping[str, Gear]
    items: Mapping[str, Gear]
    treasures: Mapping[str, Gear]
    dungeon: Mapping[str, DungeonCard]
    zones: Mapping[str, Zone]
    spells: Mapping[str, Spell]
    boss_attacks: Mapping[int, BossAttack]
    dice: Mapping[str, DieLook]
    copies: Mapping[str, int] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    # The definition of each card instance looked up so far (by card and by dungeon_card): the
    # rules ask for one many times a choice, and an instance always names the same definition.
    instance_cards: dict[str, Card] = field(init=False, compare=False, hash=False, repr=False)
    dungeon_instances: dict[str, DungeonCard] = field(init=False, compare=False, hash=False, repr=False)
    cheapest_spell: int = field(init=False, compare=False, hash=False, repr=False)
    """The Mana of the cheapest spell: with less, nobody casts anything (BL-203)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "instance_cards", {})
        object.__setattr__(self, "dungeon_instances", {})
        object.__setattr__(self, "cheapest_spell", min((s.mana for s in self.spells.values()), default=0))

    def card(self, instance: str) -> Card:
        """The definition of a card instance, whichever deck it belongs to."""
        found = self.instance_cards.get(instance)
        if found is None:
            found = self.instance_cards[instance] = self._find(instance)
        return found

    def _find(self, instance: str) -> Card:
        def_id = definition_id(instance)
        for table in (self.items, self.treasures, self.dungeon, self.starting_weapons, self.races, self.classes,
                      self.zones):
            found = table.get(def_id)
            if found is not None:
                return found
        raise ContentError(f"no card '{instance}'")

    def gear(self, instance: str) -> Gear:
        found = self.card(instance)
        if not isinstance(found, Gear):
            raise ContentError(f"'{instance}' is not an item, treasure or weapon")
        return found

    def dungeon_card(self, instance: str) -> DungeonCard:
        found = self.dungeon_instances.get(instance)
        if found is None:
            found = self.dungeon_instances[instance] = self.dungeon[definition_id(instance)]
        return found

    def deck(self, table: Mapping[str, Card]) -> list[str]:
        """The instance ids of every card of ``table``, ``copies`` of each (plan 2.3)."""
        return instances(table, self.copies)


# ---- schemas ------------------------------------------------------------------------------

_ABILITIES = Field((list,), required=False)
_FLAVOUR = Field((str,), required=False)
_COPIES = Field((int,), required=False, check=positive)
_TYPES = Field((list,), required=False, check=all_of(DAMAGE_TYPES))
_BASE: Schema = {"id": Field((str,)), "name": Field((str,)), "abilities": _ABILITIES, "flavour": _FLAVOUR}

CHARACTER: Schema = {**_BASE, "cs": Field((int,), check=between(0, 2)), "keyword": Field((str,), required=False)}
GEAR: Schema = {
    **_BASE, "kind": Field((str,), choices=("equipment", "single_use")),
    "slot": Field((str,), required=False, choices=SLOTS), "large": Field((bool,), required=False),
    "cost": Field((int,), required=False, check=not_negative), "sale": Field((int,), required=False, check=not_negative),
    "cs": Field((int,), required=False), "protection": Field((int,), required=False, check=not_negative),
    "types": _TYPES, "copies": _COPIES,
}
STARTING_WEAPON: Schema = {**_BASE, "cs": Field((int,), check=between(1, 2)), "types": _TYPES}
MONSTER: Schema = {
    **_BASE, "band": Field((str,), choices=BANDS), "level": Field((int,), check=not_negative),
    "escape": Field((int,), check=between(1, 6)), "loot": Field((int,), check=not_negative),
    "counter": Field((str,), choices=COUNTERS), "hp": Field((int,), required=False, check=positive),
    "creature": Field((str,), choices=CREATURE_TYPES), "resist": _TYPES, "vulnerable": _TYPES, "copies": _COPIES,
}
EVENT: Schema = {**_BASE, "counter": Field((str,), required=False, choices=COUNTERS),
                 "trap": Field((bool,), required=False), "copies": _COPIES}
GIFT: Schema = {**_BASE, "companion": Field((bool,), required=False), "copies": _COPIES}
CURSE: Schema = {**_BASE, "copies": _COPIES}
BOSS: Schema = {
    "name": Field((str,)), "level": Field((int,), check=positive), "hp": Field((int,), check=positive),
    "escape": Field((int,), check=between(1, 6)), "creature": Field((str,), required=False, choices=CREATURE_TYPES),
    "resist": _TYPES, "vulnerable": _TYPES, "special": Field((list,)), "flavour": _FLAVOUR,
}
ZONE: Schema = {
    **_BASE, "difficulty": Field((str,), choices=DIFFICULTIES), "distance": Field((int,), check=positive),
    "loot_mod": Field((int,), check=not_negative), "level_mod": Field((int,), check=not_negative),
    "boss": Field((dict,)),
}
SPELL: Schema = {
    "id": Field((str,)), "name": Field((str,)), "level": Field((int,), check=between(1, 3)),
    "mana": Field((int,), check=positive), "text": Field((str,)),
    "selection": Field((str,), required=False, choices=SELECTIONS), "cleric_only": Field((bool,), required=False),
    "combat_only": Field((bool,), required=False), "once_per_phase": Field((bool,), required=False),
}
BOSS_ATTACK: Schema = {"id": Field((str,)), "face": Field((int,), check=between(1, 6)), "name": Field((str,)),
                       "text": Field((str,)), "rule": Field((str,))}
DIE: Schema = {"id": Field((str,)), "name": Field((str,)), "role": Field((str,)), "colour": Field((str,)),
               "pips": Field((str,))}


# ---- reading ------------------------------------------------------------------------------

def _abilities(raw: Any, where: str) -> tuple[Effect, ...]:
    """Read an ability list: a trigger names its moment (``when``), except one nested in a
    check's ``on_pass`` / ``on_fail``, which happens with the check."""
    effects: tuple[Effect, ...] = VOCABULARY.read(  # type: ignore[assignment]  # built with make=Effect
        raw if raw is not None else [], where, make=Effect)
    for index, effect in enumerate(effects, 1):
        here = f"{where}: effect {index} ({effect.verb})"
        if effect.kind == "trigger" and not effect.has("when"):
            raise ContentError(f"{here}: a trigger needs 'when'")
        for nested in NESTED_PARAMS:
            for inner in effect.get(nested, ()):
                if inner.has("when"):
                    raise ContentError(f"{here}: an effect in '{nested}' happens with the check and takes no 'when'")
    return effects


def _records(path: Path, tables: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, list[dict[str, Any]]]:
    data = load_tables(path, tables, optional=optional)
    ids: dict[str, str] = {}
    for table in tables + optional:
        for record in data.get(table, []):
            card_id = record.get("id")
            if isinstance(card_id, str) and card_id in ids:
                raise ContentError(f"{path.name}: id '{card_id}' is used by a {ids[card_id]} and a {table}")
            if isinstance(card_id, str):
                ids[card_id] = table
    return {t: data.get(t, []) for t in tables + optional}


def _load_characters(directory: Path) -> tuple[dict[str, Character], dict[str, Character], dict[str, Gear]]:
    path = directory / "characters.toml"
    data = _records(path, ("race", "class", "starting_weapon"))
    races: dict[str, Character] = {}
    classes: dict[str, Character] = {}
    weapons: dict[str, Gear] = {}
    for table, out in (("race", races), ("class", classes)):
        for r in data[table]:
            where = f"{path.name}: {table} {r['id']}"
            check_record(r, CHARACTER, where)
            out[r["id"]] = Character(r["id"], r["name"], "character", table, _abilities(r.get("abilities"), where),
                                     r.get("flavour", ""), cs=r["cs"], keyword=r.get("keyword", ""))
    for r in data["starting_weapon"]:
        where = f"{path.name}: starting_weapon {r['id']}"
        check_record(r, STARTING_WEAPON, where)
        weapons[r["id"]] = Gear(r["id"], r["name"], "character", "equipment", _abilities(r.get("abilities"), where),
                                r.get("flavour", ""), slot="weapon", cs=r["cs"], types=tuple(r.get("types", ())))
    return races, classes, weapons


def _gear(r: dict[str, Any], deck: str, where: str) -> Gear:
    check_record(r, GEAR, where)
    kind = r["kind"]
    if kind == "equipment" and "slot" not in r:
        raise ContentError(f"{where}: equipment needs a 'slot'")
    if kind == "single_use" and ("slot" in r or r.get("large")):
        raise ContentError(f"{where}: a single-use card has no slot and is never Large")
    if r.get("types") and r.get("slot") != "weapon":
        raise ContentError(f"{where}: only a weapon deals damage types")
    if deck == "items" and "cost" not in r:
        raise ContentError(f"{where}: an Item needs its purchase 'cost'")
    if deck == "treasure" and "cost" in r:
        raise ContentError(f"{where}: a Treasure is never bought, so it has no 'cost'")
    if "sale" not in r:
        raise ContentError(f"{where}: missing field 'sale'")
    return Gear(r["id"], r["name"], deck, kind, _abilities(r.get("abilities"), where), r.get("flavour", ""),
                slot=r.get("slot", ""), large=r.get("large", False), cost=r.get("cost", 0), sale=r["sale"],
                cs=r.get("cs", 0), protection=r.get("protection", 0), types=tuple(r.get("types", ())))


def _load_gear(directory: Path, name: str, table: str, deck: str, copies: dict[str, int]) -> dict[str, Gear]:
    path = directory / name
    out = {}
    for r in _records(path, (table,))[table]:
        out[r["id"]] = _gear(r, deck, f"{path.name}: {table} {r['id']}")
        if "copies" in r:
            copies[r["id"]] = r["copies"]
    return out


def _load_dungeon(directory: Path, copies: dict[str, int]) -> dict[str, DungeonCard]:
    path = directory / "dungeon.toml"
    data = _records(path, DUNGEON_TYPES)
    schemas = {"monster": MONSTER, "event": EVENT, "gift": GIFT, "curse": CURSE}
    out: dict[str, DungeonCard] = {}
    for kind in DUNGEON_TYPES:
        for r in data[kind]:
            where = f"{path.name}: {kind} {r['id']}"
            check_record(r, schemas[kind], where)
            if "copies" in r:
                copies[r["id"]] = r["copies"]
            out[r["id"]] = DungeonCard(
                r["id"], r["name"], "dungeon", kind, _abilities(r.get("abilities"), where), r.get("flavour", ""),
                counter=r.get("counter", "none"), level=r.get("level", 0), escape=r.get("escape", 0),
                loot=r.get("loot", 0), hp=r.get("hp", 0), creature=r.get("creature", ""), band=r.get("band", ""),
                resist=tuple(r.get("resist", ())), vulnerable=tuple(r.get("vulnerable", ())),
                trap=r.get("trap", False), companion=r.get("companion", False))
    return out


def _load_zones(directory: Path) -> tuple[dict[str, Zone], dict[int, BossAttack]]:
    path = directory / "zones.toml"
    data = _records(path, ("zone", "boss_attack"))
    zones = {}
    for r in data["zone"]:
        where = f"{path.name}: zone {r['id']}"
        check_record(r, ZONE, where)
        b = r["boss"]
        check_record(b, BOSS, f"{where}: boss")
        boss = Boss(b["name"], b["level"], b["hp"], b["escape"], b.get("creature", ""), tuple(b.get("resist", ())),
                    tuple(b.get("vulnerable", ())), _abilities(b["special"], f"{where}: boss special"),
                    b.get("flavour", ""))
        zones[r["id"]] = Zone(r["id"], r["name"], "zone", "zone", _abilities(r.get("abilities"), where),
                              r.get("flavour", ""), difficulty=r["difficulty"], distance=r["distance"],
                              loot_mod=r["loot_mod"], level_mod=r["level_mod"], boss=boss)
    attacks = {}
    for r in data["boss_attack"]:
        check_record(r, BOSS_ATTACK, f"{path.name}: boss_attack {r['id']}")
        if r["face"] in attacks:
            raise ContentError(f"{path.name}: boss_attack {r['id']}: face {r['face']} is listed twice")
        attacks[r["face"]] = BossAttack(r["face"], r["name"], r["text"], r["rule"])
    if sorted(attacks) != list(range(1, 7)):
        raise ContentError(f"{path.name}: the Boss Attack table needs one line for each face 1 to 6")
    return zones, attacks


def _load_spells(directory: Path) -> dict[str, Spell]:
    path = directory / "spells.toml"
    out = {}
    for r in _records(path, ("spell",))["spell"]:
        check_record(r, SPELL, f"{path.name}: spell {r['id']}")
        out[r["id"]] = Spell(r["id"], r["name"], r["level"], r["mana"], r["text"], r.get("selection", "none"),
                             r.get("cleric_only", False), r.get("combat_only", False), r.get("once_per_phase", False))
    return out


def _load_dice(directory: Path) -> dict[str, DieLook]:
    path = directory / "dice.toml"
    out = {}
    for r in _records(path, ("die",))["die"]:
        check_record(r, DIE, f"{path.name}: die {r['id']}")
        die = Die.from_faces(r["id"], r["name"], ({"pips": n} for n in range(1, 7)))
        out[r["id"]] = DieLook(die, r["role"], r["colour"], r["pips"])
    return out


def load_content(directory: Path = CONTENT_DIR) -> BLContent:
    copies: dict[str, int] = {}
    races, classes, weapons = _load_characters(directory)
    items = _load_gear(directory, "items.toml", "item", "items", copies)
    treasures = _load_gear(directory, "treasures.toml", "treasure", "treasure", copies)
    dungeon = _load_dungeon(directory, copies)
    zones, attacks = _load_zones(directory)
    all_ids: dict[str, str] = {}
    for name, table in (("race", races), ("class", classes), ("starting weapon", weapons), ("item", items),
                        ("treasure", treasures), ("dungeon card", dungeon), ("zone", zones)):
        for card_id in table:
            if card_id in all_ids:
                raise ContentError(f"the id '{card_id}' names both a {all_ids[card_id]} and a {name}")
            all_ids[card_id] = name
    return BLContent(races, classes, weapons, items, treasures, dungeon, zones, _load_spells(directory), attacks,
                     _load_dice(directory), copies)


@lru_cache(maxsize=1)
def standard_content() -> BLContent:
    """The shipped content, loaded once per process."""
    return load_content()


def abilities_text(effects: Iterable[Effect]) -> str:
    return " ".join(e.text for e in effects)
