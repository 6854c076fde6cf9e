"""The title screen: Continue, New game, Load, Deck builder (when a game builds decks), Settings,
Rules, Quit.

Continue opens the newest readable save (each rule system keeps its own autosave, so
this is the game played last), loading it off the UI thread. The title also says, once,
when the settings file was damaged and the defaults are in use."""

from __future__ import annotations

from typing import Any

import pygame

from game import saves
from game.core import registry
from game.ui import theme
from game.ui.scenes.base import MenuScene


class TitleScene(MenuScene):
    name = "title"
    title = "Five Realms"
    subtitle = "Fantasy card and board games for a night at the table"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.refused: set[Any] = set()  # saves that failed to load: Continue passes over them

    def enter(self) -> None:
        super().enter()
        notice = getattr(self.app.settings, "notice", "")
        if notice:
            self.app.settings.notice = ""
            self.app.show_toast(notice, 6.0)

    def build(self, size: tuple[int, int], s: float) -> None:
        latest = self.latest_save()
        if latest is not None:
            seats = ", ".join(saves.quote(n, 24) for n in latest.seats)
            tip = f"Go on with '{saves.quote(latest.slot)}': {seats}, turn {latest.turn}"
        else:
            tip = "No saved game yet"
        entries = [
            ("Continue", self.continue_game, tip),
            ("New game", self.new_game, "Choose a game, players and AI seats"),
            ("Load", self.load, "Open a saved game"),
            *([("Deck builder", self.deck_builder, "Build and check your own decks")]
              if registry.deck_builder_ids() else []),
            ("Settings", self.settings, "Window size, full screen, animation speed"),
            ("Rules", self.rules, "The rules book of each game, searchable"),
            ("Quit", self.app.quit, "Leave Five Realms"),
        ]
        self.column(entries, size[0] // 2, int(size[1] * 0.30), s,
                    enabled=[latest is not None] + [True] * (len(entries) - 1))

    def latest_save(self) -> saves.SlotInfo | None:
        shown = registry.window_ids()  # a game played in the terminal only is continued there
        readable = [info for info in saves.list_saves()
                    if info.ok and info.path not in self.refused and info.ruleset in shown]
        return readable[0] if readable else None

    def continue_game(self) -> None:
        latest = self.latest_save()
        if latest is None:
            return
        from game.ui.scenes.saveload import start_loading

        start_loading(self.app, latest.path, latest.slot, lambda reason: self.refused.add(latest.path))

    def new_game(self) -> None:
        from game.ui.scenes.new_game import NewGameScene

        self.app.stack.push(NewGameScene(self.app))

    def load(self) -> None:
        from game.ui.scenes.saveload import SaveLoadScene

        self.app.stack.push(SaveLoadScene(self.app, mode="load"))

    def deck_builder(self) -> None:
        first = registry.deck_builder_ids()[0]
        self.app.stack.push(registry.part(first, "deck_builder")(self.app, first))

    def settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.stack.push(RulesScene(self.app))

    def back(self) -> bool:
        return True  # Esc on the title does nothing; Quit is a button

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        w, h = surface.get_size()
        from game.ui.tables.fantasy_heroes_cards import territory_icon

        for i, kind in enumerate(("Castle", "Mountain", "Forest", "Tower", "Swamp")):
            name = territory_icon(kind)
            if a.has_icon(name):
                icon = a.icon(name, theme.px(40, s), theme.GOLD)
                surface.blit(icon, icon.get_rect(center=(w // 2 + (i - 2) * theme.px(64, s), int(h * 0.25))))
        note = a.text("F11 full screen · Esc back · number keys choose", "italic", theme.MIN_TEXT_PX,
                      theme.PARCHMENT_DARK)
        surface.blit(note, note.get_rect(midbottom=(w // 2, h - theme.px(12, s))))
