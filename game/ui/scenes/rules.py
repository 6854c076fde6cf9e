"""The rules book: a rule system's rules.md in our own words, searchable, rule IDs shown.

Headings, paragraphs and bullets are laid out as wrapped lines; the search box keeps
the sections whose text contains the words typed (a rule ID such as FH-021 works, also
where the book cites it only in a range of rules, "[FH-020–FH-022]");
the mouse wheel, arrows and Page Up/Down scroll."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.core import registry, rulebook
from game.ui import theme
from game.ui.scenes.base import MenuScene
from game.ui.widgets.basic import Button, TextField, draw_panel


RULE_ID = re.compile(r"\b[A-Z]{2}-\d{3}\b")
RULE_RANGE = re.compile(r"\b([A-Z]{2})-(\d{3})\s*[–-]\s*(?:[A-Z]{2}-)?(\d{3})\b")


def range_width(text: str, rule: str) -> int | None:
    """How many rules the narrowest range cited in ``text`` that holds ``rule`` spans
    ("[FH-020–FH-022]" holds FH-021: 3), or None if no range cited there holds it."""
    if not RULE_ID.fullmatch(rule):
        return None
    prefix, number = rule[:2], int(rule[3:])
    widths = [int(b) - int(a) + 1 for p, a, b in RULE_RANGE.findall(text) if p == prefix and int(a) <= number <= int(b)]
    return min(widths, default=None)


def rules_text(system_id: str) -> str:
    system = registry.get(system_id)
    text = rulebook.rules_text(system)
    return text if text is not None else f"# {system.title}\n\nThe rules book for this game is not written yet."


def blocks(markdown: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: h1, h2, h3, bullet, para."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(("para", " ".join(para)))
            para.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            out.append((f"h{min(level, 3)}", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            out.append(("bullet", line[2:].strip()))
        else:
            para.append(line.replace("**", "").replace("`", ""))
    flush()
    return out


SEARCH_WORDS = {"fantasy-heroes": "Goblins", "dungeon-delve": "Goblins", "champions-of-albion": "Dragon",
                "buck-legacy": "Boss", "fantasy-adventures": "Horde"}
"""A word each book's search box offers as an example; the book must hold it (a test looks)."""


def search_examples(system_id: str, book: list[tuple[str, str]]) -> tuple[str, str]:
    """The search box's examples for the book shown: a word of it and one of its own rule IDs
    (its 21st, "BL-021"), so an example never searches another game's book."""
    first = next((m.group(0) for _, text in book for m in [RULE_ID.search(text)] if m), None)
    return SEARCH_WORDS.get(system_id, "turn"), f"{first[:2]}-021" if first else "a rule ID"


STYLE = {"h1": ("title", 30, theme.GOLD_LIGHT), "h2": ("heading", 23, theme.GOLD_LIGHT),
         "h3": ("heading", 19, theme.GOLD), "bullet": ("body", 17, theme.PARCHMENT),
         "para": ("body", 17, theme.PARCHMENT)}


class RulesScene(MenuScene):
    name = "rules"
    overlay = False

    def __init__(self, app: Any, system_id: str | None = None, query: str = "") -> None:
        super().__init__(app)
        self.system_id = system_id or registry.window_ids()[0]
        self.blocks = blocks(rules_text(self.system_id))
        self.query = query  # e.g. a rule ID clicked in the game log
        self.offset = 0
        self._lines: list[tuple[str, str, int]] = []
        self._key: tuple[Any, ...] | None = None

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        left, right = theme.px(60, s), w - theme.px(60, s)
        row_h, gap = theme.px(40, s), theme.px(10, s)
        # The title's row also holds the search box and Back, so the whole second row is the
        # games' (one button each, as wide as its name: five games fit at 1024x640).
        back = Button(pygame.Rect(right - theme.px(120, s), theme.px(8, s), theme.px(120, s), row_h), "Back",
                      self.app.stack.pop, tooltip="Esc")
        search = pygame.Rect(0, theme.px(8, s), theme.px(300, s), row_h)
        search.right = back.rect.x - gap
        word, rule = search_examples(self.system_id, self.blocks)
        self.search = TextField(search, self.query, max_length=40, placeholder=f"Search (e.g. {word} or {rule})",
                                on_change=self.set_query, tooltip="Type words or a rule ID")
        self.title_width = search.x - gap - left
        self.widgets += [self.search, back]
        bottom = self.game_buttons(left, right, theme.px(56, s), s)
        self.text_rect = pygame.Rect(left, bottom + theme.px(14, s), right - left,
                                     h - bottom - theme.px(14, s) - theme.px(40, s))
        self._key = None

    def game_buttons(self, left: int, right: int, top: int, s: float) -> int:
        """One button per game of the window, each as wide as its name, in rows from ``left``
        to ``right`` (a game that does not fit on a row starts the next); the last row's bottom."""
        size = max(theme.MIN_TEXT_PX, theme.px(17, s))
        font = self.app.assets.font("heading", size)
        h, gap, pad = theme.px(38, s), theme.px(10, s), theme.px(26, s)
        x, y = left, top
        for sid in registry.window_ids():
            title = registry.get(sid).title
            width = min(font.size(title)[0] + pad, right - left)
            if x > left and x + width > right:
                x, y = left, y + h + gap
            button = Button(pygame.Rect(x, y, width, h), title, partial(self.pick, sid), primary=sid == self.system_id)
            button.text_size = size
            self.widgets.append(button)
            x += width + gap
        return y + h

    def pick(self, system_id: str) -> None:
        self.system_id = system_id
        self.blocks = blocks(rules_text(system_id))
        self.offset = 0
        self.layout(self.app.size)

    def set_query(self, text: str) -> None:
        self.query = text
        self.offset = 0

    def visible_blocks(self) -> list[tuple[str, str]]:
        if not self.query.strip():
            return self.blocks
        words = self.query.lower().split()
        found = self._blocks_where(lambda text: all(word in text.lower() for word in words))
        rule = self.query.strip().upper()
        if found or not RULE_ID.fullmatch(rule):
            return found
        # A rule cited only within a range of rules ("[FH-020–FH-022]" for FH-021): the
        # blocks that cite the narrowest such range, so a rule ID clicked in the log always
        # finds its rule, and the book's opening "[FH-001–FH-134]" only when nothing else does.
        widths = [w for _, text in self.blocks if (w := range_width(text, rule)) is not None]
        return self._blocks_where(lambda text: widths != [] and range_width(text, rule) == min(widths))

    def _blocks_where(self, keep: Callable[[str], bool]) -> list[tuple[str, str]]:
        """The blocks of text ``keep`` keeps, each after the heading it comes under; a heading
        it keeps ("The main enemy's moves (G-38)") keeps its whole section."""
        out: list[tuple[str, str]] = []
        heading: tuple[str, str] | None = None
        section: str | None = None  # the level of a kept heading whose section is being kept
        for kind, text in self.blocks:
            if kind.startswith("h"):
                heading = (kind, text)
                if section is not None and kind <= section:
                    section = None
                if section is None and keep(text):
                    section = kind
                continue
            if section is not None or keep(text):
                if heading is not None:
                    out.append(heading)
                    heading = None
                out.append((kind, text))
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        step = {pygame.K_DOWN: 3, pygame.K_UP: -3, pygame.K_PAGEDOWN: 20, pygame.K_PAGEUP: -20}
        if event.type == pygame.KEYDOWN and event.key in step:
            self.offset = max(0, self.offset + step[event.key])
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.offset = max(0, self.offset - 3 * event.y)
            return True
        return False

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        rect = self.text_rect
        draw_panel(surface, rect, s, colour=theme.WALNUT, border=theme.GOLD, alpha=230)
        key = (self.system_id, self.query, rect.width, s)
        if key != self._key:
            self._key = key
            self._lines = []
            for kind, text in self.visible_blocks():
                role, size, _ = STYLE[kind]
                size = theme.px(size, s)
                indent = theme.px(22, s) if kind == "bullet" else 0
                wrapped = a.wrap(text, role, size, rect.width - theme.px(40, s) - indent)
                if kind.startswith("h"):
                    self._lines.append(("gap", "", 0))
                for i, line in enumerate(wrapped):
                    prefix = "• " if kind == "bullet" and i == 0 else ""
                    self._lines.append((kind, prefix + line, indent if not prefix else indent - theme.px(14, s)))
            if not self._lines:
                self._lines = [("para", f"Nothing matches '{self.query}'.", 0)]
        y = rect.y + theme.px(14, s)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-8, -8))
        total = len(self._lines)
        self.offset = min(self.offset, max(0, total - 5))
        for kind, line, indent in self._lines[self.offset:]:
            if kind == "gap":
                y += theme.px(8, s)
                continue
            role, size, colour = STYLE[kind]
            size = theme.px(size, s)
            label = a.text(line, role, size, colour)
            if self.query and kind in ("para", "bullet") and any(w in line.lower() for w in self.query.lower().split()):
                pygame.draw.rect(surface, theme.WALNUT_LIGHT, label.get_rect(topleft=(rect.x + theme.px(20, s) + indent, y)))
            surface.blit(label, (rect.x + theme.px(20, s) + indent, y))
            y += a.font(role, size).get_linesize()
            if y > rect.bottom:
                break
        surface.set_clip(clip)
        heading = a.fit(f"Rules · {registry.get(self.system_id).title}", "title", theme.px(30, s), self.title_width)
        surface.blit(a.text(heading, "title", theme.px(30, s), theme.GOLD_LIGHT), (theme.px(60, s), theme.px(8, s)))
