"""Battle arithmetic: spell levels, negation charges and the totals (checklist 3.8-3.9).

Every conditional modifier is judged at the moment these functions are called, on the
cards then on the table (FH-063), so the totals shown during play and the totals
compared at the end come from the same code. Each total comes with its breakdown, one
line per card and modifier, for the table and the log.
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.record import record
from game.rulesets.fantasy_heroes.content import CardDef, Content
from game.rulesets.fantasy_heroes.state import ATTACKER, DEFENDER, Battle, Side


@record  # (a total is worked out line by line: see game.core.record)
class Line:
    """One term of a total: the card it belongs to, what it is, how much it adds, the rule."""

    card: str
    label: str
    amount: int
    rule: str


@record
class Total:
    value: int
    lines: tuple[Line, ...]

    def terms(self) -> str:
        """The lines that add something, as the log writes them ("Knight AV +4; Archers BV +2")."""
        return "; ".join([f"{line.label} {line.amount:+d}" for line in self.lines if line.amount])


def opposing(side_index: int) -> int:
    return DEFENDER if side_index == ATTACKER else ATTACKER


def hero_of(content: Content, side: Side) -> CardDef | None:
    return content.cards[side.hero] if side.hero else None


def spell_level(content: Content, battle: Battle, side_index: int) -> int:
    """The side's spell level: hero's printed Spells + 1 per "+1 Spell Level" card (FH-061).

    A side without a hero has level 0, and its +1 cards do nothing (FHA-27).
    """
    side = battle.sides[side_index]
    if not side.hero:
        return 0
    level = content.cards[side.hero].spell_level
    bonus = content.spell_level_bonus
    for card_id in side.minions:
        level += bonus.get(card_id, 0)
    if side.artifact:
        level += bonus.get(side.artifact, 0)
    return level


def charge_sources(content: Content, battle: Battle, side_index: int) -> list[str]:
    """Cards giving this side an unspent negation charge (FH-055, FH-059)."""
    side = battle.sides[side_index]
    negators = content.cards_with_verb.get("negate", frozenset())
    return [c for c in side.cards() if c in negators and c not in battle.charges_spent]


def negatable_spells(content: Content, battle: Battle, side_index: int) -> list[str]:
    """Opposing battle spells this side could negate now (FH-136: not already negated)."""
    other = battle.sides[opposing(side_index)]
    return [s for s in other.spells if s not in battle.negated]


def has_minion_of(content: Content, side: Side, territory: str) -> bool:
    return any(content.cards[m].territory == territory for m in side.minions)


def _condition_holds(content: Content, battle: Battle, side_index: int, effect: object) -> bool:
    """Conditions of minion_bonus / hero_bonus, judged for the card's current side (FH-053)."""
    get = effect.get  # type: ignore[attr-defined]
    other = battle.sides[opposing(side_index)]
    role = get("side")
    if role == "attacker" and side_index != ATTACKER:
        return False
    if role == "defender" and side_index != DEFENDER:
        return False
    territory = get("battle_territory")
    if territory and battle.battle_type != territory:
        return False
    versus = get("opposing_minion")
    if versus and not has_minion_of(content, other, versus):
        return False
    versus_any = get("opposing_minion_or_hero")
    if versus_any:
        other_hero = hero_of(content, other)
        if not (has_minion_of(content, other, versus_any)
                or (other_hero is not None and other_hero.territory == versus_any)):
            return False
    return True


PRINTED_RULES = {"AV": "FH-066", "DV": "FH-066", "BV": "FH-064"}
"""The rule under which a card's printed AV, DV or BV counts in a total."""


def printed(content: Content, card: CardDef, stat: str) -> Line:
    """The term a card's printed AV, DV or BV adds to a total ("Knight AV"): always the same
    Line, so made once per card and stat (kept in the content), not at each reckoning."""
    key = (card.id, stat)
    line: Line | None = content.printed_lines.get(key)
    if line is None:
        line = content.printed_lines[key] = Line(card.id, f"{card.name} {stat}",
                                                 {"AV": card.av, "DV": card.dv, "BV": card.bv}[stat],
                                                 PRINTED_RULES[stat])
    return line


def minion_value(content: Content, battle: Battle, side_index: int, minion: str) -> tuple[int, list[Line]]:
    """A minion's effective BV and its parts (FH-062), floored at 0."""
    card = content.cards[minion]
    parts = [printed(content, card, "BV")]
    for effect in card.effects:
        if effect.verb == "minion_bonus" and _condition_holds(content, battle, side_index, effect):
            parts.append(Line(minion, f"{card.name}: {card.text}", effect.get("amount"), _rule_of(card)))
    side = battle.sides[side_index]
    hero = hero_of(content, side)
    if hero is not None:
        boost = hero.verb("boost_minions")
        if boost and boost.get("territory") == card.territory:
            parts.append(Line(minion, f"{hero.name} boosts {card.territory} minions",
                              boost.get("amount"), _rule_of(hero)))
    for spell_side, whose in ((side_index, "own"), (opposing(side_index), "opposing")):
        for spell in battle.sides[spell_side].spells:
            aura = content.cards[spell].verb("minion_aura")
            if aura and aura.get("whose") == whose and spell not in battle.negated:
                parts.append(Line(minion, f"{content.cards[spell].name} on {card.name}",
                                  aura.get("amount"), _rule_of(content.cards[spell])))
    pay = card.verb("pay_discard_for_bv")
    if pay and minion in battle.goblins_paid:
        parts.append(Line(minion, f"{card.name}: discard paid", pay.get("amount"), "FH-101"))
    value = sum([p.amount for p in parts])
    if value < 0:
        parts.append(Line(minion, f"{card.name} cannot go below 0", -value, "FH-062"))
        value = 0
    return value, parts


def spell_value(content: Content, battle: Battle, side_index: int, spell: str) -> int:
    """A battle spell's BV: 0 if negated (FH-056); Illusions' X at totals (FH-126)."""
    if spell in battle.negated:
        return 0
    card = content.cards[spell]
    x = card.verb("bv_from_spell_level")
    if x:
        return int(x.get("base")) + spell_level(content, battle, side_index)
    return card.bv


def side_total(content: Content, battle: Battle, side_index: int) -> Total:
    """The Total Attack Score (FH-064) or Total Defense Score (FH-065) as things stand."""
    side = battle.sides[side_index]
    lines: list[Line] = []
    hero = hero_of(content, side)
    if hero is not None:
        lines.append(printed(content, hero, "AV" if side_index == ATTACKER else "DV"))
        stat = "av" if side_index == ATTACKER else "dv"
        if side.artifact:
            bonus = content.cards[side.artifact].verb("stat_bonus")
            if bonus and bonus.get("stat") == stat:
                art = content.cards[side.artifact]
                lines.append(Line(art.id, f"{art.name}: {stat.upper()} +{bonus.get('amount')}",
                                  bonus.get("amount"), _rule_of(art)))
        hero_bonus = hero.verb("hero_bonus")
        if hero_bonus and _condition_holds(content, battle, side_index, hero_bonus):
            lines.append(Line(hero.id, f"{hero.name}: {hero.text}", hero_bonus.get("amount"), _rule_of(hero)))
    for minion in side.minions:
        _, parts = minion_value(content, battle, side_index, minion)
        lines.extend(parts)
    if side.artifact:
        lines.append(printed(content, content.cards[side.artifact], "BV"))
    for spell in side.spells:
        card = content.cards[spell]
        value = spell_value(content, battle, side_index, spell)
        label = f"{card.name} BV" + (" (negated)" if spell in battle.negated else "")
        lines.append(Line(spell, label, value, "FH-056" if spell in battle.negated else "FH-067"))
    return Total(sum([line.amount for line in lines]), tuple(lines))


class TableCards(NamedTuple):
    """All that a battle's totals depend on (FH-063): the battle territory, the negated spells,
    the Goblins paid for and each side's cards on the table. A snapshot: totals are remembered
    by it, and a question asked now can show the totals of now when it is read later."""

    battle_type: str
    negated: tuple[str, ...]
    goblins_paid: tuple[str, ...]
    attacker_hero: str | None
    attacker_artifact: str | None
    attacker_minions: tuple[str, ...]
    attacker_spells: tuple[str, ...]
    defender_hero: str | None
    defender_artifact: str | None
    defender_minions: tuple[str, ...]
    defender_spells: tuple[str, ...]

    def battle(self) -> Battle:
        """A battle with these cards on the table, to work the totals out on (its seats and
        windows are not part of the snapshot, and the totals do not read them)."""
        return Battle(ATTACKER, DEFENDER, "", self.battle_type, [
            Side(ATTACKER, self.attacker_hero, list(self.attacker_minions), self.attacker_artifact,
                 spells=list(self.attacker_spells)),
            Side(DEFENDER, self.defender_hero, list(self.defender_minions), self.defender_artifact,
                 spells=list(self.defender_spells)),
        ], negated=list(self.negated), goblins_paid=list(self.goblins_paid))


def table_cards(battle: Battle) -> TableCards:
    attacker, defender = battle.sides
    # (tuple.__new__ makes the named tuple without a call of its own __new__: see battle.permissions)
    return tuple.__new__(TableCards, (
        battle.battle_type, tuple(battle.negated), tuple(battle.goblins_paid),
        attacker.hero, attacker.artifact, tuple(attacker.minions), tuple(attacker.spells),
        defender.hero, defender.artifact, tuple(defender.minions), tuple(defender.spells)))


TOTALS_CACHE_SIZE = 4096
"""Tables remembered at most (the cache starts again when full)."""


def totals(content: Content, battle: Battle) -> tuple[int, int]:
    """(Total Attack Score, Total Defense Score) now (see :func:`both_totals`)."""
    attack, defence = both_totals(content, battle)
    return attack.value, defence.value


def both_totals(content: Content, battle: Battle) -> tuple[Total, Total]:
    """Both sides' totals with their lines now, remembered in the content by the cards on the
    table (a view and the log show them; see :class:`TableCards`)."""
    return _remembered_totals(content, table_cards(battle), battle)


def table_totals(content: Content, table: TableCards) -> tuple[Total, Total]:
    """Both sides' totals with these cards on the table."""
    return _remembered_totals(content, table, None)


def _remembered_totals(content: Content, table: TableCards, battle: Battle | None) -> tuple[Total, Total]:
    cache = content.totals_cache
    found: tuple[Total, Total] | None = cache.get(table)
    if found is None:
        if len(cache) >= TOTALS_CACHE_SIZE:
            cache.clear()
        on = battle if battle is not None else table.battle()
        found = cache[table] = (side_total(content, on, ATTACKER), side_total(content, on, DEFENDER))
    return found


# The rule ID that governs each card's ability (checklist 3.12-3.15), for log lines.
CARD_RULES: dict[str, str] = {
    "knight": "FH-081", "priest": "FH-082", "cleric": "FH-083", "barbarian": "FH-084",
    "warrior": "FH-085", "shaman": "FH-086", "druid": "FH-087", "ranger": "FH-088",
    "enchantress": "FH-089", "wizard": "FH-090", "sorcerer": "FH-091", "rogue": "FH-092",
    "warlock": "FH-093", "necromancer": "FH-094", "lich": "FH-095",
    "peasants": "FH-097", "archers": "FH-098", "pikemen": "FH-099", "archangel": "FH-100",
    "goblins": "FH-101", "orcs": "FH-102", "giant": "FH-103", "pixies": "FH-104", "elves": "FH-104",
    "unicorns": "FH-104", "djinn": "FH-104", "dwarves": "FH-105", "dragon": "FH-106",
    "gnomes": "FH-107", "golems": "FH-108", "demon": "FH-109", "swarm": "FH-110", "wraiths": "FH-111",
    "vampire": "FH-112", "rune-staff": "FH-115", "celestial-sword": "FH-116", "titans-armor": "FH-117",
    "spell-shield": "FH-118", "ring-of-the-magi": "FH-119", "bless": "FH-120", "cone-of-cold": "FH-121",
    "lightning-bolt": "FH-122", "fireball": "FH-123", "disintegrate": "FH-124", "invisibility": "FH-125",
    "illusions": "FH-126", "petrification": "FH-127", "charm": "FH-128", "cataclysm": "FH-129",
    "summon": "FH-130", "scrye": "FH-131", "fortune": "FH-132", "wall-of-fire": "FH-134", "fly": "FH-135",
}


def _rule_of(card: CardDef) -> str:
    return CARD_RULES.get(card.id, "FH-062")
