"""Tables that draw their panels through cached layers (the Champions of Albion and Buck:
Legacy tables): a panel is painted once into its own surface and blitted again while what it
shows is unchanged, so a frame in which only the pointer moved costs a few blits.

A panel paints through ``mark`` (what is where, lit, selected, hovered), so a layer knows the
things it holds: it is painted again when its key changes, when what is lit or selected among
its things changes, and (with ``hover_inside``) when the pointer moves onto or off one of them
(a card that lifts); otherwise the hover ring is drawn over the layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable

import pygame

from game.core.decision import Target
from game.ui.tables.base import Table, ViewT, draw_glow
from game.ui.theme import px

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


@dataclass
class Layer:
    """A panel drawn once into its own surface and reused while what it shows is unchanged."""

    key: Hashable
    hover: Any
    image: pygame.Surface
    origin: tuple[int, int]
    hits: list[tuple[pygame.Rect, Target]] = field(default_factory=list)
    places: dict[str, pygame.Rect] = field(default_factory=dict)
    targets: set[Target] = field(default_factory=set)
    outlined: set[Target] = field(default_factory=set)
    small: set[Target] = field(default_factory=set)


class LayeredTable(Table[ViewT]):
    """A table whose panels are cached layers; ``begin`` starts each frame's bookkeeping."""

    def __init__(self, scene: "TableScene") -> None:
        super().__init__(scene)
        self.lit: set[Target] = set()
        self.selected: set[Target] = set()
        self.hover: Target | None = None
        self.places: dict[str, pygame.Rect] = {}
        self._visible: set[Target] = set()
        self._outlined: set[Target] = set()
        self._small: set[Target] = set()
        self._layers: dict[str, Layer] = {}

    def begin(self, lit: set[Target], selected: set[Target], hover: Target | None) -> None:
        """A new frame: nothing marked yet; what is lit, selected and under the pointer now."""
        self.hits = []
        self.places = {}
        self._visible = set()
        self._outlined = set()
        self._small = set()
        self.lit, self.selected, self.hover = set(lit), set(selected), hover

    def forget_layers(self) -> None:
        """Drop every kept layer (a new layout: other sizes, other places)."""
        self._layers.clear()

    def visible_targets(self) -> set[Target]:
        """The lit things drawn this frame (the action panel lists the others as buttons)."""
        return self._visible

    def mark(self, surface: pygame.Surface, rect: pygame.Rect, target: Target, outline: bool = True,
             small: bool = False) -> None:
        """Register ``rect`` as ``target``; a lit target glows gold (brighter under the mouse).
        ``small`` things (chips, tokens) also get a prompt-bar button when they are options."""
        self.hits.append((pygame.Rect(rect), target))
        if small:
            self._small.add(target)
        if target in self.lit:
            self._visible.add(target)
        if not outline:
            return
        self._outlined.add(target)
        draw_glow(surface, rect, self.scale, selected=target in self.selected, lit=target in self.lit,
                  hovered=target == self.hover)

    def layered(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Hashable,
                paint: Callable[[pygame.Surface, pygame.Rect], None], *, hover_inside: bool = True,
                margin: int | None = None) -> None:
        """Draw a panel through its cached layer: ``paint(layer, rect in the layer)`` runs again
        only when ``key`` (or what is lit or selected among the things it marks: a paint reads
        those only through ``mark``) changes. With ``hover_inside`` it also runs when the
        mouse moves onto or off one of its things (a Hand card lifts); otherwise the hover ring
        is drawn over the layer. The layer starts as a copy of the felt under it, so it is
        blitted opaque: layers must not overlap, their ``margin`` (room for the glows of the
        things at their edge, 10 px at 1280x720 unless given) included."""
        entry = self._layers.get(name)
        full_key = (key, tuple(rect))
        hover = self.hover if hover_inside else None
        if entry is None or entry.key != (full_key, entry.targets & self.lit, entry.targets & self.selected) \
                or entry.hover != (hover if hover in entry.targets else None):
            margin = px(10, self.scale) if margin is None else margin
            box = rect.inflate(2 * margin, 2 * margin).clip(surface.get_rect())
            image = self.felt(surface.get_size()).subsurface(box).copy()
            entry = self.painted(full_key, hover, image, box.topleft, lambda: paint(image, rect.move(-box.x, -box.y)))
            entry.key = (full_key, entry.targets & self.lit, entry.targets & self.selected)
            self._layers[name] = entry
        self.show(surface, entry)
        if not hover_inside and self.hover in entry.outlined:
            for r, t in entry.hits:
                if t == self.hover:
                    draw_glow(surface, r, self.scale, selected=t in self.selected, lit=t in self.lit, hovered=True)

    def painted(self, key: Hashable, hover: Target | None, image: pygame.Surface, origin: tuple[int, int],
                paint: Callable[[], None]) -> Layer:
        """Run ``paint`` (drawing into ``image``, which stands at ``origin``) and keep what it
        marked (hits, places, outlined and small things) as a layer."""
        outer = self.hits, self.places, self._outlined, self._small, self.hover
        self.hits, self.places, self._outlined, self._small, self.hover = [], {}, set(), set(), hover
        try:
            paint()
            hits = [(r.move(origin), t) for r, t in self.hits]
            places = {k: r.move(origin) for k, r in self.places.items()}
            outlined, small = self._outlined, self._small
        finally:
            self.hits, self.places, self._outlined, self._small, self.hover = outer
        targets = {t for _, t in hits}
        return Layer(key, hover if hover in targets else None, image, origin, hits, places, targets, outlined, small)

    def show(self, surface: pygame.Surface, entry: Layer) -> None:
        """Blit a layer and take over what it marked."""
        surface.blit(entry.image, entry.origin)
        self.hits.extend(entry.hits)
        self.places.update(entry.places)
        self._visible |= entry.targets & self.lit
        self._outlined |= entry.outlined
        self._small |= entry.small
