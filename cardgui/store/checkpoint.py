"""A position and its undo history, kept beside a long game's save so that
restoring it does not replay every command from the deal.

A checkpoint covers the first ``commands`` commands of the log.  It records
the history as what each gesture left behind: the piles it touched, their
values after it, and the counters after it (and before it, where a refused
play had changed them).  Restoring walks those from the deal's position,
which gives every value before each gesture again, so no rule is replayed;
then only the commands after the checkpoint are.  Pile values, pile names,
labels and counters that recur are written once and referred to by number.

A checkpoint is checked before it is used: it must be of the same game and
deal, the log's first ``commands`` items must be the ones it was taken from
(a digest), and no gesture may lose or make a card.  One that fails is
ignored and the log replayed instead; the log stays the authority.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import json
from typing import Any

from ..engine.again import AgainMemory
from ..engine.cards import RANKS, SUITS, Card
from ..engine.game import Game
from ..engine.history import Entry
from ..engine.piles import Pile, PileId
from .replay import GameLog

FORMAT = 1
EVERY = 500          # commands between checkpoints; a game shorter than this has none
ABSENT = -1          # a pile that did not exist (Klondike's added stacks)


class Interner:
    """Values written once each, then referred to by their number."""

    def __init__(self) -> None:
        self.numbers: dict[Any, int] = {}
        self.values: list[Any] = []

    def number(self, value: Any) -> int:
        found = self.numbers.get(value)
        if found is None:
            found = self.numbers[value] = len(self.values)
            self.values.append(value)
        return found


class PileTexts:
    """Piles written once each as text (``"2:AH 5S 10D"``), referred to by
    number.  Each pile object's text is worked out once: the history shares
    one object wherever a pile did not change."""

    def __init__(self) -> None:
        self.texts = Interner()
        self._by_object: dict[int, int] = {}
        self._alive: list[Pile] = []      # keeps each pile alive, so no id is reused

    def number(self, pile: Pile | None) -> int:
        if pile is None:
            return ABSENT
        found = self._by_object.get(id(pile))
        if found is None:
            found = self._by_object[id(pile)] = self.texts.number(_pile_text(pile))
            self._alive.append(pile)
        return found


def digest(log: GameLog, commands: int) -> str:
    """A fingerprint of the log's first ``commands`` items."""
    import hashlib  # here: its OpenSSL start costs the window's first frame ~7 ms

    text = json.dumps(log.items[:commands], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def take(game: Game[Any], log: GameLog) -> dict[str, Any] | None:
    """The checkpoint of ``game`` after every command of ``log``; None for a
    game whose gestures do not each count one move (the walk that restores
    it derives the moves from that)."""
    piles, names, labels, rests = PileTexts(), Interner(), Interner(), Interner()
    all_fields = [field.name for field in dataclasses.fields(game.counters)]
    if all_fields[:1] != ["moves"]:
        return None             # the walk makes counters with the moves first
    fields = all_fields[1:]

    def rest(counters: Any) -> int:
        return rests.number(tuple(getattr(counters, name) for name in fields))

    def gestures(entries: tuple[Entry[Any], ...], moves: int, now: Any) -> list[int] | None:
        flat: list[int] = []
        for entry in entries:
            if (entry.counters_before.moves, entry.counters_after.moves) != (moves, moves + 1):
                return None
            moves += 1
            flat += [labels.number(entry.label), len(entry.after)]
            for pile_id, after in entry.after:
                flat += [names.number(str(pile_id)), piles.number(after)]
            before = rest(entry.counters_before) if entry.counters_before != now else ABSENT
            flat += [rest(entry.counters_after), before]
            now = entry.counters_after
        return flat

    done, undone = game.history.snapshot()
    start = game.counters.moves - len(done)     # the moves when the history began
    collecting = gc.isenabled()
    gc.disable()         # many new small objects, none of them garbage
    try:
        done_flat = gestures(done, start, None)
        # Redo puts back the last of ``undone`` first: walk them that way.
        undone_flat = gestures(tuple(reversed(undone)), game.counters.moves, game.counters)
    finally:
        if collecting:
            gc.enable()
    if done_flat is None or undone_flat is None:
        return None
    return {
        "format": FORMAT, "game": game.game_id, "deal": game.deal_number,
        "commands": len(log), "digest": digest(log, len(log)),
        "start_moves": start, "moves": game.counters.moves, "now": rest(game.counters),
        "done": done_flat, "undone": undone_flat,
        "names": names.values, "labels": labels.values, "piles": piles.texts.values,
        "counter_fields": fields,
        "counters": [[_encode(value) for value in values] for values in rests.values],
    }


def restore(game: Game[Any], log: GameLog, data: Any) -> int:
    """Put ``game`` (fresh from its deal, with the options the covered
    commands set) where the checkpoint left it, with its history; the number
    of commands it covers.

    Raises:
        ValueError: if it is malformed, or not this game's, deal's or log's,
            or a gesture in it loses or makes a card.
    """
    collecting = gc.isenabled()
    gc.disable()         # a hundred thousand new objects, none of them garbage
    try:
        covered = data["commands"]
        if (data["format"] != FORMAT or data["game"] != game.game_id
                or data["deal"] != game.deal_number or type(covered) is not int
                or not 0 < covered <= len(log) or data["digest"] != digest(log, covered)):
            raise ValueError("it belongs to another game or another log")
        # The game's own pile ids: looking them up is then a matter of identity.
        own = {pile_id: pile_id for pile_id in game.piles}
        names = [own.get(pile_id, pile_id)
                 for pile_id in (PileId.parse(name) for name in data["names"])]
        labels = [str(label) for label in data["labels"]]
        piles = [_pile(text) for text in data["piles"]]
        kind = type(game.counters)
        fields = data["counter_fields"]
        if fields != [field.name for field in dataclasses.fields(kind) if field.name != "moves"]:
            raise ValueError("its counters are not this game's")
        if [field.name for field in dataclasses.fields(kind)][:1] != ["moves"]:
            raise ValueError("its counters do not begin with the moves")
        rests = [tuple(_decode(value) for value in values) for values in data["counters"]]
        if any(len(values) != len(fields) for values in rests):
            raise ValueError("its counters are not this game's")
        walk = Walk(kind, names, labels, piles, rests)
        position: dict[PileId, Pile] = dict(game.piles)
        start, moves, now_rest = data["start_moves"], data["moves"], rests[_index(data["now"])]
        done, now = walk.through(data["done"], position, _index(start), None)
        if now is not None and now.moves != moves:
            raise ValueError("its moves do not add up")
        now = kind(_index(moves), *now_rest)
        final = dict(position)
        undone, _ = walk.through(data["undone"], position, moves, now)
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"the checkpoint is malformed ({error})") from None
    finally:
        if collecting:
            gc.enable()
    game.restore_state(final, now, done, list(reversed(undone)))
    return covered


class Walk:
    """Rebuilds history entries from a checkpoint's flat records, walking a
    position forward so that every value before a gesture is known again."""

    def __init__(self, kind: Any, names: list[PileId], labels: list[str], piles: list[Pile],
                 rests: list[tuple[Any, ...]]) -> None:
        self.kind, self.names, self.labels, self.piles, self.rests = (
            kind, names, labels, piles, rests)
        self.signatures = [signature(pile) for pile in piles]

    def through(self, flat: Any, position: dict[PileId, Pile], moves: int, now: Any
                ) -> tuple[list[Entry[Any]], Any]:
        """The entries of ``flat``, walking ``position`` (changed) from
        ``moves`` moves and counters ``now``; and the counters after the last.

        Raises:
            ValueError: if a gesture loses or makes a card or a number is negative.
            IndexError, TypeError: if the records are malformed.
        """
        if not isinstance(flat, list) or not set(map(type, flat)) <= {int}:
            raise ValueError("its records are not whole numbers")
        if flat and min(flat) < ABSENT:
            raise ValueError("its records hold a negative number")
        entries: list[Entry[Any]] = []
        kind, names, piles, rests, labels = (self.kind, self.names, self.piles, self.rests,
                                             self.labels)
        signatures = self.signatures
        held = {pile_id: signature(pile) for pile_id, pile in position.items()}
        at, end = 0, len(flat)
        while at < end:
            label, count = flat[at], flat[at + 1]
            at += 2
            before, after = [], []
            balance = 0
            for _ in range(count):
                pile_id, number = names[flat[at]], flat[at + 1]
                at += 2
                old = position.get(pile_id)
                balance -= held.get(pile_id, 0)
                if number == ABSENT:
                    new = None
                    position.pop(pile_id, None)
                    held.pop(pile_id, None)
                else:
                    new = position[pile_id] = piles[number]
                    balance += signatures[number]
                    held[pile_id] = signatures[number]
                before.append((pile_id, old))
                after.append((pile_id, new))
            after_rest, before_rest = flat[at], flat[at + 1]
            at += 2
            if balance:
                raise ValueError(f"the checkpoint's gesture {labels[label]!r} "
                                 "loses or makes a card")
            if before_rest != ABSENT:
                now = kind(moves, *rests[before_rest])
            if now is None:
                raise ValueError("its first gesture does not say its counters")
            moves += 1
            after_counters = kind(moves, *rests[after_rest])
            entries.append(Entry(labels[label], tuple(before), tuple(after), now, after_counters))
            now = after_counters
        return entries, now


def signature(pile: Pile) -> int:
    """A sum that differs whenever the cards of two groups of piles differ."""
    return sum(_card_key(card) for card in pile.cards)


@functools.cache
def _card_key(card: Card) -> int:
    # Eight bits a card: a sum of these differs whenever the cards of two groups
    # of piles differ (fewer than 256 piles are ever summed).
    index = (card.deck * len(SUITS) + SUITS.index(card.suit)) * len(RANKS) + card.rank - 1
    return 1 << (index * 8)


def _index(number: Any) -> int:
    if type(number) is not int or number < 0:
        raise ValueError(f"{number!r} is not a number of the checkpoint's")
    return number


def _card_text(card: Card) -> str:
    """A card's name, and which deck it is from in a game of several (``10H/1``)."""
    return f"{card.name}/{card.deck}" if card.deck else card.name


def _card(text: str) -> Card:
    name, _, deck = text.partition("/")
    card = Card.parse(name)
    return Card(card.rank, card.suit, int(deck)) if deck else card


def _pile_text(pile: Pile) -> str:
    return f"{pile.hidden}:" + " ".join(_card_text(card) for card in pile.cards)


def _pile(text: Any) -> Pile:
    hidden, _, names = str(text).partition(":")
    return Pile(tuple(_card(name) for name in names.split()), int(hidden))


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return {"card": _card_text(value)}
    if isinstance(value, PileId):
        return {"pile": str(value)}
    if isinstance(value, AgainMemory):
        return {"again": [_encode(value.card), _encode(value.places)]}
    if isinstance(value, (tuple, list)):
        return [_encode(item) for item in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"card"}:
            return _card(value["card"])
        if set(value) == {"pile"}:
            return PileId.parse(value["pile"])
        if set(value) == {"again"}:
            card, places = (_decode(item) for item in value["again"])
            return AgainMemory(card, tuple(places))
        raise ValueError(f"{value!r} is not a value of a game's counters")
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    return value
