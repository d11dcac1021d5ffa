"""How much memory the window holds after many random actions (#30): the
random player of the GUI tests (``tests/gui/random_actions.py``: keys,
clicks, drags, menu commands, game switches, deals, options, resizes) plays
ACTIONS actions over every game in one offscreen window, with a temporary
``CARDGUI_HOME``, and the resident set size is printed at the start and
every 1,000 actions (``--every``), beside what the game log accounts for.

    nice .venv/bin/python bench/random_actions_memory.py [ACTIONS] [--seed N]
        [--animations] [--deck NAME] [--glibc-default] [--trace]

The random player answers every question at random and plays as the GUI
tests have it, cards not gliding (``--animations``: gliding, as the window
does by default), with cardgui's own deck (``--deck``: a system deck, drawn
by the deck renderer's process at every new size).  ``--glibc-default``
leaves the C allocator as glibc sets it up (see ``cardgui/gui/allocator.py``),
to compare with the window as it is.

The start is taken after the window's first frame, one visit to every game
and a warm-up of WARM_UP random actions: the first visit to a game loads its
code, its table and its solver's helpers, and the first actions fill the
caches that stay the same size from then on (the card art at the window's
sizes, Qt's glyph and style caches); counting those as growth would blame
the run for start-up work.

"The game log" is what the session in play keeps by design and must keep:
the commands of its deal (saved and replayed) and its undo history, which
grow with the moves of the one deal and are dropped with it.  Every 1,000
actions the run also prints the window's Qt objects and scene items, so that
an object kept per action shows as a count that climbs.  At the end come the
Python objects that grew most in number (counting the Python wrappers that
listing the Qt objects itself makes) and the resident size once glibc has
given back the free memory it keeps (``malloc_trim``): what remains above
the start is memory in use.

With ``--trace``, tracemalloc follows Python's allocations from the start
and the allocation sites that grew most since then are listed every 1,000
actions (tracemalloc sees Python's allocations only, not Qt's own, and
slows the run several times).
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

WARM_UP = 200
EVERY = 1000


def rss_mb() -> float:
    """This process's resident set size, in MB, as the kernel counts it."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def malloc_trimmed() -> float | None:
    """RSS in MB once the C library has given back the free memory it keeps
    (glibc's ``malloc_trim``); None where there is no such call."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        return None
    return rss_mb()


def deep_size(root: Any) -> int:
    """Bytes held by ``root`` and everything it refers to through containers
    and plain objects (each object counted once)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            if hasattr(item, "__dict__"):
                stack.append(vars(item))
            for slot in getattr(type(item), "__slots__", ()):
                if hasattr(item, slot):
                    stack.append(getattr(item, slot))
    return total


def game_log_mb(window: Any) -> tuple[float, int, int]:
    """What the session in play keeps by design: MB held by its log of
    commands and its game's undo history, and how many of each."""
    session = window.controller.session
    history = session.game.history
    done, undone = history.snapshot()
    size = deep_size(session.log.items) + deep_size((done, undone))
    return size / 2**20, len(session.log), len(done) + len(undone)


def qt_counts(window: Any) -> str:
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QApplication
    return (f"QObjects {len(window.findChildren(QObject)):5d}  "
            f"scene items {len(window.scene.items()):4d}  "
            f"top-level widgets {len(QApplication.topLevelWidgets()):3d}")


def type_counts() -> Counter[str]:
    return Counter(type(item).__qualname__ for item in gc.get_objects())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("actions", nargs="?", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--every", type=int, default=EVERY, help="actions between figures")
    parser.add_argument("--animations", action="store_true",
                        help="glide the cards, as the window does unless told not to")
    parser.add_argument("--deck", help="play with this system deck (as --deck takes it); "
                        "the start waits until its pictures are on the table")
    parser.add_argument("--glibc-default", action="store_true",
                        help="leave glibc's mmap threshold rising as it does by itself "
                        "(the window as it was before cardgui/gui/allocator.py)")
    parser.add_argument("--trace", action="store_true",
                        help="list the Python allocation sites that grew most")
    args = parser.parse_args(argv)
    if args.actions < 1 or args.every < 1:
        parser.error("ACTIONS and --every must be at least 1")
    home = tempfile.TemporaryDirectory(prefix="cardgui-memory-")
    os.environ.update(QT_QPA_PLATFORM="offscreen", CARDGUI_HOME=home.name,
                      XDG_CACHE_HOME=str(Path(home.name) / "cache"))
    if not args.animations:
        os.environ["CARDGUI_NO_ANIMATION"] = "1"
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # for tests.gui

    from PySide6.QtTest import QTest

    from cardgui.engine.games import GAMES
    from cardgui.gui.allocator import return_freed_memory
    from cardgui.gui.app import application, build_window
    from tests.gui.random_actions import play_randomly

    if not args.glibc_default:
        return_freed_memory()       # as the window does once settled (cardgui.gui.app)
    app = application()
    window = build_window("klondike", 5, deck=args.deck)
    window.resize(1100, 760)
    settled: list[bool] = []
    window.settled.connect(lambda: settled.append(True))
    window.show()
    while not settled or window.decks.pending is not None:
        QTest.qWait(20)
    if args.deck is not None and window.decks.current is None:
        print(f"the deck {args.deck!r} was not shown: {window.voice.log[-1].text}")
        return 1
    window.confirm = lambda question: True          # type: ignore[method-assign]
    for game_id in GAMES:
        window.switch_game(game_id)
        app.processEvents()

    play_randomly(window, WARM_UP, args.seed + 1)
    gc.collect()
    if args.trace:
        tracemalloc.start(12)
        first_snapshot = tracemalloc.take_snapshot()
    types_before = type_counts()
    start = rss_mb()
    log_start = game_log_mb(window)[0]
    print(f"uptime: {os.getloadavg()} (load averages; the machine is shared)")
    print(f"start after first frame, every game once, {WARM_UP} actions: "
          f"RSS {start:.1f} MB  {qt_counts(window)}")
    print(f"{'actions':>7} {'RSS MB':>8} {'growth':>7} {'game log MB':>11} "
          f"{'commands':>8} {'undo':>5}  Qt")
    began = time.perf_counter()

    def measure(done: int) -> None:
        if done % args.every and done != args.actions:
            return
        gc.collect()
        now = rss_mb()
        log, commands, undo = game_log_mb(window)
        print(f"{done:7,d} {now:8.1f} {now - start:+7.1f} {log:11.2f} {commands:8,d} {undo:5,d}"
              f"  {qt_counts(window)}", flush=True)
        if args.trace:
            top = tracemalloc.take_snapshot().compare_to(first_snapshot, "traceback")[:8]
            for stat in top:
                frames = [f"{Path(frame.filename).name}:{frame.lineno}"
                          for frame in stat.traceback[-4:]]
                print(f"    {stat.size_diff / 1024:+9.0f} KiB {stat.count_diff:+7d} blocks  "
                      f"{' < '.join(reversed(frames))}")

    tally = play_randomly(window, args.actions, args.seed, after=measure)
    done = args.actions
    seconds = time.perf_counter() - began
    grown = (type_counts() - types_before).most_common(10)
    end = rss_mb()
    print(f"end: RSS {end:.1f} MB, {end - start:+.1f} MB over {done:,} actions "
          f"({seconds:.0f} s); the game log {game_log_mb(window)[0] - log_start:+.2f} MB of it")
    trimmed = malloc_trimmed()
    if trimmed is not None:
        print(f"once malloc_trim has given back the free memory the C allocator kept: "
              f"RSS {trimmed:.1f} MB ({trimmed - start:+.1f} MB from the start)")
    print("Python objects that grew most:",
          ", ".join(f"{name} {count:+d}" for name, count in grown) or "none")
    print("actions:", ", ".join(f"{kind} {count}" for kind, count in
                                sorted(tally.actions.items(), key=lambda item: -item[1])))
    print(f"problems: {len(tally.problems)}")
    for problem in tally.problems[:10]:
        print("   ", problem)
    window.close()
    app.processEvents()
    home.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
