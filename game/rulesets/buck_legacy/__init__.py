"""Buck: Legacy: a semi-cooperative market-and-dungeon card game for 2 to 6 adventurers."""
