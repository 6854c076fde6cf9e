"""The answers that use an ability, cast a spell or play a monster from the hand say what the use
does to the one it names (FA-156, FA-157, FA-127): "defeat Merloit on 1-4", not the verb's id
("grant the party", "current melee Skulker")."""

from __future__ import annotations

from game.core.game import Game
from game.rulesets.fantasy_adventures import vocabulary
from game.rulesets.fantasy_adventures.content import standard_content
from tests.fantasy_adventures.combat_helpers import H, M, fight, play
from tests.fantasy_adventures.helpers import pending, player, position


def label(g: Game, option: str) -> str:
    return pending(g).option(option).label


def test_fa_127_a_spell_s_answer_says_whom_it_gives_what():
    """FA-127, FA-133: Tidal Ward (every hero of the party immune to Fire) and Searing Bolt (an
    offensive spell: defeat a monster on 1-4), as their answers say them."""
    g = position([player(["ash_tracker"], ["sister_oona"], hand=["tidal_ward"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={0: ["spiked_pit_trap", "skulker"]}, dice=[1, 1, 2, 1])
    play(g, f"hero:{H('ash_tracker')}", at="W2:0")
    ward = f"cast:{H('tidal_ward')}:{H('sister_oona')}:party"
    assert label(g, ward) == 'Cast Tidal Ward with Sister Oona: give the party\'s heroes "Immune to Fire" for this Encounter'

    g = fight(["flame_lancer"], ["pyra_vell"], hero={"hand": ["searing_bolt"]},
              monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "flame_lancer"}],
              dice=[1, 1, 2])
    play(g, f"melee:{M('skulker')}", at="action:0")
    assert label(g, f"cast:{H('searing_bolt')}:{H('pyra_vell')}:{M('merloit')}") == \
        "Cast Searing Bolt with Pyra Vell: defeat Merloit on 1-4"


def test_fa_157_a_monster_played_from_the_hand_says_what_it_gives_the_melee():
    """FA-157, FA-239: the Squall Piper from the hand gives one monster +2 Melee for the current melee."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "skulker", "hero": "flame_lancer"}],
              foe={"front": ["granite_guard"], "hand": ["squall_piper"]}, dice=[3, 3])
    play(g, at="W6:1")
    assert label(g, f"hand:{M('squall_piper')}:0:{M('skulker')}") == \
        "Squall Piper from your hand: give Skulker +2 Melee for the current melee"


def test_fa_211_an_and_pair_of_grants_is_one_gift_to_one_hero():
    """FA-211: an AND pair whose second half gives "that hero" more is said as one gift; an
    element's article follows its sound ("an Earth hero")."""
    content = standard_content()
    pair = next(a for card in content.pool() for a in card.abilities if a.verb == "and"
                and [p.verb for p in a.get("abilities")] == ["grant", "grant"])
    assert vocabulary.use_phrase(tuple(pair.get("abilities")), "Flame Lancer") == \
        'give Flame Lancer "+1 Melee" and "Save on 1" for this Encounter'
    summon = next(a for card in content.pool() for a in card.abilities if a.verb == "and"
                  and any(p.verb == "summon_hero" for p in a.get("abilities")))
    half = next(p for p in summon.get("abilities") if p.verb == "summon_hero")
    assert vocabulary.use_phrase((half,), "") == "summon an Earth hero into an open position on 1-2"
