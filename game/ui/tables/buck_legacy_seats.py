"""The Adventurers' stat cards on the Buck: Legacy table (issue 13, item 5): the others'
condensed across the top, the seat at the screen's in full at the bottom beside its backpack
fan.

A stat card shows the name (the Buck token on the Dealer, Stunned, the Market's progress),
Race and Class, the record (Combat Strength, Protection, Magic Rank, Medals, Mana, Tesla, Gold:
BL-033) as icon chips, the five equipment slots (small squares on a condensed card, tiles
with the card's name on the seat's own), the backpack's size, the Distance Deck (defeated
cards upright, the others across, BL-102) with its Distance and Trophy counters, and the
Gifts, Curses and Dungeon cards in front. Every value comes from the view; hover any of them
for its words (the Combat Strength's parts among them), any card for the whole card.
"""

from __future__ import annotations

import pygame

from game.core.decision import Target
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView
from game.rulesets.buck_legacy.vocabulary import SLOTS
from game.ui import theme
from game.ui.tables.buck_legacy_cards import (DECK_COLOURS, KIND_COLOURS, SHORT_SLOT_NAMES, SLOT_ICONS, SLOT_NAMES,
                                              STAT_ICONS, card_icon)
from game.ui.tables.bands import BAND_GAP
from game.ui.tables.buck_legacy_layout import COUNTER_COLOURS, LOSS_RED, Panel
from game.ui.tables.fans import fan_places
from game.ui.theme import Colour, px

OWN_FAN_SHARE = 0.4
"""The backpack fan's share of the bottom band's width (its cards overlap when they must)."""


def race_and_class(panel: Panel, a: AdventurerView, width: int | None = None) -> str:
    """ "Ironscale Saurian Alchemist"; where ``width`` cannot hold it, the Race's last word and
    the Class ("Saurian Alchemist"), then the Class alone, before anything is cut."""
    race = panel.content.races[a["race"]].name if a["race"] else "—"
    klass = panel.content.classes[a["klass"]].name if a["klass"] else "—"
    whole = f"{race} {klass}"
    if width is None:
        return whole
    return panel.a.first_fitting((whole, f"{race.split()[-1]} {klass}", klass), "italic", panel.fs, width)


class SeatCards(Panel):
    """The stat cards and the backpack fan."""

    # -- sizes ----------------------------------------------------------------------------------

    def opponent_height(self) -> int:
        """Name; Race and Class; the record in two rows; the slots; the Distance Deck and chips."""
        s = self.s
        return (px(6, s) + self.row_h(max(16, px(16, s))) + px(2, s) + 3 * self.row_h() + self.square() + px(4, s)
                + self.row_h() + px(6, s))

    def own_height(self) -> int:
        """The seat's own band: its stat card, or its backpack fan if that is taller."""
        s = self.s
        panel = (px(6, s) + self.row_h(max(16, px(18, s))) + 2 * self.row_h() + px(8, s) + self.tile_height()
                 + px(6, s) + self.row_h() + px(6, s))
        return max(self.card_size()[1] + px(18, s) + self.row_h(), panel)

    def own_split(self, own: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The seat's stat card and its backpack fan, side by side in the bottom band."""
        gap = px(14, self.s)
        fan_w = max(self.card_size()[0] * 2, int(own.width * OWN_FAN_SHARE))
        card = pygame.Rect(own.x, own.y, own.width - fan_w - gap, own.height)
        return card, pygame.Rect(card.right + gap, own.y, fan_w, own.height)

    # -- the others, condensed --------------------------------------------------------------------------

    def opponent_rects(self, area: pygame.Rect, count: int) -> list[pygame.Rect]:
        """The others' condensed cards side by side, centred in ``area``, at most 330 px wide
        (at 1280x720); as far apart as the table's bands (each is a layer of its own)."""
        if not count:
            return []
        gap = px(BAND_GAP, self.s)
        width = min(px(330, self.s), (area.width - gap * (count - 1)) // count)
        x = area.x + (area.width - (width * count + gap * (count - 1))) // 2
        return [pygame.Rect(x + k * (width + gap), area.y, width, area.height) for k in range(count)]

    def condensed(self, surface: pygame.Surface, rect: pygame.Rect, view: BLView, a: AdventurerView) -> None:
        """An opponent's condensed stat card (hover it for the whole card in words)."""
        s = self.s
        self.frame(surface, rect, a)
        self.t.mark(surface, rect, ("seat", str(a["seat"])))
        x, right = rect.x + px(8, s), rect.right - px(8, s)
        y = rect.y + px(6, s)
        self.header(surface, x, y, right, a, view, max(16, px(16, s)))
        y += self.row_h(max(16, px(16, s))) + px(2, s)
        self.text(surface, race_and_class(self, a, right - x), (x, y), "italic", theme.PARCHMENT_DARK, width=right - x)
        y += self.row_h()
        y = self.stats(surface, x, y, right, a)
        # The five slots as small squares, then the backpack's size.
        pack_w = self.chip_width(str(a["backpack_size"]))
        sq = min(self.square(), (right - x - pack_w - px(6, s) - 4 * px(3, s)) // 5)
        sx = x
        for slot in SLOTS:
            self.slot_square(surface, pygame.Rect(sx, y + px(2, s), sq, sq), slot, a["slots"].get(slot), a)
            sx += sq + px(3, s)
        sx += px(6, s)
        self.chip(surface, sx, y + px(2, s) + (sq - self.row_h()) // 2, STAT_ICONS["backpack"],
                  f"{a['backpack_size']}", theme.PARCHMENT, ("backpack", str(a["seat"])))
        y += self.square() + px(4, s)
        self.extras(surface, x, y, right, a, small=True)

    def frame(self, surface: pygame.Surface, rect: pygame.Rect, a: AdventurerView) -> None:
        """The card's dark ground and its edge: gold while the game waits for this seat, red
        while it is Stunned."""
        s = self.s
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (20, 14, 10, 150), layer.get_rect(), border_radius=px(10, s))
        surface.blit(layer, rect)
        border = theme.GOLD if self.t.acting == a["seat"] else (theme.DANGER if a["stunned"] else theme.WALNUT_LIGHT)
        pygame.draw.rect(surface, border, rect, width=2, border_radius=px(10, s))
        self.t.places[f"seat:{a['seat']}"] = rect

    def header(self, surface: pygame.Surface, x: int, y: int, right: int, a: AdventurerView, view: BLView,
               size: int) -> None:
        """Name, the Buck token on the Dealer, Stunned, and the Market's progress."""
        s = self.s
        tags: list[tuple[str, Colour]] = []
        if a["stunned"]:
            tags.append(("Stunned", LOSS_RED))
        if view["part"] == "market":
            tags.append(("Done" if a["done"] else f"{a['actions_left']} act.", theme.PARCHMENT_DARK))
        tag_w = sum(self.a.font("bold", self.fs).size(t)[0] + px(8, s) for t, _ in tags)
        token = px(20, s) if a["seat"] == view["dealer"] else 0
        name_rect = self.text(surface, a["name"], (x, y), "heading", theme.GOLD_LIGHT if a["seat"] == view["seat"]
                              else theme.PARCHMENT, size, max(20, right - x - tag_w - token - px(6, s)))
        tx = name_rect.right + px(6, s)
        if token:
            centre = (tx + token // 2, name_rect.centery)
            pygame.draw.circle(surface, theme.GOLD, centre, token // 2)
            pygame.draw.circle(surface, theme.INK, centre, token // 2, 1)
            icon = self.a.icon(STAT_ICONS["buck"], int(token * 0.7), theme.INK)
            surface.blit(icon, icon.get_rect(center=centre))
            self.t.hits.append((pygame.Rect(tx, name_rect.y, token, token), ("buck", str(a["seat"]))))
            tx += token + px(6, s)
        for text, colour in tags:
            tx = self.text(surface, text, (tx, y + (name_rect.height - self.row_h()) // 2), "bold", colour).right \
                + px(8, s)

    def stats(self, surface: pygame.Surface, x: int, y: int, right: int, a: AdventurerView) -> int:
        """The record's values as icon chips, in rows as wide as ``right`` allows (at most two;
        the four combat values, then Mana, Tesla and Gold, when one row cannot hold them all);
        the y after them."""
        s = self.s
        seat = str(a["seat"])
        chips: list[tuple[str, str, Target]] = [
            ("strength", str(a["strength"]), ("strength", seat)),
            ("protection", str(a["protection"]), ("stat", f"protection:{seat}")),
            ("rank", str(a["magic_rank"]), ("stat", f"rank:{seat}")),
            ("medals", str(a["medals"]), ("stat", f"medals:{seat}")),
            ("mana", f"{a['mana']}/{a['max_mana']}", ("stat", f"mana:{seat}")),
            ("tesla", f"{a['tesla']}/{a['max_tesla']}", ("stat", f"tesla:{seat}")),
            ("gold", str(a["gold"]), ("stat", f"gold:{seat}"))]

        def width(row: list[tuple[str, str, Target]], gap: int) -> int:
            return sum(self.chip_width(v) + gap for _, v, _ in row) - gap

        rows = [chips] if x + width(chips, px(9, s)) <= right else [chips[:4], chips[4:]]
        if len(rows) == 2 and x + width(rows[1], px(3, s)) > right:
            # Six cards across a small window (a game watched, every seat the computer's): Mana
            # and Tesla show what is left, not their maximum too (hover the card for it), so
            # that Gold stays inside the card.
            rows[1] = [(key, value.split("/")[0], target) for key, value, target in rows[1]]
        row_y = y
        for row in rows:
            cx = x
            gap = px(9, s) if x + width(row, px(9, s)) <= right else px(3, s)
            for key, value, target in row:
                colour = theme.GOLD_LIGHT if key in ("gold", "medals") else theme.PARCHMENT
                before = cx
                cx = self.chip(surface, cx, row_y, STAT_ICONS[key], value, colour, gap=gap)
                self.t.hits.append((pygame.Rect(before, row_y, cx - before, self.row_h()), target))
            row_y += self.row_h()
        return row_y

    def slot_square(self, surface: pygame.Surface, r: pygame.Rect, slot: str, card: str | None,
                    a: AdventurerView) -> None:
        s = self.s
        if card is None:
            pygame.draw.rect(surface, theme.FELT_DARK, r, border_radius=px(4, s))
            pygame.draw.rect(surface, theme.WALNUT_LIGHT, r, 1, border_radius=px(4, s))
            icon = self.a.icon(SLOT_ICONS[slot], int(r.width * 0.75), theme.MUTED)
            surface.blit(icon, icon.get_rect(center=r.center))
            self.t.hits.append((r, ("slot", f"{a['seat']}:{slot}")))
            return
        gear = self.content.gear(card)
        pygame.draw.rect(surface, DECK_COLOURS.get(gear.deck, theme.WALNUT), r, border_radius=px(4, s))
        icon = self.a.icon(card_icon(gear), int(r.width * 0.8), theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(center=r.center))
        self.marks(surface, r, card, a)
        self.t.mark(surface, r, ("card", card))

    def marks(self, surface: pygame.Surface, r: pygame.Rect, card: str, a: AdventurerView) -> None:
        """A coated weapon's drop and a transmuted item's second edge."""
        s = self.s
        if card in a["coatings"]:
            pygame.draw.circle(surface, (120, 200, 120), (r.right - px(4, s), r.y + px(4, s)), max(3, px(4, s)))
            pygame.draw.circle(surface, theme.INK, (r.right - px(4, s), r.y + px(4, s)), max(3, px(4, s)), 1)
        if card in a["transmuted"]:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, r.inflate(-2, -2), 2, border_radius=px(4, s))
            pygame.draw.circle(surface, theme.GOLD_LIGHT, (r.x + px(4, s), r.y + px(4, s)), max(3, px(4, s)))

    def extras(self, surface: pygame.Surface, x: int, y: int, right: int, a: AdventurerView, small: bool) -> None:
        """The Distance Deck (a mini pile: defeated cards upright, the others across) with its
        counters, then the Gifts and Curses attached and the Dungeon cards in front."""
        s = self.s
        content = self.content
        h = self.row_h()
        deck = a["distance_deck"]
        start = x
        w_up, h_up = max(6, px(8, s)), h - px(4, s)
        for card in deck[-8:] if small else deck[-12:]:
            counter = content.dungeon_card(card).counter
            upright = card in a["defeated"]
            r = pygame.Rect(x, y + px(2, s), w_up, h_up) if upright else pygame.Rect(x, y + h // 2 - w_up // 2 + 1,
                                                                                      h_up, w_up)
            pygame.draw.rect(surface, COUNTER_COLOURS.get(counter, theme.MUTED), r, border_radius=2)
            pygame.draw.rect(surface, theme.INK, r, 1, border_radius=2)
            x = r.right + px(2, s)
        x += px(4, s) if deck else 0
        x = self.chip(surface, x, y, STAT_ICONS["distance"], str(a["distance"]), COUNTER_COLOURS["distance"])
        x = self.chip(surface, x, y, STAT_ICONS["trophy"], str(a["trophies"]), COUNTER_COLOURS["trophy"])
        self.t.hits.append((pygame.Rect(start, y, x - start, h), ("ddeck", str(a["seat"]))))
        for card in a["attached"] + a["in_front"]:
            definition = content.card(card)
            colour = KIND_COLOURS.get(definition.kind, DECK_COLOURS["dungeon"])
            if small:
                r = pygame.Rect(x, y + px(1, s), h, h - px(2, s))
                if r.right > right:
                    break
                pygame.draw.rect(surface, colour, r, border_radius=px(4, s))
                icon = self.a.icon(card_icon(definition), int(r.height * 0.8), theme.PARCHMENT)
                surface.blit(icon, icon.get_rect(center=r.center))
            else:
                label = self.a.fit(definition.name, "bold", self.fs, px(120, s))
                r = pygame.Rect(x, y, self.a.font("bold", self.fs).size(label)[0] + h + px(8, s), h)
                if r.right > right:
                    break
                pygame.draw.rect(surface, colour, r, border_radius=px(5, s))
                icon = self.a.icon(card_icon(definition), int(h * 0.75), theme.PARCHMENT)
                surface.blit(icon, icon.get_rect(midleft=(r.x + px(3, s), r.centery)))
                self.text(surface, label, (r.x + h + px(2, s), r.y - px(1, s)), "bold", theme.PARCHMENT)
            if card in a["in_front"]:
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, r, 1, border_radius=px(4, s))
            self.t.mark(surface, r, ("card", card))
            x = r.right + px(4, s)

    # -- the seat at the screen -------------------------------------------------------------------------

    def own_card(self, surface: pygame.Surface, rect: pygame.Rect, view: BLView, a: AdventurerView) -> None:
        """The seat's own stat card: the record in one row where it fits, the slots as tiles."""
        s = self.s
        self.frame(surface, rect, a)
        x, right = rect.x + px(8, s), rect.right - px(8, s)
        y = rect.y + px(6, s)
        head = max(16, px(18, s))
        seat: Target = ("seat", str(a["seat"]))
        self.t.mark(surface, pygame.Rect(rect.x, rect.y, rect.width, self.row_h(head) + px(6, s)), seat,
                    outline=seat in self.t.lit)
        words = race_and_class(self, a)
        race_w = min((right - x) // 2, self.a.font("italic", self.fs).size(words)[0])
        self.header(surface, x, y, right - race_w - px(8, s), a, view, head)
        self.text(surface, words, (right, y + px(2, s)), "italic", theme.PARCHMENT_DARK, width=race_w,
                  anchor="topright")
        y += self.row_h(head) + px(2, s)
        y = self.stats(surface, x, y, right, a) + px(4, s)
        gap = px(5, s)
        tile_w = (right - x - 4 * gap) // 5
        for k, slot in enumerate(SLOTS):
            r = pygame.Rect(x + k * (tile_w + gap), y, tile_w, self.tile_height())
            self.slot_tile(surface, r, slot, a["slots"].get(slot), a)
        y += self.tile_height() + px(6, s)
        self.extras(surface, x, y, right, a, small=False)

    def tile_name(self, name: str, width: int) -> list[str]:
        """An equipped card's name on a tile: whole on up to two lines, else its second line
        cut with "…" (hover the tile for the whole card)."""
        lines = self.a.wrap(name, "bold", self.fs, width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [self.a.fit(line, "bold", self.fs, width) for line in lines]

    def slot_tile(self, surface: pygame.Surface, r: pygame.Rect, slot: str, card: str | None,
                  a: AdventurerView) -> None:
        """A slot of the seat's own card: empty (its name and icon, dim), or the card's deck
        colour with the slot and the card's value in its band and the card's name under it."""
        s = self.s
        row = self.row_h()
        if card is None:
            pygame.draw.rect(surface, theme.FELT_DARK, r, border_radius=px(6, s))
            pygame.draw.rect(surface, theme.WALNUT_LIGHT, r, 1, border_radius=px(6, s))
            self.text(surface, SLOT_NAMES[slot], (r.centerx, r.y + px(2, s)), "body", theme.MUTED,
                      width=r.width - px(4, s), anchor="midtop")
            icon = self.a.icon(SLOT_ICONS[slot], min(px(28, s), r.height - row - px(8, s)), theme.MUTED)
            surface.blit(icon, icon.get_rect(center=(r.centerx, (r.y + row + r.bottom) // 2)))
            self.t.hits.append((r, ("slot", f"{a['seat']}:{slot}")))
            return
        gear = self.content.gear(card)
        colour = DECK_COLOURS.get(gear.deck, theme.WALNUT)
        pygame.draw.rect(surface, colour, r, border_radius=px(6, s))
        inner = r.inflate(-px(4, s), -px(4, s))
        band = pygame.Rect(inner.x, inner.y, inner.width, row)
        body = pygame.Rect(inner.x, band.bottom, inner.width, inner.bottom - band.bottom)
        pygame.draw.rect(surface, theme.PARCHMENT, body, border_bottom_left_radius=px(5, s),
                         border_bottom_right_radius=px(5, s))
        value = f"{gear.cs:+d}" if gear.cs else (f"P{gear.protection}" if gear.protection else "")
        value_w = self.a.font("bold", self.fs).size(value)[0] + px(4, s) if value else 0
        name = self.a.first_fitting((SLOT_NAMES[slot], SHORT_SLOT_NAMES[slot]), "body", self.fs,
                                    band.width - px(4, s) - value_w)
        name_w = self.a.font("body", self.fs).size(name)[0]
        icon_w = row if row + name_w + px(4, s) + value_w <= band.width else 0  # the icon gives way to the name
        if icon_w:
            icon = self.a.icon(card_icon(gear), row - px(2, s), theme.PARCHMENT)
            surface.blit(icon, (band.x + px(2, s), band.y + px(1, s)))
        self.text(surface, name, (band.x + icon_w + px(2, s), band.y - px(1, s)), "body", theme.PARCHMENT,
                  width=band.width - icon_w - px(4, s) - value_w)
        if value:
            self.text(surface, value, (band.right - px(2, s), band.y - px(1, s)), "bold", theme.GOLD_LIGHT,
                      anchor="topright")
        lines = self.tile_name(gear.name, body.width - px(4, s))
        y = body.centery - len(lines) * row // 2
        for line in lines:
            self.text(surface, line, (body.centerx, y), "bold", theme.INK, anchor="midtop")
            y += row
        self.marks(surface, r, card, a)
        self.t.mark(surface, r, ("card", card))

    def fan(self, surface: pygame.Surface, fan: pygame.Rect, a: AdventurerView) -> None:
        """The backpack as a fan of cards (overlapping when they must; the one under the
        pointer lifts and comes to the front), its counts over it."""
        s = self.s
        pack = a["backpack"] or []
        cw, ch = self.card_size()
        large = sum(1 for c in pack if self.content.gear(c).large)
        label = f"Backpack {len(pack)}/{a['backpack_limit']} · Large {large}/{a['large_limit']}"
        if a["peeked"]:
            label += f" · next Dungeon card: {self.content.card(a['peeked']).name}"
        self.text(surface, label, (fan.x, fan.y), "bold", theme.PARCHMENT, width=fan.width)
        self.t.places["fan"] = fan
        base_y = fan.bottom - ch - px(4, s)
        if not pack:
            self.text(surface, "Your backpack is empty.", (fan.centerx, base_y + ch // 2), "italic",
                      theme.PARCHMENT_DARK, anchor="center")
            return
        row = pygame.Rect(fan.x, fan.y, fan.width, base_y + ch - fan.y)
        cards = fan_places(pack, row, (cw, ch), px(6, s), self.t.hover, self.t.selected, (px(14, s), px(12, s)))
        for r, card in cards:
            target: Target = ("card", card)
            surface.blit(self.t.face_image(card, (cw, ch)), r)
            if self.t.decision is not None and target not in self.t.lit and target in self.t.blocked:
                self.dim(surface, r)
            self.t.mark(surface, r, target)
