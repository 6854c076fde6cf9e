"""The compare window of the Buck: Legacy table (issue 13, item 5): a battle's Combat Points
term by term as they run (the fighter's Combat Strength and its parts, the white die; the
Monster's Level, the black die, Instant Damage: BL-113, BL-114, BL-154), the verdict once
rolled, and the exact chance of winning (odds.py, through the view) before anyone commits,
while anyone may still help; a check and what it needs (BL-092); and what the dice in the tray
show (the white, black, red and check dice in their content colours)."""

from __future__ import annotations

import pygame

from game.core.decision import Target
from game.rulesets.buck_legacy.view_types import BLView, FightView
from game.ui import theme
from game.ui.tables.buck_legacy_cards import BOSS_KEY, words
from game.ui.tables.buck_legacy_layout import LOSS_RED, Panel
from game.ui.theme import px

DIE_TITLES = {"white": "white", "black": "black", "red": "red", "check": "plain"}
"""The rules' die names (an option's ("die", name)) and the content's dice they are rolled with."""

TrayRow = tuple[str, int, str, str, str]
"""(content die, face, title, caption, the rules' die name) of a die on the table."""


def tray_rows(panel: Panel, view: BLView) -> list[TrayRow]:
    """Every die on the table now: a Boss Attack's red die, the fighter's white and the
    Monster's black die, a check's plain die; the caption says its final value when something
    changed it."""
    rows: list[TrayRow] = []
    fight = view["fight"]
    if fight:
        if fight["red"]:
            attack = panel.content.boss_attacks.get(fight["red_final"] or fight["red"])
            rows.append(("red", fight["red"], "Boss Attack", f"= {fight['red_final']}" if fight["red_final"] !=
                         fight["red"] else (attack.name if attack else ""), "red"))
        if fight["white"]:
            who = view["adventurers"][fight["fighter"]]["name"]
            rows.append(("white", fight["white"], who, f"= {fight['white_final']}" if fight["white_final"] !=
                         fight["white"] else "", "white"))
            rows.append(("black", fight["black"], "Boss" if fight["boss"] else "Monster",
                         f"= {fight['black_final']}" if fight["black_final"] != fight["black"] else "", "black"))
    check = view["check"]
    if check and check["die"]:
        rows.append(("plain", check["die"], f"{check['kind'].capitalize()} check",
                     f"= {check['final']} ({check['need']}+)" if check["final"] != check["die"]
                     else f"needs {check['need']}+", "check"))
    return rows


def part_texts(parts: list[tuple[str, int]]) -> list[str]:
    """Combat Strength's parts as the table writes them: "Ogrekin +2", "Shortsword +3"."""
    return [f"{name} {'−' if value < 0 else '+'}{abs(value)}" for name, value in parts]



def verdict(fight: FightView, fighter: str) -> tuple[str, str, tuple[int, int, int]]:
    """What the rolled dice say, the rule that says it ("" for a plain win or loss) and its
    colour: a win, a tie (a Parry, or the loss: BL-124), or a loss, which a weapon the Monster
    is vulnerable to parries (BL-121, BL-124)."""
    ours, theirs = fight["fighter_cp"], fight["monster_cp"]
    if ours > theirs:
        return f"{ours} against {theirs}: {fighter} wins", "", theme.GOLD_LIGHT
    if ours == theirs:
        return f"{ours} against {theirs}: a tie: Parry, or the loss", "BL-124", theme.PARCHMENT
    if fight["auto_parry"]:
        return f"{ours} against {theirs}: a loss, parried by the weapon", "BL-124", LOSS_RED
    return f"{ours} against {theirs}: {fighter} loses", "", LOSS_RED


class CompareWindow(Panel):
    """The fight or the check in the middle of the table, and the notes under the dice tray."""

    def draw(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        s = self.s
        fight = view["fight"]
        assert fight is not None
        fighter = view["adventurers"][fight["fighter"]]["name"]
        title = f"Boss round: {fighter} against {fight['name']}" if fight["boss"] else \
            f"{fighter} against {fight['name']}"
        y = self.heading(surface, title, rect, theme.GOLD_LIGHT)
        # The Monster's card (a Boss's: the Zone card turned, BL-166, also at the left with its HP).
        card = view["zone"] + BOSS_KEY if fight["boss"] else fight["monster"]
        size = self.table_card(rect.bottom - y)
        card_rect = pygame.Rect(rect.x, y, *size)
        surface.blit(self.t.face_image(card, size), card_rect)
        self.t.mark(surface, card_rect, ("card", fight["monster"]))
        x = card_rect.right + px(12, s)
        width = rect.right - x
        row = self.row_h()
        rolled = bool(fight["white"])
        # The Combat Points, term by term (BL-113, BL-114), and the Combat Strength's parts.
        strength_w = self.terms(surface, x, y, width, f"{fighter}:", [
            ("CS", str(fight["strength"]), ("term", "strength")),
            ("white", str(fight["white_final"]) if rolled else "?", ("die", "white") if rolled else None)],
            str(fight["fighter_cp"]) if rolled else "?")
        y += row
        cs_parts = part_texts(fight["strength_parts"])
        lines = self.a.wrap_parts(["CS: " + cs_parts[0], *cs_parts[1:]] if cs_parts else ["CS: none"], "italic", self.fs,
                                  width - strength_w)
        for line in lines[:2]:
            parts = self.text(surface, line, (x + strength_w, y), "italic", theme.PARCHMENT_DARK,
                              width=width - strength_w)
            self.t.hits.append((parts, ("term", "strength")))
            y += row
        y += px(2, s)
        terms: list[tuple[str, str, Target | None]] = [
            ("Level", str(fight["level"]), ("term", "level")),
            ("black", str(fight["black_final"]) if rolled else "?", ("die", "black") if rolled else None)]
        if fight["instant_damage"]:
            terms.append(("Instant", f"−{fight['instant_damage']}", ("term", "instant")))
        self.terms(surface, x, y, width, "Boss:" if fight["boss"] else "Monster:", terms,
                   str(fight["monster_cp"]) if rolled else "?", indent=strength_w)
        y += row + px(4, s)
        if rolled:
            outcome, rule, colour = verdict(fight, fighter)
            said = self.a.first_fitting((f"{outcome} ({rule})", outcome) if rule else (outcome,), "bold", self.fs,
                                        width)
            self.text(surface, said, (x, y), "bold", colour, width=width)
        else:
            self.text(surface, "Not rolled yet: anyone may still help.", (x, y), "italic", theme.PARCHMENT_DARK,
                      width=width)
        y += row + px(2, s)
        big = max(18, px(21, s))
        # once rolled, a tie or a parried loss is rolled again: the chance is of winning in the end
        said = f"Chance to win {fight['chance']:.0%}"
        if rolled and self.a.font("heading", big).size(f"Chance to win in the end {fight['chance']:.0%}")[0] <= width:
            said = f"Chance to win in the end {fight['chance']:.0%}"
        label = self.text(surface, said, (x, y), "heading", theme.GOLD_LIGHT, big, width)
        self.t.hits.append((label, ("term", "chance")))
        y += self.row_h(big) + px(2, s)
        fresh = f"A fresh roll: win {fight['win']:.0%} · tie {fight['tie']:.0%} · lose {fight['lose']:.0%}"
        self.text(surface, fresh, (x, y), "body", theme.PARCHMENT, width=width)
        y += row
        notes = [f"Escape {fight['escape']}+"]
        if fight["hp"]:
            notes.append(f"HP {fight['hp']}")
        if fight["resist"]:
            notes.append(f"resists {words(fight['resist'])}")
        if fight["vulnerable"]:
            notes.append(f"vulnerable to {words(fight['vulnerable'])}" + (" (auto-Parry)" if fight["auto_parry"]
                                                                          else ""))
        check = view["check"]
        # The notes take a second line where one cannot hold them and the lines under them still
        # fit ("… vulnerable to Electric (auto-Parry)" was cut at 1280x720); else one, cut.
        after = (1 if check and check["die"] else 0) + (1 if fight["boss"] and fight["attack"] else 0)
        lines = self.a.wrap(" · ".join(notes), "italic", self.fs, width)
        if len(lines) > 1 and y + (2 + after) * row <= rect.bottom:
            lines = [lines[0], " ".join(lines[1:])]
        else:
            lines = [" ".join(lines)]
        for line in lines:
            if y + row <= rect.bottom:
                self.text(surface, line, (x, y), "italic", theme.PARCHMENT_DARK, width=width)
                y += row
        if check and check["die"] and y + row <= rect.bottom:
            passed = check["final"] >= check["need"]
            self.text(surface, f"{check['kind'].capitalize()} check: {check['final']} against {check['need']}+: "
                      + ("passes" if passed else "fails"), (x, y), "bold", theme.GOLD_LIGHT if passed else LOSS_RED,
                      width=width)
            y += row
        if fight["boss"] and fight["attack"] and y + row <= rect.bottom:
            attack = self.content.boss_attacks.get(fight["attack"])
            if attack is not None:
                self.text(surface, f"Boss Attack {fight['attack']}: {attack.name}", (x, y), "bold", LOSS_RED,
                          width=width)
                self.t.hits.append((pygame.Rect(x, y, width, row), ("attack", str(fight["attack"]))))

    def terms(self, surface: pygame.Surface, x: int, y: int, width: int, who: str,
              terms: list[tuple[str, str, Target | None]], result: str, indent: int = 0) -> int:
        """``who`` then each term (hoverable), then ``= result``; returns the width of ``who``."""
        s = self.s
        right = x + width
        label = self.text(surface, who, (x, y), "bold", theme.PARCHMENT, width=max(40, width // 3))
        cx = max(label.right + px(8, s), x + indent)
        for k, (name, value, target) in enumerate(terms):
            ring = px(5, s) if target is not None and target[0] == "die" else 0  # room for a die's glow
            if k and not value.startswith("−"):
                cx = self.text(surface, "+", (cx, y), "bold", theme.PARCHMENT_DARK).right + px(5, s)
            piece = f"{name} {value}"
            if cx + ring + self.a.font("bold", self.fs).size(piece)[0] > right:
                break
            r = self.text(surface, piece, (cx + ring, y), "bold", theme.GOLD_LIGHT if target and target[0] == "term"
                          else theme.PARCHMENT)
            if target is not None:
                self.t.mark(surface, r.inflate(px(4, s), 0), target, outline=target[0] == "die")
            cx = r.right + ring + px(6, s)
        if cx + px(40, s) <= right:
            self.text(surface, f"= {result}", (cx, y), "heading", theme.GOLD_LIGHT)
        return label.right + px(8, s) - x

    def draw_check(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        check = view["check"]
        assert check is not None
        who = view["adventurers"][check["seat"]]["name"]
        y = self.heading(surface, f"{who}'s {check['kind'].capitalize()} check: {check['need']}+ needed", rect,
                         theme.GOLD_LIGHT)
        if check["die"]:
            change = f" {check['change']:+d}" if check["change"] else ""
            passed = check["final"] >= check["need"]
            self.text(surface, f"Die {check['die']}{change} = {check['final']}: " + ("passes" if passed else "fails"),
                      (rect.x, y), "bold", theme.GOLD_LIGHT if passed else LOSS_RED, width=rect.width)
        else:
            self.text(surface, "Not rolled yet.", (rect.x, y), "italic", theme.PARCHMENT_DARK, width=rect.width)
        y += self.row_h() + 2
        chance = max(0, min(6, 7 - check["need"])) / 6
        self.text(surface, f"A fresh roll passes {chance:.0%} of the time (before changes).", (rect.x, y), "body",
                  theme.PARCHMENT, width=rect.width)

    def draw_tray_notes(self, surface: pygame.Surface, view: BLView, rect: pygame.Rect) -> None:
        """Under the tray: the help given so far (Support, Instant Damage) and what a battle's
        dice are worth (the Rule of Six, a Parry)."""
        fight = view["fight"]
        if not fight or rect.height < self.row_h():
            return
        helpers = [a["name"] for a in view["adventurers"] if a["supported"]]
        lines: list[str] = []
        support = view["adventurers"][fight["fighter"]]["support_received"]
        if support:
            lines.append(f"Support: +{support} CS" + (f" ({', '.join(helpers)})" if helpers else ""))
        if fight["auto_parry"]:
            lines.append("A weapon the Monster is vulnerable to: a loss is parried (BL-124).")
        if fight["instant_damage"]:
            lines.append(f"Instant Damage {fight['instant_damage']} off the Monster's points (BL-154).")
        if fight["white"]:
            lines.append("Dice count 1 to 6 after changes (BL-117).")
        y = rect.y
        width = rect.width - px(8, self.s)
        for line in [part for text in lines for part in self.a.wrap(text, "italic", self.fs, width)]:
            if y + self.row_h() > rect.bottom:
                break
            self.text(surface, line, (rect.x + px(4, self.s), y), "italic", theme.PARCHMENT_DARK, width=width)
            y += self.row_h()
