"""Buck: Legacy rule tests: the Adventure Part's structure and the Exploration Phase (BL-076 to
BL-090, BL-099 to BL-107), with the rulebook's Exploration example (BLT-04) and the derived
cases BLT-18 and BLT-19."""

from __future__ import annotations

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.end import counts
from tests.buck_legacy.helpers import CONTENT, adventurer, ctx_of, do, kinds, pass_windows, pending, position, refresh

GULCH = "brassworks_gulch"  # a Starting Zone: Distance 8, Level +0, Loot +5, no rule that matters here


def draws(events):
    return [(e.data["seat"], e.data["card"]) for e in events if e.kind == "dungeon_draw"]


def test_exploration_example_blt04():
    """BLT-04, BL-079, BL-081, BL-084, BL-085, BL-087, BL-137: F (the Dealer) and E, Distance 0 of
    8: no Boss; F draws Nagapon Soldier, then E draws Bat Companion; F has nothing to play; E
    fails the Charisma 5+ check with a 4 and the Gift is discarded; the Combat Phase begins and
    E, who drew no Monster, may Support F."""
    g = position([adventurer("F"), adventurer("E")], dealer=0, start="exploration", zone=GULCH,
                 dungeon_top=["nagapon_soldier", "bat_companion"], dice=["plain:4", "white:4", "black:3"])
    events = g.initial_events
    assert events[0].kind == "exploration" and events[0].data["total"] == 0
    assert draws(events) == [(0, "nagapon_soldier"), (1, "bat_companion")]
    plays = [e.data["seat"] for e in events if e.kind == "play"]
    assert plays == [1]                                     # F has no Gift, Curse or Event: skipped
    check = next(e for e in events if e.kind == "check")
    assert (check.data["final"], check.data["passed"], check.data["check"]) == (4, False, "charisma")
    f, e = g.state.adventurers
    assert "bat_companion" in g.state.dungeon_discard and e.attached == []
    assert kinds(events).index("combat") > kinds(events).index("check")
    assert g.state.part == "combat" and f.drew_monster and not e.drew_monster
    d = pending(g, "help")                                  # F has nothing to answer with: not asked
    assert g.state.fight.monster == "nagapon_soldier"        # BL-085: it waited in front to be fought
    assert d.seat == 1 and "support" in d.option_ids


def test_boss_threshold_counts_distance_counters_of_stunned_players_blt18():
    """BLT-18, BL-079, BL-080, BL-106, A-07, A-09: Distance 8; 7 Distance counters and 3 cards
    with Trophy counters, some held by a Stunned Adventurer: no Boss. One more Distance counter
    (8 in all) and the Boss appears; the Stunned Adventurer's counters count."""
    a_deck = ["nagapon_scout", "nagapon_slinger", "rattlebone_shambler", "reef_snapper", "tusked_boar"]
    b_deck = ["crypt_wisp", "giant_bog_leech", "cave_rat_swarm", "hungry_grey_wolf", "gravebound_knight"]
    seats = [adventurer("A", distance_deck=a_deck, backpack=["leather_cap"]),
             adventurer("B", distance_deck=b_deck, stunned=True)]
    g = position(seats, start="exploration", zone=GULCH)
    assert g.initial_events[0].kind == "exploration" and g.initial_events[0].data["total"] == 7
    assert pending(g, "preparation").seat == 0 and not g.state.boss_up
    assert [seat for seat, _ in draws(g.initial_events)] == [0]

    seats[1]["distance_deck"] = b_deck + ["shrieking_cave_bat"]
    g = position(seats, start="exploration", zone=GULCH)
    boss = next(e for e in g.initial_events if e.kind == "boss")
    assert boss.data["total"] == 8 and g.state.boss_up and pending(g, "preparation").rule == "BL-168"
    assert draws(g.initial_events) == []                    # no Dungeon card once the Boss is up (BL-167)


def test_events_count_double_toward_the_boss_but_not_for_medals():
    """BL-079, BL-080, A-09, plan 2.3: under the Zone rule "Events with Distance counters count
    double toward the Boss threshold", 6 such Events reach the Ossuary's Distance 12 while 5
    Events and a Monster (11) do not; the Medal count still sees one counter per card."""
    events6 = ["collapsing_flagstones", "poison_dart_corridor", "swinging_scythe_blades", "coin_eating_lock",
               "acid_drip_ceiling", "runic_siphon_glyph"]
    g = position([adventurer("A", distance_deck=events6), adventurer("B")], start="exploration",
                 zone="ossuary_of_kings")
    assert g.state.boss_up and next(e for e in g.initial_events if e.kind == "boss").data["total"] == 12
    assert counts(ctx_of(g), 0)["Distance counters"] == 6

    mixed = events6[:5] + ["nagapon_scout"]
    g = position([adventurer("A", distance_deck=mixed), adventurer("B")], start="exploration",
                 zone="ossuary_of_kings")
    assert not g.state.boss_up and g.initial_events[0].data["total"] == 11


def test_only_active_adventurers_draw_in_priority_order_blt19():
    """BLT-19, BL-081, BL-048: of three Adventurers the 2nd in priority is Stunned: only two
    Dungeon cards are drawn, by the 1st and the 3rd, in that order."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B"), adventurer("C", stunned=True)],
                 dealer=1, start="exploration",
                 zone=GULCH, dungeon_top=["forgotten_purse", "nagapon_payroll_chest", "tusked_boar"])
    assert g.state.priority() == [1, 2, 0]
    assert draws(g.initial_events) == [(1, "forgotten_purse"), (0, "nagapon_payroll_chest")]
    assert g.state.adventurers[2].in_front == [] and "tusked_boar" == g.state.dungeon_deck[-1]


def test_an_empty_dungeon_deck_brings_the_boss_next_exploration():
    """BL-032, A-53, A-34: when the Dungeon deck and its discard pile are both empty nobody can
    draw; the Boss then appears at the start of the next Exploration Phase although the Distance
    total is below the Zone's."""
    g = position([adventurer("A", in_front=["nagapon_scout"]), adventurer("B")], start="combat", zone=GULCH,
                 dice=["white:6", "black:1"])
    g.state.dungeon_deck.clear()
    g.state.dungeon_discard.clear()
    refresh(g)
    events = pass_windows(g)                       # A beats the Scout; the next Exploration Phase begins
    assert [e.data["seat"] for e in events if e.kind == "dungeon_empty"] == [0, 1]
    assert "nagapon_scout" in g.state.adventurers[0].distance_deck
    boss = next(e for e in events if e.kind == "boss")
    assert boss.data["total"] == 1 and "A-53" in boss.text and g.state.boss_up


def test_dungeon_deck_reshuffles_its_discard_pile_when_empty():
    """BL-032, A-34: drawing from an empty Dungeon deck first shuffles its discard pile into a
    new deck; the Distance Decks are never part of it."""
    g = position([adventurer("A", in_front=["nagapon_scout"], distance_deck=["tusked_boar"]),
                  adventurer("B", backpack=["leather_cap"])], start="combat", zone=GULCH, dice=["white:6", "black:1"])
    state = g.state
    state.dungeon_discard.extend(state.dungeon_deck[:2])
    del state.dungeon_deck[:]
    refresh(g)
    events = pass_windows(g)                                 # A wins; the next Exploration Phase draws
    assert pending(g, "preparation") and "reshuffle" in kinds(events) and state.dungeon_discard == []
    assert len(draws(events)) == 2 and "tusked_boar" in state.adventurers[0].distance_deck


def test_auras_act_from_the_reveal_bl082():
    """BL-082, A-32, AK-23: a revealed Dungeon card's continuous abilities act at once and until
    it leaves play: Sulphur Imp's "-1 Combat Strength to every Adventurer" already holds in
    Preparation, for its drawer and for the others."""
    g = position([adventurer("A"), adventurer("B", backpack=["leather_cap"])], start="exploration", zone=GULCH,
                 dungeon_top=["sulphur_imp", "forgotten_purse"])
    assert pending(g, "preparation").seat == 1
    state = g.state
    assert stats.combat_strength(state, CONTENT, 0) == 1 and stats.combat_strength(state, CONTENT, 1) == 1


def test_an_aura_ends_when_its_monster_leaves_play_bl082():
    """BL-082, AK-23, BL-110: Nagapon War Drummer in front of A gives every Monster +1 Level while
    it is in play: B fights first (B is the Dealer) against a Level 1 Scout at Level 2; once A
    has beaten the Drummer, it is in A's Distance Deck and no longer raises anything."""
    g = position([adventurer("A", in_front=["nagapon_war_drummer"]), adventurer("B", in_front=["nagapon_scout"])],
                 dealer=1, start="combat", zone=GULCH, dice=["white:1", "black:3"])
    from game.rulesets.buck_legacy.monsters import level

    assert g.state.fight.monster == "nagapon_scout" and level(ctx_of(g)) == 2
    dice = next(e for e in g.initial_events if e.kind == "dice")
    assert dice.data["monster_cp"] == 5
    g.state.adventurers[0].distance_deck.append("nagapon_war_drummer")
    g.state.adventurers[0].in_front.clear()
    assert level(ctx_of(g)) == 1                              # a card in a Distance Deck is not in play (BL-021)


def test_revealed_curse_lowers_maximum_mana_at_once_bl082():
    """BL-082, A-32, BL-210: a Curse's continuous penalty holds from its reveal: Hollowing Hex
    (-2 maximum Mana) drawn by an Adventurer with 10 Mana leaves 8 before it is played."""
    g = position([adventurer("A", mana=10, **{"class": "necromancer"}), adventurer("B", backpack=["leather_cap"])],
                 start="exploration", zone=GULCH, dungeon_top=["hollowing_hex", "forgotten_purse"])
    a = g.state.adventurers[0]
    assert pending(g, "preparation").seat == 0 and a.in_front == ["hollowing_hex"]
    assert (a.mana, stats.max_mana(g.state, CONTENT, 0)) == (8, 8)


def test_a_gift_with_a_check_gives_nothing_before_it_is_passed_bl087():
    """BL-087, BL-082: a Companion's boost waits on its Charisma check: in Preparation an
    unplayed Ironjaw Mastiff (+2 CS) adds nothing; passed, it is attached and adds +2 (BL-086)."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["ironjaw_mastiff", "forgotten_purse"], dice=["plain:5"])
    assert pending(g, "preparation").seat == 0
    assert stats.combat_strength(g.state, CONTENT, 0) == 2
    events = do(g, "end") + pass_windows(g)
    a = g.state.adventurers[0]
    assert any(e.kind == "attach" and e.data["card"] == "ironjaw_mastiff" for e in events)
    assert a.attached == ["ironjaw_mastiff"] and stats.combat_strength(g.state, CONTENT, 0) == 4


def test_preparation_allows_gear_changes_and_trades_bl083():
    """BL-083, BL-070, BL-017, BL-018: in Preparation an Adventurer may equip from the backpack,
    give a card or Gold to an Active Adventurer and use a single-use item, then says ready."""
    g = position([adventurer("A", gold=30, backpack=["leather_cap", "azure_draught"], mana=2,
                             **{"class": "necromancer"}), adventurer("B")],
                 start="exploration", zone=GULCH, dungeon_top=["forgotten_purse", "nagapon_payroll_chest"])
    d = pending(g, "preparation")
    for option in ("equip:leather_cap", "give:leather_cap", "give_gold:1", "use:azure_draught", "end"):
        assert option in d.option_ids
    do(g, "equip:leather_cap", "use:azure_draught")
    a = g.state.adventurers[0]
    assert a.slots["headgear"] == "leather_cap" and a.mana == 7 and "azure_draught" in g.state.items_discard
    do(g, "give_gold:1", "gold:10", "end")
    assert (a.gold, g.state.adventurers[1].gold) == (20 + 15, 10 + 25)   # cards are played after Preparation


def test_no_gear_changes_while_a_card_is_played_bl084():
    """BL-084, BL-018: while a card is being played (its check die in its window) nobody may
    change equipment or exchange cards: only the window's changes to the die are offered."""
    g = position([adventurer("A", backpack=["jolt_capsule", "leather_cap"]), adventurer("B", backpack=["iron_sallet"])],
                 start="exploration", zone=GULCH, dungeon_top=["collapsing_flagstones", "forgotten_purse"],
                 dice=["plain:3"])
    do(g, "end", "end")                                      # both ready in Preparation
    d = pending(g, "help")
    assert g.state.check is not None and d.seat == 0
    assert not any(o.startswith(("equip", "give", "unequip")) for o in d.option_ids)
    assert "use:jolt_capsule:check" in d.option_ids


def test_owner_orders_their_cards_one_at_a_time_in_priority_order_bl084():
    """BL-084, BL-047, D-12: in priority order each Adventurer plays their own Gifts, Curses and
    Events one at a time, in the order they choose: A (the Dealer) plays the Curse before the
    Purse, each fully resolved; then B plays theirs."""
    g = position([adventurer("A", gold=4, in_front=["forgotten_purse"], backpack=["leather_cap"]), adventurer("B")],
                 start="exploration", zone=GULCH, dungeon_top=["cutpurse_curse", "nagapon_payroll_chest"])
    do(g, "end")                                             # A is ready in Preparation
    d = pending(g, "play_order")
    assert d.seat == 0 and set(d.option_ids) == {"play:forgotten_purse", "play:cutpurse_curse"}
    events = do(g, "play:cutpurse_curse")
    a = g.state.adventurers[0]
    played = [(e.data["seat"], e.data["card"]) for e in events if e.kind == "play"]
    assert played == [(0, "cutpurse_curse"), (0, "forgotten_purse"), (1, "nagapon_payroll_chest")]
    assert pending(g, "preparation").seat == 0               # (the next Exploration Phase)
    assert a.gold == 0 + 15                                  # lost 4 of the 10 (BL-036), then gained 15


def test_gifts_and_curses_attach_and_stay_bl086_bl088_bl090():
    """BL-086, BL-088, BL-090: a Gift without a check and a Curse attach to their drawer and
    hold while attached; they use no slot, are not backpack cards, and can be neither sold nor
    given away (BL-015, BL-061)."""
    g = position([adventurer("A", backpack=["siege_maul"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["blessing_of_valour", "curse_of_frailty"])
    a, b = g.state.adventurers
    d = pending(g, "preparation")
    assert a.in_front == ["blessing_of_valour"] and b.in_front == ["curse_of_frailty"]
    do(g, "end")
    assert a.attached == ["blessing_of_valour"] and b.attached == ["curse_of_frailty"]
    assert stats.combat_strength(g.state, CONTENT, 0) == 3 and stats.combat_strength(g.state, CONTENT, 1) == 1
    assert a.slots == {"weapon": "studded_cudgel"} and a.backpack == ["siege_maul"]
    assert not stats.over_limits(g.state, CONTENT, 0)        # a Large card and a Gift: no overflow
    assert not any("blessing_of_valour" in o for o in d.option_ids)


def test_events_go_to_the_distance_deck_or_the_discard_pile_bl089():
    """BL-089, BL-100, BL-102, BL-104: a played Event with a Distance counter goes horizontally
    into its player's Distance Deck (not a defeated Monster); one without a counter is
    discarded."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["poison_dart_corridor", "forgotten_purse"], dice=["plain:6"])
    do(g, "end")
    pass_windows(g)                                          # the Trap is passed; then the next Preparation
    a, b = g.state.adventurers
    assert a.distance_deck == ["poison_dart_corridor"] and a.defeated == []
    assert "forgotten_purse" in g.state.dungeon_discard and b.distance_deck == []
    assert counts(ctx_of(g), 0)["Distance counters"] == 1


def test_campfire_cannot_take_distance_decks_bl105():
    """BL-105, BL-099, AK-29: the Abandoned Campfire shuffles the Dungeon discard pile back into
    the deck; the cards in Distance Decks are not discarded and stay where they are."""
    g = position([adventurer("A", distance_deck=["tusked_boar", "nagapon_scout"], backpack=["leather_cap"]),
                  adventurer("B")], dealer=1, start="exploration", zone=GULCH,
                 dungeon_top=["forgotten_purse", "abandoned_campfire"])
    state = g.state
    events = do(g, "end")                                    # then the next Exploration Phase's Preparation
    assert [e.data["card"] for e in events if e.kind == "play"] == ["forgotten_purse", "abandoned_campfire"]
    shuffle = next(e for e in events if e.kind == "shuffle")
    assert shuffle.data["count"] == 1 and "forgotten_purse" not in state.dungeon_discard
    assert state.dungeon_discard == ["abandoned_campfire"]
    assert state.adventurers[0].distance_deck == ["tusked_boar", "nagapon_scout"]


def test_monsters_wait_in_front_and_phases_alternate_bl076_bl085_bl109():
    """BL-076, BL-085, BL-109: after the Exploration Phase the Combat Phase fights the Monsters
    that waited in front; once they are dealt with the next Exploration Phase begins."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["nagapon_scout", "forgotten_purse", "nagapon_payroll_chest", "wayside_shrine"],
                 dice=["white:6", "black:1"])
    do(g, "end")
    assert g.state.part == "combat" and g.state.fight.monster == "nagapon_scout"
    events = pass_windows(g)
    assert pending(g, "preparation")
    sequence = [k for k in kinds(events) if k in ("win", "combat", "exploration")]
    assert sequence[:2] == ["win", "exploration"]
    assert g.state.adventure == 1 and "nagapon_scout" in g.state.adventurers[0].distance_deck


def test_a_curse_takes_the_weapon_now_bl088_bl069():
    """BL-088, BL-069, BL-023: the Curse Slipping Grip ("unequip your weapon now") attaches and
    takes A's Starting Weapon off at once: it leaves the game, neither in the backpack nor in a
    discard pile."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["slipping_grip", "forgotten_purse"])
    events = do(g, "end")
    a = g.state.adventurers[0]
    assert a.attached == ["slipping_grip"] and "weapon" not in a.slots
    assert "studded_cudgel" in g.state.removed and "studded_cudgel" not in a.backpack + g.state.items_discard
    assert "weapon_gone" in kinds(events)
    # The log says it in order: the weapon must come off, then it leaves the game.
    said = [e.text for e in events if e.kind in ("unequip", "weapon_gone")]
    assert said == ["A must unequip Studded Cudgel.", "A's Studded Cudgel leaves the game."]


def test_defeated_monsters_lie_vertically_escaped_ones_horizontally_bl101_bl102_bl103():
    """BL-101, BL-102, BL-103, BL-106: a defeated Monster goes vertically into the Distance Deck
    whatever its counter (a Trophy Tusked Boar); one escaped from goes horizontally if it has a
    Distance counter and is discarded if it has a Trophy counter."""
    g = position([adventurer("A", in_front=["tusked_boar"], backpack=["leather_cap"]), adventurer("B")],
                 start="combat", zone=GULCH, dice=["white:6", "black:1"])
    pass_windows(g)
    a = g.state.adventurers[0]
    assert a.distance_deck == ["tusked_boar"] and a.defeated == ["tusked_boar"]
    assert counts(ctx_of(g), 0) == {"Distance counters": 0, "Trophy counters": 1, "Curses": 0,
                                    "defeated Monsters": 1}
    assert g.view_for(1)["adventurers"][0]["distance_deck"] == ["tusked_boar"]

    for monster, kept in (("nagapon_scout", True), ("tusked_boar", False)):
        g = position([adventurer("A", in_front=[monster], backpack=["leather_cap"]), adventurer("B")],
                     start="combat", zone=GULCH, dice=["white:1", "black:6", "plain:6"])
        events = pass_windows(g)
        a = g.state.adventurers[0]
        assert "escape" in kinds(events) and a.defeated == []
        assert (a.distance_deck == [monster]) is kept and (monster in g.state.dungeon_discard) is not kept


def test_revived_after_their_turn_plays_the_late_card_at_once_bl150():
    """BL-150, A-30: A is Stunned and draws nothing; B, after A's turn, plays the Wayside Shrine
    and revives A, who draws at once; A's turn to play cards has passed, so the Forgotten Purse
    is played straight away."""
    g = position([adventurer("A", stunned=True), adventurer("B", backpack=["leather_cap"])], start="exploration",
                 zone=GULCH, dungeon_top=["wayside_shrine", "forgotten_purse"])
    assert [e.data["seat"] for e in g.initial_events if e.kind == "dungeon_draw"] == [1]
    do(g, "end")
    events = do(g, "seat:0")
    order = [(e.kind, e.data.get("seat")) for e in events if e.kind in ("revive", "dungeon_draw", "play")]
    assert order[:3] == [("revive", 0), ("dungeon_draw", 0), ("play", 0)]   # (then the next Exploration)
    assert g.state.adventurers[0].gold == 15
