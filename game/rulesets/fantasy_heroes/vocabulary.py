"""The effect vocabulary of Fantasy Heroes: every verb a card's ``effects`` may use.

Each verb (a kernel :class:`~game.core.vocabulary.Verb`) has its parameters (checked when
content loads), the kind of effect it is (checklist 2.7), a sentence for players, how it
applies and the AI's base worth. One-shot verbs have handlers in ``battle.py`` (registered
with ``VERBS.handles``); the others name the rule that reads them (``read_by``): the totals,
spell level and charges in ``effects.py``, instants in ``turn.py``. ``ai.py`` refines the
worth by the situation. A test checks that every verb is complete (STYLE 10).
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.cards import Field
from game.core.vocabulary import Verb, Vocabulary
from game.core.words import counted

TERRITORY_TYPES = ("Castle", "Mountain", "Forest", "Tower", "Swamp")
_TERRITORY = Field((str,), choices=TERRITORY_TYPES)
_OPTIONAL_TERRITORY = Field((str,), required=False, choices=TERRITORY_TYPES)
_AMOUNT = Field((int,))


def _condition_text(p: Mapping[str, Any]) -> str:
    parts = []
    if "side" in p:
        parts.append("while attacking" if p["side"] == "attacker" else "while defending")
    if "battle_territory" in p:
        parts.append(f"when the battle is at a {p['battle_territory']}")
    if "opposing_minion" in p:
        parts.append(f"if the other side has a {p['opposing_minion']} minion")
    if "opposing_minion_or_hero" in p:
        t = p["opposing_minion_or_hero"]
        parts.append(f"if the other side has a {t} minion or a {t} hero")
    return (" " + ", ".join(parts)) if parts else ""


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


VERBS = Vocabulary({
    "minion_bonus": Verb(
        "static_bv",
        {
            "amount": _AMOUNT,
            "side": Field((str,), required=False, choices=("attacker", "defender")),
            "battle_territory": _OPTIONAL_TERRITORY,
            "opposing_minion": _OPTIONAL_TERRITORY,
            "opposing_minion_or_hero": _OPTIONAL_TERRITORY,
        },
        lambda p: f"This minion gets {_signed(p['amount'])} BV{_condition_text(p)}.",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "boost_minions": Verb(
        "static_bv",
        {"territory": _TERRITORY, "amount": _AMOUNT},
        lambda p: f"Each {p['territory']} minion on this hero's side gets {_signed(p['amount'])} BV.",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "hero_bonus": Verb(
        "hero_bonus",
        {"amount": _AMOUNT, "battle_territory": _OPTIONAL_TERRITORY, "opposing_minion": _OPTIONAL_TERRITORY},
        lambda p: f"This side's total gets {_signed(p['amount'])}{_condition_text(p)}.",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "no_artifacts": Verb("permission", {}, lambda p: "This hero's side may not play artifacts.",
                         read_by="battle.why_not (what a side may play)", worth=0.0),
    "sorcerer_allowance": Verb(
        "permission",
        {"excluded_territory": _TERRITORY},
        lambda p: f"This side may play one minion of any territory but {p['excluded_territory']}, "
        "even one that does not match.",
        read_by="battle.why_not (what a side may play)", worth=0.0,
    ),
    "spell_level": Verb(
        "spell_level",
        {"amount": _AMOUNT},
        lambda p: f"This side's hero gets {_signed(p['amount'])} spell level.",
        read_by="effects.spell_level (a side's spell level)", worth=0.5,
    ),
    "stat_bonus": Verb(
        "static",
        {"stat": Field((str,), choices=("av", "dv")), "amount": _AMOUNT},
        lambda p: f"This side's hero gets {p['stat'].upper()} {_signed(p['amount'])} "
        f"(it counts only when {'attacking' if p['stat'] == 'av' else 'defending'}).",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "bv_from_spell_level": Verb(
        "static",
        {"base": _AMOUNT},
        lambda p: f"Worth {p['base']} + the caster's spell level, counted at totals.",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "negate": Verb(
        "negate",
        {},
        lambda p: "Gives this side one negation: cancel one battle spell of the other side, "
        "as it is cast or later.",
        read_by="effects.charge_sources (negation charges)", worth=1.5,
    ),
    "pay_discard_for_bv": Verb(
        "on_play",
        {"amount": _AMOUNT},
        lambda p: f"Once per battle, discard a card from your hand to give this minion "
        f"{_signed(p['amount'])} BV.",
        read_by="battle (the once-per-battle payment)", worth=0.0,
    ),
    "minion_aura": Verb(
        "continuous",
        {"whose": Field((str,), choices=("own", "opposing")), "amount": _AMOUNT},
        lambda p: f"Every minion on {'your' if p['whose'] == 'own' else 'the other'} side gets "
        f"{_signed(p['amount'])} BV while this spell stands.",
        read_by="effects.side_total (battle totals)", worth=0.0,
    ),
    "steal_random": Verb(
        "on_play", {}, lambda p: "When played, take a random card from your opponent's hand.",
        worth=2.0,
    ),
    "opponent_discards_random": Verb(
        "on_play", {}, lambda p: "When played, your opponent discards a random card from hand.",
        worth=1.5,
    ),
    "destroy_opposing_minion": Verb(
        "on_play",
        {"printed_bv": Field((int,), required=False)},
        lambda p: "When played, destroy one minion on the other side"
        + (f" whose printed BV is {p['printed_bv']}." if "printed_bv" in p else " (you choose)."),
        worth=0.0,
    ),
    "take_minion": Verb(
        "on_play",
        {"timing": Field((str,), choices=("on_play", "end_of_play"))},
        lambda p: "When cast, take control of one minion on the other side."
        if p["timing"] == "on_play"
        else "When card play ends, before totals, you may take control of one minion on the other side.",
        read_by="battle (at the end of card play, when its timing says so)", worth=0.0,
    ),
    "destroy_opposing_artifact": Verb(
        "on_play", {}, lambda p: "When cast, destroy the other side's artifact, if it has one now.",
        worth=0.0,
    ),
    "destroy_all_minions": Verb(
        "on_play", {}, lambda p: "When cast, destroy every minion on the table, on both sides.",
        worth=0.0,
    ),
    "draw": Verb("on_play", {"count": _AMOUNT}, lambda p: f"Draw {counted(p['count'], 'card')}.",
                 read_by="turn.resolve_instant (cast as an instant, Fortune)", worth=1.0),
    "summon": Verb(
        "on_play",
        {},
        lambda p: "When cast, you may at once play one minion from your hand, whatever its territory.",
        worth=0.0,
    ),
    "scrye": Verb("instant", {}, lambda p: "Look at one opponent's whole hand.",
                  read_by="turn.resolve_instant (instant spells)", worth=0.5),
    "wall_of_fire": Verb(
        "instant",
        {},
        lambda p: "At the start of another player's attack phase: he may not attack your territories this turn.",
        read_by="turn.resolve_instant (instant spells)", worth=4.0,
    ),
    "fly": Verb(
        "instant",
        {},
        lambda p: "After your first battle this turn, with a hero in hand: make one more attack.",
        read_by="turn.resolve_instant (instant spells)", worth=3.0,
    ),
})


def describe(effect: Mapping[str, Any]) -> str:
    """The player-facing sentence for one effect record."""
    return VERBS.text(effect)
