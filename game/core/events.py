"""Events: what happened, for the game log and the animations.

Every event names the rule ID that caused it. ``seats`` is None for a public event, or
the seats allowed to see it (a drawn card's name goes to its drawer only). ``irreversible``
marks events that revealed something or consumed randomness: undo may not cross them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None
    irreversible: bool = False

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (None means an all-seeing observer)."""
        return self.seats is None or seat is None or seat in self.seats


class EventLog:
    """Collects the events of one call into the rules."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(
        self,
        kind: str,
        rule: str,
        text: str,
        *,
        seats: tuple[int, ...] | None = None,
        irreversible: bool = False,
        **data: Any,
    ) -> None:
        self.events.append(Event(kind, rule, text, dict(data), seats, irreversible))
