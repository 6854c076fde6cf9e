"""Drawing components for game boards (ART.md, The table: boards are drawn once into a
cached layer; overlays such as range, sight and highlights go on top; figures and tokens
with a soft shadow).

* :mod:`game.ui.boards.grid`: a square-grid map (Dungeon Delve) with terrain, walls and
  doors, movement range, paths, line of sight, tokens and figures.
"""
