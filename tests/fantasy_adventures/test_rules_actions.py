"""Rule tests of Fantasy Adventures' special abilities (FA-149 to FA-159) and the Action
phase (FA-160 to FA-165), with the worked cases FAT-045 to FAT-049, FAT-080 and FAT-087 of the
checklist (FAT-038, anytime abilities across parties, is in test_rules_spells). Seat 0 is the
hero player and seat 1 the monster player unless a test says otherwise (combat_helpers).
"""

from __future__ import annotations

import pytest

from game.core.events import Event
from game.core.game import Game
from tests.fantasy_adventures.combat_helpers import H, M, checkpoint, fight, of, play, rounds, used_up
from tests.fantasy_adventures.helpers import inst, pending, player, position


def options(g: Game, seat: int) -> set[str]:
    d = pending(g)
    assert d.seat == seat, f"seat {d.seat} is asked, not {seat}"
    return set(d.option_ids)


def actions_of(events: list[Event]) -> list[tuple[int, str]]:
    """(seat, what) for each action taken or passed, in order."""
    out = []
    for e in events:
        if e.kind == "action_pass":
            out.append((e.data["seat"], "pass"))
        elif e.kind == "ability" and e.rule == "FA-160":
            out.append((e.data["seat"], e.data["card"]))
    return out


def with_abilities(dice: list[int], monsters: list[dict[str, str]] | None = None) -> Game:
    """A party with a normal ability (Pyra Vell), an anytime ability (Cinder Warden) and an
    automatic one (Gale Spearman), attacked by a Merloit on the Gale Spearman unless given."""
    return fight(["gale_spearman"], ["cinder_warden", "pyra_vell"], dice=dice,
                 monsters=monsters or [{"card": "merloit", "hero": "gale_spearman"}])


# -- FA-149 to FA-159: special abilities -------------------------------------------------------------

def test_fa_151_fa_152_fa_155_normal_abilities_are_actions_anytime_ones_window_uses_automatic_ones_always_on():
    """FA-151, FA-152, FA-155: Pyra Vell's normal ability is offered only as an action; the
    Cinder Warden's anytime ability only at a window; the Gale Spearman's automatic ability is
    never offered, but it is applied (+1 Melee vs. the flying Dragonette)."""
    g = with_abilities([1, 4], [{"card": "merloit", "hero": "gale_spearman"},
                                {"card": "dragonette", "hero": "gale_spearman"}])
    play(g, f"melee:{M('dragonette')}", at="W6:0")
    at_window = options(g, 0)
    assert {o for o in at_window if o.startswith(f"use:{H('cinder_warden')}:0:")}
    assert not [o for o in at_window if o.startswith((f"use:{H('pyra_vell')}", f"use:{H('gale_spearman')}"))]
    events = play(g, at="action:0")
    assert of(events, "melee")[0].data["hero_total"] == 1 + 4 + 1  # the automatic vs. flying bonus
    assert of(events, "melee_tie")
    as_action = options(g, 0)
    assert f"use:{H('pyra_vell')}:0:{M('merloit')}" in as_action
    assert not [o for o in as_action if o.startswith((f"use:{H('cinder_warden')}", f"use:{H('gale_spearman')}"))]
    used_up(g)


def test_fa_113_fa_149_fa_161_a_normal_ability_flips_its_hero_and_a_failed_roll_still_spends_the_action():
    """FA-113, FA-149, FA-161, FAT-047: Pyra Vell's "defeat a monster of Melee 3 or less on 1-3"
    rolls a 4: nothing happens, yet she is flipped, the ability is used and the action spent
    (the monster player acts next)."""
    g = with_abilities([1, 2, 4])  # the melee is a tie: 1 + 4 against 2 + 3
    events = play(g, f"use:{H('pyra_vell')}:0:{M('merloit')}", at="action:1")
    assert [e.data["happened"] for e in of(events, "dependent_roll")] == [False]
    assert M("merloit") in [m.card for m in g.state.encounter.monsters]
    assert g.state.players[0].flipped == [H("pyra_vell")]
    assert f"{H('pyra_vell')}:0" in g.state.players[0].used
    used_up(g)


def test_fa_149_an_item_s_ability_flips_its_owner():
    """FA-149, FA-113: the wand's anytime ability, used at a window, flips the hero who owns it."""
    g = fight(["flame_lancer"], hero={"items": {"flame_lancer": ["wand_of_unmaking"]}},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "flame_lancer"}],
              dice=[4])
    play(g, f"melee:{M('merloit')}", f"use:{H('wand_of_unmaking')}:0:{M('mud_grub')}", at="W6:1")
    assert g.state.players[0].flipped == [H("flame_lancer")]
    used_up(g)


def test_fa_153_hero_abilities_target_the_monsters_attacking_the_party_and_its_own_heroes():
    """FA-153: a harmful hero ability (Pyra Vell's defeat) targets the monsters attacking the
    party, one within its Melee limit; a beneficial one (Captain Wren's grant) the party's own
    heroes."""
    g = fight(["flame_lancer", "thessaly_wren"], ["pyra_vell"], dice=[1, 2, 4, 3],
              monsters=[{"card": "merloit", "hero": "flame_lancer"}, {"card": "skulker", "hero": "thessaly_wren"}])
    play(g, f"next:{H('flame_lancer')}", at="action:0")
    uses = {o for o in options(g, 0) if o.startswith("use:")}
    assert uses == {f"use:{H('pyra_vell')}:0:{M('merloit')}"} | {
        f"use:{H('thessaly_wren')}:0:{H(h)}" for h in ("flame_lancer", "thessaly_wren", "pyra_vell")}
    used_up(g)


def test_fa_153_only_the_hero_player_uses_hero_normal_abilities():
    """FA-153, FA-162: the monster player's own Pyra Vell is never offered in his actions, and a
    non-involved player's is never offered at a window."""
    g = position([player(["granite_guard"], ["pyra_vell"]), player(["flame_lancer", "reef_guard"]),
                  player(["windwall_sentinel"], ["pyra_vell"])], start="combat", monster=0, target=1,
                 monsters=[{"card": "merloit", "hero": "flame_lancer"}], dice=[1, 2])
    play(g, at="W6:2")
    assert options(g, 2) == {"pass"}
    play(g, "end", at="action:0")
    assert options(g, 0) == {"pass"}
    used_up(g)


def test_fa_153_fat_049_a_hero_ability_is_used_once_per_player_turn_spells_stay_castable():
    """FA-153, FAT-049, FA-132: Pyra Vell's ability used in round 1 is not offered in round 2 of
    the same Encounter, though she is unflipped again; her offensive spell is."""
    g = fight(["flame_lancer"], ["pyra_vell"], hero={"hand": ["searing_bolt"]},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}, {"card": "skulker", "hero": "flame_lancer"}],
              dice=[1, 1, 5] + [1, 1])
    play(g, f"melee:{M('skulker')}", f"use:{H('pyra_vell')}:0:{M('merloit')}", f"melee:{M('skulker')}",
          at="action:0")
    assert g.state.encounter.round == 2 and g.state.players[0].flipped == []
    offered = options(g, 0)
    assert not [o for o in offered if o.startswith(f"use:{H('pyra_vell')}")]
    assert f"cast:{H('searing_bolt')}:{H('pyra_vell')}:{M('merloit')}" in offered
    used_up(g)


def test_fa_154_fat_087_a_monster_whose_hero_was_discarded_targets_any_hero_of_the_party():
    """FA-154, FAT-087, FA-238: the Shoal Banshee ("fear one hero of the party it attacks on
    1-3") discards its hero in the Melee phase; in the Action phase the monster player may aim
    its fear at any hero of that party, whatever the rank, feared ones only if none is left."""
    g = fight(["flame_lancer", "reef_guard", "mist_runner"], ["pyra_vell"], hero={"feared": ["mist_runner"]},
              monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}], dice=[1, 6])
    play(g, "end", at="action:1")
    assert H("flame_lancer") in g.state.players[0].hero_discard
    assert options(g, 1) == {f"use:{M('shoal_banshee')}:1:{H(h)}" for h in ("reef_guard", "pyra_vell")} | {"pass"}
    used_up(g)


def test_fa_154_a_monster_ability_is_the_monster_player_s_once_per_player_turn():
    """FA-154: the Shoal Banshee's fear is offered to the monster player in round 1; used (and
    failed), it is not offered again in round 2."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}],
              dice=[3, 3, 5, 3, 3])
    play(g, "end", at="action:1")
    assert f"use:{M('shoal_banshee')}:1:{H('reef_guard')}" in options(g, 1)
    play(g, f"use:{M('shoal_banshee')}:1:{H('reef_guard')}", "end", at="action:1")
    assert g.state.encounter.round == 2
    assert options(g, 1) == {"pass"}
    used_up(g)


def test_fa_156_an_anytime_ability_is_used_once_per_player_turn():
    """FA-156: the Cinder Warden's anytime ability used in round 1 is not offered in round 2."""
    g = with_abilities([1, 3])  # the melee is a tie: 1 + 4 against 3 + 3 - 1
    play(g, f"use:{H('cinder_warden')}:0:{M('merloit')}", "pass", at="W6:0")
    assert g.state.encounter.round == 2 and g.state.players[0].flipped == []
    assert not [o for o in options(g, 0) if o.startswith(f"use:{H('cinder_warden')}")]
    used_up(g)


@pytest.mark.parametrize("where", ["hand", "play"])
def test_fa_157_fa_159_a_monster_s_anytime_ability_works_only_from_its_owner_s_hand(where):
    """FA-157, FA-159: the Squall Piper's "Anytime: +2 Melee to a monster for its current melee"
    is offered to the monster player from his hand, and the card is discarded once used; while
    the Piper is in play, its anytime ability is never offered."""
    in_play = [{"card": "squall_piper", "hero": "reef_guard"}] if where == "play" else []
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "skulker", "hero": "flame_lancer"}] + in_play,
              foe={"front": ["granite_guard"], "hand": ["squall_piper"] if where == "hand" else []}, dice=[3, 3])
    play(g, *([f"next:{H('flame_lancer')}"] if in_play else []), at="W6:1")
    # (in play the Piper attacks the Reef Guard, so no hero is left to give support)
    piper = [o for o in options(g, 1) if "squall_piper" in o]
    if where == "play":
        assert piper == []
        return
    assert piper == [f"hand:{M('squall_piper')}:0:{M('skulker')}"]
    events = play(g, piper[0], "end", at="W10:0")
    assert [e.rule for e in of(events, "anytime_card")] == ["FA-157"]
    assert M("squall_piper") in g.state.players[1].encounter_discard
    assert M("squall_piper") not in [m.card for m in g.state.encounter.monsters]
    assert of(events, "melee")[0].data["monster_total"] == 3 + 4 + 2
    used_up(g)


def test_fa_158_a_join_card_joins_the_encounter_but_never_for_its_hero_player():
    """FA-158, FA-222, FA-224: a non-involved player may add his Tunnel Goblin to P1's attack
    on P2, where it waits beside the party until the next round under the monster player's
    control; P2, the hero player, is not offered his own joining card."""
    g = position([player(["granite_guard"]), player(["flame_lancer"], hand=["tunnel_goblin"]),
                  player(["windwall_sentinel"], hand=["tunnel_goblin"])], start="combat", monster=0, target=1,
                 monsters=[{"card": "merloit", "hero": "flame_lancer"}])
    play(g, at="W6:1")
    assert options(g, 1) == {"pass"}
    play(g, at="W6:2")
    assert f"hand:{inst(2, 'tunnel_goblin')}:0:" in options(g, 2)
    play(g, f"hand:{inst(2, 'tunnel_goblin')}:0:", at="W6:1")
    goblin = g.state.encounter.monsters[-1]
    assert (goblin.card, goblin.controller, goblin.pending) == (inst(2, "tunnel_goblin"), 0, True)


# -- FA-160 to FA-165: the Action phase ------------------------------------------------------------

def test_fa_160_fa_162_fa_163_fat_045_actions_alternate_and_a_pass_leaves_the_other_one_last_action():
    """FA-160, FA-162, FA-163, FAT-045: the hero player acts, the monster player acts, the hero
    player acts, the monster player passes: the hero player has exactly one more action, and the
    phase ends (three actions against one)."""
    g = fight(["flame_lancer", "thessaly_wren"], ["pyra_vell", "elder_fenwick"],
              monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}, {"card": "mud_grub", "hero": "flame_lancer"},
                        {"card": "vortex_horror", "hero": "thessaly_wren"}],
              dice=[3, 3, 6, 2, 6, 1])
    events = play(g, f"melee:{M('shoal_banshee')}", f"next:{H('flame_lancer')}",
                  f"use:{H('thessaly_wren')}:0:{H('flame_lancer')}",      # H acts
                  f"use:{M('shoal_banshee')}:1:{H('elder_fenwick')}",     # M acts (a 6: no fear)
                  f"use:{H('elder_fenwick')}:0.1:{H('flame_lancer')}",    # H acts
                  "pass",                                                  # M passes
                  f"use:{H('pyra_vell')}:0:{M('mud_grub')}",               # H's one last action
                  at="W10:0")
    assert actions_of(events) == [(0, H("thessaly_wren")), (1, M("shoal_banshee")), (0, H("elder_fenwick")),
                                  (1, "pass"), (0, H("pyra_vell"))]
    assert of(events, "unflip")
    used_up(g)


def test_fa_163_fat_045_when_the_hero_player_passes_first_the_monster_player_has_one_action():
    """FA-163, FAT-045: the hero player passes at once: the monster player takes one action and
    the phase ends, though the hero player could still act."""
    g = fight(["flame_lancer", "thessaly_wren"], monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}],
              dice=[3, 3, 6])
    events = play(g, "end", "pass", f"use:{M('shoal_banshee')}:1:{H('thessaly_wren')}", at="W10:0")
    assert actions_of(events) == [(0, "pass"), (1, M("shoal_banshee"))]
    used_up(g)


def test_fa_164_fat_046_after_each_action_every_player_may_respond_and_that_is_no_action():
    """FA-164, FAT-046: after the hero player's action the window asks every player, the hero
    player first, before the monster player acts; a protection spell cast there does not use up
    the hero player's next action."""
    g = position([player(["flame_lancer", "thessaly_wren"], ["sister_oona"], hand=["tidal_ward"]),
                  player(["granite_guard"]), player(["windwall_sentinel"])], start="combat", monster=1, target=0,
                 monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}], dice=[3, 3, 6])
    play(g, "end", f"use:{H('thessaly_wren')}:0:{H('flame_lancer')}", at="W9:0")
    tidal_ward = f"cast:{H('tidal_ward')}:{H('sister_oona')}:party"
    asked = []
    while (d := pending(g)).kind != "action":
        asked.append((d.seat, checkpoint(g)))
        g.choose(d.seat, tidal_ward if tidal_ward in d.option_ids else "pass")
    # The hero player casts; then everyone is asked again, starting after him.
    assert asked == [(0, "W9"), (1, "W9"), (2, "W9"), (0, "W9")]
    assert "party" in g.state.encounter.gained
    assert d.seat == 1  # the monster player's action comes next
    play(g, f"use:{M('shoal_banshee')}:1:{H('thessaly_wren')}", at="action:0")
    assert (pending(g).seat, g.state.stack[-1]["last"]) == (0, False)  # a full action, not a last one
    used_up(g)


def test_fa_165_a_scroll_used_as_an_action_does_not_flip_its_owner():
    """FA-165, FA-171: the Flame Lancer reads his Scroll of Banishing as an action: the Merloit
    is defeated, the scroll discarded, the Lancer not flipped, and the action spent."""
    g = fight(["flame_lancer", "reef_guard"], hero={"items": {"flame_lancer": ["scroll_of_banishing"]}},
              monsters=[{"card": "merloit", "hero": "flame_lancer"}, {"card": "shoal_banshee", "hero": "reef_guard"}],
              dice=[3, 4, 3, 4, 1])
    events = play(g, f"next:{H('flame_lancer')}", f"use:{H('scroll_of_banishing')}:0:{M('merloit')}",
                  at="action:1")
    assert actions_of(events) == [(0, H("scroll_of_banishing"))]
    assert M("merloit") in g.state.players[1].encounter_discard
    assert H("scroll_of_banishing") in g.state.players[0].encounter_discard
    assert g.state.players[0].items[H("flame_lancer")] == [] and g.state.players[0].flipped == []
    used_up(g)


@pytest.mark.parametrize("heal_die,healed", [(3, False), (2, True)])
def test_fat_047_a_heal_after_a_defeat_flips_and_counts_as_used_but_is_no_action(heal_die, healed):
    """FAT-047, FA-152, FA-161, FA-201: the Flame Lancer loses its melee; Elder Fenwick's normal
    "heal a defeated hero of this party on 1-2" is used at once: on a 3 no heal, on a 2 the
    Lancer stays. Either way Fenwick is flipped and the ability used, and the Action phase
    still opens with the hero player's first action."""
    g = fight(["flame_lancer"], ["elder_fenwick"], monsters=[{"card": "skulker", "hero": "flame_lancer"}],
              dice=[1, 6, heal_die])
    play(g, at="heal_window:0")
    heal = f"use:{H('elder_fenwick')}:0.0:{H('flame_lancer')}"
    assert heal in options(g, 0)
    events = play(g, heal, at="action:0")
    assert (H("flame_lancer") in g.state.players[0].heroes()) is healed
    assert g.state.players[0].flipped == [H("elder_fenwick")]
    assert f"{H('elder_fenwick')}:0.0" in g.state.players[0].used
    assert actions_of(events) == [] and g.state.stack[-1]["last"] is False
    used_up(g)


@pytest.mark.parametrize("die,defeated", [(1, True), (2, False)])
def test_fat_048_on_a_1_succeeds_only_on_a_die_of_1(die, defeated):
    """FAT-048, FA-187: the Vortex Horror's "defeat one hero on a 1" works on a 1 only."""
    g = fight(["flame_lancer", "reef_guard"], monsters=[{"card": "vortex_horror", "hero": "flame_lancer"}],
              dice=[6, 4, die])
    play(g, "end", f"use:{M('vortex_horror')}:0:{H('reef_guard')}", at="W10:0")
    assert (H("reef_guard") in g.state.players[0].hero_discard) is defeated
    used_up(g)


def test_fat_080_an_action_phase_melee_buff_reaches_the_next_round_s_melee():
    """FAT-080, FA-092, FA-132, FA-138: Pyra Vell casts Battle Fury ("+2 Melee until the end of
    the Encounter") on a Melee 3 Water hero in round 1's Action phase; in round 2 its melee
    total is die + 3 + 2."""
    g = fight(["mist_runner"], ["pyra_vell"], hero={"hand": ["battle_fury"]},
              monsters=[{"card": "skulker", "hero": "mist_runner"}], dice=[4, 3, 2, 5])
    events = play(g, f"cast:{H('battle_fury')}:{H('pyra_vell')}:{H('mist_runner')}", at="W10:0", skip=1)
    assert rounds(events) == [2]
    assert [e.data["hero_total"] for e in of(events, "melee")] == [4 + 3, 2 + 3 + 2]
    used_up(g)
