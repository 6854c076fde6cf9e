"""Five Realms: a desktop tabletop for five fantasy rule systems."""

__version__ = "0.1.0"
