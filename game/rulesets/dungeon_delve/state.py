"""The state of a Dungeon Delve game: plain dataclasses of ints, strings and lists.

Squares are stored as two-item lists ``[x, y]`` (JSON-friendly); content (heroes, items,
monsters, cards) is referred to by id. Seat 0 is the overlord; seats 1.. are hero seats,
each controlling one or more heroes (DD-001).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.core.rng import Rng
from game.rulesets.dungeon_delve.steps import DDStep

OVERLORD = 0

Phase = Literal["setup", "heroes", "overlord", "over"]
"""The phase of the game: setting up, the heroes' turns, the overlord's turn, or over."""


@dataclass
class Hero:
    id: str
    seat: int
    square: list[int]
    damage: int = 0
    fatigue: int = 0
    knocked_out: bool = False
    activated: bool = False
    feat_used: bool = False
    conditions: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    equipped: list[str] = field(default_factory=list)
    exhausted: list[str] = field(default_factory=list)
    new_items: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    gold: int = 0


@dataclass
class Monster:
    id: str
    group: str
    kind: str
    master: bool
    square: list[int]
    damage: int = 0
    conditions: list[str] = field(default_factory=list)
    activated: bool = False


@dataclass
class Activation:
    """The hero turn or monster activation in progress."""

    figure: str
    actions_left: int = 2
    mp: int = 0
    moved: bool = False
    rested: bool = False
    attacks_made: int = 0
    attacks_allowed: int = 1
    extra_moves: int = 0
    stunned: bool = False        # Stunned when this turn began: it is discarded at its end
    immobilized: bool = False    # Immobilized when this turn began: likewise
    held: bool = False           # may not move now (Immobilized at the start or during the turn)
    slip_away: bool = False
    feat_as_action: str = ""


@dataclass
class Attack:
    """An attack being resolved (DD-077 to DD-099)."""

    attacker: str
    weapon: str
    target: list[int]
    ranged: bool
    dice: list[str]
    faces: list[int] = field(default_factory=list)
    affected: list[str] = field(default_factory=list)
    defense: dict[str, list[list[Any]]] = field(default_factory=dict)
    shield_bonus: dict[str, int] = field(default_factory=dict)
    range_bonus: int = 0
    pierce: int = 0
    bonus_hearts: int = 0
    surges_spent: int = 0
    used: list[str] = field(default_factory=list)
    blast: bool = False
    stun: bool = False
    missed: bool = False
    reason: str = ""
    skill: str = ""
    cards: list[str] = field(default_factory=list)
    defended: list[str] = field(default_factory=list)


@dataclass
class DDState:
    seats: int
    quest: str
    rng: Rng
    heroes: list[Hero]
    monsters: list[Monster] = field(default_factory=list)
    round: int = 0
    open_doors: list[str] = field(default_factory=list)
    search_tokens: list[list[int]] = field(default_factory=list)
    search_deck: list[str] = field(default_factory=list)
    search_discard: list[str] = field(default_factory=list)
    overlord_deck: list[str] = field(default_factory=list)
    overlord_hand: list[str] = field(default_factory=list)
    overlord_discard: list[str] = field(default_factory=list)
    party_cards: list[str] = field(default_factory=list)
    activation: Activation | None = None
    attack: Attack | None = None
    phase: Phase = "setup"
    reinforcements: int = 0
    dice_script: list[str] = field(default_factory=list)
    winner: str = ""
    end_reason: str = ""
    end_rule: str = ""
    stack: list[DDStep] = field(default_factory=list)

    def hero(self, hero_id: str) -> Hero:
        for h in self.heroes:
            if h.id == hero_id:
                return h
        raise KeyError(hero_id)

    def monster(self, monster_id: str) -> Monster | None:
        for m in self.monsters:
            if m.id == monster_id:
                return m
        return None
