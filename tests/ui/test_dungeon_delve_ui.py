"""The Dungeon Delve table in the window: a whole quest played by clicks (heroes at the
screen, the overlord an AI) to the game-over scene; hovering shows paths, sight lines and
odds; the dice tray shows the dice the rules rolled."""

from __future__ import annotations

import time

import pygame

from game.ai import make_agent
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.table import TableScene
from tests.ui.driver import click_option, frames, point_on, press, type_text


def start_quest(app, seed: str):
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    press(app, "New game")
    press(app, "Dungeon Delve")
    scene = app.stack.top
    assert scene.system_id == "dungeon-delve" and scene.kinds[:2] == ["normal", "human"]
    scene.seed_field.focused = True
    type_text(app, seed)
    press(app, "Start")
    table = app.stack.find(TableScene)
    assert table is not None and table.controller.session.system_id == "dungeon-delve"
    return table


def test_a_whole_quest_plays_through_the_window(make_app):
    app = make_app()
    table = start_quest(app, "8")
    session = table.controller.session
    stand_in = make_agent("normal", "dungeon-delve", 4, 1)
    for _ in range(40000):
        if isinstance(app.stack.top, GameOverScene):
            break
        decision = table.controller.my_decision() if app.stack.top is table else None
        if decision is not None and not table.animations.busy and not table.table.busy:
            click_option(app, table, stand_in.choose(table.controller.view(), decision))
        else:
            frames(app)
            if table.controller._future is not None:
                time.sleep(0.0005)
    assert isinstance(app.stack.top, GameOverScene)
    assert session.over and session.game.outcome().reason
    assert any(c.by_human for c in session.choices) and any(not c.by_human for c in session.choices)


def test_hover_shows_path_sight_and_odds(make_app):
    app = make_app()
    table = start_quest(app, "3")
    # Play until a hero has MP to spend (take a Move action if needed).
    for _ in range(2000):
        decision = table.controller.my_decision()
        if decision is not None and decision.kind == "action":
            if any(o.id.startswith("move:") for o in decision.options):
                break
            if "act:move" in decision.option_ids:
                click_option(app, table, ("act:move",))
                continue
        if decision is not None:
            click_option(app, table, (decision.option_ids[0],))
        else:
            frames(app)
            time.sleep(0.0005)
    decision = table.controller.my_decision()
    move = next(o for o in decision.options if o.id.startswith("move:"))
    pos = point_on(table.table, move.target)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app)
    assert app.tooltip is not None and "MP" in app.tooltip[0]
    grid = table.table.grid
    assert grid is not None and grid.square_at(pos) is not None
    mover = table.controller.view()["activation"]["figure"]
    click_option(app, table, (move.id,))
    frames(app, 3)
    hero = next(h for h in table.controller.view()["heroes"] if h["id"] == mover)
    assert tuple(hero["square"]) == grid.square_at(pos)  # the click moved the hero where the path led


def test_a_zoomed_map_pans_with_a_right_drag(make_app):
    """The wheel zooms about the pointer; a right- (or middle-) drag then pans the map, and a
    drag at 1x (where the map already fits) does nothing."""
    app = make_app()
    table = start_quest(app, "3")
    frames(app)
    grid = table.table.grid
    centre = table.table.board_rect.center
    drag = [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(40, -30), buttons=(0, 0, 1))]
    before = grid.pan
    app.step(drag, 1 / 60)
    assert grid.pan == before  # nothing to pan at 1x
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 1 / 60)
    assert grid.zoom > 1.0
    zoomed = grid.pan
    app.step(drag, 1 / 60)
    assert grid.pan != zoomed
    middle = [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(-40, 30), buttons=(0, 1, 0))]
    app.step(middle, 1 / 60)
    assert grid.pan == zoomed  # dragged back by the same amount


def test_an_ai_move_shows_the_way_the_figure_went(make_app):
    """Issue 12 item 3: AI turns are shown step by step with the figure moved: the overlord's
    monster moves arrive as a trail of gold steps over the squares it walked, in order."""
    from game.session import Seat, Session
    from game.ui.animation import Trail
    from tests.ui.driver import open_table

    app = make_app(speed="normal")
    session = Session.new("dungeon-delve", [Seat("ai", "Overlord", "normal"), Seat("human", "Heroes")], 8)
    table = open_table(app, session)
    controller, grid = table.controller, table.table.grid
    stand_in = make_agent("normal", "dungeon-delve", 4, 1)
    for _ in range(20000):
        decision = controller.decision()
        if decision is None:
            break
        if not session.seats[decision.seat].is_ai:
            controller.choose(stand_in.choose(controller.view(), decision))
            table.animations.skip()
            controller.new_events.clear()
            continue
        events = session.choose(decision.seat, session.agents[decision.seat].choose(
            session.game.view_for(decision.seat), decision))
        moves = [e for e in events if e.kind == "move" and e.data.get("path")]
        if not moves:
            continue
        table.animations.skip()
        controller._arrived(events)
        frames(app)
        trails = [a for group in table.animations.groups for a in group if isinstance(a, Trail)]
        assert trails, "the monster's move left no trail"
        path = [tuple(moves[0].data["origin"])] + [tuple(p) for p in moves[0].data["path"]]
        assert trails[0].points == [grid.square_centre(sq) for sq in path]
        return
    raise AssertionError("the overlord never moved a monster")


def test_a_numbered_minion_carries_its_number_on_its_token(make_app):
    """DD-140: the log names minions of a kind on the map by number ("Goblin Skulker 4"), so
    their tokens carry the same number, and a minion alone of its kind carries none."""
    from game.session import Seat, Session
    from game.ui.boards.grid import GridFigure, render_figure
    from tests.ui.driver import open_table

    app = make_app()
    session = Session.new("dungeon-delve", [Seat("ai", "Overlord", "normal"), Seat("ai", "Heroes", "normal")], 3)
    while not any(e.kind == "reinforce" for e in session.step_ai() or ()):
        pass
    table = open_table(app, session)
    frames(app)
    view = table.controller.view()
    figures = {f.name: f for f in table.table._figures(view)}
    numbered = [m for m in view["monsters"] if m["number"]]
    assert any(m["kind"] == "goblin_skulker" for m in numbered), "no numbered Goblin Skulker on the map"
    for monster in view["monsters"]:
        figure = figures[monster["name"]]
        assert figure.number == monster["number"]
        assert monster["name"].endswith(f" {figure.number}") if figure.number else not monster["name"][-1].isdigit()
    figure = figures[numbered[0]["name"]]
    plain = GridFigure(figure.square, figure.name, figure.kind, figure.side, figure.health, figure.max_health)
    with_number = GridFigure(figure.square, figure.name, figure.kind, figure.side, figure.health, figure.max_health,
                             number=figure.number)
    assets = table.table.grid.assets
    assert pygame.image.tobytes(render_figure(plain, 40, assets), "RGBA") != \
        pygame.image.tobytes(render_figure(with_number, 40, assets), "RGBA")
