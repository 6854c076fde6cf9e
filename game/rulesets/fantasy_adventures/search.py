"""Search hooks of Fantasy Adventures (issue 11, item 2): where the cards lie and who sees them,
a state dealt again as one seat may believe it to be, and the game's own estimate of a seat.

What a seat knows (section 7): every party with its items and marks, the discard piles (A-38),
its own hand and the heroes it drew at setup, and, as the monster player, the stacks it built.
Hidden: every deck's order, the other hands, the other players' setup draws and the stacks
placed by another player. Each player's Hero cards and Encounter cards are pools of their own
(his hand can hold only cards of his Encounter deck, FA-025).

A stack's cards are dealt again among the monster player's unseen Encounter cards; the deal is
kept only if it could be the real stack: its traps on top (FA-055), its monsters within the
Melee limit (FA-053), and no trap left once the trap stage is over.
"""

from __future__ import annotations

from typing import Any

from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.fantasy_adventures.placement import stack_limit
from game.rulesets.fantasy_adventures.state import GAME_TURNS, FAState


def zones(state: FAState, content: Any) -> list[Zone]:
    out = []
    monster = state.monster
    for p in state.players:
        heroes, encounter = f"heroes:{p.seat}", f"encounter:{p.seat}"
        out += [Zone(f"hero_deck:{p.seat}", p.hero_deck, owner=p.seat, seen_by=(), pool=heroes),
                Zone(f"drawn:{p.seat}", p.drawn, owner=p.seat, seen_by=(p.seat,), pool=heroes),
                Zone(f"hero_discard:{p.seat}", p.hero_discard, owner=p.seat),
                Zone(f"encounter_deck:{p.seat}", p.encounter_deck, owner=p.seat, seen_by=(), pool=encounter),
                Zone(f"hand:{p.seat}", p.hand, owner=p.seat, seen_by=(p.seat,), pool=encounter),
                Zone(f"encounter_discard:{p.seat}", p.encounter_discard, owner=p.seat)]
    for target, stack in state.stacks.items():
        out.append(Zone(f"stack:{target}", stack, owner=monster, seen_by=(monster,), pool=f"encounter:{monster}"))
    if state.encounter is not None:
        out.append(Zone("encounter_stack", state.encounter.stack, owner=monster, seen_by=(monster,),
                        pool=f"encounter:{monster}"))
    return out


DEALS = 40
"""Deals tried for stacks that could be real before the last deal is kept as it is."""


def determinize(state: FAState, content: Any, seat: int, rng: Rng) -> FAState:
    saved = {zone.name: list(zone.cards) for zone in zones(state, content)}
    for _ in range(DEALS):
        declared = zones(state, content)
        for zone in declared:
            zone.cards[:] = saved[zone.name]
        redeal(declared, seat, rng)
        if _plausible(state, content, seat):
            break
    for stack in _stacks(state):
        stack.sort(key=lambda c: content.card(c).kind != "trap")  # traps on top, in dealt order (FA-055)
    return state


def _stacks(state: FAState) -> list[list[str]]:
    out = list(state.stacks.values())
    if state.encounter is not None:
        out.append(state.encounter.stack)
    return out


def _plausible(state: FAState, content: Any, seat: int) -> bool:
    if seat == state.monster:
        return True
    limit = stack_limit(state.game_turn)
    for target, stack in state.stacks.items():
        if sum(content.card(c).melee for c in stack if content.card(c).kind == "monster") > limit:
            return False
    encounter = state.encounter
    if encounter is not None and encounter.stack:
        traps = any(content.card(c).kind == "trap" for c in encounter.stack)
        if encounter.stage != "traps" and traps:
            return False  # the trap stage is over: no trap is left
    return True


def features(state: FAState, content: Any, seat: int) -> dict[str, float]:
    """What the position estimate weighs for ``seat`` (fitted by ``python -m game fit-estimate``
    to games between normal players; content/estimate.json): the GP of its party on the table
    (FA-038, what the game is scored by) against the best of the others', its heroes, its hand
    and what is left in its decks, and how much of the game is left (FA-037)."""
    def own(s: int) -> tuple[float, ...]:
        p = state.players[s]
        if p.eliminated:
            return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        heroes = p.heroes()
        gp = sum(content.card(h).gp + sum(content.card(i).gp for i in p.items.get(h, [])) for h in heroes)
        return (gp, len(heroes), sum(len(p.items.get(h, [])) for h in heroes), len(p.hand),
                len(p.hero_deck), len(p.encounter_deck))

    names = ("gp", "heroes", "items", "hand", "hero_deck", "encounter_deck")
    mine = own(seat)
    others = [own(s) for s in range(state.seats) if s != seat] or [mine]
    out = {f"own_{n}": float(v) for n, v in zip(names, mine)}
    for i, n in enumerate(names[:4]):
        out[f"{n}_lead"] = float(mine[i] - max(o[i] for o in others))
    out["gp_share"] = mine[0] / max(1.0, mine[0] + max(o[0] for o in others))
    out["eliminated"] = float(state.players[seat].eliminated)
    out["game_left"] = max(0.0, (GAME_TURNS - state.game_turn) / GAME_TURNS)
    out["monster_player"] = float(state.monster == seat)
    # What is still coming at each party: a placed stack's or the Encounter's monsters and traps
    # (without these a monster placed but not yet fought would count for nothing), against
    # the party's own Melee.
    melee = [_party_melee(state, content, s) for s in range(state.seats)]
    threat = [_threat(state, content, s) for s in range(state.seats)]
    rivals = [s for s in range(state.seats) if s != seat] or [seat]
    out["own_melee"] = float(melee[seat])
    out["melee_lead"] = float(melee[seat] - max(melee[s] for s in rivals))
    out["threat_on_me"] = float(threat[seat][0])
    out["traps_on_me"] = float(threat[seat][1])
    out["threat_on_rivals"] = float(max(threat[s][0] for s in rivals))
    # The same lead counts for more with less of the game left to turn it round.
    late = 1.0 - out["game_left"]
    out["gp_share_late"] = out["gp_share"] * late
    out["heroes_lead_late"] = out["heroes_lead"] * late
    return out


def _party_melee(state: FAState, content: Any, seat: int) -> int:
    player = state.players[seat]
    return 0 if player.eliminated else sum(content.card(h).melee for h in player.heroes())


def _threat(state: FAState, content: Any, seat: int) -> tuple[int, int]:
    """The Melee of the monsters, and the traps, still to face ``seat``'s party this player turn."""
    cards = list(state.stacks.get(str(seat), []))
    encounter = state.encounter
    if encounter is not None and encounter.target == seat:
        cards += encounter.stack
        cards += [m.card for m in encounter.monsters if m.controller != seat]
    monsters = [content.card(c) for c in cards]
    return (sum(c.melee for c in monsters if c.kind == "monster"),
            sum(1 for c in monsters if c.kind == "trap"))
