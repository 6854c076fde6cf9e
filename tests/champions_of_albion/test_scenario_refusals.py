"""Champions of Albion scenario refusals (issue 10, item 4): every malformed field is refused
with a ScenarioError whose sentence names the field, never an OverflowError, a KeyError or
a Python error name, and quotes at most a few dozen characters of the data."""

from __future__ import annotations

import json
import re

import pytest

from game.core import registry
from game.core.errors import ScenarioError
from game.core.game import Game

SYSTEM = registry.get("champions-of-albion")
BASE = {"main_enemy": "dragon", "champions": ["gareth"]}
HUGE = "x" * 1_000_000


@pytest.mark.parametrize("extra, field", [
    ({"dice": [json.loads("1e400")]}, "dice"),
    ({"dice": [float("nan")]}, "dice"),
    ({"dice": [7]}, "dice"),
    ({"dice": ["six"]}, "dice"),
    ({"dice": "66"}, "dice"),
    ({"dice": [True]}, "dice"),
    ({"main_enemy": "chess"}, "main_enemy"),
    ({"main_enemy": ["dragon"]}, "main_enemy"),
    ({"champions": ["nobody"]}, "champions"),
    ({"champions": "gareth"}, "champions"),
    ({"champions": ["gareth", "gareth"]}, "champions"),
    ({"champions": []}, "champions"),
    ({"names": ["A", "B"]}, "names"),
    ({"names": ["\ud800"]}, "names"),
    ({"names": ["a\x00b"]}, "names"),
    ({"names": ["n" * 25]}, "names"),
    ({"names": ["\ufe00"]}, "names"),
    ({"positions": {"gareth": "nowhere"}}, "positions"),
    ({"positions": {"elin": "caer_aldon"}}, "positions"),
    ({"positions": ["caer_aldon"]}, "positions"),
    ({"enemies": [{"card": "dragon_king", "space": "caer_aldon"}]}, "enemies"),
    ({"enemies": [{"card": "barrow_wight"}]}, "enemies"),
    ({"enemies": [{"card": "barrow_wight", "space": "caer_aldon", "damage": 1e300}]}, "enemies"),
    ({"enemies": [{"card": "barrow_wight", "space": "caer_aldon", "damage": 99}]}, "enemies"),
    ({"enemies": [{"card": "barrow_wight", "space": "caer_aldon", "hp": 1}]}, "enemies"),
    ({"enemies": ["barrow_wight"]}, "enemies"),
    ({"shadows": ["nowhere"]}, "shadows"),
    ({"shadows": ["caer_aldon"] * 60}, "shadows"),
    ({"quest_tokens": [3]}, "quest_tokens"),
    ({"hand": ["no_card"]}, "hand"),
    ({"hand": "twin_knives"}, "hand"),
    ({"gold": {"gareth": "lots"}}, "gold"),
    ({"gold": {"gareth": 10**400}}, "gold"),
    ({"resources": {"gareth": ["no_card"]}}, "resources"),
    ({"resources": {"gareth": "twin_knives"}}, "resources"),
    ({"banes": {"gareth": [None]}}, "banes"),
    ({"aid": {"gareth": [3]}}, "aid"),
    ({"aid": {"gareth": [2] * 5}}, "aid"),
    ({HUGE: 1}, "unknown field"),
    ({"enemies": [{"card": HUGE, "space": "caer_aldon"}]}, "enemies"),
])
def test_malformed_scenario_fields_are_refused_with_a_sentence_naming_the_field(extra, field):
    with pytest.raises(ScenarioError) as err:
        Game.from_scenario(SYSTEM, {**BASE, **extra}, 1)
    message = str(err.value)
    assert field in message
    assert len(message) < 300, "a refusal quotes at most a few dozen characters"
    assert not re.search(r"\((\w+Error|KeyError)\)|Traceback", message)
    assert message.isprintable()


def test_a_good_scenario_still_sets_up():
    game = Game.from_scenario(SYSTEM, {**BASE, "dice": [6, 6], "positions": {"gareth": "caer_aldon"},
                                       "enemies": [{"card": "barrow_wight", "space": "caer_aldon", "damage": 1}],
                                       "gold": {"gareth": 3}, "aid": {"gareth": [1, 2]}, "names": ["Ann"]}, 1)
    assert game.pending() is not None
