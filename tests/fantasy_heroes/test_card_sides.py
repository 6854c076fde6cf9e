"""FH-052: "your" on a card means its side; "opponent" means the opposing side of this
battle, its cards and that player's hand, never a third player (FH-030)."""

from tests.fantasy_heroes.helpers import attack, events_of, fh_game, finish_battle, hand, pass_, play, totals


def test_fh_052_your_and_opponent_mean_the_two_sides_of_the_battle():
    g = fh_game([
        {"hand": ["warrior", "trolls", "ogres"], "territories": ["mountain#1", "castle#1"]},
        {"hand": ["druid", "dragon", "fireball", "elves"], "territories": ["forest#1", "swamp#1"]},
        {"hand": ["griffins", "knight", "archers"], "territories": ["tower#1", "tower#2"]},
    ], unlisted="aside")
    attack(g, "forest#1", "warrior")
    play(g, "trolls")
    pass_(g, 1)
    third_hand = hand(g, 3)
    play(g, "druid", "dragon")
    # The defender's Dragon: the opponent is the attacker, whose only card left is Ogres.
    discards = [e for e in events_of(g, "discard") if e.rule == "FH-106"]
    assert [(e.data["seat"], e.data["cards"]) for e in discards] == [(0, ["ogres"])]
    assert hand(g, 3) == third_hand  # the third player is nobody's opponent in this battle
    play(g, "fireball")
    # Fireball hits the opposing side's minions only: Trolls 4 - 1; the defender's Dragon 5 + 1 (Druid).
    assert totals(g) == (4 + 3, 3 + 6 + 3)
    assert finish_battle(g) == (7, 12)
