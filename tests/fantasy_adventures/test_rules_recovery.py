"""Fantasy Adventures rule tests: stage VI, recovery (FA-176 to FA-180; worked case FAT-076), and
the grant count after a retreat (FA-079), played through the decision protocol.
"""

from __future__ import annotations

from game.core.game import Game

from tests.fantasy_adventures.helpers import decline, do, inst, pass_windows, pending, player, position
from tests.fantasy_adventures.round_play import of, to

TWO_ITEMS = ["footmans_sword", "iron_helm"]


def granted_count(g: Game, seat: int) -> int:
    """Grant every item offered to ``seat`` (each to its first hero) until the question ends;
    return how many were granted."""
    count = 0
    while (d := g.pending()) is not None and d.kind == "grant" and d.seat == seat:
        options = [o for o in d.option_ids if o.startswith("grant:")]
        if not options:
            break
        g.choose(seat, options[0])
        count += 1
    return count


def finish_recovery_of(g: Game, seat: int) -> None:
    d = pending(g, "rearrange")
    assert d.seat == seat
    do(g, "end")


def test_fa_176_to_fa_179_fat_076_who_may_grant_how_many_items_in_recovery():
    """FAT-076 (FA-177, FA-178, FA-179): P2 was attacked and stayed, so he grants both items in his
    hand; P3 retreated and P4 had no Encounter, so each grants one; the monster player P1 grants
    one. Every player is then asked to rearrange his party (FA-176)."""
    heroes = (["kaelen_emberward", "reef_guard"], ["gale_spearman", "pyra_vell"])
    g = position([player(*heroes, hand=list(TWO_ITEMS)),
                  player(*heroes, hand=list(TWO_ITEMS), attacked=True),
                  player(*heroes, hand=list(TWO_ITEMS), attacked=True, retreated=True),
                  player(*heroes, hand=list(TWO_ITEMS))],
                 start="recovery", monster=0)
    counts = {}
    for seat in range(4):  # the monster player first, then clockwise
        assert pending(g, "grant").seat == seat
        counts[seat] = granted_count(g, seat)
        if pending(g).kind == "grant":
            decline(g)
        finish_recovery_of(g, seat)
    assert counts == {0: 1, 1: 2, 2: 1, 3: 1}
    assert len(g.state.players[1].hand) == 0 and len(g.state.players[2].hand) == 1


def test_fa_177_fa_079_a_party_that_retreats_grants_one_item_and_one_that_stays_grants_all():
    """FA-177, FA-178, FA-079, played: the party loses a hero in combat round 1. If it retreats,
    its player may grant one item in the recovery stage; if it fights on and wins, he may grant
    every item in his hand. The monster player, attacked by nobody, grants one."""
    def fight(retreat: bool) -> Game:
        g = position([player(["flame_lancer", "reef_guard"], hand=list(TWO_ITEMS),
                             items={"reef_guard": ["warding_pendant"]}),
                      player(["granite_guard"], hand=["dwarven_shield", "chain_armor"])],
                     start="combat", monster=1, target=0,
                     monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}],
                     # Round 1: Flame Lancer loses (5 to 10), Reef Guard wins (10 to 4); round 2:
                     # Reef Guard beats Skulker (10 to 5).
                     dice=[1, 6, 6, 1, 6, 1])
        to(g, "retreat")
        do(g, "retreat" if retreat else "continue")
        if retreat:
            do(g, f"item:{inst(0, 'warding_pendant')}")  # the monster player picks the item lost (FA-077)
        return g

    g = fight(retreat=True)
    to(g, "grant")
    assert granted_count(g, 1) == 1  # the monster player (FA-178)
    finish_recovery_of(g, 1)
    assert granted_count(g, 0) == 1  # retreated (FA-079)

    g = fight(retreat=False)
    events = to(g, "grant")
    assert of(events, "encounter_ends")[0].rule == "FA-095"
    assert granted_count(g, 1) == 1
    finish_recovery_of(g, 1)
    assert granted_count(g, 0) == 2  # attacked and stayed (FA-177)


def test_fa_179_any_legal_arrangement_a_move_to_an_occupied_position_swaps():
    """FA-179: a player may move heroes to any position of his two ranks of four, a move onto an
    occupied position swapping the two heroes; the ranks never exceed four (FA-029)."""
    g = position([player(["kaelen_emberward", "reef_guard"], ["gale_spearman"]), player(["granite_guard"])],
                 start="recovery", monster=1)
    to(g, "rearrange")
    assert pending(g).seat == 1
    do(g, "end")
    pass_windows(g)  # seat 0's grant question: nothing to grant
    d = pending(g, "rearrange")
    assert d.seat == 0
    me = g.state.players[0]
    # Every hero may go to any of the other seven positions.
    assert len([o for o in d.option_ids if o.startswith(f"move:{inst(0, 'kaelen_emberward')}:")]) == 7
    # Positions are named as a player counts them, from 1, left to right as the table draws them.
    assert d.option(f"move:{inst(0, 'kaelen_emberward')}:back:0").label == \
        "Move Kaelen Emberward to the back rank, position 1"
    do(g, f"move:{inst(0, 'kaelen_emberward')}:back:0", f"move:{inst(0, 'reef_guard')}:back:3")
    assert me.front == [inst(0, "gale_spearman"), None, None, None]
    assert me.back == [inst(0, "kaelen_emberward"), None, None, inst(0, "reef_guard")]
    do(g, "end")


def test_fa_180_elimination_follows_the_recovery_stage():
    """FA-180 (FA-040): a player whose party is empty is still asked in recovery, and is eliminated
    only after it, as the last step of the player turn."""
    g = position([player(["kaelen_emberward"]), player([], hand=["iron_helm"]), player(["granite_guard"])],
                 start="recovery", monster=0)
    assert g.state.stage == "recovery"
    to(g, "rearrange")
    do(g, "end")  # seat 0
    to(g, "rearrange")  # seat 1 has no hero to grant to or move: seat 2 is asked
    assert pending(g).seat == 2 and not g.state.players[1].eliminated
    events = do(g, "end")  # the last recovery answer: the player turn ends
    assert [e.kind for e in events][:2] == ["eliminated", "player_turn"]
    assert events[0].rule == "FA-040" and events[0].data["seat"] == 1
    assert g.state.players[1].eliminated and not g.state.players[2].eliminated
