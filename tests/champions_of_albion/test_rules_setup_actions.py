"""Champions of Albion rules by real play: setup (CA-001 to CA-017), acts and rounds
(CA-018 to CA-028), initiative (CA-029 to CA-034) and the action phase (CA-035 to CA-065),
with the worked cases CAT-08 to CAT-13, CAT-35 and CAT-36.

Positions are written with Game.from_scenario or set up with Game.new, and every rule is
checked by making the choices through the decision protocol. Resources, tokens and the
champions' unique actions and passives are in test_rules_resources.py.
"""

from __future__ import annotations

import pytest

from game.core.errors import FiveRealmsError, IllegalChoice
from game.core.game import Game
from game.rulesets.champions_of_albion.state import MAIN
from tests.champions_of_albion.setup_actions_helpers import (
    CONTENT,
    MAP,
    SYSTEM,
    blocked_reason,
    champion_ids,
    ctx_of,
    do,
    end_turns,
    fate_in_text,
    first_index,
    pending,
    play,
    position,
    refresh,
    until_kind,
)

ORDINARY = set(CONTENT.enemies)


def new_game(seed: int, seats: int, main_enemy: str = "dragon") -> Game:
    return Game.new(SYSTEM, seed, seats, {"main_enemy": main_enemy})


def choose_champions(g: Game, *champions: str) -> list:
    events = []
    for cid in champions:
        d = pending(g, "champion")
        events += g.choose(d.seat, [f"champion:{cid}"])
    return events


# ---- 3.1 setup -------------------------------------------------------------------------------


def test_ca_001_setup_steps_in_order_decks_before_the_main_enemy_places_the_hand_last():
    """CA-001 (with G-32): main enemy, decks, main enemy placements, champions, then the Hand."""
    g = new_game(11, 2)
    setup_events = list(g.initial_events)
    rules = [e.rule for e in setup_events]
    main_at = rules.index("CA-003")
    decks_at = rules.index("CA-006")
    placements = [i for i, e in enumerate(setup_events) if e.rule in ("CA-180", "CA-181", "CA-189")]
    assert placements and main_at < decks_at < min(placements)
    # The enemies the main enemy placed came from the already built enemy deck into the camp.
    state = g.state
    assert state.enemies and all(e.card in state.camp and e.card not in state.enemy_deck for e in state.enemies)
    # No Hand yet while the champions are being chosen (the Hand is the last step).
    assert pending(g).kind == "champion" and state.hand == []
    events = choose_champions(g, "gareth", "elin")
    chosen = [i for i, e in enumerate(events) if e.rule == "CA-013"]
    hand = first_index(events, lambda e: e.rule == "CA-016")
    assert len(chosen) == 2 and max(chosen) < hand
    assert len(state.hand) == 5


def test_ca_002_the_fate_marker_starts_on_space_1():
    """CA-002, CA-185: the marker is on 1 at setup and during round 1."""
    g = new_game(3, 1)
    assert g.state.fate == 1
    choose_champions(g, "hollis")
    assert g.state.round == 1 and g.state.fate == 1 and g.view_for(0)["fate"] == 1


@pytest.mark.parametrize("main_enemy", ["dragon", "arawn", "morrigan"])
def test_ca_003_one_main_enemy_is_chosen_and_lies_act_1_side_up(main_enemy):
    """CA-003: the chosen main enemy governs the game; in Act 1 its standee is not on the map."""
    g = new_game(5, 2, main_enemy)
    assert g.state.main_enemy == main_enemy and g.state.act == 1
    assert any(e.rule == "CA-003" and CONTENT.main_enemies[main_enemy].name in e.text for e in g.initial_events)
    view = g.view_for(0)
    assert view["main_enemy"]["id"] == main_enemy and view["main_enemy"]["on_map"] is False
    assert g.state.enemy(MAIN) is None


def test_ca_003_an_unknown_main_enemy_is_refused():
    with pytest.raises(FiveRealmsError):
        Game.new(SYSTEM, 1, 2, {"main_enemy": "balor"})


@pytest.mark.parametrize("seats,shadows", [(1, 2), (2, 2), (3, 3), (4, 3)])
def test_ca_004_dragon_setup_places_tokens_and_enemies_on_the_first_two_shadows(seats, shadows):
    """CA-004: the Dragon's Act 1 side: 3 quest tokens, half(C)+1 shadows, an enemy on each of
    the first two shadows placed."""
    g = new_game(20 + seats, seats, "dragon")
    state = g.state
    assert len(state.quest_tokens) == 3
    assert len(state.shadows) == shadows
    order = [e.data["space"] for e in g.initial_events if e.rule == "CA-181"]
    assert order == state.shadows
    assert sorted(e.space for e in state.enemies) == sorted(order[:2])
    assert all(e.kind == "ordinary" for e in state.enemies)


def test_ca_004_arawn_setup_enemies_on_depths_entrances_and_less_will():
    """CA-004, CA-014 (G-31): Arawn: 3 quest tokens, half(C) shadows, random enemies on two
    non-starting depths entrances, and every champion starts with 1 less will."""
    g = new_game(8, 3, "arawn")
    state = g.state
    assert len(state.quest_tokens) == 3 and len(state.shadows) == 2
    spaces = [e.space for e in state.enemies]
    assert len(spaces) == 2 and len(set(spaces)) == 2
    assert all(s in MAP.entrances() and s not in MAP.starting for s in spaces)
    choose_champions(g, "hollis", "ysolde", "jory")
    for c in state.champions:
        card = CONTENT.champions[c.id]
        assert c.will == card.will - 1 and c.life == card.life
    for c in g.view_for(0)["champions"]:
        assert c["max_will"] == CONTENT.champions[c["id"]].will  # the maximum is unchanged


def test_ca_004_morrigan_setup_enemies_on_country_spaces_with_shadows_first():
    """CA-004: Morrigan: half(C)+1 shadows; enemies on country spaces holding a shadow, the
    rest on random non-starting country spaces."""
    cases = set()
    for seed in range(5):  # seeds giving 2, 1 and 0 shadowed country spaces
        g = new_game(seed, 2, "morrigan")
        state = g.state
        assert len(state.quest_tokens) == 3 and len(state.shadows) == 2
        shadowed_country = {s for s in state.shadows if MAP.spaces[s].kind == "country"}
        spaces = [e.space for e in state.enemies]
        assert len(spaces) == 2 and len(set(spaces)) == 2
        assert all(MAP.spaces[s].kind == "country" and s not in MAP.starting for s in spaces)
        assert shadowed_country <= set(spaces)
        cases.add(len(shadowed_country))
    assert cases == {0, 1, 2}


def test_ca_005_unplaced_tokens_form_a_face_down_supply():
    """CA-005 (G-28): the unplaced quest and shadow tokens are the supply; a view shows only
    how many there are, never their backs."""
    g = new_game(4, 2)
    state = g.state
    assert sorted(state.shadow_supply + state.shadows) == sorted(MAP.shadow_backs)
    assert sorted(state.quest_supply + state.quest_tokens) == sorted(MAP.quest_backs)
    assert len(state.shadow_supply) == 18 - len(state.shadows) and len(state.quest_supply) == 12 - 3
    view = g.view_for(0)
    assert view["shadow_supply"] == len(state.shadow_supply) and view["quest_supply"] == 9


def test_ca_006_each_deck_is_sorted_by_type_and_shuffled_separately():
    """CA-006: resource, bane, four world decks, the quest deck, enemy and event decks."""
    g = new_game(7, 2)
    choose_champions(g, "gareth", "elin")
    state = g.state
    attached = [r for c in state.champions for r in c.resources]
    assert sorted(state.resource_deck + state.hand + attached) == sorted(CONTENT.resources)
    assert sorted(state.bane_deck) == sorted(b.id for b in CONTENT.banes.values() for _ in range(b.count))
    for kind in ("capital", "country", "wilderness", "depths"):
        deck = state.world_decks[kind]
        assert sorted(deck) == sorted(s.id for s in CONTENT.stories.values() if s.deck == kind)
        assert deck != sorted(deck)  # shuffled
    assert sorted(state.event_deck) == sorted(CONTENT.events) and state.event_deck != sorted(CONTENT.events)
    assert state.bane_deck != sorted(state.bane_deck)
    assert state.quest_deck != sorted(state.quest_deck)


def test_ca_007_the_enemy_deck_holds_only_ordinary_enemies():
    """CA-007: every ordinary enemy card is in the enemy deck (or in the camp after the main
    enemy's setup), and no more dangerous one."""
    g = new_game(9, 2)
    state = g.state
    assert sorted(state.enemy_deck + state.camp) == sorted(ORDINARY)
    assert not set(state.enemy_deck) & set(CONTENT.dangerous)


@pytest.mark.parametrize("main_enemy", ["dragon", "arawn", "morrigan"])
def test_ca_008_ca_009_dangerous_enemies_wait_and_the_others_are_put_away(main_enemy):
    """CA-008: the chosen main enemy's more dangerous enemies wait face down beside it.
    CA-009: the other main enemies' quests and more dangerous enemies are out of the game."""
    g = new_game(2, 2, main_enemy)
    state = g.state
    mine = {d.id for d in CONTENT.dangerous.values() if d.main_enemy == main_enemy}
    assert set(state.dangerous_waiting) == mine and len(mine) == 4
    assert g.view_for(0)["dangerous_waiting"] == 4  # face down: a count only
    assert sorted(state.quest_deck) == sorted(q.id for q in CONTENT.quests.values() if q.deck == main_enemy)
    others = {d.id for d in CONTENT.dangerous.values() if d.main_enemy != main_enemy}
    everywhere = set(state.enemy_deck) | set(state.camp) | set(state.dangerous_waiting) | {e.card for e in state.enemies}
    assert not others & everywhere


def test_ca_010_each_seat_chooses_a_champion_and_none_twice():
    """CA-010: a champion already chosen is not offered to the next seat and is refused."""
    g = new_game(1, 3)
    first = pending(g, "champion")
    assert first.seat == 0 and len(champion_ids(first)) == 8
    g.choose(0, ["champion:cadoc"])
    second = pending(g, "champion")
    assert second.seat == 1 and "cadoc" not in champion_ids(second) and len(champion_ids(second)) == 7
    with pytest.raises(IllegalChoice):
        g.choose(1, ["champion:cadoc"])
    g.choose(1, ["champion:idris"])
    assert pending(g, "champion").seat == 2
    g.choose(2, ["champion:jory"])
    assert [p.champion for p in g.state.players] == ["cadoc", "idris", "jory"]


def test_ca_011_starting_resources_are_taken_from_the_deck_which_is_shuffled_again():
    """CA-011 (G-30): the named starting cards are attached; the deck is shuffled afterwards."""
    g = new_game(13, 2)
    before = list(g.state.resource_deck)
    choose_champions(g, "gareth", "idris")
    state = g.state
    assert state.champion("gareth").resources == ["bearded_axe", "ringmail_coat"]
    assert state.champion("idris").resources == ["spirit_lance"]
    starting = {"bearded_axe", "ringmail_coat", "spirit_lance"}
    assert not starting & set(state.resource_deck + state.hand)
    # Not simply the old order with the starting cards taken out: the deck was shuffled again.
    unshuffled = [r for r in before if r not in starting]
    assert state.hand + state.resource_deck != unshuffled
    assert sorted(state.hand + state.resource_deck) == sorted(unshuffled)


def test_ca_012_ca_013_ca_014_starting_gold_space_and_full_tracks():
    """CA-012 starting gold; CA-013 the standee on the printed start; CA-014 (G-31) life and
    will at the printed maximums."""
    g = new_game(6, 4)
    choose_champions(g, "gareth", "elin", "jory", "cadoc")
    for c in g.state.champions:
        card = CONTENT.champions[c.id]
        assert c.gold == card.gold and c.space == card.start
        assert c.life == card.life and c.will == card.will
    assert {c.id: c.gold for c in g.state.champions} == {"gareth": 0, "elin": 2, "jory": 3, "cadoc": 1}
    view = {c["id"]: c for c in g.view_for(0)["champions"]}
    assert view["jory"]["space"] == "brackenby" and view["gareth"]["life"] == view["gareth"]["max_life"] == 13


def test_ca_015_ca_183_the_treasury_is_unlimited_and_pays_treasure():
    """CA-015, CA-183 (G-39): gold is taken from an unlimited treasury: a champion holding 30
    gold (more than the 24 tokens) still takes an enemy's treasure."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, gold={"gareth": 30},
                 enemies=[{"card": "barrow_wight", "space": "caer_aldon"}], dice=[6])
    do(g, "unique", "keep")  # Sudden Strike: 6 + 4 + 2 = 12 against DV 5: 7 damage, the wight falls
    assert g.state.champion("gareth").gold == 31
    assert not g.state.enemies


def test_ca_016_the_hand_is_five_cards_turned_up_after_the_starting_resources():
    """CA-016, CA-056: five face-up cards, none of them a chosen champion's starting card."""
    g = new_game(17, 3)
    choose_champions(g, "tamsin", "ysolde", "hollis")
    state = g.state
    assert len(state.hand) == 5 and not set(state.hand) & set(state.resource_deck)
    starting = {r for c in state.champions for r in CONTENT.champions[c.id].equipment}
    assert not starting & set(state.hand)
    assert g.view_for(1)["hand"] == state.hand


def test_ca_017_ca_028_only_the_chosen_main_enemys_ending_is_read_by_the_initiative_winner():
    """CA-017 (G-34), CA-028: the game ends (darkness falls, the shadow supply is empty) and
    the chosen main enemy's defeat ending is read by the player holding the initiative."""
    g = position(["hollis", "idris"], main_enemy="arawn", seed=3)
    g.state.shadow_supply = []  # the next random shadow cannot be placed
    refresh(g)
    reader = g.state.initiative[0]
    events = play(g, lambda g, d: False)
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
    assert g.state.ending == "arawn_defeat"
    ending = [e for e in events if e.rule == "CA-028"]
    assert len(ending) == 1 and ending[0].data["ending"] == "arawn_defeat"
    assert ending[0].text.startswith(g.state.players[reader].name)
    assert g.view_for(0)["ending"]["outcome"] == "defeat"


# ---- 3.2 acts and rounds: one whole game -------------------------------------------------------


@pytest.fixture(scope="module")
def whole_game():
    """A 2-seat Dragon game played from setup to the end with the auto-player. In Act 2 the
    Dragon is held on its lair (set back there before every turn) so the game runs out of time
    (CA-161) instead of ending on a capital."""
    g = new_game(0, 2, "dragon")
    log: list = []
    for cid in ("gareth", "hollis"):
        d = pending(g, "champion")
        events = g.choose(d.seat, [f"champion:{cid}"])
        snap = {"act": g.state.act, "round": g.state.round, "fate": g.state.fate, "phase": g.state.phase}
        log += [(snap, e) for e in events]
    lair = CONTENT.main_enemies["dragon"].lair
    main_seen_in_act1 = []

    def answer(g, d):
        main = g.state.enemy(MAIN)
        if g.state.act == 1:
            main_seen_in_act1.append(main is not None)
        if main is not None and d.kind == "action":
            main.space = lair
            refresh(g)
        return None

    play(g, lambda g, d: False, answer=answer, log=log)
    return g, log, main_seen_in_act1


def _rounds(log):
    return [(e.data["act"], e.data["round"], fate_in_text(e.text)) for _, e in log if e.kind == "round"]


def test_ca_018_ca_019_two_acts_act_1_has_five_rounds(whole_game):
    """CA-018: exactly two acts; CA-019: Act 1 has exactly five rounds."""
    g, log, _ = whole_game
    rounds = _rounds(log)
    assert {a for a, _, _ in rounds} == {1, 2}
    assert [r for a, r, _ in rounds if a == 1] == [1, 2, 3, 4, 5]
    assert g.state.act == 2


def test_ca_020_act_1_rounds_have_action_combat_story_event_phases_in_order(whole_game):
    """CA-020: every Act 1 round runs the action, combat, story and event phases in that order."""
    _, log, _ = whole_game
    marks = {"CA-035": "action", "CA-077": "combat", "CA-132": "story", "CA-151": "event"}
    per_round: dict[int, list[str]] = {}
    current = None
    for _, e in log:
        if e.kind == "round":
            current = (e.data["act"], e.data["round"])
        elif current and current[0] == 1 and e.rule in marks and e.kind in ("phase", "event"):
            per_round.setdefault(current[1], []).append(marks[e.rule])
    assert per_round == {r: ["action", "combat", "story", "event"] for r in range(1, 6)}


def test_ca_021_ca_022_ca_185_the_fate_marker_counts_the_rounds_of_act_1(whole_game):
    """CA-021: the marker advances at the end of every event phase; CA-022, CA-185, CAT-35:
    round n of Act 1 is played with the marker on n, and the round on 5 is the last."""
    _, log, _ = whole_game
    rounds = _rounds(log)
    assert [(r, f) for a, r, f in rounds if a == 1] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    moves = [e.data["fate"] for _, e in log if e.rule == "CA-021"]
    assert moves == [2, 3, 4, 5, 1]
    # Each move comes right after that round's event (reveal and resolution), before the next round.
    reveal = [i for i, (_, e) in enumerate(log) if e.rule == "CA-151" and e.kind == "event"]
    fate = [i for i, (_, e) in enumerate(log) if e.rule == "CA-021"]
    assert all(r < f for r, f in zip(reveal, fate))


def test_ca_023_ca_027_cat_35_act_2_begins_after_round_5_with_the_marker_on_1(whole_game):
    """CA-023 (G-04): round 5's event phase is resolved in full, then Act 2 begins;
    CA-027, CAT-35: the marker is on 1 again and Act 2 round n is played on n."""
    g, log, _ = whole_game
    act2 = first_index([e for _, e in log], lambda e: e.rule == "CA-154" and e.kind == "act")
    last_fate = max(i for i, (_, e) in enumerate(log) if e.rule == "CA-021")
    fifth_event = [i for i, (_, e) in enumerate(log) if e.rule == "CA-151" and e.kind == "event"][4]
    assert fifth_event < last_fate < act2
    assert log[act2][0]["act"] == 2 and log[act2][0]["fate"] == 1
    assert len(g.state.events_seen) == 5
    assert [(r, f) for a, r, f in _rounds(log) if a == 2] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]


def test_ca_024_the_main_enemy_enters_the_map_only_in_act_2(whole_game):
    """CA-024: no main enemy standee during Act 1; it is placed at the start of Act 2."""
    _, log, main_seen_in_act1 = whole_game
    assert main_seen_in_act1 and not any(main_seen_in_act1)
    placed = [i for i, (_, e) in enumerate(log) if e.data.get("enemy") == MAIN and e.kind == "enemy"]
    act2 = first_index([e for _, e in log], lambda e: e.rule == "CA-154")
    assert placed and min(placed) > act2


def test_ca_025_act_2_rounds_have_only_action_and_combat_phases(whole_game):
    """CA-025: no story phase and no event phase in Act 2."""
    _, log, _ = whole_game
    current = None
    seen: dict[int, list[str]] = {}
    for snap, e in log:
        if e.kind == "round":
            current = (e.data["act"], e.data["round"])
        elif current and current[0] == 2 and e.rule in ("CA-035", "CA-077", "CA-132", "CA-151", "CA-021"):
            seen.setdefault(current[1], []).append(e.rule)
    assert seen == {r: ["CA-035", "CA-077"] for r in range(1, 6)}


def test_ca_026_act_2_has_at_most_five_rounds(whole_game):
    """CA-026 (with CA-161): after the fifth Act 2 round with the main enemy alive the game ends."""
    g, log, _ = whole_game
    assert g.over and g.state.outcome == "defeat" and g.state.end_rule == "CA-161"
    assert max(r for a, r, _ in _rounds(log) if a == 2) == 5
    assert g.state.act == 2 and g.state.round == 5


def test_ca_028_the_ending_card_matches_the_outcome_and_is_read_by_the_initiative_winner(whole_game):
    """CA-028: the ending is revealed at the end and read by the holder of the initiative."""
    g, log, _ = whole_game
    ending = [e for _, e in log if e.rule == "CA-028"]
    assert len(ending) == 1 and ending[0].data["ending"] == "dragon_defeat"
    last_initiative = [e for _, e in log if e.kind == "initiative"][-1]
    reader = last_initiative.data["order"][0]
    assert ending[0].text.startswith(g.state.players[reader].name)


# ---- 3.3 initiative ---------------------------------------------------------------------------------


def test_ca_029_initiative_is_set_at_the_start_of_every_round_of_both_acts(whole_game):
    """CA-029 (G-05): an initiative is set at the very start of each of the ten rounds, before
    the action phase, and in Act 2 after the Act 2 start."""
    _, log, _ = whole_game
    events = [e for _, e in log]
    rounds = [i for i, e in enumerate(events) if e.kind == "round"]
    assert len(rounds) == 10
    for n, start in enumerate(rounds):
        end = rounds[n + 1] if n + 1 < len(rounds) else len(events)
        chunk = events[start:end]
        init = first_index(chunk, lambda e: e.kind == "initiative")
        action = first_index(chunk, lambda e: e.rule == "CA-035")
        assert init < action
    act2 = first_index(events, lambda e: e.rule == "CA-154")
    assert any(e.kind == "initiative" for e in events[act2:rounds[5] + 5])


def test_ca_029_a_replacement_is_chosen_before_initiative():
    """CA-029 (G-05): a champion defeated in round 1 is replaced at the start of round 2 before
    the initiative, so the new champion's speed counts."""
    g = position(["hollis", "cadoc"], seed=2)
    ctx_of(g).defeat(g.state.champion("cadoc"), "CA-126", "life")
    refresh(g)
    events = play(g, until_kind("champion"))
    d = pending(g, "champion")
    assert d.seat == 1 and "decline" in d.option_ids
    events = g.choose(1, ["champion:elin"])  # speed 5: she takes the initiative
    rules = [e.rule for e in events]
    assert rules.index("CA-128") < first_index(events, lambda e: e.kind == "initiative")
    assert g.state.initiative == [1, 0]


def test_ca_030_the_initiative_order_is_used_by_the_action_and_story_phases():
    """CA-030: turns and story draws follow the round's initiative order."""
    g = position(["cadoc", "elin", "idris"], seed=4)  # speeds 1, 5, 3: Elin wins, then clockwise
    assert g.state.initiative == [1, 2, 0]
    seats, events = [], []
    while (d := g.pending()).kind == "action":
        seats.append(d.seat)
        events += g.choose(d.seat, ["end"])
    assert seats == [1, 2, 0]
    events += play(g, until_kind("action"))
    events = events[:first_index(events, lambda e: e.kind == "round")]  # round 1 only
    draws = [e.data["champion"] for e in events if e.rule == "CA-133" and e.kind == "story"]
    assert draws == ["elin", "idris", "cadoc"]


def test_ca_031_the_highest_effective_speed_wins_the_initiative():
    """CA-031 (G-06): speed counts its best card of each kind and banes. Gareth has printed
    speed 2, but his Knight's Plate (+3; the Ringmail's +2 does not add, CA-165) makes 5;
    Tamsin 4; Hollis 2."""
    g = position(["tamsin", "hollis", "gareth"], resources={"gareth": ["knights_plate"]})
    assert g.state.initiative == [2, 0, 1]
    speeds = [e for e in g.initial_events if e.kind == "initiative"][-1].text
    assert "speed 5" in speeds and "speed 7" not in speeds
    # A speed bane lowers it: Lamed (-1) leaves Gareth tied with Tamsin at 4, so they roll.
    g = position(["tamsin", "hollis", "gareth"], resources={"gareth": ["knights_plate"]},
                 banes={"gareth": ["lamed"]}, dice=[6, 2])
    assert g.state.initiative == [0, 1, 2]


def test_ca_032_ca_033_cat_09_ties_roll_off_and_the_order_goes_clockwise():
    """CAT-09, CA-032 (G-07), CA-033: A (Spd 3), B (4), C (4), D (1). Only B and C roll; both
    roll 5 and roll again; C rolls higher. The order is C, D, A, B."""
    # Idris 3, Gareth 4 (2 + Ringmail 2), Jory 4, Cadoc 1.
    g = position(["idris", "gareth", "jory", "cadoc"], dice=[5, 5, 2, 6, 1])
    assert g.state.initiative == [2, 3, 0, 1]
    rolls = [e.text for e in g.initial_events if e.rule == "CA-032"]
    assert len(rolls) == 2
    assert all("Player 2" in t and "Player 3" in t and "Player 1" not in t and "Player 4" not in t for t in rolls)
    assert g.state.dice_script == [1]  # only the tied players' four dice were used
    d = pending(g, "action")
    assert d.seat == 2


def test_ca_034_a_seat_without_a_champion_is_skipped():
    """CA-034 (G-08): a seat whose player declined a replacement has no turn and no place in
    the initiative."""
    g = position(["hollis", "cadoc", "idris"], seed=5)
    ctx_of(g).defeat(g.state.champion("cadoc"), "CA-126", "life")
    refresh(g)
    seats = []
    while (d := g.pending()).kind == "action":
        seats.append(d.seat)
        g.choose(d.seat, ["end"])
    assert 1 not in seats and sorted(seats) == [0, 2]
    play(g, until_kind("champion"))
    g.choose(1, ["decline"])
    assert g.state.initiative == [2, 0]
    seats = []
    while (d := g.pending()).kind == "action":
        seats.append(d.seat)
        g.choose(d.seat, ["end"])
    assert seats == [2, 0]


# ---- 3.4 the action phase ------------------------------------------------------------------------


def test_ca_035_cat_36_at_most_three_actions_and_the_unique_only_once():
    """CA-035, CA-038, CAT-36: travel three times is legal, a 4th action is not; ending after one
    action is legal."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"})
    do(g, "travel:ashby_cross", "travel:grey_downs", "travel:hagstone_moor")
    d = pending(g, "action")
    assert d.option_ids == ("end",)
    assert "CA-035" in blocked_reason(d, "rest") and "CA-035" in blocked_reason(d, "travel:elderholt")
    with pytest.raises(IllegalChoice):
        g.choose(0, ["rest"])
    assert g.state.champion("gareth").space == "hagstone_moor"
    events = g.choose(0, ["end"])
    assert any(e.rule == "CA-077" for e in events)  # the turn and the action phase are over
    # Ending after a single action.
    g = position(["gareth"], positions={"gareth": "caer_aldon"})
    do(g, "rest")
    assert "end" in pending(g, "action").option_ids
    events = g.choose(0, ["end"])
    assert any(e.rule == "CA-077" for e in events) and g.state.round == 2


def test_ca_039_cat_36_the_unique_action_is_once_per_round_and_costs_an_action():
    """CA-039 (G-09), CAT-36: the unique action twice in a turn is illegal; it costs one of the
    three actions; it is offered again the next round."""
    g = position(["elin"], positions={"elin": "stonebridge"})
    do(g, "unique", "space:elderholt")  # Long Stride
    d = pending(g, "action")
    assert g.state.turn.actions == 1
    assert "unique" not in d.option_ids and "CA-039" in blocked_reason(d, "unique")
    with pytest.raises(IllegalChoice):
        g.choose(0, ["unique"])
    g.choose(0, ["end"])
    play(g, lambda g, d: d.kind == "action" and g.state.round == 2)
    assert "unique" in pending(g, "action").option_ids


def test_ca_036_the_action_phase_ends_when_every_seat_has_had_its_turn():
    """CA-036: after the last seat's turn the combat phase follows."""
    g = position(["elin", "gareth"])
    first = g.choose(pending(g).seat, ["end"])
    assert g.state.phase == "action" and not any(e.rule == "CA-077" for e in first)
    last = g.choose(pending(g).seat, ["end"])
    assert any(e.rule == "CA-077" for e in last) and g.state.phase != "action"


def test_ca_037_the_seven_action_types_are_offered():
    """CA-037: travel, rest, cast, gather, give/take, unique, banish, all legal in one position:
    Ysolde (spirit-touched) on a country space with a shadow and Gareth beside her, who is hurt."""
    g = position(["ysolde", "gareth"], positions={"ysolde": "wellbrook", "gareth": "wellbrook"},
                 shadows=["wellbrook"], hand=["oak_strength", "iron_mace", "herb_satchel", "parry", "rowan_charm"],
                 gold={"ysolde": 3})
    g.state.champion("gareth").life = 8
    refresh(g)
    do(g, "end")  # Gareth (speed 4) goes first
    d = pending(g, "action")
    assert d.seat == 0
    kinds = {i.split(":")[0] for i in d.option_ids}
    assert {"travel", "rest", "cast", "gather", "give", "take", "unique", "banish"} <= kinds


def test_ca_038_the_same_action_may_be_taken_more_than_once():
    """CA-038, CAT-08: two rests in one turn from life 5 give 9; travel twice."""
    g = position(["elin"], positions={"elin": "stonebridge"})
    g.state.champion("elin").life = 5
    refresh(g)
    do(g, "rest", "rest")
    assert g.state.champion("elin").life == 9
    do(g, "travel:elderholt")
    g = position(["elin"], positions={"elin": "stonebridge"})
    do(g, "travel:elderholt", "travel:stonebridge")
    assert g.state.champion("elin").space == "stonebridge"


# ---- travel -----------------------------------------------------------------------------------------


def test_ca_041_travel_goes_to_a_route_adjacent_space_only():
    """CA-041: the travel options are exactly the spaces joined to the current one by a route."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"})
    d = pending(g, "action")
    targets = sorted(i.split(":", 1)[1] for i in d.option_ids if i.startswith("travel:"))
    assert targets == sorted(MAP.neighbours("caer_aldon")) == ["ashby_cross", "fennick", "wellbrook"]
    with pytest.raises(IllegalChoice):
        g.choose(0, ["travel:grey_downs"])  # two steps away
    events = g.choose(0, ["travel:fennick"])
    assert g.state.champion("gareth").space == "fennick"
    assert any(e.rule == "CA-041" and e.data.get("space") == "fennick" for e in events)


def test_ca_042_underground_routes_may_be_travelled_too():
    """CA-042 (G-10): the dashed route from Harrowfield down to the Wormway is a travel option."""
    g = position(["gareth"], positions={"gareth": "harrowfield"})
    d = pending(g, "action")
    assert "travel:wormway" in d.option_ids and "travel:dun_corra" in d.option_ids
    do(g, "travel:wormway", "travel:root_halls")
    assert g.state.champion("gareth").space == "root_halls"


def test_ca_043_a_champion_may_travel_onto_through_and_out_of_enemy_spaces():
    """CA-043 (G-11): leaving an enemy's space and crossing another's starts no fight; a fight
    comes only in the combat phase, on the space where the champion stands."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"},
                 enemies=[{"card": "barrow_wight", "space": "caer_aldon"},
                          {"card": "ash_imp", "space": "ashby_cross"}])
    events = do(g, "travel:ashby_cross", "travel:blackthorn_wood")
    assert g.state.fight is None and g.state.champion("gareth").life == 13
    assert not any(e.kind in ("attack", "defence") for e in events)
    events = do(g, "end")
    combat = first_index(events, lambda e: e.rule == "CA-077")
    assert "no champion" in events[combat].text
    assert not any(e.kind in ("attack", "defence") for e in events)


def test_ca_044_every_move_records_the_previous_space():
    """CA-044 (G-12): the space a champion came from is recorded on every travel."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"})
    c = g.state.champion("gareth")
    assert c.previous == ""
    do(g, "travel:ashby_cross")
    assert (c.previous, c.space) == ("caer_aldon", "ashby_cross")
    do(g, "travel:grey_downs")
    assert (c.previous, c.space) == ("ashby_cross", "grey_downs")
    assert g.view_for(0)["champions"][0]["previous"] == "ashby_cross"


# ---- rest ---------------------------------------------------------------------------------------------


def test_ca_045_ca_047_rest_heals_2_life_and_no_will():
    """CA-045: rest restores up to 2 life; CA-047: it restores no will."""
    g = position(["gareth"])
    c = g.state.champion("gareth")
    c.life, c.will = 7, 3
    refresh(g)
    events = do(g, "rest")
    assert (c.life, c.will) == (9, 3)
    assert any(e.rule == "CA-045" and e.data.get("amount") == 2 for e in events)


def test_ca_046_cat_08_rest_is_capped_at_the_maximum():
    """CA-046, CAT-08: life 9 of 10 rests to 10, not 11."""
    g = position(["elin"])
    c = g.state.champion("elin")
    c.life = 9
    refresh(g)
    do(g, "rest")
    assert c.life == 10 == CONTENT.champions["elin"].life
    do(g, "rest")
    assert c.life == 10


def test_ca_046_will_never_exceeds_its_maximum():
    """CA-046: the Horn of the White Stag restores 1 will (free, once a round): 4 -> 5 of 5;
    at 5 of 5 it stays 5."""
    for before, after in ((4, 5), (5, 5)):
        g = position(["gareth"], resources={"gareth": ["stag_horn"]})
        g.state.champion("gareth").will = before
        refresh(g)
        do(g, "use:stag_horn")
        assert g.state.champion("gareth").will == after == min(before + 1, CONTENT.champions["gareth"].will)
        assert g.state.turn.actions == 0 and "use:stag_horn" not in pending(g, "action").option_ids


# ---- cast a spell ----------------------------------------------------------------------------------------


def test_ca_048_casting_carries_out_the_spells_instructions():
    """CA-048: Healing Light heals 3 life to a champion on the caster's space (chosen)."""
    g = position(["ysolde", "gareth"], positions={"ysolde": "wellbrook", "gareth": "wellbrook"})
    g.state.champion("gareth").life = 6
    refresh(g)
    do(g, "end")  # Gareth first
    d = pending(g, "action")
    assert "cast:healing_light" in d.option_ids
    do(g, "cast:healing_light")
    d = pending(g, "champion")
    assert set(d.option_ids) == {"champion:gareth", "champion:ysolde"}
    do(g, "champion:gareth")
    assert g.state.champion("gareth").life == 9 and g.state.turn.actions == 1


def test_ca_048_banishing_word_removes_a_shadow_on_an_adjacent_space():
    """CA-048: Cadoc's Banishing Word banishes a shadow next to him, not one further away."""
    g = position(["cadoc"], positions={"cadoc": "dun_corra"}, shadows=["elderholt", "ravenscar"])
    do(g, "cast:banishing_word")
    assert g.state.shadows == ["ravenscar"]


def test_ca_049_ca_059_only_spirit_touched_champions_cast_or_gather_spells():
    """CA-049, CA-059: Gareth (not spirit-touched), even holding a spell card, cannot cast it,
    and cannot gather a spell from the Hand; Ysolde can."""
    hand = ["oak_strength", "iron_mace", "rowan_charm", "herb_satchel", "parry"]
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, resources={"gareth": ["wind_step"]},
                 hand=hand, gold={"gareth": 5})
    d = pending(g, "action")
    assert not any(i.startswith("cast:") for i in d.option_ids)
    assert "CA-059" in blocked_reason(d, "gather:oak_strength")
    with pytest.raises(IllegalChoice):
        g.choose(0, ["cast:wind_step"])
    g = position(["ysolde"], positions={"ysolde": "wellbrook"}, hand=hand, gold={"ysolde": 5})
    d = pending(g, "action")
    assert "gather:oak_strength" in d.option_ids and "cast:healing_light" in d.option_ids


# ---- gather resources -----------------------------------------------------------------------------------


HAND = ["iron_mace", "shieldmaiden", "oak_strength", "sword_of_dawn", "rowan_charm"]


@pytest.mark.parametrize("space,ok", [("caer_aldon", True), ("ashby_cross", True), ("grey_downs", False),
                                       ("root_halls", False)])
def test_ca_050_cat_10_gathering_only_on_capital_or_country(space, ok):
    """CA-050, CAT-10: on a wilderness or depths space gathering is not offered."""
    g = position(["gareth"], positions={"gareth": space}, hand=HAND, gold={"gareth": 9})
    d = pending(g, "action")
    assert ("gather:iron_mace" in d.option_ids) is ok
    if not ok:
        assert all("CA-050" in blocked_reason(d, f"gather:{r}") for r in HAND)
        with pytest.raises(IllegalChoice):
            g.choose(0, ["gather:iron_mace"])


def test_ca_051_pay_or_test_and_too_little_gold_rules_out_paying():
    """CA-051 (G-13): a card with both a cost and a test lets the player choose; without the
    gold only the test remains; a card with only a cost is then not gatherable."""
    g = position(["ysolde"], positions={"ysolde": "wellbrook"}, hand=HAND, gold={"ysolde": 5})
    # The answer says both ways, either of which the gatherer may take.
    assert pending(g, "action").option("gather:oak_strength").label == "Gather Oak Strength (2 gold or test intuition 6)"
    do(g, "gather:oak_strength")
    d = pending(g, "gather_how")
    assert set(d.option_ids) == {"pay", "test"}
    # Too little gold: Oak Strength costs 2; with 1 gold only the test is left (asked no more).
    g = position(["ysolde"], positions={"ysolde": "wellbrook"}, hand=HAND, gold={"ysolde": 1}, dice=[1])
    d = pending(g, "action")
    assert "CA-051" in blocked_reason(d, "gather:iron_mace")  # cost 3, no test
    events = do(g, "gather:oak_strength")
    assert any(e.rule == "CA-068" and "intuition at 6" in e.text for e in events)
    assert g.state.champion("ysolde").gold == 1


def test_ca_052_cat_12_a_bought_card_is_attached_and_the_hand_refilled():
    """CAT-12, CA-052, CA-054: 5 gold on a capital buys a weapon costing 4: 1 gold left, the
    weapon attached, a new card turned up (5 in the Hand) and a discard offered."""
    hand = ["yew_longbow", "shieldmaiden", "oak_strength", "rowan_charm", "parry"]
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand, gold={"gareth": 5})
    deck_top = g.state.resource_deck[-1]
    events = do(g, "gather:yew_longbow")
    c = g.state.champion("gareth")
    assert c.gold == 1 and "yew_longbow" in c.resources and "yew_longbow" not in g.state.hand
    assert len(g.state.hand) == 5 and deck_top in g.state.hand
    assert any(e.rule == "CA-054" and e.data.get("card") == deck_top for e in events)
    d = pending(g, "discard")
    assert d.min_choices == 1 and d.max_choices == 1 and f"discard:{deck_top}" in d.option_ids
    assert "keep" in d.option_ids


def test_ca_053_ca_055_cat_11_a_failed_gather_keeps_the_card_and_still_allows_a_discard():
    """CAT-11, CA-053, CA-055: a companion at persuasion 8 with a total of 6 stays in the Hand,
    no other penalty; the player discards one card, shuffled in, and the Hand is 5 again."""
    hand = ["shieldmaiden", "iron_mace", "rowan_charm", "parry", "hunting_spear"]
    g = position(["tamsin"], positions={"tamsin": "brackenby"}, hand=hand, dice=[2])
    c = g.state.champion("tamsin")
    before = (c.gold, c.life, c.will, list(c.resources))
    events = do(g, "gather:shieldmaiden")  # only the test is possible: asked no more
    assert any(e.rule == "CA-068" and "2 + 4 = 6" in e.text and "failed" in e.text for e in events)
    assert any(e.rule == "CA-053" for e in events)
    assert "shieldmaiden" in g.state.hand and (c.gold, c.life, c.will, c.resources) == before
    deck = len(g.state.resource_deck)
    d = pending(g, "discard")
    assert "discard:shieldmaiden" in d.option_ids
    events = g.choose(0, ["discard:parry"])
    assert any(e.rule == "CA-055" and e.data.get("card") == "parry" for e in events)
    assert len(g.state.hand) == 5 and len(g.state.resource_deck) == deck
    assert "parry" in g.state.resource_deck + g.state.hand
    assert g.state.turn.actions == 1


def test_ca_055_the_discard_comes_after_the_refill_and_is_shuffled_in_before_its_replacement():
    """CA-055 (G-13): the card turned up by the refill may be the one discarded; the discarded
    card goes into the deck before the replacement is turned up, so it may come straight back."""
    hand = ["iron_mace", "shieldmaiden", "oak_strength", "rowan_charm", "parry"]
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=hand, gold={"gareth": 5})
    g.state.resource_deck = ["hunting_spear"]  # the only card left in the deck
    refresh(g)
    do(g, "gather:iron_mace")
    assert g.state.hand[-1] == "hunting_spear" and g.state.resource_deck == []
    d = pending(g, "discard")
    assert "discard:hunting_spear" in d.option_ids
    g.choose(0, ["discard:rowan_charm"])
    # Rowan Charm was shuffled into the (empty) deck first, then turned up as the replacement.
    assert g.state.resource_deck == [] and "rowan_charm" in g.state.hand and len(g.state.hand) == 5


def test_ca_056_ca_171_with_an_empty_deck_the_hand_stays_short_until_cards_return():
    """CA-056 (G-40), CA-171: with the resource deck empty the Hand stays at 4 after a gather;
    when a defeated champion's cards are shuffled back in, the Hand is topped up to 5."""
    hand = ["iron_mace", "shieldmaiden", "oak_strength", "rowan_charm", "parry"]
    g = position(["jory"], positions={"jory": "brackenby"}, hand=hand, gold={"jory": 5},
                 enemies=[{"card": "barrow_wight", "space": "brackenby"}], dice=[1, 1])
    g.state.resource_deck = []
    g.state.event_deck.remove("pilgrims")
    g.state.event_deck.append("pilgrims")  # a harmless event for the end of the round
    g.state.champion("jory").life = 1
    refresh(g)
    do(g, "gather:iron_mace", "keep", "end")
    assert len(g.state.hand) == 4 and g.state.resource_deck == []
    # Combat: attack 1 + 2 + 1 misses DV 5 (kept); defence 1 + 4 = 5 against AV 6: the last life.
    events = play(g, until_kind("champion"))
    assert any(e.rule == "CA-126" for e in events)
    assert len(g.state.hand) == 5
    assert sorted(g.state.hand + g.state.resource_deck) == sorted(hand[1:] + ["iron_mace", "pedlars_blade"])


def test_ca_057_a_companion_is_won_by_its_printed_persuasion_test():
    """CA-057: a companion has no price; gathering it means its persuasion test."""
    g = position(["tamsin"], positions={"tamsin": "glasmere"}, hand=HAND, gold={"tamsin": 9}, dice=[4])
    events = do(g, "gather:shieldmaiden")
    assert any(e.rule == "CA-068" and "persuasion at 8" in e.text and "passed" in e.text for e in events)
    assert "shieldmaiden" in g.state.champion("tamsin").resources
    assert g.state.champion("tamsin").gold == 9


def test_ca_058_a_relic_in_the_hand_cannot_be_gathered_only_discarded():
    """CA-058 (G-14): a relic cannot be gathered; the optional discard may remove it."""
    g = position(["gareth"], positions={"gareth": "caer_aldon"}, hand=HAND, gold={"gareth": 9})
    d = pending(g, "action")
    assert "CA-058" in blocked_reason(d, "gather:sword_of_dawn")
    with pytest.raises(IllegalChoice):
        g.choose(0, ["gather:sword_of_dawn"])
    do(g, "gather:rowan_charm")
    assert "discard:sword_of_dawn" in pending(g, "discard").option_ids
    g.choose(0, ["discard:sword_of_dawn"])
    assert "sword_of_dawn" not in g.state.champion("gareth").resources


# ---- give and take ----------------------------------------------------------------------------------


def _traders(**kw):
    g = position(["elin", "gareth"], positions={"elin": "caer_aldon", "gareth": "caer_aldon"},
                 resources={"gareth": ["old_huntsman", "parry"]}, gold={"gareth": 3}, **kw)
    do(g, "end")  # Elin (speed 5) goes first; now Gareth's turn
    assert pending(g, "action").seat == 1
    return g


def test_ca_060_ca_062_cat_13_give_weapons_and_gold_but_never_companions_or_skills():
    """CAT-13, CA-060, CA-062 (G-15): Gareth may give his weapon and any amount of gold to Elin;
    his companion, combat skill, aid tokens and banes are not offered."""
    g = _traders(aid={"gareth": [1]}, banes={"gareth": ["dread"]})
    do(g, "give:elin")
    d = pending(g, "give")
    assert set(d.option_ids) == {"card:bearded_axe", "card:ringmail_coat", "gold:1", "gold:2", "gold:3"}
    assert d.min_choices == 1 and d.max_choices == 5
    g.choose(1, ["card:bearded_axe", "gold:1", "gold:2"])
    gareth, elin = g.state.champion("gareth"), g.state.champion("elin")
    assert "bearded_axe" in elin.resources and "bearded_axe" not in gareth.resources
    assert (gareth.gold, elin.gold) == (1, 4)
    assert {"old_huntsman", "parry"} <= set(gareth.resources) and gareth.aid == [1] and gareth.banes == ["dread"]
    assert g.state.turn.actions == 1


def test_ca_060_relics_items_and_quest_tokens_may_be_given():
    """CA-060: relics, items and quest tokens are transferable too."""
    g = _traders()
    gareth = g.state.champion("gareth")
    gareth.resources += ["sword_of_dawn", "rowan_charm"]
    gareth.quest_tokens = 1
    refresh(g)
    do(g, "give:elin")
    d = pending(g, "give")
    assert {"card:sword_of_dawn", "card:rowan_charm", "quest_token:1"} <= set(d.option_ids)
    g.choose(1, ["card:sword_of_dawn", "card:rowan_charm", "quest_token:1"])
    elin = g.state.champion("elin")
    assert {"sword_of_dawn", "rowan_charm"} <= set(elin.resources) and elin.quest_tokens == 1
    assert gareth.quest_tokens == 0


def test_ca_061_cat_13_taking_needs_the_other_players_agreement():
    """CA-061, CAT-13: Gareth asks for Elin's bow; Elin's player refuses, then agrees."""
    g = _traders()
    do(g, "take:elin")
    d = pending(g, "take")
    assert "card:yew_longbow" in d.option_ids and "gold:2" in d.option_ids
    g.choose(1, ["card:yew_longbow"])
    consent = pending(g, "consent")
    assert consent.seat == 0 and set(consent.option_ids) == {"agree", "refuse"}
    g.choose(0, ["refuse"])
    assert "yew_longbow" in g.state.champion("elin").resources
    do(g, "take:elin", "card:yew_longbow", "agree")
    assert "yew_longbow" in g.state.champion("gareth").resources
    assert "yew_longbow" not in g.state.champion("elin").resources
    assert g.state.turn.actions == 2


def test_ca_062_spells_cannot_change_owner():
    """CA-062: a spell is not among the things Ysolde can give."""
    g = position(["ysolde", "cadoc"], positions={"ysolde": "wellbrook", "cadoc": "wellbrook"}, gold={"ysolde": 0})
    d = pending(g, "action")
    assert d.seat == 0  # Ysolde (2) before Cadoc (1)
    events = do(g, "give:cadoc")
    # Her only card is her spell: nothing can be given.
    assert any(e.rule == "CA-060" and "nothing" in e.text for e in events)
    assert g.state.champion("ysolde").resources == ["healing_light"]


def test_ca_063_one_give_involves_one_other_champion_and_one_direction():
    """CA-063 (G-15): with two others on the space, each is a separate give; giving to Elin
    leaves Tamsin untouched and takes nothing back."""
    g = position(["elin", "tamsin", "gareth"],
                 positions={"elin": "caer_aldon", "tamsin": "caer_aldon", "gareth": "caer_aldon"},
                 gold={"gareth": 2}, dice=[6, 1])
    while pending(g).seat != 2:
        do(g, "end")
    d = pending(g, "action")
    assert {"give:elin", "give:tamsin", "take:elin", "take:tamsin"} <= set(d.option_ids)
    tamsin_before = (g.state.champion("tamsin").gold, list(g.state.champion("tamsin").resources))
    elin_resources = list(g.state.champion("elin").resources)
    do(g, "give:elin", ["gold:1", "gold:2"])
    assert g.state.champion("elin").gold == 4 and g.state.champion("gareth").gold == 0
    assert (g.state.champion("tamsin").gold, g.state.champion("tamsin").resources) == tamsin_before
    assert g.state.champion("elin").resources == elin_resources


def test_ca_060_give_needs_another_champion_on_the_same_space():
    """CA-060: no give or take is offered to a champion on another space."""
    g = position(["elin", "gareth"], positions={"elin": "stonebridge", "gareth": "caer_aldon"})
    d = pending(g, "action")
    assert not any(i.startswith(("give:", "take:")) for i in d.option_ids)


# ---- banish shadow ------------------------------------------------------------------------------------


def test_ca_065_banish_removes_one_shadow_from_the_champions_space_into_the_supply():
    """CA-065 (G-27): one token from the current space, back into the face-down supply; with
    two stacked there, one stays; with none there, banishing is not offered."""
    g = position(["gareth"], positions={"gareth": "ashby_cross"},
                 shadows=["ashby_cross", "ashby_cross", "grey_downs"])
    supply = len(g.state.shadow_supply)
    events = do(g, "banish")
    assert sorted(g.state.shadows) == ["ashby_cross", "grey_downs"]
    assert len(g.state.shadow_supply) == supply + 1
    assert any(e.rule == "CA-065" for e in events)
    do(g, "banish")
    assert g.state.shadows == ["grey_downs"]
    d = pending(g, "action")
    assert "CA-065" in blocked_reason(d, "banish")
    with pytest.raises(IllegalChoice):
        g.choose(0, ["banish"])
    assert sorted(g.state.shadow_supply + g.state.shadow_backs) == sorted(MAP.shadow_backs)

