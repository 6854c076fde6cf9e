"""The context every step of the Buck: Legacy flow works in, and the mechanics the steps
share: names for the log, dice and the Rule of Six (BL-117), the decks and their discard
piles (BL-028, BL-032), where a card goes when it leaves a backpack or a slot (BL-069,
BL-026, BL-027), and the limits a backpack must keep (BL-068, BL-075).

Derived values (Combat Strength, Protection, maximum values) are in stats.py.
"""

from __future__ import annotations

from game.core.cards import definition_id
from game.core.context import BaseContext
from game.core.dice import roll
from game.core.events import EventLog
from game.core.flow import Flow
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.state import Adventurer, BLState
from game.rulesets.buck_legacy.steps import BLStep

FLOW: Flow["Ctx"] = Flow()

DECK_NAMES = {"items": "Items", "dungeon": "Dungeon", "treasure": "Treasure"}
SETTINGS = {"market": "market", "raise_funds": "market", "interrupt": "market", "preparation": "preparation",
            "help": "help", "overflow": "overflow"}
"""The steps an Adventurer acts in, by the setting their acts are logged under (:meth:`Ctx.setting`)."""


def clamp_die(value: int) -> int:
    """The Rule of Six: a die's final value is never below 1 or above 6 (BL-117)."""
    return max(1, min(6, value))


class Ctx(BaseContext[BLState, BLStep]):
    def __init__(self, state: BLState, content: BLContent, log: EventLog) -> None:
        super().__init__(state, log)
        self.content = content

    # -- names ---------------------------------------------------------------------------------

    def adventurer(self, seat: int) -> Adventurer:
        return self.state.adventurers[seat]

    def who(self, seat: int) -> str:
        return self.state.adventurers[seat].name

    def name(self, card: str) -> str:
        return self.content.card(card).name

    def setting(self) -> str:
        """Where the seat acting now acts: ``market``, ``preparation``, ``help`` (the window of a
        fight or a check) or ``overflow`` (keeping the backpack's limits), by the innermost such
        step on the stack; "" elsewhere. Acts carry it in their events' data (``via``), so a
        reader of the log tells a Market purchase of Gold from one in a window (usage.py)."""
        for step in reversed(self.state.stack):
            found = SETTINGS.get(step["step"])
            if found:
                return found
        return ""

    # -- dice (BL-037, BL-117) ----------------------------------------------------------------

    def roll(self, die: str) -> int:
        """Roll one of the game's dice (``white``, ``black``, ``red`` or ``plain``): from the
        generator, or the next entry of a written position's dice script ("white:5" or 5)."""
        return roll(self.state.rng, self.content.dice[die].die, self.state.dice_script) + 1

    # -- decks and discard piles (BL-028 to BL-032) ---------------------------------------------

    def _piles(self, deck: str) -> tuple[list[str], list[str]]:
        state = self.state
        if deck == "items":
            return state.items_deck, state.items_discard
        if deck == "dungeon":
            return state.dungeon_deck, state.dungeon_discard
        return state.treasure_deck, state.treasure_discard

    def draw(self, deck: str) -> str | None:
        """The top card of ``deck``; an empty deck is first made again from its discard pile,
        shuffled; with both empty nothing is drawn (BL-032, A-34)."""
        pile, discard = self._piles(deck)
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.state.rng.shuffle(pile)
            self.emit("reshuffle", "BL-032", f"The {DECK_NAMES[deck]} discard pile is shuffled into a new deck.",
                      deck=deck)
        return pile.pop() if pile else None

    def discard(self, card: str) -> None:
        """Put a card face up beside its own deck (BL-028). A Starting Weapon is not discarded: it
        leaves the game (BL-069); so does a Zone/Boss card, whose deck is public and kept apart."""
        deck = self.content.card(card).deck
        if deck in ("items", "dungeon", "treasure"):
            self._piles(deck)[1].append(card)
        else:
            self.state.removed.append(card)

    # -- a card leaving an Adventurer (BL-026, BL-027, BL-069, BL-242) ---------------------------

    def unequip(self, seat: int, slot: str, *, to_backpack: bool = True) -> str:
        """Take the card off ``slot``. A Starting Weapon leaves the game (BL-069); a coating on the
        weapon is discarded (BL-027); a transmuted item comes apart into the backpack (BL-242).
        Otherwise the card goes to the backpack (BL-070), or nowhere when ``to_backpack`` is
        False (the caller moves it). Returns the card taken off."""
        adv = self.adventurer(seat)
        card = adv.slots.pop(slot)
        self._separate(adv, card)
        gear = self.content.gear(card)
        if gear.is_starting_weapon:
            self.state.removed.append(card)
            self.emit("weapon_gone", "BL-069", f"{adv.name}'s {gear.name} leaves the game.", seat=seat, card=card)
            return card
        if to_backpack:
            bottom = adv.transmuted.pop(card, None)
            adv.backpack.append(card)
            if bottom is not None:
                adv.backpack.append(bottom)
                self.emit("transmute_apart", "BL-242", f"{adv.name}'s transmuted {gear.name} comes apart.",
                          seat=seat, card=card)
        return card

    def _separate(self, adv: Adventurer, card: str) -> None:
        """A card attached to the one leaving (a weapon coating) is discarded at once (BL-026, BL-027)."""
        coating = adv.coatings.pop(card, None)
        if coating is not None:
            self.discard(coating)
            self.emit("coating_gone", "BL-027", f"The {self.name(coating)} on {adv.name}'s "
                      f"{self.name(card)} is discarded.", seat=adv.seat, card=coating)

    def throw_away(self, seat: int, card: str) -> None:
        """Discard one of an Adventurer's cards (from the backpack or a slot), with whatever is
        attached to it: both halves of a transmuted item (BL-242), a weapon's coating (BL-027)."""
        adv = self.adventurer(seat)
        for slot, held in list(adv.slots.items()):
            if held == card:
                del adv.slots[slot]
                break
        else:
            adv.backpack.remove(card)
        self._separate(adv, card)
        bottom = adv.transmuted.pop(card, None)
        self.discard(card)
        if bottom is not None:
            self.discard(bottom)

    def to_backpack(self, seat: int, card: str) -> None:
        """A card arrives in a backpack; the owner must then keep the limits (BL-068, BL-075)."""
        self.adventurer(seat).backpack.append(card)
        self.check_limits(seat)

    def check_limits(self, seat: int) -> None:
        """If the backpack or the Large limit is exceeded, the owner disposes of cards at once,
        before anything else happens (BL-068, BL-075): the question goes on top of the stack."""
        if stats.over_limits(self.state, self.content, seat) and not any(
                s["step"] == "overflow" and s["seat"] == seat for s in self.state.stack[-1:]):
            self.push({"step": "overflow", "seat": seat})

    def name_or_boss(self, card: str) -> str:
        """A card's name; for the active Zone once turned, its Boss's name."""
        if card == self.state.zone and self.state.boss_up:
            boss = self.content.zones[card].boss
            assert boss is not None
            return boss.name
        return self.content.card(definition_id(card)).name
