"""The step records of the Fantasy Heroes flow (core.flow), one TypedDict per step kind.

Each record is the plain dict on the state's stack; its ``step`` Literal names the kind it
is registered under (``turn.py``, ``battle.py``), so mypy checks the fields each handler
reads and each push writes, and the conformance tests check the records of random games.
A kind with no data of its own reads everything from the state (the turn, the battle).
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

# -- the turn (turn.py) ---------------------------------------------------------------------


class BeginTurnStep(TypedDict):
    step: Literal["begin_turn"]


class DrawPhaseStep(TypedDict):
    step: Literal["draw_phase"]


class EndPhaseStep(TypedDict):
    step: Literal["end_phase"]
    # Which phase ends. Nothing reads it (the state's phase says it); it stays because saved
    # games hold it.
    phase: Literal["draw", "attack"]


class HandLimitStep(TypedDict):
    step: Literal["hand_limit"]
    seats: list[int]  # the seats still to check, in turn order


class NextTurnStep(TypedDict):
    step: Literal["next_turn"]


class InstantStep(TypedDict):
    """An instant point: a response window (core.window) over ``seats``."""

    step: Literal["instant"]
    seats: list[int]
    point: str  # the moment, as the prompt names it
    wall: bool  # a point at which Wall of Fire may be cast too


class InstantNegationStep(TypedDict):
    """``seat`` cast the instant ``card``; may another seat negate it?"""

    step: Literal["instant_negation"]
    seat: int
    card: str


class ScryeTargetStep(TypedDict):
    """``seat`` casts Scrye (``card``) and picks whose hand to look at among ``opponents``."""

    step: Literal["scrye_target"]
    seat: int
    opponents: list[int]
    card: str


class AttackStartStep(TypedDict):
    step: Literal["attack_start"]


class AttackMenuStep(TypedDict):
    step: Literal["attack_menu"]


# -- battles (battle.py); ``side`` is the index of a side of the state's battle --------------


class AttackHeroStep(TypedDict):
    step: Literal["attack_hero"]


class WindowStep(TypedDict):
    """The battle's play window: the sides play cards in turn (the battle holds whose turn)."""

    step: Literal["window"]


class NegationResponseStep(TypedDict):
    step: Literal["negation_response"]
    card: str
    side: int


class OnPlayStep(TypedDict):
    step: Literal["on_play"]
    card: str
    side: int


class ChooseTargetStep(TypedDict):
    step: Literal["choose_target"]
    card: str
    side: int
    action: Literal["destroy", "take"]


class ChooseSummonStep(TypedDict):
    step: Literal["choose_summon"]
    side: int


class GoblinsDiscardStep(TypedDict):
    step: Literal["goblins_discard"]
    goblins: str  # the goblin card whose bonus is paid for
    side: int


class EndOfPlayStep(TypedDict):
    step: Literal["end_of_play"]


class ResolveBattleStep(TypedDict):
    step: Literal["resolve_battle"]


FHStep = Union[
    BeginTurnStep, DrawPhaseStep, EndPhaseStep, HandLimitStep, NextTurnStep, InstantStep, InstantNegationStep,
    ScryeTargetStep, AttackStartStep, AttackMenuStep, AttackHeroStep, WindowStep, NegationResponseStep, OnPlayStep,
    ChooseTargetStep, ChooseSummonStep, GoblinsDiscardStep, EndOfPlayStep, ResolveBattleStep,
]
"""Any record on the Fantasy Heroes stack."""
