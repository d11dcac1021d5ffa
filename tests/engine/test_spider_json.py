"""Spider's position as JSON: every physical card named once, read back exactly."""

import io
import json
from collections import Counter

import pytest

from cardgui import cli
from cardgui.engine.cards import Card, CardError
from cardgui.engine.games.spider.deal import pack
from cardgui.engine.games.spider.game import Spider
from cardgui.engine.piles import tableau as _t

from .spider_layouts import layout, run


def card_strings(value) -> list[str]:
    """Every string in a JSON value that names a card."""
    if isinstance(value, str):
        try:
            Card.parse(value)
        except CardError:
            return []
        return [value]
    if isinstance(value, list):
        return [name for item in value for name in card_strings(item)]
    if isinstance(value, dict):
        return [name for item in value.values() for name in card_strings(item)]
    return []


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_every_card_is_named_once_and_nothing_else_names_a_card(suits):
    game = Spider(8, suits=suits)
    game.deal()
    data = game.to_json()
    assert Counter(card_strings(data)) == Counter(card.name for card in pack(suits))
    assert data["won"] is False and data["suits"] == suits and data["deal"] == 8


def test_the_shape():
    data = Spider(5, suits=4).to_json()
    assert set(data) == {"game", "deal", "suits", "columns", "stock", "foundations", "moves",
                         "score", "won"}
    assert data["columns"][0] == {"hidden": "AH 10H AD 3D JH".split(), "shown": ["JC"]}
    assert data["stock"][0] == "AC 10H AC 8H 7H 7D 2H JH 10D 8D".split()
    assert len(data["stock"]) == 5 and data["foundations"] == [[]] * 8
    assert data["moves"] == 0 and data["score"] == 500


def test_a_completed_run_is_listed_king_first():
    game = layout([run("H", 13, 12), "AH"])
    game.move(_t(2), 0, _t(1))
    assert game.to_json()["foundations"][0] == run("H", 13, 13).split()


def test_a_position_reads_back_as_written():
    game = Spider(11, suits=2)
    game.apply(game.legal_steps()[0])
    game.deal()
    data = game.to_json()
    again = Spider.from_json(data)
    assert again.to_json() == data
    assert sorted(again.all_cards()) == sorted(pack(2))      # copies numbered afresh


def test_a_won_game_says_so():
    game = layout([run("S", 13, 12), "AS"], off=["S"] * 7, suits=1)
    game.move(_t(2), 0, _t(1))
    assert game.to_json()["won"] is True


@pytest.mark.parametrize("change, message", [
    (lambda data: data.update(suits=3), "1, 2 or 4 suits"),
    (lambda data: data.update(columns=data["columns"][:9]), "10 columns"),
    (lambda data: data["stock"][0].pop(), "must hold 10 cards"),
    (lambda data: data["columns"][0]["shown"].append("KS"), "KS appears 9 times"),
    (lambda data: data["columns"][0]["shown"].clear(), "face-down cards but none face up"),
    (lambda data: data["foundations"].__setitem__(0, ["KS"]), "king down to ace"),
    (lambda data: data["columns"][3]["shown"].append("ZZ"), "'ZZ' is not a card"),
    (lambda data: data.update(game="freecell"), "not a Spider position"),
    (lambda data: data.pop("stock"), "'stock' is missing"),
])
def test_bad_positions_are_refused_with_a_reason(change, message):
    data = Spider(4, suits=1).to_json()
    change(data)
    with pytest.raises(ValueError, match=message):
        Spider.from_json(data)


def test_a_position_must_hold_the_whole_pack():
    data = Spider(4, suits=4).to_json()
    data["stock"].pop()
    with pytest.raises(ValueError, match="needs all 104 cards; missing"):
        Spider.from_json(data)


def test_the_terminal_prints_the_position_as_json(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main(["text", "spider", "--deal", "5", "--suits", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == Spider(5, suits=4).to_json()
    assert Counter(card_strings(data)) == Counter(card.name for card in pack(4))
