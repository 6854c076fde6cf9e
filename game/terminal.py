"""Play in a terminal: the same Session the window uses, with numbered options.

Type the number of an option (several numbers separated by spaces when a question asks
for more than one), ``u`` to undo, ``s NAME`` to save, ``v`` to see the table again,
``q`` to save to the autosave slot and quit. Ctrl+C (SIGINT), SIGTERM and the end of
the input save to the autosave slot too before the program exits. Handy over SSH.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sys
import threading
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
    from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

    system = session.game.system
    assert isinstance(system, ChampionsOfAlbion)
    content = system.content  # the game's own content, not a module-level copy
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
    """A text picture of what ``seat`` sees, drawn by the rule system's registered ``terminal``
    part (a system without one shows its prompt and options only)."""
    describe = registry.part(session.system_id, "terminal")
    return describe(session, seat) if describe is not None else ""


def describe_territories(session: Session, seat: int) -> str:
    """Fantasy Heroes: each player's territories and hand size, the battle in progress."""
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


class _Stop(BaseException):
    """SIGINT (Ctrl+C) or SIGTERM arrived: save and leave."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _Signals:
    """SIGINT and SIGTERM during terminal play save the game before it exits.

    While the game waits for the player's input, a signal stops the wait at once; while the
    rules or the AI work, it is only noted and acted on at the next safe point, so what is
    saved is never half a move."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.waiting = False
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> "_Signals":
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)

    def _handle(self, signum: int, frame: object) -> None:
        self.signum = signum
        if self.waiting:
            raise _Stop(signum)

    def check(self) -> None:
        if self.signum is not None:
            raise _Stop(self.signum)

    def read(self, read: Callable[[str], str], prompt: str) -> str:
        self.check()
        self.waiting = True
        try:
            return read(prompt)
        except KeyboardInterrupt:
            raise _Stop(signal.SIGINT) from None
        finally:
            self.waiting = False


class _PipeLines:
    """Lines from a pipe, read so that a signal is never missed: a blocking ``input()`` that
    starts just after a signal arrived would wait for ever (Python runs its handler only
    when the read returns), so this polls the pipe a few times a second instead."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def readline(self, prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        while b"\n" not in self.buffer:
            if not select.select([self.fd], [], [], 0.25)[0]:
                continue
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if not self.buffer:
                    raise EOFError
                break
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace").rstrip("\r")


_pipe_lines: _PipeLines | None = None


def read_line(prompt: str) -> str:
    """``input(prompt)``; on a pipe (not a terminal) a reader that cannot miss a signal."""
    global _pipe_lines
    try:
        interactive = sys.stdin.isatty()
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return input(prompt)
    if interactive or os.name == "nt":
        return input(prompt)
    if _pipe_lines is None or _pipe_lines.fd != fd:
        _pipe_lines = _PipeLines(fd)
    return _pipe_lines.readline(prompt)


def parse_picks(answer: str, count: int) -> list[int] | str:
    """The option numbers typed (1 to ``count``, as 0-based indices), or a sentence saying what
    is wrong: 0 and negative numbers are not options (Python's -1 would be the last one)."""
    picks = []
    for word in answer.split():
        if not word.isascii() or not word.isdigit() or not 1 <= int(word) <= count:
            return f"Type the number of an option, 1 to {count} (several separated by spaces); not '{word[:20]}'."
        picks.append(int(word) - 1)
    if not picks:
        return f"Type the number of an option, 1 to {count}."
    return picks


def play(ruleset: str, seats_spec: str, seed: int | None, load: str | None, options: dict[str, Any],
         read: Callable[[str], str] = read_line, write: Callable[[str], None] = print) -> int:
    """Play until the game ends or the player quits; ``q``, the end of input, Ctrl+C (SIGINT)
    and SIGTERM all save to the autosave slot first. Returns the exit status (130 or 143
    after a signal, as a shell expects)."""
    if load:
        session = saves.load_slot(load)
    else:
        seats = _seats(seats_spec)
        session = Session.new(ruleset, seats, seed if seed is not None else random.SystemRandom().randrange(10**9),
                              options)
    warned: list[str] = []

    def autosave_each_turn(session: Session) -> None:
        try:
            saves.autosave(session)
        except FiveRealmsError as exc:
            if not warned:  # said once, not after every turn
                warned.append(str(exc))
                write(f"Autosave failed: {exc}")

    session.on_turn_end = autosave_each_turn
    write(f"Five Realms: {registry.get(session.system_id).title}, seed {session.seed}. "
          "Type a number to choose; u undo, s NAME save, v table, q quit.")
    with _Signals() as signals:
        try:
            return _loop(session, signals, read, write)
        except _Stop as stop:
            write("")
            status = 128 + stop.signum
        except EOFError:
            status = 0
    return status if _save_on_leaving(session, write) else (status or 1)


def _save_on_leaving(session: Session, write: Callable[[str], None]) -> bool:
    if session.over:
        write("Goodbye.")
        return True
    try:
        path = saves.autosave(session)
    except FiveRealmsError as exc:
        write(f"Not saved: {exc}")
        return False
    write(f"Saved to '{path.stem}'. Goodbye.")
    return True


def _loop(session: Session, signals: _Signals, read: Callable[[str], str], write: Callable[[str], None]) -> int:
    shown = 0
    last_human: int | None = None
    humans = [i for i, s in enumerate(session.seats) if not s.is_ai]
    while True:
        for _ in range(100_000):
            signals.check()
            if session.step_ai() is None:
                break
        else:
            raise FiveRealmsError("AI seats made 100000 choices without the game ending.")
        signals.check()
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
            signals.read(read, f"Pass the screen to {session.seats[decision.seat].name} and press Enter...")
        last_human = decision.seat
        write(describe_table(session, decision.seat))
        write(f"{session.seats[decision.seat].name}: {decision.prompt}  [{decision.rule}]")
        for n, option in enumerate(decision.options, 1):
            write(f"  {n}. {option.label}" + (f" — {option.detail}" if option.detail else ""))
        for blocked in decision.blocked:
            write(f"     (not now: {blocked.option_id.split(':')[-1]}: {blocked.reason})")
        answer = signals.read(read, "> ").strip()
        if answer in ("q", "q!"):
            if answer == "q!" or _save_on_leaving(session, write):
                return 0
            write("Type 's NAME' to save under another name, or 'q!' to quit without saving.")
            continue
        if answer == "u":
            refusal = session.undo_refusal(decision.seat)
            if refusal is not None:
                write(refusal)
                continue
            session.undo(decision.seat)
            shown = len(session.log)
            write("Undone.")
            continue
        if answer == "v":
            continue
        if answer.startswith("s "):
            try:
                write(f"Saved to {saves.save(session, answer[2:].strip())}.")
            except FiveRealmsError as exc:
                write(f"Not saved: {exc}")
            continue
        picks = parse_picks(answer, len(decision.options))
        if isinstance(picks, str):
            write(picks)
            continue
        try:
            session.choose(decision.seat, [decision.options[i].id for i in picks])
        except FiveRealmsError as exc:
            write(f"Not allowed: {exc}")
