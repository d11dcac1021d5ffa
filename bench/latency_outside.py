"""The latency benchmark from outside: a program on its own Xvfb, a key sent
through XTEST, and the clock stopped at the first change of the table on the
screen (see ``input_latency.py``'s docstring for the method)."""

from __future__ import annotations

import pathlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from xharness import Display, Program
from xkeys import Keyboard, helpers_cpu, helpers_running

HERE = pathlib.Path(__file__).resolve().parent
NO_CHANGE = 2.0             # seconds after which a key counts as having changed nothing
OUTSIDE_GAP = 0.600         # seconds from one key to the next, outside (see the docstring)
OUTSIDE_QUIET = 0.100       # the table must be still this long before a key, outside
POLL = 0.001                # seconds slept between looks at the screen
TABLE_PART = 0.5            # the upper part of the window watched from outside
KPAT_WINDOW = (896, 560)    # kpat's window on a 1280 x 800 screen, and where its stock is
KPAT_STOCK = (160, 133)


@dataclass(frozen=True)
class Subject:
    """A program measured from outside: how to start it in a mode, the key
    (an X keysym name) that deals from its stock, and what to do once before
    the keys."""

    name: str
    modes: tuple[str, ...]
    key: str
    program: Callable[[Display, str], Program]
    prime: Callable[[Display, str], None] | None = None


def cardgui_subject(modes: tuple[str, ...]) -> Subject:
    """cardgui's window as ``input_latency.py --serve MODE`` opens it."""
    def program(display: Display, mode: str) -> Program:
        return Program("cardgui", "cardgui", (sys.executable, str(HERE / "input_latency.py"),
                                              "--serve", mode), "cardgui",
                       {"QT_QPA_PLATFORM": "xcb"})
    return Subject("cardgui", modes, "equal", program)


def kpat_subject(path: str) -> Subject:
    def program(display: Display, mode: str) -> Program:
        (display.folder / "config" / "kpatrc").write_text(
            f"[General Settings]\nSolver={'true' if mode == 'on' else 'false'}\n"
            "Autodrop=false\nKlondikeEasy=false\n")
        return Program("kpat", "KPatience", (path, "--gametype", "klondike"), "kpat",
                       {"QT_QPA_PLATFORM": "xcb"})

    def prime(display: Display, window: str) -> None:
        x, y, width, height = display.window_geometry(window)
        if (width, height) != KPAT_WINDOW:
            raise RuntimeError(f"kpat: window {width}x{height}, expected "
                               f"{KPAT_WINDOW[0]}x{KPAT_WINDOW[1]}: the click would miss")
        corner = [str(value - 1) for value in display.screen]
        display.xdotool("mousemove", str(x + KPAT_STOCK[0]), str(y + KPAT_STOCK[1]), "click",
                        "1", "mousemove", *corner)
    return Subject("kpat", ("off", "on"), "Tab", program, prime)


@dataclass
class OutsideRun:
    times: list[float]           # ms from the key to the first change of the table
    busy_at_key: float           # fraction of keys sent while a helper was running
    helpers_percent: float       # the helpers' CPU over the keys, percent of one core
    missed: int                  # keys after which the table did not change in time


def outside(subject: Subject, mode: str, keys: int) -> OutsideRun:
    """Start the program in ``mode`` on a fresh Xvfb, press its key once
    untimed, then time ``keys`` keys from the key to the first change of the
    table on the screen.  Raises RuntimeError if the program exits."""
    with Display() as display:
        program = subject.program(display, mode)
        process = display.launch(program)
        window = display.window_of(program)
        display.wait_quiet(1.0)
        if subject.prime is not None:
            subject.prime(display, window)
            display.wait_quiet(0.5)
        display.xdotool("windowfocus", "--sync", window)
        _, top, _, height = display.window_geometry(window)
        screen = display.framebuffer
        assert screen is not None

        def table() -> bytes:
            return screen.grab_rows(top, top + int(height * TABLE_PART))

        keyboard = Keyboard(display.name)
        code = keyboard.keycode(subject.key)
        times: list[float] = []
        busy = missed = 0
        try:
            sent = key_to_change(keyboard, code, table, 0.0, process.pid)[0]
            helpers_start, started = helpers_cpu(process.pid), time.perf_counter()
            for _ in range(keys):
                sent, took, helping = key_to_change(keyboard, code, table, sent, process.pid)
                busy += helping
                if took is None:
                    missed += 1
                else:
                    times.append(took)
            share = (helpers_cpu(process.pid) - helpers_start) / (time.perf_counter() - started)
        finally:
            keyboard.close()
        if process.poll() is not None:
            raise RuntimeError(f"{subject.name} exited during the keys")
        return OutsideRun(times, busy / keys, share * 100, missed)


def key_to_change(keyboard: Keyboard, code: int, table: Callable[[], bytes], previous: float,
                  pid: int) -> tuple[float, float | None, bool]:
    """Once the table is still and OUTSIDE_GAP has passed since ``previous``,
    tap the key; returns when it was sent, the milliseconds until the table
    changed (None if not within NO_CHANGE seconds), and whether a helper of
    process ``pid`` was running just before the key."""
    before = wait_still(table, previous + OUTSIDE_GAP)
    helping = helpers_running(pid)
    sent = time.perf_counter()
    keyboard.tap(code)
    while table() == before:
        if time.perf_counter() - sent > NO_CHANGE:
            return sent, None, helping
        time.sleep(POLL)
    return sent, (time.perf_counter() - sent) * 1000, helping


def wait_still(table: Callable[[], bytes], not_before: float) -> bytes:
    """Wait until the table has not changed for OUTSIDE_QUIET and it is
    ``not_before``; returns its pixels.  Raises RuntimeError after 30 s."""
    pixels, changed = table(), time.perf_counter()
    while True:
        now = time.perf_counter()
        if now - changed >= OUTSIDE_QUIET and now >= not_before:
            return pixels
        if now - changed > 30:
            raise RuntimeError("the table kept changing")
        time.sleep(0.005)
        frame = table()
        if frame != pixels:
            pixels, changed = frame, time.perf_counter()
