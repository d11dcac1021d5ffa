"""Spider's numbered deals are KPatience's, card for card.

The known layouts below were read from KPatience 22.12 itself (its saved
game after New Numbered Deal, whose cards name their place in KPatience's
pack); ``deal.py`` says how KPatience makes a deal.
"""

import pytest

from cardgui.engine.cards import Card, Suit
from cardgui.engine.deals import MAX_DEAL
from cardgui.engine.games.spider.deal import kpatience_shuffle, pack, spider_deal
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.position import STOCK, stock_rows
from cardgui.engine.piles import tableau


def face_up(number: int, suits: int) -> list[str]:
    return [card.name for card in spider_deal(number, suits).face_up]


# Read from KPatience: the face-up row, the first row the stock deals and the
# first column's face-down cards, bottom to top.
KPATIENCE = {
    (5, 4): ("JC 9C 8S KH 10C 8D QS QH 5C 6D",
             "AC 10H AC 8H 7H 7D 2H JH 10D 8D",
             "AH 10H AD 3D JH"),
    (1279480199, 4): ("8S 4S 5C 7C 7S 5D AD 10H 9D 6H",
                      "4H KC KD JC 9C QS 10D 10C 6C AS", None),
}


@pytest.mark.parametrize("number, suits", sorted(KPATIENCE))
def test_deals_are_kpatiences(number, suits):
    up, first_row, first_column = KPATIENCE[number, suits]
    deal = spider_deal(number, suits)
    assert face_up(number, suits) == up.split()
    assert [card.name for card in deal.rows[0]] == first_row.split()
    if first_column:
        assert [card.name for card in deal.face_down[0]] == first_column.split()


def test_kpatiences_deals_of_one_and_two_suits_too():
    # Checked card by card against KPatience's saved games, as above.
    assert face_up(123, 2) == "7H AS 10H 5H 10H KH 9S 5S 3H 7S".split()
    assert face_up(617, 1) == "5S 4S JS JS 3S AS JS 9S 3S KS".split()
    assert face_up(2147483647, 1) == "JS 8S 7S 6S 10S 8S JS 10S 5S 10S".split()


def test_the_pack_is_kpatiences_rank_by_rank_with_each_copy_numbered():
    cards = pack(4)
    assert cards[:5] == [Card(1, Suit.CLUBS), Card(1, Suit.DIAMONDS), Card(1, Suit.HEARTS),
                         Card(1, Suit.SPADES), Card(2, Suit.CLUBS)]
    assert cards[52] == Card(1, Suit.CLUBS, 1)
    one = pack(1)
    assert {card.suit for card in one} == {Suit.SPADES}
    assert sorted(card.deck for card in one if card.rank == 7) == list(range(8))
    two = pack(2)
    assert sorted(card.deck for card in two if card.rank == 7 and card.suit is Suit.HEARTS) \
        == [0, 1, 2, 3]


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_every_deal_has_104_different_physical_cards(suits):
    for number in (1, 2, 99, MAX_DEAL):
        game = Spider(number, suits=suits)
        cards = game.all_cards()
        assert len(cards) == 104 and len(set(cards)) == 104
        assert sorted(cards) == sorted(pack(suits))


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_same_number_and_suits_give_the_same_layout(suits):
    assert Spider(77, suits=suits).state() == Spider(77, suits=suits).state()
    assert Spider(77, suits=suits).state() != Spider(78, suits=suits).state()


def test_the_stock_deals_its_rows_in_kpatiences_order():
    game = Spider(5, suits=4)
    rows = stock_rows(game.pile(STOCK))
    assert [[card.name for card in row] for row in rows] == [
        [card.name for card in row] for row in spider_deal(5, 4).rows]
    assert game.pile(tableau(1)).top.name == "JC"


def test_the_shuffle_is_kpatiences_generator():
    # Seed 1 draws 41, 18467, 6334 (Microsoft C's rand()): 41 % 4 swaps places
    # 3 and 1, 18467 % 3 leaves place 2, 6334 % 2 swaps places 1 and 0.
    assert kpatience_shuffle([0, 1, 2, 3], 1) == [3, 0, 2, 1]


def test_deal_numbers_run_from_1_to_kpatiences_highest():
    with pytest.raises(ValueError):
        Spider(0)
    with pytest.raises(ValueError):
        Spider(MAX_DEAL + 1)
