"""Klondike: its rules, keys and positions."""
