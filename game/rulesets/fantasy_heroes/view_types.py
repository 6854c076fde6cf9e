"""The exact shape of a Fantasy Heroes view (view.py builds it; game.core.views says why
TypedDicts): every key, each nested record its own type. The AI, the table and the terminal
read views through these types, so mypy checks each key they use."""

from __future__ import annotations

from typing import Literal, TypedDict, TypeGuard

from game.core.views import SeatView
from game.rulesets.fantasy_heroes.state import Phase

RULESET = "fantasy-heroes"


class SideView(TypedDict):
    """One side of the battle: the cards on the table for it (:class:`state.Side`)."""

    seat: int
    hero: str | None
    minions: list[str]
    artifact: str | None
    artifact_played: bool
    spells: list[str]
    spells_cast: int
    sorcerer_allowance_used: bool


class TotalLineView(TypedDict):
    """One term of a battle total, for the table's badges and tooltips (FH-062)."""

    card: str
    label: str
    amount: int
    rule: str


class BattleView(TypedDict):
    """The battle table: the fields of :class:`state.Battle`, then what the rules derive."""

    attacker: int
    defender: int
    territory: str
    battle_type: str
    sides: list[SideView]
    negated: list[str]
    charges_spent: list[str]
    goblins_paid: list[str]
    window_owner: int
    window_number: int
    window_active: bool
    previous_window_passed: bool
    play_ended: bool
    totals: list[int]
    total_lines: list[list[TotalLineView]]
    spell_levels: list[int]


class PlayerView(TypedDict):
    seat: int
    name: str
    territories: list[str]
    hand_count: int
    eliminated: bool


class RevealView(TypedDict):
    """A hand Scrye shows the viewing seat (FH-131)."""

    of: int
    cards: list[str]


class SeenView(TypedDict):
    """A card the viewing seat knows to be in another seat's hand (``how``: "scrye", "stolen")."""

    seat: int
    card: str
    how: str


class FHView(SeatView):
    """What one seat (None: a spectator) may know of a Fantasy Heroes game."""

    ruleset: Literal["fantasy-heroes"]
    seat: int | None
    turn: int
    active: int
    phase: Phase
    order: list[int]
    short_game: bool
    players: list[PlayerView]
    hand: list[str] | None
    deck_count: int
    discard: list[str]
    territories_out: list[str]
    set_aside_count: int
    walls: list[int]
    attacks_left: int
    battles_this_turn: int
    battle: BattleView | None
    reveals: list[RevealView]
    memory: list[SeenView]
    winners: list[int] | None
    end_reason: str


def is_fh_view(view: SeatView) -> TypeGuard[FHView]:
    """Whether a view from the kernel (``Game.view_for``) is a Fantasy Heroes one."""
    return view.get("ruleset") == RULESET


def own_seat(view: FHView) -> int:
    """The seat a view is for. The AI and a seat's own panel read only a seat's view, never a
    spectator's (whose ``seat`` and ``hand`` are None)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view belongs to no seat")
    return seat


def own_hand(view: FHView) -> list[str]:
    """The viewing seat's hand (see :func:`own_seat`)."""
    hand = view["hand"]
    if hand is None:
        raise ValueError("a spectator's view shows no hand")
    return hand
