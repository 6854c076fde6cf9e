"""The state of a Champions of Albion game: plain dataclasses of ints, strings and lists.

Content (champions, resources, banes, enemies, stories) is referred to by id; spaces by
their map id. Every seat plays one champion at a time (G-01); ``Seat.champion`` is ""
while the seat has none in play. Decks are lists with the top card first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.core.rng import Rng
from game.rulesets.champions_of_albion.steps import CAStep

MAIN = "main"
"""The standee id of the main enemy once it is on the map (Act 2)."""

Phase = Literal["setup", "start", "event", "action", "story", "combat", "end", "over"]
"""The phase of the round (or setting up, or over)."""


@dataclass
class ChampionState:
    """A champion in play: its card, where it stands, its tracks and what is attached."""

    id: str
    seat: int
    space: str
    life: int
    will: int
    previous: str = ""          # the space it came from by its last move (CA-044, G-12)
    gold: int = 0
    resources: list[str] = field(default_factory=list)
    banes: list[str] = field(default_factory=list)
    aid: list[int] = field(default_factory=list)  # the values of its aid tokens (+1 / +2)
    quest_tokens: int = 0
    unique_used: bool = False   # this round (CA-039)
    skills_used: list[str] = field(default_factory=list)   # combat skills turned sideways (CA-169)
    used_this_round: list[str] = field(default_factory=list)  # once-per-round card effects and passives
    spells_on: list[list[Any]] = field(default_factory=list)  # [spell id, attribute, amount] until the round ends
    will_loss_ignored: bool = False  # the Warden's passive has been used this round


@dataclass
class Seat:
    name: str
    champion: str = ""          # the champion in play, "" if none
    lost: bool = False          # its champion fell in Act 2 (CA-129)
    defeated_at: int = 0        # 10 x act + round when its last champion fell (CA-128, CA-158)


@dataclass
class EnemyState:
    """One enemy standee on the map (G-21: damage per standee, kept until it leaves)."""

    uid: str
    card: str                   # an enemy, more dangerous enemy or main enemy id
    kind: str                   # "ordinary", "dangerous" or "main"
    space: str
    damage: int = 0


@dataclass
class Turn:
    """The action-phase turn in progress (CA-035)."""

    seat: int
    actions: int = 0            # actions taken (at most 3)
    travels: int = 0
    rests: int = 0


@dataclass
class Fight:
    """A fight in progress: the combat phase, a story fight or an ambush (3.6, 3.7).

    ``kind`` is "phase" (the combat phase, every contested space), "story" (one space,
    from a story or event), "ambush_by" (a champion ambushes: one attack, CA-111) or
    "ambushed" (an enemy ambushes: one defence, CA-112). ``fighters`` are the champions
    still fighting; ``duels`` pairs a duelling enemy with its champion (CA-117 to CA-122).
    """

    kind: str
    spaces: list[str]
    fighters: list[str]
    round: int = 0
    duels: dict[str, str] = field(default_factory=dict)
    no_retreat: bool = False
    target: str = ""            # the enemy a story fight is about (its defeat is the win)
    owner: str = ""             # the champion whose story or quest this is (G-41)
    quiet: dict[str, int] = field(default_factory=dict)  # combat rounds without a loss, per space (G-43)
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)  # per champion this combat round
    rerolled: list[str] = field(default_factory=list)   # champions who used their reroll this combat round
    enemies: list[str] = field(default_factory=list)    # the enemies in this fight ([] = all on its spaces)
    fallen: list[str] = field(default_factory=list)     # defeated this combat round; they still strike (CA-086)
    left: list[str] = field(default_factory=list)       # champions who retreated (CA-105)
    killer: str = ""            # who dealt the killing blow to the target
    owner_fighting: bool = False  # the story's owner was still fighting when the target fell (G-41)
    hurt: list[str] = field(default_factory=list)       # spaces where life or will was lost this combat round (G-43)


@dataclass
class StoryState:
    """The story being resolved (3.9): the card, the part, and what has been revealed."""

    champion: str
    card: str
    quest: bool
    part: int = 0
    roll: int = 0               # the die of the test in progress (after aid, capped at 6)
    total: int = 0
    rerolled: bool = False
    revealed: list[str] = field(default_factory=list)   # outcome texts shown so far (CA-138)
    completed: bool = False
    space: str = ""             # where it was drawn (a quest: the quest token's space)
    target: str = ""            # the enemy of a story fight
    killer: str = ""            # who defeated it


@dataclass
class CAState:
    seats: int
    main_enemy: str
    rng: Rng
    players: list[Seat]
    champions: list[ChampionState] = field(default_factory=list)
    used_champions: list[str] = field(default_factory=list)
    act: int = 1
    round: int = 0              # round within the act (1-5)
    fate: int = 1               # the fate marker (CA-002, G-04)
    phase: Phase = "setup"
    initiative: list[int] = field(default_factory=list)   # seats in this round's order
    turn: Turn | None = None
    hand: list[str] = field(default_factory=list)
    resource_deck: list[str] = field(default_factory=list)
    bane_deck: list[str] = field(default_factory=list)
    world_decks: dict[str, list[str]] = field(default_factory=dict)   # draw piles by space kind
    world_used: dict[str, list[str]] = field(default_factory=dict)    # face up at the bottom (CA-146)
    quest_deck: list[str] = field(default_factory=list)
    quest_used: list[str] = field(default_factory=list)
    enemy_deck: list[str] = field(default_factory=list)
    camp: list[str] = field(default_factory=list)
    dangerous_waiting: list[str] = field(default_factory=list)      # face down beside the main enemy
    event_deck: list[str] = field(default_factory=list)
    events_seen: list[str] = field(default_factory=list)
    enemies: list[EnemyState] = field(default_factory=list)
    next_enemy: int = 1
    shadows: list[str] = field(default_factory=list)        # spaces, one entry per token on the map
    shadow_backs: list[str] = field(default_factory=list)   # the back of each of those tokens, same order
    shadow_supply: list[str] = field(default_factory=list)  # backs, face down (G-28)
    quest_tokens: list[str] = field(default_factory=list)   # spaces holding a quest token
    quest_supply: list[str] = field(default_factory=list)
    aid_supply: list[int] = field(default_factory=list)
    will_penalty: int = 0       # champions start with this much less will (Arawn's setup, G-31)
    main_dv_bonus: int = 0
    main_av_bonus: int = 0
    main_life: int = 0
    round_rules: list[str] = field(default_factory=list)    # event rules in force this round
    next_rules: list[str] = field(default_factory=list)     # event rules for the next round
    story: StoryState | None = None
    fight: Fight | None = None
    dice_script: list[int] = field(default_factory=list)    # fixed rolls for written positions and tests
    last_roll: dict[str, Any] = field(default_factory=dict)  # the latest test, for the dice tray
    outcome: str = ""           # "victory" or "defeat" once over
    end_reason: str = ""
    end_rule: str = ""
    ending: str = ""            # the ending card read (CA-028)
    stack: list[CAStep] = field(default_factory=list)

    def champion(self, champion_id: str) -> ChampionState:
        for c in self.champions:
            if c.id == champion_id:
                return c
        raise KeyError(champion_id)

    def seat_champion(self, seat: int) -> ChampionState | None:
        cid = self.players[seat].champion
        return self.champion(cid) if cid else None

    def enemy(self, uid: str) -> EnemyState | None:
        for e in self.enemies:
            if e.uid == uid:
                return e
        return None
