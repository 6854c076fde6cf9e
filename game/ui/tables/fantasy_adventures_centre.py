"""The middle of the Fantasy Adventures table: what the game is doing now.

At setup, the heroes the seat drew (FA-026); in the cards and placement stages, the game turn,
the monster player, the stack limit and the Encounter order (and, for the monster player alone,
what his stacks hold: section 7); in an Encounter, its trap and its monsters, each with the hero
it attacks, and every melee still to come with both totals term by term (support and the Horde
bonus among them) and the exact odds before it is rolled (FA-138 to FA-141, the view's
``melees``). At the right the dice tray (drawn over this layer every frame: its dice tumble)
and the action-phase window: who may act or respond now, and the order the others follow
(FA-160 to FA-164, the response-window model of section 6).
"""

from __future__ import annotations

from typing import Sequence

import pygame

from game.core.decision import Decision
from game.core.events import Event
from game.core.words import counted, listed
from game.rulesets.fantasy_adventures.view_types import FAView, MeleeView
from game.ui import theme
from game.ui.tables.fantasy_adventures_layout import LOSS_RED, WIN_GREEN, Painter
from game.ui.theme import px

STAGES = {"setup": "Setup", "cards": "Stage I: cards", "placement": "Stage II: placement",
          "traps": "Traps", "surprise": "Surprise", "combat": "Combat", "recovery": "Recovery",
          "over": "Game over"}
DICE_EVENTS = frozenset({"disarm", "surprise_roll", "duel_roll", "ranged_roll", "save", "melee", "spell_works",
                         "spell_fails", "dependent_roll", "first_roll"})
"""The events that roll the die (2.3): the tray shows the last of them."""

TrayRow = tuple[str, int, str, str]
"""(the tray's die: hero, monster or check; the face; its title; its caption)."""


def tray_rows(names: "Names", event: Event | None, duel: Event | None = None) -> list[TrayRow]:
    """The dice of a rolling event, each under the name of who rolled it and with what it made
    (a duel's roll names its hero and monster through the ``duel`` event that began it)."""
    if event is None:
        return []
    d = dict(event.data)
    if duel is not None:
        d.setdefault("hero", duel.data.get("hero"))
        d.setdefault("monster", duel.data.get("card"))
    kind = event.kind
    if kind in ("melee", "duel_roll"):
        title = "Melee" if kind == "melee" else "Duel"
        hero = names.card(d["hero"]) if d.get("hero") else f"{title}: hero"
        monster = names.card(d["monster"]) if d.get("monster") else f"{title}: monster"
        return [("hero", d["hero_die"], hero, f"= {d['hero_total']}"),
                ("monster", d["monster_die"], monster, f"= {d['monster_total']}")]
    if kind == "first_roll":
        return [("check", int(r), names.seat(int(s)), "") for s, r in d.get("rolls", [])]
    captions = {"disarm": ("Disarm", f"needs 1-{d.get('need', '?')}"),
                "surprise_roll": ("Surprise", f"bonus +{d['bonus']}" if d.get("bonus") else ""),
                "ranged_roll": ("Ranged", "hit" if d.get("hit") else "miss"),
                "save": ("Save", "saved" if d.get("saved") else "failed"),
                "spell_works": ("Spell, off element", "it works"),
                "spell_fails": ("Spell, off element", "no effect"),
                "dependent_roll": ("Ability", "it works" if d.get("happened") else "no effect")}
    title, caption = captions[kind]
    die = "monster" if kind == "surprise_roll" else "hero" if kind == "ranged_roll" else "check"
    return [(die, int(d.get("die", 1)), title, caption)]


class Names:
    """Card and seat names for the words of the middle."""

    def __init__(self, painter: Painter, view: FAView) -> None:
        self.p, self.view = painter, view

    def card(self, card: str) -> str:
        return str(self.p.content.card(card).name)

    def seat(self, seat: int) -> str:
        return self.view["players"][seat]["name"]


def priority(view: FAView) -> list[int]:
    """Who is asked in a response window, in order (6.1): the hero player, the monster player,
    then the others clockwise from the monster player."""
    encounter = view["encounter"]
    n = view["seats"]
    live = [p["seat"] for p in view["players"] if not p["eliminated"]]
    first = [encounter["target"]] if encounter is not None else []
    order = first + [view["monster"]]
    order += [(view["monster"] + k) % n for k in range(1, n) if (view["monster"] + k) % n not in order]
    return [s for s in order if s in live]


class Centre(Painter):
    """The middle band (one cached layer; the dice tray is drawn over it)."""

    tray_extra = 0
    """Pixels the dice tray grows by for a name or caption on two lines (BuckDice.extra_height):
    the table works it out from the dice shown."""

    def tray_rect(self, rect: pygame.Rect) -> pygame.Rect:
        s = self.s
        width = px(236, s)
        return pygame.Rect(rect.right - width, rect.y, width,
                           min(px(128, s), rect.height // 2 + px(16, s)) + self.tray_extra)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, decision: Decision | None) -> None:
        s = self.s
        side = self.tray_rect(rect)
        window = pygame.Rect(side.x, side.bottom + px(6, s), side.width, rect.bottom - side.bottom - px(6, s))
        self.action_window(surface, window, view, decision)
        main = pygame.Rect(rect.x, rect.y, rect.width - side.width - px(10, s), rect.height)
        names = Names(self, view)
        me = view["seat"]
        encounter = view["encounter"]
        if view["stage"] == "setup":
            drawn = view["players"][me]["drawn"] if me is not None else []
            if drawn:
                self.t.parties.drawn(surface, main, drawn, "Setup: the heroes you drew (FA-026)")
            else:
                self.lines(surface, main, ["Setup", "Each player forms a party in secret (FA-026 to FA-032)."])
            return
        if view["stage"] == "over":
            won = [names.seat(w) for w in view["winners"] or []]
            said = f"Winner{'s' if len(won) > 1 else ''}: {listed(won)}" if won else ""
            self.lines(surface, main, ["Game over", said, view["end_reason"]])
            return
        if encounter is None:
            self.turn_summary(surface, main, view, names)
            return
        self.encounter(surface, main, view, names)

    def lines(self, surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str]) -> int:
        """A heading and lines of text; the y under them."""
        y = self.text(surface, lines[0], rect.topleft, "heading", theme.GOLD_LIGHT, max(16, px(17, self.s)),
                      width=rect.width).bottom + px(2, self.s)
        for line in lines[1:]:
            if line:
                y = self.text(surface, line, (rect.x, y), "body", theme.PARCHMENT, width=rect.width).bottom
        return y + px(4, self.s)

    def turn_summary(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, names: Names) -> None:
        """Between Encounters: the game turn, the monster player, the stack limit, the order."""
        order = " → ".join(names.seat(o) for o in view["order"])
        y = self.lines(surface, rect, [
            f"Game turn {view['game_turn']} of 4 · {STAGES.get(view['stage'], view['stage'])}",
            f"{names.seat(view['monster'])} is the monster player; a stack holds Melee up to {view['stack_limit']}"
            " (FA-051).", f"Encounter order: {order} (FA-056)." if order else ""])
        if view["seat"] != view["monster"]:
            return
        # The monster player sees his own stacks' cards (section 7): nobody else's view holds them.
        cw, ch = px(60, self.s), px(84, self.s)
        x = rect.x
        for target, stack in view["stacks"].items():
            if not stack["cards"] or y + ch + self.row_h() > rect.bottom + px(2, self.s):
                continue
            label = f"On {names.seat(int(target))}" + (" (Lair)" if stack["lair"] else "")
            self.text(surface, label, (x, y), "bold", theme.PARCHMENT, width=len(stack["cards"]) * (cw + 4))
            for k, card in enumerate(stack["cards"]):
                r = pygame.Rect(x + k * (cw + px(4, self.s)), y + self.row_h(), cw, ch)
                surface.blit(self.t.face_image(card, (cw, ch)), r)
                self.t.mark(surface, r, ("card", card))
            x += len(stack["cards"]) * (cw + px(4, self.s)) + px(16, self.s)

    def encounter(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, names: Names) -> None:
        """The Encounter: its cards at the left, the melees to come at the right."""
        s = self.s
        e = view["encounter"]
        assert e is not None
        stage = STAGES.get(e["stage"], e["stage"]) + (f" · round {e['round']}" if e["round"] else "")
        who = names.seat(e["target"])
        size = max(16, px(17, s))
        # the whole title where it fits, else shorter words before any is cut (the round last)
        kind, short = ("Lair", "Lair") if e["lair"] else ("Wandering monsters", "Wandering")
        titles = [f"Encounter on {who}'s party · {kind} · {stage}", f"Encounter on {who}'s party · {short} · {stage}",
                  f"On {who}'s party · {short} · {stage}"]
        title = next((t for t in titles if self.a.font("heading", size).size(t)[0] <= rect.width), titles[-1])
        y = self.text(surface, title, rect.topleft, "heading", theme.GOLD_LIGHT, size, width=rect.width).bottom \
            + px(4, s)
        melees = view["melees"]
        cards_w = rect.width if not melees else int(rect.width * 0.46)
        cards = pygame.Rect(rect.x, y, cards_w, rect.bottom - y)
        self.encounter_cards(surface, cards, view, names)
        if melees:
            self.melee_list(surface, pygame.Rect(cards.right + px(10, s), y, rect.right - cards.right - px(10, s),
                                                 rect.bottom - y), melees, names)

    def encounter_cards(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView, names: Names) -> None:
        s = self.s
        e = view["encounter"]
        assert e is not None
        shown: list[tuple[str, str]] = []  # (card, what it is doing)
        if e["trap"]:
            shown.append((e["trap"], "trap" + (f" on {names.card(e['entering'])}" if e["entering"] else "")))
        for m in e["monsters"]:
            doing = f"on {names.card(m['hero'])}" if m["hero"] else "not assigned"
            if m["meleeing"]:
                doing = "melees " + names.card(m["hero"])
            shown.append((m["card"], doing))
        # The stack's face-down cards and who achieved surprise: in the monster player's view
        # alone (section 7), so only his table draws them.
        for card in e["stack"]:
            shown.append((card, "surprise" if card in e["surprised"] else "in the stack"))
        if not shown:
            line = f"Entering: {names.card(e['entering'])}" if e["entering"] else \
                f"{counted(e['stack_size'], 'card')} still face down in the stack."
            self.text(surface, line, rect.topleft, "italic", theme.PARCHMENT_DARK, width=rect.width)
            return
        # Cards as big as the room allows (up to 150 px high), side by side while they fit at 56
        # px wide, overlapping beyond; each with what it is doing under it while there is room.
        caption_h = self.row_h()
        gap = px(8, s)
        ch = min(rect.height - caption_h - px(2, s), px(150, s))
        cw = max(px(56, s), min(int(ch * 5 / 7), (rect.width - gap * (len(shown) - 1)) // len(shown)))
        ch = min(ch, int(cw * 7 / 5))
        step = cw + gap
        if len(shown) > 1:
            step = min(step, (rect.width - cw) // (len(shown) - 1))
        for k, (card, doing) in enumerate(shown):
            r = pygame.Rect(rect.x + k * step, rect.y, cw, ch)
            surface.blit(self.t.face_image(card, (cw, ch)), r)
            self.t.mark(surface, r, ("card", card))
            room = (cw if k == len(shown) - 1 else step) - px(4, s)
            if room >= px(40, s):
                self.text(surface, doing, (r.x, r.bottom + px(2, s)), "body", theme.PARCHMENT, width=room)

    def melee_list(self, surface: pygame.Surface, rect: pygame.Rect, melees: list[MeleeView], names: Names) -> None:
        """Each melee to come: hero against monster with both totals, the terms (support, the
        Horde bonus) and the exact odds (FA-138 to FA-141)."""
        s = self.s
        y = self.text(surface, "Melees to come (before the dice)", rect.topleft, "bold", theme.PARCHMENT,
                      width=rect.width).bottom
        for m in melees:
            if y + 3 * self.row_h() > rect.bottom + px(2, s):
                self.text(surface, "…", (rect.x, y), "bold", theme.PARCHMENT)
                break
            horde = f" (Horde of {m['horde']})" if m["horde"] > 1 else ""
            y = self.text(surface, f"{names.card(m['hero'])} {m['hero_total']} vs {names.card(m['monster'])} "
                          f"{m['monster_total']}{horde}", (rect.x, y), "bold", theme.GOLD_LIGHT,
                          width=rect.width).bottom
            terms = " · ".join(f"{p['label']} {p['value']:+d}" for p in m["hero_parts"][1:]
                               if p["value"]) or "no bonus"
            monster_terms = " · ".join(f"{p['label']} {p['value']:+d}" for p in m["monster_parts"][1:]
                                       if p["value"]) or "no bonus"
            y = self.text(surface, f"Hero: {terms}; monster: {monster_terms}", (rect.x, y), "body",
                          theme.PARCHMENT, width=rect.width).bottom
            x = self.text(surface, f"Win {m['win']:.0%}", (rect.x, y), "bold", WIN_GREEN).right + px(10, s)
            x = self.text(surface, f"tie {m['tie']:.0%}", (x, y), "bold", theme.PARCHMENT).right + px(10, s)
            y = self.text(surface, f"lose {m['lose']:.0%}", (x, y), "bold", LOSS_RED).bottom + px(3, s)

    def action_window(self, surface: pygame.Surface, rect: pygame.Rect, view: FAView,
                      decision: Decision | None) -> None:
        """Who may act or respond now, and who follows (FA-160 to FA-164, 6.1)."""
        if rect.height < 2 * self.row_h():
            return
        s = self.s
        self.box(surface, rect)
        inner = rect.inflate(-px(10, s), -px(6, s))
        pending = decision or self.t.scene.controller.decision()
        e = view["encounter"]
        if pending is None:
            self.text(surface, "Waiting…", inner.topleft, "italic", theme.PARCHMENT_DARK)
            return
        who = view["players"][pending.seat]["name"]
        if pending.kind == "action":
            heading = "Action phase"
            line = f"{who} may act now"
        elif pending.window:
            heading = "Response window"
            line = f"{who} may respond now"
        else:
            heading = STAGES.get(view["stage"], "")
            line = f"{who} to choose"
        y = self.text(surface, heading, inner.topleft, "bold", theme.GOLD_LIGHT, width=inner.width).bottom
        y = self.text(surface, line, (inner.x, y), "body", theme.PARCHMENT, width=inner.width).bottom
        if pending.kind == "action" and e is not None and y + self.row_h() <= inner.bottom:
            # The hero player and the monster player take turns (FA-160, FA-162).
            other = view["monster"] if pending.seat == e["target"] else e["target"]
            self.text(surface, f"Then {view['players'][other]['name']} (FA-162)",
                      (inner.x, y), "body", theme.PARCHMENT_DARK, width=inner.width)
        elif pending.window and e is not None and y + self.row_h() <= inner.bottom:
            order = priority(view)
            names = ", ".join(view["players"][seat]["name"] + (" (now)" if seat == pending.seat else "")
                              for seat in order)
            # Wrapped while the box has room (four players' names run past one line at 1024x640).
            lines = self.a.wrap(f"Order: {names}", "body", self.fs, inner.width)
            while lines and y + self.row_h() <= inner.bottom:
                last = len(lines) == 1 or y + 2 * self.row_h() > inner.bottom
                text = " ".join(lines) if last else lines[0]
                y = self.text(surface, text, (inner.x, y), "body", theme.PARCHMENT_DARK, width=inner.width).bottom
                lines = [] if last else lines[1:]
