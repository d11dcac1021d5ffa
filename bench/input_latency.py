"""Input latency, key press to repainted table, with the background solver
busy and with it off: cardgui timed from inside, and cardgui and KPatience
(kpat) measured alike from outside, in the same run (not part of the tests).

    nice -n 10 python bench/input_latency.py [--keys 300] [--outside-keys 100]
        [--runs 2] [--platforms xcb offscreen] [--skip-inside] [--skip-outside]
        [--json FILE]

The goal (the issue): no visible difference between the solver busy and off,
that is less than a frame (16.7 ms); judged on the upper end of the 95%
interval of the difference of the medians.

cardgui is measured in three configurations: "solver off" (the game option
``solver_verdict`` false before the window is built: no worker process is
started), "solver busy" (the verdict on; Klondike deal 223, whose search does
not end within the budget, and the budget raised to an hour, so the worker
process searches all the time), and "busy, worker idle-priority": the same
with the worker put on the SCHED_IDLE policy from here, beside the nice 19
that cardgui's worker gives itself (KPatience runs its solver thread at
idle priority).

Inside (a fresh process per run and configuration, on a fresh Xvfb with the
xcb platform, so painting is real, and on the offscreen platform): cardgui's
own window (``build_window``), animations off.  Each key is ``+`` (deal
three: always legal, always changes the table), sent with ``QTest.keyClick``
to the view; the clock runs from just before the key event until a paint of
the view's viewport has been seen and event processing has returned (Qt has
then painted the frame and handed it to the platform: on xcb that includes
putting the image to the X server, not the server's own work); then 50 ms
pass (a fast typist), so the new search has started before the next key.
Checked per key: with the verdict on, the status bar says "Thinking…" and the
worker process is alive (its CPU use over the run is shown); with it off no
worker runs.  "GUI CPU" is the CPU time of the window's thread per key: if it
is the same busy and off, a difference in time is waiting for a core.

Outside (each program on its own fresh Xvfb, see xharness.py): the key goes to
the X server through XTEST from this process (what ``xdotool key`` does, but
without starting a program inside the timed span), and the clock runs until
the first change of the upper half of the program's window on the screen (the
stock and waste are there; not the status bar, whose clock and solver
messages change by themselves), read from Xvfb's memory-mapped screen file
about every 1.5 ms (that is the resolution; the polling takes about a sixth
of a core).  cardgui: its window as a user gets it (animations on), deal 223,
key ``=`` (the same command as ``+``, without Shift).  kpat 22.12: Klondike
draw three, a random deal (it cannot be told a deal number), Autodrop off,
key Tab ("Draw" in its Move menu; kpat enables it only once a card has moved,
so its stock is clicked once first), its solver on or off (``Solver`` in
kpatrc).  Before each key the table must have been still for 100 ms and 600
ms must have passed since the last key, because kpat starts its solver 250 ms
after the table settles (which is 250 ms after a draw): only keys that far
apart leave it time to run.  Per key, whether a helper (any thread but the
main one, in the process or its children) was running just before the key is
recorded ("busy at key"), and the helpers' CPU over the keys is shown.

Caveats: the machine has 2 cores shared with other work, so every figure
includes waiting for a core; configurations are interleaved, in a rotating
order, so that a busy moment falls on all alike.  Keystrokes within a run are
not independent draws (the load drifts), so the intervals (order statistics
for a median, bootstrap for a difference, over keystrokes) are if anything
too narrow; the medians of the separate runs are shown to judge that.  The
first key of each run is not counted.  Outside, the first change is the
program's first frame after the key: with animations, the start of the
glide, not its end.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

# Only the standard library and xharness at the top: cardgui's worker is
# started by "spawn", which imports this script again in the worker process.
from latency_figures import difference_row, row
from latency_outside import (
    NO_CHANGE,
    OUTSIDE_GAP,
    OutsideRun,
    cardgui_subject,
    kpat_subject,
    outside,
)
from xharness import Display, cpu_seconds, find_peer, ratio, spread

HERE = pathlib.Path(__file__).resolve().parent
DEAL = 223                  # a Klondike deal whose search does not end within the budget
BUDGET_SECONDS = 3600.0     # the verdict's budget here (cardgui's is 10 s)
WINDOW_SIZE = (1100, 760)
MODES = {"off": "solver off", "busy": "solver busy", "idle": "busy, worker idle-priority"}
KEY_GAP = 0.050             # seconds between keys inside (a fast typist)
SETTLE = 1.5                # seconds after the window shows, before the first key


def rotated(modes: Sequence[str], run: int) -> list[str]:
    """The configurations in the order to measure them in run number ``run``
    (each run starts one further on, so none is always first)."""
    return [modes[(run + offset) % len(modes)] for offset in range(len(modes))]


# -- cardgui's side -----------------------------------------------------------------------

def open_window(mode: str) -> Any:
    """cardgui's window, shown, on deal 223 with the verdict off or on (an
    hour's budget), its worker put on SCHED_IDLE for ``idle``; its data go to
    ``CARDGUI_HOME``, which must be a folder of this run's own."""
    from PySide6.QtTest import QTest

    from cardgui.assist import answers
    from cardgui.gui.app import application, build_window
    from cardgui.store.settings import Settings

    answers.VERDICT_SECONDS = BUDGET_SECONDS
    Settings().set_game_option("klondike", "solver_verdict", mode != "off")
    application()
    window = build_window("klondike", DEAL)
    window.resize(*WINDOW_SIZE)
    window.show()
    QTest.qWaitForWindowExposed(window)
    judge = window.help.assistant._judge
    if mode != "off":                   # the worker starts just after the first frame
        waited = 0
        while not judge.running and waited < 5000:
            QTest.qWait(50)
            waited += 50
    if mode == "idle":
        if not judge.running:
            raise RuntimeError("the verdict is on, but no worker process was started")
        os.sched_setscheduler(judge._process.pid, os.SCHED_IDLE, os.sched_param(0))
    return window


def time_keys(mode: str, keys: int) -> dict[str, Any]:
    """In this process: open cardgui's window in ``mode``, press ``+`` ``keys
    + 1`` times, and time each from the key event to the end of the next
    paint of the table (the first is not counted).  Returns the times and the
    GUI thread's CPU per key (ms), and the worker's CPU use (percent of a
    core).  Raises RuntimeError if a key painted nothing or the worker was
    not as ``mode`` says at every key."""
    from drag_inprocess import PaintCounter
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from cardgui.assist.knowledge import THINKING
    from cardgui.gui.app import application

    window = open_window(mode)
    app = application()
    assistant = window.help.assistant
    counter = PaintCounter()
    window.view.viewport().installEventFilter(counter)
    QTest.qWait(int(SETTLE * 1000))
    worker = assistant._judge._process.pid if assistant._judge.running else None
    worker_start = cpu_seconds(worker) if worker else 0.0
    started = time.perf_counter()
    times: list[float] = []
    cpu: list[float] = []
    thinking = running = missed = 0
    for _ in range(keys + 1):
        before = counter.paints
        began, cpu_began = time.perf_counter(), time.thread_time()
        QTest.keyClick(window.view, Qt.Key.Key_Plus)       # its text is "+"
        while counter.paints == before and time.perf_counter() - began < NO_CHANGE:
            app.processEvents()
        times.append((time.perf_counter() - began) * 1000)
        cpu.append((time.thread_time() - cpu_began) * 1000)
        missed += counter.paints == before
        QTest.qWait(int(KEY_GAP * 1000))
        thinking += assistant.verdict == THINKING
        running += assistant._judge.running or assistant._advice.running
    worker_share = (cpu_seconds(worker) - worker_start) / (time.perf_counter() - started) \
        if worker else 0.0
    idle = worker is not None and os.sched_getscheduler(worker) == os.SCHED_IDLE
    window.close()
    pressed = keys + 1
    if mode != "off" and (thinking, running) != (pressed, pressed):
        raise RuntimeError(f"{MODES[mode]}: '{THINKING}' after {thinking} and the worker "
                           f"alive after {running} of {pressed} keys")
    if mode == "off" and running:
        raise RuntimeError(f"solver off, but a worker process ran at {running} keys")
    if (mode == "idle") != idle:
        raise RuntimeError(f"{MODES[mode]}: the worker's policy is not as asked")
    if missed:
        raise RuntimeError(f"{missed} keys painted nothing within {NO_CHANGE} s")
    return {"platform": app.platformName(), "mode": mode, "times": times[1:], "cpu": cpu[1:],
            "worker_cpu_percent": worker_share * 100}


def inside(platform: str, mode: str, keys: int) -> dict[str, Any]:
    """One timed run (time_keys) in a fresh cardgui process with a fresh data
    folder, on a fresh Xvfb for xcb.  Raises RuntimeError if it failed."""
    def run(env: dict[str, str]) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="cardgui-bench-home-") as home:
            env = {**env, "QT_QPA_PLATFORM": platform, "CARDGUI_NO_ANIMATION": "1",
                   "CARDGUI_HOME": home}
            done = subprocess.run([sys.executable, str(HERE / "input_latency.py"), "--inside",
                                   mode, "--keys", str(keys)], env=env, capture_output=True,
                                  text=True, timeout=1200, check=False)
        if done.returncode:
            raise RuntimeError(f"input_latency.py --inside {mode} failed:\n{done.stderr}")
        result: dict[str, Any] = json.loads(done.stdout)
        return result

    if platform == "offscreen":
        return run({key: value for key, value in os.environ.items() if key != "DISPLAY"})
    with Display() as display:
        return run(dict(display.env))


def serve(mode: str) -> int:
    """Open cardgui's window for keys from outside (animations as a user has
    them) and run until it is closed; the exit status."""
    from cardgui.gui.app import application

    open_window(mode)
    return application().exec()


# -- from outside ------------------------------------------------------------------------

# -- the report ---------------------------------------------------------------------------

def inside_report(keys: int, runs: int, platform: str) -> dict[str, list[dict[str, Any]]]:
    """Time inside cardgui on ``platform``, all modes interleaved; print its
    part of the table and the checks; return the raw results by mode."""
    results: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    for number in range(runs):
        for mode in rotated(list(MODES), number):
            results[mode].append(inside(platform, mode, keys))
    pooled = {mode: [value for run in series for value in run["times"]]
              for mode, series in results.items()}
    print(f"\ninside cardgui, {platform} ({runs} runs of {keys} keys, one every "
          f"{KEY_GAP * 1000:.0f} ms after the paint)")
    for mode, label in MODES.items():
        print(row(label, pooled[mode]))
    print(difference_row("busy - off", pooled["off"], pooled["busy"]))
    print(difference_row("busy idle-priority - off", pooled["off"], pooled["idle"]))
    for mode, series in results.items():
        medians = [statistics.median(run["times"]) for run in series]
        cpu = [value for run in series for value in run["cpu"]]
        worker = statistics.mean(run["worker_cpu_percent"] for run in series)
        print(f"    {MODES[mode]:26} GUI CPU/key {statistics.median(cpu):5.2f} ms, worker CPU "
              f"{worker:3.0f}% of a core; run medians "
              f"{', '.join(f'{value:.2f}' for value in medians)} ({spread(medians)})")
    return results


def outside_report(keys: int, runs: int) -> dict[str, list[dict[str, Any]]]:
    """Time cardgui and kpat from outside in each of their modes,
    interleaved; print that part of the table, the checks and the ratios."""
    subjects = [cardgui_subject(tuple(MODES))]
    kpat = find_peer("kpat")
    if kpat:
        subjects.append(kpat_subject(kpat))
    results: dict[tuple[str, str], list[OutsideRun]] = {}
    for number in range(runs):
        for subject in subjects:
            for mode in rotated(subject.modes, number):
                results.setdefault((subject.name, mode), []).append(
                    outside(subject, mode, keys))
    pooled = {key: [value for run in series for value in run.times]
              for key, series in results.items()}
    labels = {**MODES, "on": "solver on"}
    print(f"\nfrom outside: key to first change of the table on screen ({runs} runs of {keys} "
          f"keys, one every {OUTSIDE_GAP * 1000:.0f} ms or more)")
    for subject in subjects:
        for mode in subject.modes:
            missed = sum(run.missed for run in results[subject.name, mode])
            print(row(f"{subject.name}, {labels[mode]}", pooled[subject.name, mode])
                  + (f"  WARNING: {missed} keys changed nothing" if missed else ""))
    print(difference_row("cardgui busy - off", pooled["cardgui", "off"],
                         pooled["cardgui", "busy"]))
    print(difference_row("cardgui busy idle-priority - off", pooled["cardgui", "off"],
                         pooled["cardgui", "idle"]))
    if kpat:
        print(difference_row("kpat on - off", pooled["kpat", "off"], pooled["kpat", "on"]))
    for (name, mode), series in results.items():
        medians = [statistics.median(run.times) for run in series if run.times]
        print(f"    {name} {labels[mode]:26} helpers busy at "
              f"{statistics.mean(run.busy_at_key for run in series):4.0%} of keys, their CPU "
              f"{statistics.mean(run.helpers_percent for run in series):3.0f}% of a core; "
              f"run medians {', '.join(f'{value:.2f}' for value in medians)} ({spread(medians)})")
    if kpat:
        for mine, theirs in (("off", "off"), ("busy", "on"), ("idle", "on")):
            if pooled["cardgui", mine] and pooled["kpat", theirs]:
                print(f"  ratio of medians cardgui {labels[mine]} / kpat {labels[theirs]}: "
                      + ratio(statistics.median(pooled["cardgui", mine]),
                              statistics.median(pooled["kpat", theirs])))
    else:
        print("  kpat is not installed: no peer was measured")
    return {f"{name} {mode}": [asdict(run) for run in series]
            for (name, mode), series in results.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300, help="keys per run, inside")
    parser.add_argument("--outside-keys", type=int, default=100, help="keys per run, outside")
    parser.add_argument("--runs", type=int, default=2, help="runs per configuration")
    parser.add_argument("--platforms", nargs="*", default=["xcb", "offscreen"],
                        choices=["xcb", "offscreen"], help="platforms inside")
    parser.add_argument("--skip-inside", action="store_true")
    parser.add_argument("--skip-outside", action="store_true")
    parser.add_argument("--json", type=pathlib.Path, help="write the raw times to this file")
    parser.add_argument("--inside", choices=list(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--serve", choices=list(MODES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(time_keys(args.inside, args.keys)))
        return
    if args.serve:
        sys.exit(serve(args.serve))
    print(f"{'key press to repainted table (ms)':38} {'median [95% CI]':>22} {'p90':>7} "
          f"{'p99':>7} {'max':>7}")
    raw: dict[str, Any] = {}
    if not args.skip_inside:
        for platform in args.platforms:
            raw[f"inside {platform}"] = inside_report(args.keys, args.runs, platform)
    if not args.skip_outside:
        raw["outside"] = outside_report(args.outside_keys, args.runs)
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          f"(a shared machine; this run at nice {os.nice(0)})")
    if args.json:
        args.json.write_text(json.dumps(raw))


if __name__ == "__main__":
    main()
