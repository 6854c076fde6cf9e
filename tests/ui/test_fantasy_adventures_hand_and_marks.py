"""The Fantasy Adventures table in a written position (issue 14): a feared hero lies face down
with "Feared" on it, named where there is room (FA-188; section 7: who it is stays known), and a
flipped hero is turned on its side with "Flipped" (FA-113), in the seat's own party and in the
condensed parties across the top; a hand of 10 to 15 cards at 1280x720 shows every card's name
in a strip of its own (the cards overlap, the names do not), hovering a strip shows the whole
card, and a hand of a few cards is still a fan of whole cards.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.rulesets.fantasy_adventures.content import FAContent
from game.session import Seat, Session
from game.ui.controller import Controller
from game.ui.scenes.table import TableScene
from game.ui.tables.fantasy_adventures_hand import FACE_SHOWN
from game.ui.tables.fantasy_adventures_layout import HAND_CARD
from tests.ui.driver import frames, point_on

RULESET = "fantasy-adventures"
HAND = ["heal", "searing_bolt", "chain_armor", "skulker", "merloit", "dragonette", "iron_helm", "battle_fury",
        "howling_gale", "rumbling_dread", "spiked_pit_trap", "lesser_demon", "thunderclap_crossbow", "cave_troll",
        "mercy_of_the_deep"]


def _scenario(hand: list[str]) -> dict:
    """Ann (seat 0) is attacked by Bram's Skulker; in her party Sister Oona is feared and Reef
    Guard and Magda flipped; in Bram's, Ash Tracker is feared and Elder Fenwick flipped."""
    return {"player": [
        {"name": "Ann", "front": ["flame_lancer", "reef_guard", "granite_guard", "thorn_oakheart"],
         "back": ["byron", "sister_oona", "magda_deepdelver", ""], "items": {"thorn_oakheart": ["hunting_bow"]},
         "hand": hand, "feared": ["sister_oona"], "flipped": ["reef_guard", "magda_deepdelver"]},
        {"name": "Bram", "front": ["gale_spearman", "ash_tracker", "briar_ranger"], "back": ["elder_fenwick"],
         "feared": ["ash_tracker"], "flipped": ["elder_fenwick"], "hand": ["heal"]},
        {"name": "Cora", "front": ["cinder_warden", "mist_runner"], "hand": ["heal"]},
        {"name": "Dain", "front": ["aeris_skyhelm"], "hand": ["heal"]}],
        "start": "combat", "monster": 1, "target": 0, "monsters": [{"card": "skulker", "hero": "flame_lancer"}],
        "dice": [3, 4, 2, 5, 1, 6] * 10}


def _table(app, hand: list[str]) -> TableScene:
    seats = [Seat("human", "Ann")] + [Seat("ai", n, "normal") for n in ("Bram", "Cora", "Dain")]
    session = Session.new(RULESET, seats, 3, scenario=_scenario(hand))
    controller = Controller(session, 0.0, autosave=False)
    controller.shown_seat = 0
    scene = TableScene(app, controller)
    app.stack.push(scene)
    frames(app, 2)
    return scene


class Recorded:
    """What the table draws in its next frames: text (with its size), hero tiles (with their
    size) and card backs (with their size)."""

    def __init__(self, scene, monkeypatch) -> None:
        self.text: list[tuple[str, int]] = []
        self.tiles: list[tuple[str, tuple[int, int]]] = []
        self.backs: list[tuple[int, int]] = []
        assets, parties, renderer = scene.app.assets, scene.table.parties, scene.renderer
        text, tile, back = assets.text, parties.tile, renderer.back

        def logged_text(value, role="body", size=18, colour=(0, 0, 0)):
            self.text.append((value, size))
            return text(value, role, size, colour)

        def logged_tile(hero, items, size, wide):
            self.tiles.append((hero, size))
            return tile(hero, items, size, wide)

        def logged_back(size, emblem="crossed-swords"):
            self.backs.append(size)
            return back(size, emblem)

        monkeypatch.setattr(assets, "text", logged_text)
        monkeypatch.setattr(parties, "tile", logged_tile)
        monkeypatch.setattr(renderer, "back", logged_back)
        scene.table.forget_layers()
        frames(scene.app, 2)

    def said(self) -> list[str]:
        return [t for t, _ in self.text]


def _named(said: list[str], name: str) -> bool:
    """Whether ``name`` was drawn, whole or cut short with "…" to its room."""
    return name in said or any(t.endswith("…") and name.startswith(t[:-1].rstrip()) for t in said)


def _hits(table, card: str) -> list[pygame.Rect]:
    return [r for r, t in table.hits if t == ("card", card)]


def _hover(app, pos) -> None:
    for _ in range(2):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)


def test_fa_188_a_feared_hero_lies_face_down_and_fa_113_a_flipped_one_is_turned(make_app, monkeypatch):
    app = make_app()
    scene = _table(app, HAND[:3])
    drawn = Recorded(scene, monkeypatch)
    table, said = scene.table, drawn.said()
    for hero, own in (("0/sister_oona", True), ("1/ash_tracker", False)):
        (cell,) = _hits(table, hero)
        assert cell.size in drawn.backs  # its back, the size of its position
        assert hero not in [h for h, _ in drawn.tiles]  # and no face
        assert table.places["seat:0" if own else "seat:1"].contains(cell)
    assert said.count("Feared") == 2
    assert _named(said, "Sister Oona")  # named on its back in the seat's own (wide) party
    for hero in ("0/reef_guard", "0/magda_deepdelver", "1/elder_fenwick"):
        sizes = [size for h, size in drawn.tiles if h == hero]
        assert sizes and all(w < h for w, h in sizes)  # drawn upright, then turned on its side
    assert said.count("Flipped") == 3
    assert _named(said, "Reef Guard") and _named(said, "Magda Deepdelver")
    assert min(size for _, size in drawn.text) >= 15
    for hero, mark in (("0/sister_oona", "feared"), ("0/reef_guard", "flipped")):
        _hover(app, point_on(table, ("card", hero)))
        assert app.tooltip is not None and f"Marks: {mark}" in app.tooltip[0]
        assert table.preview_rect is not None and not table.preview_rect.colliderect(scene.prompt_rect)


@pytest.mark.parametrize("count", [10, 12, 15])
def test_a_hand_of_10_to_15_cards_shows_every_name_at_1280x720(make_app, monkeypatch, count):
    app = make_app()
    scene = _table(app, HAND[:count])
    drawn = Recorded(scene, monkeypatch)
    table = scene.table
    content: FAContent = table.content
    hand = scene.controller.view()["players"][0]["hand"]
    assert len(hand) == count
    shown = {card: _hits(table, card) for card in hand}
    assert all(len(rects) == 1 for rects in shown.values()), shown
    rects = [rects[0] for rects in shown.values()]
    strip = table.hand.strip_heights()[0]
    for rect in rects:
        assert rect.height >= strip and rect.width >= 120  # a whole line of the name in sight
        assert table.area.contains(rect) and not rect.colliderect(scene.prompt_rect)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)  # the cards overlap; what shows of each does not
    said = drawn.said()
    room = rects[0].width - 12
    font = app.assets.font("bold", 15)
    for card in hand:
        name = content.card(card).name
        if font.size(name)[0] <= room:
            assert name in said, name
        else:
            assert _named(said, name), name
    if count <= 12:  # two columns: every name of the pool whole
        assert all(content.card(card).name in said for card in hand)
    assert min(size for _, size in drawn.text) >= 15
    for card in (hand[0], hand[count // 2], hand[-1]):
        _hover(app, point_on(table, ("card", card)))
        assert table.hover == ("card", card)
        assert table.preview_rect is not None and not table.preview_rect.colliderect(scene.prompt_rect)
        assert app.tooltip is not None and app.tooltip[0].startswith(content.card(card).name)


def test_a_few_cards_are_a_fan_of_whole_cards(make_app):
    app = make_app()
    scene = _table(app, HAND[:4])
    table = scene.table
    size = (HAND_CARD[0], HAND_CARD[1])
    hand = scene.controller.view()["players"][0]["hand"]
    rects = [_hits(table, card)[0] for card in hand]
    assert all(r.size == size for r in rects)
    for a, b in zip(rects, rects[1:]):
        assert b.x - a.x >= size[0] - 8  # overlapping, if at all, short of the centred name


@pytest.mark.parametrize("count", [5, 10, 12])
def test_a_column_s_last_card_shows_its_face_or_its_values_never_a_face_cut_in_half(make_app, monkeypatch,
                                                                                     count):
    """A column's last card fills the rest of the band: with room for its face's corner values,
    the face; with less (they would be cut in half), its values and kind in a line under its name."""
    app = make_app()
    scene = _table(app, HAND[:count])
    table = scene.table
    faces: list[tuple[str, tuple[int, int]]] = []
    real_face = table.face_image
    monkeypatch.setattr(table, "face_image",
                        lambda card, size, named=True: (faces.append((card, size)), real_face(card, size, named))[1])
    drawn = Recorded(scene, monkeypatch)
    hand = scene.controller.view()["players"][0]["hand"]
    columns, _rows, strip = table.hand.grid(table.own_split()[1], count)
    last = [hand[max(k for k in range(count) if k % columns == col)] for col in range(min(columns, count))]
    said = drawn.said()
    line = table.hand.row_h()
    for card in last:
        rect = _hits(table, card)[0]
        sizes = [size for drawn_card, size in faces if drawn_card == card]
        if sizes:
            assert all(h >= FACE_SHOWN for _, h in sizes), (card, sizes)  # its corner values whole
        elif rect.height >= strip + line + 8:  # room for a line under the name: the values in it
            kind = table.content.card(card).kind.capitalize()
            gp = str(table.content.card(card).gp)
            assert gp in said and any(kind in t for t in said), (card, kind)
    assert faces or count > 5
