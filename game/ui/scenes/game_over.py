"""Game over: the winners, the scores and why the game ended; play again or go back."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import registry
from game.session import Session
from game.ui import theme
from game.ui.scenes.base import MenuScene


class GameOverScene(MenuScene):
    overlay = True
    name = "game-over"
    title = "Game over"

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table

    @property
    def session(self) -> Session:
        return self.table.controller.session  # type: ignore[no-any-return]

    def build(self, size: tuple[int, int], s: float) -> None:
        self.panel = pygame.Rect(0, 0, theme.px(560, s), theme.px(430, s))
        self.panel.center = (size[0] // 2, size[1] // 2)
        entries = [
            ("Play again", self.play_again, "Same players and options, a new shuffle"),
            ("Look at the table", self.app.stack.pop, "Close this and look at the final table"),
            ("Back to title", self.to_title, "Return to the title screen"),
        ]
        self.column(entries, self.panel.centerx, self.panel.bottom - theme.px(190, s), s, width=300)

    def play_again(self) -> None:
        from game.ui.scenes.launch import open_session

        old = self.session
        seed = (old.seed * 6364136223846793005 + 1442695040888963407) % (2**63)
        open_session(self.app, Session.new(old.system_id, list(old.seats), seed, old.options or None,
                                           old.scenario))

    def to_title(self) -> None:
        from game.ui.scenes.title import TitleScene

        self.app.stack.replace(TitleScene(self.app))

    def back(self) -> bool:
        self.app.stack.pop()
        return True

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        assert self.panel is not None
        a = self.app.assets
        outcome = self.session.game.outcome()
        if outcome is None:
            return
        names = " and ".join(self.session.seats[w].name for w in outcome.winners)
        y = self.panel.y + theme.px(74, s)
        crown = a.icon("crown", theme.px(44, s), theme.GOLD)
        surface.blit(crown, crown.get_rect(midtop=(self.panel.centerx, y)))
        y += theme.px(50, s)
        head = a.text(f"{names} win{'s' if len(outcome.winners) == 1 else ''}!", "heading", theme.px(26, s),
                      theme.PARCHMENT)
        surface.blit(head, head.get_rect(midtop=(self.panel.centerx, y)))
        y += head.get_height() + theme.px(4, s)
        reason = a.text(f"{outcome.reason[0].upper()}{outcome.reason[1:]} ({outcome.rule}).", "italic",
                        theme.px(17, s), theme.PARCHMENT_DARK)
        surface.blit(reason, reason.get_rect(midtop=(self.panel.centerx, y)))
        y += reason.get_height() + theme.px(8, s)
        system = registry.get(self.session.system_id)
        text = f"{system.title} · {self.session.game.turn} {system.turn_word}"
        if system.score_word:
            scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(self.session.seats, outcome.scores))
            text = f"{system.title}: {scores} {system.score_word} · {self.session.game.turn} {system.turn_word}"
        line = a.text(text, "body", theme.px(17, s), theme.PARCHMENT)
        surface.blit(line, line.get_rect(midtop=(self.panel.centerx, y)))
