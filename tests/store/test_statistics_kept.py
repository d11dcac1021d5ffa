"""The statistics database is only ever set aside when SQLite itself says it
is damaged, and then the games that can still be read from it are kept.  A
database that is busy, unreadable, read-only or on a full disk is left as it
is, its history still read where it can be, and every result that could not
be written waits in a journal beside it until it can be, this run or the next.

The unreadable and read-only databases and the full disk here are real (see
``tests/hostile_disk.py``)."""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.store.stats import Statistics, StatisticsBusy
from tests.hostile_disk import (
    as_nobody,
    fill,
    nobody_folder,
    nobody_owned,
    root_owned,
    small_disk,
)


def history(path: pathlib.Path, games: int = 5) -> None:
    """A database at ``path`` holding ``games`` finished games of Klondike."""
    statistics = Statistics(path)
    for deal in range(1, games + 1):
        statistics.record("klondike", deal, deal % 2 == 0, 30 + deal, 100.0 + deal)


def rows(path: pathlib.Path) -> list[tuple]:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return db.execute("SELECT game, deal, won, moves FROM games ORDER BY id").fetchall()


@contextlib.contextmanager
def held(path: pathlib.Path):
    """Another program holding the database locked."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def record_waiting(statistics: Statistics, *values, **named) -> int:
    """Record a result that cannot be written now; the row it waits as."""
    with pytest.raises(StatisticsBusy) as busy:
        statistics.record(*values, **named)
    assert busy.value.row is not None and busy.value.row < 0
    return busy.value.row


# -- busy: the results wait in a journal, across runs -------------------------------------------

def test_results_waiting_at_close_are_written_at_the_next_start(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    history(path, 2)
    with held(path):
        statistics = Statistics(path)
        for deal in range(100, 130):                       # the thirty games
            record_waiting(statistics, "klondike", deal, False, 10, 5.0)
        assert statistics.waiting == 30
    del statistics                                         # the window closes
    next_run = Statistics(path)
    assert "30 results" in next_run.problem and "written" in next_run.problem
    assert next_run.waiting == 0
    assert next_run.summary("klondike").played == 32
    assert not [name for name in os.listdir(tmp_path) if name != "statistics.sqlite3"]


def test_a_waiting_result_improved_in_the_next_run_is_counted_once(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    history(path, 1)
    with held(path):
        row = record_waiting(Statistics(path), "klondike", 7, False, 10, 5.0)
        next_run = Statistics(path)
        assert next_run.record("klondike", 7, True, 20, 9.0, row=row) == row    # undone, won
        assert next_run.waiting == 1
    statistics = Statistics(path)
    summary = statistics.summary("klondike")
    assert (summary.played, summary.won) == (2, 1)
    written = statistics.record("klondike", 7, False, 30, 9.0, row=row)    # a loss: no better
    assert written > 0 and statistics.summary("klondike").won == 1


def test_a_result_written_twice_by_two_windows_counts_once(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    history(path, 1)
    with held(path):
        record_waiting(Statistics(path), "klondike", 7, True, 10, 5.0)
    journal = [item for item in tmp_path.iterdir() if item.is_dir()][0]
    copy = tmp_path / "copy"
    shutil.copytree(journal, copy)
    assert Statistics(path).flush()
    shutil.copytree(copy, journal, dirs_exist_ok=True)     # written, then the window died
    assert Statistics(path).flush()
    assert Statistics(path).summary("klondike").played == 2


# -- unreadable, read-only, full: kept as it is ------------------------------------------------

def test_an_unreadable_database_is_kept_and_used_again_once_readable():
    with nobody_folder() as home:
        path = home / "statistics.sqlite3"
        with as_nobody():
            history(path, 3)
        root_owned(path, 0o600)
        before = path.read_bytes()
        with as_nobody():
            statistics = Statistics(path)
            assert "could not be read" in statistics.problem
            record_waiting(statistics, "klondike", 9, True, 10, 5.0)
        assert path.read_bytes() == before and not list(home.glob("*.bad"))
        nobody_owned(path)
        with as_nobody():
            assert statistics.flush()
            assert statistics.summary("klondike").played == 4


def test_a_read_only_database_still_shows_its_history_and_keeps_new_results():
    with nobody_folder() as home:
        path = home / "statistics.sqlite3"
        with as_nobody():
            history(path, 3)
        root_owned(path, 0o644)
        before = path.read_bytes()
        with as_nobody():
            statistics = Statistics(path)
            assert "read-only" in statistics.problem
            assert statistics.summary("klondike").played == 3      # the history, read
            record_waiting(statistics, "klondike", 9, True, 10, 5.0)
        assert path.read_bytes() == before and not list(home.glob("*.bad"))
        nobody_owned(path)
        with as_nobody():
            assert Statistics(path).summary("klondike").played == 4   # the next start


def test_a_full_disk_moves_nothing_aside_and_says_so_now_and_at_the_next_start():
    with small_disk(1024) as disk:
        path = disk / "statistics.sqlite3"
        history(path, 3)
        filler = fill(disk)
        statistics = Statistics(path)
        with pytest.raises(StatisticsBusy, match="full"):
            for deal in range(100, 400):       # SQLite may fit some in its last free page
                statistics.record("klondike", deal, False, 10, 5.0)
        assert not list(disk.glob("*.bad"))
        del statistics
        next_start = Statistics(path)          # the disk still full
        with pytest.raises(StatisticsBusy, match="full"):
            for deal in range(400, 700):
                next_start.record("klondike", deal, False, 10, 5.0)
        assert next_start.summary("klondike").played >= 3          # the history, intact
        with contextlib.closing(sqlite3.connect(path)) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        filler.unlink()
        assert next_start.flush()
        assert not list(disk.glob("*.bad"))


# -- damaged: set aside, and what can be read is kept ------------------------------------------

def damage(path: pathlib.Path, at: int, data: bytes) -> None:
    with path.open("r+b") as stream:
        stream.seek(at)
        stream.write(data)


def test_a_damaged_database_is_set_aside_and_its_readable_games_kept(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    history(path, 400)
    with contextlib.closing(sqlite3.connect(path)) as db:
        page = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
    damage(path, page * (pages - 1) + 8, b"\xff" * 64)      # a leaf of the table, garbled
    statistics = Statistics(path)
    assert "damaged" in statistics.problem and "statistics.sqlite3.bad" in statistics.problem
    kept = statistics.summary("klondike").played
    assert 300 < kept < 400
    assert f"{kept} games" in statistics.problem


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    statistics = Statistics(path)
    assert "not a database" in statistics.problem
    assert (tmp_path / "statistics.sqlite3.bad").read_bytes() == b"this is not a database" * 100


@pytest.fixture(scope="module")
def sixty_games(tmp_path_factory) -> pathlib.Path:
    path = tmp_path_factory.mktemp("template") / "statistics.sqlite3"
    history(path, 60)
    return path


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.integers(0, 12_287), st.binary(min_size=1, max_size=16)),
                        min_size=1, max_size=4))
def test_only_a_database_sqlite_calls_damaged_is_set_aside(tmp_path_factory, sixty_games,
                                                           changes):
    folder = tmp_path_factory.mktemp("fuzzed")
    path = folder / "statistics.sqlite3"
    shutil.copyfile(sixty_games, path)
    for at, data in changes:
        damage(path, at, data)
    damaged = verdict(path)
    statistics = Statistics(path)             # never raises
    if damaged:
        assert (folder / "statistics.sqlite3.bad").exists(), damaged
        assert "could not be used" in statistics.problem
    else:
        assert not (folder / "statistics.sqlite3.bad").exists(), statistics.problem
    try:
        statistics.record("klondike", 1000, True, 10, 5.0)     # and it goes on keeping them,
    except StatisticsBusy:
        assert statistics.waiting == 1                         # or keeps them waiting


def verdict(path: pathlib.Path) -> str:
    """What SQLite's own check says is wrong with the file ("" if nothing): its
    ``quick_check``, or an error it calls corruption or "not a database" (a
    schema garbled past reading is one too).  Any other error (a file format
    of a newer SQLite, say) is not damage: such a file must be kept."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            db.text_factory = lambda data: data.decode("utf-8", "replace")
            result = db.execute("PRAGMA quick_check").fetchall()
            if result != [("ok",)]:
                return str(result[:3])
            columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            if columns and not {"game", "deal", "won", "moves", "seconds", "score"} <= columns:
                return "the table of games is not cardgui's"
            db.execute("SELECT * FROM games").fetchall()
    except UnicodeDecodeError as error:          # SQLite's message quoted a garbled schema
        return str(error)
    except sqlite3.DatabaseError as error:
        if (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF in (11, 26):
            return str(error)
    return ""
