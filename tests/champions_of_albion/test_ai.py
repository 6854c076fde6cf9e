"""The normal Champions of Albion AI (checklist section 6): it answers every decision
legally in whole games against each main enemy with 1 to 4 champions, decides from a
seat's view only (section 7), plays measurably better than random play, and follows the
section 6 heuristics in written positions (rest when low, the smallest aid token that
passes, the better card of a kind, no reroll on the last will, retreat before a deadly
round).

Measured when written (whole games, seeds 0-99, 4 seats): normal champions won 33 of 100
against the Dragon, 73 of 100 against Arawn and 81 of 100 against Morrigan; random seats won
none (mean damage to the main enemy: normal 17.6 / 16.1 / 19.3, random 0.0 / 0.1 / 0.7); easy
seats (30 % random answers, seeds 0-49) won 0, 8 and 3 of 50. With fewer normal seats (seeds
0-49): 1 seat won 1, 13 and 19 of 50; 2 seats 8, 15 and 27; 3 seats 18, 33 and 25. Over the 6
seeds used below the normal champions won 11 of 18 games and random ones none; the
assertions leave a wide margin. Decision times (median, p95) are printed, never asserted.

Re-measured after the party (a fighter, then quick champions who take the main enemy's
strikes and buy cards), the all-out last round, late gold, will kept for Act 2 and the
stricter quest rule (seeds 1-100 / 1001-1100): 4 seats won 87 / 87 against the Dragon, 84 / 87
against Arawn and 85 / 83 against Morrigan (before: 34 / 38, 73 / 69, 81 / 74); 2 seats 72 / 71,
80 / 75 and 75 / 76 (before: 9 / 13, 26 / 45, 45 / 51). Over the 6 seeds below the normal
champions won 17 of 18.

Quests (issue 9): the old rule drew almost none (0.01-0.13 per game). Now a champion draws one
when its odds make it worth more than the world story (ai/quests.py). Seeds 1-100 / 1001-1100,
normal seats, on the engine of that day (quests off / on): Dragon 4 seats 88 / 88 and 82 / 80,
3 seats 64 / 65 and 67 / 67, 2 seats 74 / 69 and 65 / 66; Arawn 4 seats 92 / 86 and 81 / 85,
3 seats 86 / 84 and 87 / 82, 2 seats 77 / 78 and 67 / 70; Morrigan 4 seats 88 / 84 and 87 / 81,
3 seats 81 / 80 and 67 / 76, 2 seats 77 / 77 and 76 / 74. Quests drawn 0.2-2.0 and completed
0.04-0.32 per game (most with 4 seats, against Arawn). Every champion on a token drawing its
quest completed only 0.3-0.5 per game and cost 17-21 wins in 100, so the target of 0.5 is not
reached with this content.

Re-measured for issue 9 item 8 (normal seats, seeds 1-100 / 1001-1100, quests drawn and
completed per game; `python -m game simulate champions-of-albion --games 100 --seed 1 ...`):
Dragon 2 seats 69 / 66 wins (0.40 drawn, 0.07 completed / 0.39, 0.06), 3 seats 65 / 67
(0.52, 0.04 / 0.63, 0.12), 4 seats 88 / 80 (0.95, 0.12 / 1.33, 0.13); Arawn 2 seats 78 / 70
(0.36, 0.12 / 0.50, 0.10), 3 seats 84 / 82 (0.81, 0.22 / 1.17, 0.25), 4 seats 86 / 85 (1.85,
0.29 / 1.96, 0.32); Morrigan 2 seats 77 / 74 (0.20, 0.05 / 0.26, 0.05), 3 seats 80 / 76 (0.52,
0.05 / 0.69, 0.08), 4 seats 84 / 81 (0.88, 0.16 / 1.24, 0.21): 0.12 / 0.15 completed per game
on average, short of 0.5. Most quests fail at part 1 (a test at 7-9 that a typical champion
passes one time in three to six), and a quest deck holds only 12 cards, so even every champion
drawing on every token (and walking to them) completes only about 0.9 a game. Tried on seeds
1-100 (2 and 4 seats): the team's best quester pulled hard to the tokens, 0.55 completed but
65 / 75 / 68 and 39 / 53 / 50 wins; pulled less, 0.26 completed and 82 / 82 / 82, 66 / 65 / 76;
every champion pulled, 0.49 completed and 59 / 67 / 61, 42 / 48 / 54; drawing on any token
reached without a pull, 0.08 completed at no cost; an exact model over the cards still in the
deck (aid tokens, named enemies, printed costs), 0.15 / 0.16 completed and the same wins as
now, but with fewer kinds of quest fights seen, so it was not kept. Without any quest the
normal seats win as often (Dragon 88 / 74, Arawn 92 / 77, Morrigan 88 / 77 with 4 / 2 seats):
a completed quest does not pay for what it costs, and the 0.5 target is not reachable with
this content without losing games.
"""

from __future__ import annotations

import ast
import copy
import statistics
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_agent
from game.core.decision import Decision, Option
from game.core.game import Game
from game.rulesets.champions_of_albion import ai
from game.rulesets.champions_of_albion.content import standard_content
from game.rulesets.champions_of_albion.system import ChampionsOfAlbion

SYSTEM = ChampionsOfAlbion()
SYSTEM_CONTENT = standard_content()
MAINS = ("dragon", "arawn", "morrigan")
SEEDS = range(6)
QUEST_SEEDS = range(6, 12)  # more four-seat games against Arawn for the quest test


QUESTS: dict[tuple[int, str, tuple[str, ...]], tuple[int, int]] = {}  # (drawn, completed) per game played


def play(seed: int, main: str, levels: tuple[str, ...]) -> tuple[Game, frozenset[str]]:
    """A whole game; every normal answer is checked against its decision (the quests drawn
    and completed are kept in ``QUESTS``)."""
    game = Game.new(SYSTEM, seed, len(levels), {"main_enemy": main})
    agents = [make_agent(level, SYSTEM.id, seed, seat) for seat, level in enumerate(levels)]
    kinds: set[str] = set()
    steps = 0
    drawn = completed = 0
    while (decision := game.pending()) is not None:
        agent = agents[decision.seat]
        view = game.view_for(decision.seat)
        choice = agent.choose(view, decision)
        if agent.level == "normal":
            kinds.add(decision.kind)
            assert decision.min_choices <= len(choice) <= decision.max_choices, (decision.kind, choice)
            assert set(choice) <= set(decision.option_ids), (decision.kind, choice, decision.option_ids)
        for event in game.choose(decision.seat, choice):
            drawn += event.rule == "CA-133" and "draws the quest" in event.text
            completed += event.rule == "CA-145"
        steps += 1
        assert steps < 20000, "the game does not end"
    assert game.outcome() is not None
    QUESTS[(seed, main, levels)] = (drawn, completed)
    return game, frozenset(kinds)


@lru_cache(maxsize=None)
def result(seed: int, main: str, level: str, seats: int = 4) -> tuple[bool, int, frozenset[str]]:
    """(won, damage dealt to the main enemy, decision kinds met) for seats of one level."""
    game, kinds = play(seed, main, (level,) * seats)
    outcome = game.outcome()
    assert outcome is not None
    won = bool(outcome.winners)
    standee = next((e for e in game.state.enemies if e.kind == "main"), None)
    damage = standee.damage if standee is not None else (game.state.main_life if won else 0)
    return won, damage, kinds


# ---- whole games -------------------------------------------------------------------------------------


@pytest.mark.parametrize("main", MAINS)
def test_the_normal_ai_answers_every_decision_legally_with_one_to_four_seats(main: str) -> None:
    seen: set[str] = set()
    for seats in (1, 2, 3):
        seen |= result(10 + seats, main, "normal", seats)[2]
    seen |= result(0, main, "normal")[2]  # the four-seat game, shared with the comparison below
    assert {"champion", "action", "retreat", "reroll", "discard"} <= seen, seen


def test_easy_and_random_allies_never_break_the_normal_ai() -> None:
    for seed, main, levels in ((21, "dragon", ("normal", "easy", "random")),
                               (22, "morrigan", ("random", "normal", "normal", "easy")),
                               (23, "arawn", ("easy", "normal"))):
        play(seed, main, levels)


def test_normal_play_beats_random_play() -> None:
    """Over fixed seeds and every main enemy, normal champions win games and wound the main
    enemy far more than random champions (who practically never win)."""
    normal = [result(seed, main, "normal")[:2] for main in MAINS for seed in SEEDS]
    random = [result(seed, main, "random")[:2] for main in MAINS for seed in SEEDS]
    wins_normal, wins_random = sum(w for w, _ in normal), sum(w for w, _ in random)
    damage_normal = statistics.mean(d for _, d in normal)
    damage_random = statistics.mean(d for _, d in random)
    print(f"\n[CA AI] wins over {len(normal)} games: normal {wins_normal}, random {wins_random}; "
          f"mean damage to the main enemy: normal {damage_normal:.1f}, random {damage_random:.1f}")
    assert wins_normal >= 12, f"the normal champions won only {wins_normal} of {len(normal)}"
    assert wins_random <= 1
    assert damage_normal >= damage_random + 8


def test_normal_champions_take_and_complete_quests() -> None:
    """D-15: a champion fit for a quest draws it (it used to decline nearly every offer), and
    some are completed: over the four-seat games above and a few more against Arawn."""
    played = [(seed, main) for main in MAINS for seed in SEEDS] + [(seed, "arawn") for seed in QUEST_SEEDS]
    for seed, main in played:
        result(seed, main, "normal")  # shared with the comparison above (cached)
    games = [QUESTS[(seed, main, ("normal",) * 4)] for seed, main in played]
    drawn, completed = sum(d for d, _ in games), sum(c for _, c in games)
    print(f"\n[CA AI] quests over {len(games)} games: {drawn} drawn, {completed} completed")
    assert drawn >= 10, drawn
    assert completed >= 2, completed


# ---- the view only (section 7) --------------------------------------------------------------------------


def _first_action(seed: int) -> tuple[Game, Decision]:
    game = Game.new(SYSTEM, seed, 2, {"main_enemy": "dragon"})
    agents = [make_agent("normal", SYSTEM.id, seed, seat) for seat in range(2)]
    while True:
        decision = game.pending()
        assert decision is not None
        if decision.kind == "action" and game.state.round >= 2:
            return game, decision
        game.choose(decision.seat, agents[decision.seat].choose(game.view_for(decision.seat), decision))


def test_the_ai_ignores_hidden_information() -> None:
    """Two states that differ only in what nobody may see (deck orders, the backs of the
    tokens in the supply, the order of the more dangerous enemies) give the same view and the
    same answer."""
    game, decision = _first_action(3)
    twin = copy.deepcopy(game.state)
    for pile in (twin.resource_deck, twin.bane_deck, twin.quest_deck, twin.enemy_deck, twin.event_deck,
                 twin.dangerous_waiting, twin.shadow_supply, twin.quest_supply, *twin.world_decks.values()):
        pile.reverse()
    twin_game = Game(SYSTEM, twin)
    assert twin_game.pending() == decision
    view_a, view_b = game.view_for(decision.seat), twin_game.view_for(decision.seat)
    assert view_a == view_b
    rng = make_agent("normal", SYSTEM.id, 5, decision.seat)
    assert ai.choose(view_a, decision, rng.rng) == ai.choose(view_b, decision, rng.rng)  # type: ignore[attr-defined]


def test_the_ai_reads_nothing_but_the_view_and_the_card_data() -> None:
    """The AI package imports no engine module that holds or builds the state (the registry
    gives it the rule system's card data, never a game); the view's types (which name the
    state's phases) only for the type checker."""
    allowed = {"game.core.decision", "game.core.rng", "game.core.registry", "game.rulesets.champions_of_albion.content",
               "game.rulesets.champions_of_albion.vocabulary"}
    typing_only = {"game.rulesets.champions_of_albion.view_types"}
    folder = Path(ai.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        checked = {id(inner) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                   for inner in ast.walk(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game"):
                modules = [f"{node.module}.{a.name}" for a in node.names] if node.module == "game.core" else [node.module]
                for module in modules:
                    if module in typing_only and id(node) in checked:
                        continue
                    assert module in allowed or module.startswith("game.rulesets.champions_of_albion.ai"), \
                        (path.name, module)


def test_the_ai_is_deterministic_and_leaves_the_view_alone() -> None:
    game, decision = _first_action(4)
    view = game.view_for(decision.seat)
    before = copy.deepcopy(view)
    first = make_agent("normal", SYSTEM.id, 1, decision.seat).choose(view, decision)
    assert view == before
    for salt in (2, 3):
        assert make_agent("normal", SYSTEM.id, salt, decision.seat).choose(copy.deepcopy(view), decision) == first


# ---- heuristics in written positions ----------------------------------------------------------------------


def _scenario(**extra: Any) -> Game:
    base: dict[str, Any] = {"main_enemy": "dragon", "champions": ["gareth"]}
    base.update(extra)
    return Game.from_scenario(SYSTEM, base, 1)


def _answer(game: Game, decision: Decision) -> tuple[str, ...]:
    return ai.choose(game.view_for(decision.seat), decision, None)


def _until(game: Game, kind: str) -> Decision:
    """Play on (ending turns, keeping dice) until a decision of this kind."""
    while (decision := game.pending()) is not None:
        if decision.kind == kind:
            return decision
        ids = decision.option_ids
        game.choose(decision.seat, next((o for o in ("end", "keep", "stay") if o in ids), ids[0]))
    raise AssertionError(f"no {kind} decision came")


def test_D03_a_badly_hurt_champion_rests() -> None:
    game = _scenario()
    game.state.champion("gareth").life = 3
    game = Game(SYSTEM, game.state)
    decision = game.pending()
    assert decision is not None and decision.kind == "action"
    assert _answer(game, decision) == ("rest",)


def test_D03_a_hurt_champion_leaves_a_space_where_it_would_have_to_fight() -> None:
    game = _scenario(enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}])
    game.state.champion("gareth").life = 4
    game = Game(SYSTEM, game.state)
    while (decision := game.pending()) is not None and game.state.phase == "action":
        game.choose(decision.seat, _answer(game, decision))
    assert game.state.champion("gareth").space != "caer_aldon"


@pytest.mark.parametrize("card, damage, best", [
    ("battle_fury", 2, "use:twin_knives"),   # one life left but AV 8: the parry of the knives counts
    ("hollow_knight", 0, "use:bearded_axe"),  # DV 7, life 5, AV 7: the heavier blow counts
])
def test_D08_the_better_card_of_a_kind_for_the_combat_round(card: str, damage: int, best: str) -> None:
    game = _scenario(resources={"gareth": ["twin_knives"]},
                     enemies=[{"card": card, "space": "caer_aldon", "damage": damage}])
    game.choose(0, "end")
    decision = _until(game, "loadout")
    assert set(decision.option_ids) == {"use:bearded_axe", "use:twin_knives"}
    assert _answer(game, decision) == (best,)


def test_D13_retreats_when_the_next_round_could_kill_it_and_stays_when_healthy() -> None:
    game = _scenario(enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}], dice=[1, 6])
    game.choose(0, "end")
    decision = _until(game, "retreat")
    view = game.view_for(0)
    assert ai.choose(view, decision, None) == ("stay",)  # 13 life against AV 9
    me = next(c for c in view["champions"] if c["id"] == "gareth")
    me["life"] = 3
    assert ai.choose(view, decision, None)[0].startswith("retreat:")


def test_D13_no_retreat_from_the_main_enemy_in_its_last_round() -> None:
    """Act 2 with the Dragon one step from a capital (it wins when the round ends): leaving
    its fight loses the game, so a champion who would retreat from a deadly round stays."""
    game = _scenario(enemies=[{"card": "wyrmblood_brute", "space": "caer_aldon"}], dice=[1, 6])
    game.choose(0, "end")
    decision = _until(game, "retreat")
    view = game.view_for(0)
    me = next(c for c in view["champions"] if c["id"] == "gareth")
    me["life"] = 3
    dragon = dict(view["enemies"][0], uid="main", card="dragon", kind="main", name="The Dragon", dv=10, av=11,
                  life=5, max_life=20, treasure=0, space="caer_aldon")
    view["enemies"] = [dragon]
    view["act"], view["round"] = 2, 3
    dragon["space"] = me["space"] = "blackthorn_wood"  # two surface steps from Caer Aldon
    assert ai.choose(view, decision, None)[0].startswith("retreat:")  # two rounds left: live to fight on
    dragon["space"] = me["space"] = "wellbrook"  # one surface step from Caer Aldon, a capital
    assert ai.choose(view, decision, None) == ("stay",)
    view["round"], dragon["space"], me["space"] = 5, "caer_aldon", "caer_aldon"  # Act 2 round 5
    assert ai.choose(view, decision, None) == ("stay",)


def test_D02_a_fighter_then_quick_champions_who_defend_and_trade() -> None:
    from game.rulesets.champions_of_albion.ai.values import champion_pick, defence_strength, weapon_strength
    everyone = list(SYSTEM_CONTENT.champions)
    first = champion_pick([], everyone)
    assert weapon_strength(first) >= 5
    second = champion_pick([first], [c for c in everyone if c != first])
    assert defence_strength(second) >= 4 and not SYSTEM_CONTENT.champions[second].spirit_touched


def _story_view(roll: int, total: int, difficulty: int, aid: list[int]) -> tuple[dict[str, Any], Decision]:
    game = _scenario()
    view = game.view_for(0)
    me = next(c for c in view["champions"] if c["id"] == "gareth")
    me["aid"] = list(aid)
    view["story"] = {"champion": "gareth", "quest": False, "part": 1, "parts": 1, "kind": "test",
                     "test": {"attribute": "perception", "difficulty": difficulty, "aid": True},
                     "roll": roll, "total": total, "choices": [], "revealed": []}
    options = [Option(f"aid:{v}", f"+{v}") for v in sorted(set(aid))] + [Option("accept", "Accept")]
    return view, Decision(0, "story_roll", "Spend aid tokens?", tuple(options), "CA-071")


@pytest.mark.parametrize("roll, total, difficulty, aid, expected", [
    (3, 7, 8, [2, 1, 1], "aid:1"),   # a gap of 1: a +1 token
    (3, 6, 8, [1, 2, 1], "aid:2"),   # a gap of 2: one +2 rather than two +1
    (2, 5, 8, [2, 1], "aid:2"),      # a gap of 3 needs both: the +2 first
    (5, 6, 8, [2, 2], "accept"),     # the die cannot pass 6: spend nothing
    (1, 3, 9, [1, 1], "accept"),     # the tokens cannot reach it: spend nothing
])
def test_D14_the_smallest_aid_that_reaches_the_difficulty(roll: int, total: int, difficulty: int, aid: list[int],
                                                          expected: str) -> None:
    view, decision = _story_view(roll, total, difficulty, aid)
    assert ai.choose(view, decision, None) == (expected,)


def _reroll_view(will: int, total: int, av: int, free: bool = False) -> tuple[dict[str, Any], Decision]:
    game = _scenario()
    view = game.view_for(0)
    me = next(c for c in view["champions"] if c["id"] == "gareth")
    me["will"] = will
    view["last_roll"] = {"champion": "gareth", "attribute": "speed", "die": 1, "total": total,
                         "difficulty": av, "passed": total >= av, "why": "defence"}
    price = "free" if free else "1 will"
    options = (Option("reroll", f"Reroll ({price})"), Option("keep", "Keep 1"))
    return view, Decision(0, "reroll", "Reroll the defence die?", options, "CA-090")


def test_D12_no_reroll_on_the_last_will_but_a_costly_shortfall_is_rerolled() -> None:
    view, decision = _reroll_view(will=1, total=5, av=20)   # even a deadly strike: the last will stays
    assert ai.choose(view, decision, None) == ("keep",)
    view, decision = _reroll_view(will=4, total=5, av=9)    # a shortfall of 4 with will to spare
    assert ai.choose(view, decision, None) == ("reroll",)
    view, decision = _reroll_view(will=2, total=5, av=8)    # a shortfall of 3, but will 2 is kept
    assert ai.choose(view, decision, None) == ("keep",)
    view, decision = _reroll_view(will=1, total=5, av=8, free=True)  # a free reroll costs nothing
    assert ai.choose(view, decision, None) == ("reroll",)


def test_unknown_decision_kinds_get_a_legal_answer() -> None:
    game = _scenario()
    view = game.view_for(0)
    odd = Decision(0, "something_new", "?", (Option("a", "A"), Option("b", "B")), "X", min_choices=0,
                   max_choices=2)
    answer = ai.choose(view, odd, None)
    assert 0 <= len(answer) <= 2 and set(answer) <= {"a", "b"}
    two = Decision(0, "something_new", "?", (Option("x", "X"), Option("end", "End")), "X")
    assert ai.choose(view, two, None) == ("end",)
