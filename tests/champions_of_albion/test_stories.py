"""Champions of Albion endings, world stories and quests: the checklist's facts (2.2 card
fields, 2.4.5, 2.4.6, 2.4.11, 3.5, 3.9, section 7 staged story information), and bad
records refused with a ContentError naming file, record and field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.rulesets.champions_of_albion.content import CONTENT_DIR, load_content, standard_content
from game.rulesets.champions_of_albion.vocabulary import ATTRIBUTES, MAIN_ENEMIES, SPACE_KINDS, VERBS, describe

DIFFICULTY = {"capital": (5, 9), "country": (5, 9), "wilderness": (6, 10), "depths": (7, 11)}
"""Story difficulties per world deck (plan 2.4.5)."""


@pytest.fixture(scope="module")
def content():
    return standard_content()


def _all(content):
    return list(content.stories.values()) + list(content.quests.values())


# ---- endings (plan 2.4.11) -------------------------------------------------------------------

def test_CA_195_two_endings_per_main_enemy_a_victory_and_a_defeat(content):
    assert len(content.endings) == 6
    pairs = Counter((e.main_enemy, e.outcome) for e in content.endings.values())
    assert pairs == {(m, o): 1 for m in MAIN_ENEMIES for o in ("victory", "defeat")}
    assert set(MAIN_ENEMIES) == set(content.main_enemies)


def test_CA_028_the_matching_ending_is_found_and_has_a_closing_text(content):
    for main in MAIN_ENEMIES:
        for outcome in ("victory", "defeat"):
            ending = content.ending(main, outcome)
            assert ending.main_enemy == main and ending.outcome == outcome and ending.title
            assert 120 <= len(ending.text.split()) <= 200  # plan 2.4.11: about 120-200 words


# ---- decks (plan 2.4.5, 2.4.6) ---------------------------------------------------------------

def test_CA_134_world_stories_belong_to_a_space_kind_deck(content):
    assert content.stories
    for story in content.stories.values():
        assert story.deck in SPACE_KINDS and not story.is_quest
    for kind in SPACE_KINDS:
        assert 1 <= len(content.world_deck(kind)) <= 16


def test_CA_135_quests_belong_to_one_main_enemy_deck(content):
    for quest in content.quests.values():
        assert quest.deck in MAIN_ENEMIES and quest.is_quest
    for main in MAIN_ENEMIES:
        assert 1 <= len(content.quest_deck(main)) <= 12


def test_story_ids_are_unique_across_world_and_quest_decks(content):
    assert not set(content.stories) & set(content.quests)


def test_planned_totals_are_not_exceeded(content):
    assert len(content.stories) <= 64 and len(content.quests) <= 36


# ---- parts, tests and consequences (2.2; CA-066, CA-070, CA-071, CA-138, CA-139) ------------

def test_CA_139_stories_have_one_or_two_parts_and_part_two_is_reachable(content):
    for story in _all(content):
        assert 1 <= len(story.parts) <= 2, story.id
        if len(story.parts) == 2:
            assert story.parts[0].completing_outcomes(), story.id


def test_CA_066_every_story_test_names_an_attribute_and_a_difficulty_in_range(content):
    for story in _all(content):
        for index, part in enumerate(story.parts):
            assert part.kind in ("choice", "test", "fight")
            if part.test is None:
                continue
            assert part.test.attribute in ATTRIBUTES
            if story.is_quest:
                low, high = (7, 9) if index == 0 else (9, 11)
            else:
                low, high = DIFFICULTY[story.deck]
            assert low <= part.test.difficulty <= high, story.id


def test_CA_071_aid_tokens_are_usable_in_story_tests(content):
    for story in _all(content):
        for part in story.parts:
            if part.test is not None:
                assert part.test.aid, story.id


def test_every_choice_and_test_has_consequences(content):
    for story in _all(content):
        for index, part in enumerate(story.parts, 1):
            last = index == len(story.parts)
            if part.choices:
                assert len(part.choices) >= 2
                for choice in part.choices:
                    assert choice.label and choice.outcome.text
                    assert choice.outcome.effects or (choice.completes and not last), story.id
            else:
                assert part.on_pass is not None and part.on_pass.text
                assert part.on_pass.effects or not last, story.id
                if part.on_fail is not None:
                    assert part.on_fail.text and part.on_fail.effects, story.id


def test_CA_070_a_story_may_have_no_failure_part(content):
    assert any(p.on_fail is None for s in _all(content) for p in s.parts if p.test)


def test_CA_138_consequence_texts_are_separate_from_the_public_scene(content):
    for story in _all(content):
        for part in story.parts:
            assert part.scene
            for outcome in part.outcomes():
                assert outcome.text and outcome.text not in part.scene
            for choice in part.choices:
                assert choice.outcome.text not in choice.label


def test_every_story_effect_uses_a_known_verb_with_a_sentence(content):
    for story in _all(content):
        for effect in story.effects():
            assert effect.verb in VERBS
            assert describe(effect).strip() and effect.text == describe(effect)


def test_every_verb_including_the_story_verbs_has_a_description():
    for verb in ("pay", "take_quest_token"):
        assert verb in VERBS
    for name, verb in VERBS.items():
        assert callable(verb.describe), name
    assert describe({"verb": "pay", "what": "gold", "amount": 2}) == "Pay 2 gold."
    assert "weapon" in describe({"verb": "pay", "what": "resource", "kind": "weapon"})


# ---- references (CA-142, CA-145, CA-147) -----------------------------------------------------

def test_CA_147_named_resources_resolve(content):
    for story in _all(content):
        for effect in story.effects():
            if effect.verb == "gain_resource" and effect.has("resource"):
                assert effect.get("resource") in content.resources


def test_CA_142_story_fights_name_known_enemies_and_quests_only_their_own_dangerous_ones(content):
    for story in _all(content):
        for part in story.parts:
            if part.fight is None or part.fight.enemy == "random":
                continue
            enemy = part.fight.enemy
            assert enemy in content.enemies or enemy in content.dangerous
            if enemy in content.dangerous:
                assert story.is_quest and content.dangerous[enemy].main_enemy == story.deck


def test_CA_145_completing_a_quest_takes_the_quest_token_exactly_once(content):
    for quest in content.quests.values():
        last = quest.parts[-1]
        for outcome in last.completing_outcomes():
            assert sum(e.verb == "take_quest_token" for e in outcome.effects) == 1, quest.id
        others = [o for p in quest.parts for o in p.outcomes() if not (p is last and o in last.completing_outcomes())]
        assert not any(e.verb == "take_quest_token" for o in others for e in o.effects), quest.id
    for story in content.stories.values():
        assert not any(e.verb == "take_quest_token" for e in story.effects())


def test_costly_choices_complete_their_part(content):
    for story in _all(content):
        for part in story.parts:
            for choice in part.choices:
                if choice.cost:
                    assert choice.completes


# ---- malformed content -----------------------------------------------------------------------

def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return target


@pytest.mark.parametrize("file, old, new, message", [
    ("endings.toml", 'main_enemy = "dragon"', 'main_enemy = "balor"',
     "endings.toml: ending dragon_victory: field 'main_enemy' names unknown main enemy 'balor'"),
    ("endings.toml", 'outcome = "victory"', 'outcome = "draw"',
     "endings.toml: ending dragon_victory: field 'outcome' is 'draw'"),
    ("endings.toml", 'outcome = "victory"', 'outcome = "defeat"',
     "endings.toml: ending dragon_defeat: field 'outcome': 'dragon' already has a defeat ending"),
    ("endings.toml", 'title = "The Long Fire Goes Out"', 'title = "The Long Fire Goes Out"\nmood = "grim"',
     "endings.toml: ending dragon_victory: unknown field 'mood'"),
    ("stories.toml", 'deck = "capital"', 'deck = "city"',
     "stories.toml: story the_tithe_reeve: field 'deck' is 'city'"),
    ("stories.toml", 'test = { attribute = "persuasion", difficulty = 6 }',
     'test = { attribute = "charm", difficulty = 6 }',
     "stories.toml: story the_tithe_reeve: part 1: test: field 'attribute' is 'charm'"),
    ("stories.toml", 'test = { attribute = "persuasion", difficulty = 6 }', 'gamble = true',
     "stories.toml: story the_tithe_reeve: part 1: unknown field 'gamble'"),
    ("stories.toml", 'test = { attribute = "persuasion", difficulty = 6 }', '',
     "stories.toml: story the_tithe_reeve: part 1: field 'choice': a part needs exactly one of"),
    ("stories.toml", '""", effects = [{ verb = "gain_gold", amount = 2 }] }\non_fail',
     '""" }\non_fail',
     "stories.toml: story the_tithe_reeve: part 1: on_pass: field 'effects': the last part's success needs"),
    ("stories.toml", '{ verb = "lose_gold", amount = 2 }', '{ verb = "curse", amount = 2 }',
     "stories.toml: story the_tithe_reeve: part 1: on_fail: effect 1: unknown verb 'curse'"),
    ("stories.toml", 'resource = "giants_mail"', 'resource = "excalibur"',
     "stories.toml: story the_giants_grave: part 1: on_pass: effect 1 (gain_resource): field 'resource' names "
     "unknown resource 'excalibur'"),
    ("stories.toml", 'fight = { mode = "duel", enemy = "hollow_knight" }',
     'fight = { mode = "duel", enemy = "green_knight" }',
     "stories.toml: story the_sleeping_knight: part 2: fight: field 'enemy' names unknown enemy 'green_knight'"),
    ("stories.toml", 'label = "Watch from the stands."\ntext',
     'label = "Watch from the stands."\ncompletes = "maybe"\ntext',
     "stories.toml: story the_midsummer_lists: part 1: choice 2: field 'completes' must be true or false"),
    ("stories.toml", '{ verb = "gain_gold", amount = 2 }', '{ verb = "take_quest_token" }',
     "stories.toml: story the_tithe_reeve: part 1: on_pass: effect 1 (take_quest_token): a 'quest' verb cannot"),
    ("quests.toml", 'deck = "dragon"', 'deck = "balor"',
     "quests.toml: story the_smoking_hoard: field 'deck' is 'balor'"),
    ("quests.toml", 'fight = { mode = "combat", enemy = "hoard_warden" }',
     'fight = { mode = "combat", enemy = "grey_mare" }',
     "quests.toml: story the_smoking_hoard: part 2: fight: field 'enemy' names 'grey_mare', a more dangerous "
     "enemy of 'arawn'"),
    ("quests.toml", 'effects = [{ verb = "take_quest_token" }, { verb = "gain_gold", amount = 4 }]',
     'effects = [{ verb = "gain_gold", amount = 4 }]',
     "quests.toml: story the_smoking_hoard: part 2: field 'effects': completing the quest must take the quest "
     "token exactly once"),
    ("quests.toml", 'effects = [{ verb = "pay", what = "will", amount = 1 }]',
     'effects = [{ verb = "pay", what = "will" }]',
     "quests.toml: story the_lantern_of_the_dead: part 1: choice 1: effect 1 (pay): paying will needs 'amount'"),
])
def test_malformed_story_content_names_file_record_and_field(tmp_path, file, old, new, message):
    with pytest.raises(ContentError) as err:
        load_content(_broken(tmp_path, file, old, new))
    assert message in str(err.value)


def test_a_missing_ending_is_refused(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    path = target / "endings.toml"
    text = path.read_text()
    path.write_text(text[:text.index('[[ending]]\nid = "morrigan_defeat"')])
    with pytest.raises(ContentError) as err:
        load_content(target)
    assert "endings.toml: main enemy 'morrigan' has no defeat ending" in str(err.value)
