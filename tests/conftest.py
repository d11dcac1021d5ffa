"""Shared test set-up: Qt always offscreen, animations always off."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CARDGUI_NO_ANIMATION"] = "1"
