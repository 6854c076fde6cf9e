"""Fantasy Adventures rule tests: saves (FA-214 to FA-219, FA-233, the saves of FA-234), bonuses to
saves (FA-181, FA-184), healing (FA-199 to FA-202) and defeated cards healing themselves (FA-241);
worked cases FAT-054, FAT-056 to FAT-060, FAT-081 and FAT-083. Played through the decision
protocol from written positions with scripted dice.
"""

from __future__ import annotations

from game.core.game import Game

from tests.fantasy_adventures.helpers import do, inst, pending, player, position, texts
from tests.fantasy_adventures.round_play import act, of, to, to_action

LOSE = [1, 6]
"""Melee dice: the hero rolls 1, the monster 6 (Skulker, Melee 4: 10, beats any hero here)."""


def lone_melee(hero: str, items: list[str] | None = None, dice: list[int] | None = None,
               others: list[str] | None = None, back: list[str] | None = None, **fields: object) -> Game:
    """Seat 0's ``hero`` (front left) attacked by Skulker alone; the monster player is seat 1."""
    return position([player([hero] + (others or []), back or [], items={hero: items or []}, **fields),
                     player(["granite_guard"])],
                    start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": hero}],
                    dice=dice or [])


def save_rolls(events: list) -> list[tuple[int, bool]]:
    return [(e.data["die"], e.data["saved"]) for e in of(events, "save")]


# -- armor saves and save sources (FA-214, FA-215, FA-218, FA-219, FA-233) ------------------------------

def test_fa_215_fa_218_fat_056_each_armor_item_gives_a_save_rolled_until_one_succeeds_at_every_defeat():
    """FAT-056 (FA-215, FA-218): armor (1-2), a helm (1) and a shield (1-2): the saves are rolled one
    after another until one succeeds; at the next defeat they are all there again (FA-219: the
    items stay)."""
    items = ["chain_armor", "iron_helm", "dwarven_shield"]
    g = lone_melee("flame_lancer", items, dice=LOSE + [6, 6, 2] + LOSE + [1], others=["reef_guard"])
    events = to_action(g)
    assert save_rolls(events) == [(6, False), (6, False), (2, True)], texts(events)
    assert [e.text.split(":")[0] for e in of(events, "save")] == [
        "Flame Lancer's armor save (Chain Armor)", "Flame Lancer's armor save (Iron Helm)",
        "Flame Lancer's armor save (Dwarven Shield)"]
    me = g.state.players[0]
    assert me.front[0] == inst(0, "flame_lancer") and len(me.items[inst(0, "flame_lancer")]) == 3
    do(g, "pass")  # the hero player's action; the monster player passes too, and the round ends
    to(g, "action")
    do(g, "pass")
    events = to_action(g)  # round 2: Skulker stays on Flame Lancer and wins again
    assert save_rolls(events) == [(1, True)], texts(events)
    assert len(me.items[inst(0, "flame_lancer")]) == 3


def test_fa_214_fa_218_every_save_fails_and_the_card_is_discarded():
    """FA-214, FA-218: only a successful save prevents the discard; after all fail the hero goes."""
    g = lone_melee("flame_lancer", ["chain_armor", "iron_helm"], dice=LOSE + [3, 2], others=["reef_guard"])
    events = to_action(g)
    assert save_rolls(events) == [(3, False), (2, False)]
    assert inst(0, "flame_lancer") in g.state.players[0].hero_discard


def test_fa_233_fa_217_fat_083_a_helms_item_without_numbers_saves_at_the_basic_melee():
    """FAT-083 (FA-233, FA-215, FA-216, FA-217): Ash Tracker (basic Melee 3) owning the Stoic Mask,
    which prints no save, saves on a die of 3 or less; with the Warding Pendant (+1 to saves) on 4
    or less; owning only Orlow's Infernal Ring it rolls no save at all."""
    g = lone_melee("ash_tracker", ["stoic_mask"], dice=LOSE + [3], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(3, True)]
    g = lone_melee("ash_tracker", ["stoic_mask"], dice=LOSE + [4], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(4, False)]
    g = lone_melee("ash_tracker", ["stoic_mask", "warding_pendant"], dice=LOSE + [4], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(4, True)]
    g = lone_melee("ash_tracker", ["stoic_mask", "warding_pendant"], dice=LOSE + [5], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(5, False)]
    g = lone_melee("ash_tracker", ["orlows_infernal_ring"], dice=LOSE + [1], others=["reef_guard"])
    events = to_action(g)
    assert save_rolls(events) == [] and inst(0, "ash_tracker") in g.state.players[0].hero_discard


def test_fa_216_fat_057_a_save_bonus_alone_gives_no_save():
    """FAT-057 (FA-216): a hero with "+1 to saves" (the pendant) and no save source rolls no save."""
    g = lone_melee("flame_lancer", ["warding_pendant"], dice=LOSE + [1], others=["reef_guard"])
    events = to_action(g)
    assert save_rolls(events) == []
    assert inst(0, "flame_lancer") in g.state.players[0].hero_discard


def test_fa_217_fat_058_a_save_without_numbers_uses_the_basic_melee_only():
    """FAT-058 (FA-217): Magda Deepdelver ("Save", basic Melee 4) with a +1 Melee sword and +1 to
    saves saves on a die of 5 or less, not 6: the sword does not count, the save bonus does.
    Undead Deckhand ("Save", basic Melee 2) meleeing with a Horde of five (+2 Melee) still saves
    only on 2 or less."""
    g = lone_melee("magda_deepdelver", ["footmans_sword", "warding_pendant"], dice=LOSE + [5], others=["reef_guard"])
    events = to_action(g)
    assert save_rolls(events) == [(5, True)]
    assert [e.text for e in of(events, "save")] == ["Magda Deepdelver's own save: rolled 5 (bonus +1) — saved."]
    g = lone_melee("magda_deepdelver", ["footmans_sword", "warding_pendant"], dice=LOSE + [6], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(6, False)]

    horde = ["undead_deckhand", "skulker", "merloit", "mud_grub", "cinder_rat"]
    for die, saved in ((3, False), (2, True)):
        g = position([player(["kaelen_emberward", "reef_guard"]), player(["granite_guard"])],
                     start="combat", monster=1, target=0,
                     monsters=[{"card": m, "hero": "kaelen_emberward"} for m in horde],
                     dice=[6, 1, die])  # Kaelen 12 against 1 + 2 + Horde 2 = 5: he wins
        to(g, "meleeing")
        events = do(g, f"melee:{inst(1, 'undead_deckhand')}")
        events += to(g, "melee_win")
        assert "Horde +2" in of(events, "melee")[0].text
        events = do(g, f"defeat:{inst(1, 'undead_deckhand')}")
        assert save_rolls(events) == [(die, saved)], texts(events)


def test_fa_218_the_ranged_save_comes_before_the_defeat_and_the_cards_own_save_after_it():
    """FA-218 (A-35): a Ranged hit makes Grotto Crab (Melee 3, "Save on 1-2") roll its Ranged save
    first; failing it, it is defeated and then rolls its own save, a separate source."""
    g = position([player(["flame_lancer"], ["briar_ranger"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0, lair=True,
                 monsters=[{"card": "grotto_crab", "hero": "flame_lancer"}],
                 dice=[2, 5, 2])  # hit (2 <= 3); Ranged save 5 fails; its own save 2 succeeds
    events = to(g, "ranged_target")
    events += do(g, f"target:{inst(1, 'grotto_crab')}")
    events += to_action(g)
    order = [e.kind for e in events if e.kind in ("ranged_save", "defeated", "save")]
    assert order[:3] == ["ranged_save", "defeated", "save"], texts(events)
    assert of(events, "save")[0].data["saved"]


# -- bonuses to saves and their directions (FA-181, FA-184, FA-209, FA-234) -----------------------------

def test_fa_181_fat_054_the_save_bonus_is_subtracted_when_that_saves():
    """FAT-054 (FA-181): Granite Guard ("Save on 1-2") with the Warding Pendant (+1 to all saves)
    rolls 3: its player subtracts the bonus, 2, and it is saved."""
    g = lone_melee("granite_guard", ["warding_pendant"], dice=LOSE + [3], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(3, True)]
    g = lone_melee("granite_guard", ["warding_pendant"], dice=LOSE + [4], others=["reef_guard"])
    assert save_rolls(to_action(g)) == [(4, False)]


def test_fa_184_each_bonus_is_applied_whole_and_its_direction_chosen_separately():
    """FA-184 (A-31): two +1 save bonuses (the pendant and Thorn Oakheart's Earth leadership) are
    two numbers, each added or subtracted: on a die of 2 a "Save on 1-2" succeeds with +1 - 1,
    though +2 and -2 would both miss."""
    g = position([player(["granite_guard", "thorn_oakheart"], items={"granite_guard": ["warding_pendant"]}),
                  player(["reef_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "granite_guard"}],
                 dice=LOSE + [2])
    events = to_action(g)
    assert save_rolls(events) == [(2, True)], texts(events)


def test_fa_234_fa_209_fat_081_a_save_after_a_duel_takes_the_leaderships_save_bonus():
    """FAT-081, last case (FA-234, FA-209): Stonefist Brawler (Earth) owning Chain Armor (1-2) loses
    a surprise duel while Thorn Oakheart's "+1 to saves" leadership is in play: the save die of 3
    becomes 2 and the hero is saved. Leadership never counts in the duel itself, but a save
    bonus counts for the save after it."""
    g = position([player(["stonefist_brawler", "thorn_oakheart"], items={"stonefist_brawler": ["chain_armor"]}),
                  player(["reef_guard"])],
                 start="encounter", monster=1, target=0, stacks={"0": ["skulker"]},
                 dice=[4, 1, 6, 3])  # surprise 4 (Skulker 4 surprises); duel 1 + 4 against 6 + 4; save 3
    to(g, "duel")
    events = do(g, f"duel:{inst(1, 'skulker')}:{inst(0, 'stonefist_brawler')}")
    events += to(g, "assign")
    assert of(events, "duel_roll")[0].data["hero_total"] == 5
    assert save_rolls(events) == [(3, True)], texts(events)
    assert inst(0, "stonefist_brawler") in g.state.players[0].front


# -- healing (FA-199 to FA-202) --------------------------------------------------------------------------

def fenwick_party(**fields: object) -> list:
    return [player(["flame_lancer", "reef_guard"], ["elder_fenwick"],
                   items={"flame_lancer": ["chain_armor", "footmans_sword"]}, **fields),
            player(["granite_guard"])]


def heal_option(g: Game, healer: str, target: str, index: str = "0.0") -> str:
    return f"use:{inst(0, healer)}:{index}:{inst(0, target)}"


def test_fa_199_fat_059_a_healed_hero_keeps_its_items_position_and_monsters():
    """FAT-059 (FA-199, FA-062): Flame Lancer, owning two items, loses its melee and fails its save;
    Elder Fenwick heals it (1 on 1-2): it stays in its position with both items and Skulker still
    assigned, and counts as never defeated, so no retreat is offered at the round's end."""
    g = position(fenwick_party(), start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=LOSE + [6, 1])
    events = to(g, "heal_window")
    assert of(events, "defeated") and save_rolls(events) == [(6, False)]
    d = pending(g, "heal_window")
    assert d.seat == 0
    events = do(g, heal_option(g, "elder_fenwick", "flame_lancer"))
    events += to(g, "action")
    assert [e.text for e in of(events, "healed")] == \
        ["Elder Fenwick heals Flame Lancer: it stays, as if never defeated."]
    me = g.state.players[0]
    assert me.front[0] == inst(0, "flame_lancer")
    assert me.items[inst(0, "flame_lancer")] == [inst(0, "chain_armor"), inst(0, "footmans_sword")]
    assert g.state.encounter.monsters[0].hero == inst(0, "flame_lancer")
    assert inst(0, "flame_lancer") not in me.hero_discard
    do(g, "pass")
    events = to(g, "support")  # the next round: no retreat question came (FA-075)
    assert of(events, "combat_round") and not of(events, "retreat")


def test_fa_201_fat_060_a_normal_heal_at_a_defeat_flips_counts_once_per_turn_and_spends_no_action():
    """FAT-060 (FA-201, FA-152, FA-161): Elder Fenwick's normal heal is used in the Melee phase,
    right after the defeat. He is flipped, the hero player still has his first action, and when
    Flame Lancer is defeated again next round the heal is not offered again this player turn."""
    g = position(fenwick_party(), start="combat", monster=1, target=0,
                 monsters=[{"card": "skulker", "hero": "flame_lancer"}], dice=LOSE + [6, 2] + LOSE + [6])
    to(g, "heal_window")
    events = do(g, heal_option(g, "elder_fenwick", "flame_lancer"))
    assert of(events, "ability")[0].rule == "FA-201"
    me = g.state.players[0]
    assert inst(0, "elder_fenwick") in me.flipped
    to(g, "action")
    d = pending(g, "action")
    assert d.seat == 0 and "last action" not in d.prompt  # the heal took no action
    do(g, "pass")
    to(g, "action")
    do(g, "pass")
    events = to(g, "heal_window")  # round 2: Flame Lancer loses again, Fenwick is unflipped
    assert inst(0, "elder_fenwick") not in me.flipped
    assert not [o for o in pending(g).option_ids if o.startswith(f"use:{inst(0, 'elder_fenwick')}:0.0")]


def test_fa_202_every_player_may_heal_within_his_targeting_rules():
    """FA-202 (A-32): after a defeat every player is asked. Non-involved P3's Sister Oona may heal
    P1's hero with her anytime heal, and so may the monster player's; P3's Elder Fenwick, whose heal
    is a normal ability, may not."""
    g = position([player(["flame_lancer", "reef_guard"]),
                  player(["sister_oona"]),
                  player(["sister_oona", "elder_fenwick"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "flame_lancer"}],
                 dice=LOSE + [2])
    to(g, "heal_window")
    asked = []
    while (d := g.pending()) is not None and d.kind == "heal_window":
        asked.append((d.seat, d.option_ids))
        if d.seat == 2:
            assert f"use:{inst(2, 'sister_oona')}:0:{inst(0, 'flame_lancer')}" in d.option_ids
            assert not [o for o in d.option_ids if "elder_fenwick" in o]
            events = g.choose(2, f"use:{inst(2, 'sister_oona')}:0:{inst(0, 'flame_lancer')}")
            break
        g.choose(d.seat, "pass")
    assert [seat for seat, _ in asked] == [0, 1, 2]
    assert f"use:{inst(1, 'sister_oona')}:0:{inst(0, 'flame_lancer')}" in asked[1][1]
    assert of(events, "healed") and inst(2, "sister_oona") in g.state.players[2].flipped
    assert g.state.players[0].front[0] == inst(0, "flame_lancer")


def test_fa_200_a_monster_is_healed_only_by_an_effect_that_heals_monsters():
    """FA-200, FA-241: Cave Troll ("can heal itself on 1-3") loses a melee: the monster player may
    heal it with its own ability; the hero player's Sister Oona (heals heroes) may not."""
    g = position([player(["kaelen_emberward", "sister_oona"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0, lair=True,
                 monsters=[{"card": "cave_troll", "hero": "kaelen_emberward"}], dice=[6, 1, 3])
    to(g, "heal_window")
    d = pending(g, "heal_window")
    assert d.seat == 0 and d.option_ids == ("pass",)
    do(g, "pass")
    d = pending(g, "heal_window")
    assert d.seat == 1
    events = do(g, f"use:{inst(1, 'cave_troll')}:0:{inst(1, 'cave_troll')}")
    assert [e.text for e in of(events, "healed")] == ["Cave Troll heals itself: it stays, as if never defeated."]
    to(g, "action")
    assert [m.card for m in g.state.encounter.monsters] == [inst(1, "cave_troll")]


# -- defeated cards heal only themselves (FA-241) --------------------------------------------------------

def test_fa_241_a_defeated_hero_may_heal_itself_with_its_own_healing_ability():
    """FA-241 (A-49): defeated Elder Fenwick may use his own heal ("one hero of this party") on
    himself, and a hero owning the Ankh of Renewal may use it on itself; it flips them as usual."""
    g = position([player(["elder_fenwick", "reef_guard"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "elder_fenwick"}],
                 dice=LOSE + [1])
    to(g, "heal_window")
    option = heal_option(g, "elder_fenwick", "elder_fenwick")
    assert option in pending(g).option_ids
    events = do(g, option)
    assert of(events, "healed") and inst(0, "elder_fenwick") in g.state.players[0].flipped

    g = lone_melee("flame_lancer", ["ankh_of_renewal"], dice=LOSE + [2], others=["reef_guard"])
    to(g, "heal_window")
    events = do(g, f"use:{inst(0, 'ankh_of_renewal')}:0:{inst(0, 'flame_lancer')}")
    assert of(events, "healed") and inst(0, "flame_lancer") in g.state.players[0].front


def test_fa_241_a_defeated_caster_cannot_cast_even_a_heal_on_itself():
    """FA-241: defeated Sister Oona may heal herself with her own anytime heal, but may not cast the
    Heal spell from the hand on herself; another caster of the party may."""
    g = position([player(["sister_oona", "reef_guard"], hand=["heal"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "sister_oona"}],
                 dice=LOSE)
    to(g, "heal_window")
    options = pending(g).option_ids
    assert f"use:{inst(0, 'sister_oona')}:0:{inst(0, 'sister_oona')}" in options
    assert not [o for o in options if o.startswith("cast:")]

    g = position([player(["sister_oona", "reef_guard"], ["pyra_vell"], hand=["heal"]), player(["granite_guard"])],
                 start="combat", monster=1, target=0, monsters=[{"card": "skulker", "hero": "sister_oona"}],
                 dice=LOSE)
    to(g, "heal_window")
    casts = [o for o in pending(g).option_ids if o.startswith("cast:")]
    assert casts == [f"cast:{inst(0, 'heal')}:{inst(0, 'pyra_vell')}:{inst(0, 'sister_oona')}"]
