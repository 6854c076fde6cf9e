"""A game's options on a page of their own: each option's name, its switch, number or word,
and what it does in full, in as many columns as the window needs.

The new game form shows a game's options in its own column while they fit there under the
seats; a game with more (Buck: Legacy has eight) opens this page from the form instead, so no
option ever lies under the Start button or off the window. Both make their widgets with
:func:`option_widget`, writing into the same dict of chosen values."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, MutableMapping

import pygame

from game.ui import theme
from game.ui.scenes.base import MenuScene
from game.ui.widgets.basic import Button, Cycle, TextField, Widget

LABEL_SIZE = 17
HELP_SIZE = 15


def option_widget(system: Any, option: Any, chosen: MutableMapping[str, Any], rect: pygame.Rect) -> Widget:
    """The widget for one game option, showing its chosen value (else its default) and writing a
    change into ``chosen``: a cycle for a list of values or a switch, a number field otherwise."""
    value = chosen.get(option.id, option.default)
    if option.choices or option.suggestions:
        values = option.choices or option.suggestions
        return Cycle(rect, [(c, system.option_label(option.id, c)) for c in values], str(value),
                     partial(chosen.__setitem__, option.id), tooltip=option.help)
    if isinstance(option.default, bool):
        return Cycle(rect, [("off", "Off"), ("on", "On")], "on" if value else "off",
                     lambda v: chosen.__setitem__(option.id, v == "on"), tooltip=option.help)
    return TextField(rect, str(value), max_length=5, allowed=str.isdigit, tooltip=option.help,
                     on_change=lambda text: chosen.__setitem__(option.id, int(text) if text else 0))


def editable_options(system: Any) -> list[Any]:
    """The game options a widget can set: switches, numbers and words. A structured option (a
    deck list) keeps its default until a form can edit one (the deck builder sets decks)."""
    return [option for option in system.game_options if not option.structured]


def widget_width(option: Any, s: float) -> int:
    """A word's cycle is wider than a switch or a number: Dungeon Delve's party of four names
    fits it with its arrows."""
    return theme.px(360 if option.choices or option.suggestions else 200, s)


def changed_options(system: Any, chosen: MutableMapping[str, Any]) -> list[str]:
    """The options set away from their defaults, as "Quick game" (a switch on) or "Adventure
    limit 3", in the game's order."""
    out = []
    for option in system.game_options:
        if option.structured or chosen.get(option.id, option.default) == option.default:
            continue
        value = chosen[option.id]
        if isinstance(value, bool):
            out.append(option.label if value else f"{option.label} off")
        else:
            out.append(f"{option.label} {system.option_label(option.id, value)}")
    return out


class GameOptionsScene(MenuScene):
    name = "game-options"

    def __init__(self, app: Any, system: Any, chosen: MutableMapping[str, Any],
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.system = system
        self.chosen = chosen
        self.on_done = on_done
        self.title = f"Options · {system.title}"
        self.entries: list[tuple[Any, pygame.Rect, pygame.Rect]] = []  # option, label row, help area

    def options(self) -> list[Any]:
        return editable_options(self.system)

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        margin, gap = theme.px(50, s), theme.px(30, s)
        top = theme.px(120, s)
        done = Button(pygame.Rect(0, 0, theme.px(180, s), theme.px(50, s)), "Done", self.done, primary=True,
                      hotkey=pygame.K_RETURN, tooltip="Back to the new game (Enter or Esc)")
        done.rect.bottomright = (w - theme.px(60, s), h - theme.px(30, s))
        defaults = Button(pygame.Rect(0, 0, theme.px(180, s), theme.px(50, s)), "Defaults", self.defaults,
                          tooltip="Every option as the rules say")
        defaults.rect.bottomright = (done.rect.x - theme.px(16, s), done.rect.bottom)
        bottom = done.rect.y - theme.px(16, s)
        options = self.options()
        columns = self._columns(options, w - 2 * margin, gap, bottom - top, s)
        # A column no wider than a name, its widget and a line of help need: the name stays
        # near its widget; the columns stand in the middle.
        width = min((w - 2 * margin - (columns - 1) * gap) // columns, theme.px(640, s))
        margin = (w - columns * width - (columns - 1) * gap) // 2
        heights = [self._entry_height(option, width, s) for option in options]
        per_column = -(-len(options) // columns)
        self.entries = []
        row_h = theme.px(38, s)
        for i, option in enumerate(options):
            column = i // per_column
            x = margin + column * (width + gap)
            y = top + sum(heights[column * per_column:i])
            rect = pygame.Rect(0, y, widget_width(option, s), row_h)
            rect.right = x + width
            self.widgets.append(option_widget(self.system, option, self.chosen, rect))
            label_row = pygame.Rect(x, y, rect.x - theme.px(10, s) - x, row_h)
            help_area = pygame.Rect(x, y + row_h + theme.px(4, s), width, self._help_height(option, width, s))
            self.entries.append((option, label_row, help_area))
        self.widgets += [defaults, done]

    def _columns(self, options: list[Any], room: int, gap: int, height: int, s: float) -> int:
        """As few columns as hold every option in ``height``, none narrower than a label, its
        widget and a few words of help need."""
        narrowest = theme.px(360, s)
        best = 1
        for columns in range(1, max(1, len(options)) + 1):
            width = (room - (columns - 1) * gap) // columns
            if width < narrowest:
                break
            best = columns
            heights = [self._entry_height(option, width, s) for option in options]
            per_column = -(-len(options) // columns)
            if max(sum(heights[c * per_column:(c + 1) * per_column]) for c in range(columns)) <= height:
                break
        return best

    def _entry_height(self, option: Any, width: int, s: float) -> int:
        """An option's row (its name and widget), its help under it, and a gap to the next."""
        return theme.px(38, s) + theme.px(4, s) + self._help_height(option, width, s) + theme.px(14, s)

    def _help_height(self, option: Any, width: int, s: float) -> int:
        lines = self.app.assets.wrap(option.help, "italic", theme.px(HELP_SIZE, s), width)
        return len(lines) * self.app.assets.font("italic", theme.px(HELP_SIZE, s)).get_linesize()

    def defaults(self) -> None:
        for option in self.options():
            self.chosen.pop(option.id, None)
        self.layout(self.app.size)

    def done(self) -> None:
        self.app.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def back(self) -> bool:
        self.done()
        return True

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        for option, label_row, help_area in self.entries:
            label = a.text(option.label, "bold", theme.px(LABEL_SIZE, s), theme.GOLD_LIGHT)
            surface.blit(label, label.get_rect(midleft=(label_row.x, label_row.centery)))
            y = help_area.y
            for line in a.wrap(option.help, "italic", theme.px(HELP_SIZE, s), help_area.width):
                text = a.text(line, "italic", theme.px(HELP_SIZE, s), theme.PARCHMENT)
                surface.blit(text, (help_area.x, y))
                y += a.font("italic", theme.px(HELP_SIZE, s)).get_linesize()
