"""The parties of the Fantasy Adventures table: each in its two ranks of four positions (front
rank above the back rank, open positions as faint outlines), every hero with the items it owns
(FA-166, public, FA-167), a flipped hero turned sideways (FA-113), a feared hero face down
(FA-188), a hero summoned this round dimmed as waiting (FA-224); the stack placed on the party
face down in front of it with its card count (FA-051: its contents are the monster player's
alone, section 7). (The seat's own hand: fantasy_adventures_hand.py.)

The other parties are condensed (a hero as its element's colour, its icon, its Melee and how
many items it owns); the seat's own party, and a lone opponent's, show names and items in
words. Hover any hero or item for the whole card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rulesets.fantasy_adventures.content import Hero
from game.rulesets.fantasy_adventures.view_types import FAView, PlayerView
from game.ui import theme
from game.ui.tables.fantasy_adventures_cards import NO_ELEMENT, STAT_ICONS, TYPE_ICONS, frame_colour
from game.ui.tables.fantasy_adventures_layout import Painter
from game.ui.theme import px

if TYPE_CHECKING:
    from game.ui.tables.fantasy_adventures import FantasyAdventuresTable

WIDE_CELL = 100
"""A position at least this wide (at 1280x720) shows its hero's name and items in words."""


def stack_size(view: FAView, seat: int) -> int:
    """The face-down cards in front of ``seat``'s party: its stack placed this turn, or what is
    left of it in its Encounter."""
    encounter = view["encounter"]
    if encounter is not None and encounter["target"] == seat:
        return encounter["stack_size"]
    stack = view["stacks"].get(str(seat))
    return stack["size"] if stack is not None else 0


class Parties(Painter):
    """Party panels (condensed or in full), their stacks, and the heroes drawn at setup."""

    def __init__(self, table: "FantasyAdventuresTable") -> None:
        super().__init__(table)
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}

    # -- a party ---------------------------------------------------------------------------------

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, p: PlayerView) -> None:
        """A party with its header (name, role, hand, decks, score) and its stack."""
        s = self.s
        seat = p["seat"]
        self.t.places[f"seat:{seat}"] = rect
        self.t.mark(surface, rect, ("seat", str(seat)), outline=("seat", str(seat)) in self.t.lit)
        self.box(surface, rect, (24, 46, 35), (52, 84, 66))
        inner = rect.inflate(-px(10, s), -px(8, s))
        y = self.header(surface, inner, view, p)
        body = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
        stack_w = int(body.height * 0.62 * 5 / 7) + px(8, s)
        self.stack(surface, pygame.Rect(body.x, body.y, stack_w, body.height), view, seat)
        ranks = pygame.Rect(body.x + stack_w + px(6, s), body.y, body.width - stack_w - px(6, s), body.height)
        if p["eliminated"]:
            self.text(surface, "Eliminated", ranks.center, "italic", theme.PARCHMENT_DARK, anchor="center")
            return
        if view["stage"] == "setup" and p["seat"] != view["seat"]:
            self.text(surface, "Forming the party in secret", ranks.center, "italic", theme.PARCHMENT_DARK,
                      anchor="center")
            return
        self.ranks(surface, ranks, p)

    def header(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, p: PlayerView) -> int:
        s = self.s
        seat = p["seat"]
        encounter = view["encounter"]
        role = "monster player" if seat == view["monster"] else \
            "hero player" if encounter is not None and encounter["target"] == seat else ""
        acting = self.t.acting == seat
        colour = theme.GOLD_LIGHT if acting else theme.PARCHMENT
        chips_w = px(150, s)
        x = rect.x
        if acting:  # the game waits for this player
            x = self.chip(surface, x, rect.y, "hourglass", "", theme.GOLD_LIGHT) - px(6, s)
        # "Cora · monster player"; where that does not fit, "Cora · monsters" (four parties at
        # 1024x640), then the name alone, before anything is cut.
        room = rect.right - chips_w - x
        short = {"monster player": "monsters", "hero player": "heroes"}.get(role, role)
        said = (f"{p['name']} · {role}", f"{p['name']} · {short}", p["name"]) if role else (p["name"],)
        name = self.a.first_fitting(said, "bold", self.fs, room)
        self.text(surface, name, (x, rect.y), "bold", colour, width=room)
        x = rect.right - chips_w
        x = self.chip(surface, x, rect.y, "card-draw", str(p["hand_size"]))
        x = self.chip(surface, x, rect.y, "swordman", str(p["hero_deck"]))
        self.chip(surface, x, rect.y, "two-coins", str(p["score"]), theme.GOLD_LIGHT)
        return rect.y + self.row_h() + px(4, s)

    def stack(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, seat: int) -> None:
        """The stack in front of the party: face down, its count under it (FA-051)."""
        size = stack_size(view, seat)
        if not size:
            return
        s = self.s
        ch = min(rect.height - self.row_h() - px(4, s), int((rect.width - px(8, s)) * 7 / 5))
        cw = int(ch * 5 / 7)
        card = pygame.Rect(0, 0, cw, ch)
        card.midtop = (rect.centerx, rect.y)
        for k in range(min(size, 3) - 1, -1, -1):  # a small pile: up to three backs offset
            surface.blit(self.t.scene.renderer.back((cw, ch), self.t.emblem), card.move(px(2, s) * k, -px(2, s) * k))
        self.t.hits.append((pygame.Rect(card), ("stack", str(seat))))
        self.text(surface, f"{size} card{'s' if size != 1 else ''}", (rect.centerx, card.bottom + px(2, s)),
                  "bold", theme.GOLD_LIGHT, anchor="midtop")

    def ranks(self, surface: pygame.Surface, rect: pygame.Rect, p: PlayerView) -> None:
        """The front rank above the back rank, four positions each."""
        s = self.s
        gap = px(4, s)
        cell_w = (rect.width - 3 * gap) // 4
        cell_h = (rect.height - gap) // 2
        for row, rank in enumerate((p["front"], p["back"])):
            for col, hero in enumerate(rank):
                cell = pygame.Rect(rect.x + col * (cell_w + gap), rect.y + row * (cell_h + gap), cell_w, cell_h)
                if hero is None:
                    pygame.draw.rect(surface, (52, 84, 66), cell, width=1, border_radius=px(6, s))
                    continue
                self.hero(surface, cell, p, hero)

    def hero(self, surface: pygame.Surface, cell: pygame.Rect, p: PlayerView, hero: str) -> None:
        s = self.s
        wide = cell.width >= px(WIDE_CELL, s)
        items = p["items"].get(hero, [])
        flipped, feared, waiting = hero in p["flipped"], hero in p["feared"], hero in p["waiting"]
        if feared:
            self._face_down(surface, cell, hero, wide)
        else:
            tile = self.tile(hero, tuple(items), cell.size, wide) if not flipped else None
            if flipped:
                self._turned(surface, cell, hero, tuple(items), wide)
            elif tile is not None:
                surface.blit(tile, cell)
            if waiting:
                shade = pygame.Surface(cell.size, pygame.SRCALPHA)
                shade.fill((10, 8, 6, 120))
                surface.blit(shade, cell)
                self.text(surface, "Waiting", cell.center, "bold", theme.PARCHMENT, anchor="center")
        if wide and not flipped and not feared:  # each item its own thing (an option may name it)
            for k, item in enumerate(items[: self._item_rows(cell)]):
                self.t.hits.append((self._item_rect(cell, k), ("card", item)))
        self.t.mark(surface, cell, ("card", hero))

    def _face_down(self, surface: pygame.Surface, cell: pygame.Rect, hero: str, wide: bool) -> None:
        """A feared hero face down (FA-188): the card's back, "Feared" on a plate over it, and
        (room allowing) its name across the top, for who it is stays known to everyone (section 7)."""
        s = self.s
        surface.blit(self.t.scene.renderer.back(cell.size, self.t.emblem), cell)
        if wide:
            band = pygame.Rect(cell.x + px(3, s), cell.y + px(3, s), cell.width - px(6, s), self.row_h() + px(2, s))
            self._plate(surface, band)
            self.text(surface, self.content.card(hero).name, band.center, "bold", theme.PARCHMENT,
                      width=band.width - px(6, s), anchor="center")
        middle = (cell.centerx, cell.centery + (self.row_h() // 2 if wide else 0))
        word = self.a.text("Feared", "bold", self.fs, theme.GOLD_LIGHT)
        plate = word.get_rect(center=middle).inflate(px(8, s), 0).clamp(cell)
        self._plate(surface, plate)
        surface.blit(word, word.get_rect(center=plate.center))

    @staticmethod
    def _plate(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A dark plate that words in parchment or gold read on over a card's patterned back."""
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (20, 12, 8, 215), plate.get_rect(), border_radius=max(2, rect.height // 4))
        surface.blit(plate, rect)

    def _turned(self, surface: pygame.Surface, cell: pygame.Rect, hero: str, items: tuple[str, ...],
                wide: bool) -> None:
        """A flipped hero turned sideways, as a card is on the table (FA-113): its condensed tile
        on its side with "Flipped" in words; a wide position also names the hero across its top."""
        s = self.s
        label_h = self.row_h()
        top = cell.y
        if wide:
            self.text(surface, self.content.card(hero).name, (cell.x + px(3, s), top + px(2, s)), "bold",
                      theme.PARCHMENT, width=cell.width - px(6, s))
            top += label_h + px(4, s)
        word_w = self.a.font("bold", self.fs).size("Flipped")[0] + px(4, s)
        room = (cell.width - word_w, cell.bottom - top) if wide else (cell.width, cell.height - label_h)
        long_side = min(room[0], int(room[1] * 7 / 5))
        mini = self.tile(hero, items, (int(long_side * 5 / 7), long_side), False)
        turned = pygame.transform.rotate(mini, 90)
        if wide:
            spot = turned.get_rect(topleft=(cell.x, top))
            self.text(surface, "Flipped", (spot.right + px(4, s), spot.centery), "bold", theme.GOLD_LIGHT,
                      anchor="midleft")
        else:
            spot = turned.get_rect(midtop=(cell.centerx, cell.y))
            self.text(surface, "Flipped", (cell.centerx, spot.bottom), "bold", theme.GOLD_LIGHT, anchor="midtop")
        surface.blit(turned, spot)

    # -- a hero's tile (cached: drawn once per hero, items and size) ---------------------------------

    def _item_rows(self, cell: pygame.Rect) -> int:
        return max(0, (cell.height - 2 * self.row_h() - px(8, self.s)) // self.row_h())

    def _item_rect(self, cell: pygame.Rect, k: int) -> pygame.Rect:
        top = cell.y + 2 * self.row_h() + px(6, self.s)
        return pygame.Rect(cell.x + px(4, self.s), top + k * self.row_h(), cell.width - px(8, self.s), self.row_h())

    def tile(self, hero: str, items: tuple[str, ...], size: tuple[int, int], wide: bool) -> pygame.Surface:
        key = (hero.split("/")[-1].split("#")[0], tuple(i.split("/")[-1] for i in items), size, wide)
        image = self._tiles.get(key)
        if image is None:
            image = self._draw_tile(hero, items, size, wide)
            self._tiles[key] = image
        return image

    def _draw_tile(self, hero: str, items: tuple[str, ...], size: tuple[int, int], wide: bool) -> pygame.Surface:
        s, a = self.s, self.a
        card = self.content.card(hero)
        tile = pygame.Surface(size, pygame.SRCALPHA)
        rect = tile.get_rect()
        frame = frame_colour(self.content, hero)
        radius = px(6, s)
        pygame.draw.rect(tile, frame, rect, border_radius=radius)
        inner = rect.inflate(-px(5, s), -px(5, s))
        pygame.draw.rect(tile, theme.PARCHMENT, inner, border_radius=max(2, radius - 2))
        melee = str(getattr(card, "melee", 0))
        if wide:
            x, y = inner.x + px(3, s), inner.y + px(1, s)
            self.text(tile, card.name, (x, y), "bold", theme.INK, width=inner.width - px(6, s), shrink=True)
            y += self.row_h() + px(2, s)
            x = self._stat(tile, x, y, STAT_ICONS["melee"], melee)
            if isinstance(card, Hero):
                x = self._stat(tile, x, y, STAT_ICONS["support"], str(card.support))
                if card.orb:
                    x = self._stat(tile, x, y, STAT_ICONS["orb"], card.orb[0].upper())
                if card.trap:
                    self._stat(tile, x, y, STAT_ICONS["trap"], "")
            rows = self._item_rows(pygame.Rect(0, 0, *size))
            for k, item in enumerate(items[:rows]):
                r = self._item_rect(pygame.Rect(0, 0, *size), k)
                left = len(items) - rows if k == rows - 1 and len(items) > rows else 0
                pygame.draw.rect(tile, (206, 202, 192), r, border_radius=px(3, s))
                label = f"+{left + 1} items" if left else self.content.card(item).name
                self.text(tile, label, (r.x + px(3, s), r.y - 1), "body", theme.INK, width=r.width - px(6, s))
            return tile
        # Condensed: the hero's icon on its element's colour, its Melee, its items' count.
        art = inner.inflate(-px(4, s), -px(4, s))
        pygame.draw.rect(tile, frame, art, border_radius=max(2, radius - 3))
        icon = a.icon(TYPE_ICONS["hero"], int(min(art.width, art.height) * 0.7), theme.PARCHMENT)
        tile.blit(icon, icon.get_rect(center=art.center))
        self._badge(tile, (art.x + px(11, s), art.y + px(11, s)), melee)
        if items:
            self._badge(tile, (art.right - px(11, s), art.bottom - px(11, s)), f"+{len(items)}", NO_ELEMENT)
        return tile

    def _stat(self, tile: pygame.Surface, x: int, y: int, icon: str, value: str) -> int:
        size = max(14, px(16, self.s))
        needed = size + px(2, self.s) + (self.a.font("bold", self.fs).size(value)[0] if value else 0)
        if x + needed > tile.get_width() - px(4, self.s):  # no room left on a narrow tile: hover says it
            return x
        tile.blit(self.a.icon(icon, size, theme.INK), (x, y + (self.row_h() - size) // 2 + 1))
        x += size + px(2, self.s)
        if value:
            x = self.text(tile, value, (x, y), "bold", theme.INK).right
        return x + px(6, self.s)

    def _badge(self, tile: pygame.Surface, centre: tuple[int, int], value: str,
               colour: theme.Colour = theme.INK) -> None:
        label = self.a.text(value, "bold", self.fs, theme.PARCHMENT)
        r = label.get_rect(center=centre).inflate(px(6, self.s), 0)
        pygame.draw.rect(tile, colour, r, border_radius=px(5, self.s))
        tile.blit(label, label.get_rect(center=r.center))

    # -- the heroes drawn at setup ---------------------------------------------------------------

    def drawn(self, surface: pygame.Surface, rect: pygame.Rect, cards: list[str], title: str) -> None:
        """The heroes the seat drew at setup (FA-026) in the middle of the table, as tiles in up
        to two rows (names, values; hover for the whole card)."""
        s = self.s
        y = self.text(surface, title, rect.topleft, "heading", theme.GOLD_LIGHT, max(16, px(17, s)),
                      width=rect.width).bottom + px(4, s)
        gap = px(6, s)
        columns = max(1, min(len(cards), (len(cards) + 1) // 2, 6))
        rows = -(-len(cards) // columns)
        cell_w = min(px(150, s), (rect.width - gap * (columns - 1)) // columns)
        cell_h = min(2 * self.row_h() + px(12, s), (rect.bottom - y - gap * (rows - 1)) // max(1, rows))
        for k, card in enumerate(cards):
            r = pygame.Rect(rect.x + (k % columns) * (cell_w + gap), y + (k // columns) * (cell_h + gap),
                            cell_w, cell_h)
            surface.blit(self.tile(card, (), r.size, True), r)
            self.t.mark(surface, r, ("card", card))
