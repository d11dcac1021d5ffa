"""Finish: in a game won in all but the playing, every card goes up as one
move; it is offered exactly when that wins, never otherwise."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.moves import IllegalMove
from cardgui.engine.search.check import wins
from tests.engine import freecell_layouts, klondike_layouts

NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
RED = {"H", "D"}


@st.composite
def klondike_endings(draw):
    """Positions with every card face up and nothing to deal, made backwards
    from the won game: cards come down from the tops onto stacks where the
    rules would let them lie (a king on an empty stack, else one rank lower
    and the other colour)."""
    heights = dict.fromkeys(SUITS, 13)
    stacks: list[list[str]] = [[] for _ in range(7)]
    for _ in range(draw(st.integers(0, 40))):
        suit = draw(st.sampled_from([suit for suit in SUITS if heights[suit] > 0]))
        rank = heights[suit]
        card = NAMES[rank - 1] + suit
        places = [stack for stack in stacks
                  if (not stack and rank == 13)
                  or (stack and NAMES.index(stack[-1][:-1]) == rank
                      and (stack[-1][-1] in RED) != (suit in RED))]
        if not places:
            continue
        draw(st.sampled_from(places)).append(card)
        heights[suit] -= 1
    tops = {suit: klondike_layouts.full_top(suit, heights[suit]) for suit in SUITS}
    return klondike_layouts.layout(["| " + " ".join(stack) for stack in stacks], tops=tops)


@settings(max_examples=150, deadline=None)
@given(klondike_endings())
def test_every_klondike_position_with_all_cards_face_up_and_none_to_deal_finishes(game):
    steps = game.finishing_steps()
    assert steps is not None and wins(game, steps)
    before = game.state()
    if not game.is_won:
        game.finish()
        assert game.is_won
        game.undo()                                # one move: one undo
        assert game.state() == before


def test_klondike_does_not_offer_finish_with_a_card_face_down_or_to_deal():
    tops = {"S": klondike_layouts.full_top("S", 11), "H": klondike_layouts.full_top("H", 11),
            "C": klondike_layouts.full_top("C", 13), "D": klondike_layouts.full_top("D", 13)}
    assert klondike_layouts.layout(["KH | QS", "| KS QH"], tops=tops).finishing_steps() is None
    assert klondike_layouts.layout(["| KH", "| KS QH"], hand="QS",
                                   tops=tops).finishing_steps() is None
    assert klondike_layouts.layout(["| KH", "| KS QH"], pile="QS",
                                   tops=tops).finishing_steps() is None
    game = klondike_layouts.layout(["KH | QS", "| KS QH"], tops=tops)
    with pytest.raises(IllegalMove, match="Not every card can go up yet"):
        game.finish()


@st.composite
def freecell_endings(draw):
    """Any placement of the cards above random foundation heights in the
    columns and cells: some finish by playing up, most do not."""
    heights = {suit: draw(st.integers(0, 13)) for suit in SUITS}
    rest = [NAMES[rank - 1] + suit for suit in SUITS for rank in range(heights[suit] + 1, 14)]
    rest = draw(st.permutations(rest))
    cells = rest[:draw(st.integers(0, min(4, len(rest))))]
    columns: list[list[str]] = [[] for _ in range(8)]
    for card in rest[len(cells):]:
        columns[draw(st.integers(0, 7))].append(card)
    tops = {suit: freecell_layouts.full_top(suit, heights[suit]) for suit in SUITS}
    return freecell_layouts.layout([" ".join(column) for column in columns],
                                   cells=" ".join(cells + ["-"] * (4 - len(cells))), tops=tops)


def plays_up_to_a_win(game):
    """Playing up whatever fits, over and over, wins (the definition, done
    independently of the game's own code)."""
    copy = game.detached()
    progress = True
    while progress and not copy.is_won:
        progress = False
        for pile_id, pile in copy.piles.items():
            if pile_id.role.name in ("CELL", "TABLEAU") and pile.cards:
                target = copy.foundation_for(pile.cards[-1])
                if target is not None:
                    try:
                        copy.move(pile_id, len(pile) - 1, target)
                    except IllegalMove:
                        continue
                    progress = True
                    break
    return copy.is_won


@settings(max_examples=200, deadline=None)
@given(freecell_endings())
def test_freecell_offers_finish_exactly_when_playing_up_wins(game):
    steps = game.finishing_steps()
    assert (steps is not None) == plays_up_to_a_win(game)
    if steps is not None:
        assert wins(game, steps)
