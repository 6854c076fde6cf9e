"""The grid board (game.ui.boards.grid) and the dice tray (game.ui.widgets.dice_tray),
headless: the quest map of checklist 2.9 draws with every overlay at two sizes, pixels and
squares convert both ways, a door's state shows on its edge, and the tray draws every
face of the six dice of 2.2 with totals that match ``game.core.dice.total``.

The grid tests need the ruleset's geometry module (written alongside); they skip only if
it does not exist. The dice tests need nothing but the kernel.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.dice import Die, total  # noqa: E402

# -- the quest map of checklist 2.9 ------------------------------------------------------------

QUEST_ROWS = (
    "XXXXXXXXXXXXXXXXXXXX",
    "XXXXXXX........XXXXX",
    "XXXXXXX..~~....XXXXX",
    "....XXX..~~....X..^.",
    "....................",
    "...........#........",
    "....XXX........X.^..",
    "XXXXXXX.#...o..XXXXX",
    "XXXXXXX........XXXXX",
    "XXXXXXXXXXXXXXXXXXXX",
)
SIZES = [(1280, 720), (1024, 640)]


def _geometry():
    if importlib.util.find_spec("game.rulesets.dungeon_delve.geometry") is None:
        pytest.skip("game/rulesets/dungeon_delve/geometry.py does not exist yet")
    from game.rulesets.dungeon_delve import geometry

    return geometry


def _quest_board():
    g = _geometry()
    doors = {"vault": [g.edge_between((14, 4), (15, 4)), g.edge_between((14, 5), (15, 5))]}
    return g, g.parse_board(QUEST_ROWS, doors=doors)


@pytest.fixture
def screen():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


@pytest.fixture
def assets(screen):
    from game.ui.assets import Assets

    return Assets()


def _figures():
    from game.ui.boards.grid import GridFigure

    return (
        GridFigure((1, 4), "Brannoc", "vanguard", "hero", 9, 12, 2, 4, ("poisoned",), colour=(70, 130, 200),
                   icon="swordman", active=True),
        GridFigure((3, 5), "Tamsin", "scout", "hero", 10, 10, 1, 5, colour=(80, 170, 90), icon="archer"),
        GridFigure((2, 6), "Elowen", "healer", "hero", 6, 11, 4, 4, ("stunned", "immobilized"),
                   colour=(200, 170, 60), icon="woman-elf-face"),
        GridFigure((12, 2), "Goblin Skulker master", "goblin-skulker", "monster", 3, 4, conditions=("immobilized",),
                   master=True),
        GridFigure((13, 4), "Goblin Skulker", "goblin-skulker", "monster", 2, 2),
        GridFigure((12, 6), "Goblin Skulker", "goblin-skulker", "monster", 1, 2, conditions=("poisoned",)),
        GridFigure((18, 4), "Bone Warden", "bone-warden", "monster", 10, 12, master=True),
        GridFigure((16, 4), "Bone Warrior", "bone-warrior", "monster", 4, 4, conditions=("stunned",)),
    )


def _tokens():
    from game.ui.boards.grid import GridToken

    starts = tuple(GridToken(sq, "start") for sq in ((0, 4), (0, 5), (1, 4), (1, 5)))
    searches = tuple(GridToken(sq, "search") for sq in ((7, 1), (14, 8), (19, 3)))
    return starts + searches + (GridToken((14, 1), "reinforcement"),
                                GridToken((8, 5), "knocked_out", "Grimm", (190, 80, 60), "dwarf-helmet"))


def _all_overlays(g, board, closed=frozenset({"vault"})):
    from game.ui.boards.grid import GridOverlays, movement_fields, sight_fields

    walls = board.blocking_edges(closed)
    figures = _figures()
    heroes = frozenset(f.square for f in figures if f.side == "hero")
    monsters = frozenset(f.square for f in figures if f.side == "monster")
    move = g.movement_range(board, walls, (1, 4), 8, friends=heroes, enemies=monsters)
    target = (8, 6)
    assert target in move.ends
    viewer = (3, 4)
    others = frozenset(f.square for f in figures) - {viewer}
    visible = frozenset(sq for sq in board.terrain
                        if g.line_of_sight(board, walls, viewer, sq, blockers=others - {sq}).visible)
    sight = g.line_of_sight(board, walls, viewer, (12, 2), blockers=others - {(12, 2)})
    assert sight.visible  # checklist 2.9: LoS from (3,4) to (12,2)
    return GridOverlays(closed_doors=closed, **movement_fields(move, target), visible=visible, viewer=viewer,
                        **sight_fields(sight, viewer, (12, 2)), tokens=_tokens(), figures=figures,
                        lit=frozenset({(13, 4), (12, 6)}), selected=(1, 4), hover=(9, 5))


# -- the grid board ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1024x640"])
def test_quest_map_draws_with_every_overlay(size, assets):
    from game.ui.boards.grid import GridBoard, GridOverlays

    g, board = _quest_board()
    surface = pygame.Surface(size)
    area = pygame.Rect(0, 0, *size).inflate(-32, -32)
    grid = GridBoard(board, area, assets)
    # The fit: the squares fill the rect's width or height (less the wall margin), centred.
    assert (grid.cols, grid.rows) == (20, 8)
    assert grid.square == int(min((area.width - 2 * grid.margin) / 20, (area.height - 2 * grid.margin) / 8))
    assert area.contains(grid.board_rect)
    assert abs(grid.board_rect.centerx - area.centerx) <= 1 and abs(grid.board_rect.centery - area.centery) <= 1

    surface.fill((0, 0, 0))
    grid.draw(surface, GridOverlays(closed_doors=frozenset({"vault"})))
    plain = surface.copy()
    overlays = _all_overlays(g, board)
    grid.draw(surface, overlays)
    drawn = surface.copy()
    colours = {drawn.get_at((x, y))[:3] for x in range(0, size[0], 9) for y in range(0, size[1], 7)}
    assert len(colours) > 50
    # Each kind of overlay changed the pixels of its square.
    for sq in [(1, 4), (13, 4), (18, 4), (8, 6), (5, 5), (7, 1), (14, 1), (8, 5), (10, 6), (4, 4)]:
        rect = grid.square_rect(sq)
        changed = sum(plain.get_at((x, y)) != drawn.get_at((x, y))
                      for x in range(rect.x, rect.right, 3) for y in range(rect.y, rect.bottom, 3))
        assert changed > 5, sq
    # The off-map squares outside the overlays stay as they were.
    rect = grid.square_rect((2, 1))
    assert all(plain.get_at((x, y)) == drawn.get_at((x, y)) for x in range(rect.x + 8, rect.right - 8, 4)
               for y in range(rect.y + 8, rect.bottom - 8, 4))
    # Drawing again with the same data gives the same frame (cached layers).
    surface.fill((0, 0, 0))
    grid.draw(surface, overlays)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(drawn, "RGB")


def test_every_terrain_has_its_outline_colour(assets):
    from game.ui.boards.grid import TERRAIN_OUTLINE, GridBoard

    _, board = _quest_board()
    surface = pygame.Surface((1280, 720))
    grid = GridBoard(board, surface.get_rect(), assets)
    grid.draw(surface)
    for sq, kind in {(9, 2): "water", (11, 5): "obstacle", (12, 7): "pit", (18, 3): "lava"}.items():
        rect = grid.square_rect(sq)
        pixels = {surface.get_at((x, y))[:3] for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}
        assert TERRAIN_OUTLINE[kind] in pixels, kind
    assert TERRAIN_OUTLINE == {"obstacle": (214, 58, 44), "water": (74, 150, 235), "pit": (88, 190, 82),
                               "lava": (246, 212, 58)}


@pytest.mark.parametrize("zoom, pan", [(1.0, (0, 0)), (2.0, (-200, 50)), (3.0, (400, -400))])
def test_square_at_and_square_rect_invert_each_other(zoom, pan, assets):
    from game.ui.boards.grid import GridBoard

    _, board = _quest_board()
    area = pygame.Rect(40, 60, 900, 500)
    grid = GridBoard(board, area, assets)
    grid.set_zoom(zoom)
    grid.pan_by(*pan)
    seen = 0
    for sq in board.terrain:
        rect = grid.square_rect(sq)
        assert rect.size == (grid.square, grid.square)
        for pos in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
            if area.collidepoint(pos):
                assert grid.square_at(pos) == sq
                seen += 1
            else:
                assert grid.square_at(pos) is None
    assert seen > 0
    # Off the map and outside the rect: no square.
    assert grid.square_at(grid.square_rect((0, 1)).center) is None or not area.collidepoint(
        grid.square_rect((0, 1)).center)
    assert grid.square_at((area.x - 5, area.y - 5)) is None
    if zoom == 1.0:
        assert grid.square_at(grid.square_rect((0, 1)).center) is None  # (0,1) is off the map
        for x in range(area.x, area.right, 7):
            for y in range(area.y, area.bottom, 7):
                sq = grid.square_at((x, y))
                if sq is not None:
                    assert grid.square_rect(sq).collidepoint((x, y))


def test_zoom_keeps_the_point_under_the_mouse(assets):
    from game.ui.boards.grid import GridBoard

    _, board = _quest_board()
    grid = GridBoard(board, pygame.Rect(0, 0, 1000, 600), assets)
    pos = grid.square_rect((10, 4)).center
    grid.set_zoom(2.0, about=pos)
    assert grid.square_at(pos) == (10, 4)
    assert grid.square > 80
    grid.set_zoom(1.0)
    assert grid.pan == (0, 0)


def test_closed_and_open_door_differ_on_the_door_edge(assets):
    from game.ui.boards.grid import GridBoard, GridOverlays

    _, board = _quest_board()
    size = (1280, 720)
    grid = GridBoard(board, pygame.Rect(0, 0, *size), assets)
    closed, opened = pygame.Surface(size), pygame.Surface(size)
    grid.draw(closed, GridOverlays(closed_doors=frozenset({"vault"})))
    grid.draw(opened, GridOverlays(closed_doors=frozenset()))
    top, bottom = grid.point_pos((15, 4)), grid.point_pos((15, 6))
    on_edge = [(top[0] + dx, y) for y in range(top[1] + 4, bottom[1] - 4) for dx in (-2, 0, 2)]
    differ = sum(closed.get_at(p) != opened.get_at(p) for p in on_edge)
    assert differ > len(on_edge) * 0.6
    # A closed door is a brown bar on the edge; an open doorway shows the floor there.
    mid = (top[0], (top[1] + bottom[1]) // 2 + grid.square // 4)
    r, g_, b = closed.get_at(mid)[:3]
    assert r > b + 30  # wood
    # Far from the door nothing changes.
    far = grid.square_rect((2, 4))
    assert all(closed.get_at((x, y)) == opened.get_at((x, y)) for x in range(far.x, far.right, 3)
               for y in range(far.y, far.bottom, 3))


def test_overlay_layers_are_cached(assets):
    from game.ui.boards.grid import GridBoard

    g, board = _quest_board()
    surface = pygame.Surface((1280, 720))
    grid = GridBoard(board, surface.get_rect(), assets)
    overlays = _all_overlays(g, board)
    grid.draw(surface, overlays)
    layers = {name: id(pieces) for name, (_, pieces) in grid._layers.items()}
    bases = len(grid._base_cache)
    grid.draw(surface, overlays)
    assert {name: id(pieces) for name, (_, pieces) in grid._layers.items()} == layers
    assert len(grid._base_cache) == bases == 1
    # Panning a zoomed board reuses the overlay layers (only the labels follow the view).
    grid.set_zoom(2.0)
    grid.draw(surface, overlays)
    zoomed = {name: id(pieces) for name, (_, pieces) in grid._layers.items()}
    grid.pan_by(-120, 40)
    grid.draw(surface, overlays)
    after = {name: id(pieces) for name, (_, pieces) in grid._layers.items()}
    assert {k: v for k, v in after.items() if k != "labels"} == {k: v for k, v in zoomed.items() if k != "labels"}


# -- the dice tray -------------------------------------------------------------------------------


def _attack(r: int, h: int, s: int) -> dict[str, int]:
    return {k: v for k, v in (("range", r), ("hearts", h), ("surge", s)) if v}


def _defense(die_id: str, shields: list[int]) -> Die:
    return Die.from_faces(die_id, die_id.title(), [{"shields": s} if s else {} for s in shields])


BLUE = Die.from_faces("blue", "Blue", [{"miss": 1}, _attack(2, 2, 1), _attack(3, 2, 0), _attack(4, 2, 0),
                                       _attack(5, 1, 0), _attack(6, 1, 1)])
RED = Die.from_faces("red", "Red", [_attack(0, 1, 0), _attack(0, 2, 0), _attack(0, 2, 0), _attack(0, 2, 0),
                                    _attack(0, 3, 0), _attack(0, 3, 1)])
YELLOW = Die.from_faces("yellow", "Yellow", [_attack(1, 0, 1), _attack(1, 1, 0), _attack(2, 1, 0),
                                             _attack(0, 1, 1), _attack(0, 2, 0), _attack(0, 2, 1)])
BROWN = _defense("brown", [0, 0, 0, 1, 1, 2])
GRAY = _defense("gray", [0, 1, 1, 1, 2, 3])
BLACK = _defense("black", [0, 2, 2, 2, 3, 4])
SIX = (BLUE, RED, YELLOW, BROWN, GRAY, BLACK)


def test_dice_tray_draws_every_face_of_every_die(assets):
    from game.ui import theme
    from game.rulesets.dungeon_delve.content import standard_content
    from game.ui.widgets.dice_tray import DiceTray, DieLook, die_colour, is_defense_die

    surface = pygame.Surface((1280, 720))
    tray = DiceTray(pygame.Rect(40, 40, 420, 150))
    # A die's role and colour are content data (dice.toml), never guessed from its name.
    tray.looks = {d.id: DieLook(d.kind, d.colour) for d in standard_content().dice.values()}
    assert [is_defense_die(d) for d in SIX] == [False, False, False, True, True, True]  # by faces alone
    assert [is_defense_die(d, tray.looks[d.id]) for d in SIX] == [False, False, False, True, True, True]
    assert len({die_colour(d, tray.looks[d.id]) for d in SIX}) == 6
    for die in SIX:
        images: dict[tuple, bytes] = {}
        for index in range(6):
            surface.fill(theme.FELT)
            tray.set_result([die], [index])
            tray.draw(surface, assets, 1.0)
            assert tray.totals() == total([die], [index])
            rect = tray.die_rects[0]
            assert rect.width >= 40 and tray.rect.contains(rect)
            # The die's body colour is on screen.
            body = {surface.get_at((x, y))[:3] for x in range(rect.x, rect.right, 2)
                    for y in range(rect.y, rect.bottom, 2)}
            assert die_colour(die, tray.looks[die.id]) in body
            images[die.faces[index]] = pygame.image.tobytes(surface.subsurface(rect.inflate(6, 6)), "RGB")
        # Faces with different symbols look different.
        assert len(set(images.values())) == len(set(die.faces))
    assert tray.hover_text(tray.die_rects[0].center) == "Black die: 4 shields"


@pytest.mark.parametrize("faces", [[3, 5, 5, 4, 5], [0, 1, 0, 0, 1], [1, 4, 3, 5, 0], [5, 5, 5, 5, 5]])
def test_dice_tray_totals_match_core_total(faces, assets):
    from game.ui.widgets.dice_tray import DiceTray

    dice = [BLUE, RED, YELLOW, GRAY, BLACK]
    tray = DiceTray(pygame.Rect(0, 0, 560, 150))
    tray.set_result(dice, faces)
    surface = pygame.Surface((600, 200))
    tray.draw(surface, assets, 1.0)
    assert tray.totals() == total(dice, faces)
    attack, defense = tray.group_totals()
    assert attack == total(dice[:3], faces[:3])
    assert defense == total(dice[3:], faces[3:])
    assert tray.miss == (faces[0] == 0)
    assert tray.groups() == ([0, 1, 2], [3, 4])


def test_dice_tray_tumbles_then_lands_on_the_rolled_faces(assets):
    from game.ui.widgets.dice_tray import DiceTray

    dice, faces = [BLUE, RED, YELLOW, GRAY, BLACK], [1, 4, 3, 5, 0]
    tray = DiceTray(pygame.Rect(0, 0, 560, 150))
    surface = pygame.Surface((600, 200))
    tray.start_roll(dice, faces)
    assert tray.rolling
    seen = []
    for _ in range(6):
        tray.update(0.05)
        tray.draw(surface, assets, 1.0)
        seen.append(tray.shown_faces())
    assert tray.rolling and any(s != faces for s in seen)
    # Deterministic: another tray shows the same tumble.
    other = DiceTray(pygame.Rect(0, 0, 560, 150))
    other.start_roll(dice, faces)
    for expected in seen:
        other.update(0.05)
        assert other.shown_faces() == expected
    tray.update(0.25)
    assert not tray.rolling and tray.shown_faces() == faces
    assert 0.4 <= tray.duration <= 0.6
    # skip() lands at once.
    tray.start_roll(dice, [0, 0, 0, 0, 0])
    tray.update(0.01)
    tray.skip()
    assert not tray.rolling and tray.shown_faces() == [0, 0, 0, 0, 0]
    tray.draw(surface, assets, 1.0)
    with pytest.raises(ValueError):
        tray.start_roll(dice, [0, 0])
    with pytest.raises(ValueError):
        tray.start_roll([BLUE], [6])
