"""Calculation's keyboard: every key of its table, and the digits-or-rank conflict."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.cards import full_deck
from cardgui.engine.games.calculation.game import Calculation
from cardgui.engine.games.calculation.keys import CALCULATION_KEYS
from cardgui.engine.games.calculation.position import HAND, waste_pile
from cardgui.engine.keyboard import Request
from cardgui.engine.piles import foundation
from cardgui.session import GameSession
from tests.played import keyed


def keys_for(foundations=("AC", "2C", "3C", "4C"), waste=("", "", "", ""), hand=None,
             stock="9D") -> GameSession:
    return keyed(Calculation.from_json({
        "deal": 1, "stock": stock.split(), "hand": hand,
        "foundations": [pile.split() for pile in foundations],
        "waste": [pile.split() for pile in waste]}, complete=False))


def press(keys, text: str):
    """Press each key of ``text``; the last response."""
    response = None
    for key in text:
        response = keys.press(key)
    return response


def names(keys, pile_id) -> list[str]:
    return [card.name for card in keys.game.pile(pile_id).cards]


class TestHandCard:
    @pytest.mark.parametrize("key, number", [("1", 1), ("2", 2), ("3", 3), ("4", 4)])
    def test_digits_put_the_hand_card_on_that_waste_pile_at_once(self, key, number):
        keys = keys_for(hand="2H")      # 2H could start a card name: the digit still acts
        response = keys.press(key)
        assert names(keys, waste_pile(number)) == ["2H"] and not response.bell
        assert response.message == f"2H to waste pile {number}."
        assert keys.pending == ""

    @pytest.mark.parametrize("key", ["F", "f", "\r", "\n"])
    def test_f_or_enter_puts_it_on_a_foundation_that_takes_it(self, key):
        keys = keys_for(hand="4H")
        keys.press(key)
        assert names(keys, foundation(2)) == ["2C", "4H"]

    def test_f_when_no_foundation_takes_it(self):
        keys = keys_for(hand="KH")
        response = keys.press("F")
        assert response.bell and "KH fits no foundation" in response.message
        assert names(keys, HAND) == ["KH"]

    def test_space_turns_up_the_next_card(self):
        keys = keys_for(stock="KD 9D")
        assert keys.press(" ").message == "Turned up 9D."
        response = keys.press(" ")
        assert response.bell and "Play 9D first" in response.message


class TestWasteTops:
    @pytest.mark.parametrize("key, number", [("!", 1), ("@", 2), ("#", 3), ("$", 4)])
    def test_shifted_digits_play_that_waste_piles_top(self, key, number):
        piles = ["", "", "", ""]
        piles[number - 1] = "KS 2H"
        keys = keys_for(waste=piles)
        keys.press(key)
        assert names(keys, foundation(1)) == ["AC", "2H"]
        assert names(keys, waste_pile(number)) == ["KS"]

    def test_an_empty_or_unfitting_waste_pile(self):
        keys = keys_for(waste=("KS", "", "", ""))
        assert keys.press("@").message == "Waste pile 2 is empty."
        assert "KS fits no foundation" in keys.press("!").message


class TestCardNames:
    def test_a_name_plays_the_hand_card_or_a_waste_top(self):
        keys = keys_for(waste=("", "KS 6H", "", ""), hand="8S")
        assert press(keys, "8s").message == "8S to foundation 4."
        assert press(keys, "6H").message == "6H to foundation 3."

    def test_ranks_wait_for_a_suit(self):
        keys = keys_for(hand="QS", foundations=("AC", "2C 4C 6C 8C 10C", "3C", "4D"))
        assert keys.press("Q").pending == "Q"
        keys.press("S")
        assert names(keys, foundation(2))[-1] == "QS" and keys.pending == ""

    def test_ten_typed_as_t(self):
        keys = keys_for(waste=("10H", "", "", ""), stock="KH",
                        foundations=("AC 2D 3D 4D 5D 6D 7D 8D 9D", "2C", "3C", "4C"))
        assert press(keys, "TH").message == "10H to foundation 1."

    @pytest.mark.parametrize("typed, card, pile", [
        ("'2H", "2H", 1), ("'1H", "AH", 2), ("'10H", "10H", 3), ("'QC", "QC", 4),
    ])
    def test_the_apostrophe_starts_any_name_even_one_starting_1_to_4(self, typed, card, pile):
        foundations = ["AC", "2C 4D 6D 8D 10D QD", "3C 6S 9S QS 2S 5S 8S JS AS 4H 7H", "4C 8H"]
        keys = keys_for(hand=card, foundations=foundations)
        response = press(keys, typed[:-1])
        assert keys.pending == typed[:-1] and not response.bell
        response = keys.press(typed[-1])
        assert names(keys, foundation(pile))[-1] == card, response.message
        assert keys.pending == ""

    def test_a_named_card_elsewhere_says_where(self):
        keys = keys_for(waste=("KS JH", "", "", ""))
        assert press(keys, "KS").message == "KS is in waste pile 1, under JH."
        assert press(keys, "9D").message == "9D has not been turned up yet."
        assert press(keys, "'3C").message == "3C is already on foundation 3."

    def test_backspace_and_delete_forget_a_half_typed_name(self):
        for rubout in "\b\x7f":
            keys = keys_for(hand="2H")
            press(keys, "'2")
            keys.press(rubout)
            assert keys.pending == ""
            keys.press("2")          # a waste pile again
            assert names(keys, waste_pile(2)) == ["2H"]

    @pytest.mark.parametrize("typed, message", [
        ("Q2", "Q then 2 is not a card name"),
        ("Q ", "Q then Space is not a card name"),
        ("'F", "' then F is not a card name"),
        ("'\r", "' then Enter is not a card name"),
        ("'5!", "'5 then ! is not a card name"),
        ("''", "' then ' is not a card name"),
        ("H", "Type a rank before the suit H"),
        ("0", "0 only follows 1"),
        ("Z", "Z is not a command: press ? for the list."),
    ])
    def test_bad_names_ring_the_bell_forget_and_change_nothing(self, typed, message):
        keys = keys_for(hand="5H", waste=("KS 2H", "", "", ""))
        before = keys.game.state()
        response = press(keys, typed)
        assert response.bell and message in response.message
        assert keys.pending == "" and keys.game.state() == before


class TestOtherKeys:
    def test_undo_and_redo(self):
        keys = keys_for(stock="9D")
        start = keys.game.state()
        press(keys, " 1")
        after = keys.game.state()
        assert press(keys, "uu").message == "Undid turn up a card."
        assert keys.game.state() == start
        press(keys, "YY")
        assert keys.game.state() == after
        assert keys.press("y").bell

    def test_requests_for_the_window(self):
        keys = keys_for()
        assert keys.press("G").request is Request.NEW_GAME
        assert keys.press("?").request is Request.HELP

    def test_a_key_that_is_more_than_one_character(self):
        response = keys_for().press("F1")
        assert not response.bell and "does nothing" in response.message

    def test_the_table_lists_every_key_the_help_shows(self):
        lines = CALCULATION_KEYS.help_lines()
        for label in ("Space", "1 2 3 4", "F Enter", "! @ # $", "card", "' card", "U", "Y",
                      "G", "?"):
            assert any(line.startswith(label + " ") for line in lines), label


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**31 - 1),
       st.lists(st.sampled_from(list(" 1234F\r!@#$'0ASDHCTJQK56789UY\b?Gx")), max_size=200))
def test_any_keys_keep_every_card_once_and_a_bell_changes_nothing(deal, typed):
    keys = keyed(Calculation(deal))
    for key in typed:
        before = keys.game.state()
        response = keys.press(key)
        if response.bell:
            assert keys.game.state() == before and keys.pending == ""
        assert sorted(keys.game.all_cards()) == sorted(full_deck())
