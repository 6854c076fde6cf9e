"""Every flow step record of every rule system matches the TypedDict its kind is declared
with (issue 11 item 7): mypy checks the records the code builds; this checks the records
random games actually hold, field by field (required keys, no undeclared key, value types).
"""

from __future__ import annotations

from typing import get_args, get_type_hints

import pytest

from game.core import registry
from game.core.game import Game
from game.core.rng import Rng
from game.core.typecheck import problems
from tests.test_conformance import MAX_CHOICES, random_choice

SEEDS = range(8)


def _record_types(system):
    """The state's stack type: the union of the rule system's step TypedDicts."""
    (record,) = get_args(get_type_hints(system.state_type)["stack"])
    return set(get_args(record)) or {record}


@pytest.mark.parametrize("system_id", registry.ids())
def test_every_step_kind_is_declared_with_a_typeddict_of_the_stack_type(system_id):
    system = registry.get(system_id)
    flow = system.flow
    assert set(flow.records) == set(flow.kinds), "a step kind registered by bare name has no declared record"
    assert set(flow.records.values()) == _record_types(system)


@pytest.mark.parametrize("system_id", registry.ids())
def test_random_games_hold_only_records_of_their_kinds_typeddict(system_id, monkeypatch):
    system = registry.get(system_id)
    flow = system.flow
    where = ""

    def check(record, place):
        found = problems(record, flow.records[record["step"]], place)
        assert not found, f"{system_id} {where}: " + "; ".join(found)

    # Every record the loop hands to a handler, the ones consumed within one call included.
    kind = flow.kind

    def checked_kind(record):
        check(record, "a handled step")
        return kind(record)

    monkeypatch.setattr(flow, "kind", checked_kind)
    for seed in SEEDS:
        seats = system.min_seats + seed % (system.max_seats - system.min_seats + 1)
        game = Game.new(system, seed, seats, system.playout_options)
        rng = Rng.seeded(seed, 31)
        for number in range(MAX_CHOICES):
            where = f"seed {seed}, after {number} choices"
            # And every record on the stack, under the top too, after every choice.
            for depth, record in enumerate(game.state.stack):
                check(record, f"stack[{depth}]")
            decision = game.pending()
            if decision is None:
                break
            game.choose(decision.seat, random_choice(decision, rng))
