"""One path for every command: ``GameSession.perform`` is the only caller of
``Game.perform`` in the program, for every front end (the window, the
terminal, Demo, Hint, a saved game's replay), and a key interpreter only
translates."""

from __future__ import annotations

import ast
import pathlib

import pytest

from cardgui.engine.games import GAMES
from tests.played import keyed

ROOT = pathlib.Path(__file__).resolve().parent.parent


def perform_calls() -> list[tuple[str, str, str]]:
    """Every ``X.perform(...)`` in the package: (file, enclosing function, X)."""
    found = []
    for path in sorted((ROOT / "cardgui").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "perform":
                    found.append((str(path.relative_to(ROOT)), function.name,
                                  ast.unparse(node.func.value)))
    return found


def test_only_the_session_performs_on_a_game():
    on_games = [call for call in perform_calls()
                if call[2] not in ("self", "session", "self.session")]
    assert on_games == [("cardgui/session.py", "perform", "self.game")]


def test_what_calls_perform_on_something_else_calls_a_session():
    for path, _, receiver in perform_calls():
        if receiver == "self":
            assert path == "cardgui/session.py"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_key_interpreter_changes_nothing_however_it_is_pressed(game_id):
    info = GAMES[game_id]
    game = info.new_game(3)
    before = game.state()
    keys = info.keys(game)
    for key in "+P8S9HAS@!MW. UY1234'QSFTx?Gr" + "\r":
        keys.press(key)
    assert game.state() == before and not game.can_undo


def test_the_session_performs_what_the_keys_ask_and_logs_it():
    session = keyed(GAMES["klondike"].new_game(617))
    session.press("+")
    assert session.log.items == [["deal"]] and session.game.moves_made == 1
