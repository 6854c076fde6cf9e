"""Fantasy Adventures cards and dice as pictures and words: CardFace records drawn from the
game's own content (name, element colour, Melee and Support, the spell-casting orb, the trap
icon, GP, and the text the content generates, ``card.text``), the whole card in words for the
tooltip, and the dice tray's two dice (the hero's and the monster's).

Every element has a colour and an icon, never colour alone (ART.md): Fire red, Water blue, Air
white, Earth green; traps and items have no element, and their frames are gray (FA-006).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import Die
from game.rulesets.fantasy_adventures.content import FAContent, Hero, Item, Monster, Spell
from game.ui.theme import Colour
from game.ui.widgets.card_view import CardFace, Stat

ELEMENT_COLOURS: dict[str, Colour] = {"fire": (160, 48, 36), "water": (44, 86, 160), "air": (120, 130, 148),
                                      "earth": (58, 118, 58)}
"""Frames, each dark enough for the parchment name on its banner (contrast 4.5:1 at least);
Air's frame is a silver gray, and its art panel white (``ART_COLOURS``)."""
ART_COLOURS: dict[str, Colour] = {**ELEMENT_COLOURS, "air": (196, 204, 218)}
NO_ELEMENT: Colour = (118, 116, 110)
"""Traps and items (FA-006): gray."""
ELEMENT_ICONS = {"fire": "firewall", "water": "ice-spell-cast", "air": "feathered-wing", "earth": "holy-oak"}
ELEMENT_NAMES = {"fire": "Fire", "water": "Water", "air": "Air", "earth": "Earth"}
TYPE_ICONS = {"hero": "swordman", "monster": "troll", "trap": "bad-gnome", "item": "glowing-artifact",
              "spell": "spell-book"}
MONSTER_ICONS = {"undead": "skeleton", "demon": "devil-mask", "devil": "devil-mask"}
STAT_ICONS = {"melee": "broadsword", "support": "shield", "gp": "two-coins", "orb": "crystal-ball",
              "trap": "bad-gnome"}


def element_of(content: FAContent, card_id: str) -> str:
    """The card's element, or "" for a trap or an item (FA-006)."""
    return str(getattr(content.card(card_id), "element", ""))


def frame_colour(content: FAContent, card_id: str) -> Colour:
    return ELEMENT_COLOURS.get(element_of(content, card_id), NO_ELEMENT)


def kind_line(content: FAContent, card_id: str) -> str:
    """"Hero · Fire", "Monster · Water · Undead", "Trap", "Item", "Anytime spell · Air"."""
    card = content.card(card_id)
    element = ELEMENT_NAMES.get(element_of(content, card_id), "")
    if isinstance(card, Spell):
        head = f"{card.type.capitalize()} spell"
    else:
        head = card.kind.capitalize()
    bits = [head] + ([element] if element else [])
    if isinstance(card, Monster) and card.groups:
        bits += [g.capitalize() for g in card.groups]
    return " · ".join(bits)


def card_words(content: FAContent, card_id: str) -> str:
    """Every printed field of a card, in words: the kind, the values, and its text."""
    card = content.card(card_id)
    bits = [kind_line(content, card_id)]
    if isinstance(card, Hero):
        values = f"Melee {card.melee}, Support {card.support}"
        if card.orb:
            values += f", spell-casting orb ({ELEMENT_NAMES.get(card.orb, card.orb)})"
        if card.trap:
            values += ", trap icon"
        bits.append(values)
    elif isinstance(card, Monster):
        bits.append(f"Melee {card.melee}")
    bits.append(f"GP {card.gp}" + (" · unique" if card.unique else ""))
    text = card.text
    return ". ".join(bits) + "." + (f" {text}" if text else "")


def card_tooltip(content: FAContent, card_id: str) -> str:
    return f"{content.card(card_id).name}. {card_words(content, card_id)}"


def face(content: FAContent, card_id: str, full: bool = False) -> CardFace:
    """The face of a card instance: frame and art in its element's colour (gray without one),
    Melee top left, Support top right, the orb and the trap icon at the foot, GP bottom right,
    the generated text in the box (``full``: every printed field in words, for the enlarged
    card on hover)."""
    card = content.card(card_id)
    colour = frame_colour(content, card_id)
    stats: list[Stat] = []
    if isinstance(card, (Hero, Monster)):
        stats.append(Stat("tl", STAT_ICONS["melee"], str(card.melee), f"Melee {card.melee}"))
    if isinstance(card, Hero):
        stats.append(Stat("tr", STAT_ICONS["support"], str(card.support), f"Support {card.support}"))
        if card.orb:
            stats.append(Stat("bl", STAT_ICONS["orb"], ELEMENT_NAMES.get(card.orb, card.orb)[0],
                              f"Spell-casting orb: {ELEMENT_NAMES.get(card.orb, card.orb)}"))
        elif card.trap:
            stats.append(Stat("bl", STAT_ICONS["trap"], "", "Trap icon"))
    stats.append(Stat("br", STAT_ICONS["gp"], str(card.gp), f"GP {card.gp}"))
    icon = TYPE_ICONS.get(card.kind, "glowing-artifact")
    if isinstance(card, Monster):
        icon = next((MONSTER_ICONS[g] for g in card.groups if g in MONSTER_ICONS), "dragon-head" if card.flying
                    else icon)
    if isinstance(card, Item) and card.scroll:
        icon = "scroll-unfurled"
    element = element_of(content, card_id)
    kind_icon = ELEMENT_ICONS.get(element, TYPE_ICONS.get(card.kind, "glowing-artifact"))
    text = card_words(content, card_id) if full else card.text
    key = f"fa:{card_id.split('/')[-1].split('#')[0]}" + (":full" if full else "")
    art = ART_COLOURS.get(element, NO_ELEMENT)
    return CardFace(key, card.name, kind_line(content, card_id), colour, icon, art, kind_icon, tuple(stats),
                    text)


# -- the dice ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DiceLook:
    """How the tray draws one of the game's dice (every roll is one six-sided die, 2.3): the
    hero's die on parchment, the monster's die in dark red, a check's die in gold."""

    die: Die
    colour: str
    pips: str


def _d6(die_id: str, name: str) -> Die:
    return Die.from_faces(die_id, name, ({"pips": n} for n in range(1, 7)))


DICE: dict[str, DiceLook] = {
    "hero": DiceLook(_d6("fa_hero", "Hero's die"), "#efe3c4", "#2a1e14"),
    "monster": DiceLook(_d6("fa_monster", "Monster's die"), "#7a2a24", "#efe3c4"),
    "check": DiceLook(_d6("fa_check", "Check die"), "#c9a227", "#2a1e14"),
}
