"""``cardgui text klondike``: the book's screen, piped keystrokes, JSON, errors."""

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest

from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.position import HAND
from tests.played import keyed, typed

COMMAND = [sys.executable, "-m", "cardgui", "text", "klondike"]


def run(args, keys="", check=True):
    return subprocess.run(COMMAND + args, input=keys, capture_output=True, text=True, check=check)


def test_json_holds_the_final_state_in_the_documented_shape():
    result = run(["--deal", "1", "--json"], "+++P")
    state = json.loads(result.stdout)
    assert set(state) == {"game", "deal", "hand", "pile", "stacks", "foundations", "won"}
    assert state["game"] == "klondike" and state["deal"] == 1 and state["won"] is False
    assert len(state["stacks"]) == 7 and set(state["foundations"]) == {"H", "S", "D", "C"}
    assert all(set(stack) == {"hidden", "shown"} for stack in state["stacks"])
    expected = keyed(Klondike(1))
    typed(expected, "+++P")
    assert state == expected.game.to_json()


def test_lists_run_bottom_to_top():
    state = json.loads(run(["--deal", "1", "--json"], "+").stdout)
    hand = [card.name for card in Klondike(1).pile(HAND).cards]
    assert state["pile"] == hand[-3:][::-1]        # the next card dealt ends up lowest
    assert state["hand"] == hand[:-3]


def test_without_json_it_prints_each_message_and_the_final_board():
    result = run(["--deal", "1"], "QHZ")
    lines = result.stdout.splitlines()
    assert "bell: QH is not in play: only the pile's top card and face-up stack cards are." in lines
    assert any(line.startswith("bell: Z is not a command") for line in lines)
    assert any(line.startswith("Hand: 24") for line in lines)


def test_without_a_deal_number_one_is_chosen_and_shown():
    first = json.loads(run(["--json"]).stdout)["deal"]
    assert 1 <= first <= 2**31 - 1


def test_x_stops_reading():
    state = json.loads(run(["--deal", "3", "--json"], "+X+++").stdout)
    assert len(state["hand"]) == 21


@pytest.mark.parametrize("deal", ["0", "-5", "2147483648", "seven", "1.5"])
def test_a_bad_deal_number_exits_2_with_a_message(deal):
    result = run(["--deal", deal], check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert "deal" in result.stderr and "error" in result.stderr


def test_at_a_terminal_single_keys_act_without_enter():
    main, secondary = pty.openpty()
    process = subprocess.Popen(COMMAND + ["--deal", "1"], stdin=secondary, stdout=secondary,
                               stderr=secondary, env={**os.environ, "TERM": "xterm"})
    os.close(secondary)
    try:
        assert "Hand: 24" in read_until(main, "Hand: 24")
        os.write(main, b"+")                       # no Enter
        assert "Hand: 21" in read_until(main, "Hand: 21")
        os.write(main, b"x")
        assert process.wait(timeout=20) == 0
    finally:
        process.kill()
        os.close(main)


def read_until(fd, text, timeout=20.0):
    seen = b""
    deadline = time.monotonic() + timeout
    while text.encode() not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen.decode(errors="replace")
