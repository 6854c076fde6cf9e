"""The exact shape of a Champions of Albion view (view.py builds it; game.core.views says why
TypedDicts): every key, each nested record its own type. The AI, the table and the terminal
read views through these types, so mypy checks each key they use."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, TypeGuard

from game.core.views import SeatView
from game.rulesets.champions_of_albion.state import Phase

RULESET = "champions-of-albion"


class AbilityView(TypedDict):
    name: str
    text: str


class ChampionView(TypedDict):
    """A champion in play: its card (name, tracks, printed attributes, abilities) and its state."""

    id: str
    name: str
    short: str
    archetype: str
    seat: int
    space: str
    previous: str
    life: int
    max_life: int
    will: int
    max_will: int
    gold: int
    resources: list[str]
    banes: list[str]
    aid: list[int]
    quest_tokens: int
    unique_used: bool
    skills_used: list[str]
    used_this_round: list[str]
    spells_on: list[list[Any]]
    """[spell id, attribute, amount] until the round ends."""
    spirit_touched: bool
    printed: dict[str, int]
    attributes: dict[str, int]
    unique: AbilityView
    passive: AbilityView


class SeatPlayerView(TypedDict):
    name: str
    champion: str
    lost: bool


class Act1View(TypedDict):
    setup: str
    event_phase: str
    combat_ability: str
    defeat: str


class Act2View(TypedDict):
    start: str
    dv: int
    av: int
    life: int
    behaviour: str
    quest_token_use: str
    defeat: str


class MainEnemyView(TypedDict):
    """Both sides of the main enemy card, with Act 2's statistics as they stand."""

    id: str
    name: str
    lair: str
    act1: Act1View
    act2: Act2View
    on_map: bool


class EnemyView(TypedDict):
    """A standee on the map, with the statistics its card, space, act and main enemy give it."""

    uid: str
    card: str
    kind: str
    """"ordinary", "dangerous" or "main"."""
    name: str
    space: str
    dv: int
    av: int
    life: int
    max_life: int
    damage: int
    treasure: int
    abilities: list[str]


class StoryTestView(TypedDict):
    attribute: str
    difficulty: int
    aid: bool


class StoryFightView(TypedDict):
    mode: str


class StoryView(TypedDict):
    """The story or quest being read: the part in progress, and only the outcomes read out (CA-138)."""

    champion: str
    card: str
    title: str
    deck: str
    quest: bool
    part: int
    parts: int
    scene: str
    kind: str
    """"choice", "test" or "fight"."""
    test: StoryTestView | None
    fight: StoryFightView | None
    choices: list[str]
    roll: int
    total: int
    revealed: list[str]
    previous_scenes: list[str]


class FightView(TypedDict):
    kind: str
    spaces: list[str]
    fighters: list[str]
    duels: dict[str, str]
    round: int
    target: str
    enemies: list[str]
    fallen: list[str]


class TurnView(TypedDict):
    seat: int
    actions: int
    travels: int


class EndingView(TypedDict):
    title: str
    text: str
    outcome: str


class CAView(SeatView):
    """What one seat (None: a spectator) may know of a Champions of Albion game."""

    ruleset: Literal["champions-of-albion"]
    seat: int | None
    act: int
    round: int
    fate: int
    phase: Phase
    initiative: list[int]
    deciding: str
    counterpart: str
    deciding_enemy: str
    players: list[SeatPlayerView]
    champions: list[ChampionView]
    used_champions: list[str]
    main_enemy: MainEnemyView
    enemies: list[EnemyView]
    shadows: list[str]
    quest_tokens: list[str]
    shadow_supply: int
    quest_supply: int
    aid_supply: list[int]
    hand: list[str]
    resource_deck: int
    bane_deck: int
    world_decks: dict[str, int]
    world_used: dict[str, list[str]]
    quest_deck: int
    quest_used: list[str]
    enemy_deck: int
    camp: list[str]
    dangerous_waiting: int
    event_deck: int
    events_seen: list[str]
    round_rules: list[str]
    story: StoryView | None
    fight: FightView | None
    turn: TurnView | None
    last_roll: dict[str, Any]
    """The latest test for the dice tray ({} before the first): champion, attribute, die,
    total, difficulty, passed, why (as the state keeps it)."""
    outcome: str | None
    """"victory" or "defeat" once over."""
    end_reason: str
    ending: EndingView | None


def is_ca_view(view: SeatView) -> TypeGuard[CAView]:
    """Whether a view from the kernel (``Game.view_for``) is a Champions of Albion one."""
    return view.get("ruleset") == RULESET
