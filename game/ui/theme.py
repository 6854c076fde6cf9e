"""The look (ART.md): palette, font roles and the layout scale."""

from __future__ import annotations

Colour = tuple[int, int, int]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: ``a``, 1: ``b``)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def hex_colour(text: str) -> Colour:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


FELT = hex_colour("#1e3a2c")
FELT_DARK = hex_colour("#14271e")
WALNUT = hex_colour("#2b1d14")
WALNUT_LIGHT = hex_colour("#4a3424")
PARCHMENT = hex_colour("#efe3c4")
PARCHMENT_DARK = hex_colour("#d9c9a0")
INK = hex_colour("#2a1e14")
GOLD = hex_colour("#c9a227")
GOLD_LIGHT = hex_colour("#e8c95a")
DANGER = hex_colour("#b23a2e")
MUTED = hex_colour("#8a7a63")
SHADOW = (0, 0, 0)

# Font roles: (file, fallback bold?)
FONTS = {
    "title": "Cinzel-Bold.ttf",
    "heading": "Cinzel-Bold.ttf",
    "name": "Cinzel-Regular.ttf",
    "body": "Alegreya-Regular.ttf",
    "bold": "Alegreya-Bold.ttf",
    "italic": "Alegreya-Italic.ttf",
}

BASE_SIZE = (1280, 720)
MIN_TEXT_PX = 15


def scale_for(size: tuple[int, int]) -> float:
    """Layout scale relative to 1280x720 (never below what keeps 15 px text readable)."""
    return max(0.8, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def px(value: float, scale: float) -> int:
    return max(1, int(round(value * scale)))
