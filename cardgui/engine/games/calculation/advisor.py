"""Calculation's advisor: the best move now, for a player who cannot see the
cards to come.

``advise(view)`` takes only a ``CalculationView`` (see ``view``): the hand
card, the waste piles, the foundations, how many cards are face down and
which cards are out.  It cannot peek, because the view does not hold the
order of the face-down cards.

How it chooses:

0. With few cards left face down (``ExactSearch.cards``), every move is
   weighed exactly, over every order of the cards to come (``endgame``):
   waiting with a waste-pile top a foundation takes, or with a hand card one
   takes, included; of moves with the same chance, the one 1-4 would make
   (unless that takes more than ``ExactSearch.positions`` positions: then as
   1-4).  The end is where the rules below lost most: of the 24 games they
   lost on deals 1-100, 12 were lost by a waste-pile top played up at once,
   most with six cards or fewer to come (the step after the last position
   from which the solver, knowing the order, still won:
   ``bench/calculation_advisor_losses.py``).  When no move has any chance,
   1-4 play on for the score.  The compiled endgame works the last six
   cards out (``EXACT_COMPILED``), the pure-Python one the last four
   (``EXACT_PURE``), each within what a hint may take.
1. A waste-pile top that a foundation takes goes up at once (of two that
   take it, to the one the rule of thumb picks: ``policy.foundation_for``).
2. A hand card that a foundation takes goes to that foundation (of two that
   take it, the one that comes out best as in 3).
3. Otherwise the hand card goes to a waste pile.  Placements after which
   the relaxed game (see ``relaxed``) is not cleared when played tops first
   (``relaxed.clears_tops_first``, the solver's filter too) are dropped
   when any other is left.  (Played foundation by foundation, as the
   play-outs still play it, the check dropped placements whose relaxed game
   can be won: 70 of deals 1-100 were won with it, 76 with this one.)  The
   candidates are compared over imagined orders of the cards to come, drawn
   from the unseen cards, each played out by the rule of thumb
   (``policy.playout``), the same orders for every candidate: Monte Carlo
   over the orders a player cannot tell apart, with the rule of thumb as
   the roll-out.  The number of play-outs is the strength setting, in
   seconds, at a fixed rate (``playouts_per_second``: one for the compiled
   play-outs, ``playouts.py``, one for the pure-Python ones), never the
   clock.  A play-out's cost grows with the cards it places, so the rate
   counts play-outs of a whole hand (``LONGEST_PLAYOUT`` cards); later in
   the game, with fewer cards to come, the same work buys proportionally
   more of the shorter ones (``draws_for``).  Late decisions, where a game
   is most often lost, are compared over more orders, and a hint costs
   about the same processor time from the first card to the last.  The
   orders are drawn by ``playouts.sampled_totals`` (in C with the compiled
   play-outs) from a seed made of the view alone, so the same position and
   setting always get the same advice, and the compiled and pure play-outs
   give the same advice for the same number of play-outs
   (``advise_by_playouts``).
4. With nothing else to do, the next card is turned up.

``play_deal(deal)`` plays a whole deal by the advisor alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...advice import Advice, NoAdvice, play_alone
from ...cards import Card, rank_word
from ...moves import DEAL, Move, Step
from ...piles import foundation
from .endgame import COMPILED as ENDGAME_COMPILED
from .endgame import NO_HAND, TooManyPositions, move_values
from .game import Calculation
from .playouts import COMPILED, sampled_totals
from .policy import (
    NOWHERE_GOOD,
    Choice,
    choices,
    cover_cost,
    foundation_for,
)
from .position import FOUNDATIONS, HAND, waste_pile
from .ranks import FULL, SLOT, WON_SCORE, Action, fitting, rank_counts
from .relaxed import clears_tops_first
from .view import CalculationView, view_of

# Measured on the development machine (Python 3.11): play-outs of the rule
# of thumb from mid-game positions, orders drawn included; see
# bench/calculation_advisor.py --rate.  The compiled rate is kept below what
# the machine now does (about 60,000 a processor second, whole advice
# included, with the orders drawn in C, on a loaded machine), so a hint at
# the window's 0.25 s stays far inside its 0.3 s on slower machines.
PLAYOUTS_PER_SECOND = 800                  # pure Python
COMPILED_PLAYOUTS_PER_SECOND = 20_000      # _playout.c
DEFAULT_SECONDS = 0.25         # per card: `cardgui demo`'s and the benches' (the window asks 0.3)
LONGEST_PLAYOUT = 47           # cards to come at the first hand card
WIN_BONUS = 40                 # a won play-out counts this much over its score


@dataclass(frozen=True, slots=True)
class ExactSearch:
    """How far the end of the game is worked out exactly: with at most
    ``cards`` cards face down, as long as that takes at most ``positions``
    positions (else the play-outs decide, as before the end)."""

    cards: int
    positions: int


# The pure-Python endgame works out 40,000-77,000 positions a processor second
# (Python 3.11, on a machine loaded 4 times over), so with the play-outs that
# follow when it stops, a hint stays inside the window's 0.3 s; 4 in 147 of
# the exact decisions of eight deals went beyond its 5,000.  The compiled one
# works out 0.7-1 million a second on the same machine: 100,000 positions
# take 0.1-0.15 s.  With six cards to come, half its searches need under 0.04
# s and a tenth more than 0.7 s (those the play-outs decide).  Seven cards
# within the same 100,000 positions won the same deals as six (the first 321
# of deals 1-1,000 played; bench/calculation_advisor.py), so six it is.
EXACT_PURE = ExactSearch(cards=4, positions=5_000)
EXACT_COMPILED = ExactSearch(cards=6, positions=100_000)


@dataclass(frozen=True, slots=True)
class DemoResult:
    """A deal played by the advisor alone: every step from the start, whether
    it was won, and the final score."""

    deal: int
    steps: tuple[Step, ...]
    won: bool
    score: int


def playouts_per_second(compiled: bool | None = None) -> int:
    """The play-outs a second of the strength setting buys: the compiled
    play-outs' rate, or (``compiled`` False, or None where they were not
    built) the pure-Python one."""
    if compiled is None:
        compiled = COMPILED
    return COMPILED_PLAYOUTS_PER_SECOND if compiled else PLAYOUTS_PER_SECOND


def advise(view: CalculationView, seconds: float = DEFAULT_SECONDS,
           compiled: bool | None = None) -> Advice:
    """The best step now for the player who sees ``view``, and why.
    ``seconds`` (per card) sets how many play-outs compare the placements of a
    hand card (see the module and ``draws_for``); it never changes anything
    else.  ``compiled``
    None uses the compiled play-outs where they were built.

    Raises:
        NoAdvice: when the game is over (won, or nothing can move).
        ValueError: if ``seconds`` is not positive.
        RuntimeError: if ``compiled`` is True but they were not built.
    """
    return advise_by_playouts(view, playouts_for(seconds, compiled), compiled)


def playouts_for(seconds: float, compiled: bool | None = None) -> int:
    """The play-outs ``seconds`` of the strength setting buy a hand card
    (``compiled`` as for ``advise``).

    Raises:
        ValueError: if ``seconds`` is not positive.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, not {seconds!r}")
    return max(1, int(seconds * playouts_per_second(compiled)))


def advise_by_playouts(view: CalculationView, playouts: int,
                       compiled: bool | None = None, *, stream: int = 0,
                       exact: ExactSearch | None = None) -> Advice:
    """``advise`` with the strength given as play-outs a hand card, counted at
    a whole hand's length and shared among its placements (``draws_for``),
    and the end of the game worked out as ``exact`` says (None: as far as
    the endgame search, compiled or not, goes within a hint: ``exact_for``);
    the compiled and pure-Python searches give the same advice for the same
    play-outs and ``exact``.  ``stream`` picks which of many independent
    streams of imagined orders the play-outs draw from: 0 is the window's;
    another gives advice of the same strength from other draws, to measure
    how much of a result is the luck of the draw
    (``bench/calculation_advisor.py --streams``).

    Raises:
        NoAdvice: when the game is over (won, or nothing can move).
        ValueError: if ``playouts`` is not positive, or ``stream`` negative.
        RuntimeError: if ``compiled`` is True but they were not built.
    """
    if playouts < 1:
        raise ValueError(f"play-outs must be positive, not {playouts!r}")
    if stream < 0:
        raise ValueError(f"the stream must not be negative, not {stream!r}")
    if exact is None:
        exact = exact_for(compiled)
    piles = [[card.rank for card in pile] for pile in view.waste]
    heights = [len(pile) for pile in view.foundations]
    if view.cards_left <= exact.cards:
        worked_out = _exact_advice(view, piles, heights, exact.positions, compiled)
        if worked_out is not None:
            return worked_out
    for number, pile in enumerate(view.waste):
        if pile:
            taker = foundation_for(pile[-1].rank, piles, heights)
            if taker is not None:
                return _waste_up(pile[-1], number, taker)
    if view.hand is not None:
        return _place_hand(view, piles, heights, playouts, compiled, stream)
    if view.cards_left:
        return Advice(DEAL, "Turn up the next card: nothing on the table can go up.")
    if view.score == WON_SCORE:
        raise NoAdvice("The game is won.")
    raise NoAdvice("The game is over: no card can go to a foundation.")


def exact_for(compiled: bool | None = None) -> ExactSearch:
    """How far the end of the game is worked out within a hint: by the
    compiled endgame search, or (``compiled`` False, or None where it was not
    built) by the pure-Python one."""
    if compiled is None:
        compiled = ENDGAME_COMPILED
    return EXACT_COMPILED if compiled else EXACT_PURE


def advise_game(game: Calculation, seconds: float = DEFAULT_SECONDS) -> Advice:
    """``advise`` for the player of ``game``: it sees only what they see.

    Raises:
        NoAdvice, ValueError: as ``advise`` does.
    """
    return advise(view_of(game), seconds)


def outcome(game: Calculation) -> dict[str, Any]:
    """How ``game`` ended, as ``cardgui demo --json`` reports it."""
    return {"won": game.is_won, "score": game.score}


def play_deal(deal: int, seconds: float = DEFAULT_SECONDS,
              compiled: bool | None = None, *, playouts: int | None = None,
              stream: int = 0, exact: ExactSearch | None = None) -> DemoResult:
    """Play deal ``deal`` from the start to the end by the advisor alone
    (``compiled`` as for ``advise``), at ``seconds`` a card, or, given
    ``playouts``, at that many play-outs a hand card (``advise_by_playouts``:
    the same moves on any machine, compiled or not, for the same ``exact``),
    drawing its imagined orders from ``stream`` (as for
    ``advise_by_playouts``).

    Raises:
        ValueError: if ``deal`` is not a deal number, ``seconds`` or
            ``playouts`` is not positive, or ``stream`` is negative.
        RuntimeError: if ``compiled`` is True but the play-outs were not built.
    """
    if playouts is None:
        playouts = playouts_for(seconds, compiled)
    elif playouts < 1:
        raise ValueError(f"play-outs must be positive, not {playouts!r}")
    game = Calculation(deal)
    count = playouts
    steps = play_alone(game, lambda _: advise_by_playouts(view_of(game), count, compiled,
                                                          stream=stream, exact=exact))
    return DemoResult(deal, tuple(steps), game.is_won, game.score)


# -- the hand card ----------------------------------------------------------------


def _place_hand(view: CalculationView, piles: list[list[int]], heights: list[int],
                playouts: int, compiled: bool | None, stream: int) -> Advice:
    assert view.hand is not None
    card = view.hand
    options = choices(card.rank, piles, heights)
    to_come = rank_counts(card.rank for card in view.unseen)
    up = [option for option in options if option.action.kind == "hand-foundation"]
    if up:
        best = up[0] if len(up) == 1 else _best(up, piles, heights, to_come, view, playouts,
                                                   compiled, stream)[0]
        return _hand_up(card, best.action.foundation, len(up) > 1)
    safe = [option for option in options
            if clears_tops_first(to_come, option.piles, option.heights)]
    candidates = safe or options
    best, how = _best(candidates, piles, heights, to_come, view, playouts, compiled, stream)
    return _hand_down(card, best.action.waste, view.waste[best.action.waste], heights,
                      how, unsafe=not safe)


def _best(candidates: Sequence[Choice], piles: list[list[int]], heights: list[int],
          to_come: list[int], view: CalculationView, playouts: int,
          compiled: bool | None, stream: int) -> tuple[Choice, str]:
    """The candidate that comes out best, and how it was judged (for the reason)."""
    rank = view.hand.rank if view.hand else 0
    by_rule = sorted(candidates, key=lambda option: _rule_order(option, rank, piles, heights))
    if len(by_rule) == 1:
        return by_rule[0], "rule"
    draws = draws_for(playouts, len(by_rule), view.cards_left)
    totals = sampled_totals([(option.piles, option.heights) for option in by_rule],
                            to_come, draws, _seed(view, stream), WIN_BONUS, compiled)
    best = max(range(len(by_rule)), key=lambda index: (totals[index], -index))
    return by_rule[best], f"playouts:{draws}"


def draws_for(playouts: int, candidates: int, cards_to_come: int) -> int:
    """The orders of the cards to come that ``playouts`` play-outs a hand card
    (counted at ``LONGEST_PLAYOUT`` cards each) buy for each of ``candidates``
    placements when ``cards_to_come`` cards are still face down: the same
    number of cards placed in all, at least one order."""
    return max(1, playouts * LONGEST_PLAYOUT // (candidates * max(1, cards_to_come)))


def _rule_order(option: Choice, rank: int, piles: list[list[int]],
                heights: list[int]) -> tuple[int, int]:
    action = option.action
    if action.kind == "hand-foundation":
        return (-1, action.foundation)
    return (cover_cost(rank, piles[action.waste], heights), action.waste)


# -- the end of the game, worked out exactly ----------------------------------------


def _exact_advice(view: CalculationView, piles: list[list[int]], heights: list[int],
                  positions: int, compiled: bool | None) -> Advice | None:
    """The move with the best chance of winning over every order of the cards
    to come (``endgame``, compiled or not as ``compiled`` says), of equals the
    one the rule of thumb would make; None when no move has any chance (the
    rule of thumb and the play-outs then play on for the score), or when
    working it out would take more than ``positions`` positions."""
    hand = view.hand.rank if view.hand is not None else NO_HAND
    to_come = rank_counts(card.rank for card in view.unseen)
    try:
        values = move_values(piles, heights, hand, to_come, positions, compiled)
    except TooManyPositions:
        return None
    best = max((value for _, value in values), default=0.0)
    if best == 0.0:
        return None
    action = min((action for action, value in values if value >= best - 1e-12),
                 key=lambda action: _preference(action, hand, piles, heights))
    return _with_chance(_exact_reason(action, view, heights), best, view.cards_left)


def _preference(action: Action, hand: int, piles: list[list[int]],
                heights: list[int]) -> tuple[int, int, int]:
    """The rule of thumb's order among moves of equal chance: waste-pile tops
    up first (each to the foundation ``foundation_for`` gives it first), then
    the hand card up, then down where it covers least, turning a card up last."""
    if action.kind == "waste-foundation":
        top = piles[action.waste][-1]
        return (0, action.waste, 0 if foundation_for(top, piles, heights) == action.foundation
                else 1 + action.foundation)
    if action.kind == "hand-foundation":
        return (1, 0 if foundation_for(hand, piles, heights) == action.foundation
                else 1 + action.foundation, 0)
    if action.kind == "hand-waste":
        return (2, cover_cost(hand, piles[action.waste], heights), action.waste)
    return (3, 0, 0)


def _exact_reason(action: Action, view: CalculationView, heights: list[int]) -> Advice:
    if action.kind == "waste-foundation":
        return _waste_up(view.waste[action.waste][-1], action.waste, action.foundation)
    if action.kind == "deal":
        waiting = [pile[-1] for pile in view.waste
                   if pile and fitting(pile[-1].rank, heights)]
        if waiting:
            return Advice(DEAL, f"Turn up the next card: the {_listed(waiting)} can wait "
                                "for a better place.")
        return Advice(DEAL, "Turn up the next card: nothing on the table can go up.")
    assert view.hand is not None
    if action.kind == "hand-foundation":
        return _hand_up(view.hand, action.foundation,
                        len(fitting(view.hand.rank, heights)) > 1)
    return _hand_down(view.hand, action.waste, view.waste[action.waste], heights, "exact",
                      unsafe=False)


def _with_chance(advice: Advice, chance: float, face_down: int) -> Advice:
    how = ("every line worked through" if face_down == 0
           else "whichever the last card is" if face_down == 1
           else f"every order of the {face_down} cards to come worked through")
    return Advice(advice.step, f"{advice.reason[:-1]} (chance of winning {chance:.0%}, {how}).")


def _listed(cards: Sequence[Card]) -> str:
    names = [str(card) for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- reasons -------------------------------------------------------------------------


def _waste_up(card: Card, pile: int, number: int) -> Advice:
    return Advice(Move(waste_pile(pile + 1), foundation(number + 1)),
                  f"{card} from waste pile {pile + 1} to foundation {number + 1}: "
                  f"it needs {_a(card.rank)} next.")


def _hand_up(card: Card, number: int, had_choice: bool) -> Advice:
    also = " (it came out best of the foundations that take it)" if had_choice else ""
    return Advice(Move(HAND, foundation(number + 1)),
                  f"{card} to foundation {number + 1}: it needs {_a(card.rank)}{also}.")


def _hand_down(card: Card, pile: int, covered: Sequence[Card], heights: list[int],
               how: str, unsafe: bool) -> Advice:
    step = Move(HAND, waste_pile(pile + 1))
    where = f"{card} to waste pile {pile + 1}"
    if not covered:
        why = ("kings go up last, so it waits on an empty pile" if card.rank == FULL
               else "an empty pile, so it covers nothing")
    elif card.rank == FULL and covered[-1].rank == FULL:
        why = "kings go up last, so a king on a king blocks nothing"
    elif covered[-1].rank == card.rank:
        why = (f"a card on its own rank blocks nothing: it goes up the first time "
               f"{_a(card.rank)} is wanted, before the {covered[-1]} could be")
    else:
        top = covered[-1]
        number = _before_on(card.rank, top.rank, heights)
        if number is not None:
            why = f"foundation {number + 1} takes it before the {top} it covers"
        else:
            why = f"every pile's top is wanted sooner; the {top} here can wait longest"
    if unsafe:
        why += "; no placement keeps every pile clearable"
    if how.startswith("playouts:"):
        why += f" (best in {how.split(':')[1]} imagined orders of the cards to come)"
    return Advice(step, f"{where}: {why}.")


def _before_on(rank: int, top: int, heights: list[int]) -> int | None:
    """The foundation that takes ``rank`` soonest before ``top``, if any."""
    best: tuple[int, int] | None = None
    for number in range(FOUNDATIONS):
        slot, top_slot = SLOT[number][rank], SLOT[number][top]
        if slot >= heights[number] and top_slot > slot and (
                best is None or top_slot - slot < best[0]):
            best = (top_slot - slot, number)
    if best is None or best[0] >= NOWHERE_GOOD:
        return None
    return best[1]


def _a(rank: int) -> str:
    word = rank_word(rank)
    return ("an " if word[0] in "aeiou" else "a ") + word


# -- determinism ------------------------------------------------------------------------


def _seed(view: CalculationView, stream: int = 0) -> int:
    """A number drawn from the view alone (and the stream, where not 0), so the
    same view draws the same orders."""
    text = "|".join([
        view.hand.name if view.hand else "-",
        ";".join(" ".join(card.name for card in pile) for pile in view.waste),
        ";".join(" ".join(card.name for card in pile) for pile in view.foundations),
        str(view.cards_left),
    ] + ([f"stream {stream}"] if stream else []))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


