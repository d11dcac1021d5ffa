"""Statistics of finished games, in SQLite (the standard library's sqlite3).

Each game is one row, written when it first ends (won, no move left, finished
with a score, or given up after at least one move).  If the player undoes
past the end and finishes again, the same row is updated, and only for the
better: a win over a loss, a higher score over a lower one.  A row says
whether Hint or Demo helped.  A database that cannot be read is moved aside to
``.bad`` and a new one started, so statistics never stop the program.
"""

from __future__ import annotations

import pathlib
import sqlite3
import time
from dataclasses import dataclass

from .files import set_aside
from .paths import data_dir

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    deal INTEGER NOT NULL,
    won INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    score INTEGER,
    finished_at REAL NOT NULL,
    helped INTEGER NOT NULL DEFAULT 0
)
"""


@dataclass(frozen=True)
class Summary:
    """One game's (and variant's) record.

    ``won_helped`` of the ``won`` were won with Hint or Demo.  The headline
    figures count only the games won alone: ``win_rate``, the streaks (a win
    with help breaks one) and ``best_seconds``, the fastest win.
    ``mean_score`` and ``total_score`` are over the games that ended with a
    score; ``reached`` counts scores at or above the target asked for."""

    played: int
    won: int
    best_seconds: float | None
    best_score: int | None
    won_helped: int = 0
    mean_score: float | None = None
    reached: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    total_score: int = 0

    @property
    def won_alone(self) -> int:
        return self.won - self.won_helped

    @property
    def win_rate(self) -> float:
        """The share of games played that were won alone."""
        return self.won_alone / self.played if self.played else 0.0


def streaks(wins: list[bool]) -> tuple[int, int]:
    """(the streak of wins at the end of ``wins``, the longest streak in it)."""
    current = longest = 0
    for won in wins:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


class StatisticsBusy(Exception):
    """Another program holds the statistics: the result waits to be written."""


BUSY_WORDS = ("locked", "busy")
REQUIRED = {"id", "game", "variant", "deal", "won", "moves", "seconds", "score", "finished_at"}


def _is_busy(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.OperationalError) and any(
        word in str(error).lower() for word in BUSY_WORDS)


class Statistics:
    """The statistics database; opened per call so no connection is held open.

    Nothing about the database stops the program.  A database another
    program holds locked is busy, not broken: results wait in memory and are
    written by ``flush`` once it is free, and no call waits more than a
    moment.  A file that is not a database, or one of another shape, or a
    link, is set aside and a new one started; where none can be made (the
    folder is read-only, the disk is full) the statistics are unavailable and
    ``problem`` says why."""

    def __init__(self, path: pathlib.Path | None = None, timeout: float = 0.05,
                 open_now: bool = True) -> None:
        """With ``open_now`` False the database is opened by ``open``, or by
        the first call that reads or writes it (the window opens it once its
        first frame is drawn)."""
        self.path = path or data_dir() / "statistics.sqlite3"
        self.timeout = timeout
        self.problem = ""
        self.available = False
        self._opened = False
        self._pending: dict[int, tuple[object, ...]] = {}   # waiting rows, by temporary id
        self._real_ids: dict[int, int] = {}
        if open_now:
            self.open()

    def open(self) -> None:
        """Open the database (once), creating it if need be; ``problem`` then
        says what went wrong, if anything did."""
        if not self._opened:
            self._opened = True
            self._open()

    def _open(self) -> None:
        if self.path.is_symlink():
            self.problem = self._start_afresh("it was a link to somewhere else")
            return
        try:
            self._create()
            self.available = True
        except sqlite3.Error as error:
            if _is_busy(error):
                self.problem = ("The statistics are in use by another program; results will "
                                "be written when it lets them go.")
            elif isinstance(error, sqlite3.DatabaseError) and self.path.is_file():
                self.problem = self._start_afresh(f"the old file was unusable ({error})")
            else:
                self.problem = f"Statistics cannot be kept here ({error})."

    def _start_afresh(self, why: str) -> str:
        moved = set_aside(self.path)
        try:
            self._create()
            self.available = True
        except sqlite3.Error as error:
            return f"Statistics cannot be kept here ({error})."
        kept = f"; it was kept as {moved.name}" if moved else ""
        return f"Statistics were started afresh: {why}{kept}."

    def _create(self) -> None:
        with self._connect() as db:
            db.execute(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            if not REQUIRED <= columns:
                raise sqlite3.DatabaseError("its table of games is not the one cardgui keeps")
            if "helped" not in columns:      # a database of cardgui 0.1.0
                db.execute("ALTER TABLE games ADD COLUMN helped INTEGER NOT NULL DEFAULT 0")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("SELECT COUNT(*) FROM games").fetchone()

    def _connect(self) -> sqlite3.Connection:
        self.open()          # the first use opens a database not opened yet
        if self.path.is_symlink():
            raise sqlite3.DatabaseError("the statistics file became a link")
        return sqlite3.connect(self.path, timeout=self.timeout)

    @property
    def waiting(self) -> int:
        """How many results wait to be written."""
        return len(self._pending)

    def record(self, game: str, deal: int, won: bool, moves: int, seconds: float,
               score: int | None = None, variant: str = "", row: int | None = None,
               helped: bool = False) -> int:
        """Add one finished game, or with ``row`` improve the one recorded before
        (kept if the new result is no better; help, once had, stays).  Returns
        the row's id (a negative one while it waits to be written).

        Raises:
            StatisticsBusy: if another program holds the database; the result
                is kept and written by a later ``flush`` (or ``record``).
            sqlite3.Error: if the database cannot be written at all.
        """
        if row is not None and row < 0:
            row = self._real_ids.get(row, row)
        values = (game, deal, won, moves, seconds, score, variant, helped)
        if row is not None and row < 0:           # still waiting: improve it in memory
            self._pending[row] = _better(self._pending.get(row), values)
            self.flush()
            return self._real_ids.get(row, row)
        try:
            self.flush()
            return self._write(values, row)
        except sqlite3.Error as error:
            if not _is_busy(error):
                raise
            waiting = row if row is not None else -(len(self._pending) + len(self._real_ids) + 1)
            self._pending[waiting] = values
            raise StatisticsBusy("The statistics are in use by another program; this result "
                                 "will be written when it lets them go.") from None

    def flush(self) -> bool:
        """Write the results that wait, if the database is free; True if none waits.

        Raises:
            sqlite3.Error: if the database cannot be written at all (not busy).
        """
        if not self.available and self._pending:
            try:
                self._create()
                self.available = True
            except sqlite3.Error as error:
                if _is_busy(error):
                    return False
                raise
        for waiting, values in list(self._pending.items()):
            try:
                self._real_ids[waiting] = self._write(values, None)
            except sqlite3.Error as error:
                if _is_busy(error):
                    return False
                raise
            del self._pending[waiting]
        return True

    def _write(self, values: tuple[object, ...], row: int | None) -> int:
        game, deal, won, moves, seconds, score, variant, helped = values
        with self._connect() as db:
            if row is not None:
                db.execute("UPDATE games SET helped = MAX(helped, ?) WHERE id = ?",
                           (int(bool(helped)), row))
                db.execute("UPDATE games SET won = ?, moves = ?, seconds = ?, score = ?,"
                           " finished_at = ? WHERE id = ? AND (won < ? OR (won = ? AND"
                           " COALESCE(score, -1) < COALESCE(?, -1)))",
                           (int(bool(won)), moves, seconds, score, time.time(), row,
                            int(bool(won)), int(bool(won)), score))
                return row
            cursor = db.execute(
                "INSERT INTO games (game, variant, deal, won, moves, seconds, score,"
                " finished_at, helped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, variant, deal, int(bool(won)), moves, seconds, score, time.time(),
                 int(bool(helped))))
            return int(cursor.lastrowid or 0)
    def variants(self, game: str) -> list[str]:
        """The variants (scoring tables, say) recorded for ``game``, in order."""
        with self._connect() as db:
            return [row[0] for row in db.execute(
                "SELECT DISTINCT variant FROM games WHERE game = ? ORDER BY variant", (game,))]

    def summary(self, game: str, variant: str = "", excluding: int | None = None,
                target: int | None = None) -> Summary:
        """The record of ``game`` (and ``variant``), leaving out the row
        ``excluding`` (the game just finished, say); ``target``, if given, is
        the score ``reached`` counts."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT won, helped, seconds, score FROM games"
                " WHERE game = ? AND variant = ? AND id IS NOT ? ORDER BY id",
                (game, variant, excluding)).fetchall()
        alone = [bool(won) and not helped for won, helped, _, _ in rows]
        scores = [score for _, _, _, score in rows if score is not None]
        times = [seconds for (_, _, seconds, _), won in zip(rows, alone) if won]
        current, longest = streaks(alone)
        return Summary(
            played=len(rows), won=sum(bool(won) for won, _, _, _ in rows),
            best_seconds=min(times) if times else None,
            best_score=max(scores) if scores else None,
            won_helped=sum(1 for won, helped, _, _ in rows if won and helped),
            mean_score=sum(scores) / len(scores) if scores else None,
            reached=sum(1 for score in scores if target is not None and score >= target),
            current_streak=current, longest_streak=longest, total_score=sum(scores))

    def reset(self, game: str) -> None:
        """Forget every game of ``game`` (all its variants).

        Raises:
            sqlite3.Error: if the database cannot be written.
        """
        with self._connect() as db:
            db.execute("DELETE FROM games WHERE game = ?", (game,))


def _better(old: tuple[object, ...] | None, new: tuple[object, ...]) -> tuple[object, ...]:
    """Of two results of one game waiting to be written, the better (a win over
    a loss, then the higher score); help, once had, stays."""
    if old is None:
        return new
    def rank(values: tuple[object, ...]) -> tuple[int, int]:
        score = values[5]
        return int(bool(values[2])), score if isinstance(score, int) else -1
    best = new if rank(new) > rank(old) else old
    return (*best[:7], bool(old[7]) or bool(new[7]))
