"""The Fantasy Adventures table in the window (headless): it draws every stage (setup,
placement, a trap round, a duel, a melee with a Horde and support, the Action phase, recovery)
at 1280x720, 1024x640 and 1920x1080 with no text under 15 px and nothing over the prompt; four
parties fit at 1280x720 without overlapping, each hero inside its own party; a click on a lit
hero answers that hero's option; the melees to come show both totals and the exact odds; and
a seat's table never draws another player's hand nor a stack's contents (section 7: only the
monster player sees those).

Positions come from ``build_scene`` (seat 0 human, played by a stand-in normal AI, the others
normal AIs), found by play (``first``), so a change of the rules that moves them does not
break the tests.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ai import make_agent
from game.core.events import EventLog
from game.rulesets.fantasy_adventures.context import Ctx
from game.rulesets.fantasy_adventures.view import melees
from game.session import Seat, Session
from game.ui.main import build_scene
from game.ui.scenes.table import TableScene
from game.ui.tables import fantasy_adventures as table_module
from game.ui.tables.fantasy_adventures import FantasyAdventuresTable
from tests.ui.driver import click, frames, open_table, point_on, wait_for

RULESET = "fantasy-adventures"
NAMES = ["Ann", "Bram", "Cora", "Dain"]


def first(seed: int, seats: int, wanted, limit: int = 1500) -> tuple[int, int, int]:
    """(seed, steps, seats) of the first position of the demo session (seat 0 at the screen,
    played by a stand-in normal AI) at which ``wanted(session, decision)`` holds; the session
    is made and stepped as ``demo_session`` does, one choice a step."""
    session = Session.new(RULESET, [Seat("human", NAMES[0])] + [Seat("ai", NAMES[i], "normal")
                                                               for i in range(1, seats)], seed, {})
    stand_in = make_agent("normal", RULESET, seed + 17, 0)
    for steps in range(limit):
        decision = session.pending()
        assert decision is not None, "the game ended before the position was found"
        if decision.seat == 0 and wanted(session, decision):
            return seed, steps, seats
        if session.seats[decision.seat].is_ai:
            session.step_ai()
        else:
            session.choose(0, stand_in.choose(session.game.view_for(0), decision))
    raise AssertionError("no such position")


def _melees(session):
    return melees(Ctx(session.game.state, session.game.system.content, EventLog()))


def _horde_and_support(session, decision) -> bool:
    encounter = session.game.state.encounter
    return encounter is not None and any(encounter.supports.values()) and any(m["horde"] > 1
                                                                               for m in _melees(session))


def _one_answer_on_a_hero(session, decision) -> bool:
    """A single-answer question with exactly one answer on some hero of seat 0's party."""
    heroes = set(session.game.state.players[0].heroes())
    counts: dict = {}
    for option in decision.options:
        if option.target is not None and option.target[0] == "card" and option.target[1] in heroes:
            counts[option.target] = counts.get(option.target, 0) + 1
    return decision.max_choices == 1 and 1 in counts.values()


SETUP = first(3, 4, lambda s, d: d.kind == "setup_rank")
PLACEMENT = first(3, 4, lambda s, d: d.kind == "place")
TRAP = first(3, 4, lambda s, d: s.game.state.encounter is not None and s.game.state.encounter.trap != "")
DUEL = first(3, 4, lambda s, d: d.kind == "duel")
HORDE = first(5, 3, _horde_and_support)
ACTION = first(3, 4, lambda s, d: d.kind == "action")
RECOVERY = first(3, 4, lambda s, d: s.game.state.stage == "recovery")
ON_A_HERO = first(3, 4, _one_answer_on_a_hero)


ROLLS = {"melee", "duel_roll", "first_roll", "disarm", "surprise_roll", "ranged_roll", "save", "spell_works",
         "spell_fails", "dependent_roll"}  # the events whose dice the tray shows (tray_rows)


def _a_melee_just_rolled(session, decision) -> bool:
    """The last dice rolled were a melee's, its hero's name wider than a die's column."""
    rolled = next((e for e in reversed(session.log) if e.kind in ROLLS), None)
    if rolled is None or rolled.kind != "melee":
        return False
    return len(session.game.system.content.card(rolled.data["hero"]).name) >= 15


MELEE_ROLLED = first(2, 2, _a_melee_just_rolled)
STAGES = [SETUP, PLACEMENT, TRAP, DUEL, HORDE, ACTION, RECOVERY]
STAGE_IDS = ["setup", "placement", "trap", "duel", "horde", "action", "recovery"]


class Drawn:
    """Every string (and its size) and every card drawn face up while the table draws."""

    def __init__(self, scene, monkeypatch):
        self.text: list[tuple[str, int]] = []
        self.cards: list[str] = []
        self.active = False
        assets, table = scene.app.assets, scene.table
        text, draw, face, tile = assets.text, table.draw, table_module.face, table.parties.tile

        def logged_text(value, role="body", size=18, colour=(0, 0, 0)):
            if self.active:
                self.text.append((value, size))
            return text(value, role, size, colour)

        def logged_face(content, card, full=False):
            if self.active:
                self.cards.append(card)
            return face(content, card, full)

        def logged_tile(hero, items, size, wide):
            if self.active:
                self.cards += [hero, *items]
            return tile(hero, items, size, wide)

        def logged_draw(*args, **kwargs):
            self.active = True
            try:
                return draw(*args, **kwargs)
            finally:
                self.active = False

        monkeypatch.setattr(assets, "text", logged_text)
        monkeypatch.setattr(table_module, "face", logged_face)
        monkeypatch.setattr(table.parties, "tile", logged_tile)
        monkeypatch.setattr(table, "draw", logged_draw)


def table_at(app, position) -> TableScene:
    seed, steps, seats = position
    build_scene(app, "table", RULESET, seed, steps, seats)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.table, FantasyAdventuresTable)
    frames(app, 2)
    return scene


def hover(app, pos) -> None:
    for _ in range(2):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (1920, 1080)], ids=["1280x720", "1024x640", "1920x1080"])
@pytest.mark.parametrize("position", STAGES, ids=STAGE_IDS)
def test_the_table_draws_every_stage(make_app, size, position, monkeypatch):
    app = make_app(size)
    scene = table_at(app, position)
    table = scene.table
    drawn = Drawn(scene, monkeypatch)
    table.forget_layers()
    frames(app, 2)
    spot = next((p for p in (point_on(table, t) for _, t in table.hits if t[0] == "card") if p), None)
    assert spot is not None
    hover(app, spot)  # the enlarged card on hover, never over the prompt
    assert table.preview_rect is not None and not table.preview_rect.colliderect(scene.prompt_rect)
    assert app.tooltip is not None and app.tooltip[0]
    assert drawn.text and min(s for _, s in drawn.text) >= 15, sorted(drawn.text, key=lambda t: t[1])[:3]
    assert not app.assets.missing_glyphs
    for rect, target in table.hits:
        assert table.area.contains(rect), (target, rect)
        assert not rect.colliderect(scene.prompt_rect), target


@pytest.mark.parametrize("position", [HORDE, ACTION], ids=["horde", "action"])
def test_four_parties_fit_at_1280x720(make_app, position):
    """Every party, condensed or not, in its own place; each hero and the stack before a party
    inside that party's place; the other parties above the middle, the seat's own under the
    prompt."""
    seed, steps, _ = position
    app = make_app()
    scene = table_at(app, (seed, steps, 4))
    table = scene.table
    view = scene.controller.view()
    places = [table.places[f"seat:{seat}"] for seat in range(4)]
    for a, b in itertools.combinations(places, 2):
        assert not a.colliderect(b), (a, b)
    for rect in places:
        assert table.area.contains(rect) and not rect.colliderect(scene.prompt_rect)
    assert all(r.bottom <= table.centre_rect.top for r in places[1:])
    assert places[0].top >= scene.prompt_rect.bottom
    owner = {h: p["seat"] for p in view["players"] for h in p["front"] + p["back"] if h is not None}
    for rect, target in table.hits:
        if target[0] == "card" and target[1] in owner:
            assert places[owner[target[1]]].contains(rect), target
        if target[0] == "stack":
            assert places[int(target[1])].contains(rect), target


def test_a_click_on_a_lit_hero_answers_its_option(make_app):
    app = make_app()
    scene = table_at(app, ON_A_HERO)
    table = scene.table
    decision = scene.controller.my_decision()
    heroes = set(scene.controller.session.game.state.players[0].heroes())
    by_target: dict = {}
    for option in decision.options:
        if option.target is not None and option.target[0] == "card" and option.target[1] in heroes:
            by_target.setdefault(option.target, []).append(option)
    target, options = next((t, o) for t, o in by_target.items() if len(o) == 1)
    assert target in table.visible_targets()
    pos = point_on(table, target)
    assert pos is not None
    hover(app, pos)
    assert app.tooltip is not None and "Click: " + options[0].label in app.tooltip[0]
    click(app, pos)
    frames(app, 2)
    session = scene.controller.session
    chosen = next(c for c in reversed(session.choices) if c.by_human)
    assert chosen.option_ids == (options[0].id,)


def test_the_melees_to_come_show_totals_horde_and_odds(make_app, monkeypatch):
    """FA-138 to FA-141: each melee before it is rolled, with both totals, the Horde and the
    terms (support among them), and the exact odds, as the view gives them."""
    app = make_app()
    scene = table_at(app, HORDE)
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    said = " ".join(t for t, _ in drawn.text)
    view = scene.controller.view()
    assert view["melees"]
    for m in view["melees"]:
        assert f"{m['hero_total']} vs" in said and f"Win {m['win']:.0%}" in said and f"lose {m['lose']:.0%}" in said
        if m["horde"] > 1:
            assert f"Horde of {m['horde']}" in said
    assert "support +" in said


def test_the_action_window_says_who_may_act(make_app, monkeypatch):
    """FA-160 to FA-163: the Action phase names the player who may act now and the other."""
    app = make_app()
    scene = table_at(app, ACTION)
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    said = [t for t, _ in drawn.text]
    assert "Action phase" in said and "Ann may act now" in said


def test_a_seat_never_sees_another_players_hand_or_a_stack(make_app, monkeypatch):
    """Hot seat, three human players: at questions of every seat through placement and the
    Encounters, the table draws (faces, tiles, things to hover) no card of another player's
    hand, and no card of a face-down stack unless the seat is the monster player (section 7)."""
    app = make_app()
    session = Session.new(RULESET, [Seat("human", n) for n in NAMES[:3]], 7)
    agents = [make_agent("normal", RULESET, 7 + i, i) for i in range(3)]
    checked = seen_own_stack = secrets = 0
    kinds = set()
    for _ in range(600):
        decision = session.pending()
        if decision is None or checked >= 10:
            break
        seat, state = decision.seat, session.game.state
        if state.stage != "setup" and decision.kind not in kinds | {"rearrange"}:
            kinds.add(decision.kind)
            hidden = {c for p in state.players if p.seat != seat for c in p.hand}
            stacked = {c for cards in state.stacks.values() for c in cards}
            stacked |= set(state.encounter.stack) if state.encounter is not None else set()
            if seat != state.monster:
                hidden |= stacked
            scene = open_table(app, session)
            drawn = Drawn(scene, monkeypatch)
            scene.table.forget_layers()
            frames(app, 2)
            for pos in [point_on(scene.table, t) for _, t in list(scene.table.hits)[:40]]:
                if pos is not None:
                    hover(app, pos)
            leaks = hidden & set(drawn.cards)
            assert not leaks, (seat, decision.kind, leaks)
            secrets += bool(hidden)
            seen_own_stack += seat == state.monster and bool(stacked & set(drawn.cards))
            assert not any(t[0] == "card" and t[1] in hidden for _, t in scene.table.hits)
            checked += 1
            scene.exit()
            app.stack.pop()
            monkeypatch.undo()
        session.choose(seat, agents[seat].choose(session.game.view_for(seat), decision))
    assert checked >= 6 and secrets >= 6
    assert seen_own_stack  # (the monster player's own table does draw what his stacks hold)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)], ids=["1280x720", "1024x640"])
def test_a_long_name_over_a_die_takes_two_lines(make_app, size, monkeypatch):
    """A hero's name too wide for its die's column is set on two lines over the die, never cut
    ("Stonefist Brawl…"): the tray grows by a line, the action window under it moves down."""
    app = make_app(size)
    scene = table_at(app, MELEE_ROLLED)
    table = scene.table
    wait_for(app, lambda: not table.tray.rolling)  # the dice settle
    hero = table.tray.labels[0][0]
    width = table.tray.caption_width(table.tray.rect.width, len(table.tray.dice), table.scale)
    assert app.assets.font("bold", table.tray.text_size(table.scale)).size(hero)[0] > width, hero
    drawn = Drawn(scene, monkeypatch)
    table.forget_layers()
    frames(app, 2)
    words = [text for text, _ in drawn.text if text and text in hero]
    assert " ".join(words[-2:]) == hero or " ".join(words[-3:]) == hero, (hero, words)
    assert not any(text.endswith("…") and hero.startswith(text[:-1]) for text, _ in drawn.text)
    assert table.tray.rect.bottom <= table.centre_rect.bottom and min(r.height for r in table.tray.die_rects) >= 24


def _same_words_twice(session, decision) -> bool:
    """An assignment with two answers of the same words: two heroes of one name to attack."""
    labels = [o.label for o in decision.options]
    return decision.kind == "assign" and len(set(labels)) < len(labels)


def test_answers_of_the_same_words_say_where_their_heroes_stand(make_app):
    """Two Flame Lancers a monster may attack (one with items, one without) are two different
    lines in the action panel, each naming its hero's place as the ranks are drawn."""
    app = make_app()
    scene = table_at(app, first(2, 2, _same_words_twice))
    decision = scene.controller.my_decision()
    groups, _ = scene._panel_rows(decision)
    shown = [e.label for g in groups for e in g.entries]
    assert len(set(shown)) == len(shown) == len(decision.options), shown
    players = scene.controller.session.game.state.players
    for option in decision.options:
        if [o.label for o in decision.options].count(option.label) == 1:
            assert option.label in shown
            continue
        hero = option.target[1]
        party = next(p for p in players if hero in p.heroes())
        rank = "front" if hero in party.front else "back"
        where = f"{rank} rank, position {getattr(party, rank).index(hero) + 1}"
        assert f"{option.label} ({where})" in shown, shown
    # An item is placed by its hero (two Reef Guards' Iron Helms are told apart so too).
    owned = [(h, items[0]) for p in players for h, items in p.items.items() if items]
    assert owned
    for hero, item in owned:
        assert scene.table.place_of(("card", item)) == scene.table.place_of(("card", hero)) != ""


def _wandering_in_combat(session, decision) -> bool:
    encounter = session.game.state.encounter
    return encounter is not None and not encounter.lair and encounter.round >= 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=["1024x640", "1280x720"])
def test_the_encounters_title_is_shortened_in_words_not_cut(make_app, monkeypatch, size):
    """The title over the Encounter says whose party, what kind and the stage and round; where
    it does not fit whole (wandering monsters in combat, three parties, at 1024x640) it takes
    shorter words ("Wandering") before anything is cut."""
    app = make_app(size)
    scene = table_at(app, first(41, 3, _wandering_in_combat))
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    encounter = scene.controller.session.game.state.encounter
    titles = [text for text, _ in drawn.text if "'s party · " in text]
    assert titles, [t for t, _ in drawn.text][:20]
    assert not titles[0].endswith("…"), titles
    if encounter.round:
        assert titles[0].endswith(f"round {encounter.round}"), titles


def test_a_windows_order_names_every_player_whole(make_app, monkeypatch):
    """FA-164: a response window's box lists who answers in which order. With four players at
    1024x640 it ended "Order: Ann (now), Cora, Da…"; it wraps onto the next line now."""
    app = make_app((1024, 640))
    scene = table_at(app, (9, 120, 4))
    decision = scene.controller.decision()
    assert decision is not None and decision.window
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    said = [t for t, _ in drawn.text]
    start = next(i for i, t in enumerate(said) if t.startswith("Order: "))
    order = " ".join(said[start:start + 2])
    assert all(p["name"] in order for p in scene.controller.view()["players"]), order
    assert not any(t.endswith("…") for t in said[start:start + 2])


def test_a_partys_role_is_said_whole_or_shorter(make_app, monkeypatch):
    """Four parties at 1024x640 headed one "Cora · monster pl…": the role is said whole, or
    as "monsters" / "heroes" where it does not fit, never cut."""
    app = make_app((1024, 640))
    scene = table_at(app, (9, 120, 4))
    drawn = Drawn(scene, monkeypatch)
    scene.table.forget_layers()
    frames(app, 2)
    said = {t for t, _ in drawn.text}
    view = scene.controller.view()
    monster = view["players"][view["monster"]]["name"]
    assert {f"{monster} · monster player", f"{monster} · monsters"} & said, said
    assert not [t for t in said if " · " in t and t.endswith("…")], said
