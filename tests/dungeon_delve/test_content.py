"""Dungeon Delve content matches the checklist's tables, and bad content is refused.

The tables below are copied from ../shared/rules/dungeon-delve.md (sections 2.2-2.10)
and checked against the loaded content independently of the TOML files, so a typo in
either shows up. The probabilities of 2.2 are recomputed exactly from the dice content.
"""

from __future__ import annotations

import shutil
from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path

import pytest

from game.core.dice import distribution
from game.core.errors import ContentError
from game.rulesets.dungeon_delve.content import (
    ABILITY_MOMENTS,
    CONTENT_DIR,
    FEAT_MOMENTS,
    HERO_COUNTS,
    ITEM_MOMENTS,
    TERRAIN_SYMBOLS,
    equip_problem,
    load_content,
    standard_content,
)
from game.rulesets.dungeon_delve.vocabulary import (
    CONDITION_WHEN,
    MOMENTS,
    SURGE_EFFECTS,
    TIMINGS,
    VERBS,
    describe,
)

F = Fraction


@pytest.fixture(scope="module")
def content():
    return standard_content()


def _faces(content, die_id):
    return [dict(face) for face in content.die(die_id).faces]


# ---- 2.2 dice -----------------------------------------------------------------------------

# Face by face, as printed in 2.2 (symbols a face does not show are left out).
DICE_2_2 = {
    "blue": [
        {"miss": 1},
        {"range": 2, "hearts": 2, "surge": 1},
        {"range": 3, "hearts": 2},
        {"range": 4, "hearts": 2},
        {"range": 5, "hearts": 1},
        {"range": 6, "hearts": 1, "surge": 1},
    ],
    "red": [{"hearts": 1}, {"hearts": 2}, {"hearts": 2}, {"hearts": 2}, {"hearts": 3}, {"hearts": 3, "surge": 1}],
    "yellow": [
        {"range": 1, "surge": 1},
        {"range": 1, "hearts": 1},
        {"range": 2, "hearts": 1},
        {"hearts": 1, "surge": 1},
        {"hearts": 2},
        {"hearts": 2, "surge": 1},
    ],
    "brown": [{}, {}, {}, {"shields": 1}, {"shields": 1}, {"shields": 2}],
    "gray": [{}, {"shields": 1}, {"shields": 1}, {"shields": 1}, {"shields": 2}, {"shields": 3}],
    "black": [{}, {"shields": 2}, {"shields": 2}, {"shields": 2}, {"shields": 3}, {"shields": 4}],
}


def test_dd_141_each_die_has_exactly_the_six_faces_of_2_2(content):
    assert set(content.dice) == set(DICE_2_2)
    for die_id, faces in DICE_2_2.items():
        assert _faces(content, die_id) == faces, die_id
    kinds = {d: content.dice[d].kind for d in content.dice}
    assert kinds == {"blue": "attack", "red": "power", "yellow": "power",
                     "brown": "defense", "gray": "defense", "black": "defense"}


# 2.2 "Expected values per die" (a blank cell is 0).
EXPECTED_2_2 = {
    "blue": {"hearts": F(8, 6), "range": F(20, 6), "surge": F(2, 6), "miss": F(1, 6)},
    "red": {"hearts": F(13, 6), "surge": F(1, 6)},
    "yellow": {"hearts": F(7, 6), "range": F(4, 6), "surge": F(3, 6)},
    "brown": {"shields": F(4, 6)},
    "gray": {"shields": F(8, 6)},
    "black": {"shields": F(13, 6)},
}


def test_dd_142_expected_value_of_each_symbol_per_die(content):
    for die_id, expected in EXPECTED_2_2.items():
        faces = _faces(content, die_id)
        for symbol in ("hearts", "range", "surge", "miss", "shields"):
            mean = F(sum(face.get(symbol, 0) for face in faces), len(faces))
            assert mean == expected.get(symbol, 0), (die_id, symbol)


def test_dd_117_attribute_test_pass_chances_from_gray_and_black(content):
    sums = distribution(content.pool(["gray", "black"]), "shields")
    assert {total: p * 36 for total, p in sums.items()} == {0: 1, 1: 3, 2: 4, 3: 11, 4: 7, 5: 7, 6: 2, 7: 1}
    pass_chance = {0: F(1, 36), 1: F(4, 36), 2: F(8, 36), 3: F(19, 36), 4: F(26, 36), 5: F(33, 36),
                   6: F(35, 36), 7: F(1), 8: F(1)}
    for attribute, chance in pass_chance.items():
        assert sum(p for total, p in sums.items() if total <= attribute) == chance, attribute


def test_dd_069_dd_072_two_red_dice_hearts_and_surges(content):
    red = _faces(content, "red")
    joint = Counter((a.get("hearts", 0) + b.get("hearts", 0), a.get("surge", 0) + b.get("surge", 0))
                    for a, b in product(red, red))
    assert joint == {(2, 0): 1, (3, 0): 6, (4, 0): 11, (4, 1): 2, (5, 0): 6, (5, 1): 6,
                     (6, 0): 1, (6, 1): 2, (6, 2): 1}
    hearts = distribution(content.pool(["red", "red"]), "hearts")
    assert min(hearts) == 2 and max(hearts) == 6
    assert sum(h * p for h, p in hearts.items()) == F(13, 3)  # 4.33


# ---- 2.3 heroes, 2.4 classes ---------------------------------------------------------------

HEROES_2_3 = """
Brakka Stonehide | warrior | 3 | 14 | 4 | gray | 4 | 2 | 3 | 2 | Unyielding     | Battle Fury
Sister Elowen    | healer  | 4 | 12 | 4 | gray | 2 | 3 | 4 | 2 | Steady Hands   | Radiant Prayer
Vessarin Ashmark | mage    | 4 | 9  | 5 | gray | 1 | 5 | 3 | 2 | Far Sight      | Cinder Storm
Tamsin Reedfoot  | scout   | 5 | 10 | 5 | gray | 2 | 3 | 2 | 4 | Light-footed   | Slip Away
"""


def test_dd_148_hero_sheets_are_those_of_2_3(content):
    rows = [[c.strip() for c in line.split("|")] for line in HEROES_2_3.strip().splitlines()]
    by_name = {h.name: h for h in content.heroes.values()}
    assert set(by_name) == {r[0] for r in rows}
    for name, archetype, speed, health, stamina, defense, might, kn, will, aware, ability, feat in rows:
        h = by_name[name]
        assert (h.archetype, h.speed, h.health, h.stamina, h.defense) == (
            archetype, int(speed), int(health), int(stamina), (defense,))
        assert [h.attribute(a) for a in ("might", "knowledge", "willpower", "awareness")] == [
            int(might), int(kn), int(will), int(aware)]
        assert (h.ability.name, h.feat.name) == (ability, feat)
        assert h.ability.text and h.feat.text


def test_dd_116_heroic_feats_and_abilities_as_structured_effects(content):
    h = {hero.name.split()[0]: hero for hero in content.heroes.values()}
    fury = h["Brakka"].feat
    assert fury.when == "action"
    assert [(e.verb, e.get("attack_type"), e.get("add_dice"), e.get("pierce")) for e in fury.effects] == [
        ("attack", "melee", ("red",), 2)]
    prayer = h["Sister"].feat
    assert prayer.when == "turn_start"
    assert [(e.verb, e.get("amount"), e.get("target"), e.get("knocked_out")) for e in prayer.effects] == [
        ("recover", 3, "every_hero", True)]
    storm = h["Vessarin"].feat
    assert [(e.verb, e.get("max_distance"), e.get("amount")) for e in storm.effects] == [("area_damage", 4, 2)]
    slip = h["Tamsin"].feat
    assert slip.when == "own_turn"
    assert [e.verb for e in slip.effects] == ["gain_mp", "move_through_enemies"]
    assert slip.effects[0].get("amount") == "speed"
    assert h["Brakka"].ability.when == "rest" and h["Brakka"].ability.effects[0].get("amount") == 2
    assert h["Sister"].ability.when == "revive" and h["Sister"].ability.effects[0].get("target") == "revived_hero"
    far = h["Vessarin"].ability.effects[0]
    assert (far.verb, far.get("symbol"), far.get("amount"), far.get("attack_type")) == ("bonus", "range", 1, "ranged")
    light = h["Tamsin"].ability.effects[0]
    assert (light.verb, light.get("terrain"), light.get("cost")) == ("terrain_cost", "water", 1)


# class, archetype, starting equipment, skill, action?, fatigue
CLASSES_2_4 = [
    ("Vanguard", "warrior", ["Broadsword", "Round Shield"], "Power Strike", True, 2),
    ("Mender", "healer", ["Iron Mace"], "Mend", True, 1),
    ("Arcanist", "mage", ["Ember Staff"], "Searing Bolt", True, 2),
    ("Pathfinder", "scout", ["Hunting Bow"], "Keen Eye", False, 0),
]


def test_dd_008_dd_029_dd_053_classes_starting_equipment_and_skills_of_2_4(content):
    by_name = {c.name: c for c in content.classes.values()}
    assert set(by_name) == {row[0] for row in CLASSES_2_4}
    for name, archetype, equipment, skill, action, fatigue in CLASSES_2_4:
        cls = by_name[name]
        assert cls.archetype == archetype
        assert [content.items[i].name for i in cls.equipment] == equipment
        assert (cls.skill.name, cls.skill.is_action, cls.skill.fatigue) == (skill, action, fatigue)
        assert equip_problem(content.items[i] for i in cls.equipment) is None  # all equipped at setup
    for hero in content.heroes.values():
        assert content.class_for(hero.id).archetype == hero.archetype
    skills = {c.skill.name: c.skill for c in content.classes.values()}
    strike = skills["Power Strike"].effects[0]
    assert (strike.verb, strike.get("attack_type"), strike.get("add_dice")) == ("attack", "melee", ("red",))
    mend = skills["Mend"].effects[0]
    assert (mend.verb, mend.get("dice"), mend.get("target"), mend.get("knocked_out")) == (
        "recover", ("red",), "self_or_adjacent_hero", True)
    bolt = skills["Searing Bolt"].effects[0]
    assert (bolt.verb, bolt.get("attack_type"), bolt.get("weapon_tag"), bolt.get("pierce")) == (
        "attack", "ranged", "staff", 2)
    keen = skills["Keen Eye"].effects[0]
    assert (keen.verb, keen.get("draw"), keen.get("keep")) == ("search_draw", 2, 1)


# ---- 2.4 / 2.5 items ------------------------------------------------------------------------

# name: (category, slot, hands, attack type, dice, (reach, pierce, blast), surges, price)
WEAPONS = {
    "Broadsword": ("starting", "hand", 1, "melee", ("blue", "red"), (False, 0, False), [(1, "hearts", 1)], None),
    "Iron Mace": ("starting", "hand", 1, "melee", ("blue", "yellow"), (False, 0, False),
                  [(1, "hearts", 1), (1, "condition", "stunned")], None),
    "Ember Staff": ("starting", "hand", 2, "ranged", ("blue", "yellow"), (False, 0, False),
                    [(1, "hearts", 1), (2, "blast", None)], None),
    "Hunting Bow": ("starting", "hand", 2, "ranged", ("blue", "yellow"), (False, 0, False),
                    [(1, "hearts", 1), (1, "range", 2)], None),
    "Halberd": ("shop", "hand", 2, "melee", ("blue", "red"), (True, 0, False), [(1, "hearts", 1)], 150),
    "Light Crossbow": ("shop", "hand", 2, "ranged", ("blue", "yellow"), (False, 1, False), [(1, "hearts", 1)], 125),
    "Hand Axe": ("shop", "hand", 1, "melee", ("blue", "yellow"), (False, 0, False), [(1, "hearts", 2)], 100),
    "Warden's Glaive": ("relic", "hand", 2, "melee", ("blue", "red", "yellow"), (True, 0, False),
                        [(1, "hearts", 2)], None),
}


def _surge_rows(surges):
    return [(s.cost, s.effect, s.condition or (s.amount if s.effect in ("hearts", "range", "pierce") else None))
            for s in surges]


def test_dd_078_dd_082_dd_090_weapons_of_2_4_and_2_5(content):
    by_name = {i.name: i for i in content.items.values()}
    for name, (category, slot, hands, attack_type, dice, keywords, surges, price) in WEAPONS.items():
        item = by_name[name]
        assert (item.category, item.slot, item.hands, item.attack_type, item.dice) == (
            category, slot, hands, attack_type, dice), name
        assert (item.reach, item.pierce, item.blast) == keywords, name
        assert _surge_rows(item.surges) == surges, name
        assert item.price == price, name
    assert {i.name for i in content.items.values() if i.is_weapon} == set(WEAPONS)


# name: (category, slot, hands, when, exhaust, effect summary, price)
OTHER_EQUIPMENT = {
    "Round Shield": ("starting", "hand", 1, "after_defense_roll", True, ("bonus", "shields", 1), None),
    "Iron Shield": ("shop", "hand", 1, "after_defense_roll", True, ("bonus", "shields", 1), 75),
    "Chain Shirt": ("shop", "armor", 0, "passive", False, ("add_dice", "defense", ("brown",)), 100),
    "Swift Boots": ("shop", "other", 0, "passive", False, ("stat_bonus", "speed", 1), 75),
    "Ring of Focus": ("shop", "other", 0, "passive", False, ("stat_bonus", "stamina", 1), 100),
    "Lucky Stone": ("shop", "other", 0, "attribute_test", True, ("reroll", 1), 50),
    "Warding Amulet": ("search", "other", 0, "passive", False, ("add_dice", "defense", ("brown",)), None),
}


def _summary(effect):
    keys = {"bonus": ("symbol", "amount"), "add_dice": ("pool", "dice"), "stat_bonus": ("stat", "amount"),
            "reroll": ("count",)}[effect.verb]
    return (effect.verb, *(effect.get(k) for k in keys))


def test_dd_020_dd_021_dd_022_dd_085_equipment_slots_and_uses_of_2_5(content):
    by_name = {i.name: i for i in content.items.values()}
    for name, (category, slot, hands, when, exhaust, effect, price) in OTHER_EQUIPMENT.items():
        item = by_name[name]
        assert (item.category, item.slot, item.hands, item.when, item.exhaust, item.price) == (
            category, slot, hands, when, exhaust, price), name
        assert [_summary(e) for e in item.effects] == [effect], name
    shop = {content.items[i].name for i in content.items_in("shop")}
    assert shop == {"Halberd", "Light Crossbow", "Hand Axe", "Iron Shield", "Chain Shirt", "Swift Boots",
                    "Ring of Focus", "Lucky Stone"}
    assert [content.items[i].name for i in content.items_in("relic")] == ["Warden's Glaive"]


def test_dd_020_dd_021_dd_022_equip_limits_on_the_content_items(content):
    items = content.items
    three = ["broadsword", "round_shield", "halberd"]
    legal = {frozenset(c) for n in range(4) for c in combinations(three, n)
             if equip_problem(items[i] for i in c) is None}
    assert legal == {frozenset(), frozenset({"broadsword"}), frozenset({"round_shield"}),
                     frozenset({"broadsword", "round_shield"}), frozenset({"halberd"})}
    assert equip_problem([items["chain_shirt"], items["chain_shirt"]]) is not None
    assert equip_problem([items["swift_boots"], items["ring_of_focus"]]) is None
    assert equip_problem([items["swift_boots"], items["ring_of_focus"], items["lucky_stone"]]) is not None


# name: (count, slot, when, discard, verbs)
SEARCH_2_5 = {
    "Healing Draught": (3, "none", "own_turn", True, ["recover"]),
    "Vigor Tonic": (2, "none", "own_turn", True, ["recover"]),
    "Smoke Pellet": (1, "none", "own_turn", True, ["untargetable"]),
    "Warding Amulet": (1, "other", "passive", False, ["add_dice"]),
    "Treasure Pouch": (3, "none", "drawn", False, ["gold"]),
    "Dust and Cobwebs": (2, "none", "drawn", False, []),
}


def test_dd_009_dd_026_dd_068_search_deck_of_12_cards(content):
    deck = content.search_deck()
    assert len(deck) == 12
    names = Counter(content.items[i.partition("#")[0]].name for i in deck)
    assert names == {name: row[0] for name, row in SEARCH_2_5.items()}
    for item_id in content.items_in("search"):
        item = content.items[item_id]
        count, slot, when, discard, verbs = SEARCH_2_5[item.name]
        assert (item.count, item.slot, item.when, item.discard, [e.verb for e in item.effects]) == (
            count, slot, when, discard, verbs), item.name
    draught = content.items["healing_draught"].effects[0]
    assert (draught.get("what"), draught.get("amount"), draught.get("target"), draught.get("knocked_out")) == (
        "damage", 3, "self_or_adjacent_hero", True)
    assert content.items["vigor_tonic"].effects[0].get("amount") == "all"
    assert content.items["treasure_pouch"].effects[0].get("amount") == 25


def test_dd_008_two_shop_cards_at_setup_and_relic_reward(content):
    quest = content.quests["wardens_vault"]
    assert quest.starting_shop_cards == 2
    assert quest.reward == "wardens_glaive" and content.items["wardens_glaive"].category == "relic"
    assert len(content.shop_deck()) == 8


# ---- 2.6 conditions ------------------------------------------------------------------------

def test_dd_133_dd_134_dd_135_conditions_of_2_6(content):
    c = content.conditions
    assert {x.name for x in c.values()} == {"Poisoned", "Stunned", "Immobilized"}
    poisoned = c["poisoned"]
    assert poisoned.hero.when == "turn_start"
    test = poisoned.hero.effects[0]
    assert (test.verb, test.get("attribute")) == ("attribute_test", "might")
    assert [e.verb for e in test.get("on_pass")] == ["discard_condition"]
    assert [(e.verb, e.get("what"), e.get("amount")) for e in test.get("on_fail")] == [("suffer", "damage", 1)]
    assert poisoned.monster.when == "turn_start"
    assert [e.verb for e in poisoned.monster.effects] == ["suffer", "discard_condition"]
    for side in (c["stunned"].hero, c["stunned"].monster):
        assert side.when == "next_turn"
        assert [(e.verb, e.get("action"), e.get("max")) for e in side.effects] == [("action_limit", "any", 1)]
    for side in (c["immobilized"].hero, c["immobilized"].monster):
        assert side.when == "until_next_turn_ends"
        assert [e.verb for e in side.effects] == ["immobilize"]


# ---- 2.7 monsters --------------------------------------------------------------------------

# id: (attack type, speed, health, health per hero, defense, dice, reach, surges, nimble)
MONSTERS_2_7 = {
    "goblin_skulker": ("minion", "ranged", 5, 2, 0, ("brown",), ("blue", "yellow"), False,
                       [(1, "hearts", 1)], True),
    "goblin_skulker_master": ("master", "ranged", 5, 4, 0, ("brown",), ("blue", "yellow"), False,
                              [(1, "hearts", 2), (1, "range", 2)], True),
    "bone_warrior": ("minion", "melee", 3, 4, 0, ("gray",), ("blue", "red"), False, [(1, "hearts", 1)], False),
    "bone_warden": ("master", "melee", 3, 4, 2, ("gray", "brown"), ("blue", "red"), True,
                    [(1, "hearts", 2), (1, "pierce", 2)], False),
}


def test_dd_085_dd_099_dd_131_monster_stats_of_2_7(content):
    assert set(content.monsters) == set(MONSTERS_2_7)
    for mid, (rank, attack, speed, health, per_hero, defense, dice, reach, surges, nimble) in MONSTERS_2_7.items():
        m = content.monsters[mid]
        assert (m.rank, m.attack_type, m.speed, m.health, m.health_per_hero, m.defense, m.dice, m.reach) == (
            rank, attack, speed, health, per_hero, defense, dice, reach), mid
        assert _surge_rows(m.surges) == surges, mid
        assert m.has_verb("move_through_enemies") == nimble, mid
    assert content.monsters["bone_warden"].unique


def test_dd_148_warden_health_is_4_plus_2_per_hero(content):
    warden = content.monsters["bone_warden"]
    assert [warden.health_for(n) for n in HERO_COUNTS] == [8, 10, 12]
    assert [content.monsters["bone_warrior"].health_for(n) for n in HERO_COUNTS] == [4, 4, 4]


GROUP_SIZES_2_7 = {  # heroes: (goblin minions, bone minions); each group also has its master
    2: (1, 1),
    3: (2, 2),
    4: (3, 2),
}


def test_dd_007_dd_148_group_sizes_by_hero_count(content):
    goblins, bones = content.groups["goblin_skulkers"], content.groups["bone_warriors"]
    assert (goblins.master, goblins.minion) == ("goblin_skulker_master", "goblin_skulker")
    assert (bones.master, bones.minion) == ("bone_warden", "bone_warrior")
    for heroes, (g, b) in GROUP_SIZES_2_7.items():
        assert (goblins.minions_for(heroes), bones.minions_for(heroes)) == (g, b)
        assert (goblins.size_for(heroes), bones.size_for(heroes)) == (g + 1, b + 1)


# ---- 2.8 overlord deck ---------------------------------------------------------------------

OVERLORD_2_8 = {
    "Vicious Blow": (3, "before_attack_roll"),
    "Scurry": (2, "monster_activation_start"),
    "Bloodlust": (2, "monster_activation_start"),
    "Snare Wire": (2, "hero_enters_space"),
    "Poisoned Barb": (2, "after_monster_damage"),
    "Dark Resilience": (2, "after_monster_defense_roll"),
    "Crumbling Ceiling": (1, "hero_turn_start"),
    "Creeping Dread": (1, "hero_turn_start"),
}
HOOKS_2_10 = ("before_attack_roll", "monster_activation_start", "hero_enters_space", "after_monster_damage",
              "after_monster_defense_roll", "hero_turn_start")


def test_dd_009_dd_124_overlord_deck_of_15_cards_with_counts_and_timings(content):
    assert set(TIMINGS) == set(HOOKS_2_10)
    deck = content.overlord_deck()
    assert len(deck) == 15 and len(set(deck)) == 15
    assert {c.name: (c.count, c.timing) for c in content.overlord.values()} == OVERLORD_2_8
    assert Counter(content.overlord[i.partition("#")[0]].name for i in deck) == {
        n: v[0] for n, v in OVERLORD_2_8.items()}


def test_dd_124_overlord_card_effects(content):
    o = content.overlord

    def first(card_id):
        return o[card_id].effects[0]

    assert (first("vicious_blow").verb, first("vicious_blow").get("pool"), first("vicious_blow").get("dice")) == (
        "add_dice", "attack", ("red",))
    assert (first("scurry").verb, first("scurry").get("action")) == ("extra_action", "move")
    assert (first("bloodlust").verb, first("bloodlust").get("action"), first("bloodlust").get("max")) == (
        "action_limit", "attack", 2)
    for card_id, attribute, outcome in (("snare_wire", "awareness", ("gain_condition", "immobilized")),
                                        ("crumbling_ceiling", "awareness", ("suffer", 2)),
                                        ("creeping_dread", "willpower", ("suffer", 2))):
        test = first(card_id)
        assert (test.verb, test.get("attribute")) == ("attribute_test", attribute)
        fail = test.get("on_fail")[0]
        assert (fail.verb, fail.get("condition") or fail.get("amount")) == outcome
    assert first("creeping_dread").get("on_fail")[0].get("what") == "fatigue"
    assert (first("poisoned_barb").verb, first("poisoned_barb").get("condition")) == ("gain_condition", "poisoned")
    assert (first("dark_resilience").verb, first("dark_resilience").get("symbol"),
            first("dark_resilience").get("amount")) == ("bonus", "shields", 1)


# ---- 2.9 quest -----------------------------------------------------------------------------

MAP_2_9 = """
  y=0   XXXXXXXXXXXXXXXXXXXX
  y=1   XXXXXXX........XXXXX
  y=2   XXXXXXX..~~....XXXXX
  y=3   ....XXX..~~....X..^.
  y=4   ....................
  y=5   ...........#........
  y=6   ....XXX........X.^..
  y=7   XXXXXXX.#...o..XXXXX
  y=8   XXXXXXX........XXXXX
  y=9   XXXXXXXXXXXXXXXXXXXX
"""

AREAS_2_9 = {  # name: (x from, x to, y from, y to)
    "Entrance": (0, 3, 3, 6),
    "Corridor": (4, 6, 4, 5),
    "Great Hall": (7, 14, 1, 8),
    "Doorway": (15, 15, 4, 5),
    "Vault": (16, 19, 3, 6),
}


@pytest.fixture(scope="module")
def quest(content):
    return content.quests["wardens_vault"]


def test_dd_007_quest_map_rows_are_copied_exactly(quest):
    rows = [line.split()[1] for line in MAP_2_9.strip().splitlines()]
    assert list(quest.rows) == rows
    assert (quest.width, quest.height) == (20, 10)
    assert quest.name == "The Warden's Vault"


def test_dd_056_terrain_of_the_quest_map(quest):
    assert TERRAIN_SYMBOLS == {".": "floor", "#": "obstacle", "~": "water", "o": "pit", "^": "lava"}
    assert set(quest.squares_of("water")) == {(9, 2), (10, 2), (9, 3), (10, 3)}
    assert set(quest.squares_of("obstacle")) == {(11, 5), (8, 7)}
    assert set(quest.squares_of("pit")) == {(12, 7)}
    assert set(quest.squares_of("lava")) == {(18, 3), (17, 6)}
    assert quest.terrain_at((0, 0)) is None and quest.terrain_at((15, 3)) is None
    assert quest.terrain_at((15, 4)) == "floor" and not quest.on_map((20, 4))
    assert len(quest.terrain) == 8 * 8 + 4 * 4 + 2 * 3 + 2 + 4 * 4  # hall, entrance, corridor, doorway, vault


def test_quest_areas_of_2_9_partition_the_map(quest):
    assert {a.name: (a.x0, a.x1, a.y0, a.y1) for a in quest.areas} == AREAS_2_9
    for square in quest.terrain:
        assert sum(a.contains(square) for a in quest.areas) == 1, square
    assert quest.area_of((12, 7)).name == "Great Hall" and quest.area_of((18, 3)).name == "Vault"
    assert quest.area_of((15, 5)).name == "Doorway"


def test_dd_007_vault_door_starts_closed_and_there_are_no_internal_walls(quest):
    assert quest.walls == ()
    assert [(d.name, d.open, set(d.edges)) for d in quest.doors] == [
        ("Vault door", False, {((14, 4), (15, 4)), ((14, 5), (15, 5))})]


def test_dd_007_tokens_and_start_squares_of_2_9(quest):
    assert quest.hero_starts == ((0, 4), (0, 5), (1, 4), (1, 5))
    assert set(quest.search_tokens) == {(7, 1), (14, 8), (19, 3)}
    assert quest.reinforcement.square == (14, 1)


PLACEMENTS_2_9 = {  # heroes: every (monster, square) at setup
    2: {("goblin_skulker_master", (12, 2)), ("goblin_skulker", (13, 4)),
        ("bone_warden", (18, 4)), ("bone_warrior", (16, 4))},
    3: {("goblin_skulker_master", (12, 2)), ("goblin_skulker", (13, 4)), ("goblin_skulker", (12, 6)),
        ("bone_warden", (18, 4)), ("bone_warrior", (16, 4)), ("bone_warrior", (16, 5))},
    4: {("goblin_skulker_master", (12, 2)), ("goblin_skulker", (13, 4)), ("goblin_skulker", (12, 6)),
        ("goblin_skulker", (14, 7)), ("bone_warden", (18, 4)), ("bone_warrior", (16, 4)),
        ("bone_warrior", (16, 5))},
}


def test_dd_007_monster_placements_by_hero_count(content, quest):
    for heroes, expected in PLACEMENTS_2_9.items():
        setup = content.monster_setup("wardens_vault", heroes)
        assert {(monster, square) for _, monster, square in setup} == expected, heroes
        assert len(setup) == len(expected)
        for _, _, square in setup:
            assert quest.terrain_at(square) == "floor"
    with pytest.raises(ContentError):
        content.monster_setup("wardens_vault", 5)


def test_dd_137_dd_138_dd_139_quest_objective(quest):
    objective = quest.objective
    assert objective.heroes_win_when_defeated == "bone_warden"
    assert objective.round_limit == 10
    assert objective.overlord_wins_when_all_knocked_out is True


def test_dd_140_reinforcement_rule(quest):
    r = quest.reinforcement
    assert (r.when, r.group, r.rank, r.square, r.max_per_turn) == (
        "overlord_turn_end", "goblin_skulkers", "minion", (14, 1), 1)
    assert quest.terrain_at(r.square) == "floor"


# ---- vocabulary ----------------------------------------------------------------------------

def _all_effects(content):
    """Every effect in the content, nested ones included, with where it comes from."""
    sources = []
    for h in content.heroes.values():
        sources += [(h.id, h.ability.effects), (h.id, h.feat.effects)]
    sources += [(c.id, c.skill.effects) for c in content.classes.values()]
    sources += [(i.id, i.effects) for i in content.items.values()]
    sources += [(m.id, a.effects) for m in content.monsters.values() for a in m.abilities]
    sources += [(c.id, c.effects) for c in content.overlord.values()]
    sources += [(c.id, s.effects) for c in content.conditions.values() for s in (c.hero, c.monster)]
    out = []
    stack = [(where, e) for where, effects in sources for e in effects]
    while stack:
        where, effect = stack.pop()
        out.append((where, effect))
        for key in ("on_pass", "on_fail"):
            stack += [(where, e) for e in effect.get(key, ())]
    return out


def test_every_verb_is_used_and_has_a_description(content):
    effects = _all_effects(content)
    used = {e.verb for _, e in effects}
    assert used == set(VERBS), f"unused verbs: {set(VERBS) - used}"
    for where, effect in effects:
        text = describe(effect)
        assert text and not text[0].islower() and text.endswith("."), (where, text)
    for verb in VERBS.values():
        assert callable(verb.describe) and verb.kind
    surge_effects = {s.effect for x in list(content.items.values()) + list(content.monsters.values())
                     for s in x.surges}
    assert surge_effects == set(SURGE_EFFECTS)
    for x in list(content.items.values()) + list(content.monsters.values()):
        for s in x.surges:
            assert s.text.endswith("."), s
    for table in (MOMENTS, TIMINGS, CONDITION_WHEN):
        assert all(text.endswith(".") for text in table.values())


def test_every_verb_applies_somewhere(content):
    """Each verb has a handler (the overlord cards' one-shot effects, DD-124) or names the
    rule module that reads it, and that module does read it; every verb an overlord card
    uses has a handler, so playing any card carries out all its effects."""
    from game.rulesets.dungeon_delve import cards

    engine = Path(cards.__file__).parent
    assert VERBS.incomplete() == []
    for name, verb in VERBS.items():
        if VERBS.handler(name) is None:
            files = [w for w in verb.read_by.replace(",", " ").split() if w.endswith(".py")]
            assert files and any(f'"{name}"' in (engine / f).read_text(encoding="utf-8") or
                                 name in ("suffer", "discard_condition", "immobilize", "reroll")
                                 for f in files), name
    played = {e.verb for card in content.overlord.values() for e in card.effects}
    assert all(VERBS.handler(verb) is not None for verb in played)
    assert set(ITEM_MOMENTS) | set(ABILITY_MOMENTS) | set(FEAT_MOMENTS) <= set(MOMENTS)
    whens = [h.ability.when for h in content.heroes.values()] + [h.feat.when for h in content.heroes.values()]
    whens += [i.when for i in content.items.values()]
    assert set(whens) <= set(MOMENTS)


def test_every_player_facing_text_is_present_and_short(content):
    texts = [h.ability.text for h in content.heroes.values()] + [h.feat.text for h in content.heroes.values()]
    texts += [c.skill.text for c in content.classes.values()] + [i.text for i in content.items.values()]
    texts += [c.text for c in content.overlord.values()]
    texts += [s.text for c in content.conditions.values() for s in (c.hero, c.monster)]
    texts += [a.text for m in content.monsters.values() for a in m.abilities]
    quest = content.quests["wardens_vault"]
    texts += [quest.text, quest.objective.text, quest.reinforcement.text]
    for text in texts:
        assert text.strip() and text.endswith(".") and len(text) <= 200, text


# ---- malformed content ---------------------------------------------------------------------

def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return target


QUEST = "quests/wardens_vault.toml: quest wardens_vault"


@pytest.mark.parametrize("file, old, new, message", [
    # unknown key
    ("heroes.toml", 'archetype = "warrior"', 'archetype = "warrior"\ncolour = "red"',
     "heroes.toml: hero brakka_stonehide: unknown field 'colour'"),
    ("items.toml", 'keywords = { reach = true }', 'keywords = { reach = true, sharp = true }',
     "items.toml: item halberd: keywords: unknown field 'sharp'"),
    ("overlord.toml", '{ verb = "add_dice", pool = "attack", dice = ["red"] }',
     '{ verb = "add_dice", pool = "attack", dice = ["red"], colour = 1 }',
     "overlord.toml: card vicious_blow: effect 1 (add_dice): unknown field 'colour'"),
    ("monsters.toml", "\n[[group]]\n", "\n[[horde]]\nid = \"x\"\n\n[[group]]\n",
     "monsters.toml: unknown top-level key 'horde'"),
    # missing field
    ("heroes.toml", "speed = 3\n", "",
     "heroes.toml: hero brakka_stonehide: missing field 'speed'"),
    ("classes.toml", "fatigue = 1\n", "",
     "classes.toml: class mender: skill: missing field 'fatigue'"),
    ("quests/wardens_vault.toml", "round_limit = 10\n", "",
     f"{QUEST}: objective: missing field 'round_limit'"),
    # wrong type or value
    ("heroes.toml", "health = 14", 'health = "fourteen"',
     "heroes.toml: hero brakka_stonehide: field 'health' must be a whole number"),
    ("dice.toml", "  { range = 6, hearts = 1, surge = 1 },\n", "",
     "dice.toml: die blue: field 'faces' must list 6 faces, not 5"),
    ("dice.toml", "{ range = 3, hearts = 2 }", "{ range = 3, heart = 2 }",
     "dice.toml: die blue: face 3: unknown field 'heart'"),
    # unknown verb, bad verb parameters
    ("classes.toml", 'verb = "search_draw"', 'verb = "explode"',
     "classes.toml: class pathfinder: skill: effect 1: unknown verb 'explode'"),
    ("overlord.toml", '{ verb = "suffer", what = "damage", amount = 2 }',
     '{ verb = "suffer", what = "damage", amount = "two" }',
     "overlord.toml: card crumbling_ceiling: effect 1 (attribute_test): on_fail: effect 1 (suffer): "
     "field 'amount' must be a whole number"),
    ("heroes.toml", 'target = "every_hero"', 'target = "everyone"',
     "heroes.toml: hero sister_elowen: feat: effect 1 (recover): field 'target' is 'everyone'"),
    ("items.toml", '{ verb = "reroll", count = 1 }', '{ verb = "discard_condition" }',
     "items.toml: item lucky_stone: effect 1 (discard_condition): 'discard_condition' may only be used by a condition"),
    # bad timing
    ("overlord.toml", 'timing = "hero_turn_start"', 'timing = "hero_turn_begin"',
     "overlord.toml: card crumbling_ceiling: field 'timing' is 'hero_turn_begin'; allowed: before_attack_roll"),
    # references that do not resolve
    ("classes.toml", 'equipment = ["iron_mace"]', 'equipment = ["iron_mace", "magic_wand"]',
     "classes.toml: class mender: field 'equipment' names unknown item 'magic_wand'"),
    ("classes.toml", 'equipment = ["iron_mace"]', 'equipment = ["iron_mace", "ember_staff"]',
     "classes.toml: class mender: field 'equipment' cannot all be equipped: they need 3 hands"),
    ("classes.toml", 'equipment = ["ember_staff"]', 'equipment = ["hunting_bow"]',
     "classes.toml: class arcanist: skill: its attack needs a weapon"),
    ("classes.toml", 'archetype = "scout"', 'archetype = "rogue"',
     "heroes.toml: hero tamsin_reedfoot: field 'archetype' is 'scout', which no class"),
    ("items.toml", 'dice = ["blue", "red"]', 'dice = ["blue", "green"]',
     "items.toml: item broadsword: field 'dice' names unknown die 'green'"),
    ("items.toml", 'dice = ["blue", "red"]', 'dice = ["red", "blue"]',
     "items.toml: item broadsword: field 'dice' must be one attack die first"),
    ("items.toml", 'condition = "stunned"', 'condition = "dazed"',
     "items.toml: item iron_mace: surge 2: field 'condition' names unknown condition 'dazed'"),
    ("overlord.toml", 'condition = "poisoned"', 'condition = "cursed"',
     "overlord.toml: card poisoned_barb: effect 1 (gain_condition): field 'condition' names unknown condition"),
    ("monsters.toml", 'minion = "bone_warrior"', 'minion = "bone_archer"',
     "monsters.toml: group bone_warriors: field 'minion' names unknown monster 'bone_archer'"),
    ("monsters.toml", "minions = { 2 = 1, 3 = 2, 4 = 2 }", "minions = { 2 = 1, 3 = 2 }",
     "monsters.toml: group bone_warriors: field 'minions' must give the minions for exactly 2, 3, 4 heroes"),
    ("monsters.toml", 'defense = ["gray", "brown"]', 'defense = ["gray", "red"]',
     "monsters.toml: monster bone_warden: field 'defense' lists 'red', which is not a defense die"),
    # quest placements, doors and map
    ("quests/wardens_vault.toml", "master = [12, 2]", "master = [25, 2]",
     f"{QUEST}: placement goblin_skulkers: field 'master': square [25, 2] is off the map"),
    ("quests/wardens_vault.toml", "minions = [[16, 4], [16, 5]]", "minions = [[16, 4], [16, 5], [17, 9]]",
     f"{QUEST}: placement bone_warriors: field 'minions': square [17, 9] is off the map"),
    ("quests/wardens_vault.toml", "master = [18, 4]", "master = [18, 3]",
     f"{QUEST}: placement bone_warriors: field 'master': square [18, 3] is lava, not floor"),
    ("quests/wardens_vault.toml", 'group = "bone_warriors"', 'group = "ghosts"',
     f"{QUEST}: placement ghosts: field 'group' names unknown group 'ghosts'"),
    ("quests/wardens_vault.toml", "minions = [[13, 4], [12, 6], [14, 7]]", "minions = [[13, 4], [12, 6]]",
     f"{QUEST}: placement goblin_skulkers: field 'minions' lists 2 squares; 4 heroes need 3"),
    ("quests/wardens_vault.toml", "  [[14, 5], [15, 5]],\n", "",
     f"{QUEST}: door vault_door: field 'edges': the end point P(15, 5) touches no wall"),
    ("quests/wardens_vault.toml", "  [[14, 5], [15, 5]],\n", "  [[14, 6], [14, 7]],\n",
     f"{QUEST}: door vault_door: field 'edges' is not one straight run"),
    ("quests/wardens_vault.toml", "  [[14, 5], [15, 5]],\n", "  [[14, 5], [15, 6]],\n",
     f"{QUEST}: door vault_door: field 'edges': [14, 5] and [15, 6] do not share an edge"),
    ("quests/wardens_vault.toml", '"...........#........"', '"...........#.....?.."',
     f"{QUEST}: field 'rows': row 5 column 17 has unknown symbol '?'"),
    ("quests/wardens_vault.toml", "x = [16, 19]", "x = [15, 19]",
     f"{QUEST}: area vault: square [15, 3] is off the map"),
    ("quests/wardens_vault.toml", 'heroes_win_when_defeated = "bone_warden"', 'heroes_win_when_defeated = "dragon"',
     f"{QUEST}: objective: field 'heroes_win_when_defeated' names 'dragon'"),
    ("quests/wardens_vault.toml", "square = [14, 1]", "square = [11, 5]",
     f"{QUEST}: reinforcement: field 'square': square [11, 5] is obstacle, not floor"),
    ("quests/wardens_vault.toml", 'reward = "wardens_glaive"', 'reward = "halberd"',
     f"{QUEST}: field 'reward' names 'halberd', which is not a relic"),
])
def test_malformed_content_names_file_record_and_field(tmp_path, file, old, new, message):
    with pytest.raises(ContentError) as err:
        load_content(_broken(tmp_path, file, old, new))
    assert message in str(err.value)


def test_the_shipped_content_loads_from_a_copy(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    assert load_content(target) == standard_content()
