"""Champions of Albion rules in play: the story phase (3.9, CA-132 to CA-149), the event
phase (3.10, CA-150 to CA-153), the main enemy's Act 1 side (CA-192 to CA-194) and the
hidden story outcomes (section 7, CA-138).

Every test plays a real game: a written position (``Game.from_scenario``) with fixed dice,
then choices through ``Game.choose``; decks are stacked by moving a named card to the top
of its pile (the position is written, the rules are not touched). Dice are consumed in
order by every roll: initiative ties, story tests, attacks and defences.

Champion values used below (content/champions.toml):
- Gareth: strength 4, speed 2, intuition 0, perception 2, persuasion 1, resolve 3; bearded
  axe (+2 strength), ringmail coat (+2 speed); passive +1 attack against treasure >= 3.
- Elin: strength 2, speed 4, perception 4, intuition 1, persuasion 1, resolve 1; yew
  longbow (+1 strength, +1 speed); passive +1 defence on wilderness spaces.
With both in play Elin (speed 5) wins the initiative over Gareth (speed 4), with no roll.
"""

from __future__ import annotations

import json
import random

import pytest

from game.core.events import EventLog
from game.core.game import Game
from game.rulesets.champions_of_albion.context import FLOW, Ctx, half
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion
from tests.champions_of_albion.story_helpers import DEFAULTS, answer, fresh, on_top, play, scenario  # noqa: F401

SYSTEM = ChampionsOfAlbion()
CONTENT = SYSTEM.content
MAP = CONTENT.map


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


def draws(events):
    """The story draws (CA-133) as (champion, card)."""
    return [(e.data["champion"], e.data["card"]) for e in events if e.rule == "CA-133" and e.kind == "story"
            and "card" in e.data]


def next_round(g: Game, act: int = 1, round_: int = 1):
    """Stop at the first action-phase question after Act ``act`` round ``round_`` (the round of
    the written positions below), or at the end of the game."""
    return lambda d: d.kind == "action" and (g.state.act, g.state.round) != (act, round_)


def recorder(seen: list, policy=None):
    """A policy that records every question it is asked, then answers as ``policy`` says."""
    def ask(d):
        seen.append(d)
        return policy(d) if policy else None
    return ask


def story(card_id: str):
    return CONTENT.stories.get(card_id) or CONTENT.quests[card_id]


def outcome_texts(card_id: str) -> list[str]:
    return [o.text for part in story(card_id).parts for o in part.outcomes()]


def seen_by_anyone(g: Game, text: str) -> bool:
    """Whether a text is in any seat's view."""
    needle = json.dumps(text)[1:-1]
    return any(needle in json.dumps(g.view_for(s)) for s in range(g.seats))


# ---- 3.9 the story phase ---------------------------------------------------------------------------


def test_ca_132_the_story_phase_follows_the_combat_phase():
    """CA-132: the combat phase is fought out first; only then does the story phase begin."""
    g = scenario(enemies=[{"card": "ash_imp", "space": "caer_aldon"}], dice=[6, 6, 6])
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    _, events = play(g, until=next_round(g))
    combat = index(events, lambda e: e.rule == "CA-077")
    over = index(events, lambda e: e.rule == "CA-079")
    phase = index(events, lambda e: e.rule == "CA-132")
    draw = index(events, lambda e: e.rule == "CA-133" and e.kind == "story")
    assert combat < over < phase < draw
    # The imp fell in the combat phase (treasure 1), then the story paid its 2 gold.
    assert not [e for e in g.state.enemies if e.space == "caer_aldon"] and "ash_imp" in g.state.enemy_deck
    assert [e.data["amount"] for e in events if e.kind == "gold"] == [1, 2]


def test_ca_133_each_champion_draws_exactly_one_story_in_initiative_order():
    """CA-133: three champions on capitals draw the top three capital cards, one each, in the
    initiative order (Elin, Tamsin, Gareth: clockwise from Elin, who won the initiative)."""
    g = scenario(champions=["gareth", "elin", "tamsin"],
                 positions={"gareth": "caer_aldon", "elin": "dun_corra", "tamsin": "glasmere"})
    assert g.state.initiative == [1, 2, 0]
    deck = g.state.world_decks["capital"]
    for card in reversed(["the_tithe_reeve", "the_counterfeit_crowns", "the_false_relic_seller"]):
        on_top(deck, card)
    _, events = play(g, until=next_round(g))
    assert draws(events) == [("elin", "the_tithe_reeve"), ("tamsin", "the_counterfeit_crowns"),
                             ("gareth", "the_false_relic_seller")]


def test_ca_134_the_story_deck_is_the_world_deck_of_the_space_kind():
    """CA-134: on a capital, country, wilderness and depths space each champion draws the top
    card of that kind's world deck."""
    spaces = {"gareth": "caer_aldon", "tamsin": "ashby_cross", "elin": "sedge_fens", "ysolde": "root_halls"}
    g = scenario(champions=list(spaces), positions=spaces)
    tops = {"capital": "the_tithe_reeve", "country": "the_runaway_bull", "wilderness": "the_scree_run",
            "depths": "the_hidden_door"}
    for kind, card in tops.items():
        on_top(g.state.world_decks[kind], card)
    _, events = play(g, until=next_round(g))
    got = dict(draws(events))
    assert len(draws(events)) == 4
    for cid, space in spaces.items():
        kind = MAP.spaces[space].kind
        assert got[cid] == tops[kind]
        assert CONTENT.stories[got[cid]].deck == kind


def test_ca_135_a_quest_token_offers_the_quest_deck():
    """CA-135: a champion on a quest token space may draw from the quest deck; one on a space
    without a token is not asked and draws from its world deck."""
    g = scenario(champions=["gareth", "elin"], positions={"elin": "sedge_fens", "gareth": "bleakwater_mere"},
                 quest_tokens=["sedge_fens"])
    on_top(g.state.quest_deck, "the_dreaming_hill")
    top_wild = g.state.world_decks["wilderness"][-1]
    d, _ = play(g, until=lambda d: d.kind == "story_deck")
    assert d.seat == 1  # Elin, on the token
    assert set(d.option_ids) == {"deck:quest", "deck:wilderness"}
    asked: list = []
    events = g.choose(1, "deck:quest")
    _, more = play(g, until=next_round(g), policy=recorder(asked))
    events += more
    assert ("elin", "the_dreaming_hill") in draws(events)
    assert CONTENT.quests["the_dreaming_hill"].deck == "dragon"
    assert ("gareth", top_wild) in draws(events)
    assert not [q for q in asked if q.kind == "story_deck"]


def test_ca_136_declining_the_quest_deck_draws_the_world_deck():
    """CA-136: a player who does not want the quest deck draws from the world deck of the space
    kind; the quest deck and the token are untouched."""
    g = scenario(champions=["elin"], positions={"elin": "sedge_fens"}, quest_tokens=["sedge_fens"])
    top_wild = g.state.world_decks["wilderness"][-1]
    quests = list(g.state.quest_deck)
    play(g, until=lambda d: d.kind == "story_deck")
    events = g.choose(0, "deck:wilderness")
    _, more = play(g, until=next_round(g))
    assert draws(events + more) == [("elin", top_wild)]
    assert g.state.quest_deck == quests and g.state.quest_used == []
    assert "sedge_fens" in g.state.quest_tokens


def test_ca_136_a_player_who_cannot_draw_a_quest_draws_the_world_deck():
    """CA-136: with the quest deck exhausted, a champion on a quest token is not offered it and
    draws from its world deck."""
    g = scenario(champions=["elin"], positions={"elin": "sedge_fens"}, quest_tokens=["sedge_fens"])
    g.state.quest_used, g.state.quest_deck = list(g.state.quest_deck), []
    top_wild = g.state.world_decks["wilderness"][-1]
    asked: list = []
    _, events = play(g, until=next_round(g), policy=recorder(asked))
    assert draws(events) == [("elin", top_wild)]
    assert not [q for q in asked if q.kind == "story_deck"]


def test_ca_137_cat_29_an_exhausted_world_deck_gives_no_story():
    """CAT-29, CA-137 (G-29): every depths card is face up and the champion stands on a depths
    space with no quest token: it has no story this phase."""
    g = scenario(positions={"gareth": "root_halls"})
    st = g.state
    st.world_used["depths"], st.world_decks["depths"] = list(st.world_decks["depths"]), []
    used = list(st.world_used["depths"])
    asked: list = []
    _, events = play(g, until=next_round(g), policy=recorder(asked))
    assert draws(events) == []
    assert any(e.rule == "CA-137" for e in events)
    assert st.world_used["depths"] == used and st.story is None
    assert not [q for q in asked if q.kind.startswith("story")]


def test_ca_137_an_exhausted_world_deck_leaves_only_the_quest_deck():
    """CA-137, CA-135 (G-29): on a quest token the exhausted world deck is not offered; the
    quest deck is drawn. With the quest deck exhausted too, there is no story."""
    g = scenario(positions={"gareth": "glimmer_caves"}, quest_tokens=["glimmer_caves"])
    st = g.state
    st.world_used["depths"], st.world_decks["depths"] = list(st.world_decks["depths"]), []
    top_quest = st.quest_deck[-1]
    _, events = play(g, until=next_round(g))
    assert draws(events) == [("gareth", top_quest)]

    g = scenario(positions={"gareth": "glimmer_caves"}, quest_tokens=["glimmer_caves"])
    st = g.state
    st.world_used["depths"], st.world_decks["depths"] = list(st.world_decks["depths"]), []
    st.quest_used, st.quest_deck = list(st.quest_deck), []
    _, events = play(g, until=next_round(g))
    assert draws(events) == [] and any(e.rule == "CA-137" for e in events)


def test_ca_138_a_choice_outcome_is_revealed_only_once_chosen():
    """CA-138 (section 7): while the choice is open, the scene and the choice labels are public
    but neither outcome is in any view, the question or the events; once chosen, only the
    chosen outcome is revealed."""
    g = scenario(positions={"gareth": "ashby_cross"})
    on_top(g.state.world_decks["country"], "the_hedge_wedding")
    d, events = play(g, until=lambda d: d.kind == "story_choice")
    card = CONTENT.stories["the_hedge_wedding"]
    dance, watch = (c.outcome.text for c in card.parts[0].choices)
    view = g.view_for(0)["story"]
    assert view["scene"] == card.parts[0].scene and view["choices"] == [c.label for c in card.parts[0].choices]
    assert view["revealed"] == []
    for text in (dance, watch):
        assert not seen_by_anyone(g, text)
        assert text not in d.prompt and all(text not in o.label + o.detail for o in d.options)
        assert all(text not in e.text for e in events)
    events = g.choose(0, "choice:0")
    assert [e.text for e in events if e.data.get("outcome")] == [dance]
    chosen = index(events, lambda e: e.text.endswith("chooses: " + card.parts[0].choices[0].label))
    assert chosen < index(events, lambda e: e.text == dance)
    assert all(watch not in e.text for e in events) and not seen_by_anyone(g, watch)


def test_ca_138_a_test_outcome_is_revealed_only_after_the_roll():
    """CA-138: after a failed roll, while the player may still spend an aid token, neither the
    success nor the failure text is known; accepting the failure reveals the failure text only."""
    g = scenario(positions={"gareth": "caer_aldon"}, aid={"gareth": [1]}, dice=[3])
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    d, events = play(g, until=lambda d: d.kind == "story_roll")
    part = CONTENT.stories["the_tithe_reeve"].parts[0]
    assert g.view_for(0)["story"]["total"] == 4  # 3 + persuasion 1, against 6
    for text in (part.on_pass.text, part.on_fail.text):
        assert not seen_by_anyone(g, text)
        assert text not in d.prompt and all(text not in o.label for o in d.options)
        assert all(text not in e.text for e in events)
    events = g.choose(0, "accept")
    assert [e.text for e in events if e.data.get("outcome")] == [part.on_fail.text]
    assert all(part.on_pass.text not in e.text for e in events)


@pytest.mark.parametrize("die,second", [(4, True), (3, False)])
def test_ca_139_part_two_follows_only_a_completed_part_one(die, second):
    """CA-139: The Weeping Bell (resolve 7, then intuition 8). Gareth (resolve 3) rolls 4: part 1
    is passed and part 2 is resolved in the same story (intuition 0 + 6 fails; it has no failure
    part, CA-070). Rolling 3 fails part 1: part 2 never happens and is never shown."""
    g = scenario(positions={"gareth": "caer_aldon"}, dice=[die, 6])
    on_top(g.state.world_decks["capital"], "the_weeping_bell")
    _, events = play(g, until=next_round(g))
    card = CONTENT.stories["the_weeping_bell"]
    part2 = [e for e in events if e.text.startswith("Part 2:")]
    finish = index(events, lambda e: e.rule == "CA-146")
    if second:
        assert len(part2) == 1 and events.index(part2[0]) < finish
        assert card.parts[1].scene in part2[0].text
        assert any(e.rule == "CA-070" for e in events)
        assert sum(1 for e in events if e.kind == "roll" and e.data.get("champion") == "gareth") == 2
    else:
        assert part2 == [] and all(card.parts[1].scene not in e.text for e in events)
        assert card.parts[0].on_fail.text in [e.text for e in events]
        assert g.state.champion("gareth").banes  # the failure part's mental bane


def test_ca_139_a_choice_that_does_not_complete_part_one_ends_the_story():
    """CA-139: The Lantern of the Dead (an Arawn quest): 'Tell her you do not know the way' does
    not complete part 1, so part 2 (the intuition test) is not resolved and the token stays."""
    g = scenario(main_enemy="arawn", positions={"gareth": "cairnfield"}, quest_tokens=["cairnfield"])
    on_top(g.state.quest_deck, "the_lantern_of_the_dead")
    play(g, until=lambda d: d.kind == "story_deck")
    g.choose(0, "deck:quest")
    d, events = play(g, until=lambda d: d.kind == "story_choice")
    labels = [o.label for o in d.options]
    events = g.choose(0, f"choice:{labels.index('Tell her you do not know the way.')}")
    _, more = play(g, until=next_round(g))
    events += more
    assert not [e for e in events if e.text.startswith("Part 2:")]
    assert "cairnfield" in g.state.quest_tokens and g.state.champion("gareth").quest_tokens == 0
    assert g.state.quest_used == ["the_lantern_of_the_dead"]


def test_ca_140_a_story_fight_is_resolved_under_the_combat_rules():
    """CA-140: The Storm on the Fell, 'Shelter in the cave': a Hollow Knight (DV 7, AV 7 +1 on
    wilderness from the Dragon's Act 1 side, life 5, treasure 3) is fought in combat rounds.
    Round 1: attack 1 + 7 (Gareth 4, axe 2, +1 against treasure 3) = 8, 1 damage; defence
    1 + 4 = 5 against AV 8, 3 life lost. Round 2: attack 6 + 7 = 13, 6 damage, it falls; its
    treasure goes to Gareth; it still strikes (6 + 4 = 10, no damage); the card's reward follows."""
    g = scenario(positions={"gareth": "sedge_fens"}, dice=[1, 1, 6, 6])
    on_top(g.state.world_decks["wilderness"], "the_storm_on_the_fell")
    on_top(g.state.enemy_deck, "hollow_knight")
    play(g, until=lambda d: d.kind == "story_choice")
    events = g.choose(0, "choice:0")
    _, more = play(g, until=next_round(g))
    events += more
    attacks = [(e.data["total"], e.data["damage"]) for e in events if e.kind == "attack"]
    defences = [(e.data["total"], e.data["damage"]) for e in events if e.kind == "defence"]
    assert attacks == [(8, 1), (13, 6)]
    assert defences == [(5, 3), (10, 0)]
    gareth = g.state.champion("gareth")
    assert [e.data["amount"] for e in events if e.kind == "gold"] == [3, 2]  # treasure, then the card
    assert gareth.life == 13 - 3 + 2
    assert all(e.card != "hollow_knight" for e in g.state.enemies) and "hollow_knight" in g.state.enemy_deck


def _storm_with_helper(join: str, dice):
    g = scenario(champions=["gareth", "elin"], positions={"gareth": "sedge_fens", "elin": "sedge_fens"}, dice=dice)
    on_top(g.state.world_decks["wilderness"], "the_storm_on_the_fell")
    on_top(g.state.enemy_deck, "hollow_knight")
    _, events = play(g, until=lambda d: d.kind == "story_choice")
    events += g.choose(1, "choice:0")
    d, more = play(g, until=lambda d: d.kind == "join")
    events += more
    return g, d, events


def test_ca_141_g_36_a_helper_joins_the_story_fight_and_still_has_its_own_story():
    """CA-141 (G-36): Gareth, on Elin's space, is asked before the first combat round whether to
    join; he joins, attacks and deals the killing blow (treasure 3 to him), the card's reward
    goes to Elin, and Gareth then draws his own story, once."""
    g, d, events = _storm_with_helper("join", [6, 6, 6])
    assert d.seat == 0 and set(d.option_ids) == {"join", "stay_out"}
    assert g.state.fight is not None and g.state.fight.round == 0  # before the first combat round
    events += g.choose(0, "join")
    _, more = play(g, until=next_round(g), policy=lambda q: "champion:gareth" if q.kind == "defender" else None)
    events += more
    attackers = [e.data["champion"] for e in events if e.kind == "attack"]
    assert attackers == ["elin", "gareth"]
    gold = [(e.data["champion"], e.data["amount"]) for e in events if e.kind == "gold"]
    assert ("gareth", 3) in gold and ("elin", 2) in gold
    assert [c for c, _ in draws(events)] == ["elin", "gareth"]
    assert index(events, lambda e: e.rule == "CA-079") < index(
        events, lambda e: e.rule == "CA-133" and e.data.get("champion") == "gareth")


def test_ca_141_g_36_helpers_are_asked_in_initiative_order():
    """CA-141 (G-36): Elin's story fight on a space holding Gareth and Tamsin asks them in the
    initiative order (Tamsin, seat 3, then Gareth, seat 1: clockwise from Elin), both before
    the first combat round; both join and both attack."""
    spaces = {"gareth": "sedge_fens", "elin": "sedge_fens", "tamsin": "sedge_fens"}
    g = scenario(champions=list(spaces), positions=spaces, dice=[1, 1, 6, 6])
    assert g.state.initiative == [1, 2, 0]
    on_top(g.state.world_decks["wilderness"], "the_storm_on_the_fell")
    on_top(g.state.enemy_deck, "hollow_knight")
    play(g, until=lambda d: d.kind == "story_choice")
    g.choose(1, "choice:0")
    joins = []
    for _ in range(2):
        d = g.pending()
        assert d.kind == "join" and g.state.fight.round == 0
        joins.append(d.seat)
        g.choose(d.seat, "join")
    assert joins == [2, 0]
    _, events = play(g, until=lambda d: d.kind == "defender")
    assert [e.data["champion"] for e in events if e.kind == "attack"] == ["elin", "tamsin", "gareth"]


def test_ca_141_a_champion_who_stays_out_does_not_fight():
    """CA-141: staying out, Gareth makes no attack and cannot be named to defend."""
    g, d, events = _storm_with_helper("stay_out", [6, 6, 6, 6])
    asked: list = []
    events += g.choose(0, "stay_out")
    _, more = play(g, until=next_round(g), policy=recorder(asked))
    events += more
    assert {e.data["champion"] for e in events if e.kind in ("attack", "defence")} == {"elin"}
    assert not [q for q in asked if q.kind == "defender"]


def test_ca_141_g_36_no_helper_in_a_story_duel():
    """CA-141 (G-36 "duels excepted"): the Midsummer Lists duel asks no other champion to join."""
    g = scenario(champions=["gareth", "elin"], positions={"gareth": "caer_aldon", "elin": "caer_aldon"})
    on_top(g.state.world_decks["capital"], "the_midsummer_lists")
    play(g, until=lambda d: d.kind == "story_choice")
    asked: list = []
    events = g.choose(1, "choice:0")
    _, more = play(g, until=next_round(g), policy=recorder(asked))
    events += more
    assert not [q for q in asked if q.kind == "join"]
    assert {e.data["champion"] for e in events if e.kind == "attack"} == {"elin"}


def _hoard(dice, *, helper=True, elin_life=None):
    """Elin on the Sedge Fens quest token draws The Smoking Hoard (speed 8, then a fight with the
    Hoard Warden: DV 10, AV 8 +1 on wilderness, life 8, treasure 5). Gareth, with a greatsword
    (+3: attack 4 + 3 + 1 against treasure 5 = 8 + die), may be there to help."""
    champions = ["gareth", "elin"] if helper else ["elin"]
    positions = {"elin": "sedge_fens", "gareth": "sedge_fens"} if helper else {"elin": "sedge_fens"}
    g = scenario(champions=champions, positions=positions, quest_tokens=["sedge_fens"], dice=dice,
                 resources={"gareth": ["greatsword"]} if helper else {})
    if elin_life is not None:
        g.state.champion("elin").life = elin_life
    on_top(g.state.event_deck, "pilgrims")  # no Tempest to bar the way back to the Fens
    on_top(g.state.quest_deck, "the_smoking_hoard")
    seat = 1 if helper else 0
    play(g, until=lambda d: d.kind == "story_deck")
    events = g.choose(seat, "deck:quest")
    return g, events


def _warden(g: Game):
    return next((e for e in g.state.enemies if e.card == "hoard_warden"), None)


def test_ca_142_g_37_a_quest_brings_its_more_dangerous_enemy_face_up_onto_the_questing_space():
    """CA-142 (G-37): passing part 1 (3 + speed 5 = 8) brings the Hoard Warden in: its card
    leaves the face-down pile beside the main enemy, and its standee stands on Elin's space,
    with its values public."""
    g, events = _hoard([3, 6], helper=False)
    play(g, until=lambda d: d.kind == "reroll")
    warden = _warden(g)
    assert warden is not None and warden.kind == "dangerous" and warden.space == "sedge_fens"
    assert "hoard_warden" not in g.state.dangerous_waiting
    shown = [e for e in g.view_for(0)["enemies"] if e["uid"] == warden.uid][0]
    assert (shown["name"], shown["dv"], shown["av"], shown["life"]) == ("Hoard Warden", 10, 9, 8)
    assert g.view_for(0)["dangerous_waiting"] == 3


def test_ca_143_cat_30_the_helper_who_kills_after_the_quester_retreats_finishes_the_quest():
    """CAT-30, CA-143, CA-125, CA-145, CA-146: Elin passes part 1; Gareth joins. Round 1: Elin
    misses (6 + 3 = 9 < 10), Gareth hits 6 + 8 = 14 (4 damage), Gareth defends 6 + 4 = 10 >= 9;
    Elin retreats. Round 2: Gareth hits 14 again: the Warden falls to him. Gareth takes the
    treasure (5), the quest rewards (4 gold) and the quest token; the Warden leaves the game;
    the quest goes face up to the bottom of the quest deck."""
    g, events = _hoard([3, 6, 6, 6, 6, 6])

    def policy(d):
        if d.kind == "join":
            return "join"
        if d.kind == "defender":
            return "champion:gareth"
        if d.kind == "retreat" and d.seat == 1:
            return [o for o in d.option_ids if o.startswith("retreat:")][0]
        return None

    _, more = play(g, until=next_round(g), policy=policy)
    events += more
    assert any(e.rule == "CA-102" and e.data.get("champion") == "elin" for e in events)
    assert any(e.rule == "CA-143" for e in events)
    gareth, elin = g.state.champion("gareth"), g.state.champion("elin")
    assert gareth.quest_tokens == 1 and elin.quest_tokens == 0
    assert "sedge_fens" not in g.state.quest_tokens
    gold = [(e.data["champion"], e.data["amount"]) for e in events if e.kind == "gold" and e.data["amount"] > 0]
    assert gold[:2] == [("gareth", 5), ("gareth", 4)]
    assert _warden(g) is None and "hoard_warden" not in g.state.dangerous_waiting
    assert "hoard_warden" not in g.state.enemy_deck + g.state.camp
    assert g.state.quest_used[0] == "the_smoking_hoard" and "the_smoking_hoard" not in g.state.quest_deck


def test_ca_143_g_41_a_quester_still_fighting_keeps_the_quest():
    """CA-143 (G-41): Elin stays in the fight; Gareth's killing blow earns him the treasure, but
    Elin, still fighting, takes the quest rewards and the token."""
    g, events = _hoard([3, 6, 6, 6, 6, 6, 6])
    _, more = play(g, until=next_round(g),
                   policy=lambda d: "join" if d.kind == "join" else "champion:gareth" if d.kind == "defender" else None)
    events += more
    gareth, elin = g.state.champion("gareth"), g.state.champion("elin")
    assert (elin.quest_tokens, gareth.quest_tokens) == (1, 0)
    gold = [(e.data["champion"], e.data["amount"]) for e in events if e.kind == "gold" and e.data["amount"] > 0]
    assert gold[:2] == [("gareth", 5), ("elin", 4)]
    assert not any(e.rule == "CA-143" for e in events)


def test_ca_143_g_41_a_defeated_quester_passes_the_quest_to_the_killing_blow():
    """CA-143 (G-41): Elin (life 1) is struck down in round 1 (1 + 6 = 7 against AV 9); Gareth
    kills the Warden in round 2 and takes the quest rewards and the token."""
    g, events = _hoard([3, 6, 6, 1, 6, 6], elin_life=1)
    _, more = play(g, until=next_round(g),
                   policy=lambda d: "join" if d.kind == "join" else "champion:elin" if d.kind == "defender" else None)
    events += more
    assert any(e.kind == "defeat" and e.data.get("champion") == "elin" for e in events)
    assert g.state.champion("gareth").quest_tokens == 1 and "sedge_fens" not in g.state.quest_tokens
    assert _warden(g) is None


def test_ca_144_g_37_a_quest_fight_lost_fails_the_quest_and_the_enemy_stays():
    """CA-144 (G-37): Elin alone cannot wound the Warden and retreats: the quest fails (its
    failure part: 1 will), the card goes face up to the bottom, the token stays, and the Warden
    stays on the map; when Elin comes back next round, it fights her in the combat phase."""
    g, events = _hoard([3, 6, 6], helper=False)

    def policy(d):
        if d.kind == "retreat":
            return [o for o in d.option_ids if o.startswith("retreat:")][0]
        return None

    _, more = play(g, until=next_round(g), policy=policy)
    events += more
    assert any(e.rule == "CA-144" for e in events)
    elin = g.state.champion("elin")
    assert elin.will == 5 - 1 and elin.quest_tokens == 0
    assert "sedge_fens" in g.state.quest_tokens and g.state.quest_used[0] == "the_smoking_hoard"
    warden = _warden(g)
    assert warden is not None and warden.space == "sedge_fens"
    assert elin.space != "sedge_fens"
    events = g.choose(0, "travel:sedge_fens")
    events += g.choose(0, "end")
    _, more = play(g, until=lambda d: d.kind == "retreat")
    events += more
    assert any(e.rule == "CA-077" and "Sedge Fens" in e.text for e in events)
    assert g.state.fight is not None and g.state.fight.kind == "phase"
    assert [e.data["enemy"] for e in events if e.kind in ("attack", "defence")] == [warden.uid, warden.uid]


def test_ca_144_g_37_a_dangerous_enemy_defeated_later_pays_treasure_but_no_quest_reward():
    """CA-144 (G-37), CA-125: the Hoard Warden left on the Sedge Fens by a failed quest is fought
    in a later combat phase. Gareth (greatsword: 6 + 8 = 14 against DV 10, 4 damage a round)
    defeats it in two rounds: he takes its treasure (5), it leaves the game, and no quest
    reward or token comes with it."""
    g = scenario(positions={"gareth": "sedge_fens"}, quest_tokens=["sedge_fens"], resources={"gareth": ["greatsword"]},
                 enemies=[{"card": "hoard_warden", "space": "sedge_fens"}], dice=[6, 6, 6, 6])
    assert "hoard_warden" not in g.state.dangerous_waiting
    _, events = play(g, until=lambda d: d.kind == "story_deck")  # the combat phase is over
    gareth = g.state.champion("gareth")
    assert [e.data["amount"] for e in events if e.kind == "gold"] == [5]
    assert _warden(g) is None and "hoard_warden" not in g.state.dangerous_waiting + g.state.enemy_deck + g.state.camp
    assert gareth.quest_tokens == 0 and "sedge_fens" in g.state.quest_tokens


def test_ca_145_completing_a_quest_moves_its_token_onto_the_champion_card():
    """CA-145, CA-147: The White Stag at Bay (an Arawn quest, strength 9): Gareth rolls 3 + 6 = 9;
    the Cairnfield token moves onto his card and the Stag Horn relic is searched from the deck."""
    g = scenario(main_enemy="arawn", positions={"gareth": "cairnfield"}, quest_tokens=["cairnfield"], dice=[3])
    on_top(g.state.quest_deck, "the_white_stag_at_bay")
    play(g, until=lambda d: d.kind == "story_deck")
    events = g.choose(0, "deck:quest")
    gareth = g.state.champion("gareth")
    assert "cairnfield" not in g.state.quest_tokens and gareth.quest_tokens == 1
    assert any(e.rule == "CA-145" for e in events)
    assert "stag_horn" in gareth.resources and "stag_horn" not in g.state.resource_deck
    assert g.view_for(0)["champions"][0]["quest_tokens"] == 1


def test_ca_146_the_story_card_goes_face_up_to_the_bottom_completed_or_failed():
    """CA-146: Elin fails The Counterfeit Crowns (1 + 4 = 5 < 6) and Gareth passes The Tithe-Reeve
    (6 + 1 = 7 >= 6): both cards go face up to the bottom of the capital deck, in that order."""
    g = scenario(champions=["gareth", "elin"], positions={"gareth": "caer_aldon", "elin": "dun_corra"}, dice=[1, 6])
    deck = g.state.world_decks["capital"]
    on_top(deck, "the_tithe_reeve")
    on_top(deck, "the_counterfeit_crowns")
    size = len(deck)
    _, events = play(g, until=next_round(g))
    assert g.state.world_used["capital"] == ["the_counterfeit_crowns", "the_tithe_reeve"]
    assert len(g.state.world_decks["capital"]) == size - 2
    assert not {"the_counterfeit_crowns", "the_tithe_reeve"} & set(g.state.world_decks["capital"])
    finished = [e.text for e in events if e.rule == "CA-146"]
    assert "not completed" in finished[0] and "(completed)" in finished[1]
    assert g.view_for(0)["world_used"]["capital"] == ["the_counterfeit_crowns", "the_tithe_reeve"]


HAND = ["giants_mail", "hunting_spear", "iron_mace", "rowan_charm", "oath_ring"]


def test_ca_147_g_30_a_named_resource_taken_from_the_hand_refills_the_hand():
    """CA-147 (G-30): The Giant's Grave grants the Giant's Mail; it lies in the Hand, so it is
    taken from there and the Hand is refilled from the top of the resource deck."""
    g = scenario(positions={"gareth": "sedge_fens"}, hand=HAND, dice=[3])
    on_top(g.state.world_decks["wilderness"], "the_giants_grave")
    top = g.state.resource_deck[-1]
    _, events = play(g, until=next_round(g))
    assert "giants_mail" in g.state.champion("gareth").resources
    assert g.state.hand == HAND[1:] + [top]


def test_ca_147_g_30_a_named_resource_searched_from_the_deck_shuffles_the_deck():
    """CA-147 (G-30): with the Giant's Mail in the resource deck, the search takes it out and
    the deck is shuffled; the Hand is unchanged."""
    g = scenario(positions={"gareth": "sedge_fens"}, dice=[3])
    on_top(g.state.world_decks["wilderness"], "the_giants_grave")
    assert "giants_mail" in g.state.resource_deck
    before = [r for r in g.state.resource_deck if r != "giants_mail"]
    hand = list(g.state.hand)
    play(g, until=next_round(g))
    assert "giants_mail" in g.state.champion("gareth").resources
    assert "giants_mail" not in g.state.resource_deck
    assert sorted(g.state.resource_deck) == sorted(before) and g.state.resource_deck != before
    assert g.state.hand == hand


def test_ca_148_story_gold_is_the_printed_amount_from_the_treasury():
    """CA-148: The Tithe-Reeve passed (6 + 1 = 7 >= 6) pays exactly its printed 2 gold."""
    g = scenario(positions={"gareth": "caer_aldon"}, gold={"gareth": 3}, dice=[6])
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    _, events = play(g, until=next_round(g))
    printed = dict(CONTENT.stories["the_tithe_reeve"].parts[0].on_pass.effects[0].params)["amount"]
    assert printed == 2 and g.state.champion("gareth").gold == 3 + printed
    assert [e.rule for e in events if e.kind == "gold"] == ["CA-148"]


def test_ca_149_the_story_phase_ends_when_every_champion_has_finished():
    """CA-149: while Gareth (second in order) is still choosing in his story, the event phase has
    not begun; it begins only after the last story is finished."""
    g = scenario(champions=["gareth", "elin"], positions={"gareth": "ashby_cross", "elin": "dun_corra"}, dice=[6])
    on_top(g.state.world_decks["capital"], "the_tithe_reeve")
    on_top(g.state.world_decks["country"], "the_hedge_wedding")
    d, events = play(g, until=lambda d: d.kind == "story_choice")
    assert d.seat == 0 and g.state.phase == "story"
    assert g.state.events_seen == [] and g.state.fate == 1
    assert [c for c, _ in draws(events)] == ["elin", "gareth"]
    events += g.choose(0, "choice:0")
    _, more = play(g, until=next_round(g))
    events += more
    finished = [i for i, e in enumerate(events) if e.rule == "CA-146"]
    assert len(finished) == 2
    assert finished[-1] < index(events, lambda e: e.kind == "event")


# ---- 3.10 the event phase -----------------------------------------------------------------------------


def _event_position(champions=("gareth", "elin"), positions=None, event="pilgrims", round_=1, **fields):
    g = scenario(champions=list(champions), positions=positions or {}, **fields)
    g.state.round = g.state.fate = round_
    on_top(g.state.event_deck, event)
    return g


def test_ca_150_the_event_phase_is_carried_out_by_the_initiative_winner():
    """CA-150: Elin's player (seat 2) won the initiative; she reveals the event and makes its
    "players choose" decision (which enemy the King's Huntsmen remove)."""
    g = _event_position(event="huntsmen", positions={"gareth": "caer_aldon", "elin": "dun_corra"},
                        enemies=[{"card": "ash_imp", "space": "ashby_cross"},
                                 {"card": "barrow_wight", "space": "fennick"}])
    assert g.state.initiative[0] == 1
    events = run_steps(g, "event_phase", "round_end")
    d = g.pending()
    assert d.kind == "enemy" and d.seat == 1
    reveal = [e for e in events if e.kind == "event"][0]
    assert reveal.text.startswith("Player 2 reveals the event The King's Huntsmen")


def test_ca_151_the_event_is_resolved_before_the_marker_and_the_main_enemy_act():
    """CA-151: while the King's Huntsmen still wait for their choice, the card is off the deck,
    the marker has not moved and the Dragon has placed nothing; after it, the card is at the
    bottom, the marker advances and then the Dragon's shadow and enemy are placed."""
    g = _event_position(event="huntsmen", positions={"gareth": "caer_aldon", "elin": "dun_corra"},
                        enemies=[{"card": "ash_imp", "space": "ashby_cross"},
                                 {"card": "barrow_wight", "space": "fennick"}])
    run_steps(g, "event_phase", "round_end")
    st = g.state
    assert st.fate == 1 and st.shadows == [] and "huntsmen" not in st.event_deck
    assert g.pending().kind == "enemy"
    uid = g.pending().option_ids[0]
    events = g.choose(1, uid)
    assert st.event_deck[0] == "huntsmen"  # the bottom
    kinds = [e.kind for e in events]
    removed = kinds.index("enemy")
    fate = index(events, lambda e: e.kind == "fate")
    shadow = index(events, lambda e: e.kind == "shadow")
    placed = index(events, lambda e: e.rule == "CA-189")
    assert removed < fate < shadow < placed
    assert st.fate == 2 and len(st.shadows) == 1


def test_cat_34_the_event_phase_sequence_of_round_2():
    """CAT-34, CA-151, CA-152: in round 2, the Blessing of the Wells is revealed and resolved,
    goes face down to the bottom, the marker moves 2 -> 3, the Dragon places a shadow and an
    enemy on it, and round 3 begins with initiative."""
    g = _event_position(event="blessing", round_=2, positions={"gareth": "caer_aldon", "elin": "dun_corra"})
    events = run_steps(g, "event_phase", "round_end")
    reveal = index(events, lambda e: e.kind == "event")
    aid = [i for i, e in enumerate(events) if e.kind == "aid"]
    fate = index(events, lambda e: e.kind == "fate")
    shadow = index(events, lambda e: e.kind == "shadow")
    enemy = index(events, lambda e: e.rule == "CA-189")
    new_round = index(events, lambda e: e.kind == "round")
    initiative = index(events, lambda e: e.kind == "initiative")
    assert reveal < min(aid) and max(aid) < fate < shadow < enemy < new_round < initiative
    assert events[fate].data["fate"] == 3 and g.state.fate == 3
    assert events[new_round].data == {"act": 1, "round": 3}
    assert g.state.event_deck[0] == "blessing" and g.state.events_seen == ["blessing"]  # at the bottom
    assert g.state.enemies[-1].space == g.state.shadows[-1]


def test_ca_152_the_next_round_begins_at_once_after_the_event_phase():
    """CA-152: nothing happens between the Dragon's placements and the next round: the next
    events are the new round and its initiative, and the next question is its first turn."""
    g = _event_position(event="pilgrims", positions={"gareth": "ashby_cross", "elin": "sedge_fens"})
    events = run_steps(g, "event_phase", "round_end")
    after = [e.kind for e in events[index(events, lambda e: e.rule == "CA-189") + 1:]]
    assert after == ["round", "initiative", "phase"]
    assert g.state.round == 2 and g.pending().kind == "action" and g.state.phase == "action"


def test_ca_153_samhain_is_resolved_like_any_event_with_its_own_severity():
    """CA-153: Samhain, with three champions: ceil(3/2) + 1 = 3 random shadows, every champion
    loses 1 will, and each depths space with a shadow (Root Halls already had one) receives a
    random enemy; then the phase goes on as usual (marker, Dragon's placement)."""
    g = _event_position(champions=("gareth", "elin", "tamsin"), event="samhain", shadows=["root_halls"],
                        positions={"gareth": "caer_aldon", "elin": "dun_corra", "tamsin": "glasmere"})
    wills = {c.id: c.will for c in g.state.champions}
    events = run_steps(g, "event_phase", "round_end")
    reveal = index(events, lambda e: e.kind == "event")
    fate = index(events, lambda e: e.kind == "fate")
    assert "catastrophic" in events[reveal].text
    during = events[reveal:fate]
    fallen = [e.data["space"] for e in during if e.kind == "shadow"]
    assert len(fallen) == half(3) + 1
    depths = {s for s in ["root_halls"] + fallen if MAP.spaces[s].kind == "depths"}
    assert sorted(e.data["space"] for e in during if e.rule == "CA-189") == sorted(depths)
    assert {c.id: c.will for c in g.state.champions} == {k: v - 1 for k, v in wills.items()}
    assert any(e.kind == "shadow" for e in events[fate:])  # the Dragon's own placement follows


# ---- 3.16 the main enemy's Act 1 side: setup and event-phase placements (CA-194, plan 2.4.3) ------------


def _setup(main: str, seats: int, seed: int) -> Game:
    g = Game.new(SYSTEM, seed, seats, {"main_enemy": main})
    assert g.pending().kind == "champion"  # setup has run up to the champion choices
    return g


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_ca_194_the_dragons_act_1_setup(seats):
    """CA-194, CA-004 (plan 2.4.3): 3 quest tokens, ceil(C/2) + 1 random shadows, and one random
    enemy on the space of each of the first two shadows placed (C = the seats, G-03)."""
    for seed in range(3):
        st = _setup("dragon", seats, seed).state
        assert len(st.quest_tokens) == 3 and len(set(st.quest_tokens)) == 3
        assert len(st.shadows) == half(seats) + 1
        assert [e.space for e in st.enemies] == st.shadows[:2]
        assert all(e.kind == "ordinary" for e in st.enemies) and st.will_penalty == 0


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_ca_194_arawns_act_1_setup(seats):
    """CA-194 (p.11 Arawn caption, plan 2.4.3): 3 quest tokens, ceil(C/2) random shadows, one
    random enemy on each of 2 depths entrances that are not starting locations, and every
    champion starts with 1 less will (its maximum unchanged)."""
    for seed in range(3):
        g = _setup("arawn", seats, seed)
        st = g.state
        assert len(st.quest_tokens) == 3 and len(st.shadows) == half(seats)
        spaces = [e.space for e in st.enemies]
        assert len(spaces) == 2 and len(set(spaces)) == 2
        assert all(s in MAP.entrances() and s not in MAP.starting for s in spaces)
        for seat, cid in enumerate(["gareth", "elin", "tamsin", "ysolde"][:seats]):
            g.choose(seat, f"champion:{cid}")
        for c in st.champions:
            card = CONTENT.champions[c.id]
            assert c.will == card.will - 1 and c.life == card.life
            assert g.view_for(0)["champions"][[x.id for x in st.champions].index(c.id)]["max_will"] == card.will


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_ca_194_morrigans_act_1_setup(seats):
    """CA-194 (plan 2.4.3): 3 quest tokens, ceil(C/2) + 1 random shadows, one random enemy on each
    of 2 country spaces holding a shadow; if fewer, the rest on random country spaces that are
    not starting locations."""
    for seed in range(6):
        st = _setup("morrigan", seats, seed).state
        assert len(st.quest_tokens) == 3 and len(st.shadows) == half(seats) + 1
        spaces = [e.space for e in st.enemies]
        shadowed = {s for s in st.shadows if MAP.spaces[s].kind == "country"}
        assert len(spaces) == 2 and all(MAP.spaces[s].kind == "country" for s in spaces)
        on_shadow = [s for s in spaces if s in shadowed]
        assert len(on_shadow) == min(2, len(shadowed))
        assert all(s not in MAP.starting for s in spaces if s not in shadowed)


def _placements(events):
    """The main enemy's event-phase placements: what follows the marker's move (CA-151 step 4)."""
    start = index(events, lambda e: e.kind == "fate")
    out = []
    for e in events[start + 1:]:
        if e.kind in ("round", "act"):
            break
        out.append(e)
    return out


FOUR = {"gareth": "caer_aldon", "elin": "dun_corra", "tamsin": "glasmere", "ysolde": "penvarrow"}


@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5])
def test_ca_194_the_dragons_event_phase_placements(round_):
    """CA-194 (plan 2.4.3): with four champions the Dragon places 1 random shadow in rounds 1 and
    2, and ceil(4/2) = 2 in rounds 3, 4 and 5 (judged by the round: in round 5 the marker has
    already wrapped to 1), with one random enemy on the first shadow's space only."""
    g = _event_position(champions=tuple(FOUR), positions=FOUR, round_=round_)
    events = run_steps(g, "event_phase", "round_end")
    placed = _placements(events)
    shadows = [e.data["space"] for e in placed if e.kind == "shadow"]
    enemies = [e.data["space"] for e in placed if e.rule == "CA-189"]
    assert len(shadows) == (1 if round_ <= 2 else half(4))
    assert enemies == shadows[:1]


def test_ca_194_arawns_event_phase_placement():
    """CA-194 (plan 2.4.3): 1 random shadow, then one random enemy on the depths space nearest to
    any champion: Gareth stands in the Glimmer Caves, so the enemy appears there."""
    g = _event_position(champions=("gareth",), positions={"gareth": "glimmer_caves"}, main_enemy="arawn")
    events = run_steps(g, "event_phase", "round_end")
    placed = _placements(events)
    assert [e.kind for e in placed] == ["shadow", "enemy"]
    assert placed[1].data["space"] == "glimmer_caves"


def test_ca_194_arawns_placement_tie_is_chosen_by_the_players():
    """CA-194 (plan 2.4.3 "players choose on ties"): champions on Cairnfield and Westwold are each
    one route from a depths space (Glimmer Caves, Echoing Deep); the initiative winner chooses."""
    g = _event_position(positions={"gareth": "cairnfield", "elin": "westwold"}, main_enemy="arawn")
    run_steps(g, "event_phase", "round_end")
    d = g.pending()
    assert d.kind == "space" and d.seat == g.state.initiative[0]
    assert set(d.option_ids) == {"space:glimmer_caves", "space:echoing_deep"}
    events = g.choose(d.seat, "space:echoing_deep")
    assert [e.data["space"] for e in events if e.rule == "CA-189"] == ["echoing_deep"]


def test_ca_194_morrigans_event_phase_placement():
    """CA-194 (plan 2.4.3): with three champions, ceil(3/2) = 2 random shadows; the champions on
    the spaces receiving them (Fennick, Westwold) draw a mental bane, the one elsewhere does not;
    then one random enemy on the country space with a shadow nearest the map centre (Ashby
    Cross, 2 steps from Carrow Cross, rather than Fennick, 3 steps)."""
    g = _event_position(champions=("gareth", "elin", "tamsin"), main_enemy="morrigan", shadows=["ashby_cross"],
                        positions={"gareth": "fennick", "elin": "westwold", "tamsin": "glasmere"})
    g.state.shadow_supply = ["fennick", "westwold"]  # the tokens left face down
    events = run_steps(g, "event_phase", "round_end")
    placed = _placements(events)
    assert sorted(e.data["space"] for e in placed if e.kind == "shadow") == ["fennick", "westwold"]
    banes = {e.data["champion"]: CONTENT.banes[e.data["bane"]].kind for e in placed if e.kind == "bane"}
    assert banes == {"gareth": "mental", "elin": "mental"}
    assert [e.data["space"] for e in placed if e.rule == "CA-189"] == ["ashby_cross"]


def test_ca_194_morrigans_placement_without_a_shadowed_country_space():
    """CA-194 (plan 2.4.3 fallback): no country space holds a shadow, so the enemy goes to the
    country space nearest the centre: Carrow Cross itself."""
    g = _event_position(champions=("gareth",), main_enemy="morrigan", positions={"gareth": "caer_aldon"})
    g.state.shadow_supply = ["mistfell"]
    events = run_steps(g, "event_phase", "round_end")
    assert [e.data["space"] for e in _placements(events) if e.rule == "CA-189"] == ["carrow_cross"]


def test_ca_194_morrigans_placement_tie_is_chosen_by_the_players():
    """CA-194: Ashby Cross and Thornwick both hold a shadow, 2 steps from the centre: the players
    (the initiative winner) choose."""
    g = _event_position(champions=("gareth",), main_enemy="morrigan", shadows=["ashby_cross", "thornwick"],
                        positions={"gareth": "caer_aldon"})
    g.state.shadow_supply = ["mistfell"]
    run_steps(g, "event_phase", "round_end")
    d = g.pending()
    assert d.kind == "space" and set(d.option_ids) == {"space:ashby_cross", "space:thornwick"}


def test_ca_130_an_empty_shadow_supply_in_the_event_phase_means_darkness_falls():
    """CA-130, CA-194 (plan 2.4.3, G-27): the Dragon must place a random shadow and none is left
    in the supply: all champions lose at once, and the Dragon's defeat ending is read."""
    g = _event_position(positions={"gareth": "caer_aldon", "elin": "dun_corra"})
    g.state.shadow_supply = []
    events = run_steps(g, "event_phase", "round_end")
    assert g.state.outcome == "defeat" and g.state.end_rule == "CA-130"
    assert g.outcome().winners == () and g.pending() is None
    assert g.state.ending == "dragon_defeat" and any(e.rule == "CA-028" for e in events)


# ---- section 7: no seat ever sees a story outcome before it is revealed (CA-138) -----------------------

ALL_CARDS = list(CONTENT.stories) + list(CONTENT.quests)
OUTCOMES = {cid: outcome_texts(cid) for cid in ALL_CARDS}
TEXT_OWNER = {text: cid for cid, texts in OUTCOMES.items() for text in texts}


def _strings(value, out: list[str]) -> list[str]:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)
    return out


def _allowed(g: Game, read: set[str]) -> set[str]:
    """Outcome texts already read out: earlier in the game, or in the current story."""
    story_ = g.state.story
    return read | (set(story_.revealed) if story_ is not None else set())


def _check_seen(blob: str, allowed: set[str], where: str) -> None:
    for text in TEXT_OWNER:
        if text not in allowed and text in blob:
            raise AssertionError(f"{where}: the unrevealed outcome of '{TEXT_OWNER[text]}' is shown: {text[:60]}")


def _check_events(events, where: str) -> None:
    """An outcome text appears only in its own reveal, right after the choice, roll or fight that
    decided it, and only if it is the outcome so decided (CA-138)."""
    decided = None  # what the last decisive event said: ("choice", label) / ("test", passed) / ("fight", won)
    for e in events:
        if e.rule == "CA-138" and " chooses: " in e.text:
            decided = ("choice", e.text.split(" chooses: ", 1)[1])
        elif e.kind == "test" and e.rule == "CA-068" and "champion" in e.data and "passed" in e.data \
                and "die" not in e.data:
            decided = ("test", e.data["passed"])
        elif e.rule == "CA-144":
            decided = ("fight", False)
        elif e.rule == "CA-079":
            decided = ("fight", True)
        for text, cid in TEXT_OWNER.items():
            if text not in e.text:
                continue
            assert e.data.get("outcome") and e.text == text, f"{where}: outcome text leaked in {e.kind}: {e.text[:80]}"
            card = story(cid)
            matches = []
            for part in card.parts:
                for ch in part.choices:
                    if ch.outcome.text == text:
                        matches.append(("choice", ch.label))
                if part.on_pass is not None and part.on_pass.text == text:
                    matches += [("test", True), ("fight", True)]
                if part.on_fail is not None and part.on_fail.text == text:
                    matches += [("test", False), ("fight", False)]
            assert decided in matches, f"{where}: '{cid}' revealed {text[:50]} after {decided}"
            decided = None


def _random_game(main: str, seats: int, seed: int, limit: int = 1500) -> tuple[int, int]:
    """Play one random game to its end; returns (decisions taken while a story was open,
    outcome texts revealed)."""
    rng = random.Random(seed)
    g = Game.new(SYSTEM, seed, seats, {"main_enemy": main})
    open_story = reveals = 0
    read: set[str] = set()
    for step in range(limit):
        d = g.pending()
        if d is None:
            break
        allowed = _allowed(g, read)
        where = f"{main}/{seats}/{seed} step {step}"
        blobs = {"\n".join(_strings(g.view_for(s), [])) for s in range(seats)}
        blobs.add("\n".join([d.prompt] + [o.label + "\n" + o.detail for o in d.options]))
        for blob in blobs:
            _check_seen(blob, allowed, where)
        open_story += g.state.story is not None
        if d.kind == "action":
            # Mostly end the turn, sometimes act, so the champions wander the map.
            pick = [rng.choice(d.option_ids)] if rng.random() < 0.35 else ["end"]
        else:
            k = rng.randint(d.min_choices, max(d.min_choices, min(d.max_choices, 1)))
            pick = rng.sample(list(d.option_ids), k) if k else []
        events = g.choose(d.seat, pick)
        _check_events(events, where)
        read |= {e.text for e in events if e.data.get("outcome")}
        reveals += sum(1 for e in events if e.data.get("outcome"))
    assert g.pending() is None, "the game did not end"
    return open_story, reveals


def test_outcomes_are_unique_texts():
    """The check below identifies an outcome by its text: every outcome text is distinct."""
    texts = [t for texts in OUTCOMES.values() for t in texts]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("main,seats,seeds", [("dragon", 1, range(100, 106)), ("dragon", 2, range(200, 206)),
                                              ("arawn", 3, range(300, 306)), ("morrigan", 4, range(400, 406)),
                                              ("arawn", 1, range(500, 504)), ("morrigan", 2, range(600, 604))])
def test_ca_138_section_7_no_view_or_event_shows_an_unrevealed_outcome(main, seats, seeds):
    """CA-138 (section 7): in seeded random games, at every decision no seat's view (nor the
    question asked) holds an outcome text of any story that has not been revealed, and every
    outcome text emitted is its own reveal, following the choice, roll or fight that decided it."""
    totals = [_random_game(main, seats, seed) for seed in seeds]
    assert sum(t[0] for t in totals) > 0 and all(t[1] > 0 for t in totals)
