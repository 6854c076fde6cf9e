"""The step records of the Buck: Legacy flow (core.flow), one TypedDict per step kind.

Each record is the plain dict on the state's stack; its ``step`` Literal names the kind it is
registered under (setup.py, market.py, ...), so mypy checks the fields each handler reads and
each push writes. Adventurers are seats; cards are instance ids; a kind with no data of its own
reads the state (the fight, the check).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, Union

from game.core.window import WindowRecord

# -- setup (setup.py) --------------------------------------------------------------------------


class CreateStep(TypedDict):
    """Character creation: each seat in priority order picks a Race, a Class, a Starting Weapon (BL-040)."""

    step: Literal["create"]
    seats: list[int]
    pick: Literal["race", "class", "weapon"]


class SetupFinishStep(TypedDict):
    step: Literal["setup_finish"]


# -- Treasure (treasure.py) ---------------------------------------------------------------------


class TreasureStep(TypedDict):
    """A seat receives a Treasure: draw 2 (BL-230)."""

    step: Literal["treasure"]
    seat: int


class KeepTreasureStep(TypedDict):
    """The receiver keeps one of the cards drawn; the other is shuffled back (BL-230)."""

    step: Literal["keep_treasure"]
    seat: int
    cards: list[str]


# -- the Market Part (market.py) ----------------------------------------------------------------


class MarketStartStep(TypedDict):
    step: Literal["market_start"]


class ChooseZoneStep(TypedDict):
    """The Buck Dealer places the Zone (BL-053, A-11)."""

    step: Literal["choose_zone"]


class MarketStep(TypedDict):
    """The Market: ``turn`` is the seat acting now; ``acted`` whether it did anything this turn (A-49)."""

    step: Literal["market"]
    turn: int
    acted: bool
    declined: NotRequired[list[str]]  # offers declined in this Market Part (trade.py)


class InterruptStep(WindowRecord):
    """Higher-priority Adventurers may take over a declared purchase (BL-063, BL-064)."""

    step: Literal["interrupt"]
    buyer: int
    declarer: int
    position: int


class PurchaseStep(TypedDict):
    """Complete a purchase: pay, take the card, refill the shop (BL-057, BL-065, BL-066)."""

    step: Literal["purchase"]
    seat: int
    position: int


class RaiseFundsStep(TypedDict):
    """An interrupter short of Gold sells or takes a Side Job first (BL-066, A-13)."""

    step: Literal["raise_funds"]
    seat: int
    position: int


class GiveCardStep(TypedDict):
    step: Literal["give_card"]
    seat: int
    card: str


class GiveGoldStep(TypedDict):
    step: Literal["give_gold"]
    seat: int
    to: int


class OfferStep(TypedDict):
    """An offer being made (trade.py): to whom (``to``, -1 until chosen), then the price."""

    step: Literal["offer"]
    seat: int
    card: str
    to: int


class TradeStep(TypedDict):
    """An offer made: ``to`` accepts or declines ``card`` for ``price`` Gold (trade.py)."""

    step: Literal["trade"]
    seat: int
    to: int
    card: str
    price: int


class OverflowStep(TypedDict):
    """Too many cards in a backpack, or too many Large cards: dispose of one now (BL-068, BL-075)."""

    step: Literal["overflow"]
    seat: int


class MarketEndStep(TypedDict):
    step: Literal["market_end"]


# -- the Adventure Part (adventure.py) -----------------------------------------------------------


class AdventureStartStep(TypedDict):
    step: Literal["adventure_start"]


class ExplorationStep(TypedDict):
    """Exploration step 1: the Distance total decides whether the Boss appears (BL-079)."""

    step: Literal["exploration"]


class DrawCardsStep(TypedDict):
    """Exploration step 2: each Active Adventurer in priority order draws a Dungeon card (BL-081)."""

    step: Literal["draw_cards"]
    seats: list[int]


class PreparationStep(TypedDict):
    """A Preparation step: each Adventurer in priority order may change gear, trade and
    Transmute until they are ready (BL-083, BL-168). ``acting`` is the seat that has begun to
    prepare: asked until it says it is ready."""

    step: Literal["preparation"]
    seats: list[int]
    acting: NotRequired[int]
    declined: NotRequired[list[str]]  # offers declined in this step (trade.py)


class PlayCardsStep(TypedDict):
    """Exploration step 4: in priority order, each plays their Gifts, Curses and Events (BL-084)."""

    step: Literal["play_cards"]
    seats: list[int]


class ResolveStep(TypedDict):
    """Carry out a card's trigger abilities of one moment in order (``index`` is the next one);
    ``branch`` names a check's ``on_pass`` / ``on_fail`` list of the ability at ``parent``."""

    step: Literal["resolve"]
    seat: int
    card: str
    when: str
    index: int
    branch: str
    parent: int


class SettleCardStep(TypedDict):
    """A played Dungeon card goes where it belongs once resolved (BL-086 to BL-089, BL-100)."""

    step: Literal["settle_card"]
    seat: int
    card: str
    failed: bool


class CheckStep(TypedDict):
    """A check: rolled, changed in its window, then judged (BL-091 to BL-095). ``purpose`` says
    what follows: a card's ``on_pass`` / ``on_fail`` (``card`` + ``index``), Fear or Escape."""

    step: Literal["check"]
    seat: int
    kind: str
    need: int
    purpose: Literal["card", "fear", "escape"]
    card: str
    index: int
    rolled: bool


class HelpStep(WindowRecord):
    """A window in which Adventurers may change what happens (BL-094, BL-115, BL-173): ``moment``
    is ``compare`` (a battle's Compare step), ``check`` (a check die) or ``red`` (the Boss Attack)."""

    step: Literal["help"]
    moment: Literal["compare", "check", "red"]


class CombatPhaseStep(TypedDict):
    step: Literal["combat_phase"]
    seats: list[int]


class ChooseMonsterStep(TypedDict):
    """An Adventurer with several Monsters picks the next to fight (BL-108, A-44)."""

    step: Literal["choose_monster"]
    seat: int


class BattleStep(TypedDict):
    """A battle against a Monster or a Boss round, at its ``stage`` (BL-112 to BL-116, BL-173)."""

    step: Literal["battle"]
    stage: Literal["encounter", "red_done", "after_encounter", "roll", "outcome", "escape", "after_escape", "done"]


class ParryChoiceStep(TypedDict):
    """The fighter keeps an automatic parry or accepts the loss (BL-124, A-19)."""

    step: Literal["parry_choice"]


class UselessChoiceStep(TypedDict):
    """Our Weapons Are Useless!: fail the Escape check, or roll it (BL-180, A-55)."""

    step: Literal["useless_choice"]


class CombatEndStep(TypedDict):
    step: Literal["combat_end"]


class BossAppearsStep(TypedDict):
    step: Literal["boss_appears"]


class BossPhaseStep(TypedDict):
    """A Boss Combat Phase: each Active Adventurer in priority order fights one round (BL-170)."""

    step: Literal["boss_phase"]
    seats: list[int]


class AdventureEndStep(TypedDict):
    """The End of the Adventure Turn (BL-189 to BL-201): ``boss_defeated`` or everyone Stunned."""

    step: Literal["adventure_end"]
    boss_defeated: bool


class NextPartStep(TypedDict):
    """Beneath every step of an Adventure Part: what comes after it. Ending the Adventure at once
    (BL-077, BL-148, BL-177) clears every step above this one."""

    step: Literal["next_part"]


class PickSeatStep(TypedDict):
    """A card's effect Chooses an Adventurer (``purpose``: ``revive``)."""

    step: Literal["pick_seat"]
    seat: int
    purpose: Literal["revive"]
    seats: list[int]


class LoseEquippedStep(TypedDict):
    """A card makes its holder discard one of their equipped items (plan 2.3, Trap)."""

    step: Literal["lose_equipped"]
    seat: int


# -- Transmutation (transmute.py) ------------------------------------------------------------------


class TransmuteStep(TypedDict):
    """An Alchemist Transmutes: picks the top card, then the bottom card (BL-237 to BL-239);
    ``top`` is empty until the top card is picked."""

    step: Literal["transmute"]
    seat: int
    top: str


BLStep = Union[
    CreateStep, SetupFinishStep, TreasureStep, KeepTreasureStep,
    MarketStartStep, ChooseZoneStep, MarketStep, InterruptStep, PurchaseStep, RaiseFundsStep, GiveCardStep,
    GiveGoldStep, OfferStep, TradeStep, OverflowStep, MarketEndStep,
    AdventureStartStep, ExplorationStep, DrawCardsStep, PreparationStep, PlayCardsStep, ResolveStep, SettleCardStep,
    CheckStep, HelpStep, CombatPhaseStep, ChooseMonsterStep, BattleStep, ParryChoiceStep, UselessChoiceStep,
    CombatEndStep, BossAppearsStep, BossPhaseStep, AdventureEndStep, NextPartStep, PickSeatStep, LoseEquippedStep,
    TransmuteStep,
]
"""Every step record of the flow."""
