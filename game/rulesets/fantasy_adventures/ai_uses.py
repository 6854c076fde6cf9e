"""The Fantasy Adventures AI's abilities and spells: the Action phase (D-17 to D-19), the
response windows (D-20, D-21, D-26) and the heal windows (D-22).

Every use the rules offer (uses.py: ``use:``, ``hand:`` and ``cast:`` options) is valued in GP
for the seat that would make it: what its effect is likely to save or cost the party it
touches, times the chance that it works (a roll "on X-Y", FA-185; a spell off its caster's orb
works half the time, FA-129, D-19), less what it costs (a spell or a monster card from the
hand, a scroll's own GP, FA-171). A seat plays the best use worth more than it costs, and
passes otherwise, so most windows pass (6.1, "AI players").

Whose side a seat is on (D-21): the hero player's own party; the monster player against it;
another player against the hero player only while he leads (other than itself), else he keeps
his cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.decision import Decision
from game.core.effects import Effect
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import effects, party, traits
from game.rulesets.fantasy_adventures.ai_tools import (
    Table,
    attack_value,
    chance_on,
    content,
    defeat_chance,
    element,
    hero_card,
    hordes,
    melee_odds,
    monster_card,
    monster_threat,
    table,
)
from game.rulesets.fantasy_adventures.content import Item
from game.rulesets.fantasy_adventures.totals import melee_win_chance
from game.rulesets.fantasy_adventures.uses import ACTIVE
from game.rulesets.fantasy_adventures.view_types import FAView

Choice = tuple[str, ...]

HAND_CARD = 30.0
"""What a spell or a monster card in hand is worth kept for later."""
PLAY_MARGIN = 5.0
"""A use must be worth this much more than it costs."""
ROUNDS_LEFT = 1.5
"""Rounds an Encounter-long change is expected to matter for."""


@dataclass(frozen=True)
class Play:
    """One offered use, read from its option id (uses.py)."""

    option: str
    kind: str                  # "use", "hand" or "cast"
    source: str
    caster: str
    parts: tuple[Effect, ...]
    target: str


def read_play(option: str) -> Play | None:
    kind, _, rest = option.partition(":")
    if kind == "cast":
        spell, caster, target = rest.split(":", 2)
        return Play(option, kind, spell, caster, tuple(a for a in content().card(spell).abilities
                                                       if a.verb in ACTIVE)[:1], target)
    if kind in ("use", "hand"):
        source, index, target = rest.split(":", 2)
        ability = content().card(source).abilities[int(index.partition(".")[0])]
        if "." in index:
            parts: tuple[Effect, ...] = (ability.get("abilities")[int(index.partition(".")[2])],)
        elif ability.verb == "and":
            parts = tuple(a for a in ability.get("abilities") if a.verb in ACTIVE)
        else:
            parts = (ability,)
        return Play(option, kind, source, "", parts, target)
    return None


def side(t: Table) -> float:
    """+1 when the hero player's party is the seat's own, -1 against it, 0 for no stake (D-21)."""
    hero_player = t.hero_player()
    if t.me == hero_player:
        return 1.0
    if t.me == t.view["monster"]:
        return -1.0
    leader = t.leader(exclude=t.me)
    return -1.0 if leader == hero_player and t.score(hero_player) >= t.score(t.me) else 0.0


# -- what a use is worth ----------------------------------------------------------------------------------

def worth_of(t: Table, play: Play, moment: str, defeated: str = "") -> float:
    value = sum(_part_value(t, play, ability, moment, defeated) * chance_on(ability) for ability in play.parts)
    if play.kind == "cast":
        if element(play.source) != hero_card(play.caster).orb:
            value *= 0.5  # 1-3 works off its element (FA-129, D-19)
        value -= HAND_CARD
    elif play.kind == "hand":
        value -= HAND_CARD
    else:
        info = content().card(play.source)
        if isinstance(info, Item) and info.scroll:
            value -= info.gp  # a used scroll is discarded, and its GP with it (FA-171)
        elif info.kind == "hero":
            value -= 5  # flipped for the rest of the round (FA-113)
    return value


def _part_value(t: Table, play: Play, ability: Effect, moment: str, defeated: str) -> float:
    verb, target = ability.verb, play.target
    stake = side(t)
    if verb in ("defeat", "fear") and target:
        return _remove_value(t, play, verb, target, stake)
    if verb == "heal":
        return _heal_value(t, target or defeated)
    if verb == "grant":
        return stake * sum(_gift_value(t, g, target) for g in ability.get("gives"))
    if verb == "current_melee":
        return stake * _melee_change_value(t, target, int(ability.get("amount")))
    if verb == "summon_monster":
        return (-stake) * 120 if _undecided(t) else 0.0
    if verb == "summon_hero":
        return 150.0 if party.open_positions(t.mine) else 0.0
    if verb == "join":
        return _join_value(t, play.source)
    return 0.0


def _undecided(t: Table) -> bool:
    encounter = t.encounter
    return encounter is not None and bool(encounter.monsters) and bool(t.player(encounter.target).heroes())


def _remove_value(t: Table, play: Play, verb: str, target: str, stake: float) -> float:
    """Defeating or frightening a card (D-17, D-18): a monster is worth its threat to the party,
    a hero its GP (fear only keeps it out of this Encounter)."""
    source_element = effects.element_of(t.ctx, play.source)
    if source_element and traits.immune_to(t.ctx, target, source_element):
        return 0.0  # (FA-204, FA-240)
    if verb == "fear" and traits.immune_to(t.ctx, target, "fear"):
        return 0.0  # (FA-193)
    if content().card(target).kind == "monster":
        return stake * attack_value(t, target)
    worth = t.worth(target) if verb == "defeat" else 0.3 * t.worth(target)
    return -stake * worth


def _heal_value(t: Table, card: str) -> float:
    """D-22: one's own hero worth more than 150 GP, or a key one; one's own monster; another
    party's hero only against the leader's monster player."""
    info = content().card(card)
    owner = int(card.partition("/")[0])
    if info.kind == "monster":
        return 150.0 if t.me == t.view["monster"] else 0.0
    worth = t.worth(card)
    if owner == t.me:
        player = t.mine
        only = [h for h in player.heroes() if h != card]
        key = ((hero_card(card).trap and not any(hero_card(h).trap for h in only))
               or (hero_card(card).orb and not any(hero_card(h).orb for h in only))
               or (card in player.front and not any(h in player.front for h in only)))
        return worth if worth > 150 or key else 0.0
    monster_player = t.view["monster"]
    if t.me != monster_player and t.leader(exclude=t.me) == monster_player:
        return 0.3 * worth
    return 0.0


def _gift_value(t: Table, gift: Effect, target: str) -> float:
    """What an Encounter-long gift to the party is worth (D-20)."""
    encounter = t.encounter
    if encounter is None:
        return 0.0
    player = t.player(encounter.target)
    heroes = party.in_play(player) if target in ("party", "") else [target]
    verb = gift.verb
    if verb == "melee":
        amount = int(gift.get("amount"))
        if not encounter.monsters and encounter.stage == "combat":
            return 0.0
        attacked = hordes(t)
        total = 0.0
        for hero in heroes:
            horde = attacked.get(hero, [])
            if not horde:
                total += 10 * amount
                continue
            win, _, lose = melee_odds(t, hero, horde)
            win2, _, lose2 = melee_odds(t, hero, horde, amount)
            total += ((lose - lose2) * t.worth(hero) + (win2 - win) * 150) * ROUNDS_LEFT
        return total
    if verb == "save":
        low, high = gift.get("on", (1, 1))
        chance = (int(high) - int(low) + 1) / 6
        return sum(max(defeat_chance(t, h), 0.1 if encounter.stage != "combat" else 0.0) * t.worth(h) * chance
                   for h in heroes)
    if verb == "flying":
        return _flying_value(t, heroes)
    if verb == "immune":
        attackers = [m for m in encounter.monsters if monster_card(m.card).element == gift.get("to")]
        return sum(defeat_chance(t, m.hero) * t.worth(m.hero) for m in attackers if m.hero in heroes) + 20 * len(attackers)
    if verb == "roll_bonus" and gift.get("roll") == "disarm":
        entering = encounter.entering
        if encounter.trap and entering and not traits.trap_ability(t.ctx, entering):
            return t.worth(entering) / 3
    return 0.0


def _flying_value(t: Table, heroes: list[str]) -> float:
    """Flying on a front-rank hero keeps flying monsters off the back rank (FA-195, D-20)."""
    encounter = t.encounter
    assert encounter is not None
    player = t.player(encounter.target)
    if party.flying_protects(t.ctx, player) or not heroes or heroes[0] not in party.front_rank(player):
        return 0.0
    flyers = [m for m in encounter.monsters if traits.monster_flies(t.ctx, m.card)]
    likely = 1.0 if flyers else (0.3 if encounter.stage in ("traps", "surprise") else 0.0)
    back = [h for h in party.in_play(player) if h not in party.front_rank(player)]
    return likely * 0.3 * sum(t.worth(h) for h in back if not traits.hero_flies(t.ctx, h))


def _melee_change_value(t: Table, target: str, amount: int) -> float:
    """A change for the current melee (FA-239): what it moves the melee's odds by, for the party."""
    for melee in t.view["melees"]:
        if target not in (melee["hero"], melee["monster"]):
            continue
        hero_total, monster_total = melee["hero_total"], melee["monster_total"]
        if target == melee["hero"]:
            hero_total += amount
        else:
            monster_total += amount
        undead = traits.undead(t.ctx, melee["monster"])
        win, _, lose = melee_win_chance(hero_total, monster_total, undead)
        worth = t.worth(melee["hero"])
        return (melee["lose"] - lose) * worth + (win - melee["win"]) * attack_value(t, melee["monster"])
    return 0.0


def _join_value(t: Table, card: str) -> float:
    """D-26: join only an attack on the leader, before the first Assignment."""
    encounter = t.encounter
    if encounter is None or encounter.stage == "combat":
        return 0.0
    if t.leader(exclude=t.me) != encounter.target or t.score(encounter.target) < t.score(t.me):
        return 0.0
    return 25 * monster_threat(card)


# -- the questions -----------------------------------------------------------------------------------------

def _best(t: Table, decision: Decision, moment: str, defeated: str = "") -> Choice:
    best: tuple[float, str] | None = None
    for option in decision.option_ids:
        play = read_play(option)
        if play is None:
            continue
        value = worth_of(t, play, moment, defeated)
        if value > PLAY_MARGIN and (best is None or (value, option) > best):
            best = (value, option)
    return (best[1],) if best is not None else ("pass",)


def action(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-17, D-18, D-19: the action worth most, or pass."""
    return _best(table(view), decision, "action")


def response(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-20, D-21, D-26: a window's best response, or pass (most windows)."""
    return _best(table(view), decision, "window")


def heal_window(view: FAView, decision: Decision, rng: Rng) -> Choice:
    """D-22: heal the defeated card when it is worth it."""
    t = table(view)
    defeated = next((p.target for p in map(read_play, decision.option_ids) if p is not None and p.target), "")
    return _best(t, decision, "heal", defeated)
