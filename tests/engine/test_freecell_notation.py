"""Standard move notation, as FreeCell Pro and fc-solve -snx write it."""

import pytest

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.notation import (
    StandardMove,
    parse_standard,
    resolve,
    standard_command,
)
from cardgui.engine.moves import IllegalMove, Move
from cardgui.engine.piles import PileId
from tests.played import performed

from .freecell_layouts import layout


def pile(text: str) -> PileId:
    return PileId.parse(text)


@pytest.mark.parametrize("text, source, target, count", [
    ("58", "T5", "T8", None),
    ("3a", "T3", "C1", None),
    ("d1", "C4", "T1", None),
    ("bh", "C2", None, None),
    ("1h", "T1", None, None),
    ("27v4", "T2", "T7", 4),
    ("18vb", "T1", "T8", 11),
    ("5A", "T5", "C1", None),
])
def test_parsing(text, source, target, count):
    move = parse_standard(text)
    assert move == StandardMove(pile(source), pile(target) if target else None, count)
    assert parse_standard(str(move)) == move


@pytest.mark.parametrize("text, message", [
    ("59", "not a move"), ("5", "not a move"), ("h5", "not a move"), ("e1", "not a move"),
    ("58x", "not a move"), ("", "not a move"), ("a5v2", "v counts cards only"),
    ("5hv2", "v counts cards only"), ("5av2", "v counts cards only"), ("58v0", "at least one card"),
])
def test_what_is_not_a_move(text, message):
    with pytest.raises(ValueError, match=message):
        parse_standard(text)


class TestResolving:
    def test_onto_a_column_with_cards_the_run_that_fits_goes(self):
        game = layout(["KS 10D 9S 8H 7C", "10H", "9D"])
        assert resolve(game, parse_standard("12")) == Move(pile("T1"), pile("T2"), 3)
        assert resolve(game, parse_standard("13")) == Move(pile("T1"), pile("T3"), 1)
        performed(game, standard_command(game, "12"))
        assert [card.name for card in game.pile(pile("T2")).cards] == ["10H", "9S", "8H", "7C"]

    def test_onto_an_empty_column_one_card_without_v(self):
        game = layout(["KS 10D 9S 8H 7C"])
        performed(game, standard_command(game, "15"))
        assert [card.name for card in game.pile(pile("T5")).cards] == ["7C"]

    def test_onto_an_empty_column_v_gives_the_count_in_hexadecimal(self):
        game = layout(["KS 10D 9S 8H 7C"])
        performed(game, standard_command(game, "15v4"))
        assert [card.name for card in game.pile(pile("T5")).cards] == ["10D", "9S", "8H", "7C"]

    def test_h_sends_the_top_card_to_its_foundation(self):
        game = layout(["2H AS", "AH"])
        performed(game, standard_command(game, "1h"))
        performed(game, standard_command(game, "2h"))
        performed(game, standard_command(game, "1h"))
        assert [card.name for card in game.pile(pile("F2")).cards] == ["AH", "2H"]

    def test_cells_by_letter(self):
        game = layout(["KS 7C"], cells="- QD - -")
        performed(game, standard_command(game, "1c"))
        performed(game, standard_command(game, "b1"))
        assert game.to_json()["freecells"] == [None, None, "7C", None]
        assert [card.name for card in game.pile(pile("T1")).cards] == ["KS", "QD"]


STANDARD = ["KS 10D 9S 8H 7C", "9C 5H"]
SEVEN = ["KS 10D 9S 8H 7C", "JC", "QC", "QH", "KC", "KH", "KD"]


@pytest.mark.parametrize("columns, cells, move, message", [
    (STANDARD, "- 6S - -", "41", "There is no card in column 4"),
    (STANDARD, "- 6S - -", "a1", "There is no card in free cell a"),
    (STANDARD, "- 6S - -", "2h", "5H cannot go up yet: its foundation has not started"),
    (STANDARD, "- 6S - -", "21", "5H cannot go onto 7C: it must be one rank lower"),
    (STANDARD, "- 6S - -", "15v9", "Column 1 has only 5 cards, not 9"),
    (STANDARD, "- 6S - -", "1b", "Free cell b already holds 6S"),
    (["KS 8C 9S 8D 7C", "9H"], "- - - -", "12", "8C cannot move .* not in sequence"),
    (SEVEN, "AS AH - -", "18v4", "at most 3 cards to an empty column: 2 free cells, "
                                   "no other empty columns"),
    (SEVEN + ["QS"], "AS AH - -", "12", "at most 3 cards here: 2 free cells, no empty columns"),
])
def test_an_illegal_move_raises_and_changes_nothing(columns, cells, move, message):
    game = layout(columns, cells=cells)
    before = game.state(), len(game.history)
    with pytest.raises(IllegalMove, match=message):
        performed(game, standard_command(game, move))
    assert (game.state(), len(game.history)) == before


def test_a_known_opening_on_deal_1():
    game = FreeCell(1, autoplay=False)
    for move in "5a 5b 5c 5d 5h b2 8b a8 7a b7".split():
        performed(game, standard_command(game, move))
    data = game.to_json()
    assert data["foundations"]["D"] == ["AD"]
    assert data["freecells"] == ["8C", None, "4H", "JS"]
    assert data["columns"][1][-1] == "8H" and data["columns"][7][-1] == "6C"
