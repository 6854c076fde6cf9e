"""Champions of Albion's story cards: world stories and quests (plan 2.4; CA-134 to CA-145),
their parts, choices, tests and fights, loaded from TOML and checked. A loaded story is plain
data; stories.py plays it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from game.core.cards import Field, Schema, check_record, list_of_tables, load_cards, positive
from game.core.errors import ContentError
from game.rulesets.champions_of_albion.records import OPT_EFFECTS, Effect, parse_effects, prose
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES, MAIN_ENEMIES, NESTED_PARAMS

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.content import DangerousEnemy, Enemy, Resource


@dataclass(frozen=True)
class Outcome:
    """A consequence: its text and effects, hidden until the choice is made or the test
    rolled (CA-138; section 7 "staged story information")."""

    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Choice:
    """One option of a story choice: ``label`` is public; ``outcome`` is hidden until chosen.
    ``completes`` says whether choosing it completes the part (CA-139: part 2 follows)."""

    label: str
    outcome: Outcome
    completes: bool

    @property
    def cost(self) -> tuple[Effect, ...]:
        """The ``pay`` effects: the choice is offered only if the champion can pay them."""
        return tuple(e for e in self.outcome.effects if e.verb == "pay")


@dataclass(frozen=True)
class StoryTest:
    """A story test (CA-066): attribute, difficulty, and whether aid tokens may be spent (CA-071)."""

    attribute: str
    difficulty: int
    aid: bool


@dataclass(frozen=True)
class StoryFight:
    """A fight that is itself the challenge of a part (quest part 2): passing = the enemy is
    defeated (CA-140 to CA-144). ``enemy`` is "random" or an enemy or more dangerous enemy id."""

    mode: str
    enemy: str
    then_combat: bool
    no_retreat: bool


@dataclass(frozen=True)
class StoryPart:
    """One part of a story: a public scene, then exactly one of choices, a test or a fight.
    For a test or fight, ``on_pass`` is completion; ``on_fail`` is None when the part has no
    failure part (CA-070)."""

    scene: str
    choices: tuple[Choice, ...]
    test: StoryTest | None
    fight: StoryFight | None
    on_pass: Outcome | None
    on_fail: Outcome | None

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "test" if self.test else "fight"

    def completing_outcomes(self) -> tuple[Outcome, ...]:
        """The outcomes that complete this part (CA-139)."""
        if self.choices:
            return tuple(c.outcome for c in self.choices if c.completes)
        return (self.on_pass,) if self.on_pass else ()

    def outcomes(self) -> tuple[Outcome, ...]:
        if self.choices:
            return tuple(c.outcome for c in self.choices)
        return tuple(o for o in (self.on_pass, self.on_fail) if o is not None)


@dataclass(frozen=True)
class Story:
    """A world story (deck = a space kind, CA-134) or a quest (deck = a main enemy, CA-135),
    with one or two parts; part 2 is resolved only if part 1 was completed (CA-139)."""

    id: str
    deck: str
    title: str
    parts: tuple[StoryPart, ...]

    @property
    def is_quest(self) -> bool:
        return self.deck in MAIN_ENEMIES

    def effects(self) -> Iterable[Effect]:
        """Every effect on the card, nested ones included."""
        def walk(effects: Iterable[Effect]) -> Iterable[Effect]:
            for e in effects:
                yield e
                for key in NESTED_PARAMS:
                    if e.has(key):
                        yield from walk(e.get(key))
        for part in self.parts:
            for outcome in part.outcomes():
                yield from walk(outcome.effects)


STORY_VERB_KINDS = ("gain", "loss", "board", "fight", "test", "cost", "rule", "action", "modifier")
"""Verb kinds a world story's consequences may use; quests may also use ``quest``."""
FIGHT_MODES = ("combat", "ambush", "duel")

_OUTCOME_SCHEMA: Schema = {"text": Field((str,)), "effects": OPT_EFFECTS}
_CHOICE_SCHEMA: Schema = {
    "label": Field((str,)), "text": Field((str,)), "effects": OPT_EFFECTS,
    "completes": Field((bool,), required=False),
}
_STORY_TEST_SCHEMA: Schema = {
    "attribute": Field((str,), choices=ATTRIBUTES), "difficulty": Field((int,), check=positive),
    "aid": Field((bool,), required=False),
}
_FIGHT_SCHEMA: Schema = {
    "mode": Field((str,), choices=FIGHT_MODES), "enemy": Field((str,)),
    "then_combat": Field((bool,), required=False), "no_retreat": Field((bool,), required=False),
}
_PART_SCHEMA: Schema = {
    "scene": Field((str,)),
    "choice": Field((list,), required=False, check=list_of_tables),
    "test": Field((dict,), required=False),
    "fight": Field((dict,), required=False),
    "on_pass": Field((dict,), required=False),
    "on_fail": Field((dict,), required=False),
}


def _story_schema(decks: tuple[str, ...]) -> Schema:
    return {"id": Field((str,)), "deck": Field((str,), choices=decks), "title": Field((str,)),
            "part": Field((list,), check=list_of_tables)}


class StoryRefs:
    """What story effects and fights may name."""

    def __init__(self, resources: Mapping[str, Resource], enemies: Mapping[str, Enemy],
                 dangerous: Mapping[str, DangerousEnemy]) -> None:
        self.resources, self.enemies, self.dangerous = resources, enemies, dangerous


def _outcome(record: dict[str, Any], where: str, kinds: tuple[str, ...], refs: StoryRefs,
             schema: Schema = _OUTCOME_SCHEMA) -> Outcome:
    check_record(record, schema, where)
    effects = parse_effects(record.get("effects", []), where, kinds=kinds, resources=refs.resources)
    return Outcome(prose(record["text"]), effects)


def _quest_tokens(effects: Iterable[Effect]) -> int:
    return sum(1 for e in effects if e.verb == "take_quest_token")


def _parse_part(r: Any, where: str, deck: str, last: bool, kinds: tuple[str, ...], refs: StoryRefs) -> StoryPart:
    if not isinstance(r, dict):
        raise ContentError(f"{where}: must be a table")
    check_record(r, _PART_SCHEMA, where)
    given = [k for k in ("choice", "test", "fight") if k in r]
    if len(given) != 1:
        raise ContentError(f"{where}: field 'choice': a part needs exactly one of 'choice', 'test' and 'fight'")
    choices: list[Choice] = []
    test = fight = None
    on_pass = on_fail = None
    if "choice" in r:
        if len(r["choice"]) < 2:
            raise ContentError(f"{where}: field 'choice': a choice needs at least two options")
        for n in ("on_pass", "on_fail"):
            if n in r:
                raise ContentError(f"{where}: field '{n}': goes with a test or a fight, not a choice")
        for index, c in enumerate(r["choice"], 1):
            here = f"{where}: choice {index}"
            outcome = _outcome(c, here, kinds, refs, _CHOICE_SCHEMA)
            completes = c.get("completes", True)
            if not outcome.effects and not (completes and not last):
                raise ContentError(f"{here}: field 'effects': a choice needs consequences "
                                   "(or must complete the part and lead to part 2)")
            choices.append(Choice(prose(c["label"]), outcome, completes))
        if not any(c.completes for c in choices) and not last:
            raise ContentError(f"{where}: field 'choice': no option completes the part, so part 2 is unreachable")
        for index, c in enumerate(choices, 1):
            if any(e.verb == "pay" for e in c.outcome.effects) and not c.completes:
                raise ContentError(f"{where}: choice {index}: field 'completes': paying a cost must complete the part")
    else:
        if "test" in r:
            check_record(r["test"], _STORY_TEST_SCHEMA, f"{where}: test")
            test = StoryTest(r["test"]["attribute"], r["test"]["difficulty"], r["test"].get("aid", True))
        else:
            check_record(r["fight"], _FIGHT_SCHEMA, f"{where}: fight")
            f = r["fight"]
            enemy = f["enemy"]
            if enemy != "random":
                if enemy in refs.dangerous:
                    if refs.dangerous[enemy].main_enemy != deck:
                        raise ContentError(f"{where}: fight: field 'enemy' names '{enemy}', a more dangerous enemy "
                                           f"of '{refs.dangerous[enemy].main_enemy}', not of this deck")
                elif enemy not in refs.enemies:
                    raise ContentError(f"{where}: fight: field 'enemy' names unknown enemy '{enemy}'")
            fight = StoryFight(f["mode"], enemy, f.get("then_combat", False), f.get("no_retreat", False))
        if "on_pass" not in r:
            raise ContentError(f"{where}: missing field 'on_pass'")
        on_pass = _outcome(r["on_pass"], f"{where}: on_pass", kinds, refs)
        if not on_pass.effects and last:
            raise ContentError(f"{where}: on_pass: field 'effects': the last part's success needs consequences")
        if "on_fail" in r:
            on_fail = _outcome(r["on_fail"], f"{where}: on_fail", kinds, refs)
            if not on_fail.effects:
                raise ContentError(f"{where}: on_fail: field 'effects': a failure part needs consequences "
                                   "(leave it out for no penalty, CA-070)")
    return StoryPart(prose(r["scene"]), tuple(choices), test, fight, on_pass, on_fail)


def load_stories(directory: Path, name: str, decks: tuple[str, ...], refs: StoryRefs) -> dict[str, Story]:
    quest = decks == MAIN_ENEMIES
    kinds = STORY_VERB_KINDS + (("quest",) if quest else ())
    out: dict[str, Story] = {}
    for r in load_cards(directory / name, lambda r: _story_schema(decks), table="story"):
        where = f"{name}: story {r['id']}"
        raw = r["part"]
        if not 1 <= len(raw) <= 2:
            raise ContentError(f"{where}: field 'part': a story has one or two parts")
        parts = tuple(_parse_part(p, f"{where}: part {i}", r["deck"], i == len(raw), kinds, refs)
                      for i, p in enumerate(raw, 1))
        story = Story(r["id"], r["deck"], r["title"], parts)
        if not quest and any(e.verb == "fight" and e.get("enemy") == "dangerous" for e in story.effects()):
            raise ContentError(f"{where}: field 'part': only quests bring in more dangerous enemies (CA-142)")
        if quest:
            for i, part in enumerate(parts, 1):
                last = i == len(parts)
                completing = part.completing_outcomes()
                for outcome in part.outcomes():
                    tokens = _quest_tokens(outcome.effects)
                    if last and outcome in completing and tokens != 1:
                        raise ContentError(f"{where}: part {i}: field 'effects': completing the quest must "
                                           "take the quest token exactly once (CA-145)")
                    if tokens and not (last and outcome in completing):
                        raise ContentError(f"{where}: part {i}: field 'effects': only completing the quest "
                                           "takes the quest token")
        out[r["id"]] = story
    return out
