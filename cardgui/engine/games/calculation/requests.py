"""Katrin Becker's requests, one a line, any case: read as commands for the
terminal program, and written for a line of play so that it replays there.

Her forms: ``p`` a new game, ``m h f #`` the hand card to foundation #,
``m h w #`` to waste pile #, ``m w # f #`` a waste pile's top card to a
foundation, ``d`` deal, ``h`` help, ``q`` quit, and the hidden ``z``, her
stacked test deck.  Spaces between the parts of a move may be left out
(``mw1f2``), and the hand may be given its number, as her menu's
``m <s> <s#> <d> <d#>`` writes every source (``m h 1 w 1``).  A request that
is not one of her forms is refused with the rule it broke: numbers must be
1-4, the source must be H or W, from W a card goes only to F.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Iterator

from ...commands import Command
from ...keyboard import Request
from ...moves import Deal, Step
from ...piles import PileId, Role, foundation
from .game import Calculation
from .position import FOUNDATIONS, HAND, WASTE_PILES, waste_pile

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
class BeckerRequest:
    """One request as written; a move has its source and target pile."""

    kind: Kind
    source: PileId | None = None
    target: PileId | None = None


def read_request(game: Calculation, line: str) -> Command | Request | Calculation:
    """What the request on ``line`` asks for: a command for the game, a
    request of the terminal program, or (``z``) her stacked deck to play.

    Raises:
        RequestError: if the line is not one of her requests.
    """
    request = parse_request(line)
    if request.kind is Kind.MOVE:
        assert request.source is not None and request.target is not None
        return Command("move_top", (str(request.source), str(request.target)))
    if request.kind is Kind.DEAL:
        return Command("deal")
    if request.kind is Kind.TEST_DECK:
        return Calculation.stacked()
    return {Kind.PLAY: Request.NEW_GAME, Kind.HELP: Request.HELP,
            Kind.QUIT: Request.QUIT}[request.kind]


def request_of(step: Step) -> str:
    """Becker's request for ``step``.

    Raises:
        ValueError: for a move her requests cannot say (a move of more than one
            card, or between piles her requests do not name).
    """
    if isinstance(step, Deal):
        return "d"
    if step.count != 1:
        raise ValueError(f"{step} moves {step.count} cards; her requests move one")
    target = step.target
    if step.source == HAND and target.role in (Role.FOUNDATION, Role.TABLEAU):
        return f"m h {'f' if target.role is Role.FOUNDATION else 'w'} {target.index}"
    if step.source.role is Role.TABLEAU and target.role is Role.FOUNDATION:
        return f"m w {step.source.index} f {target.index}"
    raise ValueError(f"{step} is not a move her requests can say")


def requests_of(steps: Iterable[Step]) -> list[str]:
    """Becker's requests for ``steps``, one a step.

    Raises:
        ValueError: as ``request_of`` does.
    """
    return [request_of(step) for step in steps]


def request_words(game: Any, steps: Iterable[Step]) -> list[str]:
    """``requests_of(steps)``, for a line played from ``game``'s position (as
    the registry's ``words`` are called; the requests do not depend on it).

    Raises:
        ValueError: as ``request_of`` does.
    """
    return requests_of(steps)


def parse_request(line: str) -> BeckerRequest:
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
        return BeckerRequest(_WORDS[word])
    for move_word in _MOVE_WORDS:
        if text.startswith(move_word):
            return _parse_move(_TOKEN.findall(text[len(move_word):]))
    raise RequestError(f"{word!r} is not a request: use P, M, D, H or Q (H for help).")


def _parse_move(tokens: list[str]) -> BeckerRequest:
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
        if target_letter != "1":
            raise RequestError(f"The hand is H, or H 1: there is no hand {target_letter}.")
        target_letter = _next(parts)
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
    return BeckerRequest(Kind.MOVE, source, target)


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
