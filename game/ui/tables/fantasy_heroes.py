"""The Fantasy Heroes table (ART.md, The table): opponents across the top, the battle
line in the middle with the deck and discard pile, the prompt bar, and your territories
and hand (a fan) at the bottom. Options light what they point at; cards you cannot play
now are dimmed and say why on hover."""

from __future__ import annotations

from typing import Any, Iterator

import pygame

from game.core.decision import Decision, Target
from game.core.events import Event
from game.core.words import counted
from game.rulesets.fantasy_heroes.content import Content
from game.rulesets.fantasy_heroes.view_types import FHView, PlayerView, own_seat
from game.ui import theme
from game.ui.animation import Banner, FlyCard, NumberPop, Pulse
from game.ui.tables.base import Table
from game.ui.tables.fantasy_heroes_cards import TerritoryTiles, card_tooltip, face, ui_icon
from game.ui.theme import px

HAND_CARD = (120, 168)
TABLE_CARD = (86, 120)
MINI_BACK = (30, 42)
TILE = (60, 78)
ROLE = ("Attacker", "Defender")


NOT_NOW = {
    "attack": "first choose a territory to attack (or pass); cards are played in the battle that follows (FH-027).",
    "hero": "the attacker plays his hero first; other cards follow in the battle (FH-031).",
    "window": "this card is not one you may play in this battle window (FH-047); its text says when it can be.",
}
"""Why a hand card is dimmed at a question that is not about it (no Blocked entry names it)."""


class FantasyHeroesTable(Table[FHView]):
    results = frozenset({"battle_won"})
    emblem = "crossed-swords"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.tiles = TerritoryTiles(self.assets)
        self.places: dict[str, pygame.Rect] = {}
        self._visible: set[Target] = set()
        self._totals: dict[int, tuple[int, list[str]]] = {}
        self._faces_ahead: Iterator[tuple[str, tuple[int, int]]] = iter(())

    @property
    def content(self) -> Content:
        """The card data of the game on the table (its own rule system's, not a module copy)."""
        found: Content = getattr(self.scene.controller.session.game.system, "content")
        return found

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, area: pygame.Rect, scale: float) -> None:
        super().layout(area, scale)
        s = scale
        self.opponents_rect = pygame.Rect(area.x, area.y, area.width, px(150, s))
        self.battle_rect = pygame.Rect(area.x, self.opponents_rect.bottom, area.width, px(236, s))
        self._prompt_top = self.battle_rect.bottom + px(4, s)
        # Every card's face at the sizes of the hand and the battle, one per quiet frame: a face
        # is drawn the first time it is needed, and 2-3 ms of an arrival frame at 1920x1080 was
        # a newly drawn card's face.
        sizes = (self.size(HAND_CARD), self.size(TABLE_CARD))
        self._faces_ahead = ((card_id, size) for size in sizes for card_id in sorted(self.content.cards))

    def idle(self) -> None:
        ahead = next(self._faces_ahead, None)
        if ahead is not None:
            self.scene.renderer.face(face(self.content, ahead[0]), ahead[1])

    def prompt_rect(self, height: int) -> pygame.Rect:
        s = self.scale
        rect = pygame.Rect(self.area.x + px(8, s), self._prompt_top, self.area.width - px(16, s), height)
        self.own_rect = pygame.Rect(self.area.x, rect.bottom + px(4, s), self.area.width,
                                    self.area.bottom - rect.bottom - px(4, s))
        return rect

    def visible_targets(self) -> set[Target]:
        return self._visible

    def size(self, base: tuple[int, int]) -> tuple[int, int]:
        return px(base[0], self.scale), px(base[1], self.scale)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: FHView, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.hits = []
        self._visible = set()
        self.draw_felt(surface)
        self._lit, self._selected, self._hover = lit, selected, hover
        self._decision = decision
        blocked = {b.target: b for b in decision.blocked} if decision else {}
        self._blocked = blocked
        me = view["seat"]
        others = [p for p in view["players"] if p["seat"] != me]
        self._draw_opponents(surface, view, others)
        self._draw_battle(surface, view)
        if me is not None:
            self._draw_own(surface, view)
        else:
            self._draw_spectator_note(surface)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, target: Target) -> None:
        s = self.scale
        self.hits.append((rect, target))
        self._visible.add(target)
        if target in self._selected:
            pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(px(10, s), px(10, s)), width=px(4, s),
                             border_radius=px(10, s))
        elif target in self._lit:
            colour = theme.GOLD_LIGHT if target == self._hover else theme.GOLD
            pygame.draw.rect(surface, colour, rect.inflate(px(8, s), px(8, s)), width=px(3, s),
                             border_radius=px(9, s))

    def _dim(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (10, 8, 6, 130), shade.get_rect(), border_radius=px(8, self.scale))
        surface.blit(shade, rect)

    def _territory(self, surface: pygame.Surface, territory: str, rect: pygame.Rect) -> None:
        kind = self.content.territory_type(territory)
        surface.blit(self.tiles.tile(kind, rect.size), rect)
        self._glow(surface, rect, ("territory", territory))

    def _draw_opponents(self, surface: pygame.Surface, view: FHView, others: list[PlayerView]) -> None:
        s = self.scale
        a = self.assets
        if not others:
            return
        width = self.opponents_rect.width // len(others)
        reveals = {r["of"]: r["cards"] for r in view.get("reveals", [])}
        for i, player in enumerate(others):
            rect = pygame.Rect(self.opponents_rect.x + i * width + px(8, s), self.opponents_rect.y + px(8, s),
                               width - px(16, s), self.opponents_rect.height - px(12, s))
            self.places[f"seat:{player['seat']}"] = rect
            active = view["active"] == player["seat"] and view.get("winners") is None
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (0, 0, 0, 70), layer.get_rect(), border_radius=px(10, s))
            surface.blit(layer, rect)
            border = theme.GOLD if active else theme.WALNUT_LIGHT
            pygame.draw.rect(surface, border, rect, width=2, border_radius=px(10, s))
            name = player["name"] + ("  — out" if player["eliminated"] else "")
            colour = theme.MUTED if player["eliminated"] else theme.PARCHMENT
            label = a.text(name, "heading", px(18, s), colour)
            surface.blit(label, (rect.x + px(10, s), rect.y + px(6, s)))
            if active:
                marker = a.text("to play", "italic", px(15, s), theme.GOLD_LIGHT)
                surface.blit(marker, (rect.x + px(16, s) + label.get_width(), rect.y + px(9, s)))
            self.hits.append((label.get_rect(topleft=(rect.x + px(10, s), rect.y + px(6, s))),
                              ("seat", str(player["seat"]))))
            self._visible.add(("seat", str(player["seat"])))
            # Hand: backs with a count, or the cards Scrye revealed.
            hand_x = rect.x + px(10, s)
            hand_y = rect.y + px(34, s)
            revealed = reveals.get(player["seat"])
            back = self.scene.renderer.back(self.size(MINI_BACK), ui_icon("back", self.emblem))
            count = player["hand_count"]
            step = px(9, s)
            for k in range(min(count, 10)):
                surface.blit(back, (hand_x + k * step, hand_y))
            hand_rect = pygame.Rect(hand_x, hand_y, back.get_width() + step * max(0, min(count, 10) - 1),
                                    back.get_height())
            self.places[f"hand:{player['seat']}"] = hand_rect
            tag = a.text(f"{count} card{'s' if count != 1 else ''}", "body", px(15, s), theme.PARCHMENT)
            surface.blit(tag, (hand_x, hand_rect.bottom + px(2, s)))
            self.hits.append((hand_rect, ("hand", str(player["seat"]))))
            if revealed is not None:
                rx = hand_rect.right + px(12, s)
                small = self.size((44, 62))
                label = a.text("Scrye:", "italic", px(15, s), theme.GOLD_LIGHT)
                surface.blit(label, (rx, hand_y - px(2, s)))
                for k, card in enumerate(revealed[:8]):
                    r = pygame.Rect(rx + k * (small[0] + 3), hand_y + px(16, s), *small)
                    surface.blit(self.scene.renderer.face(face(self.content, card), small), r)
                    self.hits.append((r, ("card", card)))
            # Territories on the right of the panel, shrinking to fit.
            territories = player["territories"]
            if territories:
                avail = rect.right - px(10, s) - (rect.x + rect.width * 0.42)
                tw = int(min(px(TILE[0], s), (avail - 4 * len(territories)) / len(territories)))
                th = int(tw * TILE[1] / TILE[0])
                tx = rect.right - px(10, s) - len(territories) * (tw + 4)
                ty = rect.bottom - th - px(10, s)
                for k, territory in enumerate(territories):
                    self._territory(surface, territory, pygame.Rect(tx + k * (tw + 4), ty, tw, th))

    def _draw_battle(self, surface: pygame.Surface, view: FHView) -> None:
        s = self.scale
        a = self.assets
        area = self.battle_rect
        # Deck and discard pile at the left.
        card = self.size(TABLE_CARD)
        deck_rect = pygame.Rect(area.x + px(14, s), area.y + px(26, s), *card)
        discard_rect = deck_rect.move(0, 0)
        discard_rect.y = deck_rect.bottom - px(56, s) + px(64, s)
        discard_rect = pygame.Rect(deck_rect.right + px(12, s), deck_rect.y, *card)
        self.places["deck"], self.places["discard"] = deck_rect, discard_rect
        if view["deck_count"]:
            for k in range(min(3, view["deck_count"] // 10 + 1)):
                surface.blit(self.scene.renderer.back(card, ui_icon("back", self.emblem)),
                             deck_rect.move(-2 * k, -2 * k))
        else:
            pygame.draw.rect(surface, theme.FELT_DARK, deck_rect, border_radius=px(8, s))
        self.hits.append((deck_rect, ("deck", "")))
        label = a.text(f"Deck {view['deck_count']}", "bold", px(15, s), theme.PARCHMENT)
        surface.blit(label, label.get_rect(midtop=(deck_rect.centerx, deck_rect.bottom + 4)))
        if view["discard"]:
            top = view["discard"][-1]
            surface.blit(self.scene.renderer.face(face(self.content, top), card), discard_rect)
        else:
            pygame.draw.rect(surface, theme.FELT_DARK, discard_rect, border_radius=px(8, s))
        self.hits.append((discard_rect, ("discard", "")))
        label = a.text(f"Discard {len(view['discard'])}", "bold", px(15, s), theme.PARCHMENT)
        surface.blit(label, label.get_rect(midtop=(discard_rect.centerx, discard_rect.bottom + 4)))
        field = pygame.Rect(discard_rect.right + px(20, s), area.y + px(4, s),
                            area.right - discard_rect.right - px(28, s), area.height - px(8, s))
        self.places["field"] = field
        battle = view.get("battle")
        self._totals = {}
        if not battle:
            msg = "No battle in progress."
            if view.get("walls"):
                names = ", ".join(view["players"][w]["name"] for w in view["walls"])
                msg += f" Wall of Fire: {names} cannot be attacked this turn."
            label = a.text(msg, "italic", px(17, s), theme.PARCHMENT_DARK)
            surface.blit(label, label.get_rect(center=field.center))
            return
        half = field.width // 2
        centre_w = px(92, s)
        for index in (0, 1):
            side = battle["sides"][index]
            x0 = field.x + (0 if index == 0 else half + centre_w // 2)
            side_rect = pygame.Rect(x0, field.y, half - centre_w // 2, field.height)
            self.places[f"side:{index}"] = side_rect
            total, lines = battle["totals"][index], battle["total_lines"][index]
            name = view["players"][side["seat"]]["name"]
            owner_turn = battle["window_owner"] == index and not battle["play_ended"]
            head_colour = theme.GOLD_LIGHT if owner_turn else theme.PARCHMENT
            head = a.text(f"{ROLE[index]}: {name}", "heading", px(17, s), head_colour)
            surface.blit(head, (side_rect.x + px(4, s), side_rect.y + px(2, s)))
            total_label = a.text(str(total), "title", px(34, s), theme.GOLD_LIGHT)
            total_rect = total_label.get_rect(topright=(side_rect.right - px(6, s), side_rect.y - px(2, s)))
            surface.blit(total_label, total_rect)
            self.hits.append((total_rect, ("total", str(index))))
            self._totals[index] = (total, [f"{line['label']}: {line['amount']:+d}" for line in lines
                                           if line["amount"]])
            level = battle["spell_levels"][index]
            info = a.text(f"Spells {side['spells_cast']}/{level}", "body", px(15, s), theme.PARCHMENT_DARK)
            surface.blit(info, (side_rect.x + px(4, s), side_rect.y + px(24, s)))
            cards = ([side["hero"]] if side["hero"] else []) + side["minions"] + \
                ([side["artifact"]] if side["artifact"] else []) + side["spells"]
            if cards:
                cw = card[0]
                step = min(cw + px(6, s), (side_rect.width - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else cw
                y = side_rect.y + px(48, s)
                for k, card_id in enumerate(cards):
                    r = pygame.Rect(side_rect.x + k * step, y, *card)
                    surface.blit(self.scene.renderer.face(face(self.content, card_id), card), r)
                    value = sum(line["amount"] for line in lines if line["card"] == card_id)
                    if card_id in battle["negated"]:
                        pygame.draw.line(surface, theme.DANGER, r.topleft, r.bottomright, px(4, s))
                        pygame.draw.line(surface, theme.DANGER, r.topright, r.bottomleft, px(4, s))
                    self._badge(surface, r, value)
                    self._glow(surface, r, ("card", card_id))
        # The territory at stake, in the middle.
        mid = pygame.Rect(0, 0, px(70, s), px(92, s))
        mid.center = (field.x + half, field.y + field.height // 2)
        self._territory(surface, battle["territory"], mid)
        vs = a.text("at stake", "italic", px(15, s), theme.PARCHMENT)
        surface.blit(vs, vs.get_rect(midtop=(mid.centerx, mid.bottom + 4)))

    def _badge(self, surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
        s = self.scale
        centre = (rect.right - px(10, s), rect.bottom - px(10, s))
        pygame.draw.circle(surface, theme.GOLD, centre, px(13, s))
        pygame.draw.circle(surface, theme.INK, centre, px(13, s), 2)
        label = self.assets.text(str(value), "heading", px(16, s), theme.INK)
        surface.blit(label, label.get_rect(center=centre))

    def _draw_own(self, surface: pygame.Surface, view: FHView) -> None:
        s = self.scale
        a = self.assets
        own = self.own_rect
        me = view["players"][own_seat(view)]
        # Territories: a grid at the left.
        tw, th = px(TILE[0], s), px(TILE[1], s)
        cols = 4
        label = a.text(f"{me['name']} — {len(me['territories'])} territories", "heading", px(16, s),
                       theme.GOLD_LIGHT if view["active"] == view["seat"] else theme.PARCHMENT)
        surface.blit(label, (own.x + px(12, s), own.y + px(4, s)))
        for k, territory in enumerate(me["territories"]):
            r = pygame.Rect(own.x + px(12, s) + (k % cols) * (tw + 4),
                            own.y + px(28, s) + (k // cols) * (th + 4), tw, th)
            if k // cols < 2:
                self._territory(surface, territory, r)
        grid_right = own.x + px(12, s) + cols * (tw + 4) + px(16, s)
        # The hand: a fan across the rest of the area.
        hand = view["hand"] or []
        cw, ch = self.size(HAND_CARD)
        fan = pygame.Rect(grid_right, own.y, own.right - grid_right - px(12, s), own.height)
        self.places[f"hand:{view['seat']}"] = pygame.Rect(fan.x, own.bottom - ch, fan.width, ch)
        if not hand:
            label = a.text("Your hand is empty.", "italic", px(17, s), theme.PARCHMENT_DARK)
            surface.blit(label, label.get_rect(center=fan.center))
            return
        step = min(cw + px(8, s), (fan.width - cw) / max(1, len(hand) - 1)) if len(hand) > 1 else cw
        total_w = cw + step * (len(hand) - 1)
        x0 = fan.x  # from the left, not centred: after a play the cards before it stay where they were

        base_y = own.bottom - ch - px(10, s)
        hovered = None
        rects = []
        for k, card_id in enumerate(hand):
            target = ("card", card_id)
            lift = px(14, s) if target in self._selected else 0
            if target == self._hover:
                lift = px(26, s)
                hovered = card_id
            r = pygame.Rect(int(x0 + k * step), base_y - lift, cw, ch)
            rects.append((r, card_id))
        for r, card_id in rects:
            target = ("card", card_id)
            surface.blit(self.scene.renderer.face(face(self.content, card_id), (cw, ch)), r)
            if self._decision is not None and target not in self._lit and (
                    target in self._blocked or self._decision.kind in ("window", "attack", "hero")):
                self._dim(surface, r)
            self._glow(surface, r, target)
        self.places["hand_cards"] = pygame.Rect(int(x0), base_y, int(total_w), ch)
        if hovered is not None:
            big = self.size((240, 336))
            preview = pygame.Rect(0, 0, *big)
            # Over the viewer's own side of a battle (he knows his cards; the other side stays in sight).
            battle = view.get("battle")
            if battle and battle["sides"][0]["seat"] == view["seat"]:
                preview.bottomleft = (self.battle_rect.x + px(8, s), self.battle_rect.bottom - px(2, s))
            else:
                preview.bottomright = (self.battle_rect.right - px(8, s), self.battle_rect.bottom - px(2, s))
            surface.blit(self.scene.renderer.face(face(self.content, hovered), big), preview)

    def _draw_spectator_note(self, surface: pygame.Surface) -> None:
        label = self.assets.text("Watching: every seat is played by the computer.", "italic", px(18, self.scale),
                                 theme.PARCHMENT_DARK)
        surface.blit(label, label.get_rect(center=self.own_rect.center))

    # -- words ----------------------------------------------------------------------------------

    def turn_label(self, view: FHView) -> str:
        if view.get("winners") is not None:
            return "Game over"
        active = view["players"][view["active"]]["name"]
        phase = {"draw": "Draw Phase", "attack": "Attack Phase"}.get(view["phase"], view["phase"].capitalize())
        return f"Fantasy Heroes · Turn {view['turn']} · {active}'s {phase}"

    def tooltip(self, target: Target, view: FHView, decision: Decision | None) -> str | None:
        kind, ident = target
        if kind == "card":
            text = card_tooltip(self.content, ident)
            if decision is not None:
                blocked = self._blocked.get(target)
                if blocked is not None:
                    return f"{text}\nNot now: {blocked.reason} ({blocked.rule})"
                options = [o for o in decision.options if o.target == target]
                if options:
                    return f"{text}\nClick: {options[0].label}"
                if decision.kind in NOT_NOW and ident in (view["hand"] or ()):
                    # a hand card dimmed, though no rule forbids it: say why (a card in the battle
                    # or a discard pile is not the viewer's to play at all)
                    return f"{text}\nNot now: {NOT_NOW[decision.kind]}"
            return text
        if kind == "territory":
            owner = next((p["name"] for p in view["players"] if ident in p["territories"]), "nobody")
            tip = f"{self.content.territory_type(ident)}, held by {owner}."
            if decision is not None:
                options = [o for o in decision.options if o.target == target]
                if options:
                    tip += f" Click: {options[0].label}."
                blocked = self._blocked.get(target)
                if blocked is not None:
                    tip += f" {blocked.reason} ({blocked.rule})"
            return tip
        if kind == "total":
            value, lines = self._totals.get(int(ident), (0, []))
            return f"Total {value}: " + "; ".join(lines) if lines else f"Total {value}."
        if kind == "deck":
            return f"Battle deck: {counted(view['deck_count'], 'card')}. When it runs out the discard pile is shuffled in" + (
                "; in the short game, the game ends." if view.get("short_game") else ".")
        if kind == "discard":
            top = ", ".join(self.content.name(c) for c in view["discard"][-6:][::-1])
            return f"Discard pile, face up ({len(view['discard'])}). Latest: {top or 'none'}."
        if kind == "hand":
            player = view["players"][int(ident)]
            return f"{player['name']} holds {counted(player['hand_count'], 'card')}."
        if kind == "seat":
            player = view["players"][int(ident)]
            return (f"{player['name']}: {counted(len(player['territories']), 'territory', 'territories')}, "
                    f"{counted(player['hand_count'], 'card')}.")
        return None

    # -- motion ---------------------------------------------------------------------------------

    def animate(self, event: Event, view: FHView) -> None:
        queue = self.scene.animations
        s = self.scale
        centre = self.battle_rect.center
        kind = event.kind
        if kind == "turn":
            queue.add(Banner(event.headline, centre, 0.9))
        elif kind == "attack":
            queue.add(Banner(event.headline, centre, 0.8))
        elif kind == "play":
            card_id = event.data["card"]
            start = self.places.get(f"hand:{event.data['seat']}", self.battle_rect)
            end = self.places.get(f"side:{event.data['side']}", self.battle_rect)
            size = self.size(TABLE_CARD)
            image = self.scene.renderer.face(face(self.content, card_id), size)
            target = pygame.Rect(end.x + px(8, s), end.y + px(48, s), *size)
            queue.add(FlyCard(image, pygame.Rect(start.x, start.y, *size), target, 0.35))
        elif kind == "draw" and event.data.get("count"):
            start = self.places.get("deck", self.battle_rect)
            end = self.places.get(f"hand:{event.data['seat']}", self.battle_rect)
            back = self.scene.renderer.back(start.size, ui_icon("back", self.emblem))
            flights = [FlyCard(back, start, pygame.Rect(end.centerx - start.width // 2, end.y, *start.size), 0.3,
                               delay=0.08 * k) for k in range(min(3, event.data["count"]))]
            queue.add(*flights)
        elif kind in ("destroy", "discard") and "discard" in self.places:
            queue.add(Pulse(self.places["discard"], theme.DANGER if kind == "destroy" else theme.GOLD, 0.35))
        elif kind == "negate":
            queue.add(Pulse(self.places.get("field", self.battle_rect), theme.DANGER, 0.45))
        elif kind == "totals":
            side = self.places.get(f"side:{event.data['side']}")
            if side is not None:
                queue.add(NumberPop(str(event.data["value"]), (side.right - px(40, s), side.y + px(20, s))))
        elif kind == "battle_won":
            queue.add(Banner(event.headline, centre, 1.1))
        elif kind == "eliminated":
            queue.add(Banner(event.headline, centre, 1.2, theme.PARCHMENT_DARK))
        elif kind == "game_over":
            queue.add(Banner(event.headline, centre, 1.4))


TABLE = FantasyHeroesTable
