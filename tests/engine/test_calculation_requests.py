"""Becker's requests: her forms, any case, and the rule each malformed one breaks."""

import pytest

from cardgui.engine.games.calculation.position import HAND, waste_pile
from cardgui.engine.games.calculation.requests import (
    BeckerRequest,
    Kind,
    RequestError,
    parse_request,
)
from cardgui.engine.piles import foundation


@pytest.mark.parametrize("line, kind", [
    ("p", Kind.PLAY), ("P", Kind.PLAY), ("play", Kind.PLAY), ("d", Kind.DEAL),
    (" D \n", Kind.DEAL), ("deal", Kind.DEAL), ("h", Kind.HELP), ("HELP", Kind.HELP),
    ("q", Kind.QUIT), ("Quit", Kind.QUIT), ("z", Kind.TEST_DECK), ("Z", Kind.TEST_DECK),
])
def test_one_letter_requests(line, kind):
    assert parse_request(line) == BeckerRequest(kind)


@pytest.mark.parametrize("line, source, target", [
    ("m h f 1", HAND, foundation(1)),
    ("M H F 4", HAND, foundation(4)),
    ("m h w 3", HAND, waste_pile(3)),
    ("m w 2 f 3", waste_pile(2), foundation(3)),
    ("mw4f1", waste_pile(4), foundation(1)),
    ("  m   h  w   2 ", HAND, waste_pile(2)),
    ("move w 1 f 2", waste_pile(1), foundation(2)),
    # her menu writes every source with its number: the hand's is 1
    ("m h 1 w 1", HAND, waste_pile(1)),
    ("M H 1 F 3", HAND, foundation(3)),
])
def test_her_three_move_forms(line, source, target):
    assert parse_request(line) == BeckerRequest(Kind.MOVE, source, target)


@pytest.mark.parametrize("line, message", [
    ("", "Type a request: P, M, D, H or Q."),
    ("x", "'x' is not a request: use P, M, D, H or Q (H for help)."),
    ("dd", "'dd' is not a request"),
    ("d 3", "D takes nothing after it: write just d."),
    ("q now", "Q takes nothing after it"),
    # numbers must be 1-4
    ("m h w 5", "Numbers must be 1-4: there is no waste pile 5."),
    ("m h f 0", "Numbers must be 1-4: there is no foundation 0."),
    ("m w 9 f 1", "Numbers must be 1-4: there is no waste pile 9."),
    ("m w 1 f 12", "Numbers must be 1-4: there is no foundation 12."),
    ("m w x f 1", "Numbers must be 1-4: X is not a waste pile number."),
    ("m h f -1", "Numbers must be 1-4: - is not a foundation number."),
    # the source must be H or W
    ("m f 1 w 2", "The source must be H (the hand) or W (a waste pile), not F."),
    ("m s 1 f 2", "The source must be H (the hand) or W (a waste pile), not S."),
    ("m 1 f 2", "The source must be H (the hand) or W (a waste pile), not 1."),
    # from W only to F
    ("m w 1 w 2", "From W a card may go only to F: write m w # f #."),
    ("m w 1 h", "Nothing goes back to the hand: the destination must be F or W."),
    ("m h x 1", "The destination must be F (a foundation) or W (a waste pile), not X."),
    ("m h 2 f 2", "The hand is H, or H 1: there is no hand 2."),
    # unfinished or too long
    ("m", "That move is not finished: write m h f #, m h w # or m w # f #."),
    ("m h", "That move is not finished"),
    ("m w 1 f", "That move is not finished"),
    ("m h f 1 2", "Too much after the move (2): write m h f #, m h w # or m w # f #."),
])
def test_malformed_requests_say_which_rule_they_broke(line, message):
    with pytest.raises(RequestError) as refusal:
        parse_request(line)
    assert str(refusal.value).startswith(message)
