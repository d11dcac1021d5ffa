"""Calculation: its rules, keys and positions."""
