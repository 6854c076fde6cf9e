"""Champions of Albion: a cooperative adventure across the map of Albion (content and rules)."""
