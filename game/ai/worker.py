"""The hard player's searches for the window, in a process of their own (issue 15).

A search keeps a processor busy for its whole budget. On a thread of the window's process it
would hold the interpreter lock and take the window's frames; in a worker process it takes
none. The window's side (:class:`SearchWorker`) sends a :class:`~game.ai.hard.SearchRequest`
(a determinization made from the seat's own knowledge, as JSON-safe data) and waits for the
answer on a thread of its own; the process (:func:`serve`) answers requests one at a time
until it is told to stop or its pipe closes.

On a machine with more than two processors the worker has helpers (:func:`serve_helper`,
:func:`helper_count`): processes that play rounds of the same search at the same time, from
the same determinization with generators of their own, and hand their rounds to the worker,
which compares the answers over all of them (game.ai.search.Helpers); with one helper the
window's second holds twice the rounds. Only a search with a budget of time alone is shared
(the window's): one with an iteration budget gives the same answer for the same seed wherever
it runs. The window keeps a processor of its own, and the processes search at a lower
priority where the platform has one.

The processes start on the first request ("spawn": the same on every platform and in the
packaged game, where ``multiprocessing.freeze_support`` in ``game.__main__`` lets the
executable play the worker), which a table with a hard seat makes as it opens, having the
worker load its game at once (:meth:`SearchWorker.warm_up`); they are stopped with the table.
Stopping never waits for a search to end: a player quitting mid-thought is not kept waiting,
and an answer nobody waits for any more is dropped.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import threading
import time
from dataclasses import asdict
from multiprocessing.connection import Connection
from typing import Any, Iterator, Sequence

from game.ai.agents import heuristic_for, searching_policy
from game.ai.hard import SearchRequest, run_request, settings_for
from game.ai.search import SEARCH_STREAM, Budget, Search, SearchResult, search_decision
from game.core import registry
from game.core.errors import FiveRealmsError
from game.core.game import Game
from game.core.rng import Rng

MAX_HELPERS = 3
"""Helpers at most, however many processors there are: more rounds help less and less, and
each process holds the game's code and a copy of the position."""

READY_WITHIN = 20.0
"""Seconds the worker waits for its helpers to start (they start with it); one that has not
started by then is left out."""

WARM_UP_ITERATIONS = 2
"""Rounds of the warm-up's search (:func:`warm_up`): enough to play each path of a search once."""

WARM_UP_SECONDS = 0.3
"""The most a warm-up plays and searches, past loading the game (:func:`warm_up`)."""


def helper_count() -> int:
    """Helpers for this machine: one for every processor beyond the worker's and the window's,
    at most :data:`MAX_HELPERS` (none on two processors). The window keeps a processor of its
    own: on a two-processor machine of the kind this game is measured on (a virtual one), a
    worker and a helper searching flat out left the window without a frame for a tenth of a
    second now and then (about every twenty seconds of thinking; the mark is 50 ms), though
    they searched at a lower priority; with the worker alone, never."""
    return max(0, min(MAX_HELPERS, (os.cpu_count() or 1) - 2))


def _lower_priority(pid: int | None) -> None:
    """Let the process ``pid`` search below the window's priority, so the window's frames come
    first when processors are scarce: set from here as soon as it has started, since a new
    process spends its first half second loading the game's code (platforms without
    priorities, as Windows in the standard library, keep the same one)."""
    if pid is not None and hasattr(os, "setpriority"):
        try:
            os.setpriority(os.PRIO_PROCESS, pid, os.getpriority(os.PRIO_PROCESS, 0) + 5)
        except OSError:
            pass


def _request_data(request: SearchRequest) -> dict[str, Any]:
    return {"system_id": request.system_id, "snapshot": dict(request.snapshot), "seat": request.seat,
            "seed": request.seed, "budget": asdict(request.budget), "been": list(request.been), "role": request.role}


def _request_from(data: dict[str, Any]) -> SearchRequest:
    return SearchRequest(data["system_id"], data["snapshot"], data["seat"], data["seed"], Budget(**data["budget"]),
                         tuple(data.get("been", ())), str(data.get("role", "")))


class RoundHelpers:
    """The worker's side of its helpers (game.ai.search.Helpers): each phase of a search is
    sent to every helper, and their rounds are collected when the worker's own are played. A
    helper that stops (its process ended) is left out from then on and the search goes on
    without it; one whose search fails (a fault in the game's code) fails the search, as the
    worker's own would."""

    def __init__(self, conns: Sequence[Connection]) -> None:
        self._conns = [conn for conn in conns if self._started(conn)]
        self._serials = itertools.count(1)
        self._serial = 0

    @staticmethod
    def _started(conn: Connection) -> bool:
        try:
            return conn.poll(READY_WITHIN) and conn.recv() == "ready"
        except (EOFError, OSError):
            return False

    @property
    def count(self) -> int:
        return len(self._conns)

    def begin(self, data: dict[str, Any]) -> None:
        """Hand every helper the request about to be searched."""
        for number, conn in enumerate(list(self._conns), start=1):
            self._send(conn, ("begin", data, number))

    def start(self, answers: list[tuple[str, ...]], seconds: float, first_round_within: float | None) -> None:
        self._serial = next(self._serials)
        for conn in list(self._conns):
            self._send(conn, ("compare", self._serial, [list(a) for a in answers], seconds, first_round_within))

    def collect(self) -> tuple[list[list[float]], int]:
        rounds: list[list[float]] = []
        played = 0
        for conn in list(self._conns):
            reply = self._reply(conn)
            if reply is None:
                continue
            if "error" in reply:
                raise RuntimeError(f"a helper of the search failed: {reply['error']}")
            rounds.extend(reply["rounds"])
            played += reply["played"]
        return rounds, played

    def _reply(self, conn: Connection) -> dict[str, Any] | None:
        """The helper's reply to the phase begun last (a reply to a phase of a search that
        failed half-way is skipped), or None if it stopped."""
        while True:
            try:
                reply = conn.recv()
            except (EOFError, OSError):
                self._leave_out(conn)
                return None
            if reply.get("serial") == self._serial:
                return dict(reply)

    def _send(self, conn: Connection, message: Any) -> None:
        try:
            conn.send(message)
        except (BrokenPipeError, OSError):
            self._leave_out(conn)

    def _leave_out(self, conn: Connection) -> None:
        if conn in self._conns:
            self._conns.remove(conn)
        try:
            conn.close()
        except OSError:
            pass


def _messages(conn: Connection, ready: Any) -> Iterator[Any]:
    """Say ``ready`` on ``conn``, then each message received, until None or the pipe closes."""
    try:
        conn.send(ready)
        while (message := conn.recv()) is not None:
            yield message
    except (EOFError, OSError):
        return


def serve_helper(conn: Connection) -> None:
    """A helper process: for each request begun, play the rounds of each phase it is sent and
    reply with them, until None."""
    search: Search | None = None
    failed = "no search begun"
    for message in _messages(conn, "ready"):
        if message[0] == "begin":
            _, data, number = message
            try:
                request = _request_from(data)
                policy = searching_policy(request.system_id, request.seat, request.role)
                search = Search(request.root(), request.seat, policy,
                                Rng.seeded(request.seed, SEARCH_STREAM + number), settings_for(request.system_id))
            except Exception as exc:  # told to the worker with the phase's reply
                search, failed = None, f"{type(exc).__name__}: {exc}"
            continue
        _, serial, answers, seconds, first_round_within = message
        try:
            if search is None:
                raise RuntimeError(failed)
            before = search.played
            rounds = search.compare([tuple(a) for a in answers], Budget(seconds=max(0.0, seconds)),
                                    time.perf_counter(), time.perf_counter,
                                    None if first_round_within is None else max(0.0, first_round_within))
            reply: dict[str, Any] = {"serial": serial, "rounds": rounds, "played": search.played - before}
        except Exception as exc:  # told to the worker, which tells the window
            reply = {"serial": serial, "error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


def warm_up(system_id: str) -> int:
    """Load ``system_id`` and play and search a little of a fresh deal of its own (nothing of
    the table's game, so nothing any seat may not know): the window's first search then finds
    the rule system loaded before its clock starts, and most of what its heuristic and the
    search set up on first use already there. Bounded by :data:`WARM_UP_SECONDS` past the
    loading, so a hard seat that must move as the table opens waits little for it. Returns
    the iterations searched."""
    system = registry.get(system_id)
    heuristic = heuristic_for(system_id)
    settings = settings_for(system_id)
    deadline = time.perf_counter() + WARM_UP_SECONDS
    game = Game.new(system, 0, len(system.default_seats), system.resolve_options(None))
    rng = Rng.seeded(0, SEARCH_STREAM)
    while (decision := game.pending()) is not None and time.perf_counter() < deadline:
        if len(decision.options) > 1 and not decision.window:  # something to search
            budget = Budget(iterations=WARM_UP_ITERATIONS, seconds=max(0.01, deadline - time.perf_counter()))
            policy = searching_policy(system_id, decision.seat)  # the hard seat's own answers warmed too
            return search_decision(game, decision.seat, policy, 0, budget, settings).played
        game.choose(decision.seat, heuristic(game.view_for(decision.seat), decision, rng))
    return 0


def _searched(request: SearchRequest, data: dict[str, Any], helpers: RoundHelpers) -> dict[str, Any]:
    """The worker's search of ``request`` (``data`` as it came), shared with the helpers if its
    budget is of time alone."""
    shared = helpers.count > 0 and request.budget.iterations is None
    if shared:
        helpers.begin(data)
    result = run_request(request, helpers if shared else None)
    return {"answer": list(result.answer), "iterations": result.iterations, "seconds": result.seconds,
            "played": result.played, "helped": result.helped}


def serve(conn: Connection, helper_conns: Sequence[Connection] = ()) -> None:
    """The worker process: answer each (number, request) with (number, result) until None; a
    request ``{"warm_up": system_id}`` is answered once the system is loaded (:func:`warm_up`)."""
    helpers = RoundHelpers(helper_conns)
    for number, data in _messages(conn, (0, "ready")):  # (SearchWorker.start waits for it; a search skips it)
        try:
            reply: Any = (number, {"played": warm_up(str(data["warm_up"]))}) if "warm_up" in data else (
                number, _searched(_request_from(data), data, helpers))
        except Exception as exc:  # told to the window, which fails loudly (never a silent fallback)
            reply = (number, {"error": f"{type(exc).__name__}: {exc}"})
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class SearchWorker:
    """The window's side of the worker process."""

    def __init__(self, helpers: int | None = None) -> None:
        self.helpers = helper_count() if helpers is None else helpers
        self._helper_processes: list[Any] = []
        self._process: Any = None
        self._conn: Connection | None = None
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()  # one search at a time on the pipe
        self._guard = threading.Lock()  # starting and stopping the process, never both at once
        self._stopped = False
        self._ready = False  # the worker said it is ready (its helpers started)

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _start(self) -> Connection:
        with self._guard:
            if self._stopped:
                raise FiveRealmsError("The computer player's search stopped.")
            return self._start_process()

    def _start_process(self) -> Connection:
        if self._conn is None or not self.running:
            self._stop_processes()  # (a worker that died: its helpers too)
            context = multiprocessing.get_context("spawn")
            helper_ends = []
            for n in range(self.helpers):
                lead_end, helper_end = context.Pipe()
                helper = context.Process(target=serve_helper, args=(helper_end,),
                                         name=f"five-realms-search-helper-{n + 1}", daemon=True)
                helper.start()
                _lower_priority(helper.pid)
                helper_end.close()
                helper_ends.append(lead_end)
                self._helper_processes.append(helper)
            mine, theirs = context.Pipe()
            self._process = context.Process(target=serve, args=(theirs, helper_ends), name="five-realms-search",
                                            daemon=True)
            self._process.start()
            _lower_priority(self._process.pid)
            theirs.close()
            for end in helper_ends:
                end.close()
            self._conn = mine
            self._ready = False
        return self._conn

    def start(self) -> None:
        """Start the processes now and wait until they are ready (the first request, or
        :meth:`warm_up`, starts them otherwise)."""
        with self._lock:
            conn = self._start()
            try:
                while not self._ready:
                    self._ready = conn.recv() == (0, "ready")
            except (EOFError, OSError):
                raise FiveRealmsError("The computer player's search stopped.") from None

    def warm_up(self, system_id: str) -> int:
        """Start the processes if need be and have the worker load ``system_id`` (see
        :func:`warm_up`), waiting until it has; returns the iterations its search played. The table
        does this on its AI thread as it opens, so the first hard move thinks no longer than the
        others."""
        return int(self._ask({"warm_up": system_id})["played"])

    def search(self, request: SearchRequest) -> SearchResult:
        """Run ``request`` in the worker and wait for its answer (call from a thread that may wait)."""
        reply = self._ask(_request_data(request))
        return SearchResult(tuple(reply["answer"]), reply["iterations"], reply["seconds"], {}, reply["played"],
                            reply["helped"])

    def _ask(self, data: dict[str, Any]) -> dict[str, Any]:
        """Send ``data`` to the worker and wait for its reply; a failure there raises here."""
        with self._lock:
            conn = self._start()
            number = next(self._numbers)
            try:
                conn.send((number, data))
                while True:
                    got, reply = conn.recv()
                    if got == number:
                        break
                    self._ready = self._ready or got == 0
            except (EOFError, OSError, BrokenPipeError):
                raise FiveRealmsError("The computer player's search stopped.") from None
        if "error" in reply:
            raise FiveRealmsError(f"The computer player's search failed: {reply['error']}")
        return dict(reply)

    def stop(self) -> None:
        """Stop the processes at once (a search under way is dropped; none starts after)."""
        with self._guard:
            self._stopped = True
            self._stop_processes()

    def _stop_processes(self) -> None:
        processes = [p for p in (self._process, *self._helper_processes) if p is not None]
        conn = self._conn
        self._process = self._conn = None
        self._helper_processes = []
        for process in processes:
            if process.is_alive():
                process.terminate()  # (a thread waiting for its answer then reads the end of the pipe)
        for process in processes:
            process.join(timeout=2)
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
