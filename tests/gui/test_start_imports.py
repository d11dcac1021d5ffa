"""What the window imports before its first frame: only what that frame shows.

The heavy modules the first frame does not need (the other games' rules, the
solvers, the help's dialogs, its assistant and Demo, worker processes, the
system decks' renderer) wait until after it or until first used; a change
that imports one of them earlier again fails here, naming it.  Each case
starts the real program in a fresh interpreter and lists ``sys.modules`` at
the moment the first frame is stamped (``cardgui.timeline``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardgui.engine.games import GAMES

# The modules asked for at the first frame are printed from inside the window's
# process: the timeline's "first paint" stamp is wrapped before cardgui starts.
PROBE = """
import json, sys
from cardgui import timeline
stamp = timeline.stamp
def noting(stage):
    if stage == "first paint":
        with open(sys.argv[1], "w") as out:
            json.dump(sorted(sys.modules), out)
    stamp(stage)
timeline.stamp = noting
from cardgui.cli import main
sys.exit(main(sys.argv[2:]))
"""

NOT_BEFORE_THE_FIRST_FRAME = (
    "multiprocessing", "queue",        # the help's workers, the deck renderer
    "socket", "subprocess", "concurrent.futures",
    "statistics", "fractions", "decimal",
    "secrets", "hmac",
    "cardgui.gui.help_dialogs", "cardgui.gui.statistics_dialog", "cardgui.gui.dialogs",
    "cardgui.gui.message_log",
    "cardgui.gui.deck_process", "cardgui.gui.deck_svg", "cardgui.carddecks.cache",
    "cardgui.text",                    # the terminal program
    "hashlib", "platform", "importlib.resources",   # costly, and not needed yet
    "ctypes",                          # the allocator's setting, made once settled
    "cardgui.gui.assistant", "cardgui.gui.demo",    # the help: only its actions show
    "cardgui.assist", "cardgui.engine.search",
)


def modules_at_first_frame(tmp_path, game_id: str, *more: str) -> set[str]:
    listed = tmp_path / "modules.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CARDGUI_HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path / "cache"),         # the kept card pictures
           "CARDGUI_EXIT_AFTER_FIRST_FRAME": "1", "CARDGUI_NO_ANIMATION": "1"}
    with open(tmp_path / "output", "w") as output:      # a file: no pipe a child could hold
        result = subprocess.run([sys.executable, "-c", PROBE, str(listed), game_id,
                                 "--deal", "5", *more], env=env, stdout=output,
                                stderr=subprocess.STDOUT, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, (tmp_path / "output").read_text()
    return set(json.loads(listed.read_text()))


@pytest.mark.parametrize("game_id", ["klondike", "freecell"])
def test_only_what_the_first_frame_shows_is_imported_before_it(tmp_path, game_id):
    modules = modules_at_first_frame(tmp_path, game_id)
    assert f"cardgui.engine.games.{game_id}.game" in modules      # the probe saw the table
    early = sorted(name for name in modules if name in NOT_BEFORE_THE_FIRST_FRAME
                   or name.startswith(tuple(f"{heavy}." for heavy in NOT_BEFORE_THE_FIRST_FRAME)))
    assert early == [], f"imported before the first frame: {early}"
    other_games = sorted(name for name in modules for other in GAMES if other != game_id
                         and name.startswith(f"cardgui.engine.games.{other}."))
    assert other_games == [], f"other games' modules before the first frame: {other_games}"
    solvers = sorted(name for name in modules if name.startswith("cardgui.engine.games.")
                     and name.rsplit(".", 1)[-1] in ("solver", "search", "_search", "advisor"))
    assert solvers == [], f"solvers before the first frame: {solvers}"


def test_demo_asked_on_the_command_line_waits_for_the_first_frame(tmp_path):
    modules = modules_at_first_frame(tmp_path, "klondike", "--demo")
    assert "cardgui.engine.games.klondike.game" in modules
    early = sorted(name for name in modules
                   if name in ("cardgui.gui.demo", "cardgui.gui.assistant", "multiprocessing"))
    assert early == [], f"imported before the first frame: {early}"


def test_a_start_with_its_card_pictures_kept_loads_no_svg_renderer(tmp_path):
    drawn = modules_at_first_frame(tmp_path, "klondike")       # closing keeps the pictures
    assert "PySide6.QtSvg" in drawn
    # The offscreen screen is smaller than the window the first start closed,
    # so the second start's window, and its cards, are another size: the
    # third is the one that starts as the last one closed.
    modules_at_first_frame(tmp_path, "klondike")
    read_back = modules_at_first_frame(tmp_path, "klondike")
    assert "PySide6.QtSvg" not in read_back
