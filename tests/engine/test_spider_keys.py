"""Spider's one-key commands: each key becomes the command the table lists."""

from cardgui.engine.commands import Command
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.games.spider.keys import SPIDER_KEYS, SpiderKeys
from cardgui.engine.keyboard import Request
from tests.played import keyed

from .spider_layouts import layout, names


def press(keys, text: str):
    """Press each key of ``text`` (on a key interpreter, or a session that
    performs what it asks); the last response."""
    response = None
    for key in text:
        response = keys.press(key)
    return response


def test_a_card_name_plays_that_card_with_its_run_to_its_best_place():
    assert press(SpiderKeys(layout(["#2C 8S 7S", "9H", "9S"])), "8S").command == Command(
        "play_card", ("8S",))
    keys = keyed(layout(["#2C 8S 7S", "9H", "9S"]))
    response = press(keys, "8S")
    assert not response.bell
    assert names(keys.game, 3) == ["9S", "8S", "7S"] and names(keys.game, 1) == ["2C"]
    assert response.message == "8S and 1 more to column 3."


def test_ten_is_1_0_or_t_in_any_case():
    for typed in ("10h", "TH", "th"):
        keys = keyed(layout(["10H", "JS"]))
        press(keys, typed)
        assert names(keys.game, 2) == ["JS", "10H"]


def test_plus_deals_and_a_shifted_number_moves_that_columns_run():
    assert press(SpiderKeys(Spider(5, suits=4)), "+").command == Command("deal")
    session = keyed(Spider(5, suits=4))
    press(session, "+")
    assert session.game.deals_left == 4
    keys = SpiderKeys(layout(["#2C 9S 8S", "10H"]))
    assert press(keys, "!").command == Command("move_column_run", (1,))
    assert press(keys, ")").command == Command("move_column_run", (10,))
    session = keyed(layout(["#2C 9S 8S", "10H"]))
    press(session, "!")
    assert names(session.game, 2) == ["10H", "9S", "8S"]


def test_a_refused_key_rings_the_bell_and_says_why():
    keys = keyed(layout(["5S", "9H"] + ["KD"] * 2 + ["KC"] * 2 + ["KH"] * 2 + ["KS"] * 2))
    response = press(keys, "5S")
    assert response.bell and response.message.startswith("5S has nowhere to go")
    response = press(keys, "Z")
    assert response.bell and "not a command" in response.message


def test_undo_redo_and_the_front_ends_requests():
    session = keyed(layout(["9S", "10H"]))
    press(session, "9S")
    press(session, "U")
    assert names(session.game, 1) == ["9S"]
    keys = SpiderKeys(layout(["9S", "10H"]))
    assert press(keys, "U").command == Command("undo")
    assert press(keys, "Y").command == Command("redo")
    assert press(keys, "?").request is Request.HELP
    assert press(keys, "G").request is Request.NEW_GAME
    assert press(keys, "X").request is Request.QUIT
    assert press(keys, "R").request is Request.REDISPLAY


def test_a_half_typed_card_waits_and_rubout_forgets_it():
    keys = SpiderKeys(layout(["9S", "10H"]))
    assert press(keys, "9").pending == "9"
    assert press(keys, " ").pending == ""
    response = press(keys, "9+")
    assert response.bell and "not a card name" in response.message


def test_the_help_lists_every_key():
    lines = SPIDER_KEYS.help_lines()
    for label in ("card", "+ =", "! @ # …", "U", "Y", "?", "G", "X"):
        assert any(line.startswith(label) for line in lines), label
