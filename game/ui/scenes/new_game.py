"""New game: the rule system (from the registry, with its summary), the number of seats,
each seat human or AI with a level and a name (and, in a game whose players build decks, the
seat's deck: the starter deck or a saved one, with Edit… opening the deck builder), an
optional seed, and variant options. A game refused at start (an illegal deck) says every
reason in a notice.

Seat names are checked as they are typed (printable characters only, at most
``saves.MAX_NAME``) and again on Start, the same check a save's names pass when loaded."""

from __future__ import annotations

from functools import partial

import secrets
import unicodedata
from typing import Any

import pygame

from game import saves
from game.core import registry
from game.core.errors import FiveRealmsError
from game.session import Seat, Session
from game.ui import theme
from game.ui.scenes.base import MenuScene, NoticeScene
from game.ui.scenes.game_options import (GameOptionsScene, changed_options, editable_options, option_widget,
                                         widget_width)
from game.ui.widgets.basic import Button, Cycle, TextField

SEAT_KINDS = [("human", "Human"), ("normal", "AI · normal"), ("hard", "AI · hard"), ("easy", "AI · easy"),
              ("random", "AI · random")]
DEFAULT_NAMES = ["Ann", "Bram", "Cora", "Dain"]
SEAT_HELP = ("Who plays this seat (click to change): a human at this screen, or the computer. Normal plays "
             "by rules of thumb at once; hard thinks about a second a move, playing out normal's answer and "
             "others from what its seat knows; easy is normal with some moves at random; random picks any "
             "legal move.")


def typeable(text: str, ch: str) -> bool:
    """Whether ``ch`` may be typed after ``text`` in a name: printable, and not a combining
    mark that would start a word (a word of marks alone has no width to draw)."""
    if not ch.isprintable():
        return False
    starts_word = not text or text.endswith(" ")
    return not (starts_word and unicodedata.category(ch).startswith("M"))


def _typeable_in(field: TextField, ch: str) -> bool:
    return typeable(field.text, ch)


OPTIONS_LABEL = "Game options"
STRICT_LABEL = "Strict windows"
STRICT_HELP = ("For players sharing one screen. On: at every moment the rules let a player respond, the screen "
               "goes to that player, even with nothing to play, so a hand-off never tells what a hand holds. "
               "Off: the screen goes to a player only when they can respond.")


class NewGameScene(MenuScene):
    name = "new-game"
    title = "New game"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.system_id = registry.window_ids()[0]
        remembered = app.settings.last_seats
        # One row per seat the largest rule system allows (Dungeon Delve has 5).
        self.most_seats = max([4] + [registry.get(sid).max_seats for sid in registry.window_ids()])
        self.kinds = list(remembered) + ["normal"] * (self.most_seats - len(remembered))
        self.names = list(DEFAULT_NAMES) + [""] * (self.most_seats - len(DEFAULT_NAMES))
        self.seat_count = len(remembered)
        self.seed_text = ""
        self.options: dict[str, Any] = {}
        self.strict_windows = False
        self.error = ""
        self.deck_picks = ["starter"] * self.most_seats  # a game with a deck builder: each seat's deck

    @property
    def system(self) -> Any:
        return registry.get(self.system_id)

    def build(self, size: tuple[int, int], s: float) -> None:
        system = self.system
        self.seat_count = max(system.min_seats, min(system.max_seats, self.seat_count))
        w, h = size
        left = max(theme.px(24, s), int(w * 0.06))
        top = theme.px(130, s)
        row = theme.px(46, s)
        self.widgets = []
        self.games_x = left
        for i, sid in enumerate(registry.window_ids()):
            rect = pygame.Rect(left, top + i * (row + 6), theme.px(260, s), row)
            button = Button(rect, registry.get(sid).title, partial(self.pick, sid),
                            primary=sid == self.system_id, tooltip=registry.get(sid).summary)
            self.widgets.append(button)
        # The summary goes under the list of games; the form's labels get the room they need.
        self.summary_rect = pygame.Rect(left, top + len(registry.window_ids()) * (row + 6) + theme.px(16, s),
                                        theme.px(260, s), h)
        # Start and Back first: the form must end above them.
        start = Button(pygame.Rect(0, 0, theme.px(220, s), theme.px(50, s)), "Start", self.start, primary=True,
                       hotkey=pygame.K_RETURN, tooltip="Start the game (Enter)")
        start.rect.bottomright = (w - theme.px(60, s), h - theme.px(40, s))
        back = Button(pygame.Rect(0, 0, theme.px(160, s), theme.px(50, s)), "Back", self.app.stack.pop,
                      tooltip="Back to the title (Esc)")
        back.rect.bottomright = (start.rect.x - theme.px(16, s), start.rect.bottom)
        # The game's options stand in the form while they fit under its most seats; else one
        # row opens them on a page of their own (game_options), whatever the seats.
        seats_end = top + row + theme.px(10, s) + system.max_seats * row + theme.px(10, s) + row
        self.options_inline = seats_end + (len(self.form_options()) + 1) * row <= back.rect.y
        labels = [system.seat_label(i, system.max_seats) for i in range(system.max_seats)]
        labels += ["Seed", STRICT_LABEL]
        labels += [option.label for option in self.form_options()] if self.options_inline else [OPTIONS_LABEL]
        label_w = max(self.app.assets.text(t, "bold", theme.px(17, s), theme.PARCHMENT).get_width() for t in labels)
        x = left + theme.px(260 + 28, s) + label_w + theme.px(8, s)
        self.form_x = x
        builder = self.deck_builder()
        choices = builder.choices() if builder is not None else []
        values = [value for value, _ in choices]
        self.deck_picks = [pick if pick in values else "starter" for pick in self.deck_picks]
        self._deck_labels = [(value, saves.quote(label, 18)) for value, label in choices]
        counts = [(str(n), f"{n} players") for n in range(system.min_seats, system.max_seats + 1)]
        self.widgets.append(Cycle(pygame.Rect(x, top, theme.px(200, s), row - 6), counts, str(self.seat_count),
                                  self.set_count, tooltip="How many players (click to change)"))
        self.seat_rows_top = top + row + theme.px(10, s)
        for i in range(self.seat_count):
            y = self.seat_rows_top + i * row
            self.widgets.append(Cycle(pygame.Rect(x, y, theme.px(200, s), row - 8), SEAT_KINDS, self.kinds[i],
                                      partial(self.set_kind, i),
                                      tooltip=SEAT_HELP))
            name_field = TextField(pygame.Rect(x + theme.px(212, s), y, theme.px(220, s), row - 8),
                                   self.names[i], max_length=saves.MAX_NAME, placeholder=f"Player {i + 1}",
                                   on_change=partial(self.set_name, i),
                                   tooltip=f"Name (at most {saves.MAX_NAME} characters)")
            name_field.allowed = partial(_typeable_in, name_field)
            self.widgets.append(name_field)
            if builder is not None:
                self._deck_picker(builder, i, pygame.Rect(name_field.rect.right + theme.px(12, s), y,
                                                          theme.px(180, s), row - 8), s)
        y = self.seat_rows_top + self.seat_count * row + theme.px(10, s)
        self.seed_field = TextField(pygame.Rect(x, y, theme.px(200, s), row - 8), self.seed_text, max_length=12,
                                    placeholder="random", allowed=str.isdigit,
                                    on_change=lambda v: setattr(self, "seed_text", v),
                                    tooltip="The same seed and the same choices give the same game")
        self.widgets.append(self.seed_field)
        self.seed_label_y = y
        y += row
        self.option_rows: list[tuple[str, int]] = []
        self.options_summary: tuple[str, int, int] | None = None  # the page's row: text, x, y
        if self.options_inline:
            for option in self.form_options():
                rect = pygame.Rect(x, y, widget_width(option, s), row - 8)
                self.widgets.append(option_widget(system, option, self.options, rect))
                self.option_rows.append((option.label, y))
                y += row
        else:
            page = Button(pygame.Rect(x, y, theme.px(200, s), row - 8), "Choose…", self.open_options,
                          tooltip=f"All {len(self.form_options())} options of {system.title}, each with what it does")
            self.widgets.append(page)
            self.option_rows.append((OPTIONS_LABEL, y))
            changed = changed_options(system, self.options)
            text = "Changed: " + ", ".join(changed) if changed else "As the rules say"
            self.options_summary = (text, page.rect.right + theme.px(12, s), y)
            y += row
        self.widgets.append(Cycle(pygame.Rect(x, y, theme.px(200, s), row - 8), [("off", "Off"), ("on", "On")],
                                  "on" if self.strict_windows else "off",
                                  lambda v: setattr(self, "strict_windows", v == "on"), tooltip=STRICT_HELP))
        self.option_rows.append((STRICT_LABEL, y))
        self.widgets += [start, back]

    def open_options(self) -> None:
        self.app.stack.push(GameOptionsScene(self.app, self.system, self.options,
                                             on_done=lambda: self.layout(self.app.size)))

    def deck_builder(self) -> Any:
        """The chosen game's deck builder scene class when its players build decks, else None."""
        if not registry.registration(self.system_id).deck_builder or self.deck_option() is None:
            return None
        return registry.part(self.system_id, "deck_builder")

    def deck_option(self) -> Any:
        """The game's per-seat structured option (the decks), or None."""
        return next((o for o in self.system.game_options if o.structured and o.per_seat), None)

    def _deck_picker(self, builder: Any, seat: int, rect: pygame.Rect, s: float) -> None:
        """A seat's deck: the starter deck or a saved one, and Edit… to open it in the builder."""
        self.widgets.append(Cycle(rect, self._deck_labels, self.deck_picks[seat],
                                  partial(self.deck_picks.__setitem__, seat),
                                  tooltip="This seat's deck: the starter deck or one of your saved decks"))
        edit = Button(pygame.Rect(rect.right + theme.px(8, s), rect.y, theme.px(76, s), rect.height), "Edit…",
                      partial(self.edit_deck, builder, seat), tooltip="Open this deck in the deck builder")
        self.widgets.append(edit)

    def edit_deck(self, builder: Any, seat: int) -> None:
        self.app.stack.push(builder(self.app, self.system_id, self.deck_picks[seat],
                                    on_saved=lambda name: self.deck_picks.__setitem__(seat, f"file:{name}")))

    def game_options(self) -> dict[str, Any]:
        """The options the game starts with: the form's, and each seat's deck (the starter deck
        is no entries; a saved deck is read again now, DeckError if it cannot be)."""
        options = dict(self.options)
        builder, option = self.deck_builder(), self.deck_option()
        if builder is not None and option is not None:
            picks = [builder.option_entries(self.deck_picks[i]) for i in range(self.seat_count)]
            if any(picks):
                options[option.id] = tuple(picks)
        return options

    def form_options(self) -> list[Any]:
        """The game options this form (or its options page) has a widget for."""
        return editable_options(self.system)

    def pick(self, system_id: str) -> None:
        self.system_id = system_id
        self.options = {}
        defaults = list(self.system.default_seats)
        self.kinds = defaults + ["normal"] * (self.most_seats - len(defaults))
        self.seat_count = len(defaults)
        self.layout(self.app.size)

    def set_count(self, value: str) -> None:
        self.seat_count = int(value)
        self.layout(self.app.size)

    def set_kind(self, index: int, value: str) -> None:
        self.kinds[index] = value

    def set_name(self, index: int, value: str) -> None:
        self.names[index] = value

    def seats(self) -> list[Seat]:
        out = []
        for i in range(self.seat_count):
            name = self.names[i].strip() or f"Player {i + 1}"
            kind = self.kinds[i]
            out.append(Seat("human", name) if kind == "human" else Seat("ai", name, kind))
        return out

    def start(self) -> None:
        from game.ui.scenes.launch import open_session

        seed = int(self.seed_text) if self.seed_text else secrets.randbelow(10**9)
        for i in range(self.seat_count):
            problem = saves.name_problem(self.names[i].strip() or f"Player {i + 1}")
            if problem:
                self.error = f"Seat {i + 1}: {problem}."
                self.app.show_toast(self.error, 4.0)
                return
        try:
            session = Session.new(self.system_id, self.seats(), seed, self.game_options(),
                                  strict_windows=self.strict_windows)
        except FiveRealmsError as exc:  # an illegal deck: every reason, in full
            self.error = str(exc)
            self.app.stack.push(NoticeScene(self.app, "The game cannot start", [self.error]))
            return
        self.app.settings.last_seats = self.kinds[: self.seat_count]
        self.app.settings.save()
        open_session(self.app, session)

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        w, _ = surface.get_size()
        label_x = self.form_x - theme.px(8, s)
        summary_x = self.summary_rect.x
        text = a.wrap(self.system.summary, "body", theme.px(17, s), self.summary_rect.width)
        y = self.summary_rect.y
        head = a.text(self.system.title, "heading", theme.px(22, s), theme.GOLD_LIGHT)
        surface.blit(head, (summary_x, y))
        y += head.get_height() + 6
        for line in text:
            surface.blit(a.text(line, "body", theme.px(17, s), theme.PARCHMENT), (summary_x, y))
            y += a.font("body", theme.px(17, s)).get_linesize()
        for i in range(self.seat_count):
            label = a.text(self.system.seat_label(i, self.seat_count), "bold", theme.px(17, s), theme.PARCHMENT)
            surface.blit(label, label.get_rect(topright=(label_x, self.seat_rows_top + i * theme.px(46, s) + 6)))
        label = a.text("Seed", "bold", theme.px(17, s), theme.PARCHMENT)
        surface.blit(label, label.get_rect(topright=(label_x, self.seed_label_y + 6)))
        for text_label, y in self.option_rows:
            label = a.text(text_label, "bold", theme.px(17, s), theme.PARCHMENT)
            surface.blit(label, label.get_rect(topright=(label_x, y + 6)))
        if self.options_summary is not None:
            changed, x, y = self.options_summary
            lines = a.wrap(changed, "italic", theme.px(16, s), w - theme.px(40, s) - x)  # room for " …"
            shown = lines[0] + (" …" if len(lines) > 1 else "")
            surface.blit(a.text(shown, "italic", theme.px(16, s), theme.PARCHMENT), (x, y + 8))
        games = a.text("Games", "heading", theme.px(20, s), theme.GOLD_LIGHT)
        surface.blit(games, (self.games_x, theme.px(98, s)))
