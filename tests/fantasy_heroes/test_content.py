"""The cards are exactly the rule text's (FH-002, FH-003) and the content is checked on load.

The card lists below are copied verbatim from the rule text (seed 003) and parsed here,
independently of content/cards.toml, so a typo in either shows up.
"""

import re
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.rulesets.fantasy_heroes import ai
from game.rulesets.fantasy_heroes.content import CONTENT_DIR, load_content, standard_content
from game.rulesets.fantasy_heroes.vocabulary import VERBS, describe

RULE_TEXT_TERRITORIES = """TERRITORY CARD LIST
Name: #
Castle 3
Mountain 3
Forest 3
Tower 3
Swamp 3
"""

RULE_TEXT_CARDS = """HERO CARD LIST
Name Territory AV DV Spells Notes
Knight Castle 1 5 0 Castle Minions get +1BV
Priest Castle 1 1 2 negate 1 spell cast by opponent during battle.
Cleric Castle 1 3 1 +3 BV versus Swamp Minions
Barbarian Mountain 6 3 0 Cannot use Artifacts
Warrior Mountain 4 4 0
Shaman Mountain 3 1 1 Mountain Minions get +1BV
Druid Forest 1 3 1 Forest Minions get +1BV
Ranger Forest 2 4 0 +3 BV when battle at Forest
Enchantress Forest 1 1 1 Control 1 enemy minion before totals compared.
Wizard Tower 1 1 3
Sorcerer Tower 3 1 1 The Sorcerer may use one non-tower minion.
Rogue Tower 3 3 0 Steal 1 random card from opponents hand when played.
Warlock Swamp 1 3 1 +3 BV versus Forest Minions
Necromancer Swamp 1 1 2 Swamp Minions get +1BV
Lich Swamp 3 1 1 +3 BV when battle at Swamp
MINION CARD LIST
Name Territory BV Special
Peasants Castle 1 +1 BV if Defending Castle
Archers Castle 2 +1 BV if Defending
Pikemen Castle 3 +1 BV if Defending, -1 BV if Attacking
Griffins Castle 4
Archangel Castle 5 +1 BV versus Swamp Minions & Heroes
Goblins Mountain 1 Discard a card to get +1 BV
Orcs Mountain 2 +1 BV if Attacking
Ogres Mountain 3
Trolls Mountain 4
Giant Mountain 5 +1 BV if Defending Mountain
Pixies Forest 1 Hero gets +1 Spell Level
Elves Forest 2 Hero gets +1 Spell Level
Dwarves Forest 3 +1 BV versus Mountain Minions
Unicorns Forest 4 Hero gets +1 Spell Level
Dragon Forest 5 Opponent must discard one random card
Gnomes Tower 1 +1 BV if Defending Tower
Myrmidons Tower 2
Golems Tower 3 Negate one of opponents spells
Djinn Tower 4 Hero gets +1 Spell Level
Demon Tower 5 +1 BV if Attacking
Skeletons Swamp 1
Zombies Swamp 2
Swarm Swamp 3 Destroy level 1 Minion
Wraiths Swamp 4 +1 BV at Swamp
Vampire Swamp 5 +1 BV versus Castle Minions
Notes: When played the swarm destroys one opposing minion of BV=1
ARTIFACT CARD LIST
Name BV Notes
Rune Staff 5 Draw one card when played
Celestial Sword 4 AV +1
Titans Armor 3 DV +1
Spell Shield 2 Negate one of opponents spells during battle
Ring of the Magi 1 Hero gets +1 Spell Level
SPELL CARD LIST
Name BV Effect
Bless 0 All of your minions get +1 BV
Cone of Cold 2 Opponent must discard one random card.
Lightning Bolt 3 Destroy opponents Artifact.
Fireball 3 All of your opponents Minions are -1 BV
Disintegrate 5
Illusions X X = 1+ Casters spell level
Invisibility 3
Petrification 0 Destroy one of opponents Minions.
Charm 0 Take control of one of opponents Minions.
Cataclysm 0 Destroy all Minions in battle so far.
Scrye 0 Look at opponents hand.
Fortune 0 Draw 3 cards.
Summon 0 During battle use any Minion card in your hand.
Wall of Fire 0 Your opponent may not attack you on his turn.
Fly 0 You may make a second attack this turn.
"""

TERRITORY_TYPES = "Castle|Mountain|Forest|Tower|Swamp"


def _section(name: str) -> list[str]:
    text = RULE_TEXT_CARDS
    start = text.index(name)
    nxt = [text.index(h) for h in ("HERO CARD LIST", "MINION CARD LIST", "ARTIFACT CARD LIST", "SPELL CARD LIST")
           if text.index(h) > start]
    body = text[start:min(nxt) if nxt else len(text)].splitlines()[2:]
    return [line for line in body if line.strip() and not line.startswith("Notes:")]


def _cid(name: str) -> str:
    return name.lower().replace(" ", "-")


def test_fh_002_battle_deck_is_exactly_the_card_lists():
    content = standard_content()
    seen = set()
    for line in _section("HERO CARD LIST"):
        m = re.match(rf"^(\w+) ({TERRITORY_TYPES}) (\d) (\d) (\d) ?(.*)$", line)
        assert m, line
        card = content.card(_cid(m[1]))
        assert (card.type, card.name, card.territory, card.av, card.dv, card.spell_level, card.text) == (
            "hero", m[1], m[2], int(m[3]), int(m[4]), int(m[5]), m[6].strip())
        seen.add(card.id)
    for line in _section("MINION CARD LIST"):
        m = re.match(rf"^(\w+) ({TERRITORY_TYPES}) (\d) ?(.*)$", line)
        assert m, line
        card = content.card(_cid(m[1]))
        assert (card.type, card.territory, card.bv, card.text) == ("minion", m[2], int(m[3]), m[4].strip())
        seen.add(card.id)
    for line in _section("ARTIFACT CARD LIST"):
        m = re.match(r"^([A-Za-z ]+?) (\d) (.*)$", line)
        assert m, line
        card = content.card(_cid(m[1]))
        assert (card.type, card.bv, card.text) == ("artifact", int(m[2]), m[3].strip())
        seen.add(card.id)
    for line in _section("SPELL CARD LIST"):
        m = re.match(r"^([A-Za-z ]+?) (\d|X) ?(.*)$", line)
        assert m, line
        card = content.card(_cid(m[1]))
        assert card.type == "spell" and card.printed_bv_text == m[2] and card.text == m[3].strip()
        seen.add(card.id)
    assert len(seen) == 60 and seen == set(content.cards)


def test_fh_002_territory_deck_is_three_of_each_type():
    content = standard_content()
    counts = dict(re.findall(rf"^({TERRITORY_TYPES}) (\d)$", RULE_TEXT_TERRITORIES, re.M))
    assert counts == {t: "3" for t in TERRITORY_TYPES.split("|")}
    assert len(content.territory_instances) == 15
    for t in TERRITORY_TYPES.split("|"):
        assert sum(content.territory_type(i) == t for i in content.territory_instances) == 3


def test_fh_003_every_card_has_one_type_and_heroes_minions_one_territory():
    for card in standard_content().cards.values():
        assert card.type in ("hero", "minion", "artifact", "spell")
        if card.type in ("hero", "minion"):
            assert card.territory in TERRITORY_TYPES.split("|")
        else:
            assert card.territory is None
    instants = {c.id for c in standard_content().cards.values() if c.is_instant}
    assert instants == {"scrye", "fortune", "wall-of-fire", "fly"}  # FH-036


def test_every_verb_has_rules_text_and_an_ai_value():
    used = {e.verb for c in standard_content().cards.values() for e in c.effects}
    assert used <= set(VERBS)
    assert VERBS.incomplete() == [], "every verb has a handler or names the rule that reads it"
    for verb in VERBS:
        assert VERBS[verb].worth is not None, f"the AI has no value for '{verb}'"
    rules_source = "".join(p.read_text() for p in Path(ai.__file__).parent.glob("*.py") if p.name != "ai.py"
                           and p.name != "vocabulary.py")
    for verb in used:
        assert f'"{verb}"' in rules_source, f"no rule code handles '{verb}'"
    for card in standard_content().cards.values():
        for effect in card.effects:
            params = dict(effect.params, verb=effect.verb)
            assert describe(params).endswith(".")


def _copy_content(tmp_path: Path, cards_text: str) -> Path:
    (tmp_path / "cards.toml").write_text(cards_text)
    (tmp_path / "territories.toml").write_text((CONTENT_DIR / "territories.toml").read_text())
    return tmp_path


@pytest.mark.parametrize("replace, fragment", [
    (('verb = "negate"', 'verb = "explode"'), "card priest: effect 1: unknown verb 'explode'"),
    (('territory = "Castle", amount = 1 }', 'territory = "Castle", amount = 1, colour = 1 }'),
     "card knight: effect 1 (boost_minions): unknown field 'colour'"),
    (('av = 1\ndv = 5', 'av = "one"\ndv = 5'), "card knight: field 'av' must be a whole number"),
    (('type = "hero"', 'type = "villain"'), "field 'type' must be one of"),
    (('spell_level = 0\ntext = "Castle Minions', 'text = "Castle Minions'), "card knight: missing field 'spell_level'"),
])
def test_content_errors_name_the_card_and_field(tmp_path, replace, fragment):
    text = (CONTENT_DIR / "cards.toml").read_text()
    assert replace[0] in text
    with pytest.raises(ContentError) as err:
        load_content(_copy_content(tmp_path, text.replace(replace[0], replace[1], 1)))
    assert fragment in str(err.value)
