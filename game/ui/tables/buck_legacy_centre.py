"""The middle of the Buck: Legacy table (issue 13, item 5): at the left the Zone card with the
party's Distance toward its Boss, turning into the Boss with its HP (BL-079, BL-166); beside it
what the game is about now: the shop (face down under the Blind shop option, A-02), the
Dungeon cards in play, the cards a question offers (a Race, a Zone, a Treasure), or the fight
(buck_legacy_fight.py); the dice tray at the right while dice are on the table; the decks and
discard piles along the bottom."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.decision import Decision, Target
from game.rulesets.buck_legacy.view_types import BLView
from game.ui import theme
from game.ui.tables.buck_legacy_cards import BOSS_KEY, DECK_COLOURS, BuckDice
from game.ui.tables.buck_legacy_fight import CompareWindow, tray_rows
from game.ui.tables.buck_legacy_layout import COUNTER_COLOURS, HAND_CARD, LOSS_RED, Panel
from game.ui.theme import px

if TYPE_CHECKING:
    from game.ui.tables.buck_legacy import BuckLegacyTable

PARTS = {"setup": "Setup", "market": "Market Part", "exploration": "Exploration Phase", "combat": "Combat Phase",
         "boss": "Boss Combat Phase", "over": "Game over"}
DECK_NAMES = {"items": "Items", "dungeon": "Dungeon", "treasure": "Treasure"}
"""The decks as the table names them (and as ``view["decks"]`` keys them)."""


def shown(view: BLView, decision: Decision | None, offered: list[str]) -> tuple[object, ...]:
    """Everything the middle of the table draws from (what is lit or hovered aside): it is
    painted again only when this changes."""
    adventurers = tuple((a["name"], a["in_front"], a["supported"], a["support_received"]) for a in view["adventurers"])
    blocked = frozenset(b.target for b in decision.blocked if b.target) if decision is not None else frozenset()
    prompt = decision.prompt if decision is not None and offered else ""
    return (view["zone"], view["boss_up"], view["boss_hp"], view["distance_total"], view["bosses_defeated"],
            view["target"], view["decks"], view["discards"], view["adventure"], view["fight"], view["check"],
            view["part"], view["shop"], view["shop_size"], view["blind_shop"], adventurers, tuple(offered), prompt,
            blocked)


def offered_cards(view: BLView, decision: Decision | None) -> list[str]:
    """Cards a question offers that are nowhere else on the table (a Race, a Zone, a Treasure)."""
    if decision is None:
        return []
    on_table: set[str] = set(view["shop"]) | {view["zone"]}
    for a in view["adventurers"]:
        on_table |= set(a["slots"].values()) | set(a["attached"]) | set(a["in_front"]) | set(a["backpack"] or ())
    fight = view["fight"]
    if fight:
        on_table.add(fight["monster"])
    out: list[str] = []
    for option in decision.options:
        if option.target and option.target[0] == "card" and option.target[1] not in on_table \
                and option.target[1] not in out:
            out.append(option.target[1])
    return out


class Centre(Panel):
    """The middle band of the table; the fight in it is the compare window's."""

    def __init__(self, table: "BuckLegacyTable") -> None:
        super().__init__(table)
        self.fight = CompareWindow(table)

    def decks_height(self) -> int:
        return self.row_h() + px(4, self.s)

    def zone_rect(self, area: pygame.Rect) -> pygame.Rect:
        """The Zone card at the top left, as large as a backpack card where the room allows."""
        cw, ch = self.card_size()
        room_h = area.height - self.decks_height()
        zh = min(ch, room_h - 2 * self.row_h() - px(6, self.s))
        return pygame.Rect(area.x, area.y, int(zh * HAND_CARD[0] / HAND_CARD[1]), zh)

    def main_rect(self, area: pygame.Rect) -> pygame.Rect:
        """Beside the Zone column: the shop, the fight, the cards in play or offered."""
        zone = self.zone_rect(area)
        gap = px(16, self.s)
        return pygame.Rect(zone.right + gap, area.y, area.right - zone.right - gap, area.height - self.decks_height())

    def tray_rect(self, area: pygame.Rect, view: BLView, offered: list[str]) -> pygame.Rect | None:
        """The dice tray at the right of the middle while dice are on the table (and no cards are
        offered), else None."""
        if not (view["fight"] or view["check"]) or offered:
            return None
        main = self.main_rect(area)
        rows = tray_rows(self, view)
        dice = max(1, len(rows))
        width = min(px(40 + 105 * dice, self.s), px(300, self.s), main.width // 2)
        height = 2 * self.row_h() + px(58, self.s) + px(26, self.s)
        height += BuckDice.extra_height(self.a, [(row[2], row[3]) for row in rows], width, self.s)
        return pygame.Rect(main.right - width, main.y, width, min(main.height, height))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, view: BLView, decision: Decision | None,
             offered: list[str], tray: pygame.Rect | None) -> None:
        """Everything in the middle but the tray's dice (they tumble: the table draws them over
        this each frame)."""
        s = self.s
        zone = self.zone_rect(area)
        self.t.places["zone"] = zone
        self.draw_zone(surface, view, zone)
        self.draw_decks(surface, view, pygame.Rect(area.x, area.bottom - self.decks_height() + px(2, s), area.width,
                                                   self.decks_height()))
        main = self.main_rect(area)
        if tray is not None:
            main.width -= tray.width + px(8, s)
            self.fight.draw_tray_notes(surface, view, pygame.Rect(tray.x, tray.bottom + px(4, s), tray.width,
                                                                  main.bottom - tray.bottom - px(4, s)))
        if offered:
            prompt = decision.prompt if decision is not None else ""
            y = self.heading(surface, prompt or "Choose", main, theme.GOLD_LIGHT)
            room = pygame.Rect(main.x, y, main.width, main.bottom - y)
            self.card_row(surface, [(c, ("card", c), "") for c in offered], room, self.table_card(room.height),
                          captions=False)
        elif view["fight"]:
            self.fight.draw(surface, view, main)
        elif view["check"]:
            self.fight.draw_check(surface, view, main)
        elif view["part"] == "market":
            self.draw_shop(surface, view, main)
        elif view["part"] == "setup":
            self.text(surface, "The Adventurers are being made.", main.center, "italic", theme.PARCHMENT_DARK,
                      anchor="center")
        else:
            self.draw_in_play(surface, view, main)

    def draw_zone(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        """The Zone card (its Boss side once it has turned, BL-166) with a bar under it: the
        party's Distance toward the Boss (BL-079), or the Boss's HP (BL-176)."""
        s = self.s
        y = rect.bottom + px(4, s)
        if not view["zone"]:
            pygame.draw.rect(surface, theme.FELT_DARK, rect, border_radius=px(8, s))
            pygame.draw.rect(surface, DECK_COLOURS["zone"], rect, 2, border_radius=px(8, s))
            self.text(surface, "No Zone", rect.center, "italic", theme.PARCHMENT_DARK, anchor="center")
            self.t.hits.append((rect, ("zone", "")))
            self.text(surface, f"Bosses {view['bosses_defeated']}/{view['target']}", (rect.x, y), "bold",
                      width=rect.width + px(12, s))
            return
        zone = self.content.zones[view["zone"]]
        key = view["zone"] + BOSS_KEY if view["boss_up"] else view["zone"]
        surface.blit(self.t.face_image(key, rect.size), rect)
        self.t.mark(surface, rect, ("card", view["zone"]))
        width = rect.width + px(14, s)
        if view["boss_up"] and zone.boss is not None:
            now, most, colour = view["boss_hp"], zone.boss.hp, theme.DANGER
            self.text(surface, f"HP {now}/{most}", (rect.x, y), "bold", LOSS_RED, width=width)
        else:
            now, most, colour = view["distance_total"], zone.distance, COUNTER_COLOURS["distance"]
            self.text(surface, f"Distance {now}/{most}", (rect.x, y), "bold", width=width)
        bar = pygame.Rect(rect.x, y + self.row_h(), rect.width, px(8, s))
        pygame.draw.rect(surface, theme.INK, bar, border_radius=px(3, s))
        filled = bar.copy()
        filled.width = int(bar.width * min(1.0, now / max(1, most)))
        pygame.draw.rect(surface, colour, filled, border_radius=px(3, s))
        self.t.hits.append((pygame.Rect(rect.x, y, width, self.row_h() + px(10, s)), ("zone", "")))

    def draw_decks(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        s = self.s
        x = rect.x
        decks, discards = view["decks"], view["discards"]
        for deck, size, discarded in (("items", decks["items"], discards["items"]),
                                      ("dungeon", decks["dungeon"], discards["dungeon"]),
                                      ("treasure", decks["treasure"], discards["treasure"])):
            start = x
            r = pygame.Rect(x, rect.y + px(2, s), px(12, s), self.row_h() - px(4, s))
            pygame.draw.rect(surface, DECK_COLOURS[deck], r, border_radius=2)
            pygame.draw.rect(surface, theme.INK, r, 1, border_radius=2)
            x = r.right + px(5, s)
            x = self.text(surface, f"{DECK_NAMES[deck]} {size}", (x, rect.y), "bold").right + px(6, s)
            x = self.text(surface, f"discard {len(discarded)}", (x, rect.y), "body", theme.PARCHMENT_DARK).right
            self.t.hits.append((pygame.Rect(start, rect.y, x - start, self.row_h()), ("deck", deck)))
            x += px(22, s)
        info = f"Adventure {view['adventure']} · Bosses {view['bosses_defeated']}/{view['target']}"
        if x + self.a.font("italic", self.fs).size(info)[0] < rect.right:
            self.text(surface, info, (rect.right, rect.y), "italic", theme.PARCHMENT_DARK, anchor="topright")

    def card_row(self, surface: pygame.Surface, cards: list[tuple[str, Target, str]], rect: pygame.Rect,
                 size: tuple[int, int], captions: bool = True) -> None:
        """Card faces in a row (overlapping when they must), each marked as its target and
        shaded when its answer is blocked; an overlapped card is kept as a place ("raise:")
        so the table can bring it to the front under the pointer."""
        s = self.s
        if not cards:
            return
        cw, ch = size
        step = cw + px(8, s)
        if len(cards) > 1:
            step = min(step, (rect.width - cw) // (len(cards) - 1))
        for k, (card, target, caption) in enumerate(cards):
            r = pygame.Rect(rect.x + k * step, rect.y, cw, ch)
            surface.blit(self.t.face_image(card, size), r)
            if target in self.t.blocked and target not in self.t.lit:
                self.dim(surface, r)
            self.t.mark(surface, r, target)
            if step < cw:
                self.t.places[f"raise:{card}"] = r
            if captions and caption:
                self.text(surface, caption, (r.centerx, r.bottom + px(2, s)), "body", theme.PARCHMENT_DARK,
                          width=max(step, px(40, s)) - px(4, s), anchor="midtop")

    def draw_shop(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        blind = view["blind_shop"]
        y = self.heading(surface, "The shop" + (" (face down: Blind shop)" if blind else ""), rect)
        cards: list[tuple[str, Target, str]] = []
        for pos in range(1, view["shop_size"] + 1):
            if blind:
                cards.append((f"?{pos}", ("shop", str(pos)), f"#{pos}: ?"))
            else:
                card = view["shop"][pos - 1]
                cards.append((card, ("shop", str(pos)), f"#{pos}: {self.content.gear(card).cost} Gold"))
        room = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        self.card_row(surface, cards, room, self.table_card(room.height - self.row_h()))
        if not cards:
            self.text(surface, "The shop is empty.", room.center, "italic", theme.PARCHMENT_DARK, anchor="center")

    def draw_in_play(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        cards: list[tuple[str, Target, str]] = [(c, ("card", c), a["name"]) for a in view["adventurers"]
                                                for c in a["in_front"]]
        title = PARTS.get(view["part"], "")
        y = self.heading(surface, f"{title}: Dungeon cards in play" if cards else title, rect)
        if not cards:
            if view["zone"] and not view["boss_up"]:
                zone = self.content.zones[view["zone"]]
                text = f"Distance {view['distance_total']} of {zone.distance}: no Dungeon cards in play."
            else:
                text = "No Dungeon cards in play."
            self.text(surface, text, (rect.x, y), "italic", theme.PARCHMENT_DARK, width=rect.width)
            return
        room = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        self.card_row(surface, cards, room, self.table_card(room.height - self.row_h()))
