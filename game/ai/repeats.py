"""A guard that keeps an AI seat from going round in circles.

A computer player that answers the same position the same way every time can loop for ever
when its answers undo each other: Buck: Legacy's heuristic once swapped two weapons back and
forth in a Boss's Preparation, question after question, and the game never went on. The
heuristics are meant never to do that, but the next such bug should cost a player a few
wasted moves, not the game. So whoever drives AI seats passes each answer through a
:class:`RepeatGuard`: once a seat has made many choices with nothing random in between, the
guard remembers the positions it answers in and what it answered. Back in a position it has
been in, the seat takes the answer it has tried least often there: the one it wanted, if that
is still among the least tried; else the one that ends its turn, phase or window ("end" or
"pass"), where the question has one; else the one that takes the game furthest on (to another
seat, or another kind of question). Whatever the seat wants, a position it keeps coming back
to sees each of its answers tried in turn, so the seat leaves the loop whenever some sequence
of its answers does. A seat once steered is watched from its first choice of each new stretch
for the rest of the turn.

A position is the whole game, its generator included (:func:`position_key`), not the seat's
view: a fight round in which nothing happened looks the same to every seat but has moved the
dice on, and is no loop; a normal player's long turns come round to such positions and are
never steered. So the guard reads what the seat may not (and tries its other answers on a copy
of the whole game, to find one that goes on), but it acts only when the whole game
has come back to where it was without a die rolled or a card dealt, which the seats' answers
alone did: a seat that is not looping is never touched.

A position can come round again only while nothing random happens: the generator's state is
part of it and never repeats. So the guard counts a seat's choices in a stretch of one turn in
which the game's generators were not used (no die rolled, no card drawn or shuffled), and
costs nothing until a seat's choices in a stretch pass :data:`WATCH_AFTER` (1 to 7 in 100
choices of normal players), then one digest of the state a choice (20 to 80 microseconds,
against 0.1 to 2 milliseconds for a normal player's choice). It forgets everything when a
stretch ends, so a long game costs no more. It is not saved: a game loaded in the middle of a
loop starts watching again from its first choice after the load. An undo puts back the guard
as it was before the choice taken back (:meth:`RepeatGuard.copy`).
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from collections import Counter
from typing import Any

from game.ai.agents import random_choice
from game.core.decision import ENDING, Decision
from game.core.errors import IllegalChoice
from game.core.rng import Rng

WATCH_AFTER = 12
"""Choices a seat makes in a stretch (see the module docstring) before the guard starts
remembering its positions: few enough that in the window (an AI choice every half second at
least) a loop is left within seconds; normal players' longest stretches reach 18 to 27
choices, and were checked never to be steered."""

_MULTI_PICK_CANDIDATES = 8
"""Other answers drawn for a question of several picks (their combinations are too many to list)."""


class RepeatGuard:
    """One per game: steers the AI seats' answers away from positions they keep coming back to."""

    def __init__(self) -> None:
        self._stretch: Any = None  # the turn and the generators' state: a new one, a new stretch
        self._choices: Counter[int] = Counter()
        self._looping: tuple[int, int] | None = None  # the seat last steered, and the turn
        self._tried: dict[tuple[int, str], Counter[tuple[str, ...]]] = {}
        self.watched = 0
        """How many answers the guard has looked at (past WATCH_AFTER in a stretch)."""
        self.steered: Counter[int] = Counter()
        """How many answers the guard has changed, per seat."""

    def steer(self, game: Any, decision: Decision, picked: tuple[str, ...]) -> tuple[str, ...]:
        """The answer ``decision.seat`` gives: ``picked``, unless the seat is back in a position
        of this stretch where it has answered ``picked`` more often than another answer."""
        stretch = (game.turn, game.system.random_state(game.state))
        if stretch != self._stretch:  # no position from before can come round again
            self._stretch = stretch
            self._choices.clear()
            self._tried.clear()
        self._choices[decision.seat] += 1
        if self._choices[decision.seat] <= WATCH_AFTER and self._looping != (decision.seat, game.turn):
            return picked  # (a seat steered this turn is watched from its first choice of a stretch)
        self.watched += 1
        key = position_key(game)
        tried = self._tried.setdefault((decision.seat, key), Counter())
        if tried:
            answer = _least_tried(game, decision, _candidates(decision, picked, key, sum(tried.values())), tried)
            if answer != picked:
                self.steered[decision.seat] += 1
                self._looping = (decision.seat, game.turn)
                picked = answer
        tried[picked] += 1
        return picked

    def copy(self) -> "RepeatGuard":
        """The guard as it stands now, to be put back by an undo (``Session.undo``): the
        positions a seat answered after the choice taken back are not "tried" when the game
        comes back to them, so the same choice again gets the same answers. Only the current
        stretch is kept, so a copy costs no more late in a game than early."""
        return copy.deepcopy(self)


def looping_note(level: str) -> str:
    """What it means that the guard steered a seat of ``level`` (for simulate and tournament)."""
    if level.partition(":")[0] in ("normal", "hard"):
        return "its heuristic's answers undo each other there: worth a look"
    return "its answers at random can do that"


def position_key(game: Any) -> str:
    """The whole game, its generator included (see the module docstring), as a short digest of
    its pickled state: never stored or read back, only compared within this process, and four
    times quicker than the canonical JSON of ``Game.state_hash``. Equal positions reached by
    different paths may pickle differently (a dictionary's order); a loop goes round the same
    path, so its positions come round in the same order within a lap or two."""
    return hashlib.blake2b(pickle.dumps(game.state, protocol=5), digest_size=16).hexdigest()


def _least_tried(game: Any, decision: Decision, candidates: list[tuple[str, ...]],
                 tried: Counter[tuple[str, ...]]) -> tuple[str, ...]:
    """The seat's own answer (``candidates[0]``) if none was tried less often here; else, of
    those tried least often, the one that ends the seat's turn, phase or window ("end" or
    "pass", which every rule system uses for that: ``ENDING``), else the one that goes on
    furthest (:func:`_onward`; the guard plays each on in a copy of the whole game), the first
    of equals."""
    fewest = min(tried[a] for a in candidates)
    if tried[candidates[0]] == fewest:
        return candidates[0]
    least = list(dict.fromkeys(a for a in candidates if tried[a] == fewest))
    ending = next((a for a in least if len(a) == 1 and a[0] in ENDING), None)
    if ending is not None:
        return ending
    return max(least, key=lambda answer: _onward(game, decision, answer))  # (max keeps the first of equals)


def _onward(game: Any, decision: Decision, answer: tuple[str, ...]) -> int:
    """How far ``answer`` takes the game on from a loop, for a question with no answer that
    ends it: 3: the game ends or another seat is asked; 2: this seat is asked another kind of
    question, not a step aside from which it comes "back"; 1: anything else; 0: not an answer
    here after all."""
    after = game.clone()
    try:
        after.choose(decision.seat, answer)
    except IllegalChoice:
        return 0
    following = after.pending()
    if following is None or following.seat != decision.seat:
        return 3
    if following.kind != decision.kind and "back" not in following.option_ids:
        return 2
    return 1


def _candidates(decision: Decision, picked: tuple[str, ...], key: str, visits: int) -> list[tuple[str, ...]]:
    """The answers the guard weighs: the seat's own first, then every single pick in the
    question's order, or for a question of several picks a few drawn from a generator seeded
    by the position and the visit (so the same game gives the same answers)."""
    answers = [picked]
    if decision.min_choices <= 1 <= decision.max_choices:
        answers += [(option_id,) for option_id in decision.option_ids]
    if decision.max_choices > 1:
        rng = Rng.seeded(int(key[:15], 16), visits)
        answers += [random_choice(decision, rng) for _ in range(_MULTI_PICK_CANDIDATES)]
    return answers
