"""Each game's table in the window, and one that works for any game."""
