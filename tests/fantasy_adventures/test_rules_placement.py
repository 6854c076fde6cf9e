"""Fantasy Adventures rule tests: stage II, Placement (FA-051 to FA-060) and the worked cases
FAT-006 to FAT-011 (stack limits, summons, trap order, lair and wandering monsters, the order
and isolation of Encounters).

The monster player builds each stack a card at a time through the decision protocol
("attack:<seat>", "add:<card>", "end"); a card he may not add is listed as blocked, with the
rule that forbids it.
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalChoice
from game.core.game import Game
from tests.fantasy_adventures.helpers import (
    CONTENT,
    do,
    inst,
    kinds,
    pending,
    player,
    position,
    until,
)


def placing(hand: list[str], game_turn: int = 1, seats: int = 3, **scenario) -> Game:
    """A position at stage II: P1 (seat 0) is the monster player holding ``hand``; with a third
    party to attack, closing a stack does not end the placement."""
    parties = [player(["byron"], hand=hand)] + [player(["reef_guard", "gale_spearman"]) for _ in range(seats - 1)]
    return position(parties, start="placement", monster=0, game_turn=game_turn, **scenario)


def blocked(game: Game) -> dict[str, str]:
    """The cards the monster player may not add now, each with the rule that forbids it."""
    return {b.option_id.partition(":")[2]: b.rule for b in pending(game, "place").blocked}


def add(game: Game, *cards: str) -> None:
    do(game, *(f"add:{inst(0, c)}" for c in cards))


# -- the stack limit (FA-053, FA-054, FAT-006 to FAT-008) ---------------------------------------------

def test_fat_006_fa_053_merloit_skulker_and_dragonette_fill_a_first_turn_stack():
    """FAT-006, FA-053 (rulebook example): in game turn 1 Merloit (3), Skulker (4) and Dragonette
    (2) make a legal stack of 9; no further monster fits, but traps, items and spells do."""
    game = placing(["merloit", "skulker", "dragonette", "cinder_rat", "spiked_pit_trap", "footmans_sword", "heal"])
    do(game, "attack:1")
    add(game, "merloit")
    assert pending(game).prompt.startswith("Stack on Player 2's party: 1 card, Melee 3 of 9.")
    add(game, "skulker", "dragonette")
    assert pending(game).prompt.startswith("Stack on Player 2's party: 3 cards, Melee 9 of 9.")
    assert blocked(game) == {inst(0, "cinder_rat"): "FA-053"}
    with pytest.raises(IllegalChoice):
        game.choose(0, f"add:{inst(0, 'cinder_rat')}")
    add(game, "spiked_pit_trap", "footmans_sword", "heal")
    do(game, "end")
    assert game.state.stacks["1"] == [inst(0, c) for c in ("spiked_pit_trap", "merloit", "skulker", "dragonette",
                                                           "footmans_sword", "heal")]


@pytest.mark.parametrize("game_turn,monsters", [
    (1, ["skulker", "lesser_demon"]),
    (2, ["skulker", "lesser_demon", "merloit"]),
    (3, ["magma_wyvern", "lesser_demon", "skulker"]),
    (4, ["vortex_horror", "magma_wyvern", "lesser_demon"]),
])
def test_fat_007_fa_053_the_limit_is_9_12_15_18_by_game_turn(game_turn: int, monsters: list[str]):
    """FAT-007, FA-053: stacks of 9, 12, 15 and 18 are legal in game turns 1 to 4; one Melee
    more (10, 13, 16, 19) is not."""
    game = placing(monsters + ["cinder_rat"], game_turn=game_turn)
    do(game, "attack:1")
    add(game, *monsters)
    assert blocked(game) == {inst(0, "cinder_rat"): "FA-053"}
    assert f"Melee {6 + 3 * game_turn} of {6 + 3 * game_turn}" in pending(game).prompt
    do(game, "end")
    assert game.state.stacks["1"] == [inst(0, m) for m in monsters]


def test_fat_008_fa_054_a_summoned_monster_does_not_count_toward_the_limit():
    """FAT-008, FA-054: a game-turn-1 stack of exactly 9 (Sunken Lich 6, Merloit 3); in the
    Action phase the Lich summons an undead (Undead Firebrand, 4): legal, though the Encounter
    now holds 13 Melee of monsters, and the Firebrand fights from the next round."""
    parties = [player(["byron"], hand=["sunken_lich", "merloit"], encounter_deck=["mud_grub", "undead_firebrand", "skulker"]),
               player(["kaelen_emberward"])]
    game = position(parties, start="placement", monster=0, dice=[1, 1, 4])
    do(game, "attack:1", f"add:{inst(0, 'sunken_lich')}", f"add:{inst(0, 'merloit')}", "end")
    until(game, "assign")  # the surprise roll of 1: nobody surprises
    hero = inst(1, "kaelen_emberward")
    do(game, f"assign:{inst(0, 'sunken_lich')}:{hero}", f"assign:{inst(0, 'merloit')}:{hero}",
       f"melee:{inst(0, 'merloit')}")  # Kaelen 1 + 6 against Merloit 4 + 3: a tie
    until(game, "action")
    do(game, "pass")  # the hero player passes: the monster player has one last action
    d = pending(game, "action")
    assert d.seat == 0
    events = do(game, f"use:{inst(0, 'sunken_lich')}:0:")
    encounter = game.state.encounter
    summoned = [m for m in encounter.monsters if m.card == inst(0, "undead_firebrand")]
    assert summoned and summoned[0].pending
    assert sum(CONTENT.card(m.card).melee for m in encounter.monsters) == 13
    assert inst(0, "mud_grub") in game.state.players[0].encounter_discard  # passed over
    assert "summoned" in kinds(events)
    until(game, "assign")
    assert f"assign:{inst(0, 'undead_firebrand')}:{hero}" in pending(game).option_ids


# -- traps on top; lairs (FA-055, FA-056, FAT-009) -------------------------------------------------------

def test_fat_009_fa_055_fa_056_traps_go_on_top_in_the_order_added():
    """FAT-009, FA-055, FA-056: P1 adds trap T-A, monster M and trap T-B: T-B goes above M (traps
    always sit on top), below T-A; the Encounter is a lair. T-A is revealed first, T-B second."""
    game = placing(["spiked_pit_trap", "skulker", "haunting_glyph_trap"])
    do(game, "attack:1")
    add(game, "spiked_pit_trap", "skulker", "haunting_glyph_trap")
    do(game, "end")  # his hand is empty: the placement ends and the Encounter begins
    encounter = game.state.encounter
    assert encounter.stack == [inst(0, "spiked_pit_trap"), inst(0, "haunting_glyph_trap"), inst(0, "skulker")]
    assert encounter.lair
    game.state.dice_script[:] = [1, 1, 1]  # both traps disarmed; no surprise
    events = []
    for _ in range(2):
        events += until(game, "entering")
        events += do(game, f"hero:{inst(1, 'reef_guard')}")
    events += until(game, "assign")
    revealed = [e.data["card"] for e in events if e.kind == "trap_revealed"]
    assert revealed == [inst(0, "spiked_pit_trap"), inst(0, "haunting_glyph_trap")]
    assert game.state.encounter.lair


def test_fa_056_a_lair_stays_a_lair_when_its_traps_are_gone():
    """FA-056, A-10, FAT-010: the Encounter's status is fixed at placement: once its only trap
    is gone, a Lair-only spell (Tremor Sense) may still be cast in its combat stage, and not in
    a wandering Encounter's."""
    def casts_in_combat(stack: list[str]) -> bool:
        game = position([player(["byron"]), player(["pyra_vell", "reef_guard"], hand=["tremor_sense"])],
                        start="encounter", monster=0, target=1, stacks={"1": stack}, dice=[1, 1])
        while (d := pending(game)).kind != "assign":
            if d.kind == "entering":
                do(game, d.option_ids[0])
            else:
                game.choose(d.seat, "pass")
        assert game.state.encounter.stack == [] and game.state.encounter.lair == ("spiked_pit_trap" in stack)
        do(game, pending(game).option_ids[0])
        d = pending(game, "response")
        return any(o.startswith(f"cast:{inst(1, 'tremor_sense')}") for o in d.option_ids)

    assert casts_in_combat(["spiked_pit_trap", "skulker"])
    assert not casts_in_combat(["skulker"])


# -- Lair only and Wandering only (FA-057, FAT-010) ---------------------------------------------------------

def test_fat_010_fa_057_a_lair_only_monster_needs_a_trap_in_its_stack():
    """FAT-010, FA-057: the Grotto Crab (Lair only) may not join a stack without a trap; once
    a trap is in the stack it may."""
    game = placing(["grotto_crab", "spiked_pit_trap"])
    do(game, "attack:1")
    assert blocked(game) == {inst(0, "grotto_crab"): "FA-057"}
    add(game, "spiked_pit_trap")
    assert blocked(game) == {}
    add(game, "grotto_crab")
    do(game, "end")
    encounter = game.state.encounter
    assert encounter.stack == [inst(0, "spiked_pit_trap"), inst(0, "grotto_crab")] and encounter.lair


def test_fat_010_fa_057_a_wandering_only_monster_and_a_trap_never_share_a_stack():
    """FAT-010, FA-057: the Wild Boar (Wandering only) may join a stack without traps, and then no
    trap may join it; in a stack that holds a trap, the Boar may not."""
    game = placing(["wild_boar", "spiked_pit_trap"])
    do(game, "attack:1")
    add(game, "wild_boar")
    assert blocked(game) == {inst(0, "spiked_pit_trap"): "FA-057"}
    do(game, "end")
    assert game.state.lairs == []
    game = placing(["wild_boar", "spiked_pit_trap"])
    do(game, "attack:1")
    add(game, "spiked_pit_trap")
    assert blocked(game) == {inst(0, "wild_boar"): "FA-057"}


# -- stacks and parties (FA-051, FA-052) ------------------------------------------------------------------

def test_fa_051_one_stack_per_party_never_on_his_own_and_never_empty():
    """FA-051, A-08: the monster player picks the parties: never his own, each at most once a
    turn; a stack he closes empty is no stack."""
    game = placing(["merloit", "skulker"], seats=3)
    assert pending(game, "place").option_ids == ("attack:1", "attack:2", "end")
    do(game, "attack:1", f"add:{inst(0, 'merloit')}", "end")
    assert pending(game, "place").option_ids == ("attack:2", "end")
    do(game, "attack:2")
    assert pending(game).option_ids[-1] == "end"
    do(game, "end")  # nothing added: no stack on P3, who may still be picked
    assert list(game.state.stacks) == ["1"] and game.state.order == [1]
    assert pending(game, "place").option_ids == ("attack:2", "end")


def test_fa_052_items_and_spells_in_a_stack_do_nothing_and_are_discarded_when_revealed():
    """FA-052, A-09: an item and a spell may fill a stack; they are turned up at the start of the
    combat stage and discarded there with no effect; only the monster fights."""
    game = placing(["footmans_sword", "heal", "merloit"])
    do(game, "attack:1")
    add(game, "footmans_sword", "heal", "merloit")
    do(game, "end")
    events = until(game, "duel") + do(game, "pass") + until(game, "assign")
    revealed = next(e for e in events if e.kind == "stack_revealed")
    assert set(revealed.data["cards"]) == {inst(0, c) for c in ("footmans_sword", "heal", "merloit")}
    assert [m.card for m in game.state.encounter.monsters] == [inst(0, "merloit")]
    assert {inst(0, "footmans_sword"), inst(0, "heal")} <= set(game.state.players[0].encounter_discard)
    assert game.state.players[1].items == {}


# -- the order of the Encounters; isolation (FA-058 to FA-060, FAT-011) -------------------------------------

def test_fat_011_fa_058_fa_059_encounters_run_whole_in_the_declared_order():
    """FAT-011, FA-058, FA-059: P1 places on P2 and P3 and declares [P3, P2] before anything is
    resolved; P3's Encounter runs through traps, surprise and combat before P2's trap stage."""
    game = placing(["merloit", "spiked_pit_trap", "skulker"], seats=3, dice=[6, 6, 6, 1, 6, 1, 1])
    do(game, "attack:1", f"add:{inst(0, 'spiked_pit_trap')}", f"add:{inst(0, 'merloit')}", "end")
    do(game, "attack:2", f"add:{inst(0, 'skulker')}", "end")
    d = pending(game, "encounter_order")
    assert d.seat == 0 and d.option_ids == ("next:1", "next:2")
    events = do(game, "next:2")
    assert [e.data["order"] for e in events if e.kind == "encounter_order"] == [[2, 1]]
    assert game.state.encounter.target == 2
    events += until(game, "duel") + do(game, "pass") + until(game, "assign")
    events += do(game, pending(game).option_ids[0])
    while (d := pending(game)).kind != "entering":
        events += game.choose(d.seat, "pass" if "pass" in d.option_ids else d.option_ids[0])
    stages = [(e.kind, e.data.get("target")) for e in events if e.kind in ("encounter", "encounter_ends")]
    assert stages == [("encounter", 2), ("encounter_ends", 2), ("encounter", 1)]
    trap_stage = kinds(events).index("traps_remain", kinds(events).index("encounter_ends"))
    assert "combat_round" in kinds(events)[:trap_stage] and game.state.encounter.target == 1


def test_fat_011_fa_060_another_partys_stack_takes_no_part_in_an_encounter():
    """FAT-011, FA-060: during P3's Encounter, P2's Wand of Unmaking ("Anytime: defeat one monster
    of Melee 2 or less in any Encounter") reaches the Cinder Rat attacking P3, never the Mud Grub
    waiting face down in the stack on P2's own party."""
    parties = [player(["byron"]), player(["reef_guard"], items={"reef_guard": ["wand_of_unmaking"]}),
               player(["granite_guard"])]
    game = position(parties, start="combat", monster=0, target=2, stacks={"1": ["mud_grub"]},
                    monsters=[{"card": "cinder_rat", "hero": "granite_guard"}])
    until(game, "response")
    while (d := pending(game)).seat != 1:
        game.choose(d.seat, "pass")
    wand = [o for o in d.option_ids if o != "pass"]
    assert wand == [f"use:{inst(1, 'wand_of_unmaking')}:0:{inst(0, 'cinder_rat')}"]
    assert game.state.stacks["1"] == [inst(0, "mud_grub")]
