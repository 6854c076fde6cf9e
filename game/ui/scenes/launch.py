"""Opening a session in the table scene (from New game, Continue, Load, Play again)."""

from __future__ import annotations

from typing import Any

from game.session import Session
from game.ui.controller import Controller


def open_session(app: Any, session: Session) -> None:
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    controller = Controller(session, app.settings.speed_factor, app.settings.auto_pass)
    app.stack.replace(TitleScene(app))
    app.stack.push(TableScene(app, controller))
