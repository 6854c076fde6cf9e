"""The action panel: every answer of the pending question at once, beside the board.

One shared widget for every table (issue 12): the answers are grouped by kind (a heading per
group: Move, Attack, Cards...), each row shows its whole label, wrapped rather than cut, with
its keyboard shortcut; the panel scrolls with the mouse wheel when it must. The answer that
ends the turn, the phase or the window ("End the turn", "Play nothing") has one fixed place at
the panel's foot that never moves, so a click meant for another row can never land on it as
the rows change. A group whose answers are all lit on the board is one line that says so and
lists them on a click, so a map with forty reachable squares does not bury the other answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets.basic import Button

ROW_TEXT = 16          # px at scale 1: the rows' text (never below theme.MIN_TEXT_PX)
HOTKEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
           pygame.K_9, pygame.K_0]
END_KEY = pygame.K_e


@dataclass
class Entry:
    """One row: what it answers (``key``: an option id or a panel action), its label and the
    detail its tooltip shows."""

    key: str
    label: str
    detail: str = ""
    primary: bool = False
    enabled: bool = True


@dataclass
class Group:
    title: str
    entries: list[Entry] = field(default_factory=list)


class Row(Button):
    """A panel row: its shortcut in a small badge, then the whole label, wrapped to fit."""

    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], object], lines: list[str],
                 badge: str, *, tooltip: str, primary: bool, enabled: bool, hotkey: int | None) -> None:
        super().__init__(rect, label, on_click, tooltip=tooltip, primary=primary, hotkey=hotkey, enabled=enabled)
        self.lines = lines
        self.badge = badge

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.visible:
            return
        rect = self.rect
        radius = theme.px(6, scale)
        pygame.draw.rect(surface, theme.SHADOW, rect.move(0, theme.px(2, scale)), border_radius=radius)
        pygame.draw.rect(surface, self.fill, rect, border_radius=radius)
        border = theme.GOLD if self.hovered and self.enabled else theme.WALNUT_LIGHT
        pygame.draw.rect(surface, border, rect, width=max(1, theme.px(2, scale)), border_radius=radius)
        colour = theme.INK if self.enabled else theme.MUTED
        size = text_px(scale)
        x = rect.x + theme.px(8, scale)
        if self.badge:
            tag = assets.text(self.badge, "bold", size, theme.PARCHMENT)
            box = pygame.Rect(x, rect.y + theme.px(5, scale), tag.get_width() + theme.px(10, scale),
                              tag.get_height())
            pygame.draw.rect(surface, theme.WALNUT, box, border_radius=theme.px(4, scale))
            surface.blit(tag, tag.get_rect(center=box.center))
        x += badge_width(assets, scale)
        line_h = assets.font("bold", size).get_linesize()
        y = rect.y + (rect.height - line_h * len(self.lines)) // 2
        for line in self.lines:
            surface.blit(assets.text(line, "bold", size, colour), (x, y))
            y += line_h


def _bind(act: Callable[[Entry], None], entry: Entry) -> Callable[[], None]:
    return lambda: act(entry)


def text_px(scale: float) -> int:
    return max(theme.MIN_TEXT_PX, theme.px(ROW_TEXT, scale))


def badge_width(assets: Assets, scale: float) -> int:
    return assets.font("bold", text_px(scale)).size("0")[0] + theme.px(22, scale)


class ActionPanel:
    """Lays out :class:`Group` rows and a fixed ending row inside ``area``, and draws them.
    With an ending row the panel fills ``area`` and that row sits at its foot, the same place
    for every question; without one the panel is as tall as its rows need."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Row] = []
        self.headings: list[tuple[str, int]] = []  # (title, y before scrolling)
        self.fixed: Row | None = None
        self.scroll = 0
        self._content_h = 0
        self._list_rect = pygame.Rect(0, 0, 0, 0)

    def clear(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons, self.headings, self.fixed = [], [], None
        self.scroll = 0

    def build(self, area: pygame.Rect, groups: list[Group], fixed: Entry | None,
              act: Callable[[Entry], None], assets: Assets, scale: float, keep_scroll: bool = False) -> None:
        """Rows for ``groups`` and the ``fixed`` ending row; ``act(entry)`` runs on a click or
        the row's shortcut (1-9 and 0 in order, E for the fixed row)."""
        scroll = self.scroll if keep_scroll else 0
        self.clear()
        if not groups and fixed is None:
            return
        pad, gap = theme.px(8, scale), theme.px(5, scale)
        size = text_px(scale)
        line_h = assets.font("bold", size).get_linesize()
        head_h = assets.font("heading", size).get_linesize() + theme.px(4, scale)
        inner_w = area.width - 2 * pad
        text_w = inner_w - badge_width(assets, scale) - theme.px(10, scale)
        fixed_h = 0
        if fixed is not None:
            lines = assets.wrap(fixed.label, "bold", size, text_w)
            fixed_h = len(lines) * line_h + theme.px(12, scale)
        # Lay the rows out from y = 0, then place the list and the fixed row in the area.
        placed: list[tuple[Entry, int, int, list[str]]] = []
        y = 0
        number = 0
        for group in groups:
            if not group.entries:
                continue
            self.headings.append((group.title, y))
            y += head_h
            for entry in group.entries:
                lines = assets.wrap(entry.label, "bold", size, text_w) or [""]
                h = len(lines) * line_h + theme.px(10, scale)
                placed.append((entry, y, h, lines))
                y += h + gap
                number += 1
            y += gap
        self._content_h = y
        room = area.height - 2 * pad - (fixed_h + 2 * gap if fixed is not None else 0)
        list_h = min(y, max(0, room))
        total = list_h + 2 * pad
        if fixed is not None:  # the ending row keeps one place, the area's foot, whatever the rows
            total = area.height
        self.rect = pygame.Rect(area.x, area.y, area.width, min(area.height, total))
        self._list_rect = pygame.Rect(area.x + pad, area.y + pad, inner_w, list_h)
        self.scroll = max(0, min(scroll, self._content_h - list_h))
        for index, (entry, top, h, lines) in enumerate(placed):
            rect = pygame.Rect(self._list_rect.x, self._list_rect.y + top - self.scroll, inner_w, h)
            hotkey = HOTKEYS[index] if index < len(HOTKEYS) else None
            badge = pygame.key.name(hotkey) if hotkey is not None else ""
            row = Row(rect, entry.label, _bind(act, entry), lines, badge, tooltip=entry.detail,
                      primary=entry.primary, enabled=entry.enabled, hotkey=hotkey)
            row.visible = self._list_rect.top <= rect.top and rect.bottom <= self._list_rect.bottom + gap
            self.buttons.append(row)
        if fixed is not None:
            lines = assets.wrap(fixed.label, "bold", size, text_w) or [""]
            rect = pygame.Rect(self._list_rect.x, self.rect.bottom - pad - fixed_h, inner_w, fixed_h)
            self.fixed = Row(rect, fixed.label, _bind(act, fixed), lines, "E", tooltip=fixed.detail,
                             primary=True, enabled=fixed.enabled, hotkey=END_KEY)
            self.buttons.append(self.fixed)

    @property
    def scrollable(self) -> bool:
        return self._content_h > self._list_rect.height

    def wheel(self, pos: tuple[int, int], steps: int, scale: float) -> bool:
        """Scroll the rows (not the fixed one); True if the wheel was over the panel."""
        if not self.rect.collidepoint(pos) or not self.scrollable:
            return False
        limit = self._content_h - self._list_rect.height
        old = self.scroll
        self.scroll = max(0, min(limit, self.scroll - steps * theme.px(40, scale)))
        shift = old - self.scroll
        for row in self.buttons:
            if row is not self.fixed:
                row.rect.y += shift
                row.visible = self._list_rect.top <= row.rect.top and row.rect.bottom <= self._list_rect.bottom + 6
        return True

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.rect.width:
            return
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        panel.fill((*theme.WALNUT, 240))
        surface.blit(panel, self.rect.topleft)
        pygame.draw.rect(surface, theme.GOLD, self.rect, width=2)
        clip = surface.get_clip()
        surface.set_clip(self._list_rect.inflate(0, 6))
        size = text_px(scale)
        for title, y in self.headings:
            top = self._list_rect.y + y - self.scroll
            if self._list_rect.top - size <= top <= self._list_rect.bottom:
                label = assets.text(title, "heading", size, theme.GOLD_LIGHT)
                surface.blit(label, (self._list_rect.x + theme.px(2, scale), top))
        for row in self.buttons:
            if row is not self.fixed:
                row.draw(surface, assets, scale)
        surface.set_clip(clip)
        if self.scrollable:
            self._draw_scrollbar(surface, scale)
        if self.fixed is not None:
            pygame.draw.line(surface, theme.WALNUT_LIGHT, (self.rect.x + 6, self.fixed.rect.y - theme.px(5, scale)),
                             (self.rect.right - 6, self.fixed.rect.y - theme.px(5, scale)), 1)
            self.fixed.draw(surface, assets, scale)

    def _draw_scrollbar(self, surface: pygame.Surface, scale: float) -> None:
        track = pygame.Rect(self.rect.right - theme.px(6, scale), self._list_rect.y, theme.px(4, scale),
                            self._list_rect.height)
        share = self._list_rect.height / max(1, self._content_h)
        thumb_h = max(theme.px(20, scale), int(track.height * share))
        limit = max(1, self._content_h - self._list_rect.height)
        thumb_y = track.y + int((track.height - thumb_h) * self.scroll / limit)
        pygame.draw.rect(surface, theme.WALNUT_LIGHT, track, border_radius=2)
        pygame.draw.rect(surface, theme.GOLD, (track.x, thumb_y, track.width, thumb_h), border_radius=2)
