"""The Buck: Legacy table (ART.md, The table; issue 13 item 5).

Across the top, the other Adventurers' stat cards, condensed (hover one for the whole card):
name, Race and Class, the Buck token on the Dealer, Combat Strength, Protection, Magic Rank,
Mana, Tesla, Gold, Medals, Stunned, the five equipment slots, Gifts and Curses, the Dungeon
cards in front of them, the backpack's size and the Distance Deck (each card vertical when
defeated, horizontal when not; the Distance and Trophy counters counted).

In the middle, at the left, the Zone card (its Distance total toward the Boss) that turns into
its Boss with HP; beside it what the game is about now: the shop (face down in the Blind shop
option), the fight (the Monster card, the Combat Points of both sides term by term and the exact
chance to win, before and after the roll), a check and what it needs, the Dungeon cards in play,
or the cards a question offers (a character's Race, Class and weapon, the Zone, a Treasure).
The dice tray at the right shows the white, black, red and check dice in their content colours.
Under it, the deck and discard counts.

At the bottom, the seat at the screen: its own stat card with the slots as small cards, and
its backpack as a fan (the others' backpacks are a count only: the table draws from the seat's
view, so no other seat's backpack can be drawn, BL-073).

Options that point at things (("card", id), ("seat", n), ("shop", pos), ("die", name)) light
those things, and a click on one answers (several answers on one card: a short list). Hover
any card for the whole card, enlarged, and its printed fields in words.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import pygame

from game.core.decision import Decision, Option, Target
from game.core.events import Event
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.vocabulary import SLOTS
from game.ui import theme
from game.ui.animation import Banner, NumberPop, Pulse
from game.ui.assets import vignette
from game.ui.tables.base import Table, draw_glow
from game.ui.tables.buck_legacy_cards import (
    BOSS_KEY,
    DECK_COLOURS,
    DIFFICULTY_NAMES,
    KIND_COLOURS,
    SLOT_ICONS,
    SLOT_NAMES,
    STAT_ICONS,
    BuckDice,
    card_icon,
    card_tooltip,
    cut,
    face,
    words,
)
from game.ui.theme import Colour, px

View = Mapping[str, Any]
HAND_CARD = (104, 146)
PREVIEW = (240, 336)
PARTS = {"setup": "Setup", "market": "Market Part", "exploration": "Exploration Phase", "combat": "Combat Phase",
         "boss": "Boss Combat Phase", "over": "Game over"}
GROUPS = {"side_job": "Market actions", "restore_mana": "Market actions", "buy": "Market actions",
          "interrupt": "Market actions", "tesla": "Ingenuity", "sell": "Ingenuity", "equip": "Equipment",
          "unequip": "Equipment", "give": "Trade", "give_gold": "Trade", "to": "Trade", "gold": "Trade",
          "cast": "Spells", "use": "Items", "support": "Support", "wait": "Your turn", "zone": "Zone",
          "race": "Character", "class": "Character", "weapon": "Character", "keep": "Treasure",
          "fight": "Fight", "play": "Dungeon cards", "parry": "Battle", "accept": "Battle",
          "roll": "Escape check", "fail": "Escape check", "seat": "Revive", "discard": "Discard",
          "back": "Choices"}
"""The action panel's headings, by the kind an option id begins with."""
ORDER = ("Character", "Zone", "Market actions", "Ingenuity", "Equipment", "Trade", "Spells", "Items", "Support",
         "Fight", "Dungeon cards", "Battle", "Escape check", "Revive", "Treasure", "Discard", "Your turn", "Choices")
DIE_TITLES = {"white": "white", "black": "black", "red": "red", "check": "plain"}
"""The rules' die names (an option's ("die", name)) and the content's dice they are rolled with."""
COUNTER_COLOURS: dict[str, Colour] = {"distance": (86, 140, 190), "trophy": (201, 162, 39), "none": (120, 110, 95)}
MINOR = ("stat", "strength", "slot", "backpack", "ddeck", "buck")
"""Things on a stat card that give way to the card itself when it is lit."""


def counters(content: BLContent, cards: Sequence[str]) -> tuple[int, int]:
    """(Distance, Trophy) counters among the cards of a Distance Deck (BL-101)."""
    found = [content.dungeon_card(card).counter for card in cards]
    return found.count("distance"), found.count("trophy")


def distance_total(content: BLContent, view: View) -> int:
    """The party's Distance toward the Boss: every Distance Deck's Distance counters, an Event's
    twice under the Zone rule that says so (BL-079, A-09)."""
    double = bool(view["zone"]) and not view["boss_up"] and view["part"] in ("exploration", "combat") and any(
        e.verb == "events_distance_double" for e in content.zones[view["zone"]].abilities)
    total = 0
    for a in view["adventurers"]:
        for card in a["distance_deck"]:
            d = content.dungeon_card(card)
            if d.counter == "distance":
                total += 2 if double and d.kind == "event" else 1
    return total


class BuckLegacyTable(Table[View]):
    emblem = "horseshoe"
    results = frozenset({"win", "stun", "boss_hit", "boss_defeated"})
    group_order = ORDER

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.places: dict[str, pygame.Rect] = {}
        self._visible: set[Target] = set()
        self._background: tuple[tuple[int, int], pygame.Surface] | None = None
        self.tray = BuckDice(pygame.Rect(0, 0, 10, 10), self.content.dice)
        self._tray_targets: list[str] = []
        self._roll_key: Any = None
        self._tumble = False
        self._lit: set[Target] = set()
        self._selected: set[Target] = set()
        self._hover: Target | None = None
        self._blocked: dict[Target, Any] = {}
        self._decision: Decision | None = None
        self._acting: int | None = None
        self._strength_parts: dict[int, list[str]] = {}
        self.preview_rect: pygame.Rect | None = None
        self.prompt_top = 0
        self.own_rect = self.centre_rect = self.opponents_rect = pygame.Rect(0, 0, 1, 1)

    @property
    def content(self) -> BLContent:
        """The game's own content (its rule system's, not a module copy)."""
        found: BLContent = getattr(self.scene.controller.session.game.system, "content")
        return found

    # -- layout ---------------------------------------------------------------------------------

    @property
    def fs(self) -> int:
        """Body text: 15 px at 1280x720 and below, larger on larger windows."""
        return max(theme.MIN_TEXT_PX, px(15, self.scale))

    def row_h(self, size: int | None = None) -> int:
        return self.assets.font("body", size or self.fs).get_linesize() - 2

    def card_size(self, base: tuple[int, int] = HAND_CARD) -> tuple[int, int]:
        return px(base[0], self.scale), px(base[1], self.scale)

    def opponent_height(self) -> int:
        """Name; Race and Class; the record in two rows; the slots; the Distance Deck and chips."""
        s = self.scale
        return (px(6, s) + self.row_h(max(16, px(16, s))) + px(2, s) + 3 * self.row_h() + self._square() + px(4, s)
                + self.row_h() + px(6, s))

    def _square(self) -> int:
        return self.row_h() + px(6, self.scale)

    def table_card(self, height: int) -> tuple[int, int]:
        """The biggest card up to 120x168 (at 1280x720) that fits ``height``. A card from 150 to
        220 px high would show its rules text squeezed over a thin art panel: it is drawn just
        too small for a text box instead (name, art and emblems), and the enlarged card on hover
        reads in full; on large windows the cards have room for their text."""
        h = min(px(168, self.scale), height)
        if 150 <= h < 220:
            h = 149
        return int(h * HAND_CARD[0] / HAND_CARD[1]), h

    def layout(self, area: pygame.Rect, scale: float) -> None:
        super().layout(area, scale)
        s = scale
        pad = px(8, s)
        self._background = None
        self.opponents_rect = pygame.Rect(area.x + pad, area.y + px(4, s), area.width - 2 * pad, self.opponent_height())
        cw, ch = self.card_size()
        own_h = max(ch + px(18, s) + self.row_h(), self._own_panel_height())
        self.prompt_top = area.bottom - own_h - px(54, s) - px(8, s)
        self.centre_rect = pygame.Rect(area.x + pad, self.opponents_rect.bottom + px(6, s), area.width - 2 * pad,
                                       self.prompt_top - self.opponents_rect.bottom - px(12, s))

    def _own_panel_height(self) -> int:
        s = self.scale
        return (px(6, s) + self.row_h(max(16, px(18, s))) + 2 * self.row_h() + px(8, s) + self._tile_height()
                + px(6, s) + self.row_h() + px(6, s))

    def _tile_height(self) -> int:
        return 2 * self.row_h() + px(26, self.scale)

    def prompt_rect(self, height: int) -> pygame.Rect:
        s = self.scale
        rect = pygame.Rect(self.area.x + px(8, s), self.prompt_top, self.area.width - px(16, s), height)
        self.own_rect = pygame.Rect(self.area.x + px(8, s), rect.bottom + px(4, s), self.area.width - px(16, s),
                                    self.area.bottom - rect.bottom - px(8, s))
        return rect

    def visible_targets(self) -> set[Target]:
        return self._visible

    # -- hits and glows -------------------------------------------------------------------------

    def mark(self, surface: pygame.Surface, rect: pygame.Rect, target: Target, outline: bool = True) -> None:
        """Register ``rect`` as ``target``; a lit target glows gold (brighter under the mouse)."""
        s = self.scale
        self.hits.append((pygame.Rect(rect), target))
        if target in self._lit:
            self._visible.add(target)
        if not outline:
            return
        draw_glow(surface, rect, s, selected=target in self._selected, lit=target in self._lit,
                  hovered=target == self._hover)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost thing under ``pos``; but a value on a stat card gives way to the card when
        the card is lit (a click anywhere on a lit Adventurer answers; a card on it stays a card)."""
        under = [t for rect, t in reversed(self.hits) if rect.collidepoint(pos)]
        if under and under[0] not in self._lit and under[0][0] in MINOR:
            lit = [t for t in under if t in self._lit]
            if lit:
                return lit[0]
        return under[0] if under else None

    def _dim(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (10, 8, 6, 130), shade.get_rect(), border_radius=px(8, self.scale))
        surface.blit(shade, rect)

    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], role: str = "body",
              colour: Colour = theme.PARCHMENT, size: int | None = None, width: int | None = None,
              anchor: str = "topleft") -> pygame.Rect:
        size = size or self.fs
        if width is not None:
            text = cut(self.assets, text, role, size, width)
        label = self.assets.text(text, role, size, colour)
        rect = label.get_rect(**{anchor: pos})
        surface.blit(label, rect)
        return rect

    def _chip(self, surface: pygame.Surface, x: int, y: int, icon: str, value: str, colour: Colour = theme.PARCHMENT,
              target: Target | None = None, gap: int | None = None) -> int:
        """An icon and a value; returns the x after it (and ``gap``)."""
        s = self.scale
        size = max(14, px(17, s))
        image = self.assets.icon(icon, size, colour)
        surface.blit(image, (x, y + (self.row_h() - size) // 2 + 1))
        rect = self._text(surface, value, (x + size + px(3, s), y), "bold", colour)
        if target is not None:
            self.hits.append((pygame.Rect(x, y, rect.right - x, self.row_h()), target))
        return rect.right + (px(9, s) if gap is None else gap)

    # -- drawing --------------------------------------------------------------------------------

    def _draw_background(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._background is None or self._background[0] != size:
            bg = pygame.Surface(size)
            bg.fill(theme.FELT)
            for y in range(0, size[1], 3):  # a faint weave in the felt
                pygame.draw.line(bg, theme.FELT_DARK if (y // 3) % 2 else theme.FELT, (0, y), (size[0], y))
            bg.blit(vignette(size), (0, 0))
            self._background = (size, bg.convert() if pygame.display.get_surface() else bg)
        surface.blit(self._background[1], (0, 0))

    def draw(self, surface: pygame.Surface, view: View, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.hits = []
        self._visible = set()
        self.places = {}
        self._lit, self._selected, self._hover, self._decision = lit, selected, hover, decision
        self._blocked = {b.target: b for b in decision.blocked if b.target} if decision else {}
        pending = decision or self.scene.controller.decision()
        self._acting = pending.seat if pending is not None else None  # whose answer the game waits for
        self._draw_background(surface)
        me = view["seat"]
        others = [a for a in view["adventurers"] if a["seat"] != me] if me is not None else list(
            view["adventurers"])
        self._draw_opponents(surface, view, others)
        self._draw_centre(surface, view, decision)
        if me is not None:
            self._draw_own(surface, view, view["adventurers"][me])
        else:
            self._text(surface, "Watching: every seat is played by the computer.", self.own_rect.center, "italic",
                       theme.PARCHMENT_DARK, anchor="center")
        self._draw_preview(surface, view)

    # -- the other Adventurers ------------------------------------------------------------------------

    def _draw_opponents(self, surface: pygame.Surface, view: View, others: list[Mapping[str, Any]]) -> None:
        if not others:
            return
        s = self.scale
        gap = px(8, s)
        area = self.opponents_rect
        width = min(px(330, s), (area.width - gap * (len(others) - 1)) // len(others))
        x = area.x + (area.width - (width * len(others) + gap * (len(others) - 1))) // 2
        for a in others:
            rect = pygame.Rect(x, area.y, width, area.height)
            self._stat_card(surface, rect, view, a)
            x += width + gap

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, a: Mapping[str, Any], view: View) -> None:
        s = self.scale
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (20, 14, 10, 150), layer.get_rect(), border_radius=px(10, s))
        surface.blit(layer, rect)
        acting = self._acting == a["seat"]
        border = theme.GOLD if acting else (theme.DANGER if a["stunned"] else theme.WALNUT_LIGHT)
        pygame.draw.rect(surface, border, rect, width=2, border_radius=px(10, s))
        self.places[f"seat:{a['seat']}"] = rect

    def _header(self, surface: pygame.Surface, x: int, y: int, right: int, a: Mapping[str, Any], view: View,
                size: int) -> None:
        """Name, the Buck token on the Dealer, Stunned, and the Market's progress."""
        s = self.scale
        tags: list[tuple[str, Colour]] = []
        if a["stunned"]:
            tags.append(("Stunned", (236, 120, 100)))
        if view["part"] == "market":
            tags.append(("Done" if a["done"] else f"{a['actions_left']} act.", theme.PARCHMENT_DARK))
        tag_w = sum(self.assets.font("bold", self.fs).size(t)[0] + px(8, s) for t, _ in tags)
        token = px(20, s) if a["seat"] == view["dealer"] else 0
        name_rect = self._text(surface, a["name"], (x, y), "heading", theme.GOLD_LIGHT if a["seat"] == view["seat"]
                               else theme.PARCHMENT, size, max(20, right - x - tag_w - token - px(6, s)))
        tx = name_rect.right + px(6, s)
        if token:
            centre = (tx + token // 2, name_rect.centery)
            pygame.draw.circle(surface, theme.GOLD, centre, token // 2)
            pygame.draw.circle(surface, theme.INK, centre, token // 2, 1)
            icon = self.assets.icon(STAT_ICONS["buck"], int(token * 0.7), theme.INK)
            surface.blit(icon, icon.get_rect(center=centre))
            self.hits.append((pygame.Rect(tx, name_rect.y, token, token), ("buck", str(a["seat"]))))
            tx += token + px(6, s)
        for text, colour in tags:
            tx = self._text(surface, text, (tx, y + (name_rect.height - self.row_h()) // 2), "bold", colour).right \
                + px(8, s)

    def _stats(self, surface: pygame.Surface, x: int, y: int, right: int, a: Mapping[str, Any]) -> int:
        """The record's values as icon chips, in rows as wide as ``right`` allows (at most two;
        the four combat values, then Mana, Tesla and Gold, when one row cannot hold them all);
        the y after them."""
        s = self.scale
        seat = str(a["seat"])
        chips = [("strength", str(a["strength"]), ("strength", seat)), ("protection", str(a["protection"]), None),
                 ("rank", str(a["magic_rank"]), None), ("medals", str(a["medals"]), None),
                 ("mana", f"{a['mana']}/{a['max_mana']}", None), ("tesla", f"{a['tesla']}/{a['max_tesla']}", None),
                 ("gold", str(a["gold"]), None)]
        font = self.assets.font("bold", self.fs)

        def width(row: list[tuple[str, str, Target | None]], gap: int) -> int:
            return sum(max(14, px(17, s)) + px(3, s) + font.size(v)[0] + gap for _, v, _ in row) - gap

        rows = [chips] if x + width(chips, px(9, s)) <= right else [chips[:4], chips[4:]]
        row_y = y
        for row in rows:
            cx = x
            gap = px(9, s) if x + width(row, px(9, s)) <= right else px(3, s)
            for key, value, target in row:
                colour = theme.GOLD_LIGHT if key in ("gold", "medals") else theme.PARCHMENT
                before = cx
                cx = self._chip(surface, cx, row_y, STAT_ICONS[key], value, colour, gap=gap)
                hit = pygame.Rect(before, row_y, cx - before, self.row_h())
                self.hits.append((hit, target or ("stat", f"{key}:{seat}")))
            row_y += self.row_h()
        return row_y

    def _stat_card(self, surface: pygame.Surface, rect: pygame.Rect, view: View, a: Mapping[str, Any]) -> None:
        """An opponent's condensed stat card (hover it for the whole card in words)."""
        s = self.scale
        content = self.content
        self._panel(surface, rect, a, view)
        target: Target = ("seat", str(a["seat"]))
        self.mark(surface, rect, target)
        x, right = rect.x + px(8, s), rect.right - px(8, s)
        y = rect.y + px(6, s)
        self._header(surface, x, y, right, a, view, max(16, px(16, s)))
        y += self.row_h(max(16, px(16, s))) + px(2, s)
        race = content.races[a["race"]].name if a["race"] else "—"
        klass = content.classes[a["klass"]].name if a["klass"] else "—"
        self._text(surface, f"{race} {klass}", (x, y), "italic", theme.PARCHMENT_DARK, width=right - x)
        y += self.row_h()
        y = self._stats(surface, x, y, right, a)
        # The five slots as small squares, then the backpack's size.
        pack_w = max(14, px(17, s)) + px(3, s) + self.assets.font("bold", self.fs).size(str(a["backpack_size"]))[0]
        sq = min(self._square(), (right - x - pack_w - px(6, s) - 4 * px(3, s)) // 5)
        sx = x
        for slot in SLOTS:
            card = a["slots"].get(slot)
            r = pygame.Rect(sx, y + px(2, s), sq, sq)
            self._slot_square(surface, r, slot, card, a)
            sx += sq + px(3, s)
        sx += px(6, s)
        self._chip(surface, sx, y + px(2, s) + (sq - self.row_h()) // 2, STAT_ICONS["backpack"],
                   f"{a['backpack_size']}", theme.PARCHMENT, ("backpack", str(a["seat"])))
        y += self._square() + px(4, s)
        self._extras(surface, x, y, right, a, small=True)

    def _slot_square(self, surface: pygame.Surface, r: pygame.Rect, slot: str, card: str | None,
                     a: Mapping[str, Any]) -> None:
        s = self.scale
        if card is None:
            pygame.draw.rect(surface, theme.FELT_DARK, r, border_radius=px(4, s))
            pygame.draw.rect(surface, theme.WALNUT_LIGHT, r, 1, border_radius=px(4, s))
            icon = self.assets.icon(SLOT_ICONS[slot], int(r.width * 0.75), theme.MUTED)
            surface.blit(icon, icon.get_rect(center=r.center))
            self.hits.append((r, ("slot", f"{a['seat']}:{slot}")))
            return
        gear = self.content.gear(card)
        pygame.draw.rect(surface, DECK_COLOURS.get(gear.deck, theme.WALNUT), r, border_radius=px(4, s))
        icon = self.assets.icon(card_icon(gear), int(r.width * 0.8), theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(center=r.center))
        self._marks(surface, r, card, a)
        self.mark(surface, r, ("card", card))

    def _marks(self, surface: pygame.Surface, r: pygame.Rect, card: str, a: Mapping[str, Any]) -> None:
        """A coated weapon's drop and a transmuted item's second edge."""
        s = self.scale
        if card in a["coatings"]:
            pygame.draw.circle(surface, (120, 200, 120), (r.right - px(4, s), r.y + px(4, s)), max(3, px(4, s)))
            pygame.draw.circle(surface, theme.INK, (r.right - px(4, s), r.y + px(4, s)), max(3, px(4, s)), 1)
        if card in a["transmuted"]:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, r.inflate(-2, -2), 2, border_radius=px(4, s))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (r.x + px(4, s), r.y + px(4, s)), max(3, px(4, s)))

    def _extras(self, surface: pygame.Surface, x: int, y: int, right: int, a: Mapping[str, Any], small: bool) -> None:
        """The Distance Deck (a mini pile: defeated cards upright, the others across) with its
        counters, then the Gifts and Curses attached and the Dungeon cards in front."""
        s = self.scale
        content = self.content
        h = self.row_h()
        deck = a["distance_deck"]
        start = x
        w_up, h_up = max(6, px(8, s)), h - px(4, s)
        shown = deck[-8:] if small else deck[-12:]
        for card in shown:
            counter = content.dungeon_card(card).counter
            upright = card in a["defeated"]
            r = pygame.Rect(x, y + px(2, s), w_up, h_up) if upright else pygame.Rect(x, y + h // 2 - w_up // 2 + 1,
                                                                                      h_up, w_up)
            pygame.draw.rect(surface, COUNTER_COLOURS.get(counter, theme.MUTED), r, border_radius=2)
            pygame.draw.rect(surface, theme.INK, r, 1, border_radius=2)
            x = r.right + px(2, s)
        distance, trophy = counters(content, deck)
        x += px(4, s) if deck else 0
        x = self._chip(surface, x, y, STAT_ICONS["distance"], str(distance), COUNTER_COLOURS["distance"])
        x = self._chip(surface, x, y, STAT_ICONS["trophy"], str(trophy), COUNTER_COLOURS["trophy"])
        self.hits.append((pygame.Rect(start, y, x - start, h), ("ddeck", str(a["seat"]))))
        for card in a["attached"] + a["in_front"]:
            definition = content.card(card)
            colour = KIND_COLOURS.get(definition.kind, DECK_COLOURS["dungeon"])
            if small:
                r = pygame.Rect(x, y + px(1, s), h, h - px(2, s))
                if r.right > right:
                    break
                pygame.draw.rect(surface, colour, r, border_radius=px(4, s))
                icon = self.assets.icon(card_icon(definition), int(r.height * 0.8), theme.PARCHMENT)
                surface.blit(icon, icon.get_rect(center=r.center))
            else:
                label = cut(self.assets, definition.name, "bold", self.fs, px(120, s))
                tw = self.assets.font("bold", self.fs).size(label)[0]
                r = pygame.Rect(x, y, tw + h + px(8, s), h)
                if r.right > right:
                    break
                pygame.draw.rect(surface, colour, r, border_radius=px(5, s))
                icon = self.assets.icon(card_icon(definition), int(h * 0.75), theme.PARCHMENT)
                surface.blit(icon, icon.get_rect(midleft=(r.x + px(3, s), r.centery)))
                self._text(surface, label, (r.x + h + px(2, s), r.y - px(1, s)), "bold", theme.PARCHMENT)
            if card in a["in_front"]:
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, r, 1, border_radius=px(4, s))
            self.mark(surface, r, ("card", card))
            x = r.right + px(4, s)

    # -- the middle of the table -------------------------------------------------------------------

    def _offered(self, view: View, decision: Decision | None) -> list[str]:
        """Cards a question offers that are nowhere else on the table (a Race, a Zone, a Treasure)."""
        if decision is None:
            return []
        on_table: set[str] = set(view["shop"]) | {view["zone"]}
        for a in view["adventurers"]:
            on_table |= set(a["slots"].values()) | set(a["attached"]) | set(a["in_front"]) | set(a["backpack"] or ())
        fight = view["fight"]
        if fight:
            on_table.add(fight["monster"])
        out = []
        for option in decision.options:
            if option.target and option.target[0] == "card" and option.target[1] not in on_table \
                    and option.target[1] not in out:
                out.append(option.target[1])
        return out

    def _draw_centre(self, surface: pygame.Surface, view: View, decision: Decision | None) -> None:
        s = self.scale
        area = self.centre_rect
        pad = px(8, s)
        cw, ch = self.card_size()
        decks_h = self.row_h() + px(4, s)
        room_h = area.height - decks_h
        # The Zone column.
        zh = min(ch, room_h - 2 * self.row_h() - px(6, s))
        zw = int(zh * HAND_CARD[0] / HAND_CARD[1])
        zone_rect = pygame.Rect(area.x, area.y, zw, zh)
        self.places["zone"] = zone_rect
        self._draw_zone(surface, view, zone_rect)
        self._draw_decks(surface, view, pygame.Rect(area.x, area.bottom - decks_h + px(2, s), area.width, decks_h))
        main = pygame.Rect(zone_rect.right + px(16, s), area.y, area.right - zone_rect.right - px(16, s), room_h)
        offered = self._offered(view, decision)
        dice = bool(view["fight"] or view["check"])  # the tray stands at the right while dice are on the table
        tray_w = min(px(300, s), main.width // 2)
        self._sync_tray(view)
        if dice and not offered:
            tray_h = 2 * self.row_h() + px(58, s) + px(26, s)
            self.tray.rect = pygame.Rect(main.right - tray_w, main.y, tray_w, min(main.height, tray_h))
            self.places["tray"] = self.tray.rect
            main.width -= tray_w + pad
            self.tray.draw(surface, self.assets, s)
            for rect, name in zip(self.tray.die_rects, self._tray_targets):
                self.mark(surface, rect.inflate(px(4, s), px(4, s)), ("die", name))
            self._draw_tray_notes(surface, view, pygame.Rect(self.tray.rect.x, self.tray.rect.bottom + px(4, s),
                                                             tray_w, main.bottom - self.tray.rect.bottom - px(4, s)))
        if offered:
            self._draw_offered(surface, view, decision, offered, main)
        elif view["fight"]:
            self._draw_fight(surface, view, main)
        elif view["check"]:
            self._draw_check(surface, view, main)
        elif view["part"] == "market":
            self._draw_shop(surface, view, main)
        elif view["part"] == "setup":
            self._text(surface, "The Adventurers are being made.", main.center, "italic", theme.PARCHMENT_DARK,
                       anchor="center")
        else:
            self._draw_in_play(surface, view, main)

    def _draw_zone(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        s = self.scale
        content = self.content
        y = rect.bottom + px(4, s)
        if not view["zone"]:
            pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=px(8, s))
            pygame.draw.rect(surface, DECK_COLOURS["zone"], rect, 2, border_radius=px(8, s))
            self._text(surface, "No Zone", rect.center, "italic", theme.PARCHMENT_DARK, anchor="center")
            self.hits.append((rect, ("zone", "")))
            self._text(surface, f"Bosses {view['bosses_defeated']}/{view['target']}", (rect.x, y), "bold",
                       width=rect.width + px(12, s))
            return
        zone = content.zones[view["zone"]]
        key = view["zone"] + BOSS_KEY if view["boss_up"] else view["zone"]
        surface.blit(self.scene.renderer.face(face(content, self.assets, key, rect.size), rect.size), rect)
        self.mark(surface, rect, ("card", view["zone"]))
        width = rect.width + px(14, s)
        if view["boss_up"] and zone.boss is not None:
            hp, top = view["boss_hp"], zone.boss.hp
            self._text(surface, f"HP {hp}/{top}", (rect.x, y), "bold", (236, 120, 100), width=width)
            bar = pygame.Rect(rect.x, y + self.row_h(), rect.width, px(8, s))
            pygame.draw.rect(surface, theme.INK, bar, border_radius=px(3, s))
            filled = bar.copy()
            filled.width = int(bar.width * hp / max(1, top))
            pygame.draw.rect(surface, theme.DANGER, filled, border_radius=px(3, s))
        else:
            total = distance_total(content, view)
            self._text(surface, f"Distance {total}/{zone.distance}", (rect.x, y), "bold", width=width)
            bar = pygame.Rect(rect.x, y + self.row_h(), rect.width, px(8, s))
            pygame.draw.rect(surface, theme.INK, bar, border_radius=px(3, s))
            filled = bar.copy()
            filled.width = int(bar.width * min(1.0, total / max(1, zone.distance)))
            pygame.draw.rect(surface, COUNTER_COLOURS["distance"], filled, border_radius=px(3, s))
        self.hits.append((pygame.Rect(rect.x, y, width, self.row_h() + px(10, s)), ("zone", "")))

    def _draw_decks(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        s = self.scale
        x = rect.x
        for deck, label in (("items", "Items"), ("dungeon", "Dungeon"), ("treasure", "Treasure")):
            start = x
            r = pygame.Rect(x, rect.y + px(2, s), px(12, s), self.row_h() - px(4, s))
            pygame.draw.rect(surface, DECK_COLOURS[deck], r, border_radius=2)
            pygame.draw.rect(surface, theme.INK, r, 1, border_radius=2)
            x = r.right + px(5, s)
            x = self._text(surface, f"{label} {view['decks'][deck]}", (x, rect.y), "bold").right + px(6, s)
            x = self._text(surface, f"discard {len(view['discards'][deck])}", (x, rect.y), "body",
                           theme.PARCHMENT_DARK).right
            self.hits.append((pygame.Rect(start, rect.y, x - start, self.row_h()), ("deck", deck)))
            x += px(22, s)
        info = f"Adventure {view['adventure']} · Bosses {view['bosses_defeated']}/{view['target']}"
        if x + self.assets.font("body", self.fs).size(info)[0] < rect.right:
            self._text(surface, info, (rect.right, rect.y), "italic", theme.PARCHMENT_DARK, anchor="topright")

    def _heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Colour = theme.PARCHMENT) -> int:
        size = max(16, px(17, self.scale))
        self._text(surface, text, rect.topleft, "heading", colour, size, rect.width)
        return rect.y + self.row_h(size) + px(4, self.scale)

    def _card_row(self, surface: pygame.Surface, cards: list[tuple[str, Target, str]], rect: pygame.Rect,
                  size: tuple[int, int], captions: bool = True) -> None:
        """Card faces in a row (overlapping when they must), each marked as its target."""
        s = self.scale
        if not cards:
            return
        cw, ch = size
        step = cw + px(8, s)
        if len(cards) > 1:
            step = min(step, (rect.width - cw) // (len(cards) - 1))
        hovered = None
        for k, (card, target, caption) in enumerate(cards):
            r = pygame.Rect(rect.x + k * step, rect.y, cw, ch)
            if target == self._hover:
                hovered = (r, card, target, caption)
            image = self._face_image(card, size, target)
            surface.blit(image, r)
            self._dim_if_blocked(surface, r, target)
            self.mark(surface, r, target)
            if captions and caption:
                self._text(surface, caption, (r.centerx, r.bottom + px(2, s)), "body", theme.PARCHMENT_DARK,
                           width=max(step, px(40, s)) - px(4, s), anchor="midtop")
        if hovered is not None and step < cw:  # an overlapped card under the mouse comes to the front
            r, card, target, _ = hovered
            surface.blit(self._face_image(card, size, target), r)
            self.mark(surface, r, target)

    def _face_image(self, card: str, size: tuple[int, int], target: Target) -> pygame.Surface:
        if card.startswith("?"):
            return self.scene.renderer.back(size, self.emblem)
        return self.scene.renderer.face(face(self.content, self.assets, card, size), size)

    def _dim_if_blocked(self, surface: pygame.Surface, rect: pygame.Rect, target: Target) -> None:
        if target in self._blocked and target not in self._lit:
            self._dim(surface, rect)

    def _draw_shop(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        blind = view["blind_shop"]
        y = self._heading(surface, "The shop" + (" (face down: Blind shop)" if blind else ""), rect)
        cards: list[tuple[str, Target, str]] = []
        for pos in range(1, view["shop_size"] + 1):
            if blind:
                cards.append((f"?{pos}", ("shop", str(pos)), f"#{pos}: ?"))
            else:
                card = view["shop"][pos - 1]
                cards.append((card, ("shop", str(pos)), f"#{pos}: {self.content.gear(card).cost} Gold"))
        room = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        size = self.table_card(room.height - self.row_h())
        self._card_row(surface, cards, room, size)
        if not cards:
            self._text(surface, "The shop is empty.", room.center, "italic", theme.PARCHMENT_DARK, anchor="center")

    def _draw_in_play(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        cards = [(c, ("card", c), a["name"]) for a in view["adventurers"] for c in a["in_front"]]
        title = PARTS.get(view["part"], "")
        y = self._heading(surface, f"{title}: Dungeon cards in play" if cards else title, rect)
        if not cards:
            if view["zone"] and not view["boss_up"]:
                zone = self.content.zones[view["zone"]]
                text = f"Distance {distance_total(self.content, view)} of {zone.distance}: no Dungeon cards in play."
            else:
                text = "No Dungeon cards in play."
            self._text(surface, text, (rect.x, y), "italic", theme.PARCHMENT_DARK, width=rect.width)
            return
        room = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        self._card_row(surface, cards, room, self.table_card(room.height - self.row_h()))

    def _draw_offered(self, surface: pygame.Surface, view: View, decision: Decision | None, offered: list[str],
                      rect: pygame.Rect) -> None:
        prompt = decision.prompt if decision is not None else ""
        y = self._heading(surface, prompt or "Choose", rect, theme.GOLD_LIGHT)
        room = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        self._card_row(surface, [(c, ("card", c), "") for c in offered], room, self.table_card(room.height),
                       captions=False)

    # -- the fight -------------------------------------------------------------------------------------

    def _draw_fight(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        s = self.scale
        content = self.content
        fight = view["fight"]
        fighter = view["adventurers"][fight["fighter"]]["name"]
        title = f"Boss round: {fighter} against {fight['name']}" if fight["boss"] else \
            f"{fighter} against {fight['name']}"
        y = self._heading(surface, title, rect, theme.GOLD_LIGHT)
        size = self.table_card(rect.bottom - y)
        if not fight["boss"]:
            card_rect = pygame.Rect(rect.x, y, *size)
            surface.blit(self.scene.renderer.face(face(content, self.assets, fight["monster"], size), size), card_rect)
            self.mark(surface, card_rect, ("card", fight["monster"]))
            x = card_rect.right + px(12, s)
        else:
            x = rect.x
        width = rect.right - x
        row = self.row_h()
        rolled = bool(fight["white"])
        # The Combat Points, term by term (BL-113, BL-114).
        yy = y
        strength_w = self._terms(surface, x, yy, width, f"{fighter}:", [
            ("CS", str(fight["strength"]), ("term", "strength")),
            ("white", str(fight["white_final"]) if rolled else "?", ("die", "white") if rolled else None)],
            str(fight["fighter_cp"]) if rolled else "?")
        yy += row + px(2, s)
        terms: list[tuple[str, str, Target | None]] = [
            ("Level", str(fight["level"]), ("term", "level")),
            ("black", str(fight["black_final"]) if rolled else "?", ("die", "black") if rolled else None)]
        if fight["instant_damage"]:
            terms.append(("Instant", f"−{fight['instant_damage']}", ("term", "instant")))
        self._terms(surface, x, yy, width, "Monster:" if not fight["boss"] else "Boss:", terms,
                    str(fight["monster_cp"]) if rolled else "?", indent=strength_w)
        yy += row + px(4, s)
        if rolled:
            ours, theirs = fight["fighter_cp"], fight["monster_cp"]
            verdict, colour = ((f"{fighter} wins", theme.GOLD_LIGHT) if ours > theirs else
                               ("a tie: Parry, or the loss (BL-124)", theme.PARCHMENT) if ours == theirs
                               else (f"{fighter} loses", (236, 120, 100)))
            self._text(surface, f"{ours} against {theirs}: {verdict}", (x, yy), "bold", colour, width=width)
        else:
            self._text(surface, "Not rolled yet: anyone may still help.", (x, yy), "italic", theme.PARCHMENT_DARK,
                       width=width)
        yy += row + px(2, s)
        big = max(18, px(21, s))
        label = self._text(surface, f"Chance to win {fight['chance']:.0%}", (x, yy), "heading", theme.GOLD_LIGHT, big,
                           width)
        self.hits.append((label, ("term", "chance")))
        yy += self.row_h(big) + px(2, s)
        fresh = f"A fresh roll: win {fight['win']:.0%} · tie {fight['tie']:.0%} · lose {fight['lose']:.0%}"
        self._text(surface, fresh, (x, yy), "body", theme.PARCHMENT, width=width)
        yy += row
        notes = [f"Escape {fight['escape']}+"]
        if fight["hp"]:
            notes.append(f"HP {fight['hp']}")
        if fight["resist"]:
            notes.append(f"resists {words(fight['resist'])}")
        if fight["vulnerable"]:
            parry = " (auto-Parry)" if fight["auto_parry"] else ""
            notes.append(f"vulnerable to {words(fight['vulnerable'])}{parry}")
        if yy + row <= rect.bottom:
            self._text(surface, " · ".join(notes), (x, yy), "italic", theme.PARCHMENT_DARK, width=width)
            yy += row
        check = view["check"]
        if check and check["die"] and yy + row <= rect.bottom:
            passed = check["final"] >= check["need"]
            self._text(surface, f"{check['kind'].capitalize()} check: {check['final']} against {check['need']}+: "
                       + ("passes" if passed else "fails"), (x, yy), "bold",
                       theme.GOLD_LIGHT if passed else (236, 120, 100), width=width)
            yy += row
        if fight["boss"] and fight["attack"] and yy + row <= rect.bottom:
            attack = content.boss_attacks.get(fight["attack"])
            if attack is not None:
                self._text(surface, f"Boss Attack {fight['attack']}: {attack.name}", (x, yy), "bold", (236, 120, 100),
                           width=width)
                self.hits.append((pygame.Rect(x, yy, width, row), ("attack", str(fight["attack"]))))

    def _terms(self, surface: pygame.Surface, x: int, y: int, width: int, who: str,
               terms: list[tuple[str, str, Target | None]], result: str, indent: int = 0) -> int:
        """``who`` then each term (hoverable), then ``= result``; returns the width of ``who``."""
        s = self.scale
        right = x + width
        label = self._text(surface, who, (x, y), "bold", theme.PARCHMENT, width=max(40, width // 3))
        cx = max(label.right + px(8, s), x + indent)
        for k, (name, value, target) in enumerate(terms):
            if k and not value.startswith("−"):
                cx = self._text(surface, "+", (cx, y), "bold", theme.PARCHMENT_DARK).right + px(5, s)
            piece = f"{name} {value}"
            if cx + self.assets.font("bold", self.fs).size(piece)[0] > right:
                break
            r = self._text(surface, piece, (cx, y), "bold", theme.GOLD_LIGHT if target and target[0] == "term"
                           else theme.PARCHMENT)
            if target is not None:
                self.mark(surface, r.inflate(px(4, s), 0), target, outline=target[0] == "die")
            cx = r.right + px(6, s)
        if cx + px(40, s) <= right:
            self._text(surface, f"= {result}", (cx, y), "heading", theme.GOLD_LIGHT)
        return label.right + px(8, s) - x

    def _draw_check(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        check = view["check"]
        who = view["adventurers"][check["seat"]]["name"]
        y = self._heading(surface, f"{who}'s {check['kind'].capitalize()} check: {check['need']}+ needed", rect,
                          theme.GOLD_LIGHT)
        if check["die"]:
            change = f" {check['change']:+d}" if check["change"] else ""
            passed = check["final"] >= check["need"]
            self._text(surface, f"Die {check['die']}{change} = {check['final']}: " + ("passes" if passed else "fails"),
                       (rect.x, y), "bold", theme.GOLD_LIGHT if passed else (236, 120, 100), width=rect.width)
        else:
            self._text(surface, "Not rolled yet.", (rect.x, y), "italic", theme.PARCHMENT_DARK, width=rect.width)
        y += self.row_h() + 2
        chance = max(0, min(6, 7 - check["need"])) / 6
        self._text(surface, f"A fresh roll passes {chance:.0%} of the time (before changes).", (rect.x, y), "body",
                   theme.PARCHMENT, width=rect.width)

    # -- the dice tray --------------------------------------------------------------------------------

    def _tray_rows(self, view: View) -> list[tuple[str, int, str, str, str]]:
        """(content die, face, title, caption, the rules' die name) of every die on the table."""
        rows: list[tuple[str, int, str, str, str]] = []
        fight = view["fight"]
        if fight:
            if fight["red"]:
                attack = self.content.boss_attacks.get(fight["red_final"] or fight["red"])
                rows.append(("red", fight["red"], "Boss Attack", f"= {fight['red_final']}" if fight["red_final"] !=
                             fight["red"] else (attack.name if attack else ""), "red"))
            if fight["white"]:
                who = view["adventurers"][fight["fighter"]]["name"]
                rows.append(("white", fight["white"], who, f"= {fight['white_final']}" if fight["white_final"] !=
                             fight["white"] else "", "white"))
                rows.append(("black", fight["black"], "Boss" if fight["boss"] else "Monster",
                             f"= {fight['black_final']}" if fight["black_final"] != fight["black"] else "", "black"))
        check = view["check"]
        if check and check["die"]:
            rows.append(("plain", check["die"], f"{check['kind'].capitalize()} check",
                         f"= {check['final']} ({check['need']}+)" if check["final"] != check["die"]
                         else f"needs {check['need']}+", "check"))
        return rows

    def _sync_tray(self, view: View) -> None:
        rows = self._tray_rows(view)
        key = tuple(rows)
        if key != self._roll_key:
            self._roll_key = key
            self._tray_targets = [r[4] for r in rows]
            self.tray.show([(d, f, t, c) for d, f, t, c, _ in rows], roll=self._tumble,
                           duration=0.5 * self.scene.animations.speed)
        self._tumble = False

    def _draw_tray_notes(self, surface: pygame.Surface, view: View, rect: pygame.Rect) -> None:
        """Under the tray: what a battle's dice are worth (the Rule of Six) and help given."""
        fight = view["fight"]
        if not fight or rect.height < self.row_h():
            return
        helpers = [a["name"] for a in view["adventurers"] if a["supported"]]
        lines: list[str] = []
        support = view["adventurers"][fight["fighter"]]["support_received"]
        if support:
            lines.append(f"Support: +{support} CS" + (f" ({', '.join(helpers)})" if helpers else ""))
        if fight["auto_parry"]:
            lines.append("A weapon the Monster is vulnerable to: a loss is parried (BL-124).")
        if fight["instant_damage"]:
            lines.append(f"Instant Damage {fight['instant_damage']} off the Monster's points (BL-154).")
        if fight["white"]:
            lines.append("Dice count 1 to 6 after changes (BL-117).")
        y = rect.y
        width = rect.width - px(8, self.scale)
        for line in [part for text in lines for part in self.assets.wrap(text, "italic", self.fs, width)]:
            if y + self.row_h() > rect.bottom:
                break
            self._text(surface, line, (rect.x + px(4, self.scale), y), "italic", theme.PARCHMENT_DARK, width=width)
            y += self.row_h()

    # -- the seat at the screen -------------------------------------------------------------------------

    def _draw_own(self, surface: pygame.Surface, view: View, a: Mapping[str, Any]) -> None:
        s = self.scale
        own = self.own_rect
        cw, ch = self.card_size()
        limit = max(a["backpack_limit"], len(a["backpack"] or ()), 1)
        fan_w = min(cw + (cw + px(6, s)) * (limit - 1), int(own.width * 0.52))
        panel = pygame.Rect(own.x, own.y, own.width - fan_w - px(14, s), own.height)
        self._own_panel(surface, panel, view, a)
        fan = pygame.Rect(panel.right + px(14, s), own.y, own.right - panel.right - px(14, s), own.height)
        self._draw_fan(surface, view, a, fan)

    def _own_panel(self, surface: pygame.Surface, rect: pygame.Rect, view: View, a: Mapping[str, Any]) -> None:
        s = self.scale
        content = self.content
        self._panel(surface, rect, a, view)
        x, right = rect.x + px(8, s), rect.right - px(8, s)
        y = rect.y + px(6, s)
        head = max(16, px(18, s))
        race = content.races[a["race"]].name if a["race"] else "—"
        klass = content.classes[a["klass"]].name if a["klass"] else "—"
        head_rect = pygame.Rect(rect.x, rect.y, rect.width, self.row_h(head) + px(6, s))
        self.mark(surface, head_rect, ("seat", str(a["seat"])), outline=("seat", str(a["seat"])) in self._lit)
        race_w = min((right - x) // 2, self.assets.font("italic", self.fs).size(f"{race} {klass}")[0])
        self._header(surface, x, y, right - race_w - px(8, s), a, view, head)
        self._text(surface, f"{race} {klass}", (right, y + px(2, s)), "italic", theme.PARCHMENT_DARK, width=race_w,
                   anchor="topright")
        y += self.row_h(head) + px(2, s)
        y = self._stats(surface, x, y, right, a)
        y += px(4, s)
        # The five slots as small cards.
        gap = px(5, s)
        tile_w = (right - x - 4 * gap) // 5
        tile_h = self._tile_height()
        for k, slot in enumerate(SLOTS):
            r = pygame.Rect(x + k * (tile_w + gap), y, tile_w, tile_h)
            self._slot_tile(surface, r, slot, a["slots"].get(slot), a)
        y += tile_h + px(6, s)
        self._extras(surface, x, y, right, a, small=False)

    def _slot_tile(self, surface: pygame.Surface, r: pygame.Rect, slot: str, card: str | None,
                   a: Mapping[str, Any]) -> None:
        s = self.scale
        row = self.row_h()
        if card is None:
            pygame.draw.rect(surface, theme.FELT_DARK, r, border_radius=px(6, s))
            pygame.draw.rect(surface, theme.WALNUT_LIGHT, r, 1, border_radius=px(6, s))
            self._text(surface, SLOT_NAMES[slot], (r.centerx, r.y + px(2, s)), "body", theme.MUTED,
                       width=r.width - px(4, s), anchor="midtop")
            icon = self.assets.icon(SLOT_ICONS[slot], px(24, s), theme.MUTED)
            surface.blit(icon, icon.get_rect(center=(r.centerx, r.y + row + px(14, s))))
            self.hits.append((r, ("slot", f"{a['seat']}:{slot}")))
            return
        gear = self.content.gear(card)
        colour = DECK_COLOURS.get(gear.deck, theme.WALNUT)
        pygame.draw.rect(surface, colour, r, border_radius=px(6, s))
        inner = r.inflate(-px(4, s), -px(4, s))
        pygame.draw.rect(surface, theme.PARCHMENT, inner, border_radius=px(5, s))
        band = pygame.Rect(inner.x, inner.y, inner.width, row)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=px(5, s), border_top_right_radius=px(5, s))
        self._text(surface, SLOT_NAMES[slot], (band.centerx, band.y - px(1, s)), "body", theme.PARCHMENT,
                   width=band.width - px(2, s), anchor="midtop")
        icon = self.assets.icon(card_icon(gear), px(24, s), colour)
        surface.blit(icon, icon.get_rect(midleft=(inner.x + px(3, s), band.bottom + px(14, s))))
        value = f"{gear.cs:+d}" if gear.cs else (f"P{gear.protection}" if gear.protection else "")
        if value:
            self._text(surface, value, (inner.right - px(3, s), band.bottom + px(3, s)), "bold", theme.INK,
                       anchor="topright")
        self._text(surface, gear.name, (inner.centerx, inner.bottom - row), "bold", theme.INK,
                   width=inner.width - px(4, s), anchor="midtop")
        self._marks(surface, r, card, a)
        self.mark(surface, r, ("card", card))

    def _draw_fan(self, surface: pygame.Surface, view: View, a: Mapping[str, Any], fan: pygame.Rect) -> None:
        s = self.scale
        pack = a["backpack"] or []
        cw, ch = self.card_size()
        large = sum(1 for c in pack if self.content.gear(c).large)
        label = f"Backpack {len(pack)}/{a['backpack_limit']} · Large {large}/{a['large_limit']}"
        if a.get("peeked"):
            label += f" · next Dungeon card: {self.content.card(a['peeked']).name}"
        self._text(surface, label, (fan.x, fan.y), "bold", theme.PARCHMENT, width=fan.width)
        self.places["fan"] = fan
        base_y = fan.bottom - ch - px(4, s)
        if not pack:
            self._text(surface, "Your backpack is empty.", (fan.centerx, base_y + ch // 2), "italic",
                       theme.PARCHMENT_DARK, anchor="center")
            return
        step = cw + px(6, s)
        if len(pack) > 1:
            step = min(step, (fan.width - cw) // (len(pack) - 1))
        rects = []
        for k, card in enumerate(pack):
            target: Target = ("card", card)
            lift = px(12, s) if target in self._selected else 0
            if target == self._hover:
                lift = px(14, s)
            rects.append((pygame.Rect(fan.x + k * step, base_y - lift, cw, ch), card))
        for r, card in rects:
            target = ("card", card)
            surface.blit(self._face_image(card, (cw, ch), target), r)
            if self._decision is not None and target not in self._lit and target in self._blocked:
                self._dim(surface, r)
            self.mark(surface, r, target)

    def _draw_preview(self, surface: pygame.Surface, view: View) -> None:
        """The hovered card, enlarged and fully readable, beside the middle of the table (away
        from the pointer, never over the prompt)."""
        self.preview_rect = None
        hover = self._hover
        card: str | None = None
        if hover is not None and hover[0] == "card":
            card = hover[1]
            if card == view["zone"] and view["boss_up"]:
                card = card + BOSS_KEY
        elif hover is not None and hover[0] == "shop" and not view["blind_shop"]:
            pos = int(hover[1])
            if 0 < pos <= len(view["shop"]):
                card = view["shop"][pos - 1]
        if card is None:
            return
        size = self.card_size(PREVIEW)
        rect = pygame.Rect(0, 0, *size)
        mouse = self.scene.mouse
        bottom = min(self.prompt_top - px(4, self.scale), self.centre_rect.bottom + px(8, self.scale))
        if mouse[0] < self.area.centerx:
            rect.bottomright = (self.area.right - px(10, self.scale), bottom)
        else:
            rect.bottomleft = (self.area.x + px(10, self.scale), bottom)
        rect.top = max(self.area.y + px(2, self.scale), rect.top)
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=px(12, self.scale))
        surface.blit(shadow, rect.move(px(5, self.scale), px(7, self.scale)))
        surface.blit(self.scene.renderer.face(face(self.content, self.assets, card, size, full=True), size), rect)
        self.preview_rect = rect

    # -- words ----------------------------------------------------------------------------------------

    def group_of(self, option: Option) -> str:
        kind = option.id.split(":", 1)[0]
        return GROUPS.get(kind, "Choices")

    def turn_label(self, view: View) -> str:
        if view.get("winners") is not None:
            names = ", ".join(view["adventurers"][s]["name"] for s in view["winners"])
            return f"Buck: Legacy · Game over · {names} win{'s' if len(view['winners']) == 1 else ''}"
        label = f"Buck: Legacy · {PARTS.get(view['part'], view['part'])}"
        if view["adventure"]:
            label += f" · Adventure {view['adventure']}"
        label += f" · {view['adventurers'][view['dealer']]['name']} holds the Buck"
        return label

    def tooltip(self, target: Target, view: View, decision: Decision | None) -> str | None:
        kind, ident = target
        content = self.content
        text: str | None = None
        if kind == "card":
            key = ident + BOSS_KEY if ident == view["zone"] and view["boss_up"] else ident
            text = card_tooltip(content, key)
            where = self._where(view, ident)
            if where:
                text += f"\n{where}"
        elif kind == "shop":
            pos = int(ident)
            if view["blind_shop"] or pos > len(view["shop"]):
                text = f"Shop card {pos}: face down until bought (Blind shop, A-02)."
            else:
                text = f"Shop card {pos}: " + card_tooltip(content, view["shop"][pos - 1])
        elif kind == "seat":
            text = self._seat_words(view, view["adventurers"][int(ident)])
        elif kind == "strength":
            text = self._strength_words(view, view["adventurers"][int(ident)])
        elif kind == "stat":
            stat, _, seat = ident.partition(":")
            text = self._stat_words(stat, view["adventurers"][int(seat)])
        elif kind == "slot":
            seat, _, slot = ident.partition(":")
            text = f"{view['adventurers'][int(seat)]['name']}'s {SLOT_NAMES[slot]} slot: empty (BL-067)."
        elif kind == "backpack":
            a = view["adventurers"][int(ident)]
            text = f"{a['name']}'s backpack: {a['backpack_size']} of {a['backpack_limit']} cards. Its cards are " \
                   "private (BL-073)."
        elif kind == "ddeck":
            text = self._distance_words(view, view["adventurers"][int(ident)])
        elif kind == "buck":
            text = f"The Buck token: {view['adventurers'][int(ident)]['name']} is the Buck Dealer, first in priority " \
                   "(BL-045)."
        elif kind == "zone":
            text = self._zone_words(view)
        elif kind == "deck":
            names = {"items": "Items", "dungeon": "Dungeon", "treasure": "Treasure"}
            pile = view["discards"][ident]
            latest = ", ".join(content.card(c).name for c in pile[-5:][::-1])
            text = (f"{names[ident]} deck: {view['decks'][ident]} cards, face down. Discard pile, face up: "
                    f"{len(pile)}" + (f" (latest: {latest})." if latest else "."))
        elif kind == "die":
            text = self._die_words(ident)
        elif kind == "term":
            text = self._term_words(ident, view)
        elif kind == "attack":
            attack = content.boss_attacks.get(int(ident))
            text = f"Boss Attack {ident}: {attack.name}. {attack.text} ({attack.rule})" if attack else None
        return self._with_options(text, target, decision)

    @staticmethod
    def _with_options(text: str | None, target: Target, decision: Decision | None) -> str | None:
        if decision is None:
            return text
        parts = [text] if text else []
        options = [o for o in decision.options if o.target == target]
        if options:
            parts.append("Click: " + " / ".join(o.label for o in options))
        blocked = next((b for b in decision.blocked if b.target == target), None)
        if blocked is not None and not options:
            parts.append(f"Not now: {blocked.reason}" + (f" ({blocked.rule})" if blocked.rule else ""))
        return "\n".join(parts) if parts else None

    def _where(self, view: View, card: str) -> str:
        for a in view["adventurers"]:
            if card in a["slots"].values():
                slot = next(k for k, v in a["slots"].items() if v == card)
                extra = ""
                if card in a["coatings"]:
                    extra += f"; coated with {self.content.card(a['coatings'][card]).name}"
                if card in a["transmuted"]:
                    extra += f"; transmuted over {self.content.card(a['transmuted'][card]).name}"
                return f"Equipped by {a['name']} ({SLOT_NAMES[slot]}){extra}."
            if card in a["attached"]:
                return f"Attached to {a['name']}."
            if card in a["in_front"]:
                return f"In front of {a['name']}."
            if a["backpack"] and card in a["backpack"]:
                return "In your backpack."
        return ""

    def _seat_words(self, view: View, a: Mapping[str, Any]) -> str:
        content = self.content
        race = content.races[a["race"]].name if a["race"] else "no Race yet"
        klass = content.classes[a["klass"]].name if a["klass"] else "no Class yet"
        lines = [f"{a['name']}: {race} {klass}" + (" · Buck Dealer" if a["seat"] == view["dealer"] else "")
                 + (" · Stunned" if a["stunned"] else " · Active"),
                 f"Combat Strength {a['strength']}, Protection {a['protection']}, Magic Rank {a['magic_rank']}"
                 + (", Flight" if a["flight"] else ""),
                 f"Mana {a['mana']}/{a['max_mana']}, Tesla {a['tesla']}/{a['max_tesla']}, Gold {a['gold']}, "
                 f"Medals {a['medals']}"]
        gear = [f"{SLOT_NAMES[slot]}: {content.card(a['slots'][slot]).name}" for slot in SLOTS if slot in a["slots"]]
        lines.append("Equipped: " + ("; ".join(gear) if gear else "nothing"))
        if a["attached"]:
            lines.append("Gifts and Curses: " + ", ".join(content.card(c).name for c in a["attached"]))
        if a["in_front"]:
            lines.append("In front: " + ", ".join(content.card(c).name for c in a["in_front"]))
        distance, trophy = counters(content, a["distance_deck"])
        lines.append(f"Distance Deck: {len(a['distance_deck'])} cards, Distance {distance}, Trophy {trophy}")
        lines.append(f"Backpack: {a['backpack_size']}/{a['backpack_limit']} cards")
        if view["part"] == "market":
            lines.append("Done with the Market" if a["done"] else f"{a['actions_left']} Market Actions left")
        return "\n".join(lines)

    def _strength_words(self, view: View, a: Mapping[str, Any]) -> str:
        """Combat Strength and its parts: Race, Class, each equipped card, Support, and the rest
        (Gifts, Curses, the Zone, spells) as what is left of the total."""
        content = self.content
        parts: list[tuple[str, int]] = []
        if a["race"]:
            parts.append((content.races[a["race"]].name, content.races[a["race"]].cs))
        if a["klass"]:
            parts.append((content.classes[a["klass"]].name, content.classes[a["klass"]].cs))
        for slot in SLOTS:
            card = a["slots"].get(slot)
            if card is not None:
                gear = content.gear(card)
                value = gear.cs
                if card in a["coatings"]:
                    coating = content.card(a["coatings"][card])
                    value += sum(int(e.get("amount")) for e in coating.verbs("weapon_coating"))
                if value:
                    parts.append((gear.name, value))
        if a["support_received"]:
            parts.append(("Support", a["support_received"]))
        total = a["strength"]
        fight = view["fight"]
        if fight and fight["fighter"] == a["seat"]:
            total = fight["strength"]
        rest = total - sum(v for _, v in parts)
        if rest:
            parts.append(("Gifts, Curses, Zone, spells, resistances", rest))
        body = ", ".join(f"{name} {value:+d}" for name, value in parts) or "nothing"
        return f"{a['name']}'s Combat Strength {total} (BL-111): {body}."

    def _stat_words(self, stat: str, a: Mapping[str, Any]) -> str:
        name = str(a["name"])
        return {
            "protection": f"{name}'s Protection {a['protection']}: a stun from a Monster of this Level or lower is "
                          "kept off after an Escape (BL-144, BL-158).",
            "rank": f"{name}'s Magic Rank {a['magic_rank']}: the spells of this rank and below (BL-204).",
            "medals": f"{name} has {a['medals']} Medal(s); the most Medals win (BL-009).",
            "mana": f"{name}'s Mana {a['mana']} of {a['max_mana']}: spells cost Mana (BL-203).",
            "tesla": f"{name}'s Tesla {a['tesla']} of {a['max_tesla']}: Tesla devices run on it (BL-227).",
            "gold": f"{name} has {a['gold']} Gold.",
        }.get(stat, name)

    def _distance_words(self, view: View, a: Mapping[str, Any]) -> str:
        content = self.content
        distance, trophy = counters(content, a["distance_deck"])
        cards = []
        for card in a["distance_deck"]:
            d = content.dungeon_card(card)
            how = "upright: defeated" if card in a["defeated"] else "across"
            counter = {"distance": "Distance", "trophy": "Trophy"}.get(d.counter, "no counter")
            cards.append(f"{d.name} ({counter}, {how})")
        return (f"{a['name']}'s Distance Deck: Distance {distance}, Trophy {trophy} (BL-101, BL-102). "
                + ("; ".join(cards) if cards else "Empty."))

    def _zone_words(self, view: View) -> str:
        if not view["zone"]:
            return f"No Zone yet: the Buck Dealer places one in the Market Part (BL-053). Bosses defeated " \
                   f"{view['bosses_defeated']} of {view['target']}."
        zone = self.content.zones[view["zone"]]
        if view["boss_up"] and zone.boss is not None:
            return f"{zone.boss.name}: HP {view['boss_hp']} of {zone.boss.hp} (BL-166, BL-176)."
        return f"{zone.name} ({DIFFICULTY_NAMES.get(zone.difficulty, '')}): Distance " \
               f"{distance_total(self.content, view)} of {zone.distance}; at {zone.distance} the Boss appears (BL-079)."

    def _die_words(self, name: str) -> str:
        """A die on the table: its colour, the face rolled, whose it is and what it counts now."""
        if name not in self._tray_targets:
            return f"{self.content.dice[DIE_TITLES.get(name, 'plain')].die.name}: not rolled."
        index = self._tray_targets.index(name)
        die = self.tray.dice[index]
        title, caption = self.tray.labels[index]
        text = f"{die.name} ({title}): rolled {self.tray.faces[index] + 1}"
        return text + (f", {caption}." if caption else ".")

    def _term_words(self, term: str, view: View) -> str | None:
        fight = view["fight"]
        if not fight:
            return None
        if term == "strength":
            return self._strength_words(view, view["adventurers"][fight["fighter"]])
        if term == "level":
            return f"{fight['name']}'s Level {fight['level']}, with the Zone's and cards' changes (BL-112, BL-162)."
        if term == "instant":
            return f"Instant Damage {fight['instant_damage']}: taken off the Monster's Combat Points (BL-154)."
        if term == "chance":
            return (f"The exact chance that {view['adventurers'][fight['fighter']]['name']} wins this battle as it "
                    f"stands, counting Parries: {fight['chance']:.1%}. A fresh roll of both dice: win "
                    f"{fight['win']:.1%}, tie {fight['tie']:.1%}, lose {fight['lose']:.1%}.")
        return None

    # -- motion -----------------------------------------------------------------------------------------

    def animate(self, event: Event, view: View) -> None:
        queue = self.scene.animations
        s = self.scale
        kind = event.kind
        centre = self.centre_rect.center
        data = event.data
        if kind in ("dice", "roll", "reroll"):
            self._tumble = True
        if kind in ("boss_up", "boss_hit", "boss_heal", "zone") and "zone" in self.places:
            queue.add(Pulse(self.places["zone"], theme.DANGER if kind == "boss_hit" else theme.GOLD, 0.45))
        seat = data.get("seat")
        rect = self.places.get(f"seat:{seat}") if isinstance(seat, int) else None
        if rect is not None and kind in ("gold", "side_job", "sell", "win") and data.get("gold", data.get("amount")):
            amount = data.get("gold", data.get("amount"))
            if isinstance(amount, int) and amount:
                queue.add(NumberPop(f"{amount:+d} Gold", (rect.centerx, rect.y + px(24, s))))
        if rect is not None and kind == "stun":
            queue.add(Pulse(rect, theme.DANGER, 0.45))
        if event.headline and kind not in self.results and kind not in ("market_done",):
            colour = theme.GOLD_LIGHT if kind in ("boss_up", "adventure", "boss_phase") else theme.PARCHMENT
            queue.add(Banner(event.headline, centre, 1.0, colour))

    def update(self, dt: float) -> None:
        self.tray.update(dt)

    @property
    def busy(self) -> bool:
        return self.tray.rolling


TABLE = BuckLegacyTable
