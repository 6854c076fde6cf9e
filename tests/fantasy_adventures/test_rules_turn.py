"""Fantasy Adventures rule tests: the player turn and the game turn (FA-034 to FA-036,
FA-043 to FA-045), winning and elimination (FA-037 to FA-042), the cards stage (FA-046 to
FA-050), and the worked cases FAT-003 to FAT-005 and FAT-075 to FAT-078 (the end of an
Encounter, recovery, winning).

Each test sets up a written position, plays it through the decision protocol and checks what
the rules say happens.
"""

from __future__ import annotations

from game.core.game import Game
from tests.fantasy_adventures.helpers import (
    SYSTEM,
    do,
    inst,
    kinds,
    pending,
    player,
    position,
    until,
)

# Cards to fill a hand or a deck with: what they are does not matter to the cards stage.
FILLER = ["merloit", "skulker", "dragonette", "cinder_rat", "mud_grub", "wild_boar", "footmans_sword", "heal",
          "spiked_pit_trap", "flying", "iron_helm", "brimstone_hound", "tunnel_goblin", "squall_piper"]


def cards(n: int) -> list[str]:
    """``n`` Encounter cards (definitions repeat: a second copy is a second instance)."""
    return [FILLER[i % len(FILLER)] for i in range(n)]


def quiet_answer(game: Game) -> list:
    """Answer the pending question the quiet way: keep the hand, place nothing, grant nothing,
    keep the party as it is, pass every window."""
    d = pending(game)
    for quiet in ("keep", "end", "pass", "continue"):
        if quiet in d.option_ids:
            return game.choose(d.seat, quiet)
    raise AssertionError(f"no quiet answer to {d.kind}: {d.option_ids}")


def play_quietly_until(game: Game, kind: str) -> list:
    events: list = []
    while (d := game.pending()) is not None and d.kind != kind:
        events += quiet_answer(game)
    return events


def finish_turn(game: Game) -> list:
    """Answer quietly until the next player turn begins or the game ends; return the events."""
    events: list = []
    while game.pending() is not None:
        new = quiet_answer(game)
        events += new
        if "player_turn" in kinds(new):
            break
    return events


# -- the turn order (FA-034, FA-035, FA-036, FA-042, FA-045) --------------------------------------------

def test_fa_034_turns_pass_clockwise_and_a_game_turn_is_one_turn_each():
    """FA-034: after P1's player turn P2's, then P3's; game turn 2 begins with P1 again."""
    game = position([player(["byron"]), player(["reef_guard"]), player(["granite_guard"])], start="turn",
                    monster=0)
    seen = []
    for _ in range(4):
        seen += [(e.data["seat"], e.data["game_turn"]) for e in finish_turn(game) if e.kind == "player_turn"]
    assert seen == [(1, 1), (2, 1), (0, 2), (1, 2)]


def test_fa_042_an_eliminated_player_is_skipped_but_the_others_finish_the_game_turn():
    """FA-042, FA-040, FA-034: P1 plays the first player turn of game turn 1; in P2's turn P1
    loses his last hero and is eliminated. P3 has not played yet: his turn is still in game
    turn 1, and game turn 2 begins with P2 (P1 skipped)."""
    game = position([player(["harbor_shieldman"]), player(["reef_guard"], hand=["skulker"]),
                     player(["granite_guard"])], start="turn", monster=0, dice=[6, 1, 6])
    assert [e.data["seat"] for e in finish_turn(game) if e.kind == "player_turn"] == [1]
    events = do(game, "keep", "attack:0", f"add:{inst(1, 'skulker')}", "end")
    events += until(game, "duel")
    events += do(game, "pass")
    events += until(game, "assign")
    events += do(game, f"assign:{inst(1, 'skulker')}:{inst(0, 'harbor_shieldman')}")
    events += finish_turn(game)
    assert "eliminated" in kinds(events) and game.state.players[0].eliminated
    assert [(e.data["seat"], e.data["game_turn"]) for e in events if e.kind == "player_turn"] == [(2, 1)]
    events = finish_turn(game)
    assert [(e.data["seat"], e.data["game_turn"]) for e in events if e.kind == "player_turn"] == [(1, 2)]


def test_fa_035_fa_036_the_monster_player_may_attack_every_other_party():
    """FA-035, FA-036: in a 4-player game the monster player places a stack on each of the three
    other parties, never his own; in each Encounter the attacked party's player is the hero
    player (asked first at its windows), then the monster player, then the non-involved players
    clockwise from the monster player."""
    parties = [player(["byron"], hand=["merloit", "skulker", "dragonette"]), player(["reef_guard"]),
               player(["granite_guard"]), player(["flame_lancer"])]
    game = position(parties, start="placement", monster=0, dice=[6, 6, 6])
    for target, card in ((1, "merloit"), (2, "skulker"), (3, "dragonette")):
        d = pending(game, "place")
        assert f"attack:{target}" in d.option_ids and "attack:0" not in d.option_ids
        do(game, f"attack:{target}", f"add:{inst(0, card)}", "end")
    do(game, "next:3", "next:1")
    assert game.state.encounter.target == 3 and game.state.order == [1, 2]
    asked = []
    while (d := pending(game)).kind == "response" and len(asked) < 4:
        asked.append(d.seat)
        game.choose(d.seat, "pass")
    assert asked == [3, 0, 1, 2]


def test_fa_045_once_per_turn_means_once_per_player_turn():
    """FA-045: "turn" on a card is a player turn: an ability used in P2's turn may be used again
    in P3's turn of the same game turn."""
    game = position([player(["byron"]), player(["reef_guard"]), player(["elder_fenwick"])],
                    start="recovery", monster=1, first=0)
    game.state.players[2].used.append(f"{inst(2, 'elder_fenwick')}:0.0")
    finish_turn(game)
    assert game.state.monster == 2 and game.state.game_turn == 1
    assert game.state.players[2].used == []

# -- the game's end (FA-037 to FA-041, FAT-077, FAT-078) -------------------------------------------------

def test_fa_037_the_game_ends_after_the_last_player_turn_of_game_turn_4():
    """FA-037: in game turn 4 the game goes on until the last player's recovery and elimination
    check, then ends."""
    game = position([player(["byron"]), player(["reef_guard"])], start="recovery", monster=0, first=0,
                    game_turn=4)
    events = finish_turn(game)
    assert [(e.data["seat"], e.data["game_turn"]) for e in events if e.kind == "player_turn"] == [(1, 4)]
    events = finish_turn(game)
    assert game.pending() is None and "game_over" in kinds(events)
    assert game.outcome().reason == "four game turns played"


def test_fa_037_fa_039_fa_041_the_end_of_the_game_names_the_rule_that_ended_it():
    """FA-037, FA-038, FA-039: a game that ends after four game turns says so by FA-037, its
    scores by FA-038 and its winner by FA-039; FA-041: one that ends because one player (or none)
    is left names FA-041 alone, as the last player wins whatever the scores say."""
    game = position([player(["byron"]), player(["reef_guard"])], start="recovery", monster=1, first=0,
                    game_turn=4)
    ending = [e for e in finish_turn(game) if e.kind == "game_over"]
    assert [e.rule for e in ending] == ["FA-037, FA-038, FA-039"]
    assert game.outcome().rule == "FA-037"
    game = position([player(["byron"]), player(["harbor_shieldman"])], start="combat", monster=0, target=1,
                    monsters=[{"card": "skulker", "hero": "harbor_shieldman"}], dice=[1, 6])
    ending = [e for e in play_quietly_until(game, "never") if e.kind == "game_over"]
    assert [e.rule for e in ending] == ["FA-041"] and game.outcome().rule == "FA-041"


def test_fat_077_fa_038_fa_039_final_score_heroes_and_their_items_ties_share_the_win():
    """FAT-077, FA-007, FA-038, FA-039: after game turn 4, P1's heroes are worth 1200 GP and their
    items 600, with 3 items in hand and a hero in the discard pile; P2's heroes 1500 and items
    300. Both score 1800 (the cards' GP Values) and are joint winners: hand, deck and discard
    pile count for nothing."""
    p1 = player(["byron", "marisol_tidecaller", "cinder_warden", "granite_guard"],
                items={"byron": ["footmans_sword", "wand_of_unmaking"]},
                hand=["chain_armor", "iron_helm", "featherweave_coat"], hero_discard=["kaelen_emberward"],
                encounter_deck=["lesser_demon"])
    p2 = player(["kaelen_emberward", "thorn_oakheart", "marisol_tidecaller"], ["granite_guard"],
                items={"granite_guard": ["chain_armor"]})
    game = position([p1, p2], start="recovery", monster=1, first=0, game_turn=4)
    play_quietly_until(game, "never")
    outcome = game.outcome()
    assert outcome.scores == (1800, 1800) and outcome.winners == (0, 1)
    # One more GP for P2 (a 210 GP hero for a 200 GP one) and he wins alone.
    p2["front"][2:] = []
    p2["back"] = ["reef_guard", "marisol_tidecaller"]
    p2["items"] = {"reef_guard": ["chain_armor"]}
    game = position([p1, p2], start="recovery", monster=1, first=0, game_turn=4)
    play_quietly_until(game, "never")
    assert game.outcome().scores == (1800, 1810) and game.outcome().winners == (1,)


def test_fat_078_fa_040_fa_041_elimination_at_the_end_of_the_player_turn():
    """FAT-078, FA-040, FA-041: P2 loses his last hero in P1's second Encounter; he is eliminated
    only at the end of P1's player turn (his cards leave the game) and the game goes on with P1
    and P3, P2 skipped."""
    parties = [player(["byron"]), player(["harbor_shieldman"], hand=["merloit"], encounter_deck=["skulker"]),
               player(["reef_guard"])]
    game = position(parties, start="combat", monster=0, target=1, stacks={"2": ["cinder_rat"]},
                    monsters=[{"card": "skulker", "hero": "harbor_shieldman"}], dice=[1, 6])
    # P1's first Encounter was on P3 (already over); this is the second, on P2.
    game.state.order.clear()
    events = play_quietly_until(game, "rearrange")
    p2 = game.state.players[1]
    assert p2.heroes() == [] and not p2.eliminated  # no heroes, but still in the game until the turn ends
    assert "eliminated" not in kinds(events)
    events = finish_turn(game)
    assert kinds(events).count("eliminated") == 1 and p2.eliminated
    assert p2.hand == [] and p2.encounter_deck == [] and p2.hero_discard == []
    assert {inst(1, "merloit"), inst(1, "skulker"), inst(1, "harbor_shieldman")} <= set(game.state.removed)
    assert game.state.monster == 2  # P2 is skipped
    assert not SYSTEM.invariants(game.state)


def test_fat_078_fa_041_the_last_player_left_wins_at_once():
    """FAT-078, FA-041, A-02: with two players, P2 losing his last hero ends the game at the end
    of P1's player turn: P1 wins, even before game turn 4."""
    game = position([player(["byron"]), player(["harbor_shieldman"])], start="combat", monster=0, target=1,
                    monsters=[{"card": "skulker", "hero": "harbor_shieldman"}], dice=[1, 6])
    events = play_quietly_until(game, "never")
    assert game.pending() is None
    assert game.outcome().winners == (0,) and game.outcome().reason == "last player standing"
    assert game.state.game_turn == 1 and "eliminated" in kinds(events)


def test_fa_041_no_player_left_no_winner():
    """FA-041, A-02: if the elimination check leaves nobody, the game ends with no winner."""
    game = position([player([]), player([])], start="recovery", monster=0)
    play_quietly_until(game, "never")
    assert game.outcome().winners == () and game.outcome().reason == "no players remain"


# -- the six stages (FA-043, FA-044) ---------------------------------------------------------------------

def test_fa_043_fa_044_a_player_turn_runs_its_six_stages_in_order():
    """FA-043, FA-044: Cards, Placement, then the Encounter's Traps (a round per trap), Surprise
    and Combat (rounds until an end), then Recovery."""
    game = position([player(["byron"], hand=["spiked_pit_trap", "spiked_pit_trap", "merloit"]),
                     player(["reef_guard", "gale_spearman"])], start="turn", monster=0,
                    dice=[1, 1, 6, 3, 4, 6, 1])
    events = do(game, "keep", "attack:1", f"add:{inst(0, 'spiked_pit_trap')}", f"add:{inst(0, 'spiked_pit_trap', 2)}",
                f"add:{inst(0, 'merloit')}", "end")
    events += until(game, "entering")
    events += do(game, f"hero:{inst(1, 'reef_guard')}")
    events += until(game, "entering")
    events += do(game, f"hero:{inst(1, 'reef_guard')}")
    events += until(game, "duel")
    events += do(game, "pass")
    events += until(game, "assign")
    events += do(game, f"assign:{inst(0, 'merloit')}:{inst(1, 'reef_guard')}")
    events = game.initial_events + events + finish_turn(game)
    stages = ["player_turn", "no_draw", "stack_placed", "encounter", "traps_remain", "surprise_roll", "combat_round",
              "encounter_ends", "recovery"]
    firsts = [kinds(events).index(k) for k in stages]
    assert firsts == sorted(firsts) and "player_turn" in kinds(events)[firsts[-1]:]  # then the next turn
    assert [e.data["traps"] for e in events if e.kind == "traps_remain"] == [True, True, False]
    assert kinds(events).count("combat_round") == 2  # a tie in round 1, the Merloit beaten in round 2


# -- stage I: Cards (FA-046 to FA-050, FAT-003 to FAT-005) -----------------------------------------------

def test_fat_003_fa_046_fa_047_everybody_draws_to_10_the_monster_player_to_12():
    """FAT-003, FA-046, FA-047: hands of 7, 4 and 11 at the start of P1's turn: P1 draws 5 (to
    12), P2 draws 6 (to 10), P3 draws none and keeps 11."""
    parties = [player(["byron"], hand=cards(7), encounter_deck=cards(20)),
               player(["reef_guard"], hand=cards(4), encounter_deck=cards(20)),
               player(["granite_guard"], hand=cards(11), encounter_deck=cards(20))]
    game = position(parties, start="turn", monster=0)
    events = do(game, "keep")
    assert [len(p.hand) for p in game.state.players] == [12, 10, 11]
    assert [(e.data["seat"], e.data["count"]) for e in events if e.kind == "draw"] == [(0, 5), (1, 6)]
    assert [len(p.encounter_deck) for p in game.state.players] == [15, 14, 20]
    # Variant: the monster player holds 13: he draws nothing and discards nothing.
    parties[0] = player(["byron"], hand=cards(13), encounter_deck=cards(20))
    game = position(parties, start="turn", monster=0)
    do(game, "keep")
    assert len(game.state.players[0].hand) == 13 and len(game.state.players[0].encounter_deck) == 20


def test_fat_004_fa_048_the_monster_player_may_discard_his_whole_hand_first():
    """FAT-004, FA-048: monster player P1 holding 9 cards discards them all, then draws 12. Only
    he is asked, and only all or nothing is offered."""
    parties = [player(["byron"], hand=cards(9), encounter_deck=cards(30)),
               player(["reef_guard"], hand=cards(3), encounter_deck=cards(30))]
    game = position(parties, start="turn", monster=0)
    d = pending(game, "mulligan")
    assert d.seat == 0 and d.option_ids == ("keep", "mulligan") and d.max_choices == 1
    old = list(game.state.players[0].hand)
    events = do(game, "mulligan")
    p1 = game.state.players[0]
    assert p1.encounter_discard == old and len(p1.hand) == 12 and not set(old) & set(p1.hand)
    assert pending(game).kind == "place"  # nobody else was asked
    assert "mulligan" not in [e.kind for e in events if e.data.get("seat") == 1]


def test_fat_005_fa_049_an_empty_deck_is_made_again_from_its_discard_pile():
    """FAT-005, FA-049: P2 must draw 5 with 2 cards in his deck and 30 in his discard pile: he
    draws 2, shuffles the 30 into a new deck and draws 3 more."""
    parties = [player(["byron"], hand=cards(12)),
               player(["reef_guard"], hand=cards(5), encounter_deck=["lesser_demon", "sunken_lich"],
                      encounter_discard=cards(30))]
    game = position(parties, start="turn", monster=0)
    events = do(game, "keep")
    p2 = game.state.players[1]
    assert p2.hand[5:7] == [inst(1, "lesser_demon"), inst(1, "sunken_lich")]
    assert len(p2.hand) == 10 and len(p2.encounter_deck) == 27 and p2.encounter_discard == []
    assert [e.data["seat"] for e in events if e.kind == "reshuffle"] == [1]


def test_fa_049_the_reshuffle_is_immediate_when_the_deck_runs_out():
    """FA-049: "as soon as a player's deck is empty" he shuffles its discard pile into a new
    deck, not at his next draw: P2 draws the last 2 cards of his deck, and at once his 3
    discarded cards are his new deck (cards discarded later stay in the discard pile)."""
    parties = [player(["byron"], hand=cards(12)),
               player(["reef_guard"], hand=cards(8), encounter_deck=["merloit", "skulker"],
                      encounter_discard=["stoneskin", "tidal_ward", "chain_armor"])]
    game = position(parties, start="turn", monster=0)
    events = do(game, "keep")
    p2 = game.state.players[1]
    assert len(p2.hand) == 10
    assert sorted(p2.encounter_deck) == sorted(inst(1, c) for c in ("stoneskin", "tidal_ward", "chain_armor"))
    assert p2.encounter_discard == [] and "reshuffle" in kinds(events)


def test_fat_005_fa_050_with_deck_and_discard_pile_empty_the_draw_is_skipped():
    """FAT-005 variant, FA-050, A-11: deck and discard pile both empty: the draws are skipped,
    with no penalty, and the turn goes on."""
    parties = [player(["byron"], hand=cards(12)), player(["reef_guard"], hand=cards(7), encounter_deck=["merloit"])]
    game = position(parties, start="turn", monster=0)
    events = do(game, "keep")
    assert len(game.state.players[1].hand) == 8
    assert [e.data["seat"] for e in events if e.kind == "no_draw"] == [1]
    assert pending(game).kind == "place"


# -- the end of an Encounter and recovery (FAT-075, FAT-076) ---------------------------------------------

def test_fat_075_fa_095_all_monsters_defeated_the_heroes_win_and_the_next_encounter_starts():
    """FAT-075, FA-095, FA-097: the only monster is beaten in round 2 (a tie in round 1), nothing
    is pending: the heroes are victorious and the next Encounter of the order begins."""
    parties = [player(["byron"]), player(["reef_guard"]), player(["granite_guard"])]
    game = position(parties, start="combat", monster=0, target=1, stacks={"2": ["merloit"]},
                    monsters=[{"card": "skulker", "hero": "reef_guard"}], dice=[3, 3, 6, 1])
    events = []
    while pending(game).kind != "response" or game.state.encounter.target != 2:
        events += quiet_answer(game)
    ends = [e for e in events if e.kind == "encounter_ends"]
    assert [e.rule for e in ends] == ["FA-095"]
    assert [e.data["round"] for e in events if e.kind == "combat_round"] == [2]  # round 1 was a tie
    assert inst(0, "skulker") in game.state.players[0].encounter_discard
    assert game.state.encounter.target == 2 and pending(game).seat == 2


def test_fat_075_fa_094_all_heroes_defeated_the_monsters_are_discarded():
    """FAT-075, FA-094, FA-098: the party's last hero falls: the Encounter ends and every monster
    of it, the ones that did not fight too, goes to the monster player's discard pile."""
    game = position([player(["byron"]), player(["reef_guard"])], start="combat", monster=0, target=1,
                    monsters=[{"card": "skulker", "hero": "reef_guard"}, {"card": "merloit", "hero": "reef_guard"}],
                    dice=[1, 6])
    do(game, f"melee:{inst(0, 'skulker')}")
    events = play_quietly_until(game, "rearrange")
    assert [e.rule for e in events if e.kind == "encounter_ends"] == ["FA-094"]
    assert {inst(0, "skulker"), inst(0, "merloit")} <= set(game.state.players[0].encounter_discard)
    assert game.state.encounter is None


def test_fat_075_fa_096_a_pending_monster_keeps_the_encounter_going():
    """FAT-075, FA-095, FA-096, A-19: the last monster in play is beaten while a monster that
    joined this round waits beside the party: a new round begins and it fights."""
    parties = [player(["byron"]), player(["reef_guard"]), player(["granite_guard"], hand=["tunnel_goblin"])]
    game = position(parties, start="combat", monster=0, target=1,
                    monsters=[{"card": "merloit", "hero": "reef_guard"}], dice=[6, 1])
    until(game, "response")
    while (d := pending(game)).seat != 2:
        game.choose(d.seat, "pass")
    do(game, f"hand:{inst(2, 'tunnel_goblin')}:0:")
    events = until(game, "assign")
    assert "encounter_ends" not in kinds(events) and kinds(events).count("combat_round") == 1
    assert inst(0, "merloit") in game.state.players[0].encounter_discard
    assert pending(game, "assign").option_ids == (f"assign:{inst(2, 'tunnel_goblin')}:{inst(1, 'reef_guard')}",)


def test_fat_076_fa_177_fa_178_fa_179_recovery_grants_and_rearranging():
    """FAT-076, FA-177, FA-178, FA-179: P2 was attacked and stayed: he grants as many items as he
    likes; P3 retreated, P4 had no Encounter and P1 is the monster player: one each. Everyone
    may rearrange within two ranks of four."""
    items = ["footmans_sword", "chain_armor", "iron_helm"]
    parties = [player(["byron", "flame_lancer"], hand=list(items)),
               player(["reef_guard", "gale_spearman"], hand=list(items), attacked=True),
               player(["granite_guard", "feather_scout"], hand=list(items), attacked=True, retreated=True),
               player(["mist_runner", "pyra_vell"], hand=list(items))]
    game = position(parties, start="recovery", monster=0)
    granted = {}
    asked = []
    events: list = []
    while (d := game.pending()) is not None and "player_turn" not in kinds(events):
        asked.append((d.seat, d.kind))
        if d.kind == "grant" and d.option_ids == ("pass",):
            events = game.choose(d.seat, "pass")  # nothing left to grant: asked all the same
        elif d.kind == "grant":
            assert d.rule == ("FA-177" if d.seat == 1 else "FA-178")
            events = game.choose(d.seat, d.option_ids[0])
            granted[d.seat] = granted.get(d.seat, 0) + 1
        elif d.kind == "rearrange" and d.seat == 1:
            hero = inst(1, "reef_guard")
            assert f"move:{hero}:back:3" in d.option_ids
            game.choose(1, f"move:{hero}:back:3")
            game.choose(1, f"move:{inst(1, 'gale_spearman')}:back:3")  # onto the Reef Guard: they swap
            game.choose(1, "end")
        else:
            events = game.choose(d.seat, "end")
    assert granted == {0: 1, 1: 3, 2: 1, 3: 1}
    # Everyone in turn from the monster player: grants, then the rearranging.
    assert [s for s, k in asked if k == "rearrange"] == [0, 1, 2, 3]
    p2 = game.state.players[1]
    assert p2.front == [None, inst(1, "reef_guard"), None, None]
    assert p2.back == [None, None, None, inst(1, "gale_spearman")]
