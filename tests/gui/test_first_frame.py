"""$CARDGUI_EXIT_AFTER_FIRST_FRAME: the window reports its first paint and closes
cleanly, which is how the packaging tests see that an installed binary draws."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_window_reports_its_first_frame_and_exits_cleanly(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CARDGUI_HOME": str(tmp_path),
           "CARDGUI_EXIT_AFTER_FIRST_FRAME": "1"}
    result = subprocess.run([sys.executable, "-m", "cardgui", "klondike", "--deal", "5"],
                            env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line.split() for line in result.stdout.splitlines()]
    assert [words[0] for words in lines] == ["first-frame"], result.stdout
    assert lines[0][1].isdigit()
    # It closed the way a player closes it: the game was saved.
    assert (tmp_path / "games" / "klondike.json").is_file()

