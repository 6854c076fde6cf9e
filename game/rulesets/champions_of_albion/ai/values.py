"""What cards and champions are worth to the party (D-02, D-05, D-06): the upgrade a
resource gives a champion over what it already holds, the card to gather and how, the
Hand cards to discard, and the champion to choose.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from game.rulesets.champions_of_albion.ai.common import (CLEARERS, SLOTS, Foe, attr, combat_stats, content, e_atk,
                                                         e_def, p_pass, resource, usable_cards)
from game.rulesets.champions_of_albion.vocabulary import VERBS

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.content import Resource
    from game.rulesets.champions_of_albion.view_types import ChampionView

W_STRENGTH = 1.6   # per point of combat strength (attack tests)
W_MAIN_HIT = 4.0   # per point of expected damage against a main enemy's DV
W_SPEED = 2.6      # per point of expected damage taken from a strong strike
SKILL_SHARE = 0.35  # a skill's share of a bonus held all the time (one combat round in several)
W_OTHER = 0.5      # per point of a story attribute (intuition, perception, persuasion, resolve)
JUNK = 1.2         # a Hand card worth less than this to every champion is discarded when possible
STORY_ATTRS = ("intuition", "perception", "persuasion", "resolve")

SKILL_VALUE = {"battle_cry": 2.4, "mighty_blow": 1.8, "parry": 1.7, "shield_wall": 1.7, "feint": 1.5,
               "steady_hand": 1.0, "sweeping_cut": 0.8}
SPELL_VALUE = {"healing_light": 2.6, "banishing_word": 2.2, "spirit_lance": 1.2, "oak_strength": 1.0,
               "wind_step": 1.0, "unbinding": 0.8}
EFFECT_VALUE = {"heal": 1.4, "gain_will": 2.0, "reroll": 0.9}


def _with_card(c: ChampionView, rid: str | None, without: str | None = None) -> ChampionView:
    """A copy of the champion as the view shows it, with a card added or taken away (the
    view's attributes count the best card per slot, so the slot parts are recomputed)."""
    resources = [r for r in c.get("resources", []) if r != without]
    if rid:
        resources.append(rid)
    blight = "relic_blight" in c.get("banes", [])

    def cards(held: list[str]) -> list[Resource]:
        return [resource(r) for r in held if not (resource(r).kind == "relic" and blight)]

    before, after = cards(c.get("resources", [])), cards(resources)
    attributes = dict(c["attributes"])
    for a in attributes:
        for slot in SLOTS:
            old = max((r.bonus(a) for r in before if r.slot == slot), default=0)
            new = max((r.bonus(a) for r in after if r.slot == slot), default=0)
            attributes[a] += new - old
    changed = c.copy()
    changed["resources"], changed["attributes"] = resources, attributes
    return changed


def _signature(foe: Foe, c: ChampionView) -> tuple[Any, ...]:
    """What :func:`worth` depends on (``foe.late`` only moves :func:`gold_cost`, never cached)."""
    return (tuple(c.get("resources", [])), tuple(c.get("banes", [])), tuple(sorted(c["attributes"].items())),
            bool(c.get("spirit_touched")), foe.dv, foe.av)


_WORTH: dict[tuple[Any, ...], float] = {}


def worth(foe: Foe, c: ChampionView) -> float:
    """A champion's equipment as one number: combat stats, story attributes and card effects
    (cached by what the number depends on)."""
    key = _signature(foe, c)
    value = _WORTH.get(key)
    if value is None:
        if len(_WORTH) > 50000:
            _WORTH.clear()
        value = _WORTH[key] = _worth(foe, c)
    return value


def _worth(foe: Foe, c: ChampionView) -> float:
    strength, speed = combat_stats(c)
    value = combat_value(foe, strength, speed)
    value += W_OTHER * sum(attr(c, a) for a in STORY_ATTRS)
    value += sum(skill_worth(foe, strength, speed, r) for r in c.get("resources", [])
                 if resource(r).kind == "combat_skill")
    if c.get("spirit_touched"):
        value += sum(SPELL_VALUE.get(r, 1.0) for r in c.get("resources", []) if resource(r).kind == "spell")
    seen_effects: set[str] = set()
    for slot in SLOTS:
        for r in usable_cards(c, slot):
            for e in r.effects:
                if e.verb in EFFECT_VALUE and e.verb not in seen_effects:
                    seen_effects.add(e.verb)
                    value += EFFECT_VALUE[e.verb]
    return value


def skill_worth(foe: Foe, strength: int, speed: int, rid: str) -> float:
    """A combat skill boosts one combat round per game round: against the main enemy that is
    worth about a third of the same bonus held all the time, plus its use in lesser fights."""
    value = 0.0
    for e in resource(rid).effects:
        amount = int(e.get("amount", 1))
        if e.verb == "bonus" and e.get("attribute") == "strength":
            gain = e_atk(strength + amount, foe.dv) - e_atk(strength, foe.dv)
            value += 0.5 + SKILL_SHARE * W_MAIN_HIT * gain
        elif e.verb == "bonus" and e.get("attribute") == "speed":
            saved = e_def(speed, foe.av - 1) - e_def(speed + amount, foe.av - 1)
            value += 0.3 + SKILL_SHARE * W_SPEED * saved
        else:
            value += SKILL_VALUE.get(rid, 0.8) * 0.6
    return value


def combat_value(foe: Foe, strength: int, speed: int) -> float:
    """Strength is worth more on a strong champion (only strong blows hurt a main enemy);
    speed less on a quick one (a strike it already mostly parries)."""
    return (W_STRENGTH * strength + W_MAIN_HIT * e_atk(strength, foe.dv)
            - W_SPEED * e_def(speed, foe.av - 1))


_UPGRADE: dict[tuple[Any, ...], float] = {}
CLEARERS += [_WORTH.clear, _UPGRADE.clear]


def upgrade(foe: Foe, c: ChampionView, rid: str) -> float:
    """What gaining the card adds to the champion (0 for a spell it may not hold)."""
    key = _signature(foe, c) + (rid,)
    value = _UPGRADE.get(key)
    if value is None:
        if len(_UPGRADE) > 50000:
            _UPGRADE.clear()
        value = _UPGRADE[key] = _upgrade(foe, c, rid)
    return value


def _upgrade(foe: Foe, c: ChampionView, rid: str) -> float:
    r = resource(rid)
    if r.kind == "spell" and not c.get("spirit_touched"):
        return 0.0
    if rid in c.get("resources", []):
        return 0.0
    return max(0.0, worth(foe, _with_card(c, rid)) - worth(foe, c))


def loss(foe: Foe, c: ChampionView, rid: str) -> float:
    """What giving the card away costs the champion."""
    return max(0.0, worth(foe, c) - worth(foe, _with_card(c, None, without=rid)))


def moved(giver: ChampionView, taker: ChampionView, rid: str) -> tuple[ChampionView, ChampionView]:
    """The two champions after the card changes hands."""
    return _with_card(giver, None, without=rid), _with_card(taker, rid)


def best_transfers(foe: Foe, giver: ChampionView, taker: ChampionView, cards: list[str]) -> list[str]:
    """Cards to hand over one at a time while each raises the pair's worth by a clear margin."""
    out: list[str] = []
    pool = list(cards)
    while pool:
        before = worth(foe, giver) + worth(foe, taker)
        gains = []
        for rid in pool:
            g, t = moved(giver, taker, rid)
            gains.append((worth(foe, g) + worth(foe, t) - before, rid))
        gain, rid = max(gains)
        if gain <= 0.5:
            break
        out.append(rid)
        pool.remove(rid)
        giver, taker = moved(giver, taker, rid)
    return out


def price_in(label: str) -> int | None:
    m = re.search(r"\((\d+) gold\)", label)
    return int(m.group(1)) if m else None


def gold_cost(foe: Foe, gold: int) -> float:
    """What a coin is worth to a champion: less the more it holds (gold has few other uses),
    and next to nothing from Act 1 round 4 on (gold left when the game ends buys nothing)."""
    if foe.late:
        return 0.02
    return 0.3 if gold <= 5 else 0.15 if gold <= 10 else 0.05


TRANSFERABLE = ("weapon", "armour", "item")


def gather_score(foe: Foe, c: ChampionView, rid: str, price: int | None, difficulty_change: int = 0,
                 allies: list[ChampionView] | None = None) -> float:
    """(upgrade x probability of getting it) minus the gold it costs (D-05; gold is nearly
    free from Act 1 round 4 on, see :func:`gold_cost`). A card that can
    be handed on counts what it would give the ally who gains most, less the trouble."""
    value = upgrade(foe, c, rid)
    r = resource(rid)
    if allies and r.kind in TRANSFERABLE:
        value = max([value] + [upgrade(foe, a, rid) - 1.0 for a in allies])
    if value <= 0:
        return 0.0
    p_test = p_pass(attr(c, r.test.attribute), r.test.difficulty + difficulty_change) if r.test else 0.0
    best = value * p_test
    if price is not None and price <= c["gold"]:
        best = max(best, value - gold_cost(foe, c["gold"]) * price)
    return best


def pay_or_test(c: ChampionView, rid: str, options: tuple[str, ...], difficulty_change: int = 0) -> str:
    """Pay if the test's chance is below one half and the gold is enough (D-05)."""
    r = resource(rid)
    if "test" not in options:
        return "pay"
    if "pay" not in options:
        return "test"
    p = p_pass(attr(c, r.test.attribute), r.test.difficulty + difficulty_change) if r.test else 0.0
    return "test" if p >= 0.5 else "pay"


def party_value(foe: Foe, champions: list[ChampionView], rid: str) -> float:
    """The most any champion in play would gain from the card (what a discard throws away)."""
    r = resource(rid)
    if r.kind == "relic":
        return 0.0  # relics are never gathered; discarding one frees the Hand (D-05)
    best = 0.0
    for c in champions:
        value = upgrade(foe, c, rid)
        if r.test and not r.cost:
            value *= p_pass(attr(c, r.test.attribute), r.test.difficulty)
        best = max(best, value - (0.3 * (r.cost or 0) if r.cost and r.cost > c["gold"] + 3 else 0.0))
    return best


# ---- choosing a champion (D-02, D-21) -----------------------------------------------------------------


def weapon_strength(cid: str) -> int:
    card = content().champions[cid]
    return card.strength + max((resource(r).bonus("strength") for r in card.equipment), default=0)


def defence_strength(cid: str) -> int:
    card = content().champions[cid]
    return card.speed + max((resource(r).bonus("speed") for r in card.equipment), default=0)


def trades_anywhere(cid: str) -> bool:
    """A unique action that gathers from the Hand on any space (a market that travels)."""
    return any(e.verb == "gather" and e.get("any_space") for e in content().champions[cid].unique.effects)


def champion_pick(party: list[str], options: list[str]) -> str:
    """A fighter first (Str + weapon >= 5: only strong blows hurt a main enemy's DV), then
    the champions who keep it fighting: quick ones (speed + armour) who take the enemy's
    strikes in its place, and those who buy its cards (persuasion, gold, trading on any
    space). Measured over fixed seeds, this beats a healer or a second slow fighter: the main
    enemy strikes once per combat round, at the defender the team names."""
    cards = content().champions

    def toughness(cid: str) -> tuple[int, int, str]:
        card = cards[cid]
        return (card.life + card.will, weapon_strength(cid), cid)

    if not any(weapon_strength(p) >= 5 for p in party):
        fighters = [o for o in options if weapon_strength(o) >= 5]
        if fighters:
            return max(fighters, key=lambda o: (weapon_strength(o),) + toughness(o))

    def support(cid: str) -> tuple[int, int, int, int, str]:
        card = cards[cid]
        score = 2 * defence_strength(cid) + card.persuasion + card.gold + (3 if trades_anywhere(cid) else 0)
        return (score, card.strength + card.speed) + toughness(cid)

    return max(options, key=support)


# ---- what an effect is worth to a champion -------------------------------------------------------------

# Each verb's worth per unit is the vocabulary's (VERBS[verb].worth, in the same currency as
# ``worth``: a point of strength is about 1.6); this refines it by the champion's state.


def effect_value(effect: Any, c: ChampionView | None = None) -> float:
    """The AI's estimate of one effect (a content Effect or a plain record) for champion ``c``:
    the per-unit worth times its amount, with nested rewards (``on_win``, ``on_pass``) at half
    weight since they are not sure. Healing and will are worth nothing when already full."""
    record = effect if isinstance(effect, dict) else {"verb": effect.verb, **dict(effect.params)}
    verb = record["verb"]
    amount = record.get("amount", record.get("count", 1))
    amount = int(amount) if isinstance(amount, int) else 1
    value = VERBS.worth(verb) * amount
    if c is not None:
        if verb == "heal":
            value = VERBS.worth(verb) * min(amount, c["max_life"] - c["life"])
        elif verb == "gain_will":
            value = VERBS.worth(verb) * min(amount, c["max_will"] - c["will"])
        elif verb == "lose_life" and c["life"] <= amount:
            value -= 10.0  # it would end the champion
    for key in ("on_win", "on_pass"):
        for inner in record.get(key, ()) or ():
            value += 0.5 * effect_value(inner, c)
    return value
