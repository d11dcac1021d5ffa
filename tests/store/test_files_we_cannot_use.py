"""A saved game or settings file cardgui cannot read or write is never
overwritten or moved aside: it is said, play goes on without saving to it,
and it is used again once it can be.  Only a damaged file is set aside, and a
message quotes no more than a short excerpt of anything read from a file.

The unreadable and read-only files here are real: the tests act as the user
``nobody`` on files root owns (see ``tests/hostile_disk.py``)."""

from __future__ import annotations

import json
import pathlib

import pytest

from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store.files import excerpt
from cardgui.store.replay import GameLog
from cardgui.store.saves import SavedGame, SaveFolder
from cardgui.store.settings import Settings
from tests.hostile_disk import (
    as_nobody,
    fill,
    nobody_folder,
    nobody_owned,
    root_owned,
    small_disk,
)

KLONDIKE = find_game("klondike")


def saved_game(deal: int = 617, commands: int = 2) -> dict:
    return SavedGame(GameLog("klondike", deal, items=[["deal"]] * commands), 3.0).to_json()


def snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file under ``folder`` (as root: whatever its mode) and its bytes,
    but the locks that say which window owns a save."""
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.suffix != ".lock"}


# -- the saved game ------------------------------------------------------------------------------

def test_an_unreadable_save_is_kept_not_overwritten_and_used_once_readable():
    with nobody_folder() as home:
        folder = SaveFolder(home)
        path = folder.for_game("klondike").path
        with as_nobody():
            folder.folder.mkdir()
        path.write_text(json.dumps(saved_game()))
        root_owned(path, 0o600)
        before = snapshot(home)
        with as_nobody():
            save_file = folder.for_game("klondike")
            with pytest.raises(ValueError) as refused:
                save_file.load()
            message = str(refused.value)
            assert "could not be read" in message and "not saved" in message
            session = GameSession.start(KLONDIKE, 5, saves=save_file)
            session.press("+")                         # a new game, played on
            session.save()
            folder.for_game("klondike").save(session.saved())    # a new game asked for
        assert snapshot(home) == before                # not written, not moved aside
        nobody_owned(path)
        folder.release()                               # the window closes
        with as_nobody():
            again = SaveFolder(home).for_game("klondike").load()
        assert again is not None and again.log.deal == 617


def test_a_read_only_save_is_read_and_played_but_never_replaced():
    with nobody_folder() as home:
        folder = SaveFolder(home)
        with as_nobody():
            folder.folder.mkdir()
        path = folder.for_game("klondike").path
        path.write_text(json.dumps(saved_game(commands=1)))
        root_owned(path, 0o644)
        before = snapshot(home)
        with as_nobody():
            save_file = folder.for_game("klondike")
            session = GameSession.restore(KLONDIKE, save_file.load(), saves=save_file)
            told: list[str] = []
            session.report = told.append
            session.press("+")
            session.press("+")
        assert snapshot(home) == before
        assert len(told) == 1 and "read-only" in told[0]        # said once, not at every move
        nobody_owned(path)
        with as_nobody():
            session.press("+")                                   # writable again: saved again
        assert json.loads(path.read_text())["commands"] == [["deal"]] * 4


def test_a_full_disk_keeps_the_last_save_whole_and_says_so():
    with small_disk() as disk:
        save_file = SaveFolder(disk).for_game("klondike")
        session = GameSession.start(KLONDIKE, 617, saves=save_file)
        session.press("+")
        told: list[str] = []
        session.report = told.append
        filler = fill(disk)
        for _ in range(20):
            session.press("+")
        assert len(told) == 1 and "No space left" in told[0]     # said once, not at every move
        assert json.loads(save_file.path.read_text())["commands"] == [["deal"]]   # whole
        assert not list(save_file.path.parent.glob("*.tmp"))
        filler.unlink()
        session.press("+")
        assert len(json.loads(save_file.path.read_text())["commands"]) == 22      # nothing lost


def test_a_damaged_save_is_still_set_aside():
    with nobody_folder() as home:
        folder = SaveFolder(home)
        with as_nobody():
            folder.folder.mkdir()
            folder.for_game("klondike").path.write_text("{not json")
            with pytest.raises(ValueError, match="could not be used"):
                folder.for_game("klondike").load()
        assert (folder.folder / "klondike.json.bad").read_text() == "{not json"


# -- settings ------------------------------------------------------------------------------------

def test_unreadable_settings_are_kept_not_overwritten_and_used_once_readable():
    with nobody_folder() as home:
        path = home / "settings.json"
        path.write_text(json.dumps({"animations": False, "last_game": "freecell"}))
        root_owned(path, 0o600)
        before = snapshot(home)
        with as_nobody():
            settings = Settings(path)
            assert "could not be read" in settings.problem and "kept" in settings.problem
            assert settings["animations"] is True              # the defaults, meanwhile
            settings["command_panel"] = False
        assert snapshot(home) == before
        nobody_owned(path)
        with as_nobody():
            settings["four_colour"] = True                     # readable now: used again
        stored = json.loads(path.read_text())
        assert stored["last_game"] == "freecell" and stored["animations"] is False
        assert stored["four_colour"] is True and stored["command_panel"] is False


def test_read_only_settings_are_never_replaced():
    with nobody_folder() as home:
        path = home / "settings.json"
        path.write_text(json.dumps({"animations": False}))
        root_owned(path, 0o644)
        with as_nobody():
            settings = Settings(path)
            assert settings["animations"] is False
            settings["animations"] = True
            assert "read-only" in settings.problem
        assert json.loads(path.read_text()) == {"animations": False}


@pytest.mark.parametrize("text", ["null", "[]", "[1, 2]", '"klondike"', "42", "true", "1.5"])
def test_settings_of_any_other_shape_are_set_aside_and_named(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings = Settings(path)
    assert "settings.json.bad" in settings.problem and "reset" in settings.problem
    assert (tmp_path / "settings.json.bad").read_text() == text
    settings["animations"] = False
    assert json.loads(path.read_text())["animations"] is False


# -- messages quote a short excerpt --------------------------------------------------------------

def test_an_excerpt_keeps_both_ends_and_says_how_much_was_left_out():
    assert excerpt("short") == "short"
    long = "A" * 100 + "B" * 5_000_000 + "C" * 100
    shown = excerpt(long)
    assert len(shown) < 300 and shown.startswith("A") and shown.endswith("C")
    assert "5,000,0" in shown
