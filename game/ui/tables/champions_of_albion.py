"""The Champions of Albion table (ART.md, The table): the route map of Albion with the
champions, enemies, the main enemy in Act 2, shadow and quest tokens; below it the Hand of
five resource cards, or the story being read, or the fight in progress; at the side the
fate star, the dice tray, the main enemy card and one card per champion (tracks,
attributes, gold and tokens, resources and banes as chips).

Spaces that are options glow; hovering one shows the route there; clicking chooses it.
Champion cards, chips, Hand cards, aid tokens and enemies are lit and clicked the same
way. Everything drawn comes from the seat's view and the static content, so a story's
outcomes stay hidden until the view reveals them (CA-138).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Hashable, Iterator, Mapping

import pygame

from game.core.decision import Decision, Option, Target
from game.core.events import Event
from game.core.words import counted
from game.rulesets.champions_of_albion.view_types import CAView
from game.ui import theme
from game.ui.animation import Banner, NumberPop, Pulse
from game.ui.boards.route_map import MapStandee, RouteMap, RouteOverlays
from game.ui.tables.layers import Layer, LayeredTable
from game.ui.tables.champions_of_albion_art import (
    CHAMPION_ICONS,
    PHASES,
    D6Tray,
    bane_tip,
    champion_card_tip,
    champion_tip,
    content,
    deck_tip,
    enemy_icon,
    enemy_tip,
    fate_tip,
    main_enemy_tip,
    resource_face,
    resource_tip,
    seat_colour,
    space_tip,
)
from game.ui.tables.champions_of_albion_panels import SidePanels, acting
from game.ui.tables.champions_of_albion_strip import StripPanels
from game.ui.theme import px

SIDE_KEYS = ("act", "round", "fate", "phase", "initiative", "champions", "main_enemy", "turn", "world_decks",
             "quest_deck", "event_deck")
"""What the side column shows (with the counts of shadows and quest tokens and the story's champion)."""
TRAVEL_KINDS = ("action", "travel", "retreat")
"""Decisions whose space options are moves: hovering one draws the route from the mover."""
BUTTON_KINDS = ("champion", "bane", "deck", "fate", "main_enemy")
"""Targets that also get a prompt-bar button: a champion card or a bane chip is not an
obvious thing to click (several actions may point at one champion)."""


MAPS_KEPT = 6
"""Maps kept per size: the story and fight panels below the map change its height, and a map
built anew (labels placed, routes and spaces drawn) costs 10-20 ms of a frame."""
MOMENT_ENDS = frozenset({"phase", "round", "act", "event"})
"""Events that are no longer part of a story: the game has moved on."""


class ChampionsOfAlbionTable(LayeredTable[CAView]):
    emblem = "dragon-head"
    results = frozenset({"attack", "defeat"})

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.panels = SidePanels(self)
        self.strip = StripPanels(self)
        self.tray = D6Tray(pygame.Rect(0, 0, 10, 10))
        self._maps: dict[tuple[int, int, int, int], RouteMap] = {}
        self.map: RouteMap | None = None
        self.gallery: set[Target] = set()  # champion cards offered in the "choose your champion" row
        self.preview_rect: pygame.Rect | None = None  # the enlarged Hand card under the mouse
        self._cards: dict[str, Layer] = {}  # champion cards of the side column, by champion
        self._measured: dict[Hashable, int] = {}
        self._roll_key: Any = None
        self._tumble = False
        self._hand_card: tuple[int, int] | None = None  # the size the Hand's cards are drawn at
        self._faces_ahead: Iterator[str] = iter(())
        self.mode = "hand"
        self.side_rect = self.left_rect = pygame.Rect(0, 0, 1, 1)
        self.prompt_top = 0

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, area: pygame.Rect, scale: float) -> None:
        super().layout(area, scale)
        s = scale
        pad = px(8, s)
        self.prompt_top = area.bottom - px(62, s)
        content_rect = pygame.Rect(area.x + pad, area.y + px(6, s), area.width - 2 * pad,
                                   self.prompt_top - area.y - px(12, s))
        side_w = min(int(content_rect.width * 0.4), max(250, px(330, s)))
        self.side_rect = pygame.Rect(content_rect.right - side_w, content_rect.y, side_w, content_rect.height)
        self.left_rect = pygame.Rect(content_rect.x, content_rect.y, content_rect.width - side_w - pad,
                                     content_rect.height)
        self._maps.clear()
        self.forget_layers()
        self._cards.clear()
        self._measured.clear()
        self.map = None

    def prompt_rect(self, height: int) -> pygame.Rect:
        s = self.scale
        return pygame.Rect(self.area.x + px(8, s), self.prompt_top, self.area.width - px(16, s), height)

    def hand_card_size(self, size: tuple[int, int]) -> None:
        """The Hand's cards are drawn at ``size``: their faces are drawn ahead at it, one per
        quiet frame, so a card drawn into the Hand finds its face ready (1-2 ms a new face)."""
        if size != self._hand_card:
            self._hand_card = size
            self._faces_ahead = iter(sorted(content().resources))

    def idle(self) -> None:
        """One thing drawn ahead per quiet frame: the map at each size it takes beside the
        Hand, a story or a fight (while the champions are chosen it is smaller: the first move
        after would build it), then the faces of the Hand's cards."""
        if self.map is not None:  # (laid out: the table has been drawn)
            for strip_h in self._strip_heights():
                rect = self._map_rect(strip_h)
                ahead = self._maps.get((rect.x, rect.y, rect.width, rect.height))
                if ahead is None:
                    self._map_for(rect)  # its labels placed this frame...
                    return
                if not ahead.prepared:
                    ahead.prepare()  # ...and its sheet drawn in the next
                    return
        if self._hand_card is None:  # the Hand is not drawn yet: its cards' size as it will be
            self.hand_card_size(self.strip.hand_card_size(pygame.Rect(0, 0, self.left_rect.width,
                                                                      self._hand_height())))
        rid = next(self._faces_ahead, None)
        if rid is not None and self._hand_card is not None:
            self.scene.renderer.face(resource_face(rid), self._hand_card)

    def _hand_height(self) -> int:
        s = self.scale
        left = self.left_rect
        return max(px(130, s) + self.panels.line_h("heading") + px(14, s), left.height - int(left.width * 0.7) - px(8, s))

    def _strip_heights(self) -> tuple[int, ...]:
        """The heights the panel below the map takes: the Hand's, and two more for a story or a
        fight that needs more room. Few heights, so the map has few sizes, each built ahead (a
        map built anew, labels placed and sheet drawn, costs a frame 10-20 ms)."""
        hand_h = self._hand_height()
        most = int(self.left_rect.height * 0.55)
        return (hand_h,) if most <= hand_h else (hand_h, (hand_h + most) // 2, most)

    def _strip_for(self, need: int) -> int:
        """The lowest of the panel's heights that holds ``need`` (the highest if none does)."""
        heights = self._strip_heights()
        return next((h for h in heights if h >= need), heights[-1])

    def _map_rect(self, strip_h: int) -> pygame.Rect:
        left = self.left_rect
        return pygame.Rect(left.x, left.y, left.width, left.height - strip_h - px(8, self.scale))

    def _map_for(self, rect: pygame.Rect) -> RouteMap:
        key = (rect.x, rect.y, rect.width, rect.height)
        found = self._maps.get(key)
        if found is None:
            board = content().map
            found = RouteMap(list(board.spaces.values()),
                             [(r.a, r.b, r.kind == "underground") for r in board.routes], rect, self.assets)
            if len(self._maps) >= MAPS_KEPT:
                self._maps.pop(next(iter(self._maps)))
            self._maps[key] = found
        return found

    # -- hits and glows ------------------------------------------------------------------------------

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """Things overlap on the map (a standee on its space): the one that is an option now wins."""
        under = [t for rect, t in reversed(self.hits) if rect.collidepoint(pos)]
        if self.map is not None and self.map.rect.collidepoint(pos):
            space = self.map.space_at(pos)
            if space is not None and ("space", space) not in under:
                under.append(("space", space))
        # Things that also have a prompt-bar button (your own champion: Rest) give way to what
        # can only be clicked here (the space under your standee: Banish).
        lit = [t for t in under if t in self.lit]
        lit.sort(key=lambda t: t[0] in BUTTON_KINDS)
        if lit:
            return lit[0]
        return under[0] if under else None

    def wants_button(self, option: Option, on_table: set[Target]) -> bool:
        """Spaces, enemies and Hand cards are clicked on the table; champions, banes and the
        small chips and tokens on the champion cards also get a button."""
        target = option.target
        if target is not None and target in self.gallery and target in on_table:
            return False  # a champion card in the "choose your champion" row is clicked there
        return target is None or target not in on_table or target[0] in BUTTON_KINDS or target in self._small

    # -- drawing --------------------------------------------------------------------------------

    def _champion_card(self, surface: pygame.Surface, rect: pygame.Rect, champion: Mapping[str, Any], dense: bool,
                       view: CAView) -> None:
        """One champion card of the side column, drawn again only when that champion (or what
        is lit) changes: a move touches one or two champions, and the side column is repainted
        for any of them. The card is kept on a transparent image of the room it may draw in (its
        outline and shadow reach into the gaps), so it is blitted over its neighbours' edges."""
        box = rect.inflate(px(10, self.scale), px(10, self.scale)).clip(surface.get_clip())
        drawn = (repr(champion), dense, acting(view) == champion["id"], tuple(rect), tuple(box), self.hover)
        entry = self._cards.get(champion["id"])
        # A card reads what is lit or selected only of the things it marks (its champion, its
        # chips), so a new question that lights other things leaves it as it is.
        if entry is None or entry.key != (drawn, entry.targets & self.lit, entry.targets & self.selected):
            image = pygame.Surface(box.size, pygame.SRCALPHA)
            entry = self.painted(drawn, self.hover, image, box.topleft, lambda: self.panels.draw_champion(
                image, rect.move(-box.x, -box.y), champion, dense, view))
            entry.key = (drawn, entry.targets & self.lit, entry.targets & self.selected)
            self._cards[champion["id"]] = entry
        self.show(surface, entry)

    def _measure(self, key: Hashable, measure: Callable[[], int]) -> int:
        found = self._measured.get(key)
        if found is None:
            if len(self._measured) > 64:
                self._measured.clear()
            found = self._measured[key] = measure()
        return found

    def draw(self, surface: pygame.Surface, view: CAView, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.begin(lit, selected, hover)
        self._sync_tray(view)
        self.draw_felt(surface)
        s = self.scale
        gap = px(8, s)
        left = self.left_rect
        # The map is as large as the width allows; the Hand takes what is left below it.
        hand_h = self._hand_height()
        story, fight = view.get("story"), view.get("fight")
        picking = self.strip.offered_champions(view, decision)
        self.gallery = {("champion", cid) for cid in picking}
        if picking:
            self.mode = "champions"
            strip_h = max(hand_h, 2 * (5 * self.panels.line_h() + px(16, s)) + self.panels.line_h())
        elif story and not _picks_from_hand(view, decision):
            self.mode = "story"
            need = self._measure(("story", repr(story), repr(fight), left.width),
                                 lambda: self.strip.story_height(view, left.width))
            strip_h = self._strip_for(need)
        elif fight:
            self.mode = "fight"
            need = self._measure(("fight", repr(fight), left.width), lambda: self.strip.fight_height(view, left.width))
            strip_h = self._strip_for(need)
        else:
            self.mode = "hand"
            strip_h = hand_h
        map_rect = self._map_rect(strip_h)
        strip = pygame.Rect(left.x, map_rect.bottom + gap, left.width, strip_h)
        self.places["strip"] = strip
        self._draw_side(surface, view)
        mine = decision is not None
        if self.mode == "champions":
            key: Hashable = ("champions", tuple(picking), tuple(sorted(self.lit)))
            self.layered(surface, "strip", strip, key,
                          lambda layer, r: self.strip.draw_champion_choice(layer, r, view, decision))
        elif self.mode == "story":
            key = ("story", repr(story), repr(fight), repr(view.get("champions")), repr(view.get("enemies")),
                             None if decision is None else (decision.kind, decision.option_ids))
            self.layered(surface, "strip", strip, key, lambda layer, r: self.strip.draw_story(layer, r, view,
                                                                                                decision))
        elif self.mode == "fight":
            key = ("fight", repr(fight), repr(view.get("champions")), repr(view.get("enemies")))
            self.layered(surface, "strip", strip, key, lambda layer, r: self.strip.draw_fight(layer, r, view))
        else:
            key = ("hand", tuple(view.get("hand", [])), view.get("resource_deck"), mine)
            self.layered(surface, "strip", strip, key, lambda layer, r: self.strip.draw_hand(layer, r, view,
                                                                                               decision))
        self.map = self._map_for(map_rect)
        self._draw_map(surface, view, decision)
        self.preview_rect = None
        if self.mode == "hand":
            self._draw_preview(surface, view)

    def _draw_preview(self, surface: pygame.Surface, view: CAView) -> None:
        """A Hand card under the mouse, shown at about twice its size above the Hand (over the
        map, never over the prompt), fully readable (ART.md, Cards)."""
        hover = self.hover
        if hover is None or hover[0] != "resource" or hover[1] not in view.get("hand", []):
            return
        card = next((rect for rect, target in self.hits if target == hover), None)
        if card is None:
            return
        strip = self.places["strip"]
        h = min(int(card.height * 2), strip.y - self.left_rect.y - px(110, self.scale))
        w = int(h * card.width / max(1, card.height))
        if h < card.height * 1.3:
            return  # no room for a useful preview; the tooltip has the text
        preview = pygame.Rect(0, 0, w, h)
        # At the top of the map: the tooltip by the pointer stays clear of the card's text.
        preview.top = self.left_rect.y + px(6, self.scale)
        preview.centerx = card.centerx
        preview.clamp_ip(self.left_rect)
        shadow = preview.move(4, 6)
        pygame.draw.rect(surface, (8, 12, 10), shadow, border_radius=px(10, self.scale))
        surface.blit(self.scene.renderer.face(resource_face(hover[1]), (w, h)), preview)
        self.preview_rect = preview

    def _sync_tray(self, view: CAView) -> None:
        roll = view.get("last_roll") or {}
        key = tuple(sorted(roll.items()))
        if key != self._roll_key:
            self._roll_key = key
            self.tray.show(roll, roll=self._tumble, duration=0.5 * self.scene.animations.speed)
        self._tumble = False

    def _draw_map(self, surface: pygame.Surface, view: CAView, decision: Decision | None) -> None:
        board = self.map
        assert board is not None
        spaces = content().map.spaces
        tokens: dict[str, dict[str, int]] = {}
        for space in view.get("shadows", []):
            tokens.setdefault(space, {}).setdefault("shadow", 0)
            tokens[space]["shadow"] += 1
        for space in view.get("quest_tokens", []):
            tokens.setdefault(space, {}).setdefault("quest", 0)
            tokens[space]["quest"] += 1
        actor = acting(view)
        standees = [MapStandee(c["space"], c["name"], "champion", seat_colour(c["seat"]),
                               CHAMPION_ICONS.get(c["archetype"]), active=c["id"] == actor)
                    for c in view.get("champions", [])]
        for e in view.get("enemies", []):
            standees.append(MapStandee(e["space"], e["name"], "main_enemy" if e["kind"] == "main" else "enemy",
                                       icon=enemy_icon(e["card"], e["kind"]), life=e["life"]))
        lit_spaces = frozenset(t[1] for t in self.lit if t[0] == "space" and t[1] in spaces)
        blocked = frozenset(b.target[1] for b in (decision.blocked if decision else ())
                            if b.target and b.target[0] == "space" and b.target[1] in spaces) - lit_spaces
        hover = self.hover[1] if self.hover and self.hover[0] == "space" and self.hover[1] in spaces else None
        path: tuple[str, ...] = ()
        if hover in lit_spaces and decision is not None and decision.kind in TRAVEL_KINDS:
            mover = next((c for c in view.get("champions", []) if c["seat"] == decision.seat), None)
            if mover is not None and mover["space"] != hover:
                path = _path(mover["space"], hover)
        fight = view.get("fight")
        selected = fight["spaces"][0] if fight and fight.get("spaces") else None
        overlays = RouteOverlays(lit=lit_spaces, dimmed=blocked, selected=selected, hover=hover, path=path,
                                 tokens=tokens, standees=tuple(standees))
        board.draw(surface, overlays)
        for sid in spaces:
            c = board.space_centre(sid)
            r = board.space_radius(sid)
            self.hits.append((pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), ("space", sid)))
            if ("space", sid) in self.lit:
                self._visible.add(("space", sid))
        by_name = {c["name"]: c["id"] for c in view.get("champions", [])}
        enemy_by = {(e["space"], e["name"]): e["uid"] for e in view.get("enemies", [])}
        for standee, centre, radius, _more in board.standee_places(standees):
            if standee is None:
                continue
            rect = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
            if standee.side == "champion":
                target: Target = ("champion", by_name.get(standee.name, ""))
            else:
                target = ("enemy", enemy_by.get((standee.space, standee.name), ""))
            self.hits.append((rect, target))
            if target in self.lit:
                self._visible.add(target)
                if target[0] == "enemy":
                    pygame.draw.circle(surface, theme.GOLD_LIGHT if target == self.hover else theme.GOLD,
                                       rect.center, radius + px(4, self.scale), max(2, px(3, self.scale)))

    def _draw_side(self, surface: pygame.Surface, view: CAView) -> None:
        s = self.scale
        side = self.side_rect
        gap = px(6, s)
        header_h = self.panels.header_height()
        tray_h = max(px(64, s), 3 * self.panels.line_h() + px(12, s))
        self.tray.rect = pygame.Rect(side.x, side.y + header_h + gap, side.width, tray_h)
        self.places["tray"] = self.tray.rect
        story = view.get("story")
        key = (repr([view.get(k) for k in SIDE_KEYS]), len(view.get("shadows", [])), len(view.get("quest_tokens", [])),
               story["champion"] if story else None)
        self.layered(surface, "side", side, key, lambda layer, r: self._paint_side(layer, r, view, header_h, tray_h),
                      hover_inside=False)
        names = {c["id"]: c["short"] for c in view.get("champions", [])}
        self.tray.draw_strip(surface, self.assets, s, names)

    def _paint_side(self, surface: pygame.Surface, side: pygame.Rect, view: CAView, header_h: int,
                    tray_h: int) -> None:
        """The fate star, (room for the tray), the main enemy card and the champion cards."""
        s = self.scale
        p = self.panels
        gap = px(6, s)
        p.draw_header(surface, pygame.Rect(side.x, side.y, side.width, header_h), view)
        y = side.y + header_h + gap + tray_h + gap
        champions = list(view.get("champions", []))
        avail = side.bottom - y - gap
        base, enemy_full = p.main_enemy_heights(view, side.width)
        gaps = gap * len(champions)
        dense = False
        heights = [p.champion_height(c, side.width, False) for c in champions]
        if sum(heights) + gaps + base > avail:
            dense = True
            heights = [p.champion_height(c, side.width, True) for c in champions]
        enemy_h = max(base, min(enemy_full, avail - sum(heights) - gaps))
        room = avail - enemy_h - gaps
        if champions and sum(heights) > room:  # still too tall: share the room evenly (clipped)
            heights = [max(1, room // len(champions))] * len(champions)
        p.draw_main_enemy(surface, pygame.Rect(side.x, y, side.width, enemy_h), view)
        y += enemy_h + gap
        for c, h in zip(champions, heights):
            rect = pygame.Rect(side.x, y, side.width, h)
            self.places[f"champion:{c['id']}"] = rect
            self._champion_card(surface, rect, c, dense, view)
            y = rect.bottom + gap

    def confirm(self, option: Option, decision: Decision) -> tuple[str, str] | None:
        """A reroll paid with the champion's last will defeats it (CA-093): a second click."""
        if decision.kind == "reroll" and option.id == "reroll" and decision.rule == "CA-093":
            return "Spend the last will", f"{option.detail} Reroll anyway?"
        return None

    # -- words ----------------------------------------------------------------------------------

    def turn_label(self, view: CAView) -> str:
        if view.get("outcome"):
            return "Champions of Albion · " + ("Victory" if view["outcome"] == "victory" else "Defeat")
        phase = PHASES.get(str(view.get("phase", "")), str(view.get("phase", "")).capitalize())
        if not view.get("round"):  # before round 1: the champions are being chosen
            return "Champions of Albion · Setup: choose the champions"
        label = f"Champions of Albion · Act {view.get('act', 1)} · Round {view.get('round', 0)} · {phase}"
        turn = view.get("turn")
        if turn and view.get("phase") == "action":
            who = next((c["short"] for c in view.get("champions", []) if c["seat"] == turn["seat"]), "")
            if who:
                label += f" · {who}'s turn"
        return label

    def tooltip(self, target: Target, view: CAView, decision: Decision | None) -> str | None:
        kind, ident = target
        text: str | None = None
        if kind == "space":
            text = space_tip(ident, view)
        elif kind == "enemy":
            enemy = next((e for e in view.get("enemies", []) if e["uid"] == ident), None)
            text = enemy_tip(enemy) if enemy else None
        elif kind == "resource" and ident in content().resources:
            text = resource_tip(ident)
        elif kind == "champion":
            champion = next((c for c in view.get("champions", []) if c["id"] == ident), None)
            if champion is not None:
                text = champion_tip(champion)
            elif ident in content().champions:
                text = champion_card_tip(ident)
        elif kind == "bane":
            text = bane_tip(ident)
        elif kind == "aid":
            text = (f"A +{ident} aid token: after the die of a story or quest test, spend it to raise the die "
                    "(never above 6); it goes back to the supply (CA-071 to CA-074).")
        elif kind == "gold":
            text = f"{ident} gold."
        elif kind == "quest":
            text = f"{counted(int(ident), 'quest token')} carried: the main enemy card says what they do in Act 2."
        elif kind == "main_enemy":
            text = main_enemy_tip(view["main_enemy"], int(view.get("act", 1)))
        elif kind == "fate":
            text = fate_tip(view)
        elif kind == "deck":
            text = deck_tip(ident, view)
        return self.with_options(text, target, decision)

    # -- motion ---------------------------------------------------------------------------------

    def animate(self, event: Event, view: CAView) -> None:
        queue = self.scene.animations
        s = self.scale
        centre = self.map.board_rect.center if self.map is not None else self.left_rect.center
        kind = event.kind
        data = event.data
        if kind in ("roll", "test"):
            self._tumble = True
        elif kind == "round":
            queue.add(Banner(event.headline, centre, 0.8))
        elif kind == "act" and event.headline:
            queue.add(Banner(event.headline, centre, 1.1))
        elif kind == "travel" and self.map is not None and data.get("space") in self.map.spaces:
            c = self.map.space_centre(data["space"])
            r = self.map.space_radius(data["space"]) + px(6, s)
            queue.add(Pulse(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), theme.GOLD, 0.35))
        elif kind in ("wound", "heal") and data.get("champion"):
            rect = self.places.get(f"champion:{data['champion']}")
            if rect is not None:
                amount = data.get("amount", 0)
                colour = theme.DANGER if kind == "wound" else theme.GOLD_LIGHT
                queue.add(Pulse(rect, colour, 0.35),
                          NumberPop(f"{'-' if kind == 'wound' else '+'}{amount}", (rect.right - px(40, s),
                                                                                rect.y + px(20, s)), colour))
        elif kind == "defeat" and self.map is not None:
            enemy = next((e for e in view.get("enemies", []) if e["uid"] == data.get("enemy")), None)
            if enemy is not None and enemy["space"] in self.map.spaces:
                c = self.map.space_centre(enemy["space"])
                r = self.map.space_radius(enemy["space"]) + px(8, s)
                queue.add(Pulse(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), theme.DANGER, 0.4))
        elif kind == "end":
            queue.add(Banner(event.headline, centre, 1.4))

    # -- a champion's story, watched by its own player at a shared screen (issue 12) ---------------

    def own_moment(self, event: Event, view: CAView) -> tuple[int, str] | None:
        """A story drawn by a champion, or going on after its player's answer, is that
        champion's player's moment (a story event, or a story test's roll, aid or result)."""
        champion = event.data.get("champion")
        story = event.kind == "story" or bool(event.data.get("story"))  # a story's test: its roll, aid, result
        if not story or not champion or event.data.get("finished"):
            return None
        for c in view.get("champions", []):
            if c["id"] == champion:
                return c["seat"], f"{c['short']}'s story"
        return None

    def moment_goes_on(self, opening: Event, last: Event, event: Event) -> bool:
        """A story goes on until its card goes to the bottom of its deck (CA-146), another
        champion draws, or the phase moves on."""
        if last.data.get("finished") or event.kind in MOMENT_ENDS:
            return False
        drawn = event.kind == "story" and "card" in event.data and not event.data.get("finished")
        return not drawn

    def moment_roll(self, event: Event) -> bool:
        """A story test's die (aid tokens the player spent are their own answer, not a roll)."""
        return event.kind == "roll" and "die" in event.data and not event.data.get("aid")

    def moment_picture(self, event: Event, size: int) -> pygame.Surface | None:
        die = event.data.get("die")
        if not isinstance(die, int) or not 1 <= die <= 6:
            return None
        return self.tray.die_image(self.assets, self.tray.die, die - 1, size)

    def update(self, dt: float) -> None:
        self.tray.update(dt)

    @property
    def busy(self) -> bool:
        return self.tray.rolling


def _picks_from_hand(view: CAView, decision: Decision | None) -> bool:
    """A question about Hand cards (a story's take, the optional discard, CA-055, CA-147): the
    Hand is shown in place of the story panel, so its cards can be seen and clicked."""
    hand = view.get("hand", [])
    return decision is not None and any(o.target is not None and o.target[0] == "resource" and o.target[1] in hand
                                        for o in decision.options)


def _path(start: str, goal: str, limit: int = 3) -> tuple[str, ...]:
    """The shortest route from ``start`` to ``goal`` (at most ``limit`` steps), or ()."""
    board = content().map
    previous: dict[str, str | None] = {start: None}
    queue = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        if here == goal:
            out = [here]
            while previous[out[-1]] is not None:
                out.append(previous[out[-1]])  # type: ignore[arg-type]
            return tuple(reversed(out))
        if steps >= limit:
            continue
        for there in board.neighbours(here):
            if there not in previous:
                previous[there] = here
                queue.append((there, steps + 1))
    return ()


TABLE = ChampionsOfAlbionTable
