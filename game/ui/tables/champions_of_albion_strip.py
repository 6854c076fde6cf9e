"""The strip under the Champions of Albion map: the Hand of five resource cards, or the
story being read (scene, test or choices, revealed outcomes, aid tokens), or the fight in
progress (the champions fighting and their enemies as chips).

Like the side column, each panel measures itself (``*_height``) and then draws into the
rect the table gives it, registering what is clickable with the table.
"""

from __future__ import annotations

from typing import Any, Mapping

import pygame

from game.core.decision import Decision
from game.rulesets.champions_of_albion.view_types import CAView
from game.ui import theme
from game.ui.tables.champions_of_albion_art import (
    ATTR_SHORT,
    CHAMPION_ICONS,
    DECK_ICONS,
    MAIN_ENEMY_ICONS,
    SPACE_WORDS,
    attribute_word,
    content,
    enemy_icon,
    resource_face,
    seat_colour,
)
from game.ui.tables.champions_of_albion_panels import PanelBase
from game.ui.theme import px


class StripPanels(PanelBase):
    """The Hand, the story panel and the fight panel."""

    # -- the Hand ---------------------------------------------------------------------------------------

    def hand_card_size(self, rect: pygame.Rect) -> tuple[int, int]:
        """The size of the Hand's cards in the panel ``rect``: five fit side by side."""
        s = self.s
        ch = rect.height - self.line_h() - px(4, s) - px(6, s)
        cw = min(int(ch * 0.72), (rect.width - 4 * px(8, s)) // 5)
        return cw, min(ch, int(cw / 0.72))

    def draw_hand(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView,
                  decision: Decision | None) -> None:
        s = self.s
        hand = list(view.get("hand", []))
        label_h = self.line_h()
        title = f"The Hand · {view.get('resource_deck', 0)} in the resource deck"
        self.blit_text(surface, self.fit(title, "heading", self.fs, rect.width), "heading", self.fs, theme.PARCHMENT,
                       (rect.x, rect.y))
        top = rect.y + label_h + px(4, s)
        gap = px(8, s)
        cw, ch = self.hand_card_size(rect)
        self.t.hand_card_size((cw, ch))
        if not hand:
            self.blit_text(surface, "The Hand is empty.", "italic", self.size(17), theme.PARCHMENT_DARK,
                           (rect.centerx, top + ch // 2), "center")
            return
        x = rect.x
        for rid in hand:
            target = ("resource", rid)
            lift = px(8, s) if target == self.t.hover else 0
            card = pygame.Rect(x, top + px(4, s) - lift, cw, ch)
            surface.blit(self.t.scene.renderer.face(resource_face(rid), (cw, ch)), card)
            if ch < 150:  # no text box on a small card: its bonus (or kind) on a ribbon instead
                self._ribbon(surface, card, rid)
            if decision is not None and target not in self.t.lit:  # not an option now (hover says why)
                shade = pygame.Surface(card.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (10, 8, 6, 120), shade.get_rect(), border_radius=px(8, s))
                surface.blit(shade, card)
            self.t.mark(surface, card, target)
            x += cw + gap

    def _ribbon(self, surface: pygame.Surface, card: pygame.Rect, rid: str) -> None:
        s = self.s
        r = content().resources[rid]
        text = ", ".join(f"{amount:+d} {ATTR_SHORT.get(a, a)}" for a, amount in r.bonuses) or \
            r.kind.replace("_", " ").capitalize()
        h = self.line_h() + px(2, s)
        band = pygame.Rect(card.x + px(5, s), card.bottom - h - px(7, s), card.width - px(10, s), h)
        pygame.draw.rect(surface, theme.PARCHMENT, band, border_radius=px(4, s))
        pygame.draw.rect(surface, theme.INK, band, 1, border_radius=px(4, s))
        self.blit_text(surface, self.fit(text, "bold", self.fs, band.width - px(6, s)), "bold", self.fs, theme.INK,
                       band.center, "center")

    # -- the story panel --------------------------------------------------------------------------------

    def story_height(self, view: CAView, width: int) -> int:
        return self._story(None, pygame.Rect(0, 0, width, 10000), view, None)

    def draw_story(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView,
                   decision: Decision | None) -> None:
        self._story(surface, rect, view, decision)

    def _story(self, surface: pygame.Surface | None, rect: pygame.Rect, view: CAView,
               decision: Decision | None) -> int:
        s = self.s
        story = view["story"]
        assert story is not None, "the story panel is drawn while a story is read"
        pad = px(10, s)
        deck = str(story["deck"])
        quest = bool(story.get("quest"))
        frame = (120, 40, 40) if quest else theme.GOLD
        if surface is not None:
            self.card(surface, rect, frame, theme.PARCHMENT, width=3)
        x0, w = rect.x + pad, rect.width - 2 * pad
        y = rect.y + px(6, s)
        heading = self.size(18)
        icon_name = MAIN_ENEMY_ICONS.get(deck, "scroll-unfurled") if quest else DECK_ICONS.get(deck, "scroll-unfurled")
        icon_d = self.line_h("heading", heading)
        deck_word = "Quest" if quest else f"{SPACE_WORDS.get(deck, deck.capitalize())} story"
        meta = f"{deck_word} · part {story['part']} of {story['parts']}"
        who = next((c["short"] for c in view.get("champions", []) if c["id"] == story["champion"]), "")
        if who:
            meta = f"{who} · {meta}"
        meta_w = self.a.font("italic", self.fs).size(meta)[0]
        if surface is not None:
            icon = self.a.icon(icon_name, icon_d, frame if quest else theme.INK)
            surface.blit(icon, (x0, y))
            title_w = w - icon_d - px(6, s) - meta_w - px(10, s)
            self.blit_text(surface, self.fit(story["title"], "heading", heading, max(40, title_w)), "heading", heading,
                           theme.INK, (x0 + icon_d + px(6, s), y))
            self.blit_text(surface, meta, "italic", self.fs, theme.MUTED, (x0 + w, y + icon_d // 2), "midright")
        y += icon_d + px(4, s)
        if surface is not None:
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (x0, y), (x0 + w, y), 2)
        y += px(4, s)
        split = int(w * 0.56)
        body = self.size(16)
        # Left: the scene (and a reminder of part 1's scene when this is part 2).
        left_bottom = self.paragraph(surface, story["scene"], "body", body, theme.INK, x0, y, split - px(8, s))
        # Right: what the part asks (a test, the choices or a fight), then the revealed outcomes.
        rx, rw = x0 + split + px(6, s), w - split - px(6, s)
        if surface is not None:
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (rx - px(6, s), y), (rx - px(6, s), rect.bottom - pad), 1)
        if view.get("fight"):  # the part's fight (or one its outcome started) is in progress
            ry = self._story_fight(surface, view, rx, y, rw)
        else:
            ry = self._story_ask(surface, story, view, decision, rx, y, rw)
        for text in story.get("revealed", []):
            ry += px(4, s)
            ry = self.paragraph(surface, "» " + text, "italic", self.fs, (90, 44, 30), rx, ry, rw)
        return max(left_bottom, ry) + pad - rect.y

    def _story_ask(self, surface: pygame.Surface | None, story: Mapping[str, Any], view: CAView,
                   decision: Decision | None, x: int, y: int, w: int) -> int:
        s = self.s
        kind = story.get("kind")
        lh = self.line_h()
        if kind == "test" and story.get("test"):
            test = story["test"]
            head = f"Test: {attribute_word(test['attribute'])} {test['difficulty']}"
            self.blit_text(surface, head, "heading", self.size(16), theme.INK, (x, y))
            y += self.line_h("heading", self.size(16))
            if story.get("roll"):
                text = f"Die {story['roll']} · total {story['total']} of {test['difficulty']}"
                y = self.paragraph(surface, text, "bold", self.fs, theme.INK, x, y, w)
            note = "Aid tokens may raise the die (to 6 at most)." if test.get("aid") else "No aid tokens in this test."
            y = self.paragraph(surface, note, "body", self.fs, theme.MUTED, x, y, w)
            champion = next((c for c in view.get("champions", []) if c["id"] == story["champion"]), None)
            if champion and champion.get("aid") and test.get("aid"):
                y = self._aid_row(surface, champion["aid"], x, y + px(2, s), w)
        elif kind == "choice":
            self.blit_text(surface, "Choose:", "heading", self.size(16), theme.INK, (x, y))
            y += self.line_h("heading", self.size(16))
            offered = None
            if decision is not None and decision.kind == "story_choice":
                offered = {o.id for o in decision.options}
            for i, label in enumerate(story.get("choices", [])):
                open_ = offered is None or f"choice:{i}" in offered
                text = f"{i + 1}. {label}" + ("" if open_ else " (cannot pay)")
                y = self.paragraph(surface, text, "body", self.fs, theme.INK if open_ else theme.MUTED, x, y, w)
        elif kind == "fight":
            mode = (story.get("fight") or {}).get("mode", "")
            y = self.paragraph(surface, f"A fight: {str(mode).replace('_', ' ')}.", "bold", self.fs, theme.INK, x, y, w)
        return y + (lh // 4)

    def _story_fight(self, surface: pygame.Surface | None, view: CAView, x: int, y: int, w: int) -> int:
        fight = view["fight"]
        assert fight is not None, "a story's fight is drawn while it is fought"
        head = "Fight" + (f" · combat round {fight['round']}" if fight.get("round") else "")
        self.blit_text(surface, head, "heading", self.size(16), theme.DANGER, (x, y))
        y += self.line_h("heading", self.size(16))
        return self._fight_enemies(surface, view, fight, x, y, w)

    def _aid_row(self, surface: pygame.Surface | None, aid: list[int], x: int, y: int, w: int) -> int:
        s = self.s
        h = self.line_h() + px(4, s)
        label = self.blit_text(surface, "Aid:", "bold", self.fs, theme.INK, (x, y + px(2, s)))
        ax = label.right + px(6, s)
        for value in aid:
            rect = pygame.Rect(ax, y, h + px(6, s), h)
            if rect.right > x + w:
                break
            if surface is not None:
                self._token(surface, "aid", value, rect, False)
            ax = rect.right + px(5, s)
        return y + h

    # -- the fight panel -------------------------------------------------------------------------------

    def fight_height(self, view: CAView, width: int) -> int:
        return self._fight(None, pygame.Rect(0, 0, width, 10000), view)

    def draw_fight(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView) -> None:
        self._fight(surface, rect, view)

    def _fight(self, surface: pygame.Surface | None, rect: pygame.Rect, view: CAView) -> int:
        s = self.s
        fight = view["fight"]
        assert fight is not None, "the fight panel is drawn while a fight is on"
        pad = px(10, s)
        if surface is not None:
            self.card(surface, rect, theme.DANGER, theme.PARCHMENT, width=3)
        x0, w = rect.x + pad, rect.width - 2 * pad
        y = rect.y + px(6, s)
        heading = self.size(18)
        kind = {"phase": "Combat phase", "story": "Story fight", "ambush_by": "Ambush",
                "ambushed": "Ambushed"}.get(fight["kind"], "Fight")
        places = ", ".join(content().map.spaces[sp].name for sp in fight["spaces"] if sp in content().map.spaces)
        head = f"{kind} · combat round {fight['round']}" if fight.get("round") else kind
        if surface is not None:
            icon = self.a.icon("crossed-swords", self.line_h("heading", heading), theme.DANGER)
            surface.blit(icon, (x0, y))
            r = self.blit_text(surface, head, "heading", heading, theme.INK,
                               (x0 + icon.get_width() + px(6, s), y))
            self.blit_text(surface, self.fit(places, "italic", self.fs, max(10, x0 + w - r.right - px(12, s))), "italic",
                           self.fs, theme.MUTED, (x0 + w, r.centery), "midright")
        y += self.line_h("heading", heading) + px(4, s)
        if surface is not None:
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (x0, y), (x0 + w, y), 2)
        y += px(5, s)
        return self._fight_enemies(surface, view, fight, x0, y, w) + pad - rect.y

    def _fight_enemies(self, surface: pygame.Surface | None, view: CAView, fight: Mapping[str, Any],
                       x0: int, y: int, w: int) -> int:
        """Per fight space: the champions fighting there, then its enemies as chips."""
        s = self.s
        lh = self.line_h()
        champions = {c["id"]: c for c in view.get("champions", [])}
        for space in fight["spaces"]:
            fighters = [champions[f] for f in fight["fighters"] if f in champions and champions[f]["space"] == space]
            enemies = [e for e in view.get("enemies", []) if e["space"] == space]
            x = x0
            if len(fight["spaces"]) > 1:
                r = self.blit_text(surface, content().map.spaces[space].name + ":", "bold", self.fs, theme.INK, (x, y))
                x = r.right + px(8, s)
            for c in fighters:
                text = f"{c['short']} {c['life']}/{c['max_life']}"
                tw = self.a.font("bold", self.fs).size(text)[0] + lh + px(6, s)
                if x > x0 and x + tw > x0 + w:
                    x, y = x0, y + lh + px(2, s)
                if surface is not None:
                    pygame.draw.circle(surface, seat_colour(c["seat"]), (x + lh // 2, y + lh // 2), lh // 2 - 1)
                    pygame.draw.circle(surface, theme.INK, (x + lh // 2, y + lh // 2), lh // 2 - 1, 1)
                    self.blit_text(surface, text, "bold", self.fs, theme.INK, (x + lh + px(3, s), y))
                x += tw + px(10, s)
            y += lh + px(4, s)
            chip_h = 2 * lh + px(6, s)
            x = x0
            for e in enemies:
                name = e["name"]
                stats = f"DV {e['dv']} · AV {e['av']} · life {e['life']}/{e['max_life']}"
                duel = fight.get("duels", {}).get(e["uid"])
                if duel:
                    stats += f" · duels {champions[duel]['short'] if duel in champions else duel}"
                text_w = max(self.a.font("bold", self.fs).size(name)[0], self.a.font("body", self.fs).size(stats)[0])
                cw = min(w, chip_h + text_w + px(10, s))
                if x > x0 and x + cw > x0 + w:
                    x, y = x0, y + chip_h + px(5, s)
                rect = pygame.Rect(x, y, cw, chip_h)
                if surface is not None:
                    self._enemy_chip(surface, e, rect, name, stats, e["uid"] in fight.get("fallen", []),
                                     fight.get("target") == e["uid"])
                x += cw + px(8, s)
            y += chip_h + px(5, s)
        return y

    def _enemy_chip(self, surface: pygame.Surface, e: Mapping[str, Any], rect: pygame.Rect, name: str, stats: str,
                    fallen: bool, is_target: bool) -> None:
        s = self.s
        main = e["kind"] == "main"
        body = (60, 14, 18) if main else (96, 30, 26)
        pygame.draw.rect(surface, (244, 234, 210), rect, border_radius=px(6, s))
        pygame.draw.rect(surface, theme.GOLD if main or is_target else theme.INK, rect, 2, border_radius=px(6, s))
        box = pygame.Rect(rect.x + 3, rect.y + 3, rect.height - 6, rect.height - 6)
        pygame.draw.rect(surface, body, box, border_radius=px(5, s))
        icon = self.a.icon(enemy_icon(e["card"], e["kind"]), int(box.height * 0.78), theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(center=box.center))
        tx = box.right + px(6, s)
        tw = rect.right - tx - px(4, s)
        lh = self.line_h()
        self.blit_text(surface, self.fit(name, "bold", self.fs, tw), "bold", self.fs, theme.INK, (tx, rect.y + px(2, s)))
        self.blit_text(surface, self.fit(stats, "body", self.fs, tw), "body", self.fs, theme.INK, (tx, rect.y + px(2, s) + lh))
        if fallen:
            pygame.draw.line(surface, theme.DANGER, rect.topleft, rect.bottomright, 3)
        self.t.mark(surface, rect, ("enemy", e["uid"]))

    # -- choosing a champion (setup, CA-010; a replacement, CA-128) -------------------------------------

    @staticmethod
    def offered_champions(view: CAView, decision: Decision | None) -> list[str]:
        """The champions a "choose your champion" question offers, if that is the question."""
        if decision is None or decision.kind != "champion":
            return []
        playing = {c["id"] for c in view.get("champions", [])}
        return [o.id.split(":", 1)[1] for o in decision.options
                if o.id.startswith("champion:") and o.id.split(":", 1)[1] not in playing]

    def draw_champion_choice(self, surface: pygame.Surface, rect: pygame.Rect, view: CAView,
                             decision: Decision | None) -> None:
        """The unused champion cards side by side, two rows of four: name, archetype, tracks,
        attributes and start; a click takes one, hovering shows the whole card."""
        s = self.s
        ids = self.offered_champions(view, decision)
        self.blit_text(surface, self.fit("Choose your champion · hover a card for its abilities", "heading", self.fs,
                                         rect.width), "heading", self.fs, theme.PARCHMENT, (rect.x, rect.y))
        top = rect.y + self.line_h() + px(4, s)
        gap = px(6, s)
        cols = 4 if len(ids) > 3 else max(1, len(ids))
        rows = -(-len(ids) // cols)
        cw = (rect.width - (cols - 1) * gap) // cols
        ch = (rect.bottom - top - (rows - 1) * gap) // max(1, rows)
        lh = self.line_h()
        for index, cid in enumerate(ids):
            card = content().champions[cid]
            box = pygame.Rect(rect.x + (index % cols) * (cw + gap), top + (index // cols) * (ch + gap), cw, ch)
            self.card(surface, box, theme.GOLD if card.spirit_touched else theme.INK)
            self.t.mark(surface, box, ("champion", cid))
            pad = px(5, s)
            icon = self.a.icon(CHAMPION_ICONS.get(card.archetype, "swordman"), min(lh, px(20, s)), theme.INK)
            surface.blit(icon, (box.x + pad, box.y + pad))
            x = box.x + pad + icon.get_width() + px(4, s)
            self.blit_text(surface, self.fit(card.name, "bold", self.fs, box.right - x - pad), "bold", self.fs,
                           theme.INK, (x, box.y + pad))
            # Spirit-touched champions (gold frame) are the ones who cast spells (CA-049).
            lines = [f"{card.archetype.capitalize()}" + (" · casts spells" if card.spirit_touched else ""),
                     f"Life {card.life} · Will {card.will}",
                     f"Str {card.strength} · Spd {card.speed} · Int {card.intuition}",
                     f"Perc {card.perception} · Pers {card.persuasion} · Res {card.resolve}"]
            y = box.y + pad + lh
            for line in lines:
                if y + lh > box.bottom - px(2, s):
                    break
                self.blit_text(surface, self.fit(line, "body", self.fs, box.width - 2 * pad), "body", self.fs,
                               theme.INK, (box.x + pad, y))
                y += lh
