"""Where the window's start-up time goes: time stamps from the interpreter's
start to the first painted table, and the work left until after it.

With ``$CARDGUI_STARTUP_TIMES`` set, the window prints one line on standard
output once its deferred work is done::

    startup-times {"interpreter": [wall ms, CPU ms], "imports": [...], ...}

in the order the stages happen (:data:`STAGES`).  Each stage runs from the
previous stamp to its own, less the card art rendered meanwhile, which is
counted apart as ``art``; CPU is the process's own (all its threads).  The
interpreter's stage starts when the process started: at
``$CARDGUI_LAUNCHED_AT`` (seconds since the epoch, as ``time.time()``) when
the program that launched cardgui sets it, as ``bench/window_startup.py``
does, else at the process's start time from ``/proc`` (to 10 ms), else it is
left out.  This module imports nothing from cardgui, so importing it is the
first stamp.
"""

from __future__ import annotations

import os
import time

ENV = "CARDGUI_STARTUP_TIMES"
LAUNCHED_AT = "CARDGUI_LAUNCHED_AT"
STAGES = ("interpreter", "imports", "QApplication", "saved game and settings", "window",
          "first layout", "art", "first paint", "after the first frame")
"""The stages, in the order they happen (``art`` is the card art rendered in any of them)."""


def _now() -> tuple[float, float]:
    return time.time(), time.process_time()


_started = _now()         # the interpreter has reached cardgui's code
_stamps: dict[str, tuple[float, float]] = {}
_art = [0.0, 0.0]         # wall and CPU seconds spent rendering card art so far
_art_at: dict[str, tuple[float, float]] = {}


def enabled() -> bool:
    """True if the start-up times are to be printed."""
    return bool(os.environ.get(ENV))


def stamp(stage: str) -> None:
    """The stage ``stage`` (one of :data:`STAGES`) ends now; only the first
    stamp of a stage counts."""
    if stage not in _stamps:
        _stamps[stage] = _now()
        _art_at[stage] = (_art[0], _art[1])


def stamped(stage: str) -> float | None:
    """When ``stage`` ended, in ``time.time()`` seconds (None if it has not)."""
    found = _stamps.get(stage)
    return found[0] if found is not None else None


def add_art(wall: float, cpu: float) -> None:
    """Seconds spent rendering card art (counted apart from the stage they fall in)."""
    _art[0] += wall
    _art[1] += cpu


def _process_start() -> float | None:
    """When this process started, in ``time.time()`` seconds, or None if unknown."""
    launched = os.environ.get(LAUNCHED_AT)
    if launched:
        try:
            return float(launched)
        except ValueError:
            pass
    try:
        with open("/proc/self/stat") as stat:
            ticks = int(stat.read().rpartition(")")[2].split()[19])
        since_boot = time.clock_gettime(time.CLOCK_BOOTTIME)
        return time.time() - since_boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def breakdown() -> dict[str, tuple[float, float]]:
    """The stages stamped so far: stage -> (wall ms, CPU ms), in :data:`STAGES` order."""
    found: dict[str, tuple[float, float]] = {}
    start = _process_start()
    if start is not None:
        found["interpreter"] = ((_started[0] - start) * 1000, _started[1] * 1000)
    before, art_before = _started, (0.0, 0.0)
    for stage in STAGES:
        if stage not in _stamps or stage == "art":
            continue
        now, art_now = _stamps[stage], _art_at[stage]
        found[stage] = tuple(((now[i] - before[i]) - (art_now[i] - art_before[i])) * 1000
                             for i in (0, 1))  # type: ignore[assignment]
        before, art_before = now, art_now
    if _art[0]:
        found["art"] = (_art[0] * 1000, _art[1] * 1000)
    return {stage: found[stage] for stage in STAGES if stage in found}


def report() -> None:
    """Print the breakdown (see the module's docstring), if asked for."""
    if enabled():
        import json  # here: the start need not wait for it

        line = {stage: [round(wall, 1), round(cpu, 1)] for stage, (wall, cpu)
                in breakdown().items()}
        print(f"startup-times {json.dumps(line)}", flush=True)
