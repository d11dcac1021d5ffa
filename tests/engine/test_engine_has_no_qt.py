"""The engine, the terminal front end and the command line run without Qt."""

import pathlib
import re
import subprocess
import sys

import cardgui

PACKAGE = pathlib.Path(cardgui.__file__).parent
QT_IMPORT = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|cardgui\.gui|\.+gui)\b", re.M)


def test_no_engine_module_imports_qt_or_the_gui():
    offenders = [str(path.relative_to(PACKAGE)) for path in (PACKAGE / "engine").rglob("*.py")
                 if QT_IMPORT.search(path.read_text())]
    assert offenders == []


def test_importing_the_engine_and_text_front_end_loads_no_qt():
    code = """
import importlib, pkgutil, sys
import cardgui.engine, cardgui.text, cardgui.cli
for package in (cardgui.engine, cardgui.text):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
loaded = sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken6", "cardgui.gui")))
print(loaded)
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_engine_runs_where_qt_cannot_be_imported():
    # A meta path hook makes every Qt import fail, as on a machine without Qt.
    code = """
import sys
class NoQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ImportError("Qt is not installed here")
sys.meta_path.insert(0, NoQt())
from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.keys import KlondikeKeys
from tests.played import keyed
keys = keyed(Klondike(617))
for key in "+P!W":
    keys.press(key)
print(len(keys.game.all_cards()))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "52"
