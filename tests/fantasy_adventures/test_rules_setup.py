"""Fantasy Adventures rule tests: cards and card types played out (FA-001 to FA-015), setup
(FA-024 to FA-033) and the worked case FAT-002.

The deck checks (FA-016 to FA-023, FAT-001) are in test_decks.py and the content's own
checks in test_content.py; here the rules are proved by playing: a new game's setup, or a
written position and choices through the decision protocol.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.errors import IllegalChoice
from game.core.game import Game
from game.rulesets.fantasy_adventures.decks import deck_instances, starter_deck
from tests.fantasy_adventures.helpers import (
    CONTENT,
    SYSTEM,
    do,
    inst,
    pending,
    player,
    position,
    until,
)


def kind(card: str) -> str:
    return str(CONTENT.card(card).kind)


def new_game(seats: int, seed: int = 3, dice: list[int] | None = None) -> Game:
    """A new game stopped at its first setup question, with the first-player roll scripted."""
    game = Game.new(SYSTEM, seed, seats)
    game.state.dice_script = list(dice or [])
    return game


def finish_setup(game: Game, grants: int = 0) -> list:
    """Answer every setup question: the first heroes offered, ``grants`` items each."""
    events = []
    while (d := game.pending()) is not None and d.kind in ("setup_discard", "setup_rank", "grant"):
        if d.kind == "grant":
            granted = sum(len(v) for v in game.state.players[d.seat].items.values())
            choice: tuple[str, ...] = (d.option_ids[0],) if granted < grants else ("end",)
        else:
            choice = d.option_ids[:d.min_choices]
        events += game.choose(d.seat, choice)
    return events


# -- cards and card types (FA-001 to FA-015) ----------------------------------------------------------

def test_fa_001_fa_025_fa_026_each_player_deals_from_two_separate_decks():
    """FA-001, FA-025, FA-026: heroes come from the Hero deck only and the hand from the
    Encounter deck only; each deck keeps its own pile, and the two never mix."""
    game = new_game(2)
    for p in game.state.players:
        assert len(p.hand) == 10 and len(p.drawn) == 10
        assert {kind(c) for c in p.drawn + p.hero_deck} == {"hero"}
        assert "hero" not in {kind(c) for c in p.hand + p.encounter_deck}
        assert {kind(c) for c in p.hand + p.encounter_deck} <= {"monster", "trap", "item", "spell"}
        assert len(p.hero_deck) == 28 - 10 and len(p.encounter_deck) == 65 - 10
        assert p.hero_discard == [] and p.encounter_discard == []


def test_fa_024_both_decks_are_shuffled_and_cut_from_the_seed():
    """FA-024, A-04: both decks are shuffled (and cut) with the game's generator: the same seed
    deals the same cards, another seed other cards; nothing is lost on the way."""
    heroes, encounter = deck_instances(starter_deck(), 0)
    dealt = [new_game(2, seed).state.players[0] for seed in (1, 2, 1)]
    for p in dealt:
        assert Counter(p.drawn + p.hero_deck) == Counter(heroes)
        assert Counter(p.hand + p.encounter_deck) == Counter(encounter)
    assert dealt[0].hand == dealt[2].hand and dealt[0].drawn == dealt[2].drawn
    assert dealt[0].hand != dealt[1].hand and dealt[0].drawn != dealt[1].drawn
    # Neither deck is left in the order it was listed in.
    assert dealt[0].hand + dealt[0].encounter_deck != list(reversed(encounter))
    assert dealt[0].hand + dealt[0].encounter_deck != list(encounter)


def test_fa_002_a_hero_without_a_printed_support_value_supports_for_0():
    """FA-002: the Support Value printed after the Melee Value adds to the supported hero's
    melee; a hero with none printed has Support Value 0 and is never offered as a supporter."""
    game = position([player(["byron", "flame_lancer", "windwall_sentinel"]), player(["byron"])],
                    start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "flame_lancer"}],
                    dice=[3, 3])
    until(game, "support")
    d = pending(game, "support")
    # Byron has no printed Support Value, so he is not a supporter; the Sentinel (3/2) is.
    assert d.option_ids == (f"support:{inst(0, 'windwall_sentinel')}:{inst(0, 'flame_lancer')}", "end")
    events = do(game, d.option_ids[0])  # the only supporter: the question ends by itself
    events += until(game, "action")
    melee = next(e for e in events if e.kind == "melee" and e.data["hero"] == inst(0, "flame_lancer"))
    assert melee.data["hero_total"] == 3 + 4 + 2  # die + Melee 4 + support 2
    assert melee.data["monster_total"] == 3 + 4


def test_fa_003_only_a_hero_with_an_orb_casts_spells():
    """FA-003: a spell is cast by a hero with the spell-casting orb; a party without one is
    never offered a cast."""
    def casts(front: list[str]) -> list[str]:
        game = position([player(front, hand=["flying"]), player(["byron"])], start="encounter", monster=1, target=0,
                        stacks={"0": ["skulker"]})
        return [o for o in pending(game, "response").option_ids if o.startswith("cast:")]

    assert casts(["flame_lancer", "reef_guard"]) == []
    assert casts(["flame_lancer", "byron"]) == [f"cast:{inst(0, 'flying')}:{inst(0, 'byron')}:{h}"
                                                 for h in (inst(0, "flame_lancer"), inst(0, "byron"))]


def test_fa_005_non_unique_heroes_come_in_copies_a_summon_finds_only_them():
    """FA-005, FA-016: a non-unique hero stands for a class of hero, so a party may hold two
    of them; a unique card has one copy. (The hero summon looks for non-unique heroes only.)"""
    heroes, _ = deck_instances(starter_deck(), 0)
    copies = Counter(h.split("/")[1].split("#")[0] for h in heroes)
    assert {c for c, n in copies.items() if n > 1} == {"flame_lancer", "reef_guard", "gale_spearman",
                                                       "stonefist_brawler"}
    assert all(not CONTENT.card(c).unique for c, n in copies.items() if n > 1)
    # Two Flame Lancers fight side by side: both are heroes a monster may attack.
    game = position([player(["flame_lancer", "flame_lancer"]), player(["byron"])], start="combat", monster=1,
                    target=0, monsters=[{"card": "skulker", "hero": ""}])
    assert pending(game, "assign").option_ids == (f"assign:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}",
                                                  f"assign:{inst(1, 'skulker')}:{inst(0, 'flame_lancer', 2)}")


def test_fa_009_heroes_never_use_traps_monsters_never_own_items():
    """FA-009: the hero player holding a trap and an item has nothing to play with them in
    his Encounter (traps are the monster player's, items work only once granted to heroes);
    the monster player cannot put an item on a monster either: his item only fills a stack."""
    game = position([player(["flame_lancer"], hand=["spiked_pit_trap", "footmans_sword"]),
                     player(["reef_guard"], hand=["footmans_sword", "skulker"])],
                    start="encounter", monster=1, target=0, stacks={"0": ["merloit"]})
    for _ in range(2):
        d = pending(game, "response")
        assert d.option_ids == ("pass",)
        game.choose(d.seat, "pass")
    # Through the Encounter no one may play the trap or the item.
    while (d := game.pending()) is not None and d.kind != "assign":
        assert not any("spiked_pit_trap" in o or "footmans_sword" in o for o in d.option_ids), d.option_ids
        game.choose(d.seat, "pass" if "pass" in d.option_ids else d.option_ids[0])


def test_fa_012_an_items_text_is_the_ability_its_owner_gains():
    """FA-012: an item in hand does nothing; granted, its owner has its ability (the sword's
    +1 Melee shows in the owner's melee total)."""
    def hero_total(items: dict) -> int:
        game = position([player(["flame_lancer"], items=items, hand=[] if items else ["footmans_sword"]),
                         player(["byron"])], start="combat", monster=1, target=0,
                        monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=[2, 6])
        events = until(game, "action")
        return next(e for e in events if e.kind == "melee").data["hero_total"]

    assert hero_total({}) == 2 + 4
    assert hero_total({"flame_lancer": ["footmans_sword"]}) == 2 + 4 + 1


def test_fa_014_spells_are_not_special_abilities_a_returned_spell_is_cast_again():
    """FA-014, FA-130: a spell is no special ability, so the once-per-turn limit of abilities
    does not bind it: Stoneskin, cast by Byron off his orb's element and back in hand on a 4,
    is cast again at once (Byron's first spell this round did not flip him; the second does)."""
    game = position([player(["byron", "flame_lancer"], hand=["stoneskin"]), player(["reef_guard"])],
                    start="encounter", monster=1, target=0, stacks={"0": ["skulker"]}, dice=[4, 2])
    byron, lancer, stoneskin = inst(0, "byron"), inst(0, "flame_lancer"), inst(0, "stoneskin")
    cast = f"cast:{stoneskin}:{byron}:{lancer}"
    events = do(game, cast)
    assert [e.kind for e in events if e.kind in ("not_flipped", "spell_fails")] == ["not_flipped", "spell_fails"]
    p0 = game.state.players[0]
    assert stoneskin in p0.hand and byron not in p0.flipped and p0.used == []
    do(game, "pass")  # the monster player; then the hero player is asked again
    d = pending(game, "response")
    assert d.seat == 0 and cast in d.option_ids
    events = do(game, cast)
    assert "spell_works" in [e.kind for e in events]
    assert byron in p0.flipped and stoneskin in p0.encounter_discard
    assert [f"{stoneskin}:0"] == game.state.encounter.gained[lancer]


def test_fa_015_no_starter_card_summons_monsters_for_the_hero_player():
    """FA-015, A-37: the rulebook gives no mechanics for heroes summoning monsters, and no card
    of the starter deck does it: only monsters and traps summon monsters; heroes and spells
    summon heroes."""
    deck = starter_deck()
    holders = {CONTENT.card(c).kind for c, _ in deck.encounter + deck.hero
               for a in CONTENT.card(c).all_abilities() if a.verb == "summon_monster"}
    assert holders == {"monster", "trap"}


# -- setup (FA-026 to FA-033, FAT-002) -----------------------------------------------------------------

def test_fat_002_fa_026_to_fa_028_fa_032_fa_033_setup_sequence():
    """FAT-002 (FA-026, FA-027, FA-028, FA-032, FA-033): 10 Encounter cards and 10 heroes each;
    exactly 2 heroes discarded to the Hero discard pile, a front and a back rank of four, up
    to 3 items granted; then P1 5, P2 5, P3 2: only P1 and P2 roll again, and P2's 6 wins."""
    game = new_game(3, dice=[5, 5, 2, 3, 6])
    state = game.state
    d = pending(game, "setup_discard")
    assert (d.seat, d.min_choices, d.max_choices) == (0, 2, 2)
    with pytest.raises(IllegalChoice):
        game.choose(0, d.option_ids[:1])
    with pytest.raises(IllegalChoice):
        game.choose(0, d.option_ids[:3])
    discarded = [o.partition(":")[2] for o in d.option_ids[:2]]
    game.choose(0, d.option_ids[:2])
    assert state.players[0].hero_discard == discarded
    for rank in ("front", "back"):
        d = pending(game, "setup_rank")
        assert (d.min_choices, d.max_choices) == (4, 4)
        with pytest.raises(IllegalChoice):
            game.choose(0, d.option_ids[:3])
        game.choose(0, d.option_ids[:4])
    p0 = state.players[0]
    assert None not in p0.front and None not in p0.back and p0.drawn == []
    # Up to three grants: after the third, the question is the next player's.
    for n in range(3):
        d = pending(game, "grant")
        assert d.seat == 0 and "end" in d.option_ids
        game.choose(0, d.option_ids[0])
    assert sum(len(v) for v in p0.items.values()) == 3
    assert pending(game).seat == 1
    assert len(p0.hand) == 7
    events = finish_setup(game)
    rolls = [e.data["rolls"] for e in events if e.kind == "first_roll"]
    assert rolls == [[[0, 5], [1, 5], [2, 2]], [[0, 3], [1, 6]]]
    assert state.first == state.monster == 1 and state.game_turn == 1
    for p in state.players:
        assert len(p.heroes()) == 8 and len(p.hero_discard) == 2


def test_fa_033_a_tie_below_the_highest_roll_is_not_rolled_again():
    """FA-033, A-07: the highest roller starts; players tied lower down do not roll again."""
    game = new_game(3, dice=[2, 6, 2])
    events = finish_setup(game)
    assert [e.data["rolls"] for e in events if e.kind == "first_roll"] == [[[0, 2], [1, 6], [2, 2]]]
    assert game.state.first == 1 and pending(game).seat == 1


def test_fa_027_the_parties_are_revealed_together_after_every_secret_choice():
    """FA-027: the parties are set up in secret and turned face up together: no party event
    before the last player has chosen, and the grants of setup are told only to the granter."""
    game = new_game(2, dice=[6, 1])
    events = []
    while (d := game.pending()) is not None and d.kind != "mulligan":
        choice = d.option_ids[:d.min_choices] if d.kind != "grant" else (d.option_ids[0],)
        new = game.choose(d.seat, choice)
        if d.kind == "grant":
            assert all(e.seats == (d.seat,) for e in new if e.kind == "grant")
        if d.seat == 0:
            assert "party" not in [e.kind for e in new]
        events += new
    assert [e.data["seat"] for e in events if e.kind == "party"] == [0, 1]


def test_fa_027_nobody_sees_another_players_setup_choices_before_the_reveal():
    """FA-027: while P2 chooses, P1's party, items and the two heroes P1 set aside are hidden from
    him (they would tell him what P1 fields); after the reveal, everyone sees them."""
    game = new_game(2, dice=[6, 1])
    for _ in range(3):
        d = pending(game)
        game.choose(d.seat, d.option_ids[:d.min_choices])
    game.choose(0, pending(game, "grant").option_ids[0])
    game.choose(0, "end")
    assert pending(game).seat == 1
    p1 = SYSTEM.view(game.state, 1)["players"][0]
    assert p1["front"] == [None] * 4 and p1["back"] == [None] * 4 and p1["items"] == {} and p1["hero_discard"] == []
    assert SYSTEM.view(game.state, 0)["players"][0]["hero_discard"] == game.state.players[0].hero_discard != []
    finish_setup(game)
    p1 = SYSTEM.view(game.state, 1)["players"][0]
    assert None not in p1["front"] and p1["items"] and len(p1["hero_discard"]) == 2


def test_fa_032_fa_175_setup_grants_keep_the_class_and_group_limits():
    """FA-032: setup grants follow the item limits: a hero owning a sword is not offered a
    blade (both Swords), another hero is."""
    game = new_game(2, dice=[6, 1])
    p0 = game.state.players[0]
    p0.hand[:2] = [inst(0, "footmans_sword"), inst(0, "silvered_blade")]
    for _ in range(3):
        d = pending(game)
        game.choose(d.seat, d.option_ids[:d.min_choices])
    hero = p0.front[0]
    game.choose(0, f"grant:{inst(0, 'footmans_sword')}:{hero}")
    d = pending(game, "grant")
    blade = [o for o in d.option_ids if o.startswith(f"grant:{inst(0, 'silvered_blade')}:")]
    assert f"grant:{inst(0, 'silvered_blade')}:{hero}" not in blade
    assert f"grant:{inst(0, 'silvered_blade')}:{p0.front[1]}" in blade


# -- position and ranks (FA-030, FA-031) -----------------------------------------------------------------

def test_fa_030_a_single_rank_is_both_the_front_and_the_back_rank():
    """FA-030: with only a back rank left, its heroes are the front rank: a non-flying monster
    may be assigned to them, and they enter the lair."""
    game = position([player([], ["flame_lancer", "reef_guard"]), player(["byron"])], start="combat", monster=1,
                    target=0, monsters=[{"card": "skulker", "hero": ""}])
    assert pending(game, "assign").option_ids == (f"assign:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}",
                                                  f"assign:{inst(1, 'skulker')}:{inst(0, 'reef_guard')}")
    game = position([player([], ["flame_lancer", "reef_guard"]), player(["byron"])], start="encounter", monster=1,
                    target=0, stacks={"0": ["spiked_pit_trap", "skulker"]})
    until(game, "entering")
    assert pending(game, "entering").option_ids == (f"hero:{inst(0, 'flame_lancer')}", f"hero:{inst(0, 'reef_guard')}")


def test_fa_031_positions_are_fixed_slots_and_only_flyers_reach_the_back_rank():
    """FA-031, A-06: a hero's position is its rank and slot. A non-flying monster may attack
    only the front rank, a flying one the back rank too; a discarded hero leaves its slot open
    and the others keep theirs."""
    party = player(["flame_lancer", "reef_guard", "granite_guard"], ["byron", "gale_spearman"])
    game = position([party, player(["byron"])], start="combat", monster=1, target=0,
                    monsters=[{"card": "skulker", "hero": ""}, {"card": "dragonette", "hero": ""}])
    front = [inst(0, h) for h in ("flame_lancer", "reef_guard", "granite_guard")]
    back = [inst(0, h) for h in ("byron", "gale_spearman")]
    skulker = inst(1, "skulker")
    assert [o.rpartition(":")[2] for o in pending(game, "assign").option_ids if o.split(":")[1] == skulker] == front
    do(game, f"assign:{skulker}:{inst(0, 'reef_guard')}")
    assert [o.rpartition(":")[2] for o in pending(game, "assign").option_ids] == front + back
    # The Skulker beats the Reef Guard (1 against 6): the slot stays open, nobody moves up.
    do(game, f"assign:{inst(1, 'dragonette')}:{inst(0, 'byron')}", f"next:{inst(0, 'reef_guard')}")
    game.state.dice_script[:] = [1, 6, 6, 1]
    until(game, "support")
    do(game, "end")
    until(game, "action")
    p0 = game.state.players[0]
    assert p0.front == [inst(0, "flame_lancer"), None, inst(0, "granite_guard"), None]
    assert p0.back == [inst(0, "byron"), inst(0, "gale_spearman"), None, None]
