"""The Buck: Legacy AI outside the fights: character creation (D-02), the Market (D-04 to D-07,
D-26), the Zone (D-08), the backpack (D-11, D-03) and Preparation (D-07, D-23, D-24), deciding
from the seat's view only; what a card is worth and Transmutation (D-10) are in ai_worth.

Gold buys nothing but cards and Tesla and wins no Medal, so a rich AI spends it: the price a
card must beat falls as Gold piles up.
"""

from __future__ import annotations

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.buck_legacy.ai_tools import (
    Foe,
    PartyAid,
    action_verb,
    adventurer_round,
    bare_strength,
    best_spell_weapon,
    boss_foe,
    can_ever_win,
    content,
    foes_weak_to,
    is_single_use,
    is_starting,
    lead,
    mana_reserve,
    me_of,
    party_aid,
    runaway,
    slot_of,
    tactics,
    zone_foe,
)
from game.rulesets.buck_legacy.ai_worth import (TRANSMUTATION_WORTH, Answer, ability_worth, caster, gain, keep_worth,
                                                owned, slot_worth, transmute_choice)
from game.rulesets.buck_legacy.view_types import AdventurerView, BLView


# -- character creation (D-02) -----------------------------------------------------------------------------

def combo_worth(race: str, klass: str, weapon: str, view: BLView, seat: int) -> float:
    c = content()
    r, k, w = c.races[race], c.classes[klass], c.starting_weapons[weapon]
    # drafting after another Adventurer, the hard player builds one that stays Active (Tactics)
    staying = tactics().draft_to_stay_active and any(a["race"] for a in view["adventurers"] if a["seat"] != seat)
    value = (16.0 if staying else 10.0) * (r.cs + k.cs + w.cs)
    rank = r.total("magic_rank") + k.total("magic_rank")
    if not staying:
        value += {0: 0.0, 1: 8.0, 2: 18.0}.get(rank, 30.0)
    if rank:
        value += 1.5 * (r.total("max_mana") + k.total("max_mana") + w.total("max_mana"))
    if view["seats"] == 2:  # the hard player's two-seat draft (Tactics)
        value += tactics().draft_spells * (rank >= 2)
        value += tactics().draft_weapon_by_foes * sum(foes_weak_to(t) for t in w.types)
    for card in (r, k, w):
        for ability in card.abilities:
            verb = ability.verb
            if verb == "combat_roll":
                value += 8.0
            elif verb == "check_bonus":
                value += {"escape": 20.0 if staying else 5.0, "fear": 2.0, "trap": 1.0,
                          "charisma": 1.0}[str(ability.get("check"))]
            elif verb == "protection":
                value += 4.0
            elif verb == "flight":
                value += 6.0
            elif verb == "instant_damage":
                value += 6.0
            elif verb == "instant_damage_bonus":
                value += 6.0 if w.has("instant_damage") else 1.0
            elif verb == "transmute":
                value += TRANSMUTATION_WORTH
            elif verb in ("backpack", "large_limit", "gold", "mana", "peek_dungeon", "max_tesla", "tesla_price"):
                value += 2.0
    taken = {a["klass"] for a in view["adventurers"] if a["seat"] != seat}
    if k.keyword == "cleric" and view["seats"] >= 3 and not any(
            t and c.classes[t].keyword == "cleric" for t in taken):
        value += 8.0  # revival for the party (D-02)
    covered = {t for a in view["adventurers"] if a["seat"] != seat
               for s in a["slots"].values() for t in c.gear(s).types}
    if not set(w.types) <= covered:
        value += 2.0
    return value


def create(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-02: the best Race, Class and Starting Weapon together, among the cards still left."""
    seat = decision.seat
    c = content()
    me = me_of(view, seat)
    taken = {a[key] for a in view["adventurers"] if a["seat"] != seat for key in ("race", "klass")} \
        | {s for a in view["adventurers"] if a["seat"] != seat for s in a["slots"].values()}
    races = [me["race"]] if me["race"] else [r for r in c.races if r not in taken]
    classes = [me["klass"]] if me["klass"] else [k for k in c.classes if k not in taken]
    weapons = [w for w in c.starting_weapons if w not in taken]

    def score(oid: str) -> float:
        pick, _, card = oid.partition(":")
        rs = [card] if pick == "race" else races
        ks = [card] if pick == "class" else classes
        ws = [card] if pick == "weapon" else weapons
        return max(combo_worth(r, k, w, view, seat) for r in rs for k in ks for w in ws)
    return (max(decision.option_ids, key=score),)


# -- the Zone (D-08) ------------------------------------------------------------------------------------------

REACH_LOSS = 0.04
"""How much less likely the party is to reach the Boss for each point of the Zone's Distance (the
Boss comes at the Zone's Distance, BL-079; every Exploration Phase before it may Stun everyone,
which ends the Adventure, BL-077): an Advanced Zone of Distance 14 was left without its Boss
twice as often as one of Distance 10, in play between normal AIs."""


def zone_score(zone_id: str, view: BLView, seat: int) -> tuple[float, float, int, int]:
    """The party's expected Boss-round wins a phase against this Boss over its HP, times the
    chance of reaching it (:data:`REACH_LOSS`): every Adventurer's round chance with their weapon
    (the Dealer's own best, backpack and shop included), the Dealer counting double; half of it
    with the Boss's weakness given to every weapon by the party's casters (Spark, Ember,
    Retribution: its automatic parry makes any chance of a win a win), half without, since such
    help comes only while the casters have Mana and are asked in time. Then the party's Combat
    Strength against the Boss's Level, 2 more with that parry (for a party that cannot win yet),
    the higher Loot, the shorter Zone."""
    zone = content().zones[zone_id]
    total = margin = 0.0
    for foe in (zone_foe(zone_id), zone_foe(zone_id, PartyAid(party_aid(view).types))):
        assert foe is not None
        for adv in view["adventurers"]:
            weight = 1.0 if adv["seat"] == seat else 0.5
            weapons = [adv["slots"].get("weapon")]
            if adv["seat"] == seat:
                weapons += [c for c in owned(adv) if slot_of(c) == "weapon"]
                weapons += [c for c in view["shop"] if slot_of(c) == "weapon" and content().gear(c).cost <= adv["gold"] + 40]
            total += weight * max(adventurer_round(adv, foe, w) for w in weapons)
            best = max(best_spell_weapon(w, foe, adv) for w in weapons)
            margin += weight * (bare_strength(adv) - adv["support_received"] + best[0] + (2 if best[1] else 0)
                                - foe.level)
    hp = zone.boss.hp if zone.boss is not None else 1
    reach = max(0.2, 1.0 - REACH_LOSS * zone.distance)
    return total / hp * reach, margin / hp, zone.loot_mod, -zone.distance


def zone(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-08: the Boss the party is likeliest to defeat (its resistances and vulnerabilities against
    the party's weapons), then the higher Loot; a runaway leader plays safe, one far behind takes
    the richest of the nearly safest."""
    seat = decision.seat
    scored = {oid: zone_score(oid.partition(":")[2], view, seat) for oid in decision.option_ids}
    if tactics().zone_by_lead:  # the hard player's: by the Medal race (Tactics.zone_by_lead)
        longer = 1 if lead(view, seat) < 0 else -1
        return (max(scored, key=lambda o: (longer * content().zones[o.partition(":")[2]].distance, scored[o])),)
    best = max(scored.values())[0]
    if lead(view, seat) <= -3 and best > 0:
        near = [o for o, s in scored.items() if s[0] >= best * 0.85]
        return (max(near, key=lambda o: (scored[o][2], scored[o][0])),)
    return (max(scored, key=lambda o: scored[o]),)


# -- the Market (D-04 to D-07, D-26) ---------------------------------------------------------------------------

def price_factor(gold: int) -> float:
    """Gold-like points a Gold piece of price counts for: Gold buys only cards and Tesla, so the
    richer the AI, the less a price weighs."""
    if gold >= 300:
        return 0.03
    if gold >= 150:
        return 0.06
    return 0.12


def equip_choice(view: BLView, decision: Decision, me: AdventurerView, boss_ready: bool) -> str | None:
    """D-07: wear the best card of each slot; the weapon is the best against Monsters, and in the
    Boss's Preparation the best against the Boss. A Starting Weapon leaves the game when taken off,
    so it goes only for a clearly better weapon."""
    foe = boss_foe(view)
    for oid in decision.option_ids:
        if not oid.startswith("equip:"):
            continue
        card = oid.partition(":")[2]
        slot = slot_of(card)
        held = me["slots"].get(slot)
        if slot == "weapon":
            if boss_ready and foe is not None:
                now = adventurer_round(me, foe, held) if held else 0.0
                new = adventurer_round(me, foe, card)
                if new > now + 0.03 and (held is None or not is_starting(held) or new > now + 0.08):
                    return oid
                continue
            now_cs = content().gear(held).cs if held else -1
            new_cs = content().gear(card).cs
            if new_cs > now_cs or (new_cs == now_cs and ability_worth(card, me) > ability_worth(held or card, me)
                                   and not (held and is_starting(held))):
                return oid
            continue
        if held is None or slot_worth(card, me, foe) > slot_worth(held, me, foe) + 0.5:
            return oid
    return None


def _wants_tesla(me: AdventurerView) -> bool:
    devices = [c for c in me["slots"].values() if any(a.get("tesla") for a in content().card(c).abilities)]
    devices += [c for t, c in me["transmuted"].items() if t in me["slots"].values()
                and any(a.get("tesla") for a in content().card(c).abilities)]
    if not devices:
        return False
    need = sum(3 * int(next(a for a in content().card(c).abilities if a.get("tesla")).get("tesla")) for c in devices)
    return me["tesla"] < min(me["max_tesla"], need)


def sell_choice(view: BLView, decision: Decision, me: AdventurerView, crowded: bool) -> str | None:
    """D-06: sell a backpack card worth less than its sale value to the AI (dominated in its slot,
    not the Boss weapon, not a useful single-use card), when the backpack fills or Gold is wanted."""
    best: tuple[float, str] | None = None
    for oid in decision.option_ids:
        if not oid.startswith("sell:"):
            continue
        card = oid.partition(":")[2]
        if card not in (me["backpack"] or []):
            continue
        found = content().gear(card)
        worth = keep_worth(card, me, view)
        if worth <= found.sale / 10 + 0.01 or (crowded and worth < 8):
            if best is None or worth < best[0]:
                best = (worth, oid)
    return best[1] if best else None


def shop_pick(view: BLView, me: AdventurerView, funds: int) -> tuple[str | None, float]:
    """The shop card (``buy:<position>``) whose worth beats its price by the most, among those
    ``funds`` would pay for."""
    factor = price_factor(me["gold"])
    room = (me["backpack_limit"] - len(me["backpack"] or [])) >= 1
    best, best_score = None, 0.0
    for position, card in enumerate(view["shop"], 1):
        cost = content().gear(card).cost
        if cost > funds:
            continue
        worth = gain(card, me, view)
        if not room and (is_single_use(card) or worth < 15):
            continue
        if worth < 4:
            continue
        score = worth - cost * factor
        if score > best_score:
            best, best_score = f"buy:{position}", score
    return best, best_score


def market(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-04, D-06, D-07, D-10, D-26, in this order: wear the better gear, transmute, coat the weapon,
    sell what is dominated, restore Mana at 60% or less, buy the best card for its price (selling
    dominated cards to afford it), a Side Job with the actions left, Tesla for a device, Done."""
    me = me_of(view, decision.seat)
    ids = decision.option_ids
    found = equip_choice(view, decision, me, False) or transmute_choice(view, decision, me)
    if found is not None:
        return (found,)
    for oid in ids:
        if oid.startswith("use:"):
            card = oid.split(":")[1]  # use:<card> or use:<card>:<whom or what>
            verb = action_verb(card)
            if verb == "weapon_coating" or verb == "treasure_table" or verb == "remove_curse":
                return (oid,)
            if verb == "restore_mana" and me["mana"] + 5 <= me["max_mana"] and me["actions_left"] == 0:
                return (oid,)
    from game.rulesets.buck_legacy.ai_trade import market_gift  # (ai_trade builds on this module)

    found = market_gift(view, decision, me)  # an ally rather than the shop gets a spare card (D-09)
    if found is not None:
        return (found,)
    crowded = len(me["backpack"] or []) >= me["backpack_limit"] - 1
    found = sell_choice(view, decision, me, crowded)
    if found is not None:
        return (found,)
    if me["actions_left"] > 0:
        if "restore_mana" in ids and caster(me) and (me["mana"] <= 0.6 * me["max_mana"] or me["mana"] < min(
                me["max_mana"], mana_reserve(view, me) + 4)):
            return ("restore_mana",)  # (D-04; and full enough for the Boss round, what the party's spells need)
        pick, score = shop_pick(view, me, me["gold"])
        later, later_score = shop_pick(view, me, me["gold"] + 20 * (me["actions_left"] - 1))
        if later is not None and later != pick and later_score > score + 3:
            if _others_to_act(view, decision.seat):
                return ("wait",)  # keep the actions: interrupt if someone declares it (D-26, BL-066)
            if "side_job" in ids:
                return ("side_job",)  # Side Jobs first, to afford the better card with the last action
        if pick is not None and pick in ids:
            return (pick,)
        if "restore_mana" in ids and caster(me) and me["mana"] < me["max_mana"] and me["gold"] >= 150:
            return ("restore_mana",)
        if "side_job" in ids:
            return ("side_job",)
    if "tesla" in ids and _wants_tesla(me):
        return ("tesla",)
    return ("end",)


def _others_to_act(view: BLView, seat: int) -> bool:
    """Whether an Adventurer of lower priority has not acted yet in this Market (all 3 actions
    left and not Done): a higher-priority AI waits for their purchases to keep its interrupt."""
    order = view["priority"]
    later = order[order.index(seat) + 1:]
    return any(view["adventurers"][s]["actions_left"] == 3 and not view["adventurers"][s]["done"] for s in later)


def interrupt(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-05: take over a purchase of a card the AI would buy itself at its price, and that is at
    least as good as its own best buy; never to block alone."""
    if "interrupt" not in decision.option_ids or not view["shop"]:
        return ("pass",)
    option = decision.option("interrupt")
    assert option is not None and option.target is not None
    position = int(option.target[1])
    card = view["shop"][position - 1]
    me = me_of(view, decision.seat)
    cost = content().gear(card).cost
    worth = gain(card, me, view)
    factor = price_factor(me["gold"])
    reach = me["gold"] + 20 * (me["actions_left"] - 1)
    if worth >= 10 and worth - cost * factor > 3:
        _, best = shop_pick(view, me, reach)
        if worth - cost * factor >= best - 0.01:
            return ("interrupt",)
    return ("pass",)


def raise_funds(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """BL-066: a Side Job while an action is spare, else sell the card least worth keeping."""
    if "side_job" in decision.option_ids:
        return ("side_job",)
    me = me_of(view, decision.seat)
    return (min(decision.option_ids, key=lambda o: keep_worth(o.partition(":")[2], me, view)),)


# -- the backpack ----------------------------------------------------------------------------------------------

def overflow(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-11: use a single-use card that helps now, else sell (Market), else discard the card least
    worth keeping."""
    me = me_of(view, decision.seat)
    for oid in decision.option_ids:
        if oid.startswith("use:"):
            verb = action_verb(oid.split(":")[1])
            if verb in ("restore_mana", "treasure_table", "weapon_coating", "remove_curse"):
                return (oid,)
    for prefix in ("sell:", "discard:"):
        found = [o for o in decision.option_ids if o.startswith(prefix)]
        if found:
            return (min(found, key=lambda o: keep_worth(o.partition(":")[2], me, view)),)
    return (decision.option_ids[0],)


def keep_treasure(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """D-03: the Treasure that adds more (ties: the higher sale value)."""
    me = me_of(view, decision.seat)

    def score(oid: str) -> tuple[float, int]:
        card = oid.partition(":")[2]
        return gain(card, me, view) + content().gear(card).sale / 5, content().gear(card).sale
    return (max(decision.option_ids, key=score),)


def lose_equipped(view: BLView, decision: Decision, rng: Rng) -> Answer:
    me = me_of(view, decision.seat)
    foe = boss_foe(view)
    return (min(decision.option_ids, key=lambda o: slot_worth(o.partition(":")[2], me, foe)),)


# -- Preparation (D-07, D-10, D-23, D-24) ----------------------------------------------------------------------

def preparation(view: BLView, decision: Decision, rng: Rng) -> Answer:
    """Wear the best gear (against the Boss once it is up), transmute, revive allies (Exploration
    rather than Combat, D-23), lift own Curses that hurt (D-24), Crystal Wings for the party before
    a Boss fight (it lasts the Adventure, BL-218), coat the weapon, drink Mana when low."""
    seat = decision.seat
    me = me_of(view, seat)
    ids = decision.option_ids
    boss = view["boss_up"]
    found = equip_choice(view, decision, me, boss) or transmute_choice(view, decision, me)
    if found is not None:
        return (found,)
    stunned = [a for a in view["adventurers"] if a["stunned"]]
    if stunned:
        target = _revive_target(view, seat, [a["seat"] for a in stunned])
        if target is not None:
            oid = f"cast:healing:{target}"
            if oid in ids and (boss or not _ahead(view, target, seat)):
                return (oid,)
            if boss:
                for oid in ids:
                    if oid.startswith("use:") and action_verb(oid.split(":")[1]) == "revive":
                        return (oid,)
    for oid in ids:
        if oid.startswith("cast:dispel:"):
            curse = oid.split(":")[2]
            if curse in me["attached"] and _curse_hurts(curse) and not _curses_lead(view, seat):
                return (oid,)
        if oid.startswith("use:"):
            card = oid.split(":")[1]  # use:<card> or use:<card>:<whom or what>
            verb = action_verb(card)
            if verb in ("weapon_coating", "treasure_table"):
                return (oid,)
            if verb == "remove_curse" and any(_curse_hurts(c) for c in me["attached"]) \
                    and not _curses_lead(view, seat):
                return (oid,)
            if verb == "restore_mana" and me["mana"] + 5 <= me["max_mana"] and caster(me):
                return (oid,)
            if verb == "grant_flight" and boss and not me["flight"]:
                return (oid,)
    from game.rulesets.buck_legacy.ai_trade import market_gift  # (ai_trade builds on this module)

    found = market_gift(view, decision, me)  # a spare card to an ally who can use it (D-09)
    if found is not None:
        return (found,)
    if boss:
        foe = boss_foe(view)
        for oid in ids:
            if oid.startswith("cast:crystal_wings:") and me["mana"] >= 4:
                ally = me_of(view, int(oid.split(":")[2]))
                if not ally["flight"] and foe is not None and can_win_boss(ally, foe):
                    return (oid,)
    return ("end",)


def can_win_boss(adv: AdventurerView, foe: Foe) -> bool:
    return can_ever_win(adv, foe)


def curses(adv: AdventurerView) -> int:
    return sum(1 for c in adv["attached"] if content().card(c).kind == "curse")


def _curses_lead(view: BLView, seat: int) -> bool:
    """D-24: the Curses count at least ties the most of the others, which is worth a Medal if the
    Boss falls (BL-197): a Curse is kept then."""
    mine = curses(view["adventurers"][seat])
    return mine >= max((curses(a) for a in view["adventurers"] if a["seat"] != seat), default=0)


def _curse_hurts(curse: str) -> bool:
    """Whether a Curse's penalty weighs on the fights (D-24): anything but a lost Gold sum."""
    card = content().card(curse)
    return any(a.verb not in ("gold",) for a in card.abilities)


def _ahead(view: BLView, other: int, seat: int) -> bool:
    return view["adventurers"][other]["medals"] > view["adventurers"][seat]["medals"] + 1


def _revive_target(view: BLView, seat: int, seats: list[int]) -> int | None:
    """D-23: not the runaway leader; the strongest first."""
    found = [s for s in seats if not runaway(view, s)]
    if not found:
        return None
    return max(found, key=lambda s: view["adventurers"][s]["strength"])


def pick_seat(view: BLView, decision: Decision, rng: Rng) -> Answer:
    seats = [int(o.partition(":")[2]) for o in decision.option_ids if o.startswith("seat:")]
    target = _revive_target(view, decision.seat, seats)
    return (f"seat:{target if target is not None else seats[0]}",) if seats else (decision.option_ids[0],)

