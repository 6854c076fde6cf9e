"""The Fantasy Adventures table (ART.md, The table; issue 14 item 5).

Across the top, the other parties, condensed, each with the stack placed on it face down
(fantasy_adventures_parties.py); in the middle the Encounter, the melees to come with their
totals and exact odds, the action-phase window and the dice tray (fantasy_adventures_centre.py);
at the bottom, under the prompt bar, the seat's own party in its two ranks with its items, and
its hand as a fan. The table draws from the seat's view, so no other seat's hand and no stack's
contents (but the monster player's own) can be drawn (section 7).

Every band is a cached layer (tables/layers.py), painted again only when what it shows changes:
a frame in which only the pointer moves costs a few blits, the hover ring, the enlarged card
and the tumbling dice. Options that point at things (("card", id), ("seat", n)) light them, and
a click on one answers; the action panel lists the rest.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from game.core.decision import Decision, Target
from game.core.events import Event
from game.core.words import counted, listed
from game.rulesets.fantasy_adventures import party
from game.rulesets.fantasy_adventures.content import FAContent
from game.rulesets.fantasy_adventures.view_types import FAView, PlayerView
from game.ui import theme
from game.ui.animation import Banner, Pulse
from game.ui.tables.bands import LAYER_MARGIN, BandedTable
from game.ui.tables.buck_legacy_cards import BuckDice
from game.ui.tables.fantasy_adventures_cards import DICE, card_tooltip, face
from game.ui.tables.fantasy_adventures_centre import DICE_EVENTS, STAGES, Centre, Names, tray_rows
from game.ui.tables.fantasy_adventures_hand import Hand
from game.ui.tables.fantasy_adventures_layout import OPPONENTS_HEIGHT, OWN_HEIGHT, PREVIEW
from game.ui.tables.fantasy_adventures_parties import Parties
from game.ui.theme import px

GROUPS = {"use": "Abilities", "hand": "Hand", "cast": "Spells", "grant": "Items", "item": "Items",
          "assign": "Assignment", "support": "Support", "target": "Ranged", "roll": "Ranged", "duel": "Surprise",
          "place": "Party", "move": "Party", "hero": "Party", "discard": "Party", "add": "Stack",
          "attack": "Stack", "next": "Order", "melee": "Melee", "defeat": "Melee"}
"""The action panel's headings, by the kind an option id begins with."""
ORDER = ("Abilities", "Spells", "Hand", "Party", "Items", "Stack", "Order", "Assignment", "Support", "Ranged",
         "Surprise", "Melee", "Choices")


class FantasyAdventuresTable(BandedTable[FAView]):
    emblem = "crossed-swords"
    results = frozenset({"duel_roll", "melee"})
    group_order = ORDER
    bench_seats = (4,)  # four parties: the frame time is measured with 4 (issue 14)

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.parties = Parties(self)
        self.hand = Hand(self)
        self.centre = Centre(self)
        self.tray = BuckDice(pygame.Rect(0, 0, 10, 10), DICE)
        self._roll_seen: Any = None

    @property
    def content(self) -> FAContent:
        """The game's own content (its rule system's)."""
        found: FAContent = getattr(self.scene.controller.session.game.system, "content")
        return found

    # -- layout ---------------------------------------------------------------------------------

    def band_heights(self) -> tuple[int, int]:
        return px(OPPONENTS_HEIGHT, self.scale), px(OWN_HEIGHT, self.scale)

    def opponent_rects(self, count: int) -> list[pygame.Rect]:
        """The other parties side by side across the top (a lone one no wider than half)."""
        band = self.opponents_rect
        if not count:
            return []
        gap = px(10, self.scale)
        width = min((band.width - gap * (count - 1)) // count, max(band.width // 2, px(420, self.scale)))
        return [pygame.Rect(band.x + k * (width + gap), band.y, width, band.height) for k in range(count)]

    def face_image(self, card: str, size: tuple[int, int], named: bool = True) -> pygame.Surface:
        """The card's face at ``size``; not ``named``: its banner left empty, for a painter that
        writes the name itself (the hand's name strips)."""
        found = face(self.content, card)
        if not named:
            found = replace(found, key=found.key + ":unnamed", name="")
        return self.scene.renderer.face(found, size)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: FAView, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.begin(lit, selected, hover)
        pending = decision or self.scene.controller.decision()
        self.acting = pending.seat if pending is not None else None  # whose answer the game waits for
        self.draw_felt(surface)
        me = view["seat"]
        margin = px(LAYER_MARGIN, self.scale)
        others = [p for p in view["players"] if p["seat"] != me]
        for p, rect in zip(others, self.opponent_rects(len(others))):
            self.layered(surface, f"seat:{p['seat']}", rect, self._party_key(view, p),
                         partial(self.parties.panel, view=view, p=p), hover_inside=False, margin=margin)
        asked = (pending.seat, pending.kind, pending.window) if pending is not None else None
        self._settle_tray(view)  # (before the middle: its action window sits under the tray)
        self.layered(surface, "centre", self.centre_rect,
                     (self._centre_key(view), decision, asked, self.centre.tray_extra),
                     lambda layer, r: self.centre.draw(layer, r, view, decision), hover_inside=False, margin=margin)
        self._draw_tray(surface, view)
        if me is not None:
            p = view["players"][me]
            party, hand = self.own_split()
            self.layered(surface, "own", party, self._party_key(view, p),
                         lambda layer, r: self.parties.panel(layer, r, view, p), hover_inside=False, margin=margin)
            self.layered(surface, "hand", hand, (tuple(p["hand"]), p["hand_size"], p["encounter_deck"],
                                                 p["hero_deck"]),
                         lambda layer, r: self.hand.draw(layer, r, p), margin=margin)
        else:
            self.parties.text(surface, "Watching: every seat is played by the computer.", self.own_rect.center,
                              "italic", theme.PARCHMENT_DARK, anchor="center")
        self._draw_preview(surface, view)

    def own_split(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The seat's own band: its party (with its stack) at the left, its hand at the right."""
        s = self.scale
        band = self.own_rect
        party_w = min(px(560, s), int(band.width * 0.56))
        party = pygame.Rect(band.x, band.y, party_w, min(band.height, px(OWN_HEIGHT - 8, s)))
        hand = pygame.Rect(party.right + px(14, s), band.y, band.right - party.right - px(14, s), band.height)
        return party, hand

    def _party_key(self, view: FAView, p: PlayerView) -> tuple[object, ...]:
        """What a party panel shows: the player, the stack before it, whether he is acting, his
        role in the Encounter, the stage (a secret party at setup)."""
        encounter = view["encounter"]
        target = encounter["target"] if encounter is not None else None
        stack = encounter["stack_size"] if target == p["seat"] and encounter is not None else \
            view["stacks"].get(str(p["seat"]))
        return (p, stack, self.acting == p["seat"], view["monster"], target, view["stage"] == "setup",
                view["seat"])

    @staticmethod
    def _centre_key(view: FAView) -> tuple[object, ...]:
        me = view["seat"]
        drawn = view["players"][me]["drawn"] if me is not None else []
        return (view["stage"], view["game_turn"], view["monster"], view["order"], view["encounter"],
                view["melees"], view["stacks"], drawn, view["winners"], view["end_reason"])

    def _settle_tray(self, view: FAView) -> None:
        """The dice the tray shows: the last roll the seat has seen; and how many lines more than
        one its names and captions need over and under the dice (the tray grows by them)."""
        log = self.scene.controller.visible_log()
        if self._roll_seen != len(log):
            self._roll_seen = len(log)
            last = next((e for e in reversed(log) if e.kind in DICE_EVENTS), None)
            duel = next((e for e in reversed(log) if e.kind == "duel"), None) if last and last.kind == "duel_roll" \
                else None
            rows = tray_rows(Names(self.centre, view), last, duel)
            self.tray.show(rows, roll=self._tumble, duration=0.5 * self.scene.animations.speed)
            self._tumble = False
        # (every frame, from the labels shown: the window's size may have changed)
        self.centre.tray_extra = self.tray.extra_height(self.assets, self.tray.labels,
                                                        self.centre.tray_rect(self.centre_rect).width, self.scale)

    def _draw_tray(self, surface: pygame.Surface, view: FAView) -> None:
        """The dice tray (drawn every frame: it tumbles)."""
        rect = self.centre.tray_rect(self.centre_rect)
        self.tray.rect = rect
        self.places["tray"] = rect
        self.tray.draw(surface, self.assets, self.scale)

    def _draw_preview(self, surface: pygame.Surface, view: FAView) -> None:
        """The hovered card, enlarged and fully readable, beside the middle of the table (away
        from the pointer, never over the prompt)."""
        self.preview_rect = None
        hover = self.hover
        if hover is None or hover[0] != "card" or self.content.find(hover[1]) is None:
            return
        s = self.scale
        size = (px(PREVIEW[0], s), px(PREVIEW[1], s))
        self.show_preview(surface, self.scene.renderer.face(face(self.content, hover[1], full=True), size),
                          self.prompt_top - px(4, s))

    # -- words ------------------------------------------------------------------------------------

    def place_of(self, target: Target) -> str:
        """A hero by its place in its party ("front rank, position 4", as the ranks are drawn),
        an item by its hero's place, a monster in play by the hero it attacks: two Flame Lancers a monster may attack, one
        with three items and one with none, are then two different lines in the panel."""
        kind, ident = target
        if kind != "card":
            return ""
        view = self.scene.controller.view()
        for player in view["players"]:
            # an item by the place of the hero who owns it
            hero = next((h for h, items in player["items"].items() if ident in items), ident)
            for rank in ("front", "back"):
                if hero in player[rank]:
                    return party.position_name(f"{rank}:{player[rank].index(hero)}")
        encounter = view["encounter"]
        for monster in encounter["monsters"] if encounter else ():
            if monster["card"] == ident and monster["hero"]:
                return f"on {self.content.card(monster['hero']).name}"
        return ""

    def group_of(self, option: Any) -> str:
        return GROUPS.get(option.id.split(":", 1)[0], "Choices")

    def turn_label(self, view: FAView) -> str:
        winners = view["winners"]
        if winners is not None:
            names = listed(view["players"][s]["name"] for s in winners)
            return f"Fantasy Adventures · Game over · {names} win{'s' if len(winners) == 1 else ''}"
        label = f"Fantasy Adventures · {STAGES.get(view['stage'], view['stage'])}"
        if view["game_turn"]:
            label += f" · Game turn {view['game_turn']}"
        return label + f" · {view['players'][view['monster']]['name']} is the monster player"

    def tooltip(self, target: Target, view: FAView, decision: Decision | None) -> str | None:
        text: str | None = None
        if target[0] == "card" and self.content.find(target[1]) is not None:
            text = card_tooltip(self.content, target[1])
            text += self._marks(view, target[1])
        elif target[0] == "seat":
            p = view["players"][int(target[1])]
            text = (f"{p['name']}: {counted(p['hand_size'], 'card')} in hand, Hero deck {p['hero_deck']}, Encounter deck "
                    f"{p['encounter_deck']}, GP {p['score']}.")
        elif target[0] == "stack":
            text = "A stack of Encounter cards, face down: only the monster player knows what it holds."
        return self.with_options(text, target, decision)

    def _marks(self, view: FAView, card: str) -> str:
        """What the table knows of a card in play: a hero's marks and items, whom a monster attacks."""
        encounter = view["encounter"]
        for m in encounter["monsters"] if encounter is not None else []:
            if m["card"] == card:
                doing = "melees" if m["meleeing"] else "attacks"
                return f"\n{doing.capitalize()} {self.content.card(m['hero']).name}." if m["hero"] else \
                    "\nNot assigned yet."
        for p in view["players"]:
            marks = [word for word, group in (("flipped", p["flipped"]), ("feared", p["feared"]),
                                              ("waiting to join", p["waiting"])) if card in group]
            items = p["items"].get(card)
            bits = [f"Marks: {', '.join(marks)}."] if marks else []
            if items:
                bits.append(f"Owns {len(items)} item{'s' if len(items) != 1 else ''}.")
            if bits:
                return "\n" + " ".join(bits)
        return ""

    # -- motion -----------------------------------------------------------------------------------

    def animate(self, event: Event, view: FAView) -> None:
        if event.kind in DICE_EVENTS:
            self._tumble = True
        if event.kind == "defeated":
            self.scene.animations.add(Pulse(self.centre_rect, theme.DANGER, 0.45))
        if event.headline and event.kind not in self.results:
            self.scene.animations.add(Banner(event.headline, self.centre_rect.center, 1.0, theme.PARCHMENT))


TABLE = FantasyAdventuresTable
