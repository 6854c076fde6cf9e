"""The interface between the table scene and a rule system's table layout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Mapping, TypeVar

import pygame

from game.core.decision import Decision, Option, Target
from game.core.events import Event
from game.ui import theme
from game.ui.assets import vignette
from game.ui.theme import px

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


GROUP_TITLES = {"act": "Move", "move": "Move", "climb": "Move", "fatigue": "Move", "travel": "Travel",
                "attack": "Attack", "skill": "Skills and feats", "fury": "Skills and feats", "feat": "Skills and feats",
                "use": "Items", "shield": "Items", "surge": "Items", "give": "Trade", "take": "Trade",
                "card": "Cards", "play": "Cards", "discard": "Cards", "gather": "Cards", "cast": "Cards"}
"""Headings of the action panel by the kind an option id begins with (or the whole id when it
has no kind), so every table groups alike; a table may say more (``group_of``)."""
GROUP_ORDER = ("Move", "Travel", "Attack", "Skills and feats", "Items", "Trade", "Cards")
"""The panel lists these groups first, in this order, then the others as they come."""


ViewT = TypeVar("ViewT", bound=Mapping[str, Any])
"""The view type of the game a table draws (its ``view_types``); the scene, which serves every
game, holds a ``Table[Any]`` made from the registry (game.core.views)."""


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, scale: float, *, selected: bool, lit: bool,
              hovered: bool) -> None:
    """The ring every table draws round a thing on it: bright gold when selected, gold when it is
    an option now (brighter under the mouse), a thin line when merely hovered."""
    if selected:
        pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(px(8, scale), px(8, scale)), width=px(4, scale),
                         border_radius=px(9, scale))
    elif lit:
        colour = theme.GOLD_LIGHT if hovered else theme.GOLD
        pygame.draw.rect(surface, colour, rect.inflate(px(6, scale), px(6, scale)), width=max(2, px(3, scale)),
                         border_radius=px(8, scale))
    elif hovered:
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, rect.inflate(2, 2), width=1, border_radius=px(6, scale))


TIP_ANSWERS = 3
"""A thing's tooltip names at most this many answers a click on it gives; with more, the click
opens them in the action panel, and the tooltip says so."""


class Table(Generic[ViewT]):
    """Draws one rule system's table from a view, and says what is under the mouse.

    ``draw`` fills ``self.hits`` with (rect, target) pairs, topmost last, so clicks and
    hovers find the thing drawn under the pointer.
    """

    emblem = "crossed-swords"
    group_order: tuple[str, ...] = GROUP_ORDER
    """The action panel lists these groups first, in this order, then the others as they come."""
    bench_seats: tuple[int, ...] = ()
    """Seat counts the UI benchmark also measures this table at (at 1280x720), besides the
    demo's two: a table whose layout grows with the seats names its largest."""
    results: frozenset[str] = frozenset()
    """Event kinds that are an outcome the players should see before play goes on (a battle
    won, a hit): the scene holds each on the table (issue 12, staged outcomes)."""

    def __init__(self, scene: "TableScene") -> None:
        self.scene = scene
        self.assets = scene.app.assets
        self.hits: list[tuple[pygame.Rect, Target]] = []
        self.area = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self._background: tuple[tuple[int, int], pygame.Surface] | None = None

    def layout(self, area: pygame.Rect, scale: float) -> None:
        self.area = area
        self.scale = scale

    def draw(self, surface: pygame.Surface, view: ViewT, decision: Decision | None,
             lit: set[Target], selected: set[Target], hover: Target | None) -> None: ...

    def own_moment(self, event: Event, view: ViewT) -> tuple[int, str] | None:
        """Whether ``event`` opens a moment that one seat's player should watch themselves at a
        shared screen although it asks them nothing (a story that is only a test): that seat,
        and a heading for it. None for most events and tables."""
        return None

    def moment_goes_on(self, opening: Event, last: Event, event: Event) -> bool:
        """Whether ``event`` (after ``last``) still belongs to the moment that ``opening`` began."""
        return False

    def moment_roll(self, event: Event) -> bool:
        """Whether ``event`` of a moment is a die the rules rolled by themselves (the moment
        waits for its player's Roll before showing it)."""
        return False

    def moment_picture(self, event: Event, size: int) -> pygame.Surface | None:
        """A picture of the die a moment's roll shows (``size`` pixels square), or None."""
        return None

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The table's felt at ``size``: a faint weave under a soft dark edge, made once per size."""
        if self._background is None or self._background[0] != size:
            bg = pygame.Surface(size)
            bg.fill(theme.FELT)
            for y in range(0, size[1], 3):  # a faint weave in the felt
                pygame.draw.line(bg, theme.FELT_DARK if (y // 3) % 2 else theme.FELT, (0, y), (size[0], y))
            bg.blit(vignette(size), (0, 0))
            self._background = (size, bg.convert() if pygame.display.get_surface() else bg)
        return self._background[1]

    def draw_felt(self, surface: pygame.Surface) -> None:
        surface.blit(self.felt(surface.get_size()), (0, 0))

    @staticmethod
    def with_options(text: str | None, target: Target, decision: Decision | None) -> str | None:
        """A thing's tooltip ``text`` with what a click on it answers now, and why an answer on
        it is not open now (the rule that says so)."""
        if decision is None:
            return text
        parts = [text] if text else []
        options = [o for o in decision.options if o.target == target]
        if len(options) > TIP_ANSWERS:  # (a hero to move to any of seven places: a wall of words)
            parts.append(f"Click: its {len(options)} answers open in the panel ("
                         + " / ".join(o.label for o in options[:2]) + " / …)")
        elif options:
            parts.append("Click: " + " / ".join(o.label for o in options))
        for blocked in decision.blocked:
            if blocked.target == target:
                parts.append(f"Not now: {blocked.reason}" + (f" ({blocked.rule})" if blocked.rule else ""))
                break
        return "\n".join(parts) if parts else None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        for rect, target in reversed(self.hits):
            if rect.collidepoint(pos):
                return target
        return None

    def tooltip(self, target: Target, view: ViewT, decision: Decision | None) -> str | None:
        return None

    def animate(self, event: Event, view: ViewT) -> None:
        """Queue the animations that show ``event`` (the table owns the places)."""

    def turn_label(self, view: ViewT) -> str:
        return ""

    def wants_button(self, option: "Option", on_table: set[Target]) -> bool:
        """Whether an option also gets a prompt-bar button (not only a lit thing on the table)."""
        return option.target is None or option.target not in on_table

    def place_of(self, target: Target) -> str:
        """Where ``target`` lies on the table, in a few words a player finds it by ("front rank,
        position 4"), or "" when the table has no such words for it: answers whose labels are
        the same words are told apart by it in the action panel (``decision.told_apart``)."""
        return ""

    def group_of(self, option: "Option") -> str:
        """The heading an answer stands under in the action panel: by default the kind its id
        begins with ("move:3,4" under "Move", "attack:..." under "Attack"), "Choices" for the rest."""
        kind = option.id.split(":", 1)[0]
        if kind in GROUP_TITLES:
            return GROUP_TITLES[kind]
        return kind.replace("_", " ").capitalize() if ":" in option.id else "Choices"

    def confirm(self, option: "Option", decision: Decision) -> tuple[str, str] | None:
        """An option that needs a second click (say, one that defeats your own champion):
        (the confirming button's label, the warning the prompt bar shows), or None."""
        return None

    def wheel(self, pos: tuple[int, int], steps: int) -> bool:
        """The mouse wheel over the table (e.g. zoom a board); returns True if used."""
        return False

    def drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        """The mouse moved with the right or middle button held (e.g. pan a zoomed board);
        returns True if used."""
        return False

    def inspect(self, target: Target) -> bool:
        """A click on something that is not an option now (e.g. select a figure to see its
        range); returns True if the table used it."""
        return False

    def update(self, dt: float) -> None:
        """Advance the table's own motion (a dice tray tumbling)."""

    def idle(self) -> None:
        """A frame in which no move arrived: the table may draw one cached thing ahead (a card
        face it will need), so that the frame a move arrives on finds it ready."""

    @property
    def busy(self) -> bool:
        """Whether the table is still showing something the players should see first."""
        return False
