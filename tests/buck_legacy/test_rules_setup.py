"""Buck: Legacy rule tests: the game's structure and golden rules, setup, character creation,
Buck priority, the difficulty ladder and trading (BL-001 to BL-049, A-16 to A-18, A-39, A-50,
A-54)."""

from __future__ import annotations

import pytest

from game.core.errors import FiveRealmsError, IllegalChoice, ScenarioError
from game.core.game import Game
from tests.buck_legacy.helpers import CONTENT, SYSTEM, adventurer, do, kinds, pending, position


def create_all(g: Game, picks: dict[int, tuple[str, str, str]] | None = None) -> list:
    """Answer character creation: each seat's (race, class, weapon), or the first offered."""
    events = []
    while (d := pending(g)).kind == "create":
        pick = d.option_ids[0].partition(":")[0]
        wanted = (picks or {}).get(d.seat)
        choice = f"{pick}:{wanted[('race', 'class', 'weapon').index(pick)]}" if wanted else d.option_ids[0]
        events += g.choose(d.seat, choice)
    return events


def zone_difficulties(d) -> set[str]:
    return {CONTENT.zones[o.partition(":")[2]].difficulty for o in d.option_ids}


# -- the game's structure (BL-001 to BL-004) -------------------------------------------------------

def test_two_to_six_players_one_adventurer_each_bl001():
    """BL-001: 2 to 6 players, each one Adventurer."""
    for seats in (1, 7):
        with pytest.raises(IllegalChoice, match="2 to 6"):
            Game.new(SYSTEM, 0, seats)
    for seats in (2, 6):
        g = Game.new(SYSTEM, 0, seats)
        assert [a.seat for a in g.state.adventurers] == list(range(seats))


def test_the_game_starts_with_a_market_part_bl002_bl043():
    """BL-002, BL-043, BL-003, A-17: after setup the first part is a Market Part; everyone starts
    Active with 0 Medals, 0 Tesla, an empty backpack and an empty Distance Deck."""
    g = Game.new(SYSTEM, 1, 3)
    create_all(g)
    assert g.state.part == "market" and pending(g).kind == "zone"
    for adv in g.state.adventurers:
        assert (adv.stunned, adv.medals, adv.tesla, adv.backpack, adv.distance_deck) == (False, 0, 0, [], [])


def test_standard_game_twenty_gold_two_bosses_bl004_bl038():
    """BL-004, BL-038: a Standard game gives 20 Gold each and sets 2 Bosses to defeat."""
    g = Game.new(SYSTEM, 2, 2)
    assert g.state.target == 2 and all(a.gold == 20 for a in g.state.adventurers)
    assert "20 Gold" in g.initial_events[0].text


def test_quick_game_sixty_gold_one_treasure_mid_level_blt41():
    """BLT-41, BL-038, BL-044, BL-006, A-39: a Quick game with 3 players: 60 Gold and exactly 1
    Treasure each, received in priority order after character creation (draw 2, keep 1); one Boss,
    from a Mid-Level Zone."""
    g = Game.new(SYSTEM, 3, 3, {"quick": True})
    assert g.state.target == 1 and all(a.gold == 60 for a in g.state.adventurers)
    events = create_all(g)
    order = []
    while (d := pending(g)).kind == "keep_treasure":
        assert len(d.option_ids) == 2
        order.append(d.seat)
        events += g.choose(d.seat, d.option_ids[0])
    assert order == g.state.priority()
    assert kinds(events).index("treasure_draw") > max(i for i, k in enumerate(kinds(events)) if k == "create")
    for adv in g.state.adventurers:
        assert len(adv.backpack) == 1 and CONTENT.card(adv.backpack[0]).deck == "treasure"
    assert len(g.state.treasure_deck) == len(CONTENT.treasures) - 3
    d = pending(g, "zone")
    assert zone_difficulties(d) == {"mid"}


# -- setup: the Buck roll, characters, starting Mana (BL-039 to BL-044) --------------------------------

def test_tied_highest_rollers_roll_again_a18():
    """BL-039, A-18, BL-037: everyone rolls the plain die; the highest takes the Buck token;
    players tied for the highest roll again among themselves only, until one is highest."""
    for seed in range(100):
        g = Game.new(SYSTEM, seed, 4)
        rolls = [e.data["rolls"] for e in g.initial_events if e.kind == "roll"]
        first = rolls[0]
        best = max(first.values())
        tied = {s for s, r in first.items() if r == best}
        if len(tied) > 1 and len(tied) < 4:
            break
    else:
        pytest.fail("no seed with a tie for the highest Buck roll")
    assert all(e.data["die"] == "plain" for e in g.initial_events if e.kind == "roll")   # BL-037
    rolling = set(first)
    for roll in rolls:
        assert set(roll) == rolling            # only those still tied roll
        best = max(roll.values())
        rolling = {s for s, r in roll.items() if r == best}
    assert len(rolling) == 1
    assert g.state.dealer == int(rolling.pop())
    assert [e for e in g.initial_events if e.kind == "buck"][0].data["seat"] == g.state.dealer


def test_characters_are_picked_in_priority_order_each_card_once_bl040_bl041():
    """BL-040, BL-041, BL-045: from the Dealer clockwise, each picks a Race, a Class and a Starting
    Weapon from the cards left (a taken card is not offered again); the weapon is equipped."""
    g = Game.new(SYSTEM, 5, 3)
    order = g.state.priority()
    first = pending(g, "create")
    assert first.seat == order[0] and first.option_ids[0].startswith("race:")
    g.choose(order[0], "race:aelvari")
    g.choose(order[0], "class:cleric")
    g.choose(order[0], "weapon:apprentices_staff")
    second = pending(g, "create")
    assert second.seat == order[1]
    assert "race:aelvari" not in second.option_ids
    g.choose(order[1], second.option_ids[0])
    assert "class:cleric" not in pending(g).option_ids
    g.choose(order[1], pending(g).option_ids[0])
    assert "weapon:apprentices_staff" not in pending(g).option_ids
    with pytest.raises(IllegalChoice):
        g.choose(order[1], "weapon:apprentices_staff")
    create_all(g)
    dealer = g.state.adventurers[order[0]]
    assert (dealer.race, dealer.klass, dealer.slots) == ("aelvari", "cleric", {"weapon": "apprentices_staff"})
    taken = [c for a in g.state.adventurers for c in (a.race, a.klass, a.slots["weapon"])]
    assert len(taken) == len(set(taken)) == 9 and not set(taken) & set(g.state.characters)


def test_starting_mana_is_the_full_maximum_for_magic_rank_one_a16():
    """BL-042, A-16, BL-209: after character creation an Adventurer of Magic Rank 1 or more starts
    with their full maximum Mana, bonuses included (Aelvari +2, Apprentice's Staff +2: 14); one of
    Rank 0 starts with 0, even holding the Staff."""
    g = Game.new(SYSTEM, 6, 2)
    order = g.state.priority()
    events = create_all(g, {order[0]: ("aelvari", "necromancer", "apprentices_staff"),
                            order[1]: ("cogborn", "ranger", "gnarled_quarterstaff")})
    caster, other = g.state.adventurers[order[0]], g.state.adventurers[order[1]]
    assert caster.mana == 14 and other.mana == 0
    assert [e.data["mana"] for e in events if e.kind == "mana"] == [14]
    g2 = Game.new(SYSTEM, 6, 2)
    create_all(g2, {order[0]: ("cogborn", "ranger", "apprentices_staff"),
                    order[1]: ("aelvari", "necromancer", "gnarled_quarterstaff")})
    assert g2.state.adventurers[order[0]].mana == 0 and g2.state.adventurers[order[1]].mana == 12


# -- options and the golden rules (BL-010 to BL-012) ------------------------------------------------

def test_house_rules_are_off_by_default_and_announced_when_on_bl010_bl011():
    """BL-010, BL-011: every house-rule switch is off unless the host turns it on; the ones in force
    are shown to everyone before play starts."""
    defaults = SYSTEM.resolve_options({})
    assert defaults == {"quick": False, "blind_shop": False, "buck_stays": False, "large_equipped_only": False,
                        "protection_every_stun": False, "literal_useless": False, "bosses": 0, "adventure_limit": 0}
    plain = Game.new(SYSTEM, 0, 2)
    announced = [e for e in plain.initial_events if e.kind == "house_rules"]
    assert len(announced) == 1 and announced[0].data["rules"] == [] and announced[0].seats is None
    house = Game.new(SYSTEM, 0, 2, {"buck_stays": True, "blind_shop": True})
    rules = [e for e in house.initial_events if e.kind == "house_rules"][0].data["rules"]
    assert any("Buck stays" in r for r in rules) and any("Blind shop" in r for r in rules) and len(rules) == 2
    assert house.state.buck_stays and house.state.blind_shop and not house.state.large_equipped_only


def test_cards_outrank_the_rules_maximum_values_bl012_bl035():
    """BL-012, BL-035: a card raising a maximum value raises it for its holder only: the Burrowkin's
    backpack holds 6, another's 5."""
    g = position([adventurer("A", race="burrowkin"), adventurer("B")], start="market_turn",
                 zone="ebony_bloody_rose", shop=["leather_cap", "iron_sallet", "smoked_goggles", "owl_eye_lenses"])
    seen = g.view_for(1)["adventurers"]
    assert (seen[0]["backpack_limit"], seen[1]["backpack_limit"]) == (6, 5)
    assert (seen[0]["max_tesla"], seen[1]["max_tesla"], seen[0]["max_mana"], seen[0]["large_limit"]) == (8, 10, 10, 1)


# -- the difficulty ladder (BL-004 to BL-008, A-50, A-54) ---------------------------------------------

def zone_question(seats: int, defeated: int = 0, **options):
    g = position([adventurer(f"P{i}") for i in range(seats)], start="market", bosses_defeated=defeated,
                 options=options)
    return g, pending(g, "zone")


def test_standard_ladder_two_players_starting_then_mid_bl005():
    """BL-005: with 2 players the first Boss comes from a Starting Zone, the second from a Mid-Level."""
    assert zone_difficulties(zone_question(2)[1]) == {"starting"}
    assert zone_difficulties(zone_question(2, 1)[1]) == {"mid"}


def test_standard_ladder_three_or_more_mid_then_advanced_bl005():
    """BL-005: with 3-6 players the first Boss is Mid-Level, the second Advanced."""
    for seats in (3, 6):
        assert zone_difficulties(zone_question(seats)[1]) == {"mid"}
        assert zone_difficulties(zone_question(seats, 1)[1]) == {"advanced"}


def test_quick_game_ladder_bl006():
    """BL-006: a Quick game's one Boss is Starting with 2 players, Mid-Level with 3-6."""
    g = position([adventurer("A"), adventurer("B")], start="market", quick=True)
    assert g.state.target == 1 and zone_difficulties(pending(g, "zone")) == {"starting"}
    g = position([adventurer("A"), adventurer("B"), adventurer("C")], start="market", quick=True)
    assert zone_difficulties(pending(g, "zone")) == {"mid"}


def test_after_a_failed_attempt_the_difficulty_stays_and_the_zone_may_return_bl007_a50():
    """BL-007, A-50, BL-195: after everyone is Stunned the Zone goes back to the purple deck and the
    next Zone is of the same difficulty, the one just failed included."""
    g = position([adventurer("A"), adventurer("B", stunned=True), adventurer("C", stunned=True)], start="boss",
                 zone="ebony_bloody_rose", dice=["red:4"])
    d = pending(g, "zone")
    assert g.state.bosses_defeated == 0
    assert zone_difficulties(d) == {"mid"} and "zone:ebony_bloody_rose" in d.option_ids


STRONG = {"race": "ogrekin", "class": "warrior"}   # Combat Strength 2 + 2 + the weapon


def test_after_a_boss_falls_the_next_zone_is_a_step_harder_blt38():
    """BLT-38, BL-007, BL-008, BL-009: Standard game, 3 players, the Mid-Level Boss defeated in the
    1st Adventure: the Dealer may only choose an Advanced Zone. When the Advanced Boss falls the game
    ends after the final actions: no further part, the most Medals win and a tie shares the win."""
    g = position([adventurer("A", **STRONG), adventurer("B"), adventurer("C")], start="boss",
                 zone="ebony_bloody_rose", boss_hp=1, dice=["red:2", "white:6", "black:1"])
    while pending(g).kind == "keep_treasure":
        do(g, pending(g).option_ids[0])
    assert g.state.bosses_defeated == 1 and "ebony_bloody_rose" in g.state.removed
    assert zone_difficulties(pending(g, "zone")) == {"advanced"}
    g = position([adventurer("A", medals=2, slots={"weapon": "dawnbreaker_greatsword"}, **STRONG),
                  adventurer("B", medals=2), adventurer("C", medals=1)],
                 start="boss", zone="ashen_forge", boss_hp=1, bosses_defeated=1,
                 dice=["red:2", "white:6", "black:1"])
    while (d := g.pending()) is not None and d.kind == "keep_treasure":   # Treasures come before the end
        g.choose(d.seat, d.option_ids[0])
    assert g.pending() is None and g.state.part == "over" and g.state.bosses_defeated == 2
    assert [a.medals for a in g.state.adventurers] == [3, 3, 2]  # each Active Adventurer's Medal
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    assert not g.state.shop and g.state.dealer == 0              # no new Market Part, no Buck passing


def test_house_rule_boss_target_follows_the_ladder_a54():
    """BL-004, A-54, BL-011: the host may set another number of Bosses; the first follows BL-006 and
    each later one is a step harder, staying at Advanced; only a target the purple deck can supply
    is accepted (5 with 2 players, 4 with 3-6)."""
    g = Game.new(SYSTEM, 0, 3, {"bosses": 4})
    assert g.state.target == 4
    assert any("4 Bosses" in r for e in g.initial_events if e.kind == "house_rules" for r in e.data["rules"])
    assert Game.new(SYSTEM, 0, 2, {"bosses": 5}).state.target == 5
    assert Game.new(SYSTEM, 0, 2, {"bosses": 1}).state.target == 1
    for seats, too_many in ((2, 6), (3, 5), (6, 5)):
        with pytest.raises(FiveRealmsError, match="at most"):
            Game.new(SYSTEM, 0, seats, {"bosses": too_many})
    with pytest.raises(ScenarioError, match="at most"):
        position([adventurer("A"), adventurer("B"), adventurer("C")], options={"bosses": 5})
    for defeated in (2, 3):
        g, d = zone_question(3, defeated, bosses=4)
        assert zone_difficulties(d) == {"advanced"}
    g, d = zone_question(2, 2, bosses=5)
    assert zone_difficulties(d) == {"advanced"}


# -- Buck priority (BL-045 to BL-048) -----------------------------------------------------------------

def test_dungeon_cards_are_drawn_in_priority_order_stunned_skipped_bl046_bl048():
    """BL-045, BL-046, BL-048: with the Buck token at B, Dungeon cards are drawn B, C, A; a Stunned C
    keeps their place in the priority order but draws nothing."""
    monsters = ["giant_bog_leech", "nagapon_soldier", "enraged_fire_elemental"]
    a = adventurer("A", backpack=["leather_cap"])     # asked in Preparation: play stops there
    g = position([a, adventurer("B"), adventurer("C")], dealer=1, start="exploration",
                 zone="ebony_bloody_rose", dungeon_top=monsters)
    draws = [e.data["seat"] for e in g.initial_events if e.kind == "dungeon_draw"]
    assert draws == [1, 2, 0] and pending(g, "preparation").seat == 0
    g = position([a, adventurer("B"), adventurer("C", stunned=True)], dealer=1, start="exploration",
                 zone="ebony_bloody_rose", dungeon_top=monsters)
    draws = [e.data["seat"] for e in g.initial_events if e.kind == "dungeon_draw"]
    assert draws == [1, 0] and g.state.priority() == [1, 2, 0]
    assert not g.state.adventurers[2].in_front and g.state.adventurers[0].in_front == ["nagapon_soldier"]


# -- trading (BL-014 to BL-019, BL-036) -----------------------------------------------------------------

SHOP = ["leather_cap", "iron_sallet", "smoked_goggles", "owl_eye_lenses"]


def test_items_treasures_and_gold_change_hands_in_the_market_bl014_bl017_bl052():
    """BL-014, BL-016, BL-017, BL-052: in the Market an Adventurer may give an Item (even an equipped
    one), a Treasure or Gold to another; only the transfer happens, at once, with nothing owed."""
    g = position([adventurer("A", gold=30, backpack=["starfall_blade"], slots={"weapon": "studded_cudgel",
                                                                                "headgear": "iron_sallet"}),
                  adventurer("B")], start="market_turn", zone="ebony_bloody_rose", shop=SHOP)
    d = pending(g, "market")
    assert {"give:starfall_blade", "give:iron_sallet", "give_gold:1"} <= set(d.option_ids)
    do(g, "give:iron_sallet")
    d = pending(g, "give_card")
    assert d.option_ids == ("to:1", "back")
    do(g, "to:1", "give:starfall_blade", "to:1", "give_gold:1")
    d = pending(g, "give_gold")
    assert "gold:30" in d.option_ids and not any(int(o[5:]) > 30 for o in d.option_ids if o.startswith("gold:"))
    do(g, "gold:20")
    a, b = g.state.adventurers
    assert "headgear" not in a.slots and b.backpack == ["iron_sallet", "starfall_blade"]
    assert (a.gold, b.gold) == (10, 20)
    assert pending(g, "market").seat == 0      # still A's turn: B answered nothing


def test_mana_tesla_medals_gifts_and_curses_are_never_traded_bl015():
    """BL-015, BL-229: the only things that can be given are Item and Treasure cards and Gold."""
    g = position([adventurer("A", gold=30, mana=5, tesla=3, medals=2, backpack=["leather_cap"],
                             attached=["blessing_of_valour", "curse_of_frailty"]), adventurer("B")],
                 start="market_turn", zone="ebony_bloody_rose", shop=SHOP)
    gives = [o for o in pending(g, "market").option_ids if o.startswith("give")]
    assert sorted(gives) == ["give:leather_cap", "give_gold:1"]
    with pytest.raises(IllegalChoice, match="Gifts and Curses"):
        g.choose(0, "give:curse_of_frailty")


def preparation(**a_fields):
    """An Exploration Phase at A's Preparation: A (a backpack card), B Stunned, C Active."""
    return position([adventurer("A", gold=30, backpack=["leather_cap"], **a_fields), adventurer("B", stunned=True),
                     adventurer("C", gold=10)], start="exploration", zone="ebony_bloody_rose",
                    dungeon_top=["collapsing_flagstones", "giant_bog_leech"], dice=["plain:6"])


def test_preparation_allows_trading_but_not_with_a_stunned_adventurer_bl018_bl019():
    """BL-018, BL-019, BL-083, BL-017: in Preparation cards and Gold may change hands, but never to
    (or by) a Stunned Adventurer: B is Stunned, so A may give only to C, and B is not asked."""
    g = preparation()
    d = pending(g, "preparation")
    assert d.seat == 0
    gives = sorted(o for o in d.option_ids if o.startswith("give"))
    assert gives == ["give:leather_cap", "give_gold:2"]
    do(g, "give:leather_cap")
    assert pending(g, "give_card").option_ids == ("to:2", "back")
    do(g, "to:2")
    assert g.state.adventurers[2].backpack == ["leather_cap"]
    assert pending(g, "preparation").seat == 0       # A prepares until ready
    do(g, "end")
    d = pending(g)
    assert d.kind == "preparation" and d.seat == 2   # C (holding a card now) is asked; B never is
    assert "give_gold:1" not in d.option_ids and "give:leather_cap" in d.option_ids
    do(g, "give_gold:0", "gold:5")
    assert (g.state.adventurers[0].gold, g.state.adventurers[2].gold) == (35, 5)


def test_no_trading_or_equipment_while_a_card_is_played_bl018_bl070():
    """BL-018, BL-070, BL-084, BL-017: while A's Trap is played (its check die on the table) nobody may
    give or trade cards or change equipment: the window offers none of it; Gold, which may change
    hands at any time, A may give."""
    g = preparation()
    do(g, "end")                                 # A is ready; C has nothing to prepare
    d = pending(g)
    assert d.kind == "help" and d.rule == "BL-094" and d.seat == 0
    assert not any(o.startswith(("give:", "offer:", "equip", "unequip", "sell")) for o in d.option_ids)
    assert "give_gold:2" in d.option_ids


# -- cards in play, decks and records (BL-020 to BL-037) -----------------------------------------------

def test_in_play_cards_and_records_are_public_decks_are_not_bl020_bl028_bl030_bl031_bl033():
    """BL-020, BL-028, BL-029, BL-030, BL-031, BL-033: what is in play (equipment, Race, Class, Gifts,
    Curses, the Zone) and every record value is seen by everyone, as are the discard piles and the
    purple deck; of the Items, Dungeon and Treasure decks only the sizes are known."""
    g = position([adventurer("A", gold=15, mana=3, tesla=2, medals=1, attached=["curse_of_frailty"],
                             slots={"weapon": "studded_cudgel", "armour": "quilted_gambeson"}),
                  adventurer("B")], start="market_turn", zone="ebony_bloody_rose", shop=SHOP)
    g.state.items_deck.remove("welding_visor")
    g.state.items_discard.append("welding_visor")
    seen = g.view_for(1)
    a = seen["adventurers"][0]
    assert (a["gold"], a["mana"], a["tesla"], a["medals"], a["race"], a["klass"]) == (15, 3, 2, 1, "cogborn", "ranger")
    assert a["slots"] == {"weapon": "studded_cudgel", "armour": "quilted_gambeson"}
    assert a["attached"] == ["curse_of_frailty"] and (a["strength"], a["protection"]) == (1, 1)
    assert seen["zone"] == "ebony_bloody_rose" and set(seen["purple"]) == set(CONTENT.zones) - {"ebony_bloody_rose"}
    assert seen["discards"]["items"] == ["welding_visor"]
    assert set(seen["decks"]) == {"items", "dungeon", "treasure"}
    assert all(isinstance(n, int) for n in seen["decks"].values())
    shown = str({k: v for k, v in seen.items() if k != "zones"})  # zones: the decks' names and sizes only
    assert not [card for card in g.state.items_deck if f"'{card}'" in shown]


def test_an_empty_deck_is_made_again_from_its_discard_pile_bl032():
    """BL-032, A-34: the shop refills from an empty Items deck by shuffling the discard pile into a
    new deck; with both empty nothing is drawn and the shop has one card fewer."""
    g = position([adventurer("A", gold=100), adventurer("B")], start="market_turn", zone="ebony_bloody_rose",
                 shop=SHOP)
    g.state.items_discard.extend(g.state.items_deck)
    g.state.items_deck.clear()
    events = do(g, "buy:1")
    assert "reshuffle" in kinds(events) and len(g.state.shop) == 4 and not g.state.items_discard
    g.state.items_deck.clear()
    do(g, "buy:1")
    assert len(g.state.shop) == 3


def test_you_means_who_played_the_card_and_gold_stops_at_zero_bl022_bl036():
    """BL-022, BL-023, BL-036, A-37: the Forgotten Purse's Gold goes to the Adventurer who played it;
    a Curse taking 10 Gold from one holding 5 takes 5, leaving 0."""
    g = position([adventurer("A", gold=0), adventurer("B", gold=5)], start="exploration", zone="ebony_bloody_rose",
                 dungeon_top=["forgotten_purse", "cutpurse_curse"])
    gold = [e for e in g.initial_events if e.kind == "gold"][:2]
    assert [(e.data["seat"], e.data["amount"]) for e in gold] == [(0, 15), (1, -5)]
    assert gold[1].rule == "BL-036"


def test_a_coating_goes_with_its_weapon_bl026_bl027():
    """BL-026, BL-027, BL-235, AK-30: a weapon coating attaches to the equipped weapon (+1 CS); when
    the weapon is sold both cards are discarded and only the weapon's sale value is paid."""
    g = position([adventurer("A", slots={"weapon": "miners_warpick"}, backpack=["viper_venom_oil"]), adventurer("B")],
                 start="market_turn", zone="ebony_bloody_rose", shop=SHOP)
    do(g, "use:viper_venom_oil")
    a = g.state.adventurers[0]
    assert a.coatings == {"miners_warpick": "viper_venom_oil"} and not a.backpack
    assert g.view_for(1)["adventurers"][0]["strength"] == 1 + 2 + 1
    do(g, "sell:miners_warpick")
    assert a.gold == 15 and not a.coatings
    assert sorted(g.state.items_discard[-2:]) == ["miners_warpick", "viper_venom_oil"]


def test_choose_and_target_differ_only_in_what_blocks_them_bl024():
    """BL-024, AK-22: Golden Eye blocks "Target" effects aimed at its wearer but not "Choose" ones;
    Veilglass Spectacles the other way round. A Runeweaver may therefore not Spark (Target) B's
    weapon but may give B Crystal Wings (Choose), and the reverse for C."""
    g = position([adventurer("A", mana=10, backpack=["leather_cap"], **{"class": "runeweaver"}),
                  adventurer("B", slots={"weapon": "studded_cudgel", "glasses": "golden_eye"}),
                  adventurer("C", slots={"weapon": "studded_cudgel", "glasses": "veilglass_spectacles"})],
                 start="exploration", zone="ebony_bloody_rose",
                 dungeon_top=["giant_bog_leech", "cave_rat_swarm", "nagapon_scout"])
    ids = set(pending(g, "preparation").option_ids)
    assert {"cast:spark:0", "cast:crystal_wings:1", "cast:spark:2"} <= ids
    assert "cast:spark:1" not in ids and "cast:crystal_wings:2" not in ids
