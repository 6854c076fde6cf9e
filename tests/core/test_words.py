"""Words for people: counts are said in the singular or the plural, never "card(s)"."""

from game.core.words import counted


def test_counted_says_one_thing_in_the_singular_and_more_in_the_plural():
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(5, "Medal") == "5 Medals"
    assert counted(2, "die", "dice") == "2 dice"
    assert counted(1, "die", "dice") == "1 die"


def test_ordinal_says_a_place_as_people_write_it():
    from game.core.words import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_a_or_an_takes_the_article_of_the_first_letter():
    """Dungeon Delve's log said "rolls for a awareness test"; every game now takes the article
    from one helper."""
    from game.core.words import a_or_an

    assert a_or_an("awareness test") == "an awareness test"
    assert a_or_an("might test") == "a might test"
    assert a_or_an("Earth hero") == "an Earth hero"
    assert a_or_an("item") == "an item"


def test_listed_says_a_list_as_people_do():
    from game.core.words import listed

    assert [listed([]), listed(["Ann"]), listed(["Ann", "Bram"]), listed(["Dain", "Edda", "Finn"])] == \
        ["", "Ann", "Ann and Bram", "Dain, Edda and Finn"]
