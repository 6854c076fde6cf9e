"""One cached asset loader: fonts, icons (game-icons.net SVG), rendered text.

Created after the display exists and passed to scenes (no module-level surfaces). It
finds the art folder from a source checkout (``<project>/art``), an installed package
(``game/art``) and a packaged build (the same ``game/art`` inside the bundle).
"""

from __future__ import annotations

import io
import json
import os
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Sequence

import pygame

import game
from game.ui import theme
from game.ui.theme import Colour

TEXT_KEPT = 4000
"""How many rendered texts are kept; past it the least recently drawn are dropped (a long
game's log writes ever new lines, and dropping them all at once cost a frame re-rendering
every label on the screen)."""


def art_dir() -> Path:
    """Where the fonts and icons are."""
    override = os.environ.get("FIVE_REALMS_ART")
    candidates = [Path(override)] if override else []
    package = Path(game.__file__).resolve().parent
    candidates += [package / "art", package.parent / "art"]
    for candidate in candidates:
        if (candidate / "fonts").is_dir():
            return candidate
    return candidates[-1]


class Assets:
    def __init__(self, root: Path | None = None) -> None:
        self.missing_glyphs: set[str] = set()
        self.root = root or art_dir()
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._icons: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._text: dict[tuple[str, int, str, Colour], pygame.Surface] = {}
        self._fitted: dict[tuple[str, str, int, int], str] = {}  # fit()'s answers, kept (drawn every frame)
        self._icon_bodies: dict[str, str] | None = None

    # -- fonts and text ------------------------------------------------------------------

    def font(self, role: str, size: int) -> pygame.font.Font:
        size = max(theme.MIN_TEXT_PX if role != "tiny" else 11, int(size))
        key = (role, size)
        font = self._fonts.get(key)
        if font is None:
            path = self.root / "fonts" / theme.FONTS.get(role, theme.FONTS["body"])
            try:
                font = pygame.font.Font(path, size)
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, size + 4)  # the default font, if art is missing
            self._fonts[key] = font
        return font

    def text(self, text: str, role: str = "body", size: int = 18, colour: Colour = theme.INK) -> pygame.Surface:
        key = (role, size, text, colour)
        surface = self._text.pop(key, None)
        if surface is None:
            if len(self._text) >= TEXT_KEPT:  # the least recently drawn quarter goes, never all at once
                for old in list(islice(self._text, TEXT_KEPT // 4)):
                    del self._text[old]
            font = self.font(role, size)
            if not text.isascii():
                self._note_missing(font, text)
            surface = font.render(text, True, colour)
        self._text[key] = surface  # (re)inserted last: the dict's order is the order of use
        return surface

    def _note_missing(self, font: pygame.font.Font, text: str) -> None:
        """Remember characters the font has no glyph for (they would show as a box): the
        scene tests check that nothing drawn needs one."""
        notdef = font.metrics("\ue000")[0]
        for char in set(text):
            if not char.isascii() and font.metrics(char)[0] == notdef:
                self.missing_glyphs.add(char)

    def fit(self, text: str, role: str, size: int, width: int) -> str:
        """``text`` cut with "…" to ``width`` pixels at its size (never smaller); whole if it fits."""
        key = (text, role, size, width)
        found = self._fitted.get(key)
        if found is None:
            font = self.font(role, size)
            found = text
            if font.size(text)[0] > width:
                while len(found) > 1 and font.size(found + "…")[0] > width:
                    found = found[:-1]
                found = found.rstrip() + "…"
            if len(self._fitted) >= TEXT_KEPT:
                self._fitted.clear()
            self._fitted[key] = found
        return found

    def first_fitting(self, texts: Sequence[str], role: str, size: int, width: int) -> str:
        """The first of ``texts`` (a name, then shorter ways to say it: "Ironscale Saurian
        Alchemist", "Saurian Alchemist", "Alchemist") that fits ``width`` whole; else the last,
        cut with "…" (:meth:`fit`)."""
        font = self.font(role, size)
        found = next((text for text in texts if font.size(text)[0] <= width), None)
        return found if found is not None else self.fit(texts[-1], role, size, width)

    def fitting_size(self, text: str, role: str, size: int, width: int, smallest: int) -> int:
        """The largest font size from ``size`` down to ``smallest`` at which ``text`` fits in
        ``width`` pixels (``smallest`` if none does: the caller then cuts it with "…"), never
        below the smallest text the table draws (``theme.MIN_TEXT_PX``)."""
        smallest = max(smallest, theme.MIN_TEXT_PX if role != "tiny" else 11)
        for candidate in range(size, smallest, -1):
            if self.font(role, candidate).size(text)[0] <= width:
                return candidate
        return smallest

    def wrap(self, text: str, role: str, size: int, width: int) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels."""
        font = self.font(role, size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def wrap_parts(self, parts: list[str], role: str, size: int, width: int, joiner: str = " · ") -> list[str]:
        """Lines no wider than ``width`` of ``parts`` joined by ``joiner``, broken only between
        parts ("Armor: –" is never split over two lines); a part wider than a line is wrapped
        by its words."""
        font = self.font(role, size)
        lines: list[str] = []
        line = ""
        for part in parts:
            trial = f"{line}{joiner}{part}" if line else part
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            pieces = self.wrap(part, role, size, width)
            lines += pieces[:-1]
            line = pieces[-1]
        if line:
            lines.append(line)
        return lines

    # -- icons ---------------------------------------------------------------------------

    def _bodies(self) -> dict[str, str]:
        if self._icon_bodies is None:
            try:
                data = json.loads((self.root / "icons" / "game-icons.json").read_text(encoding="utf-8"))
                self._icon_bodies = dict(data.get("icons", {}))
            except (OSError, ValueError):
                self._icon_bodies = {}
        return self._icon_bodies

    def has_icon(self, name: str) -> bool:
        return name in self._bodies()

    def icon(self, name: str, size: int, colour: Colour = theme.INK) -> pygame.Surface:
        """An icon rasterised at ``size`` px in ``colour``; a blank surface if unknown."""
        key = (name, size, colour)
        surface = self._icons.get(key)
        if surface is None:
            body = self._bodies().get(name)
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            if body:
                hex_colour = "#%02x%02x%02x" % colour
                svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="{size}" '
                       f'height="{size}">{body.replace("currentColor", hex_colour)}</svg>')
                try:
                    surface = pygame.image.load(io.BytesIO(svg.encode("utf-8")), "icon.svg").convert_alpha()
                except pygame.error:
                    pass
            self._icons[key] = surface
        return surface


@lru_cache(maxsize=1)
def vignette(size: tuple[int, int]) -> pygame.Surface:
    """A soft dark edge for the table, drawn once per window size."""
    w, h = size
    layer = pygame.Surface(size, pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        alpha = int(110 * (1 - i / steps) ** 2)
        inset = int(i * min(w, h) / (2.6 * steps))
        pygame.draw.rect(layer, (0, 0, 0, alpha), (inset, inset, w - 2 * inset, h - 2 * inset),
                         width=max(1, int(min(w, h) / (2.6 * steps)) + 1), border_radius=40)
    return layer
