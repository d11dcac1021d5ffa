"""The terminal programs leave quietly: Ctrl+C ends with status 130 and end of
input with 0, neither with a Python traceback; each program's help names the
key or word that quits."""

import os
import pty
import re
import signal
import subprocess
import sys
import time

import pytest

PROGRAMS = ["klondike", "freecell", "calculation", "pokersquares"]


def start(game):
    """The terminal program at a pseudo-terminal, and the terminal's master end."""
    master, slave = pty.openpty()
    program = subprocess.Popen([sys.executable, "-m", "cardgui", "text", game, "--deal", "5"],
                               stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    return program, master


def read_until_quiet(master, program, seconds=10.0):
    """Everything the program writes until it has been quiet a moment (or ends)."""
    output, deadline, quiet_since = b"", time.monotonic() + seconds, time.monotonic()
    while time.monotonic() < deadline:
        import select
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            output += data
            quiet_since = time.monotonic()
        elif output and time.monotonic() - quiet_since > 0.2:
            break
        elif program.poll() is not None and not ready:
            break
    return output.decode(errors="replace")


@pytest.mark.parametrize("game", PROGRAMS)
def test_ctrl_c_leaves_quietly_with_status_130(game):
    program, master = start(game)
    try:
        assert read_until_quiet(master, program)          # the program is up
        program.send_signal(signal.SIGINT)                # what Ctrl+C sends
        status = program.wait(timeout=10)
        rest = read_until_quiet(master, program, seconds=2)
        assert status == 130 and "Traceback" not in rest
    finally:
        program.kill()
        os.close(master)


@pytest.mark.parametrize("game", PROGRAMS)
def test_end_of_input_leaves_quietly(game):
    program, master = start(game)
    try:
        assert read_until_quiet(master, program)
        os.write(master, b"\x04")                          # Ctrl+D
        status = program.wait(timeout=10)
        rest = read_until_quiet(master, program, seconds=2)
        assert status == 0 and "Traceback" not in rest
    finally:
        program.kill()
        os.close(master)


@pytest.mark.parametrize("game, words", [
    ("klondike", r"\bX\s+Exit"), ("freecell", r"\bx quit\b"), ("calculation", r"\bq\b"),
    ("pokersquares", r"\bx\b|\bX\b")])
def test_each_program_s_help_names_its_quit_key(game, words):
    help_key = {"klondike": "?", "freecell": "?\n", "calculation": "h\n",
                "pokersquares": "?\n"}[game]
    result = subprocess.run([sys.executable, "-m", "cardgui", "text", game, "--deal", "5"],
                            input=help_key, capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stdout.splitlines() if "quit" in line.lower()
             or "exit" in line.lower()]
    assert any(re.search(words, line) for line in lines), result.stdout
