"""The window's command line is parsed by a parser of that command alone
(cardgui.cli.parse), which must take exactly what the whole parser takes,
the same way, and leave everything else to it, said the same way."""

import contextlib
import io

import pytest

from cardgui import cli

TAKEN = [[], ["klondike"], ["klondike", "--deal", "617"], ["freecell", "--deal=5", "--demo"],
         ["klondike", "--draw", "1", "--passes", "3", "--no-take-back"],
         ["pokersquares", "--scoring", "english"], ["spider", "--deck", "cardgui"]]
REFUSED = [["klondike", "--bogus"], ["klondike", "--deal", "0"], ["klondike", "extra"],
           ["freecell", "--draw", "1"], ["klondike", "-h"], ["klondike", "--deal"]]


@pytest.mark.parametrize("argv", TAKEN, ids=" ".join)
def test_the_window_parser_takes_what_the_whole_parser_takes_the_same_way(argv):
    assert cli.parse(argv) == cli.build_parser().parse_args(argv)


def said(call):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            pytest.raises(SystemExit) as exited:
        call()
    return exited.value.code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", REFUSED, ids=" ".join)
def test_what_it_does_not_take_is_said_as_the_whole_parser_says_it(argv):
    assert said(lambda: cli.parse(argv)) == said(lambda: cli.build_parser().parse_args(argv))


def test_the_window_parser_has_only_the_window_command():
    parser = cli.build_parser(window_only="klondike")
    assert cli.parse(["text", "klondike", "--deal", "3"]).command == "text"
    with pytest.raises(SystemExit):
        with contextlib.redirect_stderr(io.StringIO()):
            parser.parse_args(["text", "klondike"])
