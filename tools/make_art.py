"""Write cardgui's own card art as SVG: 52 faces, three backs, pile markers, the icon.

    python tools/make_art.py [OUTPUT_DIR]

OUTPUT_DIR defaults to the repository's ``cardgui/resources/``; the files go to
``OUTPUT_DIR/cards/`` and ``OUTPUT_DIR/icons/``.  The output is deterministic:
running it again reproduces the committed files byte for byte (a test checks).
Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
REPOSITORY = TOOLS.parent
sys.path[:0] = [str(TOOLS), str(REPOSITORY)]

from cardart.back import BACKS, back_card  # noqa: E402
from cardart.courts import court_card  # noqa: E402
from cardart.faces import number_card  # noqa: E402
from cardart.icon import icon  # noqa: E402
from cardart.markers import MARKERS  # noqa: E402

from cardgui.engine.cards import JACK, full_deck  # noqa: E402


def all_files() -> dict[str, str]:
    """Every file this script writes: relative path -> SVG text."""
    files: dict[str, str] = {}
    for card in sorted(full_deck(), key=lambda card: (card.suit.value, card.rank)):
        rank_text = card.name[:-1]
        suit = card.suit.letter
        title = card.words
        if card.rank >= JACK:
            svg = court_card(card.rank, rank_text, suit, title)
        else:
            svg = number_card(card.rank, rank_text, suit, title)
        files[f"cards/{card.name}.svg"] = svg
    for name, palette in BACKS.items():
        files[f"cards/{name}.svg"] = back_card(palette)
    for name, svg in MARKERS.items():
        files[f"cards/{name}.svg"] = svg
    files["icons/cardgui.svg"] = icon()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", type=Path, default=REPOSITORY / "cardgui" / "resources",
                        help="directory to write cards/ and icons/ into (default: cardgui/resources/)")
    arguments = parser.parse_args(argv)
    for relative, svg in all_files().items():
        target = arguments.output / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
