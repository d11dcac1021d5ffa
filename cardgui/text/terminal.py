"""Reading single keystrokes from a terminal, and writing to it.

``keystrokes(stream)`` yields one key at a time: from a terminal in cbreak
mode (no Enter needed, restored afterwards whatever happens), or from a pipe
or file until end of input.  An escape sequence (an arrow key, say) comes as
one string starting with ESC, so its letters are never read as commands.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import sys
from typing import IO, Iterator

ESCAPE = "\x1b"
CLEAR_SCREEN = "\x1b[H\x1b[2J"
BELL = "\a"


def uses_colour(stream: IO[str]) -> bool:
    """True when ``stream`` is a terminal that can show colour."""
    return (hasattr(stream, "isatty") and stream.isatty()
            and os.environ.get("TERM", "dumb") != "dumb" and "NO_COLOR" not in os.environ)


def is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextlib.contextmanager
def cbreak(stream: IO[str]) -> Iterator[None]:
    """Put a terminal into cbreak mode (keys arrive one at a time, unechoed)."""
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def terminal_keys(stream: IO[str]) -> Iterator[str]:
    """Keys from a terminal in cbreak mode, until end of input (Ctrl-D)."""
    fd = stream.fileno()
    decoder = codecs.getincrementaldecoder(sys.getfilesystemencoding() or "utf-8")(
        errors="replace")
    while True:
        data = os.read(fd, 1)
        if not data:
            return
        text = decoder.decode(data)
        if not text:
            continue
        if text == ESCAPE:
            # Gather the rest of an escape sequence that arrives at once.
            while select.select([fd], [], [], 0.02)[0]:
                more = os.read(fd, 1)
                if not more:
                    break
                text += decoder.decode(more)
        if text == "\x04":
            return
        yield text
