"""Where cardgui's start-up time goes, stage by stage, measured from inside
one fresh interpreter the same way for any version of cardgui (run by
``bench/window_startup.py``; not part of the tests).

    CARDGUI_LAUNCHED_AT=$(date +%s.%N) python bench/startup_stages.py [GAME DEAL]

It starts the window the way ``cardgui GAME --deal DEAL`` does (the command
line's module, then the window's, then the application, the window, show)
using only functions every version has (``cardgui.gui.app.application`` and
``build_window``), and prints one line of JSON: for each stage its wall and
CPU milliseconds.  The version measured is whichever ``cardgui`` is first on
the path (``python bench/in_tree.py TREE bench/startup_stages.py`` measures
the tree TREE).

Stages: ``interpreter`` (from $CARDGUI_LAUNCHED_AT, set just before the
launch, to this script's first line), ``imports`` (cardgui's command line and
window modules, Qt with them), ``QApplication``, ``window`` (the saved game,
settings and the window built, art excepted), ``first layout`` (show, to the
table's first paint event), ``first paint`` (that paint, to the event loop's
next turn), ``art`` (card pictures rendered in any stage, counted apart) and
``after the first frame`` (work a version leaves until then, until its
window's ``settled`` signal; 0 for a version that leaves none).  ``to first
frame`` sums the stages up to the first paint.
"""

import os
import sys
import time

LAUNCHED = float(os.environ.get("CARDGUI_LAUNCHED_AT", "nan"))
STARTED = (time.time(), time.process_time())

stamps: dict[str, tuple[float, float]] = {}
art = [0.0, 0.0]
art_at: dict[str, tuple[float, float]] = {}


def stamp(stage: str) -> None:
    if stage not in stamps:
        stamps[stage] = (time.time(), time.process_time())
        art_at[stage] = (art[0], art[1])


def main() -> None:
    game, deal = (sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else ("klondike", 617)
    from PySide6.QtCore import QEvent, QObject, QTimer

    import cardgui.cli  # noqa: F401  (what the ``cardgui`` command imports first)
    from cardgui.gui import app
    from cardgui.gui.art import CardArt
    stamp("imports")

    render = CardArt._render

    def timed_render(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        began, cpu = time.time(), time.process_time()
        try:
            return render(self, *args, **kwargs)
        finally:
            art[0] += time.time() - began
            art[1] += time.process_time() - cpu

    CardArt._render = timed_render  # type: ignore[method-assign]
    application = app.application()
    stamp("QApplication")
    window = app.build_window(game, deal)
    stamp("window")

    def finish() -> None:
        stamp("after the first frame")
        print_stages()
        window.close()
        application.quit()

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and "first layout" not in stamps:
                stamp("first layout")
                QTimer.singleShot(0, painted)
            return False

    def painted() -> None:
        stamp("first paint")
        settled = getattr(window, "settled", None)
        first_frame = getattr(window, "first_frame", None)
        if settled is not None and not (first_frame is not None and first_frame.done):
            settled.connect(finish)
        else:
            QTimer.singleShot(0, finish)

    watcher = FirstPaint()
    window.view.viewport().installEventFilter(watcher)
    window.show()
    application.exec()


def print_stages() -> None:
    import json
    found: dict[str, list[float]] = {
        "interpreter": [(STARTED[0] - LAUNCHED) * 1000, STARTED[1] * 1000]}
    before, art_before = STARTED, (0.0, 0.0)
    for stage in ("imports", "QApplication", "window", "first layout", "first paint",
                  "after the first frame"):
        now, art_now = stamps[stage], art_at[stage]
        found[stage] = [((now[i] - before[i]) - (art_now[i] - art_before[i])) * 1000
                        for i in (0, 1)]
        before, art_before = now, art_now
        if stage == "first paint":
            found["art"] = [art_now[0] * 1000, art_now[1] * 1000]
    found["to first frame"] = [(stamps["first paint"][0] - LAUNCHED) * 1000,
                               stamps["first paint"][1] * 1000]
    print("stages " + json.dumps({key: [round(v, 1) for v in value]
                                  for key, value in found.items()}), flush=True)


if __name__ == "__main__":
    main()
