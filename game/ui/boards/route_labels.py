"""Where a route map writes each space's name: beside its circle, where it covers least of
the other spaces, labels, routes and the board's edge; shortened, or a short code first, where
a small board leaves no room (issue 12: a player clicked what looked like one space and went to
another). :class:`~game.ui.boards.route_map.RouteMap` places the labels once per layout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import pygame

Pixel = tuple[int, int]
Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class LabelRoom:
    """What placing the labels reads from the map (screen pixels): each space's name, kind,
    centre and radius, the visible routes, the board inside its frame, the compass rose, and
    the size a text takes as a space's label."""

    names: Mapping[str, str]
    kinds: Mapping[str, str]
    centres: Mapping[str, Pixel]
    radii: Mapping[str, int]
    routes: Sequence[Segment]
    inner: pygame.Rect
    compass: pygame.Rect
    size: Callable[[str, str], tuple[int, int]]


def place_labels(room: LabelRoom) -> tuple[dict[str, pygame.Rect], dict[str, str]]:
    """Every space keeps a readable name or code (issue 12: a player clicked what looked
    like one space and went to another). Greedy placement first: each label goes where it
    overlaps least (other spaces and labels most, the board edge, then routes), trying
    below, above, the sides and diagonals; a name that would cover another is shortened
    ("Silent W.", "Harro."). When that leaves a space without a label (a small board),
    every space first gets its short code ("SilW", "Harr": unique on the map), and then
    each grows back to its short form or full name where that covers no other label."""
    context = _placement_context(room)
    labels, texts = _place_greedy(room, context)
    if len(labels) < len(room.names):
        labels, texts = _place_codes_first(room, context)
    return labels, texts


def short_name(name: str, letters: int = 0) -> str:
    """A short form of a space's name for a crowded map: "The Silent Well" -> "Silent W.",
    "Harrowfield" -> "Harro.", "Dun Corra" -> "Dun C."; with ``letters``, the first letters of
    its main word ("Sil", "Har")."""
    words = name.split()
    if len(words) > 1 and words[0].lower() == "the":
        words = words[1:]
    if letters:
        return words[0][:letters]
    if len(words) > 1:
        return f"{words[0]} {words[1][0]}."
    return words[0] if len(words[0]) <= 6 else words[0][:5] + "."


def map_codes(names: dict[str, str]) -> dict[str, str]:
    """A short code for each space, unique on its map: the first three letters of its main
    word and the initial of the next ("The Silent Well" -> "SilW", "Saltmarsh" -> "Sal");
    where two would read the same, more letters of the main word ("Saltm", "Saltw")."""
    words = {sid: [w for w in name.split() if w.lower() != "the"] or name.split() for sid, name in names.items()}

    def code(sid: str, letters: int) -> str:
        main = words[sid]
        return main[0][:letters] + (main[1][0].upper() if len(main) > 1 else "")

    codes = {sid: code(sid, 3) for sid in names}
    for letters in range(4, 12):
        seen: dict[str, list[str]] = {}
        for sid, c in codes.items():
            seen.setdefault(c.lower(), []).append(sid)
        clashes = [sid for group in seen.values() if len(group) > 1 for sid in group]
        if not clashes:
            break
        for sid in clashes:
            codes[sid] = code(sid, letters)
    return codes


_Placement = tuple["_Obstacles", "_Obstacles", pygame.Rect, list[str]]
"""Circles, route segments, the board's inner rect, and the spaces in labelling order."""


@dataclass(frozen=True)
class _Obstacles:
    """What a label should keep off (space circles or route segments), each with a box
    that holds every pixel where it can count against a label, so that
    ``Rect.collidelistall`` picks the few worth the exact test."""

    shapes: list[Any]
    boxes: list[pygame.Rect]

    @staticmethod
    def circles(circles: list[tuple[Pixel, float]]) -> "_Obstacles":
        return _Obstacles(circles, [_circle_box(c, r) for c, r in circles])

    @staticmethod
    def segments(segments: list[tuple[tuple[float, float], tuple[float, float]]]) -> "_Obstacles":
        boxes = []
        for p, q in segments:  # the integer points ``_segment_hits_rect`` clips, with their last row and column
            (x0, y0), (x1, y1) = (int(p[0]), int(p[1])), (int(q[0]), int(q[1]))
            boxes.append(pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1))
        return _Obstacles(segments, boxes)


def _placement_context(room: LabelRoom) -> _Placement:
    """What every label keeps off (space circles, routes, the board's edge) and the order
    in which the spaces are labelled."""
    circles = _Obstacles.circles([(c, room.radii[s] + 2) for s, c in room.centres.items()])
    segments = _Obstacles.segments(list(room.routes))
    inner = room.inner

    def crowding(sid: str) -> float:  # most constrained first: capitals, then the nearest neighbours
        c = room.centres[sid]
        near = sorted(math.hypot(c[0] - o[0], c[1] - o[1]) for o_id, o in room.centres.items() if o_id != sid)
        return sum(near[:3]) if near else 0.0

    order = sorted(room.names, key=lambda s: (room.kinds[s] != "capital", crowding(s), s))
    return circles, segments, inner, order


def _place_greedy(room: LabelRoom, context: _Placement) -> tuple[dict[str, pygame.Rect], dict[str, str]]:
    circles, segments, inner, order = context
    placed: list[pygame.Rect] = [room.compass]
    out: dict[str, pygame.Rect] = {}
    texts: dict[str, str] = {}
    for sid in order:
        name = room.names[sid]
        for text in dict.fromkeys((name, short_name(name))):
            rect = _best_label_rect(room, sid, text, placed, circles, segments, inner)
            if room.kinds[sid] == "capital" or not any(rect.colliderect(other) for other in placed):
                break
        else:
            continue  # left out: the codes-first placement takes over
        out[sid] = rect
        texts[sid] = text
        placed.append(rect)
    return out, texts


def _place_codes_first(room: LabelRoom, context: _Placement) -> tuple[dict[str, pygame.Rect], dict[str, str]]:
    circles, segments, inner, order = context
    codes = map_codes(dict(room.names))
    compass = room.compass
    out: dict[str, pygame.Rect] = {}
    texts: dict[str, str] = {}
    for sid in order:  # every space its code (a capital its name: there are few, and they lead the order)
        text = room.names[sid] if room.kinds[sid] == "capital" else codes[sid]
        out[sid] = _best_label_rect(room, sid, text, [compass, *out.values()], circles, segments, inner,
                                    far=True)
        texts[sid] = text
    for sid in order:  # then each grows where the longer form covers no other label
        name = room.names[sid]
        others = [compass, *(rect for other, rect in out.items() if other != sid)]
        for text in dict.fromkeys((name, short_name(name))):
            if text == texts[sid] or len(text) <= len(texts[sid]):
                break
            rect = _best_label_rect(room, sid, text, others, circles, segments, inner)
            if not any(rect.colliderect(other) for other in others) and inner.contains(rect):
                out[sid], texts[sid] = rect, text
                break
    return out, texts


def _best_label_rect(room: LabelRoom, sid: str, text: str, placed: list[pygame.Rect], circles: _Obstacles,
                     segments: _Obstacles, inner: pygame.Rect, far: bool = False) -> pygame.Rect:
    """Where ``text`` as the name of ``sid`` overlaps least (see ``place_labels``); ``far``
    also tries places a little farther out (a code that must find room on a crowded map)."""
    w, h = room.size(sid, text)
    cx, cy = room.centres[sid]
    r = room.radii[sid]
    gap = 1
    d = r * 0.72
    candidates = [
        (cx - w / 2, cy + r + gap, 0.0),                    # below
        (cx - w / 2, cy - r - gap - h, 0.4),                # above
        (cx + r + 3, cy - h / 2, 0.8),                      # right
        (cx - r - 3 - w, cy - h / 2, 0.8),                  # left
        (cx + d, cy + d, 1.2),                              # below right
        (cx - d - w, cy + d, 1.2),                          # below left
        (cx + d, cy - d - h, 1.4),                          # above right
        (cx - d - w, cy - d - h, 1.4),                      # above left
    ]
    if far:  # farther out and nudged aside, a little less preferred
        e = r + h * 0.6
        pushed = ((0, e), (0, -e), (e, 0), (-e, 0))  # below, above, right, left: pushed out
        near = list(candidates)
        candidates += [(x + dx, y + dy, pref + 1.0) for (x, y, pref), (dx, dy) in zip(near, pushed)]
        nudge = h * 0.4
        candidates += [(x + dx, y + dy, pref + 0.6) for x, y, pref in near
                       for dx, dy in ((nudge, 0), (-nudge, 0), (0, nudge), (0, -nudge))]
    best = None
    for x, y, pref in candidates:
        rect = pygame.Rect(int(round(x)), int(round(y)), w, h)
        score = pref
        # Only what a quick box test meets can add to the score (in the same order, so the
        # sums, and the places, are those of testing everything).
        for k in rect.collidelistall(placed):
            clip = rect.clip(placed[k])
            score += clip.width * clip.height * 0.5
            if far and clip.width and clip.height:
                score += 100.0  # a code must not touch another label if any place is free
        for k in rect.collidelistall(circles.boxes):
            centre, radius = circles.shapes[k]
            if centre == (cx, cy):
                continue
            score += _rect_circle_overlap(rect, centre, radius) * 0.7
        outside = rect.width * rect.height - _area(rect.clip(inner))
        score += outside * 2.0
        for k in rect.inflate(-4, -4).collidelistall(segments.boxes):
            p, q = segments.shapes[k]
            if _segment_hits_rect(p, q, rect):
                score += 6.0
        if best is None or score < best[0]:
            best = (score, rect)
    assert best is not None
    return best[1]


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def _circle_box(centre: Pixel, radius: float) -> pygame.Rect:
    """The square ``_rect_circle_overlap`` counts a circle as."""
    box = pygame.Rect(0, 0, int(radius * 1.7), int(radius * 1.7))
    box.center = centre
    return box


def _rect_circle_overlap(rect: pygame.Rect, centre: Pixel, radius: float) -> float:
    """An estimate of the overlap area of a rect and a circle (its bounding square, shrunk)."""
    return float(_area(rect.clip(_circle_box(centre, radius))))


def _segment_hits_rect(p: tuple[float, float], q: tuple[float, float], rect: pygame.Rect) -> bool:
    return bool(rect.inflate(-4, -4).clipline((int(p[0]), int(p[1])), (int(q[0]), int(q[1]))))
