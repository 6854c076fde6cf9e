"""Who in a party is in play, and whom a monster may attack (FA-029 to FA-031, FA-100,
FA-189, FA-190, FA-194 to FA-198, FA-242).

A feared hero is not in play (FA-189): it keeps no monster off the back rank and protects no
one as a flyer. The back rank counts as the front rank when the party has one rank only
(FA-030, FA-197) or when no front-rank hero is in play (FA-198, FA-242). A feared hero may be
picked (entering hero, duel, assignment, target) only when the party has no hero in play at
all (FA-074, FA-190, FA-242).
"""

from __future__ import annotations

from game.rulesets.fantasy_adventures import traits
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.state import Player


def in_play(player: Player) -> list[str]:
    """The party's heroes that are in play: not feared (FA-189)."""
    return [h for h in player.heroes() if h not in player.feared and h not in player.waiting]


def front_rank(player: Player) -> list[str]:
    """The heroes that count as the front rank for attacks and the entering hero: the front
    rank's heroes in play; else (one rank only, or nobody in play in front) the back rank's
    (FA-030, FA-198, FA-242)."""
    playing = in_play(player)
    front = [h for h in player.front if h in playing]
    if front:
        return front
    return [h for h in player.back if h in playing]


def single_rank(player: Player) -> bool:
    """Whether the party has only one rank holding heroes (FA-030, FA-197)."""
    return not any(player.front) or not any(player.back)


def last_resort(player: Player) -> list[str]:
    """The feared heroes, which may be picked only when no hero is in play (FA-190, FA-242)."""
    return [] if in_play(player) else [h for h in player.heroes() if h in player.feared]


def flying_protects(ctx: Ctx, player: Player) -> bool:
    """A flying hero in play keeps flying monsters off non-flying back-rank heroes (FA-195)."""
    return any(traits.hero_flies(ctx, h) for h in in_play(player))


def attackable(ctx: Ctx, player: Player, flying_monster: bool) -> list[str]:
    """The heroes a monster may attack (assignment or duel): the front rank; a flying monster
    also the back rank, except non-flying back-rank heroes while a flying hero is in play
    (FA-100, FA-194 to FA-197); feared heroes only as the last resort (FA-190)."""
    front = front_rank(player)
    heroes = list(front)
    if flying_monster and not single_rank(player):
        protected = flying_protects(ctx, player)
        heroes += [h for h in in_play(player) if h not in front
                   and (not protected or traits.hero_flies(ctx, h))]
    return heroes or last_resort(player)


def entering_candidates(player: Player) -> list[str]:
    """Who may be the entering hero: the front rank, feared heroes only as the last resort
    (FA-067, FA-074, FA-242)."""
    return front_rank(player) or last_resort(player)


def adjacent(player: Player, hero: str) -> list[str]:
    """The heroes beside ``hero`` in its rank (FA-145)."""
    rank = player.front if hero in player.front else player.back
    i = rank.index(hero)
    return [h for j, h in enumerate(rank) if h is not None and abs(i - j) == 1]


def position_name(position: str) -> str:
    """"front:2" as "front rank, position 3": counted from 1, as a player counts them, left to
    right as the table draws them."""
    rank, _, index = position.partition(":")
    return f"{rank} rank, position {int(index) + 1}"


def open_positions(player: Player) -> list[str]:
    """Open positions as "front:<i>" / "back:<i>" (FA-223)."""
    return ([f"front:{i}" for i, h in enumerate(player.front) if h is None]
            + [f"back:{i}" for i, h in enumerate(player.back) if h is None])


def place(player: Player, hero: str, position: str) -> None:
    rank, _, index = position.partition(":")
    (player.front if rank == "front" else player.back)[int(index)] = hero
