"""A game as its deal number plus the requests made since: saved and replayed.

Replaying the log through the same engine calls rebuilds the position, the
undo history, the redo list and any half-typed card name exactly, for every
game, without a save format per game.  Entries are small JSON lists:
``["key", "8"]``, ``["move", "T3", 4, "T6"]``, ``["double_click", "W1", 2]``,
``["click", "S1"]``, ``["deal"]``, ``["undo"]``, ``["redo"]``,
``["option", name, value]``.  The game's options at its start (a scoring
table, say) are kept beside the entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.keyboard import KeyInterpreter
from ..engine.moves import IllegalMove
from ..engine.piles import PileId

Entry = tuple[Any, ...]


@dataclass
class GameLog:
    """A deal and the requests made on it, oldest first."""

    game_id: str
    deal: int
    entries: list[Entry] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    def record(self, entry: Entry) -> None:
        self.entries.append(tuple(entry))

    def replay(self, game: Game[Any], keys: KeyInterpreter) -> None:
        """Carry out every entry on a fresh ``game`` of this deal.

        Raises:
            ValueError: naming the first entry that is malformed or that the
                engine refuses (the log does not belong to this deal).
        """
        for number, entry in enumerate(self.entries, 1):
            try:
                apply_entry(game, keys, entry)
            except (IllegalMove, ValueError, TypeError, IndexError) as error:
                raise ValueError(f"step {number} of the saved game ({list(entry)}) "
                                 f"does not replay: {error}") from None

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "deal": self.deal, "options": dict(self.options),
                "entries": [list(entry) for entry in self.entries]}

    @classmethod
    def from_json(cls, data: Any) -> "GameLog":
        """The log ``data`` describes.

        Raises:
            ValueError: if ``data`` is not a log.
        """
        if not isinstance(data, dict):
            raise ValueError("a saved game must be a JSON object")
        game_id, deal, entries = data.get("game"), data.get("deal"), data.get("entries")
        if not isinstance(game_id, str) or not game_id:
            raise ValueError("the saved game does not say which game it is")
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise ValueError("the saved game has no valid deal number")
        if not isinstance(entries, list) or not all(
                isinstance(entry, list) and entry and isinstance(entry[0], str)
                for entry in entries):
            raise ValueError("the saved game's list of moves is malformed")
        options = data.get("options", {})
        if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
            raise ValueError("the saved game's options are malformed")
        return cls(game_id, deal, [tuple(entry) for entry in entries], dict(options))


def apply_entry(game: Game[Any], keys: KeyInterpreter, entry: Entry) -> None:
    """Carry out one log entry.

    Raises:
        IllegalMove: if the engine refuses it.
        ValueError: if the entry is malformed.
    """
    kind, *args = entry
    if kind == "key":
        (key,) = args
        if not isinstance(key, str):
            raise ValueError("a key must be text")
        keys.press(key)
        return
    keys.clear()
    if kind == "move":
        source, index, target = args
        game.move(PileId.parse(source), _index(index), PileId.parse(target))
    elif kind == "double_click":
        source, index = args
        game.double_click(PileId.parse(source), _index(index))
    elif kind == "click":
        (target,) = args
        game.click(PileId.parse(target))
    elif kind in ("deal", "undo", "redo") and not args:
        getattr(game, kind)()
    elif kind == "option":
        name, value = args
        game.set_option(str(name), value)
    else:
        raise ValueError(f"unknown step {kind!r}")


def _index(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a card position")
    return value
