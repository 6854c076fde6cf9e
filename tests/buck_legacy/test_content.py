"""Buck: Legacy content matches the content plan, and bad content is refused with a
ContentError naming file, record and field.

The numbers below are copied from the rules checklist (../shared/rules/buck-legacy.md,
sections 2.2 to 2.4 and the named-card examples of section 4) and checked against the loaded
content, independently of the TOML files. Test names carry the checklist ids they prove.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from game.core.errors import ContentError
from game.rulesets.buck_legacy.content import (
    CONTENT_DIR,
    BLContent,
    Card,
    Effect,
    Gear,
    load_content,
    standard_content,
)
from game.rulesets.buck_legacy.vocabulary import CREATURE_TYPES, DAMAGE_TYPES, WHEN, describe


@pytest.fixture(scope="module")
def content() -> BLContent:
    return standard_content()


# ---- helpers ------------------------------------------------------------------------------------

def count(content: BLContent, cards: Any) -> int:
    """Cards in a deck, copies included."""
    return sum(content.copies.get(c.id, 1) for c in cards)


def flat(effects: Any) -> Iterator[Effect]:
    """Every effect, and every effect nested in a check's on_pass / on_fail."""
    for e in effects:
        yield e
        for nested in ("on_pass", "on_fail"):
            yield from flat(e.get(nested, ()))


def holders(content: BLContent) -> Iterator[tuple[str, tuple[Effect, ...]]]:
    """(label, abilities) of every card and every Boss side."""
    for table in (content.races, content.classes, content.starting_weapons, content.items, content.treasures,
                  content.dungeon, content.zones):
        for card in table.values():
            yield card.id, card.abilities
    for zone in content.zones.values():
        assert zone.boss is not None
        yield f"{zone.id} (boss)", zone.boss.special


def uses(content: BLContent, verb: str, **params: Any) -> list[tuple[str, Effect]]:
    """Every (holder, effect) of ``verb`` whose parameters include ``params``."""
    return [(label, e) for label, effects in holders(content) for e in flat(effects)
            if e.verb == verb and all(e.get(k) == v for k, v in params.items())]


def has(card: Card, verb: str, **params: Any) -> bool:
    return any(e.verb == verb and all(e.get(k) == v for k, v in params.items()) for e in flat(card.abilities))


def sale_of(cost: int) -> int:
    """Half the purchase cost, rounded down to a multiple of 5 (plan 2.3)."""
    return cost // 2 // 5 * 5


def items(content: BLContent, **where: Any) -> list[Gear]:
    return [g for g in content.items.values() if all(getattr(g, k) == v for k, v in where.items())]


def monsters(content: BLContent, band: str | None = None) -> list[Any]:
    return [m for m in content.dungeon.values() if m.kind == "monster" and (band is None or m.band == band)]


def dungeon(content: BLContent, kind: str) -> list[Any]:
    return [c for c in content.dungeon.values() if c.kind == kind]


# ---- Character Creation deck (plan 2.3; BL-040 to BL-042) ----------------------------------------

def test_plan_2_3_eight_races_ten_classes_ten_starting_weapons(content):
    assert (len(content.races), len(content.classes), len(content.starting_weapons)) == (8, 10, 10)
    assert not any(content.copies.get(i) for i in [*content.races, *content.classes, *content.starting_weapons])


def test_BL_040_six_players_pick_distinct_cards_and_still_have_a_choice(content):
    """plan 2.3 design target: 6 players each take a distinct Race, Class and Starting Weapon, and
    the sixth still chooses among at least two of each."""
    for table in (content.races, content.classes, content.starting_weapons):
        assert len(table) - 5 >= 2


def test_plan_2_3_race_and_class_combat_strength_between_0_and_2(content):
    for card in [*content.races.values(), *content.classes.values()]:
        assert 0 <= card.cs <= 2, card.id


def _race_trait(race: Card) -> str:
    """The plan's trait kind a race's abilities make up (exactly one each)."""
    a = {(e.verb, e.get("check")): e.get("amount") for e in race.abilities}
    kinds = {
        "magic_rank_1_and_2_mana": a == {("magic_rank", None): 1, ("max_mana", None): 2},
        "flight": a == {("flight", None): None},
        "backpack_6": a == {("backpack", None): 1},
        "charisma_+1": a == {("check_bonus", "charisma"): 1},
        "fear_+2": a == {("check_bonus", "fear"): 2},
        "protection_+1": a == {("protection", None): 1},
        "escape_+1": a == {("check_bonus", "escape"): 1},
        "max_tesla_+2": a == {("max_tesla", None): 2},
    }
    found = [k for k, ok in kinds.items() if ok]
    assert len(found) == 1, (race.id, a)
    return found[0]


def test_plan_2_3_each_race_has_one_trait_and_the_eight_trait_kinds_appear_once(content):
    """plan 2.3 races; AK-05 (backpack 6, max Tesla), AK-07, AK-09, AK-25."""
    traits = Counter(_race_trait(r) for r in content.races.values())
    assert set(traits) == {"magic_rank_1_and_2_mana", "flight", "backpack_6", "charisma_+1", "fear_+2",
                           "protection_+1", "escape_+1", "max_tesla_+2"}
    assert set(traits.values()) == {1}


def _class(content: BLContent, name: str) -> Card:
    found = [c for c in content.classes.values() if c.name == name]
    assert len(found) == 1, name
    return found[0]


def test_plan_2_3_the_nine_named_classes_and_their_abilities(content):
    """plan 2.3 classes; BL-132 (Rogue), BL-206 (Cleric), BL-237 (Alchemist), BL-118 (Berserker),
    BL-062 (Steam Mechanic), AK-13 (Ranger), section 7 (Scout), AK-05 (Warrior)."""
    rogue = _class(content, "Rogue")
    assert has(rogue, "gold", amount=10, when="escape")
    cleric = _class(content, "Cleric")
    assert cleric.keyword == "cleric" and cleric.total("magic_rank") == 2
    alchemist = _class(content, "Alchemist")
    assert alchemist.keyword == "alchemist" and alchemist.has("transmute")
    assert [c.id for c in content.classes.values() if c.has("transmute")] == [alchemist.id]
    berserker = _class(content, "Berserker")
    assert has(berserker, "combat_roll", amount=1, exempt=True)
    mechanic = _class(content, "Steam Mechanic")
    assert mechanic.total("max_tesla") == 4 and has(mechanic, "tesla_price", gold=3)
    necro = _class(content, "Necromancer")
    assert necro.total("magic_rank") == 1 and has(necro, "mana", amount=2, when="monster_defeated")
    ranger = _class(content, "Ranger")
    assert has(ranger, "instant_damage_bonus", amount=1, kinetic=True)
    scout = _class(content, "Scout")
    assert has(scout, "check_bonus", check="trap", amount=1) and has(scout, "peek_dungeon", when="exploration_start")
    warrior = _class(content, "Warrior")
    assert warrior.cs == 2 and warrior.total("large_limit") == 1


def test_plan_2_3_one_original_pure_caster_with_rank_2_and_2_mana(content):
    named = {"Rogue", "Cleric", "Alchemist", "Berserker", "Steam Mechanic", "Necromancer", "Ranger", "Scout",
             "Warrior"}
    others = [c for c in content.classes.values() if c.name not in named]
    assert len(others) == 1
    caster = others[0]
    assert caster.total("magic_rank") == 2 and caster.total("max_mana") == 2


def test_plan_2_3_magic_rank_3_only_by_stacking(content):
    """plan 2.3: no single card gives Rank 3; a Race and a Class together can (BL-204)."""
    cards = [*content.races.values(), *content.classes.values(), *content.starting_weapons.values(),
             *content.items.values(), *content.treasures.values()]
    assert max(c.total("magic_rank") for c in cards) == 2
    best_race = max(r.total("magic_rank") for r in content.races.values())
    best_class = max(c.total("magic_rank") for c in content.classes.values())
    assert best_race + best_class >= 3


def test_plan_2_3_starting_weapons_light_cs_1_or_2_and_their_damage_types(content):
    """plan 2.3 Starting Weapons; BL-061 (no sale value), AK-08."""
    weapons = list(content.starting_weapons.values())
    for w in weapons:
        assert 1 <= w.cs <= 2 and not w.large and w.cost == 0 and w.sale == 0 and w.slot == "weapon", w.id
        assert len(w.types) == 1 and w.is_starting_weapon, w.id
    assert Counter(w.types[0] for w in weapons) == {
        "cutting": 2, "crushing": 2, "staff": 2, "fire": 1, "electric": 1, "holy": 1, "chaos": 1}


def test_BLT_09_apprentices_staff_and_the_kinetic_bow(content):
    """BLT-09, BL-042: Apprentice's Staff is Staff, CS +1, +2 max Mana; plan 2.3: one Cutting
    starting weapon is a bow with 1 Instant Damage once per Combat Phase (AK-13)."""
    staff = content.starting_weapons["apprentices_staff"]
    assert (staff.name, staff.cs, staff.types, staff.total("max_mana")) == ("Apprentice's Staff", 1, ("staff",), 2)
    kinetic = [w for w in content.starting_weapons.values() if w.kinetic]
    assert len(kinetic) == 1
    bow = kinetic[0]
    assert bow.types == ("cutting",) and has(bow, "instant_damage", amount=1, uses="phase")


# ---- Items deck (plan 2.3 Items table) ----------------------------------------------------------

def test_plan_2_3_sixty_four_items_fifty_equipment_fourteen_single_use(content):
    assert len(content.deck(content.items)) == 64
    assert count(content, items(content, kind="equipment")) == 50
    assert count(content, items(content, kind="single_use")) == 14


@pytest.mark.parametrize("slot, total, large", [
    ("weapon", 16, 4), ("armour", 10, 3), ("headgear", 8, 0), ("glasses", 6, 0), ("other", 10, 1)])
def test_plan_2_3_items_per_slot_and_large_cards(content, slot, total, large):
    """plan 2.3 Items table: count and Large count per slot (BL-067, BL-068)."""
    assert count(content, items(content, kind="equipment", slot=slot)) == total
    assert count(content, items(content, kind="equipment", slot=slot, large=True)) == large


def test_plan_2_3_item_costs_and_sale_values(content):
    """plan 2.3 stat anchors: equipment 20-100, single-use 10-50, sale = half the cost rounded down
    to a multiple of 5 (BL-060, A-15)."""
    for item in content.items.values():
        low, high = (20, 100) if item.kind == "equipment" else (10, 50)
        assert low <= item.cost <= high, item.id
        assert item.sale == sale_of(item.cost), item.id
    for item in items(content, kind="single_use"):
        assert not item.large and item.slot == "", item.id


def test_plan_2_3_weapon_stats_and_damage_types(content):
    """plan 2.3 Weapon row: CS +1..+4, Large +3..+4, all 8 damage types, 3 dual-type (AK-08)."""
    weapons = items(content, slot="weapon")
    for w in weapons:
        assert 1 <= w.cs <= 4 and w.types, w.id
        if w.large:
            assert 3 <= w.cs <= 4, w.id
    assert {t for w in weapons for t in w.types} == set(DAMAGE_TYPES)
    assert len([w for w in weapons if len(w.types) >= 2]) == 3


def test_BL_123_a_dual_weapon_meets_a_monster_that_resists_one_type_and_is_vulnerable_to_the_other(content):
    """plan 2.3 Weapon row; BLT-23."""
    pairs = [(w.id, m.id) for w in items(content, slot="weapon") if len(w.types) >= 2 for m in monsters(content)
             if set(w.types) & set(m.resist) and set(w.types) & set(m.vulnerable)]
    assert pairs


def test_BL_122_a_dual_weapon_meets_a_monster_vulnerable_to_both_its_types(content):
    """BLT-21: vulnerability does not stack, so it needs a weapon and a Monster to show it."""
    pairs = [(w.id, m.id) for w in items(content, slot="weapon") if len(w.types) >= 2 for m in monsters(content)
             if len(set(w.types) & set(m.vulnerable)) >= 2]
    assert pairs


def test_plan_2_3_weapon_kinds_kinetic_mana_and_tesla(content):
    """plan 2.3 Weapon row: 2 kinetic (AK-13), 2 with max Mana +2/+3, 1 Tesla-powered (AK-16)."""
    weapons = items(content, slot="weapon")
    kinetic = [w for w in weapons if w.kinetic]
    assert len(kinetic) == 2
    assert all(has(w, "instant_damage", uses="phase") for w in kinetic)
    mana = [w for w in weapons if w.total("max_mana")]
    assert len(mana) == 2 and sorted(w.total("max_mana") for w in mana) in ([2, 3], [2, 2], [3, 3])
    assert "lightning_rod" in [w.id for w in mana]
    assert len([w for w in weapons if any(e.kind == "action" and e.has("tesla") for e in w.abilities)]) == 1


def test_BLT_07_and_BLT_09_dragons_tongue_and_lightning_rod(content):
    """BLT-07, BLT-09: Dragon's Tongue is Fire, CS +1, no Mana; Lightning Rod is Electric with +2
    max Mana, so swapping the Staff for it loses no Mana (BL-072)."""
    tongue = content.items["dragons_tongue"]
    assert (tongue.name, tongue.slot, tongue.types, tongue.cs, tongue.total("max_mana")) == (
        "Dragon's Tongue", "weapon", ("fire",), 1, 0)
    rod = content.items["lightning_rod"]
    assert (rod.name, rod.slot, rod.types, rod.total("max_mana")) == ("Lightning Rod", "weapon", ("electric",), 2)
    assert rod.total("max_mana") >= content.starting_weapons["apprentices_staff"].total("max_mana")


def test_plan_2_3_armour(content):
    """plan 2.3 Armour row: Protection +1..+5 (Large 4-5), some CS +1, one +2 max Mana, one +1 Escape."""
    armour = items(content, slot="armour")
    for a in armour:
        assert 1 <= a.protection <= 5, a.id
        if a.large:
            assert 4 <= a.protection <= 5, a.id
    assert any(a.cs == 1 for a in armour)
    assert [a.total("max_mana") for a in armour if a.total("max_mana")] == [2]
    assert len([a for a in armour if has(a, "check_bonus", check="escape", amount=1)]) == 1


def test_plan_2_3_headgear(content):
    """plan 2.3 Headgear row: Protection +1..+3; one Magic Rank +1, one +2 max Mana, one +1 Charisma."""
    heads = items(content, slot="headgear")
    assert all(1 <= h.protection <= 3 for h in heads)
    assert [h.total("magic_rank") for h in heads if h.total("magic_rank")] == [1]
    assert [h.total("max_mana") for h in heads if h.total("max_mana")] == [2]
    assert len([h for h in heads if has(h, "check_bonus", check="charisma", amount=1)]) == 1


def test_plan_2_3_glasses(content):
    """plan 2.3 Glasses row: Protection +1..+3; one +1 Trap, one +1 Instant Damage, one Choose-ward (AK-22)."""
    glasses = items(content, slot="glasses")
    assert all(1 <= g.protection <= 3 for g in glasses)
    assert len([g for g in glasses if has(g, "check_bonus", check="trap", amount=1)]) == 1
    assert len([g for g in glasses if has(g, "instant_damage_bonus", amount=1)]) == 1
    assert len([g for g in glasses if has(g, "ward", selection="choose")]) == 1


def _tesla_device(card: Card) -> bool:
    """A Tesla device: a card with an action that costs Tesla (AK-16, BL-229)."""
    return any(e.kind == "action" and e.has("tesla") for e in card.abilities)


def test_plan_2_3_other_slot(content):
    """plan 2.3 Other row: 4 Tesla devices with the Communicator, +2 max Tesla, +1 backpack, a
    Tesla Flight device (the fifth), +1 Escape, a Large Protection +3, +1 combat rolls."""
    other = items(content, slot="other")
    flight = [o for o in other if _tesla_device(o) and o.has("grant_flight")]
    devices = [o for o in other if _tesla_device(o) and not o.has("grant_flight")]
    assert len(flight) == 1 and len(devices) == 4
    assert "communicator" in [d.id for d in devices]
    assert len([o for o in other if o.total("max_tesla") == 2]) == 1
    assert len([o for o in other if o.total("backpack") == 1]) == 1
    assert len([o for o in other if has(o, "check_bonus", check="escape", amount=1)]) == 1
    assert [o.protection for o in other if o.large] == [3]
    assert len([o for o in other if has(o, "combat_roll", amount=1)]) == 1


def test_BL_188_communicator_spends_tesla_to_reroll_any_die_the_red_one_too(content):
    """plan 2.3 Other row; BL-188; BLT-06 (the rulebook's Volley example names it)."""
    comm = content.items["communicator"]
    assert comm.name == "Communicator" and comm.slot == "other"
    rerolls = comm.verbs("reroll")
    assert len(rerolls) == 1 and rerolls[0].get("die") == "any" and rerolls[0].get("tesla", 0) >= 1


def _single_use_kind(card: Card) -> str:
    e = card.abilities[0]
    assert len(card.abilities) == 1, card.id
    if e.verb == "add_to_roll":
        return f"add_to_roll {e.get('check', 'any')} {e.get('amount')}"
    if e.verb in ("restore_mana", "instant_damage", "grant_protection", "weapon_coating"):
        return f"{e.verb} {e.get('amount')}"
    return e.verb


def test_plan_2_3_single_use_items(content):
    """plan 2.3 Single-use row: AK-19, AK-15, AK-10, AK-11, AK-30 (BL-027), AK-13, AK-09, AK-25,
    AK-07, AK-21."""
    kinds: Counter[str] = Counter()
    for card in items(content, kind="single_use"):
        kinds[_single_use_kind(card)] += content.copies.get(card.id, 1)
    assert kinds == {
        "revive": 2, "restore_mana 5": 2, "reroll": 2, "add_to_roll any 1": 1, "weapon_coating 1": 1,
        "instant_damage 2": 2, "add_to_roll escape 2": 1, "grant_flight": 1, "grant_protection 4": 1,
        "remove_curse": 1}


# ---- Treasure deck (plan 2.3) ---------------------------------------------------------------------

def test_plan_2_3_twenty_four_treasures(content):
    treasures = list(content.treasures.values())
    assert len(content.deck(content.treasures)) == 24
    equipment = [t for t in treasures if t.kind == "equipment"]
    assert count(content, equipment) == 16
    assert {t.slot for t in equipment} == {"armour", "weapon", "glasses", "headgear", "other"}
    for t in treasures:
        assert t.cost == 0 and 30 <= t.sale <= 100, t.id


def test_plan_2_3_treasure_equipment_stats(content):
    """plan 2.3 Treasure deck: weapons CS +3..+5, armour and headgear Protection +4..+6, one Magic
    Rank +1, one max Mana +5, one Large weapon with +1 backpack."""
    equipment = [t for t in content.treasures.values() if t.kind == "equipment"]
    for t in equipment:
        if t.slot == "weapon":
            assert 3 <= t.cs <= 5, t.id
        if t.slot in ("armour", "headgear"):
            assert 4 <= t.protection <= 6, t.id
    assert [t.total("magic_rank") for t in equipment if t.total("magic_rank")] == [1]
    assert [t.total("max_mana") for t in equipment if t.total("max_mana")] == [5]
    assert len([t for t in equipment if t.slot == "weapon" and t.large and t.total("backpack") == 1]) == 1


def test_BLT_08_unlimited_drill_and_golden_eye(content):
    """BL-118, BLT-08: Unlimited Drill's +2 combat roll ignores the cap of 6 (AK-12), plus CS;
    BL-025: Golden Eye blocks Target effects (AK-22), a Glasses Treasure."""
    drill = content.treasures["unlimited_drill"]
    assert (drill.name, drill.slot) == ("Unlimited Drill", "weapon") and drill.cs > 0
    assert has(drill, "combat_roll", amount=2, exempt=True)
    eye = content.treasures["golden_eye"]
    assert (eye.name, eye.slot) == ("Golden Eye", "glasses") and has(eye, "ward", selection="target")


def test_plan_2_3_strong_single_use_treasures_and_chests(content):
    """plan 2.3 Treasure deck: revive all, Instant Damage 3, set a die to 6, Boss -1 HP; 4 chests
    rolling on the Treasure Table (AK-18, BL-232)."""
    singles = [t for t in content.treasures.values() if t.kind == "single_use"]
    chests = [t for t in singles if t.has("treasure_table")]
    strong = [t for t in singles if not t.has("treasure_table")]
    assert count(content, chests) == 4 and count(content, strong) == 4
    assert sorted(_single_use_kind(t) for t in strong) == ["boss_damage", "instant_damage 3", "revive", "set_die"]
    assert any(has(t, "revive", all=True) for t in strong)
    assert any(has(t, "set_die", value=6) for t in strong)
    assert any(has(t, "boss_damage", amount=1) for t in strong)


# ---- Dungeon deck (plan 2.3) ---------------------------------------------------------------------

def test_plan_2_3_ninety_dungeon_cards(content):
    assert len(content.deck(content.dungeon)) == 90
    assert {k: count(content, dungeon(content, k)) for k in ("monster", "event", "gift", "curse")} == {
        "monster": 52, "event": 16, "gift": 12, "curse": 10}


BANDS = {
    # band: (count, levels, escapes, loot, Distance, Trophy)
    "low": (16, (1, 3), (2, 3), (5, 15), 14, 2),
    "mid": (18, (4, 6), (3, 4), (15, 25), 13, 5),
    "high": (12, (7, 9), (4, 5), (25, 40), 7, 5),
    "elite": (6, (10, 12), (5, 6), (40, 60), 2, 4),
}


@pytest.mark.parametrize("band", list(BANDS))
def test_plan_2_3_monster_bands_counts_ranges_and_counters(content, band):
    """plan 2.3 band table: count, Level, Escape, Loot and counters per band (BL-099 to BL-103)."""
    total, levels, escapes, loot, distance, trophy = BANDS[band]
    ms = monsters(content, band)
    assert count(content, ms) == total
    for m in ms:
        assert levels[0] <= m.level <= levels[1], m.id
        assert escapes[0] <= m.escape <= escapes[1], m.id
        assert loot[0] <= m.loot <= loot[1], m.id
    counters = Counter()
    for m in ms:
        counters[m.counter] += content.copies.get(m.id, 1)
    assert counters == {"distance": distance, "trophy": trophy}


def _with(ms: list[Any], verb: str, **params: Any) -> list[str]:
    return [m.id for m in ms if has(m, verb, **params)]


def _auras(ms: list[Any]) -> list[str]:
    return [m.id for m in ms if any(e.kind == "static" and e.get("scope") == "all" for e in m.abilities)]


def test_plan_2_3_low_band_special_kinds(content):
    """plan 2.3 low band: 2 conditional Fear (AK-24), 1 immune to Instant Damage (AK-14), 2 auras (AK-23)."""
    low = monsters(content, "low")
    fear = _with(low, "fear")
    assert len(fear) == 2 and fear == _with(low, "fear", flying=False)
    assert len(_with(low, "immune_instant_damage")) == 1
    assert len(_auras(low)) == 2


def test_plan_2_3_mid_band_special_kinds(content):
    """plan 2.3 mid band: 2 with HP 2, 2 Fear, Nagapon Soldier and 2 more immune, 1 Mana Drain,
    1 cannot be Targeted (AK-14, AK-24, AK-26, AK-27)."""
    mid = monsters(content, "mid")
    assert sorted(m.hp for m in mid if m.hp) == [2, 2]
    assert len(_with(mid, "fear")) == 2
    immune = _with(mid, "immune_instant_damage")
    assert len(immune) == 3 and "nagapon_soldier" in immune
    assert len(_with(mid, "mana_drain")) == 1
    assert len(_with(mid, "untargetable")) == 1


def test_plan_2_3_high_band_special_kinds(content):
    """plan 2.3 high band: 2 with HP 2-3, 1 Fear, 2 immune, 1 Mana Drain, 1 cannot be Chosen, 1
    bonus against Adventurers without Flight (AK-25)."""
    high = monsters(content, "high")
    hps = [m.hp for m in high if m.hp]
    assert len(hps) == 2 and all(2 <= hp <= 3 for hp in hps)
    assert len(_with(high, "fear")) == 1
    assert len(_with(high, "immune_instant_damage")) == 2
    assert len(_with(high, "mana_drain")) == 1
    assert len(_with(high, "unchoosable")) == 1
    nonflyer = [m.id for m in high for e in m.abilities
                if e.verb in ("monster_level", "monster_roll") and e.get("flying") is False and e.get("amount") > 0]
    assert len(nonflyer) == 1


def test_plan_2_3_elite_band_special_kinds(content):
    """plan 2.3 elite band: 1 with HP 3, 1 stunning on Encounter unless a check is passed (AK-28,
    AK-31), 1 "when you lose, lose 20 Gold" (AK-17)."""
    elite = monsters(content, "elite")
    assert [m.hp for m in elite if m.hp] == [3]
    stunners = [m.id for m in elite for e in m.abilities
                if e.verb == "check" and e.get("when") == "encounter" and e.get("check") in ("fear", "trap")
                and [x.verb for x in e.get("on_fail", ())] == ["stun"]]
    assert len(stunners) == 1
    assert len(_with(elite, "gold", amount=-20, when="lose")) == 1


def test_plan_2_3_only_the_plan_bands_carry_hp(content):
    assert not [m.id for m in monsters(content, "low") if m.hp]


def test_plan_2_3_creature_types(content):
    """plan 2.3: Nagapon 8, Undead 8, Water 7, Beast 10, Elemental 7, Demon 6, Construct 6; every
    type a Zone names has at least 6 Monsters."""
    types: Counter[str] = Counter()
    for m in monsters(content):
        types[m.creature] += content.copies.get(m.id, 1)
    assert types == {"nagapon": 8, "undead": 8, "water": 7, "beast": 10, "elemental": 7, "demon": 6,
                     "construct": 6}
    named = {e.get("creature") for z in content.zones.values() for e in z.abilities if e.has("creature")}
    assert named and all(types[c] >= 6 for c in named)
    assert set(types) == set(CREATURE_TYPES)


def test_plan_2_3_resistance_and_vulnerability_coverage(content):
    """plan 2.3 across all Monsters: about 15 carry 1-2 resistances and about 15 carry 1-2
    vulnerabilities; every damage type at least twice as each; at least 2 resist one type and
    are vulnerable to another (BL-123); at least 2 are vulnerable to two types (BL-122)."""
    ms = monsters(content)
    resisting = [m for m in ms if m.resist]
    vulnerable = [m for m in ms if m.vulnerable]
    assert 12 <= len(resisting) <= 18 and 12 <= len(vulnerable) <= 18
    assert all(len(m.resist) <= 2 and len(m.vulnerable) <= 2 for m in ms)
    resist_types = Counter(t for m in ms for t in m.resist)
    vuln_types = Counter(t for m in ms for t in m.vulnerable)
    for t in DAMAGE_TYPES:
        assert resist_types[t] >= 2 and vuln_types[t] >= 2, t
    assert all(not set(m.resist) & set(m.vulnerable) for m in ms)
    assert len([m for m in ms if m.resist and m.vulnerable]) >= 2
    assert len([m for m in ms if len(m.vulnerable) == 2]) >= 2


def test_AK_32_monster_rules_and_abilities_are_tagged_as_the_plan_says(content):
    """plan 2.3, BL-224, BLT-44: Fear, Mana Drain and auras are Special Abilities (Null Zone
    cancels them); Instant-Damage immunity is a Special Rule (it does not)."""
    for m in monsters(content):
        for e in m.abilities:
            if e.verb == "immune_instant_damage":
                assert e.tag == "rule", m.id
            if e.verb in ("fear", "mana_drain") or e.get("scope") == "all":
                assert e.tag == "ability", m.id


def test_BLT_04_and_BLT_05_nagapon_soldier(content):
    """BLT-04, BLT-05, BL-157: Level 6, Loot 20, immune to Instant Damage, Distance, Escape 4+."""
    s = content.dungeon["nagapon_soldier"]
    assert (s.name, s.kind, s.band, s.level, s.loot, s.escape, s.counter, s.creature, s.hp) == (
        "Nagapon Soldier", "monster", "mid", 6, 20, 4, "distance", "nagapon", 0)
    assert s.has("immune_instant_damage") and not s.has("fear")


def test_BLT_07_enraged_fire_elemental_resists_fire_so_dragons_tongue_counts_nothing(content):
    """BLT-07, BL-120."""
    e = content.dungeon["enraged_fire_elemental"]
    assert (e.name, e.kind, e.band, e.creature) == ("Enraged Fire Elemental", "monster", "mid", "elemental")
    assert "fire" in e.resist
    tongue = content.items["dragons_tongue"]
    assert set(tongue.types) & set(e.resist) and not set(tongue.types) & set(e.vulnerable)


def test_BL_100_gifts_and_curses_carry_no_counter(content):
    for card in [*dungeon(content, "gift"), *dungeon(content, "curse")]:
        assert card.counter == "none", card.id


# -- Events --

def _checks(card: Card) -> list[Effect]:
    return [e for e in card.abilities if e.verb == "check"]


def test_plan_2_3_events_are_played_triggers(content):
    """plan 2.3 Events; AK-31: every Event effect fires when the card is played (BL-084)."""
    for event in dungeon(content, "event"):
        assert event.abilities, event.id
        for e in event.abilities:
            assert e.kind == "trigger" and e.get("when") == "play", event.id


def test_plan_2_3_six_traps(content):
    """plan 2.3 Events: 6 Traps with a Trap check 3+..5+; failures: 3 stun, 1 Gold, 1 discard an
    equipped item, 1 Mana (AK-28, BLT-28)."""
    traps = [e for e in dungeon(content, "event") if e.trap]
    assert count(content, traps) == 6
    fails: Counter[str] = Counter()
    for trap in traps:
        checks = _checks(trap)
        assert len(checks) == 1 and checks[0].get("check") == "trap" and 3 <= checks[0].get("n") <= 5, trap.id
        (effect,) = checks[0].get("on_fail")
        sign = "-" if effect.get("amount", 0) < 0 else ""
        fails[effect.verb + sign] += content.copies.get(trap.id, 1)
    assert fails == {"stun": 3, "gold-": 1, "discard_equipped": 1, "mana-": 1}


def test_plan_2_3_other_events(content):
    """plan 2.3 Events: 2 Charisma and 2 Fear events, 2 draw another card (AK-20), 1 campfire
    (AK-29, BL-105), 1 revive-or-Mana (AK-19), 2 give Gold (AK-17)."""
    events = [e for e in dungeon(content, "event") if not e.trap]
    by_check = Counter(c.get("check") for e in events for c in _checks(e))
    assert by_check == {"charisma": 2, "fear": 2}
    assert len([e for e in events if e.has("draw_dungeon")]) == 2
    assert len([e for e in events if e.has("campfire")]) == 1
    assert len([e for e in events if e.has("revive_other")]) == 1
    assert len([e for e in events if any(x.verb == "gold" and x.get("amount") > 0 for x in e.abilities)]) == 2


def test_plan_2_3_ten_events_carry_a_distance_counter(content):
    """plan 2.3 Events; BL-089."""
    events = dungeon(content, "event")
    assert count(content, [e for e in events if e.counter == "distance"]) == 10
    assert not [e for e in events if e.counter == "trophy"]


def test_BL_105_the_campfire_has_no_counter(content):
    """The campfire returns discards only; it is itself discarded, never put in a Distance Deck."""
    (fire,) = [e for e in dungeon(content, "event") if e.has("campfire")]
    assert fire.counter == "none"


# -- Gifts --

COMPANION_BONUS = {"combat_strength", "protection", "flight", "reroll"}


def test_plan_2_3_six_companions_with_a_charisma_check_and_an_ongoing_bonus(content):
    """plan 2.3 Gifts; BL-087: a Charisma check of 4+..5+, passing attaches the Companion (nothing
    else happens), failing discards it; while attached it gives CS +1..+2, Protection, Flight or
    a reroll."""
    companions = [g for g in dungeon(content, "gift") if g.companion]
    assert count(content, companions) == 6
    for g in companions:
        checks = _checks(g)
        assert len(checks) == 1, g.id
        c = checks[0]
        assert c.get("check") == "charisma" and 4 <= c.get("n") <= 5 and c.get("when") == "play", g.id
        assert not c.get("on_pass") and not c.get("on_fail"), g.id
        bonus = [e for e in g.abilities if e.verb != "check"]
        assert len(bonus) == 1 and bonus[0].verb in COMPANION_BONUS and bonus[0].kind in ("static", "action"), g.id
        if bonus[0].verb == "combat_strength":
            assert 1 <= bonus[0].get("amount") <= 2, g.id
    assert {b.verb for g in companions for b in g.abilities if b.verb != "check"} == COMPANION_BONUS


def test_BLT_04_bat_companion_fails_on_a_roll_of_4(content):
    """BLT-04: Bat Companion, a Companion Gift with a Charisma check of 5+."""
    bat = content.dungeon["bat_companion"]
    assert (bat.name, bat.kind, bat.companion) == ("Bat Companion", "gift", True)
    (c,) = _checks(bat)
    assert c.get("check") == "charisma" and c.get("n") == 5 and 4 < c.get("n")


def _signature(card: Card) -> str:
    (e,) = card.abilities
    parts = [e.verb] + [f"{k}={v}" for k, v in e.params if k not in ("tag",)]
    return " ".join(parts)


def test_plan_2_3_six_plain_blessings(content):
    """plan 2.3 Gifts: CS +1, Protection +2, +3 Mana (AK-15), one free reroll (AK-10), +1 Escape
    (AK-09), Support counts double (AK-34)."""
    blessings = [g for g in dungeon(content, "gift") if not g.companion]
    assert count(content, blessings) == 6
    assert sorted(_signature(g) for g in blessings) == sorted([
        "combat_strength amount=1", "protection amount=2", "mana amount=3 when=play",
        "reroll die=own uses=once", "check_bonus amount=1 check=escape", "support mode=double"])


# -- Curses --

def test_plan_2_3_ten_curses(content):
    """plan 2.3 Curses: CS -1 three times (two duplicates), combat rolls -1, Protection -2, no
    Support (AK-34), Escape -1, max Mana -2 (AK-05, BLT-46), lose 10 Gold now, unequip your
    Weapon now (BL-069)."""
    kinds: Counter[str] = Counter()
    for curse in dungeon(content, "curse"):
        kinds[_signature(curse)] += content.copies.get(curse.id, 1)
    assert kinds == {
        "combat_strength amount=-1": 3, "combat_roll amount=-1": 1, "protection amount=-2": 1,
        "support mode=none": 1, "check_bonus amount=-1 check=escape": 1, "max_mana amount=-2": 1,
        "gold amount=-10 when=play": 1, "unequip_weapon when=play": 1}


# ---- Zones and Bosses (plan 2.3) ----------------------------------------------------------------

ZONES = {
    # difficulty: (distance, loot_mod, level_mod, boss level, boss hp, escape, resist count, vuln count)
    "starting": ((6, 8), (0, 5), 0, (6, 7), (3, 3), (3, 4), (0, 1), (1, 1)),
    "mid": ((8, 10), (5, 10), 1, (8, 9), (4, 4), (4, 4), (1, 2), (1, 1)),
    "advanced": ((10, 14), (10, 20), 2, (11, 13), (5, 6), (5, 5), (2, 2), (1, 2)),
}


def _within(value: int, bounds: tuple[int, int]) -> bool:
    return bounds[0] <= value <= bounds[1]


@pytest.mark.parametrize("difficulty", list(ZONES))
def test_plan_2_3_zone_and_boss_ranges(content, difficulty):
    """plan 2.3 Zone table; BL-162 to BL-164."""
    distance, loot, level_mod, level, hp, escape, resist, vuln = ZONES[difficulty]
    zones = [z for z in content.zones.values() if z.difficulty == difficulty]
    assert len(zones) == 3
    for z in zones:
        assert z.boss is not None
        b = z.boss
        assert _within(z.distance, distance) and _within(z.loot_mod, loot) and z.level_mod == level_mod, z.id
        assert _within(b.level, level) and _within(b.hp, hp) and _within(b.escape, escape), z.id
        assert _within(len(b.resist), resist) and _within(len(b.vulnerable), vuln), z.id


def test_plan_2_3_nine_zones(content):
    assert len(content.zones) == 9 and not any(content.copies.get(z) for z in content.zones)


def test_BLT_06_ebony_bloody_rose(content):
    """BLT-06: a Mid-Level Zone of Distance 8 whose Boss is Ebony Bloody Rose, Level 8, HP 4, Escape 4+."""
    z = content.zones["ebony_bloody_rose"]
    assert z.boss is not None
    assert (z.difficulty, z.distance) == ("mid", 8)
    assert (z.boss.name, z.boss.level, z.boss.hp, z.boss.escape) == ("Ebony Bloody Rose", 8, 4, 4)


def test_plan_2_3_boss_secondary_types(content):
    """plan 2.3: Water x2, Undead x2, none x5 (BL-164)."""
    assert Counter(z.boss.creature for z in content.zones.values() if z.boss) == {"water": 2, "undead": 2, "": 5}


def _zone_rule_kind(e: Effect) -> str:
    if e.verb == "monster_level" and e.has("creature") and e.get("amount") > 0:
        return "level_for_creature"
    if e.verb == "combat_strength" and e.get("amount") == -1 and e.has("damage"):
        return "cs_for_damage_type"
    if e.verb == "check_bonus" and abs(e.get("amount")) == 1:
        return "check"
    if (e.verb == "escape_requirement" and e.get("amount") == 1 and e.has("creature")) or (
            e.verb == "loot" and e.get("amount") == 10 and e.has("creature")):
        return "escape_or_loot_for_creature"
    if e.verb == "events_distance_double":
        return "events_double"
    if e.verb == "combat_roll" and e.get("amount") == 1 and e.get("flying") is True:
        return "flight_roll"
    return "other"


def test_plan_2_3_zone_special_rules(content):
    """plan 2.3: each Zone has a special rule (BL-161), a static Special Rule, and the six kinds
    appear: AK-03 Level for a creature type, -1 CS for a damage type, AK-09 +1/-1 to a check,
    AK-04 Escape +1 or Loot +10 for a creature type, Events count double (BL-079), AK-25 Flight
    gives +1 to combat rolls."""
    kinds = Counter()
    for z in content.zones.values():
        assert z.abilities, z.id
        for e in z.abilities:
            assert e.kind == "static" and e.tag == "rule", z.id
            kinds[_zone_rule_kind(e)] += 1
    assert set(kinds) == {"level_for_creature", "cs_for_damage_type", "check", "escape_or_loot_for_creature",
                          "events_double", "flight_roll"}
    assert uses(content, "escape_requirement") and uses(content, "loot")


def _boss_kinds(special: tuple[Effect, ...]) -> set[str]:
    kinds = set()
    statics = {e.verb for e in special if e.kind == "static"}
    for e in special:
        if e.kind == "static":
            continue
        assert e.get("when") == "red_six"
        if e.verb == "check" and e.get("n") == 5 and [x.verb for x in e.get("on_fail", ())] == ["stun"]:
            kinds.add("stun_unless_check")
        elif e.verb == "boss_roll" and e.get("amount") == 3:
            kinds.add("roll_+3")
        elif e.verb == "boss_heal" and e.get("amount") == 1:
            kinds.add("heal_1")
        elif e.verb == "gold" and e.get("amount") == -20:
            kinds.add("steal_20")
        elif e.verb == "drain_mana" and "mana_drain" in statics:
            kinds.add("mana_drain_boss")
        elif e.verb == "attach_curse":
            kinds.add("attach_curse")
        elif e.verb == "lose_unless_flight":
            kinds.add("lose_unless_flight")
        else:
            kinds.add("other " + e.verb)
    return kinds


def test_plan_2_3_boss_red_six_special_abilities(content):
    """plan 2.3 Boss special abilities (BL-187): every Boss has a red-6 ability, and every kind of
    the plan appears; the Mana Drain Boss carries the keyword, so Null Zone leaves it (A-24)."""
    seen: set[str] = set()
    for z in content.zones.values():
        assert z.boss is not None
        kinds = _boss_kinds(z.boss.special)
        assert kinds, z.id
        seen |= kinds
    assert seen == {"stun_unless_check", "roll_+3", "heal_1", "steal_20", "mana_drain_boss", "attach_curse",
                    "lose_unless_flight"}
    checks = {e.get("check") for _, e in uses(content, "check", when="red_six")}
    assert checks <= {"fear", "trap"}


def test_BL_182_to_BL_187_the_boss_attack_table(content):
    table = content.boss_attacks
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    assert [(f, table[f].name, table[f].rule) for f in sorted(table)] == [
        (1, "Stumble", "BL-182"), (2, "Regular Strike", "BL-183"), (3, "Furious Attack", "BL-184"),
        (4, "Volley", "BL-185"), (5, "Ground Slam", "BL-186"), (6, "Special Ability", "BL-187")]
    assert all(table[f].text for f in table)


# ---- names, ids and sentences ---------------------------------------------------------------------

def test_plan_2_3_the_named_cards_carry_the_rulebook_names(content):
    named = {
        "nagapon_soldier": "Nagapon Soldier", "bat_companion": "Bat Companion",
        "enraged_fire_elemental": "Enraged Fire Elemental", "dragons_tongue": "Dragon's Tongue",
        "apprentices_staff": "Apprentice's Staff", "lightning_rod": "Lightning Rod", "communicator": "Communicator",
        "golden_eye": "Golden Eye", "unlimited_drill": "Unlimited Drill"}
    for card_id, name in named.items():
        assert content.card(card_id).name == name


def test_card_ids_are_lower_snake_case_and_names_unique(content):
    cards = [c for table in (content.races, content.classes, content.starting_weapons, content.items,
                             content.treasures, content.dungeon, content.zones) for c in table.values()]
    for c in cards:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", c.id), c.id
    names = Counter(c.name for c in cards)
    assert [n for n, k in names.items() if k > 1] == []


def test_every_ability_reads_as_a_sentence(content):
    for label, effects in holders(content):
        for e in flat(effects):
            assert describe(e).strip(), (label, e.verb)


# ---- every ability kind is reachable (plan 2.4) ----------------------------------------------------

def _spell(content: BLContent, *ids: str) -> bool:
    return all(i in content.spells for i in ids)


def _ak(content: BLContent) -> dict[str, Callable[[], bool]]:
    c = content
    statics_all = [(label, e) for label, effects in holders(c) for e in effects
                   if e.kind == "static" and e.get("scope") == "all" and label in c.dungeon]
    whens = {e.get("when") for _, effects in holders(c) for e in flat(effects) if e.has("when")}
    tags = {e.tag for _, effects in holders(c) for e in flat(effects)}
    return {
        # CS on Race, Class, equipment, Gift (+) and Curse (-).
        "AK-01": lambda: (any(r.cs for r in c.races.values()) and any(k.cs for k in c.classes.values())
                          and any(i.cs for i in c.items.values())
                          and any(g.total("combat_strength") > 0 for g in dungeon(c, "gift"))
                          and any(k.total("combat_strength") < 0 for k in dungeon(c, "curse"))),
        # own white die (combat_roll) and a Monster's black die (monster_roll, Fortitude).
        "AK-02": lambda: bool(uses(c, "combat_roll") and uses(c, "monster_roll") and _spell(c, "fortitude")),
        # one Monster, all Monsters (aura), a creature type (Zone), the Zone modifier, Acid Storm.
        "AK-03": lambda: bool(uses(c, "monster_level", scope="all") and uses(c, "monster_level", flying=False)
                              and any(e.has("creature") for _, e in uses(c, "monster_level"))
                              and any(z.level_mod for z in c.zones.values()) and _spell(c, "acid_storm")),
        "AK-04": lambda: bool(uses(c, "loot") and uses(c, "escape_requirement")
                              and any(z.loot_mod for z in c.zones.values())),
        "AK-05": lambda: bool(uses(c, "max_mana") and uses(c, "max_tesla") and uses(c, "backpack")
                              and uses(c, "large_limit") and uses(c, "max_mana", amount=-2)),
        "AK-06": lambda: bool(uses(c, "magic_rank")),
        "AK-07": lambda: bool(uses(c, "protection") and uses(c, "grant_protection") and _spell(c, "protection")
                              and any(i.protection for i in c.items.values())),
        "AK-08": lambda: (any(len(w.types) >= 2 for w in c.items.values())
                          and _spell(c, "spark", "ember", "retribution")),
        "AK-09": lambda: (all(uses(c, "check_bonus", check=k) for k in ("escape", "charisma", "fear", "trap"))
                          and bool(uses(c, "add_to_roll", check="escape"))),
        "AK-10": lambda: bool(uses(c, "reroll", die="own") and uses(c, "reroll", die="any")
                              and [e for _, e in uses(c, "reroll") if e.has("tesla")]
                              and [e for _, e in uses(c, "reroll") if e.has("uses")]
                              and _spell(c, "power_shunt", "flash")),
        "AK-11": lambda: (bool([e for _, e in uses(c, "add_to_roll") if not e.has("check")])
                          and _spell(c, "voltage_surge")),
        "AK-12": lambda: (any(has(k, "combat_roll", exempt=True) for k in c.classes.values())
                          and any(has(t, "combat_roll", exempt=True) for t in c.treasures.values())),
        "AK-13": lambda: (bool(uses(c, "instant_damage", uses="phase") and uses(c, "instant_damage_bonus"))
                          and any(i.kind == "single_use" and i.has("instant_damage") for i in c.items.values())
                          and _spell(c, "magic_missile", "magic_arrow")),
        "AK-14": lambda: bool(uses(c, "immune_instant_damage") and uses(c, "untargetable")
                              and uses(c, "unchoosable")),
        "AK-15": lambda: bool(uses(c, "restore_mana")
                              and [e for _, e in uses(c, "mana") if e.get("amount") > 0]),
        "AK-16": lambda: bool([e for _, effects in holders(c) for e in effects
                               if e.kind == "action" and e.has("tesla")]),
        "AK-17": lambda: bool([e for _, e in uses(c, "gold") if e.get("amount") > 0]
                              and [e for _, e in uses(c, "gold") if e.get("amount") < 0]
                              and uses(c, "draw_item")),
        "AK-18": lambda: bool(uses(c, "treasure") and uses(c, "treasure_table")),
        "AK-19": lambda: bool(uses(c, "revive") and uses(c, "revive", all=True) and uses(c, "revive_other")
                              and _spell(c, "healing")),
        "AK-20": lambda: bool(uses(c, "draw_dungeon")),
        "AK-21": lambda: bool(uses(c, "remove_curse")) and _spell(c, "dispel"),
        "AK-22": lambda: bool(uses(c, "ward", selection="choose") and uses(c, "ward", selection="target")),
        "AK-23": lambda: bool(statics_all),
        "AK-24": lambda: bool(uses(c, "fear", flying=False)
                              and [e for _, e in uses(c, "fear") if not e.has("flying")]
                              and uses(c, "check", check="fear")),
        "AK-25": lambda: bool(uses(c, "flight") and uses(c, "grant_flight") and uses(c, "lose_unless_flight")
                              and [e for _, effects in holders(c) for e in effects if e.get("flying") is True]
                              and [e for _, effects in holders(c) for e in effects if e.get("flying") is False]
                              and _spell(c, "crystal_wings")),
        "AK-26": lambda: (any(m.hp for m in monsters(c)) and all(z.boss and z.boss.hp for z in c.zones.values())
                          and bool(uses(c, "boss_heal"))),
        "AK-27": lambda: bool(uses(c, "mana_drain") and uses(c, "drain_mana")),
        "AK-28": lambda: bool([label for label, e in uses(c, "stun") if label in c.dungeon]
                              and [label for label, e in uses(c, "stun") if label.endswith("(boss)")]),
        "AK-29": lambda: bool(uses(c, "campfire")),
        "AK-30": lambda: any(i.kind == "single_use" and i.has("weapon_coating") for i in c.items.values()),
        # on reveal (auras), and every `when` of the vocabulary.
        "AK-31": lambda: bool(statics_all) and whens == set(WHEN),
        "AK-32": lambda: tags == {"rule", "ability"},
        "AK-33": lambda: ({k.keyword for k in c.classes.values()} >= {"cleric", "alchemist"}
                          and {s.id for s in c.spells.values() if s.cleric_only} == {"retribution", "healing"}),
        "AK-34": lambda: bool(uses(c, "support", mode="none") and uses(c, "support", mode="double")),
    }


def test_plan_2_4_every_ability_kind_has_a_check(content):
    assert sorted(_ak(content)) == [f"AK-{n:02d}" for n in range(1, 35)]


@pytest.mark.parametrize("ak", [f"AK-{n:02d}" for n in range(1, 35)])
def test_plan_2_4_every_ability_kind_is_reachable_by_a_card_or_spell(content, ak):
    """plan 2.4: AK-01 to AK-34, each realised by the verbs / fields / spells mapped in _ak."""
    assert _ak(content)[ak](), ak


# ---- malformed content ------------------------------------------------------------------------------

def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize("file, old, new, message", [
    ("characters.toml", 'name = "Aelvari"\ncs = 0', 'name = "Aelvari"\ncs = 3',
     "characters.toml: race aelvari: field 'cs' must be between 0 and 2"),
    ("characters.toml", 'id = "felinar"', 'id = "rogue"',
     "characters.toml: id 'rogue' is used by a race and a class"),
    ("items.toml", 'types = ["fire"]\nflavour = "A blade', 'types = ["plasma"]\nflavour = "A blade',
     "items.toml: item dragons_tongue: field 'types' has 'plasma'"),
    ("items.toml", 'name = "Dragon\'s Tongue"\nkind = "equipment"\nslot = "weapon"\n',
     'name = "Dragon\'s Tongue"\nkind = "equipment"\n',
     "items.toml: item dragons_tongue: equipment needs a 'slot'"),
    ("items.toml", 'abilities = [{ verb = "max_mana", amount = 2 }]\nflavour = "Copper',
     'abilities = [{ verb = "max_mana", amount = "two" }]\nflavour = "Copper',
     "items.toml: item lightning_rod: effect 1 (max_mana): field 'amount' must be a whole number"),
    ("treasures.toml", 'name = "Unlimited Drill"\n', 'name = "Unlimited Drill"\ncost = 200\n',
     "treasures.toml: treasure unlimited_drill: a Treasure is never bought, so it has no 'cost'"),
    ("dungeon.toml", 'name = "Nagapon Soldier"\nband = "mid"', 'name = "Nagapon Soldier"\nband = "middle"',
     "dungeon.toml: monster nagapon_soldier: field 'band' is 'middle'"),
    ("dungeon.toml", 'name = "Nagapon Scout"\n', 'name = "Nagapon Scout"\ncolour = "green"\n',
     "dungeon.toml: monster nagapon_scout: unknown field 'colour'"),
    ("dungeon.toml", 'companion = true\nabilities = [\n    { verb = "check"',
     'companion = true\nabilities = [\n    { verb = "charm"',
     "dungeon.toml: gift bat_companion: effect 1: unknown verb 'charm'"),
    ("dungeon.toml", '{ verb = "gold", amount = 15, when = "play" }', '{ verb = "gold", amount = 15 }',
     "dungeon.toml: event forgotten_purse: effect 1 (gold): a trigger needs 'when'"),
    ("dungeon.toml", 'n = 4, when = "play", on_fail = [{ verb = "stun" }]',
     'n = 4, when = "play", on_fail = [{ verb = "stun", when = "play" }]',
     "dungeon.toml: event collapsing_flagstones: effect 1 (check): an effect in 'on_fail' happens with the "
     "check and takes no 'when'"),
    ("zones.toml", 'creature = "undead"\nlevel = 6\n', 'creature = "undead"\n',
     "zones.toml: zone mossgrave_hollows: boss: missing field 'level'"),
    ("zones.toml", 'face = 2', 'face = 1', "zones.toml: boss_attack regular_strike: face 1 is listed twice"),
])
def test_malformed_content_names_file_record_and_field(tmp_path, file, old, new, message):
    with pytest.raises(ContentError) as err:
        load_content(_broken(tmp_path, file, old, new))
    assert message in str(err.value)


def test_the_shipped_content_loads_from_a_copy(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    assert load_content(target) == standard_content()
