"""Inside cardgui's process: the time per mouse move of a drag, from the move
event to the frame painted (run by drag_work.py; usable alone).

    QT_QPA_PLATFORM=offscreen python bench/drag_inprocess.py [--cards run|one] [--moves 600]
    python bench/drag_inprocess.py --serve run --points FILE     (for drag_work.py)

The window is cardgui's own (``build_window``), 1100 x 760, animations off,
data kept in a temporary folder.  ``run`` drags the 12-card run of
drag_layout.py by its king; ``one`` drags the top card of stack 7 of deal
617.  The press and the moves are real QMouseEvents sent to the view's
viewport.  For each move the clock runs from sending the event until the
event is handled ("handle") and then until Qt has painted the frame and
handed it to the platform ("total": on xcb that includes putting the image
to the X server, not the server's own work); "cpu" is the CPU time of the
GUI thread over the same span (the wall-clock "total" also counts the time
the shared machine gave to others).  ``--serve`` instead opens the
window for a drag from outside and writes the screen points to press.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time
from typing import Any

from drag_layout import RUN, position
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from cardgui.engine.cards import Card
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.piles import tableau
from cardgui.gui.app import application, build_window
from cardgui.gui.main_window import MainWindow
from cardgui.gui.sprites import DRAG_Z
from cardgui.session import GameSession

WINDOW_SIZE = (1100, 760)
STEP = 4                  # pixels per mouse move, as a quick hand gives at 125 Hz
SWEEP = 150               # moves in one direction before turning back
SKIPPED = 5               # the first moves (threshold, pick-up) are reported apart


class PaintCounter(QObject):
    """Counts paint events of a widget (an event filter sees each first)."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def open_window(cards: str, size: tuple[int, int] = WINDOW_SIZE
                ) -> tuple[MainWindow, Card]:
    """cardgui's window, ``size`` (width, height) with its frame, shown, on
    the position to drag; and the card to press."""
    app = application()
    window = build_window("klondike", 617)
    window.resize(*size)
    window.show()
    QTest.qWaitForWindowExposed(window)
    if cards == "run":
        game = Klondike.from_json(position())
        controller = window.controller
        controller.replace(GameSession.around(controller.info, game))
        card = Card.parse(RUN[0])
    else:
        card = window.controller.game.piles[tableau(7)].cards[-1]
    for _ in range(5):
        app.processEvents()
    return window, card


def dragged_count(window: MainWindow, card: Card) -> int:
    """How many cards a press on ``card`` lifts: it and those on it."""
    sprite = window.scene.sprites[card]
    assert sprite.pile_id is not None
    return len(window.controller.game.piles[sprite.pile_id].cards[sprite.index:])


def press_point(window: MainWindow, card: Card) -> QPoint:
    """A point on the visible strip of ``card``, in viewport coordinates."""
    box = window.scene.sprites[card].sceneBoundingRect()
    return window.view.mapFromScene(QPointF(box.x() + box.width() / 2,
                                            box.y() + min(8.0, box.height() * 0.05)))


def path(start: QPoint, moves: int, width: int) -> list[QPoint]:
    """Back and forth horizontally from ``start``, towards the wider side."""
    direction = 1 if start.x() < width / 2 else -1
    points = []
    x = start.x()
    for number in range(moves):
        if number and number % SWEEP == 0:
            direction = -direction
        x += direction * STEP
        points.append(QPoint(x, start.y() + (number % SWEEP) // 10))
    return points


def mouse(kind: QEvent.Type, point: QPoint, viewport: Any, button: Qt.MouseButton,
          buttons: Qt.MouseButton) -> QMouseEvent:
    return QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button,
                       buttons, Qt.KeyboardModifier.NoModifier)


def time_drag(cards: str, moves: int, profile: bool = False,
              size: tuple[int, int] = WINDOW_SIZE) -> dict[str, Any]:
    """Drag and time every move; returns the times in milliseconds."""
    window, card = open_window(cards, size)
    app = QApplication.instance()
    viewport = window.view.viewport()
    counter = PaintCounter()
    viewport.installEventFilter(counter)
    start = press_point(window, card)
    dragged = dragged_count(window, card)
    left = Qt.MouseButton.LeftButton
    QApplication.sendEvent(viewport, mouse(QEvent.Type.MouseButtonPress, start, viewport,
                                           left, left))
    app.processEvents()
    handle: list[float] = []
    total: list[float] = []
    cpu: list[float] = []
    missed = 0
    profiler = None
    if profile:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
    for point in path(start, moves, viewport.width()):
        before = counter.paints
        began, cpu_began = time.perf_counter(), time.thread_time()
        QApplication.sendEvent(viewport, mouse(QEvent.Type.MouseMove, point, viewport,
                                               Qt.MouseButton.NoButton, left))
        handled = time.perf_counter()
        deadline = handled + 1.0
        while counter.paints == before and time.perf_counter() < deadline:
            app.processEvents()
        if counter.paints == before:
            missed += 1
        done, cpu_done = time.perf_counter(), time.thread_time()
        handle.append((handled - began) * 1000)
        total.append((done - began) * 1000)
        cpu.append((cpu_done - cpu_began) * 1000)
    if profiler is not None:
        profiler.disable()
    # The dragged cards are carried above the table (one picture for a run):
    # what lies under the pointer now must be them, and away from where they were.
    under = window.scene.items(window.view.mapToScene(point))
    moved = bool(under) and under[0].zValue() >= DRAG_Z and \
        window.view.mapToScene(point) != window.view.mapToScene(start)
    QApplication.sendEvent(viewport, mouse(QEvent.Type.MouseButtonRelease, start, viewport,
                                           left, Qt.MouseButton.NoButton))
    app.processEvents()
    window.close()
    if profiler is not None:
        import pstats
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(25)
    return {"platform": app.platformName(), "cards": dragged, "moves": moves,
            "card_width": window.scene.geometry.card_width,
            "handle": handle, "total": total, "cpu": cpu, "missed_paints": missed, "moved": moved}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def figures(label: str, values: list[float]) -> str:
    """One line: median, 90th percentile and maximum of times in milliseconds."""
    return (f"{label:7} median {statistics.median(values):6.2f} ms   "
            f"p90 {percentile(values, 0.9):6.2f}   max {max(values):6.2f}")


def describe(result: dict[str, Any]) -> list[str]:
    """Lines of figures for one timed drag."""
    lines = [figures(key, result[key][SKIPPED:]) for key in ("handle", "total", "cpu")]
    first = result["total"][:SKIPPED]
    lines.append(f"first {SKIPPED} moves (threshold, pick-up): "
                 + " ".join(f"{value:.1f}" for value in first) + " ms")
    if result["missed_paints"]:
        lines.append(f"WARNING: {result['missed_paints']} moves painted nothing within 1 s")
    return lines


def serve(cards: str, points_file: pathlib.Path, size: tuple[int, int] = WINDOW_SIZE) -> int:
    """Open the window for a drag from outside; write where to press, then run."""
    window, card = open_window(cards, size)
    viewport = window.view.viewport()
    start = viewport.mapToGlobal(press_point(window, card))
    dragged = dragged_count(window, card)
    points_file.write_text(json.dumps({"x": start.x(), "y": start.y(), "cards": dragged,
                                       "card": card.name,
                                       "card_width": window.scene.geometry.card_width}))
    return QApplication.instance().exec()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", choices=["run", "one"], default="run")
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--json", action="store_true", help="print the raw times as JSON")
    parser.add_argument("--profile", action="store_true", help="cProfile the moves (stderr)")
    parser.add_argument("--serve", choices=["run", "one"])
    parser.add_argument("--points", type=pathlib.Path)
    parser.add_argument("--size", default=f"{WINDOW_SIZE[0]}x{WINDOW_SIZE[1]}",
                        help="the window's width x height (default %(default)s)")
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.split("x"))
    assert len(size) == 2, "--size is WIDTHxHEIGHT"
    with tempfile.TemporaryDirectory(prefix="cardgui-bench-home-") as home:
        os.environ.setdefault("CARDGUI_HOME", home)
        os.environ["CARDGUI_NO_ANIMATION"] = "1"
        if args.serve:
            if args.points is None:
                parser.error("--serve needs --points FILE")
            sys.exit(serve(args.serve, args.points, size))  # type: ignore[arg-type]
        result = time_drag(args.cards, args.moves, args.profile, size)  # type: ignore[arg-type]
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['platform']}: {result['cards']} card(s) dragged, {result['moves']} moves, "
          f"cards {result['card_width']} px wide")
    for line in describe(result):
        print("  " + line)


if __name__ == "__main__":
    main()
