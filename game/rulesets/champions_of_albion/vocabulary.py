"""The effect vocabulary of Champions of Albion: every verb an effect record may use.

Effects are written as records ``{ verb = "...", <params> }`` in champions' unique
actions and passives, resources, banes, enemies' abilities, the main enemies' sides and
events (checklist 2.4). Each verb has its parameters (checked when content loads) and a
sentence for players. Besides the verbs this module names the small fixed lists the
content uses: attributes, space kinds, resource and bane kinds, who an effect reaches
(``WHO``), the rule switches of ``rule`` (``RULES``) and bane removal conditions
(``REMOVALS``).

Story verbs (stories.toml, quests.toml): ``pay`` is a *cost* a choice asks for (the choice
is offered only if the champion can pay it in full, plan 2.4.6 "costly choice"), and
``take_quest_token`` completes a quest (CA-145).

Parameters that name other content (resources) are resolved by the loader in
``content.py``; this module knows only their shape.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.cards import Field
from game.core.vocabulary import Verb, Vocabulary
from game.core.words import a_or_an, counted

ATTRIBUTES = ("strength", "speed", "intuition", "perception", "persuasion", "resolve")
"""The six numeric champion attributes (2.2)."""
SPACE_KINDS = ("capital", "country", "wilderness", "depths")
"""The four space kinds (2.1, 2.4.1)."""
RESOURCE_KINDS = ("combat_skill", "spell", "companion", "weapon", "armour", "item", "relic")
"""The seven resource kinds (CA-163)."""
RELIC_COUNTS_AS = ("weapon", "armour", "item")
"""What a relic may count as (CA-166)."""
BANE_KINDS = ("mental", "physical", "magical")
"""The three bane kinds (CA-175)."""
MAIN_ENEMIES = ("dragon", "arawn", "morrigan")
"""The three main enemies the source names (p.11)."""
NESTED_PARAMS = ("on_pass", "on_fail", "on_win")
"""Parameters whose value is itself a list of effect records."""

WHO: dict[str, str] = {
    "self": "you",
    "one_here": "a champion on your space",
    "other_here": "another champion on your space",
    "each_here": "every champion on your space",
    "every": "every champion",
    "each_on_capital": "every champion on a capital",
    "each_on_wilderness": "every champion on a wilderness space",
    "each_without_aid": "every champion with no aid token",
    "least_gold": "the champion with the least gold (players choose on ties)",
}
"""Whom an effect reaches."""

RULES: dict[str, str] = {
    "story_gold_plus_one": "Whenever you gain gold from a story, gain 1 more.",
    "rest_heals_three": "Your Rest heals 3 life instead of 2.",
    "aid_outside_stories": "Once per round you may use one aid token in a test that is not a story test.",
    "ignore_first_will_loss": "Ignore the first will loss each round.",
    "spell_bonus_plus_one": "The bonuses of your spells are 1 higher.",
    "discard_two_after_gather": "After gathering you may discard up to 2 Hand cards instead of 1.",
    "no_aid_tokens": "You cannot use aid tokens.",
    "travel_limit_two": "You may take at most 2 travel actions per turn.",
    "no_retreat": "You may not retreat.",
    "no_spells": "You cannot cast spells.",
    "targeted_first": "Enemies on your space attack you first.",
    "no_relics": "You cannot use relics.",
    "no_wild_surface_travel_next_round": "Next round no champion may travel a surface route between two "
    "wilderness spaces.",
    "refresh_hand": "Shuffle the Hand into the resource deck and turn up 5 new cards.",
    "resources_cost_one_less_next_round": "Next round resources cost 1 gold less (at least 0).",
    "quest_card_to_bottom": "Put the top card of the quest deck on the bottom, face down.",
}
"""The rule switches of the ``rule`` verb: passives, ongoing bane effects, event effects."""

REMOVALS: dict[str, str] = {
    "rest_on_capital": "Take the Rest action on a capital.",
    "pass_test": "As an action, pass a test of the printed attribute and difficulty.",
    "complete_story": "Complete a story.",
    "rest_twice": "Rest twice in one turn.",
    "pay_gold_at_market": "Pay the printed gold on a capital or country space.",
    "spirit_touched_action": "A spirit-touched champion on your space spends an action.",
    "banish_shadow_here": "Banish a shadow token on your space.",
}
"""Bane removal conditions (plan 2.4.8; CA-176)."""

PLACES: dict[str, str] = {
    "random": "at random (the location on the token's back)",
    "here": "on your space",
    "adjacent": "on an adjacent space",
    "here_or_adjacent": "on your space or an adjacent space",
    "anywhere": "anywhere on the board",
    "random_country": "on a random country space",
    "random_entrance": "on random depths entrance spaces that are not starting locations",
    "depths_nearest_champion": "on the depths space nearest to any champion (players choose on ties)",
    "country_with_shadow": "on country spaces that hold a shadow (else random non-starting country spaces)",
    "country_shadow_nearest_centre": "on the country space with a shadow nearest the map centre "
    "(else the country space nearest the centre)",
    "each_depths_with_shadow": "on each depths space that holds a shadow",
    "country": "on a country space (players choose)",
}
"""Where a token or enemy is placed or removed."""


def _positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def _effect_list(value: Any) -> str | None:
    return None if all(isinstance(e, Mapping) for e in value) else "must list effect tables"


def _count_or_half(value: Any) -> str | None:
    if isinstance(value, int):
        return _positive(value)
    return None if value in ("half", "half_plus_one") else 'must be a whole number, "half" or "half_plus_one"'


_AMOUNT = Field((int,), check=_positive)
_WHO = Field((str,), choices=tuple(WHO))
_OPT_WHO = Field((str,), required=False, choices=tuple(WHO))
_LIMIT = Field((str,), required=False, choices=("once_per_round",))
_COUNT = Field((int, str), check=_count_or_half)


def _count_text(value: Any, word: str) -> str:
    if value == "half":
        return f"half the champions (rounded up) {word}s"
    if value == "half_plus_one":
        return f"half the champions (rounded up) plus 1 {word}s"
    return counted(value, word)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(p: Mapping[str, Any]) -> str:
    return WHO[p.get("who", "self")]


def _limit(p: Mapping[str, Any]) -> str:
    return " (once per round)" if p.get("limit") == "once_per_round" else ""


def _describe_list(effects: Any) -> str:
    return " ".join(describe(e) for e in effects)


# ---- sentences ---------------------------------------------------------------------------

def _change(verb: str, noun: str) -> Callable[[Mapping[str, Any]], str]:
    def text(p: Mapping[str, Any]) -> str:
        who = _who(p)
        return _cap(f"{who} {verb}{'' if who == 'you' else 's'} {p['amount']} {noun}{_limit(p)}.")
    return text


def _gain_aid(p: Mapping[str, Any]) -> str:
    n = p.get("count", 1)
    who = _who(p)
    tokens = counted(n, "+" + str(p["value"]) + " aid token")
    return _cap(f"{who} take{'' if who == 'you' else 's'} {tokens}.")


def _draw_bane(p: Mapping[str, Any]) -> str:
    who = _who(p)
    return _cap(f"{who} draw{'' if who == 'you' else 's'} a {p['kind']} bane.")


def _remove_bane(p: Mapping[str, Any]) -> str:
    kind = f"{p['kind']} " if "kind" in p else ""
    return f"Remove one {kind}bane from {_who(p)}."


def _gain_resource(p: Mapping[str, Any]) -> str:
    if "resource" in p:
        return f"Take the resource '{p['resource']}' from the Hand or the resource deck."
    kind = p["kind"].replace("_", " ")
    discount = f", paying {p['discount']} gold less" if "discount" in p else ""
    source = "the Hand" if p.get("source", "hand") == "hand" else "the resource deck"
    return f"Take a {kind} from {source}{discount}."


def _gain_resource_check(p: Mapping[str, Any]) -> str | None:
    return None if ("resource" in p) != ("kind" in p) else "needs exactly one of 'resource' and 'kind'"


def _place_shadow(p: Mapping[str, Any]) -> str:
    text = f"Place {_count_text(p['count'], 'shadow token')} {PLACES[p['where']]}."
    if "from_round" in p:
        text += f" From round {p['from_round']} on, place {_count_text(p['later_count'], 'shadow token')} instead."
    if "enemy_on_first" in p:
        n = p["enemy_on_first"]
        text += (" Place a random enemy on the space of the first shadow placed." if n == 1 else
                 f" Place a random enemy on the space of each of the first {n} shadows placed.")
    if "bane" in p:
        text += f" A champion on a space that receives a shadow draws a {p['bane']} bane."
    return text


def _place_shadow_check(p: Mapping[str, Any]) -> str | None:
    if ("from_round" in p) != ("later_count" in p):
        return "'from_round' and 'later_count' go together"
    return None


def _place_enemy(p: Mapping[str, Any]) -> str:
    n = p.get("count", 1)
    what = "a random enemy" if n == 1 else f"{n} random enemies, one each"
    if p["enemy"] != "random":
        what = f"the enemy '{p['enemy']}'"
    return f"Place {what} {PLACES[p['where']]}."


def _fight(p: Mapping[str, Any]) -> str:
    foe = {"random": "a random enemy", "dangerous": "a more dangerous enemy of the main enemy"}[p["enemy"]]
    mode = {"combat": "Fight", "ambush": "You are ambushed by", "duel": "Duel"}[p["mode"]]
    text = f"{mode} {foe}."
    if p.get("optional"):
        text = "You may accept: " + text[0].lower() + text[1:]
    if p.get("then_combat"):
        text += " Then fight it under the combat rules."
    if p.get("no_retreat"):
        text += " You may not retreat."
    if "on_win" in p:
        text += " If you win: " + _describe_list(p["on_win"])
    return text


def _test(p: Mapping[str, Any]) -> str:
    text = f"Test {p['attribute']} at difficulty {p['difficulty']}."
    if "on_pass" in p:
        text += " Pass: " + (_describe_list(p["on_pass"]) or "nothing happens.")
    if "on_fail" in p:
        text += " Fail: " + (_describe_list(p["on_fail"]) or "nothing happens.")
    return text


_UNTIL_TEXT = {"combat_round": " this combat round", "end_of_round": " until the end of the round", "always": ""}
_AGAINST = {"treasure_3": " against enemies with treasure 3 or more"}


def _bonus(p: Mapping[str, Any]) -> str:
    test = {"strength": "strength (attack tests)", "speed": "speed (defence tests)"}.get(p["attribute"], p["attribute"])
    where = f" on {p['on']} spaces" if "on" in p else ""
    who = _who(p)
    lead = "You have" if who == "you" else f"{_cap(who)} has"
    return f"{lead} +{p['amount']} {test}{_AGAINST.get(p.get('against', ''), '')}{where}{_UNTIL_TEXT[p['until']]}."


def _reroll(p: Mapping[str, Any]) -> str:
    if p["test"] == "combat":
        return f"Reroll one of your combat dice without paying will{_limit(p)}."
    return f"Reroll the die of a story test{_limit(p)}."


def _gather(p: Mapping[str, Any]) -> str:
    what = a_or_an(p["kind"].replace("_", " ")) if "kind" in p else "one resource"
    text = f"Gather {what} from the Hand"
    if p.get("any_space"):
        text += " on any space"
    if "cost_change" in p:
        text += f", paying {-p['cost_change']} gold less" if p["cost_change"] < 0 else f", paying {p['cost_change']} more"
    if "difficulty_change" in p:
        d = p["difficulty_change"]
        text += f", its test at {-d} less difficulty" if d < 0 else f", its test at {d} more difficulty"
    return text + "."


def _pay(p: Mapping[str, Any]) -> str:
    if p["what"] == "resource":
        kind = p.get("kind", "resource").replace("_", " ")
        return f"Discard one of your {kind} cards (your choice) to the resource deck."
    return f"Pay {p['amount']} {p['what']}."


def _pay_check(p: Mapping[str, Any]) -> str | None:
    if p["what"] == "resource":
        return None if "amount" not in p else "'amount' goes with gold or will only"
    if "amount" not in p:
        return f"paying {p['what']} needs 'amount'"
    return None if "kind" not in p else "'kind' goes with resource only"


def _enemy_bonus(p: Mapping[str, Any]) -> str:
    return f"Enemies on {p['on']} spaces have +{p['amount']} {p['stat'].upper()}."


VERBS = Vocabulary({
    "gain_gold": Verb("gain", {"amount": _AMOUNT, "who": _OPT_WHO}, _change("gain", "gold"), worth=0.6),
    "lose_gold": Verb("loss", {"amount": _AMOUNT, "who": _OPT_WHO}, _change("lose", "gold"), worth=-0.6),
    "heal": Verb("gain", {"amount": _AMOUNT, "who": _WHO, "limit": _LIMIT}, _change("heal", "life"), worth=0.5),
    "lose_life": Verb("loss", {"amount": _AMOUNT, "who": _WHO}, _change("lose", "life"), worth=-0.7),
    "gain_will": Verb("gain", {"amount": _AMOUNT, "who": _WHO, "limit": _LIMIT}, _change("restore", "will"), worth=1.0),
    "lose_will": Verb("loss", {"amount": _AMOUNT, "who": _WHO}, _change("lose", "will"), worth=-1.4),
    "gain_aid": Verb(
        "gain", {"value": Field((int,), choices=(1, 2)), "count": Field((int,), required=False, check=_positive),
                 "who": _WHO}, _gain_aid,
                 worth=0.8),
    "draw_bane": Verb("loss", {"kind": Field((str,), choices=BANE_KINDS), "who": _WHO}, _draw_bane, worth=-2.5),
    "remove_bane": Verb(
        "gain", {"kind": Field((str,), required=False, choices=BANE_KINDS), "who": _WHO}, _remove_bane,
        worth=2.0,
    ),
    "gain_resource": Verb(
        "gain",
        {"kind": Field((str,), required=False, choices=RESOURCE_KINDS), "resource": Field((str,), required=False),
         "source": Field((str,), required=False, choices=("hand", "deck")),
         "discount": Field((int,), required=False, check=_positive)},
        _gain_resource, _gain_resource_check,
        worth=2.0,
    ),
    "place_quest_token": Verb(
        "board", {"count": _AMOUNT}, lambda p: f"Place {counted(p['count'], 'random quest token')}.",
        worth=0.5,
    ),
    "place_shadow": Verb(
        "board",
        {"count": _COUNT, "where": Field((str,), choices=("random", "here", "adjacent")),
         "enemy_on_first": Field((int,), required=False, check=_positive),
         "from_round": Field((int,), required=False, choices=(2, 3, 4, 5)),
         "later_count": Field((int, str), required=False, check=_count_or_half),
         "bane": Field((str,), required=False, choices=BANE_KINDS)},
        _place_shadow, _place_shadow_check,
        worth=-1.5,
    ),
    "remove_shadow": Verb(
        "board",
        {"count": _COUNT, "where": Field((str,), choices=("here", "adjacent", "here_or_adjacent", "anywhere"))},
        lambda p: f"Banish up to {_count_text(p['count'], 'shadow token')} {PLACES[p['where']]}.",
        worth=1.5,
    ),
    "place_enemy": Verb(
        "board",
        {"enemy": Field((str,)), "where": Field((str,), choices=tuple(PLACES)),
         "count": Field((int,), required=False, check=_positive)},
        _place_enemy,
        worth=-1.5,
    ),
    "remove_enemy": Verb(
        "board", {"where": Field((str,), choices=tuple(PLACES))},
        lambda p: f"Remove one ordinary enemy {PLACES[p['where']]}.",
        worth=1.2,
    ),
    "fight": Verb(
        "fight",
        {"mode": Field((str,), choices=("combat", "ambush", "duel")),
         "enemy": Field((str,), choices=("random", "dangerous")),
         "optional": Field((bool,), required=False), "then_combat": Field((bool,), required=False),
         "no_retreat": Field((bool,), required=False),
         "on_win": Field((list,), required=False, check=_effect_list)},
        _fight,
        worth=-1.0,
    ),
    "test": Verb(
        "test",
        {"attribute": Field((str,), choices=ATTRIBUTES), "difficulty": Field((int,), check=_positive),
         "on_pass": Field((list,), required=False, check=_effect_list),
         "on_fail": Field((list,), required=False, check=_effect_list)},
        _test, lambda p: None if "on_pass" in p or "on_fail" in p else "needs 'on_pass' or 'on_fail'",
        worth=0.0,
    ),
    "bonus": Verb(
        "modifier",
        {"attribute": Field((str,), choices=ATTRIBUTES), "amount": _AMOUNT, "who": _WHO,
         "until": Field((str,), choices=tuple(_UNTIL_TEXT)),
         "against": Field((str,), required=False, choices=tuple(_AGAINST)),
         "on": Field((str,), required=False, choices=SPACE_KINDS)},
        _bonus,
        read_by="context.py (modified attributes: passives and combat skills, CA-075)",
        worth=1.2,
    ),
    "reroll": Verb(
        "modifier", {"test": Field((str,), choices=("combat", "story")), "limit": _LIMIT}, _reroll,
        read_by="combat.py (a free combat reroll; story rerolls in stories.py)",
        worth=0.9,
    ),
    "block": Verb("modifier", {"amount": _AMOUNT},
                  lambda p: f"Block {p['amount']} damage you would take this combat round.",
                  read_by="combat.py",
                  worth=1.0),
    "cleave": Verb("modifier", {"amount": _AMOUNT},
                   lambda p: f"After your attack, another enemy on your space loses {p['amount']} life.",
                   read_by="combat.py",
                   worth=0.6),
    "ambush": Verb(
        "action", {"target": Field((str,), choices=("enemy_here", "enemy_adjacent"))},
        lambda p: "Ambush an enemy on " + ("your space" if p["target"] == "enemy_here" else "an adjacent space")
        + ": make an attack test only; no combat follows.",
        worth=1.0,
    ),
    "travel": Verb("action", {"steps": _AMOUNT},
                   lambda p: f"Move up to {counted(p['steps'], 'space')} as one action.",
                   worth=0.8),
    "gather": Verb(
        "action",
        {"kind": Field((str,), required=False, choices=RESOURCE_KINDS),
         "any_space": Field((bool,), required=False),
         "cost_change": Field((int,), required=False), "difficulty_change": Field((int,), required=False)},
        _gather,
        worth=1.0,
    ),
    "peek_deck": Verb(
        "action", {"count": _AMOUNT},
        lambda p: f"Look at the top {p['count']} cards of one world or quest deck and put them back in any order.",
        worth=0.5,
    ),
    "cast_spell": Verb(
        "action", {"free": Field((bool,))},
        lambda p: "Cast one of your spells" + (" (free: costs no action)." if p["free"] else "."),
        worth=1.0,
    ),
    "rule": Verb("rule", {"rule": Field((str,), choices=tuple(RULES))}, lambda p: RULES[p["rule"]],
                 read_by="context.py (passives and banes; events have a handler too)",
                 worth=0.0),
    "round_end_loss": Verb(
        "loss", {"what": Field((str,), choices=("life", "will")), "amount": _AMOUNT},
        lambda p: f"At the end of each round, lose {p['amount']} {p['what']}.",
        read_by="rounds.py (banes at the end of a round, G-42)",
        worth=-2.0,
    ),
    "enemy_target": Verb(
        "enemy", {"who": Field((str,), choices=("lowest_life", "highest_strength"))},
        lambda p: "Attacks the champion on its space with the "
        + ("lowest life." if p["who"] == "lowest_life" else "highest strength."),
        read_by="combat.py (CA-099)",
        worth=-0.3,
    ),
    "enemy_rule": Verb(
        "enemy", {"rule": Field((str,), choices=("no_retreat", "duel", "ambush_on_placement"))},
        lambda p: {"no_retreat": "No retreat: champions fighting it may not retreat.",
                   "duel": "Duel: it fights one champion alone, under the duel rules.",
                   "ambush_on_placement": "Ambush: when placed on a champion's space, it ambushes that champion."}
        [p["rule"]],
        read_by="board.py",
        worth=-0.5,
    ),
    "pay": Verb(
        "cost",
        {"what": Field((str,), choices=("gold", "will", "resource")),
         "amount": Field((int,), required=False, check=_positive),
         "kind": Field((str,), required=False, choices=RESOURCE_KINDS)},
        _pay, _pay_check,
        worth=-1.0,
    ),
    "take_quest_token": Verb(
        "quest", {},
        lambda p: "The quest is completed: the quest token on your space moves onto your champion card.",
        worth=3.0,
    ),
    "enemy_bonus": Verb(
        "enemy", {"stat": Field((str,), choices=("dv", "av")), "amount": _AMOUNT,
                  "on": Field((str,), choices=SPACE_KINDS)}, _enemy_bonus,
                  read_by="board.py",
                  worth=-0.8),
    "steal_gold": Verb("enemy", {"amount": _AMOUNT},
                       lambda p: f"A champion who fails a defence test against it loses {p['amount']} gold.",
                       read_by="combat.py",
                       worth=-0.4),
    "regenerate": Verb("enemy", {"amount": _AMOUNT},
                       lambda p: f"Regenerates {p['amount']} life at the end of each combat round.",
                       read_by="combat.py",
                       worth=-1.0),
    "drain_will": Verb("enemy", {"amount": _AMOUNT},
                       lambda p: f"A champion who fails a defence test against it also loses {p['amount']} will.",
                       read_by="combat.py",
                       worth=-1.2),
}, nested=NESTED_PARAMS)


def describe(effect: Any) -> str:
    """The player-facing sentence for one effect (a record, or a parsed Effect)."""
    return VERBS.text(effect)
