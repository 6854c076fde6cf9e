"""The pause menu over the table: Resume, Save, Load, Settings, Rules, Quit to title."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.base import MenuScene


class PauseScene(MenuScene):
    overlay = True
    name = "pause"
    title = "Paused"

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table

    def build(self, size: tuple[int, int], s: float) -> None:
        self.panel = pygame.Rect(0, 0, theme.px(380, s), theme.px(470, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        entries = [
            ("Resume", self.app.stack.pop, "Back to the table (Esc)"),
            ("Save", self.save, "Save this game under a name"),
            ("Load", self.load, "Open a saved game"),
            ("Settings", self.settings, "Window size, full screen, animation speed"),
            ("Rules", self.rules, "The rules book, searchable"),
            ("Quit to title", self.quit_to_title, "Autosaves, then returns to the title"),
        ]
        self.column(entries, self.panel.centerx, self.panel.y + theme.px(80, s), s, width=290)

    def save(self) -> None:
        from game.ui.scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, mode="save", table=self.table))

    def load(self) -> None:
        from game.ui.scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, mode="load"))

    def settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.table.controller.session.system_id))

    def quit_to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        controller = self.table.controller
        controller.finish_ai_now()
        error = controller.autosave() if not controller.session.over else None
        self.app.stack.replace(TitleScene(self.app))
        self.app.show_toast(error or "Game saved to 'autosave'. Continue it from the title.")
