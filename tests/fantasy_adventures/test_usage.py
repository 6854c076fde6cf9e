"""The content catalogue and its usage for ``simulate --rule-counts`` (issue 14, item 4): every
ability kind of the card pool (checklist 2.7.7), every spell and every kind of act, read from the
data the rules write on their events."""

from __future__ import annotations

from game.core.events import Event
from game.core.game import Game
from game.rulesets.fantasy_adventures.content import kinds_on
from tests.fantasy_adventures.helpers import CONTENT, SYSTEM, inst


def test_the_catalogue_lists_every_ability_kind_of_the_pool_every_spell_and_every_act() -> None:
    catalogue = SYSTEM.content_catalogue()
    kinds = set().union(*(kinds_on(card) for card in CONTENT.pool()))
    assert {f"ability kind: {k}" for k in kinds} <= set(catalogue)
    assert {f"spell: {s.name}" for s in CONTENT.spells.values()} <= set(catalogue)
    assert "action: use a hero's ability" in catalogue and "window: play a monster from the hand" in catalogue
    assert len(catalogue) == len(set(catalogue))


def test_a_used_ability_counts_its_kinds_its_pair_and_the_act_FA_212() -> None:
    """AK-20, AK-08, FA-212: Elder Fenwick's heal, one half of his OR pair, used at a defeat."""
    event = Event("ability", "FA-201", "Elder Fenwick: heal.", {"card": inst(0, "elder_fenwick"), "ability": "0.0",
                                                                 "seat": 0})
    used = SYSTEM.content_usage([event])
    assert used == {"ability kind: AK-08": 1, "ability kind: AK-20": 1, "heal window: heal a defeated card": 1}


def test_every_label_a_game_uses_is_in_the_catalogue() -> None:
    """Random four-player games use labels of the catalogue only, and some of each family."""
    from game.ai import make_agent

    catalogue, used = set(SYSTEM.content_catalogue()), set()
    for seed in (1, 2):
        g = Game.new(SYSTEM, seed, 4)
        events = list(g.initial_events)
        agents = [make_agent("random", "fantasy-adventures", seed, s) for s in range(4)]
        while (d := g.pending()) is not None:
            events += g.choose(d.seat, ("pass",) if d.forced_pass else agents[d.seat].choose({}, d))
        used |= set(SYSTEM.content_usage(events))
    assert used <= catalogue
    assert any(label.startswith("ability kind:") for label in used)
    assert any(label.startswith("spell:") for label in used)
    assert "recovery: rearrange the party" in used
