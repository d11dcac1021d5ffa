"""The player's settings, kept as JSON beside the saved game.

Keys this version does not know are kept as they are (a newer version may
use them); values of the wrong type fall back to the defaults, so an old or
hand-edited file never stops the program.
"""

from __future__ import annotations

import pathlib
from typing import Any

from .files import UnusableFile, read_json, set_aside, write_json_atomically
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
        try:
            stored = read_json(self.path)
        except FileNotFoundError:
            return
        except UnusableFile as error:
            moved = set_aside(self.path)
            kept = f"the old file was kept as {moved.name}" if moved else "the old file stays"
            self.problem = f"Settings were reset ({error}); {kept}."
            return
        except OSError as error:
            self.problem = f"Settings could not be read ({error.strerror or error})."
            return
        if isinstance(stored, dict):
            for key, value in stored.items():
                default = DEFAULTS.get(key)
                if default is None or isinstance(value, type(default)):
                    self.values[key] = value

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
        try:
            write_json_atomically(self.path, self.values)
        except OSError as error:
            self.problem = f"Settings could not be saved: {error}"
