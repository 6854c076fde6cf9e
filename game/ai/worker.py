"""The hard player's searches for the window, in a process of their own (issue 15).

A search keeps a processor busy for its whole budget. On a thread of the window's process it
would hold the interpreter lock and take the window's frames; in a worker process it takes
none. The window's side (:class:`SearchWorker`) sends a :class:`~game.ai.hard.SearchRequest`
(a determinization made from the seat's own knowledge, as JSON-safe data) and waits for the
answer on a thread of its own; the process (:func:`serve`) answers requests one at a time
until it is told to stop or its pipe closes.

The process starts on the first request ("spawn": the same on every platform and in the
packaged game, where ``multiprocessing.freeze_support`` in ``game.__main__`` lets the
executable play the worker) and is stopped with the table. Stopping never waits for a search
to end: a player quitting mid-thought is not kept waiting, and an answer nobody waits for
any more is dropped.
"""

from __future__ import annotations

import itertools
import multiprocessing
import threading
from dataclasses import asdict
from multiprocessing.connection import Connection
from typing import Any

from game.ai.hard import SearchRequest, run_request
from game.ai.search import Budget, SearchResult
from game.core.errors import FiveRealmsError


def _request_data(request: SearchRequest) -> dict[str, Any]:
    return {"system_id": request.system_id, "snapshot": dict(request.snapshot), "seat": request.seat,
            "seed": request.seed, "budget": asdict(request.budget)}


def _request_from(data: dict[str, Any]) -> SearchRequest:
    return SearchRequest(data["system_id"], data["snapshot"], data["seat"], data["seed"], Budget(**data["budget"]))


def serve(conn: Connection) -> None:
    """The worker process: answer each (number, request) with (number, result) until None."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        number, data = message
        try:
            result = run_request(_request_from(data))
            reply: Any = (number, {"answer": list(result.answer), "iterations": result.iterations,
                                   "seconds": result.seconds, "played": result.played})
        except Exception as exc:  # told to the window, which fails loudly (never a silent fallback)
            reply = (number, {"error": f"{type(exc).__name__}: {exc}"})
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


class SearchWorker:
    """The window's side of the worker process."""

    def __init__(self) -> None:
        self._process: Any = None
        self._conn: Connection | None = None
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()  # one search at a time on the pipe
        self._guard = threading.Lock()  # starting and stopping the process, never both at once
        self._stopped = False

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
            context = multiprocessing.get_context("spawn")
            mine, theirs = context.Pipe()
            self._process = context.Process(target=serve, args=(theirs,), name="five-realms-search", daemon=True)
            self._process.start()
            theirs.close()
            self._conn = mine
        return self._conn

    def search(self, request: SearchRequest) -> SearchResult:
        """Run ``request`` in the worker and wait for its answer (call from a thread that may wait)."""
        with self._lock:
            conn = self._start()
            number = next(self._numbers)
            try:
                conn.send((number, _request_data(request)))
                while True:
                    got, reply = conn.recv()
                    if got == number:
                        break
            except (EOFError, OSError, BrokenPipeError):
                raise FiveRealmsError("The computer player's search stopped.") from None
        if "error" in reply:
            raise FiveRealmsError(f"The computer player's search failed: {reply['error']}")
        return SearchResult(tuple(reply["answer"]), reply["iterations"], reply["seconds"], {}, reply["played"])

    def stop(self) -> None:
        """Stop the process at once (a search under way is dropped; none starts after)."""
        with self._guard:
            self._stopped = True
            process, conn = self._process, self._conn
            self._process = self._conn = None
        if process is not None and process.is_alive():
            process.terminate()  # (a thread waiting for its answer then reads the end of the pipe)
            process.join(timeout=2)
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
