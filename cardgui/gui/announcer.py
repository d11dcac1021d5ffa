"""Announcements for a screen reader: a move, a refusal, the end, a hint.

Qt's announcement event reaches UI Automation (Windows) and VoiceOver
(macOS), and AT-SPI as ``object:announcement``; but Orca, the screen reader
of Linux desktops, speaks those only from version 46 on, and Debian 12 ships
Orca 43.  What every Orca speaks is a notification being shown.  So on Linux
the status bar's message is the announcer: an accessible notification whose
name is the text announced, shown again (``ObjectShow``) for each
announcement; elsewhere the announcement event is sent.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from .speech import spoken

SHOWN_AS_NOTIFICATION = sys.platform.startswith("linux")


class NotificationAccessible(QAccessibleWidget):
    """A widget as a screen reader's notification, named by the last text
    announced through it."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget, QAccessible.Role.Notification, "")
        self.spoken = ""

    def text(self, kind: QAccessible.Text) -> str:
        if kind == QAccessible.Text.Name:
            return self.spoken
        return str(super().text(kind))


class Announcer:
    """Says things to a screen reader, through ``carrier`` (a widget that is
    always shown: the status bar's message) where notifications are the way."""

    def __init__(self, carrier: QWidget) -> None:
        self.carrier = carrier
        self.accessible = NotificationAccessible(carrier)
        carrier.accessible = self.accessible          # type: ignore[attr-defined]

    def announce(self, text: str, urgent: bool = False) -> None:
        """Say ``text`` now, politely or (``urgent``) at once, with its cards'
        short names in words."""
        if not text:
            return
        text = spoken(text)
        if SHOWN_AS_NOTIFICATION:
            self.accessible.spoken = text
            QAccessible.updateAccessibility(QAccessibleEvent(self.accessible,
                                                             QAccessible.Event.ObjectShow))
            return
        event = QAccessibleAnnouncementEvent(self.carrier, text)
        if urgent:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
        QAccessible.updateAccessibility(event)
