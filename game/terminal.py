"""Play in a terminal: the same Session the window uses, with numbered options.

Type the number of an option (several numbers separated by spaces when a question asks
for more than one), ``u`` to undo, ``s NAME`` to save, ``v`` to see the table again,
``q`` to save to the autosave slot and quit. Used until the window arrives, and handy
over SSH.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from game import saves
from game.core import registry
from game.core.errors import FiveRealmsError
from game.session import Seat, Session


def _seats(spec: str) -> list[Seat]:
    seats = []
    for i, word in enumerate(w.strip() for w in spec.split(",")):
        if word == "human":
            seats.append(Seat("human", f"Player {i + 1}"))
        else:
            seats.append(Seat("ai", f"{word.capitalize()} AI {i + 1}", word))
    return seats


def describe_grid(session: Session, seat: int) -> str:
    """A text picture of a Dungeon Delve position: the map with figures, and the sheets."""
    from game.rulesets.dungeon_delve.content import standard_content

    view = session.game.view_for(seat)
    quest = standard_content().quests[view["quest"]]
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


def describe_albion(session: Session, seat: int) -> str:
    """A text picture of a Champions of Albion position: champions, the map's tokens and
    enemies, the Hand and the story being read."""
    from game.rulesets.champions_of_albion.content import standard_content

    content = standard_content()
    view = session.game.view_for(seat)
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


def describe_table(session: Session, seat: int) -> str:
    """A text picture of what ``seat`` sees."""
    if session.system_id == "dungeon-delve":
        return describe_grid(session, seat)
    if session.system_id == "champions-of-albion":
        return describe_albion(session, seat)
    view = session.game.view_for(seat)
    system = registry.get(session.system_id)
    content = getattr(system, "content", None)
    name = content.name if content is not None else (lambda c: c)
    lines = [f"--- Turn {view.get('turn')} · {session.seats[view['active']].name} to play · "
             f"deck {view.get('deck_count')} · discard {len(view.get('discard', []))} ---"]
    for p in view.get("players", []):
        status = " (out)" if p["eliminated"] else ""
        lines.append(f"  {session.seats[p['seat']].name}{status}: {len(p['territories'])} territories "
                     f"[{', '.join(name(t) for t in p['territories'])}], {p['hand_count']} cards in hand")
    battle = view.get("battle")
    if battle:
        for index, role in enumerate(("Attacker", "Defender")):
            side = battle["sides"][index]
            cards = ([side["hero"]] if side["hero"] else []) + side["minions"] + (
                [side["artifact"]] if side["artifact"] else []) + side["spells"]
            lines.append(f"  {role}: {', '.join(name(c) for c in cards) or 'nothing'} = {battle['totals'][index]}")
    if view.get("hand") is not None:
        lines.append(f"  Your hand: {', '.join(name(c) for c in view['hand']) or 'empty'}")
    for reveal in view.get("reveals", []):
        lines.append(f"  Scrye shows {session.seats[reveal['of']].name}'s hand: "
                     f"{', '.join(name(c) for c in reveal['cards']) or 'empty'}")
    return "\n".join(lines)


def play(ruleset: str, seats_spec: str, seed: int | None, load: str | None, options: dict[str, Any],
         read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> int:
    if load:
        session = saves.load_slot(load)
    else:
        seats = _seats(seats_spec)
        session = Session.new(ruleset, seats, seed if seed is not None else random.SystemRandom().randrange(10**9),
                              options)
    session.on_turn_end = saves.autosave
    write(f"Five Realms: {registry.get(session.system_id).title}, seed {session.seed}. "
          "Type a number to choose; u undo, s NAME save, v table, q quit.")
    shown = 0
    last_human: int | None = None
    humans = [i for i, s in enumerate(session.seats) if not s.is_ai]
    while True:
        session.run_ai()
        viewer = session.seat_to_move() if session.seat_to_move() is not None else (humans[0] if humans else None)
        for event in session.log[shown:]:
            if event.visible_to(viewer if len(humans) <= 1 else None) and (event.seats is None or len(humans) <= 1):
                write(f"  [{event.rule}] {event.text}")
        shown = len(session.log)
        decision = session.pending()
        if decision is None:
            outcome = session.game.outcome()
            assert outcome is not None
            write("Game over: " + " and ".join(session.seats[w].name for w in outcome.winners)
                  + f" won ({outcome.reason}).")
            return 0
        if len(humans) > 1 and decision.seat != last_human:
            read(f"Pass the screen to {session.seats[decision.seat].name} and press Enter...")
        last_human = decision.seat
        write(describe_table(session, decision.seat))
        write(f"{session.seats[decision.seat].name}: {decision.prompt}  [{decision.rule}]")
        for n, option in enumerate(decision.options, 1):
            write(f"  {n}. {option.label}" + (f" — {option.detail}" if option.detail else ""))
        for blocked in decision.blocked:
            write(f"     (not now: {blocked.option_id.split(':')[-1]}: {blocked.reason})")
        try:
            answer = read("> ").strip()
        except EOFError:
            saves.autosave(session)
            write("Saved to 'autosave'. Goodbye.")
            return 0
        try:
            if answer == "q":
                saves.autosave(session)
                write("Saved to 'autosave'. Goodbye.")
                return 0
            if answer == "u":
                session.undo()
                shown = len(session.log)
                write("Undone.")
                continue
            if answer == "v":
                continue
            if answer.startswith("s "):
                write(f"Saved to {saves.save(session, answer[2:].strip())}.")
                continue
            picks = [decision.options[int(n) - 1].id for n in answer.split()]
            session.choose(decision.seat, picks)
        except (ValueError, IndexError):
            write("Type the number of an option.")
        except FiveRealmsError as exc:
            write(f"Not allowed: {exc}")
