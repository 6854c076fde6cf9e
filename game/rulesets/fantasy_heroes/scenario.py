"""Scenario positions: a Fantasy Heroes game starting from a position written in TOML.

Rule tests set up exact situations with them and ``simulate --scenario`` plays on from
them. Seats are numbered from 1 in scenario files, as players say them.

    [scenario]
    players = 2            # 2 or 3
    start = "attack"       # "setup", "draw" (start of the Draw Phase) or "attack"
    active = 1             # whose turn it is
    order = [1, 2]         # turn order (default 1, 2, 3)
    turn = 1
    short_game = false
    unlisted = "deck"      # battle cards not placed: "deck" (shuffled under `deck`),
                           # "discard", or "aside" (out of play for this scenario)
    battles_this_turn = 0  # with start = "attack": battles already fought this turn
    attacks_left = 1

    [[player]]             # one per seat, in seat order
    name = "Ann"
    hand = ["knight", "orcs"]
    territories = ["castle#1", "mountain#2"]

    deck = ["bless", "fly"]   # top card first (top-level keys must come before [scenario])
    discard = ["trolls"]

With ``start = "setup"`` the hands and territories are left empty (territories listed
are kept and the rest dealt is skipped), the deck is used in the order given for the
turn-order draw, and setup runs from there (FH-004 to FH-012).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from game.core.cards import Field, check_record, read_toml
from game.core.errors import ContentError, ScenarioError
from game.core.events import EventLog
from game.core.rng import Rng
from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.context import FLOW, Ctx
from game.rulesets.fantasy_heroes.state import FHState, Player
from game.rulesets.fantasy_heroes.turn import push_turn, setup

_LIST = Field((list,), required=False, check=lambda v: None if all(isinstance(x, str) for x in v)
              else "must list card ids")
_TOP = {"scenario": Field((dict,)), "player": Field((list,)), "deck": _LIST, "discard": _LIST}
_SCENARIO = {
    "title": Field((str,), required=False),
    "players": Field((int,), choices=(2, 3)),
    "start": Field((str,), required=False, choices=("setup", "draw", "attack")),
    "active": Field((int,), required=False),
    "order": Field((list,), required=False),
    "turn": Field((int,), required=False),
    "short_game": Field((bool,), required=False),
    "turn_limit": Field((int,), required=False),
    "unlisted": Field((str,), required=False, choices=("deck", "discard", "aside")),
    "battles_this_turn": Field((int,), required=False),
    "attacks_left": Field((int,), required=False),
}
_PLAYER = {"name": Field((str,), required=False), "hand": _LIST, "territories": _LIST}


def load_scenario_file(path: Path) -> dict[str, Any]:
    try:
        return read_toml(path)
    except ContentError as exc:
        raise ScenarioError(str(exc)) from None


def build_state(content: Content, data: Mapping[str, Any], seed: int, log: EventLog) -> FHState:
    """Check a scenario and build its state, advanced to the first decision."""
    try:
        check_record(data, _TOP, "scenario file")
        meta = data["scenario"]
        check_record(meta, _SCENARIO, "[scenario]")
        for i, p in enumerate(data["player"], 1):
            if not isinstance(p, dict):
                raise ScenarioError(f"[[player]] {i}: expected a table")
            check_record(p, _PLAYER, f"[[player]] {i}")
    except ContentError as exc:
        raise ScenarioError(str(exc)) from None
    seats = meta["players"]
    if len(data["player"]) != seats:
        raise ScenarioError(f"[scenario] says {seats} players but there are {len(data['player'])} [[player]] tables")
    order = [s - 1 for s in meta.get("order", list(range(1, seats + 1)))]
    if sorted(order) != list(range(seats)):
        raise ScenarioError("[scenario] order must list each seat number once")
    active = meta.get("active", order[0] + 1) - 1
    if active not in order:
        raise ScenarioError("[scenario] active must be a seat number")
    start = meta.get("start", "attack")

    placed: dict[str, str] = {}

    def place(card: str, where: str, territory: bool = False) -> str:
        known = card in content.territory_instances if territory else card in content.cards
        if not known:
            kind = "territory card" if territory else "battle card"
            raise ScenarioError(f"{where}: there is no {kind} '{card}'")
        if card in placed:
            raise ScenarioError(f"{where}: '{card}' is already placed in {placed[card]}")
        placed[card] = where
        return card

    state = FHState(seats=seats, short_game=meta.get("short_game", False), turn_limit=meta.get("turn_limit", 0),
                    rng=Rng.seeded(seed), players=[], memory=[[] for _ in range(seats)])
    for i, p in enumerate(data["player"]):
        where = f"player {i + 1}"
        player = Player(i, p.get("name", f"Player {i + 1}"))
        player.hand = [place(c, f"{where} hand") for c in p.get("hand", [])]
        player.territories = [place(t, f"{where} territories", True) for t in p.get("territories", [])]
        state.players.append(player)
    top_first = [place(c, "deck") for c in data.get("deck", [])]
    state.discard = [place(c, "discard") for c in data.get("discard", [])]
    rest = [c for c in content.cards if c not in placed]
    unlisted = meta.get("unlisted", "deck")
    state.rng.shuffle(rest)
    if unlisted == "deck":
        state.deck = rest + list(reversed(top_first))
    else:
        state.deck = list(reversed(top_first))
        (state.discard if unlisted == "discard" else state.set_aside).extend(rest)
    state.territories_out = [t for t in content.territory_instances if t not in placed]
    state.order = order
    state.active = active
    ctx = Ctx(state, content, log)
    if start == "setup":
        state.territories_out = [] if not placed.keys() & set(content.territory_instances) else state.territories_out
        setup(ctx, shuffle=False, deal_territories=not any(p.territories for p in state.players))
    else:
        if any(not p.territories for p in state.players):
            raise ScenarioError("every player needs at least one territory once play has started")
        state.turn = meta.get("turn", 1)
        state.phase = start
        state.attacks_left = meta.get("attacks_left", 1)
        state.battles_this_turn = meta.get("battles_this_turn", 0)
        push_turn(ctx, start)
    FLOW.advance(ctx, state.stack)
    return state
