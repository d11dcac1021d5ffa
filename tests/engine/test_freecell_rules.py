"""FreeCell's rules on fixed positions: cells, foundations, columns, runs."""

import pytest

from cardgui.engine.cards import Card, Suit
from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.limits import is_safe_up
from cardgui.engine.moves import IllegalMove, Move
from cardgui.engine.piles import PileId

from .freecell_layouts import full_top, layout

C1, C2, C3, C4 = (PileId.parse(f"C{n}") for n in range(1, 5))
F1, F2, F3, F4 = (PileId.parse(f"F{n}") for n in range(1, 5))
T1, T2, T3, T4, T5, T6, T7, T8 = (PileId.parse(f"T{n}") for n in range(1, 9))


def names(game: FreeCell, pile: PileId) -> list[str]:
    return [card.name for card in game.pile(pile).cards]


def refused(game: FreeCell, move: str, reason: str) -> None:
    before = game.state(), len(game.history)
    with pytest.raises(IllegalMove, match=reason):
        game.apply(Move.parse(move))
    assert (game.state(), len(game.history)) == before


class TestFreeCells:
    def test_a_card_stays_in_the_cell_it_was_put_in(self):
        game = layout(["KS 5D"])
        game.apply(Move.parse("T1>C3"))
        assert game.to_json()["freecells"] == [None, None, "5D", None]
        game.apply(Move.parse("T1>C2"))
        assert game.to_json()["freecells"] == [None, "KS", "5D", None]

    def test_a_full_cell_takes_nothing(self):
        refused(layout(["KS 5D"], cells="- 6C - -"), "T1>C2", "Free cell b already holds 6C")

    def test_a_cell_holds_one_card(self):
        refused(layout(["KS 8H 7C"]), "T1>C1x2", "a free cell holds one card")

    def test_a_card_may_go_from_one_cell_to_another(self):
        game = layout([], cells="6C - - -")
        game.apply(Move.parse("C1>C4"))
        assert game.to_json()["freecells"] == [None, None, None, "6C"]

    def test_a_card_in_a_cell_plays_onto_a_column(self):
        game = layout(["7H"], cells="6C - - -")
        game.apply(Move.parse("C1>T1"))
        assert names(game, T1) == ["7H", "6C"] and game.pile(C1).is_empty


class TestFoundations:
    def test_any_empty_foundation_takes_any_ace_then_builds_by_its_suit(self):
        game = layout(["2H", "AS", "AH"])
        game.apply(Move.parse("T2>F3"))
        game.apply(Move.parse("T3>F1"))
        game.apply(Move.parse("T1>F1"))
        assert names(game, F1) == ["AH", "2H"] and names(game, F3) == ["AS"]

    def test_only_an_ace_starts_a_foundation(self):
        refused(layout(["2H"]), "T1>F1", "only an ace can")

    def test_a_foundation_holds_one_suit(self):
        refused(layout(["2S"], tops={"H": "AH"}), "T1>F1", "a foundation holds one suit")

    def test_a_foundation_builds_one_rank_at_a_time(self):
        refused(layout(["3H"], tops={"H": "AH"}), "T1>F1", "needs the two")

    def test_only_one_card_at_a_time_goes_up(self):
        refused(layout(["3S 2H"], tops={"S": "AS 2S"}), "T1>F2x2", "covered")

    def test_cards_on_a_foundation_stay_there(self):
        refused(layout([], tops={"H": "AH"}), "F1>T1", "stay there")

    def test_foundation_for_finds_the_suits_pile_or_the_first_empty_one_for_an_ace(self):
        game = layout([], tops={"H": "AH", "S": "AS"})   # H in F1, S in F2
        assert game.foundation_for(Card.parse("2S")) == F2
        assert game.foundation_for(Card.parse("AD")) == F3
        assert game.foundation_for(Card.parse("2D")) is None


class TestColumns:
    def test_columns_build_down_in_alternating_colours(self):
        game = layout(["8S", "KD 7H", "7C", "6D"])
        game.apply(Move.parse("T2>T1"))
        assert names(game, T1) == ["8S", "7H"]
        refused(game, "T3>T1", "must be one rank lower")
        refused(game, "T4>T1", "colours must alternate")

    def test_any_card_goes_to_an_empty_column(self):
        game = layout(["KS 5D"])
        game.apply(Move.parse("T1>T2"))
        assert names(game, T2) == ["5D"]

    def test_a_run_out_of_sequence_cannot_move_as_one(self):
        refused(layout(["8S 7H 5C", "9H"]), "T1>T2x3", "not in sequence")

    def test_a_card_is_not_moved_onto_its_own_column(self):
        refused(layout(["8S"]), "T1>T1", "already there")


def crowded(extra_columns: int) -> list[str]:
    """Columns 3 onward filled with one card each, leaving ``8 - 2 - extra`` of
    them out so that many columns are empty."""
    fillers = ["KC", "KD", "QC", "QD", "JC", "JD"]
    return fillers[:6 - extra_columns]


class TestSupermoveLimit:
    RUN5 = "9C 8H 7S 6D 5C"     # onto 10H in column 2
    RUN4 = "9C 8H 7S 6D"

    def test_exactly_at_the_limit_with_free_cells_only(self):
        game = layout([self.RUN5, "10H"] + crowded(0))      # 4 free cells: (4+1) = 5
        game.apply(Move.parse("T1>T2x5"))
        assert names(game, T2) == ["10H"] + self.RUN5.split()

    def test_one_more_than_free_cells_allow_is_refused_with_the_limit(self):
        game = layout([self.RUN5, "10H"] + crowded(0), cells="AD - - -")
        refused(game, "T1>T2x5", r"^You can move at most 4 cards here: 3 free cells, "
                                 r"no empty columns\.$")

    def test_exactly_at_the_limit_with_a_cell_taken(self):
        game = layout(["KH " + self.RUN4, "10H"] + crowded(0), cells="AD - - -")
        game.apply(Move.parse("T1>T2x4"))
        assert names(game, T1) == ["KH"]

    def test_each_empty_column_doubles_the_limit(self):
        # 1 free cell, 1 empty column: (1+1) x 2 = 4.
        game = layout(["KH " + self.RUN4, "10H"] + crowded(1), cells="AD AS AH -")
        game.apply(Move.parse("T1>T2x4"))
        assert names(game, T1) == ["KH"]
        game = layout([self.RUN5, "10H"] + crowded(1), cells="AD AS AH -")
        refused(game, "T1>T2x5", r"at most 4 cards here: 1 free cell, 1 empty column\.$")

    def test_no_free_cells_and_no_empty_columns_moves_one_card(self):
        game = layout([self.RUN5, "7C"] + crowded(0), cells="AD AS AH 2C")
        refused(game, "T1>T2x2", r"at most 1 card here: no free cells, no empty columns\.$")
        assert game.run_limit() == 1


    def test_an_empty_destination_column_does_not_count(self):
        # 1 free cell, 2 empty columns, one of them the destination: (1+1) x 2 = 4.
        game = layout([self.RUN5, "10H"] + crowded(2), cells="AD AS AH -")
        assert game.empty_columns() == 2
        refused(game, "T1>T7x5", r"^You can move at most 4 cards to an empty column: "
                                 r"1 free cell, 1 other empty column\.$")
        game.apply(Move.parse("T1>T7x4"))
        assert names(game, T7) == self.RUN5.split()[1:]

    def test_onto_a_column_with_cards_both_empty_columns_count(self):
        game = layout(["KH 8H 7S 6D 5C 4H 3S 2D", "9C"] + crowded(2), cells="AD AS AH -")
        assert game.run_limit() == 8 and game.run_limit(onto_empty=True) == 4
        game.apply(Move.parse("T1>T2x7"))
        assert names(game, T1) == ["KH"]


class TestAutoplay:
    def test_aces_and_twos_always_go_up(self):
        game = layout(["KC 2H", "KD AH", "5S"], autoplay=True)
        game.apply(Move.parse("T3>C1"))
        assert names(game, F1) == ["AH", "2H"]

    def test_a_card_waits_until_both_opposite_colour_cards_one_lower_are_up(self):
        tops = {"H": full_top("H", 3), "S": full_top("S", 3), "D": full_top("D", 2),
                "C": full_top("C", 2)}
        game = layout(["QS 4H", "KD 3C KC", "5S"], tops=tops, autoplay=True)
        game.apply(Move.parse("T3>C1"))
        assert names(game, T1) == ["QS", "4H"]          # 3C is not up yet
        game.apply(Move.parse("T2>C2"))                 # uncovers 3C: 2H and 2D are up
        assert names(game, T1) == ["QS"] and names(game, T2) == ["KD"]
        assert game.up_rank()[Card.parse("4H").suit] == 4

    def test_the_safety_rule(self):
        def ranks(**levels):
            return {Suit.from_letter(letter): levels.get(letter, 0) for letter in "HSDC"}
        assert is_safe_up(Card.parse("AC"), ranks())
        assert is_safe_up(Card.parse("2D"), ranks(D=1))
        assert not is_safe_up(Card.parse("3D"), ranks(D=2, S=2))
        assert is_safe_up(Card.parse("3D"), ranks(D=2, S=2, C=2))
        assert not is_safe_up(Card.parse("4H"), ranks(H=3, S=3, C=2, D=13))
        assert is_safe_up(Card.parse("4H"), ranks(H=3, S=3, C=3))

    def test_a_chain_of_safe_cards_goes_up_in_the_same_undo_step(self):
        game = layout(["KC 2S", "KD 2H AS", "5S AH"], autoplay=True)
        start = game.state()
        outcome = game.apply(Move.parse("T3>C1"))
        assert {card.name for card in game.pile(F1).cards + game.pile(F2).cards} \
            == {"AH", "AS", "2S", "2H"}
        assert "Played up" in outcome.message and len(game.history) == 1
        game.undo()
        assert game.state() == start

    def test_nothing_goes_up_with_autoplay_off_until_asked(self):
        game = layout(["KC 2H", "KD AH", "5S"], autoplay=False)
        game.apply(Move.parse("T3>C1"))
        assert game.pile(F1).is_empty
        outcome = game.play_up()
        assert names(game, F1) == ["AH", "2H"] and outcome.did_anything
        assert game.play_up().message == "No card can go up safely now."

    def test_autoplay_is_a_switch_the_window_can_turn(self):
        game = layout(["KC AH", "5S"], autoplay=False)
        game.autoplay = True
        game.apply(Move.parse("T2>C1"))
        assert names(game, F1) == ["AH"]


@pytest.mark.parametrize("move, reason", [("T1>W1", "There is no pile W1"),
                                          ("S1>T2", "There is no pile S1")])
def test_a_scratch_copy_refuses_a_pile_the_game_has_not_as_the_game_does(move, reason):
    game = layout(["KS 5D", "9H"])
    refused(game, move, reason)
    refused(game.detached(), move, reason)      # a solver's line checked on a copy
