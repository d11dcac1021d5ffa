"""Calculation's rules as Becker's assignment states them, on fixed positions."""

import pytest

from cardgui.engine.cards import Card, full_deck, rank_name
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.position import HAND, SEQUENCES, STOCK, waste_pile
from cardgui.engine.moves import IllegalMove
from cardgui.engine.piles import foundation


def position(foundations=("AC", "2C", "3C", "4C"), waste=("", "", "", ""),
             hand=None, stock="") -> Calculation:
    """A position of a few cards (lists written bottom to top, space-separated)."""
    return Calculation.from_json({
        "deal": 1, "stock": stock.split(), "hand": hand,
        "foundations": [pile.split() for pile in foundations],
        "waste": [pile.split() for pile in waste]}, complete=False)


def names(game: Calculation, pile_id) -> list[str]:
    return [card.name for card in game.pile(pile_id).cards]


def refused(game: Calculation, action, match: str) -> None:
    """``action`` raises IllegalMove matching ``match`` and changes nothing."""
    before = game.state()
    with pytest.raises(IllegalMove, match=match):
        action()
    assert game.state() == before


class TestSequences:
    # Her help text, with the starting card in front.
    HELP = ["A,2,3,4,5,6,7,8,9,T,J,Q,K", "2,4,6,8,T,Q,A,3,5,7,9,J,K",
            "3,6,9,Q,2,5,8,J,A,4,7,T,K", "4,8,Q,3,7,J,2,6,T,A,5,9,K"]

    @pytest.mark.parametrize("number", [1, 2, 3, 4])
    def test_each_foundation_follows_her_sequence(self, number):
        written = [rank_name(rank).replace("10", "T") for rank in SEQUENCES[number - 1]]
        assert ",".join(written) == self.HELP[number - 1]

    @pytest.mark.parametrize("number", [1, 2, 3, 4])
    def test_a_whole_foundation_is_built_card_by_card_to_the_king(self, number):
        suits = "HSDC"
        cards = [rank_name(rank) + suits[step % 4]
                 for step, rank in enumerate(SEQUENCES[number - 1][1:])]
        starters = ["AC", "2C", "3C", "4C"]
        cards = [card if card not in starters else card[:-1] + "H" for card in cards]
        game = position(stock=" ".join(reversed(cards)))
        for card in cards:
            game.deal()
            assert game.pile(HAND).top == Card.parse(card)
            game.move_top(HAND, foundation(number))
        assert len(game.pile(foundation(number))) == 13
        assert game.pile(foundation(number)).top.rank == 13
        assert game.needs(number) is None

    @pytest.mark.parametrize("number, built, next_card", [
        (2, "2C 4D 6C 8C 10C QC", "AH"),          # Q + 2 wraps to the ace
        (3, "3C 6C 9C QC", "2H"),                # Q + 3 wraps to 2
        (4, "4C 8C QC", "3H"),                   # Q + 4 wraps to 3
        (4, "4C 8C QC 3H 7C JC 2D 6C 10C", "AS"),  # 10 + 4 wraps to the ace
    ])
    def test_foundations_wrap_round_past_the_king(self, number, built, next_card):
        piles = ["AC", "2C", "3C", "4C"]
        piles[number - 1] = built
        game = position(foundations=piles, hand=next_card)
        assert foundation(number) in game.destinations(HAND, 0)
        game.move_top(HAND, foundation(number))
        assert game.pile(foundation(number)).top == Card.parse(next_card)

    def test_suits_never_matter(self):
        for card in ("2H", "2S", "2D"):
            game = position(hand=card)
            game.move_top(HAND, foundation(1))
            assert game.score == 5


class TestDeal:
    def test_starters_on_the_foundations_and_48_face_down(self):
        game = Calculation(617)
        assert [names(game, foundation(n)) for n in range(1, 5)] == [["AC"], ["2C"], ["3C"],
                                                                     ["4C"]]
        assert len(game.pile(STOCK)) == 48 and game.pile(STOCK).hidden == 48
        assert game.pile(HAND).is_empty
        assert all(game.pile(waste_pile(n)).is_empty for n in range(1, 5))
        assert sorted(game.all_cards()) == sorted(full_deck())
        assert game.score == 4 and game.cards_left == 48
        assert game.status_items() == [("Score", "4"), ("Left", "48")]

    def test_the_same_number_gives_the_same_hand(self):
        assert Calculation(99).state() == Calculation(99).state()
        assert Calculation(99).state() != Calculation(100).state()
        assert Calculation(2**31 - 1).state() == Calculation(2**31 - 1).state()

    def test_deal_numbers_outside_the_range_are_refused(self):
        for bad in (0, -1, 2**31, True, "5"):
            with pytest.raises(ValueError, match="1 to 2147483647"):
                Calculation(bad)

    def test_the_stacked_deck_is_deal_zero(self):
        game = Calculation.stacked()
        assert game.deal_number == 0
        assert sorted(game.all_cards()) == sorted(full_deck())
        game.deal()
        assert game.pile(HAND).top == Card.parse("KS")


class TestTurningUp:
    def test_the_last_card_of_the_stock_is_turned_up_into_the_hand(self):
        game = position(stock="9D 7S")
        outcome = game.deal()
        assert names(game, HAND) == ["7S"] and names(game, STOCK) == ["9D"]
        assert game.pile(HAND).hidden == 0
        assert outcome.changed == {HAND, STOCK} and outcome.message == "Turned up 7S."
        assert game.cards_left == 2

    def test_the_hand_card_must_be_played_before_the_next_is_turned(self):
        game = position(stock="9D", hand="7S")
        refused(game, game.deal, "Play 7S first: the card in the hand must be played")

    def test_no_redeal(self):
        game = position()
        refused(game, game.deal, "No cards are left to turn up, and there is no redeal")


class TestMoves:
    def test_the_hand_card_goes_onto_any_waste_pile_even_onto_any_card(self):
        game = position(waste=("KS", "", "", ""), hand="2H", stock="5D")
        game.hand_to_waste(1)
        assert names(game, waste_pile(1)) == ["KS", "2H"]
        assert game.pile(HAND).is_empty

    def test_a_waste_top_goes_to_a_foundation(self):
        game = position(waste=("KS 2H", "", "", ""), stock="9D")
        outcome = game.play_waste(1)
        assert names(game, foundation(1)) == ["AC", "2H"]
        assert outcome.message == "2H to foundation 1."

    def test_the_hand_card_goes_up_to_the_first_foundation_that_takes_it(self):
        game = position(foundations=("AC 2D 3D", "2C", "3C", "4C"), hand="4H")
        assert game.destinations(HAND, 0) == [foundation(1), foundation(2)]
        game.play_hand()
        assert names(game, foundation(1))[-1] == "4H"

    def test_the_double_click_offers_no_waste_pile(self):
        game = position(hand="KH")
        assert game.destinations(HAND, 0) == []
        refused(game, game.play_hand,
                r"KH fits no foundation: the foundations need 2, 4, 6 and 8\.")

    def test_card_names_play_the_hand_card_or_a_waste_top(self):
        game = position(waste=("", "KS 4H", "", ""), hand="2S")
        game.play_card(Card.parse("2S"))
        game.play_card(Card.parse("4H"))
        assert game.score == 6

    @pytest.mark.parametrize("card, where", [
        ("9D", "9D has not been turned up yet."),
        ("AC", "AC is already on foundation 1."),
        ("KS", "KS is in waste pile 2, under 4H."),
    ])
    def test_a_named_card_that_cannot_be_played_says_where_it_is(self, card, where):
        game = position(waste=("", "KS 4H", "", ""), stock="9D")
        refused(game, lambda: game.play_card(Card.parse(card)), where)

    def test_moves_are_counted_and_undone_exactly(self):
        game = position(stock="2H 9S")
        start = game.state()
        game.deal()
        game.hand_to_waste(3)
        game.deal()
        game.play_hand()
        assert game.moves_made == 4
        final = game.state()
        for _ in range(4):
            game.undo()
        assert game.state() == start
        for _ in range(4):
            game.redo()
        assert game.state() == final


class TestRefusals:
    """Each refusal names the rule it broke and changes nothing."""

    def test_the_card_must_fit(self):
        game = position(hand="5H")
        refused(game, lambda: game.move_top(HAND, foundation(2)),
                r"5H does not fit foundation 2: it needs a four next \(it counts by twos\)\.")
        refused(game, lambda: game.move_top(HAND, foundation(1)), "it needs a two next")

    def test_an_ace_is_an_ace(self):
        game = position(foundations=("AC", "2C 4D 6C 8C 10C QC", "3C", "4C"), hand="KH")
        refused(game, lambda: game.move_top(HAND, foundation(2)), "it needs an ace next")

    def test_a_finished_foundation_takes_nothing(self):
        full = " ".join(rank_name(rank) + "S" for rank in range(2, 14))
        game = position(foundations=("AC " + full, "2C", "3C", "4C"), hand="KH")
        refused(game, lambda: game.move_top(HAND, foundation(1)),
                "Foundation 1 is finished: it ends at the king.")

    def test_from_a_waste_pile_only_to_a_foundation(self):
        game = position(waste=("KS", "", "", ""))
        refused(game, lambda: game.move_top(waste_pile(1), waste_pile(2)),
                "A card on a waste pile may go only to a foundation, not to waste pile 2.")

    def test_only_a_waste_pile_top_moves(self):
        game = position(waste=("2H KS", "", "", ""))
        refused(game, lambda: game.move(waste_pile(1), 0, foundation(1)),
                "Only the top card of waste pile 1 may move: 2H is under KS.")

    def test_the_source_must_be_the_hand_or_a_waste_pile(self):
        game = position(stock="9D")
        refused(game, lambda: game.move_top(foundation(1), waste_pile(1)),
                "Cards on a foundation stay there")
        refused(game, lambda: game.move_top(STOCK, waste_pile(1)), "face down")

    def test_nothing_goes_back_to_the_hand(self):
        game = position(waste=("KS", "", "", ""), stock="9D")
        refused(game, lambda: game.move_top(waste_pile(1), HAND), "Nothing goes back to the hand")
        refused(game, lambda: game.move_top(waste_pile(1), STOCK),
                "Nothing goes back to the cards left")

    def test_a_card_is_already_where_it_is(self):
        game = position(waste=("KS", "", "", ""))
        refused(game, lambda: game.move_top(waste_pile(1), waste_pile(1)),
                "KS is already on waste pile 1.")

    def test_empty_sources(self):
        game = position(stock="9D")
        refused(game, lambda: game.hand_to_waste(1), "There is no card in the hand")
        refused(game, game.play_hand, "There is no card in the hand")
        refused(game, lambda: game.play_waste(3), "Waste pile 3 is empty.")
        refused(game, lambda: game.move_top(waste_pile(2), foundation(1)),
                "Waste pile 2 is empty.")

    def test_waste_piles_are_numbered_1_to_4(self):
        game = position(hand="KS")
        for bad in (0, 5):
            refused(game, lambda bad=bad: game.hand_to_waste(bad),
                    f"There is no waste pile {bad}")
            refused(game, lambda bad=bad: game.play_waste(bad),
                    f"There is no waste pile {bad}")


class TestTheEnd:
    def test_over_when_no_card_is_left_and_no_top_fits(self):
        game = position(waste=("KS", "QH", "", ""), hand="5H")
        assert game.is_stuck and game.is_over and not game.is_won

    def test_not_over_while_cards_are_left_to_turn(self):
        game = position(waste=("KS", "QH", "", ""), hand="5H", stock="9D")
        assert not game.is_stuck

    def test_not_over_while_a_waste_top_fits(self):
        game = position(waste=("KS", "QH 2H", "", ""), hand="5H")
        assert not game.is_stuck

    def test_not_over_while_the_hand_card_fits(self):
        game = position(waste=("KS", "", "", ""), hand="2H")
        assert not game.is_stuck

    def test_over_with_the_hand_empty(self):
        game = position(waste=("KS", "", "", ""))
        assert game.is_stuck

    def test_the_move_that_ends_the_game_says_so(self):
        game = position(waste=("KS", "", "", ""), hand="QH")
        outcome = game.hand_to_waste(2)
        assert outcome.message == "Game over: no card can go to a foundation.  Score 4."

    def test_the_last_card_turned_can_end_the_game(self):
        game = position(waste=("KS", "", "", ""), stock="QH")
        assert game.deal().message.startswith("Game over")

    def test_won_at_52(self):
        tops = [" ".join(rank_name(rank) + suit for rank in sequence)
                for sequence, suit in zip(SEQUENCES, "HSDC")]
        game = position(foundations=tops[:3] + [" ".join(tops[3].split()[:-1])], hand="KC")
        assert not game.is_won
        outcome = game.play_hand()
        assert game.score == 52 and game.is_won and game.is_over and not game.is_stuck
        assert outcome.message == "You win!  All 52 cards are on the foundations."
