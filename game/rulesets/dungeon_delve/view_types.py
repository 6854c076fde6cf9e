"""The exact shape of a Dungeon Delve view (view.py builds it; game.core.views says why
TypedDicts): every key, each nested record its own type. The AI, the table and the terminal
read views through these types, so mypy checks each key they use."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, TypeGuard

from game.core.views import SeatView
from game.rulesets.dungeon_delve.state import Phase

RULESET = "dungeon-delve"


class HeroView(TypedDict):
    """A hero's sheet: the fields of :class:`state.Hero`, then what the rules data works out."""

    id: str
    seat: int
    square: list[int]
    damage: int
    fatigue: int
    knocked_out: bool
    activated: bool
    feat_used: bool
    conditions: list[str]
    items: list[str]
    equipped: list[str]
    exhausted: list[str]
    new_items: list[str]
    effects: list[str]
    gold: int
    name: str
    health: int
    stamina: int
    speed: int


class MonsterView(TypedDict):
    """A monster: the fields of :class:`state.Monster`, its name and its health."""

    id: str
    group: str
    kind: str
    master: bool
    square: list[int]
    damage: int
    conditions: list[str]
    activated: bool
    name: str
    number: str  # the number its name and token carry ("2"), or "" (rulesdata.figure_number)
    health: int


class ActivationView(TypedDict):
    """The hero turn or monster activation in progress (:class:`state.Activation`)."""

    figure: str
    actions_left: int
    mp: int
    moved: bool
    rested: bool
    attacks_made: int
    attacks_allowed: int
    extra_moves: int
    stunned: bool
    immobilized: bool
    held: bool
    slip_away: bool
    feat_as_action: str


class AttackView(TypedDict):
    """The attack being resolved (:class:`state.Attack`)."""

    attacker: str
    weapon: str
    target: list[int]
    ranged: bool
    dice: list[str]
    faces: list[int]
    affected: list[str]
    defense: dict[str, list[list[Any]]]
    """Per defender, its defence dice rolled: [die, face] pairs."""
    shield_bonus: dict[str, int]
    range_bonus: int
    pierce: int
    bonus_hearts: int
    surges_spent: int
    used: list[str]
    blast: bool
    stun: bool
    missed: bool
    reason: str
    skill: str
    cards: list[str]
    defended: list[str]


class CardMomentView(TypedDict):
    """The overlord-card moment being asked about: its timing and the figure concerned."""

    timing: str
    figure: str | None


class DDView(SeatView):
    """What one seat (None: a spectator) may know of a Dungeon Delve game."""

    ruleset: Literal["dungeon-delve"]
    seat: int | None
    quest: str
    round: int
    phase: Phase
    heroes: list[HeroView]
    monsters: list[MonsterView]
    open_doors: list[str]
    search_tokens: list[list[int]]
    search_deck_count: int
    overlord_hand_count: int
    overlord_hand: list[str] | None
    overlord_deck_count: int
    overlord_discard: list[str]
    party_cards: list[str]
    activation: ActivationView | None
    attack: AttackView | None
    card_moment: CardMomentView | None
    winner: str | None
    """"heroes" or "overlord" once the game is over."""
    end_reason: str


def is_dd_view(view: SeatView) -> TypeGuard[DDView]:
    """Whether a view from the kernel (``Game.view_for``) is a Dungeon Delve one."""
    return view.get("ruleset") == RULESET
