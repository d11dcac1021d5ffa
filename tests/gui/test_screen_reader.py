"""The real window read the way a screen reader reads it: under Xvfb with a
private AT-SPI bus, by pyatspi (Debian's at-spi2-core and python3-pyatspi),
with real key presses from xdotool.  Skips, saying why, where any of that is
missing."""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

HARNESS = pathlib.Path(__file__).parent / "screen_reader" / "session.py"
SYSTEM_PYTHON = "/usr/bin/python3"


def run_session(keys: str, *options: str) -> dict:
    """Klondike deal 617 read through AT-SPI while ``keys`` are pressed."""
    if not pathlib.Path(SYSTEM_PYTHON).exists():
        pytest.skip(f"{SYSTEM_PYTHON} (with pyatspi) is not installed")
    run = subprocess.run([SYSTEM_PYTHON, str(HARNESS), "--app-python", sys.executable,
                          "--app-args", "klondike --deal 617", "--keys", keys, *options],
                         capture_output=True, text=True, timeout=240)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    if run.returncode == 77:
        pytest.skip(f"no screen reader bus here: {result['skip']}")
    assert run.returncode == 0, result
    assert not result["reader"].get("errors"), result["reader"]
    return result


@pytest.fixture(scope="module")
def session():
    return run_session("Down Tab a s")["reader"]


@pytest.fixture(scope="module")
def orca():
    if shutil.which("orca") is None:
        pytest.skip("Orca is not installed (Debian package orca)")
    return [line.split("SPEECH OUTPUT: ", 1)[1].split("'{")[0].strip("'")
            for line in run_session("Down Tab ctrl+h a s", "--orca")["orca_speech"]]


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


def test_a_move_is_announced_as_a_notification(session):
    shown = [event["source"] for event in session["steps"][3]["events"]
             if event["type"] == "object:state-changed:showing" and event["detail1"] == 1]
    assert ["notification", "ace of spades to the top."] in shown


def test_orca_reads_the_cards_the_hint_and_the_move_in_order(orca):
    said = [line for line in orca if line in (
        "eight of clubs, stack 1, 1st of 1.", "ace of spades, stack 2, 2nd of 2.",
        "Hint: ace of spades to the top for spades: it leads to a win.",
        "three of clubs, stack 2, 1st of 1.", "ace of spades to the top.")]
    assert said == ["eight of clubs, stack 1, 1st of 1.", "ace of spades, stack 2, 2nd of 2.",
                    "Hint: ace of spades to the top for spades: it leads to a win.",
                    "three of clubs, stack 2, 1st of 1.", "ace of spades to the top."], orca
