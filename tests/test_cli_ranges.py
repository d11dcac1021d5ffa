"""Every numeric option of the command line has a sane range: beyond it, a
message on stderr and exit status 2, before anything runs (a budget of
999,999 seconds a deal would otherwise run for days)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui import cli

# (command, option, the lowest value taken, the highest)
SECONDS_OPTIONS = [
    *[(["solve", game, "--deal", "1"], "--budget", *cli.BUDGET_SECONDS)
      for game in ("klondike", "freecell", "calculation")],
    *[(["demo", game, "--deal", "1"], "--seconds-per-card", *cli.SECONDS_PER_CARD)
      for game in ("calculation", "pokersquares")],
]
IDS = [" ".join([*command[:2], option]) for command, option, _, _ in SECONDS_OPTIONS]


def parses(arguments: list[str], capsys) -> tuple[int, str]:
    """(0, "") if the command line is taken, else (exit status, stderr)."""
    try:
        cli.build_parser().parse_args(arguments)
    except SystemExit as stop:
        return int(stop.code or 0), capsys.readouterr().err
    return 0, ""


@pytest.mark.parametrize("command, option, lowest, highest", SECONDS_OPTIONS, ids=IDS)
def test_seconds_beyond_the_range_are_refused(command, option, lowest, highest, capsys):
    for bad in ["999999", str(highest * 1.01), "1e308", "inf", "-inf", "nan", "0", "-1",
                str(lowest / 2), "", "ten", "1_0", "٣", "0x10", " 5"]:
        status, err = parses([*command, f"{option}={bad}"], capsys)
        assert status == 2, bad
        assert option in err and "seconds" in err, (bad, err)


@pytest.mark.parametrize("command, option, lowest, highest", SECONDS_OPTIONS, ids=IDS)
def test_seconds_within_the_range_are_taken(command, option, lowest, highest, capsys):
    for good in [str(lowest), str(highest), "1", "0.5", ".5", "2.", "1e1"]:
        if lowest <= float(good) <= highest:
            assert parses([*command, option, good], capsys) == (0, ""), good


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])   # capsys: read each time
@given(case=st.sampled_from(SECONDS_OPTIONS),
       value=st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
def test_any_seconds_are_taken_exactly_when_they_are_in_range(case, value, capsys):
    command, option, lowest, highest = case
    text = value if isinstance(value, str) else repr(value)
    status, err = parses([*command, f"{option}={text}"], capsys)
    try:
        number = float(text)
        plain = text.isascii() and text.strip() == text and "_" not in text \
            and text.lower().lstrip("+-") not in ("inf", "infinity", "nan")
    except ValueError:
        number, plain = math.nan, False
    if plain and not text.startswith(("+", "-")) and lowest <= number <= highest:
        assert status == 0, (text, err)
    else:
        assert status == 2 and option in err, (text, err)


@pytest.mark.parametrize("command", [["solve", "freecell"], ["demo", "pokersquares"]])
def test_a_range_of_more_deals_than_a_run_can_play_is_refused(command, capsys):
    too_many = f"1-{cli.MOST_DEALS + 1}"
    status, err = parses([*command, "--deals", too_many], capsys)
    assert status == 2 and "--deals" in err and f"{cli.MOST_DEALS:,}" in err
    assert parses([*command, "--deals", f"2-{cli.MOST_DEALS + 1}"], capsys) == (0, "")


def test_the_day_long_demo_of_the_issue_is_refused_at_once(command_line):
    status, out, err = command_line(["demo", "pokersquares", "--deal", "1",
                                     "--seconds-per-card", "999999"])
    assert status == 2 and out == "" and "--seconds-per-card" in err
