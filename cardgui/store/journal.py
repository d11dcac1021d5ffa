"""Results waiting to be written to the statistics, kept beside them.

When the statistics cannot be written (another program holds them, they are
read-only or unreadable, the disk is full), a finished game's result waits
here: one small JSON file per result in a folder beside the database
(``statistics.sqlite3.waiting/``), each written atomically, so the results
of two windows never overwrite each other and a result outlives the window
that could not write it.  Where even that folder cannot be written, the
result waits in memory, for this run only.

A waiting result is either new (``waited_as``: the negative number it is
known by until it is written) or an improvement of a row already written
(``row``).  A file that is not a waiting result is set aside, never read
again, never allowed to stop the statistics.
"""

from __future__ import annotations

import math
import pathlib
import random
from dataclasses import dataclass, replace
from typing import Any

from .files import UnusableFile, read_json, set_aside, write_json_atomically


@dataclass(frozen=True, slots=True)
class Result:
    """How one game ended, as a row of the statistics holds it."""

    game: str
    variant: str
    deal: int
    won: bool
    moves: int
    seconds: float
    score: int | None
    finished_at: float
    helped: bool

    def values(self) -> tuple[Any, ...]:
        """The values in the order of the table's columns ``game, variant, deal,
        won, moves, seconds, score, finished_at, helped``."""
        return (self.game, self.variant, self.deal, int(self.won), self.moves, self.seconds,
                self.score, self.finished_at, int(self.helped))

    def better_than(self, other: "Result | None") -> "Result":
        """Of this result and ``other`` (of the same game), the better: a win over
        a loss, then the higher score; help, once had, stays."""
        if other is None:
            return self
        def rank(result: Result) -> tuple[int, int]:
            return int(result.won), result.score if result.score is not None else -1
        best = self if rank(self) > rank(other) else other
        return replace(best, helped=self.helped or other.helped)


@dataclass(frozen=True, slots=True)
class Waiting:
    """A result waiting: new (``waited_as`` its number) or improving ``row``."""

    result: Result
    waited_as: int | None = None
    row: int | None = None

    @property
    def key(self) -> str:
        """Its file's name, without ``.json``."""
        return f"row{self.row}" if self.row is not None else f"new{-(self.waited_as or 0)}"

    def to_json(self) -> dict[str, Any]:
        result = self.result
        return {"game": result.game, "variant": result.variant, "deal": result.deal,
                "won": result.won, "moves": result.moves, "seconds": result.seconds,
                "score": result.score, "finished_at": result.finished_at,
                "helped": result.helped, "waited_as": self.waited_as, "row": self.row}

    @classmethod
    def from_json(cls, data: Any) -> "Waiting":
        """The waiting result ``data`` describes.

        Raises:
            ValueError: if it is not one.
        """
        if not isinstance(data, dict):
            raise ValueError("not a waiting result")
        def number(name: str, kinds: tuple[type, ...]) -> Any:
            value = data.get(name)
            if type(value) not in kinds or (isinstance(value, float)
                                             and not math.isfinite(value)):
                raise ValueError(f"its {name} is malformed")
            return value
        waited_as, row = number("waited_as", (int, type(None))), number("row", (int, type(None)))
        if (waited_as is None) == (row is None) or (waited_as or 0) > 0 or (row or 1) < 1:
            raise ValueError("it is neither a new result nor an improvement of a row")
        result = Result(number("game", (str,)), number("variant", (str,)),
                        number("deal", (int,)), number("won", (bool,)), number("moves", (int,)),
                        float(number("seconds", (int, float))),
                        number("score", (int, type(None))),
                        float(number("finished_at", (int, float))), number("helped", (bool,)))
        return cls(result, waited_as, row)


_SYSTEM_RANDOM = random.SystemRandom()


def new_number() -> int:
    """A number for a new waiting result: negative (no row is), and, drawn at
    random from 2^52, the same as no other window's."""
    # The system's randomness, as the secrets module draws it; that module
    # would load hashlib and OpenSSL before the window's first frame.
    return -_SYSTEM_RANDOM.randrange(1, 2 ** 52 + 1)


class Journal:
    """The results waiting to be written, in ``folder`` (and in memory)."""

    def __init__(self, folder: pathlib.Path) -> None:
        self.folder = folder
        self.on_disk = True        # whether the last result kept was kept on disk
        self._memory: dict[str, Waiting] = {}

    def put(self, result: Result, waited_as: int | None = None, row: int | None = None
            ) -> Waiting:
        """Keep ``result``, new (with ``waited_as``, or a new number if that is
        None too) or improving ``row``, in place of the one kept under the same
        number or row; the entry kept.  It is kept on disk if it can be
        (``on_disk`` says), else in memory."""
        if row is None and waited_as is None:
            waited_as = new_number()
        entry = Waiting(result, waited_as, row)
        try:
            write_json_atomically(self.folder / f"{entry.key}.json", entry.to_json())
        except OSError:
            self.on_disk = False
            self._memory[entry.key] = entry
        else:
            self.on_disk = True
            self._memory.pop(entry.key, None)
        return entry

    def get(self, waited_as: int) -> Result | None:
        """The waiting new result ``waited_as``, if it still waits."""
        entry = self.entries().get(Waiting(_ANY, waited_as).key)
        return entry.result if entry is not None else None

    def entries(self) -> dict[str, Waiting]:
        """Every result waiting, by key: those on disk (any window's), and
        those this one could keep only in memory (newer than any on disk)."""
        found: dict[str, Waiting] = {}
        try:
            files = sorted(self.folder.glob("*.json"))
        except OSError:
            files = []
        for path in files:
            try:
                found[path.stem] = Waiting.from_json(read_json(path))
            except (UnusableFile, ValueError):
                set_aside(path)
            except OSError:
                continue          # gone (another window wrote it), or unreadable now
        found.update(self._memory)
        return found

    def remove(self, key: str) -> None:
        """The result ``key`` has been written: it waits no more."""
        self._memory.pop(key, None)
        try:
            (self.folder / f"{key}.json").unlink(missing_ok=True)
            self.folder.rmdir()          # once nothing waits, nothing is left beside them
        except OSError:
            pass

    def __len__(self) -> int:
        return len(self.entries())


_ANY = Result("", "", 0, False, 0, 0.0, None, 0.0, False)
