"""Decision and Option: the one question the rules ask a seat (DESIGN, one-question protocol).

A choice is a tuple of option ids, each a stable string ("play:knight", "target:castle-2",
"pass"), so logs, saves and tests can write choices by hand (STYLE 4). Legality lives in
the Decision (STYLE 5): the same option list lights cards in the UI, feeds the AI and
validates incoming choices.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Callable, Iterable

from game.core.errors import IllegalChoice
from game.core.record import record
from game.core.words import counted

Target = tuple[str, str]
"""What an option points at on the table: (kind, id), e.g. ("card", "knight"),
("territory", "castle-2"), ("seat", "1"), ("square", "3,4")."""


ENDING = ("end", "pass")
"""Ids of the answers that end the asked seat's turn, phase or window ("End the turn", "Play
nothing"): a table gives them one fixed place that never moves (issue 12). Rule systems use
these ids for such answers and no others."""


@record  # (made at nearly every choice: see game.core.record)
class Option:
    """One legal answer: a stable id, a label for people, and what it points at."""

    id: str
    label: str
    target: Target | None = None
    detail: str = ""


def told_apart(options: Iterable[Option], place_of: Callable[[Target], str] | None = None) -> list[str]:
    """The label a person reads for each option, in order: its own, except where two options
    have the same words (two Flame Lancers a monster may attack, two copies of a card in hand).
    Those then say where their targets lie, as ``place_of`` names it for a table ("front rank,
    position 4"), when that tells every one of them apart; else they are numbered ("1 of 2"):
    a list that shows the same words twice reads as a fault, and a player who picks from it
    should know which thing a line answers with. The rules' labels stay as they are (the AI,
    saves and tests read ids; only a person needs the difference said)."""
    options = list(options)
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels):
        return labels
    alike: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        alike.setdefault(label, []).append(i)
    for label, indices in alike.items():
        if len(indices) < 2:
            continue
        targets = [options[i].target for i in indices]
        places = [place_of(t) if place_of and t else "" for t in targets]
        if not all(places) or len(set(places)) < len(places):
            places = [f"{n} of {len(indices)}" for n in range(1, len(indices) + 1)]
        for i, place in zip(indices, places):
            # "(2 Mana)" at the end: "(2 Mana; 1 of 2)", not two brackets in a row
            labels[i] = f"{label[:-1]}; {place})" if label.endswith(")") else f"{label} ({place})"
    return labels


@record
class Blocked:
    """Something a seat might try that is not legal now, and why (for tooltips and errors)."""

    option_id: str
    reason: str
    rule: str = ""
    target: Target | None = None


@record
class Decision:
    """The pending question: who decides, what is asked, the legal options and how many to pick.

    ``kind`` names the sort of question (one request type with a kind, not a method per
    question). ``rule`` is the rule ID that governs the choice. ``window`` marks a question
    of a response window (game.core.window): asked of a seat whether or not it can respond.

    ``prompt`` may be given as a function of no arguments that returns it: it is then worked
    out when first read, not when the question is asked, for a prompt that costs something
    to write (battle totals) and that an agent answering from the options alone never reads.
    The function must read only what it was given when the question was made (immutable
    data), never the live state, so the prompt is the one the question was asked with.
    """

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""
    min_choices: int = 1
    max_choices: int = 1
    blocked: tuple[Blocked, ...] = field(default=())
    window: bool = False

    def __init__(self, seat: int, kind: str, prompt: str | Callable[[], str], options: tuple[Option, ...],
                 rule: str = "", min_choices: int = 1, max_choices: int = 1, blocked: tuple[Blocked, ...] = (),
                 window: bool = False) -> None:
        if TYPE_CHECKING:
            return  # (a record: see game.core.record; a question is made at every choice)
        self.seat = seat
        self.kind = kind
        self._prompt = prompt  # read through the ``prompt`` property (below): a deferred one is written then
        self.options = options
        self.rule = rule
        self.min_choices = min_choices
        self.max_choices = max_choices
        self.blocked = blocked
        self.window = window
        # Worked out once, here: every driver (the session, the benchmarks) reads it of every
        # question, and a property would be a call at each read. Not a field (see forced_pass).
        self.forced_pass = window and len(options) == 1 and options[0].id == "pass"

    if TYPE_CHECKING:  # (at run time, the attribute __init__ sets)
        @property
        def forced_pass(self) -> bool:
            """A response window's question whose only answer is "pass": whoever plays the seat
            answers it at once, so nobody learns from it that the seat held nothing."""

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None

    @property
    def option_ids(self) -> tuple[str, ...]:
        # Read by every agent and every validation, often more than once a decision: worked
        # out once and kept beside the fields (equality, hashing and repr ignore it).
        ids: tuple[str, ...] | None = getattr(self, "_option_ids", None)
        if ids is None:
            ids = tuple([opt.id for opt in self.options])
            object.__setattr__(self, "_option_ids", ids)  # (not a field: mypy sees none to assign)
        return ids

    def validate(self, seat: int, choice: Iterable[str]) -> tuple[str, ...]:
        """Check a choice against this decision; returns it as a tuple or raises IllegalChoice."""
        picked = tuple(choice)
        if seat == self.seat and len(picked) == 1 and self.min_choices <= 1 <= self.max_choices:
            wanted = picked[0]
            for option in self.options:  # (no tuple of every id made for one pick)
                if option.id == wanted:
                    return picked  # the common case, one legal pick: what the checks below would find
        known = self.option_ids
        if seat != self.seat:
            raise IllegalChoice(f"It is seat {self.seat + 1}'s decision, not seat {seat + 1}'s.", self.rule)
        if len(set(picked)) != len(picked):
            raise IllegalChoice("The same option was picked twice.", self.rule)
        for option_id in picked:
            if option_id not in known:
                for blocked in self.blocked:
                    if blocked.option_id == option_id:
                        suffix = f" ({blocked.rule})" if blocked.rule else ""
                        raise IllegalChoice(blocked.reason + suffix, blocked.rule or self.rule)
                raise IllegalChoice(f"'{option_id}' is not one of the options now.", self.rule)
        if not self.min_choices <= len(picked) <= self.max_choices:
            if self.min_choices == self.max_choices:
                need = f"exactly {counted(self.min_choices, 'option')}"
            else:
                need = f"between {self.min_choices} and {self.max_choices} options"
            raise IllegalChoice(f"Pick {need}, not {len(picked)}.", self.rule)
        return picked


if not TYPE_CHECKING:
    # ``prompt`` is read through a property (set on the class after the dataclass is made, as
    # mypy knows it for the plain field it is), so a deferred prompt is written when first read.
    # A property, not __getattr__: a class with __getattr__ reads all its attributes slower.
    def _read_prompt(decision):
        """A decision's prompt; a deferred one is written now that it is first read, and kept."""
        prompt = decision._prompt
        if not isinstance(prompt, str):
            prompt = decision._prompt = prompt()
        return prompt

    Decision.prompt = property(_read_prompt)
