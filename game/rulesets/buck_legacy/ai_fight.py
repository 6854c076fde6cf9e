"""The Buck: Legacy AI in the fights: the Compare window (D-16 to D-18, D-25), the Boss Attack's
red die (D-21), check and Escape dice (D-14, D-22), the automatic parry (D-19), "Our Weapons
Are Useless!" (D-20), the order of own Monsters (D-15) and of own Dungeon cards (D-12).

The Compare window is planned in Combat Points: every act at hand is a sure change (Instant
Damage, +1 to the white die, Fortitude, Acid Storm, Support, a weapon spell the Monster is
vulnerable to) or a reroll, each with a cost in Gold-like points (Mana 3 a point, Tesla 5, a
single-use card what it is worth). The AI takes the cheapest set of sure changes that turns the
outcome into a win (or a loss into a Parry, when losing is dear), else the reroll that is worth
its cost, one act at a time: the window asks it again after each.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy.ai_race import spoiling
from game.rulesets.buck_legacy.ai_worth import single_worth
from game.rulesets.buck_legacy.ai_trade import shelter
from game.rulesets.buck_legacy.ai_tools import (
    Foe,
    action_of,
    action_verb,
    boss_foe,
    bonus,
    can_ever_win,
    content,
    eventual,
    heal_on_six,
    is_single_use,
    lead,
    me_of,
    outheals,
    own_effects,
    mana_reserve,
    party_aid,
    roll_mods,
    runaway,
    tactics,
)
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView, CheckView, FightView

Answer = tuple[str, ...]
MANA = 3.0
TESLA = 5.0
SPELL_MANA = {"magic_missile": 3, "magic_arrow": 3, "voltage_surge": 3, "power_shunt": 3, "fortitude": 3,
              "acid_storm": 4, "spark": 1, "ember": 1, "retribution": 1, "protection": 2, "crystal_wings": 2,
              "flash": 2, "healing": 2, "dispel": 2, "null_zone": 4}
WEAPON_SPELLS = {"spark": "electric", "ember": "fire", "retribution": "holy"}
HARMFUL_SPECIALS = ("boss_roll", "check", "lose_unless_flight", "drain_mana", "attach_curse")


@dataclass(frozen=True)
class Act:
    oid: str
    delta: int
    """The sure change to the fighter's lead in Combat Points."""
    cost: float
    parry: bool = False
    """It gives the fighter's weapon the automatic parry (a weapon spell)."""
    reroll: str = ""
    """"white" or "black" for a reroll of that die."""
    lasting: int = 0
    """The part of ``delta`` that outlasts a Parry's fresh dice (BL-126): Support and a weapon spell
    (Combat Strength), Acid Storm (Level); Instant Damage and changes to a die do not."""
    black: int = 0
    """A lasting change to the Monster's rolls (Fortitude, BL-225)."""


def spell_cost(view: BLView, me: AdventurerView, mana: int) -> float:
    """What casting for ``mana`` costs in Gold-like points: 3 a point, four times that for each
    point taken from the reserve kept for the Boss (:func:`mana_reserve`)."""
    below = max(0, min(mana, mana_reserve(view, me) - (me["mana"] - mana)))
    return MANA * mana + 3 * MANA * below


def _cost_of_card(card: str, me: AdventurerView, view: BLView) -> float:
    if card in (me["backpack"] or []) and is_single_use(card):
        return single_worth(card, me, view)
    ability = action_of(card)
    if ability is None:
        return 5.0
    cost = TESLA * int(ability.get("tesla", 0)) + MANA * int(ability.get("mana", 0))
    return cost if cost else 0.5


def _headroom(fight: FightView, fighter: AdventurerView) -> int:
    _, exempt = roll_mods(fighter)
    return max(0, 6 - (fight["white_final"] - exempt))


def acts(view: BLView, decision: Decision, seat: int, fight: FightView) -> list[Act]:
    """Every act of ``seat`` in this Compare window that helps the fighter, with its cost."""
    me = me_of(view, seat)
    fighter = me_of(view, fight["fighter"])
    found: list[Act] = []
    headroom = _headroom(fight, fighter)
    mine = fight["fighter"] == seat
    for oid in decision.option_ids:
        kind, _, rest = oid.partition(":")
        if kind == "support":
            weapon = me["slots"].get("weapon")
            amount = content().gear(weapon).cs if weapon else 0
            if any(e.verb == "support" and e.get("mode") == "double" for e in own_effects(me)):
                amount *= 2
            if amount:
                found.append(Act(oid, amount, 0.0, lasting=amount))
        elif kind == "cast":
            spell, _, subject = rest.partition(":")
            cost = spell_cost(view, me, SPELL_MANA.get(spell, 3))
            if spell in ("magic_missile", "magic_arrow"):
                found.append(Act(oid, 1 + bonus(me, "instant_damage_bonus"), cost))
            elif spell == "voltage_surge" and subject == "white" and headroom > 0:
                found.append(Act(oid, 1, cost))
            elif spell == "power_shunt" and subject in ("white", "black"):
                found.append(Act(oid, 0, cost, reroll=subject))
            elif spell == "fortitude" and subject == fight["monster"]:
                found.append(Act(oid, 1 if fight["black_final"] > 1 else 0, cost, black=-1))
            elif spell == "acid_storm":
                found.append(Act(oid, 1, cost + 2, lasting=1))
            elif spell in WEAPON_SPELLS and subject == str(fight["fighter"]) and not fight["auto_parry"]:
                kind_added = WEAPON_SPELLS[spell]
                if kind_added in fight["vulnerable"] and kind_added not in fight["resist"]:
                    weapon = fighter["slots"].get("weapon")
                    types = content().gear(weapon).types if weapon else ()
                    resisted = any(t in fight["resist"] for t in types)
                    delta = 0 if resisted else 1
                    found.append(Act(oid, delta, cost, parry=True, lasting=delta))
        elif kind == "use":
            card, _, die = rest.partition(":")
            verb = action_verb(card)
            ability = action_of(card)
            if ability is None:
                continue
            cost = _cost_of_card(card, me, view)
            if verb == "instant_damage" and not die:
                amount = int(ability.get("amount", 1)) + bonus(me, "instant_damage_bonus")
                found.append(Act(oid, amount, cost))
            elif verb == "add_to_roll" and die == "white" and headroom > 0 and not ability.has("check"):
                found.append(Act(oid, min(int(ability.get("amount", 1)), headroom), cost))
            elif verb == "set_die" and die == "white" and mine:
                found.append(Act(oid, max(0, int(ability.get("value", 6)) - (fight["white_final"])), cost))
            elif verb == "reroll" and die in ("white", "black"):
                found.append(Act(oid, 0, cost, reroll=die))
    return found


def _again(view: BLView, fight: FightView, parry: bool, lasting: int = 0, black_change: int = 0) -> float:
    """The chance of winning on fresh dice, Instant Damage gone (after a Parry, BL-126), with the
    lasting changes of the acts planned."""
    fighter = me_of(view, fight["fighter"])
    ordinary, exempt = roll_mods(fighter)
    black = black_change
    if fight["boss"]:
        attack = fight["red_final"]
        black = {1: -1, 3: 1}.get(attack, 0)
        if attack == 5 and not fighter["flight"]:
            ordinary -= 2
    if fight["monster"] in view["fortitude"]:
        black -= 1
    return eventual(fight["strength"] + lasting, fight["level"], ordinary, exempt, black, parry)


def chance_after(view: BLView, fight: FightView, delta: int, parry: bool, lasting: int = 0,
                 black: int = 0) -> float:
    """The chance of winning in the end once the lead changes by ``delta`` (``lasting`` and
    ``black`` of it holding for fresh dice after a Parry)."""
    lead_now = fight["fighter_cp"] + delta - fight["monster_cp"]
    has_parry = parry or fight["auto_parry"]
    if lead_now > 0:
        return 1.0
    if lead_now == 0 or has_parry:
        return _again(view, fight, has_parry, lasting, black)
    return 0.0


def _reroll_chance(view: BLView, fight: FightView, die: str) -> float:
    """The chance of winning in the end after rerolling ``die``."""
    total = 0.0
    if die == "white":
        shift = fight["white_final"] - fight["white"]
        for face in range(1, 7):
            new = max(1, min(6, face + shift)) if shift <= 0 or fight["white_final"] <= 6 else face + shift
            total += chance_after(view, fight, new - fight["white_final"], False)
    else:
        shift = fight["black_final"] - fight["black"]
        for face in range(1, 7):
            new = max(1, min(6, face + shift))
            total += chance_after(view, fight, fight["black_final"] - new, False)
    return total / 6


def stake(view: BLView, fight: FightView, seat: int) -> float:
    """What winning this battle rather than losing it is worth, in Gold-like points: a Boss HP, or
    the Monster's Loot, its counter and its place among defeated Monsters; and the Stun a failed
    Escape would bring (the fighter's Trophy cards, the draws to come)."""
    fighter = me_of(view, fight["fighter"])
    escape_bonus = bonus(fighter, "check_bonus", check="escape")
    fail = min(1.0, max(0.0, (fight["escape"] - 1 - escape_bonus) / 6))
    trophies = sum(1 for c in fighter["distance_deck"] if content().dungeon_card(c).counter == "trophy")
    stun = 25.0 + 15.0 * trophies
    if fight["boss"]:
        return 45.0 + fail * stun
    card = content().dungeon_card(fight["monster"])
    value = card.loot / 3 + 8.0 + (15.0 if card.counter == "trophy" else 0.0)
    return value + fail * stun


def plan(view: BLView, fight: FightView, found: list[Act], weight: float) -> str | None:
    """The first act of the best plan: the cheapest set of sure changes reaching a win (or a Parry),
    else the best reroll, if it gains more than it costs (``weight`` scales the stake)."""
    now = fight["chance"]
    value = stake(view, fight, fight["fighter"]) * weight
    best: tuple[float, str] | None = None
    sure = sorted((a for a in found if not a.reroll and (a.delta > 0 or a.parry or a.black)),
                  key=lambda a: a.cost)[:8]
    for size in range(1, min(4, len(sure)) + 1):
        for combo in combinations(sure, size):
            delta = sum(a.delta for a in combo)
            parry = any(a.parry for a in combo)
            after = chance_after(view, fight, delta, parry, sum(a.lasting for a in combo), sum(a.black for a in combo))
            net = (after - now) * value - sum(a.cost for a in combo)
            if net > 0 and (best is None or net > best[0]):
                first = max(combo, key=lambda a: (a.parry, a.delta, -a.cost))
                best = (net, first.oid)
    for act in found:
        if act.reroll:
            after = _reroll_chance(view, fight, act.reroll)
            net = (after - now) * value - act.cost
            if net > 0 and (best is None or net > best[0]):
                best = (net, act.oid)
    return best[1] if best else None


# -- the windows ---------------------------------------------------------------------------------------------

def help_window(view: BLView, decision: Decision, rng: Rng) -> Answer:
    answer = _window(view, decision)
    if answer == ("pass",):
        return (_refill_mana(view, decision) or _fly_for_the_boss(view, decision) or "pass",)
    return answer


def _window(view: BLView, decision: Decision) -> Answer:
    if decision.rule == "BL-094":
        return _check_window(view, decision)
    fight = view["fight"]
    if fight is None:
        return _revive_now(view, decision) or ("pass",)
    if decision.rule == "BL-173":
        return _red(view, decision, fight)
    if decision.rule != "BL-115":
        return ("pass",)
    return _compare(view, decision, fight)


def _device(decision: Decision, verb: str) -> str | None:
    """The option of an equipped card's action of ``verb`` (a device, not a single-use card)."""
    for oid in decision.option_ids:
        if oid.startswith("use:") and action_verb(oid.split(":")[1]) == verb and not is_single_use(oid.split(":")[1]):
            return oid
    return None


def _refill_mana(view: BLView, decision: Decision) -> str | None:
    """AK-15, BL-229: a Mana device (the Perpetual Dynamo: 3 Mana for 2 Tesla) refills a caster
    whose Mana is short: in the Boss fight whenever the 3 fit under the maximum, before it while
    Mana is below what is kept for the Boss (:func:`mana_reserve`)."""
    me = me_of(view, decision.seat)
    if me["magic_rank"] < 1 or me["mana"] + 3 > me["max_mana"]:
        return None
    if not view["boss_up"] and me["mana"] >= mana_reserve(view, me):
        return None
    return _device(decision, "restore_mana")


def _fly_for_the_boss(view: BLView, decision: Decision) -> str | None:
    """BL-186, BL-244: once the Boss is up, Flight from a device lasts the Adventure (as Crystal
    Wings does, BL-218), so an Adventurer who can win Boss rounds takes it at once: no Ground
    Slam (-2 on the roll) nor a Boss's "loses without Flight" will touch it again. Not by the
    hard player that leaves the last Boss standing (ai_race): Flight would only win it rounds
    against that Boss, for Tesla."""
    me = me_of(view, decision.seat)
    foe = boss_foe(view)
    if not view["boss_up"] or me["flight"] or foe is None or not can_ever_win(me, foe) or spoiling(view, decision.seat):
        return None
    return _device(decision, "grant_flight")


def _compare(view: BLView, decision: Decision, fight: FightView) -> Answer:
    """D-16 to D-18: the fighter changes the outcome when it pays; others help by the cooperation
    stance (always in a Boss fight; Support otherwise, unless the fighter is the runaway leader or
    well ahead), and hinder only the runaway leader, never in a Boss fight (but the hard player's
    last Boss left standing, ai_race)."""
    seat = decision.seat
    ids = decision.option_ids
    if fight["boss"] and spoiling(view, seat):
        # The last Boss would fall to the rival's gain: its winning rounds are hindered, nothing
        # else is done for the Boss's defeat (ai_race).
        if fight["fighter"] != seat and fight["fighter_cp"] > fight["monster_cp"]:
            return (_hinder(view, decision, fight) or "pass",)
        return ("pass",)
    if fight["boss"]:
        for oid in ids:
            if oid.startswith("use:") and action_verb(oid.split(":")[1]) == "boss_damage":
                return (oid,)
    revived = _revive_now(view, decision)
    if revived is not None and fight["boss"]:
        return revived
    if fight["fighter_cp"] > fight["monster_cp"]:
        return (_hinder(view, decision, fight) or "pass",)
    if fight["auto_parry"] and fight["win"] > 0:
        return ("pass",)  # every loss is a Parry: the fight is won in the end (BL-124)
    if fight["fighter"] == seat:
        return (plan(view, fight, acts(view, decision, seat, fight), 1.0) or _shelter_loot(view, decision, fight)
                or "pass",)
    fighter = fight["fighter"]
    if fight["boss"]:
        return (plan(view, fight, acts(view, decision, seat, fight), 0.9) or "pass",)
    if two_seat_rival(view) or runaway(view, fighter) or (
            lead(view, fighter) > 0 and view["adventurers"][fighter]["medals"] > view["adventurers"][seat]["medals"]):
        return ("pass",)  # outside a Boss fight, no Support for the runaway leader, nor the sole leader
        # when ahead of this AI (section 6, cooperation stance)
    supports = [a for a in acts(view, decision, seat, fight) if a.oid == "support"]
    if supports:
        act = supports[0]
        gained = chance_after(view, fight, act.delta, False) - fight["chance"]
        if gained >= 0.15 or (fight["fighter_cp"] + act.delta > fight["monster_cp"]):
            return ("support",)
    return ("pass",)


def _shelter_loot(view: BLView, decision: Decision, fight: FightView) -> str | None:
    """BL-017: a fighter about to lose to a Monster that takes Gold when it wins ("lose 20 Gold")
    gives the Gold it would lose anyway to an ally (ai_trade.shelter)."""
    if fight["boss"] or fight["auto_parry"] or fight["fighter_cp"] >= fight["monster_cp"]:
        return None
    card = content().dungeon_card(fight["monster"])
    taken = sum(-int(a.get("amount", 0)) for a in card.abilities if a.verb == "gold" and a.get("when") == "lose")
    return shelter(view, decision, taken)


HINDER_WORTH = 18.0
"""What keeping a rival from a won battle is worth (Gold-like points): its Loot, its counter and
its defeated Monster count toward Medals; half again for the runaway leader."""


def rival(view: BLView, seat: int, other: int) -> bool:
    """D-18 and the Medal race: ``other`` is the runaway leader, or the sole leader ahead of this
    AI while the AI is the one chasing them (no one else between); for the hard player in a
    two-seat game, always (Tactics.two_seat_rivalry)."""
    if two_seat_rival(view) or runaway(view, other):
        return True
    medals = [a["medals"] for a in view["adventurers"]]
    others = [m for s, m in enumerate(medals) if s not in (seat, other)]
    return lead(view, other) >= 1 and medals[seat] >= max(others, default=0)


def two_seat_rival(view: BLView) -> bool:
    """Whether the seat answering treats the other Adventurer of a two-seat game as its rival
    in everything (the hard player's Tactics.two_seat_rivalry)."""
    return tactics().two_seat_rivalry and len(view["adventurers"]) == 2


def needed_against_boss(view: BLView, fighter: int, seat: int) -> bool:
    """Whether the party needs ``fighter`` for the Boss: fewer than two others can win its rounds
    (semi-cooperative: the Boss defeated gives everyone a Treasure and a Medal, BL-197). The hard
    player in a two-seat game never spares its rival so (Tactics.two_seat_rivalry)."""
    foe = boss_foe(view)
    if foe is None or two_seat_rival(view):
        return False
    able = [a for a in view["adventurers"] if a["seat"] != fighter and can_ever_win(a, foe)]
    return len(able) < 2


def _hinder(view: BLView, decision: Decision, fight: FightView) -> str | None:
    """D-18, BL-202: a rival in the Medal race (:func:`rival`) about to win a battle against a
    Monster (never the Boss, unless the hard player leaves the last Boss standing, ai_race: then
    the Boss's round is worth its stake) is hindered when it pays: +1 on the Monster's die
    (Voltage Surge, or a card's +1), or a reroll of the rival's white die. The party must still
    beat the Boss, so a rival it needs there is only held to a Parry (rolled again), never sent
    to an Escape."""
    seat = decision.seat
    fighter = fight["fighter"]
    lead_cp = fight["fighter_cp"] - fight["monster_cp"]
    spoiled = fight["boss"] and spoiling(view, seat)
    if (fight["boss"] and not spoiled) or fighter == seat or lead_cp <= 0 or not rival(view, seat, fighter):
        return None
    me = me_of(view, seat)
    parry_only = needed_against_boss(view, fighter, seat)
    value = stake(view, fight, fighter) if spoiled else HINDER_WORTH * (1.5 if runaway(view, fighter) else 1.0)
    headroom = 6 - fight["black_final"]
    best: tuple[float, str] | None = None
    for oid in decision.option_ids:
        kind, _, rest = oid.partition(":")
        delta, reroll, cost = 0, False, 0.0
        if oid == "cast:voltage_surge:black" and me["mana"] - 3 >= 4:
            delta, cost = 1, spell_cost(view, me, 3)
        elif oid == "cast:power_shunt:white" and me["mana"] - 3 >= 4 and not parry_only:
            reroll, cost = True, spell_cost(view, me, 3)
        elif kind == "use" and rest.count(":") == 1:
            card, _, die = rest.partition(":")
            ability = action_of(card)
            if ability is None:
                continue
            if ability.verb == "add_to_roll" and die == "black" and not ability.has("check"):
                delta, cost = int(ability.get("amount", 1)), _cost_of_card(card, me, view)
            elif ability.verb == "reroll" and die == "white" and ability.get("die") == "any" and not parry_only:
                reroll, cost = True, _cost_of_card(card, me, view)
        delta = min(delta, headroom)
        if reroll:
            after = _reroll_chance(view, fight, "white")
        elif delta >= lead_cp and not (parry_only and delta > lead_cp):
            after = chance_after(view, fight, -delta, False)
        else:
            continue
        net = (1.0 - after) * value - cost
        if net > 0 and (best is None or net > best[0]):
            best = (net, oid)
    return best[1] if best else None


def _revive_now(view: BLView, decision: Decision) -> Answer | None:
    """D-23: in a Boss fight, revive a Stunned ally early in the phase (they fight from the next)."""
    if not view["boss_up"] or spoiling(view, decision.seat):
        return None
    stunned = [a["seat"] for a in view["adventurers"] if a["stunned"] and not runaway(view, a["seat"])]
    if not stunned:
        return None
    target = max(stunned, key=lambda s: view["adventurers"][s]["strength"])
    oid = f"cast:healing:{target}"
    if oid in decision.option_ids:
        return (oid,)
    return None


def _red(view: BLView, decision: Decision, fight: FightView) -> Answer:
    """D-21: against a Volley that would stun, Protection (+4) if it reaches the Level, else a
    reroll of the red die; against a Ground Slam without Flight, Flight when the -2 costs 0.15 of
    the win chance; against a harmful Special Ability, Null Zone or a reroll; Voltage Surge on the
    red die only to turn a harmless 3 into a 4, or a 4 into a 5 for a fighter with Flight."""
    ids = decision.option_ids
    seat = decision.seat
    if spoiling(view, seat):
        return ("pass",)  # no shield against the last Boss's attack for anyone (ai_race)
    fighter = me_of(view, fight["fighter"])
    red = fight["red_final"]
    level = fight["level"]
    if red == 4 and fighter["protection"] < level:
        gap = level - fighter["protection"]
        if gap <= 4:
            for oid in ids:
                if oid == f"cast:protection:{fight['fighter']}":
                    return (oid,)
            if seat == fight["fighter"]:
                for oid in ids:
                    if oid.startswith("use:") and action_verb(oid.split(":")[1]) == "grant_protection":
                        return (oid,)
        elif gap <= 8 and seat == fight["fighter"]:
            for oid in ids:  # two +4s (a card and a spell) when one alone falls short
                if oid.startswith("use:") and action_verb(oid.split(":")[1]) == "grant_protection":
                    return (oid,)
        return (_red_reroll(ids) or "pass",)
    if red == 3 and fighter["protection"] >= level and "cast:voltage_surge:red" in ids \
            and me_of(view, seat)["mana"] >= 6:
        return ("cast:voltage_surge:red",)
    if red == 4 and fighter["flight"] and "cast:voltage_surge:red" in ids and me_of(view, seat)["mana"] >= 6:
        return ("cast:voltage_surge:red",)
    if red == 5 and not fighter["flight"]:
        ordinary, exempt = roll_mods(fighter)
        with_slam = eventual(fight["strength"], level, ordinary - 2, exempt, 0, fight["auto_parry"])
        without = eventual(fight["strength"], level, ordinary, exempt, 0, fight["auto_parry"])
        if without - with_slam >= 0.05 and seat == fight["fighter"]:
            for oid in ids:  # a Flight device (Tesla) first, then a single-use card
                card = oid.split(":")[1] if oid.startswith("use:") else ""
                if card and action_verb(card) == "grant_flight" and not is_single_use(card):
                    return (oid,)
        if without - with_slam >= 0.15:
            target = f"cast:crystal_wings:{fight['fighter']}"
            if target in ids:
                return (target,)
            if seat == fight["fighter"]:
                for oid in ids:
                    if oid.startswith("use:") and action_verb(oid.split(":")[1]) == "grant_flight":
                        return (oid,)
            if without - with_slam >= 0.3:
                return (_red_reroll(ids, cheap=True) or "pass",)
    if red == 6:
        foe = boss_foe(view)
        special = foe.special if foe is not None else ""
        if special == "gold" and seat == fight["fighter"] and not view["null_zone"]:
            boss = content().zones[view["zone"]].boss
            taken = -sum(int(e.get("amount", 0)) for e in (boss.special if boss is not None else ()) if e.verb == "gold")
            found = shelter(view, decision, taken)  # the Boss steals it (BL-187): to an ally instead
            if found is not None:
                return (found,)
        harmful = special in HARMFUL_SPECIALS and not (special == "lose_unless_flight" and fighter["flight"])
        if harmful:
            if "cast:null_zone" in ids and not view["null_zone"] and special != "drain_mana":
                return ("cast:null_zone",)
            if special in ("check", "lose_unless_flight", "boss_roll"):
                return (_red_reroll(ids) or "pass",)
    return ("pass",)


def _red_reroll(ids: tuple[str, ...], cheap: bool = False) -> str | None:
    """A reroll of the red die: Power Shunt, then a device, then a single-use card."""
    spells = [o for o in ids if o == "cast:power_shunt:red"]
    devices = [o for o in ids if o.startswith("use:") and o.endswith(":red")
               and action_verb(o.split(":")[1]) == "reroll" and not is_single_use(o.split(":")[1])]
    cards = [o for o in ids if o.startswith("use:") and o.endswith(":red")
             and action_verb(o.split(":")[1]) == "reroll" and is_single_use(o.split(":")[1])]
    for group in (spells, devices, [] if cheap else cards):
        if group:
            return group[0]
    return None


def _check_window(view: BLView, decision: Decision) -> Answer:
    """D-14, D-22: whoever checks turns a failure into a pass, the cheapest way (+1 or +2 when that
    is enough, else Flash on a failed Escape, else a reroll); others help an Escape in a Boss fight."""
    check: CheckView | None = view["check"]
    seat = decision.seat
    if check is None or check["final"] >= check["need"]:
        return ("pass",)
    ids = decision.option_ids
    short = check["need"] - check["final"]
    own = check["seat"] == seat
    if not own and not (view["boss_up"] and check["kind"] == "escape"):
        return ("pass",)
    if spoiling(view, seat):
        return ("pass",)  # a Stun keeps a fighter from the last Boss (ai_race)
    if short > 5:
        return ("pass",)
    me = me_of(view, seat)
    adds: list[tuple[float, int, str]] = []
    rerolls: list[tuple[float, str]] = []
    for oid in ids:
        kind, _, rest = oid.partition(":")
        if kind == "cast":
            spell, _, subject = rest.partition(":")
            if spell == "voltage_surge" and subject == "check":
                adds.append((spell_cost(view, me, 3), 1, oid))
            elif spell == "flash":
                rerolls.append((spell_cost(view, me, 2), oid))
            elif spell == "power_shunt" and subject == "check":
                rerolls.append((spell_cost(view, me, 3), oid))
        elif kind == "use" and rest.endswith(":check"):
            card = rest.partition(":")[0]
            ability = action_of(card)
            if ability is None:
                continue
            cost = _cost_of_card(card, me, view)
            if ability.verb == "add_to_roll":
                adds.append((cost, int(ability.get("amount", 1)), oid))
            elif ability.verb == "reroll":
                rerolls.append((cost, oid))
            elif ability.verb == "set_die":
                adds.append((cost, 6, oid))
    stake_value = tactics().escape_stake if check["kind"] in ("escape", "fear") else 12.0
    enough = sorted((a for a in adds if a[1] >= short), key=lambda a: a[0])
    if enough and enough[0][0] <= stake_value:
        return (enough[0][2],)
    if rerolls:
        cost, oid = min(rerolls)
        success = max(0, 7 - check["need"] + (check["final"] - check["die"])) / 6
        if success * stake_value > cost:
            return (oid,)
    if short == 2 and len(adds) >= 2:
        cheapest = sorted(adds)[:2]
        if sum(a[1] for a in cheapest) >= short and sum(a[0] for a in cheapest) <= stake_value:
            return (cheapest[0][2],)
    return ("pass",)


# -- other fight questions ------------------------------------------------------------------------------------

def parry_choice(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-19: keep the automatic Parry unless winning is impossible on fresh dice (then the Parry
    would only repeat for ever)."""
    fight = view["fight"]
    if fight is not None and fight["win"] == 0:
        return ("accept",)
    if fight is not None and fight["boss"] and spoiling(view, decision.seat):
        return ("accept",)  # the round lost, not parried: the last Boss keeps its HP (ai_race)
    return ("parry",)


def useless(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-20: fail on purpose only when no Active Adventurer (this one included) can win a Boss
    round, or faster than the Boss heals (A-55); that ends a hopeless Boss fight. Otherwise
    roll, to stay Active for the Medal."""
    foe = boss_foe(view)
    if foe is None:
        return ("roll",)
    if spoiling(view, decision.seat):
        return ("fail",)  # one fighter fewer against the last Boss (ai_race)
    fight = view["fight"]
    if fight is not None:
        aid = party_aid(view, now=True)  # what the Active casters can still add (Spark, Acid Storm)
        foe = Foe(fight["level"], tuple(fight["resist"]), tuple(fight["vulnerable"]), True, foe.hp, foe.escape,
                  foe.special, aid.types, aid.level_drop)
    heal = heal_on_six(view["zone"])
    # Each by the spells it has the Mana for: a caster with none left, whose Escape cannot fail,
    # would otherwise roll for ever against a Boss it cannot harm.
    hopeful = [a for a in view["adventurers"]
               if not a["stunned"] and can_ever_win(a, foe, now=True) and not outheals(a, foe, heal, now=True)]
    if hopeful:
        return ("roll",)
    return ("fail",)


def choose_monster(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-15: the Monster with the best win chance times its worth first (a Stun forfeits the rest)."""
    me = me_of(view, decision.seat)
    zone_mod = content().zones[view["zone"]].level_mod if view["zone"] else 0
    ordinary, exempt = roll_mods(me)

    def score(oid: str) -> float:
        card = content().dungeon_card(oid.partition(":")[2])
        weapon = me["slots"].get("weapon")
        types = content().gear(weapon).types if weapon else ()
        strength = me["strength"]
        parry = any(t in card.vulnerable for t in types)
        if any(t in card.resist for t in types) and weapon:
            strength -= content().gear(weapon).cs
        elif parry:
            strength += 1
        chance = eventual(strength, card.level + zone_mod, ordinary, exempt, 0, parry)
        return chance * (card.loot / 10 + (1.5 if card.counter == "trophy" else 0.8) + 1)
    return (max(decision.option_ids, key=score),)


def play_order(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-12: Gifts first, then Events, then Curses."""
    order = {"gift": 0, "event": 1, "curse": 2}
    return (min(decision.option_ids, key=lambda o: order.get(content().card(o.partition(":")[2]).kind, 3)),)
