"""The solver's moves over a ``CompactPosition``: which it makes, in what order,
and which legal moves it leaves out and why.

A solver move is one engine move, or a few that belong together:

* deals (``+``) up to the pile card to be played, then that card onto a
  stack or the top (dealing alone is never a move of its own);
* cards off a stack onto another stack or the top;
* cards off a face-up card, then that card up to the top (``then_up``).

Every legal move the generator leaves out falls in one of the ``Omission``
categories; ``solver.py`` says why each is safe.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .compact import KING_RANK_INDEX, deal_positions

PILE_SOURCE = -1      # ``SolverMove.source`` for the pile
TOP_TARGET = -1       # ``SolverMove.target`` for the card's foundation

Stacks = tuple[bytes, ...]
Tops = tuple[int, int, int, int]


class SolverMove(NamedTuple):
    """``cards`` cards from ``source`` (a stack's index from 0, or the pile)
    onto ``target`` (a stack's index, or the card's top).  From the pile,
    ``deals`` deals come first, bringing ``stock[stock_index]`` to the top of
    the pile.  With ``then_up`` the card left on top of the source stack goes
    up next."""

    source: int
    cards: int
    target: int
    deals: int = 0
    stock_index: int = -1
    then_up: bool = False


class Omission(enum.Enum):
    """Why a legal move is not among the solver's moves."""

    SAFE_UP_FIRST = "another stack's top card goes up safely first"
    SAFE_CARD_GOES_UP = "a card that can go up safely goes up, not onto a stack"
    KING_STACK_TO_EMPTY = "a stack that is a king and its run, alone, moved to an empty stack"
    LATER_EMPTY_STACK = "a king goes to the first empty stack only"
    UNCOVERS_NOTHING_USEFUL = "cards moved off a face-up card that cannot then go up"
    DEAL_ALONE = "deals are made only on the way to a card played at once"


def is_up_safe(rank_index: int, tops: Tops) -> bool:
    """The book's ``upsafep`` for a card of rank ``rank_index + 1``: aces and
    twos always; otherwise when all four cards two ranks lower are up."""
    return rank_index <= 1 or min(tops) >= rank_index - 1


def forced_up(stacks: Stacks, tops: Tops) -> SolverMove | None:
    """The first stack whose top card fits its foundation and is safe to go
    up, as a move of that card up; None if there is none."""
    low = min(tops)
    for index, stack in enumerate(stacks):
        if len(stack) > 1:
            card = stack[-1]
            rank = card >> 2
            if rank == tops[card & 3] and (rank <= 1 or low >= rank - 1):
                return SolverMove(index, 1, TOP_TARGET)
    return None


def generate(stacks: Stacks, tops: Tops, stock: bytes, position: int) -> list[SolverMove]:
    """The solver's moves from a position, best first.

    A card that is safe to go up from a stack's top goes up and nothing else
    is tried.  Otherwise, in this order: runs moved off face-down cards (from
    the stack with most face-down cards first), stack tops up, pile cards
    (in dealing order) up or onto stacks, runs moved off a face-up card that
    then goes up, and runs that empty their stack.
    """
    forced = forced_up(stacks, tops)
    if forced is not None:
        return [forced]
    count = len(stacks)
    top_cards = [stack[-1] if len(stack) > 1 else -1 for stack in stacks]
    first_empty = next((index for index, top in enumerate(top_cards) if top < 0), -1)
    low = min(tops)

    revealing: list[tuple[int, SolverMove]] = []
    ups: list[SolverMove] = []
    uncovering: list[SolverMove] = []
    emptying: list[SolverMove] = []
    for source, stack in enumerate(stacks):
        length = len(stack) - 1
        if not length:
            continue
        hidden = stack[0]
        top = stack[-1]
        if (top >> 2) == tops[top & 3]:
            ups.append(SolverMove(source, 1, TOP_TARGET))
        # The run from the bottom face-up card.
        base = stack[1 + hidden]
        base_rank = base >> 2
        if base_rank == KING_RANK_INDEX:
            if hidden and first_empty >= 0:
                revealing.append((hidden, SolverMove(source, length - hidden, first_empty)))
        else:
            for target in range(count):
                onto = top_cards[target]
                if (onto >> 2) == base_rank + 1 and (onto ^ base) & 1:
                    move = SolverMove(source, length - hidden, target)
                    if hidden:
                        revealing.append((hidden, move))
                    else:
                        emptying.append(move)
        # Runs off a face-up card that can then go up.
        for index in range(2 + hidden, length + 1):
            under = stack[index - 1]
            if (under >> 2) != tops[under & 3]:
                continue
            card = stack[index]
            rank = card >> 2
            for target in range(count):
                onto = top_cards[target]
                if (onto >> 2) == rank + 1 and (onto ^ card) & 1:
                    uncovering.append(SolverMove(source, length - index + 1, target,
                                                 then_up=True))

    from_pile: list[SolverMove] = []
    for reached, deals in deal_positions(len(stock), position):
        if not reached:
            continue
        card = stock[reached - 1]
        rank = card >> 2
        if rank == tops[card & 3]:
            from_pile.append(SolverMove(PILE_SOURCE, 1, TOP_TARGET, deals, reached - 1))
            if rank <= 1 or low >= rank - 1:
                continue
        if rank == KING_RANK_INDEX:
            if first_empty >= 0:
                from_pile.append(SolverMove(PILE_SOURCE, 1, first_empty, deals, reached - 1))
            continue
        for target in range(count):
            onto = top_cards[target]
            if (onto >> 2) == rank + 1 and (onto ^ card) & 1:
                from_pile.append(SolverMove(PILE_SOURCE, 1, target, deals, reached - 1))

    revealing.sort(key=_most_hidden_first)
    return [move for _, move in revealing] + ups + from_pile + uncovering + emptying


def _most_hidden_first(item: tuple[int, SolverMove]) -> int:
    return -item[0]


def apply(move: SolverMove, stacks: Stacks, tops: Tops, stock: bytes,
          position: int) -> tuple[Stacks, Tops, bytes, int]:
    """The position after ``move`` (which must be one ``generate`` made)."""
    new_stacks = list(stacks)
    if move.source == PILE_SOURCE:
        index = move.stock_index
        moved = stock[index:index + 1]
        stock = stock[:index] + stock[index + 1:]
        position = index
    else:
        stack = stacks[move.source]
        cut = len(stack) - move.cards
        moved = stack[cut:]
        new_stacks[move.source] = _turned_up(stack[:cut])
    if move.target == TOP_TARGET:
        tops = _raised(tops, moved[0])
    else:
        new_stacks[move.target] = stacks[move.target] + moved
    if move.then_up:
        stack = new_stacks[move.source]
        tops = _raised(tops, stack[-1])
        new_stacks[move.source] = _turned_up(stack[:-1])
    return tuple(new_stacks), tops, stock, position


def _turned_up(stack: bytes) -> bytes:
    """A stack whose face-up cards may be gone: its top card turned up."""
    hidden = stack[0]
    if hidden and hidden == len(stack) - 1:
        return bytes([hidden - 1]) + stack[1:]
    return stack


def _raised(tops: Tops, card: int) -> Tops:
    suit = card & 3
    raised = list(tops)
    raised[suit] += 1
    return (raised[0], raised[1], raised[2], raised[3])
