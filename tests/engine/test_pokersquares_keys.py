"""Poker Squares keys: the cursor, Space and Enter, typed cells, commands."""

from __future__ import annotations

import pytest

from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.keys import POKER_SQUARES_KEYS
from cardgui.engine.games.pokersquares.position import grid_cell
from cardgui.engine.keyboard import Request
from cardgui.session import GameSession
from tests.played import keyed

DEAL = 42          # turns QH 2S 8H 3C 8D ...


def keys() -> GameSession:
    return keyed(PokerSquares(DEAL))


def press_all(interpreter, *presses: str):
    return [interpreter.press(key) for key in presses][-1]


def test_the_cursor_starts_at_a1_and_arrows_move_it():
    interpreter = keys()
    assert interpreter.keys.cursor == (0, 0) and interpreter.keys.cursor_name == "a1"
    press_all(interpreter, "Right", "Right", "Down")
    assert interpreter.keys.cursor_name == "c2"
    assert interpreter.keys.cursor_cell == grid_cell(1, 2)
    press_all(interpreter, "Up", "Left")
    assert interpreter.keys.cursor_name == "b1"


def test_the_cursor_wraps_round_the_edges():
    interpreter = keys()
    press_all(interpreter, "Left", "Up")
    assert interpreter.keys.cursor_name == "e5"
    press_all(interpreter, "Right", "Down")
    assert interpreter.keys.cursor_name == "a1"


def test_arrows_change_nothing_in_the_game():
    interpreter = keys()
    before = interpreter.game.state()
    response = press_all(interpreter, "Right", "Down", "Left", "Up")
    assert not response.bell and not response.outcome.did_anything
    assert interpreter.game.state() == before


@pytest.mark.parametrize("key", [" ", "\r", "\n", "Space", "Return", "Enter"])
def test_space_or_enter_places_at_the_cursor(key):
    interpreter = keys()
    press_all(interpreter, "Down", "Right")
    response = interpreter.press(key)
    assert response.message == "QH to b2."
    assert interpreter.game.card_at("b2").name == "QH"


def test_after_placing_the_cursor_moves_to_the_next_empty_cell_in_reading_order():
    interpreter = keys()
    press_all(interpreter, "c", "1")
    assert interpreter.keys.cursor_name == "d1"
    press_all(interpreter, "e", "1")                 # reads on into the next row
    assert interpreter.keys.cursor_name == "a2"
    press_all(interpreter, "b", "1")                 # c1 is taken: skipped
    assert interpreter.keys.cursor_name == "d1"
    press_all(interpreter, "e", "5")                 # round from the end to a1
    assert interpreter.keys.cursor_name == "a1"


def test_space_alone_fills_the_grid_in_reading_order_and_the_cursor_stays_at_the_end():
    interpreter = keys()
    for _ in range(25):
        assert not interpreter.press(" ").bell
    assert interpreter.game.is_over
    assert interpreter.keys.cursor_name == "e5"
    assert interpreter.press(" ").message == "The grid is full: the game is over."


def test_typing_a_cell_places_there_in_any_case():
    interpreter = keys()
    first = interpreter.press("C")
    assert first.pending == "c" and interpreter.pending == "c"
    assert not first.outcome.did_anything
    response = interpreter.press("3")
    assert response.message == "QH to c3." and response.pending == ""
    assert interpreter.game.card_at("c3").name == "QH"


def test_a_named_key_the_game_does_not_use_says_so_without_the_bell():
    interpreter = keys()
    before = interpreter.game.state()
    response = interpreter.press("F5")
    assert not response.bell and "F5 key does nothing" in response.message
    assert interpreter.game.state() == before


@pytest.mark.parametrize("presses, reason", [
    (("3",), "Type the column first"),
    (("c", "d"), "c then d is not a cell"),
    (("c", " "), "c then Space is not a cell"),
    (("c", "\r"), "c then Enter is not a cell"),
    (("c", "6"), "c then 6 is not a cell"),
    (("z",), "z is not a command"),
    (("\t",), r"'\t' is not a command"),
])
def test_refused_keys_ring_the_bell_and_change_nothing(presses, reason):
    interpreter = keys()
    before = interpreter.game.state()
    response = press_all(interpreter, *presses)
    assert response.bell
    assert reason in response.message
    assert interpreter.pending == ""
    assert interpreter.game.state() == before


def test_placing_on_a_taken_cell_rings_the_bell_and_keeps_the_cursor():
    interpreter = keys()
    interpreter.press(" ")                           # QH to a1; cursor to b1
    press_all(interpreter, "Left")
    before = interpreter.game.state()
    response = interpreter.press(" ")
    assert response.bell and response.message == "a1 already holds QH."
    assert interpreter.game.state() == before and interpreter.keys.cursor_name == "a1"
    response = press_all(interpreter, "a", "1")
    assert response.bell and interpreter.game.state() == before


def test_rubout_and_arrows_forget_a_half_typed_cell():
    interpreter = keys()
    interpreter.press("c")
    assert interpreter.press("\b").pending == ""
    interpreter.press("d")
    interpreter.press("Down")
    assert interpreter.pending == ""
    assert interpreter.press("2").bell


def test_undo_and_redo():
    interpreter = keys()
    start = interpreter.game.state()
    press_all(interpreter, "b", "4")
    placed = interpreter.game.state()
    assert interpreter.press("u").message == "Undid place QH in b4."
    assert interpreter.game.state() == start
    assert interpreter.press("Y").message == "Redid place QH in b4."
    assert interpreter.game.state() == placed
    assert interpreter.press("Y").bell


@pytest.mark.parametrize("key, request_", [("g", Request.NEW_GAME), ("?", Request.HELP),
                                           ("x", Request.QUIT)])
def test_requests_for_the_front_end(key, request_):
    interpreter = keys()
    interpreter.press("c")
    response = interpreter.press(key)
    assert response.request is request_ and interpreter.pending == ""


def test_the_help_lists_arrows_space_cells_and_commands():
    help_text = "\n".join(POKER_SQUARES_KEYS.help_lines())
    for words in ["Move the cursor", "Space Enter", "a1 \u2026 e5", "Undo", "Redo",
                  "New game", "?"]:
        assert words in help_text
    assert "The row of a cell" not in help_text       # the digits are part of a1 … e5
