"""Make the README's screenshot of the table, by code.

    python tools/screenshot.py [OUTPUT]        (default: docs/screenshot.png)

Builds cardgui's real window on Qt's offscreen platform, with its files in a
temporary folder and animations off, plays a fixed deal into the middle of a
game by typing the book's keys to the window's controller (exactly as a
player at the keyboard would), and saves what the window shows.  The result
depends only on the deal, the keys and the card art, so running it again
after the art changes gives the same position in the new art.

Exits with status 1, saying which key was refused, if the engine no longer
plays these keys into the same position.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile

DEAL = 20
# The book's keys: "+" deals three onto the pile, "P" plays the pile's top
# card, a card's name plays that card, "!".."&" move a whole stack 1-7.
# Found by a search for a pleasing middle of a game: six cards on the tops
# (every suit started), runs built down on four stacks, face-down cards left
# under three, the pile fanned and cards left in the hand.
KEYS = ("$ $ 3S 8H AC AD 3H # QD ^ + ^ ^ + + P KS 5H ^ & AH + KS & 5H KH").split()
WINDOW_SIZE = (1100, 720)
DEFAULT_OUTPUT = pathlib.Path(__file__).resolve().parent.parent / "docs" / "screenshot.png"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=pathlib.Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["CARDGUI_NO_ANIMATION"] = "1"
    with tempfile.TemporaryDirectory(prefix="cardgui-screenshot-") as home:
        os.environ["CARDGUI_HOME"] = home
        sys.exit(shoot(args.output))


def shoot(output: pathlib.Path) -> int:
    from PySide6.QtTest import QTest

    from cardgui.gui.app import application, build_window

    app = application()
    window = build_window("klondike", DEAL)
    window.resize(*WINDOW_SIZE)
    window.show()
    QTest.qWaitForWindowExposed(window)
    for command in KEYS:
        for key in command:
            response = window.controller.key(key)
            if response.bell:
                print(f"screenshot: key {key!r} of {command!r} was refused on deal {DEAL}: "
                      f"{response.message}", file=sys.stderr)
                return 1
        app.processEvents()
    window.status.say(f"Klondike, deal {DEAL}: type a card's name to play it, "
                      "or drag it with the mouse.")
    for _ in range(3):
        app.processEvents()
    output.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(output)):
        print(f"screenshot: could not write {output}", file=sys.stderr)
        return 1
    window.close()
    print(f"wrote {output} ({window.width()} x {window.height()})")
    return 0


if __name__ == "__main__":
    main()
