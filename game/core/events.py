"""Events: what happened, for the game log and the animations.

Every event names the rule ID that caused it. ``seats`` is None for a public event, or
the seats allowed to see it (a drawn card's name goes to its drawer only). ``irreversible``
marks events that revealed something or consumed randomness: undo may not cross them.
Events of the kinds in :data:`IRREVERSIBLE_KINDS` (a draw, a shuffle, a roll, a reveal)
are irreversible whatever the rule system passed, so no rule system can forget the mark;
:meth:`game.core.game.Game.choose` also marks a choice whose rules used the game's
generator at all (a shuffle that emits no event of its own).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from game.core.record import record


IRREVERSIBLE_KINDS = frozenset({
    "draw", "draw_private", "order_draw", "shuffle", "reshuffle", "roll", "dice", "reveal", "peek",
    "search_card",
})
"""Event kinds that always turn up hidden or random information."""


@record
class Event:
    kind: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None
    irreversible: bool = False
    headline: str = ""
    """A few words the table may show as a banner ("Round 3", "Bram wins"), written by the
    rules with the event so no table cuts them out of ``text``; empty for most events."""

    def __init__(self, kind: str, rule: str, text: str, data: dict[str, Any] | None = None,
                 seats: tuple[int, ...] | None = None, irreversible: bool = False, headline: str = "") -> None:
        if TYPE_CHECKING:
            return  # (a record: see game.core.record; a choice emits an event or two)
        self.kind = kind
        self.rule = rule
        self.text = text
        self.data = {} if data is None else data
        self.seats = seats
        self.irreversible = irreversible or kind in IRREVERSIBLE_KINDS
        self.headline = headline

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (None means an all-seeing observer)."""
        return self.seats is None or seat is None or seat in self.seats


class EventLog:
    """Collects the events of one call into the rules."""

    __slots__ = ("events",)  # (one is made at every choice)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(
        self,
        kind: str,
        rule: str,
        text: str,
        /,
        *,
        seats: tuple[int, ...] | None = None,
        irreversible: bool = False,
        headline: str = "",
        **data: Any,
    ) -> None:
        # ``data`` is already a new dict (made by the call's keywords): no copy needed. (Positional
        # only, as BaseContext.emit: fewer parameters to match each keyword of ``data`` against.)
        self.events.append(Event(kind, rule, text, data, seats, irreversible, headline))
