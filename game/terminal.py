"""Play in a terminal: the same Session the window uses, with numbered options.

Type the number of an option (several numbers separated by spaces when a question asks
for more than one), ``u`` to undo, ``s NAME`` to save, ``v`` to see the table again, ``p`` to
pass until your turn and ``f`` for the rest of this fight (at response windows, see
Session.pass_until_turn and Session.pass_moment),
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
from game.core.decision import told_apart
from game.core.errors import FiveRealmsError
from game.core.words import counted, listed
from game.session import Seat, Session


CLEAR = "\033[2J\033[H"
"""Clears a terminal (ANSI); elsewhere a screenful of blank lines does it."""


def _seats(spec: str) -> list[Seat]:
    seats = []
    for i, word in enumerate(w.strip() for w in spec.split(",")):
        if word == "human":
            seats.append(Seat("human", f"Player {i + 1}"))
        else:
            seats.append(Seat("ai", f"{word.capitalize()} AI {i + 1}", word))
    return seats


def _clear_screen(write: Callable[[str], None]) -> None:
    """Before the screen passes to another player: nothing of the last one's stays on it."""
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        tty = False
    write(CLEAR if tty else "\n" * 60)


def describe_table(session: Session, seat: int) -> str:
    """A text picture of what ``seat`` sees, drawn by the rule system's registered ``terminal``
    part (a system without one shows its prompt and options only)."""
    describe = registry.part(session.system_id, "terminal")
    return describe(session, seat) if describe is not None else ""


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


def play(ruleset: str, seats_spec: str | None, seed: int | None, load: str | None, options: dict[str, Any],
         read: Callable[[str], str] = read_line, write: Callable[[str], None] = print) -> int:
    """Play until the game ends or the player quits; ``q``, the end of input, Ctrl+C (SIGINT)
    and SIGTERM all save to the autosave slot first. Returns the exit status (130 or 143
    after a signal, as a shell expects)."""
    if load:
        session = saves.load_slot(load)
    else:
        system = registry.get(ruleset)
        seats = _seats(seats_spec or ",".join(system.default_seats))
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
    system = registry.get(session.system_id)
    write(f"Five Realms: {system.title}, seed {session.seed}. "
          "Type a number to choose; u undo, s NAME save, v table, q quit.")
    write(_seat_line(session))
    with _Signals() as signals:
        try:
            return _loop(session, signals, read, write)
        except _Stop as stop:
            write("")
            status = 128 + stop.signum
        except EOFError:
            status = 0
    return status if _save_on_leaving(session, write) else (status or 1)


def _seat_line(session: Session) -> str:
    """Which seat is which: "Seats: 1. Overlord: Normal AI 1; 2. Heroes: Player 2 (you)."."""
    system = registry.get(session.system_id)
    count, humans = len(session.seats), sum(not seat.is_ai for seat in session.seats)
    parts = []
    for index, seat in enumerate(session.seats):
        who = "" if seat.is_ai else " (you)" if humans == 1 else " (a player at this screen)"
        parts.append(f"{index + 1}. {system.seat_label(index, count)}: {seat.name}{who}")
    return "Seats: " + "; ".join(parts) + "."


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
    system = registry.get(session.system_id)
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
            winners = listed(session.seats[w].name for w in outcome.winners)
            why = outcome.reason.rstrip(".")
            write(f"Game over: {winners} won ({why})." if winners else f"Game over: nobody wins ({why}).")
            return 0
        if len(humans) > 1 and decision.seat != last_human:
            _clear_screen(write)
            signals.read(read, f"Pass the screen to {session.seats[decision.seat].name} and press Enter...")
        last_human = decision.seat
        write(describe_table(session, decision.seat))
        name = session.seats[decision.seat].name
        # (not "Player 1: Player 1's market turn: …": a prompt that names its player first stands alone)
        named = decision.prompt.startswith((f"{name}:", f"{name}'s "))
        said = decision.prompt if named else f"{name}: {decision.prompt}"
        write(f"{said}  [{decision.rule}]")
        for n, (option, label) in enumerate(zip(decision.options, told_apart(decision.options)), 1):
            write(f"  {n}. {label}" + (f" — {option.detail}" if option.detail else ""))
        for blocked in decision.blocked:
            write(f"     (not now: {blocked.reason}" + (f" [{blocked.rule}])" if blocked.rule else ")"))
        if decision.max_choices > 1:  # (a pick of several is typed as numbers with spaces between)
            low, high = decision.min_choices, decision.max_choices
            how_many = counted(low, "number") if low == high else f"{low} to {high} numbers"
            example = " ".join(str(n) for n in range(1, min(max(low, 2), len(decision.options)) + 1))
            write(f"  Type {how_many}, separated by spaces (say, {example}).")
        if session.may_pass_moment(decision.seat):
            write(f"  f. Pass the rest of {system.moment_words(session.game.moment_key() or '')} "
                  "(your other questions in it are asked as usual)")
        if session.may_pass_until_turn(decision.seat):
            write(f"  p. Pass until my turn ({system.own_moments}, or any other question, asks again)")
        answer = signals.read(read, "> ").strip()
        if answer == "p" and session.may_pass_until_turn(decision.seat):
            session.pass_until_turn(decision.seat)
            continue
        if answer == "f" and session.may_pass_moment(decision.seat):
            session.pass_moment(decision.seat)
            continue
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
