"""Helpers for the TriPeaks solver's tests: small random positions, mid-game
positions, and an exhaustive search over the engine's own moves."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.games.tripeaks.game import TriPeaks
from tests.engine.tripeaks_layouts import position

LOW_PLACES = list(range(10, 29))      # the third and bottom rows


def small_position(seed: int) -> TriPeaks:
    """A few cards in the peaks' lower rows, a short stock, a card on the
    waste, all chosen by ``seed``; the ranks mostly run on from one another,
    so that many such positions can be won and many cannot."""
    chooser = random.Random(seed)
    deck = full_deck()
    chooser.shuffle(deck)
    rank = chooser.randint(1, 13)
    cards = []
    for _ in range(chooser.randint(2, 10)):
        rank = rank % 13 + 1 if chooser.random() < 0.5 else (rank - 2) % 13 + 1
        if chooser.random() < 0.15:
            rank = chooser.randint(1, 13)
        card = next((card for card in deck if card.rank == rank), deck[0])
        deck.remove(card)
        cards.append(card.name)
    waste, rest = cards[0], cards[1:]
    chooser.shuffle(rest)
    in_peaks = chooser.randint(1, min(7, len(rest)))
    places = dict(zip(chooser.sample(LOW_PLACES, in_peaks), rest))
    return position(places, stock=rest[in_peaks:], waste=[waste], wrap=chooser.random() < 0.7)


def small_positions() -> st.SearchStrategy[TriPeaks]:
    return st.integers(min_value=0, max_value=2**32).map(small_position)


def played(deal: int, picks: list[int], wrap: bool = True) -> TriPeaks:
    """Deal ``deal`` after one legal step per pick (the pick chooses among them)."""
    game = TriPeaks(deal, wrap=wrap)
    for pick in picks:
        steps = game.legal_steps()
        if not steps or game.is_won:
            break
        game.apply(steps[pick % len(steps)])
    return game


def winnable_by_brute_force(game: TriPeaks) -> bool:
    """Whether any line of the engine's own steps clears the peaks: every
    position reachable is tried, each step made and undone on a copy."""
    seen: set[object] = set()
    copy = game.detached()

    def wins() -> bool:
        if copy.is_won:
            return True
        key = tuple(pile.cards for _, pile in sorted(copy.piles.items()))
        if key in seen:
            return False
        seen.add(key)
        for step in copy.legal_steps():
            copy.apply(step)
            won = wins()
            copy.undo()
            if won:
                return True
        return False
    return wins()
