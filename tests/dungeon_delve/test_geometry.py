"""Dungeon Delve geometry (checklist section 4): the 50 cases DDG-01 … DDG-50, the
"checked facts" of the Quest 1 map (2.9), and property tests over seeded random maps.

Every case builds its map from the case's ASCII rows, copied exactly from 4.6, and
asserts the answer the checklist gives. Letters on the maps: A attacker, T target,
H another hero, M monster (both figures), K knocked-out token (not a figure), S mover.
Edges are written as in the checklist, as the two squares that share them.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from collections.abc import Iterable, Mapping, Sequence

from game.core.rng import Rng
from game.rulesets.dungeon_delve.geometry import (
    Board,
    Edge,
    MoveRange,
    Point,
    Sight,
    Square,
    adjacent,
    blast_squares,
    distance,
    edge_between,
    line_of_sight,
    movement_range,
    parse_board,
    reach_ok,
    segment_interior_squares,
    segment_is_clear,
    corners,
    direction_class,
    same_side,
    segment_meets_interior,
    within_range,
)

UNLIMITED = 1000  # "The mover in movement cases is a hero with unlimited MP unless stated."
NO_DOORS: frozenset[str] = frozenset()

# The door of DDG-08/09/10/16/33/34/48/49/50: closed door on edges (2,1)–(3,1), (2,2)–(3,2).
DOOR_08 = {"door": [((2, 1), (3, 1)), ((2, 2), (3, 2))]}
# The internal wall of DDG-14/15: walls on edges (2,0)–(3,0), (2,1)–(3,1).
WALLS_14 = [((2, 0), (3, 0)), ((2, 1), (3, 1))]
# The internal wall of DDG-38/47: walls on edges (3,2)–(4,2), (3,3)–(4,3).
WALLS_38 = [((3, 2), (4, 2)), ((3, 3), (4, 3))]


# -- helpers ---------------------------------------------------------------------------------


def build(rows: Sequence[str], *, walls: Iterable[tuple[Square, Square]] = (),
          doors: Mapping[str, Iterable[tuple[Square, Square]]] | None = None,
          terrain: Mapping[Square, str] | None = None) -> Board:
    """A board from a case's rows; walls and doors as square pairs; terrain overrides
    for the cases' "Also: square (x,y) is a pit / water" lines."""
    board = parse_board(
        rows,
        internal_walls=[edge_between(a, b) for a, b in walls],
        doors={name: [edge_between(a, b) for a, b in run] for name, run in (doors or {}).items()},
    )
    if terrain:
        board = Board({**board.terrain, **terrain}, board.internal_walls, board.doors)
    return board


def where(rows: Sequence[str], letters: str) -> frozenset[Square]:
    """The squares holding any of ``letters``."""
    return frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in letters)


def one(rows: Sequence[str], letter: str) -> Square:
    (found,) = where(rows, letter)
    return found


def closed(board: Board) -> frozenset[Edge]:
    """W with every door closed."""
    return board.blocking_edges(board.doors)


def opened(board: Board) -> frozenset[Edge]:
    """W with every door open."""
    return board.blocking_edges(NO_DOORS)


def named_segment_clear(rows: Sequence[str], board: Board, walls: frozenset[Edge],
                        segment: tuple[Point, Point], a: Square | None = None, t: Square | None = None) -> bool:
    """Whether the segment a case names is clear (C1–C4) for its A and T."""
    return segment_is_clear(board, walls, a or one(rows, "A"), t or one(rows, "T"), segment,
                            blockers=where(rows, "HM"))


def sight(rows: Sequence[str], board: Board | None = None, walls: frozenset[Edge] | None = None,
          **pits: bool) -> Sight:
    """LoS from A to T on a case map; H and M are figures (blockers), K is not."""
    board = board or build(rows)
    walls = closed(board) if walls is None else walls
    return line_of_sight(board, walls, one(rows, "A"), one(rows, "T"), blockers=where(rows, "HM"), **pits)


def moves(rows: Sequence[str], board: Board | None = None, walls: frozenset[Edge] | None = None,
          mp: int = UNLIMITED) -> MoveRange:
    """The movement range of S (a hero) on a case map: H friends, M enemies, K nothing."""
    board = board or build(rows)
    walls = closed(board) if walls is None else walls
    return movement_range(board, walls, one(rows, "S"), mp, friends=where(rows, "H"), enemies=where(rows, "M"))


def assert_clear_segment(board: Board, walls: frozenset[Edge], a: Square, t: Square, result: Sight,
                         blockers: frozenset[Square] = frozenset()) -> None:
    """A visible answer carries a clear segment from a corner of A to another corner of T."""
    assert result.visible and result.segment is not None
    pa, pt = result.segment
    assert pa != pt and pa in corners(a) and pt in corners(t)
    assert segment_is_clear(board, walls, a, t, result.segment, blockers=blockers)


def assert_path_ok(board: Board, walls: frozenset[Edge], result: MoveRange, start: Square, sq: Square,
                   water_cost: int = 2) -> None:
    """The reported path runs start..sq through adjacent squares and costs what is reported."""
    path = result.path(sq)
    assert path[0] == start and path[-1] == sq
    assert all(adjacent(board, walls, s, q) for s, q in zip(path, path[1:]))
    assert sum(water_cost if board.terrain[q] == "water" else 1 for q in path[1:]) == result.costs[sq]


# -- 4.6 Line of sight: DDG-01 … DDG-22 ---------------------------------------------------------


def test_ddg_01_open_floor() -> None:
    """DDG-01: open floor; LoS from A (0,0) to T (4,2) is YES."""
    rows = ["A....",
            ".....",
            "....T"]
    board = build(rows)
    result = sight(rows, board)
    assert result.visible
    assert_clear_segment(board, closed(board), (0, 0), (4, 2), result)
    # The checklist's example segment P(0,0)→P(4,2) crosses only free floor squares.
    assert named_segment_clear(rows, board, closed(board), ((0, 0), (4, 2)))


def test_ddg_02_obstacle_on_the_same_row() -> None:
    """DDG-02: obstacle (2,1) between A (0,1) and T (5,1) on the same row: NO."""
    rows = ["......",
            "A.#..T",
            "......"]
    result = sight(rows)
    assert not result.visible
    assert result.segment is None
    assert result.reason == "the obstacle at (2,1) is in the way"


def test_ddg_03_touching_obstacle_corners_is_allowed() -> None:
    """DDG-03: touching obstacle corners is allowed (DD-102): A (0,0) to T (3,3) is YES."""
    rows = ["A...",
            ".#..",
            "..#.",
            "...T"]
    board = build(rows)
    assert sight(rows, board).visible
    # The named segment P(1,0)→P(4,3) crosses (1,0), (2,1), (3,2) and only touches the obstacles.
    assert segment_interior_squares((1, 0), (4, 3)) == ((1, 0), (2, 1), (3, 2))
    assert named_segment_clear(rows, board, closed(board), ((1, 0), (4, 3)))


def test_ddg_04_running_along_an_obstacle_edge_blocks() -> None:
    """DDG-04: running along an obstacle's edge blocks (DD-101): A (0,1) to T (2,1) is NO."""
    rows = ["...",
            "A#T",
            "..."]
    result = sight(rows)
    assert not result.visible
    assert result.reason == "the obstacle at (1,1) is in the way"


def test_ddg_05_squeezing_between_two_diagonal_obstacles() -> None:
    """DDG-05: squeezing between two diagonal obstacles: A (0,0) to T (3,3) is YES."""
    rows = ["A...",
            "..#.",
            ".#..",
            "...T"]
    board = build(rows)
    assert sight(rows, board).visible
    assert named_segment_clear(rows, board, closed(board), ((0, 0), (4, 4)))


def test_ddg_06_another_figure_even_a_friendly_hero_blocks() -> None:
    """DDG-06: another figure, even a friendly hero, blocks (DD-042, DD-101): NO."""
    rows = [".....",
            "AH..T",
            "....."]
    result = sight(rows)
    assert not result.visible
    assert result.reason == "a figure at (1,1) is in the way"


def test_ddg_07_knocked_out_hero_token_does_not_block() -> None:
    """DDG-07: a knocked-out hero token does not block (DD-103): A (0,1) to T (4,1) is YES."""
    rows = [".....",
            "AK..T",
            "....."]
    board = build(rows)
    assert sight(rows, board).visible
    assert named_segment_clear(rows, board, closed(board), ((0, 1), (4, 1)))


def test_ddg_08_closed_door_between_two_rooms() -> None:
    """DDG-08: closed door between two rooms (DD-074): A (0,1) to T (6,3) is NO."""
    rows = ["...X...",
            "A......",
            ".......",
            "...X..T"]
    result = sight(rows, build(rows, doors=DOOR_08))
    assert not result.visible


def test_ddg_09_same_map_door_open() -> None:
    """DDG-09: the map of DDG-08 with the door open: A (0,1) to T (6,3) is YES."""
    rows = ["...X...",
            "A......",
            ".......",
            "...X..T"]
    board = build(rows, doors=DOOR_08)
    result = sight(rows, board, opened(board))
    assert result.visible
    # The segment the case names, P(0,1)→P(6,3), touches no void square.
    assert named_segment_clear(rows, board, opened(board), ((0, 1), (6, 3)))
    assert all(board.on_map(q) for q in segment_interior_squares((0, 1), (6, 3)))


def test_ddg_10_orthogonal_neighbours_across_a_closed_door() -> None:
    """DDG-10: orthogonal neighbours A (2,1) and T (3,1) across a closed door: no LoS and
    NOT adjacent (no melee, no move, no search, no blast)."""
    rows = ["...X...",
            "..AT...",
            ".......",
            "...X..."]
    board = build(rows, doors=DOOR_08)
    walls = closed(board)
    result = sight(rows, board, walls)
    assert not result.visible
    assert result.reason == "a closed door is in the way"
    assert not adjacent(board, walls, (2, 1), (3, 1))
    assert (3, 1) not in movement_range(board, walls, (2, 1), UNLIMITED).costs
    assert (3, 1) not in blast_squares(board, walls, (2, 1))


def test_ddg_11_l_shaped_corridor_touching_the_wall_corner() -> None:
    """DDG-11: L-shaped corridor, touching the inner wall corner: A (0,0) to T (2,2) is YES."""
    rows = ["A..",
            "XX.",
            "XX.",
            "XX."]
    board = build(rows)
    assert line_of_sight(board, closed(board), (0, 0), (2, 2)).visible
    assert named_segment_clear(rows, board, closed(board), ((1, 0), (3, 2)), t=(2, 2))


def test_ddg_12_l_shaped_corridor_too_far_round_the_corner() -> None:
    """DDG-12: L-shaped corridor, too far round the corner: A (0,0) to T (2,3) is NO."""
    rows = ["A..",
            "XX.",
            "XX.",
            "XX."]
    board = build(rows)
    result = line_of_sight(board, closed(board), (0, 0), (2, 3))
    assert not result.visible


def test_ddg_13_diagonal_through_a_plus_junction() -> None:
    """DDG-13: two rooms that meet only at a corner point: A (1,1) to T (2,2) has NO LoS
    and the squares are NOT adjacent (map edges leave P(2,2) in all four directions)."""
    rows = ["..XX",
            ".AXX",
            "XXT.",
            "XX.."]
    board = build(rows)
    walls = closed(board)
    assert not sight(rows, board).visible
    assert not adjacent(board, walls, (1, 1), (2, 2))


def test_ddg_14_peeking_round_the_end_of_an_internal_wall() -> None:
    """DDG-14: peeking round the end of an internal wall: A (2,1) to T (4,1) is YES."""
    rows = ["......",
            "..A.T.",
            "......",
            "......"]
    board = build(rows, walls=WALLS_14)
    assert sight(rows, board).visible
    assert named_segment_clear(rows, board, closed(board), ((2, 2), (4, 2)))


def test_ddg_15_internal_wall_fully_between_attacker_and_target() -> None:
    """DDG-15: an internal wall fully between A (2,0) and T (4,0): NO."""
    rows = ["..A.T.",
            "......",
            "......",
            "......"]
    result = sight(rows, build(rows, walls=WALLS_14))
    assert not result.visible
    assert result.reason == "a wall blocks every line"


def test_ddg_16_segment_through_the_middle_point_of_a_closed_two_square_door() -> None:
    """DDG-16: a segment through the middle point P(3,2) of a closed two-square door:
    A (1,1) to T (4,2) is NO; with the door open it is YES."""
    rows = ["...X...",
            ".A.....",
            "....T..",
            "...X..."]
    board = build(rows, doors=DOOR_08)
    assert not sight(rows, board, closed(board)).visible
    assert not named_segment_clear(rows, board, closed(board), ((2, 1), (4, 3)))
    assert sight(rows, board, opened(board)).visible


def test_ddg_17_target_in_a_pit_two_spaces_away() -> None:
    """DDG-17: target in a pit at (2,0), two spaces away from A (0,0): NO (DD-060)."""
    rows = ["A....",
            ".....",
            "....."]
    board = build(rows, terrain={(2, 0): "pit"})
    result = line_of_sight(board, closed(board), (0, 0), (2, 0), t_in_pit=True)
    assert not result.visible
    assert result.reason == "only adjacent figures see into a pit"
    # Geometry alone would see it: the pit rule decides.
    assert line_of_sight(board, closed(board), (0, 0), (2, 0)).visible


def test_ddg_18_target_in_a_pit_diagonally_adjacent() -> None:
    """DDG-18: target in a pit at (1,1), diagonally adjacent to A (0,0): YES (DD-060)."""
    rows = ["A....",
            ".....",
            "....."]
    board = build(rows, terrain={(1, 1): "pit"})
    result = line_of_sight(board, closed(board), (0, 0), (1, 1), t_in_pit=True)
    assert result.visible
    assert_clear_segment(board, closed(board), (0, 0), (1, 1), result)


def test_ddg_19_attacker_in_a_pit() -> None:
    """DDG-19: attacker in a pit at (0,0), target (3,3): NO (DD-060, DD-061)."""
    rows = ["A....",
            ".....",
            ".....",
            "...T."]
    board = build(rows, terrain={(0, 0): "pit"})
    result = sight(rows, board, a_in_pit=True)
    assert not result.visible
    assert result.reason == "a figure in a pit sees only adjacent squares"


def test_ddg_20_water_lava_and_empty_pits_do_not_block_los() -> None:
    """DDG-20: water, lava and empty pits do not block LoS (DD-067): YES."""
    rows = [".....",
            "A~^oT",
            "....."]
    board = build(rows)
    assert sight(rows, board).visible
    # The case's segment P(0,1)→P(4,1) runs along no blocking edge and meets no interior.
    assert named_segment_clear(rows, board, closed(board), ((0, 1), (4, 1)))


def test_ddg_21_one_square_wide_corridor() -> None:
    """DDG-21: one-square-wide corridor, A (0,1) to T (3,1): YES by the diagonal
    P(0,1)→P(3,2)."""
    rows = ["XXXX",
            "A..T",
            "XXXX"]
    board = build(rows)
    walls = closed(board)
    assert sight(rows, board).visible
    assert named_segment_clear(rows, board, walls, ((0, 1), (3, 2)))
    # Segments along y = 1 or y = 2 run along map edges: blocked.
    assert not named_segment_clear(rows, board, walls, ((0, 1), (4, 1)))
    assert not named_segment_clear(rows, board, walls, ((0, 2), (4, 2)))


def test_ddg_22_one_square_wide_corridor_with_a_hero_in_the_way() -> None:
    """DDG-22: one-square-wide corridor with a hero at (2,1) in the way: NO."""
    rows = ["XXXX",
            "A.HT",
            "XXXX"]
    result = sight(rows)
    assert not result.visible
    assert result.reason == "a figure at (2,1) is in the way"


# -- 4.6 Movement: DDG-23 … DDG-37 ---------------------------------------------------------------


def test_ddg_23_open_floor_movement_costs() -> None:
    """DDG-23: open floor; diagonal steps cost 1 MP like orthogonal ones (DD-041)."""
    rows = ["S....",
            ".....",
            ".....",
            ".....",
            "....."]
    board = build(rows)
    result = moves(rows, board)
    assert result.costs[(4, 4)] == 4
    assert result.costs[(4, 2)] == 4
    assert result.costs[(2, 4)] == 4
    assert all(cost == distance((0, 0), sq) for sq, cost in result.costs.items())
    for sq in ((4, 4), (4, 2), (2, 4)):
        assert sq in result.ends
        assert_path_ok(board, closed(board), result, (0, 0), sq)


def test_ddg_24_water_costs_2_mp_to_enter() -> None:
    """DDG-24: water costs 2 MP to enter (DD-058)."""
    rows = ["S~~~.",
            ".~~~.",
            "....."]
    board = build(rows)
    result = moves(rows, board)
    assert result.costs[(1, 0)] == 2
    assert result.costs[(2, 0)] == 4
    assert result.costs[(4, 0)] == 6
    assert result.costs[(4, 1)] == 5
    # The cheapest route to (4,0) goes round the bottom row: 6 steps of 1, no water.
    path = result.path((4, 0))
    assert len(path) == 7 and not any(board.terrain[q] == "water" for q in path)
    assert_path_ok(board, closed(board), result, (0, 0), (4, 0))


def test_ddg_25_diagonal_move_between_two_blocked_spaces() -> None:
    """DDG-25: a diagonal move between obstacles (1,0) and (0,1) is allowed (DD-045)."""
    rows = ["S#.",
            "#..",
            "..."]
    result = moves(rows)
    assert result.costs[(1, 1)] == 1
    assert result.costs[(2, 0)] == 2
    assert result.costs[(0, 2)] == 2
    assert result.path((1, 1)) == ((0, 0), (1, 1))


def test_ddg_26_friendly_figure_then_enemy_in_a_1_wide_corridor() -> None:
    """DDG-26: friendly figure then enemy in a 1-wide corridor: (1,1) passable at 1 MP
    but no end square; (2,1) and (3,1) unreachable; no legal destination at all."""
    rows = ["XXXXXX",
            "SHM...",
            "XXXXXX"]
    result = moves(rows)
    assert result.costs[(1, 1)] == 1
    assert (1, 1) in result.pass_only and (1, 1) not in result.ends
    assert (2, 1) not in result.costs
    assert (3, 1) not in result.costs
    assert result.ends == frozenset()


def test_ddg_27_passing_through_a_friendly_figure() -> None:
    """DDG-27: passing through a friendly figure (DD-044, DD-046)."""
    rows = ["XXXXXX",
            "SH....",
            "XXXXXX"]
    board = build(rows)
    result = moves(rows, board)
    assert result.costs[(1, 1)] == 1
    assert (1, 1) in result.pass_only and (1, 1) not in result.ends
    assert result.costs[(2, 1)] == 2 and (2, 1) in result.ends
    assert result.costs[(5, 1)] == 5 and (5, 1) in result.ends
    assert result.path((2, 1)) == ((0, 1), (1, 1), (2, 1))


def test_ddg_28_a_pit_ends_the_move_action() -> None:
    """DDG-28: a pit ends the move action (DD-059): (2,1) costs 2 with 2 damage; (3,1)
    is unreachable."""
    rows = ["XXXXX",
            "S.o..",
            "XXXXX"]
    result = moves(rows)
    assert result.costs[(2, 1)] == 2
    assert (2, 1) in result.ends
    assert result.damage((2, 1)) == 2
    assert (3, 1) not in result.costs
    assert (4, 1) not in result.costs


def test_ddg_29_going_round_a_pit() -> None:
    """DDG-29: going round a pit through the second row."""
    rows = ["S.o..",
            "....."]
    result = moves(rows)
    assert result.costs[(4, 0)] == 4
    assert result.costs[(3, 0)] == 3
    assert (2, 0) not in result.path((4, 0))
    assert result.damage((4, 0)) == 0


def test_ddg_30_lava_can_be_crossed_but_hurts() -> None:
    """DDG-30: lava can be crossed but hurts (DD-063): (4,1) costs 4, (2,1) costs 2 and 1 damage."""
    rows = ["XXXXX",
            "S.^..",
            "XXXXX"]
    result = moves(rows)
    assert result.costs[(4, 1)] == 4
    assert result.costs[(2, 1)] == 2
    assert result.damage((2, 1)) == 1
    assert (2, 1) in result.ends  # a legal end, though ending the turn there defeats (DD-064)
    assert result.damage((4, 1)) == 1  # the only route crosses the lava


def test_ddg_31_diagonal_round_a_map_edge_corner() -> None:
    """DDG-31: (1,0)→(2,1) is a legal diagonal round the inner corner P(2,1) (DDA-10)."""
    rows = ["S..",
            "XX.",
            "XX.",
            "XX."]
    result = moves(rows)
    assert result.costs[(2, 3)] == 4
    assert result.costs[(2, 1)] == 2
    assert result.path((2, 3)) == ((0, 0), (1, 0), (2, 1), (2, 2), (2, 3))


def test_ddg_32_rooms_meeting_only_at_a_corner() -> None:
    """DDG-32: rooms meeting only at a corner: (2,2) unreachable, (1,1) costs 1."""
    rows = ["S.XX",
            "..XX",
            "XX..",
            "XX.."]
    board = build(rows)
    result = moves(rows, board)
    assert (2, 2) not in result.costs
    assert result.costs[(1, 1)] == 1
    assert not adjacent(board, closed(board), (1, 1), (2, 2))


def test_ddg_33_closed_door_blocks() -> None:
    """DDG-33: a closed door blocks movement (DD-048, DD-074): the east room is unreachable."""
    rows = ["...X...",
            "S......",
            ".......",
            "...X..."]
    board = build(rows, doors=DOOR_08)
    result = moves(rows, board, closed(board))
    assert (3, 1) not in result.costs
    assert (4, 1) not in result.costs
    assert (6, 1) not in result.costs
    assert all(x < 3 for x, _ in result.costs)


def test_ddg_34_door_open() -> None:
    """DDG-34: the DDG-33 map with the door open; (4,0) is reached diagonally from (3,1)."""
    rows = ["...X...",
            "S......",
            ".......",
            "...X..."]
    board = build(rows, doors=DOOR_08)
    result = moves(rows, board, opened(board))
    assert result.costs[(3, 1)] == 3
    assert result.costs[(4, 1)] == 4
    assert result.costs[(6, 1)] == 6
    assert result.costs[(4, 0)] == 4
    assert result.path((4, 0))[-2:] == ((3, 1), (4, 0))


def test_ddg_35_diagonal_between_two_enemy_figures() -> None:
    """DDG-35: a diagonal between two enemies is allowed; their squares cannot be entered."""
    rows = [".....",
            ".SM..",
            ".M...",
            "....."]
    result = moves(rows)
    assert result.costs[(2, 2)] == 1
    assert result.path((2, 2)) == ((1, 1), (2, 2))
    assert (2, 1) not in result.costs
    assert (1, 2) not in result.costs


def test_ddg_36_friendly_figure_standing_in_water() -> None:
    """DDG-36: a friendly figure standing in water at (2,1): (3,1) costs 2 + 2 + 1 = 5;
    (2,1) is passable at 4 MP but no end square."""
    rows = ["XXXXX",
            "S~H..",
            "XXXXX"]
    board = build(rows, terrain={(2, 1): "water"})
    result = moves(rows, board)
    assert result.costs[(3, 1)] == 5
    assert result.costs[(2, 1)] == 4
    assert (2, 1) in result.pass_only and (2, 1) not in result.ends
    assert_path_ok(board, closed(board), result, (0, 1), (3, 1))


def test_ddg_37_knocked_out_token_square_is_empty() -> None:
    """DDG-37: a knocked-out token's square is empty for movement (DD-049): (1,1) costs 1."""
    rows = ["XXXXX",
            "SK...",
            "XXXXX"]
    result = moves(rows)
    assert result.costs[(1, 1)] == 1
    assert (1, 1) in result.ends


# -- 4.6 Adjacency, reach, range, blast: DDG-38 … DDG-50 ---------------------------------------


def test_ddg_38_diagonal_step_round_a_wall_end_vs_through_a_wall_junction() -> None:
    """DDG-38: wall along x=4 from P(4,2) to P(4,4): (3,3)–(4,3) not adjacent, (3,3)–(4,4)
    adjacent, (3,3)–(4,2) not adjacent, (3,3)–(2,4) adjacent (DD-106)."""
    rows = ["......",
            "......",
            "......",
            "...T..",
            "......"]
    board = build(rows, walls=WALLS_38)
    walls = closed(board)
    t = one(rows, "T")
    assert not adjacent(board, walls, t, (4, 3))
    assert adjacent(board, walls, t, (4, 4))
    assert not adjacent(board, walls, t, (4, 2))
    assert adjacent(board, walls, t, (2, 4))


def test_ddg_39_reach_clear() -> None:
    """DDG-39: Reach from A (0,1) to T (2,1), distance 2 with LoS: YES (DD-099)."""
    rows = ["...",
            "A.T",
            "..."]
    board = build(rows)
    assert distance((0, 1), (2, 1)) == 2
    assert reach_ok(board, closed(board), one(rows, "A"), one(rows, "T"), where(rows, "HM"))
    # The case's segment P(0,1)→P(2,1) runs along the top edges of free squares: clear.
    assert named_segment_clear(rows, board, closed(board), ((0, 1), (2, 1)))


def test_ddg_40_reach_blocked_by_an_obstacle_in_between() -> None:
    """DDG-40: Reach blocked by the obstacle at (1,1) (same geometry as DDG-04): NO."""
    rows = ["...",
            "A#T",
            "..."]
    board = build(rows)
    assert not reach_ok(board, closed(board), one(rows, "A"), one(rows, "T"), where(rows, "HM"))


def test_ddg_41_reach_diagonal_past_a_central_obstacle() -> None:
    """DDG-41: Reach diagonally past the obstacle (1,1): YES (P(1,0)→P(3,2) touches a corner)."""
    rows = ["A..",
            ".#.",
            "..T"]
    board = build(rows)
    assert reach_ok(board, closed(board), one(rows, "A"), one(rows, "T"), where(rows, "HM"))
    assert named_segment_clear(rows, board, closed(board), ((1, 0), (3, 2)))


def test_ddg_42_reach_diagonal_with_three_obstacles() -> None:
    """DDG-42: Reach diagonally with obstacles at (1,0), (0,1), (1,1): NO."""
    rows = ["A#.",
            "##.",
            "..T"]
    board = build(rows)
    assert not reach_ok(board, closed(board), one(rows, "A"), one(rows, "T"), where(rows, "HM"))


def test_ddg_43_reach_through_a_friendly_hero() -> None:
    """DDG-43: Reach through a friendly hero at (1,1): NO (a figure is a blocked space)."""
    rows = ["...",
            "AHT",
            "..."]
    board = build(rows)
    assert not reach_ok(board, closed(board), one(rows, "A"), one(rows, "T"), where(rows, "HM"))


def test_ddg_44_range_counting() -> None:
    """DDG-44: A (0,0), T (5,2), open floor, no range modifiers: distance 5 (DD-087);
    range 4 + 0 misses, range 4 + 1 hits (DD-086). (The case has no map: a 6×3 open floor.)"""
    a, t = (0, 0), (5, 2)
    assert distance(a, t) == 5
    assert not within_range(a, t, 4 + 0)  # blue "range 4, 2♥" + yellow "range 0, 2♥"
    assert within_range(a, t, 4 + 1)  # blue "range 4, 2♥" + yellow "range 1, 0♥, ⚡"
    board = build(["......", "......", "......"])
    assert line_of_sight(board, closed(board), a, t).visible  # open floor: the target is in LoS


def test_ddg_45_fatigue_movement() -> None:
    """DDG-45: Speed 4, Stamina 4, fatigue 3: one Move gives at most 4 + 1 = 5 MP, two give
    8 + 1 = 9 (DD-038, DD-050, DD-053); at fatigue 4 of 4 no fatigue MP. The geometry
    side: those MP reach exactly that many king moves on open floor (DD-041). (The case
    has no map: one open row.)"""
    speed, stamina, fatigue = 4, 4, 3
    one_move = speed + (stamina - fatigue)
    two_moves = 2 * speed + (stamina - fatigue)
    assert (one_move, two_moves) == (5, 9)
    assert speed + (stamina - 4) == 4  # fatigue 4 of 4: no fatigue MP
    board = parse_board(["S" + "." * 11])
    for mp in (one_move, two_moves):
        result = movement_range(board, closed(board), (0, 0), mp)
        assert max(result.costs.values()) == mp
        assert (mp, 0) in result.ends and (mp + 1, 0) not in result.costs


def test_ddg_46_movement_with_interruption() -> None:
    """DDG-46: Speed 4: move 2, attack, move 2 is legal (DD-039); stopping in a friendly
    hero's space to attack is not (DD-047, DDA-03). (Losing the rest of the MP at step 4
    is turn flow, DD-040, not geometry. The case has no map: open floor with a friendly
    hero at (2,0).)"""
    rows = ["S.H...",
            "......"]
    board = build(rows)
    walls = closed(board)
    first = moves(rows, board, walls, mp=4)
    stop = (2, 1)  # 2 MP spent, then the attack, then 2 MP more
    assert first.costs[stop] == 2 and stop in first.ends
    second = movement_range(board, walls, stop, 4 - 2, friends=where(rows, "H"))
    assert (4, 1) in second.ends
    assert first.costs[(4, 1)] == 4  # the same place a single 4-MP move reaches
    # The friendly hero's space can be passed but not stopped in.
    assert (2, 0) in first.pass_only and (2, 0) not in first.ends


def test_ddg_47_blast_area() -> None:
    """DDG-47: on the DDG-38 map, a Blast on (3,3) affects (3,3), (4,4) and (2,2), not
    (4,3) beyond the wall (DD-095, DD-098, DD-106)."""
    rows = ["......",
            "......",
            "......",
            "...T..",
            "......"]
    board = build(rows, walls=WALLS_38)
    figures = {(3, 3), (4, 4), (4, 3), (2, 2)}  # goblin, hero, monster, hero
    area = blast_squares(board, closed(board), (3, 3))
    assert area & figures == {(3, 3), (4, 4), (2, 2)}
    assert (4, 3) not in area


def test_ddg_48_blast_through_a_closed_door() -> None:
    """DDG-48: on the DDG-08 map, a Blast on (2,1) does not reach (3,1), (3,2) through the
    closed door (DD-074); with the door open it does."""
    rows = ["...X...",
            "A......",
            ".......",
            "...X..T"]
    board = build(rows, doors=DOOR_08)
    shut = blast_squares(board, closed(board), (2, 1))
    assert (3, 1) not in shut and (3, 2) not in shut
    wide = blast_squares(board, opened(board), (2, 1))
    assert (3, 1) in wide and (3, 2) in wide


def test_ddg_49_search_adjacency() -> None:
    """DDG-49: search token at (3,1) on the DDG-08 map: a hero at (2,1) may search it only
    with the door open; a hero at (4,2) either way (DD-068, DD-106)."""
    rows = ["...X...",
            "A......",
            ".......",
            "...X..T"]
    board = build(rows, doors=DOOR_08)
    token = (3, 1)

    def may_search(hero: Square, walls: frozenset[Edge]) -> bool:
        return hero == token or adjacent(board, walls, hero, token)

    assert not may_search((2, 1), closed(board))
    assert may_search((2, 1), opened(board))
    assert may_search((4, 2), closed(board))
    assert may_search((4, 2), opened(board))


def test_ddg_50_door_adjacency() -> None:
    """DDG-50: heroes at (2,1), (2,2), (3,1), (3,2) may open or close the DDG-08 door;
    heroes at (1,1) or (4,1) may not (DD-073)."""
    rows = ["...X...",
            "A......",
            ".......",
            "...X..T"]
    board = build(rows, doors=DOOR_08)
    for hero in ((2, 1), (2, 2), (3, 1), (3, 2)):
        assert board.doors_touching(hero) == {"door"}
    for hero in ((1, 1), (4, 1)):
        assert board.doors_touching(hero) == frozenset()


# -- 2.9 Quest 1, "The Warden's Vault": checked facts -----------------------------------------

QUEST_1 = [
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
]
VAULT_DOOR = {"vault": [((14, 4), (15, 4)), ((14, 5), (15, 5))]}
VAULT = frozenset((x, y) for x in range(16, 20) for y in range(3, 7))


def quest_board() -> Board:
    return build(QUEST_1, doors=VAULT_DOOR)


def test_quest_1_map_matches_its_description() -> None:
    """2.9 areas: water, obstacles, pit and lava where the text says; the door fills its
    doorway (2.1 map validity)."""
    board = quest_board()
    assert {s for s, k in board.terrain.items() if k == "water"} == {(9, 2), (10, 2), (9, 3), (10, 3)}
    assert board.obstacles == {(11, 5), (8, 7)}
    assert {s for s, k in board.terrain.items() if k == "pit"} == {(12, 7)}
    assert {s for s, k in board.terrain.items() if k == "lava"} == {(18, 3), (17, 6)}
    assert board.on_map((15, 4)) and board.on_map((15, 5))


def test_quest_1_door_closed_hall_costs_13_and_vault_unreachable() -> None:
    """2.9 checked facts, door closed, empty map: from (1,4) the cheapest route to (14,4)
    costs 13 MP, (14,1) costs 13 MP, and the Vault is unreachable."""
    board = quest_board()
    walls = board.blocking_edges(["vault"])
    result = movement_range(board, walls, (1, 4), UNLIMITED)
    assert result.costs[(14, 4)] == 13
    assert result.costs[(14, 1)] == 13
    assert not VAULT & set(result.costs)
    assert_path_ok(board, walls, result, (1, 4), (14, 4))


def test_quest_1_door_open_vault_costs_15_and_17() -> None:
    """2.9 checked facts, door open, empty map: (16,4) costs 15 MP, (18,5) 17 MP, (14,1) 13."""
    board = quest_board()
    walls = board.blocking_edges([])
    result = movement_range(board, walls, (1, 4), UNLIMITED)
    assert result.costs[(16, 4)] == 15
    assert result.costs[(18, 5)] == 17
    assert result.costs[(14, 1)] == 13
    for sq in ((16, 4), (18, 5)):
        assert_path_ok(board, walls, result, (1, 4), sq)


def test_quest_1_los_from_3_4_to_12_2_door_closed_and_open() -> None:
    """2.9 checked facts: there is LoS from (3,4) to (12,2), with the door closed and open."""
    board = quest_board()
    for walls in (board.blocking_edges(["vault"]), board.blocking_edges([])):
        result = line_of_sight(board, walls, (3, 4), (12, 2))
        assert result.visible
        assert_clear_segment(board, walls, (3, 4), (12, 2), result)


# -- Property tests over seeded random maps (game.core.rng.Rng) ----------------------------------

SEEDS = range(40)
_KINDS = ["floor"] * 12 + ["obstacle"] * 2 + ["water"] * 2 + ["pit", "lava"] + [None] * 2


def random_board(rng: Rng) -> Board:
    """A small random map: terrain with some void, and random internal walls."""
    width, height = rng.between(3, 7), rng.between(3, 6)
    terrain: dict[Square, str] = {}
    for y in range(height):
        for x in range(width):
            kind = rng.choice(_KINDS)
            if kind is not None:
                terrain[(x, y)] = kind
    walls: set[Edge] = set()
    for (x, y) in terrain:
        for other in ((x + 1, y), (x, y + 1)):
            if other in terrain and rng.chance(1, 6):
                walls.add(edge_between((x, y), other))
    return Board(terrain, frozenset(walls))


def random_figures(rng: Rng, board: Board, n: int) -> frozenset[Square]:
    free = [s for s in board.squares if board.terrain[s] != "obstacle"]
    return frozenset(rng.choice(free) for _ in range(n)) if free else frozenset()


def boards() -> Iterable[tuple[Rng, Board, frozenset[Edge]]]:
    for seed in SEEDS:
        rng = Rng.seeded(seed, 106)
        board = random_board(rng)
        if board.squares:
            yield rng, board, board.blocking_edges([])


def test_dd_106_adjacency_is_symmetric_local_and_ignores_obstacles() -> None:
    """DD-106 (4.2): adjacency is symmetric, only between different on-map squares at
    distance 1, orthogonally exactly when the shared edge is not in W, and unchanged
    when obstacles become floor (obstacles and figures do not affect adjacency)."""
    for _, board, walls in boards():
        flat = Board({s: "floor" for s in board.terrain}, board.internal_walls)
        flat_walls = flat.blocking_edges([])
        for a in board.squares:
            for b in board.squares:
                adj = adjacent(board, walls, a, b)
                assert adj == adjacent(board, walls, b, a)
                assert adj == adjacent(flat, flat_walls, a, b)
                if adj:
                    assert distance(a, b) == 1
                if distance(a, b) == 1 and (a[0] == b[0] or a[1] == b[1]):
                    assert adj == (edge_between(a, b) not in walls)


def test_dd_095_blast_is_the_target_and_its_adjacent_squares() -> None:
    """DD-095 (4.5): the blast area is the target plus its adjacent squares; b is in the
    blast of a exactly when a is in the blast of b."""
    for _, board, walls in boards():
        for a in board.squares:
            area = blast_squares(board, walls, a)
            assert area == {a} | {b for b in board.squares if adjacent(board, walls, a, b)}
            assert all(a in blast_squares(board, walls, b) for b in area)


def test_dd_100_line_of_sight_is_symmetric() -> None:
    """DD-100, DD-104 (4.4): LoS from A to T equals LoS from T to A when neither figure is
    in a pit (a segment has no direction; B(A,T) = B(T,A); C4 swaps u and v); putting A
    or T among the blockers changes nothing."""
    for rng, board, walls in boards():
        figures = random_figures(rng, board, rng.between(0, 4))
        for a in board.squares:
            for t in board.squares:
                there = line_of_sight(board, walls, a, t, blockers=figures)
                back = line_of_sight(board, walls, t, a, blockers=figures)
                assert there.visible == back.visible, (a, t)
                assert there.visible == line_of_sight(board, walls, a, t, blockers=figures | {a, t}).visible
                assert there.visible or there.reason
                if there.visible and a != t:
                    assert_clear_segment(board, walls, a, t, there, figures)


def test_dd_060_pit_los_is_adjacency_and_symmetric() -> None:
    """DD-060 (4.4 step 1): with a figure in a pit at either end, LoS is adjacency, the
    same both ways."""
    for _, board, walls in boards():
        pits = [s for s in board.squares if board.terrain[s] == "pit"]
        for p in pits:
            for t in board.squares:
                into = line_of_sight(board, walls, t, p, t_in_pit=True)
                out = line_of_sight(board, walls, p, t, a_in_pit=True)
                assert into.visible == out.visible == (t == p or adjacent(board, walls, p, t))


def test_dd_067_water_lava_and_pits_never_block_los() -> None:
    """DD-067 (and DD-057): turning every water, lava and pit square into floor does not
    change any LoS answer (when no figure stands in a pit)."""
    for rng, board, walls in boards():
        flat = Board({s: ("obstacle" if k == "obstacle" else "floor") for s, k in board.terrain.items()},
                     board.internal_walls)
        flat_walls = flat.blocking_edges([])
        figures = random_figures(rng, board, 2)
        for a in board.squares:
            for t in board.squares:
                assert (line_of_sight(board, walls, a, t, blockers=figures).visible
                        == line_of_sight(flat, flat_walls, a, t, blockers=figures).visible)


def test_dd_102_c1_traversal_equals_the_literal_lambda_test() -> None:
    """DD-101, DD-102 (4.4 C1): the squares the engine finds a segment crossing are exactly
    the squares of the bounding box grown by one whose open interior the literal λ-interval
    test says the segment meets."""
    rng = Rng.seeded(102)
    for _ in range(400):
        a: Point = (rng.between(-3, 3), rng.between(-3, 3))
        t: Point = (rng.between(-3, 6), rng.between(-3, 6))
        box = {(x, y)
               for x in range(min(a[0], t[0]) - 1, max(a[0], t[0]) + 1)
               for y in range(min(a[1], t[1]) - 1, max(a[1], t[1]) + 1)}
        literal = {q for q in box if segment_meets_interior(a, t, q)}
        assert set(segment_interior_squares(a, t)) == literal, (a, t)


def _literal_los(board: Board, walls: frozenset[Edge], A: Square, T: Square, figures: frozenset[Square]) -> bool:
    """4.4 transcribed literally, slowly, with Fractions: every corner pair, every square of
    B(A,T) in the bounding box grown by one, every edge of W near the segment."""
    W = walls | board.map_edges

    def blocked(q: Square) -> bool:
        return q not in (A, T) and (q not in board.terrain or board.terrain[q] == "obstacle" or q in figures)

    def rays(p: Point) -> set[int]:
        out = set()
        for (x0, y0), (x1, y1) in W:
            if (x0, y0) == p:
                out.add(direction_class(x1 - x0, y1 - y0))
            elif (x1, y1) == p:
                out.add(direction_class(x0 - x1, y0 - y1))
        return out

    def clear(a: Point, t: Point) -> bool:
        xs, ys = range(min(a[0], t[0]) - 1, max(a[0], t[0]) + 2), range(min(a[1], t[1]) - 1, max(a[1], t[1]) + 2)
        box = [(x, y) for x in xs for y in ys]
        if any(blocked(q) and segment_meets_interior(a, t, q) for q in box):  # C1
            return False
        edges = set(W) | {e for q in box if blocked(q) for e in (
            ((q[0], q[1]), (q[0] + 1, q[1])), ((q[0] + 1, q[1]), (q[0] + 1, q[1] + 1)),
            ((q[0], q[1] + 1), (q[0] + 1, q[1] + 1)), ((q[0], q[1]), (q[0], q[1] + 1)))}
        for (x0, y0), (x1, y1) in edges:  # C2: collinear overlap of positive length
            if a[1] == t[1] == y0 == y1 and min(a[0], t[0]) < x1 and x0 < max(a[0], t[0]):
                return False
            if a[0] == t[0] == x0 == x1 and min(a[1], t[1]) < y1 and y0 < max(a[1], t[1]):
                return False
        for (x0, y0), (x1, y1) in W:  # C3: meeting an edge of W in mid-edge
            if x0 == x1 and a[0] != t[0]:
                lam = Fraction(x0 - a[0], t[0] - a[0])
                if 0 <= lam <= 1 and y0 < a[1] + lam * (t[1] - a[1]) < y1:
                    return False
            if y0 == y1 and a[1] != t[1]:
                lam = Fraction(y0 - a[1], t[1] - a[1])
                if 0 <= lam <= 1 and x0 < a[0] + lam * (t[0] - a[0]) < x1:
                    return False
        g = gcd(abs(t[0] - a[0]), abs(t[1] - a[1]))  # C4
        for k in range(g + 1):
            p = (a[0] + k * (t[0] - a[0]) // g, a[1] + k * (t[1] - a[1]) // g)
            u = (direction_class(2 * A[0] + 1 - 2 * p[0], 2 * A[1] + 1 - 2 * p[1]) if k == 0
                 else direction_class(a[0] - p[0], a[1] - p[1]))
            v = (direction_class(2 * T[0] + 1 - 2 * p[0], 2 * T[1] + 1 - 2 * p[1]) if k == g
                 else direction_class(t[0] - p[0], t[1] - p[1]))
            if not same_side(u, v, rays(p)):
                return False
        return True

    return any(clear(a, t) for a in corners(A) for t in corners(T) if a != t)


def test_dd_105_los_equals_a_literal_transcription_of_4_4() -> None:
    """DD-105, DDA-09: the engine's LoS (cached segment shapes, only the squares and edges
    a segment touches) answers exactly as 4.4 read literally, on random maps with walls,
    void and figures."""
    for rng, board, walls in boards():
        figures = random_figures(rng, board, rng.between(0, 3))
        for _ in range(60):
            a, t = rng.choice(board.squares), rng.choice(board.squares)
            if a != t:
                expected = _literal_los(board, walls, a, t, figures)
                assert line_of_sight(board, walls, a, t, blockers=figures).visible == expected, (a, t)


def _brute_force_costs(board: Board, walls: frozenset[Edge], start: Square, mp: int,
                       friends: frozenset[Square], enemies: frozenset[Square]) -> dict[Square, int]:
    """4.3 again, by repeated relaxation (Bellman-Ford), to check the search."""
    others = (friends | enemies) - {start}
    costs = {start: 0}
    changed = True
    while changed:
        changed = False
        for s, c in list(costs.items()):
            if board.terrain[s] == "pit":
                continue
            for q in board.squares:
                kind = board.terrain[q]
                if (not adjacent(board, walls, s, q) or kind == "obstacle" or q in enemies - {start}
                        or (kind == "pit" and q in others)):
                    continue
                new = c + (2 if kind == "water" else 1)
                if new <= mp and new < costs.get(q, mp + 1):
                    costs[q] = new
                    changed = True
    return costs


def test_dd_046_dd_047_every_end_square_is_reached_by_its_path() -> None:
    """DD-046, DD-047, DD-043, DD-044, DD-059, DD-061 (4.3): every reachable square's path
    starts at the mover, steps between adjacent squares, enters no obstacle or enemy,
    holds a pit only as its last square (none at all if the mover stands in one), and
    costs what is reported, which is the true minimum (checked by relaxation) and at
    least the distance (DD-041, DD-087). End squares hold no other figure; the
    passable-only squares are exactly the reachable squares holding one."""
    for rng, board, walls in boards():
        for _ in range(4):
            start = rng.choice(board.squares)
            friends = random_figures(rng, board, 2) - {start}
            enemies = random_figures(rng, board, 2) - {start} - friends
            mp = rng.between(0, 8)
            result = movement_range(board, walls, start, mp, friends=friends, enemies=enemies)
            assert result.costs[start] == 0 and result.path(start) == (start,)
            assert result.costs == _brute_force_costs(board, walls, start, mp, friends, enemies)
            if board.terrain[start] == "pit":
                assert set(result.costs) == {start}
            for sq, cost in result.costs.items():
                path = result.path(sq)
                assert_path_ok(board, walls, result, start, sq)
                assert cost <= mp and cost >= distance(start, sq)
                assert not any(board.terrain[q] == "obstacle" or q in enemies for q in path[1:])
                assert not any(board.terrain[q] == "pit" for q in path[:-1])
            assert result.ends == set(result.costs) - {start} - friends - enemies
            assert result.pass_only == set(result.costs) & (friends | enemies)


def test_dd_059_dd_063_damage_is_what_the_path_enters() -> None:
    """DD-059, DD-063 (4.3): the damage reported is 1 per lava space and 2 per pit space the
    path enters, and the path avoids lava and pits when an equally cheap route does."""
    for rng, board, walls in boards():
        start = rng.choice(board.squares)
        result = movement_range(board, walls, start, 6)
        hurt = {"lava": 1, "pit": 2}
        for sq in result.costs:
            assert result.damage(sq) == sum(hurt.get(board.terrain[q], 0) for q in result.path(sq)[1:])


def _all_cheapest_paths(board: Board, walls: frozenset[Edge], start: Square, mp: int) -> dict[Square, list[tuple[Square, ...]]]:
    """Every valid path within mp (no figures), grouped by end square, cheapest only."""
    found: dict[Square, list[tuple[Square, ...]]] = {}
    best: dict[Square, int] = {}

    def walk(path: tuple[Square, ...], cost: int) -> None:
        sq = path[-1]
        if cost < best.get(sq, mp + 1):
            best[sq], found[sq] = cost, [path]
        elif cost == best.get(sq):
            found[sq].append(path)
        if board.terrain[sq] == "pit":
            return
        for q in board.squares:
            if q in path or board.terrain[q] == "obstacle" or not adjacent(board, walls, sq, q):
                continue
            step = 2 if board.terrain[q] == "water" else 1
            if cost + step <= mp:
                walk(path + (q,), cost + step)

    walk((start,), 0)
    return found


def test_dd_045_path_tie_breaks_fewest_hazards_then_diagonals_then_lexicographic() -> None:
    """DD-045, DD-063 (4.3 "Report to the UI"): among the cheapest paths, the reported one
    has the fewest lava/pit spaces, then the fewest diagonal steps, then comes first in
    lexicographic order (checked against every path, found by exhaustive search)."""
    for rng, board, walls in boards():
        start = rng.choice(board.squares)
        mp = 4
        result = movement_range(board, walls, start, mp)
        every = _all_cheapest_paths(board, walls, start, mp)
        assert set(every) == set(result.costs)

        def key(path: tuple[Square, ...]) -> tuple[int, int, tuple[Square, ...]]:
            hazards = sum(board.terrain[q] in ("lava", "pit") for q in path[1:])
            diagonals = sum(s[0] != q[0] and s[1] != q[1] for s, q in zip(path, path[1:]))
            return hazards, diagonals, path

        for sq, paths in every.items():
            assert result.path(sq) == min(paths, key=key)


def test_dd_041_costs_are_monotone_in_mp() -> None:
    """DD-041, DD-037 (4.3): more MP never makes a square dearer or unreachable: the range
    with m MP is the range with more MP cut at m."""
    for rng, board, walls in boards():
        start = rng.choice(board.squares)
        enemies = random_figures(rng, board, 1) - {start}
        ranges = [movement_range(board, walls, start, m, enemies=enemies).costs for m in range(0, 10)]
        for m, small in enumerate(ranges):
            for big in ranges[m:]:
                assert dict(small) == {sq: c for sq, c in big.items() if c <= m}


def test_dd_058_water_cost_parameter() -> None:
    """DD-058 (4.3): water costs 2 MP to enter, 1 for Tamsin (water_cost=1): with water
    cost 1 every square's cost is the plain step count, never above the usual cost."""
    for rng, board, walls in boards():
        start = rng.choice(board.squares)
        usual = movement_range(board, walls, start, 12)
        tamsin = movement_range(board, walls, start, 12, water_cost=1)
        assert set(usual.costs) <= set(tamsin.costs)
        assert all(tamsin.costs[sq] <= c for sq, c in usual.costs.items())
        for sq in tamsin.costs:
            assert tamsin.costs[sq] == len(tamsin.path(sq)) - 1


def test_dd_087_distance_and_reach() -> None:
    """DD-087, DD-099 (4.5): distance is Chebyshev, symmetric, with the triangle
    inequality; Reach needs adjacency or distance ≤ 2 with LoS."""
    for rng, board, walls in boards():
        figures = random_figures(rng, board, 2)
        for a in board.squares:
            for t in board.squares:
                d = distance(a, t)
                assert d == distance(t, a) == max(abs(a[0] - t[0]), abs(a[1] - t[1]))
                ok = reach_ok(board, walls, a, t, figures)
                expected = adjacent(board, walls, a, t) or (
                    0 < d <= 2 and line_of_sight(board, walls, a, t, blockers=figures).visible)
                assert ok == expected
                if ok:
                    assert d <= 2
