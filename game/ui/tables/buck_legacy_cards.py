"""Buck: Legacy cards, icons and dice as pictures and words: CardFace records built from the
game's own content (every printed field: slot, Large, cost and sale, Combat Strength,
Protection, damage types, Level, Escape, Loot, counters, ability text), the whole card as a
tooltip, and the dice tray with the white, black, red and check dice in their content colours
(``content.dice[id]``).

Every kind of thing has a colour and an icon (ART.md): the decks by frame colour, the slots,
creature types and stats by icon.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import pygame

from game.core.dice import Die
from game.rulesets.buck_legacy.content import BLContent, Boss, Card, Character, DungeonCard, Gear, Zone
from game.ui import theme
from game.ui.assets import Assets
from game.ui.theme import Colour, px
from game.ui.widgets.card_view import CardFace, Stat
from game.ui.widgets.dice_tray import DiceTray, hex_colour, pip_die

DECK_COLOURS: dict[str, Colour] = {
    "items": (47, 88, 138),       # blue
    "treasure": (140, 47, 40),    # red
    "character": (112, 78, 44),   # brown
    "dungeon": (106, 79, 140),    # lavender
    "zone": (74, 47, 106),        # purple
}
KIND_COLOURS: dict[str, Colour] = {
    "monster": (122, 46, 46), "event": (79, 111, 98), "gift": (63, 122, 74), "curse": (74, 42, 74),
    "race": (128, 96, 60), "class": (96, 80, 52),
}
SLOT_ICONS = {"armour": "breastplate", "weapon": "broadsword", "glasses": "semi-closed-eye",
              "headgear": "visored-helm", "other": "power-ring"}
SLOT_NAMES = {"armour": "Armour", "weapon": "Weapon", "glasses": "Glasses", "headgear": "Headgear", "other": "Other"}
SHORT_SLOT_NAMES = {**SLOT_NAMES, "glasses": "Eyes", "headgear": "Head"}
"""A slot's name where its tile's band also holds the card's value and has no room for the whole
name ("Head P1", not "Headge… P1")."""
CREATURE_ICONS = {"nagapon": "medusa-head", "undead": "skeleton", "water": "ice-spell-cast", "beast": "troll",
                  "elemental": "firewall", "demon": "devil-mask", "construct": "rock-golem"}
KIND_ICONS = {"event": "scroll-unfurled", "gift": "charm", "curse": "pentagram-rose", "monster": "crossed-swords"}
CLASS_ICONS = {"rogue": "hooded-assassin", "cleric": "sun-priest", "alchemist": "holy-water",
               "berserker": "barbarian", "steam_mechanic": "cog", "necromancer": "skull-staff",
               "ranger": "bowman", "scout": "archer", "warrior": "swordman", "runeweaver": "wizard-face"}
RACE_ICONS = {"aelvari": "woman-elf-face", "skyling": "feathered-wing", "burrowkin": "dwarf-helmet",
              "fae_touched": "fairy", "ogrekin": "ogre", "ironscale_saurian": "dragon-head",
              "felinar": "griffin-symbol", "cogborn": "cog"}
STAT_ICONS = {"strength": "broadsword", "protection": "shield", "rank": "spell-book", "mana": "crystal-ball",
              "tesla": "heavy-lightning", "gold": "two-coins", "medals": "crown", "buck": "horseshoe",
              "distance": "hourglass", "trophy": "crowned-skull", "backpack": "card-draw", "stunned": "meteor-impact",
              "level": "crossed-swords", "hp": "magic-shield", "escape": "exit-door", "loot": "two-coins"}
DIFFICULTY_NAMES = {"starting": "Starting", "mid": "Mid-Level", "advanced": "Advanced"}
COUNTER_NAMES = {"distance": "Distance counter", "trophy": "Trophy counter", "none": ""}
BOSS_KEY = "#boss"
"""A card key suffix for the Boss side of a Zone card (the face the table draws once it has turned)."""


def words(values: Sequence[str]) -> str:
    return ", ".join(v.capitalize() for v in values)


# -- faces -------------------------------------------------------------------------------------------

def fitted_name(assets: Assets, name: str, size: tuple[int, int]) -> str:
    """``name`` as the card renderer can draw it at ``size`` without going below 15 px: whole if
    it fits its banner (on one line, or on two when it has two words or more), else cut with
    "…" (the enlarged card on hover shows it whole)."""
    w, h = size
    inner = w - max(4, w // 20)
    room = inner - 6
    font_size = max(15, int(w * 0.125)) if h >= 150 else 15

    def fits(text: str) -> bool:
        return min(assets.font("name", font_size).size(text)[0], assets.font("bold", font_size).size(text)[0]) <= room

    if fits(name):
        return name
    lines = assets.wrap(name, "name", font_size, room)
    if " " in name and len(lines) == 2 and all(fits(line) for line in lines):
        return name
    cut = name
    while len(cut) > 3 and assets.font("bold", font_size).size(cut.rstrip() + "…")[0] > room:
        cut = cut[:-1]
    return cut.rstrip() + "…"


def gear_words(content: BLContent, card: Gear) -> str:
    """A Gear card's printed fields in words: slot, Large, damage types, cost and sale, values."""
    bits = []
    if card.kind == "equipment":
        bits.append(SLOT_NAMES.get(card.slot, card.slot.capitalize()) + (" · Large" if card.large else " · Light"))
    else:
        bits.append("Single-use")
    if card.types:
        bits.append(words(card.types))
    if card.cs:
        bits.append(f"Combat Strength {card.cs:+d}")
    if card.protection:
        bits.append(f"Protection {card.protection}")
    if card.deck == "items":
        bits.append(f"cost {card.cost} Gold, sells for {card.sale}")
    elif card.deck == "treasure":
        bits.append(f"Treasure, sells for {card.sale}")
    else:
        bits.append("Starting Weapon: leaves the game when unequipped")
    return ". ".join(bits) + "."


def dungeon_words(card: DungeonCard) -> str:
    bits = []
    if card.kind == "monster":
        bits.append(f"Monster · {card.creature.capitalize()}" if card.creature else "Monster")
        hp = f", HP {card.hp}" if card.hp else ""
        bits.append(f"Level {card.level}, Escape {card.escape}+, Loot {card.loot}{hp}")
        if card.resist:
            bits.append(f"Resists {words(card.resist)}")
        if card.vulnerable:
            bits.append(f"Vulnerable to {words(card.vulnerable)}")
    else:
        kind = card.kind.capitalize()
        if card.trap:
            kind += " · Trap"
        if card.companion:
            kind += " · Companion"
        bits.append(kind)
    if COUNTER_NAMES.get(card.counter):
        bits.append(COUNTER_NAMES[card.counter])
    return ". ".join(bits) + "."


def boss_words(boss: Boss) -> str:
    bits = ["Dungeon Boss" + (f" · {boss.creature.capitalize()}" if boss.creature else ""),
            f"Level {boss.level}, HP {boss.hp}, Escape {boss.escape}+"]
    if boss.resist:
        bits.append(f"Resists {words(boss.resist)}")
    if boss.vulnerable:
        bits.append(f"Vulnerable to {words(boss.vulnerable)}")
    special = " ".join(e.text for e in boss.special)
    if special:
        bits.append(f"Red 6: {special.rstrip('.')}")
    return ". ".join(bits) + "."


def zone_words(zone: Zone) -> str:
    bits = [f"Zone · {DIFFICULTY_NAMES.get(zone.difficulty, zone.difficulty)}",
            f"The Boss appears at Distance {zone.distance}; Monsters Level +{zone.level_mod}, Loot +{zone.loot_mod}"]
    if zone.text:
        bits.append(f"Rule: {zone.text.rstrip('.')}")
    if zone.boss is not None:
        bits.append(f"Boss: {zone.boss.name} (Level {zone.boss.level}, HP {zone.boss.hp}, Escape {zone.boss.escape}+)")
    return ". ".join(bits) + "."


def card_words(content: BLContent, card_id: str) -> str:
    """Everything printed on a card, in words (the card's face text and its tooltip)."""
    if card_id.endswith(BOSS_KEY):
        zone = content.zones[card_id[: -len(BOSS_KEY)]]
        assert zone.boss is not None
        return boss_words(zone.boss)
    card = content.card(card_id)
    if isinstance(card, Gear):
        head = gear_words(content, card)
    elif isinstance(card, DungeonCard):
        head = dungeon_words(card)
    elif isinstance(card, Zone):
        return zone_words(card)
    elif isinstance(card, Character):
        head = f"{card.kind.capitalize()}. Combat Strength {card.cs:+d}."
    else:
        head = ""
    text = card.text
    return f"{head} {text}".strip() if text else head or "No special ability."


def card_name(content: BLContent, card_id: str) -> str:
    if card_id.endswith(BOSS_KEY):
        boss = content.zones[card_id[: -len(BOSS_KEY)]].boss
        return boss.name if boss is not None else card_id
    return content.card(card_id).name


def card_icon(card: Card) -> str:
    if isinstance(card, Gear):
        if card.kind == "single_use":
            return "holy-water"
        if card.slot == "weapon" and "staff" in card.types:
            return "wizard-staff"
        if card.slot == "other" and any(a.get("tesla") for a in card.abilities):
            return "cog"
        return SLOT_ICONS.get(card.slot, "glowing-artifact")
    if isinstance(card, DungeonCard):
        if card.kind == "monster":
            return CREATURE_ICONS.get(card.creature, "crossed-swords")
        if card.companion:
            return "fairy"
        if card.trap:
            return "bad-gnome"
        return KIND_ICONS.get(card.kind, "scroll-unfurled")
    if isinstance(card, Zone):
        return "castle"
    if card.kind == "race":
        return RACE_ICONS.get(card.id, "monk-face")
    if card.kind == "class":
        return CLASS_ICONS.get(card.id, "monk-face")
    return "glowing-artifact"


def face_text(content: BLContent, card_id: str) -> str:
    """What a card on the table prints in its text box: what its emblems do not already say
    (damage types, creature type, resistances, the Zone's rule) and its abilities."""
    if card_id.endswith(BOSS_KEY):
        boss = content.zones[card_id[: -len(BOSS_KEY)]].boss
        assert boss is not None
        bits = [boss.creature.capitalize()] if boss.creature else []
        bits += [f"Resists {words(boss.resist)}"] if boss.resist else []
        bits += [f"Vulnerable to {words(boss.vulnerable)}"] if boss.vulnerable else []
        special = " ".join(e.text for e in boss.special)
        return ". ".join(bits + ([f"Red 6: {special.rstrip('.')}"] if special else [])) + "."
    card = content.card(card_id)
    bits = []
    if isinstance(card, Gear) and card.types:
        bits.append(words(card.types))
    if isinstance(card, DungeonCard):
        if card.creature:
            bits.append(card.creature.capitalize())
        if card.resist:
            bits.append(f"Resists {words(card.resist)}")
        if card.vulnerable:
            bits.append(f"Vulnerable to {words(card.vulnerable)}")
        if card.kind != "monster":
            bits.append(card.kind.capitalize())
    if isinstance(card, Zone) and card.boss is not None:
        bits.append(f"Boss: {card.boss.name}")
    head = ". ".join(bits) + "." if bits else ""
    return f"{head} {card.text}".strip()


def face(content: BLContent, assets: Assets, card_id: str, size: tuple[int, int], full: bool = False) -> CardFace:
    """The face of a card instance (or of a Zone's Boss side: ``<zone>#boss``) at ``size``: on
    the table with what its emblems do not say; ``full`` (the enlarged card on hover) with every
    printed field in words."""
    name = card_name(content, card_id)
    key = f"bl:{card_id.split('#')[0] if not card_id.endswith(BOSS_KEY) else card_id}" + (":full" if full else "")
    text = card_words(content, card_id) if full else face_text(content, card_id)
    stats: list[Stat] = []
    if card_id.endswith(BOSS_KEY):
        boss = content.zones[card_id[: -len(BOSS_KEY)]].boss
        assert boss is not None
        stats = [Stat("tl", STAT_ICONS["level"], str(boss.level), f"Level {boss.level}"),
                 Stat("tr", STAT_ICONS["hp"], str(boss.hp), f"HP {boss.hp}"),
                 Stat("br", STAT_ICONS["escape"], f"{boss.escape}+", f"Escape {boss.escape}+")]
        stats = _room_for_text(assets, stats, text, size)
        return CardFace(key, fitted_name(assets, name, size), "Boss", DECK_COLOURS["zone"], "crowned-skull",
                        (120, 40, 60), "crowned-skull", tuple(stats), text)
    card = content.card(card_id)
    kind_icon = "glowing-artifact"
    art = DECK_COLOURS.get(card.deck, (90, 90, 90))
    if isinstance(card, Gear):
        if card.cs:
            stats.append(Stat("tl", STAT_ICONS["strength"], f"{card.cs:+d}", f"Combat Strength {card.cs:+d}"))
        if card.protection:
            stats.append(Stat("tr", STAT_ICONS["protection"], str(card.protection), f"Protection {card.protection}"))
        if card.deck == "items":
            stats.append(Stat("bl", STAT_ICONS["gold"], str(card.cost), f"Cost {card.cost} Gold"))
        if card.large:
            stats.append(Stat("br", "giant", "L", "Large"))
        kind_icon = SLOT_ICONS.get(card.slot, "holy-water")
    elif isinstance(card, DungeonCard):
        art = KIND_COLOURS.get(card.kind, art)
        if card.kind == "monster":
            stats = [Stat("tl", STAT_ICONS["level"], str(card.level), f"Level {card.level}"),
                     Stat("bl", STAT_ICONS["loot"], str(card.loot), f"Loot {card.loot}"),
                     Stat("br", STAT_ICONS["escape"], f"{card.escape}+", f"Escape {card.escape}+")]
            if card.hp:
                stats.append(Stat("tr", STAT_ICONS["hp"], str(card.hp), f"HP {card.hp}"))
        kind_icon = KIND_ICONS.get(card.kind, "scroll-unfurled")
    elif isinstance(card, Zone):
        stats = [Stat("tl", STAT_ICONS["distance"], str(card.distance), f"Distance {card.distance}"),
                 Stat("bl", STAT_ICONS["loot"], f"+{card.loot_mod}", f"Loot +{card.loot_mod}"),
                 Stat("br", STAT_ICONS["level"], f"+{card.level_mod}", f"Level +{card.level_mod}")]
        kind_icon = "castle"
    elif isinstance(card, Character):
        art = KIND_COLOURS.get(card.kind, art)
        stats = [Stat("tl", STAT_ICONS["strength"], f"{card.cs:+d}", f"Combat Strength {card.cs:+d}")]
        kind_icon = "monk-face"
    stats = _room_for_text(assets, stats, text, size)
    return CardFace(key, fitted_name(assets, name, size), card.kind, DECK_COLOURS.get(card.deck, (90, 90, 90)),
                    card_icon(card), art, kind_icon, tuple(stats), text)


def _room_for_text(assets: Assets, stats: list[Stat], text: str, size: tuple[int, int]) -> list[Stat]:
    """A card whose text needs more than the usual third of it leaves too short an art panel for
    the emblems at its foot: those go (the enlarged card on hover and its words keep them)."""
    w, h = size
    if h < 150 or not text:
        return stats
    lines = assets.wrap(text, "body", 15, w - 2 * max(4, w // 20) - 14)
    needed = (assets.font("body", 15).get_linesize() - 2) * len(lines) + 6
    if needed <= int(h * 0.34) or h >= 300:
        return stats
    return [stat for stat in stats if stat.corner in ("tl", "tr")]


def card_tooltip(content: BLContent, card_id: str) -> str:
    """The whole card in words: its name, then every printed field and its ability text."""
    return f"{card_name(content, card_id)}. {card_words(content, card_id)}"


# -- the dice tray ---------------------------------------------------------------------------------

class BuckDice(DiceTray):
    """The dice of a battle or a check, each under its title (the fighter's white die, the
    Monster's black die, the Boss Attack's red die, the plain check die), drawn as six-sided
    dice with pips in the colours the content gives them; the final value under each die when
    something changed it. It keeps the tray's tumble (``start_roll``, ``update``, ``skip``)."""

    def __init__(self, rect: pygame.Rect, looks: Mapping[str, Any]) -> None:
        super().__init__(rect)
        self.looks_bl = looks  # die id -> content DieLook (colour, pips)
        self.labels: list[tuple[str, str]] = []  # (title, caption) per die
        self.key: Any = None

    def show(self, rows: Sequence[tuple[str, int, str, str]], *, roll: bool, duration: float) -> None:
        """``rows``: (die id, face 1-6, title, caption) of each die on the table."""
        dice = [self.looks_bl[d].die for d, _, _, _ in rows]
        faces = [max(1, min(6, f)) - 1 for _, f, _, _ in rows]
        self.labels = [(t, c) for _, _, t, c in rows]
        if not rows:
            self.clear()
        elif roll:
            self.start_roll(dice, faces, duration=duration)
        else:
            self.set_result(dice, faces)

    @staticmethod
    def text_size(scale: float) -> int:
        return max(theme.MIN_TEXT_PX, px(15, scale))

    @staticmethod
    def caption_width(tray_width: int, dice: int, scale: float) -> int:
        """How wide a caption may be under its die, in a tray ``tray_width`` wide."""
        return (tray_width - px(8, scale)) // max(1, dice) - px(4, scale)

    @classmethod
    def caption_lines(cls, assets: Assets, caption: str, width: int, scale: float, role: str = "body") -> list[str]:
        """A caption on one line, or two if it needs them (a Boss Attack's name): text is never
        set smaller than the theme's least size, so a long one is wrapped rather than cut."""
        size = cls.text_size(scale)
        lines = assets.wrap(caption, role, size, width) if caption else []
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [assets.fit(line, role, size, width) for line in lines]

    @classmethod
    def extra_height(cls, assets: Assets, labels: Sequence[tuple[str, str]], tray_width: int, scale: float) -> int:
        """How much taller than its usual height a tray ``tray_width`` wide must be for
        ``labels`` ((title, caption) per die): a line for a title that takes two, another for a
        caption that does."""
        width = cls.caption_width(tray_width, len(labels), scale)
        lines = sum(any(len(cls.caption_lines(assets, text, width, scale, role)) > 1 for text in texts)
                    for role, texts in (("bold", [t for t, _ in labels]), ("body", [c for _, c in labels])))
        return lines * assets.font("bold", cls.text_size(scale)).get_linesize()

    def draw(self, surface: pygame.Surface, assets: Assets, scale: float) -> None:
        inner = self.draw_frame(surface, scale)
        size_text = self.text_size(scale)
        self.die_rects = [pygame.Rect(0, 0, 0, 0) for _ in self.dice]
        if not self.dice:
            label = assets.text("No dice rolled yet", "italic", size_text, theme.MUTED)
            surface.blit(label, label.get_rect(center=inner.center))
            return
        n = len(self.dice)
        line_h = assets.font("bold", size_text).get_linesize()
        col = inner.width // n
        width = self.caption_width(self.rect.width, n, scale)
        captions = [["rolling…"] if self._rolling else
                    self.caption_lines(assets, self.labels[i][1] if i < len(self.labels) else "", width, scale)
                    for i in range(n)]
        lines = max(1, max(len(c) for c in captions))
        # A title too wide for its column (a hero's name) takes two lines where the die keeps
        # most of its size; else it is cut.
        titles = [self.caption_lines(assets, self.labels[i][0] if i < len(self.labels) else "", width, scale,
                                     "bold") for i in range(n)]
        heads = max(1, max(len(t) for t in titles))
        room = inner.height - (heads + lines) * line_h - px(14, scale)
        if heads > 1 and room < px(40, scale):
            titles = [[assets.fit(" ".join(t), "bold", size_text, width)] if t else [] for t in titles]
            heads = 1
            room = inner.height - (heads + lines) * line_h - px(14, scale)
        die = int(max(24, min(px(58, scale), col - px(16, scale), room)))
        top = inner.y + px(4, scale)
        shown = self.shown_faces()
        colour = theme.MUTED if self._rolling else theme.GOLD_LIGHT
        for i in range(n):
            cx = inner.x + col * i + col // 2
            y = top + (heads - len(titles[i])) * line_h // 2  # a one-line title beside a two-line one: centred
            for line in titles[i]:
                head = assets.text(line, "bold", size_text, theme.PARCHMENT)
                surface.blit(head, head.get_rect(midtop=(cx, y)))
                y += line_h
            r = pygame.Rect(0, 0, die, die)
            r.midtop = (cx, top + heads * line_h + px(4, scale))
            self._draw_die(surface, assets, i, shown[i], r)
            y = r.bottom + px(6, scale)
            for line in captions[i]:
                label = assets.text(line, "body", size_text, colour)
                surface.blit(label, label.get_rect(midtop=(cx, y)))
                y += line_h

    def die_image(self, assets: Assets, die: Die, face_index: int, size: int) -> pygame.Surface:
        key = ("bl", die.id, face_index, size)
        image = self._cache.get(key)
        if image is not None:
            return image
        look = self.looks_bl.get(die.id)
        body = hex_colour(look.colour) if look is not None else theme.PARCHMENT
        dark = sum(body) < 200
        edge = (max(0, min(255, int(body[0] * 0.7 + (40 if dark else 0)))),
                max(0, min(255, int(body[1] * 0.7 + (40 if dark else 0)))),
                max(0, min(255, int(body[2] * 0.7 + (40 if dark else 0)))))
        image = pip_die(size, face_index + 1, body, edge, theme.GOLD if dark else (10, 8, 6),
                        hex_colour(look.pips) if look is not None else theme.INK)
        self._cache[key] = image
        return image
