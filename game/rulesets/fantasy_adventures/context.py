"""The context every step of the Fantasy Adventures flow works in, and the mechanics the steps
share: names for the log, the die (2.3), drawing with the reshuffle of FA-049/FA-050, where a
discarded card goes (FA-063, FA-064), and the party's positions.

Who may be attacked, melee totals and saves are in party.py and totals.py.
"""

from __future__ import annotations

from typing import Any

from game.core.cards import owner_of
from game.core.context import BaseContext
from game.core.dice import d6, roll
from game.core.events import EventLog
from game.core.flow import Flow
from game.rulesets.fantasy_adventures.state import Encounter, FAState, Monster, Player
from game.rulesets.fantasy_adventures.steps import FAStep

FLOW: Flow["Ctx"] = Flow()

D6 = d6()
"""The one die of the game (2.3): every check rolls a single six-sided die."""


class Ctx(BaseContext[FAState, FAStep]):
    def __init__(self, state: FAState, content: Any, log: EventLog) -> None:
        super().__init__(state, log)
        self.content = content

    # -- names ------------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def who(self, seat: int) -> str:
        return self.state.players[seat].name

    def card(self, instance: str) -> Any:
        return self.content.card(instance)

    def name(self, instance: str) -> str:
        name: str = self.content.card(instance).name
        return name

    @property
    def encounter(self) -> Encounter:
        encounter = self.state.encounter
        assert encounter is not None, "no Encounter is being resolved"
        return encounter

    @property
    def hero_player(self) -> int:
        return self.encounter.target

    # -- the die (2.3) ----------------------------------------------------------------------------

    def roll(self) -> int:
        """One die, 1 to 6: from the generator, or the next entry of a written position's script."""
        return roll(self.state.rng, D6, self.state.dice_script) + 1

    # -- decks and discard piles (FA-025, FA-049, FA-050, FA-064) ---------------------------------

    def draw(self, seat: int, deck: str) -> str | None:
        """The top card of ``seat``'s Hero or Encounter deck. A deck that runs out is made again
        at once from its own discard pile, shuffled; if that pile was empty then, the deck is
        made when a card must next be drawn (FA-049). With both empty nothing is drawn (FA-050)."""
        player = self.player(seat)
        pile = player.hero_deck if deck == "hero" else player.encounter_deck
        if not pile:
            self.refill(seat, deck)
        card = pile.pop() if pile else None
        if card is not None and not pile:
            self.refill(seat, deck)  # "as soon as" the deck is empty, not at the next draw (FA-049)
        return card

    def refill(self, seat: int, deck: str) -> None:
        """Shuffle ``seat``'s discard pile of ``deck`` into that deck if the deck is empty and the
        pile holds cards (FA-049)."""
        player = self.player(seat)
        pile, discard = ((player.hero_deck, player.hero_discard) if deck == "hero"
                         else (player.encounter_deck, player.encounter_discard))
        if pile or not discard:
            return
        pile.extend(discard)
        discard.clear()
        self.state.rng.shuffle(pile)
        self.emit("reshuffle", "FA-049", f"{player.name} shuffles their {deck.title()} discard pile into a new deck.",
                  seat=seat, deck=deck)

    def discard(self, card: str) -> None:
        """Put a card on its owner's discard pile of its type: heroes on the Hero discard pile,
        everything else on the Encounter discard pile, whoever controlled it (FA-064, FA-222)."""
        owner = owner_of(card)
        assert owner is not None, f"card {card} has no owner"
        player = self.player(owner)
        (player.hero_discard if self.card(card).kind == "hero" else player.encounter_discard).append(card)

    # -- the party (FA-028 to FA-031) --------------------------------------------------------------

    def owner_of_hero(self, hero: str) -> Player:
        owner = owner_of(hero)
        assert owner is not None
        return self.player(owner)

    def remove_hero(self, hero: str) -> None:
        """Take a hero off its position and discard it with every item it owns (FA-063)."""
        player = self.owner_of_hero(hero)
        for rank in (player.front, player.back):
            if hero in rank:
                rank[rank.index(hero)] = None
        for item in player.items.pop(hero, []):
            self.discard(item)
        for marks in (player.flipped, player.feared):
            if hero in marks:
                marks.remove(hero)
        self.discard(hero)

    def monster(self, card: str) -> Monster | None:
        for monster in self.encounter.monsters:
            if monster.card == card:
                return monster
        return None
