"""The step records of the Dungeon Delve flow (core.flow), one TypedDict per step kind.

Each record is the plain dict on the state's stack; its ``step`` Literal names the kind it
is registered under (``rounds.py``, ``actions.py``, ``attack.py``, ``cards.py``, ...), so
mypy checks the fields each handler reads and each push writes, and the conformance tests
check the records of random games. Figures (``hero``, ``monster``, ``figure``) are ids;
squares are ``[x, y]`` lists. A kind with no data of its own reads the state (the
activation, the attack).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, Union

# -- the round and the heroes' turns (rounds.py, setup.py) ---------------------------------------


class ShareCardsStep(TypedDict):
    step: Literal["share_cards"]


class RoundStartStep(TypedDict):
    step: Literal["round_start"]


class HeroPickStep(TypedDict):
    step: Literal["hero_pick"]


class HeroStartStep(TypedDict):
    step: Literal["hero_start"]
    hero: str
    # Nothing reads it, and a scenario's hero turn is pushed without it; it stays because
    # saved games hold it.
    stage: NotRequired[int]


class StartCheckStep(TypedDict):
    step: Literal["start_check"]
    hero: str


class PoisonTestStep(TypedDict):
    step: Literal["poison_test"]
    hero: str


class StartFeatStep(TypedDict):
    step: Literal["start_feat"]
    hero: str


class HeroRefreshStep(TypedDict):
    step: Literal["hero_refresh"]
    hero: str


class EquipStep(TypedDict):
    step: Literal["equip"]
    hero: str


class HeroEndStep(TypedDict):
    step: Literal["hero_end"]
    hero: str


class StandChoiceStep(TypedDict):
    """A knocked-out hero stands up on one of the nearest empty ``squares`` (``context.py``)."""

    step: Literal["stand_choice"]
    hero: str
    squares: list[list[int]]
    rule: str


# -- the overlord's turn (rounds.py) -------------------------------------------------------------


class OverlordTurnStep(TypedDict):
    step: Literal["overlord_turn"]


class GroupPickStep(TypedDict):
    step: Literal["group_pick"]


class MonsterPickStep(TypedDict):
    step: Literal["monster_pick"]
    group: str


class MonsterPoisonStep(TypedDict):
    step: Literal["monster_poison"]
    monster: str


class MonsterEndStep(TypedDict):
    step: Literal["monster_end"]
    monster: str


class OverlordEndStep(TypedDict):
    step: Literal["overlord_end"]


class ReinforceChoiceStep(TypedDict):
    """Where a reinforcement of ``group`` (a monster of ``kind``) enters, among ``squares``."""

    step: Literal["reinforce_choice"]
    group: str
    kind: str
    squares: list[list[int]]


# -- a figure's actions (actions.py) and attacks (attack.py) -------------------------------------


class ActionsStep(TypedDict):
    step: Literal["actions"]
    figure: str


class WalkStep(TypedDict):
    """``figure`` moves along ``path`` one square per run (the squares still to enter)."""

    step: Literal["walk"]
    figure: str
    path: list[list[int]]


class KeenEyeStep(TypedDict):
    """``hero`` keeps one of the ``cards`` drawn."""

    step: Literal["keen_eye"]
    hero: str
    cards: list[str]


class AttackRollStep(TypedDict):
    step: Literal["attack_roll"]


class AttackShieldsStep(TypedDict):
    step: Literal["attack_shields"]


class AttackRangeStep(TypedDict):
    step: Literal["attack_range"]


class AttackSurgesStep(TypedDict):
    step: Literal["attack_surges"]


class AttackDamageStep(TypedDict):
    step: Literal["attack_damage"]


class AttackEndStep(TypedDict):
    step: Literal["attack_end"]


# -- overlord cards (cards.py) -------------------------------------------------------------------


class OverlordCardStep(TypedDict):
    """A response window (core.window) at which the overlord may play cards of ``timing``,
    about the hero or the monster concerned (if any)."""

    step: Literal["overlord_card"]
    seats: list[int]
    timing: str
    played: list[str]  # the card names played at this moment (each at most once)
    hero: NotRequired[str]
    monster: NotRequired[str]


DDStep = Union[
    ShareCardsStep, RoundStartStep, HeroPickStep, HeroStartStep, StartCheckStep, PoisonTestStep, StartFeatStep,
    HeroRefreshStep, EquipStep, HeroEndStep, StandChoiceStep, OverlordTurnStep, GroupPickStep, MonsterPickStep,
    MonsterPoisonStep, MonsterEndStep, OverlordEndStep, ReinforceChoiceStep, ActionsStep, WalkStep, KeenEyeStep,
    AttackRollStep, AttackShieldsStep, AttackRangeStep, AttackSurgesStep, AttackDamageStep, AttackEndStep,
    OverlordCardStep,
]
"""Any record on the Dungeon Delve stack."""
