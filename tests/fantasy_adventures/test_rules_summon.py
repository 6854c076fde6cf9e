"""Fantasy Adventures rule tests: summons and joining monsters (FA-220 to FA-225, with FA-157 to
FA-159), a party emptied before combat and pending heroes (FA-237), unassigned monsters'
abilities (FA-238); worked cases FAT-069 to FAT-072, FAT-084, FAT-085 and FAT-087. Played through
the decision protocol from written positions with scripted dice and decks.
"""

from __future__ import annotations

from game.core.game import Game

from tests.fantasy_adventures.helpers import decline, do, inst, pending, player, position, texts
from tests.fantasy_adventures.round_play import act, of, to, to_action

TIE = [3, 3]


def lich_position(deck: list[str], discard: list[str] | None = None, **scenario: object) -> Game:
    """P2 (seat 0) attacked by Sunken Lich ("can summon an undead") on Granite Guard ("Save on
    1-2"); Reef Guard owns the Wand of Unmaking (anytime: defeat a monster of Melee 2 or less).
    The monster player is seat 1 with ``deck`` on top of his Encounter deck."""
    return position([player(["granite_guard", "reef_guard"], items={"reef_guard": ["wand_of_unmaking"]}),
                     player(["kaelen_emberward"], encounter_deck=deck, encounter_discard=discard or [])],
                    start="combat", monster=1, target=0, monsters=[{"card": "sunken_lich", "hero": "granite_guard"}],
                    **scenario)


def test_fa_220_fa_221_fa_224_fat_069_a_monster_summoned_in_a_combat_round_waits_beside_the_party():
    """FAT-069 (FA-220, FA-221, FA-224): Sunken Lich summons an undead in round 1's Action phase
    from a deck [Iron Helm, Dragonette, Wailing Wisp]: the helm and the Dragonette are discarded
    face up and the Wisp waits beside P2's party. In round 1 it cannot be targeted (the wand is not
    offered on it); at round 2's Assignment it is assigned to a hero of P2's party."""
    g = lich_position(["iron_helm", "dragonette", "wailing_wisp", "skulker"],
                      dice=[1, 6, 1, 6, 1])  # Granite Guard loses (4 to 12) and saves on 1; then round 2
    to_action(g)
    do(g, "pass")  # the hero player passes: the monster player has one last action
    events = to(g, "action")
    events = act(g, f"use:{inst(1, 'sunken_lich')}:0:")
    monster_player = g.state.players[1]
    assert of(events, "summon_search")[0].data["cards"] == [inst(1, "iron_helm"), inst(1, "dragonette")]
    assert monster_player.encounter_discard == [inst(1, "iron_helm"), inst(1, "dragonette")]
    wisp = g.state.encounter.monsters[-1]
    assert wisp.card == inst(1, "wailing_wisp") and wisp.pending and wisp.controller == 1
    assert monster_player.encounter_deck == [inst(1, "skulker")]
    # The W9 window after the action: Reef Guard's wand may not target the waiting Wisp.
    d = pending(g)
    assert d.seat == 0 and d.kind == "response"
    assert not [o for o in d.option_ids if "wailing_wisp" in o]
    events = to(g, "assign")  # round 2
    d = pending(g, "assign")
    assert d.option_ids[0].startswith(f"assign:{inst(1, 'wailing_wisp')}:")
    assert {o.rpartition(":")[2] for o in d.option_ids} <= {inst(0, "granite_guard"), inst(0, "reef_guard")}
    assert not g.state.encounter.monsters[-1].pending


def test_fa_225_a_search_examines_deck_and_discard_once_and_a_lair_only_monster_does_not_match():
    """FA-225 (A-36, A-10): in a wandering Encounter the search passes over the Lair-only Cave Troll;
    having examined the deck and its discard pile (reshuffled once) without an undead it stops
    with no result, and every card examined is discarded; the deck the search emptied is then made
    again from that discard pile at once (FA-049)."""
    g = lich_position(["cave_troll"], ["iron_helm"], dice=[1, 6, 1], lair=False)
    to_action(g)
    do(g, "pass")
    to(g, "action")
    events = act(g, f"use:{inst(1, 'sunken_lich')}:0:")
    assert of(events, "summon_none") and of(events, "summon_none")[0].rule == "FA-225", texts(events)
    monster_player = g.state.players[1]
    examined = sorted([inst(1, "cave_troll"), inst(1, "iron_helm")])
    assert sorted(of(events, "summon_search")[-1].data["cards"]) == examined
    assert of(events, "reshuffle")
    assert sorted(monster_player.encounter_deck) == examined and monster_player.encounter_discard == []
    assert [m.card for m in g.state.encounter.monsters] == [inst(1, "sunken_lich")]


def test_fa_224_a_monster_summoned_by_a_trap_is_in_play_at_once():
    """FA-224: the Summoning Circle Trap summons outside a combat round: the monster is in play at
    once (not waiting) and is assigned at the first Assignment with the stack's monsters."""
    g = position([player(["flame_lancer", "reef_guard"]), player(["granite_guard"], encounter_deck=["merloit"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["summoning_circle_trap", "cave_troll"]},
                 dice=[6, 1])  # the disarm fails; the surprise roll of 1 surprises nobody
    to(g, "entering")
    events = do(g, f"hero:{inst(0, 'flame_lancer')}") + to(g, "assign")
    summoned = of(events, "summoned")
    assert summoned and summoned[0].rule == "FA-220" and "waits" not in summoned[0].text, texts(events)
    assigned = {pending(g).option_ids[0].split(":")[1]}
    do(g, pending(g).option_ids[0])
    assigned.add(pending(g, "assign").option_ids[0].split(":")[1])
    assert assigned == {inst(1, "merloit"), inst(1, "cave_troll")}


def test_fa_222_fa_158_fat_070_a_monster_joining_from_another_hand_in_a_combat_round():
    """FAT-070 (FA-158, FA-222, FA-224): non-involved P3 plays Tunnel Goblin ("Anytime: can join")
    from his hand during round 1 of P1's Encounter against P2: it waits beside P2's party,
    controlled by P1; at round 2's Assignment it is assigned; when the Encounter ends it goes to
    P3's Encounter discard pile. The hero player himself is never offered the join."""
    g = position([player(["flame_lancer", "reef_guard"], hand=["tunnel_goblin"]),
                  player(["granite_guard"]),
                  player(["kaelen_emberward"], hand=["tunnel_goblin"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "flame_lancer"}],
                 dice=TIE + [6, 1, 6, 1])  # round 1 a tie; round 2 both heroes win
    to(g, "response")  # W6, the hero player first
    assert not [o for o in pending(g).option_ids if "tunnel_goblin" in o]
    do(g, "pass", "pass")
    d = pending(g, "response")
    assert d.seat == 2
    events = do(g, f"hand:{inst(2, 'tunnel_goblin')}:0:")
    goblin = g.state.encounter.monsters[-1]
    assert goblin.card == inst(2, "tunnel_goblin") and goblin.pending and goblin.controller == 1
    assert of(events, "joins")[0].rule == "FA-158"
    to(g, "assign")
    d = pending(g, "assign")
    assert d.seat == 1 and d.option_ids[0].startswith(f"assign:{inst(2, 'tunnel_goblin')}:")
    do(g, f"assign:{inst(2, 'tunnel_goblin')}:{inst(0, 'reef_guard')}")
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'flame_lancer')}")
    to(g, "rearrange")
    assert inst(2, "tunnel_goblin") in g.state.players[2].encounter_discard
    assert inst(2, "tunnel_goblin") not in g.state.players[1].encounter_discard


def test_fat_070_a_monster_joining_in_the_trap_stage_is_in_play_at_once():
    """FAT-070, variant (A-28): joined at W1, before the trap stage, Tunnel Goblin is in play at once,
    without revealing the stack, and is assigned at the first Assignment."""
    g = position([player(["flame_lancer", "reef_guard"]), player(["granite_guard"]),
                  player(["kaelen_emberward"], hand=["tunnel_goblin"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["skulker"]}, dice=[1])
    do(g, "pass", "pass")
    do(g, f"hand:{inst(2, 'tunnel_goblin')}:0:")
    goblin = g.state.encounter.monsters[0]
    assert not goblin.pending and g.state.encounter.stack == [inst(1, "skulker")]
    to(g, "assign")
    cards = set()
    while (d := g.pending()) is not None and d.kind == "assign":
        cards.add(d.option_ids[0].split(":")[1])
        do(g, d.option_ids[0])
    assert cards == {inst(2, "tunnel_goblin"), inst(1, "skulker")}


def test_fa_159_fa_157_fat_071_a_one_shot_monster_card_from_the_hand_is_discarded_and_never_works_in_play():
    """FAT-071 (FA-159, FA-157): the hero player P2 plays Squall Piper's one-shot anytime effect from
    his hand before a melee: it resolves (+2 Melee for the meleeing monster's current melee) and
    the card is discarded at once. A Squall Piper in play in the Encounter never offers it."""
    g = position([player(["flame_lancer", "reef_guard"], hand=["squall_piper"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "squall_piper", "hero": "reef_guard"}],
                 dice=[1, 1, 6, 1])
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'flame_lancer')}")
    to(g, "response")  # W6
    options = pending(g).option_ids
    option = f"hand:{inst(0, 'squall_piper')}:0:{inst(1, 'skulker')}"
    assert option in options
    events = do(g, option)
    me = g.state.players[0]
    assert inst(0, "squall_piper") in me.encounter_discard and inst(0, "squall_piper") not in me.hand
    events += to_action(g)
    first = of(events, "melee")[0]
    assert first.data["monster"] == inst(1, "skulker") and first.data["monster_total"] == 1 + 4 + 2


def test_fa_157_fat_071_a_monster_in_play_never_uses_its_anytime_ability():
    """FAT-071, second case (FA-157): the Squall Piper in play is never offered to the monster player, at a window or as an
    action."""
    g = position([player(["flame_lancer", "reef_guard"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "squall_piper", "hero": "reef_guard"}],
                 dice=TIE + TIE)
    offered = []
    while g.state.encounter is not None and g.state.encounter.round == 1:
        d = pending(g)
        if d.seat == 1:
            offered += d.option_ids
        g.choose(d.seat, "pass" if "pass" in d.option_ids else "end" if "end" in d.option_ids else d.option_ids[0])
    assert offered and not [o for o in offered if "squall_piper" in o and o.startswith(("use:", "hand:"))]


# -- hero summons (FA-223 to FA-225, FAT-072, FAT-085) ----------------------------------------------------

def thorn_position(front: list[str], back: list[str], hero_deck: list[str], monsters: list[dict], dice: list[int],
                   **fields: object) -> Game:
    return position([player(front, back, hero_deck=hero_deck, **fields), player(["granite_guard"])],
                    start="combat", monster=1, target=0, monsters=monsters, dice=dice)


THORN = f"use:{inst(0, 'thorn_oakheart')}:0:"


def test_fa_223_fat_072_a_full_party_cannot_summon_a_hero():
    """FAT-072 (FA-223): with eight heroes and no open position the summon is not offered."""
    g = thorn_position(["thorn_oakheart", "reef_guard", "flame_lancer", "gale_spearman"],
                       ["pyra_vell", "byron", "ash_tracker", "mist_runner"], ["granite_guard"],
                       [{"card": "skulker", "hero": "reef_guard"}], TIE)
    to_action(g)
    assert THORN not in pending(g, "action").option_ids


def test_fa_223_fa_224_fa_225_fat_072_the_hero_player_places_the_summoned_hero_which_waits_a_round():
    """FAT-072 (FA-223, FA-224, FA-225): with two open positions Thorn Oakheart summons an Earth hero
    (roll 1 in 1-2) from his Hero deck, passing over a Fire hero (discarded): the hero player chooses
    its position. Summoned in a combat round, it is not in play until the next round (the monster
    player's "defeat one hero" may not target it), then stays in the party for good."""
    g = thorn_position(["thorn_oakheart", "reef_guard", "flame_lancer"], ["pyra_vell", "byron", "ash_tracker"],
                       ["mist_runner", "granite_guard", "gale_spearman"],
                       [{"card": "skulker", "hero": "reef_guard"}, {"card": "vortex_horror", "hero": "flame_lancer"}],
                       # Reef Guard ties Skulker, Flame Lancer ties Vortex Horror (3 + 4 + 1 vs. Melee 5 or
                       # more, 1 + 7); the summon rolls 1
                       [3, 3, 3, 1, 1])
    to(g, "melee_order")
    do(g, f"next:{inst(0, 'reef_guard')}")
    to_action(g)
    events = act(g, THORN)
    me = g.state.players[0]
    assert of(events, "summon_search")[0].data["cards"] == [inst(0, "mist_runner")]
    assert me.hero_discard == [inst(0, "mist_runner")]
    d = pending(g, "summon_place")
    assert d.seat == 0 and set(d.option_ids) == {"place:front:3", "place:back:3"}
    do(g, "place:back:3")
    guard = inst(0, "granite_guard")
    assert me.back[3] == guard and me.front[3] is None and guard in me.waiting
    to(g, "action")
    d = pending(g, "action")
    assert d.seat == 1
    assert [o for o in d.option_ids if o.startswith(f"use:{inst(1, 'vortex_horror')}")], d.option_ids
    assert not [o for o in d.option_ids if o.endswith(guard)]
    do(g, "pass")
    to(g, "rearrange")
    assert guard in me.back and guard not in me.waiting


def test_fa_237_fa_094_fat_085_a_pending_hero_keeps_the_encounter_going():
    """FAT-085 (FA-224, FA-094, FA-237): Thorn Oakheart, P2's last hero in play, summons an Earth hero
    that waits beside the party; Vortex Horror then defeats Thorn ("on a 1"). The Encounter does not
    end: P2 fights on, and in round 2 the summoned hero enters play and the monster is assigned to it."""
    g = thorn_position(["thorn_oakheart"], [], ["granite_guard"],
                       [{"card": "skulker", "hero": "thorn_oakheart"},
                        {"card": "vortex_horror", "hero": "thorn_oakheart"}],
                       [6, 1, 1, 1])  # Thorn 11 beats Skulker 5; the summon rolls 1; the Horror rolls 1
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    to(g, "melee_win")
    do(g, f"defeat:{inst(1, 'skulker')}")
    to_action(g)
    act(g, THORN)
    do(g, "place:front:1")
    to(g, "action")
    events = act(g, f"use:{inst(1, 'vortex_horror')}:0:{inst(0, 'thorn_oakheart')}")
    events += to(g, "retreat")
    me = g.state.players[0]
    assert inst(0, "thorn_oakheart") in me.hero_discard, texts(events)
    assert not of(events, "encounter_ends")
    events = do(g, "continue") + to(g, "assign")
    assert of(events, "combat_round")
    assert pending(g).option_ids == (f"assign:{inst(1, 'vortex_horror')}:{inst(0, 'granite_guard')}",)


def test_fa_237_fat_085_a_pending_hero_enters_its_position_when_the_encounter_ends():
    """FAT-085, variant (FA-237, FA-095): the summoned hero is waiting when the last monster is
    defeated; the Encounter ends and the hero is in the position chosen for it, in play."""
    g = thorn_position(["thorn_oakheart", "reef_guard"], [], ["granite_guard"],
                       [{"card": "skulker", "hero": "reef_guard"}], TIE + [1, 1],
                       items={"reef_guard": ["scroll_of_banishing"]})
    to_action(g)
    act(g, THORN)
    do(g, "place:back:2")
    to(g, "action")
    do(g, "pass")  # the monster player passes: one more action for the hero player
    to(g, "action")
    events = act(g, f"use:{inst(0, 'scroll_of_banishing')}:0:{inst(1, 'skulker')}")
    events += to(g, "rearrange")
    assert of(events, "encounter_ends")[0].rule == "FA-095"
    me = g.state.players[0]
    assert me.back[2] == inst(0, "granite_guard") and me.waiting == []


def test_fa_237_fat_084_a_party_emptied_in_the_trap_stage_ends_the_encounter_at_once():
    """FAT-084 (FA-237, FA-094, FA-040): P2's last hero enters, fails to disarm the Spiked Pit Trap and
    is discarded. The Encounter ends at once: no further trap round, no surprise, no combat, no
    retreat or penalty; the second trap and both monsters are discarded. P2 is eliminated at the
    end of P1's player turn."""
    g = position([player(["flame_lancer"], hand=["iron_helm"]), player(["granite_guard"]),
                  player(["reef_guard"])],
                 start="encounter", monster=1, target=0,
                 stacks={"0": ["spiked_pit_trap", "haunting_glyph_trap", "skulker", "merloit"]}, dice=[6])
    to(g, "entering")
    events = do(g, f"hero:{inst(0, 'flame_lancer')}")
    while g.state.encounter is not None:
        d = pending(g)
        assert d.window and d.option_ids == ("pass",), f"asked {d.kind}: {d.option_ids}"
        events += g.choose(d.seat, "pass")
    kinds = [e.kind for e in events]
    assert of(events, "encounter_ends")[0].rule == "FA-237"
    for never in ("retreat", "retreat_item", "retreat_hero", "surprise_roll", "stack_revealed", "combat_round"):
        assert never not in kinds, texts(events)
    assert kinds.count("trap_revealed") == 1
    monster_player = g.state.players[1]
    assert {inst(1, c) for c in ("haunting_glyph_trap", "skulker", "merloit")} <= set(monster_player.encounter_discard)
    events = to(g, "rearrange")
    while (d := g.pending()) is not None and d.kind in ("rearrange", "grant"):
        events += decline(g)
    assert g.state.players[0].eliminated and of(events, "eliminated")


def test_fa_237_a_party_emptied_by_the_surprise_duel_ends_the_encounter_without_combat():
    """FA-237: the surprise duel defeats P2's last hero: the Encounter ends at once, with no combat
    stage (the stack is not revealed) and no retreat; the stack is discarded."""
    g = position([player(["flame_lancer"]), player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["skulker", "merloit"]},
                 dice=[4, 1, 6])  # surprise 4; duel: Flame Lancer 1 + 4 against Skulker 6 + 4
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'skulker')}:{inst(0, 'flame_lancer')}")
    while g.state.encounter is not None:
        d = pending(g)
        events += g.choose(d.seat, "pass")
    assert of(events, "encounter_ends")[0].rule == "FA-237", texts(events)
    assert not of(events, "stack_revealed") and not of(events, "retreat")
    assert {inst(1, "skulker"), inst(1, "merloit")} <= set(g.state.players[1].encounter_discard)


# -- unassigned monsters (FA-238, FAT-087) -----------------------------------------------------------------

def test_fa_238_fa_154_fat_087_a_monster_whose_hero_was_discarded_still_targets_the_party():
    """FAT-087 (FA-238, FA-154): Shoal Banshee's hero is discarded in the Melee phase; in the Action
    phase its fear may still target any hero of P2's party in play, either rank, but not the
    feared one while others are available (FA-190)."""
    g = position([player(["flame_lancer", "reef_guard"], ["byron", "mist_runner"], feared=["mist_runner"]),
                  player(["granite_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "shoal_banshee", "hero": "flame_lancer"}],
                 dice=[1, 6])  # Flame Lancer 5 against Shoal Banshee 10
    to_action(g)
    assert inst(0, "flame_lancer") in g.state.players[0].hero_discard
    assert g.state.encounter.monsters[0].hero == ""
    do(g, "pass")
    to(g, "action")
    d = pending(g, "action")
    targets = {o.rpartition(":")[2] for o in d.option_ids if o.startswith(f"use:{inst(1, 'shoal_banshee')}")}
    assert targets == {inst(0, "reef_guard"), inst(0, "byron")}
