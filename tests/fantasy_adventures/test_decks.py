"""Fantasy Adventures deck building: every violation kind on illegal decks with its reason
(FA-016 to FA-023, FAT-001), legal decks, deck files refused with a sentence when broken or
hostile, saving that never replaces a good file with a bad one, and ``python -m game deck``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main
from game.rulesets.fantasy_adventures import decks
from game.rulesets.fantasy_adventures.content import FAContent, Hero, Item, Monster, Spell, Trap, standard_content
from game.rulesets.fantasy_adventures.decks import (
    DeckError,
    DeckList,
    Violation,
    check_deck,
    load_deck,
    parse_deck,
    save_deck,
    starter_deck,
    to_text,
    totals,
)


def pool() -> FAContent:
    """A small pool whose GP Values make the limits of FAT-001 exact."""
    heroes = [Hero("hero_a", "Spearman", 320), Hero("hero_b", "Druid", 321), Hero("cup_hero", "Lone Knight", 300,
                                                                                    unique=True)]
    monsters = [Monster("monster_a", "Goblin", 250), Monster("monster_b", "Ogre", 251), Monster("monster_c", "Imp", 249),
                Monster("cheap", "Rat", 100), Monster("giant", "Giant", 2000)]
    items = [Item("item_a", "Short Sword", 250, classes=("sword",)), Item("item_b", "Long Bow", 251, classes=("bow",)),
             Item("cup_item", "Crown Helm", 250, unique=True, classes=("helm",))]
    return FAContent({h.id: h for h in heroes}, {m.id: m for m in monsters},
                     {"pit_trap": Trap("pit_trap", "Pit Trap", 100)}, {i.id: i for i in items},
                     {"spark": Spell("spark", "Spark", 100)})


def fat_001(hero: dict[str, int] | None = None, encounter: dict[str, int] | None = None) -> DeckList:
    """FAT-001's legal deck: 25 heroes of 8000 GP; 60 Encounter cards of 15000 GP, items 5000 GP."""
    return DeckList.of("FAT-001", hero if hero is not None else {"hero_a": 25},
                       encounter if encounter is not None else {"monster_a": 40, "item_a": 20})


def reasons(deck: DeckList, content: FAContent | None = None) -> list[tuple[str, str]]:
    return [(v.rule, v.text) for v in check_deck(deck, content or pool())]


# ---- the rules (FAT-001) --------------------------------------------------------------------

def test_fat_001_fa_017_to_fa_021_decks_at_every_limit_are_legal():
    """60 Encounter cards of exactly 15000 GP with items at exactly 5000 GP, and 25 heroes of
    exactly 8000 GP, are accepted."""
    t = totals(fat_001(), pool())
    assert (t.hero_cards, t.hero_gp, t.encounter_cards, t.encounter_gp, t.item_gp) == (25, 8000, 60, 15000, 5000)
    assert check_deck(fat_001(), pool()) == []


def test_fat_001_fa_017_an_encounter_deck_of_59_cards():
    assert reasons(fat_001(encounter={"monster_a": 39, "item_a": 20})) == [
        ("FA-017", "The Encounter deck has 59 cards; it needs at least 60 (FA-017).")]


def test_fat_001_fa_018_an_encounter_deck_of_15001_gp():
    assert reasons(fat_001(encounter={"monster_a": 39, "monster_b": 1, "item_a": 20})) == [
        ("FA-018", "The Encounter deck's cards total 15,001 GP; the limit is 15,000 GP (FA-018).")]


def test_fat_001_fa_019_items_at_5001_gp():
    deck = fat_001(encounter={"monster_a": 39, "monster_c": 1, "item_a": 19, "item_b": 1})
    assert totals(deck, pool()).encounter_gp == 15000
    assert reasons(deck) == [("FA-019", "The Encounter deck's items total 5,001 GP; the limit is 5,000 GP (FA-019).")]


def test_fat_001_fa_020_a_hero_deck_of_24_heroes():
    assert reasons(fat_001(hero={"hero_a": 24})) == [
        ("FA-020", "The Hero deck has 24 heroes; it needs at least 25 (FA-020).")]
    assert reasons(fat_001(hero={"hero_b": 1}))[0][1] == "The Hero deck has 1 hero; it needs at least 25 (FA-020)."


def test_fat_001_fa_021_a_hero_deck_of_8001_gp():
    assert reasons(fat_001(hero={"hero_a": 24, "hero_b": 1})) == [
        ("FA-021", "The Hero deck's heroes total 8,001 GP; the limit is 8,000 GP (FA-021).")]


def test_fat_001_fa_016_two_copies_of_a_unique_card_in_either_deck():
    assert reasons(fat_001(hero={"hero_a": 23, "cup_hero": 2})) == [
        ("FA-016", "'Lone Knight' is unique, but the Hero deck has 2 copies; a deck may hold only one (FA-016).")]
    assert reasons(fat_001(encounter={"monster_a": 40, "item_a": 18, "cup_item": 2})) == [
        ("FA-016", "'Crown Helm' is unique, but the Encounter deck has 2 copies; a deck may hold only one (FA-016).")]
    assert reasons(fat_001(hero={"hero_a": 24, "cup_hero": 1})) == []


def test_fat_001_fa_016_a_03_any_number_of_copies_of_a_non_unique_card():
    assert reasons(fat_001(hero={"hero_b": 3, "cup_hero": 1, "hero_a": 21})) == []
    assert [v.rule for v in check_deck(fat_001(hero={"hero_a": 22, "hero_b": 3}), pool())] == ["FA-021"]


def test_fa_022_no_average_or_per_card_gp_cap():
    """The "maximum average" figures are arithmetic, not limits: a 2000 GP card in a deck whose
    total is within the limit is legal, and so is an average above 250 per card on a larger deck."""
    deck = DeckList.of("big", {"hero_a": 25}, {"giant": 1, "cheap": 40, "item_a": 20})
    assert check_deck(deck, pool()) == []
    assert totals(deck, pool()).encounter_gp / 61 < 250  # the giant alone is 2000
    rich = DeckList.of("rich", {"hero_a": 24}, {"monster_a": 40, "item_a": 20})
    assert [v.rule for v in check_deck(rich, pool())] == ["FA-020"]


def test_fa_001_fa_020_cards_in_the_wrong_deck():
    """Heroes only in the Hero deck (FA-020), and no hero in the Encounter deck (FA-001); the
    wrong cards count toward neither deck's size or GP."""
    deck = fat_001(hero={"hero_a": 25, "monster_a": 1}, encounter={"monster_a": 40, "item_a": 20, "hero_b": 1})
    assert reasons(deck) == [
        ("FA-020", "'Goblin' is a monster: the Hero deck holds only heroes (FA-020)."),
        ("FA-001", "'Druid' is a hero: heroes belong in the Hero deck, not the Encounter deck (FA-001)."),
    ]
    assert totals(deck, pool()) == totals(fat_001(), pool())
    assert reasons(fat_001(hero={"hero_a": 25, "item_a": 1}))[0][1] == \
        "'Short Sword' is an item: the Hero deck holds only heroes (FA-020)."


def test_fa_023_unknown_cards_are_named():
    deck = fat_001(hero={"hero_a": 25, "dragon_king": 1})
    assert reasons(deck) == [
        ("FA-023", "The Hero deck lists 'dragon_king', a card this version does not know (FA-023).")]


def test_fa_023_every_violation_at_once_each_naming_its_rule():
    deck = DeckList.of("bad", {"hero_b": 25, "cup_hero": 2, "nobody": 1},
                       {"monster_b": 30, "item_b": 21, "cup_item": 2, "hero_a": 1})
    rules = [v.rule for v in check_deck(deck, pool())]
    assert rules == ["FA-016", "FA-023", "FA-016", "FA-001", "FA-021", "FA-017", "FA-019"]
    assert all(v.text.endswith(f"({v.rule}).") for v in check_deck(deck, pool()))


def test_fa_023_the_starter_deck_passes():
    content = standard_content()
    assert check_deck(starter_deck(), content) == []
    t = totals(starter_deck(), content)
    assert (t.hero_cards, t.encounter_cards) == (28, 65)
    assert t.hero_gp <= 7950 and t.item_gp <= 4950 and t.encounter_gp <= 15000


def test_fa_017_fa_020_the_starter_deck_with_cards_taken_out():
    start = starter_deck()
    hero = dict(start.hero)
    for card_id in list(hero)[:4]:
        del hero[card_id]
    encounter = dict(start.encounter)
    for card_id in list(encounter)[:6]:
        del encounter[card_id]
    t = totals(DeckList.of("thin", hero, encounter), standard_content())
    assert [v.rule for v in check_deck(DeckList.of("thin", hero, encounter), standard_content())] == \
        (["FA-020"] if t.hero_cards < 25 else []) + (["FA-017"] if t.encounter_cards < 60 else [])
    assert t.hero_cards < 25 and t.encounter_cards < 60


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fa_016_to_fa_021_random_decks_from_the_pool_are_judged_by_their_totals(data: Any):
    """A property: for any counts of the pool's cards, the violations are exactly the limits
    the totals break (and the unique cards given twice)."""
    content = standard_content()
    counts = {card.id: data.draw(st.integers(0, 3), label=card.id) for card in content.pool()}
    hero = {k: n for k, n in counts.items() if n and k in content.heroes}
    encounter = {k: n for k, n in counts.items() if n and k not in content.heroes}
    deck = DeckList.of("random", hero, encounter)
    t = totals(deck, content)
    expected = {"FA-016"} if any(n > 1 and content.card(k).unique for k, n in counts.items()) else set()
    expected |= {"FA-020"} if t.hero_cards < 25 else set()
    expected |= {"FA-021"} if t.hero_gp > 8000 else set()
    expected |= {"FA-017"} if t.encounter_cards < 60 else set()
    expected |= {"FA-018"} if t.encounter_gp > 15000 else set()
    expected |= {"FA-019"} if t.item_gp > 5000 else set()
    assert {v.rule for v in check_deck(deck, content)} == expected


# ---- deck files ------------------------------------------------------------------------------

def good_data() -> dict[str, Any]:
    return json.loads(to_text(starter_deck()))


def write(tmp_path: Path, content: Any, name: str = "deck.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def test_a_deck_file_round_trips(tmp_path):
    path = save_deck(tmp_path / "mine.json", starter_deck())
    assert load_deck(path) == starter_deck()
    custom = DeckList.of("Élan & fire", {"byron": 1, "flame_lancer": 7}, {"merloit": 3})
    assert load_deck(save_deck(tmp_path / "custom.json", custom)) == custom


def changed(**fields: Any) -> dict[str, Any]:
    data = good_data()
    for key, value in fields.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("content, sentence", [
    (b"", "The deck file is empty."),
    (b"   \n", "The deck file is empty."),
    (b'{"format": "five-realms-deck", "version": 1', "The deck file is damaged or cut short"),
    (b"\xff\xfe{}", "The deck file is damaged: it is not text."),
    (b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    (b'{"format": "five-realms-deck", "version": NaN}', "damaged or cut short"),
    (b'{"format": "five-realms-deck", "version": ' + b"9" * 5000 + b"}", "damaged or cut short"),
    (b"[1, 2, 3]", "This is not a Five Realms deck file."),
    ('{"format": "five-realms-save", "version": 3}', "This is not a Five Realms deck file."),
    (changed(version="1"), "The deck file's version is missing or damaged."),
    (changed(version=True), "The deck file's version is missing or damaged."),
    (changed(version=2), "This deck was made by a newer version of Five Realms (deck format 2)"),
    (changed(game="buck-legacy"), "This deck is for another game ('buck-legacy'), not Fantasy Adventures."),
    (changed(game="\u202e" * 30), "This deck is for another game, not Fantasy Adventures."),
    (changed(cheat=True), "The deck file has an unexpected field 'cheat'."),
    (changed(**{"<script>": 1}), "The deck file has an unexpected field."),
    (changed(hero=...), "The deck file is missing its 'hero'."),
    (changed(name=""), "The deck's name must be printable text of 1 to 40 characters."),
    (changed(name="x" * 41), "The deck's name must be printable text"),
    (changed(name="bell\a"), "The deck's name must be printable text"),
    (changed(name=["list"]), "The deck's name must be printable text"),
    (changed(hero=["byron"]), "The deck file's Hero deck is damaged: it must map card ids to counts."),
    (changed(encounter="merloit"), "The deck file's Encounter deck is damaged"),
    (changed(hero={"Byron!": 1}), "The deck file's Hero deck names a card with a damaged id."),
    (changed(hero={"x" * 65: 1}), "names a card with a damaged id"),
    (changed(hero={"byron": 0}), "gives 'byron' a count that is not a whole number from 1 to 999."),
    (changed(hero={"byron": -1}), "gives 'byron' a count that is not a whole number"),
    (changed(hero={"byron": 1000}), "gives 'byron' a count that is not a whole number"),
    (changed(hero={"byron": 10**100}), "gives 'byron' a count that is not a whole number"),
    (changed(hero={"byron": 1.5}), "gives 'byron' a count"),
    (changed(hero={"byron": "2"}), "gives 'byron' a count"),
    (changed(hero={"byron": True}), "gives 'byron' a count"),
    (changed(hero={"byron": None}), "gives 'byron' a count"),
    (changed(hero={"byron": [1]}), "gives 'byron' a count"),
    (changed(hero={f"card_{n}": 1 for n in range(501)}), "names more than 500 different cards"),
    ('{"format": "five-realms-deck", "format": "five-realms-deck"}', "it names 'format' twice in one place"),
    (b'{"format": "five-realms-deck", "version": 1e999}', "The deck file's version is missing or damaged."),
])
def test_broken_and_hostile_deck_files_are_refused_with_a_sentence(tmp_path, content, sentence):
    path = write(tmp_path, content)
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    message = str(caught.value)
    assert sentence in message
    assert len(message) < 160 and message.isprintable()


def test_a_name_given_twice_in_a_deck_part_is_refused(tmp_path):
    text = to_text(starter_deck()).replace('"byron": 1', '"byron": 1,\n    "byron": 1', 1)
    with pytest.raises(DeckError, match="it names 'byron' twice"):
        load_deck(write(tmp_path, text))


def test_a_file_too_large_to_be_a_deck_is_refused_before_it_is_read(tmp_path):
    path = write(tmp_path, b" " * (decks.MAX_BYTES + 1))
    with pytest.raises(DeckError, match="too large to be a deck"):
        load_deck(path)
    with pytest.raises(DeckError, match="too large to be a deck"):
        parse_deck(b" " * (decks.MAX_BYTES + 1))


def test_a_missing_file_or_a_folder_cannot_be_read(tmp_path):
    with pytest.raises(DeckError, match=r"The deck file cannot be read \("):
        load_deck(tmp_path / "nowhere.json")
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(tmp_path)


def test_unknown_ids_load_and_are_reported_by_the_check(tmp_path):
    """A deck from a newer card pool is readable; the check names the cards it cannot play."""
    path = write(tmp_path, changed(hero={"byron": 1, "star_dragon": 1}))
    deck = load_deck(path)
    assert [v.text for v in check_deck(deck, standard_content())][0] == \
        "The Hero deck lists 'star_dragon', a card this version does not know (FA-023)."


def test_saving_never_replaces_a_good_deck_with_a_bad_one(tmp_path, monkeypatch):
    path = save_deck(tmp_path / "deck.json", starter_deck())
    good = path.read_bytes()
    with pytest.raises(DeckError, match="name must be printable"):
        save_deck(path, DeckList.of("x" * 41, {"byron": 1}, {}))
    with pytest.raises(DeckError, match="count that is not a whole number"):
        save_deck(path, DeckList.of("zero", {"byron": 0}, {}))
    with pytest.raises(DeckError, match="names a card twice"):
        save_deck(path, DeckList("twice", (("byron", 1), ("byron", 1)), ()))

    def failing_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(DeckError, match="could not be saved: No space left on device. The previous file is unchanged"):
        save_deck(path, DeckList.of("new", {"byron": 1}, {}))
    assert path.read_bytes() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.json"]  # no temporary file left


def test_the_starter_deck_is_the_default_deck_file():
    assert starter_deck().name == "Starter deck"
    assert load_deck(decks.STARTER_FILE) == starter_deck()
    assert Violation("FA-017", "x").rule == "FA-017"


# ---- python -m game deck ------------------------------------------------------------------

def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_fa_023_deck_check_of_a_legal_deck_exits_0(capsys, tmp_path):
    path = save_deck(tmp_path / "starter.json", starter_deck())
    code, out, err = run(capsys, "deck", "check", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f'{path}: the deck "Starter deck" is legal.'
    assert "Hero deck: 28 heroes, 7,690 GP (at least 25 heroes, at most 8,000 GP)" in lines[1]
    assert "Encounter deck: 65 cards" in lines[2] and "items at most 5,000 GP" in lines[2]


def test_fa_016_fa_017_fa_021_deck_check_of_an_illegal_deck_exits_1_with_every_reason(capsys, tmp_path):
    data = good_data()
    data["name"] = "Too thin"
    data["hero"]["byron"] = 2
    data["encounter"] = {"merloit": 10}
    path = write(tmp_path, data)
    code, out, err = run(capsys, "deck", "check", str(path))
    assert code == 1 and err == ""
    assert out.splitlines()[0] == f'{path}: the deck "Too thin" is not legal (3 reasons):'
    assert out.splitlines()[3:] == [
        "  - 'Byron' is unique, but the Hero deck has 2 copies; a deck may hold only one (FA-016).",
        "  - The Hero deck's heroes total 8,090 GP; the limit is 8,000 GP (FA-021).",
        "  - The Encounter deck has 10 cards; it needs at least 60 (FA-017).",
    ]


def test_deck_check_of_an_unreadable_file_exits_2_with_one_line(capsys, tmp_path):
    path = write(tmp_path, b'{"format": "five-realms-deck"')
    code, out, err = run(capsys, "deck", "check", str(path))
    assert code == 2 and out == ""
    assert err == f"five-realms: {path}: The deck file is damaged or cut short (it is not readable JSON).\n"
    code, _, err = run(capsys, "deck", "check", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot be read" in err and err.count("\n") == 1


def test_deck_starter_writes_the_starter_deck_file(capsys, tmp_path):
    out_path = tmp_path / "decks" / "starter.json"
    code, out, _ = run(capsys, "deck", "starter", "--out", str(out_path))
    assert code == 0 and out == f"Wrote the starter deck to {out_path}.\n"
    assert load_deck(out_path) == starter_deck()
    code, out, _ = run(capsys, "deck", "starter")
    assert code == 0 and parse_deck(out.encode()) == starter_deck()


def test_deck_starter_to_an_unwritable_place_is_one_line(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out, err = run(capsys, "deck", "starter", "--out", str(blocker / "deck.json"))
    assert code == 2 and out == "" and err.startswith("five-realms: ") and err.count("\n") == 1
