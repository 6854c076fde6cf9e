"""Buck: Legacy as a RuleSystem: 2-6 Adventurers, a quick or a standard game (BL-001, BL-004)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from game.core.events import Event, EventLog
from game.core.outcome import Outcome
from game.core.rng import Rng
from game.core.zones import Zone
from game.core.ruleset import FlowRuleSystem, GameOption
from game.rulesets.buck_legacy import adventure as _adventure  # noqa: F401  (registers steps)
from game.rulesets.buck_legacy import effects as _effects  # noqa: F401
from game.rulesets.buck_legacy import end as _end  # noqa: F401
from game.rulesets.buck_legacy import equipment as _equipment  # noqa: F401
from game.rulesets.buck_legacy import fight as _fight  # noqa: F401
from game.rulesets.buck_legacy import help as _help  # noqa: F401
from game.rulesets.buck_legacy import market as _market  # noqa: F401
from game.rulesets.buck_legacy import setup as _setup  # noqa: F401
from game.rulesets.buck_legacy import trade as _trade  # noqa: F401
from game.rulesets.buck_legacy import treasure as _treasure  # noqa: F401
from game.rulesets.buck_legacy.content import BLContent, standard_content
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.setup import boss_target, setup
from game.rulesets.buck_legacy.state import Adventurer, BLState
from game.rulesets.buck_legacy.view import view
from game.rulesets.buck_legacy.view_types import BLView


class BuckLegacy(FlowRuleSystem):
    flow = FLOW
    id = "buck-legacy"
    title = "Buck: Legacy"
    summary = ("Adventurers shop together in the Market, then brave a shared Dungeon deck and its Boss: "
               "help each other to survive, race each other for Medals.")
    min_seats = 2
    max_seats = 6
    # The Parry (keep it or accept the loss) is left to the heuristic: the hard player's switches
    # there lost 0.042 of a game each (32 over 523 questions, each scored by 100 full games of
    # normal play after it), its rollouts scoring a Parry kept, whose help windows use up their
    # questions, earlier in the Adventure than a loss accepted (README, ladder). The draft, the
    # Zone and "Our Weapons Are Useless!" are left to the hard player's tactics: each is a plan
    # for the Medal race whose worth shows only Adventures later (a shorter game kept when
    # ahead, an Adventurer that stays Active, the last Boss left standing), where a rollout of
    # 24 questions, scored by an estimate fitted to normal play, does not reach. In 8 games at
    # 100 iterations the search left the tactics' Zone in 8 of 32 questions (game/ai/EXPERIMENTS.md).
    search_tuning = {"heuristic_questions": ("parry_choice", "create", "zone", "useless")}
    game_options = (
        GameOption("quick", "Quick game", False,
                   "60 Gold and a Treasure each, one Boss to defeat (BL-004, BL-006, BL-038, BL-044)."),
        GameOption("blind_shop", "Blind shop", False,
                   "House rule: the shop's cards stay hidden until bought (A-02)."),
        GameOption("buck_stays", "Buck stays", False,
                   "House rule: the Buck token never moves (A-12)."),
        GameOption("large_equipped_only", "Large limit counts equipped items only", False,
                   "House rule: Large cards in the backpack do not count toward the Large limit (A-14)."),
        GameOption("protection_every_stun", "Protection covers every Monster stun", False,
                   "House rule: any stun a Monster or Boss causes is compared with its Level (A-52)."),
        GameOption("adventure_limit", "Adventure limit", 0,
                   "Not in the rulebook: the game ends after this many Adventures, the most Medals winning. "
                   "0 means no limit."),
        GameOption("literal_useless", "Literal weapons-useless test", False,
                   "House rule: only CS + 6 against the Boss's Level + 1 allows failing an Escape on purpose "
                   "(BL-180, A-55)."),
        GameOption("bosses", "Bosses to defeat", 0,
                   "House rule: another number of Bosses to defeat; 0 keeps the game's own (2, or 1 in a Quick "
                   "game). Each Boss after the first is a step harder, up to Advanced (BL-004, A-54)."),
    )
    state_type = BLState
    # Aimless play rarely defeats a Boss, so random playouts end under a limit of Adventures.
    playout_options = {"adventure_limit": 3}
    turn_word = "adventure"
    score_word = "Medals"
    default_seats = ("human", "normal", "normal")
    # Backpacks and deck orders are hidden; dice and shuffles are chance; the Medal race is
    # every Adventurer's own (the party fights together, but the most Medals win, BL-009).
    hidden_information = True
    has_chance = True
    cooperative = False

    own_moments = "your own fights and checks, and purchases you make or declare"

    def __init__(self, content: BLContent | None = None) -> None:
        self.content = content or standard_content()

    def concerned_seats(self, state: BLState) -> tuple[int, ...]:
        return _help.window_about(state)

    def moment_key(self, state: BLState) -> str | None:
        return _help.window_moment(state)

    def moment_words(self, key: str) -> str:
        return "this check" if key.startswith("check:") else "this fight"

    def secret_of(self, seat: int) -> str:
        return "backpack"  # (equipped gear lies open; the backpack is private, BL-073)

    def seat_label(self, index: int, seats: int) -> str:
        return f"Adventurer {index + 1}"

    def context(self, state: BLState, log: EventLog) -> Ctx:
        return Ctx(state, self.content, log)

    def new_state(self, seed: int, seats: int, options: Mapping[str, Any],
                  names: Sequence[str] | None = None) -> tuple[BLState, list[Event]]:
        quick = bool(options.get("quick", False))
        state = BLState(
            seats=seats, quick=quick, rng=Rng.seeded(seed),
            adventurers=[Adventurer(s, names[s] if names else f"Adventurer {s + 1}") for s in range(seats)],
            target=boss_target(self.content, seats, quick, int(options.get("bosses", 0))),
            blind_shop=bool(options.get("blind_shop", False)),
            buck_stays=bool(options.get("buck_stays", False)),
            large_equipped_only=bool(options.get("large_equipped_only", False)),
            protection_every_stun=bool(options.get("protection_every_stun", False)),
            literal_useless=bool(options.get("literal_useless", False)),
            adventure_limit=max(0, int(options.get("adventure_limit", 0))),
        )
        log = EventLog()
        ctx = self.context(state, log)
        setup(ctx)
        FLOW.advance(ctx, state.stack)
        return state, log.events

    def random_state(self, state: BLState) -> tuple[int, ...]:
        return (state.rng.state, state.rng.inc)

    def outcome(self, state: BLState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(state.winners), tuple(a.medals for a in state.adventurers), state.end_reason, "BL-009")

    def view(self, state: BLState, seat: int | None) -> BLView:
        with stats.unchanging(state, self.content):  # a view reads the state and never changes it
            return view(state, self.content, seat)

    def seat_count(self, state: BLState) -> int:
        return state.seats

    def turn_number(self, state: BLState) -> int:
        return state.adventure

    def scenario_state(self, scenario: Mapping[str, Any], seed: int) -> tuple[BLState, list[Event]]:
        from game.rulesets.buck_legacy.scenario import build_state

        return build_state(self, scenario, seed)

    def zones(self, state: BLState) -> list[Zone]:
        from game.rulesets.buck_legacy.search import zones

        return zones(state, self.content)

    def determinize(self, state: BLState, seat: int, rng: Rng) -> BLState:
        """Other backpacks and the decks' orders dealt again from what ``seat`` has not seen (search.py)."""
        from game.rulesets.buck_legacy.search import determinize

        return determinize(state, self.content, seat, rng)

    def features(self, state: BLState, seat: int) -> dict[str, float]:
        """What the fitted estimate (content/estimate.json) weighs for ``seat`` in the Medal race."""
        from game.rulesets.buck_legacy.search import features

        return features(state, self.content, seat)

    def content_catalogue(self) -> list[str]:
        """Every spell, item kind, Tesla device, Companion and act play should use (usage.py)."""
        from game.rulesets.buck_legacy.usage import catalogue

        return catalogue(self.content)

    def content_usage(self, events: Iterable[Event]) -> Counter[str]:
        from game.rulesets.buck_legacy.usage import usage

        return usage(self.content, events)

    def invariants(self, state: BLState) -> list[str]:
        from game.rulesets.buck_legacy.invariants import problems

        return problems(state, self.content)
