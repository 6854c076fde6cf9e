"""Dungeon Delve in a terminal: the text picture that ``python -m game play`` shows (the
registration's ``terminal`` part).

The map is drawn with its coordinates (columns along the top, rows down the side) and a
legend. Each hero keeps one number for the whole game (the party's order at setup) and each
monster kind one letter (its masters in capitals, its minions in small letters), so a figure
keeps its mark from one picture to the next.
"""

from __future__ import annotations

from game.rulesets.dungeon_delve.content import OFF_MAP, TERRAIN_SYMBOLS, DDContent
from game.rulesets.dungeon_delve.system import DungeonDelve
from game.rulesets.dungeon_delve.view_types import MonsterView, is_dd_view
from game.session import Session

TAKEN = set(TERRAIN_SYMBOLS) | {OFF_MAP, "k"}


def kind_letters(content: DDContent) -> dict[str, str]:
    """One letter per monster group, the first free letter of its minions' name, in small
    letters; its master (or boss) gets the capital (a goblin minion 'g', its master 'G')."""
    out: dict[str, str] = {}
    used: set[str] = {c.lower() for c in TAKEN}
    kinds = [(g.minion, g.master) for g in content.groups.values()]
    kinds += [(kind, kind) for kind in content.monsters if not any(kind in pair for pair in kinds)]
    for minion, master in kinds:
        name = content.monsters[minion].name.lower()
        letter = next((c for c in name + "abcdefghijlmnpqrstuvwyz" if c.isalpha() and c not in used), "?")
        used.add(letter)
        out[minion] = out.setdefault(master, letter)
    return out


def _letter(content: DDContent, monster: MonsterView) -> str:
    letter = kind_letters(content).get(monster["kind"], "?")
    return letter.upper() if monster["master"] else letter


def legend() -> str:
    terrain = ", ".join(f"{symbol} {name}" for symbol, name in TERRAIN_SYMBOLS.items())
    return (f"  Map: {terrain}, {OFF_MAP} off the map; 1-4 heroes, k a knocked-out hero, A-Z monster masters, "
            "a-z minions (one letter per kind), ? a search token.")


def describe_grid(session: Session, seat: int) -> str:
    """A text picture of a Dungeon Delve position: the map with figures, and the sheets."""
    system = session.game.system
    assert isinstance(system, DungeonDelve)
    view = session.game.view_for(seat)
    assert is_dd_view(view)
    quest = system.data.content.quests[view["quest"]]
    party = sorted(view["heroes"], key=lambda h: list(system.data.content.heroes).index(h["id"]))
    number = {hero["id"]: str(i + 1) for i, hero in enumerate(party)}
    marks: dict[tuple[int, int], str] = {}
    for hero in party:
        marks[(hero["square"][0], hero["square"][1])] = "k" if hero["knocked_out"] else number[hero["id"]]
    for monster in view["monsters"]:
        marks[(monster["square"][0], monster["square"][1])] = _letter(system.data.content, monster)
    for token in view["search_tokens"]:
        marks.setdefault((token[0], token[1]), "?")
    width = max(len(row) for row in quest.rows)
    rows = ["     " + "".join(str(x // 10) if x % 10 == 0 and x else " " for x in range(width)),
            "     " + "".join(str(x % 10) for x in range(width))]
    for y, row in enumerate(quest.rows):
        rows.append(f"  {y:2d} " + "".join(marks.get((x, y), ch) for x, ch in enumerate(row)))
    lines = [f"--- Round {view['round']} · doors open: {', '.join(view['open_doors']) or 'none'} ---", *rows,
             legend()]
    for hero in party:
        lines.append(f"  {number[hero['id']]} {hero['name']} at {hero['square'][0]},{hero['square'][1]}: health "
                     f"{hero['health'] - hero['damage']}/{hero['health']}, fatigue {hero['fatigue']}/{hero['stamina']}"
                     + (" (knocked out)" if hero["knocked_out"] else ""))
    for monster in view["monsters"]:
        lines.append(f"  {_letter(system.data.content, monster)} {monster['name']} at {monster['square'][0]},"
                     f"{monster['square'][1]}: health {monster['health'] - monster['damage']}/{monster['health']}")
    return "\n".join(lines)
