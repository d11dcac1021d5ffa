"""Where FreeCell sends a card: typed names, double-clicks, M, shifted columns."""

import pytest

from cardgui.engine.cards import Card
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.position import FOUNDATIONS
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import PileId, foundation

from .freecell_layouts import full_top, layout

C1, C2, C3, C4 = (PileId.parse(f"C{n}") for n in range(1, 5))
F1, F2 = PileId.parse("F1"), PileId.parse("F2")
T1, T2, T3, T4, T5, T6, T7, T8 = (PileId.parse(f"T{n}") for n in range(1, 9))


def names(game: FreeCell, pile: PileId) -> list[str]:
    return [card.name for card in game.pile(pile).cards]


def five_of_hearts(spades: int, clubs: int) -> FreeCell:
    tops = {"H": full_top("H", 4), "S": full_top("S", spades), "C": full_top("C", clubs)}
    return layout(["KS 5H", "6S", "6C"], cells="- 9D - -", tops=tops)


class TestDestinations:
    def test_unsafe_foundation_comes_after_the_columns_then_a_cell_then_an_empty_column(self):
        game = five_of_hearts(spades=3, clubs=3)
        assert game.destinations(T1, 1) == [T2, T3, F1, C1, T4]

    def test_a_safe_foundation_comes_first(self):
        game = five_of_hearts(spades=4, clubs=4)
        assert game.destinations(T1, 1)[0] == F1

    def test_a_card_alone_in_its_column_is_not_offered_an_empty_column(self):
        game = layout(["5H", "KS"])
        assert game.destinations(T1, 0) == [C1]

    def test_a_card_in_a_cell_is_not_offered_another_cell(self):
        game = layout(["KS"], cells="5H - - -")
        assert game.destinations(C1, 0) == [T2]

    def test_a_run_is_offered_only_columns(self):
        game = layout(["KS 6H 5C", "7S", "7C"])
        assert game.destinations(T1, 1) == [T2, T3, T4]

    def test_runs_are_offered_only_where_the_limit_allows(self):
        # No free cells, two empty columns: 4 cards onto a column, 2 onto an empty one.
        game = layout(["KH 9C 8H 7S 6D", "10H", "QS", "QC", "KS", "KC"], cells="AS AH AD AC")
        assert game.destinations(T1, 1) == [T2]
        assert game.destinations(T1, 2) == []
        assert game.destinations(T1, 3) == [T7]

    def test_a_card_with_nowhere_to_go(self):
        game = layout(["KS", "KH", "KD", "KC", "QS", "QC", "JS", "JC 5H"], cells="AD 2D 3D 4D")
        assert game.destinations(T8, 1) == []
        with pytest.raises(IllegalMove, match="5H has nowhere to go"):
            game.play_card(Card.parse("5H"))


class TestDoubleClick:
    def test_to_the_foundation_when_it_fits_even_if_not_safe(self):
        assert five_of_hearts(spades=3, clubs=3).double_click_destination(T1, 1) == F1

    def test_else_to_the_first_empty_free_cell(self):
        game = layout(["KS 5H"], cells="- 9D - -")
        assert game.double_click_destination(T1, 1) == C1

    def test_a_covered_card_or_one_with_no_room_goes_nowhere(self):
        game = layout(["KS 5H"], cells="9C 9D 9H 9S")
        assert game.double_click_destination(T1, 0) is None
        assert game.double_click_destination(T1, 1) is None


class TestPlayAndAgain:
    def test_a_typed_card_goes_to_its_first_place_and_m_walks_on(self):
        game = five_of_hearts(spades=3, clubs=3)
        assert "5H to column 2" in game.play_card(Card.parse("5H")).message
        game.again()
        assert names(game, T3) == ["6C", "5H"]
        game.again()
        assert names(game, F1)[-1] == "5H"
        with pytest.raises(IllegalMove, match="gone up to a foundation"):
            game.again()
        assert len(game.history) == 3

    def test_m_before_any_move_is_refused(self):
        with pytest.raises(IllegalMove, match="none has moved yet"):
            FreeCell(1).again()

    def test_m_with_no_other_place_is_refused(self):
        game = layout(["KS 5H", "6S", "KH", "KD", "KC", "QS", "QH", "QD"],
                      cells="9C 9D 9H 9S")
        game.play_card(Card.parse("5H"))
        with pytest.raises(IllegalMove, match="5H has no other place to go"):
            game.again()

    def test_a_card_on_a_foundation_cannot_be_played(self):
        game = layout([], tops={"H": "AH"})
        with pytest.raises(IllegalMove, match="already on a foundation"):
            game.play_card(Card.parse("AH"))

    def test_a_card_not_on_the_table_cannot_be_played(self):
        with pytest.raises(IllegalMove, match="QS is not in this game"):
            layout(["KS"]).play_card(Card.parse("QS"))

    def test_a_card_under_cards_out_of_sequence_cannot_be_played(self):
        with pytest.raises(IllegalMove, match="not in sequence"):
            FreeCell(1).play_card(Card.parse("8H"))   # deal 1: 6C lies on 8H


class TestColumnRuns:
    RUN = "KH 10S 9D 8C 7H"

    def test_the_column_taking_the_longest_run_wins(self):
        game = layout([self.RUN, "8S", "10C", "JD"])
        game.move_column_run(1)
        assert names(game, T4) == ["JD", "10S", "9D", "8C", "7H"]

    def test_the_leftmost_column_on_a_tie(self):
        game = layout([self.RUN, "8S", "JH", "JD"])
        game.move_column_run(1)
        assert names(game, T3) == ["JH", "10S", "9D", "8C", "7H"]

    def test_a_run_too_long_for_the_limit_gives_way_to_a_shorter_one(self):
        game = layout([self.RUN, "8S", "10C", "JD", "QS", "QC", "KS", "KC"], cells="AS AC AH -")
        game.move_column_run(1)                    # limit 2: 9D 8C 7H cannot go onto 10C
        assert names(game, T2) == ["8S", "7H"]

    def test_else_as_much_as_may_go_to_an_empty_column(self):
        game = layout([self.RUN, "QS", "QC", "KS", "KC", "KD", "QD"], cells="AS AC AH -")
        game.move_column_run(1)                    # 1 free cell, no other empty column: 2
        assert names(game, T8) == ["8C", "7H"]

    def test_a_whole_column_is_not_moved_to_an_empty_one(self):
        game = layout(["10S 9D", "QS"])
        with pytest.raises(IllegalMove, match=r"No column takes any of 10S-9D from column 1"):
            game.move_column_run(1)

    def test_an_empty_column_has_no_run(self):
        with pytest.raises(IllegalMove, match="Column 2 is empty"):
            layout(["KS"]).move_column_run(2)

    def test_m_after_a_column_run_moves_it_on(self):
        game = layout([self.RUN, "JH", "JD"])
        game.move_column_run(1)
        game.again()
        assert names(game, T3) == ["JD", "10S", "9D", "8C", "7H"] and names(game, T2) == ["JH"]


class TestTheEnd:
    def test_the_last_card_up_wins(self):
        tops = {"H": full_top("H", 12), "S": full_top("S", 13), "D": full_top("D", 13),
                "C": full_top("C", 13)}
        game = layout(["KH"], tops=tops)
        assert game.play_card(Card.parse("KH")).message == "You win!"
        assert game.is_won and game.is_over and not game.is_stuck

    def test_stuck_when_no_card_can_move_at_all(self):
        game = layout(["QS", "QC", "10S", "10C", "8S", "8C", "6S", "6C"], cells="KS KH KD KC")
        assert game.legal_moves() == [] and game.is_stuck and game.is_over

    def test_one_free_cell_is_enough_not_to_be_stuck(self):
        game = layout(["QS", "QC", "10S", "10C", "8S", "8C", "6S", "6C"], cells="KS KH KD -")
        assert not game.is_stuck

    def test_the_first_moves_of_deal_1_are_all_to_free_cells(self):
        moves = FreeCell(1).legal_moves()
        assert len(moves) == 32 and {move.target.role.value for move in moves} == {"C"}


def test_status_items_name_the_free_cells_and_the_run_limit():
    game = FreeCell(1)
    game.play_card(Card.parse("6S"))
    assert game.status_items() == [("Free cells", "3 of 4"), ("Empty columns", "0"),
                                   ("Run limit", "4"), ("Cards up", "0")]


def test_with_autoplay_a_card_safe_at_the_deal_goes_up_at_once():
    # Deal 2 has the ace of spades at the foot of a column.
    dealt = FreeCell(2, autoplay=True)
    assert [card.name for card in dealt.pile(foundation(1)).cards] == ["AS"]
    assert dealt.moves_made == 0 and not dealt.can_undo      # part of the deal
    plain = FreeCell(2, autoplay=False)
    assert all(plain.pile(pile_id).is_empty for pile_id in FOUNDATIONS)
