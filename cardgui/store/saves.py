"""The game in progress, saved after every change and offered back at start.

The file holds the game's log (its deal and the requests made on it) and the
seconds played.  A file that cannot be read or replayed is moved aside to
``<name>.bad`` and reported; it never stops the program.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass

from .files import read_json, write_json_atomically
from .paths import data_dir
from .replay import GameLog

FORMAT = 1


@dataclass(frozen=True)
class SavedGame:
    log: GameLog
    elapsed: float


class SaveFile:
    """One saved game in progress."""

    def __init__(self, path: pathlib.Path | None = None) -> None:
        self.path = path or data_dir() / "current-game.json"

    def save(self, log: GameLog, elapsed: float) -> None:
        """Write the game atomically.

        Raises:
            OSError: if it cannot be written.
        """
        write_json_atomically(self.path, {"format": FORMAT, "elapsed": round(elapsed, 1),
                                          **log.to_json()})

    def load(self) -> SavedGame | None:
        """The saved game, or None when there is none.

        Raises:
            ValueError: saying what is wrong with a file that exists but cannot
                be used (it has been moved aside to ``.bad`` by then).
        """
        if not self.path.exists():
            return None
        try:
            data = read_json(self.path)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("it was written by another version of cardgui")
            elapsed = data.get("elapsed", 0)
            if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or elapsed < 0:
                raise ValueError("its playing time is not a number of seconds")
            return SavedGame(GameLog.from_json(data), float(elapsed))
        except (OSError, ValueError) as error:
            self.set_aside()
            raise ValueError(f"The saved game could not be read: {error}") from None

    def set_aside(self) -> None:
        """Move an unusable file to ``.bad`` (keeping it for a bug report)."""
        try:
            self.path.replace(self.path.with_suffix(".bad"))
        except OSError:
            pass

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
