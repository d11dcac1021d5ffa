"""Whatever the keyboard is in the middle of survives the saved file, in
every game (#30: Calculation's T, saved as the pending "10", came back as the
waste pile key 1 and cost the whole game)."""

from __future__ import annotations

import pathlib
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgui.engine.games import GAMES
from cardgui.session import GameSession
from cardgui.store.saves import SaveFile


def keys_of(game_id: str) -> list[str]:
    info = GAMES[game_id]
    table = info.keys(info.new_game(1)).table
    return sorted({key for binding in table.bindings for key in binding.keys}
                  | set("0123456789AJQKT'abcde") - {"X", "x", "G", "g", "?"})


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_half_typed_state_comes_back_from_the_saved_file(game_id, data):
    info = GAMES[game_id]
    strokes = data.draw(st.lists(st.sampled_from(keys_of(game_id)), max_size=12))
    with tempfile.TemporaryDirectory() as folder:
        saves = SaveFile(pathlib.Path(folder) / f"{game_id}.json")
        session = GameSession.start(info, 5, saves=saves)
        for key in strokes:
            session.press(key)
        session.save()                    # as the window does when it closes
        restored = GameSession.restore(info, saves.load(), saves=saves)
        assert restored.forgotten == ""
        assert restored.pending == session.pending
        assert restored.keys.keyboard_state() == session.keys.keyboard_state()
        assert restored.game.state() == session.game.state()


def test_calculation_s_ten_typed_as_t_comes_back_as_a_ten(tmp_path):
    info = GAMES["calculation"]
    saves = SaveFile(tmp_path / "calculation.json")
    session = GameSession.start(info, 5, saves=saves)
    session.press(" ")
    session.press("T")
    restored = GameSession.restore(info, saves.load(), saves=saves)
    assert restored.pending == "10" and restored.game.state() == session.game.state()


def test_a_half_typed_state_that_cannot_come_back_costs_only_that(tmp_path):
    info = GAMES["calculation"]
    saves = SaveFile(tmp_path / "calculation.json")
    session = GameSession.start(info, 5, saves=saves)
    session.press(" ")
    saved = saves.load()
    saved.keyboard["typing"] = "10"        # as cardgui before this saved a T: "1" is a key
    restored = GameSession.restore(info, saved, saves=saves)
    assert restored.game.state() == session.game.state() and restored.pending == ""
    assert "half-typed" in restored.forgotten
