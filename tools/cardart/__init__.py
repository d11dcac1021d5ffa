"""Drawing code for cardgui's own card art, used by ``tools/make_art.py``.

Everything here builds SVG text by hand, deterministically, using only what
Qt's QSvgRenderer (SVG Tiny 1.2) draws correctly: paths, circles, ellipses,
rects, groups with transforms, gradients and plain fill/stroke attributes.
"""
