"""The smaller decisions: champions (D-02, D-21), gathering (D-05), give/take and consent
(D-06, G-15), stories (D-14 to D-16), bane removal (D-18), placements and the main enemy's
ties (D-20), and the small choices of effects (who, which shadow, which enemy, which deck).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable

from game.core.decision import Decision
from game.rulesets.champions_of_albion.ai.common import (Seen, attack_vs, attr, content, defence_vs, dist, e_atk,
                                                         e_def, life_fraction, resource)
from game.rulesets.champions_of_albion.ai.quests import quest_edge
from game.rulesets.champions_of_albion.ai.values import (JUNK, best_transfers, champion_pick, gather_score, loss,
                                                           party_value, pay_or_test, upgrade)

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import ChampionView


# ---- champions -------------------------------------------------------------------------------------


def champion(seen: Seen, decision: Decision) -> str:
    ids = decision.option_ids
    picks = [o.split(":", 1)[1] for o in ids if o.startswith("champion:")]
    in_play = [p for p in picks if seen.champion(p) is not None]
    if not picks:
        return ids[0]
    if decision.rule in ("CA-010", "CA-128") or not in_play:
        party = [c["id"] for c in seen.champions]
        return "champion:" + champion_pick(party, picks)  # D-02; a replacement is always taken (D-21)
    return "champion:" + effect_target(seen, decision.prompt, in_play)


def effect_target(seen: Seen, prompt: str, pool: list[str]) -> str:
    """Who an effect or spell reaches among the champions offered."""
    text = prompt.lower()
    found = [seen.champion(p) for p in pool]
    cs = [c for c in found if c is not None]

    def pick(key: Callable[[ChampionView], tuple[Any, ...]], low: bool = False) -> str:
        chosen = min(cs, key=key) if low else max(cs, key=key)
        return str(chosen["id"])

    if "heal" in text:
        return pick(lambda c: (min(3, c["max_life"] - c["life"]), -life_fraction(c), c["id"]))
    if "bane" in text:
        return pick(lambda c: (sum(1 for b in c["banes"] if content().banes[b].kind == "magical"), c["id"]))
    if "strength" in text or "speed" in text:
        stat = "strength" if "strength" in text else "speed"
        return pick(lambda c: (bool(seen.enemies_at(c["space"])), attr(c, stat), c["id"]))
    if any(w in text for w in ("lose", "loses", "draw", "bane")):
        return pick(lambda c: (c["life"] + c["will"], c["id"]))
    return pick(lambda c: (c["gold"], life_fraction(c), c["id"]), low=True)


# ---- gathering (D-05) ---------------------------------------------------------------------------------


def gather(seen: Seen, decision: Decision) -> str:
    """Which Hand card to gather when an effect offers them ("gather" kind)."""
    c = seen.me
    assert c is not None
    change = -2 if "companion" in decision.prompt.lower() else 0

    def score(option_id: str) -> tuple[float, str]:
        rid = option_id.split(":", 1)[1]
        r = resource(rid)
        price = r.cost - 1 if r.cost is not None and change == 0 else r.cost
        return (gather_score(seen.foe, c, rid, price, change), option_id)

    return max(decision.option_ids, key=score)


def gather_how(seen: Seen, decision: Decision) -> str:
    c = seen.me
    assert c is not None
    m = re.search(r"for (.+?) or test", decision.prompt)
    rid = next((r for r in content().resources if m and content().resources[r].name == m.group(1)), None)
    if rid is None:
        return "test" if "test" in decision.option_ids else decision.option_ids[0]
    change = 0
    test_label = next((o.label for o in decision.options if o.id == "test"), "")
    at = re.search(r"at (-?\d+)", test_label)
    r = resource(rid)
    if at and r.test:
        change = int(at.group(1)) - r.test.difficulty
    return pay_or_test(c, rid, decision.option_ids, change)


def discard(seen: Seen, decision: Decision) -> str:
    """The Hand card least useful to any champion in play, relics first (D-05); the Hand is
    kept when every card is useful. One card per question (a second is asked for after it)."""
    scored = sorted((party_value(seen.foe, seen.champions, o.split(":", 1)[1]), o) for o in decision.option_ids
                    if o.startswith("discard:"))
    junk = [o for v, o in scored if v < JUNK]
    return junk[0] if junk else "keep"


# ---- give, take and consent (D-06, G-15) -------------------------------------------------------------------


def transfer(seen: Seen, decision: Decision) -> tuple[str, ...]:
    """Give or take the cards that raise the pair's worth, one at a time (D-06); in Act 2 a
    giver against the Dragon also hands its quest tokens to a clearly stronger attacker (their
    -2 DV counts most on the strongest blow)."""
    c = seen.me
    assert c is not None
    other = seen.champion(seen.view.get("counterpart", ""))
    giving = decision.kind == "give"
    out: list[str] = []
    if other is not None:
        src, dst = (c, other) if giving else (other, c)
        cards = [o.split(":", 1)[1] for o in decision.option_ids if o.startswith("card:")]
        out = [f"card:{rid}" for rid in best_transfers(seen.foe, src, dst, cards)]
        if giving and seen.act == 2 and seen.main_id == "dragon" and c.get("quest_tokens") \
                and _better_fighter(other, c):
            out += [o for o in decision.option_ids if o.startswith("quest_token:")]  # one option a token
    if not out:
        out = [decision.option_ids[0]]
    return tuple(out[: decision.max_choices])


def _better_fighter(a: ChampionView, b: ChampionView) -> bool:
    return attack_vs(a, None) > attack_vs(b, None) + 1


def consent(seen: Seen, decision: Decision) -> str:
    """Agree when the pair gains: the cards named are worth more to the taker (G-15)."""
    c = seen.me
    assert c is not None
    taker = seen.champion(seen.view.get("counterpart", ""))
    if taker is None:
        return "refuse"
    named = [r for r in c.get("resources", []) if resource(r).name in decision.prompt]
    if not named:
        return "agree" if "gold" in decision.prompt and c["gold"] <= taker["gold"] + 2 else "refuse"
    return "agree" if set(best_transfers(seen.foe, c, taker, named)) == set(named) else "refuse"


# ---- stories (D-14, D-15, D-16) ---------------------------------------------------------------------------


def story_deck(seen: Seen, decision: Decision) -> str:
    """D-15: the quest deck when a quest is worth more to the champion than the world story
    of its space (:func:`.quests.quest_edge`: the odds of completing it, with the allies
    standing there, against what failing costs)."""
    c = seen.me
    assert c is not None
    if "deck:quest" in decision.option_ids:
        if quest_edge(seen, c) > 0 or len(decision.option_ids) == 1:
            return "deck:quest"
    return next((o for o in decision.option_ids if o != "deck:quest"), decision.option_ids[0])


FIGHT_WORDS = ("enter the lists", "ride through", "fight", "attack", "charge", "challenge", "draw your")
CAUTION_WORDS = ("turn back", "walk on", "watch", "leave", "refuse", "nothing", "find your own way",
                 "long road", "shelter", "wait", "do not know", "let it be", "ask")
GREED_WORDS = ("take", "fill your pockets", "grab", "dig up", "heave")


def choice_score(seen: Seen, c: ChampionView, label: str, quest: bool) -> float:
    """D-16 from the public label only: costs, fights, greed and caution."""
    text = label.lower()
    score = 0.0
    gold = re.search(r"(\d+) gold", text)
    will = re.search(r"(\d+) will", text)
    banes = len(c.get("banes", []))
    fit = life_fraction(c) >= 0.6
    if gold:
        amount = int(gold.group(1))
        score += (2.5 if quest else 0.4) - 0.5 * amount
    if will:
        amount = int(will.group(1))
        spare = c["will"] - amount
        score += (3.0 if quest else 0.6) - 1.2 * amount - (4 if spare <= 2 else 0)
    if any(w in text for w in ("weapon", "armour", "companion")):
        kind = next(w for w in ("weapon", "armour", "companion") if w in text)
        held = [r for r in c.get("resources", []) if resource(r).slot == kind]
        worst = min((loss(seen.foe, c, r) for r in held), default=0.0)
        score += (3.0 if quest else 0.0) - 1.0 * worst - (2 if len(held) <= 1 and kind != "companion" else 0)
    if any(w in text for w in FIGHT_WORDS):
        strength, speed = attack_vs(c, None), defence_vs(c, c["space"])
        edge = e_atk(strength, 6) - 0.5 * e_def(speed, 7)
        score += (1.0 + edge) if fit else -2.0
    if any(w in text for w in GREED_WORDS):
        score += 0.3 - (0.8 if banes >= 2 else 0.0)
    if any(w in text for w in CAUTION_WORDS):
        score += 0.2 - (1.5 if quest else 0.0)
    return score


def story_choice(seen: Seen, decision: Decision) -> str:
    c = seen.me
    assert c is not None
    quest = bool(seen.story and seen.story.get("quest"))
    return max(decision.options, key=lambda o: (choice_score(seen, c, o.label, quest), o.id)).id


def story_roll(seen: Seen, decision: Decision) -> str:
    """D-14: spend the smallest combination of aid tokens that reaches the difficulty; else a
    reroll item; else accept."""
    c = seen.me
    story = seen.story
    test = story.get("test") if story else None
    ids = decision.option_ids
    if c is None or story is None or not test:
        return "accept" if "accept" in ids else ids[0]
    gap = int(test.get("difficulty", 0)) - int(story.get("total", 0))
    room = 6 - int(story.get("roll", 0))
    tokens = sorted(c.get("aid", []))
    offered = {int(o.split(":")[1]) for o in ids if o.startswith("aid:")}
    if offered and gap <= room:
        best: tuple[int, int, tuple[int, ...]] | None = None
        for n in range(1, len(tokens) + 1):
            for combo in set(combinations(tokens, n)):
                if sum(combo) >= gap and (best is None or (sum(combo), n) < best[:2]):
                    best = (sum(combo), n, combo)
        if best is not None:
            spend = sorted(v for v in best[2] if v in offered)
            if spend:
                # Prefer +1 tokens when the gap is 1; otherwise the largest token of the combination.
                return f"aid:{spend[0] if gap <= 1 else spend[-1]}"
    rerolls = [o for o in ids if o.startswith("reroll:")]
    if rerolls:
        return rerolls[0]
    return "accept" if "accept" in ids else ids[0]


# ---- banes (D-18) ----------------------------------------------------------------------------------------


BANE_COST = {"despair": 5, "poison": 5, "shaken_nerve": 2, "cracked_ribs": 2.5, "hobbled": 2, "shadow_mark": 2.5,
             "silenced": 2, "relic_blight": 1.5, "nightmares": 2, "wrenched_arm": 3, "lamed": 3,
             "whispering_doubt": 1, "dread": 1, "hex_of_dimming": 1}


def bane_cost(bane: str) -> float:
    """The ongoing cost: will or life drains first, then stat penalties."""
    b = content().banes[bane]
    base = BANE_COST.get(bane)
    if base is not None:
        return base
    return 2.0 + 3.0 * sum(1 for e in b.effects if e.verb == "round_end_loss") + sum(-v for _, v in b.modifiers)


def bane(seen: Seen, decision: Decision) -> str:
    return max(decision.option_ids, key=lambda o: (bane_cost(o.split(":", 1)[1]), o))


# ---- placements and the main enemy (D-20) --------------------------------------------------------------------


def _spaces(decision: Decision) -> list[str]:
    return [o.split(":", 1)[1] for o in decision.option_ids]


def space(seen: Seen, decision: Decision) -> str:
    """Enemies and shadows go as far as possible from the champions; the main enemy's ties in
    Act 2 are settled so the champions can reach it without standing in its Fire."""
    spaces = _spaces(decision)
    where = [c["space"] for c in seen.champions]
    if not where:
        return decision.option_ids[0]
    main_move = decision.rule in ("CA-154", "G-38")
    if main_move:
        def near(s: str) -> tuple[int, int, str]:
            on = sum(1 for w in where if w == s) if seen.main_id == "dragon" else 0
            return (on, sum(min(dist(w, s), 6) for w in where), s)
        return "space:" + min(spaces, key=near)

    def far(s: str) -> tuple[int, int, str]:
        return (min(dist(w, s) for w in where), sum(min(dist(w, s), 8) for w in where), s)
    return "space:" + max(spaces, key=far)


def shadows(seen: Seen, decision: Decision) -> tuple[str, ...]:
    """Banish as many as allowed: those on a champion's own space first (banes), then the rest."""
    mine = seen.me["space"] if seen.me else ""
    ranked = sorted(decision.option_ids, key=lambda o: (o.split(":")[1] != mine, o))
    return tuple(ranked[: max(decision.min_choices, decision.max_choices)])


def enemy(seen: Seen, decision: Decision) -> str:
    """Remove the enemy that threatens the champions most: nearest to them, then the strongest."""
    where = [c["space"] for c in seen.champions]

    def threat(option_id: str) -> tuple[int, int, str]:
        e = seen.enemy(option_id.split(":", 1)[1])
        if e is None:
            return (-99, 0, option_id)
        near = -min((dist(w, e["space"]) for w in where), default=9)
        return (near, e["av"] + e["dv"] + e["life"], option_id)

    return max(decision.option_ids, key=threat)


def deck(seen: Seen, decision: Decision) -> str:
    """The Seer looks at the deck of the space it stands on (its own next story), or a quest deck."""
    c = seen.me
    kind = content().map.spaces[c["space"]].kind if c else ""
    for want in (f"deck:{kind}", "deck:quest"):
        if want in decision.option_ids:
            return want
    return decision.option_ids[0]


def order(seen: Seen, decision: Decision) -> str:
    """Put the cards back as they were (no outcome is known: titles only)."""
    return decision.option_ids[0]


def resource_choice(seen: Seen, decision: Decision) -> str:
    """Take the most useful card; discard (a cost) the one missed least."""
    c = seen.me
    assert c is not None
    takes = [o for o in decision.option_ids if o.startswith("take:")]
    if takes:
        return max(takes, key=lambda o: (upgrade(seen.foe, c, o.split(":", 1)[1]), o))
    return min(decision.option_ids, key=lambda o: (loss(seen.foe, c, o.split(":", 1)[1]), o))


def spell(seen: Seen, decision: Decision) -> str:
    from game.rulesets.champions_of_albion.ai.turn import spell_value
    c = seen.me
    assert c is not None
    return max(decision.option_ids, key=lambda o: (spell_value(seen, c, o.split(":", 1)[1]), o))


def travel(seen: Seen, decision: Decision) -> str:
    """Long Stride: the destination the turn planner values most."""
    from game.rulesets.champions_of_albion.ai.plan import Planner
    c = seen.me
    assert c is not None
    planner = Planner(seen, c)
    left = 3 - (seen.turn.get("actions", 0) if seen.turn else 0)
    return max(decision.option_ids, key=lambda o: (planner.continuation(o.split(":", 1)[1], c["life"], left), o))

