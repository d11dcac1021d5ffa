"""Calculation by ranks: what the solver and the advisor play on.

Suits never matter in Calculation (a foundation takes a rank, a waste pile
takes anything), so two positions that differ only in suits play alike.  Here
a card is its rank (1-13), a foundation is the number of cards on it, and a
waste pile is a list of ranks, bottom to top.  Foundations and waste piles
count from 0 (foundation 0 is the engine's ``F1``, waste pile 0 its ``T1``).

An ``Action`` is one thing a player does, in rank terms; ``to_step`` turns it
into the engine's ``Move`` or ``DEAL``, and ``actions_to_steps`` a whole line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...cards import RANKS
from ...moves import DEAL, Move, Step
from ...piles import foundation
from .position import FOUNDATIONS, HAND, SEQUENCES, waste_pile

RANK_COUNT = len(RANKS)
FULL = RANK_COUNT                      # cards on a finished foundation
WON_SCORE = FOUNDATIONS * FULL         # 52

# SEQUENCE[f][k]: the rank foundation f takes as its (k+1)-th card.
SEQUENCE: tuple[tuple[int, ...], ...] = SEQUENCES
# SLOT[f][rank]: where ``rank`` lies in foundation f's sequence (0 for its starter).
SLOT: tuple[tuple[int, ...], ...] = tuple(
    tuple(sequence.index(rank) if rank in sequence else -1 for rank in range(RANK_COUNT + 1))
    for sequence in SEQUENCES)
# Foundations still to fill take the ranks of SEQUENCE[f][heights[f]:]; a
# finished one needs nothing, written NOTHING.
NOTHING = 0


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player does.  ``kind`` is ``"deal"``, ``"hand-foundation"``,
    ``"hand-waste"`` or ``"waste-foundation"``; ``waste`` and ``foundation``
    (from 0) name the piles involved, -1 where there is none."""

    kind: str
    waste: int = -1
    foundation: int = -1


DEAL_ACTION = Action("deal")


def hand_to_foundation(number: int) -> Action:
    return Action("hand-foundation", foundation=number)


def hand_to_waste(number: int) -> Action:
    return Action("hand-waste", waste=number)


def waste_to_foundation(pile: int, number: int) -> Action:
    return Action("waste-foundation", waste=pile, foundation=number)


_PLAYS = [[waste_to_foundation(pile, number) for number in range(FOUNDATIONS)]
          for pile in range(FOUNDATIONS)]


def to_step(action: Action) -> Step:
    """The engine step that carries out ``action``.

    Raises:
        ValueError: for an action of no known kind.
    """
    if action.kind == "deal":
        return DEAL
    if action.kind == "hand-foundation":
        return Move(HAND, foundation(action.foundation + 1))
    if action.kind == "hand-waste":
        return Move(HAND, waste_pile(action.waste + 1))
    if action.kind == "waste-foundation":
        return Move(waste_pile(action.waste + 1), foundation(action.foundation + 1))
    raise ValueError(f"no action is called {action.kind!r}")


def actions_to_steps(actions: Iterable[Action]) -> tuple[Step, ...]:
    return tuple(to_step(action) for action in actions)


def need(heights: Sequence[int], number: int) -> int:
    """The rank foundation ``number`` takes next, or NOTHING once it is finished."""
    height = heights[number]
    return SEQUENCE[number][height] if height < FULL else NOTHING


def fitting(rank: int, heights: Sequence[int]) -> list[int]:
    """The foundations that take ``rank`` now, in order."""
    return [number for number in range(FOUNDATIONS) if need(heights, number) == rank]


def distance(rank: int, heights: Sequence[int]) -> int:
    """How many cards some foundation must still take before it takes ``rank``:
    the fewest over the foundations whose place for that rank is still open
    (0: a foundation takes it now).  A rank no foundation can take any more
    (impossible in a real game) is 99 away."""
    best = 99
    for number in range(FOUNDATIONS):
        ahead = SLOT[number][rank] - heights[number]
        if 0 <= ahead < best:
            best = ahead
    return best


def play_up(piles: list[list[int]], heights: list[int]) -> list[Action]:
    """Play waste-pile tops to the foundations until none fits (each to the
    first foundation that takes it), changing ``piles`` and ``heights``;
    returns what was played."""
    played: list[Action] = []
    moved = True
    while moved:
        moved = False
        wanted = [SEQUENCE[number][heights[number]] if heights[number] < FULL else NOTHING
                  for number in range(FOUNDATIONS)]
        for pile_number, pile in enumerate(piles):
            while pile and pile[-1] in wanted:
                number = wanted.index(pile[-1])
                pile.pop()
                heights[number] += 1
                wanted[number] = (SEQUENCE[number][heights[number]] if heights[number] < FULL
                                  else NOTHING)
                played.append(_PLAYS[pile_number][number])
                moved = True
    return played


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """How many of each rank: ``counts[rank]`` (index 0 unused)."""
    counts = [0] * (RANK_COUNT + 1)
    for rank in ranks:
        counts[rank] += 1
    return counts


def pile_key(piles: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The waste piles as a value that ignores their order: waste piles are
    interchangeable, so positions that differ only in which pile is which
    play alike."""
    return tuple(sorted(tuple(pile) for pile in piles))

