"""The Champions of Albion table in the window (headless): it opens and draws at two
sizes with no text under 15 px, what is lit on the table can be clicked (a click on a lit
space travels there), tooltips name spaces, enemies, resources and champions, random
input does no harm, and the story panel shows nothing the view has not revealed (CA-138).

Positions are reached by random play with every seat human (the test clicks for them).
"""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.ai import make_agent
from game.ai.agents import random_choice
from game.core.rng import Rng
from game.rulesets.champions_of_albion.content import standard_content
from game.session import Seat, Session
from game.ui.main import build_scene, random_events
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.table import TableScene
from game.ui.tables.champions_of_albion import ChampionsOfAlbionTable
from tests.ui.driver import buttons, click, click_option, frames, open_table, point_on, press, type_text

RULESET = "champions-of-albion"


def reach(predicate, seed=3, seats=2, main_enemy="dragon", steps=4000):
    """A session (every seat human) played at random up to a decision where ``predicate(view, decision)``."""
    for attempt in range(30):
        session = Session.new(RULESET, [Seat("human", f"P{i + 1}") for i in range(seats)], seed + 97 * attempt,
                              {"main_enemy": main_enemy})
        rng = Rng.seeded(seed, attempt)
        for _ in range(steps):
            decision = session.pending()
            if decision is None:
                break
            if predicate(session.game.view_for(decision.seat), decision):
                return session
            session.choose(decision.seat, random_choice(decision, rng))
    raise AssertionError("position not reached")


def travel_now(view, decision):
    return decision.kind == "action" and any(o.id.startswith("travel:") for o in decision.options)


class TextLog:
    """Records every string (and its size) the assets render while the table draws."""

    def __init__(self, assets, table, monkeypatch):
        self.seen: list[tuple[str, int]] = []
        self.active = False
        text, draw = assets.text, table.draw

        def logged_text(value, role="body", size=18, colour=(0, 0, 0)):
            if self.active:
                self.seen.append((value, size))
            return text(value, role, size, colour)

        def logged_draw(*args, **kwargs):
            self.active = True
            try:
                return draw(*args, **kwargs)
            finally:
                self.active = False

        monkeypatch.setattr(assets, "text", logged_text)
        monkeypatch.setattr(table, "draw", logged_draw)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
def test_the_table_opens_and_draws_with_readable_text(make_app, size, monkeypatch):
    app = make_app(size)
    build_scene(app, "table", RULESET, 4, 30)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.table, ChampionsOfAlbionTable)
    table = scene.table
    log = TextLog(app.assets, table, monkeypatch)
    table.layout(table.area, table.scale)  # drop the cached panels: draw them again
    frames(app, 2)
    assert table.map is not None and table.map.rect.colliderect(table.left_rect)
    assert log.seen and min(s for _, s in log.seen) >= 15
    # The panels stay inside the table's area and out of the prompt bar.
    for rect, _ in table.hits:
        assert rect.bottom <= scene.prompt_rect.y + 2 and rect.right <= table.area.right
    # Something was drawn: many colours.
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 9) for y in range(0, size[1], 7)}
    assert len(colours) > 40


def test_lit_options_are_on_the_table_and_a_click_on_a_space_travels(make_app):
    app = make_app((1280, 720))
    session = reach(travel_now)
    scene = open_table(app, session)
    table = scene.table
    decision = scene.controller.my_decision()
    assert decision is not None
    shown = table.visible_targets()
    for option in decision.options:
        if option.target in shown:
            pos = point_on(table, option.target)
            assert pos is not None and table.target_at(pos) == option.target, option
        else:
            assert table.wants_button(option, shown), option  # then it has a prompt-bar button
    travel = next(o for o in decision.options if o.id.startswith("travel:"))
    assert travel.target in shown
    pos = point_on(table, travel.target)
    seat = decision.seat
    mover = next(c["id"] for c in scene.controller.view()["champions"] if c["seat"] == seat)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app)
    assert app.tooltip is not None and "Travel to" in app.tooltip[0]
    click(app, pos)
    frames(app, 2)
    assert session.choices[-1].option_ids == (travel.id,)
    champion = next(c for c in session.game.view_for(seat)["champions"] if c["id"] == mover)
    assert champion["space"] == travel.target[1]


def test_tooltips_for_space_enemy_resource_and_champion(make_app):
    app = make_app((1280, 720))
    session = reach(lambda v, d: travel_now(v, d) and v["hand"]
                    and any(e["space"] not in {o.target[1] for o in d.options if o.target and o.target[0] == "space"}
                            for e in v["enemies"]))
    scene = open_table(app, session)
    table = scene.table
    view = scene.controller.view()
    decision = scene.controller.my_decision()
    content = standard_content()
    space = view["champions"][0]["space"]
    assert content.map.spaces[space].name in table.tooltip(("space", space), view, decision)
    lit_spaces = {o.target[1] for o in decision.options if o.target and o.target[0] == "space"}
    # (on a lit space the space is what a click picks, and its tooltip lists the enemies there)
    enemy = next((e for e in view["enemies"] if e["space"] not in lit_spaces), view["enemies"][0])
    tip = table.tooltip(("enemy", enemy["uid"]), view, decision)
    assert enemy["name"] in tip and f"DV {enemy['dv']}" in tip and f"AV {enemy['av']}" in tip
    card = view["hand"][0]
    tip = table.tooltip(("resource", card), view, decision)
    assert content.resources[card].name in tip
    champion = view["champions"][0]
    tip = table.tooltip(("champion", champion["id"]), view, decision)
    assert champion["name"] in tip and champion["unique"]["name"] in tip
    # Hovering the things themselves shows the same words.
    hovered = [("champion", champion["id"]), ("resource", card)]
    if enemy["space"] not in lit_spaces:
        hovered.append(("enemy", enemy["uid"]))
    for target in hovered:
        pos = point_on(table, target)
        assert pos is not None, target
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
        frames(app)
        assert app.tooltip is not None and app.tooltip[0] == table.tooltip(target, scene.controller.view(),
                                                                           scene.controller.my_decision())


def test_random_input_does_no_harm(make_app):
    app = make_app((1024, 640), speed="fast")
    session = reach(lambda v, d: d.kind == "action" and v["round"] >= 2, seats=3)
    scene = open_table(app, session)
    before = len(session.choices)
    rng = Rng.seeded(12)
    for _ in range(40):
        if not app.running or app.stack.top is None:
            app.running = True
        if scene.controller.decision() is not None:  # every seat is human: keep the screen on the one to act
            scene.controller.shown_seat = scene.controller.decision().seat
        # Clicks on the top bar (menu, undo) or on the log's rule IDs (the rules book) would leave
        # the table; the table's own input is under test.
        events = [e for e in random_events(rng, app.size, 25)
                  if not (hasattr(e, "pos") and (e.pos[1] < scene.top_rect.bottom or scene.log.rect.collidepoint(e.pos)))]
        app.step(events, 1 / 30)
    assert app.stack.top is scene
    assert len(session.choices) > before  # the clicks did play


@pytest.mark.parametrize("kind", ["test", "choice"])
def test_the_story_panel_shows_only_what_the_view_reveals(make_app, monkeypatch, kind):
    app = make_app((1280, 720))
    if kind == "test":
        session = reach(lambda v, d: v["story"] is not None and v["story"]["kind"] == "test"
                        and d.kind == "story_roll")
    else:
        session = reach(lambda v, d: d.kind == "story_choice")
    scene = open_table(app, session)
    view = scene.controller.view()
    story = view["story"]
    assert scene.table.mode == "story"
    content = standard_content()
    card = (content.quests if story["quest"] else content.stories)[story["card"]]
    hidden = [o.text for part in card.parts for o in part.outcomes() if o.text not in story["revealed"]]
    assert hidden  # a part always has an outcome still to come
    log = TextLog(app.assets, scene.table, monkeypatch)
    scene.table.layout(scene.table.area, scene.table.scale)  # drop the cached panels: draw them again
    frames(app)
    shown = [text.strip(" .…»") for text, _ in log.seen]
    assert any(story["title"] in text for text in shown)
    # Public words: the view itself, the decision, and the names of cards and places.
    names = [x.name for group in (content.resources, content.banes, content.enemies, content.dangerous,
                                  content.champions, content.main_enemies, content.map.spaces)
             for x in group.values()]
    decision = scene.controller.my_decision()
    public = " ".join([json.dumps(view, ensure_ascii=False), decision.prompt, *(o.label for o in decision.options),
                       *names])
    for text in shown:
        if len(text) >= 12 and any(text in secret for secret in hidden):
            assert text in public, f"unrevealed outcome text on the table: {text!r}"


def _start_albion(app, seed: str, main: str):
    from game.ui.scenes.title import TitleScene

    app.stack.replace(TitleScene(app))
    press(app, "New game")
    press(app, "Champions of Albion")
    scene = app.stack.top
    assert scene.system_id == "champions-of-albion" and scene.kinds[0] == "human"
    scene.options["main_enemy"] = main
    scene.seed_field.focused = True
    type_text(app, seed)
    press(app, "Start")
    table = app.stack.find(TableScene)
    assert table is not None and table.controller.session.system_id == "champions-of-albion"
    return table


@pytest.mark.parametrize("main", ["dragon", "arawn", "morrigan"])
def test_both_acts_play_to_an_ending_through_the_window(make_app, main):
    """The issue's "done when": a human (clicking what the table lights, or its buttons) and an
    AI champion play Act 1 and Act 2 to an ending card, for each main enemy."""
    app = make_app()
    table = _start_albion(app, "21", main)
    session = table.controller.session
    stand_in = make_agent("normal", "champions-of-albion", 5, 0)
    for _ in range(60000):
        if isinstance(app.stack.top, GameOverScene):
            break
        decision = table.controller.my_decision() if app.stack.top is table else None
        if decision is not None and not table.animations.busy and not table.table.busy:
            click_option(app, table, stand_in.choose(table.controller.view(), decision))
        else:
            frames(app)
            if table.controller._future is not None:
                time.sleep(0.0005)
    assert isinstance(app.stack.top, GameOverScene)
    state = session.game.state
    assert session.over and state.act == 2 and state.ending
    assert any(c.by_human for c in session.choices) and any(not c.by_human for c in session.choices)


def test_champions_are_chosen_from_their_cards(make_app):
    """CA-010: at setup the unused champion cards lie in a row; hovering one shows the whole
    card and a click on it chooses that champion (no prompt-bar button duplicates them)."""
    app = make_app()
    table = _start_albion(app, "4", "morrigan")
    frames(app)
    decision = table.controller.my_decision()
    assert decision is not None and decision.kind == "champion"
    target = ("champion", "hollis")
    assert target in table.table.gallery
    pos = point_on(table.table, target)
    assert pos is not None
    tip = table.table.tooltip(target, table.controller.view(), decision)
    assert "Hollis Greymantle" in tip and "Unique action" in tip and "Passive" in tip
    assert not any(b.label.startswith("Hollis") for b in buttons(table))
    click(app, pos)
    frames(app)
    assert table.controller.session.game.state.players[0].champion == "hollis"


def test_hovering_a_hand_card_shows_it_enlarged(make_app):
    """ART.md: hover shows a hand card at about twice its size, without covering the prompt."""
    app = make_app()
    card = None
    for steps in range(8, 80, 4):  # a position where the Hand is on the table (no story or fight)
        build_scene(app, "table", "champions-of-albion", 5, steps)
        frames(app)
        scene = app.stack.top
        table = scene.table
        hand = scene.controller.view()["hand"]
        card = next((r for r, t in table.hits if t[0] == "resource" and t[1] in hand
                     and r.y > table.places["strip"].y), None)
        if table.mode == "hand" and card is not None:
            break
    assert card is not None
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app)
    preview = table.preview_rect
    assert preview is not None and preview.height >= 1.6 * card.height
    assert not preview.colliderect(table.prompt_rect(60)) and not preview.colliderect(table.places["strip"])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    frames(app)
    assert table.preview_rect is None


def _gathered_session():
    """Gareth has bought the Iron Mace on Caer Aldon: the optional discard is asked (CA-055)."""
    hand = ["rowan_charm", "herb_satchel", "iron_mace", "parry", "shieldmaiden"]
    session = Session.new(RULESET, [Seat("human", "P1")], 1, scenario={
        "main_enemy": "dragon", "champions": ["gareth"], "positions": {"gareth": "caer_aldon"}, "hand": hand,
        "gold": {"gareth": 5}})
    session.choose(0, ["gather:iron_mace"])
    decision = session.pending()
    assert decision is not None and decision.kind == "discard"
    return session


def test_ca_055_the_optional_discard_can_be_declined_in_the_window(make_app):
    """CA-055: the discard after a gather shows a "Keep the Hand" button on the prompt bar;
    pressing it discards nothing and the turn goes on."""
    app = make_app((1280, 720))
    session = _gathered_session()
    scene = open_table(app, session)
    frames(app, 2)
    assert any(b.visible and b.label == "Keep the Hand" for b in buttons(scene))
    hand = list(session.game.state.hand)
    press(app, "Keep the Hand")
    frames(app, 2)
    assert session.choices[-1].option_ids == ("keep",)
    assert session.game.state.hand == hand and session.pending().kind == "action"


def test_ca_055_a_hand_card_clicked_in_the_window_is_discarded(make_app):
    """CA-055: clicking a lit Hand card during the discard question discards that card."""
    app = make_app((1280, 720))
    session = _gathered_session()
    scene = open_table(app, session)
    frames(app, 2)
    pos = point_on(scene.table, ("resource", "parry"))
    assert pos is not None
    click(app, pos)
    frames(app, 2)
    assert session.choices[-1].option_ids == ("discard:parry",)


def test_ca_093_a_reroll_for_the_last_will_warns_and_asks_for_a_confirmation(make_app):
    """CA-093: Gareth (will 1) missed the Brute; the reroll button says it defeats him, its
    tooltip explains why, and pressing it only asks for a confirmation (Back returns); the
    reroll is chosen on the second click."""
    app = make_app((1280, 720))
    session = Session.new(RULESET, [Seat("human", "P1")], 1, scenario={
        "main_enemy": "dragon", "champions": ["gareth"], "positions": {"gareth": "caer_aldon"}, "dice": [1, 6],
        "enemies": [{"card": "wyrmblood_brute", "space": "caer_aldon"}]})
    session.game.state.champion("gareth").will = 1
    session.game._pending_known = False
    session.choose(0, ["end"])
    decision = session.pending()
    assert decision is not None and decision.kind == "reroll" and decision.rule == "CA-093"
    scene = open_table(app, session)
    frames(app, 2)
    reroll = next(b for b in buttons(scene) if b.visible and b.label.startswith("Reroll"))
    assert "defeats Gareth" in reroll.label and "last point of will" in reroll.tooltip
    made = len(session.choices)
    press(app, "Reroll")
    frames(app, 2)
    assert len(session.choices) == made and session.pending().kind == "reroll"
    assert {"Spend the last will", "Back"} <= {b.label for b in buttons(scene) if b.visible}
    assert "Reroll anyway?" in scene.sub_options[0].detail  # the warning on the prompt bar
    press(app, "Back")
    frames(app, 2)
    assert any(b.visible and b.label.startswith("Reroll") for b in buttons(scene))
    press(app, "Reroll")
    frames(app, 2)
    press(app, "Spend the last will")
    frames(app, 2)
    assert session.choices[-1].option_ids == ("reroll",)
    assert session.game.state.players[0].champion == ""  # the new die counted; then he lost heart


def test_ca_055_a_story_take_s_discard_shows_the_hand_and_keep_the_hand(make_app):
    """CA-055, CA-147: after the Drowned Cart's item is taken from the Hand, the discard question
    shows the Hand in place of the story panel (its cards lit and clickable) and "Keep the
    Hand" as the prompt bar's first button."""
    app = make_app((1280, 720))
    hand = ["rowan_charm", "herb_satchel", "iron_mace", "parry", "shieldmaiden"]
    session = Session.new(RULESET, [Seat("human", "P1")], 1, scenario={
        "main_enemy": "dragon", "champions": ["gareth"], "positions": {"gareth": "ashby_cross"}, "hand": hand,
        "dice": [3]})
    session.game.state.world_decks["country"] = ["the_drowned_cart"]
    session.game._pending_known = False
    session.choose(0, ["end"])
    session.choose(0, ["take:herb_satchel"])
    assert session.pending().kind == "discard" and session.game.state.story is not None
    scene = open_table(app, session)
    frames(app, 2)
    assert scene.table.mode == "hand"
    shown = scene.table.visible_targets()
    assert {("resource", r) for r in session.game.state.hand} <= shown
    keep = next(b for b in scene.buttons if b.label == "Keep the Hand")
    assert keep.visible and scene.panel.rect.contains(keep.rect)  # in the action panel, never hidden
    press(app, "Keep the Hand")
    frames(app, 2)
    assert session.choices[-1].option_ids == ("keep",)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=["1024x640", "1280x720"])
def test_every_ending_card_is_read_out_whole_on_the_game_over_screen(make_app, size):
    """CA-195: the ending card is read aloud at the end; each of the six is shown whole, not cut
    with "…", down to 1024x640 (its buttons then stand in a row at the foot)."""

    app = make_app(size)
    session = Session.new("champions-of-albion", [Seat("ai", "Ann", "normal")], 3)
    session.run_ai()
    assert session.over
    table = open_table(app, session)
    while not isinstance(app.stack.top, GameOverScene):
        app.stack.push(GameOverScene(app, table))
    scene = app.stack.top
    endings = standard_content().endings.values()
    assert len(endings) == 6
    for ending in endings:
        scene.ending = lambda ending=ending: {"title": ending.title, "text": ending.text, "outcome": ending.outcome}
        scene.ending_cut = False
        scene.layout(size)  # (the panel is as tall as the ending needs, up to the window)
        frames(app, 2)
        assert not scene.ending_cut, ending.title
        buttons = [b for b in scene.widgets if b.label in ("Play again", "Look at the table", "Back to title")]
        assert len(buttons) == 3 and all(scene.panel.contains(b.rect) for b in buttons)


def _four_champions_drawn(make_app, monkeypatch):
    """A table of four champions at 1024x640, drawn anew: the scene and every string drawn."""
    app = make_app((1024, 640))
    build_scene(app, "table", RULESET, 9, 60, 4)
    scene = app.stack.top
    table = scene.table
    log = TextLog(app.assets, table, monkeypatch)
    table.layout(table.area, table.scale)
    frames(app, 2)
    return scene, [text for text, _ in log.seen]


def test_the_initiative_order_names_every_champion_whole(make_app, monkeypatch):
    """CA-031: the round's panel says the order of play. With four champions at 1024x640 it
    ended "Order: Elin › Gareth › Idris…"; it takes a second line now."""
    scene, said = _four_champions_drawn(make_app, monkeypatch)
    start = next(i for i, text in enumerate(said) if text.startswith("Order: "))
    order = " ".join(said[start:start + 2])
    shorts = [c["short"] for c in scene.controller.view()["champions"]]
    assert len(shorts) == 4 and all(name in order for name in shorts), order
    assert not any(text.endswith("…") for text in said[start:start + 2])


def test_a_champions_panel_says_a_name_whole(make_app, monkeypatch):
    """Four champions' panels at 1024x640 read "Gareth Ston…", "Tamsin Goldv…": a name that
    does not fit is the one the log calls the champion by ("Gareth"), never cut."""
    scene, drawn = _four_champions_drawn(make_app, monkeypatch)
    said = set(drawn)
    champions = scene.controller.view()["champions"]
    assert all(c["name"] in said or c["short"] in said for c in champions), said
    assert not [t for t in said if t.endswith("…") and any(c["name"].startswith(t[:-1]) for c in champions)]
