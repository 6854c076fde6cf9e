"""The effect vocabulary of Dungeon Delve: every verb an effect record may use.

Effects are written as records ``{ verb = "...", <params> }`` in items (their uses),
class skills, hero abilities and heroic feats, monster abilities, conditions and overlord
cards (checklist 2.3-2.8). Each verb has its parameters (checked when content loads) and
a sentence for players. Who an effect applies to follows from where it is written: the
hero or monster that owns the ability or card, the figure that holds the condition, or,
for an overlord card, the attack, monster or hero its timing names.

Besides the verbs, this module names the small fixed lists the content uses:

* ``SURGE_EFFECTS``: what a surge ability of a weapon or monster does (DD-089, DD-090);
* ``MOMENTS``: when an ability, skill, feat or item is used (``when``);
* ``TIMINGS``: the six hooks an overlord card may be played at (2.10, DD-124);
* ``CONDITION_WHEN``: when a condition acts and when it is discarded (2.6, DD-146).

Parameters that name other content (dice, conditions, weapon tags) are resolved by the
loader in ``content.py``; this module knows only their shape.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping

from game.core.cards import Field
from game.core.vocabulary import Verb, Vocabulary
from game.core.words import counted

ATTRIBUTES = ("might", "knowledge", "willpower", "awareness")
ATTACK_TYPES = ("melee", "ranged")
TERRAINS = ("floor", "obstacle", "water", "pit", "lava")
NESTED_PARAMS = ("on_pass", "on_fail")
"""Parameters whose value is itself a list of effect records."""
DICE_PARAMS = ("dice", "add_dice")
"""Parameters that list die ids (resolved against dice.toml on load)."""


def _positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def _not_negative(value: Any) -> str | None:
    return None if value >= 0 else "must be 0 or more"


def _die_list(value: Any) -> str | None:
    if not value or not all(isinstance(d, str) and d for d in value):
        return "must list one or more die ids"
    return None


def _effect_list(value: Any) -> str | None:
    if not all(isinstance(e, Mapping) for e in value):
        return "must list effect tables"
    return None


def _amount_or(word: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, int):
            return _positive(value)
        return None if value == word else f'must be a whole number or "{word}"'
    return check


_AMOUNT = Field((int,), check=_positive)
_ATTACK_TYPE = Field((str,), choices=ATTACK_TYPES)
_UNTIL = Field((str,), choices=("end_of_turn", "start_of_next_turn"))


def _title(word: str) -> str:
    return word.replace("_", " ").title()


def dice_phrase(dice: Any) -> str:
    """'1 red die', '2 red dice', '1 red and 1 yellow die'."""
    counts = Counter(dice)
    parts = [f"{n} {die}" for die, n in counts.items()]
    noun = "die" if sum(counts.values()) == 1 else "dice"
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{text} {noun}"


def _describe_list(effects: Any) -> str:
    return " ".join(describe(e) for e in effects)


# ---- sentences ---------------------------------------------------------------------------

def _attack(p: Mapping[str, Any]) -> str:
    kind = _title(p["attack_type"])
    weapon = f"an equipped {p['weapon_tag']}" if "weapon_tag" in p else f"an equipped {kind} weapon"
    parts = [f"Perform a {kind} attack with {weapon}"]
    if "add_dice" in p:
        parts.append(f"add {dice_phrase(p['add_dice'])}")
    if "pierce" in p:
        parts.append(f"the attack gains Pierce {p['pierce']}")
    return "; ".join(parts) + "."


def _add_dice(p: Mapping[str, Any]) -> str:
    if p["pool"] == "attack":
        return f"Add {dice_phrase(p['dice'])} to the attack."
    counts = Counter(p["dice"])
    extra = " and ".join(f"{n} extra {die}" for die, n in counts.items())
    return f"Roll {extra} {'die' if sum(counts.values()) == 1 else 'dice'} for defense."


def _bonus(p: Mapping[str, Any]) -> str:
    symbol = {"hearts": ("heart", "hearts"), "range": ("range", "range"), "shields": ("shield", "shields")}
    one, many = symbol[p["symbol"]]
    amount = f"+{p['amount']} {one if p['amount'] == 1 else many}"
    if p["symbol"] == "shields":
        return f"{amount} to the defense result."
    attacks = f"{_title(p['attack_type'])} attacks" if "attack_type" in p else "the attack"
    return f"{amount} to {attacks}."


_TARGETS = {
    "self": "You recover",
    "self_or_adjacent_hero": "You, or a hero in or adjacent to your space, recovers",
    "every_hero": "Every hero recovers",
    "revived_hero": "The hero you revive recovers",
}


def _recover(p: Mapping[str, Any]) -> str:
    what = p["what"]
    if "dice" in p:
        amount = f"{what} equal to the hearts rolled on {dice_phrase(p['dice'])}"
    elif p["amount"] == "all":
        amount = f"all {what}"
    else:
        extra = " extra" if p["target"] == "revived_hero" else ""
        amount = f"{p['amount']}{extra} {what}"
    tail = " (knocked-out heroes included)" if p.get("knocked_out") else ""
    return f"{_TARGETS[p['target']]} {amount}{tail}."


def _recover_check(p: Mapping[str, Any]) -> str | None:
    if ("amount" in p) == ("dice" in p):
        return "needs exactly one of 'amount' and 'dice'"
    if p.get("amount") == "all" and p["what"] != "fatigue":
        return 'may recover "all" only of fatigue'
    return None


def _suffer(p: Mapping[str, Any]) -> str:
    if p["what"] == "fatigue":
        return f"Suffer {p['amount']} fatigue; any beyond Stamina becomes damage."
    return f"Suffer {p['amount']} damage."


def _attribute_test(p: Mapping[str, Any]) -> str:
    name = _title(p["attribute"])
    text = f"Test {name}: roll a gray and a black die; pass if the shields total at most {name}."
    if "on_pass" in p:
        text += " Pass: " + (_describe_list(p["on_pass"]) or "nothing happens.")
    if "on_fail" in p:
        text += " Fail: " + (_describe_list(p["on_fail"]) or "nothing happens.")
    return text


def _attribute_test_check(p: Mapping[str, Any]) -> str | None:
    if "on_pass" not in p and "on_fail" not in p:
        return "needs 'on_pass' or 'on_fail'"
    return None


def _action_limit(p: Mapping[str, Any]) -> str:
    if p["action"] == "any":
        return f"May perform at most {counted(p['max'], 'action')} this turn (activation)."
    return f"May perform up to {counted(p['max'], 'Attack action')} this turn (activation)."


def _gain_mp(p: Mapping[str, Any]) -> str:
    return "Gain MP equal to your Speed." if p["amount"] == "speed" else f"Gain {p['amount']} MP."


def _move_through(p: Mapping[str, Any]) -> str:
    lead = "This turn you may" if p.get("until") == "end_of_turn" else "May"
    return f"{lead} move through spaces holding enemy figures, but not end the movement there."


def _until(p: Mapping[str, Any]) -> str:
    return {"end_of_turn": "until the end of this turn",
            "start_of_next_turn": "until the start of your next turn"}[p["until"]]


VERBS = Vocabulary({
    "attack": Verb(
        "action",
        {
            "attack_type": _ATTACK_TYPE,
            "weapon_tag": Field((str,), required=False),
            "add_dice": Field((list,), required=False, check=_die_list),
            "pierce": Field((int,), required=False, check=_positive),
        },
        _attack,
        read_by="attack.py (a skill's or feat's attack; the action in actions.py)",
    ),
    "add_dice": Verb(
        "modifier",
        {"pool": Field((str,), choices=("attack", "defense")), "dice": Field((list,), check=_die_list)},
        _add_dice,
        read_by="attack.py and rulesdata.py (an item's dice in an attack or defence)",
    ),
    "bonus": Verb(
        "modifier",
        {
            "symbol": Field((str,), choices=("hearts", "range", "shields")),
            "amount": _AMOUNT,
            "attack_type": Field((str,), required=False, choices=ATTACK_TYPES),
        },
        _bonus,
        lambda p: "'attack_type' applies only to hearts and range"
        if "attack_type" in p and p["symbol"] == "shields" else None,
        read_by="attack.py and rulesdata.py (an item's bonus in an attack or defence)",
    ),
    "stat_bonus": Verb(
        "modifier",
        {"stat": Field((str,), choices=("speed", "stamina")), "amount": _AMOUNT},
        lambda p: f"+{p['amount']} {_title(p['stat'])}.",
        read_by="rulesdata.py (a hero's attributes, speed and health)",
    ),
    "terrain_cost": Verb(
        "modifier",
        {"terrain": Field((str,), choices=("water",)), "cost": Field((int,), check=_positive)},
        lambda p: f"Entering {p['terrain']} costs you {p['cost']} MP.",
        read_by="rulesdata.py (movement costs)",
    ),
    "recover": Verb(
        "recovery",
        {
            "what": Field((str,), choices=("damage", "fatigue")),
            "amount": Field((int, str), required=False, check=_amount_or("all")),
            "dice": Field((list,), required=False, check=_die_list),
            "target": Field((str,), choices=tuple(_TARGETS)),
            "knocked_out": Field((bool,), required=False),
        },
        _recover,
        _recover_check,
        read_by="actions.py, rounds.py and context.py (skills, feats, rest and revive)",
    ),
    "suffer": Verb(
        "harm",
        {"what": Field((str,), choices=("damage", "fatigue")), "amount": _AMOUNT},
        _suffer,
        read_by="rounds.py and context.py (a condition's harm, by the condition's name: DD-146)",
    ),
    "area_damage": Verb(
        "harm",
        {"max_distance": _AMOUNT, "amount": _AMOUNT},
        lambda p: f"Choose a space within distance {p['max_distance']} in your line of sight: every "
        f"figure in it and in the spaces adjacent to it suffers {p['amount']} damage. This is not "
        "an attack: no dice are rolled, and heroes are hit too.",
        read_by="actions.py (a heroic feat)",
    ),
    "attribute_test": Verb(
        "test",
        {
            "attribute": Field((str,), choices=ATTRIBUTES),
            "on_pass": Field((list,), required=False, check=_effect_list),
            "on_fail": Field((list,), required=False, check=_effect_list),
        },
        _attribute_test,
        _attribute_test_check,
        read_by="rounds.py and context.py (a condition's test, by the condition's name: DD-146)",
    ),
    "reroll": Verb(
        "test",
        {"count": _AMOUNT},
        lambda p: f"Reroll {counted(p['count'], 'die', 'dice')} of this attribute test.",
        read_by="context.py (a ready item used when an attribute test fails: DD-118)",
    ),
    "gain_condition": Verb(
        "condition",
        {"condition": Field((str,))},
        lambda p: f"Gain the {_title(p['condition'])} condition."
    ),
    "discard_condition": Verb(
        "condition", {}, lambda p: "Discard this condition.",
        read_by="rounds.py and context.py (a condition's end, by the condition's name: DD-146)",
    ),
    "immobilize": Verb(
        "condition",
        {},
        lambda p: "Unspent MP are lost; no Move actions, and no gaining or spending MP.",
        read_by="rounds.py and context.py (the immobilized condition, DD-146)",
    ),
    "action_limit": Verb(
        "actions",
        {"action": Field((str,), choices=("any", "attack")), "max": Field((int,), check=_not_negative)},
        _action_limit
    ),
    "extra_action": Verb(
        "actions",
        {"action": Field((str,), choices=("move",))},
        lambda p: f"May perform one extra {_title(p['action'])} action this turn (activation)."
    ),
    "gain_mp": Verb(
        "movement",
        {"amount": Field((int, str), check=_amount_or("speed"))},
        _gain_mp,
        read_by="actions.py (a heroic feat)",
    ),
    "move_through_enemies": Verb(
        "movement",
        {"until": Field((str,), required=False, choices=("end_of_turn",))},
        _move_through,
        read_by="actions.py and rulesdata.py (movement)",
    ),
    "untargetable": Verb(
        "protection",
        {"attack_type": _ATTACK_TYPE, "until": _UNTIL},
        lambda p: f"Monsters cannot target you with {_title(p['attack_type'])} attacks {_until(p)}.",
        read_by="actions.py (a heroic feat)",
    ),
    "search_draw": Verb(
        "search",
        {"draw": _AMOUNT, "keep": _AMOUNT},
        lambda p: f"When you Search, draw {counted(p['draw'], 'search card')}, keep {p['keep']} "
        "and shuffle the rest back into the search deck.",
        lambda p: "'keep' may not exceed 'draw'" if p["keep"] > p["draw"] else None,
        read_by="rulesdata.py (the search action)",
    ),
    "gold": Verb("score", {"amount": _AMOUNT}, lambda p: f"Worth {p['amount']} gold (score only).",
                 read_by="rulesdata.py (the score)"),
}, nested=NESTED_PARAMS)


def describe(effect: Any) -> str:
    """The player-facing sentence for one effect (a record, or a parsed Effect)."""
    return VERBS.text(effect)


# ---- surge abilities (DD-089, DD-090) ----------------------------------------------------

SURGE_EFFECTS: dict[str, Verb] = {
    "hearts": Verb("surge", {"amount": _AMOUNT},
                   lambda p: f"+{counted(p['amount'], 'heart')}."),
    "range": Verb("surge", {"amount": _AMOUNT}, lambda p: f"+{p['amount']} range."),
    "pierce": Verb("surge", {"amount": _AMOUNT}, lambda p: f"Pierce {p['amount']}."),
    "blast": Verb("surge", {}, lambda p: "Blast."),
    "condition": Verb("surge", {"condition": Field((str,))},
                      lambda p: f"The target is {_title(p['condition'])}."),
}
SURGE_PARAMS: dict[str, Field] = {"amount": Field((int,), required=False),
                                  "condition": Field((str,), required=False)}
"""Every key a surge record may carry besides ``cost`` and ``effect``."""


def describe_surge(cost: int, effect: str, params: Mapping[str, Any]) -> str:
    """'Surge: +1 heart.' / '2 surges: Blast.'"""
    price = "Surge" if cost == 1 else f"{cost} surges"
    return f"{price}: {SURGE_EFFECTS[effect].describe(params)}"


# ---- moments and hooks -------------------------------------------------------------------

MOMENTS: dict[str, str] = {
    "passive": "Always active (an item: while it is equipped).",
    "action": "Used as an action (marked with the action arrow).",
    "turn_start": "At the start of your turn, in step 1 (DD-012).",
    "own_turn": "During your turn, not as an action.",
    "rest": "When you perform a Rest action; it resolves at the end of that turn.",
    "revive": "When you revive a knocked-out hero.",
    "after_defense_roll": "After you roll your defense dice.",
    "attribute_test": "After you roll the dice of an attribute test.",
    "drawn": "When the card is drawn from the search deck.",
}
"""When an ability, feat, skill or item use happens (the ``when`` field)."""

TIMINGS: dict[str, str] = {
    "before_attack_roll": "Before a monster's attack dice are rolled.",
    "monster_activation_start": "At the start of a monster's activation.",
    "hero_enters_space": "When a hero, during his movement, enters a space that holds no other figure.",
    "after_monster_damage": "After a monster's attack deals 1 or more damage to a hero.",
    "after_monster_defense_roll": "After a monster's defense dice are rolled.",
    "hero_turn_start": "At the start of a hero's turn, after the effects of step 1 end.",
}
"""The six hooks an overlord card may be played at (checklist 2.10, DD-124)."""

CONDITION_WHEN: dict[str, str] = {
    "turn_start": "Acts at the start of each of the figure's turns (activations); only an effect discards it.",
    "next_turn": "Applies during the figure's next turn (activation); discarded at its end.",
    "until_next_turn_ends": "Applies at once, until the end of the figure's next turn (activation); "
    "discarded then.",
}
"""When a condition's effects apply, and when it is discarded (2.6, DD-146)."""
