"""``cardgui deal freecell N``: the Rosetta layout, and refusals with status 2."""

import io

import pytest

from cardgui.text import freecell_deal

from ..engine.test_freecell_deals import ROSETTA_GAME_1, ROSETTA_GAME_617


def run(args):
    stdout, stderr = io.StringIO(), io.StringIO()
    status = freecell_deal.main(args, stdout, stderr)
    return status, stdout.getvalue(), stderr.getvalue()


@pytest.mark.parametrize("number, rows", [("1", ROSETTA_GAME_1), ("617", ROSETTA_GAME_617)])
def test_prints_the_deal_as_rosetta_code_does(number, rows):
    assert run([number]) == (0, rows + "\n", "")


def test_the_whole_range_is_accepted():
    status, out, _ = run(["8589934591"])
    assert status == 0 and out.splitlines()[0] == "TC 2S JS 5S 4D 6H 3H 7C"
    assert len(out.split()) == 52


@pytest.mark.parametrize("args, message", [
    (["0"], "deal 0 does not exist"),
    (["-5"], "'-5' is not a deal number"),
    (["8589934592"], "deal 8589934592 does not exist"),
    (["1.5"], "'1.5' is not a deal number"),
    (["seven"], "'seven' is not a deal number"),
    (["1e3"], "'1e3' is not a deal number"),
    ([""], "'' is not a deal number"),
    ([], "no deal number given"),
    (["1", "2"], "give one deal number, not 1 2"),
])
def test_anything_else_is_refused_on_stderr_with_status_2(args, message):
    status, out, err = run(args)
    assert status == 2 and out == ""
    assert message in err and "usage: cardgui deal freecell N" in err
