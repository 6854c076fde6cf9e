"""The Buck: Legacy table (ART.md, The table; issue 13 item 5).

Across the top, the other Adventurers' stat cards, condensed (buck_legacy_seats.py); in the
middle the Zone card turning into its Boss, the shop, the Dungeon cards in play or the fight
with its compare window, the dice tray and the decks (buck_legacy_centre.py,
buck_legacy_fight.py); at the bottom, under the prompt bar, the seat at the screen: its own
stat card with the slots as tiles, and its backpack as a fan (the others' backpacks are a count
only: the table draws from the seat's view, so no other seat's backpack can be drawn, BL-073).

Every band is a cached layer (tables/layers.py), painted again only when the view, the
question or what is lit in it changes, so a frame in which only the pointer moves costs a few
blits: the hover rings, the enlarged card and the tumbling dice are drawn over the layers.

Options that point at things (("card", id), ("seat", n), ("shop", pos), ("die", name)) light
those things, and a click on one answers (several answers on one card: a short list). Hover
any card for the whole card, enlarged, and its printed fields in words (buck_legacy_words.py).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.core.decision import Blocked, Decision, Option, Target
from game.core.events import Event
from game.core.words import listed
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView
from game.ui import theme
from game.ui.animation import Banner, NumberPop, Pulse
from game.ui.tables.buck_legacy_cards import BOSS_KEY, BuckDice, face
from game.ui.tables.buck_legacy_centre import PARTS, Centre, offered_cards, shown
from game.ui.tables.buck_legacy_fight import DIE_TITLES, tray_rows
from game.ui.tables.bands import LAYER_MARGIN, BandedTable
from game.ui.tables.buck_legacy_layout import PREVIEW
from game.ui.tables.buck_legacy_seats import SeatCards
from game.ui.tables.buck_legacy_words import words_for
from game.ui.theme import px

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
MINOR = ("stat", "strength", "slot", "backpack", "ddeck", "buck")
"""Things on a stat card that give way to the card itself when it is lit."""


class BuckLegacyTable(BandedTable[BLView]):
    emblem = "horseshoe"
    results = frozenset({"win", "stun", "boss_hit", "boss_defeated"})
    group_order = ORDER
    bench_seats = (6,)  # six stat cards across the top (issue 13: the frame time with 6 seats)

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.seats = SeatCards(self)
        self.centre = Centre(self)
        self.tray = BuckDice(pygame.Rect(0, 0, 10, 10), self.content.dice)
        self._tray_targets: list[str] = []
        self._roll_key: Any = None
        self.blocked: dict[Target, Blocked] = {}
        self.decision: Decision | None = None

    @property
    def content(self) -> BLContent:
        """The game's own content (its rule system's, not a module copy)."""
        found: BLContent = getattr(self.scene.controller.session.game.system, "content")
        return found

    # -- layout ---------------------------------------------------------------------------------

    def band_heights(self) -> tuple[int, int]:
        return self.seats.opponent_height(), self.seats.own_height()

    # -- hits -----------------------------------------------------------------------------------------

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost thing under ``pos``; but a value on a stat card gives way to the card when
        the card is lit (a click anywhere on a lit Adventurer answers; a card on it stays a card)."""
        under = [t for rect, t in reversed(self.hits) if rect.collidepoint(pos)]
        if under and under[0] not in self.lit and under[0][0] in MINOR:
            lit = [t for t in under if t in self.lit]
            if lit:
                return lit[0]
        return under[0] if under else None

    def face_image(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """A card's face at ``size`` (a Zone's Boss side: ``<zone>#boss``; "?n": a face-down card)."""
        if card.startswith("?"):
            return self.scene.renderer.back(size, self.emblem)
        return self.scene.renderer.face(face(self.content, self.assets, card, size), size)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: BLView, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.begin(lit, selected, hover)
        self.decision = decision
        self.blocked = {b.target: b for b in decision.blocked if b.target} if decision else {}
        pending = decision or self.scene.controller.decision()
        self.acting = pending.seat if pending is not None else None  # whose answer the game waits for
        self.draw_felt(surface)
        me = view["seat"]
        others = [a for a in view["adventurers"] if a["seat"] != me]
        # Each stat card, the middle and the fan are layers of their own, painted again only when
        # what they show changes: a move touches one or two of them.
        margin = px(LAYER_MARGIN, self.scale)
        for a, rect in zip(others, self.seats.opponent_rects(self.opponents_rect, len(others))):
            self.layered(surface, f"seat:{a['seat']}", rect, self._seat_key(view, a), partial(self.seats.condensed,
                         view=view, a=a), hover_inside=False, margin=margin)
        offered = offered_cards(view, decision)
        tray = self.centre.tray_rect(self.centre_rect, view, offered)
        self.layered(surface, "centre", self.centre_rect, shown(view, decision, offered),
                     lambda layer, r: self.centre.draw(layer, r, view, decision, offered,
                                                       tray.move(r.x - self.centre_rect.x, r.y - self.centre_rect.y)
                                                       if tray is not None else None),
                     hover_inside=False, margin=margin)
        self._raise_hovered(surface, view)
        self._draw_tray(surface, view, tray)
        if me is not None:
            a = view["adventurers"][me]
            card, fan = self.seats.own_split(self.own_rect)
            self.layered(surface, "own", card, self._seat_key(view, a),
                         lambda layer, r: self.seats.own_card(layer, r, view, a), hover_inside=False, margin=margin)
            blocked = frozenset(self.blocked) & {("card", c) for c in a["backpack"] or ()}
            self.layered(surface, "fan", fan, (a["backpack"], a["backpack_limit"], a["large_limit"], a["peeked"],
                                               blocked), lambda layer, r: self.seats.fan(layer, r, a), margin=margin)
        else:
            self.seats.text(surface, "Watching: every seat is played by the computer.", self.own_rect.center,
                            "italic", theme.PARCHMENT_DARK, anchor="center")
        self._draw_preview(surface, view)

    def _seat_key(self, view: BLView, a: AdventurerView) -> tuple[object, ...]:
        """What a stat card shows: its Adventurer, whether it holds the Buck, whether the game
        waits for it, the Market's progress, whose table this is."""
        return a, view["dealer"] == a["seat"], self.acting == a["seat"], view["part"] == "market", view["seat"]

    def _raise_hovered(self, surface: pygame.Surface, view: BLView) -> None:
        """An overlapped card of a row under the pointer comes to the front."""
        hover = self.hover
        if hover is None or hover[0] not in ("card", "shop"):
            return
        card = hover[1]
        if hover[0] == "shop":
            pos = int(hover[1])
            card = f"?{pos}" if view["blind_shop"] or pos > len(view["shop"]) else view["shop"][pos - 1]
        rect = self.places.get(f"raise:{card}")
        if rect is not None:
            surface.blit(self.face_image(card, rect.size), rect)
            self.mark(surface, rect, hover)

    def _draw_tray(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect | None) -> None:
        """The dice tray (drawn every frame: its dice tumble), each die lit when an option
        points at it."""
        rows = tray_rows(self.centre, view)
        key = tuple(rows)
        if key != self._roll_key:
            self._roll_key = key
            self._tray_targets = [r[4] for r in rows]
            self.tray.show([(d, f, t, c) for d, f, t, c, _ in rows], roll=self._tumble,
                           duration=0.5 * self.scene.animations.speed)
        self._tumble = False
        if rect is None:
            return
        self.tray.rect = rect
        self.places["tray"] = rect
        self.tray.draw(surface, self.assets, self.scale)
        for die_rect, name in zip(self.tray.die_rects, self._tray_targets):
            self.mark(surface, die_rect.inflate(px(4, self.scale), px(4, self.scale)), ("die", name))

    def _draw_preview(self, surface: pygame.Surface, view: BLView) -> None:
        """The hovered card, enlarged and fully readable, beside the middle of the table (away
        from the pointer, never over the prompt)."""
        self.preview_rect = None
        hover = self.hover
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
        s = self.scale
        size = self.seats.card_size(PREVIEW)
        image = self.scene.renderer.face(face(self.content, self.assets, card, size, full=True), size)
        self.show_preview(surface, image, min(self.prompt_top - px(4, s), self.centre_rect.bottom + px(8, s)))

    # -- words ----------------------------------------------------------------------------------------

    def group_of(self, option: Option) -> str:
        kind = option.id.split(":", 1)[0]
        return GROUPS.get(kind, "Choices")

    def turn_label(self, view: BLView) -> str:
        winners = view["winners"]
        if winners is not None:
            names = listed(view["adventurers"][s]["name"] for s in winners)
            return f"Buck: Legacy · Game over · {names} win{'s' if len(winners) == 1 else ''}"
        label = f"Buck: Legacy · {PARTS.get(view['part'], view['part'])}"
        if view["adventure"]:
            label += f" · Adventure {view['adventure']}"
        return label + f" · {view['adventurers'][view['dealer']]['name']} holds the Buck"

    def tooltip(self, target: Target, view: BLView, decision: Decision | None) -> str | None:
        text = self._die_words(target[1]) if target[0] == "die" else words_for(self.content, target, view)
        return self.with_options(text, target, decision)

    def _die_words(self, name: str) -> str:
        """A die on the table: its colour, the face rolled, whose it is and what it counts now."""
        if name not in self._tray_targets:
            return f"{self.content.dice[DIE_TITLES.get(name, 'plain')].die.name}: not rolled."
        index = self._tray_targets.index(name)
        die = self.tray.dice[index]
        title, caption = self.tray.labels[index]
        text = f"{die.name} ({title}): rolled {self.tray.faces[index] + 1}"
        return text + (f", {caption}." if caption else ".")

    # -- motion -----------------------------------------------------------------------------------------

    def animate(self, event: Event, view: BLView) -> None:
        queue = self.scene.animations
        s = self.scale
        kind = event.kind
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
            queue.add(Banner(event.headline, self.centre_rect.center, 1.0, colour))


TABLE = BuckLegacyTable
