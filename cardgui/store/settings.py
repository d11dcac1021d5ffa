"""The player's settings, kept as JSON beside the saved game.

Keys this version does not know are kept as they are (a newer version may
use them); values of the wrong type fall back to the defaults, so an old or
hand-edited file never stops the program.  A file that is not a JSON object
of settings is set aside and named; one that cannot be read now is kept as
it is and not written until it can be read again (each change tries), and a
read-only one is never replaced.
"""

from __future__ import annotations

import pathlib
from typing import Any

from .files import UnusableFile, excerpt, read_json, set_aside, write_json_atomically
from .paths import data_dir

DEFAULTS: dict[str, Any] = {
    "last_game": "klondike",
    "animations": True,
    "command_panel": True,
    "click_to_move": False,
    "four_colour": False,
    "high_contrast": False,
    "demo_pace": "normal",
    "deck": "cardgui",      # cardgui's own, or an installed deck's name (cardgui decks)
    "card_back": "deck",    # the deck's own back, or one of ours: blue, red, green
    "table_colour": "",     # "#rrggbb", or "" for the usual green
    "window_geometry": "",
    "options": {},          # per game id: the options new games start with
}


class Settings:
    """Read on creation, written on every change."""

    def __init__(self, path: pathlib.Path | None = None) -> None:
        self.path = path or data_dir() / "settings.json"
        self.values = dict(DEFAULTS)
        self.problem = ""
        self._changed: dict[str, Any] = {}     # set while the file could not be read
        self._unread = False
        try:
            stored = read_json(self.path)
        except FileNotFoundError:
            return
        except UnusableFile as error:
            self.problem = self._set_aside(str(error))
            return
        except OSError as error:
            self._unread = True
            self.problem = (f"Settings could not be read ({error.strerror or error}); the file "
                            "is kept as it is, and changes are not saved until it can be read.")
            return
        if not isinstance(stored, dict):
            self.problem = self._set_aside(f"it holds {_kind(stored)}, not settings")
            return
        self._take(stored)

    def _take(self, stored: dict[str, Any]) -> None:
        for key, value in stored.items():
            default = DEFAULTS.get(key)
            if default is None or isinstance(value, type(default)):
                self.values[key] = value

    def _set_aside(self, why: str) -> str:
        moved = set_aside(self.path)
        kept = f"the old file was kept as {moved.name}" if moved else "the old file stays"
        return f"Settings were reset ({excerpt(why)}); {kept}."

    def _read_again(self) -> bool:
        """For a file that could not be read at the start: read it now, with
        the changes made meanwhile on top; True once it has been."""
        try:
            stored = read_json(self.path)
        except FileNotFoundError:
            stored = {}
        except (OSError, UnusableFile):
            return False
        if isinstance(stored, dict):
            self._take(stored)
        self.values.update(self._changed)
        self._unread = False
        return True

    def game_options(self, game_id: str) -> dict[str, Any]:
        """The options a new game of ``game_id`` starts with."""
        options = self.values.get("options", {}).get(game_id, {})
        return dict(options) if isinstance(options, dict) else {}

    def set_game_option(self, game_id: str, name: str, value: Any) -> None:
        options = {key: dict(value) for key, value in self.values.get("options", {}).items()
                   if isinstance(value, dict)}
        options.setdefault(game_id, {})[name] = value
        self["options"] = options

    def __getitem__(self, key: str) -> Any:
        return self.values.get(key, DEFAULTS.get(key))

    def __setitem__(self, key: str, value: Any) -> None:
        if self.values.get(key) == value:
            return
        self.values[key] = value
        if self._unread:
            self._changed[key] = value
            if not self._read_again():
                return
        try:
            write_json_atomically(self.path, self.values)
        except OSError as error:
            self.problem = f"Settings could not be saved: {error}"


def _kind(value: Any) -> str:
    """What a JSON value is, in words: ``a list``, ``null``."""
    if value is None:
        return "null"
    names = {bool: "true or false", str: "a string", list: "a list", int: "a number",
             float: "a number"}
    return names.get(type(value), type(value).__name__)
