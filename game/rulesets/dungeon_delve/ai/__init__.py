"""The normal-level Dungeon Delve player (checklist section 6), deciding from its view only.

``choose(view, decision, rng)`` answers every decision kind of the rule system for the
seat that owns it: the hero side (``hero_order``, ``equip``, ``action``, ``shield``,
``surge``, ``range_surge``, ``feat``, ``keen_eye``, ``share``, ``place``) and the overlord
(``group_order``, ``monster_order``, ``action``, ``surge``, ``range_surge``,
``overlord_card``, ``place``). An unknown kind gets a safe answer ("pass", "end" or the
first option).

It never sees the state. Everything it uses is public (checklist 7): the view's figures,
doors, activation and attack in progress, the content (dice, sheets, monster cards) and
the quest's board, with the geometry module's adjacency, movement and line of sight. It
never reads ``view["overlord_hand"]`` (None for hero seats): the overlord side only weighs
the cards a decision offers it, so no seat's answer depends on the hidden hand.

How it decides (a simplified form of section 6):

* **Odds** are exact over the dice faces (floats, cached) and include the surge abilities
  the attacker would spend once the defense dice are known (range first, then the
  hearts/pierce that give the most damage).
* **A turn** (hero) or **activation** (monster) is planned afresh at every "what now?"
  question: every reachable end square (with the MP it costs, the Move actions and the
  fatigue it needs) is combined with what can be done there (attack each target with each
  weapon, skill or feat, rest, search, open the door, revive, mend, or nothing), each end
  state is scored, and the first step of the best plan is answered ("act:move",
  "fatigue", "move:x,y", or the action itself). Because it re-plans after every step, a
  Snare Wire or a lucky roll simply changes the next step.
* **Scores** for heroes: expected damage dealt + 3 x kill chance x monster value (minion 1,
  master 2, Warden 5, plus the win) - 1.2 x expected damage taken in the next overlord
  turn (each monster's threat from where it can move and see, shared among the heroes it
  threatens) - a knock-out risk term - 0.3+ per step of distance to the objective (the
  door while it is closed, the Warden once it is open) + rest, search, revive and door
  bonuses. For monsters: expected damage + 4 x knock-out chance - the damage the heroes
  could deal to it next turn (heavily weighted for the Warden, whose death loses the
  game), never ending in lava or a pit, Bone Warriors staying near the Warden.
* **Cards in hand** (:mod:`.items`) have a worth per hero on the same scale: equipment
  by its best loadout, a Healing Draught more to a hurt front-line hero, a Vigor Tonic to
  a hero whose skill costs fatigue. A search is worth the card it should draw (Keen Eye:
  the better of two), less as the rounds run out, and is planned with what the other
  action can still do (an attack from there, or a Move on), only on the hero's way and
  out of heavy danger. After a Move action a hero trades (DD-114) whenever handing a
  card over, or taking one, gains the party more than a small margin.
* **Reviving** is worth a knocked-out ally's whole next turn instead of his Stand Up, so
  a reviver with a better use for the action (a likely kill) leaves him to stand up on
  his own turn; an ally who has already had his turn is worth less up (he would stand
  through the overlord turn), unless the reviver is the last hero standing.

The modules, in the order they build on each other:

* :mod:`.common`: the content, the section 6 weights, square helpers, :class:`Plan`;
* :mod:`.estimates`: dice distributions, attack and kill-chance estimates;
* :mod:`.board`: cached walls, sight, movement and distance maps of the quest's board;
* :mod:`.world`: :class:`World`, the position rebuilt from the view, danger and exposure;
* :mod:`.items`: what equipment and search cards are worth to each hero, searching, trades;
* :mod:`.hero_plan`: the hero's turn planner;
* :mod:`.heroes`: the hero side's decisions (order, action steps, feats, items);
* :mod:`.attack_steps`: shields and surges inside an attack, for both sides;
* :mod:`.overlord`: monster positions, activation plans and the order of activations;
* :mod:`.overlord_cards`: which overlord card to play, if any;
* this package: placing figures, the table of handlers and :func:`choose`.
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.dungeon_delve.ai.attack_steps import range_surge, shield_choice, surge_choice
from game.rulesets.dungeon_delve.ai.common import (HARD_WARDEN, NORMAL_WARDEN, WardenTactics, content, data, cheb,
                                                   parse_sq, sq)
from game.rulesets.dungeon_delve.ai.heroes import (equip, hero_action, hero_order, hero_pos_simple, keen_eye,
                                                   share, start_feat)
from game.rulesets.dungeon_delve.ai.overlord import group_order, monster_action, monster_order, monster_pos
from game.rulesets.dungeon_delve.ai.overlord_cards import overlord_card
from game.rulesets.dungeon_delve.ai.world import ActivationOrNone, World
from game.rulesets.dungeon_delve.view_types import DDView, MonsterView

__all__ = ["choose", "choose_hard"]


def place(w: World, decision: Decision) -> str:
    """Where a standing hero or a reinforcement is placed among the nearest empty spaces."""
    squares = [(parse_sq(o.split(":", 1)[1]), o) for o in decision.option_ids if o.startswith("place:")]
    if not squares:
        return decision.option_ids[0]
    if decision.seat == 0:
        # a Goblin minion arrives: judge the squares as one would for it
        group = data().quest(w.quest).reinforcement
        kind = content().groups[group.group].minion if group is not None else next(iter(content().monsters))
        ghost: MonsterView = {"id": "ghost", "group": "", "kind": kind, "master": False, "square": list(squares[0][0]),
                              "damage": 0, "conditions": [], "activated": False, "name": "ghost", "number": "",
                              "health": content().monsters[kind].health_for(len(w.heroes))}
        w.monster["ghost"] = ghost
        return max(squares, key=lambda x: (monster_pos(w, ghost, x[0]), x[1]))[1]
    knocked = [h for h in w.heroes if h["knocked_out"]] or list(w.heroes)
    hero = min(knocked, key=lambda h: (min(cheb(sq(h["square"]), s) for s, _ in squares), h["id"]))
    return max(squares, key=lambda x: (hero_pos_simple(w, hero["id"], x[0]), x[1]))[1]


# ---- entry point -----------------------------------------------------------------------------


def _hero_action_or_monster(w: World, decision: Decision) -> str:
    act: ActivationOrNone = w.act or {}
    if act.get("figure") in w.monster:
        return monster_action(w, decision)
    return hero_action(w, decision)


HANDLERS = {
    "hero_order": hero_order,
    "equip": equip,
    "action": _hero_action_or_monster,
    "shield": shield_choice,
    "range_surge": range_surge,
    "surge": surge_choice,
    "overlord_card": overlord_card,
    "group_order": group_order,
    "monster_order": monster_order,
    "feat": start_feat,
    "keen_eye": keen_eye,
    "share": share,
    "place": place,
}


def _fallback(decision: Decision) -> tuple[str, ...]:
    ids = decision.option_ids
    for safe in ("pass", "end"):
        if safe in ids:
            return (safe,)
    return tuple(ids[: max(1, decision.min_choices)])


def choose(view: DDView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The normal player's answer, from the seat's view only (deterministic; ``rng`` unused)."""
    return _answer(view, decision, NORMAL_WARDEN)


def choose_hard(view: DDView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The hard player's own answer before its search: the normal player's, but for an
    overlord whose Warden plays for the clock and who keeps Snare Wire and Creeping Dread for
    the heroes' charge at him (``HARD_WARDEN``)."""
    return _answer(view, decision, HARD_WARDEN)


def _answer(view: DDView, decision: Decision, warden: WardenTactics) -> tuple[str, ...]:
    ids = decision.option_ids
    if not ids:
        return ()
    if len(ids) == 1 and decision.min_choices >= 1:
        return (ids[0],)
    handler = HANDLERS.get(decision.kind)
    if handler is None:  # a kind the AI has no heuristic for: a safe answer
        return _fallback(decision)
    data()  # the registered system's data, read first: its caches are cleared if it changed
    # A heuristic that fails, or picks what is not offered, is a bug: it raises (issue 11 item 7).
    picked = handler(World(view, warden), decision)
    if picked not in ids:
        raise AssertionError(f"the AI picked {picked!r}, not an option of {decision.kind}")
    return (picked,)
