"""The saved game, settings and statistics: written safely, read defensively."""

import json
import sqlite3

import pytest

from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store.files import read_json, write_json_atomically
from cardgui.store.replay import GameLog
from cardgui.store.saves import NewerSaveError, SavedGame, SaveFile
from cardgui.store.settings import Settings
from cardgui.store.stats import Statistics, StatisticsBusy


class TestFiles:
    def test_an_atomic_write_leaves_no_temporary_file(self, tmp_path):
        path = tmp_path / "a.json"
        write_json_atomically(path, {"x": 1})
        write_json_atomically(path, {"x": 2})
        assert read_json(path) == {"x": 2}
        assert [p.name for p in tmp_path.iterdir()] == ["a.json"]

    def test_a_failed_write_keeps_the_old_file(self, tmp_path):
        path = tmp_path / "a.json"
        write_json_atomically(path, {"x": 1})
        with pytest.raises(TypeError):
            write_json_atomically(path, {"x": object()})
        assert read_json(path) == {"x": 1}
        assert [p.name for p in tmp_path.iterdir()] == ["a.json"]

    def test_bad_json_says_where(self, tmp_path):
        path = tmp_path / "a.json"
        path.write_text("{oops")
        with pytest.raises(ValueError, match="a.json is not valid JSON"):
            read_json(path)


class TestGameLog:
    def test_a_log_replays_to_the_same_position_and_history(self):
        session = GameSession.start(find_game("klondike"), 617)
        for key in "++p!W10":
            session.press(key)
        copy = SavedGame.from_json(json.loads(json.dumps(session.saved().to_json())))
        replayed = GameSession.restore(find_game("klondike"), copy)
        assert replayed.game.state() == session.game.state()
        assert replayed.keys.pending == "10"
        assert len(replayed.game.history) == len(session.game.history)

    def test_the_log_keeps_commands_not_keys(self):
        session = GameSession.start(find_game("klondike"), 617)
        for key in "+U":
            session.press(key)
        assert session.log.to_json()["commands"] == [["deal"], ["undo"]]

    def test_a_refused_command_is_kept_and_must_be_refused_again(self):
        log = GameLog("klondike", 5, items=[["!play_pile"]])
        restored = GameSession.restore(find_game("klondike"), SavedGame(log))
        assert restored.log.items == [["!play_pile"]]      # the pile is empty: refused again
        log = GameLog("klondike", 5, items=[["!deal"]])
        with pytest.raises(ValueError, match="refused when it was played"):
            GameSession.restore(find_game("klondike"), SavedGame(log))

    @pytest.mark.parametrize("data, problem", [
        ([], "JSON object"), ({"deal": 3, "commands": []}, "which game"),
        ({"game": "klondike", "deal": 0, "commands": []}, "deal number"),
        ({"game": "klondike", "deal": 3}, "commands is missing"),
    ])
    def test_malformed_logs_are_refused_with_the_reason(self, data, problem):
        with pytest.raises(ValueError, match=problem):
            GameLog.from_json(data)

    def test_a_step_the_engine_refuses_names_the_step(self):
        log = GameLog("klondike", 5, items=[["move", "T1", 0, "T1"]])
        with pytest.raises(ValueError, match="step 1"):
            GameSession.restore(find_game("klondike"), SavedGame(log))


class TestSaveFile:
    def test_save_and_load(self, tmp_path):
        saves = SaveFile(tmp_path / "game.json")
        log = GameLog("klondike", 9, items=[["deal"]])
        saves.save(SavedGame(log, 12.5, {"typing": "1"}))
        saved = saves.load()
        assert saved.log == log and saved.elapsed == 12.5 and saved.keyboard == {"typing": "1"}

    def test_help_had_in_a_game_is_kept_with_it_and_counted_when_it_ends(self, tmp_path):
        statistics = Statistics(tmp_path / "stats.sqlite")
        session = GameSession.start(find_game("klondike"), 617, saves=SaveFile(
            tmp_path / "game.json"), statistics=statistics)
        session.press("+")
        session.mark_helped()
        restored = GameSession.restore(find_game("klondike"), SaveFile(tmp_path / "game.json")
                                       .load(), statistics=statistics)
        assert restored.helped
        restored.give_up()
        summary = statistics.summary("klondike")
        assert (summary.played, summary.won, summary.won_helped) == (1, 0, 0)

    def test_a_malformed_note_of_help_is_refused(self):
        data = SavedGame(GameLog("klondike", 9)).to_json()
        assert "helped" not in data
        with pytest.raises(ValueError, match="note of help"):
            SavedGame.from_json({**data, "helped": "yes"})

    def test_no_file_is_no_game(self, tmp_path):
        assert SaveFile(tmp_path / "game.json").load() is None

    @pytest.mark.parametrize("text", ["{", '{"format": 2, "elapsed": -1}',
                                      '{"format": 2, "elapsed": 1e400}', '{"format": 0}'])
    def test_an_unusable_file_is_reported_and_moved_aside(self, tmp_path, text):
        path = tmp_path / "game.json"
        path.write_text(text)
        with pytest.raises(ValueError, match="could not be used"):
            SaveFile(path).load()
        assert not path.exists() and (tmp_path / "game.json.bad").exists()

    def test_a_save_of_a_newer_cardgui_is_refused_and_kept(self, tmp_path):
        path = tmp_path / "game.json"
        path.write_text('{"format": 99, "game": "klondike"}')
        with pytest.raises(NewerSaveError, match="newer cardgui"):
            SaveFile(path).load()
        assert path.read_text() == '{"format": 99, "game": "klondike"}'
        assert not (tmp_path / "game.bad").exists()


class TestSettings:
    def test_values_of_the_wrong_type_fall_back_to_the_defaults(self, tmp_path):
        path = tmp_path / "settings.json"
        path.write_text(json.dumps({"animations": "yes", "last_game": "freecell"}))
        settings = Settings(path)
        assert settings["animations"] is True and settings["last_game"] == "freecell"

    def test_a_corrupt_file_resets_and_says_so(self, tmp_path):
        path = tmp_path / "settings.json"
        path.write_text("[")
        settings = Settings(path)
        assert settings["animations"] is True and "reset" in settings.problem

    def test_game_options_are_kept_per_game(self, tmp_path):
        settings = Settings(tmp_path / "settings.json")
        settings.set_game_option("freecell", "autoplay", False)
        assert Settings(tmp_path / "settings.json").game_options("freecell") == {"autoplay": False}
        assert settings.game_options("klondike") == {}


class TestStatistics:
    def test_one_row_per_game_improved_only_for_the_better(self, tmp_path):
        stats = Statistics(tmp_path / "s.sqlite3")
        row = stats.record("klondike", 5, False, 40, 100.0)
        stats.record("klondike", 5, True, 60, 200.0, row=row)       # undone, then won
        stats.record("klondike", 5, False, 70, 250.0, row=row)      # a loss never replaces a win
        summary = stats.summary("klondike")
        assert (summary.played, summary.won, summary.best_seconds) == (1, 1, 200.0)

    def test_best_score_per_variant(self, tmp_path):
        stats = Statistics(tmp_path / "s.sqlite3")
        row = stats.record("pokersquares", 1, False, 25, 60, score=40, variant="american")
        stats.record("pokersquares", 1, False, 25, 60, score=30, variant="american", row=row)
        stats.record("pokersquares", 2, False, 25, 60, score=12, variant="english")
        assert stats.summary("pokersquares", "american").best_score == 40
        assert stats.summary("pokersquares", "english").best_score == 12

    def test_an_unreadable_database_is_set_aside_and_started_afresh(self, tmp_path):
        path = tmp_path / "s.sqlite3"
        path.write_bytes(b"this is not a database" * 100)
        stats = Statistics(path)
        assert "afresh" in stats.problem and (tmp_path / "s.sqlite3.bad").exists()
        stats.record("klondike", 1, True, 10, 5.0)
        assert stats.summary("klondike").won == 1
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)

    def test_a_locked_database_is_busy_not_broken_and_the_result_waits(self, tmp_path):
        path = tmp_path / "s.sqlite3"
        Statistics(path).record("klondike", 1, True, 10, 5.0)
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            stats = Statistics(path)
            assert "in use by another program" in stats.problem
            with pytest.raises(StatisticsBusy):
                stats.record("klondike", 2, False, 10, 5.0)
            assert stats.waiting == 1 and not stats.flush()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert stats.flush() and stats.waiting == 0
        assert stats.summary("klondike").played == 2            # nothing moved aside or lost
        assert not list(tmp_path.glob("*.bad"))

    def test_a_result_waiting_is_improved_not_counted_twice(self, tmp_path):
        path = tmp_path / "s.sqlite3"
        stats = Statistics(path)
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StatisticsBusy) as busy:
                stats.record("klondike", 2, False, 10, 5.0)
            stats.record("klondike", 2, True, 20, 9.0, row=busy.value.row)   # undone, then won
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert stats.flush()
        summary = stats.summary("klondike")
        assert (summary.played, summary.won) == (1, 1)

    def test_a_database_of_another_shape_is_set_aside_and_started_afresh(self, tmp_path):
        path = tmp_path / "s.sqlite3"
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
        stats = Statistics(path)
        assert "afresh" in stats.problem and (tmp_path / "s.sqlite3.bad").exists()
        stats.record("klondike", 1, True, 10, 5.0)
        assert stats.summary("klondike").played == 1

    def test_a_link_is_not_followed_out_of_the_data_folder(self, tmp_path):
        outside = tmp_path / "elsewhere.sqlite3"
        Statistics(outside).record("klondike", 1, True, 10, 5.0)
        folder = tmp_path / "data"
        folder.mkdir()
        (folder / "statistics.sqlite3").symlink_to(outside)
        stats = Statistics(folder / "statistics.sqlite3")
        stats.record("klondike", 2, False, 10, 5.0)
        assert "link" in stats.problem
        assert Statistics(outside).summary("klondike").played == 1      # untouched
        assert not (folder / "statistics.sqlite3").is_symlink()

    def test_a_data_folder_that_is_a_file_leaves_statistics_unavailable(self, tmp_path):
        folder = tmp_path / "data"
        folder.write_text("not a folder")
        stats = Statistics(folder / "statistics.sqlite3")
        assert not stats.available and "cannot be kept" in stats.problem

    @pytest.mark.parametrize("error", ["unable to open database file", "database or disk is full",
                                       "attempt to write a readonly database"])
    def test_a_folder_read_only_or_full_leaves_statistics_unavailable(self, tmp_path,
                                                                      monkeypatch, error):
        # As root no folder is read-only, so the error such a folder (or a full
        # disk) gives is made to happen.
        def refuse(*args, **kwargs):
            raise sqlite3.OperationalError(error)
        monkeypatch.setattr(sqlite3, "connect", refuse)
        stats = Statistics(tmp_path / "statistics.sqlite3")
        assert not stats.available and "cannot be kept" in stats.problem
