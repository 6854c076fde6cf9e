"""The exact shape of a Fantasy Adventures view (view.py builds it; game.core.views says why
TypedDicts): every key, each nested record its own type. The AI and the terminal read views
through these types, so mypy checks each key they use.

A view holds every public fact the rules keep (section 7), so a computer player can rebuild
the table it sees (ai_tools.seen_state) and work out totals with the rules' own functions.
"""

from __future__ import annotations

from typing import Literal, TypedDict, TypeGuard

from game.core.views import SeatView
from game.rulesets.fantasy_adventures.state import Stage

RULESET = "fantasy-adventures"


class PlayerView(TypedDict):
    """One player: his party in two ranks of four positions (None: open) with the items each hero
    owns and its marks, public (FA-167) once the parties are revealed (FA-027); the sizes of his
    decks and hand; his discard piles (A-38). His hand and the heroes he drew at setup show for
    himself alone."""

    seat: int
    name: str
    eliminated: bool
    hand: list[str]
    hand_size: int
    drawn: list[str]
    drawn_size: int
    front: list[str | None]
    back: list[str | None]
    items: dict[str, list[str]]
    flipped: list[str]
    feared: list[str]
    waiting: list[str]
    used: list[str]
    hero_deck: int
    encounter_deck: int
    hero_discard: list[str]
    encounter_discard: list[str]
    attacked: bool
    retreated: bool
    score: int


class StackView(TypedDict):
    """A stack placed this turn (FA-051): its size for everyone; its cards and whether it holds a
    trap for the monster player only (section 7)."""

    size: int
    cards: list[str]
    lair: bool | None


class MonsterView(TypedDict):
    """A monster in play in the Encounter (state.Monster)."""

    card: str
    controller: int
    hero: str
    meleeing: bool
    pending: bool
    bonus: int
    melee_bonus: int


class EncounterView(TypedDict):
    """The Encounter being resolved: what the table shows of it. The face-down stack's cards and
    which monsters achieved surprise are the monster player's alone (section 7)."""

    target: int
    stage: Stage
    lair: bool
    stack_size: int
    stack: list[str]
    entering: str
    trap: str
    round: int
    defeats: int
    party_penalty: int
    melee_change: dict[str, int]
    melee_order: list[str]
    supports: dict[str, list[str]]
    ranged: list[list[str]]
    surprise_roll: int
    surprised: list[str]
    quiet_rounds: int
    round_start: list[int]
    cast_this_round: list[str]
    healed: list[str]
    gained: dict[str, list[str]]
    monsters: list[MonsterView]


class TotalPart(TypedDict):
    label: str
    value: int


class MeleeView(TypedDict):
    """A melee of this round not yet rolled (FA-138): the attacked hero against its meleeing
    monster, each total term by term (support and the Horde bonus among them), and the exact
    odds of the two dice (FA-139 to FA-141)."""

    hero: str
    monster: str
    horde: int
    hero_total: int
    monster_total: int
    hero_parts: list[TotalPart]
    monster_parts: list[TotalPart]
    win: float
    tie: float
    lose: float


class FAView(SeatView):
    """What one seat may know (checklist section 7)."""

    ruleset: Literal["fantasy-adventures"]
    seat: int | None
    seats: int
    stage: Stage
    game_turn: int
    first: int
    monster: int
    stack_limit: int
    players: list[PlayerView]
    stacks: dict[str, StackView]
    order: list[int]
    encounter: EncounterView | None
    melees: list[MeleeView]
    removed: int
    winners: list[int] | None
    end_reason: str


def is_fa_view(view: SeatView) -> TypeGuard[FAView]:
    """Whether ``view`` is a Fantasy Adventures view (its ``ruleset`` says so)."""
    return view.get("ruleset") == RULESET
