"""Save slots in the player's data folder: JSON, validated, written atomically.

A save holds the format name and version, the app version, the rule system, options,
seats, seed, scenario (if the game started from one), the choice log, the AI seats'
own generator states, a snapshot of the state and its hash. Loading checks the shape
of every field, rebuilds the game from seed and choices, and refuses the file unless
the rebuilt state matches both the stored snapshot and the stored hash. Nothing is
ever unpickled or evaluated.

Writes go to a temporary file in the same folder, flushed to disk, then ``os.replace``:
a crash or a failed write never leaves a broken save nor touches the last good one.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from game import __version__
from game.core import registry
from game.core.errors import FiveRealmsError, SaveError
from game.core.serial import canonical_json, to_data
from game.session import Seat, Session

FORMAT = "five-realms-save"
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
MAX_CHOICES = 200_000
AUTOSAVE = "autosave"
SLOT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")
APP_NAME = "five-realms"

# Upgraders turn a save of version N into version N+1. The first format is 1; when the
# format changes, add UPGRADERS[1] and raise VERSION, so old saves keep loading.
UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def data_dir() -> Path:
    """The user data folder (FIVE_REALMS_DATA_DIR overrides it, for tests and portable use)."""
    override = os.environ.get("FIVE_REALMS_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def slot_path(slot: str) -> Path:
    if not SLOT_NAME.match(slot):
        raise SaveError("A save name may use letters, digits, spaces, '-' and '_' (at most 40), "
                        "and must start with a letter or digit.")
    return saves_dir() / f"{slot}.json"


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
        "scenario": session.scenario,
        "choices": [[c.seat, list(c.option_ids)] for c in session.choices],
        "agents": {str(k): v for k, v in session.agent_states().items()},
        "turn": session.game.turn,
        "snapshot": session.game.snapshot(),
        "hash": session.game.state_hash(),
    }


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save(session: Session, slot: str) -> Path:
    """Save ``session`` in ``slot`` (a name, or AUTOSAVE); returns the file's path."""
    path = slot_path(slot)
    text = json.dumps(session_to_data(session), separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise SaveError("This game is too large to save.")
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise SaveError(f"The game could not be saved: {exc.strerror or exc}. Your previous save is "
                        "unchanged.") from None
    return path


def autosave(session: Session) -> Path:
    return save(session, AUTOSAVE)


# -- reading ---------------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not a number: {name}")


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


def read_json(path: Path) -> Any:
    """Read a save file's JSON with size, encoding, depth and number checks."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"This file is too large to be a save ({size // (1024 * 1024)} MB).")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"The save file cannot be read ({exc.strerror or exc}).") from None
    if len(raw) > MAX_BYTES:
        raise SaveError("This file is too large to be a save.")
    if not raw.strip():
        raise SaveError("The save file is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("The save file is damaged: it is not text.") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise SaveError("The save file is damaged: it is nested too deeply.") from None
    except ValueError as exc:
        raise SaveError(f"The save file is damaged or cut short ({str(exc).split(':')[0]}).") from None
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise SaveError("The save file is damaged: it is nested too deeply.")
    return data


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


_KEYS = {"format", "version", "app_version", "saved_at", "ruleset", "options", "seats", "seed", "scenario",
         "choices", "agents", "turn", "snapshot", "hash"}


def check_shape(data: Any) -> dict[str, Any]:
    """Check every field of a parsed save; returns it, or raises SaveError with a plain reason."""
    if not isinstance(data, dict):
        raise SaveError("This is not a Five Realms save.")
    if data.get("format") != FORMAT:
        raise SaveError("This is not a Five Realms save.")
    version = data.get("version")
    if not _is_int(version, 1, 10**6):
        raise SaveError("The save's version is missing or damaged.")
    if version > VERSION:
        raise SaveError(f"This save was made by a newer version of Five Realms (save format {version}); "
                        "update the game to load it.")
    while version < VERSION:
        data = UPGRADERS[version](data)
        version = data["version"]
    unknown = set(data) - _KEYS
    if unknown:
        raise SaveError(f"The save has an unexpected field '{sorted(unknown)[0]}'.")
    missing = _KEYS - set(data)
    if missing:
        raise SaveError(f"The save is missing its '{sorted(missing)[0]}'.")
    if not isinstance(data["ruleset"], str) or data["ruleset"] not in registry.ids():
        raise SaveError("The save is for a game this version does not know.")
    for key in ("app_version", "saved_at", "hash"):
        if not isinstance(data[key], str) or len(data[key]) > 64:
            raise SaveError(f"The save's '{key}' is damaged.")
    if not isinstance(data["options"], dict) or len(data["options"]) > 32:
        raise SaveError("The save's game options are damaged.")
    if not _is_int(data["seed"], 0, 2**64 - 1):
        raise SaveError("The save's seed is damaged.")
    if not _is_int(data["turn"], 0, 10**9):
        raise SaveError("The save's turn number is damaged.")
    seats = data["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
        raise SaveError("The save's seats are damaged.")
    for seat in seats:
        if (not isinstance(seat, dict) or set(seat) != {"kind", "name", "level"}
                or not all(isinstance(seat[k], str) and len(seat[k]) <= 64 for k in seat)):
            raise SaveError("The save's seats are damaged.")
    choices = data["choices"]
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise SaveError("The save's list of moves is damaged.")
    for entry in choices:
        if (not isinstance(entry, list) or len(entry) != 2 or not _is_int(entry[0], 0, len(seats) - 1)
                or not isinstance(entry[1], list) or len(entry[1]) > 64
                or not all(isinstance(i, str) and len(i) <= 128 for i in entry[1])):
            raise SaveError("The save's list of moves is damaged.")
    agents = data["agents"]
    if not isinstance(agents, dict):
        raise SaveError("The save's AI seats are damaged.")
    for key, value in agents.items():
        if (not key.isdigit() or int(key) >= len(seats) or not isinstance(value, list) or len(value) != 2
                or not all(_is_int(v, 0, 2**64 - 1) for v in value)):
            raise SaveError("The save's AI seats are damaged.")
    if data["scenario"] is not None and not isinstance(data["scenario"], dict):
        raise SaveError("The save's starting position is damaged.")
    if not isinstance(data["snapshot"], dict):
        raise SaveError("The saved position is damaged.")
    return data  # type: ignore[no-any-return]


def session_from_data(data: Any) -> Session:
    """Rebuild a session from parsed save data, checking it all the way."""
    data = check_shape(data)
    try:
        seats = [Seat(s["kind"], s["name"], s["level"]) for s in data["seats"]]
        session = Session.replay(data["ruleset"], seats, data["seed"], data["options"] or None,
                                 data["scenario"], data["choices"])
    except FiveRealmsError as exc:
        raise SaveError(f"The save's moves do not replay ({exc}). It may have been edited or made by "
                        "a different version.") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveError(f"The save's moves do not replay ({type(exc).__name__}). It may have been edited "
                        "or made by a different version.") from None
    if session.game.state_hash() != data["hash"]:
        raise SaveError("The save does not match its own moves: it may have been edited or damaged.")
    if canonical_json(to_data(session.game.state)) != canonical_json(data["snapshot"]):
        raise SaveError("The saved position does not match its own moves: it may have been edited or damaged.")
    session.set_agent_states({int(k): v for k, v in data["agents"].items() if int(k) in session.agents})
    return session


def load(path: Path) -> Session:
    """Load a save file; any problem raises SaveError with a sentence for the player."""
    return session_from_data(read_json(path))


def load_slot(slot: str) -> Session:
    path = slot_path(slot)
    if not path.exists():
        raise SaveError(f"There is no save called '{slot}'.")
    return load(path)


# -- the slot list ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlotInfo:
    """One file in the saves folder, readable or not (never a crash)."""

    slot: str
    path: Path
    ok: bool
    reason: str = ""
    ruleset: str = ""
    seats: tuple[str, ...] = ()
    turn: int = 0
    saved_at: str = ""


def list_saves() -> list[SlotInfo]:
    """Every save in the folder, newest first; unreadable ones carry the reason.

    Listing checks the shape of each file but does not replay it (that is done on load).
    """
    folder = saves_dir()
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob("*.json"):
        slot = path.stem
        try:
            data = check_shape(read_json(path))
            out.append(SlotInfo(slot, path, True, "", data["ruleset"],
                                tuple(s["name"] for s in data["seats"]), data["turn"], data["saved_at"]))
        except SaveError as exc:
            out.append(SlotInfo(slot, path, False, str(exc)))
    return sorted(out, key=lambda s: (s.saved_at, s.slot), reverse=True)


def delete(slot: str) -> None:
    path = slot_path(slot)
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(f"There is no save called '{slot}'.") from None
    except OSError as exc:
        raise SaveError(f"The save could not be deleted ({exc.strerror or exc}).") from None
