"""The state of a Buck: Legacy game: plain dataclasses of ints, strings and lists.

Cards are instance ids (content.py). Nothing here holds content objects, so a state copies,
saves and hashes as plain data. Derived values (Combat Strength, Protection, maximum values)
are never stored: stats.py works them out from what is in play, so they cannot go stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from game.core.rng import Rng
from game.rulesets.buck_legacy.steps import BLStep

Part = Literal["setup", "market", "exploration", "combat", "boss", "end", "over"]
"""Where the game is: setup, a Market Part, an Adventure Part's Exploration or Combat Phase,
a Boss Combat Phase (the Boss's Exploration Phase is ``exploration`` with ``boss_up``), the End
of the Adventure Turn (its Treasures and final actions, before the next Market), or over."""

MARKET_ACTIONS = 3
"""Market Actions per Adventurer per Market Part (BL-051)."""

R = TypeVar("R")


@dataclass
class Adventurer:
    """One player and their character (BL-001), with the record of their Stat Card (BL-033).

    ``slots`` maps an equipment slot to the card in it (BL-067); ``backpack`` is private
    (BL-073); ``attached`` holds Gifts and Curses (BL-090); ``in_front`` the Dungeon cards drawn
    this Exploration Phase and not yet played or fought (BL-081); ``distance_deck`` their public
    Distance Deck, of which ``defeated`` lists the vertical cards (BL-101, BL-102).
    ``coatings`` maps a weapon to the single-use card attached to it (AK-30), ``transmuted``
    a transmuted item's top card to its bottom card (BL-239)."""

    seat: int
    name: str
    race: str = ""
    klass: str = ""
    gold: int = 0
    mana: int = 0
    tesla: int = 0
    medals: int = 0
    stunned: bool = False
    slots: dict[str, str] = field(default_factory=dict)
    backpack: list[str] = field(default_factory=list)
    attached: list[str] = field(default_factory=list)
    in_front: list[str] = field(default_factory=list)
    distance_deck: list[str] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)
    coatings: dict[str, str] = field(default_factory=dict)
    transmuted: dict[str, str] = field(default_factory=dict)
    # -- the Market Part (BL-051, A-49) --
    actions_left: int = MARKET_ACTIONS
    done: bool = False
    # -- the Adventure Part --
    drew_monster: bool = False        # in the last Exploration Phase: no Support this Combat Phase (BL-137)
    supported: bool = False           # has declared Support this Combat Phase (BL-137)
    support_received: int = 0        # CS from Support, until the end of the Combat Phase (BL-139, BL-140)
    fought_this_phase: bool = False   # revived in a Combat Phase: fights nothing more in it (BL-151, BL-153)
    temp_protection: int = 0         # until the end of the Combat Phase (BL-215, single-use items)
    flight_until: str = ""           # "exploration" or "adventure": temporary Flight (BL-218)
    weapon_types: list[str] = field(default_factory=list)  # added by Spark, Ember, Retribution to the end of
    #                                  the current (or, cast outside one, the next) Combat Phase (BL-125, A-23)
    spells_this_phase: list[str] = field(default_factory=list)   # once-per-Combat-Phase spells (BL-208)
    uses_this_phase: list[str] = field(default_factory=list)     # once-per-phase abilities, by card
    used_once: list[str] = field(default_factory=list)           # once-per-Adventure abilities, by card
    peeked: str = ""                 # the Scout's private look at the top Dungeon card (section 7)

    @property
    def active(self) -> bool:
        return not self.stunned


@dataclass
class Fight:
    """The battle in progress (BL-112 to BL-136, BL-170 to BL-181): who fights what, the dice and
    what changes them. ``white`` / ``black`` / ``red`` are the rolled faces (0: not rolled);
    ``white_mod`` / ``black_mod`` the changes applied to them after the roll (Voltage Surge, items),
    on top of the standing modifiers stats.py reads."""

    fighter: int
    monster: str                      # the Monster's instance id, or the Zone's id for the Boss
    boss: bool = False
    white: int = 0
    black: int = 0
    red: int = 0
    white_mod: int = 0
    black_mod: int = 0
    red_mod: int = 0
    instant_damage: int = 0
    hp: int = 0                       # the Monster's HP left (a Monster with HP, BL-133)
    attack: int = 0                   # the final red die: the Boss Attack result of this round (BL-173)
    attack_applied: bool = False
    parry_waived: bool = False
    lost: bool = False                # Fear failed: lost without rolling (BL-098)
    escaped: bool = False             # the Escape check after a loss passed (BL-131)
    boss_roll: int = 0                # a red-6 Special Ability's bonus to the Boss's roll this round
    boss_lost: bool = False           # a red-6 "loses unless Flight" (plan 2.3)


@dataclass
class Check:
    """A check die in its window (BL-092, BL-094): whose, what kind, the number needed and the die."""

    seat: int
    kind: str
    need: int
    die: int = 0
    change: int = 0
    card: str = ""                    # the card that calls for it ("" for an Escape check)


@dataclass
class BLState:
    seats: int
    quick: bool
    rng: Rng
    adventurers: list[Adventurer]
    target: int = 2                   # Bosses to defeat (BL-004)
    blind_shop: bool = False          # option A-02
    buck_stays: bool = False          # option A-12
    large_equipped_only: bool = False  # option A-14
    protection_every_stun: bool = False  # option A-52
    literal_useless: bool = False     # option A-55
    adventure_limit: int = 0          # house rule: the game ends after this many Adventures (0: no limit)
    dealer: int = 0                   # holder of the Buck token (BL-045)
    part: Part = "setup"
    adventure: int = 0                # Adventure Parts begun so far
    items_deck: list[str] = field(default_factory=list)
    items_discard: list[str] = field(default_factory=list)
    dungeon_deck: list[str] = field(default_factory=list)
    dungeon_discard: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    purple: list[str] = field(default_factory=list)       # Zone/Boss cards that may still be chosen
    removed: list[str] = field(default_factory=list)      # out of the game: defeated Bosses, Starting Weapons
    characters: list[str] = field(default_factory=list)   # Race, Class and Starting Weapon cards not taken
    shop: list[str] = field(default_factory=list)
    zone: str = ""                    # the active Zone/Boss card (BL-160)
    boss_up: bool = False             # turned to its Boss side (BL-166)
    boss_hp: int = 0
    bosses_defeated: int = 0
    dungeon_dry: bool = False         # nobody could draw: the Boss appears next
    null_zone: bool = False           # this Combat Phase (BL-224)
    acid_storm: int = 0               # Level change to every Monster this Combat Phase (BL-226): -1 a cast
    fortitude: list[str] = field(default_factory=list)   # Monsters with -1 to their rolls (BL-225)
    fight: Fight | None = None
    checks: list[Check] = field(default_factory=list)    # checks in their windows; one may start in another's
    unfought: list[str] = field(default_factory=list)     # Monsters of Stunned Adventurers (BL-146)
    idle_turns: int = 0               # Market turns in a row in which nobody did anything
    winners: list[int] | None = None
    end_reason: str = ""
    stack: list[BLStep] = field(default_factory=list)
    dice_script: list[int] = field(default_factory=list)  # fixed rolls for written positions and tests

    def __deepcopy__(self, memo: dict[int, Any]) -> BLState:
        """An independent copy (``copy.deepcopy``: a clone, an undo point, a search's
        determinization), made field by field: the state is plain data without shared parts
        (no list or record is held twice), so this is what the generic deep copy would make,
        several times faster. A new field holding records or nested lists needs its line here
        (tests/buck_legacy/test_state_copy.py checks that a copy shares nothing)."""
        new = _copied(self)  # every list of ids and numbers (decks, piles, the shop...) copied
        new.adventurers = [_copied(adv) for adv in self.adventurers]
        new.rng = _copied(self.rng)
        new.fight = None if self.fight is None else _copied(self.fight)
        new.checks = [_copied(check) for check in self.checks]
        new.stack = [_plain_copy(step) for step in self.stack]
        return new

    @property
    def check(self) -> Check | None:
        """The check whose die is on the table now (the latest begun)."""
        return self.checks[-1] if self.checks else None

    def monster_in_battle(self) -> str | None:
        """The Monster card the battle holds: none in a Boss round, nor once the Monster is
        defeated, when it lies in its victor's Distance Deck at once (BL-128) though the battle
        goes on until its "when you win" abilities are done (an Item drawn into a full backpack
        asks a question first)."""
        fight = self.fight
        if fight is None or fight.boss or fight.monster in self.adventurers[fight.fighter].distance_deck:
            return None
        return fight.monster

    def priority(self) -> list[int]:
        """Every seat in Buck priority order: the Dealer first, then to the left (BL-045)."""
        return [(self.dealer + i) % self.seats for i in range(self.seats)]

    def active_in_priority(self) -> list[int]:
        """The Active Adventurers in priority order (BL-048)."""
        return [s for s in self.priority() if not self.adventurers[s].stunned]

    def rank(self, seat: int) -> int:
        """A seat's place in priority order: 0 for the Dealer (BL-045)."""
        return (seat - self.dealer) % self.seats


def _copied(record: R) -> R:
    """A copy of a record whose list and dict fields are copied too, one level down (they hold
    card ids, seats and numbers)."""
    fields = dict(record.__dict__)
    for name, value in fields.items():
        if type(value) is list or type(value) is dict:
            fields[name] = value.copy()
    new: R = object.__new__(type(record))
    new.__dict__ = fields
    return new


def _plain_copy(value: Any) -> Any:
    """A copy of plain data (a step record): lists and dicts copied all the way down."""
    if type(value) is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_plain_copy(item) for item in value]
    return value
