"""A win's celebration: the cards fly off the top into a rosette on the table."""

from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QPointF, QVariantAnimation

from .scene import TableScene

DURATION_MS = 1600
STAGGER = 0.55          # the share of the time over which the cards set off


def celebrate(scene: TableScene) -> QVariantAnimation | None:
    """Start the celebration; it is stopped by anything that re-lays the table."""
    geometry = scene.geometry
    if geometry is None or not scene.sprites:
        return None
    scene.finish_glide()
    sprites = sorted(scene.sprites.values(), key=lambda sprite: (-sprite.card.rank,
                                                                  sprite.card.suit.value))
    centre = QPointF((geometry.width - geometry.card_width) / 2,
                     (geometry.height - geometry.card_height) / 2)
    radius_x = max(geometry.card_width, (geometry.width - geometry.card_width) * 0.4)
    radius_y = max(geometry.card_height * 0.5, (geometry.height - geometry.card_height) * 0.38)
    paths = []
    for number, sprite in enumerate(sprites):
        angle = 2 * math.pi * number / len(sprites) - math.pi / 2
        target = centre + QPointF(radius_x * math.cos(angle), radius_y * math.sin(angle))
        sprite.setZValue(1000 + number)
        paths.append((sprite, sprite.pos(), target, STAGGER * number / len(sprites)))
    curve = QEasingCurve(QEasingCurve.Type.OutBack)

    def step(value: float) -> None:
        for sprite, start, end, delay in paths:
            progress = min(1.0, max(0.0, (value - delay) / (1 - STAGGER)))
            sprite.setPos(start + (end - start) * curve.valueForProgress(progress))

    animation = QVariantAnimation(scene)
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setDuration(DURATION_MS)
    animation.valueChanged.connect(step)
    scene.adopt_effect(animation)
    animation.start()
    return animation
