"""Dungeon Delve: heroes against an overlord on a square grid (seed 001)."""
