"""The rules book's row of games (issue 14): one button per game of the window, each as wide as
its name, all inside the window and clear of the search box, Back and the text, at 1280x720 and
at the smallest window size the settings allow; more games than a row holds start a new row."""

from __future__ import annotations

import itertools

import pytest

from game.core import registry
from game.ui.scenes.rules import RULE_ID, RulesScene, range_width
from game.ui.settings import WINDOW_SIZES
from game.ui.widgets.basic import Button
from tests.ui.driver import frames, press


def _rules(app, system_id: str = "fantasy-adventures") -> RulesScene:
    scene = RulesScene(app, system_id)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def _game_buttons(scene: RulesScene) -> list[Button]:
    titles = {registry.get(sid).title for sid in registry.window_ids()}
    return [w for w in scene.widgets if isinstance(w, Button) and w.label in titles]


def _check_fits(app, scene: RulesScene, count: int) -> None:
    screen = app.screen.get_rect()
    buttons = _game_buttons(scene)
    assert len(buttons) == count
    for widget in scene.widgets:
        assert screen.contains(widget.rect), (getattr(widget, "label", widget), widget.rect)
        assert not widget.rect.colliderect(scene.text_rect)
    for a, b in itertools.combinations(scene.widgets, 2):
        assert not a.rect.colliderect(b.rect), (getattr(a, "label", a), getattr(b, "label", b))
    for button in buttons:  # the whole name, in the button's own font
        assert button.text_size is not None and button.text_size >= 15
        width = app.assets.font("heading", button.text_size).size(button.label)[0]
        assert width <= button.rect.width - 12, button.label


@pytest.mark.parametrize("size", [(1280, 720), min(WINDOW_SIZES)], ids=["1280x720", "smallest"])
def test_every_games_button_fits_the_window(make_app, size):
    app = make_app(size)
    scene = _rules(app)
    _check_fits(app, scene, len(registry.window_ids()))
    assert len({b.rect.y for b in _game_buttons(scene)}) == 1  # the five games on one row
    press(app, "Champions of Albion")
    assert scene.system_id == "champions-of-albion"
    press(app, "Fantasy Adventures")
    assert scene.system_id == "fantasy-adventures"
    assert [b.label for b in _game_buttons(scene) if b.primary] == ["Fantasy Adventures"]


def test_more_games_than_a_row_holds_wrap_and_the_text_moves_down(make_app, monkeypatch):
    app = make_app(min(WINDOW_SIZES))
    one_row = _rules(app).text_rect.top
    app.stack.pop()
    ids = registry.window_ids()
    monkeypatch.setattr(registry, "window_ids", lambda: ids * 2)
    scene = _rules(app)
    buttons = [w for w in scene.widgets if isinstance(w, Button) and w.label not in ("Back",)]
    assert len(buttons) == 2 * len(ids) and len({b.rect.y for b in buttons}) >= 2
    assert scene.text_rect.top > one_row
    screen = app.screen.get_rect()
    for a, b in itertools.combinations(scene.widgets, 2):
        assert not a.rect.colliderect(b.rect)
    assert all(screen.contains(w.rect) and not w.rect.colliderect(scene.text_rect) for w in scene.widgets)



PREFIXES = {"fantasy-heroes": "FH", "dungeon-delve": "DD", "champions-of-albion": "CA", "buck-legacy": "BL",
            "fantasy-adventures": "FA"}


@pytest.mark.parametrize("system_id", registry.window_ids())
def test_the_search_examples_are_the_shown_books_own(make_app, system_id):
    """The search box's placeholder offers a word and a rule ID of the book shown (Buck:
    Legacy's offered "FH-021", a rule of another game); each finds something there, and the
    placeholder follows a change of book."""
    app = make_app()
    scene = _rules(app, system_id)
    placeholder = scene.search.placeholder
    word, rule = placeholder.removeprefix("Search (e.g. ").removesuffix(")").split(" or ")
    assert rule == f"{PREFIXES[system_id]}-021"
    for query in (word, rule):
        scene.set_query(query)
        found = [text for kind, text in scene.visible_blocks() if not kind.startswith("h")]
        assert any(query.lower() in text.lower() or range_width(text, query) for text in found), (system_id, query)
    other = next(s for s in registry.window_ids() if s != system_id)
    scene.pick(other)
    assert scene.search.placeholder.endswith(f" or {PREFIXES[other]}-021)")


@pytest.mark.parametrize("system_id", registry.window_ids())
def test_every_rule_id_finds_its_rule(make_app, system_id):
    """A rule ID clicked in the log opens the book searched for it, so every rule of the book
    finds a block, a rule cited only in a range too (Fantasy Heroes cites FH-021 only in
    "[FH-020–FH-022]"), and an ID no block holds or cites finds nothing."""
    app = make_app()
    scene = _rules(app, system_id)
    cited = [int(m[3:]) for _, text in scene.blocks for m in RULE_ID.findall(text) if m.startswith(PREFIXES[system_id])]
    for number in range(1, max(cited) + 1):
        scene.set_query(f"{PREFIXES[system_id]}-{number:03d}")
        assert any(not kind.startswith("h") for kind, _ in scene.visible_blocks()), scene.query
    scene.set_query(f"{PREFIXES[system_id]}-{max(cited) + 1:03d}")
    assert scene.visible_blocks() == []



def test_a_rule_in_a_cited_range_is_found_by_its_narrowest_range(make_app):
    """FH-021 lies inside "[FH-020–FH-022]" and the book's opening "[FH-001–FH-134]": its search
    shows the blocks of the narrow range and not the opening; a rule the text names shows only
    the blocks that name it; a range of another game, or one that ends before it, does not hold it."""
    assert range_width("… until he has exactly 7. [FH-020–FH-022]", "FH-021") == 3
    assert range_width("… [FH-020–FH-022] and [FH-001–FH-134]", "FH-021") == 3
    assert range_width("… [FH-020–FH-022]", "BL-021") is None
    assert range_width("… [FH-018–FH-020]", "FH-021") is None
    scene = _rules(make_app(), "fantasy-heroes")
    scene.set_query("FH-021")
    texts = [text for kind, text in scene.visible_blocks() if not kind.startswith("h")]
    assert texts and all("[FH-020–FH-022]" in text for text in texts)
    scene.set_query("BL-021")
    assert scene.visible_blocks() == []


@pytest.mark.parametrize("system_id", registry.window_ids())
def test_every_rule_a_log_line_names_is_found_in_its_book(make_app, system_id):
    """A log line's rule ID, clicked, opens the book searched for it: every ID the log of a few
    games names (each of several, "BL-057, BL-065") finds its rule there. Buck: Legacy named
    ability kinds of the checklist's table ("AK-17") that the book does not hold."""
    from game.session import Seat, Session

    named: set[str] = set()
    for seed, level in ((1, "normal"), (2, "random"), (3, "random")):
        seats = 2 if system_id != "champions-of-albion" else 1
        options = registry.get(system_id).playout_options if level == "random" else None  # random play ends
        session = Session.new(system_id, [Seat("ai", f"P{i}", level) for i in range(max(2, seats))], seed, options)
        session.run_ai()
        named |= {rule.strip() for event in session.log if event.rule for rule in event.rule.split(",")}
    scene = _rules(make_app(), system_id)
    assert len(named) > 20
    for rule in sorted(named):
        scene.set_query(rule)
        assert scene.visible_blocks(), f"{rule}: the log names it, the rules book finds nothing"


def test_a_heading_that_names_the_rule_shows_its_whole_section(make_app):
    """Champions of Albion's rulings are headings ("The main enemy's moves (G-38)") over
    paragraphs that do not repeat the ID: searching G-38 shows that section, and no other."""
    scene = _rules(make_app(), "champions-of-albion")
    start = next(i for i, (kind, text) in enumerate(scene.blocks) if kind.startswith("h") and "(G-38)" in text)
    end = next(i for i in range(start + 1, len(scene.blocks)) if scene.blocks[i][0] <= scene.blocks[start][0])
    scene.set_query("G-38")
    shown = scene.visible_blocks()
    assert shown[0] == scene.blocks[start] and len(shown) >= 2
    assert all(block in scene.blocks[start:end] for block in shown if "G-38" not in block[1])
