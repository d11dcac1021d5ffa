"""What a filling row or column is worth: ``VALUES[table][key][cards_to_come]``
is the mean final score, in self-play by the greedy player of
``playout.Judge``, of lines whose features (``line_features.line_key``) are
``key`` when ``cards_to_come`` cards are still to come.  The figures were
learned by ``training`` and live in ``line_values_table``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .line_values_table import AMERICAN_VALUES, ENGLISH_VALUES

VALUES: dict[str, Sequence[Sequence[float]]] = {
    "american": AMERICAN_VALUES,
    "english": ENGLISH_VALUES,
}
