"""The animation queue: what the core's events look like as they happen (ART.md, motion).

Animations play one after another (a group plays together), eased out, their length
scaled by the animation-speed setting; Space skips them all. Drawing an animation never
changes game state: the table already shows the new state underneath, and an animation
draws the movement on top.
"""

from __future__ import annotations

from collections import deque

import pygame

from game.ui import theme
from game.ui.assets import Assets


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


class Animation:
    duration = 0.3

    def __init__(self, duration: float | None = None) -> None:
        if duration is not None:
            self.duration = duration
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None: ...


class FlyCard(Animation):
    """A card (face or back) sliding from one place to another."""

    def __init__(self, image: pygame.Surface, start: pygame.Rect, end: pygame.Rect, duration: float = 0.35,
                 delay: float = 0.0) -> None:
        super().__init__(duration + delay)
        self.image, self.start, self.end, self.delay, self.travel = image, start, end, delay, duration

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        t = max(0.0, self.elapsed - self.delay) / max(self.travel, 1e-6)
        t = ease_out(min(1.0, t))
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        w = self.start.width + (self.end.width - self.start.width) * t
        h = self.start.height + (self.end.height - self.start.height) * t
        image = pygame.transform.smoothscale(self.image, (max(4, int(w)), max(4, int(h))))
        shadow = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 70))
        surface.blit(shadow, (x + 5, y + 7))
        surface.blit(image, (x, y))


class Pulse(Animation):
    """A gold (or red) ring that flares around what changed."""

    def __init__(self, rect: pygame.Rect, colour: theme.Colour = theme.GOLD, duration: float = 0.4) -> None:
        super().__init__(duration)
        self.rect, self.colour = pygame.Rect(rect), colour

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        t = ease_out(self.progress)
        grow = int(theme.px(14, scale) * t)
        pygame.draw.rect(surface, self.colour, self.rect.inflate(grow, grow), width=max(2, int(5 * (1 - t)) + 1),
                         border_radius=theme.px(10, scale))


class Trail(Animation):
    """The way a figure went (issue 12: AI turns shown step by step, the figure moved): gold
    steps light up from the first square to the last, then fade."""

    def __init__(self, points: list[tuple[int, int]], duration: float = 0.5) -> None:
        super().__init__(duration)
        self.points = list(points)

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if not self.points:
            return
        t = self.progress
        lit = max(1, int(round(len(self.points) * min(1.0, t / 0.6))))  # the steps light up in order
        fade = 1.0 if t < 0.6 else max(0.0, (1 - t) / 0.4)
        r = max(3, theme.px(6, scale))
        for i, (x, y) in enumerate(self.points[:lit]):
            if i:  # the line from the step before
                pygame.draw.line(surface, theme.GOLD, self.points[i - 1], (x, y), max(2, r // 2))
            if i == len(self.points) - 1:  # where it stands now: a ring, so the figure stays in sight
                ring = int(r * 2.6)
                pygame.draw.circle(surface, theme.INK, (x, y), ring + 1, max(2, r // 2) + 2)
                pygame.draw.circle(surface, theme.GOLD_LIGHT, (x, y), ring, max(2, r // 2))
                continue
            radius = int(r * (0.6 + 0.4 * fade))
            pygame.draw.circle(surface, theme.INK, (x, y), radius + 2)
            pygame.draw.circle(surface, theme.GOLD, (x, y), radius)


class Banner(Animation):
    """A parchment ribbon across the table: a new turn, an attack, a result."""

    def __init__(self, text: str, centre: tuple[int, int], duration: float = 0.9,
                 colour: theme.Colour = theme.PARCHMENT) -> None:
        super().__init__(duration)
        self.text, self.centre, self.colour = text, centre, colour

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        t = self.progress
        alpha = int(255 * min(1.0, t * 5, (1 - t) * 4))
        label = assets.text(self.text, "heading", theme.px(30, scale), theme.INK)
        box = label.get_rect(center=self.centre).inflate(theme.px(60, scale), theme.px(22, scale))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*self.colour, 235), layer.get_rect(), border_radius=theme.px(8, scale))
        pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), width=3, border_radius=theme.px(8, scale))
        layer.blit(label, label.get_rect(center=layer.get_rect().center))
        layer.set_alpha(alpha)
        surface.blit(layer, box)


class ResultCard:
    """A result that waits on the table (issue 12, staged outcomes): a battle or combat result
    stays until a click or Space, or until ``seconds`` pass (0: until a click)."""

    def __init__(self, text: str, rule: str, centre: tuple[int, int], seconds: float) -> None:
        self.text, self.rule, self.centre = text, rule, centre
        self.left = seconds if seconds > 0 else float("inf")

    def update(self, dt: float) -> None:
        self.left -= dt

    @property
    def done(self) -> bool:
        return self.left <= 0

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        width = theme.px(520, scale)
        lines = assets.wrap(self.text, "heading", theme.px(24, scale), width)
        line_h = assets.font("heading", theme.px(24, scale)).get_linesize()
        foot = assets.text(f"{self.rule} · click or Space to go on" if self.rule else "click or Space to go on",
                           "italic", max(theme.MIN_TEXT_PX, theme.px(15, scale)), theme.MUTED)
        box = pygame.Rect(0, 0, width + theme.px(48, scale),
                          line_h * len(lines) + foot.get_height() + theme.px(40, scale))
        box.center = self.centre
        pygame.draw.rect(surface, theme.SHADOW, box.move(0, theme.px(4, scale)), border_radius=theme.px(10, scale))
        pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=theme.px(10, scale))
        pygame.draw.rect(surface, theme.GOLD, box, width=3, border_radius=theme.px(10, scale))
        y = box.y + theme.px(16, scale)
        for line in lines:
            label = assets.text(line, "heading", theme.px(24, scale), theme.INK)
            surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
            y += line_h
        surface.blit(foot, foot.get_rect(midtop=(box.centerx, y + theme.px(6, scale))))


class NumberPop(Animation):
    """A number that pops up and fades (a total, a change)."""

    def __init__(self, text: str, pos: tuple[int, int], colour: theme.Colour = theme.GOLD_LIGHT,
                 duration: float = 0.6) -> None:
        super().__init__(duration)
        self.text, self.pos, self.colour = text, pos, colour

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        t = ease_out(self.progress)
        label = assets.text(self.text, "heading", theme.px(34, scale), self.colour)
        label = label.copy()
        label.set_alpha(int(255 * (1 - self.progress * 0.7)))
        surface.blit(label, label.get_rect(center=(self.pos[0], self.pos[1] - int(theme.px(24, scale) * t))))


class AnimationQueue:
    def __init__(self) -> None:
        self.groups: deque[list[Animation]] = deque()
        self.speed = 1.0

    @property
    def busy(self) -> bool:
        return bool(self.groups)

    def add(self, *animations: Animation, together: bool = True) -> None:
        if self.speed <= 0 or not animations:
            return
        for animation in animations:
            animation.duration *= self.speed
            if isinstance(animation, FlyCard):
                animation.delay *= self.speed
                animation.travel *= self.speed
        if together:
            self.groups.append(list(animations))
        else:
            for animation in animations:
                self.groups.append([animation])

    def update(self, dt: float) -> None:
        if not self.groups:
            return
        group = self.groups[0]
        for animation in group:
            animation.elapsed += dt
        if all(a.done for a in group):
            self.groups.popleft()

    def skip(self) -> None:
        self.groups.clear()

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        if self.groups:
            for animation in self.groups[0]:
                animation.draw(surface, assets, scale)
