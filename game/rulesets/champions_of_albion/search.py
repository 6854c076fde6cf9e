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


# ---- the position estimate -------------------------------------------------------------------

def _e_atk(strength: int, dv: int) -> float:
    """Expected damage of one attack (section 6: sum over the die of max(0, r + Str - DV))."""
    return sum(max(0, r + strength - dv) for r in range(1, 7)) / 6.0


def _e_def(speed: int, av: int) -> float:
    """Expected damage taken from one strike (max(0, AV - r - Spd))."""
    return sum(max(0, av - r - speed) for r in range(1, 7)) / 6.0


def evaluate(state: CAState, content: CAContent, seat: int) -> float:
    """The team's prospects in [0, 1], from the AI's own measures (section 6): the expected
    damage the champions in play deal the main enemy per combat round (E_atk against its Act 2
    DV) over the rounds left, against the life it has or will have; weighed by the champions'
    life and will, the damage its strikes do (E_def against its AV), and the shadow tokens
    still in the supply (an empty supply is a defeat, G-27). A seat whose champion fell in
    Act 2 has lost (CA-129): 0. A heuristic for a search to start from, not a probability."""
    if state.players[seat].lost:
        return 0.0
    ctx = Ctx(state, content, EventLog())
    main = content.main_enemies[state.main_enemy]
    champions = ctx.in_play()
    if not champions:  # still choosing (setup), or every champion has fallen
        return 0.2 if state.act == 1 and any(ctx.can_replace(s) for s in range(state.seats)) else 0.02
    dv = main.act2.dv + state.main_dv_bonus
    av = main.act2.av + state.main_av_bonus
    damage = 0.0
    health = 0.0
    hurt = 0.0
    for c in champions:
        card = ctx.card(c)
        values = {a: ctx.attribute(c, a, test="other")[0] for a in ("strength", "speed")}
        damage += _e_atk(values["strength"] + len(c.aid) // 2, dv)
        hurt += _e_def(values["speed"], av)
        health += (c.life / card.life + c.will / card.will) / 2
    health /= len(champions)
    if state.act == 2:
        enemy = state.enemy(MAIN)
        left = max(1, state.main_life - (enemy.damage if enemy else 0))
        rounds = LAST_ROUND - state.round + 1
    else:
        left = main.act2.life_for(len(champions)) + (len(state.shadows) if state.main_enemy == "dragon" else 0)
        rounds = LAST_ROUND
    # About two combat rounds of a fight per round: what the team can deal before time runs out.
    reach = damage * 2 * rounds / left
    kill = reach / (1 + reach)
    endure = 1 / (1 + hurt / max(1.0, sum(c.life for c in champions) / len(champions)))
    supply = len(content.map.shadow_backs)
    darkness = 1 - len(state.shadow_supply) / supply if supply else 0.0
    # What the champions can deal decides a game; how they stand (life and will, the strikes
    # they can bear, the shadows yet to fall) decides whether they live to deal it.
    standing = health * (0.5 + 0.5 * endure) * (1 - darkness)
    value = 0.7 * kill * (0.4 + 0.6 * standing) + 0.3 * standing
    return min(0.98, max(0.02, value))


__all__ = ["determinize", "evaluate"]
