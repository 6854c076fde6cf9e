"""The hot-seat hand-off says what of the next player the others must not see, in each game's
own words: a hand, a backpack, the overlord's cards; and that nothing is secret where nothing is
(it said "this player's hand" in every game, Champions of Albion's shared Hand and Dungeon
Delve's heroes included)."""

from __future__ import annotations

import pytest

from game.core import registry
from game.ui.main import build_scene
from game.ui.scenes.handoff import HandOffScene

SECRETS = {"fantasy-heroes": "hand", "fantasy-adventures": "hand", "buck-legacy": "backpack",
           "champions-of-albion": ""}


@pytest.mark.parametrize("ruleset", registry.window_ids())
def test_the_hand_off_names_what_is_secret(make_app, ruleset):
    app = make_app((1024, 640))
    build_scene(app, "handoff", ruleset, 7, 40)
    scene = app.stack.top
    assert isinstance(scene, HandOffScene)
    system = registry.get(ruleset)
    secret = SECRETS.get(ruleset, "cards" if scene.seat == 0 else "")  # Dungeon Delve: the overlord's
    assert system.secret_of(scene.seat) == secret
    button = scene.widgets[0]
    if secret:
        assert scene.note() == f"The other players look away: the next screen shows {scene.player}'s {secret}."
        assert button.tooltip == f"Show my {secret} (Enter)"
    else:
        assert scene.note() == f"Nothing of {scene.player}'s is secret: the others need not look away."
        assert button.tooltip == "Take the screen (Enter)"


def test_dungeon_delve_keeps_only_the_overlords_cards_secret():
    system = registry.get("dungeon-delve")
    assert system.secret_of(0) == "cards" and system.secret_of(1) == system.secret_of(2) == ""
