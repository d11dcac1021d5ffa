"""Keys sent through XTEST from this process, and the helper threads and
processes of a program under test, read from /proc (for the benchmarks that
time a program from outside)."""

from __future__ import annotations

import ctypes
import os
import pathlib


class Keyboard:
    """Keys sent to an X display through XTEST, as ``xdotool key`` sends them,
    but from this process: nothing is started inside the timed span."""

    def __init__(self, display: str) -> None:
        self._x11 = ctypes.CDLL("libX11.so.6")
        self._xtest = ctypes.CDLL("libXtst.so.6")
        self._x11.XOpenDisplay.restype = ctypes.c_void_p
        self._x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self._x11.XStringToKeysym.restype = ctypes.c_ulong
        self._x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self._x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self._x11.XFlush.argtypes = [ctypes.c_void_p]
        self._x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self._xtest.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                                  ctypes.c_ulong]
        self._display = self._x11.XOpenDisplay(display.encode())
        if not self._display:
            raise RuntimeError(f"cannot open display {display}")

    def keycode(self, name: str) -> int:
        """The key code of the keysym called ``name`` (xdotool's names).
        Raises RuntimeError if the keyboard has no such key."""
        code = int(self._x11.XKeysymToKeycode(self._display,
                                              self._x11.XStringToKeysym(name.encode())))
        if not code:
            raise RuntimeError(f"no key for {name}")
        return code

    def tap(self, code: int) -> None:
        """Press and release a key; both have been written to the server on return."""
        self._xtest.XTestFakeKeyEvent(self._display, code, 1, 0)
        self._xtest.XTestFakeKeyEvent(self._display, code, 0, 0)
        self._x11.XFlush(self._display)

    def close(self) -> None:
        self._x11.XCloseDisplay(self._display)


def family(pid: int) -> list[int]:
    """``pid`` and the processes descended from it that are alive now."""
    found, waiting = [], [pid]
    while waiting:
        process = waiting.pop()
        found.append(process)
        try:
            for task in pathlib.Path(f"/proc/{process}/task").iterdir():
                waiting += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue                        # it ended meanwhile
    return found


def helpers_running(pid: int) -> bool:
    """True if a helper of ``pid`` (a thread other than its main thread, or
    a thread of a process descended from it) is running or waiting for a core."""
    for process in family(pid):
        try:
            tasks = list(pathlib.Path(f"/proc/{process}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                state = (task / "stat").read_text().rpartition(")")[2].split()[0]
            except OSError:
                continue
            if state == "R" and task.name != str(pid):
                return True
    return False


def helpers_cpu(pid: int) -> float:
    """CPU seconds used so far by the helpers of ``pid``: its threads but the
    main one (those that have ended too) and the processes descended from it
    (10 ms ticks, from /proc/<pid>/stat)."""
    def ticks(stat: pathlib.Path) -> int:
        fields = stat.read_text().rpartition(")")[2].split()
        return sum(int(value) for value in fields[11:15])   # utime stime cutime cstime

    total = -ticks(pathlib.Path(f"/proc/{pid}/task/{pid}/stat"))
    for process in family(pid):
        try:
            total += ticks(pathlib.Path(f"/proc/{process}/stat"))
        except OSError:
            continue
    return total / os.sysconf("SC_CLK_TCK")
