"""Helpers for the Pyramid solver's tests: small random positions, mid-game
positions, and an exhaustive search over the engine's own moves."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from cardgui.engine.cards import Card, full_deck
from cardgui.engine.games.pyramid.game import PASSES_CHOICES, Pyramid
from cardgui.engine.games.pyramid.position import ROWS

LOW_PLACES = [(row, number) for row in range(5, ROWS + 1) for number in range(1, row + 1)]


def small_position(seed: int) -> Pyramid:
    """A few cards in the pyramid's lower rows, a short stock and waste, and a
    limit of passes, all chosen by ``seed``: mostly cards that make 13 in
    pairs, and now and then a king or a card without its partner."""
    chooser = random.Random(seed)
    deck = full_deck()
    chooser.shuffle(deck)
    cards: list[Card] = []
    for _ in range(chooser.randint(1, 4)):
        first = deck.pop()
        partner = next((card for card in deck if card.rank + first.rank == 13), None)
        cards.append(first)
        if partner is not None and chooser.random() < 0.85:
            deck.remove(partner)
            cards.append(partner)
    chooser.shuffle(cards)
    in_pyramid = chooser.randint(1, min(6, len(cards)))
    rows = [[None] * row for row in range(1, ROWS + 1)]
    for (row, number), card in zip(chooser.sample(LOW_PLACES, in_pyramid), cards):
        rows[row - 1][number - 1] = card.name
    rest = [card.name for card in cards[in_pyramid:]]
    split = chooser.randint(0, len(rest))
    passes = chooser.choice(PASSES_CHOICES)
    limit = 3 if passes == "unlimited" else int(passes)
    return Pyramid.from_json({
        "deal": 1, "passes": passes, "pass": chooser.randint(1, limit), "pyramid": rows,
        "stock": rest[:split], "waste": rest[split:], "discard": []}, complete=False)


def small_positions() -> st.SearchStrategy[Pyramid]:
    return st.integers(min_value=0, max_value=2**32).map(small_position)


def played(deal: int, picks: list[int], passes: str = "3") -> Pyramid:
    """Deal ``deal`` after one legal step per pick (the pick chooses among them)."""
    game = Pyramid(deal, passes=passes)
    for pick in picks:
        steps = game.legal_steps()
        if not steps or game.is_won:
            break
        game.apply(steps[pick % len(steps)])
    return game


def winnable_by_brute_force(game: Pyramid) -> bool:
    """Whether any line of the engine's own steps clears the pyramid: every
    position reachable is tried (a position is its piles and, with a limit,
    the passes left), each step made and undone on a copy of ``game``."""
    seen: set[object] = set()
    position = game.detached()

    def wins() -> bool:
        if position.is_won:
            return True
        key = (tuple(pile.cards for _, pile in sorted(position.piles.items())),
               position.passes_left)
        if key in seen:
            return False
        seen.add(key)
        for step in position.legal_steps():
            position.apply(step)
            won = wins()
            position.undo()
            if won:
                return True
        return False
    return wins()
