"""Small pieces every part of the normal Dungeon Delve AI shares.

The content and its rules data of the registered system (``content()``, ``data()``: the
game's own, and the AI's caches are cleared when it changes); the section 6
weights the scores use; square helpers (``sq`` from a view's list, ``sq_id`` and
``parse_sq`` to and from an option's "x,y", ``cheb`` for the king's-move distance,
``base_id`` for a card instance); and :class:`Plan`, one scored way to finish a hero's
turn or a monster's activation, with :func:`first_step`, the answer that starts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from game.core import registry
from game.rulesets.dungeon_delve.content import DDContent
from game.rulesets.dungeon_delve.rulesdata import Data, Weapon

SYSTEM_ID = "dungeon-delve"
_DATA = registry.Follow(SYSTEM_ID, "data")
CLEARERS = _DATA.clearers
"""What clears the AI's caches of content-derived figures (its lru_caches and memos)."""


def data() -> Data:
    """The rules data of the registered Dungeon Delve system (its own instance's, so a system
    built with other content has the AI reading that one); a change clears the AI's caches."""
    found: Data = _DATA()
    return found


def content() -> DDContent:
    """The content of :func:`data`."""
    return data().content

Square = tuple[int, int]


# ---- weights (section 6) ------------------------------------------------------------------

KILL_WEIGHT = 3.0  # 3 x kill chance x monster value
DANGER_WEIGHT = 1.2  # per point of expected damage taken in the overlord turn
OBJECTIVE_WEIGHT = 0.3  # per step of distance to the objective (grows with the rounds)
REVIVE_VALUE = 6.0  # a knocked-out ally's whole next turn instead of his Stand Up
WIN_VALUE = 25.0  # the Warden's defeat wins the game at once
FATIGUE_MP_COST = 0.45
SKILL_FATIGUE_COST = 0.35
KO_VALUE = 4.0  # overlord: 4 x knock-out chance (a knock-out draws a card)

MONSTER_VALUE = {"minion": 1.0, "master": 2.0, "boss": 5.0}


@dataclass(frozen=True)
class WardenTactics:
    """How the overlord keeps the Bone Warden alive, the one figure whose death loses his
    game (DD-137), while the round limit wins it for him (DD-138)."""

    exposure_weight: float = 1.2
    """Per point of damage the heroes could deal the Warden on their next turn where he stands."""
    keep_away: float = 0.0
    """Per step (by the heroes' own paths) between the Warden and the nearest standing hero."""
    door_as_open: bool = False
    """The Warden weighs his squares as if the Vault door were open while it is closed: the
    heroes open it on their turn and may strike on the same turn, before he can move."""
    cards_for_the_charge: bool = False
    """Snare Wire and Creeping Dread are kept until the door is open. Then they stop the hero
    who charges the Warden: Snare Wire Immobilizes him as he walks in (DD-135: his MP are
    lost), and Creeping Dread's 2 fatigue is played on a hero with 2 Stamina still to
    spend, the free MP that would carry him to the Warden and leave him both actions."""


NORMAL_WARDEN = WardenTactics()
"""Section 6's Warden: he stands his ground out of the heroes' easy reach."""

HARD_WARDEN = WardenTactics(exposure_weight=2.4, keep_away=4.0, door_as_open=True, cards_for_the_charge=True)
"""The hard overlord's Warden plays for the clock: he keeps out of the heroes' reach and
walks away from them, where the heroes must spend rounds to corner him, and the cards that
stop a hero's charge are kept for the charge. Against normal heroes on 900 deals (Brakka and
Elowen) this overlord won 71% of the games where section 6's won 44% (game/ai/EXPERIMENTS.md)."""


# ---- small helpers --------------------------------------------------------------------------


def sq(value: Iterable[int]) -> Square:
    x, y = value
    return int(x), int(y)


def sq_id(square: Square) -> str:
    return f"{square[0]},{square[1]}"


def parse_sq(text: str) -> Square:
    x, _, y = text.partition(",")
    return int(x), int(y)


def base_id(instance: str) -> str:
    return instance.partition("#")[0]


def cheb(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def hand_reach(weapon: Weapon) -> int | None:
    """The farthest a hand weapon strikes (in king's moves), whatever the walls; None for a
    ranged one, whose reach is its line of sight."""
    return None if weapon.ranged else 2 if weapon.reach else 1


def weapon_fits(weapon: Weapon, spec: Any) -> bool:
    """Whether a skill's or feat's attack (``spec``) may be made with ``weapon``."""
    kind = spec.get("attack_type")
    if kind and (kind == "ranged") != weapon.ranged:
        return False
    tag = spec.get("weapon_tag")
    return not tag or tag in weapon.tags


# ---- plans (heroes' turns and monsters' activations) ---------------------------------------


class Plan:
    __slots__ = ("score", "step", "what", "kill", "target", "at", "aim")

    def __init__(self, score: float, step: str, what: str, kill: float = 0.0, target: str = "",
                 at: Square | None = None, aim: Square | None = None) -> None:
        self.score = score
        self.step = step
        self.what = what
        self.kill = kill
        self.target = target
        self.at = at  # where the attack is made from
        self.aim = aim  # the square attacked

    def __repr__(self) -> str:
        return f"Plan({self.score:.2f}, {self.step}, {self.what})"


def first_step(here: Square, q: Square, cost: int, mp: int, k: int, action: str) -> str:
    if q != here:
        if cost > mp:
            return "act:move" if k > 0 else "fatigue"
        return "move:" + sq_id(q)
    return action
