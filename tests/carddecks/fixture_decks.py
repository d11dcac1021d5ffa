"""Small card decks written by the tests, in both formats, whole or broken
on purpose; never the system's own decks.

A fixture deck's card is a rectangle in a colour of its own (so a test can
tell which picture was drawn) with a black border, two units clear of the
edges of its cell in a grid of 13 columns by 5 rows, as AisleRiot's themes
are laid out.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from cardgui.carddecks.elements import (
    BACK,
    RANK_WORDS,
    SUIT_ROWS,
    SUIT_WORDS,
    grid_cell,
    picture_names,
)
from cardgui.engine.cards import Card

CELL_WIDTH, CELL_HEIGHT = 60, 90       # a card 1.5 times as high as wide
BACK_COLOUR = "#123456"


def picture_colour(picture: str) -> str:
    """The colour a fixture deck fills ``picture`` with: one of its own."""
    if picture == BACK:
        return BACK_COLOUR
    card = Card.parse(picture)
    return f"#{card.rank * 18:02x}{SUIT_ROWS[card.suit] * 60 + 10:02x}80"


def element_name(picture: str, suit_first: bool = False) -> str:
    if picture == BACK:
        return BACK
    card = Card.parse(picture)
    rank, suit = RANK_WORDS[card.rank], SUIT_WORDS[card.suit]
    return f"{suit}_{rank}" if suit_first else f"{rank}_{suit}"


def deck_svg(missing: tuple[str, ...] = (), suit_first: bool = False,
             cell: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT), misplace: str = "") -> str:
    """A deck's SVG document: every picture in its grid cell, but those in
    ``missing``; ``misplace`` puts that picture in the wrong cell."""
    width, height = cell
    shapes = []
    for picture in picture_names():
        if picture in missing:
            continue
        column, row = grid_cell(picture)
        if picture == misplace:
            column, row = (column + 5) % 13, (row + 2) % 5
        x, y = column * width, row * height
        shapes.append(
            f'<g id="{element_name(picture, suit_first)}">'
            f'<rect x="{x + 3}" y="{y + 3}" width="{width - 6}" height="{height - 6}" rx="4" '
            f'fill="{picture_colour(picture)}" stroke="#000000" stroke-width="2"/></g>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{13 * width}" '
            f'height="{5 * height}" viewBox="0 0 {13 * width} {5 * height}">\n'
            + "\n".join(shapes) + "\n</svg>\n")


def write_kde_deck(data_dir: Path, folder: str, name: str, svg: str | bytes | None = None,
                   compressed: bool = True, picture: str = "", index: str | None = None) -> Path:
    """A KDE deck in ``data_dir/carddecks/folder``: its index.desktop (or
    the text ``index``) naming ``picture`` (by default ``<folder>.svgz``, or
    ``.svg`` if not ``compressed``), and that file holding ``svg`` (by
    default a whole fixture deck).  Returns the picture's path."""
    deck = data_dir / "carddecks" / folder
    deck.mkdir(parents=True, exist_ok=True)
    picture = picture or f"{folder}.{'svgz' if compressed else 'svg'}"
    if index is None:
        index = f"[KDE Backdeck]\nName={name}\nName[de]={name} auf Deutsch\nSVG={picture}\n"
    (deck / "index.desktop").write_text(index, encoding="utf-8")
    path = deck / picture
    if svg is None:
        svg = deck_svg()
    data = svg.encode() if isinstance(svg, str) else svg
    path.write_bytes(gzip.compress(data) if compressed else data)
    return path


def write_aisleriot_theme(data_dir: Path, file_name: str, svg: str | bytes | None = None,
                          compressed: bool | None = None) -> Path:
    """An AisleRiot theme ``data_dir/aisleriot/cards/file_name`` (compressed
    if the name ends in .svgz, unless ``compressed`` says otherwise)."""
    folder = data_dir / "aisleriot" / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    if svg is None:
        svg = deck_svg(suit_first=True)
    data = svg.encode() if isinstance(svg, str) else svg
    if compressed is None:
        compressed = file_name.endswith(".svgz")
    path = folder / file_name
    path.write_bytes(gzip.compress(data) if compressed else data)
    return path


def only_these_data_dirs(monkeypatch, *dirs: Path) -> None:
    """Make the decks be looked for in ``dirs`` only (the first as the
    user's own), never in the system's folders."""
    first, *rest = dirs
    monkeypatch.setenv("XDG_DATA_HOME", str(first))
    monkeypatch.setenv("XDG_DATA_DIRS", os.pathsep.join(str(folder) for folder in rest)
                       if rest else str(first))
