"""The state of a Fantasy Adventures game: plain dataclasses of ints, strings and lists.

Cards are owner-qualified instance ids ("1/skulker", "0/fire-fighter#2": core.cards), so a
card always knows whose discard pile it goes back to (FA-064) even while another player
controls it (FA-222). Nothing here holds content objects: a state copies, saves and hashes as
plain data, and derived numbers (melee totals, who may be attacked) are worked out by
totals.py and party.py from what is in play, so they cannot go stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.core.rng import Rng
from game.rulesets.fantasy_adventures.steps import FAStep

RANK_SIZE = 4
"""Positions in a rank (FA-028, FA-029, A-06)."""
GAME_TURNS = 4
"""The game ends after four game turns (FA-037)."""

Stage = Literal["setup", "cards", "placement", "traps", "surprise", "combat", "recovery", "over"]


@dataclass
class Player:
    """One player: his two decks and their discard piles (FA-025), his hand, his party in two
    ranks of four fixed positions (``None`` is an open position, FA-031, A-06), the items each
    hero owns (FA-166), and the per-turn marks the rules keep.

    ``flipped`` and ``feared`` list heroes (FA-113, FA-188); ``used`` lists the abilities used
    this player turn as "<card>:<ability index>" (FA-153, FA-156: once per player turn)."""

    seat: int
    name: str
    hero_deck: list[str] = field(default_factory=list)
    hero_discard: list[str] = field(default_factory=list)
    encounter_deck: list[str] = field(default_factory=list)
    encounter_discard: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    front: list[str | None] = field(default_factory=lambda: [None] * RANK_SIZE)
    back: list[str | None] = field(default_factory=lambda: [None] * RANK_SIZE)
    items: dict[str, list[str]] = field(default_factory=dict)
    flipped: list[str] = field(default_factory=list)
    feared: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)  # summoned this combat round: in play next round (FA-224)
    used: list[str] = field(default_factory=list)
    eliminated: bool = False
    # -- setup (FA-026 to FA-032): the heroes drawn, private until the parties are revealed --
    drawn: list[str] = field(default_factory=list)
    grants_left: int = 0
    # -- this player turn (FA-177, FA-178) --
    attacked: bool = False
    retreated: bool = False

    def heroes(self) -> list[str]:
        """Every hero in the party, front rank first, left to right."""
        return [h for h in self.front + self.back if h is not None]

    def rank_of(self, hero: str) -> Literal["front", "back"]:
        return "front" if hero in self.front else "back"


@dataclass
class Monster:
    """A monster in play in the current Encounter (FA-099 to FA-108).

    ``controller`` is the player it fights for (the monster player, or the joining player's
    opponent under FA-222); its owner is in its instance id. ``hero`` is its assigned hero ("" when
    unassigned); ``pending`` marks a card brought in during a combat round that waits beside the
    party until the next round (FA-224); ``bonus`` is Melee it gained until the end of the
    Encounter, ``melee_bonus`` Melee for its current melee only (FA-239)."""

    card: str
    controller: int
    hero: str = ""
    meleeing: bool = False
    pending: bool = False
    bonus: int = 0
    melee_bonus: int = 0


@dataclass
class Encounter:
    """The Encounter being resolved: the stack placed on ``target``'s party (traps on top,
    FA-055; ``stack`` lists the cards still face down, top first), whether it is a lair
    (FA-056, fixed at placement), and what the combat has put on the table."""

    target: int
    stack: list[str]
    lair: bool
    stage: Stage = "traps"
    entering: str = ""                # the entering hero of the trap round (FA-067)
    trap: str = ""                    # the trap revealed this trap round, until it is discarded (FA-068)
    monsters: list[Monster] = field(default_factory=list)
    round: int = 0                    # combat rounds begun (FA-092)
    defeats: int = 0                  # heroes of the party discarded in this round or stage (FA-075)
    party_penalty: int = 0            # a trap's Melee penalty on every hero this Encounter (T7)
    melee_change: dict[str, int] = field(default_factory=dict)  # a hero's Melee for its current melee (FA-239)
    melee_order: list[str] = field(default_factory=list)       # heroes whose melees remain, in order
    supports: dict[str, list[str]] = field(default_factory=dict)  # supported hero -> supporters (FA-144)
    ranged: list[list[str]] = field(default_factory=list)      # [firing hero, source, target monster]
    surprised: list[str] = field(default_factory=list)         # monsters that achieved surprise (FA-081)
    surprise_roll: int = 0
    quiet_rounds: int = 0             # combat rounds in a row in which nobody left the fight (stand-off)
    round_start: list[int] = field(default_factory=list)       # [monsters, heroes] when the round began
    cast_this_round: list[str] = field(default_factory=list)   # casters since the last unflip (FA-136, FA-236)
    healed: list[str] = field(default_factory=list)            # defeated cards healed before their discard
    gained: dict[str, list[str]] = field(default_factory=dict)  # hero -> effects it has until the end of
    #                                  the Encounter, each the card that gave it ("<card>" or "<card>:<n>")


@dataclass
class FAState:
    seats: int
    rng: Rng
    players: list[Player]
    game_turn: int = 0                # 1 to 4 (FA-037)
    first: int = 0                    # the first monster player (FA-033)
    monster: int = 0                  # the monster player of this player turn (FA-035)
    turns_this_game_turn: int = 0     # player turns played in the current game turn
    stage: Stage = "setup"
    stacks: dict[str, list[str]] = field(default_factory=dict)   # target seat -> stack, top first
    lairs: list[int] = field(default_factory=list)   # targets whose stack holds a trap (FA-056)
    order: list[int] = field(default_factory=list)   # targets in the declared Encounter order (FA-058)
    encounter: Encounter | None = None
    removed: list[str] = field(default_factory=list)  # the cards of eliminated players (FA-040)
    card_counts: list[int] = field(default_factory=list)  # each player's cards in all, for the invariants
    winners: list[int] | None = None
    end_reason: str = ""
    stack: list[FAStep] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)  # fixed rolls for written positions and tests

    def remaining(self) -> list[int]:
        """The players still in the game (FA-040, FA-042)."""
        return [p.seat for p in self.players if not p.eliminated]

    def clockwise_from(self, seat: int) -> list[int]:
        """The players still in the game, clockwise from ``seat`` (itself first if it remains)."""
        return [(seat + i) % self.seats for i in range(self.seats) if not self.players[(seat + i) % self.seats].eliminated]
