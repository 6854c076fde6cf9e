"""The table's ranges and sight lines come from the rules (issue 11 item 5): the lookups on a
view (view.reach, view.sight) ask the rules data the same questions the rules ask, so what the
table lights is exactly what the rules offer, read from the view alone."""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.agents import random_choice
from game.core import registry
from game.core.decision import Decision
from game.core.events import EventLog
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.dungeon_delve import view as dd_view
from game.rulesets.dungeon_delve.actions import move_range
from game.rulesets.dungeon_delve.context import Ctx


def random_positions(seeds: range, steps: int) -> Iterator[tuple[Game, Decision]]:
    """Each decision of random two-seat games (at most ``steps`` a game); the game goes on
    with a random answer once the caller has looked."""
    system = registry.get("dungeon-delve")
    for seed in seeds:
        game = Game.new(system, seed, 2)
        rng = Rng.seeded(seed)
        for _ in range(steps):
            decision = game.pending()
            if decision is None:
                break
            yield game, decision
            game.choose(decision.seat, random_choice(decision, rng))


def test_the_views_reach_is_where_the_rules_let_the_active_figure_move():
    data = getattr(registry.get("dungeon-delve"), "data")
    compared = 0
    for game, decision in random_positions(range(1, 7), 100_000):
        if compared >= 400:
            break
        view = game.view_for(decision.seat)
        act = view.get("activation")
        moves = {o.id.split(":", 1)[1] for o in decision.options if o.id.startswith("move:")}
        if decision.kind == "action" and act and moves:
            reach = dd_view.reach(data, view, act["figure"], act["mp"])
            assert {f"{x},{y}" for x, y in reach.ends} >= moves
            ctx = Ctx(game.state, data, EventLog())
            rules = move_range(ctx, act["figure"], act["mp"])
            assert reach.ends == rules.ends and reach.costs == rules.costs
            mover = next(f for f in view["heroes"] + view["monsters"] if f["id"] == act["figure"])
            here = (mover["square"][0], mover["square"][1])
            for target in list(data.board(view["quest"]).terrain)[::7]:
                if target != here:
                    occupied = target in dd_view.figure_squares(view)
                    seen = dd_view.sight(data, view, here, target).visible
                    assert seen == ctx.sight(here, target, act["figure"],
                                             "figure" if occupied else "").visible
            compared += 1
    assert compared > 100


def test_the_views_sight_set_is_every_square_its_sight_line_reaches():
    """The table's sight overlay (view.sight_set, asked yes or no for speed) lights exactly the
    squares to which view.sight finds a line, for every figure of random positions."""
    data = getattr(registry.get("dungeon-delve"), "data")
    compared = 0
    for steps, (game, decision) in enumerate(random_positions(range(1, 5), 300)):
        if steps % 25 == 0:
            view = game.view_for(decision.seat)
            terrain = data.board(view["quest"]).terrain
            for figure in view["heroes"] + view["monsters"]:
                here = (figure["square"][0], figure["square"][1])
                expected = {t for t in terrain if t != here and dd_view.sight(data, view, here, t).visible}
                assert dd_view.sight_set(data, view, here) == expected
                compared += 1
    assert compared > 40
