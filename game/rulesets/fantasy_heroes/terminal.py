"""Fantasy Heroes in a terminal: the text picture that ``python -m game play`` shows (the
registration's ``terminal`` part)."""

from __future__ import annotations

from game.core import registry
from game.core.words import counted
from game.rulesets.fantasy_heroes.view_types import is_fh_view
from game.session import Session


def describe_territories(session: Session, seat: int) -> str:
    """Fantasy Heroes: each player's territories and hand size, the battle in progress."""
    view = session.game.view_for(seat)
    assert is_fh_view(view)
    system = registry.get(session.system_id)
    content = getattr(system, "content", None)
    name = content.name if content is not None else (lambda c: c)
    lines = [f"--- Turn {view.get('turn')} · {session.seats[view['active']].name} to play · "
             f"deck {view.get('deck_count')} · discard {len(view.get('discard', []))} ---"]
    for p in view.get("players", []):
        status = " (out)" if p["eliminated"] else ""
        lines.append(f"  {session.seats[p['seat']].name}{status}: {len(p['territories'])} territories "
                     f"[{', '.join(name(t) for t in p['territories'])}], {counted(p['hand_count'], 'card')} in hand")
    battle = view.get("battle")
    if battle:
        for index, role in enumerate(("Attacker", "Defender")):
            side = battle["sides"][index]
            cards = ([side["hero"]] if side["hero"] else []) + side["minions"] + (
                [side["artifact"]] if side["artifact"] else []) + side["spells"]
            lines.append(f"  {role}: {', '.join(name(c) for c in cards) or 'nothing'} = {battle['totals'][index]}")
    hand = view["hand"]
    if hand is not None:
        lines.append(f"  Your hand: {', '.join(name(c) for c in hand) or 'empty'}")
    for reveal in view.get("reveals", []):
        lines.append(f"  Scrye shows {session.seats[reveal['of']].name}'s hand: "
                     f"{', '.join(name(c) for c in reveal['cards']) or 'empty'}")
    return "\n".join(lines)
