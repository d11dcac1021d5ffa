"""The deck renderer's process: it opens and draws a deck away from the
window, answers only the newest request, and a deck that stops it or
takes too long is refused."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from cardgui.carddecks import cache
from cardgui.carddecks.elements import picture_names
from cardgui.carddecks.found import DeckFormat, InstalledDeck
from cardgui.gui.deck_process import DeckRenderer, Opened, Pictures, Refused
from tests.carddecks.fixture_decks import deck_svg, picture_colour, write_kde_deck

WAIT_MS = 60_000        # a fresh process imports Qt: slow on a busy machine, never wrong


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    """The pictures the renderer keeps go to this test's folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def renderer(qapp):
    renderer = DeckRenderer()
    yield renderer
    renderer.stop()


def fixture_deck(tmp_path, svg=None) -> InstalledDeck:
    return InstalledDeck("Fixture", DeckFormat.KDE,
                         write_kde_deck(tmp_path, "svg-fixture", "Fixture", svg))


def test_opens_then_draws_every_picture_at_the_size_asked(qtbot, renderer, tmp_path):
    deck = fixture_deck(tmp_path)
    with qtbot.waitSignal(renderer.opened, timeout=WAIT_MS) as opened:
        renderer.open(deck)
    answer: Opened = opened.args[0]
    assert answer.deck == deck and answer.aspect == pytest.approx(1.5, abs=0.05)
    with qtbot.waitSignal(renderer.drawn, timeout=WAIT_MS) as drawn:
        renderer.draw(deck, 30, 45)
    pictures: Pictures = drawn.args[0]
    images = pictures.images()
    qtbot.waitUntil(lambda: cache.recall(deck) is not None, timeout=WAIT_MS)
    assert cache.recall(deck).pixels == pictures.pixels        # kept for the next start
    assert list(images) == picture_names()
    for name, image in images.items():
        assert (image.width(), image.height()) == (30, 45)
        assert image.pixelColor(15, 22) == QColor(picture_colour(name))


def test_a_partial_deck_is_refused_with_the_reason(qtbot, renderer, tmp_path):
    deck = fixture_deck(tmp_path, deck_svg(missing=("AS",)))
    with qtbot.waitSignal(renderer.refused, timeout=WAIT_MS) as refused:
        renderer.open(deck)
    answer: Refused = refused.args[0]
    assert answer.deck == deck
    assert answer.reason.startswith("it lacks 1 of the 53 pictures a deck needs: the ace "
                                    "of spades")


def test_only_the_newest_request_is_answered(qtbot, renderer, tmp_path):
    deck = fixture_deck(tmp_path)
    sizes = []
    renderer.drawn.connect(lambda pictures: sizes.append((pictures.width, pictures.height)))
    with qtbot.waitSignal(renderer.drawn, timeout=WAIT_MS):
        renderer.draw(deck, 20, 30)
        renderer.draw(deck, 40, 60)
    qtbot.wait(200)
    assert sizes == [(40, 60)]


def test_a_renderer_that_stops_refuses_the_deck_it_was_drawing(qtbot, renderer, tmp_path):
    deck = fixture_deck(tmp_path)
    renderer.open(deck)
    renderer._process.kill()          # as a document that crashed QtSvg would
    with qtbot.waitSignal(renderer.refused, timeout=WAIT_MS) as refused:
        pass
    assert refused.args[0].reason.startswith("reading it stopped cardgui's deck renderer")
    assert not renderer.running


def test_a_deck_that_takes_too_long_is_refused(qtbot, qapp, tmp_path):
    renderer = DeckRenderer(timeout=0.0)
    try:
        with qtbot.waitSignal(renderer.refused, timeout=WAIT_MS) as refused:
            renderer.open(fixture_deck(tmp_path))
        assert refused.args[0].reason == "drawing it took more than 0 seconds"
        assert not renderer.running
    finally:
        renderer.stop()


def test_an_idle_renderer_ends_and_a_new_request_starts_it_again(qtbot, qapp, tmp_path):
    renderer = DeckRenderer(idle=0.05)
    deck = fixture_deck(tmp_path)
    try:
        with qtbot.waitSignal(renderer.drawn, timeout=WAIT_MS):
            renderer.draw(deck, 20, 30)
        qtbot.waitUntil(lambda: not renderer.running, timeout=5000)
        with qtbot.waitSignal(renderer.drawn, timeout=WAIT_MS) as drawn:
            renderer.draw(deck, 24, 36)                 # opened afresh, then drawn
        assert (drawn.args[0].width, drawn.args[0].height) == (24, 36)
    finally:
        renderer.stop()


WINDOW_THAT_DIES = """
import sys
from PySide6.QtWidgets import QApplication
from cardgui.carddecks.found import DeckFormat, InstalledDeck
from cardgui.gui.deck_process import DeckRenderer
app = QApplication([])
renderer = DeckRenderer()
renderer.opened.connect(lambda opened: (print(renderer._process.pid, flush=True)))
renderer.open(InstalledDeck("Fixture", DeckFormat.KDE, __import__("pathlib").Path(sys.argv[1])))
app.exec()
"""


def test_the_renderer_ends_when_the_window_is_killed(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    picture = fixture_deck(tmp_path).path
    window = subprocess.Popen([sys.executable, "-c", WINDOW_THAT_DIES, str(picture)],
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        renderer = int(window.stdout.readline())
    finally:
        window.send_signal(signal.SIGKILL)         # no goodbye to its renderer
        window.wait()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.kill(renderer, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(renderer, signal.SIGKILL)
    raise AssertionError("the renderer outlived its window")
