"""Random legal decks from the whole card pool (random_decks.py, issue 14): every one passes the
deck-building rules, they differ from seed to seat, and a seed names one deck."""

from __future__ import annotations

from collections import Counter

from game.core.rng import Rng
from game.soak import game_setup
from game.rulesets.fantasy_adventures.content import standard_content
from game.rulesets.fantasy_adventures.decks import (
    ENCOUNTER_DECK_MIN, HERO_DECK_MIN, DeckList, check_deck, from_option, starter_deck, to_option,
)
from game.rulesets.fantasy_adventures.random_decks import EXTRA_CARDS, random_deck
from game.rulesets.fantasy_adventures.system import FantasyAdventures

CONTENT = standard_content()
SEEDS = range(200)


def decks() -> list[DeckList]:
    return [random_deck(Rng.seeded(seed), CONTENT) for seed in SEEDS]


def kinds(deck: DeckList) -> Counter[str]:
    """Cards of each type in the Encounter deck."""
    counts: Counter[str] = Counter()
    for card_id, n in deck.encounter:
        counts[CONTENT.card(card_id).kind] += n
    return counts


def test_fa_016_to_fa_021_fa_023_every_random_deck_is_legal() -> None:
    """FA-016 to FA-021, FA-023: 200 random decks, and check_deck finds nothing wrong with any."""
    for seed, deck in zip(SEEDS, decks()):
        assert check_deck(deck, CONTENT) == [], f"seed {seed}: {check_deck(deck, CONTENT)}"
        assert HERO_DECK_MIN <= deck.size("hero") <= HERO_DECK_MIN + EXTRA_CARDS
        assert ENCOUNTER_DECK_MIN <= deck.size("encounter") <= ENCOUNTER_DECK_MIN + EXTRA_CARDS


def test_random_decks_vary_in_size_cards_copies_and_types() -> None:
    """The decks are not the starter deck, nor one another, and they reach the corners a
    hand-built deck rarely does: a card type left out, many copies of one card (A-03)."""
    made = decks()
    assert len(set(made)) == len(made)
    assert starter_deck() not in made
    assert {deck.size("hero") for deck in made} == set(range(HERO_DECK_MIN, HERO_DECK_MIN + EXTRA_CARDS + 1))
    assert len({deck.size("encounter") for deck in made}) == EXTRA_CARDS + 1
    used = {card_id for deck in made for card_id, _ in deck.hero + deck.encounter}
    assert used == {card.id for card in CONTENT.pool()}, "every card of the pool turns up in some deck"
    for kind in ("monster", "trap", "item", "spell"):
        assert any(kinds(deck)[kind] == 0 for deck in made), f"no deck leaves out every {kind}"
    assert max(n for deck in made for _, n in deck.encounter) >= 10
    assert any(CONTENT.card(card_id).unique for deck in made for card_id, _ in deck.hero)


def test_a_seed_names_one_deck_and_it_travels_as_the_decks_option() -> None:
    """The same generator state gives the same deck; as a game option it reads back whole and
    the game accepts it for every seat (FA-023)."""
    deck = random_deck(Rng.seeded(5), CONTENT, "Random 1")
    assert random_deck(Rng.seeded(5), CONTENT, "Random 1") == deck
    assert from_option(to_option(deck)) == deck
    system = FantasyAdventures(CONTENT)
    given = system.resolve_options({"decks": (to_option(deck),)})["decks"]
    assert system.seat_decks(given, 2) == [deck, starter_deck()]


def test_soak_plays_random_legal_decks_in_every_other_game() -> None:
    """The decks option draws a random legal deck for every seat (GameOption.sample), and soak
    runs give one to every seat in every other game (FA-023: the game accepts them)."""
    system = FantasyAdventures(CONTENT)
    setups = [game_setup(system, index, None, seed=40 + index) for index in range(4)]
    assert "decks" not in setups[0][1] and "decks" not in setups[2][1]
    for levels, options in (setups[1], setups[3]):
        seats = len(levels)
        decks = system.seat_decks(system.resolve_options(options)["decks"], seats)
        assert len(decks) == seats and all(check_deck(deck, CONTENT) == [] for deck in decks)
        assert len(set(decks)) == seats and starter_deck() not in decks
