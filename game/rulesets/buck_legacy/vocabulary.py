"""The effect vocabulary of Buck: Legacy: every verb a card's ability may use (plan 2.4).

Abilities are written as records ``{ verb = "...", <params> }`` on races, classes, starting
weapons, items, treasures, Dungeon cards and Zone/Boss cards. Each verb has one of three kinds:

- ``static``: a modifier that holds while its card is in play (BL-020), read where it counts
  (Combat Strength, maximum values, checks, the Monster record). ``scope`` says whom it reaches:
  its holder (the default: the Adventurer wearing the item, or in front of whom the Dungeon card
  lies), every Adventurer (an aura, AK-23), or whoever fights the Monster that carries it.
- ``action``: something the holder may do when the rules let them act (a single-use item, a
  Tesla device, a kinetic weapon): offered as an option in the windows (BL-115, BL-094, BL-173).
  ``uses = "phase"`` limits it to once per Combat Phase, ``uses = "once"`` to a single use while
  the card is in play (a Gift's "one free reroll"); ``mana`` / ``tesla`` are its costs (AK-16).
- ``trigger``: something that happens by itself at a moment (``when``): a card played in
  Exploration, a Monster encountered, a battle won or lost, an escape, a stun (AK-31). A Dungeon
  card's check is a trigger verb too (``check``), with nested ``on_pass`` / ``on_fail`` lists.

Every ability is tagged ``rule`` or ``ability`` (AK-32, BL-025): Null Zone ignores a Monster's
Special Abilities but not its Special Rules (BL-224). The tag defaults by verb (immunities are
rules, everything else an ability) and content may set it. Verbs that select someone say how:
``choose`` or ``target`` (BL-024), which Golden Eye style wards tell apart (AK-22).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.cards import Field
from game.core.vocabulary import Verb, Vocabulary

DAMAGE_TYPES = ("cutting", "crushing", "fire", "electric", "holy", "radiance", "staff", "chaos")
"""The eight special damage types a weapon may deal (2.2)."""
CREATURE_TYPES = ("nagapon", "undead", "water", "beast", "elemental", "demon", "construct")
"""The creature types of the content plan (2.3); a Monster has one as its secondary type."""
CHECKS = ("escape", "charisma", "fear", "trap")
"""The four kinds of check (BL-091)."""
SLOTS = ("armour", "weapon", "glasses", "headgear", "other")
"""The five equipment slots (BL-067)."""
DIFFICULTIES = ("starting", "mid", "advanced")
"""Zone difficulties, in the order of the ladder (BL-005 to BL-007)."""
SCOPES = ("holder", "all", "fighter")
"""Whom a static modifier reaches (see the module text)."""
WHEN = ("play", "encounter", "win", "lose", "escape", "stun", "revive", "monster_defeated",
        "exploration_start", "red_six")
"""The moments a trigger verb can fire at (AK-31); ``red_six`` is a Boss's Special Ability (BL-187)."""
DIE_CHOICES = ("own", "any")
NESTED_PARAMS = ("on_pass", "on_fail")

VERB_KINDS = ("static", "action", "trigger")
MONSTER_VERBS = frozenset({"monster_level", "monster_roll", "escape_requirement", "loot", "hp_bonus"})
"""Static verbs that modify a Monster's record; every other static verb modifies an Adventurer's."""


def _positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def _not_zero(value: Any) -> str | None:
    return None if value != 0 else "must not be 0"


def _effect_list(value: Any) -> str | None:
    return None if all(isinstance(e, Mapping) for e in value) else "must list effect tables"


def _die_value(value: Any) -> str | None:
    return None if 1 <= value <= 6 else "must be a die face, 1 to 6"


def _signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else str(amount)


# Parameters every verb may carry.
_COMMON: dict[str, Field] = {
    "tag": Field((str,), required=False, choices=("rule", "ability")),
}
_SCOPE = {"scope": Field((str,), required=False, choices=SCOPES)}
_ACTION = {
    "uses": Field((str,), required=False, choices=("phase", "once", "any")),
    "mana": Field((int,), required=False, check=_positive),
    "tesla": Field((int,), required=False, check=_positive),
}
_WHEN = {"when": Field((str,), required=False, choices=WHEN)}
"""A trigger names its moment; one nested in a check's ``on_pass`` / ``on_fail`` does not (it
happens when the check does). content.py checks which is which."""
_SIGNED = Field((int,), check=_not_zero)
_AMOUNT = Field((int,), check=_positive)
_CREATURE = Field((str,), required=False, choices=CREATURE_TYPES)
_DAMAGE = Field((str,), required=False, choices=DAMAGE_TYPES)
_CHECK = Field((str,), choices=CHECKS)
_FLYING = Field((bool,), required=False)


def _scope_text(p: Mapping[str, Any]) -> str:
    return {"holder": "", "all": " (every Adventurer)", "fighter": " (whoever fights it)"}[p.get("scope", "holder")]


def _conditions(p: Mapping[str, Any]) -> str:
    parts = []
    if "creature" in p:
        parts.append(f"against {p['creature'].title()} Monsters")
    if "damage" in p:
        parts.append(f"with a {p['damage'].title()} weapon")
    if p.get("flying") is True:
        parts.append("with Flight")
    if p.get("flying") is False:
        parts.append("without Flight")
    return (" " + " and ".join(parts)) if parts else ""


def _cost(p: Mapping[str, Any]) -> str:
    costs = []
    if "mana" in p:
        costs.append(f"{p['mana']} Mana")
    if "tesla" in p:
        costs.append(f"{p['tesla']} Tesla")
    limit = {"phase": " Once per Combat Phase.", "once": " Once only."}.get(p.get("uses", ""), "")
    return (f" Costs {' and '.join(costs)}." if costs else "") + limit


_WHEN_TEXT = {
    "play": "When played", "encounter": "On Encounter", "win": "When you win against it",
    "lose": "When you lose against it", "escape": "When you escape", "stun": "When you are Stunned",
    "revive": "When you are revived", "monster_defeated": "Whenever a Monster is defeated",
    "exploration_start": "At the start of each Exploration Phase", "red_six": "Special Ability (red 6)",
}


def _when(p: Mapping[str, Any], text: str) -> str:
    return f"{_WHEN_TEXT[p['when']]}: {text}" if "when" in p else text


def _static(text: Callable[[Mapping[str, Any]], str], read_by: str, worth: float | None = None,
            **params: Field) -> Verb:
    return Verb("static", {**_COMMON, **_SCOPE, **params}, lambda p: text(p) + _scope_text(p), read_by=read_by,
                worth=worth)


def _action(text: Callable[[Mapping[str, Any]], str], worth: float | None = None, **params: Field) -> Verb:
    return Verb("action", {**_COMMON, **_ACTION, **params}, lambda p: text(p) + _cost(p), worth=worth)


def _trigger(text: Callable[[Mapping[str, Any]], str], worth: float | None = None, **params: Field) -> Verb:
    return Verb("trigger", {**_COMMON, **_WHEN, **params}, lambda p: _when(p, text(p)), worth=worth)


def _a_check(check: str) -> str:
    return f"{'an' if check[0] in 'aeiou' else 'a'} {check.title()} check"


def _check_text(p: Mapping[str, Any]) -> str:
    text = f"{p['check'].title()} check {p['n']}+."
    if p.get("on_pass"):
        text += " Pass: " + " ".join(describe(e) for e in p["on_pass"])
    if p.get("on_fail"):
        text += " Fail: " + " ".join(describe(e) for e in p["on_fail"])
    return text


VERBS: dict[str, Verb] = {
    # -- static modifiers (read where they count) ------------------------------------------------
    "combat_strength": _static(
        lambda p: f"{_signed(p['amount'])} Combat Strength{' to your weapon' if p.get('weapon') else ''}"
                  f"{_conditions(p)}.", "BL-111", 10.0,
        amount=_SIGNED, weapon=Field((bool,), required=False), creature=_CREATURE, damage=_DAMAGE, flying=_FLYING),
    "combat_roll": _static(
        lambda p: f"{_signed(p['amount'])} to your combat rolls{_conditions(p)}"
                  f"{' (may go above 6)' if p.get('exempt') else ''}.", "BL-117", 6.0,
        amount=_SIGNED, exempt=Field((bool,), required=False), flying=_FLYING),
    "monster_roll": _static(
        lambda p: f"{_signed(p['amount'])} to the Monster's combat rolls{_conditions(p)}.", "BL-114", 6.0,
        amount=_SIGNED, creature=_CREATURE, flying=_FLYING),
    "monster_level": _static(
        lambda p: f"{_signed(p['amount'])} Monster Level{_conditions(p)}.", "BL-110", 8.0,
        amount=_SIGNED, creature=_CREATURE, flying=_FLYING),
    "protection": _static(lambda p: f"{_signed(p['amount'])} Protection.", "BL-158", 4.0, amount=_SIGNED),
    "max_mana": _static(lambda p: f"{_signed(p['amount'])} maximum Mana.", "BL-209", 3.0, amount=_SIGNED),
    "max_tesla": _static(lambda p: f"{_signed(p['amount'])} maximum Tesla.", "BL-228", 1.0, amount=_SIGNED),
    "backpack": _static(lambda p: f"{_signed(p['amount'])} backpack capacity.", "BL-074", 3.0, amount=_SIGNED),
    "large_limit": _static(lambda p: f"{_signed(p['amount'])} to the number of Large cards you may carry.",
                           "BL-068", 3.0, amount=_SIGNED),
    "magic_rank": _static(lambda p: f"{_signed(p['amount'])} Magic Rank.", "BL-204", 15.0, amount=_SIGNED),
    "flight": _static(lambda p: "Flight.", "BL-244", 4.0),
    "check_bonus": _static(lambda p: f"{_signed(p['amount'])} to {p['check'].title()} checks{_conditions(p)}.",
                           "BL-092", 4.0, check=_CHECK, amount=_SIGNED, creature=_CREATURE),
    "escape_requirement": _static(
        lambda p: f"{_signed(p['amount'])} to the Escape requirement{_conditions(p)}.", "BL-129", -4.0,
        amount=_SIGNED, creature=_CREATURE),
    "loot": _static(lambda p: f"{_signed(p['amount'])} Loot{_conditions(p)}.", "BL-128", 0.5,
                    amount=_SIGNED, creature=_CREATURE),
    "instant_damage_bonus": _static(
        lambda p: f"+{p['amount']} to the Instant Damage you deal"
                  f"{' with a kinetic weapon' if p.get('kinetic') else ''}.", "BL-155", 6.0,
        amount=_AMOUNT, kinetic=Field((bool,), required=False)),
    "support": _static(lambda p: {"none": "You may not Support.", "double": "Your Support counts double."}[p["mode"]],
                       "BL-137", None, mode=Field((str,), choices=("none", "double"))),
    "tesla_price": _static(lambda p: f"Tesla costs you {p['gold']} Gold a unit in Ingenuity.", "BL-062", 2.0,
                           gold=_AMOUNT),
    "ward": _static(lambda p: f"Effects that {p['selection'].title()} you are blocked (not Special Rules or "
                              "Special Abilities).", "BL-024", 3.0,
                    selection=Field((str,), choices=("choose", "target"))),
    "immune_instant_damage": _static(lambda p: "Immune to Instant Damage.", "BL-157", None),
    "untargetable": _static(lambda p: "Cannot be Targeted.", "BL-024", None),
    "unchoosable": _static(lambda p: "Cannot be Chosen.", "BL-024", None),
    "fear": _static(lambda p: "Fear" + (" (frightens Adventurers without Flight)" if p.get("flying") is False
                                        else "") + ".", "BL-097", None, flying=_FLYING),
    # A Boss card carries it too (the Ossuary King): there it only keeps Null Zone off; a
    # Boss drains Mana through its red-6 Special Ability, never on Encounter (fight.py).
    "mana_drain": _static(lambda p: "Mana Drain: Null Zone does not affect this Monster. A Dungeon Monster "
                                    "with it drops its fighter's Mana to 0 on Encounter; a Boss does not (it "
                                    "drains Mana only with its red-6 Special Ability).", "BL-224", None),
    "hp_bonus": _static(lambda p: f"{_signed(p['amount'])} HP.", "BL-133", None, amount=_SIGNED),
    "events_distance_double": _static(lambda p: "Events with Distance counters count double toward the Boss.",
                                      "BL-079", None),
    "treasure_table_bonus": _static(lambda p: f"{_signed(p['amount'])} to your Treasure Table rolls.", "BL-232",
                                    2.0, amount=_SIGNED),
    "transmute": _static(lambda p: "You may Transmute (one transmuted item at a time).", "BL-237", None),
    "weapon_coating": _static(lambda p: f"Attach to your equipped weapon: +{p['amount']} Combat Strength while "
                                        "attached.", "BL-027", 8.0, amount=_AMOUNT),
    # -- actions (offered when the holder may act) ---------------------------------------------
    "reroll": _action(lambda p: f"Reroll {'one of your dice' if p['die'] == 'own' else 'any one die'}.", 8.0,
                      die=Field((str,), choices=DIE_CHOICES)),
    "add_to_roll": _action(lambda p: f"{_signed(p['amount'])} to "
                                     f"{_a_check(p['check']) if 'check' in p else 'any one roll'}.",
                           6.0, amount=_SIGNED, check=Field((str,), required=False, choices=CHECKS)),
    "set_die": _action(lambda p: f"Set any one die to {p['value']}.", 14.0,
                       value=Field((int,), check=_die_value)),
    "instant_damage": _action(lambda p: f"Deal {p['amount']} Instant Damage to the Monster being fought.", 8.0,
                              amount=_AMOUNT),
    "restore_mana": _action(lambda p: f"Gain {p['amount']} Mana (up to your maximum).", 3.0, amount=_AMOUNT),
    "revive": _action(lambda p: "Revive every Stunned Adventurer." if p.get("all") else
                      "Revive a Stunned Adventurer (Choose).", 12.0, all=Field((bool,), required=False)),
    "remove_curse": _action(lambda p: "Discard one Curse attached to you.", 8.0),
    "grant_protection": _action(lambda p: f"+{p['amount']} Protection until the end of the Combat Phase.", 6.0,
                                amount=_AMOUNT),
    "grant_flight": _action(lambda p: "Flight until the start of the next Exploration Phase.", 4.0),
    "boss_damage": _action(lambda p: f"The Dungeon Boss loses {p['amount']} HP.", 25.0, amount=_AMOUNT),
    "treasure_table": _action(lambda p: "Roll on the Treasure Table.", 20.0),
    # -- triggers ------------------------------------------------------------------------------
    "check": _trigger(_check_text, None, check=_CHECK, n=Field((int,), check=_die_value),
                      on_pass=Field((list,), required=False, check=_effect_list),
                      on_fail=Field((list,), required=False, check=_effect_list)),
    "gold": _trigger(lambda p: f"{'Gain' if p['amount'] > 0 else 'Lose'} {abs(p['amount'])} Gold.", 1.0,
                     amount=_SIGNED),
    "mana": _trigger(lambda p: f"{'Gain' if p['amount'] > 0 else 'Lose'} {abs(p['amount'])} Mana.", 3.0,
                     amount=_SIGNED),
    "drain_mana": _trigger(lambda p: "Your Mana drops to 0.", -6.0),
    "stun": _trigger(lambda p: "You are Stunned.", -20.0),
    "draw_item": _trigger(lambda p: f"Draw {p.get('count', 1)} Item card{'s' if p.get('count', 1) > 1 else ''} "
                                    "into your backpack.", 10.0, count=Field((int,), required=False, check=_positive)),
    "treasure": _trigger(lambda p: "Receive a Treasure (draw 2, keep 1).", 20.0),
    "draw_dungeon": _trigger(lambda p: "Draw another Dungeon card.", None),
    "campfire": _trigger(lambda p: "Shuffle the Dungeon discard pile back into the Dungeon deck.", None),
    "unequip_weapon": _trigger(lambda p: "Unequip your weapon now (a Starting Weapon leaves the game).", -10.0),
    "discard_equipped": _trigger(lambda p: "Discard one of your equipped items (you choose).", -15.0),
    "revive_other": _trigger(lambda p: "Revive a Stunned Adventurer (Choose), or else gain 5 Mana.", 8.0),
    "peek_dungeon": _trigger(lambda p: "Look at the top Dungeon card in secret.", 2.0),
    "boss_roll": _trigger(lambda p: f"{_signed(p['amount'])} to the Boss's combat roll this round.", None,
                          amount=_SIGNED),
    "boss_heal": _trigger(lambda p: f"The Boss heals {p['amount']} HP (never above its starting HP).", None,
                          amount=_AMOUNT),
    "attach_curse": _trigger(lambda p: "Attach a Curse from the Dungeon discard pile to the fighter.", None),
    "lose_unless_flight": _trigger(lambda p: "The fighter loses this round unless they have Flight.", None),
}
"""Every verb of Buck: Legacy's content, by name."""

RULE_TAGGED = frozenset({"immune_instant_damage", "untargetable", "unchoosable", "events_distance_double"})
"""Verbs that are Special Rules unless content says otherwise (AK-32); the rest default to abilities."""


def tag_of(verb: str, params: Mapping[str, Any]) -> str:
    """``rule`` or ``ability`` (BL-025): the record's own tag, else the verb's default."""
    tag = params.get("tag")
    if isinstance(tag, str):
        return tag
    return "rule" if verb in RULE_TAGGED else "ability"


VOCABULARY = Vocabulary(VERBS, nested=NESTED_PARAMS)


def describe(effect: Any) -> str:
    """The player-facing sentence of one effect (a parsed Effect or a plain record)."""
    return VOCABULARY.text(effect)
