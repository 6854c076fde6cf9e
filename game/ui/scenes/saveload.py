"""The save/load browser: slots with their game, seats, turn, date and a thumbnail;
delete with confirmation; unreadable files listed in red with the reason, never a crash.
In save mode a name field saves the current game (asking before overwriting).

Loading opens the saved position from the save's snapshot on a worker thread behind
``LoadingScene`` (Esc stops it), which takes the same short time at any length of game, and
shows the table at once. The replay of every move from the seed that checks the snapshot
then runs on another worker thread while the game is shown (the controller's check). A save
refused by either step goes back to the Load screen, marked red in the list with its
reason, and nothing is saved over anything.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any, Callable

import pygame

from game import save_pictures, saves
from game.core.errors import FiveRealmsError
from game.core import registry
from game.session import Session
from game.ui import theme
from game.ui.scene import Scene
from game.ui.scenes.base import ConfirmScene, MenuScene
from game.ui.widgets.basic import Button, TextField, draw_panel

THUMB = (160, 90)
"""The size of a save's picture in the list, at scale 1."""
LOADS_PER_FRAME = 1
"""How many saves' pictures the list reads and decodes in one frame (each well under a millisecond)."""
DAMAGED = (240, 120, 104)
"""The red of a save that cannot be loaded (readable on the walnut panel)."""


def safe_text(text: str, limit: int = 80) -> str:
    """Text from the saves folder, made safe to draw (printable, short)."""
    return saves.quote(text, limit)


class LoadingScene(Scene):
    """Opens a save's position on a worker thread; opens the table or says why not."""

    overlay = True
    name = "loading"

    def __init__(self, app: Any, path: Path, label: str,
                 on_failed: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.path = path
        self.label = safe_text(label, 40)
        self.on_failed = on_failed
        self.cancel = threading.Event()
        self.finished = threading.Event()
        self.opened: saves.OpenedSave | None = None
        self.error = ""
        self.thread = threading.Thread(target=self._work, name="five-realms-load", daemon=True)

    def enter(self) -> None:
        super().enter()
        self.thread.start()

    @property
    def session(self) -> Session | None:
        return self.opened.session if self.opened is not None else None

    def _work(self) -> None:
        try:
            opened = saves.open_save(self.path)
            if self.cancel.is_set():
                raise saves.LoadCancelled("The load was stopped.")
            self.opened = opened
        except saves.LoadCancelled:
            self.error = ""
        except FiveRealmsError as exc:
            self.error = str(exc)
        except Exception:  # never a crash of the window, whatever the file holds
            self.error = "The save could not be loaded: it may be damaged."
        finally:
            self.finished.set()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel.set()
        return True  # nothing below answers while a game is loading

    def update(self, dt: float) -> None:
        if not self.finished.is_set() or self.app.stack.top is not self:
            return
        self.app.stack.pop()
        if self.opened is not None:
            from game.ui.scenes.launch import open_session

            open_session(self.app, self.opened.session, self.opened.check,
                         lambda reason: refused_after_opening(self.app, self.path, self.label, reason))
            self.app.show_toast(f"Loaded '{self.label}'.")
        elif self.cancel.is_set():
            self.app.show_toast("Loading stopped.")
        else:
            self.app.show_toast(self.error, 5.0)
            if self.on_failed is not None:
                self.on_failed(self.error)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        a = self.app.assets
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((8, 6, 4, 160))
        surface.blit(shade, (0, 0))
        panel = pygame.Rect(0, 0, theme.px(460, s), theme.px(150, s))
        panel.center = (surface.get_width() // 2, surface.get_height() // 2)
        draw_panel(surface, panel, s, colour=theme.WALNUT, border=theme.GOLD, alpha=240)
        head = a.text(f"Loading '{self.label}'…", "heading", theme.px(21, s), theme.GOLD_LIGHT)
        surface.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + theme.px(18, s))))
        note = a.text("Reading the file · Esc stops", "body", theme.px(16, s), theme.PARCHMENT)
        surface.blit(note, note.get_rect(midtop=(panel.centerx, panel.y + theme.px(80, s))))


def start_loading(app: Any, path: Path, label: str, on_failed: Callable[[str], None] | None = None) -> None:
    """Load a save off the UI thread (Continue, the Load button)."""
    app.stack.push(LoadingScene(app, path, label, on_failed))


def refused_after_opening(app: Any, path: Path, label: str, reason: str) -> None:
    """The check of a save already shown at the table failed: close the table (and whatever
    is open over it), say why, and show the Load screen with the save in red. Continue passes
    over it; nothing was saved over anything."""
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    if app.stack.find(TableScene) is not None:
        while not isinstance(app.stack.top, TableScene):
            app.stack.pop()
        app.stack.pop()
    title = app.stack.find(TitleScene)
    if title is not None:
        title.refused.add(path)
    browser = SaveLoadScene(app, "load")
    app.stack.push(browser)
    browser.mark_damaged_path(path, reason)
    app.show_toast(f"'{safe_text(label, 40)}' was not loaded: {reason} The file was left as it is.", 8.0)


def picture_of(surface: pygame.Surface) -> save_pictures.Picture:
    """A small copy of ``surface`` (the table's frame) for the picture beside a save: scaled on
    the window's thread (a millisecond), encoded later on the writer's thread."""
    w, h = surface.get_size()
    size = (save_pictures.WIDTH, max(1, round(save_pictures.WIDTH * h / max(1, w))))
    small = pygame.transform.smoothscale(surface, size)
    return save_pictures.Picture(size[0], size[1], pygame.image.tobytes(small, "RGB"))


def fitted(picture: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
    """The largest rectangle of the picture's shape centred in ``box``."""
    w, h = picture
    scale = min(box.width / max(1, w), box.height / max(1, h))
    rect = pygame.Rect(0, 0, max(1, round(w * scale)), max(1, round(h * scale)))
    rect.center = box.center
    return rect


class SaveLoadScene(MenuScene):
    name = "saveload"
    tooltips = {"Load": "Open the selected save (Enter)", "Delete": "Delete the selected save (asks first)"}

    def __init__(self, app: Any, mode: str = "load", table: Any = None) -> None:
        super().__init__(app)
        self.mode = mode
        self.table = table
        self.title = "Save game" if mode == "save" else "Load game"
        self.slots: list[saves.SlotInfo] = []
        self.selected = 0
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self._thumbs: dict[Path, pygame.Surface | None] = {}  # each save's picture, scaled; None: the icon
        self._loads_left = LOADS_PER_FRAME
        self.name_field: TextField | None = None

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def refresh(self) -> None:
        self.slots = saves.list_saves()
        self._thumbs = {}
        self.selected = min(self.selected, max(0, len(self.slots) - 1))
        self._needs_a_save()

    def _needs_a_save(self) -> None:
        """Load and Delete act on the selected save: with none listed they are greyed out and
        say why, not buttons that do nothing."""
        for widget in self.widgets:
            if isinstance(widget, Button) and widget.label in ("Load", "Delete"):
                widget.enabled = bool(self.slots)
                widget.tooltip = self.tooltips[widget.label] if self.slots else "No saved game yet"

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        self.list_rect = pygame.Rect(theme.px(60, s), theme.px(110, s), w - theme.px(120, s), h - theme.px(210, s))
        y = h - theme.px(80, s)
        bw, bh = theme.px(170, s), theme.px(46, s)
        if self.mode == "save":
            self.name_field = TextField(pygame.Rect(theme.px(60, s), y, theme.px(320, s), bh),
                                        self.name_field.text if self.name_field else "", max_length=40,
                                        placeholder="Name this save", tooltip="Letters, digits, spaces, - and _",
                                        allowed=lambda ch: ch.isascii() and (ch.isalnum() or ch in " -_"))
            self.name_field.focused = True
            self.widgets.append(self.name_field)
            self.widgets.append(Button(pygame.Rect(theme.px(392, s), y, bw, bh), "Save", self.save, primary=True,
                                       hotkey=pygame.K_RETURN))
        else:
            self.widgets.append(Button(pygame.Rect(theme.px(60, s), y, bw, bh), "Load", self.load, primary=True,
                                       hotkey=pygame.K_RETURN, tooltip=self.tooltips["Load"]))
        self.widgets.append(Button(pygame.Rect(w - theme.px(60, s) - 2 * bw - 12, y, bw, bh), "Delete",
                                   self.delete, tooltip=self.tooltips["Delete"]))
        self.widgets.append(Button(pygame.Rect(w - theme.px(60, s) - bw, y, bw, bh), "Back", self.app.stack.pop,
                                   tooltip="Esc"))
        self._needs_a_save()

    def current(self) -> saves.SlotInfo | None:
        return self.slots[self.selected] if 0 <= self.selected < len(self.slots) else None

    def load(self) -> None:
        info = self.current()
        if info is None:
            return
        if not info.ok:
            self.app.show_toast(f"'{safe_text(info.slot, 40)}' cannot be loaded: {info.reason}", 5.0)
            return
        start_loading(self.app, info.path, info.slot, lambda reason: self.mark_damaged(info, reason))

    def mark_damaged_path(self, path: Path, reason: str) -> None:
        for info in self.slots:
            if info.path == path:
                self.mark_damaged(info, reason)
                return

    def mark_damaged(self, info: saves.SlotInfo, reason: str) -> None:
        """A save refused on load shows red in the list, with the reason."""
        self.slots = [saves.SlotInfo(i.slot, i.path, False, reason, modified=i.modified) if i is info else i
                      for i in self.slots]

    def save(self) -> None:
        assert self.name_field is not None and self.table is not None
        slot = self.name_field.text.strip()
        if not slot:
            self.app.show_toast("Type a name for the save first.")
            return
        try:
            saves.check_slot_name(slot)
        except FiveRealmsError as exc:
            self.app.show_toast(str(exc), 4.0)
            return
        if any(info.slot == slot for info in self.slots):
            self.app.stack.push(ConfirmScene(self.app, f"Replace the save '{slot}'?", lambda: self._write(slot),
                                             "Replace"))
        else:
            self._write(slot)

    def _write(self, slot: str) -> None:
        message = self.table.controller.save(slot)  # with the table's picture, written on its worker
        if message.startswith("Saved"):
            self.app.stack.pop()
        self.app.show_toast(message, 3.0)

    def delete(self) -> None:
        info = self.current()
        if info is None:
            return

        def really() -> None:
            try:
                saves.delete_file(info.path)  # and its picture
                self.app.show_toast(f"Deleted '{safe_text(info.slot, 40)}'.")
            except (FiveRealmsError, OSError) as exc:
                self.app.show_toast(str(exc), 4.0)
            self.refresh()

        self.app.stack.push(ConfirmScene(self.app, f"Delete the save '{safe_text(info.slot, 40)}'? This cannot "
                                         "be undone.",
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

    def thumb_rect(self, row: pygame.Rect, s: float) -> pygame.Rect:
        """Where a row of the list shows its save's picture (or the icon)."""
        return pygame.Rect(row.x + 6, row.y + 4, int(THUMB[0] * s), int(THUMB[1] * s))

    def _thumb(self, info: saves.SlotInfo, box: pygame.Rect) -> pygame.Surface | None:
        """The save's picture scaled to fit ``box``, read and decoded the first time it is shown
        (LOADS_PER_FRAME a frame, so a long list never holds a frame up); None shows the icon (not
        read yet, no picture, or one that is not safe to decode)."""
        image = self._thumbs.get(info.path)
        if info.path not in self._thumbs:
            if self._loads_left <= 0:
                return None
            self._loads_left -= 1
            image = None
            data = save_pictures.read(info.path)  # size and header checked before decoding
            if data is not None:
                try:
                    image = pygame.image.load(io.BytesIO(data), "picture.png").convert()
                except Exception:  # whatever the file holds, the icon and never a crash
                    image = None
            self._thumbs[info.path] = image
        size = fitted(image.get_size(), box).size if image is not None else (0, 0)
        if image is not None and image.get_size() != size:
            image = pygame.transform.smoothscale(image, size)  # once, not every frame
            self._thumbs[info.path] = image
        return image

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
        self._loads_left = LOADS_PER_FRAME
        for k, info in enumerate(self.slots[self.scroll:self.scroll + visible]):
            index = self.scroll + k
            row = pygame.Rect(rect.x + 8, rect.y + 6 + k * row_h, rect.width - 16, row_h - 6)
            self.rows.append((row, index))
            if index == self.selected:
                pygame.draw.rect(surface, theme.WALNUT_LIGHT, row, border_radius=theme.px(8, s))
                pygame.draw.rect(surface, theme.GOLD, row, width=2, border_radius=theme.px(8, s))
            thumb_rect = self.thumb_rect(row, s)
            pygame.draw.rect(surface, theme.FELT_DARK, thumb_rect)
            thumb = self._thumb(info, thumb_rect) if info.ok else None
            if thumb is not None:
                surface.blit(thumb, thumb.get_rect(center=thumb_rect.center))
            else:
                icon = a.icon("card-discard" if not info.ok else "scroll-unfurled", int(thumb_rect.height * 0.6),
                              theme.MUTED)
                surface.blit(icon, icon.get_rect(center=thumb_rect.center))
            x = thumb_rect.right + theme.px(16, s)
            name = a.text(safe_text(info.slot, 40), "heading", theme.px(19, s),
                          theme.GOLD_LIGHT if info.ok else DAMAGED)
            surface.blit(name, (x, row.y + theme.px(8, s)))
            if info.ok:
                title = registry.get(info.ruleset).title if info.ruleset in registry.ids() else info.ruleset
                seats = ", ".join(safe_text(n, 24) for n in info.seats)
                when = safe_text(info.saved_at.replace("T", " ")[:16], 16)
                detail = f"{title} · {seats} · turn {info.turn} · {when} UTC"
                colour = theme.PARCHMENT
            else:
                detail = f"Cannot be loaded: {safe_text(info.reason, 200)}"
                colour = DAMAGED
            for j, line in enumerate(a.wrap(detail, "body", theme.px(16, s), row.right - x - 10)[:2]):
                surface.blit(a.text(line, "body", theme.px(16, s), colour),
                             (x, row.y + theme.px(36, s) + j * a.font("body", theme.px(16, s)).get_linesize()))
