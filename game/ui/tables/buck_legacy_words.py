"""What the Buck: Legacy table says of the thing under the pointer: a card in full (and where it
is), an Adventurer's whole stat card, a value on it with the rule behind it, the Combat
Strength with its parts, a Distance Deck card by card, the Zone or Boss, a deck and its
discard pile, a term of the Combat Points and the odds. Words only, from the seat's view and
the content (the dice tray's words are the table's: it knows the dice)."""

from __future__ import annotations

from game.core.decision import Target
from game.core.words import counted
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView
from game.rulesets.buck_legacy.vocabulary import SLOTS
from game.ui.tables.buck_legacy_cards import BOSS_KEY, DIFFICULTY_NAMES, SLOT_NAMES, card_tooltip
from game.ui.tables.buck_legacy_centre import DECK_NAMES


def words_for(content: BLContent, target: Target, view: BLView) -> str | None:
    """The tooltip of ``target`` (before the table adds what a click on it answers)."""
    kind, ident = target
    if kind == "card":
        key = ident + BOSS_KEY if ident == view["zone"] and view["boss_up"] else ident
        where = where_is(content, view, ident)
        return card_tooltip(content, key) + (f"\n{where}" if where else "")
    if kind == "shop":
        pos = int(ident)
        if view["blind_shop"] or pos > len(view["shop"]):
            return f"Shop card {pos}: face down until bought (Blind shop, A-02)."
        return f"Shop card {pos}: " + card_tooltip(content, view["shop"][pos - 1])
    if kind == "seat":
        return seat_words(content, view, view["adventurers"][int(ident)])
    if kind == "strength":
        return strength_words(view["adventurers"][int(ident)], view)
    if kind == "stat":
        stat, _, seat = ident.partition(":")
        return stat_words(stat, view["adventurers"][int(seat)])
    if kind == "slot":
        seat, _, slot = ident.partition(":")
        return f"{view['adventurers'][int(seat)]['name']}'s {SLOT_NAMES[slot]} slot: empty (BL-067)."
    if kind == "backpack":
        a = view["adventurers"][int(ident)]
        return f"{a['name']}'s backpack: {a['backpack_size']} of {a['backpack_limit']} cards. Its cards are " \
               "private (BL-073)."
    if kind == "ddeck":
        return distance_words(content, view["adventurers"][int(ident)])
    if kind == "buck":
        return f"The Buck token: {view['adventurers'][int(ident)]['name']} is the Buck Dealer, first in priority " \
               "(BL-045)."
    if kind == "zone":
        return zone_words(content, view)
    if kind == "deck":
        return deck_words(content, view, ident)
    if kind == "term":
        return term_words(ident, view)
    if kind == "attack":
        attack = content.boss_attacks.get(int(ident))
        return f"Boss Attack {ident}: {attack.name}. {attack.text} ({attack.rule})" if attack else None
    return None


def where_is(content: BLContent, view: BLView, card: str) -> str:
    """Whose a card on the table is, and how (equipped, coated, transmuted, attached, in front)."""
    for a in view["adventurers"]:
        if card in a["slots"].values():
            slot = next(k for k, v in a["slots"].items() if v == card)
            extra = ""
            if card in a["coatings"]:
                extra += f"; coated with {content.card(a['coatings'][card]).name}"
            if card in a["transmuted"]:
                extra += f"; transmuted over {content.card(a['transmuted'][card]).name}"
            return f"Equipped by {a['name']} ({SLOT_NAMES[slot]}){extra}."
        if card in a["attached"]:
            return f"Attached to {a['name']}."
        if card in a["in_front"]:
            return f"In front of {a['name']}."
        if a["backpack"] and card in a["backpack"]:
            return "In your backpack."
    return ""


def seat_words(content: BLContent, view: BLView, a: AdventurerView) -> str:
    """An Adventurer's whole stat card in words (a condensed card under the pointer)."""
    race = content.races[a["race"]].name if a["race"] else "no Race yet"
    klass = content.classes[a["klass"]].name if a["klass"] else "no Class yet"
    lines = [f"{a['name']}: {race} {klass}" + (" · Buck Dealer" if a["seat"] == view["dealer"] else "")
             + (" · Stunned" if a["stunned"] else " · Active"),
             f"Combat Strength {a['strength']}, Protection {a['protection']}, Magic Rank {a['magic_rank']}"
             + (", Flight" if a["flight"] else ""),
             f"Mana {a['mana']}/{a['max_mana']}, Tesla {a['tesla']}/{a['max_tesla']}, Gold {a['gold']}, "
             f"Medals {a['medals']}"]
    gear = [f"{SLOT_NAMES[slot]}: {content.card(a['slots'][slot]).name}" for slot in SLOTS if slot in a["slots"]]
    lines.append("Equipped: " + ("; ".join(gear) if gear else "nothing"))
    if a["attached"]:
        lines.append("Gifts and Curses: " + ", ".join(content.card(c).name for c in a["attached"]))
    if a["in_front"]:
        lines.append("In front: " + ", ".join(content.card(c).name for c in a["in_front"]))
    lines.append(f"Distance Deck: {counted(len(a['distance_deck']), 'card')}, Distance {a['distance']}, Trophy {a['trophies']}")
    lines.append(f"Backpack: {a['backpack_size']}/{a['backpack_limit']} cards")
    if view["part"] == "market":
        lines.append("Done with the Market" if a["done"] else f"{a['actions_left']} Market Actions left")
    return "\n".join(lines)


def strength_words(a: AdventurerView, view: BLView) -> str:
    """Combat Strength and its parts as the rules count them (the view's), the fighter's
    against the Monster being fought (BL-111, BL-120 to BL-123, BL-139)."""
    total, parts = a["strength"], a["strength_parts"]
    fight = view["fight"]
    if fight and fight["fighter"] == a["seat"]:
        total, parts = fight["strength"], fight["strength_parts"]
    body = ", ".join(f"{name} {value:+d}" for name, value in parts) or "nothing"
    return f"{a['name']}'s Combat Strength {total} (BL-111): {body}."


def stat_words(stat: str, a: AdventurerView) -> str:
    name = a["name"]
    return {
        "protection": f"{name}'s Protection {a['protection']}: a stun from a Monster of this Level or lower is "
                      "kept off after an Escape (BL-144, BL-158).",
        "rank": f"{name}'s Magic Rank {a['magic_rank']}: the spells of this rank and below (BL-204).",
        "medals": f"{name} has {counted(a['medals'], 'Medal')}; the most Medals win (BL-009).",
        "mana": f"{name}'s Mana {a['mana']} of {a['max_mana']}: spells cost Mana (BL-203).",
        "tesla": f"{name}'s Tesla {a['tesla']} of {a['max_tesla']}: Tesla devices run on it (BL-227).",
        "gold": f"{name} has {a['gold']} Gold.",
    }.get(stat, name)


def distance_words(content: BLContent, a: AdventurerView) -> str:
    cards = []
    for card in a["distance_deck"]:
        d = content.dungeon_card(card)
        how = "upright: defeated" if card in a["defeated"] else "across"
        counter = {"distance": "Distance", "trophy": "Trophy"}.get(d.counter, "no counter")
        cards.append(f"{d.name} ({counter}, {how})")
    return (f"{a['name']}'s Distance Deck: Distance {a['distance']}, Trophy {a['trophies']} (BL-101, BL-102). "
            + ("; ".join(cards) if cards else "Empty."))


def zone_words(content: BLContent, view: BLView) -> str:
    if not view["zone"]:
        return f"No Zone yet: the Buck Dealer places one in the Market Part (BL-053). Bosses defeated " \
               f"{view['bosses_defeated']} of {view['target']}."
    zone = content.zones[view["zone"]]
    if view["boss_up"] and zone.boss is not None:
        return f"{zone.boss.name}: HP {view['boss_hp']} of {zone.boss.hp} (BL-166, BL-176)."
    return f"{zone.name} ({DIFFICULTY_NAMES.get(zone.difficulty, '')}): Distance {view['distance_total']} of " \
           f"{zone.distance}; at {zone.distance} the Boss appears (BL-079)."


def deck_words(content: BLContent, view: BLView, deck: str) -> str:
    sizes = {"items": view["decks"]["items"], "dungeon": view["decks"]["dungeon"],
             "treasure": view["decks"]["treasure"]}
    piles = {"items": view["discards"]["items"], "dungeon": view["discards"]["dungeon"],
             "treasure": view["discards"]["treasure"]}
    pile = piles[deck]
    latest = ", ".join(content.card(c).name for c in pile[-5:][::-1])
    return (f"{DECK_NAMES[deck]} deck: {counted(sizes[deck], 'card')}, face down. Discard pile, face up: {len(pile)}"
            + (f" (latest: {latest})." if latest else "."))


def term_words(term: str, view: BLView) -> str | None:
    fight = view["fight"]
    if not fight:
        return None
    if term == "strength":
        return strength_words(view["adventurers"][fight["fighter"]], view)
    if term == "level":
        return f"{fight['name']}'s Level {fight['level']}, with the Zone's and cards' changes (BL-112, BL-162)."
    if term == "instant":
        return f"Instant Damage {fight['instant_damage']}: taken off the Monster's Combat Points (BL-154)."
    if term == "chance":
        return (f"The exact chance that {view['adventurers'][fight['fighter']]['name']} wins this battle as it "
                f"stands, counting Parries: {fight['chance']:.1%}. A fresh roll of both dice: win "
                f"{fight['win']:.1%}, tie {fight['tie']:.1%}, lose {fight['lose']:.1%}.")
    return None
