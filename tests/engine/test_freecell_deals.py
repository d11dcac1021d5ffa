"""Microsoft's numbered deals, laid out as FreeCell deals them."""

import pytest

from cardgui.engine.cards import full_deck
from cardgui.engine.deals import microsoft_deal
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.position import CELLS, COLUMNS, FOUNDATIONS
from cardgui.text.freecell_deal import deal_rows

# From the Rosetta Code task "Deal cards for FreeCell": rows in dealing order.
ROSETTA_GAME_1 = """\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H"""

ROSETTA_GAME_617 = """\
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H"""

ROSETTA_GAME_11982_FIRST_ROWS = ["AH AS 4H AC 2D 6S TS JS",
                                 "3D 3H QS QC 8S 7H AD KS"]

# Printed by /usr/bin/make-microsoft-freecell-board -t N (freecell-solver 5.0.0):
# one line per column, bottom to top.  FreeCell Pro's extension above 2^31.
BOARD_GENERATOR_COLUMNS = {
    2147483647: ["9S JH 7S 5S 5D 5C 7D", "2H TC 6C AD QH JD 9C", "7C TD 3H TH 8C AS 7H",
                 "5H QS 8S 3C 6H QC 8H", "4C 3S KD 2C 6S AC", "6D KH TS AH QD KC",
                 "3D 8D 9D 2D 4H 2S", "4S JC 4D 9H JS KS"],
    2147483648: ["QH 3H 7D 4D TS QD 6D", "QC JD 3C 5D 7H 6H 4S", "2H KC 8S TD JH AD 5S",
                 "6S 7C 7S TC 5H 9S AC", "2S 8H TH 9C 3S 2D", "3D 5C JC AH 6C KH",
                 "KS 8D AS 4H 2C 4C", "8C 9H QS JS 9D KD"],
    3000000000: ["8D TS JS TD JH JD JC", "4D QS TH AD 4S TC 3C", "9H KH QH 4C 5C KD AS",
                 "9D 5D 8S 4H KS 6S 9S", "6H 2S 7H 3D KC 2C", "9C 7C QC 7S QD 7D",
                 "6C 3H 8H AC 6D 3S", "8C AH 2H 5H 2D 5S"],
    4294967295: ["JS QH TC 7S KC 3H QS", "9C TH 8C 8D 5D 3D TS", "JH AS AH KD TD 8S JC",
                 "2D 6D KS AD 9H 4D 3C", "QC 5S 7C KH 2C AC", "8H 4H 4C 7H 9D 2H",
                 "7D JD 5H 4S 6H QD", "6S 9S 3S 2S 6C 5C"],
    4294967296: ["TS 3S KC 4H 9H 3H 4D", "5S QD 3D 9S 2H 6H KH", "2S 7C 9C 8D 6S AH JH",
                 "TD 7D 8C 5C 2D QC QH", "3C 8S TH 7S TC 7H", "AD 5D JD AS 6C 9D",
                 "JC 5H 2C 4S KS KD", "6D 4C QS JS 8H AC"],
    6000000000: ["2D 2C QS 8D KD 8C 4C", "3D AH 2H 4H TS 6H QD", "4D JS AD 6S JH JC JD",
                 "KH 3H KS AS TC 5D AC", "TD 7C 9C 7H 3C 3S", "QH 9H 9D 5S 7S 6C",
                 "5C 5H 2S KC 9S 4S", "6D QC 8S TH 7D 8H"],
    8589934591: ["TC 8S 8C 6C 5H 5C 9C", "2S TD 6D 8D 9H 9S 6S", "JS TH 3S JD 4H QC 3D",
                 "5S QS KD AH AS JH 4S", "4D 4C 7D JC 2D AD", "6H KH TS 7H QD QH",
                 "3H 2C KC 2H 5D 9D", "7C KS 8H 3C AC 7S"],
}


def column_lines(game: FreeCell) -> list[str]:
    return [" ".join(card.short_name for card in game.pile(column).cards) for column in COLUMNS]


@pytest.mark.parametrize("number, rows", [(1, ROSETTA_GAME_1), (617, ROSETTA_GAME_617)])
def test_rosetta_deals_row_by_row(number, rows):
    assert deal_rows(microsoft_deal(number)) == rows.splitlines()


def test_rosetta_game_11982_first_rows():
    assert deal_rows(microsoft_deal(11982))[:2] == ROSETTA_GAME_11982_FIRST_ROWS


@pytest.mark.parametrize("number", sorted(BOARD_GENERATOR_COLUMNS))
def test_freecell_pro_ranges_match_the_board_generator(number):
    assert column_lines(FreeCell(number)) == BOARD_GENERATOR_COLUMNS[number]


def test_the_deal_goes_across_eight_columns():
    game = FreeCell(617)
    rows = [row.split() for row in ROSETTA_GAME_617.splitlines()]
    for index, column in enumerate(COLUMNS):
        expected = [row[index] for row in rows if index < len(row)]
        assert [card.short_name for card in game.pile(column).cards] == expected
    assert [len(game.pile(column)) for column in COLUMNS] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(game.pile(pile).is_empty for pile in CELLS + FOUNDATIONS)
    assert sorted(game.all_cards()) == sorted(full_deck())


def test_a_fresh_deal_is_not_over_and_has_made_no_moves():
    game = FreeCell(1)
    assert (game.is_won, game.is_stuck, game.moves_made, game.can_undo) == (False, False, 0, False)


@pytest.mark.parametrize("number", [0, -1, 2**33, True, 1.0, "5"])
def test_deal_numbers_out_of_range_are_refused(number):
    with pytest.raises(ValueError, match="1 to 8589934591"):
        FreeCell(number)


def test_the_highest_deal_exists():
    assert len(FreeCell(2**33 - 1).all_cards()) == 52
