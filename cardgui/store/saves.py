"""The game in progress, saved after every change and offered back at start.

The file holds a format number, the game's log (its deal, options and the
commands made on it), the seconds played and what the keyboard was in the
middle of (a half-typed name, Poker Squares' cursor).  Format 1 (cardgui
0.1.0, which logged keystrokes) is read through ``format_v1``.  A file of a
newer format is refused and kept as it is, for the newer cardgui that wrote
it; a file that is damaged is set aside (``<name>.bad``, never over an
earlier one) and reported.  Neither ever stops the program.  Each game keeps
its own game in progress, so switching games loses nothing.

A save that cannot be read now (its permissions, a failing disk), or that
another window owns (see ``ownership``), is never written, moved or set
aside: the window is told, plays a new deal without saving it, and the save
is tried again the next time the game is opened.  A save that cannot be
written (read-only, a full disk) keeps its last whole version; the failure
is told once, not at every move, and saving goes on once it can.
"""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, field
from typing import Any

from . import format_v1
from .files import (
    UnusableFile,
    clean_temporary_files,
    excerpt,
    read_json,
    set_aside,
    write_json_atomically,
)
from .ownership import Owner
from .paths import data_dir
from .replay import GameLog

FORMAT = 2


class NewerSaveError(ValueError):
    """A save written by a newer cardgui: kept, not read."""


@dataclass(frozen=True)
class SavedGame:
    """A saved game: its log, the seconds played, what its keyboard was in the
    middle of (as the game's key interpreter describes it: a half-typed name,
    Poker Squares' cursor), its row in the statistics once it has one, and
    whether Hint or Demo has helped in it."""

    log: GameLog
    elapsed: float = 0.0
    keyboard: dict[str, Any] = field(default_factory=dict)
    statistics_row: int | None = None
    helped: bool = False

    def to_json(self) -> dict[str, Any]:
        data = {"format": FORMAT, "elapsed": round(self.elapsed, 1), **self.log.to_json(),
                "keyboard": self.keyboard}
        if self.statistics_row is not None:
            data["statistics_row"] = self.statistics_row
        if self.helped:
            data["helped"] = True
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
        helped = data.get("helped", False)
        if type(helped) is not bool:
            raise ValueError("its note of help is malformed")
        return cls(GameLog.from_json(data), float(elapsed), keyboard, row, helped)


class SaveFile:
    """One saved game in progress, written only by the window that owns it."""

    def __init__(self, path: pathlib.Path, owned: bool = True) -> None:
        """With ``owned`` False no ownership is claimed (cardgui 0.1.0's one
        save, moved into place at the start, has no owner)."""
        self.path = path
        self.owner = Owner(path) if owned else None
        self._kept = ""              # why this window leaves the file alone (it has been told)
        self._last_failure = ""      # the failure to write told last (not told again)

    def save(self, saved: SavedGame) -> None:
        """Write the game atomically, unless this window leaves the file alone
        (``load`` said why).  A failure already raised is not raised again
        until a save succeeds.

        Raises:
            OSError: if it cannot be written (read-only, disk full, another
                window owns it).
        """
        if not self._writable():
            return
        try:
            write_json_atomically(self.path, saved.to_json())
        except OSError as error:
            if str(error) == self._last_failure:
                return
            self._last_failure = str(error)
            raise
        self._last_failure = ""

    def _writable(self) -> bool:
        """False if this window leaves the file alone.

        Raises:
            OSError: when it learns that another window owns the file.
        """
        if self._kept:
            return False
        holder = self.owner.claim() if self.owner is not None else ""
        if holder:
            self._kept = self._in_use(holder)
            raise OSError(self._kept)
        return True

    def _in_use(self, holder: str) -> str:
        return (f"The saved game {self.path.name} is open in another cardgui window "
                f"({holder}); this window plays a new deal, which is not saved.")

    def load(self) -> SavedGame | None:
        """The saved game, or None when there is none; from now on this window
        owns the file.

        Raises:
            NewerSaveError: for a save of a newer cardgui (left where it is).
            ValueError: saying what is wrong with a file that exists but cannot
                be used: one that is damaged has been set aside by then (see
                ``files.set_aside``); one that cannot be read now, or that
                another window owns, is left as it is and not written by this
                window (until a later ``load`` succeeds).
        """
        holder = self.owner.claim() if self.owner is not None else ""
        if holder:
            self._kept = self._in_use(holder)
            raise ValueError(self._kept)
        self._kept = ""
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return None
        except UnusableFile as error:
            raise ValueError(self._set_aside(str(error))) from None
        except OSError as error:
            self._kept = (f"The saved game {self.path.name} could not be read "
                          f"({error.strerror or error}); it is kept as it is, and this "
                          "window's game is not saved until it can be read (it is tried "
                          "again when the game is next opened).")
            raise ValueError(self._kept) from None
        try:
            return SavedGame.from_json(data)
        except NewerSaveError as error:
            raise NewerSaveError(f"The saved game was kept but not opened: {error}.") from None
        except (ValueError, TypeError, RecursionError) as error:
            raise ValueError(self._set_aside(str(error))) from None

    @property
    def checkpoint_path(self) -> pathlib.Path:
        """Where a long game's checkpoint lies, beside its save."""
        return self.path.with_name(self.path.stem + ".checkpoint.json")

    def save_checkpoint(self, data: dict[str, Any] | None) -> None:
        """Write a checkpoint beside the save (None: remove it), unless this
        window leaves the save alone.

        Raises:
            OSError: if it cannot be written.
        """
        if not self._writable():
            return
        if data is None:
            self.checkpoint_path.unlink(missing_ok=True)
        else:
            write_json_atomically(self.checkpoint_path, data)

    def load_checkpoint(self) -> Any:
        """The checkpoint beside the save, or None if there is none or it
        cannot be read (the log is replayed instead, so it costs only time)."""
        try:
            return read_json(self.checkpoint_path)
        except (OSError, ValueError):
            return None

    def set_aside(self, reason: str) -> str:
        """Move a damaged save out of the way; the message for the player,
        quoting ``reason`` (which may hold what was read from it) in excerpt."""
        return self._set_aside(reason)

    def _set_aside(self, reason: str) -> str:
        moved = set_aside(self.path)
        where = f"it was kept as {moved.name}" if moved else "it could not be moved aside"
        return f"The saved game could not be used ({excerpt(reason)}); {where}."

    def clear(self) -> None:
        if self._writable():
            self.path.unlink(missing_ok=True)


class SaveFolder:
    """The saved games in progress, one per game, in ``<data>/games/``."""

    LEGACY_NAME = "current-game.json"     # cardgui 0.1.0 kept one game, here

    def __init__(self, root: pathlib.Path | None = None) -> None:
        self.root = root if root is not None else data_dir()
        self.folder = self.root / "games"
        self._files: dict[str, SaveFile] = {}

    def for_game(self, game_id: str) -> SaveFile:
        """The save of ``game_id``'s game in progress: the same object each time,
        so that what this window knows of it (that another window owns it,
        that it could not be read) holds for every game of it it plays."""
        if game_id not in self._files:
            self._files[game_id] = SaveFile(self.folder / f"{game_id}.json")
        return self._files[game_id]

    def release(self) -> None:
        """Let other windows own the saves this one owns (it is closing)."""
        for save_file in self._files.values():
            if save_file.owner is not None:
                save_file.owner.release()

    def adopt_legacy(self, known: set[str]) -> str:
        """Move cardgui 0.1.0's one saved game to its game's place; a message
        for the player if something could not be used (else "")."""
        legacy = SaveFile(self.root / self.LEGACY_NAME, owned=False)
        try:
            saved = legacy.load()
        except NewerSaveError as error:
            return str(error)
        except ValueError as error:
            return str(error)
        if saved is None:
            return ""
        game_id = saved.log.game_id
        if game_id not in known:
            return legacy.set_aside(f"it is a game of {game_id!r}, which this cardgui "
                                    "does not have")
        target = self.for_game(game_id).path
        if target.exists():
            return legacy.set_aside(f"a newer game of {game_id} is saved already")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            legacy.path.replace(target)
        except OSError as error:
            return f"The saved game could not be moved into place: {error}"
        return ""

    def clean(self) -> str:
        """Remove what interrupted writes left behind; a ``games`` that is not a
        folder of ours (a link elsewhere, a file) is set aside.  A message for
        the player if one was, else ""."""
        message = ""
        if self.folder.is_symlink() or (self.folder.exists() and not self.folder.is_dir()):
            moved = set_aside(self.folder)
            where = f"it was kept as {moved.name}" if moved else "it could not be moved"
            message = (f"The folder of saved games was a link or a file, not a folder of "
                       f"cardgui's; {where}.")
        for folder in (self.root, self.folder):
            clean_temporary_files(folder)
        return message
