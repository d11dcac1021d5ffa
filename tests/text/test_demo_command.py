"""``cardgui demo``: the advisor plays a deal alone; what it prints replays in
the terminal front end to the same end, ``--json`` says how it ended, a range
gets a summary with confidence intervals, and bad arguments exit with 2."""

import json

import pytest

from cardgui.engine.cards import Card
from cardgui.engine.poker import classify, scoring_table
from tests.played import text_program

FAST = "0.02"


def grid_score(grid, scoring):
    """The score of a full grid of card names, from the poker classifier alone."""
    rows = [[Card.parse(name) for name in row] for row in grid]
    lines = rows + [list(column) for column in zip(*rows)]
    return sum(scoring_table(scoring).points(classify(line)) for line in lines)




def test_calculation_s_requests_replay_to_the_same_end(command_line):
    arguments = ["demo", "calculation", "--deal", "5", "--seconds-per-card", FAST]
    status, out, _ = command_line(arguments)
    _, json_out, _ = command_line([*arguments, "--json"])
    data = json.loads(json_out)
    assert status == 0
    assert set(data) == {"game", "deal", "requests", "won", "score"}
    assert out.split("\n")[:-1] == data["requests"]
    final = json.loads(text_program("calculation", out, deal=5)[1])
    assert (final["won"], final["score"]) == (data["won"], data["score"])


@pytest.mark.parametrize("scoring", ["american", "english"])
def test_poker_squares_cells_replay_to_the_same_grid_and_score(scoring, command_line):
    arguments = ["demo", "pokersquares", "--deal", "42", "--scoring", scoring,
                 "--seconds-per-card", FAST]
    status, out, _ = command_line(arguments)
    _, json_out, _ = command_line([*arguments, "--json"])
    data = json.loads(json_out)
    assert status == 0
    assert set(data) == {"game", "deal", "scoring", "cells", "grid", "score"}
    assert data["scoring"] == scoring and len(data["cells"]) == 25
    assert out.split() == data["cells"]
    assert data["score"] == grid_score(data["grid"], scoring)
    _, replayed, errors = text_program("pokersquares", out, deal=42, scoring=scoring)
    final = json.loads(replayed)
    assert errors == ""
    assert final["score"] == data["score"]


def test_a_range_prints_a_line_a_deal_and_rates_with_intervals(command_line):
    status, out, _ = command_line(["demo", "calculation", "--deals", "3-4", "--seconds-per-card",
                                   FAST])
    lines = out.strip().splitlines()
    assert status == 0
    assert [line.split(":")[0] for line in lines[:2]] == ["deal 3", "deal 4"]
    assert lines[2] == "2 deals"
    assert lines[3].startswith("won: ") and "(95% CI " in lines[3]
    assert lines[4].startswith("mean score: ") and "(95% CI " in lines[4]


@pytest.mark.parametrize("arguments", [
    ["demo", "calculation", "--deals", "1-3", "--json"],
    ["demo", "calculation", "--deal", "3", "--seconds-per-card", "0"],
    ["demo", "calculation", "--deal", "3", "--deals", "1-2"],
    ["demo", "calculation"],
    ["demo", "pokersquares", "--deal", "3", "--scoring", "french"],
    ["demo", "klondike", "--deal", "3"],
])
def test_bad_arguments_are_refused_with_status_2(arguments, command_line):
    status, _, err = command_line(arguments)
    assert status == 2 and err
