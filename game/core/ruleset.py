"""What every rule system provides: a static description plus functions over plain-data state.

A rule system (STYLE 2, 3) declares its id, title, seat range and game options, and
creates states. The state is a dataclass of plain data; the rule system's functions
read and change it. :class:`game.core.game.Game` wraps one system and one state and
is the checked, public API.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from game.core.decision import Decision
from game.core.errors import FiveRealmsError
from game.core.estimate import Estimate
from game.core.events import Event, EventLog
from game.core.flow import Flow
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.views import SeatView
from game.core.zones import Zone


OptionValue = bool | int | str | tuple[str, ...] | tuple[tuple[str, ...], ...]
"""What a game option can hold: a switch, a number, a word, or structured data: a list of
ids (a deck list) or a list of such lists (one deck per seat)."""

MAX_OPTION_ITEMS = 200
MAX_OPTION_WORD = 64


def _id_list(value: Any, label: str) -> tuple[str, ...]:
    if (not isinstance(value, (list, tuple)) or len(value) > MAX_OPTION_ITEMS
            or not all(isinstance(v, str) and 0 < len(v) <= MAX_OPTION_WORD and v.isprintable() for v in value)):
        raise FiveRealmsError(f"Option '{label}' must be a list of at most {MAX_OPTION_ITEMS} names.")
    return tuple(value)


@dataclass(frozen=True)
class GameOption:
    """A game-creation option (a variant switch, a number, a word, or a list of ids such as a
    deck list), with its default. ``validate`` lets the rule system check a structured value
    further (say, that every id is a card and the deck has the right size)."""

    id: str
    label: str
    default: OptionValue
    help: str = ""
    choices: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()  # offered by the UI; the rule system checks other values itself
    validate: Callable[[Any], None] | None = None
    per_seat: bool = False  # a structured option holding one list of ids per seat
    sample: Callable[[Rng, int], OptionValue] | None = None
    """A legal value drawn from a generator for a number of seats (each seat's random legal
    deck): how soak runs vary an option that has no fixed list of values."""

    @property
    def structured(self) -> bool:
        return isinstance(self.default, tuple)

    def check(self, value: Any) -> OptionValue:
        checked = self._check_shape(value)
        if self.validate is not None:
            self.validate(checked)
        return checked

    def _check_shape(self, value: Any) -> OptionValue:
        if isinstance(self.default, tuple):
            if not self.per_seat:
                return _id_list(value, self.label)
            if not isinstance(value, (list, tuple)) or len(value) > 16:
                raise FiveRealmsError(f"Option '{self.label}' must be one list of names per seat.")
            return tuple(_id_list(v, self.label) for v in value)
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise FiveRealmsError(f"Option '{self.label}' must be on or off.")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise FiveRealmsError(f"Option '{self.label}' must be a whole number of 0 or more.")
        elif self.choices and value not in self.choices:
            raise FiveRealmsError(f"Option '{self.label}' must be one of: {', '.join(self.choices)}.")
        return value  # type: ignore[no-any-return]


class RuleSystem(ABC):
    """A rule system: static description and the functions of its flow."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    game_options: ClassVar[tuple[GameOption, ...]] = ()
    state_type: ClassVar[type]

    # How results are worded: what one turn is called ("1 round", "6 rounds": the game over
    # counts it), and what the scores count ("" = no scores).
    turn_word: ClassVar[str] = "turn"
    score_word: ClassVar[str] = "points"

    # Seat kinds the New game screen suggests ("human" or an AI level), seat 1 first.
    default_seats: ClassVar[tuple[str, ...]] = ("human", "normal")

    # Game options under which play by random seats is sure to end in reasonable time: a game
    # whose rules let aimless play go on for ever (Buck: Legacy's party must defeat its Bosses)
    # names a house-rule limit here, which random playouts (the conformance suite, benchmarks
    # of random seats) use. Empty for a game whose random play ends by its rules alone.
    playout_options: ClassVar[Mapping[str, Any]] = {}

    # What a search AI must know of the game (issue 11): whether some seat may not see all of
    # the state, whether the rules draw on chance, and whether the seats win or lose together.
    hidden_information: ClassVar[bool] = True
    has_chance: ClassVar[bool] = True
    cooperative: ClassVar[bool] = False
    one_team: ClassVar[bool] = False
    """Every seat plays for one team against the game itself (a tournament compares whole teams)."""
    search_tuning: ClassVar[Mapping[str, Any]] = {}
    """How the hard player searches this game (fields of game.ai.search.SearchSettings that
    differ from the defaults: rollout length, whether its response windows are searched)."""

    own_moments: ClassVar[str] = ""
    """What a player's own moments are called in this game ("your own fights, checks and
    purchases"), for "Pass until my turn": "" where the game has no such notion (every
    response window concerns every seat), and the table offers no such pass."""

    def concerned_seats(self, state: Any) -> tuple[int, ...] | None:
        """The seats the response window now open is about (the fighter, the player whose turn
        it is), read from public facts only: a seat that chose "Pass until my turn" is asked
        again at a window about it. None where the game has no such notion (``own_moments``)."""
        return None

    def moment_key(self, state: Any) -> str | None:
        """Which moment of many response windows is on now (a fight, which asks again after
        every roll and every change), as an opaque key read from public facts; None outside
        such a moment. A seat that chose "Pass the rest of this fight" is passed for at its
        windows while the key stays the same."""
        return None

    def moment_words(self, key: str) -> str:
        """What the moment of ``key`` is called ("this fight"), for "Pass the rest of this fight"."""
        return "this moment"

    def secret_of(self, seat: int) -> str:
        """What of seat ``seat`` the others may not see ("hand"), as the hot-seat hand-off
        names it; "" where nothing of it is secret (the others need not look away)."""
        return "hand"

    def seat_label(self, index: int, seats: int) -> str:
        """What seat ``index`` (from 0) is called at the table ("Seat 1", "Overlord"...)."""
        return f"Seat {index + 1}"

    decision_roles: ClassVar[tuple[str, ...]] = ()
    """The roles :meth:`decision_role` names (none where each seat has one role)."""

    def decision_role(self, view: Mapping[str, Any], decision: Decision) -> str:
        """The role in which ``decision``'s seat answers it, from that seat's view, where a seat
        plays several roles in one game (each player of Fantasy Adventures is the monster player
        on its own turn and a hero player on the others'); "" where seats have one role. A
        tournament may give a seat's search to one role only ("hard:monster")."""
        return ""

    def tournament_role(self, state: Any, seat: int) -> str:
        """The role ``seat`` played in a finished game, as a tournament counts win rates by role
        (``python -m game tournament``): by default its label at the table."""
        return self.seat_label(seat, self.seat_count(state))

    def option_label(self, option_id: str, value: Any) -> str:
        """A readable label for one value of a game option."""
        return str(value)

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown or ill-typed options refused."""
        given = dict(given or {})
        out: dict[str, Any] = {}
        by_id = {opt.id: opt for opt in self.game_options}
        for key in given:
            if key not in by_id:
                raise FiveRealmsError(f"{self.title} has no option '{key}'.")
        for opt in self.game_options:
            out[opt.id] = opt.check(given[opt.id]) if opt.id in given else opt.default
        return out

    @abstractmethod
    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[Any, list[Event]]:
        """A fresh game, set up and advanced to its first decision; ``names`` are the players'."""

    @abstractmethod
    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[Any, list[Event]]:
        """A game starting from a written position (see DESIGN, scenario positions)."""

    @abstractmethod
    def pending(self, state: Any) -> Decision | None:
        """The pending decision, or None when the game is over."""

    @abstractmethod
    def apply(self, state: Any, seat: int, choice: tuple[str, ...]) -> list[Event]:
        """Apply an already validated choice and advance to the next decision.

        Unchecked: only :meth:`Game.choose` (which validates) and search code call it.
        """

    def apply_and_ask(self, state: Any, seat: int, choice: tuple[str, ...]) -> tuple[list[Event], Decision | None]:
        """:meth:`apply`, and the decision that is pending after it. A system whose flow builds
        that decision while it advances hands it back here, so it is not built twice."""
        events = self.apply(state, seat, choice)
        return events, self.pending(state)

    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The outcome once the game is over."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> SeatView:
        """What ``seat`` may know (None: a spectator who sees only public information)."""

    @abstractmethod
    def seat_count(self, state: Any) -> int: ...

    @abstractmethod
    def turn_number(self, state: Any) -> int: ...

    # -- optional hooks ----------------------------------------------------------------------

    def zones(self, state: Any) -> list[Zone]:
        """The zones where the game's cards lie (game.core.zones): whose each is, who sees in it,
        which cards a seat could mistake for one another. Views list them and determinization
        deals again what a seat cannot see; a game with nothing hidden may declare none."""
        return []

    def random_state(self, state: Any) -> tuple[int, ...]:
        """The state of every random generator the game holds, to tell whether a choice used
        randomness (undo may not cross that). The default finds each :class:`Rng` among the
        state's own fields; a system that keeps generators deeper overrides it."""
        out: list[int] = []
        for value in getattr(state, "__dict__", {}).values():
            if isinstance(value, Rng):
                out += (value.state, value.inc)
        return tuple(out)

    # -- search hooks (Game.determinize, info_key, evaluate, returns) --------------------------

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """``state`` (a private copy; change it freely) made into one of the states ``seat``
        cannot tell from it: every card or order that ``seat`` has not seen dealt again from
        what it has not seen, with ``rng``. The caller then gives the state a fresh generator.
        A game without hidden information returns it as it is."""
        if self.hidden_information:
            raise NotImplementedError(f"{self.title} does not determinize yet")
        return state

    def reseed(self, state: Any, rng: Rng) -> None:
        """Give ``state`` new generators drawn from ``rng``, so dice and shuffles after this
        point are not the ones the original game would roll. The default replaces each
        :class:`Rng` among the state's own fields (see :meth:`random_state`)."""
        for name, value in list(getattr(state, "__dict__", {}).items()):
            if isinstance(value, Rng):
                setattr(state, name, Rng.seeded(rng.next_u32() << 32 | rng.next_u32()))

    def evaluate(self, state: Any, seat: int) -> float:
        """How well ``seat`` stands in an unfinished game, from 0 (lost) to 1 (won): the game's
        own estimate. By default the chance its fitted estimate (game.core.estimate) gives
        ``seat`` of winning from :meth:`features`; a finished game scores its outcome."""
        outcome = self.outcome(state)
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        estimate = self.fitted_estimate()
        if estimate is None:
            raise NotImplementedError(f"{self.title} has no position estimate yet")
        return estimate(self.features(state, seat))

    def features(self, state: Any, seat: int) -> Mapping[str, float]:
        """What the position estimate weighs for ``seat``, by name (``fit-estimate`` fits how
        much each counts toward a win)."""
        raise NotImplementedError(f"{self.title} names no features for a position estimate")

    def estimated_seats(self, state: Any) -> Sequence[int]:
        """The seats whose chances the fitted estimate gives from their own features (all, by
        default). A game of two sides where one side's chance is the rest of the other's
        (Dungeon Delve) names one side's seats, and its ``evaluate`` gives the other side the
        rest; ``fit-estimate`` notes only these seats."""
        return range(self.seat_count(state))

    def estimate_path(self) -> Path:
        """Where the game's fitted estimate lies: ``content/estimate.json`` in its package."""
        return Path(inspect.getfile(type(self))).parent / "content" / "estimate.json"

    def fitted_estimate(self) -> Estimate | None:
        """The estimate fitted to this game (``content/estimate.json`` beside its rules), read
        once; None where there is none."""
        try:
            return self.__dict__["_fitted_estimate"]  # type: ignore[no-any-return]
        except KeyError:
            pass
        path = self.estimate_path()
        estimate = Estimate.load(path) if path.exists() else None
        self.__dict__["_fitted_estimate"] = estimate
        return estimate

    def content_catalogue(self) -> Sequence[str]:
        """Every label of the game's content and actions that play should use at least once
        ("spell: Spark", "item kind: armour", "market: Side Job"): ``simulate --rule-counts``
        reports which of them AI play never used (:meth:`content_usage`). Empty for a game
        that lists none."""
        return ()

    def content_usage(self, events: Iterable[Event]) -> Counter[str]:
        """How often ``events`` used each label of :meth:`content_catalogue`, read from the data
        the rules write on their events (a label outside the catalogue may be counted too)."""
        return Counter()

    def invariants(self, state: Any) -> list[str]:
        """What is wrong with ``state`` (one sentence each; empty when all is well): what must
        always hold whatever is played, such as cards neither lost nor duplicated and values
        within their bounds. ``soak`` and the conformance tests check it after every choice."""
        return []


class FlowRuleSystem(RuleSystem):
    """A rule system whose state keeps its flow as a step stack (game.core.flow): the one
    generic ``pending`` and ``apply`` every such system shares. It names its ``flow`` and
    builds the context its steps run in with :meth:`context`."""

    flow: ClassVar[Flow[Any]]

    _last_context: Any = None
    """The context of the state last answered (see :meth:`apply_and_ask`)."""

    @abstractmethod
    def context(self, state: Any, log: EventLog) -> Any:
        """The context the flow's steps run in (state, content, the event log). It holds
        nothing else: the same context serves every call into the rules on ``state``, each
        with a fresh log."""

    def before_answer(self, state: Any, seat: int) -> None:
        """What happens as ``seat`` answers, before its answer is applied (default: nothing)."""

    def pending(self, state: Any) -> Decision | None:
        return self.flow.pending(self.context(state, EventLog()), state.stack)

    def apply(self, state: Any, seat: int, choice: tuple[str, ...]) -> list[Event]:
        return self.apply_and_ask(state, seat, choice)[0]

    def apply_and_ask(self, state: Any, seat: int, choice: tuple[str, ...]) -> tuple[list[Event], Decision | None]:
        # A game answers one question after another on the same state: the context made for
        # its last answer serves again with a fresh list of events (one object fewer to make
        # at every choice). Another state (a search's copies, another game) gets its own.
        ctx = self._last_context
        if ctx is None or ctx.state is not state:
            ctx = self._last_context = self.context(state, EventLog())
        events: list[Event] = []
        ctx.log.events = events
        self.before_answer(state, seat)
        self.flow.answer(ctx, state.stack, seat, choice)
        return events, self.flow.advance(ctx, state.stack)
