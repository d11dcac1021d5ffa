"""A saved game has one owner at a time, the process of the window that
opened it first: another window on it is told, plays a new deal that is not
saved, and never writes over the first one's; the statistics of both are
kept.  The owner holds a lock the system drops when its process ends,
however it ends.

The first window here is another process (``OWNER``), driven line by line;
this test's process is the second window."""

from __future__ import annotations

import json
import pathlib
import signal
import subprocess
import sys
import textwrap

import pytest

from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store.saves import SaveFolder
from cardgui.store.stats import Statistics

KLONDIKE = find_game("klondike")

OWNER = textwrap.dedent("""
    import pathlib, sys
    from cardgui.engine.games import find_game
    from cardgui.session import GameSession
    from cardgui.store.saves import SaveFolder
    from cardgui.store.stats import Statistics

    home = pathlib.Path(sys.argv[1])
    folder = SaveFolder(home)
    save_file = folder.for_game("klondike")
    save_file.load()
    session = GameSession.start(find_game("klondike"), 617, saves=save_file,
                                statistics=Statistics(home / "statistics.sqlite3"))
    session.press("+")
    print("owner", flush=True)
    for line in sys.stdin:
        if line.strip() == "deal":
            session.press("+")
        elif line.strip() == "give up":
            session.give_up()
        elif line.strip() == "release":
            folder.release()
        print("done", flush=True)
""")


class Owner:
    """The first window: another process owning klondike's save in ``home``."""

    def __init__(self, home: pathlib.Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", OWNER, str(home)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None and self.process.stdin is not None
        assert self.process.stdout.readline().strip() == "owner"

    def __call__(self, what: str) -> None:
        self.process.stdin.write(what + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == "done"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def owner(tmp_path):
    first = Owner(tmp_path)
    yield first
    first.kill()


def commands(home: pathlib.Path) -> list:
    return json.loads((home / "games" / "klondike.json").read_text())["commands"]


def test_the_second_window_is_told_and_never_writes_the_first_ones_game(tmp_path, owner):
    second = SaveFolder(tmp_path).for_game("klondike")
    with pytest.raises(ValueError, match="another cardgui window") as refused:
        second.load()
    assert f"process {owner.process.pid}" in str(refused.value)
    assert "new deal, which is not saved" in str(refused.value)
    session = GameSession.start(KLONDIKE, 5, saves=second)      # the second window's own deal
    for _ in range(3):
        session.press("+")
    with pytest.raises(OSError, match="another cardgui window"):    # another way to it
        SaveFolder(tmp_path).for_game("klondike").save(session.saved())
    assert commands(tmp_path) == [["deal"]]
    owner("deal")                                              # the owner still saves
    assert commands(tmp_path) == [["deal"], ["deal"]]


def test_a_new_game_asked_for_in_the_second_window_is_refused_too(tmp_path, owner):
    second = SaveFolder(tmp_path).for_game("klondike")
    told = []
    session = GameSession.start(KLONDIKE, 5, saves=second, report=told.append)
    session.press("+")                            # never opened: refused at its first save
    session.press("+")
    assert len(told) == 1 and "another cardgui window" in told[0]
    assert commands(tmp_path) == [["deal"]]


def test_other_games_are_owned_each_on_their_own(tmp_path, owner):
    assert SaveFolder(tmp_path).for_game("freecell").load() is None     # free: ours


def test_once_the_owner_lets_go_the_other_window_takes_its_game(tmp_path, owner):
    with pytest.raises(ValueError):
        SaveFolder(tmp_path).for_game("klondike").load()
    owner("release")                                           # the first window closed
    folder = SaveFolder(tmp_path)
    saved = folder.for_game("klondike").load()
    assert saved is not None and saved.log.deal == 617 and len(saved.log) == 1
    session = GameSession.restore(KLONDIKE, saved, saves=folder.for_game("klondike"))
    session.press("+")                                         # and saves it from now on
    assert commands(tmp_path) == [["deal"], ["deal"]]
    folder.release()


def test_a_killed_owner_leaves_no_stale_lock(tmp_path, owner):
    owner.kill()
    folder = SaveFolder(tmp_path)
    assert folder.for_game("klondike").load() is not None
    folder.release()


def test_statistics_from_both_windows_are_kept(tmp_path, owner):
    second = SaveFolder(tmp_path).for_game("klondike")
    with pytest.raises(ValueError):
        second.load()
    statistics = Statistics(tmp_path / "statistics.sqlite3")
    session = GameSession.start(KLONDIKE, 5, saves=second, statistics=statistics)
    session.press("+")
    assert session.give_up()
    owner("give up")
    assert Statistics(tmp_path / "statistics.sqlite3").summary("klondike").played == 2
