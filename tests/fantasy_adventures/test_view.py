"""What each seat's view shows (checklist section 7, Hidden information): hands, the heroes drawn at
setup, a party before the reveal, stacks and surprise are seen only by those allowed; sizes,
discard piles and everything declared are public; each melee to come shows its totals and odds."""

from __future__ import annotations

from game.core.game import Game
from tests.fantasy_adventures.helpers import SYSTEM, inst, pending, player, position, until


def test_a_hand_and_the_heroes_drawn_are_their_owners_alone_but_their_sizes_are_public() -> None:
    """Section 7: hand contents and the 10 heroes drawn at setup (FA-026) are the owner's; a
    spectator (seat None) sees what everyone sees; deck sizes are public, their order nobody's."""
    g = Game.new(SYSTEM, 4, 3)
    state = g.state
    for seat in (0, 1, 2, None):
        view = g.view_for(seat)
        for p in view["players"]:
            own = p["seat"] == seat
            assert p["hand"] == (state.players[p["seat"]].hand if own else [])
            assert p["drawn"] == (state.players[p["seat"]].drawn if own else [])
            assert p["hand_size"] == 10 and p["drawn_size"] == len(state.players[p["seat"]].drawn)
            assert p["hero_deck"] == len(state.players[p["seat"]].hero_deck)
            assert isinstance(p["encounter_deck"], int)


def test_a_party_stays_secret_until_every_party_is_revealed_FA_027() -> None:
    g = Game.new(SYSTEM, 4, 2)
    for _ in ("discard", "front rank", "back rank"):
        d = pending(g)
        assert d.seat == 0
        g.choose(0, d.option_ids[:d.min_choices])
    while (d := pending(g)).seat == 0:  # seat 0's grants
        g.choose(0, ("end",) if "end" in d.option_ids else ("pass",))
    mine, theirs = g.view_for(0)["players"][0], g.view_for(1)["players"][0]
    assert any(mine["front"]) and len(mine["hero_discard"]) == 2
    assert theirs["front"] == [None] * 4 and theirs["back"] == [None] * 4
    assert theirs["items"] == {} and theirs["hero_discard"] == [] and theirs["score"] == 0
    while g.state.stage == "setup":
        d = pending(g)
        g.choose(d.seat, d.option_ids[:d.min_choices] if d.kind != "grant" else d.option_ids[-1:])
    assert g.view_for(1)["players"][0]["front"] == g.state.players[0].front  # revealed at once


def test_a_stack_is_the_monster_players_own_but_its_size_and_target_are_public() -> None:
    """Section 7, FA-051: stacks lie face down; whether one holds a trap (a lair) is hidden too."""
    g = position([player(["ash_tracker"]), player(["mist_runner"]), player(["reef_guard"])], monster=0,
                 stacks={1: ["spiked_pit_trap", "skulker"], 2: ["merloit"]}, start="placement")
    mine, theirs, spectator = g.view_for(0), g.view_for(1), g.view_for(None)
    assert mine["stacks"]["1"] == {"size": 2, "cards": [inst(0, "spiked_pit_trap"), inst(0, "skulker")], "lair": True}
    for view in (theirs, spectator):
        assert view["stacks"]["1"] == {"size": 2, "cards": [], "lair": None}
        assert view["stacks"]["2"] == {"size": 1, "cards": [], "lair": None}


def test_which_monsters_achieved_surprise_is_the_monster_players_alone_FA_081() -> None:
    g = position([player(["ash_tracker"]), player(["kaelen_emberward"])], monster=0, target=1,
                 stacks={1: ["cinder_rat", "lesser_demon"]}, start="encounter", dice=[6])
    until(g, "duel")
    mine, theirs = g.view_for(0)["encounter"], g.view_for(1)["encounter"]
    assert mine is not None and theirs is not None
    assert set(mine["surprised"]) == {inst(0, "cinder_rat"), inst(0, "lesser_demon")}
    assert theirs["surprised"] == [] and theirs["surprise_roll"] == 6
    assert theirs["stack"] == [] and theirs["stack_size"] == 2 == len(mine["stack"])


def test_each_melee_to_come_shows_both_totals_and_its_odds() -> None:
    """FA-138 to FA-141, FA-109: Thorn Oakheart (Melee 5, support +3) against a Horde of three
    led by the Lesser Demon (Melee 5, Horde bonus +1), shown to everyone before the dice."""
    g = position([player(["thorn_oakheart", "harbor_shieldman"]), player(["reef_guard"])], monster=1, target=0,
                 start="combat", monsters=[{"card": "lesser_demon", "hero": "thorn_oakheart"},
                                           {"card": "cinder_rat", "hero": "thorn_oakheart"},
                                           {"card": "mud_grub", "hero": "thorn_oakheart"}])
    until(g, "meleeing")
    g.choose(1, f"melee:{inst(1, 'lesser_demon')}")
    until(g, "support")
    g.choose(0, f"support:{inst(0, 'harbor_shieldman')}:{inst(0, 'thorn_oakheart')}")
    (melee,) = g.view_for(None)["melees"]
    assert melee["hero"] == inst(0, "thorn_oakheart") and melee["monster"] == inst(1, "lesser_demon")
    assert melee["horde"] == 3 and melee["hero_total"] == 8 and melee["monster_total"] == 6
    assert {"label": "support", "value": 3} in melee["hero_parts"]
    assert {"label": "Horde", "value": 1} in melee["monster_parts"]
    assert abs(melee["win"] + melee["tie"] + melee["lose"] - 1) < 1e-9 and melee["win"] > 0.7


# Which stage may follow which, as the views show them question by question (FA-043): the stages
# of a player turn in order, an Encounter's three stages (each may end it), the next Encounter,
# the next player turn after Recovery, and the end of the game.
STAGE_STEPS = {("setup", "cards"), ("setup", "placement"), ("cards", "placement"), ("placement", "traps"),
               ("placement", "recovery"), ("traps", "surprise"), ("traps", "combat"), ("surprise", "combat"),
               *((encounter, after) for encounter in ("traps", "surprise", "combat") for after in ("traps", "recovery")),
               ("recovery", "cards"), ("recovery", "placement"), ("recovery", "over")}


def test_the_stage_says_what_the_game_is_doing_during_an_encounter_FA_043() -> None:
    """FA-043: a player turn runs I Cards, II Placement, then III Traps, IV Surprise and V Combat
    for each Encounter, then VI Recovery; every seat's view names the stage the game is in, so
    during an Encounter it is the Encounter's own stage (not Placement's, which ended)."""
    from game.ai import make_agent

    for seed in (3, 4):
        g = Game.new(SYSTEM, seed, 3)
        agents = [make_agent("random", "fantasy-adventures", seed, s) for s in range(3)]
        seen = ["setup"]
        while (d := g.pending()) is not None:
            view = g.view_for(None)
            if view["encounter"] is not None:
                assert view["stage"] == view["encounter"]["stage"] in ("traps", "surprise", "combat")
            if view["stage"] != seen[-1]:
                assert (seen[-1], view["stage"]) in STAGE_STEPS, seen[-3:] + [view["stage"]]
                seen.append(view["stage"])
            g.choose(d.seat, agents[d.seat].choose(view, d) if not d.forced_pass else ("pass",))
        assert g.view_for(None)["stage"] == "over"
        assert {"placement", "traps", "surprise", "combat", "recovery"} <= set(seen)
