"""Opening a session in the table scene (from New game, Continue, Load, Play again)."""

from __future__ import annotations

from typing import Any, Callable

from game.session import Session
from game.ui.controller import Controller


def open_session(app: Any, session: Session, check: Callable[[Callable[[int, int], None]], Session] | None = None,
                 on_check_failed: Callable[[str], None] | None = None) -> None:
    """Show ``session`` at the table. A game opened from a save's snapshot passes the check of
    its moves (run by the controller on a worker thread) and what to do if it fails."""
    from game.core import registry
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    if session.system_id not in registry.window_ids():
        title = registry.get(session.system_id).title
        app.show_toast(f"{title} has no table in the window yet: play it in the terminal "
                       f"(python -m game play {session.system_id}).", 5.0)
        return
    controller = Controller(session, app.settings.speed_factor, check=check)
    controller.on_check_failed = on_check_failed
    app.stack.replace(TitleScene(app))
    app.stack.push(TableScene(app, controller))
