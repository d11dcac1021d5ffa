"""Pokersquares: its rules, keys and positions."""
