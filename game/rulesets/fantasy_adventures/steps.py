"""The step records of the Fantasy Adventures flow (core.flow), one TypedDict per step kind.

Each record is the plain dict on the state's stack; its ``step`` Literal names the kind it is
registered under (setup.py, turn.py, placement.py, traps.py, surprise.py, combat.py,
defeat.py), so mypy checks the fields each handler reads and each push writes. Players are
seats; cards are instance ids; the Encounter in progress is in the state (state.encounter).
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

from game.core.window import WindowRecord

# -- setup (setup.py) ------------------------------------------------------------------------------


class SetupDiscardStep(TypedDict):
    """A player discards 2 of the 10 heroes he drew (FA-027), in secret."""

    step: Literal["setup_discard"]
    seat: int


class SetupRankStep(TypedDict):
    """A player places four heroes in a rank, left to right (FA-028, A-05), in secret."""

    step: Literal["setup_rank"]
    seat: int
    rank: Literal["front", "back"]


class GrantStep(TypedDict):
    """A player grants items from his hand to heroes of his party, up to ``left`` more
    (FA-032 at setup, FA-177/FA-178 in recovery); ``rule`` names which."""

    step: Literal["grant"]
    seat: int
    left: int
    rule: str


class RevealPartiesStep(TypedDict):
    """Every party is turned face up at once (FA-027), then the first player is rolled for."""

    step: Literal["reveal_parties"]


# -- the player turn (turn.py) ---------------------------------------------------------------------


class PlayerTurnStep(TypedDict):
    """The monster player's turn begins: stage I Cards (FA-043, FA-046)."""

    step: Literal["player_turn"]


class MulliganStep(TypedDict):
    """The monster player may discard his whole hand before drawing (FA-048)."""

    step: Literal["mulligan"]


class DrawStep(TypedDict):
    step: Literal["draw"]


class NextEncounterStep(TypedDict):
    """The next Encounter in the declared order begins, or the recovery stage (FA-097)."""

    step: Literal["next_encounter"]


class RearrangeStep(TypedDict):
    """A player may move his heroes between positions in the recovery stage (FA-179)."""

    step: Literal["rearrange"]
    seat: int
    moves_left: int


class EndTurnStep(TypedDict):
    """Elimination check, then the next player turn or the end of the game (FA-040, FA-037)."""

    step: Literal["end_turn"]


# -- stage II Placement (placement.py) -------------------------------------------------------------


class PlaceStep(TypedDict):
    """The monster player builds his Encounter stacks, a card at a time (FA-051 to FA-057);
    ``target`` is the party whose stack is being built (-1: none yet)."""

    step: Literal["place"]
    target: int


class OrderStep(TypedDict):
    """The monster player declares the order of the Encounters (FA-058)."""

    step: Literal["encounter_order"]
    declared: int


# -- an Encounter: traps, surprise, combat (traps.py, surprise.py, combat.py) ----------------------


class TrapRoundStep(TypedDict):
    """A trap round begins: are traps left (FA-065, FA-066)?"""

    step: Literal["trap_round"]


class EnteringStep(TypedDict):
    """The hero player picks the entering hero (FA-067, FA-074)."""

    step: Literal["entering"]


class RevealTrapStep(TypedDict):
    step: Literal["reveal_trap"]


class DisarmStep(TypedDict):
    """The disarm roll for ``trap`` (FA-070 to FA-072)."""

    step: Literal["disarm"]
    trap: str


class RetreatStep(TypedDict):
    """After a round or stage in which a hero of the party was defeated, the hero player may
    retreat (FA-075); ``then`` is where play goes on if he does not."""

    step: Literal["retreat"]
    when: Literal["trap", "surprise", "combat"]


class RetreatPenaltyStep(TypedDict):
    """Who pays for a retreat: the monster player picks an item, or the hero player a hero
    (FA-077, FA-078)."""

    step: Literal["retreat_penalty"]


class LoseItemStep(TypedDict):
    """A trap makes the entering hero lose one item of the monster player's choice (plan T2)."""

    step: Literal["lose_item"]
    hero: str


class SurpriseStep(TypedDict):
    """The surprise roll (FA-080, FA-081)."""

    step: Literal["surprise"]


class SurpriseRollStep(TypedDict):
    step: Literal["surprise_roll"]


class DuelChoiceStep(TypedDict):
    """The monster player may start one duel (FA-082)."""

    step: Literal["duel_choice"]


class DuelStep(TypedDict):
    step: Literal["duel"]
    monster: str
    hero: str


class CombatStartStep(TypedDict):
    """The stack is revealed and the combat stage begins (FA-091)."""

    step: Literal["combat_start"]


class RoundStep(TypedDict):
    """A combat round begins (FA-092), or the Encounter ends (FA-094, FA-095)."""

    step: Literal["combat_round"]


class AssignStep(TypedDict):
    """The monster player assigns an unassigned monster to a hero (FA-099 to FA-107)."""

    step: Literal["assign"]
    first: bool


class MeleeingStep(TypedDict):
    """The monster player names the meleeing monster of each Horde (FA-101, FA-108); ``hero``
    names the one Horde whose meleeing monster left the fight before its melee, for which he
    declares another at once (FA-103), "" in the Assignment phase (every Horde)."""

    step: Literal["meleeing"]
    hero: str


class MeleeOrderStep(TypedDict):
    """The monster player declares the order of the melees (FA-104)."""

    step: Literal["melee_order"]
    declared: list[str]


class RangedTargetStep(TypedDict):
    """The hero player names a target for each Ranged attack, then the order in which they are
    rolled (FA-119): ``order`` lists indices into ``attacks``, the first to roll first."""

    step: Literal["ranged_target"]
    attacks: list[list[str]]
    order: list[int]


class RangedRollStep(TypedDict):
    step: Literal["ranged_roll"]


class SupportStep(TypedDict):
    """The hero player declares supports (FA-144 to FA-147)."""

    step: Literal["support"]


class MeleeStep(TypedDict):
    """The next melee in the declared order (FA-137 to FA-141)."""

    step: Literal["melee"]


class MeleeWinStep(TypedDict):
    """A hero won its melee: the hero player picks the monster it defeats (FA-139, FA-206)."""

    step: Literal["melee_win"]
    hero: str


class ActionStep(TypedDict):
    """The Action phase: the hero player and the monster player alternate actions (FA-162,
    FA-163); ``turn`` is whose action it is, ``last`` marks the one action left after a pass."""

    step: Literal["action"]
    turn: int
    last: bool


class RoundEndStep(TypedDict):
    """End of the combat round: unflip (FA-116), the retreat choice (FA-093)."""

    step: Literal["round_end"]


class EncounterEndStep(TypedDict):
    step: Literal["encounter_end"]
    reason: str


# -- effects (effects.py) --------------------------------------------------------------------------


class SummonPlaceStep(TypedDict):
    """The hero player places the hero ``hero`` he just summoned in an open position (FA-223)."""

    step: Literal["summon_place"]
    hero: str


# -- defeat (defeat.py) ----------------------------------------------------------------------------


class DefeatStep(TypedDict):
    """``card`` was defeated: saves are rolled, then everyone may heal it, then it is discarded
    (FA-062, FA-218); ``cause`` says how (for the log and immunity)."""

    step: Literal["defeat"]
    card: str
    cause: str


class DiscardDefeatedStep(TypedDict):
    step: Literal["discard_defeated"]
    card: str


# -- response windows (windows.py) -----------------------------------------------------------------


class ResponseWindowStep(WindowRecord):
    """A response window (checkpoint W1 to W10, 6.1): every player in priority order may play
    one eligible effect or pass; after an effect the order starts again after its player."""

    step: Literal["response"]
    checkpoint: str


class HealWindowStep(WindowRecord):
    """The heal window after a defeat (WD, FA-202): only healing effects."""

    step: Literal["heal_window"]
    card: str


FAStep = Union[
    SetupDiscardStep, SetupRankStep, GrantStep, RevealPartiesStep,
    PlayerTurnStep, MulliganStep, DrawStep, NextEncounterStep, RearrangeStep, EndTurnStep,
    PlaceStep, OrderStep,
    TrapRoundStep, EnteringStep, RevealTrapStep, DisarmStep, LoseItemStep, RetreatStep, RetreatPenaltyStep,
    SurpriseStep, SurpriseRollStep, DuelChoiceStep, DuelStep, CombatStartStep, RoundStep, AssignStep, MeleeingStep,
    MeleeOrderStep, RangedTargetStep, RangedRollStep, SupportStep, MeleeStep, MeleeWinStep,
    ActionStep, RoundEndStep, EncounterEndStep,
    SummonPlaceStep, DefeatStep, DiscardDefeatedStep,
    ResponseWindowStep, HealWindowStep,
]
