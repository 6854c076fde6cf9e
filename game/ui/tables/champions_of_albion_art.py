"""Champions of Albion at the table: colours and icons for its kinds of things (ART.md:
colour and icon, never colour alone), resource cards as CardFace records, the words of its
tooltips, and the d6 dice tray.

Everything here is read from the rule system's content (:func:`content`) or the seat's
view; nothing reads the game state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

import pygame

from game.core import registry
from game.core.dice import Die, d6
from game.core.words import counted
from game.rulesets.champions_of_albion.content import CAContent, text_of
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES
from game.ui import theme
from game.ui.assets import Assets
from game.ui.theme import Colour, px
from game.ui.widgets.card_view import CardFace, Stat
from game.ui.widgets.dice_tray import DiceTray, pip_die

SEAT_COLOURS: tuple[Colour, ...] = ((196, 68, 52), (66, 132, 196), (214, 176, 56), (92, 168, 92))
LIFE_RED: Colour = (190, 52, 42)
WILL_BLUE: Colour = (92, 96, 196)
SPACE_WORDS = {"capital": "Capital", "country": "Country", "wilderness": "Wilderness", "depths": "Depths"}
ATTR_SHORT = {"strength": "Str", "speed": "Spd", "intuition": "Int", "perception": "Perc",
              "persuasion": "Pers", "resolve": "Res"}
PHASES = {"setup": "Setup", "start": "Start of round", "action": "Action phase", "combat": "Combat phase",
          "story": "Story phase", "event": "Event phase", "end": "End of round", "over": "Game over"}

# Resource kinds (CA-163): a frame colour and an icon each.
RESOURCE_COLOURS: dict[str, Colour] = {
    "weapon": (96, 100, 116), "armour": (128, 92, 52), "item": (112, 84, 128), "relic": (154, 123, 44),
    "companion": (78, 112, 58), "combat_skill": (150, 56, 44), "spell": (47, 79, 132),
}
RESOURCE_ICONS: dict[str, str] = {
    "weapon": "broadsword", "armour": "breastplate", "item": "holy-water", "relic": "glowing-artifact",
    "companion": "rally-the-troops", "combat_skill": "swords-emblem", "spell": "spell-book",
}
BANE_COLOURS: dict[str, Colour] = {"mental": (96, 62, 120), "physical": (150, 50, 40), "magical": (52, 86, 120)}
BANE_ICONS: dict[str, str] = {"mental": "semi-closed-eye", "physical": "skeleton", "magical": "pentagram-rose"}
CHAMPION_ICONS: dict[str, str] = {
    "warrior": "barbarian", "ranger": "bowman", "bard": "charm", "healer": "sun-priest", "seer": "crystal-ball",
    "warden": "visored-helm", "sorcerer": "wizard-face", "merchant": "two-coins",
}
MAIN_ENEMY_ICONS: dict[str, str] = {"dragon": "dragon-head", "arawn": "crowned-skull", "morrigan": "spectre"}
DECK_ICONS: dict[str, str] = {"capital": "castle", "country": "horseshoe", "wilderness": "forest",
                              "depths": "exit-door"}
ENEMY_ICONS: dict[str, str] = {
    "kobold_scavenger": "goblin-head", "ash_imp": "devil-mask", "scale_raider": "orc-head",
    "firedrake_whelp": "griffin-symbol", "cinder_hound": "burning-meteor", "wyrmblood_brute": "ogre",
    "barrow_wight": "skeleton", "grave_rat_swarm": "ants", "hound_of_the_hunt": "totem-mask",
    "hollow_knight": "black-knight-helm", "pale_huntsman": "bowman", "deep_troll": "troll",
    "carrion_crow_flock": "feathered-wing", "deserter": "pikeman", "battle_fury": "winged-sword",
    "raven_reaver": "hooded-assassin", "bog_hag": "warlock-hood", "washer_at_the_ford": "invisible",
    "ember_tyrant": "dragon-head", "scorch_wing": "burning-meteor", "hoard_warden": "rock-golem",
    "smoke_serpent": "medusa-head", "lord_of_bones": "skeleton", "grey_mare": "unicorn",
    "unquiet_king": "skull-staff", "gatekeeper": "giant", "crow_queens_champion": "crested-helmet",
    "nightmare_mare": "unicorn", "war_witch": "warlock-hood", "blood_reaper": "shambling-zombie",
}


def content() -> CAContent:
    """The content of the Champions of Albion rule system the games are played with (the
    registered instance's own, not a module-level copy)."""
    from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

    system = registry.get(ChampionsOfAlbion.id)
    assert isinstance(system, ChampionsOfAlbion)
    return system.content


def bane_id(bane: str) -> str:
    """A bane card's id (copies may carry a ``#n`` suffix)."""
    return bane.split("#", 1)[0]


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def enemy_icon(card: str, kind: str) -> str:
    if kind == "main":
        return MAIN_ENEMY_ICONS.get(card, "dragon-head")
    return ENEMY_ICONS.get(card, "ogre")


def attribute_word(name: str) -> str:
    return name.replace("_", " ").capitalize()


def bonus_text(bonuses: Sequence[tuple[str, int]] | Mapping[str, int]) -> str:
    items = bonuses.items() if isinstance(bonuses, Mapping) else bonuses
    return ", ".join(f"{amount:+d} {attribute}" for attribute, amount in items)


def kind_word(kind: str) -> str:
    return kind.replace("_", " ")


# -- cards ------------------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def resource_face(rid: str) -> CardFace:
    """A resource card as the card renderer draws it: its kind's frame and icon, cost and
    test in the corner emblems, bonuses and text in the text box."""
    r = content().resources[rid]
    colour = RESOURCE_COLOURS.get(r.kind, (110, 100, 90))
    icon = RESOURCE_ICONS.get(r.kind, "card-draw")
    stats: list[Stat] = []
    if r.cost is not None:
        stats.append(Stat("tl", "two-coins", str(r.cost), f"Cost {r.cost} gold"))
    if r.test is not None:
        stats.append(Stat("tr", "concentration-orb", str(r.test.difficulty),
                          f"Test: {r.test.attribute} {r.test.difficulty}"))
    text = bonus_text(r.bonuses) or r.text  # the rest is in the tooltip
    kind = kind_word(r.kind).capitalize() + (f" (as {kind_word(r.counts_as)})" if r.counts_as else "")
    return CardFace(f"ca:{rid}", r.name, kind, colour, icon, colour, icon, tuple(stats), text)


# -- words for tooltips -----------------------------------------------------------------------------


def resource_tip(rid: str) -> str:
    r = content().resources[rid]
    head = f"{r.name} — {kind_word(r.kind)}" + (f", counts as {kind_word(r.counts_as)}" if r.counts_as else "")
    ways = []
    if r.cost is not None:
        ways.append(f"cost {r.cost} gold")
    if r.test is not None:
        ways.append(f"test {r.test.attribute} {r.test.difficulty}")
    if r.kind == "relic" and not ways:
        ways.append("only from stories")
    lines = [head]
    if ways:
        lines.append("Gather: " + " or ".join(ways) + ".")
    if r.bonuses:
        lines.append("Bonus: " + bonus_text(r.bonuses) + ".")
    if r.text:
        lines.append(r.text)
    rules = text_of(r.effects)
    if rules and rules != r.text:
        lines.append(rules)
    return "\n".join(lines)


def bane_tip(bane: str) -> str:
    b = content().banes.get(bane_id(bane))
    if b is None:
        return bane
    lines = [f"{b.name} — {b.kind} bane"]
    if b.modifiers:
        lines.append(bonus_text(b.modifiers) + ".")
    effects = text_of(b.effects)
    if effects:
        lines.append(effects)
    lines.append(f"Removal: {b.removal.words}")
    return "\n".join(lines)


def enemy_tip(e: Mapping[str, Any]) -> str:
    kind = {"ordinary": "enemy", "dangerous": "more dangerous enemy", "main": "main enemy"}.get(e["kind"], e["kind"])
    lines = [f"{e['name']} — {kind}",
             f"DV {e['dv']} · AV {e['av']} · life {e['life']}/{e['max_life']} · treasure {e['treasure']}"]
    lines += list(e.get("abilities") or [])
    return "\n".join(lines)


def champion_tip(c: Mapping[str, Any]) -> str:
    parts = []
    for a in ATTRIBUTES:
        value, printed = c["attributes"][a], c["printed"][a]
        parts.append(f"{a} {value}" + (f" (card {printed})" if value != printed else ""))
    lines = [f"{c['name']} — {c['archetype']}" + (", touched by the spirits" if c.get("spirit_touched") else ""),
             f"Life {c['life']}/{c['max_life']} · will {c['will']}/{c['max_will']} · gold {c['gold']}",
             ", ".join(parts) + ".",
             f"Unique action — {c['unique']['name']}" + (" (used this round)" if c.get("unique_used") else "")
             + f": {c['unique']['text']}",
             f"Passive — {c['passive']['name']}: {c['passive']['text']}"]
    return "\n".join(lines)


def champion_card_tip(cid: str) -> str:
    """A champion card not yet in play, in full (the choice of a champion, CA-010, CA-128)."""
    card = content().champions[cid]
    c = content()
    gear = [c.resources[r].name for r in card.equipment] + ([f"{card.gold} gold"] if card.gold else [])
    return "\n".join([
        f"{card.name} — {card.archetype}" + (", touched by the spirits" if card.spirit_touched else ""),
        card.description,
        f"Life {card.life}, will {card.will}; strength {card.strength}, speed {card.speed}, intuition "
        f"{card.intuition}, perception {card.perception}, persuasion {card.persuasion}, resolve {card.resolve}.",
        f"Starts on {c.map.spaces[card.start].name} with {', '.join(gear)}.",
        f"Unique action, {card.unique.name}: {card.unique.text}",
        f"Passive, {card.passive.name}: {card.passive.text}",
    ])


def main_enemy_tip(m: Mapping[str, Any], act: int) -> str:
    a1, a2 = m["act1"], m["act2"]
    if act >= 2:
        return "\n".join([f"{m['name']} — Act 2 side", f"DV {a2['dv']} · AV {a2['av']} · life {a2['life']}",
                          a2["behaviour"], f"Quest tokens: {a2['quest_token_use']}", f"Defeat: {a2['defeat']}"])
    lair = content().map.spaces.get(m.get("lair", ""))
    return "\n".join([f"{m['name']} — Act 1 side" + (f" (lair: {lair.name})" if lair else ""),
                      f"Setup: {a1['setup']}", f"Event phase: {a1['event_phase']}",
                      f"Combat: {a1['combat_ability']}", f"Defeat: {a1['defeat']}",
                      f"In Act 2: DV {a2['dv']}, AV {a2['av']}."])


def space_tip(sid: str, view: Mapping[str, Any]) -> str | None:
    space = content().map.spaces.get(sid)
    if space is None:
        return None
    market = " (market)" if space.kind in ("capital", "country") else ""
    lines = [f"{space.name} — {SPACE_WORDS.get(space.kind, space.kind)}{market}"]
    shadows = sum(1 for s in view.get("shadows", []) if s == sid)
    bits = []
    if shadows:
        bits.append(f"{shadows} shadow token{'s' if shadows > 1 else ''}")
    if sid in view.get("quest_tokens", []):
        bits.append("a quest token")
    if bits:
        lines.append("Here: " + ", ".join(bits) + ".")
    for c in view.get("champions", []):
        if c["space"] == sid:
            lines.append(f"{c['name']}: life {c['life']}/{c['max_life']}, will {c['will']}/{c['max_will']}")
    for e in view.get("enemies", []):
        if e["space"] == sid:
            lines.append(f"{e['name']}: DV {e['dv']}, AV {e['av']}, life {e['life']}/{e['max_life']}")
    return "\n".join(lines)


def fate_tip(view: Mapping[str, Any]) -> str:
    text = (f"The fate star: the marker is on {view.get('fate', 1)}. It moves on at the end of every round; "
            f"Act {view.get('act', 1)} ends after the round played on 5.")
    decks = view.get("world_decks", {})
    if decks:
        text += " Story decks: " + ", ".join(f"{SPACE_WORDS.get(k, k)} {n}" for k, n in decks.items())
        text += f", quests {view.get('quest_deck', 0)}. Events left: {view.get('event_deck', 0)}."
    return text


def deck_tip(deck: str, view: Mapping[str, Any]) -> str:
    if deck == "quest":
        return f"The quest deck: {counted(view.get('quest_deck', 0), 'card')}."
    count = view.get("world_decks", {}).get(deck)
    name = SPACE_WORDS.get(deck, deck)
    return f"The {name.lower()} story deck" + (f": {counted(count, 'card')}." if count is not None else ".")


# -- the d6 tray ------------------------------------------------------------------------------------


class D6Tray(DiceTray):
    """The dice tray with one ivory d6 and the test in words beside it (a horizontal strip).

    It keeps the tray's roll and tumble (``start_roll``, ``update``, ``skip``, ``landed``);
    ``info`` is the view's ``last_roll`` it shows.
    """

    def __init__(self, rect: pygame.Rect) -> None:
        super().__init__(rect)
        self.die: Die = d6()
        self.info: dict[str, Any] = {}

    def show(self, info: Mapping[str, Any], *, roll: bool, duration: float = 0.5) -> None:
        self.info = dict(info)
        if not info or not info.get("die"):
            self.clear()
            return
        face = max(1, min(6, int(info["die"]))) - 1
        if roll:
            self.start_roll([self.die], [face], duration=duration)
        else:
            self.set_result([self.die], [face])

    def lines(self, names: Mapping[str, str]) -> list[list[tuple[str, str, Colour]]]:
        """The test in words, as rows of (text, font role, colour) pieces."""
        info = self.info
        who = names.get(info.get("champion", ""), "")
        why = str(info.get("why", ""))
        attribute = attribute_word(str(info.get("attribute", "")))
        rows: list[list[tuple[str, str, Colour]]] = []
        if why in ("attack", "defence"):
            rows.append([(f"{who}: {why} ({attribute})", "bold", theme.PARCHMENT)])
            against = "DV" if why == "attack" else "AV"
        else:
            rows.append([(f"{who}: {attribute} test", "bold", theme.PARCHMENT)])
            if why:
                rows.append([(why, "italic", theme.PARCHMENT_DARK)])
            against = "vs"
        if self.rolling:
            rows.append([("rolling…", "italic", theme.MUTED)])
            return rows
        die, total = int(info.get("die", 0)), int(info.get("total", 0))
        verdict = ("passed", "bold", theme.GOLD_LIGHT) if info.get("passed") else ("failed", "bold", (236, 120, 100))
        rows.append([(f"{die} + {total - die} = {total} {against} {info.get('difficulty', '?')}: ", "body",
                      theme.PARCHMENT), verdict])
        return rows

    def draw_strip(self, surface: pygame.Surface, assets: Assets, scale: float, names: Mapping[str, str]) -> None:
        inner = self.draw_frame(surface, scale)
        size = max(theme.MIN_TEXT_PX, px(15, scale))
        if not self.dice:
            self.die_rects = []
            label = assets.text("No test rolled yet", "italic", size, theme.MUTED)
            surface.blit(label, label.get_rect(center=inner.center))
            return
        die_size = max(24, min(inner.height - px(8, scale), px(52, scale)))
        die_rect = pygame.Rect(inner.x + px(8, scale), 0, die_size, die_size)
        die_rect.centery = inner.centery
        self.die_rects = [die_rect]
        self._draw_die(surface, assets, 0, self.shown_faces()[0], die_rect)
        x = die_rect.right + px(10, scale)
        width = inner.right - x - px(4, scale)
        rows = self.lines(names)
        line_h = assets.font("body", size).get_linesize() - 1
        while len(rows) * line_h > inner.height and len(rows) > 2:
            rows.pop(1)  # the story's title goes first when the strip is short
        y = inner.centery - line_h * len(rows) // 2
        for row in rows:
            rx = x
            for text, role, colour in row:
                font = assets.font(role, size)
                room = x + width - rx
                if font.size(text)[0] > room:
                    while len(text) > 1 and font.size(text + "…")[0] > room:
                        text = text[:-1]
                    text += "…"
                label = assets.text(text, role, size, colour)
                surface.blit(label, (rx, y))
                rx += label.get_width()
            y += line_h

    def die_image(self, assets: Assets, die: Die, face_index: int, size: int) -> pygame.Surface:
        key = ("d6", face_index, size)
        image = self._cache.get(key)
        if image is not None:
            return image
        pips = dict(die.faces[face_index]).get("pips", face_index + 1)
        one = pips == 1  # a single pip is red and larger
        image = pip_die(size, pips, (240, 232, 212), (176, 160, 128), (10, 8, 6), (150, 30, 26) if one else theme.INK,
                        1 if one else 0)
        self._cache[key] = image
        return image
