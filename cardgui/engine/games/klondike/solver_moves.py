"""The solver's moves over a ``CompactPosition``: which it makes, in what order,
and which legal moves it leaves out and why.

A solver move is one engine move, or a few that belong together:

* deals (``+``) up to the pile card to be played, then that card onto a
  stack or the top (dealing alone is never a move of its own);
* cards off a stack onto another stack or the top;
* cards off a face-up card, then that card up to the top;
* a run that empties its stack, then a king into an empty stack;
* a card taken back down from the top onto a stack (where the rules allow).

With ``Rules.pile_used_at_once`` (the search's free-stock relaxation, draw
one) a pile card put onto a stack is *held*: it is the position's
``pending`` card, and the only moves from there put something onto it.

Every legal move the generator leaves out falls in one of the ``Omission``
categories; ``solver.py`` says why each is safe.

A search state is ``(stacks, tops, stock, position, passes, pending)`` as in
``CompactPosition``; the rules (``Rules``) are passed beside it.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .compact import CARD_COUNT, KING_RANK_INDEX, UNLIMITED, Rules, deal_positions, fits_on

PILE_SOURCE = -1      # ``SolverMove.source`` for the pile
HELD_PILE_SOURCE = -3  # the pile, the card held until a card is put on it (``_onto_held``)
TOP_SOURCE = -2       # ``SolverMove.source`` for a card taken back from the top
TOP_TARGET = -1       # ``SolverMove.target`` for the card's foundation

Stacks = tuple[bytes, ...]
Tops = tuple[int, int, int, int]
State = tuple[Stacks, Tops, bytes, int, int, int]


class SolverMove(NamedTuple):
    """``cards`` cards from ``source`` (a stack's index from 0, the pile, or
    the top) onto ``target`` (a stack's index, or the card's top).  From the
    pile, ``deals`` deals come first, turning the pile over ``turns`` times,
    and bring ``stock[slot]`` to the top of the pile; from the top, ``slot``
    is the suit whose top card comes down.  ``then`` is a move made at once
    after it, as part of it."""

    source: int
    cards: int
    target: int
    deals: int = 0
    slot: int = -1
    turns: int = 0
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
    NOTHING_TO_HOLD = ("a card taken back from the top when every card below its rank is "
                       "up (nothing could ever be put on it)")
    UNUSED_TAKE_BACK = ("after a card is taken back, only moves that use it: another card "
                        "taken back, or a card from the pile or the stacks put onto it")


def safe_up(card: int, tops: Tops, take_back: bool = False) -> bool:
    """Whether ``card``, if it fits its top, goes up safely.

    Always when the book's ``upsafep`` says so (an ace or a two, or all four
    cards two ranks lower up).  Without take-backs also when every card not
    yet up that could come to lie on it (one rank lower, the other colour)
    could go up instead at any time, and so on down: such a card's own
    lower card of its suit is up, and it is safe in the same sense
    (``solver.py``, rule 1)."""
    rank = card >> 2
    if rank <= 1 or min(tops) >= rank - 1:
        return True
    return not take_back and _only_safe_cards_below(card, tops)


def _only_safe_cards_below(card: int, tops: Tops) -> bool:
    """Every card not up that could lie on ``card`` fits its top now and has
    only such cards below it in turn."""
    rank = card >> 2
    if rank == 0:
        return True
    other_colour = 1 - (card & 1)
    for suit in (other_colour, other_colour + 2):
        if tops[suit] >= rank:
            continue                          # that card is up already
        if tops[suit] != rank - 1 or not _only_safe_cards_below((rank - 1) * 4 + suit, tops):
            return False
    return True


def _parents(card: int) -> tuple[int, ...]:
    """The cards ``card`` may lie on in a stack: one rank up, the other colour."""
    rank = card >> 2
    if rank == KING_RANK_INDEX:
        return ()
    other_colour = 1 - (card & 1)
    return ((rank + 1) * 4 + other_colour, (rank + 1) * 4 + other_colour + 2)


PARENTS: tuple[tuple[int, ...], ...] = tuple(_parents(card) for card in range(CARD_COUNT))


def _move(fields: tuple[int, int, int, int, int, int, SolverMove | None]) -> SolverMove:
    """A ``SolverMove`` from all its fields in order, made without the
    named tuple's own (Python-level) constructor: moves are made by the
    hundred thousand."""
    return tuple.__new__(SolverMove, fields)


def generate(state: State, rules: Rules) -> list[SolverMove]:
    """The solver's moves from a state, best first.

    With no taken-back card pending: a card that is safe to go up from a
    stack's top goes up and nothing else is tried.  Otherwise, in this
    order: runs moved off face-down cards (from the stack with most
    face-down cards first), stack tops up, pile cards (in dealing order) up
    or onto stacks, runs moved off a face-up card that then goes up, runs
    that empty their stack followed by a king into an empty stack, and
    (where the rules allow) top cards taken back down.  With cards pending,
    only the moves that use them (``_using_taken_back``).  A position whose
    key was searched in another state of the hand and pile keeps and orders
    them as ``for_another_state`` says (the search asks it).
    """
    stacks, tops, stock, position, passes, pending = state
    take_back = rules.take_back
    holder: dict[int, int] = {}          # top card -> its stack
    first_empty = -1
    for index, stack in enumerate(stacks):
        if len(stack) > 1:
            top = stack[-1]
            if not pending and (top >> 2) == tops[top & 3] and safe_up(top, tops, take_back):
                return [_move((index, 1, TOP_TARGET, 0, -1, 0, None))]
            holder[top] = index
        elif first_empty < 0:
            first_empty = index
    if pending and rules.pile_used_at_once:
        return _onto_held(state, rules, holder)
    if pending:
        return _using_taken_back(state, rules, holder, first_empty)

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
            ups.append(_move((source, 1, TOP_TARGET, 0, -1, 0, None)))
        # The run from the bottom face-up card.
        base = stack[1 + hidden]
        if base >> 2 == KING_RANK_INDEX:
            if hidden and first_empty >= 0:
                revealing.append(
                    (hidden, _move((source, length - hidden, first_empty, 0, -1, 0, None))))
        else:
            for parent in PARENTS[base]:
                target = holder.get(parent, -1)
                if target >= 0:
                    move = _move((source, length - hidden, target, 0, -1, 0, None))
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
                    uncovering.append(_move((source, length - index + 1, target, 0, -1, 0,
                                             _move((source, 1, TOP_TARGET, 0, -1, 0, None)))))

    from_pile: list[SolverMove] = []
    onto_stack = HELD_PILE_SOURCE if rules.pile_used_at_once else PILE_SOURCE
    for reached, deals, turns in deal_positions(len(stock), position, rules.draw, passes):
        if not reached:
            continue
        card = stock[reached - 1]
        rank = card >> 2
        if rank == tops[card & 3]:
            from_pile.append(_move((PILE_SOURCE, 1, TOP_TARGET, deals, reached - 1, turns, None)))
            if safe_up(card, tops, take_back):
                continue
        if rank == KING_RANK_INDEX:
            if first_empty >= 0:
                from_pile.append(_move((PILE_SOURCE, 1, first_empty, deals, reached - 1, turns,
                                        None)))
            continue
        for parent in PARENTS[card]:
            target = holder.get(parent, -1)
            if target >= 0:
                from_pile.append(_move((onto_stack, 1, target, deals, reached - 1, turns, None)))

    revealing.sort(key=_most_hidden_first)
    moves = [move for _, move in revealing] + ups + from_pile + uncovering
    for move in emptying:
        after = apply(move, state)
        moves.extend(move._replace(then=king) for king in kings_to_empty(after, rules))
    if take_back:
        moves.extend(_taken_back(tops, holder, first_empty))
    return moves


def _most_hidden_first(item: tuple[int, SolverMove]) -> int:
    return -item[0]


def _taken_back(tops: Tops, holder: dict[int, int], first_empty: int) -> list[SolverMove]:
    """Each top card brought back down onto each stack top it fits (a king:
    onto the first empty stack), suit by suit; none whose every lower card
    is up."""
    moves = []
    low = min(tops)
    for suit in range(4):
        rank = tops[suit]                     # the card's rank, counted from 1
        if not rank or low >= rank - 1:
            continue
        card = (rank - 1) * 4 + suit
        if rank == KING_RANK_INDEX + 1:
            if first_empty >= 0:
                moves.append(_move((TOP_SOURCE, 1, first_empty, 0, suit, 0, None)))
            continue
        for parent in PARENTS[card]:
            target = holder.get(parent, -1)
            if target >= 0:
                moves.append(_move((TOP_SOURCE, 1, target, 0, suit, 0, None)))
    return moves


def _onto_held(state: State, rules: Rules, holder: dict[int, int]) -> list[SolverMove]:
    """With a pile card held (``Rules.pile_used_at_once``): the moves
    ``generate`` makes from the same position without it that put
    something onto that card."""
    stacks, tops, stock, position, passes, pending = state
    target = holder[pending.bit_length() - 1]
    free = (stacks, tops, stock, position, passes, 0)
    return [move for move in generate(free, rules) if move.target == target]


def _using_taken_back(state: State, rules: Rules, holder: dict[int, int],
                      first_empty: int) -> list[SolverMove]:
    """With taken-back cards pending: when only one is (it lies on top of a
    stack), every card from the pile that can be put on it (unless safe to
    go up instead), and every run from the stacks: off face-down cards; off
    a face-up card that then goes up; or emptying its stack, followed by a
    king into an empty stack.  Then, whatever is pending, every top card
    taken back down."""
    stacks, tops, stock, position, passes, pending = state
    moves: list[SolverMove] = []
    if not pending & (pending - 1):
        wanted = pending.bit_length() - 1
        target = holder[wanted]
        for reached, deals, turns in deal_positions(len(stock), position, rules.draw, passes):
            if not reached:
                continue
            card = stock[reached - 1]
            if fits_on(card, wanted) and not ((card >> 2) == tops[card & 3]
                                              and safe_up(card, tops, True)):
                moves.append(_move((PILE_SOURCE, 1, target, deals, reached - 1, turns, None)))
        for source, stack in enumerate(stacks):
            hidden = stack[0]
            for index in range(1 + hidden, len(stack)):
                if not fits_on(stack[index], wanted):
                    continue
                move = _move((source, len(stack) - index, target, 0, -1, 0, None))
                if index > 1 + hidden:
                    under = stack[index - 1]
                    if (under >> 2) == tops[under & 3]:
                        moves.append(move._replace(
                            then=_move((source, 1, TOP_TARGET, 0, -1, 0, None))))
                elif hidden:
                    moves.append(move)
                else:
                    after = apply(move, state)
                    moves.extend(move._replace(then=king) for king in kings_to_empty(after, rules))
    moves.extend(_taken_back(tops, holder, first_empty))
    return moves


def kings_to_empty(state: State, rules: Rules) -> list[SolverMove]:
    """Every king that may move to the first empty stack: from a stack, with
    its run, when face-down cards lie under it; from the pile, after the deals
    that bring it to the top, unless it is safe to go up instead; and, where
    the rules allow, from the top (unless every lower card is up)."""
    stacks, tops, stock, position, passes, _ = state
    first_empty = next((index for index, stack in enumerate(stacks) if len(stack) == 1), -1)
    if first_empty < 0:
        return []
    kings = [_move((source, len(stack) - 1 - stack[0], first_empty, 0, -1, 0, None))
             for source, stack in enumerate(stacks)
             if stack[0] and stack[1 + stack[0]] >> 2 == KING_RANK_INDEX]
    for reached, deals, turns in deal_positions(len(stock), position, rules.draw, passes):
        if reached and stock[reached - 1] >> 2 == KING_RANK_INDEX:
            card = stock[reached - 1]
            if tops[card & 3] == KING_RANK_INDEX and safe_up(card, tops, rules.take_back):
                continue
            kings.append(_move((PILE_SOURCE, 1, first_empty, deals, reached - 1, turns, None)))
    if rules.take_back and min(tops) < KING_RANK_INDEX:
        kings.extend(_move((TOP_SOURCE, 1, first_empty, 0, suit, 0, None))
                     for suit in range(4) if tops[suit] == KING_RANK_INDEX + 1)
    return kings


def for_another_state(moves: list[SolverMove], stock_length: int,
                      draw: int) -> list[SolverMove]:
    """The moves of a position whose key was searched in another state of
    the hand and pile (unlimited passes, a state that is not settled;
    ``solver.py``, "A key searched in another state"): those that play a
    pile card a settled state's dealing reaches too (a pile of a multiple of
    ``draw`` cards, or of all ``stock_length``) left out, the other pile
    plays first, then the rest, each in the order given."""
    pile_plays = []
    others = []
    for move in moves:
        slot = _pile_slot(move)
        if slot < 0:
            others.append(move)
        elif (slot + 1) % draw and slot + 1 != stock_length:
            pile_plays.append(move)
    return pile_plays + others


def _pile_slot(move: SolverMove) -> int:
    """The pile card ``move`` (or a move made with it) plays, as its slot in
    the stock; -1 if it plays none."""
    part: SolverMove | None = move
    while part is not None:
        if part.source == PILE_SOURCE:
            return part.slot
        part = part.then
    return -1


def apply(move: SolverMove, state: State) -> State:
    """The state after ``move`` and the moves made with it (``move`` must
    be one ``generate`` made)."""
    part: SolverMove | None = move
    while part is not None:
        state = apply_one(part, state)
        part = part.then
    return state


def apply_one(move: SolverMove, state: State) -> State:
    """The state after ``move`` alone, without the moves made with it."""
    stacks, tops, stock, position, passes, pending = state
    new_stacks = list(stacks)
    source = move.source
    if source == PILE_SOURCE or source == HELD_PILE_SOURCE:
        index = move.slot
        moved = stock[index:index + 1]
        stock = stock[:index] + stock[index + 1:]
        position = index
        if passes != UNLIMITED:
            passes -= move.turns
    elif source == TOP_SOURCE:
        suit = move.slot
        card = (tops[suit] - 1) * 4 + suit
        moved = bytes([card])
        tops = _changed(tops, suit, -1)
        # The card taken back waits to be used; so may the one it uncovers.
        pending = (pending | 1 << card) & ~(1 << (card + 4))
    else:
        stack = stacks[source]
        cut = len(stack) - move.cards
        moved = stack[cut:]
        new_stacks[source] = _turned_up(stack[:cut])
    if move.target == TOP_TARGET:
        tops = _changed(tops, moved[0] & 3, 1)
    else:
        onto = stacks[move.target]
        if len(onto) > 1:
            pending &= ~(1 << onto[-1])
        new_stacks[move.target] = onto + moved
        if source == HELD_PILE_SOURCE:
            pending = 1 << moved[0]
    return tuple(new_stacks), tops, stock, position, passes, pending


def _turned_up(stack: bytes) -> bytes:
    """A stack whose face-up cards may be gone: its top card turned up."""
    hidden = stack[0]
    if hidden and hidden == len(stack) - 1:
        return bytes([hidden - 1]) + stack[1:]
    return stack


def _changed(tops: Tops, suit: int, by: int) -> Tops:
    changed = list(tops)
    changed[suit] += by
    return (changed[0], changed[1], changed[2], changed[3])
