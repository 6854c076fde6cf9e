"""One package per rule system. Each registers itself in :mod:`game.core.registry`."""
