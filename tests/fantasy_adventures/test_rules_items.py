"""Fantasy Adventures rule tests: items and item groups (FA-166 to FA-175; worked cases FAT-050 to
FAT-053), played through the decision protocol from written positions.
"""

from __future__ import annotations

from game.core.game import Game

from tests.fantasy_adventures.helpers import do, inst, pass_windows, pending, player, position, texts
from tests.fantasy_adventures.round_play import act, of, to, to_action


def recovery(hand: list[str], items: dict[str, list[str]] | None = None, **fields: object) -> Game:
    """Seat 0 (the monster player) at its recovery grant question, with ``hand`` and the items
    its heroes own; seat 1 has one hero and nothing to grant."""
    heroes = ["kaelen_emberward", "reef_guard", "gale_spearman", "pyra_vell"]
    return position([player(heroes[:2], heroes[2:], hand=hand, items=items or {}, **fields),
                     player(["granite_guard"])], start="recovery", monster=0)


def grants(g: Game) -> set[tuple[str, str]]:
    """The (item definition, hero definition) pairs the grant question offers."""
    d = pending(g, "grant")
    out = set()
    for option in d.option_ids:
        if option.startswith("grant:"):
            _, item, hero = option.split(":")
            out.add((item.partition("/")[2].partition("#")[0], hero.partition("/")[2]))
    return out


def test_fa_166_fa_168_an_item_works_only_once_granted_and_only_for_its_owner():
    """FA-166: an item in hand does nothing; granted to a hero of one's own party it works.
    FA-168: its special ability affects only its owner (the sword's +1 Melee is Reef Guard's, not
    Flame Lancer's)."""
    g = position([player(["flame_lancer", "reef_guard"], hand=["footmans_sword"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}],
                 dice=[1, 1, 1, 1])
    melees = of(to_action(g), "melee")
    # The sword in hand gives nobody anything: Flame Lancer 1 + 4, Reef Guard 1 + 4.
    assert [(e.data["hero"], e.data["hero_total"]) for e in melees] == [
        (inst(0, "flame_lancer"), 5), (inst(0, "reef_guard"), 5)]

    g = position([player(["flame_lancer", "reef_guard"], items={"reef_guard": ["footmans_sword"]}),
                  player(["granite_guard"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}, {"card": "merloit", "hero": "reef_guard"}],
                 dice=[1, 1, 1, 1])
    melees = of(to_action(g), "melee")
    assert [(e.data["hero"], e.data["hero_total"]) for e in melees] == [
        (inst(0, "flame_lancer"), 5), (inst(0, "reef_guard"), 6)]


def test_fa_166_a_grant_moves_the_item_from_the_hand_to_one_hero_of_his_own_party():
    """FA-166: granting puts the item under one hero of the player's own party, its owner; no
    hero of another party is offered."""
    g = recovery(["footmans_sword"])
    offered = grants(g)
    assert offered == {("footmans_sword", h) for h in ("kaelen_emberward", "reef_guard", "gale_spearman", "pyra_vell")}
    events = do(g, f"grant:{inst(0, 'footmans_sword')}:{inst(0, 'reef_guard')}")
    state = g.state
    assert state.players[0].hand == []
    assert state.players[0].items == {inst(0, "reef_guard"): [inst(0, "footmans_sword")]}
    assert any(e.kind == "grant" and e.rule == "FA-178" for e in events)


def test_fa_167_owned_items_are_face_up_for_every_player():
    """FA-167: the items beneath a hero are seen by every seat, unlike the hand."""
    g = recovery(["iron_helm"], items={"reef_guard": ["chain_armor"]})
    other = g.system.view(g.state, 1)
    assert other["players"][0]["items"] == {inst(0, "reef_guard"): [inst(0, "chain_armor")]}
    assert other["players"][0]["hand"] == [] and other["players"][0]["hand_size"] == 1


def test_fa_169_ownership_is_permanent_items_move_with_their_hero_and_are_never_transferred():
    """FA-169: rearranging moves the hero with its items; no question ever offers to move an
    item to another hero (nothing but grants from the hand put items under heroes)."""
    g = recovery([], items={"reef_guard": ["chain_armor"]})
    pass_windows(g)  # the grant question of a player with nothing to grant
    d = pending(g, "rearrange")
    assert all(o.startswith("move:") or o == "end" for o in d.option_ids)
    do(g, f"move:{inst(0, 'reef_guard')}:back:3")
    player0 = g.state.players[0]
    assert player0.back[3] == inst(0, "reef_guard")
    assert player0.items == {inst(0, "reef_guard"): [inst(0, "chain_armor")]}


def test_fa_170_no_grant_and_no_voluntary_discard_of_an_owned_item_during_an_encounter():
    """FA-170: items are granted only at setup and in recovery, and nobody may discard an owned
    item at will: throughout a combat round no question offers a grant or an item discard, though
    the hand holds an item and a hero owns one."""
    g = position([player(["flame_lancer"], hand=["iron_helm"], items={"flame_lancer": ["chain_armor"]}),
                  player(["granite_guard"], hand=["footmans_sword"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "flame_lancer"}],
                 dice=[3, 3])
    asked = []
    while g.state.encounter is not None:
        d = pending(g)
        asked += list(d.option_ids)
        g.choose(d.seat, "pass" if "pass" in d.option_ids else "end" if "end" in d.option_ids else d.option_ids[0])
    assert asked, "the combat asked nothing"
    assert not [o for o in asked if o.startswith("grant:") or "chain_armor" in o or "iron_helm" in o]


def test_fa_171_fa_165_fat_052_a_scroll_does_not_flip_and_is_discarded_and_a_flipped_hero_cannot_read_one():
    """FAT-052 (FA-171, FA-165): Pyra Vell (a Fire caster) reads the Scroll of Banishing as an
    action: the scroll is discarded, she stays unflipped, and she casts a Fire spell later in the
    same Action phase. Flipped, she is not offered the scroll."""
    g = position([player(["pyra_vell", "reef_guard"], hand=["searing_bolt"],
                         items={"pyra_vell": ["scroll_of_banishing"]}),
                  player(["granite_guard"])],
                 start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "reef_guard"}, {"card": "merloit", "hero": "reef_guard"}],
                 dice=[3, 3, 6, 1])  # melee: a tie; the scroll's roll fails (6); Searing Bolt works on its orb
    to(g, "meleeing")
    do(g, f"melee:{inst(1, 'skulker')}")
    to_action(g)
    scroll = f"use:{inst(0, 'scroll_of_banishing')}:0:{inst(1, 'skulker')}"
    assert scroll in pending(g, "action").option_ids
    events = act(g, scroll)
    me = g.state.players[0]
    assert inst(0, "scroll_of_banishing") in me.encounter_discard and not me.items.get(inst(0, "pyra_vell"))
    assert inst(0, "pyra_vell") not in me.flipped
    assert any(e.kind == "dependent_roll" and e.data["die"] == 6 for e in events)
    to(g, "action")
    do(g, "pass")  # the monster player passes: the hero player has one more action
    to(g, "action")
    cast = f"cast:{inst(0, 'searing_bolt')}:{inst(0, 'pyra_vell')}:{inst(1, 'skulker')}"
    assert cast in pending(g, "action").option_ids
    events = act(g, cast)
    assert inst(0, "pyra_vell") in me.flipped
    assert any(e.kind == "defeated" and e.data["card"] == inst(1, "skulker") for e in events), texts(events)

    flipped = position([player(["pyra_vell", "reef_guard"], items={"pyra_vell": ["scroll_of_banishing"]},
                               flipped=["pyra_vell"]), player(["granite_guard"])],
                       start="combat", monster=1, target=0,
                       monsters=[{"card": "skulker", "hero": "reef_guard"}], dice=[3, 3])
    to_action(flipped)
    assert not [o for o in pending(flipped, "action").option_ids if "scroll" in o]


def test_fa_172_fat_050_one_item_of_each_class():
    """FAT-050 (FA-172): a hero owning Orlow's Infernal Ring (a ring) may also be granted the
    Dwarven Shield (a shield) but not a second ring."""
    g = recovery(["orlows_infernal_ring", "dwarven_shield"], items={"reef_guard": ["orlows_infernal_ring"]})
    offered = grants(g)
    assert ("dwarven_shield", "reef_guard") in offered
    assert ("orlows_infernal_ring", "reef_guard") not in offered
    assert ("orlows_infernal_ring", "kaelen_emberward") in offered


def test_fa_173_fa_175_fat_051_one_item_of_each_group_and_illegal_grants_are_never_offered():
    """FAT-051 (FA-173, FA-175): with a sword, a mace (Melee Weapons) and a blade (Swords) are not
    offered but a bow is; with a bow, a crossbow is not (Ranged Weapons); with armor, a coat is
    not (Armor) but a helm and a shield are; a staff and a wand (Rods) never go together, nor a
    pendant and an ankh (Necklaces). "crossbow" is not read as "bow" (whole words, A-29)."""
    hand = ["blessed_mace", "silvered_blade", "hunting_bow", "thunderclap_crossbow", "featherweave_coat",
            "iron_helm", "dwarven_shield", "wand_of_unmaking", "ankh_of_renewal"]
    g = recovery(hand, items={"kaelen_emberward": ["footmans_sword"], "reef_guard": ["chain_armor"],
                              "gale_spearman": ["sparkwood_staff"], "pyra_vell": ["warding_pendant"]})
    offered = grants(g)
    sword, armor, staff, pendant = "kaelen_emberward", "reef_guard", "gale_spearman", "pyra_vell"
    assert ("blessed_mace", sword) not in offered and ("silvered_blade", sword) not in offered
    assert ("hunting_bow", sword) in offered and ("thunderclap_crossbow", sword) in offered
    assert ("featherweave_coat", armor) not in offered
    assert ("iron_helm", armor) in offered and ("dwarven_shield", armor) in offered
    assert ("wand_of_unmaking", staff) not in offered and ("wand_of_unmaking", sword) in offered
    assert ("ankh_of_renewal", pendant) not in offered and ("ankh_of_renewal", staff) in offered
    # Once the bow is granted, the crossbow is no longer offered to that hero.
    do(g, f"grant:{inst(0, 'hunting_bow')}:{inst(0, sword)}")
    do(g, "end")
    g2 = recovery(["thunderclap_crossbow"], items={"kaelen_emberward": ["hunting_bow"]})
    assert ("thunderclap_crossbow", sword) not in grants(g2)
    assert ("thunderclap_crossbow", armor) in grants(g2)


def test_fa_174_a_group_word_on_a_card_means_every_item_of_that_group():
    """FA-174: the Rust Mist Trap makes the entering hero discard every item of the Melee Weapons
    group (the sword and the mace are both in it), and nothing else it owns."""
    g = position([player(["flame_lancer"], items={"flame_lancer": ["footmans_sword", "hunting_bow"]}),
                  player(["granite_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["rust_mist_trap", "skulker"]},
                 dice=[6])  # the disarm fails
    to(g, "entering")
    events = do(g, f"hero:{inst(0, 'flame_lancer')}") + to(g, "duel")
    me = g.state.players[0]
    assert me.items[inst(0, "flame_lancer")] == [inst(0, "hunting_bow")], texts(events)
    assert inst(0, "footmans_sword") in me.encounter_discard


def test_fat_053_a_discarded_hero_takes_its_items_to_the_discard_piles():
    """FAT-053 (FA-063, FA-064, FA-169): a hero owning two items loses its melee and fails its
    armor save; it goes to the Hero discard pile and both items to the Encounter discard pile."""
    g = position([player(["flame_lancer", "reef_guard"], items={"flame_lancer": ["chain_armor", "footmans_sword"]}),
                  player(["granite_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "flame_lancer"}],
                 dice=[1, 6, 5])  # hero 1 + 5 = 6 against 6 + 4 = 10; the armor save (1-2) rolls 5
    to_action(g)
    me = g.state.players[0]
    assert inst(0, "flame_lancer") in me.hero_discard
    assert {inst(0, "chain_armor"), inst(0, "footmans_sword")} <= set(me.encounter_discard)
    assert inst(0, "flame_lancer") not in me.items
