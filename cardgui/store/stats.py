"""Statistics of finished games, in SQLite (the standard library's sqlite3).

Each game is one row, written when it first ends (won, no move left, finished
with a score, or given up after at least one move).  If the player undoes
past the end and finishes again, the same row is updated, and only for the
better: a win over a loss, a higher score over a lower one.  A row says
whether Hint or Demo helped.

Nothing about the database stops the program, and nothing but damage moves it:

- Busy (another program holds it), unreadable, read-only, or on a full disk:
  it is left as it is, and its history is still read where it can be.  A
  result that cannot be written waits in the journal beside it (``journal``)
  and is written at the next chance: ``flush`` (the window tries every few
  seconds), the next ``record``, or the next start, which says so.
- Damaged, as SQLite itself says (the file is not a database, or ``PRAGMA
  quick_check`` finds fault), or holding a table of games of another shape:
  it is set aside (``.bad``) and a new database started, into which every
  game that can still be read from the old one is copied.  A link is set
  aside too, never followed.

A result that waited has a negative number of its own, which the game's save
keeps as its row.  The row it becomes remembers that number (the column
``waited_as``, unique), so a result written twice (by two windows, or by a
window that died between writing it and removing it from the journal)
counts once, and a waiting result improved later, in this run or the next,
improves the row it became.
"""

from __future__ import annotations

import contextlib
import pathlib
import sqlite3
import time
from dataclasses import dataclass
from typing import Any, Iterator

from .files import excerpt, set_aside
from .journal import Journal, Result
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
    helped INTEGER NOT NULL DEFAULT 0,
    waited_as INTEGER
)
"""
WAITED_AS_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS games_waited_as ON games (waited_as)"
SALVAGE_PROBES = 40          # attempts to read on past damaged pages of an old database


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
    """A result could not be written now (another program holds the
    statistics, or they are read-only, unreadable or on a full disk): it
    waits in the journal, as ``row`` (the number to give ``record`` to improve
    it), and is written by a later ``flush`` or ``record``, or the next start."""

    def __init__(self, message: str, row: int) -> None:
        super().__init__(message)
        self.row = row


REQUIRED = {"id", "game", "variant", "deal", "won", "moves", "seconds", "score", "finished_at"}
_BUSY = {5, 6}               # SQLITE_BUSY, SQLITE_LOCKED
_DAMAGED = {11, 26}          # SQLITE_CORRUPT, SQLITE_NOTADB
_FULL = 13                   # SQLITE_FULL


class NotOurs(sqlite3.DatabaseError):
    """A database SQLite finds damaged, or whose table of games is not cardgui's."""


def _is_busy(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY
    return any(word in str(error).lower() for word in ("locked", "busy"))


def _is_full(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == _FULL


def _is_damage(error: sqlite3.Error) -> bool:
    if isinstance(error, NotOurs):
        return True
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in _DAMAGED


class Statistics:
    """The statistics database; each call opens and closes its own connection,
    so none is held open.  No call waits more than a moment (``timeout``).
    ``problem`` says what the player should know of it (set by ``open``)."""

    def __init__(self, path: pathlib.Path | None = None, timeout: float = 0.05,
                 open_now: bool = True) -> None:
        """With ``open_now`` False the database is opened by ``open``, or by
        the first call that reads or writes it (the window opens it once its
        first frame is drawn)."""
        self.path = path or data_dir() / "statistics.sqlite3"
        self.timeout = timeout
        self.problem = ""
        self.readable = False        # its history can be read
        self.writable = False        # results can be written (as far as is known)
        self.journal = Journal(self.path.with_name(self.path.name + ".waiting"))
        self._opened = False
        self._real_ids: dict[int, int] = {}     # a waiting result's number: its row
        if open_now:
            self.open()

    @property
    def available(self) -> bool:
        """Whether its history could be read when it was opened."""
        return self.readable

    # -- opening -------------------------------------------------------------------------

    def open(self) -> None:
        """Open the database (once), creating it if need be, and write the
        results that waited since the last run; ``problem`` then says what went
        wrong, if anything did, and what waited."""
        if self._opened:
            return
        self._opened = True
        self.problem = self._open()
        written = self._flush_quietly()
        if written:
            said = f"{written} result{'s' if written != 1 else ''} that waited to be written " \
                   "to the statistics since last time were written now."
            self.problem = f"{self.problem} {said}".strip()
        elif self.waiting and not self.problem:
            self.problem = (f"{self.waiting} result{'s' if self.waiting != 1 else ''} from "
                            "last time still wait to be written to the statistics.")

    def _open(self) -> str:
        """Open the database; what to tell the player ("" if nothing)."""
        if self.path.is_symlink():
            return self._start_afresh("it was a link to somewhere else", salvage=False)
        existed = self.path.exists()
        try:
            if existed:
                self._check()
                self.readable = True
            self._prepare()
            self.readable = self.writable = True
        except sqlite3.Error as error:
            if _is_busy(error):
                return ("The statistics are in use by another program; results will be "
                        "written when it lets them go.")
            if _is_damage(error) and existed and self.path.is_file():
                return self._start_afresh(_why_damaged(error), salvage=True)
            if self.readable:
                state = "on a full disk" if _is_full(error) else "read-only"
                return (f"The statistics are {state} ({error}): their history is shown, "
                        "and new results are kept beside them until they can be written.")
            if existed:
                return (f"The statistics could not be read ({error}); the file is kept as "
                        "it is, and new results are kept beside it until it can be used.")
            return (f"Statistics cannot be kept here ({error}); new results are kept "
                    "until they can be written.")
        return ""

    def _check(self) -> None:
        """Read the database as SQLite checks it.

        Raises:
            NotOurs: if it is damaged, or its table of games is not cardgui's.
            sqlite3.Error: if it cannot be read (busy, unreadable, ...).
        """
        with self._connection() as db:
            verdict = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
            if verdict != ["ok"]:
                raise NotOurs("SQLite finds it damaged: " + "; ".join(verdict[:3]))
            columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            if columns and not REQUIRED <= columns:
                raise NotOurs("its table of games is not the one cardgui keeps")

    def _prepare(self) -> None:
        """Make the table (or bring an older one up to date), in a transaction
        that also proves the database can be written.

        Raises:
            NotOurs: if its table of games is not cardgui's.
            sqlite3.Error: if it cannot be written (busy, read-only, ...).
        """
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")       # refused at once where it cannot be written
            try:
                db.execute(SCHEMA)
                columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
                if not REQUIRED <= columns:
                    raise NotOurs("its table of games is not the one cardgui keeps")
                if "helped" not in columns:      # a database of cardgui 0.1.0
                    db.execute("ALTER TABLE games ADD COLUMN helped INTEGER NOT NULL DEFAULT 0")
                if "waited_as" not in columns:
                    db.execute("ALTER TABLE games ADD COLUMN waited_as INTEGER")
                db.execute(WAITED_AS_INDEX)
                # Written even when unchanged: a database that cannot be written
                # (read-only, or on a full disk) says so here, not at the first result.
                version = max(SCHEMA_VERSION, int(db.execute("PRAGMA user_version").fetchone()[0]))
                db.execute(f"PRAGMA user_version = {version}")
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:         # SQLite itself ends it on some errors (a full disk)
                    db.execute("ROLLBACK")
                raise

    def _start_afresh(self, why: str, salvage: bool) -> str:
        moved = set_aside(self.path)
        if moved is None:
            return (f"The statistics could not be used ({excerpt(why)}) and could not be "
                    "moved aside; new results are kept until they can be written.")
        try:
            self._prepare()
        except sqlite3.Error as error:
            return f"Statistics cannot be kept here ({error})."
        self.readable = self.writable = True
        copied = self._salvage(moved) if salvage else 0
        kept = f"; it was kept as {moved.name}"
        if salvage:
            kept += (f", and the {copied} games that could still be read from it were "
                     "copied into the new statistics")
        return ("Statistics were started afresh: the old file could not be used "
                f"({excerpt(why)}){kept}.")

    def _salvage(self, damaged: pathlib.Path) -> int:
        """Copy every game that can still be read from ``damaged`` into the new
        database, reading on past pages that cannot be; how many were copied."""
        found: list[tuple[Any, ...]] = []
        try:
            with contextlib.closing(sqlite3.connect(damaged, timeout=self.timeout)) as old:
                old.text_factory = _text
                columns = {row[1] for row in old.execute("PRAGMA table_info(games)")}
                if not REQUIRED <= columns:
                    return 0
                wanted = ("game", "variant", "deal", "won", "moves", "seconds", "score",
                          "finished_at", "helped" if "helped" in columns else "0")
                query = f"SELECT id, {', '.join(wanted)} FROM games WHERE id > ? ORDER BY id"
                found = _readable_rows(old, query)
        except (sqlite3.Error, UnicodeDecodeError):
            pass
        rows = [row[1:] for row in found if _plausible(row[1:])]
        if not rows:
            return 0
        try:
            with self._connection() as db, db:
                db.executemany(
                    "INSERT INTO games (game, variant, deal, won, moves, seconds, score,"
                    " finished_at, helped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.Error:
            return 0
        return len(rows)

    # -- connections -----------------------------------------------------------------------

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own, closed after (``isolation_level`` None:
        transactions are begun by the statement that needs one)."""
        if self.path.is_symlink():
            raise NotOurs("the statistics file became a link")
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        db.text_factory = _text
        try:
            yield db
        except UnicodeDecodeError:
            # SQLite's own message quoted bytes of a garbled schema.
            raise NotOurs("it is damaged: its schema is not text") from None
        finally:
            db.close()

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for reading or writing, the database opened first if
        it has not been."""
        self.open()
        with self._connection() as db:
            yield db

    # -- results ---------------------------------------------------------------------------

    @property
    def waiting(self) -> int:
        """How many results wait to be written (this window's and any other's)."""
        return len(self.journal)

    def record(self, game: str, deal: int, won: bool, moves: int, seconds: float,
               score: int | None = None, variant: str = "", row: int | None = None,
               helped: bool = False) -> int:
        """Add one finished game, or with ``row`` improve the one recorded before
        (kept if the new result is no better; help, once had, stays).  Returns
        the row's id (a negative number while it waits to be written).

        Raises:
            StatisticsBusy: if it cannot be written now; it waits in the journal.
        """
        result = Result(game, variant, deal, bool(won), moves, float(seconds), score,
                        time.time(), bool(helped))
        if row is not None and row < 0:              # a result that waited
            row = self._real_ids.get(row) or self._row_that_waited_as(row) or row
        if row is not None and row < 0:              # ... and waits still (or is lost)
            entry = self.journal.put(result.better_than(self.journal.get(row)), waited_as=row)
            self.flush()
            return self._real_ids.get(row, entry.waited_as or row)
        try:
            self.flush()
            return self._write(result, row, None)
        except sqlite3.Error as error:
            self.writable = False
            entry = self.journal.put(result, row=row)
            raise StatisticsBusy(self._waits_because(error),
                                 entry.row if entry.row is not None else entry.waited_as or 0
                                 ) from None

    def _waits_because(self, error: sqlite3.Error) -> str:
        where = ("beside them" if self.journal.on_disk else
                 "in memory (it cannot be written beside them either)")
        if _is_busy(error):
            why = "The statistics are in use by another program"
        else:
            why = f"The statistics cannot be written now ({error})"
        return f"{why}; this result is kept {where} and written when they can be."

    def _row_that_waited_as(self, number: int) -> int | None:
        """The row the waiting result ``number`` became, if it has been written."""
        try:
            with self._connect() as db:
                found = db.execute("SELECT id FROM games WHERE waited_as = ?",
                                   (number,)).fetchone()
        except sqlite3.Error:
            return None
        if found is not None:
            self._real_ids[number] = int(found[0])
            return int(found[0])
        return None

    def flush(self) -> bool:
        """Write the results that wait, if the database can be written now; True
        if none waits any more.  Never raises: what cannot be written waits."""
        try:
            self._flush()
        except sqlite3.Error:
            self.writable = False
            return False
        return not self.waiting

    def _flush_quietly(self) -> int:
        """``flush``; how many results it wrote."""
        before = self.waiting
        if before:
            self.flush()
        return before - self.waiting

    def _flush(self) -> None:
        entries = self.journal.entries()
        if not entries:
            return
        if not self.writable:
            self._prepare()
            self.writable = True
        for key, entry in entries.items():
            real = self._write(entry.result, entry.row, entry.waited_as)
            if entry.waited_as is not None:
                self._real_ids[entry.waited_as] = real
            self.journal.remove(key)

    def _write(self, result: Result, row: int | None, waited_as: int | None) -> int:
        """Write ``result``: as an improvement of ``row``, or of the row
        ``waited_as`` became if it became one, else as a new row."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if row is None and waited_as is not None:
                    found = db.execute("SELECT id FROM games WHERE waited_as = ?",
                                       (waited_as,)).fetchone()
                    row = int(found[0]) if found is not None else None
                if row is None:
                    cursor = db.execute(
                        "INSERT INTO games (game, variant, deal, won, moves, seconds, score,"
                        " finished_at, helped, waited_as) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (*result.values(), waited_as))
                    row = int(cursor.lastrowid or 0)
                else:
                    db.execute("UPDATE games SET helped = MAX(helped, ?) WHERE id = ?",
                               (int(result.helped), row))
                    db.execute("UPDATE games SET won = ?, moves = ?, seconds = ?, score = ?,"
                               " finished_at = ? WHERE id = ? AND (won < ? OR (won = ? AND"
                               " COALESCE(score, -1) < COALESCE(?, -1)))",
                               (int(result.won), result.moves, result.seconds, result.score,
                                result.finished_at, row, int(result.won), int(result.won),
                                result.score))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:         # SQLite itself ends it on some errors (a full disk)
                    db.execute("ROLLBACK")
                raise
        return row

    # -- reading -----------------------------------------------------------------------------

    def variants(self, game: str) -> list[str]:
        """The variants (scoring tables, say) recorded for ``game``, in order.

        Raises:
            sqlite3.Error: if the statistics cannot be read.
        """
        with self._connect() as db:
            return [row[0] for row in db.execute(
                "SELECT DISTINCT variant FROM games WHERE game = ? ORDER BY variant", (game,))]

    def summary(self, game: str, variant: str = "", excluding: int | None = None,
                target: int | None = None) -> Summary:
        """The record of ``game`` (and ``variant``), leaving out the row
        ``excluding`` (the game just finished, say); ``target``, if given, is
        the score ``reached`` counts.

        Raises:
            sqlite3.Error: if the statistics cannot be read.
        """
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


def _text(data: bytes) -> str:
    """Text as the database holds it; a byte that is not UTF-8 (a damaged page,
    another program's row) is read as a replacement character, not an error."""
    return data.decode("utf-8", "replace")


def _why_damaged(error: sqlite3.Error) -> str:
    return str(error) if isinstance(error, NotOurs) else f"it is damaged: {error}"


def _readable_rows(db: sqlite3.Connection, query: str) -> list[tuple[Any, ...]]:
    """The rows ``query`` (which reads on from the id it is given) finds in a
    damaged database: read in order, and past a page that cannot be read by
    starting again further on, at growing distances."""
    rows: list[tuple[Any, ...]] = []
    after, step, probes = 0, 1, 0
    while probes < SALVAGE_PROBES:
        try:
            for row in db.execute(query, (after,)):
                rows.append(row)
                after, step = row[0], 1
            return rows
        except (sqlite3.Error, UnicodeDecodeError):
            probes += 1
            after, step = after + step, step * 2
    return rows


def _plausible(values: tuple[Any, ...]) -> bool:
    """Whether a row read from a damaged database is a game's result."""
    game, variant, deal, won, moves, seconds, score, finished_at, helped = values
    return (isinstance(game, str) and isinstance(variant, str) and type(deal) is int
            and won in (0, 1) and type(moves) is int and isinstance(seconds, (int, float))
            and (score is None or type(score) is int)
            and isinstance(finished_at, (int, float)) and helped in (0, 1))
