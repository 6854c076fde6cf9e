"""Fantasy Adventures (seed 000): parties of heroes in two ranks against the monsters and traps
the other players place (checklist rules/fantasy-adventures.md).

So far the card pool (content.py, content/*.toml), its ability vocabulary (vocabulary.py) and
the decks (decks.py); the rules engine registers the system when it plays.
"""
