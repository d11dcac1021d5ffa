"""End to end: Freecell Solver's solutions, in its own standard notation, win
our deals through the terminal front end.

Needs ``fc-solve`` (Debian package freecell-solver-bin); skips without it.
The boards given to it are written from our own deals, so this also checks
that fc-solve and we agree on every deal's layout and on every rule its
moves rely on (free cells by letter, runs within the supermove limit, ``v``).
"""

import json
import os
import re
import shutil
import subprocess

import pytest

from cardgui.engine.deals import microsoft_deal
from tests.played import text_program

FC_SOLVE = shutil.which("fc-solve")
pytestmark = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is not installed (apt install freecell-solver-bin)")

MOVE_LINE = re.compile(r"^\s*([1-8a-d][1-8a-dh](v[0-9a-f]+)?\s*)+$")


def board_text(deal: int) -> str:
    """The deal as fc-solve reads it: one column a line, bottom to top, T for ten."""
    cards = microsoft_deal(deal)
    return "".join(" ".join(card.short_name for card in cards[column::8]) + "\n"
                   for column in range(8))


def solve(deal: int) -> list[str]:
    """fc-solve's solution of ``deal`` as standard-notation moves."""
    assert FC_SOLVE is not None
    result = subprocess.run([FC_SOLVE, "-snx", "-m", "-"], input=board_text(deal),
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "FREECELL_SOLVER_QUIET": "1"})
    if "This game is solveable." not in result.stdout:
        pytest.fail(f"fc-solve did not solve deal {deal}: {result.stdout[-300:]}")
    return [move for line in result.stdout.splitlines() if MOVE_LINE.match(line)
            for move in line.split()]


@pytest.mark.parametrize("deal", [1, 4, 100, 617, 3_000_000_000, 8_589_934_591])
def test_fc_solve_solutions_win_through_the_terminal_front_end(deal):
    moves = solve(deal)
    _, stdout, stderr = text_program("freecell", " ".join(moves), deal=deal)
    assert stderr == ""
    data = json.loads(stdout)
    assert data["won"] is True and data["deal"] == deal
    assert all(len(cards) == 13 for cards in data["foundations"].values())


def test_the_solutions_include_runs_onto_empty_columns():
    assert any("v" in move for move in solve(4) + solve(100))
