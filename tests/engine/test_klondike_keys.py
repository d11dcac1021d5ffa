"""The book's keystrokes, read as its ``parsecmd`` reads them."""

import pytest

from cardgui.engine.games.klondike.game import Klondike
from cardgui.engine.games.klondike.keys import KLONDIKE_KEYS
from cardgui.engine.games.klondike.position import PILE
from cardgui.engine.keyboard import Request
from cardgui.engine.piles import foundation, tableau
from tests.engine.klondike_layouts import layout
from tests.played import keyed


def typed(keys, text: str):
    return [keys.press(key) for key in text]


def top_names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


class TestCardNames:
    @pytest.mark.parametrize("text", ["10H", "TH", "th", "1 0h".replace(" ", "")])
    def test_ten_is_typed_as_10_or_t(self, text):
        keys = keyed(layout(["JS", "10H"]))
        responses = typed(keys, text)
        assert not any(response.bell for response in responses)
        assert top_names(keys.game, tableau(1)) == ["JS", "10H"]

    def test_1_before_a_suit_is_an_ace(self):
        keys = keyed(layout(["AS"]))
        typed(keys, "1s")
        assert top_names(keys.game, foundation(2)) == ["AS"]

    def test_the_half_typed_name_is_shown_as_pending(self):
        keys = keyed(layout(["JS"]))
        assert keys.press("1").pending == "1"
        assert keys.press("0").pending == "10"

    @pytest.mark.parametrize("key", [" ", "\b", "\x7f"])
    def test_space_backspace_and_delete_discard_a_half_typed_name(self, key):
        keys = keyed(layout(["JS", "10H"]))
        typed(keys, "10")
        response = keys.press(key)
        assert not response.bell and keys.pending == ""
        assert keys.press("H").bell          # a suit alone is no card

    def test_a_second_rank_rings_the_bell_and_forgets_the_first(self):
        keys = keyed(layout(["9D", "8S"]))
        keys.press("8")
        response = keys.press("9")
        assert response.bell and "not a card name" in response.message
        assert keys.pending == ""

    def test_a_zero_that_does_not_follow_1_is_refused(self):
        keys = keyed(layout([]))
        response = keys.press("0")
        assert response.bell and "0 only follows 1" in response.message


class TestCommands:
    def test_plus_and_equals_deal_three(self):
        keys = keyed(layout([], hand="2C 3C 4C 5C 6C 7C"))
        keys.press("+")
        keys.press("=")
        assert len(keys.game.pile(PILE)) == 6

    def test_p_plays_the_pile(self):
        keys = keyed(layout(["9H"], pile="8C"))
        keys.press("p")
        assert top_names(keys.game, tableau(1)) == ["9H", "8C"]

    def test_p_in_the_middle_of_a_card_name_is_refused(self):
        keys = keyed(layout(["9H"], pile="8C"))
        keys.press("8")
        response = keys.press("P")
        assert response.bell and keys.pending == "" and len(keys.game.pile(PILE)) == 1

    def test_shifted_numbers_move_whole_stacks(self):
        keys = keyed(layout(["10D", "2C | 9S 8H"]))
        keys.press("@")
        assert top_names(keys.game, tableau(1)) == ["10D", "9S", "8H"]

    def test_rank_then_dot_plays_that_rank_up(self):
        keys = keyed(layout(["AH", "AS", "9C"]))
        typed(keys, "a.")
        assert top_names(keys.game, foundation(1)) == ["AH"]
        assert top_names(keys.game, foundation(2)) == ["AS"]

    def test_m_moves_the_same_card_again(self):
        keys = keyed(layout(["9D", "9H", "8C"]))
        typed(keys, "8cm")
        assert top_names(keys.game, tableau(2)) == ["9H", "8C"]

    def test_w_plays_up_only_while_it_is_safe(self):
        keys = keyed(layout(["AH", "2H", "3H"]))
        keys.press("w")          # threes wait until every ace is up
        assert top_names(keys.game, foundation(1)) == ["AH", "2H"]
        assert top_names(keys.game, tableau(3)) == ["3H"]

    def test_the_hidden_commands(self):
        keys = keyed(layout(["KS"], hand="2C 3C 4C"))
        typed(keys, "8(")
        assert top_names(keys.game, PILE) == ["4C"]
        typed(keys, "9)")
        assert keys.game.stack_count == 8
        assert keys.press("@").bell          # stack 2 is empty
        keys.game.move(tableau(1), 0, tableau(8))
        keys.press("*")                      # stack 8's king goes to the first empty stack
        assert top_names(keys.game, tableau(1)) == ["KS"]

    def test_8_paren_needs_the_8(self):
        keys = keyed(layout(["KS"], hand="2C 3C 4C"))
        response = typed(keys, "5(")[-1]
        assert response.bell and keys.game.pile(PILE).is_empty

    @pytest.mark.parametrize("key, request_", [("G", Request.NEW_GAME), ("x", Request.QUIT),
                                               ("?", Request.HELP), ("r", Request.REDISPLAY)])
    def test_front_end_requests(self, key, request_):
        assert keyed(Klondike(1)).press(key).request is request_

    def test_u_undoes_and_y_redoes(self):
        keys = keyed(Klondike(1))
        start = keys.game.state()
        keys.press("+")
        after = keys.game.state()
        keys.press("u")
        assert keys.game.state() == start
        keys.press("y")
        assert keys.game.state() == after

    def test_an_unknown_key_rings_the_bell_and_says_so(self):
        keys = keyed(Klondike(1))
        before = keys.game.state()
        response = keys.press("Z")
        assert response.bell and "not a command" in response.message
        assert keys.game.state() == before

    def test_a_refused_command_changes_nothing_and_drops_the_name(self):
        keys = keyed(Klondike(1))
        before = keys.game.state()
        responses = typed(keys, "QH")       # QH is in the hand
        assert responses[-1].bell and "not in play" in responses[-1].message
        assert keys.game.state() == before and keys.pending == ""


def test_the_help_lists_every_visible_key_from_the_table():
    lines = KLONDIKE_KEYS.help_lines()
    for label in ["+ =", "P", "M", "W", "G", "X", "U", "Y", "card"]:
        assert any(line.startswith(label + " ") for line in lines), label
