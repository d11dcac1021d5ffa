"""Deal numbers on the command line are plain ASCII digits, in every command;
anything else is a message on stderr and exit status 2."""


import pytest

BAD = ["--", "1_000", "٣", " 5 ", "+5", "5.0", "0", "-1", ""]
COMMANDS = [["klondike"], ["freecell"], ["calculation"], ["pokersquares"],
            ["text", "klondike"], ["text", "freecell"], ["text", "calculation"],
            ["text", "pokersquares"], ["solve", "klondike"], ["solve", "freecell"],
            ["solve", "calculation"], ["demo", "calculation"], ["demo", "pokersquares"]]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_refuses_a_deal_that_is_not_plain_digits(command, command_line):
    for bad in BAD:
        status, _, err = command_line([*command, f"--deal={bad}"])
        assert status == 2, (bad, err)
        assert "deal" in err, bad


def test_printing_a_freecell_deal_refuses_them_too(command_line):
    for bad in BAD[1:]:
        status, _, err = command_line(["deal", "freecell", bad])
        assert status == 2 and "deal" in err, bad


def test_plain_digits_are_a_deal(command_line):
    status, out, _ = command_line(["text", "klondike", "--deal", "0042", "--json"])
    assert status == 0 and '"deal": 42' in out
