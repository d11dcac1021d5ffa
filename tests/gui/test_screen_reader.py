"""The real window read the way a screen reader reads it: under Xvfb with a
private AT-SPI bus, by pyatspi (Debian's at-spi2-core and python3-pyatspi),
with real key presses from xdotool.  Skips, saying why, where any of that is
missing."""

import json
import pathlib
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

HARNESS = pathlib.Path(__file__).parent / "screen_reader" / "session.py"
SYSTEM_PYTHON = "/usr/bin/python3"


@pytest.fixture(scope="module")
def session():
    if not pathlib.Path(SYSTEM_PYTHON).exists():
        pytest.skip(f"{SYSTEM_PYTHON} (with pyatspi) is not installed")
    run = subprocess.run([SYSTEM_PYTHON, str(HARNESS), "--app-python", sys.executable,
                          "--app-args", "klondike --deal 617", "--keys", "Down Tab a s"],
                         capture_output=True, text=True, timeout=240)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    if run.returncode == 77:
        pytest.skip(f"no screen reader bus here: {result['skip']}")
    assert run.returncode == 0, result
    reader = result["reader"]
    assert not reader.get("errors"), reader
    return reader


def test_the_table_exposes_its_piles_and_its_52_cards_with_their_names(session):
    tree = session["tree"]
    roles = [(depth, role, name) for depth, role, name, *_ in tree]
    assert (2, "panel", "card table") in roles
    piles = [name for depth, role, name in roles if role == "list"]
    cards = [name for depth, role, name in roles if role == "list item"]
    assert len(piles) == 13 and len(cards) == 52
    assert "stack 2, 2 cards, 1 face down, ace of spades on top" in piles
    assert "the top for hearts, empty" in piles
    assert sum(name.startswith("face-down card,") for name in cards) == 45
    assert "ace of diamonds, stack 7, 7th of 7" in cards
    assert not any("of" in name.split(",")[0] and name.startswith("face-down")
                   for name in cards)


def test_moving_the_keyboard_focus_moves_the_accessible_focus(session):
    down, tab = session["steps"][0], session["steps"][1]
    assert down["focused"] == ["list item", "eight of clubs, stack 1, 1st of 1"]
    assert any(event["type"].startswith("focus") for event in down["events"])
    assert tab["focused"] == ["list item", "ace of spades, stack 2, 2nd of 2"]


def test_a_move_is_announced(session):
    events = session["steps"][3]["events"]
    assert {"AS to the top."} <= {event["any_data"] for event in events
                                   if event["type"] == "object:announcement"}
