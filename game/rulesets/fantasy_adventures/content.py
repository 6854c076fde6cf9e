"""Fantasy Adventures content: the card pool of heroes, monsters, traps, items and spells
(checklist 2.2, content plan 2.7).

Loaded once per process (content is immutable) and checked on load: unknown keys are refused
(so a monster with a Support Value, an orb or the trap icon is refused, FA-008), every ability
verb must be in the vocabulary with valid parameters, and each card type may carry only the
abilities its rules allow (``_check_ability``): Ranged attacks only on heroes and items,
"join an attack" only as a monster's anytime ability, trap targets only on traps, targets in
other parties only for anytime abilities and spells (FA-134, FA-156), OR only between two
abilities of one type (FA-212, FA-213). Names are checked against the rules that read them: a
trap's name says "Trap" and no other card's does (FA-011), a monster whose name holds a group
word belongs to that group (FA-010, FA-227), and an item's class nouns stand in its name as
whole words and no other class noun does (FA-172). Every error is a ContentError naming the
file, the record and the field. The counts and kinds of the content plan are checked by the
tests (tests/fantasy_adventures/test_content.py).

The starter deck (which cards, how many copies) is a deck file, content/starter_deck.json,
read by decks.py. In a game every copy is an owner-qualified instance (decks.deck_instances).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, TypeVar

from game.core.cards import (
    Field,
    Schema,
    all_of,
    check_record,
    definition_id,
    list_of_ids,
    load_tables,
    not_negative,
    positive,
)
from game.core.effects import Effect
from game.core.errors import ContentError
from game.core.words import a_or_an
from game.rulesets.fantasy_adventures.vocabulary import (
    AK_OF,
    ANY_PARTY_TARGETS,
    ARMOR_SAVE_CLASSES,
    ELEMENTS,
    ITEM_GROUPS,
    MONSTER_GROUPS,
    TRAP_TARGETS,
    VERBS,
    VOCABULARY,
    ability_type,
    describe,
)

CONTENT_DIR = Path(__file__).parent / "content"
C = TypeVar("C", bound="Card")
T = TypeVar("T")
SPELL_TYPES = ("protection", "offensive", "anytime")
"""Broken orb, complete orb, and text beginning "Anytime:" (FA-013)."""
CARD_TYPES = ("hero", "monster", "trap", "item", "spell")
ENCOUNTER_TYPES = ("monster", "trap", "item", "spell")
"""The card types of the Encounter deck (FA-001); the Hero deck holds heroes only."""


# ---- definitions ------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """Any card: its id, name, GP Value (FA-007), uniqueness (the cup, FA-005) and abilities."""

    id: str
    name: str
    gp: int
    unique: bool = False
    abilities: tuple[Effect, ...] = ()
    flavour: str = ""

    kind = "card"

    @property
    def holder(self) -> str:
        """Whose voice the card's text is written in (vocabulary.HOLDERS)."""
        return self.kind

    @property
    def deck(self) -> str:
        """``hero`` or ``encounter``: the deck this card belongs in (FA-001)."""
        return "hero" if self.kind == "hero" else "encounter"

    def keywords(self) -> tuple[str, ...]:
        """The card's keyword lines, printed before its abilities (bold groups, markers)."""
        return ()

    def restrictions(self) -> tuple[str, ...]:
        """Lair only, Wandering only, Multiplayer only: printed after the abilities, so that an
        anytime text still begins "Anytime:" (FA-013, FA-151)."""
        flags = (("lair_only", "Lair only."), ("wandering_only", "Wandering only."),
                 ("multiplayer_only", "Multiplayer only."))
        return tuple(text for flag, text in flags if getattr(self, flag, False))

    @property
    def texts(self) -> tuple[str, ...]:
        """Every line of the card's text box, generated from its structured abilities."""
        return self.keywords() + tuple(describe(a, self.holder) for a in self.abilities) + self.restrictions()

    @property
    def text(self) -> str:
        return " ".join(self.texts)

    def all_abilities(self) -> Iterator[Effect]:
        """Every ability, and every ability nested in a pair or given by a grant."""
        return flatten(self.abilities)

    def has(self, verb: str) -> bool:
        return any(a.verb == verb for a in self.all_abilities())


@dataclass(frozen=True)
class Hero(Card):
    """A hero (FA-002 to FA-005): Melee and Support Values, the spell-casting orb (its element,
    or "" without one), the trap icon, and groups (none in the starter deck)."""

    element: str = "fire"
    melee: int = 0
    support: int = 0
    orb: str = ""
    trap: bool = False
    groups: tuple[str, ...] = ()

    kind = "hero"

    @property
    def flying(self) -> bool:
        return self.has("flying")

    @property
    def caster(self) -> bool:
        return bool(self.orb)


@dataclass(frozen=True)
class Monster(Card):
    """A monster (FA-008, FA-010): element, Melee Value, groups (undead, demon, devil; by name or
    as a bold tag), and the Lair only / Wandering only restrictions (FA-207, FA-232)."""

    element: str = "fire"
    melee: int = 0
    groups: tuple[str, ...] = ()
    lair_only: bool = False
    wandering_only: bool = False

    kind = "monster"

    @property
    def flying(self) -> bool:
        return self.has("flying")

    @property
    def undead(self) -> bool:
        return "undead" in self.groups

    @property
    def bold_groups(self) -> tuple[str, ...]:
        """The groups its name does not show: the card prints them in bold (FA-010)."""
        return tuple(g for g in self.groups if not has_word(self.name, g))

    def keywords(self) -> tuple[str, ...]:
        return (", ".join(g.title() for g in self.bold_groups) + ".",) if self.bold_groups else ()


@dataclass(frozen=True)
class Trap(Card):
    """A trap (FA-011): its abilities are what happens when it is set off."""

    kind = "trap"


@dataclass(frozen=True)
class Item(Card):
    """An item (FA-012, FA-166 to FA-175): its class nouns (the nouns of its name, FA-172) and
    the groups those classes belong to (FA-173)."""

    classes: tuple[str, ...] = ()

    kind = "item"

    @property
    def item_groups(self) -> tuple[str, ...]:
        """The ids of the item groups its classes belong to (vocabulary.ITEM_GROUPS)."""
        return tuple(g for g, (_, nouns) in ITEM_GROUPS.items() if any(c in nouns for c in self.classes))

    @property
    def scroll(self) -> bool:
        """Scrolls are discarded after use and do not flip their owner (FA-171, AK-22)."""
        return "scroll" in self.classes

    @property
    def ranged(self) -> bool:
        return self.has("ranged")

    @property
    def armor_save(self) -> bool:
        """Whether it gives its owner an armor save, printed or not (FA-215, FA-233)."""
        return any(c in ARMOR_SAVE_CLASSES for c in self.classes)

    def keywords(self) -> tuple[str, ...]:
        return ("Scroll: discarded after use; using it does not flip its owner.",) if self.scroll else ()


@dataclass(frozen=True)
class Spell(Card):
    """A spell (FA-013): element, type (protection, offensive, anytime) and restrictions."""

    element: str = "fire"
    type: str = "protection"
    lair_only: bool = False
    wandering_only: bool = False
    multiplayer_only: bool = False

    kind = "spell"

    @property
    def holder(self) -> str:
        return f"{self.type} spell"

    def keywords(self) -> tuple[str, ...]:
        """The orb marker of a protection or offensive spell, in words; an anytime spell's
        text says "Anytime:" itself (FA-013)."""
        return () if self.type == "anytime" else (f"{self.type.title()} spell.",)


@dataclass(frozen=True)
class FAContent:
    """The card pool of Fantasy Adventures, by card type and definition id."""

    heroes: Mapping[str, Hero]
    monsters: Mapping[str, Monster]
    traps: Mapping[str, Trap]
    items: Mapping[str, Item]
    spells: Mapping[str, Spell]
    # Every id already looked up, with its definition: the rules read cards at nearly every
    # step, and the content never changes once loaded.
    _found: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)
    _per_card: dict[str, "PerCard[Any]"] = field(default_factory=dict, init=False, repr=False, compare=False)
    _memos: dict[str, dict[Any, Any]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def tables(self) -> tuple[Mapping[str, Card], ...]:
        return (self.heroes, self.monsters, self.traps, self.items, self.spells)

    def find(self, card_id: str) -> Card | None:
        """The definition of a definition id or a card instance id, or None."""
        found = self._found.get(card_id)
        if found is not None:
            return found
        def_id = definition_id(card_id)
        for table in self.tables():
            found = table.get(def_id)
            if found is not None:
                self._found[card_id] = found
                return found
        return None

    def card(self, card_id: str) -> Card:
        found = self._found.get(card_id) or self.find(card_id)
        if found is None:
            raise ContentError(f"no card '{card_id}'")
        return found

    def per_card(self, name: str, derive: Callable[[Card | None], T]) -> "PerCard[T]":
        """The table ``name`` of what ``derive`` makes of each card's definition, by card id (a
        definition or an instance id), each worked out the first time it is read: the rules
        ask the same of the same cards at nearly every window. ``None`` (an open position)
        reads as ``derive``'s answer for no card at all: ``None`` is passed on to it."""
        table = self._per_card.get(name)
        if table is None:
            table = self._per_card[name] = PerCard(self, derive)
        return table

    def memo(self, name: str) -> dict[Any, Any]:
        """The table ``name`` in which the rules keep what they work out from this content alone
        (the same cards give the same answer in every game), such as the options that move a
        hero: filled by its readers, never emptied."""
        return self._memos.setdefault(name, {})

    def pool(self) -> Iterator[Card]:
        """Every card definition, heroes first."""
        for table in self.tables():
            yield from table.values()


class PerCard(dict[Any, T]):
    """A card id -> what a function makes of its definition, filled on first reading
    (:meth:`FAContent.per_card`); ``None`` maps to the function's answer for ``None``."""

    def __init__(self, content: FAContent, derive: Callable[[Card | None], T]) -> None:
        super().__init__()
        self.content = content
        self.derive = derive

    def __missing__(self, card_id: str | None) -> T:
        value = self.derive(None if card_id is None else self.content.card(card_id))
        self[card_id] = value
        return value


# ---- the ability kinds a card exercises -------------------------------------------------

def flatten(abilities: Any) -> Iterator[Effect]:
    """Every ability of a list, then the ones nested in each pair or grant."""
    for a in abilities:
        yield a
        for nested in ("abilities", "gives"):
            yield from flatten(a.get(nested, ()))


def ability_kinds(abilities: Any) -> set[str]:
    """The ability kinds of the catalogue (2.7.7) that these abilities write, pairs and grants
    opened up (what a card type adds, such as a scroll or an undead monster, aside)."""
    kinds = set()
    for a in flatten(abilities):
        if a.verb in AK_OF:
            kinds.add(AK_OF[a.verb])
        if a.verb == "current_melee" and a.get("amount") < 0:
            kinds.add("AK-08b")
        if a.get("multiplayer"):
            kinds.add("AK-19")
    return kinds


def kinds_on(card: Card) -> frozenset[str]:
    """The ability kinds of the catalogue (2.7.7) that ``card`` exercises."""
    kinds = ability_kinds(card.abilities)
    top_types = {ability_type(a, card.holder) for a in flatten(card.abilities)}
    if isinstance(card, Monster):
        kinds |= {"AK-15"} if card.undead else set()
        kinds |= {"AK-16"} if set(card.groups) - {"undead"} else set()
        if "anytime" in top_types and not card.has("join"):
            kinds.add("AK-26")
    if isinstance(card, Item):
        kinds |= {"AK-22"} if card.scroll else set()
        kinds |= {"AK-27"} if "anytime" in top_types else set()
    if isinstance(card, (Monster, Spell)):
        kinds |= {"AK-17"} if card.lair_only else set()
        kinds |= {"AK-18"} if card.wandering_only else set()
    if isinstance(card, Spell) and card.multiplayer_only:
        kinds.add("AK-19")
    return frozenset(kinds)


# ---- schemas ------------------------------------------------------------------------------

_FLAG = Field((bool,), required=False)
_ELEMENT = Field((str,), choices=ELEMENTS)
_BASE: Schema = {
    "id": Field((str,)), "name": Field((str,)), "gp": Field((int,), check=positive), "unique": _FLAG,
    "abilities": Field((list,), required=False), "flavour": Field((str,), required=False),
}
HERO: Schema = {**_BASE, "element": _ELEMENT, "melee": Field((int,), check=not_negative),
                "support": Field((int,), required=False, check=not_negative),
                "orb": Field((str,), required=False, choices=ELEMENTS), "trap": _FLAG,
                "groups": Field((list,), required=False, check=list_of_ids)}
MONSTER: Schema = {**_BASE, "element": _ELEMENT, "melee": Field((int,), check=not_negative),
                   "groups": Field((list,), required=False, check=all_of(MONSTER_GROUPS)),
                   "lair_only": _FLAG, "wandering_only": _FLAG}
TRAP: Schema = {**_BASE, "abilities": Field((list,))}
ITEM: Schema = {**_BASE, "classes": Field((list,), check=list_of_ids)}
SPELL: Schema = {**_BASE, "abilities": Field((list,)), "element": _ELEMENT,
                 "type": Field((str,), choices=SPELL_TYPES), "lair_only": _FLAG, "wandering_only": _FLAG,
                 "multiplayer_only": _FLAG}
SCHEMAS: dict[str, Schema] = {"hero": HERO, "monster": MONSTER, "trap": TRAP, "item": ITEM, "spell": SPELL}
FILES = {"hero": "heroes.toml", "monster": "monsters.toml", "trap": "traps.toml", "item": "items.toml",
         "spell": "spells.toml"}


# ---- names ----------------------------------------------------------------------------------

def has_word(name: str, word: str) -> bool:
    """Whether ``word`` stands in ``name`` as a whole word, any case ("crossbow" holds no "bow")."""
    return re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", name, re.IGNORECASE) is not None


CLASS_NOUNS = frozenset(n for _, nouns in ITEM_GROUPS.values() for n in nouns) | {"shield", "ring", "scroll"}
"""Every class noun the rules or the starter deck name (FA-172, FA-173)."""


def _check_name(card: Card, where: str) -> None:
    if not card.name.strip():
        raise ContentError(f"{where}: field 'name' must not be empty")
    if has_word(card.name, "trap") != isinstance(card, Trap):
        raise ContentError(f"{where}: field 'name' must hold the word 'Trap' exactly when the card is a trap "
                           "(FA-011)")
    if isinstance(card, Monster):
        for group in MONSTER_GROUPS:
            if (has_word(card.name, group) or has_word(card.name, group + "s")) and group not in card.groups:
                raise ContentError(f"{where}: field 'groups' must hold '{group}': the name says so (FA-010)")
        if card.lair_only and card.wandering_only:
            raise ContentError(f"{where}: a card is Lair only or Wandering only, not both")
    if isinstance(card, Item):
        if not card.classes:
            raise ContentError(f"{where}: field 'classes' must name the item's class noun (FA-172)")
        for noun in card.classes:
            if not has_word(card.name, noun):
                raise ContentError(f"{where}: field 'classes' has '{noun[:30]}', which is not a word of the name "
                                   "(FA-172)")
        for noun in CLASS_NOUNS - set(card.classes):
            if has_word(card.name, noun):
                raise ContentError(f"{where}: field 'classes' must list '{noun}': it is a class noun in the name "
                                   "(FA-172)")
    if isinstance(card, Spell) and card.lair_only and card.wandering_only:
        raise ContentError(f"{where}: a card is Lair only or Wandering only, not both")


# ---- abilities: what each card type may carry -------------------------------------------

AUTOMATIC_ON = {
    "hero": ("melee", "melee_vs", "leadership", "save", "save_bonus", "immune", "flying", "roll_bonus",
             "first_spell_free"),
    "monster": ("melee", "melee_vs", "leadership", "save", "immune", "flying", "opponent_penalty", "roll_bonus"),
    "item": ("melee", "melee_vs", "armor_save", "save", "save_bonus", "immune", "flying", "roll_bonus"),
    "trap": ("opponent_penalty",),
}
"""The automatic verbs each card type may print (a spell's effects are active, FA-014)."""
GIFTS = ("melee", "melee_vs", "save", "save_bonus", "immune", "flying", "roll_bonus")
"""What a grant may give a hero or a party until the end of the Encounter."""
SPELL_EFFECTS = ("heal", "current_melee", "fear", "defeat", "summon_hero", "grant")
TRAP_EFFECTS = ("defeat", "fear", "lose_item", "summon_monster", "opponent_penalty")


def _check_ability(a: Effect, card: Card, where: str, *, in_pair: bool = False) -> None:
    """Refuse an ability ``card``'s type cannot carry (see the module text)."""
    here = f"{where}: ability ({a.verb})"
    kind = VERBS[a.verb].kind
    holder = card.kind
    target = a.get("target")

    def refuse(problem: str) -> None:
        raise ContentError(f"{here}: {problem}")

    if kind == "pair":
        if in_pair:
            refuse("a pair cannot hold another pair")
        first, second = (ability_type(x, card.holder) for x in a.get("abilities"))
        if a.verb == "or" and (first != second or first not in ("automatic", "normal")):
            refuse("OR joins two automatic or two normal abilities (FA-212, FA-213)")
        for inner in a.get("abilities"):
            _check_ability(inner, card, where, in_pair=True)
        if a.get("abilities")[0].get("same_target"):
            refuse("'same_target' belongs to the second half of a pair")
        return
    if a.get("same_target") and not in_pair:
        refuse("'same_target' (\"that hero\") is only for the second half of a pair")
    if holder in ("spell", "trap") and a.has("timing"):
        refuse(f"a {holder}'s effects take no 'timing' (a spell's type says when it is cast, FA-013)")
    if holder == "spell":
        if a.verb not in SPELL_EFFECTS:
            refuse(f"a spell cannot have this effect; allowed: {', '.join(SPELL_EFFECTS)}")
        if isinstance(card, Spell) and card.type != "anytime" and (
                target in ANY_PARTY_TARGETS or a.verb == "current_melee"):
            refuse("only anytime spells reach other parties (FA-134)")
        if target in ("hero_attacked", "self"):
            refuse("a spell is cast by a hero on heroes or on monsters, not on itself")
    elif holder == "trap":
        if a.verb not in TRAP_EFFECTS:
            refuse(f"a trap cannot have this effect; allowed: {', '.join(TRAP_EFFECTS)}")
        if a.verb in ("defeat", "fear") and target not in TRAP_TARGETS:
            refuse(f"a trap strikes {' or '.join(TRAP_TARGETS)} (A-12)")
        if a.verb == "opponent_penalty" and a.get("whom") != "party":
            refuse("a trap's Melee penalty falls on the party (whom = \"party\")")
    elif kind == "automatic":
        if a.verb not in AUTOMATIC_ON[holder]:
            refuse(f"{a_or_an(holder)} cannot have this ability")
    elif kind == "ranged" and holder not in ("hero", "item"):
        refuse("only heroes and items make Ranged attacks (FA-117)")
    elif kind == "trap":
        refuse("only traps have this effect")
    elif kind == "active":
        _check_active(a, card, refuse)
    if holder != "trap" and target in TRAP_TARGETS:
        refuse(f"only traps strike {target.replace('_', ' ')} (A-12)")
    _check_side(a, card, refuse)
    if a.verb == "armor_save" and not (isinstance(card, Item) and card.armor_save):
        refuse("only armor, helms and shields give an armor save (FA-215)")
    if a.verb == "grant":
        for gift in a.get("gives"):
            if gift.verb not in GIFTS:
                raise ContentError(f"{here}: gives ({gift.verb}): cannot be given; allowed: {', '.join(GIFTS)}")


def _check_active(a: Effect, card: Card, refuse: Any) -> None:
    """A normal or anytime ability of a hero, monster or item (FA-153, FA-154, FA-156)."""
    holder = card.kind
    timing = a.get("timing", "normal")
    target = a.get("target")
    if a.verb == "join" and (holder != "monster" or timing != "anytime"):
        refuse("joining an attack is a monster's anytime ability (FA-158)")
    if timing == "normal" and (target in ANY_PARTY_TARGETS or a.verb == "current_melee"):
        refuse("only anytime abilities reach other parties and other melees (FA-156, FA-239)")
    if holder == "monster" and target in ("monster_attacking", "hero_of_party", "heroes_of_party", "party"):
        refuse("a monster's ability targets the party it attacks (FA-154)")
    if holder in ("hero", "item") and target == "hero_attacked":
        refuse("a hero's ability targets monsters attacking his party (FA-153)")
    if a.verb == "summon_monster" and holder != "monster":
        refuse("heroes do not summon monsters in this game (A-37)")
    if a.verb == "summon_hero" and holder == "monster":
        refuse("a monster cannot summon heroes")


def _check_side(a: Effect, card: Card, refuse: Any) -> None:
    """Vs. abilities name the other side; leadership its own (FA-208, FA-228)."""
    other = "heroes" if card.kind == "monster" else "monsters"
    if a.verb == "melee_vs" and a.has("side") and a.get("side") != other:
        refuse(f"{a_or_an(card.kind)}'s vs. ability is against {other}")
    if a.verb == "melee_vs" and a.get("vs") in MONSTER_GROUPS and card.kind == "monster":
        refuse("a monster's vs. ability is against heroes")
    if a.verb == "leadership" and a.has("element") != (card.kind == "hero"):
        refuse("a hero leads heroes of an element; a monster leads a group of monsters (FA-208)")
    if a.verb == "save_bonus" and a.has("element") and card.kind != "hero":
        refuse("only a hero's leadership improves other heroes' saves")


# ---- reading ------------------------------------------------------------------------------

def _abilities(raw: Any, where: str) -> tuple[Effect, ...]:
    return VOCABULARY.read(raw if raw is not None else [], where)


def _card(kind: str, r: dict[str, Any], where: str) -> Card:
    check_record(r, SCHEMAS[kind], where)
    base: dict[str, Any] = {"id": r["id"], "name": r["name"], "gp": r["gp"], "unique": r.get("unique", False),
                            "abilities": _abilities(r.get("abilities"), where), "flavour": r.get("flavour", "")}
    flags = {k: r.get(k, False) for k in ("lair_only", "wandering_only")}
    if kind == "hero":
        return Hero(**base, element=r["element"], melee=r["melee"], support=r.get("support", 0),
                    orb=r.get("orb", ""), trap=r.get("trap", False), groups=tuple(r.get("groups", ())))
    if kind == "monster":
        return Monster(**base, element=r["element"], melee=r["melee"], groups=tuple(r.get("groups", ())), **flags)
    if kind == "trap":
        return Trap(**base)
    if kind == "item":
        return Item(**base, classes=tuple(c.lower() for c in r["classes"]))
    return Spell(**base, element=r["element"], type=r["type"], multiplayer_only=r.get("multiplayer_only", False),
                 **flags)


def load_content(directory: Path = CONTENT_DIR) -> FAContent:
    tables: dict[str, dict[str, Card]] = {kind: {} for kind in CARD_TYPES}
    seen: dict[str, str] = {}
    for kind in CARD_TYPES:
        path = directory / FILES[kind]
        for r in load_tables(path, (kind,))[kind]:
            where = f"{path.name}: {kind} {r['id']}"
            if r["id"] in seen:
                raise ContentError(f"{where}: the id '{r['id']}' also names a {seen[r['id']]}")
            seen[r["id"]] = kind
            card = _card(kind, r, where)
            _check_name(card, where)
            if kind in ("trap", "spell") and not card.abilities:
                raise ContentError(f"{where}: field 'abilities' must say what the {kind} does")
            for ability in card.abilities:
                _check_ability(ability, card, where)
            if isinstance(card, Item) and card.scroll and (
                    len(card.abilities) != 1 or ability_type(card.abilities[0], "item") != "normal"):
                raise ContentError(f"{where}: a scroll has one normal ability, used once (FA-171)")
            tables[kind][card.id] = card
    return FAContent(_of_type(tables["hero"], Hero), _of_type(tables["monster"], Monster),
                     _of_type(tables["trap"], Trap), _of_type(tables["item"], Item), _of_type(tables["spell"], Spell))


def _of_type(table: Mapping[str, Card], cls: type[C]) -> dict[str, C]:
    return {card_id: card for card_id, card in table.items() if isinstance(card, cls)}


@lru_cache(maxsize=1)
def standard_content() -> FAContent:
    """The shipped card pool, loaded once per process."""
    return load_content()
