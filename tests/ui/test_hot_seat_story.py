"""Hot-seat stories (issue 12 item 3): a Champions of Albion story that asks its player
nothing (a test only) is shown to its own champion's player after a hand-off, with an
explicit Roll button, and its result is seen before the screen passes on.

Two human seats play a real game through the window; the test answers for whoever is at the
screen (with the normal AI's choices), and checks every moment the table opens.
"""

from __future__ import annotations

import pygame

from game.ai import make_agent
from game.session import Seat, Session
from game.ui.scenes.handoff import HandOffScene
from game.ui.scenes.moment import MomentScene
from tests.ui.driver import click, click_option, frames, open_table, press

RULESET = "champions-of-albion"


def _play(app, on_moment, seed: int = 5):
    """A hot-seat game of two human seats through the window, answered for whoever is at the
    screen (with the normal AI's choices); ``on_moment(table, moment)`` handles each story
    page that opens and returns True to stop there. Returns the table."""
    session = Session.new(RULESET, [Seat("human", "Ann"), Seat("human", "Ben")], seed)
    table = open_table(app, session)
    stand_in = {s: make_agent("normal", RULESET, seed, s) for s in range(2)}
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, MomentScene):
            if on_moment(table, top):
                return table
            continue
        if isinstance(top, HandOffScene):
            press(app, "I am")
            continue
        decision = table.controller.my_decision()
        if decision is not None and top is table and not table.animations.busy and table.held is None:
            click_option(app, table, stand_in[decision.seat].choose(table.controller.view(), decision))
        else:
            frames(app)
    raise AssertionError("the game never got there")


def _watch(app, table, moment: MomentScene) -> dict:
    """Go through one moment as its player would, checking what it shows on the way."""
    controller = table.controller
    record = {"seat": moment.seat, "handed": moment.handing, "rolls": 0, "events": list(moment.events)}
    champion = next(c for c in controller.view()["champions"] if c["seat"] == moment.seat)
    assert moment.heading == f"{champion['short']}'s story"
    if moment.handing:
        assert controller.shown_seat != moment.seat
        frames(app, 2)
        press(app, "I am")
        assert controller.shown_seat == moment.seat  # the story's own player has the screen now
    assert app.stack.top is moment
    while not moment.done:
        hidden = moment.events[moment.shown]
        assert hidden.kind == "roll" and "die" in hidden.data, "the story waits only for a die"
        assert all(e is not hidden for e in moment.events[:moment.shown])  # not told before Roll
        frames(app, 2)
        press(app, "Roll the die")
        record["rolls"] += 1
        assert any(e is hidden for e in moment.events[:moment.shown])  # told now
    # The result is on the page before anything passes the screen on: the table waits.
    assert app.stack.top is moment and table.moment is moment
    frames(app, 3)
    assert app.stack.top is moment, "the story closed by itself"
    press(app, "Continue")
    assert table.moment is not moment and app.stack.top is not moment  # (the next story may open at once)
    return record


def test_a_story_is_handed_to_its_player_rolled_by_them_and_seen_before_play_goes_on(make_app):
    app = make_app()
    seen: list[dict] = []
    table = _play(app, lambda table, moment: seen.append(_watch(app, table, moment)) or len(seen) >= 4)
    assert any(m["handed"] for m in seen), "no story was handed to its player"
    assert any(m["rolls"] for m in seen), "no story waited for its Roll button"
    assert {m["seat"] for m in seen} == {0, 1}
    for m in seen:
        first = m["events"][0]
        assert first.kind in ("story", "roll", "test", "aid")
        champion = first.data["champion"]
        owner = next(c["seat"] for c in table.controller.view()["champions"] if c["id"] == champion)
        assert owner == m["seat"]  # each story goes to its own champion's player


def test_a_click_just_after_roll_does_not_press_continue(make_app):
    app = make_app()

    def roll_then_click_twice(table, moment) -> bool:
        if moment.handing:
            press(app, "I am")
        if moment.done:
            press(app, "Continue")
            return False
        frames(app, 2)
        press(app, "Roll the die")
        if not moment.done:
            return False
        # Continue stands where the player's second click lands only after the guard.
        button = moment.widgets[0]
        assert button.label == "Continue"
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)], 1 / 60)
        assert app.stack.top is moment, "a click within the guard pressed Continue"
        click(app, button.rect.center)  # after the guard it does
        assert app.stack.top is not moment
        return True

    _play(app, roll_then_click_twice)


def test_the_story_page_and_its_hand_off_keep_text_readable_at_1024x640(make_app, monkeypatch):
    app = make_app(size=(1024, 640))
    sizes: list[int] = []
    real_text = app.assets.text

    def recorded(text, role="body", size=18, colour=(0, 0, 0)):
        sizes.append(size)
        return real_text(text, role, size, colour)

    def look(table, moment) -> bool:
        monkeypatch.setattr(app.assets, "text", recorded)
        frames(app, 2)  # the hand-off page, or the story itself
        if moment.handing:
            press(app, "I am")
            frames(app, 2)
        monkeypatch.setattr(app.assets, "text", real_text)
        return True

    _play(app, look)
    assert sizes and min(sizes) >= 15
