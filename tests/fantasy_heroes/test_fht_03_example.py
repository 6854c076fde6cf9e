"""FHT-03: undefended by a hero, attacker wins (FH-064, FH-097, FH-099, FH-102, FH-070, FH-073)."""

from tests.fantasy_heroes.helpers import attack, events_of, fh_game, finish_battle, pass_, play, state, territories


def test_fht_03_undefended_attacker_wins():
    """FHT-03."""
    g = fh_game([
        {"hand": ["barbarian", "giant", "orcs"], "territories": ["mountain#1"]},
        {"hand": ["peasants", "pikemen", "griffins", "trolls"], "territories": ["castle#1", "swamp#1"]},
    ])
    attack(g, "castle#1", "barbarian")
    play(g, "giant", "orcs")
    pass_(g, 1)                                # W1 ends (it was active)
    play(g, "peasants", "pikemen", "griffins")  # W2, defender without a hero
    # W2 ends by itself (Trolls cannot be played: FH-043), W3 and W4 have nothing: play ends.
    assert finish_battle(g) == (14, 10)
    assert "castle#1" in territories(g, 1) and "castle#1" not in territories(g, 2)
    rewards = [e for e in events_of(g, "draw") if e.rule in ("FH-070", "FH-071")]
    assert [(e.data["seat"], e.data["count"], e.rule) for e in rewards] == [(0, 2, "FH-070")]
    for card in ["barbarian", "giant", "orcs", "peasants", "pikemen", "griffins"]:
        assert card in state(g).discard
