"""Help for the player: the solver's verdict, hints, demo play and winnable
deals, worked out away from the window (no Qt here)."""
