"""``M`` after a refused play, and after a card went to the top, as the book's
``again`` does it.

The listing's ``playcard`` begins with ``setempty "onto`` before it looks for
places, and ``again`` rings the bell when ``:onto`` is empty.  So once a play has
got as far as ``playcard`` and been refused, ``M`` has nothing to move; a play
refused before ``playcard`` (``findcard`` finds no playable card, ``playpile``
finds the pile empty) leaves ``:onto`` as it was.  And ``playtop`` is always the
last place in ``:onto``, so after a card went to the top nothing is left for ``M``.
"""

from cardgui.engine.piles import foundation, tableau
from tests.engine.klondike_layouts import full_top, layout
from tests.played import keyed


def press(keys, text: str):
    return [keys.press(key) for key in text][-1]


def names(game, pile_id):
    return [card.name for card in game.pile(pile_id).cards]


def two_places():
    """8C fits on 9D (stack 1) and 9H (stack 2); 4S (stack 4) fits nowhere."""
    return keyed(layout(["9D", "9H", "8C", "4S"], pile="5S"))


def test_m_moves_the_card_on_after_a_successful_play():
    keys = two_places()
    press(keys, "8C")
    assert not press(keys, "M").bell
    assert names(keys.game, tableau(2)) == ["9H", "8C"]


def test_a_typed_card_that_is_there_but_cannot_move_leaves_m_nothing():
    keys = two_places()
    press(keys, "8C")
    assert press(keys, "4S").bell               # playcard: no place for 4S
    response = press(keys, "M")
    assert response.bell
    assert names(keys.game, tableau(1)) == ["9D", "8C"]    # 8C stayed


def test_p_on_a_card_with_nowhere_to_go_leaves_m_nothing():
    keys = two_places()
    press(keys, "8C")
    assert press(keys, "P").bell                # 5S fits nowhere
    assert press(keys, "M").bell
    assert names(keys.game, tableau(1)) == ["9D", "8C"]


def test_a_refused_shifted_stack_number_leaves_m_nothing():
    keys = two_places()
    press(keys, "8C")
    assert press(keys, "$").bell                # stack 4's 4S fits nowhere
    assert press(keys, "M").bell
    assert names(keys.game, tableau(1)) == ["9D", "8C"]


def test_a_card_not_in_play_is_refused_before_playcard_and_m_still_moves():
    keys = keyed(layout(["9D", "9H", "8C"], hand="4S"))
    press(keys, "8C")
    assert press(keys, "4S").bell               # findcard: still in the hand
    assert not press(keys, "M").bell
    assert names(keys.game, tableau(2)) == ["9H", "8C"]


def test_p_on_an_empty_pile_is_refused_before_playcard_and_m_still_moves():
    keys = keyed(layout(["9D", "9H", "8C"]))
    press(keys, "8C")
    assert press(keys, "P").bell                # playpile: the pile is empty
    assert not press(keys, "M").bell
    assert names(keys.game, tableau(2)) == ["9H", "8C"]


def test_after_a_card_went_straight_to_the_top_m_has_nothing_to_move():
    keys = keyed(layout(["9D", "AH", "9H", "8C"]))
    press(keys, "AH")
    assert names(keys.game, foundation(1)) == ["AH"]
    assert press(keys, "M").bell
    assert names(keys.game, foundation(1)) == ["AH"]


def test_after_rank_dot_played_a_card_up_m_has_nothing_to_move():
    keys = keyed(layout(["9D", "9H", "8C", "2S"], tops={"S": "AS"}))
    press(keys, "8C")
    press(keys, "2.")
    assert names(keys.game, foundation(2)) == ["AS", "2S"]
    assert press(keys, "M").bell
    assert names(keys.game, tableau(1)) == ["9D", "8C"]


def test_rank_dot_that_finds_a_card_it_cannot_play_up_leaves_m_nothing():
    keys = keyed(layout(["9D", "9H", "8C", "5S"], tops={"S": full_top("S", 2)}))
    press(keys, "8C")
    press(keys, "5.")                           # 5S is there but cannot go up
    assert press(keys, "M").bell
    assert names(keys.game, tableau(1)) == ["9D", "8C"]
