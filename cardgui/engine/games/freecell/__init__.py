"""Freecell: its rules, keys and positions."""
