"""Saves written by cardgui 0.1.0 (format 1) still load, to the same position."""

import json
import pathlib
import shutil

import pytest

from cardgui.engine.games import find_game
from cardgui.session import GameSession
from cardgui.store.saves import SaveFile

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "v1"
GAMES = ["klondike", "freecell", "calculation", "pokersquares"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_format_1_save_loads_to_the_position_it_was_saved_in(game_id, tmp_path):
    path = tmp_path / "current-game.json"
    shutil.copy(FIXTURES / f"{game_id}.json", path)
    expected = json.loads((FIXTURES / f"{game_id}.expected.json").read_text())
    saved = SaveFile(path).load()
    assert saved is not None and saved.log.game_id == game_id
    session = GameSession.restore(find_game(game_id), saved)
    game, keys = session.game, session.keys
    assert game.to_json() == expected["position"]
    assert game.moves_made == expected["moves"]
    assert len(game.history) == expected["undo_steps"]
    assert game.can_redo == expected["can_redo"]
    assert keys.pending == expected["typing"]
