"""Fixtures for the window: a fresh data folder and a shown main window."""

import gc

import pytest

from cardgui.gui.app import build_window


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGUI_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))   # the decks' pictures
    monkeypatch.setenv("CARDGUI_NO_ANIMATION", "1")
    return tmp_path


@pytest.fixture
def make_window(qtbot, home):
    def make(game_id="klondike", deal=617):
        window = build_window(game_id, deal)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        qtbot.waitExposed(window)
        # Shown as a player sees it: its first frame drawn and what waited for it done.
        qtbot.waitUntil(lambda: window.first_frame.done, timeout=10_000)
        window.activateWindow()
        window.view.setFocus()
        return window
    return make


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture(autouse=True)
def collect_qt_garbage(qapp):
    """Free each test's windows while the application still exists: Qt objects
    left for the interpreter's final clean-up can crash it.

    What survives the collection is alive for good (caches, modules), so it is
    frozen: the next test's collection walks only what that test made, which
    keeps this clean-up from costing more with every test run before it."""
    yield
    for widget in qapp.topLevelWidgets():
        widget.close()
    qapp.processEvents()
    gc.collect()
    gc.freeze()
