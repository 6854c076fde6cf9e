"""The scenes: title, new game, table, pause, save/load, settings, rules, game over, hand-off."""
