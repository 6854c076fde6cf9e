"""The Fantasy Adventures AI as the monster player (checklist section 6).

- **mulligan** (D-04): always (see :func:`mulligan`; not the checklist's advice, which loses).
- **place** (D-05, D-06): every opponent attacked, the GP leader first; each stack the best
  monsters within the Melee limit (a knapsack on their threat), traps on top where they can
  hurt (the most damaging revealed first, item-loss traps only against owned items), anytime
  cards kept in hand, no items or spells as bluffs. The AI keeps no memory: each answer plans
  again from the hand and the stack built so far, and the plan only grows the stack.
- **encounter_order** (D-07): the strongest stack against the weakest front first.
- **duel** (D-11), **assign** (D-12), **meleeing** (D-13), **melee_order** (D-12),
  **retreat_item** / **lose_item** (D-10).
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import party, traits
from game.rulesets.fantasy_adventures.ai_tools import (
    Table,
    content,
    hero_card,
    hordes,
    kind,
    melee_odds,
    monster_card,
    monster_threat,
    strongest,
    table,
)
from game.rulesets.fantasy_adventures.content import Item
from game.rulesets.fantasy_adventures.totals import melee_win_chance
from game.rulesets.fantasy_adventures.view_types import FAView

Choice = tuple[str, ...]


def _after(option: str) -> str:
    return option.partition(":")[2]


def mulligan(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-04: always discard the hand and draw 12 fresh cards. The hand kept is what the last
    placements left (the monsters that did not fit, the anytime cards, items and spells), and
    12 new cards build stronger stacks than those with a few more drawn. The checklist advises
    a mulligan only for a hand of at most one monster and one spell or item (the hand being the
    player's defence too); measured against that rule in 2-player games, a player who always
    discards won 70% on 700 deals it had not been chosen on (each deal played from both seats),
    and 47% of 3-player games (a third is even); keeping a hand with an anytime card, or one of
    six or more monsters, won less (59%, 61%)."""
    return ("mulligan",)


# -- placement (D-05, D-06) ----------------------------------------------------------------------------

def keeps_in_hand(card: str) -> bool:
    """Anytime monsters work from the hand (FA-157): a join card, a Melee boost (D-05)."""
    return any(a.get("timing") == "anytime" for a in content().card(card).all_abilities())


def trap_damage(t: Table, trap: str, target: int) -> float:
    """How much a trap is likely to hurt ``target``'s party (D-06); 0 when it could do nothing."""
    player = t.player(target)
    front = party.front_rank(player)
    owned = [item for h in front for i in player.items.get(h, []) if isinstance(item := content().card(i), Item)]
    damage = 0.0
    for ability in content().card(trap).abilities:
        verb = ability.verb
        if verb == "defeat":
            damage += 3.0 if ability.get("target") != "front_rank" else 0.7 * len(front)
        elif verb == "fear":
            damage += 1.5
        elif verb == "summon_monster":
            damage += 2.0
        elif verb == "opponent_penalty":
            damage += 1.5
        elif verb == "lose_item":
            group = ability.get("group")
            damage += 1.0 if any(group is None or group in i.item_groups for i in owned) else 0.0
    return damage


def _knapsack(monsters: list[str], room: int) -> list[str]:
    """The monsters of the highest threat whose Melee fits in ``room`` (FA-053); a Horde gets a
    little extra for each monster (D-05)."""
    best: list[tuple[float, list[str]]] = [(0.0, [])] * (room + 1)
    for card in monsters:
        weight = monster_card(card).melee
        value = monster_threat(card) + 0.5
        for capacity in range(room, weight - 1, -1):
            candidate = best[capacity - weight][0] + value
            if candidate > best[capacity][0]:
                best[capacity] = (candidate, best[capacity - weight][1] + [card])
    return best[room][1]


def stack_plan(t: Table, target: int, stack: list[str], targets_after: int) -> list[str]:
    """The cards still to add to the stack on ``target``, traps first (they are revealed first,
    FA-055): traps that can hurt, the last target getting what is left; then the monsters."""
    hand = t.mine.hand
    limit = t.view["stack_limit"]
    in_stack = [monster_card(c) for c in stack if kind(c) == "monster"]
    wandering = any(m.wandering_only for m in in_stack)
    have_traps = sum(1 for c in stack if kind(c) == "trap")
    traps = sorted((c for c in hand if kind(c) == "trap" and trap_damage(t, c, target) > 0),
                   key=lambda c: (-trap_damage(t, c, target), c))
    # ``traps`` are those still in hand: the last target gets all of them, whatever is placed
    # already; an earlier one a trap in all. (Counting the placed traps against the last target's
    # share too once left half of a 2-player hand's traps unplaced.)
    room_for_traps = len(traps) if targets_after == 0 else 1 - have_traps
    add = [] if wandering else traps[:max(0, room_for_traps)]
    lair = have_traps > 0 or bool(add)
    candidates = []
    for card in hand:
        if kind(card) != "monster" or keeps_in_hand(card):
            continue
        info = monster_card(card)
        if (info.lair_only and not lair) or (info.wandering_only and lair):
            continue
        candidates.append(card)
    room = limit - sum(m.melee for m in in_stack)
    return add + _knapsack(sorted(candidates), max(0, room))


def place(view: FAView, decision: Decision, rng: Rng) -> Choice:
    t = table(view)
    stacks = t.state.stacks
    building = [int(s) for s in stacks if int(s) not in view["order"]]
    waiting = [s for s in t.state.remaining() if s != t.me and str(s) not in stacks]
    if not building:
        for target in sorted(waiting, key=lambda s: (-t.score(s), s)):  # the leader first (D-05)
            option = f"attack:{target}"
            if option in decision.option_ids and stack_plan(t, target, [], len(waiting) - 1):
                return (option,)
        return ("end",)
    target = building[0]
    for card in stack_plan(t, target, stacks[str(target)], len(waiting)):
        option = f"add:{card}"
        if option in decision.option_ids:
            return (option,)
    return ("end",)


def encounter_order(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-07: the strongest stack against the weakest front rank first."""
    t = table(view)

    def threat(option: str) -> float:
        target = int(_after(option))
        stack = t.state.stacks.get(str(target), [])
        attack = sum(monster_threat(c) for c in stack if kind(c) == "monster") + len(stack)
        front = party.front_rank(t.player(target))
        defence = sum(hero_card(h).melee for h in front) / max(1, len(front))
        return attack - defence

    return (max(decision.option_ids, key=lambda o: (threat(o), o)),)


# -- the Encounter (D-10 to D-13) ----------------------------------------------------------------------

def duel(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-11: duel when the monster wins at least 45% (an undead one: wins or ties at least half),
    the richest weak target first."""
    t = table(view)
    best: tuple[float, str] | None = None
    for option in decision.option_ids:
        if option == "pass":
            continue
        _, monster, hero = option.split(":")
        mine = traits.duel_total(t.ctx, monster, hero).value
        theirs = traits.duel_total(t.ctx, hero, monster).value
        undead = traits.undead(t.ctx, monster)
        lose, tie, win = melee_win_chance(theirs, mine, False)
        if not traits.can_defeat(t.ctx, monster, hero):
            win = 0.0
        if win >= 0.45 or (undead and win + tie >= 0.5):
            value = (win + (tie if undead else 0.0)) * t.worth(hero)
            if best is None or (value, option) > best:
                best = (value, option)
    return (best[1],) if best is not None else ("pass",)


def assign(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-12: the hero whose chance of defeat, times its worth, grows most with this monster."""
    t = table(view)
    card = decision.option_ids[0].split(":")[1]
    monster = t.ctx.monster(card)
    assert monster is not None
    monster.hero = ""
    attacked = hordes(t)
    best: tuple[float, float, str] | None = None
    for option in decision.option_ids:
        hero = option.split(":")[2]
        horde = attacked.get(hero, [])
        before = melee_odds(t, hero, horde)[2] if horde else 0.0
        after = melee_odds(t, hero, horde + [monster])[2]
        key = ((after - before) * t.worth(hero), t.worth(hero), option)
        if best is None or key > best:
            best = key
    assert best is not None
    return (best[2],)


def meleeing(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-13: the monster of the Horde with the highest total against its hero."""
    t = table(view)
    horde = [m for m in (t.ctx.monster(_after(o)) for o in decision.option_ids) if m is not None]
    return (f"melee:{strongest(t, horde[0].hero, horde).card}",)


def melee_order(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-12: the melee most likely to defeat a rich hero first."""
    t = table(view)
    attacked = hordes(t)

    def danger(option: str) -> float:
        hero = _after(option)
        return melee_odds(t, hero, attacked.get(hero, []))[2] * t.worth(hero)

    return (max(decision.option_ids, key=lambda o: (danger(o), o)),)


def item_worth(item: str) -> float:
    """An item's GP and what it does in a fight (D-10)."""
    info = content().card(item)
    assert isinstance(info, Item)
    return info.gp + 60 * len(info.abilities)


def discard_item(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-10 (retreat_item) and the trap's lost item: the most valuable one."""
    return (max(decision.option_ids, key=lambda o: (item_worth(_after(o)), o)),)
