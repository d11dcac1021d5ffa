"""The one-key commands for FreeCell, on Microsoft deal 1 and fixed positions."""

from cardgui.engine.games.freecell.game import FreeCell
from cardgui.engine.games.freecell.keys import FREECELL_KEYS
from cardgui.engine.keyboard import Request
from cardgui.engine.piles import PileId
from tests.played import keyed

from .freecell_layouts import layout


def press(keys, text: str):
    """Press each key of ``text``; the last response."""
    response = None
    for key in text:
        response = keys.press(key)
    return response


def column(keys, number: int) -> list[str]:
    return [card.name for card in keys.game.pile(PileId.parse(f"T{number}")).cards]


def test_deal_1_by_card_names_and_m():
    keys = keyed(FreeCell(1, autoplay=False))
    assert press(keys, "8C").message == "8C to free cell a."
    assert press(keys, "TC").message == "10C to column 7."
    assert column(keys, 7)[-2:] == ["JH", "10C"]
    response = press(keys, "M")
    assert response.message == "10C to free cell b." and not response.bell
    assert keys.game.to_json()["freecells"] == ["8C", "10C", None, None]
    response = press(keys, "M")
    assert response.bell and response.message == "10C has no other place to go."
    assert press(keys, "10c").message == "10C to column 7."
    assert keys.game.moves_made == 4


def test_ten_may_be_typed_as_1_0_or_t_in_any_case():
    for typed in ("10c", "TC", "tc"):
        keys = keyed(FreeCell(1, autoplay=False))
        press(keys, "8C")
        assert press(keys, typed).message == "10C to column 7."


def test_undo_and_redo_keys():
    keys = keyed(FreeCell(1))
    start = keys.game.state()
    press(keys, "6S")
    after = keys.game.state()
    assert press(keys, "U").message == "Undid play 6S." and keys.game.state() == start
    assert press(keys, "Y").message == "Redid play 6S." and keys.game.state() == after
    assert press(keys, "Y").bell


def test_autoplay_follows_a_typed_card_in_the_same_undo_step():
    keys = keyed(FreeCell(1, autoplay=True))
    for name in ("6C", "8H", "4H"):
        press(keys, name)
    response = press(keys, "JS")
    assert response.message == "JS to free cell c. Played up AD."   # 8H went onto 9C
    assert column(keys, 5) == ["5D"]
    press(keys, "U")
    assert column(keys, 5) == ["5D", "AD", "JS"]


def test_a_refused_key_rings_changes_nothing_and_forgets_the_half_typed_name():
    keys = keyed(FreeCell(1))
    before = keys.game.state()
    press(keys, "8")
    assert keys.pending == "8"
    response = keys.press("M")
    assert response.bell and "8 then M is not a card name" in response.message
    assert keys.pending == ""
    response = press(keys, "8H")
    assert response.bell and "not in sequence" in response.message
    assert press(keys, "Z").message == "Z is not a command: press ? for the list."
    assert press(keys, "H").bell                     # a suit with no rank
    assert keys.game.state() == before and not keys.game.can_undo


def test_shifted_column_numbers_move_the_longest_run():
    keys = keyed(layout(["KH 10S 9D 8C 7H", "8S", "10C", "JD", "QS", "QC", "KS", "KC"]))
    press(keys, "!")
    assert column(keys, 4) == ["JD", "10S", "9D", "8C", "7H"]
    response = press(keys, "*")
    assert response.bell and response.message == "No column takes KC from column 8."


def test_a_column_key_after_a_half_typed_name_is_refused():
    keys = keyed(FreeCell(1))
    press(keys, "Q")
    assert press(keys, "!").bell and keys.pending == ""


def test_w_plays_safe_cards_up():
    keys = keyed(layout(["KC 2H", "KD AH"], autoplay=False))
    assert press(keys, "W").message == "Played up AH 2H."
    assert press(keys, "W").message == "No card can go up safely now."


def test_front_end_requests():
    keys = keyed(FreeCell(1))
    assert [press(keys, key).request for key in "?RGX"] == [
        Request.HELP, Request.REDISPLAY, Request.NEW_GAME, Request.QUIT]
    assert press(keys, "9").pending == "9" and press(keys, " ").pending == ""


def test_the_key_table_lists_every_command_for_the_panel():
    help_text = "\n".join(FREECELL_KEYS.help_lines())
    for label in ("card", "M ", "! @ # …", "W ", "U ", "Y ", "G ", "X ", "? ", "R "):
        assert label in help_text
    assert FREECELL_KEYS.lookup("&").action == "column"
    assert FREECELL_KEYS.lookup("(") is None
