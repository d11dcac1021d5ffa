"""The terminal programs take any bytes, under any locale: text that does
not decode is refused with a message, never a traceback (#30: under an
ordinary en_US.UTF-8 locale every program ended in UnicodeDecodeError)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROGRAMS = ["klondike", "freecell", "calculation", "pokersquares"]
BYTES = b"5a \xff\xfe\x80 d\n\xc3\x28 m h w 1\n"


@pytest.mark.parametrize("strict", ["utf-8:strict", "latin-1:strict", "ascii:strict"])
@pytest.mark.parametrize("game", PROGRAMS)
def test_bytes_that_are_not_text_are_refused_and_play_goes_on(game, strict):
    environment = {**os.environ, "PYTHONIOENCODING": strict, "LC_ALL": "C.UTF-8"}
    for as_json in ([], ["--json"]):
        result = subprocess.run([sys.executable, "-m", "cardgui", "text", game, "--deal", "3",
                                 *as_json], input=BYTES, capture_output=True, timeout=60,
                                env=environment)
        assert result.returncode == 0, result.stderr.decode(errors="replace")
        assert b"Traceback" not in result.stderr + result.stdout
        if strict.startswith(("utf-8", "ascii")):
            assert b"not text this program can read" in result.stderr + result.stdout
