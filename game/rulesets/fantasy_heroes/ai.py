"""The normal-level Fantasy Heroes player (checklist section 6), deciding from its view only.

It never sees the state: it gets ``view_for(seat)`` and the Decision. Battle arithmetic
comes from the same ``effects`` functions the rules use, applied to hypothetical copies
of the (public) battle table, so the AI's sums are the rules' sums.

Each effect verb's base worth (used when a card's effect cannot be read off the totals:
random discards, draws, steals) is the vocabulary's (``VERBS.worth``); a test checks every
verb of the vocabulary has one.
"""

from __future__ import annotations

import copy
from typing import Callable

from game.core import registry
from game.core.decision import Decision
from game.core.rng import Rng
from game.core.serial import from_data
from game.rulesets.fantasy_heroes.battle import why_not
from game.rulesets.fantasy_heroes.content import HAND_LIMIT, CardDef, Content
from game.rulesets.fantasy_heroes.effects import (
    charge_sources,
    opposing,
    side_total,
    spell_level,
)
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, Battle, Side
from game.rulesets.fantasy_heroes.view import DERIVED
from game.rulesets.fantasy_heroes.view_types import FHView, own_hand, own_seat
from game.rulesets.fantasy_heroes.vocabulary import VERBS

SYSTEM_ID = "fantasy-heroes"


def content() -> Content:
    """The card data of the registered Fantasy Heroes rule system (its own instance's, so a
    system built with other content has the AI reading that one)."""
    found: Content = getattr(registry.get(SYSTEM_ID), "content")
    return found

# Value (in BV points) of what a verb does beyond the totals; verbs that act on the
# totals are valued by recomputing the totals and have 0 here.

INSTANT_KEEP = {"wall-of-fire": 4, "fly": 3, "fortune": 3, "scrye": 1}


# -- reading the view -------------------------------------------------------------------------


def card(card_id: str) -> CardDef:
    return content().card(card_id)


def battle_of(view: FHView) -> Battle:
    battle_view = view["battle"]
    assert battle_view is not None, "the AI reads a battle only while one is fought"
    data = {k: v for k, v in battle_view.items() if k not in DERIVED}
    battle: Battle = from_data(Battle, data)
    return battle


def my_side(view: FHView, battle: Battle) -> int:
    return ATTACKER if battle.attacker == own_seat(view) else DEFENDER


def diff(battle: Battle, side_index: int) -> int:
    """Own total minus the other side's total."""
    mine = side_total(content(), battle, side_index).value
    theirs = side_total(content(), battle, opposing(side_index)).value
    return mine - theirs


def winning(battle: Battle, side_index: int) -> bool:
    d = diff(battle, side_index)
    return d > 0 if side_index == ATTACKER else d >= 0


def hand_count(view: FHView, seat: int) -> int:
    return int(view["players"][seat]["hand_count"])


def territory_count(view: FHView, seat: int) -> int:
    return len(view["players"][seat]["territories"])


def territory_type(territory: str) -> str:
    return content().territory_type(territory)


def owner_of(view: FHView, territory: str) -> int:
    return int(next(p["seat"] for p in view["players"] if territory in p["territories"]))


# -- card values ----------------------------------------------------------------------------


def keep_value(card_id: str, hand: list[str], own_types: set[str]) -> float:
    """How much a card is worth keeping in hand (section 6, discard heuristic)."""
    c = card(card_id)
    if c.type == "hero":
        heroes = [h for h in hand if card(h).type == "hero"]
        return c.av + c.dv / 2 + 2 * c.spell_level + (3 if len(heroes) <= 2 else 0)
    if c.type == "minion":
        hero_types = {card(h).territory for h in hand if card(h).type == "hero"}
        return c.bv + (1 if c.territory in hero_types or c.territory in own_types else 0)
    if c.is_instant:
        return INSTANT_KEEP.get(card_id, 1)
    base = c.bv + (3 if c.bv_is_x else 0)
    return base + (2 if c.effects else 0)


def own_types(view: FHView) -> set[str]:
    return {territory_type(t) for t in view["players"][own_seat(view)]["territories"]}


def unseen_cards(view: FHView) -> list[str]:
    known = set(own_hand(view)) | set(view["discard"])
    if view["battle"]:
        b = battle_of(view)
        known |= {c for side in b.sides for c in side.cards()}
    return [c for c in content().cards if c not in known]


def defense_value(card_id: str, battle_type: str) -> float:
    c = card(card_id)
    if c.type == "hero":
        return c.dv
    if c.type == "minion":
        if c.territory != battle_type:
            return 0
        bonus = 1 if any(e.verb == "minion_bonus" and e.get("side") == "defender"
                         and e.get("battle_territory") in (None, battle_type) for e in c.effects) else 0
        return c.bv + bonus
    if c.is_battle_spell or c.type == "artifact":
        return (c.bv + (2 if c.bv_is_x else 0)) / 2
    return 0


def expected_defense(view: FHView, battle_type: str, defender: int) -> float:
    """E_def(τ, h) of section 6, from the cards this seat has not seen."""
    unseen = unseen_cards(view)
    if not unseen:
        return 0.0
    mean = sum(defense_value(c, battle_type) for c in unseen) / len(unseen)
    return min(hand_count(view, defender), 5) * mean * 0.6


def revealed_hand(view: FHView, seat: int) -> list[str] | None:
    """``seat``'s whole hand, if this seat's Scrye shows it now (FH-131), else None."""
    for reveal in view["reveals"]:
        if reveal["of"] == seat:
            return list(reveal["cards"])
    return None


# -- hypothetical battles ---------------------------------------------------------------------


def place(battle: Battle, side_index: int, card_id: str, hand: list[str]) -> tuple[Battle, float]:
    """A copy of ``battle`` after ``side_index`` plays ``card_id``, and the value of effects
    the totals do not show. Targeted effects pick their best target."""
    b = copy.deepcopy(battle)
    side = b.sides[side_index]
    foe = b.sides[opposing(side_index)]
    c = card(card_id)
    extra = 0.0
    if c.type == "hero":
        side.hero = card_id
    elif c.type == "minion":
        if why_not(content(), b, side_index, card_id) is None and not _matches(b, side_index, c):
            side.sorcerer_allowance_used = True
        side.minions.append(card_id)
    elif c.type == "artifact":
        side.artifact = card_id
        side.artifact_played = True
    else:
        side.spells.append(card_id)
        side.spells_cast += 1
    for effect in c.effects:
        extra += VERBS.worth(effect.verb)
        if effect.verb == "destroy_opposing_minion":
            targets = [m for m in foe.minions
                       if not effect.has("printed_bv") or card(m).bv == effect.get("printed_bv")]
            b = _best_of(b, side_index, targets, lambda bb, m: bb.sides[opposing(side_index)].minions.remove(m))
        elif effect.verb == "take_minion" and effect.get("timing") == "on_play":
            b = _best_of(b, side_index, list(foe.minions), lambda bb, m: _move(bb, side_index, m))
        elif effect.verb == "destroy_opposing_artifact":
            b.sides[opposing(side_index)].artifact = None
        elif effect.verb == "destroy_all_minions":
            b.sides[0].minions.clear()
            b.sides[1].minions.clear()
        elif effect.verb == "summon":
            minions = [m for m in hand if card(m).type == "minion" and m != card_id]
            if minions:
                best = max(minions, key=lambda m: card(m).bv)
                b.sides[side_index].minions.append(best)
    return b, extra


def _matches(b: Battle, side_index: int, c: CardDef) -> bool:
    from game.rulesets.fantasy_heroes.battle import minion_matches

    return minion_matches(content(), b, side_index, c.territory)


def _move(b: Battle, side_index: int, minion: str) -> None:
    b.sides[opposing(side_index)].minions.remove(minion)
    b.sides[side_index].minions.append(minion)


def _best_of(b: Battle, side_index: int, targets: list[str],
             act: Callable[[Battle, str], None]) -> Battle:
    best, best_diff = b, None
    for m in targets:
        trial = copy.deepcopy(b)
        act(trial, m)
        d = diff(trial, side_index)
        if best_diff is None or d > best_diff:
            best, best_diff = trial, d
    return best


def best_target(battle: Battle, side_index: int, targets: list[str], take: bool) -> str:
    def score(m: str) -> int:
        trial = copy.deepcopy(battle)
        if take:
            _move(trial, side_index, m)
        else:
            for s in trial.sides:
                if m in s.minions:
                    s.minions.remove(m)
        return diff(trial, side_index)

    return max(targets, key=score)


def plan_attack(hand: list[str], hero: str, battle_type: str) -> int:
    """The best attack total reachable with ``hero`` and this hand (A_max of section 6), greedily."""
    b = Battle(0, 1, "plan", battle_type, [Side(0), Side(1)])
    b.sides[ATTACKER].hero = hero
    rest = [c for c in hand if c != hero]
    for c in sorted(rest, key=lambda x: -card(x).bv):
        kind = card(c).type
        if kind in ("minion", "artifact") and why_not(content(), b, ATTACKER, c) is None:
            b, _ = place(b, ATTACKER, c, rest)
    spells = [c for c in rest if card(c).is_battle_spell]
    while spells and b.sides[ATTACKER].spells_cast < spell_level(content(), b, ATTACKER):
        options = [(side_total(content(), place(b, ATTACKER, s, rest)[0], ATTACKER).value, s) for s in spells]
        _, best = max(options)
        b, _ = place(b, ATTACKER, best, rest)
        spells.remove(best)
    return side_total(content(), b, ATTACKER).value


def plan_defense(hand: list[str], battle_type: str) -> int:
    """The best defense total a known hand can reach at ``battle_type``, with its best hero or
    none, greedily (the defender's A_max)."""
    best = 0
    heroes = [c for c in hand if card(c).type == "hero"]
    for hero in [None] + heroes:
        b = Battle(0, 1, "plan", battle_type, [Side(0), Side(1)])
        b.sides[DEFENDER].hero = hero
        rest = [c for c in hand if c != hero and card(c).type != "hero"]
        for c in sorted(rest, key=lambda x: -card(x).bv):
            if card(c).type in ("minion", "artifact") and why_not(content(), b, DEFENDER, c) is None:
                b, _ = place(b, DEFENDER, c, rest)
        spells = [c for c in rest if card(c).is_battle_spell]
        while spells and why_not(content(), b, DEFENDER, spells[0]) is None:
            options = [(side_total(content(), place(b, DEFENDER, x, rest)[0], DEFENDER).value, x) for x in spells]
            _, pick = max(options)
            b, _ = place(b, DEFENDER, pick, rest)
            spells.remove(pick)
        best = max(best, side_total(content(), b, DEFENDER).value)
    return best


def top_up(battle: Battle, side_index: int, hand: list[str]) -> int:
    """How much ``side_index`` could still add to its lead with a known hand, greedily."""
    b = battle
    start = diff(b, side_index)
    rest = [c for c in hand if not card(c).is_instant]
    while True:
        gains = []
        for c in rest:
            if why_not(content(), b, side_index, c) is None:
                after, _ = place(b, side_index, c, rest)
                gains.append((diff(after, side_index) - diff(b, side_index), c))
        gains = [g for g in gains if g[0] > 0]
        if not gains:
            return diff(b, side_index) - start
        _, c = max(gains)
        b, _ = place(b, side_index, c, rest)
        rest.remove(c)


# -- decisions -------------------------------------------------------------------------------


def choose(view: FHView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    handler = _HANDLERS.get(decision.kind)
    ids = decision.option_ids
    if decision.forced_pass:
        return ("pass",)  # asked though it holds nothing that answers (a fair question)
    if handler is None:
        return (ids[0],)
    picked = handler(view, decision)
    return picked if picked else (ids[-1],)


def _discard(view: FHView, decision: Decision) -> tuple[str, ...]:
    hand = own_hand(view)
    types = own_types(view)
    ranked = sorted(decision.options, key=lambda o: keep_value(o.id.split(":", 1)[1], hand, types))
    return tuple(o.id for o in ranked[:decision.min_choices])


def _instant(view: FHView, decision: Decision) -> tuple[str, ...]:
    ids = decision.option_ids
    me = own_seat(view)
    active = view["active"]
    if "play:wall-of-fire" in ids:
        leader = max(territory_count(view, p["seat"]) for p in view["players"] if not p["eliminated"])
        if hand_count(view, active) >= 4 and (territory_count(view, me) <= 2
                                              or territory_count(view, active) == leader):
            return ("play:wall-of-fire",)
    if "play:fortune" in ids:
        hand = own_hand(view)
        no_hero = not any(card(c).type == "hero" for c in hand)
        if active == me and view["phase"] == "attack" and view["battle"] is None and (len(hand) <= 5 or no_hero):
            return ("play:fortune",)
        if view["battle"] and me in (view["battle"]["attacker"], view["battle"]["defender"]) and len(hand) <= 2:
            return ("play:fortune",)
    return ("pass",)


def _targets(view: FHView) -> list[str]:
    me = own_seat(view)
    out = []
    for p in view["players"]:
        if p["seat"] != me and not p["eliminated"] and p["seat"] not in view["walls"]:
            out.extend(p["territories"])
    return out


def _best_attack(view: FHView, targets: list[str]) -> tuple[float, str, str] | None:
    hand = own_hand(view)
    heroes = [c for c in hand if card(c).type == "hero"]
    best: tuple[float, int, str, str] | None = None
    plans: dict[tuple[str, str], int] = {}
    for t in targets:
        owner = owner_of(view, t)
        battle_type = territory_type(t)
        for h in heroes:
            key = (h, battle_type)
            if key not in plans:
                plans[key] = plan_attack(hand, h, battle_type)
            known = revealed_hand(view, owner)
            if known is not None:
                # Scrye showed his hand: attack only what that hand cannot hold (ties go to him).
                margin: float = plans[key] - plan_defense(known, battle_type)
                threshold = 1
            else:
                margin = plans[key] - expected_defense(view, battle_type, owner)
                threshold = 0 if hand_count(view, owner) <= 2 else 2
            # Prefer targets whose owner is closest to elimination.
            rank = (margin - threshold, -territory_count(view, owner), t, h)
            if best is None or rank > best:
                best = rank
    if best is None:
        return None
    return best[0], best[2], best[3]


def _attack(view: FHView, decision: Decision) -> tuple[str, ...]:
    ids = decision.option_ids
    hand = own_hand(view)
    if "play:fortune" in ids and (len(hand) <= 5 or not any(card(c).type == "hero" for c in hand)):
        return ("play:fortune",)
    targets = [i.split(":", 1)[1] for i in ids if i.startswith("attack:")]
    if targets:
        best = _best_attack(view, targets)
        seen = any(revealed_hand(view, owner_of(view, t)) is not None for t in targets)
        if "play:scrye" in ids and not seen and (best is None or best[0] < 3):
            # Section 6: when the attack is in doubt, look at the defender's hand before choosing
            # a target; a sure attack keeps Scrye for the battle.
            return ("play:scrye",)
        if best is not None and best[0] >= 0:
            return (f"attack:{best[1]}",)
        return ("pass",)
    if "play:fly" in ids:
        best = _best_attack(view, _targets(view))
        if best is not None and best[0] >= 0:
            return ("play:fly",)
    return ("pass",)


def _hero(view: FHView, decision: Decision) -> tuple[str, ...]:
    battle = view["battle"]
    assert battle is not None, "a hero is chosen for a battle"
    battle_type = battle["battle_type"]
    hand = own_hand(view)
    heroes = [o.id.split(":", 1)[1] for o in decision.options]
    return (f"play:{max(heroes, key=lambda h: (plan_attack(hand, h, battle_type), h))}",)


def _window(view: FHView, decision: Decision) -> tuple[str, ...]:
    battle = battle_of(view)
    s = my_side(view, battle)
    hand = own_hand(view)
    types = own_types(view)
    ids = decision.option_ids
    now = diff(battle, s)
    foe_seat = battle.sides[opposing(s)].seat
    # Negation in my own window: worth it if it swings the totals enough.
    for option_id in ids:
        if option_id.startswith("negate:"):
            spell = option_id.split(":")[1]
            trial = copy.deepcopy(battle)
            trial.negated.append(spell)
            if diff(trial, s) - now >= 3 or (winning(trial, s) and not winning(battle, s)):
                return (option_id,)
    if "play:fortune" in ids and len(hand) <= 2:
        return ("play:fortune",)
    # How far ahead do I want to be? The defender gets the last word; a cushion for the attacker.
    foe_cards = hand_count(view, foe_seat)
    foe_hand = revealed_hand(view, foe_seat)
    if s == ATTACKER:
        cushion = 1 + (2 if foe_cards >= 3 and battle.window_number <= 2 else 0)
        want = cushion
        if foe_hand is not None:
            want = min(cushion, 1 + top_up(battle, opposing(s), foe_hand))  # what he could still add
    else:
        want = 1 if foe_cards > 0 else 0
        if foe_hand is not None and top_up(battle, opposing(s), foe_hand) == 0:
            want = 0  # Scrye showed nothing he could add: holding the tie is enough
    reward = 2 if s == ATTACKER else 3
    for option_id in ids:
        if option_id.startswith("pay:") and len(hand) + reward > HAND_LIMIT:
            return (option_id,)  # a win's reward would push the hand past 7: the card goes anyway
    if now >= want:
        return ("pass",)
    if "play:scrye" in ids and foe_cards > 0 and foe_hand is None:
        return ("play:scrye",)  # before committing cards, see what the other side could still add
    for option_id in ids:
        if option_id.startswith("pay:"):
            trial = copy.deepcopy(battle)
            trial.goblins_paid.append(option_id.split(":", 1)[1])
            if (winning(trial, s) and not winning(battle, s)) or len(hand) > HAND_LIMIT:
                return (option_id,)
    plays = []
    for option_id in ids:
        if not option_id.startswith("play:"):
            continue
        c = option_id.split(":", 1)[1]
        if card(c).is_instant:
            continue
        after, extra = place(battle, s, c, hand)
        gain = diff(after, s) - now + extra
        if card(c).type == "hero" and s == DEFENDER:
            gain += 0.5  # a hero opens artifacts, spells and more minions to the defender
        plays.append((gain, c))
    useful = [(g, c) for g, c in plays if g > 0]
    # Nothing in hand saves this battle: Fortune may draw something that does; else give up a
    # lost cause instead of throwing cards after it.
    if not useful or now + sum(g for g, _ in useful) < (1 if s == ATTACKER else 0):
        return ("play:fortune",) if "play:fortune" in ids else ("pass",)
    closing = [(keep_value(c, hand, types), c) for g, c in useful if now + g >= want]
    pick = min(closing)[1] if closing else max(useful)[1]
    if card(pick).is_battle_spell and charge_sources(content(), battle, opposing(s)):
        # He holds a negation: cast a Scrye or Fortune first, which he may spend it on (FH-055).
        bait = [i for i in ids if i in ("play:scrye", "play:fortune")]
        if bait:
            return (bait[0],)
    return (f"play:{pick}",)


def _negate(view: FHView, decision: Decision) -> tuple[str, ...]:
    battle = battle_of(view)
    s = my_side(view, battle)
    option = next(o for o in decision.options if o.id.startswith("negate:"))
    spell = option.id.split(":")[1]
    foe = opposing(s)
    resolved, extra = place(_without(battle, foe, spell), foe, spell, [])
    negated = copy.deepcopy(battle)
    negated.negated.append(spell)
    value = diff(negated, s) - diff(resolved, s) + extra
    flips = winning(negated, s) and not winning(resolved, s)
    if value >= 3 or flips:
        return (option.id,)
    return ("pass",)


def _negate_instant(view: FHView, decision: Decision) -> tuple[str, ...]:
    """A Scrye or Fortune of the other side in this battle (FH-055): a Fortune (three cards for
    him mid-battle) is always worth the charge; a Scrye only when he can cast no more battle
    spells, so the charge has nothing better left to do."""
    battle = battle_of(view)
    foe = opposing(my_side(view, battle))
    option = next(o for o in decision.options if o.id.startswith("negate:"))
    foe_side = battle.sides[foe]
    more_spells = foe_side.hero is not None and foe_side.spells_cast < spell_level(content(), battle, foe)
    if card(option.id.split(":")[1]).verb("draw") is not None or not more_spells:
        return (option.id,)
    return ("pass",)


def _without(battle: Battle, side_index: int, spell: str) -> Battle:
    b = copy.deepcopy(battle)
    b.sides[side_index].spells.remove(spell)
    b.sides[side_index].spells_cast -= 1
    return b


def _target(view: FHView, decision: Decision) -> tuple[str, ...]:
    battle = battle_of(view)
    s = my_side(view, battle)
    targets = [o.id.split(":", 1)[1] for o in decision.options if o.id.startswith("target:")]
    take = decision.kind == "enchant" or "take control" in decision.prompt
    best = best_target(battle, s, targets, take)
    if decision.kind == "enchant":
        trial = copy.deepcopy(battle)
        _move(trial, s, best)
        if diff(trial, s) <= diff(battle, s):
            return ("pass",)
    return (f"target:{best}",)


def _summon(view: FHView, decision: Decision) -> tuple[str, ...]:
    minions = [o.id for o in decision.options if o.id.startswith("play:")]
    return (max(minions, key=lambda i: card(i.split(":", 1)[1]).bv),)


def _goblins(view: FHView, decision: Decision) -> tuple[str, ...]:
    return _discard(view, decision)


def _scrye_target(view: FHView, decision: Decision) -> tuple[str, ...]:
    """The owner of the best territory to attack (section 6), else the territory leader."""
    if view["active"] == own_seat(view) and view["battle"] is None:
        best = _best_attack(view, _targets(view))
        if best is not None and f"seat:{owner_of(view, best[1])}" in decision.option_ids:
            return (f"seat:{owner_of(view, best[1])}",)
    return (max(decision.option_ids, key=lambda i: territory_count(view, int(i.split(":")[1]))),)


_HANDLERS: dict[str, Callable[[FHView, Decision], tuple[str, ...]]] = {
    "discard": _discard,
    "instant": _instant,
    "attack": _attack,
    "hero": _hero,
    "window": _window,
    "negate": _negate,
    "negate_instant": _negate_instant,
    "target": _target,
    "enchant": _target,
    "summon": _summon,
    "goblins": _goblins,
    "scrye_target": _scrye_target,
}


# -- a position estimate (the search hook ``evaluate``) ------------------------------------------


def position_value(view: FHView) -> float:
    """How well the viewing seat stands, from 0 to 1, from its view only: its share of the
    living players' strength, where strength is territories held (a battle in progress counted
    as won by the side now ahead, half a territory either way) weighted up a little by hand
    size, and for the seat itself by the heroes it holds (without one it cannot attack)."""
    me = own_seat(view)
    if view["players"][me]["eliminated"]:
        return 0.0
    held = {p["seat"]: float(territory_count(view, p["seat"])) for p in view["players"] if not p["eliminated"]}
    if view["battle"] is not None:
        battle = battle_of(view)
        ahead = battle.attacker if winning(battle, ATTACKER) else battle.defender
        behind = battle.defender if ahead == battle.attacker else battle.attacker
        if ahead in held and behind in held:
            held[ahead] += 0.5
            held[behind] -= 0.5
    strength = {}
    for seat, territories in held.items():
        weight = 1 + 0.04 * min(hand_count(view, seat), HAND_LIMIT)
        if seat == me:
            heroes = sum(1 for c in own_hand(view) if card(c).type == "hero")
            weight += 0.05 * min(heroes, 2)
        strength[seat] = max(territories, 0.0) * weight
    total = sum(strength.values())
    return strength[me] / total if total > 0 else 0.0
