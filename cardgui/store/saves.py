"""The game in progress, saved after every change and offered back at start.

The file holds a format number, the game's log (its deal, options and the
commands made on it), the seconds played and what the keyboard was in the
middle of (a half-typed name, Poker Squares' cursor).  Format 1 (cardgui
0.1.0, which logged keystrokes) is read through ``format_v1``.  A file of a
newer format is refused and kept as it is, for the newer cardgui that wrote
it; a file that cannot be read is moved aside to ``<name>.bad`` and reported.
Neither ever stops the program.
"""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, field
from typing import Any

from . import format_v1
from .files import read_json, write_json_atomically
from .paths import data_dir
from .replay import GameLog

FORMAT = 2


class NewerSaveError(ValueError):
    """A save written by a newer cardgui: kept, not read."""


@dataclass(frozen=True)
class SavedGame:
    """A saved game: its log, the seconds played, what its keyboard was in the
    middle of (as the game's key interpreter describes it: a half-typed name,
    Poker Squares' cursor), and its row in the statistics once it has one."""

    log: GameLog
    elapsed: float = 0.0
    keyboard: dict[str, Any] = field(default_factory=dict)
    statistics_row: int | None = None

    def to_json(self) -> dict[str, Any]:
        data = {"format": FORMAT, "elapsed": round(self.elapsed, 1), **self.log.to_json(),
                "keyboard": self.keyboard}
        if self.statistics_row is not None:
            data["statistics_row"] = self.statistics_row
        return data

    @classmethod
    def from_json(cls, data: Any) -> "SavedGame":
        """The saved game ``data`` describes, of format 1 or 2.

        Raises:
            NewerSaveError: if a newer cardgui wrote it.
            ValueError: saying what else is wrong with it.
        """
        if not isinstance(data, dict):
            raise ValueError("a saved game must be a JSON object")
        version = data.get("format")
        if type(version) is int and version > FORMAT:
            raise NewerSaveError(f"it was written by a newer cardgui (save format {version}; "
                                 f"this one reads up to {FORMAT})")
        elapsed = data.get("elapsed", 0)
        if type(elapsed) not in (int, float) or not math.isfinite(elapsed) or elapsed < 0:
            raise ValueError("its playing time is not a number of seconds")
        if version == format_v1.FORMAT:
            log, keyboard = format_v1.read_format_1(data)
            return cls(log, float(elapsed), keyboard)
        if version != FORMAT:
            raise ValueError(f"its format {version!r} is not one cardgui writes")
        keyboard = data.get("keyboard", {})
        row = data.get("statistics_row")
        if not isinstance(keyboard, dict):
            raise ValueError("its keyboard state is malformed")
        if row is not None and type(row) is not int:
            raise ValueError("its statistics row is malformed")
        return cls(GameLog.from_json(data), float(elapsed), keyboard, row)


class SaveFile:
    """One saved game in progress."""

    def __init__(self, path: pathlib.Path | None = None) -> None:
        self.path = path or data_dir() / "current-game.json"

    def save(self, saved: SavedGame) -> None:
        """Write the game atomically.

        Raises:
            OSError: if it cannot be written.
        """
        write_json_atomically(self.path, saved.to_json())

    def load(self) -> SavedGame | None:
        """The saved game, or None when there is none.

        Raises:
            NewerSaveError: for a save of a newer cardgui (left where it is).
            ValueError: saying what is wrong with a file that exists but cannot
                be used (it has been moved aside to ``.bad`` by then).
        """
        if not self.path.exists():
            return None
        try:
            return SavedGame.from_json(read_json(self.path))
        except NewerSaveError as error:
            raise NewerSaveError(f"The saved game was kept but not opened: {error}.") from None
        except (OSError, ValueError, RecursionError) as error:
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
