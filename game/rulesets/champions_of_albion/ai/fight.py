"""Fights (D-08 to D-13, D-17, D-19): the card of each kind and the combat skill, the
target, who attacks first, who defends, the will reroll, retreat, joining a story fight,
accepting an offered fight and the quest tokens spent in a combat round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.decision import Decision
from game.rulesets.champions_of_albion.ai.values import effect_value
from game.rulesets.champions_of_albion.ai.common import (Seen, attack_vs, base_without, content, defence_vs, e_atk,
                                                         e_def, enemy_abilities, has_rule, last_chance, number_in,
                                                         p_kill, p_lethal, passive_attack_bonus,
                                                         passive_defence_bonus, resource)

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import ChampionView, EnemyView


def _duel(seen: Seen, c: ChampionView) -> bool:
    fight = seen.fight
    return fight is not None and c["id"] in fight.get("duels", {}).values()


def facing(seen: Seen, c: ChampionView) -> list[EnemyView]:
    """The enemies the champion fights now: its duel enemy, a story fight's enemy, or every
    enemy on its space not duelling someone else (CA-082, CA-122)."""
    fight = seen.fight
    if not fight:
        return seen.enemies_at(c["space"])
    duels = fight.get("duels", {})
    fallen = set(fight.get("fallen", []))
    found = [seen.enemy(uid) for uid, who in duels.items() if who == c["id"]]
    mine = [e for e in found if e is not None]
    if mine:
        return mine
    if fight.get("kind") in ("story", "ambushed") and fight.get("target"):
        target = seen.enemy(fight["target"])
        if target is not None:
            return [target]
    only = set(fight.get("enemies") or [])
    return [e for e in seen.enemies_at(c["space"])
            if e["uid"] not in duels and e["uid"] not in fallen and (not only or e["uid"] in only)]


def fighters_here(seen: Seen, c: ChampionView, fighters: list[str] | None = None) -> list[ChampionView]:
    """The champions in the champion's fight on its space (``fighters``: the ids of those
    still in it, when not the view's)."""
    if fighters is None:
        fighters = seen.fight.get("fighters", []) if seen.fight else []
    ids = set(fighters) or {c["id"]}
    return [o for o in seen.champions if o["id"] in ids and o["space"] == c["space"]]


def strikes_on(seen: Seen, c: ChampionView, enemies: list[EnemyView], fighters: list[str] | None = None) -> list[int]:
    """The AVs of the strikes the champion expects this combat round: every strike when alone;
    with allies, the strikes of enemies that must target it and of those the team names it
    to defend against (the champion who would lose least, as :func:`defender` chooses).
    ``fighters``: the ids of the champions still in the fight, when not the view's."""
    if not enemies:
        return []
    here = fighters_here(seen, c, fighters)
    others = [o for o in here if o["id"] != c["id"]]
    if not others:
        return [e["av"] for e in enemies]
    avs: list[int] = []
    for e in enemies:
        forced = next((a for a in enemy_abilities(e) if a.verb == "enemy_target"), None)
        if forced is not None and forced.get("who") == "lowest_life":
            if c["life"] <= min(o["life"] for o in others):
                avs.append(e["av"])
            continue
        if forced is not None:
            if attack_vs(c, None) >= max(attack_vs(o, None) for o in others):
                avs.append(e["av"])
            continue
        marked = [o for o in here if has_rule(o, "targeted_first")]
        pool = marked or here
        if c in pool and min(pool, key=lambda o: (defence_cost(seen, o, e["av"], e), o["id"]))["id"] == c["id"]:
            avs.append(e["av"])
    return avs


def will_drain(seen: Seen, enemy: EnemyView | None, av: int, space: str) -> int:
    """Will lost on a failed defence: Morrigan's Terror, a dread ability."""
    drain = 0
    main = seen.main
    if seen.act == 2 and seen.main_id == "morrigan" and main is not None and main["space"] == space \
            and (enemy is None and av >= main["av"] or enemy is not None and enemy["kind"] == "main"):
        drain += 1
    if enemy is not None:
        drain += sum(int(a.get("amount", 0)) for a in enemy_abilities(enemy) if a.verb == "drain_will")
    return drain


def defence_cost(seen: Seen, c: ChampionView, av: int, enemy: EnemyView | None = None) -> float:
    """What defending against a strike of this AV is likely to cost the champion (D-11): the
    expected loss weighted by remaining life, a heavy price for a likely defeat (by life, or
    by will where a failed defence drains it), and a little more for the best attackers."""
    speed = defence_vs(c, c["space"])
    expected = e_def(speed, av)
    death = p_lethal(speed, av, c["life"])
    drain = will_drain(seen, enemy, av, c["space"])
    if drain:
        fail = sum(1 for r in range(1, 7) if r + speed < av) / 6
        if c["will"] <= drain:
            death = max(death, fail)
        value_will = fail * drain * (3.0 if c["will"] <= drain + 1 else 1.0)
    else:
        value_will = 0.0
    value = expected * (1 + 3.0 / max(1, c["life"])) + 25 * death + value_will
    if seen.main is not None and seen.main["space"] == c["space"]:
        value += 0.3 * expected * e_atk(attack_vs(c, seen.main), int(seen.main["dv"]))
    return float(value)


def damage_spread(speed: int, avs: list[int]) -> dict[int, float]:
    """The distribution of the total damage of several strikes (one d6 each)."""
    dist = {0: 1.0}
    for av in avs:
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for r in range(1, 7):
                d = total + max(0, av - r - speed)
                nxt[d] = nxt.get(d, 0.0) + p / 6
        dist = nxt
    return dist


def death_chance(speed: int, avs: list[int], life: int) -> float:
    return sum(p for d, p in damage_spread(speed, avs).items() if d >= life)


def expected_damage(speed: int, avs: list[int]) -> float:
    return sum(e_def(speed, av) for av in avs)


def target_of(seen: Seen, c: ChampionView, enemies: list[EnemyView]) -> EnemyView | None:
    """D-09: an enemy it kills with probability >= 1/2 (highest AV, then treasure), else the
    highest AV it can hurt, else the lowest life."""
    if not enemies:
        return None
    duel = _duel(seen, c)
    scored = []
    for e in enemies:
        s = attack_vs(c, e, duel)
        scored.append((e, p_kill(s, e["dv"], e["life"]), e_atk(s, e["dv"], e["life"])))
    kills = [x for x in scored if x[1] >= 0.5]
    if kills:
        return max(kills, key=lambda x: (x[0]["av"], x[0]["treasure"], x[1], x[0]["uid"]))[0]
    hurt = [x for x in scored if x[2] > 0.15]
    if hurt:
        return max(hurt, key=lambda x: (x[0]["kind"] == "main", x[0]["av"], x[2], x[0]["uid"]))[0]
    return min(scored, key=lambda x: (x[0]["life"], x[0]["uid"]))[0]


# ---- declarations (D-08, D-19) ----------------------------------------------------------------------------


def loadout(seen: Seen, decision: Decision) -> str:
    """The card of this kind that maximises E_atk - E_def this combat round."""
    c = seen.me
    assert c is not None
    slot = next((s for s in ("weapon", "armour", "item", "companion") if f"which {s}" in decision.prompt), "")
    enemies = facing(seen, c)
    kind = seen.fight.get("kind", "phase") if seen.fight else "phase"
    target = target_of(seen, c, enemies)
    avs = strikes_on(seen, c, enemies)

    def score(option_id: str) -> float:
        r = resource(option_id.split(":", 1)[1])
        strength = (base_without(c, slot, "strength") if slot else 0) + r.bonus("strength")
        speed = (base_without(c, slot, "speed") if slot else 0) + r.bonus("speed")
        speed += passive_defence_bonus(c, c["space"])
        value = 0.0
        if target is not None and kind != "ambushed":
            value += e_atk(strength + passive_attack_bonus(c, target), target["dv"], target["life"])
        if kind != "ambush_by":
            value -= expected_damage(speed, avs)
        return float(value) + 0.01 * int(r.bonus("strength") + r.bonus("speed"))

    return max(decision.option_ids, key=lambda o: (score(o), o))


def skill(seen: Seen, decision: Decision) -> str:
    """Activate the skill worth most this combat round, if any helps (D-08)."""
    c = seen.me
    assert c is not None
    enemies = facing(seen, c)
    kind = seen.fight.get("kind", "phase") if seen.fight else "phase"
    target = target_of(seen, c, enemies)
    avs = strikes_on(seen, c, enemies)
    duel = _duel(seen, c)
    strength = attack_vs(c, target, duel) if target else 0
    speed = defence_vs(c, c["space"], duel)

    def value(option_id: str) -> float:
        rid = option_id.split(":", 1)[1]
        if rid == "none":
            return 0.05
        out = 0.0
        for e in resource(rid).effects:
            amount = int(e.get("amount", 1))
            if e.verb == "bonus" and e.get("attribute") == "strength" and target is not None and kind != "ambushed":
                out += e_atk(strength + amount, target["dv"], target["life"]) - e_atk(strength, target["dv"],
                                                                                    target["life"])
                out += 2 * (p_kill(strength + amount, target["dv"], target["life"])
                            - p_kill(strength, target["dv"], target["life"]))
            elif e.verb == "bonus" and e.get("attribute") == "speed" and kind != "ambush_by":
                out += expected_damage(speed, avs) - expected_damage(speed + amount, avs)
            elif e.verb == "block" and kind != "ambush_by":
                out += min(amount, expected_damage(speed, avs)) * 0.9
            elif e.verb == "reroll":
                out += 0.35 + (0.3 if c["will"] <= 3 else 0.0)
            elif e.verb == "cleave" and len(enemies) > 1:
                out += 1.0
        return out

    return max(decision.option_ids, key=lambda o: (value(o), o))


def quest_token(seen: Seen, decision: Decision) -> str:
    """D-19: spend a token when it turns a likely miss into a hit, or prevents a defeat."""
    c = seen.me
    assert c is not None
    ids = decision.option_ids
    main = seen.main
    tokens = c.get("quest_tokens", 0)
    late = seen.round >= 3
    if "token:dv" in ids and main is not None:
        s = attack_vs(c, main)
        gain = e_atk(s, main["dv"] - 2, main["life"]) - e_atk(s, main["dv"], main["life"])
        if gain >= 0.6 and (tokens >= 2 or late or main["life"] <= 10):
            return "token:dv"
    removals = [o for o in ids if o.startswith("token:remove:")]
    if removals:
        ordinary = [e for e in seen.enemies_at(c["space"]) if e["kind"] == "ordinary"]
        if len(ordinary) >= 2 or (ordinary and (late or tokens >= 2)):
            return max(removals, key=lambda o: (seen.av(o.split(":", 2)[2]), o))
    if "token:will" in ids and (c["will"] <= 2 or (c["max_will"] - c["will"] >= 2 and _team_will_low(seen))):
        return "token:will"
    if "token:terror" in ids and main is not None:
        # Terror costs a will on each failed defence against Morrigan: worth a token when this
        # champion takes her strike, may well fail, and has too little will missing for
        # "restore 2 will" to be the better use.
        speed = defence_vs(c, c["space"])
        fails = sum(1 for r in range(1, 7) if r + speed < main["av"]) / 6
        struck = main["av"] in strikes_on(seen, c, facing(seen, c))
        if struck and fails >= 1 / 3 and c["max_will"] - c["will"] <= 1:
            return "token:terror"
    return "token:none" if "token:none" in ids else ids[-1]


def _team_will_low(seen: Seen) -> bool:
    total = sum(int(c["will"]) for c in seen.champions)
    return total < 2 * len(seen.champions) + 3


# ---- attacks (D-09, D-10, D-12) ---------------------------------------------------------------------------


def target(seen: Seen, decision: Decision) -> str:
    c = seen.me
    assert c is not None
    pool = [seen.enemy(o.split(":", 1)[1]) for o in decision.option_ids]
    enemies = [e for e in pool if e is not None]
    pick = target_of(seen, c, enemies)
    return f"enemy:{pick['uid']}" if pick is not None else decision.option_ids[0]


def attack_order(seen: Seen, decision: Decision) -> str:
    """D-10: the strongest attacker first."""
    def strength(option_id: str) -> tuple[int, str]:
        c = seen.champion(option_id.split(":", 1)[1])
        return (attack_vs(c, None) if c else 0, option_id)
    return max(decision.option_ids, key=strength)


def strike_order(seen: Seen, decision: Decision) -> str:
    """The strongest strike first, while the defenders still have their reroll (D-11)."""
    def av(option_id: str) -> tuple[int, str]:
        e = seen.enemy(option_id.split(":", 1)[1])
        return (e["av"] if e else 0, option_id)
    return max(decision.option_ids, key=av)


def reroll(seen: Seen, decision: Decision) -> str:
    """D-12: attack, reroll a roll that does nothing when a new one likely hurts; defence,
    reroll a shortfall of 2 or more, or a lethal one. Keep will in reserve."""
    c = seen.me
    roll = seen.view.get("last_roll", {})
    if c is None or not roll:
        return "keep"
    free = any("free" in o.label for o in decision.options if o.id == "reroll")
    if not free and c["will"] <= 1:
        # The last will defeats the champion (CA-093): paid only for a blow that can win the game.
        return "reroll" if _last_will_wins(seen, c, roll) else "keep"
    die, total, against = int(roll.get("die", 0)), int(roll.get("total", 0)), int(roll.get("difficulty", 0))
    value = total - die
    will = c["will"]
    morrigan = seen.main_id == "morrigan"
    # Will kept back: 2 in Act 1 and 3 in Act 2; against Morrigan, whose defeat condition and
    # Terror feed on will, rerolls are kept for a nearly full track in Act 1 and none in Act 2.
    if morrigan:
        spare = will >= max(4, c["max_will"] - 1) if seen.act == 1 else False
    else:
        spare = will >= (max(3, c["max_will"] - 1) if seen.act == 1 else 3)
    main = seen.main if seen.main and seen.main["space"] == c["space"] else None  # the main enemy, here
    main_here = main is not None
    final = main_here and last_chance(seen)
    if roll.get("why") == "attack":
        now = max(0, total - against)
        cap = int(main["life"]) if main is not None and against >= main["dv"] - 2 else 99
        new = e_atk(value, against, cap)
        hit = sum(1 for r in range(1, 7) if r + value > against) / 6
        if free or final:
            return "reroll" if new > now + 0.05 else "keep"
        finishing = cap < 99 and now < cap and sum(1 for r in range(1, 7) if r + value - against >= cap) >= 3
        if cap < 99 and will >= 2 and (finishing or (not morrigan and now == 0 and new >= 0.45)):
            return "reroll"
        if not spare:
            return "keep"
        return "reroll" if (now == 0 and hit >= 0.5) or new - now >= 1.5 else "keep"
    # defence
    now = max(0, against - total)
    new = e_def(value, against)
    lethal = now >= c["life"]
    survive = 1 - p_lethal(value, against, c["life"])
    terror = seen.act == 2 and morrigan and main is not None and against >= main["av"]
    if free:
        return "reroll" if new < now - 0.05 or (terror and now > 0) else "keep"
    if lethal and survive > 0 and (not terror or will >= 3):
        return "reroll"
    if not spare:
        return "keep"
    return "reroll" if now >= 2 and new <= now - 1 else "keep"


def _last_will_wins(seen: Seen, c: ChampionView, roll: dict[str, Any]) -> bool:
    """The last will is paid (CA-093) only for a blow that can win the game and when nothing is
    given up for it: an Act 2 attack on the main enemy that misses the killing blow now but a
    new die could land, another champion in play to be the winner (CA-129, CA-160), and the
    champion alone with the main enemy and more likely than not to fall to its strike anyway.
    A champion who would live to attack again keeps its will: its next attacks are worth more
    than one reroll (on fixed seeds, paying whenever the odds were even lost games)."""
    main = seen.main
    if (seen.act != 2 or main is None or roll.get("why") != "attack"
            or seen.view.get("deciding_enemy") != main["uid"] or not seen.allies(c)):
        return False
    die, total, against = int(roll.get("die", 0)), int(roll.get("total", 0)), int(roll.get("difficulty", 0))
    life = int(main["life"])
    if total - against >= life or p_kill(total - die, against, life) == 0:
        return False  # this roll already fells it, or no die would
    if len(seen.at(c["space"])) > 1:
        return False  # allies fight on here, and one of them may take the strike
    return p_lethal(defence_vs(c, c["space"]), int(main["av"]), int(c["life"])) >= 0.5


# ---- defenders (D-11) -------------------------------------------------------------------------------------


def defender(seen: Seen, decision: Decision) -> str:
    """The champion with the lowest expected loss, weighted by remaining life; never one a
    strike would likely defeat if another can take it."""
    av = number_in(decision.prompt, "AV")
    named = [e for e in seen.enemies if e["name"] in decision.prompt and (av is None or e["av"] == av)]
    enemy = max(named, key=lambda e: len(e["name"])) if named else None  # "Wight 2" before "Wight"
    if av is None:
        av = enemy["av"] if enemy else max((e["av"] for e in seen.enemies), default=8)

    def cost(option_id: str) -> tuple[float, str]:
        c = seen.champion(option_id.split(":", 1)[1])
        return (99.0, option_id) if c is None else (defence_cost(seen, c, av, enemy), option_id)

    return min(decision.option_ids, key=cost)


# ---- retreat and joining (D-13, D-17) ---------------------------------------------------------------------


def retreat(seen: Seen, decision: Decision) -> str:
    c = seen.me
    assert c is not None
    retreats = [o for o in decision.option_ids if o.startswith("retreat:")]
    if not retreats or "stay" not in decision.option_ids:
        return decision.option_ids[0]
    enemies = facing(seen, c)
    if not enemies:
        return "stay"
    speed = defence_vs(c, c["space"], _duel(seen, c))
    # Allies who would themselves be in danger as defenders are likely to leave too.
    strongest = max(e["av"] for e in enemies)
    steady = [o for o in fighters_here(seen, c) if o["id"] == c["id"] or (
        p_lethal(defence_vs(o, o["space"]), strongest, o["life"]) < 0.2 and o["life"] > 0.3 * o["max_life"])]
    avs = strikes_on(seen, c, enemies, [o["id"] for o in steady])
    expected = expected_damage(speed, avs)
    death = death_chance(speed, avs, c["life"])
    for e in enemies:
        drain = will_drain(seen, e, e["av"], c["space"])
        if drain and e["av"] in avs and c["will"] <= drain:
            death = max(death, sum(1 for r in range(1, 7) if r + speed < e["av"]) / 6)
    allies = [o for o in fighters_here(seen, c) if o["id"] != c["id"]]
    hurt = max((e_atk(attack_vs(c, e, _duel(seen, c)), e["dv"], e["life"]) for e in enemies), default=0.0)
    go = min(retreats, key=lambda o: (len(seen.enemies_at(o.split(":", 1)[1])), o))
    main_fight = seen.act == 2 and any(e["kind"] == "main" for e in enemies)
    if main_fight and last_chance(seen):
        return "stay"  # leaving now loses the game for everyone
    if expected >= c["life"] - 1 or death >= (0.15 if main_fight else 0.2):
        return go
    if main_fight and will_spent(seen):
        return go
    if hurt <= 0.05 and not allies:
        return go
    # The fight's outlook: will the enemies fall before the champion does?
    team = hurt + sum(max((e_atk(attack_vs(o, e), e["dv"], e["life"]) for e in enemies), default=0.0)
                      for o in allies)
    rounds = sum(e["life"] for e in enemies) / max(0.2, team)
    if not main_fight and not allies and rounds * expected * 0.6 >= c["life"] - 1:
        return go
    if main_fight and rounds * expected >= c["life"] * 2.5 and c["life"] <= 0.5 * c["max_life"]:
        return go
    return "stay"


def join(seen: Seen, decision: Decision) -> str:
    """D-17: help when the expected loss is small and the enemy is dangerous or the ally at risk."""
    c = seen.me
    fight = seen.fight
    enemy = seen.enemy(fight["target"]) if fight and fight.get("target") else None
    if c is None or fight is None or enemy is None:
        return "stay_out"
    found = [seen.champion(cid) for cid in fight.get("fighters", [])]
    owner = [o for o in found if o is not None]
    speed = defence_vs(c, c["space"])
    mine = e_atk(attack_vs(c, enemy), enemy["dv"], enemy["life"])
    team = mine + sum(e_atk(attack_vs(o, enemy), enemy["dv"], enemy["life"]) for o in owner)
    rounds = min(6.0, enemy["life"] / max(0.2, team))
    expected_loss = e_def(speed, enemy["av"]) * rounds / 2
    at_risk = any(o["life"] <= 0.5 * o["max_life"] for o in owner)
    quick = rounds <= 2.5
    if expected_loss < 0.3 * c["life"] and mine > 0.2 and (enemy["kind"] == "dangerous" or at_risk or quick):
        return "join"
    return "stay_out"


def will_spent(seen: Seen) -> bool:
    """Against Morrigan: one more failed defence would leave the champions' will below twice
    their number at the end of the round (her defeat condition), and she will not fall now."""
    main = seen.main
    if seen.main_id != "morrigan" or main is None or seen.act != 2:
        return False
    total = sum(c["will"] for c in seen.champions)
    if total - 1 >= 2 * len(seen.champions):
        return False
    fighters = [c for c in seen.champions if c["space"] == main["space"]]
    damage = sum(e_atk(attack_vs(c, main), main["dv"], main["life"]) for c in fighters)
    return bool(main["life"] > 1.5 * damage)


def accept_fight(seen: Seen, decision: Decision) -> str:
    """An offered fight (a duel against a random enemy): accept when fit for a medium enemy."""
    c = seen.me
    if c is None:
        return "decline"
    strength, speed = attack_vs(c, None, duel=True), defence_vs(c, c["space"], duel=True)
    rounds = 4 / max(0.2, e_atk(strength, 6))
    loss = e_def(speed, 7) * rounds
    # A richer prize makes a riskier fight worth taking (the offer's rewards are public).
    reward = sum(effect_value(e, c) for e in _offered_rewards(seen))
    if c["life"] >= 0.6 * c["max_life"] and loss <= (0.4 + 0.05 * max(0.0, reward)) * c["life"]:
        return "accept"
    return "decline"


def _offered_rewards(seen: Seen) -> list[Any]:
    """The ``on_win`` rewards of the event whose fight is offered (events are read aloud)."""
    events = seen.view.get("events_seen", [])
    if not events:
        return []
    event = content().events[events[-1]]
    return [inner for e in event.effects if e.verb == "fight" for inner in e.get("on_win", ())]
