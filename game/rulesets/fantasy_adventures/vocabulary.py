"""The ability vocabulary of Fantasy Adventures: the ability kinds of the content plan (2.7.7)
as the kernel's verbs, and the card text made from them.

Every ability is a record ``{ verb = "...", <params> }`` (STYLE 9). The text a card prints is
*generated* from the record, so it always follows the rulebook's grammar (FA-151): a normal
ability contains "can", an anytime ability begins "Anytime:" and contains "can", an automatic
ability never contains "can". Each verb has one of five kinds:

- ``automatic``: always in effect (FA-155): Melee bonuses, saves, immunities, Flying, ...
- ``active``: used by a player: a ``normal`` ability (the Action phase, FA-152) or, with
  ``timing = "anytime"``, an anytime one (FA-156). On a spell or a trap the same verbs are the
  spell's or trap's effect, which are not special abilities (FA-014, FA-011): the spell's type
  (FA-013) decides when it is cast, and the record carries no ``timing``.
- ``ranged``: a Ranged attack, which is not a special ability (FA-117, FA-118, A-22).
- ``trap``: an effect only a trap has (losing items).
- ``pair``: two abilities of one card joined by AND (AK-21, FA-211) or OR (AK-20, FA-212),
  nested in ``abilities``.

How each ability kind of the catalogue is written (``AK_OF`` maps the verbs):

=========  ==================================================================================
AK-01      ``melee`` (+N Melee)               AK-13  ``immune`` (an element, fear, Ranged)
AK-02      ``melee_vs`` (+N Melee vs. ...)    AK-14  ``flying``
AK-03      ``leadership``                     AK-15  a monster's ``groups`` holds "undead"
AK-04      ``ranged``                         AK-16  a monster's ``groups`` (demon, devil)
AK-05      ``armor_save``                     AK-17  a card's ``lair_only`` flag
AK-06      ``save``                           AK-18  a card's ``wandering_only`` flag
AK-07      ``save_bonus``                     AK-19  a spell's ``multiplayer_only``, an ability's ``multiplayer``
AK-08      ``heal``                           AK-20  ``or``;  AK-21 ``and``
AK-08b     ``current_melee`` with a penalty   AK-22  an item of the class "scroll"
AK-09      ``fear``                           AK-23  ``opponent_penalty``
AK-10      ``defeat``                         AK-24  ``roll_bonus``
AK-11      ``summon_monster``                 AK-25  ``first_spell_free``
AK-11c     ``join``                           AK-26  a monster's anytime ability (not ``join``)
AK-12      ``summon_hero``                    AK-27  an item's anytime ability
=========  ==================================================================================

``grant`` gives a hero or the party automatic abilities (``gives``) until the end of the
Encounter: the Water Specialist's "+1 Melee", the Flying spell. Its kinds are those it gives.

Which verbs each card type may carry, and with which targets, is checked when content loads
(content.py). ``read_by`` names the rule that reads each verb until the engine registers
handlers.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from game.core.cards import Field
from game.core.effects import Effect
from game.core.vocabulary import Verb, Vocabulary
from game.core.words import a_or_an

ELEMENTS = ("fire", "water", "air", "earth")
"""The four elements (FA-006): Fire red, Water blue, Air white, Earth green."""
MONSTER_GROUPS = ("undead", "demon", "devil")
"""The general groups of monsters (FA-010): a name or a bold tag in the abilities box."""
GROUP_PLURALS = {"undead": "undead", "demon": "demons", "devil": "devils"}
ITEM_GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "swords": ("Swords", ("sword", "blade", "scimitar")),
    "melee_weapons": ("Melee Weapons", ("sword", "blade", "scimitar", "mace", "axe")),
    "ranged_weapons": ("Ranged Weapons", ("bow", "crossbow")),
    "rods": ("Rods", ("staff", "wand")),
    "armor": ("Armor", ("armor", "coat")),
    "helms": ("Helms", ("helm", "mask", "crest")),
    "necklaces": ("Necklaces", ("scarab", "charm", "pendant", "ankh")),
}
"""The item groups (FA-173): group id -> (the word cards use, its class nouns)."""
ARMOR_SAVE_CLASSES = frozenset(ITEM_GROUPS["armor"][1] + ITEM_GROUPS["helms"][1] + ("shield",))
"""Classes whose items give their owner an armor save (FA-215, FA-233)."""
HOLDERS = ("hero", "monster", "item", "trap", "protection spell", "offensive spell", "anytime spell")
"""Whose text an ability is written on: the card type, and for a spell its type (FA-013)."""
TIMINGS = ("normal", "anytime")
VERB_KINDS = ("automatic", "active", "ranged", "trap", "pair")
PAIR_VERBS = ("and", "or")
NESTED_PARAMS = ("abilities", "gives")

# Targets. Trap targets (the entering hero, the front rank) read as statements; the others
# name whom an ability or a spell is used on (FA-153, FA-154, FA-134).
TARGETS = {
    "monster_attacking": "one monster attacking this party",
    "hero_attacked": "one hero of the party it attacks",
    "monster_any": "one monster in any Encounter",
    "entering": "the entering hero",
    "front_rank": "each hero in the front rank",
}
TRAP_TARGETS = ("entering", "front_rank")
ANY_PARTY_TARGETS = ("monster_any", "hero_any_party")
"""Targets beyond this party and the monsters attacking it: anytime only (FA-134, FA-156)."""
HEAL_TARGETS = ("self", "hero_of_party", "hero_any_party")
GRANT_TARGETS = {"hero_of_party": "one hero of this party", "heroes_of_party": "every hero of this party",
                 "party": "this party"}
CURRENT_MELEE_TARGETS = {"monster": "one monster", "hero": "one hero", "hero_or_monster": "one hero or monster"}
ROLLS = ("disarm", "surprise")

AK_OF: dict[str, str] = {
    "melee": "AK-01", "melee_vs": "AK-02", "leadership": "AK-03", "ranged": "AK-04", "armor_save": "AK-05",
    "save": "AK-06", "save_bonus": "AK-07", "heal": "AK-08", "fear": "AK-09", "defeat": "AK-10",
    "summon_monster": "AK-11", "join": "AK-11c", "summon_hero": "AK-12", "immune": "AK-13", "flying": "AK-14",
    "or": "AK-20", "and": "AK-21", "opponent_penalty": "AK-23", "roll_bonus": "AK-24",
    "first_spell_free": "AK-25",
}
"""The ability kind each verb writes; ``current_melee`` is AK-08b when it is a penalty, and
``grant`` has the kinds of what it gives (content.kinds_on)."""
ABILITY_KINDS = ("AK-01", "AK-02", "AK-03", "AK-04", "AK-05", "AK-06", "AK-07", "AK-08", "AK-08b", "AK-09",
                 "AK-10", "AK-11", "AK-11c", "AK-12", "AK-13", "AK-14", "AK-15", "AK-16", "AK-17", "AK-18",
                 "AK-19", "AK-20", "AK-21", "AK-22", "AK-23", "AK-24", "AK-25", "AK-26", "AK-27")
"""Every ability kind of the catalogue (2.7.7)."""


# ---- parameter checks ------------------------------------------------------------------

def _positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def _not_zero(value: Any) -> str | None:
    return None if value != 0 else "must not be 0"


def _die_range(value: Any) -> str | None:
    """``on = [low, high]``: two die faces, low first (a dependent effect, FA-185)."""
    if (len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not 1 <= value[0] <= value[1] <= 6):
        return "must be two die faces from 1 to 6, the lower first, e.g. [1, 3]"
    return None


def _effect_list(value: Any) -> str | None:
    return None if all(isinstance(e, Mapping) for e in value) else "must list ability tables"


_AMOUNT = Field((int,), check=_positive)
_SIGNED = Field((int,), check=_not_zero)
_ON = Field((list,), required=False, check=_die_range)
_ELEMENT = Field((str,), choices=ELEMENTS)
_COMMON: dict[str, Field] = {"multiplayer": Field((bool,), required=False)}
"""Every ability may be "Multiplayer only" (AK-19, FA-210)."""
_TIMING = {"timing": Field((str,), required=False, choices=TIMINGS)}


# ---- phrases ---------------------------------------------------------------------------

Params = Mapping[str, Any]
Phrase = Callable[[Params, str], str]


def signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else f"-{abs(amount)}"


def on_text(p: Params, *, save: bool = False) -> str:
    """" on 1-3" / " on a 1" for a dependent effect (FA-185, FA-187), " on 1" for a save's
    single number, "" without one (a save on the basic Melee Value, FA-217)."""
    if "on" not in p:
        return ""
    low, high = p["on"]
    if low == high:
        return f" on {low}" if save else f" on a {low}"
    return f" on {low}-{high}"


def element_name(element: str) -> str:
    return element.title()


def _vs_text(p: Params) -> str:
    if "min_melee" in p:
        return f"{p['side']} with Melee Value {p['min_melee']} or more"
    if "max_melee" in p:
        return f"{p['side']} with Melee Value {p['max_melee']} or less"
    vs = p["vs"]
    if vs in MONSTER_GROUPS:
        return GROUP_PLURALS[vs]
    if vs == "flying":
        return f"flying {p['side']}"
    return f"{element_name(vs)} {p['side']}"


def _leadership(p: Params, holder: str) -> str:
    if "element" in p:
        return f"Other {element_name(p['element'])} heroes in this party {signed(p['amount'])} Melee"
    return f"Other {GROUP_PLURALS[p['group']]} in this Encounter {signed(p['amount'])} Melee"


def _save_bonus(p: Params, holder: str) -> str:
    bonus = f"{signed(p['amount'])} to saves"
    return f"Other {element_name(p['element'])} heroes in this party {bonus}" if "element" in p else bonus


def _immune(p: Params, holder: str) -> str:
    to = p["to"]
    return {"fear": "Immune to fear", "ranged": "Immune to Ranged attacks"}.get(to, f"Immune to {element_name(to)}")


def _ranged(p: Params, holder: str) -> str:
    at = f" at {signed(p['bonus'])}" if "bonus" in p else ""
    return f"Spell caster can make a Ranged attack{at}" if p.get("caster_only") else f"Ranged attack{at}"


def _heal(p: Params, holder: str) -> str:
    who = {"self": "itself" if holder == "monster" else "himself",
           "hero_of_party": "one defeated hero of this party",
           "hero_any_party": "one defeated hero in any party"}[p["target"]]
    return f"heal {who}{on_text(p)}"


def _one(p: Params, noun_target: str) -> str:
    """"one monster [with Melee Value k or less] attacking this party" for a target id."""
    text = TARGETS[noun_target]
    if "max_melee" in p:
        noun = " ".join(text.split()[:2])
        text = f"{noun} with Melee Value {p['max_melee']} or less{text[len(noun):]}"
    return text


def _fear(p: Params, holder: str) -> str:
    if p["target"] in TRAP_TARGETS:
        return f"{TARGETS[p['target']]} is stricken with fear{on_text(p)}"
    return f"strike {_one(p, p['target'])} with fear{on_text(p)}"


def _defeat(p: Params, holder: str) -> str:
    target = p["target"]
    if target == "entering":
        return f"the entering hero is defeated{on_text(p)}"
    if target == "front_rank":
        return f"each hero in the front rank is defeated{on_text(p)} (one roll for each hero)"
    return f"defeat {_one(p, target)}{on_text(p)}"


def _summon_monster(p: Params, holder: str) -> str:
    monster = f"{p['group']} monster" if "group" in p else "monster"
    if holder == "trap":
        return (f"the monster player draws from his Encounter deck until {a_or_an(monster)} appears; it joins this "
                "Encounter")
    return f"summon {a_or_an(monster)}"


def _summon_hero(p: Params, holder: str) -> str:
    return (f"summon a non-unique {element_name(p['element'])} hero from the Hero deck into an open position"
            f"{on_text(p)}")


def _current_melee(p: Params, holder: str) -> str:
    return (f"give {CURRENT_MELEE_TARGETS[p['target']]} in any Encounter {signed(p['amount'])} Melee for its "
            "current melee")


def _opponent_penalty(p: Params, holder: str) -> str:
    if p.get("whom", "meleeing") == "party":
        return f"All heroes of this party have {signed(-p['amount'])} Melee until the end of this Encounter"
    return f"A hero meleeing this monster has {signed(-p['amount'])} Melee"


def _lose_item(p: Params, holder: str) -> str:
    if "group" in p:
        return f"the entering hero discards every item of the {ITEM_GROUPS[p['group']][0]} group he owns"
    return "the entering hero loses one item of the monster player's choice"


def _grant(p: Params, holder: str) -> str:
    gifts = [sentence(g, holder) for g in p["gives"]]
    only_melee = len(p["gives"]) == 1 and _verb_of(p["gives"][0])[0] == "melee"
    gift = gifts[0] if only_melee else " and ".join(f'"{g}"' for g in gifts)
    whom = "that hero" if p.get("same_target") else GRANT_TARGETS[p["target"]]
    return f"give {whom} {gift} until the end of the {'round' if p.get('until') == 'round' else 'Encounter'}"


def _pair(word: str) -> Phrase:
    def text(p: Params, holder: str) -> str:
        first, second = p["abilities"]
        head = sentence(first, holder)
        both_normal = all(ability_type(a, holder) == "normal" for a in (first, second))
        tail = sentence(second, holder, continues=both_normal)
        return f"{head} {word} {_lower_subject(tail)}"
    return text


_LOWERED = ("This ", "Its ", "Other ", "A ", "All ", "The ", "Each ", "He ")


def _lower_subject(text: str) -> str:
    """The second half of a pair goes on in the same sentence: "... AND this hero can ..."."""
    return text[0].lower() + text[1:] if text.startswith(_LOWERED) else text


# ---- the verbs -------------------------------------------------------------------------

def _vs_check(p: Params) -> str | None:
    chosen = [k for k in ("vs", "min_melee", "max_melee") if k in p]
    if len(chosen) != 1:
        return "needs exactly one of 'vs', 'min_melee' or 'max_melee'"
    needs_side = not (chosen[0] == "vs" and p["vs"] in MONSTER_GROUPS)
    if needs_side and "side" not in p:
        return "needs 'side' (heroes or monsters) for this opponent"
    if not needs_side and "side" in p:
        return f"'{p['vs']}' are always monsters: leave out 'side'"
    return None


def _one_of(*keys: str) -> Callable[[Params], str | None]:
    def check(p: Params) -> str | None:
        return None if sum(k in p for k in keys) == 1 else f"needs exactly one of {', '.join(repr(k) for k in keys)}"
    return check


def _pair_check(p: Params) -> str | None:
    return None if len(p["abilities"]) == 2 else "joins exactly two abilities"


def _grant_check(p: Params) -> str | None:
    if p.get("same_target") and "target" in p:
        return "gives to 'that hero' of the pair (same_target) or to a 'target', not both"
    if not p.get("same_target") and "target" not in p:
        return "needs a 'target' (or same_target = true in the second half of a pair)"
    if not p["gives"]:
        return "must give at least one ability"
    return None


_PHRASES: dict[str, Phrase] = {}


def _verb(name: str, kind: str, phrase: Phrase, read_by: str, check: Callable[[Params], str | None] | None = None,
          **params: Field) -> Verb:
    _PHRASES[name] = phrase
    timing = _TIMING if kind == "active" else {}
    holder = "trap" if kind == "trap" else "hero"  # the kernel's sentence for a verb, on its usual card
    return Verb(kind, {**_COMMON, **timing, **params}, lambda p: describe({"verb": name, **p}, holder), check=check,
                read_by=read_by)


VERBS: dict[str, Verb] = {
    # -- automatic --------------------------------------------------------------------------
    "melee": _verb("melee", "automatic", lambda p, h: f"{signed(p['amount'])} Melee", "FA-138", amount=_SIGNED),
    "melee_vs": _verb(
        "melee_vs", "automatic", lambda p, h: f"{signed(p['amount'])} Melee vs. {_vs_text(p)}", "FA-229",
        _vs_check, amount=_AMOUNT, vs=Field((str,), required=False, choices=MONSTER_GROUPS + ELEMENTS + ("flying",)),
        side=Field((str,), required=False, choices=("heroes", "monsters")),
        min_melee=Field((int,), required=False, check=_positive),
        max_melee=Field((int,), required=False, check=_positive)),
    "leadership": _verb("leadership", "automatic", _leadership, "FA-208", _one_of("element", "group"),
                        amount=_AMOUNT, element=Field((str,), required=False, choices=ELEMENTS),
                        group=Field((str,), required=False, choices=MONSTER_GROUPS)),
    "armor_save": _verb("armor_save", "automatic", lambda p, h: f"Armor save{on_text(p, save=True)}", "FA-215",
                        on=Field((list,), check=_die_range)),
    "save": _verb("save", "automatic", lambda p, h: f"Save{on_text(p, save=True)}", "FA-217", on=_ON),
    "save_bonus": _verb("save_bonus", "automatic", _save_bonus, "FA-216", amount=_AMOUNT,
                        element=Field((str,), required=False, choices=ELEMENTS)),
    "immune": _verb("immune", "automatic", _immune, "FA-203",
                    to=Field((str,), choices=ELEMENTS + ("fear", "ranged"))),
    "flying": _verb("flying", "automatic", lambda p, h: "Flying", "FA-194"),
    "opponent_penalty": _verb("opponent_penalty", "automatic", _opponent_penalty, "FA-182", amount=_AMOUNT,
                              whom=Field((str,), required=False, choices=("meleeing", "party"))),
    "roll_bonus": _verb("roll_bonus", "automatic", lambda p, h: f"{signed(p['amount'])} to {p['roll']} rolls",
                        "FA-181", amount=_AMOUNT, roll=Field((str,), choices=ROLLS)),
    "first_spell_free": _verb("first_spell_free", "automatic",
                              lambda p, h: "He is not flipped by the first spell he casts each round", "FA-136"),
    # -- Ranged attacks (not special abilities) -------------------------------------------------
    "ranged": _verb("ranged", "ranged", _ranged, "FA-117", bonus=Field((int,), required=False, check=_positive),
                    caster_only=Field((bool,), required=False)),
    # -- active: normal or anytime abilities, and the effects of spells and traps ---------------
    "heal": _verb("heal", "active", _heal, "FA-199", target=Field((str,), choices=HEAL_TARGETS), on=_ON),
    "current_melee": _verb("current_melee", "active", _current_melee, "FA-239", amount=_SIGNED,
                           target=Field((str,), choices=tuple(CURRENT_MELEE_TARGETS))),
    "fear": _verb("fear", "active", _fear, "FA-188", target=Field((str,), choices=tuple(TARGETS)), on=_ON,
                  max_melee=Field((int,), required=False, check=_positive)),
    "defeat": _verb("defeat", "active", _defeat, "FA-185", target=Field((str,), choices=tuple(TARGETS)), on=_ON,
                    max_melee=Field((int,), required=False, check=_positive)),
    "summon_monster": _verb("summon_monster", "active", _summon_monster, "FA-220",
                            group=Field((str,), required=False, choices=MONSTER_GROUPS)),
    "join": _verb("join", "active", lambda p, h: "join any Encounter attacking another player's party", "FA-158"),
    "summon_hero": _verb("summon_hero", "active", _summon_hero, "FA-223", element=_ELEMENT, on=_ON),
    "grant": _verb("grant", "active", _grant, "FA-138", _grant_check,
                   target=Field((str,), required=False, choices=tuple(GRANT_TARGETS)),
                   same_target=Field((bool,), required=False),
                   until=Field((str,), required=False, choices=("encounter", "round")),
                   gives=Field((list,), check=_effect_list)),
    # -- trap effects ---------------------------------------------------------------------------
    "lose_item": _verb("lose_item", "trap", _lose_item, "FA-069",
                       group=Field((str,), required=False, choices=tuple(ITEM_GROUPS))),
    # -- pairs ----------------------------------------------------------------------------------
    "and": _verb("and", "pair", _pair("AND"), "FA-211", _pair_check, abilities=Field((list,), check=_effect_list)),
    "or": _verb("or", "pair", _pair("OR"), "FA-212", _pair_check, abilities=Field((list,), check=_effect_list)),
}
"""Every verb of Fantasy Adventures' content, by name."""

VOCABULARY = Vocabulary(VERBS, nested=NESTED_PARAMS)


# ---- the sentence on the card ---------------------------------------------------------

_SUBJECTS = {"hero": "This hero", "monster": "This monster", "item": "Its owner"}


def _verb_of(effect: Effect | Params) -> tuple[str, Params]:
    """The verb and parameters of a parsed Effect or a plain record (nested lists either way)."""
    if isinstance(effect, Effect):
        return effect.verb, effect.by_key
    return str(effect["verb"]), {k: v for k, v in effect.items() if k != "verb"}


def ability_type(effect: Effect | Params, holder: str) -> str:
    """``automatic``, ``normal`` or ``anytime`` for a special ability (FA-151); ``ranged`` for a
    Ranged attack (FA-118); ``effect`` for what a spell or trap does (FA-013, FA-011); ``pair``."""
    verb, p = _verb_of(effect)
    kind = VERBS[verb].kind
    if kind in ("automatic", "ranged", "pair"):
        return kind
    if kind == "trap" or holder == "trap" or holder.endswith("spell") or p.get("target") in TRAP_TARGETS:
        return "effect"
    return str(p.get("timing", "normal"))


def sentence(effect: Effect | Params, holder: str, *, continues: bool = False) -> str:
    """The text of one ability as ``holder`` prints it, without the final stop. ``continues``:
    the second half of a pair of normal abilities, which goes on with "can ..." (FA-211)."""
    verb, p = _verb_of(effect)
    core = _PHRASES[verb](p, holder)
    kind = ability_type(effect, holder)
    if kind in ("automatic", "ranged", "pair"):
        text = core
    elif holder == "anytime spell":
        text = f"Anytime: can {core}"
    elif kind == "effect":
        text = core[0].upper() + core[1:]
    elif kind == "anytime":
        text = f"Anytime: {_SUBJECTS[holder].lower()} can {core}"
    else:
        text = f"can {core}" if continues else f"{_SUBJECTS[holder]} can {core}"
    return text + (" (Multiplayer only)" if p.get("multiplayer") else "")


def describe(effect: Effect | Params, holder: str = "hero") -> str:
    """The player-facing sentence of one ability on a card of type ``holder`` (see HOLDERS)."""
    return sentence(effect, holder) + "."


# ---- what a use does, as an answer says it ---------------------------------------------

def use_phrase(parts: tuple[Effect, ...], whom: str) -> str:
    """What using the active abilities ``parts`` (one use: an ability, or an AND pair's active
    halves, FA-211) on ``whom`` does, as an answer and its log line say it: "defeat Sunken Lich
    on 5-6", "give Flame Lancer +1 Melee and "Save on 1" for this Encounter". The
    card's sentence says whom it may be used on; the answer names the one it is."""
    grants = [p for p in parts if p.verb == "grant"]
    if len(grants) == len(parts):  # one grant, or a grant and more for "that hero" (same_target)
        gift = gift_phrase([g for grant in grants for g in grant.get("gives")])
        until = "round" if grants[0].get("until") == "round" else "Encounter"
        return f"give {whom} {gift} for this {until}"
    return " and ".join(_use_phrase(part, whom) for part in parts)


def gift_phrase(gifts: list[Effect] | tuple[Effect, ...]) -> str:
    """The abilities a grant gives, as people say them: "+1 Melee" alone, else each in quotes
    ("Save on 1" and "Flying")."""
    said = [sentence(g, "hero") for g in gifts]
    return said[0] if len(said) == 1 and said[0][:1] in ("+", "-") else " and ".join(f'"{g}"' for g in said)


def _use_phrase(effect: Effect, whom: str) -> str:
    verb, p = _verb_of(effect)
    on = on_text(p)
    if verb == "heal":
        return f"heal {whom}{on}"
    if verb == "defeat":
        return f"defeat {whom}{on}"
    if verb == "fear":
        return f"strike {whom} with fear{on}"
    if verb == "current_melee":
        return f"give {whom} {signed(p['amount'])} Melee for the current melee"
    if verb == "summon_hero":
        return f"summon {a_or_an(element_name(p['element']))} hero into an open position{on}"
    if verb == "join":
        return "join this Encounter"
    return _PHRASES[verb](p, "hero")
