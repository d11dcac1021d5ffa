"""``cardgui poker``: the hand's name on stdout, or a message on stderr and status 2."""

from __future__ import annotations

import io

import pytest

from cardgui.text.poker_cli import main


def run(*args: str) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(list(args), stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


@pytest.mark.parametrize("cards, expected", [
    ("3s qc 3d 3h qd", "full house (threes and queens)"),
    ("4c 7h 5d 3c 6d", "straight (seven high)"),
    ("2h 10d 5s 6s 10s", "pair of tens"),
    ("3S QC 3D 3H QD", "full house (threes and queens)"),      # any case
    ("ts js qs ks as", "royal flush"),                          # t for ten
    ("Th 9h 8h 7h 6h", "straight flush (ten high)"),
    ("8s 9s 10s js qs kh ad", "straight flush (queen high)"),   # seven cards: the best five
    ("3h 3s 3d 4d 5s 6h 7c", "straight (seven high)"),
    ("ah 2d 3c 4c 5h 9s", "straight (five high)"),              # six cards
])
def test_prints_the_hands_name(cards, expected):
    assert run(*cards.split()) == (0, expected + "\n", "")


@pytest.mark.parametrize("cards, message", [
    ("", "needs 5 to 7 cards; you gave 0"),
    ("3s qc 3d 3h", "needs 5 to 7 cards; you gave 4"),
    ("3s qc 3d 3h qd 2c 4c 5c", "needs 5 to 7 cards; you gave 8"),
    ("3s qc 3d 3h 3S", "3S is given twice"),
    ("10h th 2c 3c 4c", "10H is given twice"),
    ("3s qc 3d 3h zz", "'zz' is not a card"),
    ("3s qc 3d 3h 11h", "'11h' is not a card"),
    ("3s qc 3d 3h q", "'q' is not a card"),
    ("3s qc 3d 3h qx", "'qx' is not a card"),
])
def test_bad_hands_print_a_message_on_stderr_and_exit_2(cards, message):
    status, out, err = run(*cards.split())
    assert status == 2
    assert out == ""
    assert err.startswith("cardgui poker: ") and message in err
    assert "usage: cardgui poker" in err
