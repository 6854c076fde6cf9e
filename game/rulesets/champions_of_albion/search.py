"""What a search AI needs of Champions of Albion (issue 11, item 2): a determinization and a
position estimate.

Every seat sees the same things (checklist section 7): the map with its tokens and standees,
every champion card and what is attached, the Hand, the camp, used story cards and revealed
events. What nobody has seen, and a determinization deals again from what nobody has seen:

* the order of every face-down pile: the resource, bane, quest and enemy decks, each world
  deck and the face-down more dangerous enemies (which one a quest's "a more dangerous
  enemy" brings); the event deck's unread cards among their places (an event read goes face
  down to the bottom, so the read ones keep theirs, CA-151);
* the backs of the face-down shadow tokens: those in the supply and those placed on a named
  space (G-27), which go on the map without being turned over. A token placed at random was
  turned over to find its space (CA-181), so its back is its space and stays. (The state does
  not record how a token came; a token on the space its back names is taken to be a random
  one: a named placement lands on its own back's space about one time in eighteen.)
* the scripted dice of a written position (the real game's future rolls) are dropped, so a
  determinized game rolls its own.

The story in progress, its card and the outcomes already read stay: its other outcomes are
fixed by the card, not dealt, and the rules never show them before they are read (CA-138).
"""

from __future__ import annotations

from game.core.events import EventLog
from game.core.rng import Rng
from game.core.zones import Zone, redeal
from game.rulesets.champions_of_albion import piles
from game.rulesets.champions_of_albion.content import CAContent
from game.rulesets.champions_of_albion.context import LAST_ROUND, Ctx
from game.rulesets.champions_of_albion.state import MAIN, CAState


def zones(state: CAState) -> list[Zone]:
    """The face-down piles and tokens (nobody's), and the Hand and the camp face up. Every
    seat knows the same: the read events in the event deck keep their places, and so do the
    backs of shadow tokens that were turned over (a random placement: its back is its space)."""

    def read(seat: int) -> frozenset[str]:
        return frozenset(state.events_seen)

    def turned(seat: int) -> frozenset[str]:
        return frozenset(back for space, back in zip(state.shadows, state.shadow_backs) if space == back)

    out = [Zone("hand", state.hand), Zone("camp", state.camp),
           Zone("resource_deck", state.resource_deck, seen_by=()),
           Zone("bane_deck", state.bane_deck, seen_by=()),
           Zone("quest_deck", state.quest_deck, seen_by=()),
           Zone("enemy_deck", state.enemy_deck, seen_by=()),
           Zone("dangerous_waiting", state.dangerous_waiting, seen_by=()),
           Zone("event_deck", state.event_deck, seen_by=(), known=read),
           Zone("shadow_backs", state.shadow_backs, seen_by=(), pool="shadow", known=turned),
           Zone("shadow_supply", state.shadow_supply, seen_by=(), pool="shadow"),
           Zone("quest_supply", state.quest_supply, seen_by=())]
    out += [Zone(f"world_deck:{kind}", pile, seen_by=()) for kind, pile in sorted(state.world_decks.items())]
    return out


def determinize(state: CAState, rng: Rng) -> CAState:
    """``state`` (a private copy) with everything nobody has seen dealt again with ``rng``
    (the kernel's redeal over :func:`zones`). The same for every seat: the champions share all
    they know. The piles are turned over for the redeal (top first, as they once lay) so that a
    seed deals the same cards onto their tops as it did then (piles.py)."""
    face_down = piles.face_down(state)
    for pile in face_down:
        pile.reverse()
    redeal(zones(state), 0, rng)
    for pile in face_down:
        pile.reverse()
    state.dice_script = []
    return state


# ---- what the position estimate weighs ------------------------------------------------------

def _e_atk(strength: int, dv: int) -> float:
    """Expected damage of one attack (section 6: sum over the die of max(0, r + Str - DV))."""
    return sum(max(0, r + strength - dv) for r in range(1, 7)) / 6.0


def _e_def(speed: int, av: int) -> float:
    """Expected damage taken from one strike (max(0, AV - r - Spd))."""
    return sum(max(0, av - r - speed) for r in range(1, 7)) / 6.0


def features(state: CAState, content: CAContent, seat: int) -> dict[str, float]:
    """What the position estimate weighs (fitted by ``python -m game fit-estimate`` to games
    between normal teams; content/estimate.json): the AI's own measures (section 6), the
    expected damage the champions deal the main enemy (E_atk against its Act 2 DV) and take
    from it (E_def against its AV), against the life it has or will have; the champions' life
    and will, what they carry, the shadow tokens placed (an empty supply is a defeat, G-27),
    and the time left in the whole game (Act 1's rounds count: a quest begun early has time
    to pay). The fit, not a guess, says how much each is worth toward a win."""
    ctx = Ctx(state, content, EventLog())
    main = content.main_enemies[state.main_enemy]
    champions = ctx.in_play()
    own = next((c for c in champions if c.seat == seat), None)
    rounds_left = (LAST_ROUND - max(1, state.round) + 1) + (LAST_ROUND if state.act == 1 else 0)
    supply = len(content.map.shadow_backs)
    out = {"act_2": float(state.act == 2), "time_left": rounds_left / (2 * LAST_ROUND),
           "darkness": 1 - len(state.shadow_supply) / supply if supply else 0.0,
           "team_in_play": len(champions) / state.seats, "own_in_play": float(own is not None),
           "own_life": 0.0, "own_will": 0.0, "team_health": 0.0, "team_damage": 0.0, "team_hurt": 0.0,
           "reach": 0.0, "aid": 0.0, "resources": 0.0, "banes": 0.0, "gold": 0.0, "quest_tokens": 0.0,
           "enemies_on_map": float(sum(e.kind != "main" for e in state.enemies)), "enemy_life_left": 0.0}
    for name in sorted(content.main_enemies)[1:]:  # (one estimate for every main enemy: which one it is)
        out[f"against_{name}"] = float(state.main_enemy == name)
    if not champions:
        return out
    dv = main.act2.dv + state.main_dv_bonus
    av = main.act2.av + state.main_av_bonus
    for c in champions:
        card = ctx.card(c)
        strength = ctx.attribute(c, "strength", test="other")[0]
        speed = ctx.attribute(c, "speed", test="other")[0]
        out["team_damage"] += _e_atk(strength + len(c.aid) // 2, dv)
        out["team_hurt"] += _e_def(speed, av)
        out["team_health"] += (c.life / card.life + c.will / card.will) / 2 / len(champions)
        out["aid"] += sum(c.aid)
        out["resources"] += len(c.resources)
        out["banes"] += len(c.banes)
        out["gold"] += c.gold
        out["quest_tokens"] += c.quest_tokens
        if c is own:
            out["own_life"], out["own_will"] = c.life / card.life, c.will / card.will
    if state.act == 2:
        enemy = state.enemy(MAIN)
        left = max(1, state.main_life - (enemy.damage if enemy else 0))
    else:
        left = main.act2.life_for(len(champions)) + (len(state.shadows) if state.main_enemy == "dragon" else 0)
    out["enemy_life_left"] = float(left)
    out["reach"] = out["team_damage"] * 2 * rounds_left / left
    return out


__all__ = ["determinize", "features"]
