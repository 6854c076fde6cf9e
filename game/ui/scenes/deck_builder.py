"""The deck builder (issue 14, item 3): the whole Fantasy Adventures card pool with filters
(type, element, item class, GP, words), the Hero deck and the Encounter deck with their
counts and GP totals against the limits, and every deck-building rule the deck breaks, each
with its rule ID and reason (decks.check_deck). Decks are kept in the user data folder
(deck_library); a damaged or hostile file there is listed in red with its reason.

Keys: typing searches (Backspace takes back), Up/Down and Page Up/Down move through the pool,
+ or Enter adds the card under the cursor, - or Delete takes one copy out, Ctrl+S saves, Esc
goes back (asking first when the deck has changes not saved). The mouse: a click on a pool
row adds a copy, a right click takes one out; a click on a deck row takes one out; the wheel
scrolls the list under the pointer. Each row's tooltip is the card's whole text.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pygame

from game.core import registry
from game.rulesets.fantasy_adventures import deck_library as library
from game.rulesets.fantasy_adventures import decks
from game.rulesets.fantasy_adventures.content import CARD_TYPES, Card
from game.ui import theme
from game.ui.scenes.base import ConfirmScene, MenuScene
from game.ui.widgets.basic import Button, Cycle, TextField, draw_panel

STARTER = "starter"
"""The deck picker's value for the starter deck; a saved deck's value is "file:<name>"."""
GOOD = (150, 214, 140)
BAD = (240, 120, 104)
"""Green for a total within its limit, red for one past it (readable on the walnut panel)."""


def deck_choices() -> list[tuple[str, str]]:
    """What a seat may play on the New game screen: the starter deck, then every readable
    saved deck by name."""
    return [(STARTER, "Starter deck")] + [(f"file:{f.name}", f.name) for f in library.list_decks() if f.ok]


def deck_option(choice: str) -> tuple[str, ...]:
    """The ``decks`` option entries of one seat's choice (none: the starter deck). The file is
    read again now, so a deck changed or damaged since it was listed is refused (DeckError)."""
    if not choice.startswith("file:"):
        return ()
    found = library.find(choice[len("file:"):])
    if found is None or found.deck is None:
        reason = found.reason if found is not None else "the file is gone."
        raise decks.DeckError(f"The deck '{choice[len('file:'):]}' cannot be read: {reason}")
    return decks.to_option(found.deck)


class DeckBuilderScene(MenuScene):
    name = "deck-builder"
    # The New game screen's deck picker reaches these through the registered scene class.
    choices = staticmethod(deck_choices)
    option_entries = staticmethod(deck_option)

    def __init__(self, app: Any, system_id: str | None = None, choice: str = STARTER,
                 on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        ids = registry.deck_builder_ids()
        self.system_id = system_id if system_id in ids else ids[0]
        self.content = registry.get(self.system_id).content  # type: ignore[attr-defined]
        self.on_saved = on_saved
        self.kind, self.element, self.item_class, self.gp, self.query = "all", "all", "all", "all", ""
        self.cursor = 0
        self.pool_scroll = 0
        self.deck_scroll = 0
        self.pool_rows: list[tuple[pygame.Rect, str]] = []
        self.deck_rows: list[tuple[pygame.Rect, str]] = []
        self.parts: dict[str, dict[str, int]] = {"hero": {}, "encounter": {}}
        self.deck_name = "My deck"
        self.saved_as = ""  # the file this deck came from or was last saved to
        self.dirty = False
        self.open_choice(choice)

    # ---- the deck ----------------------------------------------------------------------

    def open_choice(self, choice: str) -> None:
        """Start from the starter deck or a saved deck (a copy: saving names it)."""
        deck = decks.starter_deck()
        self.saved_as = ""
        if choice.startswith("file:"):
            found = library.find(choice[len("file:"):])
            if found is not None and found.deck is not None:
                deck, self.saved_as = found.deck, found.name
        self.set_deck(deck, self.saved_as or "My deck")

    def set_deck(self, deck: decks.DeckList, name: str) -> None:
        self.parts = {"hero": dict(deck.hero), "encounter": dict(deck.encounter)}
        self.deck_name = name
        self.dirty = False
        self.deck_scroll = 0
        if self.widgets:
            self.layout(self.app.size)

    def deck(self) -> decks.DeckList:
        return decks.DeckList.of(self.deck_name.strip() or "Deck", self.parts["hero"], self.parts["encounter"])

    def violations(self) -> list[decks.Violation]:
        return decks.check_deck(self.deck(), self.content)

    def count(self, card_id: str) -> int:
        return sum(part.get(card_id, 0) for part in self.parts.values())

    def add(self, card_id: str) -> None:
        card = self.content.find(card_id)
        if card is None:  # a card this version does not know (FA-023): it can only be taken out
            return
        part = self.parts[card.deck]
        if part.get(card_id, 0) < decks.MAX_COPIES:
            part[card_id] = part.get(card_id, 0) + 1
            self.dirty = True

    def remove(self, card_id: str) -> None:
        for part in self.parts.values():
            if card_id in part:
                part[card_id] -= 1
                if part[card_id] <= 0:
                    del part[card_id]
                self.dirty = True
                return

    def pool(self) -> list[Card]:
        return library.pool(self.content, kind=self.kind, element=self.element, item_class=self.item_class,
                            gp=self.gp, words=self.query.split())

    def cursor_card(self) -> Card | None:
        cards = self.pool()
        if not cards:
            return None
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        return cards[self.cursor]

    # ---- saving and opening ---------------------------------------------------------------

    def save(self) -> None:
        name = self.name_field.text.strip()
        try:
            library.check_name(name)
        except decks.DeckError as exc:
            self.app.show_toast(str(exc), 5.0)
            return
        if name != self.saved_as and library.find(name) is not None:
            self.app.stack.push(ConfirmScene(self.app, f"Replace the deck '{name}'?", lambda: self._write(name),
                                             "Replace"))
        else:
            self._write(name)

    def _write(self, name: str) -> None:
        self.deck_name = name
        try:
            library.save_named(name, self.deck())
        except decks.DeckError as exc:
            self.app.show_toast(str(exc), 5.0)
            return
        self.saved_as, self.dirty = name, False
        problems = len(self.violations())
        note = "" if not problems else f" It is not legal yet ({problems} problem{'s' if problems > 1 else ''})."
        self.app.show_toast(f"Saved the deck '{name}'.{note}", 3.0)
        if self.on_saved is not None:
            self.on_saved(name)

    def open_files(self) -> None:
        from game.ui.scenes.deck_files import DeckFilesScene

        self.app.stack.push(DeckFilesScene(self.app, self.after_changes))

    def after_changes(self, then: Callable[[], object]) -> None:
        """Do ``then`` now, or after asking when it would lose changes not saved."""
        if self.dirty:
            self.app.stack.push(ConfirmScene(self.app, "Leave the changes to this deck unsaved?", then, "Discard"))
        else:
            then()

    def new_deck(self) -> None:
        self.after_changes(lambda: self.set_deck(decks.DeckList("My deck", (), ()), "My deck"))

    def back(self) -> bool:
        self.after_changes(self.app.stack.pop)
        return True

    # ---- layout ----------------------------------------------------------------------------

    def build(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        margin = theme.px(24, s)
        bar_h = theme.px(40, s)
        top = theme.px(62, s)
        self.name_field = TextField(pygame.Rect(margin, top, theme.px(250, s), bar_h), self.deck_name,
                                    max_length=decks.MAX_NAME, placeholder="Name this deck",
                                    on_change=self._rename,
                                    allowed=lambda ch: ch.isascii() and (ch.isalnum() or ch in " -_"),
                                    tooltip="The deck's name: letters, digits, spaces, - and _ (Ctrl+S saves)")
        x = self.name_field.rect.right + theme.px(10, s)
        buttons = [("Save", self.save, "Save the deck in your decks folder (Ctrl+S)", True),
                   ("Open…", self.open_files, "Open the starter deck or one of your saved decks", False),
                   ("New", self.new_deck, "Start an empty deck", False)]
        for label, action, tip, primary in buttons:
            button = Button(pygame.Rect(x, top, theme.px(104, s), bar_h), label, action, tooltip=tip,
                            primary=primary)
            self.widgets.append(button)
            x = button.rect.right + theme.px(8, s)
        self.widgets.append(Button(pygame.Rect(w - margin - theme.px(110, s), top, theme.px(110, s), bar_h), "Back",
                                   self.back, tooltip="Esc (asks before losing changes)"))
        self.widgets.insert(0, self.name_field)
        y = top + bar_h + theme.px(10, s)
        self.search = TextField(pygame.Rect(margin, y, theme.px(230, s), bar_h), self.query, max_length=30,
                                placeholder="Type to search", on_change=self._search,
                                tooltip="Words in a card's name, type or text")
        self.widgets.append(self.search)
        x = self.search.rect.right + theme.px(8, s)
        filters: list[tuple[str, list[tuple[str, str]], int, str]] = [
            ("kind", [("all", "Any type")] + [(k, k.title()) for k in CARD_TYPES], 140, "The card type"),
            ("element", [("all", "Any element")] + [(e, e.title()) for e in library.elements(self.content)], 150,
             "The element of a hero, monster or spell"),
            ("item_class", [("all", "Any class")] + [(c, c.title()) for c in library.item_classes(self.content)],
             150, "The class of an item (its name's noun)"),
            ("gp", [(band, label) for band, label, _, _ in library.GP_BANDS], 180, "The card's GP Value"),
        ]
        for attribute, choices, width, tip in filters:
            cycle = Cycle(pygame.Rect(x, y, theme.px(width, s), bar_h), choices, getattr(self, attribute),
                          partial(self._filter, attribute),
                          tooltip=f"{tip} (click: next, right click: back)")
            self.widgets.append(cycle)
            x = cycle.rect.right + theme.px(8, s)
        body_top = y + bar_h + theme.px(12, s)
        body_h = h - body_top - theme.px(16, s)
        pool_w = int((w - 3 * margin) * 0.56)
        self.pool_rect = pygame.Rect(margin, body_top, pool_w, body_h)
        self.deck_rect = pygame.Rect(self.pool_rect.right + margin, body_top, w - pool_w - 3 * margin, body_h)
        self.row_h = theme.px(27, s)

    def _rename(self, text: str) -> None:
        self.deck_name = text
        self.dirty = True

    def _search(self, text: str) -> None:
        self.query = text
        self.cursor = self.pool_scroll = 0

    def _filter(self, attribute: str, value: str) -> None:
        setattr(self, attribute, value)
        self.cursor = self.pool_scroll = 0

    # ---- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for k, (rect, _) in enumerate(self.pool_rows):
                if rect.collidepoint(event.pos):
                    self.cursor = self.pool_scroll + k
        if self.name_field.focused:
            return super().handle(event)
        if event.type == pygame.TEXTINPUT and event.text in ("+", "=", "-"):
            self._step_cursor_card(event.text != "-")
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if super().handle(event):
            return True
        if event.type == pygame.TEXTINPUT:  # typing anywhere searches
            self.search.text = (self.search.text + "".join(ch for ch in event.text if ch.isprintable()))[:30]
            self._search(self.search.text)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            return self._click(event.pos, add=event.button == 1)
        if event.type == pygame.MOUSEWHEEL:
            if self.deck_rect.collidepoint(self.mouse):
                self.deck_scroll = max(0, self.deck_scroll - 3 * event.y)
            else:
                self.pool_scroll = max(0, self.pool_scroll - 3 * event.y)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
            return True
        if self.search.focused:
            return False  # the field's own keys (Backspace, Enter to finish)
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self._visible_rows(),
                 pygame.K_PAGEUP: -self._visible_rows()}
        if event.key in moves:
            self.cursor = max(0, min(len(self.pool()) - 1, self.cursor + moves[event.key]))
            self._follow_cursor()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DELETE):
            self._step_cursor_card(event.key != pygame.K_DELETE)
            return True
        if event.key == pygame.K_BACKSPACE and self.search.text:
            self.search.text = self.search.text[:-1]
            self._search(self.search.text)
            return True
        return False

    def _step_cursor_card(self, add: bool) -> None:
        card = self.cursor_card()
        if card is not None:
            (self.add if add else self.remove)(card.id)

    def _visible_rows(self) -> int:
        return max(1, (self.pool_rect.height - theme.px(44, self.app.scale)) // self.row_h)

    def _follow_cursor(self) -> None:
        rows = self._visible_rows()
        if self.cursor < self.pool_scroll:
            self.pool_scroll = self.cursor
        elif self.cursor >= self.pool_scroll + rows:
            self.pool_scroll = self.cursor - rows + 1

    def _click(self, pos: tuple[int, int], add: bool) -> bool:
        for rect, card_id in self.pool_rows:
            if rect.collidepoint(pos):
                (self.add if add else self.remove)(card_id)
                return True
        for rect, card_id in self.deck_rows:
            if rect.collidepoint(pos):
                (self.add if not add else self.remove)(card_id)
                return True
        return False

    # ---- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.app.stack.top is self and not self.app.tooltip:
            for rect, card_id in self.pool_rows + self.deck_rows:
                card = self.content.find(card_id)
                if rect.collidepoint(self.mouse) and card is not None:
                    self.app.tooltip = (library.describe_card(card), self.mouse)

    def draw_content(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        head = a.text("Deck builder", "title", theme.px(30, s), theme.GOLD_LIGHT)
        surface.blit(head, (theme.px(24, s), theme.px(14, s)))
        title = registry.get(self.system_id).title + (" · changes not saved" if self.dirty else "")
        sub = a.text(title, "italic", theme.px(17, s), theme.PARCHMENT)
        surface.blit(sub, (theme.px(36, s) + head.get_width(), theme.px(24, s)))
        self._draw_pool(surface, s)
        self._draw_deck(surface, s)

    def _draw_pool(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        rect = self.pool_rect
        draw_panel(surface, rect, s, colour=theme.WALNUT, border=theme.GOLD, alpha=230)
        cards = self.pool()
        head = a.text(f"Card pool · {len(cards)} shown", "heading", theme.px(18, s), theme.GOLD_LIGHT)
        surface.blit(head, (rect.x + theme.px(12, s), rect.y + theme.px(8, s)))
        hint = a.text("+/Enter add · −/Del remove · right click removes", "italic",
                      max(theme.MIN_TEXT_PX, theme.px(14, s)), theme.MUTED)
        if head.get_width() + hint.get_width() + theme.px(36, s) < rect.width:
            surface.blit(hint, hint.get_rect(topright=(rect.right - theme.px(12, s), rect.y + theme.px(10, s))))
        rows = self._visible_rows()
        self.pool_scroll = max(0, min(self.pool_scroll, len(cards) - rows))
        self.pool_rows = []
        y = rect.y + theme.px(40, s)
        size = theme.px(16, s)
        for k, card in enumerate(cards[self.pool_scroll:self.pool_scroll + rows]):
            index = self.pool_scroll + k
            row = pygame.Rect(rect.x + theme.px(8, s), y, rect.width - theme.px(16, s), self.row_h - 2)
            self.pool_rows.append((row, card.id))
            if index == self.cursor:
                pygame.draw.rect(surface, theme.WALNUT_LIGHT, row, border_radius=theme.px(5, s))
                pygame.draw.rect(surface, theme.GOLD, row, width=1, border_radius=theme.px(5, s))
            in_deck = self.count(card.id)
            if in_deck:
                badge = a.text(f"{in_deck}×", "bold", size, theme.GOLD_LIGHT)
                surface.blit(badge, badge.get_rect(midleft=(row.x + theme.px(6, s), row.centery)))
            self._row_text(surface, card, row, size, s)
            y += self.row_h
        if not cards:
            none = a.text("No card matches these filters.", "italic", theme.px(17, s), theme.PARCHMENT)
            surface.blit(none, none.get_rect(center=rect.center))

    def _row_text(self, surface: pygame.Surface, card: Card, row: pygame.Rect, size: int, s: float) -> None:
        """A pool row: name (with the unique mark), type and element or classes, GP."""
        a = self.app.assets
        gp = a.text(f"{card.gp} GP", "body", size, theme.PARCHMENT)
        surface.blit(gp, gp.get_rect(midright=(row.right - theme.px(8, s), row.centery)))
        name_x = row.x + theme.px(40, s)
        kind_x = row.x + int(row.width * 0.48)
        name = a.text(card.name + (" (unique)" if card.unique else ""), "bold", size, theme.PARCHMENT)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(name_x, row.y, kind_x - name_x - theme.px(6, s), row.height))
        surface.blit(name, name.get_rect(midleft=(name_x, row.centery)))
        surface.set_clip(pygame.Rect(kind_x, row.y, row.right - gp.get_width() - theme.px(14, s) - kind_x,
                                     row.height))
        detail = " · ".join([card.kind.title()] + ([library.element_of(card)] if library.element_of(card) else [])
                            + list(library.classes_of(card)))
        kind = a.text(detail, "body", size, theme.PARCHMENT_DARK)
        surface.blit(kind, kind.get_rect(midleft=(kind_x, row.centery)))
        surface.set_clip(clip)

    def _draw_deck(self, surface: pygame.Surface, s: float) -> None:
        a = self.app.assets
        rect = self.deck_rect
        draw_panel(surface, rect, s, colour=theme.WALNUT, border=theme.GOLD, alpha=230)
        t = decks.totals(self.deck(), self.content)
        x = rect.x + theme.px(12, s)
        y = rect.y + theme.px(8, s)
        size = theme.px(16, s)
        line_h = a.font("body", size).get_linesize()
        summary = [
            ("Hero deck", f"{t.hero_cards} heroes · min {decks.HERO_DECK_MIN}", t.hero_cards >= decks.HERO_DECK_MIN,
             f"{t.hero_gp:,} / {decks.HERO_DECK_GP:,} GP", t.hero_gp <= decks.HERO_DECK_GP),
            ("Encounter deck", f"{t.encounter_cards} cards · min {decks.ENCOUNTER_DECK_MIN}",
             t.encounter_cards >= decks.ENCOUNTER_DECK_MIN, f"{t.encounter_gp:,} / {decks.ENCOUNTER_DECK_GP:,} GP",
             t.encounter_gp <= decks.ENCOUNTER_DECK_GP),
            ("Its items", "", True, f"{t.item_gp:,} / {decks.ITEM_GP:,} GP", t.item_gp <= decks.ITEM_GP),
        ]
        heads = [a.text(label, "heading", theme.px(16, s), theme.GOLD_LIGHT) for label, *_ in summary]
        cx = x + max(head.get_width() for head in heads) + theme.px(12, s)
        for head, (_, count, count_ok, gp, gp_ok) in zip(heads, summary):
            surface.blit(head, (x, y))
            if count:
                surface.blit(a.text(count, "bold", size, GOOD if count_ok else BAD), (cx, y))
            gp_text = a.text(gp, "bold", size, GOOD if gp_ok else BAD)
            surface.blit(gp_text, gp_text.get_rect(topright=(rect.right - theme.px(12, s), y)))
            y += line_h + 2
        problems = self.violations()
        lines: list[tuple[str, theme.Colour]] = []
        width = rect.width - theme.px(24, s)
        for v in problems:
            lines += [(line, BAD) for line in a.wrap(f"{v.rule} · {v.text}", "body", size, width)]
        if not problems:
            lines = [("Legal: this deck may be played.", GOOD)]
        shown = lines[: max(1, (rect.height // 3) // line_h)]
        if len(shown) < len(lines):
            shown[-1] = (f"… and more ({len(problems)} problems in all)", BAD)
        list_top = y + theme.px(6, s)
        list_bottom = rect.bottom - theme.px(10, s) - line_h * len(shown) - theme.px(8, s)
        pygame.draw.line(surface, theme.WALNUT_LIGHT, (x, list_top - 3), (rect.right - theme.px(12, s), list_top - 3))
        self._draw_deck_list(surface, s, pygame.Rect(x, list_top, width, list_bottom - list_top))
        pygame.draw.line(surface, theme.WALNUT_LIGHT, (x, list_bottom + 2), (rect.right - theme.px(12, s),
                                                                              list_bottom + 2))
        y = list_bottom + theme.px(8, s)
        for line, colour in shown:
            surface.blit(a.text(line, "body", size, colour), (x, y))
            y += line_h

    def _draw_deck_list(self, surface: pygame.Surface, s: float, area: pygame.Rect) -> None:
        a = self.app.assets
        size = theme.px(16, s)
        entries: list[tuple[str, str]] = []  # ("head", text) or (card id, text)
        for which, part_name in decks.PARTS.items():
            entries.append(("head", f"{part_name} · {self.deck().size(which)} cards"))
            for card_id, n in self.parts[which].items():
                card = self.content.find(card_id)
                entries.append((card_id, f"{n}× {card.name if card else card_id}"))
        rows = max(1, area.height // self.row_h)
        self.deck_scroll = max(0, min(self.deck_scroll, len(entries) - rows))
        self.deck_rows = []
        y = area.y
        for entry_id, text in entries[self.deck_scroll:self.deck_scroll + rows]:
            if entry_id == "head":
                label = a.text(text, "heading", theme.px(15, s), theme.GOLD)
            else:
                card = self.content.find(entry_id)
                label = a.text(text, "body", size, theme.PARCHMENT)
                if card is not None:
                    gp = a.text(f"{card.gp} GP", "body", size, theme.PARCHMENT_DARK)
                    surface.blit(gp, gp.get_rect(topright=(area.right, y + 2)))
                self.deck_rows.append((pygame.Rect(area.x, y, area.width, self.row_h - 2), entry_id))
            surface.blit(label, (area.x + (0 if entry_id == "head" else theme.px(10, s)), y + 2))
            y += self.row_h

