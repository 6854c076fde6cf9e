"""Game over: the winners, the scores and why the game ended; play again or go back."""

from __future__ import annotations

from typing import Any

import pygame

from game.core import registry
from game.core.words import counted, listed
from game.session import Session
from game.ui import theme
from game.ui.scenes.base import MenuScene


ENDING_FOOT = 46 + 14 + 12
"""Room under an ending card's text (px at scale 1): the row of buttons, its margin and a gap."""
PARAGRAPH_GAP = 6
"""Space (px at scale 1) for the blank line between an ending card's paragraphs."""


class GameOverScene(MenuScene):
    overlay = True
    name = "game-over"
    title = "Game over"

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.headline_lines: list[str] = []  # wrapped to the panel by build
        self.result_lines: list[str] = []

    @property
    def session(self) -> Session:
        return self.table.controller.session  # type: ignore[no-any-return]

    ending_cut = False
    """Whether the last frame had to cut the ending's text (the window too small for it)."""

    def ending(self) -> dict[str, Any] | None:
        """The ending card read aloud, for rule systems that have them (Champions of Albion)."""
        ending = self.session.game.view_for(None).get("ending")
        return ending if isinstance(ending, dict) else None

    def build(self, size: tuple[int, int], s: float) -> None:
        ending = self.ending()
        tall = ending is not None
        width = theme.px(780 if tall else 560, s)
        # The headline and the scores wrap inside the panel (six Adventurers' Medals, three
        # winners' names); each line past the first makes the panel taller.
        a = self.app.assets
        room = width - theme.px(40, s)
        self.headline_lines = a.wrap(self.headline(), "heading", theme.px(26, s), room)
        self.result_lines = a.wrap(self.result_line(), "body", theme.px(17, s), room)
        extra = ((len(self.headline_lines) - 1) * a.font("heading", theme.px(26, s)).get_height()
                 + (len(self.result_lines) - 1) * a.font("body", theme.px(17, s)).get_height())
        height = self._ending_height(ending["text"], width, s) if ending is not None else theme.px(430, s)
        self.panel = pygame.Rect(0, 0, width, min(size[1] - theme.px(24, s), height + extra))
        self.panel.center = (size[0] // 2, size[1] // 2)
        entries = [
            ("Play again", self.play_again, "Same players and options, a new shuffle"),
            ("Look at the table", self.app.stack.pop, "Close this and look at the final table"),
            ("Back to title", self.to_title, "Return to the title screen"),
        ]
        if not tall:
            self.column(entries, self.panel.centerx, self.panel.bottom - theme.px(190, s), s, width=300)
            return
        # An ending card is read out in full: its buttons stand in a row at the foot, so that
        # the whole text fits in a small window too (1024x640).
        self.row(entries, self.panel, s)

    def _ending_height(self, text: str, width: int, s: float) -> int:
        """The panel's height for an ending card read out whole: what draw_content draws above
        it, its lines and paragraph breaks, one line to spare, and the row of buttons."""
        a = self.app.assets

        def height(role: str, size: int) -> int:
            return int(a.font(role, theme.px(size, s)).get_height())

        line = height("italic", 16)
        lines = a.wrap(text, "italic", theme.px(16, s), width - theme.px(60, s))
        # (the gaps and sizes draw_content uses above the text: crown, headline, reason, scores, title)
        above = (theme.px(74 + 50 + 4 + 8 + 12 + 4, s) + height("heading", 26) + height("italic", 17)
                 + height("body", 17) + height("heading", 20))
        body = sum(line if wrapped.strip() else theme.px(PARAGRAPH_GAP, s) for wrapped in lines)
        return above + body + line + theme.px(ENDING_FOOT, s)

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

    def headline(self) -> str:
        """ "Ann wins!", "Dain, Edda and Finn win!", or "Nobody wins." """
        outcome = self.session.game.outcome()
        assert outcome is not None
        if not outcome.winners:
            return "Nobody wins."
        names = listed(self.session.seats[w].name for w in outcome.winners)
        return f"{names} win{'s' if len(outcome.winners) == 1 else ''}!"

    def reason_line(self) -> str:
        """Why the game ended, and the rule: "Every champion has fallen (CA-162)." (some reasons
        are sentences already: one full stop)."""
        outcome = self.session.game.outcome()
        assert outcome is not None
        why = outcome.reason.rstrip(".")
        return f"{why[:1].upper()}{why[1:]} ({outcome.rule})."

    def result_line(self) -> str:
        """The game, its scores in the game's own unit, and its length: "Fantasy Adventures: Ann 0,
        Bram 3550 GP · 1 game turn"."""
        outcome = self.session.game.outcome()
        assert outcome is not None
        system = registry.get(self.session.system_id)
        length = counted(self.session.game.turn, system.turn_word)
        if not system.score_word:
            return f"{system.title} · {length}"
        scores = ", ".join(f"{seat.name} {score}" for seat, score in zip(self.session.seats, outcome.scores))
        return f"{system.title}: {scores} {system.score_word} · {length}"

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        assert self.panel is not None
        a = self.app.assets
        outcome = self.session.game.outcome()
        if outcome is None:
            return
        y = self.panel.y + theme.px(74, s)
        # A cooperative game can end with nobody winning: a skull, not a crown.
        crown = a.icon("crown" if outcome.winners else "crowned-skull", theme.px(44, s), theme.GOLD)
        surface.blit(crown, crown.get_rect(midtop=(self.panel.centerx, y)))
        y += theme.px(50, s)
        for text in self.headline_lines:
            head = a.text(text, "heading", theme.px(26, s), theme.PARCHMENT)
            surface.blit(head, head.get_rect(midtop=(self.panel.centerx, y)))
            y += head.get_height()
        y += theme.px(4, s)
        reason = a.text(self.reason_line(), "italic", theme.px(17, s), theme.PARCHMENT_DARK)
        surface.blit(reason, reason.get_rect(midtop=(self.panel.centerx, y)))
        y += reason.get_height() + theme.px(8, s)
        for text in self.result_lines:
            line = a.text(text, "body", theme.px(17, s), theme.PARCHMENT)
            surface.blit(line, line.get_rect(midtop=(self.panel.centerx, y)))
            y += line.get_height()
        ending = self.ending()
        if ending is not None:
            y += theme.px(12, s)
            title = a.text(ending["title"], "heading", theme.px(20, s), theme.GOLD_LIGHT)
            surface.blit(title, title.get_rect(midtop=(self.panel.centerx, y)))
            y += title.get_height() + theme.px(4, s)
            bottom = self.panel.bottom - theme.px(ENDING_FOOT, s)
            size = theme.px(16, s)
            lines = a.wrap(ending["text"], "italic", size, self.panel.width - theme.px(60, s))
            for index, text in enumerate(lines):
                if not text.strip():
                    y += theme.px(PARAGRAPH_GAP, s)  # a paragraph break
                    continue
                rendered = a.text(text, "italic", size, theme.PARCHMENT)
                if y + 2 * rendered.get_height() > bottom and index < len(lines) - 1:
                    rendered = a.text(text.rstrip(" ,.;") + " …", "italic", size, theme.PARCHMENT)
                    surface.blit(rendered, rendered.get_rect(midtop=(self.panel.centerx, y)))
                    self.ending_cut = True
                    break
                surface.blit(rendered, rendered.get_rect(midtop=(self.panel.centerx, y)))
                y += rendered.get_height()
