"""Statistics of finished games, in SQLite (the standard library's sqlite3).

Each game is one row, written when it first ends (won, no move left, or given
up after at least one move).  If the player undoes past the end and finishes
again, the same row is updated, and only for the better: a win over a loss, a
higher score over a lower one.  A database that cannot be read is moved aside
to ``.bad`` and a new one started, so statistics never stop the program.
"""

from __future__ import annotations

import pathlib
import sqlite3
import time
from dataclasses import dataclass

from .paths import data_dir

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
    finished_at REAL NOT NULL
)
"""


@dataclass(frozen=True)
class Summary:
    """One game's record: played, won, best time of a win, best score."""

    played: int
    won: int
    best_seconds: float | None
    best_score: int | None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


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
            db.execute("SELECT COUNT(*) FROM games").fetchone()

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5)

    def record(self, game: str, deal: int, won: bool, moves: int, seconds: float,
               score: int | None = None, variant: str = "", row: int | None = None) -> int:
        """Add one finished game, or with ``row`` improve the one recorded before
        (kept if the new result is no better).  Returns the row's id.

        Raises:
            sqlite3.Error: if the database cannot be written.
        """
        with self._connect() as db:
            if row is not None:
                db.execute("UPDATE games SET won = ?, moves = ?, seconds = ?, score = ?,"
                           " finished_at = ? WHERE id = ? AND (won < ? OR (won = ? AND"
                           " COALESCE(score, -1) < COALESCE(?, -1)))",
                           (int(won), moves, seconds, score, time.time(), row,
                            int(won), int(won), score))
                return row
            cursor = db.execute(
                "INSERT INTO games (game, variant, deal, won, moves, seconds, score,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, variant, deal, int(won), moves, seconds, score, time.time()))
            return int(cursor.lastrowid or 0)

    def variants(self, game: str) -> list[str]:
        """The variants (scoring tables, say) recorded for ``game``, in order."""
        with self._connect() as db:
            return [row[0] for row in db.execute(
                "SELECT DISTINCT variant FROM games WHERE game = ? ORDER BY variant", (game,))]

    def summary(self, game: str, variant: str = "", excluding: int | None = None) -> Summary:
        """Played and won counts, best winning time and best score for a game,
        leaving out the row ``excluding`` (the game just finished, say)."""
        with self._connect() as db:
            played, won, best_seconds, best_score = db.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0), MIN(CASE WHEN won THEN seconds END),"
                " MAX(score) FROM games WHERE game = ? AND variant = ? AND id IS NOT ?",
                (game, variant, excluding)).fetchone()
        return Summary(played, won, best_seconds, best_score)
