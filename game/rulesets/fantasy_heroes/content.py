"""Fantasy Heroes content: the 60 battle cards and 15 territory cards, loaded from TOML.

Loaded once per process (content is immutable) and checked on load: unknown keys are
refused, every effect verb must be in the vocabulary with valid parameters, and the
type-specific fields must be present (checklist 2.8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from game.core.cards import Field, Schema, check_record, instances, load_cards, read_toml
from game.core.decision import Blocked, Option
from game.core.effects import Effect
from game.core.errors import ContentError
from game.core.words import ordinal
from game.rulesets.fantasy_heroes.vocabulary import TERRITORY_TYPES, VERBS

CONTENT_DIR = Path(__file__).parent / "content"
HAND_LIMIT = 7
ATTACK_CACHE_SIZE = 1024
"""Owners and places (or reasons) whose attack options (or blocked attacks) are remembered at most (the
cache starts again when full)."""
CARD_TYPES = ("hero", "minion", "artifact", "spell")


@dataclass(frozen=True)
class CardDef:
    """One battle card, as printed."""

    id: str
    name: str
    type: str
    text: str
    effects: tuple[Effect, ...]
    territory: str | None = None
    av: int = 0
    dv: int = 0
    spell_level: int = 0
    bv: int = 0
    bv_is_x: bool = False
    timing: str = ""
    # Derived once from the printed fields, as the rules ask for them at nearly every choice:
    # whether the card is a battle spell or an instant, and its first effect of each verb.
    is_battle_spell: bool = field(init=False, repr=False, compare=False)
    is_instant: bool = field(init=False, repr=False, compare=False)
    first_effects: Mapping[str, Effect] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_battle_spell", self.type == "spell" and self.timing == "battle")
        object.__setattr__(self, "is_instant", self.type == "spell" and self.timing == "instant")
        first: dict[str, Effect] = {}
        for effect in self.effects:
            first.setdefault(effect.verb, effect)
        object.__setattr__(self, "first_effects", first)

    def verb(self, verb: str) -> Effect | None:
        return self.first_effects.get(verb)

    @property
    def printed_bv_text(self) -> str:
        return "X" if self.bv_is_x else str(self.bv)


@dataclass(frozen=True)
class Content:
    cards: Mapping[str, CardDef]
    territory_names: Mapping[str, str]
    territory_instances: tuple[str, ...]
    # Derived once: the verb of each instant spell (its one effect), by card id, and the
    # instants of each verb.
    instant_verbs: Mapping[str, str] = field(init=False, repr=False, compare=False)
    instants_by_verb: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    # Derived once: every instant spell (a hand holding none of them is offered no instant).
    instants: frozenset[str] = field(init=False, repr=False, compare=False)
    # Derived once: every hero (whether a hand holds one is one set operation).
    heroes: frozenset[str] = field(init=False, repr=False, compare=False)
    # Derived once: the name of every battle card, territory and territory instance, by id.
    names: Mapping[str, str] = field(init=False, repr=False, compare=False)
    # Derived once: the cards having each verb among their effects ("negate": the Priest...),
    # so a rule asks whether a few cards hold a verb with one set operation, not card by card.
    cards_with_verb: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # Derived once: what each "+N Spell Level" card adds (its first such effect's amount), by card.
    spell_level_bonus: Mapping[str, int] = field(init=False, repr=False, compare=False)
    # Derived once: how a battle window treats each card in its owner's hand (see
    # battle.window_options): battle cards by type, instants as ANY_TIME or ELSEWHERE.
    window_roles: Mapping[str, str] = field(init=False, repr=False, compare=False)
    # The options naming a card ("play:knight", "discard:knight"), made once per card: the
    # questions offer them at nearly every choice and an Option never changes.
    play_options: Mapping[str, Option] = field(init=False, repr=False, compare=False)
    discard_options: Mapping[str, Option] = field(init=False, repr=False, compare=False)
    # Battle totals already worked out, by what they depend on (see effects.totals).
    totals_cache: dict[tuple[object, ...], Any] = field(init=False, repr=False, compare=False)
    # "You may not play this card now, because...", by card, reason and rule (see blocked_play).
    blocked_cache: dict[tuple[str, str, str], Blocked] = field(init=False, repr=False, compare=False)
    # The term a card's printed AV, DV or BV adds to a total, by card and stat (effects.printed).
    printed_lines: dict[tuple[str, str], Any] = field(init=False, repr=False, compare=False)
    # "Attack Bram's Castle", by owner's name and place ("2nd of 3") and territory, and why a territory may not be
    # attacked, by reason and rule and territory (see attack_options).
    attack_cache: dict[tuple[str, str], dict[str, Option]] = field(init=False, repr=False, compare=False)
    blocked_attack_cache: dict[tuple[str, str], dict[str, Blocked]] = field(init=False, repr=False, compare=False)
    # Each card's play option or Blocked, by what decides it for the card's type (battle.verdict_key).
    verdict_cache: dict[Any, dict[str, Option | Blocked]] = field(init=False, repr=False, compare=False)
    # The same verdicts by card, by a side's permissions (battle.verdicts_for).
    verdict_tables: dict[Any, dict[str, Option | Blocked]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        verbs = {c.id: c.effects[0].verb for c in self.cards.values() if c.is_instant and c.effects}
        by_verb: dict[str, tuple[str, ...]] = {}
        for card_id, verb in verbs.items():
            by_verb[verb] = by_verb.get(verb, ()) + (card_id,)
        object.__setattr__(self, "instant_verbs", verbs)
        object.__setattr__(self, "instants_by_verb", by_verb)
        object.__setattr__(self, "instants", frozenset(verbs))
        object.__setattr__(self, "heroes", frozenset(c.id for c in self.cards.values() if c.type == "hero"))
        names = dict(self.territory_names)
        names.update((t, self.territory_names.get(t.partition("#")[0], t)) for t in self.territory_instances)
        names.update((c.id, c.name) for c in self.cards.values())
        object.__setattr__(self, "names", names)
        with_verb: dict[str, set[str]] = {}
        for card in self.cards.values():
            for effect in card.effects:
                with_verb.setdefault(effect.verb, set()).add(card.id)
        object.__setattr__(self, "cards_with_verb", {verb: frozenset(ids) for verb, ids in with_verb.items()})
        object.__setattr__(self, "spell_level_bonus", {
            c.id: c.first_effects["spell_level"].get("amount") for c in self.cards.values() if c.verb("spell_level")})
        object.__setattr__(self, "window_roles", {c.id: _window_role(c, verbs.get(c.id)) for c in self.cards.values()})
        object.__setattr__(self, "play_options", {
            c.id: Option(f"play:{c.id}", f"Play {c.name}", ("card", c.id), c.text) for c in self.cards.values()})
        object.__setattr__(self, "discard_options", {
            c.id: Option(f"discard:{c.id}", c.name, ("card", c.id)) for c in self.cards.values()})
        object.__setattr__(self, "totals_cache", {})
        object.__setattr__(self, "blocked_cache", {})
        object.__setattr__(self, "verdict_cache", {})
        object.__setattr__(self, "verdict_tables", {})
        object.__setattr__(self, "attack_cache", {})
        object.__setattr__(self, "blocked_attack_cache", {})
        object.__setattr__(self, "printed_lines", {})

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def name(self, card_id: str) -> str:
        found = self.names.get(card_id)
        if found is None:  # (no card nor territory: the territory of its type, or the id itself)
            return self.territory_names.get(card_id.partition("#")[0], card_id)
        return found

    def blocked_play(self, card_id: str, reason: str, rule: str) -> Blocked:
        """Why ``card_id`` may not be played now, made once per card, reason and rule: the same
        few reasons come back at question after question (a hand holds its cards for a while)."""
        key = (card_id, reason, rule)
        found = self.blocked_cache.get(key)
        if found is None:
            found = self.blocked_cache[key] = Blocked(f"play:{card_id}", reason, rule, ("card", card_id))
        return found

    def attack_options(self, territories: list[str], owner: str) -> list[Option]:
        """"Attack Bram's Castle", for each of these territories of one owner. Where he holds
        more than one of a type, each says which it is by its place among them, as they lie on
        the table ("Attack Bram's Castle (2nd of 3)"): the same words twice would read as a
        fault, and a player choosing from the list should know which card a line lights. Each
        made once per owner's name, territory and place, as the attack menu offers the same few
        at every Attack Phase."""
        kinds = [t.partition("#")[0] for t in territories]
        if len(set(kinds)) == len(kinds):  # (most often: each type once)
            return _made_once(self.attack_cache, (owner, ""), territories, lambda t: self._attack(owner, t, ""))
        held = {kind: kinds.count(kind) for kind in kinds}
        seen: dict[str, int] = {}
        options = []
        for territory, kind in zip(territories, kinds):
            place = ""
            if held[kind] > 1:
                seen[kind] = seen.get(kind, 0) + 1
                place = f"{ordinal(seen[kind])} of {held[kind]}"
            options += _made_once(self.attack_cache, (owner, place), [territory],
                                  lambda t: self._attack(owner, t, place))  # noqa: B023 (called at once)
        return options

    def _attack(self, owner: str, territory: str, place: str) -> Option:
        label = f"Attack {owner}'s {self.territory_type(territory)}" + (f" ({place})" if place else "")
        return Option(f"attack:{territory}", label, ("territory", territory))

    def blocked_attacks(self, territories: list[str], reason: str, rule: str) -> list[Blocked]:
        """Why each of these territories may not be attacked now, each made once per territory,
        reason and rule (as :meth:`attack_options`)."""
        return _made_once(self.blocked_attack_cache, (reason, rule), territories,
                          lambda t: Blocked(f"attack:{t}", reason, rule, ("territory", t)))

    def territory_type(self, territory: str) -> str:
        """The type (Castle, …) of a territory instance id such as "castle#2"."""
        return self.territory_names[territory.partition("#")[0]]


ANY_TIME_VERBS = ("scrye", "draw")
"""Instant verbs playable at every instant point and battle window (FH-133): Scrye, Fortune."""
ELSEWHERE_VERBS = ("wall_of_fire", "fly")
"""Instant verbs played only at their own moments (FH-134, FH-135): shown blocked in a window."""
ANY_TIME = "any_time"
ELSEWHERE = "elsewhere"


def _window_role(card: CardDef, instant_verb: str | None) -> str:
    """How a battle window treats ``card`` in its owner's hand: a battle card is judged by its
    type's verdicts; an instant is offered (ANY_TIME), shown blocked (ELSEWHERE) or left out ("")."""
    if not card.is_instant:
        return card.type
    if instant_verb in ANY_TIME_VERBS:
        return ANY_TIME
    return ELSEWHERE if instant_verb in ELSEWHERE_VERBS else ""


K = TypeVar("K")
R = TypeVar("R")


def _made_once(cache: dict[K, dict[str, R]], key: K, territories: list[str], make: Callable[[str], R]) -> list[R]:
    """What ``make`` gives for each territory, remembered under ``key`` (at most ATTACK_CACHE_SIZE
    keys: the cache starts again when full)."""
    made = cache.get(key)
    if made is None:
        if len(cache) >= ATTACK_CACHE_SIZE:
            cache.clear()
        made = cache[key] = {}
    out: list[R] = []
    for territory in territories:
        found = made.get(territory)
        if found is None:
            found = made[territory] = make(territory)
        out.append(found)
    return out


def _effects_check(value: Any) -> str | None:
    for effect in value:
        if not isinstance(effect, dict):
            return "must list effect tables"
    return None


_BASE: dict[str, Field] = {
    "id": Field((str,)),
    "name": Field((str,)),
    "type": Field((str,), choices=CARD_TYPES),
    "text": Field((str,)),
    "effects": Field((list,), check=_effects_check),
}
_SCHEMAS: dict[str, Schema] = {
    "hero": {**_BASE, "territory": Field((str,), choices=TERRITORY_TYPES), "av": Field((int,)),
             "dv": Field((int,)), "spell_level": Field((int,))},
    "minion": {**_BASE, "territory": Field((str,), choices=TERRITORY_TYPES), "bv": Field((int,))},
    "artifact": {**_BASE, "bv": Field((int,))},
    "spell": {**_BASE, "bv": Field((int, str), check=lambda v: None if isinstance(v, int) or v == "X"
                                   else "must be a whole number or \"X\""),
              "timing": Field((str,), choices=("battle", "instant"))},
}
_TERRITORY_SCHEMA: Schema = {"id": Field((str,)), "name": Field((str,), choices=TERRITORY_TYPES),
                             "count": Field((int,))}


def _schema_for(record: Mapping[str, Any]) -> Schema:
    card_type = record.get("type")
    if card_type not in _SCHEMAS:
        raise ContentError(
            f"card {record.get('id')}: field 'type' must be one of {', '.join(CARD_TYPES)}"
        )
    return _SCHEMAS[card_type]


def parse_effects(raw: list[dict[str, Any]], where: str) -> tuple[Effect, ...]:
    return VERBS.read(raw, where)


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Load and check the card and territory files in ``directory``."""
    cards: dict[str, CardDef] = {}
    for record in load_cards(directory / "cards.toml", _schema_for):
        where = f"cards.toml: card {record['id']}"
        bv = record.get("bv", 0)
        cards[record["id"]] = CardDef(
            id=record["id"],
            name=record["name"],
            type=record["type"],
            text=record["text"],
            effects=parse_effects(record["effects"], where),
            territory=record.get("territory"),
            av=record.get("av", 0),
            dv=record.get("dv", 0),
            spell_level=record.get("spell_level", 0),
            bv=bv if isinstance(bv, int) else 0,
            bv_is_x=bv == "X",
            timing=record.get("timing", ""),
        )
        if cards[record["id"]].bv_is_x and not cards[record["id"]].verb("bv_from_spell_level"):
            raise ContentError(f"{where}: a BV of X needs the effect 'bv_from_spell_level'")
    data = read_toml(directory / "territories.toml")
    if set(data) != {"territory"} or not isinstance(data["territory"], list):
        raise ContentError("territories.toml: expected only [[territory]] tables")
    names: dict[str, str] = {}
    copies: dict[str, int] = {}
    for record in data["territory"]:
        where = f"territories.toml: territory {record.get('id', '?')}"
        check_record(record, _TERRITORY_SCHEMA, where)
        names[record["id"]] = record["name"]
        copies[record["id"]] = record["count"]
    return Content(cards, names, tuple(instances(names, {k: v for k, v in copies.items()})))


@lru_cache(maxsize=1)
def standard_content() -> Content:
    """The shipped content, loaded once."""
    return load_content()
