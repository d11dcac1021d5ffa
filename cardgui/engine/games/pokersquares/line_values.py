"""What a filling row or column is worth: ``VALUES[table][key * ROW +
cards_to_come]`` is the mean final score, in hundredths of a point, in
self-play by the greedy player of ``playout.Policy``, of lines whose features
(``line_features``) are ``key`` when ``cards_to_come`` cards are still to
come.  The figures were learned by ``tools/pokersquares_training.py`` and
live in ``line_values_table``; a key never met in training is worth 0.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence

from .line_features import CARDS_IN_GAME, KEY_COUNT
from .line_values_table import AMERICAN_ROWS, ENGLISH_ROWS

ROW = CARDS_IN_GAME + 1


def flat_values(rows: Mapping[int, Sequence[int]]) -> array[int]:
    """The table ``rows`` (key -> its values by cards to come) as one flat
    array of C ints, every key's row in place, zeros where none is given."""
    values = array("i", bytes(4 * KEY_COUNT * ROW))
    for key, row in rows.items():
        values[key * ROW:(key + 1) * ROW] = array("i", row)
    return values


VALUES: dict[str, array[int]] = {
    "american": flat_values(AMERICAN_ROWS),
    "english": flat_values(ENGLISH_ROWS),
}
