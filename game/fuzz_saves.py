"""fuzz-saves: mutated saves of one rule system, each loaded through the app's own paths.

    python -m game fuzz-saves RULESET --files N --seed S

Base saves come from seeded games played by AI seats (and, in a source checkout, the
example save in ``saves/``), taken at a few points of the game. Each of the N files is one
of them with mutations applied: byte flips, truncation, type changes, huge numbers, NaN
and infinities, deep nesting, huge strings, a wrong rule system, illegal or reordered
choices, odd seat names, odd keys. Every file then goes through

- the save list (``saves.slot_info``, what the title and Load screens show),
- the window's load (``saves.open_save``, the position from the snapshot that the table
  shows at once, then ``OpenedSave.check`` with a progress callback, the replay that the
  controller's worker runs; a refusal by either is the window's refusal),
- ``replay FILE --verify`` (``game.cli.main``, with its output captured).

Some files are good saves of earlier points of the same games, which must load. A
file is *refused* (a SaveError sentence everywhere), *loaded* (a harmless mutation or a
good save: it loads and verifies), *crashed* (any other exception, a refusal that is not a short
printable sentence, a list entry unsafe to draw, or the paths disagreeing) or *slow*
(listing over 0.1 s or loading over 1 s; reported, not a failure); a good save refused
counts as crashed. Everything follows
from the seed. The exit status is 1 if anything crashed.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game import saves
from game.core import registry
from game.core.errors import FiveRealmsError, SaveError
from game.core.rng import Rng
from game.session import Seat, Session

SLOW_LIST_SECONDS = 0.1
SLOW_LOAD_SECONDS = 1.0
PYTHON_ERROR = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception)\b|Traceback|\bNone\b")
MAX_MESSAGE = 300
MARK = "\u0000fuzz{}\u0000"


# -- base saves --------------------------------------------------------------------------------------


def base_saves(system_id: str, seed: int) -> list[dict[str, Any]]:
    """Real saves of ``system_id``: seeded AI games stopped at a few points, and the example save."""
    system = registry.get(system_id)
    rng = Rng.seeded(seed, 77)
    out = []
    seats_count = len(system.default_seats)
    plans = [(0, ["human"] + ["random"] * (seats_count - 1)), (8, ["easy"] * seats_count),
             (40, ["human"] + ["normal"] * (seats_count - 1)), (150, ["random"] * seats_count)]
    for n, (stop, levels) in enumerate(plans):
        seats = [Seat("human", f"Player {i + 1}") if lvl == "human" else Seat("ai", f"AI {i + 1}", lvl)
                 for i, lvl in enumerate(levels)]
        session = Session.new(system_id, seats, seed * 31 + n)
        chooser = rng.fork(n)
        for _ in range(stop):
            decision = session.pending()
            if decision is None:
                break
            if session.seats[decision.seat].is_ai:
                session.step_ai()
            else:
                ids = list(decision.option_ids)
                count = max(1, decision.min_choices)
                chooser.shuffle(ids)
                session.choose(decision.seat, tuple(ids[:count]))
        out.append(saves.session_to_data(session))
    example = Path(__file__).resolve().parents[1] / "saves" / f"{system_id}.json"
    if example.is_file():
        try:
            out.append(saves.check_shape(saves.read_json(example)))
        except SaveError:
            pass
    return out


@functools.lru_cache(maxsize=16)
def _donor(system_id: str, seed: int) -> str:
    """A save of another rule system (as text, so that no mutation can touch the cached copy)."""
    return json.dumps(base_saves(system_id, seed)[2])


# -- mutations ---------------------------------------------------------------------------------------


class Doc:
    """A save being mutated: parsed data plus raw-text stand-ins (NaN, 1e400, deep nesting)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = json.loads(json.dumps(data))
        self.raw: dict[str, str] = {}

    def literal(self, text: str) -> str:
        mark = MARK.format(len(self.raw))
        self.raw[json.dumps(mark)] = text
        return mark

    def text(self) -> str:
        out = json.dumps(self.data, separators=(",", ":"))
        for mark, text in self.raw.items():
            out = out.replace(mark, text)
        return out


def _nodes(value: Any, limit: int = 4000) -> list[tuple[Any, Any]]:
    """(container, key) pairs for the nodes of a JSON tree, breadth first, at most ``limit``."""
    out: list[tuple[Any, Any]] = []
    queue = [value]
    while queue and len(out) < limit:
        item = queue.pop(0)
        if isinstance(item, dict):
            for key in item:
                out.append((item, key))
                queue.append(item[key])
        elif isinstance(item, list):
            for index in range(len(item)):
                out.append((item, index))
                queue.append(item[index])
    return out


def _pick(rng: Rng, doc: Doc, kind: Callable[[Any], bool] = lambda v: True) -> tuple[Any, Any] | None:
    # Half the time a top-level field (where the checks are), else any node of the tree.
    if rng.below(2):
        keys = [k for k in doc.data if kind(doc.data[k])]
        if keys:
            return doc.data, rng.choice(sorted(keys))
    nodes = [(c, k) for c, k in _nodes(doc.data) if kind(c[k])]
    return rng.choice(nodes) if nodes else None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


ODD_VALUES: list[Any] = ["", "²", "٣", "-1", "NaN", None, True, False, 0, -1, 2**64, 1.5, -0.0, [], {}, [[]],
                         {"": None}, [None], "\ud800", "a\u0000b", "x" * 300]
ODD_NAMES = ["\ud800", "\udcff", "a\u0000b", "\u200b", "\ufe00", "\u0301\u034f", "", " ", "n" * 25, "Ann\nBram", "\u202eevil", "🐉" * 24,
             "x" * 5000]


def m_type_change(rng: Rng, doc: Doc) -> None:
    spot = _pick(rng, doc)
    if spot:
        container, key = spot
        container[key] = json.loads(json.dumps(rng.choice(ODD_VALUES)))


def m_huge_number(rng: Rng, doc: Doc) -> None:
    spot = _pick(rng, doc, _is_number) or _pick(rng, doc)
    if spot:
        container, key = spot
        choice = rng.below(6)
        if choice == 0:
            container[key] = doc.literal("1e400")
        elif choice == 1:
            container[key] = doc.literal("-1e400")
        elif choice == 2:
            container[key] = doc.literal("9" * rng.between(25, 5000))
        elif choice == 3:
            container[key] = 2**64 + rng.below(1000)
        elif choice == 4:
            container[key] = -(2**63) - 1
        else:
            container[key] = 1e308


def m_nan(rng: Rng, doc: Doc) -> None:
    spot = _pick(rng, doc, _is_number) or _pick(rng, doc)
    if spot:
        container, key = spot
        container[key] = doc.literal(rng.choice(["NaN", "Infinity", "-Infinity"]))


def m_deep_nesting(rng: Rng, doc: Doc) -> None:
    spot = _pick(rng, doc)
    if spot:
        container, key = spot
        depth = rng.choice([70, 1000, 50_000, 200_000])
        if rng.below(2):
            container[key] = doc.literal("[" * depth + "]" * depth)
        else:
            container[key] = doc.literal('{"a":' * depth + "1" + "}" * depth)


def m_huge_string(rng: Rng, doc: Doc) -> None:
    size = rng.choice([300, 70_000, 1_000_000, 3_000_000])
    filler = rng.choice(["x", "\ud800", "é", "\u0000", "🐉"])
    text = (filler * size)[:size]
    if rng.below(3) == 0:
        target = rng.choice([doc.data] + [c for c, _ in _nodes(doc.data) if isinstance(c, dict)])
        target[text] = 1  # a huge key
        return
    spot = _pick(rng, doc, lambda v: isinstance(v, str)) or _pick(rng, doc)
    if spot:
        container, key = spot
        container[key] = text


def m_wrong_system(rng: Rng, doc: Doc) -> None:
    others = [sid for sid in registry.ids() if sid != doc.data.get("ruleset")]
    choice = rng.below(4)
    if choice == 0 or not others:
        doc.data["ruleset"] = rng.choice(["chess", "", "Fantasy-Heroes", "fantasy_heroes", "x" * 100])
    elif choice == 1:
        doc.data["ruleset"] = rng.choice(others)
    else:  # another system's ruleset with this one's moves, or with this one's snapshot
        donor = json.loads(_donor(rng.choice(others), 1 + rng.below(3)))
        key = rng.choice(["ruleset", "snapshot", "choices", "options"])
        doc.data[key] = donor[key]
        if choice == 3:
            doc.data["hash"] = donor["hash"]


def m_illegal_choice(rng: Rng, doc: Doc) -> None:
    choices = doc.data.get("choices")
    if not isinstance(choices, list):
        return
    seats = len(doc.data.get("seats") or [1])
    kind = rng.below(8)
    if kind == 0 or not choices:
        choices.append([rng.below(seats), [rng.choice(["pass", "end", "no-such-option", "0", ""])]])
    elif kind == 1:
        entry = rng.choice(choices)
        entry[1] = [rng.choice(["attack:nowhere", "move:99,99", "x" * 128, "pass", entry[1][0] if entry[1] else ""])]
    elif kind == 2:
        entry = rng.choice(choices)
        entry[0] = (entry[0] + 1 + rng.below(max(1, seats - 1))) % seats
    elif kind == 3:
        del choices[rng.below(len(choices))]
    elif kind == 4:
        i, j = rng.below(len(choices)), rng.below(len(choices))
        choices[i], choices[j] = choices[j], choices[i]
    elif kind == 5:
        entry = rng.choice(choices)
        entry[1] = entry[1] + entry[1] if entry[1] else ["pass", "pass"]
    elif kind == 6:
        doc.data["choices"] = choices * (saves.MAX_CHOICES // max(1, len(choices)) + rng.below(3))
    else:
        doc.data["choices"] = choices + choices[: rng.below(len(choices) + 1)]


def m_names(rng: Rng, doc: Doc) -> None:
    seats = doc.data.get("seats")
    if isinstance(seats, list) and seats and isinstance(seats[0], dict):
        rng.choice(seats)["name"] = rng.choice(ODD_NAMES)


def m_keys(rng: Rng, doc: Doc) -> None:
    kind = rng.below(6)
    if kind == 5:
        doc.data["agent_memory"] = {rng.choice(["0", "1", "²", "99"]): rng.choice(
            [[1, ["ab"] * 6000], [-1, []], [1, [None]], [2**70, ["ab"]], "x", [1, ["\ud800"]]])}
    elif kind == 0 and doc.data:
        del doc.data[rng.choice(sorted(doc.data))]
    elif kind == 1:
        doc.data[rng.choice(["sneaky", "__proto__", "Choices", "", "\ud800"])] = rng.choice(ODD_VALUES)
    elif kind == 2:
        doc.data["agents"] = {rng.choice(["²", "٣", "-1", "00", "1 ", "99", "0x1"]): [1, 2]}
    elif kind == 3:
        doc.data["version"] = rng.choice([0, 2, 99, "1", 1.0, -1, True])
    else:
        doc.data["format"] = rng.choice(["five-realms-save ", "", None, "FIVE-REALMS-SAVE"])


def m_scenario(rng: Rng, doc: Doc) -> None:
    hostile = [{"dice": [doc.literal("1e400")]}, {"dice": [7, 0, -1]}, {"champions": ["nobody"]},
               {"positions": {"gareth": "nowhere"}}, {"players": "x"}, {"quest": "nowhere"},
               {"hand": [None]}, {"names": ["\ud800"]}, {"main_enemy": ["dragon"]},
               {"enemies": [{"card": "barrow_wight", "space": "caer_aldon", "damage": 10**9}]},
               {"seats": 99}, {"": {}}, {"dice": "66"}]
    doc.data["scenario"] = rng.choice(hostile)


def good_prefix(rng: Rng, base: dict[str, Any]) -> bytes:
    """A real save of the same game stopped earlier (its moves cut, then replayed and saved
    again): every path must load it."""
    choices = base["choices"][: rng.below(len(base["choices"]) + 1)]
    seats = [Seat(s["kind"], s["name"], s["level"]) for s in base["seats"]]
    session = Session.replay(base["ruleset"], seats, base["seed"], base["options"] or None, base["scenario"],
                             choices)
    return json.dumps(saves.session_to_data(session), separators=(",", ":")).encode("utf-8")


MUST_LOAD = "good-prefix"
RAW_MUTATIONS = ("byte-flip", "truncate", "encoding")
MUTATIONS: dict[str, Callable[[Rng, Doc], None]] = {
    "type-change": m_type_change, "huge-number": m_huge_number, "nan": m_nan, "deep-nesting": m_deep_nesting,
    "huge-string": m_huge_string, "wrong-system": m_wrong_system, "illegal-choice": m_illegal_choice,
    "seat-name": m_names, "keys": m_keys, "scenario": m_scenario,
}
KINDS = tuple(MUTATIONS) + RAW_MUTATIONS + ("mixed", MUST_LOAD)


def _raw(rng: Rng, kind: str, raw: bytes) -> bytes:
    if kind == "byte-flip":
        data = bytearray(raw)
        for _ in range(rng.between(1, 8)):
            i = rng.below(len(data))
            data[i] ^= 1 << rng.below(8)
        return bytes(data)
    if kind == "truncate":
        return raw[: rng.below(len(raw))]
    choice = rng.below(4)
    text = raw.decode("utf-8")
    if choice == 0:
        return "\ufeff".encode() + raw
    if choice == 1:
        return text.encode("utf-16")
    if choice == 2:
        return raw + rng.choice([b"garbage", b"{}", b"\x00", b" \n"])
    return b"\x80\x04\x95" + raw  # a pickle's opening bytes


def mutate(rng: Rng, base: dict[str, Any], kind: str) -> bytes:
    """One mutated save file (or, for MUST_LOAD, a good one)."""
    if kind == MUST_LOAD:
        return good_prefix(rng, base)
    if kind in RAW_MUTATIONS:
        return _raw(rng, kind, json.dumps(base, separators=(",", ":")).encode("utf-8"))
    doc = Doc(base)
    kinds = [kind] if kind != "mixed" else [rng.choice(list(MUTATIONS)) for _ in range(rng.between(2, 4))]
    for k in kinds:
        MUTATIONS[k](rng, doc)
    return doc.text().encode("utf-8", "surrogatepass")


# -- loading each file through the app's own paths -------------------------------------------------


@dataclass
class Report:
    files: int = 0
    refused: int = 0
    loaded: int = 0
    crashed: int = 0
    slow: int = 0
    by_kind: dict[str, Counter[str]] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)
    slow_files: list[str] = field(default_factory=list)
    internal: Counter[str] = field(default_factory=Counter)
    """Refusals after an exception the rules did not mean to raise (information, not failures)."""

    def add(self, kind: str, result: str) -> None:
        self.by_kind.setdefault(kind, Counter())[result] += 1


def _sentence_problem(message: str) -> str:
    if not message:
        return "an empty refusal"
    if len(message) > MAX_MESSAGE:
        return f"a refusal of {len(message)} characters"
    if not message.isprintable():
        return "a refusal with unprintable characters"
    if PYTHON_ERROR.search(message):
        return f"a refusal naming a Python error: {message[:80]}"
    return ""


def check_file(path: Path, report: Report) -> tuple[str, float, str, str]:
    """(result, slowness, timing, detail) for one file: the result is "refused", "loaded" or
    "crashed"; a slowness over 1 is a listing or load slower than its threshold."""
    from game.cli import main as cli_main

    slowest = 0.0
    listed = loading = 0.0

    def timing() -> str:
        return f"listed in {listed:.3f} s, loaded in {loading:.3f} s"

    # 1. The save list (title and Load screens).
    started = time.perf_counter()
    try:
        info = saves.slot_info(path)
    except Exception as exc:  # the list must never raise
        return "crashed", 0.0, "", f"listing raised {type(exc).__name__}: {str(exc)[:80]}"
    listed = time.perf_counter() - started
    shown = [info.slot, info.reason, info.saved_at, *info.seats]
    if not all(isinstance(t, str) and t.isprintable() and len(t) <= MAX_MESSAGE for t in shown):
        return "crashed", listed / SLOW_LIST_SECONDS, timing(), "the list holds text unsafe to draw"
    if not info.ok and _sentence_problem(info.reason):
        return "crashed", listed / SLOW_LIST_SECONDS, timing(), f"listing: {_sentence_problem(info.reason)}"
    # 2. The window's load (the loading worker's call, then the check with its progress callback).
    progress: list[int] = []
    started = time.perf_counter()
    loaded_hash = ""
    refusal = ""
    try:
        opened = saves.open_save(path)
        for seat in opened.session.seats:
            if saves.name_problem(seat.name):
                return "crashed", listed / SLOW_LIST_SECONDS, timing(), "a loaded seat name cannot be drawn"
        session = opened.check(lambda done, total: progress.append(done))
        if session.game.state_hash() != opened.session.game.state_hash():
            return "crashed", listed / SLOW_LIST_SECONDS, timing(), "the check passed a position it does not reach"
        opened.session.adopt_history(session)
        loaded_hash = opened.session.game.state_hash()
    except SaveError as exc:
        refusal = str(exc)
        cause = getattr(exc, "cause", "")
        if cause:
            report.internal[cause] += 1
    except Exception as exc:
        return "crashed", listed / SLOW_LIST_SECONDS, timing(), f"load raised {type(exc).__name__}: {str(exc)[:80]}"
    loading = time.perf_counter() - started
    slowest = max(listed / SLOW_LIST_SECONDS, loading / SLOW_LOAD_SECONDS)
    if refusal and _sentence_problem(refusal):
        return "crashed", slowest, timing(), f"load: {_sentence_problem(refusal)}"
    # 3. replay FILE --verify, as a person types it.
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli_main(["replay", str(path), "--verify"])
    except SystemExit as exc:
        return "crashed", slowest, timing(), f"replay exited with {exc.code}"
    except Exception as exc:
        return "crashed", slowest, timing(), f"replay raised {type(exc).__name__}: {str(exc)[:80]}"
    if status == 0:
        if refusal or loaded_hash not in out.getvalue():
            return "crashed", slowest, timing(), "replay --verify and the window's load disagree"
        return "loaded", slowest, timing(), ""
    message = err.getvalue().strip()
    if status != 2 or not refusal:
        return "crashed", slowest, timing(), f"replay --verify returned {status} and the window's load disagrees"
    if "\n" in message or _sentence_problem(message.removeprefix("five-realms: ")):
        return "crashed", slowest, timing(), "replay --verify printed something that is not one sentence"
    return "refused", slowest, timing(), ""


def run(system_id: str, files: int, seed: int, write: Callable[[str], None] = print) -> Report:
    """Make ``files`` mutated saves of ``system_id`` and check each; prints the figures."""
    registry.get(system_id)
    if files < 1:
        raise FiveRealmsError(f"--files must be 1 or more, not {files}.")
    report = Report()
    bases = base_saves(system_id, seed)
    rng = Rng.seeded(seed, 1009)
    started = time.perf_counter()
    previous = os.environ.get("FIVE_REALMS_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="five-realms-fuzz-") as folder:
        os.environ["FIVE_REALMS_DATA_DIR"] = folder
        try:
            target = saves.saves_dir()
            target.mkdir(parents=True, exist_ok=True)
            for n in range(files):
                kind = KINDS[n % len(KINDS)]
                base = bases[rng.below(len(bases))]
                raw = mutate(rng.fork(n), base, kind)
                path = target / f"fuzz-{n:05d}.json"
                path.write_bytes(raw)
                result, slowness, timing, detail = check_file(path, report)
                path.unlink()
                if kind == MUST_LOAD and result == "refused":
                    result, detail = "crashed", "a good save (an earlier point of a real game) was refused"
                report.files += 1
                report.add(kind, result)
                if slowness > 1.0:
                    report.slow += 1
                    report.slow_files.append(f"file {n} ({kind}, {len(raw) // 1024} KB): {timing}")
                if result == "crashed":
                    report.crashed += 1
                    report.crashes.append(f"file {n} ({kind}): {detail}")
                elif result == "loaded":
                    report.loaded += 1
                else:
                    report.refused += 1
        finally:
            if previous is None:
                os.environ.pop("FIVE_REALMS_DATA_DIR", None)
            else:
                os.environ["FIVE_REALMS_DATA_DIR"] = previous
    elapsed = time.perf_counter() - started
    write(f"fuzz-saves {system_id}: {files} files from {len(bases)} base saves, seed {seed}, "
          f"{elapsed:.1f} s")
    for kind in KINDS:
        counts = report.by_kind.get(kind)
        if counts:
            write(f"  {kind:<15s} " + ", ".join(f"{r} {counts[r]}" for r in ("refused", "loaded", "crashed")
                                               if counts[r]))
    for line in report.crashes[:20]:
        write(f"  CRASH {line}")
    for line in report.slow_files[:5]:
        write(f"  slow {line}")
    if report.internal:
        causes = ", ".join(f"{name} {count}" for name, count in sorted(report.internal.items()))
        write(f"  refused after an unexpected error inside the rules (a sentence was shown): {causes}")
    write(f"refused {report.refused} · loaded {report.loaded} · crashed {report.crashed} · slow {report.slow}")
    return report


def main(system_id: str, files: int, seed: int) -> int:
    """The ``fuzz-saves`` command: 1 if any file crashed a load path, else 0."""
    return 1 if run(system_id, files, seed).crashed else 0
