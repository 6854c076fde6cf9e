"""Fantasy Heroes cards and territories as pictures: CardFace records built from the card
data and the rule system's art mapping (content/art.toml), and territory tiles."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.core.cards import read_toml
from game.core.errors import ContentError
from game.rulesets.fantasy_heroes.content import CONTENT_DIR, CardDef, Content
from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets.card_view import CardFace, Stat

DEFAULT_TERRITORY_COLOURS = {"Castle": "#7a8aa6", "Mountain": "#8a6a4a", "Forest": "#4f7d3a",
                             "Tower": "#6a4f8c", "Swamp": "#4f6f62"}
DEFAULT_TYPE_COLOURS = {"hero": "#8c2f28", "minion": "#55663a", "artifact": "#9a7b2c", "spell": "#2f4f7a"}


@lru_cache(maxsize=1)
def art() -> dict[str, Any]:
    """The art mapping; missing entries fall back to defaults (the game still draws)."""
    try:
        return read_toml(CONTENT_DIR / "art.toml")
    except ContentError:
        return {}


def territory_colour(territory_type: str) -> theme.Colour:
    entry = art().get("territories", {}).get(territory_type, {})
    return theme.hex_colour(entry.get("colour", DEFAULT_TERRITORY_COLOURS.get(territory_type, "#777777")))


def territory_icon(territory_type: str) -> str:
    return str(art().get("territories", {}).get(territory_type, {}).get("icon", "castle"))


def type_colour(kind: str) -> theme.Colour:
    entry = art().get("types", {}).get(kind, {})
    return theme.hex_colour(entry.get("colour", DEFAULT_TYPE_COLOURS.get(kind, "#555555")))


def ui_icon(name: str, default: str) -> str:
    return str(art().get("ui", {}).get(name, default))


def stat_icon(name: str, default: str) -> str:
    return str(art().get("stats", {}).get(name, default))


def face(content: Content, card_id: str) -> CardFace:
    """The face of a card of ``content`` (the game's own card data)."""
    return card_face(content.card(card_id))


@lru_cache(maxsize=128)
def card_face(card: CardDef) -> CardFace:
    card_id = card.id
    kind_entry = art().get("types", {}).get(card.type, {})
    icon = str(art().get("cards", {}).get(card_id, kind_entry.get("icon", "card-random")))
    if card.territory:
        colour = territory_colour(card.territory)
    else:
        colour = type_colour(card.type)
    stats: list[Stat] = []
    if card.type == "hero":
        stats.append(Stat("tl", stat_icon("av", "broadsword"), str(card.av), f"Attack Value {card.av}"))
        stats.append(Stat("tr", stat_icon("dv", "shield"), str(card.dv), f"Defense Value {card.dv}"))
    else:
        stats.append(Stat("tl", stat_icon("bv", "two-coins"), card.printed_bv_text, f"Battle Value {card.printed_bv_text}"))
    if card.territory:
        stats.append(Stat("bl", territory_icon(card.territory), "", card.territory))
    text = card.text or "No special ability."
    if card.is_instant:
        text = f"Instant. {text}"
    kind = card.type.capitalize() + (f" · {card.territory}" if card.territory else "")
    return CardFace(card_id, card.name, kind, type_colour(card.type), icon, colour,
                    str(kind_entry.get("icon", "card-random")), tuple(stats), text,
                    card.spell_level if card.type == "hero" else 0)


def card_tooltip(content: Content, card_id: str) -> str:
    card = content.card(card_id)
    bits = [card.name, f"{card.type.capitalize()}" + (f" of the {card.territory}" if card.territory else "")]
    if card.type == "hero":
        bits.append(f"AV {card.av}, DV {card.dv}, spell level {card.spell_level}")
    else:
        bits.append(f"BV {card.printed_bv_text}")
    bits.append(card.text or "No special ability.")
    return ". ".join(bits)


class TerritoryTiles:
    """Territory cards drawn as tiles: colour, icon and name (never colour alone)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def tile(self, territory_type: str, size: tuple[int, int]) -> pygame.Surface:
        key = (territory_type, size[0], size[1])
        surface = self._cache.get(key)
        if surface is not None:
            return surface
        w, h = size
        colour = territory_colour(territory_type)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(4, w // 10)
        pygame.draw.rect(surface, theme.PARCHMENT, surface.get_rect(), border_radius=radius)
        inner = surface.get_rect().inflate(-6, -6)
        pygame.draw.rect(surface, colour, inner, border_radius=radius - 2)
        show_name = w >= 58
        icon_box = inner.copy()
        if show_name:
            icon_box.height -= 18
        icon = self.assets.icon(territory_icon(territory_type), int(min(icon_box.width, icon_box.height) * 0.8),
                                theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(center=icon_box.center))
        if show_name:
            label = self.assets.text(territory_type, "bold", 15, theme.PARCHMENT)
            if label.get_width() > inner.width - 2:
                label = pygame.transform.smoothscale(label, (inner.width - 2, label.get_height()))
            surface.blit(label, label.get_rect(midbottom=(inner.centerx, inner.bottom - 1)))
        pygame.draw.rect(surface, theme.INK, surface.get_rect(), width=1, border_radius=radius)
        self._cache[key] = surface
        return surface
