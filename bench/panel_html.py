"""Print the command panel's HTML as cardgui's window fills it for a game and
deal (for ``startup_floor.py --chrome``; not part of the tests).

    python bench/panel_html.py [GAME DEAL]

It builds the real window off screen, in a throwaway home folder, and prints
what the window gives its command panel: ``keys_html`` of the game's key
table and notes.
"""

import os
import sys
import tempfile

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ["HOME"] = tempfile.mkdtemp(prefix="cardgui-panel-")
os.environ["XDG_DATA_HOME"] = os.path.join(os.environ["HOME"], "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(os.environ["HOME"], "config")

from cardgui.gui.app import application, build_window  # noqa: E402
from cardgui.gui.panel_notes import panel_notes  # noqa: E402
from cardgui.gui.panels import keys_html  # noqa: E402


def main() -> None:
    game, deal = (sys.argv[1], int(sys.argv[2])) if len(sys.argv) > 2 else ("klondike", 617)
    application()
    window = build_window(game, deal)
    controller = window.controller
    print(keys_html(f"{controller.info.title} commands", controller.keys.table,
                    panel_notes(window.table(), controller)))


if __name__ == "__main__":
    main()
