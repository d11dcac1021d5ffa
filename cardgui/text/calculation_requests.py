"""Becker's requests, one a line, any case: ``p``, ``m h f #``, ``m h w #``,
``m w # f #``, ``d``, ``h``, ``q`` and the hidden ``z``.

Spaces between the parts of a move may be left out (``mw1f2``).  A request
that is not one of her forms is refused with the rule it broke: numbers must
be 1-4, the source must be H or W, from W a card goes only to F.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterator

from ..engine.games.calculation.position import (
    FOUNDATIONS,
    HAND,
    WASTE_PILES,
    waste_pile,
)
from ..engine.piles import PileId, foundation

MOVE_FORMS = "m h f #, m h w # or m w # f #"
_TOKEN = re.compile(r"[a-z]|\d+|[^\sa-z\d]")


class Kind(enum.Enum):
    """What a request asks for."""

    PLAY = "p"          # a new game
    MOVE = "m"
    DEAL = "d"
    HELP = "h"
    QUIT = "q"
    TEST_DECK = "z"     # hidden: the stacked test deck


_WORDS = {"p": Kind.PLAY, "play": Kind.PLAY, "d": Kind.DEAL, "deal": Kind.DEAL,
          "h": Kind.HELP, "help": Kind.HELP, "q": Kind.QUIT, "quit": Kind.QUIT,
          "z": Kind.TEST_DECK}
_MOVE_WORDS = ("move", "m")


class RequestError(ValueError):
    """A line that is not one of Becker's requests; ``str()`` says which rule it broke."""


@dataclass(frozen=True, slots=True)
class Request:
    """One request; a move has its source and target pile."""

    kind: Kind
    source: PileId | None = None
    target: PileId | None = None


def parse_request(line: str) -> Request:
    """The request written on ``line``.

    Raises:
        RequestError: if the line is empty or not one of her requests.
    """
    text = line.strip().lower()
    if not text:
        raise RequestError("Type a request: P, M, D, H or Q.")
    word = text.split()[0]
    if word in _WORDS:
        if text != word:
            raise RequestError(f"{word.upper()} takes nothing after it: write just {word}.")
        return Request(_WORDS[word])
    for move_word in _MOVE_WORDS:
        if text.startswith(move_word):
            return _parse_move(_TOKEN.findall(text[len(move_word):]))
    raise RequestError(f"{word!r} is not a request: use P, M, D, H or Q (H for help).")


def _parse_move(tokens: list[str]) -> Request:
    parts = iter(tokens)
    source_letter = _next(parts)
    if source_letter == "h":
        source = HAND
    elif source_letter == "w":
        source = waste_pile(_number(_next(parts), "waste pile", WASTE_PILES))
    else:
        raise RequestError(f"The source must be H (the hand) or W (a waste pile), "
                           f"not {source_letter.upper()}.")
    target_letter = _next(parts)
    if target_letter.isdigit() and source == HAND:
        raise RequestError(f"The hand has no number: write {MOVE_FORMS}.")
    if target_letter == "f":
        target = foundation(_number(_next(parts), "foundation", FOUNDATIONS))
    elif target_letter == "w":
        if source != HAND:
            raise RequestError("From W a card may go only to F: write m w # f #.")
        target = waste_pile(_number(_next(parts), "waste pile", WASTE_PILES))
    elif target_letter == "h":
        raise RequestError("Nothing goes back to the hand: the destination must be F or W.")
    else:
        raise RequestError(f"The destination must be F (a foundation) or W (a waste pile), "
                           f"not {target_letter.upper()}.")
    extra = list(parts)
    if extra:
        raise RequestError(f"Too much after the move ({' '.join(extra)}): write {MOVE_FORMS}.")
    return Request(Kind.MOVE, source, target)


def _next(parts: Iterator[str]) -> str:
    token = next(parts, None)
    if token is None:
        raise RequestError(f"That move is not finished: write {MOVE_FORMS}.")
    return token


def _number(token: str, pile: str, highest: int) -> int:
    if not token.isdigit():
        raise RequestError(f"Numbers must be 1-{highest}: {token.upper()} is not a {pile} number.")
    number = int(token)
    if not 1 <= number <= highest:
        raise RequestError(f"Numbers must be 1-{highest}: there is no {pile} {number}.")
    return number
