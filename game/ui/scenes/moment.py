"""A moment one player watches themselves at a shared screen (issue 12: hot-seat stories).

In hot-seat play the screen belongs to whoever must answer next, so a moment that asks
nobody anything (a Champions of Albion story whose part is only a test) would pass behind
the next player's hand-off and its own player would never see it. The table scene stops
on such a moment and opens this scene: the screen is first passed to the moment's player
(when someone else sits at it), then the moment is told line by line; a die that the rules
rolled waits behind an explicit Roll button, and the result is seen before Continue gives
the screen back to the table (which hands it on if someone else must answer).

The rules rolled the die already (a roll that asks nothing is not a decision, so saves and
the computer players stay as they are); Roll only shows it, at the player's pace. Input is
ignored for a moment after each change, as on the table, so a click meant for the Roll button
never lands on Continue.
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from game.core.events import Event
from game.ui import theme
from game.ui.scenes.base import MenuScene
from game.ui.widgets.basic import Button, draw_panel

GUARD_SECONDS = 0.3
"""How long input waits after the page changes (a new line, the die, the hand-off)."""


class MomentScene(MenuScene):
    name = "moment"
    overlay = True

    def __init__(self, app: Any, table: Any, seat: int, events: Sequence[Event], heading: str) -> None:
        super().__init__(app)
        self.table = table  # the table scene: it waits, and resumes play when this closes
        self.seat = seat
        self.events = list(events)
        self.heading = heading
        self.player = table.controller.session.seats[seat].name
        self.handing = table.controller.shown_seat != seat  # someone else sits at the screen
        self.shown = 0 if self.handing else self._through(0)
        self.clock = 0.0
        self.guard_until = GUARD_SECONDS
        self._size = (1, 1)

    # -- the pages -------------------------------------------------------------------------------

    def rolled_by_rules(self, event: Event) -> bool:
        """A die the rules rolled by themselves, shown only when the player presses Roll (the
        table knows which of its events those are)."""
        return bool(self.table.table.moment_roll(event))

    def _through(self, end: int) -> int:
        """How far the moment is told from line ``end`` on: up to the next die the rules rolled
        by themselves, which waits for the Roll button."""
        while end < len(self.events) and not self.rolled_by_rules(self.events[end]):
            end += 1
        return end

    @property
    def done(self) -> bool:
        return not self.handing and self.shown >= len(self.events)

    @property
    def guard_left(self) -> float:
        return max(0.0, self.guard_until - self.clock)

    def _changed(self) -> None:
        self.guard_until = self.clock + GUARD_SECONDS
        self.layout(self._size)

    def ready(self) -> None:
        """The moment's player is at the screen."""
        self.table.controller.show_seat(self.seat)
        self.handing = False
        self.shown = self._through(0)
        self._changed()

    def roll(self) -> None:
        self.shown = self._through(self.shown + 1)  # the die, and what follows from it
        self._changed()

    def finish(self) -> None:
        self.app.stack.pop()
        self.table.moment_closed()

    # -- scene -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and self.guard_left > 0:
            return True  # the page just changed: let the player see it first
        return super().handle(event)

    def back(self) -> bool:
        return True  # the moment cannot be skipped with Esc, like the hand-off

    def build(self, size: tuple[int, int], s: float) -> None:
        self._size = size
        w, h = size
        bw, bh = theme.px(300, s), theme.px(52, s)
        if self.handing:
            rect = pygame.Rect(0, 0, bw + theme.px(60, s), bh)
            rect.center = (w // 2, int(h * 0.62))
            self.widgets = [Button(rect, f"I am {self.player}", self.ready, primary=True, hotkey=pygame.K_RETURN,
                                   tooltip="Show the story (Enter)")]
            return
        card = self.card_rect(size, s)
        if self.done:
            # Continue ends the moment: it has its own place (bottom right), never the Roll button's.
            rect = pygame.Rect(0, 0, bw, bh)
            rect.bottomright = (card.right - theme.px(24, s), card.bottom - theme.px(18, s))
            self.widgets = [Button(rect, "Continue", self.finish, primary=True, hotkey=pygame.K_RETURN,
                                   tooltip="Back to the table (Enter)")]
        else:
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midbottom = (card.centerx, card.bottom - theme.px(18, s))
            self.widgets = [Button(rect, "Roll the die", self.roll, primary=True, hotkey=pygame.K_RETURN,
                                   icon="rolling-dices", tooltip="Roll for the test (Enter)")]

    @staticmethod
    def card_rect(size: tuple[int, int], s: float) -> pygame.Rect:
        w, h = size
        rect = pygame.Rect(0, 0, min(w - theme.px(40, s), theme.px(820, s)), h - theme.px(60, s))
        rect.center = (w // 2, h // 2)
        return rect

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.WALNUT)  # opaque: the table (and the die it already shows) stays hidden

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        w, h = surface.get_size()
        if self.handing:
            title = a.text(f"Pass the screen to {self.player}", "title", theme.px(36, s), theme.GOLD_LIGHT)
            surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.38))))
            note = a.text(f"{self.heading}: {self.player} watches it and rolls its dice.", "italic",
                          max(theme.MIN_TEXT_PX, theme.px(18, s)), theme.PARCHMENT)
            surface.blit(note, note.get_rect(center=(w // 2, int(h * 0.47))))
            return
        card = self.card_rect((w, h), s)
        draw_panel(surface, card, s, colour=theme.PARCHMENT, border=theme.GOLD)
        pad = theme.px(24, s)
        title = a.text(self.heading, "heading", theme.px(26, s), theme.INK)
        surface.blit(title, (card.x + pad, card.y + theme.px(16, s)))
        top = card.y + theme.px(16, s) + title.get_height() + theme.px(10, s)
        bottom = card.bottom - theme.px(90, s)
        self._draw_lines(surface, pygame.Rect(card.x + pad, top, card.width - 2 * pad, bottom - top), s)

    def _draw_lines(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The lines told so far, newest last; a die the player rolled stands beside its line.
        When they do not all fit, the oldest go (the newest are what the player just did)."""
        a = self.app.assets
        size = max(theme.MIN_TEXT_PX, theme.px(18, s))
        line_h = a.font("body", size).get_linesize()
        die = theme.px(44, s)
        blocks: list[tuple[list[str], Event]] = []
        for event in self.events[:self.shown]:
            indent = die + theme.px(12, s) if self.rolled_by_rules(event) else 0
            blocks.append((a.wrap(event.text, "body", size, area.width - indent), event))
        heights = [max(len(lines) * line_h, die if self.rolled_by_rules(e) else 0) + theme.px(8, s) for lines, e in blocks]
        first = len(blocks)
        used = 0
        while first > 0 and used + heights[first - 1] <= area.height:
            first -= 1
            used += heights[first]
        y = area.y
        for (lines, event), height in zip(blocks[first:], heights[first:]):
            x = area.x
            if self.rolled_by_rules(event):
                picture = self.table.table.moment_picture(event, die)
                if picture is not None:
                    surface.blit(picture, (x, y))
                x += die + theme.px(12, s)
            role = "bold" if event is self.events[self.shown - 1] else "body"
            for i, line in enumerate(lines):
                surface.blit(a.text(line, role, size, theme.INK), (x, y + i * line_h))
            y += height
