"""The action phase (D-03 to D-07): every legal option of the turn question scored as its
own value plus the best use of the actions left (:class:`.plan.Planner`).

Spells, the unique action, give/take and bane removal are scored by what they would do here
and now; travel, rest, banish and gather by the planner alone. Free things that only help
(a healing item, a quest token) are taken first. Only the first step is answered: after each
action the plan is made again, so a failed test or a lucky gather changes the next step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.decision import Decision
from game.rulesets.champions_of_albion.ai.common import (Seen, attack_vs, attr, board, content, defence_vs, dist,
                                                         distances, e_atk, e_def, has_rule, life_fraction, p_kill,
                                                         p_pass, resource)
from game.rulesets.champions_of_albion.ai.misc import bane_cost
from game.rulesets.champions_of_albion.ai.plan import GOLD, KILL, W_BANISH, Planner
from game.rulesets.champions_of_albion.ai.values import best_transfers, gather_score, moved, price_in, worth

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import ChampionView, EnemyView


# ---- option values ------------------------------------------------------------------------------------


def spell_value(seen: Seen, c: ChampionView, rid: str) -> float:
    """D-07: heal the most hurt, banish an adjacent shadow, lift a magical bane, strike an
    adjacent enemy, or lend strength or speed to a champion about to fight."""
    here = seen.at(c["space"])
    near = set(board().neighbours(c["space"]))
    value = 0.0
    for e in resource(rid).effects:
        if e.verb == "heal":
            value += max((_heal_value(o, int(e.get("amount"))) for o in here), default=0.0)
        elif e.verb == "remove_shadow":
            count = sum(1 for s in seen.shadows if s in near)
            value += W_BANISH * min(count, int(e.get("count", 1))) if count else 0.0
        elif e.verb == "remove_bane":
            value += max((bane_cost(b) for o in here for b in o["banes"]
                          if content().banes[b].kind == e.get("kind", content().banes[b].kind)), default=0.0)
        elif e.verb == "ambush":
            pool = [x for x in seen.enemies if x["space"] in near] if e.get("target") == "enemy_adjacent" \
                else seen.enemies_at(c["space"])
            value += max((_ambush_value(c, x) for x in pool), default=0.0)
        elif e.verb == "bonus":
            value += max((_bonus_value(seen, c, o, e.get("attribute"), int(e.get("amount")), rid) for o in here),
                         default=0.0)
    return value


def _heal_value(c: ChampionView, amount: int) -> float:
    """Life restored, worth more to a badly hurt champion."""
    return float(min(amount, c["max_life"] - c["life"])) * (1.6 if life_fraction(c) < 0.5 else 0.9)


def _bonus_value(seen: Seen, caster: ChampionView, c: ChampionView, attribute: str, amount: int,
                 spell: str) -> float:
    """A spell's +strength or +speed on a champion for the rest of the round: worth the gain in
    each combat round it is likely to fight (against the main enemy, several)."""
    if any(s[0] == spell for s in c.get("spells_on", [])):
        return 0.0
    if has_rule(caster, "spell_bonus_plus_one"):
        amount += 1
    if seen.act == 2 and seen.main is not None and dist(c["space"], seen.main["space"]) <= 1:
        foes, rounds = [seen.main], 4.0
    else:
        foes, rounds = seen.enemies_at(c["space"]), 1.5
    if not foes:
        return 0.0
    foe = max(foes, key=lambda e: e["av"])
    if attribute == "strength":
        s = attack_vs(c, foe)
        return rounds * (e_atk(s + amount, foe["dv"], foe["life"]) - e_atk(s, foe["dv"], foe["life"]))
    if attribute == "speed":
        d = defence_vs(c, c["space"])
        return rounds * 0.5 * (e_def(d, foe["av"]) - e_def(d + amount, foe["av"]))
    return 0.0


def _ambush_value(c: ChampionView, enemy: EnemyView) -> float:
    s = attack_vs(c, enemy)
    return e_atk(s, enemy["dv"], enemy["life"]) + p_kill(s, enemy["dv"], enemy["life"]) * (
        GOLD * float(enemy.get("treasure", 0)) + KILL)


def unique_value(seen: Seen, c: ChampionView, planner: Planner, left: int) -> float:
    """The champion's unique action, by what its effects would do here and now."""
    card = content().champions[c["id"]]
    value = 0.0
    free = any(e.verb == "cast_spell" and e.get("free") for e in card.unique.effects)
    after = left if free else left - 1
    cont = planner.continuation(c["space"], c["life"], after)
    for e in card.unique.effects:
        if e.verb == "ambush":
            value += max((_ambush_value(c, x) for x in seen.enemies_at(c["space"])), default=0.0)
        elif e.verb == "travel":
            reach = [s for s, d in distances(c["space"]).items() if 1 <= d <= int(e.get("steps"))]
            best = max((planner.continuation(s, c["life"], after) for s in reach), default=cont)
            value += best - cont
        elif e.verb == "gather":
            change = int(e.get("cost_change", 0))
            dc = int(e.get("difficulty_change", 0))
            for rid in seen.hand:
                r = resource(rid)
                if r.kind == "relic" or (e.get("kind") and r.kind != e.get("kind")):
                    continue
                if r.kind == "spell" and not c.get("spirit_touched"):
                    continue
                price = max(0, r.cost + change - planner.cut) if r.cost is not None else None
                value = max(value, gather_score(seen.foe, c, rid, price, dc))
        elif e.verb == "heal":
            value += max((_heal_value(o, int(e.get("amount"))) for o in seen.at(c["space"]) if o["id"] != c["id"]),
                         default=0.0)
        elif e.verb == "remove_shadow":
            near = set(board().neighbours(c["space"])) | {c["space"]}
            count = sum(1 for s in seen.shadows if s in near)
            value += W_BANISH * min(count, int(e.get("count", 1)))
        elif e.verb == "cast_spell":
            value += max((spell_value(seen, c, r) for r in c["resources"] if resource(r).kind == "spell"), default=0.0)
        elif e.verb == "peek_deck":
            value -= 0.5
    return value + cont


TOKEN_GIFT = 0.8  # per quest token handed to a clearly stronger attacker against the Dragon (its -2 DV)


def _transfer_value(seen: Seen, giver: ChampionView, taker: ChampionView) -> float:
    cards = [r for r in giver.get("resources", []) if resource(r).kind in ("weapon", "armour", "item", "relic")]
    moving = best_transfers(seen.foe, giver, taker, cards)
    tokens = 0.0
    if seen.act == 2 and seen.main_id == "dragon" and giver.get("quest_tokens") \
            and attack_vs(taker, None) > attack_vs(giver, None) + 1:
        tokens = TOKEN_GIFT * int(giver["quest_tokens"])  # the -2 DV is worth most on the strongest blow
    if not moving:
        return tokens
    after_giver, after_taker = giver.copy(), taker.copy()
    for rid in moving:
        after_giver, after_taker = moved(after_giver, after_taker, rid)
    foe = seen.foe
    return worth(foe, after_giver) + worth(foe, after_taker) - worth(foe, giver) - worth(foe, taker) + tokens


def bane_action_value(c: ChampionView, bane: str) -> float:
    b = content().banes[bane]
    removal = b.removal
    if removal.condition == "pass_test" and removal.attribute and removal.difficulty:
        return p_pass(attr(c, removal.attribute), removal.difficulty) * bane_cost(bane)
    if removal.condition == "pay_gold_at_market":
        return bane_cost(bane) - 0.3 * (removal.amount or 0)
    return 0.0


def _after_paying(seen: Seen, c: ChampionView, bane: str, planner: Planner) -> Planner:
    """The planner for the rest of the turn once the bane's gold is paid: the card it would
    have bought may be out of reach."""
    removal = content().banes[bane].removal
    if removal.condition != "pay_gold_at_market" or not removal.amount or not planner.market:
        return planner
    paid = c.copy()
    paid["gold"] = max(0, c["gold"] - removal.amount)
    return Planner(seen, paid)


def free_option(seen: Seen, c: ChampionView, decision: Decision) -> str | None:
    """Things that cost no action and only help: a healing or will item, a quest token."""
    for o in decision.option_ids:
        if o.startswith("use:"):
            r = resource(o.split(":", 1)[1])
            verbs = {e.verb for e in r.effects}
            if ("heal" in verbs and c["life"] < c["max_life"]) or ("gain_will" in verbs and c["will"] < c["max_will"]):
                return o
        if o == "token:will" and (c["will"] <= 2 or c["max_will"] - c["will"] >= 2):
            return o
        if o.startswith("token:remove:"):
            ordinary = [e for e in seen.enemies_at(c["space"]) if e["kind"] == "ordinary"]
            if len(ordinary) >= 2 or (ordinary and seen.round >= 3):
                return max((x for x in decision.option_ids if x.startswith("token:remove:")),
                           key=lambda x: (seen.av(x.split(":", 2)[2]), x))
    return None


def action(seen: Seen, decision: Decision) -> str:
    c = seen.me
    assert c is not None
    free = free_option(seen, c, decision)
    if free is not None:
        return free
    planner = Planner(seen, c)
    left = 3 - (seen.turn.get("actions", 0) if seen.turn else 0)
    space, life = c["space"], c["life"]
    options = {o.id: o for o in decision.options}
    scores: dict[str, float] = {}
    for oid, opt in options.items():
        verb, _, arg = oid.partition(":")
        if verb == "end":
            scores[oid] = planner.terminal(space, life) + 0.01
        elif left <= 0:
            continue
        elif verb == "travel":
            scores[oid] = planner.continuation(arg, life, left - 1, planner.travels + 1, prev=space)
        elif verb == "rest":
            scores[oid] = planner._rest_bonus(space, 1) + planner.continuation(
                space, min(c["max_life"], life + planner.heal), left - 1, rests=1)
        elif verb == "banish":
            scores[oid] = planner.banish + planner.continuation(space, life, left - 1, banished=(space,))
        elif verb == "gather":
            value = max(gather_score(seen.foe, c, arg, price_in(opt.label), allies=planner.allies), planner.cycle)
            if value >= 0.6:
                scores[oid] = value + planner.continuation(space, life, left - 1, gathered=True)
        elif verb == "unique":
            scores[oid] = unique_value(seen, c, planner, left)
        elif verb == "cast":
            value = spell_value(seen, c, arg)
            if value > 0.3:
                scores[oid] = value + planner.continuation(space, life, left - 1)
        elif verb in ("give", "take"):
            other = seen.champion(arg)
            if other is not None:
                value = _transfer_value(seen, c, other) if verb == "give" else _transfer_value(seen, other, c)
                if value > 0:
                    scores[oid] = value + planner.continuation(space, life, left - 1)
        elif verb == "bane":
            value = bane_action_value(c, arg)
            if value > 0.5:
                scores[oid] = value + _after_paying(seen, c, arg, planner).continuation(space, life, left - 1)
        elif verb == "cleanse":
            value = bane_cost(arg.split(":", 1)[1])
            scores[oid] = value + planner.continuation(space, life, left - 1)
    if not scores:
        return "end" if "end" in options else decision.option_ids[0]
    return max(scores, key=lambda o: (scores[o], o == "end", o))

