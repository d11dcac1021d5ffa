"""``cardgui solve``: a verdict and a replayable solution for one deal, a line
a deal and a summary for a range, Ctrl+C that keeps the summary, and bad
arguments refused with status 2."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.played import text_program


def test_klondike_s_solution_is_the_book_s_keys_and_replays_to_a_win(command_line):
    status, out, _ = command_line(["solve", "klondike", "--deal", "617"])
    first, keys = out.strip().splitlines()
    assert status == 0 and first.startswith("deal 617: winnable in ")
    assert json.loads(text_program("klondike", keys, deal=617)[1])["won"] is True


def test_freecell_s_solution_is_standard_notation_that_replays_without_autoplay(command_line):
    status, out, _ = command_line(["solve", "freecell", "--deal", "617"])
    first, *words = out.strip().splitlines()
    assert status == 0 and first.startswith("deal 617: winnable in ")
    assert any(word.endswith("h") for word in words)      # cards going up are written out
    assert json.loads(text_program("freecell", " ".join(words), deal=617)[1])["won"] is True


def test_freecell_deal_11982_is_proven_impossible(command_line):
    status, out, _ = command_line(["solve", "freecell", "--deal", "11982", "--json"])
    data = json.loads(out)
    assert status == 0 and (data["verdict"], data["moves"]) == ("impossible", [])
    assert "keys" not in data


def test_calculation_s_solution_is_becker_s_requests_and_replays_to_a_win(command_line):
    status, out, _ = command_line(["solve", "calculation", "--deal", "5", "--json"])
    data = json.loads(out)
    assert status == 0 and data["verdict"] == "winnable"
    assert set(data) == {"game", "deal", "verdict", "requests", "positions", "seconds"}
    replayed = text_program("calculation", "\n".join(data["requests"]), deal=5)[1]
    assert json.loads(replayed)["won"] is True


def test_json_has_the_verdict_the_moves_the_keys_and_the_effort(command_line):
    status, out, _ = command_line(["solve", "klondike", "--deal", "9", "--json"])
    data = json.loads(out)
    assert status == 0
    assert set(data) == {"game", "deal", "draw", "passes", "take_back", "scoring", "verdict",
                         "moves", "keys", "positions", "seconds"}
    assert (data["game"], data["deal"], data["verdict"], data["moves"]) == \
        ("klondike", 9, "impossible", [])
    assert (data["draw"], data["passes"], data["take_back"]) == (3, "unlimited", False)


def test_a_tiny_budget_says_unknown(command_line):
    status, out, _ = command_line(["solve", "klondike", "--deal", "4", "--budget", "0.001",
                                   "--json"])
    assert json.loads(out)["verdict"] == "unknown"


def test_a_range_prints_a_line_a_deal_and_a_summary(command_line):
    status, out, _ = command_line(["solve", "klondike", "--deals", "7-9", "--budget", "1"])
    lines = out.strip().splitlines()
    assert status == 0
    assert [line.split(":")[0] for line in lines[:3]] == ["deal 7", "deal 8", "deal 9"]
    assert lines[3] == "3 deals: 2 winnable, 1 impossible, 0 unknown"
    assert lines[4].startswith("winnable: 66.7% (95% CI")


def test_a_range_handed_out_in_chunks_prints_every_deal_once_in_order(command_line):
    status, out, _ = command_line(["solve", "freecell", "--deals", "11901-12100"])
    lines = out.strip().splitlines()
    assert status == 0
    assert [line.split(":")[0] for line in lines[:200]] == \
        [f"deal {deal}" for deal in range(11901, 12101)]
    assert lines[200] == "200 deals: 199 winnable, 1 impossible, 0 unknown"


@pytest.mark.parametrize("arguments", [
    ["solve", "klondike", "--deals", "1-3", "--json"],
    ["solve", "klondike", "--deal", "3", "--budget", "-1"],
    ["solve", "klondike", "--deals", "9-2"],
    ["solve", "klondike", "--deal", "3", "--deals", "1-2"],
    ["solve", "klondike"],
    ["solve", "pokersquares", "--deal", "3"],
])
def test_bad_arguments_are_refused_with_status_2(arguments, command_line):
    status, _, err = command_line(arguments)
    assert status == 2 and err


@pytest.mark.parametrize("whole_group", [False, True], ids=["to the command", "as a terminal"])
def test_ctrl_c_stops_a_range_and_keeps_the_summary(whole_group):
    """A terminal's Ctrl+C reaches every process of the command (the workers
    too); a plain ``kill -INT`` only the command."""
    program = subprocess.Popen([sys.executable, "-m", "cardgui", "solve", "klondike",
                                "--deals", "1-100000", "--budget", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"},
                               start_new_session=True)
    try:
        first = program.stdout.readline()
        assert first.startswith("deal 1:")
        time.sleep(0.5)
        if whole_group:
            os.killpg(program.pid, signal.SIGINT)
        else:
            program.send_signal(signal.SIGINT)
        out, err = program.communicate(timeout=60)
    finally:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGKILL)
    assert program.returncode == 130 and "Traceback" not in err, err
    assert "Stopped." in out and " deals: " in out
