"""Shared test set-up: Qt always offscreen, animations always off."""

import io
import os

import pytest

from cardgui import cli

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CARDGUI_NO_ANIMATION"] = "1"


@pytest.fixture
def command_line(capsys, monkeypatch):
    """``command_line(arguments)`` runs ``cardgui`` in this process with no
    input: (exit status, stdout, stderr)."""
    def run(arguments):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        try:
            status = cli.main(arguments)
        except SystemExit as stop:
            status = stop.code
        out, err = capsys.readouterr()
        return status, out, err
    return run


@pytest.fixture(autouse=True)
def collector_on_again():
    """A test that goes down the window's command line with the window left
    out (``run_window`` replaced) leaves the garbage collector off, as
    ``cli.main`` turns it off for the window's start: turn it back on."""
    yield
    import gc
    gc.enable()


def pytest_collection_finish(session):
    """Move everything alive after collection (modules, Qt's bindings, test
    parameters) out of the collector's reach: the GUI tests' clean-up runs a
    full collection after every test, and that should only walk what the test
    itself made."""
    import gc
    gc.collect()
    gc.freeze()
