"""Deal numbers on the command line are plain ASCII digits, in every command;
anything else is a message on stderr and exit status 2."""

import io

import pytest

from cardgui import cli

BAD = ["--", "1_000", "٣", " 5 ", "+5", "5.0", "0", "-1", ""]
COMMANDS = [["klondike"], ["freecell"], ["calculation"], ["pokersquares"],
            ["text", "klondike"], ["text", "freecell"], ["text", "calculation"],
            ["text", "pokersquares"], ["solve", "klondike"], ["solve", "freecell"],
            ["solve", "calculation"], ["demo", "calculation"], ["demo", "pokersquares"]]


def run(arguments, capsys, monkeypatch):
    """(exit status, stdout, stderr) of the command line run in this process."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    try:
        status = cli.main(arguments)
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_refuses_a_deal_that_is_not_plain_digits(command, capsys, monkeypatch):
    for bad in BAD:
        status, _, err = run([*command, f"--deal={bad}"], capsys, monkeypatch)
        assert status == 2, (bad, err)
        assert "deal" in err, bad


def test_printing_a_freecell_deal_refuses_them_too(capsys, monkeypatch):
    for bad in BAD[1:]:
        status, _, err = run(["deal", "freecell", bad], capsys, monkeypatch)
        assert status == 2 and "deal" in err, bad


def test_plain_digits_are_a_deal(capsys, monkeypatch):
    status, out, _ = run(["text", "klondike", "--deal", "0042", "--json"], capsys, monkeypatch)
    assert status == 0 and '"deal": 42' in out
