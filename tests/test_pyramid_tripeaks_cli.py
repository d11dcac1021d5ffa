"""Pyramid and TriPeaks on the command line: the position as JSON, the
options, the solver's verdict, and its moves, which replay to a win in the
terminal notation."""

import io
import json
import re

import pytest

from cardgui import cli
from cardgui.engine.cards import full_deck, names

CARD_NAME = re.compile(r"^(A|[2-9]|10|J|Q|K)[HSDC]$")


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


@pytest.mark.parametrize("game_id", ["pyramid", "tripeaks"])
def test_text_json_names_every_card_once_and_says_whether_it_is_won(game_id, command_line):
    status, out, _ = command_line(["text", game_id, "--deal", "9", "--json"])
    position = json.loads(out)
    assert status == 0 and position["game"] == game_id and position["won"] is False
    found = [text for text in strings(position) if CARD_NAME.match(text)]
    assert sorted(found) == sorted(names(full_deck()))


def test_the_passes_and_the_wrap_are_options_of_the_command_line(command_line):
    status, out, _ = command_line(["text", "pyramid", "--deal", "9", "--passes", "unlimited",
                                   "--json"])
    assert status == 0 and json.loads(out)["passes"] == "unlimited"
    status, out, _ = command_line(["text", "tripeaks", "--deal", "9", "--no-wrap", "--json"])
    assert status == 0 and json.loads(out)["wrap"] is False


def test_a_bad_number_of_passes_is_refused_with_status_2(command_line):
    status, _, err = command_line(["text", "pyramid", "--passes", "4"])
    assert status == 2 and "invalid choice" in err


def fed(arguments, text, monkeypatch, capsys):
    """Run ``cardgui`` with ``text`` as its input: (status, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = cli.main(arguments)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game_id, deal", [("pyramid", 5), ("pyramid", 17), ("tripeaks", 5),
                                           ("tripeaks", 40)])
def test_the_solver_s_moves_fed_one_a_line_to_the_terminal_program_win(game_id, deal,
                                                                      monkeypatch, capsys):
    status, out, _ = fed(["solve", game_id, "--deal", str(deal), "--json"], "", monkeypatch,
                         capsys)
    answer = json.loads(out)
    assert status == 0 and answer["verdict"] == "winnable" and answer["moves"]
    status, out, err = fed(["text", game_id, "--deal", str(deal), "--json"],
                           "\n".join(answer["moves"]) + "\n", monkeypatch, capsys)
    assert status == 0 and err == ""
    assert json.loads(out)["won"] is True


@pytest.mark.parametrize("game_id, deal", [("pyramid", 7), ("tripeaks", 28)])
def test_an_impossible_deal_says_so(game_id, deal, command_line):
    status, out, _ = command_line(["solve", game_id, "--deal", str(deal), "--json"])
    answer = json.loads(out)
    assert status == 0 and answer["verdict"] == "impossible" and answer["moves"] == []


def test_the_terminal_program_reads_a_move_a_word(monkeypatch, capsys):
    status, out, err = fed(["text", "pyramid", "--deal", "5", "--json"], "8C+5S deal KC\n",
                           monkeypatch, capsys)
    position = json.loads(out)
    assert status == 0 and err == ""
    assert position["discard"] == ["5S", "8C", "KC"]


def test_a_word_that_is_no_move_is_refused_with_its_reason(monkeypatch, capsys):
    status, out, err = fed(["text", "pyramid", "--deal", "5", "--json"], "8C\n", monkeypatch,
                           capsys)
    assert status == 0 and "8C goes off only with a card that makes 13" in err
    assert json.loads(out)["discard"] == []


def test_the_terminal_program_shows_the_board_and_the_moves_read(monkeypatch, capsys):
    status, out, _ = fed(["text", "tripeaks", "--deal", "5"], "AC\n", monkeypatch, capsys)
    assert status == 0 and "TriPeaks, deal 5" in out and "Waste  AC" in out
