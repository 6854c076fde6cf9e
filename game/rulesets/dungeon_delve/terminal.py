"""Dungeon Delve in a terminal: the text picture that ``python -m game play`` shows (the
registration's ``terminal`` part)."""

from __future__ import annotations

from game.rulesets.dungeon_delve.system import DungeonDelve
from game.session import Session


def describe_grid(session: Session, seat: int) -> str:
    """A text picture of a Dungeon Delve position: the map with figures, and the sheets."""
    system = session.game.system
    assert isinstance(system, DungeonDelve)
    view = session.game.view_for(seat)
    quest = system.data.content.quests[view["quest"]]
    marks = {}
    for i, hero in enumerate(view["heroes"]):
        marks[tuple(hero["square"])] = str(i + 1) if not hero["knocked_out"] else "k"
    for monster in view["monsters"]:
        marks[tuple(monster["square"])] = "W" if monster["master"] else "m"
    for token in view["search_tokens"]:
        marks.setdefault(tuple(token), "?")
    rows = []
    for y, row in enumerate(quest.rows):
        rows.append("  " + "".join(marks.get((x, y), ch) for x, ch in enumerate(row)))
    lines = [f"--- Round {view['round']} · doors open: {', '.join(view['open_doors']) or 'none'} ---", *rows]
    for i, hero in enumerate(view["heroes"]):
        lines.append(f"  {i + 1} {hero['name']}: health {hero['health'] - hero['damage']}/{hero['health']}, "
                     f"fatigue {hero['fatigue']}/{hero['stamina']}" + (" (knocked out)" if hero["knocked_out"] else ""))
    for monster in view["monsters"]:
        lines.append(f"  {monster['name']} at {monster['square'][0]},{monster['square'][1]}: "
                     f"health {monster['health'] - monster['damage']}/{monster['health']}")
    return "\n".join(lines)
