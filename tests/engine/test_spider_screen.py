"""Spider in the terminal: the board, the help, and the words a player types."""

import pytest

from cardgui.engine.commands import Command
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.notation import parse_step, solution_words, step_word
from cardgui.engine.games.spider.screen import TERMINAL, board_lines, help_pages, read_word
from cardgui.engine.moves import DEAL, IllegalMove, Move
from cardgui.engine.piles import tableau as T

from .spider_layouts import layout, names, run


def test_the_board_shows_the_columns_face_down_cards_and_the_figures():
    lines = board_lines(Spider(5, suits=4))
    assert lines[0].startswith("Spider, 4 suits, deal 5") and lines[0].endswith("Score 500  Moves 0")
    assert lines[1] == "Stock: 5 deals left   Off: 0 of 8"
    assert lines[3].split() == [str(number) for number in range(1, 11)]
    assert lines[4].split() == ["##"] * 10
    assert lines[9].split() == "JC 9C 8S KH".split()           # the first four have six
    assert lines[8].split()[4:] == "10C 8D QS QH 5C 6D".split()
    assert all(line == line.rstrip() for line in lines)


def test_the_board_in_colour_paints_red_cards():
    lines = board_lines(Spider(5, suits=4), colour=True)
    assert "\x1b[31mKH\x1b[0m" in lines[9]


def test_the_board_counts_the_runs_off():
    assert "Off: 7 of 8 (S S S S S S S)" in board_lines(
        layout([run("S", 13, 12), "AS"], off=["S"] * 7, suits=1))[1]


def test_the_help_names_every_word_of_the_game_and_it_reads_words():
    text = "\n".join(line for page in help_pages(Spider(1)) for line in page)
    for word in ("37", "37x2", " d:", "0 for 10"):
        assert word in text
    assert TERMINAL.read is read_word and TERMINAL.board is board_lines


def test_a_move_word_takes_the_part_of_the_run_that_fits():
    game = layout(["#2C 9S 8S 7S", "9H", ""] + "KD KD KC KC KH KH QS".split())
    assert parse_step(game, "12") == Move(T(1), T(2), 2)
    assert parse_step(game, "13") == Move(T(1), T(3), 3)        # an empty column: all of it
    assert parse_step(game, "13x1") == Move(T(1), T(3), 1)
    assert read_word(game, "12") == Command("move", ("T1", 2, "T2"))
    assert read_word(game, "13X2") == Command("move", ("T1", 2, "T3"))


def test_zero_is_column_ten():
    game = layout(["9S"] + [""] * 8 + ["10H"])
    assert parse_step(game, "10") == Move(T(1), T(10), 1)
    assert step_word(game, Move(T(10), T(1), 1)) == "01x1"


def test_d_deals():
    game = Spider(2)
    assert parse_step(game, "d") == DEAL
    assert read_word(game, "D") == Command("deal")


@pytest.mark.parametrize("word, message", [
    ("3", "not a move"), ("37v2", "not a move"), ("hello", "not a move"), ("37x0", "at least one"),
    ("31", "Column 3 is empty"), ("12x9", "holds 4 cards, not 9"),
    ("14", r"Nothing from column 1 \(9S to 7S\) goes onto KD"),
])
def test_words_that_are_not_moves_here_are_refused_with_a_reason(word, message):
    game = layout(["#2C 9S 8S 7S", "9H", ""] + ["KD"] * 2)
    with pytest.raises(ValueError, match=message):
        read_word(game, word)


def test_a_move_the_rules_refuse_is_refused_by_the_game():
    game = layout(["9S 8H", "10D"])
    command = read_word(game, "12x2")
    with pytest.raises(IllegalMove, match="9S cannot move with the cards on it"):
        game.perform(command)


def test_solution_words_replay_through_read_word():
    game = layout(["#2C 9S 8S 7S", "9H", "", "10D", "KD"], stock=[])
    steps = [Move(T(1), T(2), 2), Move(T(1), T(3), 1), Move(T(3), T(4), 1),
             Move(T(2), T(4), 2)]
    words = solution_words(game, steps)
    assert words == ["12", "13", "34", "24"]
    for word in words:
        game.perform(read_word(game, word))
    assert names(game, 4) == ["10D", "9S", "8S", "7S"]
