"""Champions of Albion content records: the effect record with its sentence, and the checks
and parsers every content loader shares (content.py for the cards, story_cards.py for the
stories and quests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, cast

from game.core.cards import Field, list_of_tables
from game.core.effects import Effect as CoreEffect
from game.core.errors import ContentError
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES, VERBS, describe


@dataclass(frozen=True)
class Effect(CoreEffect):
    """One effect record (the kernel's), with its player-facing sentence."""

    @property
    def text(self) -> str:
        return describe(self)


def between(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if low <= value <= high else f"must be {low} to {high}"
    return check


EFFECTS = Field((list,), check=list_of_tables)
OPT_EFFECTS = Field((list,), required=False, check=list_of_tables)


def parse_effects(raw: list[Any], where: str, *, kinds: tuple[str, ...] | None = None,
                   resources: Mapping[str, Any] | None = None) -> tuple[Effect, ...]:
    """Check effect records against the vocabulary; ``kinds`` limits the verb kinds allowed."""

    def refine(effect: CoreEffect, record: Mapping[str, Any], here: str) -> None:
        if effect.verb == "gain_resource" and "resource" in record and resources is not None \
                and record["resource"] not in resources:
            raise ContentError(f"{here}: field 'resource' names unknown resource '{str(record['resource'])[:40]}'")
        if effect.verb == "place_enemy" and record["enemy"] != "random":
            raise ContentError(f"{here}: field 'enemy' must be \"random\"")

    return cast("tuple[Effect, ...]", VERBS.read(raw, where, kinds=kinds, refine=refine, make=Effect))


def attribute_bonuses(value: Mapping[str, Any], where: str, field: str, sign: int) -> tuple[tuple[str, int], ...]:
    for attribute, amount in value.items():
        if attribute not in ATTRIBUTES:
            raise ContentError(f"{where}: field '{field}' names unknown attribute '{attribute}'")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount * sign < 1:
            word = "positive" if sign > 0 else "negative"
            raise ContentError(f"{where}: field '{field}': '{attribute}' must be a {word} whole number")
    return tuple(sorted(value.items()))


def prose(text: str) -> str:
    """Card prose from a TOML multi-line string: lines of a paragraph joined, paragraphs kept."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)


def text_of(effects: Iterable[Effect]) -> str:
    """The player-facing sentences of a list of effects."""
    return " ".join(describe(e) for e in effects)
