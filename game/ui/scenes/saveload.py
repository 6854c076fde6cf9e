"""The save/load browser: slots with their game, seats, turn, date and a thumbnail;
delete with confirmation; unreadable files listed with the reason, never a crash. In
save mode a name field saves the current game (asking before overwriting)."""

from __future__ import annotations

from typing import Any

import pygame

from game import saves
from game.core.errors import FiveRealmsError
from game.core import registry
from game.ui import theme
from game.ui.scenes.base import ConfirmScene, MenuScene
from game.ui.widgets.basic import Button, TextField, draw_panel

THUMB = (160, 90)


def thumbnail_path(slot: str) -> Any:
    return saves.saves_dir() / f"{slot}.png"


def save_thumbnail(app: Any, slot: str) -> None:
    """A small picture of the table beside the save (best effort)."""
    try:
        small = pygame.transform.smoothscale(app.screen, THUMB)
        path = thumbnail_path(slot)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(small, str(path))
    except (pygame.error, OSError):
        pass


class SaveLoadScene(MenuScene):
    name = "saveload"

    def __init__(self, app: Any, mode: str = "load", table: Any = None) -> None:
        super().__init__(app)
        self.mode = mode
        self.table = table
        self.title = "Save game" if mode == "save" else "Load game"
        self.slots: list[saves.SlotInfo] = []
        self.selected = 0
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self._thumbs: dict[str, pygame.Surface | None] = {}
        self.name_field: TextField | None = None

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        self.slots = saves.list_saves()
        self._thumbs = {}
        self.selected = min(self.selected, max(0, len(self.slots) - 1))

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        self.list_rect = pygame.Rect(theme.px(60, s), theme.px(110, s), w - theme.px(120, s), h - theme.px(210, s))
        y = h - theme.px(80, s)
        bw, bh = theme.px(170, s), theme.px(46, s)
        if self.mode == "save":
            self.name_field = TextField(pygame.Rect(theme.px(60, s), y, theme.px(320, s), bh),
                                        self.name_field.text if self.name_field else "", max_length=40,
                                        placeholder="Name this save", tooltip="Letters, digits, spaces, - and _")
            self.name_field.focused = True
            self.widgets.append(self.name_field)
            self.widgets.append(Button(pygame.Rect(theme.px(392, s), y, bw, bh), "Save", self.save, primary=True,
                                       hotkey=pygame.K_RETURN))
        else:
            self.widgets.append(Button(pygame.Rect(theme.px(60, s), y, bw, bh), "Load", self.load, primary=True,
                                       hotkey=pygame.K_RETURN, tooltip="Open the selected save (Enter)"))
        self.widgets.append(Button(pygame.Rect(w - theme.px(60, s) - 2 * bw - 12, y, bw, bh), "Delete",
                                   self.delete, tooltip="Delete the selected save (asks first)"))
        self.widgets.append(Button(pygame.Rect(w - theme.px(60, s) - bw, y, bw, bh), "Back", self.app.stack.pop,
                                   tooltip="Esc"))

    def current(self) -> saves.SlotInfo | None:
        return self.slots[self.selected] if 0 <= self.selected < len(self.slots) else None

    def load(self) -> None:
        info = self.current()
        if info is None:
            return
        if not info.ok:
            self.app.show_toast(f"'{info.slot}' cannot be loaded: {info.reason}", 5.0)
            return
        from game.ui.scenes.launch import open_session

        try:
            session = saves.load(info.path)
        except FiveRealmsError as exc:
            self.app.show_toast(str(exc), 5.0)
            return
        open_session(self.app, session)
        self.app.show_toast(f"Loaded '{info.slot}'.")

    def save(self) -> None:
        assert self.name_field is not None and self.table is not None
        slot = self.name_field.text.strip()
        if not slot:
            self.app.show_toast("Type a name for the save first.")
            return
        if any(info.slot == slot for info in self.slots):
            self.app.stack.push(ConfirmScene(self.app, f"Replace the save '{slot}'?", lambda: self._write(slot),
                                             "Replace"))
        else:
            self._write(slot)

    def _write(self, slot: str) -> None:
        message = self.table.controller.save(slot)
        if message.startswith("Saved"):
            # The thumbnail shows the table, not this browser: draw the table once, off-screen.
            shot = pygame.Surface(self.app.size)
            self.table.draw(shot)
            try:
                pygame.image.save(pygame.transform.smoothscale(shot, THUMB), str(thumbnail_path(slot)))
            except (pygame.error, OSError):
                pass
            self.app.stack.pop()
        self.app.show_toast(message, 3.0)

    def delete(self) -> None:
        info = self.current()
        if info is None:
            return

        def really() -> None:
            try:
                saves.delete(info.slot)
                thumb = thumbnail_path(info.slot)
                if thumb.exists():
                    thumb.unlink()
                self.app.show_toast(f"Deleted '{info.slot}'.")
            except (FiveRealmsError, OSError) as exc:
                self.app.show_toast(str(exc), 4.0)
            self.refresh()

        self.app.stack.push(ConfirmScene(self.app, f"Delete the save '{info.slot}'? This cannot be undone.",
                                         really, "Delete"))

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    if index == self.selected and self.mode == "load":
                        self.load()
                    self.selected = index
                    if self.mode == "save" and self.name_field is not None and self.current():
                        self.name_field.text = self.current().slot  # type: ignore[union-attr]
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.slots:
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.slots)
            return True
        return False

    def _thumb(self, info: saves.SlotInfo) -> pygame.Surface | None:
        if info.slot not in self._thumbs:
            path = thumbnail_path(info.slot)
            image = None
            if path.exists():
                try:
                    image = pygame.image.load(str(path)).convert()
                except (pygame.error, OSError):
                    image = None
            self._thumbs[info.slot] = image
        return self._thumbs[info.slot]

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        rect = self.list_rect
        draw_panel(surface, rect, s, colour=theme.WALNUT, border=theme.GOLD, alpha=220)
        self.rows = []
        if not self.slots:
            label = a.text("No saved games yet.", "italic", theme.px(19, s), theme.PARCHMENT)
            surface.blit(label, label.get_rect(center=rect.center))
            return
        row_h = theme.px(THUMB[1] + 14, s)
        visible = max(1, (rect.height - 10) // row_h)
        self.scroll = min(self.scroll, max(0, len(self.slots) - visible))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1
        for k, info in enumerate(self.slots[self.scroll:self.scroll + visible]):
            index = self.scroll + k
            row = pygame.Rect(rect.x + 8, rect.y + 6 + k * row_h, rect.width - 16, row_h - 6)
            self.rows.append((row, index))
            if index == self.selected:
                pygame.draw.rect(surface, theme.WALNUT_LIGHT, row, border_radius=theme.px(8, s))
                pygame.draw.rect(surface, theme.GOLD, row, width=2, border_radius=theme.px(8, s))
            thumb_rect = pygame.Rect(row.x + 6, row.y + 4, theme.px(THUMB[0], s) * 0 + int(THUMB[0] * s),
                                     int(THUMB[1] * s))
            thumb = self._thumb(info) if info.ok else None
            if thumb is not None:
                surface.blit(pygame.transform.smoothscale(thumb, thumb_rect.size), thumb_rect)
            else:
                pygame.draw.rect(surface, theme.FELT_DARK, thumb_rect)
                icon = a.icon("card-discard" if not info.ok else "scroll-unfurled", int(thumb_rect.height * 0.6),
                              theme.MUTED)
                surface.blit(icon, icon.get_rect(center=thumb_rect.center))
            x = thumb_rect.right + theme.px(16, s)
            name = a.text(info.slot, "heading", theme.px(19, s), theme.GOLD_LIGHT if info.ok else theme.DANGER)
            surface.blit(name, (x, row.y + theme.px(8, s)))
            if info.ok:
                title = registry.get(info.ruleset).title if info.ruleset in registry.ids() else info.ruleset
                detail = f"{title} · {', '.join(info.seats)} · turn {info.turn} · {info.saved_at.replace('T', ' ')[:16]} UTC"
                colour = theme.PARCHMENT
            else:
                detail = f"Cannot be loaded: {info.reason}"
                colour = theme.PARCHMENT_DARK
            for j, line in enumerate(a.wrap(detail, "body", theme.px(16, s), row.right - x - 10)[:2]):
                surface.blit(a.text(line, "body", theme.px(16, s), colour),
                             (x, row.y + theme.px(36, s) + j * a.font("body", theme.px(16, s)).get_linesize()))
