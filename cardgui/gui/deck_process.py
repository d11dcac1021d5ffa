"""The deck renderer: a process of its own that opens a system deck and
draws its 53 pictures at the size the table asks for.

Why a process: QtSvg parses the largest decks for most of a second
(Dondorf: 11.5 MB of SVG) and draws each of its pictures for tens of
milliseconds more, holding Python's lock all the while, so in a thread of
the window's process it would stall the window just the same (measured:
half-second gaps in the window's event loop).  A process also contains a
document that made QtSvg crash or loop: the window sees the process stop,
or run past :data:`TIMEOUT_S`, and refuses the deck by name.

The renderer is started fresh (``spawn``, not forked from the window's Qt
threads) when a deck is first asked for, and only ever after the first
frame.  Each request has a number and the newest number is shared with the
process, so a request overtaken by another (the window resized again, or
another deck chosen) stops between two pictures; its answer is never
looked at.  Answers come back on a queue the window polls.  Pictures drawn
are also kept on disk (:mod:`cardgui.carddecks.cache`) for the next start.

Once it has answered and nothing more is asked for :data:`IDLE_S`, the
process ends, giving back the memory the parsed deck holds (Dondorf: about
85 MB); a later request (the window resized) starts it again, and the table
shows the pictures it has, scaled, until the new ones come.
"""

from __future__ import annotations

import os
import queue
import time
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QImage

from ..carddecks.elements import picture_names
from ..carddecks.found import InstalledDeck
from ..processes import spawning

POLL_MS = 25            # how often answers are looked for while one is awaited
TIMEOUT_S = 60.0        # a request taking longer means the deck is refused
PARENT_CHECK_S = 2.0    # how often a waiting renderer looks whether the window is still there
IDLE_S = 20.0           # the process ends once nothing has been asked of it for this long


@dataclass(frozen=True, slots=True)
class Opened:
    """The deck ``deck`` can be drawn; its cards are ``aspect`` times as high as wide."""

    number: int
    deck: InstalledDeck
    aspect: float


@dataclass(frozen=True, slots=True)
class Pictures:
    """The deck's 53 pictures, each ``width`` by ``height`` pixels:
    picture name -> the pixels (32-bit premultiplied ARGB, row by row)."""

    number: int
    deck: InstalledDeck
    width: int
    height: int
    pixels: dict[str, bytes]

    def images(self) -> dict[str, QImage]:
        """The pictures as images (each a copy owning its pixels)."""
        return images_of(self.pixels, self.width, self.height)


def images_of(pixels: dict[str, bytes], width: int, height: int) -> dict[str, QImage]:
    """Pictures given as pixels (32-bit premultiplied ARGB, row by row), as
    images, each a copy owning its pixels."""
    return {name: QImage(data, width, height, width * 4,
                         QImage.Format.Format_ARGB32_Premultiplied).copy()
            for name, data in pixels.items()}


@dataclass(frozen=True, slots=True)
class Refused:
    """The deck cannot be used, for ``reason``."""

    number: int
    deck: InstalledDeck
    reason: str


def serve(requests: Any, answers: Any, newest: Any, window: int) -> None:
    """The renderer process: open decks and draw them until told to stop
    (None), or until the window's process ``window`` is gone (killed, it
    could not say so, and this process holds both ends of its queues)."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"      # this process shows nothing
    from PySide6.QtGui import QGuiApplication  # fonts, for decks that draw text

    from ..carddecks import cache
    from ..carddecks.reading import DeckRefused
    from .deck_svg import DeckDrawing

    application = QGuiApplication.instance() or QGuiApplication(["cardgui-decks"])
    drawing: DeckDrawing | None = None
    while True:
        try:
            request = requests.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            if os.getppid() != window:
                break
            continue
        if request is None:
            break
        kind, number, deck, size = request
        if number != newest.value:
            continue                             # overtaken: not wanted any more
        try:
            if drawing is None or drawing.deck != deck:
                drawing = None
                drawing = DeckDrawing(deck)
            if kind == "open":
                answers.put(Opened(number, deck, drawing.aspect))
                continue
            width, height = size
            pixels: dict[str, bytes] = {}
            for name in picture_names():
                if number != newest.value:
                    break
                image = drawing.draw(name, width, height)
                pixels[name] = bytes(image.constBits())
            else:
                answers.put(Pictures(number, deck, width, height, pixels))
                cache.store(deck, drawing.aspect, width, height, pixels)
        except DeckRefused as refusal:
            answers.put(Refused(number, deck, str(refusal)))
        except Exception as error:  # a deck must never stop the renderer
            answers.put(Refused(number, deck, f"{type(error).__name__}: {error}"))
    del application


class DeckRenderer(QObject):
    """The window's side of the renderer process: ``open`` a deck, then ask
    for its pictures at a size with ``draw``; the answers come as signals.
    A request overtaken by a newer one is never answered."""

    opened = Signal(object)      # Opened
    drawn = Signal(object)       # Pictures
    refused = Signal(object)     # Refused

    def __init__(self, parent: QObject | None = None, timeout: float = TIMEOUT_S,
                 idle: float = IDLE_S) -> None:
        """``timeout``: seconds a request may take before its deck is
        refused; ``idle``: seconds without a request before the process ends."""
        super().__init__(parent)
        self.timeout = timeout
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(round(idle * 1000))
        self._idle.timeout.connect(self.stop)
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._newest: Any = None
        self._number = 0
        self._asked: tuple[int, InstalledDeck, float] | None = None  # number, deck, when
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def open(self, deck: InstalledDeck) -> int:
        """Open ``deck`` (checking it whole); ``opened`` or ``refused`` answers.
        Returns the request's number."""
        return self._ask("open", deck, None)

    def draw(self, deck: InstalledDeck, width: int, height: int) -> int:
        """Draw ``deck``'s 53 pictures ``width`` by ``height`` pixels; ``drawn``
        or ``refused`` answers.  Returns the request's number."""
        return self._ask("draw", deck, (width, height))

    def _ask(self, kind: str, deck: InstalledDeck, size: tuple[int, int] | None) -> int:
        if not self.running:
            self._start()
        self._number += 1
        self._newest.value = self._number
        self._requests.put((kind, self._number, deck, size))
        self._asked = (self._number, deck, time.monotonic())
        self._idle.stop()
        self._timer.start()
        return self._number

    def _start(self) -> None:
        self.stop()
        context = spawning()
        self._requests, self._answers = context.Queue(), context.Queue()
        self._newest = context.Value("q", self._number)
        self._process = context.Process(
            target=serve, args=(self._requests, self._answers, self._newest, os.getpid()),
            name="cardgui-decks", daemon=True)
        self._process.start()

    def _poll(self) -> None:
        while self._answers is not None:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError):
                break
            if self._asked is None or answer.number != self._asked[0]:
                continue                        # an overtaken request's answer
            self._asked = None
            self._timer.stop()
            self._idle.start()
            signal = {Opened: self.opened, Pictures: self.drawn, Refused: self.refused}
            signal[type(answer)].emit(answer)
            return
        if self._asked is None:
            self._timer.stop()
            return
        number, deck, when = self._asked
        if not self.running:
            code = self._process.exitcode if self._process is not None else None
            self._fail(Refused(number, deck, "reading it stopped cardgui's deck renderer"
                                             + (f" (exit status {code})" if code else "")))
        elif time.monotonic() - when > self.timeout:
            self._fail(Refused(number, deck, f"drawing it took more than {self.timeout:.0f} "
                                             "seconds"))

    def _fail(self, refusal: Refused) -> None:
        self._asked = None
        self._timer.stop()
        self.stop()
        self.refused.emit(refusal)

    def stop(self) -> None:
        """End the process (a drawing may be under way; nothing more is answered)."""
        self._asked = None
        self._timer.stop()
        self._idle.stop()
        if self._process is not None:
            self._process.terminate()
            self._process.join(timeout=2)
            if self._process.is_alive():
                self._process.kill()
                self._process.join(timeout=2)
            for channel in (self._requests, self._answers):
                channel.cancel_join_thread()
                channel.close()
        self._process = self._requests = self._answers = self._newest = None
