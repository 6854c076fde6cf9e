"""The Buck: Legacy table in the window (headless): it draws the character choice, the
Market, a battle and a Boss round with no text under 15 px at 1280x720 and 1024x640; six
Adventurers' stat cards fit without overlapping; options light what they point at (a shop
card, a die, an Adventurer) and a click there answers that option; a seat's table never draws
another seat's backpack (hot-seat privacy, BL-073); the Blind shop stays face down; and the
terminal drawing says the same things in words.

Positions come from ``build_scene`` (seat 0 human, played by a stand-in normal AI, the others
normal AIs) or from a session whose every seat is human (the test answers for them).
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ai import make_agent
from game.session import Seat, Session
from game.ui.main import build_scene
from game.ui.scenes.table import TableScene
from game.ui.tables.buck_legacy import BuckLegacyTable
from tests.ui.driver import click, frames, open_table, point_on, wait_for

RULESET = "buck-legacy"


def first(seed: int, seats: int, wanted, limit: int = 400) -> tuple[int, int, int]:
    """(seed, steps, seats) of the first position of the demo session (seat 0 at the screen,
    played by a stand-in normal AI) at which ``wanted(state, decision)`` holds: found by play,
    so a change of the rules that moves it does not break the test. The session is made and
    stepped as ``demo_session`` makes and steps it, one choice a step; ``demo_session(steps)``
    stops at the first question of seat 0 after that many, which is where this one checks."""
    names = ["Ann", "Bram", "Cora", "Dain", "Edda", "Finn"]
    session = Session.new(RULESET, [Seat("human", names[0])] + [Seat("ai", names[i], "normal")
                                                               for i in range(1, seats)], seed, {})
    stand_in = make_agent("normal", RULESET, seed + 17, 0)
    for steps in range(limit):
        decision = session.pending()
        assert decision is not None, "the game ended before the position was found"
        if decision.seat == 0 and wanted(session.game.state, decision):
            return seed, steps, seats
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            session.choose(0, stand_in.choose(session.game.view_for(0), decision))
    raise AssertionError("no such position")


def _die_option(state, decision) -> bool:
    # (exactly one answer on the black die: a click there answers it, with no list to pick from)
    return decision.rule == "BL-115" and state.fight is not None and state.fight.fighter == 0 and sum(
        o.target == ("die", "black") for o in decision.options) == 1


# (seed, steps, seats): positions of the demo session (seat 0 at the screen).
SETUP = (3, 0, 2)        # Ann picks her Race
MARKET = first(3, 2, lambda st, d: d.kind == "market" and "buy:1" in d.option_ids)  # the first card affordable
COMPARE = first(3, 2, _die_option)   # Ann fights; a card of hers may change the white or the black die
BOSS = first(3, 2, lambda st, d: st.fight is not None and st.fight.boss and st.fight.red > 0)  # a Boss round
# A Boss round whose red die rolled Furious Attack (3), beside the fighter's and the Boss's dice:
# the name is wider than its die's column
FURIOUS = first(1, 2, lambda st, d: st.fight is not None and st.fight.boss and st.fight.red == 3
                and st.fight.white > 0)
SIX_FIGHT = first(5, 6, lambda st, d: "support" in d.option_ids)  # six Adventurers; Ann may Support
SIX_MARKET = first(5, 6, lambda st, d: d.kind == "market")          # six Adventurers in the Market
SIX_GEARED = first(5, 6, lambda st, d: d.kind == "market" and len(st.adventurers[0].slots) >= 3,
                   limit=3000)  # Ann in the Market with at least three cards equipped


class Drawn:
    """Every string (and its size) and every card face the table draws while it draws."""

    def __init__(self, scene, monkeypatch):
        self.text: list[tuple[str, int]] = []
        self.faces: list[str] = []
        self.active = False
        assets, table, renderer = scene.app.assets, scene.table, scene.renderer
        text, draw, face = assets.text, table.draw, renderer.face

        def logged_text(value, role="body", size=18, colour=(0, 0, 0)):
            if self.active:
                self.text.append((value, size))
            return text(value, role, size, colour)

        def logged_face(card, size):
            if self.active:
                self.faces.append(card.name)
            return face(card, size)

        def logged_draw(*args, **kwargs):
            self.active = True
            try:
                return draw(*args, **kwargs)
            finally:
                self.active = False

        monkeypatch.setattr(assets, "text", logged_text)
        monkeypatch.setattr(renderer, "face", logged_face)
        monkeypatch.setattr(table, "draw", logged_draw)


def table_at(app, position, options=None) -> TableScene:
    seed, steps, seats = position
    build_scene(app, "table", RULESET, seed, steps, seats, options)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.table, BuckLegacyTable)
    frames(app, 2)
    return scene


def hover(app, pos) -> None:
    for _ in range(2):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)


def last_human_choice(session):
    return next(c for c in reversed(session.choices) if c.by_human)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
@pytest.mark.parametrize("position", [SETUP, MARKET, COMPARE, BOSS, SIX_FIGHT],
                         ids=["setup", "market", "compare", "boss", "six-fight"])
def test_the_table_draws_with_readable_text(make_app, size, position, monkeypatch):
    app = make_app(size)
    scene = table_at(app, position)
    table = scene.table
    drawn = Drawn(scene, monkeypatch)
    frames(app, 2)
    spot = next((p for p in (point_on(table, t) for _, t in table.hits if t[0] == "card") if p), None)
    if spot is not None:  # the enlarged card on hover is readable too
        hover(app, spot)
        assert table.preview_rect is not None
    assert drawn.text and min(s for _, s in drawn.text) >= 15, sorted(drawn.text, key=lambda t: t[1])[:3]
    assert not app.assets.missing_glyphs
    for rect, target in table.hits:
        assert table.area.contains(rect), (target, rect)
        assert not rect.colliderect(scene.prompt_rect), target
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, size[0], 9) for y in range(0, size[1], 7)}
    assert len(colours) > 40


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
@pytest.mark.parametrize("position", [SIX_FIGHT, SIX_MARKET], ids=["fight", "market"])
def test_six_adventurers_fit(make_app, size, position):
    app = make_app(size)
    scene = table_at(app, position)
    table = scene.table
    cards = [table.places[f"seat:{seat}"] for seat in range(6)]
    for a, b in itertools.combinations(cards, 2):
        assert not a.colliderect(b), (a, b)
    for rect in cards:
        assert table.area.contains(rect) and not rect.colliderect(scene.prompt_rect)
    opponents = cards[1:]
    assert all(r.bottom <= table.centre_rect.top for r in opponents)
    assert cards[0].top >= scene.prompt_rect.bottom  # the seat at the screen, under the prompt
    # Each opponent's slots and backpack count stay inside its card.
    for rect, target in table.hits:
        if target[0] in ("slot", "backpack", "ddeck", "stat", "strength"):
            seat = int(target[1].rpartition(":")[2] if target[0] == "stat" else target[1].partition(":")[0])
            assert table.places[f"seat:{seat}"].contains(rect), target


def test_lit_things_answer_when_clicked(make_app):
    """Every option that points at something drawn is lit there and can be clicked; a click on
    a shop card buys it (the market), on a die uses the card that changes it (the Compare
    window), on an Adventurer Supports him."""
    app = make_app()
    scene = table_at(app, MARKET)
    table = scene.table
    decision = scene.controller.my_decision()
    shown = table.visible_targets()
    for option in decision.options:
        if option.target in shown:
            pos = point_on(table, option.target)
            assert pos is not None and table.target_at(pos) == option.target, option
        else:
            assert table.wants_button(option, shown), option
    buy = decision.option("buy:1")
    assert buy is not None and ("shop", "1") in shown
    click(app, point_on(table, ("shop", "1")))
    frames(app, 2)
    assert last_human_choice(scene.controller.session).option_ids == ("buy:1",)

    scene = table_at(app, COMPARE)
    table = scene.table
    decision = scene.controller.my_decision()
    black = next(o for o in decision.options if o.target == ("die", "black"))
    assert ("die", "black") in table.visible_targets()
    hover(app, point_on(table, ("die", "black")))
    assert app.tooltip is not None and "Black die" in app.tooltip[0] and "Click:" in app.tooltip[0]
    click(app, point_on(table, ("die", "black")))
    frames(app, 2)
    assert last_human_choice(scene.controller.session).option_ids == (black.id,)

    scene = table_at(app, SIX_FIGHT)
    table = scene.table
    support = scene.controller.my_decision().option("support")
    assert support is not None and support.target in table.visible_targets()
    click(app, point_on(table, support.target))
    frames(app, 2)
    assert last_human_choice(scene.controller.session).option_ids == ("support",)


def test_a_card_with_several_answers_asks_which(make_app):
    """An equipped card may be unequipped, sold or given: a click lists those answers."""
    app = make_app()
    scene = table_at(app, (3, 40, 2))
    table = scene.table
    decision = scene.controller.my_decision()
    by_target = {}
    for option in decision.options:
        if option.target is not None and option.target[0] == "card":
            by_target.setdefault(option.target, []).append(option)
    target, options = next((t, o) for t, o in by_target.items() if len(o) > 1)
    click(app, point_on(table, target))
    frames(app)
    assert scene.sub_options is not None and {o.id for o in scene.sub_options} == {o.id for o in options}


def test_the_fight_shows_the_terms_and_the_odds(make_app):
    app = make_app()
    scene = table_at(app, COMPARE)
    table = scene.table
    view = scene.controller.view()
    fight = view["fight"]
    tip = table.tooltip(("term", "strength"), view, None)
    assert tip is not None and f"Combat Strength {fight['strength']}" in tip
    race = scene.controller.session.game.system.content.races[view["adventurers"][0]["race"]].name
    assert race in tip  # the parts: Race, Class, equipment...
    chance = table.tooltip(("term", "chance"), view, None)
    assert f"{fight['chance']:.1%}" in chance and f"win {fight['win']:.1%}" in chance
    assert table.places["tray"].width > 0 and len(table.tray.dice) == 2  # the white and black dice
    assert [d.id for d in table.tray.dice] == ["white", "black"]


def test_the_boss_round_shows_the_red_die_and_the_boss(make_app):
    app = make_app()
    scene = table_at(app, BOSS)
    table = scene.table
    view = scene.controller.view()
    assert view["boss_up"] and view["fight"]["boss"]
    assert "red" in [d.id for d in table.tray.dice]
    tip = table.tooltip(("card", view["zone"]), view, None)
    boss = scene.controller.session.game.system.content.zones[view["zone"]].boss
    assert boss.name in tip and f"HP {boss.hp}" in tip


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
def test_the_boss_attacks_name_under_the_red_die_is_shown_whole(make_app, size, monkeypatch):
    """A caption too wide for its die's column is wrapped onto a second line (the tray grows by
    a line), never cut: "Furious Attack" was drawn "Furious Atta…"; so is a title ("Boss
    Attack" at 1024x640)."""
    app = make_app(size)
    scene = table_at(app, FURIOUS)
    table = scene.table
    wait_for(app, lambda: not table.tray.rolling)  # the dice settle
    ids = [d.id for d in table.tray.dice]
    caption = table.tray.labels[ids.index("red")][1]
    assert caption == "Furious Attack"  # the attack's name, as the die rolled it
    drawn = Drawn(scene, monkeypatch)
    frames(app, 2)
    lines = [text for text, _ in drawn.text if text and text in caption]
    assert not any(text.endswith("…") and text[:-1] in caption for text, _ in drawn.text)
    assert lines[-2:] == ["Furious", "Attack"], lines  # too wide for one line at both sizes: two
    title = table.tray.labels[ids.index("red")][0]  # "Boss Attack": whole too, on one line or two
    assert not any(text.endswith("…") and title.startswith(text[:-1]) for text, _ in drawn.text)
    words = [text for text, _ in drawn.text if text in title.split()]
    assert title in [text for text, _ in drawn.text] or " ".join(words[:2]) == title, drawn.text
    line_h = app.assets.font("bold", table.tray.text_size(table.scale)).get_linesize()
    assert table.tray.die_rects[ids.index("red")].bottom + 2 * line_h <= table.tray.rect.bottom  # inside the tray


def test_a_seat_never_sees_another_seats_backpack(make_app, monkeypatch):
    """Hot seat: three human players; at every market turn and battle window of each, the table
    draws only that seat's own backpack (names, faces and things to hover)."""
    app = make_app()
    session = Session.new(RULESET, [Seat("human", f"P{i + 1}") for i in range(3)], 11)
    agents = [make_agent("normal", RULESET, 11 + i, i) for i in range(3)]
    content = session.game.system.content
    checked = 0
    for _ in range(900):
        decision = session.pending()
        if decision is None or checked >= 12:
            break
        seat = decision.seat
        state = session.game.state
        others = {c for a in state.adventurers if a.seat != seat for c in a.backpack}
        if others and decision.kind in ("market", "preparation", "help"):
            view = session.game.view_for(seat)
            public = set(view["shop"]) | set(itertools.chain.from_iterable(view["discards"].values()))
            for a in view["adventurers"]:
                public |= set(a["slots"].values()) | set(a["attached"]) | set(a["in_front"])
                public |= set(a["backpack"] or ())
            secret_names = {content.card(c).name for c in others} - {content.card(c).name for c in public}
            scene = open_table(app, session)
            drawn = Drawn(scene, monkeypatch)
            scene.table.layout(scene.table.area, scene.table.scale)
            frames(app, 2)
            tips = []
            for pos in [point_on(scene.table, t) for _, t in list(scene.table.hits)[:60]]:
                if pos is not None:
                    hover(app, pos)  # tooltips and enlarged cards too
                    tips.append(app.tooltip[0] if app.tooltip else "")
            said = " ".join(t for t, _ in drawn.text) + " " + " ".join(drawn.faces) + " " + " ".join(tips)
            leaks = [name for name in secret_names if name in said]
            assert not leaks, (seat, leaks)
            assert not any(t[0] == "card" and t[1] in others for _, t in scene.table.hits)
            checked += 1
            scene.exit()
            app.stack.pop()
            monkeypatch.undo()
        session.choose(seat, agents[seat].choose(session.game.view_for(seat), decision))
    assert checked >= 5


def test_the_blind_shop_stays_face_down(make_app, monkeypatch):
    app = make_app()
    scene = table_at(app, MARKET, {"blind_shop": True})
    drawn = Drawn(scene, monkeypatch)
    scene.table.layout(scene.table.area, scene.table.scale)
    frames(app, 2)
    state = scene.controller.session.game.state
    content = scene.controller.session.game.system.content
    names = {content.card(c).name for c in state.shop}
    assert state.shop and not names & set(drawn.faces) and not any(n in t for n in names for t, _ in drawn.text)
    assert ("shop", "1") in {t for _, t in scene.table.hits}
    hover(app, point_on(scene.table, ("shop", "1")))
    assert app.tooltip is not None and "face down" in app.tooltip[0]


def test_the_panel_groups_and_its_fixed_ending(make_app):
    app = make_app()
    scene = table_at(app, MARKET)
    titles = [title for title, _ in scene.panel.headings]
    order = scene.table.group_order
    assert titles and titles == sorted(titles, key=order.index)
    assert titles[0] == "Market actions"
    assert scene.panel.fixed is not None and scene.panel.fixed.label == "Done with the Market"


def test_the_terminal_drawing(make_app):
    from game.rulesets.buck_legacy.terminal import describe_buck
    from game.ui.main import demo_session

    session = demo_session(RULESET, COMPARE[0], COMPARE[1], COMPARE[2])
    text = describe_buck(session, 0)
    view = session.game.view_for(0)
    content = session.game.system.content
    assert "Fight: Ann against" in text and f"Chance to win: {view['fight']['chance']:.0%}" in text
    assert content.zones[view["zone"]].name in text
    for a in view["adventurers"]:
        assert a["name"] in text and f"Gold {a['gold']}" in text
    other = session.game.state.adventurers[1]
    public = set(view["shop"]) | set(itertools.chain.from_iterable(view["discards"].values()))
    for a in view["adventurers"]:
        public |= set(a["slots"].values()) | set(a["attached"]) | set(a["in_front"]) | set(a["backpack"] or ())
    public_names = {content.card(c).name for c in public}
    assert other.backpack, "the position should have a card in Bram's backpack"
    for card in other.backpack:
        name = content.card(card).name
        assert name in public_names or name not in text
    assert f"backpack: {len(other.backpack)} card" in text


def test_outcomes_are_held_and_headlines_become_banners(make_app):
    """Staged outcomes (issue 12): a battle won, a stun, a hit on the Boss, the Boss's fall wait
    on the table; the Zone turning into its Boss is a banner and a flash on the Zone card."""
    from game.core.events import Event
    from game.ui.animation import Banner, Pulse

    app = make_app(speed="normal")
    scene = table_at(app, BOSS)
    table = scene.table
    assert {"win", "stun", "boss_hit", "boss_defeated"} <= table.results
    scene.animations.skip()
    table.animate(Event("boss_up", "BL-166", "The Zone turns.", headline="The Mossgrave Matron"),
                  scene.controller.view())
    playing = [a for group in scene.animations.groups for a in group]
    assert any(isinstance(a, Banner) and a.text == "The Mossgrave Matron" for a in playing)
    assert any(isinstance(a, Pulse) and a.rect == table.places["zone"] for a in playing)


# -- the stat cards, the compare window and the action panel (issue 13, item 5) -------------------

SPELLS = first(3, 2, lambda st, d: sum(o.id.startswith("cast:") for o in d.options) > 4
               and len({o.target for o in d.options if o.id.startswith("cast:")})
               < sum(o.id.startswith("cast:") for o in d.options))  # many spells on few Adventurers


def test_the_panel_counts_the_adventurers_lit_not_the_spells(make_app):
    """Several spells on the same Adventurers: the panel's row says how many Adventurers are
    lit (and how many answers they hold), not one Adventurer per spell."""
    from game.core.decision import Option
    from game.ui.scenes.table import lit_summary

    app = make_app()
    scene = table_at(app, SPELLS)
    decision = scene.controller.my_decision()
    spells = [o for o in decision.options if o.id.startswith("cast:")]
    groups, _ = scene._panel_rows(decision)
    row = next(e.label for g in groups if g.title == "Spells" for e in g.entries)
    kinds = {}
    for o in spells:
        kinds.setdefault(o.target[0], set()).add(o.target[1])
    assert f"{len(kinds['seat'])} adventurer" in row and f"{len(spells)} answers" in row, row
    two = [Option("cast:a:0", "A", ("seat", "0")), Option("cast:b:0", "B", ("seat", "0")),
           Option("cast:c:1", "C", ("seat", "1")), Option("cast:d:x", "D", ("card", "x"))]
    assert lit_summary(two) == "2 adventurers and 1 card lit on the table (4 answers: list them)"
    assert lit_summary(two[2:3]) == "1 adventurer lit on the table (list them)"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=["1024x640", "1280x720"])
def test_an_equipped_cards_name_fits_its_tile_and_hover_shows_the_whole_card(make_app, size):
    """The seat's own slot tiles: every item's name on at most two lines inside the tile, whole
    or cut with "…"; hovering the tile shows the whole card, enlarged, and its name in words."""
    app = make_app(size)
    scene = table_at(app, SIX_GEARED)
    table = scene.table
    content = scene.controller.session.game.system.content
    mine = scene.controller.view()["adventurers"][0]["slots"]
    tiles = [(rect, t[1]) for rect, t in table.hits if t[0] == "card" and t[1] in mine.values()
             and table.own_rect.contains(rect)]
    assert len(tiles) == len(mine) >= 3
    width = tiles[0][0].width - 12
    font = app.assets.font("bold", table.seats.fs)
    for gear in [*content.items.values(), *content.treasures.values(), *content.starting_weapons.values()]:
        lines = table.seats.tile_name(gear.name, width)
        assert 1 <= len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines), gear.name
        assert " ".join(lines) == gear.name or any(line.endswith("…") for line in lines), lines
    rect, card = next((r, c) for r, c in tiles if c == mine["weapon"])
    hover(app, rect.center)
    assert table.preview_rect is not None
    assert app.tooltip is not None and content.card(card).name in app.tooltip[0]


def test_the_combat_strength_shown_is_the_sum_of_its_parts(make_app):
    """Each stat card's Combat Strength chip says the view's total; hovering it lists the
    parts the rules counted (BL-111), which add up to it; the compare window lists the
    fighter's parts against this Monster (BL-120 to BL-123)."""
    app = make_app()
    scene = table_at(app, SIX_FIGHT)
    table = scene.table
    patch = pytest.MonkeyPatch()
    drawn = Drawn(scene, patch)
    try:
        table.layout(table.area, table.scale)  # (drawn anew: its layers forgotten)
        frames(app, 2)
    finally:
        patch.undo()
    view = scene.controller.view()
    for a in view["adventurers"]:
        target = ("strength", str(a["seat"]))
        assert target in {t for _, t in table.hits}
        tip = table.tooltip(target, view, None)
        parts = view["fight"]["strength_parts"] if view["fight"]["fighter"] == a["seat"] else a["strength_parts"]
        total = view["fight"]["strength"] if view["fight"]["fighter"] == a["seat"] else a["strength"]
        assert sum(v for _, v in parts) == total and f"Combat Strength {total}" in tip
        assert all(f"{name} {value:+d}" in tip for name, value in parts), tip
        assert str(a["strength"]) in [t for t, _ in drawn.text]
    said = " ".join(t for t, _ in drawn.text)
    assert "CS: " + view["fight"]["strength_parts"][0][0] in said


def test_six_condensed_cards_show_each_equipped_card_whole_on_hover(make_app):
    """At 1280x720 with six seats the five others' stat cards are condensed (slots as small
    squares): hovering one shows the whole card, enlarged, inside the window."""
    app = make_app()
    scene = table_at(app, SIX_MARKET)
    table = scene.table
    view = scene.controller.view()
    squares = [(rect, t) for rect, t in table.hits if t[0] == "card" and table.opponents_rect.contains(rect)]
    assert squares and all(r.width < 40 for r, _ in squares)  # condensed
    rect, target = squares[-1]
    hover(app, rect.center)
    assert table.preview_rect is not None and table.area.contains(table.preview_rect)
    assert table.preview_rect.width >= 200
    owner = next(a for a in view["adventurers"] if target[1] in a["slots"].values())
    assert f"Equipped by {owner['name']}" in app.tooltip[0]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=["1024x640", "1280x720"])
def test_a_rolled_fights_chance_is_of_winning_in_the_end(make_app, monkeypatch, size):
    """Once the dice are rolled, a tie or a parried loss is rolled again: the heading says the
    chance is of winning in the end (beside "a loss, parried by the weapon" it read as a fault),
    and the percentage is never cut."""
    app = make_app(size)
    scene = table_at(app, COMPARE)
    fight = scene.controller.view()["fight"]
    assert fight is not None and fight["white"]
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    headings = [text for text, _ in drawn.text if text.startswith("Chance to win")]
    assert headings and headings[0].endswith(f"{fight['chance']:.0%}"), headings
    if size == (1280, 720):
        assert headings[0] == f"Chance to win in the end {fight['chance']:.0%}"


def test_six_watched_adventurers_keep_their_gold_inside_their_cards(make_app):
    """A game watched with six computer seats puts all six cards across the top at 1024x640;
    the Gold of each ran over the next card's edge. Mana and Tesla then show what is left, and
    every value stays inside its card."""
    app = make_app((1024, 640))
    build_scene(app, "game-over", RULESET, 4, 50, 6)
    app.stack.pop()  # "Look at the table"
    scene = app.stack.top
    assert isinstance(scene, TableScene) and all(seat.is_ai for seat in scene.controller.session.seats)
    frames(app, 2)
    table = scene.table
    stats = [(rect, target) for rect, target in table.hits if target[0] == "stat"]
    assert len({t[1].rpartition(":")[2] for _, t in stats}) == 6
    for rect, target in stats:
        assert table.places[f"seat:{target[1].rpartition(':')[2]}"].contains(rect), target


def test_a_slot_with_a_value_says_its_name_whole(make_app, monkeypatch):
    """At 1024x640 a Headgear tile's band, beside its "P1", read "Headge…": a slot's name that
    does not fit beside the card's value is its short name ("Head"), never cut."""
    from game.ui.tables.buck_legacy_cards import SHORT_SLOT_NAMES, SLOT_NAMES

    app = make_app((1024, 640))
    scene = table_at(app, (4, 50, 2))
    assert scene.controller.view()["adventurers"][0]["slots"].get("headgear") == "scholars_hood"
    drawn = Drawn(scene, monkeypatch)
    app.stack.top.layout(app.size)  # the seat's card is painted again
    frames(app, 2)
    names = {text for text, _ in drawn.text}
    assert "Head" in names or "Headgear" in names
    slot_words = set(SLOT_NAMES.values()) | set(SHORT_SLOT_NAMES.values())
    assert not [t for t in names if t.endswith("…") and any(w.startswith(t[:-1]) for w in slot_words)], names


def test_a_condensed_card_shortens_race_and_class_in_words(make_app, monkeypatch):
    """Six seats at 1024x640 cut "Ironscale Saurian Alch…": a Race and Class that do not fit
    read "Saurian Alchemist" (the Race's last word), or the Class alone, never cut."""
    app = make_app((1024, 640))
    scene = table_at(app, (4, 80, 6))
    drawn = Drawn(scene, monkeypatch)
    app.stack.top.layout(app.size)  # the cards are painted again
    frames(app, 2)
    said = {text for text, _ in drawn.text}
    content = scene.controller.session.game.system.content
    others = [a for a in scene.controller.view()["adventurers"] if a["seat"] != 0]
    for a in others:
        race, klass = content.races[a["race"]].name, content.classes[a["klass"]].name
        assert {f"{race} {klass}", f"{race.split()[-1]} {klass}", klass} & said, (race, klass)
    assert not [t for t in said if t.endswith("…") and any(content.races[a["race"]].name.startswith(t[:-1][:8])
                                                             for a in others)], said


def test_the_monsters_notes_take_a_second_line_not_a_cut(make_app, monkeypatch):
    """A Boss round at 1280x720 read "Escape 4+ · HP 3 · resists Cutting · vulnerable to
    Electric (auto-Parr…": the notes take a second line where the panel has room for it."""
    app = make_app((1280, 720))
    scene = table_at(app, (4, 150, 2))
    fight = scene.controller.view()["fight"]
    assert fight is not None and fight["boss"] and fight["vulnerable"] and fight["resist"]
    drawn = Drawn(scene, monkeypatch)
    app.stack.top.layout(app.size)
    frames(app, 2)
    said = [t for t, _ in drawn.text]
    start = next(i for i, t in enumerate(said) if t.startswith("Escape "))
    notes = " ".join(said[start:start + 2])
    assert "vulnerable to" in notes and notes.endswith("(auto-Parry)") and "…" not in notes, notes


def test_a_verdict_never_cuts_its_rules_id(make_app, monkeypatch):
    """Six seats at 1024x640 read "13 against 14: a loss, parried by the weapon (BL-…": where
    the verdict does not fit, its rule's ID gives way first (the words stay whole)."""
    app = make_app((1024, 640))
    seen = []
    for steps in (30, 100, 250):
        scene = table_at(app, (5, steps, 6))
        drawn = Drawn(scene, monkeypatch)
        app.stack.top.layout(app.size)
        frames(app, 2)
        seen += [t for t, _ in drawn.text if " against " in t]
    assert any("parried by the weapon" in t for t in seen), seen  # the case this guards
    assert not [t for t in seen if "(BL-" in t and not t.endswith(")")], seen
