"""Pile ids and piles as the engine's moves use them: one object a pile
name, and the piles a move makes equal to those the checked constructor
makes."""

import copy
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import SUITS, Card, Suit, full_deck
from cardgui.engine.piles import Pile, PileId, Role, cell, tableau

ROLES = st.sampled_from(list(Role))
NUMBERS = st.integers(min_value=1, max_value=60)


@given(ROLES, NUMBERS)
def test_a_pile_id_is_one_object_however_it_is_made(role, number):
    made = PileId(role, number)
    again = [PileId(role, number), PileId.parse(str(made)), pickle.loads(pickle.dumps(made)),
             copy.copy(made), copy.deepcopy(made)]
    assert all(other is made for other in again)
    assert all(other == made and hash(other) == hash(made) for other in again)


@given(ROLES, NUMBERS, ROLES, NUMBERS)
def test_pile_ids_are_equal_exactly_when_their_names_are(role, number, other_role, other_number):
    one, other = PileId(role, number), PileId(other_role, other_number)
    same_name = (role, number) == (other_role, other_number)
    assert (one == other) is same_name and (one != other) is not same_name
    assert (one < other) is ((role.value, number) < (other_role.value, other_number))
    assert (one <= other) is ((role.value, number) <= (other_role.value, other_number))


def test_the_helpers_name_the_same_piles_as_the_constructor():
    assert tableau(3) is PileId(Role.TABLEAU, 3) and cell(2) is PileId(Role.CELL, 2)
    assert {tableau(3): "x"}[PileId.parse("t3")] == "x"


PILES = st.builds(
    lambda cards, share: Pile(tuple(cards), int(share * len(cards))),
    st.lists(st.sampled_from(full_deck()), max_size=20, unique=True),
    st.floats(min_value=0, max_value=1))


@settings(max_examples=200, deadline=None)
@given(PILES, st.integers(min_value=-3, max_value=25), st.lists(st.sampled_from(full_deck()),
                                                                 max_size=5))
def test_a_move_s_piles_are_those_the_checked_constructor_makes(pile, index, laid):
    rest, taken = pile.split(index)
    assert rest == Pile(pile.cards[:index], min(pile.hidden, len(pile.cards[:index])))
    assert taken == pile.cards[index:]
    grown = pile.plus(laid)
    assert grown == Pile(pile.cards + tuple(laid), pile.hidden)
    assert 0 <= rest.hidden <= len(rest.cards) and 0 <= grown.hidden <= len(grown.cards)


def test_a_card_s_colour_is_its_suit_s():
    for card in full_deck():
        assert card.is_red is (card.suit in (Suit.HEARTS, Suit.DIAMONDS))
    for suit in SUITS:
        for other in SUITS:
            assert Card(5, suit).is_opposite_colour(Card(6, other)) is (suit.is_red != other.is_red)
