"""The Dungeon Delve table (ART.md, The table): the quest map as a grid with figures,
tokens, doors and overlays (movement range and path, line of sight and the sight line),
the dice tray with the last attack's dice, and the hero sheets; the overlord's hand for
the overlord seat. Squares that are options glow; hovering one shows its path or sight
line, and the odds of an attack before it is chosen."""

from __future__ import annotations

from typing import Any, Mapping

import pygame

from game.core.decision import Decision, Target
from game.core.events import Event
from game.core.words import counted
from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve import view as dd_view
from game.rulesets.dungeon_delve.rulesdata import Data
from game.rulesets.dungeon_delve.view_types import DDView
from game.ui import theme
from game.ui.animation import Banner, Pulse, Trail
from game.ui.boards.grid import GridBoard, GridFigure, GridOverlays, GridToken, movement_fields, sight_fields
from game.ui.tables.base import Table
from game.ui.theme import px
from game.ui.widgets.basic import draw_panel
from game.ui.widgets.dice_tray import DiceTray, DieLook

LIT_KIND = {"move": "move", "climb": "move", "attack": "attack", "skill": "feat", "fury": "feat", "feat": "area"}
"""The look of a lit square by the kind of answer there (a heroic feat on a square is an area blast)."""
LIT_RISK = ("", "move", "attack", "feat", "area")
"""Where one square offers several kinds of answer, the later kind's look shows."""
HERO_COLOURS = [(196, 68, 52), (66, 132, 196), (214, 176, 56), (92, 168, 92)]
HERO_ICONS = {"warrior": "barbarian", "healer": "meditation", "mage": "wizard-face", "scout": "hood"}


def sq_of(text: str) -> tuple[int, int]:
    x, _, y = text.partition(",")
    return int(x), int(y)


class DungeonDelveTable(Table[DDView]):
    emblem = "dungeon-gate"
    results = frozenset({"hit", "miss"})

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.grid: GridBoard | None = None
        self.tray = DiceTray(pygame.Rect(0, 0, 10, 10))
        self.tray.looks = {d.id: DieLook(d.kind, d.colour) for d in self.data.content.dice.values()}
        self._visible: set[Target] = set()
        self._sight_cache: dict[tuple[Any, ...], frozenset[tuple[int, int]]] = {}
        self._pending_dice: list[tuple[str, int]] = []
        self._lit: set[Target] = set()
        self.selected_figure: str | None = None
        self._defense_from = 0

    @property
    def data(self) -> Data:
        """The rules data of the game on the table (its own rule system's, not a module copy)."""
        found: Data = getattr(self.scene.controller.session.game.system, "data")
        return found

    # -- layout ---------------------------------------------------------------------------------

    def layout(self, area: pygame.Rect, scale: float) -> None:
        super().layout(area, scale)
        s = scale
        side_w = px(250, s)
        self.side_rect = pygame.Rect(area.right - side_w, area.y + px(6, s), side_w - px(6, s),
                                     area.height - px(70, s))
        self.prompt_top = area.bottom - px(62, s)
        self._split_board_and_tray()

    def _split_board_and_tray(self) -> None:
        """The map takes the height its width allows (it keeps its shape); the dice tray takes
        the rest, between its least (dice, then totals) and a tray whose dice are about 60 px."""
        area, s = self.area, self.scale
        width = self.side_rect.x - area.x - px(16, s)
        top, bottom = area.y + px(6, s), self.prompt_top - px(6, s)
        least, most = max(84, px(88, s)), max(84, px(150, s))
        tray_h = least
        if self.grid is not None:
            map_h = int(width / self.grid.cols * self.grid.rows * 1.2)  # the squares and the wall margin
            tray_h = max(least, min(most, bottom - top - map_h - px(6, s)))
        self.tray.rect = pygame.Rect(area.x + px(8, s), bottom - tray_h, width, tray_h)
        self.board_rect = pygame.Rect(area.x + px(8, s), top, width, self.tray.rect.y - top - px(6, s))
        if self.grid is not None:
            self.grid.layout(self.board_rect)

    def prompt_rect(self, height: int) -> pygame.Rect:
        s = self.scale
        return pygame.Rect(self.area.x + px(8, s), self.prompt_top, self.area.width - px(16, s), height)

    def visible_targets(self) -> set[Target]:
        return self._visible

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """A square and the figure on it overlap: the one that is an option now wins."""
        under = [t for rect, t in reversed(self.hits) if rect.collidepoint(pos)]
        for target in under:
            if target in self._lit:
                return target
        return under[0] if under else None

    def wheel(self, pos: tuple[int, int], steps: int) -> bool:
        """Zoom the map about the pointer (1x to 3x); at 1x it fits the window again."""
        if self.grid is None or not self.board_rect.collidepoint(pos) or steps == 0:
            return False
        self.grid.set_zoom(self.grid.zoom * (1.25 ** steps), about=pos)
        return True

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """Right- or middle-drag on the zoomed map pans it (at 1x it already fits)."""
        if self.grid is None or self.grid.zoom <= 1.0 or not self.board_rect.collidepoint(pos):
            return False
        self.grid.pan_by(int(rel[0]), int(rel[1]))
        return True

    def inspect(self, target: Target) -> bool:
        """Click a figure to see how far it moves with one Move action and what it sees; again to clear."""
        figure = None
        if target[0] == "figure":
            figure = target[1]
        elif target[0] == "square":
            view = self.scene.controller.view()
            square = sq_of(target[1])
            figure = next((f["id"] for f in view["heroes"] + view["monsters"]
                           if (f["square"][0], f["square"][1]) == square and not f.get("knocked_out")), None)
        if figure is None:
            return False
        self.selected_figure = None if self.selected_figure == figure else figure
        return True

    def _lit_kinds(self, view: DDView, decision: Decision | None,
                   lit: set[Target]) -> dict[tuple[int, int], str]:
        """What a click on each lit square does, for its look (issue 12): a move, an attack, a
        skill or feat, an area blast; where one square offers several, the riskiest shows."""
        if decision is None:
            return {}
        out: dict[tuple[int, int], str] = {}
        for option in decision.options:
            target = option.target
            if target is None or target not in lit:
                continue
            square = sq_of(target[1]) if target[0] == "square" else self._square_of_figure(view, target[1])
            if square is None:
                continue
            kind = LIT_KIND.get(option.id.split(":", 1)[0], "")
            if LIT_RISK.index(kind) > LIT_RISK.index(out.get(square, "")):
                out[square] = kind
        return out

    def confirm(self, option: Any, decision: Decision) -> tuple[str, str] | None:
        """A heroic feat is once per game (DD-116), and an area feat may hurt your own heroes:
        a second click, naming what it costs."""
        kind = option.id.split(":", 1)[0]
        if decision.kind != "action" or kind not in ("feat", "fury"):
            return None
        hit = option.detail.partition(" It hits ")[2]
        warning = ("A heroic feat can be used once per game." + (f" It hits {hit}" if "own side" in hit else "")
                   + " Use it now?")
        return f"Yes: {option.label}", warning

    def wants_button(self, option: Any, on_table: set[Target]) -> bool:
        """Squares are clicked on the map; everything else (heroes to pick, cards, doors) also
        gets a button, since a figure or sheet is not an obvious thing to click."""
        return option.target is None or option.target[0] != "square" or option.target not in on_table

    def _ensure_grid(self, view: DDView) -> GridBoard:
        if self.grid is None:
            self.grid = GridBoard(self.data.board(view["quest"]), self.board_rect, self.assets)
            self._split_board_and_tray()  # now that the map's shape is known
            self._show_last_roll()
        return self.grid

    def _show_last_roll(self) -> None:
        """A table opened on a game in progress shows the last attack's dice (already rolled)."""
        log = self.scene.controller.visible_log()
        start = max((i for i, e in enumerate(log) if e.kind == "attack"), default=None)
        if start is None:
            return
        rolled = [(d, f) for e in log[start:] if e.kind == "dice" for d, f in zip(e.data["dice"], e.data["faces"])]
        if rolled:
            self.tray.set_result([self.data.die(d) for d, _ in rolled], [f for _, f in rolled])

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: DDView, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        self.hits = []
        self._visible = set()
        self._lit = set(lit)
        surface.fill(theme.WALNUT)
        grid = self._ensure_grid(view)
        board = grid.board
        closed = frozenset(d for d in board.doors if d not in view["open_doors"])
        figures = self._figures(view)
        overlays = GridOverlays(closed_doors=closed, figures=tuple(figures), tokens=tuple(self._tokens(view)))
        lit_squares = {sq_of(t[1]) for t in lit if t[0] == "square"}
        lit_squares |= {self._square_of_figure(view, t[1]) for t in lit if t[0] == "figure"} - {None}  # type: ignore[arg-type]
        overlays.lit = frozenset(lit_squares)
        overlays.lit_kinds = self._lit_kinds(view, decision, lit)
        hover_sq = sq_of(hover[1]) if hover and hover[0] == "square" else None
        overlays.hover = hover_sq
        act = view.get("activation")
        chosen = next((f for f in view["heroes"] + view["monsters"]
                       if f["id"] == self.selected_figure and not f.get("knocked_out")), None)
        if chosen is not None and not (act and act["figure"] == chosen["id"]):
            # An inspected figure: its range for one Move action, and what it can see.
            where = (chosen["square"][0], chosen["square"][1])
            # A hero's speed is on its sheet (even when it is 0); a monster's on its card. (mypy
            # cannot tell the two records apart by a key they lack, so this reads a Mapping.)
            figure: Mapping[str, Any] = chosen
            speed = figure["speed"] if "speed" in figure else self.data.content.monsters[figure["kind"]].speed
            reach = self._reach(view, {"figure": chosen["id"], "mp": speed}, where)
            fields = movement_fields(reach, hover_sq if hover_sq in reach.ends else None)
            for key, value in fields.items():
                setattr(overlays, key, value)
            overlays.selected = where
            overlays.visible = self._sight_set(view, where)
            overlays.viewer = where
        elif act and decision is not None and decision.kind == "action":
            mover = self._square_of_figure(view, act["figure"])
            if mover is not None:
                overlays.selected = mover
                moves = {sq_of(o.id.split(":", 1)[1]) for o in decision.options if o.id.startswith("move:")}
                if moves and act["mp"] > 0:
                    reach = self._reach(view, act, mover)
                    fields = movement_fields(reach, hover_sq if hover_sq in moves else None)
                    fields["move_costs"] = {q: c for q, c in fields["move_costs"].items() if q in moves}
                    for key, value in fields.items():
                        setattr(overlays, key, value)
                overlays.visible = self._sight_set(view, mover)
                overlays.viewer = mover
                if hover_sq is not None and hover_sq != mover and hover_sq not in moves:
                    sight = self._sight(view, mover, hover_sq)
                    for key, value in sight_fields(sight, mover, hover_sq).items():
                        setattr(overlays, key, value)
        grid.draw(surface, overlays)
        for square in board.terrain:
            rect = grid.square_rect(square)
            if rect.colliderect(self.board_rect):
                target = ("square", f"{square[0]},{square[1]}")
                self.hits.append((rect, target))
                if target in lit:
                    self._visible.add(target)
        for figure in view["heroes"] + view["monsters"]:
            target = ("figure", figure["id"])
            rect = grid.square_rect((figure["square"][0], figure["square"][1]))
            self.hits.append((rect, target))
            if target in lit:
                self._visible.add(target)
        self._draw_tray(surface)
        self._draw_side(surface, view)

    def _reach(self, view: DDView, act: Mapping[str, Any], mover: tuple[int, int]) -> geo.MoveRange:
        return dd_view.reach(self.data, view, act["figure"], act["mp"])

    def _sight(self, view: DDView, a: tuple[int, int], t: tuple[int, int]) -> geo.Sight:
        return dd_view.sight(self.data, view, a, t)

    def _sight_set(self, view: DDView, a: tuple[int, int]) -> frozenset[tuple[int, int]]:
        key = (a, tuple(view["open_doors"]), dd_view.figure_squares(view))
        found = self._sight_cache.get(key)
        if found is None:
            found = dd_view.sight_set(self.data, view, a)
            if len(self._sight_cache) > 64:
                self._sight_cache.clear()
            self._sight_cache[key] = found
        return found

    def _square_of_figure(self, view: DDView, figure: str) -> tuple[int, int] | None:
        for f in view["heroes"] + view["monsters"]:
            if f["id"] == figure:
                return f["square"][0], f["square"][1]
        return None

    def _figures(self, view: DDView) -> list[GridFigure]:
        act = view["activation"]
        moving = act["figure"] if act else None
        out = []
        for i, hero in enumerate(view["heroes"]):
            if hero["knocked_out"]:
                continue
            archetype = self.data.hero_def(hero["id"]).archetype
            out.append(GridFigure((hero["square"][0], hero["square"][1]), hero["name"], archetype, "hero",
                                  hero["health"] - hero["damage"], hero["health"], hero["fatigue"], hero["stamina"],
                                  tuple(hero["conditions"]), colour=HERO_COLOURS[i % 4],
                                  icon=HERO_ICONS.get(archetype), active=moving == hero["id"]))
        for monster in view["monsters"]:
            out.append(GridFigure((monster["square"][0], monster["square"][1]), monster["name"], monster["kind"],
                                  "monster", monster["health"] - monster["damage"], monster["health"],
                                  conditions=tuple(monster["conditions"]), master=monster["master"],
                                  active=moving == monster["id"], number=monster["number"]))
        return out

    def _tokens(self, view: DDView) -> list[GridToken]:
        quest = self.data.quest(view["quest"])
        out = [GridToken((t[0], t[1]), "search") for t in view["search_tokens"]]
        if quest.reinforcement is not None:
            out.append(GridToken(tuple(quest.reinforcement.square), "reinforcement"))
        for i, hero in enumerate(view["heroes"]):
            if hero["knocked_out"]:
                out.append(GridToken((hero["square"][0], hero["square"][1]), "knocked_out", hero["name"],
                                     HERO_COLOURS[i % 4]))
        return out

    def _draw_tray(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.tray.rect, self.scale, colour=theme.FELT_DARK, border=theme.WALNUT_LIGHT)
        self.tray.draw(surface, self.assets, self.scale)

    def _slots(self, equipped: list[str]) -> list[str]:
        """The equipment by slot: 2 hands, 1 armor, 2 other (DD-020 to DD-022), a part each."""
        by_slot: dict[str, list[str]] = {"hand": [], "armor": [], "other": []}
        for item in equipped:
            definition = self.data.item(item)
            if definition.slot in by_slot:
                by_slot[definition.slot].append(definition.name)
        hands = ", ".join(by_slot["hand"]) or "bare"
        return [f"Hands: {hands}", f"Armor: {', '.join(by_slot['armor']) or '–'}",
                f"Other: {', '.join(by_slot['other']) or '–'}"]

    def _draw_side(self, surface: pygame.Surface, view: DDView) -> None:
        s = self.scale
        a = self.assets
        rect = self.side_rect
        draw_panel(surface, rect, s, colour=theme.PARCHMENT, border=theme.GOLD)
        y = rect.y + px(8, s)
        head = a.text(f"Round {view['round']} of {self.data.round_limit(view['quest'])}", "heading", px(18, s), theme.INK)
        surface.blit(head, (rect.x + px(10, s), y))
        y += head.get_height() + px(4, s)
        line_h = a.font("body", px(15, s)).get_linesize() - 2
        inner_w = rect.width - px(24, s)
        for i, hero in enumerate(view["heroes"]):
            status = "knocked out" if hero["knocked_out"] else ("done" if hero["activated"] else "ready")
            stats = [f"Health {hero['health'] - hero['damage']}/{hero['health']}",
                     f"Fatigue {hero['fatigue']}/{hero['stamina']}", f"Speed {hero['speed']}"]
            lines = [(t, "body", theme.INK) for t in a.wrap_parts(stats, "body", px(15, s), inner_w)]
            lines += [(t, "body", theme.INK) for t in a.wrap_parts(self._slots(hero["equipped"]), "body", px(15, s),
                                                                    inner_w)]
            carried = [self.data.item(i).name for i in hero["items"] if i not in hero["equipped"]]
            if carried:  # gear in the pack, not equipped (potions, spare weapons)
                lines += [(t, "italic", theme.INK) for t in a.wrap("Carries: " + ", ".join(carried), "italic",
                                                                   px(15, s), inner_w)]
            if hero["conditions"]:
                lines.append((", ".join(c.capitalize() for c in hero["conditions"]), "bold", theme.DANGER))
            box = pygame.Rect(rect.x + px(6, s), y, rect.width - px(12, s), px(24, s) + line_h * len(lines) + px(6, s))
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, box, border_radius=px(6, s))
            pygame.draw.rect(surface, HERO_COLOURS[i % 4], box, width=2, border_radius=px(6, s))
            self.hits.append((box, ("figure", hero["id"])))
            surface.blit(a.text(hero["name"], "bold", px(15, s), theme.INK), (box.x + px(6, s), box.y + px(3, s)))
            tag = a.text(status, "italic", px(15, s), theme.MUTED if hero["activated"] else theme.INK)
            surface.blit(tag, (box.right - tag.get_width() - px(6, s), box.y + px(3, s)))
            for j, (text, role, colour) in enumerate(lines):
                surface.blit(a.text(text, role, px(15, s), colour), (box.x + px(6, s), box.y + px(22, s) + j * line_h))
            y = box.bottom + px(4, s)
        hand = view.get("overlord_hand")
        text = f"Overlord: {counted(view['overlord_hand_count'], 'card')} in hand, {view['overlord_deck_count']} in the deck."
        for line in a.wrap(text, "body", px(15, s), rect.width - px(20, s)):
            surface.blit(a.text(line, "body", px(15, s), theme.INK), (rect.x + px(10, s), y))
            y += px(17, s)
        if hand:
            for card in hand:
                surface.blit(a.text("• " + self.data.card_name(card), "bold", px(15, s), theme.INK), (rect.x + px(10, s), y))
                y += px(17, s)

    # -- words ----------------------------------------------------------------------------------

    def turn_label(self, view: DDView) -> str:
        if view.get("winner"):
            return "Game over"
        act = view.get("activation")
        who = ""
        if act:
            who = next((f["name"] for f in view["heroes"] + view["monsters"] if f["id"] == act["figure"]), "")
        side = "the heroes" if view["phase"] == "heroes" else "the overlord"
        return f"Dungeon Delve · Round {view['round']} · {side}" + (f" · {who}" if who else "")

    def tooltip(self, target: Target, view: DDView, decision: Decision | None) -> str | None:
        kind, ident = target
        parts: list[str] = []
        if kind == "square":
            square = sq_of(ident)
            terrain = self.data.board(view["quest"]).terrain.get(square, "off the map")
            parts.append(f"({ident}) {terrain}")
            for f in view["heroes"] + view["monsters"]:
                if (f["square"][0], f["square"][1]) == square and not f.get("knocked_out"):
                    parts.append(f"{f['name']}: {f['health'] - f['damage']}/{f['health']} health")
        elif kind == "figure":
            figure = next((x for x in view["heroes"] + view["monsters"] if x["id"] == ident), None)
            if figure is not None:
                parts.append(f"{figure['name']}: {figure['health'] - figure['damage']}/{figure['health']} health")
        if decision is not None:
            for option in decision.options:
                if option.target == target:
                    parts.append(f"Click: {option.label}" + (f" ({option.detail})" if option.detail else ""))
        return "\n".join(parts) if parts else None

    # -- motion ---------------------------------------------------------------------------------

    def animate(self, event: Event, view: DDView) -> None:
        queue = self.scene.animations
        centre = self.board_rect.center
        if event.kind == "round":
            queue.add(Banner(event.headline, centre, 0.8))
        elif event.kind == "attack":
            self._pending_dice = []
        elif event.kind == "move" and self.grid is not None and event.data.get("path"):
            walked = [event.data["origin"]] if event.data.get("origin") else []  # from where it stood
            steps = [self.grid.square_centre((int(x), int(y))) for x, y in walked + event.data["path"]]
            queue.add(Trail(steps, 0.25 + 0.06 * len(steps)))  # the way the figure went, step by step
        elif event.kind == "surge" and event.headline:  # the dice stay; what was spent shows under them
            self.tray.notes.append(event.headline)
        elif event.kind == "dice":
            for die_id, face in zip(event.data["dice"], event.data["faces"]):
                self._pending_dice.append((die_id, face))
            dice = [self.data.die(d) for d, _ in self._pending_dice]
            self.tray.start_roll(dice, [f for _, f in self._pending_dice],
                                 duration=0.5 * self.scene.animations.speed)
        elif event.kind in ("damage", "knocked_out", "defeated") and self.grid is not None:
            figure = event.data.get("figure") or event.data.get("hero") or event.data.get("monster")
            square = self._square_of_figure(view, figure) if figure else None
            if square is not None:
                queue.add(Pulse(self.grid.square_rect(square), theme.DANGER, 0.35))
        elif event.kind == "game_over":
            queue.add(Banner(event.headline, centre, 1.4))

    def update(self, dt: float) -> None:
        self.tray.update(dt)

    @property
    def busy(self) -> bool:
        return self.tray.rolling


TABLE = DungeonDelveTable
