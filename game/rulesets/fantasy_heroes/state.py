"""The state of a Fantasy Heroes game: plain dataclasses of ints, strings and lists.

Cards are referred to by instance id (battle cards: their definition id, as each is
unique; territories: "castle#1" … "swamp#3"). Nothing here holds content objects, so
a state copies, saves and hashes as plain data (STYLE 11).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.core.rng import Rng
from game.rulesets.fantasy_heroes.steps import FHStep

ATTACKER, DEFENDER = 0, 1

Phase = Literal["setup", "draw", "attack", "over"]
"""The phase of the game: dealing, a turn's Draw Phase or Attack Phase, or over."""


@dataclass
class Side:
    """One side of a battle: the cards on the table for it."""

    seat: int
    hero: str | None = None
    minions: list[str] = field(default_factory=list)
    artifact: str | None = None
    artifact_played: bool = False
    spells: list[str] = field(default_factory=list)
    spells_cast: int = 0
    sorcerer_allowance_used: bool = False

    def cards(self) -> list[str]:
        """Every card of this side on the table."""
        out = [self.hero] if self.hero else []
        out += self.minions
        if self.artifact:
            out.append(self.artifact)
        return out + self.spells


@dataclass
class Battle:
    """A battle in progress (checklist 3.4-3.10)."""

    attacker: int
    defender: int
    territory: str
    battle_type: str
    sides: list[Side]
    negated: list[str] = field(default_factory=list)
    charges_spent: list[str] = field(default_factory=list)
    goblins_paid: list[str] = field(default_factory=list)
    window_owner: int = ATTACKER
    window_number: int = 1
    window_active: bool = True
    previous_window_passed: bool = False
    play_ended: bool = False

    def side_of(self, seat: int) -> int | None:
        if seat == self.attacker:
            return ATTACKER
        if seat == self.defender:
            return DEFENDER
        return None


@dataclass
class Player:
    seat: int
    name: str
    hand: list[str] = field(default_factory=list)
    territories: list[str] = field(default_factory=list)
    eliminated: bool = False


@dataclass
class Reveal:
    """A hand shown to one seat by Scrye, until that seat's next decision ends (FH-131)."""

    viewer: int
    of: int
    cards: list[str]


@dataclass
class Seen:
    """A card a seat knows to be in another seat's hand now (AI memory, section 7): seen there
    through Scrye, or stolen from the seat remembering it. It is forgotten when the card leaves
    that hand, so a seat's memory never holds more than the cards in the other hands."""

    seat: int
    card: str
    how: str


@dataclass
class FHState:
    seats: int
    short_game: bool
    turn_limit: int
    rng: Rng
    players: list[Player]
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    territories_out: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    active: int = 0
    turn: int = 0
    phase: Phase = "setup"
    attacks_left: int = 0
    battles_this_turn: int = 0
    fly_played: bool = False
    walls: list[int] = field(default_factory=list)
    battle: Battle | None = None
    deck_ran_out: bool = False
    reveals: list[Reveal] = field(default_factory=list)
    memory: list[list[Seen]] = field(default_factory=list)
    winners: list[int] | None = None
    end_reason: str = ""
    end_rule: str = ""
    stack: list[FHStep] = field(default_factory=list)

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def alive(self) -> list[int]:
        """Seats still in the game, in turn order."""
        return [s for s in self.order if not self.players[s].eliminated]

    def in_order_from(self, seat: int) -> list[int]:
        """Living seats in turn order, starting with ``seat``."""
        order, players = self.order, self.players
        i = order.index(seat)
        rotated = order[i:] + order[:i]
        for s in rotated:  # (asked at nearly every phase and card played: most games eliminate nobody)
            if players[s].eliminated:
                return [s for s in rotated if not players[s].eliminated]
        return rotated
