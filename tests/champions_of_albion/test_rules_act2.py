"""Champions of Albion rules in play: Act 2 and the end of the game (3.11, CA-154 to CA-162),
the main enemy card (3.16, CA-192 to CA-195; plan 2.4.3; G-38, G-42) and the ending cards
(CA-028).

Positions are written with ``Game.from_scenario`` (fixed dice, named spaces) and entered
at Act 2 by running the flow's own "act2_start" step, exactly as the end of Act 1 round 5
does; one test plays that transition from round 5 itself. Choices are then made through
``Game.choose``. Dice are consumed in order by every roll.

Champion values used below (content/champions.toml):
- Gareth: strength 4, speed 2, life 13, will 5; bearded axe (+2 strength), ringmail coat
  (+2 speed): attack die + 6, defence die + 4.
- Elin: strength 2, speed 4, life 10, will 5; yew longbow (+1 strength, +1 speed); +1 to
  defence on wilderness spaces. Elin (speed 5) wins the initiative over Gareth (speed 4).
Main enemies (content/main_enemies.toml): the Dragon DV 10, AV 11, life 6 + 4 C (+1 per
shadow), lair Wyrmscar Tor; Arawn DV 9, AV 10, life 8 + 3 C, lair the Pale Court; Morrigan
DV 9, AV 10, life 5 + 4 C, lair Carrow Cross.
"""

from __future__ import annotations

import pytest

from game.core.events import EventLog
from game.core.game import Game
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion
from tests.champions_of_albion.story_helpers import DEFAULTS, answer, fresh, on_top, play, scenario  # noqa: F401

SYSTEM = ChampionsOfAlbion()
CONTENT = SYSTEM.content
MAP = CONTENT.map
LAIR = {m: CONTENT.main_enemies[m].lair for m in CONTENT.main_enemies}


def recorder(seen: list, policy=None):
    def ask(d):
        seen.append(d)
        return policy(d) if policy else None
    return ask


def run_steps(g: Game, *steps: str):
    """Replace what is left of the current phase by these flow steps (first runs first) and
    run to the next question: a written position entered at a phase boundary."""
    g.state.stack = [{"step": s} for s in reversed(steps)]
    log = EventLog()
    FLOW.advance(Ctx(g.state, CONTENT, log), g.state.stack)
    fresh(g)
    return log.events


def index(events, pred) -> int:
    for i, e in enumerate(events):
        if pred(e):
            return i
    raise AssertionError("no such event")


def act2(main: str = "dragon", champions=("gareth",), positions=None, seed: int = 0, **fields):
    """A written position at the start of Act 2 (the Act 2 side's start instructions run)."""
    g = scenario(seed, main_enemy=main, champions=list(champions), positions=positions or {}, **fields)
    events = run_steps(g, "act2_start")
    return g, events


def main_of(g: Game):
    return g.state.enemy("main")


def next_round(g: Game):
    start = (g.state.act, g.state.round)
    return lambda d: d.kind == "action" and (g.state.act, g.state.round) != start


def nearest_capital(space: str) -> int:
    return min(MAP.distances(cap, "surface").get(space, 99) for cap in MAP.of_kind("capital"))


def ending_checks(g: Game, events, outcome: str) -> None:
    """CA-028, CA-195: the ending card of this main enemy matching the outcome is revealed, read
    by the player holding the current round's initiative."""
    main = g.state.main_enemy
    card = CONTENT.endings[g.state.ending]
    assert (card.main_enemy, card.outcome) == (main, outcome)
    assert g.state.ending == f"{main}_{outcome}"
    shown = g.view_for(0)["ending"]
    assert shown == {"title": card.title, "text": card.text, "outcome": outcome}
    reader = g.state.players[g.state.initiative[0]].name
    read = [e for e in events if e.rule == "CA-028"]
    assert len(read) == 1 and read[0].text == f"{reader} reads the ending '{card.title}'."
    assert g.pending() is None


# ---- the start of Act 2 (CA-154) -------------------------------------------------------------------


def test_ca_154_the_card_is_flipped_and_its_start_carried_out_before_anything_else():
    """CA-154, CA-024, CA-156: from Act 1 round 5 (a written position), the round's event phase is
    finished; then the Dragon's card is flipped, the Dragon placed on its lair with life
    6 + 4 x 1 + 1 per shadow, and only then does Act 2 round 1 begin, with its initiative."""
    g = scenario(positions={"gareth": "caer_aldon"}, dice=[6])
    g.state.round = g.state.fate = 5
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    on_top(g.state.event_deck, "pilgrims")
    assert main_of(g) is None and g.view_for(0)["main_enemy"]["on_map"] is False
    _, events = play(g, until=lambda d: d.kind == "action" and g.state.act == 2)
    placed = index(events, lambda e: e.rule == "CA-189")  # the Dragon's last Act 1 placement
    flip = index(events, lambda e: e.kind == "act")
    dragon = index(events, lambda e: e.rule == "CA-154" and e.data.get("enemy") == "main")
    new_round = index(events, lambda e: e.kind == "round" and e.data["act"] == 2)
    initiative = new_round + index(events[new_round:], lambda e: e.kind == "initiative")
    assert placed < flip < dragon < new_round < initiative
    assert events[new_round].data == {"act": 2, "round": 1}
    st = g.state
    assert main_of(g).space == LAIR["dragon"] and st.main_life == 6 + 4 * 1 + len(st.shadows)
    assert g.view_for(0)["main_enemy"]["on_map"] is True


def test_ca_154_the_dragon_starts_on_its_lair_with_a_life_per_shadow():
    """CA-154 (plan 2.4.3): two champions and three shadows: life 6 + 4 x 2 + 3 = 17 on Wyrmscar Tor."""
    g, events = act2(champions=("gareth", "elin"), shadows=["fennick", "millford", "root_halls"])
    assert main_of(g).space == "wyrmscar_tor" and g.state.main_life == 17
    shown = [e for e in g.view_for(0)["enemies"] if e["uid"] == "main"][0]
    assert (shown["dv"], shown["av"], shown["life"]) == (10, 11, 17)


def test_ca_154_arawn_appears_where_the_shadows_gather_below():
    """CA-154 (plan 2.4.3): shadows on the Root Halls and on two spaces one route from it (Blackthorn
    Wood, the Wormway) give it the most: Arawn appears there. Eight shadows on the board give
    +2 DV (8 // 4), fixed now."""
    shadows = ["root_halls", "blackthorn_wood", "wormway", "fennick", "millford", "grey_downs", "saltmarsh",
               "ravenscar"]
    g, _ = act2("arawn", shadows=shadows, positions={"gareth": "fennick"})
    assert main_of(g).space == "root_halls"
    assert g.state.main_dv_bonus == 2
    shown = [e for e in g.view_for(0)["enemies"] if e["uid"] == "main"][0]
    assert shown["dv"] == 9 + 2 and g.view_for(0)["main_enemy"]["act2"]["dv"] == 11
    # Fixed at the start: Gareth banishing the Fennick shadow (7 left) does not change it.
    g.choose(0, "banish")
    assert len(g.state.shadows) == 7
    assert [e for e in g.view_for(0)["enemies"] if e["uid"] == "main"][0]["dv"] == 11


def test_ca_154_arawn_starts_in_his_lair_when_no_depths_space_has_a_shadow_near():
    """CA-154 (plan 2.4.3): with shadows only far from the depths, Arawn appears in the Pale Court."""
    g, _ = act2("arawn", shadows=["fennick", "millford"], positions={"gareth": "caer_aldon"})
    assert main_of(g).space == LAIR["arawn"] and g.state.main_dv_bonus == 0


def test_ca_154_arawns_start_tie_is_chosen_by_the_players():
    """CA-154 (plan 2.4.3): shadows on Cairnfield and Westwold put one shadow within a route of the
    Glimmer Caves and of the Echoing Deep: the initiative winner chooses."""
    g, _ = act2("arawn", shadows=["cairnfield", "westwold"], positions={"gareth": "caer_aldon"})
    d = g.pending()
    assert d.kind == "space" and set(d.option_ids) == {"space:glimmer_caves", "space:echoing_deep"}
    g.choose(d.seat, "space:echoing_deep")
    assert main_of(g).space == "echoing_deep" and g.pending().kind == "action"


def test_ca_154_morrigan_appears_among_the_most_champions():
    """CA-154 (plan 2.4.3): two of three champions stand on Ashby Cross: Morrigan appears there.
    Five shadows give +1 AV (5 // 4)."""
    g, _ = act2("morrigan", champions=("gareth", "elin", "tamsin"),
                positions={"gareth": "ashby_cross", "elin": "ashby_cross", "tamsin": "glasmere"},
                shadows=["fennick", "millford", "grey_downs", "saltmarsh", "ravenscar"])
    assert main_of(g).space == "ashby_cross"
    assert g.view_for(0)["main_enemy"]["act2"]["av"] == 11 and g.state.main_av_bonus == 1


def test_ca_154_morrigan_starts_on_her_lair_on_a_tie():
    """CA-154 (plan 2.4.3 "ties: the lair"): one champion on each of two spaces."""
    g, _ = act2("morrigan", champions=("gareth", "elin"), positions={"gareth": "ashby_cross", "elin": "glasmere"})
    assert main_of(g).space == LAIR["morrigan"] and g.state.main_av_bonus == 0


# ---- the main enemy in Act 2 (CA-155 to CA-157, G-38) ----------------------------------------------------


def test_ca_155_g_38_the_dragon_flies_one_step_toward_the_nearest_capital_then_breathes_fire():
    """CA-155, G-38, G-42: the Dragon does not move during the round; at its end it moves one step
    along surface routes toward the nearest capital (from Wyrmscar Tor two steps tie: the
    players choose), and its standee shows where. Fire: Elin there fails her speed test
    (1 + 5 = 6 < 7) and loses 2 life; Gareth, elsewhere, is not tested."""
    g, _ = act2(champions=("gareth", "elin"), positions={"gareth": "caer_aldon", "elin": "carrow_cross"},
                dice=[1])
    before = nearest_capital("wyrmscar_tor")
    d, events = play(g, until=lambda d: d.kind == "space")
    assert main_of(g).space == "wyrmscar_tor"  # it has not moved during the action and combat phases
    steps = {s for s in MAP.neighbours("wyrmscar_tor", "surface") if nearest_capital(s) == before - 1}
    assert {o.split(":")[1] for o in d.option_ids} == steps == {"bleakwater_mere", "carrow_cross"}
    assert d.seat == g.state.initiative[0]
    events = g.choose(d.seat, "space:carrow_cross")
    assert main_of(g).space == "carrow_cross"
    assert [e for e in g.view_for(0)["enemies"] if e["uid"] == "main"][0]["space"] == "carrow_cross"
    tests = [e for e in events if e.kind == "test"]
    assert [t.data["champion"] for t in tests] == ["elin"] and not tests[0].data["passed"]
    assert g.state.champion("elin").life == 10 - 2 and g.state.champion("gareth").life == 13
    assert sum(1 for e in events if e.rule == "G-38" and e.data.get("enemy") == "main") == 1
    assert g.state.round == 2


def test_ca_130_g_42_the_dragon_ending_a_round_on_a_capital_defeats_the_champions():
    """CA-130, G-42, G-38 (plan 2.4.3): from Fennick the only step toward a capital is Caer Aldon,
    taken without a question. In the order of G-42: the move, the Fire on Gareth there (6 + 4 =
    10 >= 7, passed), then his Poison (1 life at the end of each round), then the defeat
    condition: the Dragon ends the round on a capital, and the champions lose."""
    g, _ = act2(positions={"gareth": "caer_aldon"}, banes={"gareth": ["poison"]}, dice=[6])
    main_of(g).space = "fennick"
    fresh(g)
    asked: list = []
    _, events = play(g, policy=recorder(asked))
    assert not [q for q in asked if q.kind == "space"]
    move = index(events, lambda e: e.rule == "G-38" and e.data.get("enemy") == "main")
    fire = index(events, lambda e: e.kind == "test")
    poison = index(events, lambda e: e.kind == "wound" and e.rule == "CA-178")
    end = index(events, lambda e: e.kind == "end")
    assert move < fire < poison < end
    assert events[move].data["space"] == "caer_aldon" and events[fire].data["passed"]
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130" and g.state.round == 1
    assert g.outcome().winners == ()
    ending_checks(g, events, "defeat")


def test_ca_155_g_38_arawns_wild_hunt_then_one_step_below_toward_the_nearest_champion():
    """CA-155, G-38 (plan 2.4.3): at the end of the round a random enemy appears on Arawn's space
    and a random shadow falls; then Arawn moves one underground step toward Gareth in the Root
    Halls (Pale Court -> Bone Stair, the only first step of the shortest way below)."""
    g, _ = act2("arawn", positions={"gareth": "root_halls"})
    assert main_of(g).space == "pale_court"
    shadows = len(g.state.shadows)
    _, events = play(g, until=next_round(g))
    hunt = [e for e in events if e.rule == "G-38"]
    assert [e.kind for e in hunt] == ["enemy", "shadow", "enemy"]
    assert hunt[0].data["space"] == "pale_court" and hunt[2].data == {"enemy": "main", "space": "bone_stair"}
    assert len(g.state.shadows) == shadows + 1
    assert main_of(g).space == "bone_stair"
    assert [e.space for e in g.state.enemies if e.uid != "main"] == ["pale_court"]


@pytest.mark.parametrize("where", ["caer_aldon", "pale_court"])
def test_g_38_arawn_stays_when_no_champion_is_reachable_below_or_one_shares_his_space(where):
    """G-38 (plan 2.4.3): Gareth on Caer Aldon (no underground route) cannot be reached below, and
    Gareth in the Pale Court already shares Arawn's space: in both cases Arawn stays (the Wild
    Hunt still comes)."""
    g, _ = act2("arawn", positions={"gareth": where})
    events = run_steps(g, "act2_round_end")
    assert main_of(g).space == "pale_court"
    assert [e.kind for e in events if e.rule == "G-38"] == ["enemy", "shadow"]


def test_ca_155_g_38_morrigan_flies_to_the_champion_with_the_lowest_will():
    """CA-155, G-38 (plan 2.4.3): Morrigan (on her lair after a tie) moves at the end of the round to
    the space of the champion with the lowest will: Gareth, with 3 against Elin's 5."""
    g, _ = act2("morrigan", champions=("gareth", "elin"),
                positions={"gareth": "caer_aldon", "elin": "glasmere"})
    g.state.champion("gareth").will = 3
    _, events = play(g, until=next_round(g))
    assert main_of(g).space == "caer_aldon"
    assert [e.data.get("space") for e in events if e.rule == "G-38"] == ["caer_aldon"]


def test_g_38_morrigans_tie_on_will_goes_by_initiative_order():
    """G-38 (plan 2.4.3 "ties: initiative order"): equal will, so Elin (first in initiative)."""
    g, _ = act2("morrigan", champions=("gareth", "elin"), positions={"gareth": "caer_aldon", "elin": "glasmere"})
    assert g.state.initiative[0] == 1
    play(g, until=next_round(g))
    assert main_of(g).space == "glasmere"


def test_ca_156_the_main_enemy_is_fought_like_an_enemy_by_champions_on_its_space():
    """CA-156, CA-077, G-21: Gareth on Wyrmscar Tor must fight the Dragon in the combat phase:
    attack 6 + 6 = 12 against DV 10 deals 2; defence 3 + 4 = 7 against AV 11 costs 4 life (the
    Act 1 wilderness +1 AV no longer applies); after his retreat the damage stays on the Dragon."""
    g, _ = act2(positions={"gareth": "wyrmscar_tor"}, dice=[6, 3])

    def policy(d):
        if d.kind == "retreat":
            return [o for o in d.option_ids if o.startswith("retreat:")][0]
        return None

    _, events = play(g, until=lambda d: d.kind == "space", policy=policy)
    assert any(e.rule == "CA-077" and "Wyrmscar Tor" in e.text for e in events)
    attack = [e for e in events if e.kind == "attack"][0]
    defence = [e for e in events if e.kind == "defence"][0]
    assert (attack.data["enemy"], attack.data["dv"], attack.data["damage"]) == ("main", 10, 2)
    assert (defence.data["av"], defence.data["damage"]) == (11, 4)
    assert g.state.champion("gareth").life == 13 - 4
    assert main_of(g).damage == 2
    assert [e for e in g.view_for(0)["enemies"] if e["uid"] == "main"][0]["life"] == g.state.main_life - 2


def test_ca_157_an_ability_that_affects_enemies_affects_the_main_enemy():
    """CA-157: Gareth's unique action (Sudden Strike: an ambush on an enemy on his space) may
    target the Dragon: one attack test, 6 + 6 = 12 against DV 10, 2 damage, no defence.
    (No card in the content lowers an enemy's DV, so the closest real effect on "an enemy"
    is used.)"""
    g, _ = act2(positions={"gareth": "wyrmscar_tor"}, dice=[6])
    events = g.choose(0, "unique")
    _, more = play(g, until=lambda d: d.kind == "action")
    events += more
    attack = [e for e in events if e.kind == "attack"]
    assert [(e.data["enemy"], e.data["damage"]) for e in attack] == [("main", 2)]
    assert not [e for e in events if e.kind == "defence"]
    assert main_of(g).damage == 2


# ---- who may enter Act 2 (CA-158) -------------------------------------------------------------------------


def _wolf_winter_at(round_: int) -> Game:
    """Elin (life 2) on the Sedge Fens is killed by Wolf Winter in the event phase of ``round_``."""
    g = scenario(champions=["gareth", "elin"], positions={"gareth": "caer_aldon", "elin": "sedge_fens"}, dice=[6, 6])
    g.state.round = g.state.fate = round_
    g.state.champion("elin").life = 2
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    on_top(g.state.world_decks["wilderness"], "the_hare_stone")  # no failure part
    on_top(g.state.event_deck, "wolf_winter")
    return g


def test_ca_158_a_champion_fallen_in_act_1_round_5_is_replaced_at_the_start_of_act_2():
    """CA-158, CA-128: Elin falls in the event phase of Act 1 round 5; after the flip, her player
    may choose a new champion, who enters Act 2 at its starting space."""
    g = _wolf_winter_at(5)
    d, events = play(g, until=lambda d: d.kind == "champion" or (d.kind == "action" and g.state.act == 2))
    assert any(e.kind == "defeat" and e.data.get("champion") == "elin" for e in events)
    assert d.kind == "champion" and d.seat == 1 and g.state.act == 2 and g.state.round == 1
    assert main_of(g) is not None  # after the flip (G-05)
    assert "decline" in d.option_ids and "champion:elin" not in d.option_ids
    g.choose(1, "champion:tamsin")
    assert g.state.players[1].champion == "tamsin"
    assert g.state.champion("tamsin").space == CONTENT.champions["tamsin"].start
    assert 1 in g.state.initiative


def test_ca_158_no_new_champion_in_act_2_for_a_champion_fallen_earlier():
    """CA-158: Elin falls in Act 1 round 4; her player declines a new champion in round 5, and is
    not asked again when Act 2 begins."""
    g = _wolf_winter_at(4)
    d, _ = play(g, until=lambda d: d.kind == "champion")
    assert g.state.round == 5 and g.state.act == 1
    g.choose(1, "decline")
    asked: list = []
    play(g, until=lambda d: d.kind == "action" and g.state.act == 2, policy=recorder(asked))
    assert not [q for q in asked if q.kind == "champion"]
    assert g.state.players[1].champion == "" and g.state.initiative == [0]


def test_ca_158_ca_129_no_new_champion_for_a_champion_fallen_in_act_2():
    """CA-158, CA-129: Elin (life 2) fails the Dragon's Fire in Act 2 round 1 and falls; her player
    has lost and is offered no champion in round 2."""
    g, _ = act2(champions=("gareth", "elin"), positions={"gareth": "caer_aldon", "elin": "carrow_cross"}, dice=[1])
    g.state.champion("elin").life = 2
    asked: list = []
    play(g, until=next_round(g), policy=recorder(asked, lambda d: "space:carrow_cross" if d.kind == "space" else None))
    assert g.state.round == 2 and g.state.players[1].champion == "" and g.state.players[1].lost
    assert not [q for q in asked if q.kind == "champion"]
    assert g.state.initiative == [0]


# ---- quest tokens (CA-159) --------------------------------------------------------------------------------


def test_ca_159_quest_tokens_are_not_spent_in_act_1():
    """CA-159: in an Act 1 fight, a champion holding quest tokens is not offered to spend them."""
    g = scenario(positions={"gareth": "caer_aldon"}, enemies=[{"card": "hollow_knight", "space": "caer_aldon"}])
    g.state.champion("gareth").quest_tokens = 2
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    asked: list = []
    _, events = play(g, until=lambda d: d.kind == "action" and g.state.round == 2, policy=recorder(asked))
    assert any(e.kind == "attack" for e in events)
    assert not [q for q in asked if q.kind == "quest_token"]
    assert g.state.champion("gareth").quest_tokens == 2


def test_ca_159_quest_tokens_have_no_use_in_act_2_away_from_the_main_enemy():
    """CA-159: in Act 2, Gareth holding a token fights a Barrow Wight away from the Dragon: the
    Dragon's side gives tokens no use there, so none is offered."""
    g, _ = act2(positions={"gareth": "sedge_fens"}, enemies=[{"card": "barrow_wight", "space": "sedge_fens"}])
    g.state.champion("gareth").quest_tokens = 1
    asked: list = []
    _, events = play(g, until=lambda d: d.kind in ("space", "retreat"), policy=recorder(asked))
    assert any(e.kind == "attack" for e in events)
    assert not [q for q in asked if q.kind == "quest_token"] and g.state.champion("gareth").quest_tokens == 1


def test_ca_159_the_dragon_side_spend_gives_minus_2_dv_for_one_combat_round():
    """CA-159 (plan 2.4.3): on the Dragon's space, Gareth spends a token before the rolls: his
    attack 4 + 6 = 10 meets DV 8, 2 damage (0 against DV 10). In the next combat round the DV is
    10 again and, with no token left, nothing is offered."""
    g, _ = act2(positions={"gareth": "wyrmscar_tor"}, dice=[4, 6, 4, 6])
    g.state.champion("gareth").quest_tokens = 1
    d, _ = play(g, until=lambda d: d.kind == "quest_token")
    assert set(d.option_ids) == {"token:dv", "token:none"}
    events = g.choose(0, "token:dv")
    asked: list = []
    _, more = play(g, until=lambda d: d.kind == "space", policy=recorder(asked))
    events += more
    attacks = [(e.data["dv"], e.data["damage"]) for e in events if e.kind == "attack"]
    assert attacks[:2] == [(8, 2), (10, 0)]
    assert g.state.champion("gareth").quest_tokens == 0
    assert not [q for q in asked if q.kind == "quest_token"]


def test_ca_159_arawns_side_spend_removes_an_ordinary_enemy_from_his_space():
    """CA-159 (plan 2.4.3): on Arawn's space a token removes one ordinary enemy there (its card goes
    back into the enemy deck); a more dangerous enemy there cannot be chosen."""
    g, _ = act2("arawn", positions={"gareth": "pale_court"},
                enemies=[{"card": "ash_imp", "space": "pale_court"}, {"card": "grey_mare", "space": "pale_court"}])
    g.state.champion("gareth").quest_tokens = 1
    imp = next(e for e in g.state.enemies if e.card == "ash_imp")
    d, _ = play(g, until=lambda d: d.kind == "quest_token")
    assert set(d.option_ids) == {f"token:remove:{imp.uid}", "token:none"}
    g.choose(0, f"token:remove:{imp.uid}")
    assert g.state.enemy(imp.uid) is None and "ash_imp" in g.state.enemy_deck and "ash_imp" not in g.state.camp
    assert g.state.champion("gareth").quest_tokens == 0


def test_ca_159_morrigans_side_spend_ignores_terror_or_restores_will():
    """CA-159, CA-193 (plan 2.4.3): Morrigan's Terror costs 1 will on a failed defence; a token spent
    first makes Gareth ignore it this combat round (defence 1 + 4 = 5 < 10: life lost, will
    kept). The other use restores 2 will."""
    g, _ = act2("morrigan", positions={"gareth": "ashby_cross"}, dice=[1, 1, 1, 1])
    g.state.champion("gareth").quest_tokens = 2
    d, _ = play(g, until=lambda d: d.kind == "quest_token")
    assert set(d.option_ids) == {"token:terror", "token:will", "token:none"}
    g.choose(0, "token:terror")
    d, events = play(g, until=lambda d: d.kind == "retreat")
    gareth = g.state.champion("gareth")
    assert gareth.will == 5 and gareth.life == 13 - 5
    assert not [e for e in events if e.kind == "will"]
    g.choose(0, "stay")
    d, _ = play(g, until=lambda d: d.kind == "quest_token")
    gareth.will = 2
    events = g.choose(0, "token:will")
    assert gareth.will == 4 and gareth.quest_tokens == 0


def test_ca_193_morrigans_act_2_terror_costs_will_on_a_failed_defence():
    """CA-193 (plan 2.4.3): without a token, Gareth's failed defence (1 + 4 = 5 < 10) against
    Morrigan costs 5 life and, by her Act 2 ability Terror, 1 will."""
    g, _ = act2("morrigan", positions={"gareth": "ashby_cross"}, dice=[1, 1])
    _, events = play(g, until=lambda d: d.kind == "retreat")
    gareth = g.state.champion("gareth")
    assert gareth.life == 13 - 5 and gareth.will == 5 - 1
    assert [e.rule for e in events if e.kind == "will"] == ["CA-109"]



# ---- defeat conditions of the Act 2 side (CA-130, plan 2.4.3) ---------------------------------------------


@pytest.mark.parametrize("waiting,lost", [(3, True), (2, False)])
def test_ca_130_four_enemies_around_arawn_at_the_end_of_a_round(waiting, lost):
    """CA-130 (plan 2.4.3): Gareth on Caer Aldon cannot be reached below, so Arawn stays; the Wild
    Hunt adds one enemy to those waiting in the Pale Court. Four (Arawn not counted) at the end
    of the round defeat the champions; three do not."""
    enemies = [{"card": c, "space": "pale_court"} for c in ["ash_imp", "barrow_wight", "deserter"][:waiting]]
    g, _ = act2("arawn", positions={"gareth": "caer_aldon"}, enemies=enemies)
    _, events = play(g, until=next_round(g))
    around = [e for e in g.state.enemies if e.space == "pale_court" and e.uid != "main"]
    assert len(around) == waiting + 1
    if lost:
        assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
        ending_checks(g, events, "defeat")
    else:
        assert not g.state.outcome and g.state.round == 2


@pytest.mark.parametrize("wills,lost", [((1, 2), True), ((2, 2), False)])
def test_ca_130_morrigan_wins_when_the_champions_will_runs_low(wills, lost):
    """CA-130 (plan 2.4.3): at the end of a round the surviving champions' total will is below
    2 x C = 4 (1 + 2 = 3): they lose. A total of exactly 4 is not below."""
    g, _ = act2("morrigan", champions=("gareth", "elin"), positions={"gareth": "caer_aldon", "elin": "glasmere"})
    g.state.champion("gareth").will, g.state.champion("elin").will = wills
    _, events = play(g, until=next_round(g))
    if lost:
        assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
        ending_checks(g, events, "defeat")
    else:
        assert not g.state.outcome and g.state.round == 2


def test_ca_130_darkness_falls_in_act_2_when_the_wild_hunt_finds_no_shadow():
    """CA-130 (plan 2.4.3, the condition on every side): Arawn's Wild Hunt must place a random
    shadow and the supply is empty: the champions lose at once."""
    g, _ = act2("arawn", positions={"gareth": "caer_aldon"})
    g.state.shadow_supply = []
    _, events = play(g)
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
    assert "darkness falls" in g.state.end_reason
    ending_checks(g, events, "defeat")


# ---- the end of the game (CA-160 to CA-162, CA-028, CA-195) --------------------------------------------


def test_ca_160_g_38_victory_after_the_last_strike_and_its_victim_is_no_winner():
    """CA-160, G-38, CA-086, CA-028: the Dragon has 1 life left. Elin misses (1 + 3 = 4), Gareth
    strikes 6 + 6 = 12 against DV 10: it falls, but the combat round is finished: its last strike,
    aimed at Elin (life 1), is defended with 1 + 6 = 7 against AV 11 and kills her. Then the game
    ends in victory; only Gareth's player wins."""
    g, _ = act2(champions=("gareth", "elin"), positions={"gareth": "wyrmscar_tor", "elin": "wyrmscar_tor"},
                dice=[1, 6, 1])
    main_of(g).damage = g.state.main_life - 1
    g.state.champion("elin").life = 1
    _, events = play(g, policy=lambda d: "champion:elin" if d.kind == "defender" else None)
    falls = index(events, lambda e: e.rule == "CA-123" and e.data.get("enemy") == "main")
    strike = index(events, lambda e: e.kind == "defence")
    killed = index(events, lambda e: e.kind == "defeat" and e.data.get("champion") == "elin")
    end = index(events, lambda e: e.kind == "end")
    assert falls < strike < killed < end
    assert events[strike].data == {"champion": "elin", "enemy": "main", "total": 7, "av": 11, "damage": 4}
    assert g.state.outcome == "victory" and g.state.end_rule == "CA-160"
    assert g.outcome().winners == (0,)
    assert main_of(g) is None
    ending_checks(g, events, "victory")


def _last_will_blow(champions=("gareth", "elin"), positions=None):
    """The Dragon on Wyrmscar Tor with 2 life left; Gareth (will 1) attacks first and misses
    (1 + 6 = 7 against DV 10); his reroll question is pending."""
    g, _ = act2(champions=champions, positions=positions or {c: "wyrmscar_tor" for c in champions}, dice=[1, 6, 6])
    main_of(g).damage = g.state.main_life - 2
    g.state.champion("gareth").will = 1
    d, _ = play(g, until=lambda d: d.kind == "reroll",
                policy=lambda d: "champion:gareth" if d.kind == "attack_order" else None)
    assert d.seat == 0 and d.rule == "CA-093" and "defeats Gareth" in d.option("reroll").label
    return g, d


def test_ca_093_ca_160_a_reroll_for_the_last_will_can_land_the_last_blow_and_win():
    """CA-093, CA-160, CA-129 (rules.md "Will rerolls"): the reroll bought with Gareth's last
    will still counts: 6 + 6 = 12 against DV 10 fells the Dragon. Gareth then loses heart and
    is defeated (his player loses, Act 2); the round is finished (the Dragon's last strike,
    defended by Elin with 6 + 6 = 12 against AV 11), and the game is won for Elin's player only."""
    g, d = _last_will_blow()
    events = g.choose(0, "reroll")
    _, more = play(g)
    events += more
    falls = index(events, lambda e: e.rule == "CA-123" and e.data.get("enemy") == "main")
    gareth = index(events, lambda e: e.rule == "CA-126" and e.data.get("champion") == "gareth")
    strike = index(events, lambda e: e.kind == "defence")
    end = index(events, lambda e: e.kind == "end")
    assert falls < gareth < strike < end
    assert events[strike].data["champion"] == "elin" and events[strike].data["damage"] == 0
    assert g.state.players[0].lost and g.state.players[0].champion == ""
    assert g.state.outcome == "victory" and g.state.end_rule == "CA-160"
    assert g.outcome().winners == (1,)


def test_ca_093_ca_131_a_lone_champion_s_last_will_fells_the_main_enemy_but_nobody_is_left_to_win():
    """CA-093, CA-131, CA-160: alone, Gareth's last-will reroll still fells the Dragon, but he is
    then defeated and no champion survives: p.6 makes only surviving champions winners, so the
    game ends with every champion fallen, in defeat, and nobody wins."""
    g, d = _last_will_blow(("gareth",))
    g.choose(0, "reroll")
    assert g.pending() is None
    assert g.state.outcome == "defeat" and g.outcome().winners == ()


def test_ca_093_d12_the_ai_pays_its_last_will_only_for_a_blow_that_can_win_the_game():
    """CA-093, D-12: the normal AI, from Gareth's view, pays his last will to reroll a miss on the
    Dragon (2 life left; a 6 fells it) only when that can win the game and gives nothing up:
    Elin, in play elsewhere, would be the winner, and Gareth, alone with the Dragon at 4 life,
    would more likely than not fall to its strike (AV 11 against his die + 4) anyway. At full
    life he keeps his will for the next combat rounds; with Elin beside him he keeps it (she
    fights on and may take the strike); alone in the game he keeps it (nobody would win)."""
    from game.rulesets.champions_of_albion import ai

    apart = {"gareth": "wyrmscar_tor", "elin": "caer_aldon"}
    g, d = _last_will_blow(positions=apart)
    view = g.view_for(0)
    assert view["deciding_enemy"] == "main"
    assert ai.choose(view, d) == ("keep",)  # 13 life: he would live to attack again
    g.state.champion("gareth").life = 4
    fresh(g)
    assert ai.choose(g.view_for(0), g.pending()) == ("reroll",)
    together, _ = _last_will_blow()
    together.state.champion("gareth").life = 4
    fresh(together)
    assert ai.choose(together.view_for(0), together.pending()) == ("keep",)
    alone, _ = _last_will_blow(("gareth",))
    alone.state.champion("gareth").life = 4
    fresh(alone)
    assert ai.choose(alone.view_for(0), alone.pending()) == ("keep",)


@pytest.mark.parametrize("main", ["dragon", "arawn", "morrigan"])
def test_ca_160_ca_195_defeating_each_main_enemy_wins_and_reads_its_own_victory_ending(main):
    """CA-160, CA-195, CA-028: Gareth on the main enemy's space deals the last point of its life
    (6 + 6 = 12 against DV 10 or 9); after the round the game is won, Gareth's player wins, and
    that main enemy's own victory ending is read."""
    space = {"dragon": "wyrmscar_tor", "arawn": "pale_court", "morrigan": "ashby_cross"}[main]
    g, _ = act2(main, positions={"gareth": space}, dice=[6, 6])
    assert main_of(g).space == space
    main_of(g).damage = g.state.main_life - 1
    _, events = play(g)
    assert g.state.outcome == "victory" and g.state.end_rule == "CA-160"
    assert g.outcome().winners == (0,)
    ending_checks(g, events, "victory")


@pytest.mark.parametrize("main", ["dragon", "arawn", "morrigan"])
def test_ca_161_cat_33_g_42_time_runs_out_at_the_end_of_act_2_round_5(main):
    """CAT-33, CA-161, G-42, CA-195, CA-028: in Act 2 round 5 the main enemy still has life and
    no condition is met; its end-of-round behaviour and Gareth's Poison still happen, then the
    champions lose by time, and this main enemy's own defeat ending is read."""
    g, _ = act2(main, positions={"gareth": "caer_aldon"}, banes={"gareth": ["poison"]})
    g.state.round = g.state.fate = 5  # the written position: Act 2, round 5
    main_of(g).damage = 1
    main_of(g).space = LAIR[main]  # Morrigan started on Gareth's space; she is elsewhere now
    fresh(g)
    _, events = play(g)
    behaviour = index(events, lambda e: e.rule == "G-38")
    poison = index(events, lambda e: e.kind == "wound" and e.rule == "CA-178")
    end = index(events, lambda e: e.kind == "end")
    assert behaviour < poison < end
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-161"
    assert g.outcome().winners == ()
    ending_checks(g, events, "defeat")


def test_ca_161_g_42_a_condition_met_in_round_5_is_checked_before_time():
    """CA-161 (G-42 steps 3 and 4): in round 5 the Dragon reaches Caer Aldon: the loss is by its
    defeat condition (CA-130), checked before the end of the fifth round; either way the
    Dragon's defeat ending is read."""
    g, _ = act2(positions={"gareth": "glasmere"})
    g.state.round = g.state.fate = 5
    main_of(g).space = "fennick"
    fresh(g)
    _, events = play(g)
    assert g.state.end_rule == "CA-130" and not any(e.rule == "CA-161" for e in events)
    ending_checks(g, events, "defeat")


def test_ca_161_the_game_goes_on_before_round_5_ends():
    """CA-161, CA-026: at the end of Act 2 round 4 with the main enemy alive and no condition met,
    round 5 begins."""
    g, _ = act2("morrigan", positions={"gareth": "caer_aldon"})
    g.state.round = g.state.fate = 4
    main_of(g).space = LAIR["morrigan"]
    fresh(g)
    play(g, until=next_round(g))
    assert not g.state.outcome and (g.state.act, g.state.round, g.state.fate) == (2, 5, 5)


def test_ca_162_the_main_enemy_defeating_every_champion_ends_the_game_in_defeat():
    """CA-162, CA-028: Gareth alone (life 1) misses the Dragon (1 + 6 = 7) and fails his defence
    (1 + 4 = 5 against AV 11): he falls, no champion is left, and the game is lost at once."""
    g, _ = act2(positions={"gareth": "wyrmscar_tor"}, dice=[1, 1])
    g.state.champion("gareth").life = 1
    _, events = play(g)
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-162"
    assert g.state.round == 1 and main_of(g).damage == 0
    assert g.outcome().winners == ()
    ending_checks(g, events, "defeat")


def test_ca_162_the_game_goes_on_while_one_champion_stands():
    """CA-162: with two champions, Elin's fall to the Dragon does not end the game."""
    g, _ = act2(champions=("gareth", "elin"), positions={"gareth": "caer_aldon", "elin": "wyrmscar_tor"},
                dice=[1, 1])
    g.state.champion("elin").life = 1
    play(g, until=lambda d: d.kind == "space")
    assert g.state.players[1].champion == "" and not g.state.outcome


# ---- the two sides of the main enemy card (CA-192, CA-193) ------------------------------------------------

ACT1_BONUS = {"dragon": ("wilderness", "sedge_fens", "av"), "arawn": ("depths", "glimmer_caves", "dv"),
              "morrigan": ("country", "fennick", "av")}


@pytest.mark.parametrize("main", ["dragon", "arawn", "morrigan"])
def test_ca_192_ca_193_the_act_1_side_ability_applies_in_act_1_only(main):
    """CA-192, CA-193 (plan 2.4.3): both sides of the card are public; the Act 1 side's combat
    ability (+1 AV or DV for enemies on one space kind) applies in Act 1 and no longer once the
    card is flipped."""
    kind, space, stat = ACT1_BONUS[main]
    assert MAP.spaces[space].kind == kind
    card = CONTENT.enemies["barrow_wight"]
    printed = {"dv": card.dv, "av": card.av}[stat]
    g = scenario(main_enemy=main, positions={"gareth": "caer_aldon"},
                 enemies=[{"card": "barrow_wight", "space": space}, {"card": "ash_imp", "space": "caer_aldon"}])
    side = g.view_for(0)["main_enemy"]
    assert side["act1"]["combat_ability"] == CONTENT.main_enemies[main].act1.combat_ability
    assert side["act2"]["behaviour"] == CONTENT.main_enemies[main].act2.behaviour and not side["on_map"]

    def wight(game):
        return next(e for e in game.view_for(0)["enemies"] if e["card"] == "barrow_wight")

    imp = next(e for e in g.view_for(0)["enemies"] if e["card"] == "ash_imp")
    assert wight(g)[stat] == printed + 1
    assert (imp["dv"], imp["av"]) == (CONTENT.enemies["ash_imp"].dv, CONTENT.enemies["ash_imp"].av)
    run_steps(g, "act2_start")
    fresh(g)
    if g.pending().kind == "space":
        g.choose(g.pending().seat, g.pending().option_ids[0])
    assert g.state.act == 2 and g.view_for(0)["main_enemy"]["on_map"]
    assert wight(g)[stat] == printed


@pytest.mark.parametrize("act,av", [(1, 7), (2, 6)])
def test_ca_193_the_dragons_act_1_ability_in_a_fight(act, av):
    """CA-193: a Barrow Wight (AV 6) on the Sedge Fens strikes Gareth, whose defence is 1 + 4 = 5.
    In Act 1 the Dragon's wilderness ability makes it AV 7 (2 damage); in Act 2 it is AV 6
    (1 damage)."""
    g = scenario(positions={"gareth": "sedge_fens"}, enemies=[{"card": "barrow_wight", "space": "sedge_fens"}],
                 dice=[1, 1])
    if act == 2:
        run_steps(g, "act2_start")
    assert g.state.act == act
    _, events = play(g, until=lambda d: d.kind == "retreat")
    defence = [e for e in events if e.kind == "defence"][0]
    assert (defence.data["total"], defence.data["av"], defence.data["damage"]) == (5, av, av - 5)
    assert g.state.champion("gareth").life == 13 - (av - 5)
