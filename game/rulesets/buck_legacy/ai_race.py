"""The Medal race at the last Boss, for the hard player's tactics (ai_tools.Tactics): the Medals
each Adventurer would hold if the Adventure ended now, the Boss defeated or the party Stunned
(BL-191 to BL-197), read from the public record only (Distance Decks, Curses, defeated
Monsters and who is Active are on the table for everyone, BL-033, BL-106).

The game ends at the end of the Adventure in which the last Boss falls (BL-008); an all-Stunned
ending only sends the Zone back and the game goes on (BL-195, BL-196). So in a two-seat game
an Adventurer who would lose if the last Boss fell now is better served by the Boss standing
(BL-202: help and hindrance are always free choices). In the fight (ai_fight) it then does
nothing for the Boss's defeat: no act in its own rounds nor the rival's, the rival's winning
rounds hindered, no shield from the Boss Attack and no help with an Escape for anyone, no
revival, no Flight taken from a device, a lost round accepted rather than parried, and "Our
Weapons Are Useless!" failed.
"""

from __future__ import annotations

from game.rulesets.buck_legacy.ai_tools import content, tactics
from game.rulesets.buck_legacy.view_types import BLView


def medals_if_ended(view: BLView, boss_defeated: bool) -> list[int]:
    """Each seat's Medals if the Adventure ended now (BL-194 or BL-197): the most Distance and
    Trophy counters, and with the Boss defeated the most Curses, the most defeated Monsters and
    every Active Adventurer; ties share, nobody with 0 is the most (BL-191, BL-192)."""
    advs = view["adventurers"]
    medals = [a["medals"] for a in advs]
    categories = [[a["distance"] for a in advs], [a["trophies"] for a in advs]]
    if boss_defeated:
        categories.append([sum(content().card(c).kind == "curse" for c in a["attached"]) for a in advs])
        categories.append([len(a["defeated"]) for a in advs])
    for standing in categories:
        best = max(standing)
        if best >= 1:
            for seat, count in enumerate(standing):
                medals[seat] += count == best
    if boss_defeated:
        for seat, adv in enumerate(advs):
            medals[seat] += not adv["stunned"]
    return medals


def spoiling(view: BLView, seat: int) -> bool:
    """Whether ``seat``, playing the hard tactics in a two-seat game, would rather the Boss in
    play stood: it is the last Boss the game needs, and were it defeated now, the rival would
    end with more Medals (Tactics.spoil_the_last_boss)."""
    if not tactics().spoil_the_last_boss or len(view["adventurers"]) != 2 or not view["boss_up"]:
        return False
    if view["bosses_defeated"] + 1 < view["target"]:
        return False
    medals = medals_if_ended(view, boss_defeated=True)
    return medals[seat] < medals[1 - seat]
