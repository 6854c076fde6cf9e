"""The Fantasy Adventures AI's shared tools (checklist section 6), read from a seat's view and
the public card data only.

The view holds every public fact the rules keep (view_types), so :func:`table` rebuilds from
it the table the seat sees, as a state whose hidden parts are empty (other hands, the decks,
stacks the seat did not build), and the AI works out totals, odds, who may be attacked and who
may defeat whom with the rules' own functions (traits.py, party.py), never a copy of them.
Nothing hidden can sway it, since nothing hidden is in what it reads (section 7).

Values are in GP, what the game is scored in (FA-038): a hero is worth its GP and its items'
(they are discarded with it, FA-063); a monster is worth the GP of the heroes it threatens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import registry
from game.core.events import EventLog
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import traits
from game.rulesets.fantasy_adventures.content import FAContent, Hero, Item, Monster as MonsterCard
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Encounter, FAState, Monster, Player
from game.rulesets.fantasy_adventures.totals import melee_win_chance
from game.rulesets.fantasy_adventures.view_types import FAView

SYSTEM_ID = "fantasy-adventures"
_CONTENT = registry.Follow(SYSTEM_ID, "content")

UNASSIGNED_THREAT = 150
"""What a monster in play is worth to remove, in GP, before its odds against a hero are known."""


def content() -> FAContent:
    found: FAContent = _CONTENT()
    return found


# -- the table the seat sees -------------------------------------------------------------------------

def _player(view: FAView, seat: int) -> Player:
    p = view["players"][seat]
    return Player(seat=p["seat"], name=p["name"], hero_discard=list(p["hero_discard"]),
                  encounter_discard=list(p["encounter_discard"]), hand=list(p["hand"]),
                  front=list(p["front"]), back=list(p["back"]), items={h: list(i) for h, i in p["items"].items()},
                  flipped=list(p["flipped"]), feared=list(p["feared"]), waiting=list(p["waiting"]),
                  used=list(p["used"]), eliminated=p["eliminated"], drawn=list(p["drawn"]),
                  attacked=p["attacked"], retreated=p["retreated"])


def _encounter(view: FAView) -> Encounter | None:
    e = view["encounter"]
    if e is None:
        return None
    return Encounter(
        target=e["target"], stack=list(e["stack"]), lair=e["lair"], stage=e["stage"], entering=e["entering"],
        trap=e["trap"], round=e["round"], defeats=e["defeats"], party_penalty=e["party_penalty"],
        melee_change=dict(e["melee_change"]), melee_order=list(e["melee_order"]),
        supports={h: list(s) for h, s in e["supports"].items()}, ranged=[list(r) for r in e["ranged"]],
        surprised=list(e["surprised"]), surprise_roll=e["surprise_roll"], quiet_rounds=e["quiet_rounds"],
        round_start=list(e["round_start"]), cast_this_round=list(e["cast_this_round"]), healed=list(e["healed"]),
        gained={h: list(g) for h, g in e["gained"].items()},
        monsters=[Monster(card=m["card"], controller=m["controller"], hero=m["hero"], meleeing=m["meleeing"],
                          pending=m["pending"], bonus=m["bonus"], melee_bonus=m["melee_bonus"])
                  for m in e["monsters"]])


def seen_state(view: FAView) -> FAState:
    """The state as the view's seat sees it: what it may not know is simply absent."""
    return FAState(seats=view["seats"], rng=Rng.seeded(0), players=[_player(view, s) for s in range(view["seats"])],
                   game_turn=view["game_turn"], first=view["first"], monster=view["monster"], stage=view["stage"],
                   stacks={t: list(s["cards"]) for t, s in view["stacks"].items()},
                   lairs=[int(t) for t, s in view["stacks"].items() if s["lair"]], order=list(view["order"]),
                   encounter=_encounter(view))


@dataclass
class Table:
    """One decision's reading of the view: the seat, the rebuilt state and a context over it."""

    view: FAView
    me: int
    state: FAState
    ctx: Ctx

    @property
    def encounter(self) -> Encounter | None:
        return self.state.encounter

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    @property
    def mine(self) -> Player:
        return self.state.players[self.me]

    def hero_player(self) -> int:
        encounter = self.state.encounter
        return encounter.target if encounter is not None else -1

    def score(self, seat: int) -> int:
        return self.view["players"][seat]["score"]

    def leader(self, exclude: int | None = None) -> int:
        """The player with the most GP on the table (FA-038), ``exclude`` left out; -1 for none."""
        seats = [s for s in self.state.remaining() if s != exclude]
        return max(seats, key=lambda s: (self.score(s), -s), default=-1)

    def worth(self, hero: str) -> float:
        """What losing a hero costs its owner: its GP and its items' (FA-063)."""
        c = content()
        owner = self.ctx.owner_of_hero(hero)
        return c.card(hero).gp + sum(c.card(i).gp for i in owner.items.get(hero, []))


def table(view: FAView) -> Table:
    seat = view["seat"]
    assert seat is not None, "a computer player always has a seat"
    state = seen_state(view)
    return Table(view, seat, state, Ctx(state, content(), EventLog()))


# -- cards ----------------------------------------------------------------------------------------------

def hero_card(card: str) -> Hero:
    found = content().card(card)
    assert isinstance(found, Hero)
    return found


def monster_card(card: str) -> MonsterCard:
    found = content().card(card)
    assert isinstance(found, MonsterCard)
    return found


def element(card: str) -> str:
    """A hero's, monster's or spell's element; "" for items and traps."""
    return str(getattr(content().card(card), "element", ""))


def kind(card: str) -> str:
    return content().card(card).kind


def hero_rating(card: str) -> float:
    """D-01: GP/100 + Melee + 0.5 x Support + 1.5 for an orb + 1 for the trap ability + 1 for
    each ability it can use."""
    hero = hero_card(card)
    useful = sum(1 for a in hero.abilities if a.verb != "and" and a.verb != "or") + sum(
        len(a.get("abilities")) for a in hero.abilities if a.verb in ("and", "or"))
    return hero.gp / 100 + hero.melee + 0.5 * hero.support + 1.5 * bool(hero.orb) + 1.0 * hero.trap + useful


def monster_threat(card: str) -> float:
    """A monster's strength in a stack (D-05): its Melee and what else it brings."""
    info = monster_card(card)
    value = float(info.melee)
    verbs = {a.verb for a in info.all_abilities()}
    value += 0.5 * ("flying" in verbs) + 0.7 * info.undead + 1.5 * ("defeat" in verbs) + 1.0 * ("fear" in verbs)
    value += 1.0 * ("summon_monster" in verbs) + 0.5 * ("save" in verbs) + 0.5 * ("heal" in verbs)
    value += 0.5 * ("leadership" in verbs) + 0.5 * ("immune" in verbs) + 0.5 * ("opponent_penalty" in verbs)
    return value


def item_armor(card: str) -> bool:
    info = content().card(card)
    return isinstance(info, Item) and info.armor_save


# -- odds ----------------------------------------------------------------------------------------------

def melee_odds(t: Table, hero: str, horde: list[Monster], extra: int = 0) -> tuple[float, float, float]:
    """(hero wins, no result, hero defeated) of the melee of ``hero`` against ``horde`` led by its
    strongest monster (D-12, D-13), ``extra`` added to the hero's total; immunity respected
    (FA-203, FA-206): a side that cannot defeat the other wins nothing."""
    if not horde:
        return 0.0, 1.0, 0.0
    leader = strongest(t, hero, horde)
    hero_total = traits.melee_total(t.ctx, hero, leader.card).value + extra
    monster_total = traits.monster_melee_total(t.ctx, leader, hero, len(horde)).value
    win, tie, lose = melee_win_chance(hero_total, monster_total, traits.undead(t.ctx, leader.card))
    if not traits.can_defeat(t.ctx, leader.card, hero):
        tie, lose = tie + lose, 0.0
    if not any(traits.can_defeat(t.ctx, hero, m.card) for m in horde):
        tie, win = tie + win, 0.0
    return win, tie, lose


def strongest(t: Table, hero: str, horde: list[Monster]) -> Monster:
    """The monster of a Horde with the highest total against ``hero``, vs. abilities counted (D-13)."""
    return max(horde, key=lambda m: (traits.monster_melee_total(t.ctx, m, hero, len(horde)).value,
                                     traits.undead(t.ctx, m.card)))


def hordes(t: Table) -> dict[str, list[Monster]]:
    out: dict[str, list[Monster]] = {}
    encounter = t.encounter
    if encounter is not None:
        for monster in encounter.monsters:
            if monster.hero and not monster.pending:
                out.setdefault(monster.hero, []).append(monster)
    return out


def defeat_chance(t: Table, hero: str) -> float:
    """How likely ``hero`` is to be defeated in its melee this round, as assigned now."""
    horde = hordes(t).get(hero, [])
    return melee_odds(t, hero, horde)[2] if horde else 0.0


def attack_value(t: Table, monster: str) -> float:
    """What removing ``monster`` is worth to the party it attacks (D-14, D-16, D-17): the GP it
    is likely to cost, at least a fixed threat while it waits unassigned."""
    encounter = t.encounter
    found = t.ctx.monster(monster) if encounter is not None else None
    if found is None or not found.hero:
        return UNASSIGNED_THREAT + 20 * monster_threat(monster)
    horde = hordes(t).get(found.hero, [])
    lose = melee_odds(t, found.hero, horde)[2]
    others = [m for m in horde if m.card != monster]
    lose_without = melee_odds(t, found.hero, others)[2] if others else 0.0
    return max(lose - lose_without, 0.1) * t.worth(found.hero) + 20 * monster_threat(monster)


def chance_on(ability: Any) -> float:
    """The chance of a dependent effect "on X-Y" (FA-185), 1 when it needs no roll."""
    if not ability.has("on"):
        return 1.0
    low, high = ability.get("on")
    return max(0, min(6, int(high)) - max(1, int(low)) + 1) / 6
