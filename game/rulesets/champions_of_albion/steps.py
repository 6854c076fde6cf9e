"""The step records of the Champions of Albion flow (core.flow), one TypedDict per step kind.

Each record is the plain dict on the state's stack; its ``step`` Literal names the kind it
is registered under (``setup.py``, ``rounds.py``, ``actions.py``, ``stories.py``,
``combat.py``, ``effects.py``, ``choose.py``), so mypy checks the fields each handler reads
and each push writes, and the conformance tests check the records of random games.
Champions and enemies are ids (an enemy's ``uid``); a kind with no data of its own reads
the state (the round, the story, the fight).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, Union

# -- setup and the round (setup.py, rounds.py, actions.py) ---------------------------------------


class ChooseChampionStep(TypedDict):
    step: Literal["choose_champion"]
    seat: int


class SetupFinishStep(TypedDict):
    step: Literal["setup_finish"]


class RoundStartStep(TypedDict):
    step: Literal["round_start"]


class ReplacementStep(TypedDict):
    step: Literal["replacement"]
    seat: int


class InitiativeStep(TypedDict):
    step: Literal["initiative"]


class ActionPhaseStep(TypedDict):
    step: Literal["action_phase"]


class TurnStep(TypedDict):
    step: Literal["turn"]
    seat: int


class CombatPhaseStep(TypedDict):
    step: Literal["combat_phase"]


class StoryPhaseStep(TypedDict):
    step: Literal["story_phase"]


class EventPhaseStep(TypedDict):
    step: Literal["event_phase"]


class EventAfterStep(TypedDict):
    step: Literal["event_after"]
    event: str  # the event card drawn, back under the event deck afterwards


class RoundEndStep(TypedDict):
    step: Literal["round_end"]


class Act2StartStep(TypedDict):
    step: Literal["act2_start"]


class Act2RoundEndStep(TypedDict):
    step: Literal["act2_round_end"]


class MainMoveStep(TypedDict):
    step: Literal["main_move"]


class MainAfterMoveStep(TypedDict):
    step: Literal["main_after_move"]


class RoundEffectsStep(TypedDict):
    step: Literal["round_effects"]


class MainConditionsStep(TypedDict):
    step: Literal["main_conditions"]


class Act2NextStep(TypedDict):
    step: Literal["act2_next"]


# -- stories (stories.py) ------------------------------------------------------------------------


class StoryDrawStep(TypedDict):
    step: Literal["story_draw"]
    champion: str


class StoryPartStep(TypedDict):
    step: Literal["story_part"]


class StoryRollStep(TypedDict):
    step: Literal["story_roll"]
    champion: str


class StoryFightDoneStep(TypedDict):
    step: Literal["story_fight_done"]


class StoryFinishStep(TypedDict):
    step: Literal["story_finish"]


class FightRewardStep(TypedDict):
    """If ``enemy`` fell in the fight, ``champion`` gets the ``on_win`` effect records."""

    step: Literal["fight_reward"]
    enemy: str
    champion: str
    on_win: list[dict[str, Any]]
    rule: str
    why: str


# -- fights (combat.py) --------------------------------------------------------------------------


class StartFightStep(TypedDict):
    """A fight to start (the fields of state.Fight it starts with)."""

    step: Literal["start_fight"]
    kind: str
    spaces: list[str]
    fighters: list[str]
    enemies: list[str]
    duels: dict[str, str]
    no_retreat: bool
    target: str
    owner: str


class FightRoundStep(TypedDict):
    step: Literal["fight_round"]


class CombatSetupStep(TypedDict):
    step: Literal["combat_setup"]
    champion: str


class SpaceAttacksStep(TypedDict):
    """The champions on ``space`` attack one at a time; ``left``: those still to attack, once
    they were asked for an order."""

    step: Literal["space_attacks"]
    space: str
    left: NotRequired[list[str]]


class AttackStep(TypedDict):
    step: Literal["attack"]
    champion: str


class AttackRollStep(TypedDict):
    step: Literal["attack_roll"]
    champion: str
    enemy: str


class AttackResolveStep(TypedDict):
    step: Literal["attack_resolve"]
    champion: str
    enemy: str
    die: int


class LoseHeartStep(TypedDict):
    step: Literal["lose_heart"]
    champion: str


class StrikesStep(TypedDict):
    """The enemies on ``space`` strike one at a time; ``left``: those still to strike, once
    a champion was asked for an order."""

    step: Literal["strikes"]
    space: str
    left: NotRequired[list[str]]


class StrikeStep(TypedDict):
    step: Literal["strike"]
    enemy: str


class DefendRollStep(TypedDict):
    step: Literal["defend_roll"]
    champion: str
    enemy: str


class DefendResolveStep(TypedDict):
    step: Literal["defend_resolve"]
    champion: str
    enemy: str
    die: int


class RoundCloseStep(TypedDict):
    step: Literal["round_close"]
    spaces: list[str]


class RetreatStep(TypedDict):
    step: Literal["retreat"]
    champion: str


class EnemyAmbushStep(TypedDict):
    """``enemy`` ambushes; a story's ambush also says whom first, and how the fight goes on."""

    step: Literal["enemy_ambush"]
    enemy: str
    then_combat: NotRequired[bool]
    owner: NotRequired[str]
    no_retreat: NotRequired[bool]


# -- effects and questions (effects.py, choose.py) -----------------------------------------------


class EffectStep(TypedDict):
    """One effect record (a verb and its parameters) to apply for ``champion`` ("you")."""

    step: Literal["effect"]
    effect: dict[str, Any]
    champion: str
    rule: str
    why: str
    story: bool


class ChooseStep(TypedDict):
    """A question held as data: ``options`` rows are ``[id, label, target or None, detail]``
    (choose.option); the answer goes to the function ``then`` names, with ``args``."""

    step: Literal["choose"]
    seat: int
    kind: str
    prompt: str
    rule: str
    options: list[list[Any]]
    then: str
    args: dict[str, Any]
    least: int
    most: int


CAStep = Union[
    ChooseChampionStep, SetupFinishStep, RoundStartStep, ReplacementStep, InitiativeStep, ActionPhaseStep, TurnStep,
    CombatPhaseStep, StoryPhaseStep, EventPhaseStep, EventAfterStep, RoundEndStep, Act2StartStep, Act2RoundEndStep,
    MainMoveStep, MainAfterMoveStep, RoundEffectsStep, MainConditionsStep, Act2NextStep, StoryDrawStep, StoryPartStep,
    StoryRollStep, StoryFightDoneStep, StoryFinishStep, FightRewardStep, StartFightStep, FightRoundStep,
    CombatSetupStep, SpaceAttacksStep, AttackStep, AttackRollStep, AttackResolveStep, LoseHeartStep, StrikesStep,
    StrikeStep, DefendRollStep, DefendResolveStep, RoundCloseStep, RetreatStep, EnemyAmbushStep, EffectStep,
    ChooseStep,
]
"""Any record on the Champions of Albion stack."""
