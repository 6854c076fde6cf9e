"""The hard player's own tactic in Fantasy Adventures (ai.choose_hard, ai_party.rearrange_thin):
its party rearranged with as few heroes in front as the back rank allows; every other answer
the normal player's."""

from __future__ import annotations

from game.ai.agents import hard_heuristic_for, searching_policy
from game.core.game import Game
from game.core.rng import Rng
from game.rulesets.fantasy_adventures import ai
from tests.fantasy_adventures.helpers import inst, pending, player, position

FRONT = ["feather_scout", "harbor_shieldman", "kaelen_emberward", "stonefist_brawler"]
BACK = ["mist_runner", "reef_guard"]


def _rearranged(answer: str) -> Game:
    """Player 1's party of six (four in front, two behind) rearranged in recovery by ``answer``
    ("normal" or "hard"), every other question answered by the normal player."""
    g = position([player(FRONT, BACK), player(["ash_tracker"])], monster=1, start="recovery")
    for _ in range(40):
        d = pending(g)
        view = g.view_for(d.seat)
        mine = d.seat == 0 and d.kind == "rearrange"
        picked = (ai.choose_hard if mine and answer == "hard" else ai.choose)(view, d, Rng(1))
        if mine and picked == ("end",):
            return g
        g.choose(d.seat, picked if not d.forced_pass else ("pass",))
    raise AssertionError("the rearrangement did not end")


def test_the_hard_player_keeps_as_few_heroes_in_front_as_the_back_rank_allows_fa029_fa100() -> None:
    """FA-029 limits each rank to four heroes, FA-100 keeps non-flying monsters off the back rank:
    six heroes stand two in front and four behind: the best fighter (Kaelen Emberward, Melee 6)
    and, as normal keeps one in front too, the best hero with the trap ability (the Mist Runner:
    an entering hero comes from the front rank, FA-067). Normal keeps four in front."""
    normal = _rearranged("normal").state.players[0]
    hard = _rearranged("hard").state.players[0]
    assert sum(h is not None for h in normal.front) == 4
    front = [h for h in hard.front if h is not None]
    assert len(front) == 2 and sum(h is not None for h in hard.back) == 4
    assert set(front) == {inst(0, "kaelen_emberward"), inst(0, "mist_runner")}
    assert sorted(hard.heroes()) == sorted(normal.heroes())


def test_the_hard_players_tactic_is_its_own_questions_only() -> None:
    """The search's policy plays the hard seat's rearrangement thin and the other seat's as normal
    does; a question the tactic does not touch gets normal's answer."""
    g = position([player(FRONT, BACK), player(FRONT, BACK)], monster=1, start="recovery")
    seen, differed = set(), 0
    for _ in range(60):
        d = pending(g)
        view = g.view_for(d.seat)
        hard = hard_heuristic_for("fantasy-adventures")(view, d, Rng(1))
        normal = ai.choose(view, d, Rng(1))
        if d.kind != "rearrange":
            assert hard == normal
        else:
            seen.add(d.seat)
            differed += hard != normal
            assert searching_policy("fantasy-adventures", 1 - d.seat)(view, d, Rng(1)) == normal
            assert searching_policy("fantasy-adventures", d.seat)(view, d, Rng(1)) == hard
            assert searching_policy("fantasy-adventures", d.seat, "monster")(view, d, Rng(1)) == normal
        g.choose(d.seat, hard if not d.forced_pass else ("pass",))
        if seen == {0, 1} and d.kind != "rearrange":
            break
    assert seen == {0, 1} and differed >= 2
