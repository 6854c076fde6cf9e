"""The exact shape of a Buck: Legacy view (view.py builds it; game.core.views says why
TypedDicts): every key, each nested record its own type. The AI, the table and the terminal
read views through these types, so mypy checks each key they use."""

from __future__ import annotations

from typing import Literal, TypedDict, TypeGuard

from game.core.views import SeatView
from game.rulesets.buck_legacy.state import Part

RULESET = "buck-legacy"


class AdventurerView(TypedDict):
    """One Adventurer's public record (BL-033), and its backpack for its own seat only (BL-073)."""

    seat: int
    name: str
    race: str
    klass: str
    gold: int
    mana: int
    max_mana: int
    tesla: int
    max_tesla: int
    medals: int
    stunned: bool
    strength: int
    strength_parts: list[tuple[str, int]]
    """Combat Strength term by term (view.strength_parts): (what gives it, how much); the terms
    add up to ``strength``."""
    protection: int
    magic_rank: int
    flight: bool
    backpack_limit: int
    large_limit: int
    slots: dict[str, str]
    coatings: dict[str, str]
    transmuted: dict[str, str]
    backpack: list[str] | None
    backpack_size: int
    attached: list[str]
    in_front: list[str]
    distance_deck: list[str]
    defeated: list[str]
    distance: int
    """Distance counters in the Distance Deck (BL-101)."""
    trophies: int
    """Trophy counters in the Distance Deck (BL-101)."""
    actions_left: int
    done: bool
    drew_monster: bool
    supported: bool
    support_received: int
    peeked: str


class FightView(TypedDict):
    """The battle (BL-112 to BL-116, BL-173): dice as rolled and final, Combat Points term by
    term, and the exact odds (odds.py)."""

    fighter: int
    monster: str
    boss: bool
    name: str
    white: int
    black: int
    red: int
    white_final: int
    black_final: int
    red_final: int
    instant_damage: int
    hp: int
    attack: int
    strength: int
    strength_parts: list[tuple[str, int]]
    """The fighter's Combat Strength term by term, against this Monster's resistances and
    vulnerabilities (BL-120 to BL-123)."""
    level: int
    escape: int
    resist: list[str]
    vulnerable: list[str]
    auto_parry: bool
    fighter_cp: int
    monster_cp: int
    win: float
    tie: float
    lose: float
    chance: float


class CheckView(TypedDict):
    """A check die in its window (BL-092, BL-094)."""

    seat: int
    kind: str
    need: int
    die: int
    change: int
    final: int


class DeckSizes(TypedDict):
    items: int
    dungeon: int
    treasure: int


class Discards(TypedDict):
    items: list[str]
    dungeon: list[str]
    treasure: list[str]


class BLView(SeatView):
    """What one seat may know (checklist section 7)."""

    ruleset: Literal["buck-legacy"]
    seat: int | None
    seats: int
    part: Part
    adventure: int
    dealer: int
    priority: list[int]
    quick: bool
    target: int
    bosses_defeated: int
    adventurers: list[AdventurerView]
    shop: list[str]
    shop_size: int
    blind_shop: bool
    zone: str
    distance_total: int
    """The party's Distance toward the Boss: every Distance Deck's Distance counters, an
    Event's twice under the Zone rule that says so (BL-079, A-09)."""
    boss_up: bool
    boss_hp: int
    purple: list[str]
    decks: DeckSizes
    discards: Discards
    fight: FightView | None
    check: CheckView | None
    null_zone: bool
    acid_storm: int
    fortitude: list[str]
    winners: list[int] | None


def is_bl_view(view: SeatView) -> TypeGuard[BLView]:
    """Whether ``view`` is a Buck: Legacy view (its ``ruleset`` says so)."""
    return view.get("ruleset") == RULESET
