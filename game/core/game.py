"""Game: one rule system and one state, behind the checked public API.

Humans (through the UI), AI agents and tests all use this: ``pending()``,
``choose(seat, option_ids)``, ``view_for(seat)``, ``outcome()``, ``snapshot()`` /
``restore()``, ``clone()`` and ``state_hash()``. ``choose`` validates before it changes
anything, so an illegal or stale choice raises :class:`IllegalChoice` and leaves the
state exactly as it was. After each choice, ``last_choice_irreversible`` says whether it
turned up something undo may not take back: an irreversible event, or any use of the
game's random generator (a hidden shuffle emits no event of its own).
"""

from __future__ import annotations

import copy
from typing import Any, Iterable, Mapping, Sequence

from game.core.decision import Decision
from game.core.errors import IllegalChoice, SaveError
from game.core.events import Event
from game.core.outcome import Outcome
from game.core.ruleset import RuleSystem
from game.core.rng import Rng
from game.core.serial import DataShapeError, from_data, stable_hash, state_hash, to_data
from game.core.views import SeatView
from game.core.zones import facts


class Game:
    """A game in progress."""

    def __init__(self, system: RuleSystem, state: Any) -> None:
        self.system = system
        self.state = state
        self._pending: Decision | None = None
        self._pending_known = False
        self.initial_events: list[Event] = []
        self.last_choice_irreversible = False
        self._randomness: tuple[int, ...] | None = None  # the generators' state after the last choice

    @classmethod
    def new(
        cls, system: RuleSystem, seed: int, seats: int, options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
    ) -> "Game":
        """Set up a new game and advance it to its first decision."""
        if not system.min_seats <= seats <= system.max_seats:
            raise IllegalChoice(
                f"{system.title} is for {system.min_seats} to {system.max_seats} players, not {seats}."
            )
        if names is not None and len(names) != seats:
            raise IllegalChoice(f"{seats} players need {seats} names, not {len(names)}.")
        state, events = system.new_state(seed, seats, system.resolve_options(options), names)
        game = cls(system, state)
        game.initial_events = events
        return game

    @classmethod
    def from_scenario(cls, system: RuleSystem, scenario: Mapping[str, Any], seed: int = 0) -> "Game":
        """A game starting from a written position."""
        state, events = system.scenario_state(scenario, seed)
        game = cls(system, state)
        game.initial_events = events
        return game

    # -- the protocol -------------------------------------------------------------

    def pending(self) -> Decision | None:
        """The decision that must be made now, or None when the game is over."""
        if not self._pending_known:
            self._pending = self.system.pending(self.state)
            self._pending_known = True
        return self._pending

    def choose(self, seat: int, option_ids: Iterable[str] | str) -> list[Event]:
        """Make a choice for ``seat``; checked first, then applied. Returns what happened."""
        if isinstance(option_ids, str):
            option_ids = (option_ids,)
        decision = self._pending if self._pending_known else self.pending()
        if decision is None:
            raise IllegalChoice("The game is over; there is nothing to choose.")
        choice = decision.validate(seat, option_ids)
        system, state = self.system, self.state
        self._pending_known = False
        # The generators' state as the last choice left it (nothing but a choice draws from
        # them): read once a choice, after it.
        randomness = self._randomness
        if randomness is None:
            randomness = system.random_state(state)
        events, self._pending = system.apply_and_ask(state, seat, choice)
        self._pending_known = True
        self._randomness = system.random_state(state)
        irreversible = self._randomness != randomness
        if not irreversible:
            for event in events:
                if event.irreversible:
                    irreversible = True
                    break
        self.last_choice_irreversible = irreversible
        return events

    def outcome(self) -> Outcome | None:
        return self.system.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def concerned_seats(self) -> tuple[int, ...] | None:
        """The seats the response window now open is about (RuleSystem.concerned_seats)."""
        return self.system.concerned_seats(self.state)

    def moment_key(self) -> str | None:
        """Which moment of many response windows is on now (RuleSystem.moment_key)."""
        return self.system.moment_key(self.state)

    def view_for(self, seat: int | None) -> SeatView:
        """What ``seat`` may know; None for a spectator. ``zones`` lists what the view may say
        of each declared zone (whose, face up or down, whether this seat sees in, its size)."""
        view = self.system.view(self.state, seat)
        declared = self.system.zones(self.state)
        if declared:
            view["zones"] = facts(declared, seat)
        return view

    @property
    def seats(self) -> int:
        return self.system.seat_count(self.state)

    @property
    def turn(self) -> int:
        return self.system.turn_number(self.state)

    # -- search hooks ------------------------------------------------------------

    def determinize(self, seat: int, seed: int) -> "Game":
        """A full game consistent with everything ``seat`` knows: hidden hands and deck orders
        dealt again from the cards it has not seen, and a fresh generator from ``seed`` (so a
        search cannot foresee the real dice). Its ``view_for(seat)`` equals this game's."""
        rng = Rng.seeded(seed, sequence=1 + seat)
        state = self.system.determinize(copy.deepcopy(self.state), seat, rng)
        self.system.reseed(state, rng)
        return Game(self.system, state)

    def info_key(self, seat: int) -> str:
        """Equal for two states exactly when ``seat`` cannot tell them apart: what it sees
        (its view) and what it is asked (its own question whole; of another seat's question
        only who is asked and what kind of question, which every seat sees)."""
        decision = self.pending()
        asked: Any = None
        if decision is not None:
            asked = [decision.seat, decision.kind]
            if decision.seat == seat:
                asked += [decision.prompt, [[o.id, o.label] for o in decision.options],
                          decision.min_choices, decision.max_choices]
        return stable_hash([self.view_for(seat), asked])

    def evaluate(self, seat: int) -> float:
        """How well ``seat`` stands, from 0 to 1: the returns once over, else the game's estimate."""
        if self.over:
            return self.returns()[seat]
        return min(1.0, max(0.0, self.system.evaluate(self.state, seat)))

    def returns(self) -> tuple[float, ...]:
        """Once over: 1.0 for each winner, 0.0 for everyone else (a shared win is a win)."""
        outcome = self.outcome()
        if outcome is None:
            raise IllegalChoice("The game is not over; it has no returns yet.")
        return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(self.seats))

    # -- copies, snapshots, hashes ------------------------------------------------

    def clone(self) -> "Game":
        """An equal, independent copy."""
        return Game(self.system, copy.deepcopy(self.state))

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-safe data."""
        data: dict[str, Any] = to_data(self.state)
        return data

    @classmethod
    def restore(cls, system: RuleSystem, data: Any) -> "Game":
        """Rebuild a game from :meth:`snapshot` data; malformed data raises SaveError."""
        try:
            state = from_data(system.state_type, data, "snapshot")
        except DataShapeError as exc:
            raise SaveError(f"The saved position is damaged ({exc}).") from None
        return cls(system, state)

    def state_hash(self) -> str:
        return state_hash(self.state)
