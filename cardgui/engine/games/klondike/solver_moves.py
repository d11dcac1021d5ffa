"""The solver's moves over a ``CompactPosition``: which it makes, in what order,
and which legal moves it leaves out and why.

A solver move is one engine move, or a few that belong together:

* deals (``+``) up to the pile card to be played, then that card onto a
  stack or the top (dealing alone is never a move of its own);
* cards off a stack onto another stack or the top;
* cards off a face-up card, then that card up to the top;
* a run that empties its stack, then a king into an empty stack.

Every legal move the generator leaves out falls in one of the ``Omission``
categories; ``solver.py`` says why each is safe.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .compact import CARD_COUNT, KING_RANK_INDEX, deal_positions

PILE_SOURCE = -1      # ``SolverMove.source`` for the pile
TOP_TARGET = -1       # ``SolverMove.target`` for the card's foundation

Stacks = tuple[bytes, ...]
Tops = tuple[int, int, int, int]


class SolverMove(NamedTuple):
    """``cards`` cards from ``source`` (a stack's index from 0, or the pile)
    onto ``target`` (a stack's index, or the card's top).  From the pile,
    ``deals`` deals come first, bringing ``stock[stock_index]`` to the top of
    the pile.  ``then`` is a move made at once after it, as part of it."""

    source: int
    cards: int
    target: int
    deals: int = 0
    stock_index: int = -1
    then: SolverMove | None = None


class Omission(enum.Enum):
    """Why a legal move is not among the solver's moves."""

    SAFE_UP_FIRST = "another stack's top card goes up safely first (``safe_up``)"
    SAFE_CARD_GOES_UP = "a card that can go up safely goes up, not onto a stack"
    KING_STACK_TO_EMPTY = "a stack that is a king and its run, alone, moved to an empty stack"
    LATER_EMPTY_STACK = "a king goes to the first empty stack only"
    UNCOVERS_NOTHING_USEFUL = "cards moved off a face-up card that cannot then go up"
    EMPTIES_FOR_NO_KING = ("a run that empties its stack when no king can then move to an "
                           "empty stack")
    DEAL_ALONE = "deals are made only on the way to a card played at once"


def safe_up(card: int, tops: Tops) -> bool:
    """Whether ``card``, if it fits its top, goes up safely: by the book's
    ``upsafep`` (an ace or a two, or all four cards two ranks lower up), or
    because both cards that could ever lie on it (one rank lower, the other
    colour) are up already."""
    rank = card >> 2
    if rank <= 1 or min(tops) >= rank - 1:
        return True
    other_colour = 1 - (card & 1)
    return tops[other_colour] >= rank and tops[other_colour + 2] >= rank


def _parents(card: int) -> tuple[int, ...]:
    """The cards ``card`` may lie on in a stack: one rank up, the other colour."""
    rank = card >> 2
    if rank == KING_RANK_INDEX:
        return ()
    other_colour = 1 - (card & 1)
    return ((rank + 1) * 4 + other_colour, (rank + 1) * 4 + other_colour + 2)


PARENTS: tuple[tuple[int, ...], ...] = tuple(_parents(card) for card in range(CARD_COUNT))


def _move(fields: tuple[int, int, int, int, int, SolverMove | None]) -> SolverMove:
    """A ``SolverMove`` from all its fields in order, made without the
    named tuple's own (Python-level) constructor: moves are made by the
    hundred thousand."""
    return tuple.__new__(SolverMove, fields)


def generate(stacks: Stacks, tops: Tops, stock: bytes, position: int) -> list[SolverMove]:
    """The solver's moves from a position, best first.

    A card that is safe to go up from a stack's top goes up and nothing else
    is tried.  Otherwise, in this order: runs moved off face-down cards (from
    the stack with most face-down cards first), stack tops up, pile cards
    (in dealing order) up or onto stacks, runs moved off a face-up card that
    then goes up, and runs that empty their stack followed by a king into an
    empty stack.
    """
    holder: dict[int, int] = {}          # top card -> its stack
    first_empty = -1
    for index, stack in enumerate(stacks):
        if len(stack) > 1:
            top = stack[-1]
            rank = top >> 2
            if rank == tops[top & 3] and safe_up(top, tops):
                return [_move((index, 1, TOP_TARGET, 0, -1, None))]
            holder[top] = index
        elif first_empty < 0:
            first_empty = index

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
            ups.append(_move((source, 1, TOP_TARGET, 0, -1, None)))
        # The run from the bottom face-up card.
        base = stack[1 + hidden]
        if base >> 2 == KING_RANK_INDEX:
            if hidden and first_empty >= 0:
                revealing.append(
                    (hidden, _move((source, length - hidden, first_empty, 0, -1, None))))
        else:
            for parent in PARENTS[base]:
                target = holder.get(parent, -1)
                if target >= 0:
                    move = _move((source, length - hidden, target, 0, -1, None))
                    if hidden:
                        revealing.append((hidden, move))
                    else:
                        emptying.append(move)
        # Runs off a face-up card that can then go up.
        for index in range(2 + hidden, length + 1):
            under = stack[index - 1]
            if (under >> 2) != tops[under & 3]:
                continue
            for parent in PARENTS[stack[index]]:
                target = holder.get(parent, -1)
                if target >= 0:
                    uncovering.append(_move((source, length - index + 1, target, 0, -1,
                                             _move((source, 1, TOP_TARGET, 0, -1, None)))))

    from_pile: list[SolverMove] = []
    for reached, deals in deal_positions(len(stock), position):
        if not reached:
            continue
        card = stock[reached - 1]
        rank = card >> 2
        if rank == tops[card & 3]:
            from_pile.append(_move((PILE_SOURCE, 1, TOP_TARGET, deals, reached - 1, None)))
            if safe_up(card, tops):
                continue
        if rank == KING_RANK_INDEX:
            if first_empty >= 0:
                from_pile.append(_move((PILE_SOURCE, 1, first_empty, deals, reached - 1, None)))
            continue
        for parent in PARENTS[card]:
            target = holder.get(parent, -1)
            if target >= 0:
                from_pile.append(_move((PILE_SOURCE, 1, target, deals, reached - 1, None)))

    revealing.sort(key=_most_hidden_first)
    moves = [move for _, move in revealing] + ups + from_pile + uncovering
    for move in emptying:
        after = apply(move, stacks, tops, stock, position)
        moves.extend(move._replace(then=king) for king in kings_to_empty(*after))
    return moves


def _most_hidden_first(item: tuple[int, SolverMove]) -> int:
    return -item[0]


def kings_to_empty(stacks: Stacks, tops: Tops, stock: bytes, position: int) -> list[SolverMove]:
    """Every king that may move to the first empty stack: from a stack, with
    its run, when face-down cards lie under it; from the pile, after the deals
    that bring it to the top, unless it is safe to go up instead."""
    first_empty = next((index for index, stack in enumerate(stacks) if len(stack) == 1), -1)
    if first_empty < 0:
        return []
    kings = [_move((source, len(stack) - 1 - stack[0], first_empty, 0, -1, None))
             for source, stack in enumerate(stacks)
             if stack[0] and stack[1 + stack[0]] >> 2 == KING_RANK_INDEX]
    for reached, deals in deal_positions(len(stock), position):
        if reached and stock[reached - 1] >> 2 == KING_RANK_INDEX:
            card = stock[reached - 1]
            if tops[card & 3] == KING_RANK_INDEX and safe_up(card, tops):
                continue
            kings.append(_move((PILE_SOURCE, 1, first_empty, deals, reached - 1, None)))
    return kings


def apply(move: SolverMove, stacks: Stacks, tops: Tops, stock: bytes,
          position: int) -> tuple[Stacks, Tops, bytes, int]:
    """The position after ``move`` and the moves made with it (``move`` must
    be one ``generate`` made)."""
    part: SolverMove | None = move
    while part is not None:
        stacks, tops, stock, position = apply_one(part, stacks, tops, stock, position)
        part = part.then
    return stacks, tops, stock, position


def apply_one(move: SolverMove, stacks: Stacks, tops: Tops, stock: bytes,
              position: int) -> tuple[Stacks, Tops, bytes, int]:
    """The position after ``move`` alone, without the moves made with it."""
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
