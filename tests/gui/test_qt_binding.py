"""The Qt binding cardgui runs on must survive a long session.

PySide6 6.12.0 under Python 3.11 drops a reference to None with every event it
processes; after a few hundred events the interpreter aborts ("deallocating
None").  pyproject.toml excludes that release; this test keeps it out.
"""

import sys

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def test_events_and_keys_do_not_drain_the_reference_count_of_none(window, qapp):
    before = sys.getrefcount(None)
    for _ in range(300):
        qapp.processEvents()
    for key in "+" * 60 + "z" * 20:
        QTest.keyClicks(window.view, key)
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sys.getrefcount(None) >= before - 50
