"""A glide ends with every card exactly where it was going."""

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsPixmapItem

from cardgui.gui.art import CardArt
from cardgui.gui.scene import TableScene


def test_a_glide_ends_exactly_at_its_end_not_a_bit_off(qapp, qtbot):
    scene = TableScene(CardArt())
    item = QGraphicsPixmapItem()
    scene.addItem(item)
    start, end = QPointF(445.6032467548373, 80.0), QPointF(143.72, 25.25)
    assert start.x() + (end.x() - start.x()) * 1.0 != end.x()     # the arithmetic misses it
    item.setPos(start)
    scene._start_glide([(item, start, end)], duration=30)
    qtbot.waitUntil(lambda: scene._glide is None, timeout=5000)
    assert (item.pos().x(), item.pos().y()) == (143.72, 25.25)
