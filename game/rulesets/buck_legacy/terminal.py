"""Buck: Legacy in a terminal: the text picture that ``python -m game play`` shows (the
registration's ``terminal`` part). Drawn from the seat's view only, so a backpack shows for
its owner alone (BL-073) and a blind shop stays hidden (A-02)."""

from __future__ import annotations

from game.core.words import counted
from game.rulesets.buck_legacy.content import BLContent
from game.rulesets.buck_legacy.system import BuckLegacy
from game.rulesets.buck_legacy.view_types import AdventurerView, is_bl_view
from game.rulesets.buck_legacy.vocabulary import SLOTS
from game.session import Session

PARTS = {"setup": "Setup", "market": "Market Part", "exploration": "Exploration Phase", "combat": "Combat Phase",
         "boss": "Boss Combat Phase", "over": "Game over"}


def _adventurer(content: BLContent, a: AdventurerView, dealer: int, me: int | None) -> list[str]:
    def name(card: str) -> str:
        return content.card(card).name

    race = content.races[a["race"]].name if a["race"] else "?"
    klass = content.classes[a["klass"]].name if a["klass"] else "?"
    marks = (" [Buck]" if a["seat"] == dealer else "") + (" STUNNED" if a["stunned"] else "") + (
        " (you)" if a["seat"] == me else "")
    parts = ", ".join(f"{name} {value:+d}" for name, value in a["strength_parts"])
    lines = [f"  {a['name']}{marks}: {race} {klass}; CS {a['strength']} ({parts}), Protection {a['protection']}, "
             f"Rank {a['magic_rank']}, Mana {a['mana']}/{a['max_mana']}, Tesla {a['tesla']}/{a['max_tesla']}, "
             f"Gold {a['gold']}, Medals {a['medals']}"]
    gear = []
    for slot in SLOTS:
        card = a["slots"].get(slot)
        if card:
            marks = ""
            if card in a["coatings"]:
                marks += f" +{name(a['coatings'][card])}"
            if card in a["transmuted"]:
                marks += f" /{name(a['transmuted'][card])}"
            gear.append(f"{slot.capitalize()}: {name(card)}{marks}")
    lines.append("    " + ("; ".join(gear) or "nothing equipped"))
    extra: list[str] = []
    if a["attached"]:
        extra.append("Gifts/Curses: " + ", ".join(name(c) for c in a["attached"]))
    if a["in_front"]:
        extra.append("in front: " + ", ".join(name(c) for c in a["in_front"]))
    extra.append(f"Distance Deck {len(a['distance_deck'])} (Distance {a['distance']}, Trophy {a['trophies']}, "
                 f"{len(a['defeated'])} defeated)")
    if a["backpack"] is not None:
        extra.append("backpack: " + (", ".join(name(c) for c in a["backpack"]) or "empty")
                     + f" ({a['backpack_size']}/{a['backpack_limit']})")
    else:
        size = a["backpack_size"]
        extra.append(f"backpack: {size} card{'s' if size != 1 else ''}")
    lines.append("    " + "; ".join(extra))
    return lines


def describe_buck(session: Session, seat: int) -> str:
    """A text picture of a Buck: Legacy position: the Zone or Boss, every Adventurer's record,
    the shop, and the fight or check in progress with its odds."""
    system = session.game.system
    assert isinstance(system, BuckLegacy)
    content = system.content  # the game's own content, not a module-level copy
    view = session.game.view_for(seat)
    assert is_bl_view(view)
    zone_text = "no Zone yet"
    if view["zone"]:
        zone = content.zones[view["zone"]]
        if view["boss_up"] and zone.boss is not None:
            zone_text = f"Boss {zone.boss.name} (Level {zone.boss.level}, HP {view['boss_hp']}/{zone.boss.hp})"
        else:
            zone_text = f"Zone {zone.name} (Distance {view['distance_total']}/{zone.distance})"
    lines = [f"--- Adventure {view['adventure']} · {PARTS.get(view['part'], view['part'])} · {zone_text} · "
             f"Bosses {view['bosses_defeated']}/{view['target']} ---"]
    for a in view["adventurers"]:
        lines += _adventurer(content, a, view["dealer"], view["seat"])
    if view["part"] == "market":
        if view["blind_shop"]:
            lines.append(f"  Shop: {counted(view['shop_size'], 'card')} face down")
        else:
            lines.append("  Shop: " + ", ".join(f"{i}. {content.gear(c).name} ({content.gear(c).cost} Gold)"
                                                for i, c in enumerate(view["shop"], 1)))
    decks = view["decks"]
    lines.append(f"  Decks: Items {decks['items']}, Dungeon {decks['dungeon']}, Treasure {decks['treasure']}; "
                 f"discards: Items {len(view['discards']['items'])}, Dungeon {len(view['discards']['dungeon'])}, "
                 f"Treasure {len(view['discards']['treasure'])}")
    fight = view["fight"]
    if fight:
        who = view["adventurers"][fight["fighter"]]["name"]
        hp = f", HP {fight['hp']}" if fight["hp"] else ""
        lines.append(f"  Fight: {who} against {fight['name']} (Level {fight['level']}{hp}); {who}'s Combat Strength "
                     f"here {fight['strength']}: " + ", ".join(f"{name} {value:+d}" for name, value in
                                                            fight["strength_parts"]))
        if fight["white"]:
            lines.append(f"    {who}: CS {fight['strength']} + white {fight['white_final']} = {fight['fighter_cp']}; "
                         f"{fight['name']}: Level {fight['level']} + black {fight['black_final']}"
                         + (f" - Instant Damage {fight['instant_damage']}" if fight["instant_damage"] else "")
                         + f" = {fight['monster_cp']}")
        lines.append(f"    Chance to win: {fight['chance']:.0%} (a fresh roll: win {fight['win']:.0%}, "
                     f"tie {fight['tie']:.0%}, lose {fight['lose']:.0%})")
        if fight["red"]:
            lines.append(f"    Boss Attack: red die {fight['red_final']}")
    check = view["check"]
    if check:
        who = view["adventurers"][check["seat"]]["name"]
        shown = f", die {check['final']}" if check["die"] else ""
        lines.append(f"  Check: {who}'s {check['kind']} check, needs {check['need']}+{shown}")
    return "\n".join(lines)
