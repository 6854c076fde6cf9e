"""Champions of Albion's piles follow the kernel's convention (issue 11 item 4): the top of
every face-down pile is its last element and the bottom its first. Each draw is checked by
putting a known card at the end of its pile; and a save of format 2, whose snapshot kept the
piles top first, still loads to the same position."""

from __future__ import annotations

import json
from pathlib import Path

from game import saves
from game.core.events import EventLog
from game.core.serial import to_data
from game.rulesets.champions_of_albion import board, stories
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.effects import push_effects
from tests.champions_of_albion.story_helpers import CONTENT, fresh, scenario

FORMAT_2_SAVE = Path(__file__).parent / "saves" / "format2_piles_top_first.json"
PILES = ("resource_deck", "bane_deck", "quest_deck", "enemy_deck", "dangerous_waiting", "event_deck")


def _ctx(**fields):
    g = scenario(**fields)
    return g.state, Ctx(g.state, CONTENT, EventLog())


def _to_end(pile: list[str], card: str) -> str:
    """Move ``card`` to the end of ``pile`` by hand (not through on_top, which follows the
    convention under test)."""
    pile.remove(card)
    pile.append(card)
    return card


def _run(state, ctx, *steps: dict) -> None:
    """Run these flow steps (the first first) to the next question."""
    state.stack = list(reversed(steps))
    FLOW.advance(ctx, state.stack)


def test_ca_054_ca_189_the_hand_and_a_random_enemy_come_from_the_last_card():
    """CA-054: the Hand is refilled from the top of the resource deck; CA-189: a random enemy
    is the top enemy card. Both tops are the last element."""
    state, ctx = _ctx()
    top = _to_end(state.resource_deck, state.resource_deck[0])
    state.hand.pop()
    ctx.refill_hand()
    assert state.hand[-1] == top and top not in state.resource_deck
    enemy_top = _to_end(state.enemy_deck, state.enemy_deck[0])
    enemy = board.place_random_enemy(ctx, "caer_aldon", "CA-189")
    assert enemy is not None and enemy.card == enemy_top and enemy_top in state.camp


def test_ca_187_searching_the_enemy_deck_counts_the_cards_turned_from_the_top():
    """CA-187: a named enemy second from the top (the last element but one): 2 cards turned up."""
    state, ctx = _ctx()
    state.enemy_deck.remove("hollow_knight")
    state.enemy_deck.insert(len(state.enemy_deck) - 1, "hollow_knight")
    board.place_specific_enemy(ctx, "hollow_knight", "caer_aldon", "CA-187")
    assert [e.data["turned"] for e in ctx.log.events if "turned" in e.data] == [2]


def test_g_40_a_bane_is_the_first_of_its_kind_from_the_top():
    """G-40: cards are turned up from the top until a bane of the kind appears: with two of the
    kind in the deck, the one nearer the end is drawn."""
    state, ctx = _ctx()
    top = state.bane_deck[0]
    kind = CONTENT.banes[top].kind
    # The only copy of ``top`` on the top, and another bane of its kind just below it.
    state.bane_deck = [b for b in state.bane_deck if b != top]
    below = next(b for b in state.bane_deck if CONTENT.banes[b].kind == kind)
    _to_end(state.bane_deck, below)
    state.bane_deck.append(top)
    gareth = state.champion("gareth")
    ctx.draw_bane(gareth, kind, "CA-174")
    assert gareth.banes[-1] == top and below in state.bane_deck


def test_ca_133_ca_135_stories_and_quests_are_the_last_card_of_their_deck():
    """CA-133/CA-134: the story drawn is the top (last) card of the world deck of the space;
    CA-135: a quest drawn is the top (last) card of the quest deck."""
    state, ctx = _ctx(positions={"gareth": "caer_aldon"})
    for deck in ("capital", "quest"):
        pile = state.quest_deck if deck == "quest" else state.world_decks[deck]
        card = _to_end(pile, pile[0])
        stories._draw(ctx, state.champion("gareth"), deck)
        assert state.story is not None and state.story.card == card and card not in pile
        state.story = None


def test_ca_142_the_more_dangerous_enemy_brought_is_the_last_card_waiting():
    """CA-142: "a more dangerous enemy" is the top card of those waiting face down: the last."""
    state, ctx = _ctx()
    waiting = _to_end(state.dangerous_waiting, state.dangerous_waiting[0])
    enemy = stories._bring_enemy(ctx, state.champion("gareth"), "dangerous")
    assert enemy is not None and enemy.card == waiting and waiting not in state.dangerous_waiting


def test_ca_151_the_event_read_is_the_last_card_and_goes_to_the_front():
    """CA-151: the top event card (the last) is revealed, then put face down at the bottom
    (index 0)."""
    state, ctx = _ctx()
    _to_end(state.event_deck, "pilgrims")
    _run(state, ctx, {"step": "event_phase"})
    assert state.events_seen == ["pilgrims"] and state.event_deck[0] == "pilgrims"


def test_ca_151_omen_moves_the_last_quest_card_to_the_front():
    """The omen event (quest_card_to_bottom): the top quest card (last) goes to the bottom
    (index 0), face down; the others keep their order."""
    state, ctx = _ctx()
    before = list(state.quest_deck)
    state.stack = []
    push_effects(ctx, [{"verb": "rule", "rule": "quest_card_to_bottom"}], "", "CA-151", "test")
    FLOW.advance(ctx, state.stack)
    assert state.quest_deck == before[-1:] + before[:-1]


def test_ca_064_the_seer_looks_at_the_last_three_cards_top_first():
    """CA-064: the top 3 cards are the last three, shown top first; put back, they are again
    the last three, the first of the chosen order on top."""
    g = scenario(champions=["cadoc"], positions={"cadoc": "dun_corra"})
    state = g.state
    deck = list(state.world_decks["depths"])
    _run(state, Ctx(state, CONTENT, EventLog()), {"step": "effect", "effect": {"verb": "peek_deck", "count": 3},
                                                  "champion": "cadoc", "rule": "CA-064", "why": "test", "story": False})
    fresh(g)
    events = g.choose(0, "deck:depths")
    top3 = [deck[-1], deck[-2], deck[-3]]
    assert [e.data["cards"] for e in events if e.kind == "peek"] == [top3]
    g.choose(0, "order:" + ",".join([top3[2], top3[0], top3[1]]))
    assert state.world_decks["depths"] == deck[:-3] + [top3[1], top3[0], top3[2]]


# ---- saves of format 2 --------------------------------------------------------------------------


def _turned(snapshot: dict) -> dict:
    """A format-2 snapshot with its piles top last."""
    out = dict(snapshot, **{key: snapshot[key][::-1] for key in PILES})
    out["world_decks"] = {kind: pile[::-1] for kind, pile in snapshot["world_decks"].items()}
    return out


def test_a_format_2_save_loads_to_the_same_position_with_its_piles_turned():
    """A save made before the change (format 2, piles top first in its snapshot) replays from
    its seed and choices to the snapshot with every pile turned over, and opening it from the
    snapshot gives that same position: the same cards on top, the same question."""
    data = json.loads(FORMAT_2_SAVE.read_text())
    assert data["version"] == 2
    old = data["snapshot"]
    replayed = saves.load(FORMAT_2_SAVE)
    opened = saves.open_save(FORMAT_2_SAVE).session
    for session in (replayed, opened):
        state = session.game.state
        assert to_data(state) == _turned(old)
        assert state.quest_deck[-1] == old["quest_deck"][0] and state.resource_deck[-1] == old["resource_deck"][0]
    assert replayed.game.pending() == opened.game.pending()
    assert replayed.pending().kind == "action" and (replayed.game.state.act, replayed.game.state.round) == (1, 5)
    assert replayed.game.state_hash() == opened.game.state_hash() != data["hash"]


def test_the_format_2_upgrade_leaves_other_games_and_damaged_snapshots_alone():
    data = json.loads(FORMAT_2_SAVE.read_text())
    damaged = dict(data, hash="0" * 16)
    assert saves.UPGRADERS[2](damaged)["snapshot"] is data["snapshot"]
    other = dict(data, ruleset="fantasy-heroes")
    assert saves.UPGRADERS[2](other)["snapshot"] is data["snapshot"]
    assert saves.UPGRADERS[2](data)["version"] == 3
