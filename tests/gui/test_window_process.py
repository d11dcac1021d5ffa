"""The window as a real process: however it ends (kill -9, SIGTERM), no
process of ours outlives it, and SIGTERM (or SIGHUP, or Ctrl+C) closes it as
the Quit command does.

Each test starts ``python -m cardgui`` offscreen in a fresh data folder,
waits until the help's worker processes exist, ends the window and then
looks for every process the window had started.  Linux only: the processes
are found through ``/proc``.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists(),
                                reason="finds processes through /proc (Linux)")

PATIENCE = 60.0       # seconds to wait for something that should happen at once


def parent_of(pid: int) -> int | None:
    """The parent of ``pid``; None if it is gone or a zombie (dead, not yet reaped)."""
    try:
        text = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return None if state in ("Z", "X") else int(parent)


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid``."""
    parents = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            parent = parent_of(int(entry.name))
            if parent is not None:
                parents[int(entry.name)] = parent
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if parent_of(pid) is not None}


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {PATIENCE:.0f} s")
        time.sleep(0.1)


def command_line(pid: int) -> str:
    try:
        return pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def start_window(home: pathlib.Path, *arguments: str) -> tuple[subprocess.Popen, set[int]]:
    """A window process on Klondike, once its help's worker (and
    multiprocessing's resource tracker) exists; and its descendants then."""
    environment = {**os.environ, "CARDGUI_HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
                   "CARDGUI_NO_ANIMATION": "1"}
    window = subprocess.Popen([sys.executable, "-m", "cardgui", "klondike", *arguments],
                              env=environment, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)

    def worker_started() -> bool:
        assert window.poll() is None, window.stderr.read().decode() if window.stderr else ""
        return any("spawn_main" in command_line(pid) for pid in descendants(window.pid))
    wait_until(worker_started, "the help's worker did not start")
    return window, descendants(window.pid)


@pytest.fixture
def leftovers():
    """Processes a failed test left running are ended after it (by their ids)."""
    started: set[int] = set()
    yield started
    for pid in alive(started):
        os.kill(pid, signal.SIGKILL)


def test_kill_9_of_the_window_leaves_no_process_of_ours(tmp_path, leftovers):
    window, children = start_window(tmp_path)
    leftovers |= children
    assert any("resource_tracker" in command_line(pid) for pid in children)
    window.kill()
    window.wait()
    wait_until(lambda: not alive(children),
               f"still running after kill -9: {[command_line(p) for p in alive(children)]}")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_sigterm_closes_the_window_cleanly_saving_the_game(tmp_path, leftovers, number):
    window, children = start_window(tmp_path, "--deal", "617")
    leftovers |= children
    save = tmp_path / "games" / "klondike.json"
    wait_until(save.exists, "the game was not saved at the start")
    save.unlink()
    window.send_signal(number)
    assert window.wait(timeout=PATIENCE) == 128 + number, window.stderr.read().decode()
    wait_until(lambda: not alive(children), "a worker outlived the window")
    assert json.loads(save.read_text())["deal"] == 617         # saved on the way out
    assert "Traceback" not in window.stderr.read().decode()
