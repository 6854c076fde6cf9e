"""Champions of Albion in a terminal: the text picture that ``python -m game play`` shows
(the registration's ``terminal`` part)."""

from __future__ import annotations

from game.rulesets.champions_of_albion.system import ChampionsOfAlbion
from game.rulesets.champions_of_albion.view_types import is_ca_view
from game.session import Session


def describe_albion(session: Session, seat: int) -> str:
    """A text picture of a Champions of Albion position: champions, the map's tokens and
    enemies, the Hand and the story being read."""
    system = session.game.system
    assert isinstance(system, ChampionsOfAlbion)
    content = system.content  # the game's own content, not a module-level copy
    view = session.game.view_for(seat)
    assert is_ca_view(view)
    spaces = content.map.spaces
    main = view["main_enemy"]
    lines = [f"--- Act {view['act']} · round {view['round']} · fate {view['fate']} · {view['phase']} phase · "
             f"{main['name']}" + (f" (DV {main['act2']['dv']}, AV {main['act2']['av']})" if main["on_map"] else "")
             + " ---"]
    for c in view["champions"]:
        cards = [content.resources[r].name for r in c["resources"]] + [content.banes[b].name for b in c["banes"]]
        lines.append(f"  {c['name']} ({session.seats[c['seat']].name}) on {spaces[c['space']].name}: life "
                     f"{c['life']}/{c['max_life']}, will {c['will']}/{c['max_will']}, gold {c['gold']}, aid "
                     f"{'+'.join(str(a) for a in c['aid']) or 'none'}, quest tokens {c['quest_tokens']}; "
                     f"{', '.join(cards) or 'nothing attached'}")
    for e in view["enemies"]:
        lines.append(f"  {e['name']} on {spaces[e['space']].name}: DV {e['dv']}, AV {e['av']}, "
                     f"life {e['life']}/{e['max_life']}")
    shadows = sorted({spaces[s].name for s in view["shadows"]})
    lines.append(f"  Shadows ({len(view['shadows'])}): {', '.join(shadows) or 'none'}; quest tokens: "
                 f"{', '.join(spaces[s].name for s in view['quest_tokens']) or 'none'}")
    lines.append(f"  The Hand: {', '.join(content.resources[r].name for r in view['hand'])}")
    story = view["story"]
    if story:
        lines.append(f"  Story '{story['title']}' (part {story['part']} of {story['parts']}): {story['scene']}")
        for text in story["revealed"]:
            lines.append(f"    {text}")
    return "\n".join(lines)
