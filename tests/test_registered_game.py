"""A game defined only here joins the program by one registry entry, and is
played in the window and in the terminal with nothing else written for it."""

import io
import json

import pytest

from cardgui import cli
from cardgui.engine.registry import GAMES, GameInfo, register
from tests.sweep_game import PILE, STOCK, UP, Sweep, SweepKeys


@pytest.fixture
def sweep_registered():
    before = dict(GAMES)
    register(GameInfo("sweep", "Sweep", Sweep, SweepKeys))      # the one line
    yield
    GAMES.clear()
    GAMES.update(before)


def test_it_plays_in_the_terminal(sweep_registered, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("+P+P+"))
    assert cli.main(["text", "sweep", "--deal", "3", "--json"]) == 0
    position = json.loads(capsys.readouterr().out)
    assert position["game"] == "sweep" and len(position["piles"]["F1"]) == 2
    assert len(position["piles"]["W1"]) == 1 and len(position["piles"]["S1"]) == 3


def test_its_terminal_help_comes_from_its_keys(sweep_registered, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("?X"))
    assert cli.main(["text", "sweep", "--deal", "3"]) == 0
    assert "Play the pile's top card up" in capsys.readouterr().out


def test_a_bad_deal_for_it_is_refused_with_status_2(sweep_registered, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["text", "sweep", "--deal", "0"])
    assert stop.value.code == 2 and "deal 0 does not exist" in capsys.readouterr().err


def test_it_plays_in_the_window_and_is_offered_to_switch_to(sweep_registered, qtbot,
                                                           monkeypatch, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from cardgui.gui.app import build_window
    from tests.gui.helpers import card_point, drag, pile_point

    monkeypatch.setenv("CARDGUI_HOME", str(tmp_path))
    window = build_window("sweep", 3)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert "sweep" in [action.data() for action in window.game_actions.actions()]
    game = window.controller.game
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=pile_point(window, STOCK))
    card = game.pile(PILE).top
    assert card is not None
    drag(window, card_point(window, card.name, dy=0.5), pile_point(window, UP))
    assert game.pile(UP).top == card
    QTest.keyClicks(window.view, "+P")
    assert len(game.pile(UP)) == 2
    window.close()
