"""Issue 12: one action panel for every table, and input that acts only on what the player saw."""

from __future__ import annotations

import pygame

from game.ai.agents import random_choice
from game.core.rng import Rng
from game.session import Seat, Session
from game.ui import theme
from game.ui.scenes.table import GUARD_SECONDS, TableScene
from game.ui.widgets.action_panel import ActionPanel, Entry, Group, text_px
from tests.ui.driver import buttons, click, frames, open_table, press, settle


LONG = ["Buy the Enchanted Longsword of the Northern Marches for 12 gold", "Sell the Cracked Buckler",
        "Equip the Ring of Quiet Steps in the second ring slot", "Cast Frost Lance on the Goblin Archer",
        "Pass the Tesla coil to the adventurer on your left"]


def test_the_panel_shows_30_answers_whole_and_legible_at_1024x640(make_app):
    """Thirty answers in the right-hand column at the smallest window: every label whole (wrapped,
    never cut), text at least 15 px, numbered shortcuts for the first ten, every row reachable by
    the wheel when they do not all fit, and the ending row in one place throughout."""
    app = make_app((1024, 640))
    scale = theme.scale_for((1024, 640))
    assert text_px(scale) >= theme.MIN_TEXT_PX
    area = pygame.Rect(1024 - theme.px(300, scale), 40, theme.px(300, scale), 560)
    entries = [Entry(f"opt:{i}", f"{LONG[i % len(LONG)]} ({i + 1})") for i in range(30)]
    groups = [Group("Market", entries[:12]), Group("Spells", entries[12:20]), Group("Party", entries[20:])]
    chosen: list[str] = []
    panel = ActionPanel()
    panel.build(area, groups, Entry("end", "End the market phase"), lambda e: chosen.append(e.key),
                app.assets, scale)
    rows = [b for b in panel.buttons if b is not panel.fixed]
    assert len(rows) == 30
    for row in rows:
        assert " ".join(row.lines) == row.label  # the whole label, wrapped
        for line in row.lines:
            assert app.assets.font("bold", text_px(scale)).size(line)[0] <= row.rect.width
    assert [r.badge for r in rows[:10]] == [str(n) for n in range(1, 10)] + ["0"]
    fixed_at = panel.fixed.rect.copy()
    seen = {r.label for r in rows if r.visible}
    for _ in range(60):
        panel.wheel(panel.rect.center, -1, scale)
        seen |= {r.label for r in rows if r.visible}
        assert panel.fixed.rect == fixed_at
    assert seen == {r.label for r in rows}
    panel.build(area, [Group("Market", entries[:2])], Entry("end", "End the market phase"), lambda e: None,
                app.assets, scale)
    assert panel.fixed.rect == fixed_at  # fewer rows, the same place for the ending answer
    panel.buttons[0].on_click()
    assert chosen == []  # the old rows' actions went with them


def _fantasy_heroes_table(app) -> tuple[TableScene, Session]:
    session = Session.new("fantasy-heroes", [Seat("human", "Ann"), Seat("ai", "Bram", "normal")], 4)
    scene = open_table(app, session)
    return scene, session


def test_a_click_right_after_the_question_changes_does_nothing(make_app):
    app = make_app()
    scene, session = _fantasy_heroes_table(app)
    settle(app)
    decision = scene.controller.my_decision()
    assert decision is not None
    made = len(session.choices)
    scene.guard_until = scene.clock + GUARD_SECONDS  # as if the question had just been drawn
    row = next(b for b in scene.buttons if b.visible)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.rect.center, button=1)], 1 / 60)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)], 1 / 60)
    assert len(session.choices) == made and scene.guard_left > 0
    click(app, row.rect.center)  # after the guard (the driver waits as a player looks first)
    assert len(session.choices) > made or scene.sub_options is not None


def test_the_ending_answer_has_the_fixed_place_and_the_e_key(make_app):
    app = make_app()
    scene, session = _fantasy_heroes_table(app)
    for _ in range(400):
        settle(app)
        decision = scene.controller.my_decision()
        if decision is not None and any(o.id == "pass" for o in decision.options) and decision.max_choices == 1:
            break
        if decision is None:
            frames(app)
            continue
        scene.choose(random_choice(decision, Rng.seeded(len(session.choices))))
        frames(app, 2)
    else:
        raise AssertionError("no question with a pass came up")
    frames(app)
    passing = next(o for o in decision.options if o.id == "pass")
    assert scene.panel.fixed is not None and scene.panel.fixed.label == passing.label
    assert scene.panel.fixed.rect.bottom > scene.panel.rect.bottom - theme.px(20, app.scale)
    made = len(session.choices)
    settle(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e", scancode=0)], 1 / 60)
    assert session.choices[made].option_ids == ("pass",)


def _dungeon_delve_feat(app) -> tuple[TableScene, Session, str]:
    """A hero's turn at which the Cinder Storm may be used (seed 1, found by random play)."""
    session = Session.new("dungeon-delve", [Seat("ai", "Overlord", "random"), Seat("human", "Heroes")], 1)
    rng = Rng.seeded(1)
    for _ in range(400):
        decision = session.pending()
        assert decision is not None
        feats = [o.id for o in decision.options if o.id.startswith("feat:")]
        if decision.seat == 1 and decision.kind == "action" and feats:
            return open_table(app, session), session, feats[0]
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            session.choose(decision.seat, list(random_choice(decision, rng)))
    raise AssertionError("no heroic feat came up")


def test_a_heroic_feat_asks_once_more_and_the_setting_can_turn_that_off(make_app):
    app = make_app()
    scene, session, feat = _dungeon_delve_feat(app)
    option = scene.controller.my_decision().option(feat)
    made = len(session.choices)
    scene.pick(option, scene.controller.my_decision())
    frames(app, 2)
    assert len(session.choices) == made, "a once-per-game feat was spent on one click"
    sure = [o for o in scene.sub_options or () if o.id.startswith("__sure:")]
    assert sure and "once per game" in sure[0].detail
    assert any(b.label == "Back" for b in buttons(scene))
    press(app, sure[0].label[:30])
    assert session.choices[made].option_ids == (feat,)
    app2 = make_app()
    app2.settings.confirm_risky = False
    scene2, session2, feat2 = _dungeon_delve_feat(app2)
    made2 = len(session2.choices)
    scene2.pick(scene2.controller.my_decision().option(feat2), scene2.controller.my_decision())
    assert session2.choices[made2].option_ids == (feat2,)


def test_lit_squares_look_like_what_a_click_there_does(make_app):
    """Issue 12 item 4: feat squares do not look like movement squares (colour and mark)."""
    from game.ui.boards.grid import LIT_LOOKS

    app = make_app()
    scene, session, feat = _dungeon_delve_feat(app)
    decision = scene.controller.my_decision()
    lit = {o.target for o in decision.options if o.target}
    kinds = scene.table._lit_kinds(scene.controller.view(), decision, lit)
    feat_square = tuple(int(v) for v in feat.split(":")[1].split(","))
    assert kinds[feat_square] == "area"
    moves = [o for o in decision.options if o.id.startswith("move:")]
    for option in moves:
        square = tuple(int(v) for v in option.id.split(":")[1].split(","))
        if not any(o.target == option.target and not o.id.startswith("move:") for o in decision.options):
            assert kinds[square] == "move"
    looks = {LIT_LOOKS[k] for k in ("move", "attack", "feat", "area")}
    assert len(looks) == 4 and len({(icon, dashed) for _, icon, dashed in looks}) == 4  # never colour alone
    tip = scene.table.tooltip(("square", feat.split(":")[1]), scene.controller.view(), decision)
    assert tip is not None and "Click: " in tip


def test_a_battle_result_waits_on_the_table_until_space(make_app):
    """Issue 12 item 3: at Normal speed a battle's result stays on screen, and nothing moves on
    (no AI choice) until Space, a click or the set time; 'Your turn' greets the human."""
    from game.ai import make_agent
    from game.ui.animation import Banner

    app = make_app(speed="normal")
    app.settings.result_seconds = 0  # until a click or Space
    scene, session = _fantasy_heroes_table(app)
    stand_in = make_agent("normal", "fantasy-heroes", 3, 0)
    banners: list[str] = []
    real_add = scene.animations.add

    def add(*items):
        banners.extend(i.text for i in items if isinstance(i, Banner))
        return real_add(*items)

    scene.animations.add = add
    for _ in range(6000):
        if scene.held is not None:
            break
        decision = scene.controller.my_decision()
        if decision is not None and not scene.animations.busy and scene.guard_left <= 0:
            scene.choose(stand_in.choose(scene.controller.view(), decision))
        app.step([], 1 / 30)
    assert scene.held is not None, "no battle was fought"
    assert "wins" in scene.held.text or "holds" in scene.held.text
    made = len(session.choices)
    for _ in range(90):  # three seconds of frames: nothing goes on
        app.step([], 1 / 30)
    assert scene.held is not None and len(session.choices) == made
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)], 1 / 30)
    assert scene.held is None
    assert "Your turn" in banners


def test_a_phase_with_nothing_legal_is_announced_with_its_reason(make_app):
    from game.core.events import Event
    from game.ui.animation import Banner

    app = make_app(speed="normal")
    scene, session = _fantasy_heroes_table(app)
    settle(app)
    scene.controller.new_events.append(Event("skipped", "FH-025", "Bram's Attack Phase ends at once: no cards "
                                             "in hand.", headline="Bram's Attack Phase is skipped: no cards in hand"))
    app.step([], 1 / 60)
    texts = [a.text for group in scene.animations.groups for a in group if isinstance(a, Banner)]
    assert any("skipped: no cards in hand (FH-025)" in t for t in texts)
