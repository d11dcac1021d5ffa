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

    ``won_helped`` of the ``won`` were won with Hint or Demo.  ``mean_score``
    is over the games that ended with a score; ``reached`` counts scores at or
    above the target asked for.  The streaks count wins in a row: the one
    going on now, and the longest."""

    played: int
    won: int
    best_seconds: float | None
    best_score: int | None
    won_helped: int = 0
    mean_score: float | None = None
    reached: int = 0
    current_streak: int = 0
    longest_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def streaks(wins: list[bool]) -> tuple[int, int]:
    """(the streak of wins at the end of ``wins``, the longest streak in it)."""
    current = longest = 0
    for won in wins:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


class Statistics:
    """The statistics database; opened per call so no connection is held open."""

    def __init__(self, path: pathlib.Path | None = None) -> None:
        self.path = path or data_dir() / "statistics.sqlite3"
        self.problem = ""
        try:
            self._create()
        except sqlite3.DatabaseError as error:
            self.problem = f"Statistics were started afresh: the old file was unreadable ({error})."
            self.path.replace(self.path.with_suffix(".bad"))
            self._create()

    def _create(self) -> None:
        with self._connect() as db:
            db.execute(SCHEMA)
            columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
            if "helped" not in columns:      # a database of cardgui 0.1.0
                db.execute("ALTER TABLE games ADD COLUMN helped INTEGER NOT NULL DEFAULT 0")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("SELECT COUNT(*) FROM games").fetchone()

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5)

    def record(self, game: str, deal: int, won: bool, moves: int, seconds: float,
               score: int | None = None, variant: str = "", row: int | None = None,
               helped: bool = False) -> int:
        """Add one finished game, or with ``row`` improve the one recorded before
        (kept if the new result is no better; help, once had, stays).  Returns
        the row's id.

        Raises:
            sqlite3.Error: if the database cannot be written.
        """
        with self._connect() as db:
            if row is not None:
                db.execute("UPDATE games SET helped = MAX(helped, ?) WHERE id = ?",
                           (int(helped), row))
                db.execute("UPDATE games SET won = ?, moves = ?, seconds = ?, score = ?,"
                           " finished_at = ? WHERE id = ? AND (won < ? OR (won = ? AND"
                           " COALESCE(score, -1) < COALESCE(?, -1)))",
                           (int(won), moves, seconds, score, time.time(), row,
                            int(won), int(won), score))
                return row
            cursor = db.execute(
                "INSERT INTO games (game, variant, deal, won, moves, seconds, score,"
                " finished_at, helped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, variant, deal, int(won), moves, seconds, score, time.time(),
                 int(helped)))
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
        wins = [bool(won) for won, _, _, _ in rows]
        scores = [score for _, _, _, score in rows if score is not None]
        times = [seconds for won, _, seconds, _ in rows if won]
        current, longest = streaks(wins)
        return Summary(
            played=len(rows), won=sum(wins),
            best_seconds=min(times) if times else None,
            best_score=max(scores) if scores else None,
            won_helped=sum(1 for won, helped, _, _ in rows if won and helped),
            mean_score=sum(scores) / len(scores) if scores else None,
            reached=sum(1 for score in scores if target is not None and score >= target),
            current_streak=current, longest_streak=longest)

    def reset(self, game: str) -> None:
        """Forget every game of ``game`` (all its variants).

        Raises:
            sqlite3.Error: if the database cannot be written.
        """
        with self._connect() as db:
            db.execute("DELETE FROM games WHERE game = ?", (game,))
