"""Drive the real UI with synthetic input: find buttons by label, click lit things."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.widgets.basic import Button


def settle(app: Any) -> None:
    """Let the table's input guard pass, as a player looks at a new question before clicking
    (the guard ignores input for a moment after the question or its answers change)."""
    for _ in range(20):
        left = getattr(app.stack.top, "guard_left", 0.0)
        if left <= 0:
            return
        app.step([], left + 0.001)


def open_table(app: Any, session: Any) -> Any:
    """A table scene on ``session`` for the seat that must answer now, drawn twice."""
    from game.ui.controller import Controller
    from game.ui.scenes.table import TableScene

    controller = Controller(session, 0.0, autosave=False)
    decision = session.pending()
    controller.shown_seat = decision.seat if decision else 0
    scene = TableScene(app, controller)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def click(app: Any, pos: tuple[int, int]) -> None:
    settle(app)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)


def key(app: Any, code: int, mod: int = 0) -> None:
    settle(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)], 1 / 60)


def type_text(app: Any, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], 1 / 60)


def frames(app: Any, n: int = 1) -> None:
    for _ in range(n):
        app.step([], 1 / 60)


def wait_for(app: Any, done: Any, max_frames: int = 3000) -> None:
    """Step frames until ``done()`` (e.g. a save loading on its worker thread has opened)."""
    import time

    for _ in range(max_frames):
        if done():
            return
        app.step([], 1 / 60)
        time.sleep(0.001)
    raise AssertionError("the window never got there")


def buttons(scene: Any) -> list[Button]:
    found = [w for w in getattr(scene, "widgets", []) if isinstance(w, Button)]
    found += [b for b in getattr(scene, "buttons", [])]
    found += [b for b in (getattr(scene, "menu_button", None), getattr(scene, "undo_button", None)) if b]
    return found


def press(app: Any, label: str) -> None:
    """Click the top scene's button whose label starts with ``label`` (scrolling the table's
    action panel down to it, as a player would, when it is below the rows in sight)."""
    settle(app)
    scene = app.stack.top
    for _ in range(40):
        for button in buttons(scene):
            if button.visible and button.label.startswith(label):
                click(app, button.rect.center)
                return
        panel = getattr(scene, "panel", None)
        if panel is None or not panel.scrollable or not panel.wheel(panel.rect.center, -1, app.scale):
            break
        scene.buttons = list(panel.buttons)
    raise AssertionError(f"no button '{label}' on {scene.name}: {[b.label for b in buttons(scene)]}")


def point_on(table: Any, target: Any) -> tuple[int, int] | None:
    """A point where ``target`` is the topmost thing drawn."""
    for rect, t in reversed(table.hits):
        if t != target:
            continue
        for fx in (0.5, 0.12, 0.05, 0.9):
            for fy in (0.5, 0.15, 0.85):
                p = (int(rect.x + rect.width * fx), int(rect.y + rect.height * fy))
                if table.target_at(p) == target:
                    return p
    if target is not None and target[0] == "square" and hasattr(table, "grid") and table.grid is not None:
        x, _, y = target[1].partition(",")
        rect = table.grid.square_rect((int(x), int(y)))
        if table.target_at(rect.center) == target:
            return rect.center
    if target is not None and target[0] == "space" and getattr(table, "map", None) is not None:
        cx, cy = table.map.space_centre(target[1])
        r = table.map.space_radius(target[1])
        for dx, dy in ((0, 0), (r // 2, 0), (-r // 2, 0), (0, r // 2), (0, -r // 2)):
            if table.target_at((cx + dx, cy + dy)) == target:
                return cx + dx, cy + dy
    return None


def click_option(app: Any, scene: Any, option_ids: tuple[str, ...]) -> None:
    """Make a choice the way a player would: click its thing on the table, or its button."""
    settle(app)
    decision = scene.controller.my_decision()
    assert decision is not None
    for option_id in option_ids:
        option = decision.option(option_id)
        assert option is not None, option_id
        target = option.target
        pos = point_on(scene.table, target) if target else None
        if pos is not None:
            click(app, pos)
            same = [o for o in decision.options if o.target == target]
            if decision.max_choices == 1 and len(same) > 1:
                press(app, option.label[:30])
        else:
            press(app, option.label[:30])
        sure = [o for o in scene.sub_options or () if o.id.startswith("__sure:")]
        if sure:  # the table asked for a second click (a risky answer): the player is sure
            press(app, sure[0].label[:30])
    if decision.max_choices > 1 or decision.min_choices > 1:
        press(app, "Confirm")
