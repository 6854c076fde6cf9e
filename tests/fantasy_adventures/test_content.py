"""Fantasy Adventures content matches the content plan (checklist 2.7), passes the plan
validation of 2.7.8, prints texts that follow the rulebook's grammar (FA-151), and bad content
is refused with a ContentError naming file, record and field.

The plan's numbers below are copied from the checklist (../shared/rules/fantasy-adventures.md,
sections 2.5 and 2.7) and checked against the loaded content, independently of the TOML files.
Test names carry the rule IDs they prove.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from game.core.cards import definition_id, owner_of
from game.core.effects import Effect
from game.core.errors import ContentError
from game.rulesets.fantasy_adventures.content import (
    CONTENT_DIR,
    Card,
    FAContent,
    Hero,
    Item,
    Monster,
    Spell,
    Trap,
    flatten,
    has_word,
    kinds_on,
    load_content,
    standard_content,
)
from game.rulesets.fantasy_adventures.decks import DeckList, deck_instances, starter_deck, totals
from game.rulesets.fantasy_adventures.vocabulary import (
    ABILITY_KINDS,
    ITEM_GROUPS,
    VERBS,
    VOCABULARY,
    ability_type,
    describe,
    sentence,
)


@pytest.fixture(scope="module")
def content() -> FAContent:
    return standard_content()


@pytest.fixture(scope="module")
def starter() -> DeckList:
    return starter_deck()


def copies(deck: DeckList, card: Card) -> int:
    return dict(deck.part(card.deck)).get(card.id, 0)


def in_deck(content: FAContent, deck: DeckList) -> Iterator[tuple[Card, int]]:
    for card in content.pool():
        n = copies(deck, card)
        if n:
            yield card, n


def can(text: str) -> bool:
    return re.search(r"\bcan\b", text, re.IGNORECASE) is not None


# ---- the plan's tables (2.7.2 to 2.7.6) ---------------------------------------------------

F = frozenset
# element, melee, support, copies, unique, orb, trap icon, ability kinds
PLAN_HEROES = [
    ("fire", 6, 0, 1, True, "", False, F({"AK-03"})),
    ("fire", 4, 1, 2, False, "", False, F({"AK-20", "AK-02"})),
    ("fire", 3, 2, 1, False, "", False, F({"AK-08b"})),
    ("fire", 3, 1, 1, False, "", True, F()),
    ("fire", 2, 0, 1, True, "fire", False, F({"AK-10"})),
    ("fire", 4, 0, 1, True, "", False, F({"AK-09"})),
    ("water", 5, 0, 1, True, "", False, F({"AK-03"})),
    ("water", 4, 1, 2, False, "", False, F({"AK-13"})),
    ("water", 2, 3, 1, False, "", False, F()),
    ("water", 3, 1, 1, False, "", True, F()),
    ("water", 2, 1, 1, True, "water", False, F({"AK-08"})),
    ("water", 3, 1, 1, True, "", False, F({"AK-21", "AK-01", "AK-06"})),
    ("air", 4, 1, 1, True, "", False, F({"AK-21", "AK-14", "AK-03"})),
    ("air", 4, 0, 2, False, "", False, F({"AK-02"})),
    ("air", 3, 2, 1, False, "", False, F()),
    ("air", 2, 1, 1, False, "", True, F({"AK-24"})),
    ("air", 2, 0, 1, True, "air", False, F({"AK-25"})),
    ("air", 4, 0, 1, True, "", False, F({"AK-21", "AK-14", "AK-04"})),
    ("earth", 5, 1, 1, True, "", False, F({"AK-21", "AK-07", "AK-12"})),
    ("earth", 4, 1, 2, False, "", False, F({"AK-02"})),
    ("earth", 3, 2, 1, False, "", False, F({"AK-06"})),
    ("earth", 3, 1, 1, False, "", True, F({"AK-04"})),
    ("earth", 1, 1, 1, True, "water", False, F({"AK-20", "AK-08", "AK-01"})),
    ("earth", 4, 0, 1, True, "", False, F({"AK-21", "AK-06", "AK-19", "AK-09"})),
]
# element, melee, groups, restriction, ability kinds (flying is AK-14; groups AK-15/AK-16)
PLAN_MONSTERS = [
    ("fire", 2, (), "", F({"AK-14"})),
    ("fire", 1, (), "", F()),
    ("fire", 3, ("demon",), "", F({"AK-16", "AK-02"})),
    ("fire", 5, ("demon",), "", F({"AK-16", "AK-03"})),
    ("fire", 4, ("undead",), "", F({"AK-15"})),
    ("fire", 6, (), "", F({"AK-14", "AK-13"})),
    ("fire", 8, (), "wandering", F({"AK-18"})),
    ("water", 3, (), "", F()),
    ("water", 2, ("undead",), "", F({"AK-15", "AK-06"})),
    ("water", 1, (), "", F({"AK-11c"})),
    ("water", 4, (), "", F({"AK-14", "AK-09"})),
    ("water", 6, ("undead",), "", F({"AK-15", "AK-11"})),
    ("water", 5, ("devil",), "", F({"AK-16", "AK-13"})),
    ("water", 3, (), "lair", F({"AK-17", "AK-06"})),
    ("air", 1, ("undead",), "", F({"AK-14", "AK-15"})),
    ("air", 2, (), "", F({"AK-26"})),
    ("air", 5, ("devil",), "", F({"AK-16", "AK-23"})),
    ("air", 3, (), "", F({"AK-21", "AK-14", "AK-09"})),
    ("air", 4, (), "wandering", F({"AK-18", "AK-24"})),
    ("air", 5, (), "", F({"AK-14", "AK-13"})),
    ("air", 7, ("demon",), "", F({"AK-16", "AK-10"})),
    ("earth", 4, (), "", F()),
    ("earth", 1, (), "", F()),
    ("earth", 3, ("undead",), "", F({"AK-15", "AK-20", "AK-02"})),
    ("earth", 2, (), "", F({"AK-11c"})),
    ("earth", 6, (), "lair", F({"AK-17", "AK-08"})),
    ("earth", 3, (), "", F({"AK-19", "AK-01"})),
    ("earth", 2, (), "wandering", F({"AK-18"})),
]
# class noun, groups, unique, ability kinds
PLAN_ITEMS = [
    ("sword", {"swords", "melee_weapons"}, False, F({"AK-01"})),
    ("blade", {"swords", "melee_weapons"}, False, F({"AK-02"})),
    ("mace", {"melee_weapons"}, False, F({"AK-21", "AK-01", "AK-02"})),
    ("bow", {"ranged_weapons"}, False, F({"AK-04"})),
    ("crossbow", {"ranged_weapons"}, True, F({"AK-04"})),
    ("staff", {"rods"}, False, F({"AK-04"})),
    ("wand", {"rods"}, True, F({"AK-27", "AK-10"})),
    ("armor", {"armor"}, False, F({"AK-05"})),
    ("coat", {"armor"}, True, F({"AK-21", "AK-05", "AK-14"})),
    ("helm", {"helms"}, False, F({"AK-05"})),
    ("mask", {"helms"}, False, F({"AK-21", "AK-13", "AK-24"})),
    ("pendant", {"necklaces"}, False, F({"AK-07"})),
    ("ankh", {"necklaces"}, False, F({"AK-08"})),
    ("shield", set(), False, F({"AK-05"})),
    ("ring", set(), True, F({"AK-21", "AK-13", "AK-02"})),
    ("scroll", set(), False, F({"AK-22", "AK-10"})),
    ("scroll", set(), False, F({"AK-22", "AK-08"})),
]
# element, type, restriction, ability kinds
PLAN_SPELLS = [
    ("air", "protection", "", F({"AK-14"})),
    ("water", "protection", "", F({"AK-08"})),
    ("water", "protection", "", F({"AK-13"})),
    ("earth", "protection", "", F({"AK-06"})),
    ("earth", "protection", "lair", F({"AK-17", "AK-24"})),
    ("fire", "offensive", "", F({"AK-10"})),
    ("fire", "offensive", "", F({"AK-01"})),
    ("air", "offensive", "wandering", F({"AK-18", "AK-09"})),
    ("air", "offensive", "", F({"AK-12"})),
    ("water", "anytime", "", F({"AK-08"})),
    ("fire", "anytime", "", F({"AK-08b"})),
    ("earth", "anytime", "multiplayer", F({"AK-19", "AK-09"})),
]
# copies, unique, (verb, target or group) of its one effect
PLAN_TRAPS = [
    (2, False, ("defeat", "entering")),
    (1, False, ("lose_item", None)),
    (1, True, ("lose_item", "melee_weapons")),
    (1, False, ("fear", "entering")),
    (1, False, ("summon_monster", None)),
    (1, False, ("defeat", "front_rank")),
    (1, False, ("opponent_penalty", None)),
]


def restriction(card: Monster | Spell) -> str:
    if card.lair_only:
        return "lair"
    if card.wandering_only:
        return "wandering"
    return "multiplayer" if isinstance(card, Spell) and card.multiplayer_only else ""


# ---- counts and copy rules (2.7.1 to 2.7.6) ---------------------------------------------

def test_the_hero_deck_is_the_plans_28_heroes_7_per_element(content, starter):
    """2.7.2: each element's seven slots, with their Melee/Support, icons, copies and kinds."""
    got = sorted((h.element, h.melee, h.support, copies(starter, h), h.unique, h.orb, h.trap, kinds_on(h))
                 for h in content.heroes.values())
    assert got == sorted(PLAN_HEROES, key=lambda row: (row[0], row[1], row[2], row[3], row[4], row[5], row[6],
                                                       sorted(row[7])))
    assert starter.size("hero") == 28
    assert Counter({element: sum(copies(starter, h) for h in content.heroes.values() if h.element == element)
                    for element in ("fire", "water", "air", "earth")}) == {"fire": 7, "water": 7, "air": 7, "earth": 7}


def test_hero_checks_of_the_plan(content):
    """2.7.2 checks: Melee 1-6, Support 0-3, four orbs (one Caster per element, the Earth Caster's
    Water), four trap icons, two flying heroes, two intrinsic Ranged attacks, 12 unique designs."""
    heroes = list(content.heroes.values())
    assert {h.melee for h in heroes} == {1, 2, 3, 4, 5, 6} and {h.support for h in heroes} == {0, 1, 2, 3}
    casters = [h for h in heroes if h.orb]
    assert sorted(h.element for h in casters) == ["air", "earth", "fire", "water"]
    assert [h.orb for h in casters if h.element == "earth"] == ["water"]
    assert sum(h.trap for h in heroes) == 4
    assert sum(h.flying for h in heroes) == 2
    assert sum(h.has("ranged") for h in heroes) == 2
    assert sum(h.unique for h in heroes) == 12 and len(heroes) == 24


def test_the_monsters_are_the_plans_28_with_7_per_element(content, starter):
    """2.7.3: the slots' elements, Melee Values, groups, restrictions and ability kinds."""
    got = sorted((m.element, m.melee, m.groups, restriction(m), sorted(kinds_on(m)))
                 for m in content.monsters.values())
    assert got == sorted((e, mv, g, r, sorted(k)) for e, mv, g, r, k in PLAN_MONSTERS)
    assert all(copies(starter, m) == 1 for m in content.monsters.values())


def test_monster_melee_distribution_and_category_counts(content):
    """2.7.3: the Melee table (total 101), and the counts of undead, demons, devils, flying,
    restrictions and monster anytime abilities."""
    monsters = list(content.monsters.values())
    assert Counter(m.melee for m in monsters) == {1: 4, 2: 5, 3: 6, 4: 4, 5: 4, 6: 3, 7: 1, 8: 1}
    assert sum(m.melee for m in monsters) == 101
    assert sum(m.undead for m in monsters) == 5
    assert sum("demon" in m.groups for m in monsters) == 3
    assert sum("devil" in m.groups for m in monsters) == 2
    assert sum(m.flying for m in monsters) == 6
    assert sum(m.lair_only for m in monsters) == 2 and sum(m.wandering_only for m in monsters) == 3
    assert sum(any(a.get("multiplayer") for a in m.all_abilities()) for m in monsters) == 1
    anytime = [m for m in monsters if any(ability_type(a, "monster") == "anytime" for a in m.all_abilities())]
    assert len(anytime) == 3 and sum(m.has("join") for m in anytime) == 2
    undead_by_name = [m for m in monsters if m.undead and has_word(m.name, "undead")]
    assert len(undead_by_name) == 2
    no_kind = [m for m in monsters if not kinds_on(m) - {"AK-14", "AK-15", "AK-18"}]
    assert len(no_kind) == 9


def test_the_traps_are_the_plans_8(content, starter):
    """2.7.4: 8 traps from 7 designs, the entering-hero trap twice, one unique."""
    def effect_key(trap: Trap) -> tuple[str, Any]:
        (effect,) = trap.abilities
        return effect.verb, effect.get("target", effect.get("group"))
    got = sorted(((copies(starter, t), t.unique, effect_key(t)) for t in content.traps.values()), key=repr)
    assert got == sorted(PLAN_TRAPS, key=repr)
    assert sum(copies(starter, t) for t in content.traps.values()) == 8


def test_the_items_are_the_plans_17_with_their_classes_and_groups(content, starter):
    """2.7.5 and FA-172, FA-173: class nouns, item groups, uniqueness and kinds."""
    got = sorted(((i.classes, set(i.item_groups), i.unique, sorted(kinds_on(i))) for i in content.items.values()),
                 key=repr)
    assert got == sorted((((c,), g, u, sorted(k)) for c, g, u, k in PLAN_ITEMS), key=repr)
    assert all(copies(starter, i) == 1 for i in content.items.values())


def test_the_spells_are_the_plans_12_with_3_per_element(content, starter):
    """2.7.6 and FA-013: 5 protection, 4 offensive, 3 anytime spells."""
    got = sorted((s.element, s.type, restriction(s), sorted(kinds_on(s))) for s in content.spells.values())
    assert got == sorted((e, t, r, sorted(k)) for e, t, r, k in PLAN_SPELLS)
    assert Counter(s.type for s in content.spells.values()) == {"protection": 5, "offensive": 4, "anytime": 3}
    assert all(copies(starter, s) == 1 for s in content.spells.values())


def test_fa_016_copy_rules_unique_once_and_only_the_planned_duplicates(content, starter):
    """2.7.1: unique cards appear exactly once; the only duplicates are 4 non-unique hero designs
    and the entering-hero trap, twice each (FA-016)."""
    doubles = [card for card, n in in_deck(content, starter) if n > 1]
    assert all(n == 1 for card, n in in_deck(content, starter) if card.unique)
    assert all(copies(starter, card) == 2 and not card.unique for card in doubles)
    assert sum(isinstance(card, Hero) for card in doubles) == 4
    assert [card.id for card in doubles if not isinstance(card, Hero)] == ["spiked_pit_trap"]
    assert {c.id for c in content.pool()} == {i for i, _ in starter.hero + starter.encounter}, \
        "the pool is the starter deck"


def test_gp_budgets_of_the_plan(content, starter):
    """2.7.1: the planned sums (within about 5%) and the margins kept below the hard limits."""
    t = totals(starter, content)
    assert 7_400 <= t.hero_gp <= 7_950
    assert t.encounter_cards == 65 and 12_500 <= t.encounter_gp <= 13_500
    assert 4_500 <= t.item_gp <= 4_950
    monster_gp = sum(m.gp for m in content.monsters.values())
    trap_gp = sum(t.gp * copies(starter, t) for t in content.traps.values())
    spell_gp = sum(s.gp for s in content.spells.values())
    assert 4_750 <= monster_gp <= 5_250 and 1_000 <= trap_gp <= 1_200 and 2_000 <= spell_gp <= 2_400
    unique_heroes = [h.gp for h in content.heroes.values() if h.unique]
    plain_heroes = [h.gp * copies(starter, h) for h in content.heroes.values() if not h.unique]
    assert 4_200 <= sum(unique_heroes) <= 4_800 and 2_900 <= sum(plain_heroes) <= 3_500


# ---- the plan validation (2.7.8) ----------------------------------------------------------

def test_plan_validation_deck_sizes_and_gp_limits_fa_017_to_fa_021(content, starter):
    """2.7.8: Hero deck >= 25 cards and <= 8000 GP; Encounter deck >= 60 and <= 15000 GP;
    items <= 5000 GP (FA-017 to FA-021)."""
    t = totals(starter, content)
    assert t.hero_cards >= 25 and t.hero_gp <= 8000
    assert t.encounter_cards >= 60 and t.encounter_gp <= 15000
    assert t.item_gp <= 5000


def test_plan_validation_no_unique_design_twice_fa_016(content, starter):
    assert all(n == 1 for card, n in in_deck(content, starter) if card.unique)


def test_plan_validation_every_ability_kind_appears(content):
    """2.7.8: every AK of the catalogue 2.7.7 (none of them is among the excluded kinds) is on a card."""
    seen = set().union(*(kinds_on(card) for card in content.pool()))
    assert set(ABILITY_KINDS) - seen == set()
    assert len(ABILITY_KINDS) == 29


def test_plan_validation_trap_heroes_and_orbs_in_every_element_fa_003_fa_004(content):
    for element in ("fire", "water", "air", "earth"):
        heroes = [h for h in content.heroes.values() if h.element == element]
        assert any(h.trap for h in heroes) and any(h.orb for h in heroes), element


def test_plan_validation_a_water_undead_with_melee_5_or_more(content):
    assert any(m.element == "water" and m.undead and m.melee >= 5 for m in content.monsters.values())


def test_plan_validation_flying_heroes_and_monsters_fa_194(content):
    """2.7.8: at least 2 flying heroes counting item- and spell-granted flying, 6 flying monsters."""
    heroes = sum(h.flying for h in content.heroes.values())
    granted = [c for c in list(content.items.values()) + list(content.spells.values()) if c.has("flying")]
    assert heroes >= 2 and len(granted) == 2
    assert sum(m.flying for m in content.monsters.values()) >= 6


def test_plan_validation_every_monster_fits_a_first_turn_stack(content):
    """2.7.8: Melee <= 9 (the game-turn-1 stack limit); the plan keeps them at 8 or less."""
    assert max(m.melee for m in content.monsters.values()) <= 8


def test_plan_validation_action_phase_melee_bonuses_outlast_the_round_fa_092(content):
    """2.7.8: no effect usable only in the Action phase (normal abilities, offensive spells)
    grants a Melee bonus that ends before the next Melee phase (FA-092): such grants last until
    the end of the Encounter, and "for its current melee" effects are anytime only (FA-239)."""
    checked = 0
    for card in content.pool():
        for top in card.abilities:
            for a in [top, *top.get("abilities", ())]:
                action_only = ability_type(a, card.holder) == "normal" or card.holder == "offensive spell"
                if not action_only:
                    continue
                assert a.verb != "current_melee", card.name
                if a.verb == "grant" and any(g.verb in ("melee", "melee_vs") for g in a.get("gives")):
                    assert a.get("until", "encounter") == "encounter", card.name
                    checked += 1
    assert checked == 3  # the Water Specialist, the Earth Caster, Battle Fury


# ---- named cards (2.5) --------------------------------------------------------------------

def by_name(content: FAContent, name: str) -> Card:
    (card,) = [c for c in content.pool() if c.name == name]
    return card


def test_the_rulebooks_named_cards_keep_what_the_rulebook_states(content):
    """2.5: Merloit 3, Skulker 4, Dragonette 2 (flying), Lesser Demon a demon, Lesser Devil a
    devil (FA-010), Byron an Air caster with the flip exemption (FA-136), Orlow's Infernal Ring a
    ring and the Dwarven Shield a shield with an armor save (FA-172, FA-215), the Flying spell a
    protection spell that gives Flying, the Heal spell heals."""
    def monster(name: str) -> Monster:
        card = by_name(content, name)
        assert isinstance(card, Monster)
        return card
    assert monster("Merloit").melee == 3 and monster("Skulker").melee == 4
    assert monster("Dragonette").melee == 2 and monster("Dragonette").flying
    assert "demon" in monster("Lesser Demon").groups and "devil" in monster("Lesser Devil").groups
    byron = by_name(content, "Byron")
    assert isinstance(byron, Hero) and byron.orb == "air" and byron.unique and byron.has("first_spell_free")
    assert "not flipped by the first spell he casts each round" in byron.text
    ring, shield = by_name(content, "Orlow's Infernal Ring"), by_name(content, "Dwarven Shield")
    assert isinstance(ring, Item) and ring.classes == ("ring",)
    assert isinstance(shield, Item) and shield.classes == ("shield",) and shield.armor_save and shield.has("armor_save")
    flying, heal = by_name(content, "Flying"), by_name(content, "Heal")
    assert isinstance(flying, Spell) and flying.type == "protection" and flying.has("flying")
    assert isinstance(heal, Spell) and heal.has("heal")


def test_every_other_name_is_not_a_rulebook_name(content):
    """2.5: only the ten rulebook names are reused; the rest of the pool has names of its own."""
    rulebook = {"Merloit", "Skulker", "Dragonette", "Lesser Demon", "Lesser Devil", "Byron",
                "Orlow's Infernal Ring", "Dwarven Shield", "Flying", "Heal"}
    names = [c.name for c in content.pool()]
    assert len(set(names)) == len(names)
    assert rulebook <= set(names)


# ---- card fields and the rules that read them --------------------------------------------

def test_fa_006_heroes_monsters_and_spells_have_one_element_traps_and_items_none(content):
    for card in content.pool():
        assert (getattr(card, "element", None) in ("fire", "water", "air", "earth")) == \
            isinstance(card, (Hero, Monster, Spell)), card.name


def test_fa_010_fa_227_a_group_word_in_the_name_is_the_group_else_it_is_printed_in_bold(content):
    for m in content.monsters.values():
        for group in m.groups:
            assert has_word(m.name, group) or group in m.bold_groups
            if group in m.bold_groups:
                assert group.title() in m.texts[0], m.name
    assert content.card("sunken_lich").texts[0] == "Undead."  # type: ignore[union-attr]


def test_fa_011_only_trap_names_say_trap(content):
    for card in content.pool():
        assert has_word(card.name, "Trap") == isinstance(card, Trap), card.name


def test_fa_172_a_29_class_nouns_are_whole_words_crossbow_is_no_bow(content):
    crossbow = content.items["thunderclap_crossbow"]
    assert crossbow.classes == ("crossbow",) and crossbow.item_groups == ("ranged_weapons",)
    assert not has_word("Thunderclap Crossbow", "bow") and has_word("Hunting Bow", "bow")
    scrolls = [i for i in content.items.values() if i.scroll]
    assert len(scrolls) == 2 and {i.classes for i in scrolls} == {("scroll",)}


def test_fa_173_fat_051_the_group_table_holds_the_classes_the_starter_deck_does_not_use():
    """The engine's table has every class noun of FA-173, starter or not (scimitar, axe, crest,
    scarab and charm are in no starter card)."""
    assert ITEM_GROUPS["swords"][1] == ("sword", "blade", "scimitar")
    assert ITEM_GROUPS["melee_weapons"][1] == ("sword", "blade", "scimitar", "mace", "axe")
    assert ITEM_GROUPS["ranged_weapons"][1] == ("bow", "crossbow")
    assert ITEM_GROUPS["rods"][1] == ("staff", "wand")
    assert ITEM_GROUPS["armor"][1] == ("armor", "coat")
    assert ITEM_GROUPS["helms"][1] == ("helm", "mask", "crest")
    assert ITEM_GROUPS["necklaces"][1] == ("scarab", "charm", "pendant", "ankh")
    axe = Item("axe", "Woodsman's Axe", 100, classes=("axe",))
    assert axe.item_groups == ("melee_weapons",)


def test_fa_215_fa_233_armor_helms_and_shields_give_an_armor_save_printed_or_not(content):
    savers = sorted(i.classes[0] for i in content.items.values() if i.armor_save)
    assert savers == ["armor", "coat", "helm", "mask", "shield"]
    assert not content.items["stoic_mask"].has("armor_save")  # the mask prints none (FA-233)


def test_fa_171_a_scroll_has_one_normal_ability(content):
    for item in content.items.values():
        if item.scroll:
            assert len(item.abilities) == 1 and ability_type(item.abilities[0], "item") == "normal"
            assert item.texts[0].startswith("Scroll:")


# ---- texts generated from the abilities (FA-151, FA-013, FA-117) --------------------------

def atomic(card: Card) -> Iterator[Effect]:
    """Every special ability of a card, a pair's halves in place of the pair."""
    for a in card.abilities:
        yield from a.get("abilities", (a,))


def test_fa_151_generated_texts_follow_the_grammar_of_special_abilities(content):
    """A normal ability contains "can" and does not begin "Anytime:"; an anytime ability begins
    "Anytime:" and contains "can"; an automatic ability never contains "can"; a Ranged attack
    says "Ranged attack" (FA-117) and is not a special ability (FA-118)."""
    types: Counter[str] = Counter()
    for card in content.pool():
        if isinstance(card, (Spell, Trap)):
            continue
        for a in atomic(card):
            kind, text = ability_type(a, card.holder), describe(a, card.holder)
            types[kind] += 1
            if kind == "normal":
                assert can(text) and not text.startswith("Anytime:"), text
            elif kind == "anytime":
                assert text.startswith("Anytime:") and can(text), text
            elif kind == "automatic":
                assert not can(text), text
            else:
                assert kind == "ranged" and "Ranged attack" in text, text
    assert set(types) == {"normal", "anytime", "automatic", "ranged"}


def test_fa_151_fa_211_a_pair_reads_as_its_halves_joined_by_and_or_or(content):
    for card in content.pool():
        for a in card.abilities:
            if a.verb in ("and", "or"):
                first, second = a.get("abilities")
                text = describe(a, card.holder)
                assert f" {a.verb.upper()} " in text
                assert text.startswith(sentence(first, card.holder))
                tail = sentence(second, card.holder, continues=all(
                    ability_type(x, card.holder) == "normal" for x in (first, second)))
                assert text.lower().endswith(tail.lower() + ".")


def test_fa_013_spell_texts_anytime_spells_begin_anytime(content):
    for spell in content.spells.values():
        first = spell.texts[0]
        if spell.type == "anytime":
            assert first.startswith("Anytime:") and can(first), first
        else:
            assert first == f"{spell.type.title()} spell." and not any("Anytime" in t for t in spell.texts)


def test_fa_011_trap_texts_are_what_happens_when_set_off(content):
    for trap in content.traps.values():
        assert trap.texts and not any(can(t) for t in trap.texts), trap.texts


@pytest.mark.parametrize("record, holder, text", [
    ({"verb": "melee", "amount": 1}, "item", "+1 Melee."),
    ({"verb": "melee_vs", "amount": 2, "vs": "undead"}, "item", "+2 Melee vs. undead."),
    ({"verb": "melee_vs", "amount": 2, "max_melee": 2, "side": "heroes"}, "monster",
     "+2 Melee vs. heroes with Melee Value 2 or less."),
    ({"verb": "leadership", "amount": 1, "element": "fire"}, "hero", "Other Fire heroes in this party +1 Melee."),
    ({"verb": "ranged", "bonus": 1, "caster_only": True}, "item", "Spell caster can make a Ranged attack at +1."),
    ({"verb": "armor_save", "on": [1, 2]}, "item", "Armor save on 1-2."),
    ({"verb": "save"}, "hero", "Save."),
    ({"verb": "save_bonus", "amount": 1, "element": "earth"}, "hero", "Other Earth heroes in this party +1 to saves."),
    ({"verb": "heal", "target": "hero_of_party", "on": [1, 2]}, "hero",
     "This hero can heal one defeated hero of this party on 1-2."),
    ({"verb": "heal", "target": "hero_any_party"}, "anytime spell", "Anytime: can heal one defeated hero in any party."),
    ({"verb": "heal", "target": "self", "on": [1, 3]}, "monster", "This monster can heal itself on 1-3."),
    ({"verb": "current_melee", "amount": -1, "target": "monster", "timing": "anytime"}, "hero",
     "Anytime: this hero can give one monster in any Encounter -1 Melee for its current melee."),
    ({"verb": "fear", "target": "hero_attacked", "on": [1, 3]}, "monster",
     "This monster can strike one hero of the party it attacks with fear on 1-3."),
    ({"verb": "fear", "target": "entering"}, "trap", "The entering hero is stricken with fear."),
    ({"verb": "defeat", "target": "monster_any", "max_melee": 2, "on": [1, 3], "timing": "anytime"}, "item",
     "Anytime: its owner can defeat one monster with Melee Value 2 or less in any Encounter on 1-3."),
    ({"verb": "defeat", "target": "front_rank", "on": [1, 1]}, "trap",
     "Each hero in the front rank is defeated on a 1 (one roll for each hero)."),
    ({"verb": "summon_monster", "group": "undead"}, "monster", "This monster can summon an undead monster."),
    ({"verb": "join", "timing": "anytime"}, "monster",
     "Anytime: this monster can join any Encounter attacking another player's party."),
    ({"verb": "summon_hero", "element": "air"}, "offensive spell",
     "Summon a non-unique Air hero from the Hero deck into an open position."),
    ({"verb": "immune", "to": "ranged"}, "monster", "Immune to Ranged attacks."),
    ({"verb": "flying"}, "monster", "Flying."),
    ({"verb": "opponent_penalty", "amount": 1}, "monster", "A hero meleeing this monster has -1 Melee."),
    ({"verb": "roll_bonus", "amount": 1, "roll": "surprise"}, "monster", "+1 to surprise rolls."),
    ({"verb": "first_spell_free"}, "hero", "He is not flipped by the first spell he casts each round."),
    ({"verb": "grant", "target": "heroes_of_party", "gives": [{"verb": "immune", "to": "fire"}]},
     "protection spell", 'Give every hero of this party "Immune to Fire" until the end of the Encounter.'),
    ({"verb": "lose_item", "group": "melee_weapons"}, "trap",
     "The entering hero discards every item of the Melee Weapons group he owns."),
    ({"verb": "melee", "amount": 1, "multiplayer": True}, "monster", "+1 Melee (Multiplayer only)."),
])
def test_texts_are_generated_from_the_structured_ability(record, holder, text):
    """The card text is made from the verb and its parameters, never written by hand (2.7)."""
    assert describe(record, holder) == text
    (effect,) = VOCABULARY.read([record], "test")
    assert describe(effect, holder) == text  # a parsed ability reads the same as its record


def test_every_verb_reads_and_names_the_rule_that_reads_it():
    """The kernel's vocabulary check: every verb has a sentence and a reader (until the engine
    registers handlers, the rule ID that reads it)."""
    assert VOCABULARY.incomplete() == []
    for name, verb in VERBS.items():
        assert re.fullmatch(r"FA-\d{3}", verb.read_by), name


# ---- instances (owner-qualified, one deck per player) -------------------------------------

def test_each_players_copies_are_owner_qualified_instances(starter):
    """Every player brings his own decks (FA-001): seat 0's and seat 1's copies never share an
    id, and each id reads back to its definition and its owner."""
    heroes0, encounter0 = deck_instances(starter, 0)
    heroes1, encounter1 = deck_instances(starter, 1)
    assert len(heroes0) == 28 and len(encounter0) == 65
    assert not set(heroes0 + encounter0) & set(heroes1 + encounter1)
    assert len(set(heroes0 + encounter0)) == 93
    assert "0/byron" in heroes0 and {"1/flame_lancer#1", "1/flame_lancer#2"} <= set(heroes1)
    assert "0/spiked_pit_trap#2" in encounter0
    assert all(owner_of(i) == 1 for i in heroes1 + encounter1)
    assert definition_id("1/flame_lancer#2") == "flame_lancer"
    assert standard_content().card("1/flame_lancer#2").name == "Flame Lancer"


# ---- bad content is refused ----------------------------------------------------------------

@pytest.fixture
def edit(tmp_path: Path) -> Callable[[str, str, str], Path]:
    """A copy of the content folder with one replacement in one file."""
    def make(file: str, old: str, new: str) -> Path:
        folder = tmp_path / "content"
        if not folder.exists():
            shutil.copytree(CONTENT_DIR, folder)
        path = folder / file
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        return folder
    return make


@pytest.mark.parametrize("file, old, new, message", [
    ("heroes.toml", 'id = "byron"\n', 'id = "byron"\nwings = true\n', r"heroes.toml: hero byron: unknown field 'wings'"),
    ("monsters.toml", 'id = "merloit"\n', 'id = "merloit"\nsupport = 1\n',
     r"monsters.toml: monster merloit: unknown field 'support'"),  # FA-008
    ("monsters.toml", 'id = "skulker"\n', 'id = "skulker"\norb = "earth"\n', r"skulker: unknown field 'orb'"),
    ("heroes.toml", '{ verb = "first_spell_free" }', '{ verb = "teleport" }', r"hero byron: effect 1: unknown verb"),
    ("heroes.toml", 'target = "monster_attacking", on = [1, 2]', 'target = "monster_attacking", on = [2, 1]',
     r"hero vesk_howlmane: effect 1 \(fear\): field 'on' must be two die faces"),
    ("heroes.toml", 'amount = 1, element = "fire" }', 'amount = "one", element = "fire" }',
     r"field 'amount' must be a whole number"),
    ("monsters.toml", '{ verb = "immune", to = "ranged" }', '{ verb = "ranged" }',
     r"monster tempest_roc: ability \(ranged\): only heroes and items make Ranged attacks"),
    ("items.toml", 'classes = ["bow"]', 'classes = ["sling"]', r"item hunting_bow: field 'classes' has 'sling'.*FA-172"),
    ("items.toml", 'name = "Sparkwood Staff"', 'name = "Sparkwood Staff and Bow"',
     r"item sparkwood_staff: field 'classes' must list 'bow'"),
    ("traps.toml", 'name = "Miasma Trap"', 'name = "Miasma Cloud"', r"trap miasma_trap: .*'Trap'.*FA-011"),
    ("monsters.toml", 'name = "Skulker"', 'name = "Skulker Demon"', r"monster skulker: field 'groups' must hold 'demon'"),
    ("heroes.toml", '{ verb = "heal", target = "hero_of_party", on = [1, 2] },',
     '{ verb = "melee", amount = 1 },', r"hero elder_fenwick: ability \(or\): OR joins two automatic or two normal"),
    ("heroes.toml", '{ verb = "heal", timing = "anytime", target = "hero_any_party"',
     '{ verb = "heal", target = "hero_any_party"', r"sister_oona: ability \(heal\): only anytime abilities reach"),
    ("spells.toml", 'abilities = [{ verb = "heal", target = "hero_of_party" }]',
     'abilities = [{ verb = "heal", target = "hero_any_party" }]', r"spell heal: .*only anytime spells.*FA-134"),
    ("spells.toml", 'abilities = [{ verb = "heal", target = "hero_of_party" }]',
     'abilities = [{ verb = "heal", target = "hero_of_party", timing = "normal" }]', r"spell heal: .*take no 'timing'"),
    ("items.toml", '{ verb = "immune", to = "fire" },\n    { verb = "melee_vs", amount = 1, vs = "devil" }',
     '{ verb = "armor_save", on = [1, 2] },\n    { verb = "melee_vs", amount = 1, vs = "devil" }',
     r"orlows_infernal_ring: ability \(armor_save\): only armor, helms and shields.*FA-215"),
    ("items.toml", 'abilities = [{ verb = "heal", target = "hero_of_party" }]',
     'abilities = [{ verb = "melee", amount = 1 }]', r"scroll_of_mending: a scroll has one normal ability"),
    ("monsters.toml", '{ verb = "join", timing = "anytime" }', '{ verb = "join" }',
     r"tidepool_creeper: ability \(join\): joining an attack is a monster's anytime ability"),
    ("monsters.toml", 'id = "mud_grub"', 'id = "byron"', r"monster byron: the id 'byron' also names a hero"),
    ("heroes.toml", 'gives = [{ verb = "melee", amount = 1 }] },\n    { verb = "grant", same_target',
     'gives = [{ verb = "join" }] },\n    { verb = "grant", same_target', r"gives \(join\): cannot be given"),
])
def test_bad_content_is_refused_naming_file_record_and_field(edit, file, old, new, message):
    folder = edit(file, old, new)
    with pytest.raises(ContentError, match=message):
        load_content(folder)


def test_the_shipped_content_loads_and_every_card_is_found_by_id(content):
    assert len(list(content.pool())) == 24 + 28 + 7 + 17 + 12
    for card in content.pool():
        assert content.card(card.id) is card and content.card(f"3/{card.id}#2") is card
    with pytest.raises(ContentError):
        content.card("no_such_card")
    assert all(isinstance(a, Effect) for c in content.pool() for a in flatten(c.abilities))
