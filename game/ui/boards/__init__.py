"""Drawing components for game boards (ART.md, The table: boards are drawn once into a
cached layer; overlays such as range, sight and highlights go on top; figures and tokens
with a soft shadow).

* :mod:`game.ui.boards.grid`: a square-grid map (Dungeon Delve) with terrain, walls and
  doors, movement range, paths, line of sight, tokens and figures; its base layer is painted
  by :mod:`~game.ui.boards.grid_base`, its figures by :mod:`~game.ui.boards.grid_figures`.
* :mod:`game.ui.boards.route_map`: a map of spaces and routes (Champions of Albion) with
  lit spaces, planned paths, tokens and standees; its labels are placed by
  :mod:`~game.ui.boards.route_labels`, its tokens and standees drawn by
  :mod:`~game.ui.boards.route_pieces`.
* :mod:`game.ui.boards.marks`: the star and the crown both boards draw on their pieces.
"""
