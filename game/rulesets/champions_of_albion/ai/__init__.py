"""The normal-level Champions of Albion player (checklist section 6), deciding from its
view only (section 7).

``choose(view, decision, rng)`` answers every decision kind of the rule system for the
seat that owns it. It never sees the state: it reads the seat's view (the map with its
tokens and standees, every champion card, the Hand, the story in progress as far as it is
revealed, the last roll) and the public card data of the registered rule system's own
content (``common.content()``). An unknown kind gets a safe legal answer ("end", "stay", "keep", "accept", "decline", "none", or the
fewest first options the decision allows); a heuristic that fails or answers illegally
raises, so a mistake shows instead of being swallowed.

How it decides, by decision (the D-numbers of section 6):

* **action** (D-03 to D-07): :mod:`.turn` scores every option as its own value plus the best
  use of the actions left, planned by :mod:`.plan` (travel, rest, banish, gather) and scored
  by the end position: life (worth more when low), the pull of the goals (shadows, markets
  while there is gold, quest tokens worth a quest, favourable fights, the place the main enemy
  will appear in Act 1 rounds 4 and 5, the main enemy in Act 2 reached together with the
  allies), the fight that follows there (retreat possible or not) and the story drawn.
  Spells, the unique action, give/take and bane removal are scored by what they do now.
* **fights** (D-08 to D-13, D-17, D-19): :mod:`.fight` uses P(d6 + X >= T), E_atk and E_def;
  the strikes of a combat round fall on the champion the team would name to defend.
* **stories, gathering, champions and effect choices** (D-02, D-05, D-06, D-14 to D-16,
  D-18, D-20, D-21): :mod:`.misc`, with card values from :mod:`.values` (what a card adds to
  a champion's combat worth against the main enemy's DV and AV, and to its story tests).

Deliberate readings: the quest deck (D-15) is taken when a quest is worth more than the
world story of the space (:mod:`.quests`: the chance of completing it from the public make-up
of the quest decks, the champion's attributes, aid tokens and the allies standing there,
against what a failed part costs), and the planner pulls only such a champion towards a
token; quests are hard (about one draw in seven is completed), and every quest drawn by a
champion with poor odds cost the party wins on fixed seeds, so only the champions whose odds
are clearly better than the others' take them; the main enemy's own ties in Act 2
(D-20, "players choose") are settled so the champions can reach it without standing in the
Dragon's Fire, because a main enemy kept far away is a certain defeat. The party (D-02) is a
fighter (Str + weapon >= 5) and then quick champions who take the main enemy's strikes and
buy cards (speed + armour, persuasion, gold, trading on any space) rather than a
spirit-touched one: the main enemy strikes once per combat round at the defender the team
names, so a quick defender lets the fighter attack round after round. In the main enemy's
last round (Act 2 round 5, or the Dragon one step from a capital) nothing is held back:
no retreat from its fight, any will reroll that adds damage, no caution in reaching it.

The answers are deterministic for a view and a decision: ties are broken by option id and
``rng`` is not used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core.decision import Decision
from game.core.rng import Rng
from game.rulesets.champions_of_albion.ai import fight, misc, turn
from game.rulesets.champions_of_albion.ai.common import Seen, content

if TYPE_CHECKING:
    from game.rulesets.champions_of_albion.view_types import CAView

__all__ = ["choose"]

Handler = Callable[[Seen, Decision], "str | tuple[str, ...]"]

HANDLERS: dict[str, Handler] = {
    "action": turn.action,
    "champion": misc.champion,
    "gather_how": misc.gather_how,
    "gather": misc.gather,
    "discard": misc.discard,
    "story_deck": misc.story_deck,
    "story_choice": misc.story_choice,
    "story_roll": misc.story_roll,
    "join": fight.join,
    "accept_fight": fight.accept_fight,
    "loadout": fight.loadout,
    "skill": fight.skill,
    "quest_token": fight.quest_token,
    "target": fight.target,
    "attack_order": fight.attack_order,
    "strike_order": fight.strike_order,
    "reroll": fight.reroll,
    "defender": fight.defender,
    "retreat": fight.retreat,
    "bane": misc.bane,
    "resource": misc.resource_choice,
    "space": misc.space,
    "shadows": misc.shadows,
    "enemy": misc.enemy,
    "give": misc.transfer,
    "take": misc.transfer,
    "consent": misc.consent,
    "travel": misc.travel,
    "deck": misc.deck,
    "order": misc.order,
    "spell": misc.spell,
}

SAFE = ("end", "stay", "keep", "accept", "decline", "stay_out", "token:none", "skill:none", "refuse")


def _fallback(decision: Decision) -> tuple[str, ...]:
    ids = decision.option_ids
    if decision.min_choices <= 1 <= decision.max_choices:
        for safe in SAFE:
            if safe in ids:
                return (safe,)
    return tuple(ids[: max(decision.min_choices, min(1, decision.max_choices))])


def _legal(decision: Decision, picked: tuple[str, ...]) -> bool:
    ids = set(decision.option_ids)
    return (decision.min_choices <= len(picked) <= decision.max_choices and len(set(picked)) == len(picked)
            and all(p in ids for p in picked))


def choose(view: CAView, decision: Decision, rng: Rng | None = None) -> tuple[str, ...]:
    """The normal player's answer, from the seat's view only (deterministic; ``rng`` unused)."""
    ids = decision.option_ids
    if not ids:
        return ()
    if len(ids) == 1 and decision.min_choices >= 1:
        return (ids[0],)
    handler = HANDLERS.get(decision.kind)
    if handler is None:
        return _fallback(decision)
    content()  # follows the registered content once per question (a change clears every cache)
    seen = Seen(view, decision.seat)
    if seen.me is None and decision.kind not in ("champion", "space", "shadows", "enemy", "defender",
                                                 "attack_order", "strike_order"):
        return _fallback(decision)
    answer = handler(seen, decision)
    picked = (answer,) if isinstance(answer, str) else tuple(answer)
    if not _legal(decision, picked):
        raise AssertionError(f"the AI picked {picked!r}, not a legal answer to {decision.kind}")
    return picked
