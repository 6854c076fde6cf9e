"""Elimination, victory and the short game (FH-075 to FH-080), with FHT-31 and FHT-32."""

from __future__ import annotations

from game.core.game import Game
from tests.fantasy_heroes.helpers import (
    SYSTEM,
    attack,
    decision,
    events_of,
    fh_game,
    finish_battle,
    hand,
    pass_,
    play,
    skip_instants,
    state,
    territories,
)

ALL = list(SYSTEM.content.territory_instances)  # castle#1..3, mountain#1..3, forest, tower, swamp


def kinds_index(g: Game, kind: str, rule: str | None = None) -> int:
    for i, e in enumerate(g.events):  # type: ignore[attr-defined]
        if e.kind == kind and (rule is None or e.rule == rule):
            return i
    raise AssertionError(f"no event {kind} {rule or ''}")


def attack_targets(g: Game) -> set[str]:
    skip_instants(g)
    d = decision(g)
    assert d.kind == "attack", f"expected the attack menu, got {d.kind}"
    return {o.id.split(":", 1)[1] for o in d.options if o.id.startswith("attack:")}


# -- elimination (FH-075) --------------------------------------------------------------------------


def test_fh_075_eliminated_after_reward_draw_and_discard_hand_discarded():
    """P1 takes P2's last territory. His reward draw reshuffles a discard pile that does not yet
    hold P2's hand (elimination is step 5 of FH-074); then P2's hand goes to the discard pile."""
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": ["elves", "dwarves"], "territories": ["castle#1"]},
        {"hand": ["knight"], "territories": ["tower#1"]},
    ], unlisted="aside", deck=[], discard=["giant"])
    attack(g, "castle#1", "warrior")
    finish_battle(g)
    reward = [e for e in events_of(g, "draw") if e.rule == "FH-070"]
    assert [(e.data["seat"], e.data["count"]) for e in reward] == [(0, 1)]  # only the Giant was there
    [elim] = events_of(g, "eliminated")
    assert (elim.rule, elim.data["seat"], sorted(elim.data["cards"])) == ("FH-075", 1, ["dwarves", "elves"])
    assert elim.text == "Player 2 has no territory left and is out; the 2 cards in their hand are discarded."
    assert kinds_index(g, "battle_won") < kinds_index(g, "draw", "FH-070") < kinds_index(g, "battle_discard") \
        < kinds_index(g, "eliminated")
    p2 = state(g).players[1]
    assert p2.eliminated and p2.hand == [] and p2.territories == []
    assert not events_of(g, "game_over") and g.outcome() is None  # two players remain


def test_fh_075_eliminated_player_takes_no_turns_and_cannot_be_attacked():
    g = fh_game([
        {"hand": ["warrior"], "territories": ["mountain#1"]},
        {"hand": ["scrye", "fortune"], "territories": ["castle#1"]},
        {"hand": ["knight"], "territories": ["tower#1"]},
    ], unlisted="aside", deck=["ogres", "trolls", "elves", "dwarves", "pixies", "gnomes", "orcs", "giant"])
    skip_instants(g)
    g.choose(0, ["attack:castle#1"])
    g.choose(0, ["play:warrior"])
    finish_battle(g)
    assert state(g).players[1].eliminated
    assert {"scrye", "fortune"} <= set(state(g).discard)
    # P3's turn comes next; he may attack only P1.
    assert state(g).active == 2
    assert attack_targets(g) == {"mountain#1", "castle#1"}
    g.choose(2, ["pass"])
    # Next P1 (no hero: nothing to decide), then P3 again: P2 never gets a turn or a question.
    assert attack_targets(g) == {"mountain#1", "castle#1"}
    assert state(g).active == 2
    after = g.events[kinds_index(g, "eliminated"):]  # type: ignore[attr-defined]
    assert [e.data["seat"] for e in after if e.kind == "turn"] == [2, 0, 2]
    assert not [e for e in after if e.data.get("seat") == 1 and e.kind in ("draw", "play", "instant")]


# -- victory (FH-076), FHT-31 ------------------------------------------------------------------------


def test_fht_31_two_players_taking_last_territory_wins():
    """FHT-31: FH-075, FH-076: P2's last territory falls; P1 holds all 8 territories in play and wins."""
    g = fh_game([
        {"hand": ["warrior", "orcs"], "territories": ALL[:7]},
        {"hand": ["peasants", "myrmidons"], "territories": [ALL[7]]},
    ])
    assert len(state(g).territories_out) == 7
    target = ALL[7]
    attack(g, target, "warrior")
    finish_battle(g)
    assert sorted(territories(g, 1)) == sorted(ALL[:8])
    assert state(g).players[1].eliminated
    [over] = events_of(g, "game_over")
    assert over.rule == "FH-076" and over.data["winners"] == [0]
    assert over.text.endswith(" wins: they control every territory card in play.")  # a whole sentence
    assert kinds_index(g, "battle_discard") < kinds_index(g, "eliminated") < kinds_index(g, "game_over")
    out = g.outcome()
    assert out is not None
    assert (out.winners, out.scores, out.rule) == ((0,), (8, 0), "FH-076")
    assert g.pending() is None


def test_fht_31_three_players_game_continues_then_last_one_wins():
    """FHT-31: FH-075, FH-076, FH-013: 12 territories in play. P1 eliminates P2, the game goes on (P3, then
    P1), and P1 eliminating P3 holds all 12 and wins."""
    p2_land, p3_land = "castle#1", "tower#1"
    p1_lands = [t for t in ALL if t not in (p2_land, p3_land)][:10]
    g = fh_game([
        {"hand": ["warrior", "knight"], "territories": p1_lands},
        {"hand": ["elves"], "territories": [p2_land]},
        {"hand": [], "territories": [p3_land]},
    ], unlisted="aside", deck=["ogres", "trolls", "dwarves", "pixies", "zombies", "skeletons", "wraiths",
                               "swarm", "vampire"])
    assert len(state(g).territories_out) == 3
    attack(g, p2_land, "warrior")
    finish_battle(g)
    assert state(g).players[1].eliminated
    assert g.outcome() is None and not events_of(g, "game_over")
    # P3's turn passes (no hero); P1's next turn: attack P3's last territory.
    assert attack_targets(g) == {p3_land}
    assert [e.data["seat"] for e in events_of(g, "turn")] == [2, 0]
    attack(g, p3_land, "knight")
    finish_battle(g)
    assert len(territories(g, 1)) == 12
    out = g.outcome()
    assert out is not None and (out.winners, out.rule) == ((0,), "FH-076")
    assert out.scores == (12, 0, 0)
    assert g.pending() is None


def test_fh_076_no_win_while_another_player_holds_a_territory():
    g = fh_game([
        {"hand": ["warrior", "knight"], "territories": ALL[:6]},
        {"hand": [], "territories": [ALL[6], ALL[7]]},
    ], unlisted="aside", deck=["ogres", "trolls", "dwarves", "pixies", "zombies"])
    attack(g, ALL[6], "warrior")
    finish_battle(g)
    assert len(territories(g, 1)) == 7
    assert not state(g).players[1].eliminated
    assert g.outcome() is None and not events_of(g, "game_over")


# -- the short game (FH-077 to FH-080), FHT-32 ----------------------------------------------------------


def test_fh_077_short_game_is_an_option_off_by_default():
    assert [o.id for o in SYSTEM.game_options if o.id == "short_game"] == ["short_game"]
    assert SYSTEM.resolve_options(None)["short_game"] is False
    plain = Game.new(SYSTEM, 4, 2)
    short = Game.new(SYSTEM, 4, 2, {"short_game": True})
    assert plain.state.short_game is False and plain.view_for(0)["short_game"] is False
    assert short.state.short_game is True and short.view_for(0)["short_game"] is True


def test_fh_078_no_reshuffle_in_the_short_game():
    pile = ["ogres", "trolls", "elves", "dwarves", "pixies", "gnomes"]
    g = fh_game([{"hand": ["warrior"], "territories": ["mountain#1"]}, {"territories": ["castle#1"]}],
                start="draw", short_game=True, unlisted="aside", deck=["giant"], discard=pile)
    [d] = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert d.data["count"] == 1
    assert not events_of(g, "reshuffle")
    assert state(g).discard == pile
    assert hand(g, 1) == ["warrior", "giant"]


def test_fh_079_battle_in_progress_is_finished():
    """The deck runs out during a battle (Rune Staff draws the last card): the battle goes on, its
    territory transfer happens, the reward draw gives nothing, and the game ends at the end of the
    Attack Phase (FH-080: 2 territories against 1)."""
    g = fh_game([{"hand": ["warrior", "rune-staff", "orcs"], "territories": ["mountain#1"]},
                 {"hand": ["archers"], "territories": ["castle#1", "tower#1"]}],
                short_game=True, unlisted="aside", deck=["ogres"], discard=["trolls", "giant"])
    attack(g, "castle#1", "warrior")
    play(g, "rune-staff")
    assert len(events_of(g, "deck_out")) == 1 and events_of(g, "deck_out")[0].rule == "FH-079"
    assert "ogres" in hand(g, 1)
    assert state(g).battle is not None and g.outcome() is None
    d = decision(g)
    assert (d.kind, d.seat) == ("window", 0)
    play(g, "orcs", "ogres")
    pass_(g, 1)
    play(g, "archers")
    finish_battle(g)
    # Warrior 4 + Rune Staff 5 + Orcs 3 + Ogres 3 against Archers 3
    assert events_of(g, "totals")[-2].data["value"] == 15
    assert territories(g, 1) == ["mountain#1", "castle#1"]
    reward = [e for e in events_of(g, "draw") if e.rule == "FH-070"]
    assert [(e.data["seat"], e.data["count"]) for e in reward] == [(0, 0)]
    assert not events_of(g, "reshuffle")
    [over] = events_of(g, "game_over")
    assert over.rule == "FH-080" and over.data["winners"] == [0]
    assert kinds_index(g, "battle_discard") < kinds_index(g, "game_over")
    assert not events_of(g, "turn")  # no further turn
    out = g.outcome()
    assert out is not None and (out.winners, out.scores, out.rule) == ((0,), (2, 1), "FH-080")


def test_fht_32_short_game_five_against_three():
    """FHT-32: FH-077, FH-079, FH-080: the deck holds 2 cards at the start of P1's Draw Phase."""
    g = fh_game([{"hand": ["warrior"], "territories": ALL[:5]},
                 {"hand": ["knight"], "territories": ALL[5:8]}],
                start="draw", short_game=True, unlisted="aside", deck=["ogres", "trolls"], discard=["elves"])
    [d] = [e for e in events_of(g, "draw") if e.rule == "FH-015"]
    assert (d.data["seat"], d.data["count"]) == (0, 2)  # the third draw gives nothing
    assert hand(g, 1) == ["warrior", "ogres", "trolls"]
    assert not events_of(g, "reshuffle")
    assert kinds_index(g, "deck_out") < kinds_index(g, "game_over")
    # The game ends at the end of that Draw Phase: no Attack Phase follows.
    assert not events_of(g, "phase") and not events_of(g, "attack")
    assert g.pending() is None
    out = g.outcome()
    assert out is not None and (out.winners, out.scores, out.rule) == ((0,), (5, 3), "FH-080")


def test_fht_32_short_game_four_against_four_shared_win():
    """FHT-32: FH-080."""
    g = fh_game([{"hand": ["warrior"], "territories": ALL[:4]},
                 {"hand": ["knight"], "territories": ALL[4:8]}],
                start="draw", short_game=True, unlisted="aside", deck=["ogres", "trolls"])
    assert g.pending() is None
    out = g.outcome()
    assert out is not None and (out.winners, out.scores, out.rule) == ((0, 1), (4, 4), "FH-080")
    [over] = events_of(g, "game_over")
    assert over.data["winners"] == [0, 1]


def test_fh_080_three_players_tied_for_most_share_the_win():
    g = fh_game([{"hand": ["warrior"], "territories": ALL[:3]},
                 {"territories": ALL[3:5]},
                 {"territories": ALL[5:8]}],
                start="draw", short_game=True, unlisted="aside", deck=["ogres"])
    out = g.outcome()
    assert out is not None and (out.winners, out.scores) == ((0, 2), (3, 2, 3))


def test_fh_079_standard_game_does_not_end_when_deck_empties():
    """Without the short game, the same position reshuffles and play goes on (FH-017, FH-077)."""
    g = fh_game([{"hand": ["warrior"], "territories": ALL[:5]},
                 {"hand": ["knight"], "territories": ALL[5:8]}],
                start="draw", unlisted="aside", deck=["ogres", "trolls"], discard=["elves"])
    assert g.outcome() is None and not events_of(g, "deck_out")
    assert len(events_of(g, "reshuffle")) == 1
    assert sorted(hand(g, 1)) == ["elves", "ogres", "trolls", "warrior"]
    assert decision(g).kind == "attack"


def test_fh_080_a_turn_limit_game_ends_after_its_last_turn_and_counts_that_many_turns():
    """Issue 12: the game-over screen said "the turn limit of 8 turns · 9 turns"; the turn count
    now stays at the limit when the game ends after the last turn (FH-080)."""
    from game.ai.agents import random_choice
    from game.core.game import Game
    from game.core.rng import Rng

    for seed in range(1, 30):
        game = Game.new(SYSTEM, seed, 2, {"turn_limit": 3})
        rng = Rng.seeded(seed)
        while (decision := game.pending()) is not None:
            game.choose(decision.seat, random_choice(decision, rng))
        outcome = game.outcome()
        if outcome is not None and outcome.rule == "FH-080":
            assert game.turn == 3 and "limit of 3 turns" in outcome.reason
            return
    raise AssertionError("no game reached its turn limit")
