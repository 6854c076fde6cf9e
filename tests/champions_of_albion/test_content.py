"""Champions of Albion content matches the checklist's counts and facts, and bad content
is refused with a ContentError naming file, record and field.

The numbers below are copied from ../shared/rules/champions-of-albion.md (sections 2.1
and 2.4) and checked against the loaded content independently of the TOML files.
"""

from __future__ import annotations

import itertools
import math
import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.rulesets.champions_of_albion.content import CONTENT_DIR, load_content, standard_content
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES, VERBS, describe


@pytest.fixture(scope="module")
def content():
    return standard_content()


@pytest.fixture(scope="module")
def board(content):
    return content.map


# ---- map (plan 2.4.1; CA-041, CA-042, CA-050, CA-134) -------------------------------------

def test_plan_2_4_1_thirty_six_spaces_of_four_kinds(board):
    assert len(board.spaces) == 36
    assert Counter(s.kind for s in board.spaces.values()) == {
        "capital": 4, "country": 12, "wilderness": 12, "depths": 8}


def test_CA_042_routes_are_surface_or_underground_and_counts_match_the_plan(board):
    kinds = Counter(r.kind for r in board.routes)
    assert set(kinds) == {"surface", "underground"}
    assert 46 <= kinds["surface"] <= 50  # "about 48"
    depth = [r for r in board.routes if r.kind == "underground"
             and board.spaces[r.a].kind == board.spaces[r.b].kind == "depths"]
    entrance = [r for r in board.routes if r.kind == "underground" and r not in depth]
    assert len(depth) == 10 and len(entrance) == 6


def test_CA_041_every_route_joins_two_existing_spaces_once(board):
    pairs = [frozenset((r.a, r.b)) for r in board.routes]
    assert len(pairs) == len(set(pairs))
    for r in board.routes:
        assert r.a in board.spaces and r.b in board.spaces and r.a != r.b


def test_CA_041_every_space_is_reachable(board):
    for space in board.spaces:
        assert len(board.distances(space)) == 36
    surface = [s for s in board.spaces if board.spaces[s].kind != "depths"]
    assert set(board.distances(surface[0], "surface")) == set(surface)


def test_plan_2_4_1_route_counts_per_kind(board):
    for space, s in board.spaces.items():
        surface = len(board.neighbours(space, "surface"))
        under = len(board.neighbours(space, "underground"))
        if s.kind == "capital":
            assert 3 <= surface <= 4 and under == 0
        elif s.kind in ("country", "wilderness"):
            assert 2 <= surface <= 4 and under <= 1
        else:
            assert surface == 0
            entrances = [n for n in board.neighbours(space, "underground") if board.spaces[n].kind != "depths"]
            assert len(entrances) <= 1
    entrance_kinds = Counter(board.spaces[e].kind for e in board.entrances())
    assert entrance_kinds == {"country": 2, "wilderness": 4}


def test_plan_2_4_1_depths_ring_of_eight_with_two_cross_links(board):
    depths = board.of_kind("depths")
    degrees = Counter(len([n for n in board.neighbours(d, "underground") if n in depths]) for d in depths)
    assert degrees == {2: 4, 3: 4}  # a ring of 8 plus 2 cross-links
    sub = [r for r in board.routes if r.a in depths and r.b in depths]
    assert len(sub) == 10


def test_plan_2_4_1_shape_diameter_capital_spacing_and_shortcut(board):
    surface = [s for s in board.spaces if board.spaces[s].kind != "depths"]
    diameter = max(max(board.distances(s, "surface").values()) for s in surface)
    assert 7 <= diameter <= 8
    for a, b in itertools.combinations(board.of_kind("capital"), 2):
        assert 4 <= board.distances(a, "surface")[b] <= 6
    for a, b in itertools.combinations(board.entrances(), 2):
        assert board.distances(a, "underground")[b] <= 4


def test_positions_are_on_the_board_and_circles_do_not_overlap(board):
    spaces = list(board.spaces.values())
    for s in spaces:
        assert 30 <= s.x <= 970 and 30 <= s.y <= 670
    for a, b in itertools.combinations(spaces, 2):
        assert math.dist((a.x, a.y), (b.x, b.y)) >= 60, (a.id, b.id)
    assert len({(s.x, s.y) for s in spaces}) == 36
    assert len({s.name for s in spaces}) == 36


def test_CA_013_starting_spaces_are_the_four_capitals_and_four_country_spaces(board, content):
    assert Counter(board.spaces[s].kind for s in board.starting) == {"capital": 4, "country": 4}
    assert sorted(c.start for c in content.champions.values()) == sorted(board.starting)


def test_CA_180_quest_token_backs(board):
    backs = board.quest_backs
    assert len(set(backs)) == 12
    assert Counter(board.spaces[s].kind for s in backs) == {"wilderness": 4, "depths": 4, "country": 4}
    assert not set(backs) & set(board.starting)


def test_CA_181_shadow_token_backs(board):
    backs = board.shadow_backs
    assert len(set(backs)) == 18
    assert Counter(board.spaces[s].kind for s in backs) == {"country": 8, "wilderness": 8, "depths": 2}
    non_starting_country = set(board.of_kind("country")) - set(board.starting)
    assert {s for s in backs if board.spaces[s].kind == "country"} == non_starting_country


def test_plan_2_4_3_lairs(board, content):
    capitals = board.of_kind("capital")
    dragon = content.main_enemies["dragon"].lair
    assert board.spaces[dragon].kind == "wilderness"
    for capital in capitals:
        assert 4 <= board.distances(capital, "surface")[dragon] <= 5
    assert board.spaces[content.main_enemies["arawn"].lair].kind == "depths"
    morrigan = board.spaces[content.main_enemies["morrigan"].lair]
    assert morrigan.kind == "country"
    country = [board.spaces[c] for c in board.of_kind("country")]
    nearest = min(country, key=lambda s: math.dist((s.x, s.y), (500, 350)))
    assert nearest.id == morrigan.id
    # Arawn's setup needs at least 2 entrance spaces that are not starting locations.
    assert len(set(board.entrances()) - set(board.starting)) >= 2


# ---- champions (plan 2.4.2; CA-010 to CA-014, CA-049) -------------------------------------

def test_CA_010_eight_champions_within_the_plan_ranges(content):
    champions = list(content.champions.values())
    assert len(champions) == 8
    for c in champions:
        assert 8 <= c.life <= 13 and 4 <= c.will <= 7
        assert 1 <= c.strength <= 4 and 1 <= c.speed <= 4
        for a in ("intuition", "perception", "persuasion", "resolve"):
            assert 0 <= c.attribute(a) <= 4
        assert 12 <= sum(c.attribute(a) for a in ATTRIBUTES) <= 14
        assert 0 <= c.gold <= 3 and 1 <= len(c.equipment) <= 2
    assert sorted(c.speed for c in champions) == [1, 1, 2, 2, 3, 3, 4, 4]
    assert sum(c.spirit_touched for c in champions) == 3
    assert len({c.archetype for c in champions}) == 8


def test_CA_011_starting_equipment_is_distinct_and_resolves(content):
    held = [item for c in content.champions.values() for item in c.equipment]
    assert len(held) == len(set(held))
    assert set(held) == {r for r, res in content.resources.items() if res.starting}
    kinds = Counter(content.resources[i].kind for i in held)
    assert kinds == {"weapon": 3, "armour": 3, "spell": 3}


def test_CA_049_each_spirit_touched_champion_starts_with_one_spell(content):
    for c in content.champions.values():
        spells = [i for i in c.equipment if content.resources[i].kind == "spell"]
        assert len(spells) == (1 if c.spirit_touched else 0)


# ---- main enemies and enemies (plan 2.4.3, 2.4.4; CA-007, CA-192) --------------------------

def test_CA_192_three_main_enemies_with_both_sides(content):
    assert set(content.main_enemies) == {"dragon", "arawn", "morrigan"}
    for m in content.main_enemies.values():
        assert m.act1.setup and m.act1.event_phase and m.act2.start and m.act2.behaviour
        assert 9 <= m.act2.dv <= 11 and 10 <= m.act2.av <= 12
        assert 4 <= m.act2.life_base <= 8 and 3 <= m.act2.life_per_champion <= 5
        assert 7 <= m.act2.life_for(1) <= 13 and 16 <= m.act2.life_for(4) <= 28
        assert any(e.verb == "place_quest_token" and e.get("count") == 3 for e in m.act1.setup_effects)
        assert "supply is empty" in m.act1.defeat and "supply is empty" in m.act2.defeat


def test_CA_007_ordinary_enemies_tiers_standees_and_allegiance(content):
    enemies = list(content.enemies.values())
    assert len(enemies) == 18
    ranges = {"weak": ((4, 5), (5, 6), (2, 3), (1, 1)), "medium": ((5, 7), (6, 8), (3, 5), (2, 3)),
              "strong": ((7, 8), (8, 9), (5, 6), (3, 4))}
    assert Counter(e.tier for e in enemies) == {"weak": 6, "medium": 8, "strong": 4}
    for e in enemies:
        for value, (low, high) in zip((e.dv, e.av, e.life, e.treasure), ranges[e.tier]):
            assert low <= value <= high, e.id
    assert Counter(e.standees for e in enemies) == {3: 13, 2: 5}
    assert sum(e.standees for e in enemies) == 49
    assert Counter(e.allegiance for e in enemies) == {"dragon": 6, "arawn": 6, "morrigan": 6}
    assert 6 <= sum(bool(e.abilities) for e in enemies) <= 10


def test_CA_008_four_more_dangerous_enemies_per_main_enemy(content):
    assert len(content.dangerous) == 12
    for main in ("dragon", "arawn", "morrigan"):
        ids = content.dangerous_of(main)
        assert len(ids) == 4
        rules = [e for d in ids for e in content.dangerous[d].abilities]
        verbs = {(e.verb, e.get("rule") or e.get("who")) for e in rules}
        expected = {"dragon": {("enemy_rule", "duel"), ("enemy_rule", "no_retreat")},
                    "arawn": {("enemy_target", "lowest_life"), ("regenerate", None)},
                    "morrigan": {("enemy_rule", "duel"), ("drain_will", None)}}[main]
        assert expected <= verbs
    for d in content.dangerous.values():
        assert 7 <= d.dv <= 10 and 8 <= d.av <= 11 and 6 <= d.life <= 10 and 4 <= d.treasure <= 6
    assert not set(content.dangerous) & set(content.enemies)


# ---- resources and banes (plan 2.4.7, 2.4.8; CA-163 to CA-177) ----------------------------

def test_CA_163_forty_eight_resources_of_seven_kinds(content):
    assert len(content.resources) == 48
    assert Counter(r.kind for r in content.resources.values()) == {
        "weapon": 9, "armour": 7, "item": 8, "companion": 7, "combat_skill": 7, "spell": 6, "relic": 4}


def test_plan_2_4_7_acquisition_and_bonus_ranges(content):
    for r in content.resources.values():
        if r.kind == "weapon":
            assert 2 <= r.cost <= 6 and 1 <= r.bonus("strength") <= 3
        elif r.kind == "armour":
            assert 2 <= r.cost <= 6 and 1 <= r.bonus("speed") <= 3
        elif r.kind == "item":
            assert 1 <= r.cost <= 4
        elif r.kind in ("combat_skill", "spell"):
            assert 2 <= r.cost <= 4 and r.effects
        if r.kind == "spell" and r.test:
            assert r.test.attribute == "intuition" and 6 <= r.test.difficulty <= 8
    weapons = [r for r in content.resources.values() if r.kind == "weapon"]
    assert sum(r.bonus("speed") == 1 for r in weapons) == 2
    assert sum(r.starting for r in content.resources.values() if r.kind == "spell") == 3


def test_CA_057_companions_are_won_by_persuasion(content):
    for r in content.resources.values():
        if r.kind == "companion":
            assert r.cost is None and r.test.attribute == "persuasion" and 6 <= r.test.difficulty <= 9


def test_CA_058_relics_come_only_from_stories(content):
    for r in content.resources.values():
        if r.kind == "relic":
            assert r.cost is None and r.test is None


def test_CA_166_a_relic_counts_as_a_weapon_armour_or_item(content):
    for r in content.resources.values():
        assert (r.counts_as is not None) == (r.kind == "relic")
        if r.kind == "relic":
            assert r.slot in ("weapon", "armour", "item")


def test_CA_175_forty_banes_of_three_kinds(content):
    deck = content.bane_deck()
    assert len(deck) == 40
    kinds = Counter(content.banes[d.partition("#")[0]].kind for d in deck)
    assert kinds == {"mental": 14, "physical": 14, "magical": 12}


def test_CA_174_every_bane_kind_has_duplicates(content):
    for kind in ("mental", "physical", "magical"):
        assert any(b.count >= 2 for b in content.banes.values() if b.kind == kind)
    for b in content.banes.values():
        assert all(amount < 0 for _, amount in b.modifiers)


# ---- events (plan 2.4.9; CA-153) ----------------------------------------------------------

def test_CA_153_fifteen_events_with_samhain(content):
    events = content.events
    assert len(events) == 15
    assert Counter(e.group for e in events.values()) == {"samhain": 1, "harmful": 6, "mixed": 3, "helpful": 5}
    samhain = events["samhain"]
    assert samhain.name == "Samhain" and samhain.catastrophic
    assert [e.verb for e in samhain.effects] == ["place_shadow", "lose_will", "place_enemy"]
    assert samhain.effects[0].get("count") == "half_plus_one"


# ---- vocabulary ---------------------------------------------------------------------------

def _all_effects(content):
    for c in content.champions.values():
        yield from c.unique.effects
        yield from c.passive.effects
    for r in content.resources.values():
        yield from r.effects
    for e in list(content.enemies.values()) + list(content.dangerous.values()):
        yield from e.abilities
    for m in content.main_enemies.values():
        yield from m.act1.setup_effects + m.act1.event_effects + m.act1.combat_effects
    for b in content.banes.values():
        yield from b.effects
    for e in content.events.values():
        yield from e.effects


def test_every_effect_used_has_a_sentence(content):
    used = set()
    for effect in _all_effects(content):
        used.add(effect.verb)
        assert describe(effect).strip()
    assert used <= set(VERBS)


def test_every_verb_has_a_describe_function():
    for name, verb in VERBS.items():
        assert callable(verb.describe), name


# ---- malformed content ---------------------------------------------------------------------

def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize("file, old, new, message", [
    ("map.toml", 'kind = "capital"\n', 'kind = "capital"\ncolour = "red"\n',
     "map.toml: space caer_aldon: unknown field 'colour'"),
    ("map.toml", 'kind = "capital"', 'kind = "city"',
     "map.toml: space caer_aldon: field 'kind' is 'city'"),
    ("map.toml", 'from = "caer_aldon"\nto = "ashby_cross"', 'from = "caer_aldon"\nto = "atlantis"',
     "map.toml: route #1 (caer_aldon - atlantis): field 'to' names unknown space 'atlantis'"),
    ("map.toml", 'from = "caer_aldon"\nto = "fennick"', 'from = "ashby_cross"\nto = "caer_aldon"',
     "map.toml: route #2 (ashby_cross - caer_aldon): field 'to': this route is listed twice"),
    ("map.toml", 'name = "Dun Corra"\nkind = "capital"\nx = 830\ny = 130',
     'name = "Dun Corra"\nkind = "capital"\nx = 180\ny = 140',
     "map.toml: space dun_corra: field 'x': its circle overlaps the circle of 'caer_aldon'"),
    ("map.toml", 'from = "root_halls"\nto = "wormway"\nkind = "underground"',
     'from = "root_halls"\nto = "wormway"\nkind = "surface"',
     "field 'kind': a depths space is reached only by underground routes"),
    ("map.toml", 'starting = ["caer_aldon"', 'starting = ["camelot"',
     "map.toml: tokens: field 'starting' names unknown space 'camelot'"),
    ("champions.toml", 'start = "caer_aldon"', 'start = "grey_downs"',
     "champions.toml: champion gareth: field 'start' names 'grey_downs', which is not a starting space"),
    ("champions.toml", 'equipment = ["bearded_axe", "ringmail_coat"]', 'equipment = ["bearded_axe", "magic_wand"]',
     "champions.toml: champion gareth: field 'equipment' names unknown resource 'magic_wand'"),
    ("champions.toml", "life = 13\n", "",
     "champions.toml: champion gareth: missing field 'life'"),
    ("champions.toml", '{ verb = "ambush", target = "enemy_here" }', '{ verb = "explode" }',
     "champions.toml: champion gareth: unique: effect 1: unknown verb 'explode'"),
    ("resources.toml", 'bonuses = { strength = 2 }\nstarting = true', 'bonuses = { might = 2 }\nstarting = true',
     "resources.toml: resource bearded_axe: field 'bonuses' names unknown attribute 'might'"),
    ("resources.toml", 'counts_as = "weapon"', 'counts_as = "shield"',
     "resources.toml: resource sword_of_dawn: field 'counts_as' is 'shield'"),
    ("resources.toml", 'test = { attribute = "persuasion", difficulty = 8 }',
     'test = { attribute = "strength", difficulty = 8 }',
     "resources.toml: resource shieldmaiden: field 'test': a companion is won by a persuasion test only"),
    ("resources.toml", '{ verb = "heal", amount = 3, who = "one_here" }', '{ verb = "heal", amount = "three", who = "one_here" }',
     "resources.toml: resource healing_light: effect 1 (heal): field 'amount' must be a whole number"),
    ("enemies.toml", "standees = 3", 'standees = "many"',
     "enemies.toml: enemy kobold_scavenger: field 'standees' must be a whole number"),
    ("enemies.toml", 'main_enemy = "dragon"', 'main_enemy = "balor"',
     "enemies.toml: dangerous ember_tyrant: field 'main_enemy' is 'balor'"),
    ("enemies.toml", '[{ verb = "steal_gold", amount = 1 }]', '[{ verb = "gain_gold", amount = 1 }]',
     "enemies.toml: enemy kobold_scavenger: effect 1 (gain_gold): a 'gain' verb cannot be used here"),
    ("main_enemies.toml", 'lair = "wyrmscar_tor"', 'lair = "carrow_cross"',
     "main_enemies.toml: main_enemy dragon: field 'lair' names a country space, not a wilderness space"),
    ("main_enemies.toml", "life_per_champion = 4\n", "",
     "main_enemies.toml: main_enemy dragon: act2: missing field 'life_per_champion'"),
    ("banes.toml", 'removal = { condition = "rest_on_capital" }', 'removal = { condition = "pray" }',
     "banes.toml: bane dread: removal: field 'condition' is 'pray'"),
    ("banes.toml", 'kind = "mental"', 'kind = "spiritual"',
     "banes.toml: bane dread: field 'kind' is 'spiritual'"),
    ("events.toml", 'group = "harmful"', 'group = "annoying"',
     "events.toml: event tempest: field 'group' is 'annoying'"),
    ("events.toml", 'rule = "no_wild_surface_travel_next_round"', 'rule = "rain"',
     "events.toml: event tempest: effect 1 (rule): field 'rule' is 'rain'"),
])
def test_malformed_content_names_file_record_and_field(tmp_path, file, old, new, message):
    with pytest.raises(ContentError) as err:
        load_content(_broken(tmp_path, file, old, new))
    assert message in str(err.value)


def test_unreachable_space_is_refused(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / "map.toml"
    path.write_text(path.read_text() + '\n[[space]]\nid = "lost_isle"\nname = "Lost Isle"\nkind = "wilderness"\n'
                    'x = 960\ny = 40\n'.replace("[[space]]", "[[space]]"))
    # TOML: the appended [[space]] follows [tokens], which is fine for array tables.
    with pytest.raises(ContentError) as err:
        load_content(target)
    assert "map.toml: space lost_isle: cannot be reached over routes" in str(err.value)


def test_the_shipped_content_loads_from_a_copy(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    assert load_content(target) == standard_content()
