"""Widgets drawn in the tabletop style: buttons, toggles, text fields, scrolling text,
card views and fans, the prompt bar, tooltips."""
