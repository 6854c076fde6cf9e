"""Buck: Legacy rule tests: Stun and Revival (BL-143 to BL-153), with BLT-10, BLT-28, BLT-29,
BLT-30, BLT-48 and BLT-49, and the "Protection covers every Monster stun" option (A-52)."""

from __future__ import annotations

from game.rulesets.buck_legacy import stats
from tests.buck_legacy.helpers import CONTENT, adventurer, do, kinds, pass_windows, pending, position

GULCH = "brassworks_gulch"  # Starting Zone, Distance 8, Level +0
STOPPER = adventurer("B", backpack=["leather_cap"])
"""An Adventurer with a card in the backpack: asked in every window and in Preparation."""


def decisions_until(g, stop) -> list:
    """Answer "pass" to windows and "end" to Preparation until ``stop(g)``; the (seat, kind) of
    every question answered."""
    asked = []
    while not stop(g):
        d = pending(g)
        asked.append((d.seat, d.kind))
        do(g, "pass" if d.window else "end")
    return asked


def test_a_stun_discards_the_trophy_cards_bl143_bl107():
    """BL-143, BL-107, BL-095: Stunned by a failed Trap, A discards every Trophy card of the
    Distance Deck (to the Dungeon discard pile) and keeps the Distance cards."""
    a = adventurer("A", distance_deck=["tusked_boar", "nagapon_scout", "reef_snapper"],
                   defeated=["tusked_boar", "nagapon_scout"])
    g = position([a, STOPPER], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:1"])
    events = do(g, "end") + pass_windows(g)
    a = g.state.adventurers[0]
    assert a.stunned and a.distance_deck == ["nagapon_scout", "collapsing_flagstones"]  # (the Trap's Distance)
    assert a.defeated == ["nagapon_scout"]
    assert {"tusked_boar", "reef_snapper"} <= set(g.state.dungeon_discard)
    lost = next(e for e in events if e.kind == "trophies_lost")
    assert sorted(lost.data["cards"]) == ["reef_snapper", "tusked_boar"]


def test_protection_does_not_save_trophies_from_a_trap_blt28():
    """BLT-28, BL-143, BL-144, A-52: Protection 12 and 2 Trophy cards; a failed Trap check that
    Stuns costs both Trophy cards: the exception covers failed Escapes from Monsters only."""
    armoured = adventurer("A", race="ironscale_saurian", distance_deck=["tusked_boar", "reef_snapper"],
                          slots={"weapon": "studded_cudgel", "armour": "wyrmhide_hauberk", "headgear": "great_barbute",
                                 "glasses": "welding_visor"})
    g = position([armoured, STOPPER], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:1"])
    assert stats.protection(g.state, CONTENT, 0) == 12
    events = do(g, "end") + pass_windows(g)
    assert g.state.adventurers[0].stunned and g.state.adventurers[0].distance_deck == ["collapsing_flagstones"]
    assert "stun_kept" not in kinds(events) and "trophies_lost" in kinds(events)


def _failed_escape(monster: str):
    """BLT-10's Adventurer (Protection 3 + 4 + 3 = 10, two Trophy cards) loses to ``monster`` in an
    Advanced Zone (Level +2) and fails the Escape check."""
    a = adventurer("A", in_front=[monster], distance_deck=["tusked_boar", "reef_snapper"],
                   slots={"weapon": "studded_cudgel", "headgear": "great_barbute", "armour": "cogwork_chainmail",
                          "glasses": "welding_visor"})
    g = position([a, STOPPER], start="combat", zone="ashen_forge", dice=["white:1", "black:6", "plain:1"])
    assert stats.protection(g.state, CONTENT, 0) == 10
    return g, g.initial_events + pass_windows(g)


def test_cumulative_protection_keeps_trophies_after_a_failed_escape_blt10():
    """BLT-10, BL-158, BL-144, BL-110: with Protection 10, a failed Escape from a Monster of
    printed Level 10 (effective 12 in the Advanced Zone) Stuns but keeps both Trophy cards; from
    one of printed Level 11 both are discarded."""
    g, events = _failed_escape("leviathan_hatchling")
    a = g.state.adventurers[0]
    assert a.stunned and a.distance_deck[:2] == ["tusked_boar", "reef_snapper"] and "stun_kept" in kinds(events)
    assert next(e for e in events if e.kind == "dice").data["monster_cp"] == 6 + 12
    g, events = _failed_escape("nagapon_warlord")
    a = g.state.adventurers[0]
    assert a.stunned and "tusked_boar" not in a.distance_deck and "trophies_lost" in kinds(events)


def test_a_voluntarily_failed_escape_is_covered_too_bl144():
    """BL-144, BL-180: failing the Escape on purpose ("Our Weapons Are Useless!") against a Boss
    whose unmodified Level (the Scrap Tyrant's 6) is at most the Protection (6) keeps the Trophy
    cards."""
    hopeless = adventurer("E", race="ironscale_saurian", slots={"armour": "wyrmhide_hauberk"},
                          distance_deck=["tusked_boar"], **{"class": "necromancer"})
    g = position([hopeless, adventurer("F", stunned=True)], start="boss", zone=GULCH,
                 dice=["red:2", "white:1", "black:6"])
    assert pending(g, "useless").seat == 0
    events = do(g, "fail")
    assert "stun_kept" in kinds(events) and "trophies_lost" not in kinds(events)


def _bishop(options: dict):
    """E (Protection 9, one Trophy card) fights the Drowned Bishop (Level 9); a red 6 calls its
    Special Ability, a Fear check 5+ that Stuns on failure, which fails with a 1."""
    e = adventurer("E", race="ironscale_saurian", distance_deck=["tusked_boar"],
                   slots={"weapon": "studded_cudgel", "armour": "wyrmhide_hauberk", "headgear": "great_barbute"})
    g = position([e, adventurer("F", stunned=True)], start="boss", zone="sunken_cathedral", options=options,
                 dice=["red:6", "plain:1"])
    assert stats.protection(g.state, CONTENT, 0) == 9
    return g.initial_events + pass_windows(g)


def test_protection_covers_every_monster_stun_only_as_an_option_a52():
    """BL-144, A-52, BL-187: a Boss's Special Ability that Stuns costs the Trophy cards although
    Protection (9) reaches its Level (9); with the host's option "Protection covers every
    Monster stun" the same stun keeps them."""
    events = _bishop({})
    assert "trophies_lost" in kinds(events) and "stun_kept" not in kinds(events)
    events = _bishop({"protection_every_stun": True})
    assert "stun_kept" in kinds(events) and "trophies_lost" not in kinds(events)


def test_the_option_does_not_cover_traps_a52():
    """A-52 option: a Trap is no Monster: its stun still costs the Trophy cards."""
    armoured = adventurer("A", distance_deck=["tusked_boar"], slots={"armour": "wyrmhide_hauberk"})
    g = position([armoured, STOPPER], start="exploration", zone=GULCH, options={"protection_every_stun": True},
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:1"])
    events = do(g, "end") + pass_windows(g)
    assert "trophies_lost" in kinds(events)


def test_a_stunned_adventurer_is_out_of_play_blt48():
    """BLT-48, BL-145, BL-019, BL-048: P is Stunned with Mana, a Cleric's Rank, single-use items
    and no Monster drawn: P is asked nothing (no Preparation, no window: no spell, item or
    Support); A may give Gold and cards only to C, the other Active Adventurer."""
    p = adventurer("P", stunned=True, mana=10, backpack=["smelling_salts", "jolt_capsule"], **{"class": "cleric"})
    a = adventurer("A", gold=30, backpack=["leather_cap"], in_front=["nagapon_scout"])
    g = position([a, p, adventurer("C")], start="exploration", zone=GULCH,
                 dungeon_top=["forgotten_purse", "nagapon_payroll_chest"], dice=["white:6", "black:1"])
    d = pending(g, "preparation")
    assert d.seat == 0
    assert "give_gold:2" in d.option_ids and "give_gold:1" not in d.option_ids
    do(g, "give:leather_cap")
    assert pending(g, "give_card").option_ids == ("to:2", "back")
    do(g, "back")
    asked = decisions_until(g, lambda g: g.state.part == "exploration" and pending(g).kind == "preparation"
                            and g.state.adventurers[0].distance_deck)
    assert asked and all(seat != 1 for seat, _ in asked)
    assert g.state.adventurers[1].stunned and g.state.adventurers[1].in_front == []   # nor does P draw


def test_the_stunned_fighters_other_monster_is_not_fought_blt49():
    """BLT-49, BL-146, A-28, BL-130, BL-102: P has two Monsters and is Stunned in the first
    battle (failed Escape): the second is not fought, and at the end of the Combat Phase it is
    discarded, with no Distance. The first goes horizontally into the Distance Deck."""
    p = adventurer("P", in_front=["nagapon_scout", "nagapon_slinger"])
    g = position([p, STOPPER], start="combat", zone=GULCH, dice=["white:1", "black:6", "plain:1"])
    do(g, "fight:nagapon_scout")
    events = pass_windows(g)
    assert pending(g, "preparation")                           # the next Exploration Phase
    p = g.state.adventurers[0]
    battles = [e.data["card"] for e in events if e.kind == "battle"]
    assert battles == [] and p.stunned                         # (the Scout's battle began before)
    assert p.distance_deck == ["nagapon_scout"] and p.defeated == []
    assert "nagapon_slinger" in g.state.dungeon_discard and g.state.unfought == []


def test_a_monster_in_front_of_an_adventurer_stunned_in_exploration_is_not_fought_bl146():
    """BL-146, A-28: Stunned by a Trap in the Exploration Phase while a Monster of theirs lies in
    front, the Adventurer does not fight it: it is discarded at the end of the Combat Phase."""
    p = adventurer("P", in_front=["nagapon_scout"])
    g = position([p, STOPPER], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "forgotten_purse"], dice=["plain:1"])
    events = do(g, "end") + pass_windows(g)
    assert pending(g, "preparation") and g.state.adventurers[0].stunned
    assert "battle" not in kinds(events) and "nagapon_scout" in g.state.dungeon_discard
    assert g.state.adventurers[0].in_front == []


def test_everyone_stunned_ends_the_adventure_at_once_bl148_bl077_bl147():
    """BL-148, BL-077, BL-147, BL-194, BL-196: both Adventurers fail their Traps in Exploration:
    the Adventure Part ends at once (no Combat Phase for A's Monster), only Distance and Trophy
    Medals are given, and everyone is revived for the next Market Part."""
    a = adventurer("A", in_front=["nagapon_scout"], distance_deck=["nagapon_slinger"])
    g = position([a, adventurer("B")], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "poison_dart_corridor"], dice=["plain:1", "plain:1"])
    events = g.initial_events
    order = [k for k in kinds(events) if k in ("stun", "combat", "battle", "adventure_end")]
    assert order == ["stun", "stun", "adventure_end"]
    assert g.state.part == "market" and not any(adv.stunned for adv in g.state.adventurers)
    assert [e.data["category"] for e in events if e.kind in ("medal", "medal_none")] == \
        ["Distance counters", "Trophy counters"]
    assert g.state.adventurers[0].medals == 1


def test_revival_returns_nothing_lost_bl149():
    """BL-149, AK-19: B's Wayside Shrine Chooses a Stunned Adventurer to revive: A is Active again,
    but the Trophy card lost to the stun penalty stays in the discard pile."""
    a = adventurer("A", distance_deck=["tusked_boar"])
    g = position([a, STOPPER], start="exploration", zone=GULCH,
                 dungeon_top=["collapsing_flagstones", "wayside_shrine"], dice=["plain:1"])
    do(g, "end")
    pass_windows(g)
    d = pending(g, "pick_seat")
    assert d.seat == 1 and d.option_ids == ("seat:0",)
    events = do(g, "seat:0")
    a = g.state.adventurers[0]
    assert "revive" in kinds(events) and not a.stunned
    assert "tusked_boar" not in a.distance_deck and "tusked_boar" in g.state.dungeon_discard


def test_revived_in_preparation_draws_and_plays_blt30():
    """BLT-30, BL-150, A-30, BL-220: E is Stunned when the Exploration Phase starts and draws
    nothing; F (a Cleric) casts Healing on E in Preparation: E draws a Dungeon card at once and
    plays it in E's turn of step 4, after F."""
    f = adventurer("F", mana=10, **{"class": "cleric"})
    g = position([f, adventurer("E", stunned=True)], start="exploration", zone=GULCH,
                 dungeon_top=["nagapon_payroll_chest", "forgotten_purse"])
    assert [e.data["seat"] for e in g.initial_events if e.kind == "dungeon_draw"] == [0]
    d = pending(g, "preparation")
    assert d.seat == 0 and "cast:healing:1" in d.option_ids
    events = do(g, "cast:healing:1")
    assert [k for k in kinds(events) if k in ("revive", "dungeon_draw")] == ["revive", "dungeon_draw"]
    assert g.state.adventurers[1].in_front == ["forgotten_purse"] and g.state.adventurers[0].mana == 8
    events = do(g, "end")
    assert [(e.data["seat"], e.data["card"]) for e in events if e.kind == "play"][:2] == \
        [(0, "nagapon_payroll_chest"), (1, "forgotten_purse")]
    assert g.state.adventurers[1].gold == 15


def test_revived_in_the_boss_exploration_draws_nothing_bl150():
    """BL-150, BL-167, A-30: revived in the Boss's Preparation, E draws no Dungeon card and fights
    the Boss in the Boss Combat Phase."""
    deck = ["nagapon_scout", "nagapon_slinger", "rattlebone_shambler", "crypt_wisp", "giant_bog_leech",
            "cave_rat_swarm"]
    f = adventurer("F", mana=10, distance_deck=deck, slots={"weapon": "notched_shortsword"}, **{"class": "cleric"})
    g = position([f, adventurer("E", stunned=True)], start="exploration", zone="mossgrave_hollows",
                 dice=["red:2", "white:6", "black:1", "red:2", "white:6", "black:1"])
    assert g.state.boss_up and pending(g, "preparation").seat == 0
    events = do(g, "cast:healing:1")
    assert "revive" in kinds(events) and "dungeon_draw" not in kinds(events)
    events = do(g, "end") + pass_windows(g)
    assert [e.data["seat"] for e in events if e.kind == "battle"][:2] == [0, 1]


def test_revived_in_combat_may_support_but_fights_nothing_blt29():
    """BLT-29, BL-151, BL-152, BL-137: E is Stunned and drew no Monster; in F's Compare step F (a
    Cleric) casts Healing on E; E, Active again, may declare 1 Support in this Combat Phase."""
    f = adventurer("F", mana=10, in_front=["nagapon_scout"], **{"class": "cleric"})
    g = position([f, adventurer("E", stunned=True)], start="combat", zone=GULCH, dice=["white:1", "black:6"])
    d = pending(g, "help")
    assert d.seat == 0 and "cast:healing:1" in d.option_ids
    do(g, "cast:healing:1")
    d = pending(g, "help")
    while d.seat != 1:
        do(g, "pass")
        d = pending(g, "help")
    assert "support" in d.option_ids
    events = do(g, "support")
    assert "support" in kinds(events) and g.state.adventurers[0].support_received == 1


def test_revived_in_combat_does_not_fight_the_rest_bl151():
    """BL-151, BL-146: E (the Dealer) loses the first of two battles and is Stunned; F heals E in
    F's own battle: E is Active again but does not fight the second Monster, which is discarded
    at the end of the Combat Phase."""
    e = adventurer("E", in_front=["nagapon_scout", "nagapon_slinger"])
    f = adventurer("F", mana=10, in_front=["hungry_grey_wolf"], **{"class": "cleric"})
    g = position([e, f], start="combat", zone=GULCH,
                 dice=["white:1", "black:6", "plain:1", "white:6", "black:1"])
    do(g, "fight:nagapon_scout")
    while g.state.fight is None or g.state.fight.fighter != 1 or not g.state.fight.white:
        do(g, "pass")
    do(g, "cast:healing:0")
    events = pass_windows(g)
    assert not g.state.adventurers[0].stunned
    assert [e.data["seat"] for e in events if e.kind == "battle"] == []
    assert "nagapon_slinger" in g.state.dungeon_discard and "nagapon_slinger" not in g.state.adventurers[0].in_front


def test_revived_in_a_boss_combat_phase_fights_from_the_next_bl153():
    """BL-153, A-40, BL-170, BL-171: E is Stunned; in F's Boss round F heals E; E does not fight
    the Boss in this phase, and fights in the next one, after F."""
    f = adventurer("F", mana=10, slots={"weapon": "notched_shortsword"}, **{"class": "cleric"})
    e = adventurer("E", stunned=True, slots={"weapon": "notched_shortsword"})
    g = position([f, e], start="boss", zone="mossgrave_hollows",
                 dice=["red:2", "white:6", "black:1"] * 3)
    assert pending(g, "help").seat == 0 and g.state.fight.fighter == 0
    events = do(g, "cast:healing:1")
    while not g.over and g.state.part != "market":
        d = pending(g)
        if d.kind == "keep_treasure" or d.kind == "zone":
            break
        events += do(g, "pass" if d.window else d.option_ids[0])
    fighters = [e.data["seat"] for e in events if e.kind == "battle"]
    assert fighters == [0, 1]  # E had no round in phase 1; phase 2: F, then E


def test_every_adventurer_is_active_or_stunned_for_all_to_see_bl078():
    """BL-078, BL-033: each Adventurer is Active or Stunned, and everyone sees which."""
    g = position([adventurer("A", backpack=["leather_cap"]), adventurer("B", stunned=True)], start="exploration",
                 zone=GULCH, dungeon_top=["forgotten_purse"])
    view = g.view_for(0)
    assert [adv["stunned"] for adv in view["adventurers"]] == [False, True]
    assert [adv.active for adv in g.state.adventurers] == [True, False]
