"""The deck builder's Open list: the starter deck and every file of the decks folder, the
ones that cannot be read in red with the sentence saying why (never a crash), and Delete with
confirmation. Choosing a readable deck opens a copy of it in the builder."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.errors import FiveRealmsError
from game import saves
from game.rulesets.fantasy_adventures import deck_library as library
from game.ui import theme
from game.ui.scenes.base import ConfirmScene, MenuScene
from game.ui.widgets.basic import Button, draw_panel

DAMAGED = (240, 120, 104)
DELETE_TIP = "Delete the selected deck file (asks first)"


class DeckFilesScene(MenuScene):
    name = "deck-files"
    title = "Open a deck"
    overlay = True

    def __init__(self, app: Any, after_changes: Callable[[Callable[[], object]], None]) -> None:
        super().__init__(app)
        self.after_changes = after_changes  # the builder's "ask first if there are changes"
        self.files: list[library.DeckFile] = []
        self.selected = 0
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        self.files = library.list_decks()
        self.selected = min(self.selected, len(self.files))

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - theme.px(80, s), theme.px(860, s)), h - theme.px(80, s))
        self.panel.center = (w // 2, h // 2)
        self.list_rect = pygame.Rect(self.panel.x + theme.px(20, s), self.panel.y + theme.px(70, s),
                                     self.panel.width - theme.px(40, s), self.panel.height - theme.px(150, s))
        bw, bh = theme.px(150, s), theme.px(44, s)
        y = self.panel.bottom - theme.px(18, s) - bh
        self.widgets = [
            Button(pygame.Rect(self.list_rect.x, y, bw, bh), "Open", self.open, primary=True,
                   hotkey=pygame.K_RETURN, tooltip="Open a copy of the selected deck (Enter)"),
            Button(pygame.Rect(self.list_rect.right - 2 * bw - 10, y, bw, bh), "Delete", self.delete,
                   tooltip=DELETE_TIP),
            Button(pygame.Rect(self.list_rect.right - bw, y, bw, bh), "Cancel", self.app.stack.pop, tooltip="Esc"),
        ]

    def entries(self) -> list[tuple[str, str, bool]]:
        """(name, detail, readable) for the list: the starter deck first, then the files."""
        out = [("Starter deck", "The deck every player may use", True)]
        for f in self.files:
            if f.deck is not None:
                out.append((f.name, f"{f.deck.size('hero')} heroes · {f.deck.size('encounter')} encounter cards",
                            True))
            else:
                out.append((f.name, f"Cannot be read: {saves.quote(f.reason, 200)}", False))
        return out

    def open(self) -> None:
        from game.ui.scenes.deck_builder import STARTER, DeckBuilderScene

        builder = self.app.stack.find(DeckBuilderScene)
        entries = self.entries()
        if not isinstance(builder, DeckBuilderScene) or not 0 <= self.selected < len(entries):
            return
        name, detail, readable = entries[self.selected]
        if not readable:
            self.app.show_toast(f"'{name}' cannot be opened. {detail}", 5.0)
            return
        choice = STARTER if self.selected == 0 else f"file:{name}"

        def really() -> None:
            if self.app.stack.top is self:
                self.app.stack.pop()
            builder.open_choice(choice)

        self.after_changes(really)

    def delete(self) -> None:
        if not 1 <= self.selected <= len(self.files):
            self.app.show_toast("The starter deck cannot be deleted.")
            return
        f = self.files[self.selected - 1]

        def really() -> None:
            try:
                f.path.unlink()
                self.app.show_toast(f"Deleted the deck '{f.name}'.")
            except (OSError, FiveRealmsError) as exc:
                self.app.show_toast(f"The deck could not be deleted: {getattr(exc, 'strerror', None) or exc}.", 4.0)
            self.refresh()

        self.app.stack.push(ConfirmScene(self.app, f"Delete the deck '{f.name}'? This cannot be undone.", really,
                                         "Delete"))

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        count = len(self.entries())
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    if index == self.selected:
                        self.open()
                    self.selected = index
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % count
            return True
        return True  # a modal list: nothing below answers

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        # (drawn before the buttons: Delete is greyed out, saying why, while the starter deck,
        # which has no file, is the one selected)
        for button in self.widgets:
            if isinstance(button, Button) and button.label == "Delete":
                button.enabled = 1 <= self.selected <= len(self.files)
                button.tooltip = (DELETE_TIP if button.enabled
                                  else "The starter deck has no file to delete: select a saved deck")
        a = self.app.assets
        rect = self.list_rect
        draw_panel(surface, rect, s, colour=theme.FELT_DARK, border=theme.WALNUT_LIGHT)
        entries = self.entries()
        row_h = theme.px(56, s)
        visible = max(1, (rect.height - 8) // row_h)
        self.scroll = min(self.scroll, max(0, len(entries) - visible))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
        self.rows = []
        size = theme.px(16, s)
        for k, (name, detail, readable) in enumerate(entries[self.scroll:self.scroll + visible]):
            index = self.scroll + k
            row = pygame.Rect(rect.x + 6, rect.y + 4 + k * row_h, rect.width - 12, row_h - 4)
            self.rows.append((row, index))
            if index == self.selected:
                pygame.draw.rect(surface, theme.WALNUT_LIGHT, row, border_radius=theme.px(6, s))
                pygame.draw.rect(surface, theme.GOLD, row, width=2, border_radius=theme.px(6, s))
            head = a.text(name, "heading", theme.px(17, s), theme.GOLD_LIGHT if readable else DAMAGED)
            surface.blit(head, (row.x + theme.px(10, s), row.y + theme.px(4, s)))
            line = a.wrap(detail, "body", size, row.width - theme.px(20, s))[0]
            surface.blit(a.text(line, "body", size, theme.PARCHMENT if readable else DAMAGED),
                         (row.x + theme.px(10, s), row.y + theme.px(28, s)))
