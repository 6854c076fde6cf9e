"""The Fantasy Adventures AI for a player's own party (checklist section 6): setup, grants and
recovery, and the hero player's choices in an Encounter.

- **setup_discard** (D-01): the two lowest-rated heroes go, keeping a trap-ability hero and a
  caster where it can.
- **setup_rank**, **rearrange** (D-02, D-25, D-27): one wanted arrangement, worked out from the
  heroes alone (so moves toward it never undo each other): the best fighters in front with a
  trap-ability hero among them, the strongest in the middle beside the supporters; casters,
  Ranged and fragile high-GP heroes behind.
- **grant** (D-03, D-27): every legal item is granted (an item in hand scores nothing, FA-038),
  the richest first, each to the owner it suits best and that is safest.
- **entering** (D-08), **retreat** (D-09), **retreat_hero** (D-10), **ranged_target** (D-14),
  **support** (D-15), **melee_win** (D-16).
"""

from __future__ import annotations

from typing import Callable

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import party, traits
from game.rulesets.fantasy_adventures.ai_tools import (
    Table,
    attack_value,
    content,
    hero_card,
    hero_rating,
    hordes,
    item_armor,
    melee_odds,
    monster_card,
    monster_threat,
    table,
)
from game.rulesets.fantasy_adventures.content import Item
from game.rulesets.fantasy_adventures.state import RANK_SIZE
from game.rulesets.fantasy_adventures.view_types import FAView

Choice = tuple[str, ...]


def _after(option: str) -> str:
    return option.partition(":")[2]


# -- setup (D-01, D-02) -------------------------------------------------------------------------------

def setup_discard(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-01: discard the lowest-rated heroes, keeping at least one trap-ability hero and one caster."""
    drawn = [_after(o) for o in decision.option_ids]
    ranked = sorted(drawn, key=lambda h: (hero_rating(h), h))
    out: list[str] = []
    for hero in ranked:
        if len(out) == decision.max_choices:
            break
        kept = [h for h in drawn if h not in out and h != hero]
        info = hero_card(hero)
        if (info.trap and not any(hero_card(h).trap for h in kept)) or (
                info.orb and not any(hero_card(h).orb for h in kept)):
            continue
        out.append(hero)
    for hero in ranked:  # the keeping rules could not all be met
        if len(out) < decision.min_choices and hero not in out:
            out.append(hero)
    return tuple(f"discard:{h}" for h in out)


def front_rating(hero: str, owned: list[str]) -> float:
    """How well a hero stands in the front rank (D-02): Melee, armor and saves, the trap ability;
    casters and the rarest, richest heroes are better kept behind."""
    info = hero_card(hero)
    saves = sum(1 for i in owned if item_armor(i)) + sum(1 for a in info.all_abilities() if a.verb == "save")
    melee = info.melee + sum(int(a.get("amount")) for i in owned for a in content().card(i).all_abilities()
                             if a.verb == "melee")
    ranged = any(a.verb == "ranged" for a in info.all_abilities())
    return melee + 0.7 * saves + 0.5 * info.trap - 1.5 * bool(info.orb) - 1.0 * ranged - info.gp / 400


def arrangement(heroes: list[str], items: dict[str, list[str]],
                thin: bool = False) -> tuple[list[str | None], list[str | None]]:
    """The wanted ranks (D-02): four fighters in front, at least one with the trap ability, the
    two strongest in the middle; the others behind, supporters next to the middle. With
    ``thin`` (the hard player's tactic, :func:`rearrange_thin`), only as many fighters in front
    as the back rank's four positions leave over, at least one."""
    def rating(h: str) -> float:
        return front_rating(h, items.get(h, []))

    ordered = sorted(heroes, key=lambda h: (-rating(h), h))
    in_front = max(1, len(heroes) - RANK_SIZE) if thin else RANK_SIZE
    front = ordered[:in_front]
    if front and not any(hero_card(h).trap for h in front):
        trappers = [h for h in ordered[in_front:] if hero_card(h).trap]
        if trappers:
            front[-1] = trappers[0]
    back = [h for h in ordered if h not in front]
    return _lay_out(front, rating), _lay_out(back, _back_rating)


def _back_rating(hero: str) -> float:
    """Behind, supporters go in the middle, beside the most heroes."""
    return hero_card(hero).support + front_rating(hero, []) / 10


def _lay_out(heroes: list[str], rating: Callable[[str], float]) -> list[str | None]:
    """Four positions: the best two in the middle (each has two neighbours to support it), then
    the outer ones; open positions at the ends."""
    ranked = sorted(heroes, key=lambda h: (-rating(h), h))
    cells: list[str | None] = [None] * RANK_SIZE
    for hero, position in zip(ranked, (1, 2, 0, 3)):
        cells[position] = hero
    return cells


def setup_rank(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-02: the front rank of the wanted arrangement, left to right; then the others behind."""
    drawn = [_after(o) for o in decision.option_ids]
    me = view["players"][decision.seat]
    if not any(me["front"]):
        want = arrangement(drawn, {})[0]
    else:
        want = _lay_out(drawn, _back_rating)
    picked = [h for h in want if h is not None]
    picked += [h for h in drawn if h not in picked and len(picked) < decision.min_choices]
    return tuple(f"hero:{h}" for h in picked[:decision.max_choices])


def rearrange(view: FAView, decision: Decision, rng: Rng, thin: bool = False) -> Choice:
    """D-27, D-25: move one misplaced hero to its wanted position (a summoned hero included)."""
    t = table(view)
    player = t.mine
    front, back = arrangement(player.heroes(), player.items, thin)
    wanted = {h: f"front:{i}" for i, h in enumerate(front) if h} | {h: f"back:{i}" for i, h in enumerate(back) if h}
    for hero, position in wanted.items():
        option = f"move:{hero}:{position}"
        if option in decision.option_ids:
            return (option,)
    return ("end",)


def rearrange_thin(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """The hard player's rearrangement: as few heroes in front as the back rank allows (FA-029
    limits a rank to four, not to at least one), the best fighters among them. Only flying
    monsters may attack the back rank (FA-100), so a thinner front rank meets each round's
    melees with the party's best fighters only, and its richest heroes are out of reach.
    Against normal, one seat rearranging so (and playing every other question as normal does)
    won 324 of 600 games (deals 1-300 from both seats; normal against itself wins half)."""
    return rearrange(view, decision, rng, thin=True)


# -- grants (D-03, D-27) ----------------------------------------------------------------------------

def owner_fit(t: Table, item: str, hero: str) -> float:
    """How well ``hero`` suits ``item`` (D-03): armor, helms and shields to front fighters, melee
    weapons to the strongest front heroes, Ranged weapons behind, rods to casters, saves to
    those most likely to be attacked; valuable items to safe owners."""
    info = content().card(item)
    assert isinstance(info, Item)
    hero_info = hero_card(hero)
    player = t.mine
    front = hero in party.front_rank(player)
    verbs = {a.verb for a in info.all_abilities()}
    fit = 0.0
    if info.armor_save or "save_bonus" in verbs:
        fit += 3 if front else 0.5
    if "melee" in verbs or "melee_vs" in verbs:
        fit += (2 if front else 0) + hero_info.melee / 2
    if "ranged" in verbs:
        caster_only = any(a.get("caster_only") for a in info.all_abilities() if a.verb == "ranged")
        if caster_only and not hero_info.orb:
            fit -= 5
        fit += (2 if not front else 0) + hero_info.melee / 2
    if "flying" in verbs:
        fit += 2 if not front else 1
    if "immune" in verbs or "heal" in verbs:
        fit += 1 if front else 0.5
    if "defeat" in verbs:
        fit += 1
    # Items are lost with their owner: the richer the item, the more a safe owner matters.
    fit -= (info.gp / 150) * (1.0 if front else 0.2)
    return fit


def grant(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-03, D-27: grant the richest item to its best owner; end only when nothing is left."""
    t = table(view)
    best: tuple[float, str] | None = None
    for option in decision.option_ids:
        if option == "end":
            continue
        _, item, hero = option.split(":", 2)
        score = content().card(item).gp * 10 + owner_fit(t, item, hero)
        if best is None or (score, option) > best:
            best = (score, option)
    return (best[1],) if best is not None else ("end",)


# -- the Encounter (D-08 to D-10, D-14 to D-16) -------------------------------------------------------

def entering(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-08: the cheapest trap-ability hero with the fewest items; else the cheapest with a save."""
    t = table(view)
    heroes = [_after(o) for o in decision.option_ids]
    trappers = [h for h in heroes if hero_card(h).trap]
    if trappers:
        pick = min(trappers, key=lambda h: (t.worth(h), len(t.mine.items.get(h, [])), h))
    else:
        pick = min(heroes, key=lambda h: (not traits.saves(t.ctx, h), t.worth(h), h))
    return (f"hero:{pick}",)


def retreat(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-09: retreat only when the losses to come are likely to cost more than the penalty and the
    grants it forgoes; never when the penalty would discard the last hero."""
    t = table(view)
    player = t.mine
    encounter = t.encounter
    heroes = player.heroes()
    owned = [i for h in heroes for i in player.items.get(h, [])]
    if encounter is None or (not owned and len(heroes) <= 1):
        return ("continue",)
    cost = max((content().card(i).gp for i in owned), default=0) if owned else min(t.worth(h) for h in heroes)
    in_hand = [c for c in player.hand if content().card(c).kind == "item"]
    cost += sum(content().card(c).gp for c in in_hand[1:]) * (1.0 if view["game_turn"] >= 4 else 0.2)
    if encounter.stage == "combat":
        attacked = hordes(t)
        loss = sum(melee_odds(t, h, horde)[2] * t.worth(h) for h, horde in attacked.items())
        loss += 0.3 * sum(1 for m in encounter.monsters if not m.hero) * 200
        loss *= 1.5  # one more round at least, usually more
    else:
        front = party.front_rank(player)
        average = sum(t.worth(h) for h in front) / max(1, len(front))
        seen = view["encounter"]
        loss = 0.3 * (seen["stack_size"] if seen is not None else 0) * average
    return ("retreat",) if loss > cost else ("continue",)


def retreat_hero(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-10: the hero with the lowest rating (its items go with it)."""
    t = table(view)
    heroes = [_after(o) for o in decision.option_ids]
    return (f"hero:{min(heroes, key=lambda h: (hero_rating(h) + t.worth(h) / 100, h))}",)


def ranged_target(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-14: the monster whose failed save is worth most: its threat times the chance it fails,
    hits already declared on it counting (-1 each, FA-123); none immune to Ranged attacks or to
    the firing hero's element (FA-240)."""
    t = table(view)
    shooter = _shooter(t, decision)
    declared = [r[2] for r in (t.encounter.ranged if t.encounter else [])]
    best: tuple[float, str] | None = None
    for option in decision.option_ids:
        monster = _after(option)
        if shooter and not traits.ranged_can_defeat(t.ctx, [shooter], monster):
            score = -1.0
        else:
            hits = declared.count(monster)
            need = monster_card(monster).melee - hits + traits.save_bonus(t.ctx, monster)
            fail = 1 - max(1, min(6, need)) / 6
            score = fail * attack_value(t, monster)
        if best is None or (score, option) > best:
            best = (score, option)
    assert best is not None
    return (best[1],)


def _shooter(t: Table, decision: Decision) -> str:
    """The hero firing now: named in the prompt; found among the party's heroes."""
    for hero in t.mine.heroes():
        if content().card(hero).name in decision.prompt:
            return hero
    return ""


def support(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-15: the support that changes a melee's odds most (not a sure win or a sure loss)."""
    t = table(view)
    attacked = hordes(t)
    best: tuple[float, str] | None = None
    for option in decision.option_ids:
        if option == "end":
            continue
        _, supporter, hero = option.split(":")
        horde = attacked.get(hero, [])
        win, _, lose = melee_odds(t, hero, horde)
        win2, _, lose2 = melee_odds(t, hero, horde, hero_card(supporter).support)
        gain = (lose - lose2) * t.worth(hero) + (win2 - win) * 150
        if best is None or (gain, option) > best:
            best = (gain, option)
    if best is None or best[0] <= 5:
        return ("end",)
    return (best[1],)


def melee_win(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-16: defeat the monster with the highest threat."""
    t = table(view)
    monsters = [_after(o) for o in decision.option_ids]
    return (f"defeat:{max(monsters, key=lambda m: (attack_value(t, m) + 30 * monster_threat(m), m))}",)
