"""Line of sight as a yes or no, fast: 4.4 step 2 with bit masks.

The rules ask "can this figure see that one?" for every attack they offer, mostly about
squares never asked before, so remembering answers helps little; this makes the first
answer cheap instead. For one board and one blocking edge set ``W``:

- every square of the board grown by one gets a bit; the off-map squares and obstacles
  of that box are the static blocked squares, and the figures add theirs per question;
- per segment *shape* (translation invariant, remembered), the squares checks C1 and C2
  look at are a mask relative to A, shifted onto the board by A's index;
- per pair of squares (remembered), which of its segments walls alone block (C2's edges,
  C3, C4: figures play no part there), found only for segments no square blocks.

A segment is clear when walls do not block it and no blocked square but A and T is in
its mask: exactly the segments :func:`geometry.line_of_sight` finds clear, in its order.
It still answers "why not" (the reason players read); this module only answers whether.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from game.rulesets.dungeon_delve import geometry as geo
from game.rulesets.dungeon_delve.geometry import Edge, Square


class SightMasks:
    """Line of sight on one board with one blocking edge set ``W``."""

    def __init__(self, board: geo.Board, walls: frozenset[Edge]) -> None:
        self.board = board
        self.data = board.walls_data(walls)
        xs = [x for x, _ in board.terrain]
        ys = [y for _, y in board.terrain]
        self.x0, self.y0 = min(xs) - 1, min(ys) - 1
        self.stride = max(xs) - self.x0 + 2
        rows = max(ys) - self.y0 + 2
        self.bit = {q: 1 << self.index(q) for q in board.terrain}
        self.static = (1 << (rows * self.stride)) - 1  # the whole grown box...
        for q in board.see_through:
            self.static &= ~self.bit[q]  # ...but the squares only a figure can block
        self._figures: frozenset[Square] = frozenset()
        self._blocked = self.static
        """The last figures asked about, and the squares they and the board block."""
        self._walled: dict[tuple[Square, Square], tuple[int, int]] = {}
        """Per pair of squares, the segments looked at so far (bit i of the first int)
        and those of them walls block (of the second)."""

    def index(self, q: Square) -> int:
        return (q[1] - self.y0) * self.stride + q[0] - self.x0

    def first_clear(self, a: Square, t: Square, figures: Iterable[Square]) -> int | None:
        """The index in :func:`geometry.corner_pairs` of the first clear segment from
        on-map square ``a`` to a different on-map square ``t`` past ``figures``, or None."""
        bit = self.bit
        if figures is self._figures:  # the same (frozen) figures as the last question: a menu asks many
            blocked = self._blocked
        else:
            blocked = self.static
            for q in figures:
                blocked |= bit.get(q, 0)
            if isinstance(figures, frozenset):
                self._figures, self._blocked = figures, blocked
        blocked &= ~(bit[a] | bit[t])
        start = self.index(a)
        known, walled = self._walled.get((a, t), (0, 0))
        for i, (mask, base) in enumerate(_segment_masks(self.stride, t[0] - a[0], t[1] - a[1])):
            if (blocked >> (start + base)) & mask:
                continue  # a blocked square: the walls need not be looked at
            if not (known >> i) & 1:
                known |= 1 << i
                pa, pt = geo.corner_pairs(a, t)[i]
                if geo.segment_walled(self.data, a, t, pa, pt):
                    walled |= 1 << i
                self._walled[(a, t)] = (known, walled)
            if not (walled >> i) & 1:
                return i
        return None


@lru_cache(maxsize=None)
def _segment_masks(stride: int, dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Per segment of :func:`geometry.corner_pairs` from (0, 0) to (dx, dy): the squares
    C1 and C2 look at as (mask, base), square ``q`` being bit ``index(q) - base`` of
    ``mask`` with ``index`` relative to (0, 0) on rows ``stride`` wide."""
    out = []
    for pa, pt in geo.corner_pairs((0, 0), (dx, dy)):
        offsets = [y * stride + x for x, y in geo.segment_squares(pa, pt)]
        base = min(offsets, default=0)
        mask = 0
        for offset in offsets:
            mask |= 1 << (offset - base)
        out.append((mask, base))
    return tuple(out)

