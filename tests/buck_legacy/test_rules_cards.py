"""Buck: Legacy rule tests: card states and keywords (BL-020 to BL-028), decks, maximum values,
Gold and dice (BL-029 to BL-037), and Flight (BL-244) with its single-use durations."""

from __future__ import annotations

import pytest

from game.core.errors import RulesError
from game.rulesets.buck_legacy import stats
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pass_windows, pending, position

GULCH = "brassworks_gulch"  # Starting Zone, Distance 8, Level +0, Loot +5
STOPPER = adventurer("B", backpack=["leather_cap"])
"""An Adventurer with a card in the backpack: asked in every window and in Preparation."""


def market(*seats, **scenario):
    return position(list(seats), start="market_turn", zone=GULCH, **scenario)


def pass_until(g, stop):
    events = []
    while not stop(g):
        assert pending(g).window
        events += do(g, "pass")
    return events


# -- in play or not (BL-020, BL-021, BL-035) --------------------------------------------------------

def test_only_cards_in_play_have_effects_bl020_bl021():
    """BL-020, BL-021: a Scholar's Hood (+2 maximum Mana) and a Battle Metronome (+1 to combat
    rolls) do nothing in the backpack and act once equipped; a Sulphur Imp (an aura of -1 CS)
    does nothing from a Distance Deck."""
    a = adventurer("A", backpack=["scholars_hood", "battle_metronome"], distance_deck=["sulphur_imp"])
    g = market(a, adventurer("B"))
    state = g.state
    assert stats.max_mana(state, CONTENT, 0) == 10 and stats.roll_modifiers(state, CONTENT, 0) == (0, 0)
    assert stats.combat_strength(state, CONTENT, 1) == 2
    do(g, "equip:scholars_hood", "equip:battle_metronome")
    assert stats.max_mana(state, CONTENT, 0) == 12 and stats.roll_modifiers(state, CONTENT, 0) == (1, 0)
    assert stats.combat_strength(state, CONTENT, 1) == 2


def test_raised_maximums_are_their_owners_only_bl035():
    """BL-035: everyone starts with backpack 5, Tesla 8, Mana 10 and 1 Large card; a Burrowkin
    Warrior's +1 backpack and +1 Large hold for them only."""
    g = market(adventurer("A", race="burrowkin", **{"class": "warrior"}), adventurer("B"))
    state = g.state
    values = [(stats.backpack_limit(state, CONTENT, s), stats.max_tesla(state, CONTENT, s),
               stats.max_mana(state, CONTENT, s), stats.large_limit(state, CONTENT, s)) for s in (0, 1)]
    assert values == [(6, 8, 10, 2), (5, 10, 10, 1)]       # (B's Cogborn race: +2 maximum Tesla)


def test_you_is_who_played_the_card_bl022_bl023():
    """BL-022, BL-023: "You" is the Adventurer who drew and played the card: B's Forgotten Purse
    pays B; A's Wellspring of Mana (a Gift: +3 Mana when played) gives A Mana as it enters play."""
    g = position([adventurer("A", mana=4, backpack=["leather_cap"]), adventurer("B", gold=5)], start="exploration",
                 zone=GULCH, dungeon_top=["wellspring_of_mana", "forgotten_purse"])
    events = do(g, "end")
    a, b = g.state.adventurers
    assert (a.mana, a.gold, b.gold) == (7, 0, 20)
    assert a.attached == ["wellspring_of_mana"] and "mana" in kinds(events)


# -- Choose and Target, Rules and Abilities (BL-024, BL-025) --------------------------------------------

def test_wards_block_their_own_kind_of_selection_only_bl024():
    """BL-024, AK-22: B wears Golden Eye (blocks Target), C Veilglass Spectacles (block Choose).
    A's Spark (Targets a weapon) may go on C but not on B; A's Protection spell (Chooses) on B but
    not on C. A ward never stops its wearer's own spells."""
    a = adventurer("A", mana=10, in_front=["nagapon_scout"], **{"class": "cleric"})
    b = adventurer("B", mana=10, slots={"weapon": "studded_cudgel", "glasses": "golden_eye"},
                   **{"class": "necromancer"})
    c = adventurer("C", slots={"weapon": "studded_cudgel", "glasses": "veilglass_spectacles"})
    g = position([a, b, c], start="combat", zone=GULCH, dice=["white:1", "black:6"])
    d = pending(g, "help")
    assert d.seat == 0
    assert "cast:spark:1" not in d.option_ids and "cast:spark:2" in d.option_ids
    assert "cast:protection:1" in d.option_ids and "cast:protection:2" not in d.option_ids
    do(g, "pass")
    d = pending(g, "help")
    assert d.seat == 1 and "cast:spark:1" in d.option_ids and "cast:protection:1" in d.option_ids


def test_magic_missile_targets_and_magic_arrow_chooses_bl024():
    """BL-024, A-51, AK-14: a Monster that cannot be Targeted (Shoal Siren) may take Magic Arrow
    but not Magic Missile; one that cannot be Chosen (Brine Hag) the other way round."""
    for monster, allowed, refused in (("shoal_siren", "cast:magic_arrow", "cast:magic_missile"),
                                      ("brine_hag", "cast:magic_missile", "cast:magic_arrow")):
        a = adventurer("A", mana=10, in_front=[monster], **{"class": "cleric"})
        g = position([a, adventurer("B")], start="combat", zone=GULCH, dice=["white:1", "black:6"])
        d = pending(g, "help")
        assert d.seat == 0 and allowed in d.option_ids and refused not in d.option_ids


def test_golden_eye_blocks_neither_special_abilities_nor_special_rules_bl025():
    """BL-025, BL-187: Golden Eye cannot block Special Abilities: the Ossuary King's red 6 (drain
    the fighter's Mana) empties its wearer's Mana. Nor Special Rules: Thornveil's "-1 CS with a
    Fire weapon" holds for a wearer of Golden Eye."""
    e = adventurer("E", mana=9, slots={"weapon": "studded_cudgel", "glasses": "golden_eye"})
    g = position([e, STOPPER], start="boss", zone="ossuary_of_kings", dice=["red:6", "white:1", "black:1"])
    events = g.initial_events + pass_until(g, lambda g: g.state.fight.white)
    assert "boss_attack" in kinds(events) and g.state.adventurers[0].mana == 0

    fiery = adventurer("E", slots={"weapon": "dragons_tongue", "glasses": "golden_eye"}, backpack=["leather_cap"])
    g = position([fiery, adventurer("F")], start="exploration", zone="ebony_bloody_rose",
                 dungeon_top=["forgotten_purse", "nagapon_payroll_chest"])
    assert pending(g, "preparation").seat == 0
    assert stats.combat_strength(g.state, CONTENT, 0) == 1 + 1 - 1


# -- attachments: the weapon coating (BL-026, BL-027) ----------------------------------------------------

def coated(**fields):
    return adventurer("A", slots={"weapon": "serrated_falchion"}, coatings={"serrated_falchion": "viper_venom_oil"},
                      **fields)


def test_a_coating_attaches_to_the_weapon_bl026():
    """BL-026, AK-30, BL-235: Viper Venom Oil, used from the backpack in Preparation, attaches to
    the equipped weapon: it leaves the backpack, is not discarded, and adds +1 Combat Strength."""
    a = adventurer("A", slots={"weapon": "serrated_falchion"}, backpack=["viper_venom_oil"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["forgotten_purse", "nagapon_payroll_chest"])
    assert stats.combat_strength(g.state, CONTENT, 0) == 3
    do(g, "use:viper_venom_oil")
    a = g.state.adventurers[0]
    assert a.coatings == {"serrated_falchion": "viper_venom_oil"} and a.backpack == []
    assert "viper_venom_oil" not in g.state.items_discard and stats.combat_strength(g.state, CONTENT, 0) == 4
    assert g.view_for(1)["adventurers"][0]["coatings"] == {"serrated_falchion": "viper_venom_oil"}


def test_a_coating_is_discarded_when_its_weapon_is_unequipped_bl027():
    """BL-027, BL-026: unequipping the coated weapon separates the pair; the single-use coating
    is discarded at once and the weapon goes to the backpack."""
    g = market(coated(), adventurer("B"))
    events = do(g, "unequip:weapon")
    a = g.state.adventurers[0]
    assert a.backpack == ["serrated_falchion"] and a.coatings == {}
    assert g.state.items_discard == ["viper_venom_oil"] and "coating_gone" in kinds(events)


def test_a_coating_goes_with_its_weapon_sold_or_given_bl027():
    """BL-027, BL-026, BL-060: selling the coated weapon discards both and pays the weapon's sale
    value; giving it away sends the weapon alone, the coating to the discard pile."""
    g = market(coated(gold=0), adventurer("B"))
    do(g, "sell:serrated_falchion")
    assert g.state.adventurers[0].gold == 20 and set(g.state.items_discard) == {"serrated_falchion", "viper_venom_oil"}
    g = market(coated(), adventurer("B"))
    do(g, "give:serrated_falchion", "to:1")
    assert g.state.adventurers[1].backpack == ["serrated_falchion"] and g.state.items_discard == ["viper_venom_oil"]


def test_a_coating_goes_with_its_weapon_discarded_or_gone_bl027():
    """BL-027, BL-069: a Trap that discards an equipped item takes the coated weapon and its
    coating; a coated Starting Weapon that is unequipped leaves the game and its coating is
    discarded."""
    g = position([coated(backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["acid_drip_ceiling", "forgotten_purse"], dice=["plain:1"])
    do(g, "end")
    pass_windows(g)
    assert pending(g, "lose_equipped").option_ids == ("discard:serrated_falchion",)
    do(g, "discard:serrated_falchion")
    assert {"serrated_falchion", "viper_venom_oil"} <= set(g.state.items_discard)
    assert g.state.adventurers[0].coatings == {}

    g = market(adventurer("A", coatings={"studded_cudgel": "viper_venom_oil"}), adventurer("B"))
    do(g, "unequip:weapon")
    assert "studded_cudgel" in g.state.removed and g.state.items_discard == ["viper_venom_oil"]


def test_a_resisted_weapon_counts_its_coating_as_nothing_too_bl027_bl120():
    """BL-120, BL-026: a coating is part of the weapon: against a Monster resisting the weapon's
    type the weapon with its coating counts +0."""
    a = adventurer("A", slots={"weapon": "dragons_tongue"}, coatings={"dragons_tongue": "viper_venom_oil"})
    state = position([a, adventurer("B")], start="market_turn", zone=GULCH).state
    assert stats.weapon_strength(state, CONTENT, 0) == 2
    assert stats.weapon_strength(state, CONTENT, 0, None, ("fire",), ()) == 0


# -- decks and discard piles (BL-028 to BL-032) --------------------------------------------------------

def test_discards_go_face_up_beside_their_own_deck_bl028_bl029():
    """BL-028, BL-029: a sold Item goes to the Items discard pile and a sold Treasure to the
    Treasure discard pile; a played Event with no counter to the Dungeon discard pile."""
    g = market(adventurer("A", backpack=["leather_cap", "golden_eye"]), adventurer("B"))
    do(g, "sell:leather_cap", "sell:golden_eye")
    assert (g.state.items_discard, g.state.treasure_discard) == (["leather_cap"], ["golden_eye"])
    assert g.state.adventurers[0].gold == 10 + 60


def test_what_each_seat_may_see_bl030_bl031_bl033():
    """BL-030, BL-031, BL-033, BL-028, BL-073: another seat's view shows every discard pile, the
    purple deck and every record, but of the hidden decks only their sizes and of a backpack
    only its size."""
    g = market(adventurer("A", gold=7, backpack=["leather_cap"]), adventurer("B"))
    g.state.dungeon_deck.remove("forgotten_purse")
    g.state.dungeon_discard.append("forgotten_purse")
    view = g.view_for(1)
    assert view["decks"] == {"items": len(g.state.items_deck), "dungeon": len(g.state.dungeon_deck),
                             "treasure": len(g.state.treasure_deck)}
    assert view["discards"]["dungeon"] == ["forgotten_purse"] and view["purple"] == g.state.purple
    mine, theirs = g.view_for(0)["adventurers"][0], view["adventurers"][0]
    assert theirs["backpack"] is None and theirs["backpack_size"] == 1 and mine["backpack"] == ["leather_cap"]
    assert (theirs["gold"], theirs["strength"], theirs["protection"], theirs["max_mana"]) == (7, 2, 0, 10)
    shown = str({k: v for k, v in view.items() if k != "zones"})  # zones: names and sizes only
    assert not [card for card in g.state.items_deck + g.state.dungeon_deck if f"'{card}'" in shown]
    assert all(set(z) == {"name", "owner", "face_up", "seen", "count"} for z in view["zones"])


def test_items_deck_reshuffles_or_gives_nothing_bl032():
    """BL-032, A-34: an Item drawn from an empty Items deck comes from its discard pile shuffled
    into a new deck; with both empty nothing is drawn."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["wandering_tinker", "forgotten_purse"], dice=["plain:6"])
    g.state.items_discard[:] = g.state.items_deck[:1]
    g.state.items_deck.clear()
    drawn = g.state.items_discard[0]
    events = do(g, "end") + pass_windows(g)
    assert "reshuffle" in kinds(events) and drawn in g.state.adventurers[0].backpack

    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["wandering_tinker", "forgotten_purse"], dice=["plain:6"])
    g.state.items_deck.clear()
    events = do(g, "end") + pass_windows(g)
    assert g.state.adventurers[0].backpack == ["leather_cap"] and "item_draw" not in kinds(events)


# -- Gold and dice (BL-036, BL-037) --------------------------------------------------------------------

def test_gold_never_goes_below_zero_bl036():
    """BL-036, A-37: an effect that takes Gold takes at most what there is: a failed Coin-Eating
    Lock (-15) leaves 10 Gold at 0; the Mother of Eels' red 6 (steal 20) leaves 5 Gold at 0."""
    g = position([adventurer("A", gold=10, backpack=["leather_cap"]), adventurer("B")], start="exploration",
                 zone=GULCH, dungeon_top=["coin_eating_lock", "forgotten_purse"], dice=["plain:1"])
    events = do(g, "end") + pass_windows(g)
    assert g.state.adventurers[0].gold == 0
    assert next(e for e in events if e.kind == "gold").data["amount"] == -10
    assert next(e for e in events if e.kind == "gold").text == "A loses 10 Gold (Coin-Eating Lock)."
    # With no Gold left the loss takes nothing, and the log says so (it said "gains 0 Gold").
    g = position([adventurer("A", gold=0, backpack=["leather_cap"]), adventurer("B")], start="exploration",
                 zone=GULCH, dungeon_top=["coin_eating_lock", "forgotten_purse"], dice=["plain:1"])
    events = do(g, "end") + pass_windows(g)
    lost = next(e for e in events if e.kind == "gold")
    assert (lost.rule, lost.text, g.state.adventurers[0].gold) == \
        ("BL-036", "A has no Gold to lose (Coin-Eating Lock).", 0)

    e = adventurer("E", gold=5, slots={"weapon": "sparkwire_rapier"})
    g = position([e, STOPPER], start="boss", zone="saltmarsh_fens", dice=["red:6", "white:6", "black:1"])
    pass_until(g, lambda g: g.state.fight.white)
    assert g.state.adventurers[0].gold == 0


def test_each_die_has_its_role_bl037():
    """BL-037: a Boss round rolls the red die for the Boss Attack, then the white die (the
    Adventurer's) and the black die (the Monster's); a script that offers another die for the
    red one is refused."""
    g = position([adventurer("E", slots={"weapon": "notched_shortsword"}), STOPPER], start="boss",
                 zone="mossgrave_hollows", dice=["red:2", "white:6", "black:1"])
    events = g.initial_events + pass_until(g, lambda g: g.state.fight.white)
    assert next(e for e in events if e.kind == "roll").data["die"] == "red"
    dice = next(e for e in events if e.kind == "dice")
    assert (dice.data["white"], dice.data["black"]) == (6, 1)
    with pytest.raises(RulesError):
        position([adventurer("E"), STOPPER], start="boss", zone="mossgrave_hollows", dice=["white:2"])


# -- Flight (BL-244, BL-218) ---------------------------------------------------------------------------

def test_flight_gives_nothing_by_itself_bl244():
    """BL-244: Flight adds no Combat Strength and nothing to the rolls unless a card refers to it:
    a Skyling fights like anyone; in the Skyreach Spires (a Zone rule for fliers: +1 to combat
    rolls) the same Skyling gets +1."""
    for zone, bonus in ((GULCH, 0), ("skyreach_spires", 1)):
        g = position([adventurer("A", race="skyling", in_front=["nagapon_scout"]), STOPPER], start="combat", zone=zone,
                     dice=["white:3", "black:3"])
        assert stats.has_flight(g.state, CONTENT, 0)
        assert stats.combat_strength(g.state, CONTENT, 0) == 2
        assert stats.roll_modifiers(g.state, CONTENT, 0) == (bonus, 0)


def test_single_use_flight_lasts_until_the_next_exploration_bl244():
    """BL-244, BL-218, AK-25: Bottled Updraft used in Preparation gives Flight through this
    Combat Phase (a Crypt Wisp, which frightens only the flightless, asks no Fear check) and it
    ends when the next Exploration Phase starts."""
    a = adventurer("A", backpack=["bottled_updraft", "leather_cap"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["crypt_wisp", "forgotten_purse"], dice=["white:6", "black:1"])
    do(g, "use:bottled_updraft")
    assert stats.has_flight(g.state, CONTENT, 0) and "bottled_updraft" in g.state.items_discard
    events = do(g, "end")
    assert g.state.fight.monster == "crypt_wisp" and "fear" not in kinds(events)
    pass_windows(g)
    assert pending(g, "preparation") and g.state.adventure == 1
    assert not stats.has_flight(g.state, CONTENT, 0)


def test_flight_cast_once_the_boss_is_up_lasts_the_adventure_bl218():
    """BL-218, BL-244: Crystal Wings cast once the Boss has appeared lasts to the end of the
    Adventure Part: still flying in the next Boss Combat Phase."""
    f = adventurer("F", mana=10, slots={"weapon": "notched_shortsword"}, **{"class": "cleric"})
    g = position([f, adventurer("E", stunned=True)], start="boss", zone="mossgrave_hollows",
                 dice=["red:2", "white:6", "black:1", "red:2", "white:6", "black:1"])
    do(g, "cast:crystal_wings:0")
    assert stats.has_flight(g.state, CONTENT, 0)
    pass_until(g, lambda g: g.state.boss_hp == 1)
    assert g.state.boss_hp == 1 and stats.has_flight(g.state, CONTENT, 0)


def test_the_monster_record_bl034():
    """BL-034, BL-110, BL-128, BL-129: the record of the Monster being fought: its Level (printed +
    the Zone's +1), its Loot (+ the Zone's +10), its Escape value (+1 for a Nagapon in the
    Nagapon Warcamp), the standing change to its black die (a Razorback Panther's +1) and its
    HP (the Gravebound Knight's 2, defeated at 0)."""
    from game.rulesets.buck_legacy import monsters
    from game.rulesets.buck_legacy.dice_changes import monster_roll_modifier
    from tests.buck_legacy.helpers import ctx_of

    g = position([adventurer("A", in_front=["nagapon_soldier"]), STOPPER], start="combat", zone="nagapon_warcamp",
                 dice=["white:1", "black:1"])
    ctx = ctx_of(g)
    assert (monsters.level(ctx), monsters.loot(ctx), monsters.escape_need(ctx)) == (7, 30, 5)
    g = position([adventurer("A", in_front=["razorback_panther"]), STOPPER], start="combat", zone=GULCH,
                 dice=["white:1", "black:1"])
    assert monster_roll_modifier(ctx_of(g)) == 1 and g.view_for(1)["fight"]["black"] == 1
    knight = adventurer("A", in_front=["gravebound_knight"], slots={"weapon": "siege_maul"})
    g = position([knight, STOPPER], start="combat", zone=GULCH, dice=["white:6", "black:1", "white:6", "black:1"])
    assert g.view_for(1)["fight"]["hp"] == 2
    pass_until(g, lambda g: g.state.fight.hp == 1)
    events = pass_windows(g)
    assert "win" in kinds(events) and g.state.adventurers[0].defeated == ["gravebound_knight"]
