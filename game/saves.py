"""Save slots in the player's data folder: JSON, validated, written atomically.

A save holds the format name and version, the app version, the rule system, options,
seats, seed, scenario (if the game started from one), the choice log, the AI seats'
own generator states, a snapshot of the state and its hash. Loading checks the shape
of every field, rebuilds the game from seed and choices, and refuses the file unless
the rebuilt state matches both the stored snapshot and the stored hash. Nothing is
ever unpickled or evaluated.

The window opens a save in two steps (``open_save``): first the position, restored from
the snapshot and checked (its hash, its round trip, the rules' invariants, that it can be
asked and shown), which takes the same short time at any length of game; then, on a
worker thread while the table is already shown, :meth:`OpenedSave.check` replays every
move from the seed as ``load`` does and refuses the file if they disagree. ``load`` (the
command line, the terminal) does both at once.

Writes go to a temporary file in the same folder, flushed to disk, then ``os.replace``:
a crash or a failed write never leaves a broken save nor touches the last good one, and
temporary files a killed write left behind are cleaned up when the folder is next used.

Every check of a file ends in ``SaveError`` with a sentence for the player, never
another exception, and a refusal quotes at most a few dozen characters of the file.
Listing the folder reads only the first few kilobytes of each save (its small fields
come first); loading reports its progress so that the window can do it off the UI thread.
Each rule system has its own autosave slot; the old single ``autosave`` slot still loads.
A save's picture of the table is a file beside it, never part of it (``save_pictures``).
"""

from __future__ import annotations

import json
import math
import os
import re
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from game import __version__, save_pictures
from game.ai import LEVELS
from game.core import registry
from game.core.errors import FiveRealmsError, SaveError
from game.core.files import write_atomic as write_atomic  # the save's own writes; settings and pictures import it from here
from game.core.game import Game
from game.core.serial import canonical_json, stable_hash, to_data
from game.session import Seat, Session

FORMAT = "five-realms-save"
VERSION = 4
MAX_BYTES = 2 * 1024 * 1024
"""The largest file read as a save (a game of MAX_CHOICES moves is under 1 MB)."""
MAX_DEPTH = 64
MAX_CHOICES = 20_000
"""The most moves a save may hold: some 40 times a long game of any rule system."""
MAX_ENTRIES = 8 * MAX_CHOICES
"""The most commas (so values) a save's text may hold: parsing more would hold the window up."""
MAX_CONTAINERS = 3 * MAX_CHOICES
"""The most lists and tables a save's text may hold."""
MAX_NAME = 24
"""The longest seat name, in characters."""
QUOTE = 40
"""The most characters of anything from a file that a refusal quotes."""
HEADER_BYTES = 16 * 1024
"""How much of a save the listing reads (its small fields are written first)."""
MAX_LISTED = 500
"""The most files the save list shows (the newest), so a crowded folder lists quickly."""
TMP_AGE_SECONDS = 120.0
"""A temporary file older than this is left over from a killed write and is removed."""
AUTOSAVE = "autosave"
"""The old single autosave slot (still listed and loaded), and the prefix of the new ones."""
SLOT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")
WINDOWS_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                              *(f"lpt{i}" for i in range(1, 10))})
APP_NAME = "five-realms"

# Upgraders turn a save of version N into version N+1. The first format is 1; when the
# format changes, add UPGRADERS[1] and raise VERSION, so old saves keep loading.
def _upgrade_1(data: dict[str, Any]) -> dict[str, Any]:
    """Format 2 stores whether a hot-seat table answers response windows strictly (every
    forced pass by hand); format 1 games had none."""
    return {**data, "version": 2, "strict_windows": False}


_CA_PILES_2 = ("resource_deck", "bane_deck", "quest_deck", "enemy_deck", "dangerous_waiting", "event_deck")
"""The Champions of Albion piles that format 2 kept top first (its world decks too)."""


def _upgrade_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 keeps the face-down piles of a Champions of Albion position top last, as every
    rule system does (format 2 kept them top first): the snapshot's piles are turned over and
    its hash is worked out again, so the position is the same game. Only a snapshot that
    matches its hash is turned; any other is left to be refused as damaged, as before."""
    snapshot = data.get("snapshot")
    if (data.get("ruleset") != "champions-of-albion" or not isinstance(snapshot, dict)
            or stable_hash(snapshot) != data.get("hash")):
        return {**data, "version": 3}
    turned = dict(snapshot)
    for key in _CA_PILES_2:
        if isinstance(turned.get(key), list):
            turned[key] = turned[key][::-1]
    if isinstance(turned.get("world_decks"), dict):
        turned["world_decks"] = {kind: pile[::-1] if isinstance(pile, list) else pile
                                 for kind, pile in turned["world_decks"].items()}
    return {**data, "version": 3, "snapshot": turned, "hash": stable_hash(turned)}


def _upgrade_3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 keeps what a hard AI seat remembers of the current turn (the positions its
    search started from); format 3 games kept nothing, as if the turn had just begun."""
    return {**data, "version": 4, "agent_memory": {}}


UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1, 2: _upgrade_2, 3: _upgrade_3}


def data_dir() -> Path:
    """The user data folder (FIVE_REALMS_DATA_DIR overrides it, for tests and portable use)."""
    override = os.environ.get("FIVE_REALMS_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def quote(text: Any, limit: int = QUOTE) -> str:
    """A short, printable excerpt of ``text`` for a message (never the whole of a file's field)."""
    if not isinstance(text, str):
        text = type(text).__name__ if not isinstance(text, (int, float)) else "a number"
    cut = text[: limit + 1]
    safe = "".join(ch if ch.isprintable() else "?" for ch in cut[:limit])
    # A word of combining marks alone has no width, which the font refuses to draw.
    safe = " ".join(word if not word or _visible(word) else "?" for word in safe.split(" "))
    return safe + ("…" if len(cut) > limit else "")


def _visible(text: str) -> bool:
    """Whether ``text`` holds a character that draws something (not a space or a lone mark)."""
    return any(ch != " " and not unicodedata.category(ch).startswith("M") for ch in text)


def name_problem(name: Any) -> str:
    """Why ``name`` cannot be a seat name (printable text, 1 to MAX_NAME characters), or ""."""
    if not isinstance(name, str):
        return "a seat name must be text"
    if not name.strip():
        return "a seat name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a seat name may have at most {MAX_NAME} characters"
    if not name.isprintable():
        return "a seat name may only hold letters, digits, spaces and signs that can be shown"
    if not all(_visible(word) for word in name.split()):
        return "each word of a seat name needs a letter, digit or sign that can be seen"  # marks alone draw nothing
    return ""


def check_slot_name(slot: str, noun: str = "save") -> None:
    """Refuse a save name that is not allowed here or on Windows, with a sentence. A deck file
    is named by the same rule (``noun`` "deck"), for the same reason: the name is its file's."""
    if not isinstance(slot, str) or not SLOT_NAME.match(slot):
        raise SaveError(f"A {noun} name may use letters, digits, spaces, '-' and '_' (at most 40), "
                        "and must start with a letter or digit.")
    if slot.endswith((" ", ".")):
        raise SaveError(f"A {noun} name cannot end with a space or a dot.")
    if slot.strip().lower() in WINDOWS_RESERVED:
        raise SaveError(f"'{slot.strip()}' is a name Windows keeps for its devices; choose another name "
                        f"for the {noun}.")


def slot_path(slot: str) -> Path:
    check_slot_name(slot)
    return saves_dir() / f"{slot}.json"


def autosave_slot(system_id: str) -> str:
    """Each rule system's own autosave slot: quitting one game never overwrites another's."""
    return f"{AUTOSAVE}-{system_id}"


def is_autosave(slot: str) -> bool:
    return slot == AUTOSAVE or slot.startswith(AUTOSAVE + "-")


def clean_temporary(folder: Path, older_than: float = TMP_AGE_SECONDS) -> int:
    """Remove the temporary files that killed writes left in ``folder``; returns how many.

    Only files named as ``write_atomic`` names them and older than ``older_than`` seconds
    go, so a save being written right now (another window, a worker thread) is kept.
    """
    removed = 0
    now = time.time()
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            if path.is_file() and now - path.stat().st_mtime >= older_than:
                path.unlink()
                removed += 1
        except OSError:
            pass
    return removed


# -- writing ---------------------------------------------------------------------------------------


def session_to_data(session: Session) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "ruleset": session.system_id,
        "options": dict(session.options),
        "seats": [{"kind": s.kind, "name": s.name, "level": s.level} for s in session.seats],
        "seed": session.seed,
        "turn": session.game.turn,
        "agents": {str(k): v for k, v in session.agent_states().items()},
        "agent_memory": {str(k): v for k, v in session.agent_memories().items()},
        "scenario": session.scenario,
        "strict_windows": session.strict_windows,
        "choices": [[c.seat, list(c.option_ids)] for c in session.choices],
        "snapshot": session.game.snapshot(),
        "hash": session.game.state_hash(),
    }


def save(session: Session, slot: str) -> Path:
    """Save ``session`` in ``slot`` (a name, or AUTOSAVE); returns the file's path."""
    path, text = prepare(session, slot)
    return write_save(path, text)


def prepare(session: Session, slot: str) -> tuple[Path, str]:
    """The file and the text a save of ``session`` in ``slot`` writes (checked for size): the
    part of saving that reads the game, so a window can write the text on another thread."""
    path = slot_path(slot)
    if len(session.choices) > MAX_CHOICES:
        raise SaveError(f"This game has more than {MAX_CHOICES} moves, too many to save.")
    text = json.dumps(session_to_data(session), separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise SaveError("This game is too large to save.")
    return path, text


def write_save(path: Path, text: str) -> Path:
    """Write a prepared save atomically (the previous file stays whole if this fails). The
    picture of the save it replaces goes: the window writes the new one after (save_pictures)."""
    clean_temporary(path.parent)
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise SaveError(f"The game could not be saved: {exc.strerror or exc}. Your previous save is "
                        "unchanged.") from None
    save_pictures.write(path, None)
    return path


def autosave(session: Session) -> Path:
    """Save in the session's rule system's own autosave slot."""
    return save(session, autosave_slot(session.system_id))


# -- reading ---------------------------------------------------------------------------------------


class LoadCancelled(SaveError):
    """The player stopped a load before it finished."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not a number: {name}")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number out of range")
    return value


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of parsed JSON, stopping early past ``limit``."""
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _decoder() -> json.JSONDecoder:
    # Integers parse natively (Python refuses more than 4,300 digits); the shape checks bound them.
    return json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite_float)


def _read_bytes(path: Path, limit: int) -> tuple[bytes, int]:
    """Up to ``limit`` bytes of ``path`` and the file's size."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"This file is too large to be a save ({size // (1024 * 1024)} MB; a save is at "
                            f"most {MAX_BYTES // (1024 * 1024)} MB).")
        with open(path, "rb") as fh:
            raw = fh.read(limit)
    except OSError as exc:
        raise SaveError(f"The save file cannot be read ({quote(exc.strerror or 'unknown error')}).") from None
    return raw, size


def parse_json(raw: bytes) -> Any:
    """Parse a save's bytes with encoding, depth and number checks."""
    if len(raw) > MAX_BYTES:
        raise SaveError("This file is too large to be a save.")
    if not raw.strip():
        raise SaveError("The save file is empty.")
    # Parsing is one uninterrupted step: bound its work first (counting bytes is quick).
    if raw.count(b",") > MAX_ENTRIES or raw.count(b"[") + raw.count(b"{") > MAX_CONTAINERS:
        raise SaveError("The save file is too large: it holds more entries than any game needs.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("The save file is damaged: it is not text.") from None
    try:
        data = _decoder().decode(text)
    except RecursionError:
        raise SaveError("The save file is damaged: it is nested too deeply.") from None
    except ValueError as exc:
        if "out of range" in str(exc) or "not a number" in str(exc):
            raise SaveError("The save file is damaged or cut short (a number in it is out of range).") from None
        raise SaveError("The save file is damaged or cut short.") from None
    # The list of moves (the bulk of a long save) has a fixed shape that check_shape checks
    # without descending into it, so the depth walk leaves it out.
    parts = [v for k, v in data.items() if k != "choices"] if isinstance(data, dict) else [data]
    if any(_depth(part, MAX_DEPTH - 1) > MAX_DEPTH - 1 for part in parts):
        raise SaveError("The save file is damaged: it is nested too deeply.")
    return data


def read_json(path: Path) -> Any:
    """Read a save file's JSON with size, encoding, depth and number checks."""
    raw, _ = _read_bytes(path, MAX_BYTES + 1)
    return parse_json(raw)


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _id_lists(value: Any, depth: int = 2) -> bool:
    """A structured game option: a list of short names (a deck list), or a list of such lists."""
    if not isinstance(value, list) or len(value) > 200:
        return False
    return all(_text(v, 64) or (depth > 1 and _id_lists(v, depth - 1)) for v in value)


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


_KEYS = {"format", "version", "app_version", "saved_at", "ruleset", "options", "seats", "seed", "scenario",
         "strict_windows",
         "choices", "agents", "agent_memory", "turn", "snapshot", "hash"}
_HEADER_KEYS = ("format", "version", "app_version", "saved_at", "ruleset", "seats", "turn")
_AGENT_KEY = re.compile(r"[0-9]{1,2}")
_SEAT_KINDS = ("human", "ai")


def _check_version(data: dict[str, Any]) -> dict[str, Any]:
    if data.get("format") != FORMAT:
        raise SaveError("This is not a Five Realms save.")
    if not _is_int(data.get("version"), 1, 10**6):
        raise SaveError("The save's version is missing or damaged.")
    version: int = data["version"]
    if version > VERSION:
        raise SaveError(f"This save was made by a newer version of Five Realms (save format {version}); "
                        "update the game to load it.")
    while version < VERSION:
        data = UPGRADERS[version](data)
        version = data["version"]
    return data


def _check_header(data: dict[str, Any]) -> None:
    """The fields the save list shows: rule system, seats, turn, date."""
    if not isinstance(data.get("ruleset"), str) or data["ruleset"] not in registry.ids():
        raise SaveError("The save is for a game this version does not know.")
    for key in ("app_version", "saved_at"):
        if key in data and not _text(data[key], 64):
            raise SaveError(f"The save's '{key}' is damaged.")
    if "turn" in data and not _is_int(data["turn"], 0, 10**9):
        raise SaveError("The save's turn number is damaged.")
    if "seats" not in data:
        return
    seats = data["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise SaveError("The save's seats are damaged.")
    for n, seat in enumerate(seats, 1):
        if not isinstance(seat, dict) or set(seat) != {"kind", "name", "level"}:
            raise SaveError("The save's seats are damaged.")
        if seat["kind"] not in _SEAT_KINDS or not _text(seat["level"], 16):
            raise SaveError(f"The save's seats are damaged (seat {n}).")
        if seat["kind"] == "ai" and seat["level"] not in LEVELS:
            raise SaveError(f"The save's seat {n} has an AI level this version does not know.")
        problem = name_problem(seat["name"])
        if problem:
            raise SaveError(f"The save's seat {n} has a name that cannot be used: {problem}.")


def _check_scenario(scenario: Any) -> None:
    """A starting position is data of short, printable strings, plain numbers, lists and tables."""
    if scenario is None:
        return
    if not isinstance(scenario, dict):
        raise SaveError("The save's starting position is damaged.")
    stack: list[Any] = [scenario]
    count = 0
    while stack:
        item = stack.pop()
        count += 1
        if count > 20_000:
            raise SaveError("The save's starting position is too large.")
        if isinstance(item, dict):
            for key, value in item.items():
                if not _text(key, 64):
                    raise SaveError("The save's starting position has a damaged field name.")
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            if not _text(item, 200) or not all(_visible(word) for word in item.split()):
                raise SaveError("The save's starting position holds damaged text.")
        elif isinstance(item, bool) or item is None:
            pass
        elif isinstance(item, int):
            if not -10**9 <= item <= 10**9:
                raise SaveError("The save's starting position holds a number out of range.")
        elif isinstance(item, float):
            if not (math.isfinite(item) and abs(item) <= 10**9):
                raise SaveError("The save's starting position holds a number out of range.")
        else:
            raise SaveError("The save's starting position is damaged.")


MAX_REMEMBERED = 5000
"""The most positions a save may say a hard AI seat was searched from in one turn."""


def _check_agent_memory(memory: Any, seats: int) -> None:
    """Per AI seat: [the turn, the positions (short hashes) its search started from in it]."""
    if not isinstance(memory, dict) or len(memory) > seats:
        raise SaveError("The save's AI seats' memory is damaged.")
    for key, value in memory.items():
        if (not isinstance(key, str) or not _AGENT_KEY.fullmatch(key) or int(key) >= seats
                or not isinstance(value, list) or len(value) != 2 or not _is_int(value[0], 0, 10**9)
                or not isinstance(value[1], list) or len(value[1]) > MAX_REMEMBERED
                or not all(_text(p, 64) for p in value[1])):
            raise SaveError("The save's AI seats' memory is damaged.")


def _check_shape(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SaveError("This is not a Five Realms save.")
    data = _check_version(data)
    unknown = set(data) - _KEYS
    if unknown:
        raise SaveError(f"The save has an unexpected field '{quote(sorted(unknown)[0])}'.")
    missing = _KEYS - set(data)
    if missing:
        raise SaveError(f"The save is missing its '{sorted(missing)[0]}'.")
    _check_header(data)
    if not _text(data["hash"], 64):
        raise SaveError("The save's 'hash' is damaged.")
    options = data["options"]
    if not isinstance(options, dict) or len(options) > 32:
        raise SaveError("The save's game options are damaged.")
    for key, value in options.items():
        if not _text(key, 40) or not (isinstance(value, bool) or _is_int(value, -10**6, 10**6)
                                      or _text(value, 200) or _id_lists(value)):
            raise SaveError("The save's game options are damaged.")
    if not _is_int(data["seed"], 0, 2**64 - 1):
        raise SaveError("The save's seed is damaged.")
    seats = data["seats"]
    choices = data["choices"]
    if not isinstance(choices, list):
        raise SaveError("The save's list of moves is damaged.")
    if len(choices) > MAX_CHOICES:
        raise SaveError(f"The save holds more than {MAX_CHOICES} moves, more than any game needs.")
    for entry in choices:
        if (not isinstance(entry, list) or len(entry) != 2 or not _is_int(entry[0], 0, len(seats) - 1)
                or not isinstance(entry[1], list) or len(entry[1]) > 64
                or not all(isinstance(i, str) and len(i) <= 128 for i in entry[1])):
            raise SaveError("The save's list of moves is damaged.")
    agents = data["agents"]
    if not isinstance(agents, dict) or len(agents) > len(seats):
        raise SaveError("The save's AI seats are damaged.")
    for key, value in agents.items():
        if (not isinstance(key, str) or not _AGENT_KEY.fullmatch(key) or int(key) >= len(seats)
                or not isinstance(value, list) or len(value) != 2
                or not all(_is_int(v, 0, 2**64 - 1) for v in value)):
            raise SaveError("The save's AI seats are damaged.")
    _check_agent_memory(data["agent_memory"], len(seats))
    _check_scenario(data["scenario"])
    if not isinstance(data["strict_windows"], bool):
        raise SaveError("The save's table setting 'strict windows' is damaged.")
    if not isinstance(data["snapshot"], dict):
        raise SaveError("The saved position is damaged.")
    checked: dict[str, Any] = data
    return checked


def check_shape(data: Any) -> dict[str, Any]:
    """Check every field of a parsed save; returns it, or raises SaveError with a plain reason.

    Nothing but SaveError leaves this function, whatever the data holds."""
    try:
        return _check_shape(data)
    except SaveError:
        raise
    except Exception:
        raise SaveError("The save file is damaged: one of its fields could not be read.") from None


def _moves(choices: list[Any], progress: Callable[[int, int], None] | None,
           started: list[bool]) -> Iterator[tuple[int, list[str]]]:
    started.append(True)
    total = len(choices)
    for n, (seat, ids) in enumerate(choices):
        if progress is not None and n % 25 == 0:
            progress(n, total)
        yield seat, ids
    if progress is not None:
        progress(total, total)


def session_from_data(data: Any, progress: Callable[[int, int], None] | None = None) -> Session:
    """Rebuild a session from parsed save data, checking it all the way.

    ``progress(done, total)`` is called every few moves (it may raise LoadCancelled)."""
    data = check_shape(data)
    started: list[bool] = []
    try:
        seats = [Seat(s["kind"], s["name"], s["level"]) for s in data["seats"]]
        session = Session.replay(data["ruleset"], seats, data["seed"], data["options"] or None,
                                 data["scenario"], _moves(data["choices"], progress, started),
                                 data["strict_windows"],
                                 undo_from=Session.undo_start(seats, [seat for seat, _ in data["choices"]]))
    except LoadCancelled:
        raise
    except FiveRealmsError as exc:
        where = "moves do not replay" if started else "game cannot be set up"
        raise SaveError(f"The save's {where} ({quote(str(exc).rstrip('.'), 120)}). It may have been edited or "
                        "made by a different version.") from None
    except Exception as exc:
        # Whatever the rules raise for data they never expected, the player gets a sentence
        # (``cause`` keeps the error's kind for fuzz-saves, which reports them).
        where = "moves do not replay" if started else "game cannot be set up"
        error = SaveError(f"The save's {where}: it may have been edited or made by a different version.")
        error.cause = type(exc).__name__  # type: ignore[attr-defined]
        raise error from None
    try:
        if session.game.state_hash() != data["hash"]:
            raise SaveError("The save does not match its own moves: it may have been edited or damaged.")
        if canonical_json(to_data(session.game.state)) != canonical_json(data["snapshot"]):
            raise SaveError("The saved position does not match its own moves: it may have been edited or "
                            "damaged.")
    except SaveError:
        raise
    except Exception:
        raise SaveError("The saved position is damaged.") from None
    session.set_agent_states({int(k): v for k, v in data["agents"].items() if int(k) in session.agents})
    session.set_agent_memories({int(k): v for k, v in data["agent_memory"].items()})
    return session


def load(path: Path, progress: Callable[[int, int], None] | None = None) -> Session:
    """Load a save file; any problem raises SaveError with a sentence for the player."""
    return session_from_data(read_json(path), progress)


@dataclass(frozen=True)
class OpenedSave:
    """A save opened from its snapshot: the session at the saved position (its history not
    yet checked, see :attr:`Session.history_checked`), and the save's data for the check."""

    session: Session
    data: dict[str, Any]

    def check(self, progress: Callable[[int, int], None] | None = None) -> Session:
        """Replay the save's moves from the seed and check them against its snapshot and hash,
        as :func:`load` does (so it takes as long as the game: run it on a worker thread).
        Returns the replayed session, whose history :meth:`Session.adopt_history` takes;
        raises SaveError with a sentence if they disagree (or LoadCancelled)."""
        return session_from_data(self.data, progress)


def open_data(data: Any) -> OpenedSave:
    """Open parsed save data at its saved position without replaying its moves.

    The snapshot is restored and must be the position the save's hash names, read back
    exactly, with the seats the save names, keep the rules' invariants, and be askable and
    viewable by every seat; any problem raises SaveError with a sentence. The moves are
    checked later by :meth:`OpenedSave.check`."""
    data = check_shape(data)
    try:
        system = registry.get(data["ruleset"])
        seats = [Seat(s["kind"], s["name"], s["level"]) for s in data["seats"]]
        written = canonical_json(data["snapshot"])
        if stable_hash(data["snapshot"]) != data["hash"]:
            raise SaveError("The saved position does not match the save's own check: it may have been edited or "
                            "damaged.")
        try:
            game = Game.restore(system, data["snapshot"])
        except SaveError:  # its reason may quote the file at length
            raise SaveError("The saved position is damaged: it may have been edited or made by a different "
                            "version.") from None
        if canonical_json(to_data(game.state)) != written:
            raise SaveError("The saved position is damaged: it may have been edited or made by a different "
                            "version.")
        if game.seats != len(seats):
            raise SaveError(f"The saved position is for {game.seats} players, but the save names {len(seats)}.")
        problems = system.invariants(game.state)
        if problems:
            raise SaveError(f"The saved position breaks the rules ({quote(problems[0].rstrip('.'), 120)}): it may "
                            "have been edited or damaged.")
        game.pending()
        game.outcome()
        for seat in (None, *range(len(seats))):
            game.view_for(seat)
        session = Session.at_position(data["ruleset"], seats, data["seed"], data["options"] or None,
                                      data["scenario"], game, [(seat, ids) for seat, ids in data["choices"]],
                                      data["strict_windows"])
        session.set_agent_states({int(k): v for k, v in data["agents"].items() if int(k) in session.agents})
        session.set_agent_memories({int(k): v for k, v in data["agent_memory"].items()})
    except SaveError:
        raise
    except FiveRealmsError as exc:
        raise SaveError(f"The save's game cannot be set up ({quote(str(exc).rstrip('.'), 120)}). It may have been "
                        "edited or made by a different version.") from None
    except Exception as exc:
        error = SaveError("The saved position is damaged: it may have been edited or made by a different version.")
        error.cause = type(exc).__name__  # type: ignore[attr-defined]
        raise error from None
    return OpenedSave(session, data)


def open_save(path: Path) -> OpenedSave:
    """Open a save file at its saved position (see :func:`open_data`); the window's load."""
    return open_data(read_json(path))


def latest_autosave() -> "SlotInfo | None":
    """The newest readable autosave of any rule system (the old single slot included)."""
    for info in list_saves():
        if info.ok and is_autosave(info.slot):
            return info
    return None


def load_slot(slot: str) -> Session:
    """Load a slot by name; "autosave" means the latest autosave of any rule system."""
    path = slot_path(slot)
    if not path.exists() and slot == AUTOSAVE:
        latest = latest_autosave()
        if latest is not None:
            path = latest.path
    if not path.exists():
        raise SaveError(f"There is no save called '{slot}'.")
    return load(path)


# -- the slot list ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlotInfo:
    """One file in the saves folder, readable or not (never a crash).

    Every text here is safe to draw and print: the slot name is quoted, seat names were
    checked, and the reason is a sentence."""

    slot: str
    path: Path
    ok: bool
    reason: str = ""
    ruleset: str = ""
    seats: tuple[str, ...] = ()
    turn: int = 0
    saved_at: str = ""
    modified: float = 0.0

    @property
    def autosave(self) -> bool:
        return is_autosave(self.slot)


def _scan_header(text: str) -> dict[str, Any]:
    """The top-level fields of a JSON object that fit in ``text`` (a save's first kilobytes).

    Stops at the first value that does not fit or at the moves, which the list does not show."""
    decoder = _decoder()
    ws = re.compile(r"[ \t\n\r]*")
    out: dict[str, Any] = {}
    i = ws.match(text, 0).end()  # type: ignore[union-attr]
    if text[i:i + 1] != "{":
        raise SaveError("This is not a Five Realms save.")
    i += 1
    while True:
        i = ws.match(text, i).end()  # type: ignore[union-attr]
        if text[i:i + 1] != '"':
            return out
        try:
            key, i = decoder.raw_decode(text, i)
            i = ws.match(text, i).end()  # type: ignore[union-attr]
            if text[i:i + 1] != ":":
                return out
            if key in ("choices", "snapshot", "scenario"):
                return out
            i = ws.match(text, i + 1).end()  # type: ignore[union-attr]
            value, i = decoder.raw_decode(text, i)
        except RecursionError:
            raise SaveError("The save file is damaged: it is nested too deeply.") from None
        except ValueError:
            return out
        out[key] = value
        i = ws.match(text, i).end()  # type: ignore[union-attr]
        if text[i:i + 1] != ",":
            return out
        i += 1


def read_header(path: Path) -> dict[str, Any]:
    """The checked fields a save list shows, read from the first HEADER_BYTES of the file.

    A small file is read and checked whole; a save whose header does not fit (an old or
    hand-made file) is read whole too, within the size cap."""
    raw, size = _read_bytes(path, HEADER_BYTES)
    if size <= len(raw):
        return check_shape(parse_json(raw))
    cut = raw
    for _ in range(4):  # a multi-byte character cut at the end of the buffer
        try:
            text = cut.decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            if exc.start < len(cut) - 4:
                raise SaveError("The save file is damaged: it is not text.") from None
            cut = cut[:exc.start]
    else:
        raise SaveError("The save file is damaged: it is not text.")
    try:
        header = _scan_header(text)
    except SaveError:
        raise
    except Exception:
        raise SaveError("The save file is damaged: one of its fields could not be read.") from None
    if not all(key in header for key in _HEADER_KEYS):
        whole: dict[str, Any] = check_shape(read_json(path))
        return whole
    try:
        header = _check_version(header)
        _check_header(header)
    except SaveError:
        raise
    except Exception:
        raise SaveError("The save file is damaged: one of its fields could not be read.") from None
    return header


def slot_info(path: Path) -> SlotInfo:
    """What the save list shows of one file; never raises."""
    slot = path.stem
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        check_slot_name(slot)
    except SaveError:
        return SlotInfo(quote(slot), path, False, "Its file name is not one the game gives a save; rename or "
                        "delete it.", modified=modified)
    try:
        data = read_header(path)
        return SlotInfo(slot, path, True, "", data["ruleset"], tuple(s["name"] for s in data["seats"]),
                        data["turn"], data["saved_at"], modified)
    except SaveError as exc:
        return SlotInfo(slot, path, False, str(exc), modified=modified)
    except Exception:  # the list must show whatever the folder holds
        return SlotInfo(slot, path, False, "The save file is damaged.", modified=modified)


def list_saves() -> list[SlotInfo]:
    """Every save in the folder, newest first; unreadable ones carry the reason.

    Listing reads each file's small header fields, not its moves (a load replays and
    checks them all). Temporary files left by killed writes are removed on the way."""
    folder = saves_dir()
    try:
        if not folder.is_dir():
            return []
        clean_temporary(folder)
        paths = [p for p in folder.glob("*.json") if p.is_file()]
        if len(paths) > MAX_LISTED:  # a folder of thousands of files: the newest ones
            paths = sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)[:MAX_LISTED]
    except OSError:
        return []
    out = [slot_info(path) for path in paths]

    def newest(info: SlotInfo) -> tuple[str, float, str]:
        # A damaged file goes by the time it was last written, so a fresh one shows near the top.
        when = info.saved_at or datetime.fromtimestamp(max(0.0, info.modified), timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        return when, info.modified, info.slot

    return sorted(out, key=newest, reverse=True)


def delete(slot: str) -> None:
    delete_file(slot_path(slot))


def delete_file(path: Path) -> None:
    """Delete one save file of the saves folder (a listed one, whatever its name), and its picture."""
    if path.parent.resolve() != saves_dir().resolve() or path.suffix != ".json":
        raise SaveError("Only a file in the saves folder can be deleted here.")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(f"There is no save called '{quote(path.stem)}'.") from None
    except OSError as exc:
        raise SaveError(f"The save could not be deleted ({quote(exc.strerror or 'unknown error')}).") from None
    save_pictures.remove(path)
