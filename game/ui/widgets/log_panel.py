"""The game log: every line shows the rule that caused it; newest at the bottom; the
mouse wheel scrolls back."""

from __future__ import annotations

from collections import deque
from typing import Sequence

import pygame

from game.core.events import Event
from game.ui import theme
from game.ui.assets import Assets

SKIPPED_KINDS = {"draw_private"}
KEEP = 400
"""How many of the newest events the panel keeps wrapped (scrolling back reaches them)."""


class LogPanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.offset = 0  # lines scrolled back from the newest
        self._lines: list[tuple[str, str, pygame.Rect]] = []
        self._cache_key: tuple[int, int, int] = (0, 0, 0)  # (events wrapped, width, size)
        self._wrapped: list[tuple[str, str, int]] = []  # (rule on a first line, text, event number)
        self.fresh_from = -1  # the lines of events from this number on are the latest move's: lit
        self._counts: deque[int] = deque()  # lines per wrapped event, oldest first
        self._source: Sequence[Event] | None = None  # the list wrapped (a new list: wrap again)

    def scroll(self, wheel: int) -> None:
        self.offset = max(0, self.offset + wheel * 3)

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float, events: Sequence[Event]) -> None:
        rect = self.rect
        pygame.draw.rect(surface, theme.WALNUT, rect)
        pygame.draw.line(surface, theme.GOLD, rect.topleft, rect.bottomleft, 2)
        head = assets.text("Game log", "heading", max(theme.MIN_TEXT_PX, theme.px(18, scale)), theme.GOLD_LIGHT)
        surface.blit(head, (rect.x + theme.px(12, scale), rect.y + theme.px(8, scale)))
        size = theme.MIN_TEXT_PX if scale < 1.15 else theme.px(15, scale)
        line_h = assets.font("body", size).get_linesize()
        # The rule column fits the widest rule ID of any game ("DD-000" is wider than "FH-000").
        tag_w = max(assets.font("bold", size).size(f"{p}-000")[0] for p in ("DD", "FH", "CA", "BL", "FA", "WW"))
        tag_w += theme.px(8, scale)
        width = rect.width - theme.px(24, scale) - tag_w
        self._wrap_new(events, assets, width, size)
        top = rect.y + theme.px(36, scale)
        rows = max(1, (rect.bottom - top - 6) // line_h)
        self.offset = min(self.offset, max(0, len(self._wrapped) - rows))
        end = len(self._wrapped) - self.offset
        visible = self._wrapped[max(0, end - rows):end]
        self._lines = []
        y = top
        for rule, line, number in visible:
            x = rect.x + theme.px(12, scale)
            if 0 <= self.fresh_from <= number:  # what the last move did, lit until the next one
                band = pygame.Surface((rect.width - theme.px(8, scale), line_h), pygame.SRCALPHA)
                band.fill((*theme.GOLD, 48))
                surface.blit(band, (rect.x + theme.px(4, scale), y))
            if rule:
                surface.blit(assets.text(rule, "bold", size, theme.GOLD), (x, y))
            surface.blit(assets.text(line, "body", size, theme.PARCHMENT), (x + tag_w, y))
            self._lines.append((rule, line, pygame.Rect(x, y, rect.width, line_h)))
            y += line_h
        if self.offset:
            more = assets.text(f"{self.offset} newer lines below (scroll down)", "italic", size, theme.MUTED)
            surface.blit(more, (rect.x + theme.px(12, scale), rect.bottom - line_h - 4))

    def _wrap_new(self, events: Sequence[Event], assets: Assets, width: int, size: int) -> None:
        """Wrap only the events that came since the last frame (the last ``KEEP`` events are
        kept wrapped); a new width or size, or another list (the controller starts a new one
        after an undo or a load), wraps them again."""
        if (width, size) != self._cache_key[1:] or len(events) < self._cache_key[0] or events is not self._source:
            self._cache_key, self._source = (0, width, size), events
            self._wrapped, self._counts = [], deque()
        done = self._cache_key[0]
        start = max(done, len(events) - KEEP)
        for number, event in enumerate(events[start:], start):
            lines = assets.wrap(event.text, "body", size, width)
            # An event naming several rules ("BL-057, BL-058") shows one per line in the rule column.
            rules = [r.strip() for r in event.rule.split(",")] if event.rule else [""]
            lines += [""] * (len(rules) - len(lines))
            self._wrapped += [(rules[i] if i < len(rules) else "", line, number) for i, line in enumerate(lines)]
            self._counts.append(len(lines))
        while len(self._counts) > KEEP:
            del self._wrapped[:self._counts.popleft()]
        self._cache_key = (len(events), width, size)

    def rule_at(self, pos: tuple[int, int]) -> str | None:
        """The rule ID of the log line under ``pos`` (clicking it opens the rules book there)."""
        for rule, _line, rect in self._lines:
            if rule and rect.collidepoint(pos):
                return rule
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        rule = self.rule_at(pos)
        return f"Caused by rule {rule}: click to read it in the Rules book." if rule else None
