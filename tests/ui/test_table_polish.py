"""Issue 12 items 5 and 6: what players found missing or wrong at the table."""

from __future__ import annotations

import pygame
import pytest

from game.session import Seat, Session
from game.ui import theme
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.rules import RulesScene
from game.ui.settings import Settings
from tests.ui.driver import frames, key, open_table, press


def test_a_rule_id_in_the_log_opens_the_rules_book_at_that_rule(make_app):
    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 4)
    scene = open_table(app, session)
    frames(app, 2)
    rule, _line, rect = next((r, line, rect) for r, line, rect in scene.log._lines if r)
    assert "click" in scene.log.tooltip_at(rect.center)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1)], 1 / 60)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.query == rule
    frames(app)
    assert app.stack.top.search.text == rule


def test_after_looking_at_the_final_table_the_results_are_one_click_away(make_app):
    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("ai", "Ann", "normal"), Seat("ai", "Bram", "normal")], 2,
                          options={"short_game": True})
    while session.step_ai() is not None:
        pass
    assert session.over
    scene = open_table(app, session)
    frames(app, 3)
    assert isinstance(app.stack.top, GameOverScene)
    press(app, "Look at the table")
    assert app.stack.top is scene
    frames(app, 2)
    press(app, "Back to the results")
    assert isinstance(app.stack.top, GameOverScene)


def test_f11_is_remembered_like_the_settings_toggle(make_app):
    app = make_app()
    assert not app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen == app.fullscreen and Settings.load().fullscreen == app.fullscreen


def test_full_screen_lays_the_table_out_at_the_displays_size_and_back(make_app):
    """Issue 12 item 5: full screen fills the display with the table laid out for it (not the
    window's pixels inside black bars), and F11 again gives the window its size back."""
    app = make_app(size=(1024, 640))
    session = Session.new("dungeon-delve", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 3)
    scene = open_table(app, session)
    small = scene.table.area.size
    key(app, pygame.K_F11)
    frames(app, 2)
    assert app.fullscreen and app.size == app.desktop_size() and app.size != (1024, 640)
    assert pygame.display.get_surface().get_size() == app.size
    assert scene.table.area.bottom == app.size[1] and scene.table.area.height > small[1]  # (the dummy display is 1024x768)
    assert scene.log.rect.right == app.size[0]  # the right-hand column stands at the display's edge
    key(app, pygame.K_F11)
    frames(app, 2)
    assert not app.fullscreen and app.size == (1024, 640) and scene.table.area.size == small


def test_an_event_naming_several_rules_shows_one_per_line_in_the_rule_column(make_app):
    """"BL-057, BL-058" was drawn whole in the rule column, over the line's text; each rule now
    stands on its own line (a line of its own if the text is shorter), and each is clickable."""
    from game.core.events import Event
    from game.ui.widgets.log_panel import LogPanel

    app = make_app()
    panel = LogPanel()
    panel.rect = pygame.Rect(900, 40, 300, 600)
    panel.draw(app.screen, app.assets, 1.0, [Event("buy", "BL-057, BL-058", "Ann buys a thing."),
                                             Event("note", "BL-001", "Next.")])
    assert [(rule, text) for rule, text, _ in panel._wrapped] == [
        ("BL-057", "Ann buys a thing."), ("BL-058", ""), ("BL-001", "Next.")]
    assert [panel.rule_at(rect.center) for _, _, rect in panel._lines] == ["BL-057", "BL-058", "BL-001"]


def test_the_log_wraps_only_new_lines_and_the_view_is_built_once_per_position(make_app):
    """Issue 12 benchmark: a frame re-wrapped the log's last 400 lines whenever it grew, and
    built the view twice."""
    from game.core.events import Event
    from game.ui.widgets.log_panel import KEEP, LogPanel

    app = make_app()
    panel = LogPanel()
    panel.rect = pygame.Rect(900, 40, 300, 600)
    events = [Event("note", "FH-001", f"Line {i}: " + "word " * (i % 9)) for i in range(KEEP + 50)]
    wraps = []
    real = app.assets.wrap
    app.assets.wrap = lambda *a: (wraps.append(a[0]), real(*a))[1]
    panel.draw(app.screen, app.assets, 1.0, events)
    assert len(wraps) == KEEP
    wraps.clear()
    events.append(Event("note", "FH-002", "One more line."))
    panel.draw(app.screen, app.assets, 1.0, events)
    assert wraps == ["One more line."]
    fresh = LogPanel()
    fresh.rect = panel.rect
    fresh.draw(app.screen, app.assets, 1.0, events)
    assert fresh._wrapped == panel._wrapped  # the same lines as wrapping all again
    shorter = list(events[:-5])
    panel.draw(app.screen, app.assets, 1.0, shorter)  # another list (after an undo): wrapped again
    again = LogPanel()
    again.rect = panel.rect
    again.draw(app.screen, app.assets, 1.0, shorter)
    assert panel._wrapped == again._wrapped

    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 4)
    scene = open_table(app, session)
    built = []
    real_view = session.game.view_for
    session.game.view_for = lambda seat: (built.append(seat), real_view(seat))[1]
    frames(app, 5)
    assert len(built) <= 1  # nothing changed: the view of this position is reused
    scene.controller.session.choices.append(None)  # a new position (as a choice would make)
    assert scene.controller.view() is not None and len(built) <= 2
    scene.controller.session.choices.pop()


def test_a_dimmed_hand_card_says_why_during_the_territory_choice(make_app):
    """Issue 12 item 6: at the attack question every hand card is dimmed; its tooltip says why."""
    from game.ai.agents import random_choice
    from game.core.rng import Rng

    app = make_app()
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 4)
    scene = open_table(app, session)
    for n in range(200):
        decision = scene.controller.my_decision()
        if decision is not None and decision.kind == "attack":
            break
        if decision is not None:
            scene.choose(random_choice(decision, Rng.seeded(n)))
        frames(app, 2)
    else:
        raise AssertionError("no attack question came up")
    card = session.game.view_for(0)["hand"][0]
    tip = scene.table.tooltip(("card", card), scene.controller.view(), decision)
    assert tip is not None and "Not now: first choose a territory to attack" in tip


def test_a_tooltip_leaves_the_dice_and_the_question_in_sight(make_app):
    """Issue 12 item 6: Dungeon Delve's odds tooltip covered the dice tray and the prompt."""
    from game.ui.widgets.tooltip import draw_tooltip

    app = make_app()
    text = "Attack Goblin Skulker with Light Crossbow: hit 83 %, expected damage 1.6, defeat 54 %. " * 3
    tray = pygame.Rect(8, 500, 700, 150)
    prompt = pygame.Rect(8, 658, 960, 54)
    drawn = []
    real = pygame.draw.rect

    def record(surface, colour, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)

    pygame.draw.rect = record
    try:
        draw_tooltip(app.screen, app.assets, text, (300, 420), 1.0, [tray, prompt])
    finally:
        pygame.draw.rect = real
    box = drawn[-1]
    assert not box.colliderect(tray) and not box.colliderect(prompt) and not box.collidepoint((300, 420))


def test_the_dice_tray_says_what_a_spent_surge_did(make_app):
    """Issue 12 item 6: the dice tray did not change after a surge was spent; now the surge's
    effect shows under the dice until the next roll."""
    from game.core.events import Event
    from game.core.dice import Die
    from game.ui.widgets.dice_tray import DiceTray

    app = make_app()
    session = Session.new("dungeon-delve", [Seat("ai", "Overlord", "random"), Seat("human", "Heroes")], 1)
    scene = open_table(app, session)
    red = Die.from_faces("red", "Red", [{"hearts": 1, "surge": 1}] * 6)
    scene.table.tray.set_result([red], [0])
    scene.table.animate(Event("surge", "DD-089", "Tamsin spends 1 surge: +1 heart.", headline="Surge: +1 heart"),
                        scene.controller.view())
    assert scene.table.tray.notes == ["Surge: +1 heart"]
    tray = DiceTray(pygame.Rect(0, 0, 600, 150))
    tray.set_result([red], [0])
    tray.notes.append("Surge: Blast")
    tray.draw(app.screen, app.assets, 1.0)  # drawn under the dice
    tray.set_result([red], [1])
    assert tray.notes == []  # a new roll starts clean


def test_a_name_a_little_too_wide_is_set_smaller_before_it_is_cut(make_app):
    assets = make_app().assets
    name = "Marisol Tidecaller"
    full = assets.font("bold", 22).size(name)[0]
    # A tenth too wide at 22: a smaller size that fits is found, and nothing is cut at it.
    size = assets.fitting_size(name, "bold", 22, full * 9 // 10, 17)
    assert 17 < size < 22 and assets.font("bold", size).size(name)[0] <= full * 9 // 10
    assert assets.fit(name, "bold", size, full * 9 // 10) == name
    # Far too wide: the smallest size allowed, and the name then cut with "…".
    assert assets.fitting_size(name, "bold", 22, full // 2, 17) == 17
    assert assets.fit(name, "bold", 17, full // 2).endswith("…")
    assert assets.fitting_size(name, "bold", 22, full, 17) == 22   # fits: its own size
    # Never below the smallest text the table draws, whatever the caller allows.
    assert assets.fitting_size(name, "bold", 22, 10, 5) == theme.MIN_TEXT_PX


def test_a_stat_too_wide_for_its_round_badge_gets_a_pill_that_holds_it(make_app):
    """A monster's 260 GP on a small card (the Encounter's, about 100 px wide) did not fit its
    round badge and spilled over its edge; it now sits in a pill drawn from its corner, inside
    the art panel. A one- or two-digit stat keeps its round badge."""
    from game.ui.widgets.card_view import CardRenderer, Stat

    app = make_app()
    renderer = CardRenderer(app.assets)
    surface = pygame.Surface((104, 146), pygame.SRCALPHA)
    art = pygame.Rect(6, 40, 92, 96)
    for corner, value in (("br", "260"), ("bl", "1000"), ("tl", "5"), ("tr", "+4")):
        badge, drawn = renderer._emblem(surface, Stat(corner, "coins", value, ""), art, 104)
        assert badge.left + 2 <= drawn.left and drawn.right <= badge.right - 2, (value, badge, drawn)
        assert art.contains(badge), (value, badge)
        assert (badge.width == badge.height) == (len(value) <= 2), (value, badge)


@pytest.mark.parametrize("ruleset, seats", [("fantasy-heroes", 3), ("dungeon-delve", 2), ("champions-of-albion", 2),
                                            ("buck-legacy", 3), ("fantasy-adventures", 3)])
def test_the_tables_tooltips_and_answers_read_as_words(make_app, ruleset, seats):
    """Every tooltip of every thing a table draws, and every answer the panel lists, at a few
    points of a game: no "card(s)", no "1 cards", no card id or empty value in place of words."""
    import itertools
    import re

    from game.ui.main import build_scene

    app = make_app()
    from tests.test_words_in_logs import ODD_WORDS

    odd = {name: re.compile(pattern) for name, pattern in ODD_WORDS.items()}
    found: list[tuple[str, str]] = []
    for seed, steps in itertools.product((1, 2), (10, 60, 150, 300)):
        build_scene(app, "table", ruleset, seed, steps, seats)
        scene = app.stack.top
        frames(app, 1)
        view, decision = scene.controller.view(), scene.controller.my_decision()
        texts = [scene.table.tooltip(target, view, decision) or "" for _rect, target in list(scene.table.hits)]
        if decision is not None:
            texts += [decision.prompt] + [e.label for g in scene._panel_rows(decision)[0] for e in g.entries]
        found += [(name, text) for text in texts for name, pattern in odd.items() if pattern.search(text)]
    assert not found, found[:5]


def test_a_thing_with_many_answers_says_they_open_in_the_panel_not_all_of_them():
    """A hero that may move to any of seven places: its tooltip names two of the seven and says
    the click opens them in the panel; a thing with up to three answers names each."""
    from game.core.decision import Decision, Option
    from game.ui.tables.base import TIP_ANSWERS, Table

    hero = ("card", "reef_guard")
    moves = tuple(Option(f"move:{i}", f"Move Reef Guard to place {i}", hero) for i in range(1, 8))
    tip = Table.with_options("Reef Guard.", hero, Decision(0, "rearrange", "Rearrange.", moves))
    assert tip == ("Reef Guard.\nClick: its 7 answers open in the panel (Move Reef Guard to place 1 / "
                   "Move Reef Guard to place 2 / …)")
    few = moves[:TIP_ANSWERS]
    tip = Table.with_options("Reef Guard.", hero, Decision(0, "rearrange", "Rearrange.", few))
    assert tip == "Reef Guard.\nClick: " + " / ".join(o.label for o in few)


def test_a_card_in_the_battle_is_not_said_to_be_unplayable_now(make_app):
    """Fantasy Heroes: at a battle window, a card already in the battle (the attacker's hero) is
    described, and not given the "Not now" of a dimmed hand card; a hand card keeps its answer."""
    from game.ui.main import build_scene

    app = make_app()
    build_scene(app, "table", "fantasy-heroes", 1, 20, 3)
    scene = app.stack.top
    frames(app, 1)
    view, decision = scene.controller.view(), scene.controller.my_decision()
    assert decision is not None and decision.kind == "window"
    in_battle = [c for side in view["battle"]["sides"]
                 for c in [side["hero"], side["artifact"], *side["minions"], *side["spells"]] if c]
    assert in_battle and not set(in_battle) & set(view["hand"])
    for card in in_battle:
        assert "Not now" not in scene.table.tooltip(("card", card), view, decision)
    playable = next(o for o in decision.options if o.target)
    assert "Click: " + playable.label in scene.table.tooltip(playable.target, view, decision)


def test_parts_of_a_line_are_wrapped_between_parts_never_inside_one(make_app):
    """Dungeon Delve's hero sheets: "Armor: –" is never split over two lines; a part wider than
    a line is wrapped by its words."""
    app = make_app()
    assets = app.assets
    parts = ["Hands: Broadsword, Round Shield", "Armor: –", "Other: Lucky Stone, Ring of Focus"]
    width = assets.font("body", 15).size("Hands: Broadsword, Round Shield · Armor:")[0]
    lines = assets.wrap_parts(parts, "body", 15, width)
    assert len(lines) > 1, lines
    assert all(assets.font("body", 15).size(line)[0] <= width for line in lines)
    for part in parts:
        assert any(part in line for line in lines), (part, lines)  # each part whole on one line
    narrow = assets.font("body", 15).size("Hands: Broadsword,")[0]
    wrapped = assets.wrap_parts(parts[:1], "body", 15, narrow)
    assert len(wrapped) > 1 and " ".join(wrapped) == parts[0]


@pytest.mark.parametrize("ruleset, seed, steps, expected", [
    ("fantasy-adventures", 4, 50, r"^Fantasy Adventures: Ann 0, Bram \d+ GP · 1 game turn$"),
    ("buck-legacy", 4, 50, r"^Buck: Legacy: Ann \d+, Bram \d+ Medals · \d+ adventures$"),
])
def test_the_results_count_the_games_length_in_its_own_words(make_app, ruleset, seed, steps, expected):
    """The game over said "1 game turns": the length is counted as one or many of the game's
    turns ("1 game turn", "6 adventures"), and Buck: Legacy's scores are Medals, as its rules
    write them."""
    import re

    from game.ui.main import build_scene

    app = make_app((1024, 640))
    build_scene(app, "game-over", ruleset, seed, steps)
    scene = app.stack.top
    assert isinstance(scene, GameOverScene)
    assert re.match(expected, scene.result_line()), scene.result_line()


def test_six_adventurers_results_wrap_inside_the_game_over_panel(make_app):
    """Six Adventurers' Medals ran past both sides of the game over's panel at 1024x640, and
    shared winners read "Dain and Edda and Finn": the headline and the scores wrap inside the
    panel, which grows to hold them above its buttons, and names are listed with commas."""
    from game.ui.main import build_scene

    app = make_app((1024, 640))
    build_scene(app, "game-over", "buck-legacy", 4, 50, seats=6)
    scene = app.stack.top
    assert isinstance(scene, GameOverScene)
    frames(app)
    s, a = app.scale, app.assets
    assert len(scene.result_lines) >= 2 and " ".join(scene.result_lines) == scene.result_line()
    for text, role, size in [(t, "heading", 26) for t in scene.headline_lines] + \
                            [(t, "body", 17) for t in scene.result_lines]:
        assert a.text(text, role, theme.px(size, s), (0, 0, 0)).get_width() <= scene.panel.width - theme.px(40, s)
    winners = scene.session.game.outcome().winners
    assert " and " not in scene.headline().replace(f" and {scene.session.seats[winners[-1]].name}", "", 1)
    buttons = [w for w in scene.widgets if getattr(w, "label", "") in ("Play again", "Look at the table")]
    assert all(scene.panel.contains(b.rect) for b in buttons)
    text_bottom = (scene.panel.y + theme.px(74 + 50 + 4 + 8, s)
                   + len(scene.headline_lines) * a.font("heading", theme.px(26, s)).get_height()
                   + a.font("italic", theme.px(17, s)).get_height()
                   + len(scene.result_lines) * a.font("body", theme.px(17, s)).get_height())
    assert text_bottom <= min(b.rect.top for b in buttons)


def test_the_reason_is_one_sentence_with_its_rule(make_app):
    """Champions of Albion's defeat read "Every champion has fallen. (CA-162).": one full stop."""
    from game.ui.main import build_scene

    app = make_app((1024, 640))
    build_scene(app, "game-over", "champions-of-albion", 4, 50)
    scene = app.stack.top
    assert isinstance(scene, GameOverScene)
    outcome = scene.session.game.outcome()
    assert outcome.reason.endswith(".")  # the case this guards
    assert scene.reason_line() == f"{outcome.reason[:-1]} ({outcome.rule})."
