"""The context every step of the Fantasy Heroes flow works in, and helpers they share.

``FLOW`` is the table of steps (core.flow); ``turn.py`` and ``battle.py`` register
theirs on it. A :class:`Ctx` bundles the state, the content and the event log of one
call into the rules.
"""

from __future__ import annotations

from game.core.cards import draw, shuffle_into
from game.core.context import BaseContext
from game.core.events import EventLog
from game.core.flow import Flow
from game.core.words import listed
from game.rulesets.fantasy_heroes.content import ANY_TIME_VERBS, Content
from game.rulesets.fantasy_heroes.state import FHState, Seen
from game.rulesets.fantasy_heroes.steps import FHStep

FLOW: Flow["Ctx"] = Flow()


class Ctx(BaseContext[FHState, FHStep]):
    def __init__(self, state: FHState, content: Content, log: EventLog) -> None:
        # BaseContext's fields are set here, not through its __init__: one call less for each context made.
        self.state = state
        self.log = log
        self.content = content

    # -- naming -------------------------------------------------------------------

    def who(self, seat: int) -> str:
        return self.state.players[seat].name

    def name(self, card: str) -> str:
        return self.content.name(card)

    def names(self, cards: list[str]) -> str:
        names, name = self.content.names, self.content.name
        return ", ".join([names.get(c) or name(c) for c in cards]) if cards else "nothing"

    # -- the Battle deck ------------------------------------------------------------

    def draw(self, seat: int, count: int, rule: str) -> list[str]:
        """Draw ``count`` cards one at a time from the top of the deck (FH-016).

        An empty deck is refilled by shuffling the discard pile (FH-017), except in the
        short game (FH-078); with nothing left to draw, the rest of the draws give
        nothing (FH-018). In the short game the deck running out is noted (FH-079).
        """
        state = self.state
        deck = state.deck
        if len(deck) >= count:
            # The deck holds them all (nearly always): the top ``count`` cards, top first, as
            # drawing them one at a time would take them.
            drawn = deck[:-count - 1:-1] if count else []
            del deck[len(deck) - count:]
        else:
            drawn = []
            for _ in range(count):
                if not deck and not state.short_game and state.discard:
                    shuffle_into(state.rng, deck, state.discard)
                    state.discard.clear()
                    self.emit("reshuffle", "FH-017", f"The discard pile ({len(deck)} cards) is shuffled "
                              "into a new Battle deck.", irreversible=True)
                card = draw(deck)
                if card is None:
                    break
                drawn.append(card)
        state.players[seat].hand.extend(drawn)
        if state.short_game and not state.deck and not state.deck_ran_out:
            state.deck_ran_out = True
            self.emit("deck_out", "FH-079", "The Battle deck has run out: the short game ends at the "
                      "end of this phase.")
        short = f" (only {len(drawn)})" if len(drawn) < count else ""
        self.emit("draw", rule, f"{self.who(seat)} draws {count} card{'s' if count != 1 else ''}{short}.",
                  seat=seat, count=len(drawn), irreversible=True)
        if drawn:
            self.emit("draw_private", rule, f"You draw {self.names(drawn)}.", seats=(seat,), seat=seat,
                      cards=list(drawn), irreversible=True)
        return drawn

    def discard_from_hand(self, seat: int, cards: list[str], rule: str, why: str) -> None:
        hand = self.state.players[seat].hand
        for card in cards:
            hand.remove(card)
            self.state.discard.append(card)
        self.forget(seat, cards)
        self.emit("discard", rule, f"{self.who(seat)} discards {self.names(cards)} ({why}).",
                  seat=seat, cards=list(cards))

    def random_card(self, seat: int) -> str | None:
        """A card chosen uniformly from ``seat``'s hand by the game's RNG (FH-060)."""
        hand = self.state.players[seat].hand
        if not hand:
            return None
        return hand[self.state.rng.below(len(hand))]

    # -- what each seat knows of the other hands (AI memory, section 7) ----------------------
    #
    # ``memory[viewer]`` holds the cards ``viewer`` knows to be in another seat's hand now: seen
    # through Scrye, or taken from him by a Rogue. An entry goes as soon as its card leaves that
    # hand (played, discarded, stolen), which everyone sees; what was played or discarded is in
    # the discard pile or on the table for all. So memory never holds more than the cards in the
    # hands, however long the game, and determinization keeps exactly these cards in place.

    def remember(self, viewer: int, seat: int, card: str, how: str) -> None:
        """``viewer`` now knows that ``card`` is in ``seat``'s hand."""
        memory = self.state.memory[viewer]
        memory[:] = [m for m in memory if m.card != card]
        memory.append(Seen(seat, card, how))

    def forget(self, seat: int, cards: list[str]) -> None:
        """``cards`` have left ``seat``'s hand openly: nobody's memory holds them there any more."""
        for memory in self.state.memory:
            for seen in memory:  # (most memories are empty or hold none of these cards)
                if seen.seat == seat and seen.card in cards:
                    memory[:] = [m for m in memory if not (m.seat == seat and m.card in cards)]
                    break

    def forget_hand(self, viewer: int, seat: int) -> None:
        """``viewer`` no longer knows anything of ``seat``'s hand (a random card of it moved unseen)."""
        memory = self.state.memory[viewer]
        memory[:] = [m for m in memory if m.seat != seat]

    # -- the end of the game ----------------------------------------------------------

    def end_game(self, winners: list[int], reason: str, rule: str) -> None:
        state = self.state
        state.winners = sorted(winners)
        state.end_reason = reason
        state.end_rule = rule
        state.phase = "over"
        state.stack.clear()
        state.battle = None
        names = listed(self.who(w) for w in state.winners)
        won = f"{names} win{'s' if len(winners) == 1 else ''}"
        self.emit("game_over", rule, f"{won}: {reason.rstrip('.')}.", winners=list(state.winners), headline=won)

    def end_by_most_territories(self, reason: str, rule: str) -> None:
        """Most territory cards wins; players tied for most share the win (FH-080)."""
        alive = self.state.alive()
        best = max(len(self.state.players[s].territories) for s in alive)
        self.end_game([s for s in alive if len(self.state.players[s].territories) == best], reason, rule)

    # -- instants -------------------------------------------------------------------

    def instant_verb(self, card_id: str) -> str | None:
        """The verb of an instant spell (its one effect), or None for any other card."""
        return self.content.instant_verbs.get(card_id)

    def instants_in_hand(self, seat: int, *verbs: str) -> list[str]:
        hand = self.state.players[seat].hand
        if self.content.instants.isdisjoint(hand):
            return []  # most hands hold no instant: one look at the hand, not one per card
        get = self.content.instant_verbs.get
        return [c for c in hand if get(c) in verbs]

    def may_hold(self, seat: int, verbs: tuple[str, ...]) -> bool:
        """Whether, by what every seat knows, ``seat`` might hold an instant of one of these
        verbs: its hand is not empty and one such card is not face up in the discard pile
        (each instant is a single card). Questions are skipped on this alone, never on the
        hand itself, so skipping one tells nobody anything (issue 11, fair questions)."""
        return bool(self.state.players[seat].hand) and self.unseen(verbs)

    def unseen(self, verbs: tuple[str, ...]) -> bool:
        """Whether an instant of one of these verbs is not face up in the discard pile (so some
        hand might hold it, by what every seat knows)."""
        discard = self.state.discard
        by_verb = self.content.instants_by_verb
        for verb in verbs:
            for card in by_verb.get(verb, ()):
                if card not in discard:
                    return True
        return False

    def any_time_instants(self, seat: int) -> list[str]:
        """Scrye and Fortune in ``seat``'s hand: playable at every instant point (FH-133)."""
        return self.instants_in_hand(seat, *ANY_TIME_VERBS)
