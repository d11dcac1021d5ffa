"""``cardgui text spider`` and ``cardgui solve spider``: moves one a word from a
pipe, the position as JSON with every card named once, and a solution in the
terminal's own words that replays to a win."""

import json
import re

from cardgui.engine.games.spider.deal import pack
from tests.played import text_program

CARD_NAME = re.compile(r"^(?:[2-9]|10|[AJQK])[SHDC]$")


def card_names(value) -> list[str]:
    """Every string in ``value`` (nested lists and dicts) that is a card's name."""
    if isinstance(value, str):
        return [value] if CARD_NAME.match(value) else []
    if isinstance(value, dict):
        return [name for item in value.values() for name in card_names(item)]
    if isinstance(value, list):
        return [name for item in value for name in card_names(item)]
    return []


def test_json_names_every_card_of_the_two_decks_once_and_says_won():
    for suits in (1, 4):
        status, out, err = text_program("spider", "", deal=7, suits=str(suits))
        data = json.loads(out)
        assert status == 0 and err == "" and data["won"] is False
        assert sorted(card_names(data)) == sorted(card.name for card in pack(suits))


def test_words_from_a_pipe_move_and_deal_and_a_refusal_goes_to_stderr():
    _, out, err = text_program("spider", "d 99 hello", deal=5, suits="1")
    assert "bell:" in err and "not a move" in err
    before = json.loads(text_program("spider", "", deal=5, suits="1")[1])
    after = json.loads(out)
    assert before != after and after["won"] is False


def test_solve_gives_words_that_win_in_the_terminal_program(command_line):
    status, out, _ = command_line(["solve", "spider", "--deal", "5", "--suits", "1",
                                   "--json", "--budget", "3"])
    data = json.loads(out)
    assert status == 0 and data["verdict"] == "winnable" and data["moves"]
    replayed = text_program("spider", "\n".join(data["moves"]), deal=5, suits="1")[1]
    assert json.loads(replayed)["won"] is True
