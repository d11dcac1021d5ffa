"""Poker Squares positions as JSON: the issue's shape, and loading them back."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgui.engine.games.pokersquares.game import PokerSquares
from cardgui.engine.games.pokersquares.position import GRID_CELLS

# Deal 42 turns QH 2S 8H 3C 8D 6C ...
DEAL = 42


def started() -> PokerSquares:
    game = PokerSquares(DEAL)
    for cell in ["a1", "e5", "c2"]:
        game.place(cell)
    return game


def test_to_json_is_the_issues_shape_with_grid_row_by_row():
    data = started().to_json()
    assert list(data) == ["game", "deal", "grid", "next", "rows", "columns", "score"]
    empty_row = [None] * 5
    assert data == {
        "game": "pokersquares",
        "deal": DEAL,
        "grid": [["QH", None, None, None, None],
                 [None, None, "8H", None, None],
                 empty_row, empty_row,
                 [None, None, None, None, "2S"]],
        "next": "3C",
        "rows": ["nothing (queen high)", "nothing (eight high)", "nothing", "nothing",
                 "nothing (two high)"],
        "columns": ["nothing (queen high)", "nothing", "nothing (eight high)", "nothing",
                    "nothing (two high)"],
        "score": 0,
    }
    assert json.loads(json.dumps(data)) == data


def test_a_full_grid_has_no_next_card():
    game = PokerSquares(DEAL)
    for cell in GRID_CELLS:
        game.place(cell)
    data = game.to_json()
    assert data["next"] is None
    assert all(card is not None for row in data["grid"] for card in row)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 2**31 - 1), st.permutations(GRID_CELLS), st.integers(0, 25),
       st.sampled_from(["american", "english"]))
def test_from_json_gives_back_the_same_position(deal, cells, count, scoring):
    game = PokerSquares(deal, scoring)
    for cell in cells[:count]:
        game.place(cell)
    loaded = PokerSquares.from_json(json.loads(json.dumps(game.to_json())), scoring)
    assert loaded.state() == game.state()
    assert loaded.to_json() == game.to_json()
    assert not loaded.can_undo


def test_rows_columns_and_score_may_be_left_out():
    data = started().to_json()
    for key in ("rows", "columns", "score"):
        del data[key]
    assert PokerSquares.from_json(data).state() == started().state()


def broken(change) -> dict:
    data = copy.deepcopy(started().to_json())
    change(data)
    return data


@pytest.mark.parametrize("change, reason", [
    (lambda data: data.update(game="klondike"), "not a Poker Squares position"),
    (lambda data: data.pop("deal"), "missing 'deal'"),
    (lambda data: data.update(deal=0), "deal number"),
    (lambda data: data.pop("grid"), "missing or malformed"),
    (lambda data: data.pop("next"), "missing or malformed"),
    (lambda data: data.update(grid=data["grid"][:4]), "5 rows of 5"),
    (lambda data: data["grid"][0].append(None), "5 rows of 5"),
    (lambda data: data.update(grid="QH"), "5 rows of 5"),
    (lambda data: data["grid"][3].__setitem__(0, "ZZ"), "not a card"),
    (lambda data: data["grid"][3].__setitem__(0, 7), "missing or malformed"),
    (lambda data: data["grid"][3].__setitem__(0, "QH"), "appears twice"),
    (lambda data: data["grid"][3].__setitem__(0, "AS"), "first 4 cards of deal 42"),
    (lambda data: data["grid"][3].__setitem__(0, "8D"), "first 4 cards of deal 42"),
    (lambda data: data["grid"][0].__setitem__(0, None), "first 2 cards of deal 42"),
    (lambda data: data.update(next="8D"), "next must be 3C"),
    (lambda data: data.update(next=None), "next must be 3C"),
    (lambda data: data.update(score=5), "score must be 0"),
    (lambda data: data["rows"].__setitem__(0, "royal flush"), "rows must be"),
    (lambda data: data["columns"].reverse(), "columns must be"),
])
def test_bad_positions_are_refused(change, reason):
    with pytest.raises(ValueError, match=reason):
        PokerSquares.from_json(broken(change))


def test_not_an_object_is_refused():
    with pytest.raises(ValueError, match="JSON object"):
        PokerSquares.from_json(["pokersquares"])   # type: ignore[arg-type]


def test_score_is_checked_against_the_scoring_asked_for():
    game = PokerSquares(DEAL)
    for cell in ["a1", "b1", "c1", "a2", "d1"]:   # QH 2S 8H 3C 8D: a pair in row 1
        game.place(cell)
    data = game.to_json()
    assert data["score"] == 2
    with pytest.raises(ValueError, match=r"score must be 1 .*English"):
        PokerSquares.from_json(data, "english")
