"""Fantasy Adventures rule tests: defeat and discard (FA-061 to FA-064), stage III, Traps
(FA-065 to FA-074), retreat (FA-075 to FA-079) and the worked cases FAT-012 to FAT-016 and
FAT-084 (a party emptied in the trap stage).

The Encounters start from written positions at window W1 (``start="encounter"``); P1 (seat 0)
is the monster player and P2 (seat 1) the hero player unless a test says otherwise. Dice are
scripted in the order the rules roll them.
"""

from __future__ import annotations

from game.core.game import Game
from tests.fantasy_adventures.helpers import (
    SYSTEM,
    do,
    inst,
    kinds,
    pass_windows,
    pending,
    player,
    position,
    until,
)


def lair(front: list[str], stack: list[str], dice: list[int], back: list[str] | None = None, seats: int = 2,
         **fields) -> Game:
    """P1's stack on P2's party (front rank ``front``), from the Encounter's start."""
    parties = [player(["byron"]), player(front, back, **fields)] + [player(["granite_guard"])] * (seats - 2)
    return position(parties, start="encounter", monster=0, target=1, stacks={"1": stack}, dice=dice)


def enter(game: Game, hero: str) -> list:
    """Pass the windows up to the entering hero's choice, and choose ``hero`` (P2's)."""
    return until(game, "entering") + do(game, f"hero:{inst(1, hero)}")


def to_question(game: Game, kind: str) -> list:
    """Play on to the first question of ``kind``, passing windows."""
    return until(game, kind)


def pass_all_windows(game: Game) -> list:
    """Pass every window, heal windows too, up to the next question that is not a window's."""
    events: list = []
    while (d := game.pending()) is not None and d.window:
        events += game.choose(d.seat, "pass")
    return events


# -- the trap stage (FA-065 to FA-068) ----------------------------------------------------------------

def test_fa_065_fa_066_fa_068_one_trap_round_per_trap_announced_and_revealed_in_order():
    """FA-065, FA-066, FA-068: each trap round begins with the monster player saying truthfully
    whether a trap remains; the entering hero is chosen before the top trap is revealed; two
    traps make two trap rounds, then the surprise stage follows."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "haunting_glyph_trap", "skulker"], dice=[1, 1, 1])
    events = enter(game, "reef_guard") + enter(game, "flame_lancer") + to_question(game, "assign")
    assert [e.data["traps"] for e in events if e.kind == "traps_remain"] == [True, True, False]
    sequence = [(e.kind, e.data.get("hero") or e.data.get("card")) for e in events
                if e.kind in ("entering", "trap_revealed")]
    assert sequence == [("entering", inst(1, "reef_guard")), ("trap_revealed", inst(0, "spiked_pit_trap")),
                        ("entering", inst(1, "flame_lancer")), ("trap_revealed", inst(0, "haunting_glyph_trap"))]
    assert kinds(events).index("surprise_roll") > kinds(events).index("traps_remain", -1 + len(events) // 2)


def test_fa_066_no_trap_no_trap_round():
    """FA-066: a wandering Encounter's trap stage says "no traps remain" and goes straight on to
    the surprise stage: nobody enters."""
    game = lair(["reef_guard"], ["skulker"], dice=[1])
    events = to_question(game, "assign")
    assert [e.data["traps"] for e in events if e.kind == "traps_remain"] == [False]
    assert "entering" not in kinds(events) and "surprise_roll" in kinds(events)


def test_fa_067_the_entering_hero_comes_from_the_front_rank():
    """FA-067: the hero player picks the entering hero from his front rank (never the back rank),
    and may pick another hero next round."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "spiked_pit_trap", "skulker"], dice=[1, 1, 1],
                back=["mist_runner"])
    until(game, "entering")
    d = pending(game, "entering")
    assert d.seat == 1 and d.option_ids == (f"hero:{inst(1, 'reef_guard')}", f"hero:{inst(1, 'flame_lancer')}")
    do(game, d.option_ids[0])
    events = enter(game, "flame_lancer")
    assert [e.data["hero"] for e in events if e.kind == "entering"] == [inst(1, "flame_lancer")]


def test_fa_074_a_feared_hero_enters_only_if_no_other_can_and_then_its_fear_ends():
    """FA-074, A-13: a feared front-rank hero is not offered while another front-rank hero is in
    play; when it is the only one, it may enter, and entering ends its fear."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "skulker"], dice=[1, 1], feared=["reef_guard"])
    until(game, "entering")
    assert pending(game).option_ids == (f"hero:{inst(1, 'flame_lancer')}",)
    game = lair(["reef_guard"], ["spiked_pit_trap", "skulker"], dice=[1, 1], feared=["reef_guard"])
    events = enter(game, "reef_guard")
    assert game.state.players[1].feared == [] and "fear_ends" in kinds(events)


# -- traps with no possible effect (FA-069, FAT-012) ------------------------------------------------------

def test_fat_012_fa_069_a_trap_that_could_do_nothing_is_discarded_without_a_roll():
    """FAT-012, FA-069 (rulebook example): "the entering hero loses an item" on an entering hero
    owning no items is discarded as soon as it is revealed: no disarm die, and a new trap round
    begins (here the next trap's)."""
    game = lair(["reef_guard"], ["snatching_hook_trap", "spiked_pit_trap", "skulker"], dice=[1, 1])
    events = enter(game, "reef_guard")
    events += until(game, "entering")
    assert [e.data["card"] for e in events if e.kind == "trap_no_effect"] == [inst(0, "snatching_hook_trap")]
    assert "disarm" not in kinds(events)
    assert inst(0, "snatching_hook_trap") in game.state.players[0].encounter_discard
    assert [e.data["traps"] for e in events if e.kind == "traps_remain"] == [True, True]
    assert game.state.dice_script == [1, 1]  # no die was rolled


def test_fa_069_what_could_have_no_effect_depends_on_the_entering_hero():
    """FA-069: the same traps are rolled against when they could act: the hook on a hero owning an
    item; Rust Mist (melee weapons) only on a hero owning one; Haunting Glyph (fear) not on a
    hero immune to fear (the Stoic Mask)."""
    def rolled(trap: str, items: list[str]) -> bool:
        game = lair(["reef_guard"], [trap, "skulker"], dice=[1, 1], items={"reef_guard": items} if items else {})
        events = enter(game, "reef_guard") + until(game, "assign")
        return "disarm" in kinds(events)

    assert rolled("snatching_hook_trap", ["chain_armor"])
    assert not rolled("rust_mist_trap", ["chain_armor"])
    assert rolled("rust_mist_trap", ["footmans_sword"])
    assert not rolled("haunting_glyph_trap", ["stoic_mask"])
    assert rolled("haunting_glyph_trap", ["chain_armor"])


# -- the disarm roll (FA-070 to FA-072, FAT-013) ------------------------------------------------------------

def test_fat_013_fa_070_fa_071_a_trap_hero_disarms_on_4():
    """FAT-013, FA-004, FA-070, FA-071: the Mist Runner has the trap ability: a 4 disarms; the
    trap is discarded with no effect."""
    game = lair(["mist_runner"], ["spiked_pit_trap", "skulker"], dice=[4, 1])
    events = enter(game, "mist_runner") + until(game, "assign")
    disarm = next(e for e in events if e.kind == "disarm")
    assert (disarm.data["die"], disarm.data["need"]) == (4, 4) and "disarmed" in kinds(events)
    assert "defeated" not in kinds(events) and inst(1, "mist_runner") in game.state.players[1].heroes()
    assert inst(0, "spiked_pit_trap") in game.state.players[0].encounter_discard


def test_fat_013_fa_070_fa_072_without_the_trap_ability_a_3_sets_the_trap_off():
    """FAT-013, FA-070, FA-072: the Reef Guard has no trap ability: a 3 fails, the Spiked Pit goes
    off on him (he is defeated and discarded), and the trap is then discarded."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "skulker"], dice=[3, 1])
    events = enter(game, "reef_guard") + until(game, "retreat")
    assert [e.kind for e in events if e.kind in ("disarm", "trap_fires", "defeated", "discarded")] == [
        "disarm", "trap_fires", "defeated", "discarded"]
    assert inst(1, "reef_guard") in game.state.players[1].hero_discard
    assert inst(0, "spiked_pit_trap") in game.state.players[0].encounter_discard


def test_fat_013_fa_070_a_disarm_bonus_is_subtracted_by_the_hero_player():
    """FAT-013, FA-070, FA-181: a "+1 to disarm rolls" item (the Stoic Mask) on a hero without the
    trap ability: a 3 is made a 2 and disarms; a 4 made a 3 still fails."""
    def disarmed(die: int) -> bool:
        game = lair(["reef_guard"], ["spiked_pit_trap", "skulker"], dice=[die, 1, 1, 1],
                    items={"reef_guard": ["stoic_mask"]})
        return "disarmed" in kinds(enter(game, "reef_guard") + pass_all_windows(game))

    assert disarmed(3)
    assert not disarmed(4)


def test_fa_072_the_trap_is_discarded_after_its_effect():
    """FA-072: "after the trap effect has been resolved, discard the trap card": the Summoning
    Circle searches P1's deck while it is still on the table, so when the deck runs out during
    the search and is made again from the discard pile (FA-049), the trap is not taken into the
    new deck; it lies in the discard pile afterwards."""
    parties = [player(["byron"], encounter_deck=["heal", "mud_grub"]), player(["reef_guard"])]
    game = position(parties, start="encounter", monster=0, target=1,
                    stacks={"1": ["summoning_circle_trap", "skulker"]}, dice=[6, 1])
    events = enter(game, "reef_guard") + pass_all_windows(game)
    p1 = game.state.players[0]
    # The Heal is passed over, the Mud Grub found; the empty deck is made again from the Heal.
    assert "summoned" in kinds(events) and "reshuffle" in kinds(events)
    assert p1.encounter_deck == [inst(0, "heal")]
    assert p1.encounter_discard == [inst(0, "summoning_circle_trap")]


def test_fa_069_a_summoning_trap_with_nothing_to_summon_is_discarded_at_once():
    """FA-069, FA-225: the Summoning Circle when neither P1's deck nor his discard pile holds a
    monster it could bring (only a Wandering-only one, which cannot join a lair) could have no
    effect: it is discarded with no disarm roll."""
    parties = [player(["byron"], encounter_deck=["heal", "wild_boar"], encounter_discard=["footmans_sword"]),
               player(["reef_guard"])]
    game = position(parties, start="encounter", monster=0, target=1,
                    stacks={"1": ["summoning_circle_trap", "skulker"]}, dice=[6, 1])
    events = enter(game, "reef_guard") + pass_all_windows(game)
    assert "trap_no_effect" in kinds(events) and "disarm" not in kinds(events)
    assert game.state.players[0].encounter_deck == [inst(0, "wild_boar"), inst(0, "heal")]


def test_fa_072_a_trap_naming_other_targets_strikes_them():
    """FA-072, A-12: the Collapsing Ceiling strikes each hero of the front rank (a roll each), not
    only the entering hero; the back rank is spared."""
    game = lair(["reef_guard", "flame_lancer"], ["collapsing_ceiling_trap", "skulker"], dice=[6, 1, 1],
                back=["mist_runner"])
    events = enter(game, "reef_guard") + until(game, "retreat")
    defeated = {e.data["card"] for e in events if e.kind == "defeated"}
    assert defeated == {inst(1, "reef_guard"), inst(1, "flame_lancer")}
    assert game.state.players[1].heroes() == [inst(1, "mist_runner")]


# -- defeat and discard (FA-061 to FA-064) ----------------------------------------------------------------

def test_fa_061_fa_062_saves_first_a_saved_hero_is_never_defeated():
    """FA-061, FA-062: the Spiked Pit defeats the Granite Guard; his own save (1-2) is rolled
    first: a 2 saves him; he stays, nobody is asked to heal, and no retreat is offered."""
    game = lair(["granite_guard"], ["spiked_pit_trap", "skulker"], dice=[3, 2, 1])
    events = enter(game, "granite_guard") + until(game, "assign")  # (until stops at any retreat question)
    assert [e.kind for e in events if e.kind in ("defeated", "save", "heal_window", "discarded")] == [
        "defeated", "save"]
    assert inst(1, "granite_guard") in game.state.players[1].heroes()


def test_fa_062_fa_063_every_save_then_the_heal_window_then_the_discard_with_its_items():
    """FA-062, FA-063, FA-218: both save sources (his own save and the Chain Armor) fail, then
    every player may heal him (all pass), then he is discarded with every item he owns."""
    game = lair(["granite_guard", "flame_lancer"], ["spiked_pit_trap", "skulker"], dice=[3, 3, 4, 1],
                items={"granite_guard": ["chain_armor", "footmans_sword"]})
    events = enter(game, "granite_guard") + until(game, "heal_window")
    assert [e.data["saved"] for e in events if e.kind == "save"] == [False, False]
    asked = []
    while (d := pending(game)).kind == "heal_window":
        asked.append(d.seat)
        events += game.choose(d.seat, "pass")
    assert asked == [1, 0]
    p2 = game.state.players[1]
    assert inst(1, "granite_guard") in p2.hero_discard
    assert {inst(1, "chain_armor"), inst(1, "footmans_sword")} <= set(p2.encounter_discard)
    assert inst(1, "granite_guard") not in p2.items


def test_fa_062_a_healed_hero_is_treated_as_never_defeated():
    """FA-062, FA-199: the Heal spell at the heal window: the hero stays with his items, and no
    retreat is offered, as if he had never been defeated."""
    game = lair(["reef_guard", "sister_oona"], ["spiked_pit_trap", "skulker"], dice=[3, 1],
                items={"reef_guard": ["footmans_sword"]}, hand=["heal"])
    enter(game, "reef_guard")
    events = until(game, "heal_window")
    d = pending(game, "heal_window")
    heal = f"cast:{inst(1, 'heal')}:{inst(1, 'sister_oona')}:{inst(1, 'reef_guard')}"
    assert d.seat == 1 and heal in d.option_ids
    events = do(game, heal) + until(game, "assign")
    p2 = game.state.players[1]
    assert inst(1, "reef_guard") in p2.heroes() and p2.items[inst(1, "reef_guard")] == [inst(1, "footmans_sword")]
    assert "discarded" not in kinds(events)


def test_fa_064_every_card_goes_to_its_owners_pile_of_its_kind():
    """FA-064, FA-222: a defeated hero to its owner's Hero discard pile; the monster player's
    monster to his Encounter discard pile; a monster that joined from P3's hand, beaten, to P3's
    pile, not to the monster player's."""
    parties = [player(["byron"]), player(["reef_guard", "flame_lancer"]),
               player(["granite_guard"], hand=["tunnel_goblin"])]
    game = position(parties, start="combat", monster=0, target=1,
                    monsters=[{"card": "merloit", "hero": "reef_guard"}, {"card": "skulker", "hero": "flame_lancer"}],
                    dice=[6, 1, 1, 6, 6, 1])
    reef, goblin = inst(1, "reef_guard"), inst(2, "tunnel_goblin")
    until(game, "melee_order")
    do(game, f"next:{reef}")
    until(game, "response")
    while (d := pending(game)).seat != 2:
        game.choose(d.seat, "pass")
    do(game, f"hand:{goblin}:0:")  # the Goblin joins: it fights from round 2
    until(game, "retreat")
    do(game, "continue")
    until(game, "assign")
    do(game, f"assign:{inst(0, 'skulker')}:{reef}", f"assign:{goblin}:{reef}", f"melee:{goblin}")
    events = until(game, "melee_win") + do(game, f"defeat:{goblin}") + until(game, "action")
    p1, p2, p3 = game.state.players
    assert inst(0, "merloit") in p1.encounter_discard  # beaten by the Reef Guard in round 1
    assert inst(1, "flame_lancer") in p2.hero_discard  # beaten by the Skulker in round 1
    assert goblin in p3.encounter_discard and goblin not in p1.encounter_discard
    assert "discarded" in kinds(events)


# -- retreat (FA-073, FA-075 to FA-079, FAT-014 to FAT-016) --------------------------------------------------

def test_fat_014_fa_073_fa_076_fa_077_fa_079_retreat_after_a_trap_costs_an_item():
    """FAT-014, FA-073, FA-076, FA-077, FA-079: the Spiked Pit defeats the entering hero (no save,
    no heal): the hero player may retreat. He does: the party owns items, so the monster player
    picks one, which is discarded; every card left in the stack (a trap and a monster never
    revealed) is discarded; in recovery P2 may grant only one item."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "haunting_glyph_trap", "skulker"], dice=[3],
                items={"flame_lancer": ["footmans_sword", "chain_armor"]}, hand=["iron_helm", "warding_pendant"])
    enter(game, "reef_guard")
    until(game, "retreat")
    d = pending(game, "retreat")
    assert d.seat == 1 and d.option_ids == ("continue", "retreat")
    do(game, "retreat")
    d = pending(game, "retreat_item")
    assert d.seat == 0 and set(d.option_ids) == {f"item:{inst(1, 'footmans_sword')}", f"item:{inst(1, 'chain_armor')}"}
    events = do(game, f"item:{inst(1, 'chain_armor')}")
    p1, p2 = game.state.players
    assert p2.items[inst(1, "flame_lancer")] == [inst(1, "footmans_sword")]
    assert inst(1, "chain_armor") in p2.encounter_discard
    assert {inst(0, "haunting_glyph_trap"), inst(0, "skulker")} <= set(p1.encounter_discard)
    assert [e.rule for e in events if e.kind == "encounter_ends"] == ["FA-076"] and game.state.encounter is None
    # Recovery: P1 has no items to grant and keeps his party; P2 may grant just one item.
    pass_windows(game)  # P1's grant question: nothing to grant
    do(game, "end")  # P1 keeps his arrangement
    d = pending(game, "grant")
    assert d.seat == 1 and d.rule == "FA-178"
    do(game, d.option_ids[0])
    assert pending(game).kind == "rearrange"


def test_fat_015_fa_078_without_items_the_hero_player_discards_a_hero_with_no_save():
    """FAT-015, FA-078, A-14: a retreating party owning no items loses a hero of the hero
    player's choice, discarded directly: the Granite Guard's save is not rolled, and nobody may
    heal him."""
    game = lair(["reef_guard", "granite_guard"], ["spiked_pit_trap", "skulker"], dice=[3, 1, 1])
    enter(game, "reef_guard")
    until(game, "retreat")
    do(game, "retreat")
    d = pending(game, "retreat_hero")
    assert d.seat == 1 and d.option_ids == (f"hero:{inst(1, 'granite_guard')}",)
    events = do(game, d.option_ids[0])
    assert "save" not in kinds(events) and "defeated" not in kinds(events)
    assert game.state.dice_script == [1, 1]  # no die rolled
    assert inst(1, "granite_guard") in game.state.players[1].hero_discard
    assert pending(game).kind != "heal_window"


def test_fat_015_fa_040_a_party_that_retreats_its_last_hero_away_is_eliminated():
    """FAT-015, FA-078, FA-040: the only hero left goes to the retreat penalty: the player is
    eliminated at the end of the player turn."""
    game = lair(["reef_guard", "flame_lancer"], ["spiked_pit_trap", "skulker"], dice=[3], seats=3)
    enter(game, "reef_guard")
    until(game, "retreat")
    do(game, "retreat", f"hero:{inst(1, 'flame_lancer')}")
    assert game.state.players[1].heroes() == [] and not game.state.players[1].eliminated
    events = []
    while "player_turn" not in kinds(events):
        d = pending(game)
        events += game.choose(d.seat, "end" if "end" in d.option_ids else "pass")
    assert game.state.players[1].eliminated


def test_fat_016_fa_075_a_saved_hero_opens_no_retreat():
    """FAT-016, FA-075: a hero defeated in the melee and saved by his armor: no retreat is offered
    at the end of the round."""
    game = position([player(["byron"]), player(["reef_guard"], items={"reef_guard": ["chain_armor"]})],
                    start="combat", monster=0, target=1, monsters=[{"card": "skulker", "hero": "reef_guard"}],
                    dice=[1, 6, 1])
    events = []
    while game.state.encounter.round == 1:
        d = pending(game)
        assert d.kind != "retreat"
        events += game.choose(d.seat, "pass")
    assert [e.data["saved"] for e in events if e.kind == "save"] == [True]


def test_fat_016_fa_075_the_retreat_offer_lasts_only_to_the_end_of_its_round():
    """FAT-016, FA-075, FA-093: a hero discarded in combat round 1 opens the retreat at the end
    of round 1; declined, it is not offered again at the end of round 2, where nobody fell."""
    game = position([player(["byron"]), player(["reef_guard", "flame_lancer"])], start="combat", monster=0,
                    target=1, monsters=[{"card": "skulker", "hero": "reef_guard"}], dice=[1, 6, 3, 3])
    until(game, "support")
    do(game, "end")
    until(game, "retreat")
    assert pending(game, "retreat").seat == 1
    do(game, "continue")
    until(game, "assign")
    do(game, pending(game).option_ids[0])
    events = []
    while game.state.encounter is not None and game.state.encounter.round == 2:
        d = pending(game)
        assert d.kind != "retreat"
        events += game.choose(d.seat, "pass")
    assert "melee_tie" in kinds(events)


def test_fa_075_retreat_is_offered_only_after_a_round_with_a_discarded_hero():
    """FA-075: the end of a trap round in which nobody fell offers no retreat."""
    game = lair(["reef_guard"], ["spiked_pit_trap", "spiked_pit_trap", "skulker"], dice=[1, 3, 1])
    events = enter(game, "reef_guard") + until(game, "entering")  # (until stops at any retreat question)
    assert "disarmed" in kinds(events) and pending(game, "entering").seat == 1


# -- a party emptied in the trap stage (FAT-084) -------------------------------------------------------------

def test_fat_084_fa_237_a_party_emptied_by_a_trap_ends_the_encounter_at_once():
    """FAT-084, FA-237, FA-094, FA-040: P2's last hero enters and falls to the Spiked Pit (no save,
    no heal) while a second trap and two monsters wait: the Encounter ends at once, with no
    further trap round, surprise or combat, no retreat and no penalty; the stack is discarded;
    P2 is eliminated at the end of P1's player turn."""
    game = lair(["reef_guard"], ["spiked_pit_trap", "haunting_glyph_trap", "skulker", "merloit"], dice=[3], seats=3,
                hand=["footmans_sword"])
    events = enter(game, "reef_guard") + until(game, "heal_window")
    while (d := pending(game)).kind == "heal_window":
        events += game.choose(d.seat, "pass")
    ended = [e for e in events if e.kind == "encounter_ends"]
    assert [e.rule for e in ended] == ["FA-237"]
    assert not {"retreat", "surprise_roll", "combat_round"} & set(kinds(events))
    assert [e.data["traps"] for e in events if e.kind == "traps_remain"] == [True]
    p1 = game.state.players[0]
    assert {inst(0, c) for c in ("haunting_glyph_trap", "skulker", "merloit")} <= set(p1.encounter_discard)
    assert game.state.encounter is None and pending(game).kind in ("grant", "rearrange")
    while "player_turn" not in kinds(events):
        d = pending(game)
        events += game.choose(d.seat, "end" if "end" in d.option_ids else "pass")
    assert game.state.players[1].eliminated
    assert not SYSTEM.invariants(game.state)
